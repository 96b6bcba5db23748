//! The band engine's position and its propagation (see the module docs of [`super`] for the
//! layout and invariants).

use super::tables::{
    single_in_triplets, BAND, CLAIMING_REMOVALS, COLUMN_0, FITTING_COUNT, FITTING_PLACEMENTS,
    FORCED_MINIROW_LOWS, MINIROWS_OF_ROW, MINIROW_CELLS, PLACEMENTS, ROW_AND_BOX_PEERS,
    TRIPLET_LOW, USABLE_MINIROWS,
};

/// Bands with this many placed cells or more skip the triad rules. Counted over triad
/// passes (count to 2): on serg (first 2,000 puzzles), 5 of 9,229 passes on such bands
/// changed something or found a contradiction, against 679 of 18,728 (3.6%) on emptier
/// bands; on forum hardest 1106 (first 100), 2 of 1,091 against about 2,700 of 21,800.
const TRIADS_PLACED_LIMIT: u32 = 20;

/// The cells of each band cell's column (bit `9 * row + column`).
const COLUMN_OF_CELL: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        table[i] = COLUMN_0 << (i % 9);
        i += 1;
    }
    table
};

/// The two bands other than each band.
pub(super) const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// The cells of a band in the columns of a 9-bit column set.
#[inline(always)]
fn columns(set: u32) -> u32 {
    set * COLUMN_0
}

/// The 9-bit set of columns (bit `column`) holding a cell of `x`, cells of a band.
#[inline(always)]
pub(super) fn column_set(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 0x1FF
}

/// The cells sharing a row or a box of the band with a cell of `cells` (the cells
/// themselves included when two of them share one).
#[inline(always)]
fn row_and_box_peers(cells: u32) -> u32 {
    let mut peers = 0;
    let mut rest = cells;
    while rest != 0 {
        peers |= ROW_AND_BOX_PEERS[rest.trailing_zeros() as usize % 27];
        rest &= rest - 1;
    }
    peers
}

/// The 9-bit set of minirows (bit `3 * row + box`) holding a cell of `x`.
#[inline(always)]
fn minirows(x: u32) -> usize {
    MINIROWS_OF_ROW[(x & 0x1FF) as usize] as usize
        | (MINIROWS_OF_ROW[((x >> 9) & 0x1FF) as usize] as usize) << 3
        | (MINIROWS_OF_ROW[(x >> 18) as usize] as usize) << 6
}

/// The position has no solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Dead;

/// One search position: 148 bytes, copied at each branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Board {
    /// `candidates[b][d]`: the cells of band `b` where digit `d + 1` may go (bit
    /// `9 * row + column`), its own placed cells included.
    pub(super) candidates: [[u32; 9]; 3],
    /// `solved[b]`: the cells of band `b` holding a placed digit.
    pub(super) solved: [u32; 3],
    /// `placements[b][d]`: how many placements (one minirow per row and box) digit-band
    /// (`b`, `d`) had when last examined; after propagation, its count now (every change to
    /// a word is examined before the fixpoint), read by the branching choice.
    placements: [[u8; 9]; 3],
}

/// A set of digit-bands (bit `9 * b + d`), e.g. those whose candidates changed. Kept in
/// locals, not in the board, so the hot loops update registers, not memory.
pub(super) type DigitBands = u32;

/// Every digit-band.
pub(super) const ALL_DIGIT_BANDS: DigitBands = (1 << 27) - 1;

/// The bit of digit-band (`b`, `d`) in a [`DigitBands`].
#[inline(always)]
fn bit(b: usize, d: usize) -> DigitBands {
    1 << (9 * b + d)
}

impl Board {
    /// Every digit possible everywhere, nothing placed.
    pub(super) fn empty() -> Board {
        Board {
            candidates: [[BAND; 9]; 3],
            solved: [0; 3],
            placements: [[FITTING_COUNT[0x1FF]; 9]; 3],
        }
    }

    /// The position of a grid's givens (`values`: 81 cells row-major, 0 for an empty cell,
    /// digits `1..=9`), unpropagated: what placing them one by one gives, built a digit at a
    /// time. `Err` when two givens of a digit share a row, column or box.
    pub(super) fn with_givens(values: &[u8]) -> Result<Board, Dead> {
        // given[d][b]: the cells of band b given digit d + 1.
        let mut given = [[0u32; 3]; 9];
        for (cell, &value) in values.iter().enumerate().take(81) {
            if value != 0 {
                given[(value as usize - 1) % 9][cell / 27] |= 1 << (cell % 27);
            }
        }
        let mut board = Board::empty();
        for bands in &given {
            for (solved, &cells) in board.solved.iter_mut().zip(bands) {
                *solved |= cells;
            }
        }
        for (d, bands) in given.iter().enumerate() {
            let [c0, c1, c2] = bands.map(column_set);
            if (c0 & c1) | (c0 & c2) | (c1 & c2) != 0 {
                return Err(Dead); // two in one column
            }
            let taken = columns(c0 | c1 | c2);
            for (b, &g) in bands.iter().enumerate() {
                let peers = row_and_box_peers(g);
                if peers & g != 0 {
                    return Err(Dead); // two in one row or box
                }
                board.candidates[b][d] = (BAND & !board.solved[b] & !peers & !taken) | g;
            }
        }
        Ok(board)
    }

    /// Removes the cells `cells` from digit-band (`b`, `d`), adding it to `changed` if that
    /// changed it.
    #[inline(always)]
    fn remove(&mut self, b: usize, d: usize, cells: u32, changed: &mut DigitBands) {
        let word = &mut self.candidates[b][d];
        let old = *word;
        *word = old & !cells;
        *changed |= u32::from(old & cells != 0) << (9 * b + d);
    }

    /// Places digit `d` (0-based) in the cell of band `b` whose bit is `cell` (a single bit):
    /// the digit leaves the cell's row, box and column, the other digits leave the cell.
    /// Returns the digit-bands that changed.
    #[inline]
    pub(super) fn place(&mut self, d: usize, b: usize, cell: u32) -> Result<DigitBands, Dead> {
        // In range (the callers' values are): lets the compiler drop the bounds checks.
        let (d, b) = (d.min(8), b.min(2));
        if self.candidates[b][d] & cell == 0 {
            return Err(Dead);
        }
        self.solved[b] |= cell;
        let i = cell.trailing_zeros() as usize % 27;
        // Every digit leaves the cell (one contiguous row of nine words, checked once), then
        // the placed one comes back alone in its row and box.
        let mut changed = 0;
        let band = &mut self.candidates[b];
        for (d2, word) in band.iter_mut().enumerate() {
            let old = *word;
            *word = old & !cell;
            changed |= u32::from(old & cell != 0) << d2;
        }
        changed <<= 9 * b;
        band[d] = (band[d] & !ROW_AND_BOX_PEERS[i]) | cell;
        changed |= bit(b, d);
        let column = COLUMN_OF_CELL[i];
        let [b1, b2] = OTHER_BANDS[b];
        self.remove(b1, d, column, &mut changed);
        self.remove(b2, d, column, &mut changed);
        Ok(changed)
    }

    /// Places digit `d` in every cell of `cells` (open cells of band `b`, in different rows
    /// and boxes, as the singles of one examination are) at once: [`Board::place`] for
    /// several cells with one pass over the band's digits. Returns the digit-bands that
    /// changed.
    #[inline]
    fn place_all(&mut self, d: usize, b: usize, cells: u32) -> Result<DigitBands, Dead> {
        let (d, b) = (d.min(8), b.min(2));
        if cells & cells.wrapping_sub(1) == 0 {
            return self.place(d, b, cells);
        }
        let peers = row_and_box_peers(cells);
        if peers & cells != 0 {
            return Err(Dead); // two of them share a row or box
        }
        self.solved[b] |= cells;
        let mut changed = 0;
        let band = &mut self.candidates[b];
        for (d2, word) in band.iter_mut().enumerate() {
            let old = *word;
            *word = old & !cells;
            changed |= u32::from(old & cells != 0) << d2;
        }
        changed <<= 9 * b;
        band[d] = (band[d] & !peers) | cells;
        changed |= bit(b, d);
        let column_cells = columns(column_set(cells));
        let [b1, b2] = OTHER_BANDS[b];
        self.remove(b1, d, column_cells, &mut changed);
        self.remove(b2, d, column_cells, &mut changed);
        Ok(changed)
    }

    /// Examines digit-band (`b`, `d`): keeps only the minirows the digit can still use
    /// (every locked-candidates deduction within the band), takes the digit from a column of
    /// the other bands when a box of this band has it in that column only (pointing), then
    /// places the digit where it has one cell left in a row or a box of the band (hidden
    /// singles). Returns the digit-bands that changed.
    ///
    /// Branch-free where it can be: a fixed cell is the only cell of a minirow that is the
    /// only usable one of its row or box (a table gives those minirows), and "one cell in a
    /// group of three bits" is computed for all nine minirows, or all three boxes' columns,
    /// at once.
    #[inline]
    fn examine(&mut self, b: usize, d: usize) -> Result<DigitBands, Dead> {
        let (b, d) = (b.min(2), d.min(8));
        let mut x = self.candidates[b][d];
        let rows = minirows(x);
        let usable = USABLE_MINIROWS[rows] as usize;
        if usable == 0 {
            return Err(Dead);
        }
        self.placements[b][d] = FITTING_COUNT[usable];
        let mut changed = 0;
        if usable != rows {
            x &= MINIROW_CELLS[usable];
            self.candidates[b][d] = x;
            changed |= bit(b, d);
        }
        // Pointing down the columns: a box whose open cells for the digit lie in one column
        // takes the digit from that column in the other bands.
        let open = x & !self.solved[b];
        let open_columns = column_set(open);
        let pointing = open_columns & (single_in_triplets(open_columns, 0o111) * 7);
        if pointing != 0 {
            let [b1, b2] = OTHER_BANDS[b];
            let cells = columns(pointing);
            self.remove(b1, d, cells, &mut changed);
            self.remove(b2, d, cells, &mut changed);
        }
        let forced = FORCED_MINIROW_LOWS[usable];
        let fixed = x & ((single_in_triplets(x, TRIPLET_LOW) & forced) * 7);
        let new = fixed & !self.solved[b];
        if new != 0 {
            changed |= self.place_all(d, b, new)?;
        }
        Ok(changed)
    }

    /// Places every cell of the board with one candidate left (naked singles); a cell with
    /// none is a contradiction. Returns the digit-bands that changed.
    fn naked_singles(&mut self) -> Result<DigitBands, Dead> {
        let mut changed = 0;
        for b in 0..3 {
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in &self.candidates[b] {
                twice |= once & c;
                once |= c;
            }
            let open = BAND & !self.solved[b];
            if once & open != open {
                return Err(Dead);
            }
            let mut singles = once & !twice & open;
            while singles != 0 {
                let cell = singles & singles.wrapping_neg();
                singles &= singles - 1;
                // A placement earlier in this loop may have taken the single's digit.
                let Some(d) = self.candidates[b].iter().position(|&c| c & cell != 0) else {
                    return Err(Dead);
                };
                changed |= self.place(d, b, cell)?;
            }
        }
        Ok(changed)
    }

    /// The column rules, for each digit with a digit-band in `touched`: a column with no cell
    /// left is a contradiction; one with one cell places the digit there (hidden singles in
    /// columns); one whose cells all lie in one band claims the digit for that column in its
    /// box (locked candidates, claiming from columns). Returns the digit-bands that changed.
    fn column_rules(&mut self, touched: DigitBands) -> Result<DigitBands, Dead> {
        let mut changed = 0;
        let mut digits = (touched | touched >> 9 | touched >> 18) & 0x1FF;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let bands = [
                self.candidates[0][d],
                self.candidates[1][d],
                self.candidates[2][d],
            ];
            let (mut once, mut twice) = (0u32, 0u32);
            let mut present = [0u32; 3];
            // Columns where the digit is placed: settled, nothing to find there.
            let mut placed = 0;
            for (b, x) in bands.into_iter().enumerate() {
                present[b] = column_set(x);
                let solved = x & self.solved[b];
                placed |= column_set(solved);
                for row in [x & 0x1FF, (x >> 9) & 0x1FF, x >> 18] {
                    twice |= once & row;
                    once |= row;
                }
            }
            if once != 0x1FF {
                return Err(Dead);
            }
            let mut singles = once & !twice & !placed;
            while singles != 0 {
                let column = singles.trailing_zeros();
                singles &= singles - 1;
                let cells = COLUMN_0 << column;
                for (b, &x) in bands.iter().enumerate() {
                    let cell = x & cells;
                    if cell != 0 {
                        changed |= self.place(d, b, cell)?;
                    }
                }
            }
            for b in 0..3 {
                let [b1, b2] = OTHER_BANDS[b];
                let only_here = present[b] & !present[b1] & !present[b2] & !placed;
                // In each box of the band, the digit must go in the claimed column(s).
                self.remove(
                    b,
                    d,
                    CLAIMING_REMOVALS[only_here as usize & 0x1FF],
                    &mut changed,
                );
            }
        }
        Ok(changed)
    }

    /// Runs every rule to its fixpoint, starting from the digit-bands `changed` (those
    /// changed since the position was last propagated): band examinations while any
    /// digit-band is pending, then naked singles, then the column rules for the digits
    /// touched since they last ran, again while any of them changes something.
    pub(super) fn propagate(&mut self, changed: DigitBands) -> Result<(), Dead> {
        let mut pending = changed;
        let mut touched = changed;
        let mut since_triads = changed;
        loop {
            // In rounds: the cheap cell-level naked singles first, then each digit-band
            // changed since the last round examined once; what that changes waits for the
            // next round.
            while pending != 0 {
                let more = self.naked_singles()?;
                pending |= more;
                touched |= more;
                let work = pending;
                pending = 0;
                for b in 0..3 {
                    let mut digits = (work >> (9 * b)) & 0x1FF;
                    while digits != 0 {
                        let d = digits.trailing_zeros() as usize;
                        digits &= digits - 1;
                        let more = self.examine(b, d)?;
                        pending |= more;
                        touched |= more;
                    }
                }
            }
            let more = self.naked_singles()?;
            if more != 0 {
                pending |= more;
                touched |= more;
                continue;
            }
            since_triads |= touched;
            let mut more = self.column_rules(touched)?;
            if more == 0 {
                for b in 0..3 {
                    if (since_triads >> (9 * b)) & 0x1FF != 0
                        && self.solved[b].count_ones() < TRIADS_PLACED_LIMIT
                    {
                        more |= self.triads(b)?;
                    }
                }
                since_triads = 0;
            }
            touched = more;
            if more == 0 {
                return Ok(());
            }
            pending |= more;
        }
    }

    /// A cell to branch on and its candidates: the first cell with two candidates if there
    /// is one, otherwise the first cell with the fewest. `None` when every cell is placed.
    pub(super) fn branch_cell(&self) -> Option<(usize, u32, u16)> {
        let mut best: Option<(usize, u32, u16)> = None;
        let mut best_count = u32::MAX;
        for b in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for &c in &self.candidates[b] {
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

    /// The digit-band to branch on: in the band with the fewest placements (one minirow per
    /// row and box of the band) over all its digits, the digit with the fewest, at least
    /// two; as its index `9 * b + d` with those placements (bit `p` for
    /// [`PLACEMENTS`]`[p]`). `None` when every digit-band has one placement left.
    ///
    /// The band-first order is the one T. Dillon's write-up of tdoku reports as best for
    /// its band configurations; measured here (nodes per puzzle, count to 2) against the
    /// digit-band with the fewest placements anywhere, the rule used before: forum hardest
    /// 1106 611 -> 309, top1465 38.3 -> 29.3, 17-clue 2.7 -> 2.2.
    pub(super) fn branch_placement(&self) -> Option<(usize, u8)> {
        let mut best: Option<usize> = None;
        let mut best_band = u32::MAX;
        for b in 0..3 {
            let mut total = 0;
            let mut local: Option<usize> = None;
            let mut local_count = u32::MAX;
            for d in 0..9 {
                let count = u32::from(self.placements[b][d]);
                debug_assert_eq!(
                    self.placements[b][d],
                    FITTING_COUNT[minirows(self.candidates[b][d])],
                    "digit-band ({b}, {d}) changed without an examination"
                );
                total += count;
                if count >= 2 && count < local_count {
                    local_count = count;
                    local = Some(9 * b + d);
                }
            }
            if local.is_some() && total < best_band {
                best_band = total;
                best = local;
            }
        }
        best.map(|index| {
            let set = minirows(self.candidates[(index / 9) % 3][index % 9]);
            (index, FITTING_PLACEMENTS[set])
        })
    }

    /// Keeps digit-band `index` (`9 * b + d`) to placement `p` alone: returns the
    /// digit-bands that changed.
    pub(super) fn take_placement(&mut self, index: usize, p: usize) -> DigitBands {
        let (b, d) = ((index / 9) % 3, index % 9);
        self.candidates[b][d] &= MINIROW_CELLS[PLACEMENTS[p % 6] as usize];
        bit(b, d)
    }

    /// The candidates of one cell, as bits `d` (digit `d + 1`).
    fn digits_of(&self, b: usize, cell: u32) -> u16 {
        let mut digits = 0u16;
        for (d, &c) in self.candidates[b].iter().enumerate() {
            digits |= u16::from(c & cell != 0) << d;
        }
        digits
    }

    /// The grid's cells, row-major, digits `1..=9` (every cell must be placed: each
    /// digit-band then holds exactly its three placed cells).
    pub(super) fn values(&self) -> [u8; 81] {
        let mut values = [0u8; 81];
        for (band, cells) in self.candidates.iter().zip(values.chunks_exact_mut(27)) {
            for (d, &word) in band.iter().enumerate() {
                // Three cells per digit and band in a full grid: no loop to predict.
                debug_assert_eq!(word.count_ones(), 3, "values of an unfinished grid");
                let mut x = word;
                for _ in 0..3 {
                    cells[(x.trailing_zeros() as usize).min(26)] = d as u8 + 1;
                    x &= x.wrapping_sub(1);
                }
            }
        }
        values
    }
}
