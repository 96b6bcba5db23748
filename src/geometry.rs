//! Cells, units and peers of a Sudoku grid, as index tables.
//!
//! # Numbering
//!
//! A grid with box side `n` (2..=5) has `side = n * n` rows, columns, boxes and digits, and
//! `side * side` cells. Cells are numbered row-major from 0; for 9x9:
//!
//! ```text
//!        c1 c2 c3   c4 c5 c6   c7 c8 c9
//!   r1    0  1  2 |  3  4  5 |  6  7  8      box 1 | box 2 | box 3
//!   r2    9 10 11 | 12 13 14 | 15 16 17
//!   r3   18 19 20 | 21 22 23 | 24 25 26
//!        ---------+----------+---------
//!   r4   27 ...                              box 4 | box 5 | box 6
//!   ...
//!   r9   72 73 74 | 75 76 77 | 78 79 80      box 7 | box 8 | box 9
//! ```
//!
//! Units are numbered `0..3 * side`: rows first (`0..side`), then columns (`side..2 * side`),
//! then boxes (`2 * side..3 * side`), boxes numbered row-major like cells. People read rows,
//! columns and boxes from 1 (`r3c5`, "box 6"); the tables here count from 0.
//!
//! # Tables
//!
//! * `unit_cells`: flat, `side` cells per unit, in increasing cell order.
//! * `peers`: flat, `peer_count` cells per cell: every other cell sharing a row, column or
//!   box (20 for 9x9), in increasing order.
//! * `intersections`: one per (box, line) pair where a row or column crosses a box, with the
//!   `n` shared cells, the `side - n` other cells of the box and the `side - n` other cells of
//!   the line. Locked-candidate reasoning (pointing and claiming) works on these.
//!
//! Cell indices are `u16` because the largest grid has 625 cells.

use std::sync::OnceLock;

/// The smallest supported box side (4x4 grids).
pub const MIN_BOX_SIDE: usize = 2;
/// The largest supported box side (25x25 grids).
pub const MAX_BOX_SIDE: usize = 5;

/// Index tables for one grid size. Obtain one with [`Geometry::of`].
#[derive(Debug)]
pub struct Geometry {
    box_side: usize,
    side: usize,
    cells: usize,
    peer_count: usize,
    unit_cells: Vec<u16>,
    peers: Vec<u16>,
    cell_units: Vec<[u16; 3]>,
    cell_unit_masks: Vec<u128>,
    intersections: Vec<Intersection>,
}

/// Where a row or column crosses a box (see the module docs).
#[derive(Debug, Clone)]
pub struct Intersection {
    /// The unit number of the row or column.
    pub line: u16,
    /// The unit number of the box.
    pub box_unit: u16,
    /// The `n` cells shared by the box and the line.
    pub shared: Vec<u16>,
    /// The cells of the box outside the line.
    pub box_rest: Vec<u16>,
    /// The cells of the line outside the box.
    pub line_rest: Vec<u16>,
}

/// What kind of unit a unit number is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
}

impl Geometry {
    /// The tables for box side `box_side` (2..=5), built once per process; `None` for an
    /// unsupported size.
    pub fn of(box_side: usize) -> Option<&'static Geometry> {
        static TABLES: [OnceLock<Geometry>; MAX_BOX_SIDE - MIN_BOX_SIDE + 1] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        if !(MIN_BOX_SIDE..=MAX_BOX_SIDE).contains(&box_side) {
            return None;
        }
        Some(TABLES[box_side - MIN_BOX_SIDE].get_or_init(|| Geometry::build(box_side)))
    }

    fn build(n: usize) -> Geometry {
        let side = n * n;
        let cells = side * side;
        let box_of = |cell: usize| (cell / side / n) * n + (cell % side) / n;
        let mut unit_cells = Vec::with_capacity(3 * side * side);
        for row in 0..side {
            unit_cells.extend((0..side).map(|col| (row * side + col) as u16));
        }
        for col in 0..side {
            unit_cells.extend((0..side).map(|row| (row * side + col) as u16));
        }
        for b in 0..side {
            let (top, left) = ((b / n) * n, (b % n) * n);
            for i in 0..side {
                unit_cells.push(((top + i / n) * side + left + i % n) as u16);
            }
        }
        let cell_units: Vec<[u16; 3]> = (0..cells)
            .map(|c| {
                [
                    (c / side) as u16,
                    (side + c % side) as u16,
                    (2 * side + box_of(c)) as u16,
                ]
            })
            .collect();
        let peer_count = 3 * (side - 1) - 2 * (n - 1);
        let mut peers = Vec::with_capacity(cells * peer_count);
        for c in 0..cells {
            let before = peers.len();
            for other in 0..cells {
                let shares = other / side == c / side
                    || other % side == c % side
                    || box_of(other) == box_of(c);
                if other != c && shares {
                    peers.push(other as u16);
                }
            }
            debug_assert_eq!(peers.len() - before, peer_count);
        }
        let mut intersections = Vec::with_capacity(2 * side * n);
        for b in 0..side {
            let box_unit = 2 * side + b;
            let box_cells = &unit_cells[box_unit * side..(box_unit + 1) * side];
            let (top, left) = ((b / n) * n, (b % n) * n);
            let lines = (top..top + n).chain((side + left)..(side + left + n));
            for line in lines {
                let line_cells = &unit_cells[line * side..(line + 1) * side];
                let shared: Vec<u16> = box_cells
                    .iter()
                    .copied()
                    .filter(|c| line_cells.contains(c))
                    .collect();
                intersections.push(Intersection {
                    line: line as u16,
                    box_unit: box_unit as u16,
                    box_rest: box_cells
                        .iter()
                        .copied()
                        .filter(|c| !shared.contains(c))
                        .collect(),
                    line_rest: line_cells
                        .iter()
                        .copied()
                        .filter(|c| !shared.contains(c))
                        .collect(),
                    shared,
                });
            }
        }
        let cell_unit_masks = cell_units
            .iter()
            .map(|units| units.iter().fold(0u128, |mask, &u| mask | 1u128 << u))
            .collect();
        Geometry {
            box_side: n,
            side,
            cells,
            peer_count,
            unit_cells,
            peers,
            cell_units,
            cell_unit_masks,
            intersections,
        }
    }

    /// Box side `n` (3 for 9x9).
    #[inline]
    pub fn box_side(&self) -> usize {
        self.box_side
    }

    /// Cells per row, column and box, and number of digits (9 for 9x9).
    #[inline]
    pub fn side(&self) -> usize {
        self.side
    }

    /// Number of cells (81 for 9x9).
    #[inline]
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// Number of units (27 for 9x9).
    #[inline]
    pub fn units(&self) -> usize {
        3 * self.side
    }

    /// The cells of unit `unit`, in increasing order.
    #[inline]
    pub fn unit(&self, unit: usize) -> &[u16] {
        &self.unit_cells[unit * self.side..(unit + 1) * self.side]
    }

    /// The peers of `cell` (20 for 9x9).
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }

    /// The row, column and box unit numbers of `cell`.
    #[inline]
    pub fn units_of(&self, cell: usize) -> [u16; 3] {
        self.cell_units[cell]
    }

    /// The units of `cell` as a bit set over unit numbers (bit `u` = unit `u`; at most 75
    /// units, so a `u128` holds them).
    #[inline]
    pub fn unit_mask(&self, cell: usize) -> u128 {
        self.cell_unit_masks[cell]
    }

    /// Every (box, line) intersection.
    #[inline]
    pub fn intersections(&self) -> &[Intersection] {
        &self.intersections
    }

    /// Whether a unit number is a row, a column or a box.
    pub fn unit_kind(&self, unit: usize) -> UnitKind {
        match unit / self.side {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        }
    }

    /// A person's name for a unit: "row 3", "column 5", "box 6" (counted from 1).
    pub fn unit_name(&self, unit: usize) -> String {
        let number = unit % self.side + 1;
        match self.unit_kind(unit) {
            UnitKind::Row => format!("row {number}"),
            UnitKind::Column => format!("column {number}"),
            UnitKind::Box => format!("box {number}"),
        }
    }

    /// A person's name for a cell: `r3c5` (counted from 1).
    pub fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", cell / self.side + 1, cell % self.side + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_peer_counts() {
        for (n, peers) in [(2, 7), (3, 20), (4, 39), (5, 64)] {
            let g = Geometry::of(n).unwrap();
            assert_eq!(g.side(), n * n);
            assert_eq!(g.peers(0).len(), peers);
            assert_eq!(g.intersections().len(), 2 * n * n * n);
            // Every cell appears in exactly three units.
            let mut seen = vec![0; g.cells()];
            for u in 0..g.units() {
                for &c in g.unit(u) {
                    seen[c as usize] += 1;
                }
            }
            assert!(seen.iter().all(|&k| k == 3));
        }
        assert!(Geometry::of(1).is_none());
        assert!(Geometry::of(6).is_none());
    }

    #[test]
    fn peers_are_exactly_the_cells_sharing_a_unit() {
        let g = Geometry::of(3).unwrap();
        // r5c5 (cell 40): its box is box 5, rows 4..6, columns 4..6.
        let peers = g.peers(40);
        assert!(peers.contains(&36) && peers.contains(&4) && peers.contains(&30));
        assert!(!peers.contains(&40) && !peers.contains(&0));
        assert_eq!(g.units_of(40), [4, 13, 22]);
        assert_eq!(g.unit_name(22), "box 5");
        assert_eq!(g.cell_name(40), "r5c5");
    }
}
