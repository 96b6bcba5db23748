//! The fuzz targets: one function per reader, each taking arbitrary bytes. A target may
//! return errors for bad input (that is the readers' job) but must never panic, hang or
//! allocate without bound, and what it accepts must round-trip.
//!
//! Shared by the libFuzzer binaries in `tests/fuzz/bin/` and by the regression test
//! `tests/fuzz_regressions.rs`, which replays every input saved in `tests/fuzz/regressions/`.

#![allow(dead_code)]

use sudolab::corpus::CorpusReader;
use sudolab::exact_cover::shard_counts::ShardCounts;
use sudolab::exact_cover::Problem;
use sudolab::grid::Grid;
use sudolab::harness::merge::{self, ShardRun};
use sudolab::harness::summary::Summary;
use sudolab::harness::RunMetadata;
use sudolab::logic::{self, user, Position};
use sudolab::solver::Limits;
use sudolab::variant::format as variant_format;

/// A fuzz target: bytes in, a panic on a finding.
pub type Target = fn(&[u8]);

/// Every target, by name (the names of the binaries and of the regression folders).
pub const TARGETS: [(&str, Target); 10] = [
    ("corpus", corpus),
    ("kaggle", kaggle),
    ("grid", grid),
    ("dlx", dlx),
    ("marks", marks),
    ("runs_csv", runs_csv),
    ("meta_csv", meta_csv),
    ("shard_counts", shard_counts),
    ("shard_run", shard_run),
    ("variant", variant),
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
        let first = links.search_within(&limits, |_, _| sudolab::exact_cover::Control::Continue);
        let second = links.search_within(&limits, |_, _| sudolab::exact_cover::Control::Continue);
        assert_eq!(first, second, "a search restores the links");
    }
}

/// A puzzle with one solution and that solution, for the pencil-marks target.
const MARKED: (&str, &str) = (
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
);

/// Pencil marks, as `hint --candidates` takes them: for 4x4 and 9x9 grids; on the 9x9
/// puzzle, marks that keep every cell's true digit go on to the next hint, whose placements
/// and eliminations must all agree with the solution (a deduction from sound marks is sound).
pub fn marks(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(marks) = user::parse_marks(text, 16) {
        assert_eq!(marks.len(), 16);
    }
    let Ok(marks) = user::parse_marks(text, 81) else {
        return;
    };
    assert_eq!(marks.len(), 81);
    let puzzle = Grid::parse(MARKED.0).unwrap();
    let solution = Grid::parse(MARKED.1).unwrap();
    if !user::mark_mistakes(&puzzle, &solution, &marks).is_empty() {
        return;
    }
    let Ok(position) = Position::with_candidates(&puzzle, &marks) else {
        return;
    };
    if let Some(step) = logic::next_step(&position) {
        for &(cell, digit) in &step.placements {
            assert_eq!(solution.get(cell), Some(digit), "{}", step.explanation);
        }
        for &(cell, digit) in &step.eliminations {
            assert_ne!(solution.get(cell), Some(digit), "{}", step.explanation);
        }
    }
}

/// A shard's output as `merge-counts` reads it: what is accepted writes back the same, and
/// sums of it never panic or wrap.
pub fn shard_counts(data: &[u8]) {
    let Ok(counts) = ShardCounts::read(data, "fuzz") else {
        return;
    };
    let again = ShardCounts::read(counts.to_text().as_bytes(), "again").expect("own output");
    assert_eq!(again, counts);
    if let Ok(total) = ShardCounts::sum(&[counts.clone(), again], &["a", "b"]) {
        assert_eq!(total.nodes, counts.nodes * 2);
    }
}

/// A shard of a bench run as `merge` reads it: `meta.csv`, `runs.csv` and `mismatches.csv`
/// (the input split at its first two zero bytes), checked alone and beside its copy as the
/// other shard. Never a panic, a hang or an unbounded allocation, whatever N or the shares
/// claim.
pub fn shard_run(data: &[u8]) {
    let mut parts = data.splitn(3, |&b| b == 0);
    let (meta, runs, mismatches) = (
        parts.next().unwrap_or_default(),
        parts.next().unwrap_or_default(),
        parts.next().unwrap_or_default(),
    );
    let Ok(shard) = ShardRun::from_readers("fuzz", meta, runs, mismatches) else {
        return;
    };
    let _ = merge::check_shards(std::slice::from_ref(&shard));
    let mut other = shard.clone();
    other.name = "copy".into();
    let _ = merge::check_shards(&[shard, other]);
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

/// A variant file (`variant:`, `boxes:`, `regions:` and `cage:` lines, puzzle lines): what
/// is accepted writes back and reads back as the same puzzles; puzzles up to 6x6 are also
/// counted (to 2, within a node budget) by the bitmask engine and by dancing links, whose
/// counts must agree when both finish, and every solution found passes the checker.
pub fn variant(data: &[u8]) {
    let Ok(records) = variant_format::read_records(data, Some("fuzz")) else {
        return;
    };
    let puzzles: Vec<_> = records.iter().map(|record| record.puzzle.clone()).collect();
    let text = variant_format::write(&puzzles);
    let again = variant_format::parse(&text, None).expect("own output reads back");
    assert_eq!(again, puzzles);
    let limits = Limits {
        max_nodes: Some(5_000),
        ..Limits::NONE
    };
    for puzzle in puzzles.iter().filter(|p| p.variant().side() <= 6).take(4) {
        let by_bitmask = sudolab::bitmask::variant::count_variant(puzzle, 2, &limits);
        let by_links = sudolab::exact_cover::variant::count_variant(
            puzzle,
            |problem| problem.dlx(),
            2,
            &limits,
        );
        for solution in by_bitmask.solutions.iter().chain(&by_links.solutions) {
            sudolab::checker::check_variant_solution(puzzle, solution).expect("a solution");
        }
        if by_bitmask.stopped.is_none() && by_links.stopped.is_none() {
            assert_eq!(by_bitmask.count, by_links.count, "{}", puzzle.to_line());
        }
    }
}
