//! A formula in conjunctive normal form, its at-most-one encodings, and DIMACS output.
//!
//! # At-most-one
//!
//! "At most one of these variables is true" is written one of three ways ([`AtMostOne`]):
//!
//! * **pairwise**: a binary clause `-a -b` per pair: no new variable, `n(n-1)/2` clauses,
//!   propagating as strongly as any encoding. Quadratic: an item of an exact-cover problem
//!   that 1,000 options contain takes half a million clauses.
//! * **sequential** (Sinz's counter): `n-1` new variables `s_i` ("one of the first `i` is
//!   true") and `3n-4` clauses, linear in the group.
//! * **pairwise up to a size**, sequential above it: what exact cover uses, so the formula
//!   grows linearly with the problem, whatever the length of its items' lists.
//!
//! # Size
//!
//! A formula holds its literals in one array; [`MAX_LITERALS`] bounds it. An encoder
//! computes the size before it allocates anything and refuses a formula above the bound
//! with an error naming both numbers, instead of running out of memory.

use std::io::Write;

use crate::error::{CoverErrorKind, Error, Location, Result};

/// A formula in conjunctive normal form, literals as in DIMACS (variable `v` from 1, `-v`
/// its negation).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cnf {
    /// Number of variables.
    pub variables: u32,
    /// The variables `1..=shown` make up a solution (candidates, options); any after them
    /// are auxiliary (a sequential at-most-one's counters, colour classes) and are not
    /// compared or blocked.
    pub shown: u32,
    /// Whether a solution may contain another (MCC with lower bounds below upper ones, or
    /// of 0): then a model is blocked by its whole assignment of the shown variables, not
    /// only by its true ones (which would also block every solution containing it).
    pub nested_solutions: bool,
    /// Every clause's literals, one after another (one allocation for the whole formula).
    literals: Vec<i32>,
    /// Where each clause ends in `literals`.
    ends: Vec<u32>,
}

/// The most literals a formula may hold: 400 MB of them, and the SAT solver keeps its own
/// copy. (Far above any Sudoku: a 25x25 grid without givens takes 1.6 million.)
pub const MAX_LITERALS: u64 = 100_000_000;

/// The largest group written pairwise by [`AtMostOne::Mixed`]: measured on the bundled
/// exact-cover files (`reports/2026-12-03-sat-at-most-one`).
pub const PAIRWISE_UP_TO: usize = 32;

/// How an at-most-one constraint is written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum AtMostOne {
    /// A binary clause per pair: no new variables, n(n-1)/2 clauses.
    #[default]
    Pairwise,
    /// Sinz's sequential counter for groups of more than four: n-1 new variables, 3n-4
    /// clauses (pairwise below that, where it is smaller).
    Sequential,
    /// Pairwise for groups of at most this many, sequential above.
    Mixed(usize),
}

impl AtMostOne {
    /// Whether a group of `n` is written with a sequential counter.
    fn sequential(self, n: usize) -> bool {
        match self {
            AtMostOne::Pairwise => false,
            AtMostOne::Sequential => n > 4,
            AtMostOne::Mixed(up_to) => n > up_to.max(4),
        }
    }

    /// The literals an at-most-one over `n` variables takes.
    pub fn literals(self, n: usize) -> u64 {
        let n = n as u64;
        if self.sequential(n as usize) {
            2 * (3 * n - 4)
        } else {
            n * n.saturating_sub(1)
        }
    }

    /// The auxiliary variables an at-most-one over `n` variables takes.
    pub fn variables(self, n: usize) -> u64 {
        if self.sequential(n) {
            n as u64 - 1
        } else {
            0
        }
    }
}

impl Cnf {
    /// An empty formula with room for `literals` literals; refused (naming both numbers)
    /// when that is more than [`MAX_LITERALS`].
    pub fn with_room_for(literals: u64, clauses: u64) -> Result<Cnf> {
        if literals > MAX_LITERALS || clauses > u64::from(u32::MAX) {
            return Err(Error::Cover {
                location: Location::default(),
                kind: CoverErrorKind::CnfTooLarge {
                    literals,
                    limit: MAX_LITERALS,
                },
            });
        }
        Ok(Cnf {
            literals: Vec::with_capacity(literals as usize),
            ends: Vec::with_capacity(clauses as usize),
            ..Cnf::default()
        })
    }

    /// Adds a clause (an empty one makes the formula unsatisfiable).
    pub fn push_clause(&mut self, clause: &[i32]) {
        self.literals.extend_from_slice(clause);
        self.ends.push(self.literals.len() as u32);
    }

    /// The clauses, in the order they were added.
    pub fn clauses(&self) -> impl Iterator<Item = &[i32]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.literals[start as usize..end as usize])
    }

    /// How many clauses the formula has.
    pub fn clause_count(&self) -> usize {
        self.ends.len()
    }

    /// How many literals its clauses hold together.
    pub fn literal_count(&self) -> usize {
        self.literals.len()
    }

    /// Whether a clause is empty (the formula is then unsatisfiable).
    pub fn has_empty_clause(&self) -> bool {
        self.clauses().any(<[i32]>::is_empty)
    }

    /// Adds an exactly-one over `group`: one at-least-one clause and an at-most-one.
    pub(super) fn exactly_one(&mut self, group: &[i32], at_most_one: AtMostOne) {
        self.push_clause(group);
        self.at_most_one(group, at_most_one);
    }

    /// Adds an at-most-one over `group`.
    pub(super) fn at_most_one(&mut self, group: &[i32], at_most_one: AtMostOne) {
        if at_most_one.sequential(group.len()) {
            // s_i: "one of the first i is true".
            let first = self.variables as i32 + 1;
            self.variables += group.len() as u32 - 1;
            let s = |i: usize| first + i as i32;
            let last = group.len() - 1;
            self.push_clause(&[-group[0], s(0)]);
            for (i, &x) in group.iter().enumerate().take(last).skip(1) {
                self.push_clause(&[-x, s(i)]);
                self.push_clause(&[-s(i - 1), s(i)]);
                self.push_clause(&[-x, -s(i - 1)]);
            }
            self.push_clause(&[-group[last], -s(last - 1)]);
            return;
        }
        for (k, &a) in group.iter().enumerate() {
            for &b in &group[k + 1..] {
                self.push_clause(&[-a, -b]);
            }
        }
    }

    /// Writes the formula in DIMACS, for any external SAT solver, clause by clause (nothing
    /// the size of the formula is built in memory).
    pub fn write_dimacs(&self, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(out, "p cnf {} {}", self.variables, self.clause_count())?;
        for clause in self.clauses() {
            for literal in clause {
                write!(out, "{literal} ")?;
            }
            out.write_all(b"0\n")?;
        }
        Ok(())
    }

    /// The formula in DIMACS text (see [`Cnf::write_dimacs`]).
    pub fn to_dimacs(&self) -> String {
        let mut out = Vec::new();
        self.write_dimacs(&mut out).expect("writing to memory");
        String::from_utf8(out).expect("DIMACS is ASCII")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_what_the_encodings_write() {
        for encoding in [
            AtMostOne::Pairwise,
            AtMostOne::Sequential,
            AtMostOne::Mixed(6),
        ] {
            for n in 1..20usize {
                let mut cnf = Cnf {
                    variables: n as u32,
                    ..Cnf::default()
                };
                let group: Vec<i32> = (1..=n as i32).collect();
                cnf.at_most_one(&group, encoding);
                assert_eq!(cnf.literal_count() as u64, encoding.literals(n), "{n}");
                assert_eq!(
                    u64::from(cnf.variables) - n as u64,
                    encoding.variables(n),
                    "{encoding:?} {n}"
                );
            }
        }
    }

    #[test]
    fn a_formula_above_the_bound_is_refused_before_it_is_allocated() {
        let error = Cnf::with_room_for(MAX_LITERALS + 1, 10).unwrap_err();
        assert!(
            error.to_string().contains(
                "the CNF would hold 100000001 literals, more than its limit of 100000000"
            ),
            "{error}"
        );
        assert!(Cnf::with_room_for(1000, 10).is_ok());
    }
}
