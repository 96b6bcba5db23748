//! Side-by-side SAT backends on the same CNF encodings (sudolab's `SudokuCnf::new`, level-0
//! singles and pairwise at-most-one, for fresh solvers; the full encoding of an empty grid
//! with the givens as assumptions for reused ones). Count to 2, one thread, every backend on
//! each puzzle in turn; the counts must agree. Prints mean, median and p99 microseconds per
//! puzzle.
//!
//! `cargo run --release -- CORPUS [MOST [BACKEND,BACKEND...]]`
use std::time::Instant;

use sudolab::corpus::CorpusReader;
use sudolab::grid::Grid;
use sudolab::sat::{count_models, Cnf, SudokuCnf};
use sudolab::solver::Limits;

fn blocking(model: &[i32], shown: u32) -> Vec<i32> {
    model
        .iter()
        .filter(|&&l| l > 0 && l as u32 <= shown)
        .map(|&l| -l)
        .collect()
}

fn batsat_fresh(cnf: &Cnf) -> u64 {
    count_models(cnf, 2, 0, &Limits::NONE).count
}

fn varisat_fresh(cnf: &Cnf) -> u64 {
    use varisat::{ExtendFormula, Lit, Solver};
    if cnf.has_empty_clause() {
        return 0;
    }
    let mut solver = Solver::new();
    let mut buf: Vec<Lit> = Vec::new();
    for c in cnf.clauses() {
        buf.clear();
        buf.extend(c.iter().map(|&l| Lit::from_dimacs(l as isize)));
        solver.add_clause(&buf);
    }
    let mut count = 0;
    while count < 2 && solver.solve().unwrap() {
        count += 1;
        let model: Vec<i32> = solver
            .model()
            .unwrap()
            .iter()
            .map(|l| l.to_dimacs() as i32)
            .collect();
        let b = blocking(&model, cnf.shown);
        buf.clear();
        buf.extend(b.iter().map(|&l| Lit::from_dimacs(l as isize)));
        solver.add_clause(&buf);
    }
    count
}

fn splr_fresh(cnf: &Cnf) -> u64 {
    use splr::{Config, Solver};
    if cnf.has_empty_clause() {
        return 0;
    }
    if cnf.variables == 0 {
        return 1;
    }
    let mut config = Config::default();
    config.splr_interface = true;
    config.quiet_mode = true;
    match Solver::try_from((
        config,
        cnf.clauses()
            .map(<[i32]>::to_vec)
            .collect::<Vec<_>>()
            .as_ref(),
    )) {
        Ok(mut solver) => solver.iter().take(2).count() as u64,
        Err(_) => 0,
    }
}

fn cadical_fresh(cnf: &Cnf) -> u64 {
    if cnf.has_empty_clause() {
        return 0;
    }
    let mut solver: cadical::Solver = cadical::Solver::new();
    for c in cnf.clauses() {
        solver.add_clause(c.iter().copied());
    }
    let mut count = 0;
    while count < 2 && solver.solve() == Some(true) {
        count += 1;
        let b: Vec<i32> = (1..=cnf.shown as i32)
            .filter(|&v| solver.value(v) == Some(true))
            .map(|v| -v)
            .collect();
        solver.add_clause(b);
    }
    count
}

/// The full encoding of an empty grid: variable cell*side + digit (from 1).
fn full(box_side: usize) -> Cnf {
    SudokuCnf::new(&Grid::empty(box_side).unwrap()).cnf
}

fn assumptions(puzzle: &Grid) -> Vec<i32> {
    let side = puzzle.box_side() * puzzle.box_side();
    puzzle
        .cells()
        .iter()
        .enumerate()
        .filter(|(_, &d)| d != 0)
        .map(|(c, &d)| (c * side + d as usize) as i32)
        .collect()
}

struct CadicalIncremental {
    solver: cadical::Solver,
    next: i32,
    shown: u32,
}
impl CadicalIncremental {
    fn new(cnf: &Cnf) -> Self {
        let mut solver: cadical::Solver = cadical::Solver::new();
        for c in cnf.clauses() {
            solver.add_clause(c.iter().copied());
        }
        CadicalIncremental {
            solver,
            next: cnf.variables as i32 + 1,
            shown: cnf.shown,
        }
    }
    fn count(&mut self, puzzle: &Grid) -> u64 {
        let act = self.next;
        self.next += 1;
        let mut assume = assumptions(puzzle);
        assume.push(act);
        let mut count = 0;
        while count < 2 && self.solver.solve_with(assume.iter().copied()) == Some(true) {
            count += 1;
            let mut b: Vec<i32> = (1..=self.shown as i32)
                .filter(|&v| self.solver.value(v) == Some(true))
                .map(|v| -v)
                .collect();
            b.push(-act);
            self.solver.add_clause(b);
        }
        self.solver.add_clause([-act]);
        count
    }
}

struct BatsatIncremental {
    solver: batsat::BasicSolver,
    vars: Vec<batsat::Var>,
    shown: u32,
}
impl BatsatIncremental {
    fn new(cnf: &Cnf) -> Self {
        use batsat::{Lit, SolverInterface};
        let mut solver = batsat::BasicSolver::default();
        let vars: Vec<batsat::Var> = (0..cnf.variables)
            .map(|_| solver.new_var_default())
            .collect();
        for c in cnf.clauses() {
            let mut cl: Vec<Lit> = c
                .iter()
                .map(|&l| Lit::new(vars[l.unsigned_abs() as usize - 1], l > 0))
                .collect();
            solver.add_clause_reuse(&mut cl);
        }
        BatsatIncremental {
            solver,
            vars,
            shown: cnf.shown,
        }
    }
    fn count(&mut self, puzzle: &Grid) -> u64 {
        use batsat::{lbool, Lit, SolverInterface};
        let act = self.solver.new_var_default();
        let mut assume: Vec<Lit> = assumptions(puzzle)
            .iter()
            .map(|&v| Lit::new(self.vars[v as usize - 1], true))
            .collect();
        assume.push(Lit::new(act, true));
        let mut count = 0;
        while count < 2 && self.solver.solve_limited(&assume) == lbool::TRUE {
            count += 1;
            let mut b: Vec<Lit> = (0..self.shown as usize)
                .filter(|&v| self.solver.value_var(self.vars[v]) == lbool::TRUE)
                .map(|v| Lit::new(self.vars[v], false))
                .collect();
            b.push(Lit::new(act, false));
            self.solver.add_clause_reuse(&mut b);
        }
        let mut unit = vec![Lit::new(act, false)];
        self.solver.add_clause_reuse(&mut unit);
        count
    }
}

fn main() {
    let path = std::env::args().nth(1).unwrap();
    let most: usize = std::env::args()
        .nth(2)
        .map_or(usize::MAX, |n| n.parse().unwrap());
    let only: Option<String> = std::env::args().nth(3);
    let puzzles: Vec<Grid> = CorpusReader::from_path(std::path::Path::new(&path))
        .unwrap()
        .filter_map(Result::ok)
        .take(most)
        .map(|r| r.puzzle)
        .collect();
    let names = [
        "batsat",
        "varisat",
        "splr",
        "cadical",
        "batsat-incremental",
        "cadical-incremental",
    ];
    let box_side = puzzles[0].box_side();
    let fullcnf = full(box_side);
    let mut cad = CadicalIncremental::new(&fullcnf);
    let mut bat = BatsatIncremental::new(&fullcnf);
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    for puzzle in &puzzles {
        let mut counts = Vec::new();
        for (k, name) in names.iter().enumerate() {
            if only
                .as_deref()
                .is_some_and(|o| !o.split(',').any(|x| x == *name))
            {
                continue;
            }
            let started = Instant::now();
            let count = match k {
                0 => batsat_fresh(&SudokuCnf::new(puzzle).cnf),
                1 => varisat_fresh(&SudokuCnf::new(puzzle).cnf),
                2 => splr_fresh(&SudokuCnf::new(puzzle).cnf),
                3 => cadical_fresh(&SudokuCnf::new(puzzle).cnf),
                4 => bat.count(puzzle),
                _ => cad.count(puzzle),
            };
            times[k].push(started.elapsed().as_secs_f64() * 1e6);
            counts.push(count);
        }
        assert!(
            counts.windows(2).all(|w| w[0] == w[1]),
            "counts differ on {puzzle}: {counts:?}"
        );
    }
    println!(
        "{path}: {} puzzles, count to 2, us per puzzle",
        puzzles.len()
    );
    for (k, name) in names.iter().enumerate() {
        let mut s = times[k].clone();
        if s.is_empty() {
            continue;
        }
        s.sort_by(f64::total_cmp);
        let mean = s.iter().sum::<f64>() / s.len() as f64;
        println!(
            "{name:>20}: mean {mean:9.1}  median {:9.1}  p99 {:9.1}",
            s[s.len() / 2],
            s[s.len() * 99 / 100]
        );
    }
}
