//! The `sudolab` command line: a thin layer over the library.
//!
//! `main` maps `run`'s result to an exit code and prints the error chain; every command
//! module reads its arguments, calls the library and prints. Exit codes: 0 success, 1 some
//! puzzle was malformed, contradictory, not uniquely solvable, undecided within its limits or
//! disagreed with its stated answer (or a hint found wrong entries), 2 a usage error or an
//! unreadable file, 3 no technique applies (`hint`, `explain` without `--allow-guess`), 130
//! interrupted by Ctrl-C (what finished before is written).

mod bench;
mod compare;
mod cover;
mod generate;
mod grade;
mod input;
mod interrupt;
mod ladder;
mod logic;
mod puzzles;
mod split;
mod variants;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// sudolab: Sudoku and exact-cover solvers, side by side, cross-checked.
#[derive(Parser)]
#[command(name = "sudolab", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve each puzzle: prints its solution, or NONE / MULTIPLE / ERROR.
    Solve(puzzles::SolveArgs),
    /// Count the solutions of each puzzle up to a limit.
    Count(puzzles::CountArgs),
    /// Diagnose each puzzle: malformed, contradictory givens, no solution, multiple, unique.
    Check(puzzles::CheckArgs),
    /// Run every solver over corpora: time, cross-check, write CSVs, charts and a report.
    Bench(bench::BenchArgs),
    /// Cross-check every solver over corpora (no timing report): exit 0 only if all agree.
    Verify(bench::VerifyArgs),
    /// Regenerate summary.csv, charts, README.md and index.html of a run directory from its CSVs.
    Report(bench::ReportArgs),
    /// Combine the run directories of a sharded run (bench --shard K/N) into one.
    Merge(bench::MergeArgs),
    /// Compare two runs: per corpus and solver, the ratio of medians with a 95% bootstrap
    /// interval and a verdict (exit 1 when something got slower).
    Compare(compare::CompareArgs),
    /// Solve an exact-cover problem (Knuth's DLX format, or a built-in classic problem).
    Cover(cover::CoverArgs),
    /// Sum the outputs of `cover --shard K/N` (or `count --shard`) runs, checking that every
    /// shard 1..N of one problem is there exactly once.
    MergeCounts(split::MergeCountsArgs),
    /// The next deduction for a position, named and explained (exit 3: no hint available).
    Hint(logic::HintArgs),
    /// The whole solving path, step by step (text or JSON; exit 3: the techniques get stuck
    /// before the end, see --allow-guess).
    Explain(logic::ExplainArgs),
    /// Per puzzle: the hardest technique needed, its rating, steps per technique.
    Grade(grade::GradeArgs),
    /// Generate minimal, uniquely solvable puzzles.
    Generate(generate::GenerateArgs),
    /// List the registered solvers: name, the grid sizes each handles, method.
    Solvers,
}

/// How a command ended when nothing went wrong with the command itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Every puzzle was fine.
    Success,
    /// Some puzzle was not (exit code 1).
    PuzzleFailure,
    /// No technique applies to the position (exit code 3).
    NoHint,
    /// Ctrl-C stopped the command; finished output was written (exit code 130).
    Interrupted,
}

fn run(cli: Cli) -> anyhow::Result<Status> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let status = match cli.command {
        Command::Solve(args) => puzzles::solve(&args, &mut out)?,
        Command::Count(args) => puzzles::count(&args, &mut out)?,
        Command::Check(args) => puzzles::check(&args, &mut out)?,
        Command::Cover(args) => cover::cover(&args, &mut out)?,
        Command::MergeCounts(args) => split::merge_counts(&args, &mut out)?,
        Command::Bench(args) => bench::bench(&args, &mut out)?,
        Command::Verify(args) => bench::verify(&args, &mut out)?,
        Command::Report(args) => bench::report(&args, &mut out)?,
        Command::Compare(args) => compare::compare(&args, &mut out)?,
        Command::Merge(args) => bench::merge(&args, &mut out)?,
        Command::Generate(args) => generate::generate(&args, &mut out)?,
        Command::Hint(args) => logic::hint(&args, &mut out)?,
        Command::Explain(args) => logic::explain(&args, &mut out)?,
        Command::Grade(args) => grade::grade(&args, &mut out)?,
        Command::Solvers => {
            for solver in sudolab::registry::all() {
                let info = solver.info();
                let sizes = puzzles::grid_sizes(&info);
                writeln!(
                    out,
                    "{:18} {:22} {}",
                    info.name,
                    sizes.join(" "),
                    info.description
                )?;
            }
            Status::Success
        }
    };
    out.flush()?;
    Ok(status)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    interrupt::install();
    let result = run(cli).map(|status| {
        if interrupt::requested() {
            Status::Interrupted
        } else {
            status
        }
    });
    match result {
        Ok(Status::Success) => ExitCode::SUCCESS,
        Ok(Status::PuzzleFailure) => ExitCode::from(1),
        Ok(Status::NoHint) => ExitCode::from(3),
        Ok(Status::Interrupted) => ExitCode::from(130),
        Err(error) => {
            // A closed pipe (`sudolab solve big.txt | head`) is not an error worth reporting.
            let broken_pipe = error
                .downcast_ref::<io::Error>()
                .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe);
            if broken_pipe {
                return ExitCode::SUCCESS;
            }
            eprintln!("sudolab: error: {error:#}");
            ExitCode::from(2)
        }
    }
}
