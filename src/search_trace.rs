//! What a Sudoku search did, event by event: each digit placed and why, each branch point
//! with its candidates, each dead end, each backtrack, each solution. Engines that can
//! report them implement [`Solver::trace`](crate::solver::Solver::trace); `solve --trace`
//! prints them and `explain --allow-guess` tells the guesses from them.
//!
//! # Events and depths
//!
//! The *depth* of an event is the number of placements the search has made beyond the
//! givens on the path to it (the givens are placed at depth 0 with [`Reason::Given`]). A
//! placement at depth `d` undoes every placement at depth `d` or more made before it: to
//! replay a trace, keep a stack of placements, truncate it to `d` and push. Each
//! placement names its reason:
//!
//! * [`Reason::Forced`]: the constraint had one candidate left: a cell with one digit (a
//!   naked single) or a digit with one place in a row, column or box (a hidden single);
//! * [`Reason::Guess`]: one of several candidates of the [`Event::Branch`] before it at the
//!   same depth.
//!
//! A dead end ([`Event::DeadEnd`]) is a constraint left without candidates (or, when the
//! engine does not say which, a placement that leaves one); a backtrack
//! ([`Event::Backtrack`]) ends a branch point whose candidates have all been tried.
//!
//! ```
//! use sudolab::{grid::Grid, registry, search_trace::{Event, Recorder}, solver::Limits};
//! let puzzle: Grid = "1...\n..1.\n.1..\n...1".parse()?;
//! let mut recorder = Recorder::new(1000);
//! let dlx = registry::by_name("dlx").unwrap();
//! let outcome = dlx.trace(&puzzle, 0, &Limits::NONE, &mut recorder).expect("dlx traces");
//! let solutions = recorder.events().iter().filter(|e| matches!(e, Event::Solution { .. }));
//! assert_eq!(solutions.count() as u64, outcome.count);
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::fmt;

use crate::bitset::Digit;
use crate::geometry::{Cell, Geometry, Unit};

/// A Sudoku constraint as a search branches on it: a cell needs a digit, or a digit needs a
/// place in a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Constraint {
    /// The cell needs one digit.
    Cell(Cell),
    /// The digit needs one place in the unit.
    Place(Digit, Unit),
}

impl Constraint {
    /// A person's words for it: `r3c5`, or `7 in row 2`.
    pub fn describe(&self, geometry: &Geometry) -> String {
        match *self {
            Constraint::Cell(cell) => geometry.cell_name(cell),
            Constraint::Place(digit, unit) => format!("{digit} in {}", geometry.unit_name(unit)),
        }
    }
}

/// Why a digit was placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// A given of the puzzle.
    Given,
    /// The constraint had one candidate left: a naked single (a cell) or a hidden single (a
    /// digit in a unit).
    Forced(Constraint),
    /// Candidate `index` (from 1) of the `of` candidates of a branch point.
    Guess {
        /// The constraint branched on.
        on: Constraint,
        /// Which candidate, from 1.
        index: usize,
        /// How many candidates the branch point had.
        of: usize,
    },
}

/// One event of a Sudoku search (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A digit placed in a cell.
    Place {
        /// Placements beyond the givens before this one on its path.
        depth: usize,
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
        /// Why.
        reason: Reason,
    },
    /// A branch point: the constraint with the fewest candidates has several.
    Branch {
        /// The depth of the branch point.
        depth: usize,
        /// The constraint branched on.
        on: Constraint,
        /// Its candidates.
        candidates: usize,
    },
    /// A dead end: a constraint without candidates (`None`: the engine does not say which).
    DeadEnd {
        /// The depth at which it was found.
        depth: usize,
        /// The constraint left without candidates.
        at: Option<Constraint>,
    },
    /// Every candidate of the branch point at `depth` tried.
    Backtrack {
        /// The branch point's depth.
        depth: usize,
    },
    /// The placements on the path form a solution.
    Solution {
        /// Placements beyond the givens.
        depth: usize,
    },
    /// A search-tree node, where the solver counts one in its `nodes` (the root at depth 0;
    /// for dlx and dc every placement makes a node one deeper, for bitmask only guesses).
    /// Not written in traces; [`NodeProfile`] counts them.
    Node {
        /// The node's depth.
        depth: usize,
    },
}

impl Event {
    /// The event's depth.
    pub fn depth(&self) -> usize {
        match *self {
            Event::Place { depth, .. }
            | Event::Branch { depth, .. }
            | Event::DeadEnd { depth, .. }
            | Event::Backtrack { depth }
            | Event::Solution { depth }
            | Event::Node { depth } => depth,
        }
    }

    /// The event's name in JSON traces.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Place { .. } => "place",
            Event::Branch { .. } => "branch",
            Event::DeadEnd { .. } => "dead-end",
            Event::Backtrack { .. } => "backtrack",
            Event::Solution { .. } => "solution",
            Event::Node { .. } => "node",
        }
    }

    /// The event in words, without its depth: `r1c2 = 5 (hidden single: 5 in row 1)`.
    pub fn describe(&self, geometry: &Geometry) -> String {
        match *self {
            Event::Place {
                cell,
                digit,
                reason,
                ..
            } => {
                let why = match reason {
                    Reason::Given => "given".to_string(),
                    Reason::Forced(on @ Constraint::Cell(_)) => {
                        format!("naked single: {} has one candidate", on.describe(geometry))
                    }
                    Reason::Forced(on) => {
                        format!("hidden single: {}", on.describe(geometry))
                    }
                    Reason::Guess { on, index, of } => {
                        format!("guess {index} of {of} for {}", on.describe(geometry))
                    }
                };
                format!("{} = {digit} ({why})", geometry.cell_name(cell))
            }
            Event::Branch { on, candidates, .. } => {
                format!(
                    "branch on {}: {candidates} candidates",
                    on.describe(geometry)
                )
            }
            Event::DeadEnd { at: Some(at), .. } => {
                format!("dead end: no candidate for {}", at.describe(geometry))
            }
            Event::DeadEnd { at: None, .. } => {
                "dead end: the last placement leaves a cell or a digit without candidates"
                    .to_string()
            }
            Event::Backtrack { .. } => "backtrack: every candidate tried".to_string(),
            Event::Solution { .. } => "solution".to_string(),
            Event::Node { .. } => "node".to_string(),
        }
    }

    /// The event as one JSON object: `event`, `depth`, and its fields (cells as `r1c2`,
    /// constraints in words, as in the text).
    pub fn to_json(&self, geometry: &Geometry) -> serde_json::Value {
        let mut object = serde_json::json!({ "event": self.kind(), "depth": self.depth() });
        match *self {
            Event::Place {
                cell,
                digit,
                reason,
                ..
            } => {
                object["cell"] = geometry.cell_name(cell).into();
                object["digit"] = digit.get().into();
                let (kind, on, index, of) = match reason {
                    Reason::Given => ("given", None, None, None),
                    Reason::Forced(on @ Constraint::Cell(_)) => {
                        ("naked-single", Some(on), None, None)
                    }
                    Reason::Forced(on) => ("hidden-single", Some(on), None, None),
                    Reason::Guess { on, index, of } => ("guess", Some(on), Some(index), Some(of)),
                };
                object["reason"] = kind.into();
                if let Some(on) = on {
                    object["on"] = on.describe(geometry).into();
                }
                if let (Some(index), Some(of)) = (index, of) {
                    object["candidate"] = index.into();
                    object["candidates"] = of.into();
                }
            }
            Event::Branch { on, candidates, .. } => {
                object["on"] = on.describe(geometry).into();
                object["candidates"] = candidates.into();
            }
            Event::DeadEnd { at, .. } => {
                object["at"] = at.map(|at| at.describe(geometry)).into();
            }
            Event::Backtrack { .. } | Event::Solution { .. } | Event::Node { .. } => {}
        }
        object
    }
}

/// What a traced Sudoku search reports to.
pub trait SudokuObserver {
    /// One more event.
    fn event(&mut self, event: Event);
}

impl<T: SudokuObserver + ?Sized> SudokuObserver for &mut T {
    fn event(&mut self, event: Event) {
        (**self).event(event);
    }
}

/// Both observers see every event.
impl<A: SudokuObserver, B: SudokuObserver> SudokuObserver for (A, B) {
    fn event(&mut self, event: Event) {
        self.0.event(event);
        self.1.event(event);
    }
}

/// Keeps the first `limit` events of a search and counts the rest.
#[derive(Debug, Clone, Default)]
pub struct Recorder {
    events: Vec<Event>,
    limit: usize,
    dropped: u64,
}

impl Recorder {
    /// A recorder of at most `limit` events.
    pub fn new(limit: usize) -> Recorder {
        Recorder {
            events: Vec::new(),
            limit,
            dropped: 0,
        }
    }

    /// The events kept.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The events past the limit.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }
}

impl SudokuObserver for Recorder {
    fn event(&mut self, event: Event) {
        if self.events.len() < self.limit {
            self.events.push(event);
        } else {
            self.dropped += 1;
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Given => write!(f, "given"),
            Reason::Forced(Constraint::Cell(_)) => write!(f, "naked single"),
            Reason::Forced(_) => write!(f, "hidden single"),
            Reason::Guess { index, of, .. } => write!(f, "guess {index} of {of}"),
        }
    }
}

/// The lines of a trace written as they come: at most `limit` counted lines, the rest only
/// counted (a limit of 0 writes nothing); the first write error kept for
/// [`LimitedLines::finish`]. What the Sudoku and exact-cover trace writers share.
pub struct LimitedLines<W: std::io::Write> {
    out: W,
    limit: u64,
    written: u64,
    dropped: u64,
    error: Option<std::io::Error>,
}

impl<W: std::io::Write> LimitedLines<W> {
    /// At most `limit` counted lines to `out`.
    pub fn new(out: W, limit: u64) -> Self {
        LimitedLines {
            out,
            limit,
            written: 0,
            dropped: 0,
            error: None,
        }
    }

    /// Whether one more line may be written (`counted`: whether it counts against the
    /// limit); a line refused is counted as dropped.
    pub fn admit(&mut self, counted: bool) -> bool {
        if self.limit == 0 || (counted && self.written >= self.limit) {
            self.dropped += 1;
            return false;
        }
        self.written += u64::from(counted);
        true
    }

    /// Writes `line` (nothing after a write error).
    pub fn write_line(&mut self, line: &str) {
        if self.error.is_none() {
            if let Err(error) = writeln!(self.out, "{line}") {
                self.error = Some(error);
            }
        }
    }

    /// Ends the trace: the line `truncated` makes of the number of lines dropped, if any
    /// were; the first write error, if one happened.
    pub fn finish(mut self, truncated: impl FnOnce(u64) -> String) -> std::io::Result<W> {
        if self.dropped > 0 {
            let line = truncated(self.dropped);
            self.write_line(&line);
        }
        match self.error {
            Some(error) => Err(error),
            None => Ok(self.out),
        }
    }
}

/// A trace written as the search goes, one event per line: text (`depth: event`, indented
/// a space a level, the givens in one line) or JSON Lines (one object per event, the givens
/// included, each with the fields of `tag` first). At most `limit` events besides the givens
/// are written; the rest are counted, and [`TraceLines::finish`] says how many.
pub struct TraceLines<'a, W: std::io::Write> {
    lines: LimitedLines<W>,
    geometry: &'static Geometry,
    json: Option<&'a serde_json::Map<String, serde_json::Value>>,
    givens: usize,
}

impl<'a, W: std::io::Write> TraceLines<'a, W> {
    /// A writer of at most `limit` events of a search of a grid of `geometry` to `out`: in
    /// JSON Lines when `json` holds the fields each object starts with, else in text.
    pub fn new(
        out: W,
        geometry: &'static Geometry,
        json: Option<&'a serde_json::Map<String, serde_json::Value>>,
        limit: u64,
    ) -> Self {
        TraceLines {
            lines: LimitedLines::new(out, limit),
            geometry,
            json,
            givens: 0,
        }
    }

    /// Ends the trace: a last line with the number of events past the limit, if any; the
    /// first write error, if one happened.
    pub fn finish(mut self) -> std::io::Result<W> {
        self.flush_givens();
        let json = self.json;
        self.lines.finish(|dropped| match json {
            Some(tag) => {
                let mut object = tag.clone();
                object.insert("event".into(), "truncated".into());
                object.insert("more_events".into(), dropped.into());
                serde_json::Value::from(object).to_string()
            }
            None => format!("trace: {dropped} more events not shown (--trace-limit)"),
        })
    }

    /// In text, the givens seen so far as one line.
    fn flush_givens(&mut self) {
        if self.givens > 0 {
            let line = format!("0: {} givens placed", self.givens);
            self.givens = 0;
            self.lines.write_line(&line);
        }
    }
}

impl<W: std::io::Write> SudokuObserver for TraceLines<'_, W> {
    fn event(&mut self, event: Event) {
        if let Event::Node { .. } = event {
            return;
        }
        // The givens do not count against the limit (there are at most 625 of them).
        let given = matches!(
            event,
            Event::Place {
                reason: Reason::Given,
                ..
            }
        );
        if !self.lines.admit(!given) {
            return;
        }
        let line = match self.json {
            Some(tag) => {
                let mut object = tag.clone();
                if let serde_json::Value::Object(fields) = event.to_json(self.geometry) {
                    object.extend(fields);
                }
                serde_json::Value::from(object).to_string()
            }
            None => {
                if let Event::Place {
                    reason: Reason::Given,
                    ..
                } = event
                {
                    self.givens += 1;
                    return;
                }
                self.flush_givens();
                let depth = event.depth();
                // One space a level: a Sudoku search goes 60 placements deep.
                let indent = " ".repeat(depth.min(60));
                format!("{indent}{depth}: {}", event.describe(self.geometry))
            }
        };
        self.lines.write_line(&line);
    }
}

/// The search-tree nodes at each depth of a traced Sudoku search (Knuth's level profile,
/// depth counted in placements): its [`Event::Node`]s counted by depth. The depths sum to
/// the solver's `nodes` (`tests/sudoku_trace.rs`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NodeProfile {
    nodes: Vec<u64>,
}

impl NodeProfile {
    /// The nodes at each depth.
    pub fn nodes(&self) -> &[u64] {
        &self.nodes
    }

    /// The counts, the profile emptied.
    pub fn take(&mut self) -> Vec<u64> {
        std::mem::take(&mut self.nodes)
    }

    fn at(&mut self, depth: usize) -> &mut u64 {
        if depth >= self.nodes.len() {
            self.nodes.resize(depth + 1, 0);
        }
        &mut self.nodes[depth]
    }
}

impl SudokuObserver for NodeProfile {
    fn event(&mut self, event: Event) {
        if let Event::Node { depth } = event {
            *self.at(depth) += 1;
        }
    }
}
