//! Running every solver over corpora: timing, cross-checking, streaming rows to CSV.
//!
//! Flow: each corpus is read as a stream (or a seeded reservoir sample of it) in chunks of
//! [`CHUNK`] records; a chunk's puzzles are solved in parallel (rayon), each solver timed
//! around its call alone, then checked outside the timed region; the chunk's rows are written
//! in corpus order and flushed before the next chunk is read. Memory is one chunk, whatever
//! the corpus length. An interrupt flag (set by the CLI on Ctrl-C) stops the run after the
//! puzzles in flight; what finished is kept.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

pub use super::output::AtomicFile;
use super::output::Outputs;
use super::records::{MismatchRow, RowStatus, RunRow};
use crate::checker::check_solution;
use crate::corpus::{CorpusReader, ExpectedCount, Record};
use crate::error::{Error, Result};
use crate::random::Random;
use crate::solver::{Outcome, Solver};
use crate::symmetry::Symmetry;

/// The most worker threads a run accepts (more only costs memory and start-up time).
pub const MAX_THREADS: usize = 1024;

/// Records solved in parallel between two flushes of the output.
pub const CHUNK: usize = 256;

/// What a run does.
#[derive(Debug, Clone)]
pub struct BenchConfig {
    /// Corpus files, in order.
    pub corpora: Vec<PathBuf>,
    /// Solver names, in order; the first is the baseline of the ratios.
    pub solvers: Vec<String>,
    /// Solution limit per puzzle (0 = count all).
    pub limit: u64,
    /// Worker threads (0 = all cores).
    pub threads: usize,
    /// Solve a seeded random sample of this many puzzles per corpus.
    pub sample: Option<usize>,
    /// Seed for sampling and permutations.
    pub seed: u64,
    /// Puzzles of the first corpus solved untimed by every solver before timing starts.
    pub warmup: usize,
    /// Apply a random symmetry to each puzzle before solving.
    pub permute: bool,
    /// Per-puzzle, per-solver deadline.
    pub timeout: Option<Duration>,
    /// Where `runs.csv` and `mismatches.csv` go (`None`: check only, no files).
    pub out: Option<PathBuf>,
    /// Write `puzzle:count:solution` lines here.
    pub golden: Option<PathBuf>,
    /// Grade each puzzle with the human techniques (outside the timed region) and record the
    /// hardest technique and its rating on its rows.
    pub grade: bool,
}

/// What happened in a run.
#[derive(Debug, Clone, Default)]
pub struct RunOutcome {
    /// Puzzles solved by every solver.
    pub puzzles: u64,
    /// Rows written.
    pub rows: u64,
    /// Rows with status mismatch.
    pub mismatches: u64,
    /// Records that could not be read.
    pub errors: u64,
    /// Rows with status timeout.
    pub timeouts: u64,
    /// Stopped by the interrupt flag.
    pub interrupted: bool,
    /// Wall time of the whole run (after warm-up).
    pub wall: Duration,
    /// Sum of the timed solver calls, nanoseconds.
    pub solver_ns: u128,
}

/// Callbacks for progress and problems; the library itself never prints.
pub trait Observer: Sync {
    /// Whether [`Observer::corpus_started`] needs the corpus's record count (counting costs a
    /// second pass over the file, so it is done only for an observer that shows it).
    fn wants_total(&self) -> bool {
        false
    }
    /// A corpus starts; `total` is its number of records when known (and wanted).
    fn corpus_started(&self, _name: &str, _total: Option<u64>) {}
    /// `n` more records done.
    fn advanced(&self, _n: u64) {}
    /// A record could not be read.
    fn record_error(&self, _error: &Error) {}
    /// A solver disagreed.
    fn mismatch(&self, _row: &MismatchRow) {}
}

/// An observer that ignores everything.
pub struct Silent;
impl Observer for Silent {}

/// The rows of one record.
pub(super) struct Evaluation {
    pub(super) rows: Vec<RunRow>,
    pub(super) mismatches: Vec<MismatchRow>,
    pub(super) golden: Option<String>,
    solver_ns: u128,
    solved: bool,
}

/// The context shared by the parallel workers.
struct Bench<'a> {
    config: &'a BenchConfig,
    solvers: Vec<Box<dyn Solver>>,
    interrupt: &'a AtomicBool,
    observer: &'a dyn Observer,
}

/// Runs the bench. `interrupt` stops it early (rows finished so far are kept).
pub fn run(
    config: &BenchConfig,
    interrupt: Arc<AtomicBool>,
    observer: &dyn Observer,
) -> Result<RunOutcome> {
    let mut solvers = Vec::new();
    for name in &config.solvers {
        let solver = crate::solver::by_name(name).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "unknown solver {name:?}; registered: {}",
                crate::solver::names().join(", ")
            ))
        })?;
        solvers.push(solver);
    }
    if solvers.is_empty() {
        return Err(Error::InvalidArgument("no solver to run".into()));
    }
    if config.threads > MAX_THREADS {
        return Err(Error::InvalidArgument(format!(
            "--threads {}: at most {MAX_THREADS} worker threads",
            config.threads
        )));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|e| Error::InvalidArgument(format!("cannot start worker threads: {e}")))?;
    let bench = Bench {
        config,
        solvers,
        interrupt: &interrupt,
        observer,
    };
    let mut outputs = Outputs::open(config)?;
    let mut outcome = RunOutcome::default();
    let mut warmed = config.warmup == 0;
    let started = Instant::now();
    for path in &config.corpora {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.display().to_string());
        let reader = CorpusReader::from_path(path)?;
        let total = match config.sample {
            Some(n) => Some(n as u64),
            None if observer.wants_total() => count_records(path),
            None => None,
        };
        observer.corpus_started(&name, total);
        let records: Box<dyn Iterator<Item = Result<Record>>> = match config.sample {
            Some(n) => Box::new(
                sample(
                    reader,
                    n,
                    config.seed,
                    &name,
                    &bench,
                    &mut outputs,
                    &mut outcome,
                )?
                .into_iter()
                .map(Ok),
            ),
            None => Box::new(reader),
        };
        let mut chunk: Vec<Result<Record>> = Vec::with_capacity(CHUNK);
        let mut records = records.peekable();
        while records.peek().is_some() && !interrupt.load(Ordering::Relaxed) {
            chunk.clear();
            chunk.extend(records.by_ref().take(CHUNK));
            if !warmed {
                bench.warm_up(&chunk);
                warmed = true;
            }
            let evaluations: Vec<Option<Evaluation>> = pool.install(|| {
                chunk
                    .par_iter()
                    .map(|record| bench.evaluate(&name, record))
                    .collect()
            });
            let done = evaluations.iter().filter(|e| e.is_some()).count();
            for evaluation in evaluations.into_iter().flatten() {
                outputs.write(&evaluation)?;
                outcome.rows += evaluation.rows.len() as u64;
                outcome.puzzles += u64::from(evaluation.solved);
                outcome.errors += u64::from(!evaluation.solved);
                outcome.solver_ns += evaluation.solver_ns;
                for row in &evaluation.rows {
                    outcome.mismatches += u64::from(row.status == RowStatus::Mismatch);
                    outcome.timeouts += u64::from(row.status == RowStatus::Timeout);
                }
            }
            outputs.flush()?;
            observer.advanced(done as u64);
        }
        if interrupt.load(Ordering::Relaxed) {
            break;
        }
    }
    outcome.interrupted = interrupt.load(Ordering::Relaxed);
    outcome.wall = started.elapsed();
    outputs.commit()?;
    Ok(outcome)
}

/// Number of non-blank, non-comment lines of a file (for the progress bar), or `None`.
fn count_records(path: &Path) -> Option<u64> {
    use std::io::BufRead;
    let file = File::open(path).ok()?;
    let mut count = 0;
    for line in std::io::BufReader::new(file).lines() {
        let line = line.ok()?;
        let line = line.trim();
        if !line.is_empty() && !line.starts_with('#') {
            count += 1;
        }
    }
    Some(count)
}

/// A seeded reservoir sample of `n` readable records, in corpus order. Unreadable records
/// are still reported (as error rows), since they are a property of the corpus.
fn sample(
    reader: impl Iterator<Item = Result<Record>>,
    n: usize,
    seed: u64,
    name: &str,
    bench: &Bench,
    outputs: &mut Outputs,
    outcome: &mut RunOutcome,
) -> Result<Vec<Record>> {
    let mut random = Random::new(seed);
    let mut kept: Vec<Record> = Vec::with_capacity(n);
    let mut seen = 0u64;
    for record in reader {
        match record {
            Ok(record) => {
                seen += 1;
                if kept.len() < n {
                    kept.push(record);
                } else {
                    let slot = random.below(seen) as usize;
                    if slot < n {
                        kept[slot] = record;
                    }
                }
            }
            Err(error) => {
                if let Some(evaluation) = bench.evaluate(name, &Err(error)) {
                    outputs.write(&evaluation)?;
                    outcome.rows += 1;
                    outcome.errors += 1;
                }
            }
        }
    }
    kept.sort_by_key(|r| r.index);
    Ok(kept)
}

impl Bench<'_> {
    fn warm_up(&self, chunk: &[Result<Record>]) {
        for record in chunk.iter().flatten().take(self.config.warmup) {
            for solver in &self.solvers {
                let _ = solver.count(&record.puzzle, self.config.limit);
            }
        }
    }

    /// Solves one record with every solver and checks the answers; `None` if interrupted
    /// before it started.
    fn evaluate(&self, corpus: &str, record: &Result<Record>) -> Option<Evaluation> {
        if self.interrupt.load(Ordering::Relaxed) {
            return None;
        }
        let record = match record {
            Ok(record) => record,
            Err(error) => {
                self.observer.record_error(error);
                let (index, line) = match error {
                    Error::Parse { location, .. } => (0, location.line.unwrap_or(0)),
                    _ => (0, 0),
                };
                return Some(Evaluation {
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
                        detail: error.to_string(),
                        technique: String::new(),
                        rating: None,
                    }],
                    mismatches: Vec::new(),
                    golden: None,
                    solver_ns: 0,
                    solved: false,
                });
            }
        };
        let config = self.config;
        let symmetry = config.permute.then(|| {
            let mut random = Random::for_item(config.seed, record.index);
            Symmetry::random(record.puzzle.box_side(), &mut random)
        });
        let puzzle = match &symmetry {
            Some(symmetry) => symmetry.apply(&record.puzzle),
            None => record.puzzle.clone(),
        };
        // Vary the order the solvers run in, so none is favoured by a warm cache.
        let n = self.solvers.len();
        let mut results: Vec<Option<(Outcome, u64)>> = vec![None; n];
        for k in 0..n {
            let s = (record.index as usize + k) % n;
            let start = Instant::now();
            let deadline = config.timeout.map(|t| start + t);
            let outcome = self.solvers[s].count_until(&puzzle, config.limit, deadline);
            let ns = start.elapsed().as_nanos() as u64;
            results[s] = Some((outcome, ns));
        }
        let mut results: Vec<(Outcome, u64)> = results
            .into_iter()
            .map(|r| r.expect("every solver ran"))
            .collect();
        if let Some(symmetry) = &symmetry {
            for (outcome, _) in &mut results {
                for solution in &mut outcome.solutions {
                    *solution = symmetry.invert(solution);
                }
            }
        }
        let mut evaluation = self.cross_check(corpus, record, results);
        if config.grade {
            let (technique, rating) = grade_of(&record.puzzle);
            for row in &mut evaluation.rows {
                row.technique = technique.clone();
                row.rating = rating;
            }
        }
        Some(evaluation)
    }

    /// Compares the answers with the checker, each other and the corpus.
    fn cross_check(
        &self,
        corpus: &str,
        record: &Record,
        results: Vec<(Outcome, u64)>,
    ) -> Evaluation {
        let limit = self.config.limit;
        let names: Vec<&str> = self.solvers.iter().map(|s| s.info().name).collect();
        let mut problems: Vec<Vec<(String, String)>> = vec![Vec::new(); results.len()];
        let finished: Vec<usize> = (0..results.len())
            .filter(|&i| !results[i].0.timed_out)
            .collect();
        for &i in &finished {
            let outcome = &results[i].0;
            for solution in &outcome.solutions {
                if let Err(fault) = check_solution(&record.puzzle, solution) {
                    problems[i].push((
                        format!("invalid solution {solution}: {fault}"),
                        "a valid solution".into(),
                    ));
                }
            }
            if let Some(expected) = record.expected_count {
                if !expected.agrees_with(outcome.count, limit) {
                    problems[i].push((
                        count_text(outcome.count, limit),
                        format!("{expected} (corpus)"),
                    ));
                }
            }
            if let (Some(stated), Some(found), 1) = (
                &record.expected_solution,
                outcome.solutions.first(),
                outcome.count,
            ) {
                if stated != found {
                    problems[i].push((
                        format!("solution {found}"),
                        format!("solution {stated} (corpus)"),
                    ));
                }
            }
        }
        // Every finished solver against the first finished one.
        if let Some(&reference) = finished.first() {
            let (reference_outcome, _) = &results[reference];
            for &i in &finished[1..] {
                let outcome = &results[i].0;
                if outcome.count != reference_outcome.count {
                    let found = count_text(outcome.count, limit);
                    let expected = format!(
                        "{} ({})",
                        count_text(reference_outcome.count, limit),
                        names[reference]
                    );
                    problems[i].push((found.clone(), expected));
                    problems[reference].push((
                        count_text(reference_outcome.count, limit),
                        format!("{found} ({})", names[i]),
                    ));
                } else if outcome.count == 1
                    && outcome.solutions.first() != reference_outcome.solutions.first()
                {
                    problems[i].push((
                        "a different solution".into(),
                        format!("the solution of {}", names[reference]),
                    ));
                }
            }
        }
        let mut rows = Vec::with_capacity(results.len());
        let mut mismatches = Vec::new();
        let mut solver_ns = 0;
        for (i, (outcome, ns)) in results.iter().enumerate() {
            solver_ns += *ns as u128;
            let status = if outcome.timed_out {
                RowStatus::Timeout
            } else if problems[i].is_empty() {
                RowStatus::Ok
            } else {
                RowStatus::Mismatch
            };
            for (found, expected) in &problems[i] {
                let row = MismatchRow {
                    corpus: corpus.to_string(),
                    index: record.index,
                    line: record.line,
                    puzzle: record.puzzle.to_line(),
                    solver: names[i].to_string(),
                    found: found.clone(),
                    expected: expected.clone(),
                };
                self.observer.mismatch(&row);
                mismatches.push(row);
            }
            rows.push(RunRow {
                corpus: corpus.to_string(),
                index: record.index,
                line: record.line,
                solver: names[i].to_string(),
                ns: *ns,
                guesses: outcome.stats.guesses,
                nodes: outcome.stats.nodes,
                count: outcome.count,
                status,
                technique: String::new(),
                rating: None,
                detail: match status {
                    RowStatus::Timeout => {
                        format!("deadline passed after {} solutions", outcome.count)
                    }
                    _ => problems[i]
                        .iter()
                        .map(|(f, e)| format!("found {f}, expected {e}"))
                        .collect::<Vec<_>>()
                        .join("; "),
                },
            });
        }
        let all_agree = mismatches.is_empty() && !results.iter().any(|(o, _)| o.timed_out);
        let golden = all_agree.then(|| {
            let (outcome, _) = &results[0];
            let count = count_text(outcome.count, limit);
            match (outcome.count, outcome.solutions.first()) {
                (1, Some(solution)) => format!("{}:{count}:{solution}", record.puzzle),
                _ => format!("{}:{count}", record.puzzle),
            }
        });
        Evaluation {
            rows,
            mismatches,
            golden,
            solver_ns,
            solved: true,
        }
    }
}

/// The hardest technique a puzzle needs and its rating, `unsolved` (no rating) when the
/// techniques do not solve it, `invalid` when its givens conflict.
fn grade_of(puzzle: &crate::grid::Grid) -> (String, Option<f32>) {
    match crate::logic::Position::from_grid(puzzle) {
        Err(_) => ("invalid".into(), None),
        Ok(position) => {
            let grade = crate::logic::grade(&position);
            match (grade.solved, grade.hardest) {
                (false, _) => ("unsolved".into(), None),
                (true, Some(t)) => (t.name().into(), Some(grade.rating)),
                (true, None) => ("none".into(), Some(0.0)),
            }
        }
    }
}

/// A count as text: `N+` when it reached the limit.
fn count_text(count: u64, limit: u64) -> String {
    if limit != 0 && count >= limit {
        ExpectedCount::AtLeast(count).to_string()
    } else {
        ExpectedCount::Exactly(count).to_string()
    }
}
