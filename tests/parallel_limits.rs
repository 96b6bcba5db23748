//! Limits and Ctrl-C apply to a parallel or sharded count as a whole (hostile-user review,
//! High 4): `cover --threads 2 --timeout-ms 1000` and `--max-nodes 1000` used to run past
//! 120 s (the split into subproblems had no limit, and each subproblem had a node budget of
//! its own), `--shard 1/4 --timeout-ms 1000` took 88 s, and the first Ctrl-C did not stop
//! `--threads 2`. Every command here runs under the watchdog of `common::finish`, so a hang
//! fails the test; nothing asserts a speed.

use std::path::{Path, PathBuf};

mod common;
use common::{finish, scratch, spawn};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A random exact-cover problem of the review's shape: `items` items, `options` options of
/// `size` distinct items each (a seeded linear congruential generator), in Knuth's format.
fn random_problem(dir: &Path, items: usize, options: usize, size: usize) -> PathBuf {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |below: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % below
    };
    let mut text: String = (0..items).map(|i| format!("i{i} ")).collect();
    text.push('\n');
    for _ in 0..options {
        let mut chosen: Vec<usize> = Vec::with_capacity(size);
        while chosen.len() < size {
            let item = next(items);
            if !chosen.contains(&item) {
                chosen.push(item);
            }
        }
        chosen.sort_unstable();
        let line: Vec<String> = chosen.iter().map(|i| format!("i{i}")).collect();
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    let path = dir.join(format!("random-{items}-{options}-{size}.dlx"));
    std::fs::write(&path, text).unwrap();
    path
}

/// The value of `key: value` in an output.
fn field(output: &str, key: &str) -> u64 {
    output
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{key}: ")))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no {key} in {output}"))
}

#[test]
fn time_and_node_limits_stop_a_split_count() {
    let dir = scratch("split-limits");
    let problem = random_problem(&dir, 2000, 60_000, 8);
    let problem = problem.to_str().unwrap();
    for extra in [
        &["--threads", "2", "--timeout-ms", "1000"][..],
        &["--shard", "1/4", "--timeout-ms", "1000"],
        &["--threads", "2", "--max-nodes", "1000"],
    ] {
        let mut args = vec!["cover", problem];
        args.extend_from_slice(extra);
        let output = finish(spawn(&args, None), &args.join(" "));
        let stdout = text(&output.stdout);
        assert_eq!(output.status.code(), Some(1), "{extra:?}: {stdout}");
        let reason = if extra.contains(&"--max-nodes") {
            "node limit reached"
        } else {
            "time limit reached"
        };
        assert!(
            stdout.starts_with(&format!(
                "stopped: {reason}; every count below is a lower bound"
            )),
            "{extra:?}: {stdout}"
        );
        if extra.contains(&"--max-nodes") {
            // One budget for the split and every worker: passed by at most 256 nodes a
            // worker (and the split's own check).
            assert!(field(&stdout, "nodes") <= 1000 + 2 * 256 + 1, "{stdout}");
        }
    }
}

#[test]
fn a_node_budget_is_one_budget_for_every_worker() {
    let empty = ".".repeat(256);
    for threads in ["1", "2"] {
        let args = [
            "count",
            &empty,
            "--limit",
            "0",
            "--threads",
            threads,
            "--max-nodes",
            "100000",
        ];
        let output = finish(spawn(&args, None), &args.join(" "));
        assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
        assert_eq!(text(&output.stdout), "UNDECIDED\n");
        assert!(
            text(&output.stderr)
                .contains("<argument>, line 1: undecided: node limit reached after"),
            "{}",
            text(&output.stderr)
        );
    }
    // The shard's totals show the budget held: its nodes are within it.
    let args = [
        "count",
        &empty,
        "--limit",
        "0",
        "--shard",
        "1/2",
        "--threads",
        "2",
        "--max-nodes",
        "100000",
    ];
    let output = finish(spawn(&args, None), &args.join(" "));
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
}

#[test]
fn the_first_ctrl_c_stops_a_parallel_count_with_its_lower_bound() {
    let dir = scratch("split-sigint");
    let corpus = dir.join("two.txt");
    // A puzzle, then an empty 16x16 grid counted without limit on two threads: only Ctrl-C
    // ends that.
    let wikipedia =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    std::fs::write(&corpus, format!("{wikipedia}\n{}\n", ".".repeat(256))).unwrap();
    let args = [
        "count",
        corpus.to_str().unwrap(),
        "--limit",
        "0",
        "--threads",
        "2",
    ];
    let (printed, output) = common::interrupt_during_second_record(&args);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert_eq!(printed, "1\nUNDECIDED\n");
    assert!(
        stderr.contains("line 2: undecided: interrupted after "),
        "{stderr}"
    );
    assert!(
        !stderr.contains("second"),
        "one Ctrl-C was enough: {stderr}"
    );
}
