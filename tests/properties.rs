//! Property tests: random valid grids with random cells blanked. Whatever the solver returns
//! must pass the independent checker and keep the givens; relabelling digits or transposing
//! the puzzle must not change the count; repeated runs give the same answer.

use proptest::prelude::*;
use sudolab::checker::check_solution;
use sudolab::grid::Grid;
use sudolab::registry;
use sudolab::solver::Limits;

/// A valid filled grid of box side `n`: the pattern grid with shuffled bands, rows within
/// bands, stacks, columns within stacks and digits (all driven by `seed`).
fn random_solution(n: usize, seed: u64) -> Grid {
    let side = n * n;
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = |bound: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % bound as u64) as usize
    };
    let mut shuffled = |len: usize| {
        let mut items: Vec<usize> = (0..len).collect();
        for i in (1..len).rev() {
            items.swap(i, next(i + 1));
        }
        items
    };
    let bands = shuffled(n);
    let stacks = shuffled(n);
    let rows: Vec<usize> = bands
        .iter()
        .flat_map(|&b| shuffled(n).into_iter().map(move |r| b * n + r))
        .collect();
    let cols: Vec<usize> = stacks
        .iter()
        .flat_map(|&s| shuffled(n).into_iter().map(move |c| s * n + c))
        .collect();
    let digits = shuffled(side);
    let cells = (0..side * side)
        .map(|cell| {
            let (r, c) = (rows[cell / side], cols[cell % side]);
            digits[(r * n + r / n + c) % side] as u8 + 1
        })
        .collect();
    Grid::from_cells(cells).unwrap()
}

fn blanked(solution: &Grid, mask: &[bool]) -> Grid {
    let cells = solution
        .cells()
        .iter()
        .zip(mask.iter().cycle())
        .map(|(&v, &blank)| if blank { 0 } else { v })
        .collect();
    Grid::from_cells(cells).unwrap()
}

fn transposed(grid: &Grid) -> Grid {
    let side = grid.side();
    let cells = (0..side * side)
        .map(|c| grid.cells()[(c % side) * side + c / side])
        .collect();
    Grid::from_cells(cells).unwrap()
}

fn relabelled(grid: &Grid) -> Grid {
    let side = grid.side() as u8;
    let cells = grid
        .cells()
        .iter()
        .map(|&v| if v == 0 { 0 } else { v % side + 1 })
        .collect();
    Grid::from_cells(cells).unwrap()
}

/// `puzzle` with the given in its `k`-th filled cell changed to another digit: a puzzle that
/// usually has no solution (often with contradictory givens), sometimes some.
fn corrupted(puzzle: &Grid, k: usize, shift: u8) -> Grid {
    let mut cells = puzzle.cells().to_vec();
    let side = puzzle.side() as u8;
    let filled: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).collect();
    if let Some(&cell) = filled.get(k % filled.len().max(1)) {
        cells[cell] = (cells[cell] - 1 + 1 + shift % (side - 1)) % side + 1;
    }
    Grid::from_cells(cells).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every registered engine gives the same count (to 2) on the same puzzle, with no,
    /// one and many solutions; where the count proves a single solution, the same grid;
    /// every grid returned passes the independent checker.
    #[test]
    fn every_engine_agrees_with_every_other(
        seed in any::<u64>(),
        density in prop::sample::select(vec![0.25f64, 0.45, 0.7]),
        mask in prop::collection::vec(any::<u8>(), 81),
        corrupt in any::<bool>(),
        k in any::<usize>(),
        shift in 1u8..8,
    ) {
        let solution = random_solution(3, seed);
        let blanks: Vec<bool> = mask.iter().map(|&b| (b as f64) < density * 256.0).collect();
        let mut puzzle = blanked(&solution, &blanks);
        if corrupt {
            puzzle = corrupted(&puzzle, k, shift);
        }
        let solvers = registry::all();
        let reference = solvers[0].count(&puzzle, 2);
        for solver in &solvers {
            let outcome = solver.count(&puzzle, 2);
            let name = solver.info().name;
            prop_assert_eq!(outcome.count, reference.count, "{} on {}", name, puzzle);
            if outcome.count == 1 {
                prop_assert_eq!(&outcome.solutions, &reference.solutions, "{} on {}", name, puzzle);
            }
            for found in &outcome.solutions {
                prop_assert_eq!(check_solution(&puzzle, found), Ok(()));
            }
            if outcome.count == 2 {
                prop_assert_ne!(&outcome.solutions[0], &outcome.solutions[1]);
            }
        }
    }

    #[test]
    fn solutions_keep_the_givens_9x9(seed in any::<u64>(), mask in prop::collection::vec(prop::bool::weighted(0.6), 81)) {
        let solution = random_solution(3, seed);
        let puzzle = blanked(&solution, &mask);
        for solver in registry::all() {
            let outcome = solver.count(&puzzle, 2);
            prop_assert!(outcome.count >= 1);
            for found in &outcome.solutions {
                prop_assert_eq!(check_solution(&puzzle, found), Ok(()));
            }
            // Determinism: the same call gives the same answer.
            prop_assert_eq!(solver.count(&puzzle, 2), outcome.clone());
            // Metamorphic: transposing or relabelling keeps the count.
            prop_assert_eq!(solver.count(&transposed(&puzzle), 2).count, outcome.count);
            prop_assert_eq!(solver.count(&relabelled(&puzzle), 2).count, outcome.count);
        }
    }

    #[test]
    fn solutions_keep_the_givens_other_sizes(n in prop::sample::select(vec![2usize, 4, 5]), seed in any::<u64>(), mask in prop::collection::vec(prop::bool::weighted(0.35), 64)) {
        let solution = random_solution(n, seed);
        prop_assert_eq!(check_solution(&solution, &solution), Ok(()));
        let puzzle = blanked(&solution, &mask);
        // A node limit: about one such 25x25 puzzle in a thousand keeps the depth-first
        // engines searching for seconds to minutes (found with --max-nodes: `bitmask` no
        // solution in 5,000,000 nodes, `dlx` none in 2,000,000, `bitmask+locked` 19 s,
        // `sat` 0.8 s). With random seeds the test hung CI now and then; a stopped search
        // proves nothing here.
        let limits = Limits { max_nodes: Some(100_000), ..Limits::NONE };
        let outcome = registry::by_name("bitmask").unwrap().count_within(&puzzle, 2, &limits);
        prop_assert!(outcome.count >= 1 || outcome.stopped.is_some());
        for found in &outcome.solutions {
            prop_assert_eq!(check_solution(&puzzle, found), Ok(()));
        }
    }
}

/// The cross-engine property above means something only if its puzzles have 0, 1 and
/// several solutions: count the kinds over a fixed sample of the same construction.
#[test]
fn the_cross_engine_puzzles_have_none_one_and_many_solutions() {
    let bitmask = registry::by_name("bitmask").unwrap();
    let mut kinds = [0usize; 3];
    for seed in 0..300u64 {
        let solution = random_solution(3, seed);
        let density = [0.25, 0.45, 0.7][seed as usize % 3];
        let mask: Vec<bool> = (0..81)
            .map(|c| ((seed * 2654435761 + c * 40503) % 256) as f64 / 256.0 < density)
            .collect();
        let mut puzzle = blanked(&solution, &mask);
        if seed % 2 == 1 {
            puzzle = corrupted(&puzzle, seed as usize, (seed % 7) as u8 + 1);
        }
        kinds[bitmask.count(&puzzle, 2).count as usize] += 1;
    }
    assert!(kinds.iter().all(|&n| n >= 20), "none/one/many: {kinds:?}");
}
