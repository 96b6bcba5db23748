//! The `dc` solver: dancing cells over the Sudoku encoding of
//! [`exact_cover::sudoku`](crate::exact_cover::sudoku).

use super::Cells;
use crate::exact_cover::sudoku::{count_solutions, SudokuEvents};
use crate::exact_cover::{Control, Encoding, Problem, SearchStats, SolutionLimit};
use crate::grid::Grid;
use crate::search_trace::SudokuObserver;
use crate::solver::{Capabilities, Limits, Outcome, Solver, SolverInfo, ALL_BOX_SIDES};

/// The dancing-cells form of a Sudoku encoding (mems not counted by the solver's searches).
pub fn cells(encoding: &Encoding) -> Cells {
    let options = encoding.option_lists();
    Cells::new(
        encoding.items(),
        0,
        options.map(|items| items.iter().map(|&item| (item - 1, 0))),
    )
}

/// Counts the solutions of the puzzle `encoding` encodes with the search `search` runs
/// over its dancing cells (`None` if it did not run).
fn count_with<S>(encoding: &Encoding, limit: u64, search: S) -> Option<Outcome>
where
    S: FnOnce(&mut Cells, &mut dyn FnMut(&Cells, &[u32]) -> Control) -> Option<SearchStats>,
{
    let mut engine = cells(encoding);
    count_solutions(encoding, &mut engine, Cells::option_of, limit, search)
}

/// Dancing cells (Knuth's SSXCC method) over the same encoding: the `dc` solver, a third
/// engine that shares the encoding with `dlx` but none of its search code.
#[derive(Debug, Clone, Copy, Default)]
pub struct CellsSolver;

impl Solver for CellsSolver {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "dc",
            description: "exact cover, dancing cells (Knuth SSXCC) / forced moves first / MRV item",
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
        count_with(&encoding, limit, |cells, visit| {
            Some(cells.search_quietly(limits, visit))
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
        count_with(&encoding, limit, |cells, visit| {
            cells.set_mem_counting(false);
            cells.search_observed(limits, &mut events, visit).ok()
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
        crate::exact_cover::variant::count_variant(puzzle, Problem::cells, limit, limits)
    }

    fn mems_variant(
        &self,
        puzzle: &crate::variant::Puzzle,
        limit: u64,
        limits: &Limits,
    ) -> Option<u64> {
        crate::exact_cover::variant::mems_variant(puzzle, Problem::cells, limit, limits)
    }

    fn mems(&self, puzzle: &Grid, limit: u64, limits: &Limits) -> Option<u64> {
        let Some(encoding) = Encoding::new(puzzle) else {
            return Some(0);
        };
        let mut counter = SolutionLimit::new(limit);
        let stats = cells(&encoding).search_within(limits, |_, _| counter.record());
        stats.stopped.is_none().then_some(stats.mems).flatten()
    }
}
