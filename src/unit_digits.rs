//! The digits placed in each unit of a grid: one [`DigitSet`] per row, column and box.
//!
//! The shared model of "which digits do a cell's row, column and box already hold": the
//! bitmask engine builds its root position from it, the generator keeps one up to date as
//! clues come and go. It lives on the stack (75 sets), so building one costs no allocation.
//! (The dancing-links encoding and the checker compute the same thing their own way on
//! purpose: the cross-checks are worth more when the engines share no logic.)
//!
//! ```
//! use sudolab::{bitset::Digit, geometry::Cell, grid::Grid, unit_digits::UnitDigits};
//! let grid = Grid::parse("1.3...1..1..2.4.")?;
//! let digits = UnitDigits::of(&grid).expect("no digit repeats in a unit");
//! // r1c2 sees 1 and 3 in its row, 1 in its column and box... and 2? No.
//! let seen = digits.seen_from(Cell::new(1));
//! assert!(seen.contains(Digit::new(1)) && seen.contains(Digit::new(3)));
//! assert!(!seen.contains(Digit::new(2)));
//! # Ok::<(), sudolab::Error>(())
//! ```

use crate::bitset::{Digit, DigitSet};
use crate::geometry::{Cell, Geometry, Unit};
use crate::grid::Grid;

/// The digits in each unit of a grid of one size.
#[derive(Clone, Copy)]
pub struct UnitDigits {
    geometry: &'static Geometry,
    digits: [DigitSet; 75],
}

impl std::fmt::Debug for UnitDigits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(&self.digits[..self.geometry.unit_count()])
            .finish()
    }
}

impl UnitDigits {
    /// No digit anywhere, for grids of `geometry`'s size.
    pub fn empty(geometry: &'static Geometry) -> UnitDigits {
        UnitDigits {
            geometry,
            digits: [DigitSet::EMPTY; 75],
        }
    }

    /// The digits of `grid`; `Err(cell)` names the first filled cell whose digit one of its
    /// units already holds (the grid's givens conflict).
    pub fn of(grid: &Grid) -> Result<UnitDigits, Cell> {
        let geometry = grid.geometry();
        let mut digits = UnitDigits::empty(geometry);
        for cell in geometry.cells() {
            if let Some(digit) = grid.get(cell) {
                if !digits.add(cell, digit) {
                    return Err(cell);
                }
            }
        }
        Ok(digits)
    }

    /// Adds `digit` to the units of `cell`; `false` when one of them already held it (it is
    /// added all the same).
    #[inline]
    pub fn add(&mut self, cell: Cell, digit: Digit) -> bool {
        let mut fresh = true;
        for unit in self.geometry.units_of(cell) {
            let set = &mut self.digits[unit.index()];
            fresh &= !set.contains(digit);
            set.insert(digit);
        }
        fresh
    }

    /// Removes `digit` from the units of `cell`.
    #[inline]
    pub fn remove(&mut self, cell: Cell, digit: Digit) {
        for unit in self.geometry.units_of(cell) {
            self.digits[unit.index()].remove(digit);
        }
    }

    /// The digits in `unit`.
    #[inline]
    pub fn in_unit(&self, unit: Unit) -> DigitSet {
        self.digits[unit.index()]
    }

    /// The digits in the row, column and box of `cell`.
    #[inline]
    pub fn seen_from(&self, cell: Cell) -> DigitSet {
        let [row, column, block] = self.geometry.units_of(cell);
        self.in_unit(row)
            .union(self.in_unit(column))
            .union(self.in_unit(block))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_digit_is_named() {
        let grid = Grid::parse("1..1............").unwrap();
        assert_eq!(UnitDigits::of(&grid).unwrap_err(), Cell::new(3));
        let mut digits = UnitDigits::of(&Grid::parse(&".".repeat(16)).unwrap()).unwrap();
        assert!(digits.add(Cell::new(0), Digit::new(2)));
        assert!(!digits.add(Cell::new(5), Digit::new(2)), "same box");
        digits.remove(Cell::new(5), Digit::new(2));
        assert!(!digits.seen_from(Cell::new(15)).contains(Digit::new(2)));
    }
}
