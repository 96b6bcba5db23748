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
//! items, separated by spaces. Names may not contain `|` or `:`.
//!
//! **Colours** (Knuth's DLX2, XCC): an option may give a secondary item a colour,
//! `x:red`. Options that give `x` the same colour are compatible; a secondary item without
//! a colour is exclusive, as before (at most one chosen option contains it, and then no
//! coloured one). Colours are names without `|` or `:` (Knuth's programs allow up to 8
//! characters; any length is read here). A colour on a primary item is an error.
//!
//! **Multiplicities** (Knuth's DLX3, MCC): a primary item's name may be preceded by
//! `u:v|` (it is covered by at least `u` and at most `v` chosen options) or `v|` (exactly
//! `v`), for example `2|A 0:3|B C`. Lines are at most [`MAX_COVER_LINE`] bytes and a
//! problem at most [`MAX_NODES`] nodes.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::BufRead;

use crate::error::{CoverErrorKind, Error, Location, Result};
use crate::input::{Line, Lines, MAX_COVER_LINE};

/// An exact-cover problem: named primary items (covered exactly once), named secondary
/// items (covered at most once, or by any number of options that agree on its colour) and
/// options (sets of items, a secondary item possibly with a colour).
///
/// ```
/// use sudolab::exact_cover::Problem;
/// let mut problem = Problem::new(&["A", "B", "C"], &["x"])?;
/// problem.add_option(&["A", "B"])?;
/// problem.add_option(&["C", "x"])?;
/// problem.add_option(&["A", "C", "x"])?;
/// assert_eq!(problem.dlx().count(0).solutions, 1);
/// assert!(problem.add_option(&["A", "Q"]).is_err());
///
/// // With colours: A and B may share x if they agree on its colour.
/// let mut problem = Problem::new(&["A", "B"], &["x"])?;
/// problem.add_option(&["A", "x:red"])?;
/// problem.add_option(&["B", "x:red"])?;
/// problem.add_option(&["B", "x:blue"])?;
/// assert_eq!(problem.dlx().count(0).solutions, 1);
/// assert_eq!(problem.cells().count(0).solutions, 1);
/// assert_eq!(problem.option_text(2), "B x:blue");
/// # Ok::<(), sudolab::Error>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Problem {
    names: Vec<String>,
    primary: usize,
    index: HashMap<String, u32>,
    option_items: Vec<u32>,
    /// The colour of each entry of `option_items` (0: none; else a number from 1 into
    /// `colour_names`).
    option_colours: Vec<u32>,
    option_starts: Vec<usize>,
    colour_names: Vec<String>,
    colour_index: HashMap<String, u32>,
    /// Nodes the dancing-links arrays will need: headers, option nodes and spacers.
    nodes: u64,
    /// Each primary item's bounds `(u, v)`: it is covered by `u..=v` chosen options
    /// (`(1, 1)` but in an MCC problem).
    bounds: Vec<(u32, u32)>,
}

/// The largest multiplicity bound read: far above any option count a problem can have.
pub const MAX_MULTIPLICITY: u32 = 1 << 30;

/// The most nodes (item headers, option nodes and spacers) a problem may have: the links are
/// 32-bit indices, and this bound (about 1.6 GB of links) keeps a mistaken input from
/// exhausting memory.
pub const MAX_NODES: u64 = 1 << 27;

fn cover_error(line: Option<u64>, kind: CoverErrorKind) -> Error {
    Error::Cover {
        location: Location {
            line,
            ..Location::default()
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
            bounds: vec![(1, 1); primary.len()],
            ..Problem::default()
        };
        for name in primary.iter().chain(secondary) {
            problem
                .declare(name.as_ref())
                .map_err(|kind| cover_error(None, kind))?;
        }
        Ok(problem)
    }

    /// Primary item `item` (from 1) is covered by at least `lower` and at most `upper`
    /// chosen options (Knuth's MCC; `0 <= lower <= upper`, `1 <= upper`).
    ///
    /// ```
    /// use sudolab::exact_cover::Problem;
    /// let mut problem = Problem::new(&["A", "B"], &[] as &[&str])?;
    /// problem.set_multiplicity(1, 2, 2)?; // A twice
    /// for option in [&["A"][..], &["A", "B"], &["A"]] {
    ///     problem.add_option(option)?;
    /// }
    /// assert_eq!(problem.multiplicity(1), (2, 2));
    /// assert!(problem.to_dlx_format().starts_with("2|A B\n"));
    /// # Ok::<(), sudolab::Error>(())
    /// ```
    pub fn set_multiplicity(&mut self, item: u32, lower: u32, upper: u32) -> Result<()> {
        let bad = |reason: &str| {
            let what = format!("\"{lower}:{upper}|#{item}\": {reason}");
            cover_error(None, CoverErrorKind::BadMultiplicity { what })
        };
        if item == 0 || item as usize > self.primary {
            return Err(bad("only a primary item has a multiplicity"));
        }
        check_bounds(lower, upper).map_err(|reason| bad(&reason))?;
        self.bounds[item as usize - 1] = (lower, upper);
        Ok(())
    }

    /// Primary item `item`'s bounds `(u, v)` (from 1; `(1, 1)` unless set).
    pub fn multiplicity(&self, item: u32) -> (u32, u32) {
        self.bounds[item as usize - 1]
    }

    /// Every primary item's bounds `(u, v)`, in item order.
    pub fn bounds(&self) -> &[(u32, u32)] {
        &self.bounds
    }

    /// Whether some primary item has bounds other than `(1, 1)` (an MCC problem).
    pub fn has_multiplicities(&self) -> bool {
        self.bounds.iter().any(|&b| b != (1, 1))
    }

    /// Adds item `name` after the others.
    fn declare(&mut self, name: &str) -> Result<(), CoverErrorKind> {
        // A byte order mark is dropped before a file's first line, so a name starting with
        // one would not read back as written.
        if name.is_empty()
            || name.contains(['|', ':', '\u{feff}'])
            || name.contains(char::is_whitespace)
        {
            return Err(CoverErrorKind::BadItemName { name: name.into() });
        }
        let number = self.names.len() as u32 + 1;
        if self.index.insert(name.to_string(), number).is_some() {
            return Err(CoverErrorKind::DuplicateItem { name: name.into() });
        }
        self.names.push(name.to_string());
        self.nodes += 1;
        Ok(())
    }

    /// Adds an option by item names, each `item` or (a secondary item) `item:colour`.
    pub fn add_option<S: AsRef<str>>(&mut self, items: &[S]) -> Result<()> {
        let mut entries = Vec::with_capacity(items.len());
        for token in items {
            let entry = self
                .resolve(token.as_ref(), &entries)
                .map_err(|kind| cover_error(None, kind))?;
            entries.push(entry);
        }
        self.push_option(&entries)
    }

    /// Adds an option by item numbers (`1..=items`), without colours.
    pub fn add_option_numbers(&mut self, items: &[u32]) -> Result<()> {
        let entries: Vec<(u32, u32)> = items.iter().map(|&item| (item, 0)).collect();
        self.push_option(&entries)
    }

    /// Item and colour numbers of one token of an option (`item` or `item:colour`; a new
    /// colour name gets the next number), checked against the entries before it.
    fn resolve(
        &mut self,
        token: &str,
        before: &[(u32, u32)],
    ) -> Result<(u32, u32), CoverErrorKind> {
        let (name, colour) = match token.split_once(':') {
            Some((name, colour)) => (name, Some(colour)),
            None => (token, None),
        };
        let number = *self
            .index
            .get(name)
            .ok_or_else(|| CoverErrorKind::UnknownItem { name: name.into() })?;
        if before.iter().any(|&(item, _)| item == number) {
            return Err(CoverErrorKind::RepeatedItem { name: name.into() });
        }
        let Some(colour) = colour else {
            return Ok((number, 0));
        };
        if number as usize <= self.primary {
            return Err(CoverErrorKind::ColourOnPrimary {
                text: token.into(),
                item: name.into(),
            });
        }
        if colour.is_empty() || colour.contains(['|', ':', '\u{feff}']) {
            return Err(CoverErrorKind::BadColour { text: token.into() });
        }
        let next = self.colour_names.len() as u32 + 1;
        let colour = *self.colour_index.entry(colour.to_string()).or_insert(next);
        if colour == next {
            self.colour_names.push(token[name.len() + 1..].to_string());
        }
        Ok((number, colour))
    }

    /// Adds an option from its `(item, colour)` entries.
    fn push_option(&mut self, entries: &[(u32, u32)]) -> Result<()> {
        if entries.is_empty() {
            return Err(cover_error(None, CoverErrorKind::EmptyOption));
        }
        for (k, &(item, colour)) in entries.iter().enumerate() {
            if item == 0 || item as usize > self.names.len() {
                return Err(cover_error(
                    None,
                    CoverErrorKind::UnknownItem {
                        name: format!("#{item}"),
                    },
                ));
            }
            let name = || self.names[item as usize - 1].clone();
            if entries[..k].iter().any(|&(other, _)| other == item) {
                return Err(cover_error(
                    None,
                    CoverErrorKind::RepeatedItem { name: name() },
                ));
            }
            if colour != 0 && item as usize <= self.primary {
                let kind = CoverErrorKind::ColourOnPrimary {
                    text: format!("{}:#{colour}", name()),
                    item: name(),
                };
                return Err(cover_error(None, kind));
            }
        }
        let nodes = self.nodes + entries.len() as u64 + 1;
        if nodes > MAX_NODES {
            return Err(cover_error(
                None,
                CoverErrorKind::TooLarge {
                    nodes,
                    limit: MAX_NODES,
                },
            ));
        }
        self.nodes = nodes;
        self.option_items.extend(entries.iter().map(|e| e.0));
        self.option_colours.extend(entries.iter().map(|e| e.1));
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

    /// The colours of option `k`'s items, parallel to [`Problem::option`] (0: none).
    pub fn option_colours(&self, k: usize) -> &[u32] {
        &self.option_colours[self.option_starts[k]..self.option_starts[k + 1]]
    }

    /// Option `k`'s items with their colours, the items numbered from 0 (primary first), as
    /// the engines index them.
    pub fn option_entries(&self, k: usize) -> impl Iterator<Item = (u32, u32)> + '_ {
        let colours = self.option_colours(k).iter();
        self.option(k)
            .iter()
            .zip(colours)
            .map(|(&i, &c)| (i - 1, c))
    }

    /// The name of colour `number` (from 1).
    pub fn colour_name(&self, number: u32) -> &str {
        &self.colour_names[number as usize - 1]
    }

    /// Whether any option gives a colour.
    pub fn has_colours(&self) -> bool {
        !self.colour_names.is_empty()
    }

    /// Option `k` as text: its items separated by spaces, `item:colour` where coloured.
    pub fn option_text(&self, k: usize) -> String {
        let mut text = String::new();
        for (&item, &colour) in self.option(k).iter().zip(self.option_colours(k)) {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(self.item_name(item));
            if colour != 0 {
                text.push(':');
                text.push_str(self.colour_name(colour));
            }
        }
        text
    }

    /// The problem in Knuth's DLX format (see the module docs).
    pub fn to_dlx_format(&self) -> String {
        let mut out = String::new();
        let primary: Vec<String> = self.names[..self.primary]
            .iter()
            .zip(&self.bounds)
            .map(|(name, &(lower, upper))| match (lower, upper) {
                (1, 1) => name.clone(),
                (lower, upper) if lower == upper => format!("{upper}|{name}"),
                (lower, upper) => format!("{lower}:{upper}|{name}"),
            })
            .collect();
        out.push_str(&primary.join(" "));
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

    /// Reads Knuth's DLX format. Errors name the line and column (and `source`, a file
    /// name, if given). Lines are at most [`MAX_COVER_LINE`] bytes.
    pub fn read_dlx_format(reader: impl BufRead, source: Option<&str>) -> Result<Problem> {
        let mut lines = Lines::new(reader, MAX_COVER_LINE);
        let at = |line: u64, column: Option<u64>, kind: CoverErrorKind| Error::Cover {
            location: Location {
                source: source.map(str::to_string),
                line: Some(line),
                column,
                field: None,
            },
            kind,
        };
        let mut problem: Option<Problem> = None;
        loop {
            let read = lines.next_line().map_err(|error| Error::Read {
                location: Location {
                    source: Some(source.unwrap_or("<input>").to_string()),
                    ..Location::line(lines.number() + 1)
                },
                error,
            })?;
            let number = lines.number();
            match read {
                Line::End => break,
                Line::TooLong => {
                    let limit = MAX_COVER_LINE;
                    return Err(at(number, None, CoverErrorKind::LineTooLong { limit }));
                }
                Line::Read => {}
            }
            let line = std::str::from_utf8(lines.bytes()).map_err(|error| {
                let valid = String::from_utf8_lossy(&lines.bytes()[..error.valid_up_to()]);
                at(
                    number,
                    Some(valid.chars().count() as u64 + 1),
                    CoverErrorKind::NotUtf8,
                )
            })?;
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('|') {
                continue;
            }
            let tokens = tokens(line);
            let located = |(column, kind): (u64, CoverErrorKind)| at(number, Some(column), kind);
            match &mut problem {
                None => problem = Some(Problem::from_item_line(&tokens).map_err(located)?),
                Some(problem) => problem.add_option_tokens(&tokens).map_err(located)?,
            }
        }
        problem.ok_or_else(|| at(lines.number().max(1), None, CoverErrorKind::NoPrimaryItems))
    }

    /// The items of the first line: primary, then after a lone `|` secondary.
    fn from_item_line(tokens: &[(u64, &str)]) -> Result<Problem, (u64, CoverErrorKind)> {
        let mut primary = Vec::new();
        let mut secondary = Vec::new();
        let mut in_secondary = false;
        for &(column, token) in tokens {
            if token == "|" {
                if in_secondary {
                    return Err((column, CoverErrorKind::SecondSeparator));
                }
                in_secondary = true;
                continue;
            }
            let (bounds, name) = match token.split_once('|') {
                Some((bounds, name)) => {
                    let bad = |reason: String| {
                        let what = format!("{token:?}: {reason}");
                        (column, CoverErrorKind::BadMultiplicity { what })
                    };
                    if in_secondary {
                        return Err(bad("a secondary item has no multiplicity".into()));
                    }
                    (parse_bounds(bounds).map_err(bad)?, name)
                }
                None => ((1, 1), token),
            };
            if in_secondary {
                secondary.push((column, name));
            } else {
                primary.push((column, name, bounds));
            }
        }
        if primary.is_empty() {
            let column = tokens.first().map_or(1, |t| t.0);
            return Err((column, CoverErrorKind::NoPrimaryItems));
        }
        let mut problem = Problem {
            primary: primary.len(),
            option_starts: vec![0],
            bounds: primary.iter().map(|&(_, _, bounds)| bounds).collect(),
            ..Problem::default()
        };
        let names = primary.iter().map(|&(column, name, _)| (column, name));
        for (column, name) in names.chain(secondary) {
            problem.declare(name).map_err(|e| (column, e))?;
        }
        Ok(problem)
    }

    /// One option from its tokens, each `item` or `item:colour`.
    fn add_option_tokens(&mut self, tokens: &[(u64, &str)]) -> Result<(), (u64, CoverErrorKind)> {
        let mut entries = Vec::with_capacity(tokens.len());
        for &(column, token) in tokens {
            let entry = self
                .resolve(token, &entries)
                .map_err(|kind| (column, kind))?;
            entries.push(entry);
        }
        let column = tokens.first().map_or(1, |t| t.0);
        self.push_option(&entries).map_err(|e| match e {
            Error::Cover { kind, .. } => (column, kind),
            other => (
                column,
                CoverErrorKind::BadItemName {
                    name: other.to_string(),
                },
            ),
        })
    }
}

/// `v` or `u:v` (the part before `|` of a multiplicity), checked.
fn parse_bounds(text: &str) -> Result<(u32, u32), String> {
    let number = |t: &str| -> Result<u32, String> {
        if t.is_empty() || !t.bytes().all(|c| c.is_ascii_digit()) {
            return Err(format!("{t:?} is not a whole number"));
        }
        t.parse::<u32>()
            .ok()
            .filter(|&n| n <= MAX_MULTIPLICITY)
            .ok_or_else(|| format!("{t} is above {MAX_MULTIPLICITY}"))
    };
    let (lower, upper) = match text.split_once(':') {
        Some((lower, upper)) => (number(lower)?, number(upper)?),
        None => {
            let v = number(text)?;
            (v, v)
        }
    };
    check_bounds(lower, upper)?;
    Ok((lower, upper))
}

/// `0 <= lower <= upper` and `upper >= 1`.
fn check_bounds(lower: u32, upper: u32) -> Result<(), String> {
    if upper == 0 {
        return Err("the upper bound is 0 (an item no option may cover: leave it out)".into());
    }
    if lower > upper {
        return Err(format!(
            "the lower bound {lower} is above the upper bound {upper}"
        ));
    }
    if upper > MAX_MULTIPLICITY {
        return Err(format!("{upper} is above {MAX_MULTIPLICITY}"));
    }
    Ok(())
}

/// The whitespace-separated tokens of a line with their columns (characters, from 1).
fn tokens(line: &str) -> Vec<(u64, &str)> {
    let mut tokens = Vec::new();
    let mut start: Option<(u64, usize)> = None;
    for (column, (byte, ch)) in line.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (true, Some((column, from))) => {
                tokens.push((column, &line[from..byte]));
                start = None;
            }
            (false, None) => start = Some((column as u64 + 1, byte)),
            _ => {}
        }
    }
    if let Some((column, from)) = start {
        tokens.push((column, &line[from..]));
    }
    tokens
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
        assert_eq!(
            error.to_string(),
            "x.dlx, line 2, column 3: unknown item \"C\""
        );
        let repeated = "A B\nA A\n";
        let error = Problem::read_dlx_format(repeated.as_bytes(), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "<input>, line 2, column 3: item \"A\" appears twice in one option"
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

    fn message(text: &str) -> String {
        Problem::read_dlx_format(text.as_bytes(), Some("p.dlx"))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn multiplicities_are_read_and_bad_ones_refused_with_their_place() {
        // Knuth's DLX3 syntax: A must be covered twice. Once read as items "2" and
        // secondary A B (0 solutions, exit 0), then refused; now read as DLX3 reads it.
        let problem = Problem::read_dlx_format("2|A B\nA\nB\nA B\n".as_bytes(), None).unwrap();
        assert_eq!(
            (problem.multiplicity(1), problem.multiplicity(2)),
            ((2, 2), (1, 1))
        );
        assert!(message("A 1:0|B | x\nA\n").contains("column 3: \"1:0|B\": the upper bound is 0"));
        assert!(message("A B|C\nA\n").contains("\"B\" is not a whole number"));
    }

    #[test]
    fn bad_colours_are_refused_with_their_place() {
        assert_eq!(
            message("A B | x\nA B:red\n"),
            "p.dlx, line 2, column 3: \"B:red\": a colour may only be given to a secondary item (declared after '|' on the first line), and \"B\" is primary"
        );
        assert!(message("A B | x\nA x:\n").contains("column 3: \"x:\": bad colour"));
        assert!(message("A B | x\nA x:a:b\n").contains("column 3: \"x:a:b\": bad colour"));
        assert!(message("A B | x\nA x:red x:blue\n")
            .contains("line 2, column 9: item \"x\" appears twice in one option"));
        assert_eq!(
            message("A B | x\nA y:red\n"),
            "p.dlx, line 2, column 3: unknown item \"y\""
        );
    }

    #[test]
    fn knuths_colour_example_has_its_unique_solution() {
        // From Knuth's DLX2: "X:0 Y:1" has no primary item and is never chosen.
        let text = "| A simple example of color controls\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
        let problem = Problem::read_dlx_format(text.as_bytes(), None).unwrap();
        let mut found = Vec::new();
        problem.dlx().search(|dlx, chosen| {
            let mut texts: Vec<String> = chosen
                .iter()
                .map(|&x| problem.option_text(dlx.option_of(x)))
                .collect();
            texts.sort();
            found.push(texts);
            super::super::Control::Continue
        });
        assert_eq!(found, vec![vec!["A C X:1 Y:1", "B X:1"]]);
        assert_eq!(problem.cells().count(0).solutions, 1);
    }

    #[test]
    fn colours_round_trip_through_the_format() {
        let text = "A B C | x y\nA x:red y\nB x:red\nC x:blue\nB C y:red\n";
        let problem = Problem::read_dlx_format(text.as_bytes(), None).unwrap();
        assert!(problem.has_colours());
        assert_eq!(problem.to_dlx_format(), text);
        assert_eq!(problem.option_text(3), "B C y:red");
        // A with x red, then B red (C blue would clash on x), C via "B C y:red" no (B twice).
        assert_eq!(problem.dlx().count(0).solutions, 0);
        let text = "A B C | x y\nA x:red y\nB x:red\nC x:red\nB C y:red\nA x:blue\n";
        let problem = Problem::read_dlx_format(text.as_bytes(), None).unwrap();
        // {A x:red y, B x:red, C x:red}, {A x:blue, B C y:red}.
        assert_eq!(problem.dlx().count(0).solutions, 2);
        assert_eq!(problem.cells().count(0).solutions, 2);
    }

    #[test]
    fn bad_bytes_and_long_lines_name_their_line() {
        let error = Problem::read_dlx_format(&b"A B\nA \xff\n"[..], Some("p.dlx")).unwrap_err();
        assert_eq!(
            error.to_string(),
            "p.dlx, line 2, column 3: the line is not valid UTF-8 text"
        );
        use std::io::Read;
        let zeros = std::io::BufReader::new(std::io::repeat(b'A').take(1 << 24));
        let error = Problem::read_dlx_format(zeros, Some("/dev/zero")).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("/dev/zero, line 1: line longer than"),
            "{error}"
        );
    }
}
