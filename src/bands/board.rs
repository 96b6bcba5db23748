//! The band engine's position and its propagation (see the module docs of [`super`] for the
//! layout and invariants).

use super::lanes::{Lanes, Pair, Portable, Vector};
use super::tables::{
    single_in_triplets, BAND, COLUMN_0, EXAMINATION, FITTING_COUNT, FITTING_PLACEMENTS,
    MINIROW_CELLS, PLACEMENTS, ROW_AND_BOX_COVER, ROW_AND_BOX_PEERS, TRIPLET_LOW,
};

/// The triad rules run (on all three bands at once) when a band with fewer placed cells
/// than this changed since they last ran. Instructions per puzzle (callgrind, count to 2)
/// and nodes for limits 20 / 14 / 11 / 8: serg (first 2,000) 34,521 / 33,676 / 32,645 /
/// 32,323 (9.1 / 9.3 / 9.3 / 9.3 nodes); forum hardest 1106 (first 100) 594,778 / 592,568
/// / 587,957 / 610,771 (173 / 174 / 178 / 212 nodes); forum hardest 1905 (first 500)
/// 529,410 / 524,847 / 518,262 / 514,561; top1465 (first 1,000) 85,301 / 84,718 / 83,905
/// / 85,733. Without triads at all: serg 30,781, forum hardest 1106 661,334 (260 nodes).
const TRIADS_PLACED_LIMIT: u32 = 11;

/// The column rules run (for the digits changed since they last ran) in positions with at
/// least this many open cells; on fuller grids they seldom find what the examinations and
/// the branching would not (serg, first 2,000 puzzles: 259 of 18,474 calls found anything).
/// Instructions per puzzle (callgrind, count to 2) for limits 0 / 15 / 20 / 25 / 30: serg
/// 22,935 / 22,375 / 22,225 / 22,099 / 21,822; 17-clue 14,500 / 14,347 / 14,349 / 14,359 /
/// 14,377; forum hardest 1106 435,464 / 435,336 / 435,733 / 436,894 / 439,799; 1905
/// 332,783 / 332,554 / 332,466 / 332,598 / 333,486; top1465 63,003 / 62,831 / 62,827 /
/// 62,815 / 62,792. Skipping them is sound: they only find what the search would.
pub(super) const COLUMN_RULES_OPEN_CELLS: u32 = 20;

/// Stack placements join the branching choice in positions with at least this many open
/// cells whose best band has a total above [`STACK_CHOICE_BAND_TOTAL`]: in denser or easier
/// positions counting them costs more than it saves. Instructions per puzzle (callgrind,
/// count to 2) without stacks / with them everywhere / with them as chosen (open cells 40,
/// band total 20): serg 23,412 / 26,345 / 22,594; 17-clue 14,432 / 14,948 / 14,299;
/// diabolical 18,235 / 18,871 / 17,899; forum hardest 1106 438,892 / 450,561 / 431,260
/// (178 / 170 / 170 nodes); forum hardest 1905 380,737 / 348,989 / 329,333 (171 / 144 /
/// 143 nodes); top1465 63,084 / 65,778 / 62,332. (Open cells 35 or 45, totals 18 or 22:
/// within 1%, some better, some worse.)
pub(super) const STACK_CHOICE_OPEN_CELLS: u32 = 40;

/// See [`STACK_CHOICE_OPEN_CELLS`].
pub(super) const STACK_CHOICE_BAND_TOTAL: u32 = 20;

/// Where a digit is placed by a branching choice: in a band (minirows) or a stack
/// (minicolumns), `(digit, band or stack)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Placement {
    /// The digit's minirows in a band: one per row and box.
    Band(usize, usize),
    /// The digit's minicolumns in a stack: one per column and box.
    Stack(usize, usize),
}

/// The cells of each band cell's column (bit `9 * row + column`).
pub(super) const COLUMN_OF_CELL: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        table[i] = COLUMN_0 << (i % 9);
        i += 1;
    }
    table
};

/// Which rules [`Board::propagate`] runs beyond the examinations and naked singles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rules {
    /// None: the examinations and naked singles only.
    Singles,
    /// The column rules and triads too, for the words changed in this propagation (its
    /// `seen` is a position they have run on).
    Changed,
    /// The column rules and triads for every word (the position descends from one they
    /// have not run on).
    All,
}

/// Every word's bit in a set of changed words (bit `4 * d + b`).
const ALL_WORDS: u64 = (1 << 36) - 1;

/// The two bands other than each band.
pub(super) const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// The cells of a band in the columns of a 9-bit column set.
#[inline(always)]
pub(super) fn columns(set: u32) -> u32 {
    set * COLUMN_0
}

/// The 9-bit set of columns (bit `column`) holding a cell of `x`, cells of a band.
#[inline(always)]
pub(super) fn column_set(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 0x1FF
}

/// The cells of every row and box of the band holding a cell of `cells` (the cells
/// included), and whether two of the cells share a row or a box: one table entry of the
/// cells' minirow set, no loop over the cells.
#[inline(always)]
pub(super) fn row_and_box_cover<L: Lanes>(cells: u32) -> (u32, bool) {
    let entry = ROW_AND_BOX_COVER[L::minirow_set(cells)];
    (entry & BAND, entry >> 27 != cells.count_ones())
}

/// For the claimed columns of each band (bit `c`: the digit's cells of column `c` all lie
/// in this band), a lane each: the cells the digit leaves, those of each box holding a
/// claimed column outside the box's claimed columns (locked candidates, claiming from
/// columns).
#[inline(always)]
pub(super) fn claiming_removals<L: Vector>(claimed: L) -> L {
    let boxes = claimed
        .or(claimed.shift_right::<1>())
        .or(claimed.shift_right::<2>())
        .and(L::splat(0o111));
    let box_columns = boxes
        .or(boxes.shift_left::<1>())
        .or(boxes.shift_left::<2>());
    let columns = box_columns.and_not(claimed);
    columns
        .or(columns.shift_left::<9>())
        .or(columns.shift_left::<18>())
}

/// For the columns holding a digit's open cells in each band (bit `c`), a lane each: the
/// columns that are the only one of their box holding them (locked candidates, pointing
/// down the columns: the digit leaves them in the other bands).
#[inline(always)]
pub(super) fn pointing_columns<L: Vector>(open_columns: L) -> L {
    let (a, b, c) = (
        open_columns,
        open_columns.shift_right::<1>(),
        open_columns.shift_right::<2>(),
    );
    // Exactly one of a box's three columns: an odd number, not all three.
    let one = a
        .xor(b)
        .xor(c)
        .and_not(a.and(b).and(c))
        .and(L::splat(0o111));
    open_columns.and(one.or(one.shift_left::<1>()).or(one.shift_left::<2>()))
}

/// The column rules' eliminations for the digits of `x` (each digit's three bands in a
/// group of four lanes, [`Board::column_rules`]) in a position whose placed cells are
/// `solved` (the same in every group): `Err` for a column without the digit, `Ok(None)`
/// for digits placed in every column (nothing to find), otherwise the words kept (the
/// claimed and pointed cells taken out) and, in lane 0 of each group, the columns where
/// the digit has one cell left and is not yet placed.
#[inline(always)]
fn column_findings<V: Vector>(x: V, solved: V) -> Result<Option<(V, V)>, Dead> {
    if x.and_not(solved).nonzero() == 0 {
        return Ok(None); // placed in every column
    }
    let row = V::splat(0x1FF);
    // Each group's other two bands by rotation.
    let (r0, r1, r2) = (
        x.and(row),
        x.shift_right::<9>().and(row),
        x.shift_right::<18>(),
    );
    let present = r0.or(r1).or(r2);
    let several = r0.and(r1).or(r2.and(r0.or(r1)));
    let (p1, p2) = (present.rotate(), present.rotate().rotate());
    if present.or(p1).or(p2).equal(row) != V::BAND_LANES {
        return Err(Dead); // a column without the digit
    }
    let (s1, s2) = (several.rotate(), several.rotate().rotate());
    let twice = several
        .or(s1)
        .or(s2)
        .or(present.and(p1))
        .or(present.and(p2))
        .or(p1.and(p2));
    // Columns where the digit is placed: settled, nothing to find there.
    let mine = x.and(solved);
    let placed = mine
        .or(mine.shift_right::<9>())
        .or(mine.shift_right::<18>())
        .and(row);
    let placed = placed.or(placed.rotate()).or(placed.rotate().rotate());
    let only_here = present.and_not(p1).and_not(p2).and_not(placed);
    // A box whose open cells lie in one column: the other bands lose that column.
    let open = x.and_not(solved);
    let open_columns = open
        .or(open.shift_right::<9>())
        .or(open.shift_right::<18>())
        .and(row);
    let pointing = pointing_columns(open_columns);
    let pointed = pointing.rotate().or(pointing.rotate().rotate());
    let cells = claiming_removals(only_here).or(pointed
        .or(pointed.shift_left::<9>())
        .or(pointed.shift_left::<18>()));
    let singles = present.and_not(twice).and_not(placed);
    Ok(Some((x.and_not(cells), singles)))
}

/// The position has no solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Dead;

/// One search position: 208 bytes, copied at each branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(16))]
pub(super) struct Board {
    /// `candidates[d][b]`: the cells of band `b` where digit `d + 1` may go (bit
    /// `9 * row + column`), its own placed cells included; `candidates[d][3]` is 0.
    pub(super) candidates: [[u32; 4]; 9],
    /// `solved[b]`: the cells of band `b` holding a placed digit; `solved[3]` is 0.
    pub(super) solved: [u32; 4],
    /// `placements[d][b]`: how many placements (one minirow per row and box) digit-band
    /// (`d`, `b`) had when last examined; after propagation, its count now (every change to
    /// a word is examined before the fixpoint), read by the branching choice.
    placements: [[u8; 4]; 9],
}

/// A set of digit-bands (bit `4 * d + b`), e.g. those whose candidates changed. Kept in
/// locals, not in the board, so the hot loops update registers, not memory.
pub(super) type DigitBands = u64;

/// Bit `4 * d` of every digit `d`: the digit-bands of band 0.
const BAND_0_DIGITS: DigitBands = 0x1_1111_1111;

/// Every digit-band's word, `[d][b]` as in [`Board::candidates`]: what propagation last
/// examined.
pub(super) type Snapshot = [[u32; 4]; 9];

/// The digit-bands whose words differ between `now` and `before`.
#[inline(always)]
fn differences<L: Lanes>(now: &Snapshot, before: &Snapshot) -> DigitBands {
    // Lane 3 of every row is 0 in both.
    L::differing(now, before)
}

/// The digits (bit `d`) with a digit-band in `set`.
#[inline(always)]
fn digits_of_set<L: Lanes>(set: DigitBands) -> u32 {
    L::gather_digits((set | set >> 1 | set >> 2) & BAND_0_DIGITS)
}

impl Board {
    /// Every digit possible everywhere, nothing placed.
    #[inline(always)]
    pub(super) fn empty() -> Board {
        Board {
            candidates: [[BAND, BAND, BAND, 0]; 9],
            solved: [0; 4],
            placements: [[FITTING_COUNT[0x1FF]; 4]; 9],
        }
    }

    /// The cells of each band holding each value (`values`: 81 cells row-major, 0 for an
    /// empty cell, digits `1..=9`): `[v][b]` for value `v`, row 0 the empty cells. No branch
    /// per cell (which cells are empty is unpredictable): see [`Lanes::value_cells`].
    #[inline(always)]
    pub(super) fn given_bits<L: Lanes>(values: &[u8]) -> [[u32; 3]; 10] {
        match <&[u8; 81]>::try_from(values) {
            Ok(values) => L::value_cells(values),
            Err(_) => Portable::value_cells_of(values),
        }
    }

    /// The position of a grid's givens (see [`Board::given_bits`]), unpropagated: what
    /// placing them one by one gives, built a digit at a time. `Err` when two givens of a
    /// digit share a row, column or box.
    #[inline(always)]
    pub(super) fn from_given_bits<L: Lanes>(given: &[[u32; 3]; 10]) -> Result<Board, Dead> {
        let mut board = Board::empty();
        for (solved, &empty) in board.solved.iter_mut().zip(&given[0]) {
            *solved = BAND & !empty;
        }
        for (d, bands) in given[1..].iter().enumerate() {
            let [c0, c1, c2] = bands.map(column_set);
            if (c0 & c1) | (c0 & c2) | (c1 & c2) != 0 {
                return Err(Dead); // two in one column
            }
            let taken = columns(c0 | c1 | c2);
            let mut shared = false;
            for (b, &g) in bands.iter().enumerate() {
                let (cover, two_in_a_unit) = row_and_box_cover::<L>(g);
                shared |= two_in_a_unit;
                board.candidates[d][b] = (BAND & !board.solved[b] & !cover & !taken) | g;
            }
            if shared {
                return Err(Dead); // two in one row or box
            }
        }
        Ok(board)
    }

    /// Takes the cells `cells` of band `b` from every digit but `d`, and marks them solved.
    #[inline(always)]
    fn clear_cells(&mut self, d: usize, b: usize, cells: u32) {
        self.solved[b] |= cells;
        let own = self.candidates[d][b];
        for digit in self.candidates.iter_mut() {
            digit[b] &= !cells;
        }
        self.candidates[d][b] = own;
    }

    /// [`Board::clear_cells`], returning the words of the other digits it changed (tested
    /// one by one: for a placement, rare beside the examinations' hidden singles, which
    /// use [`Board::clear_cells`] and do not report theirs).
    #[inline(always)]
    fn clear_cells_changed(&mut self, d: usize, b: usize, cells: u32) -> DigitBands {
        self.solved[b] |= cells;
        let own = self.candidates[d][b];
        let mut changed = 0;
        for (k, digit) in self.candidates.iter_mut().enumerate() {
            changed |= DigitBands::from(digit[b] & cells != 0) << (4 * k + b);
            digit[b] &= !cells;
        }
        self.candidates[d][b] = own;
        changed & !(1 << (4 * d + b))
    }

    /// [`Board::clear_columns`], returning the words it changed.
    #[inline(always)]
    fn clear_columns_changed(&mut self, d: usize, b: usize, cells: u32) -> DigitBands {
        let [b1, b2] = OTHER_BANDS[b];
        let changed = DigitBands::from(self.candidates[d][b1] & cells != 0) << (4 * d + b1)
            | DigitBands::from(self.candidates[d][b2] & cells != 0) << (4 * d + b2);
        self.clear_columns(d, b, cells);
        changed
    }

    /// Takes the cells of the columns of `cells` (cells of band `b`) from digit `d` in the
    /// two other bands.
    #[inline(always)]
    fn clear_columns(&mut self, d: usize, b: usize, cells: u32) {
        let [b1, b2] = OTHER_BANDS[b];
        self.candidates[d][b1] &= !cells;
        self.candidates[d][b2] &= !cells;
    }

    /// Places digit `d` (0-based) in the cell of band `b` whose bit is `cell` (a single bit):
    /// the digit leaves the cell's row, box and column, the other digits leave the cell.
    /// Returns the words it changed.
    #[inline(always)]
    pub(super) fn place(&mut self, d: usize, b: usize, cell: u32) -> Result<DigitBands, Dead> {
        // In range (the callers' values are): lets the compiler drop the bounds checks.
        let (d, b) = (d.min(8), b.min(2));
        if self.candidates[d][b] & cell == 0 {
            return Err(Dead);
        }
        let i = cell.trailing_zeros() as usize % 27;
        let others = self.clear_cells_changed(d, b, cell);
        let word = self.candidates[d][b];
        let kept = word & !ROW_AND_BOX_PEERS[i];
        self.candidates[d][b] = kept;
        let own = DigitBands::from(kept != word) << (4 * d + b);
        Ok(others | own | self.clear_columns_changed(d, b, COLUMN_OF_CELL[i]))
    }

    /// Examines digit-band `i` (`4 * d + b`, its index in the flattened words): keeps only
    /// the minirows the digit can still use (every locked-candidates deduction within the
    /// band), takes the digit from a column of the other bands when a box of this band has
    /// it in that column only (pointing), then places the digit where it has one cell left
    /// in a row or a box of the band (hidden singles). Returns the digit-band's word after
    /// the examination.
    ///
    /// After the minirows are restricted, a minirow is the only usable one of its row exactly
    /// when it is the only one of its box (it is in every fitting placement), so a fixed
    /// cell, the only cell of such a minirow, already has no other cell of its row and box:
    /// placing it touches only the other digits and the other bands.
    #[inline(always)]
    fn examine<L: Lanes>(&mut self, i: usize) -> Result<u32, Dead> {
        let i = i.min(35);
        let (d, b) = (i / 4, (i % 4).min(2));
        let before = self.candidates.as_flattened()[i];
        let [usable, forced] = EXAMINATION[L::minirow_set(before)];
        let x = before & usable;
        if x == 0 {
            return Err(Dead);
        }
        self.candidates.as_flattened_mut()[i] = x;
        self.placements.as_flattened_mut()[i] = (forced >> 27) as u8;
        // The table keeps or drops whole minirows, and every minirow in all placements is
        // kept: the minirows with one cell are read from the word before, beside the
        // lookup instead of after it (the examinations of a pass wait on each other's
        // writes, so their latency is the search's time). `open` has no bit above the
        // band's: the count in `forced` drops out.
        let open = before & !self.solved[b];
        let fixed = open & (single_in_triplets(before, TRIPLET_LOW) * 7) & forced;
        if fixed != 0 {
            debug_assert!(!row_and_box_cover::<L>(fixed).1, "fixed cells share a unit");
            self.clear_cells(d, b, fixed);
            self.clear_columns(d, b, columns(column_set(fixed)));
        }
        Ok(x)
    }

    /// Places every cell of the board with one candidate left (naked singles); a cell with
    /// none is a contradiction. Returns the words it changed if it placed any (so that
    /// propagation need not compare right after these stores: see [`Board::propagate`]).
    #[inline(always)]
    fn naked_singles<L: Lanes>(&mut self) -> Result<Option<DigitBands>, Dead> {
        let (mut once, mut twice) = (L::splat(0), L::splat(0));
        for digit in &self.candidates {
            let c = L::load(digit);
            twice = twice.or(once.and(c));
            once = once.or(c);
        }
        let solved = L::load(&self.solved);
        let open = L::from_array([BAND, BAND, BAND, 0]).and_not(solved);
        if open.and_not(once).nonzero() != 0 {
            return Err(Dead);
        }
        let singles = once.and_not(twice).and(open);
        if singles.nonzero() == 0 {
            return Ok(None);
        }
        // The cells with one candidate hold no other digit: each digit places its own, in
        // each digit-band holding some (one loop over them, no branch per digit).
        solved.or(singles).store(&mut self.solved);
        let mut holding = L::touching(&self.candidates, singles);
        let singles = singles.to_array();
        let mut shared = false;
        let mut changed = 0;
        while holding != 0 {
            let i = (holding.trailing_zeros() as usize).min(35);
            holding &= holding - 1;
            let (d, b) = (i / 4, (i % 4).min(2));
            let cells = self.candidates[d][b] & singles[b];
            let (cover, two_in_a_unit) = row_and_box_cover::<L>(cells);
            let column_cells = columns(column_set(cells));
            let [b1, b2] = OTHER_BANDS[b];
            // A single of the digit in the same column of another band would lose its only
            // candidate below and stay marked placed with none: a contradiction.
            let in_column = (self.candidates[d][b1] & singles[b1]
                | self.candidates[d][b2] & singles[b2])
                & column_cells;
            shared |= two_in_a_unit | (in_column != 0);
            let word = self.candidates[d][b];
            let kept = word & (!cover | cells);
            changed |= DigitBands::from(kept != word) << i;
            self.candidates[d][b] = kept;
            changed |= self.clear_columns_changed(d, b, column_cells);
        }
        if shared {
            return Err(Dead); // two naked singles of a digit in a row, box or column
        }
        Ok(Some(changed))
    }

    /// The column rules, for each digit of `digits` (bit `d`): a column with no cell left is
    /// a contradiction; one with one cell places the digit there (hidden singles in columns);
    /// one whose cells all lie in one band claims the digit for that column in its box
    /// (locked candidates, claiming from columns). Returns whether it changed a word.
    ///
    /// The digits of `digits` go two at a time, any two ([`Lanes::Pair`]: one AVX2
    /// register where the processor has it), the last alone when their number is odd; the
    /// singles of a pair are placed after both digits' eliminations. (Fixed pairs, digits
    /// 1-2, 3-4 and so on, taken when either digit changed, cost more: serg 17,354
    /// instructions a puzzle against 16,932, forum hardest 1106 356,822 against 345,671.)
    #[inline(always)]
    fn column_rules<L: Lanes>(&mut self, digits: u32) -> Result<DigitBands, Dead> {
        let solved = L::load(&self.solved);
        let solved_twice = L::Pair::join(solved, solved);
        let mut changed = 0;
        let mut rest = digits & 0x1FF;
        while rest != 0 {
            let d1 = (rest.trailing_zeros() as usize).min(8);
            rest &= rest - 1;
            if rest == 0 {
                let x = L::load(&self.candidates[d1]);
                if let Some((kept, singles)) = column_findings(x, solved)? {
                    changed |= DigitBands::from(!kept.equal(x) & 0x7) << (4 * d1);
                    kept.store(&mut self.candidates[d1]);
                    changed |= self.place_column_singles(d1, singles.to_array()[0])?;
                }
                break;
            }
            let d2 = (rest.trailing_zeros() as usize).min(8);
            rest &= rest - 1;
            let x = L::Pair::join(L::load(&self.candidates[d1]), L::load(&self.candidates[d2]));
            let Some((kept, singles)) = column_findings(x, solved_twice)? else {
                continue;
            };
            let unchanged = kept.equal(x);
            changed |= DigitBands::from(!unchanged & 0x7) << (4 * d1)
                | DigitBands::from(!unchanged >> 4 & 0x7) << (4 * d2);
            let (k1, k2) = kept.split();
            k1.store(&mut self.candidates[d1]);
            k2.store(&mut self.candidates[d2]);
            let (first, second) = singles.split();
            changed |= self.place_column_singles(d1, first.to_array()[0])?;
            changed |= self.place_column_singles(d2, second.to_array()[0])?;
        }
        Ok(changed)
    }

    /// Places digit `d` in the one cell it has left in each column of `singles` (bit `c`
    /// for column `c`). Returns the words it changed.
    #[inline(always)]
    fn place_column_singles(&mut self, d: usize, singles: u32) -> Result<DigitBands, Dead> {
        let mut changed = 0;
        let mut rest = singles;
        while rest != 0 {
            let cells = COLUMN_0 << rest.trailing_zeros();
            rest &= rest - 1;
            for b in 0..3 {
                let cell = self.candidates[d][b] & cells;
                if cell != 0 {
                    changed |= self.place(d, b, cell)?;
                }
            }
        }
        Ok(changed)
    }

    /// Runs the rules `rules` asks for to their fixpoint. `seen` holds each digit-band's
    /// word as last examined (for a child position, its parent's propagated words; for a
    /// root, the empty board's) and `changed` the words that differ from it now: those are
    /// examined, then every word that differs, again while any differs; then come naked
    /// singles, then (unless [`Rules::Singles`]) the column rules for the digits changed
    /// since they last ran, then the triads, each starting over when it changes something.
    ///
    /// Which words changed is found by comparing them with `seen` (nine SSE2 comparisons),
    /// not by flagging every write: a placement writes eleven words and most examinations
    /// change nothing, except where a comparison would come right after the stores and
    /// wait for them (see the module docs): the first pass takes its words from the caller
    /// (the branching choice knows which it changed), and the pass after naked singles or
    /// the column rules the words they report. Naked singles wait for the examinations'
    /// fixpoint (the scan covers the whole board; placing a naked single mostly repeats
    /// what the examination of the same digit-bands would find).
    #[inline(always)]
    pub(super) fn propagate<L: Lanes>(
        &mut self,
        seen: &mut Snapshot,
        changed: DigitBands,
        rules: Rules,
    ) -> Result<(), Dead> {
        // Every change is examined before the fixpoint, so the words changed since the
        // column rules (or the triads) last ran are the union of the examined sets (all
        // words when they have not run on this position's ancestors).
        let start = match rules {
            Rules::All => ALL_WORDS,
            Rules::Singles | Rules::Changed => 0,
        };
        let (mut since_rules, mut since_triads) = (start, start);
        let mut pending = changed;
        loop {
            debug_assert_eq!(
                pending,
                differences::<L>(&self.candidates, seen),
                "changed words"
            );
            if pending != 0 {
                since_rules |= pending;
                since_triads |= pending;
                while pending != 0 {
                    let i = pending.trailing_zeros() as usize;
                    pending &= pending - 1;
                    seen.as_flattened_mut()[i.min(35)] = self.examine::<L>(i)?;
                }
                pending = differences::<L>(&self.candidates, seen);
                continue;
            }
            if let Some(changed) = self.naked_singles::<L>()? {
                pending = changed;
                continue;
            }
            if rules == Rules::Singles {
                return Ok(());
            }
            let open = 81 - self.solved.iter().map(|s| s.count_ones()).sum::<u32>();
            let digits = if open >= COLUMN_RULES_OPEN_CELLS {
                digits_of_set::<L>(since_rules)
            } else {
                0
            };
            since_rules = 0;
            pending = self.column_rules::<L>(digits)?;
            if pending != 0 {
                continue;
            }
            let eligible = (0..3).any(|b| {
                (since_triads >> b) & BAND_0_DIGITS != 0
                    && self.solved[b].count_ones() < TRIADS_PLACED_LIMIT
            });
            since_triads = 0;
            if !eligible || !self.triads::<L>()? {
                #[cfg(debug_assertions)]
                self.assert_placed_cells_settled();
                return Ok(());
            }
            pending = differences::<L>(&self.candidates, seen);
        }
    }

    /// The invariant of placed cells after propagation: each holds exactly one digit, and
    /// no other cell of its row, column or box holds that digit.
    #[cfg(debug_assertions)]
    fn assert_placed_cells_settled(&self) {
        for (b, other_bands) in OTHER_BANDS.iter().enumerate() {
            let mut rest = self.solved[b];
            while rest != 0 {
                let cell = rest & rest.wrapping_neg();
                rest &= rest - 1;
                let digits = self.digits_of(b, cell);
                assert_eq!(digits.count_ones(), 1, "placed cell {cell:#x} of band {b}");
                let d = digits.trailing_zeros() as usize;
                let i = cell.trailing_zeros() as usize;
                assert_eq!(
                    self.candidates[d][b] & ROW_AND_BOX_PEERS[i],
                    0,
                    "row/box peer"
                );
                for &other in other_bands {
                    assert_eq!(
                        self.candidates[d][other] & COLUMN_OF_CELL[i],
                        0,
                        "column peer"
                    );
                }
            }
        }
    }

    /// Whether every cell is placed.
    #[inline(always)]
    pub(super) fn is_complete(&self) -> bool {
        (self.solved[0] & self.solved[1] & self.solved[2]) == BAND
    }

    /// A cell to branch on and its candidates: the first cell with two candidates if there
    /// is one, otherwise the first cell with the fewest. `None` when every cell is placed.
    #[inline(always)]
    pub(super) fn branch_cell(&self) -> Option<(usize, u32, u16)> {
        let mut best: Option<(usize, u32, u16)> = None;
        let mut best_count = u32::MAX;
        for b in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for digit in &self.candidates {
                let c = digit[b];
                thrice |= twice & c;
                twice |= once & c;
                once |= c;
            }
            let open = BAND & !self.solved[b];
            let pairs = twice & !thrice & open;
            if pairs != 0 {
                let cell = pairs & pairs.wrapping_neg();
                return Some((b, cell, self.digits_of(b, cell)));
            }
            let mut rest = open;
            while rest != 0 && best_count > 3 {
                let cell = rest & rest.wrapping_neg();
                rest &= rest - 1;
                let digits = self.digits_of(b, cell);
                if digits.count_ones() < best_count {
                    best_count = digits.count_ones();
                    best = Some((b, cell, digits));
                }
            }
        }
        best
    }

    /// The digit to branch on and where: in the band with the fewest placements (one
    /// minirow per row and box of the band) over all its digits, the digit with the fewest,
    /// at least two; in a sparse, hard position (see [`STACK_CHOICE_OPEN_CELLS`]) the same
    /// over the stacks too (one minicolumn per column and box of a stack), the stack taken
    /// when its total is smaller. With those placements (bit `p` for [`PLACEMENTS`]`[p]`,
    /// minirows or minicolumns). `None` when every digit-band has one placement left.
    ///
    /// The band-first order is the one T. Dillon's write-up of tdoku reports as best for
    /// its band configurations (among its three bands and three stacks); measured here
    /// (nodes per puzzle, count to 2) against the digit-band with the fewest placements
    /// anywhere, the rule used before: forum hardest 1106 611 -> 309, top1465 38.3 -> 29.3,
    /// 17-clue 2.7 -> 2.2.
    #[inline(always)]
    pub(super) fn branch_placement<L: Lanes>(&self) -> Option<(Placement, u8)> {
        #[cfg(debug_assertions)]
        for d in 0..9 {
            for b in 0..3 {
                debug_assert_eq!(
                    self.placements[d][b],
                    FITTING_COUNT[L::minirow_set(self.candidates[d][b])],
                    "digit-band ({d}, {b}) changed without an examination"
                );
            }
        }
        let band = L::branch_choice(&self.placements);
        let open = 81 - self.solved.iter().map(|s| s.count_ones()).sum::<u32>();
        if open >= STACK_CHOICE_OPEN_CELLS
            && band.is_none_or(|(_, _, total)| total > STACK_CHOICE_BAND_TOTAL)
        {
            if let Some(stack) = self.stack_choice::<L>(band.map_or(u32::MAX, |c| c.2)) {
                return Some(stack);
            }
        }
        let (d, b, _) = band?;
        let set = L::minirow_set(self.candidates[d][b]);
        Some((Placement::Band(d, b), FITTING_PLACEMENTS[set]))
    }

    /// The stack placement to branch on, as [`Board::branch_placement`] chooses among the
    /// bands, when its stack's total is below `band_total`.
    #[inline(always)]
    fn stack_choice<L: Lanes>(&self, band_total: u32) -> Option<(Placement, u8)> {
        let mut counts = [[0u8; 4]; 9];
        let mut packed = [0u32; 9];
        let row = L::splat(0x1FF);
        for (d, digit_counts) in counts.iter_mut().enumerate() {
            let x = L::load(&self.candidates[d]);
            let [c0, c1, c2, _] = x
                .or(x.shift_right::<9>())
                .or(x.shift_right::<18>())
                .and(row)
                .to_array();
            packed[d] = c0 | c1 << 9 | c2 << 18;
            for (s, count) in digit_counts.iter_mut().take(3).enumerate() {
                *count = FITTING_COUNT[L::stack_set(packed[d], s)];
            }
        }
        let (d, s, total) = L::branch_choice(&counts)?;
        // No closure (`then`): it would be compiled on its own, without `pext`.
        if total >= band_total {
            return None;
        }
        let set = L::stack_set(packed[d], s);
        Some((Placement::Stack(d, s), FITTING_PLACEMENTS[set]))
    }

    /// Keeps the placement `placement` of a digit to its option `p` alone. Returns the
    /// words it changed (a band placement's one word always changes: the option is one of
    /// at least two).
    #[inline(always)]
    pub(super) fn take(&mut self, placement: Placement, p: usize) -> DigitBands {
        let kept = u32::from(PLACEMENTS[p % 6]);
        match placement {
            Placement::Band(d, b) => {
                let (d, b) = (d % 9, b % 3);
                self.candidates[d][b] &= MINIROW_CELLS[kept as usize];
                1 << (4 * d + b)
            }
            Placement::Stack(d, s) => {
                let stack = 0o7 << (3 * (s % 3));
                let mut changed = 0;
                for (b, word) in self.candidates[d % 9].iter_mut().take(3).enumerate() {
                    let keep = ((kept >> (3 * b)) & 7) << (3 * (s % 3));
                    let dropped = columns(stack & !keep);
                    changed |= DigitBands::from(*word & dropped != 0) << b;
                    *word &= !dropped;
                }
                changed << (4 * (d % 9))
            }
        }
    }

    /// The candidates of one cell, as bits `d` (digit `d + 1`).
    #[inline(always)]
    fn digits_of(&self, b: usize, cell: u32) -> u16 {
        let mut digits = 0u16;
        for (d, c) in self.candidates.iter().enumerate() {
            digits |= u16::from(c[b] & cell != 0) << d;
        }
        digits
    }

    /// The grid's cells, row-major, digits `1..=9` (every cell must be placed: each
    /// digit-band then holds exactly its three placed cells).
    #[inline(always)]
    pub(super) fn values<L: Lanes>(&self) -> [u8; 81] {
        debug_assert!(
            self.candidates
                .iter()
                .all(|digit| digit[..3].iter().all(|w| w.count_ones() == 3)),
            "values of an unfinished grid"
        );
        L::values(&self.candidates)
    }
}
