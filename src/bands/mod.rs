//! The band engine: a 9x9 solver on per-digit band bitboards.
//!
//! # Data layout
//!
//! A position (`board::Board`, 148 bytes, copied at every branch) is:
//!
//! * `candidates: [[u32; 9]; 3]`: for band `b` (rows `3b..3b+3`) and digit `d` (0-based),
//!   word `[b][d]` holds the 27 cells of the band where the digit may go, bit `9 * row +
//!   column` (row 0..3 within the band, column 0..9). A placed digit keeps its own cell's
//!   bit; every other digit has lost it. Band-major, so that the nine digits of a band (what
//!   placing a digit and counting a cell's candidates touch) are one contiguous row.
//! * `solved: [u32; 3]`: per band, the cells that hold a placed digit.
//! * `placements: [[u8; 9]; 3]`: per digit-band, its number of placements (one minirow per
//!   row and box of the band) when last examined: current after propagation, since every
//!   change to a word is examined before the fixpoint. The branching choice reads these 27
//!   bytes instead of recounting (serg: 3% fewer instructions, 13% fewer mispredicted
//!   branches in callgrind's model).
//!
//! The digit-bands (bit `9 * b + d`) whose word changed and must be examined again travel
//! in locals during propagation, not in the position, so the hot loops keep them in
//! registers.
//!
//! A band is the unit of work because every row and box lies inside one: one word holds all
//! a digit's row and box constraints of three rows, and one table lookup settles them.
//!
//! # Propagation
//!
//! 1. *Band examination* (each pending digit-band): the nine minirows (row-box crossings) of
//!    the word are folded into a 9-bit set; a table gives the minirows that some placement of
//!    the digit (one minirow per row and per box) can still use, so one lookup makes every
//!    locked-candidates deduction between the band's rows and boxes, or finds that the digit
//!    has no consistent place (a contradiction). A row or box of the band left with one cell
//!    for the digit places it there (hidden singles in rows and boxes).
//! 2. *Placing* a digit removes it from its cell's row and box (in the word), from its column
//!    in the two other bands, and removes every other digit from the cell; each changed word
//!    becomes pending.
//! 3. *Naked singles*: per band, bit-sliced counts over the nine digits give the cells with
//!    exactly one candidate (placed) and the cells with none (a contradiction).
//! 4. *Column singles*: per digit, bit-sliced counts over the nine rows give the columns
//!    where the digit has one cell left (placed) or none (a contradiction).
//!
//! 5. *Triads* (`triads.rs`): each minirow and each minicolumn of a band holds exactly three
//!    digits; counted for the nine digits at once, three possible digits are all certain
//!    (each leaves the rest of the row or column and of the box), three certain ones exclude
//!    every other digit from the three cells, fewer possible or more certain is a
//!    contradiction.
//!
//! Steps 1 and 2 run until nothing is pending, then 3, then 4, then 5 on the bands changed
//! since it last ran and with fewer than 20 placed cells (on fuller bands the triads almost
//! never find anything: see `TRIADS_PLACED_LIMIT`); any change starts over.
//!
//! The root is built from the givens a digit at a time (each digit's row, box and column
//! peers of its givens removed at once, the given cells taken from the other digits), then
//! propagated from every digit-band.
//!
//! # Invariants after propagation
//!
//! Nothing is pending; every placed cell's digit is the cell's only candidate and no peer of
//! the cell has it; every open cell has at least two candidates; every digit can be placed
//! consistently in every band and has at least two cells in every column, row and box where
//! it is not placed; in every band with fewer than 20 placed cells, every minirow and
//! minicolumn has at least three possible digits and at most three certain ones, and
//! neither count is exactly three unless the other is too.
//!
//! # Search
//!
//! Depth first with an explicit stack of positions. The choice is a digit's placement in a
//! band (one minirow per row and box: six at most): in the band with the fewest placements
//! over all nine digits, the digit with the fewest, at least two; when every digit-band is
//! down to one placement, a cell with the fewest candidates (two if any). Options are tried
//! in increasing order; each alternative but the last copies the position.
//!
//! Measured with `examples/solve_loop.rs` (mean us and nodes per puzzle, counting to 2, one
//! thread; minimum of three interleaved runs on a noisy machine):
//!
//! | design | 17-clue (10k) | top1465 | forum hardest 1106 | serg (10k) | diabolical (10k) |
//! |---|--:|--:|--:|--:|--:|
//! | fewest placements anywhere or a bivalue cell, no triads (before) | 4.12 us, 2.7 nodes | 19.95, 38.3 | 234, 611 | 5.3 | 5.9 |
//! | band-first placements, no triads | 4.04, 2.2 | 17.9, 29.3 | 149, 309 | 5.7 | 5.9 |
//! | band-first placements and triads (now) | 3.95, 1.8 | 16.2, 19.6 | 147, 236 | 6.4 | 6.4 |
//!
//! The band-first choice is T. Dillon's for tdoku. Without the triad rules it is unsafe on
//! sparse grids: counting two solutions of the empty grid took 21,317 nodes even with a
//! bivalue cell preferred, against 47 with them (four digits certain in one minirow is a
//! contradiction only they see). With both, the guesses per puzzle match tdoku's published
//! ones (forum hardest 1106: 121 against 113; top1465: 9.4 against 9.1). Fewest placements
//! first with the band's total as tie-break is much worse (forum hardest 226 us).
//!
//! Where timings on the shared machine swing by 10-20%, instruction counts do not: the
//! cost of each step is also measured with callgrind (instructions per puzzle of
//! `examples/solve_loop.rs`, count to 2). The root built a digit at a time, triads skipped
//! on bands with 20+ placed cells, exactly-one-of-three as parity without all three,
//! claiming by table, bounds without modulo, cheaper solution recording and the stored
//! placement counts took serg from 71,054 to 56,163 instructions a puzzle (446 to 356
//! simulated mispredicted branches), 17-clue from 41,190 to 37,694, forum hardest 1106 from
//! 1,076,718 to 949,103 (8,530 to 7,075), with the same nodes. The peers in the same
//! measure: the `sudoku` crate (JCZSolve) 17,922 / 36,294 / 1,017,454, tdoku (SIMD) 21,222
//! / 22,775 / 410,008.
//!
//! ```
//! use sudolab::{bands::BandSolver, grid::Grid, solver::Solver};
//! let puzzle: Grid =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!         .parse()?;
//! let outcome = BandSolver.count(&puzzle, 2);
//! assert_eq!(outcome.count, 1);
//! assert_eq!(outcome.stats.guesses, 0);
//! # Ok::<(), sudolab::Error>(())
//! ```

mod board;
mod tables;
mod triads;

use board::{Board, Dead, ALL_DIGIT_BANDS};

use crate::bitset::Digit;
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::solver::{Capabilities, Limits, Outcome, Solver, SolverInfo, Stats, Stop};

/// The band engine (9x9 grids only).
#[derive(Debug, Clone, Copy, Default)]
pub struct BandSolver;

impl Solver for BandSolver {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "bands",
            description: "per-digit band bitboards / band tables (locked candidates), singles, minirow and minicolumn triads / placements of the most constrained band, copy per branch",
            capabilities: Capabilities {
                solution: true,
                count: true,
                guesses: true,
                assignments: false,
                box_sides: &[3],
            },
        }
    }

    fn count_within(&self, puzzle: &Grid, limit: u64, limits: &Limits) -> Outcome {
        let mut outcome = Outcome::new();
        if puzzle.box_side() != 3 {
            outcome.stopped = Some(Stop::UnsupportedSize);
            return outcome;
        }
        let mut stats = Stats {
            nodes: 1,
            ..Stats::default()
        };
        if let Ok(root) = root(puzzle, &[]) {
            outcome.stopped = search(root, limit, limits, &mut stats, &mut outcome);
        }
        outcome.stats = stats;
        outcome
    }
}

/// The propagated position of a puzzle's givens, without the candidates in `excluded`
/// (cell, digit).
fn root(puzzle: &Grid, excluded: &[(Cell, Digit)]) -> Result<Board, Dead> {
    let mut board = Board::with_givens(puzzle.cells())?;
    for &(cell, digit) in excluded {
        if puzzle.cells()[cell.index()] == digit.get() {
            return Err(Dead); // the excluded digit is given there
        }
        let (b, i) = (cell.index() / 27, cell.index() % 27);
        board.candidates[b][digit.index()] &= !(1 << i);
    }
    board.propagate(ALL_DIGIT_BANDS)?;
    Ok(board)
}

/// Whether the 9x9 `puzzle` has a solution without `digit` in `cell`: the generator's
/// uniqueness test (see [`crate::generate::has_solution_without`], which calls this on
/// 9x9 grids). `Err` with the reason when `limits` stop the search first.
///
/// ```
/// use sudolab::{bands, bitset::Digit, geometry::Cell, grid::Grid};
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()?;
/// // r1c3 holds 4 in the only solution.
/// let limits = sudolab::solver::Limits::NONE;
/// assert_eq!(bands::has_solution_without(&puzzle, Cell::new(2), Digit::new(4), &limits), Ok(false));
/// assert_eq!(bands::has_solution_without(&puzzle, Cell::new(2), Digit::new(1), &limits), Ok(true));
/// # Ok::<(), sudolab::Error>(())
/// ```
pub fn has_solution_without(
    puzzle: &Grid,
    cell: Cell,
    digit: Digit,
    limits: &Limits,
) -> Result<bool, Stop> {
    if puzzle.box_side() != 3 {
        return Err(Stop::UnsupportedSize);
    }
    let Ok(root) = root(puzzle, &[(cell, digit)]) else {
        return Ok(false);
    };
    let mut stats = Stats::default();
    let mut outcome = Outcome::new();
    match search(root, 1, limits, &mut stats, &mut outcome) {
        Some(stop) => Err(stop),
        None => Ok(outcome.count > 0),
    }
}

/// What a branch decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    /// The digit of one cell (band, cell bit); options are digits (bit `d`).
    Cell(usize, u32),
    /// The placement of one digit in one band (digit-band index); options are placements.
    Placement(usize),
}

/// The choice to branch on and its options; `None` when every cell is placed: the
/// placements of a digit in the most constrained band (see [`Board::branch_placement`]),
/// or, when every digit-band has one placement left, a cell with the fewest candidates.
fn choose(board: &Board) -> Option<(Choice, u16)> {
    if let Some((index, fitting)) = board.branch_placement() {
        return Some((Choice::Placement(index), u16::from(fitting)));
    }
    board
        .branch_cell()
        .map(|(band, cell, digits)| (Choice::Cell(band, cell), digits))
}

/// One level of the search stack: a position, the choice branched on, its options and
/// those not tried yet.
#[derive(Clone, Copy)]
struct Frame {
    board: Board,
    choice: Choice,
    options: u16,
    untried: u16,
}

/// Depth-first search from a propagated root; solutions go to `outcome` until `limit`.
fn search(
    root: Board,
    limit: u64,
    limits: &Limits,
    stats: &mut Stats,
    outcome: &mut Outcome,
) -> Option<Stop> {
    let record = |board: &Board, outcome: &mut Outcome| {
        let solution = || Grid::from_cells(board.values().to_vec()).expect("a full grid");
        outcome.record(solution, limit)
    };
    let Some((choice, options)) = choose(&root) else {
        record(&root, outcome);
        return None;
    };
    let mut stack: Vec<Frame> = Vec::with_capacity(64);
    stack.push(Frame {
        board: root,
        choice,
        options,
        untried: options,
    });
    while let Some(frame) = stack.last_mut() {
        if frame.untried == 0 {
            stack.pop();
            continue;
        }
        let option = frame.untried.trailing_zeros() as usize;
        if frame.untried != frame.options {
            stats.guesses += 1;
        }
        frame.untried &= frame.untried - 1;
        stats.nodes += 1;
        if let Some(stop) = limits.check(stats.nodes) {
            return Some(stop);
        }
        let choice = frame.choice;
        let child = if frame.untried == 0 {
            &mut frame.board
        } else {
            let board = frame.board;
            stack.push(Frame {
                board,
                choice,
                options: 0,
                untried: 0,
            });
            &mut stack.last_mut().expect("just pushed").board
        };
        let applied = match choice {
            Choice::Cell(band, cell) => child.place(option, band, cell),
            Choice::Placement(index) => Ok(child.take_placement(index, option)),
        };
        let next = match applied.and_then(|changed| child.propagate(changed)) {
            Err(Dead) => None,
            Ok(()) => match choose(child) {
                None => {
                    if record(child, outcome) {
                        return None;
                    }
                    None
                }
                Some(next) => Some(next),
            },
        };
        let top = stack.last_mut().expect("the child's frame");
        match next {
            None => top.untried = 0,
            Some((choice, options)) => {
                top.choice = choice;
                top.options = options;
                top.untried = options;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests;
