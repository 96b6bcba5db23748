//! Variant corpora in a run: files in the variant format ([`crate::variant::format`]).
//!
//! A variant file is streamed like a classic corpus: [`CHUNK`] records at a time (or a
//! seeded sample of them), the chunk's puzzles solved in parallel, its rows written in corpus
//! order and flushed before the next chunk is read, an interrupt keeping what finished. Each
//! puzzle is counted by every solver of the run that supports its variant
//! ([`Solver::supports_variant`]), timed around the call alone; a solver that refuses it (the
//! bands engine is classic 9x9 only) gets no row for it, as on a grid size it does not
//! solve, and the run's README names it and why ([`describe`]). The answers are
//! cross-checked by the same rules as a classic puzzle's: the independent variant checker
//! ([`check_variant_solution`](crate::checker::check_variant_solution)) on every solution,
//! the counts of all solvers against one another, and the count and solution the file
//! states. A record the reader refuses is an `error` row naming its line and column.
//!
//! With `--grade`, each puzzle is rated with its variant's regions, peers and
//! non-consecutive rule (SE's variant ladder, [`crate::logic`]); killer puzzles, whose
//! cages no technique reads, are left ungraded (their `technique` column empty).
//!
//! What a variant run leaves out: `--permute` (a symmetry of a variant grid must map its
//! extra regions, cages and pairs onto themselves), `--profile`, the warm-up and `--golden`
//! lines. The run still counts and checks every variant puzzle. `--mems` counts the mems of
//! the exact-cover solvers (dlx, dc) in a second search, as on classic corpora.

use std::io::Read;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use super::config::{BenchConfig, CorpusSpec, Observer, RunOutcome, CHUNK};
use super::cross_check::{cross_check_stated, Answer, Stated};
use super::output::Outputs;
use super::records::Evaluation;
use crate::error::{Error, Result};
use crate::input::open_file;
use crate::random::Random;
use crate::solver::{Limits, Solver, Stop, VariantOutcome};
use crate::variant::format::{looks_like_variant, Record, Records};

/// How much of a file's start is read to tell a variant file from a classic corpus.
const SNIFFED: u64 = 64 * 1024;

/// Whether the file at `path` (plain or gzip) is in the variant format: its first line that
/// is neither blank nor a comment is a `variant:`, `boxes:`, `regions:` or `cage:` line.
/// A file that cannot be read is not (the classic reader then names the problem).
pub fn is_variant_file(path: &Path) -> bool {
    let Ok(input) = open_file(path) else {
        return false;
    };
    let mut start = Vec::new();
    if input.take(SNIFFED).read_to_end(&mut start).is_err() {
        return false;
    }
    looks_like_variant(&start)
}

/// What the corpus of a run holds, for `meta.csv` and the run's README: the variant of its
/// first puzzle (`X 9x9`, `killer 6x6`) and the run's solvers that do not solve it, with
/// why. `None` when the file is not a variant file or has no readable puzzle.
pub fn describe(path: &Path, solvers: &[Box<dyn Solver>]) -> Option<String> {
    if !is_variant_file(path) {
        return None;
    }
    let input = open_file(path).ok()?;
    let first = Records::new(input, None).find_map(|record| record.ok())?;
    let variant = first.puzzle.variant();
    let mut text = format!("variant {}", variant.name());
    let refused: Vec<String> = solvers
        .iter()
        .filter_map(|solver| {
            let why = solver.supports_variant(variant).err()?;
            Some(format!("`{}`, because {why}", solver.info().name))
        })
        .collect();
    if !refused.is_empty() {
        text.push_str(&format!("; not solved by {}", refused.join("; ")));
    }
    Some(text)
}

/// A record of a variant file, or why it was refused, with its position (from 0, refused
/// records counted too): the `index` of its rows.
type Numbered = (u64, Result<Record>);

/// What the workers share.
pub(super) struct Context<'a> {
    pub(super) config: &'a BenchConfig,
    pub(super) solvers: &'a [Box<dyn Solver>],
    pub(super) interrupt: &'static AtomicBool,
    pub(super) observer: &'a dyn Observer,
}

/// Runs a variant corpus, chunk by chunk, on `pool`.
pub(super) fn corpus(
    context: &Context,
    spec: &CorpusSpec,
    name: &str,
    pool: &rayon::ThreadPool,
    outputs: &mut Outputs,
    outcome: &mut RunOutcome,
) -> Result<()> {
    let total = match spec.sample {
        Some(n) => Some(n as u64),
        None if context.observer.wants_total() => count_puzzle_lines(&spec.path),
        None => None,
    };
    context.observer.corpus_started(name, total);
    let records = records(context.config, spec)?;
    let mut any = false;
    let mut chunk: Vec<Numbered> = Vec::with_capacity(CHUNK);
    let mut records = records.into_iter();
    loop {
        chunk.clear();
        chunk.extend(records.by_ref().take(CHUNK));
        if chunk.is_empty() || context.interrupt.load(Ordering::Relaxed) {
            break;
        }
        any = true;
        for (position, _) in &chunk {
            outcome.share(name).add(*position);
        }
        let evaluations: Vec<Option<Evaluation>> = pool.install(|| {
            chunk
                .par_iter()
                .map(|(position, record)| evaluate(context, name, *position, record))
                .collect()
        });
        let done = evaluations.iter().filter(|e| e.is_some()).count();
        for evaluation in evaluations.into_iter().flatten() {
            outputs.write(&evaluation)?;
            outcome.add(&evaluation);
        }
        outputs.flush()?;
        context.observer.advanced(done as u64);
    }
    if !any && context.config.shard.owns(0) && !context.interrupt.load(Ordering::Relaxed) {
        outcome.share(name).add(0);
        let empty = Evaluation::error(name, 0, 0, "no puzzle found in this corpus".into());
        outputs.write(&empty)?;
        outcome.add(&empty);
    }
    Ok(())
}

/// The records of this shard: all of the file as a stream, or a seeded reservoir sample of
/// its readable records (in file order) with its refused ones.
fn records(config: &BenchConfig, spec: &CorpusSpec) -> Result<Box<dyn Iterator<Item = Numbered>>> {
    let source = spec.path.display().to_string();
    let input = open_file(&spec.path)?;
    let shard = config.shard;
    let stream = Records::new(input, None)
        .map(move |record| record.map_err(|error| error.in_source(&source)))
        .enumerate()
        .map(|(position, record)| (position as u64, record));
    let Some(n) = spec.sample else {
        return Ok(Box::new(
            stream.filter(move |(position, _)| shard.owns(*position as usize)),
        ));
    };
    let mut random = Random::new(config.seed);
    let mut kept: Vec<(u64, Record)> = Vec::with_capacity(n.min(1 << 16));
    let mut refused: Vec<Numbered> = Vec::new();
    let mut seen = 0u64;
    for (position, record) in stream {
        match record {
            Ok(record) => {
                seen += 1;
                if kept.len() < n {
                    kept.push((position, record));
                } else {
                    let slot = random.below(seen) as usize;
                    if slot < n {
                        kept[slot] = (position, record);
                    }
                }
            }
            Err(error) => refused.push((position, Err(error))),
        }
    }
    let mut all: Vec<Numbered> = kept
        .into_iter()
        .map(|(position, record)| (position, Ok(record)))
        .chain(refused)
        .collect();
    all.sort_by_key(|(position, _)| *position);
    all.retain(|(position, _)| shard.owns(*position as usize));
    Ok(Box::new(all.into_iter()))
}

/// Lines of a variant file that hold a puzzle (for the progress bar), or `None`.
fn count_puzzle_lines(path: &Path) -> Option<u64> {
    use std::io::BufRead;
    let mut count = 0;
    for line in open_file(path).ok()?.lines() {
        let line = line.ok()?;
        let line = line.trim();
        let key = line.split(':').next().unwrap_or("").trim();
        let is_key = ["variant", "boxes", "regions", "cage"]
            .iter()
            .any(|k| key.eq_ignore_ascii_case(k));
        let other = line.is_empty() || line.starts_with('#') || (is_key && line.contains(':'));
        if !other {
            count += 1;
        }
    }
    Some(count)
}

/// One record solved by every solver that supports its variant and cross-checked; `None`
/// when the interrupt stopped it.
fn evaluate(
    context: &Context,
    corpus: &str,
    position: u64,
    record: &Result<Record>,
) -> Option<Evaluation> {
    let record = match record {
        Ok(record) => record,
        Err(error) => {
            context.observer.record_error(error);
            let line = match error {
                Error::Variant { location, .. } | Error::Read { location, .. } => {
                    location.line.unwrap_or(0)
                }
                _ => 0,
            };
            return Some(Evaluation::error(corpus, position, line, error.to_string()));
        }
    };
    let variant = record.puzzle.variant();
    let n = context.solvers.len();
    let mut answers: Vec<Option<Answer<VariantOutcome>>> = (0..n).map(|_| None).collect();
    // The solvers take turns going first, as on classic corpora.
    for k in 0..n {
        let s = (position as usize + k) % n;
        let solver = &context.solvers[s];
        if solver.supports_variant(variant).is_err() {
            continue;
        }
        answers[s] = Some(answer(context, solver.as_ref(), record)?);
    }
    let answers: Vec<Answer<VariantOutcome>> = answers.into_iter().flatten().collect();
    if answers.is_empty() {
        let names: Vec<&str> = context.solvers.iter().map(|s| s.info().name).collect();
        let detail = format!(
            "no solver of this run solves {} puzzles ({})",
            variant.name(),
            names.join(", ")
        );
        return Some(Evaluation::error(corpus, position, record.line, detail));
    }
    let stated = Stated {
        index: position,
        line: record.line,
        puzzle: &record.puzzle,
        count: record.expected_count,
        solution: record.expected_solution.as_ref(),
    };
    let verdicts = cross_check_stated(corpus, &stated, &answers, context.config.limit);
    for mismatch in &verdicts.mismatches {
        context.observer.mismatch(mismatch);
    }
    let mut evaluation = Evaluation {
        rows: verdicts.rows,
        mismatches: verdicts.mismatches,
        golden: None,
        solver_ns: answers.iter().map(|a| a.ns as u128).sum(),
        solved: true,
        profiles: Vec::new(),
    };
    if context.config.grade {
        let position = crate::logic::Position::from_puzzle(&record.puzzle);
        if !evaluation.set_grade(position, context.config.grade_timeout, context.interrupt) {
            return None;
        }
    }
    Some(evaluation)
}

/// `solver` on a record, timed `repeat` times: the first outcome, the fastest time and the
/// spread. `None` when the interrupt stopped it.
fn answer<'a>(
    context: &Context,
    solver: &'a dyn Solver,
    record: &Record,
) -> Option<Answer<'a, VariantOutcome>> {
    let config = context.config;
    // A search's limits, its deadline counted from `start`.
    let limits = |start: Instant| Limits {
        deadline: config.timeout.map(|t| start + t),
        max_nodes: config.max_nodes,
        interrupt: Some(context.interrupt),
        shared: None,
    };
    let mut first: Option<VariantOutcome> = None;
    let (mut fastest, mut slowest) = (u64::MAX, 0u64);
    for _ in 0..config.repeat.max(1) {
        let start = Instant::now();
        let outcome = solver.count_variant(&record.puzzle, config.limit, &limits(start));
        let ns = start.elapsed().as_nanos() as u64;
        if outcome.stopped == Some(Stop::Interrupted) {
            return None;
        }
        fastest = fastest.min(ns);
        slowest = slowest.max(ns);
        let stopped = outcome.stopped.is_some();
        first.get_or_insert(outcome);
        if stopped {
            break; // a limit hit once is hit every time
        }
    }
    let outcome = first.expect("at least one run");
    let mems = if config.mems && outcome.stopped.is_none() {
        solver.mems_variant(&record.puzzle, config.limit, &limits(Instant::now()))
    } else {
        None
    };
    let info = solver.info();
    let assignments = info
        .capabilities
        .assignments
        .then_some(outcome.stats.assignments);
    Some(Answer {
        solver: info.name,
        outcome,
        ns: fastest,
        spread_ns: slowest - fastest,
        mems,
        assignments,
        profile: None,
    })
}
