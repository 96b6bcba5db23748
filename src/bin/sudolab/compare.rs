//! `compare`: two run directories side by side.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use sudolab::atomic_file::AtomicFile;
use sudolab::harness::compare::{self, Change, CompareOptions};
use sudolab::harness::{charts, html};

use crate::Status;

#[derive(Args)]
pub struct CompareArgs {
    /// The base run directory (runs.csv, or summary.csv alone).
    base: PathBuf,
    /// The new run directory.
    new: PathBuf,
    /// The smallest relative change, in percent, that counts as faster or slower.
    #[arg(long, default_value_t = 5.0, value_parser = percent)]
    threshold: f64,
    /// Bootstrap resamples per corpus and solver.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(100..=100_000))]
    resamples: u64,
    /// Seed of the resampling.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where compare.md, compare.svg and index.html (both as one page) go.
    #[arg(long, default_value = "reports/compare-latest")]
    out: PathBuf,
}

fn percent(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(p) if (0.0..100.0).contains(&p) => Ok(p),
        _ => Err(format!("a percentage from 0 to 100, not {text:?}")),
    }
}

pub fn compare(args: &CompareArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    let options = CompareOptions {
        threshold: args.threshold / 100.0,
        resamples: args.resamples as usize,
        seed: args.seed,
    };
    let comparison = compare::compare(&args.base, &args.new, &options)?;
    for note in &comparison.unreadable {
        eprintln!("sudolab: warning: {note}");
    }
    let rows = comparison.rows;
    if rows.is_empty() {
        anyhow::bail!(
            "{} and {} share no corpus and solver: nothing to compare",
            args.base.display(),
            args.new.display()
        );
    }
    let mut table = compare::markdown(&rows, options.threshold);
    for note in &comparison.unreadable {
        table.push_str(&format!("\n**Left out**: {note}.\n"));
    }
    write!(out, "{table}")?;
    std::fs::create_dir_all(&args.out)?;
    let heading = format!(
        "# {} against {}\n\n",
        args.new.display(),
        args.base.display()
    );
    let markdown = format!("{heading}{table}\n![compare.svg](compare.svg)\n");
    AtomicFile::write(&args.out.join("compare.md"), markdown.as_bytes())?;
    charts::draw_comparison(&rows, options.threshold, &args.out.join("compare.svg"))?;
    html::write_index(&markdown, &args.out)?;
    let count = |change| rows.iter().filter(|r| r.change == change).count();
    let (slower, faster) = (count(Change::Slower), count(Change::Faster));
    writeln!(
        out,
        "\n{slower} slower, {faster} faster, {} unchanged, {} without interval; table and chart in {} (index.html)",
        count(Change::NoChange),
        count(Change::NoInterval),
        args.out.display()
    )?;
    if count(Change::NoInterval) > 0 {
        writeln!(
            out,
            "note: a run without runs.csv was compared by its summary's medians; no interval could be computed, so no change is called significant"
        )?;
    }
    Ok(if slower > 0 {
        Status::PuzzleFailure
    } else {
        Status::Success
    })
}
