//! Sudoku Explainer's batch output format, so `sudolab grade --format` can stand in where
//! people run SE's `serate` today.
//!
//! A format is text with `%` conversions, as `serate --format` takes them:
//!
//! | conversion | output |
//! |---|---|
//! | `%g` | the input puzzle line |
//! | `%i` | the puzzle as 81 (`side²`) characters, `0` for an empty cell |
//! | `%n` | the puzzle's ordinal, counting from 1 |
//! | `%r` | ER, the rating: the hardest step |
//! | `%p` | EP, the pearl: the hardest step up to the first placement |
//! | `%d` | ED, the diamond: the first step |
//! | `%R`, `%P`, `%D` | the technique that gave ER, EP, ED |
//! | `%e` | the time the rating took, in milliseconds |
//! | `%t`, `%l`, `%%` | a tab, a new line, a `%` |
//!
//! Ratings print with one decimal, as SE prints them. A puzzle the techniques do not solve
//! prints what `serate` prints for a puzzle beyond its techniques (seen with `serate
//! --techs=...` leaving techniques out): `%r` is `20.0` and `%R` `Beyond solver`; `%p`
//! and `%d` are the steps' up to where they stopped, or `0.0` and `No solution` when no
//! step placed a digit (`%p`) or none applied at all (`%d`). So a script that reads ER as
//! a number reads the same from both.
//!
//! ```
//! use sudolab::logic::se_format::{Format, Rated};
//! use sudolab::logic::{grade, Position};
//! use sudolab::grid::Grid;
//! let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let puzzle = Grid::parse(line)?;
//! let grade = grade(&Position::from_grid(&puzzle)?);
//! let format = Format::parse("%g %r/%p/%d")?;
//! let rated = Rated { line, ordinal: 1, cells: puzzle.cells(), grade: &grade, elapsed_ms: 0.1 };
//! // SE's serate prints the same line for this puzzle.
//! assert_eq!(format.render(&rated), format!("{line} 1.2/1.2/1.2"));
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::fmt::Write as _;

use super::{Grade, Technique};
use crate::bitset::Digit;
use crate::error::{Error, Result};

/// The ER `serate` prints for a puzzle its techniques do not solve.
const BEYOND_RATING: f32 = 20.0;

/// The technique name `serate` prints with it (`%R`).
const BEYOND_SOLVER: &str = "Beyond solver";

/// The name `serate` prints for EP or ED that no step reached (`%P`, `%D`).
const NO_SOLUTION: &str = "No solution";

/// One piece of a parsed format.
#[derive(Debug, Clone, PartialEq)]
enum Piece {
    Text(String),
    Conversion(char),
}

/// A parsed `--format`.
#[derive(Debug, Clone, PartialEq)]
pub struct Format {
    pieces: Vec<Piece>,
}

/// What a format can print about one rated puzzle.
#[derive(Debug, Clone, Copy)]
pub struct Rated<'a> {
    /// The input line as read.
    pub line: &'a str,
    /// Its ordinal among the puzzles, from 1.
    pub ordinal: u64,
    /// The puzzle's givens, row-major, 0 for an empty cell (a classic grid's
    /// [`Grid::cells`](crate::grid::Grid::cells), or a variant puzzle's).
    pub cells: &'a [u8],
    /// Its grade.
    pub grade: &'a Grade,
    /// How long the rating took, in milliseconds.
    pub elapsed_ms: f64,
}

const CONVERSIONS: &str = "ginrpdRPDetl%";

impl Format {
    /// SE's default: `%r/%p/%d`.
    pub fn se_default() -> Format {
        Format::parse("%r/%p/%d").expect("a valid format")
    }

    /// Parses a format; an unknown conversion, or a `%` at the end, is an error naming it
    /// and its column.
    pub fn parse(text: &str) -> Result<Format> {
        let mut pieces = Vec::new();
        let mut literal = String::new();
        let mut chars = text.char_indices();
        while let Some((at, c)) = chars.next() {
            if c != '%' {
                literal.push(c);
                continue;
            }
            let Some((_, conversion)) = chars.next() else {
                return Err(Error::InvalidArgument(format!(
                    "format {text:?}, column {}: a '%' ends the format (write %% for a '%')",
                    at + 1
                )));
            };
            if !CONVERSIONS.contains(conversion) {
                return Err(Error::InvalidArgument(format!(
                    "format {text:?}, column {}: unknown conversion %{conversion} (known: {})",
                    at + 1,
                    CONVERSIONS
                        .chars()
                        .map(|c| format!("%{c}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                )));
            }
            match conversion {
                '%' => literal.push('%'),
                't' => literal.push('\t'),
                'l' => literal.push('\n'),
                _ => {
                    if !literal.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut literal)));
                    }
                    pieces.push(Piece::Conversion(conversion));
                }
            }
        }
        if !literal.is_empty() {
            pieces.push(Piece::Text(literal));
        }
        Ok(Format { pieces })
    }

    /// The line for one rated puzzle.
    pub fn render(&self, rated: &Rated) -> String {
        let grade = rated.grade;
        // Without a solution, ER is serate's for a puzzle beyond its techniques, and EP and
        // ED are known only where some step reached them (serate prints 0.0 and "No
        // solution" for the others).
        let rating = |value: f32, known: bool| {
            if known {
                format!("{value:.1}")
            } else {
                "0.0".to_string()
            }
        };
        let name = |technique: Option<Technique>, known: bool| match technique {
            Some(technique) if known => technique.name().to_string(),
            _ if grade.solved => "-".to_string(), // already solved: no step
            _ => NO_SOLUTION.to_string(),
        };
        let (er, er_name) = if grade.solved {
            (grade.rating, name(grade.hardest, true))
        } else {
            (BEYOND_RATING, BEYOND_SOLVER.to_string())
        };
        let pearl_known = grade.solved || grade.pearl_technique.is_some();
        let diamond_known = grade.solved || grade.diamond_technique.is_some();
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => out.push_str(text),
                Piece::Conversion(c) => match c {
                    'g' => out.push_str(rated.line),
                    'i' => {
                        for &value in rated.cells {
                            out.push(Digit::from_value(value).map_or('0', |d| d.symbol()));
                        }
                    }
                    'n' => {
                        let _ = write!(out, "{}", rated.ordinal);
                    }
                    'r' => out.push_str(&rating(er, true)),
                    'p' => out.push_str(&rating(grade.pearl, pearl_known)),
                    'd' => out.push_str(&rating(grade.diamond, diamond_known)),
                    'R' => out.push_str(&er_name),
                    'P' => out.push_str(&name(grade.pearl_technique, pearl_known)),
                    'D' => out.push_str(&name(grade.diamond_technique, diamond_known)),
                    'e' => {
                        let _ = write!(out, "{:.3}", rated.elapsed_ms);
                    }
                    _ => unreachable!("conversions are checked by parse"),
                },
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::{grade, Position};

    fn rate(line: &str, format: &str) -> String {
        let puzzle = Grid::parse(line).unwrap();
        let grade = grade(&Position::from_grid(&puzzle).unwrap());
        let rated = Rated {
            line,
            ordinal: 7,
            cells: puzzle.cells(),
            grade: &grade,
            elapsed_ms: 1.5,
        };
        Format::parse(format).unwrap().render(&rated)
    }

    #[test]
    fn every_conversion_prints_its_field() {
        // SE rates this puzzle 7.2/1.2/1.2 (datasets/sudoku_exchange_diabolical_2020).
        let line =
            ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.";
        let out = rate(line, "%n|%g|%r/%p/%d|%R|%P|%D|%e%t100%%%l");
        let fields: Vec<&str> = out.split('|').collect();
        assert_eq!(fields[0], "7");
        assert_eq!(fields[1], line);
        assert_eq!(fields[2], "7.2/1.2/1.2");
        assert_eq!(fields[3], "Forcing chain");
        assert_eq!(fields[4], "Hidden single (box)");
        assert_eq!(fields[5], "Hidden single (box)");
        assert_eq!(fields[6], "1.500\t100%\n");
        let grid = rate(line, "%i");
        assert_eq!(grid, line.replace('.', "0"));
    }

    #[test]
    fn unknown_conversions_and_a_trailing_percent_are_refused() {
        let error = Format::parse("%r %x").unwrap_err().to_string();
        assert!(
            error.contains("column 4") && error.contains("%x"),
            "{error}"
        );
        let error = Format::parse("%r %").unwrap_err().to_string();
        assert!(
            error.contains("column 4") && error.contains("ends"),
            "{error}"
        );
        assert_eq!(Format::se_default(), Format::parse("%r/%p/%d").unwrap());
    }

    #[test]
    fn an_unsolved_puzzle_prints_what_serate_prints_beyond_its_techniques() {
        let puzzle = Grid::empty(3).unwrap();
        let stuck = Grade {
            hardest: Some(Technique::NakedPair),
            rating: 3.0,
            pearl: 0.0,
            diamond: 3.0,
            pearl_technique: None,
            diamond_technique: Some(Technique::NakedPair),
            counts: vec![(Technique::NakedPair, 1)],
            solved: false,
            stopped: None,
        };
        let rated = Rated {
            line: "x",
            ordinal: 1,
            cells: puzzle.cells(),
            grade: &stuck,
            elapsed_ms: 0.0,
        };
        let format = Format::parse("%r/%p/%d|%R|%P|%D").unwrap();
        assert_eq!(
            format.render(&rated),
            "20.0/0.0/3.0|Beyond solver|No solution|Naked pair"
        );
        // No step at all: serate's "20.0/0.0/0.0 Beyond solver|No solution|No solution"
        // (`--techs` with naked singles alone, on a puzzle that has none).
        let none = Grade {
            hardest: None,
            rating: 0.0,
            diamond: 0.0,
            diamond_technique: None,
            counts: Vec::new(),
            ..stuck
        };
        let rated = Rated {
            grade: &none,
            ..rated
        };
        assert_eq!(
            format.render(&rated),
            "20.0/0.0/0.0|Beyond solver|No solution|No solution"
        );
    }
}
