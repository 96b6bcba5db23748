//! Counting one exact-cover search on every core (`--threads`), a share of it (`--shard`),
//! estimating it (`--estimate`), and summing shard outputs (`merge-counts`): what `cover`
//! and `count` share.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use anyhow::bail;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use sudolab::dlx::parallel::{self, Shard, Totals};
use sudolab::dlx::Dlx;
use sudolab::exact_cover::shard_counts::{fingerprint, ShardCounts};
use sudolab::solver::Limits;

use crate::Status;

/// The options of a split count.
#[derive(Args, Clone)]
pub struct SplitArgs {
    /// Count on this many threads: the search tree is split at its first levels into many
    /// subproblems (see --split) counted in parallel; totals equal the single-thread ones.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(0..=1024))]
    pub threads: u64,
    /// Count only share K of N of the subproblems (K/N, e.g. 3/8), for runs on several
    /// machines; `sudolab merge-counts` sums the shards' outputs.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Split into at least this many subproblems (the list, and so every shard, depends on
    /// this and the problem only).
    #[arg(long, value_name = "M", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub split: u64,
    /// Instead of counting, estimate the search's nodes and solutions with this many random
    /// probes (Knuth's estimator), with their spread.
    #[arg(long, value_name = "PROBES", value_parser = clap::value_parser!(u64).range(1..))]
    pub estimate: Option<u64>,
    /// The seed of the estimate's random probes (each seed gives an independent estimate).
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    pub estimate_seed: u64,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

impl SplitArgs {
    /// Whether the count is split (threads other than 1, or a shard).
    pub fn splits(&self) -> bool {
        self.threads != 1 || self.shard.is_some()
    }
}

/// The deepest split tried. Deep enough for long forced chains (a Sudoku's search may place
/// dozens of forced digits before it branches); a tree that ends sooner stops the deepening.
const MAX_SPLIT_DEPTH: usize = 1024;

/// Prints an estimate of `dlx`'s search (in JSON: `probes`, `seed`, `nodes`,
/// `nodes_error`, `nodes_min`, `nodes_max` (single probes' range), `solutions`,
/// `solutions_error`, after the `head` fields).
pub fn estimate(
    dlx: &mut Dlx,
    probes: u64,
    seed: u64,
    json: Option<serde_json::Map<String, serde_json::Value>>,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let e = dlx.estimate(probes, seed);
    if let Some(mut map) = json {
        for (key, value) in [
            ("nodes", e.nodes),
            ("nodes_error", e.nodes_error),
            ("nodes_min", e.nodes_range.0),
            ("nodes_max", e.nodes_range.1),
            ("solutions", e.solutions),
            ("solutions_error", e.solutions_error),
        ] {
            map.insert(key.into(), value.into());
        }
        map.insert("probes".into(), e.probes.into());
        map.insert("seed".into(), seed.into());
        return crate::puzzles::json_line(out, map.into());
    }
    writeln!(
        out,
        "estimate from {} probes (seed {seed}):\nnodes: {:.4e} +- {:.2e} (standard error; single probes ranged {:.3e} to {:.3e})\nsolutions: {:.4e} +- {:.2e}",
        e.probes, e.nodes, e.nodes_error, e.nodes_range.0, e.nodes_range.1, e.solutions, e.solutions_error
    )?;
    Ok(())
}

/// Counts `dlx` split as `args` say, keeping the first `keep` solutions.
pub fn count(
    dlx: &mut Dlx,
    args: &SplitArgs,
    limits: &Limits,
    keep: usize,
) -> anyhow::Result<Totals> {
    let split = dlx.split_into(args.split as usize, MAX_SPLIT_DEPTH, limits);
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let owned = (0..split.prefixes.len()).filter(|&i| shard.owns(i)).count();
    let bar = (!args.quiet && owned >= 16 && std::io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::new(owned as u64);
        bar.set_style(
            ProgressStyle::with_template(
                "[{bar:30}] {pos}/{len} subproblems, {elapsed} elapsed, ETA {eta}",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        bar
    });
    let progress = |done: u64| {
        if let Some(bar) = &bar {
            bar.set_position(done);
        }
    };
    let totals = parallel::count(
        dlx,
        &split,
        shard,
        args.threads as usize,
        limits,
        keep,
        &progress,
    )?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(totals)
}

/// The lines a split count prints after the totals: subproblems, and for a shard what
/// `merge-counts` needs to check the shards belong together (the problem's fingerprint) and
/// that its counters are as written (the check line).
pub fn describe(
    totals: &Totals,
    what: &str,
    args: &SplitArgs,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    writeln!(out, "guesses: {}", totals.guesses)?;
    writeln!(
        out,
        "subproblems: {} (split target {}, {})",
        totals.subproblems,
        args.split,
        crate::puzzles::plural(args.threads, "thread")
    )?;
    if let Some(shard) = args.shard {
        let counts = shard_counts(totals, what, args);
        writeln!(out, "shard: {shard}")?;
        writeln!(out, "problem: {}", counts.problem)?;
        writeln!(out, "check: {}", counts.check())?;
    }
    Ok(())
}

/// The counters `merge-counts` reads of this count (`what`: the problem's text, which with
/// the split makes the fingerprint); the whole when no shard was asked.
fn shard_counts(totals: &Totals, what: &str, args: &SplitArgs) -> ShardCounts {
    ShardCounts {
        shard: args.shard.unwrap_or(Shard::WHOLE),
        problem: fingerprint(&format!("{what}\nsplit {}", args.split)),
        solutions: totals.solutions,
        nodes: totals.nodes,
        updates: totals.updates,
        mems: totals.mems,
        guesses: totals.guesses,
    }
}

/// The counters of a split count as JSON fields: every counter, the subproblems, the split
/// target and threads, and for a shard what `merge-counts` needs ([`ShardCounts::to_json`]:
/// shard, problem, check).
pub fn json_fields(
    totals: &Totals,
    what: &str,
    args: &SplitArgs,
) -> serde_json::Map<String, serde_json::Value> {
    let mut map = shard_counts(totals, what, args).to_json();
    map.insert("subproblems".into(), totals.subproblems.into());
    map.insert("split".into(), args.split.into());
    map.insert("threads".into(), args.threads.into());
    if args.shard.is_none() {
        map.remove("check");
        map.insert("shard".into(), serde_json::Value::Null);
    }
    map
}

#[derive(Args)]
pub struct MergeCountsArgs {
    /// Files holding the output of `cover --shard K/N` (or `count --shard K/N`), one per
    /// shard: their text or their `--format json` object.
    files: Vec<PathBuf>,
    /// Output: `text` (`key: value` lines) or `json` (one object with the same fields).
    #[arg(long, value_enum, default_value = "text")]
    format: crate::logic::Format,
}

/// `merge-counts`: sums shard outputs after checking that each is whole and unedited, and
/// that they are the shards 1..N of one problem and split, each exactly once.
pub fn merge_counts(args: &MergeCountsArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    if args.files.is_empty() {
        bail!("name the shard output files to merge");
    }
    let mut shards = Vec::new();
    for path in &args.files {
        let reader = sudolab::input::open_file(path)?;
        shards.push(ShardCounts::read(reader, &path.display().to_string())?);
    }
    let names: Vec<String> = args.files.iter().map(|p| p.display().to_string()).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let total = ShardCounts::sum(&shards, &names)?;
    if let crate::logic::Format::Json = args.format {
        let mut map = total.to_json();
        map.remove("check");
        map.remove("shard");
        map.insert("shards".into(), shards[0].shard.count.into());
        crate::puzzles::json_line(out, map.into())?;
        return Ok(Status::Success);
    }
    writeln!(
        out,
        "solutions: {}\nnodes: {}\nupdates: {}\nmems: {}\nguesses: {}\nshards: {} of problem {}, all present once",
        total.solutions,
        total.nodes,
        total.updates,
        total.mems,
        total.guesses,
        shards[0].shard.count,
        total.problem
    )?;
    Ok(Status::Success)
}
