//! Property tests: random valid grids with random cells blanked. Whatever the solver returns
//! must pass the independent checker and keep the givens; relabelling digits or transposing
//! the puzzle must not change the count; repeated runs give the same answer.

use proptest::prelude::*;
use sudolab::checker::check_solution;
use sudolab::grid::Grid;
use sudolab::registry;

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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

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
        let outcome = registry::by_name("bitmask").unwrap().count(&puzzle, 2);
        prop_assert!(outcome.count >= 1);
        for found in &outcome.solutions {
            prop_assert_eq!(check_solution(&puzzle, found), Ok(()));
        }
    }
}
