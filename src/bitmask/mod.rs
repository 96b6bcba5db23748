//! The bitmask propagation solver.
//!
//! # Data layout
//!
//! A position is a (private) `Board`: one [`DigitSet`] of candidates per cell (bit `d - 1` =
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
//! An explicit stack of frames (position, choice, options still to try); no recursion, so
//! a 25x25 search cannot overflow the thread stack. The choice is the smallest of the
//! position (MRV over cells and unit-digits alike, see `branching.rs`): the open cell with
//! the fewest candidates, the scan stopping at a cell with two, or, when that cell has more,
//! a digit with fewer places in some unit. Each alternative copies the frame's position,
//! places the digit and propagates. Counting stops at the limit.
//!
//! Unit-digit choices, measured with `examples/solve_loop.rs` (nodes per puzzle, `bitmask`,
//! count to 2; times level within the machine's noise): 17-clue (10k) 9.2 -> 8.5, top1465
//! 92.8 -> 90.1, forum hardest 1106 746 -> 734, Norvig top95 116 -> 106, serg and
//! diabolical unchanged, the bundled 16x16 and 25x25 corpora identical node for node (a
//! bivalue cell was left at every branch). What they are for: a 16x16 puzzle of 15 givens
//! whose contradiction only a unit-digit sees took over 3,000,000 nodes without a verdict;
//! now 10 ms (the test `a_contradiction_only_a_unit_digit_sees_is_found_by_branching_on_it`).
//!
//! One entry point runs every search of this engine, [`Search`]: the propagation level, the
//! [`Limits`], the order digits are tried in, and (cell, digit) pairs ruled out before the
//! search starts. The `Solver` implementation counts with it; the generator builds its
//! random grids and uniqueness tests from it (its policy lives in [`crate::generate`]).
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

mod board;
mod branching;
mod rules;
pub mod variant;

use std::ops::ControlFlow;

use crate::bitset::{Digit, DigitSet};
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::random::Random;
use crate::search_trace::{Event, Reason, SudokuObserver};
use crate::solver::{
    Capabilities, Limits, Outcome, Solver, SolverInfo, Stats, Stop, ALL_BOX_SIDES,
};
pub use board::Contradiction;
use board::{Board, Propagation};
use branching::Choice;

/// Runs `$run::<CELLS>($args)` with the cell count of box side `$box_side`: the one place
/// where the engine's compile-time size is chosen.
macro_rules! by_size {
    ($box_side:expr, $run:ident($($args:expr),*)) => {
        match $box_side {
            2 => $run::<16>($($args),*),
            3 => $run::<81>($($args),*),
            4 => $run::<256>($($args),*),
            _ => $run::<625>($($args),*),
        }
    };
}

/// How much reasoning runs before each branch. Each level includes the ones before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Level {
    /// Naked and hidden singles (the default).
    #[default]
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
                assignments: true,
                box_sides: ALL_BOX_SIDES,
            },
        }
    }

    fn count_within(&self, puzzle: &Grid, limit: u64, limits: &Limits) -> Outcome {
        let search = Search {
            limits: *limits,
            ..Search::new(self.level)
        };
        count_with(search, puzzle, limit)
    }

    fn trace(
        &self,
        puzzle: &Grid,
        limit: u64,
        limits: &Limits,
        observer: &mut dyn SudokuObserver,
    ) -> Option<Outcome> {
        if self.level != Level::Singles {
            return None;
        }
        let search = Search {
            limits: *limits,
            trace: Some(observer),
            ..Search::new(self.level)
        };
        Some(count_with(search, puzzle, limit))
    }

    fn trace_note(&self) -> &'static str {
        "its locked-candidate and subset rules remove candidates without placing a digit, \
         which a trace does not report yet (plain bitmask traces)"
    }

    fn supports_variant(&self, variant: &crate::variant::Variant) -> Result<(), &'static str> {
        match self.level {
            Level::Singles => Ok(()),
            _ if variant.is_classic() && [4, 9, 16, 25].contains(&variant.side()) => Ok(()),
            _ => Err(
                "its locked-candidate and subset rules are written for rows, columns and \
                      square boxes (the plain bitmask engine solves variants)",
            ),
        }
    }

    fn count_variant(
        &self,
        puzzle: &crate::variant::Puzzle,
        limit: u64,
        limits: &Limits,
    ) -> crate::solver::VariantOutcome {
        match self.level {
            Level::Singles => variant::count_variant(puzzle, limit, limits),
            _ => crate::solver::count_as_classic(self, puzzle, limit, limits),
        }
    }
}

/// Counts `puzzle`'s solutions to `limit` with `search`, keeping the first ones.
fn count_with(search: Search, puzzle: &Grid, limit: u64) -> Outcome {
    let mut outcome = Outcome::new();
    let report = search.run(puzzle, |solution| {
        if outcome.record(|| solution.to_grid(), limit) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    outcome.stats = report.stats;
    outcome.stopped = report.stopped;
    outcome
}

/// The order in which a branch point's digits are tried.
#[derive(Debug, Default)]
pub enum DigitOrder<'a> {
    /// Smallest first (deterministic; the solver's order).
    #[default]
    Lowest,
    /// A random untried digit each time, from this generator (random grids).
    Random(&'a mut Random),
}

/// One search of the bitmask engine. Build it with [`Search::new`] and struct update syntax:
///
/// ```
/// use std::ops::ControlFlow;
/// use sudolab::{bitmask::{Level, Search}, geometry::Cell, bitset::Digit, grid::Grid};
/// let puzzle = Grid::parse("1...\n..1.\n.1..\n...1")?;
/// // Every solution with r1c2 other than 2.
/// let (r1c2, two) = (Cell::new(1), Digit::new(2));
/// let mut found = 0;
/// let report = Search { exclusions: &[(r1c2, two)], ..Search::new(Level::Singles) }
///     .run(&puzzle, |solution| {
///         assert_ne!(solution.get(r1c2), two);
///         found += 1;
///         ControlFlow::Continue(())
///     });
/// assert!(report.stopped.is_none());
/// let mut all = 0;
/// Search::new(Level::Singles).run(&puzzle, |_| { all += 1; ControlFlow::Continue(()) });
/// assert!(0 < found && found < all);
/// # Ok::<(), sudolab::Error>(())
/// ```
#[derive(Default)]
pub struct Search<'a> {
    /// How much propagation runs before each branch.
    pub level: Level,
    /// When to give up.
    pub limits: Limits<'a>,
    /// The order digits are tried in.
    pub order: DigitOrder<'a>,
    /// (cell, digit) pairs ruled out before the search: a given equal to one makes the
    /// puzzle unsolvable.
    pub exclusions: &'a [(Cell, Digit)],
    /// Report every event of the search here (see [`crate::search_trace`]): the givens,
    /// each placement with its reason, branch points, guesses, dead ends, solutions and
    /// nodes. No backtrack events: a placement at a smaller depth shows the return.
    pub trace: Option<&'a mut dyn SudokuObserver>,
}

impl std::fmt::Debug for Search<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search")
            .field("level", &self.level)
            .field("limits", &self.limits)
            .field("order", &self.order)
            .field("exclusions", &self.exclusions)
            .field("traced", &self.trace.is_some())
            .finish()
    }
}

/// What a [`Search`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    /// Its counters.
    pub stats: Stats,
    /// Why it stopped before it was complete, if it did.
    pub stopped: Option<Stop>,
}

/// A solution as the search holds it, handed to the visitor without copying.
pub struct Solution<'a> {
    values: &'a [u8],
}

impl Solution<'_> {
    /// The digit in `cell`.
    pub fn get(&self, cell: Cell) -> Digit {
        Digit::new(self.values[cell.index()])
    }

    /// The solution as a grid (allocates).
    pub fn to_grid(&self) -> Grid {
        Grid::from_cells(self.values.to_vec()).expect("a full board")
    }
}

impl<'a> Search<'a> {
    /// A search at `level`, without limits, digits in increasing order, nothing excluded.
    pub fn new(level: Level) -> Search<'a> {
        Search {
            level,
            ..Search::default()
        }
    }

    /// Whether `puzzle` has a solution this search accepts (the first one found ends it);
    /// `None` when the limits stop the search before it knows.
    pub fn has_solution(self, puzzle: &Grid) -> Option<bool> {
        let mut found = false;
        let report = self.run(puzzle, |_| {
            found = true;
            ControlFlow::Break(())
        });
        report.stopped.is_none().then_some(found)
    }

    /// Searches `puzzle` depth first, calling `visit` with every solution until it breaks or
    /// the limits stop the search.
    pub fn run(
        mut self,
        puzzle: &Grid,
        mut visit: impl FnMut(&Solution) -> ControlFlow<()>,
    ) -> Report {
        fn run<const CELLS: usize, const TRACE: bool>(
            search: &mut Search,
            puzzle: &Grid,
            visit: &mut impl FnMut(&Solution) -> ControlFlow<()>,
        ) -> Report {
            let mut work = Propagation::new(puzzle.geometry());
            if let (true, Some(observer)) = (TRACE, search.trace.take()) {
                report_givens(puzzle, observer);
                work.open = puzzle.cells().iter().filter(|&&v| v == 0).count() as u16;
                work.trace = Some(observer);
                work.report(|| Event::Node { depth: 0 });
            }
            let mut stats = Stats {
                nodes: 1,
                ..Stats::default()
            };
            let stopped = match root_board::<CELLS, TRACE>(puzzle, &mut work, search) {
                Err(contradiction) => {
                    let depth = usize::from(work.path);
                    let at = Some(contradiction.constraint());
                    work.report(|| Event::DeadEnd { depth, at });
                    None
                }
                // One copy of the search loop per digit order, each with its picking inlined.
                Ok(root) => match &mut search.order {
                    DigitOrder::Lowest => {
                        let lowest = |untried: u32| untried.trailing_zeros();
                        let (level, limits) = (search.level, &search.limits);
                        let pick = Pick {
                            places: true,
                            next: lowest,
                        };
                        let stats = &mut stats;
                        depth_first::<CELLS, TRACE>(
                            root, &mut work, level, limits, stats, pick, visit,
                        )
                    }
                    DigitOrder::Random(random) => {
                        let next = |untried: u32| {
                            let k = random.below(u64::from(untried.count_ones()));
                            let mut rest = untried;
                            for _ in 0..k {
                                rest &= rest - 1;
                            }
                            rest.trailing_zeros()
                        };
                        let (level, limits) = (search.level, &search.limits);
                        let pick = Pick {
                            places: false,
                            next,
                        };
                        let stats = &mut stats;
                        depth_first::<CELLS, TRACE>(
                            root, &mut work, level, limits, stats, pick, visit,
                        )
                    }
                },
            };
            stats.assignments = work.assignments;
            Report { stats, stopped }
        }
        // A traced search is compiled apart: the timed one has no trace code at all.
        fn plain<const CELLS: usize>(
            search: &mut Search,
            puzzle: &Grid,
            visit: &mut impl FnMut(&Solution) -> ControlFlow<()>,
        ) -> Report {
            run::<CELLS, false>(search, puzzle, visit)
        }
        fn traced<const CELLS: usize>(
            search: &mut Search,
            puzzle: &Grid,
            visit: &mut impl FnMut(&Solution) -> ControlFlow<()>,
        ) -> Report {
            run::<CELLS, true>(search, puzzle, visit)
        }
        if self.trace.is_some() {
            by_size!(puzzle.box_side(), traced(&mut self, puzzle, &mut visit))
        } else {
            by_size!(puzzle.box_side(), plain(&mut self, puzzle, &mut visit))
        }
    }
}

/// Places the givens and propagates at `level`, without searching: the first contradiction
/// found, if any. This names the cell (or unit and digit) where a puzzle with no solution
/// visibly breaks; `Ok` does not prove a solution exists.
pub fn propagate_givens(puzzle: &Grid, level: Level) -> Result<(), Contradiction> {
    fn run<const CELLS: usize>(puzzle: &Grid, level: Level) -> Result<(), Contradiction> {
        let mut work = Propagation::new(puzzle.geometry());
        root_board::<CELLS, false>(puzzle, &mut work, &Search::new(level)).map(|_| ())
    }
    by_size!(puzzle.box_side(), run(puzzle, level))
}

/// The candidates of every cell after the givens are placed and `level`'s rules have run to
/// their fixpoint (a placed cell has its digit alone). For comparing this engine's rules with
/// the human techniques of [`crate::logic`], which implement the same deductions their own
/// way.
pub fn propagated_candidates(puzzle: &Grid, level: Level) -> Result<Vec<DigitSet>, Contradiction> {
    fn run<const CELLS: usize>(
        puzzle: &Grid,
        level: Level,
    ) -> Result<Vec<DigitSet>, Contradiction> {
        let mut work = Propagation::new(puzzle.geometry());
        let root = root_board::<CELLS, false>(puzzle, &mut work, &Search::new(level))?;
        Ok(root.candidates.to_vec())
    }
    by_size!(puzzle.box_side(), run(puzzle, level))
}

/// Runs the rules of `level` to a fixpoint. On error the queue is left empty, so the next
/// branch starts clean.
fn propagate<const CELLS: usize, const TRACE: bool>(
    board: &mut Board<CELLS>,
    work: &mut Propagation,
    level: Level,
) -> Result<(), Contradiction> {
    propagate_to_fixpoint::<CELLS, TRACE>(board, work, level).inspect_err(|_| work.reset())
}

fn propagate_to_fixpoint<const CELLS: usize, const TRACE: bool>(
    board: &mut Board<CELLS>,
    work: &mut Propagation,
    level: Level,
) -> Result<(), Contradiction> {
    loop {
        board.place_naked_singles::<TRACE>(work)?;
        if board.unsolved == 0 {
            work.dirty = 0;
            return Ok(());
        }
        // Runs until no unit is dirty: singles are at their fixpoint afterwards.
        board.place_hidden_singles::<TRACE>(work)?;
        let more = match level {
            Level::Singles => false,
            Level::Locked => board.eliminate_locked_candidates(work)?,
            Level::Subsets => {
                board.eliminate_locked_candidates(work)? || board.eliminate_subsets(work)?
            }
        };
        if !more {
            return Ok(());
        }
    }
}

/// One level of the explicit search stack: a position, the choice branched on, its
/// options (bits, see [`Choice`]) and those not tried yet.
#[derive(Clone, Copy)]
struct Frame<const CELLS: usize> {
    board: Board<CELLS>,
    choice: Choice,
    options: u32,
    untried: u32,
}

/// How a search branches: whether place choices compete with cells (see
/// [`branching`]), and which untried option (bit index) it takes next.
struct Pick<F> {
    places: bool,
    next: F,
}

/// The root position: givens placed, the search's exclusions removed, propagated.
fn root_board<const CELLS: usize, const TRACE: bool>(
    puzzle: &Grid,
    work: &mut Propagation,
    search: &Search,
) -> Result<Board<CELLS>, Contradiction> {
    let mut root = Board::<CELLS>::from_givens(work, puzzle)?;
    for &(cell, digit) in search.exclusions {
        let c = cell.index();
        if root.values[c] == 0 {
            root.eliminate(work, c, DigitSet::single(digit))
                .inspect_err(|_| work.reset())?;
        } else if root.values[c] == digit.get() {
            work.reset();
            return Err(Contradiction::NoCandidate { cell });
        }
    }
    work.dirty = u128::MAX >> (128 - work.geometry.unit_count());
    propagate::<CELLS, TRACE>(&mut root, work, search.level)?;
    Ok(root)
}

/// Reports the givens of a traced search, at depth 0.
fn report_givens(puzzle: &Grid, observer: &mut dyn SudokuObserver) {
    for cell in puzzle.geometry().cells() {
        if let Some(digit) = puzzle.get(cell) {
            let reason = Reason::Given;
            observer.event(Event::Place {
                depth: 0,
                cell,
                digit,
                reason,
            });
        }
    }
}

/// Reports a solution of a traced search.
fn report_solution<const CELLS: usize>(work: &mut Propagation, board: &Board<CELLS>) {
    let depth = usize::from(work.open - board.unsolved);
    work.report(|| Event::Solution { depth });
}

/// Reports a branch point of a traced search.
fn report_branch<const CELLS: usize>(
    work: &mut Propagation,
    board: &Board<CELLS>,
    choice: Choice,
    options: u32,
) {
    let depth = usize::from(work.open - board.unsolved);
    work.report(|| Event::Branch {
        depth,
        on: choice.constraint(),
        candidates: options.count_ones() as usize,
    });
}

/// Depth-first search from a propagated `root`: `visit` sees every solution. Returns why
/// the search's limits stopped it before it was complete, if they did.
fn depth_first<const CELLS: usize, const TRACE: bool>(
    root: Board<CELLS>,
    work: &mut Propagation,
    level: Level,
    limits: &Limits,
    stats: &mut Stats,
    mut pick: Pick<impl FnMut(u32) -> u32>,
    visit: &mut impl FnMut(&Solution) -> ControlFlow<()>,
) -> Option<Stop> {
    let Some((choice, options)) = root.choose(pick.places) else {
        if TRACE {
            report_solution(work, &root);
        }
        let _ = visit(&Solution {
            values: &root.values,
        });
        return None;
    };
    if TRACE {
        report_branch(work, &root, choice, options);
    }
    let mut stack: Vec<Frame<CELLS>> = Vec::with_capacity(32);
    stack.push(Frame {
        board: root,
        choice,
        options,
        untried: options,
    });
    while let Some(frame) = stack.last_mut() {
        if frame.untried == 0 {
            stack.pop();
            continue;
        }
        let option = (pick.next)(frame.untried);
        if frame.untried != frame.options {
            stats.guesses += 1;
        }
        frame.untried &= !(1 << option);
        stats.nodes += 1;
        // The guess's reason (its index among the choice's options), for a traced search.
        let guess = if TRACE {
            let (on, of) = (
                frame.choice.constraint(),
                frame.options.count_ones() as usize,
            );
            let index = of - frame.untried.count_ones() as usize;
            Reason::Guess { on, index, of }
        } else {
            Reason::Given // unused
        };
        if let Some(stop) = limits.check(stats.nodes) {
            return Some(stop);
        }
        let (cell, digit) = frame.choice.option::<CELLS>(option);
        // The last alternative reuses the frame's own position; the others copy it into a
        // new frame on top of the stack (one copy per node, no heap).
        let child = if frame.untried == 0 {
            &mut frame.board
        } else {
            let board = frame.board;
            stack.push(Frame {
                board,
                choice: Choice::Cell(0),
                options: 0,
                untried: 0,
            });
            &mut stack.last_mut().expect("just pushed").board
        };
        // The node's depth: one below the guess's (a traced search reports it after the guess).
        let node_depth = work.open.wrapping_sub(child.unsolved) + 1;
        let placed = child.place::<TRACE>(work, cell, digit, guess);
        if TRACE {
            work.report(|| Event::Node {
                depth: usize::from(node_depth),
            });
        }
        let placed = placed
            .inspect_err(|_| work.reset())
            .and_then(|()| propagate::<CELLS, TRACE>(child, work, level));
        let next = match placed {
            Err(contradiction) => {
                if TRACE {
                    let (depth, at) = (usize::from(work.path), Some(contradiction.constraint()));
                    work.report(|| Event::DeadEnd { depth, at });
                }
                None
            }
            Ok(()) => match child.choose(pick.places) {
                None => {
                    if TRACE {
                        report_solution(work, child);
                    }
                    let solution = Solution {
                        values: &child.values,
                    };
                    if visit(&solution).is_break() {
                        return None;
                    }
                    None
                }
                Some((choice, options)) => {
                    if TRACE {
                        report_branch(work, child, choice, options);
                    }
                    Some((choice, options))
                }
            },
        };
        let top = stack.last_mut().expect("the child's frame");
        match next {
            // Dead end or solution: the frame's options are exhausted, so it pops.
            None => top.untried = 0,
            Some((choice, options)) => {
                top.choice = choice;
                top.options = options;
                top.untried = options;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests;
