//! Streaming readers for puzzle files.
//!
//! A [`CorpusReader`] reads one record at a time from any [`BufRead`], so a corpus of a
//! million lines is never held in memory: it keeps one line (and, for a multi-line grid, the
//! rows of that one grid). Layouts, detected line by line:
//!
//! * one puzzle per line (`16`, `81`, `256` or `625` cells; see [`crate::grid`] for symbols);
//! * known-answer lines `puzzle:count:solution`, where `count` is a number (`1`) or a lower
//!   bound (`2+`), and either field may be left empty (`puzzle:1` or `puzzle::solution`);
//! * multi-line "pretty" grids: a line of 4, 9 or 25 cells (or 16 cells with spaces or `|`
//!   between them) starts a grid of that side, and the next rows complete it;
//! * the Kaggle CSV layout: a `quizzes,solutions` header, then `puzzle,solution` rows.
//!
//! Lines starting with `#` and blank lines are skipped; a trailing `\r` is dropped. A bad
//! record yields an `Err` naming the source, line and column, and reading goes on with the next
//! line, so one bad puzzle does not hide the others.
//!
//! ```
//! use sudolab::corpus::{CorpusReader, ExpectedCount};
//! let text = "# two puzzles\n1.3...1..1..2.4.:1\n\n..3.\n3...\n...2\n.4..\n";
//! let records: Vec<_> = CorpusReader::new(text.as_bytes(), None).collect::<Result<_, _>>()?;
//! assert_eq!(records.len(), 2);
//! assert_eq!(records[0].expected_count, Some(ExpectedCount::Exactly(1)));
//! assert_eq!(records[1].line, 4);
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::fs::File;
use std::io::{BufRead, BufReader};

use crate::error::{Error, Location, ParseErrorKind, Result};
use crate::grid::{self, Grid};

/// A solution count as a corpus states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpectedCount {
    /// Exactly this many solutions (`1`).
    Exactly(u64),
    /// At least this many (`2+`).
    AtLeast(u64),
}

impl ExpectedCount {
    /// Whether a count obtained with solution limit `limit` (0 = no limit) agrees with this
    /// expectation. A capped count `limit` means "at least `limit`".
    pub fn agrees_with(self, count: u64, limit: u64) -> bool {
        let capped = limit != 0 && count >= limit;
        match self {
            ExpectedCount::Exactly(n) if capped => n >= count,
            ExpectedCount::Exactly(n) => n == count,
            ExpectedCount::AtLeast(_) if capped => true,
            ExpectedCount::AtLeast(n) => count >= n,
        }
    }
}

impl std::fmt::Display for ExpectedCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExpectedCount::Exactly(n) => write!(f, "{n}"),
            ExpectedCount::AtLeast(n) => write!(f, "{n}+"),
        }
    }
}

/// One puzzle of a corpus, with what the corpus says about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Position among the corpus's records, from 0 (bad records count too).
    pub index: u64,
    /// The line the puzzle starts on, from 1.
    pub line: u64,
    /// The puzzle.
    pub puzzle: Grid,
    /// The solution count the corpus states, if any.
    pub expected_count: Option<ExpectedCount>,
    /// The solution the corpus states, if any.
    pub expected_solution: Option<Grid>,
}

/// Rows of a multi-line grid read so far.
struct Block {
    first_line: u64,
    side: usize,
    rows: usize,
    cells: Vec<u8>,
}

/// A streaming reader of puzzle records. See the module docs for the layouts.
pub struct CorpusReader<R> {
    reader: R,
    source: Option<String>,
    line_number: u64,
    index: u64,
    bytes: Vec<u8>,
    csv: bool,
    seen_content: bool,
    block: Option<Block>,
    finished: bool,
}

impl<R: BufRead> CorpusReader<R> {
    /// A reader over `reader`; `source` names it in errors (a file name, or `None`).
    pub fn new(reader: R, source: Option<String>) -> Self {
        CorpusReader {
            reader,
            source,
            line_number: 0,
            index: 0,
            bytes: Vec::new(),
            csv: false,
            seen_content: false,
            block: None,
            finished: false,
        }
    }

    /// The name errors give this input (a file name, `<stdin>`, `<argument>`), if any.
    pub fn source(&self) -> Option<&str> {
        self.source.as_deref()
    }

    fn error(&self, line: u64, column: Option<u64>, kind: ParseErrorKind) -> Error {
        Error::parse(
            Location {
                source: self.source.clone(),
                line: Some(line),
                column,
            },
            kind,
        )
    }

    fn located(&self, error: Error) -> Error {
        match &self.source {
            Some(source) => error.in_source(source),
            None => error,
        }
    }

    fn record(&mut self, line: u64, puzzle: Grid) -> Record {
        let record = Record {
            index: self.index,
            line,
            puzzle,
            expected_count: None,
            expected_solution: None,
        };
        self.index += 1;
        record
    }

    /// Reads the next line into `self.bytes`; `Ok(false)` at the end.
    fn next_line(&mut self) -> std::result::Result<bool, Error> {
        self.bytes.clear();
        let read = self
            .reader
            .read_until(b'\n', &mut self.bytes)
            .map_err(|error| Error::Io {
                path: self.source.clone().unwrap_or_else(|| "<input>".into()),
                error,
            })?;
        if read == 0 {
            return Ok(false);
        }
        self.line_number += 1;
        while matches!(self.bytes.last(), Some(b'\n' | b'\r')) {
            self.bytes.pop();
        }
        Ok(true)
    }

    /// Handles one line; `Some` when it completes a record or an error.
    fn handle_line(&mut self, line: &str) -> Option<Result<Record>> {
        let number = self.line_number;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return None;
        }
        if !self.seen_content && trimmed.eq_ignore_ascii_case("quizzes,solutions") {
            self.seen_content = true;
            self.csv = true;
            return None;
        }
        self.seen_content = true;
        if self.csv {
            return Some(self.csv_row(line, number));
        }
        if self.block.is_none() && line.contains(':') {
            return Some(self.known_answer_line(line, number));
        }
        let mut cells = Vec::new();
        if let Err(error) = grid::scan_line(line, number, &mut cells) {
            self.block = None;
            self.index += 1;
            return Some(Err(self.located(error)));
        }
        if cells.is_empty() {
            return None; // a separator line
        }
        if let Some(block) = &mut self.block {
            if cells.len() != block.side {
                let side = block.side;
                self.block = None;
                self.index += 1;
                return Some(Err(self.error(
                    number,
                    None,
                    ParseErrorKind::RowLength {
                        found: cells.len(),
                        side,
                    },
                )));
            }
            if let Err(error) = check_digits(line, number, &cells, block.side, 0) {
                self.block = None;
                self.index += 1;
                return Some(Err(self.located(error)));
            }
            block.cells.extend_from_slice(&cells);
            block.rows += 1;
            if block.rows < block.side {
                return None;
            }
            let block = self.block.take().expect("a block in progress");
            let puzzle = Grid::from_cells(block.cells).expect("side rows of side cells");
            return Some(Ok(self.record(block.first_line, puzzle)));
        }
        let spaced = line
            .trim()
            .contains(|c: char| c.is_whitespace() || c == '|');
        let starts_block = matches!(cells.len(), 4 | 9 | 25) || (cells.len() == 16 && spaced);
        if starts_block {
            let side = cells.len();
            if let Err(error) = check_digits(line, number, &cells, side, 0) {
                self.index += 1;
                return Some(Err(self.located(error)));
            }
            self.block = Some(Block {
                first_line: number,
                side,
                rows: 1,
                cells,
            });
            return None;
        }
        Some(
            grid_from_cells(line, number, cells, 0)
                .map(|puzzle| self.record(number, puzzle))
                .map_err(|error| {
                    self.index += 1;
                    self.located(error)
                }),
        )
    }

    fn known_answer_line(&mut self, line: &str, number: u64) -> Result<Record> {
        let result = (|| {
            let mut fields = line.splitn(3, ':');
            let puzzle_text = fields.next().unwrap_or("");
            let count_text = fields.next().unwrap_or("").trim();
            let solution_text = fields.next().unwrap_or("").trim();
            let puzzle = grid_from_text(puzzle_text, number, 0)?;
            let expected_count = if count_text.is_empty() {
                None
            } else {
                Some(parse_count(count_text).ok_or_else(|| {
                    Error::parse(
                        Location::at(number, puzzle_text.chars().count() as u64 + 2),
                        ParseErrorKind::BadCount {
                            text: count_text.to_string(),
                        },
                    )
                })?)
            };
            let offset = line.len() - line.splitn(3, ':').nth(2).map_or(0, str::len);
            let expected_solution = if solution_text.is_empty() {
                None
            } else {
                Some(solution_for(&puzzle, solution_text, number, offset)?)
            };
            Ok(Record {
                index: 0,
                line: number,
                puzzle,
                expected_count,
                expected_solution,
            })
        })();
        self.finish(result)
    }

    fn csv_row(&mut self, line: &str, number: u64) -> Result<Record> {
        let result = (|| {
            let mut fields = line.split(',');
            let (Some(quiz), Some(solution), None) = (fields.next(), fields.next(), fields.next())
            else {
                return Err(Error::parse(
                    Location::at(number, 1),
                    ParseErrorKind::CsvFields,
                ));
            };
            let puzzle = grid_from_text(quiz, number, 0)?;
            let expected_solution = Some(solution_for(
                &puzzle,
                solution.trim(),
                number,
                quiz.len() + 1,
            )?);
            Ok(Record {
                index: 0,
                line: number,
                puzzle,
                expected_count: Some(ExpectedCount::Exactly(1)),
                expected_solution,
            })
        })();
        self.finish(result)
    }

    fn finish(&mut self, result: Result<Record>) -> Result<Record> {
        let index = self.index;
        self.index += 1;
        match result {
            Ok(mut record) => {
                record.index = index;
                Ok(record)
            }
            Err(error) => Err(self.located(error)),
        }
    }
}

impl<R: BufRead> Iterator for CorpusReader<R> {
    type Item = Result<Record>;

    fn next(&mut self) -> Option<Result<Record>> {
        while !self.finished {
            match self.next_line() {
                Err(error) => {
                    self.finished = true;
                    return Some(Err(error));
                }
                Ok(false) => {
                    self.finished = true;
                    if let Some(block) = self.block.take() {
                        self.index += 1;
                        return Some(Err(self.error(
                            block.first_line,
                            None,
                            ParseErrorKind::Truncated {
                                found: block.cells.len(),
                            },
                        )));
                    }
                    return None;
                }
                Ok(true) => {
                    let bytes = std::mem::take(&mut self.bytes);
                    let outcome = match std::str::from_utf8(&bytes) {
                        Ok(line) => self.handle_line(line),
                        Err(error) => {
                            self.index += 1;
                            self.block = None;
                            let column = Some(error.valid_up_to() as u64 + 1);
                            Some(Err(self.error(
                                self.line_number,
                                column,
                                ParseErrorKind::NotUtf8,
                            )))
                        }
                    };
                    self.bytes = bytes;
                    if outcome.is_some() {
                        return outcome;
                    }
                }
            }
        }
        None
    }
}

fn parse_count(text: &str) -> Option<ExpectedCount> {
    match text.strip_suffix('+') {
        Some(n) => n.trim().parse().ok().map(ExpectedCount::AtLeast),
        None => text.parse().ok().map(ExpectedCount::Exactly),
    }
}

/// Checks every cell value against `side`, naming the column of the first that is too large.
fn check_digits(line: &str, number: u64, cells: &[u8], side: usize, offset: usize) -> Result<()> {
    if let Some(k) = cells.iter().position(|&v| v as usize > side) {
        let (column, ch) = grid::column_of_cell(&line[offset..], k).expect("cell k is on its line");
        let column = column + line[..offset].chars().count() as u64;
        return Err(Error::parse(
            Location::at(number, column),
            ParseErrorKind::DigitTooLarge { ch, side },
        ));
    }
    Ok(())
}

fn grid_from_cells(line: &str, number: u64, cells: Vec<u8>, offset: usize) -> Result<Grid> {
    let box_side = grid::box_side_for(cells.len()).map_err(|kind| {
        Error::parse(
            Location {
                source: None,
                line: Some(number),
                column: None,
            },
            kind,
        )
    })?;
    check_digits(line, number, &cells, box_side * box_side, offset)?;
    Grid::from_cells(cells)
}

/// A one-line grid from `field`, which starts `offset` bytes into its line.
fn grid_from_text(field: &str, number: u64, offset: usize) -> Result<Grid> {
    let mut cells = Vec::new();
    grid::scan_line(field, number, &mut cells).map_err(|error| shift_column(error, offset))?;
    grid_from_cells(field, number, cells, 0).map_err(|error| shift_column(error, offset))
}

fn shift_column(error: Error, offset: usize) -> Error {
    match error {
        Error::Parse { mut location, kind } => {
            if let Some(column) = &mut location.column {
                *column += offset as u64;
            }
            Error::Parse { location, kind }
        }
        other => other,
    }
}

fn solution_for(puzzle: &Grid, text: &str, number: u64, offset: usize) -> Result<Grid> {
    let solution = grid_from_text(text, number, offset)?;
    if solution.cells().len() != puzzle.cells().len() {
        return Err(Error::parse(
            Location::at(number, offset as u64 + 1),
            ParseErrorKind::SolutionSizeMismatch {
                found: solution.cells().len(),
                expected: puzzle.cells().len(),
            },
        ));
    }
    if let Some(blank) = solution.cells().iter().position(|&v| v == 0) {
        return Err(Error::parse(
            Location::at(number, offset as u64 + blank as u64 + 1),
            ParseErrorKind::IncompleteSolution {
                cell: puzzle.geometry().cell_name(blank),
            },
        ));
    }
    Ok(solution)
}

/// Opens what a command line names: `-` is standard input, an existing path is a file, and
/// anything else that looks like puzzle text (no `/`, at least 16 characters) is read as a
/// puzzle given on the command line (source `<argument>`). Otherwise the error names the path.
pub fn open(argument: &str) -> Result<CorpusReader<Box<dyn BufRead>>> {
    if argument == "-" {
        let stdin: Box<dyn BufRead> = Box::new(BufReader::new(std::io::stdin()));
        return Ok(CorpusReader::new(stdin, Some("<stdin>".into())));
    }
    match File::open(argument) {
        Ok(file) => {
            let reader: Box<dyn BufRead> = Box::new(BufReader::new(file));
            Ok(CorpusReader::new(reader, Some(argument.to_string())))
        }
        Err(_) if looks_like_puzzle_text(argument) => {
            let reader: Box<dyn BufRead> =
                Box::new(std::io::Cursor::new(argument.as_bytes().to_vec()));
            Ok(CorpusReader::new(reader, Some("<argument>".into())))
        }
        Err(error) => Err(Error::Io {
            path: argument.to_string(),
            error,
        }),
    }
}

fn looks_like_puzzle_text(argument: &str) -> bool {
    !argument.contains(['/', '\\']) && argument.chars().count() >= 16
}

#[cfg(test)]
mod tests;
