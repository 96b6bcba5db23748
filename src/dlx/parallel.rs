//! One exact-cover count on every core, or a deterministic share of it on each machine.
//!
//! The search tree is split at its first levels ([`Dlx::split_into`]) into many more
//! subproblems than threads; a rayon pool counts them, each worker on its own copy of the
//! links. Because a split and its subtrees count exactly what one search counts, the totals
//! (solutions, nodes, guesses, updates) equal the single-thread run's, whatever the number of
//! threads. A [`Shard`] `k/n` counts subproblems `k-1, k-1+n, ...` of the same list (the
//! list depends on the problem and the split target only), so `n` processes on any machines
//! count disjoint parts whose sums are the whole (shard 1 also carries the levels above the
//! split).
//!
//! Limits apply to the count as a whole, not to each subproblem: the workers share one
//! [`SharedBudget`] (the node limit counts the nodes above the split and every subtree's, and
//! is passed by less than 256 nodes per worker), and once a limit or Ctrl-C stops one of
//! them, the others stop within 256 nodes and no further subproblem is started. A stopped
//! count returns what it counted so far, a lower bound, with the reason.
//!
//! ```
//! use sudolab::dlx::parallel::{count, Shard};
//! use sudolab::exact_cover::classic;
//! use sudolab::solver::Limits;
//! let problem = classic::langford(7)?;
//! let mut dlx = problem.dlx();
//! let whole = dlx.count(0);
//! let split = dlx.split_into(64, 8, &Limits::NONE);
//! let total = count(&dlx, &split, Shard::WHOLE, 2, &Limits::NONE, 0, &|_| {})?;
//! assert_eq!(total.solutions, 52);
//! assert_eq!((total.nodes, total.updates), (whole.nodes, whole.updates));
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use rayon::prelude::*;

use super::links::{Dlx, Split};
use crate::error::{Error, Result};
use crate::exact_cover::{Control, SearchStats};
pub use crate::shard::Shard;
use crate::solver::{Limits, SharedBudget, Stop};

/// A worker's copy of the links, alone on its cache lines.
#[repr(align(128))]
struct OwnLines(OnceLock<Mutex<Dlx>>);

/// The totals of a (share of a) parallel count.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Totals {
    /// Solutions.
    pub solutions: u128,
    /// Search-tree nodes (the root and every option tried).
    pub nodes: u64,
    /// Options tried beyond the first of their item.
    pub guesses: u64,
    /// List removals (items covered and nodes hidden).
    pub updates: u64,
    /// Knuth's mems.
    pub mems: u64,
    /// Subproblems counted by this share.
    pub subproblems: usize,
    /// Why some subproblem stopped early, if one did (then the totals are lower bounds).
    pub stopped: Option<Stop>,
    /// The first solutions in search order (as option numbers, counted from 0), up to the
    /// number asked for.
    pub first: Vec<Vec<usize>>,
}

impl Totals {
    /// Adds one subproblem's counters, refusing to wrap.
    pub fn add(&mut self, stats: &SearchStats) -> Result<()> {
        let overflow = || Error::Overflow("a search counter overflowed 64 bits".into());
        self.solutions += u128::from(stats.solutions);
        self.nodes = self.nodes.checked_add(stats.nodes).ok_or_else(overflow)?;
        self.guesses = self
            .guesses
            .checked_add(stats.guesses)
            .ok_or_else(overflow)?;
        self.updates = self
            .updates
            .checked_add(stats.updates)
            .ok_or_else(overflow)?;
        if let Some(mems) = stats.mems {
            self.mems = self.mems.checked_add(mems).ok_or_else(overflow)?;
        }
        self.stopped = self.stopped.or(stats.stopped);
        Ok(())
    }
}

/// Counts the share `shard` of `split` on `threads` worker threads (0: every core), all of it
/// within `limits` (see the module docs), keeping the first `keep` solutions; `progress` is
/// called with the number of subproblems finished so far after each one. A split that was
/// itself stopped (`split.above.stopped`) is returned as it is.
pub fn count(
    dlx: &Dlx,
    split: &Split,
    shard: Shard,
    threads: usize,
    limits: &Limits,
    keep: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Totals> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let mine: Vec<&Vec<u32>> = split
        .prefixes
        .iter()
        .enumerate()
        .filter(|&(i, _)| shard.owns(i))
        .map(|(_, prefix)| prefix)
        .collect();
    let done = AtomicU64::new(0);
    let above = if shard.index == 1 {
        split.above
    } else {
        SearchStats::default()
    };
    if let Some(stop) = split.above.stopped {
        let mut totals = Totals {
            stopped: Some(stop),
            ..Totals::default()
        };
        totals.add(&above)?;
        return Ok(totals);
    }
    let budget = SharedBudget::new(limits.max_nodes, above.nodes);
    let limits = Limits {
        max_nodes: None,
        shared: Some(&budget),
        ..*limits
    };
    // One copy of the links per worker thread, made once (rayon's map_init would make one
    // per piece of work it splits off, thousands of copies of a large problem), each on
    // cache lines of its own: a search writes its counters at every unlink, and two copies
    // sharing a line cost dominoes 8x8 a third of its speed-up.
    let copies: Vec<OwnLines> = (0..pool.current_num_threads())
        .map(|_| OwnLines(OnceLock::new()))
        .collect();
    let results: Vec<(SearchStats, Vec<Vec<usize>>)> = pool.install(|| {
        mine.par_iter()
            .map(|prefix| {
                let slot = rayon::current_thread_index().unwrap_or(0) % copies.len();
                // Made by the worker itself on first use, so its arrays come from the
                // worker's own allocator arena, not interleaved with another worker's.
                let copy = copies[slot].0.get_or_init(|| Mutex::new(dlx.clone()));
                let mut links = copy.lock().expect("a worker's own copy");
                let mut kept: Vec<Vec<usize>> = Vec::new();
                if let Some(stop) = limits.check_now() {
                    // Stopped: the subproblems not started are left out of the counts.
                    budget.raise(stop);
                    let stats = SearchStats {
                        stopped: Some(stop),
                        ..SearchStats::default()
                    };
                    return (stats, kept);
                }
                let stats = links.search_below(prefix, &limits, |links, chosen| {
                    if kept.len() < keep {
                        let mut options: Vec<usize> = prefix
                            .iter()
                            .chain(chosen)
                            .map(|&x| links.option_of(x))
                            .collect();
                        options.sort_unstable();
                        kept.push(options);
                    }
                    Control::Continue
                });
                // The nodes past the last multiple of 256, which the search did not charge.
                budget.charge(stats.nodes % 256);
                if let Some(stop) = stats.stopped {
                    budget.raise(stop);
                }
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                (stats, kept)
            })
            .collect()
    });
    let mut totals = Totals {
        subproblems: mine.len(),
        ..Totals::default()
    };
    totals.add(&above)?;
    for (stats, kept) in results {
        totals.add(&stats)?;
        let room = keep.saturating_sub(totals.first.len());
        totals.first.extend(kept.into_iter().take(room));
    }
    Ok(totals)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::classic;

    #[test]
    fn threads_and_shards_give_the_single_thread_totals() {
        let mut dlx = classic::queens(9).unwrap().dlx();
        let whole = dlx.count(0);
        let split = dlx.split_into(100, 6, &Limits::NONE);
        assert!(split.prefixes.len() >= 100);
        for threads in [1, 2, 3] {
            let totals = count(
                &dlx,
                &split,
                Shard::WHOLE,
                threads,
                &Limits::NONE,
                0,
                &|_| {},
            )
            .unwrap();
            assert_eq!(totals.solutions, u128::from(whole.solutions));
            assert_eq!(
                (
                    totals.nodes,
                    totals.guesses,
                    totals.updates,
                    Some(totals.mems)
                ),
                (whole.nodes, whole.guesses, whole.updates, whole.mems)
            );
        }
        let mut sum = Totals::default();
        for index in 1..=5 {
            let shard = Shard { index, count: 5 };
            let part = count(&dlx, &split, shard, 2, &Limits::NONE, 0, &|_| {}).unwrap();
            sum.solutions += part.solutions;
            sum.nodes += part.nodes;
            sum.updates += part.updates;
            sum.mems += part.mems;
            sum.subproblems += part.subproblems;
        }
        assert_eq!(sum.solutions, u128::from(whole.solutions));
        assert_eq!(
            (sum.nodes, sum.updates, Some(sum.mems)),
            (whole.nodes, whole.updates, whole.mems)
        );
        assert_eq!(sum.subproblems, split.prefixes.len());
    }

    #[test]
    fn the_first_solutions_come_in_search_order() {
        let problem = classic::langford(7).unwrap();
        let mut dlx = problem.dlx();
        let mut single = Vec::new();
        dlx.search(|links, chosen| {
            let mut options: Vec<usize> = chosen.iter().map(|&x| links.option_of(x)).collect();
            options.sort_unstable();
            single.push(options);
            if single.len() == 5 {
                Control::Stop
            } else {
                Control::Continue
            }
        });
        let split = dlx.split_into(20, 6, &Limits::NONE);
        let totals = count(&dlx, &split, Shard::WHOLE, 2, &Limits::NONE, 5, &|_| {}).unwrap();
        assert_eq!(totals.first, single);
    }
}
