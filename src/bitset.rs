//! Digits and typed candidate sets.
//!
//! A [`Digit`] is a Sudoku digit `1..=25` (written `1-9` then `A-P`). A [`DigitSet`] is a set
//! of digits stored in one `u32`: bit `d - 1` is set when digit `d` is in the set. Every digit
//! and every mask that crosses a module boundary has one of these types, so a digit cannot be
//! confused with a cell or an index, nor a set of digits with a set of cells.
//!
//! ```
//! use sudolab::bitset::{Digit, DigitSet};
//! let five = Digit::new(5);
//! let mut set = DigitSet::full(9);
//! set.remove(five);
//! assert_eq!(set.len(), 8);
//! assert!(!set.contains(five));
//! assert_eq!(set.iter().next(), Some(Digit::new(1)));
//! assert_eq!(Digit::new(16).symbol(), 'G');
//! ```

use std::fmt;

/// Digit symbols: value `v` is written `SYMBOLS[v - 1]` (`1-9`, then `A-P`).
pub const SYMBOLS: &[u8; 25] = b"123456789ABCDEFGHIJKLMNOP";

/// A Sudoku digit, `1..=25`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Digit(u8);

impl Digit {
    /// The largest digit (of a 25x25 grid).
    pub const MAX: u8 = 25;

    /// Digit `value`. Panics unless `1 <= value <= 25` (a programming error: input is checked
    /// by the parsers, which report bad digits as errors).
    #[inline]
    pub const fn new(value: u8) -> Digit {
        assert!(value >= 1 && value <= Digit::MAX, "a digit is 1..=25");
        Digit(value)
    }

    /// Digit `value`, or `None` for 0 (a blank) or a value above 25.
    #[inline]
    pub const fn from_value(value: u8) -> Option<Digit> {
        if value >= 1 && value <= Digit::MAX {
            Some(Digit(value))
        } else {
            None
        }
    }

    /// The digit of bit `bit` of a [`DigitSet`] (`bit` below 25; checked in debug builds).
    #[inline]
    pub const fn from_bit(bit: u32) -> Digit {
        debug_assert!(bit < Digit::MAX as u32);
        Digit(bit as u8 + 1)
    }

    /// Its value, `1..=25`.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Its bit position in a [`DigitSet`] and its index in per-digit tables: `value - 1`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The digits `1..=side`, in order.
    pub fn all(side: usize) -> impl Iterator<Item = Digit> + Clone {
        (1..=side.min(Digit::MAX as usize) as u8).map(Digit)
    }

    /// How it is written: `1`-`9`, then `A`-`P`.
    pub const fn symbol(self) -> char {
        SYMBOLS[self.0 as usize - 1] as char
    }
}

impl fmt::Debug for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

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

    /// The set holding only `digit`.
    #[inline]
    pub const fn single(digit: Digit) -> DigitSet {
        DigitSet(1 << (digit.0 - 1))
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
    pub const fn lowest(self) -> Option<Digit> {
        if self.0 == 0 {
            None
        } else {
            Some(Digit(self.0.trailing_zeros() as u8 + 1))
        }
    }

    /// Whether `digit` is in the set.
    #[inline]
    pub const fn contains(self, digit: Digit) -> bool {
        self.0 & (1 << (digit.0 - 1)) != 0
    }

    /// Adds `digit`.
    #[inline]
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= 1 << (digit.0 - 1);
    }

    /// Removes `digit`.
    #[inline]
    pub fn remove(&mut self, digit: Digit) {
        self.0 &= !(1 << (digit.0 - 1));
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

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
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
    type Item = Digit;

    #[inline]
    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let digit = Digit(self.0.trailing_zeros() as u8 + 1);
        self.0 &= self.0 - 1;
        Some(digit)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

/// The positions of the bits set in `set`, lowest first: the cells of a cell set, the
/// places of a digit in a unit.
pub(crate) fn set_bits(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let k = set.trailing_zeros() as usize;
            set &= set - 1;
            k
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_sets_have_side_digits() {
        for side in [4, 9, 16, 25] {
            let set = DigitSet::full(side);
            assert_eq!(set.len() as usize, side);
            assert!(set.contains(Digit::new(side as u8)));
            assert_eq!(set.iter().count(), side);
        }
    }

    #[test]
    fn single_and_lowest() {
        let set: DigitSet = [7u8, 3].into_iter().map(Digit::new).collect();
        assert!(!set.is_single());
        assert_eq!(set.lowest(), Some(Digit::new(3)));
        assert!(DigitSet::single(Digit::new(25)).is_single());
        assert_eq!(
            DigitSet::single(Digit::new(25)).lowest(),
            Some(Digit::new(25))
        );
        assert_eq!(Digit::from_value(0), None);
        assert_eq!(
            Digit::all(4).map(Digit::get).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        assert_eq!(DigitSet::EMPTY.lowest(), None);
    }

    #[test]
    fn set_bits_lists_the_positions_lowest_first() {
        assert_eq!(set_bits(0b1010_0001).collect::<Vec<_>>(), [0, 5, 7]);
        assert_eq!(set_bits(1 << 127).collect::<Vec<_>>(), [127]);
        assert_eq!(set_bits(0).count(), 0);
    }
}
