//! The band engine: a 9x9 solver on per-digit band bitboards.
//!
//! # Data layout
//!
//! A position (`board::Board`, 208 bytes, copied at every branch) is:
//!
//! * `candidates: [[u32; 4]; 9]`: for digit `d` (0-based) and band `b` (rows `3b..3b+3`),
//!   word `[d][b]` holds the 27 cells of the band where the digit may go, bit `9 * row +
//!   column` (row 0..3 within the band, column 0..9); word `[d][3]` is 0. A placed digit
//!   keeps its own cell's bit; every other digit has lost it. Digit-major, four words a
//!   digit: a digit's three bands are one SSE2 register (`lanes`), so the scans over the
//!   nine digits (naked singles, triads, what changed) treat the three bands at once.
//! * `solved: [u32; 4]`: per band, the cells that hold a placed digit; lane 3 is 0.
//! * `placements: [[u8; 4]; 9]`: per digit-band (`[d][b]`), its number of placements (one
//!   minirow per row and box of the band) when last examined: current after propagation,
//!   since every changed word is examined before the fixpoint. The branching choice reads
//!   these 27 bytes instead of recounting.
//!
//! Propagation keeps one more copy of the candidates outside the position, `seen`: each
//! word as it was when last examined. The words to examine are those that differ from it,
//! found by nine vector comparisons; nothing flags writes, except where a comparison would
//! come right after the stores and wait for them (see Cost): a child's first pass examines
//! the words the branching choice reports it changed (one, or up to three for a stack
//! placement), and the pass after naked singles or the column rules those they report. A
//! child's `seen` is its parent's propagated candidates.
//!
//! A band is the unit of work because every row and box lies inside one: one word holds all
//! a digit's row and box constraints of three rows, and one table lookup settles them.
//!
//! # Propagation
//!
//! 1. *Band examination* (each digit-band whose word differs from `seen`): the nine
//!    minirows (row-box crossings) of the word are folded into a 9-bit set; one table entry
//!    gives the cells of the minirows that some placement of the digit (one minirow per row
//!    and per box) can still use, the minirows in every placement, and the number of
//!    placements. Keeping those cells makes every locked-candidates deduction between the
//!    band's rows and boxes at once, or finds that the digit has no consistent place (a
//!    contradiction). The only cell of a minirow in every placement is the only cell of its
//!    row and of its box: the digit is placed there (hidden singles in rows and boxes),
//!    which takes the cell from the other digits and the column from the other bands.
//! 2. *Naked singles*: bit-sliced counts over the nine digits, three bands at once, give
//!    the cells with exactly one candidate (placed) and the cells with none (a
//!    contradiction). One loop over the digit-bands holding such cells places them (the
//!    rows and boxes to clear from one table entry of the cells' minirow set); two of a
//!    digit in one row, box or column are a contradiction.
//! 3. *Column rules*, for each digit changed since they last ran, its three bands at once
//!    (the other two bands of each lane by lane rotation), two digits at a time: counts
//!    over the nine rows give the columns where the digit has one cell left (placed) or
//!    none (a contradiction); a column whose cells all lie in one band claims the digit for
//!    that column in its box, and a box whose open cells lie in one column takes the digit
//!    from that column in the other bands (locked candidates between columns and boxes,
//!    both ways).
//! 4. *Triads* (`triads.rs`): each minirow and each minicolumn of a band holds exactly three
//!    digits; counted for the nine digits (two at a time) and the three bands at once,
//!    three possible digits are all certain (each leaves the rest of the row or column and
//!    of the box), three certain ones exclude every other digit from the three cells, fewer
//!    possible or more certain is a contradiction.
//!
//! Step 1 runs until no word differs from `seen`, then 2, then 3 when 20 cells or more are
//! open (`COLUMN_RULES_OPEN_CELLS`), then 4 when a band with fewer than 11 placed cells
//! changed since it last ran (on fuller bands the triads seldom find anything: see
//! `TRIADS_PLACED_LIMIT`); any change starts over. In a search's nodes 2 to 12 (the root
//! is node 1 and runs every step; `RULES_AFTER_NODES`) steps 3 and 4 are skipped: short
//! searches (puzzles with many solutions) do not repay them; a position whose parent
//! skipped them runs them on every word.
//!
//! The root is built from the givens a digit at a time (each digit's row, box and column
//! peers of its givens removed at once, the given cells taken from the other digits), then
//! propagated with the empty board as `seen`.
//!
//! # Invariants after propagation
//!
//! Every word equals its `seen` copy; every placed cell's digit is the cell's only
//! candidate and no peer of the cell has it; every open cell has at least two candidates;
//! every digit can be placed consistently in every band and has at least two cells in every
//! row and box where it is not placed. Where steps 3 and 4 ran (the root, and every node
//! of a search after the 12th): at least two in every column too (when 20 or more cells
//! are open); in every band with fewer than 11 placed cells, every minirow and minicolumn
//! has at least three possible digits and at most three certain ones, and neither count
//! is exactly three unless the other is too.
//!
//! # Search
//!
//! Depth first with an explicit stack of positions (one per thread, kept between searches). The choice is a digit's placement in a
//! band (one minirow per row and box: six at most): in the band with the fewest placements
//! over all nine digits, the digit with the fewest, at least two; in positions with 40 open
//! cells or more whose best band has more than 20 placements, the stacks compete too (a
//! digit's placement in a stack: one minicolumn per column and box), which takes forum
//! hardest 1905 from 171 to 143 nodes a puzzle. When every digit-band is down to one
//! placement, a cell with the fewest candidates (two if any). Options are tried in
//! increasing order; each alternative but the last copies the position.
//!
//! The band-first choice is T. Dillon's for tdoku. Without the triad rules it is unsafe on
//! sparse grids: counting two solutions of the empty grid took 21,317 nodes even with a
//! bivalue cell preferred, against 47 with them (four digits certain in one minirow is a
//! contradiction only they see). With both, the guesses per puzzle match tdoku's published
//! ones (forum hardest 1106: 121 against 113; top1465: 9.4 against 9.1).
//!
//! # Instruction sets
//!
//! The vector operations are SSE2 (part of every x86-64 processor) with a portable twin on
//! arrays, and the whole search is compiled twice: for the x86-64 baseline and, chosen at
//! run time when the processor has them, for AVX2, BMI1, BMI2, LZCNT and POPCNT, where
//! the minirow sets are gathered with `pext`, the words compared with `seen` two rows at a
//! time and solutions written as AVX2 byte masks (`lanes::modern_instructions` runs a `Job`
//! on the lanes it picks). The tests run the portable, the SSE2 and the modern copies on
//! the same puzzles and require the same answers and statistics.
//!
//! # Cost
//!
//! What follows is the design's history: each figure was measured when its step was taken,
//! and later steps changed the totals. Today's figures are in the newest dated report
//! (`reports/`, `*-bands-*`; the README's peer table names the one it comes from).
//!
//! Timings on the shared machine swing by 10-50%; instruction counts do not. Measured with
//! callgrind (instructions per puzzle of `examples/solve_loop.rs`, count to 2, file reading
//! subtracted; first 2,000 puzzles of serg, 17-clue and exchange diabolical, first 100 of
//! forum hardest 1106):
//!
//! | design | serg | 17-clue | diabolical | forum hardest 1106 |
//! |---|--:|--:|--:|--:|
//! | band-major words, every write flagged (before) | 50,690 | 32,493 | 43,644 | 959,547 |
//! | digit-major, words compared with `seen` (scalar) | 54,503 | 26,832 | 40,029 | 985,537 |
//! | ... compared with SSE2 | 47,409 | 23,556 | 34,884 | 830,770 |
//! | ... naked singles with SSE2 | 46,472 | 22,880 | 34,028 | 806,762 |
//! | ... comparisons packed, triads for the three bands with SSE2, naked singles at the examinations' fixpoint, triad limit 11, column rules skip placed digits, branching choice without branches | 37,239 | 18,915 | 26,560 | 706,860 |
//! | ... search compiled for AVX2/BMI2 when present | 32,073 | 17,642 | 24,143 | 587,946 |
//! | ... examination by flat index, counts stored `[d][b]`, changed sets accumulated from the examined ones (no comparisons at the fixpoint), column rules and triads report their changes | 29,869 | 16,897 | 23,011 | 547,183 |
//! | ... column rules with SSE2, three bands at once | 27,264 | 17,042 | 21,974 | 507,289 |
//! | ... givens scattered without a branch a cell | 26,396 | 16,494 | 21,232 | 506,662 |
//! | ... branching choice on SSE2 bytes (keys, minimum and totals for the bands at once) | 24,775 | 16,274 | 20,631 | 488,961 |
//! | ... solutions recorded without the input scan | 24,371 | 16,072 | 20,429 | 488,759 |
//! | ... pointing moved from the examination to the column rules | 23,206 | 15,066 | 18,858 | 460,366 |
//! | ... minirow sets by `pext` in the modern copy | 22,311 | 14,092 | 17,819 | 437,365 |
//! | ... stack placements in the branching choice of sparse, hard positions | 22,655 | 14,312 | 17,949 | 432,517 |
//! | ... column rules only with 20 open cells or more | 22,070 | 14,189 | 17,817 | 434,778 |
//! | ... the search stack kept per thread, not allocated a search | 21,825 | 14,215 | 17,590 | 432,749 |
//! | ... naked singles in one loop over the digit-bands holding them, row and box cover by one table entry | 21,329 | 14,206 | 17,249 | 421,018 |
//! | ... column rules store without a branch, changed digits gathered with `pext` | 21,335 | 14,186 | 17,225 | 420,251 |
//! | ... givens' cells per value compared 16 at a time with SSE2 | 21,066 | 13,918 | 16,956 | 419,982 |
//! | ... a complete position recorded without the branching fallback's cell scan | 20,692 | 13,689 | 16,764 | 420,038 |
//! | ... solutions as AVX2 byte masks, recorded inside the modern copy | 20,272 | 13,473 | 16,566 | 420,032 |
//! | ... words compared with `seen` by AVX2, `pext` sets masked to nine bits (no bounds checks) | 18,988 | 12,317 | 15,317 | 390,550 |
//! | ... hidden singles read from the word before the lookup, the entry as two words | 18,715 | 11,895 | 15,004 | 385,555 |
//! | ... column rules and triads two digits at a time (`lanes::Pair`: AVX2 in the modern copy) | 17,535 | 11,907 | 14,568 | 356,936 |
//! | ... solutions' bytes from four bit planes | 17,354 | 11,822 | 14,473 | 356,822 |
//! | ... column rules on the changed digits paired as they come, not in fixed pairs | 16,932 | 11,654 | 14,233 | 345,671 |
//! | ... column rules and triads skipped in a search's first 12 nodes | 14,892 | 11,773 | 14,163 | 352,880 |
//! | ... solutions kept in place (`Grid` and `Solutions` allocate nothing for 9x9) | 14,357 | 11,479 | 13,799 | 349,157 |
//! | ... a child's first pass on the words the choice changed, not a comparison | 14,554 | 11,912 | 14,008 | 352,287 |
//! | ... the pass after naked singles on the words they changed | 14,502 | 11,426 | 13,851 | 353,477 |
//! | ... and after the column rules (placements report their words) (now) | 14,646 | 11,574 | 13,972 | 360,128 |
//!
//! The stack placements are for the hardest corpus: forum hardest 1905 (first 500) 379,312
//! -> 330,484 instructions a puzzle (171 -> 143 nodes), top1465 (first 1,000) 62,518 ->
//! 62,540; those two now 264,142 and 49,887.
//!
//! Same nodes throughout except the triad limit (forum hardest 1106: 173 -> 178 nodes a
//! puzzle). The last five steps were for branches the processor mispredicts, which
//! callgrind simulates (`--branch-sim=yes`, mispredicted conditional branches a puzzle),
//! and for a puzzle's fixed costs: serg 129 -> 96, 17-clue 113 -> 87, diabolical 144 ->
//! 104, forum hardest 1106 3,359 -> 2,876, 1905 2,550 -> 2,191, top1465 499 -> 408 (tdoku,
//! file reading subtracted: 84 / 100 / 121 / 2,222 / 1,860 / 359; JCZSolve on serg 217,
//! faster all the same: the simulation is a simple model, wall time decides). What remains
//! is mostly the examination loop's exit and whether an examination fixed a cell; handling
//! fixed cells without a branch, or after the pass, cost more instructions than the
//! branches saved (forum hardest 1106 +11% and +19%).
//!
//! The `sudoku` crate (JCZSolve) in the same measure: 16,742 / 18,434 / 15,456 / 685,327,
//! with more nodes (serg 13.9 a puzzle against 9.3, forum hardest 1106 479 against 171):
//! its nodes cost a little over half of ours (serg 1,200 instructions against 2,300).
//!
//! Instructions are not time. Comparing with `seen` by AVX2 took 6-8% of the instructions
//! everywhere and 2-8% of the wall time (minimum of ten interleaved runs); a sampling
//! profile (`perf record -e cpu-clock`, joined with callgrind's counts per instruction)
//! puts 18% of serg's time on that comparison, which is 6% of its instructions: each pass
//! waits there for the previous pass's examinations (their last stores, which the wider
//! loads cannot take from the store buffer). Passes follow one another, so their number,
//! not the instructions inside them, sets much of the time, and shortening the chain
//! inside an examination pays more than its instructions say: reading the hidden singles
//! from the word before the table lookup instead of the word after it (-1.5%
//! instructions) took 3-10% of the wall time on serg, forum hardest 1106 and diabolical.
//! Flagging changed words at every write instead (exact flags, no comparison: passes 54
//! -> 15 a puzzle) cost +17% instructions on serg (wall time equal) and +27% on forum
//! hardest 1106 (+14% wall time); examining newly changed words within the pass, checked
//! against `seen` one by one, was slower still (1106: +42%). What pays is removing the
//! wait where it is longest: right after the branching choice, whose stores follow the
//! copy of the position. Taking the first pass's words from the choice (`Board::take`
//! returns them) costs 1-4% more instructions (the loop keeps one more value) and took
//! 2-10% of the wall time (solve_loop, median of nine interleaved runs: serg 2.30 -> 2.10
//! us, top1465 9.94 -> 8.98, forum hardest 1106 65.8 -> 61.3, 17-clue 1.83 -> 1.80).
//! Naked singles reporting their words, the same way (instructions within 1%): median of
//! paired ratios over 15-21 interleaved pairs, serg 0.933, top1465 0.948, diabolical
//! 0.950, forum hardest 1106 0.951, 1905 0.938, 17-clue 0.975. The column rules and
//! `Board::place` too (+1-2% instructions): serg 0.966, 17-clue 0.965, diabolical 0.973,
//! forum hardest 1106 0.989, top1465 1.008. The passes after the
//! examinations still compare: flagging what an examination clears costs more
//! instructions than the wait (the exact flags above).
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
mod clues;
mod lanes;
mod tables;
mod triads;

pub use clues::Clues;

use board::{Board, Dead, Placement, Rules};
use lanes::{Job, Lanes};

use crate::bitset::Digit;
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::solver::{
    Capabilities, Limits, Outcome, Solver, SolverInfo, Stats, Stop, KEPT_SOLUTIONS,
};

/// The band engine (9x9 grids only).
#[derive(Debug, Clone, Copy, Default)]
pub struct BandSolver;

impl Solver for BandSolver {
    fn supports_variant(&self, variant: &crate::variant::Variant) -> Result<(), &'static str> {
        if variant.is_classic() && variant.side() == 9 {
            Ok(())
        } else {
            Err(
                "the band engine solves classic 9x9 grids only: its bitboards hold bands of \
                 three 3x3 boxes, and it has no other regions, pairs or cages",
            )
        }
    }

    fn trace_note(&self) -> &'static str {
        "it places a band's digits a whole bitboard at a time and branches on a band's \
         placements, not on cells; it counts its nodes and guesses, not each event"
    }

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
        with_search_stack(|stack| {
            lanes::modern_instructions(Count {
                puzzle,
                limit,
                limits,
                stack,
            })
        })
    }
}

/// [`Solver::count_within`] as a [`Job`] for [`lanes::modern_instructions`].
struct Count<'a> {
    puzzle: &'a Grid,
    limit: u64,
    limits: &'a Limits<'a>,
    stack: &'a mut SearchStack,
}

impl Job for Count<'_> {
    type Output = Outcome;
    #[inline(always)]
    fn run<L: Lanes>(self) -> Outcome {
        count_on::<L>(self.puzzle, self.limit, self.limits, self.stack)
    }
}

/// [`Solver::count_within`] on lanes `L`, as compiled for the context it is inlined in.
#[inline(always)]
fn count_on<L: Lanes>(
    puzzle: &Grid,
    limit: u64,
    limits: &Limits,
    stack: &mut SearchStack,
) -> Outcome {
    let mut outcome = Outcome::new();
    if puzzle.box_side() != 3 {
        outcome.stopped = Some(Stop::UnsupportedSize);
        return outcome;
    }
    let mut stats = Stats {
        nodes: 1,
        ..Stats::default()
    };
    if let Ok(root) = root::<L>(puzzle) {
        outcome.stopped = search::<L, true>(stack, root, limit, limits, &mut stats, &mut outcome);
    }
    outcome.stats = stats;
    outcome
}

/// The propagated position of a puzzle's givens.
#[inline(always)]
fn root<L: Lanes>(puzzle: &Grid) -> Result<Board, Dead> {
    let board = Board::from_given_bits::<L>(&Board::given_bits::<L>(puzzle.cells()))?;
    propagated_root::<L>(board, &[])
}

/// `board`, a position of givens, without the candidates in `excluded` (cell, digit; `Dead`
/// when one is the cell's given), propagated.
#[inline(always)]
fn propagated_root<L: Lanes>(mut board: Board, excluded: &[(Cell, Digit)]) -> Result<Board, Dead> {
    for &(cell, digit) in excluded {
        let (b, i) = (cell.index() / 27 % 3, cell.index() % 27);
        let word = &mut board.candidates[digit.index() % 9][b];
        if board.solved[b] & *word & (1 << i) != 0 {
            return Err(Dead); // the excluded digit is given there
        }
        *word &= !(1 << i);
    }
    let mut seen = Board::empty().candidates;
    let changed = L::differing(&board.candidates, &seen);
    board.propagate::<L>(&mut seen, changed, Rules::All)?;
    Ok(board)
}

/// Whether the propagated `root` has a solution (none is kept). `Err` with the reason when
/// `limits` stop the search first.
#[inline(always)]
fn has_solution<L: Lanes>(
    stack: &mut SearchStack,
    root: Board,
    limits: &Limits,
) -> Result<bool, Stop> {
    let mut stats = Stats::default();
    let mut outcome = Outcome::new();
    match search::<L, false>(stack, root, 1, limits, &mut stats, &mut outcome) {
        Some(stop) => Err(stop),
        None => Ok(outcome.count > 0),
    }
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
    match Clues::of(puzzle) {
        Some(clues) => clues.has_solution_without(cell, digit, limits),
        None => Err(Stop::UnsupportedSize),
    }
}

/// What a branch decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    /// The digit of one cell (band, cell bit); options are digits (bit `d`).
    Cell(usize, u32),
    /// The placement of one digit in a band or a stack; options are placements.
    Placement(Placement),
}

/// The choice to branch on and its options; `None` when every cell is placed: the
/// placements of a digit in the most constrained band or stack (see
/// [`Board::branch_placement`]),
/// or, when every digit-band has one placement left, a cell with the fewest candidates.
#[inline(always)]
fn choose<L: Lanes>(board: &Board) -> Option<(Choice, u16)> {
    if let Some((placement, fitting)) = board.branch_placement::<L>() {
        return Some((Choice::Placement(placement), u16::from(fitting)));
    }
    if board.is_complete() {
        return None; // a solution: no cell scan
    }
    board
        .branch_cell()
        .map(|(band, cell, digits)| (Choice::Cell(band, cell), digits))
}

/// The last node of a search (the root is node 1 and gets every rule) whose position is
/// propagated without the column rules and triads (examinations and naked singles only):
/// nodes 2 to 12 skip them; from node 13 on every position gets them, on all its words
/// when its parent did not.
///
/// A search that ends within a few nodes (a puzzle with many solutions, counted to 2)
/// spends more on the rules than they save; a long one (a hard puzzle with one solution)
/// needs them nearly everywhere, and the first nodes of its tree cost it little. Callgrind,
/// instructions a puzzle (nodes a puzzle), the rules in every node / after the first 12
/// (first 2,000 puzzles of serg, 17-clue and diabolical, 1,000 of top1465, 100 of forum
/// hardest 1106, 500 of 1905): serg 16,933 (9.3) / 14,892 (9.7); 17-clue 11,654 (1.8) /
/// 11,773 (2.0); diabolical 14,233 (5.3) / 14,163 (5.7); top1465 49,887 (22.7) / 51,811
/// (26.5); forum hardest 1106 345,671 (170.3) / 352,880 (175.9); 1905 264,142 (143) /
/// 270,659 (149.0). After 8 or 20 nodes: serg within 1.3% of 12, top1465 -0.9% / +1.8%.
/// (The rules only at the root: serg 15,633, but forum hardest 1106 446 nodes a puzzle.)
const RULES_AFTER_NODES: u64 = 12;

/// One level of the search stack: a position, the choice branched on, its options and
/// those not tried yet.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    board: Board,
    choice: Choice,
    options: u16,
    untried: u16,
    /// Whether the column rules and triads ran on `board` (see [`RULES_AFTER_NODES`]).
    settled: bool,
}

/// The frames of a depth-first search.
pub(super) type SearchStack = Vec<Frame>;

thread_local! {
    /// The search stack of each thread, kept from one search to the next: a search then
    /// allocates nothing (serg, first 2,000 puzzles: 22,070 -> 21,825 instructions a
    /// puzzle, the allocation and release of 14 KB a search gone).
    static SEARCH_STACK: std::cell::RefCell<SearchStack> =
        std::cell::RefCell::new(Vec::with_capacity(82));
}

/// Runs `f` on this thread's search stack, emptied (outside the code compiled for the
/// modern instructions, which `f` enters).
pub(super) fn with_search_stack<R>(f: impl FnOnce(&mut SearchStack) -> R) -> R {
    SEARCH_STACK.with(|kept| match kept.try_borrow_mut() {
        Ok(mut stack) => {
            stack.clear();
            f(&mut stack)
        }
        // A search inside a search (none today) gets a stack of its own.
        Err(_) => f(&mut Vec::with_capacity(82)),
    })
}

/// Counts the complete position `board` in `outcome` (and keeps it, if `KEEP_SOLUTIONS` and
/// fewer than [`KEPT_SOLUTIONS`] are kept); whether the count reached `limit`. A function,
/// not a closure, so it is compiled inside the code for the lanes' instructions (a closure
/// is compiled on its own, as is one that `Outcome::record` calls).
#[inline(always)]
fn record_solution<L: Lanes, const KEEP_SOLUTIONS: bool>(
    board: &Board,
    outcome: &mut Outcome,
    limit: u64,
) -> bool {
    if !KEEP_SOLUTIONS {
        outcome.count += 1;
        return limit != 0 && outcome.count >= limit;
    }
    let values = if outcome.solutions.len() < KEPT_SOLUTIONS {
        Some(board.values::<L>())
    } else {
        None
    };
    let solution = || Grid::from_9x9_values(values.expect("computed whenever it is kept"));
    outcome.record(solution, limit)
}

/// Depth-first search from a propagated root, on `stack` (empty); solutions go to
/// `outcome` until `limit` (only counted unless `KEEP_SOLUTIONS`).
#[inline(always)]
fn search<L: Lanes, const KEEP_SOLUTIONS: bool>(
    stack: &mut SearchStack,
    root: Board,
    limit: u64,
    limits: &Limits,
    stats: &mut Stats,
    outcome: &mut Outcome,
) -> Option<Stop> {
    let Some((choice, options)) = choose::<L>(&root) else {
        record_solution::<L, KEEP_SOLUTIONS>(&root, outcome, limit);
        return None;
    };
    stack.push(Frame {
        board: root,
        choice,
        options,
        untried: options,
        settled: true,
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
        let rules = if stats.nodes <= RULES_AFTER_NODES {
            Rules::Singles
        } else if frame.settled {
            Rules::Changed
        } else {
            Rules::All
        };
        let mut seen = frame.board.candidates;
        let child = if frame.untried == 0 {
            &mut frame.board
        } else {
            let board = frame.board;
            stack.push(Frame {
                board,
                choice,
                options: 0,
                untried: 0,
                settled: false,
            });
            &mut stack.last_mut().expect("just pushed").board
        };
        let changed = match choice {
            Choice::Cell(band, cell) => child.place(option, band, cell),
            Choice::Placement(placement) => Ok(child.take(placement, option)),
        };
        let next = match changed.and_then(|words| child.propagate::<L>(&mut seen, words, rules)) {
            Err(Dead) => None,
            Ok(()) => match choose::<L>(child) {
                None => {
                    if record_solution::<L, KEEP_SOLUTIONS>(child, outcome, limit) {
                        return None;
                    }
                    None
                }
                Some(next) => Some(next),
            },
        };
        let top = stack.last_mut().expect("the child's frame");
        top.settled = rules != Rules::Singles;
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
