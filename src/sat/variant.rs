//! Variant Sudoku as CNF: the `sat` solver on variants.
//!
//! Variable `c * side + d` (from 1; cell `c` from 0, digit `d` from 1) means cell `c` holds
//! `d`; after them, one variable per killer-cage combination. Clauses:
//!
//! * each cell holds a digit (one clause), and each given its own (a unit clause);
//! * each house holds each digit somewhere (one clause per house and digit);
//! * two cells that must differ (sharing a house, a knight's or king's move apart in the
//!   anti- variants, in one cage) do not both hold `d` (a binary clause per pair and
//!   digit, which also keeps each cell to one digit within its houses);
//! * non-consecutive: orthogonal neighbours do not hold `d` and `d + 1`;
//! * killer, cages as allowed digit combinations: each cage takes exactly one of its
//!   combinations (the sets of distinct digits of its size and sum), and a cell of the
//!   cage holds `d` only if the cage's combination contains `d`. Distinct digits drawn
//!   from a set of as many are the whole set, so the cage adds up to its sum.
//!
//! The combination variables follow from the cells, so blocking a model's cell variables
//! blocks exactly that solution.

use super::{count_models, Cnf};
use crate::error::{Error, Result};
use crate::exact_cover::variant::{combinations, MAX_CAGE_COMBINATIONS};
use crate::geometry::Cell;
use crate::solver::{Limits, Stats, VariantOutcome, KEPT_SOLUTIONS};
use crate::variant::{Layout, Puzzle};

/// The CNF of a variant puzzle (see the module docs).
pub fn variant_cnf(puzzle: &Puzzle) -> Result<Cnf> {
    let layout = Layout::new(puzzle.variant());
    let side = layout.side();
    let cells = layout.cells();
    let var = |cell: usize, digit: usize| (cell * side + digit) as i32;
    let mut cnf = Cnf::default();
    let mut clause: Vec<i32> = Vec::new();
    for cell in 0..cells {
        clause.clear();
        clause.extend((1..=side).map(|d| var(cell, d)));
        cnf.push_clause(&clause);
        let given = puzzle.cells()[cell] as usize;
        if given != 0 {
            cnf.push_clause(&[var(cell, given)]);
        }
        for digit in 1..=side {
            for other in digit + 1..=side {
                cnf.push_clause(&[-var(cell, digit), -var(cell, other)]);
            }
        }
    }
    for house in layout.houses() {
        for digit in 1..=side {
            clause.clear();
            clause.extend(house.cells.iter().map(|c| var(c.index(), digit)));
            cnf.push_clause(&clause);
        }
    }
    for a in 0..cells {
        for &b in layout.peers(Cell::new(a)) {
            if a < b.index() {
                for digit in 1..=side {
                    cnf.push_clause(&[-var(a, digit), -var(b.index(), digit)]);
                }
            }
        }
        for &b in layout.neighbours(Cell::new(a)) {
            if a < b.index() {
                for digit in 1..side {
                    cnf.push_clause(&[-var(a, digit), -var(b.index(), digit + 1)]);
                    cnf.push_clause(&[-var(a, digit + 1), -var(b.index(), digit)]);
                }
            }
        }
    }
    let mut next = (cells * side) as i32;
    for (k, cage) in layout.cages().iter().enumerate() {
        let sets = combinations(side, cage.cells.len(), cage.sum);
        if sets.len() > MAX_CAGE_COMBINATIONS {
            return Err(Error::Refused(format!(
                "cage {} has more than {MAX_CAGE_COMBINATIONS} digit combinations",
                k + 1
            )));
        }
        let first = next + 1;
        next += sets.len() as i32;
        let chosen: Vec<i32> = (first..=next).collect();
        cnf.push_clause(&chosen);
        for i in 0..chosen.len() {
            for j in i + 1..chosen.len() {
                cnf.push_clause(&[-chosen[i], -chosen[j]]);
            }
        }
        for &cell in &cage.cells {
            for digit in 1..=side {
                clause.clear();
                clause.push(-var(cell.index(), digit));
                clause.extend(
                    sets.iter()
                        .zip(&chosen)
                        .filter(|(set, _)| *set & (1 << (digit - 1)) != 0)
                        .map(|(_, &y)| y),
                );
                cnf.push_clause(&clause);
            }
        }
    }
    cnf.variables = next as u32;
    cnf.shown = (cells * side) as u32;
    Ok(cnf)
}

/// Counts the solutions of a variant puzzle with the SAT solver (nodes: decisions + 1,
/// guesses: conflicts, assignments: propagations, as on classic grids).
pub fn count_variant(puzzle: &Puzzle, limit: u64, limits: &Limits) -> Result<VariantOutcome> {
    let cnf = variant_cnf(puzzle)?;
    let side = puzzle.variant().side();
    let found = count_models(&cnf, limit, KEPT_SOLUTIONS, limits);
    let decode = |model: &Vec<u32>| {
        let mut cells = vec![0u8; side * side];
        for &v in model {
            let v = v as usize - 1;
            cells[v / side] = (v % side) as u8 + 1;
        }
        cells
    };
    Ok(VariantOutcome {
        count: found.count,
        solutions: found.models.iter().map(decode).collect(),
        stats: Stats {
            nodes: found.decisions + 1,
            guesses: found.conflicts,
            assignments: found.propagations,
            updates: 0,
        },
        stopped: found.stopped,
    })
}
