//! `bench`, `verify` and `report`: the harness from the command line.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use sudolab::harness::{
    self, report, BenchConfig, CorpusSpec, MismatchRow, Observer, RunDirectory, RunOutcome,
};
use sudolab::shard::Shard;
use sudolab::{registry, Error};

use crate::{interrupt, Status};

/// What `bench` and `verify` share: the corpora, the solvers and the limits.
#[derive(Args)]
pub struct RunArgs {
    /// Corpus files (one puzzle per line, puzzle:count:solution lines, pretty grids or
    /// Kaggle CSV; plain or gzip). Default: the corpora listed in ./datasets/corpora.csv
    /// (bench: each sampled as listed there, unless --full; verify: all of each).
    corpora: Vec<PathBuf>,
    /// Solvers to run, comma-separated (default: every registered solver). In `bench`, the
    /// first is the baseline of the summary's "median vs" column.
    #[arg(long, value_delimiter = ',')]
    solvers: Vec<String>,
    /// Count solutions up to this many per puzzle (2 proves uniqueness; 0 = count all).
    #[arg(long, default_value_t = 2)]
    limit: u64,
    /// Worker threads (0 = every core). Use 1 for the cleanest per-puzzle times.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Solve a seeded random sample of this many puzzles per corpus (overrides the samples
    /// of datasets/corpora.csv).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "full")]
    sample: Option<u64>,
    /// With no corpus named: every puzzle of every bundled corpus, not the main job's
    /// samples.
    #[arg(long)]
    full: bool,
    /// Seed of the sample and of --permute.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Apply a random symmetry to each puzzle before solving (answers are mapped back), so no
    /// solver is favoured by a corpus's orientation.
    #[arg(long)]
    permute: bool,
    /// Give up on a puzzle after this many milliseconds per solver (a `timeout` row).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    timeout_ms: Option<u64>,
    /// Give up on a puzzle after this many search nodes per solver (a `timeout` row).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,
    /// Write puzzle:count:solution lines for every puzzle all solvers agree on.
    #[arg(long, value_name = "FILE")]
    write_golden: Option<PathBuf>,
    /// Run only share K of N of each corpus's records (K/N): N runs, on any machines, run
    /// every record once; `sudolab merge` combines their run directories.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Args)]
pub struct BenchArgs {
    #[command(flatten)]
    run: RunArgs,
    /// Puzzles of the first corpus whose copies every solver solves untimed before timing
    /// starts: each copy is the puzzle under a random symmetry, so caches and CPU frequency
    /// are warm but no timed puzzle was seen before (at most 2 seconds, within the run's limits).
    #[arg(long, default_value_t = 50)]
    warmup: usize,
    /// Output directory (locked while the run writes it).
    #[arg(long, default_value = "reports/latest")]
    out: PathBuf,
    /// Only cross-check, as `verify` does: no timing report, no files.
    #[arg(long, conflicts_with = "out")]
    check_only: bool,
    /// Print the full summary table (every corpus and solver: times, percentiles, guesses,
    /// nodes, mismatches) instead of one line per corpus; the run's README.md and
    /// summary.csv always hold it.
    #[arg(long)]
    table: bool,
    /// Time each solver K times on each puzzle and keep the fastest (runs.csv records the
    /// spread in ns_spread): steadier medians on a noisy machine, K times the run time.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    repeat: u32,
    /// Grade every puzzle with the human techniques (outside the timed region): runs.csv gets
    /// the hardest technique and its rating, the summary the share solved by logic.
    #[arg(long)]
    grade: bool,
    /// With --grade: give up grading a puzzle after this many milliseconds (the nested
    /// forcing chains of the forum's hardest take seconds to minutes); its technique column
    /// says `timeout`, the solvers' rows are kept.
    #[arg(long, value_name = "MS", requires = "grade", value_parser = clap::value_parser!(u64).range(1..))]
    grade_timeout_ms: Option<u64>,
    /// Count Knuth's mems for the exact-cover solvers (dlx, dc) in a second, untimed search
    /// per puzzle: runs.csv and the summary get mems beside the times.
    #[arg(long)]
    mems: bool,
    /// Record Knuth's level profile (search-tree nodes at each depth) of the solvers and
    /// exact-cover engines that report their search (bitmask, dlx, dc), summed per corpus, in a
    /// second, untimed search per puzzle: written to profile.csv and drawn in profile.svg.
    #[arg(long)]
    profile: bool,
    /// The two solvers of the scatter charts, A,B (A's time across, B's up), instead of each
    /// corpus's two fastest; recorded in meta.csv, so `report` keeps them.
    #[arg(long, value_name = "A,B")]
    scatter: Option<String>,
}

#[derive(Args)]
pub struct VerifyArgs {
    #[command(flatten)]
    run: RunArgs,
}

#[derive(Args)]
pub struct ReportArgs {
    /// A run directory (with runs.csv).
    dir: PathBuf,
    /// The two solvers of the scatter charts, A,B, instead of those the run recorded (or,
    /// when it recorded none, each corpus's two fastest); written to meta.csv.
    #[arg(long, value_name = "A,B")]
    scatter: Option<String>,
}

/// Progress on standard error (a bar on a terminal) and every problem as it happens.
struct Console {
    bar: Option<ProgressBar>,
    printed: Mutex<u64>,
}

const MAX_PRINTED: u64 = 20;

impl Console {
    fn say(&self, line: &str) {
        let mut printed = self.printed.lock().expect("console lock");
        *printed += 1;
        if *printed > MAX_PRINTED {
            return;
        }
        let line = if *printed == MAX_PRINTED {
            format!("{line}\n(further problems only in the CSVs)")
        } else {
            line.to_string()
        };
        match &self.bar {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }
}

impl Observer for Console {
    fn wants_total(&self) -> bool {
        self.bar.is_some()
    }
    fn corpus_started(&self, name: &str, total: Option<u64>) {
        if let Some(bar) = &self.bar {
            bar.set_position(0);
            bar.set_length(total.unwrap_or(0));
            bar.set_message(name.to_string());
        }
    }
    fn advanced(&self, n: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(n);
        }
    }
    fn record_error(&self, error: &Error) {
        self.say(&format!("sudolab: bad record: {error}"));
    }
    fn mismatch(&self, row: &MismatchRow) {
        self.say(&format!(
            "MISMATCH {}, line {}: {} found {}, expected {}",
            row.corpus, row.line, row.solver, row.found, row.expected
        ));
    }
}

/// The corpora of ./datasets: those its corpora.csv lists (sampled as it says unless
/// `full`), or every plain or gzip file in it when there is no list.
fn default_corpora(full: bool) -> anyhow::Result<Vec<CorpusSpec>> {
    let dir = Path::new("datasets");
    if dir.join("corpora.csv").is_file() {
        return Ok(harness::read_manifest(dir, full)?);
    }
    let entries = std::fs::read_dir(dir).with_context(|| {
        "no corpus named and no ./datasets folder (run from the project root, or name corpus files)"
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt" || x == "gz"))
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("./datasets holds no corpus (.txt or .gz)");
    }
    Ok(files.into_iter().map(CorpusSpec::all).collect())
}

/// What only `bench` sets: warm-up, grading, repeats.
struct BenchOnly {
    warmup: usize,
    grade: bool,
    grade_timeout: Option<Duration>,
    repeat: u32,
    mems: bool,
    profile: bool,
}

fn config(args: &RunArgs, only: BenchOnly, full: bool) -> anyhow::Result<BenchConfig> {
    let mut corpora = if args.corpora.is_empty() {
        default_corpora(full || args.full)?
    } else {
        args.corpora.iter().cloned().map(CorpusSpec::all).collect()
    };
    if let Some(n) = args.sample {
        for corpus in &mut corpora {
            corpus.sample = Some(n as usize);
        }
    }
    let solvers = if args.solvers.is_empty() {
        registry::names().into_iter().map(String::from).collect()
    } else {
        args.solvers.clone()
    };
    Ok(BenchConfig {
        corpora,
        solvers,
        limit: args.limit,
        threads: args.threads,
        seed: args.seed,
        warmup: only.warmup,
        permute: args.permute,
        repeat: only.repeat,
        timeout: args.timeout_ms.map(Duration::from_millis),
        max_nodes: args.max_nodes,
        shard: args.shard.unwrap_or(Shard::WHOLE),
        golden: args.write_golden.clone(),
        grade: only.grade,
        grade_timeout: only.grade_timeout,
        mems: only.mems,
        profile: only.profile,
    })
}

fn console(quiet: bool) -> Console {
    let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template(
                "{msg} [{bar:30}] {pos}/{len} puzzles, {per_sec}, ETA {eta}",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        bar
    });
    Console {
        bar,
        printed: Mutex::new(0),
    }
}

fn run_status(outcome: &RunOutcome, timeouts_fail: bool) -> Status {
    if outcome.interrupted {
        Status::Interrupted
    } else if outcome.mismatches > 0
        || outcome.errors > 0
        || (timeouts_fail && outcome.timeouts > 0)
    {
        Status::PuzzleFailure
    } else {
        Status::Success
    }
}

pub fn verify(args: &VerifyArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    cross_check_only(&args.run, out)
}

fn cross_check_only(args: &RunArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    // A cross-check covers every puzzle unless told otherwise.
    let only = BenchOnly {
        warmup: 0,
        grade: false,
        grade_timeout: None,
        repeat: 1,
        mems: false,
        profile: false,
    };
    let config = config(args, only, true)?;
    let console = console(args.quiet);
    let outcome = harness::run(&config, None, interrupt::flag(), &console)?;
    if let Some(bar) = &console.bar {
        bar.finish_and_clear();
    }
    writeln!(
        out,
        "verified {} puzzles with {} solvers: {} mismatches, {} bad records, {} timeouts{}",
        outcome.puzzles,
        config.solvers.len(),
        outcome.mismatches,
        outcome.errors,
        outcome.timeouts,
        if outcome.interrupted {
            " (interrupted)"
        } else {
            ""
        }
    )?;
    Ok(run_status(&outcome, true))
}

pub fn bench(args: &BenchArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    if args.check_only {
        return cross_check_only(&args.run, out);
    }
    let only = BenchOnly {
        warmup: args.warmup,
        grade: args.grade,
        grade_timeout: args.grade_timeout_ms.map(Duration::from_millis),
        repeat: args.repeat,
        mems: args.mems,
        profile: args.profile,
    };
    let config = config(&args.run, only, false)?;
    // Every argument is checked before the output directory is touched; the run is then
    // written into the directory's staging place and replaces the previous run only when
    // it is whole (interrupted runs too: they keep what finished).
    harness::check_config(&config)?;
    let scatter = args
        .scatter
        .as_deref()
        .map(|pair| harness::charts::scatter_pair(pair, &config.solvers))
        .transpose()?;
    for corpus in &config.corpora {
        if harness::directory::run_would_replace(&args.out, &corpus.path) {
            bail!(
                "{} is a file of the output directory {}, which this run replaces: copy it \
                 elsewhere, or choose another --out",
                corpus.path.display(),
                args.out.display()
            );
        }
    }
    let command: Vec<String> = std::env::args().collect();
    let directory = RunDirectory::lock_for(&args.out, &command)?;
    let mut meta = harness::provenance::bench_metadata(&config, &command);
    if let Some((a, b)) = &scatter {
        meta.set("scatter", format!("{a},{b}"));
    }
    let console = console(args.run.quiet);
    let staging = directory.staging();
    let outcome = harness::run(&config, Some(staging), interrupt::flag(), &console)?;
    if let Some(bar) = &console.bar {
        bar.finish_and_clear();
    }
    meta.set("finished", report::utc_now());
    if let Some(load) = harness::provenance::load_average() {
        meta.set("load_end", load);
    }
    meta.set("wall_s", format!("{:.3}", outcome.wall.as_secs_f64()));
    meta.set("solver_s", format!("{:.3}", outcome.solver_ns as f64 / 1e9));
    meta.set("puzzles", outcome.puzzles);
    meta.set("interrupted", outcome.interrupted);
    meta.set("rows", outcome.rows);
    meta.set("mismatch_rows", outcome.mismatch_rows);
    for (corpus, share) in &outcome.shares {
        meta.set(&format!("share:{corpus}"), share);
    }
    meta.write(staging)?;
    let report = harness::write_report(staging)?;
    directory.commit(&[])?;
    warn_skipped(&report);
    let baseline = config.solvers.first().map_or("baseline", String::as_str);
    if args.table {
        write!(out, "{}", report::markdown_table(&report.rows, baseline))?;
    } else {
        write!(out, "{}", report::corpus_lines(&report.rows))?;
    }
    writeln!(
        out,
        "\n{} puzzles, {} mismatches, {} bad records, {} timeouts; wall {:.2} s; report in {}{}",
        outcome.puzzles,
        outcome.mismatches,
        outcome.errors,
        outcome.timeouts,
        outcome.wall.as_secs_f64(),
        args.out.display(),
        if outcome.interrupted {
            " (interrupted: partial results)"
        } else {
            ""
        }
    )?;
    Ok(run_status(&outcome, false))
}

fn warn_skipped(report: &harness::report::Report) {
    if report.skipped_rows > 0 {
        eprintln!(
            "sudolab: warning: {} rows of runs.csv could not be read and were skipped (first: {})",
            report.skipped_rows,
            report.first_skipped.as_deref().unwrap_or("?")
        );
    }
}

pub fn report(args: &ReportArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    let command: Vec<String> = std::env::args().collect();
    let directory = RunDirectory::lock_existing(&args.dir, &command)?;
    let mut meta = harness::RunMetadata::read(directory.path())?;
    if let Some(pair) = &args.scatter {
        meta.set("scatter", pair.replace(' ', ""));
        meta.write(directory.staging())?;
    }
    let report = harness::write_report_with(directory.path(), directory.staging(), &meta)?;
    directory.commit(&["runs.csv", "mismatches.csv", "meta.csv", "profile.csv"])?;
    warn_skipped(&report);
    let done = format!(
        "regenerated summary.csv, charts, README.md and index.html in {}",
        args.dir.display()
    );
    print_table(&report, &done, out)
}

/// The summary table of a run rebuilt from its files, a line saying what was done, and the
/// exit status its mismatches call for.
fn print_table(
    report: &harness::report::Report,
    done: &str,
    out: &mut impl Write,
) -> anyhow::Result<Status> {
    let baseline = report
        .rows
        .first()
        .map_or("baseline".to_string(), |r| r.solver.clone());
    write!(out, "{}", report::markdown_table(&report.rows, &baseline))?;
    writeln!(out, "\n{done}")?;
    Ok(if report.mismatches > 0 {
        Status::PuzzleFailure
    } else {
        Status::Success
    })
}

#[derive(Args)]
pub struct MergeArgs {
    /// The run directories of the shards (`bench --shard K/N --out DIR`), every K of one N.
    shards: Vec<PathBuf>,
    /// Where the merged run goes.
    #[arg(long)]
    out: PathBuf,
}

pub fn merge(args: &MergeArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    harness::merge::check_output(&args.shards, &args.out)?;
    let command: Vec<String> = std::env::args().collect();
    let directory = RunDirectory::lock_for(&args.out, &command)?;
    let report = harness::merge::merge(&args.shards, &directory)?;
    directory.commit(&[])?;
    let done = format!(
        "merged {} shards into {}",
        args.shards.len(),
        args.out.display()
    );
    print_table(&report, &done, out)
}
