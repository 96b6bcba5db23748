//! Variant puzzles on the command line: `generate --variant`, then `solve` and `count`
//! reading the variant format, with their exit codes and messages; and variant corpora in
//! the harness: `bench`, `verify` and `merge` on variant files beside classic ones, every
//! answer cross-checked, a wrong stated answer and a bad line caught, refusing solvers left
//! out and named in the run's README.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use sudolab::harness::RunRow;

use sudolab::checker::check_variant_solution;
use sudolab::variant::{cells_line, format};

fn sudolab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(args)
        .output()
        .expect("sudolab runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("sudolab-variant-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn generated_variant_puzzles_solve_to_their_stated_solutions_with_every_variant_solver() {
    let dir = temp_dir("generate");
    for (rules, size) in [("x anti-king", "9"), ("jigsaw", "6"), ("killer", "6")] {
        let file = dir.join("puzzles.txt");
        let file_name = file.to_str().unwrap();
        let made = sudolab(&[
            "generate",
            "--variant",
            rules,
            "--size",
            size,
            "--count",
            "3",
            "--with-solution",
            "--seed",
            "5",
            "--out",
            file_name,
        ]);
        assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
        let records = format::read_records(std::fs::read(&file).unwrap().as_slice(), None).unwrap();
        assert_eq!(records.len(), 3);
        for solver in ["bitmask", "dlx", "dc", "sat"] {
            let out = sudolab(&["solve", file_name, "--solver", solver]);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{rules} {solver}: {}",
                text(&out.stderr)
            );
            let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
            for (line, record) in lines.iter().zip(&records) {
                let stated = record.expected_solution.as_ref().unwrap();
                assert_eq!(*line, cells_line(stated), "{rules} {solver}");
                assert_eq!(check_variant_solution(&record.puzzle, stated), Ok(()));
            }
            assert_eq!(lines.len(), 3);
        }
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn count_says_how_many_and_json_names_the_variant() {
    // Two X puzzles of a 4x4 grid: the empty one has several solutions, one is unique.
    let text_input = "variant: x\n................\n1...............\n";
    let out = sudolab(&["count", text_input, "--limit", "0"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let counts: Vec<u64> = text(&out.stdout)
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(counts[0], 4 * counts[1], "relabelling the given digit");
    let out = sudolab(&[
        "count", text_input, "--limit", "3", "--format", "json", "--solver", "dc",
    ]);
    let first: serde_json::Value =
        serde_json::from_str(text(&out.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(first["variant"], "x 4x4");
    assert_eq!(first["capped"], true);
    assert_eq!(first["line"], 2);
    // No solution: exit 1, the reason on standard error.
    let out = sudolab(&["solve", "variant: x\n1....1..........\n"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout).trim(), "NONE");
    assert!(text(&out.stderr).contains("<argument>, line 2: no solution"));
}

/// `sudolab ARGS` with `input` on standard input.
fn sudolab_reading(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("sudolab runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn standard_input_in_the_variant_format_is_read_as_variants_and_classic_text_as_before() {
    // The same two 4x4 puzzles, X rules and classic, after a comment and a blank line.
    let puzzles = "................\n1...............\n";
    let variant = format!("# two X puzzles\n\nvariant: x\n{puzzles}");
    let classic = format!("# two classic puzzles\n\n{puzzles}");
    let counted = |out: Output| -> Vec<u64> {
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
            .lines()
            .map(|l| l.parse().unwrap())
            .collect()
    };
    let x_argument = counted(sudolab(&["count", &variant, "--limit", "0"]));
    let x_stdin = counted(sudolab_reading(
        &["count", "-", "--limit", "0"],
        variant.as_bytes(),
    ));
    assert_eq!(x_stdin, x_argument);
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut gzip, variant.as_bytes()).unwrap();
    let x_gzip = counted(sudolab_reading(
        &["count", "-", "--limit", "0"],
        &gzip.finish().unwrap(),
    ));
    assert_eq!(x_gzip, x_argument);
    let classic_stdin = counted(sudolab_reading(
        &["count", "-", "--limit", "0"],
        classic.as_bytes(),
    ));
    assert_eq!(classic_stdin.len(), 2);
    assert!(
        classic_stdin[0] > x_stdin[0],
        "the diagonals rule out classic grids: {classic_stdin:?} {x_stdin:?}"
    );
    // A bad variant line on standard input is named there.
    let out = sudolab_reading(&["solve", "-"], b"variant: x\n1.3\n");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("<stdin>, line 2"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn bad_variant_input_and_unsupported_solvers_exit_2_naming_the_place() {
    let dir = temp_dir("bad");
    let file = dir.join("bad.txt");
    std::fs::write(&file, "variant: x sandwich\n................\n").unwrap();
    let out = sudolab(&["count", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let message = text(&out.stderr);
    assert!(
        message.contains("bad.txt, line 1, column 12: unknown variant \"sandwich\""),
        "{message}"
    );
    std::fs::write(
        &file,
        "variant: killer\ncage: 5 r1c1 r1c9\n................\n",
    )
    .unwrap();
    let out = sudolab(&["solve", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("line 2, column 14: r1c9 is off the 4x4 grid"));
    // The bands engine and the locked-candidate bitmask refuse variants, naming who can.
    for solver in ["bands", "bitmask+locked"] {
        let out = sudolab(&[
            "count",
            "variant: x\n1...............\n",
            "--solver",
            solver,
        ]);
        assert_eq!(out.status.code(), Some(2), "{solver}");
        assert!(
            text(&out.stderr).contains("(bitmask, dlx, dc, sat do)"),
            "{}",
            text(&out.stderr)
        );
    }
    // Options not available on variants yet are refused, not ignored.
    for extra in [["--trace"].as_slice(), &["--threads", "2"]] {
        let mut args = vec!["count", "variant: x\n1...............\n"];
        args.extend_from_slice(extra);
        let out = sudolab(&args);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert!(text(&out.stderr).contains("not available on variant puzzles"));
    }
    // generate: an unknown rule, and windoku without square boxes.
    let out = sudolab(&["generate", "--variant", "x sandwich"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown variant \"sandwich\""));
    let out = sudolab(&["generate", "--variant", "windoku", "--size", "6"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("windoku needs square boxes"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(dir).ok();
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Generates `count` puzzles of `rules` and `size` with their solutions into `file`.
fn generate(file: &Path, rules: &str, size: &str, count: &str) {
    let made = sudolab(&[
        "generate",
        "--variant",
        rules,
        "--size",
        size,
        "--count",
        count,
        "--with-solution",
        "--seed",
        "7",
        "--quiet",
        "--out",
        path(file),
    ]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
}

fn rows(run: &Path) -> Vec<RunRow> {
    csv::Reader::from_path(run.join("runs.csv"))
        .unwrap()
        .deserialize()
        .map(|row| row.unwrap())
        .collect()
}

/// `text` with the stated solution of its first puzzle line changed (two digits swapped),
/// and a cage off the grid before its third puzzle line: (the new text, the line of the
/// wrong answer, the line of the refused cage).
fn spoil(text: &str) -> (String, u64, u64) {
    let mut out = Vec::new();
    let (mut wrong, mut refused, mut puzzles) = (0, 0, 0);
    for line in text.lines() {
        let is_puzzle = line.matches(':').count() == 2 && !line.starts_with("cage");
        if is_puzzle {
            puzzles += 1;
            if puzzles == 3 {
                out.push("cage: 5 r9c9".to_string());
                refused = out.len() as u64;
            }
        }
        if is_puzzle && puzzles == 1 {
            let (head, solution) = line.rsplit_once(':').unwrap();
            let mut digits: Vec<char> = solution.chars().collect();
            let at = (1..digits.len()).find(|&k| digits[k] != digits[0]).unwrap();
            digits.swap(0, at);
            out.push(format!("{head}:{}", digits.iter().collect::<String>()));
            wrong = out.len() as u64;
        } else {
            out.push(line.to_string());
        }
    }
    (out.join("\n") + "\n", wrong, refused)
}

#[test]
fn bench_cross_checks_variant_corpora_and_names_their_variant() {
    let dir = temp_dir("bench");
    let killer = dir.join("killer.txt");
    let x = dir.join("x.txt");
    generate(&killer, "killer", "6", "12");
    generate(&x, "x", "9", "6");
    let (spoiled, wrong_line, refused_line) = spoil(&std::fs::read_to_string(&killer).unwrap());
    let bad = dir.join("spoiled.txt");
    std::fs::write(&bad, spoiled).unwrap();
    let classic =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let classic_file = dir.join("classic.txt");
    std::fs::write(&classic_file, format!("{classic}\n")).unwrap();
    let run = dir.join("run");
    let solvers = "bitmask,bands,dlx,dc,sat";
    let out = sudolab(&[
        "bench",
        "--quiet",
        "--solvers",
        solvers,
        "--out",
        path(&run),
        path(&killer),
        path(&x),
        path(&bad),
        path(&classic_file),
    ]);
    // The spoiled file's wrong answer and refused line fail the run.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let rows = rows(&run);
    let of =
        |corpus: &str| -> Vec<&RunRow> { rows.iter().filter(|r| r.corpus == corpus).collect() };
    let variant_solvers: BTreeSet<&str> = ["bitmask", "dlx", "dc", "sat"].into();
    for (corpus, puzzles) in [("killer.txt", 12), ("x.txt", 6)] {
        let corpus_rows = of(corpus);
        assert_eq!(corpus_rows.len(), puzzles * 4, "{corpus}");
        assert!(corpus_rows
            .iter()
            .all(|r| r.status == sudolab::harness::RowStatus::Ok));
        assert!(corpus_rows.iter().all(|r| r.count == 1));
        let seen: BTreeSet<&str> = corpus_rows.iter().map(|r| r.solver.as_str()).collect();
        assert_eq!(seen, variant_solvers, "bands is left out of {corpus}");
    }
    assert_eq!(
        of("classic.txt").len(),
        5,
        "bands solves the classic corpus"
    );
    // The spoiled copy: the wrong answer is a mismatch for every solver, the puzzle under
    // the refused cage an error row naming the cage's line, every other puzzle fine.
    let spoiled = of("spoiled.txt");
    let status_at = |line: u64| -> BTreeSet<String> {
        spoiled
            .iter()
            .filter(|r| r.line == line)
            .map(|r| format!("{:?}", r.status))
            .collect()
    };
    assert_eq!(status_at(wrong_line), ["Mismatch".to_string()].into());
    let refused: Vec<&&RunRow> = spoiled.iter().filter(|r| r.solver == "-").collect();
    assert_eq!(refused.len(), 1);
    assert!(
        refused[0]
            .detail
            .contains(&format!("line {refused_line}, column")),
        "{}",
        refused[0].detail
    );
    assert_eq!(spoiled.len(), 11 * 4 + 1);
    let mismatches = std::fs::read_to_string(run.join("mismatches.csv")).unwrap();
    assert_eq!(mismatches.lines().count(), 1 + 4, "{mismatches}");
    assert!(mismatches.contains(",killer 6x6: "), "{mismatches}");
    let readme = std::fs::read_to_string(run.join("README.md")).unwrap();
    assert!(readme.contains("variant killer 6x6; not solved by `bands`, because"));
    assert!(readme.contains("variant x 9x9; not solved by `bands`"));
}

#[test]
fn verify_and_shards_on_variant_corpora() {
    let dir = temp_dir("shards");
    let jigsaw = dir.join("jigsaw.txt");
    generate(&jigsaw, "jigsaw", "6", "10");
    let verified = sudolab(&["verify", "--quiet", path(&jigsaw)]);
    assert_eq!(
        verified.status.code(),
        Some(0),
        "{}",
        text(&verified.stderr)
    );
    let (spoiled, _, _) = spoil(&std::fs::read_to_string(&jigsaw).unwrap());
    let bad = dir.join("spoiled.txt");
    std::fs::write(&bad, spoiled).unwrap();
    let refused = sudolab(&["verify", "--quiet", path(&bad)]);
    assert_eq!(refused.status.code(), Some(1), "{}", text(&refused.stdout));

    let whole = dir.join("whole");
    let one = sudolab(&["bench", "--quiet", "--out", path(&whole), path(&jigsaw)]);
    assert_eq!(one.status.code(), Some(0), "{}", text(&one.stderr));
    let mut shards = Vec::new();
    for k in 1..=3 {
        let shard = dir.join(format!("shard{k}"));
        let share = format!("{k}/3");
        let out = sudolab(&[
            "bench",
            "--quiet",
            "--shard",
            &share,
            "--out",
            path(&shard),
            path(&jigsaw),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        shards.push(shard);
    }
    let merged = dir.join("merged");
    let mut args = vec!["merge", "--out", path(&merged)];
    args.extend(shards.iter().map(|s| path(s)));
    let out = sudolab(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let answers = |run: &Path| -> BTreeSet<(u64, String, u64)> {
        rows(run)
            .into_iter()
            .map(|r| (r.index, r.solver, r.count))
            .collect()
    };
    assert_eq!(answers(&merged), answers(&whole));
    assert_eq!(answers(&whole).len(), 10 * 4);
}

/// `grade` reads variant files: each puzzle rated with its variant's regions and peers, in
/// serate's format; a killer or non-consecutive puzzle, or a variant puzzle with two
/// solutions, is refused with its line named and exit code 1.
#[test]
fn grade_rates_variant_puzzles_and_refuses_what_it_cannot_read() {
    let dir = temp_dir("grade");
    let x = dir.join("x.txt");
    generate(&x, "x", "9", "4");
    let out = sudolab(&["grade", path(&x), "--format", "%r %R", "--threads", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    for line in &lines {
        let rating: f32 = line.split(' ').next().unwrap().parse().unwrap();
        assert!((1.0..=12.0).contains(&rating), "{line}");
    }
    // `explain` walks the first puzzle with the same techniques: its last step's rating
    // is the grade's.
    let out = sudolab(&["explain", path(&x), "--format", "json"]);
    let explained: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(explained["variant"], "x 9x9");
    let top = explained["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["rating"].as_f64().unwrap())
        .fold(0.0, f64::max);
    let graded: f64 = lines[0].split(' ').next().unwrap().parse().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!((top - graded).abs() < 0.05, "explain {top}, grade {graded}");
    let killer = dir.join("killer.txt");
    generate(&killer, "killer", "6", "1");
    // A killer puzzle is rated: its cages' sums are read by the cage technique.
    let out = sudolab(&["grade", "--format", "%r %R", path(&killer)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    let rating: f32 = said.split(' ').next().unwrap().parse().unwrap();
    assert!(rating >= 1.6, "{said}");
    let two = dir.join("two.txt");
    std::fs::write(&two, "variant: x\n..............................................................................1..\n").unwrap();
    let out = sudolab(&["grade", path(&two)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("two.txt, line 2: not rated: more than one solution"),
        "{}",
        text(&out.stdout)
    );
}

/// The cell name of cell `k` of a 9x9 grid ("r1c1").
fn cell_name(k: usize) -> String {
    format!("r{}c{}", k / 9 + 1, k % 9 + 1)
}

#[test]
fn hint_on_a_variant_puzzle_checks_entries_and_marks_first() {
    let dir = temp_dir("hint");
    let file = dir.join("windoku.txt");
    generate(&file, "windoku", "9", "1");
    let records = format::read_records(std::fs::read(&file).unwrap().as_slice(), None).unwrap();
    let puzzle = records[0].puzzle.cells().to_vec();
    // The solution from another engine than the hint's (bitmask): dlx.
    let solved = sudolab(&["solve", path(&file), "--solver", "dlx"]);
    assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));
    let solution: Vec<u8> = text(&solved.stdout)
        .trim()
        .bytes()
        .map(|b| b - b'0')
        .collect();
    assert_eq!(solution.len(), 81);
    let empty: Vec<usize> = (0..81).filter(|&k| puzzle[k] == 0).collect();
    let line = |cells: &[u8]| cells_line(cells);

    // No entries: the hint is the first step `explain` shows.
    let out = sudolab(&["hint", path(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let explained = sudolab(&["explain", path(&file)]);
    let first = text(&explained.stdout).lines().next().unwrap().to_string();
    let said = text(&out.stdout);
    let mut said = said.lines();
    assert_eq!(format!("  1. {}", said.next().unwrap()), first);
    assert!(
        said.next().unwrap().starts_with("Rating "),
        "{}",
        text(&out.stdout)
    );

    // A right entry and a wrong one: only the wrong one is named, exit 1.
    let mut entries = vec![0u8; 81];
    entries[empty[0]] = solution[empty[0]];
    let wrong = solution[empty[1]] % 9 + 1;
    entries[empty[1]] = wrong;
    let out = sudolab(&["hint", path(&file), "--entries", &line(&entries)]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains(&format!(
            "{}: the entry {wrong} contradicts",
            cell_name(empty[1])
        )) && !said.contains(&cell_name(empty[0])),
        "{said}"
    );

    // Pencil marks leaving out the solution's digit of one cell: that cell is named.
    let marks: Vec<String> = (0..81)
        .map(|k| match (puzzle[k], k == empty[2]) {
            (0, true) => (1..=9u8)
                .filter(|&d| d != solution[k])
                .map(|d| char::from(b'0' + d))
                .collect(),
            (0, false) => "123456789".to_string(),
            _ => ".".to_string(),
        })
        .collect();
    let out = sudolab(&["hint", path(&file), "--candidates", &marks.join(" ")]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains(&format!("{}: the pencil marks", cell_name(empty[2]))),
        "{}",
        text(&out.stdout)
    );

    // Every cell but one entered right: the hint fills that one with the solution's digit.
    let last = *empty.last().unwrap();
    let mut entries = solution.clone();
    entries[last] = 0;
    let out = sudolab(&["hint", path(&file), "--entries", &line(&entries)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains(&cell_name(last)) && said.contains(&format!("so it is {}", solution[last])),
        "{said}"
    );
    let out = sudolab(&["hint", path(&file), "--entries", &line(&solution)]);
    assert!(
        text(&out.stdout).starts_with("Solved"),
        "{}",
        text(&out.stdout)
    );

    // Entries of another size: refused with the place, exit 2.
    let out = sudolab(&["hint", path(&file), "--entries", "12"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("2 cells where the puzzle has 81"));
    // A killer puzzle with no givens: the first hint reads a cage's sum.
    let killer = dir.join("killer.txt");
    generate(&killer, "killer", "6", "1");
    let out = sudolab(&["hint", path(&killer)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("Cage combinations: the cage "),
        "{}",
        text(&out.stdout)
    );
}

/// The nested forcing-chain levels run on variant grids up to 16x16: the third puzzle of
/// the 12x12 X corpus, which dynamic forcing chains leave stuck (8.5 was the ceiling there
/// before 2026-12-06), is rated at the "+" level.
#[test]
fn grade_rates_a_12x12_x_puzzle_with_the_levels_above_dynamic_forcing_chains() {
    use std::io::{BufRead, BufReader};
    let dir = temp_dir("x12-levels");
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/variants/x-12x12.txt.gz");
    let lines: Vec<String> = BufReader::new(sudolab::input::open_file(&corpus).unwrap())
        .lines()
        .map(Result::unwrap)
        .collect();
    let file = dir.join("third.txt");
    std::fs::write(&file, format!("{}\n{}\n", lines[0], lines[3])).unwrap();
    let out = sudolab(&["grade", "--format", "%r %R", path(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    let (rating, technique) = said.trim_end().split_once(' ').unwrap();
    assert!(rating.parse::<f32>().unwrap() >= 9.0, "{said}");
    assert!(technique.starts_with("Dynamic forcing chains (+"), "{said}");
}

/// `explain --allow-guess` on a variant puzzle the techniques do not finish (a 25x25
/// jigsaw whose regions are the boxes, holding the classic puzzle the tests know stuck
/// with the techniques up to 8.5, `--up-to 8.5`): the path, the stuck position, then the guessed
/// cells and the solution, which is the one the classic corpus states (cross-checked by
/// every engine when it was made). Without the flag: exit 3.
#[test]
fn explain_allow_guess_on_a_variant_puzzle_fills_the_rest_with_its_solution() {
    let dir = temp_dir("allow-guess");
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/generated_25x25.txt");
    let classic = std::fs::read_to_string(corpus).unwrap();
    // The 14th puzzle with three more givens from its solution (tests/common's
    // `stuck_25x25`), whose third field is the solution.
    let fields: Vec<&str> = classic
        .lines()
        .filter(|l| !l.starts_with('#'))
        .nth(13)
        .unwrap()
        .split(':')
        .collect();
    let stated = fields[2].to_string();
    let mut cells: Vec<char> = fields[0].chars().collect();
    for (row, column) in [(1, 25), (6, 11), (18, 12)] {
        let index = (row - 1) * 25 + column - 1;
        cells[index] = stated.as_bytes()[index] as char;
    }
    let symbols: Vec<char> = "123456789ABCDEFGHIJKLMNOP".chars().collect();
    let regions: String = (0..625)
        .map(|k| symbols[(k / 125) * 5 + (k % 25) / 5])
        .collect();
    let puzzle: String = cells.into_iter().collect();
    let file = dir.join("stuck.txt");
    std::fs::write(
        &file,
        format!("variant: jigsaw\nregions: {regions}\n{puzzle}\n"),
    )
    .unwrap();
    let stuck = sudolab(&["explain", "--up-to", "8.5", path(&file)]);
    assert_eq!(stuck.status.code(), Some(3), "{}", text(&stuck.stderr));
    let guessed = sudolab(&["explain", "--up-to", "8.5", "--allow-guess", path(&file)]);
    assert_eq!(guessed.status.code(), Some(0), "{}", text(&guessed.stderr));
    let out = text(&guessed.stdout);
    let last: Vec<&str> = out.lines().rev().take(3).collect();
    assert_eq!(last[0], stated);
    assert!(last[1].starts_with("Guess (not logic)"), "{out}");
    // The stuck position (the line before the guess) agrees with the solution where filled.
    assert_eq!(last[2].len(), stated.len());
    let open = last[2].chars().filter(|&c| c == '.').count();
    assert!(open > 0 && last[1].contains(&format!("fills the {open} remaining cells")));
    for (mine, right) in last[2].chars().zip(stated.chars()) {
        assert!(mine == '.' || mine == right, "{}", last[2]);
    }
    let json = sudolab(&[
        "explain",
        "--up-to",
        "8.5",
        "--allow-guess",
        "--format",
        "json",
        path(&file),
    ]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["guessed_cells"].as_array().unwrap().len(), open);
    assert_eq!(value["end"], stated.as_str());
    assert_eq!(value["solved_by_logic"], false);
    // No guess for a puzzle without one solution: refused, naming the file and line.
    let open_grid = dir.join("open.txt");
    std::fs::write(&open_grid, format!("variant: x\n{}\n", ".".repeat(81))).unwrap();
    let refused = sudolab(&["explain", "--allow-guess", path(&open_grid)]);
    assert_eq!(refused.status.code(), Some(2));
    let said = text(&refused.stderr);
    assert!(
        said.contains("open.txt, line 2: not explained: more than one solution"),
        "{said}"
    );
}
