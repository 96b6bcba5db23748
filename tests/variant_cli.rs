//! Variant puzzles on the command line: `generate --variant`, then `solve` and `count`
//! reading the variant format, with their exit codes and messages.

use std::process::{Command, Output};

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

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir =
        std::env::temp_dir().join(format!("sudolab-variant-cli-{name}-{}", std::process::id()));
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
