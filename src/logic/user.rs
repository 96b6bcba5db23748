//! What a person brings to a hint: entries written in the grid and pencil marks, read and
//! checked against the puzzle's one solution before any deduction is stated.
//!
//! A hint built on a wrong entry or on pencil marks that leave out a cell's true digit would
//! state false deductions as facts, so [`entry_mistakes`] and [`mark_mistakes`] find those
//! first. Neither names the digit that belongs in a cell: they point at the mistake, the
//! person fixes it.
//!
//! ```
//! use sudolab::{bitset::DigitSet, logic::user};
//! // A 4x4 grid: 16 groups, row by row; `.` for a filled cell.
//! let marks = user::parse_marks("12 34 . 1234  . . . .  . . . .  . . . 4", 16)?;
//! assert_eq!(marks[0], [1u8, 2].into_iter().map(sudolab::bitset::Digit::new).collect::<DigitSet>());
//! assert!(marks[2].is_empty());
//! assert!(user::parse_marks("12 x . .  . . . .  . . . .  . . . .", 16).is_err());
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::fmt;

use crate::bitset::{Digit, DigitSet};
use crate::error::{Error, Result};
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;

/// Something a person wrote that contradicts the puzzle's only solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mistake {
    /// An entry over a given, with another digit.
    OverwritesGiven {
        /// The cell.
        cell: Cell,
        /// The puzzle's digit.
        given: Digit,
        /// The entry.
        entry: Digit,
    },
    /// An entry in an empty cell that is not the solution's digit.
    WrongEntry {
        /// The cell.
        cell: Cell,
        /// The entry.
        entry: Digit,
    },
    /// The pencil marks of an empty cell leave out the digit that belongs there.
    MissingMark {
        /// The cell.
        cell: Cell,
        /// The marks written.
        marks: DigitSet,
    },
    /// An empty cell with no pencil mark at all: no digit could go there.
    NoMarks {
        /// The cell.
        cell: Cell,
    },
}

impl Mistake {
    /// A sentence naming the cell, e.g. "r1c3: the entry 9 is wrong".
    pub fn describe(&self, geometry: &Geometry) -> String {
        let digits = |set: DigitSet| set.iter().map(Digit::symbol).collect::<String>();
        match *self {
            Mistake::OverwritesGiven { cell, given, entry } => format!(
                "{}: the entry {entry} overwrites the given {given}",
                geometry.cell_name(cell),
            ),
            Mistake::WrongEntry { cell, entry } => format!(
                "{}: the entry {entry} contradicts the puzzle's only solution",
                geometry.cell_name(cell),
            ),
            Mistake::MissingMark { cell, marks } => format!(
                "{}: the pencil marks {} leave out the digit that belongs there",
                geometry.cell_name(cell),
                digits(marks)
            ),
            Mistake::NoMarks { cell } => format!(
                "{}: no pencil mark is left, so no digit could go there",
                geometry.cell_name(cell)
            ),
        }
    }
}

impl fmt::Display for Mistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

/// Reads pencil marks: one group of digit symbols per cell, separated by whitespace, row by
/// row (`|` and `+` separators are ignored; `.`, `0` or `-` alone is a cell without marks,
/// as written for a filled cell). Errors name the cell (from 1) and the character.
pub fn parse_marks(text: &str, cells: usize) -> Result<Vec<DigitSet>> {
    let groups: Vec<&str> = text
        .split_whitespace()
        .filter(|g| !matches!(*g, "|" | "+"))
        .collect();
    if groups.len() != cells {
        return Err(Error::InvalidArgument(format!(
            "{} groups of pencil marks, but the grid has {cells} cells",
            groups.len()
        )));
    }
    let side = (1..=25).find(|s| s * s == cells).unwrap_or(25);
    groups
        .iter()
        .enumerate()
        .map(|(cell, group)| {
            let mut set = DigitSet::EMPTY;
            for ch in group.chars() {
                let value = match ch {
                    '.' | '0' | '-' => continue,
                    '1'..='9' => ch as u8 - b'0',
                    'A'..='P' | 'a'..='p' => ch.to_ascii_uppercase() as u8 - b'A' + 10,
                    other => {
                        return Err(Error::InvalidArgument(format!(
                            "unknown character {other:?} in the pencil marks of cell {} (r{}c{})",
                            cell + 1,
                            cell / side + 1,
                            cell % side + 1
                        )))
                    }
                };
                if value as usize > side {
                    return Err(Error::InvalidArgument(format!(
                        "pencil mark {ch:?} of cell {} is too large for a {side}x{side} grid",
                        cell + 1
                    )));
                }
                set.insert(Digit::new(value));
            }
            Ok(set)
        })
        .collect()
}

/// Entries that overwrite a given or contradict `solution`, in cell order. Entries equal to
/// a given are fine.
pub fn entry_mistakes(puzzle: &Grid, solution: &Grid, entries: &Grid) -> Vec<Mistake> {
    entry_mistakes_in_cells(puzzle.cells(), solution.cells(), entries.cells())
}

/// [`entry_mistakes`] for any grid as digits, one per cell, row-major (`0` blank): a
/// variant puzzle's givens, its solution and the entries, all of one length.
pub fn entry_mistakes_in_cells(puzzle: &[u8], solution: &[u8], entries: &[u8]) -> Vec<Mistake> {
    let mut mistakes = Vec::new();
    for (k, ((&given, &entry), &belongs)) in puzzle.iter().zip(entries).zip(solution).enumerate() {
        let (cell, given, entry) = (
            Cell::new(k),
            Digit::from_value(given),
            Digit::from_value(entry),
        );
        let Some(entry) = entry else {
            continue;
        };
        match given {
            Some(given) if given == entry => {}
            Some(given) => mistakes.push(Mistake::OverwritesGiven { cell, given, entry }),
            None if Some(entry) != Digit::from_value(belongs) => {
                mistakes.push(Mistake::WrongEntry { cell, entry })
            }
            None => {}
        }
    }
    mistakes
}

/// Pencil marks of the empty cells of `grid` that are empty or leave out the digit of
/// `solution`, in cell order.
pub fn mark_mistakes(grid: &Grid, solution: &Grid, marks: &[DigitSet]) -> Vec<Mistake> {
    mark_mistakes_in_cells(grid.cells(), solution.cells(), marks)
}

/// [`mark_mistakes`] for any grid as digits, one per cell, row-major (`0` blank).
pub fn mark_mistakes_in_cells(grid: &[u8], solution: &[u8], marks: &[DigitSet]) -> Vec<Mistake> {
    let mut mistakes = Vec::new();
    for (k, ((&value, &belongs), &set)) in grid.iter().zip(solution).zip(marks).enumerate() {
        if value != 0 {
            continue;
        }
        let cell = Cell::new(k);
        let belongs = Digit::from_value(belongs).expect("a complete solution");
        if set.is_empty() {
            mistakes.push(Mistake::NoMarks { cell });
        } else if !set.contains(belongs) {
            mistakes.push(Mistake::MissingMark { cell, marks: set });
        }
    }
    mistakes
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = "1.3...1..1..2.4.";
    const SOLUTION: &str = "1234341221434321";

    #[test]
    fn entries_over_givens_and_wrong_entries_are_found() {
        let puzzle = Grid::parse(PUZZLE).unwrap();
        let solution = Grid::parse(SOLUTION).unwrap();
        // r1c1 overwrites the given 1; r1c2 is wrong (2 belongs there); r1c4 is right, and
        // r1c3 repeats its given, which is fine.
        let entries = Grid::parse("3434............").unwrap();
        let geometry = puzzle.geometry();
        let found: Vec<String> = entry_mistakes(&puzzle, &solution, &entries)
            .iter()
            .map(|m| m.describe(geometry))
            .collect();
        assert_eq!(
            found,
            [
                "r1c1: the entry 3 overwrites the given 1",
                "r1c2: the entry 4 contradicts the puzzle's only solution"
            ]
        );
    }

    #[test]
    fn marks_without_the_true_digit_or_empty_are_found() {
        let puzzle = Grid::parse(PUZZLE).unwrap();
        let solution = Grid::parse(SOLUTION).unwrap();
        let mut marks = vec![DigitSet::full(4); 16];
        marks[1] = [3u8, 4].into_iter().map(Digit::new).collect(); // r1c2 is 2
        marks[3] = DigitSet::EMPTY;
        assert_eq!(
            mark_mistakes(&puzzle, &solution, &marks),
            vec![
                Mistake::MissingMark {
                    cell: Cell::new(1),
                    marks: marks[1]
                },
                Mistake::NoMarks { cell: Cell::new(3) }
            ]
        );
        let geometry = puzzle.geometry();
        assert_eq!(
            Mistake::MissingMark {
                cell: Cell::new(1),
                marks: marks[1]
            }
            .describe(geometry),
            "r1c2: the pencil marks 34 leave out the digit that belongs there"
        );
    }

    #[test]
    fn marks_name_the_bad_cell() {
        let marks = |last: &str| format!("1 2 3 {last} {}", ". ".repeat(12));
        let error = parse_marks(&marks("9"), 16).unwrap_err().to_string();
        assert!(
            error.contains("cell 4") && error.contains("too large"),
            "{error}"
        );
        let error = parse_marks(&marks("x"), 16).unwrap_err().to_string();
        assert!(error.contains("'x'") && error.contains("(r1c4)"), "{error}");
        let error = parse_marks("1 2 3", 16).unwrap_err().to_string();
        assert!(error.contains("3 groups"), "{error}");
    }
}
