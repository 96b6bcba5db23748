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
//! * `peers`: flat, `peer_starts[c]..peer_starts[c + 1]` for cell `c`: every other cell
//!   sharing a row, column or box (20 for 9x9), in increasing order.
//! * `cell_units`: the row, column and box of each cell; `all_units` (flat, from
//!   `all_unit_starts`) adds the extra regions through it, and `unit_places` (parallel to
//!   `all_units`) the cell's place in each of them, its index in [`Geometry::unit`].
//! * `intersections`: one per (box, line) pair where a row or column crosses a box, with the
//!   `n` shared cells, the `side - n` other cells of the box and the `side - n` other cells of
//!   the line. Locked-candidate reasoning (pointing and claiming) works on these.
//!
//! # Variant geometries
//!
//! [`Geometry::custom`] builds the tables of a grid whose boxes are irregular regions
//! (jigsaw), rectangles or squares, with extra regions after the boxes (numbered from
//! `3 * side`: diagonals, windows, disjoint groups) and extra peers that share no unit with
//! a cell but must differ from it (a knight's or king's move away). Everything above holds
//! for them, except that a cell's peers then include the extra peers, and an intersection
//! is any (box, line) pair sharing two or more cells.
//!
//! A [`Cell`] is a `u16` (the largest grid has 625 cells) and a [`Unit`] a `u8` (at most 128
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
    /// Unit number `index` (below 128).
    #[inline]
    pub const fn new(index: usize) -> Unit {
        debug_assert!(index < MAX_UNITS);
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
/// The most units a geometry may have (a `u128` holds a cell's units as bits).
pub const MAX_UNITS: usize = 128;

/// Index tables for one grid size. Obtain one with [`Geometry::of`], or with
/// [`Geometry::custom`] for a variant's regions.
#[derive(Debug)]
pub struct Geometry {
    /// `n` for square `n`x`n` boxes; 0 when the boxes are other shapes.
    box_side: usize,
    side: usize,
    cells: usize,
    unit_count: usize,
    unit_cells: Vec<Cell>,
    peer_starts: Vec<u32>,
    peers: Vec<Cell>,
    cell_units: Vec<[Unit; 3]>,
    all_unit_starts: Vec<u32>,
    all_units: Vec<Unit>,
    unit_places: Vec<u8>,
    cell_unit_masks: Vec<u128>,
    intersections: Vec<Intersection>,
    /// What a box is called ("box", or "region" for jigsaw regions).
    box_word: &'static str,
    /// The names of the extra regions, in unit order.
    extra_names: Vec<String>,
    /// Whether some peers share no unit (then [`Geometry::sees`] reads `peers`).
    extra_peers: bool,
    /// The implied extra regions, as a unit bit set (see [`Geometry::implied_units`]).
    implied_units: u128,
}

/// A variant's regions and extra peers, for [`Geometry::custom`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Regions {
    /// Rows, columns and digits.
    pub side: usize,
    /// The `side` boxes or jigsaw regions, `side` cells each.
    pub boxes: Vec<Vec<Cell>>,
    /// Whether `boxes` are irregular regions (named "region 3" rather than "box 3").
    pub irregular: bool,
    /// Extra regions, `side` cells each, with their names ("main diagonal", "window 2").
    pub extras: Vec<(String, Vec<Cell>)>,
    /// For each cell, the cells it must differ from though they share no region (may
    /// repeat cells that do; they are merged).
    pub extra_peers: Vec<Vec<Cell>>,
    /// How many of `extras`, at their end, follow from the others (windoku's implied
    /// windows): units like the rest, but see [`Geometry::implied_units`].
    pub implied: usize,
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
    /// A box (or a jigsaw region).
    Box,
    /// An extra region of a variant: a diagonal, a window, a disjoint group.
    Extra,
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
        let boxes: Vec<Vec<Cell>> = (0..side)
            .map(|b| {
                let (top, left) = ((b / n) * n, (b % n) * n);
                (0..side)
                    .map(|i| Cell::new((top + i / n) * side + left + i % n))
                    .collect()
            })
            .collect();
        let regions = Regions {
            side,
            boxes,
            irregular: false,
            extras: Vec::new(),
            extra_peers: Vec::new(),
            implied: 0,
        };
        let mut geometry = Geometry::from_regions(&regions).expect("square boxes are valid");
        geometry.box_side = n;
        geometry
    }

    /// The tables of a variant's regions, built once per process for each distinct
    /// `regions` and kept for its lifetime (as [`Geometry::of`]'s are). Errors name what
    /// is wrong: a region that is not `side` distinct cells of the grid, a cell in other
    /// than one box, or more than [`MAX_UNITS`] units.
    pub fn custom(regions: &Regions) -> Result<&'static Geometry, String> {
        use std::collections::HashMap;
        use std::sync::Mutex;
        static MADE: OnceLock<Mutex<HashMap<Regions, &'static Geometry>>> = OnceLock::new();
        let made = MADE.get_or_init(|| Mutex::new(HashMap::new()));
        let mut made = made.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(&geometry) = made.get(regions) {
            return Ok(geometry);
        }
        let geometry: &'static Geometry = Box::leak(Box::new(Geometry::from_regions(regions)?));
        made.insert(regions.clone(), geometry);
        Ok(geometry)
    }

    fn from_regions(regions: &Regions) -> Result<Geometry, String> {
        let side = regions.side;
        let cells = side * side;
        let unit_count = 3 * side + regions.extras.len();
        if !(4..=25).contains(&side) || unit_count > MAX_UNITS {
            return Err(format!(
                "{side}x{side} with {unit_count} units is not supported"
            ));
        }
        let mut unit_cells = Vec::with_capacity(unit_count * side);
        for row in 0..side {
            unit_cells.extend((0..side).map(|col| Cell::new(row * side + col)));
        }
        for col in 0..side {
            unit_cells.extend((0..side).map(|row| Cell::new(row * side + col)));
        }
        let named = regions.boxes.iter().map(|b| ("box", b));
        let extras = regions.extras.iter().map(|(name, b)| (name.as_str(), b));
        if regions.boxes.len() != side {
            return Err(format!(
                "{} boxes for a side of {side}",
                regions.boxes.len()
            ));
        }
        for (name, region) in named.chain(extras) {
            let mut sorted = region.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.len() != side || sorted.iter().any(|c| c.index() >= cells) {
                return Err(format!("{name} is not {side} distinct cells of the grid"));
            }
            unit_cells.extend(sorted);
        }
        let mut box_of = vec![usize::MAX; cells];
        for (b, region) in regions.boxes.iter().enumerate() {
            for cell in region {
                if box_of[cell.index()] != usize::MAX {
                    return Err(format!("{} is in two boxes", cell_name(side, *cell)));
                }
                box_of[cell.index()] = b;
            }
        }
        let cell_units: Vec<[Unit; 3]> = (0..cells)
            .map(|c| {
                [
                    Unit::new(c / side),
                    Unit::new(side + c % side),
                    Unit::new(2 * side + box_of[c]),
                ]
            })
            .collect();
        let mut cell_all: Vec<Vec<(Unit, u8)>> = vec![Vec::new(); cells];
        for u in 0..unit_count {
            for (place, cell) in unit_cells[u * side..(u + 1) * side].iter().enumerate() {
                cell_all[cell.index()].push((Unit::new(u), place as u8));
            }
        }
        let cell_unit_masks: Vec<u128> = cell_all
            .iter()
            .map(|units| {
                units
                    .iter()
                    .fold(0u128, |mask, &(u, _)| mask | 1u128 << u.index())
            })
            .collect();
        let mut peer_starts = Vec::with_capacity(cells + 1);
        let mut peers = Vec::new();
        let mut extra_peers = false;
        for c in 0..cells {
            peer_starts.push(peers.len() as u32);
            let mut list: Vec<Cell> = (0..cells)
                .filter(|&other| other != c && cell_unit_masks[other] & cell_unit_masks[c] != 0)
                .map(Cell::new)
                .collect();
            if let Some(more) = regions.extra_peers.get(c) {
                let before = list.len();
                list.extend(
                    more.iter()
                        .copied()
                        .filter(|o| o.index() != c && o.index() < cells),
                );
                list.sort_unstable();
                list.dedup();
                extra_peers |= list.len() > before;
            }
            peers.extend(list);
        }
        peer_starts.push(peers.len() as u32);
        let mut all_unit_starts = Vec::with_capacity(cells + 1);
        let (mut all_units, mut unit_places) = (Vec::new(), Vec::new());
        for units in &cell_all {
            all_unit_starts.push(all_units.len() as u32);
            all_units.extend(units.iter().map(|&(u, _)| u));
            unit_places.extend(units.iter().map(|&(_, place)| place));
        }
        all_unit_starts.push(all_units.len() as u32);
        let intersections = intersections(side, &unit_cells);
        Ok(Geometry {
            box_side: 0,
            side,
            cells,
            unit_count,
            unit_cells,
            peer_starts,
            peers,
            cell_units,
            all_unit_starts,
            all_units,
            unit_places,
            cell_unit_masks,
            intersections,
            box_word: if regions.irregular { "region" } else { "box" },
            extra_names: regions
                .extras
                .iter()
                .map(|(name, _)| name.clone())
                .collect(),
            extra_peers,
            implied_units: (unit_count - regions.implied.min(regions.extras.len())..unit_count)
                .fold(0, |set, unit| set | 1u128 << unit),
        })
    }

    /// Box side `n` (3 for 9x9); 0 for a [`Geometry::custom`] one whose boxes are not
    /// square.
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

    /// Number of units (27 for 9x9; more with a variant's extra regions).
    #[inline]
    pub fn unit_count(&self) -> usize {
        self.unit_count
    }

    /// Whether some cells must differ though they share no unit (anti-knight, anti-king).
    pub fn has_extra_peers(&self) -> bool {
        self.extra_peers
    }

    /// Whether it has extra regions or extra peers (a variant's geometry).
    pub fn is_variant(&self) -> bool {
        self.unit_count > 3 * self.side || self.extra_peers
    }

    /// Every cell, in increasing order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + Clone {
        (0..self.cells).map(Cell::new)
    }

    /// Every unit: rows, then columns, then boxes, then any extra regions.
    pub fn units(&self) -> impl Iterator<Item = Unit> + Clone {
        (0..self.unit_count).map(Unit::new)
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

    /// The peers of `cell` (20 for 9x9), in increasing order.
    #[inline]
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        let c = cell.index();
        &self.peers[self.peer_starts[c] as usize..self.peer_starts[c + 1] as usize]
    }

    /// The row, column and box of `cell`.
    #[inline]
    pub fn units_of(&self, cell: Cell) -> [Unit; 3] {
        self.cell_units[cell.index()]
    }

    /// Every unit through `cell`, in increasing order: its row, column and box, then the
    /// extra regions through it.
    #[inline]
    pub fn all_units_of(&self, cell: Cell) -> &[Unit] {
        let c = cell.index();
        &self.all_units[self.all_unit_starts[c] as usize..self.all_unit_starts[c + 1] as usize]
    }

    /// The place of `cell` in each unit of [`Geometry::all_units_of`]: its index in
    /// [`Geometry::unit`].
    #[inline]
    pub fn unit_places(&self, cell: Cell) -> &[u8] {
        let c = cell.index();
        &self.unit_places[self.all_unit_starts[c] as usize..self.all_unit_starts[c + 1] as usize]
    }

    /// Whether two different cells must hold different digits: they share a unit, or are
    /// extra peers.
    #[inline]
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        a != b
            && (self.unit_mask(a) & self.unit_mask(b) != 0
                || self.extra_peers && self.peers(a).binary_search(&b).is_ok())
    }

    /// Whether two different cells share a unit (a row, column, box or extra region), not
    /// counting extra peers (a knight's or king's move away).
    #[inline]
    pub fn shares_unit(&self, a: Cell, b: Cell) -> bool {
        a != b && self.unit_mask(a) & self.unit_mask(b) != 0
    }

    /// The extra regions implied by the others (windoku's implied windows: the cells
    /// left between the windows in bands of rows and columns), as a unit bit set. They are
    /// units for every technique, but Sudoku Explainer's grouped strong links eliminate
    /// only from cells seeing their ends through the other units.
    #[inline]
    pub fn implied_units(&self) -> u128 {
        self.implied_units
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

    /// Whether a unit is a row, a column, a box or an extra region.
    pub fn unit_kind(&self, unit: Unit) -> UnitKind {
        match unit.index() / self.side {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            2 => UnitKind::Box,
            _ => UnitKind::Extra,
        }
    }

    /// A person's name for a unit: "row 3", "column 5", "box 6" (counted from 1), or an
    /// extra region's own name ("main diagonal").
    pub fn unit_name(&self, unit: Unit) -> String {
        let number = unit.index() % self.side + 1;
        match self.unit_kind(unit) {
            UnitKind::Row => format!("row {number}"),
            UnitKind::Column => format!("column {number}"),
            UnitKind::Box => format!("{} {number}", self.box_word),
            UnitKind::Extra => self.extra_names[unit.index() - 3 * self.side].clone(),
        }
    }

    /// A person's name for a cell: `r3c5` (counted from 1).
    pub fn cell_name(&self, cell: Cell) -> String {
        cell_name(self.side, cell)
    }
}

fn cell_name(side: usize, cell: Cell) -> String {
    format!("r{}c{}", cell.index() / side + 1, cell.index() % side + 1)
}

/// Every (box, line) pair sharing two or more cells, from the cells of each unit: for each
/// box in turn, the rows through it, then the columns.
fn intersections(side: usize, unit_cells: &[Cell]) -> Vec<Intersection> {
    let cells_of = |unit: usize| &unit_cells[unit * side..(unit + 1) * side];
    let mut intersections = Vec::new();
    for box_unit in 2 * side..3 * side {
        let box_cells = cells_of(box_unit);
        for line in 0..2 * side {
            let line_cells = cells_of(line);
            let shared: Vec<Cell> = box_cells
                .iter()
                .copied()
                .filter(|c| line_cells.contains(c))
                .collect();
            if shared.len() < 2 {
                continue;
            }
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
    fn custom_geometries_add_regions_and_peers_and_refuse_bad_regions() {
        let c = Cell::new;
        let classic = Geometry::of(3).unwrap();
        let boxes: Vec<Vec<Cell>> = (0..9)
            .map(|b| classic.unit(Unit::new(18 + b)).to_vec())
            .collect();
        let diagonal: Vec<Cell> = (0..9).map(|i| c(i * 10)).collect();
        // r5c5 and r3c4, a knight's move apart, sharing no unit.
        let mut extra_peers = vec![Vec::new(); 81];
        extra_peers[40].push(c(21));
        extra_peers[21].push(c(40));
        let regions = Regions {
            side: 9,
            boxes: boxes.clone(),
            irregular: false,
            extras: vec![("main diagonal".to_string(), diagonal)],
            extra_peers,
            implied: 0,
        };
        let g = Geometry::custom(&regions).unwrap();
        assert!(
            std::ptr::eq(g, Geometry::custom(&regions).unwrap()),
            "made once"
        );
        assert!(g.is_variant() && g.has_extra_peers() && !classic.is_variant());
        assert_eq!(g.unit_count(), 28);
        assert_eq!(g.unit_name(Unit::new(27)), "main diagonal");
        assert_eq!(g.unit_kind(Unit::new(27)), UnitKind::Extra);
        // r5c5 is on the diagonal: 20 classic peers, the 6 diagonal cells outside its box
        // and r3c4.
        assert_eq!(g.peers(c(40)).len(), 27);
        assert_eq!(g.all_units_of(c(40)), [4, 13, 22, 27].map(Unit::new));
        assert_eq!(g.unit_places(c(40)), [4, 4, 4, 4]);
        assert!(g.sees(c(0), c(80)) && !classic.sees(c(0), c(80)));
        assert!(g.sees(c(40), c(21)) && g.sees(c(21), c(40)) && !g.sees(c(40), c(19)));
        assert_eq!(g.intersections().len(), classic.intersections().len());
        let mut twice = regions.clone();
        twice.boxes[1] = twice.boxes[0].clone();
        assert!(Geometry::custom(&twice).unwrap_err().contains("two boxes"));
        let mut short = regions;
        short.extras[0].1.pop();
        assert!(Geometry::custom(&short)
            .unwrap_err()
            .contains("main diagonal"));
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
