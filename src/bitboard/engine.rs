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
            (0..self.options()).map(|k| {
                let colours = self.option_colours(k).iter();
                self.option(k)
                    .iter()
                    .zip(colours)
                    .map(|(&i, &c)| (i - 1, c))
            }),
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
