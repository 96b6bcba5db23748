//! The fuzz targets: one function per reader, each taking arbitrary bytes. A target may
//! return errors for bad input (that is the readers' job) but must never panic, hang or
//! allocate without bound, and what it accepts must round-trip.
//!
//! Shared by the libFuzzer binaries in `tests/fuzz/bin/` and by the regression test
//! `tests/fuzz_regressions.rs`, which replays every input saved in `tests/fuzz/regressions/`.

#![allow(dead_code)]

use sudolab::corpus::CorpusReader;
use sudolab::dlx::Problem;
use sudolab::grid::Grid;
use sudolab::harness::summary::Summary;
use sudolab::harness::RunMetadata;
use sudolab::logic::user;
use sudolab::solver::Limits;

/// A fuzz target: bytes in, a panic on a finding.
pub type Target = fn(&[u8]);

/// Every target, by name (the names of the binaries and of the regression folders).
pub const TARGETS: [(&str, Target); 7] = [
    ("corpus", corpus),
    ("kaggle", kaggle),
    ("grid", grid),
    ("dlx", dlx),
    ("marks", marks),
    ("runs_csv", runs_csv),
    ("meta_csv", meta_csv),
];

/// A grid read back from its own one-line and pretty forms is the same grid.
fn round_trips(puzzle: &Grid) {
    assert_eq!(&Grid::parse(&puzzle.to_line()).expect("own line"), puzzle);
    assert_eq!(
        &Grid::parse(&puzzle.to_pretty()).expect("own pretty form"),
        puzzle
    );
}

/// Puzzle lines, known-answer lines and pretty grids, as a corpus file.
pub fn corpus(data: &[u8]) {
    for record in CorpusReader::new(data, Some("fuzz".into())).flatten() {
        round_trips(&record.puzzle);
        if let Some(solution) = &record.expected_solution {
            assert_eq!(solution.cells().len(), record.puzzle.cells().len());
        }
    }
}

/// Kaggle's CSV layout: the header, then the fuzzer's rows.
pub fn kaggle(data: &[u8]) {
    let mut text = b"quizzes,solutions\n".to_vec();
    text.extend_from_slice(data);
    for record in CorpusReader::new(&text[..], None).flatten() {
        round_trips(&record.puzzle);
        assert!(record.expected_solution.is_some());
    }
}

/// One grid from text (what a puzzle argument on the command line goes through).
pub fn grid(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(puzzle) = Grid::parse(text) {
            round_trips(&puzzle);
        }
    }
}

/// Knuth's exact-cover format; small problems accepted are also searched, within a budget,
/// and written back.
pub fn dlx(data: &[u8]) {
    let Ok(problem) = Problem::read_dlx_format(data, Some("fuzz")) else {
        return;
    };
    let text = problem.to_dlx_format();
    let again = Problem::read_dlx_format(text.as_bytes(), None).expect("own output reads back");
    assert_eq!(again.to_dlx_format(), text);
    if problem.options() <= 64 && problem.items() <= 64 {
        let limits = Limits {
            max_nodes: Some(20_000),
            ..Limits::NONE
        };
        let mut links = problem.dlx();
        let first = links.search_within(&limits, |_, _| sudolab::dlx::Control::Continue);
        let second = links.search_within(&limits, |_, _| sudolab::dlx::Control::Continue);
        assert_eq!(first, second, "a search restores the links");
    }
}

/// Pencil marks for 4x4 and 9x9 grids.
pub fn marks(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        for cells in [16, 81] {
            if let Ok(marks) = user::parse_marks(text, cells) {
                assert_eq!(marks.len(), cells);
            }
        }
    }
}

/// A run's `runs.csv`, summarised.
pub fn runs_csv(data: &[u8]) {
    if let Ok(summary) = Summary::from_reader(data, "fuzz") {
        let rows = summary.rows(|_| true);
        for row in rows {
            assert!(row.puzzles > 0 || row.timeouts > 0);
        }
    }
}

/// A run's `meta.csv`.
pub fn meta_csv(data: &[u8]) {
    if let Ok(meta) = RunMetadata::from_reader(data, "fuzz") {
        let _ = meta.get("command");
        let _ = meta.solver_reports_guesses("bitmask");
    }
}
