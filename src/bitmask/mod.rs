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

use crate::bitset::DigitSet;
use crate::grid::Grid;
use crate::random::Random;
use crate::solver::{
    Capabilities, Limits, Outcome, Solver, SolverInfo, Stats, Stop, ALL_BOX_SIDES,
};
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
                box_sides: ALL_BOX_SIDES,
            },
        }
    }

    fn count_within(&self, puzzle: &Grid, limit: u64, limits: &Limits) -> Outcome {
        let level = self.level;
        match puzzle.box_side() {
            2 => count_solutions::<16>(puzzle, limit, level, limits),
            3 => count_solutions::<81>(puzzle, limit, level, limits),
            4 => count_solutions::<256>(puzzle, limit, level, limits),
            _ => count_solutions::<625>(puzzle, limit, level, limits),
        }
    }
}

/// Places the givens and propagates at `level`, without searching: the first contradiction
/// found, if any. This names the cell (or unit and digit) where a puzzle with no solution
/// visibly breaks; `Ok` does not prove a solution exists.
pub fn propagate_givens(puzzle: &Grid, level: Level) -> Result<(), Contradiction> {
    fn run<const CELLS: usize>(puzzle: &Grid, level: Level) -> Result<(), Contradiction> {
        let mut context = Context::new(puzzle.geometry());
        root_board::<CELLS>(puzzle, &mut context, level, &[]).map(|_| ())
    }
    match puzzle.box_side() {
        2 => run::<16>(puzzle, level),
        3 => run::<81>(puzzle, level),
        4 => run::<256>(puzzle, level),
        _ => run::<625>(puzzle, level),
    }
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

/// The root position: givens placed, `exclusions` (cell, digit) removed, propagated.
fn root_board<const CELLS: usize>(
    puzzle: &Grid,
    context: &mut Context,
    level: Level,
    exclusions: &[(usize, u8)],
) -> Result<Board<CELLS>, Contradiction> {
    let mut root = Board::<CELLS>::from_givens(context, puzzle)?;
    for &(cell, digit) in exclusions {
        if root.values[cell] == 0 {
            root.eliminate(context, cell, DigitSet::single(digit))
                .inspect_err(|_| context.reset())?;
        } else if root.values[cell] == digit {
            context.reset();
            return Err(Contradiction::NoCandidate { cell });
        }
    }
    context.dirty = u128::MAX >> (128 - context.geometry.units());
    propagate(&mut root, context, level)?;
    Ok(root)
}

/// Depth-first search from a propagated `root`. At each branch cell, `pick` chooses which of
/// the untried digits to try next; `visit` sees every solution and returns `true` to stop.
/// Returns why `limits` stopped the search before it was complete, if they did.
fn search<const CELLS: usize>(
    root: Board<CELLS>,
    context: &mut Context,
    level: Level,
    limits: &Limits,
    stats: &mut Stats,
    mut pick: impl FnMut(DigitSet) -> u8,
    mut visit: impl FnMut(&Board<CELLS>) -> bool,
) -> Option<Stop> {
    let Some(cell) = root.fewest_candidates() else {
        visit(&root);
        return None;
    };
    let mut stack: Vec<Frame<CELLS>> = Vec::with_capacity(32);
    stack.push(Frame {
        board: root,
        cell: cell as u16,
        untried: root.candidates[cell],
    });
    while let Some(frame) = stack.last_mut() {
        if frame.untried.is_empty() {
            stack.pop();
            continue;
        }
        let digit = pick(frame.untried);
        let cell = frame.cell as usize;
        if frame.untried != frame.board.candidates[cell] {
            stats.guesses += 1;
        }
        frame.untried.remove(digit);
        stats.nodes += 1;
        if let Some(stop) = limits.check(stats.nodes) {
            return Some(stop);
        }
        // The last alternative reuses the frame's own position; the others copy it into a
        // new frame on top of the stack (one copy per node, no heap).
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
            .place(context, cell, digit)
            .inspect_err(|_| context.reset())
            .and_then(|()| propagate(child, context, level));
        let next = match placed {
            Err(_) => None,
            Ok(()) => match child.fewest_candidates() {
                None => {
                    if visit(child) {
                        return None;
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
    None
}

fn lowest(digits: DigitSet) -> u8 {
    digits.lowest().expect("a non-empty set")
}

fn count_solutions<const CELLS: usize>(
    puzzle: &Grid,
    limit: u64,
    level: Level,
    limits: &Limits,
) -> Outcome {
    let mut context = Context::new(puzzle.geometry());
    let mut stats = Stats {
        nodes: 1,
        ..Stats::default()
    };
    let mut outcome = Outcome::new();
    if let Ok(root) = root_board::<CELLS>(puzzle, &mut context, level, &[]) {
        let record = |board: &Board<CELLS>| {
            let solution = || Grid::from_cells(board.values.to_vec()).expect("a full board");
            outcome.record(solution, limit)
        };
        outcome.stopped = search(
            root,
            &mut context,
            level,
            limits,
            &mut stats,
            lowest,
            record,
        );
    }
    stats.placements = context.placements;
    outcome.stats = stats;
    outcome
}

/// Whether `puzzle` has a solution other than one with `digit` in `cell`: the uniqueness
/// test of the generator. When `puzzle` is known to have a solution with `digit` at `cell`,
/// "no other solution" is exactly "unique", found by one search for a solution with `cell`
/// not `digit` instead of counting to two (half the work on a unique puzzle: the counting
/// search would first find the known solution and then explore the rest anyway).
///
/// `None` when `max_nodes` search nodes pass without an answer. Grids of side 16 and 25 are
/// searched with locked candidates too, which cuts their trees.
pub fn has_solution_without(puzzle: &Grid, cell: usize, digit: u8, max_nodes: u64) -> Option<bool> {
    fn run<const CELLS: usize>(
        puzzle: &Grid,
        cell: usize,
        digit: u8,
        max_nodes: u64,
    ) -> Option<bool> {
        let mut context = Context::new(puzzle.geometry());
        let level = if CELLS > 81 {
            Level::Locked
        } else {
            Level::Singles
        };
        let Ok(root) = root_board::<CELLS>(puzzle, &mut context, level, &[(cell, digit)]) else {
            return Some(false);
        };
        let mut found = false;
        let mut stats = Stats::default();
        let limits = Limits {
            max_nodes: Some(max_nodes),
            ..Limits::NONE
        };
        let stopped = search(
            root,
            &mut context,
            level,
            &limits,
            &mut stats,
            lowest,
            |_| {
                found = true;
                true
            },
        );
        stopped.is_none().then_some(found)
    }
    match puzzle.box_side() {
        2 => run::<16>(puzzle, cell, digit, max_nodes),
        3 => run::<81>(puzzle, cell, digit, max_nodes),
        4 => run::<256>(puzzle, cell, digit, max_nodes),
        _ => run::<625>(puzzle, cell, digit, max_nodes),
    }
}

/// A random solution of `puzzle` (a random complete grid for an empty one): the search picks
/// a random untried digit at every branch, so each run walks a different path. `None` when
/// the puzzle has no solution, or when `max_nodes` search nodes pass without one (a caller
/// can then retry with other random choices: on large empty grids an unlucky early choice
/// can cost a long backtrack).
pub fn random_solution(puzzle: &Grid, random: &mut Random, max_nodes: u64) -> Option<Grid> {
    fn run<const CELLS: usize>(puzzle: &Grid, random: &mut Random, max_nodes: u64) -> Option<Grid> {
        let mut context = Context::new(puzzle.geometry());
        let root = root_board::<CELLS>(puzzle, &mut context, Level::Singles, &[]).ok()?;
        let mut solution = None;
        let mut stats = Stats::default();
        let limits = Limits {
            max_nodes: Some(max_nodes),
            ..Limits::NONE
        };
        let pick = |digits: DigitSet| {
            let k = random.below(u64::from(digits.len())) as usize;
            digits.iter().nth(k).expect("k < len")
        };
        search(
            root,
            &mut context,
            Level::Singles,
            &limits,
            &mut stats,
            pick,
            |board| {
                solution = Some(Grid::from_cells(board.values.to_vec()).expect("a full board"));
                true
            },
        );
        solution
    }
    match puzzle.box_side() {
        2 => run::<16>(puzzle, random, max_nodes),
        3 => run::<81>(puzzle, random, max_nodes),
        4 => run::<256>(puzzle, random, max_nodes),
        _ => run::<625>(puzzle, random, max_nodes),
    }
}

#[cfg(test)]
mod tests;
