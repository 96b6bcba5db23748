//! A named, validated exact-cover problem, and Knuth's DLX text format.
//!
//! # The format (as read by Knuth's DLX1)
//!
//! ```text
//! | Lines starting with '|' are comments.
//! A B C D E F G | X Y
//! C E F
//! A D G X
//! ```
//!
//! The first non-comment line names the primary items, then (after a lone `|`) the
//! secondary items. Every further non-blank, non-comment line is one option: the names of its
//! items, separated by spaces. Names may not contain `|` or `:` (Knuth's DLX2 uses `:` for
//! colors, which sudolab does not support).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::BufRead;

use super::links::Dlx;
use crate::error::{CoverErrorKind, Error, Location, Result};

/// An exact-cover problem: named primary items (covered exactly once), named secondary
/// items (covered at most once) and options (sets of items).
///
/// ```
/// use sudolab::dlx::Problem;
/// let mut problem = Problem::new(&["A", "B", "C"], &["x"])?;
/// problem.add_option(&["A", "B"])?;
/// problem.add_option(&["C", "x"])?;
/// problem.add_option(&["A", "C", "x"])?;
/// assert_eq!(problem.dlx().count(0).solutions, 1);
/// assert!(problem.add_option(&["A", "Q"]).is_err());
/// # Ok::<(), sudolab::Error>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Problem {
    names: Vec<String>,
    primary: usize,
    index: HashMap<String, u32>,
    option_items: Vec<u32>,
    option_starts: Vec<usize>,
}

fn cover_error(line: Option<u64>, kind: CoverErrorKind) -> Error {
    Error::Cover {
        location: Location {
            source: None,
            line,
            column: None,
        },
        kind,
    }
}

impl Problem {
    /// A problem with these items and no options yet. Items are numbered from 1 in this
    /// order, primary first.
    pub fn new<S: AsRef<str>>(primary: &[S], secondary: &[S]) -> Result<Problem> {
        if primary.is_empty() {
            return Err(cover_error(None, CoverErrorKind::NoPrimaryItems));
        }
        let mut problem = Problem {
            primary: primary.len(),
            option_starts: vec![0],
            ..Problem::default()
        };
        for name in primary.iter().chain(secondary) {
            let name = name.as_ref();
            if name.is_empty() || name.contains(['|', ':']) || name.contains(char::is_whitespace) {
                return Err(cover_error(
                    None,
                    CoverErrorKind::BadItemName { name: name.into() },
                ));
            }
            let number = problem.names.len() as u32 + 1;
            if problem.index.insert(name.to_string(), number).is_some() {
                return Err(cover_error(
                    None,
                    CoverErrorKind::DuplicateItem { name: name.into() },
                ));
            }
            problem.names.push(name.to_string());
        }
        Ok(problem)
    }

    /// Adds an option by item names.
    pub fn add_option<S: AsRef<str>>(&mut self, items: &[S]) -> Result<()> {
        let mut numbers = Vec::with_capacity(items.len());
        for name in items {
            let name = name.as_ref();
            let number = *self.index.get(name).ok_or_else(|| {
                cover_error(None, CoverErrorKind::UnknownItem { name: name.into() })
            })?;
            numbers.push(number);
        }
        self.add_option_numbers(&numbers)
    }

    /// Adds an option by item numbers (`1..=items`).
    pub fn add_option_numbers(&mut self, items: &[u32]) -> Result<()> {
        if items.is_empty() {
            return Err(cover_error(None, CoverErrorKind::EmptyOption));
        }
        for (k, &item) in items.iter().enumerate() {
            if item == 0 || item as usize > self.names.len() {
                return Err(cover_error(
                    None,
                    CoverErrorKind::UnknownItem {
                        name: format!("#{item}"),
                    },
                ));
            }
            if items[..k].contains(&item) {
                let name = self.names[item as usize - 1].clone();
                return Err(cover_error(None, CoverErrorKind::RepeatedItem { name }));
            }
        }
        self.option_items.extend_from_slice(items);
        self.option_starts.push(self.option_items.len());
        Ok(())
    }

    /// Number of primary items.
    pub fn primary_items(&self) -> usize {
        self.primary
    }

    /// Number of items, primary and secondary.
    pub fn items(&self) -> usize {
        self.names.len()
    }

    /// Number of options.
    pub fn options(&self) -> usize {
        self.option_starts.len() - 1
    }

    /// The name of item `number` (from 1).
    pub fn item_name(&self, number: u32) -> &str {
        &self.names[number as usize - 1]
    }

    /// The items of option `k` (from 0), by number.
    pub fn option(&self, k: usize) -> &[u32] {
        &self.option_items[self.option_starts[k]..self.option_starts[k + 1]]
    }

    /// Option `k` as text: its item names separated by spaces.
    pub fn option_text(&self, k: usize) -> String {
        let names: Vec<&str> = self.option(k).iter().map(|&i| self.item_name(i)).collect();
        names.join(" ")
    }

    /// The dancing-links form, ready to search.
    pub fn dlx(&self) -> Dlx {
        Dlx::new(
            self.primary,
            self.names.len() - self.primary,
            (0..self.options()).map(|k| self.option(k)),
        )
    }

    /// The problem in Knuth's DLX format (see the module docs).
    pub fn to_dlx_format(&self) -> String {
        let mut out = String::new();
        out.push_str(&self.names[..self.primary].join(" "));
        if self.names.len() > self.primary {
            out.push_str(" | ");
            out.push_str(&self.names[self.primary..].join(" "));
        }
        out.push('\n');
        for k in 0..self.options() {
            let _ = writeln!(out, "{}", self.option_text(k));
        }
        out
    }

    /// Reads Knuth's DLX format. Errors name the line (and `source`, a file name, if given).
    pub fn read_dlx_format(reader: impl BufRead, source: Option<&str>) -> Result<Problem> {
        let located = |error: Error, line: u64| match error {
            Error::Cover { kind, .. } => Error::Cover {
                location: Location {
                    source: source.map(str::to_string),
                    line: Some(line),
                    column: None,
                },
                kind,
            },
            other => other,
        };
        let mut problem: Option<Problem> = None;
        let mut last_line = 0;
        for (index, line) in reader.lines().enumerate() {
            let number = index as u64 + 1;
            last_line = number;
            let line = line.map_err(|error| Error::Io {
                path: source.unwrap_or("<input>").to_string(),
                error,
            })?;
            let line = line.trim();
            if line.is_empty() || line.starts_with('|') {
                continue;
            }
            match &mut problem {
                None => {
                    let (primary, secondary) = line.split_once('|').unwrap_or((line, ""));
                    let primary: Vec<&str> = primary.split_whitespace().collect();
                    let secondary: Vec<&str> = secondary.split_whitespace().collect();
                    problem =
                        Some(Problem::new(&primary, &secondary).map_err(|e| located(e, number))?);
                }
                Some(problem) => {
                    let items: Vec<&str> = line.split_whitespace().collect();
                    problem.add_option(&items).map_err(|e| located(e, number))?;
                }
            }
        }
        problem.ok_or_else(|| {
            located(
                cover_error(None, CoverErrorKind::NoPrimaryItems),
                last_line.max(1),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNUTH: &str = "| Knuth's example from 'Dancing links' (2000)\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

    #[test]
    fn knuths_example_has_one_solution() {
        let problem = Problem::read_dlx_format(KNUTH.as_bytes(), None).unwrap();
        assert_eq!((problem.items(), problem.options()), (7, 6));
        let mut dlx = problem.dlx();
        let mut solutions = Vec::new();
        let stats = dlx.search(|dlx, chosen| {
            let mut texts: Vec<String> = chosen
                .iter()
                .map(|&x| problem.option_text(dlx.option_of(x)))
                .collect();
            texts.sort();
            solutions.push(texts);
            super::super::Control::Continue
        });
        assert_eq!(solutions, vec![vec!["A D", "B G", "C E F"]]);
        assert_eq!(stats.solutions, 1);
        assert!(dlx.sanity().is_ok());
    }

    #[test]
    fn round_trips_through_the_format() {
        let mut problem = Problem::new(&["a", "b"], &["s"]).unwrap();
        problem.add_option(&["a", "s"]).unwrap();
        problem.add_option(&["b"]).unwrap();
        let text = problem.to_dlx_format();
        assert_eq!(text, "a b | s\na s\nb\n");
        let again = Problem::read_dlx_format(text.as_bytes(), None).unwrap();
        assert_eq!(again.to_dlx_format(), text);
    }

    #[test]
    fn errors_name_the_line_and_item() {
        let bad = "A B\nA C\n";
        let error = Problem::read_dlx_format(bad.as_bytes(), Some("x.dlx")).unwrap_err();
        assert_eq!(error.to_string(), "x.dlx, line 2: unknown item \"C\"");
        let repeated = "A B\nA A\n";
        let error = Problem::read_dlx_format(repeated.as_bytes(), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "<input>, line 2: item \"A\" appears twice in one option"
        );
        let none = "| nothing\n| B\n";
        assert!(Problem::read_dlx_format(none.as_bytes(), None).is_err());
        let only_secondary = "| comment\n | x\n";
        assert!(Problem::read_dlx_format(only_secondary.as_bytes(), None).is_err());
        assert!(Problem::new(&["a", "a"], &[]).is_err());
        assert!(Problem::new(&["a:red"], &[]).is_err());
        let mut p = Problem::new(&["a"], &[]).unwrap();
        let empty: [&str; 0] = [];
        assert!(p.add_option(&empty).is_err());
    }
}
