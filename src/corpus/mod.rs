//! Streaming readers for puzzle files.
//!
//! A [`CorpusReader`] reads one record at a time from any [`BufRead`], so a corpus of a
//! million lines is never held in memory: it keeps one line (and, for a multi-line grid, the
//! rows of that one grid). Files may be gzip-compressed ([`CorpusReader::from_path`] detects
//! it by the magic bytes).
//!
//! # Layouts, detected line by line
//!
//! * one puzzle per line (`16`, `81`, `256` or `625` cells; see [`crate::grid`] for symbols);
//! * known-answer lines `puzzle:count:solution`, where `count` is a number (`1`) or a lower
//!   bound (`2+`), and either field may be left empty (`puzzle:1` or `puzzle::solution`);
//! * multi-line "pretty" grids (rules below);
//! * the Kaggle CSV layout: a `quizzes,solutions` header, then `puzzle,solution` rows.
//!
//! Lines starting with `#` are comments; a trailing `\r` is dropped; a line may be at most
//! [`MAX_CORPUS_LINE`] bytes (a longer one is an error and reading stops: the input is not a
//! puzzle file).
//!
//! # Pretty grids
//!
//! * Whitespace, `|` and `+` between cells are ignored.
//! * A line of 4, 9 or 25 cells starts a grid of that side; the next rows complete it.
//!   A line of 16 cells written with spaces or `|` between them starts a 16x16 grid if the
//!   next line is another row of 16 cells (or if it holds a digit above 4); otherwise it is a
//!   4x4 puzzle written on one line (`1.3. ..1. .1.. 2.4.`).
//! * A separator line is made only of `-`, `=`, `+`, `|` and spaces; but a line of only dashes
//!   (and spaces or `|`) with as many dashes as the grid has columns is a row of blanks
//!   (`---------` in a 9x9 grid). Separators may appear before and after a grid and between
//!   its bands; one inside a band is an error (a row is missing or extra above it).
//! * A blank line ends a grid; so do a `puzzle:count` line and a complete one-line puzzle. A
//!   grid that ends before its last row is an error naming its first line and what ended it.
//!   Grids written back to back without blank lines or separators cannot show a missing row.
//!
//! # Errors and resynchronisation
//!
//! A bad record yields an `Err` naming the source, line and column, and reading goes on: after
//! a bad row inside a grid, the reader skips the rest of that grid (its remaining rows, up to
//! a blank line), so one bad grid costs one record and never spills into the next.
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

mod fields;

use std::collections::VecDeque;
use std::io::BufRead;
use std::path::Path;

use crate::error::{Error, Location, ParseErrorKind, Result};
use crate::grid::{self, Grid};
use crate::input::{self, Line, Lines, MAX_CORPUS_LINE};

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
    /// One spaced row of 16 cells so far, all digits at most 4: a 16x16 grid or a 4x4
    /// puzzle on one line, decided by the next line.
    maybe_four: bool,
}

/// What ended a grid early, for the error message.
enum GridEnd {
    BlankLine(u64),
    Line(u64),
    EndOfInput,
}

impl GridEnd {
    fn describe(&self) -> String {
        match self {
            GridEnd::BlankLine(line) => format!("a blank line (line {line})"),
            GridEnd::Line(line) => format!("line {line}, which is not a row of this grid"),
            GridEnd::EndOfInput => "the end of the input".into(),
        }
    }
}

/// A streaming reader of puzzle records. See the module docs for the layouts.
pub struct CorpusReader<R> {
    lines: Lines<R>,
    source: Option<String>,
    index: u64,
    csv: bool,
    seen_content: bool,
    block: Option<Block>,
    /// Rows still to skip of a grid that went wrong (a blank line also ends the skipping).
    skipping: usize,
    ready: VecDeque<Result<Record>>,
    finished: bool,
}

impl CorpusReader<input::Input> {
    /// A reader of the file at `path` (plain or gzip), named by its path in errors.
    pub fn from_path(path: &Path) -> Result<CorpusReader<input::Input>> {
        let reader = input::open_file(path)?;
        Ok(CorpusReader::new(reader, Some(path.display().to_string())))
    }

    /// A reader of standard input (plain or gzip), named `<stdin>` in errors.
    pub fn stdin() -> CorpusReader<input::Input> {
        CorpusReader::new(input::stdin(), Some("<stdin>".into()))
    }

    /// A reader of text given directly (e.g. a puzzle on the command line), named `source`.
    pub fn from_text(text: &str, source: &str) -> CorpusReader<input::Input> {
        let reader: input::Input = Box::new(std::io::Cursor::new(text.as_bytes().to_vec()));
        CorpusReader::new(reader, Some(source.to_string()))
    }
}

impl<R: BufRead> CorpusReader<R> {
    /// A reader over `reader`; `source` names it in errors (a file name, or `None`).
    pub fn new(reader: R, source: Option<String>) -> Self {
        CorpusReader {
            lines: Lines::new(reader, MAX_CORPUS_LINE),
            source,
            index: 0,
            csv: false,
            seen_content: false,
            block: None,
            skipping: 0,
            ready: VecDeque::new(),
            finished: false,
        }
    }

    /// The name errors give this input (a file name, `<stdin>`, `<argument>`), if any.
    pub fn source(&self) -> Option<&str> {
        self.source.as_deref()
    }

    fn located(&self, error: Error) -> Error {
        match &self.source {
            Some(source) => error.in_source(source),
            None => error,
        }
    }

    /// Queues a record or an error, giving it the next index.
    fn emit(&mut self, result: Result<Record>) {
        let index = self.index;
        self.index += 1;
        let result = match result {
            Ok(mut record) => {
                record.index = index;
                Ok(record)
            }
            Err(error) => Err(self.located(error)),
        };
        self.ready.push_back(result);
    }

    fn emit_error(&mut self, location: Location, kind: ParseErrorKind) {
        self.emit(Err(Error::parse(location, kind)));
    }

    fn record(line: u64, puzzle: Grid) -> Record {
        Record {
            index: 0,
            line,
            puzzle,
            expected_count: None,
            expected_solution: None,
        }
    }

    /// Ends the grid in progress, if any: a 4x4 one-line puzzle, or a truncated grid.
    fn end_block(&mut self, end: GridEnd) {
        let Some(block) = self.block.take() else {
            return;
        };
        if block.maybe_four {
            let puzzle = Grid::from_cells(block.cells).expect("16 cells of digits at most 4");
            self.emit(Ok(Self::record(block.first_line, puzzle)));
        } else {
            self.emit_error(
                Location::line(block.first_line),
                ParseErrorKind::Truncated {
                    rows: block.rows,
                    side: block.side,
                    end: end.describe(),
                },
            );
        }
    }

    /// Abandons the grid in progress after an error on its row `rows + 1`: its other rows are
    /// skipped.
    fn abandon_block(&mut self) {
        if let Some(block) = self.block.take() {
            self.skipping = block.side.saturating_sub(block.rows + 1);
        }
    }

    /// Handles one line, queueing whatever it completes.
    fn handle_line(&mut self, line: &str) {
        let number = self.lines.number();
        let trimmed = line.trim();
        if trimmed.is_empty() {
            self.end_block(GridEnd::BlankLine(number));
            self.skipping = 0;
            return;
        }
        if trimmed.starts_with('#') {
            return;
        }
        if !self.seen_content && trimmed.eq_ignore_ascii_case("quizzes,solutions") {
            self.seen_content = true;
            self.csv = true;
            return;
        }
        self.seen_content = true;
        if self.csv {
            let record = fields::csv_row(line, number);
            self.emit(record);
            return;
        }
        if line.contains(':') {
            self.end_block(GridEnd::Line(number));
            self.skipping = 0;
            let record = fields::known_answer_line(line, number);
            self.emit(record);
            return;
        }
        let row_lengths: &[usize] = match &self.block {
            Some(block) => &[block.side][..],
            None => &grid::ROW_LENGTHS[..],
        };
        if grid::is_separator_line(line, row_lengths) {
            self.separator(number);
            return;
        }
        let mut cells = Vec::new();
        if let Err(error) = grid::scan_cells(line, number, &mut cells) {
            if self.skipping > 0 {
                self.skipping -= 1;
                return;
            }
            self.abandon_block();
            self.emit(Err(error));
            return;
        }
        let one_line =
            matches!(cells.len(), 81 | 256 | 625) || (cells.len() == 16 && !is_spaced(line));
        if self.skipping > 0 && !one_line {
            self.skipping -= 1;
            return;
        }
        self.skipping = 0;
        self.row(line, number, cells, one_line);
    }

    fn separator(&mut self, number: u64) {
        let Some(block) = &self.block else {
            return; // a border above a grid or below one
        };
        if block.maybe_four {
            self.end_block(GridEnd::Line(number));
            return;
        }
        let band = integer_root(block.side);
        if block.rows % band != 0 {
            let row = block.rows;
            // Its other rows are skipped as if a row were missing (the commoner slip); an
            // extra row instead leaves one row over, which is reported, not misread.
            self.abandon_block();
            self.emit_error(
                Location::line(number),
                ParseErrorKind::MisplacedSeparator { row, band },
            );
        }
    }

    /// A line of cells: a row of the grid in progress, the start of a grid, or a whole
    /// puzzle.
    fn row(&mut self, line: &str, number: u64, cells: Vec<u8>, one_line: bool) {
        if let Some(block) = &mut self.block {
            if cells.len() == block.side && !(block.maybe_four && one_line) {
                block.maybe_four = false;
                if let Err(error) = fields::check_digits(line, number, &cells, block.side) {
                    self.abandon_block();
                    self.emit(Err(error));
                    return;
                }
                block.cells.extend_from_slice(&cells);
                block.rows += 1;
                if block.rows == block.side {
                    let block = self.block.take().expect("a block in progress");
                    let puzzle = Grid::from_cells(block.cells).expect("side rows of side cells");
                    self.emit(Ok(Self::record(block.first_line, puzzle)));
                }
                return;
            }
            if block.maybe_four || one_line {
                // The line is not a row of this grid: it ends it, and is read on its own.
                self.end_block(GridEnd::Line(number));
            } else {
                let side = block.side;
                self.abandon_block();
                self.emit_error(
                    Location::line(number),
                    ParseErrorKind::RowLength {
                        found: cells.len(),
                        side,
                    },
                );
                return;
            }
        }
        let spaced_sixteen = cells.len() == 16 && !one_line;
        if matches!(cells.len(), 4 | 9 | 25) || spaced_sixteen {
            let side = cells.len();
            let maybe_four = spaced_sixteen && cells.iter().all(|&v| v <= 4);
            if let Err(error) = fields::check_digits(line, number, &cells, side) {
                self.skipping = side - 1;
                self.emit(Err(error));
                return;
            }
            self.block = Some(Block {
                first_line: number,
                side,
                rows: 1,
                cells,
                maybe_four,
            });
            return;
        }
        let record = fields::grid_from_cells(line, number, cells).map(|p| Self::record(number, p));
        self.emit(record);
    }
}

/// Whether the cells of a line are written with whitespace or `|` between them.
fn is_spaced(line: &str) -> bool {
    line.trim()
        .contains(|c: char| c.is_whitespace() || c == '|')
}

fn integer_root(side: usize) -> usize {
    (1..=5).find(|n| n * n == side).unwrap_or(1)
}

impl<R: BufRead> Iterator for CorpusReader<R> {
    type Item = Result<Record>;

    fn next(&mut self) -> Option<Result<Record>> {
        loop {
            if let Some(ready) = self.ready.pop_front() {
                return Some(ready);
            }
            if self.finished {
                return None;
            }
            let read = self.lines.next_line();
            let number = self.lines.number();
            match read {
                Err(error) => {
                    self.finished = true;
                    let source = self.source.clone().unwrap_or_else(|| "<input>".into());
                    let location = Location {
                        source: Some(source),
                        ..Location::line(number + 1)
                    };
                    return Some(Err(Error::Read { location, error }));
                }
                Ok(Line::End) => {
                    self.finished = true;
                    self.end_block(GridEnd::EndOfInput);
                }
                Ok(Line::TooLong) => {
                    self.finished = true;
                    self.block = None;
                    let limit = self.lines.max();
                    self.emit_error(
                        Location::line(number),
                        ParseErrorKind::LineTooLong { limit },
                    );
                }
                Ok(Line::Read) => {
                    let bytes = self.lines.take_bytes();
                    match std::str::from_utf8(&bytes) {
                        Ok(line) => self.handle_line(line),
                        Err(error) => {
                            self.abandon_block();
                            let column = String::from_utf8_lossy(&bytes[..error.valid_up_to()])
                                .chars()
                                .count() as u64
                                + 1;
                            self.emit_error(Location::at(number, column), ParseErrorKind::NotUtf8);
                        }
                    }
                    self.lines.give_back(bytes);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
