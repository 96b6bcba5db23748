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

use super::board::{column_set, Board, Dead, DigitBands, OTHER_BANDS};
use super::tables::{BOX, COLUMN_0, ROW, TRIPLET_LOW};

/// Bit 9 * row of each row of a band (the lowest minirow bit of each row).
const ROW_LOWS: u32 = COLUMN_0;

/// Saturating bit-sliced counters, lane by lane: at least one, two, three, four.
#[derive(Clone, Copy, Default)]
struct Counts {
    one: u32,
    two: u32,
    three: u32,
    four: u32,
}

impl Counts {
    #[inline(always)]
    fn add(&mut self, x: u32) {
        self.four |= self.three & x;
        self.three |= self.two & x;
        self.two |= self.one & x;
        self.one |= x;
    }

    /// Lanes counted exactly three times.
    #[inline(always)]
    fn exactly_three(&self) -> u32 {
        self.three & !self.four
    }
}

/// Of three lane sets, the lanes in exactly one.
#[inline(always)]
fn exactly_one(a: u32, b: u32, c: u32) -> u32 {
    // An odd number of them, not all three.
    (a ^ b ^ c) & !(a & b & c)
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
    /// The minirow and minicolumn triads of band `b`, on a position where the band
    /// examinations and the column rules are at their fixpoint (so a minirow that is the
    /// only one of its row for a digit is also the only one of its box, and a minicolumn
    /// that is the only one of its column is also the only one of its box). Returns the
    /// digit-bands that changed.
    pub(super) fn triads(&mut self, b: usize) -> Result<DigitBands, Dead> {
        let b = b.min(2);
        // Per digit, the minirows and minicolumns where it is possible but not certain.
        let mut uncertain_minirows = [0u32; 9];
        let mut uncertain_minicolumns = [0u32; 9];
        let (mut rows_possible, mut rows_certain) = (Counts::default(), Counts::default());
        let (mut columns_possible, mut columns_certain) = (Counts::default(), Counts::default());
        for d in 0..9 {
            let x = self.candidates[b][d];
            // Bit 3 * m for each minirow m holding a candidate.
            let o = (x | x >> 1 | x >> 2) & TRIPLET_LOW;
            let rows = exactly_one(o & ROW_LOWS, (o >> 3) & ROW_LOWS, (o >> 6) & ROW_LOWS);
            uncertain_minirows[d] = o & !(rows * 0o111);
            rows_possible.add(o);
            rows_certain.add(o & (rows * 0o111));
            // Bit c for each column c of the band holding a candidate.
            let c = column_set(x);
            let boxes = exactly_one(c & 0o111, (c >> 1) & 0o111, (c >> 2) & 0o111);
            uncertain_minicolumns[d] = c & !(boxes * 7);
            columns_possible.add(c);
            columns_certain.add(c & (boxes * 7));
        }
        if rows_possible.three != TRIPLET_LOW
            || columns_possible.three != 0x1FF
            || (rows_certain.four | columns_certain.four) != 0
        {
            return Err(Dead);
        }
        let row_naked = rows_possible.exactly_three() & !rows_certain.exactly_three();
        let row_hidden = rows_certain.exactly_three() & !rows_possible.exactly_three();
        let column_naked = columns_possible.exactly_three() & !columns_certain.exactly_three();
        let column_hidden = columns_certain.exactly_three() & !columns_possible.exactly_three();
        if row_naked | row_hidden | column_naked | column_hidden == 0 {
            return Ok(0);
        }
        let [b1, b2] = OTHER_BANDS[b];
        let mut changed = 0;
        for d in 0..9 {
            let x = self.candidates[b][d];
            let uncertain_rows = uncertain_minirows[d];
            let mut remove = (row_hidden & uncertain_rows) * 7;
            let mut lock = row_naked & uncertain_rows;
            while lock != 0 {
                remove |= MINIROW_PEERS[lock.trailing_zeros() as usize % 27];
                lock &= lock - 1;
            }
            let uncertain_columns = uncertain_minicolumns[d];
            remove |= (column_hidden & uncertain_columns) * COLUMN_0;
            let lock = column_naked & uncertain_columns;
            if lock != 0 {
                // The digit leaves the column in the other bands and the box's other columns.
                let lock_cells = lock * COLUMN_0;
                let lock_boxes = (lock | lock >> 1 | lock >> 2) & 0o111;
                remove |= (lock_boxes * 7 * COLUMN_0) & !lock_cells;
                for other in [b1, b2] {
                    let word = &mut self.candidates[other][d];
                    if *word & lock_cells != 0 {
                        *word &= !lock_cells;
                        changed |= 1 << (9 * other + d);
                    }
                }
            }
            if remove & x != 0 {
                self.candidates[b][d] = x & !remove;
                changed |= 1 << (9 * b + d);
            }
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tables::BAND;
    use super::*;

    const MINIROW_0: u32 = 0b111;

    #[test]
    fn three_possible_digits_of_a_minirow_leave_its_row_and_box() {
        let mut board = Board::empty();
        for d in 3..9 {
            board.candidates[0][d] &= !MINIROW_0;
        }
        let changed = board.triads(0).unwrap();
        assert_eq!(changed, 0b111, "digits 1, 2, 3 of band 1 changed");
        for d in 0..3 {
            assert_eq!(
                board.candidates[0][d],
                BAND & !MINIROW_PEERS[0],
                "digit {d}"
            );
        }
        for d in 3..9 {
            assert_eq!(board.candidates[0][d], BAND & !MINIROW_0, "digit {d}");
        }
    }

    #[test]
    fn three_certain_digits_of_a_minirow_exclude_the_others() {
        let mut board = Board::empty();
        for d in 0..3 {
            board.candidates[0][d] &= !MINIROW_PEERS[0];
        }
        let changed = board.triads(0).unwrap();
        assert_eq!(changed, 0x1FF & !0b111, "digits 4 to 9 of band 1 changed");
        for d in 3..9 {
            assert_eq!(board.candidates[0][d], BAND & !MINIROW_0, "digit {d}");
        }
    }

    #[test]
    fn a_minicolumn_with_three_possible_digits_locks_them_to_its_column() {
        let mut board = Board::empty();
        let minicolumn_0 = COLUMN_0;
        for d in 3..9 {
            board.candidates[0][d] &= !minicolumn_0;
        }
        let changed = board.triads(0).unwrap();
        for d in 0..3 {
            let box_0_other_columns = BOX[0] & !minicolumn_0;
            assert_eq!(
                board.candidates[0][d],
                BAND & !box_0_other_columns,
                "digit {d}"
            );
            for other in [1, 2] {
                assert_eq!(
                    board.candidates[other][d],
                    BAND & !minicolumn_0,
                    "digit {d}"
                );
                assert_ne!(changed & 1 << (9 * other + d), 0);
            }
        }
    }

    #[test]
    fn too_few_possible_or_too_many_certain_digits_are_contradictions() {
        let mut board = Board::empty();
        for d in 2..9 {
            board.candidates[0][d] &= !MINIROW_0;
        }
        assert_eq!(board.triads(0), Err(Dead));
        let mut board = Board::empty();
        for d in 0..4 {
            board.candidates[0][d] &= !MINIROW_PEERS[0];
        }
        assert_eq!(board.triads(0), Err(Dead));
    }
}
