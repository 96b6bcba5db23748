//! Counting one exact-cover search on every core (`--threads`), a share of it (`--shard`),
//! estimating it (`--estimate`), and summing shard outputs (`merge-counts`): what `cover`
//! and `count` share.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use anyhow::{bail, Context};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use sudolab::dlx::parallel::{self, Shard, Totals};
use sudolab::dlx::Dlx;
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

/// A 64-bit FNV-1a hash of `text` (names a problem and split in shard outputs).
pub fn fingerprint(text: &str) -> String {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// Prints an estimate of `dlx`'s search.
pub fn estimate(dlx: &mut Dlx, probes: u64, seed: u64, out: &mut dyn Write) -> anyhow::Result<()> {
    let e = dlx.estimate(probes, seed);
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
/// `merge-counts` needs to check the shards belong together.
pub fn describe(
    totals: &Totals,
    what: &str,
    args: &SplitArgs,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    writeln!(out, "guesses: {}", totals.guesses)?;
    writeln!(
        out,
        "subproblems: {} (split target {}, {} threads)",
        totals.subproblems, args.split, args.threads
    )?;
    if let Some(shard) = args.shard {
        writeln!(out, "shard: {shard}")?;
        writeln!(
            out,
            "problem: {}",
            fingerprint(&format!("{what}\nsplit {}", args.split))
        )?;
    }
    Ok(())
}

#[derive(Args)]
pub struct MergeCountsArgs {
    /// Files holding the output of `cover --shard K/N` (or `count --shard K/N`), one per
    /// shard.
    files: Vec<PathBuf>,
}

#[derive(Debug, Default)]
struct ShardOutput {
    shard: Option<Shard>,
    problem: Option<String>,
    solutions: Option<u128>,
    nodes: Option<u64>,
    updates: Option<u64>,
    mems: Option<u64>,
    guesses: Option<u64>,
    stopped: bool,
}

fn read_shard(path: &PathBuf) -> anyhow::Result<ShardOutput> {
    let text = std::fs::read_to_string(path).with_context(|| path.display().to_string())?;
    let mut shard = ShardOutput::default();
    for line in text.lines() {
        let Some((key, value)) = line.split_once(": ") else {
            continue;
        };
        let number = || {
            value
                .split_whitespace()
                .next()
                .unwrap_or("")
                .trim_end_matches('+')
        };
        match key {
            "shard" => shard.shard = Some(value.trim().parse()?),
            "problem" => shard.problem = Some(value.trim().to_string()),
            "solutions" => shard.solutions = number().parse().ok(),
            "nodes" => shard.nodes = number().parse().ok(),
            "updates" => shard.updates = number().parse().ok(),
            "mems" => shard.mems = number().parse().ok(),
            "guesses" => shard.guesses = number().parse().ok(),
            "stopped" => shard.stopped = true,
            _ => {}
        }
    }
    Ok(shard)
}

/// `merge-counts`: sums shard outputs after checking that they are the shards 1..N of one
/// problem and split, each exactly once, and all complete.
pub fn merge_counts(args: &MergeCountsArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    if args.files.is_empty() {
        bail!("name the shard output files to merge");
    }
    let mut shards = Vec::new();
    for path in &args.files {
        let shard = read_shard(path)?;
        let (Some(which), Some(_), Some(_)) = (shard.shard, &shard.problem, shard.solutions) else {
            bail!(
                "{}: not the output of a --shard count (no shard, problem or solutions line)",
                path.display()
            );
        };
        if shard.stopped {
            bail!(
                "{}: shard {which} was stopped before it finished; its counts are lower bounds",
                path.display()
            );
        }
        shards.push((path, which, shard));
    }
    let (first_path, first, first_output) = &shards[0];
    let n = first.count;
    let mut seen: Vec<Option<&PathBuf>> = vec![None; n];
    for (path, which, output) in &shards {
        if output.problem != first_output.problem || which.count != n {
            bail!(
                "{} is shard {which} of another problem or split than {} (shard {first})",
                path.display(),
                first_path.display()
            );
        }
        if let Some(other) = seen[which.index - 1] {
            bail!(
                "shard {which} appears twice: {} and {}",
                other.display(),
                path.display()
            );
        }
        seen[which.index - 1] = Some(path);
    }
    let missing: Vec<String> = (1..=n)
        .filter(|&k| seen[k - 1].is_none())
        .map(|k| format!("{k}/{n}"))
        .collect();
    if !missing.is_empty() {
        bail!("missing shards: {}", missing.join(", "));
    }
    let sum = |f: fn(&ShardOutput) -> Option<u64>| -> u64 {
        shards.iter().map(|(_, _, o)| f(o).unwrap_or(0)).sum()
    };
    let solutions: u128 = shards
        .iter()
        .map(|(_, _, o)| o.solutions.unwrap_or(0))
        .sum();
    writeln!(
        out,
        "solutions: {solutions}\nnodes: {}\nupdates: {}\nmems: {}\nguesses: {}\nshards: {n} of problem {}, all present once",
        sum(|o| o.nodes),
        sum(|o| o.updates),
        sum(|o| o.mems),
        sum(|o| o.guesses),
        first_output.problem.as_deref().unwrap_or("?")
    )?;
    Ok(Status::Success)
}
