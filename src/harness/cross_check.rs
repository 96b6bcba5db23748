//! The cross-check of one puzzle's answers: every returned grid through the independent
//! checker, every count against the corpus and against the other solvers, every proven-unique
//! solution against the others'.
//!
//! A count capped at the limit ("at least `limit`") proves nothing about uniqueness: with
//! `--limit 1`, two solvers may rightly return different solutions of a puzzle that has
//! several, so solutions are compared only when a count of one is below the limit.

use super::records::{MismatchRow, RowStatus, RunRow};
use crate::checker::check_solution;
use crate::corpus::{ExpectedCount, Record};
use crate::solver::{Outcome, Stop, KEPT_SOLUTIONS};

/// One solver's answer: its name, outcome and time.
pub(super) struct Answer<'a> {
    pub(super) solver: &'a str,
    pub(super) outcome: Outcome,
    /// The fastest of the repeated timings.
    pub(super) ns: u64,
    /// Slowest minus fastest (0 when timed once).
    pub(super) spread_ns: u64,
    /// Knuth's mems of the search, when asked for and counted by the solver.
    pub(super) mems: Option<u64>,
    /// The solver's assignments, when it counts them.
    pub(super) assignments: Option<u64>,
    /// The search's level profile, when asked for and reported by the solver.
    pub(super) profile: Option<Vec<u64>>,
}

/// What one record produced: its rows, its mismatches, and its golden line when every solver
/// agreed.
pub(super) struct Verdicts {
    pub(super) rows: Vec<RunRow>,
    pub(super) mismatches: Vec<MismatchRow>,
    pub(super) golden: Option<String>,
}

/// A count as text: `N+` when it reached the limit.
pub(super) fn count_text(count: u64, limit: u64) -> String {
    if is_capped(count, limit) {
        ExpectedCount::AtLeast(count).to_string()
    } else {
        ExpectedCount::Exactly(count).to_string()
    }
}

fn is_capped(count: u64, limit: u64) -> bool {
    limit != 0 && count >= limit
}

/// Whether an outcome proves the puzzle has exactly one solution.
fn proves_unique(outcome: &Outcome, limit: u64) -> bool {
    outcome.stopped.is_none() && outcome.count == 1 && !is_capped(1, limit)
}

/// Problems found with each answer, as (found, expected) pairs.
type Problems = Vec<Vec<(String, String)>>;

/// Cross-checks the answers to `record` and turns them into rows.
pub(super) fn cross_check(
    corpus: &str,
    record: &Record,
    answers: &[Answer],
    limit: u64,
) -> Verdicts {
    let mut problems: Problems = vec![Vec::new(); answers.len()];
    let finished: Vec<usize> = (0..answers.len())
        .filter(|&i| answers[i].outcome.stopped.is_none())
        .collect();
    for &i in &finished {
        problems[i] = check_against_corpus(record, &answers[i].outcome, limit);
    }
    compare_solvers(answers, &finished, limit, &mut problems);
    rows(corpus, record, answers, &problems, limit)
}

/// The checker on every returned grid, as many distinct grids as the count promises, and
/// the corpus's stated count and solution.
fn check_against_corpus(record: &Record, outcome: &Outcome, limit: u64) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    for solution in &outcome.solutions {
        if let Err(fault) = check_solution(&record.puzzle, solution) {
            problems.push((
                format!("invalid solution {solution}: {fault}"),
                "a valid solution".into(),
            ));
        }
    }
    // A count of two or more is believed only with two different grids to show for it.
    let promised = (outcome.count as usize).min(KEPT_SOLUTIONS);
    let kept = &outcome.solutions;
    if kept.len() < promised {
        problems.push((
            format!(
                "{} solutions returned for a count of {}",
                kept.len(),
                outcome.count
            ),
            format!("{promised} distinct solutions"),
        ));
    } else if kept.len() >= 2 && kept[0] == kept[1] {
        problems.push((
            format!("the same solution twice for a count of {}", outcome.count),
            "two distinct solutions".into(),
        ));
    }
    if let Some(expected) = record.expected_count {
        if !expected.agrees_with(outcome.count, limit) {
            problems.push((
                count_text(outcome.count, limit),
                format!("{expected} (corpus)"),
            ));
        }
    }
    // A stated solution must be the one found when the puzzle is proven unique, or when the
    // corpus itself says it is unique (then any other solution contradicts the corpus).
    let stated_unique = record.expected_count == Some(ExpectedCount::Exactly(1));
    if proves_unique(outcome, limit) || (stated_unique && outcome.count >= 1) {
        if let (Some(stated), Some(found)) = (&record.expected_solution, outcome.solutions.first())
        {
            if stated != found {
                problems.push((
                    format!("solution {found}"),
                    format!("solution {stated} (corpus)"),
                ));
            }
        }
    }
    problems
}

/// Every finished solver against the first finished one: counts, and the solution when
/// both prove it unique.
fn compare_solvers(answers: &[Answer], finished: &[usize], limit: u64, problems: &mut Problems) {
    let Some((&reference, others)) = finished.split_first() else {
        return;
    };
    let base = &answers[reference];
    for &i in others {
        let other = &answers[i];
        if other.outcome.count != base.outcome.count {
            let found = count_text(other.outcome.count, limit);
            let expected = count_text(base.outcome.count, limit);
            problems[i].push((found.clone(), format!("{expected} ({})", base.solver)));
            problems[reference].push((expected, format!("{found} ({})", other.solver)));
        } else if proves_unique(&other.outcome, limit)
            && other.outcome.solutions.first() != base.outcome.solutions.first()
        {
            problems[i].push((
                "a different solution".into(),
                format!("the solution of {}", base.solver),
            ));
        }
    }
}

fn rows(
    corpus: &str,
    record: &Record,
    answers: &[Answer],
    problems: &Problems,
    limit: u64,
) -> Verdicts {
    let mut rows = Vec::with_capacity(answers.len());
    let mut mismatches = Vec::new();
    for (answer, problems) in answers.iter().zip(problems) {
        let outcome = &answer.outcome;
        let status = match outcome.stopped {
            Some(_) => RowStatus::Timeout,
            None if problems.is_empty() => RowStatus::Ok,
            None => RowStatus::Mismatch,
        };
        for (found, expected) in problems {
            mismatches.push(MismatchRow {
                corpus: corpus.to_string(),
                index: record.index,
                line: record.line,
                puzzle: record.puzzle.to_line(),
                solver: answer.solver.to_string(),
                found: found.clone(),
                expected: expected.clone(),
            });
        }
        let detail = match outcome.stopped {
            Some(stop) => stopped_detail(stop, outcome.count),
            None => problems
                .iter()
                .map(|(f, e)| format!("found {f}, expected {e}"))
                .collect::<Vec<_>>()
                .join("; "),
        };
        rows.push(RunRow {
            corpus: corpus.to_string(),
            index: record.index,
            line: record.line,
            solver: answer.solver.to_string(),
            ns: answer.ns,
            ns_spread: answer.spread_ns,
            mems: answer.mems,
            assignments: answer.assignments,
            guesses: outcome.stats.guesses,
            nodes: outcome.stats.nodes,
            count: outcome.count,
            status,
            detail,
            technique: String::new(),
            rating: None,
            rating_ep: None,
            rating_ed: None,
        });
    }
    let all_agree = mismatches.is_empty() && answers.iter().all(|a| a.outcome.stopped.is_none());
    let golden = all_agree.then(|| golden_line(record, &answers[0].outcome, limit));
    Verdicts {
        rows,
        mismatches,
        golden,
    }
}

fn stopped_detail(stop: Stop, count: u64) -> String {
    format!("{stop} after {count} solutions")
}

fn golden_line(record: &Record, outcome: &Outcome, limit: u64) -> String {
    let count = count_text(outcome.count, limit);
    match (proves_unique(outcome, limit), outcome.solutions.first()) {
        (true, Some(solution)) => format!("{}:{count}:{solution}", record.puzzle),
        _ => format!("{}:{count}", record.puzzle),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::registry;

    fn answers(puzzle: &Grid, limit: u64) -> Vec<(String, Outcome)> {
        registry::all()
            .iter()
            .map(|s| (s.info().name.to_string(), s.count(puzzle, limit)))
            .collect()
    }

    #[test]
    fn limit_one_on_a_multi_solution_puzzle_is_no_mismatch() {
        // Finding 7: with --limit 1, solvers that found different solutions of a puzzle with
        // many were reported as disagreeing.
        let puzzle = Grid::parse(&".".repeat(81)).unwrap();
        let record = Record {
            index: 0,
            line: 1,
            puzzle: puzzle.clone(),
            expected_count: None,
            expected_solution: None,
        };
        let outcomes = answers(&puzzle, 1);
        let solutions: Vec<_> = outcomes
            .iter()
            .map(|(_, o)| o.solutions[0].clone())
            .collect();
        assert!(
            solutions.iter().any(|s| s != &solutions[0]),
            "the engines find different first grids, so the test means something"
        );
        let answers: Vec<Answer> = outcomes
            .iter()
            .map(|(name, outcome)| Answer {
                mems: None,
                assignments: None,
                profile: None,
                solver: name,
                outcome: outcome.clone(),
                ns: 1,
                spread_ns: 0,
            })
            .collect();
        let verdicts = cross_check("empty", &record, &answers, 1);
        assert!(verdicts.mismatches.is_empty(), "{:?}", verdicts.mismatches);
        assert_eq!(
            verdicts.golden.as_deref(),
            Some(format!("{puzzle}:1+").as_str())
        );
        // With a limit of 2 the same engines agree that the grid is not unique.
        let outcomes = self::answers(&puzzle, 2);
        let answers: Vec<Answer> = outcomes
            .iter()
            .map(|(name, outcome)| Answer {
                mems: None,
                assignments: None,
                profile: None,
                solver: name,
                outcome: outcome.clone(),
                ns: 1,
                spread_ns: 0,
            })
            .collect();
        assert!(cross_check("empty", &record, &answers, 2)
            .mismatches
            .is_empty());
    }

    #[test]
    fn a_count_of_two_needs_two_distinct_solutions() {
        let solution = Grid::parse(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        )
        .unwrap();
        // The solution with the deadly rectangle r4c6 r4c9 r5c6 r5c9 (1 3 / 3 1) emptied:
        // two solutions.
        let mut puzzle = solution.clone();
        for cell in [3 * 9 + 5, 3 * 9 + 8, 4 * 9 + 5, 4 * 9 + 8] {
            puzzle.set(crate::geometry::Cell::new(cell), None);
        }
        let record = Record {
            index: 0,
            line: 1,
            puzzle,
            expected_count: None,
            expected_solution: None,
        };
        let faulty = |solutions: &[&Grid]| {
            let mut outcome = Outcome::new();
            outcome.count = 2;
            for grid in solutions {
                outcome.solutions.push((*grid).clone());
            }
            let answer = Answer {
                mems: None,
                assignments: None,
                profile: None,
                solver: "faulty",
                outcome,
                ns: 1,
                spread_ns: 0,
            };
            let verdicts = cross_check("c", &record, std::slice::from_ref(&answer), 2);
            verdicts
                .mismatches
                .iter()
                .map(|m| m.found.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            faulty(&[&solution, &solution]),
            ["the same solution twice for a count of 2"]
        );
        assert_eq!(
            faulty(&[&solution]),
            ["1 solutions returned for a count of 2"]
        );
        let honest = answers(&record.puzzle, 2);
        assert!(honest.iter().all(|(_, o)| o.count == 2));
        let (first, second) = (&honest[0].1.solutions[0], &honest[0].1.solutions[1]);
        assert!(faulty(&[first, second]).is_empty());
    }
}
