//! Sets of cells as bits: `words` 64-bit words a set (`cell_count / 64` rounded up, 10 on
//! a 25x25 grid), the sets stored one after the other in `bits`, set `k` at
//! `bits[k * words..(k + 1) * words]`, cell `c` its bit `c % 64` of word `c / 64`. The
//! grouped turbot fish keep their nodes' cells so; the cycle searches their peers and the
//! cells holding each digit.

use crate::geometry::Cell;

/// Sets of cells as bits (see the module docs).
#[derive(Debug, Default)]
pub(super) struct CellSets {
    words: usize,
    bits: Vec<u64>,
}

impl CellSets {
    /// No set yet, each of `words` words when made.
    pub(super) fn new(words: usize) -> CellSets {
        CellSets {
            words,
            bits: Vec::new(),
        }
    }

    /// Whether it holds no set.
    pub(super) fn is_empty(&self) -> bool {
        self.bits.is_empty()
    }

    /// Adds a set and returns its index.
    pub(super) fn push(&mut self, cells: impl IntoIterator<Item = Cell>) -> usize {
        let at = self.bits.len();
        self.bits.resize(at + self.words, 0);
        for cell in cells {
            self.bits[at + cell.index() / 64] |= 1 << (cell.index() % 64);
        }
        at / self.words
    }

    /// Makes it `count` empty sets of `words` words each.
    pub(super) fn reset(&mut self, words: usize, count: usize) {
        self.words = words;
        self.bits.clear();
        self.bits.resize(count * words, 0);
    }

    /// Adds `cell` to set `k`.
    pub(super) fn insert(&mut self, k: usize, cell: Cell) {
        self.bits[k * self.words + cell.index() / 64] |= 1 << (cell.index() % 64);
    }

    /// Set `k`'s words.
    pub(super) fn get(&self, k: usize) -> &[u64] {
        &self.bits[k * self.words..(k + 1) * self.words]
    }
}
