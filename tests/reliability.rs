//! Regression tests for the reliability findings (hostile input, faults, runs without a limit):
//! each test names its finding and fails on the code before the fix.
//!
//! Commands that used to hang run under a watchdog: the child is killed after
//! `common::WATCHDOG` and the test fails as hung. That bounds a hang; it asserts nothing about speed.

use std::process::{Child, Command};
use std::time::Duration;

mod common;
use common::{finish, scratch, spawn, sudolab_in};

fn sudolab(args: &[&str], stdin: &str) -> std::process::Output {
    sudolab_in(args, stdin, None)
}

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Waits until a bench run writes into its staging directory in `dir` (its Ctrl-C handler
/// is installed by then), failing after the watchdog.
fn wait_for_staging(dir: &std::path::Path) {
    let started = std::time::Instant::now();
    while !std::fs::read_dir(dir)
        .unwrap()
        .any(|e| e.unwrap().file_name().to_string_lossy().contains("staging"))
    {
        assert!(
            started.elapsed() < common::WATCHDOG,
            "bench never started its run"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn sigint(child: &Child) {
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

// Critical 1: two runs on one --out used to share runs.csv.tmp and splice their rows.
#[test]
fn a_second_run_on_the_same_directory_is_refused() {
    let dir = scratch("lock");
    let out = dir.join("run");
    let held = sudolab::harness::RunDirectory::lock(&out).unwrap();
    let corpus = dir.join("c.txt");
    std::fs::write(&corpus, format!("{WIKIPEDIA}\n")).unwrap();
    let output = sudolab(
        &[
            "bench",
            corpus.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "-q",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("is in use by another sudolab run"),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("pid {}", std::process::id())),
        "{stderr}"
    );
    assert!(!out.join("runs.csv").exists());
    drop(held);
    let output = sudolab(
        &[
            "bench",
            corpus.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "-q",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names
            .iter()
            .all(|n| !n.ends_with(".tmp") && !n.ends_with(".lock")),
        "{names:?}"
    );
}

// Critical 2: a pretty grid missing a row swallowed the next grid's rows.
#[test]
fn a_short_pretty_grid_does_not_spoil_the_next_ones() {
    let grid = sudolab::grid::Grid::parse(WIKIPEDIA).unwrap().to_pretty();
    let lines: Vec<&str> = grid.lines().collect();
    let short: String = lines[..lines.len() - 1]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    let input = format!("{short}\n{grid}\n{grid}");
    let output = sudolab(&["solve"], &input);
    assert_eq!(output.status.code(), Some(1));
    let solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    assert_eq!(
        text(&output.stdout),
        format!("ERROR\n{solution}\n{solution}\n")
    );
    assert!(
        text(&output.stderr)
            .contains("<stdin>, line 1: truncated grid: 8 of 9 rows, then a blank line (line 11)"),
        "{}",
        text(&output.stderr)
    );
}

// Critical 3: Knuth's multiplicity syntax was read as an item named "2" and a wrong count
// printed with exit 0. It is read as DLX3 reads it now, and counted as DLX3 counts it:
// {A, A B} is the one solution (A twice, B once), by every engine; the split search refuses.
#[test]
fn multiplicity_syntax_is_refused_not_miscounted() {
    let problem = "2|A B\nA\nB\nA B\n";
    for engine in ["dlx", "dc", "memo", "bits", "sat"] {
        let output = sudolab(&["cover", "-", "--engine", engine], problem);
        assert_eq!(output.status.code(), Some(0), "{engine}");
        assert!(
            text(&output.stdout).contains("solutions: 1\n"),
            "{}",
            text(&output.stdout)
        );
    }
    // What cannot take them says so: the split search.
    let output = sudolab(&["cover", "-", "--threads", "2"], problem);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stdout).is_empty());
    assert!(
        text(&output.stderr).contains("multiplicities (MCC)"),
        "{}",
        text(&output.stderr)
    );
}

// High 4: warm-up ignored --timeout-ms (this run never ended).
#[test]
fn warm_up_honours_the_timeout() {
    let dir = scratch("warmup");
    let corpus = dir.join("empty9.txt");
    std::fs::write(&corpus, format!("{}\n", ".".repeat(81))).unwrap();
    let out = dir.join("run");
    let child = spawn(
        &[
            "bench",
            corpus.to_str().unwrap(),
            "--limit",
            "0",
            "--timeout-ms",
            "100",
            "--out",
            out.to_str().unwrap(),
            "-q",
        ],
        None,
    );
    let output = finish(child, "bench empty9.txt --limit 0 --timeout-ms 100");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let runs = std::fs::read_to_string(out.join("runs.csv")).unwrap();
    let nine_by_nine = sudolab::registry::all()
        .iter()
        .filter(|s| s.info().capabilities.box_sides.contains(&3))
        .count();
    assert_eq!(runs.matches(",timeout,").count(), nine_by_nine, "{runs}");
}

// High 5: solve, check and count had no limit.
#[test]
fn solve_check_and_count_take_limits_and_never_call_them_a_verdict() {
    let empty16 = ".".repeat(256);
    let output = sudolab(
        &["count", &empty16, "--limit", "0", "--max-nodes", "2000"],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(text(&output.stdout), "UNDECIDED\n");
    assert!(
        text(&output.stderr).contains("<argument>, line 1: undecided: node limit reached after"),
        "{}",
        text(&output.stderr)
    );
    let output = sudolab(
        &[
            "solve",
            &".".repeat(81),
            "--timeout-ms",
            "1",
            "--max-nodes",
            "1",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(text(&output.stdout), "UNDECIDED\n");
    let output = sudolab(
        &["check", &empty16, "--timeout-ms", "50", "--solver", "dlx"],
        "",
    );
    // An empty 16x16 grid has two solutions found fast by dlx, or the limit stops it: never
    // "unique", and always a failure.
    assert_eq!(output.status.code(), Some(1));
    assert!(
        !text(&output.stdout).contains("unique"),
        "{}",
        text(&output.stdout)
    );
    let output = sudolab(&["count", &empty16, "--timeout-ms", "0"], "");
    assert_eq!(output.status.code(), Some(2));
}

// High 6: no bound on line length; these allocated until the process aborted.
#[test]
fn endless_lines_are_refused_with_their_line_number() {
    let output = sudolab(&["solve", "/dev/zero"], "");
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("/dev/zero, line 1: line longer than 65536 bytes"),
        "{}",
        text(&output.stderr)
    );
    let output = sudolab(&["cover", "/dev/zero"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("/dev/zero, line 1: line longer than 1048576 bytes"),
        "{}",
        text(&output.stderr)
    );
}

// High 7: verify --limit 1 reported mismatches on puzzles with several solutions.
#[test]
fn verify_with_limit_one_accepts_different_solutions() {
    let dir = scratch("limit1");
    let corpus = dir.join("many.txt");
    std::fs::write(&corpus, format!("{}\n{}\n", ".".repeat(81), ".".repeat(16))).unwrap();
    let output = sudolab(
        &["verify", corpus.to_str().unwrap(), "--limit", "1", "-q"],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    assert!(text(&output.stdout).contains("0 mismatches"));
}

// High 8: pencil marks without the true digit gave wrong deductions stated as facts.
#[test]
fn hint_refuses_pencil_marks_that_exclude_the_solution() {
    // Full marks everywhere except r1c3, whose true digit is 4: marked "12" only.
    let puzzle = sudolab::grid::Grid::parse(WIKIPEDIA).unwrap();
    let marks: Vec<String> = puzzle
        .cells()
        .iter()
        .enumerate()
        .map(|(cell, &value)| match (value, cell) {
            (0, 2) => "12".to_string(),
            (0, _) => "123456789".to_string(),
            _ => ".".to_string(),
        })
        .collect();
    let output = sudolab(&["hint", WIKIPEDIA, "--candidates", &marks.join(" ")], "");
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    assert_eq!(
        text(&output.stdout),
        "Wrong pencil marks:\n  r1c3: the pencil marks 12 leave out the digit that belongs there\n\
         Each contradicts the puzzle's only solution; fix them first, then ask again.\n"
    );
    // Marks leaving a cell empty name that cell instead of "No hint available".
    let mut marks = marks;
    marks[2] = "-".into();
    let output = sudolab(&["hint", WIKIPEDIA, "--candidates", &marks.join(" ")], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stdout).contains("r1c3: no pencil mark is left"),
        "{}",
        text(&output.stdout)
    );
}

// Medium: an entry over a given used to be ignored ("Solved").
#[test]
fn hint_flags_entries_over_givens() {
    let mut entries = WIKIPEDIA.to_string();
    entries.replace_range(0..1, "9");
    let output = sudolab(&["hint", WIKIPEDIA, "--entries", &entries], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stdout).contains("r1c1: the entry 9 overwrites the given 5"),
        "{}",
        text(&output.stdout)
    );
}

// Medium: --write-golden DIR and generate --out DIR created DIR.tmp.
#[test]
fn directories_as_output_files_are_refused() {
    let dir = scratch("outdir");
    let corpus = dir.join("c.txt");
    std::fs::write(&corpus, format!("{WIKIPEDIA}\n")).unwrap();
    let target = dir.join("golden");
    std::fs::create_dir_all(&target).unwrap();
    let output = sudolab(
        &[
            "verify",
            corpus.to_str().unwrap(),
            "--write-golden",
            target.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("is a directory"),
        "{}",
        text(&output.stderr)
    );
    let output = sudolab(&["generate", "--out", target.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("is a directory"));
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

// Medium: a missing file without '/' was read as puzzle text; a directory was "malformed".
#[test]
fn missing_files_and_directories_are_named_with_exit_two() {
    let dir = scratch("missing");
    let output = sudolab_in(&["solve", "puzzles.txt"], "", Some(&dir));
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).starts_with("sudolab: error: puzzles.txt: No such file"),
        "{}",
        text(&output.stderr)
    );
    let output = sudolab(&["solve", dir.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("is a directory"),
        "{}",
        text(&output.stderr)
    );
}

// Medium: solve and count lost finished lines on Ctrl-C; bench's first Ctrl-C said nothing.
#[test]
fn ctrl_c_keeps_finished_lines_and_says_what_it_does() {
    let dir = scratch("sigint");
    let corpus = dir.join("slow.txt");
    // An easy puzzle, then an empty 16x16 grid counted without limit: only Ctrl-C ends it.
    std::fs::write(&corpus, format!("{WIKIPEDIA}\n{}\n", ".".repeat(256))).unwrap();
    let (printed, output) = common::interrupt_during_second_record(&[
        "count",
        corpus.to_str().unwrap(),
        "--limit",
        "0",
    ]);
    assert_eq!(output.status.code(), Some(130), "{}", text(&output.stderr));
    // The puzzle in progress gets its lower bound (issue 39, Low), as with --threads.
    assert_eq!(printed, "1\nUNDECIDED\n");
    let stderr = text(&output.stderr);
    assert!(stderr.contains("interrupted: stopping"), "{stderr}");
    assert!(
        stderr.contains("line 2: undecided: interrupted after "),
        "{stderr}"
    );
    assert!(stderr.contains(" solutions (a lower bound)"), "{stderr}");

    let out = dir.join("run");
    let mut child = spawn(
        &[
            "bench",
            corpus.to_str().unwrap(),
            "--limit",
            "0",
            "--warmup",
            "0",
            "--out",
            out.to_str().unwrap(),
            "-q",
        ],
        None,
    );
    drop(child.stdin.take());
    // Ctrl-C once the run writes into its staging directory (so the handler is installed).
    wait_for_staging(&dir);
    std::thread::sleep(Duration::from_millis(100));
    sigint(&child);
    let output = finish(child, "bench after Ctrl-C");
    assert_eq!(output.status.code(), Some(130), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("interrupted: stopping"));
    assert!(out.join("runs.csv").exists() && out.join("README.md").exists());
    assert!(std::fs::read_to_string(out.join("README.md"))
        .unwrap()
        .contains("interrupted"));
}

// High (2026-12-06): grade printed nothing until a batch of 256 puzzles was graded, and
// Ctrl-C did not stop a grading under way (nor --timeout-ms a step under way): a run
// interrupted on a file of hard puzzles lost every line it had finished.
#[test]
fn ctrl_c_stops_grade_inside_a_step_and_keeps_the_lines_finished() {
    use std::io::{BufRead, BufReader, Read};
    let dir = scratch("grade-sigint");
    let corpus = dir.join("hard.txt");
    // An easy puzzle, then one from the forum's hardest, whose grading takes nested forcing
    // chains for many seconds (its steps are a second each), then the easy one again.
    let hard = "6.......2.9.4...5...1...7...5..84.......2.......3.5.4.2.....6...3...9.8...7.....1";
    std::fs::write(&corpus, format!("{WIKIPEDIA}\n{hard}\n{WIKIPEDIA}\n")).unwrap();
    let mut child = spawn(&["grade", "--threads", "1", corpus.to_str().unwrap()], None);
    drop(child.stdin.take());
    // The first line is read on a thread of its own, so that a grade that never prints it
    // fails the test (after the watchdog) rather than hanging it.
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let (sender, receiver) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        sender.send(first).unwrap();
        let mut rest = String::new();
        stdout.read_to_string(&mut rest).unwrap();
        rest
    });
    let Ok(first) = receiver.recv_timeout(common::WATCHDOG) else {
        let _ = child.kill();
        panic!("grade printed no line of a finished puzzle");
    };
    assert!(first.contains("line 1: hardest"), "{first}");
    std::thread::sleep(Duration::from_millis(300));
    sigint(&child);
    let output = finish(child, "grade after Ctrl-C");
    let rest = reader.join().unwrap();
    assert_eq!(output.status.code(), Some(130), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("interrupted: stopping"), "{stderr}");
    // The puzzle under way says it was stopped, with what it had done; the third was never
    // started.
    assert!(
        rest.contains("hard.txt, line 2: interrupted (Ctrl-C), not rated: "),
        "{rest}"
    );
    assert_eq!(rest.lines().count(), 1, "{rest}");
}

// Low (2026-12-06): explain ran every step to the end after Ctrl-C, minutes on a hard
// puzzle; it stops within the step under way and shows the steps and position so far.
#[test]
fn ctrl_c_stops_explain_and_shows_the_steps_so_far() {
    let hard = "6.......2.9.4...5...1...7...5..84.......2.......3.5.4.2.....6...3...9.8...7.....1";
    let child = spawn(&["explain", hard], None);
    // The handler is installed at start; the steps take many seconds.
    std::thread::sleep(Duration::from_millis(1500));
    sigint(&child);
    let output = finish(child, "explain after Ctrl-C");
    assert_eq!(output.status.code(), Some(130), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.contains("  1. "), "{stdout}");
    assert!(stdout.contains("Interrupted (Ctrl-C) after "), "{stdout}");
    assert!(!stdout.contains("Solved by logic"), "{stdout}");
}

// Low (2026-12-06): bench --grade waited for the grading under way after Ctrl-C (seconds
// to minutes on a hard puzzle) and then kept its rows; the grading stops within
// milliseconds now and the record stopped is left out, as one whose solvers were stopped.
#[test]
fn ctrl_c_stops_bench_grading_and_keeps_the_rows_finished() {
    let dir = scratch("bench-grade-sigint");
    let corpus = dir.join("hard.txt");
    let hard = "6.......2.9.4...5...1...7...5..84.......2.......3.5.4.2.....6...3...9.8...7.....1";
    std::fs::write(&corpus, format!("{WIKIPEDIA}\n{hard}\n")).unwrap();
    let out = dir.join("run");
    let mut child = spawn(
        &[
            "bench",
            corpus.to_str().unwrap(),
            "--grade",
            "--solvers",
            "bitmask",
            "--warmup",
            "0",
            "--threads",
            "1",
            "--out",
            out.to_str().unwrap(),
            "-q",
        ],
        None,
    );
    drop(child.stdin.take());
    wait_for_staging(&dir);
    // The easy puzzle is graded in a millisecond; the hard one takes many seconds.
    std::thread::sleep(Duration::from_millis(1000));
    sigint(&child);
    let output = finish(child, "bench --grade after Ctrl-C");
    assert_eq!(output.status.code(), Some(130), "{}", text(&output.stderr));
    let rows = std::fs::read_to_string(out.join("runs.csv")).unwrap();
    let lines: Vec<&str> = rows.lines().collect();
    assert_eq!(lines.len(), 2, "a header and the easy puzzle's row: {rows}");
    // corpus, index, line, solver, ...: the first record, graded.
    assert!(lines[1].starts_with("hard.txt,0,1,bitmask,"), "{rows}");
    assert!(lines[1].contains(",Hidden single"), "{rows}");
}

// Medium: a spaced 4x4 line started a 16x16 grid.
#[test]
fn a_spaced_4x4_puzzle_is_one_puzzle() {
    // The same puzzle written on one line without spaces has 2 solutions; read as the first
    // row of a 16x16 grid it would be a truncated grid (an error, exit 1).
    let output = sudolab(&["count", "-", "--limit", "0"], "1.3. ..1. .1.. 2.4.\n");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "2\n");
}

// Low: --sample 0 and empty files exited 0 silently; contradictory clue bounds tried 1,000
// times; cover FILE --queens ignored FILE.
#[test]
fn pointless_arguments_are_refused() {
    let output = sudolab(&["solve", "-"], "");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(text(&output.stderr), "sudolab: <stdin>: no puzzle found\n");
    let output = sudolab(
        &["verify", "datasets/known_answers.txt", "--sample", "0"],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    let output = sudolab(&["generate", "--min-clues", "40", "--max-clues", "20"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("--min-clues 40 is above --max-clues 20"),
        "{}",
        text(&output.stderr)
    );
    let output = sudolab(&["cover", "problem.dlx", "--queens", "4"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("cannot be used with"),
        "{}",
        text(&output.stderr)
    );
    let dir = scratch("emptycorpus");
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# nothing here\n").unwrap();
    let output = sudolab(&["verify", empty.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    assert!(
        text(&output.stdout).contains("1 bad records"),
        "{}",
        text(&output.stdout)
    );
}

// Low: report refused a runs.csv with one bad row.
#[test]
fn report_skips_and_names_a_bad_row() {
    let dir = scratch("badrow");
    let corpus = dir.join("c.txt");
    std::fs::write(&corpus, format!("{WIKIPEDIA}\n{WIKIPEDIA}\n")).unwrap();
    let out = dir.join("run");
    let output = sudolab(
        &[
            "bench",
            corpus.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "-q",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0));
    let runs = std::fs::read_to_string(out.join("runs.csv")).unwrap();
    std::fs::write(
        out.join("runs.csv"),
        format!("{runs}c.txt,not-a-number,1\n"),
    )
    .unwrap();
    let output = sudolab(&["report", out.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("1 rows of runs.csv could not be read and were skipped"),
        "{}",
        text(&output.stderr)
    );
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(summary.lines().count() > 1, "{summary}");
}

// Low: messages that do not name the field.
#[test]
fn a_short_solution_field_is_named() {
    let line = format!("{WIKIPEDIA}:1:{}", &WIKIPEDIA.replace('.', "1")[..80]);
    let output = sudolab(&["check", "--expected", "-"], &line);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains("<stdin>, line 1 (solution field): wrong length: 80 cells"),
        "{}",
        text(&output.stderr)
    );
}
