//! `solve`, `count` and `check`: one line of output per input record.

use std::io::Write;

use clap::Args;
use sudolab::corpus::{CorpusReader, Record};
use sudolab::diagnose::{diagnose, Diagnosis};
use sudolab::input::Input as TextInput;
use sudolab::solver::{self, Solver};
use sudolab::Error;

use crate::Status;

/// Where puzzles come from and which solver reads them.
#[derive(Args)]
pub struct Input {
    /// A puzzle file (one puzzle per line, `puzzle:count:solution` lines, pretty grids or
    /// Kaggle CSV), `-` for standard input, or a puzzle written on the command line.
    #[arg(default_value = "-")]
    input: String,
    /// The solver to use (see `sudolab solvers`).
    #[arg(long, default_value = "bitmask", value_parser = solver_name)]
    solver: String,
}

fn solver_name(name: &str) -> Result<String, String> {
    let names = solver::names();
    if names.contains(&name) {
        Ok(name.to_string())
    } else {
        Err(format!("unknown solver; registered: {}", names.join(", ")))
    }
}

impl Input {
    fn solver(&self) -> Box<dyn Solver> {
        solver::by_name(&self.solver).expect("validated by clap")
    }

    fn records(&self) -> Result<CorpusReader<TextInput>, Error> {
        crate::input::open_puzzles(&self.input)
    }
}

#[derive(Args)]
pub struct SolveArgs {
    #[command(flatten)]
    input: Input,
    /// Print each solution as a grid with box separators.
    #[arg(long)]
    pretty: bool,
}

#[derive(Args)]
pub struct CountArgs {
    #[command(flatten)]
    input: Input,
    /// Stop counting at this many solutions (0 = count them all); a capped count prints as
    /// `N+`.
    #[arg(long, default_value_t = 1_000_000)]
    limit: u64,
}

#[derive(Args)]
pub struct CheckArgs {
    #[command(flatten)]
    input: Input,
    /// Judge each puzzle against the count and solution its line states
    /// (`puzzle:count:solution`) instead of requiring a unique solution.
    #[arg(long)]
    expected: bool,
}

fn report_error(out: &mut impl Write, error: &Error) -> anyhow::Result<()> {
    eprintln!("sudolab: {error}");
    writeln!(out, "ERROR")?;
    Ok(())
}

pub fn solve(args: &SolveArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    let solver = args.input.solver();
    let mut status = Status::Success;
    let records = args.input.records()?;
    let source = records.source().unwrap_or("<input>").to_string();
    for record in records {
        let record = match record {
            Ok(record) => record,
            Err(error) => {
                report_error(out, &error)?;
                status = Status::PuzzleFailure;
                continue;
            }
        };
        match diagnose(&record.puzzle, solver.as_ref()) {
            Diagnosis::Unique(solution) if args.pretty => {
                writeln!(out, "{}", solution.to_pretty())?
            }
            Diagnosis::Unique(solution) => writeln!(out, "{solution}")?,
            other => {
                eprintln!("sudolab: {}: {other}", place(&source, &record));
                let marker = if matches!(other, Diagnosis::Multiple(..)) {
                    "MULTIPLE"
                } else {
                    "NONE"
                };
                writeln!(out, "{marker}")?;
                status = Status::PuzzleFailure;
            }
        }
    }
    Ok(status)
}

pub fn count(args: &CountArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    let solver = args.input.solver();
    let mut status = Status::Success;
    for record in args.input.records()? {
        match record {
            Ok(record) => {
                let outcome = solver.count(&record.puzzle, args.limit);
                let capped = args.limit != 0 && outcome.count >= args.limit;
                writeln!(out, "{}{}", outcome.count, if capped { "+" } else { "" })?;
            }
            Err(error) => {
                report_error(out, &error)?;
                status = Status::PuzzleFailure;
            }
        }
    }
    Ok(status)
}

fn place(source: &str, record: &Record) -> String {
    format!("{source}, line {}", record.line)
}

pub fn check(args: &CheckArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    let solver = args.input.solver();
    let mut status = Status::Success;
    let (mut good, mut bad) = (0u64, 0u64);
    let records = args.input.records()?;
    let source = records.source().unwrap_or("<input>").to_string();
    for record in records {
        let record = match record {
            Ok(record) => record,
            Err(error) => {
                writeln!(out, "{error}")?;
                writeln!(out, "  malformed")?;
                bad += 1;
                status = Status::PuzzleFailure;
                continue;
            }
        };
        let diagnosis = diagnose(&record.puzzle, solver.as_ref());
        let verdict = if args.expected && record.expected_count.is_some() {
            expectation_failure(&record, &diagnosis)
        } else if matches!(diagnosis, Diagnosis::Unique(_)) {
            None
        } else {
            Some("not a valid puzzle".to_string())
        };
        write!(out, "{}: {}", place(&source, &record), diagnosis.status())?;
        match &diagnosis {
            Diagnosis::Conflicts(conflicts) => {
                writeln!(out)?;
                for conflict in conflicts {
                    writeln!(out, "  {conflict}")?;
                }
            }
            Diagnosis::NoSolution { .. } => writeln!(out, "\n  {diagnosis}")?,
            _ => writeln!(out)?,
        }
        match verdict {
            None => good += 1,
            Some(problem) => {
                if args.expected {
                    writeln!(out, "  MISMATCH: {problem}")?;
                }
                bad += 1;
                status = Status::PuzzleFailure;
            }
        }
    }
    let what = if args.expected {
        "as expected"
    } else {
        "valid and unique"
    };
    eprintln!(
        "sudolab check: {} puzzles, {good} {what}, {bad} not",
        good + bad
    );
    Ok(status)
}

/// What differs between a diagnosis and the record's stated answer, if anything.
fn expectation_failure(record: &Record, diagnosis: &Diagnosis) -> Option<String> {
    let expected = record.expected_count?;
    let count = diagnosis.count_to_two();
    if !expected.agrees_with(count, 2) {
        let found = if count >= 2 {
            "2+".to_string()
        } else {
            count.to_string()
        };
        return Some(format!("expected {expected} solutions, found {found}"));
    }
    if let (Some(stated), Diagnosis::Unique(found)) = (&record.expected_solution, diagnosis) {
        if stated != found {
            return Some(format!("stated solution {stated} differs from {found}"));
        }
    }
    None
}
