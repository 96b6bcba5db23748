//! The bitmask propagation solver.
//!
//! # Data layout
//!
//! A position is a [`board::Board`]: one [`DigitSet`] of candidates per cell (bit `d - 1` =
//! digit `d`), the placed digit per cell (0 = open), and the count of open cells. Its size is
//! fixed at compile time by the cell count (`16`, `81`, `256` or `625`; the public functions
//! dispatch on the grid's size), so a branch copies a small array and never touches the heap.
//! The index tables (peers, units, box/line intersections) live in the shared
//! [`Geometry`](crate::geometry::Geometry) and are never copied.
//!
//! # Propagation
//!
//! Placing digit `d` in a cell removes `d` from its peers (20 for 9x9). A peer left with no
//! candidate abandons the branch at once; a peer left with one is queued and placed in turn
//! (naked singles). When the queue is empty, one pass over the units places every digit that
//! has one place left in a unit (hidden singles). Stronger levels add locked candidates and
//! subsets ([`Level`]); after any change the loop goes back to singles, so the whole set of
//! rules reaches a fixpoint before each branch.
//!
//! # Search
//!
//! An explicit stack of frames (position, branch cell, digits still to try); no recursion, so
//! a 25x25 search cannot overflow the thread stack. The branch cell is the open cell with the
//! fewest candidates (MRV), scanning stops at the first cell with two. Each alternative copies
//! the frame's position, places the digit and propagates. Counting stops at the limit.
//!
//! ```
//! use sudolab::{bitmask::{BitmaskSolver, Level}, grid::Grid, solver::Solver};
//! let puzzle = Grid::parse(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")?;
//! let outcome = BitmaskSolver::new(Level::Singles).count(&puzzle, 2);
//! assert_eq!(outcome.count, 1);
//! assert_eq!(outcome.stats.guesses, 0);
//! # Ok::<(), sudolab::Error>(())
//! ```

pub mod board;
mod rules;

use std::time::Instant;

use crate::bitset::DigitSet;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::solver::{Capabilities, Outcome, Solver, SolverInfo, Stats};
pub use board::Contradiction;
use board::{Board, Context};

/// How much reasoning runs before each branch. Each level includes the ones before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Naked and hidden singles (the default).
    Singles,
    /// Singles plus locked candidates (pointing and claiming).
    Locked,
    /// Locked candidates plus naked pairs and triples and hidden pairs.
    Subsets,
}

/// The bitmask propagation solver at one [`Level`].
#[derive(Debug, Clone, Copy)]
pub struct BitmaskSolver {
    level: Level,
}

impl BitmaskSolver {
    /// A solver propagating at `level`.
    pub fn new(level: Level) -> BitmaskSolver {
        BitmaskSolver { level }
    }

    /// Its propagation level.
    pub fn level(&self) -> Level {
        self.level
    }
}

impl Solver for BitmaskSolver {
    fn info(&self) -> SolverInfo {
        let (name, description) = match self.level {
            Level::Singles => (
                "bitmask",
                "cell bitmasks / naked+hidden singles / MRV, copy per branch",
            ),
            Level::Locked => (
                "bitmask+locked",
                "cell bitmasks / singles+locked candidates / MRV, copy per branch",
            ),
            Level::Subsets => (
                "bitmask+subsets",
                "cell bitmasks / singles+locked+naked pairs,triples+hidden pairs / MRV",
            ),
        };
        SolverInfo {
            name,
            description,
            capabilities: Capabilities {
                solution: true,
                count: true,
                guesses: true,
            },
        }
    }

    fn count_until(&self, puzzle: &Grid, limit: u64, deadline: Option<Instant>) -> Outcome {
        let level = self.level;
        match puzzle.box_side() {
            2 => count_solutions::<16>(puzzle, limit, level, deadline),
            3 => count_solutions::<81>(puzzle, limit, level, deadline),
            4 => count_solutions::<256>(puzzle, limit, level, deadline),
            _ => count_solutions::<625>(puzzle, limit, level, deadline),
        }
    }
}

/// Places the givens and propagates at `level`, without searching: the first contradiction
/// found, if any. This names the cell (or unit and digit) where a puzzle with no solution
/// visibly breaks; `Ok` does not prove a solution exists.
pub fn propagate_givens(puzzle: &Grid, level: Level) -> Result<(), Contradiction> {
    fn run<const CELLS: usize>(puzzle: &Grid, level: Level) -> Result<(), Contradiction> {
        let mut context = Context::new(puzzle.geometry());
        let mut board = Board::<CELLS>::new(&context);
        place_givens(&mut board, &mut context, puzzle)?;
        context.dirty = u128::MAX >> (128 - puzzle.geometry().units());
        propagate(&mut board, &mut context, level)
    }
    match puzzle.box_side() {
        2 => run::<16>(puzzle, level),
        3 => run::<81>(puzzle, level),
        4 => run::<256>(puzzle, level),
        _ => run::<625>(puzzle, level),
    }
}

fn place_givens<const CELLS: usize>(
    board: &mut Board<CELLS>,
    context: &mut Context,
    puzzle: &Grid,
) -> Result<(), Contradiction> {
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        if digit != 0 && board.values[cell] != digit {
            board
                .place(context, cell, digit)
                .inspect_err(|_| context.reset())?;
        }
    }
    Ok(())
}

/// Runs the rules of `level` to a fixpoint. On error the queue is left empty, so the next
/// branch starts clean.
fn propagate<const CELLS: usize>(
    board: &mut Board<CELLS>,
    context: &mut Context,
    level: Level,
) -> Result<(), Contradiction> {
    propagate_to_fixpoint(board, context, level).inspect_err(|_| context.reset())
}

fn propagate_to_fixpoint<const CELLS: usize>(
    board: &mut Board<CELLS>,
    context: &mut Context,
    level: Level,
) -> Result<(), Contradiction> {
    loop {
        board.place_naked_singles(context)?;
        if board.unsolved == 0 {
            context.dirty = 0;
            return Ok(());
        }
        // Runs until no unit is dirty: singles are at their fixpoint afterwards.
        board.place_hidden_singles(context)?;
        let more = match level {
            Level::Singles => false,
            Level::Locked => board.eliminate_locked_candidates(context)?,
            Level::Subsets => {
                board.eliminate_locked_candidates(context)? || board.eliminate_subsets(context)?
            }
        };
        if !more {
            return Ok(());
        }
    }
}

/// One level of the explicit search stack.
#[derive(Clone, Copy)]
struct Frame<const CELLS: usize> {
    board: Board<CELLS>,
    cell: u16,
    untried: DigitSet,
}

fn count_solutions<const CELLS: usize>(
    puzzle: &Grid,
    limit: u64,
    level: Level,
    deadline: Option<Instant>,
) -> Outcome {
    let geometry: &'static Geometry = puzzle.geometry();
    let mut context = Context::new(geometry);
    let mut stats = Stats {
        nodes: 1,
        ..Stats::default()
    };
    let mut outcome = Outcome {
        count: 0,
        solutions: Vec::new(),
        stats,
        timed_out: false,
    };
    let mut root = Board::<CELLS>::new(&context);
    let root_ok = place_givens(&mut root, &mut context, puzzle).and_then(|()| {
        context.dirty = u128::MAX >> (128 - geometry.units());
        propagate(&mut root, &mut context, level)
    });
    let record = |board: &Board<CELLS>, outcome: &mut Outcome| {
        outcome.count += 1;
        if outcome.solutions.len() < 2 {
            let solution = Grid::from_cells(board.values.to_vec()).expect("a full board");
            outcome.solutions.push(solution);
        }
        limit != 0 && outcome.count >= limit
    };
    if root_ok.is_ok() {
        match root.fewest_candidates() {
            None => {
                record(&root, &mut outcome);
            }
            Some(cell) => {
                let mut stack: Vec<Frame<CELLS>> = Vec::with_capacity(32);
                stack.push(Frame {
                    board: root,
                    cell: cell as u16,
                    untried: root.candidates[cell],
                });
                while let Some(frame) = stack.last_mut() {
                    let Some(digit) = frame.untried.lowest() else {
                        stack.pop();
                        continue;
                    };
                    let cell = frame.cell as usize;
                    if frame.untried != frame.board.candidates[cell] {
                        stats.guesses += 1;
                    }
                    frame.untried.remove(digit);
                    stats.nodes += 1;
                    if let Some(deadline) = deadline {
                        if stats.nodes.is_multiple_of(256) && Instant::now() >= deadline {
                            outcome.timed_out = true;
                            break;
                        }
                    }
                    // The last alternative reuses the frame's own position; the others copy it
                    // into a new frame on top of the stack (one copy per node, no heap).
                    let child = if frame.untried.is_empty() {
                        &mut frame.board
                    } else {
                        let board = frame.board;
                        stack.push(Frame {
                            board,
                            cell: 0,
                            untried: DigitSet::EMPTY,
                        });
                        &mut stack.last_mut().expect("just pushed").board
                    };
                    let placed = child
                        .place(&mut context, cell, digit)
                        .inspect_err(|_| context.reset())
                        .and_then(|()| propagate(child, &mut context, level));
                    let next = match placed {
                        Err(_) => None,
                        Ok(()) => match child.fewest_candidates() {
                            None => {
                                if record(child, &mut outcome) {
                                    break;
                                }
                                None
                            }
                            Some(next) => Some(next),
                        },
                    };
                    let top = stack.last_mut().expect("the child's frame");
                    match next {
                        // Dead end or solution: the frame's digits are exhausted, so it pops.
                        None => top.untried = DigitSet::EMPTY,
                        Some(next) => {
                            top.cell = next as u16;
                            top.untried = top.board.candidates[next];
                        }
                    }
                }
            }
        }
    }
    stats.placements = context.placements;
    outcome.stats = stats;
    outcome
}

#[cfg(test)]
mod tests;
