//! Where a grid's cell values live: in the grid itself up to 9x9, on the heap beyond.
//!
//! A 9x9 grid is what the solvers return and the corpora hold by the thousand; keeping its
//! 81 values in place means a solution or a parsed puzzle costs no allocation, and copying
//! a grid is one copy of 81 bytes (serg benchmark, first 2,000 puzzles, band engine, count
//! to 2: the two solutions' allocations and the `Vec` of them were 309 instructions of a
//! puzzle's 14,892, their release 437 more).

/// The values of the grids that fit in place: up to 81 cells (4x4 and 9x9).
pub(super) const INLINE_CELLS: usize = 81;

/// A grid's cell values, row-major.
///
/// Invariant: a grid of at most [`INLINE_CELLS`] cells is always `Inline`, its values
/// first and every byte after them 0; a larger one is always `Heap`, of exactly its cells.
/// So two stores of equal cells are equal as values (the derived equality and hash).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum CellStore {
    /// Up to 81 values in place, the rest 0.
    Inline([u8; INLINE_CELLS]),
    /// More than 81 values (16x16, 25x25).
    Heap(Vec<u8>),
}

impl CellStore {
    /// The store of `cells`, in place when they fit.
    pub(super) fn of_slice(cells: &[u8]) -> CellStore {
        if cells.len() <= INLINE_CELLS {
            let mut inline = [0; INLINE_CELLS];
            inline[..cells.len()].copy_from_slice(cells);
            CellStore::Inline(inline)
        } else {
            CellStore::Heap(cells.to_vec())
        }
    }

    /// The store of `cells` (kept as it is when it does not fit in place).
    pub(super) fn of_vec(cells: Vec<u8>) -> CellStore {
        if cells.len() <= INLINE_CELLS {
            CellStore::of_slice(&cells)
        } else {
            CellStore::Heap(cells)
        }
    }

    /// The first `len` values (`len`: the grid's number of cells).
    #[inline]
    pub(super) fn cells(&self, len: usize) -> &[u8] {
        match self {
            CellStore::Inline(inline) => &inline[..len],
            CellStore::Heap(heap) => heap,
        }
    }

    /// The first `len` values, to change in place.
    #[inline]
    pub(super) fn cells_mut(&mut self, len: usize) -> &mut [u8] {
        match self {
            CellStore::Inline(inline) => &mut inline[..len],
            CellStore::Heap(heap) => heap,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_grids_live_in_place_and_large_ones_on_the_heap() {
        let four = CellStore::of_vec(vec![1; 16]);
        assert!(matches!(four, CellStore::Inline(_)));
        assert_eq!(four.cells(16), &[1; 16][..]);
        let nine = CellStore::of_slice(&[2; 81]);
        assert!(matches!(nine, CellStore::Inline(_)));
        assert_eq!(nine.cells(81), &[2; 81][..]);
        let sixteen = CellStore::of_vec(vec![3; 256]);
        assert!(matches!(sixteen, CellStore::Heap(_)));
        assert_eq!(sixteen.cells(256).len(), 256);
    }

    #[test]
    fn equal_cells_are_equal_stores_whatever_built_them() {
        let mut changed = CellStore::of_slice(&[5; 16]);
        changed.cells_mut(16)[3] = 0;
        let mut values = vec![5; 16];
        values[3] = 0;
        assert_eq!(changed, CellStore::of_vec(values));
        assert_ne!(changed, CellStore::of_slice(&[5; 16]));
    }
}
