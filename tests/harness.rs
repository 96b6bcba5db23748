//! The harness end to end: cross-check failures become rows and a non-zero exit, interrupted
//! runs leave valid CSVs, reports regenerate identically, bad records do not stop a run.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use sudolab::harness::{self, BenchConfig, Observer, RowStatus, RunRow};

mod common;
use common::{run_sudolab as sudolab, scratch};

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn rows(dir: &Path) -> Vec<RunRow> {
    csv::Reader::from_path(dir.join("runs.csv"))
        .unwrap()
        .deserialize()
        .map(Result::unwrap)
        .collect()
}

/// Runs `sudolab bench ARGS --out OUT -q`, requires it to succeed, and returns its output.
fn bench_succeeds(args: &[&str], out: &Path) -> std::process::Output {
    let mut all = vec!["bench"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", out.to_str().unwrap(), "-q"]);
    let output = sudolab(&all);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn config(corpora: Vec<PathBuf>) -> BenchConfig {
    BenchConfig {
        corpora: corpora.into_iter().map(harness::CorpusSpec::all).collect(),
        solvers: vec!["bitmask".into(), "dlx".into()],
        limit: 2,
        threads: 2,
        seed: 1,
        warmup: 0,
        permute: false,
        repeat: 1,
        timeout: None,
        max_nodes: None,
        golden: None,
        grade: false,
        grade_timeout: None,
        mems: false,
        profile: false,
        shard: sudolab::shard::Shard::WHOLE,
    }
}

#[test]
fn planted_wrong_count_is_a_mismatch_and_fails_the_run() {
    let dir = scratch("planted");
    let corpus = dir.join("planted.txt");
    // The Wikipedia puzzle has one solution; this line claims two.
    std::fs::write(&corpus, format!("{WIKIPEDIA}:2\n{INKALA}:1\n")).unwrap();
    let out = dir.join("run");
    let output = sudolab(&[
        "bench",
        corpus.to_str().unwrap(),
        "--solvers",
        "bitmask,dlx",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("MISMATCH planted.txt, line 1"));
    let mismatches = std::fs::read_to_string(out.join("mismatches.csv")).unwrap();
    assert_eq!(mismatches.lines().count(), 3, "{mismatches}"); // header + both solvers
    assert!(mismatches.contains("2 (corpus)"));
    let statuses: Vec<RowStatus> = rows(&out).iter().map(|r| r.status).collect();
    assert_eq!(
        statuses,
        [
            RowStatus::Mismatch,
            RowStatus::Mismatch,
            RowStatus::Ok,
            RowStatus::Ok
        ]
    );
    // The regression command says the same.
    let verify = sudolab(&[
        "verify",
        corpus.to_str().unwrap(),
        "--solvers",
        "bitmask,dlx",
        "-q",
    ]);
    assert_eq!(verify.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&verify.stdout).contains("2 mismatches"));
}

#[test]
fn bad_records_are_rows_and_the_rest_still_runs() {
    let dir = scratch("bad");
    let corpus = dir.join("bad.txt");
    std::fs::write(
        &corpus,
        format!("{WIKIPEDIA}\n{}x\n{INKALA}\n", &WIKIPEDIA[..80]),
    )
    .unwrap();
    let out = dir.join("run");
    let output = sudolab(&[
        "bench",
        corpus.to_str().unwrap(),
        "--solvers",
        "bitmask,dlx",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("bad.txt, line 2, column 81: unknown character 'x'"),
        "{stderr}"
    );
    let rows = rows(&out);
    assert_eq!(rows.len(), 5);
    assert_eq!(rows[2].status, RowStatus::Error);
    assert_eq!(rows[2].line, 2);
    assert!(rows.iter().filter(|r| r.status == RowStatus::Ok).count() == 4);
}

#[test]
fn report_regenerates_identical_summaries() {
    let dir = scratch("report");
    let out = dir.join("run");
    let known = concat!(env!("CARGO_MANIFEST_DIR"), "/datasets/known_answers.txt");
    bench_succeeds(&[known, "--threads", "1"], &out);
    let summary = std::fs::read(out.join("summary.csv")).unwrap();
    let readme = std::fs::read(out.join("README.md")).unwrap();
    let charts = std::fs::read(out.join("medians.svg")).unwrap();
    std::fs::remove_file(out.join("summary.csv")).unwrap();
    let regenerated = sudolab(&["report", out.to_str().unwrap()]);
    assert_eq!(regenerated.status.code(), Some(0));
    assert_eq!(std::fs::read(out.join("summary.csv")).unwrap(), summary);
    assert_eq!(std::fs::read(out.join("README.md")).unwrap(), readme);
    assert_eq!(std::fs::read(out.join("medians.svg")).unwrap(), charts);
    let readme = String::from_utf8(readme).unwrap();
    assert!(readme.contains("| command |") && readme.contains("| cpu |"));
    assert!(readme.contains("![medians.svg](medians.svg)"));
}

/// Sets the interrupt flag once the first chunk is done, as Ctrl-C would.
struct InterruptAfterFirstChunk(&'static AtomicBool);

impl Observer for InterruptAfterFirstChunk {
    fn advanced(&self, _n: u64) {
        self.0.store(true, Ordering::SeqCst);
    }
}

#[test]
fn interrupted_run_keeps_finished_rows_in_valid_csvs() {
    let dir = scratch("interrupt");
    let corpus = dir.join("many.txt");
    let lines: String = (0..3 * harness::run::CHUNK)
        .map(|_| format!("{WIKIPEDIA}\n"))
        .collect();
    std::fs::write(&corpus, lines).unwrap();
    let out = dir.join("run");
    // The run's stop flag lives as long as the process, as the CLI's Ctrl-C flag does.
    let flag: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
    std::fs::create_dir_all(&out).unwrap();
    let outcome = harness::run(
        &config(vec![corpus]),
        Some(&out),
        flag,
        &InterruptAfterFirstChunk(flag),
    )
    .unwrap();
    assert!(outcome.interrupted);
    assert_eq!(outcome.puzzles, harness::run::CHUNK as u64);
    let rows = rows(&out);
    assert_eq!(rows.len(), 2 * harness::run::CHUNK);
    let leftovers: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    let mut meta = harness::RunMetadata::default();
    meta.set("interrupted", true);
    meta.write(&out).unwrap();
    harness::write_report(&out).unwrap();
    let readme = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(readme.contains("This run was interrupted"));
}

#[test]
fn permuted_answers_map_back_and_golden_files_verify() {
    let dir = scratch("golden");
    let golden = dir.join("golden.txt");
    let known = concat!(env!("CARGO_MANIFEST_DIR"), "/datasets/known_answers.txt");
    let output = sudolab(&[
        "verify",
        known,
        "--permute",
        "--seed",
        "7",
        "--write-golden",
        golden.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    let text = std::fs::read_to_string(&golden).unwrap();
    assert_eq!(text.lines().count(), 14);
    assert!(text.contains(&format!("{WIKIPEDIA}:1:534678912")));
    let again = sudolab(&["verify", golden.to_str().unwrap(), "-q"]);
    assert_eq!(again.status.code(), Some(0));
}

#[test]
fn timeouts_are_rows_not_hangs() {
    let dir = scratch("timeout");
    let corpus = dir.join("empty.txt");
    std::fs::write(&corpus, format!("{}\n", ".".repeat(81))).unwrap();
    let out = dir.join("run");
    let mut config = config(vec![corpus]);
    config.limit = 0; // count all 6.67e21 grids: only the deadline ends this
    config.timeout = Some(std::time::Duration::from_millis(50));
    std::fs::create_dir_all(&out).unwrap();
    let outcome = harness::run(
        &config,
        Some(&out),
        Box::leak(Box::new(AtomicBool::new(false))),
        &harness::Silent,
    )
    .unwrap();
    assert_eq!(outcome.timeouts, 2);
    assert!(rows(&out)
        .iter()
        .all(|r| r.status == RowStatus::Timeout && r.count > 0));
}

#[test]
fn sampling_is_seeded() {
    let dir = scratch("sample");
    let known = concat!(env!("CARGO_MANIFEST_DIR"), "/datasets/known_answers.txt");
    let run = |seed: &str, name: &str| {
        let out = dir.join(name);
        let output = sudolab(&[
            "bench",
            known,
            "--sample",
            "5",
            "--seed",
            seed,
            "--out",
            out.to_str().unwrap(),
            "-q",
        ]);
        assert_eq!(output.status.code(), Some(0));
        rows(&out).iter().map(|r| r.index).collect::<Vec<_>>()
    };
    let first = run("3", "a");
    let mut puzzles = first.clone();
    puzzles.dedup();
    assert_eq!(puzzles.len(), 5, "{first:?}");
    // Every engine for every size, and the 9x9 engines too on 9x9 puzzles.
    assert!(first.len() >= 5 * 4, "{first:?}");
    assert_eq!(run("3", "b"), first);
}

#[test]
fn grade_column_names_the_hardest_technique() {
    let dir = scratch("grade");
    let out = dir.join("run");
    let known = concat!(env!("CARGO_MANIFEST_DIR"), "/datasets/known_answers.txt");
    let output = bench_succeeds(&[known, "--grade", "--solvers", "bitmask"], &out);
    let rows = rows(&out);
    assert!(rows.iter().all(|r| !r.technique.is_empty()));
    // The Wikipedia puzzle (first record) needs singles only.
    assert!(rows[0].rating.is_some_and(|r| r <= 2.3), "{:?}", rows[0]);
    // SE's three numbers on every solved row: ED <= EP <= ER.
    for row in rows.iter().filter(|r| r.rating.is_some()) {
        let (er, ep, ed) = (
            row.rating.unwrap(),
            row.rating_ep.unwrap(),
            row.rating_ed.unwrap(),
        );
        assert!(ed <= ep && ep <= er, "{row:?}");
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("% solved by human techniques"), "{stdout}");
}

#[test]
fn grade_timeout_gives_up_grading_and_keeps_the_solvers_rows() {
    let dir = scratch("grade-timeout");
    let corpus = dir.join("two.txt");
    // A forum hardest puzzle (SE 11.7) whose grading takes seconds in a release build, and
    // the Wikipedia puzzle, graded in microseconds.
    let forum = "5..6......2.....4...1.2.3..9..8.......7.4.1.......9..6..4.7.2...3.....1......5..8";
    std::fs::write(&corpus, format!("{forum}\n{WIKIPEDIA}\n")).unwrap();
    let out = dir.join("run");
    let args = [
        corpus.to_str().unwrap(),
        "--grade",
        "--grade-timeout-ms",
        "1000",
    ];
    let output = bench_succeeds(&[&args[..], &["--solvers", "bitmask,dlx"]].concat(), &out);
    let rows = rows(&out);
    assert_eq!(rows.len(), 4, "{rows:?}");
    for row in &rows {
        // The solvers' answers stand whatever happened to the grading.
        assert_eq!((row.status, row.count), (RowStatus::Ok, 1), "{row:?}");
    }
    for row in rows.iter().filter(|r| r.index == 0) {
        assert_eq!(row.technique, "timeout", "{row:?}");
        assert_eq!(
            (row.rating, row.rating_ep, row.rating_ed),
            (None, None, None)
        );
    }
    for row in rows.iter().filter(|r| r.index == 1) {
        assert!(row.rating.is_some_and(|r| r <= 2.3), "{row:?}");
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("50.0% solved by human techniques (1 not graded within the time limit)"),
        "{stdout}"
    );
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(
        summary.lines().next().unwrap().ends_with(",grade_timeouts"),
        "{summary}"
    );
}

#[test]
fn grade_column_on_variant_files_rates_with_the_variant_killer_included() {
    use std::io::{BufRead, BufReader};
    let dir = scratch("grade-variant");
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets");
    let lines = |name: &str| -> Vec<String> {
        let input = sudolab::input::open_file(&data.join(name)).unwrap();
        BufReader::new(input).lines().map(Result::unwrap).collect()
    };
    // Windoku puzzles 2-5 of the bundled corpus, and SE's own ratings of them (serate
    // --isWindows=1, the development split's file: its puzzles 1-100 are the corpus's).
    let corpus = lines("variants/windoku-9x9.txt.gz");
    let windoku = dir.join("windoku.txt");
    std::fs::write(
        &windoku,
        format!("{}\n{}\n", corpus[0], corpus[2..6].join("\n")),
    )
    .unwrap();
    let se: Vec<(String, f32)> = lines("se_ratings_variant_windoku_dev.se.txt.gz")
        .iter()
        .filter(|l| l.len() > 81 && !l.starts_with('#'))
        .map(|l| {
            (
                l[..81].to_string(),
                l[82..].split('/').next().unwrap().parse().unwrap(),
            )
        })
        .collect();
    // Two killer puzzles: graded too, their cages' sums read by the cage technique.
    let killer: Vec<String> = lines("variants/killer-6x6.txt.gz");
    let second_puzzle = killer
        .iter()
        .enumerate()
        .filter(|(_, l)| l.contains(':') && l.starts_with(['.', '1', '2', '3', '4', '5', '6']))
        .nth(1)
        .unwrap()
        .0;
    let cages = dir.join("killer.txt");
    std::fs::write(&cages, killer[..=second_puzzle].join("\n") + "\n").unwrap();
    let out = dir.join("run");
    let output = bench_succeeds(
        &[
            windoku.to_str().unwrap(),
            cages.to_str().unwrap(),
            "--grade",
            "--solvers",
            "bitmask",
        ],
        &out,
    );
    let rows = rows(&out);
    let graded: Vec<&RunRow> = rows.iter().filter(|r| r.corpus == "windoku.txt").collect();
    assert_eq!(graded.len(), 4);
    for (row, line) in graded.iter().zip(&corpus[2..6]) {
        let (_, se_rating) = se
            .iter()
            .find(|(p, _)| line.starts_with(p.as_str()))
            .unwrap();
        let rating = row.rating.unwrap_or_else(|| panic!("{row:?}"));
        assert!(
            (rating - se_rating).abs() <= 0.31,
            "{row:?}: SE {se_rating}"
        );
        assert!(!row.technique.is_empty());
    }
    let killers: Vec<&RunRow> = rows.iter().filter(|r| r.corpus == "killer.txt").collect();
    assert_eq!(killers.len(), 2);
    assert!(
        killers
            .iter()
            .all(|r| !r.technique.is_empty() && r.rating.is_some_and(|x| x >= 1.6)),
        "{killers:?}"
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("100.0% solved by human techniques"),
        "{stdout}"
    );
}

#[test]
fn exact_cover_files_are_counted_by_every_engine_with_their_mems() {
    let dir = scratch("exact-cover");
    let out = dir.join("run");
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/datasets");
    let queens = format!("{data}/exact-cover/q8.dlx");
    let langford = format!("{data}/exact-cover/lang8.dlx");
    let known = format!("{data}/known_answers.txt");
    // The exact-cover files first on the command line: they still run after the puzzles,
    // so the run's first solver stays the baseline.
    bench_succeeds(&[&queens, &known, &langford], &out);
    let rows = rows(&out);
    assert_eq!(rows[0].solver, "bitmask");
    for (corpus, solutions) in [("q8.dlx", 92), ("lang8.dlx", 300)] {
        let engines: Vec<&RunRow> = rows.iter().filter(|r| r.corpus == corpus).collect();
        let names: Vec<&str> = engines.iter().map(|r| r.solver.as_str()).collect();
        assert_eq!(names, ["dlx", "dc", "memo", "bits"]);
        for row in engines {
            assert_eq!((row.count, row.status), (solutions, RowStatus::Ok));
            assert!(row.nodes > 0);
            if row.solver == "memo" {
                // No mems: the memo's own figures are in the row's detail.
                assert!(
                    row.mems.is_none() && row.detail.contains("memo hits"),
                    "{row:?}"
                );
            } else if row.solver == "bits" {
                assert!(
                    row.mems.is_none() && row.detail.contains("words per set"),
                    "{row:?}"
                );
            } else {
                assert!(row.mems.is_some_and(|m| m > 0), "{row:?}");
            }
        }
    }
    assert!(rows
        .iter()
        .filter(|r| r.corpus == "known_answers.txt")
        .all(|r| r.mems.is_none()));
    // Assignments: counted by the sat solver (its propagations), not by bands.
    let sudoku = |name: &str| {
        rows.iter()
            .filter(|r| r.corpus == "known_answers.txt" && r.solver == name)
            .map(|r| r.assignments)
            .collect::<Vec<_>>()
    };
    assert!(!sudoku("sat").is_empty() && sudoku("sat").iter().any(|a| a.is_some_and(|a| a > 0)));
    assert!(sudoku("sat").iter().all(Option::is_some));
    assert!(!sudoku("bands").is_empty() && sudoku("bands").iter().all(Option::is_none));
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(summary
        .lines()
        .next()
        .unwrap()
        .ends_with(",mems_per_puzzle,assignments_per_puzzle,grade_timeouts"));
    let readme = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(readme
        .contains("| exact-cover file (one count) | engine | ms | vs fastest | nodes | mems |"));
    assert!(!readme.contains("| puzzle corpus (mems counted)"));
    assert!(readme.contains("| q8.dlx | dc |"));
    assert!(out.join("mems.svg").exists() && !out.join("cdf_q8_dlx.svg").exists());
    // A stated count the engines do not reach is a mismatch and fails the run.
    let wrong = dir.join("q8-wrong.dlx");
    let text = std::fs::read_to_string(&queens).unwrap();
    std::fs::write(&wrong, text.replacen("| count: 92", "| count: 93", 1)).unwrap();
    let output = sudolab(&["verify", wrong.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("dc found 92, expected 93"));
}

#[test]
fn bench_mems_counts_knuths_mems_for_the_exact_cover_solvers() {
    let dir = scratch("mems");
    let out = dir.join("run");
    let known = concat!(env!("CARGO_MANIFEST_DIR"), "/datasets/known_answers.txt");
    bench_succeeds(&[known, "--solvers", "bitmask,dlx,dc", "--mems"], &out);
    let rows = rows(&out);
    assert!(!rows.is_empty());
    for row in rows.iter().filter(|r| r.status == RowStatus::Ok) {
        match row.solver.as_str() {
            "bitmask" => assert_eq!(row.mems, None),
            // A puzzle with givens in conflict costs no search: 0 mems.
            _ => assert!(row.mems.is_some_and(|m| m > 0 || row.count == 0), "{row:?}"),
        }
    }
    // Without --mems, none.
    let plain = dir.join("plain");
    let output = sudolab(&[
        "bench",
        known,
        "--solvers",
        "dlx",
        "--out",
        plain.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert!(self::rows(&plain).iter().all(|r| r.mems.is_none()));
}

#[test]
fn bench_mems_on_a_variant_file_counts_the_exact_cover_solvers_mems() {
    use std::io::{BufRead, BufReader};
    let dir = scratch("mems-variant");
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/variants/x-9x9.txt.gz");
    let input = sudolab::input::open_file(&corpus).unwrap();
    let lines: Vec<String> = BufReader::new(input)
        .lines()
        .take(4)
        .map(Result::unwrap)
        .collect();
    let file = dir.join("x.txt");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let out = dir.join("run");
    let args = [
        file.to_str().unwrap(),
        "--solvers",
        "bitmask,dlx,dc",
        "--mems",
    ];
    bench_succeeds(&args, &out);
    let rows = rows(&out);
    assert_eq!(rows.len(), 3 * 3);
    for row in &rows {
        assert_eq!((row.status, row.count), (RowStatus::Ok, 1), "{row:?}");
        match row.solver.as_str() {
            "bitmask" => assert_eq!(row.mems, None),
            // Every node of a dancing search reads and writes several words.
            _ => assert!(row.mems.is_some_and(|m| m > row.nodes), "{row:?}"),
        }
    }
}

/// Batches (each solver solves a run of records back to back, answers checked after) keep
/// the rows in record order, a row per solver that handles the size, the bad record's
/// error row in its place, and the counts each solver gives on its own.
#[test]
fn batched_records_keep_their_order_and_every_solvers_row() {
    let dir = scratch("batches");
    let corpus = dir.join("mixed.txt");
    let sixteen = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/generated_16x16.txt"),
    )
    .unwrap();
    let sixteen = sixteen.lines().find(|l| !l.starts_with('#')).unwrap();
    let mut lines = Vec::new();
    for i in 0..90 {
        lines.push(match i {
            17 => "123".to_string(),   // a bad record
            40 => sixteen.to_string(), // the band engine does not take 16x16
            i if i % 2 == 0 => WIKIPEDIA.to_string(),
            _ => INKALA.to_string(),
        });
    }
    std::fs::write(&corpus, lines.join("\n") + "\n").unwrap();
    let out = dir.join("run");
    let solvers = "bitmask,bands,dlx";
    let output = sudolab(&[
        "bench",
        corpus.to_str().unwrap(),
        "--solvers",
        solvers,
        "--threads",
        "2",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(
        output.status.code(),
        Some(1),
        "the bad record fails the run"
    );
    let rows = rows(&out);
    let lines_seen: Vec<u64> = rows.iter().map(|r| r.line).collect();
    assert!(
        lines_seen.windows(2).all(|w| w[0] <= w[1]),
        "rows in record order"
    );
    for line in 1..=90u64 {
        let of_line: Vec<&RunRow> = rows.iter().filter(|r| r.line == line).collect();
        let mut names: Vec<&str> = of_line.iter().map(|r| r.solver.as_str()).collect();
        names.sort_unstable();
        match line {
            18 => assert_eq!(names, ["-"], "line 18: the error row"),
            41 => assert_eq!(names, ["bitmask", "dlx"], "line 41: 16x16"),
            _ => {
                assert_eq!(names, ["bands", "bitmask", "dlx"], "line {line}");
                assert!(of_line
                    .iter()
                    .all(|r| r.count == 1 && r.status == RowStatus::Ok));
            }
        }
    }
}
