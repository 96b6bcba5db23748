//! Cross-checks between engines that the engines' own unit tests may not make: an engine's
//! module never names another engine, not even in its tests (`tests/architecture.rs`), so
//! the checks of one engine against another live here, through the public API.

use sudolab::bands::{self, BandSolver, Clues};
use sudolab::bitmask::{Level, Search};
use sudolab::bitset::Digit;
use sudolab::checker::check_solution;
use sudolab::dlx::DlxSolver;
use sudolab::geometry::Cell;
use sudolab::grid::Grid;
use sudolab::random::Random;
use sudolab::registry;
use sudolab::solver::{Limits, Solver, Stop};

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn solves_easy_and_hard_puzzles() {
    for text in [WIKIPEDIA, INKALA] {
        let puzzle: Grid = text.parse().unwrap();
        let outcome = BandSolver.count(&puzzle, 2);
        assert_eq!(outcome.count, 1, "{text}");
        assert_eq!(check_solution(&puzzle, &outcome.solutions[0]), Ok(()));
        let bitmask = registry::by_name("bitmask").unwrap().count(&puzzle, 2);
        assert_eq!(outcome.solutions, bitmask.solutions);
    }
}

/// The generator's uniqueness test on this engine answers as the bitmask engine's search
/// with the same exclusion does: on a unique puzzle and on the same puzzle with clues taken
/// away (many solutions), for every empty cell and every digit, given cells included.
#[test]
fn has_solution_without_agrees_with_the_bitmask_search() {
    let unique: Grid = INKALA.parse().unwrap();
    let mut sparse = unique.clone();
    for index in [0, 11, 12, 19, 30] {
        sparse.set(Cell::new(index), None);
    }
    let (mut with, mut without) = (0, 0);
    for puzzle in [&unique, &sparse] {
        for index in 0..81 {
            for value in 1..=9 {
                let (cell, digit) = (Cell::new(index), Digit::new(value));
                let found = Search {
                    exclusions: &[(cell, digit)],
                    ..Search::new(Level::Singles)
                }
                .has_solution(puzzle)
                .expect("a search without limits ends");
                let answer = bands::has_solution_without(puzzle, cell, digit, &Limits::NONE);
                assert_eq!(
                    answer,
                    Ok(found),
                    "{puzzle} r{}c{} {value}",
                    index / 9 + 1,
                    index % 9 + 1
                );
                with += usize::from(found);
                without += usize::from(!found);
            }
        }
    }
    assert!(with > 0 && without > 0);
    let big = Grid::empty(4).unwrap();
    let limits = Limits::NONE;
    assert_eq!(
        bands::has_solution_without(&big, Cell::new(0), Digit::new(1), &limits),
        Err(Stop::UnsupportedSize)
    );
}

/// The same question put to the generic bitmask engine (an independent search).
fn bitmask_has_solution_without(puzzle: &Grid, cell: Cell, digit: Digit) -> bool {
    Search {
        exclusions: &[(cell, digit)],
        ..Search::new(Level::Singles)
    }
    .has_solution(puzzle)
    .expect("a search without limits ends")
}

#[test]
fn uniqueness_tests_agree_with_the_bitmask_engine() {
    let mut random = Random::new(2026);
    let limits = Limits::NONE;
    for _ in 0..20 {
        let solution = sudolab::generate::random_grid(3, &mut random).expect("a grid");
        let mut puzzle = solution.clone();
        let mut clues = Clues::of(&puzzle).expect("9x9");
        assert_eq!(clues.to_grid(), puzzle);
        for k in random.permutation(81).into_iter().take(60) {
            let cell = Cell::new(k);
            let digit = solution.get(cell).expect("complete");
            puzzle.set(cell, None);
            clues.remove(cell);
            assert_eq!(clues.get(cell), None);
            assert!(!clues.is_given(cell));
            assert_eq!(
                clues.has_solution_without(cell, digit, &limits),
                Ok(bitmask_has_solution_without(&puzzle, cell, digit)),
            );
            if random.below(2) == 0 {
                puzzle.set(cell, Some(digit));
                clues.add(cell, digit);
                assert_eq!(clues.get(cell), Some(digit));
            }
        }
        assert_eq!(clues.to_grid(), puzzle);
    }
}

/// Digits 1, 2 and 3 of box 0 of a 16x16 grid pushed into its first two cells by 15 givens:
/// no solution, which the bitmask engine finds by branching on a unit's digit
/// (`bitmask/tests.rs`); DLX proves it the same way, within the same node budget.
#[test]
fn dlx_finds_the_contradiction_only_a_unit_digit_sees() {
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
    let limits = Limits {
        max_nodes: Some(1000),
        ..Limits::NONE
    };
    let dlx = DlxSolver.count_within(&puzzle, 2, &limits);
    assert_eq!((dlx.stopped, dlx.count), (None, 0), "DLX agrees");
}
