//! Generating minimal, uniquely solvable puzzles.
//!
//! # Method
//!
//! 1. A random complete grid ([`random_grid`]): random permutations fill the boxes on the
//!    diagonal, then the bitmask solver completes the grid choosing a random digit at every
//!    branch ([`random_solution`]), so grids come from a randomised search, not
//!    from permuting one fixed grid; a node cap with restarts keeps an unlucky run on a
//!    25x25 grid from wandering.
//! 2. Clue removal: the cells are visited in random order (whole symmetry orbits at once when
//!    a symmetry is asked for). A clue is removed, and put back if the puzzle then has another
//!    solution. The test is one search for a solution that differs from the known one in the
//!    removed cell ([`has_solution_without`]), which is exactly "count to two" here:
//!    the known grid is a solution, so the count is 1 unless another exists.
//!    Two shortcuts answer most tests without a search, with the same answers:
//!    * a clue the remaining givens force directly (a naked or hidden single of the givens
//!      alone) can go: no solution differs there;
//!    * a clue whose removal leaves one of the grid's two-digit unavoidable sets without a
//!      given must stay ([`UnavoidableSets`]): swapping the set's two digits gives a second
//!      solution.
//!
//!    Measured with `sudolab generate --count 10000 --seed 1 --threads 1` (output unchanged
//!    by either): without them 5,590 puzzles/s with no symmetry and 8,400 with rot180;
//!    with them 6,580 and 10,750.
//! 3. Minimality comes for free: if removing a clue allowed a second solution, removing it
//!    from any puzzle with fewer clues would too (fewer clues, more solutions), so one pass
//!    leaves no removable clue. With a symmetry, the result is minimal among symmetric
//!    removals (no whole orbit can go).
//!
//! Each test may search at most [`default_check_nodes`] nodes (or [`Options::check_nodes`]);
//! a clue whose test runs out is kept and counted in [`Generated::undecided`]. On 4x4 and
//! 9x9 grids this has not happened in any run (9x9 tests take tens of nodes), and those
//! puzzles are proven minimal. On 16x16 grids the default budget proved every puzzle of the
//! runs measured minimal (a tenth of it left 3 of 50 unproven with seed 2026). Sparse 25x25
//! puzzles defeat the bitmask solver (a single test near 300 clues took from 0.5 to 13 s
//! when measured), so 25x25 output is unique but usually not proven minimal. The CLI says
//! how many puzzles of a run are not proven minimal.
//!
//! # Known bias
//!
//! Simple removal does not sample minimal puzzles uniformly: it over-samples puzzles with
//! fewer clues relative to the distribution of all minimal puzzles of a grid, and it favours
//! grids with more minimal puzzles. sudolab does not correct for this (no importance weights,
//! no rejection sampling); use its output for tests and benchmarks, not for statements about
//! the population of all puzzles.
//!
//! # Reproducibility
//!
//! Puzzle `i` of a run seeded with `s` draws from its own stream `Random::for_item(s, i)`,
//! so the output depends on the seed only, not on the number of threads.
//!
//! ```
//! use sudolab::generate::{generate_one, Options, Symmetry};
//! let options = Options { box_side: 2, symmetry: Symmetry::None, ..Options::default() };
//! let generated = generate_one(&options, 7, 0)?;
//! assert!(generated.puzzle.givens() < 16);
//! # Ok::<(), sudolab::Error>(())
//! ```

mod unavoidable;
pub mod variant;

pub use unavoidable::UnavoidableSets;

use std::ops::ControlFlow;

use crate::bands::Clues;
use crate::bitmask::{DigitOrder, Level, Search};
use crate::bitset::{Digit, DigitSet};
use crate::error::{Error, Result};
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::random::Random;
use crate::solver::Limits;
use crate::unit_digits::UnitDigits;

/// Which cells are removed together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Symmetry {
    /// Each cell alone.
    #[default]
    None,
    /// 180-degree rotation: (r, c) with (S-1-r, S-1-c).
    Rot180,
    /// 90-degree rotation: orbits of four cells.
    Rot90,
    /// Reflection in the main diagonal: (r, c) with (c, r).
    Diagonal,
    /// Left-right mirror: (r, c) with (r, S-1-c).
    Mirror,
}

impl std::str::FromStr for Symmetry {
    type Err = Error;
    fn from_str(s: &str) -> Result<Symmetry> {
        Ok(match s {
            "none" => Symmetry::None,
            "rot180" => Symmetry::Rot180,
            "rot90" => Symmetry::Rot90,
            "diagonal" => Symmetry::Diagonal,
            "mirror" => Symmetry::Mirror,
            other => {
                return Err(Error::InvalidArgument(format!(
                    "unknown symmetry {other:?}: none, rot180, rot90, diagonal or mirror"
                )))
            }
        })
    }
}

impl Symmetry {
    /// Every symmetry, in the order the CLI lists them.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Diagonal,
        Symmetry::Mirror,
    ];

    /// The image of cell (r, c) under one step of the symmetry, for side `side`.
    fn step(self, side: usize, r: usize, c: usize) -> (usize, usize) {
        let last = side - 1;
        match self {
            Symmetry::None => (r, c),
            Symmetry::Rot180 => (last - r, last - c),
            Symmetry::Rot90 => (c, last - r),
            Symmetry::Diagonal => (c, r),
            Symmetry::Mirror => (r, last - c),
        }
    }

    /// The orbits of the cells of a grid of side `side`, each sorted, in increasing order of
    /// their first cell.
    pub fn orbits(self, side: usize) -> Vec<Vec<Cell>> {
        let (cells, starts) = self.flat_orbits(side);
        starts
            .windows(2)
            .map(|w| cells[w[0]..w[1]].to_vec())
            .collect()
    }

    /// [`Symmetry::orbits`] flat, in two allocations rather than one per orbit: every
    /// orbit's cells one after another, and where each orbit starts (plus the end).
    fn flat_orbits(self, side: usize) -> (Vec<Cell>, Vec<usize>) {
        if self == Symmetry::None {
            // Every cell its own orbit (the general walk below costs 9,000 instructions
            // a 9x9 puzzle, 2% of the generator's time).
            return (
                (0..side * side).map(Cell::new).collect(),
                (0..=side * side).collect(),
            );
        }
        let mut seen = vec![false; side * side];
        let mut cells = Vec::with_capacity(side * side);
        let mut starts = vec![0];
        for cell in 0..side * side {
            if seen[cell] {
                continue;
            }
            let start = cells.len();
            let (mut r, mut c) = (cell / side, cell % side);
            loop {
                let k = r * side + c;
                if seen[k] {
                    break;
                }
                seen[k] = true;
                cells.push(Cell::new(k));
                (r, c) = self.step(side, r, c);
            }
            cells[start..].sort_unstable();
            starts.push(cells.len());
        }
        (cells, starts)
    }

    /// Whether `grid`'s clues are symmetric.
    pub fn holds(self, grid: &Grid) -> bool {
        self.orbits(grid.side()).iter().all(|orbit| {
            let filled = grid.get(orbit[0]).is_some();
            orbit.iter().all(|&k| grid.get(k).is_some() == filled)
        })
    }
}

/// Where `beyond` starts: SE's dynamic forcing chains (+), the first nested level.
const BEYOND: f32 = 9.0;

/// A difficulty target on the Sudoku Explainer scale, judged by [`crate::logic::grade`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GradeTarget {
    /// Solved by logic, hardest technique rated in `min..=max` (a `min` of 0 admits puzzles
    /// that need no technique beyond the givens).
    Rating {
        /// Lowest accepted rating.
        min: f32,
        /// Highest accepted rating.
        max: f32,
    },
    /// Beyond the techniques up to dynamic forcing chains: rated 9.0 and up (SE's
    /// nested forcing chains, the forum's hardest puzzles).
    BeyondLogic,
}

impl std::str::FromStr for GradeTarget {
    type Err = Error;
    /// `easy` (up to 2.0: hidden singles), `medium` (2.1 to 2.8: naked singles, locked
    /// candidates), `hard` (2.9 to 4.4: subsets, fish, wings), `expert` (4.5 to 5.4),
    /// `beyond` (rated 9.0 and up: not solved by the techniques up to dynamic forcing
    /// chains), or a range such as `3.0-4.4`.
    fn from_str(s: &str) -> Result<GradeTarget> {
        let range = |min, max| Ok(GradeTarget::Rating { min, max });
        match s {
            "easy" => range(0.0, 2.0),
            "medium" => range(2.05, 2.8),
            "hard" => range(2.85, 4.4),
            "expert" => range(4.45, 5.4),
            "beyond" => Ok(GradeTarget::BeyondLogic),
            other => {
                let parsed = other.split_once('-').and_then(|(a, b)| {
                    Some((a.trim().parse::<f32>().ok()?, b.trim().parse::<f32>().ok()?))
                });
                match parsed {
                    Some((min, max)) if min <= max => range(min, max),
                    _ => Err(Error::InvalidArgument(format!(
                        "unknown grade {other:?}: easy, medium, hard, expert, beyond, or a rating range such as 3.0-4.4"
                    ))),
                }
            }
        }
    }
}

impl std::fmt::Display for GradeTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GradeTarget::Rating { min, max } => write!(f, "rating {min}-{max}"),
            GradeTarget::BeyondLogic => write!(f, "beyond dynamic forcing chains (9.0 and up)"),
        }
    }
}

impl GradeTarget {
    /// The ceiling of the techniques that can decide the target: a puzzle they do not
    /// solve is rated above it.
    fn ceiling(self) -> f32 {
        match self {
            GradeTarget::Rating { max, .. } => max,
            GradeTarget::BeyondLogic => BEYOND - 0.05,
        }
    }

    /// Whether `position` meets the target, graded with the techniques up to the
    /// target's ceiling only (the nested chains above 9.0 take seconds a puzzle).
    pub fn accepts_position(self, position: &crate::logic::Position) -> bool {
        let techniques = crate::logic::techniques_up_to(self.ceiling());
        self.accepts(&crate::logic::grade_with(position, &techniques))
    }

    /// Whether a grade meets the target (a grade made with the techniques up to the
    /// target's ceiling, for `beyond`: see [`GradeTarget::accepts_position`]).
    pub fn accepts(self, grade: &crate::logic::Grade) -> bool {
        match self {
            GradeTarget::Rating { min, max } => {
                grade.solved && grade.rating >= min && grade.rating <= max
            }
            GradeTarget::BeyondLogic => !grade.solved || grade.rating >= BEYOND,
        }
    }
}

/// What to generate.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Box side (2 to 5).
    pub box_side: usize,
    /// Cells removed together.
    pub symmetry: Symmetry,
    /// Keep only puzzles with at least this many clues.
    pub min_clues: Option<usize>,
    /// Keep only puzzles with at most this many clues.
    pub max_clues: Option<usize>,
    /// Keep only puzzles of this difficulty.
    pub grade: Option<GradeTarget>,
    /// Attempts per puzzle before giving up on the clue bounds and grade.
    pub max_attempts: u32,
    /// Search nodes one uniqueness test may take ([`default_check_nodes`] when `None`).
    pub check_nodes: Option<u64>,
}

impl Options {
    /// Refuses options no puzzle can meet (a size out of range, clue bounds that exclude
    /// every puzzle), before any attempt is made.
    pub fn validate(&self) -> Result<()> {
        if !(2..=5).contains(&self.box_side) {
            return Err(Error::UnsupportedSize(self.box_side));
        }
        let side = self.box_side * self.box_side;
        let cells = side * side;
        if let (Some(min), Some(max)) = (self.min_clues, self.max_clues) {
            if min > max {
                return Err(Error::InvalidArgument(format!(
                    "--min-clues {min} is above --max-clues {max}: no puzzle has both"
                )));
            }
        }
        if let Some(min) = self.min_clues.filter(|&k| k > cells) {
            return Err(Error::InvalidArgument(format!(
                "--min-clues {min}: a {side}x{side} grid has only {cells} cells"
            )));
        }
        if self.max_attempts == 0 {
            return Err(Error::InvalidArgument(
                "--max-attempts 0: at least one attempt is needed".into(),
            ));
        }
        Ok(())
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            box_side: 3,
            symmetry: Symmetry::None,
            min_clues: None,
            max_clues: None,
            grade: None,
            max_attempts: 1000,
            check_nodes: None,
        }
    }
}

/// A generated puzzle and its solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: uniquely solvable and minimal.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Grids drawn before one met the clue bounds (1 = the first).
    pub attempts: u32,
    /// Orbits kept because their uniqueness test ran out of nodes (0: proven minimal).
    pub undecided: usize,
}

/// A random complete grid of box side `n`: the boxes on the main diagonal (which share no
/// row or column, so any fillings of them are compatible) get independent random
/// permutations, then the randomised search fills the rest, restarting when a node cap
/// passes. Seeding the diagonal saves the search the first third of its work (9x9 grids:
/// 15.8 to 7.1 us each); like the search itself it samples grids varied but not uniformly.
pub fn random_grid(n: usize, random: &mut Random) -> Result<Grid> {
    let side = n * n;
    let cap = 50 * (side * side) as u64;
    for _ in 0..1000 {
        let mut seeded = Grid::empty(n)?;
        for diagonal_box in 0..n {
            let digits = random.permutation(side);
            for (i, digit) in digits.into_iter().enumerate() {
                let row = diagonal_box * n + i / n;
                let column = diagonal_box * n + i % n;
                let cell = seeded.geometry().cell_at(row, column);
                seeded.set(cell, Some(Digit::new(digit as u8 + 1)));
            }
        }
        if let Some(grid) = random_solution(&seeded, random, cap) {
            return Ok(grid);
        }
    }
    Err(Error::InvalidArgument(format!(
        "no random {side}x{side} grid after 1000 restarts"
    )))
}

/// A random solution of `puzzle` (a random complete grid for an empty one): the bitmask
/// search picks a random untried digit at every branch, so each run walks a different path.
/// `None` when the puzzle has no solution, or when `max_nodes` search nodes pass without
/// one (a caller can then retry with other random choices: on large empty grids an unlucky
/// early choice can cost a long backtrack).
pub fn random_solution(puzzle: &Grid, random: &mut Random, max_nodes: u64) -> Option<Grid> {
    let mut solution = None;
    let search = Search {
        limits: Limits {
            max_nodes: Some(max_nodes),
            ..Limits::NONE
        },
        order: DigitOrder::Random(random),
        ..Search::new(Level::Singles)
    };
    search.run(puzzle, |found| {
        solution = Some(found.to_grid());
        ControlFlow::Break(())
    });
    solution
}

/// Whether `puzzle` has a solution other than one with `digit` in `cell`: the uniqueness
/// test of the generator. When `puzzle` is known to have a solution with `digit` at `cell`,
/// "no other solution" is exactly "unique", found by one search for a solution with `cell`
/// not `digit` instead of counting to two (half the work on a unique puzzle: the counting
/// search would first find the known solution and then explore the rest anyway).
///
/// `None` when `max_nodes` search nodes pass without an answer. 9x9 grids are searched by
/// the band engine, the fastest 9x9 engine (`generate --count 20000 --threads 1`: 2.27 ->
/// 2.19 s and 2.24 -> 2.15 s in two interleaved runs, the same puzzles, since the answer
/// does not depend on the engine; most tests end in the root's propagation, where the
/// bitmask engine's singles were nearly as quick), other sizes by the bitmask engine;
/// grids of side 16 and 25 with locked candidates too, which cuts their trees.
pub fn has_solution_without(
    puzzle: &Grid,
    cell: Cell,
    digit: Digit,
    max_nodes: u64,
) -> Option<bool> {
    let limits = Limits {
        max_nodes: Some(max_nodes),
        ..Limits::NONE
    };
    if puzzle.box_side() == 3 {
        return crate::bands::has_solution_without(puzzle, cell, digit, &limits).ok();
    }
    let level = if puzzle.side() > 9 {
        Level::Locked
    } else {
        Level::Singles
    };
    let exclusions = [(cell, digit)];
    Search {
        limits,
        exclusions: &exclusions,
        ..Search::new(level)
    }
    .has_solution(puzzle)
}

/// Search nodes one uniqueness test may take, by default, before its clue is kept
/// undecided: 200,000 up to 16x16, 20,000 for 25x25. No 4x4 or 9x9 test comes near it
/// (9x9 tests take tens of nodes). On 16x16 it makes every puzzle proven minimal in the
/// runs measured (`generate --size 16 --count 50 --seed 2026 --threads 1`: 20,000 nodes,
/// 7.1 s and 3 puzzles not proven minimal; 200,000 nodes, 10.2 s and none). Sparse 25x25
/// tests exceed any budget that keeps a run to minutes, so there it only bounds the run.
pub fn default_check_nodes(box_side: usize) -> u64 {
    if box_side <= 4 {
        200_000
    } else {
        20_000
    }
}

/// Removes clues from `solution` in random orbit order while the puzzle stays unique, each
/// uniqueness test searching at most `check_nodes` nodes. Returns the puzzle and the number
/// of orbits kept because their test ran out of nodes: when that is 0 the puzzle is
/// minimal; otherwise it is unique but possibly not minimal.
///
/// 9x9 puzzles are kept as the band engine's [`Clues`] (bitboards), other sizes as a grid
/// with its digits per unit (`GridClues`); both answer the same questions the same way,
/// so the puzzles do not depend on which. The bitboards skip the grid scans of every test
/// (`generate --count 300 --threads 1`, callgrind: 137.7 -> 131.6 M instructions).
pub fn minimal_puzzle(
    solution: &Grid,
    symmetry: Symmetry,
    check_nodes: u64,
    random: &mut Random,
) -> (Grid, usize) {
    match Clues::of(solution) {
        Some(clues) => thin_out(clues, solution, symmetry, check_nodes, random),
        None => {
            let clues = GridClues {
                givens: UnitDigits::of(solution).expect("a solution grid has no conflict"),
                puzzle: solution.clone(),
            };
            thin_out(clues, solution, symmetry, check_nodes, random)
        }
    }
}

/// A puzzle being thinned out, and the two questions the generator asks of it after
/// taking a clue away.
trait Thinning {
    /// Whether `cell` holds a clue.
    fn is_given(&self, cell: Cell) -> bool;
    /// Takes the clue `digit` at `cell` away.
    fn remove(&mut self, cell: Cell, digit: Digit);
    /// Puts the clue `digit` back at `cell`.
    fn restore(&mut self, cell: Cell, digit: Digit);
    /// Whether the givens alone force `digit` into the empty `cell` (a naked or hidden
    /// single of the givens): then no solution differs there.
    fn forces(&self, cell: Cell, digit: Digit) -> bool;
    /// See [`has_solution_without`].
    fn has_solution_without(&self, cell: Cell, digit: Digit, max_nodes: u64) -> Option<bool>;
    /// The puzzle as a grid.
    fn into_grid(self) -> Grid;
}

/// A puzzle of any size as a grid and its givens' digits per unit.
struct GridClues {
    puzzle: Grid,
    givens: UnitDigits,
}

impl Thinning for GridClues {
    fn is_given(&self, cell: Cell) -> bool {
        self.puzzle.get(cell).is_some()
    }

    fn remove(&mut self, cell: Cell, digit: Digit) {
        self.givens.remove(cell, digit);
        self.puzzle.set(cell, None);
    }

    fn restore(&mut self, cell: Cell, digit: Digit) {
        self.puzzle.set(cell, Some(digit));
        self.givens.add(cell, digit);
    }

    fn forces(&self, cell: Cell, digit: Digit) -> bool {
        let geometry = self.puzzle.geometry();
        let open = DigitSet::full(geometry.side()).difference(self.givens.seen_from(cell));
        if open == DigitSet::single(digit) {
            return true;
        }
        geometry.units_of(cell).iter().any(|&unit| {
            geometry.unit(unit).iter().all(|&other| {
                other == cell
                    || self.puzzle.get(other).is_some()
                    || self.givens.seen_from(other).contains(digit)
            })
        })
    }

    fn has_solution_without(&self, cell: Cell, digit: Digit, max_nodes: u64) -> Option<bool> {
        has_solution_without(&self.puzzle, cell, digit, max_nodes)
    }

    fn into_grid(self) -> Grid {
        self.puzzle
    }
}

impl Thinning for Clues {
    fn is_given(&self, cell: Cell) -> bool {
        Clues::is_given(self, cell)
    }

    fn remove(&mut self, cell: Cell, _digit: Digit) {
        Clues::remove(self, cell);
    }

    fn restore(&mut self, cell: Cell, digit: Digit) {
        self.add(cell, digit);
    }

    fn forces(&self, cell: Cell, digit: Digit) -> bool {
        Clues::forces(self, cell, digit)
    }

    fn has_solution_without(&self, cell: Cell, digit: Digit, max_nodes: u64) -> Option<bool> {
        let limits = Limits {
            max_nodes: Some(max_nodes),
            ..Limits::NONE
        };
        Clues::has_solution_without(self, cell, digit, &limits).ok()
    }

    fn into_grid(self) -> Grid {
        self.to_grid()
    }
}

/// [`minimal_puzzle`] on the puzzle `clues`, which starts as the whole of `solution`.
fn thin_out<T: Thinning>(
    mut clues: T,
    solution: &Grid,
    symmetry: Symmetry,
    check_nodes: u64,
    random: &mut Random,
) -> (Grid, usize) {
    // The orbits in random order (the same draws as shuffling the orbits themselves).
    let (orbit_cells, starts) = symmetry.flat_orbits(solution.side());
    let order = random.permutation(starts.len() - 1);
    let mut undecided = 0;
    let unavoidable = UnavoidableSets::of(solution);
    let digit = |cell: Cell| solution.get(cell).expect("a complete grid");
    for &o in &order {
        let orbit = &orbit_cells[starts[o]..starts[o + 1]];
        for &cell in orbit {
            clues.remove(cell, digit(cell));
        }
        // Unique iff no solution differs from `solution` somewhere in the orbit. An
        // unavoidable set left without a given answers "not unique" without a search.
        let mut keep = orbit
            .iter()
            .any(|&cell| unavoidable.misses_at(cell, |c| clues.is_given(c)));
        for &cell in orbit {
            if keep {
                break;
            }
            if clues.forces(cell, digit(cell)) {
                continue;
            }
            match clues.has_solution_without(cell, digit(cell), check_nodes) {
                Some(false) => {}
                Some(true) => keep = true,
                None => {
                    keep = true;
                    undecided += 1;
                }
            }
        }
        if keep {
            for &cell in orbit {
                clues.restore(cell, digit(cell));
            }
        }
    }
    (clues.into_grid(), undecided)
}

/// Puzzle `index` of a run seeded with `seed`.
pub fn generate_one(options: &Options, seed: u64, index: u64) -> Result<Generated> {
    options.validate()?;
    let mut random = Random::for_item(seed, index);
    for attempt in 1..=options.max_attempts.max(1) {
        let solution = random_grid(options.box_side, &mut random)?;
        let check_nodes = options
            .check_nodes
            .unwrap_or_else(|| default_check_nodes(options.box_side));
        let (puzzle, undecided) =
            minimal_puzzle(&solution, options.symmetry, check_nodes, &mut random);
        let clues = puzzle.givens();
        let fits = options.min_clues.is_none_or(|k| clues >= k)
            && options.max_clues.is_none_or(|k| clues <= k)
            && options.grade.is_none_or(|target| {
                crate::logic::Position::from_grid(&puzzle)
                    .is_ok_and(|position| target.accepts_position(&position))
            });
        if fits {
            return Ok(Generated {
                puzzle,
                solution,
                attempts: attempt,
                undecided,
            });
        }
    }
    Err(Error::InvalidArgument(format!(
        "no puzzle within the clue bounds ({}..{}){} after {} attempts; widen the bounds",
        options.min_clues.map_or("any".into(), |k| k.to_string()),
        options.max_clues.map_or("any".into(), |k| k.to_string()),
        options
            .grade
            .map_or(String::new(), |g| format!(" and grade ({g})")),
        options.max_attempts
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid() {
        for symmetry in Symmetry::ALL {
            let orbits = symmetry.orbits(9);
            let mut cells: Vec<usize> = orbits.concat().iter().map(|c| c.index()).collect();
            cells.sort_unstable();
            assert_eq!(cells, (0..81).collect::<Vec<_>>(), "{symmetry:?}");
        }
        assert_eq!(
            Symmetry::Rot90
                .orbits(9)
                .iter()
                .filter(|o| o.len() == 4)
                .count(),
            20
        );
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
    }

    #[test]
    fn givens_force_only_what_the_search_confirms() {
        let mut random = Random::new(3);
        let mut forced = 0;
        for n in [2, 3] {
            for _ in 0..30 {
                let solution = random_grid(n, &mut random).unwrap();
                let mut grid = GridClues {
                    puzzle: solution.clone(),
                    givens: UnitDigits::of(&solution).unwrap(),
                };
                let mut bands = Clues::of(&solution);
                for cell in random.permutation(n * n * n * n).into_iter().map(Cell::new) {
                    let digit = solution.get(cell).unwrap();
                    grid.remove(cell, digit);
                    let by_grid = grid.forces(cell, digit);
                    if let Some(bands) = bands.as_mut() {
                        Thinning::remove(bands, cell, digit);
                        assert_eq!(
                            Thinning::forces(bands, cell, digit),
                            by_grid,
                            "{} {cell:?} {digit:?}",
                            grid.puzzle.to_line()
                        );
                        let search = Thinning::has_solution_without(bands, cell, digit, u64::MAX);
                        assert_eq!(search, grid.has_solution_without(cell, digit, u64::MAX));
                    }
                    if by_grid {
                        forced += 1;
                        let other = grid.has_solution_without(cell, digit, u64::MAX);
                        assert_eq!(other, Some(false), "{} at {cell:?}", grid.puzzle);
                    }
                    if random.below(3) == 0 {
                        grid.restore(cell, digit);
                        if let Some(bands) = bands.as_mut() {
                            Thinning::restore(bands, cell, digit);
                        }
                    }
                }
                if let Some(bands) = bands {
                    assert_eq!(bands.into_grid(), grid.puzzle);
                }
            }
        }
        assert!(forced > 100, "only {forced} forced cells");
    }

    #[test]
    fn unknown_symmetry_is_an_error() {
        assert!("rot45".parse::<Symmetry>().is_err());
    }
}
