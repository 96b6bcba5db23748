//! The static links of each literal on `base`, worked out once per base.
//!
//! A nested round runs a cycle search from every candidate of its marks, and each walks
//! much of the same strongly connected component: on 25x25 puzzles with the nested levels
//! on, [`Chaining::consequences`] called from the cycle searches was a sixth of the time,
//! the same literal's links on the same marks worked out again and again. A static
//! search's consequences depend on `base`, the literal, the kind of links and whether the
//! search is nested (its hidden parents), so they are kept here the first time they are
//! worked out and copied after; a dynamic search's depend on its own `marks` and are
//! never kept.
//!
//! # Layout
//!
//! * `stamp[literal * 3 + kind]` (`kind` a [`Links::index`]): `generation` when the
//!   consequences of `literal` along `kind` are kept, anything else when they are not.
//! * `span[literal * 3 + kind]`: where they are kept, a range of `data`.
//! * `data`: the kept consequences, groups as [`Chaining::consequences`] writes them to
//!   `found` (a literal, its number of hidden parents, those parents).
//! * `generation`: the current base's stamp, never 0 (0 is the stamps' initial value).
//! * `nested`: what [`Chaining::nested`] was when the kept ones were worked out.
//!
//! Invariant: every span with the current stamp lies within `data` and holds what
//! [`Chaining::consequences`] gives on the current `base` with `nested` as it is;
//! [`Chaining::set_base_with_places`] starts a new generation.

use std::ops::Range;

use super::{Chaining, Links};

/// The kept static links of one base (see the module docs); empty until first used.
#[derive(Debug, Default)]
pub(super) struct LinksMemo {
    stamp: Vec<u32>,
    span: Vec<(u32, u32)>,
    data: Vec<u32>,
    generation: u32,
    nested: bool,
}

impl LinksMemo {
    /// Forgets every kept literal: the base changed.
    pub(super) fn clear(&mut self) {
        self.data.clear();
        if self.generation == u32::MAX {
            self.generation = 0;
            self.stamp.fill(0);
        }
        self.generation += 1;
    }
}

impl Chaining<'_> {
    /// The literals `literal` leads to along the static links `links` on `base`, appended
    /// to `self.found` as [`Chaining::consequences`] appends them (kept from the first
    /// time on this base).
    pub(super) fn static_consequences(&mut self, literal: u32, links: Links) {
        let range = self.static_links(literal, links);
        self.found.extend_from_slice(&self.links_memo.data[range]);
    }

    /// Where the kept consequences of `literal` along `links` on `base` are in
    /// `self.links_memo.data` (worked out now if they were not kept).
    pub(super) fn static_links(&mut self, literal: u32, links: Links) -> Range<usize> {
        let memo = &mut self.links_memo;
        if memo.stamp.is_empty() {
            let literals = self.reached.len();
            memo.stamp = vec![0; literals * 3];
            memo.span = vec![(0, 0); literals * 3];
            memo.generation = 1;
            memo.nested = self.nested;
        }
        if memo.nested != self.nested {
            memo.clear();
            memo.nested = self.nested;
        }
        let key = literal as usize * 3 + links.index();
        if memo.stamp[key] == memo.generation {
            let (from, to) = memo.span[key];
            let range = from as usize..to as usize;
            // The debug builds check the invariant: the kept links are today's.
            #[cfg(debug_assertions)]
            {
                let start = self.found.len();
                self.consequences(literal, links, false);
                let fresh = self.found.split_off(start);
                debug_assert_eq!(fresh, self.links_memo.data[range.clone()], "stale links");
            }
            return range;
        }
        let start = self.found.len();
        self.consequences(literal, links, false);
        let memo = &mut self.links_memo;
        let from = memo.data.len();
        memo.data.extend_from_slice(&self.found[start..]);
        self.found.truncate(start);
        memo.stamp[key] = memo.generation;
        memo.span[key] = (from as u32, memo.data.len() as u32);
        from..memo.data.len()
    }

    /// The kept links' groups, taken out while a search reads them (put back with
    /// [`Chaining::put_back_links`]).
    pub(super) fn take_links(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.links_memo.data)
    }

    /// Puts back what [`Chaining::take_links`] took.
    pub(super) fn put_back_links(&mut self, data: Vec<u32>) {
        self.links_memo.data = data;
    }
}
