//! Memoized counting: dancing links that count each subproblem once (Knuth's DLX6, after
//! Nishino, Yasuda, Minato and Nagata's DXZ, "Dancing with decision diagrams", AAAI 2017).
//!
//! Plain search meets the same subproblem again and again when different choices cover the
//! same items: tiling a board, the dominoes placed on its left half can be arranged in many
//! ways that all leave the same right half. The memo search keys each node of the search
//! by its signature (the covered items, and the colour of each purified secondary item),
//! counts the solutions below a signature once, and looks the count up when another path
//! reaches it. On dominoes 8x8, 50 million nodes of DLX1 become a few thousand; on queens
//! and pentominoes few subproblems repeat, and the memo costs time and memory.
//!
//! # Layout
//!
//! * `links`: the problem in dancing links ([`Dlx`]), searched with DLX1's branching
//!   (an item of minimum length, the first such); its search is
//!   `links::memo` (the signature and the loop);
//! * [`table`] (`exact_cover::memo_table`): the signatures and their counts, within a byte
//!   budget;
//! * [`zdd`]: the ZDD of all solutions the search can build as it goes, one node per
//!   option tried that leads to solutions, and its text format (Knuth's).
//!
//! # Invariants
//!
//! A signature fixes the subproblem: which options remain and, since the lists keep their
//! order, which item the branching chooses, so a stored count is the count of every node
//! with that signature. The table stores a signature only once every option below it has
//! been tried; a search stopped by a limit stores nothing it had not finished.
//!
//! # The memory budget
//!
//! The table never grows past its budget ([`Memo::set_budget`]): once full it stores
//! nothing more but keeps answering from what it holds, and the search counts whatever it
//! cannot find, as plain search does. Counts stay exact; [`MemoReport::fell_back`] says it
//! happened. The ZDD is not limited by the budget (its nodes are 12 bytes each).
//!
//! ```
//! use sudolab::exact_cover::classic;
//! let mut memo = classic::langford(8)?.memo();
//! let report = memo.count(&sudolab::solver::Limits::NONE);
//! assert_eq!(report.count, 300); // 150 and their reversals
//! assert!(report.hits > 0 && !report.fell_back);
//! # Ok::<(), sudolab::Error>(())
//! ```

pub mod zdd;

/// The memo's table, shared with the other memoized counts.
pub use crate::exact_cover::memo_table as table;

pub use zdd::Zdd;

use crate::dlx::Dlx;
use crate::exact_cover::{search_mapped, Control, ExactCover, Problem, SearchStats, SolutionLimit};
use crate::solver::{Limits, Stop};
use table::Table;

/// The default memo budget: a quarter of a 24 GB machine.
pub const DEFAULT_BUDGET_MB: usize = 6 * 1024;

/// An exact-cover problem ready for memoized counting.
#[derive(Debug, Clone)]
pub struct Memo {
    links: Dlx,
    budget_bytes: usize,
    build_diagram: bool,
    diagram: Option<Zdd>,
    last: Option<MemoReport>,
}

/// What a memoized count found and what it cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoReport {
    /// Solutions (a lower bound when stopped).
    pub count: u128,
    /// Search-tree nodes: the root and every option tried (as DLX1 counts them).
    pub nodes: u64,
    /// Options tried beyond the first of their item (branch alternatives).
    pub guesses: u64,
    /// Signatures counted (the levels the search entered).
    pub signatures: u64,
    /// Signatures stored in the memo.
    pub entries: u64,
    /// Lookups that found their signature.
    pub hits: u64,
    /// The most bytes the memo held.
    pub peak_bytes: u64,
    /// The memo's budget in bytes.
    pub budget_bytes: u64,
    /// Whether the memo filled its budget (the rest was counted by plain search).
    pub fell_back: bool,
    /// List removals: items covered and nodes hidden.
    pub updates: u64,
    /// ZDD nodes built (0 without a diagram).
    pub diagram_nodes: u64,
    /// Why the count stopped early, if it did.
    pub stopped: Option<Stop>,
}

impl Problem {
    /// The problem ready for memoized counting, with the default budget and no diagram.
    ///
    /// # Panics
    ///
    /// With multiplicities ([`Problem::has_multiplicities`]): DLX6 has none, and the memo's
    /// signatures would leave out what each item has taken (the `memo` engine counts such
    /// problems on bitboards instead).
    pub fn memo(&self) -> Memo {
        assert!(
            !self.has_multiplicities(),
            "Problem::memo: multiplicities (MCC) are counted by the bitboard memo"
        );
        Memo::new(self.dlx())
    }
}

impl Memo {
    /// Memoized counting over `links` (its branching rule and seed are not used: the memo
    /// search always branches as DLX1 does).
    pub fn new(links: Dlx) -> Memo {
        Memo {
            links,
            budget_bytes: DEFAULT_BUDGET_MB << 20,
            build_diagram: false,
            diagram: None,
            last: None,
        }
    }

    /// The memo's budget in bytes (see the module docs).
    pub fn set_budget(&mut self, bytes: usize) {
        self.budget_bytes = bytes;
    }

    /// Whether counts also build the ZDD of all solutions ([`Memo::diagram`]).
    pub fn set_build_diagram(&mut self, on: bool) {
        self.build_diagram = on;
    }

    /// Counts all solutions within `limits`.
    pub fn count(&mut self, limits: &Limits) -> MemoReport {
        let width = self.links.signature_width();
        let mut table = Table::new(width, self.budget_bytes, self.build_diagram);
        let mut diagram = self.build_diagram.then(Zdd::new);
        let found = self
            .links
            .count_memoized(&mut table, diagram.as_mut(), limits);
        let report = MemoReport {
            count: found.count,
            nodes: found.tried + 1,
            guesses: found.guesses,
            signatures: found.levels,
            entries: table.len() as u64,
            hits: table.hits(),
            peak_bytes: table.peak_bytes() as u64,
            budget_bytes: self.budget_bytes as u64,
            fell_back: table.is_full(),
            updates: found.updates,
            diagram_nodes: diagram.as_ref().map_or(0, |d| d.len() as u64),
            stopped: found.stopped,
        };
        self.diagram = diagram;
        self.last = Some(report);
        report
    }

    /// The ZDD of the last count, if it built one ([`Memo::set_build_diagram`]) and was
    /// not stopped.
    pub fn diagram(&self) -> Option<&Zdd> {
        self.diagram
            .as_ref()
            .filter(|_| self.last.is_some_and(|r| r.stopped.is_none()))
    }

    /// What the last count found, if any.
    pub fn last_report(&self) -> Option<MemoReport> {
        self.last
    }
}

/// Bytes for people: KB below a megabyte, MB above.
fn megabytes(bytes: u64) -> String {
    if bytes < 1 << 20 {
        format!("{:.1} KB", bytes as f64 / 1024.0)
    } else {
        format!("{:.1} MB", bytes as f64 / (1u64 << 20) as f64)
    }
}

impl ExactCover for Memo {
    fn name(&self) -> &'static str {
        "memo"
    }

    fn describe(&self) -> String {
        format!(
            "dancing links with memoized counting (DLX6, DXZ); memo budget {}",
            megabytes(self.budget_bytes as u64)
        )
    }

    /// No mems: the memo's costs are its nodes, hits and memory.
    fn set_mem_counting(&mut self, _on: bool) {}

    /// Solutions one by one come from plain search (DLX1's), which visits each; counting
    /// them all is what the memo is for ([`ExactCover::count_within`] with limit 0).
    fn search_options(
        &mut self,
        limits: &Limits,
        visit: &mut dyn FnMut(&[usize]) -> Control,
    ) -> SearchStats {
        self.last = None;
        self.links.set_mem_counting(false);
        search_mapped(
            &mut self.links,
            Dlx::option_of,
            |links, f| links.search_within(limits, f),
            visit,
        )
    }

    fn count_within(&mut self, limit: u64, limits: &Limits) -> SearchStats {
        if limit != 0 {
            let mut counter = SolutionLimit::new(limit);
            self.last = None;
            self.links.set_mem_counting(false);
            return self.links.search_within(limits, |_, _| counter.record());
        }
        let report = self.count(limits);
        SearchStats {
            solutions: u64::try_from(report.count).unwrap_or(u64::MAX),
            nodes: report.nodes,
            guesses: report.guesses,
            updates: report.updates,
            mems: None,
            stopped: report.stopped,
        }
    }

    fn details(&self) -> Vec<(&'static str, String)> {
        let Some(report) = self.last else {
            return Vec::new();
        };
        let mut details = vec![
            ("signatures counted", report.signatures.to_string()),
            ("memo entries", report.entries.to_string()),
            ("memo hits", report.hits.to_string()),
            ("memo peak memory", megabytes(report.peak_bytes)),
        ];
        if report.fell_back {
            details.push((
                "memo budget",
                format!(
                    "exceeded ({}): the rest was counted by plain search, the count is exact",
                    megabytes(report.budget_bytes)
                ),
            ));
        }
        if report.count > u128::from(u64::MAX) {
            details.push(("exact count", report.count.to_string()));
        }
        if self.build_diagram {
            details.push(("ZDD nodes", report.diagram_nodes.to_string()));
        }
        details
    }
}
