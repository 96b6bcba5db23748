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

/// Nine rows of four words, as the board's candidates.
type Rows = [[u32; 4]; 9];

/// The differing words of pairs of snapshots, on the lanes a job is given.
struct Differences(Vec<(Rows, Rows)>);

impl Job for Differences {
    type Output = Vec<u64>;
    fn run<L: Lanes>(self) -> Vec<u64> {
        self.0
            .iter()
            .map(|(now, before)| L::differing(now, before))
            .collect()
    }
}

#[test]
fn differences_agree_on_every_instruction_set() {
    let mut random = crate::random::Random::new(5);
    let mut pairs = Vec::new();
    for k in 0..2_000 {
        let now: Rows =
            std::array::from_fn(|_| std::array::from_fn(|_| random.below(1 << 27) as u32));
        let mut before = now;
        // Change none, one or several words (each of the 36 in turn among the single ones).
        match k % 3 {
            0 => {}
            1 => before[k / 3 % 9][k / 27 % 4] ^= 1 << (k % 27),
            _ => {
                for _ in 0..1 + k % 7 {
                    before[random.below(9) as usize][random.below(4) as usize] ^= 1 << 26;
                }
            }
        }
        pairs.push((now, before));
    }
    let expected = Differences(pairs.clone()).run::<Portable>();
    assert_eq!(modern_instructions(Differences(pairs.clone())), expected);
    assert_eq!(Differences(pairs).run::<Native>(), expected);
    assert!(
        expected.iter().filter(|&&d| d == 0).count() > 600,
        "unchanged pairs"
    );
    assert!(
        expected.iter().any(|&d| d.count_ones() > 2),
        "several changes"
    );
    assert!(expected.iter().any(|&d| d & 1 << 35 != 0), "the last word");
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

/// Two rows of four words, as a pair of digits' candidates.
type TwoRows = [[u32; 4]; 2];

/// Every operation of the lanes' pairs on pairs of rows, as rows and lane bits, on the
/// lanes a job is given.
struct PairOperations(Vec<(TwoRows, TwoRows)>);

impl Job for PairOperations {
    type Output = Vec<Vec<TwoRows>>;
    fn run<L: Lanes>(self) -> Vec<Vec<TwoRows>> {
        let rows = |p: L::Pair| {
            let mut rows: TwoRows = [[0u32; 4]; 2];
            p.store(&mut rows);
            rows
        };
        self.0
            .iter()
            .map(|(a, b)| {
                let (x, y) = (L::Pair::load(a), L::Pair::load(b));
                let (first, second) = x.split();
                vec![
                    rows(x),
                    rows(L::Pair::join(second, first)),
                    [first.to_array(), second.to_array()],
                    rows(L::Pair::splat(a[0][1])),
                    rows(x.and(y)),
                    rows(x.or(y)),
                    rows(x.and_not(y)),
                    rows(x.xor(y)),
                    rows(x.shift_right::<9>()),
                    rows(x.shift_left::<3>()),
                    rows(x.rotate()),
                    [[x.nonzero(), x.equal(y), y.nonzero(), x.equal(x)], [0; 4]],
                ]
            })
            .collect()
    }
}

#[test]
fn pair_operations_agree_on_every_instruction_set() {
    let mut random = crate::random::Random::new(11);
    let mut word = |i: usize| match i % 4 {
        0 => 0,
        1 => 1 << (i % 27),
        _ => random.below(1 << 32) as u32,
    };
    let mut cases = Vec::new();
    for i in 0..2_000 {
        let a = [0, 1].map(|r| [0, 1, 2, 3].map(|l| word(i + 3 * r + l)));
        let mut b = [0, 1].map(|r| [0, 1, 2, 3].map(|l| word(i + 5 * r + 2 * l)));
        if i % 3 == 0 {
            b[1] = a[1]; // some lanes equal
        }
        cases.push((a, b));
    }
    let expected = PairOperations(cases.clone()).run::<Portable>();
    assert_eq!(modern_instructions(PairOperations(cases.clone())), expected);
    assert_eq!(PairOperations(cases).run::<Native>(), expected);
    // The second row's lanes are bits 4-7; the rotation stays within each row.
    let x = <Portable as Lanes>::Pair::load(&[[0, 5, 0, 7], [1, 0, 0, 0]]);
    assert_eq!(x.nonzero(), 0b0001_1010);
    let mut rotated = [[0u32; 4]; 2];
    x.rotate().store(&mut rotated);
    assert_eq!(rotated, [[5, 0, 0, 7], [0, 0, 1, 0]]);
}
