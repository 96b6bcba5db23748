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
    /// Generate variant puzzles: the rules as on a `variant:` line (x, windoku,
    /// disjoint-groups, anti-knight, anti-king, non-consecutive, killer, jigsaw), such as
    /// "x anti-knight" or "jigsaw". Written in the variant format; --size may then be any
    /// side from 4 to 25.
    #[arg(long, value_name = "RULES")]
    variant: Option<String>,
    /// With --variant: box shape, rows x columns (default: square, or 2x3 for 6x6, 2x4 for
    /// 8x8, 3x4 for 12x12).
    #[arg(long, value_name = "RxC", requires = "variant")]
    boxes: Option<String>,
    /// With --variant killer: the largest cage, in cells.
    #[arg(long, default_value_t = 4, value_name = "CELLS")]
    max_cage: usize,
}

/// Puzzles generated between two writes.
const BATCH: u64 = 256;

pub fn generate(args: &GenerateArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    if let Some(words) = &args.variant {
        return generate_variants(args, words, out);
    }
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

/// `generate --variant`: minimal unique variant puzzles, in the variant format.
fn generate_variants(
    args: &GenerateArgs,
    words: &str,
    out: &mut impl Write,
) -> anyhow::Result<Status> {
    use sudolab::generate::variant::{generate_variant, Recipe};
    use sudolab::variant::format::{parse_rules, Writer};
    if args.grade.is_some() || args.min_clues.is_some() || args.max_clues.is_some() {
        bail!("--grade, --min-clues and --max-clues: not available with --variant yet");
    }
    if args.symmetry != Symmetry::None {
        bail!("--symmetry: not available with --variant yet");
    }
    let (rules, jigsaw) = parse_rules(words).map_err(|e| anyhow::anyhow!("--variant: {e}"))?;
    let boxes = match &args.boxes {
        None => None,
        Some(text) => {
            let shape = text
                .split_once(['x', 'X'])
                .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
            match shape {
                Some(shape) => Some(shape),
                None => bail!("--boxes {text:?}: write rows x columns, such as 2x3"),
            }
        }
    };
    let recipe = Recipe {
        boxes,
        jigsaw,
        max_cage: args.max_cage.max(1),
        check_nodes: args.check_nodes.unwrap_or(200_000),
        ..Recipe::new(args.size, &rules)
    };
    // The description is checked once, before any work (a bad size or box shape).
    let regions = if jigsaw {
        sudolab::variant::Regions::Jigsaw(
            (0..args.size * args.size)
                .map(|c| (c / args.size) as u8)
                .collect(),
        )
    } else {
        let (rows, columns) = boxes
            .or(sudolab::variant::default_boxes(args.size))
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "--size {0}: a {0}x{0} grid has no rectangular boxes; add jigsaw to --variant",
                    args.size
                )
            })?;
        sudolab::variant::Regions::Boxes { rows, columns }
    };
    sudolab::variant::Variant::new(args.size, regions, &rules, Vec::new()).map_err(|e| {
        anyhow::anyhow!(
            "--variant {words:?} --size {}: {}",
            args.size,
            variant_message(&e)
        )
    })?;
    let pool = crate::input::worker_pool(args.threads)?;
    let mut file = match &args.out {
        Some(path) => Some(sudolab::atomic_file::AtomicFile::create(path)?),
        None => None,
    };
    let mut writer = Writer::default();
    let (mut start, mut unproven) = (0, 0u64);
    while start < args.count {
        let end = (start + BATCH).min(args.count);
        let batch: Vec<_> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|i| generate_variant(&recipe, args.seed, i))
                .collect()
        });
        for generated in batch {
            let generated = generated?;
            unproven += u64::from(generated.unproven > 0);
            let solution = args.with_solution.then_some(generated.solution.as_slice());
            let text = writer.puzzle(&generated.puzzle, solution);
            match &mut file {
                Some(file) => file.write_all(text.as_bytes())?,
                None => {
                    out.write_all(text.as_bytes())?;
                    out.flush()?;
                }
            }
        }
        start = end;
    }
    if let Some(file) = file {
        file.commit()?;
    }
    if unproven > 0 {
        eprintln!(
            "sudolab: note: {unproven} of {} puzzles are unique but not proven minimal \
             (--check-nodes raises the budget)",
            args.count
        );
    }
    Ok(Status::Success)
}

/// A variant description error without its (empty) place.
fn variant_message(error: &sudolab::Error) -> String {
    match error {
        sudolab::Error::Variant { message, .. } => message.clone(),
        other => other.to_string(),
    }
}
