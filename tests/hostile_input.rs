//! Input chosen to hurt (hostile-user review): memory that grew without bound, counters that
//! wrapped or were taken as edited, verdicts on puzzles that have none, and the Low items
//! (gzip on standard input, a byte order mark, a second `|`, messages that misled). Each
//! test runs the CLI as a user does and asserts the exit code and the message.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

mod common;
use common::{scratch, sudolab_in};

fn sudolab(args: &[&str], stdin: &str) -> Output {
    sudolab_in(args, stdin, None)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Requires exit code `code` and `message` on standard error.
#[track_caller]
fn expect(output: &Output, code: i32, message: &str) {
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(code), "{stderr}");
    assert!(
        stderr.contains(message),
        "expected {message:?} in: {stderr}"
    );
}

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// A random exact-cover problem: `items` items, `options` options of `size` distinct items.
fn random_problem(dir: &Path, items: usize, options: usize, size: usize) -> PathBuf {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |below: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % below
    };
    let mut text = String::with_capacity(options * size * 7);
    for i in 0..items {
        text.push_str(&format!("i{i} "));
    }
    text.push('\n');
    let mut chosen: Vec<usize> = Vec::with_capacity(size);
    for _ in 0..options {
        chosen.clear();
        while chosen.len() < size {
            let item = next(items);
            if !chosen.contains(&item) {
                chosen.push(item);
            }
        }
        chosen.sort_unstable();
        for (k, item) in chosen.iter().enumerate() {
            text.push_str(if k == 0 { "i" } else { " i" });
            text.push_str(&item.to_string());
        }
        text.push('\n');
    }
    let path = dir.join(format!("random-{items}-{options}-{size}.dlx"));
    std::fs::write(&path, text).unwrap();
    path
}

/// `sudolab ARGS` under `ulimit -v` of `megabytes` (address space), output captured.
fn under_memory_limit(megabytes: u64, args: &[&str]) -> Output {
    let script = format!("ulimit -v {}; exec \"$0\" \"$@\"", megabytes * 1024);
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_sudolab"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

// Critical 3: the pairwise at-most-one made `cover --engine sat` (and --emit-cnf) quadratic:
// a 2.6 MB problem aborted on a 1 GiB allocation, a 16 MB one reached 24 GB.
#[test]
fn the_sat_engine_stays_within_memory_on_long_item_lists() {
    let dir = scratch("sat-memory");
    let problem = random_problem(&dir, 2000, 60_000, 8);
    let problem = problem.to_str().unwrap();
    let output = under_memory_limit(
        2048,
        &["cover", problem, "--engine", "sat", "--timeout-ms", "3000"],
    );
    let stdout = text(&output.stdout);
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{:?}: {}",
        output.status,
        text(&output.stderr)
    );
    assert!(stdout.contains("options: 60000"), "{stdout}");
    let output = under_memory_limit(2048, &["cover", problem, "--emit-cnf"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let header = text(&output.stdout[..64.min(output.stdout.len())]);
    assert!(header.starts_with("p cnf "), "{header}");
    // The 16 MB problem of the review: 300,000 options.
    let big = random_problem(&dir, 4000, 300_000, 8);
    let output = under_memory_limit(
        2048,
        &[
            "cover",
            big.to_str().unwrap(),
            "--engine",
            "sat",
            "--timeout-ms",
            "3000",
        ],
    );
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{:?}: {}",
        output.status,
        text(&output.stderr)
    );
}

// High 6: readers without a size bound.
#[test]
fn endless_inputs_are_refused_with_a_bounded_read() {
    let output = sudolab(&["merge-counts", "/dev/zero"], "");
    expect(
        &output,
        2,
        "/dev/zero, line 1: line longer than 1048576 bytes",
    );
    let marks_output = sudolab(&["hint", WIKIPEDIA, "--candidates", "/dev/zero"], "");
    expect(
        &marks_output,
        2,
        "--candidates: /dev/zero: larger than 1048576 bytes",
    );
}

/// The output of shard `k` of 2 of Langford pairs of 1..7, in `dir`.
fn langford_shard(dir: &Path, k: usize) -> PathBuf {
    let output = sudolab(
        &[
            "cover",
            "--langford",
            "7",
            "--shard",
            &format!("{k}/2"),
            "-q",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let path = dir.join(format!("shard-{k}.txt"));
    std::fs::write(&path, &output.stdout).unwrap();
    path
}

// Medium 8: merge-counts wrapped its sums and took edited counters as they were.
#[test]
fn merge_counts_refuses_edited_missing_and_overflowing_counters() {
    let dir = scratch("merge-counts");
    let (one, two) = (langford_shard(&dir, 1), langford_shard(&dir, 2));
    let (a, b) = (one.to_str().unwrap(), two.to_str().unwrap());
    let output = sudolab(&["merge-counts", a, b], "");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).starts_with("solutions: 52\n"));
    let original = std::fs::read_to_string(&two).unwrap();
    let line_of = |key: &str| {
        original
            .lines()
            .position(|l| l.starts_with(&format!("{key}: ")))
            .unwrap()
            + 1
    };
    let edit = |from: &str, to: &str| {
        std::fs::write(&two, original.replacen(from, to, 1)).unwrap();
        sudolab(&["merge-counts", a, b], "")
    };
    let nodes = original
        .lines()
        .find_map(|l| l.strip_prefix("nodes: "))
        .unwrap();
    let output = edit(&format!("nodes: {nodes}"), "nodes: 18446744073709551615");
    expect(
        &output,
        2,
        &format!(
            "shard-2.txt, line {}: the counters do not match their check line",
            line_of("check")
        ),
    );
    let output = edit(&format!("nodes: {nodes}"), "nodes: lots");
    expect(
        &output,
        2,
        &format!(
            "shard-2.txt, line {}: nodes: \"lots\" is not a count",
            line_of("nodes")
        ),
    );
    let output = edit(&format!("nodes: {nodes}\n"), "");
    expect(&output, 2, "shard-2.txt: no nodes counter");
    let output = edit("check: ", "check: 1");
    expect(&output, 2, "do not match their check line");
    // Counters written whole (their check lines right) whose sum passes 64 bits.
    let huge = |index| sudolab::exact_cover::shard_counts::ShardCounts {
        shard: sudolab::shard::Shard { index, count: 2 },
        problem: "0123456789abcdef".into(),
        solutions: u128::from(u64::MAX),
        nodes: u64::MAX - 1,
        updates: 1,
        mems: 1,
        guesses: 1,
    };
    std::fs::write(&one, huge(1).to_text()).unwrap();
    std::fs::write(&two, huge(2).to_text()).unwrap();
    let output = sudolab(&["merge-counts", a, b], "");
    expect(
        &output,
        2,
        "the shards' nodes sum past what a counter holds",
    );
}

// Medium 7: grade printed "not solved by these techniques" and exited 0 for puzzles with no
// solution or several.
#[test]
fn grade_refuses_puzzles_without_a_unique_solution() {
    let none = format!("55{}", &WIKIPEDIA[2..]);
    let output = sudolab(&["grade", &none], "");
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        "<argument>, line 1: not rated: contradictory givens: digit 5 appears twice in row 1: \
         r1c1, r1c2; digit 5 appears twice in box 1: r1c1, r1c2 (see `sudolab check`; \
         --rate-anyway rates it)\n"
    );
    let many = format!("{}\n", ".".repeat(81));
    let output = sudolab(&["grade", "-"], &many);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stdout).contains("line 1: not rated: multiple solutions"),
        "{}",
        text(&output.stdout)
    );
    let output = sudolab(&["grade", "-", "--rate-anyway"], &many);
    assert!(
        text(&output.stdout).contains("solved by logic: no"),
        "{}",
        text(&output.stdout)
    );
    let output = sudolab(&["grade", WIKIPEDIA], "");
    assert_eq!(output.status.code(), Some(0));
    assert!(text(&output.stdout).contains("solved by logic: yes"));
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

/// `sudolab ARGS` with raw bytes on standard input.
fn with_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

// Low: gzip on standard input, a byte order mark, truncated gzip, a second '|'.
#[test]
fn gzip_on_standard_input_and_a_byte_order_mark_are_read() {
    let output = with_bytes(&["solve", "-"], &gzip(format!("{WIKIPEDIA}\n").as_bytes()));
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).starts_with("534678912"));
    let q4 = "A B C D\nA B\nC D\nA C\nB D\n";
    let output = with_bytes(&["cover", "-"], &gzip(q4.as_bytes()));
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).starts_with("solutions: 2\n"));
    let solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let kaggle = format!("\u{feff}quizzes,solutions\n{WIKIPEDIA},{solution}\n");
    let output = sudolab(&["check", "--expected", "-"], &kaggle);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}

#[test]
fn truncated_gzip_and_a_second_bar_name_their_line() {
    let dir = scratch("truncated");
    let many: String = (0..2000).map(|_| format!("{WIKIPEDIA}\n")).collect();
    let compressed = gzip(many.as_bytes());
    let cut = dir.join("cut.gz");
    std::fs::write(&cut, &compressed[..compressed.len() / 2]).unwrap();
    let output = sudolab(&["solve", cut.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("cut.gz, line "), "{stderr}");
    assert!(stderr.contains(": cannot read on: "), "{stderr}");
    let output = sudolab(&["cover", "-"], "A | B | C\nA B\n");
    expect(
        &output,
        2,
        "<stdin>, line 1, column 7: a second '|' on the item line",
    );
}

// Low: `bench adir` said "no such corpus file"; now the reason is the operating system's.
#[test]
fn corpus_problems_say_what_they_are() {
    let dir = scratch("corpus-messages");
    let out = dir.join("run");
    let output = sudolab(
        &[
            "bench",
            dir.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    expect(
        &output,
        2,
        "is a directory; name the corpus files inside it",
    );
    let missing = dir.join("nothing.txt");
    let output = sudolab(
        &[
            "bench",
            missing.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    expect(&output, 2, "nothing.txt: No such file or directory");
    assert!(!out.exists(), "nothing was created");
}
