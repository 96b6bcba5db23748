//! Dancing cells as an [`ExactCover`] engine, built from a [`Problem`].

use super::Cells;
use crate::exact_cover::observe::SearchObserver;
use crate::exact_cover::{search_mapped, Control, ExactCover, Problem, SearchStats, SolutionLimit};
use crate::solver::Limits;

impl Problem {
    /// The dancing-cells form, ready to search (an engine's constructor lives with the
    /// engine: the model knows none of them), multiplicities included (SSMCC).
    pub fn cells(&self) -> Cells {
        let mut cells = Cells::new(
            self.primary_items(),
            self.items() - self.primary_items(),
            (0..self.options()).map(|k| self.option_entries(k)),
        );
        if self.has_multiplicities() {
            cells.set_multiplicities(self.bounds());
        }
        cells
    }
}

impl ExactCover for Cells {
    fn name(&self) -> &'static str {
        "dc"
    }

    fn describe(&self) -> String {
        if self.has_multiplicities() {
            "dancing cells with multiplicities (SSMCC)".to_string()
        } else {
            "dancing cells (SSXCC)".to_string()
        }
    }

    fn set_mem_counting(&mut self, on: bool) {
        Cells::set_mem_counting(self, on);
    }

    fn search_options(
        &mut self,
        limits: &Limits,
        visit: &mut dyn FnMut(&[usize]) -> Control,
    ) -> SearchStats {
        search_mapped(
            self,
            Cells::option_of,
            |cells, f| cells.search(limits, f),
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
            Cells::option_of,
            |cells, f| Cells::search_observed(cells, limits, observer, f),
            visit,
        )
    }

    fn count_within(&mut self, limit: u64, limits: &Limits) -> SearchStats {
        let mut counter = SolutionLimit::new(limit);
        self.search(limits, |_, _| counter.record())
    }
}
