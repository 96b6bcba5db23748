//! Bitboards as an [`ExactCover`] engine, built from a [`Problem`].

use super::Bitboard;
use crate::exact_cover::{Control, ExactCover, Problem, SearchStats, SolutionLimit};
use crate::solver::Limits;

impl Problem {
    /// The bitboard form, ready to search, multiplicities included.
    pub fn bitboard(&self) -> Bitboard {
        let mut board = Bitboard::new(
            self.primary_items(),
            self.items() - self.primary_items(),
            (0..self.options()).map(|k| self.option_entries(k)),
        );
        if self.has_multiplicities() {
            board.set_bounds(self.bounds());
        }
        board
    }
}

impl ExactCover for Bitboard {
    fn name(&self) -> &'static str {
        "bits"
    }

    fn describe(&self) -> String {
        format!(
            "bitboards: Algorithm X on bit sets of options ({} words per set)",
            self.words
        )
    }

    /// No mems: a bitboard has no lists to access.
    fn set_mem_counting(&mut self, _on: bool) {}

    /// The size of a set of options, and how a chosen option's clashes are cleared.
    fn details(&self) -> Vec<(&'static str, String)> {
        let clearing = if !self.bounds.is_empty() {
            "row by row, as multiplicities allow"
        } else if self.has_clash_sets() {
            "one clash set per option"
        } else {
            "row by row (clash sets past 16 MB)"
        };
        vec![
            ("words per set", self.words.to_string()),
            ("clearing", clearing.to_string()),
        ]
    }

    fn search_options(
        &mut self,
        limits: &Limits,
        visit: &mut dyn FnMut(&[usize]) -> Control,
    ) -> SearchStats {
        let mut options = Vec::new();
        self.search(limits, |chosen| {
            options.clear();
            options.extend(chosen.iter().map(|&o| o as usize));
            visit(&options)
        })
    }

    fn count_within(&mut self, limit: u64, limits: &Limits) -> SearchStats {
        let mut counter = SolutionLimit::new(limit);
        self.search(limits, |_| counter.record())
    }
}

/// Bitboards that count each subproblem once: the `memo` engine on problems with
/// multiplicities (Knuth's DLX6, which the `memo` engine follows otherwise, has none).
/// Counting all solutions is memoized ([`Bitboard::count_memoized`]); counts to a limit and
/// listings are the plain search.
#[derive(Debug, Clone)]
pub struct MemoBoard {
    board: Bitboard,
    budget: usize,
    last: Option<super::MemoCount>,
}

impl MemoBoard {
    /// `board` (with multiplicities, see [`Bitboard::can_memoize`]) counted within a table
    /// of `budget` bytes.
    pub fn new(board: Bitboard, budget: usize) -> MemoBoard {
        MemoBoard {
            board,
            budget,
            last: None,
        }
    }
}

impl ExactCover for MemoBoard {
    fn name(&self) -> &'static str {
        "memo"
    }

    fn describe(&self) -> String {
        format!(
            "bitboards counting each subproblem once (multiplicities); memo budget {} MB",
            self.budget >> 20
        )
    }

    /// No mems: the memo's costs are its nodes, hits and memory.
    fn set_mem_counting(&mut self, _on: bool) {}

    fn details(&self) -> Vec<(&'static str, String)> {
        let Some(last) = self.last else {
            return Vec::new();
        };
        let mut details = vec![
            ("memo entries", last.entries.to_string()),
            ("memo hits", last.hits.to_string()),
            (
                "memo peak memory",
                format!("{:.1} MB", last.peak_bytes as f64 / (1u64 << 20) as f64),
            ),
        ];
        if last.fell_back {
            details.push((
                "memo",
                "budget exceeded, fell back to plain search".to_string(),
            ));
        }
        details
    }

    fn search_options(
        &mut self,
        limits: &Limits,
        visit: &mut dyn FnMut(&[usize]) -> Control,
    ) -> SearchStats {
        self.last = None;
        self.board.search_options(limits, visit)
    }

    fn count_within(&mut self, limit: u64, limits: &Limits) -> SearchStats {
        if limit != 0 {
            self.last = None;
            return self.board.count_within(limit, limits);
        }
        let report = self.board.count_memoized(limits, self.budget);
        self.last = Some(report);
        SearchStats {
            solutions: u64::try_from(report.count).unwrap_or(u64::MAX),
            nodes: report.nodes,
            stopped: report.stopped,
            ..SearchStats::default()
        }
    }
}
