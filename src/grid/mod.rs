//! The grid model: a square Sudoku grid of box side 2..=5, its text formats, and the list of
//! contradictory givens.
//!
//! # Symbols
//!
//! A cell holds `0` (blank) or a digit `1..=side`. In text, digits are written with one
//! character from the single convention `1-9` then `A-P`: `1`..`9` are 1..9, `A` is 10,
//! `G` is 16 and `P` is 25 (lower case is accepted on input). So a 16x16 grid uses `1-9A-G`
//! and a 25x25 grid `1-9A-P`. A blank is written `.` (on output) and may be read as `.`,
//! `0`, `_` or `-`.
//!
//! # Text layouts
//!
//! * One line: all cells row-major (`16`, `81`, `256` or `625` characters).
//! * "Pretty" grids over several lines: whitespace and the box separators `|` and `+` are
//!   ignored, and a line made only of `-`, `+`, `|`, `=` and spaces is a separator line,
//!   except a line of dashes as long as a row (`---------`), which is a row of blanks.
//!   [`crate::corpus`] states the full rules for files of many grids.
//! * Lines starting with `#` are comments.
//!
//! ```
//! use sudolab::grid::Grid;
//! let grid = Grid::parse("1.3.\n..1.\n.1..\n2.4.")?;
//! assert_eq!(grid.side(), 4);
//! assert_eq!(grid.to_line(), "1.3...1..1..2.4.");
//! assert!(grid.conflicts().is_empty());
//! # Ok::<(), sudolab::Error>(())
//! ```

mod store;

use std::fmt;

use store::CellStore;

use crate::bitset::Digit;
use crate::error::{Error, Location, ParseErrorKind, Result};
use crate::geometry::{Cell, Geometry, Unit, MAX_BOX_SIDE, MIN_BOX_SIDE};

pub use crate::bitset::SYMBOLS;

/// A Sudoku grid: `side * side` cells, each `0` (blank) or a digit `1..=side`.
///
/// Invariant: the grid has `side * side` cells with `side = box_side²`, `box_side` in 2..=5,
/// and every cell value is at most `side`. Duplicated givens are allowed (they are what
/// [`Grid::conflicts`] reports). Grids up to 9x9 hold their cells in place (no allocation);
/// larger ones on the heap.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    box_side: u8,
    cells: CellStore,
}

/// A digit given more than once in one unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: Digit,
    /// The unit.
    pub unit: Unit,
    /// The cells holding the digit in that unit, in increasing order.
    pub cells: Vec<Cell>,
    side: usize,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let geometry = Geometry::of(integer_sqrt(self.side)).expect("conflict of a valid grid");
        let times = match self.cells.len() {
            2 => "twice".to_string(),
            k => format!("{k} times"),
        };
        let cells: Vec<String> = self.cells.iter().map(|&c| geometry.cell_name(c)).collect();
        write!(
            f,
            "digit {} appears {} in {}: {}",
            self.digit,
            times,
            geometry.unit_name(self.unit),
            cells.join(", ")
        )
    }
}

/// The character for digit `value` (`1..=25`), or `.` for 0.
pub fn symbol(value: u8) -> u8 {
    if value == 0 {
        b'.'
    } else {
        SYMBOLS[value as usize - 1]
    }
}

/// What one character of puzzle text means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Token {
    /// A cell: 0 for a blank, otherwise the digit value (not yet checked against the size).
    Cell(u8),
    /// Whitespace or a box separator, ignored.
    Skip,
    /// Anything else.
    Unknown,
}

/// Reads one character of puzzle text.
pub(crate) fn token(ch: char) -> Token {
    match ch {
        '.' | '0' | '_' | '-' => Token::Cell(0),
        '1'..='9' => Token::Cell(ch as u8 - b'0'),
        'A'..='P' => Token::Cell(ch as u8 - b'A' + 10),
        'a'..='p' => Token::Cell(ch as u8 - b'a' + 10),
        '|' | '+' => Token::Skip,
        c if c.is_whitespace() => Token::Skip,
        _ => Token::Unknown,
    }
}

/// Row lengths and one-line cell counts of every supported size: a line of dashes this long
/// is a row (or grid) of blank cells, not a separator.
pub(crate) const ROW_LENGTHS: [usize; 7] = [4, 9, 16, 25, 81, 256, 625];

/// Whether a line is a box separator of a pretty grid. A separator is made only of `-`, `+`,
/// `|`, `=` and whitespace; but a line of dashes (with only spaces or `|` between them) is a
/// row of blank cells when its number of dashes is one of `row_lengths` (`---------` is an
/// empty row of a 9x9 grid). A line with `+` or `=` is always a separator.
pub(crate) fn is_separator_line(line: &str, row_lengths: &[usize]) -> bool {
    let mut dashes = 0;
    let mut drawn = false;
    for ch in line.chars() {
        match ch {
            '-' => dashes += 1,
            '+' | '=' => drawn = true,
            '|' => {}
            c if c.is_whitespace() => {}
            _ => return false,
        }
    }
    drawn || !row_lengths.contains(&dashes)
}

/// Appends the cells of one line of puzzle text to `cells`, ignoring whitespace, `|` and `+`.
/// `line_number` is used for the error location. The caller decides about separator lines.
pub(crate) fn scan_cells(line: &str, line_number: u64, cells: &mut Vec<u8>) -> Result<()> {
    for (index, ch) in line.chars().enumerate() {
        match token(ch) {
            Token::Cell(value) => cells.push(value),
            Token::Skip => {}
            Token::Unknown => {
                return Err(Error::parse(
                    Location::at(line_number, index as u64 + 1),
                    ParseErrorKind::UnknownCharacter { ch },
                ))
            }
        }
    }
    Ok(())
}

/// Appends the cells of one line of puzzle text to `cells`. Separator lines add nothing.
/// `line_number` is used for the error location.
pub(crate) fn scan_line(line: &str, line_number: u64, cells: &mut Vec<u8>) -> Result<()> {
    if is_separator_line(line, &ROW_LENGTHS) {
        return Ok(());
    }
    scan_cells(line, line_number, cells)
}

/// The column (counted from 1) of the `k`-th cell (counted from 0) of a line.
pub(crate) fn column_of_cell(line: &str, k: usize) -> Option<(u64, char)> {
    line.chars()
        .enumerate()
        .filter(|&(_, ch)| matches!(token(ch), Token::Cell(_)))
        .nth(k)
        .map(|(i, ch)| (i as u64 + 1, ch))
}

/// The box side for a cell count, or the error describing why there is none.
pub(crate) fn box_side_for(cells: usize) -> std::result::Result<usize, ParseErrorKind> {
    let side = integer_sqrt(cells);
    if side * side != cells || side == 0 {
        return Err(ParseErrorKind::WrongLength { found: cells });
    }
    let n = integer_sqrt(side);
    if n * n != side {
        return Err(ParseErrorKind::NotSquare { side });
    }
    if !(MIN_BOX_SIDE..=MAX_BOX_SIDE).contains(&n) {
        return Err(ParseErrorKind::WrongLength { found: cells });
    }
    Ok(n)
}

fn integer_sqrt(x: usize) -> usize {
    let mut r = (x as f64).sqrt() as usize;
    while r * r > x {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= x {
        r += 1;
    }
    r
}

impl Grid {
    /// A blank grid of box side `box_side` (2..=5).
    pub fn empty(box_side: usize) -> Result<Grid> {
        if !(MIN_BOX_SIDE..=MAX_BOX_SIDE).contains(&box_side) {
            return Err(Error::UnsupportedSize(box_side));
        }
        let side = box_side * box_side;
        Ok(Grid {
            box_side: box_side as u8,
            cells: CellStore::of_vec(vec![0; side * side]),
        })
    }

    /// A grid from cell values (row-major, 0 = blank). The length decides the size.
    pub fn from_cells(cells: Vec<u8>) -> Result<Grid> {
        let box_side =
            box_side_for(cells.len()).map_err(|kind| Error::parse(Location::default(), kind))?;
        let side = box_side * box_side;
        // The largest value first (a vectorized scan), the position only for the message.
        if cells.iter().copied().max().unwrap_or(0) as usize > side {
            let position = cells.iter().position(|&v| v as usize > side).unwrap_or(0);
            return Err(Error::InvalidArgument(format!(
                "cell {position} holds {}, more than the grid's {side} digits",
                cells[position]
            )));
        }
        Ok(Grid {
            box_side: box_side as u8,
            cells: CellStore::of_vec(cells),
        })
    }

    /// A 9x9 grid from cell values an engine produced (row-major, `1..=9` or 0), without
    /// [`Grid::from_cells`]'s scan for values beyond the grid's digits: for a solution an
    /// engine built, valid by construction (a debug build still checks). The harness checks
    /// every solution with the independent [`crate::checker`] anyway.
    pub(crate) fn from_9x9_values(cells: [u8; 81]) -> Grid {
        debug_assert!(cells.iter().all(|&v| v <= 9), "a 9x9 cell beyond 9");
        Grid {
            box_side: 3,
            cells: CellStore::Inline(cells),
        }
    }

    /// A blank 9x9 grid, made without the checks of [`Grid::empty`] (a placeholder that
    /// allocates nothing).
    pub(crate) fn blank_9x9() -> Grid {
        Grid {
            box_side: 3,
            cells: CellStore::Inline([0; 81]),
        }
    }

    /// Reads a grid from text: one line, or a pretty grid over several lines (see the module
    /// docs). `#` lines are comments. Errors name the line and column.
    pub fn parse(text: &str) -> Result<Grid> {
        let mut cells = Vec::new();
        let mut lines = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line_number = index as u64 + 1;
            if line.trim_start().starts_with('#') {
                continue;
            }
            let before = cells.len();
            scan_line(line, line_number, &mut cells)?;
            if cells.len() > before {
                lines.push((line_number, line, before));
            }
        }
        if cells.is_empty() {
            return Err(Error::parse(Location::default(), ParseErrorKind::Empty));
        }
        let last_line = lines.last().map(|l| l.0);
        let box_side = box_side_for(cells.len()).map_err(|kind| {
            let location = match (lines.len(), last_line) {
                (1, Some(line)) => Location::line(line),
                _ => Location::default(),
            };
            Error::parse(location, kind)
        })?;
        let side = box_side * box_side;
        if let Some(k) = cells.iter().position(|&v| v as usize > side) {
            let &(line_number, line, first) = lines
                .iter()
                .rev()
                .find(|l| l.2 <= k)
                .expect("cell k came from some line");
            let (column, ch) = column_of_cell(line, k - first).expect("cell k is on its line");
            return Err(Error::parse(
                Location::at(line_number, column),
                ParseErrorKind::DigitTooLarge { ch, side },
            ));
        }
        Ok(Grid {
            box_side: box_side as u8,
            cells: CellStore::of_vec(cells),
        })
    }

    /// Box side (3 for 9x9).
    #[inline]
    pub fn box_side(&self) -> usize {
        self.box_side as usize
    }

    /// Cells per row (9 for 9x9); also the number of digits.
    #[inline]
    pub fn side(&self) -> usize {
        self.box_side() * self.box_side()
    }

    /// The index tables of this grid's size.
    pub fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.box_side()).expect("a grid's box side is always supported")
    }

    /// Raw cell values, row-major, 0 = blank: for bulk work (encodings, checkers, hashing)
    /// that indexes cells itself.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        self.cells.cells(self.side() * self.side())
    }

    /// The digit in `cell`, or `None` for a blank.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::from_value(self.cells()[cell.index()])
    }

    /// Puts `digit` in `cell` (`None` blanks it). Panics if the digit is too large for the
    /// grid or the cell is out of range: both are programming errors, not input errors.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        let value = digit.map_or(0, Digit::get);
        assert!(value as usize <= self.side(), "digit {value} too large");
        let cells = self.side() * self.side();
        self.cells.cells_mut(cells)[cell.index()] = value;
    }

    /// Number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells().iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is blank.
    pub fn is_filled(&self) -> bool {
        self.cells().iter().all(|&v| v != 0)
    }

    /// The one-line form: cells row-major, `.` for a blank.
    pub fn to_line(&self) -> String {
        self.cells().iter().map(|&v| symbol(v) as char).collect()
    }

    /// A multi-line form with `|` between boxes and a `-+-` line between bands.
    pub fn to_pretty(&self) -> String {
        let n = self.box_side();
        let side = self.side();
        let rule = vec!["-".repeat(2 * n - 1); n].join("-+-");
        let mut out = String::new();
        for row in 0..side {
            if row > 0 && row % n == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            let groups: Vec<String> = (0..n)
                .map(|b| {
                    (0..n)
                        .map(|i| (symbol(self.cells()[row * side + b * n + i]) as char).to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            out.push_str(&groups.join(" | "));
            out.push('\n');
        }
        out
    }

    /// Every digit given more than once in a row, column or box: all of them, rows first,
    /// then columns, then boxes, each with all its cells.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let geometry = self.geometry();
        let side = self.side();
        let mut conflicts = Vec::new();
        let mut holders: Vec<Vec<Cell>> = vec![Vec::new(); side];
        for unit in geometry.units() {
            for list in holders.iter_mut() {
                list.clear();
            }
            for &cell in geometry.unit(unit) {
                if let Some(digit) = self.get(cell) {
                    holders[digit.index()].push(cell);
                }
            }
            for (digit, cells) in Digit::all(side).zip(&holders) {
                if cells.len() > 1 {
                    conflicts.push(Conflict {
                        digit,
                        unit,
                        cells: cells.clone(),
                        side,
                    });
                }
            }
        }
        conflicts
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl std::str::FromStr for Grid {
    type Err = Error;
    fn from_str(s: &str) -> Result<Grid> {
        Grid::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIKIPEDIA: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn cells_beyond_the_digits_are_refused_by_position() {
        let mut cells = vec![0u8; 81];
        cells[80] = 9;
        assert!(Grid::from_cells(cells.clone()).is_ok());
        cells[5] = 10;
        cells[7] = 12;
        let message = Grid::from_cells(cells).unwrap_err().to_string();
        assert!(message.contains("cell 5 holds 10"), "{message}");
    }

    #[test]
    fn one_line_and_pretty_round_trip() {
        let grid = Grid::parse(WIKIPEDIA).unwrap();
        assert_eq!(grid.to_line(), WIKIPEDIA);
        assert_eq!(grid.givens(), 30);
        let pretty = grid.to_pretty();
        assert!(pretty.contains("------+-------+------"));
        assert_eq!(Grid::parse(&pretty).unwrap(), grid);
    }

    #[test]
    fn blank_symbols_are_equivalent() {
        let dots = Grid::parse(WIKIPEDIA).unwrap();
        for blank in ['0', '_', '-'] {
            let other = WIKIPEDIA.replace('.', &blank.to_string());
            assert_eq!(Grid::parse(&other).unwrap(), dots);
        }
    }

    #[test]
    fn large_sizes_round_trip_with_letters() {
        for n in [4usize, 5] {
            let side = n * n;
            let cells: Vec<u8> = (0..side * side)
                .map(|c| {
                    let (r, col) = (c / side, c % side);
                    ((r * n + r / n + col) % side) as u8 + 1
                })
                .collect();
            let grid = Grid::from_cells(cells).unwrap();
            let line = grid.to_line();
            assert!(line.contains(if n == 4 { 'G' } else { 'P' }));
            assert_eq!(Grid::parse(&line).unwrap(), grid);
            assert_eq!(Grid::parse(&line.to_lowercase()).unwrap(), grid);
            assert_eq!(Grid::parse(&grid.to_pretty()).unwrap(), grid);
        }
    }

    #[test]
    fn unknown_character_names_line_and_column() {
        let text = format!("# comment\n{}x{}", &WIKIPEDIA[..10], &WIKIPEDIA[11..]);
        match Grid::parse(&text) {
            Err(Error::Parse { location, kind }) => {
                assert_eq!(kind, ParseErrorKind::UnknownCharacter { ch: 'x' });
                assert_eq!((location.line, location.column), (Some(2), Some(11)));
            }
            other => panic!("expected a parse error, got {other:?}"),
        }
    }

    #[test]
    fn wrong_lengths_are_reported() {
        let short = &WIKIPEDIA[..80];
        assert!(matches!(
            Grid::parse(short),
            Err(Error::Parse { kind: ParseErrorKind::WrongLength { found: 80 }, location }) if location.line == Some(1)
        ));
        let six_by_six = ".".repeat(36);
        assert!(matches!(
            Grid::parse(&six_by_six),
            Err(Error::Parse {
                kind: ParseErrorKind::NotSquare { side: 6 },
                ..
            })
        ));
        assert!(matches!(
            Grid::parse("# only a comment\n"),
            Err(Error::Parse {
                kind: ParseErrorKind::Empty,
                ..
            })
        ));
    }

    #[test]
    fn digit_too_large_for_size() {
        let text = "1234\n3412\n2.4.\n..9.";
        match Grid::parse(text) {
            Err(Error::Parse { location, kind }) => {
                assert_eq!(kind, ParseErrorKind::DigitTooLarge { ch: '9', side: 4 });
                assert_eq!((location.line, location.column), (Some(4), Some(3)));
            }
            other => panic!("expected a parse error, got {other:?}"),
        }
    }

    #[test]
    fn all_conflicts_are_reported() {
        // A second 5 at r1c7, a second 6 at r9c1 (column 1 and box 7), a second 7 at r8c8
        // (column 8 and box 9).
        let mut cells: Vec<u8> = Grid::parse(WIKIPEDIA).unwrap().cells().to_vec();
        cells[6] = 5;
        cells[72] = 6;
        cells[70] = 7;
        let grid = Grid::from_cells(cells).unwrap();
        let messages: Vec<String> = grid.conflicts().iter().map(|c| c.to_string()).collect();
        assert_eq!(
            messages,
            [
                "digit 5 appears twice in row 1: r1c1, r1c7",
                "digit 6 appears twice in column 1: r2c1, r9c1",
                "digit 7 appears twice in column 8: r8c8, r9c8",
                "digit 6 appears twice in box 7: r7c2, r9c1",
                "digit 7 appears twice in box 9: r8c8, r9c8",
            ]
        );
        assert!(Grid::parse(WIKIPEDIA).unwrap().conflicts().is_empty());
    }
}
