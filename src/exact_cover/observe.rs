//! Watching a search: the events an exact-cover engine reports as it goes, and two
//! observers of them, Knuth's level profile ([`LevelProfile`]) and a trace of every event
//! ([`Trace`]).
//!
//! # Depths and events
//!
//! A *level* of the search is a partial solution; its *depth* is the number of options
//! chosen above it (the root is depth 0). At each level the engine reports, in order:
//!
//! * [`node`](SearchObserver::node): the level is a search-tree node, counted where the
//!   engine counts its `nodes` (so the events at each depth are Knuth's profile, and they
//!   sum to the engine's `nodes`);
//! * [`solution`](SearchObserver::solution) if no primary item is left, else
//!   [`choose`](SearchObserver::choose): the item branched on and how many options it has
//!   (1: a forced move; 0: a dead end, the level is abandoned at once);
//! * for each option of that item in turn, [`try_option`](SearchObserver::try_option),
//!   then the levels below it; an option that empties another primary item while it is
//!   being covered is abandoned before it becomes a node, with
//!   [`dead_end`](SearchObserver::dead_end) (dancing cells do this; dancing links find
//!   the empty item at the next level's choice instead);
//! * [`backtrack`](SearchObserver::backtrack) when every option has been tried, back to
//!   the level above.
//!
//! Items are numbered from 1 and options from 0, in input order, as
//! [`Problem::item_name`](super::Problem::item_name) and
//! [`Problem::option`](super::Problem::option) number them.
//! Replaying the events (keep a stack of options: a try at depth `d` truncates it to `d`
//! and pushes the option) gives the partial solution at every step and each solution
//! at its `solution` event: `tests/trace.rs` does that for every engine.
//!
//! An engine that reports events is generic over its observer, and [`Unobserved`] (which
//! says so through [`SearchObserver::is_watching`]) compiles every report away: the
//! timed search is the same code as before observers existed.
//!
//! ```
//! use sudolab::exact_cover::{classic, observe::LevelProfile, Control};
//! use sudolab::solver::Limits;
//! let mut engine = classic::queens(8)?.dlx();
//! let mut profile = LevelProfile::default();
//! let stats = engine.search_observed(&Limits::NONE, &mut profile, |_, _| Control::Continue)?;
//! assert_eq!(profile.nodes().iter().sum::<u64>(), stats.nodes);
//! assert_eq!(profile.nodes()[..3], [1, 8, 40]); // DLX1's profile of q8 begins so
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::fmt;

use crate::search_trace::LimitedLines;

/// What a search reports, event by event (every method does nothing by default).
pub trait SearchObserver {
    /// Whether the search should report at all: `false` lets it skip the work of
    /// preparing an event (mapping a node to its option number, say).
    fn is_watching(&self) -> bool {
        true
    }
    /// A search-tree node at `depth`.
    fn node(&mut self, _depth: usize) {}
    /// The level at `depth` branches on `item`, which has `options` options left.
    fn choose(&mut self, _depth: usize, _item: usize, _options: usize) {}
    /// The level at `depth` tries `option`.
    fn try_option(&mut self, _depth: usize, _option: usize) {}
    /// The option just tried at `depth` left a primary item without options while it was
    /// being covered: abandoned before it became a node.
    fn dead_end(&mut self, _depth: usize, _option: usize) {}
    /// Every option of the level at `depth` has been tried: back to `depth - 1`.
    fn backtrack(&mut self, _depth: usize) {}
    /// The level at `depth` is a solution (`depth` options).
    fn solution(&mut self, _depth: usize) {}
}

/// The observer of an unobserved search: it reports nothing, and costs nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Unobserved;

impl SearchObserver for Unobserved {
    #[inline(always)]
    fn is_watching(&self) -> bool {
        false
    }
}

impl<T: SearchObserver + ?Sized> SearchObserver for &mut T {
    fn is_watching(&self) -> bool {
        (**self).is_watching()
    }
    fn node(&mut self, depth: usize) {
        (**self).node(depth);
    }
    fn choose(&mut self, depth: usize, item: usize, options: usize) {
        (**self).choose(depth, item, options);
    }
    fn try_option(&mut self, depth: usize, option: usize) {
        (**self).try_option(depth, option);
    }
    fn dead_end(&mut self, depth: usize, option: usize) {
        (**self).dead_end(depth, option);
    }
    fn backtrack(&mut self, depth: usize) {
        (**self).backtrack(depth);
    }
    fn solution(&mut self, depth: usize) {
        (**self).solution(depth);
    }
}

/// Both observers see every event.
impl<A: SearchObserver, B: SearchObserver> SearchObserver for (A, B) {
    fn node(&mut self, depth: usize) {
        self.0.node(depth);
        self.1.node(depth);
    }
    fn choose(&mut self, depth: usize, item: usize, options: usize) {
        self.0.choose(depth, item, options);
        self.1.choose(depth, item, options);
    }
    fn try_option(&mut self, depth: usize, option: usize) {
        self.0.try_option(depth, option);
        self.1.try_option(depth, option);
    }
    fn dead_end(&mut self, depth: usize, option: usize) {
        self.0.dead_end(depth, option);
        self.1.dead_end(depth, option);
    }
    fn backtrack(&mut self, depth: usize) {
        self.0.backtrack(depth);
        self.1.backtrack(depth);
    }
    fn solution(&mut self, depth: usize) {
        self.0.solution(depth);
        self.1.solution(depth);
    }
}

/// Knuth's profile of a search: the nodes at each depth (DLX1 and SSXCC print it with
/// option `v128`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LevelProfile {
    nodes: Vec<u64>,
}

impl LevelProfile {
    /// The nodes at each depth, from the root (depth 0) to the deepest level reached.
    pub fn nodes(&self) -> &[u64] {
        &self.nodes
    }
}

impl SearchObserver for LevelProfile {
    fn is_watching(&self) -> bool {
        true
    }
    fn node(&mut self, depth: usize) {
        if depth >= self.nodes.len() {
            self.nodes.resize(depth + 1, 0);
        }
        self.nodes[depth] += 1;
    }
}

/// One event of a search, as [`Trace`] records it (node events aside). `depth` is the
/// depth of the level the event belongs to; items are numbered from 1, options from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchEvent {
    /// The level branches on an item.
    Choose {
        /// The level's depth.
        depth: usize,
        /// The item branched on.
        item: usize,
        /// Its options left (1: forced, 0: a dead end).
        options: usize,
    },
    /// The level tries an option.
    Try {
        /// The level's depth.
        depth: usize,
        /// The option tried.
        option: usize,
    },
    /// The option just tried emptied a primary item.
    DeadEnd {
        /// The level's depth.
        depth: usize,
        /// The option abandoned.
        option: usize,
    },
    /// Every option of the level tried.
    Backtrack {
        /// The level's depth.
        depth: usize,
    },
    /// A solution.
    Solution {
        /// Its depth: the number of options in it.
        depth: usize,
    },
}

impl SearchEvent {
    /// The event's name in text and JSON traces.
    pub fn kind(&self) -> &'static str {
        match self {
            SearchEvent::Choose { .. } => "choose",
            SearchEvent::Try { .. } => "try",
            SearchEvent::DeadEnd { .. } => "dead-end",
            SearchEvent::Backtrack { .. } => "backtrack",
            SearchEvent::Solution { .. } => "solution",
        }
    }

    /// The depth of the level the event belongs to.
    pub fn depth(&self) -> usize {
        match *self {
            SearchEvent::Choose { depth, .. }
            | SearchEvent::Try { depth, .. }
            | SearchEvent::DeadEnd { depth, .. }
            | SearchEvent::Backtrack { depth }
            | SearchEvent::Solution { depth } => depth,
        }
    }
}

impl fmt::Display for SearchEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SearchEvent::Choose {
                depth,
                item,
                options,
            } => write!(f, "{depth} choose item {item} ({options} options)"),
            SearchEvent::Try { depth, option } => write!(f, "{depth} try option {option}"),
            SearchEvent::DeadEnd { depth, option } => {
                write!(f, "{depth} dead end: option {option} empties an item")
            }
            SearchEvent::Backtrack { depth } => write!(f, "{depth} backtrack"),
            SearchEvent::Solution { depth } => write!(f, "{depth} solution"),
        }
    }
}

/// The events of a search, the first `limit` of them kept (the rest only counted), so a
/// long search cannot fill the memory. Node events are left out (every level that is a
/// node also chooses or is a solution); count them with a [`LevelProfile`].
#[derive(Debug, Clone, Default)]
pub struct Trace {
    events: Vec<SearchEvent>,
    limit: usize,
    dropped: u64,
}

impl Trace {
    /// A trace keeping at most `limit` events.
    pub fn new(limit: usize) -> Trace {
        Trace {
            events: Vec::new(),
            limit,
            dropped: 0,
        }
    }

    /// The events kept, in order.
    pub fn events(&self) -> &[SearchEvent] {
        &self.events
    }

    /// Events past the limit, counted but not kept.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    fn record(&mut self, event: SearchEvent) {
        if self.events.len() < self.limit {
            self.events.push(event);
        } else {
            self.dropped += 1;
        }
    }
}

impl SearchObserver for Trace {
    fn choose(&mut self, depth: usize, item: usize, options: usize) {
        self.record(SearchEvent::Choose {
            depth,
            item,
            options,
        });
    }
    fn try_option(&mut self, depth: usize, option: usize) {
        self.record(SearchEvent::Try { depth, option });
    }
    fn dead_end(&mut self, depth: usize, option: usize) {
        self.record(SearchEvent::DeadEnd { depth, option });
    }
    fn backtrack(&mut self, depth: usize) {
        self.record(SearchEvent::Backtrack { depth });
    }
    fn solution(&mut self, depth: usize) {
        self.record(SearchEvent::Solution { depth });
    }
}

/// A trace written as the search goes, one event per line, with the problem's item names
/// and option texts: text (`depth: event`, indented by depth) or JSON Lines (one object per
/// event, `event`, `depth` and the event's fields). At most `limit` events are written; the
/// rest are counted, and [`TraceWriter::finish`] says how many. Node events are not
/// written (every node chooses an item or is a solution).
///
/// ```
/// use sudolab::exact_cover::{classic, observe::TraceWriter, Control};
/// use sudolab::solver::Limits;
/// let problem = classic::queens(4)?;
/// let mut text = Vec::new();
/// let mut writer = TraceWriter::new(&mut text, &problem, false, 3);
/// problem.dlx().search_observed(&Limits::NONE, &mut writer, |_, _| Control::Continue)?;
/// writer.finish().expect("written to memory");
/// let text = String::from_utf8(text).unwrap();
/// assert!(text.starts_with("0: choose "), "{text}");
/// assert!(text.lines().last().unwrap().contains("more events"));
/// # Ok::<(), sudolab::Error>(())
/// ```
pub struct TraceWriter<'a, W: std::io::Write> {
    lines: LimitedLines<W>,
    problem: &'a super::Problem,
    json: bool,
}

impl<'a, W: std::io::Write> TraceWriter<'a, W> {
    /// A writer of at most `limit` events of a search of `problem` to `out`, in JSON Lines
    /// if `json`.
    pub fn new(out: W, problem: &'a super::Problem, json: bool, limit: u64) -> Self {
        TraceWriter {
            lines: LimitedLines::new(out, limit),
            problem,
            json,
        }
    }

    /// Ends the trace: a last line with the number of events past the limit, if any; the
    /// first write error, if one happened.
    pub fn finish(self) -> std::io::Result<W> {
        let json = self.json;
        self.lines.finish(|dropped| {
            if json {
                format!("{{\"event\":\"truncated\",\"more_events\":{dropped}}}")
            } else {
                format!("trace: {dropped} more events not shown (--trace-limit)")
            }
        })
    }

    fn write(&mut self, event: SearchEvent) {
        if !self.lines.admit(true) {
            return;
        }
        let line = if self.json {
            self.json_line(event)
        } else {
            self.text_line(event)
        };
        self.lines.write_line(&line);
    }

    fn text_line(&self, event: SearchEvent) -> String {
        let depth = event.depth();
        let indent = "  ".repeat(depth.min(40));
        let what = match event {
            SearchEvent::Choose { item, options, .. } => format!(
                "choose {} ({options} option{})",
                self.problem.item_name(item as u32),
                if options == 1 { "" } else { "s" }
            ),
            SearchEvent::Try { option, .. } => format!("try {}", self.problem.option_text(option)),
            SearchEvent::DeadEnd { option, .. } => format!(
                "dead end: {} leaves an item without options",
                self.problem.option_text(option)
            ),
            SearchEvent::Backtrack { .. } => "backtrack".to_string(),
            SearchEvent::Solution { .. } => "solution".to_string(),
        };
        format!("{indent}{depth}: {what}")
    }

    fn json_line(&self, event: SearchEvent) -> String {
        let mut object = serde_json::json!({ "event": event.kind(), "depth": event.depth() });
        match event {
            SearchEvent::Choose { item, options, .. } => {
                object["item"] = self.problem.item_name(item as u32).into();
                object["options"] = options.into();
            }
            SearchEvent::Try { option, .. } | SearchEvent::DeadEnd { option, .. } => {
                object["option"] = option.into();
                object["text"] = self.problem.option_text(option).into();
            }
            SearchEvent::Backtrack { .. } | SearchEvent::Solution { .. } => {}
        }
        object.to_string()
    }
}

impl<W: std::io::Write> SearchObserver for TraceWriter<'_, W> {
    fn choose(&mut self, depth: usize, item: usize, options: usize) {
        self.write(SearchEvent::Choose {
            depth,
            item,
            options,
        });
    }
    fn try_option(&mut self, depth: usize, option: usize) {
        self.write(SearchEvent::Try { depth, option });
    }
    fn dead_end(&mut self, depth: usize, option: usize) {
        self.write(SearchEvent::DeadEnd { depth, option });
    }
    fn backtrack(&mut self, depth: usize) {
        self.write(SearchEvent::Backtrack { depth });
    }
    fn solution(&mut self, depth: usize) {
        self.write(SearchEvent::Solution { depth });
    }
}
