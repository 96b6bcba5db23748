//! Dancing links as an [`ExactCover`] engine, built from a [`Problem`].

use super::links::Dlx;
use crate::exact_cover::observe::SearchObserver;
use crate::exact_cover::{search_mapped, Control, ExactCover, Problem, SearchStats, SolutionLimit};
use crate::solver::Limits;

impl Problem {
    /// The dancing-links form, ready to search (Algorithm C when there are colours). An
    /// engine's constructor lives with the engine: the model knows none of them.
    /// With multiplicities, searches run Knuth's Algorithm M (DLX3).
    pub fn dlx(&self) -> Dlx {
        let mut dlx = Dlx::new(
            self.primary_items(),
            self.items() - self.primary_items(),
            (0..self.options()).map(|k| self.option(k)),
        );
        if self.has_multiplicities() {
            dlx.set_multiplicities(self.bounds());
        }
        if self.has_colours() {
            dlx.set_colours(
                (0..self.options()).flat_map(|k| self.option_colours(k).iter().copied()),
            );
        }
        dlx
    }
}

impl ExactCover for Dlx {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn describe(&self) -> String {
        let method = if self.has_multiplicities() {
            "dancing links with multiplicities (DLX3's Algorithm M)"
        } else if self.is_coloured() {
            "dancing links with colours (DLX2)"
        } else {
            "dancing links (DLX1)"
        };
        format!("{method}; branching: {}", self.branching().name())
    }

    fn set_mem_counting(&mut self, on: bool) {
        Dlx::set_mem_counting(self, on);
    }

    fn search_options(
        &mut self,
        limits: &Limits,
        visit: &mut dyn FnMut(&[usize]) -> Control,
    ) -> SearchStats {
        search_mapped(
            self,
            Dlx::option_of,
            |dlx, f| dlx.search_within(limits, f),
            visit,
        )
    }

    fn search_observed(
        &mut self,
        limits: &Limits,
        observer: &mut dyn SearchObserver,
        visit: &mut dyn FnMut(&[usize]) -> Control,
    ) -> Result<SearchStats, crate::Error> {
        search_mapped(
            self,
            Dlx::option_of,
            |dlx, f| Dlx::search_observed(dlx, limits, observer, f),
            visit,
        )
    }

    fn count_within(&mut self, limit: u64, limits: &Limits) -> SearchStats {
        let mut counter = SolutionLimit::new(limit);
        self.search_within(limits, |_, _| counter.record())
    }
}
