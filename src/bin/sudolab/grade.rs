//! `grade`: ratings of a file of puzzles on Sudoku Explainer's scale, one line a puzzle in
//! input order, on every core.

use std::io::Write;

use anyhow::Context;
use clap::Args;
use sudolab::diagnose::{diagnose_within, Diagnosis};
use sudolab::logic::{self, Position};
use sudolab::registry::quickest_for;

use crate::ladder::{Ladder, LadderArgs};
use crate::Status;

#[derive(Args)]
pub struct GradeArgs {
    /// Puzzle file, `-` for standard input, or a puzzle.
    #[arg(default_value = "-")]
    input: String,
    /// Rate puzzles without a unique solution too (by default they are refused, as by
    /// `check`: a rating says how hard the deductions to the one solution are).
    #[arg(long)]
    rate_anyway: bool,
    /// One line per puzzle in Sudoku Explainer's `serate --format` notation instead of
    /// sudolab's sentence: %g puzzle, %i puzzle with 0 for empty cells, %n ordinal, %r ER,
    /// %p EP, %d ED, %R %P %D their techniques, %e milliseconds, %t tab, %l new line, %%.
    /// SE's default is "%r/%p/%d"; "%g %r/%p/%d" is what `serate` prints with
    /// `--format="%g %r/%p/%d"`. A puzzle the techniques do not solve prints what serate
    /// prints for one beyond its techniques: ER "20.0", %R "Beyond solver", EP and ED of the
    /// steps before (0.0 where none got so far); puzzles refused or malformed are reported
    /// on standard error. `--format json` prints one JSON object per record instead (JSON
    /// Lines: source, line, puzzle, status, er, ep, ed, the techniques, steps; a record
    /// refused or malformed is an object with its message).
    #[arg(long)]
    format: Option<String>,
    /// Worker threads (0 = every core). Lines keep the input's order.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Give up on a puzzle after this many milliseconds (its uniqueness check and its
    /// steps, a step under way included): it is reported as timed out, never rated (exit
    /// code 1).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    timeout_ms: Option<u64>,
    #[command(flatten)]
    ladder: LadderArgs,
}

/// One record's time, `--timeout-ms` from when its grading starts, and the techniques it
/// may use.
#[derive(Clone, Copy)]
pub struct Budget<'a> {
    pub timeout_ms: Option<u64>,
    pub deadline: Option<std::time::Instant>,
    pub ladder: &'a Ladder,
}

impl Budget<'_> {
    /// The budget of a record whose grading starts now.
    pub fn start(timeout_ms: Option<u64>, ladder: &Ladder) -> Budget<'_> {
        Budget {
            timeout_ms,
            deadline: timeout_ms
                .map(|ms| std::time::Instant::now() + std::time::Duration::from_millis(ms)),
            ladder,
        }
    }

    /// `position` graded within the budget, or the message of a record that ran out of it
    /// (its steps so far).
    fn grade(&self, position: &Position) -> Result<logic::Grade, String> {
        let cutoff = self.ladder.cutoff(self.deadline);
        let grade = logic::grade_within(position, self.ladder.techniques(), cutoff);
        let steps: usize = grade.counts.iter().map(|(_, n)| n).sum();
        match grade.stopped {
            None => Ok(grade),
            Some(sudolab::solver::Stop::Interrupted) => Err(format!(
                "interrupted (Ctrl-C), not rated: {steps} steps taken, the hardest rated {:.1}",
                grade.rating
            )),
            Some(_) => Err(format!(
                "timed out after {} ms (--timeout-ms), not rated: {steps} steps taken, the hardest rated {:.1}",
                self.timeout_ms.unwrap_or(0),
                grade.rating
            )),
        }
    }
}

/// One record's output: its line, and whether it failed (it goes to standard error in
/// `--format` mode).
pub struct Graded {
    pub line: String,
    pub failed: bool,
}

pub fn grade(args: &GradeArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    let json = args.format.as_deref() == Some("json");
    let format = args
        .format
        .as_deref()
        .filter(|_| !json)
        .map(logic::se_format::Format::parse)
        .transpose()
        .context("--format")?;
    let pool = crate::input::worker_pool(args.threads)?;
    let ladder = Ladder::new(args.ladder);
    // Failures go to standard error in `--format` mode, so the output stays serate's.
    let failures_apart = format.is_some();
    if let Some((source, records)) = crate::variants::variant_puzzles(&args.input)? {
        let rate = |record: &(usize, sudolab::variant::format::Record)| {
            let budget = Budget::start(args.timeout_ms, &ladder);
            crate::variants::grade_record(
                &source,
                record,
                args.rate_anyway,
                (format.as_ref(), json),
                budget,
            )
        };
        return grade_batches(
            &pool,
            records.into_iter().enumerate(),
            rate,
            failures_apart,
            out,
        );
    }
    let mut records = crate::input::open_puzzles(&args.input)?;
    let source = records.source().unwrap_or("<input>").to_string();
    let rate = |record: &sudolab::Result<sudolab::corpus::Record>| match record {
        Ok(record) => {
            let text = record.puzzle.to_string();
            let subject = Subject {
                source: &source,
                line: record.line,
                text: &text,
                ordinal: record.index + 1,
                cells: record.puzzle.cells(),
            };
            let budget = Budget::start(args.timeout_ms, &ladder);
            let position = position_to_rate(record, args.rate_anyway, budget);
            if json {
                grade_json(&subject, position, budget)
            } else {
                grade_line(&subject, position, format.as_ref(), budget)
            }
        }
        Err(error) if json => Graded {
            line: serde_json::json!({"source": source, "status": "error",
                                     "message": error.to_string()})
            .to_string(),
            failed: true,
        },
        Err(error) => Graded {
            line: format!("{error}: malformed"),
            failed: true,
        },
    };
    grade_batches(&pool, records.by_ref(), rate, failures_apart, out)
}

/// Grades `records` a batch at a time on `pool` and prints their lines in input order,
/// each as soon as those before it are printed (flushed then, so that a run stopped any way
/// keeps every line printed so far); a failure goes to standard error when
/// `failures_apart`. The workers take records in input order. After Ctrl-C no record is
/// started: those under way stop (their lines say so), and the command ends once every
/// record started has its line, a prefix of the input.
fn grade_batches<T: Send + Sync>(
    pool: &rayon::ThreadPool,
    mut records: impl Iterator<Item = T>,
    rate: impl Fn(&T) -> Graded + Sync,
    failures_apart: bool,
    out: &mut impl Write,
) -> anyhow::Result<Status> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    const BATCH: usize = 256;
    let mut status = Status::Success;
    while !crate::interrupt::requested() {
        let batch: Vec<T> = records.by_ref().take(BATCH).collect();
        if batch.is_empty() {
            break;
        }
        let next = AtomicUsize::new(0);
        let (sender, receiver) = std::sync::mpsc::channel::<(usize, Graded)>();
        std::thread::scope(|scope| -> anyhow::Result<()> {
            scope.spawn(|| {
                pool.broadcast(|_| {
                    let sender = sender.clone();
                    while !crate::interrupt::requested() {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(record) = batch.get(index) else {
                            break;
                        };
                        if sender.send((index, rate(record))).is_err() {
                            break; // the printer stopped (an output error)
                        }
                    }
                });
                drop(sender);
            });
            // Ends when every worker is done (the last sender dropped), or at an output
            // error (the receiver dropped, so that the workers stop too).
            let receiver = receiver;
            let mut pending: Vec<Option<Graded>> = (0..batch.len()).map(|_| None).collect();
            let mut printed = 0;
            for (index, graded) in receiver.iter() {
                pending[index] = Some(graded);
                while let Some(graded) = pending.get_mut(printed).and_then(Option::take) {
                    printed += 1;
                    if graded.failed {
                        status = Status::PuzzleFailure;
                        if failures_apart {
                            eprintln!("{}", graded.line);
                            continue;
                        }
                    }
                    writeln!(out, "{}", graded.line)?;
                }
                out.flush()?;
            }
            Ok(())
        })?;
    }
    Ok(status)
}

/// The position of a record to grade, or why it is not rated: without `rate_anyway`, a
/// puzzle without exactly one solution; givens that contradict each other.
fn position_to_rate(
    record: &sudolab::corpus::Record,
    rate_anyway: bool,
    budget: Budget,
) -> Result<Position, String> {
    if !rate_anyway {
        let limits = sudolab::solver::Limits {
            interrupt: Some(crate::interrupt::flag()),
            deadline: budget.deadline,
            ..sudolab::solver::Limits::NONE
        };
        let solver = quickest_for(&record.puzzle);
        let diagnosis = diagnose_within(&record.puzzle, solver.as_ref(), &limits);
        if !matches!(diagnosis, Diagnosis::Unique(_)) {
            return Err(format!(
                "not rated: {diagnosis} (see `sudolab check`; --rate-anyway rates it)"
            ));
        }
    }
    Position::from_grid(&record.puzzle).map_err(|error| error.to_string())
}

/// The puzzle a `grade` line is about: where it is read, its text and its givens.
pub struct Subject<'a> {
    /// The file, or `<argument>`.
    pub source: &'a str,
    /// Its line in the file, from 1.
    pub line: u64,
    /// The puzzle as one line.
    pub text: &'a str,
    /// Its ordinal among the file's puzzles, from 1.
    pub ordinal: u64,
    /// The givens, row-major, 0 for an empty cell.
    pub cells: &'a [u8],
}

/// One record's grade as a JSON object (`grade --format json`); a record refused is an
/// object with status "not rated" and the reason.
pub fn grade_json(subject: &Subject, position: Result<Position, String>, budget: Budget) -> Graded {
    use serde_json::json;
    let with = |fields: serde_json::Value| {
        let mut object = json!({"source": subject.source, "line": subject.line,
                                "puzzle": subject.text});
        if let (Some(map), serde_json::Value::Object(fields)) = (object.as_object_mut(), fields) {
            map.extend(fields);
        }
        object.to_string()
    };
    let position = match position {
        Ok(position) => position,
        Err(message) => {
            return Graded {
                line: with(json!({"status": "not rated", "message": message})),
                failed: true,
            }
        }
    };
    let grade = match budget.grade(&position) {
        Ok(grade) => grade,
        Err(message) => {
            return Graded {
                line: with(json!({"status": "timeout", "message": message})),
                failed: true,
            }
        }
    };
    let name = |t: Option<logic::Technique>| t.map(|t| t.name());
    let steps: serde_json::Map<String, serde_json::Value> = grade
        .counts
        .iter()
        .map(|(t, n)| (t.name().to_string(), json!(n)))
        .collect();
    // Ratings to the tenth, as SE prints them (an f32's 1.2 is 1.2000000476837158 as f64).
    let rating = |r: f32| format!("{r:.1}").parse::<f64>().unwrap_or(f64::NAN);
    let (status, ceiling) = if grade.solved {
        ("rated", None)
    } else {
        (
            "stuck",
            Some(rating(budget.ladder.ceiling(position.geometry()))),
        )
    };
    Graded {
        line: with(json!({
            "status": status,
            "solved_by_logic": grade.solved,
            "er": grade.solved.then(|| rating(grade.rating)),
            "ep": grade.solved.then(|| rating(grade.pearl)),
            "ed": rating(grade.diamond),
            "hardest": name(grade.hardest),
            "pearl_technique": name(grade.pearl_technique),
            "diamond_technique": name(grade.diamond_technique),
            "above": ceiling,
            "steps": steps,
        })),
        failed: false,
    }
}

/// The `grade` line of one record, and whether it is a failure (contradictory givens, or
/// without `rate_anyway` no unique solution).
pub fn grade_line(
    subject: &Subject,
    position: Result<Position, String>,
    format: Option<&logic::se_format::Format>,
    budget: Budget,
) -> Graded {
    let place = format!("{}, line {}", subject.source, subject.line);
    let position = match position {
        Ok(position) => position,
        Err(why) => {
            return Graded {
                line: format!("{place}: {why}"),
                failed: true,
            }
        }
    };
    let started = std::time::Instant::now();
    let grade = match budget.grade(&position) {
        Ok(grade) => grade,
        Err(message) => {
            return Graded {
                line: format!("{place}: {message}"),
                failed: true,
            }
        }
    };
    if let Some(format) = format {
        let rated = logic::se_format::Rated {
            line: subject.text,
            ordinal: subject.ordinal,
            cells: subject.cells,
            grade: &grade,
            elapsed_ms: started.elapsed().as_secs_f64() * 1e3,
        };
        return Graded {
            line: format.render(&rated),
            failed: false,
        };
    }
    let counts: Vec<String> = grade
        .counts
        .iter()
        .map(|(t, n)| format!("{t} x{n}"))
        .collect();
    let steps = if counts.is_empty() {
        "none".to_string()
    } else {
        counts.join(", ")
    };
    if grade.solved {
        let hardest = grade
            .hardest
            .map_or("none (already solved)".to_string(), |t| {
                t.name().to_string()
            });
        let line = format!(
            "{place}: hardest {hardest} (rating {:.1}; SE ER/EP/ED {:.1}/{:.1}/{:.1}); solved by logic: yes; steps: {steps}",
            grade.rating, grade.rating, grade.pearl, grade.diamond
        );
        Graded {
            line,
            failed: false,
        }
    } else {
        // Every technique was tried and none applied at the end: the puzzle needs more
        // than the hardest of them, whatever the steps before needed.
        let ceiling = budget.ladder.ceiling(position.geometry());
        let line = format!(
            "{place}: not solved by these techniques (rating above {ceiling:.1}, beyond {}); solved by logic: no; steps before stuck: {steps}",
            budget.ladder.described(position.geometry())
        );
        Graded {
            line,
            failed: false,
        }
    }
}
