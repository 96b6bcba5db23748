//! Variant Sudoku, cross-checked: every engine that solves variants (bitmask, dlx, dc,
//! sat, and the memo and bits exact-cover engines on the shared encoding) gives the same
//! count as an independent brute force on small grids (4x4, 6x6), on random puzzles with
//! none, one and many solutions, and every solution kept passes the independent checker.
//!
//! The brute force shares nothing with the engines: it fills cells in order, prunes on
//! rows, columns, boxes or jigsaw regions and cages computed here from the description,
//! and asks the checker about every complete grid.

use proptest::prelude::*;
use sudolab::checker::check_variant_solution;
use sudolab::exact_cover::variant::VariantEncoding;
use sudolab::geometry::Cell;
use sudolab::random::Random;
use sudolab::registry::{self, Engine};
use sudolab::solver::{Limits, Solver};
use sudolab::variant::{format, Cage, Puzzle, Regions, Rule, Variant};

/// The region (box or jigsaw region) of each cell, by arithmetic.
fn region_of(variant: &Variant) -> Vec<usize> {
    let side = variant.side();
    match variant.regions() {
        Regions::Boxes { rows, columns } => (0..side * side)
            .map(|c| (c / side / rows) * (side / columns) + (c % side) / columns)
            .collect(),
        Regions::Jigsaw(map) => map.iter().map(|&r| r as usize).collect(),
    }
}

/// Counts the solutions of `puzzle` by filling cells in order (see the module docs).
fn brute_force(puzzle: &Puzzle) -> u64 {
    let variant = puzzle.variant();
    let side = variant.side();
    let region = region_of(variant);
    let mut cage_of = vec![usize::MAX; side * side];
    for (k, cage) in variant.cages().iter().enumerate() {
        for cell in &cage.cells {
            cage_of[cell.index()] = k;
        }
    }
    let mut grid = puzzle.cells().to_vec();
    let mut count = 0;
    fill(puzzle, &region, &cage_of, &mut grid, 0, &mut count);
    count
}

fn fill(
    puzzle: &Puzzle,
    region: &[usize],
    cage_of: &[usize],
    grid: &mut Vec<u8>,
    cell: usize,
    count: &mut u64,
) {
    let side = puzzle.variant().side();
    if cell == side * side {
        if check_variant_solution(puzzle, grid).is_ok() {
            *count += 1;
        }
        return;
    }
    let given = puzzle.cells()[cell];
    let digits: Vec<u8> = if given != 0 {
        vec![given]
    } else {
        (1..=side as u8).collect()
    };
    for digit in digits {
        let clash = (0..cell).any(|other| {
            grid[other] == digit
                && (other / side == cell / side
                    || other % side == cell % side
                    || region[other] == region[cell]
                    || (cage_of[cell] != usize::MAX && cage_of[other] == cage_of[cell]))
        });
        if clash {
            continue;
        }
        if cage_of[cell] != usize::MAX {
            let cage = &puzzle.variant().cages()[cage_of[cell]];
            let filled: u32 = cage
                .cells
                .iter()
                .filter(|c| c.index() < cell)
                .map(|c| u32::from(grid[c.index()]))
                .sum::<u32>()
                + u32::from(digit);
            if filled > cage.sum {
                continue;
            }
        }
        let saved = grid[cell];
        grid[cell] = digit;
        fill(puzzle, region, cage_of, grid, cell + 1, count);
        grid[cell] = saved;
    }
}

/// The variant solvers of the registry.
fn solvers() -> Vec<Box<dyn Solver>> {
    ["bitmask", "dlx", "dc", "sat"]
        .iter()
        .map(|name| registry::by_name(name).unwrap())
        .collect()
}

/// Every engine's count of `puzzle`, checked equal, each solution kept checked; the count.
fn cross_check(puzzle: &Puzzle) -> u64 {
    let mut counts = Vec::new();
    for solver in solvers() {
        let outcome = solver.count_variant(puzzle, 0, &Limits::NONE);
        assert_eq!(outcome.stopped, None, "{}", solver.info().name);
        for solution in &outcome.solutions {
            if let Err(fault) = check_variant_solution(puzzle, solution) {
                panic!(
                    "{} returned a wrong solution ({fault}) of\n{}",
                    solver.info().name,
                    text(puzzle)
                );
            }
        }
        counts.push((solver.info().name, outcome.count));
    }
    let encoding = VariantEncoding::new(puzzle).unwrap();
    for engine in [Engine::Memo, Engine::Bits] {
        let stats = engine
            .build(encoding.problem())
            .unwrap()
            .count_within(0, &Limits::NONE);
        counts.push((engine.name(), stats.solutions));
    }
    let expected = counts[0].1;
    assert!(
        counts.iter().all(|&(_, count)| count == expected),
        "{counts:?} on\n{}",
        text(puzzle)
    );
    expected
}

fn text(puzzle: &Puzzle) -> String {
    format::write(std::slice::from_ref(puzzle))
}

/// One solution of `variant` with random givens added while it stays solvable (a random
/// solution, not always the first in digit order).
fn random_solution(variant: &Variant, random: &mut Random) -> Option<Vec<u8>> {
    let side = variant.side();
    let dlx = registry::by_name("dlx").unwrap();
    let mut cells = vec![0u8; side * side];
    for cell in random.permutation(side * side) {
        let puzzle = Puzzle::new(variant.clone(), cells.clone()).unwrap();
        let outcome = dlx.count_variant(&puzzle, 2, &Limits::NONE);
        match outcome.count {
            0 => return None,
            1 => return Some(outcome.solutions[0].clone()),
            _ => {}
        }
        let choices = outcome.solutions[random.below(2) as usize].clone();
        cells[cell] = choices[cell];
    }
    Some(cells)
}

/// A random puzzle of `variant`: a random solution's cells, each kept with probability
/// `keep_percent`, and sometimes one changed digit (often no solution then).
fn random_puzzle(variant: &Variant, keep_percent: u64, random: &mut Random) -> Option<Puzzle> {
    let side = variant.side();
    let solution = random_solution(variant, random)?;
    let mut cells: Vec<u8> = solution
        .iter()
        .map(|&d| {
            if random.below(100) < keep_percent {
                d
            } else {
                0
            }
        })
        .collect();
    if random.below(5) == 0 {
        let cell = random.below((side * side) as u64) as usize;
        cells[cell] = random.below(side as u64) as u8 + 1;
    }
    Some(Puzzle::new(variant.clone(), cells).unwrap())
}

/// Random killer cages over `solution`: connected pieces of 1 to 4 cells, each with its
/// solution's sum (sometimes one sum off by one).
fn random_cages(side: usize, solution: &[u8], random: &mut Random) -> Vec<Cage> {
    let mut owner = vec![usize::MAX; side * side];
    let mut cages = Vec::new();
    for start in random.permutation(side * side) {
        if owner[start] != usize::MAX {
            continue;
        }
        let size = 1 + random.below(4) as usize;
        let mut cells = vec![start];
        owner[start] = cages.len();
        while cells.len() < size {
            let from = cells[random.below(cells.len() as u64) as usize];
            let (row, column) = (from / side, from % side);
            let next = match random.below(4) {
                0 if row > 0 => from - side,
                1 if row + 1 < side => from + side,
                2 if column > 0 => from - 1,
                3 if column + 1 < side => from + 1,
                _ => break,
            };
            if owner[next] != usize::MAX {
                break;
            }
            owner[next] = cages.len();
            cells.push(next);
        }
        cells.sort_unstable();
        let mut sum: u32 = cells.iter().map(|&c| u32::from(solution[c])).sum();
        if random.below(40) == 0 {
            sum += 1;
        }
        cages.push(Cage {
            sum,
            cells: cells.into_iter().map(Cell::new).collect(),
        });
    }
    cages
}

/// A random jigsaw map of `side` regions of `side` cells: regions grown from random seeds,
/// or (when growing gets stuck) cells dealt out at random.
fn random_jigsaw(side: usize, random: &mut Random) -> Vec<u8> {
    'attempt: for _ in 0..50 {
        let mut map = vec![u8::MAX; side * side];
        for region in 0..side as u8 {
            let free: Vec<usize> = (0..side * side).filter(|&c| map[c] == u8::MAX).collect();
            let mut cells = vec![free[random.below(free.len() as u64) as usize]];
            map[cells[0]] = region;
            while cells.len() < side {
                let frontier: Vec<usize> = cells
                    .iter()
                    .flat_map(|&c| {
                        let (r, col) = (c / side, c % side);
                        [
                            (r > 0).then(|| c - side),
                            (r + 1 < side).then(|| c + side),
                            (col > 0).then(|| c - 1),
                            (col + 1 < side).then(|| c + 1),
                        ]
                    })
                    .flatten()
                    .filter(|&c| map[c] == u8::MAX)
                    .collect();
                if frontier.is_empty() {
                    continue 'attempt;
                }
                let next = frontier[random.below(frontier.len() as u64) as usize];
                map[next] = region;
                cells.push(next);
            }
        }
        return map;
    }
    let order = random.permutation(side * side);
    let mut map = vec![0u8; side * side];
    for (k, cell) in order.into_iter().enumerate() {
        map[cell] = (k / side) as u8;
    }
    map
}

fn boxes(rows: usize, columns: usize) -> Regions {
    Regions::Boxes { rows, columns }
}

/// The variants checked on small grids.
fn small_variants() -> Vec<Variant> {
    let mut variants = Vec::new();
    for (side, shape) in [(4, (2, 2)), (6, (2, 3)), (6, (3, 2))] {
        let regions = boxes(shape.0, shape.1);
        let mut rule_sets: Vec<Vec<Rule>> = vec![
            vec![],
            vec![Rule::Diagonals],
            vec![Rule::DisjointGroups],
            vec![Rule::AntiKnight],
            vec![Rule::AntiKing],
            vec![Rule::NonConsecutive],
            vec![Rule::Diagonals, Rule::AntiKing],
        ];
        if shape.0 == shape.1 {
            rule_sets.push(vec![Rule::Windows]);
            rule_sets.push(vec![Rule::Windows, Rule::Diagonals]);
        }
        for rules in rule_sets {
            variants.push(Variant::new(side, regions.clone(), &rules, vec![]).unwrap());
        }
    }
    variants
}

#[test]
fn every_engine_counts_what_brute_force_counts_on_4x4_and_6x6() {
    let mut random = Random::new(35);
    let mut seen = [0u64; 3]; // none, one, many
    for variant in small_variants() {
        let (puzzles, keep) = if variant.side() == 4 {
            (40, 30)
        } else {
            (12, 45)
        };
        for _ in 0..puzzles {
            let Some(puzzle) = random_puzzle(&variant, keep, &mut random) else {
                continue;
            };
            let count = cross_check(&puzzle);
            assert_eq!(count, brute_force(&puzzle), "{}", text(&puzzle));
            seen[count.min(2) as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n >= 10), "none, one, many: {seen:?}");
}

#[test]
fn killer_and_jigsaw_counts_equal_brute_force() {
    let mut random = Random::new(3535);
    let mut seen = [0u64; 3];
    for side in [4, 6] {
        for round in 0..40 {
            // Killer: cages from a random solution, few or no givens.
            let plain = Variant::new(side, boxes(2, side / 2), &[Rule::Killer], vec![]).unwrap();
            let solution = random_solution(&plain, &mut random).unwrap();
            let cages = random_cages(side, &solution, &mut random);
            let extra: &[Rule] = match round % 3 {
                0 => &[Rule::Killer],
                1 => &[Rule::Killer, Rule::Diagonals],
                _ => &[Rule::Killer, Rule::NonConsecutive],
            };
            let killer = Variant::new(side, boxes(2, side / 2), extra, cages).unwrap();
            let cells: Vec<u8> = solution
                .iter()
                .map(|&d| if random.below(100) < 8 { d } else { 0 })
                .collect();
            let puzzle = Puzzle::new(killer, cells).unwrap();
            let count = cross_check(&puzzle);
            assert_eq!(count, brute_force(&puzzle), "{}", text(&puzzle));
            seen[count.min(2) as usize] += 1;
            // Jigsaw: random regions (some with no solution at all).
            let rules: &[Rule] = if round % 2 == 0 {
                &[]
            } else {
                &[Rule::AntiKing]
            };
            let map = random_jigsaw(side, &mut random);
            let jigsaw = Variant::new(side, Regions::Jigsaw(map), rules, vec![]).unwrap();
            let puzzle = match random_puzzle(&jigsaw, if side == 4 { 25 } else { 45 }, &mut random)
            {
                Some(puzzle) => puzzle,
                None => Puzzle::new(jigsaw, vec![0; side * side]).unwrap(),
            };
            if side == 6 && puzzle.cells().iter().filter(|&&d| d != 0).count() < 8 {
                continue;
            }
            let count = cross_check(&puzzle);
            assert_eq!(count, brute_force(&puzzle), "{}", text(&puzzle));
            seen[count.min(2) as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n >= 5), "none, one, many: {seen:?}");
}

#[test]
fn a_classic_variant_counts_as_the_classic_grid_and_bands_take_only_classic_9x9() {
    // The variant engines agree with the classic solvers on classic puzzles.
    let classic = "variant: classic\n53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    let puzzle = &format::parse(classic, None).unwrap()[0];
    for solver in registry::all() {
        let outcome = solver.count_variant(puzzle, 0, &Limits::NONE);
        assert_eq!(outcome.count, 1, "{}", solver.info().name);
    }
    let x = &format::parse("variant: x\n1...............\n", None).unwrap()[0];
    let bands = registry::by_name("bands").unwrap();
    assert!(bands.supports_variant(x.variant()).is_err());
    assert_eq!(
        bands.count_variant(x, 0, &Limits::NONE).stopped,
        Some(sudolab::solver::Stop::UnsupportedSize)
    );
    // An empty 4x4 grid: 288 classic solutions; the engines and the brute force agree on
    // each variant of the empty grid.
    let empty = Puzzle::new(Variant::classic(2).unwrap(), vec![0; 16]).unwrap();
    assert_eq!(cross_check(&empty), 288);
    for variant in small_variants().into_iter().filter(|v| v.side() == 4) {
        let empty = Puzzle::new(variant, vec![0; 16]).unwrap();
        assert_eq!(cross_check(&empty), brute_force(&empty), "{}", text(&empty));
    }
}

#[test]
fn limits_stop_a_variant_count() {
    let empty = Puzzle::new(
        Variant::new(9, boxes(3, 3), &[Rule::AntiKnight], vec![]).unwrap(),
        vec![0; 81],
    )
    .unwrap();
    let limits = Limits {
        max_nodes: Some(50),
        ..Limits::NONE
    };
    for solver in solvers() {
        let outcome = solver.count_variant(&empty, 0, &limits);
        assert!(outcome.stopped.is_some(), "{}", solver.info().name);
        let outcome = solver.count_variant(&empty, 3, &Limits::NONE);
        assert_eq!(outcome.count, 3, "{}", solver.info().name);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]
    /// Any mix of rules on a 4x4 grid with any givens (duplicates, clashes allowed): every
    /// engine counts what the brute force counts.
    #[test]
    fn any_rules_and_givens_on_4x4(
        rules in proptest::collection::vec(any::<bool>(), 6),
        givens in proptest::collection::vec((0usize..16, 1u8..=4), 0..7),
    ) {
        let chosen: Vec<Rule> = Rule::ALL[..6]
            .iter()
            .zip(&rules)
            .filter(|(_, &on)| on)
            .map(|(&rule, _)| rule)
            .collect();
        let variant = Variant::new(4, boxes(2, 2), &chosen, vec![]).unwrap();
        let mut cells = vec![0u8; 16];
        for (cell, digit) in givens {
            cells[cell] = digit;
        }
        let puzzle = Puzzle::new(variant, cells).unwrap();
        prop_assert_eq!(cross_check(&puzzle), brute_force(&puzzle));
    }
}

/// Generated puzzles are unique and minimal by the dlx engine (the generator counts with
/// the bitmask engine), and their stated solution is the one dlx finds and the checker
/// accepts.
#[test]
fn generated_variant_puzzles_are_unique_and_minimal_by_another_engine() {
    use sudolab::generate::variant::{generate_variant, Recipe};
    let dlx = registry::by_name("dlx").unwrap();
    let mut recipes: Vec<(Recipe, u64)> = Vec::new();
    for rules in [
        vec![],
        vec![Rule::Diagonals],
        vec![Rule::Windows],
        vec![Rule::DisjointGroups],
        vec![Rule::AntiKnight],
        vec![Rule::AntiKing],
        vec![Rule::Killer],
        vec![Rule::Diagonals, Rule::AntiKing],
    ] {
        recipes.push((Recipe::new(9, &rules), 4));
        // 6x6 has no windows, and no grid that is both X and anti-king.
        if !rules.contains(&Rule::Windows) && rules.len() < 2 {
            recipes.push((Recipe::new(6, &rules), 4));
        }
    }
    // Sparse non-consecutive puzzles take the most search: a larger budget per test.
    let non_consecutive = Recipe {
        check_nodes: 3_000_000,
        ..Recipe::new(9, &[Rule::NonConsecutive])
    };
    recipes.push((non_consecutive, 2));
    recipes.push((Recipe::new(6, &[Rule::NonConsecutive]), 4));
    recipes.push((
        Recipe {
            jigsaw: true,
            ..Recipe::new(9, &[])
        },
        4,
    ));
    recipes.push((
        Recipe {
            jigsaw: true,
            ..Recipe::new(7, &[])
        },
        4,
    ));
    recipes.push((
        Recipe {
            boxes: Some((4, 2)),
            ..Recipe::new(8, &[Rule::Diagonals])
        },
        3,
    ));
    for (recipe, count) in recipes {
        for index in 0..count {
            let generated = generate_variant(&recipe, 2026, index).unwrap();
            let puzzle = &generated.puzzle;
            assert_eq!(generated.unproven, 0, "{recipe:?} {index}");
            let outcome = dlx.count_variant(puzzle, 2, &Limits::NONE);
            assert_eq!(outcome.count, 1, "{}", text(puzzle));
            assert_eq!(outcome.solutions[0], generated.solution);
            assert_eq!(check_variant_solution(puzzle, &generated.solution), Ok(()));
            for cell in 0..puzzle.cells().len() {
                if puzzle.cells()[cell] == 0 {
                    continue;
                }
                let mut fewer = puzzle.cells().to_vec();
                fewer[cell] = 0;
                let fewer = puzzle.with_cells(fewer).unwrap();
                let count = dlx.count_variant(&fewer, 2, &Limits::NONE).count;
                assert_eq!(count, 2, "given {cell} of\n{} can go", text(puzzle));
            }
        }
    }
}

/// The bundled variant corpora are the generated files, byte for byte (the size, sha256
/// and count `datasets/SOURCES.md` states), every stated solution passes the checker, and
/// a sample of each file has that one solution by dlx.
#[test]
fn the_bundled_variant_corpora_are_as_stated_and_their_answers_check() {
    use sha2::{Digest, Sha256};
    use std::io::Read;
    let datasets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets");
    let sources = std::fs::read_to_string(datasets.join("SOURCES.md")).unwrap();
    let dlx = registry::by_name("dlx").unwrap();
    let mut files = 0;
    for row in sources.lines().filter(|l| l.starts_with("| `variants/")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let file = cells[1].trim_matches('`');
        let count: usize = cells[3].replace(',', "").parse().unwrap();
        let bytes: usize = cells[4].replace(',', "").parse().unwrap();
        let mut data = Vec::new();
        sudolab::input::open_file(&datasets.join(file))
            .unwrap()
            .read_to_end(&mut data)
            .unwrap();
        assert_eq!(data.len(), bytes, "{file}");
        let sum: String = Sha256::digest(&data)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(sum, cells[5], "{file}");
        let records = format::read_records(data.as_slice(), Some(file)).unwrap();
        assert_eq!(records.len(), count, "{file}");
        for (k, record) in records.iter().enumerate() {
            let solution = record.expected_solution.as_ref().unwrap();
            assert_eq!(
                check_variant_solution(&record.puzzle, solution),
                Ok(()),
                "{file} {k}"
            );
            if k % 100 == 0 && !record.puzzle.variant().has(Rule::NonConsecutive) {
                let outcome = dlx.count_variant(&record.puzzle, 2, &Limits::NONE);
                assert_eq!(
                    (outcome.count, &outcome.solutions[0]),
                    (1, solution),
                    "{file} {k}"
                );
            }
        }
        files += 1;
    }
    assert_eq!(files, 10);
}

/// Windoku's implied windows (what `Layout::geometry` adds for the human techniques) hold
/// every digit once in a solution the bitmask engine finds, reading only the four windows.
#[test]
fn windoku_implied_windows_hold_every_digit_in_an_engines_solution() {
    let variant = Variant::new(9, boxes(3, 3), &[Rule::Windows], vec![]).unwrap();
    let geometry = sudolab::variant::Layout::new(&variant).geometry().unwrap();
    assert_eq!(geometry.unit_count(), 27 + 9);
    let empty = Puzzle::new(variant, vec![0; 81]).unwrap();
    let found = sudolab::bitmask::variant::count_variant(&empty, 1, &Limits::NONE);
    let solution = &found.solutions[0];
    for unit in geometry.units() {
        let mut digits: Vec<u8> = geometry
            .unit(unit)
            .iter()
            .map(|c| solution[c.index()])
            .collect();
        digits.sort_unstable();
        digits.dedup();
        assert_eq!(digits.len(), 9, "{}", geometry.unit_name(unit));
    }
}
