//! The engine against published counts.

use super::*;
use crate::exact_cover::{classic, Encoding, Problem};
use crate::grid::Grid;
use crate::solver::Solver;

#[test]
fn queens_counts_match_the_published_sequence() {
    // OEIS A000170.
    let published = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, &expected) in (1..=12).zip(published.iter()) {
        let mut dlx = classic::queens(n).unwrap().dlx();
        assert_eq!(dlx.count(0).solutions, expected, "n = {n}");
        assert!(dlx.sanity().is_ok(), "links restored after n = {n}");
    }
}

#[test]
fn langford_pairs() {
    // L(2, n): 1, 1, 0, 0, 26, 150 for n = 3, 4, 5, 6, 7, 8 up to reversal; doubled here.
    for (n, expected) in [(3, 2), (4, 2), (5, 0), (6, 0), (7, 52), (8, 300)] {
        assert_eq!(
            classic::langford(n).unwrap().dlx().count(0).solutions,
            expected,
            "n = {n}"
        );
    }
}

#[test]
fn pentominoes_5x12_and_3x20() {
    // 1010 and 2 up to symmetry; each has 4 symmetric copies in a rectangle.
    assert_eq!(
        classic::pentominoes(3, 20)
            .unwrap()
            .dlx()
            .count(0)
            .solutions,
        8
    );
    assert_eq!(
        classic::pentominoes(5, 12)
            .unwrap()
            .dlx()
            .count(0)
            .solutions,
        4040
    );
}

#[test]
fn pentominoes_6x10() {
    // 2339 up to symmetry.
    assert_eq!(
        classic::pentominoes(6, 10)
            .unwrap()
            .dlx()
            .count(0)
            .solutions,
        9356
    );
}

#[test]
fn count_limit_stops_and_restores() {
    let mut dlx = classic::queens(8).unwrap().dlx();
    assert_eq!(dlx.count(5).solutions, 5);
    assert!(dlx.sanity().is_ok());
    assert_eq!(dlx.count(0).solutions, 92);
}

#[test]
fn random_tie_breaking_keeps_the_count() {
    let mut dlx = classic::queens(8).unwrap().dlx();
    let leftmost = dlx.count(0).nodes;
    let mut paths = Vec::new();
    for seed in [1, 2, 99] {
        dlx.set_tie_break_seed(Some(seed));
        let stats = dlx.count(0);
        assert_eq!(stats.solutions, 92);
        assert!(dlx.sanity().is_ok());
        paths.push(stats.nodes);
    }
    // The seeds do change the search (else the option would be a no-op).
    assert!(
        paths.iter().any(|&nodes| nodes != leftmost),
        "{leftmost} {paths:?}"
    );
    let mut langford = classic::langford(7).unwrap().dlx();
    langford.set_tie_break_seed(Some(5));
    assert_eq!(langford.count(0).solutions, 52);
}

#[test]
fn empty_4x4_sudoku_has_288_grids() {
    let empty = Grid::empty(2).unwrap();
    assert_eq!(DlxSolver.count(&empty, 0).count, 288);
    let encoding = Encoding::new(&empty).unwrap();
    assert_eq!((encoding.items(), encoding.options()), (64, 64));
}

#[test]
fn full_9x9_encoding_sizes() {
    let encoding = Encoding::new(&Grid::empty(3).unwrap()).unwrap();
    assert_eq!((encoding.items(), encoding.options()), (324, 729));
    let problem = encoding.problem().unwrap();
    let text = problem.to_dlx_format();
    assert!(text.starts_with("p11 p12 "));
    let again = Problem::read_dlx_format(text.as_bytes(), None).unwrap();
    assert_eq!(again.options(), 729);
}

#[test]
fn contradictory_givens_have_no_solution() {
    let puzzle = Grid::parse("11..............").unwrap();
    assert!(Encoding::new(&puzzle).is_none());
    assert_eq!(DlxSolver.count(&puzzle, 2).count, 0);
}

#[test]
fn the_blockwise_forced_item_search_finds_the_first_short_item() {
    // Lengths 0-3 and covered ones (high bit), at every length around the block size.
    let mut random = crate::random::Random::new(11);
    for len in 0..70 {
        for _ in 0..50 {
            let lens: Vec<u32> = (0..len)
                .map(|_| match random.below(8) {
                    0 => 0,
                    1 => 1,
                    2 | 3 => 1 << 31 | random.below(4) as u32,
                    _ => 2 + random.below(3) as u32,
                })
                .collect();
            let expected = lens.iter().position(|&l| l <= 1);
            assert_eq!(links::first_at_most_one(&lens), expected, "{lens:?}");
            for value in 0..4 {
                let expected = lens.iter().position(|&l| l == value);
                assert_eq!(links::first_equal(&lens, value), expected, "{lens:?}");
            }
        }
    }
}
