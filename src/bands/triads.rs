//! The triad rules of the band engine: every minirow and every minicolumn holds exactly three
//! digits.
//!
//! A *minirow* (three cells where a row crosses a box) and a *minicolumn* (three cells where
//! a column crosses a box) each hold three different digits. For each of them, a digit is
//! *possible* when one of its cells has the digit as a candidate, and *certain* when the
//! digit must go in it: the minirow is the only one of its row, or of its box, where the
//! digit can go (for a minicolumn: of its column or its box). Then:
//!
//! * fewer than three possible digits, or more than three certain ones: a contradiction;
//! * exactly three possible: all three are certain, so each leaves the rest of the row (or
//!   column) and of the box (a naked triple confined to the minirow);
//! * exactly three certain: no other digit can go in the three cells (a hidden triple).
//!
//! T. Dillon's write-up of tdoku ("The Tseytinesque Transformation", "Cardinality
//! Constraints") introduces these triads as propositional variables with exactly-three
//! constraints; this is our own formulation of the same deductions on band bitboards:
//! counts of the nine digits for all nine minirows (or minicolumns) of a band at once,
//! bit-sliced. What they buy is measured in the module docs of [`super`].

use super::board::{Board, Dead, OTHER_BANDS};
use super::lanes::{Lanes, Pair, Vector};
use super::tables::{BOX, COLUMN_0, ROW, TRIPLET_LOW};

/// Bit 9 * row of each row of a band (the lowest minirow bit of each row).
const ROW_LOWS: u32 = COLUMN_0;

/// Saturating bit-sliced counters, bit by bit of each lane: at least one, two, three,
/// four.
#[derive(Clone, Copy)]
struct Counts<L> {
    one: L,
    two: L,
    three: L,
    four: L,
}

impl<L: Vector> Counts<L> {
    #[inline(always)]
    fn new() -> Self {
        let zero = L::splat(0);
        Counts {
            one: zero,
            two: zero,
            three: zero,
            four: zero,
        }
    }

    #[inline(always)]
    fn add(&mut self, x: L) {
        self.four = self.four.or(self.three.and(x));
        self.three = self.three.or(self.two.and(x));
        self.two = self.two.or(self.one.and(x));
        self.one = self.one.or(x);
    }

    /// Bits counted exactly three times.
    #[inline(always)]
    fn exactly_three(&self) -> L {
        self.three.and_not(self.four)
    }
}

impl<P: Vector> Counts<P> {
    /// The counts of both rows of a pair added up, on one row's lanes (saturating: a total
    /// of `k` is a first count of `i` and a second of `k - i`).
    #[inline(always)]
    fn merged<L: Lanes>(self) -> Counts<L>
    where
        P: Pair<L>,
    {
        let ((a1, b1), (a2, b2)) = (self.one.split(), self.two.split());
        let ((a3, b3), (a4, b4)) = (self.three.split(), self.four.split());
        Counts {
            one: a1.or(b1),
            two: a2.or(b2).or(a1.and(b1)),
            three: a3.or(b3).or(a2.and(b1)).or(a1.and(b2)),
            four: a4.or(b4).or(a3.and(b1)).or(a2.and(b2)).or(a1.and(b3)),
        }
    }
}

/// Of three lane sets, the bits in exactly one.
#[inline(always)]
fn exactly_one<L: Vector>(a: L, b: L, c: L) -> L {
    // An odd number of them, not all three.
    a.xor(b).xor(c).and_not(a.and(b).and(c))
}

/// Adds the minirows and minicolumns of the digits of `x` (a digit's three bands in each
/// group of four lanes) to the counts `[rows possible, rows certain, columns possible,
/// columns certain]`, and writes each digit's uncertain ones (possible, not certain) to
/// `minirows` and `minicolumns` (bit `3 * m` for minirow `m`, bit `c` for column `c`).
#[inline(always)]
fn count_triads<L, V: Pair<L>>(
    x: V,
    counts: &mut [Counts<V>; 4],
    minirows: &mut [[u32; 4]; 2],
    minicolumns: &mut [[u32; 4]; 2],
) {
    let (triplet_low, row_lows) = (V::splat(TRIPLET_LOW), V::splat(ROW_LOWS));
    let (box_lows, column_mask) = (V::splat(0o111), V::splat(0x1FF));
    // Bit 3 * m for each minirow m holding a candidate.
    let o = x
        .or(x.shift_right::<1>())
        .or(x.shift_right::<2>())
        .and(triplet_low);
    let rows = exactly_one(
        o.and(row_lows),
        o.shift_right::<3>().and(row_lows),
        o.shift_right::<6>().and(row_lows),
    );
    let certain = rows.or(rows.shift_left::<3>()).or(rows.shift_left::<6>());
    o.and_not(certain).store(minirows);
    counts[0].add(o);
    counts[1].add(o.and(certain));
    // Bit c for each column c of the band holding a candidate.
    let c = x
        .or(x.shift_right::<9>())
        .or(x.shift_right::<18>())
        .and(column_mask);
    let boxes = exactly_one(
        c.and(box_lows),
        c.shift_right::<1>().and(box_lows),
        c.shift_right::<2>().and(box_lows),
    );
    let certain = boxes
        .or(boxes.shift_left::<1>())
        .or(boxes.shift_left::<2>());
    c.and_not(certain).store(minicolumns);
    counts[2].add(c);
    counts[3].add(c.and(certain));
}

/// The cells of each minirow's row and box outside the minirow, by minirow bit `3 * m`.
const MINIROW_PEERS: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut m = 0;
    while m < 9 {
        let (row, b) = (m / 3, m % 3);
        let own = 7 << (9 * row + 3 * b);
        table[3 * m] = (ROW[row] | BOX[b]) & !own;
        m += 1;
    }
    table
};

impl Board {
    /// The minirow and minicolumn triads of the three bands, on a position where the band
    /// examinations and the column rules are at their fixpoint (so a minirow that is the
    /// only one of its row for a digit is also the only one of its box, and a minicolumn
    /// that is the only one of its column is also the only one of its box). Counted for
    /// the three bands at once (a lane each); the eliminations, rare, band by band.
    /// Returns whether it changed a word.
    #[inline(always)]
    pub(super) fn triads<L: Lanes>(&mut self) -> Result<bool, Dead> {
        // Per digit and band, the minirows and minicolumns where the digit is possible but
        // not certain (a row for a tenth digit with no candidate: the last pair's second).
        let mut uncertain_minirows = [[0u32; 4]; 10];
        let mut uncertain_minicolumns = [[0u32; 4]; 10];
        let mut counts = [Counts::<L::Pair>::new(); 4];
        for pair in 0..5 {
            let d = 2 * pair;
            let x = if d < 8 {
                let rows = <&[[u32; 4]; 2]>::try_from(&self.candidates[d..d + 2]);
                L::Pair::load(rows.expect("two rows"))
            } else {
                L::Pair::join(L::load(&self.candidates[8]), L::splat(0))
            };
            let (minirows, minicolumns) = (
                <&mut [[u32; 4]; 2]>::try_from(&mut uncertain_minirows[d..d + 2]),
                <&mut [[u32; 4]; 2]>::try_from(&mut uncertain_minicolumns[d..d + 2]),
            );
            count_triads(
                x,
                &mut counts,
                minirows.expect("two rows"),
                minicolumns.expect("two rows"),
            );
        }
        // Merged one by one, not by `map`: a closure is compiled on its own, outside the
        // instruction set of the code around it.
        let [rows_possible, rows_certain, columns_possible, columns_certain] = [
            counts[0].merged(),
            counts[1].merged(),
            counts[2].merged(),
            counts[3].merged(),
        ];
        let every_minirow = L::from_array([TRIPLET_LOW, TRIPLET_LOW, TRIPLET_LOW, 0]);
        let every_column = L::from_array([0x1FF, 0x1FF, 0x1FF, 0]);
        if rows_possible.three.equal(every_minirow) & columns_possible.three.equal(every_column)
            != 0xF
            || rows_certain.four.or(columns_certain.four).nonzero() != 0
        {
            return Err(Dead);
        }
        let row_naked = rows_possible
            .exactly_three()
            .and_not(rows_certain.exactly_three());
        let row_hidden = rows_certain
            .exactly_three()
            .and_not(rows_possible.exactly_three());
        let column_naked = columns_possible
            .exactly_three()
            .and_not(columns_certain.exactly_three());
        let column_hidden = columns_certain
            .exactly_three()
            .and_not(columns_possible.exactly_three());
        let mut found = row_naked
            .or(row_hidden)
            .or(column_naked)
            .or(column_hidden)
            .nonzero();
        if found == 0 {
            return Ok(false);
        }
        let mut changed = false;
        let (row_naked, row_hidden) = (row_naked.to_array(), row_hidden.to_array());
        let (column_naked, column_hidden) = (column_naked.to_array(), column_hidden.to_array());
        while found != 0 {
            let b = (found.trailing_zeros() as usize).min(2);
            found &= found - 1;
            let [b1, b2] = OTHER_BANDS[b];
            for d in 0..9 {
                let x = self.candidates[d][b];
                let uncertain_rows = uncertain_minirows[d][b];
                let mut remove = (row_hidden[b] & uncertain_rows) * 7;
                let mut lock = row_naked[b] & uncertain_rows;
                while lock != 0 {
                    remove |= MINIROW_PEERS[lock.trailing_zeros() as usize % 27];
                    lock &= lock - 1;
                }
                let uncertain_columns = uncertain_minicolumns[d][b];
                remove |= (column_hidden[b] & uncertain_columns) * COLUMN_0;
                let lock = column_naked[b] & uncertain_columns;
                if lock != 0 {
                    // The digit leaves the column in the other bands and the box's other
                    // columns.
                    let lock_cells = lock * COLUMN_0;
                    let lock_boxes = (lock | lock >> 1 | lock >> 2) & 0o111;
                    remove |= (lock_boxes * 7 * COLUMN_0) & !lock_cells;
                    for other in [b1, b2] {
                        let word = &mut self.candidates[d][other];
                        changed |= *word & lock_cells != 0;
                        *word &= !lock_cells;
                    }
                }
                changed |= x & remove != 0;
                self.candidates[d][b] = x & !remove;
            }
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::super::lanes::{Native, Portable};
    use super::super::tables::BAND;
    use super::*;

    const MINIROW_0: u32 = 0b111;

    /// The triads of `board` on both lanes, which must agree.
    fn triads(mut board: Board) -> Result<Board, Dead> {
        let mut portable = board;
        let before = board;
        let native = board.triads::<Native>();
        assert_eq!(native, portable.triads::<Portable>(), "outcome");
        assert_eq!(board, portable, "board");
        native.map(|changed| {
            assert_eq!(changed, board != before, "whether the board changed");
            board
        })
    }

    #[test]
    fn three_possible_digits_of_a_minirow_leave_its_row_and_box() {
        let mut board = Board::empty();
        for d in 3..9 {
            board.candidates[d][0] &= !MINIROW_0;
        }
        let after = triads(board).unwrap();
        for d in 0..3 {
            assert_eq!(
                after.candidates[d][0],
                BAND & !MINIROW_PEERS[0],
                "digit {d}"
            );
        }
        for d in 3..9 {
            assert_eq!(after.candidates[d][0], BAND & !MINIROW_0, "digit {d}");
        }
        for d in 0..9 {
            assert_eq!(
                after.candidates[d][1..],
                [BAND, BAND, 0],
                "other bands, digit {d}"
            );
        }
    }

    #[test]
    fn three_certain_digits_of_a_minirow_exclude_the_others() {
        let mut board = Board::empty();
        for d in 0..3 {
            board.candidates[d][0] &= !MINIROW_PEERS[0];
        }
        let after = triads(board).unwrap();
        for d in 0..3 {
            assert_eq!(
                after.candidates[d][0],
                BAND & !MINIROW_PEERS[0],
                "digit {d}"
            );
        }
        for d in 3..9 {
            assert_eq!(after.candidates[d][0], BAND & !MINIROW_0, "digit {d}");
        }
    }

    #[test]
    fn a_minicolumn_with_three_possible_digits_locks_them_to_its_column() {
        let mut board = Board::empty();
        let minicolumn_0 = COLUMN_0;
        for d in 3..9 {
            board.candidates[d][0] &= !minicolumn_0;
        }
        let after = triads(board).unwrap();
        for d in 0..3 {
            let box_0_other_columns = BOX[0] & !minicolumn_0;
            assert_eq!(
                after.candidates[d][0],
                BAND & !box_0_other_columns,
                "digit {d}"
            );
            for other in [1, 2] {
                assert_eq!(
                    after.candidates[d][other],
                    BAND & !minicolumn_0,
                    "digit {d}"
                );
            }
        }
    }

    #[test]
    fn too_few_possible_or_too_many_certain_digits_are_contradictions() {
        let mut board = Board::empty();
        for d in 2..9 {
            board.candidates[d][0] &= !MINIROW_0;
        }
        assert_eq!(triads(board), Err(Dead));
        let mut board = Board::empty();
        for d in 0..4 {
            board.candidates[d][2] &= !MINIROW_PEERS[0];
        }
        assert_eq!(triads(board), Err(Dead), "in band 3");
    }
}
