//! The vocabulary every exact-cover engine shares: what a search returns ([`SearchStats`]),
//! how a visitor steers it ([`Control`], [`SolutionLimit`]), and the [`ExactCover`] trait
//! through which callers that only count, or want solutions as option numbers, use any
//! engine without naming it.
//!
//! ```
//! use sudolab::exact_cover::{classic, ExactCover};
//! use sudolab::solver::Limits;
//! let problem = classic::langford(8)?;
//! let engines: [Box<dyn ExactCover>; 2] = [Box::new(problem.dlx()), Box::new(problem.cells())];
//! for mut engine in engines {
//!     assert_eq!(engine.count_within(0, &Limits::NONE).solutions, 300); // 150 and reversals
//! }
//! # Ok::<(), sudolab::Error>(())
//! ```

use super::observe::SearchObserver;
use crate::solver::{Limits, Stop};

/// Whether the search goes on after a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// Look for more solutions.
    Continue,
    /// Stop now (the structure is still restored to its initial state).
    Stop,
}

/// Counts the solutions a search visits and stops it at the `limit`-th (0: never): the
/// visitor of every count to a limit.
///
/// ```
/// use sudolab::exact_cover::{classic, Control, SolutionLimit};
/// let mut limit = SolutionLimit::new(3);
/// let stats = classic::queens(8)?.dlx().search(|_, _| limit.record());
/// assert_eq!((stats.solutions, limit.found()), (3, 3));
/// assert_eq!(SolutionLimit::new(0).record(), Control::Continue);
/// # Ok::<(), sudolab::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolutionLimit {
    limit: u64,
    found: u64,
}

impl SolutionLimit {
    /// Stop at the `limit`-th solution (0: count them all).
    pub fn new(limit: u64) -> SolutionLimit {
        SolutionLimit { limit, found: 0 }
    }

    /// One more solution: whether the search goes on.
    pub fn record(&mut self) -> Control {
        self.found += 1;
        if self.limit != 0 && self.found >= self.limit {
            Control::Stop
        } else {
            Control::Continue
        }
    }

    /// Solutions recorded so far.
    pub fn found(&self) -> u64 {
        self.found
    }
}

/// Counters of one search, as Knuth's programs count them (each engine's module docs say
/// how it counts them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Solutions visited.
    pub solutions: u64,
    /// Search-tree nodes: the root (in a search from the root) and every option tried.
    pub nodes: u64,
    /// Options tried beyond the first of their item (branch alternatives).
    pub guesses: u64,
    /// List removals: items covered plus nodes hidden (Knuth's "updates").
    pub updates: u64,
    /// Knuth's memory accesses of the search (DLX1's `mems`, initialisation excluded);
    /// `None` when mem counting is off.
    pub mems: Option<u64>,
    /// Why the search stopped before it was complete, if it did.
    pub stopped: Option<Stop>,
}

/// An exact-cover engine ready to search one problem.
pub trait ExactCover {
    /// The engine's name on the command line and in reports (`dlx`, `dc`).
    fn name(&self) -> &'static str;

    /// A description for reports: the method and, for dancing links, the branching rule.
    fn describe(&self) -> String;

    /// Whether searches count mems (Knuth's memory accesses). A search pays for the counter
    /// only when asked: the other counters are kept always. Engines count them by default;
    /// an engine without mems ignores this.
    fn set_mem_counting(&mut self, on: bool);

    /// Runs the search within `limits`, calling `visit` with the options of every solution
    /// (numbered from 0 in input order, in the order chosen).
    fn search_options(
        &mut self,
        limits: &Limits,
        visit: &mut dyn FnMut(&[usize]) -> Control,
    ) -> SearchStats;

    /// [`ExactCover::search_options`], reporting every event of the search to `observer`
    /// (see [`observe`](super::observe)). Engines that cannot report them refuse.
    fn search_observed(
        &mut self,
        _limits: &Limits,
        _observer: &mut dyn SearchObserver,
        _visit: &mut dyn FnMut(&[usize]) -> Control,
    ) -> Result<SearchStats, crate::Error> {
        Err(crate::Error::Refused(format!(
            "the {} engine does not report the events of its search (dlx and dc do, without multiplicities)",
            self.name()
        )))
    }

    /// Figures of the last search that only this engine has (a memo's hits and memory,
    /// say), as (name, value) pairs for reports; none by default.
    fn details(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    /// Counts solutions within `limits`, stopping at `limit` (0 = count all). Engines
    /// override it to skip mapping each solution to option numbers.
    fn count_within(&mut self, limit: u64, limits: &Limits) -> SearchStats {
        let mut counter = SolutionLimit::new(limit);
        self.search_options(limits, &mut |_| counter.record())
    }
}

/// Runs an engine's own search (`search`, which reports each solution as the engine's
/// internal option handles) and calls `visit` with the option numbers `option_of` maps them
/// to: the shared part of every [`ExactCover::search_options`]. One buffer serves every
/// solution.
pub fn search_mapped<E, S, R>(
    engine: &mut E,
    option_of: fn(&E, u32) -> usize,
    search: S,
    visit: &mut dyn FnMut(&[usize]) -> Control,
) -> R
where
    S: FnOnce(&mut E, &mut dyn FnMut(&E, &[u32]) -> Control) -> R,
{
    let mut options = Vec::new();
    search(engine, &mut |engine, chosen| {
        options.clear();
        options.extend(chosen.iter().map(|&x| option_of(engine, x)));
        visit(&options)
    })
}
