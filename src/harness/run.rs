//! Running every solver over corpora: timing, cross-checking, streaming rows to CSV.
//!
//! Flow: each corpus is read as a stream (or a seeded reservoir sample of it) in chunks of
//! [`CHUNK`] records; a chunk's puzzles are solved in parallel (rayon), each solver timed
//! around its call alone, then checked outside the timed region (the `cross_check` module);
//! the chunk's rows are written in corpus order and flushed before the next chunk is read.
//! Memory is one chunk, whatever the corpus length. An interrupt flag (set by the CLI on
//! Ctrl-C) reaches every solver through its [`Limits`]: the puzzles in flight stop within a
//! millisecond, are not recorded, and what finished before is kept.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::config::{corpus_names, BenchConfig, CorpusSpec, Observer, RunOutcome};
use super::cross_check::{cross_check, Answer};
use super::exact_cover::{self, is_exact_cover_file};
use super::output::Outputs;
use super::records::Evaluation;
use super::variant;
use crate::corpus::{CorpusReader, Record};
use crate::error::{Error, Result};
use crate::grid::Grid;
use crate::random::Random;
use crate::registry;
use crate::search_trace::NodeProfile;
use crate::solver::{Limits, Outcome, Solver, Stop};
use crate::transform::Transform;

/// The most worker threads a run accepts (more only costs memory and start-up time).
pub const MAX_THREADS: usize = 1024;

pub use super::config::CHUNK;

/// Records a solver solves back to back before their answers are checked (see
/// `Bench::evaluate_batch`); a chunk is split in batches over the worker threads.
pub const BATCH: usize = 32;

/// A batch is cut short once its first solver has spent this long on it: slow puzzles are
/// checked, written and interruptible record by record, as before batching.
pub const BATCH_TIME: Duration = Duration::from_millis(20);

/// The longest warm-up, whatever `warmup` asks: warm-up is for caches and clock speed, and
/// must not turn a run with hard puzzles into a long wait before the first row.
pub const MAX_WARMUP: Duration = Duration::from_secs(2);

/// The context shared by the parallel workers.
struct Bench<'a> {
    config: &'a BenchConfig,
    solvers: Vec<Box<dyn Solver>>,
    interrupt: &'static AtomicBool,
    observer: &'a dyn Observer,
}

/// Runs the bench, writing `runs.csv` and `mismatches.csv` into `directory` (none: check
/// only, no files; a run directory's [`staging`](super::RunDirectory::staging) place for a
/// bench). `interrupt` stops it early (rows finished so far are kept), the solvers and the
/// grading under way too (a process-wide flag: solving by logic asks it from anywhere, see
/// [`crate::logic::Cutoff`]).
pub fn run(
    config: &BenchConfig,
    directory: Option<&Path>,
    interrupt: &'static AtomicBool,
    observer: &dyn Observer,
) -> Result<RunOutcome> {
    let solvers = solvers_of(config)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()?;
    let bench = Bench {
        config,
        solvers,
        interrupt,
        observer,
    };
    let mut outputs = Outputs::open(directory, config.golden.as_deref(), config.profile)?;
    let mut outcome = RunOutcome::default();
    let mut warmed = config.warmup == 0;
    let started = Instant::now();
    let paths: Vec<PathBuf> = config.corpora.iter().map(|c| c.path.clone()).collect();
    // Puzzle corpora first, exact-cover files after them: the first solver seen in the rows
    // stays the run's baseline.
    let mut order: Vec<(&CorpusSpec, String)> =
        config.corpora.iter().zip(corpus_names(&paths)).collect();
    order.sort_by_key(|(spec, _)| is_exact_cover_file(&spec.path));
    for (spec, name) in order {
        if interrupt.load(Ordering::Relaxed) {
            break;
        }
        outcome.share(&name);
        if is_exact_cover_file(&spec.path) {
            bench.exact_cover_file(spec, &name, &mut outputs, &mut outcome)?;
        } else if variant::is_variant_file(&spec.path) {
            let context = variant::Context {
                config,
                solvers: &bench.solvers,
                interrupt,
                observer,
            };
            variant::corpus(&context, spec, &name, &pool, &mut outputs, &mut outcome)?;
        } else {
            bench.corpus(spec, &name, &pool, &mut warmed, &mut outputs, &mut outcome)?;
        }
    }
    outcome.interrupted = interrupt.load(Ordering::Relaxed);
    outcome.wall = started.elapsed();
    outputs.commit()?;
    Ok(outcome)
}

/// The solvers a run names, after checking everything else it asks for (limits, threads,
/// samples, every corpus a readable file): an error here comes before any output is touched.
fn solvers_of(config: &BenchConfig) -> Result<Vec<Box<dyn Solver>>> {
    let solvers = config
        .solvers
        .iter()
        .map(|name| registry::find(name))
        .collect::<Result<Vec<_>>>()?;
    validate(config, &solvers)?;
    Ok(solvers)
}

/// Checks a run's configuration as [`run`] does first (solver names, limits, threads,
/// samples, corpus files), so a caller can refuse it before it touches any output.
pub fn check_config(config: &BenchConfig) -> Result<()> {
    solvers_of(config).map(|_| ())
}

fn validate(config: &BenchConfig, solvers: &[Box<dyn Solver>]) -> Result<()> {
    let fail = |message: String| Err(Error::InvalidArgument(message));
    if solvers.is_empty() {
        return fail("no solver to run".into());
    }
    if config.threads > MAX_THREADS {
        return fail(format!(
            "--threads {}: at most {MAX_THREADS} worker threads",
            config.threads
        ));
    }
    if config.corpora.iter().any(|c| c.sample == Some(0)) {
        return fail("--sample 0: a sample needs at least one puzzle".into());
    }
    if config.timeout == Some(Duration::ZERO) {
        return fail("--timeout-ms 0: a timeout must be at least 1 ms".into());
    }
    if config.max_nodes == Some(0) {
        return fail("--max-nodes 0: the budget must be at least one node".into());
    }
    for corpus in &config.corpora {
        let path = &corpus.path;
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => {
                return fail(format!(
                    "{}: is a directory; name the corpus files inside it",
                    path.display()
                ))
            }
            Ok(_) => {}
            Err(error) => {
                return Err(Error::Io {
                    path: path.display().to_string(),
                    error,
                })
            }
        }
    }
    Ok(())
}

/// A record of a corpus, or why it could not be read, with its position in the corpus (from
/// 0, bad records counted too): the `index` of its rows.
type Numbered = (u64, Result<Record>);

/// The records of a chunked stream, [`CHUNK`] at a time.
fn chunks(
    records: Box<dyn Iterator<Item = Numbered> + '_>,
) -> impl Iterator<Item = Vec<Numbered>> + '_ {
    let mut records = records.peekable();
    std::iter::from_fn(move || {
        records.peek()?;
        Some(records.by_ref().take(CHUNK).collect())
    })
}

/// Number of non-blank, non-comment lines of a file (for the progress bar), or `None`.
fn count_records(path: &Path) -> Option<u64> {
    use std::io::BufRead;
    let reader = crate::input::open_file(path).ok()?;
    let mut count = 0;
    for line in reader.lines() {
        let line = line.ok()?;
        let line = line.trim();
        if !line.is_empty() && !line.starts_with('#') {
            count += 1;
        }
    }
    Some(count)
}

impl Bench<'_> {
    /// An exact-cover file: one record, counted by every engine (by shard 1 of a sharded run).
    fn exact_cover_file(
        &self,
        spec: &CorpusSpec,
        name: &str,
        outputs: &mut Outputs,
        outcome: &mut RunOutcome,
    ) -> Result<()> {
        self.observer.corpus_started(name, Some(1));
        if self.config.shard.owns(0) {
            outcome.share(name).add(0);
            let settings = exact_cover::Settings {
                repeat: self.config.repeat,
                timeout: self.config.timeout,
                max_nodes: self.config.max_nodes,
                profile: self.config.profile,
            };
            let observer = self.observer;
            let evaluation =
                exact_cover::evaluate(&spec.path, name, settings, self.interrupt, &|error| {
                    observer.record_error(error)
                });
            if let Some(evaluation) = evaluation {
                evaluation
                    .mismatches
                    .iter()
                    .for_each(|m| observer.mismatch(m));
                outputs.write(&evaluation)?;
                outcome.add(&evaluation);
                outputs.flush()?;
            }
        }
        self.observer.advanced(1);
        Ok(())
    }

    /// A puzzle corpus, chunk by chunk: each chunk solved in parallel on `pool`, its rows
    /// written and flushed before the next is read.
    fn corpus(
        &self,
        spec: &CorpusSpec,
        name: &str,
        pool: &rayon::ThreadPool,
        warmed: &mut bool,
        outputs: &mut Outputs,
        outcome: &mut RunOutcome,
    ) -> Result<()> {
        let total = match spec.sample {
            Some(n) => Some(n as u64),
            None if self.observer.wants_total() => count_records(&spec.path),
            None => None,
        };
        self.observer.corpus_started(name, total);
        let records = self.records(spec, name, outputs, outcome)?;
        let mut any = false;
        for chunk in chunks(records) {
            any = true;
            if !*warmed {
                self.warm_up(&chunk);
                *warmed = true;
            }
            if self.interrupt.load(Ordering::Relaxed) {
                break;
            }
            for (position, _) in &chunk {
                outcome.share(name).add(*position);
            }
            let evaluations: Vec<Option<Evaluation>> = pool.install(|| {
                chunk
                    .par_chunks(BATCH)
                    .flat_map_iter(|batch| self.evaluate_batch(name, batch))
                    .collect()
            });
            let done = evaluations.iter().filter(|e| e.is_some()).count();
            for evaluation in evaluations.into_iter().flatten() {
                outputs.write(&evaluation)?;
                outcome.add(&evaluation);
            }
            outputs.flush()?;
            self.observer.advanced(done as u64);
        }
        if !any && spec.sample.is_none() && self.config.shard.owns(0) {
            outcome.share(name).add(0);
            let empty = Evaluation::error(name, 0, 0, "no puzzle found in this corpus".into());
            outputs.write(&empty)?;
            outcome.add(&empty);
        }
        Ok(())
    }

    /// The records of a corpus with their positions: a stream, or a seeded sample (whose
    /// unreadable records are written as error rows right away, since they are a property of
    /// the corpus).
    fn records(
        &self,
        spec: &CorpusSpec,
        name: &str,
        outputs: &mut Outputs,
        outcome: &mut RunOutcome,
    ) -> Result<Box<dyn Iterator<Item = Numbered> + 'static>> {
        let reader = CorpusReader::from_path(&spec.path)?;
        let shard = self.config.shard;
        let Some(n) = spec.sample else {
            // Every record counts a position, bad ones too, so shards split the file the same
            // way whatever it holds.
            let mine = reader
                .enumerate()
                .filter(move |(position, _)| shard.owns(*position))
                .map(|(position, record)| (position as u64, record));
            return Ok(Box::new(mine));
        };
        let mut random = Random::new(self.config.seed);
        let mut kept: Vec<Record> = Vec::with_capacity(n.min(1 << 20));
        let mut seen = 0u64;
        let mut any = false;
        for (position, record) in reader.enumerate() {
            any = true;
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
                    if !shard.owns(position) {
                        continue;
                    }
                    outcome.share(name).add(position as u64);
                    if let Some(evaluation) = self.evaluate(name, (position as u64, Err(error))) {
                        outputs.write(&evaluation)?;
                        outcome.add(&evaluation);
                    }
                }
            }
        }
        if !any && shard.owns(0) {
            outcome.share(name).add(0);
            let empty = Evaluation::error(name, 0, 0, "no puzzle found in this corpus".into());
            outputs.write(&empty)?;
            outcome.add(&empty);
        }
        kept.sort_by_key(|r| r.index);
        kept.retain(|r| shard.owns(r.index as usize));
        Ok(Box::new(kept.into_iter().map(|r| (r.index, Ok(r)))))
    }

    fn limits(&self, start: Instant) -> Limits<'_> {
        Limits {
            deadline: self.config.timeout.map(|t| start + t),
            max_nodes: self.config.max_nodes,
            interrupt: Some(self.interrupt),
            shared: None,
        }
    }

    /// Solves copies of the first puzzles untimed, within the run's limits and [`MAX_WARMUP`]
    /// in all. Each copy is the puzzle under a random symmetry ([`warm_up_copy`]): a different
    /// grid of the same difficulty, so caches, clock speed and the branch predictors are warm,
    /// but no solver has seen a puzzle it is then timed on (published peers are timed cold).
    fn warm_up(&self, chunk: &[Numbered]) {
        let started = Instant::now();
        let records = chunk.iter().filter_map(|(_, r)| r.as_ref().ok());
        for record in records.take(self.config.warmup) {
            let copy = warm_up_copy(&record.puzzle, &self.prepare(record).puzzle, record.index);
            for solver in &self.solvers {
                let now = Instant::now();
                if now >= started + MAX_WARMUP || self.interrupt.load(Ordering::Relaxed) {
                    return;
                }
                let mut limits = self.limits(now);
                let cap = started + MAX_WARMUP;
                limits.deadline = Some(limits.deadline.map_or(cap, |d| d.min(cap)));
                let _ = solver.count_within(&copy, self.config.limit, &limits);
            }
        }
    }

    /// Solves one record with every solver and checks the answers; `None` if interrupted
    /// before it finished.
    fn evaluate(&self, corpus: &str, record: Numbered) -> Option<Evaluation> {
        let batch = [record];
        self.evaluate_batch(corpus, &batch).pop().flatten()
    }

    /// Solves a batch of records with every solver and checks the answers: one evaluation a
    /// record, `None` for those the interrupt stopped. Each solver solves a run of the
    /// batch's records back to back, the solvers in an order that rotates with the run's
    /// first record (so none is favoured by a warm cache), and the answers are checked
    /// after: the timed calls follow one another as the published solvers time
    /// themselves (`../shared/peers`), without the checking and the bookkeeping between
    /// them evicting the solver's code and tables (in callgrind's cache model, the band
    /// engine's instruction-cache misses on serg fell from 167 to 12 a puzzle). A run ends
    /// after [`BATCH_TIME`] of its first solver, so slow puzzles are checked and written as
    /// they come.
    fn evaluate_batch(&self, corpus: &str, batch: &[Numbered]) -> Vec<Option<Evaluation>> {
        let mut evaluations = Vec::with_capacity(batch.len());
        let mut start = 0;
        while start < batch.len() {
            let end = self.evaluate_run(corpus, &batch[start..], &mut evaluations);
            start += end;
        }
        evaluations
    }

    /// [`Bench::evaluate_batch`] for the longest run at the start of `records` that the
    /// first solver finishes within [`BATCH_TIME`] (one record at least); appends its
    /// evaluations and returns how many records it took.
    fn evaluate_run(
        &self,
        corpus: &str,
        records: &[Numbered],
        evaluations: &mut Vec<Option<Evaluation>>,
    ) -> usize {
        let n = self.solvers.len();
        let rotation = records
            .first()
            .map_or(0, |(position, _)| *position as usize);
        let mut prepared: Vec<Option<Prepared>> = Vec::new();
        let mut answers: Vec<Vec<Option<Answer>>> = Vec::new();
        let mut stopped: Vec<bool> = Vec::new();
        let started = Instant::now();
        for k in 0..n {
            let s = (rotation + k) % n;
            for r in 0..records.len() {
                if k == 0 {
                    // The first solver decides how long the run is.
                    if r > 0 && started.elapsed() >= BATCH_TIME {
                        break;
                    }
                    prepared.push(
                        records[r]
                            .1
                            .as_ref()
                            .ok()
                            .map(|record| self.prepare(record)),
                    );
                    answers.push((0..n).map(|_| None).collect());
                    stopped.push(false);
                } else if r >= prepared.len() {
                    break;
                }
                let Some(puzzle) = &prepared[r] else { continue };
                if stopped[r] || self.interrupt.load(Ordering::Relaxed) {
                    stopped[r] = true;
                    continue;
                }
                if !self.solvers[s].supports(&puzzle.puzzle) {
                    continue;
                }
                match self.answer(s, puzzle) {
                    Some(answer) => answers[r][s] = Some(answer),
                    None => stopped[r] = true,
                }
            }
        }
        let taken = prepared.len();
        for (((position, record), answers), stopped) in records.iter().zip(answers).zip(stopped) {
            evaluations.push(match record {
                Err(error) => {
                    self.observer.record_error(error);
                    let line = match error {
                        Error::Parse { location, .. } => location.line.unwrap_or(0),
                        _ => 0,
                    };
                    Some(Evaluation::error(
                        corpus,
                        *position,
                        line,
                        error.to_string(),
                    ))
                }
                Ok(_) if stopped => None,
                Ok(record) => {
                    let answers = answers.into_iter().flatten().collect();
                    self.check(corpus, record, answers)
                }
            });
        }
        taken
    }

    /// One record's answers checked (across solvers, against the stated answers) and
    /// graded when asked; `None` when the interrupt stopped its grading.
    fn check(&self, corpus: &str, record: &Record, answers: Vec<Answer<'_>>) -> Option<Evaluation> {
        let verdicts = cross_check(corpus, record, &answers, self.config.limit);
        for mismatch in &verdicts.mismatches {
            self.observer.mismatch(mismatch);
        }
        let profiles = answers
            .iter()
            .filter_map(|a| Some((a.solver.to_string(), a.profile.clone()?)))
            .collect();
        let mut evaluation = Evaluation {
            rows: verdicts.rows,
            mismatches: verdicts.mismatches,
            golden: verdicts.golden,
            solver_ns: answers.iter().map(|a| a.ns as u128).sum(),
            solved: true,
            profiles,
        };
        if self.config.grade {
            let position = crate::logic::Position::from_grid(&record.puzzle);
            if !evaluation.set_grade(position, self.config.grade_timeout, self.interrupt) {
                return None;
            }
        }
        Some(evaluation)
    }

    /// Solver `s` on `puzzle`, timed `repeat` times: the first outcome, the fastest time and
    /// the spread (slowest minus fastest). `None` when the interrupt stopped it.
    fn timed(&self, s: usize, puzzle: &Grid) -> Option<(Outcome, u64, u64)> {
        let solver = &self.solvers[s];
        let mut first: Option<Outcome> = None;
        let (mut fastest, mut slowest) = (u64::MAX, 0u64);
        for _ in 0..self.config.repeat.max(1) {
            let start = Instant::now();
            let outcome = solver.count_within(puzzle, self.config.limit, &self.limits(start));
            let ns = start.elapsed().as_nanos() as u64;
            if outcome.stopped == Some(Stop::Interrupted) {
                return None;
            }
            fastest = fastest.min(ns);
            slowest = slowest.max(ns);
            let stopped = outcome.stopped.is_some();
            first.get_or_insert(outcome);
            if stopped {
                break; // a limit hit once is hit every time: no point repeating it
            }
        }
        Some((first.expect("at least one run"), fastest, slowest - fastest))
    }

    /// The puzzle the solvers get for a record: permuted with `permute` (the answers are
    /// mapped back).
    fn prepare(&self, record: &Record) -> Prepared {
        let config = self.config;
        let transform = config.permute.then(|| {
            let mut random = Random::for_item(config.seed, record.index);
            Transform::random(record.puzzle.box_side(), &mut random)
        });
        let puzzle = match &transform {
            Some(transform) => transform.apply(&record.puzzle),
            None => record.puzzle.clone(),
        };
        Prepared { puzzle, transform }
    }

    /// Solver `s`'s answer to a prepared puzzle, timed, solutions mapped back; `None` when
    /// the interrupt stopped it.
    fn answer(&self, s: usize, prepared: &Prepared) -> Option<Answer<'_>> {
        let config = self.config;
        let (mut outcome, ns, spread_ns) = self.timed(s, &prepared.puzzle)?;
        if let Some(transform) = &prepared.transform {
            for solution in &mut outcome.solutions {
                *solution = transform.invert(solution);
            }
        }
        let mems = if config.mems && outcome.stopped.is_none() {
            let limits = self.limits(Instant::now());
            self.solvers[s].mems(&prepared.puzzle, config.limit, &limits)
        } else {
            None
        };
        let profile = if config.profile && outcome.stopped.is_none() {
            let mut profile = NodeProfile::default();
            let limits = self.limits(Instant::now());
            let traced =
                self.solvers[s].trace(&prepared.puzzle, config.limit, &limits, &mut profile);
            traced
                .filter(|traced| traced.stopped.is_none())
                .map(|_| profile.take())
        } else {
            None
        };
        let info = self.solvers[s].info();
        let assignments = info
            .capabilities
            .assignments
            .then_some(outcome.stats.assignments);
        Some(Answer {
            solver: info.name,
            outcome,
            ns,
            spread_ns,
            mems,
            assignments,
            profile,
        })
    }
}

/// The warm-up's stand-in for `puzzle`: the puzzle under a random symmetry drawn from a stream
/// of its own (seeded by the record's index), different from both the puzzle and the copy that
/// is timed (`timed`, the same grid unless `--permute`). A grid with so much symmetry that
/// eight draws give nothing new is used as it is.
fn warm_up_copy(puzzle: &Grid, timed: &Grid, index: u64) -> Grid {
    const WARM_UP_STREAM: u64 = 0x7761_726d_2d75_7000; // "warm-up"
    let mut random = Random::for_item(WARM_UP_STREAM, index);
    for _ in 0..8 {
        let copy = Transform::random(puzzle.box_side(), &mut random).apply(puzzle);
        if copy != *puzzle && copy != *timed {
            return copy;
        }
    }
    puzzle.clone()
}

/// A record's puzzle as the solvers get it, and the symmetry to map their answers back.
struct Prepared {
    puzzle: Grid,
    transform: Option<Transform>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_warm_up_copy_is_neither_the_puzzle_nor_its_timed_copy() {
        let puzzle = Grid::parse(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let timed = Transform::random(3, &mut Random::new(1)).apply(&puzzle);
        for index in 0..20 {
            for other in [&puzzle, &timed] {
                let copy = warm_up_copy(&puzzle, other, index);
                assert_ne!(copy, puzzle);
                assert_ne!(copy, *other);
                assert_eq!(copy.givens(), puzzle.givens());
            }
        }
    }
}
