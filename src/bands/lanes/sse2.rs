//! [`Lanes`] in SSE2 registers, and the copy of the search compiled for newer processors.
//!
//! Every `unsafe` block here calls SSE2 intrinsics, which Rust marks unsafe because they
//! need the `sse2` target feature: on x86-64 that feature is part of the baseline, so
//! every processor the code can run on has it; or, in code only [`with_modern_features`]
//! runs (after detecting them), BMI2 and AVX2 ones; or enters that function.
use std::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32,
    _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cvtsi128_si32, _mm_cvtsi32_si128, _mm_loadu_si128,
    _mm_min_epu8, _mm_movemask_epi8, _mm_movemask_ps, _mm_or_si128, _mm_packs_epi16,
    _mm_packs_epi32, _mm_set1_epi32, _mm_set1_epi8, _mm_setr_epi32, _mm_setr_epi8,
    _mm_setzero_si128, _mm_shuffle_epi32, _mm_slli_epi16, _mm_slli_epi32, _mm_srli_epi32,
    _mm_srli_si128, _mm_storeu_si128, _mm_xor_si128,
};

use std::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_ps, _mm256_castsi256_si128,
    _mm256_cmpeq_epi32, _mm256_cmpeq_epi8, _mm256_extracti128_si256, _mm256_loadu_si256,
    _mm256_movemask_epi8, _mm256_movemask_ps, _mm256_or_si256, _mm256_packs_epi16,
    _mm256_packs_epi32, _mm256_permutevar8x32_epi32, _mm256_set1_epi32, _mm256_set1_epi64x,
    _mm256_set1_epi8, _mm256_set_m128i, _mm256_setr_epi32, _mm256_setr_epi8, _mm256_setzero_si256,
    _mm256_shuffle_epi32, _mm256_shuffle_epi8, _mm256_slli_epi32, _mm256_srli_epi32,
    _mm256_storeu_si256, _mm256_xor_si256, _pext_u32, _pext_u64,
};
use std::marker::PhantomData;

use super::{pick_band, Job, Lanes, Pair, Twice, Vector};
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
    /// [`Lanes::Pair`].
    type Pair: Pair<Sse2<Self>>;
    /// [`Lanes::minirow_set`].
    fn minirow_set(x: u32) -> usize;
    /// [`Lanes::stack_set`].
    fn stack_set(columns: u32, s: usize) -> usize;
    /// [`Lanes::gather_digits`].
    fn gather_digits(set: u64) -> u32;
    /// [`Lanes::values`].
    fn values(candidates: &[[u32; 4]; 9]) -> [u8; 81];
    /// [`Lanes::differing`].
    fn differing(now: &[[u32; 4]; 9], before: &[[u32; 4]; 9]) -> u64;
}

/// Bits gathered with shifts and tables (the trait's definitions).
#[derive(Clone, Copy, Debug)]
pub(in crate::bands) struct Baseline;

impl Gather for Baseline {
    type Pair = Twice<Sse2<Baseline>>;
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
    #[inline(always)]
    fn differing(now: &[[u32; 4]; 9], before: &[[u32; 4]; 9]) -> u64 {
        differing_sse2(now, before)
    }
}

/// Bits gathered with BMI2's `pext`. Private: only [`with_modern_features`], entered
/// after the processor's BMI2 was detected, runs code on it.
#[derive(Clone, Copy, Debug)]
struct Bmi2;

impl Gather for Bmi2 {
    type Pair = Avx2Pair;
    #[inline(always)]
    fn minirow_set(x: u32) -> usize {
        let occupied = x | x >> 1 | x >> 2;
        // SAFETY: only code run by `with_modern_features` has Bmi2 lanes, and that runs
        // after this processor's BMI2 was detected.
        let set = unsafe { _pext_u32(occupied, TRIPLET_LOW) };
        // Nine bits: masked, so that the compiler drops the bounds checks of the tables
        // the set indexes (serg: 19,431 -> 19,069 instructions a puzzle).
        (set & 0x1FF) as usize
    }
    #[inline(always)]
    fn stack_set(columns: u32, s: usize) -> usize {
        /// Stack 0's bits of packed column sets (`band << 9 | column`).
        const STACK_0: u32 = 0o7 | 0o7 << 9 | 0o7 << 18;
        // SAFETY: as for `minirow_set`.
        let set = unsafe { _pext_u32(columns, STACK_0 << (3 * (s % 3))) };
        (set & 0x1FF) as usize // nine bits, as for `minirow_set`
    }
    #[inline(always)]
    fn gather_digits(set: u64) -> u32 {
        /// Bit `4 * d` of every digit `d`.
        const DIGIT_LOWS: u64 = 0x1_1111_1111;
        // SAFETY: as for `minirow_set`.
        unsafe { _pext_u64(set, DIGIT_LOWS) as u32 }
    }
    /// Each band's 27 cells as bytes in one AVX2 register, from the four bit planes of
    /// the values (plane `k`: the cells whose digit has bit `k`, the digits' words or-ed
    /// together, the three bands at once): each plane spread to a byte a bit (byte `j`
    /// takes byte `j / 8` of the word, then tests bit `j % 8`), its bit kept where set;
    /// the bands stored 27 bytes apart, each over the previous one's five spare bytes.
    /// (Against spreading the nine digits' words: serg 17,535 -> 17,354 instructions a
    /// puzzle, 17-clue 11,907 -> 11,822.)
    #[inline(always)]
    fn values(candidates: &[[u32; 4]; 9]) -> [u8; 81] {
        type Row = Sse2<Bmi2>;
        let digit = |d: usize| Row::load(&candidates[d]);
        // Values 1-9 are digits 0-8 plus one.
        let planes = [
            digit(0).or(digit(2)).or(digit(4)).or(digit(6)).or(digit(8)),
            digit(1).or(digit(2)).or(digit(5)).or(digit(6)),
            digit(3).or(digit(4)).or(digit(5)).or(digit(6)),
            digit(7).or(digit(8)),
        ];
        let planes = [
            planes[0].to_array(),
            planes[1].to_array(),
            planes[2].to_array(),
            planes[3].to_array(),
        ];
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
                for (k, plane) in planes.iter().enumerate() {
                    let word = _mm256_set1_epi32(plane[b] as i32);
                    let tested = _mm256_and_si256(_mm256_shuffle_epi8(word, spread), bit);
                    let set = _mm256_cmpeq_epi8(tested, bit);
                    cells = _mm256_or_si256(cells, _mm256_and_si256(set, _mm256_set1_epi8(1 << k)));
                }
                _mm256_storeu_si256(bytes.as_mut_ptr().add(27 * b).cast(), cells);
            }
        }
        let mut values = [0u8; 81];
        values.copy_from_slice(&bytes[..81]);
        values
    }
    /// Rows 0-7 compared two at a time (AVX2), packed to a byte a word and put back in
    /// row order (the packs work within each 16-byte half), row 8 with SSE2.
    #[inline(always)]
    fn differing(now: &[[u32; 4]; 9], before: &[[u32; 4]; 9]) -> u64 {
        // SAFETY: only code run by `with_modern_features` has Bmi2 lanes, and that runs
        // after this processor's AVX2 was detected; each load reads 32 bytes at an offset
        // of at most 96 of a 144-byte array, or its last 16 (no alignment requirement).
        unsafe {
            let equal = |r: usize| {
                let a = _mm256_loadu_si256(now.as_ptr().add(r).cast::<__m256i>());
                let b = _mm256_loadu_si256(before.as_ptr().add(r).cast::<__m256i>());
                _mm256_cmpeq_epi32(a, b)
            };
            // Halves: [rows 0, 2, 4, 6 | rows 1, 3, 5, 7], four bytes a row.
            let packed = _mm256_packs_epi16(
                _mm256_packs_epi32(equal(0), equal(2)),
                _mm256_packs_epi32(equal(4), equal(6)),
            );
            let ordered =
                _mm256_permutevar8x32_epi32(packed, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
            let last = _mm_cmpeq_epi32(
                _mm_loadu_si128(now[8].as_ptr().cast::<__m128i>()),
                _mm_loadu_si128(before[8].as_ptr().cast::<__m128i>()),
            );
            let masks = _mm256_movemask_epi8(ordered) as u32 as u64
                | (_mm_movemask_ps(_mm_castsi128_ps(last)) as u64) << 32;
            !masks & 0xF_FFFF_FFFF
        }
    }
}

/// [`Pair`] in one AVX2 register: the first row in the low 128 bits, the second in the
/// high. Private, as [`Bmi2`] is: only the lanes of the copy [`with_modern_features`]
/// runs (after detecting AVX2) have it.
#[derive(Clone, Copy, Debug)]
struct Avx2Pair(__m256i);

impl Vector for Avx2Pair {
    const BAND_LANES: u32 = 0x77;
    #[inline(always)]
    fn splat(x: u32) -> Self {
        // SAFETY: only code run by `with_modern_features` has Avx2Pair values, and that
        // runs after this processor's AVX2 was detected (the same for every block below).
        Avx2Pair(unsafe { _mm256_set1_epi32(x as i32) })
    }
    #[inline(always)]
    fn and(self, other: Self) -> Self {
        // SAFETY: as for `splat`.
        Avx2Pair(unsafe { _mm256_and_si256(self.0, other.0) })
    }
    #[inline(always)]
    fn or(self, other: Self) -> Self {
        // SAFETY: as for `splat`.
        Avx2Pair(unsafe { _mm256_or_si256(self.0, other.0) })
    }
    #[inline(always)]
    fn and_not(self, other: Self) -> Self {
        // SAFETY: as for `splat`. (`andnot(a, b)` is `!a & b`.)
        Avx2Pair(unsafe { _mm256_andnot_si256(other.0, self.0) })
    }
    #[inline(always)]
    fn xor(self, other: Self) -> Self {
        // SAFETY: as for `splat`.
        Avx2Pair(unsafe { _mm256_xor_si256(self.0, other.0) })
    }
    #[inline(always)]
    fn shift_right<const N: i32>(self) -> Self {
        // SAFETY: as for `splat`.
        Avx2Pair(unsafe { _mm256_srli_epi32::<N>(self.0) })
    }
    #[inline(always)]
    fn shift_left<const N: i32>(self) -> Self {
        // SAFETY: as for `splat`.
        Avx2Pair(unsafe { _mm256_slli_epi32::<N>(self.0) })
    }
    #[inline(always)]
    fn rotate(self) -> Self {
        // Lanes (1, 2, 0, 3) within each 128-bit half, as `Sse2::rotate`.
        const ORDER: i32 = 0b11_00_10_01;
        // SAFETY: as for `splat`.
        Avx2Pair(unsafe { _mm256_shuffle_epi32::<ORDER>(self.0) })
    }
    #[inline(always)]
    fn nonzero(self) -> u32 {
        // SAFETY: as for `splat`.
        let zero = unsafe {
            _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(
                self.0,
                _mm256_setzero_si256(),
            )))
        };
        !(zero as u32) & 0xFF
    }
    #[inline(always)]
    fn equal(self, other: Self) -> u32 {
        // SAFETY: as for `splat`.
        let equal =
            unsafe { _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(self.0, other.0))) };
        equal as u32
    }
}

impl Pair<Sse2<Bmi2>> for Avx2Pair {
    #[inline(always)]
    fn load(rows: &[[u32; 4]; 2]) -> Self {
        // SAFETY: as for `splat`; the pointer comes from a reference to 32 readable bytes,
        // and the load has no alignment requirement.
        Avx2Pair(unsafe { _mm256_loadu_si256(rows.as_ptr().cast::<__m256i>()) })
    }
    #[inline(always)]
    fn store(self, rows: &mut [[u32; 4]; 2]) {
        // SAFETY: as for `splat`; the pointer comes from a unique reference to 32 writable
        // bytes, and the store has no alignment requirement.
        unsafe { _mm256_storeu_si256(rows.as_mut_ptr().cast::<__m256i>(), self.0) }
    }
    #[inline(always)]
    fn join(first: Sse2<Bmi2>, second: Sse2<Bmi2>) -> Self {
        // SAFETY: as for `splat`.
        Avx2Pair(unsafe { _mm256_set_m128i(second.0, first.0) })
    }
    #[inline(always)]
    fn split(self) -> (Sse2<Bmi2>, Sse2<Bmi2>) {
        // SAFETY: as for `splat`.
        let (low, high) = unsafe {
            (
                _mm256_castsi256_si128(self.0),
                _mm256_extracti128_si256::<1>(self.0),
            )
        };
        (Sse2::new(low), Sse2::new(high))
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
    type Pair = G::Pair;
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
                let shifted = _mm_and_si128(_mm_slli_epi16::<4>(v), _mm_set1_epi8(0xF0u8 as i8));
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

    #[inline(always)]
    fn differing(now: &[[u32; 4]; 9], before: &[[u32; 4]; 9]) -> u64 {
        G::differing(now, before)
    }
}

impl<G: Gather> Vector for Sse2<G> {
    const BAND_LANES: u32 = 0x7;
    #[inline(always)]
    fn splat(x: u32) -> Self {
        // SAFETY: SSE2 is baseline on x86-64.
        Self::new(unsafe { _mm_set1_epi32(x as i32) })
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
        let equal = unsafe { _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(self.0, other.0))) };
        equal as u32
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

/// [`Lanes::differing`] with SSE2: the nine comparisons packed to bytes (all ones where
/// equal, saturating packs keep 0 and -1), one byte mask each for rows 0-3, 4-7 and 8.
#[inline(always)]
fn differing_sse2(now: &[[u32; 4]; 9], before: &[[u32; 4]; 9]) -> u64 {
    let equal =
        |r: usize| Sse2::<Baseline>::load(&now[r]).equal_lanes(Sse2::<Baseline>::load(&before[r]));
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
