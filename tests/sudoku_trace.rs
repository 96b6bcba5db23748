//! Traces of Sudoku searches replayed: every event of a `dlx` or `dc` trace is re-applied to
//! the puzzle and checked against the grid it reaches (each forced placement really was the
//! only candidate, each guess one of as many candidates as the branch point said, each dead
//! end really had none), the solutions the trace reaches are the ones the solver reported,
//! and the events add up to the solver's own node and guess counters. On the first puzzles
//! of every bundled corpus, and on the 4x4 and 16x16 puzzles of the known answers.

mod common;

use sudolab::bitset::Digit;
use sudolab::checker::check_solution;
use sudolab::geometry::{Cell, Unit};
use sudolab::grid::Grid;
use sudolab::registry;
use sudolab::search_trace::{Constraint, Event, Reason, Recorder};
use sudolab::solver::{Limits, Outcome};

/// The digits a cell can still take: none placed in its row, column or box.
fn candidates(grid: &Grid, cell: Cell) -> Vec<Digit> {
    if grid.get(cell).is_some() {
        return Vec::new();
    }
    let geometry = grid.geometry();
    Digit::all(grid.side())
        .filter(|&digit| {
            geometry
                .peers(cell)
                .iter()
                .all(|&peer| grid.get(peer) != Some(digit))
        })
        .collect()
}

/// The cells of `unit` that can still take `digit` (none if it is placed there already).
fn places(grid: &Grid, digit: Digit, unit: Unit) -> Vec<Cell> {
    let cells = grid.geometry().unit(unit);
    if cells.iter().any(|&cell| grid.get(cell) == Some(digit)) {
        return Vec::new();
    }
    cells
        .iter()
        .copied()
        .filter(|&cell| candidates(grid, cell).contains(&digit))
        .collect()
}

/// How many candidates a constraint has in `grid`.
fn candidate_count(grid: &Grid, constraint: Constraint) -> usize {
    match constraint {
        Constraint::Cell(cell) => candidates(grid, cell).len(),
        Constraint::Place(digit, unit) => places(grid, digit, unit).len(),
    }
}

/// Whether some empty cell, or some digit missing from a unit, has no candidate left.
fn stuck(grid: &Grid) -> bool {
    let geometry = grid.geometry();
    let cell_stuck = geometry
        .cells()
        .any(|cell| grid.get(cell).is_none() && candidates(grid, cell).is_empty());
    let digit_stuck = geometry.units().any(|unit| {
        Digit::all(grid.side()).any(|digit| {
            let placed = geometry
                .unit(unit)
                .iter()
                .any(|&cell| grid.get(cell) == Some(digit));
            !placed && places(grid, digit, unit).is_empty()
        })
    });
    cell_stuck || digit_stuck
}

/// The fewest candidates of any open constraint (a cell, or a digit missing from a unit).
fn fewest_candidates(grid: &Grid) -> usize {
    let geometry = grid.geometry();
    let cells = geometry
        .cells()
        .filter(|&cell| grid.get(cell).is_none())
        .map(|cell| candidates(grid, cell).len());
    let digits = geometry.units().flat_map(|unit| {
        Digit::all(grid.side())
            .filter(move |&digit| {
                geometry
                    .unit(unit)
                    .iter()
                    .all(|&c| grid.get(c) != Some(digit))
            })
            .map(move |digit| places(grid, digit, unit).len())
    });
    cells.chain(digits).min().unwrap_or(0)
}

/// What the replay counted.
#[derive(Default)]
struct Tally {
    placements: u64,
    later_guesses: u64,
    unnamed_dead_ends: u64,
    solutions: Vec<Grid>,
}

/// Replays `events` on `puzzle` (see the file docs).
fn replay(puzzle: &Grid, events: &[Event]) -> Tally {
    let givens = puzzle.cells().iter().filter(|&&v| v != 0).count();
    let mut tally = Tally::default();
    let mut path: Vec<(Cell, Digit)> = Vec::new();
    let mut branch: Vec<Option<(Constraint, usize)>> = Vec::new();
    let grid_of = |path: &[(Cell, Digit)]| {
        let mut grid = puzzle.clone();
        for &(cell, digit) in path {
            grid.set(cell, Some(digit));
        }
        grid
    };
    for (k, event) in events.iter().enumerate() {
        let at = format!("event {k} ({event:?})");
        if k < givens {
            let Event::Place {
                depth: 0,
                cell,
                digit,
                reason: Reason::Given,
            } = *event
            else {
                panic!("{at}: the givens come first");
            };
            assert_eq!(puzzle.get(cell), Some(digit), "{at}");
            continue;
        }
        let depth = event.depth();
        match *event {
            Event::Place {
                cell,
                digit,
                reason,
                ..
            } => {
                path.truncate(depth);
                assert_eq!(path.len(), depth, "{at}: the path reaches the depth");
                let grid = grid_of(&path);
                assert!(candidates(&grid, cell).contains(&digit), "{at}");
                match reason {
                    Reason::Given => panic!("{at}: a given after the search began"),
                    Reason::Forced(on) => {
                        assert_eq!(candidate_count(&grid, on), 1, "{at}: forced");
                        if let Constraint::Cell(forced) = on {
                            assert_eq!(forced, cell, "{at}");
                        }
                    }
                    Reason::Guess { on, index, of } => {
                        assert_eq!(branch.get(depth).copied().flatten(), Some((on, of)), "{at}");
                        assert_eq!(candidate_count(&grid, on), of, "{at}");
                        assert!((1..=of).contains(&index), "{at}");
                        tally.later_guesses += u64::from(index > 1);
                    }
                }
                path.push((cell, digit));
                tally.placements += 1;
            }
            Event::Branch { on, candidates, .. } => {
                path.truncate(depth);
                let grid = grid_of(&path);
                assert_eq!(candidate_count(&grid, on), candidates, "{at}");
                assert!(candidates >= 2, "{at}");
                assert_eq!(fewest_candidates(&grid), candidates, "{at}: MRV");
                branch.resize(depth + 1, None);
                branch[depth] = Some((on, candidates));
            }
            Event::DeadEnd { at: Some(on), .. } => {
                path.truncate(depth);
                assert_eq!(candidate_count(&grid_of(&path), on), 0, "{at}");
            }
            Event::DeadEnd { at: None, .. } => {
                assert_eq!(path.len(), depth, "{at}: right after a placement");
                assert!(stuck(&grid_of(&path)), "{at}");
                tally.unnamed_dead_ends += 1;
            }
            Event::Backtrack { .. } => {
                assert!(branch.get(depth).copied().flatten().is_some(), "{at}");
                branch.truncate(depth);
            }
            Event::Solution { .. } => {
                assert_eq!(path.len(), depth, "{at}");
                let grid = grid_of(&path);
                assert_eq!(check_solution(puzzle, &grid), Ok(()), "{at}");
                tally.solutions.push(grid);
            }
        }
    }
    tally
}

fn trace(solver: &str, puzzle: &Grid, limit: u64) -> (Outcome, Recorder) {
    let solver = registry::by_name(solver).unwrap();
    let mut recorder = Recorder::new(usize::MAX);
    let outcome = solver
        .trace(puzzle, limit, &Limits::NONE, &mut recorder)
        .expect("dlx and dc trace");
    (outcome, recorder)
}

fn check_trace(solver: &str, puzzle: &Grid, limit: u64) {
    let (outcome, recorder) = trace(solver, puzzle, limit);
    let tally = replay(puzzle, recorder.events());
    assert_eq!(
        tally.solutions.len() as u64,
        outcome.count,
        "{solver} {puzzle}"
    );
    assert_eq!(
        &tally.solutions[..outcome.solutions.len()],
        &outcome.solutions[..]
    );
    // (Contradictory givens: no search, no root.)
    let root = u64::from(!recorder.events().is_empty());
    assert_eq!(
        tally.placements - tally.unnamed_dead_ends + root,
        outcome.stats.nodes,
        "{solver} {puzzle}: the root and every placement that was not a dead end"
    );
    assert_eq!(
        tally.later_guesses, outcome.stats.guesses,
        "{solver} {puzzle}"
    );
    // The traced search is the untraced one.
    let plain = registry::by_name(solver).unwrap().count(puzzle, limit);
    assert_eq!(plain.stats, outcome.stats, "{solver} {puzzle}");
    assert_eq!(plain.solutions, outcome.solutions, "{solver} {puzzle}");
}

#[test]
fn traces_replay_on_every_corpus() {
    let corpora = [
        "norvig_top95",
        "norvig_hardest",
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106",
        "puzzles7_serg_benchmark",
        "sudoku_exchange_diabolical_2020",
        "held_out_sudoku_crate",
        "held_out_sudolab_generated",
    ];
    for corpus in corpora {
        for record in common::corpus_sample(corpus, 3) {
            for solver in ["dlx", "dc"] {
                check_trace(solver, &record.puzzle, 2);
            }
        }
    }
}

#[test]
fn traces_replay_on_other_sizes_and_many_solutions() {
    for record in common::known_answers() {
        if record.puzzle.side() == 9 || record.puzzle.side() == 25 {
            continue;
        }
        for solver in ["dlx", "dc"] {
            check_trace(solver, &record.puzzle, 10);
        }
    }
    // A 4x4 grid with two givens has many solutions: every one replays.
    let open: Grid = "1...\n....\n....\n...2".parse().unwrap();
    for solver in ["dlx", "dc"] {
        check_trace(solver, &open, 0);
    }
}

#[test]
fn solvers_that_cannot_trace_say_so() {
    let puzzle: Grid = "1...\n..1.\n.1..\n...1".parse().unwrap();
    for name in ["bands", "sat"] {
        let solver = registry::by_name(name).unwrap();
        let mut recorder = Recorder::new(10);
        assert!(solver
            .trace(&puzzle, 2, &Limits::NONE, &mut recorder)
            .is_none());
        assert!(!solver.trace_note().is_empty());
    }
}
