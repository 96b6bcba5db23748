//! Four 32-bit lanes operated on at once: the band engine's vector type.
//!
//! A digit's candidates are one row of four words, `[band 0, band 1, band 2, 0]` (see the
//! module docs of [`super`]); the scans over all nine digits (naked singles, the triads,
//! the column rules, finding which words changed) treat the three bands of a row at once,
//! and the triads and the column rules two rows at a time ([`Pair`]).
//!
//! The operations are one trait, [`Vector`]; [`Lanes`] adds what a single row does (loads,
//! stores, the gathers and table-free shortcuts). Two implementations: [`Portable`], plain
//! arrays, for every target, and [`Sse2`] on x86-64, where SSE2 is part of the baseline
//! instruction set (every x86-64 processor has it and the target enables it), so it needs
//! no detection at run time; their pairs are two rows ([`Twice`]), or one AVX2 register in
//! the copy compiled for it. The engine is generic over the traits: [`Native`] is what it
//! runs on, and the tests run it on both and require the same answers and statistics
//! (`tests.rs`), besides checking every operation of the implementations against each
//! other here.
//!
//! This module is the band engine's only `unsafe` code: calling the SSE2 intrinsics,
//! loading and storing a row of four words, entering the copy of the search compiled for
//! newer processors ([`modern_instructions`]) and, in that copy only, BMI2's `pext`, AVX2's
//! byte masks for solutions, its comparison of two rows at once and its pairs of rows (the
//! lanes that use them are private types only that copy is given; the solutions: serg
//! 20,671 -> 20,272 instructions a puzzle, when that step was taken; today's figures are in
//! the newest `reports/*-bands-*`). Measured with callgrind on
//! `examples/solve_loop.rs` (instructions per puzzle, count to 2): finding the changed
//! words with SSE2 instead of 27 scalar comparisons took forum hardest 1106 from 985,537 to
//! 830,770, 17-clue from 26,832 to 23,556, serg from 54,503 to 47,409; the other steps are
//! in the module docs of [`super`].

use super::tables::MINIROWS_OF_ROW;

/// A computation to run on some [`Lanes`]: [`modern_instructions`] picks which, and for
/// which processor the computation is compiled.
pub(super) trait Job {
    /// What the computation returns.
    type Output;
    /// Runs the computation on lanes `L`.
    fn run<L: Lanes>(self) -> Self::Output;
}

/// Lanes of 32 bits, four per digit: the operations the rules compute with. Every
/// operation acts on each lane alone, except [`Vector::rotate`], which moves lanes within
/// each group of four (a digit's three bands).
pub(super) trait Vector: Copy {
    /// The lanes of bands 0-2 of each digit (bits as [`Vector::nonzero`] sets them):
    /// `0x7` for one digit, `0x77` for two (see [`Pair`]).
    const BAND_LANES: u32;
    /// Every lane `x`.
    fn splat(x: u32) -> Self;
    /// `self & other`.
    fn and(self, other: Self) -> Self;
    /// `self | other`.
    fn or(self, other: Self) -> Self;
    /// `self & !other`.
    fn and_not(self, other: Self) -> Self;
    /// `self ^ other`.
    fn xor(self, other: Self) -> Self;
    /// Each lane shifted right by `N`.
    fn shift_right<const N: i32>(self) -> Self;
    /// Each lane shifted left by `N`.
    fn shift_left<const N: i32>(self) -> Self;
    /// In each group of four, lanes 0, 1, 2 take the values of lanes 1, 2, 0; lane 3 keeps
    /// its own.
    fn rotate(self) -> Self;
    /// Bit `l` set for each lane `l` that is not 0.
    fn nonzero(self) -> u32;
    /// Bit `l` set for each lane `l` equal in `self` and `other`.
    fn equal(self, other: Self) -> u32;
}

/// Two digits' rows of four lanes at once (eight lanes): the column rules and the triads
/// treat the digits in pairs. Two registers of four lanes, or one AVX2 register in the
/// copy of the search compiled for it.
pub(super) trait Pair<L>: Vector {
    /// The lanes of two consecutive rows.
    fn load(rows: &[[u32; 4]; 2]) -> Self;
    /// Writes the lanes to two consecutive rows.
    fn store(self, rows: &mut [[u32; 4]; 2]);
    /// The pair of a first and a second row.
    fn join(first: L, second: L) -> Self;
    /// The first and the second row.
    fn split(self) -> (L, L);
}

/// Four lanes of 32 bits: a digit's row of words (see [`Vector`] for the operations).
pub(super) trait Lanes: Vector {
    /// Two rows at once.
    type Pair: Pair<Self>;
    /// The lanes of a row of four words.
    fn load(words: &[u32; 4]) -> Self;
    /// Writes the lanes to a row of four words.
    fn store(self, words: &mut [u32; 4]);
    /// Lanes from four values.
    fn from_array(words: [u32; 4]) -> Self;
    /// The lanes as four values.
    fn to_array(self) -> [u32; 4];

    /// Of a digit's column sets packed `band0 | band1 << 9 | band2 << 18`, the 9-bit
    /// occupancy of stack `s` (bit `3 * band + column within the stack`): shifts, or
    /// BMI2's `pext` where the lanes know the processor has it.
    #[inline(always)]
    fn stack_set(columns: u32, s: usize) -> usize {
        let shift = 3 * (s % 3);
        (((columns >> shift) & 0o7)
            | ((columns >> (shift + 6)) & 0o70)
            | ((columns >> (shift + 12)) & 0o700)) as usize
    }

    /// Bits `4 * d` of `set` (nothing else set) gathered into bits `d`: shifts in a loop,
    /// or BMI2's `pext` where the lanes know the processor has it.
    #[inline(always)]
    fn gather_digits(set: u64) -> u32 {
        let mut digits = 0;
        let mut rest = set;
        while rest != 0 {
            digits |= 1 << (rest.trailing_zeros() / 4);
            rest &= rest - 1;
        }
        digits
    }

    /// The cells of each band holding each value (`values`: 81 cells row-major, values
    /// `0..=9`): `[v][b]` for value `v`, bit `i` for the band's cell `i`.
    #[inline(always)]
    fn value_cells(values: &[u8; 81]) -> [[u32; 3]; 10] {
        Portable::value_cells_of(values)
    }

    /// The cells of a complete grid, row-major, digits `1..=9`, from its candidate words
    /// (`[d][b]`, each holding exactly its three placed cells): three stores a digit-band,
    /// or AVX2 byte masks where the lanes know the processor has it.
    #[inline(always)]
    fn values(candidates: &[[u32; 4]; 9]) -> [u8; 81] {
        Portable::values_of(candidates)
    }

    /// Of a band word (bit `9 * row + column`), the 9-bit set of minirows holding a cell
    /// (bit `3 * row + box`): three table lookups, or BMI2's `pext` where the lanes know
    /// the processor has it.
    #[inline(always)]
    fn minirow_set(x: u32) -> usize {
        MINIROWS_OF_ROW[(x & 0x1FF) as usize] as usize
            | (MINIROWS_OF_ROW[((x >> 9) & 0x1FF) as usize] as usize) << 3
            | (MINIROWS_OF_ROW[(x >> 18) as usize & 0x1FF] as usize) << 6
    }

    /// The branching choice over nine rows of four counts (`counts[d][b]`, bands `b` 0..3,
    /// counts 0..=6, the fourth lane 0): in the band with the smallest total over its
    /// nine counts among the bands having a count of at least two, the first digit with the
    /// smallest such count; as `(d, b, total)`, `None` when no count reaches two. Ties go to
    /// the first band.
    #[inline(always)]
    fn branch_choice(counts: &[[u8; 4]; 9]) -> Option<(usize, usize, u32)> {
        let mut total = [0u32; 3];
        let mut key = [u32::MAX; 3];
        for (d, row) in counts.iter().enumerate() {
            for b in 0..3 {
                let count = u32::from(row[b]);
                total[b] += count;
                let candidate = if count >= 2 {
                    count << 4 | d as u32
                } else {
                    u32::MAX
                };
                key[b] = key[b].min(candidate);
            }
        }
        pick_band(total, key.map(|k| k.min(0xFF)))
    }

    /// Bit `4 * r + l` set for each lane `l` of row `r` where `rows[r]` and `mask` have a
    /// bit in common: which words of nine rows touch the mask.
    #[inline(always)]
    fn touching(rows: &[[u32; 4]; 9], mask: Self) -> u64 {
        let mut set = 0;
        for (r, row) in rows.iter().enumerate() {
            set |= u64::from(Self::load(row).and(mask).nonzero()) << (4 * r);
        }
        set
    }

    /// Bit `4 * r + l` set for each lane `l` of row `r` where `now` and `before` differ:
    /// which words of nine rows changed.
    #[inline(always)]
    fn differing(now: &[[u32; 4]; 9], before: &[[u32; 4]; 9]) -> u64 {
        let mut set = 0;
        for (r, (a, b)) in now.iter().zip(before).enumerate() {
            set |= u64::from(!Self::load(a).equal(Self::load(b)) & 0xF) << (4 * r);
        }
        set
    }
}

/// Of three bands' totals and best keys (`count << 4 | d`, 0xFF for none), the choice of
/// [`Lanes::branch_choice`].
#[inline(always)]
fn pick_band(total: [u32; 3], key: [u32; 3]) -> Option<(usize, usize, u32)> {
    let mut best = u32::MAX;
    for b in 0..3 {
        let ranked = if key[b] != 0xFF {
            total[b] << 8 | b as u32
        } else {
            u32::MAX
        };
        best = best.min(ranked);
    }
    if best == u32::MAX {
        return None;
    }
    let b = (best & 3) as usize % 3;
    Some(((key[b] & 15) as usize % 9, b, best >> 8))
}

/// [`Lanes`] as plain arrays: the reference, on every target (on x86-64 it runs in the
/// tests only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
pub(super) struct Portable([u32; 4]);

impl Portable {
    /// [`Lanes::values`] a cell at a time.
    #[inline(always)]
    pub(super) fn values_of(candidates: &[[u32; 4]; 9]) -> [u8; 81] {
        let mut values = [0u8; 81];
        for (d, digit) in candidates.iter().enumerate() {
            for (b, cells) in values.chunks_exact_mut(27).enumerate() {
                // Three cells per digit and band in a full grid: no loop to predict.
                let mut x = digit[b];
                for _ in 0..3 {
                    cells[(x.trailing_zeros() as usize).min(26)] = d as u8 + 1;
                    x &= x.wrapping_sub(1);
                }
            }
        }
        values
    }

    /// [`Lanes::value_cells`] of the first 81 values of a slice (values above 9 counted as
    /// 9), a cell at a time without a branch.
    #[inline(always)]
    pub(super) fn value_cells_of(values: &[u8]) -> [[u32; 3]; 10] {
        let mut cells = [[0u32; 3]; 10];
        for (b, band) in values.chunks_exact(27).take(3).enumerate() {
            for (i, &value) in band.iter().enumerate() {
                cells[usize::from(value).min(9)][b] |= 1 << i;
            }
        }
        cells
    }

    #[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
    #[inline(always)]
    fn map2(self, other: Portable, f: impl Fn(u32, u32) -> u32) -> Portable {
        let (a, b) = (self.0, other.0);
        Portable([f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]), f(a[3], b[3])])
    }
}

impl Lanes for Portable {
    type Pair = Twice<Portable>;
    #[inline(always)]
    fn load(words: &[u32; 4]) -> Self {
        Portable(*words)
    }
    #[inline(always)]
    fn store(self, words: &mut [u32; 4]) {
        *words = self.0;
    }
    #[inline(always)]
    fn from_array(words: [u32; 4]) -> Self {
        Portable(words)
    }
    #[inline(always)]
    fn to_array(self) -> [u32; 4] {
        self.0
    }
}

impl Vector for Portable {
    const BAND_LANES: u32 = 0x7;
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Portable([x; 4])
    }
    #[inline(always)]
    fn and(self, other: Self) -> Self {
        self.map2(other, |a, b| a & b)
    }
    #[inline(always)]
    fn or(self, other: Self) -> Self {
        self.map2(other, |a, b| a | b)
    }
    #[inline(always)]
    fn and_not(self, other: Self) -> Self {
        self.map2(other, |a, b| a & !b)
    }
    #[inline(always)]
    fn xor(self, other: Self) -> Self {
        self.map2(other, |a, b| a ^ b)
    }
    #[inline(always)]
    fn shift_right<const N: i32>(self) -> Self {
        Portable(self.0.map(|x| x >> N))
    }
    #[inline(always)]
    fn shift_left<const N: i32>(self) -> Self {
        Portable(self.0.map(|x| x << N))
    }
    #[inline(always)]
    fn rotate(self) -> Self {
        let [a, b, c, d] = self.0;
        Portable([b, c, a, d])
    }
    #[inline(always)]
    fn nonzero(self) -> u32 {
        let mut bits = 0;
        for (l, &x) in self.0.iter().enumerate() {
            bits |= u32::from(x != 0) << l;
        }
        bits
    }
    #[inline(always)]
    fn equal(self, other: Self) -> u32 {
        let mut bits = 0;
        for l in 0..4 {
            bits |= u32::from(self.0[l] == other.0[l]) << l;
        }
        bits
    }
}

/// A [`Pair`] as two rows of four lanes `L`, each operation done on both: for the
/// portable lanes and for the x86-64 baseline (SSE2 has no eight-lane registers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Twice<L>(L, L);

impl<L: Lanes> Vector for Twice<L> {
    const BAND_LANES: u32 = 0x77;
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Twice(L::splat(x), L::splat(x))
    }
    #[inline(always)]
    fn and(self, other: Self) -> Self {
        Twice(self.0.and(other.0), self.1.and(other.1))
    }
    #[inline(always)]
    fn or(self, other: Self) -> Self {
        Twice(self.0.or(other.0), self.1.or(other.1))
    }
    #[inline(always)]
    fn and_not(self, other: Self) -> Self {
        Twice(self.0.and_not(other.0), self.1.and_not(other.1))
    }
    #[inline(always)]
    fn xor(self, other: Self) -> Self {
        Twice(self.0.xor(other.0), self.1.xor(other.1))
    }
    #[inline(always)]
    fn shift_right<const N: i32>(self) -> Self {
        Twice(self.0.shift_right::<N>(), self.1.shift_right::<N>())
    }
    #[inline(always)]
    fn shift_left<const N: i32>(self) -> Self {
        Twice(self.0.shift_left::<N>(), self.1.shift_left::<N>())
    }
    #[inline(always)]
    fn rotate(self) -> Self {
        Twice(self.0.rotate(), self.1.rotate())
    }
    #[inline(always)]
    fn nonzero(self) -> u32 {
        self.0.nonzero() | self.1.nonzero() << 4
    }
    #[inline(always)]
    fn equal(self, other: Self) -> u32 {
        self.0.equal(other.0) | self.1.equal(other.1) << 4
    }
}

impl<L: Lanes> Pair<L> for Twice<L> {
    #[inline(always)]
    fn load(rows: &[[u32; 4]; 2]) -> Self {
        Twice(L::load(&rows[0]), L::load(&rows[1]))
    }
    #[inline(always)]
    fn store(self, rows: &mut [[u32; 4]; 2]) {
        self.0.store(&mut rows[0]);
        self.1.store(&mut rows[1]);
    }
    #[inline(always)]
    fn join(first: L, second: L) -> Self {
        Twice(first, second)
    }
    #[inline(always)]
    fn split(self) -> (L, L) {
        (self.0, self.1)
    }
}

#[cfg(target_arch = "x86_64")]
pub(super) use sse2::{modern_instructions, Sse2};

/// Runs `job` on [`Native`] lanes as compiled for the baseline of the target (no other
/// target has a second copy).
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn modern_instructions<J: Job>(job: J) -> J::Output {
    job.run::<Native>()
}

/// The lanes the engine runs on: SSE2 on x86-64, arrays elsewhere.
#[cfg(target_arch = "x86_64")]
pub(super) type Native = Sse2<sse2::Baseline>;
/// The lanes the engine runs on: SSE2 on x86-64, arrays elsewhere.
#[cfg(not(target_arch = "x86_64"))]
pub(super) type Native = Portable;

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod sse2;

#[cfg(test)]
mod tests;
