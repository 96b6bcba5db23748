//! The text format of variant puzzles, read and written.
//!
//! ```text
//! # Lines starting with # are comments; blank lines are ignored.
//! variant: x anti-knight        the rules of the puzzles that follow
//! boxes: 2x3                    box shape, rows x columns (optional; see below)
//! regions: 111222111222...      a jigsaw map for the next puzzle: a region symbol per cell
//! cage: 15 r1c1 r1c2 r2c1       a killer cage of the next puzzle: its sum and its cells
//! 1.....2...3.....4.......      a puzzle: one symbol per cell, row-major
//! ```
//!
//! * `variant:` names the rules, separated by spaces or `+`: `x` (diagonals), `windoku`,
//!   `disjoint-groups`, `anti-knight`, `anti-king`, `non-consecutive`, `killer`, and
//!   `jigsaw` (irregular regions instead of boxes); `classic` alone means none. It applies
//!   to every puzzle after it, until the next `variant:` line. A file without one holds
//!   classic puzzles.
//! * `boxes: RxC` sets the boxes of the following puzzles to `R` rows by `C` columns. By
//!   default a grid of side `s` has square boxes when `s` is a square (4, 9, 16, 25), and
//!   otherwise the most nearly square rectangle with fewer rows than columns (6x6: 2x3,
//!   8x8: 2x4, 12x12: 3x4). A `variant:` line resets it to the default.
//! * `regions:` and `cage:` lines belong to the puzzle line that follows them. Region
//!   symbols are the digit symbols (`1-9A-P`, region 1 to `side`); spaces are ignored.
//!   Cells of a cage are written `rNcM` (counted from 1).
//! * A puzzle line holds `side * side` symbols: a digit `1-9A-P` or a blank `.`, `0`, `_`,
//!   `-`. The side (4 to 25) is the square root of its length. As in classic corpora, it
//!   may go on with the known answer: `PUZZLE:COUNT` or `PUZZLE:COUNT:SOLUTION` (`1`, or
//!   `2+` for at least two; the solution a full grid on one line).
//!
//! Every error names the source, the line and (where it helps) the column.
//!
//! ```
//! use sudolab::variant::format;
//! let text = "variant: jigsaw\nregions: 1122112233443344\n1...............\n";
//! let puzzles = format::parse(text, None)?;
//! assert_eq!(puzzles[0].variant().name(), "jigsaw 4x4");
//! assert_eq!(format::write(&puzzles), text);
//! let error = format::parse("variant: x\n1.3\n", Some("mine.txt")).unwrap_err();
//! assert!(error.to_string().starts_with("mine.txt, line 2"));
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::io::BufRead;

use super::{default_boxes, Cage, Puzzle, Regions, Rule, Variant, MAX_SIDE, MIN_SIDE};
use crate::corpus::ExpectedCount;
use crate::error::{Error, Location, Result};
use crate::geometry::Cell;
use crate::grid::{symbol, token, Token};
use crate::input::{Line, Lines, MAX_CORPUS_LINE};

/// The rules named on a `variant:` line, and whether it said `jigsaw`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Header {
    rules: Vec<Rule>,
    jigsaw: bool,
    boxes: Option<(usize, usize)>,
}

/// A cage as read, before the puzzle line gives the side: its sum, its cells as (row,
/// column) from 0, and where each was written.
#[derive(Debug, Clone)]
struct PendingCage {
    line: u64,
    sum: u32,
    cells: Vec<(usize, usize, u64)>,
}

/// What the reader holds between lines.
struct Reader<'a> {
    source: Option<&'a str>,
    header: Header,
    regions: Option<(u64, Vec<(u8, u64)>)>,
    cages: Vec<PendingCage>,
    /// A refused `variant:` or `boxes:` line (its number, and whether it was `boxes:`): the
    /// puzzles after it are refused too, until a good `variant:` line (or, for `boxes:`, a
    /// good `boxes:` line), so none is read under a description it was not written for.
    refused_header: Option<(u64, bool)>,
    /// A refused line that belonged to the next puzzle (its regions or a cage): that puzzle
    /// is refused too.
    refused_before: Option<u64>,
}

/// One puzzle of a file, where it is and the answer the file states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The puzzle line's number, from 1.
    pub line: u64,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The solution count the line states, if any.
    pub expected_count: Option<ExpectedCount>,
    /// The solution the line states, if any (checked to fit the grid, not to solve it).
    pub expected_solution: Option<Vec<u8>>,
}

fn error_at(source: Option<&str>, line: u64, column: Option<u64>, message: String) -> Error {
    Error::Variant {
        location: Location {
            source: source.map(str::to_string),
            line: Some(line),
            column,
            field: None,
        },
        message,
    }
}

/// Reads every puzzle of `text` (see the module docs); `source` names it in errors.
pub fn parse(text: &str, source: Option<&str>) -> Result<Vec<Puzzle>> {
    read(text.as_bytes(), source)
}

/// Reads every puzzle from `input`, line by line (lines at most 64 KiB).
pub fn read(input: impl BufRead, source: Option<&str>) -> Result<Vec<Puzzle>> {
    Ok(read_records(input, source)?
        .into_iter()
        .map(|record| record.puzzle)
        .collect())
}

/// [`read`], each puzzle with its line and the answer the file states; the first error
/// refuses the whole file.
pub fn read_records(input: impl BufRead, source: Option<&str>) -> Result<Vec<Record>> {
    Records::new(input, source).collect()
}

/// The puzzles of a file one at a time, as a stream (memory: one line and one puzzle's
/// description): each a [`Record`] or the error that refused it. Reading goes on after an
/// error, so one bad puzzle costs only itself; a puzzle whose description was refused (a bad
/// `variant:`, `boxes:`, `regions:` or `cage:` line before it) is refused too, never read
/// under another description. An error reading the input itself ends the stream.
///
/// ```
/// use sudolab::variant::format::Records;
/// let text = "variant: x\n1.3\n1...............\n";
/// let read: Vec<_> = Records::new(text.as_bytes(), Some("mine.txt")).collect();
/// assert!(read[0].as_ref().unwrap_err().to_string().starts_with("mine.txt, line 2"));
/// assert_eq!(read[1].as_ref().unwrap().line, 3);
/// ```
pub struct Records<'a, R> {
    lines: Lines<R>,
    reader: Reader<'a>,
    done: bool,
}

impl<'a, R: BufRead> Records<'a, R> {
    /// The records of `input`; `source` names it in errors.
    pub fn new(input: R, source: Option<&'a str>) -> Records<'a, R> {
        Records {
            lines: Lines::new(input, MAX_CORPUS_LINE),
            reader: Reader {
                source,
                header: Header::default(),
                regions: None,
                cages: Vec::new(),
                refused_header: None,
                refused_before: None,
            },
            done: false,
        }
    }
}

impl<R: BufRead> Iterator for Records<'_, R> {
    type Item = Result<Record>;

    fn next(&mut self) -> Option<Result<Record>> {
        while !self.done {
            let source = self.reader.source;
            let read = match self.lines.next_line() {
                Ok(read) => read,
                Err(error) => {
                    self.done = true;
                    return Some(Err(Error::Read {
                        location: Location {
                            source: source.map(str::to_string),
                            line: Some(self.lines.number() + 1),
                            ..Location::default()
                        },
                        error,
                    }));
                }
            };
            let number = self.lines.number();
            match read {
                Line::End => {
                    self.done = true;
                    return self.reader.left_over().map(Err);
                }
                Line::TooLong => {
                    let message = format!("line longer than {MAX_CORPUS_LINE} bytes");
                    return Some(Err(error_at(source, number, None, message)));
                }
                Line::Read => {}
            }
            let Ok(text) = std::str::from_utf8(self.lines.bytes()) else {
                return Some(Err(error_at(source, number, None, "not UTF-8 text".into())));
            };
            let text = text.to_string();
            match self.reader.line(number, &text) {
                Ok(None) => {}
                Ok(Some(record)) => return Some(Ok(record)),
                Err(error) => return Some(Err(error)),
            }
        }
        None
    }
}

/// The cells of a puzzle line's text, each with its column (from 1): `1-9A-P` a digit,
/// `. 0 _ -` a blank (0), whitespace skipped; the column and character of anything else.
fn scan_cells(text: &str) -> std::result::Result<Vec<(u8, u64)>, (u64, char)> {
    let mut cells = Vec::new();
    for (k, ch) in text.chars().enumerate() {
        match token(ch) {
            Token::Cell(value) => cells.push((value, k as u64 + 1)),
            Token::Skip if ch.is_whitespace() => {}
            _ => return Err((k as u64 + 1, ch)),
        }
    }
    Ok(cells)
}

/// A grid of `side` x `side` cells written as a puzzle line is (`1-9A-P` a digit, `. 0 _ -`
/// a blank, whitespace ignored), for a variant puzzle's entries: the digits, `0` blank,
/// row-major. Errors name the column of a bad character, or the count of cells.
pub fn parse_cells(text: &str, side: usize) -> Result<Vec<u8>> {
    let no_cell = |column: u64, ch: char| {
        error_in_line(
            Some(column),
            format!(
                "{ch:?} is no cell of a {side}x{side} grid (1-9 or A-P, or . 0 _ - for a blank)"
            ),
        )
    };
    let scanned = scan_cells(text).map_err(|(column, ch)| no_cell(column, ch))?;
    if let Some(&(value, column)) = scanned.iter().find(|&&(value, _)| value as usize > side) {
        let written = text.chars().nth(column as usize - 1);
        return Err(no_cell(column, written.unwrap_or(symbol(value) as char)));
    }
    let cells: Vec<u8> = scanned.into_iter().map(|(value, _)| value).collect();
    if cells.len() != side * side {
        return Err(error_in_line(
            None,
            format!("{} cells where the puzzle has {}", cells.len(), side * side),
        ));
    }
    Ok(cells)
}

/// An error in a line given on its own (no file, no line number): the column, if any.
fn error_in_line(column: Option<u64>, message: String) -> Error {
    Error::Variant {
        location: Location {
            column,
            ..Location::default()
        },
        message,
    }
}

/// `r3c5` as (row, column) from 0.
fn parse_cell_name(word: &str) -> Option<(usize, usize)> {
    let rest = word.strip_prefix(['r', 'R'])?;
    let (row, column) = rest.split_once(['c', 'C'])?;
    let (row, column): (usize, usize) = (row.parse().ok()?, column.parse().ok()?);
    (row >= 1 && column >= 1).then(|| (row - 1, column - 1))
}
/// The rules and the jigsaw flag named by `words`, as on a `variant:` line (`x anti-knight`,
/// `jigsaw+killer`); an error naming an unknown word.
///
/// ```
/// use sudolab::variant::{format::parse_rules, Rule};
/// assert_eq!(parse_rules("jigsaw x"), Ok((vec![Rule::Diagonals], true)));
/// assert!(parse_rules("x sandwich").unwrap_err().contains("sandwich"));
/// ```
pub fn parse_rules(words: &str) -> std::result::Result<(Vec<Rule>, bool), String> {
    rule_words(words).map_err(|(_, message)| message)
}

/// [`parse_rules`], an error with the byte offset of the unknown word.
fn rule_words(words: &str) -> std::result::Result<(Vec<Rule>, bool), (usize, String)> {
    let mut rules = Vec::new();
    let mut jigsaw = false;
    // Each word with its byte offset; separators may take several bytes (a no-break space).
    let separators = words
        .char_indices()
        .filter(|&(_, c)| c.is_whitespace() || c == '+' || c == ',')
        .map(|(at, c)| (at, c.len_utf8()));
    let mut next = 0;
    for (end, width) in separators.chain(std::iter::once((words.len(), 0))) {
        let (start, word) = (next, &words[next..end]);
        next = end + width;
        if word.is_empty() || word.eq_ignore_ascii_case("classic") {
            continue;
        }
        if word.eq_ignore_ascii_case("jigsaw") {
            jigsaw = true;
        } else if let Some(rule) = Rule::from_name(word) {
            rules.push(rule);
        } else {
            let names: Vec<&str> = Rule::ALL.iter().map(|rule| rule.name()).collect();
            let message = format!(
                "unknown variant {word:?} (known: classic, jigsaw, {})",
                names.join(", ")
            );
            return Err((start, message));
        }
    }
    Ok((rules, jigsaw))
}

/// Whether `text` is in the variant format rather than a classic corpus: its first line
/// that is neither blank nor a comment starts with one of the format's keys.
pub fn looks_like_variant(text: &[u8]) -> bool {
    let text = String::from_utf8_lossy(text);
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))
        .is_some_and(|line| {
            let key = line
                .split(':')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase();
            line.contains(':') && ["variant", "boxes", "regions", "cage"].contains(&key.as_str())
        })
}

mod reader;
mod writer;

pub use writer::{write, write_with_solutions, Writer};

#[cfg(test)]
mod tests;
