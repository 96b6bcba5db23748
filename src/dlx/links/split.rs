//! Splitting a search into subproblems: the positions at a fixed depth of the search tree.
//!
//! [`Dlx::split`] runs Algorithm X down to `depth` levels, counting exactly what the full
//! search counts there, and records each position it reaches at that depth as the option
//! nodes chosen on the way (a *prefix*). [`Dlx::search_below`] replays a prefix (covering
//! what the search covered on the way, without counting it), searches the subtree below
//! it, and restores the links. So the counters of the split plus those of every subtree
//! are exactly the counters of one full search: the same items are chosen (the MRV choice
//! depends only on the links) and every node and update is counted once.

use super::{Control, Dlx, SearchStats};
use crate::exact_cover::observe::Unobserved;
use crate::solver::Limits;

/// The positions at one depth of a search tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// The depth of the positions (levels of options chosen).
    pub depth: usize,
    /// Each position as the option nodes chosen to reach it, in search order.
    pub prefixes: Vec<Vec<u32>>,
    /// The counters of the search above that depth (solutions found there included).
    pub above: SearchStats,
}

impl Dlx {
    /// Runs the search down to `depth` levels and returns the positions there (see the
    /// module docs). Solutions shallower than `depth` are counted in `above`.
    pub fn split(&mut self, depth: usize) -> Split {
        self.split_within(depth, &Limits::NONE)
    }

    /// [`Dlx::split`] within `limits`: a split stopped by them has `above.stopped` set, and
    /// its prefixes are only those reached before the stop.
    pub fn split_within(&mut self, depth: usize, limits: &Limits) -> Split {
        let mut prefixes = Vec::new();
        let above = self.search_to_depth(
            limits,
            true,
            depth,
            &mut |chosen| prefixes.push(chosen.to_vec()),
            Unobserved,
            |_, _| Control::Continue,
        );
        Split {
            depth,
            prefixes,
            above,
        }
    }

    /// The shallowest split with at least `target` positions, at most `max_depth` deep (or
    /// the deepest tried when the tree ends first), each split tried within `limits`: one
    /// they stop is returned as it is (`above.stopped` set), so a deadline or an interrupt
    /// ends the splitting too.
    pub fn split_into(&mut self, target: usize, max_depth: usize, limits: &Limits) -> Split {
        let mut split = self.split_within(1, limits);
        let mut depth = 1;
        while split.prefixes.len() < target && depth < max_depth && split.above.stopped.is_none() {
            depth += 1;
            let deeper = self.split_within(depth, limits);
            if deeper.prefixes.is_empty() && deeper.above.stopped.is_none() {
                break; // every branch ended above this depth
            }
            split = deeper;
        }
        split
    }

    /// Searches the subtree below `prefix` (option nodes chosen from the root, as
    /// [`Split::prefixes`] holds them): `visit` sees the option nodes chosen below the
    /// prefix. Returns the counters of the subtree alone.
    pub fn search_below<F>(&mut self, prefix: &[u32], limits: &Limits, visit: F) -> SearchStats
    where
        F: FnMut(&Dlx, &[u32]) -> Control,
    {
        for &x in prefix {
            let i = self.nodes[x as usize].top as u32;
            self.descend(i, x);
        }
        let stats = self.search_to_depth(limits, false, usize::MAX, &mut |_| {}, Unobserved, visit);
        for &x in prefix.iter().rev() {
            let i = self.nodes[x as usize].top as u32;
            self.ascend(i, x);
        }
        stats
    }
}

#[cfg(test)]
mod tests {
    use crate::exact_cover::classic;
    use crate::exact_cover::SearchStats;

    fn sum(a: SearchStats, b: SearchStats) -> SearchStats {
        SearchStats {
            solutions: a.solutions + b.solutions,
            nodes: a.nodes + b.nodes,
            guesses: a.guesses + b.guesses,
            updates: a.updates + b.updates,
            mems: Some(a.mems.unwrap() + b.mems.unwrap()),
            stopped: None,
        }
    }

    #[test]
    fn a_split_and_its_subtrees_count_exactly_what_one_search_counts() {
        for problem in [classic::queens(8).unwrap(), classic::langford(7).unwrap()] {
            let mut dlx = problem.dlx();
            let whole = dlx.count(0);
            for depth in 1..=4 {
                let split = dlx.split(depth);
                let mut total = split.above;
                for prefix in &split.prefixes {
                    let below = dlx.search_below(prefix, &crate::solver::Limits::NONE, |_, _| {
                        super::Control::Continue
                    });
                    total = sum(total, below);
                }
                assert_eq!(total, whole, "depth {depth}");
                assert!(dlx.sanity().is_ok());
            }
        }
    }
}
