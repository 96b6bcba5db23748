//! SAT, the third algorithm family: Sudoku as a CNF formula, solved by a CDCL solver
//! (the `batsat` crate, a MiniSat descendant in Rust), registered as `sat`.
//!
//! # The encoding
//!
//! Before the formula is written, the givens are propagated at level 0: each given removes
//! its digit from its row, column and box, and naked and hidden singles are placed until none
//! is left or a conflict shows (see `Level0`). This is exactly what the solver's unit
//! propagation would derive before its first decision, from the givens' unit clauses, so it
//! changes no answer; it only leaves the solver a smaller formula.
//!
//! Then one variable per *candidate*: a pair (cell, digit) of a cell still empty and a
//! digit still possible there. For each constraint a solution must meet exactly once, an
//! *exactly-one* over its candidates:
//!
//! * each empty cell holds one digit (over the cell's candidates);
//! * each digit not yet placed in a row, a column or a box is placed once in it (over the
//!   candidates of that digit in the unit's cells).
//!
//! Exactly-one is one clause for at-least-one and, for at-most-one, the pairwise encoding
//! (one binary clause per pair). For a full 9x9 grid with no givens that is 729 variables,
//! 324 at-least-one clauses and 324 x 36 = 11,664 binary clauses; for 25x25, 15,625
//! variables, 2,500 and 750,000. The pairwise form adds no variables and propagates as
//! strongly as any; with givens most groups are small. Per puzzle, on average: 17-clue
//! 83 variables and 642 clauses (310 and 2,981 without the level-0 singles), top1465 219
//! and 1,701 (242 and 1,974), generated 16x16 711 and 6,976, generated 25x25 1,729 and
//! 19,425. A conflict at level 0 (givens in conflict, a cell or a unit's digit without
//! candidates) makes the formula an empty clause: 0 solutions, no search.
//!
//! Measured with `examples/sat_encodings.rs` (count to 2, one thread, mean per puzzle,
//! encoding and solving; one run):
//!
//! | corpus | pairwise | sequential counter | pairwise, no level-0 singles |
//! |---|--:|--:|--:|
//! | 17-clue (first 3,000) | 77 us | 92 us | 210 us |
//! | top1465 | 267 us | 365 us | 279 us |
//! | forum hardest 1106 | 991 us | 1,462 us | 994 us |
//! | generated 16x16 (50) | 3.4 ms | 5.4 ms | 3.7 ms |
//!
//! Sinz's sequential counter ([`AtMostOne`]) saves clauses (1,701 -> 1,689 on top1465) but
//! adds variables (219 -> 536), and the solver pays more for those: pairwise is the
//! default. The level-0 singles pay where puzzles are mostly singles (17-clue: 2.7x) and
//! cost nothing elsewhere. Before the formula was stored flat (one literal array, not a
//! vector per clause) the 17-clue figure without singles was 272 us: allocation, not
//! search, dominated the easy puzzles (a profile: 45% in malloc and free).
//!
//! # The backend
//!
//! Chosen by measurement among the Rust-reachable CDCL solvers, each given the same
//! formulas (`SudokuCnf::new`), count to 2, one thread, mean us per puzzle, interleaved in
//! one run (the comparison program is described in `reports/2026-11-30-sat-backends`):
//!
//! | backend (licence, release build time) | 17-clue (5,000) | top1465 | forum hardest 1106 |
//! |---|--:|--:|--:|
//! | batsat 0.6, fresh solver (MIT, 1 s) | 86 | 291 | 1,061 |
//! | varisat 0.2, fresh (MIT/Apache, about 20 s with its serde/regex dependencies) | 88 | 321 | 994 |
//! | splr 0.17, fresh (MPL-2.0, 5 s) | 188 | 739 | 2,141 |
//! | CaDiCaL 1.x via `cadical` 0.1, fresh (MIT, 51 s of C++) | 178 | 560 | 1,422 |
//! | batsat, one solver reused: full formula, givens as assumptions | 280 | 945 | 3,089 |
//! | CaDiCaL, one solver reused, the same way | 170 | 657 | 2,427 |
//!
//! A reused solver keeps the full formula (729 variables for 9x9) and takes each puzzle's
//! givens as assumptions, its blocking clauses guarded by a fresh activation literal that
//! a unit clause retires afterwards. It cannot use the level-0 singles (the formula is
//! shared) and carries every earlier puzzle's learnt clauses and activities: slower on
//! every corpus, 2-3x on the hard ones. So `sat` builds a fresh solver per puzzle.
//!
//! Counting: after each model the solver receives a *blocking clause* (not all of the
//! model's true variables again) and solves again, up to the limit.
//!
//! Statistics: nodes are the solver's decisions + 1, guesses its conflicts, and
//! assignments (the `assignments` column of `runs.csv`) its propagations.
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

mod cnf;
mod exact_cover;
pub mod variant;

use batsat::{lbool, Callbacks, Lit, SolverInterface, SolverOpts, Var};

use crate::bitset::Digit;
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::solver::{
    Capabilities, Limits, Outcome, Solver, SolverInfo, Stats, Stop, ALL_BOX_SIDES,
};

pub use cnf::{AtMostOne, Cnf, MAX_LITERALS, PAIRWISE_UP_TO};

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
        SudokuCnf::encode(puzzle, at_most_one, true)
    }

    /// [`SudokuCnf::new`] without the level-0 propagation: the givens' eliminations only
    /// (for measuring what the propagation buys, and for exact formula sizes in docs).
    pub fn without_propagation(puzzle: &Grid, at_most_one: AtMostOne) -> SudokuCnf {
        SudokuCnf::encode(puzzle, at_most_one, false)
    }

    fn encode(puzzle: &Grid, at_most_one: AtMostOne, propagate: bool) -> SudokuCnf {
        let mut level0 = Level0::new(puzzle);
        if propagate && !level0.conflict {
            level0.place_singles();
        }
        let side = level0.side;
        let mut cnf = Cnf::default();
        let mut candidates = Vec::new();
        // The candidate variables of each (unit, digit) pair, `side` slots a pair, and how
        // many each has; those of the current cell.
        let mut by_unit = vec![0i32; 3 * side * side * side];
        let mut by_unit_len = vec![0usize; 3 * side * side];
        let mut cell_group = Vec::with_capacity(side);
        for cell in 0..side * side {
            if level0.cells[cell] != 0 {
                continue;
            }
            let units = level0.units_of(cell);
            let free = level0.free(cell);
            cell_group.clear();
            for d in (0..side).filter(|&d| free & (1 << d) != 0) {
                candidates.push((cell, d as u8 + 1));
                let variable = candidates.len() as i32;
                cell_group.push(variable);
                for &unit in &units {
                    let slot = unit * side + d;
                    by_unit[slot * side + by_unit_len[slot]] = variable;
                    by_unit_len[slot] += 1;
                }
            }
            // Candidates are numbered cell by cell, so the cell's exactly-one can be
            // written now; auxiliary variables (sequential counters) come after all
            // candidates, so those are numbered below.
            if at_most_one == AtMostOne::Pairwise {
                cnf.exactly_one(&cell_group, at_most_one);
            } else {
                cnf.push_clause(&cell_group);
            }
        }
        cnf.variables = candidates.len() as u32;
        cnf.shown = cnf.variables;
        if at_most_one != AtMostOne::Pairwise {
            // Cell groups again, now that the candidates are numbered: the at-most-ones.
            let mut start = 0;
            while start < candidates.len() {
                let cell = candidates[start].0;
                let end = start
                    + candidates[start..]
                        .iter()
                        .take_while(|c| c.0 == cell)
                        .count();
                let group: Vec<i32> = (start as i32 + 1..=end as i32).collect();
                cnf.at_most_one(&group, at_most_one);
                start = end;
            }
        }
        for slot in 0..3 * side * side {
            let (unit, d) = (slot / side, slot % side);
            if level0.given[unit] & (1 << d) == 0 {
                let group = &by_unit[slot * side..slot * side + by_unit_len[slot]];
                cnf.exactly_one(group, at_most_one);
            }
        }
        if level0.conflict {
            cnf.push_clause(&[]);
        }
        // The givens and the level-0 placements, which `decode` completes (a conflict leaves
        // an unsatisfiable formula, nothing to decode).
        let mut givens = puzzle.clone();
        if !level0.conflict {
            for (cell, &digit) in level0.cells.iter().enumerate().filter(|(_, &d)| d != 0) {
                givens.set(Cell::new(cell), Some(Digit::new(digit)));
            }
        }
        SudokuCnf {
            givens,
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

/// Level-0 unit propagation, done while the formula is built: the solver would derive the
/// same placements by unit propagation before its first decision (a naked single is a cell's
/// at-least-one clause with one literal left, a hidden single a unit's), but each one left
/// out of the formula saves the solver a variable and its clauses. Rows, columns and boxes
/// are computed here, independently of the other engines.
struct Level0 {
    box_side: usize,
    side: usize,
    /// The grid's digits (0: empty), givens and placements.
    cells: Vec<u8>,
    /// Digits placed in each unit (rows, then columns, then boxes), bit `d - 1` for `d`.
    given: Vec<u32>,
    /// Two equal digits in a unit, or a cell or a unit's digit left without a place.
    conflict: bool,
}

impl Level0 {
    fn new(puzzle: &Grid) -> Level0 {
        let box_side = puzzle.box_side();
        let side = box_side * box_side;
        let mut level0 = Level0 {
            box_side,
            side,
            cells: vec![0; side * side],
            given: vec![0; 3 * side],
            conflict: false,
        };
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                level0.place(cell, digit);
            }
        }
        level0
    }

    fn units_of(&self, cell: usize) -> [usize; 3] {
        let (n, side) = (self.box_side, self.side);
        let (row, column) = (cell / side, cell % side);
        [row, side + column, 2 * side + (row / n) * n + column / n]
    }

    /// The digits still possible in an empty cell, bit `d - 1` for `d`.
    fn free(&self, cell: usize) -> u32 {
        let all = (1u32 << self.side) - 1;
        let units = self.units_of(cell);
        all & !(self.given[units[0]] | self.given[units[1]] | self.given[units[2]])
    }

    fn place(&mut self, cell: usize, digit: u8) {
        let bit = 1u32 << (digit - 1);
        self.cells[cell] = digit;
        for unit in self.units_of(cell) {
            self.conflict |= self.given[unit] & bit != 0;
            self.given[unit] |= bit;
        }
    }

    /// Naked and hidden singles to a fixed point, or to a conflict.
    fn place_singles(&mut self) {
        let side = self.side;
        let mut progress = true;
        while progress && !self.conflict {
            progress = false;
            for cell in 0..side * side {
                if self.cells[cell] != 0 {
                    continue;
                }
                let free = self.free(cell);
                if free == 0 {
                    self.conflict = true;
                    return;
                }
                if free.is_power_of_two() {
                    self.place(cell, free.trailing_zeros() as u8 + 1);
                    progress = true;
                }
            }
            for unit in 0..3 * side {
                progress |= self.place_hidden_singles(unit);
            }
        }
    }

    /// Places each digit that has one place left in `unit`; whether it placed any.
    fn place_hidden_singles(&mut self, unit: usize) -> bool {
        let side = self.side;
        let n = self.box_side;
        let cell_at = |k: usize| match unit / side {
            0 => unit * side + k,
            1 => k * side + (unit - side),
            _ => {
                let b = unit - 2 * side;
                ((b / n) * n + k / n) * side + (b % n) * n + k % n
            }
        };
        // Digits seen in one empty cell's candidates, and in two or more.
        let (mut once, mut twice) = (0u32, 0u32);
        for k in 0..side {
            let cell = cell_at(k);
            if self.cells[cell] == 0 {
                let free = self.free(cell);
                twice |= once & free;
                once |= free;
            }
        }
        let all = (1u32 << side) - 1;
        let open = all & !self.given[unit];
        if once & open != open {
            self.conflict = true;
            return false;
        }
        let singles = open & !twice;
        if singles == 0 {
            return false;
        }
        for k in 0..side {
            let cell = cell_at(k);
            if self.cells[cell] == 0 {
                let digit = self.free(cell) & singles;
                if digit.count_ones() > 1 {
                    // Two digits with no other place in the unit than this cell.
                    self.conflict = true;
                    return false;
                }
                if digit != 0 {
                    self.place(cell, digit.trailing_zeros() as u8 + 1);
                }
            }
        }
        true
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
    if cnf.has_empty_clause() {
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
    for c in cnf.clauses() {
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
        if cnf.nested_solutions {
            clause.extend((1..=cnf.shown as i32).map(|v| {
                let chosen = solver.value_var(variables[v as usize - 1]) == lbool::TRUE;
                if chosen {
                    !literal(v)
                } else {
                    literal(v)
                }
            }));
        } else {
            clause.extend(model.iter().map(|&v| !literal(v as i32)));
        }
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
    fn trace_note(&self) -> &'static str {
        "a CDCL search learns clauses and restarts instead of backtracking through a tree; \
         it counts decisions (its nodes) and conflicts (its guesses), not each event"
    }

    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "sat",
            description: "SAT, CDCL (batsat) on a pairwise CNF encoding / level-0 singles, unit propagation / VSIDS",
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

    fn supports_variant(&self, _variant: &crate::variant::Variant) -> Result<(), &'static str> {
        Ok(())
    }

    fn count_variant(
        &self,
        puzzle: &crate::variant::Puzzle,
        limit: u64,
        limits: &Limits,
    ) -> crate::solver::VariantOutcome {
        variant::count_variant(puzzle, limit, limits)
            .unwrap_or_else(|_| crate::solver::VariantOutcome::refused())
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
        assert_eq!(encoding.cnf.clause_count(), 64 * 7);
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
    fn the_level0_propagation_changes_no_count() {
        // Random 4x4 puzzles (2-7 random givens, conflicts allowed) and every solution of
        // each: counted on the formula with and without the singles placed first.
        let mut state = 12345u64;
        let mut next = |bound: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % bound
        };
        let (mut solved_by_singles, mut unsatisfiable) = (0, 0);
        for _ in 0..400 {
            let mut cells = vec![0u8; 16];
            for _ in 0..2 + next(6) {
                cells[next(16) as usize] = next(4) as u8 + 1;
            }
            let puzzle = Grid::from_cells(cells).unwrap();
            let count = |encoding: SudokuCnf| {
                let found = count_models(&encoding.cnf, 0, 300, &Limits::NONE);
                let mut grids: Vec<Grid> = found
                    .models
                    .iter()
                    .map(|model| encoding.decode(model.iter().copied()))
                    .collect();
                grids.sort_by_key(|grid| grid.to_string());
                (found.count, grids)
            };
            let propagated = SudokuCnf::new(&puzzle);
            solved_by_singles += usize::from(propagated.cnf.variables == 0);
            unsatisfiable += usize::from(propagated.cnf.has_empty_clause());
            let plain = SudokuCnf::without_propagation(&puzzle, AtMostOne::Pairwise);
            assert_eq!(count(propagated), count(plain), "{puzzle}");
        }
        // The sample reaches both ends of what the propagation does.
        assert!(solved_by_singles > 0 && unsatisfiable > 0);
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
