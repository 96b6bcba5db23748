//! Variant Sudoku: a grid plus constraints, described as data that every engine reads.
//!
//! A [`Variant`] says what a solution must satisfy:
//!
//! * **the grid and its regions**: a side of 4 to 25 and either rectangular boxes of
//!   `rows x columns` cells (9x9 with 3x3 boxes, 6x6 with 2x3, 8x8 with 2x4, 12x12 with
//!   3x4) or a jigsaw map, one irregular region of `side` cells per region number
//!   ([`Regions`]); every row, column and region holds each digit `1..=side` once;
//! * **extra regions** that also hold each digit once ([`Rule`]): the two main diagonals
//!   (X), windoku's windows (9x9: the four 3x3 boxes at rows and columns 2-4 and 6-8), and
//!   disjoint groups (the cells at the same place in every box);
//! * **pairwise constraints**: anti-knight and anti-king (two cells a chess knight's or
//!   king's move apart differ), non-consecutive (orthogonal neighbours never hold
//!   consecutive digits);
//! * **killer cages** ([`Cage`]): cells whose digits differ and add up to the cage's sum.
//!
//! A [`Puzzle`] is a variant and its givens. [`layout::Layout`] turns a variant into the
//! index tables the engines read (houses, peers, neighbours, cages); [`mod@format`] reads and
//! writes the text format. The checker ([`crate::checker::check_variant_solution`])
//! recomputes every constraint from this description by plain arithmetic, sharing no table
//! with the engines.
//!
//! ```
//! use sudolab::variant::{format, Rule};
//! let puzzles = format::parse("variant: x\n1..........2.3..\n", None)?;
//! assert_eq!(puzzles[0].variant().rules(), &[Rule::Diagonals]);
//! assert_eq!(puzzles[0].variant().side(), 4);
//! # Ok::<(), sudolab::Error>(())
//! ```

pub mod format;
pub mod layout;

use std::fmt;

use crate::error::{Error, Location, Result};
use crate::geometry::Cell;

pub use layout::{House, HouseKind, Layout};

/// The smallest side of a variant grid.
pub const MIN_SIDE: usize = 4;
/// The largest side (digits are written `1-9A-P`).
pub const MAX_SIDE: usize = 25;

/// The regions that, with rows and columns, hold each digit once.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Regions {
    /// Rectangular boxes of `rows` x `columns` cells (`rows * columns = side`), numbered
    /// row-major.
    Boxes {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        columns: usize,
    },
    /// Irregular regions: the region number (`0..side`) of every cell, row-major; each
    /// region has `side` cells.
    Jigsaw(Vec<u8>),
}

/// A constraint on top of the grid's rows, columns and regions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// X: each main diagonal holds each digit once.
    Diagonals,
    /// Windoku: extra boxes ("windows") one cell in from the edge, one box side apart,
    /// each holding each digit once (square boxes only).
    Windows,
    /// Disjoint groups: the cells at the same position in every box hold each digit once
    /// (boxes only, not jigsaw).
    DisjointGroups,
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Cells a king's move apart (diagonally touching) differ.
    AntiKing,
    /// Orthogonally adjacent cells never hold consecutive digits.
    NonConsecutive,
    /// Killer: the puzzle has cages (see [`Cage`]).
    Killer,
}

impl Rule {
    /// Every rule, in the order they are written.
    pub const ALL: [Rule; 7] = [
        Rule::Diagonals,
        Rule::Windows,
        Rule::DisjointGroups,
        Rule::AntiKnight,
        Rule::AntiKing,
        Rule::NonConsecutive,
        Rule::Killer,
    ];

    /// The rule's name in the text format (`variant: x anti-knight`).
    pub fn name(self) -> &'static str {
        match self {
            Rule::Diagonals => "x",
            Rule::Windows => "windoku",
            Rule::DisjointGroups => "disjoint-groups",
            Rule::AntiKnight => "anti-knight",
            Rule::AntiKing => "anti-king",
            Rule::NonConsecutive => "non-consecutive",
            Rule::Killer => "killer",
        }
    }

    /// The rule called `name` (case-insensitive).
    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL
            .into_iter()
            .find(|rule| rule.name().eq_ignore_ascii_case(name))
    }
}

/// A killer cage: its cells' digits differ and add up to `sum`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The sum of the cage's digits.
    pub sum: u32,
    /// Its cells, in increasing order.
    pub cells: Vec<Cell>,
}

/// A variant: the size, the regions, the rules and the cages (see the module docs).
///
/// Invariant (checked by [`Variant::new`]): `side` is in 4..=25; boxes multiply to `side`,
/// a jigsaw map gives every cell a region below `side` and every region `side` cells;
/// windows need square boxes and disjoint groups boxes; cages do not overlap, have 1 to
/// `side` cells each, and only a variant with [`Rule::Killer`] has any; `rules` is sorted
/// without repeats.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Variant {
    side: usize,
    regions: Regions,
    rules: Vec<Rule>,
    cages: Vec<Cage>,
}

/// Why a description is not a valid variant (the text reader adds the place).
fn invalid(message: String) -> Error {
    Error::Variant {
        location: Location::default(),
        message,
    }
}

impl Variant {
    /// A checked variant (see the type's invariant; the error says what is wrong).
    pub fn new(side: usize, regions: Regions, rules: &[Rule], cages: Vec<Cage>) -> Result<Self> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
            return Err(invalid(format!(
                "a variant grid has a side of {MIN_SIDE} to {MAX_SIDE}, not {side}"
            )));
        }
        let mut rules = rules.to_vec();
        rules.sort_unstable();
        rules.dedup();
        check_regions(side, &regions)?;
        let boxes = match regions {
            Regions::Boxes { rows, columns } => Some((rows, columns)),
            Regions::Jigsaw(_) => None,
        };
        if rules.contains(&Rule::Windows) && boxes.is_none_or(|(r, c)| r != c) {
            return Err(invalid(
                "windoku needs square boxes (4x4, 9x9, 16x16 or 25x25 grids, not jigsaw)".into(),
            ));
        }
        if rules.contains(&Rule::DisjointGroups) && boxes.is_none() {
            return Err(invalid(
                "disjoint groups need rectangular boxes, not jigsaw regions".into(),
            ));
        }
        check_cages(side, &cages, rules.contains(&Rule::Killer))?;
        Ok(Variant {
            side,
            regions,
            rules,
            cages,
        })
    }

    /// Classic Sudoku of box side `n` (2..=5) as a variant without rules.
    pub fn classic(n: usize) -> Result<Variant> {
        Variant::new(
            n * n,
            Regions::Boxes {
                rows: n,
                columns: n,
            },
            &[],
            Vec::new(),
        )
    }

    /// Rows (and columns, and digits) of the grid.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Cells of the grid.
    pub fn cells(&self) -> usize {
        self.side * self.side
    }

    /// The regions beside rows and columns.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    /// The rules, sorted.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// Whether the variant has `rule`.
    pub fn has(&self, rule: Rule) -> bool {
        self.rules.contains(&rule)
    }

    /// The killer cages.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// Whether this is classic Sudoku with square boxes: no rules, no jigsaw.
    pub fn is_classic(&self) -> bool {
        self.rules.is_empty()
            && matches!(self.regions, Regions::Boxes { rows, columns } if rows == columns)
    }

    /// A short name: the rules and the regions, e.g. `x+anti-knight 9x9` or `jigsaw 9x9`
    /// or `classic 6x6 (2x3 boxes)`.
    pub fn name(&self) -> String {
        let mut words: Vec<&str> = self.rules.iter().map(|rule| rule.name()).collect();
        if matches!(self.regions, Regions::Jigsaw(_)) {
            words.insert(0, "jigsaw");
        }
        if words.is_empty() {
            words.push("classic");
        }
        let side = self.side;
        match self.regions {
            Regions::Boxes { rows, columns } if default_boxes(side) != Some((rows, columns)) => {
                format!("{} {side}x{side} ({rows}x{columns} boxes)", words.join("+"))
            }
            _ => format!("{} {side}x{side}", words.join("+")),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// The default boxes of a grid of side `side`: square when `side` is a square, otherwise
/// the most nearly square rectangle with fewer rows than columns (6: 2x3, 8: 2x4, 12: 3x4);
/// `None` for a side with no rectangle of at least two rows (a prime).
///
/// ```
/// use sudolab::variant::default_boxes;
/// assert_eq!(default_boxes(9), Some((3, 3)));
/// assert_eq!(default_boxes(6), Some((2, 3)));
/// assert_eq!(default_boxes(7), None);
/// ```
pub fn default_boxes(side: usize) -> Option<(usize, usize)> {
    let rows = (2..=side)
        .rev()
        .find(|&r| r * r <= side && side.is_multiple_of(r))?;
    Some((rows, side / rows))
}

fn check_regions(side: usize, regions: &Regions) -> Result<()> {
    match regions {
        Regions::Boxes { rows, columns } => {
            if rows.checked_mul(*columns) != Some(side) || *rows == 0 {
                return Err(invalid(format!(
                    "boxes of {rows}x{columns} cells do not tile a {side}x{side} grid"
                )));
            }
        }
        Regions::Jigsaw(map) => {
            if map.len() != side * side {
                return Err(invalid(format!(
                    "a jigsaw map of {} cells for a {side}x{side} grid",
                    map.len()
                )));
            }
            let mut sizes = vec![0usize; side];
            for &region in map {
                if region as usize >= side {
                    return Err(invalid(format!(
                        "jigsaw region {} in a {side}x{side} grid (regions are 1 to {side})",
                        region as usize + 1
                    )));
                }
                sizes[region as usize] += 1;
            }
            if let Some(region) = sizes.iter().position(|&size| size != side) {
                return Err(invalid(format!(
                    "jigsaw region {} has {} cells, but every region needs {side}",
                    region + 1,
                    sizes[region]
                )));
            }
        }
    }
    Ok(())
}

fn check_cages(side: usize, cages: &[Cage], killer: bool) -> Result<()> {
    if !cages.is_empty() && !killer {
        return Err(invalid(
            "cages are given but the variant is not killer (add `killer` to its rules)".into(),
        ));
    }
    let mut owner = vec![usize::MAX; side * side];
    for (k, cage) in cages.iter().enumerate() {
        if cage.cells.is_empty() || cage.cells.len() > side {
            return Err(invalid(format!(
                "cage {} has {} cells; a cage has 1 to {side}",
                k + 1,
                cage.cells.len()
            )));
        }
        for &cell in &cage.cells {
            let index = cell.index();
            if index >= side * side {
                return Err(invalid(format!("cage {} has a cell off the grid", k + 1)));
            }
            if owner[index] != usize::MAX {
                return Err(invalid(format!(
                    "r{}c{} is in cage {} and in cage {}",
                    index / side + 1,
                    index % side + 1,
                    owner[index] + 1,
                    k + 1
                )));
            }
            owner[index] = k;
        }
    }
    Ok(())
}

/// A variant puzzle: the variant and its givens (`0` blank, else a digit `1..=side`), one
/// per cell, row-major.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Puzzle {
    variant: Variant,
    cells: Vec<u8>,
}

impl Puzzle {
    /// A puzzle; an error if `cells` does not fit the variant's grid.
    pub fn new(variant: Variant, cells: Vec<u8>) -> Result<Puzzle> {
        let side = variant.side();
        if cells.len() != side * side {
            return Err(invalid(format!(
                "{} cells for a {side}x{side} grid",
                cells.len()
            )));
        }
        if let Some(k) = cells.iter().position(|&value| value as usize > side) {
            return Err(invalid(format!(
                "r{}c{} holds {}, more than a {side}x{side} grid allows",
                k / side + 1,
                k % side + 1,
                cells[k]
            )));
        }
        Ok(Puzzle { variant, cells })
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The givens, row-major (`0` blank).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The same variant with other cells (a solution, say).
    pub fn with_cells(&self, cells: Vec<u8>) -> Result<Puzzle> {
        Puzzle::new(self.variant.clone(), cells)
    }

    /// The givens on one line, `.` for a blank.
    pub fn to_line(&self) -> String {
        cells_line(&self.cells)
    }
}

/// Cells on one line: a digit's symbol (`1-9A-P`), `.` for a blank.
pub fn cells_line(cells: &[u8]) -> String {
    cells
        .iter()
        .map(|&value| crate::grid::symbol(value) as char)
        .collect()
}
