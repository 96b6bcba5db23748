//! SAT, the third algorithm family: Sudoku as a CNF formula, solved by a CDCL solver
//! (the `batsat` crate, a MiniSat descendant in Rust), registered as `sat`.
//!
//! # The encoding
//!
//! One variable per *candidate*: a pair (cell, digit) of an empty cell and a digit that no
//! given in the cell's row, column or box excludes. Givens are applied by leaving out the
//! variables they rule out, which is what their unit clauses would do after one round of
//! unit propagation, and leaves the solver a smaller formula. For each constraint a
//! solution must meet exactly once, an *exactly-one* over its candidates:
//!
//! * each empty cell holds one digit (over the cell's candidates);
//! * each digit not given in a row, a column or a box is placed once in it (over the
//!   candidates of that digit in the unit's cells).
//!
//! Exactly-one is one clause for at-least-one and, for at-most-one, the pairwise encoding
//! (one binary clause per pair). For a full 9x9 grid with no givens that is 729 variables,
//! 324 at-least-one clauses and 324 x 36 = 11,664 binary clauses; for 25x25, 15,625
//! variables, 2,500 and 750,000. The pairwise form adds no variables and propagates as
//! strongly as any; with givens most groups are small (a 17-clue 9x9 puzzle: about 250
//! groups of 2-6 candidates). A cell or a unit's digit without candidates, or givens in
//! conflict, make the formula unsatisfiable before the solver starts (0 solutions).
//!
//! Pairwise against Sinz's sequential counter ([`AtMostOne`]), measured with
//! `examples/sat_encodings.rs` (count to 2, one thread, mean per puzzle): 17-clue (3,000)
//! 267 vs 339 us, top1465 332 vs 451 us, generated 16x16 (50) 3.8 vs 6.1 ms, generated
//! 25x25 (4) 58 vs 91 ms. The counter saves clauses (1,974 -> 1,942 on top1465, 24,905 ->
//! 19,517 on 25x25) but adds variables (242 -> 646, 2,038 -> 7,835), and the solver pays
//! more for those: pairwise is the default.
//!
//! Counting: after each model the solver receives a *blocking clause* (not all of the
//! model's true variables again) and solves again, up to the limit.
//!
//! This module computes rows, columns and boxes itself and shares no code with the other
//! engines, so a count it confirms is an independent one.
//!
//! ```
//! use sudolab::{grid::Grid, sat::SatSolver, solver::Solver};
//! let puzzle: Grid =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!         .parse()?;
//! assert_eq!(SatSolver.count(&puzzle, 2).count, 1);
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::fmt::Write as _;

use batsat::{lbool, Callbacks, Lit, SolverInterface, SolverOpts, Var};

use crate::bitset::Digit;
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::solver::{
    Capabilities, Limits, Outcome, Solver, SolverInfo, Stats, Stop, ALL_BOX_SIDES,
};

/// A formula in conjunctive normal form, literals as in DIMACS (variable `v` from 1, `-v`
/// its negation).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cnf {
    /// Number of variables.
    pub variables: u32,
    /// The variables `1..=shown` make up a solution (candidates, options); any after them
    /// are auxiliary (a sequential at-most-one's counters) and are not compared or blocked.
    pub shown: u32,
    /// The clauses.
    pub clauses: Vec<Vec<i32>>,
}

/// How an at-most-one constraint is written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum AtMostOne {
    /// A binary clause per pair: no new variables, n(n-1)/2 clauses.
    #[default]
    Pairwise,
    /// Sinz's sequential counter for groups of more than four: n-1 new variables, 3n-4
    /// clauses (pairwise below that, where it is smaller).
    Sequential,
}

impl Cnf {
    /// Adds an exactly-one over `group`: one at-least-one clause and an at-most-one.
    fn exactly_one(&mut self, group: &[i32], at_most_one: AtMostOne) {
        self.clauses.push(group.to_vec());
        if at_most_one == AtMostOne::Sequential && group.len() > 4 {
            // s_i: "one of the first i is true".
            let first = self.variables as i32 + 1;
            self.variables += group.len() as u32 - 1;
            let s = |i: usize| first + i as i32;
            let last = group.len() - 1;
            self.clauses.push(vec![-group[0], s(0)]);
            for (i, &x) in group.iter().enumerate().take(last).skip(1) {
                self.clauses.push(vec![-x, s(i)]);
                self.clauses.push(vec![-s(i - 1), s(i)]);
                self.clauses.push(vec![-x, -s(i - 1)]);
            }
            self.clauses.push(vec![-group[last], -s(last - 1)]);
            return;
        }
        for (k, &a) in group.iter().enumerate() {
            for &b in &group[k + 1..] {
                self.clauses.push(vec![-a, -b]);
            }
        }
    }

    /// Exact cover with colours (XCC) as CNF: one variable per option (numbered from 1 in
    /// input order). Each primary item: at least one option, and no two. Each secondary item:
    /// no two options that disagree (one without a colour, or two different colours). An
    /// option without a primary item is never chosen (Knuth's rule): a unit clause says so.
    /// `options` lists each option's items (from 1; `1..=primary` are primary) with their
    /// colours (0: none).
    ///
    /// ```
    /// use sudolab::sat::{count_models, Cnf};
    /// // Knuth's colour example: A B C | X Y, unique solution {A C X:1 Y:1, B X:1}.
    /// let options: [&[(u32, u32)]; 5] = [
    ///     &[(1, 0), (2, 0), (4, 1), (5, 1)],
    ///     &[(1, 0), (3, 0), (4, 2), (5, 2)],
    ///     &[(4, 1), (5, 2)],
    ///     &[(2, 0), (4, 2)],
    ///     &[(3, 0), (5, 2)],
    /// ];
    /// let cnf = Cnf::exact_cover(5, 3, options.iter().copied());
    /// let found = count_models(&cnf, 0, 2, &sudolab::solver::Limits::NONE);
    /// assert_eq!(found.models, vec![vec![2, 4]]);
    /// ```
    pub fn exact_cover<'a>(
        items: usize,
        primary: usize,
        options: impl IntoIterator<Item = &'a [(u32, u32)]>,
    ) -> Cnf {
        let mut cnf = Cnf::default();
        // The options (variables) through each item, with the colour each gives it.
        let mut through: Vec<Vec<(i32, u32)>> = vec![Vec::new(); items + 1];
        for (k, option) in options.into_iter().enumerate() {
            let variable = k as i32 + 1;
            cnf.variables = variable as u32;
            cnf.shown = variable as u32;
            for &(item, colour) in option {
                through[item as usize].push((variable, colour));
            }
            if option.iter().all(|&(item, _)| item as usize > primary) {
                cnf.clauses.push(vec![-variable]);
            }
        }
        for (item, list) in through.iter().enumerate().skip(1) {
            if item <= primary {
                let group: Vec<i32> = list.iter().map(|&(v, _)| v).collect();
                cnf.exactly_one(&group, AtMostOne::Pairwise);
                continue;
            }
            for (k, &(a, colour_a)) in list.iter().enumerate() {
                for &(b, colour_b) in &list[k + 1..] {
                    if colour_a == 0 || colour_a != colour_b {
                        cnf.clauses.push(vec![-a, -b]);
                    }
                }
            }
        }
        cnf
    }

    /// The formula in DIMACS text, for any external SAT solver.
    pub fn to_dimacs(&self) -> String {
        let mut out = format!("p cnf {} {}\n", self.variables, self.clauses.len());
        for clause in &self.clauses {
            for literal in clause {
                let _ = write!(out, "{literal} ");
            }
            out.push_str("0\n");
        }
        out
    }
}

/// A Sudoku puzzle as CNF: the formula and what each variable means.
#[derive(Debug, Clone)]
pub struct SudokuCnf {
    givens: Grid,
    /// The formula.
    pub cnf: Cnf,
    /// Variable `v` (from 1) means: cell `candidates[v - 1].0` holds digit `.1`.
    candidates: Vec<(usize, u8)>,
}

impl SudokuCnf {
    /// Encodes `puzzle` (see the module docs); with givens in conflict, or a cell or unit
    /// left without candidates, the formula holds an empty clause.
    pub fn new(puzzle: &Grid) -> SudokuCnf {
        SudokuCnf::with_at_most_one(puzzle, AtMostOne::Pairwise)
    }

    /// [`SudokuCnf::new`] with another at-most-one encoding (for measuring them).
    pub fn with_at_most_one(puzzle: &Grid, at_most_one: AtMostOne) -> SudokuCnf {
        let n = puzzle.box_side();
        let side = n * n;
        let cells = puzzle.cells();
        let unit_of = |cell: usize| {
            let (row, column) = (cell / side, cell % side);
            [row, side + column, 2 * side + (row / n) * n + column / n]
        };
        // Digits given in each unit (bit d - 1); a digit given twice is a conflict.
        let mut given = vec![0u32; 3 * side];
        let mut conflict = false;
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                let bit = 1u32 << (digit - 1);
                for unit in unit_of(cell) {
                    conflict |= given[unit] & bit != 0;
                    given[unit] |= bit;
                }
            }
        }
        let mut cnf = Cnf::default();
        let mut candidates = Vec::new();
        // Candidate variables of each (unit, digit), for the unit constraints.
        let mut by_unit: Vec<Vec<i32>> = vec![Vec::new(); 3 * side * side];
        let mut by_cell: Vec<Vec<i32>> = Vec::new();
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                continue;
            }
            let units = unit_of(cell);
            let taken = units.iter().fold(0, |taken, &u| taken | given[u]);
            let mut group = Vec::with_capacity(side);
            for d in 0..side {
                if taken & (1 << d) == 0 {
                    candidates.push((cell, d as u8 + 1));
                    let variable = candidates.len() as i32;
                    group.push(variable);
                    for &unit in &units {
                        by_unit[unit * side + d].push(variable);
                    }
                }
            }
            by_cell.push(group);
        }
        // Candidates first, then any auxiliary variables the at-most-ones add.
        cnf.variables = candidates.len() as u32;
        cnf.shown = cnf.variables;
        for group in &by_cell {
            cnf.exactly_one(group, at_most_one);
        }
        for (slot, variables) in by_unit.iter().enumerate() {
            let (unit, d) = (slot / side, slot % side);
            if given[unit] & (1 << d) == 0 {
                cnf.exactly_one(variables, at_most_one);
            }
        }
        if conflict {
            cnf.clauses.push(Vec::new());
        }
        SudokuCnf {
            givens: puzzle.clone(),
            cnf,
            candidates,
        }
    }

    /// The grid that the true variables `model` complete.
    pub fn decode(&self, model: impl IntoIterator<Item = u32>) -> Grid {
        let mut grid = self.givens.clone();
        for variable in model {
            let (cell, digit) = self.candidates[variable as usize - 1];
            grid.set(Cell::new(cell), Some(Digit::new(digit)));
        }
        grid
    }
}

/// The solver's stop test: the search's limits, read at every conflict and restart. The
/// node budget (`--max-nodes`) bounds the conflicts (learnt clauses): the solver does not
/// report its decisions as they happen.
struct Stopper<'a> {
    limits: &'a Limits<'a>,
    conflicts: u64,
}

impl Stopper<'_> {
    fn why(&self) -> Option<Stop> {
        if self
            .limits
            .max_nodes
            .is_some_and(|max| self.conflicts > max)
        {
            return Some(Stop::NodeLimit);
        }
        self.limits.check_now()
    }
}

impl Callbacks for Stopper<'_> {
    fn stop(&self) -> bool {
        self.why().is_some()
    }

    fn on_new_clause(&mut self, _: &[Lit], kind: batsat::ClauseKind) {
        self.conflicts += u64::from(kind == batsat::ClauseKind::Learnt);
    }
}

/// What a counting run of the SAT solver found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SatCount {
    /// The models found (the true variables of each), at most the limit.
    pub models: Vec<Vec<u32>>,
    /// Models counted (the same as `models.len()`, kept for symmetry with other engines).
    pub count: u64,
    /// The solver's decisions, conflicts and propagations over every call.
    pub decisions: u64,
    /// Conflicts.
    pub conflicts: u64,
    /// Propagations.
    pub propagations: u64,
    /// Why the count stopped early, if it did.
    pub stopped: Option<Stop>,
}

/// Counts the models of `cnf` up to `limit` (0: all) with one solver, blocking each model
/// found; keeps the first `keep` models.
pub fn count_models(cnf: &Cnf, limit: u64, keep: usize, limits: &Limits) -> SatCount {
    let mut result = SatCount::default();
    if cnf.clauses.iter().any(Vec::is_empty) {
        return result;
    }
    if let Some(stop) = limits.check_now() {
        result.stopped = Some(stop);
        return result;
    }
    let stopper = Stopper {
        limits,
        conflicts: 0,
    };
    let mut solver = batsat::Solver::new(SolverOpts::default(), stopper);
    let variables: Vec<Var> = (0..cnf.variables)
        .map(|_| solver.new_var_default())
        .collect();
    let literal = |l: i32| Lit::new(variables[l.unsigned_abs() as usize - 1], l > 0);
    let mut clause = Vec::new();
    let mut satisfiable = true;
    for c in &cnf.clauses {
        clause.clear();
        clause.extend(c.iter().map(|&l| literal(l)));
        satisfiable &= solver.add_clause_reuse(&mut clause);
    }
    while satisfiable {
        let answer = solver.solve_limited(&[]);
        if answer == lbool::UNDEF {
            result.stopped = Some(solver.cb().why().unwrap_or(Stop::Interrupted));
            break;
        }
        if answer != lbool::TRUE {
            break;
        }
        let model: Vec<u32> = (1..=cnf.shown)
            .filter(|&v| solver.value_var(variables[v as usize - 1]) == lbool::TRUE)
            .collect();
        result.count += 1;
        clause.clear();
        clause.extend(model.iter().map(|&v| !literal(v as i32)));
        if result.models.len() < keep {
            result.models.push(model);
        }
        if limit != 0 && result.count >= limit {
            break;
        }
        satisfiable = solver.add_clause_reuse(&mut clause);
    }
    result.decisions = solver.num_decisions();
    result.conflicts = solver.num_conflicts();
    result.propagations = solver.num_propagations();
    result
}

/// CDCL on the CNF encoding: the `sat` solver.
#[derive(Debug, Clone, Copy, Default)]
pub struct SatSolver;

impl Solver for SatSolver {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "sat",
            description: "SAT, CDCL (batsat) on a pairwise CNF encoding / unit propagation / VSIDS",
            capabilities: Capabilities {
                solution: true,
                count: true,
                guesses: true,
                box_sides: ALL_BOX_SIDES,
            },
        }
    }

    fn count_within(&self, puzzle: &Grid, limit: u64, limits: &Limits) -> Outcome {
        let encoding = SudokuCnf::new(puzzle);
        let found = count_models(&encoding.cnf, limit, crate::solver::KEPT_SOLUTIONS, limits);
        let mut outcome = Outcome::new();
        outcome.count = found.count;
        outcome.solutions = found
            .models
            .iter()
            .map(|model| encoding.decode(model.iter().copied()))
            .collect();
        outcome.stopped = found.stopped;
        // Decisions are the search's branch points and conflicts its wrong guesses.
        outcome.stats = Stats {
            nodes: found.decisions + 1,
            guesses: found.conflicts,
            assignments: found.propagations,
            updates: 0,
        };
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_4x4_grid_has_288_solutions_and_its_formula_its_stated_size() {
        let empty = Grid::empty(2).unwrap();
        let encoding = SudokuCnf::new(&empty);
        // 64 variables; 16 cells and 48 unit digits, each 1 + 6 clauses.
        assert_eq!(encoding.cnf.variables, 64);
        assert_eq!(encoding.cnf.clauses.len(), 64 * 7);
        assert_eq!(SatSolver.count(&empty, 0).count, 288);
        assert!(encoding.cnf.to_dimacs().starts_with("p cnf 64 448\n"));
        // The sequential at-most-one counts the same (its counters are not blocked).
        let grid9: Grid =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
                .parse()
                .unwrap();
        for puzzle in [Grid::empty(2).unwrap(), grid9] {
            let pairwise = SudokuCnf::new(&puzzle);
            let sequential = SudokuCnf::with_at_most_one(&puzzle, AtMostOne::Sequential);
            assert!(sequential.cnf.variables >= pairwise.cnf.variables);
            let count = |cnf: &Cnf| count_models(cnf, 0, 0, &Limits::NONE).count;
            assert_eq!(count(&sequential.cnf), count(&pairwise.cnf));
        }
    }

    #[test]
    fn conflicting_givens_and_dead_cells_have_no_solution() {
        let twice: Grid = "11..............".parse().unwrap();
        assert_eq!(SatSolver.count(&twice, 2).count, 0);
        let puzzle: Grid =
            "123456789........................................................................"
                .parse()
                .unwrap();
        assert_eq!(SatSolver.count(&puzzle, 2).count, 2);
    }

    #[test]
    fn a_node_budget_stops_a_hard_count() {
        // Every 9x9 grid: far more than a budget of 10 conflicts allows.
        let limits = Limits {
            max_nodes: Some(10),
            ..Limits::NONE
        };
        let outcome = SatSolver.count_within(&Grid::empty(3).unwrap(), 0, &limits);
        assert_eq!(outcome.stopped, Some(Stop::NodeLimit));
    }

    #[test]
    fn a_deadline_in_the_past_stops_the_count() {
        let empty = Grid::empty(3).unwrap();
        let limits = Limits {
            deadline: Some(std::time::Instant::now()),
            ..Limits::NONE
        };
        let outcome = SatSolver.count_within(&empty, 0, &limits);
        assert_eq!(outcome.stopped, Some(Stop::Deadline));
    }
}
