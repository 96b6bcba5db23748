use super::*;
use crate::checker::check_solution;
use crate::geometry::Cell;
use crate::solver::Verdict;

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn all_levels() -> [BitmaskSolver; 3] {
    [Level::Singles, Level::Locked, Level::Subsets].map(BitmaskSolver::new)
}

#[test]
fn solves_hard_puzzle_at_every_level() {
    let puzzle = Grid::parse(INKALA).unwrap();
    for solver in all_levels() {
        let outcome = solver.count(&puzzle, 2);
        assert_eq!(outcome.count, 1, "{:?}", solver.level());
        assert_eq!(check_solution(&puzzle, &outcome.solutions[0]), Ok(()));
    }
}

#[test]
fn empty_4x4_grid_has_288_solutions() {
    // 288 is the published number of 4x4 Sudoku grids.
    let empty = Grid::empty(2).unwrap();
    for solver in all_levels() {
        let outcome = solver.count(&empty, 0);
        assert_eq!(outcome.count, 288);
        for s in &outcome.solutions {
            assert_eq!(check_solution(&empty, s), Ok(()));
        }
    }
}

#[test]
fn limit_stops_the_count() {
    let empty = Grid::empty(3).unwrap();
    let outcome = BitmaskSolver::new(Level::Singles).count(&empty, 5);
    assert_eq!(outcome.count, 5);
    match BitmaskSolver::new(Level::Singles).verdict(&empty) {
        Verdict::Multiple(a, b) => {
            assert_ne!(a, b);
            assert_eq!(check_solution(&empty, &a), Ok(()));
            assert_eq!(check_solution(&empty, &b), Ok(()));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn contradictory_givens_have_no_solution() {
    let mut puzzle = Grid::parse(WIKIPEDIA).unwrap();
    puzzle.set(Cell::new(8), Some(Digit::new(5))); // a second 5 in row 1
    for solver in all_levels() {
        assert_eq!(solver.verdict(&puzzle), Verdict::NoSolution);
    }
}

#[test]
fn empty_cell_is_named() {
    // Row 1 holds 1..8, and a 9 in column 9 leaves r1c9 without a candidate.
    let mut puzzle = Grid::empty(3).unwrap();
    for c in 0..8 {
        puzzle.set(Cell::new(c), Some(Digit::new(c as u8 + 1)));
    }
    puzzle.set(Cell::new(8 * 9 + 8), Some(Digit::new(9)));
    let contradiction = propagate_givens(&puzzle, Level::Singles).unwrap_err();
    assert_eq!(
        contradiction,
        Contradiction::NoCandidate { cell: Cell::new(8) }
    );
    assert_eq!(
        contradiction.describe(puzzle.geometry()),
        "r1c9 has no candidate left"
    );
}

#[test]
fn larger_sizes_solve() {
    for n in [4usize, 5] {
        let side = n * n;
        let cells: Vec<u8> = (0..side * side)
            .map(|c| {
                let (r, col) = (c / side, c % side);
                if (r * 7 + col * 3) % 5 < 2 {
                    0
                } else {
                    ((r * n + r / n + col) % side) as u8 + 1
                }
            })
            .collect();
        let puzzle = Grid::from_cells(cells).unwrap();
        let outcome = BitmaskSolver::new(Level::Singles).count(&puzzle, 2);
        assert!(outcome.count >= 1);
        for s in &outcome.solutions {
            assert_eq!(check_solution(&puzzle, s), Ok(()));
        }
    }
}

/// Digits 1, 2 and 3 of box 0 of a 16x16 grid pushed into its first two cells by 15 givens
/// (each digit given in rows 1-3 and columns 2-3 outside the box): no solution, and no rule
/// below subsets sees it. Branching on cells only, every level but subsets filled the rest
/// of the grid in every way first (over 3,000,000 nodes without a verdict); with the
/// unit-digits competing, the first branch is digit 1 of the box and both of its places
/// fail at once. (DLX proves it the same way: `tests/engine_cross_checks.rs`.)
#[test]
fn a_contradiction_only_a_unit_digit_sees_is_found_by_branching_on_it() {
    let mut cells = vec![0u8; 256];
    for (digit, offset) in [(1u8, 0usize), (2, 1), (3, 2)] {
        for (row, column) in [(1, 4), (2, 8), (3, 12), (4, 2), (8, 3)] {
            let (row, column) = if column >= 4 {
                (row, column + offset)
            } else {
                (row + offset, column)
            };
            cells[16 * row + column] = digit;
        }
    }
    let puzzle = Grid::from_cells(cells).unwrap();
    assert_eq!(puzzle.cells().iter().filter(|&&v| v != 0).count(), 15);
    let limits = Limits {
        max_nodes: Some(1000),
        ..Limits::NONE
    };
    for solver in all_levels() {
        let outcome = solver.count_within(&puzzle, 2, &limits);
        assert_eq!(outcome.stopped, None, "{:?}", solver.level());
        assert_eq!(outcome.count, 0, "{:?}", solver.level());
    }
}
