//! Memoized counting (`memo`, after Knuth's DLX6) against independent answers: DLX6's own
//! counts, search nodes and ZDDs (`datasets/exact-cover/reference-dlx6.csv`,
//! `datasets/exact-cover/dlx6/*.zdd`, printed by Knuth's program built from his CWEB
//! source), the other engines' solutions, and brute force on random small problems.

use std::collections::BTreeSet;
use std::path::PathBuf;

mod common;

use common::random_cover::{self, solutions_by_links};
use common::run_sudolab;
use proptest::prelude::*;
use sudolab::dlx::memo::Zdd;
use sudolab::exact_cover::{ExactCover, Problem};
use sudolab::harness::exact_cover::read_instance;
use sudolab::solver::{Limits, Stop};

fn instances() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("datasets/exact-cover")
}

struct Reference {
    file: String,
    solutions: u128,
    nodes: u64,
    diagram_nodes: u64,
}

fn reference() -> Vec<Reference> {
    let text = std::fs::read_to_string(instances().join("reference-dlx6.csv")).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            Reference {
                file: fields[0].to_string(),
                solutions: fields[1].parse().unwrap(),
                nodes: fields[2].parse().unwrap(),
                // DLX6 numbers its nodes from 2 and counts the two terminals.
                diagram_nodes: fields[3].parse::<u64>().unwrap() - 2,
            }
        })
        .collect()
}

fn problem(file: &str) -> Problem {
    read_instance(&instances().join(file)).unwrap().0
}

/// Every instance DLX6 counts in under a second: the same count; without colours the
/// same search nodes and ZDD nodes, since the memo branches and signs as DLX6 does.
#[test]
fn counts_nodes_and_diagrams_equal_dlx6s() {
    let mut checked = 0;
    for reference in reference().iter().filter(|r| r.nodes <= 300_000) {
        let problem = problem(&reference.file);
        let mut memo = problem.memo();
        memo.set_build_diagram(true);
        let report = memo.count(&Limits::NONE);
        assert_eq!(report.count, reference.solutions, "{}", reference.file);
        assert!(!report.fell_back && report.stopped.is_none());
        let diagram = memo.diagram().expect("a complete count has its diagram");
        assert_eq!(diagram.count(), reference.solutions, "{}", reference.file);
        if !problem.has_colours() {
            assert_eq!(report.nodes, reference.nodes, "{}", reference.file);
            assert_eq!(
                report.diagram_nodes, reference.diagram_nodes,
                "{}",
                reference.file
            );
        }
        checked += 1;
    }
    assert!(checked >= 15, "{checked}");
}

/// The ZDD file is DLX6's, byte for byte (its `m1` output), on three instances.
#[test]
fn diagrams_are_written_as_dlx6_writes_them() {
    for name in ["q8", "dom6x6", "lang8"] {
        let mut memo = problem(&format!("{name}.dlx")).memo();
        memo.set_build_diagram(true);
        memo.count(&Limits::NONE);
        let mut written = Vec::new();
        memo.diagram().unwrap().write(&mut written).unwrap();
        let knuth = std::fs::read(instances().join(format!("dlx6/{name}.zdd"))).unwrap();
        assert!(written == knuth, "{name}: the ZDD differs from DLX6's");
    }
}

fn solutions_by_diagram(problem: &Problem) -> BTreeSet<Vec<u32>> {
    let mut memo = problem.memo();
    memo.set_build_diagram(true);
    let report = memo.count(&Limits::NONE);
    let diagram = memo.diagram().unwrap();
    // Written and read back: the file holds the same family.
    let mut text = Vec::new();
    diagram.write(&mut text).unwrap();
    let read = Zdd::read(text.as_slice(), "written").unwrap();
    let solutions = read.solutions(usize::MAX);
    assert_eq!(solutions.len() as u128, report.count);
    let set: BTreeSet<Vec<u32>> = solutions.into_iter().collect();
    assert_eq!(set.len() as u128, report.count, "no solution twice");
    set
}

#[test]
fn the_diagram_holds_exactly_the_solutions_dancing_links_list() {
    for file in [
        "q8.dlx",
        "lang8.dlx",
        "dom4x4.dlx",
        "s4x.dlx",
        "xcc1.dlx",
        "xcc5.dlx",
    ] {
        let problem = problem(file);
        assert_eq!(
            solutions_by_diagram(&problem),
            solutions_by_links(&problem),
            "{file}"
        );
    }
}

#[test]
fn past_its_budget_the_memo_falls_back_to_plain_search_and_stays_exact() {
    let problem = problem("q10.dlx");
    for budget in [0, 16 << 10, 64 << 10] {
        let mut memo = problem.memo();
        memo.set_budget(budget);
        let report = memo.count(&Limits::NONE);
        assert_eq!(report.count, 724, "budget {budget}");
        assert!(report.fell_back, "budget {budget}");
        assert!(report.peak_bytes <= budget as u64, "{report:?}");
        assert!(memo
            .details()
            .iter()
            .any(|(name, value)| *name == "memo budget" && value.contains("plain search")));
    }
}

#[test]
fn a_stopped_count_is_a_lower_bound_and_leaves_the_problem_whole() {
    let problem = problem("lang11.dlx");
    let mut memo = problem.memo();
    memo.set_build_diagram(true);
    let limits = Limits {
        max_nodes: Some(5_000),
        ..Limits::NONE
    };
    let stopped = memo.count(&limits);
    assert_eq!(stopped.stopped, Some(Stop::NodeLimit));
    assert!(stopped.count < 35_584);
    assert!(memo.diagram().is_none(), "no diagram of a stopped count");
    let whole = memo.count(&Limits::NONE);
    assert_eq!((whole.count, whole.stopped), (35_584, None));
}

/// A limit on solutions, or listing them, is plain search: the memo only counts.
#[test]
fn limited_counts_and_listings_are_plain_search() {
    let problem = problem("q8.dlx");
    let mut memo = problem.memo();
    assert_eq!(memo.count_within(5, &Limits::NONE).solutions, 5);
    assert!(memo.details().is_empty());
    assert_eq!(memo.count_within(0, &Limits::NONE).solutions, 92);
    assert!(!memo.details().is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The memo's count, and the solutions of its ZDD, are brute force's; its count also
    /// equals dancing links' and dancing cells'.
    #[test]
    fn memo_agrees_with_brute_force(random in random_cover::exact_cover()) {
        let problem = random.problem();
        let expected = random.brute_force();
        let mut memo = problem.memo();
        let report = memo.count(&Limits::NONE);
        prop_assert_eq!(report.count, expected.len() as u128);
        prop_assert_eq!(solutions_by_diagram(&problem), expected.clone());
        let links = problem.dlx().count_within(0, &Limits::NONE).solutions;
        let cells = problem.cells().count_within(0, &Limits::NONE).solutions;
        prop_assert_eq!((links, cells), (expected.len() as u64, expected.len() as u64));
    }
}

#[test]
fn cover_writes_the_diagram_and_refuses_it_without_the_memo() {
    let dir = common::scratch("memo-cli");
    let zdd = dir.join("q8.zdd");
    let file = instances().join("q8.dlx");
    let file = file.to_str().unwrap();
    let output = run_sudolab(&[
        "cover",
        file,
        "--engine",
        "memo",
        "--zdd",
        zdd.to_str().unwrap(),
    ]);
    assert!(output.status.success());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("solutions: 92\n"), "{stdout}");
    assert!(stdout.contains("memo hits: "), "{stdout}");
    let written = std::fs::read(&zdd).unwrap();
    assert_eq!(
        written,
        std::fs::read(instances().join("dlx6/q8.zdd")).unwrap()
    );
    // Without the memo engine, --zdd is a usage error and the old file stays.
    let output = run_sudolab(&["cover", file, "--zdd", zdd.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--engine memo"));
    assert_eq!(std::fs::read(&zdd).unwrap(), written);
    // A stopped count writes no diagram.
    let output = run_sudolab(&[
        "cover",
        file,
        "--engine",
        "memo",
        "--max-nodes",
        "10",
        "--zdd",
        dir.join("stopped.zdd").to_str().unwrap(),
    ]);
    assert_ne!(output.status.code(), Some(0));
    assert!(!dir.join("stopped.zdd").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
