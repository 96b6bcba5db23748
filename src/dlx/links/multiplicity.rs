//! Multiplicities: Knuth's Algorithm M (his DLX3) over the same links, for problems whose
//! primary items are covered `u..=v` times (MCC).
//!
//! # State
//!
//! * `bounds[i]`: how many more chosen options item `i` may take (DLX3's `bound`; `v` at
//!   the root); `slacks[i]`: `v - u`, how many of those it may leave untaken. An item
//!   whose bound reaches 0 is covered: none of its remaining options can be chosen.
//! * `first_tweak[l]`: the top of level `l`'s item list when the level began tweaking it.
//!
//! # The search
//!
//! At each level, the active primary item of least *branching degree* `len + s - b + 1`
//! (`b` its bound, `s` its slack capped at `b`), ties to the smaller `s`, then the longer
//! list, then the leftmost. The level takes one more option of that item, or (when its slack
//! allows) none: when the item must take exactly its bound it is covered and its options
//! tried in turn, as in Algorithm X; otherwise each option tried is *tweaked*, taken out of
//! the item's list (and hidden from the others) for good at this level, so that a deeper
//! level choosing the same item cannot take the same option twice. Untweaking puts the
//! whole run of tweaked options back at once. A level whose item's list is exhausted but
//! whose slack allows makes the null move: the item leaves the active list. A solution is
//! reached when no primary item is active.
//!
//! The counters are DLX3's: `nodes` the levels entered (solutions included), `updates` the
//! items covered and the nodes unlinked (by covers, tweaks and purifications). Mems are not
//! counted here.

use super::{Dlx, Item, Node};
use crate::exact_cover::{Control, SearchStats};
use crate::solver::Limits;

impl Dlx {
    /// Primary item `i` (from 1) is covered `lower..=upper` times (`bounds[i - 1]`); with
    /// any bound other than `(1, 1)` searches run Algorithm M.
    pub fn set_multiplicities(&mut self, bounds: &[(u32, u32)]) {
        assert_eq!(
            bounds.len(),
            self.primary as usize,
            "one bound per primary item"
        );
        if bounds.iter().all(|&b| b == (1, 1)) {
            self.bounds = Vec::new();
            self.slacks = Vec::new();
            return;
        }
        self.bounds = std::iter::once(0)
            .chain(bounds.iter().map(|&(_, upper)| upper))
            .collect();
        self.slacks = std::iter::once(0)
            .chain(bounds.iter().map(|&(lower, upper)| upper - lower))
            .collect();
    }

    /// Whether searches run Algorithm M (some item has multiplicities).
    pub fn has_multiplicities(&self) -> bool {
        !self.bounds.is_empty()
    }

    fn unlink_item(&mut self, i: u32) {
        let Item { left, right } = self.item(i);
        self.item_mut(left).right = right;
        self.item_mut(right).left = left;
    }

    fn relink_item(&mut self, i: u32) {
        let Item { left, right } = self.item(i);
        self.item_mut(left).right = i;
        self.item_mut(right).left = i;
    }

    /// Hides the options in item `c`'s list (and unlinks `c` from the active list if
    /// `deactivate`); returns the updates.
    fn cover_item<const COLOURS: bool>(&mut self, c: u32, deactivate: bool) -> u64 {
        if deactivate {
            self.unlink_item(c);
        }
        let mut updates = 1;
        let mut p = self.node(c).down;
        while p != c {
            updates += self.hide::<COLOURS>(p);
            p = self.node(p).down;
        }
        updates
    }

    /// Undoes [`Dlx::cover_item`] (options in the same order: Knuth's DLX3 shows that
    /// relinking in the order of unlinking restores the lists as well).
    fn uncover_item<const COLOURS: bool>(&mut self, c: u32, reactivate: bool) {
        let mut p = self.node(c).down;
        while p != c {
            self.unhide::<COLOURS>(p);
            p = self.node(p).down;
        }
        if reactivate {
            self.relink_item(c);
        }
    }

    /// Takes option node `n` (the top of its item's list) out of that list, and with
    /// `block` hides the rest of its option; returns the updates.
    fn tweak<const COLOURS: bool>(&mut self, n: u32, block: bool) -> u64 {
        let hidden = if block { self.hide::<COLOURS>(n) } else { 0 };
        let Node { top, up, down } = self.node(n);
        self.node_mut(up).down = down;
        self.node_mut(down).up = up;
        *self.len_mut(top as u32) -= 1;
        hidden + 1
    }

    /// Puts back every option tweaked in item `c`'s list since `first`, and with
    /// `unblock` unhides them; without, uncovers `c` (it was covered when its bound
    /// reached 0).
    fn untweak<const COLOURS: bool>(&mut self, c: u32, first: u32, unblock: bool) {
        let rest = self.node(c).down;
        self.node_mut(c).down = first;
        let mut above = c;
        let mut r = first;
        let mut count = 0;
        while r != rest {
            self.node_mut(r).up = above;
            count += 1;
            if unblock {
                self.unhide::<COLOURS>(r);
            }
            above = r;
            r = self.node(r).down;
        }
        self.node_mut(rest).up = above;
        *self.len_mut(c) += count;
        if !unblock {
            self.uncover_item::<COLOURS>(c, false);
        }
    }

    /// The other items of option `x`: a primary item's bound goes down (covered at 0), a
    /// secondary one is covered or purified. Returns the updates.
    fn take_others<const COLOURS: bool>(&mut self, x: u32) -> u64 {
        let mut updates = 0;
        let mut p = x + 1;
        while p != x {
            let j = self.node(p).top;
            if j <= 0 {
                p = self.node(p).up;
                continue;
            }
            let j = j as u32;
            if j <= self.primary {
                self.bounds[j as usize] -= 1;
                if self.bounds[j as usize] == 0 {
                    updates += self.cover_item::<COLOURS>(j, true);
                }
            } else if !COLOURS || self.colour(p) == 0 {
                updates += self.cover_item::<COLOURS>(j, true);
            } else if self.colour(p) > 0 {
                let before = self.tally.hidden_nodes;
                self.purify::<false>(p);
                updates += self.tally.hidden_nodes - before;
            }
            p += 1;
        }
        updates
    }

    /// Undoes [`Dlx::take_others`], right to left.
    fn give_back_others<const COLOURS: bool>(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let j = self.node(p).top;
            if j <= 0 {
                p = self.node(p).down;
                continue;
            }
            let j = j as u32;
            if j <= self.primary {
                if self.bounds[j as usize] == 0 {
                    self.uncover_item::<COLOURS>(j, true);
                }
                self.bounds[j as usize] += 1;
            } else if !COLOURS || self.colour(p) == 0 {
                self.uncover_item::<COLOURS>(j, true);
            } else if self.colour(p) > 0 {
                self.unpurify::<false>(p);
            }
            p -= 1;
        }
    }

    /// DLX3's choice: the active item of least branching degree (see the module docs), or
    /// `None` when no primary item is active (a solution). Returns the item and degree.
    fn choose_by_degree(&self) -> Option<(u32, i64)> {
        let mut best = None;
        let (mut best_degree, mut best_slack, mut best_len) = (i64::MAX, 0i64, 0i64);
        let mut k = self.items[0].right;
        while k != 0 {
            let bound = i64::from(self.bounds[k as usize]);
            let slack = i64::from(self.slacks[k as usize]).min(bound);
            let len = i64::from(self.lens[k as usize]);
            let degree = len + slack - bound + 1;
            if degree < best_degree
                || (degree == best_degree
                    && (slack < best_slack || (slack == best_slack && len > best_len)))
            {
                (best, best_degree, best_slack, best_len) = (Some(k), degree, slack, len);
            }
            k = self.items[k as usize].right;
        }
        best.map(|item| (item, best_degree))
    }

    /// Algorithm M (see the module docs), calling `visit` with the chosen option nodes of
    /// every solution.
    pub(super) fn search_multiple<F>(&mut self, limits: &Limits, mut visit: F) -> SearchStats
    where
        F: FnMut(&Dlx, &[u32]) -> Control,
    {
        if self.coloured {
            self.multiple_loop::<true>(limits, &mut visit)
        } else {
            self.multiple_loop::<false>(limits, &mut visit)
        }
    }

    fn multiple_loop<const COLOURS: bool>(
        &mut self,
        limits: &Limits,
        visit: &mut dyn FnMut(&Dlx, &[u32]) -> Control,
    ) -> SearchStats {
        #[derive(Clone, Copy)]
        enum Step {
            Forward,
            Advance,
            Backup,
            Backdown,
        }
        let mut stats = SearchStats::default();
        let items = self.primary + self.secondary;
        // Per level: the node chosen (an option node, or the item's header for the null
        // move), and where tweaking began (0: the item was covered instead). A level takes
        // an option no level above took, or deactivates an item for good: the depth is at
        // most the options plus the primary items, so these never grow in the loop.
        let depth = (self.options + self.primary) as usize + 1;
        let mut choice: Vec<u32> = Vec::with_capacity(depth);
        let mut first_tweak: Vec<u32> = Vec::with_capacity(depth);
        let mut chosen: Vec<u32> = Vec::with_capacity(depth);
        let (mut best, mut current) = (0u32, 0u32);
        let mut step = Step::Forward;
        loop {
            step = match step {
                Step::Forward => {
                    stats.nodes += 1;
                    if let Some(stop) = limits.check(stats.nodes) {
                        stats.stopped = Some(stop);
                        // Every open level is inside its option or null move.
                        self.unwind::<COLOURS>(&mut choice, &mut first_tweak);
                        break;
                    }
                    match self.choose_by_degree() {
                        None => {
                            stats.solutions += 1;
                            chosen.clear();
                            chosen.extend(choice.iter().copied().filter(|&x| x > items));
                            if visit(self, &chosen) == Control::Stop {
                                self.unwind::<COLOURS>(&mut choice, &mut first_tweak);
                                break;
                            }
                            Step::Backdown
                        }
                        Some((_, degree)) if degree <= 0 => Step::Backdown,
                        Some((item, _)) => {
                            best = item;
                            current = self.node(best).down;
                            choice.push(current);
                            first_tweak.push(0);
                            let b = best as usize;
                            self.bounds[b] -= 1;
                            if self.bounds[b] == 0 && self.slacks[b] == 0 {
                                stats.updates += self.cover_item::<COLOURS>(best, true);
                            } else {
                                *first_tweak.last_mut().expect("a level") = current;
                                if self.bounds[b] == 0 {
                                    stats.updates += self.cover_item::<COLOURS>(best, true);
                                }
                            }
                            Step::Advance
                        }
                    }
                }
                Step::Advance => {
                    let b = best as usize;
                    let (bound, slack) = (self.bounds[b], self.slacks[b]);
                    let exact = bound == 0 && slack == 0;
                    let exhausted = if exact {
                        current == best
                    } else {
                        // Fewer options left than the item still needs.
                        i64::from(self.lens[b]) <= i64::from(bound) - i64::from(slack)
                    };
                    if exhausted {
                        Step::Backup
                    } else {
                        if !exact {
                            if current != best {
                                stats.updates += self.tweak::<COLOURS>(current, bound != 0);
                            } else if bound != 0 {
                                self.unlink_item(best);
                            }
                        }
                        if current > items {
                            stats.updates += self.take_others::<COLOURS>(current);
                        }
                        Step::Forward
                    }
                }
                Step::Backup => {
                    choice.pop();
                    let first = first_tweak.pop().expect("a level");
                    self.restore_level_item::<COLOURS>(best, first);
                    Step::Backdown
                }
                Step::Backdown => {
                    let Some(&node) = choice.last() else {
                        break;
                    };
                    current = node;
                    if current <= items {
                        // The null move: the item comes back to the active list.
                        best = current;
                        self.relink_item(best);
                        Step::Backup
                    } else {
                        best = self.node(current).top as u32;
                        self.give_back_others::<COLOURS>(current);
                        current = self.node(current).down;
                        *choice.last_mut().expect("a level") = current;
                        Step::Advance
                    }
                }
            };
        }
        debug_assert_eq!(self.sanity(), Ok(()), "links restored after the search");
        stats
    }

    /// Undoes every open level (a search told to stop), innermost first.
    fn unwind<const COLOURS: bool>(&mut self, choice: &mut Vec<u32>, first_tweak: &mut Vec<u32>) {
        let items = self.primary + self.secondary;
        while let Some(current) = choice.pop() {
            let first = first_tweak.pop().expect("one per level");
            let best = if current <= items {
                self.relink_item(current);
                current
            } else {
                self.give_back_others::<COLOURS>(current);
                self.node(current).top as u32
            };
            let b = best as usize;
            if current > items && self.bounds[b] == 0 && self.slacks[b] != 0 {
                // Covered (and so deactivated) when the level began: the level would have
                // ended with the null move, whose undoing reactivates it.
                self.relink_item(best);
            }
            self.restore_level_item::<COLOURS>(best, first);
        }
    }

    /// A level's end for its item `best` (DLX3's "restore the original state"): uncovered
    /// if it was covered to take exactly its bound, else its tweaked options (since
    /// `first`) put back; its bound goes up again.
    fn restore_level_item<const COLOURS: bool>(&mut self, best: u32, first: u32) {
        let b = best as usize;
        if self.bounds[b] == 0 && self.slacks[b] == 0 {
            self.uncover_item::<COLOURS>(best, true);
        } else {
            self.untweak::<COLOURS>(best, first, self.bounds[b] != 0);
        }
        self.bounds[b] += 1;
    }
}
