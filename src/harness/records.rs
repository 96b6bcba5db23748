//! The rows a run writes: `runs.csv` (one per puzzle and solver) and `mismatches.csv`.
//!
//! Rows are written as puzzles finish, in corpus order, and the solvers of one puzzle in the
//! run's solver order, so the rows of one puzzle are consecutive. A failure is a row (status
//! `mismatch`, `error` or `timeout`), never an abort.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::input::{open_bounded, BoundedLines, Input, MAX_RUN_FILE_LINE};

/// A CSV reader of a file a run wrote, its lines bounded ([`MAX_RUN_FILE_LINE`]): a file
/// that is not one (`/dev/zero`, random bytes) is an error, never a memory blow-up.
pub fn csv_reader(path: &Path) -> Result<csv::Reader<BoundedLines<Input>>> {
    Ok(csv::Reader::from_reader(open_bounded(
        path,
        MAX_RUN_FILE_LINE,
    )?))
}

/// Reads the header of a `runs.csv` (`name` names it in errors): refused unless it starts
/// with the columns every version of sudolab wrote (corpus ... status). An empty file, or one
/// that is not a run's, is an error here, never an empty run.
pub fn check_runs_header<R: std::io::Read>(reader: &mut csv::Reader<R>, name: &str) -> Result<()> {
    let header = reader.byte_headers().map_err(|error| Error::Csv {
        file: name.to_string(),
        error,
    })?;
    let starts_right = header.len() >= 9
        && header
            .iter()
            .zip(&RUN_HEADER[..9])
            .all(|(found, expected)| found == expected.as_bytes());
    if starts_right {
        return Ok(());
    }
    if header.as_slice().is_empty() {
        return Err(Error::BadFile {
            file: name.to_string(),
            message: "empty (not even its header line): the file was emptied or cut".into(),
        });
    }
    let shown = String::from_utf8_lossy(header.as_slice());
    let shown: String = shown.chars().take(60).collect();
    Err(Error::BadFile {
        file: name.to_string(),
        message: format!(
            "not a runs.csv (its first line is {shown:?}, not {:?}...)",
            RUN_HEADER[..4].join(",")
        ),
    })
}

/// Whether `unreadable` rows, beside `read` good ones, are too many to draw a conclusion
/// from: more than one, and more than 1% of all. (One bad row, a hand edit or a line cut by
/// a full disk, is reported and skipped; more says the file is not what it claims.)
pub fn too_many_unreadable(read: u64, unreadable: u64) -> bool {
    unreadable > 1 && unreadable * 100 > read + unreadable
}

/// How one solver fared on one puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RowStatus {
    /// Answer checked, agrees with the other solvers and the corpus.
    Ok,
    /// A disagreement or an invalid solution (also listed in `mismatches.csv`).
    Mismatch,
    /// The corpus record could not be read (`solver` is `-`).
    Error,
    /// The deadline passed; the count is a lower bound.
    Timeout,
}

/// The header of `runs.csv` (the fields of [`RunRow`], in order).
pub const RUN_HEADER: [&str; 17] = [
    "corpus",
    "index",
    "line",
    "solver",
    "ns",
    "guesses",
    "nodes",
    "count",
    "status",
    "detail",
    "technique",
    "rating",
    "ns_spread",
    "mems",
    "assignments",
    "rating_ep",
    "rating_ed",
];

/// The header of `mismatches.csv` (the fields of [`MismatchRow`], in order).
pub const MISMATCH_HEADER: [&str; 7] = [
    "corpus", "index", "line", "puzzle", "solver", "found", "expected",
];

/// One row of `runs.csv`. Times are nanoseconds around the solver call alone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunRow {
    /// Corpus file name (without directories).
    pub corpus: String,
    /// Record index in the corpus, from 0.
    pub index: u64,
    /// Line of the record in the corpus, from 1.
    pub line: u64,
    /// Solver name, `-` for a record that could not be read.
    pub solver: String,
    /// Wall time of the solver call, nanoseconds.
    pub ns: u64,
    /// Branch alternatives beyond the first.
    pub guesses: u64,
    /// Search-tree nodes.
    pub nodes: u64,
    /// Solutions counted (capped at the limit).
    pub count: u64,
    /// Outcome.
    pub status: RowStatus,
    /// The reason, for any status but `ok`.
    pub detail: String,
    /// With `bench --grade`: the hardest human technique the puzzle needs, or `unsolved` when
    /// the techniques do not solve it; empty otherwise. The same on every row of a puzzle.
    pub technique: String,
    /// With `bench --grade`: that technique's rating (Sudoku Explainer scale); empty when not
    /// graded or not solved by the techniques.
    pub rating: Option<f32>,
    /// With `bench --repeat K`: the slowest of the K timings minus the fastest (`ns`), in
    /// nanoseconds; 0 when timed once (and in runs made before the column existed).
    #[serde(default)]
    pub ns_spread: u64,
    /// Knuth's memory accesses of the search, for engines that count them (the exact-cover
    /// engines on Knuth-format files); empty otherwise (and in runs made before the column
    /// existed).
    #[serde(default)]
    pub mems: Option<u64>,
    /// Values assigned in the search, by propagation and by choice, for solvers that count
    /// them: cells set (bitmask), options chosen (dlx, dc), literals propagated (sat, where
    /// nodes are its decisions + 1 and guesses its conflicts); empty otherwise (and in runs
    /// made before the column existed).
    #[serde(default)]
    pub assignments: Option<u64>,
    /// With `bench --grade`: Sudoku Explainer's EP, the hardest step up to the first
    /// placement; empty when not graded or not solved (and in runs made before the column).
    #[serde(default)]
    pub rating_ep: Option<f32>,
    /// With `bench --grade`: SE's ED, the first step's rating; empty as `rating_ep`.
    #[serde(default)]
    pub rating_ed: Option<f32>,
}

/// One row of `mismatches.csv`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MismatchRow {
    /// Corpus file name.
    pub corpus: String,
    /// Record index, from 0.
    pub index: u64,
    /// Line in the corpus.
    pub line: u64,
    /// The puzzle as given (before any permutation).
    pub puzzle: String,
    /// The solver that disagreed.
    pub solver: String,
    /// What it said.
    pub found: String,
    /// What was expected (another solver's answer, or the corpus's).
    pub expected: String,
}

/// Everything one record produced: its rows, its mismatches, its golden line when every
/// solver agreed, the summed solver time, and whether it could be read at all.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Evaluation {
    pub(super) rows: Vec<RunRow>,
    pub(super) mismatches: Vec<MismatchRow>,
    pub(super) golden: Option<String>,
    pub(super) solver_ns: u128,
    pub(super) solved: bool,
    /// With `--profile`: each solver's (or engine's) level profile on this record.
    pub(super) profiles: Vec<(String, Vec<u64>)>,
}

impl Evaluation {
    /// Grades a puzzle's position onto every row of its evaluation: the hardest technique it
    /// needs and SE's three ratings (ER, EP, ED), `unsolved` (no ratings) when the techniques
    /// do not solve it, `timeout` (no ratings) when grading took longer than `timeout`,
    /// `invalid` when its givens conflict. False, the rows untouched, when `interrupt` stopped
    /// the grading (within milliseconds, even inside a step).
    pub(super) fn set_grade(
        &mut self,
        position: crate::error::Result<crate::logic::Position>,
        timeout: Option<std::time::Duration>,
        interrupt: &'static std::sync::atomic::AtomicBool,
    ) -> bool {
        let (technique, ratings) = match position {
            Err(_) => ("invalid".to_string(), None),
            Ok(position) => {
                let cutoff = crate::logic::Cutoff {
                    deadline: timeout.map(|limit| std::time::Instant::now() + limit),
                    interrupt: Some(interrupt),
                    ..crate::logic::Cutoff::NONE
                };
                let grade =
                    crate::logic::grade_within(&position, &crate::logic::TECHNIQUES, cutoff);
                match grade.stopped {
                    Some(crate::solver::Stop::Interrupted) => return false,
                    Some(_) => ("timeout".into(), None),
                    None => match (grade.solved, grade.hardest) {
                        (false, _) => ("unsolved".into(), None),
                        (true, Some(t)) => (
                            t.name().into(),
                            Some([grade.rating, grade.pearl, grade.diamond]),
                        ),
                        (true, None) => ("none".into(), Some([0.0; 3])),
                    },
                }
            }
        };
        for row in &mut self.rows {
            row.technique = technique.clone();
            if let Some([er, ep, ed]) = ratings {
                (row.rating, row.rating_ep, row.rating_ed) = (Some(er), Some(ep), Some(ed));
            }
        }
        true
    }

    /// A record that could not be read (or a corpus with none): one `error` row naming the
    /// place in `detail`, no solver run.
    pub(super) fn error(corpus: &str, index: u64, line: u64, detail: String) -> Evaluation {
        Evaluation {
            rows: vec![RunRow {
                corpus: corpus.to_string(),
                index,
                line,
                solver: "-".into(),
                ns: 0,
                guesses: 0,
                nodes: 0,
                count: 0,
                status: RowStatus::Error,
                detail,
                technique: String::new(),
                rating: None,
                ns_spread: 0,
                mems: None,
                assignments: None,
                rating_ep: None,
                rating_ed: None,
            }],
            mismatches: Vec::new(),
            golden: None,
            solver_ns: 0,
            solved: false,
            profiles: Vec::new(),
        }
    }
}
