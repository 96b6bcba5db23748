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
//! items covered and the nodes unlinked (by covers, tweaks and purifications), and `mems`
//! DLX3's memory accesses, charged at the accesses DLX3 charges (`Tally::charged`; the list
//! walks shared with DLX1 report what they hid and skipped, and each caller charges DLX3's
//! price for it). A search stopped early is charged what DLX3 spends up to the stop, not the
//! undoing DLX3 skips.

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

    /// Charges `mems` of DLX3's.
    #[inline(always)]
    fn charge(&mut self, mems: u64) {
        self.tally.charged += mems;
    }

    /// Hides option `p` (its other nodes) and charges DLX3's price: the spacer's colour and
    /// links (2), per node unlinked 6 (colour, links, two writes, length read and write),
    /// per node of a purified item 1 (its colour). Returns the nodes unlinked.
    fn hide_charged<const COLOURS: bool>(&mut self, p: u32) -> u64 {
        let skipped = self.tally.skipped_nodes;
        let hidden = self.hide::<COLOURS>(p);
        self.charge(2 + 6 * hidden + (self.tally.skipped_nodes - skipped));
        hidden
    }

    /// Undoes [`Dlx::hide_charged`] at the same price.
    fn unhide_charged<const COLOURS: bool>(&mut self, p: u32) {
        let skipped = self.tally.unskipped_nodes;
        let relinked = self.unhide::<COLOURS>(p);
        self.charge(2 + 6 * relinked + (self.tally.unskipped_nodes - skipped));
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
            self.charge(3);
        }
        let mut updates = 1;
        let mut p = self.node(c).down;
        self.charge(1);
        while p != c {
            updates += self.hide_charged::<COLOURS>(p);
            p = self.node(p).down;
            self.charge(1);
        }
        updates
    }

    /// Undoes [`Dlx::cover_item`] (options in the same order: Knuth's DLX3 shows that
    /// relinking in the order of unlinking restores the lists as well).
    fn uncover_item<const COLOURS: bool>(&mut self, c: u32, reactivate: bool) {
        let mut p = self.node(c).down;
        self.charge(1);
        while p != c {
            self.unhide_charged::<COLOURS>(p);
            p = self.node(p).down;
            self.charge(1);
        }
        if reactivate {
            self.relink_item(c);
            self.charge(3);
        }
    }

    /// Takes option node `n` (the top of its item's list) out of that list, and with
    /// `block` hides the rest of its option; returns the updates.
    fn tweak<const COLOURS: bool>(&mut self, n: u32, block: bool) -> u64 {
        let hidden = if block {
            self.hide_charged::<COLOURS>(n)
        } else {
            0
        };
        let Node { top, up, down } = self.node(n);
        self.node_mut(up).down = down;
        self.node_mut(down).up = up;
        *self.len_mut(top as u32) -= 1;
        self.charge(6);
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
        self.charge(2);
        while r != rest {
            self.node_mut(r).up = above;
            count += 1;
            if unblock {
                self.unhide_charged::<COLOURS>(r);
            }
            above = r;
            r = self.node(r).down;
            self.charge(2);
        }
        self.node_mut(rest).up = above;
        *self.len_mut(c) += count;
        self.charge(3);
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
            self.charge(1);
            if j <= 0 {
                p = self.node(p).up;
                self.charge(1);
                continue;
            }
            let j = j as u32;
            if j <= self.primary {
                self.bounds[j as usize] -= 1;
                self.charge(2);
                if self.bounds[j as usize] == 0 {
                    updates += self.cover_item::<COLOURS>(j, true);
                }
            } else if !COLOURS || self.colour(p) == 0 {
                updates += self.cover_item::<COLOURS>(j, true);
            } else if self.colour(p) > 0 {
                let before = self.tally;
                self.purify::<false>(p);
                updates += self.tally.hidden_nodes - before.hidden_nodes;
                self.charge_purification(&before, false);
            }
            p += 1;
        }
        updates
    }

    /// Charges DLX3's price for the purification (or, with `undo`, the unpurification) that
    /// took the tally from `before` to now: the node and the list's first link (2), per
    /// option its link and colour (2), per option of the same colour 1 (its colour written),
    /// per other option its spacer (2), 6 per node unlinked or relinked and 2 per node of a
    /// purified item (links and item: `purify` reads the item apart from the colour).
    fn charge_purification(&mut self, before: &super::Tally, undo: bool) {
        let now = self.tally;
        let (options, same, nodes, skipped) = if undo {
            (
                now.unpurified_options - before.unpurified_options,
                now.restored - before.restored,
                now.unhidden_nodes - before.unhidden_nodes,
                now.unskipped_nodes - before.unskipped_nodes,
            )
        } else {
            (
                now.purified_options - before.purified_options,
                now.cleansed - before.cleansed,
                now.hidden_nodes - before.hidden_nodes,
                now.skipped_nodes - before.skipped_nodes,
            )
        };
        self.charge(2 + 2 * options + same + 2 * (options - same) + 6 * nodes + 2 * skipped);
    }

    /// Undoes [`Dlx::take_others`], right to left.
    fn give_back_others<const COLOURS: bool>(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let j = self.node(p).top;
            self.charge(1);
            if j <= 0 {
                p = self.node(p).down;
                self.charge(1);
                continue;
            }
            let j = j as u32;
            if j <= self.primary {
                self.charge(2);
                if self.bounds[j as usize] == 0 {
                    self.uncover_item::<COLOURS>(j, true);
                }
                self.bounds[j as usize] += 1;
            } else if !COLOURS || self.colour(p) == 0 {
                self.uncover_item::<COLOURS>(j, true);
            } else if self.colour(p) > 0 {
                let before = self.tally;
                self.unpurify::<true>(p);
                self.charge_purification(&before, true);
            }
            p -= 1;
        }
    }

    /// DLX3's choice: the active item of least branching degree (see the module docs), or
    /// `None` when no primary item is active (a solution). Returns the item and degree.
    fn choose_by_degree(&mut self) -> Option<(u32, i64)> {
        let mut best = None;
        let mut scanned = 0;
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
            scanned += 1;
        }
        // The list's first link, then per item its link and its slack and bound.
        self.charge(1 + 2 * scanned);
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
        self.tally = super::Tally::default();
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
                            // The first option and the choice (2), the bound (1).
                            self.charge(3);
                            if self.bounds[b] == 0 && self.slacks[b] == 0 {
                                stats.updates += self.cover_item::<COLOURS>(best, true);
                            } else {
                                *first_tweak.last_mut().expect("a level") = current;
                                self.charge(1);
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
                    // The bound and slack (1); when tweaking, the length again (2).
                    self.charge(if exact { 1 } else { 3 });
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
                                self.charge(3);
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
                    self.charge(2);
                    if current <= items {
                        // The null move: the item comes back to the active list.
                        best = current;
                        self.relink_item(best);
                        self.charge(3);
                        Step::Backup
                    } else {
                        best = self.node(current).top as u32;
                        self.give_back_others::<COLOURS>(current);
                        current = self.node(current).down;
                        self.charge(2);
                        *choice.last_mut().expect("a level") = current;
                        Step::Advance
                    }
                }
            };
        }
        debug_assert_eq!(self.sanity(), Ok(()), "links restored after the search");
        stats.mems = self.count_mems.then_some(self.tally.charged);
        stats
    }

    /// Undoes every open level (a search told to stop), innermost first.
    fn unwind<const COLOURS: bool>(&mut self, choice: &mut Vec<u32>, first_tweak: &mut Vec<u32>) {
        // DLX3 stops where it is: the undoing is not charged.
        let charged = self.tally.charged;
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
        self.tally.charged = charged;
    }

    /// A level's end for its item `best` (DLX3's "restore the original state"): uncovered
    /// if it was covered to take exactly its bound, else its tweaked options (since
    /// `first`) put back; its bound goes up again.
    fn restore_level_item<const COLOURS: bool>(&mut self, best: u32, first: u32) {
        let b = best as usize;
        self.charge(1);
        if self.bounds[b] == 0 && self.slacks[b] == 0 {
            self.uncover_item::<COLOURS>(best, true);
        } else {
            self.charge(1);
            self.untweak::<COLOURS>(best, first, self.bounds[b] != 0);
        }
        self.bounds[b] += 1;
        self.charge(2);
    }
}
