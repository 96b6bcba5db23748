//! The one interface every Sudoku solver sits behind, and the registry of solvers.
//!
//! A solver counts the solutions of a puzzle up to a limit and returns the first ones it
//! found. Everything else (solve, uniqueness verdict) is derived from that one call, so the
//! harness can treat every engine alike.
//!
//! ```
//! use sudolab::{grid::Grid, solver::{self, Verdict}};
//! let puzzle = Grid::parse("1...\n..1.\n.1..\n...1")?;
//! let bitmask = solver::by_name("bitmask").unwrap();
//! match bitmask.verdict(&puzzle) {
//!     Verdict::Multiple(a, b) => assert_ne!(a, b),
//!     other => panic!("this 4x4 puzzle has several solutions, got {other:?}"),
//! }
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::time::Instant;

use crate::bitmask::{BitmaskSolver, Level};
use crate::dlx::DlxSolver;
use crate::grid::Grid;

/// Search counters. Which ones a solver fills is in its [`SolverInfo`] capabilities.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search-tree nodes: positions entered after a choice (the root counts as one).
    pub nodes: u64,
    /// Branch alternatives tried beyond the first candidate of a branch point.
    pub guesses: u64,
    /// Cells filled by propagation or choice (bitmask solver), or options chosen (DLX).
    pub placements: u64,
    /// Link updates (DLX only: list removals during cover).
    pub updates: u64,
}

/// What a count returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit (when the limit is not 0).
    pub count: u64,
    /// The first solutions found (at most two).
    pub solutions: Vec<Grid>,
    /// Search counters.
    pub stats: Stats,
    /// The deadline passed before the search ended: `count` is only a lower bound.
    pub timed_out: bool,
}

/// Solutions kept in an [`Outcome`] (enough for a uniqueness verdict).
pub const KEPT_SOLUTIONS: usize = 2;

impl Outcome {
    /// No solution found yet.
    pub fn new() -> Outcome {
        Outcome {
            count: 0,
            solutions: Vec::new(),
            stats: Stats::default(),
            timed_out: false,
        }
    }

    /// Counts one more solution, keeping it (built by `solution`, only when needed) if fewer
    /// than [`KEPT_SOLUTIONS`] are kept. Returns whether the count reached `limit` (0 = no
    /// limit), i.e. whether the search should stop.
    pub fn record(&mut self, solution: impl FnOnce() -> Grid, limit: u64) -> bool {
        self.count += 1;
        if self.solutions.len() < KEPT_SOLUTIONS {
            self.solutions.push(solution());
        }
        limit != 0 && self.count >= limit
    }
}

impl Default for Outcome {
    fn default() -> Outcome {
        Outcome::new()
    }
}

/// A uniqueness verdict: the result of counting to two.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// No grid satisfies the puzzle.
    NoSolution,
    /// Exactly one solution.
    Unique(Grid),
    /// Two or more solutions; the first two found.
    Multiple(Grid, Grid),
}

/// What a solver can report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capabilities {
    /// Returns solution grids (not only counts).
    pub solution: bool,
    /// Counts solutions to a limit.
    pub count: bool,
    /// Fills [`Stats::guesses`].
    pub guesses: bool,
}

/// A solver's name, method and capabilities, for the registry and reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolverInfo {
    /// Short name used on the command line (`--solver NAME`).
    pub name: &'static str,
    /// One line: representation / propagation / heuristic.
    pub description: &'static str,
    /// What it reports.
    pub capabilities: Capabilities,
}

/// A Sudoku solver.
pub trait Solver: Send + Sync {
    /// Name, method and capabilities.
    fn info(&self) -> SolverInfo;

    /// Counts solutions of `puzzle`, stopping at `limit` (0 = count all) or at `deadline`
    /// (checked every few hundred search nodes; then `timed_out` is set), and returns the
    /// first (up to two) solutions found. A puzzle with contradictory givens has 0.
    fn count_until(&self, puzzle: &Grid, limit: u64, deadline: Option<Instant>) -> Outcome;

    /// [`Solver::count_until`] without a deadline.
    fn count(&self, puzzle: &Grid, limit: u64) -> Outcome {
        self.count_until(puzzle, limit, None)
    }

    /// The first solution, if any.
    fn solve(&self, puzzle: &Grid) -> Option<Grid> {
        self.count(puzzle, 1).solutions.into_iter().next()
    }

    /// Counts to two and names the result.
    fn verdict(&self, puzzle: &Grid) -> Verdict {
        let outcome = self.count(puzzle, 2);
        let mut solutions = outcome.solutions.into_iter();
        match (solutions.next(), solutions.next()) {
            (Some(a), Some(b)) => Verdict::Multiple(a, b),
            (Some(a), None) => Verdict::Unique(a),
            _ => Verdict::NoSolution,
        }
    }
}

/// Every registered solver, in a fixed order (the default engine first). With the cargo
/// feature `reference-dlx`, the `dlx` crate joins as `dlx-crate`.
pub fn registry() -> Vec<Box<dyn Solver>> {
    #[allow(unused_mut)]
    let mut solvers: Vec<Box<dyn Solver>> = vec![
        Box::new(BitmaskSolver::new(Level::Singles)),
        Box::new(BitmaskSolver::new(Level::Locked)),
        Box::new(BitmaskSolver::new(Level::Subsets)),
        Box::new(DlxSolver),
    ];
    #[cfg(feature = "reference-dlx")]
    solvers.push(Box::new(crate::dlx::reference::DlxCrateReference));
    solvers
}

/// Names of every registered solver.
pub fn names() -> Vec<&'static str> {
    registry().iter().map(|s| s.info().name).collect()
}

/// The registered solver called `name`.
pub fn by_name(name: &str) -> Option<Box<dyn Solver>> {
    registry().into_iter().find(|s| s.info().name == name)
}
