//! The unchecked accessors of the node and item arrays: the only `unsafe` of dancing links.

use super::{Dlx, Item, Node};

impl Dlx {
    // The six accessors below are the only `unsafe` of dancing links. They skip bounds checks in
    // the cover/uncover loops and the MRV scan. Measured against the same code with checked
    // indexing, interleaved runs, counting to 2: magictour top1465 mean 191 -> 174 us
    // (median 125 -> 115 us) per puzzle, 17-clue 42 -> 40 us. `len`, in DLX1's walk of the
    // item list: dominoes 8x8 counted in full 1.68 -> 1.50 s (three interleaved runs).
    //
    // The invariant that makes them sound: every `up`, `down`, `left` and `right` field and
    // every spacer-adjacent `p + 1` / `p - 1` holds an index below `nodes.len()` (for nodes)
    // or `items.len()` (for items; `lens` has the same length), and every option node's
    // `top` is an item in `1..=N`.
    // `with_node_capacity` establishes this (it asserts every item is in range and links
    // only to nodes it has pushed; each option is followed by a spacer, so `p + 1` exists
    // for an option node and `p - 1` is at least the first spacer), and cover/uncover only
    // copy existing link values between fields, so it holds forever after. The arrays are
    // never resized after construction.

    #[inline(always)]
    pub(super) fn node(&self, x: u32) -> Node {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: `x` is a link or neighbour of a link; see the invariant above.
        unsafe { *self.nodes.get_unchecked(x as usize) }
    }

    #[inline(always)]
    pub(super) fn node_mut(&mut self, x: u32) -> &mut Node {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: `x` is a link or neighbour of a link; see the invariant above.
        unsafe { self.nodes.get_unchecked_mut(x as usize) }
    }

    #[inline(always)]
    pub(super) fn item(&self, i: u32) -> Item {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: `i` is an item link or an option node's `top`; see the invariant above.
        unsafe { *self.items.get_unchecked(i as usize) }
    }

    #[inline(always)]
    pub(super) fn item_mut(&mut self, i: u32) -> &mut Item {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: `i` is an item link or an option node's `top`; see the invariant above.
        unsafe { self.items.get_unchecked_mut(i as usize) }
    }

    #[inline(always)]
    pub(super) fn len(&self, i: u32) -> u32 {
        debug_assert!((i as usize) < self.lens.len());
        // SAFETY: `i` is an item link; `lens` has the length of `items`; see the invariant
        // above.
        unsafe { *self.lens.get_unchecked(i as usize) }
    }

    #[inline(always)]
    pub(super) fn len_mut(&mut self, i: u32) -> &mut u32 {
        debug_assert!((i as usize) < self.lens.len());
        // SAFETY: `i` is an item link or an option node's `top`, and `lens` has the length
        // of `items`; see the invariant above.
        unsafe { self.lens.get_unchecked_mut(i as usize) }
    }
}
