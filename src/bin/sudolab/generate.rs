//! `generate`: minimal, uniquely solvable puzzles, one per line.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use anyhow::bail;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use sudolab::generate::{self, GradeTarget, Options, Symmetry};

use crate::Status;

#[derive(Args)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// Grid side: 4, 9, 16 or 25.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Seed: the same seed gives the same puzzles, whatever the thread count.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Remove clues in symmetric orbits: none, rot180, rot90, diagonal, mirror.
    #[arg(long, default_value = "none")]
    symmetry: Symmetry,
    /// A difficulty target on the Sudoku Explainer scale, as `sudolab grade` rates it: easy
    /// (up to 2.0: hidden singles), medium (2.1-2.8: naked singles, locked candidates), hard
    /// (2.9-4.4: subsets, fish, wings), expert (4.5-5.4), beyond (9.0 and up: beyond
    /// dynamic forcing chains, rare among generated puzzles), or a range such as 3.0-4.4.
    #[arg(long)]
    grade: Option<GradeTarget>,
    /// Keep only puzzles with at least this many clues.
    #[arg(long)]
    min_clues: Option<usize>,
    /// Keep only puzzles with at most this many clues.
    #[arg(long)]
    max_clues: Option<usize>,
    /// Grids to try per puzzle before giving up on the clue bounds.
    #[arg(long, default_value_t = 1000)]
    max_attempts: u32,
    /// Search nodes one uniqueness test may take before its clue is kept unproven (default:
    /// 200000 up to 16x16, 20000 for 25x25). Larger proves more 25x25 clues, slowly.
    #[arg(long)]
    check_nodes: Option<u64>,
    /// Worker threads (0 = every core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Write here instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write puzzle:1:solution lines (a known-answers corpus).
    #[arg(long)]
    with_solution: bool,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

/// Puzzles generated between two writes.
const BATCH: u64 = 256;

pub fn generate(args: &GenerateArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    let box_side = match args.size {
        4 => 2,
        9 => 3,
        16 => 4,
        25 => 5,
        other => bail!("--size {other}: sudolab grids are 4, 9, 16 or 25 cells wide"),
    };
    let options = Options {
        box_side,
        symmetry: args.symmetry,
        min_clues: args.min_clues,
        max_clues: args.max_clues,
        grade: args.grade,
        max_attempts: args.max_attempts,
        check_nodes: args.check_nodes,
    };
    options.validate()?;
    let pool = crate::input::worker_pool(args.threads)?;
    let mut file = match &args.out {
        Some(path) => Some(sudolab::atomic_file::AtomicFile::create(path)?),
        None => None,
    };
    let bar = (!args.quiet && args.count >= 100 && std::io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::new(args.count);
        bar.set_style(
            ProgressStyle::with_template("[{bar:30}] {pos}/{len} puzzles, {per_sec}, ETA {eta}")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar
    });
    let mut start = 0;
    let mut unproven = 0u64;
    while start < args.count {
        let end = (start + BATCH).min(args.count);
        let batch: Vec<_> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|i| generate::generate_one(&options, args.seed, i))
                .collect()
        });
        for generated in batch {
            let generated = generated?;
            unproven += u64::from(generated.undecided > 0);
            let line = if args.with_solution {
                format!("{}:1:{}\n", generated.puzzle, generated.solution)
            } else {
                format!("{}\n", generated.puzzle)
            };
            match &mut file {
                Some(file) => file.write_all(line.as_bytes())?,
                None => out.write_all(line.as_bytes())?,
            }
        }
        if let Some(bar) = &bar {
            bar.inc(end - start);
        }
        start = end;
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(file) = file {
        file.commit()?;
    }
    if unproven > 0 {
        eprintln!(
            "sudolab: note: {unproven} of {} puzzles are unique but not proven minimal: some \
             uniqueness tests exceeded {} search nodes and their clues were kept \
             (--check-nodes raises the budget)",
            args.count,
            args.check_nodes
                .unwrap_or_else(|| generate::default_check_nodes(box_side))
        );
    }
    Ok(Status::Success)
}
