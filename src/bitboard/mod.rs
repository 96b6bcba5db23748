//! Bitboards: exact cover with colours on bit sets of options (Algorithm X as the fast
//! polyomino and queens solvers run it, made generic).
//!
//! Dancing links and dancing cells keep, for every item, the list of its options that are
//! still possible, and pay for every option they remove from every list (DLX1 makes 1.2
//! billion such updates counting pentominoes 6x10). A bitboard keeps one set instead: the
//! options still possible, one bit each. Choosing an option clears, in one pass over the
//! words of that set, every option that shares an item with it; the length of an item's
//! list, which the MRV rule needs, is the number of bits its options have in common with
//! the set, counted with `popcnt` where the processor has it. The work per node grows with
//! the number of words (options / 64) instead of with the options removed, which wins when
//! options are few and long and each choice removes many of them: queens, Langford pairs,
//! polyomino packings.
//!
//! # Layout
//!
//! Items are numbered from 0 in input order, primary first (`0..primary`); options from 0
//! in input order, option `o` at bit `o % 64` of word `o / 64` of every set.
//!
//! * `rows`: sets of options, `words` words each. Row `x` for an item `x` holds the options
//!   that contain `x`; after the items come one row per (secondary item, colour) pair that
//!   occurs, holding the options that contain the item with another colour or none: the
//!   options that clash with that colour.
//! * `kills[kill_start[o]..kill_start[o + 1]]`: the rows option `o` clears when it is
//!   chosen: its items' rows, or for a coloured secondary item the clash row of its colour.
//!   Option `o` is in its own primary items' rows, so choosing it clears it too.
//! * `covers[cover_start[o]..cover_start[o + 1]]`: the primary items of option `o`.
//! * The search keeps one frame per level (a level covers at least one primary item, so
//!   there are at most `primary + 1`): `live`, the options still possible (`words` words);
//!   `nonzero`, the indices of its nonzero words, the only ones a level reads; `open`, the
//!   primary items not yet covered (`primary_words` words); and `chosen`, the option each
//!   level took.
//!
//! # Invariants
//!
//! An option is live at a level exactly when it clashes with no option chosen above it:
//! it shares no primary item and no uncoloured secondary item with them, and gives every
//! coloured secondary item it shares the colour they gave it. A primary item's options at a
//! level are its row restricted to `live`; an open item with none is a dead end. A child's
//! frame is computed from its parent's, never modified in place, so backing up is moving
//! back a level: nothing is undone.
//!
//! # The search and its counters
//!
//! At each level, the open primary item with the fewest live options (ties: the first in
//! input order) is branched on; with no open item left, the chosen options are a solution.
//! `nodes` counts the root and every option tried, `guesses` the options tried beyond the
//! first of their item. There are no lists, so no updates, and no mems.
//!
//! Problems with multiplicities (Knuth's MCC) run their own search over the same rows,
//! with frames that also count each primary item's chosen options (`src/bitboard/multiplicity.rs`).
//!
//! ```
//! use sudolab::exact_cover::classic;
//! let mut board = classic::queens(8)?.bitboard();
//! assert_eq!(board.count(0).solutions, 92);
//! # Ok::<(), sudolab::Error>(())
//! ```

mod engine;
mod multiplicity;

pub use engine::MemoBoard;
pub use multiplicity::MemoCount;
#[allow(unsafe_code)] // one call into the copy compiled for POPCNT and BMI, see the file
mod search;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

/// The most memory the clash sets may take (see the layout).
const CLASHES_BUDGET: usize = 16 << 20;

/// An exact-cover problem as bit sets of options, ready to search.
#[derive(Debug, Clone)]
pub struct Bitboard {
    words: usize,
    primary: usize,
    primary_words: usize,
    rows: Vec<u64>,
    kills: Vec<u32>,
    kill_start: Vec<u32>,
    clashes: Vec<u64>,
    covers: Vec<u32>,
    cover_start: Vec<u32>,
    frames: Frames,
    /// Every primary item's bounds `(u, v)` when some are not `(1, 1)` (MCC), else empty.
    bounds: Vec<(u32, u32)>,
    multi: multiplicity::MultiFrames,
}

/// The search's per-level state (see the module docs).
#[derive(Debug, Clone, Default)]
struct Frames {
    live: Vec<u64>,
    nonzero: Vec<u32>,
    nonzero_len: Vec<u32>,
    open: Vec<u64>,
    chosen: Vec<u32>,
    cursors: Vec<search::Cursor>,
}

impl Bitboard {
    /// The bitboard of a problem with `primary` primary and `secondary` secondary items and
    /// the given options, each a list of (item, colour) pairs: items numbered from 0,
    /// primary first; colour 0 for none (colours only on secondary items).
    ///
    /// # Panics
    ///
    /// If an item is out of range or a primary item has a colour (a [`Problem`] never
    /// builds such options).
    ///
    /// [`Problem`]: crate::exact_cover::Problem
    pub fn new<O, I>(primary: usize, secondary: usize, options: O) -> Bitboard
    where
        O: IntoIterator<Item = I>,
        I: IntoIterator<Item = (u32, u32)>,
    {
        let items = primary + secondary;
        let options: Vec<Vec<(u32, u32)>> = options
            .into_iter()
            .map(|o| o.into_iter().collect())
            .collect();
        let words = options.len().div_ceil(64).max(1);
        let mut rows = vec![0u64; items * words];
        let mut clash_rows: HashMap<(u32, u32), u32> = HashMap::new();
        for (o, option) in options.iter().enumerate() {
            for &(item, colour) in option {
                assert!((item as usize) < items, "item {item} out of range");
                assert!(
                    colour == 0 || item as usize >= primary,
                    "primary item {item} with a colour"
                );
                rows[item as usize * words + o / 64] |= 1 << (o % 64);
                if colour != 0 && !clash_rows.contains_key(&(item, colour)) {
                    let row = (rows.len() / words) as u32;
                    clash_rows.insert((item, colour), row);
                    rows.extend(std::iter::repeat_n(0, words));
                }
            }
        }
        // Clash rows: the item's options minus those with the same colour.
        for (&(item, _), &row) in &clash_rows {
            let (start, item_start) = (row as usize * words, item as usize * words);
            rows.copy_within(item_start..item_start + words, start);
        }
        for (o, option) in options.iter().enumerate() {
            for (item, colour) in option.iter().filter(|&&(_, colour)| colour != 0) {
                let row = clash_rows[&(*item, *colour)] as usize;
                rows[row * words + o / 64] &= !(1 << (o % 64));
            }
        }
        let (mut kills, mut kill_start) = (Vec::new(), vec![0u32]);
        let (mut covers, mut cover_start) = (Vec::new(), vec![0u32]);
        for option in &options {
            for &(item, colour) in option {
                kills.push(if colour == 0 {
                    item
                } else {
                    clash_rows[&(item, colour)]
                });
                if (item as usize) < primary {
                    covers.push(item);
                }
            }
            kill_start.push(kills.len() as u32);
            cover_start.push(covers.len() as u32);
        }
        let mut clashes = Vec::new();
        if options.len() * words * 8 <= CLASHES_BUDGET {
            clashes = vec![0u64; options.len() * words];
            for o in 0..options.len() {
                for &row in &kills[kill_start[o] as usize..kill_start[o + 1] as usize] {
                    for w in 0..words {
                        clashes[o * words + w] |= rows[row as usize * words + w];
                    }
                }
            }
        }
        let primary_words = primary.div_ceil(64).max(1);
        let levels = primary + 1;
        let mut open = vec![0u64; levels * primary_words];
        for x in 0..primary {
            open[x / 64] |= 1 << (x % 64);
        }
        Bitboard {
            words,
            primary,
            primary_words,
            rows,
            kills,
            kill_start,
            clashes,
            covers,
            cover_start,
            frames: Frames {
                live: vec![0; levels * words],
                nonzero: vec![0; levels * words],
                nonzero_len: vec![0; levels],
                open,
                chosen: vec![0; levels],
                cursors: vec![search::Cursor::default(); levels],
            },
            bounds: Vec::new(),
            multi: multiplicity::MultiFrames::default(),
        }
    }

    /// Bytes the frames of a search with these bounds would take: `words` and `primary`
    /// as the problem has them (see [`Bitboard::set_bounds`]).
    pub fn multiplicity_frame_bytes(
        bounds: &[(u32, u32)],
        options: usize,
        primary: usize,
    ) -> usize {
        let words = options.div_ceil(64).max(1);
        let levels = Bitboard::multiplicity_levels(bounds, options);
        levels * (8 * (words + primary.div_ceil(64).max(1)) + 4 * primary + 32)
    }

    /// Gives every primary item bounds `(u, v)` (Knuth's MCC: covered by `u..=v` chosen
    /// options), one pair per primary item in order. All `(1, 1)` is plain exact cover.
    ///
    /// # Panics
    ///
    /// If there is not one pair per primary item, or some `u > v` or `v == 0`.
    pub fn set_bounds(&mut self, bounds: &[(u32, u32)]) {
        assert_eq!(
            bounds.len(),
            self.primary,
            "one pair of bounds per primary item"
        );
        assert!(
            bounds.iter().all(|&(u, v)| u <= v && v > 0),
            "bounds {bounds:?}"
        );
        if bounds.iter().all(|&b| b == (1, 1)) {
            self.bounds = Vec::new();
            self.multi = multiplicity::MultiFrames::default();
        } else {
            self.bounds = bounds.to_vec();
            let levels = Bitboard::multiplicity_levels(bounds, self.options());
            self.multi = multiplicity::MultiFrames::new(levels, self.words, self.primary);
        }
    }

    /// Whether each option has its clash set (the union of the rows it clears), which
    /// the search reads instead of the rows one by one: built when they fit in 16 MB.
    pub fn has_clash_sets(&self) -> bool {
        !self.clashes.is_empty()
    }

    /// Drops the clash sets: the search then clears an option's rows one by one, as it
    /// does on problems too large for them (for tests and measurements of that path).
    pub fn drop_clash_sets(&mut self) {
        self.clashes = Vec::new();
    }

    /// Sets `live` (`words` words) to every option of the problem: a search's root.
    fn fill_all_options(&self, live: &mut [u64]) {
        let options = self.options();
        for (w, word) in live[..self.words].iter_mut().enumerate() {
            *word = match options.saturating_sub(w * 64) {
                0 => 0,
                n if n >= 64 => u64::MAX,
                n => (1u64 << n) - 1,
            };
        }
    }

    /// Options of the problem.
    pub fn options(&self) -> usize {
        self.kill_start.len() - 1
    }

    /// Primary items of the problem.
    pub fn primary_items(&self) -> usize {
        self.primary
    }
}
