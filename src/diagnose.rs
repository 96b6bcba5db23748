//! What is wrong with a puzzle, in words: "when a printed puzzle refuses to come out".
//!
//! [`diagnose`] sorts a parsed puzzle into one of four cases, in this order: contradictory
//! givens (every repeated digit, with its cells), no solution (naming the cell or unit where
//! propagation of the givens breaks, when it does), several solutions, or a unique solution.
//! Malformed text never gets this far: it is a parse error of [`crate::grid`] or
//! [`crate::corpus`].
//!
//! ```
//! use sudolab::{diagnose::{diagnose, Diagnosis}, grid::Grid, registry};
//! let puzzle = Grid::parse("11..\n....\n....\n....")?;
//! let bitmask = registry::by_name("bitmask").unwrap();
//! let diagnosis = diagnose(&puzzle, bitmask.as_ref());
//! assert_eq!(diagnosis.to_string(),
//!     "contradictory givens: digit 1 appears twice in row 1: r1c1, r1c2; \
//!      digit 1 appears twice in box 1: r1c1, r1c2");
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::fmt;

use crate::bitmask::{self, Level};
use crate::grid::{Conflict, Grid};
use crate::solver::{verdict_of, Limits, Solver, Stop, Verdict};

/// The state of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Diagnosis {
    /// Some digit is given twice in a unit (all such conflicts).
    Conflicts(Vec<Conflict>),
    /// No grid satisfies the givens. `reason` names where propagation of the givens breaks,
    /// when it does before any search.
    NoSolution {
        /// E.g. "r1c9 has no candidate left".
        reason: Option<String>,
    },
    /// Two or more solutions (the first two found).
    Multiple(Grid, Grid),
    /// Exactly one solution.
    Unique(Grid),
    /// The search stopped at a limit before it could tell (`found` solutions so far).
    Undecided {
        /// Which limit.
        stop: Stop,
        /// Solutions found before it stopped.
        found: u64,
    },
}

impl Diagnosis {
    /// Short name of the case: `contradictory`, `no-solution`, `multiple`, `unique` or
    /// `undecided`.
    pub fn status(&self) -> &'static str {
        match self {
            Diagnosis::Conflicts(_) => "contradictory",
            Diagnosis::NoSolution { .. } => "no-solution",
            Diagnosis::Multiple(..) => "multiple",
            Diagnosis::Unique(_) => "unique",
            Diagnosis::Undecided { .. } => "undecided",
        }
    }

    /// The number of solutions counting to two (0, 1 or 2); `None` when undecided.
    pub fn count_to_two(&self) -> Option<u64> {
        match self {
            Diagnosis::Conflicts(_) | Diagnosis::NoSolution { .. } => Some(0),
            Diagnosis::Unique(_) => Some(1),
            Diagnosis::Multiple(..) => Some(2),
            Diagnosis::Undecided { .. } => None,
        }
    }
}

impl fmt::Display for Diagnosis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Diagnosis::Conflicts(conflicts) => {
                let list: Vec<String> = conflicts.iter().map(Conflict::to_string).collect();
                write!(f, "contradictory givens: {}", list.join("; "))
            }
            Diagnosis::NoSolution {
                reason: Some(reason),
            } => write!(f, "no solution: {reason}"),
            Diagnosis::NoSolution { reason: None } => {
                write!(f, "no solution (found by exhaustive search)")
            }
            Diagnosis::Multiple(..) => write!(f, "multiple solutions"),
            Diagnosis::Unique(_) => write!(f, "unique solution"),
            Diagnosis::Undecided { stop, found } => write!(
                f,
                "undecided: {stop} after {found} solution{} (not a verdict)",
                if *found == 1 { "" } else { "s" }
            ),
        }
    }
}

/// Diagnoses `puzzle`, counting solutions with `solver`.
pub fn diagnose(puzzle: &Grid, solver: &dyn Solver) -> Diagnosis {
    diagnose_within(puzzle, solver, &Limits::NONE)
}

/// [`diagnose`] within `limits`: a search they stop is [`Diagnosis::Undecided`].
pub fn diagnose_within(puzzle: &Grid, solver: &dyn Solver, limits: &Limits) -> Diagnosis {
    let conflicts = puzzle.conflicts();
    if !conflicts.is_empty() {
        return Diagnosis::Conflicts(conflicts);
    }
    let outcome = solver.count_within(puzzle, 2, limits);
    if let Some(stop) = outcome.stopped {
        return Diagnosis::Undecided {
            stop,
            found: outcome.count,
        };
    }
    match verdict_of(outcome) {
        Verdict::Unique(solution) => Diagnosis::Unique(solution),
        Verdict::Multiple(a, b) => Diagnosis::Multiple(a, b),
        Verdict::NoSolution => why_no_solution(puzzle),
    }
}

/// Why a puzzle that a solver counted 0 solutions for has none: its conflicting givens, or
/// where propagation of the givens breaks (when it does before any search).
pub fn why_no_solution(puzzle: &Grid) -> Diagnosis {
    let conflicts = puzzle.conflicts();
    if !conflicts.is_empty() {
        return Diagnosis::Conflicts(conflicts);
    }
    Diagnosis::NoSolution {
        reason: bitmask::propagate_givens(puzzle, Level::Singles)
            .err()
            .map(|c| c.describe(puzzle.geometry())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::by_name;

    #[test]
    fn no_solution_names_the_empty_cell() {
        // Row 1 holds 1..8 and column 9 holds a 9: r1c9 has no candidate.
        let puzzle = Grid::parse(&format!("12345678.{}{}", ".".repeat(63), "........9")).unwrap();
        let bitmask = by_name("bitmask").unwrap();
        let diagnosis = diagnose(&puzzle, bitmask.as_ref());
        assert_eq!(
            diagnosis.to_string(),
            "no solution: r1c9 has no candidate left"
        );
        assert_eq!(diagnosis.count_to_two(), Some(0));
    }

    #[test]
    fn empty_grid_has_multiple() {
        let bitmask = by_name("bitmask").unwrap();
        let diagnosis = diagnose(&Grid::empty(3).unwrap(), bitmask.as_ref());
        assert_eq!(diagnosis.status(), "multiple");
    }
}
