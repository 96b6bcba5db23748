//! Cover and uncover, hide and unhide, purify and unpurify: the list operations of
//! Algorithms X and C (see the module docs of [`links`](super)).

use super::{Dlx, Item, Node, COVERED};

impl Dlx {
    /// The colour of node `x` in a coloured search: 0 for none (and in spacers and headers),
    /// -1 once purified (see [`Dlx::purify`]).
    #[inline(always)]
    pub(super) fn colour(&self, x: u32) -> i32 {
        self.colours[x as usize]
    }

    /// Unlinks the other nodes of option `p` from their items' lists. With `COLOURS`, nodes
    /// of purified secondary items (colour -1) stay where they are, as in DLX2: their lists
    /// are never searched again until unpurified.
    #[inline]
    pub(super) fn hide<const COLOURS: bool>(&mut self, p: u32) -> u64 {
        let mut hidden = 0;
        let mut q = p + 1;
        while q != p {
            let Node { top, up, down } = self.node(q);
            if top <= 0 {
                q = up;
            } else {
                if !COLOURS || self.colour(q) >= 0 {
                    self.node_mut(up).down = down;
                    self.node_mut(down).up = up;
                    *self.len_mut(top as u32) -= 1;
                    hidden += 1;
                } else {
                    self.tally.skipped_nodes += 1;
                }
                q += 1;
            }
        }
        hidden
    }

    #[inline]
    pub(super) fn cover<const MEMS: bool, const COLOURS: bool>(&mut self, i: u32) {
        self.tally.covers += 1;
        if MEMS {
            self.tally.hidden_options += u64::from(*self.len_mut(i));
            self.active -= u32::from(i <= self.primary);
        }
        let mut hidden = 0;
        let mut p = self.node(i).down;
        while p != i {
            hidden += self.hide::<COLOURS>(p);
            p = self.node(p).down;
        }
        self.tally.hidden_nodes += hidden;
        let Item { left, right } = self.item(i);
        self.item_mut(left).right = right;
        self.item_mut(right).left = left;
        *self.len_mut(i) |= COVERED;
    }

    /// Relinks the other nodes of option `p`; returns how many.
    #[inline]
    pub(super) fn unhide<const COLOURS: bool>(&mut self, p: u32) -> u64 {
        let mut relinked = 0;
        let mut q = p - 1;
        while q != p {
            let Node { top, up, down } = self.node(q);
            if top <= 0 {
                q = down;
            } else {
                if !COLOURS || self.colour(q) >= 0 {
                    self.node_mut(up).down = q;
                    self.node_mut(down).up = q;
                    *self.len_mut(top as u32) += 1;
                    relinked += 1;
                } else {
                    self.tally.unskipped_nodes += 1;
                }
                q -= 1;
            }
        }
        relinked
    }

    #[inline]
    pub(super) fn uncover<const MEMS: bool, const COLOURS: bool>(&mut self, i: u32) {
        let Item { left, right } = self.item(i);
        self.item_mut(left).right = i;
        self.item_mut(right).left = i;
        *self.len_mut(i) &= !COVERED;
        if MEMS {
            self.active += u32::from(i <= self.primary);
            self.tally.uncovers += 1;
            self.tally.unhidden_options += u64::from(*self.len_mut(i));
        }
        let mut relinked = 0;
        let mut p = self.node(i).up;
        while p != i {
            relinked += self.unhide::<COLOURS>(p);
            p = self.node(p).up;
        }
        if MEMS {
            self.tally.unhidden_nodes += relinked;
        }
    }

    /// Algorithm C's purification, for node `p` of a chosen option that gives its secondary
    /// item `c` colour `x > 0`: every other option in `c`'s list either wants colour `x` too
    /// (it is compatible: its node's colour becomes -1, so that no later choice purifies it
    /// again and no hide unlinks it) or is hidden. `c` stays in its list of secondary items:
    /// secondary items are never chosen.
    pub(super) fn purify<const MEMS: bool>(&mut self, p: u32) {
        let c = self.node(p).top as u32;
        let x = self.colour(p);
        self.tally.purifies += 1;
        let mut hidden = 0;
        let mut r = self.node(c).down;
        while r != c {
            if self.colour(r) == x {
                self.colours[r as usize] = -1;
                self.tally.cleansed += 1;
            } else {
                hidden += self.hide::<true>(r);
            }
            self.tally.purified_options += 1;
            r = self.node(r).down;
        }
        self.tally.hidden_nodes += hidden;
    }

    /// Undoes [`Dlx::purify`], bottom to top.
    pub(super) fn unpurify<const MEMS: bool>(&mut self, p: u32) {
        let c = self.node(p).top as u32;
        let x = self.colour(p);
        self.tally.unpurifies += 1;
        let mut relinked = 0;
        let mut r = self.node(c).up;
        while r != c {
            if self.colour(r) < 0 {
                self.colours[r as usize] = x;
                self.tally.restored += 1;
            } else {
                relinked += self.unhide::<true>(r);
            }
            self.tally.unpurified_options += 1;
            r = self.node(r).up;
        }
        if MEMS {
            self.tally.unhidden_nodes += relinked;
        }
    }

    /// Covers the items of option `x` other than its item `top(x)`, left to right (wrapping
    /// through the spacer); with `COLOURS`, purifies the coloured ones instead (and skips
    /// those an earlier choice purified to the same colour).
    #[inline]
    pub(super) fn cover_others<const MEMS: bool, const COLOURS: bool>(&mut self, x: u32) {
        let mut p = x + 1;
        while p != x {
            let j = self.node(p).top;
            if j <= 0 {
                p = self.node(p).up;
            } else {
                if !COLOURS || self.colour(p) == 0 {
                    self.cover::<MEMS, COLOURS>(j as u32);
                } else if self.colour(p) > 0 {
                    self.purify::<MEMS>(p);
                } else {
                    self.tally.passed += 1;
                }
                p += 1;
            }
        }
    }

    /// Undoes [`Dlx::cover_others`], right to left.
    #[inline]
    pub(super) fn uncover_others<const MEMS: bool, const COLOURS: bool>(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let j = self.node(p).top;
            if j <= 0 {
                p = self.node(p).down;
            } else {
                if !COLOURS || self.colour(p) == 0 {
                    self.uncover::<MEMS, COLOURS>(j as u32);
                } else if self.colour(p) > 0 {
                    self.unpurify::<MEMS>(p);
                } else {
                    self.tally.unpassed += 1;
                }
                p -= 1;
            }
        }
    }

    /// Covers item `i` and the other items of its option `x` (one step down the tree),
    /// without counting mems: for replaying prefixes and probes.
    pub(in crate::dlx) fn descend(&mut self, i: u32, x: u32) {
        if self.coloured {
            self.cover::<false, true>(i);
            self.cover_others::<false, true>(x);
        } else {
            self.cover::<false, false>(i);
            self.cover_others::<false, false>(x);
        }
    }

    /// Undoes [`Dlx::descend`].
    pub(in crate::dlx) fn ascend(&mut self, i: u32, x: u32) {
        if self.coloured {
            self.uncover_others::<false, true>(x);
            self.uncover::<false, true>(i);
        } else {
            self.uncover_others::<false, false>(x);
            self.uncover::<false, false>(i);
        }
    }
}
