//! Parallel and sharded counts end to end: `cover --threads`, `cover --shard` summed by
//! `merge-counts`, `count --threads/--shard` against the single-engine count, `bench --shard`
//! merged by `merge`, and the refusals of both merges.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Output;

mod common;
use common::{run_sudolab as sudolab, scratch};

fn succeed(args: &[&str]) -> String {
    let output = sudolab(args);
    assert!(
        output.status.success(),
        "sudolab {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The `key: value` lines of an output (the value's first word).
fn fields(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter_map(|line| line.split_once(": "))
        .map(|(key, value)| {
            let first = value.split_whitespace().next().unwrap_or("");
            (key.to_string(), first.to_string())
        })
        .collect()
}

fn exact_cover(file: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("datasets/exact-cover")
        .join(file)
        .display()
        .to_string()
}

/// The published solution count of a bundled exact-cover file (its reference.csv row).
fn published_solutions(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/exact-cover/reference.csv");
    let mut reader = csv::Reader::from_path(path).unwrap();
    for row in reader.records() {
        let row = row.unwrap();
        if &row[0] == file {
            return row[2].to_string();
        }
    }
    panic!("{file} is not in reference.csv");
}

/// Runs the shards 1..=n of `args` into files of `dir` and returns their paths.
fn shards(dir: &Path, args: &[&str], n: usize) -> Vec<String> {
    std::fs::create_dir_all(dir).unwrap();
    (1..=n)
        .map(|k| {
            let shard = format!("{k}/{n}");
            let mut with_shard = args.to_vec();
            with_shard.extend(["--shard", &shard, "--split", "64"]);
            let path = dir.join(format!("shard-{k}.txt"));
            std::fs::write(&path, succeed(&with_shard)).unwrap();
            path.display().to_string()
        })
        .collect()
}

const COUNTERS: [&str; 3] = ["solutions", "nodes", "updates"];

#[test]
fn threads_and_shards_count_what_one_thread_counts_on_the_bundled_exact_cover_files() {
    // The bundled files that count in well under a second.
    let files = [
        "q8.dlx",
        "q10.dlx",
        "q12.dlx",
        "lang7.dlx",
        "lang8.dlx",
        "lang11.dlx",
        "dom4x4.dlx",
        "dom6x6.dlx",
        "pent3x20.dlx",
        "s4.dlx",
        "s4x.dlx",
    ];
    for file in files {
        let path = exact_cover(file);
        let one = fields(&succeed(&["cover", &path, "--quiet"]));
        assert_eq!(one["solutions"], published_solutions(file), "{file}");
        let two = fields(&succeed(&["cover", &path, "--threads", "2", "--quiet"]));
        let dir = scratch(file);
        let mut merge = vec!["merge-counts"];
        let parts = shards(&dir, &["cover", &path, "--quiet"], 3);
        merge.extend(parts.iter().map(String::as_str));
        let merged = fields(&succeed(&merge));
        for key in COUNTERS {
            assert_eq!(two[key], one[key], "{file}: {key} with 2 threads");
            assert_eq!(merged[key], one[key], "{file}: {key} summed over 3 shards");
        }
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// A 17-clue puzzle with two clues removed: 910,776 solutions.
const MANY_SOLUTIONS: &str =
    ".........................3......3.2...1.4......5....6..3......4.7..8...962...7...";

#[test]
fn split_counts_of_a_puzzle_equal_the_bitmask_engines_count() {
    let bitmask = succeed(&["count", "--limit", "0", MANY_SOLUTIONS]);
    let threads = succeed(&["count", "--limit", "0", "--threads", "2", MANY_SOLUTIONS]);
    assert_eq!(threads, bitmask);
    let dir = scratch("count");
    let parts = shards(&dir, &["count", "--limit", "0", MANY_SOLUTIONS], 4);
    let mut merge = vec!["merge-counts"];
    merge.extend(parts.iter().map(String::as_str));
    let merged = fields(&succeed(&merge));
    assert_eq!(merged["solutions"], bitmask.trim());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_split_count_needs_every_solution_counted() {
    let output = sudolab(&["count", "--threads", "2", MANY_SOLUTIONS]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--limit 0"));
}

#[test]
fn merge_counts_refuses_missing_repeated_and_foreign_shards() {
    let dir = scratch("refusals");
    let lang = shards(
        &dir.join("lang"),
        &["cover", "--langford", "8", "--quiet"],
        3,
    );
    let queens = shards(
        &dir.join("queens"),
        &["cover", "--queens", "8", "--quiet"],
        3,
    );
    let refuse = |files: &[&str], why: &str| {
        let mut args = vec!["merge-counts"];
        args.extend(files);
        let output = sudolab(&args);
        assert!(!output.status.success(), "{files:?} merged");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(why), "{files:?}: {stderr}");
    };
    refuse(&[&lang[0], &lang[1]], "missing shards: 3/3");
    refuse(&[&lang[0], &lang[1], &lang[1], &lang[2]], "appears twice");
    refuse(&[&lang[0], &lang[1], &queens[2]], "another problem");
    let _ = std::fs::remove_dir_all(dir);
}

fn bench_shard(out: &Path, shard: &str, corpus: &str) -> Output {
    sudolab(&[
        "bench",
        corpus,
        "--solvers",
        "bitmask,dlx",
        "--threads",
        "1",
        "--warmup",
        "0",
        "--quiet",
        "--shard",
        shard,
        "--out",
        &out.display().to_string(),
    ])
}

fn deterministic_rows(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("runs.csv")).unwrap();
    let mut rows: Vec<String> = text
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            // corpus, index, line, solver, count, status: everything but times and effort.
            [0, 1, 2, 3, 7, 8].map(|i| fields[i]).join(",")
        })
        .collect();
    rows.sort();
    rows
}

#[test]
fn bench_shards_merge_into_the_whole_run_and_bad_sets_are_refused() {
    let dir = scratch("bench");
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("datasets/norvig_top95.gz")
        .display()
        .to_string();
    for k in 1..=3 {
        let run = bench_shard(&dir.join(format!("s{k}")), &format!("{k}/3"), &corpus);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
    let whole = dir.join("whole");
    let run = bench_shard(&whole, "1/1", &corpus);
    assert!(run.status.success());
    let path = |name: &str| dir.join(name).display().to_string();
    let merged = path("merged");
    succeed(&[
        "merge",
        &path("s1"),
        &path("s2"),
        &path("s3"),
        "--out",
        &merged,
    ]);
    assert_eq!(
        deterministic_rows(Path::new(&merged)),
        deterministic_rows(&whole)
    );

    let missing = sudolab(&["merge", &path("s1"), &path("s3"), "--out", &path("m2")]);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("2/3"));

    // A shard of another command (other solvers) does not belong.
    let foreign = sudolab(&[
        "bench",
        &corpus,
        "--solvers",
        "bitmask",
        "--threads",
        "1",
        "--warmup",
        "0",
        "--quiet",
        "--shard",
        "2/3",
        "--out",
        &path("foreign"),
    ]);
    assert!(foreign.status.success());
    let mixed = sudolab(&[
        "merge",
        &path("s1"),
        &path("foreign"),
        &path("s3"),
        "--out",
        &path("m3"),
    ]);
    assert!(!mixed.status.success());
    let _ = std::fs::remove_dir_all(dir);
}

/// Paths with spaces survive `bench --shard` and `merge` (issue 37): meta.csv records the
/// command as a JSON array of arguments, so `--out "my runs/1"` is one argument, not two
/// words that differ between shards.
#[test]
fn paths_with_spaces_survive_shards_and_merge() {
    let dir = scratch("spaced").join("my runs");
    std::fs::create_dir_all(&dir).unwrap();
    let corpus = dir.join("top 95.gz");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/norvig_top95.gz"),
        &corpus,
    )
    .unwrap();
    let corpus = corpus.display().to_string();
    for k in 1..=2 {
        let run = bench_shard(&dir.join(format!("shard {k}")), &format!("{k}/2"), &corpus);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
    let meta = std::fs::read_to_string(dir.join("shard 1/meta.csv")).unwrap();
    let command = meta
        .lines()
        .find_map(|l| l.strip_prefix("command,"))
        .unwrap()
        .trim_matches('"')
        .replace("\"\"", "\"");
    let arguments: Vec<String> = serde_json::from_str(&command).unwrap();
    assert!(arguments.contains(&corpus), "{arguments:?}");
    let merged = dir.join("merged run");
    let path = |p: &Path| p.display().to_string();
    succeed(&[
        "merge",
        &path(&dir.join("shard 1")),
        &path(&dir.join("shard 2")),
        "--out",
        &path(&merged),
    ]);
    let whole = dir.join("whole run");
    assert!(bench_shard(&whole, "1/1", &corpus).status.success());
    assert_eq!(deterministic_rows(&merged), deterministic_rows(&whole));
    let readme = std::fs::read_to_string(merged.join("README.md")).unwrap();
    assert!(
        readme.contains(&format!("'{corpus}'")),
        "the command line quotes the path"
    );
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}
