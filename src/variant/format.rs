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

impl Reader<'_> {
    fn error(&self, line: u64, column: Option<u64>, message: String) -> Error {
        error_at(self.source, line, column, message)
    }

    /// The error for a regions or cage line that no puzzle line followed, if any.
    fn left_over(&self) -> Option<Error> {
        let line = self
            .regions
            .as_ref()
            .map(|r| r.0)
            .or(self.cages.first().map(|c| c.line))?;
        let message = "a regions or cage line with no puzzle line after it".into();
        Some(self.error(line, None, message))
    }

    /// Reads one line: a puzzle line gives its record. After an error, the puzzle lines it
    /// concerns are refused too (see [`Reader::refused_header`]).
    fn line(&mut self, number: u64, text: &str) -> Result<Option<Record>> {
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return Ok(None);
        }
        // The column (from 1) of the value after `key:`.
        let value_column = |key: &str| {
            let start = text.find(key).unwrap_or(0) + key.len();
            let skipped = text[start..].len() - text[start..].trim_start().len();
            (text[..start + skipped].chars().count() + 1) as u64
        };
        let key_word = trimmed
            .split(':')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        let is_key = ["variant", "boxes", "regions", "cage"].contains(&key_word.as_str())
            || !key_word
                .chars()
                .all(|ch| matches!(token(ch), Token::Cell(_) | Token::Skip));
        if let (true, Some((key, value))) = (is_key, trimmed.split_once(':')) {
            let column = value_column(&format!("{key}:"));
            let key = key.trim().to_ascii_lowercase();
            let read = match key.as_str() {
                "variant" => self.variant_line(number, text, column),
                "boxes" => self.boxes_line(number, column, value.trim()),
                "regions" => self.regions_line(number, text, column),
                "cage" => self.cage_line(number, text, column),
                other => Err(self.error(
                    number,
                    Some(1),
                    format!(
                        "unknown key {other:?} (a line is `variant:`, `boxes:`, `regions:`, \
                         `cage:`, a comment or a puzzle)"
                    ),
                )),
            };
            let header = key == "variant" || key == "boxes";
            match read {
                Err(error) => {
                    self.refused_before = Some(number);
                    if header {
                        self.refused_header = Some((number, key == "boxes"));
                    }
                    return Err(error);
                }
                Ok(()) if key == "variant" => self.refused_header = None,
                Ok(()) if key == "boxes" && self.refused_header.is_some_and(|(_, b)| b) => {
                    self.refused_header = None
                }
                Ok(()) => {}
            }
            return Ok(None);
        }
        let refused = self
            .refused_before
            .take()
            .or(self.refused_header.map(|r| r.0));
        let read = match refused {
            Some(line) => Err(self.error(
                number,
                None,
                format!("not read: it belongs to line {line}, which was refused"),
            )),
            None => self.puzzle_line(number, text),
        };
        if read.is_err() {
            // Its regions and cages go with it, never to the next puzzle.
            self.regions = None;
            self.cages.clear();
        }
        read.map(Some)
    }

    fn variant_line(&mut self, number: u64, text: &str, column: u64) -> Result<()> {
        if self.regions.is_some() || !self.cages.is_empty() {
            return Err(self.error(
                number,
                Some(1),
                "a variant line between a puzzle's regions or cages and its puzzle line".into(),
            ));
        }
        let value: String = text.chars().skip(column as usize - 1).collect();
        let (rules, jigsaw) = rule_words(&value).map_err(|(offset, message)| {
            let word_column = column + value[..offset].chars().count() as u64;
            self.error(number, Some(word_column), message)
        })?;
        self.header = Header {
            rules,
            jigsaw,
            boxes: None,
        };
        Ok(())
    }

    fn boxes_line(&mut self, number: u64, column: u64, value: &str) -> Result<()> {
        let parsed = value
            .split_once(['x', 'X'])
            .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
        match parsed {
            Some((rows, columns)) if rows >= 1 && columns >= 1 => {
                self.header.boxes = Some((rows, columns));
                Ok(())
            }
            _ => Err(self.error(
                number,
                Some(column),
                format!("bad box shape {value:?} (write rows x columns, such as 2x3)"),
            )),
        }
    }

    fn regions_line(&mut self, number: u64, text: &str, column: u64) -> Result<()> {
        let mut symbols = Vec::new();
        for (k, ch) in text.chars().enumerate().skip(column as usize - 1) {
            match token(ch) {
                Token::Cell(value) if value >= 1 => symbols.push((value - 1, k as u64 + 1)),
                Token::Skip => {}
                _ => {
                    return Err(self.error(
                        number,
                        Some(k as u64 + 1),
                        format!("{ch:?} is not a region number (regions are 1-9 then A-P)"),
                    ))
                }
            }
        }
        self.regions = Some((number, symbols));
        Ok(())
    }

    fn cage_line(&mut self, number: u64, text: &str, column: u64) -> Result<()> {
        let mut words = Vec::new();
        let mut start = None;
        for (k, ch) in text.char_indices().chain([(text.len(), ' ')]) {
            let col = text[..k].chars().count() as u64 + 1;
            match (ch.is_whitespace() || ch == ',', start) {
                (true, Some((s, c))) => {
                    words.push((&text[s..k], c));
                    start = None;
                }
                (false, None) if col >= column => start = Some((k, col)),
                _ => {}
            }
        }
        let Some(&(sum_text, sum_column)) = words.first() else {
            return Err(self.error(number, Some(column), "a cage needs a sum and cells".into()));
        };
        let sum = sum_text.parse::<u32>().map_err(|_| {
            self.error(
                number,
                Some(sum_column),
                format!("bad cage sum {sum_text:?} (a cage line is `cage: SUM r1c1 r1c2 ...`)"),
            )
        })?;
        let mut cells = Vec::new();
        for &(word, col) in &words[1..] {
            let cell = parse_cell_name(word).ok_or_else(|| {
                self.error(
                    number,
                    Some(col),
                    format!("bad cell {word:?} (write r3c5: row, then column, from 1)"),
                )
            })?;
            cells.push((cell.0, cell.1, col));
        }
        if cells.is_empty() {
            return Err(self.error(number, Some(column), "a cage with no cells".into()));
        }
        self.cages.push(PendingCage {
            line: number,
            sum,
            cells,
        });
        Ok(())
    }

    fn puzzle_line(&mut self, number: u64, line: &str) -> Result<Record> {
        let (text, answer) = match line.split_once(':') {
            Some((text, answer)) => (text, Some(answer)),
            None => (line, None),
        };
        let cells = scan_cells(text).map_err(|(column, ch)| {
            self.error(
                number,
                Some(column),
                format!(
                    "unknown character {ch:?} (a cell is 1-9 or A-P, a blank is . 0 _ \
                     or -; other lines start with variant:, boxes:, regions: or cage:)"
                ),
            )
        })?;
        let side = (1..=MAX_SIDE).find(|s| s * s == cells.len());
        let Some(side) = side.filter(|&s| s >= MIN_SIDE) else {
            return Err(self.error(
                number,
                None,
                format!(
                    "{} cells: a puzzle line has side x side cells, a side of {MIN_SIDE} to {MAX_SIDE}",
                    cells.len()
                ),
            ));
        };
        if let Some(&(value, column)) = cells.iter().find(|&&(value, _)| value as usize > side) {
            return Err(self.error(
                number,
                Some(column),
                format!(
                    "digit {} is too large for a {side}x{side} grid",
                    symbol(value) as char
                ),
            ));
        }
        let regions = self.regions(number, side)?;
        let cages = self.cages(side)?;
        let variant = Variant::new(side, regions, &self.header.rules, cages)
            .map_err(|error| self.relocate(error, number))?;
        let puzzle = Puzzle::new(variant, cells.iter().map(|&(value, _)| value).collect())
            .map_err(|error| self.relocate(error, number))?;
        let (expected_count, expected_solution) = match answer {
            Some(answer) => self.answer(number, text.chars().count() + 2, answer, side)?,
            None => (None, None),
        };
        Ok(Record {
            line: number,
            puzzle,
            expected_count,
            expected_solution,
        })
    }

    /// The `COUNT[:SOLUTION]` after a puzzle, starting at `column`.
    fn answer(
        &self,
        number: u64,
        column: usize,
        answer: &str,
        side: usize,
    ) -> Result<(Option<ExpectedCount>, Option<Vec<u8>>)> {
        let (count_text, solution_text) = match answer.split_once(':') {
            Some((count, solution)) => (count, Some(solution)),
            None => (answer, None),
        };
        let count = match count_text.trim().strip_suffix('+') {
            Some(n) => n.trim().parse().ok().map(ExpectedCount::AtLeast),
            None => count_text.trim().parse().ok().map(ExpectedCount::Exactly),
        };
        let Some(count) = count else {
            return Err(self.error(
                number,
                Some(column as u64),
                format!("bad solution count {count_text:?} (a number such as 1, or 2+)"),
            ));
        };
        let Some(solution_text) = solution_text else {
            return Ok((Some(count), None));
        };
        let solution_column = column + count_text.chars().count() + 1;
        let mut solution = Vec::with_capacity(side * side);
        for (k, ch) in solution_text.trim_end().chars().enumerate() {
            match token(ch) {
                Token::Cell(value) if value >= 1 && value as usize <= side => solution.push(value),
                _ => {
                    return Err(self.error(
                        number,
                        Some((solution_column + k) as u64),
                        format!(
                        "{ch:?} in the solution: a solution has a digit 1 to {side} in every cell"
                    ),
                    ))
                }
            }
        }
        if solution.len() != side * side {
            return Err(self.error(
                number,
                Some(solution_column as u64),
                format!(
                    "the solution has {} cells but the puzzle has {}",
                    solution.len(),
                    side * side
                ),
            ));
        }
        Ok((Some(count), Some(solution)))
    }

    /// A description error from [`Variant::new`], placed on `line`.
    fn relocate(&self, error: Error, line: u64) -> Error {
        match error {
            Error::Variant { message, .. } => self.error(line, None, message),
            other => other,
        }
    }

    fn regions(&mut self, number: u64, side: usize) -> Result<Regions> {
        let pending = self.regions.take();
        match (self.header.jigsaw, pending) {
            (true, Some((line, symbols))) => {
                if symbols.len() != side * side {
                    return Err(self.error(
                        line,
                        None,
                        format!(
                            "{} region symbols for the {side}x{side} puzzle on line {number}",
                            symbols.len()
                        ),
                    ));
                }
                if let Some(&(region, column)) = symbols.iter().find(|s| s.0 as usize >= side) {
                    return Err(self.error(
                        line,
                        Some(column),
                        format!("region {} in a {side}x{side} grid", region + 1),
                    ));
                }
                Ok(Regions::Jigsaw(symbols.into_iter().map(|s| s.0).collect()))
            }
            (true, None) => Err(self.error(
                number,
                None,
                "a jigsaw puzzle needs a `regions:` line before it".into(),
            )),
            (false, Some((line, _))) => Err(self.error(
                line,
                None,
                "a regions line, but the variant is not jigsaw (add `jigsaw` to `variant:`)".into(),
            )),
            (false, None) => {
                let (rows, columns) = match self.header.boxes {
                    Some(shape) => shape,
                    None => default_boxes(side).ok_or_else(|| {
                        self.error(
                            number,
                            None,
                            format!(
                                "a {side}x{side} grid has no rectangular boxes; give \
                                 `variant: jigsaw` and a `regions:` line"
                            ),
                        )
                    })?,
                };
                Ok(Regions::Boxes { rows, columns })
            }
        }
    }

    fn cages(&mut self, side: usize) -> Result<Vec<Cage>> {
        let pending = std::mem::take(&mut self.cages);
        let mut cages = Vec::with_capacity(pending.len());
        for cage in pending {
            let mut cells = Vec::with_capacity(cage.cells.len());
            for &(row, column, at) in &cage.cells {
                if row >= side || column >= side {
                    return Err(self.error(
                        cage.line,
                        Some(at),
                        format!("r{}c{} is off the {side}x{side} grid", row + 1, column + 1),
                    ));
                }
                cells.push(Cell::new(row * side + column));
            }
            cells.sort_unstable();
            if let Some(pair) = cells.windows(2).find(|pair| pair[0] == pair[1]) {
                let cell = pair[0].index();
                return Err(self.error(
                    cage.line,
                    None,
                    format!("r{}c{} twice in one cage", cell / side + 1, cell % side + 1),
                ));
            }
            cages.push(Cage {
                sum: cage.sum,
                cells,
            });
        }
        Ok(cages)
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

/// The text of `puzzles` (see the module docs): a `variant:` line (and `boxes:` line) where
/// the description changes, then each puzzle's regions, cages and cells.
pub fn write(puzzles: &[Puzzle]) -> String {
    let answers: Vec<Option<&[u8]>> = vec![None; puzzles.len()];
    write_with_solutions(puzzles, &answers)
}

/// [`write()`], each puzzle with a known unique solution written `PUZZLE:1:SOLUTION`.
pub fn write_with_solutions(puzzles: &[Puzzle], solutions: &[Option<&[u8]>]) -> String {
    let mut writer = Writer::default();
    let mut out = String::new();
    for (k, puzzle) in puzzles.iter().enumerate() {
        out.push_str(&writer.puzzle(puzzle, solutions.get(k).copied().flatten()));
    }
    out
}

/// Writes puzzles one at a time (for output that streams): the `variant:` and `boxes:`
/// lines when the description changes from the puzzle before, then the puzzle's regions,
/// cages and line.
#[derive(Debug, Clone, Default)]
pub struct Writer {
    previous: Option<Header>,
}

impl Writer {
    /// The text of `puzzle`, written `PUZZLE:1:SOLUTION` when `solution` is given.
    pub fn puzzle(&mut self, puzzle: &Puzzle, solution: Option<&[u8]>) -> String {
        let mut out = String::new();
        let variant = puzzle.variant();
        let side = variant.side();
        let (jigsaw, boxes) = match variant.regions() {
            Regions::Jigsaw(_) => (true, None),
            Regions::Boxes { rows, columns } => (false, Some((*rows, *columns))),
        };
        let header = Header {
            rules: variant.rules().to_vec(),
            jigsaw,
            boxes,
        };
        let explicit_boxes = boxes.filter(|&shape| Some(shape) != default_boxes(side));
        let first = self.previous.is_none();
        let previous = self.previous.as_ref();
        if previous.map(|p| (&p.rules, p.jigsaw)) != Some((&header.rules, header.jigsaw))
            || (explicit_boxes.is_some() && previous.and_then(|p| p.boxes) != boxes)
        {
            let mut words: Vec<&str> = Vec::new();
            if jigsaw {
                words.push("jigsaw");
            }
            words.extend(variant.rules().iter().map(|rule| rule.name()));
            if words.is_empty() {
                words.push("classic");
            }
            // A file of classic puzzles with square boxes reads as a classic corpus.
            let plain_classic = first && variant.is_classic() && explicit_boxes.is_none();
            if !plain_classic {
                out.push_str(&format!("variant: {}\n", words.join(" ")));
            }
            if let Some((rows, columns)) = explicit_boxes {
                out.push_str(&format!("boxes: {rows}x{columns}\n"));
            }
        }
        self.previous = Some(header);
        if let Regions::Jigsaw(map) = variant.regions() {
            let symbols: String = map.iter().map(|&r| symbol(r + 1) as char).collect();
            out.push_str(&format!("regions: {symbols}\n"));
        }
        for cage in variant.cages() {
            out.push_str(&format!("cage: {}", cage.sum));
            for &cell in &cage.cells {
                let c = cell.index();
                out.push_str(&format!(" r{}c{}", c / side + 1, c % side + 1));
            }
            out.push('\n');
        }
        out.push_str(&puzzle.to_line());
        if let Some(solution) = solution {
            out.push_str(":1:");
            out.push_str(&super::cells_line(solution));
        }
        out.push('\n');
        out
    }
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
    let mut offset = 0;
    for word in words.split(|c: char| c.is_whitespace() || c == '+' || c == ',') {
        let start = offset;
        offset += word.len() + 1;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_line_reads_back_as_written() {
        let text = "\
variant: x anti-knight
1...............
variant: windoku disjoint-groups
.................................................................................
variant: killer non-consecutive
boxes: 2x3
cage: 7 r1c1 r1c2
cage: 11 r6c5 r6c6 r5c6
....................................
variant: jigsaw anti-king
regions: 111122223333444455556666777788889999111122223333444455556666777788889999111122223
.................................................................................
";
        // The jigsaw map above is not valid (regions of 9 cells each are needed).
        let error = parse(text, Some("t")).unwrap_err().to_string();
        assert!(
            error.starts_with("t, line 12: jigsaw region 1 has 12 cells"),
            "{error}"
        );
        let map: String = (0..81)
            .map(|c| symbol(((c / 9) as u8) + 1) as char)
            .collect();
        let text = text.replace(
            "111122223333444455556666777788889999111122223333444455556666777788889999111122223",
            &map,
        );
        let puzzles = parse(&text, None).unwrap();
        assert_eq!(puzzles.len(), 4);
        assert_eq!(puzzles[2].variant().name(), "non-consecutive+killer 6x6");
        assert_eq!(puzzles[2].variant().cages()[1].cells.len(), 3);
        // 6x6 boxes default to 2x3, so `boxes:` is not written back.
        let written = write(&puzzles);
        assert_eq!(parse(&written, None).unwrap(), puzzles);
        assert!(!written.contains("boxes:"));
    }

    #[test]
    fn a_puzzle_line_may_state_its_count_and_solution() {
        let text = "variant: x\n1...............:1:1234341243212143\ncage..........3.:2+\n";
        let error = read_records(text.as_bytes(), None).unwrap_err().to_string();
        assert!(
            error.contains("line 3, column 1: digit C is too large"),
            "{error}"
        );
        let text = "variant: x\n1...............:1:1234341243212143\n................:2+\n";
        let records = read_records(text.as_bytes(), None).unwrap();
        assert_eq!(records[0].expected_count, Some(ExpectedCount::Exactly(1)));
        assert_eq!(records[0].expected_solution.as_ref().unwrap()[4], 3);
        assert_eq!(records[1].expected_count, Some(ExpectedCount::AtLeast(2)));
        assert_eq!(records[1].line, 3);
        let solution = records[0].expected_solution.clone().unwrap();
        let written =
            write_with_solutions(&[records[0].puzzle.clone()], &[Some(solution.as_slice())]);
        assert_eq!(written, "variant: x\n1...............:1:1234341243212143\n");
        for (bad, expected) in [
            (
                "1...............:x\n",
                "line 1, column 18: bad solution count",
            ),
            (
                "1...............:1:12343412432121\n",
                "line 1, column 20: the solution has 14 cells",
            ),
            (
                "1...............:1:123434124321214.\n",
                "line 1, column 35: '.' in the solution",
            ),
        ] {
            let error = parse(bad, Some("f")).unwrap_err().to_string();
            assert!(
                error.starts_with(&format!("f, {expected}")),
                "{bad:?}: {error}"
            );
        }
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let cases = [
            (
                "variant: x nope\n",
                "line 1, column 12: unknown variant \"nope\"",
            ),
            ("boxes: 2by3\n", "line 1, column 8: bad box shape"),
            (
                "variant: killer\ncage: 7 r1c1 r9c1\n................\n",
                "line 2, column 14: r9c1 is off",
            ),
            (
                "variant: killer\ncage: x r1c1\n",
                "line 2, column 7: bad cage sum",
            ),
            (
                "variant: killer\ncage: 3 r1q1\n",
                "line 2, column 9: bad cell",
            ),
            (
                "cage: 3 r1c1\n................\n",
                "line 2: cages are given but the variant is not killer",
            ),
            ("1.3.\n", "line 1: 4 cells"),
            (
                "1..5............\n",
                "line 1, column 4: digit 5 is too large",
            ),
            (
                "variant: jigsaw\n................\n",
                "line 2: a jigsaw puzzle needs",
            ),
            (
                "variant: jigsaw\nregions: 12\n",
                "line 2: a regions or cage line with no puzzle",
            ),
            (
                "1.x.............\n",
                "line 1, column 3: unknown character 'x'",
            ),
            ("colour: red\n", "line 1, column 1: unknown key \"colour\""),
            (
                ".........................\n",
                "line 1: a 5x5 grid has no rectangular boxes",
            ),
            (
                "variant: windoku\nboxes: 2x3\n....................................\n",
                "line 3: windoku needs square boxes",
            ),
        ];
        for (text, expected) in cases {
            let error = parse(text, Some("f")).unwrap_err().to_string();
            assert!(
                error.starts_with(&format!("f, {expected}")),
                "{text:?}: {error}"
            );
        }
    }

    #[test]
    fn a_stream_goes_on_after_an_error_but_never_reads_a_puzzle_under_a_refused_line() {
        let text = "variant: x\n\
                    1...............\n\
                    variant: x sideways\n\
                    .2..............\n\
                    variant: killer\n\
                    cage: 3 r1c1 r1c2\n\
                    cage: 9 r9c9\n\
                    ..3.............\n\
                    ...4............\n\
                    cage: 3 r1c1 r1c2\n\
                    1.3.\n\
                    4...............\n\
                    variant: jigsaw\n\
                    regions: 1122112233443344\n";
        let read: Vec<Result<Record>> = Records::new(text.as_bytes(), Some("f")).collect();
        let lines: Vec<std::result::Result<u64, String>> = read
            .iter()
            .map(|r| r.as_ref().map(|r| r.line).map_err(|e| e.to_string()))
            .collect();
        let error = |k: usize| lines[k].as_ref().unwrap_err().as_str();
        let no_cages = |k: usize| {
            read[k]
                .as_ref()
                .unwrap()
                .puzzle
                .variant()
                .cages()
                .is_empty()
        };
        assert_eq!(lines[0], Ok(2));
        assert!(error(1).starts_with("f, line 3, column 12"), "{}", error(1));
        assert!(error(2).contains("line 4") && error(2).contains("line 3, which was refused"));
        // The cage off the 4x4 grid refuses its puzzle; the next puzzle has no cages.
        assert!(error(3).contains("line 7"), "{}", error(3));
        assert_eq!(lines[4], Ok(9));
        assert!(no_cages(4));
        // A bad puzzle line takes its cage with it.
        assert!(error(5).contains("line 11"), "{}", error(5));
        assert_eq!(lines[6], Ok(12));
        assert!(no_cages(6));
        assert!(error(7).contains("line 14") && error(7).contains("no puzzle line after it"));
        assert_eq!(read.len(), 8);
        // The whole-file reader stops at the first.
        let first = read_records(text.as_bytes(), Some("f")).unwrap_err();
        assert_eq!(first.to_string(), error(1));
    }

    #[test]
    fn default_boxes_are_the_most_nearly_square() {
        assert_eq!(default_boxes(9), Some((3, 3)));
        assert_eq!(default_boxes(6), Some((2, 3)));
        assert_eq!(default_boxes(8), Some((2, 4)));
        assert_eq!(default_boxes(12), Some((3, 4)));
        assert_eq!(default_boxes(7), None);
    }
}
