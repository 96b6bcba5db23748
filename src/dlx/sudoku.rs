//! The `dlx` solver: Algorithm X on dancing links over the Sudoku encoding of
//! [`exact_cover::sudoku`](crate::exact_cover::sudoku).

use super::links::{Branching, Dlx};
use crate::exact_cover::sudoku::{count_solutions, SudokuEvents};
use crate::exact_cover::{Control, Encoding, SearchStats, SolutionLimit};
use crate::grid::Grid;
use crate::search_trace::SudokuObserver;
use crate::solver::{Capabilities, Limits, Outcome, Solver, SolverInfo, ALL_BOX_SIDES};

/// The dancing-links form of a Sudoku encoding, set up for Sudoku: forced moves first, mems
/// not counted.
pub fn links(encoding: &Encoding) -> Dlx {
    let mut dlx = Dlx::with_node_capacity(
        encoding.items(),
        0,
        encoding.option_lists(),
        encoding.nodes(),
    );
    // Sudoku's search is mostly forced moves among hundreds of items: taking the first
    // forced move at once makes it about 1.6x faster (see `Branching::ForcedFirst`).
    dlx.set_branching(Branching::ForcedFirst);
    dlx.set_mem_counting(false);
    dlx
}

/// Counts the solutions of the puzzle `encoding` encodes with the search `search` runs
/// over its dancing links (`None` if it did not run).
fn count_with<S>(encoding: &Encoding, limit: u64, search: S) -> Option<Outcome>
where
    S: FnOnce(&mut Dlx, &mut dyn FnMut(&Dlx, &[u32]) -> Control) -> Option<SearchStats>,
{
    let mut engine = links(encoding);
    count_solutions(encoding, &mut engine, Dlx::option_of, limit, search)
}

/// Algorithm X on dancing links over the Sudoku encoding: the second, independent engine.
#[derive(Debug, Clone, Copy, Default)]
pub struct DlxSolver;

impl Solver for DlxSolver {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "dlx",
            description: "exact cover, dancing links (Knuth DLX1) / none beyond MRV / MRV item, forced moves first",
            capabilities: Capabilities {
                solution: true,
                count: true,
                guesses: true,
                assignments: true,
                box_sides: ALL_BOX_SIDES,
            },
        }
    }

    fn count_within(&self, puzzle: &Grid, limit: u64, limits: &Limits) -> Outcome {
        let Some(encoding) = Encoding::new(puzzle) else {
            return Outcome::new();
        };
        count_with(&encoding, limit, |dlx, visit| {
            Some(dlx.search_within(limits, visit))
        })
        .expect("an unobserved search always runs")
    }

    fn trace(
        &self,
        puzzle: &Grid,
        limit: u64,
        limits: &Limits,
        observer: &mut dyn SudokuObserver,
    ) -> Option<Outcome> {
        let Some(encoding) = Encoding::new(puzzle) else {
            return Some(Outcome::new());
        };
        let mut events = SudokuEvents::new(&encoding, observer);
        count_with(&encoding, limit, |dlx, visit| {
            dlx.search_observed(limits, &mut events, visit).ok()
        })
    }

    fn supports_variant(&self, _variant: &crate::variant::Variant) -> Result<(), &'static str> {
        Ok(())
    }

    fn count_variant(
        &self,
        puzzle: &crate::variant::Puzzle,
        limit: u64,
        limits: &Limits,
    ) -> crate::solver::VariantOutcome {
        crate::exact_cover::variant::count_variant(puzzle, variant_engine, limit, limits)
    }

    fn mems_variant(
        &self,
        puzzle: &crate::variant::Puzzle,
        limit: u64,
        limits: &Limits,
    ) -> Option<u64> {
        crate::exact_cover::variant::mems_variant(puzzle, variant_engine, limit, limits)
    }

    fn mems(&self, puzzle: &Grid, limit: u64, limits: &Limits) -> Option<u64> {
        let Some(encoding) = Encoding::new(puzzle) else {
            return Some(0);
        };
        let mut dlx = links(&encoding);
        dlx.set_mem_counting(true);
        let mut counter = SolutionLimit::new(limit);
        let stats = dlx.search_within(limits, |_, _| counter.record());
        stats.stopped.is_none().then_some(stats.mems).flatten()
    }
}

/// The engine the `dlx` solver runs on a variant's exact-cover problem.
fn variant_engine(problem: &crate::exact_cover::Problem) -> impl crate::exact_cover::ExactCover {
    let mut dlx = problem.dlx();
    dlx.set_branching(Branching::ForcedFirst);
    dlx
}
