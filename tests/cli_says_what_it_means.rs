//! The CLI says what it means (issue 40, item 4): a puzzle typed one cell short is a puzzle
//! of the wrong length, not a missing file; `check` counts the records it could not read;
//! a solver asked about a grid size it does not handle is a usage error naming the solvers
//! that do; counts are written in the singular when there is one; `solvers` lists sizes.

mod common;
use common::{run_sudolab, scratch};

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_puzzle_argument_one_cell_short_is_a_puzzle_of_the_wrong_length() {
    let short = &WIKIPEDIA[..80];
    let output = run_sudolab(&["solve", short]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(
            "<argument>, line 1: wrong length: 80 cells, but a grid has 16, 81, 256 or 625 cells"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("No such file"), "{stderr}");
    // A missing file is still a missing file.
    let output = run_sudolab(&["solve", "no-such-puzzles.txt"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("no-such-puzzles.txt"));
}

#[test]
fn check_counts_the_records_it_could_not_read() {
    let dir = scratch("check-malformed");
    let file = dir.join("four.txt");
    std::fs::write(&file, format!("{WIKIPEDIA}\n{WIKIPEDIA}\nxx\n53..7\n")).unwrap();
    let output = run_sudolab(&["check", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("sudolab check: 4 records read, 2 valid and unique, 0 not, 2 malformed"),
        "{stderr}"
    );
    let one = dir.join("one.txt");
    std::fs::write(&one, format!("{WIKIPEDIA}\n")).unwrap();
    let output = run_sudolab(&["check", one.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("sudolab check: 1 record read, 1 valid and unique, 0 not\n"),
        "{stderr}"
    );
}

#[test]
fn a_solver_asked_about_a_size_it_does_not_handle_is_a_usage_error() {
    let empty_16x16 = ".".repeat(256);
    for command in ["solve", "count", "check"] {
        let output = run_sudolab(&[command, "--solver", "bands", &empty_16x16]);
        assert_eq!(output.status.code(), Some(2), "{command}");
        let stderr = text(&output.stderr);
        assert!(
            stderr.contains(
                "the bands solver handles 9x9 grids only, and this one is 16x16: choose another \
                 --solver (bitmask, bitmask+locked, bitmask+subsets, dlx, dc, sat handle it)"
            ),
            "{command}: {stderr}"
        );
        assert!(!stderr.contains("UNDECIDED") && !stderr.contains("undecided"));
    }
}

#[test]
fn solvers_lists_the_sizes_each_handles() {
    let output = run_sudolab(&["solvers"]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = text(&output.stdout);
    let line = |name: &str| {
        stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("{name} listed: {stdout}"))
            .to_string()
    };
    assert!(line("bands").contains(" 9x9 "), "{}", line("bands"));
    assert!(!line("bands").contains("16x16"));
    assert!(line("bitmask").contains("4x4 9x9 16x16 25x25"));
    // The first word of each line is a solver name (scripts such as compare.sh rely on it).
    for l in stdout.lines() {
        let name = l.split_whitespace().next().unwrap();
        assert!(sudolab::registry::by_name(name).is_some(), "{l}");
    }
}

#[test]
fn the_seed_of_a_count_is_not_taken_for_the_seed_of_an_estimate() {
    let output = run_sudolab(&["cover", "--queens", "8", "--estimate", "10", "--seed", "3"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("the estimate's random probes take theirs from --estimate-seed"),
        "{stderr}"
    );
    let output = run_sudolab(&[
        "cover",
        "--queens",
        "8",
        "--estimate",
        "10",
        "--estimate-seed",
        "3",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}

#[test]
fn help_texts_say_what_the_options_mean() {
    let verify = text(&run_sudolab(&["verify", "--help"]).stdout);
    assert!(!verify.contains("baseline of the ratio column"), "{verify}");
    let generate = text(&run_sudolab(&["generate", "--help"]).stdout);
    assert!(generate.contains("hard (2.9-4.4"), "{generate}");
    let help = text(&run_sudolab(&["--help"]).stdout);
    assert!(help.contains("exit 3: the techniques get stuck"), "{help}");
}

#[test]
fn bench_prints_a_line_per_corpus_and_the_table_on_request() {
    let dir = scratch("bench-lines");
    let data = common::datasets();
    let corpora = [
        data.join("norvig_top95.gz"),
        data.join("generated_4x4.txt"),
        data.join("exact-cover/q8.dlx"),
    ];
    let corpora: Vec<&str> = corpora.iter().map(|p| p.to_str().unwrap()).collect();
    let out = dir.join("run");
    let mut args = vec!["bench", "-q", "--out", out.to_str().unwrap()];
    args.extend(&corpora);
    let output = run_sudolab(&args);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[0].starts_with("norvig_top95") && lines[0].contains(" 95 puzzles "));
    assert!(lines[0].contains("fastest ") && lines[0].ends_with("0 mismatches"));
    assert!(lines[1].starts_with("generated_4x4.txt") && lines[1].contains(" 200 puzzles "));
    assert!(lines[2].starts_with("q8.dlx") && lines[2].contains(" 1 problem "));
    assert!(stdout.contains(&format!("report in {}", out.display())));
    assert!(!stdout.contains("| corpus |"), "{stdout}");
    args.push("--table");
    let output = run_sudolab(&args);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains("| corpus | solver | puzzles |"));
}

/// Mems of whole exact-cover counts and mems per puzzle have their own tables in the run's
/// README, each with its units (issue 40: one header once covered both).
#[test]
fn mems_tables_keep_totals_and_means_apart() {
    let dir = scratch("mems-tables");
    let data = common::datasets();
    let (top95, q8) = (
        data.join("norvig_top95.gz"),
        data.join("exact-cover/q8.dlx"),
    );
    let out = dir.join("run");
    let output = run_sudolab(&[
        "bench",
        "-q",
        "--mems",
        "--solvers",
        "dlx,dc",
        "--out",
        out.to_str().unwrap(),
        top95.to_str().unwrap(),
        q8.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let readme = std::fs::read_to_string(out.join("README.md")).unwrap();
    let files = readme
        .find("| exact-cover file (one count) | engine | ms | vs fastest | nodes | mems |")
        .expect("a table of whole counts");
    let corpora = readme
        .find("| puzzle corpus (mems counted) | engine | mean ms per puzzle | nodes per puzzle | mems per puzzle |")
        .expect("a table of per-puzzle means");
    // Each table holds its own rows (the main table above them holds every row).
    let files_table = &readme[files..corpora];
    let corpora_table = &readme[corpora..];
    assert!(files_table.contains("| q8.dlx | dlx |") && !files_table.contains("| norvig_top95 |"));
    assert!(
        corpora_table.contains("| norvig_top95 | dlx |") && !corpora_table.contains("| q8.dlx |")
    );
    assert!(files < corpora, "{readme}");
    // Every engine side by side on the file, the memo with its own figures.
    assert!(files_table.contains("| q8.dlx | dc |"));
    let memo = files_table
        .lines()
        .find(|l| l.starts_with("| q8.dlx | memo |"))
        .expect("the memo's row");
    assert!(
        memo.contains("memo hits") && memo.contains("memo peak memory"),
        "{memo}"
    );
}

/// The bands engine times only the 9x9 records of a mixed file: the run's README says so
/// instead of letting its "median vs" pass for a comparison on the same puzzles.
#[test]
fn a_solver_that_timed_fewer_puzzles_is_named() {
    let dir = scratch("partial");
    let out = dir.join("run");
    let known = common::datasets().join("known_answers.txt");
    let output = run_sudolab(&[
        "bench",
        "-q",
        "--solvers",
        "bitmask,bands",
        "--out",
        out.to_str().unwrap(),
        known.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let readme = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(
        readme.contains("* bands timed 7 of the 14 puzzles of known_answers.txt"),
        "{readme}"
    );
    assert!(!readme.contains("* bitmask timed"));
}

/// The scatter chart plots the two fastest solvers of the corpus, not the first and the last
/// registered, and says when its points are a sample.
#[test]
fn the_scatter_chart_shows_the_two_fastest_solvers() {
    let dir = scratch("scatter");
    let out = dir.join("run");
    let top95 = common::datasets().join("norvig_top95.gz");
    let output = run_sudolab(&[
        "bench",
        "-q",
        "--solvers",
        "sat,dlx,bands",
        "--out",
        out.to_str().unwrap(),
        top95.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let svg = std::fs::read_to_string(out.join("scatter_norvig_top95.svg")).unwrap();
    assert!(
        svg.contains("bands time") && svg.contains("dlx time"),
        "{svg}"
    );
    assert!(!svg.contains("sat time"));
    assert!(svg.contains("the two fastest solvers, 95 puzzles") && !svg.contains("sample"));
}

/// Puzzle corpora (µs per puzzle) and exact-cover files (a whole count each) are charted
/// apart, each with its units, and a chart is wide enough for every corpus name.
#[test]
fn medians_of_puzzles_and_of_exact_cover_counts_are_charted_apart() {
    let dir = scratch("medians-apart");
    let out = dir.join("run");
    let data = common::datasets();
    let (top95, serg, q8) = (
        data.join("norvig_top95.gz"),
        data.join("puzzles7_serg_benchmark.gz"),
        data.join("exact-cover/q8.dlx"),
    );
    let output = run_sudolab(&[
        "bench",
        "-q",
        "--sample",
        "50",
        "--out",
        out.to_str().unwrap(),
        top95.to_str().unwrap(),
        serg.to_str().unwrap(),
        q8.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let puzzles = std::fs::read_to_string(out.join("medians.svg")).unwrap();
    let counts = std::fs::read_to_string(out.join("medians_exact_cover.svg")).unwrap();
    assert!(puzzles.contains("norvig_top95") && !puzzles.contains("q8.dlx"));
    assert!(puzzles.contains("median time per puzzle (µs, log scale)"));
    assert!(counts.contains("q8.dlx") && !counts.contains("norvig_top95"));
    assert!(counts.contains("time of the whole count (ms, log scale)"));
    // Two names of up to 23 characters: at least 7 px a character each.
    let width: usize = puzzles
        .split("width=\"")
        .nth(1)
        .and_then(|w| w.split('"').next())
        .and_then(|w| w.parse().ok())
        .unwrap();
    assert!(width >= 2 * 23 * 7, "{width}");
}

/// `--scatter A,B` plots the pair a user names (kept by `report`, which can change it); a
/// pair that is not two of the run's solvers is a usage error before anything is written.
#[test]
fn the_scatter_chart_plots_the_pair_a_user_names() {
    let dir = scratch("scatter-pair");
    let out = dir.join("run");
    let top95 = common::datasets().join("norvig_top95.gz");
    let (out_arg, top95_arg) = (out.to_str().unwrap(), top95.to_str().unwrap());
    let bench = |pair: &str| {
        run_sudolab(&[
            "bench",
            "-q",
            "--sample",
            "30",
            "--solvers",
            "sat,dlx,bands",
            "--scatter",
            pair,
            "--out",
            out_arg,
            top95_arg,
        ])
    };
    let output = bench("bitmask,dlx");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains(
            "--scatter bitmask,dlx: \"bitmask\" is not one of them (this run's solvers: sat, dlx, bands)"
        ),
        "{}",
        text(&output.stderr)
    );
    assert!(
        !out.exists(),
        "nothing written before the arguments are checked"
    );
    let output = bench("sat,dlx");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let chart = || std::fs::read_to_string(out.join("scatter_norvig_top95.svg")).unwrap();
    let svg = chart();
    assert!(svg.contains("sat time (µs") && svg.contains("dlx time (µs"));
    assert!(svg.contains("chosen with --scatter, 30 puzzles") && !svg.contains("bands time"));
    // report keeps the recorded pair, and --scatter changes it.
    let output = run_sudolab(&["report", out_arg]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(chart().contains("sat time (µs"));
    let output = run_sudolab(&["report", "--scatter", "bands,dlx", out_arg]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(chart().contains("bands time (µs") && !chart().contains("sat time (µs"));
    let meta = std::fs::read_to_string(out.join("meta.csv")).unwrap();
    assert!(meta.contains("scatter,\"bands,dlx\""), "{meta}");
    let output = run_sudolab(&["report", "--scatter", "dlx,dlx", out_arg]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("--scatter dlx,dlx: two different solvers"));
    assert!(
        chart().contains("bands time (µs"),
        "a refused report changes nothing"
    );
}
