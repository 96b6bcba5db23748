//! The library's one error type.
//!
//! Every error that comes from user input carries the place of the problem: a [`Location`]
//! with the source (file name, or `<input>`), the line and, where it makes sense, the column
//! (both counted from 1, columns in characters). The library never prints and never panics on
//! bad input; the CLI prints these errors and maps them to exit codes.

use std::fmt;

/// Where in the input a problem was found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Location {
    /// The file name, or `None` for text given directly (shown as `<input>`).
    pub source: Option<String>,
    /// The line, counted from 1.
    pub line: Option<u64>,
    /// The column in characters, counted from 1.
    pub column: Option<u64>,
    /// The field of a line with several (`puzzle`, `count`, `solution`, ...), if any.
    pub field: Option<&'static str>,
}

impl Location {
    /// A location with a line and column in unnamed input.
    pub fn at(line: u64, column: u64) -> Location {
        Location {
            source: None,
            line: Some(line),
            column: Some(column),
            field: None,
        }
    }

    /// A location on a line, without a column.
    pub fn line(line: u64) -> Location {
        Location {
            line: Some(line),
            ..Location::default()
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.source.as_deref().unwrap_or("<input>"))?;
        if let Some(line) = self.line {
            write!(f, ", line {line}")?;
        }
        if let Some(column) = self.column {
            write!(f, ", column {column}")?;
        }
        if let Some(field) = self.field {
            write!(f, " ({field} field)")?;
        }
        Ok(())
    }
}

/// What is wrong with a piece of puzzle text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character that is neither a digit symbol, a blank, nor a separator.
    #[error("unknown character {ch:?} (a cell is 1-9 or A-P, a blank is . 0 _ or -)")]
    UnknownCharacter {
        /// The character found.
        ch: char,
    },
    /// The number of cells is not 16, 81, 256 or 625.
    #[error("wrong length: {found} cells, but a grid has 16, 81, 256 or 625 cells")]
    WrongLength {
        /// Cells found.
        found: usize,
    },
    /// The cell count is a square, but its side is not a square (e.g. 36 cells, 6x6).
    #[error(
        "{side}x{side} is not a supported size: the side must be 4, 9, 16 or 25 (square boxes)"
    )]
    NotSquare {
        /// Cells per row.
        side: usize,
    },
    /// A digit larger than the grid allows (e.g. `9` in a 4x4 grid).
    #[error("digit {ch:?} is too large for a {side}x{side} grid")]
    DigitTooLarge {
        /// The character found.
        ch: char,
        /// Cells per row.
        side: usize,
    },
    /// The count field of a `puzzle:count:solution` line is not a number (or `N+`).
    #[error("bad solution count {text:?} (expected a number such as 1, or 2+ for 'at least 2')")]
    BadCount {
        /// The field as written.
        text: String,
    },
    /// A known solution whose size differs from its puzzle.
    #[error("the solution has {found} cells but the puzzle has {expected}")]
    SolutionSizeMismatch {
        /// Cells of the solution.
        found: usize,
        /// Cells of the puzzle.
        expected: usize,
    },
    /// A known solution with blanks.
    #[error("the solution has a blank at {cell}")]
    IncompleteSolution {
        /// The blank cell in `r3c5` notation.
        cell: String,
    },
    /// A multi-line grid that ends before its last row (at a blank line, a line that is not
    /// a row, or the end of the input).
    #[error("truncated grid: {rows} of {side} rows, then {end}")]
    Truncated {
        /// Rows read.
        rows: usize,
        /// Rows the grid needs.
        side: usize,
        /// What ended it, e.g. "a blank line (line 12)".
        end: String,
    },
    /// A separator line inside a band of a multi-line grid (a row is missing or extra above).
    #[error("separator line after row {row} of the grid: bands have {band} rows, so a row is missing or extra above it")]
    MisplacedSeparator {
        /// Rows of the grid read before the separator.
        row: usize,
        /// Rows per band.
        band: usize,
    },
    /// A line longer than the reader accepts; reading stops there.
    #[error("line longer than {limit} bytes; reading stopped (is this a puzzle file?)")]
    LineTooLong {
        /// The bound, in bytes.
        limit: usize,
    },
    /// A row of a multi-line grid whose length does not fit the grid being read.
    #[error("a row of {found} cells in a grid of side {side}")]
    RowLength {
        /// Cells in the row.
        found: usize,
        /// Cells per row.
        side: usize,
    },
    /// A Kaggle CSV row without two fields.
    #[error("expected two comma-separated fields (quizzes,solutions)")]
    CsvFields,
    /// A line that is not valid UTF-8 (the column is where the bad bytes start).
    #[error("the line is not valid UTF-8 text")]
    NotUtf8,
    /// No puzzle in the input at all.
    #[error("no puzzle found")]
    Empty,
}

/// What is wrong with an exact-cover problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CoverErrorKind {
    /// An option names an item that was not declared.
    #[error("unknown item {name:?}")]
    UnknownItem {
        /// The name used.
        name: String,
    },
    /// A second lone `|` on the item line (there are primary and secondary items only).
    #[error("a second '|' on the item line: items after the first '|' are secondary, and there is no third kind")]
    SecondSeparator,
    /// An option names the same item twice.
    #[error("item {name:?} appears twice in one option")]
    RepeatedItem {
        /// The item.
        name: String,
    },
    /// An item declared twice.
    #[error("item {name:?} is declared twice")]
    DuplicateItem {
        /// The item.
        name: String,
    },
    /// An option with no item.
    #[error("empty option")]
    EmptyOption,
    /// No primary item at all.
    #[error("no primary items (the first line must name at least one)")]
    NoPrimaryItems,
    /// An item name with a character the format reserves.
    #[error("bad item name {name:?} (names may not contain '|', ':' or a byte order mark)")]
    BadItemName {
        /// The name.
        name: String,
    },
    /// Knuth's DLX3/MCC multiplicity syntax (`u:v|name` or `v|name`) written wrongly, or
    /// on a secondary item.
    #[error("{what} (Knuth's DLX3 multiplicities: `v|name` or `u:v|name` before a primary item's name, 0 <= u <= v, v >= 1)")]
    BadMultiplicity {
        /// The token as written, quoted, and what is wrong with it (one string: the error
        /// type stays small).
        what: String,
    },
    /// A colour (`item:colour`) on an item that cannot have one.
    #[error("{text:?}: a colour may only be given to a secondary item (declared after '|' on the first line), and {item:?} is primary")]
    ColourOnPrimary {
        /// The token as written.
        text: String,
        /// The item.
        item: String,
    },
    /// A colour that is empty or uses a reserved character (`item:` or `item:a:b`).
    #[error("{text:?}: bad colour (write item:colour, the colour a name without '|', ':' or a byte order mark)")]
    BadColour {
        /// The token as written.
        text: String,
    },
    /// A line longer than the reader accepts; reading stops there.
    #[error("line longer than {limit} bytes")]
    LineTooLong {
        /// The bound, in bytes.
        limit: usize,
    },
    /// A line that is not valid UTF-8.
    #[error("the line is not valid UTF-8 text")]
    NotUtf8,
    /// The problem needs more nodes than the dancing-links arrays can index.
    #[error("too large: {nodes} nodes, but the links index at most {limit}")]
    TooLarge {
        /// Nodes needed.
        nodes: u64,
        /// The most the arrays hold.
        limit: u64,
    },
    /// The problem's CNF (for the SAT engine, or DIMACS output) would be too large to hold.
    #[error("too large for the SAT engine: the CNF would hold {literals} literals, more than its limit of {limit} (the dlx and dc engines need far less memory)")]
    CnfTooLarge {
        /// Literals the formula needs.
        literals: u64,
        /// The most a formula may hold.
        limit: u64,
    },
}

/// The error type of every fallible operation in sudolab.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Puzzle text that cannot be read as a grid.
    #[error("{location}: {kind}")]
    Parse {
        /// Where.
        location: Location,
        /// What.
        kind: ParseErrorKind,
    },
    /// An exact-cover problem that cannot be built.
    #[error("{location}: {kind}")]
    Cover {
        /// Where (line of a DLX-format file, or none for problems built in code).
        location: Location,
        /// What.
        kind: CoverErrorKind,
    },
    /// A variant puzzle file (see [`crate::variant::format`]) that cannot be read, or a
    /// variant description that is not valid.
    #[error("{location}: {message}")]
    Variant {
        /// Where (the file, line and column; none for a description built in code).
        location: Location,
        /// What.
        message: String,
    },
    /// A file that cannot be read or written.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// The operating system's reason (shown in the message, so not a `source`).
        error: std::io::Error,
    },
    /// Input that failed while it was being read (a truncated gzip stream, a disk error),
    /// with the line being read.
    #[error("{location}: cannot read on: {error}")]
    Read {
        /// Where: the source and the line being read.
        location: Location,
        /// The operating system's or the decompressor's reason.
        error: std::io::Error,
    },
    /// A grid whose box side is not 2..=5.
    #[error("unsupported box side {0}: sudolab handles box sides 2 to 5 (4x4 to 25x25)")]
    UnsupportedSize(usize),
    /// A file whose contents are not what they must be: a run file (`runs.csv`, `meta.csv`,
    /// `summary.csv`), a shard's output, the corpus manifest, a file over its size bound.
    #[error("{file}: {message}")]
    BadFile {
        /// The file (and where in it, when known: a row, a line, a key).
        file: String,
        /// What is wrong.
        message: String,
    },
    /// A CSV file that cannot be read or written.
    #[error("{file}: {error}")]
    Csv {
        /// The file.
        file: String,
        /// The CSV reader's or writer's reason.
        #[source]
        error: csv::Error,
    },
    /// A chart that cannot be drawn.
    #[error("{path}: cannot draw chart: {message}")]
    Chart {
        /// The chart's file.
        path: String,
        /// The plotting library's reason.
        message: String,
    },
    /// The worker threads could not be started.
    #[error("cannot start worker threads: {0}")]
    ThreadPool(#[from] rayon::ThreadPoolBuildError),
    /// A count past what its counter holds (a shard's file was edited, or the count is beyond
    /// this tool).
    #[error("{0}")]
    Overflow(String),
    /// An operation refused so that no result is lost or misread: an output directory that is
    /// locked or holds someone else's files, shards that do not make up a whole, a run whose
    /// files are too damaged for a verdict. The message says what was refused and why.
    #[error("{0}")]
    Refused(String),
    /// An argument outside what an operation accepts (the message says which and why).
    #[error("{0}")]
    InvalidArgument(String),
}

impl Error {
    /// A parse error at `location`.
    pub fn parse(location: Location, kind: ParseErrorKind) -> Error {
        Error::Parse { location, kind }
    }

    /// The same error with its location's source set to `source` (a file name): a parse,
    /// variant-format or read error; any other is returned as it is.
    pub fn in_source(self, source: &str) -> Error {
        match self {
            Error::Parse {
                mut location, kind, ..
            } => {
                location.source = Some(source.to_string());
                Error::Parse { location, kind }
            }
            Error::Variant {
                mut location,
                message,
            } => {
                location.source = Some(source.to_string());
                Error::Variant { location, message }
            }
            Error::Read {
                mut location,
                error,
            } => {
                location.source = Some(source.to_string());
                Error::Read { location, error }
            }
            other => other,
        }
    }

    /// The same error with its location's line set to `line` (when the error has no line).
    pub fn on_line(self, line: u64) -> Error {
        match self {
            Error::Parse {
                mut location, kind, ..
            } => {
                location.line.get_or_insert(line);
                Error::Parse { location, kind }
            }
            other => other,
        }
    }
}

/// Shorthand for results with [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
