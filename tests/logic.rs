//! Soundness of the human techniques: over samples of every corpus (and the bundled generated
//! puzzles), every placement any technique makes is the solution's digit and no elimination
//! removes the solution's digit, at every step of the way. The techniques never see the
//! solution; it is computed here by the bitmask solver and only compared afterwards.

mod common;

use std::collections::BTreeMap;

use sudolab::corpus::Record;
use sudolab::grid::Grid;
use sudolab::logic::{self, Position, Technique};
use sudolab::registry::by_name;
use sudolab::solver::Verdict;

/// A bundled dataset's text (gzip or not), `name` under `datasets/`.
fn dataset_text(name: &str) -> String {
    let path = common::datasets().join(name);
    let mut text = String::new();
    std::io::Read::read_to_string(&mut sudolab::input::open_file(&path).unwrap(), &mut text)
        .unwrap();
    text
}

/// Walks the whole logical path of `puzzle`, checking each step against `solution`.
/// Returns the techniques used and whether logic solved it.
fn check_path(puzzle: &Grid, solution: &Grid) -> (Vec<Technique>, bool) {
    let position = Position::from_grid(puzzle).unwrap();
    let (used, solved) = check_walk(position, solution.cells(), &puzzle.to_string());
    assert!(
        !used.contains(&Technique::GeneralizedIntersection),
        "{puzzle}: a variant technique on a classic grid"
    );
    (used, solved)
}

/// Walks the logical path from `position`, checking each step against `solution` (its
/// digits row-major); `puzzle` names it in failures.
fn check_walk(mut position: Position, solution: &[u8], puzzle: &str) -> (Vec<Technique>, bool) {
    let solution_digit = |cell: sudolab::geometry::Cell| {
        sudolab::bitset::Digit::from_value(solution[cell.index()]).unwrap()
    };
    let mut used = Vec::new();
    while !position.is_solved() {
        let Some(step) = logic::next_step(&position) else {
            return (used, false);
        };
        for &(cell, digit) in &step.placements {
            assert_eq!(
                digit,
                solution_digit(cell),
                "{}: wrong placement in {puzzle}: {}",
                step.technique,
                step.explanation
            );
        }
        for &(cell, digit) in &step.eliminations {
            assert_ne!(
                digit,
                solution_digit(cell),
                "{}: removed the true digit in {puzzle}: {}",
                step.technique,
                step.explanation
            );
            assert!(
                position.candidates(cell).contains(digit),
                "{} eliminates a candidate that is not there",
                step.technique
            );
        }
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "{} made an empty step",
            step.technique
        );
        position.apply(&step);
        used.push(step.technique);
    }
    assert_eq!(position.digits(), solution);
    (used, true)
}

fn check_records(name: &str, records: &[Record]) -> BTreeMap<String, usize> {
    let bitmask = by_name("bitmask").unwrap();
    let mut hardest: BTreeMap<String, usize> = BTreeMap::new();
    let mut solved = 0;
    assert!(!records.is_empty(), "{name}: no record to check");
    for record in records {
        // Every corpus checked here has unique puzzles only: a skipped puzzle would be a
        // path never checked.
        let Verdict::Unique(solution) = bitmask.verdict(&record.puzzle) else {
            panic!("{name}, line {}: no unique solution", record.line);
        };
        let (used, done) = check_path(&record.puzzle, &solution);
        solved += usize::from(done);
        let top = used.iter().max_by(|a, b| a.rating().total_cmp(&b.rating()));
        let label = match (top, done) {
            (Some(t), true) => t.name().to_string(),
            (_, false) => "not solved by logic".to_string(),
            (None, true) => "none".to_string(),
        };
        *hardest.entry(label).or_default() += 1;
    }
    eprintln!(
        "{name}: {solved}/{} solved by logic; hardest technique: {hardest:?}",
        records.len()
    );
    hardest
}

#[test]
fn techniques_are_sound_on_generated_puzzles() {
    for file in ["generated_9x9.txt", "generated_4x4.txt"] {
        let path = format!("{}/datasets/{file}", env!("CARGO_MANIFEST_DIR"));
        let records: Vec<Record> = sudolab::corpus::CorpusReader::from_path(path.as_ref())
            .unwrap()
            .map(Result::unwrap)
            .collect();
        check_records(file, &records);
    }
}

#[test]
fn techniques_are_sound_on_every_corpus() {
    for (name, sample) in [
        ("puzzles2_17_clue", 300),
        ("puzzles3_magictour_top1465", 300),
        // Forum hardest puzzles need the nested levels (SE 9.5-12), seconds each.
        ("puzzles5_forum_hardest_1905_11+", 6),
        ("puzzles6_forum_hardest_1106", 10),
        ("norvig_top95", 95),
        ("norvig_hardest", 11),
        ("magictour_top2365_partial", 200),
        ("sudoku_exchange_diabolical_2020", 300),
    ] {
        let records = common::corpus_sample(name, sample);
        check_records(name, &records);
    }
}

/// The variant corpora (regions, peers, the non-consecutive rule, killer cages): every
/// step sound under the variant's own rules, the solution counted by the bitmask engine. Each puzzle is walked as it is (a few per corpus: the
/// anti-knight ones need the nested levels, tens of seconds each) and eased, with every
/// third empty cell given from the solution, so the middle of the ladder is walked too.
#[test]
fn techniques_are_sound_on_the_variant_corpora() {
    use sudolab::variant::format;
    let mut generalized = 0;
    for (name, sample, whole) in [
        ("x-9x9", 12, 2),
        ("windoku-9x9", 12, 3),
        ("disjoint-groups-9x9", 12, 3),
        ("anti-king-9x9", 12, 2),
        ("anti-knight-9x9", 12, 0),
        ("non-consecutive-9x9", 12, 0),
        ("jigsaw-9x9", 12, 3),
        ("x-12x12", 3, 1),
        ("killer-9x9", 200, 200),
        ("killer-6x6", 200, 200),
    ] {
        let path = format!(
            "{}/datasets/variants/{name}.txt.gz",
            env!("CARGO_MANIFEST_DIR")
        );
        let input = sudolab::input::open_file(path.as_ref()).unwrap();
        let records = format::read_records(input, Some(&path)).unwrap();
        let mut solved = [0, 0];
        let mut used = Vec::new();
        for (k, record) in records.iter().take(sample).enumerate() {
            let limits = sudolab::solver::Limits::NONE;
            let outcome = sudolab::bitmask::variant::count_variant(&record.puzzle, 2, &limits);
            assert_eq!(outcome.count, 1, "{name}, line {}", record.line);
            let solution = &outcome.solutions[0];
            let mut eased = record.puzzle.cells().to_vec();
            let empty: Vec<usize> = (0..eased.len()).filter(|&c| eased[c] == 0).collect();
            for &c in empty.iter().step_by(3) {
                eased[c] = solution[c];
            }
            let eased = record.puzzle.with_cells(eased).unwrap();
            let label = format!("{name}, line {}", record.line);
            let (techniques, done) =
                check_walk(Position::from_puzzle(&eased).unwrap(), solution, &label);
            assert!(done, "{label}, eased: not solved by the techniques");
            used.extend(techniques);
            solved[0] += 1;
            if k < whole {
                let position = Position::from_puzzle(&record.puzzle).unwrap();
                let (techniques, done) = check_walk(position, solution, &label);
                solved[1] += usize::from(done);
                used.extend(techniques);
            }
        }
        // Sudoku Explainer's variant ladder: the generalized intersection (2.9) in place of
        // pointing and claiming wherever cells see each other outside units; a jigsaw
        // grid has only rows, columns and regions, and keeps the classic ones, as a
        // non-consecutive grid does (its rule is no "sees").
        let locked = [Technique::Pointing, Technique::Claiming];
        if name.starts_with("jigsaw") || name.starts_with("non-consecutive") {
            assert!(
                !used.contains(&Technique::GeneralizedIntersection),
                "{name}"
            );
        } else {
            assert!(
                !used.iter().any(|t| locked.contains(t)),
                "{name}: pointing on a variant"
            );
            generalized += used
                .iter()
                .filter(|&&t| t == Technique::GeneralizedIntersection)
                .count();
        }
        if name.starts_with("killer") {
            // The sums are read: by cage combinations and by the 45 rule.
            for technique in [Technique::CageCombinations, Technique::Innies] {
                assert!(used.contains(&technique), "{name}: no {technique:?}");
            }
            assert_eq!(
                solved[1], whole,
                "{name}: whole puzzles not solved by logic"
            );
        }
        eprintln!(
            "{name}: {} eased and {}/{whole} whole puzzles solved by logic",
            solved[0], solved[1]
        );
    }
    assert!(
        generalized > 0,
        "no generalized intersection on any variant path"
    );
}

/// The one bundled killer puzzle that cage combinations, the 45 rule and chains reading
/// only peers leave stuck (the 310th 9x9, three rows left: only the sums tell its last
/// cells apart) is solved once the "+" level of the dynamic forcing chains reads the cage
/// sums, every step checked against the bitmask engine's solution.
#[test]
fn dynamic_chains_read_cage_sums_where_the_killer_ladder_stops() {
    use sudolab::variant::format;
    let path = format!(
        "{}/datasets/variants/killer-9x9.txt.gz",
        env!("CARGO_MANIFEST_DIR")
    );
    let input = sudolab::input::open_file(path.as_ref()).unwrap();
    let records = format::read_records(input, Some(&path)).unwrap();
    let record = &records[309];
    let limits = sudolab::solver::Limits::NONE;
    let outcome = sudolab::bitmask::variant::count_variant(&record.puzzle, 2, &limits);
    assert_eq!(outcome.count, 1);
    let label = format!("killer-9x9, line {}", record.line);
    let position = Position::from_puzzle(&record.puzzle).unwrap();
    let (techniques, done) = check_walk(position, &outcome.solutions[0], &label);
    assert!(done, "{label}: not solved by the techniques");
    assert!(
        techniques.contains(&Technique::DynamicForcingChainsPlus),
        "{label}: {techniques:?}"
    );
}

/// The soundness criterion in full: every step on the path of every puzzle of the
/// exchange diabolical corpus (39,719 puzzles, all solved by the techniques) checked
/// against the solution, on every core. About three minutes on two cores: run by CI
/// (`.ci/run`) and on request (`cargo test --profile release-tests --test logic -- --ignored`).
#[test]
#[ignore = "the whole corpus, minutes: run by .ci/run"]
fn techniques_are_sound_on_the_whole_diabolical_corpus() {
    use rayon::prelude::*;
    let records = common::corpus_sample("sudoku_exchange_diabolical_2020", usize::MAX);
    assert!(records.len() > 39_000, "{} records", records.len());
    let bitmask = by_name("bitmask").unwrap();
    let unsolved: usize = records
        .par_iter()
        .map(|record| {
            let Verdict::Unique(solution) = bitmask.verdict(&record.puzzle) else {
                panic!("{} has no unique solution", record.puzzle);
            };
            usize::from(!check_path(&record.puzzle, &solution).1)
        })
        .sum();
    eprintln!("{} puzzles, {unsolved} not solved by logic", records.len());
    // The solving criterion: at least 99% solved by logic.
    assert!(unsolved * 100 <= records.len(), "{unsolved} not solved");
}

/// Locked candidates, naked pairs and triples and hidden pairs exist twice: as propagation
/// rules of the `bitmask+subsets` engine and as human techniques. Run to their fixpoint
/// from the same puzzle, both must leave exactly the same candidates in every cell (the
/// closure of the same sound rules is unique).
#[test]
fn engine_rules_and_human_techniques_reach_the_same_fixpoint() {
    use sudolab::bitmask::{propagated_candidates, Level};
    use sudolab::bitset::DigitSet;
    let techniques = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
    ];
    let mut compared = 0;
    let mut eliminated_by_subsets = 0;
    for file in [
        "generated_9x9.txt",
        "generated_4x4.txt",
        "known_answers.txt",
    ] {
        let path = format!("{}/datasets/{file}", env!("CARGO_MANIFEST_DIR"));
        for record in sudolab::corpus::CorpusReader::from_path(path.as_ref()).unwrap() {
            let puzzle = record.unwrap().puzzle;
            let Ok(position) = Position::from_grid(&puzzle) else {
                continue;
            };
            let Ok(engine) = propagated_candidates(&puzzle, Level::Subsets) else {
                continue; // no solution: the rules stop at different contradictions
            };
            let end = logic::explain_with(&position, &techniques).end;
            if end.is_broken() {
                continue;
            }
            let geometry = puzzle.geometry();
            for cell in geometry.cells() {
                let human = match end.value(cell) {
                    Some(digit) => DigitSet::single(digit),
                    None => end.candidates(cell),
                };
                assert_eq!(
                    engine[cell.index()],
                    human,
                    "{} of {puzzle}: engine {:?}, techniques {:?}",
                    geometry.cell_name(cell),
                    engine[cell.index()],
                    human
                );
            }
            let singles = propagated_candidates(&puzzle, Level::Singles).unwrap();
            eliminated_by_subsets += usize::from(singles != engine);
            compared += 1;
        }
    }
    assert!(compared > 400, "{compared} puzzles compared");
    assert!(
        eliminated_by_subsets > 20,
        "the stronger rules changed only {eliminated_by_subsets} positions"
    );
}

/// The sets SE rated (`datasets/se_ratings_*.se.txt.gz`: puzzles of every difficulty, where
/// the direct techniques, unique rectangles and grouped turbot fish are frequent): every
/// step of every path checked, on every core, and every puzzle solved by logic, as SE
/// solves them all.
#[test]
fn techniques_are_sound_on_the_se_rated_sets() {
    use rayon::prelude::*;
    for name in ["se_ratings_dev.se.txt.gz", "se_ratings_test.se.txt.gz"] {
        let text = dataset_text(name);
        let puzzles: Vec<Grid> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| Grid::parse(&l[..81]).unwrap())
            .collect();
        assert_eq!(puzzles.len(), 5000, "{name}");
        let bitmask = by_name("bitmask").unwrap();
        let unsolved: Vec<String> = puzzles
            .par_iter()
            .filter_map(|puzzle| {
                let Verdict::Unique(solution) = bitmask.verdict(puzzle) else {
                    panic!("{name}: {puzzle} has no unique solution");
                };
                (!check_path(puzzle, &solution).1).then(|| puzzle.to_string())
            })
            .collect();
        assert!(
            unsolved.is_empty(),
            "{name}: not solved by logic: {unsolved:?}"
        );
    }
}

/// The forum's hardest puzzles SE rated: every one solved by logic, with the nested levels
/// (9.0 and up), ER and ED within 0.3 of SE's, on the two test samples
/// (`datasets/se_ratings_forum_hardest_test.se.txt.gz` and `_test2`, seeded samples never
/// tuned on) and on the development samples, where ER also equals SE's on as many puzzles
/// as the rules reached there (all 82 of the six samples since nested chains to one
/// conclusion on other premises count apart and the dynamic nested level's rounds are
/// dynamic chains alone, `reports/2026-12-07-nested-identity`), so that a change that loses
/// one fails here. The third development sample's puzzle 1 was 0.4 below SE's until nested
/// region chains started only where SE's do (11.3, then 11.6, now 11.7 as SE's:
/// `reports/2026-12-06-nested-region-chains`).
#[test]
fn nested_levels_rate_the_forum_samples_near_sudoku_explainer() {
    use rayon::prelude::*;
    for (file, least_equal, most_far) in [
        ("se_ratings_forum_hardest_test.se.txt.gz", 0, 0),
        ("se_ratings_forum_hardest_test2.se.txt.gz", 0, 0),
        ("se_ratings_forum_hardest_dev.se.txt.gz", 14, 0),
        ("se_ratings_forum_hardest_dev2.se.txt.gz", 12, 0),
        ("se_ratings_forum_hardest_dev3.se.txt.gz", 16, 0),
        ("se_ratings_forum_hardest_dev4.se.txt.gz", 16, 0),
        ("se_ratings_forum_hardest_dev5.se.txt.gz", 12, 0),
        ("se_ratings_forum_hardest_dev6.se.txt.gz", 12, 0),
    ] {
        let text = dataset_text(file);
        let records: Vec<(Grid, [f32; 3])> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let mut fields = l.split_whitespace();
                let puzzle = Grid::parse(fields.next().unwrap()).unwrap();
                let ratings: Vec<f32> = fields
                    .next()
                    .unwrap()
                    .split('/')
                    .map(|r| r.parse().unwrap())
                    .collect();
                (puzzle, [ratings[0], ratings[1], ratings[2]])
            })
            .collect();
        assert!(records.len() >= 10, "{file}: {} records", records.len());
        let grades: Vec<(String, [f32; 3], logic::Grade)> = records
            .par_iter()
            .map(|(puzzle, se)| {
                let grade = logic::grade(&Position::from_grid(puzzle).unwrap());
                (puzzle.to_string(), *se, grade)
            })
            .collect();
        let near = |ours: f32, theirs: f32| (ours - theirs).abs() < 0.35;
        let far: Vec<String> = grades
            .iter()
            .filter(|(_, se, grade)| {
                !(grade.solved
                    && grade.hardest.is_some_and(|t| t.rating() >= 9.0)
                    && near(grade.rating, se[0])
                    && near(grade.diamond, se[2]))
            })
            .map(|(puzzle, se, grade)| format!("{puzzle}: SE {se:?}, sudolab {grade:?}"))
            .collect();
        assert!(far.len() <= most_far, "{file}: {far:#?}");
        let equal = grades
            .iter()
            .filter(|(_, se, grade)| (grade.rating - se[0]).abs() < 0.05)
            .count();
        assert!(
            equal >= least_equal,
            "{file}: ER equal to SE's on {equal} of {} puzzles, {least_equal} before",
            grades.len()
        );
    }
}

/// Non-consecutive grades against SE's own (`datasets/se_ratings_variant_non-consecutive_
/// dev.se.txt.gz`, `serate --isNC=1`, the development split the two non-consecutive steps
/// were learned on): ER equal on at least 95 of the 100 puzzles, within 0.3 on all, every
/// step of every path sound (checked against the bitmask engine's solution), and both of
/// SE's non-consecutive steps on the paths.
#[test]
fn non_consecutive_grades_match_sudoku_explainer_on_its_rated_split() {
    use sudolab::variant::format;
    let text = dataset_text("se_ratings_variant_non-consecutive_dev.se.txt.gz");
    let rated: Vec<(&str, f32)> = text
        .lines()
        .filter(|l| l.len() > 81 && !l.starts_with('#') && !l.starts_with("variant"))
        .map(|l| {
            (
                &l[..81],
                l[82..].split('/').next().unwrap().parse().unwrap(),
            )
        })
        .collect();
    assert_eq!(rated.len(), 100);
    let mut equal = 0;
    let mut used = Vec::new();
    for (k, (puzzle, se)) in rated.iter().enumerate() {
        let text = format!("variant: non-consecutive\n{puzzle}\n");
        let puzzle = format::parse(&text, None).unwrap().remove(0);
        let limits = sudolab::solver::Limits::NONE;
        let outcome = sudolab::bitmask::variant::count_variant(&puzzle, 2, &limits);
        assert_eq!(outcome.count, 1, "puzzle {}", k + 1);
        let label = format!("non-consecutive dev puzzle {}", k + 1);
        let position = Position::from_puzzle(&puzzle).unwrap();
        let (techniques, solved) = check_walk(position.clone(), &outcome.solutions[0], &label);
        assert!(solved, "{label}: not solved by logic");
        used.extend(techniques);
        let ours = logic::grade(&position).rating;
        assert!(
            (ours - se).abs() < 0.35,
            "{label}: {ours} against SE's {se}"
        );
        equal += usize::from((ours - se).abs() < 0.05);
    }
    assert!(equal >= 95, "{equal} of 100 equal to SE's");
    for technique in [
        Technique::NonConsecutiveForcingCell,
        Technique::LockedNonConsecutive,
    ] {
        assert!(used.contains(&technique), "no {technique} on any path");
    }
}
