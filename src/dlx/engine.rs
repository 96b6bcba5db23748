//! One exact-cover problem, several engines: the [`ExactCover`] trait that dancing links
//! ([`Dlx`]) and dancing cells ([`Cells`]) both implement, and [`Engine`], the choice of one
//! by name. Callers that only count, or want solutions as option numbers, work through the
//! trait and never name an engine; the Sudoku solvers, which decode solutions in their hot
//! loop, use the engines' own typed searches.
//!
//! ```
//! use sudolab::dlx::{classic, Engine};
//! let problem = classic::langford(8)?;
//! for engine in Engine::ALL {
//!     let stats = problem.engine(engine).count_within(0, &sudolab::solver::Limits::NONE);
//!     assert_eq!(stats.solutions, 300); // 150 pairings and their reversals
//! }
//! # Ok::<(), sudolab::Error>(())
//! ```

use super::cells::Cells;
use super::links::{Control, Dlx, SearchStats, SolutionLimit};
use crate::solver::Limits;

/// An exact-cover engine ready to search one problem.
pub trait ExactCover {
    /// Which engine this is.
    fn engine(&self) -> Engine;

    /// A description for reports: the method and, for dancing links, the branching rule.
    fn describe(&self) -> String;

    /// Runs the search within `limits`, calling `visit` with the options of every solution
    /// (numbered from 0 in input order, in the order chosen). Mems are counted.
    fn search_options(
        &mut self,
        limits: &Limits,
        visit: &mut dyn FnMut(&[usize]) -> Control,
    ) -> SearchStats;

    /// Counts solutions within `limits`, stopping at `limit` (0 = count all).
    fn count_within(&mut self, limit: u64, limits: &Limits) -> SearchStats {
        let mut counter = SolutionLimit::new(limit);
        self.search_options(limits, &mut |_| counter.record())
    }
}

/// The exact-cover engines, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Engine {
    /// Dancing links: Knuth's DLX1, DLX2 with colours (`dlx`).
    Links,
    /// Dancing cells on sparse sets: Knuth's SSXCC (`dc`).
    Cells,
}

impl Engine {
    /// Every engine, the default first.
    pub const ALL: [Engine; 2] = [Engine::Links, Engine::Cells];

    /// The engine's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Links => "dlx",
            Engine::Cells => "dc",
        }
    }

    /// The engine called `name`.
    pub fn from_name(name: &str) -> Option<Engine> {
        Engine::ALL.into_iter().find(|e| e.name() == name)
    }
}

fn search_mapped<E, S>(
    engine: &mut E,
    option_of: fn(&E, u32) -> usize,
    search: S,
    visit: &mut dyn FnMut(&[usize]) -> Control,
) -> SearchStats
where
    S: FnOnce(&mut E, &mut dyn FnMut(&E, &[u32]) -> Control) -> SearchStats,
{
    let mut options = Vec::new();
    search(engine, &mut |engine, chosen| {
        options.clear();
        options.extend(chosen.iter().map(|&x| option_of(engine, x)));
        visit(&options)
    })
}

impl ExactCover for Dlx {
    fn engine(&self) -> Engine {
        Engine::Links
    }

    fn describe(&self) -> String {
        let method = if self.is_coloured() {
            "dancing links with colours (DLX2)"
        } else {
            "dancing links (DLX1)"
        };
        format!("{method}; branching: {}", self.branching().name())
    }

    fn search_options(
        &mut self,
        limits: &Limits,
        visit: &mut dyn FnMut(&[usize]) -> Control,
    ) -> SearchStats {
        let was = self.counts_mems();
        self.set_mem_counting(true);
        let stats = search_mapped(
            self,
            Dlx::option_of,
            |dlx, f| dlx.search_within(limits, f),
            visit,
        );
        self.set_mem_counting(was);
        stats
    }
}

impl ExactCover for Cells {
    fn engine(&self) -> Engine {
        Engine::Cells
    }

    fn describe(&self) -> String {
        "dancing cells (SSXCC)".to_string()
    }

    fn search_options(
        &mut self,
        limits: &Limits,
        visit: &mut dyn FnMut(&[usize]) -> Control,
    ) -> SearchStats {
        search_mapped(
            self,
            Cells::option_of,
            |cells, f| cells.search_within(limits, f),
            visit,
        )
    }
}
