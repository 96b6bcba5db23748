//! Reading text input safely: bounded lines, and opening files (plain or gzip).
//!
//! Every text reader of sudolab (puzzle corpora, Knuth's exact-cover format, run CSVs) reads
//! lines through [`Lines`], which never holds more than a fixed number of bytes for one line.
//! A line longer than the bound is an error that names its line number, and the reader stops
//! there: input with no line structure (`/dev/zero`, a binary file) costs at most one bound of
//! memory, never all of it.
//!
//! [`open_file`] opens a path for reading: a directory is an error naming it, and a file that
//! starts with gzip's magic bytes (`1f 8b`) is decompressed on the fly, whatever its name.
//!
//! ```
//! use sudolab::input::{Line, Lines};
//! let mut lines = Lines::new("a\nbb\r\nccc".as_bytes(), 4);
//! let mut seen = Vec::new();
//! while let Line::Read = lines.next_line()? {
//!     seen.push(String::from_utf8(lines.bytes().to_vec()).unwrap());
//! }
//! assert_eq!(seen, ["a", "bb", "ccc"]);
//! assert_eq!(lines.number(), 3);
//! let mut long = Lines::new("12345\n".as_bytes(), 4);
//! assert_eq!(long.next_line()?, Line::TooLong);
//! # Ok::<(), std::io::Error>(())
//! ```

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use crate::error::{Error, Result};

/// The longest line, in bytes, a puzzle corpus may have (a 25x25 `puzzle:count:solution` line
/// is 1,253 bytes; comments may be longer).
pub const MAX_CORPUS_LINE: usize = 64 * 1024;

/// The longest line, in bytes, of an exact-cover file (one option, or the item line).
pub const MAX_COVER_LINE: usize = 1024 * 1024;

/// The longest line, in bytes, of a file a run writes (`runs.csv`, `meta.csv`, a shard's
/// output): far above any real row, far below what would exhaust memory.
pub const MAX_RUN_FILE_LINE: usize = 1024 * 1024;

/// UTF-8's byte order mark, which some editors (and spreadsheet exports) put before the
/// first line: not part of the text, so [`Lines`] drops it.
const BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

/// What [`Lines::next_line`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    /// A line is in [`Lines::bytes`] (without its `\n` or `\r\n`).
    Read,
    /// The input ended.
    End,
    /// The line is longer than the bound; nothing more should be read.
    TooLong,
}

/// A line reader with a bound on line length. Line numbers count from 1.
pub struct Lines<R> {
    reader: R,
    bytes: Vec<u8>,
    number: u64,
    max: usize,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `reader`, each at most `max` bytes.
    pub fn new(reader: R, max: usize) -> Lines<R> {
        Lines {
            reader,
            bytes: Vec::new(),
            number: 0,
            max,
        }
    }

    /// The bound on line length, in bytes.
    pub fn max(&self) -> usize {
        self.max
    }

    /// The number of the line last read (0 before the first).
    pub fn number(&self) -> u64 {
        self.number
    }

    /// The line last read, without its line ending.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Takes the line last read out of the reader (to hold it while the reader is borrowed
    /// mutably); hand the buffer back with [`Lines::give_back`] to reuse its memory.
    pub fn take_bytes(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.bytes)
    }

    /// Returns a buffer taken with [`Lines::take_bytes`].
    pub fn give_back(&mut self, buffer: Vec<u8>) {
        self.bytes = buffer;
    }

    /// Reads the next line. A line longer than the bound is not kept: its number is counted,
    /// and [`Line::TooLong`] returned.
    pub fn next_line(&mut self) -> std::io::Result<Line> {
        self.bytes.clear();
        let mut started = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if available.is_empty() {
                if !started {
                    return Ok(Line::End);
                }
                break;
            }
            started = true;
            let newline = available.iter().position(|&b| b == b'\n');
            let take = newline.unwrap_or(available.len());
            if self.bytes.len() + take > self.max {
                self.number += 1;
                self.bytes.clear();
                return Ok(Line::TooLong);
            }
            self.bytes.extend_from_slice(&available[..take]);
            let consumed = newline.map_or(take, |i| i + 1);
            self.reader.consume(consumed);
            if newline.is_some() {
                break;
            }
        }
        self.number += 1;
        if self.bytes.last() == Some(&b'\r') {
            self.bytes.pop();
        }
        if self.number == 1 && self.bytes.starts_with(BYTE_ORDER_MARK) {
            self.bytes.drain(..BYTE_ORDER_MARK.len());
        }
        Ok(Line::Read)
    }
}

/// A boxed reader of text input.
pub type Input = Box<dyn BufRead + Send>;

/// Opens `path` for reading: an error naming the path when it is missing, unreadable or a
/// directory; gzip-compressed files (by their first two bytes) are decompressed as they are
/// read.
pub fn open_file(path: &Path) -> Result<Input> {
    let io = |error| Error::Io {
        path: path.display().to_string(),
        error,
    };
    let metadata = std::fs::metadata(path).map_err(io)?;
    if metadata.is_dir() {
        return Err(io(std::io::Error::other(
            "is a directory, not a file (name the files inside it)",
        )));
    }
    let reader = BufReader::new(File::open(path).map_err(io)?);
    decompressing(reader).map_err(io)
}

/// `reader`, decompressed on the fly when it starts with gzip's magic bytes.
fn decompressing<R: BufRead + Send + 'static>(mut reader: R) -> std::io::Result<Input> {
    let start = reader.fill_buf()?;
    if start.is_empty() {
        // The end already: a terminal's Ctrl-D is not repeated, so it is not read twice.
        return Ok(Box::new(std::io::empty()));
    }
    let gzip = start.starts_with(&[0x1f, 0x8b]);
    if gzip {
        Ok(Box::new(BufReader::new(
            flate2::bufread::MultiGzDecoder::new(reader),
        )))
    } else {
        Ok(Box::new(reader))
    }
}

/// Standard input, decompressed on the fly when it is gzip (`zcat` is not needed). A read
/// error while looking for the magic bytes is left for the first read to report.
pub fn stdin() -> Input {
    let reader = BufReader::new(std::io::stdin());
    match decompressing(reader) {
        Ok(input) => input,
        Err(_) => Box::new(BufReader::new(std::io::stdin())),
    }
}

/// A reader that fails (an [`std::io::ErrorKind::InvalidData`] error naming the line) as soon
/// as a line grows past a bound: for readers, such as the `csv` crate's, that would otherwise
/// hold a line of any length in memory.
pub struct BoundedLines<R> {
    inner: R,
    max: usize,
    current: usize,
    line: u64,
}

impl<R: Read> BoundedLines<R> {
    /// `inner`, whose lines may be at most `max` bytes.
    pub fn new(inner: R, max: usize) -> BoundedLines<R> {
        BoundedLines {
            inner,
            max,
            current: 0,
            line: 1,
        }
    }
}

impl<R: Read> Read for BoundedLines<R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buffer)?;
        for &byte in &buffer[..n] {
            if byte == b'\n' {
                self.current = 0;
                self.line += 1;
            } else {
                self.current += 1;
                if self.current > self.max {
                    return Err(std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        format!(
                            "line {} longer than {} bytes; reading stopped (is this the right file?)",
                            self.line, self.max
                        ),
                    ));
                }
            }
        }
        Ok(n)
    }
}

/// Opens `path` as [`open_file`] does, its lines bounded by `max` bytes ([`BoundedLines`]).
pub fn open_bounded(path: &Path, max: usize) -> Result<BoundedLines<Input>> {
    Ok(BoundedLines::new(open_file(path)?, max))
}

/// Reads a whole file (plain or gzip) as bytes, refusing more than `max` bytes.
pub fn read_file(path: &Path, max: u64) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let read = open_file(path)?
        .take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| Error::Io {
            path: path.display().to_string(),
            error,
        })?;
    if read as u64 > max {
        return Err(Error::BadFile {
            file: path.display().to_string(),
            message: format!("larger than {max} bytes"),
        });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_without_end_is_bounded() {
        // An endless stream of zero bytes, as /dev/zero gives.
        let zeros = std::io::repeat(0).take(10_000_000);
        let mut lines = Lines::new(BufReader::new(zeros), 1000);
        assert_eq!(lines.next_line().unwrap(), Line::TooLong);
        assert_eq!(lines.number(), 1);
    }

    #[test]
    fn line_numbers_and_endings() {
        let mut lines = Lines::new("one\r\n\ntwo\n".as_bytes(), 10);
        assert_eq!(lines.next_line().unwrap(), Line::Read);
        assert_eq!(lines.bytes(), b"one");
        assert_eq!(lines.next_line().unwrap(), Line::Read);
        assert_eq!(lines.bytes(), b"");
        assert_eq!(lines.next_line().unwrap(), Line::Read);
        assert_eq!((lines.bytes(), lines.number()), (&b"two"[..], 3));
        assert_eq!(lines.next_line().unwrap(), Line::End);
    }

    #[test]
    fn a_byte_order_mark_before_the_first_line_is_dropped() {
        let mut lines = Lines::new("\u{feff}quizzes,solutions\n\u{feff}x\n".as_bytes(), 100);
        assert_eq!(lines.next_line().unwrap(), Line::Read);
        assert_eq!(lines.bytes(), b"quizzes,solutions");
        assert_eq!(lines.next_line().unwrap(), Line::Read);
        assert_eq!(
            lines.bytes(),
            "\u{feff}x".as_bytes(),
            "only before the first line"
        );
    }

    #[test]
    fn exactly_the_bound_is_accepted() {
        let mut lines = Lines::new("abcd\nabcde\n".as_bytes(), 4);
        assert_eq!(lines.next_line().unwrap(), Line::Read);
        assert_eq!(lines.next_line().unwrap(), Line::TooLong);
        assert_eq!(lines.number(), 2);
    }

    #[test]
    fn bounded_lines_stop_an_endless_line() {
        let zeros = std::io::repeat(0).take(10_000_000);
        let mut bounded = BoundedLines::new(zeros, 1000);
        let mut sink = Vec::new();
        let error = bounded.read_to_end(&mut sink).unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::InvalidData);
        assert!(
            error.to_string().contains("line 1 longer than 1000 bytes"),
            "{error}"
        );
        assert!(sink.len() < 100_000, "stopped early: {} bytes", sink.len());
        let mut fine = BoundedLines::new("ab\ncd\n".as_bytes(), 2);
        let mut text = String::new();
        fine.read_to_string(&mut text).unwrap();
        assert_eq!(text, "ab\ncd\n");
        let mut third = BoundedLines::new("ab\ncd\nefg".as_bytes(), 2);
        let error = third.read_to_string(&mut text).unwrap_err();
        assert!(error.to_string().contains("line 3 longer"), "{error}");
    }

    #[test]
    fn directories_and_missing_files_are_named() {
        let dir = std::env::temp_dir();
        let error = open_file(&dir).err().expect("a directory is refused");
        assert!(error.to_string().contains("is a directory"), "{error}");
        let missing = dir.join("sudolab-no-such-file-here");
        let error = open_file(&missing).err().expect("missing");
        assert!(error.to_string().contains("sudolab-no-such-file-here"));
    }
}
