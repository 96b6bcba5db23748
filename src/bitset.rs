//! Typed candidate sets.
//!
//! A [`DigitSet`] is a set of Sudoku digits `1..=25` stored in one `u32`: bit `d - 1` is set
//! when digit `d` is in the set. Every mask that crosses a module boundary is a `DigitSet`, so
//! a set of digits cannot be confused with a set of cells or an index.
//!
//! ```
//! use sudolab::bitset::DigitSet;
//! let mut set = DigitSet::full(9);
//! set.remove(5);
//! assert_eq!(set.len(), 8);
//! assert!(!set.contains(5));
//! assert_eq!(set.iter().next(), Some(1));
//! ```

use std::fmt;

/// A set of digits `1..=25`; bit `d - 1` stands for digit `d`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DigitSet(u32);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// All digits `1..=side`. `side` must be at most 25 (larger values are clamped to 25).
    #[inline]
    pub const fn full(side: usize) -> DigitSet {
        let side = if side > 25 { 25 } else { side };
        DigitSet(((1u64 << side) - 1) as u32)
    }

    /// The set holding only `digit` (`1..=25`).
    #[inline]
    pub const fn single(digit: u8) -> DigitSet {
        DigitSet(1 << (digit - 1))
    }

    /// The raw bits (bit `d - 1` = digit `d`).
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Builds a set from raw bits (bit `d - 1` = digit `d`).
    #[inline]
    pub const fn from_bits(bits: u32) -> DigitSet {
        DigitSet(bits)
    }

    /// Number of digits in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when the set has no digit.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when the set has exactly one digit.
    #[inline]
    pub const fn is_single(self) -> bool {
        self.0 != 0 && self.0 & (self.0 - 1) == 0
    }

    /// The smallest digit of the set, if any.
    #[inline]
    pub const fn lowest(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8 + 1)
        }
    }

    /// Whether `digit` is in the set.
    #[inline]
    pub const fn contains(self, digit: u8) -> bool {
        self.0 & (1 << (digit - 1)) != 0
    }

    /// Adds `digit`.
    #[inline]
    pub fn insert(&mut self, digit: u8) {
        self.0 |= 1 << (digit - 1);
    }

    /// Removes `digit`.
    #[inline]
    pub fn remove(&mut self, digit: u8) {
        self.0 &= !(1 << (digit - 1));
    }

    /// Digits in both sets.
    #[inline]
    pub const fn intersection(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }

    /// Digits in either set.
    #[inline]
    pub const fn union(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }

    /// Digits of `self` not in `other`.
    #[inline]
    pub const fn difference(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }

    /// The digits in increasing order.
    #[inline]
    pub fn iter(self) -> Digits {
        Digits(self.0)
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<u8> for DigitSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut set = DigitSet::EMPTY;
        for digit in iter {
            set.insert(digit);
        }
        set
    }
}

/// Iterator over the digits of a [`DigitSet`], smallest first.
#[derive(Clone, Debug)]
pub struct Digits(u32);

impl Iterator for Digits {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let digit = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(digit)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_sets_have_side_digits() {
        for side in [4, 9, 16, 25] {
            let set = DigitSet::full(side);
            assert_eq!(set.len() as usize, side);
            assert!(set.contains(side as u8));
            assert_eq!(set.iter().count(), side);
        }
    }

    #[test]
    fn single_and_lowest() {
        let set: DigitSet = [7u8, 3].into_iter().collect();
        assert!(!set.is_single());
        assert_eq!(set.lowest(), Some(3));
        assert!(DigitSet::single(25).is_single());
        assert_eq!(DigitSet::single(25).lowest(), Some(25));
        assert_eq!(DigitSet::EMPTY.lowest(), None);
    }
}
