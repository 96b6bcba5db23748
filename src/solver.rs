//! The one interface every Sudoku solver sits behind.
//!
//! A solver counts the solutions of a puzzle up to a limit, within [`Limits`] (time, nodes,
//! an interrupt flag), and returns the first ones it found. Everything else (solve,
//! uniqueness verdict) is derived from that one call, so the harness can treat every engine
//! alike. This module depends on the grid model only; the engines implement it and
//! [`crate::registry`] lists them.
//!
//! ```
//! use sudolab::{grid::Grid, registry, solver::Verdict};
//! let puzzle = Grid::parse("1...\n..1.\n.1..\n...1")?;
//! let bitmask = registry::by_name("bitmask").unwrap();
//! match bitmask.verdict(&puzzle) {
//!     Verdict::Multiple(a, b) => assert_ne!(a, b),
//!     other => panic!("this 4x4 puzzle has several solutions, got {other:?}"),
//! }
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::time::Instant;

use crate::grid::Grid;
use crate::search_trace::SudokuObserver;
use crate::variant::{Puzzle, Variant};

/// When a search gives up before it is complete. The default is no limit.
///
/// Engines call [`Limits::check`] once per search node: the node budget is compared every
/// time, the clock and the interrupt flag are read every 256 nodes (a few microseconds of
/// search on a 9x9 puzzle, so a stop comes well within a millisecond).
///
/// Searches that share one piece of work (the subproblems of a parallel count, on several
/// threads) also share a [`SharedBudget`]: every 256 nodes each charges the nodes it entered,
/// and the first to pass the budget, or to meet the deadline or the interrupt, stops them
/// all.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits<'a> {
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop after this many search nodes (of this search alone).
    pub max_nodes: Option<u64>,
    /// Stop when this flag is set (Ctrl-C).
    pub interrupt: Option<&'a AtomicBool>,
    /// A node budget and a stop shared with other searches.
    pub shared: Option<&'a SharedBudget>,
}

/// A node budget several searches draw from, and a stop any of them raises for all: what
/// makes `--max-nodes`, `--timeout-ms` and Ctrl-C apply to a parallel count as a whole.
///
/// Searches charge their nodes 256 at a time ([`Limits::check`]) and the rest when they end
/// ([`SharedBudget::charge`]), so a budget of `N` nodes is passed by less than 256 nodes per
/// search running at the time.
///
/// ```
/// use sudolab::solver::{SharedBudget, Stop};
/// let budget = SharedBudget::new(Some(1000), 0);
/// assert_eq!(budget.charge(600), None);
/// assert_eq!(budget.charge(600), Some(Stop::NodeLimit));
/// assert_eq!(budget.stopped(), Some(Stop::NodeLimit), "raised for every search");
/// ```
#[derive(Debug, Default)]
pub struct SharedBudget {
    spent: AtomicU64,
    max_nodes: Option<u64>,
    /// 0 while no search has stopped, else the [`Stop`] code of the first.
    stop: AtomicU8,
}

impl SharedBudget {
    /// A budget of `max_nodes` (none: no node limit, only the shared stop), `spent` of them
    /// already.
    pub fn new(max_nodes: Option<u64>, spent: u64) -> SharedBudget {
        SharedBudget {
            spent: AtomicU64::new(spent),
            max_nodes,
            stop: AtomicU8::new(0),
        }
    }

    /// Adds `nodes` to the nodes spent; the node limit (raised for every search) when they
    /// now pass the budget.
    pub fn charge(&self, nodes: u64) -> Option<Stop> {
        let spent = self.spent.fetch_add(nodes, Ordering::Relaxed) + nodes;
        if self.max_nodes.is_some_and(|max| spent > max) {
            self.raise(Stop::NodeLimit);
        }
        self.stopped()
    }

    /// Stops every search that shares this budget (the first reason raised is kept).
    pub fn raise(&self, stop: Stop) {
        let code = match stop {
            Stop::Deadline => 1,
            Stop::NodeLimit => 2,
            Stop::Interrupted => 3,
            Stop::UnsupportedSize => 4,
        };
        let _ = self
            .stop
            .compare_exchange(0, code, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Why the searches sharing this budget must stop, if one raised a stop.
    pub fn stopped(&self) -> Option<Stop> {
        match self.stop.load(Ordering::Relaxed) {
            0 => None,
            1 => Some(Stop::Deadline),
            2 => Some(Stop::NodeLimit),
            3 => Some(Stop::Interrupted),
            _ => Some(Stop::UnsupportedSize),
        }
    }

    /// The nodes charged so far.
    pub fn spent(&self) -> u64 {
        self.spent.load(Ordering::Relaxed)
    }
}

/// Why a search stopped before it was complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The deadline passed.
    Deadline,
    /// The node budget ran out.
    NodeLimit,
    /// The interrupt flag was set.
    Interrupted,
    /// The solver does not handle this grid size (see [`Capabilities::box_sides`]); it did not
    /// search at all.
    UnsupportedSize,
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stop::Deadline => "time limit reached",
            Stop::NodeLimit => "node limit reached",
            Stop::Interrupted => "interrupted",
            Stop::UnsupportedSize => "grid size or variant not supported by this solver",
        })
    }
}

impl Limits<'_> {
    /// No limit at all.
    pub const NONE: Limits<'static> = Limits {
        deadline: None,
        max_nodes: None,
        interrupt: None,
        shared: None,
    };

    /// Whether a search that has entered `nodes` nodes must stop now, and why.
    #[inline]
    pub fn check(&self, nodes: u64) -> Option<Stop> {
        if self.max_nodes.is_some_and(|max| nodes > max) {
            return Some(Stop::NodeLimit);
        }
        if nodes.is_multiple_of(256) {
            if let Some(stop) = self.shared.and_then(|shared| shared.charge(256)) {
                return Some(stop);
            }
            self.check_now()
        } else {
            None
        }
    }

    /// The clock, the interrupt flag and the shared stop, read now.
    #[cold]
    pub fn check_now(&self) -> Option<Stop> {
        if let Some(stop) = self.shared.and_then(SharedBudget::stopped) {
            return Some(stop);
        }
        if self
            .interrupt
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Some(Stop::Interrupted);
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Some(Stop::Deadline);
        }
        None
    }
}

/// Search counters. Which ones a solver fills is in its [`SolverInfo`] capabilities.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search-tree nodes: positions entered after a choice (the root counts as one).
    pub nodes: u64,
    /// Branch alternatives tried beyond the first candidate of a branch point.
    pub guesses: u64,
    /// Assignments made: cells filled by propagation or choice (bitmask solver), or options
    /// chosen (DLX).
    pub assignments: u64,
    /// Link updates (DLX only: list removals during cover).
    pub updates: u64,
}

/// What a count returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit (when the limit is not 0).
    pub count: u64,
    /// The first solutions found (at most [`KEPT_SOLUTIONS`]).
    pub solutions: Solutions,
    /// Search counters.
    pub stats: Stats,
    /// Why the search stopped before it was complete, if it did: then `count` is only a
    /// lower bound and no verdict may be drawn from it.
    pub stopped: Option<Stop>,
}

/// Solutions kept in an [`Outcome`] (enough for a uniqueness verdict).
pub const KEPT_SOLUTIONS: usize = 2;

impl Outcome {
    /// No solution found yet.
    pub fn new() -> Outcome {
        Outcome {
            count: 0,
            solutions: Solutions::new(),
            stats: Stats::default(),
            stopped: None,
        }
    }

    /// Counts one more solution, keeping it (built by `solution`, only when needed) if fewer
    /// than [`KEPT_SOLUTIONS`] are kept. Returns whether the count reached `limit` (0 = no
    /// limit), i.e. whether the search should stop.
    pub fn record(&mut self, solution: impl FnOnce() -> Grid, limit: u64) -> bool {
        self.count += 1;
        if !self.solutions.is_full() {
            self.solutions.push(solution());
        }
        limit != 0 && self.count >= limit
    }
}

/// The solutions an [`Outcome`] keeps: the first [`KEPT_SOLUTIONS`] pushed, in place (with
/// grids up to 9x9 holding their cells in place too, keeping a solution allocates nothing).
/// Read as a slice of grids.
///
/// ```
/// use sudolab::{grid::Grid, solver::Solutions};
/// let mut solutions = Solutions::new();
/// assert!(solutions.push(Grid::parse("1234341221434321")?));
/// assert!(solutions.push(Grid::parse("1234341223414123")?));
/// assert!(!solutions.push(Grid::parse("1234432121433412")?)); // full: not kept
/// assert_eq!(solutions.len(), 2);
/// assert_eq!(solutions[1].to_line(), "1234341223414123");
/// # Ok::<(), sudolab::Error>(())
/// ```
#[derive(Clone)]
pub struct Solutions {
    /// How many of `grids` are solutions (the first `kept`).
    kept: usize,
    /// The solutions, then blank 9x9 grids standing in for the ones not found.
    grids: [Grid; KEPT_SOLUTIONS],
}

impl Solutions {
    /// None kept.
    pub fn new() -> Solutions {
        Solutions {
            kept: 0,
            grids: std::array::from_fn(|_| Grid::blank_9x9()),
        }
    }

    /// Whether [`KEPT_SOLUTIONS`] are kept (a push keeps no more).
    pub fn is_full(&self) -> bool {
        self.kept == KEPT_SOLUTIONS
    }

    /// Keeps `solution` if fewer than [`KEPT_SOLUTIONS`] are kept; whether it did.
    pub fn push(&mut self, solution: Grid) -> bool {
        if self.is_full() {
            return false;
        }
        self.grids[self.kept] = solution;
        self.kept += 1;
        true
    }
}

impl Default for Solutions {
    fn default() -> Solutions {
        Solutions::new()
    }
}

impl std::ops::Deref for Solutions {
    type Target = [Grid];
    fn deref(&self) -> &[Grid] {
        &self.grids[..self.kept]
    }
}

impl std::ops::DerefMut for Solutions {
    fn deref_mut(&mut self) -> &mut [Grid] {
        &mut self.grids[..self.kept]
    }
}

impl PartialEq for Solutions {
    fn eq(&self, other: &Solutions) -> bool {
        **self == **other
    }
}

impl Eq for Solutions {}

impl std::fmt::Debug for Solutions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<Grid> for Solutions {
    /// The first [`KEPT_SOLUTIONS`] grids of `grids`.
    fn from_iter<I: IntoIterator<Item = Grid>>(grids: I) -> Solutions {
        let mut solutions = Solutions::new();
        for grid in grids.into_iter().take(KEPT_SOLUTIONS) {
            solutions.push(grid);
        }
        solutions
    }
}

impl IntoIterator for Solutions {
    type Item = Grid;
    type IntoIter = std::iter::Take<std::array::IntoIter<Grid, KEPT_SOLUTIONS>>;
    fn into_iter(self) -> Self::IntoIter {
        self.grids.into_iter().take(self.kept)
    }
}

impl<'a> IntoIterator for &'a Solutions {
    type Item = &'a Grid;
    type IntoIter = std::slice::Iter<'a, Grid>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Solutions {
    type Item = &'a mut Grid;
    type IntoIter = std::slice::IterMut<'a, Grid>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl Default for Outcome {
    fn default() -> Outcome {
        Outcome::new()
    }
}

/// What a count of a variant puzzle returned: an [`Outcome`] whose solutions are cells
/// (row-major digits), since a variant grid need not be a classic [`Grid`] (6x6, jigsaw).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VariantOutcome {
    /// Solutions found, at most the limit (when the limit is not 0).
    pub count: u64,
    /// The first solutions found (at most [`KEPT_SOLUTIONS`]), each a digit per cell.
    pub solutions: Vec<Vec<u8>>,
    /// Search counters.
    pub stats: Stats,
    /// Why the search stopped before it was complete, if it did.
    pub stopped: Option<Stop>,
}

/// Counts a classic variant puzzle (no rules, square boxes) with `solver` as a classic
/// grid; refused for any other.
pub fn count_as_classic<S: Solver + ?Sized>(
    solver: &S,
    puzzle: &Puzzle,
    limit: u64,
    limits: &Limits,
) -> VariantOutcome {
    if !puzzle.variant().is_classic() {
        return VariantOutcome::refused();
    }
    let Ok(grid) = Grid::from_cells(puzzle.cells().to_vec()) else {
        return VariantOutcome::refused();
    };
    let outcome = solver.count_within(&grid, limit, limits);
    VariantOutcome {
        count: outcome.count,
        solutions: outcome
            .solutions
            .iter()
            .map(|g| g.cells().to_vec())
            .collect(),
        stats: outcome.stats,
        stopped: outcome.stopped,
    }
}

impl VariantOutcome {
    /// The outcome of a solver asked about a variant it does not solve: stopped with
    /// [`Stop::UnsupportedSize`], no count.
    pub fn refused() -> VariantOutcome {
        VariantOutcome {
            stopped: Some(Stop::UnsupportedSize),
            ..VariantOutcome::default()
        }
    }

    /// Counts one more solution, keeping it if fewer than [`KEPT_SOLUTIONS`] are kept;
    /// whether the count reached `limit` (0 = no limit).
    pub fn record(&mut self, solution: impl FnOnce() -> Vec<u8>, limit: u64) -> bool {
        self.count += 1;
        if self.solutions.len() < KEPT_SOLUTIONS {
            self.solutions.push(solution());
        }
        limit != 0 && self.count >= limit
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
    /// Fills [`Stats::assignments`].
    pub assignments: bool,
    /// The box sides (2..=5) it solves; other sizes are not offered to it.
    pub box_sides: &'static [usize],
}

/// Every supported box side (4x4 to 25x25).
pub const ALL_BOX_SIDES: &[usize] = &[2, 3, 4, 5];

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

    /// Whether it solves grids of `puzzle`'s size. A solver asked about another size returns
    /// an outcome stopped with [`Stop::UnsupportedSize`], never a count.
    fn supports(&self, puzzle: &Grid) -> bool {
        self.info()
            .capabilities
            .box_sides
            .contains(&puzzle.box_side())
    }

    /// Counts solutions of `puzzle`, stopping at `limit` (0 = count all) or when `limits`
    /// say so (then [`Outcome::stopped`] says why), and returns the first (up to two)
    /// solutions found. A puzzle with contradictory givens has 0.
    fn count_within(&self, puzzle: &Grid, limit: u64, limits: &Limits) -> Outcome;

    /// Knuth's mems of the same search as [`Solver::count_within`], counted in a search of
    /// their own (solvers count them only when asked, since counting costs time); `None` for
    /// a solver that does not count them (only the exact-cover solvers do) or when `limits`
    /// stopped the search.
    fn mems(&self, _puzzle: &Grid, _limit: u64, _limits: &Limits) -> Option<u64> {
        None
    }

    /// [`Solver::mems`] for a variant puzzle: the mems of the same search as
    /// [`Solver::count_variant`]; `None` as there.
    fn mems_variant(&self, _puzzle: &Puzzle, _limit: u64, _limits: &Limits) -> Option<u64> {
        None
    }

    /// [`Solver::count_within`], reporting every event of the search to `observer` (see
    /// [`search_trace`](crate::search_trace)): the same search, the same counters. `None`
    /// for a solver that cannot tell its search event by event; its
    /// [`Solver::trace_note`] says why.
    fn trace(
        &self,
        _puzzle: &Grid,
        _limit: u64,
        _limits: &Limits,
        _observer: &mut dyn SudokuObserver,
    ) -> Option<Outcome> {
        None
    }

    /// Why [`Solver::trace`] reports nothing, for a solver that cannot trace.
    fn trace_note(&self) -> &'static str {
        "this solver does not report the events of its search"
    }

    /// Whether it solves puzzles of `variant`; if not, why (the bands engine is classic
    /// 9x9 only, say). The harness skips a solver on variants it refuses.
    ///
    /// By default a solver takes classic variants (no rules, square boxes) of the sizes it
    /// solves, as classic grids.
    fn supports_variant(&self, variant: &Variant) -> Result<(), &'static str> {
        let box_side = (2..=5).find(|n| n * n == variant.side());
        let sizes = self.info().capabilities.box_sides;
        if variant.is_classic() && box_side.is_some_and(|n| sizes.contains(&n)) {
            Ok(())
        } else {
            Err("this solver handles classic grids only (rows, columns and square boxes)")
        }
    }

    /// [`Solver::count_within`] for a variant puzzle (see [`crate::variant`]); a variant
    /// [`Solver::supports_variant`] refuses returns an outcome stopped with
    /// [`Stop::UnsupportedSize`], never a count. By default a classic variant is counted
    /// as a classic grid.
    fn count_variant(&self, puzzle: &Puzzle, limit: u64, limits: &Limits) -> VariantOutcome {
        if self.supports_variant(puzzle.variant()).is_err() {
            return VariantOutcome::refused();
        }
        count_as_classic(self, puzzle, limit, limits)
    }

    /// [`Solver::count_within`] without limits.
    fn count(&self, puzzle: &Grid, limit: u64) -> Outcome {
        self.count_within(puzzle, limit, &Limits::NONE)
    }

    /// The first solution, if any.
    fn solve(&self, puzzle: &Grid) -> Option<Grid> {
        self.count(puzzle, 1).solutions.into_iter().next()
    }

    /// Counts to two and names the result.
    fn verdict(&self, puzzle: &Grid) -> Verdict {
        verdict_of(self.count(puzzle, 2))
    }
}

/// The verdict of a count to two (of a search that was not stopped).
pub fn verdict_of(outcome: Outcome) -> Verdict {
    let mut solutions = outcome.solutions.into_iter();
    match (solutions.next(), solutions.next()) {
        (Some(a), Some(b)) => Verdict::Multiple(a, b),
        (Some(a), None) => Verdict::Unique(a),
        _ => Verdict::NoSolution,
    }
}
