//! Bitboards (`bits`) against independent answers: the search nodes Knuth's DLX1 and DLX2
//! print (`datasets/exact-cover/reference.csv`, `reference-limits.csv`: the engine branches
//! as they do, on the first primary item of fewest options, so its tree is theirs), the
//! solutions dancing links list, and brute force on random small problems. Every check
//! runs both ways of clearing a chosen option's clashes (one precomputed set, or the rows
//! one by one).

use std::collections::BTreeSet;
use std::path::PathBuf;

mod common;

use common::random_cover::{self, solutions_by_links};
use common::run_sudolab;
use proptest::prelude::*;
use sudolab::bitboard::Bitboard;
use sudolab::exact_cover::{Control, ExactCover, Problem};
use sudolab::harness::exact_cover::read_instance;
use sudolab::solver::{Limits, Stop};

fn instances() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("datasets/exact-cover")
}

fn problem(file: &str) -> Problem {
    read_instance(&instances().join(file)).unwrap().0
}

/// The problem's bitboard with and without clash sets.
fn both_ways(problem: &Problem) -> [Bitboard; 2] {
    let with = problem.bitboard();
    let mut without = with.clone();
    without.drop_clash_sets();
    [with, without]
}

/// (file, solutions, DLX1's or DLX2's nodes) of the complete counts in a reference file
/// with the given columns, up to `max_nodes` nodes.
fn reference(
    file: &str,
    solutions: usize,
    nodes: usize,
    max_nodes: u64,
) -> Vec<(String, u64, u64)> {
    let text = std::fs::read_to_string(instances().join(file)).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(header[solutions], "solutions");
    assert!(
        ["dlx1_nodes", "dlx_nodes"].contains(&header[nodes]),
        "{header:?}"
    );
    lines
        .filter_map(|line| {
            // The description column is quoted and has commas; the numbers are at the end.
            let fields: Vec<&str> = line.split(',').collect();
            let from_end = |k: usize| fields[fields.len() - (header.len() - k)];
            let row = (
                fields[0].to_string(),
                from_end(solutions).parse().unwrap(),
                from_end(nodes).parse().unwrap(),
            );
            let complete = !header.contains(&"limit") || fields[1] == "0";
            (complete && row.2 <= max_nodes).then_some(row)
        })
        .collect()
}

#[test]
fn counts_and_nodes_equal_dlx1s_and_dlx2s() {
    let mut rows = reference("reference.csv", 2, 3, 500_000);
    rows.extend(reference("reference-limits.csv", 2, 3, 500_000));
    let files: BTreeSet<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert!(files.len() >= 12, "{files:?}");
    assert!(files.contains("xcc1.dlx") && files.contains("pent3x20.dlx"));
    for (file, solutions, nodes) in &rows {
        let problem = problem(file);
        for mut board in both_ways(&problem) {
            let stats = board.count(0);
            assert_eq!(
                (stats.solutions, stats.nodes),
                (*solutions, *nodes),
                "{file}"
            );
            assert_eq!(stats.stopped, None);
        }
    }
}

#[test]
fn lists_exactly_the_solutions_dancing_links_list() {
    // Queens (secondary items), Langford pairs, pentominoes (72 primary items: two words of
    // them; 1,236 options: 20 words), and the coloured files.
    for file in [
        "q8.dlx",
        "lang8.dlx",
        "pent3x20.dlx",
        "xcc1.dlx",
        "xcc3.dlx",
        "xcc6.dlx",
    ] {
        let problem = problem(file);
        let expected = solutions_by_links(&problem);
        assert!(!expected.is_empty());
        for mut board in both_ways(&problem) {
            let mut found = BTreeSet::new();
            board.search_options(&Limits::NONE, &mut |options| {
                let mut solution: Vec<u32> = options.iter().map(|&o| o as u32 + 1).collect();
                solution.sort_unstable();
                assert!(found.insert(solution), "{file}: a solution twice");
                Control::Continue
            });
            assert_eq!(found, expected, "{file}");
        }
    }
}

#[test]
fn limits_stop_the_search() {
    let problem = problem("pent3x20.dlx");
    for mut board in both_ways(&problem) {
        let limits = Limits {
            max_nodes: Some(1000),
            ..Limits::NONE
        };
        let stats = board.count_within(0, &limits);
        assert_eq!(stats.stopped, Some(Stop::NodeLimit));
        assert_eq!(stats.nodes, 1001);
        assert!(stats.solutions < 8);
        let first = board.count_within(3, &Limits::NONE);
        assert_eq!((first.solutions, first.stopped), (3, None));
        // And the next search starts afresh.
        assert_eq!(board.count(0).solutions, 8);
    }
}

#[test]
fn cover_counts_with_bits_with_and_without_multiplicities() {
    let file = instances().join("xcc2.dlx");
    let output = run_sudolab(&["cover", "--engine", "bits", file.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    assert!(
        text.contains("solutions: 50") && text.contains("nodes: 4427"),
        "{text}"
    );
    let file = instances().join("mcc-two-per-line6.dlx");
    let output = run_sudolab(&["cover", "--engine", "bits", file.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("solutions: 67950"), "{text}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn bits_agree_with_brute_force(random in random_cover::exact_cover()) {
        let problem = random.problem();
        let expected = random.brute_force();
        for mut board in both_ways(&problem) {
            let mut found = BTreeSet::new();
            let stats = board.search_options(&Limits::NONE, &mut |options| {
                let mut solution: Vec<u32> = options.iter().map(|&o| o as u32 + 1).collect();
                solution.sort_unstable();
                found.insert(solution);
                Control::Continue
            });
            prop_assert_eq!(&found, &expected, "on\n{}", problem.to_dlx_format());
            prop_assert_eq!(stats.solutions, expected.len() as u64);
        }
    }
}
