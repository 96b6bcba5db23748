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
//! A [`Cell`] is a `u16` (the largest grid has 625 cells) and a [`Unit`] a `u8` (at most 75
//! units); both are newtypes, so neither can be mistaken for the other or for a digit. Engines
//! that want raw indices in their hot loops take [`Cell::index`] there and nowhere else.

use std::fmt;
use std::sync::OnceLock;

/// A cell, numbered row-major from 0 (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Cell(u16);

impl Cell {
    /// Cell number `index` (below 625).
    #[inline]
    pub const fn new(index: usize) -> Cell {
        debug_assert!(index < 625);
        Cell(index as u16)
    }

    /// Its number, for indexing per-cell tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cell({})", self.0)
    }
}

/// A unit: rows `0..side`, then columns, then boxes (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Unit(u8);

impl Unit {
    /// Unit number `index` (below 75).
    #[inline]
    pub const fn new(index: usize) -> Unit {
        debug_assert!(index < 75);
        Unit(index as u8)
    }

    /// Its number, for indexing per-unit tables and unit bit sets.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Unit({})", self.0)
    }
}

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
    unit_cells: Vec<Cell>,
    peers: Vec<Cell>,
    cell_units: Vec<[Unit; 3]>,
    cell_unit_masks: Vec<u128>,
    intersections: Vec<Intersection>,
}

/// Where a row or column crosses a box (see the module docs).
#[derive(Debug, Clone)]
pub struct Intersection {
    /// The row or column.
    pub line: Unit,
    /// The box.
    pub box_unit: Unit,
    /// The `n` cells shared by the box and the line.
    pub shared: Vec<Cell>,
    /// The cells of the box outside the line.
    pub box_rest: Vec<Cell>,
    /// The cells of the line outside the box.
    pub line_rest: Vec<Cell>,
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
            unit_cells.extend((0..side).map(|col| Cell::new(row * side + col)));
        }
        for col in 0..side {
            unit_cells.extend((0..side).map(|row| Cell::new(row * side + col)));
        }
        for b in 0..side {
            let (top, left) = ((b / n) * n, (b % n) * n);
            for i in 0..side {
                unit_cells.push(Cell::new((top + i / n) * side + left + i % n));
            }
        }
        let cell_units: Vec<[Unit; 3]> = (0..cells)
            .map(|c| {
                [
                    Unit::new(c / side),
                    Unit::new(side + c % side),
                    Unit::new(2 * side + box_of(c)),
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
                    peers.push(Cell::new(other));
                }
            }
            debug_assert_eq!(peers.len() - before, peer_count);
        }
        let intersections = intersections(n, &unit_cells);
        let cell_unit_masks = cell_units
            .iter()
            .map(|units| {
                units
                    .iter()
                    .fold(0u128, |mask, &u| mask | 1u128 << u.index())
            })
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
    pub fn cell_count(&self) -> usize {
        self.cells
    }

    /// Number of units (27 for 9x9).
    #[inline]
    pub fn unit_count(&self) -> usize {
        3 * self.side
    }

    /// Every cell, in increasing order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + Clone {
        (0..self.cells).map(Cell::new)
    }

    /// Every unit: rows, then columns, then boxes.
    pub fn units(&self) -> impl Iterator<Item = Unit> + Clone {
        (0..3 * self.side).map(Unit::new)
    }

    /// The cell in `row` and `column` (both from 0).
    #[inline]
    pub fn cell_at(&self, row: usize, column: usize) -> Cell {
        Cell::new(row * self.side + column)
    }

    /// The row of `cell`, from 0.
    #[inline]
    pub fn row_of(&self, cell: Cell) -> usize {
        cell.index() / self.side
    }

    /// The column of `cell`, from 0.
    #[inline]
    pub fn column_of(&self, cell: Cell) -> usize {
        cell.index() % self.side
    }

    /// The box of `cell`, from 0 (row-major, like cells).
    #[inline]
    pub fn box_of(&self, cell: Cell) -> usize {
        self.cell_units[cell.index()][2].index() - 2 * self.side
    }

    /// The cells of `unit`, in increasing order.
    #[inline]
    pub fn unit(&self, unit: Unit) -> &[Cell] {
        let u = unit.index();
        &self.unit_cells[u * self.side..(u + 1) * self.side]
    }

    /// The peers of `cell` (20 for 9x9).
    #[inline]
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        let c = cell.index();
        &self.peers[c * self.peer_count..(c + 1) * self.peer_count]
    }

    /// The row, column and box of `cell`.
    #[inline]
    pub fn units_of(&self, cell: Cell) -> [Unit; 3] {
        self.cell_units[cell.index()]
    }

    /// Whether two different cells share a unit.
    #[inline]
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        a != b && self.unit_mask(a) & self.unit_mask(b) != 0
    }

    /// The units of `cell` as a bit set over unit numbers (bit `u` = unit `u`; at most 75
    /// units, so a `u128` holds them).
    #[inline]
    pub fn unit_mask(&self, cell: Cell) -> u128 {
        self.cell_unit_masks[cell.index()]
    }

    /// Every (box, line) intersection.
    #[inline]
    pub fn intersections(&self) -> &[Intersection] {
        &self.intersections
    }

    /// Whether a unit is a row, a column or a box.
    pub fn unit_kind(&self, unit: Unit) -> UnitKind {
        match unit.index() / self.side {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        }
    }

    /// A person's name for a unit: "row 3", "column 5", "box 6" (counted from 1).
    pub fn unit_name(&self, unit: Unit) -> String {
        let number = unit.index() % self.side + 1;
        match self.unit_kind(unit) {
            UnitKind::Row => format!("row {number}"),
            UnitKind::Column => format!("column {number}"),
            UnitKind::Box => format!("box {number}"),
        }
    }

    /// A person's name for a cell: `r3c5` (counted from 1).
    pub fn cell_name(&self, cell: Cell) -> String {
        format!("r{}c{}", self.row_of(cell) + 1, self.column_of(cell) + 1)
    }
}

/// Every (box, line) intersection of the grids of box side `n`, from the cells of each unit.
fn intersections(n: usize, unit_cells: &[Cell]) -> Vec<Intersection> {
    let side = n * n;
    let mut intersections = Vec::with_capacity(2 * side * n);
    for b in 0..side {
        let box_unit = 2 * side + b;
        let box_cells = &unit_cells[box_unit * side..(box_unit + 1) * side];
        let (top, left) = ((b / n) * n, (b % n) * n);
        let lines = (top..top + n).chain((side + left)..(side + left + n));
        for line in lines {
            let line_cells = &unit_cells[line * side..(line + 1) * side];
            let shared: Vec<Cell> = box_cells
                .iter()
                .copied()
                .filter(|c| line_cells.contains(c))
                .collect();
            intersections.push(Intersection {
                line: Unit::new(line),
                box_unit: Unit::new(box_unit),
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
    intersections
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_peer_counts() {
        for (n, peers) in [(2, 7), (3, 20), (4, 39), (5, 64)] {
            let g = Geometry::of(n).unwrap();
            assert_eq!(g.side(), n * n);
            assert_eq!(g.peers(Cell::new(0)).len(), peers);
            assert_eq!(g.intersections().len(), 2 * n * n * n);
            // Every cell appears in exactly three units.
            let mut seen = vec![0; g.cell_count()];
            for u in g.units() {
                for &c in g.unit(u) {
                    seen[c.index()] += 1;
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
        let c = Cell::new;
        let peers = g.peers(c(40));
        assert!(peers.contains(&c(36)) && peers.contains(&c(4)) && peers.contains(&c(30)));
        assert!(!peers.contains(&c(40)) && !peers.contains(&c(0)));
        assert_eq!(g.units_of(c(40)), [4, 13, 22].map(Unit::new));
        assert_eq!(g.unit_name(Unit::new(22)), "box 5");
        assert_eq!(g.cell_name(c(40)), "r5c5");
        assert_eq!(g.box_of(c(40)), 4);
        assert!(g.sees(c(40), c(36)) && !g.sees(c(40), c(0)) && !g.sees(c(40), c(40)));
    }
}
