//! An outside reference: the generic `dlx` crate (version 0.6, MIT/Apache-2.0, by Ed
//! McCard) as a third Sudoku solver, registered as `dlx-crate` when sudolab is built with
//! `--features reference-dlx`. It receives the same reduced exact-cover encoding as sudolab's
//! own `dlx` ([`Encoding`]); the time includes building its matrix, as a user of that crate
//! would. Its own counters are not mapped (nodes and guesses are reported as 0).

use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx::{Count, OptOrder, Solver as DlxCrateSolver};

use crate::exact_cover::Encoding;
use crate::grid::Grid;
use crate::solver::{Capabilities, Limits, Outcome, Solver, SolverInfo, ALL_BOX_SIDES};

/// The `dlx` crate behind sudolab's [`Solver`] interface.
#[derive(Debug, Clone, Copy, Default)]
pub struct DlxCrateReference;

impl Solver for DlxCrateReference {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "dlx-crate",
            description: "reference: the dlx crate 0.6 (generic DLX, MRV) on sudolab's encoding",
            capabilities: Capabilities {
                solution: true,
                count: true,
                guesses: false,
                assignments: false,
                box_sides: ALL_BOX_SIDES,
            },
        }
    }

    fn count_within(&self, puzzle: &Grid, limit: u64, limits: &Limits) -> Outcome {
        let mut outcome = Outcome::new();
        let Some(encoding) = Encoding::new(puzzle) else {
            return outcome;
        };
        // The crate panics on a problem without items or options: decide those here.
        if encoding.items() == 0 {
            outcome.count = 1;
            outcome.solutions.push(puzzle.clone());
            return outcome;
        }
        if encoding.options() == 0 {
            return outcome;
        }
        let options: Vec<Vec<Count>> = (0..encoding.options())
            .map(|k| encoding.option(k).iter().map(|&i| i as Count - 1).collect())
            .collect();
        let mut problem =
            dlx::x::make_problem(encoding.items() as Count, 0, &options, OptOrder::Seq);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        let mut solver = DlxCrateSolver::new(&mut problem);
        while solver.next_solution(&mut chooser) {
            let chosen: Vec<usize> = solver.fmt_solution().iter().map(|&k| k as usize).collect();
            if outcome.record(|| encoding.decode(chosen), limit) {
                break;
            }
            // The crate's search runs between solutions without a way to stop it: limits
            // are checked only here (its node counter is not exposed).
            if let Some(stop) = limits.check_now() {
                outcome.stopped = Some(stop);
                break;
            }
        }
        outcome
    }
}
