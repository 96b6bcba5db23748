//! Four 32-bit lanes operated on at once: the band engine's vector type.
//!
//! A digit's candidates are one row of four words, `[band 0, band 1, band 2, 0]` (see the
//! module docs of [`super`]); the scans over all nine digits (naked singles, the triads,
//! the column rules, finding which words changed) treat the three bands of a row at once.
//!
//! Two implementations of one trait, [`Lanes`]: [`Portable`], plain arrays, for every
//! target, and [`Sse2`] on x86-64, where SSE2 is part of the baseline instruction set
//! (every x86-64 processor has it and the target enables it), so it needs no detection at
//! run time. The engine is generic over the trait: [`Native`] is what it runs on, and the
//! tests run it on both and require the same answers and statistics (`tests.rs`), besides
//! checking every operation of the two against each other here.
//!
//! This module is the band engine's only `unsafe` code: calling the SSE2 intrinsics,
//! loading and storing a row of four words, entering the copy of the search compiled for
//! newer processors ([`modern_instructions`]) and, in that copy only, BMI2's `pext` and
//! AVX2's byte masks for solutions (the lanes that use them are a private type only that
//! copy is given; the solutions: serg 20,671 -> 20,272 instructions a puzzle). Measured with callgrind on
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

/// Four lanes of 32 bits. Every operation acts on each lane alone.
pub(super) trait Lanes: Copy {
    /// The lanes of a row of four words.
    fn load(words: &[u32; 4]) -> Self;
    /// Writes the lanes to a row of four words.
    fn store(self, words: &mut [u32; 4]);
    /// Every lane `x`.
    fn splat(x: u32) -> Self;
    /// Lanes from four values.
    fn from_array(words: [u32; 4]) -> Self;
    /// The lanes as four values.
    fn to_array(self) -> [u32; 4];
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
    /// Lanes 0, 1, 2 take the values of lanes 1, 2, 0; lane 3 keeps its own.
    fn rotate(self) -> Self;
    /// Bit `l` set for each lane `l` that is not 0.
    fn nonzero(self) -> u32;
    /// Bit `l` set for each lane `l` equal in `self` and `other`.
    fn equal(self, other: Self) -> u32;

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
    #[inline(always)]
    fn load(words: &[u32; 4]) -> Self {
        Portable(*words)
    }
    #[inline(always)]
    fn store(self, words: &mut [u32; 4]) {
        *words = self.0;
    }
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Portable([x; 4])
    }
    #[inline(always)]
    fn from_array(words: [u32; 4]) -> Self {
        Portable(words)
    }
    #[inline(always)]
    fn to_array(self) -> [u32; 4] {
        self.0
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
mod sse2 {
    //! Every `unsafe` block here calls SSE2 intrinsics, which Rust marks unsafe because they
    //! need the `sse2` target feature: on x86-64 that feature is part of the baseline, so
    //! every processor the code can run on has it.
    use std::arch::x86_64::{
        __m128i, _mm_add_epi8, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32,
        _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cvtsi128_si32, _mm_cvtsi32_si128, _mm_loadu_si128,
        _mm_min_epu8, _mm_movemask_epi8, _mm_movemask_ps, _mm_or_si128, _mm_packs_epi16,
        _mm_packs_epi32, _mm_set1_epi32, _mm_set1_epi8, _mm_setr_epi32, _mm_setr_epi8,
        _mm_setzero_si128, _mm_shuffle_epi32, _mm_slli_epi16, _mm_slli_epi32, _mm_srli_epi32,
        _mm_srli_si128, _mm_storeu_si128, _mm_xor_si128,
    };

    use std::arch::x86_64::{
        _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_or_si256, _mm256_set1_epi32,
        _mm256_set1_epi64x, _mm256_set1_epi8, _mm256_setr_epi8, _mm256_setzero_si256,
        _mm256_shuffle_epi8, _mm256_storeu_si256, _pext_u32, _pext_u64,
    };
    use std::marker::PhantomData;

    use super::{pick_band, Job, Lanes};
    use crate::bands::tables::TRIPLET_LOW;

    /// Runs `job` compiled for processors with AVX2, BMI1, BMI2, LZCNT and POPCNT, on
    /// lanes that use BMI2, when this one has them (detected at run time); on [`Native`]
    /// lanes compiled for the x86-64 baseline otherwise.
    ///
    /// The band engine's search is `#[inline(always)]` down to its leaves, so all of it is
    /// compiled twice, once inside each context: the modern copy uses `tzcnt`, `blsr`,
    /// `andn`, `popcnt`, `pext`, shifts by a register without `cl`, and three-operand
    /// vector instructions. Measured with callgrind (instructions per puzzle, count to 2),
    /// before `pext`: forum hardest 1106 -17%, serg -14%, exchange diabolical -9%, 17-clue
    /// -7%.
    ///
    /// [`Native`]: super::Native
    #[inline(always)]
    pub(in crate::bands) fn modern_instructions<J: Job>(job: J) -> J::Output {
        if std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
        {
            // SAFETY: every feature the function is compiled for was detected on this
            // processor just now.
            unsafe { with_modern_features(job) }
        } else {
            job.run::<super::Native>()
        }
    }

    /// `job` on lanes that use BMI2, inlined here and so compiled for the features listed.
    /// The only place [`Bmi2`] lanes are made.
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    unsafe fn with_modern_features<J: Job>(job: J) -> J::Output {
        job.run::<Sse2<Bmi2>>()
    }

    /// How [`Sse2`] lanes gather bits: what the processor offers besides SSE2.
    pub(in crate::bands) trait Gather: Copy + std::fmt::Debug {
        /// [`Lanes::minirow_set`].
        fn minirow_set(x: u32) -> usize;
        /// [`Lanes::stack_set`].
        fn stack_set(columns: u32, s: usize) -> usize;
        /// [`Lanes::gather_digits`].
        fn gather_digits(set: u64) -> u32;
        /// [`Lanes::values`].
        fn values(candidates: &[[u32; 4]; 9]) -> [u8; 81];
    }

    /// Bits gathered with shifts and tables (the trait's definitions).
    #[derive(Clone, Copy, Debug)]
    pub(in crate::bands) struct Baseline;

    impl Gather for Baseline {
        #[inline(always)]
        fn minirow_set(x: u32) -> usize {
            <super::Portable as Lanes>::minirow_set(x)
        }
        #[inline(always)]
        fn stack_set(columns: u32, s: usize) -> usize {
            <super::Portable as Lanes>::stack_set(columns, s)
        }
        #[inline(always)]
        fn gather_digits(set: u64) -> u32 {
            <super::Portable as Lanes>::gather_digits(set)
        }
        #[inline(always)]
        fn values(candidates: &[[u32; 4]; 9]) -> [u8; 81] {
            super::Portable::values_of(candidates)
        }
    }

    /// Bits gathered with BMI2's `pext`. Private: only [`with_modern_features`], entered
    /// after the processor's BMI2 was detected, runs code on it.
    #[derive(Clone, Copy, Debug)]
    struct Bmi2;

    impl Gather for Bmi2 {
        #[inline(always)]
        fn minirow_set(x: u32) -> usize {
            let occupied = x | x >> 1 | x >> 2;
            // SAFETY: only code run by `with_modern_features` has Bmi2 lanes, and that runs
            // after this processor's BMI2 was detected.
            unsafe { _pext_u32(occupied, TRIPLET_LOW) as usize }
        }
        #[inline(always)]
        fn stack_set(columns: u32, s: usize) -> usize {
            /// Stack 0's bits of packed column sets (`band << 9 | column`).
            const STACK_0: u32 = 0o7 | 0o7 << 9 | 0o7 << 18;
            // SAFETY: as for `minirow_set`.
            unsafe { _pext_u32(columns, STACK_0 << (3 * (s % 3))) as usize }
        }
        #[inline(always)]
        fn gather_digits(set: u64) -> u32 {
            /// Bit `4 * d` of every digit `d`.
            const DIGIT_LOWS: u64 = 0x1_1111_1111;
            // SAFETY: as for `minirow_set`.
            unsafe { _pext_u64(set, DIGIT_LOWS) as u32 }
        }
        /// Each band's 27 cells as bytes in one AVX2 register: each digit's word spread to
        /// a byte a bit (byte `j` takes byte `j / 8` of the word, then tests bit `j % 8`),
        /// its value kept where set; the bands stored 27 bytes apart, each over the
        /// previous one's five spare bytes.
        #[inline(always)]
        fn values(candidates: &[[u32; 4]; 9]) -> [u8; 81] {
            let mut bytes = [0u8; 27 * 2 + 32];
            // SAFETY: only code run by `with_modern_features` has Bmi2 lanes, and that runs
            // after this processor's AVX2 was detected; each store writes 32 bytes at an
            // offset of at most 54 in the 86-byte array (no alignment requirement).
            unsafe {
                let spread = _mm256_setr_epi8(
                    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, //
                    2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3,
                );
                let bit = _mm256_set1_epi64x(0x8040_2010_0804_0201u64 as i64);
                for b in 0..3 {
                    let mut cells = _mm256_setzero_si256();
                    for (d, digit) in candidates.iter().enumerate() {
                        let word = _mm256_set1_epi32(digit[b] as i32);
                        let tested = _mm256_and_si256(_mm256_shuffle_epi8(word, spread), bit);
                        let set = _mm256_cmpeq_epi8(tested, bit);
                        let value = _mm256_set1_epi8(d as i8 + 1);
                        cells = _mm256_or_si256(cells, _mm256_and_si256(set, value));
                    }
                    _mm256_storeu_si256(bytes.as_mut_ptr().add(27 * b).cast(), cells);
                }
            }
            let mut values = [0u8; 81];
            values.copy_from_slice(&bytes[..81]);
            values
        }
    }

    /// [`Lanes`] in one SSE2 register; `G` says how bits are gathered.
    #[derive(Clone, Copy, Debug)]
    pub(in crate::bands) struct Sse2<G: Gather>(__m128i, PhantomData<G>);

    impl<G: Gather> Sse2<G> {
        #[inline(always)]
        fn new(lanes: __m128i) -> Self {
            Sse2(lanes, PhantomData)
        }
    }

    impl<G: Gather> Lanes for Sse2<G> {
        #[inline(always)]
        fn minirow_set(x: u32) -> usize {
            G::minirow_set(x)
        }
        #[inline(always)]
        fn stack_set(columns: u32, s: usize) -> usize {
            G::stack_set(columns, s)
        }
        #[inline(always)]
        fn gather_digits(set: u64) -> u32 {
            G::gather_digits(set)
        }
        #[inline(always)]
        fn values(candidates: &[[u32; 4]; 9]) -> [u8; 81] {
            G::values(candidates)
        }
        #[inline(always)]
        fn load(words: &[u32; 4]) -> Self {
            // SAFETY: SSE2 is baseline on x86-64; the pointer comes from a reference to 16
            // readable bytes, and the load has no alignment requirement.
            Self::new(unsafe { _mm_loadu_si128(words.as_ptr().cast::<__m128i>()) })
        }
        #[inline(always)]
        fn store(self, words: &mut [u32; 4]) {
            // SAFETY: SSE2 is baseline on x86-64; the pointer comes from a unique reference
            // to 16 writable bytes, and the store has no alignment requirement.
            unsafe { _mm_storeu_si128(words.as_mut_ptr().cast::<__m128i>(), self.0) }
        }
        #[inline(always)]
        fn splat(x: u32) -> Self {
            // SAFETY: SSE2 is baseline on x86-64.
            Self::new(unsafe { _mm_set1_epi32(x as i32) })
        }
        #[inline(always)]
        fn from_array(w: [u32; 4]) -> Self {
            // SAFETY: SSE2 is baseline on x86-64.
            Self::new(unsafe { _mm_setr_epi32(w[0] as i32, w[1] as i32, w[2] as i32, w[3] as i32) })
        }
        #[inline(always)]
        fn to_array(self) -> [u32; 4] {
            let mut words = [0u32; 4];
            self.store(&mut words);
            words
        }
        #[inline(always)]
        fn and(self, other: Self) -> Self {
            // SAFETY: SSE2 is baseline on x86-64.
            Self::new(unsafe { _mm_and_si128(self.0, other.0) })
        }
        #[inline(always)]
        fn or(self, other: Self) -> Self {
            // SAFETY: SSE2 is baseline on x86-64.
            Self::new(unsafe { _mm_or_si128(self.0, other.0) })
        }
        #[inline(always)]
        fn and_not(self, other: Self) -> Self {
            // SAFETY: SSE2 is baseline on x86-64. (`andnot(a, b)` is `!a & b`.)
            Self::new(unsafe { _mm_andnot_si128(other.0, self.0) })
        }
        #[inline(always)]
        fn xor(self, other: Self) -> Self {
            // SAFETY: SSE2 is baseline on x86-64.
            Self::new(unsafe { _mm_xor_si128(self.0, other.0) })
        }
        #[inline(always)]
        fn shift_right<const N: i32>(self) -> Self {
            // SAFETY: SSE2 is baseline on x86-64.
            Self::new(unsafe { _mm_srli_epi32::<N>(self.0) })
        }
        #[inline(always)]
        fn shift_left<const N: i32>(self) -> Self {
            // SAFETY: SSE2 is baseline on x86-64.
            Self::new(unsafe { _mm_slli_epi32::<N>(self.0) })
        }
        #[inline(always)]
        fn rotate(self) -> Self {
            // Lanes (1, 2, 0, 3): two bits per lane, lowest first.
            const ORDER: i32 = 0b11_00_10_01;
            // SAFETY: SSE2 is baseline on x86-64.
            Self::new(unsafe { _mm_shuffle_epi32::<ORDER>(self.0) })
        }
        #[inline(always)]
        fn nonzero(self) -> u32 {
            // SAFETY: SSE2 is baseline on x86-64.
            let zero = unsafe {
                _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(
                    self.0,
                    _mm_setzero_si128(),
                )))
            };
            !(zero as u32) & 0xF
        }
        #[inline(always)]
        fn equal(self, other: Self) -> u32 {
            // SAFETY: SSE2 is baseline on x86-64.
            let equal =
                unsafe { _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(self.0, other.0))) };
            equal as u32
        }

        /// The 36 counts as bytes in three registers (digits 0-3, 4-7, 8): keys made a byte
        /// each, then minimum and sum folded over the digits, four bands' worth at once.
        #[inline(always)]
        fn branch_choice(counts: &[[u8; 4]; 9]) -> Option<(usize, usize, u32)> {
            let last = u32::from_le_bytes(counts[8]) as i32;
            // SAFETY: SSE2 is baseline on x86-64; the loads read 16 bytes from references
            // to rows 0-3 and 4-7 of the 36-byte array (no alignment requirement).
            let (keys, totals) = unsafe {
                let rows = counts.as_flattened().as_ptr();
                let low = _mm_loadu_si128(rows.cast::<__m128i>());
                let high = _mm_loadu_si128(rows.add(16).cast::<__m128i>());
                let last = _mm_cvtsi32_si128(last);
                let one = _mm_set1_epi8(1);
                let key = |v: __m128i, first_digit: i8| {
                    // The digit of each byte: four bytes a digit.
                    let d = first_digit;
                    let digits = _mm_setr_epi8(
                        d,
                        d,
                        d,
                        d,
                        d + 1,
                        d + 1,
                        d + 1,
                        d + 1,
                        d + 2,
                        d + 2,
                        d + 2,
                        d + 2,
                        d + 3,
                        d + 3,
                        d + 3,
                        d + 3,
                    );
                    let at_least_two = _mm_cmpgt_epi8(v, one);
                    let shifted =
                        _mm_and_si128(_mm_slli_epi16::<4>(v), _mm_set1_epi8(0xF0u8 as i8));
                    _mm_or_si128(
                        _mm_and_si128(at_least_two, _mm_or_si128(shifted, digits)),
                        _mm_andnot_si128(at_least_two, _mm_set1_epi8(-1)),
                    )
                };
                let mut keys = _mm_min_epu8(_mm_min_epu8(key(low, 0), key(high, 4)), key(last, 8));
                keys = _mm_min_epu8(keys, _mm_srli_si128::<8>(keys));
                keys = _mm_min_epu8(keys, _mm_srli_si128::<4>(keys));
                let mut totals = _mm_add_epi8(_mm_add_epi8(low, high), last);
                totals = _mm_add_epi8(totals, _mm_srli_si128::<8>(totals));
                totals = _mm_add_epi8(totals, _mm_srli_si128::<4>(totals));
                (
                    _mm_cvtsi128_si32(keys) as u32,
                    _mm_cvtsi128_si32(totals) as u32,
                )
            };
            let byte = |x: u32, b: usize| (x >> (8 * b)) & 0xFF;
            pick_band(
                [0, 1, 2].map(|b| byte(totals, b)),
                [0, 1, 2].map(|b| byte(keys, b)),
            )
        }

        /// Six overlapping 16-byte loads (two a band: its cells 0-15 and 11-26), compared
        /// with each value.
        #[inline(always)]
        fn value_cells(values: &[u8; 81]) -> [[u32; 3]; 10] {
            let mut cells = [[0u32; 3]; 10];
            // SAFETY: SSE2 is baseline on x86-64; every load reads 16 bytes at an offset of
            // at most 65 in an 81-byte array (no alignment requirement).
            unsafe {
                let p = values.as_ptr();
                let chunks = [0, 11, 27, 38, 54, 65].map(|o| _mm_loadu_si128(p.add(o).cast()));
                for (v, bands) in cells.iter_mut().enumerate() {
                    let key = _mm_set1_epi8(v as i8);
                    for (b, band) in bands.iter_mut().enumerate() {
                        let low = _mm_movemask_epi8(_mm_cmpeq_epi8(chunks[2 * b], key)) as u32;
                        let high = _mm_movemask_epi8(_mm_cmpeq_epi8(chunks[2 * b + 1], key)) as u32;
                        *band = low | high << 11;
                    }
                }
            }
            cells
        }

        /// [`Lanes::differing`] of the masked rows against zero.
        #[inline(always)]
        fn touching(rows: &[[u32; 4]; 9], mask: Self) -> u64 {
            let masked = rows.map(|row| Self::load(&row).and(mask).to_array());
            Self::differing(&masked, &[[0; 4]; 9])
        }

        /// The nine comparisons packed to bytes (all ones where equal, saturating packs keep
        /// 0 and -1), one byte mask each for rows 0-3, 4-7 and 8.
        #[inline(always)]
        fn differing(now: &[[u32; 4]; 9], before: &[[u32; 4]; 9]) -> u64 {
            let equal = |r: usize| Self::load(&now[r]).equal_lanes(Self::load(&before[r]));
            // SAFETY: SSE2 is baseline on x86-64.
            let masks = unsafe {
                let zero = _mm_setzero_si128();
                let low = _mm_packs_epi16(
                    _mm_packs_epi32(equal(0), equal(1)),
                    _mm_packs_epi32(equal(2), equal(3)),
                );
                let high = _mm_packs_epi16(
                    _mm_packs_epi32(equal(4), equal(5)),
                    _mm_packs_epi32(equal(6), equal(7)),
                );
                let last = _mm_packs_epi16(_mm_packs_epi32(equal(8), zero), zero);
                (_mm_movemask_epi8(low) as u32 as u64)
                    | (_mm_movemask_epi8(high) as u32 as u64) << 16
                    | (_mm_movemask_epi8(last) as u32 as u64 & 0xF) << 32
            };
            !masks & 0xF_FFFF_FFFF
        }
    }

    impl<G: Gather> Sse2<G> {
        /// All ones in each lane equal in `self` and `other`, zero elsewhere.
        #[inline(always)]
        fn equal_lanes(self, other: Self) -> __m128i {
            // SAFETY: SSE2 is baseline on x86-64.
            unsafe { _mm_cmpeq_epi32(self.0, other.0) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every operation of `L` on `a` and `b`, as arrays.
    fn all<L: Lanes>(a: [u32; 4], b: [u32; 4]) -> Vec<[u32; 4]> {
        let (x, y) = (L::from_array(a), L::load(&b));
        let mut stored = [0u32; 4];
        x.store(&mut stored);
        vec![
            stored,
            L::splat(a[1]).to_array(),
            x.and(y).to_array(),
            x.or(y).to_array(),
            x.and_not(y).to_array(),
            x.xor(y).to_array(),
            x.shift_right::<9>().to_array(),
            x.shift_left::<3>().to_array(),
            x.rotate().to_array(),
            [x.nonzero(), x.equal(y), y.nonzero(), x.equal(x)],
        ]
    }

    proptest! {
        #[test]
        fn native_lanes_agree_with_the_portable_ones(
            a in proptest::array::uniform4(prop_oneof![Just(0u32), any::<u32>()]),
            b in proptest::array::uniform4(prop_oneof![Just(0u32), any::<u32>()]),
        ) {
            prop_assert_eq!(all::<Native>(a, b), all::<Portable>(a, b));
            // Equal lanes are reported equal.
            prop_assert_eq!(Native::from_array(a).equal(Native::from_array(a)), 0xF);
        }
    }

    proptest! {
        #[test]
        fn native_differences_agree_with_the_portable_ones(
            now in proptest::array::uniform9(proptest::array::uniform4(0u32..4)),
            before in proptest::array::uniform9(proptest::array::uniform4(0u32..4)),
        ) {
            prop_assert_eq!(Native::differing(&now, &before), Portable::differing(&now, &before));
            prop_assert_eq!(Native::differing(&now, &now), 0);
        }
    }

    proptest! {
        #[test]
        fn native_branch_choice_agrees_with_the_portable_one(
            counts in proptest::array::uniform9(proptest::array::uniform3(prop_oneof![Just(1u8), 1u8..=6])),
        ) {
            let counts = counts.map(|[a, b, c]| [a, b, c, 0]);
            prop_assert_eq!(Native::branch_choice(&counts), Portable::branch_choice(&counts));
        }
    }

    #[test]
    fn the_branch_choice_takes_the_emptiest_band_and_its_most_constrained_digit() {
        let mut counts = [[1u8, 1, 1, 0]; 9];
        assert_eq!(Native::branch_choice(&counts), None);
        counts[3] = [6, 2, 1, 0];
        counts[5] = [1, 4, 3, 0];
        // Totals 14, 13, 11: band 2, its digit 5 (count 3).
        assert_eq!(Native::branch_choice(&counts), Some((5, 2, 11)));
        // Band 2 up to 13: a tie with band 1, which comes first; its digit 3 (count 2).
        counts[7][2] = 3;
        assert_eq!(
            Native::branch_choice(&counts),
            Some((3, 1, 13)),
            "band 1 on the tie"
        );
    }

    /// The minirow sets and the three stack sets of some words, and the digits gathered
    /// from them taken as digit-band sets, on the lanes a job is given.
    struct MinirowSets(Vec<u32>);

    impl Job for MinirowSets {
        type Output = Vec<[usize; 5]>;
        fn run<L: Lanes>(self) -> Vec<[usize; 5]> {
            let sets = |x: u32| {
                let digit_bands = (u64::from(x) << 9 | u64::from(x)) & 0x1_1111_1111;
                [
                    L::minirow_set(x),
                    L::stack_set(x, 0),
                    L::stack_set(x, 1),
                    L::stack_set(x, 2),
                    L::gather_digits(digit_bands) as usize,
                ]
            };
            self.0.into_iter().map(sets).collect()
        }
    }

    #[test]
    fn minirow_sets_agree_on_every_instruction_set() {
        let mut random = crate::random::Random::new(7);
        let words: Vec<u32> = (0..20_000)
            .map(|i| match i % 3 {
                0 => random.below(1 << 27) as u32,
                1 => 1 << (i % 27),
                _ => (1 << 27) - 1 - (1 << (i % 27)),
            })
            .collect();
        let expected = MinirowSets(words.clone()).run::<Portable>();
        assert_eq!(modern_instructions(MinirowSets(words.clone())), expected);
        assert_eq!(MinirowSets(words).run::<Native>(), expected);
        assert_eq!(Portable::minirow_set(0o7_000_000), 0o100);
        assert_eq!(Portable::minirow_set(1 << 26), 0o400);
        // Band 1, column 4 (stack 1, its column 1); band 2, column 8 (stack 2, column 2).
        assert_eq!(Portable::stack_set(1 << (9 + 4), 1), 1 << (3 + 1));
        assert_eq!(Portable::stack_set(1 << (18 + 8), 2), 1 << (6 + 2));
        assert_eq!(Portable::stack_set(1 << (18 + 8), 0), 0);
        assert_eq!(Portable::gather_digits(1 << 32 | 1 << 4), 0b1_0000_0010);
    }

    /// The value cells of some grids, on the lanes a job is given.
    struct ValueCells(Vec<[u8; 81]>);

    impl Job for ValueCells {
        type Output = Vec<[[u32; 3]; 10]>;
        fn run<L: Lanes>(self) -> Vec<[[u32; 3]; 10]> {
            self.0.iter().map(L::value_cells).collect()
        }
    }

    #[test]
    fn value_cells_agree_on_every_instruction_set() {
        let mut random = crate::random::Random::new(11);
        let grids: Vec<[u8; 81]> = (0..500)
            .map(|g| std::array::from_fn(|_| if g == 0 { 9 } else { random.below(10) as u8 }))
            .collect();
        let expected = ValueCells(grids.clone()).run::<Portable>();
        assert_eq!(modern_instructions(ValueCells(grids.clone())), expected);
        assert_eq!(ValueCells(grids.clone()).run::<Native>(), expected);
        // Every cell in exactly one value's set; the all-9 grid has full bands of 9.
        for cells in &expected {
            for b in 0..3 {
                let union = cells.iter().fold(0, |u, v| u | v[b]);
                let total: u32 = cells.iter().map(|v| v[b].count_ones()).sum();
                assert_eq!((union, total), ((1 << 27) - 1, 27));
            }
        }
        assert_eq!(expected[0][9], [(1 << 27) - 1; 3]);
    }

    /// The values of some grids' candidate words, on the lanes a job is given.
    struct Values(Vec<[[u32; 4]; 9]>);

    impl Job for Values {
        type Output = Vec<[u8; 81]>;
        fn run<L: Lanes>(self) -> Vec<[u8; 81]> {
            self.0.iter().map(L::values).collect()
        }
    }

    #[test]
    fn values_agree_on_every_instruction_set_and_invert_the_words() {
        let mut random = crate::random::Random::new(13);
        // Each digit three times in each band, as in a complete grid, in random places.
        let grids: Vec<[u8; 81]> = (0..300)
            .map(|_| {
                let mut grid = [0u8; 81];
                for band in grid.chunks_exact_mut(27) {
                    let order = random.permutation(27);
                    for (i, &cell) in order.iter().enumerate() {
                        band[cell] = 1 + (i / 3) as u8;
                    }
                }
                grid
            })
            .collect();
        let words: Vec<[[u32; 4]; 9]> = grids
            .iter()
            .map(|grid| {
                let mut words = [[0u32; 4]; 9];
                for (i, &v) in grid.iter().enumerate() {
                    words[usize::from(v) - 1][i / 27] |= 1 << (i % 27);
                }
                words
            })
            .collect();
        assert_eq!(modern_instructions(Values(words.clone())), grids);
        assert_eq!(Values(words.clone()).run::<Native>(), grids);
        assert_eq!(Values(words).run::<Portable>(), grids);
    }

    #[test]
    fn nonzero_and_equal_name_the_lanes() {
        let x = Portable::from_array([0, 5, 0, 7]);
        assert_eq!(x.nonzero(), 0b1010);
        assert_eq!(x.rotate().to_array(), [5, 0, 0, 7]);
        assert_eq!(x.equal(Portable::splat(0)), 0b0101);
    }
}
