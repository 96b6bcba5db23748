//! A variant's index tables: what the engines read instead of the classic geometry.
//!
//! # Tables
//!
//! * `houses`: every set of `side` cells that holds each digit once: rows, then columns,
//!   then boxes or jigsaw regions, then the extra regions of the rules (diagonals, windows,
//!   disjoint groups), each with its cells in increasing order.
//! * `cell_houses[c]`: the houses through cell `c`, in house order.
//! * `peers[c]`: every other cell that must hold a digit other than `c`'s: the cells of its
//!   houses, a knight's or king's move away (anti-knight, anti-king), and the other cells of
//!   its cage; sorted, without repeats.
//! * `neighbours[c]`: the orthogonal neighbours of `c` whose digits may not be consecutive
//!   to its digit (non-consecutive only; empty otherwise).
//! * `cages` and `cage_of[c]`: the killer cages and the cage of each cell.
//!
//! Invariant: `houses` have `side` distinct cells each, and `peers` and `neighbours` are
//! symmetric (`b` is in `peers[a]` exactly when `a` is in `peers[b]`).
//!
//! ```
//! use sudolab::variant::{Layout, Regions, Rule, Variant};
//! let x = Variant::new(9, Regions::Boxes { rows: 3, columns: 3 }, &[Rule::Diagonals], vec![])?;
//! let layout = Layout::new(&x);
//! assert_eq!(layout.houses().len(), 27 + 2);
//! assert_eq!(layout.peers(sudolab::geometry::Cell::new(40)).len(), 20 + 12); // r5c5
//! # Ok::<(), sudolab::Error>(())
//! ```

use super::{Cage, Regions, Rule, Variant};
use crate::error::{Error, Result};
use crate::geometry::{self, Cell, Geometry};

/// What kind of house a house is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A rectangular box.
    Box,
    /// A jigsaw region.
    Region,
    /// A main diagonal (0: top left to bottom right, 1: top right to bottom left).
    Diagonal,
    /// A windoku window.
    Window,
    /// A disjoint group.
    Group,
}

/// A set of `side` cells holding each digit once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct House {
    /// Its kind.
    pub kind: HouseKind,
    /// Its number among the houses of its kind, from 0.
    pub number: usize,
    /// Its cells, in increasing order.
    pub cells: Vec<Cell>,
}

impl House {
    /// Its name for people: `row 3`, `box 6`, `region 2`, `window 1`, `group 5`, `main
    /// diagonal`, `anti-diagonal` (counted from 1).
    pub fn name(&self) -> String {
        let number = self.number + 1;
        match self.kind {
            HouseKind::Row => format!("row {number}"),
            HouseKind::Column => format!("column {number}"),
            HouseKind::Box => format!("box {number}"),
            HouseKind::Region => format!("region {number}"),
            HouseKind::Window => format!("window {number}"),
            HouseKind::Group => format!("group {number}"),
            HouseKind::Diagonal if self.number == 0 => "main diagonal".to_string(),
            HouseKind::Diagonal => "anti-diagonal".to_string(),
        }
    }
}

/// The tables of one variant (see the module docs).
#[derive(Debug, Clone)]
pub struct Layout {
    side: usize,
    houses: Vec<House>,
    cell_houses: Vec<Vec<u16>>,
    peers: Vec<Vec<Cell>>,
    neighbours: Vec<Vec<Cell>>,
    cages: Vec<Cage>,
    cage_of: Vec<Option<u16>>,
}

impl Layout {
    /// The tables of `variant`.
    pub fn new(variant: &Variant) -> Layout {
        let side = variant.side();
        let cells = side * side;
        let houses = houses(variant);
        let mut cell_houses = vec![Vec::new(); cells];
        for (h, house) in houses.iter().enumerate() {
            for &cell in &house.cells {
                cell_houses[cell.index()].push(h as u16);
            }
        }
        let mut cage_of = vec![None; cells];
        for (k, cage) in variant.cages().iter().enumerate() {
            for &cell in &cage.cells {
                cage_of[cell.index()] = Some(k as u16);
            }
        }
        let mut peers: Vec<Vec<Cell>> = vec![Vec::new(); cells];
        for house in &houses {
            for &a in &house.cells {
                peers[a.index()].extend(house.cells.iter().copied().filter(|&b| b != a));
            }
        }
        for cage in variant.cages() {
            for &a in &cage.cells {
                peers[a.index()].extend(cage.cells.iter().copied().filter(|&b| b != a));
            }
        }
        let moves = |rule: Rule, offsets: &[(i32, i32)], peers: &mut Vec<Vec<Cell>>| {
            if variant.has(rule) {
                for (cell, list) in peers.iter_mut().enumerate() {
                    list.extend(offset_cells(side, cell, offsets));
                }
            }
        };
        moves(Rule::AntiKnight, &KNIGHT, &mut peers);
        moves(Rule::AntiKing, &KING, &mut peers);
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        let neighbours = (0..cells)
            .map(|cell| {
                if variant.has(Rule::NonConsecutive) {
                    orthogonal_neighbours(side, Cell::new(cell)).collect()
                } else {
                    Vec::new()
                }
            })
            .collect();
        Layout {
            side,
            houses,
            cell_houses,
            peers,
            neighbours,
            cages: variant.cages().to_vec(),
            cage_of,
        }
    }

    /// Rows, columns and digits.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Cells.
    pub fn cells(&self) -> usize {
        self.side * self.side
    }

    /// Every house (see the module docs).
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// The houses through `cell`, as indices into [`Layout::houses`].
    pub fn houses_of(&self, cell: Cell) -> &[u16] {
        &self.cell_houses[cell.index()]
    }

    /// The cells that must differ from `cell`.
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        &self.peers[cell.index()]
    }

    /// The cells whose digits may not be consecutive to `cell`'s.
    pub fn neighbours(&self, cell: Cell) -> &[Cell] {
        &self.neighbours[cell.index()]
    }

    /// The killer cages.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The cage of `cell`, as an index into [`Layout::cages`].
    pub fn cage_of(&self, cell: Cell) -> Option<usize> {
        self.cage_of[cell.index()].map(usize::from)
    }

    /// The same regions and peers as a [`Geometry`] (what the human techniques of
    /// [`crate::logic`] read), made once per process for each distinct layout. Cages and
    /// the non-consecutive rule are not in it: a geometry says which cells differ, not by
    /// how much or to what sum.
    pub fn geometry(&self) -> Result<&'static Geometry> {
        let of_kind = |kind: HouseKind| self.houses.iter().filter(move |h| h.kind == kind);
        let boxes: Vec<Vec<Cell>> = of_kind(HouseKind::Box)
            .chain(of_kind(HouseKind::Region))
            .map(|h| h.cells.clone())
            .collect();
        let extras = self
            .houses
            .iter()
            .filter(|h| {
                matches!(
                    h.kind,
                    HouseKind::Diagonal | HouseKind::Window | HouseKind::Group
                )
            })
            .map(|h| (h.name(), h.cells.clone()));
        let implied = self.implied_windows();
        let regions = geometry::Regions {
            side: self.side,
            boxes,
            irregular: of_kind(HouseKind::Region).next().is_some(),
            implied: implied.len(),
            extras: extras.chain(implied).collect(),
            extra_peers: self.peers.clone(),
        };
        Geometry::custom(&regions).map_err(Error::InvalidArgument)
    }

    /// Windoku's implied windows: with the windows' rows grouped into bands (and the rows
    /// outside every window into one more), and columns alike, each band crossing each
    /// column band that is not a window also holds every digit once. (The cells of a
    /// column band hold each digit `n` times; each of its windows and implied windows
    /// above holds it once, which leaves once for the last.) Sudoku Explainer reasons
    /// with all of them ("window group"); the engines need only the windows.
    fn implied_windows(&self) -> Vec<(String, Vec<Cell>)> {
        let windows: Vec<&House> = self
            .houses
            .iter()
            .filter(|h| h.kind == HouseKind::Window)
            .collect();
        let side = self.side;
        let bands = |line: fn(usize, Cell) -> usize| {
            let mut bands: Vec<Vec<usize>> = Vec::new();
            for window in &windows {
                let mut lines: Vec<usize> = window.cells.iter().map(|&c| line(side, c)).collect();
                lines.sort_unstable();
                lines.dedup();
                if !bands.contains(&lines) {
                    bands.push(lines);
                }
            }
            let outside: Vec<usize> = (0..side)
                .filter(|l| !bands.iter().flatten().any(|x| x == l))
                .collect();
            bands.push(outside);
            bands
        };
        let (rows, columns) = (
            bands(|side, c| c.index() / side),
            bands(|side, c| c.index() % side),
        );
        let mut implied = Vec::new();
        for band in &rows {
            for stack in &columns {
                let mut cells: Vec<Cell> = band
                    .iter()
                    .flat_map(|&r| stack.iter().map(move |&c| Cell::new(r * side + c)))
                    .collect();
                cells.sort_unstable();
                let known = windows.iter().any(|w| w.cells == cells);
                if !known && cells.len() == side {
                    let number = windows.len() + implied.len() + 1;
                    implied.push((format!("window {number}"), cells));
                }
            }
        }
        if windows.is_empty() {
            Vec::new()
        } else {
            implied
        }
    }

    /// The name of `cell`, `r3c5` (counted from 1).
    pub fn cell_name(&self, cell: Cell) -> String {
        format!(
            "r{}c{}",
            cell.index() / self.side + 1,
            cell.index() % self.side + 1
        )
    }
}

const KNIGHT: [(i32, i32); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];
const KING: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];
const ORTHOGONAL: [(i32, i32); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// The cells above, left of, right of and below `cell` on a grid of `side`: the cells
/// the non-consecutive rule compares it with.
pub fn orthogonal_neighbours(side: usize, cell: Cell) -> impl Iterator<Item = Cell> {
    offset_cells(side, cell.index(), &ORTHOGONAL)
}

/// The cells at `offsets` (row, column) from `cell` that are on the grid.
fn offset_cells(
    side: usize,
    cell: usize,
    offsets: &[(i32, i32)],
) -> impl Iterator<Item = Cell> + '_ {
    let (row, column) = ((cell / side) as i32, (cell % side) as i32);
    offsets.iter().filter_map(move |&(dr, dc)| {
        let (r, c) = (row + dr, column + dc);
        let inside = (0..side as i32).contains(&r) && (0..side as i32).contains(&c);
        inside.then(|| Cell::new(r as usize * side + c as usize))
    })
}

/// Every house of `variant`, in the order of the module docs.
fn houses(variant: &Variant) -> Vec<House> {
    let side = variant.side();
    let mut houses = Vec::new();
    let mut push = |kind, number, mut cells: Vec<usize>| {
        cells.sort_unstable();
        let cells = cells.into_iter().map(Cell::new).collect();
        houses.push(House {
            kind,
            number,
            cells,
        });
    };
    for row in 0..side {
        push(
            HouseKind::Row,
            row,
            (0..side).map(|c| row * side + c).collect(),
        );
    }
    for column in 0..side {
        push(
            HouseKind::Column,
            column,
            (0..side).map(|r| r * side + column).collect(),
        );
    }
    match variant.regions() {
        Regions::Boxes { rows, columns } => {
            let (rows, columns) = (*rows, *columns);
            let boxes_across = side / columns;
            for b in 0..side {
                let (top, left) = ((b / boxes_across) * rows, (b % boxes_across) * columns);
                let cells = (0..side)
                    .map(|i| (top + i / columns) * side + left + i % columns)
                    .collect();
                push(HouseKind::Box, b, cells);
            }
        }
        Regions::Jigsaw(map) => {
            for region in 0..side {
                let cells = (0..side * side)
                    .filter(|&c| map[c] as usize == region)
                    .collect();
                push(HouseKind::Region, region, cells);
            }
        }
    }
    if variant.has(Rule::Diagonals) {
        push(
            HouseKind::Diagonal,
            0,
            (0..side).map(|i| i * side + i).collect(),
        );
        push(
            HouseKind::Diagonal,
            1,
            (0..side).map(|i| i * side + side - 1 - i).collect(),
        );
    }
    if let (true, Regions::Boxes { rows: n, .. }) = (variant.has(Rule::Windows), variant.regions())
    {
        let n = *n;
        let starts: Vec<usize> = (0..)
            .map(|k| 1 + k * (n + 1))
            .take_while(|&top| top + n <= side)
            .collect();
        let mut number = 0;
        for &top in &starts {
            for &left in &starts {
                let cells = (0..side)
                    .map(|i| (top + i / n) * side + left + i % n)
                    .collect();
                push(HouseKind::Window, number, cells);
                number += 1;
            }
        }
    }
    if let (true, Regions::Boxes { rows, columns }) =
        (variant.has(Rule::DisjointGroups), variant.regions())
    {
        let (rows, columns) = (*rows, *columns);
        let boxes_across = side / columns;
        for position in 0..side {
            let (dr, dc) = (position / columns, position % columns);
            let cells = (0..side)
                .map(|b| {
                    let (top, left) = ((b / boxes_across) * rows, (b % boxes_across) * columns);
                    (top + dr) * side + left + dc
                })
                .collect();
            push(HouseKind::Group, position, cells);
        }
    }
    houses
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxes(rows: usize, columns: usize) -> Regions {
        Regions::Boxes { rows, columns }
    }

    #[test]
    fn windoku_geometry_adds_the_implied_windows() {
        for n in [3, 4] {
            let side = n * n;
            let variant = Variant::new(side, boxes(n, n), &[Rule::Windows], vec![]).unwrap();
            let layout = Layout::new(&variant);
            let windows = layout
                .houses()
                .iter()
                .filter(|h| h.kind == HouseKind::Window);
            let geometry = layout.geometry().unwrap();
            let extra = geometry.unit_count() - 3 * side;
            // (n - 1)² windows, and n² - (n - 1)² implied ones: 4 + 5, 9 + 7.
            assert_eq!((windows.count(), extra), ((n - 1) * (n - 1), n * n));
        }
    }

    #[test]
    fn houses_have_side_distinct_cells_and_peers_are_symmetric() {
        let variants = [
            Variant::new(9, boxes(3, 3), &Rule::ALL[..6], vec![]).unwrap(),
            Variant::new(
                6,
                boxes(2, 3),
                &[Rule::DisjointGroups, Rule::AntiKing],
                vec![],
            )
            .unwrap(),
            Variant::new(16, boxes(4, 4), &[Rule::Windows], vec![]).unwrap(),
            Variant::new(12, boxes(3, 4), &[Rule::Diagonals], vec![]).unwrap(),
        ];
        for variant in &variants {
            let layout = Layout::new(variant);
            for house in layout.houses() {
                let mut cells = house.cells.clone();
                cells.dedup();
                assert_eq!(cells.len(), variant.side(), "{variant} {}", house.name());
            }
            for a in 0..layout.cells() {
                for &b in layout.peers(Cell::new(a)) {
                    assert!(layout.peers(b).contains(&Cell::new(a)), "{variant}");
                }
                for &b in layout.neighbours(Cell::new(a)) {
                    assert!(layout.neighbours(b).contains(&Cell::new(a)), "{variant}");
                }
            }
        }
        // Windoku 9x9: 4 windows; 16x16: 9.
        let count = |v: &Variant, kind| {
            let layout = Layout::new(v);
            layout.houses().iter().filter(|h| h.kind == kind).count()
        };
        assert_eq!(count(&variants[0], HouseKind::Window), 4);
        assert_eq!(count(&variants[2], HouseKind::Window), 9);
        assert_eq!(count(&variants[1], HouseKind::Group), 6);
    }

    #[test]
    fn the_windows_and_groups_of_9x9_are_where_puzzle_books_put_them() {
        let variant = Variant::new(
            9,
            boxes(3, 3),
            &[Rule::Windows, Rule::DisjointGroups],
            vec![],
        )
        .unwrap();
        let layout = Layout::new(&variant);
        let window = layout
            .houses()
            .iter()
            .find(|h| h.kind == HouseKind::Window && h.number == 3)
            .unwrap();
        let names: Vec<String> = window.cells.iter().map(|&c| layout.cell_name(c)).collect();
        assert_eq!(names[0], "r6c6");
        assert_eq!(names[8], "r8c8");
        let group = layout
            .houses()
            .iter()
            .find(|h| h.kind == HouseKind::Group && h.number == 4)
            .unwrap();
        let names: Vec<String> = group.cells.iter().map(|&c| layout.cell_name(c)).collect();
        assert_eq!(
            names,
            ["r2c2", "r2c5", "r2c8", "r5c2", "r5c5", "r5c8", "r8c2", "r8c5", "r8c8"]
        );
    }
}
