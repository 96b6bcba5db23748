//! Multiplicities (Knuth's MCC, his DLX3 format `u:v|item`): read, written back, counted by
//! dancing links (Algorithm M, as DLX3), dancing cells (as SSMCC), bitboards and the SAT
//! encoding with cardinality constraints, and checked against DLX3's and SSMCC's counts,
//! nodes, updates and mems (`datasets/exact-cover/reference-dlx3.csv`,
//! `reference-ssmcc.csv`, printed by Knuth's programs built from his CWEB sources, on the
//! 150 random problems of `mcc-random.txt`) and against brute force. The memo refuses such
//! problems.

use std::collections::BTreeSet;
use std::path::PathBuf;

mod common;

use common::random_cover::{self, solutions_by_links};
use proptest::prelude::*;
use sudolab::exact_cover::{Control, ExactCover, Problem};
use sudolab::registry::Engine;
use sudolab::sat::{count_models, Cnf};
use sudolab::solver::Limits;

fn instances() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("datasets/exact-cover")
}

fn read(text: &str) -> Problem {
    Problem::read_dlx_format(text.as_bytes(), Some("test")).unwrap()
}

/// The solutions by SAT, each as its sorted option numbers (from 1).
fn solutions_by_sat(problem: &Problem) -> BTreeSet<Vec<u32>> {
    let cnf = Cnf::from_problem(problem).unwrap();
    let found = count_models(&cnf, 0, usize::MAX, &Limits::NONE);
    assert!(found.stopped.is_none());
    let set: BTreeSet<Vec<u32>> = found.models.into_iter().collect();
    assert_eq!(set.len() as u64, found.count, "no model twice");
    set
}

/// Knuth's example in DLX3's documentation: one solution.
#[test]
fn knuths_example_has_its_one_solution() {
    let problem = read("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n");
    assert!(problem.has_multiplicities());
    assert_eq!(problem.multiplicity(3), (2, 3));
    assert_eq!(problem.multiplicity(1), (1, 1));
    let solutions = solutions_by_sat(&problem);
    assert_eq!(solutions, BTreeSet::from([vec![2, 4, 5]]));
}

/// The 150 random problems: dancing links count what DLX3 counts, with DLX3's nodes,
/// updates and mems; SAT and bitboards count the same.
#[test]
fn counts_equal_dlx3s_on_150_random_problems() {
    let rows = random_cover::mcc_reference("reference-dlx3.csv");
    let mut with_multiplicities = 0;
    for (problem, row) in random_cover::bundled_mcc_problems().iter().zip(&rows) {
        let [seed, solutions, nodes, updates, mems] = *row;
        with_multiplicities += usize::from(problem.has_multiplicities());
        let stats = problem.dlx().count(0);
        assert_eq!(
            (stats.solutions, stats.nodes, stats.updates, stats.mems),
            (solutions, nodes, updates, Some(mems)),
            "problem {seed}: solutions, nodes, updates, mems"
        );
        assert_eq!(
            solutions_by_sat(problem).len() as u64,
            solutions,
            "problem {seed}"
        );
        assert_eq!(
            problem.bitboard().count(0).solutions,
            solutions,
            "problem {seed}: bitboards"
        );
        let memo = Engine::Memo
            .build(problem)
            .unwrap()
            .count_within(0, &Limits::NONE);
        assert_eq!(memo.solutions, solutions, "problem {seed}: memo");
    }
    assert!(with_multiplicities >= 140, "{with_multiplicities}");
    assert!(rows.iter().filter(|r| r[1] > 0).count() >= 100);
}

/// The 150 random problems: dancing cells count what SSMCC counts, with SSMCC's nodes,
/// updates and mems (`reference-ssmcc.csv`, printed by Knuth's program built from his CWEB
/// source), colours included.
#[test]
fn cells_count_what_ssmcc_counts_on_150_random_problems() {
    let rows = random_cover::mcc_reference("reference-ssmcc.csv");
    for (problem, row) in random_cover::bundled_mcc_problems().iter().zip(&rows) {
        let [seed, solutions, nodes, updates, mems] = *row;
        let stats = problem.cells().count(0);
        assert_eq!(
            (stats.solutions, stats.nodes, stats.updates, stats.mems),
            (solutions, nodes, updates, Some(mems)),
            "problem {seed}: solutions, nodes, updates, mems"
        );
    }
}

#[test]
fn multiplicities_are_written_back_as_read() {
    let text = "2|A 0:3|B C | x\nA B x:r\nA\nB C\n";
    let problem = read(text);
    let written = problem.to_dlx_format();
    assert!(written.starts_with("2|A 0:3|B C | x\n"), "{written}");
    let again = read(&written);
    assert_eq!(again.to_dlx_format(), written);
    for item in 1..=3 {
        assert_eq!(again.multiplicity(item), problem.multiplicity(item));
    }
}

#[test]
fn bad_multiplicities_name_their_line_and_column() {
    for (text, says) in [
        (
            "A 0|B\nA\n",
            "line 1, column 3: \"0|B\": the upper bound is 0",
        ),
        (
            "A 3:2|B\nA\n",
            "column 3: \"3:2|B\": the lower bound 3 is above the upper bound 2",
        ),
        (
            "A | 2|x\nA\n",
            "column 5: \"2|x\": a secondary item has no multiplicity",
        ),
        ("A x:2|B\nA\n", "\"x\" is not a whole number"),
        ("A 99999999999|B\nA\n", "is above"),
    ] {
        let error = Problem::read_dlx_format(text.as_bytes(), Some("f.dlx"))
            .unwrap_err()
            .to_string();
        assert!(error.contains(says), "{text:?}: {error}");
        assert!(error.contains("f.dlx"), "{error}");
    }
}

/// Every engine counts an MCC problem with its multiplicities (the memo on bitboards);
/// `--zdd`, `--threads` and `--shard` refuse them.
#[test]
fn every_engine_counts_multiplicities() {
    let problem = read("2|A B\nA\nA B\nA\n");
    for engine in Engine::ALL {
        let mut searcher = engine.build(&problem).unwrap();
        assert_eq!(searcher.count_within(0, &Limits::NONE).solutions, 2);
        assert_eq!(searcher.count_within(1, &Limits::NONE).solutions, 1);
    }
    assert_eq!(solutions_by_sat(&problem).len(), 2); // {1, 2} and {2, 3}
    let dir = common::scratch("mcc");
    let file = dir.join("mcc.dlx");
    std::fs::write(&file, problem.to_dlx_format()).unwrap();
    let run = |args: &[&str]| {
        let mut all = vec!["cover", file.to_str().unwrap()];
        all.extend_from_slice(args);
        common::run_sudolab(&all)
    };
    for engine in ["dlx", "dc", "memo", "bits", "sat"] {
        let output = run(&["--engine", engine]);
        assert!(output.status.success());
        assert!(String::from_utf8_lossy(&output.stdout).contains("solutions: 2\n"));
    }
    let zdd = dir.join("all.zdd");
    for args in [
        &["--threads", "2"][..],
        &["--engine", "memo", "--zdd", zdd.to_str().unwrap()][..],
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("multiplicities"));
    }
    assert!(!zdd.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Dancing links', dancing cells', bitboards' and SAT's solutions are brute force's,
    /// and the problem reads back from its own text.
    #[test]
    fn links_cells_bits_and_sat_agree_with_brute_force(random in random_cover::multiple_cover()) {
        let problem = random.problem();
        let expected = random.brute_force();
        prop_assert_eq!(solutions_by_links(&problem), expected.clone());
        let mut by_bits = BTreeSet::new();
        let stats = problem.bitboard().search(&Limits::NONE, |options| {
            let mut solution: Vec<u32> = options.iter().map(|&o| o + 1).collect();
            solution.sort_unstable();
            assert!(by_bits.insert(solution), "bitboards: a solution twice");
            Control::Continue
        });
        prop_assert_eq!(stats.solutions, expected.len() as u64);
        prop_assert_eq!(&by_bits, &expected, "bits on\n{}", problem.to_dlx_format());
        let mut by_cells = BTreeSet::new();
        let mut cells = problem.cells();
        let stats = cells.search_within(&Limits::NONE, |cells, nodes| {
            let mut solution: Vec<u32> =
                nodes.iter().map(|&y| cells.option_of(y) as u32 + 1).collect();
            solution.sort_unstable();
            assert!(by_cells.insert(solution), "cells: a solution twice");
            Control::Continue
        });
        prop_assert_eq!(stats.solutions, expected.len() as u64);
        prop_assert_eq!(&by_cells, &expected, "dc on\n{}", problem.to_dlx_format());
        let memo = Engine::Memo.build(&problem).unwrap().count_within(0, &Limits::NONE);
        prop_assert_eq!(memo.solutions, expected.len() as u64, "memo");
        prop_assert_eq!(solutions_by_sat(&problem), expected);
        let again = read(&problem.to_dlx_format());
        prop_assert_eq!(again.to_dlx_format(), problem.to_dlx_format());
    }
}

/// A search stopped at a solution limit or a node limit leaves the engine whole: the next
/// count is the full one, for dancing links (with Knuth's sanity check after each search
/// in debug builds), dancing cells and bitboards, on each of the 150 random problems.
#[test]
fn stopped_searches_start_afresh() {
    for engine in [Engine::Links, Engine::Cells, Engine::Bits] {
        random_cover::assert_stopped_searches_start_afresh(engine);
    }
}

/// A classic MCC count from an independent source: the 0-1 matrices of order 6 with two 1s
/// in every row and column (OEIS A001499: 67,950), with DLX3's nodes, updates and mems
/// (198,658, 715,151 and 14,631,402, printed by Knuth's program on the same file).
#[test]
fn two_per_row_and_column_matrices_are_counted_as_oeis_and_dlx3_count_them() {
    let file = instances().join("mcc-two-per-line6.dlx");
    let (problem, stated) = sudolab::harness::exact_cover::read_instance(&file).unwrap();
    assert_eq!(stated, Some(67_950));
    let stats = problem.dlx().count(0);
    assert_eq!(
        (stats.solutions, stats.nodes, stats.updates, stats.mems),
        (67_950, 198_658, 715_151, Some(14_631_402))
    );
    assert_eq!(problem.bitboard().count(0).solutions, 67_950);
    // Counted once per subproblem: far fewer nodes.
    let mut memo = sudolab::bitboard::MemoBoard::new(problem.bitboard(), 1 << 26);
    let stats = memo.count_within(0, &Limits::NONE);
    assert_eq!(stats.solutions, 67_950);
    assert!(stats.nodes < 20_000, "{}", stats.nodes);
    assert!(memo.details().iter().any(|(name, _)| *name == "memo hits"));
    // And SSMCC's nodes, updates and mems, printed by Knuth's program on the same file.
    let stats = problem.cells().count(0);
    assert_eq!(
        (stats.solutions, stats.nodes, stats.updates, stats.mems),
        (67_950, 266_378, 665_878, Some(21_709_716))
    );
}
