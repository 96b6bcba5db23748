//! The harness on generic exact cover: a Knuth-format file (`.dlx`, or `.dlx.gz`) among a
//! run's corpora is one record, counted completely by every exact-cover engine
//! ([`Engine::ALL`]; with multiplicities, by those that handle them), each timed around its
//! search alone (building excluded) and its mems
//! recorded. The counts are cross-checked against each other and against the count the file
//! states, if it does, in a comment line `| count: N`. A disagreement is a `mismatch` row,
//! a search cut short by `--timeout-ms` or `--max-nodes` a `timeout` row; the run's
//! `--limit`, `--sample` and Sudoku solver list do not apply to these files.

use std::io::BufRead;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::records::{Evaluation, MismatchRow, RowStatus, RunRow};
use crate::error::{Error, Result};
use crate::exact_cover::observe::LevelProfile;
use crate::exact_cover::{Control, Problem};
use crate::registry::Engine;
use crate::solver::{Limits, Stop};

/// Whether `path` names a Knuth-format exact-cover file (by its ending).
pub fn is_exact_cover_file(path: &Path) -> bool {
    let name = path.to_string_lossy();
    let name = name.strip_suffix(".gz").unwrap_or(&name);
    name.ends_with(".dlx")
}

/// The problem in the file and the solution count it states (`| count: N`), if any.
pub fn read_instance(path: &Path) -> Result<(Problem, Option<u128>)> {
    let source = path.display().to_string();
    let problem = Problem::read_dlx_format(crate::input::open_file(path)?, Some(&source))?;
    // Every line is within the reader's bound now, so reading lines again is safe.
    let io = |error| Error::Io {
        path: source.clone(),
        error,
    };
    let mut stated = None;
    for line in crate::input::open_file(path)?.lines() {
        let line = line.map_err(io)?;
        let Some(comment) = line.trim_start().strip_prefix('|') else {
            continue;
        };
        if let Some(rest) = comment.trim().strip_prefix("count:") {
            // The count is the first word after "count:"; a remark may follow.
            let value = rest
                .split_whitespace()
                .next()
                .unwrap_or("")
                .replace(',', "");
            let count = value.parse::<u128>().map_err(|_| Error::BadFile {
                file: source.to_string(),
                message: format!("\"| count: {value}\" is not a solution count"),
            })?;
            stated = Some(count);
        }
    }
    Ok((problem, stated))
}

/// How each engine is run: the run's settings that apply to exact-cover files.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Timings per engine (at least 1); the fastest is kept, the spread recorded.
    pub repeat: u32,
    /// Per-engine deadline.
    pub timeout: Option<Duration>,
    /// Per-engine search-node budget.
    pub max_nodes: Option<u64>,
    /// Record each engine's level profile in a second, untimed search (the engines that
    /// report their search).
    pub profile: bool,
}

/// What one engine did on the file.
struct Timed {
    engine: Engine,
    ns: u64,
    spread_ns: u64,
    solutions: u64,
    nodes: u64,
    guesses: u64,
    mems: Option<u64>,
    stopped: Option<Stop>,
    /// Its level profile, when asked for and reported.
    profile: Option<Vec<u64>>,
    /// The engine's own figures (a memo's hits and memory), for the row's detail.
    details: String,
}

/// Counts the file with every engine and cross-checks the counts. `None` when interrupted
/// (nothing of it is recorded, like a puzzle in flight).
pub(super) fn evaluate(
    path: &Path,
    corpus: &str,
    settings: Settings,
    interrupt: &AtomicBool,
    record_error: &dyn Fn(&Error),
) -> Option<Evaluation> {
    let (problem, stated) = match read_instance(path) {
        Ok(read) => read,
        Err(error) => {
            record_error(&error);
            return Some(Evaluation::error(corpus, 0, 1, error.to_string()));
        }
    };
    let mut timed = Vec::new();
    for engine in Engine::ALL {
        let mut best: Option<Timed> = None;
        let mut slowest = 0;
        for _ in 0..settings.repeat.max(1) {
            let mut searcher = match engine.build(&problem) {
                Ok(searcher) => searcher,
                // An MCC problem an engine refuses (its frames too large): no row.
                Err(_) if problem.has_multiplicities() => break,
                Err(error) => {
                    record_error(&error);
                    return Some(Evaluation::error(corpus, 0, 1, error.to_string()));
                }
            };
            let started = Instant::now();
            let limits = Limits {
                deadline: settings.timeout.map(|t| started + t),
                max_nodes: settings.max_nodes,
                interrupt: Some(interrupt),
                shared: None,
            };
            let stats = searcher.count_within(0, &limits);
            let ns = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
            if stats.stopped == Some(Stop::Interrupted) {
                return None;
            }
            slowest = slowest.max(ns);
            if best.as_ref().is_none_or(|b| ns < b.ns) {
                best = Some(Timed {
                    engine,
                    ns,
                    spread_ns: 0,
                    solutions: stats.solutions,
                    nodes: stats.nodes,
                    guesses: stats.guesses,
                    mems: stats.mems,
                    stopped: stats.stopped,
                    profile: None,
                    details: searcher
                        .details()
                        .iter()
                        .map(|(name, value)| format!("{name} {value}"))
                        .collect::<Vec<_>>()
                        .join("; "),
                });
            }
            if stats.stopped.is_some() {
                break; // a timeout is not worth repeating
            }
        }
        let Some(mut best) = best else {
            continue; // the engine refused the problem (multiplicities, too large)
        };
        best.spread_ns = slowest - best.ns;
        if settings.profile && best.stopped.is_none() {
            best.profile = level_profile(engine, &problem, settings, interrupt);
        }
        timed.push(best);
    }
    Some(cross_check(path, corpus, stated, &timed))
}

/// The rows of one file: each complete count against the stated count, or else against
/// the first engine's complete count.
fn cross_check(path: &Path, corpus: &str, stated: Option<u128>, timed: &[Timed]) -> Evaluation {
    let reference = stated
        .map(|c| (c, "the file's \"| count:\" line"))
        .or_else(|| {
            timed
                .iter()
                .find(|t| t.stopped.is_none())
                .map(|t| (u128::from(t.solutions), t.engine.name()))
        });
    let mut rows = Vec::new();
    let mut mismatches = Vec::new();
    let mut solver_ns = 0u128;
    for t in timed {
        solver_ns += u128::from(t.ns);
        let (status, detail) = match (t.stopped, reference) {
            (Some(stop), _) => (
                RowStatus::Timeout,
                format!("{stop} after {} solutions", t.solutions),
            ),
            (None, Some((expected, source))) if u128::from(t.solutions) != expected => {
                mismatches.push(MismatchRow {
                    corpus: corpus.to_string(),
                    index: 0,
                    line: 1,
                    puzzle: path.display().to_string(),
                    solver: t.engine.name().to_string(),
                    found: t.solutions.to_string(),
                    expected: format!("{expected} ({source})"),
                });
                (
                    RowStatus::Mismatch,
                    format!("{} solutions, {source} says {expected}", t.solutions),
                )
            }
            _ => (RowStatus::Ok, t.details.clone()),
        };
        rows.push(RunRow {
            corpus: corpus.to_string(),
            index: 0,
            line: 1,
            solver: t.engine.name().to_string(),
            ns: t.ns,
            guesses: t.guesses,
            nodes: t.nodes,
            count: t.solutions,
            status,
            detail,
            technique: String::new(),
            rating: None,
            ns_spread: t.spread_ns,
            mems: t.mems,
            assignments: None,
            rating_ep: None,
            rating_ed: None,
        });
    }
    let profiles = timed
        .iter()
        .filter_map(|t| Some((t.engine.name().to_string(), t.profile.clone()?)))
        .collect();
    Evaluation {
        rows,
        mismatches,
        golden: None,
        solver_ns,
        solved: true,
        profiles,
    }
}

/// `engine`'s level profile of a complete count of `problem`, in a search of its own within
/// the run's limits; `None` for an engine that does not report its search, or a search the
/// limits stopped.
fn level_profile(
    engine: Engine,
    problem: &Problem,
    settings: Settings,
    interrupt: &AtomicBool,
) -> Option<Vec<u64>> {
    let mut searcher = engine.build(problem).ok()?;
    searcher.set_mem_counting(false);
    let limits = Limits {
        deadline: settings.timeout.map(|t| Instant::now() + t),
        max_nodes: settings.max_nodes,
        interrupt: Some(interrupt),
        shared: None,
    };
    let mut profile = LevelProfile::default();
    let stats = searcher
        .search_observed(&limits, &mut profile, &mut |_| Control::Continue)
        .ok()?;
    stats.stopped.is_none().then(|| profile.nodes().to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_recognised_by_their_ending() {
        assert!(is_exact_cover_file(Path::new(
            "datasets/exact-cover/q8.dlx"
        )));
        assert!(is_exact_cover_file(Path::new("q8.dlx.gz")));
        assert!(!is_exact_cover_file(Path::new("top1465.gz")));
        assert!(!is_exact_cover_file(Path::new("dlx.txt")));
    }

    fn write(text: &str) -> tempfile_path::Path {
        tempfile_path::Path::with(text)
    }

    mod tempfile_path {
        /// A file in the temporary directory, removed when dropped.
        pub struct Path(pub std::path::PathBuf);
        impl Path {
            pub fn with(text: &str) -> Path {
                use std::sync::atomic::{AtomicU64, Ordering};
                static NEXT: AtomicU64 = AtomicU64::new(0);
                let name = format!(
                    "sudolab-xc-{}-{}.dlx",
                    std::process::id(),
                    NEXT.fetch_add(1, Ordering::Relaxed)
                );
                let path = std::env::temp_dir().join(name);
                std::fs::write(&path, text).unwrap();
                Path(path)
            }
        }
        impl Drop for Path {
            fn drop(&mut self) {
                let _ = std::fs::remove_file(&self.0);
            }
        }
    }

    const SETTINGS: Settings = Settings {
        repeat: 1,
        timeout: None,
        max_nodes: None,
        profile: false,
    };

    #[test]
    fn every_engine_counts_and_a_wrong_stated_count_is_a_mismatch() {
        let knuth = "| count: 1\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
        let file = write(knuth);
        let never = AtomicBool::new(false);
        let evaluation = evaluate(&file.0, "knuth", SETTINGS, &never, &|_| {}).unwrap();
        assert_eq!(evaluation.rows.len(), Engine::ALL.len());
        for row in &evaluation.rows {
            assert_eq!((row.count, row.status), (1, RowStatus::Ok), "{row:?}");
            // Every engine but the memo and the bitboards counts mems; they tell their own
            // figures instead.
            if row.solver == "memo" {
                assert!(row.detail.contains("memo hits"), "{row:?}");
            } else if row.solver == "bits" {
                assert!(row.detail.contains("words per set"), "{row:?}");
            } else {
                assert!(row.mems.is_some_and(|m| m > 0), "{row:?}");
            }
        }
        let wrong = write(&knuth.replace("count: 1", "count: 2"));
        let evaluation = evaluate(&wrong.0, "knuth", SETTINGS, &never, &|_| {}).unwrap();
        assert!(evaluation
            .rows
            .iter()
            .all(|r| r.status == RowStatus::Mismatch));
        assert_eq!(evaluation.mismatches.len(), Engine::ALL.len());
        assert!(evaluation.mismatches[0].expected.contains("count:"));
    }

    #[test]
    fn a_bad_file_is_an_error_row_naming_the_place() {
        let file = write("A B\nA C\n");
        let never = AtomicBool::new(false);
        let evaluation = evaluate(&file.0, "bad", SETTINGS, &never, &|_| {}).unwrap();
        assert_eq!(evaluation.rows[0].status, RowStatus::Error);
        assert!(
            evaluation.rows[0].detail.contains("line 2, column 3"),
            "{}",
            evaluation.rows[0].detail
        );
        let stated = write("| count: many\nA\nA\n");
        let evaluation = evaluate(&stated.0, "bad", SETTINGS, &never, &|_| {}).unwrap();
        assert!(evaluation.rows[0].detail.contains("not a solution count"));
    }
}
