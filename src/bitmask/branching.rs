//! What the bitmask engine branches on: the smallest choice of the position, a cell's digit
//! or a digit's place in a unit.
//!
//! After propagation every open cell has at least two candidates and every digit not
//! placed in a unit has at least two places in it. A branch can split on either: the
//! candidates of one cell (a *cell choice*) or the cells of one unit where one digit can
//! go (a *place choice*). Both are exact-cover items, cells and unit-digits alike, and
//! DLX's MRV picks the smallest of all of them; the cell-only rule misses the unit-digits.
//! A contradiction that only a unit-digit sees (three digits with two places between them
//! in a box: no rule below subsets notices) is then found only after everything else
//! in the grid has been filled in every way: a 16x16 puzzle of 15 givens built that way
//! kept `bitmask` busy for minutes while DLX proved it in 10 ms.
//!
//! The rule here: the open cell with the fewest candidates, as before, and when it has
//! more than two, the unit-digit with fewer places, if any (the fewest; cells win ties).
//! A cell with two candidates stops the scan at once, so on 9x9 corpora the unit scan runs
//! only where no bivalue cell is left. Counting places uses bit-sliced saturating counters:
//! `at_least[j]` holds the digits seen in at least `j` cells of the unit so far, for `j`
//! up to the count to beat.

use super::board::Board;
use crate::bitset::Digit;
use crate::geometry::{Cell, Unit};
use crate::search_trace::Constraint;

/// What a branch decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Choice {
    /// The digit of one cell; its options are digits (bit `d - 1` for digit `d`).
    Cell(u16),
    /// The cell of `digit` in `unit`; its options are the unit's cells (bit `i` for the
    /// unit's `i`-th cell).
    Place { unit: u16, digit: Digit },
}

impl Choice {
    /// The constraint the choice branches on, as a trace names it.
    pub(super) fn constraint(self) -> Constraint {
        match self {
            Choice::Cell(cell) => Constraint::Cell(Cell::new(usize::from(cell))),
            Choice::Place { unit, digit } => Constraint::Place(digit, Unit::new(usize::from(unit))),
        }
    }

    /// The (cell, digit) that option `option` of this choice places.
    #[inline]
    pub(super) fn option<const CELLS: usize>(self, option: u32) -> (usize, Digit) {
        match self {
            Choice::Cell(cell) => (usize::from(cell), Digit::from_bit(option)),
            Choice::Place { unit, digit } => (
                Board::<CELLS>::unit_cell(usize::from(unit), option as usize),
                digit,
            ),
        }
    }
}

impl<const CELLS: usize> Board<CELLS> {
    /// The choice to branch on and its options (see the module docs); `None` when every
    /// cell is placed. With `places` false, cells only (the random grids of the generator
    /// draw a random digit for a cell, and keep doing so).
    #[inline]
    pub(super) fn choose(&self, places: bool) -> Option<(Choice, u32)> {
        let cell = self.fewest_candidates()?;
        let fewest = self.candidates[cell].len();
        let by_cell = (Choice::Cell(cell as u16), self.candidates[cell].bits());
        if fewest <= 2 || !places {
            return Some(by_cell);
        }
        Some(self.fewest_places(fewest).unwrap_or(by_cell))
    }

    /// The unit-digit with the fewest places, fewer than `beat`, and its places; `None`
    /// if every unit-digit not placed has `beat` places or more. Scanning stops at two.
    #[cold]
    #[inline(never)]
    fn fewest_places(&self, beat: u32) -> Option<(Choice, u32)> {
        let side = Self::SIDE;
        let mut beat = beat as usize;
        let mut best = None;
        for unit in 0..3 * side {
            // at_least[j]: the digits with at least j places among the cells seen so far.
            let mut at_least = [0u32; 26];
            for i in 0..side {
                let bits = self.candidates[Self::unit_cell(unit, i)].bits();
                for j in (2..=beat).rev() {
                    at_least[j] |= at_least[j - 1] & bits;
                }
                at_least[1] |= bits;
            }
            // A placed digit has one place; a digit left with one is placed by the rules.
            let Some((count, digits)) = (2..beat)
                .find_map(|j| Some((j, at_least[j] & !at_least[j + 1])).filter(|f| f.1 != 0))
            else {
                continue;
            };
            let digit = Digit::from_bit(digits.trailing_zeros());
            let places = (0..side)
                .filter(|&i| self.candidates[Self::unit_cell(unit, i)].contains(digit))
                .fold(0u32, |set, i| set | 1 << i);
            best = Some((
                Choice::Place {
                    unit: unit as u16,
                    digit,
                },
                places,
            ));
            beat = count;
            if beat == 2 {
                break;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::Propagation;
    use super::*;
    use crate::bitset::DigitSet;
    use crate::geometry::Geometry;

    #[test]
    fn a_digit_with_two_places_in_a_unit_beats_cells_with_three_candidates() {
        let work = Propagation::new(Geometry::of(2).expect("4x4"));
        let mut board = Board::<16>::new(&work);
        // Every cell has three of the four digits; cells 4 and 5 lack digit 1, so row 1
        // (cells 4 to 7) has it in its last two cells only, the first unit scanned with two.
        let without = |d: u8| DigitSet::full(4).difference(DigitSet::single(Digit::new(d)));
        for cell in 0..16 {
            board.candidates[cell] = without(4);
        }
        board.candidates[4] = without(1);
        board.candidates[5] = without(1);
        let (choice, options) = board.choose(true).expect("open cells");
        let row_1 = 1;
        assert_eq!(
            choice,
            Choice::Place {
                unit: row_1,
                digit: Digit::new(1)
            }
        );
        assert_eq!(options, 0b1100, "the last two cells of the row");
        assert_eq!(choice.option::<16>(2), (6, Digit::new(1)));
        // Cells only when asked, and when a cell has two candidates.
        assert_eq!(board.choose(false).map(|c| c.0), Some(Choice::Cell(0)));
        board.candidates[9] = DigitSet::from_bits(0b0110);
        assert_eq!(board.choose(true), Some((Choice::Cell(9), 0b0110)));
    }
}
