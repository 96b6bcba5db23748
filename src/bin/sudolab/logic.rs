//! `hint`, `explain` and `grade`: the human techniques from the command line.

use std::io::Write;

use anyhow::{bail, Context};
use clap::{Args, ValueEnum};
use serde::Serialize;
use sudolab::bitset::{Digit, DigitSet};
use sudolab::diagnose::{diagnose_within, Diagnosis};
use sudolab::geometry::{Cell, Geometry};
use sudolab::grid::Grid;
use sudolab::logic::{self, user, Position, Step};
use sudolab::registry::quickest_for;
use sudolab::search_trace::{self, SudokuObserver, TraceLines};
use sudolab::solver::Verdict;

use crate::Status;

/// The first puzzle of a file, `-`, or a puzzle written on the command line.
fn read_puzzle(input: &str) -> anyhow::Result<Grid> {
    let mut records = crate::input::open_puzzles(input)?;
    match records.next() {
        Some(record) => Ok(record?.puzzle),
        None => bail!("{input}: no puzzle found"),
    }
}

fn unique_solution(puzzle: &Grid) -> anyhow::Result<Grid> {
    if let Some(conflict) = puzzle.conflicts().first() {
        bail!("the puzzle's givens contradict each other: {conflict} (see `sudolab check`)");
    }
    match quickest_for(puzzle).verdict(puzzle) {
        Verdict::Unique(solution) => Ok(solution),
        Verdict::Multiple(..) => bail!(
            "the puzzle has several solutions, so no deduction can finish it (see `sudolab check`)"
        ),
        Verdict::NoSolution => bail!("the puzzle has no solution (see `sudolab check`)"),
    }
}

#[derive(Args)]
pub struct HintArgs {
    /// The puzzle: a file (its first puzzle; a variant file too), `-`, or the puzzle itself.
    puzzle: String,
    /// Your entries so far: a grid of the same size (blanks where you wrote nothing); for a
    /// variant puzzle, a puzzle line of its grid.
    #[arg(long, value_name = "GRID")]
    entries: Option<String>,
    /// Your pencil marks: one group of digits per cell, whitespace-separated, row by row
    /// (`.` for a filled cell), e.g. "5 3 124 26 7 ...". A file name works too.
    #[arg(long, value_name = "MARKS")]
    candidates: Option<String>,
}

/// The most bytes a pencil-marks file may hold (a 25x25 grid of full marks is about 16 KB).
const MAX_MARKS_FILE: u64 = 1 << 20;

/// The pencil marks of `--candidates`: a file's text (at most [`MAX_MARKS_FILE`] bytes), or
/// the marks themselves.
fn read_marks(text: &str, cells: usize) -> anyhow::Result<Vec<DigitSet>> {
    let path = std::path::Path::new(text);
    let text = if path.exists() {
        let bytes = sudolab::input::read_file(path, MAX_MARKS_FILE).context("--candidates")?;
        String::from_utf8(bytes)
            .map_err(|_| anyhow::anyhow!("--candidates: {}: not UTF-8 text", path.display()))?
    } else {
        text.to_string()
    };
    user::parse_marks(&text, cells).context("--candidates")
}

/// Prints `mistakes` under `heading` and says the hint waits for them.
pub fn print_mistakes(
    out: &mut impl Write,
    heading: &str,
    mistakes: &[user::Mistake],
    geometry: &sudolab::geometry::Geometry,
) -> anyhow::Result<Status> {
    writeln!(out, "{heading}:")?;
    for mistake in mistakes {
        writeln!(out, "  {}", mistake.describe(geometry))?;
    }
    writeln!(
        out,
        "Each contradicts the puzzle's only solution; fix them first, then ask again."
    )?;
    Ok(Status::PuzzleFailure)
}

pub fn hint(args: &HintArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    if let Some((source, records)) = crate::variants::variant_puzzles(&args.puzzle)? {
        let Some(record) = records.first() else {
            bail!("{source}: no puzzle found");
        };
        let side = record.puzzle.variant().side();
        let marks = match &args.candidates {
            Some(marks) => Some(read_marks(marks, side * side)?),
            None => None,
        };
        let hint = crate::variants::Hint {
            source: &source,
            record,
            entries: args.entries.as_deref(),
            marks: marks.as_deref(),
        };
        return hint.write(out);
    }
    let puzzle = read_puzzle(&args.puzzle)?;
    let solution = unique_solution(&puzzle)?;
    let geometry = puzzle.geometry();
    let mut position_grid = puzzle.clone();
    if let Some(entries) = &args.entries {
        let entries = Grid::parse(entries).context("--entries")?;
        if entries.cells().len() != puzzle.cells().len() {
            bail!(
                "--entries has {} cells but the puzzle has {}",
                entries.cells().len(),
                puzzle.cells().len()
            );
        }
        let mistakes = user::entry_mistakes(&puzzle, &solution, &entries);
        if !mistakes.is_empty() {
            return print_mistakes(out, "Wrong entries", &mistakes, geometry);
        }
        for cell in geometry.cells() {
            if entries.get(cell).is_some() {
                position_grid.set(cell, entries.get(cell));
            }
        }
    }
    let position = match &args.candidates {
        Some(marks) => {
            let marks = read_marks(marks, puzzle.cells().len())?;
            let mistakes = user::mark_mistakes(&position_grid, &solution, &marks);
            if !mistakes.is_empty() {
                return print_mistakes(out, "Wrong pencil marks", &mistakes, geometry);
            }
            Position::with_candidates(&position_grid, &marks)?
        }
        None => Position::from_grid(&position_grid)?,
    };
    write_next_step(&position, out)
}

/// The hint for a checked position: "Solved", the next step's explanation, or that no
/// technique applies (exit 3). Ctrl-C stops the search for it (exit 130, no hint).
pub fn write_next_step(position: &Position, out: &mut impl Write) -> anyhow::Result<Status> {
    if position.is_solved() {
        writeln!(out, "Solved: every cell is filled correctly.")?;
        return Ok(Status::Success);
    }
    let cutoff = logic::Cutoff {
        deadline: None,
        interrupt: Some(crate::interrupt::flag()),
    };
    let Ok(step) = logic::next_step_within(position, cutoff) else {
        return Ok(Status::Interrupted);
    };
    match step {
        Some(step) => {
            writeln!(out, "{}", step.explanation)?;
            writeln!(out, "Rating {:.1} (Sudoku Explainer's scale).", step.rating)?;
            Ok(Status::Success)
        }
        None => {
            writeln!(
                out,
                "No hint available: none of the {} techniques sudolab knows applies to this position.",
                logic::TECHNIQUES.len()
            )?;
            Ok(Status::NoHint)
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Args)]
pub struct ExplainArgs {
    /// The puzzle: a file (its first puzzle), `-`, or the puzzle itself.
    puzzle: String,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// When no technique applies, fill the rest by search (marked as a guess): the dlx
    /// solver's search from the stuck position, its placements, guesses, dead ends and
    /// backtracks shown as `solve --trace` shows them (up to --trace-limit events). On a
    /// variant puzzle: the cells left and the solution, without the search's events.
    #[arg(long)]
    allow_guess: bool,
    /// With --allow-guess: show at most this many events of the search.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 500,
        requires = "allow_guess"
    )]
    trace_limit: usize,
}

/// The search that finishes a puzzle logic could not: the dlx solver's from the stuck
/// position, to its first solution, with its events (up to `limit`) and its counters.
struct GuessedSearch {
    events: Vec<search_trace::Event>,
    more_events: u64,
    stats: sudolab::solver::Stats,
}

fn search_from(position: &Grid, limit: usize) -> anyhow::Result<GuessedSearch> {
    let dlx = sudolab::registry::by_name("dlx").expect("dlx is registered");
    let mut shown = Shown(search_trace::Recorder::new(limit));
    let outcome = dlx
        .trace(position, 1, &sudolab::solver::Limits::NONE, &mut shown)
        .expect("dlx traces");
    anyhow::ensure!(
        outcome.count == 1,
        "the search from the stuck position found no solution"
    );
    Ok(GuessedSearch {
        events: shown.0.events().to_vec(),
        more_events: shown.0.dropped(),
        stats: outcome.stats,
    })
}

/// Records the events a reader is shown: not the givens (they are the position) nor the
/// node events.
struct Shown(search_trace::Recorder);

impl SudokuObserver for Shown {
    fn event(&mut self, event: search_trace::Event) {
        use search_trace::{Event, Reason};
        let hidden = matches!(
            event,
            Event::Node { .. }
                | Event::Place {
                    reason: Reason::Given,
                    ..
                }
        );
        if !hidden {
            self.0.event(event);
        }
    }
}

#[derive(Serialize)]
pub struct JsonStep {
    technique: &'static str,
    rating: f32,
    placements: Vec<(String, String)>,
    eliminations: Vec<(String, String)>,
    explanation: String,
}

#[derive(Serialize)]
struct JsonPath {
    puzzle: String,
    steps: Vec<JsonStep>,
    solved_by_logic: bool,
    /// Whether Ctrl-C stopped the steps (the command exits with 130).
    interrupted: bool,
    guessed_cells: Vec<(String, String)>,
    /// With --allow-guess, the search's events (as `solve --trace --format json`).
    search: Vec<serde_json::Value>,
    /// The events past --trace-limit, not shown.
    search_more_events: u64,
    end: String,
}

fn cell_digit(geometry: &Geometry, (cell, digit): (Cell, Digit)) -> (String, String) {
    (geometry.cell_name(cell), digit.to_string())
}

pub fn json_step(geometry: &Geometry, step: &Step) -> JsonStep {
    JsonStep {
        technique: step.technique.name(),
        rating: step.rating,
        placements: step
            .placements
            .iter()
            .map(|&p| cell_digit(geometry, p))
            .collect(),
        eliminations: step
            .eliminations
            .iter()
            .map(|&e| cell_digit(geometry, e))
            .collect(),
        explanation: step.explanation.clone(),
    }
}

/// The numbered steps of `path` and how it ended: solved, stopped by Ctrl-C or stuck, in
/// which two cases the caller shows the position on the lines after "Position:".
pub fn write_path(out: &mut impl Write, path: &logic::Path) -> std::io::Result<()> {
    for (i, step) in path.steps.iter().enumerate() {
        writeln!(out, "{:3}. {}", i + 1, step.explanation)?;
    }
    if path.solved {
        writeln!(out, "Solved by logic in {} steps.", path.steps.len())
    } else if path.stopped.is_some() {
        writeln!(
            out,
            "Interrupted (Ctrl-C) after {} steps. Position:",
            path.steps.len()
        )
    } else {
        writeln!(
            out,
            "Stuck after {} steps: none of the {} techniques applies. Position:",
            path.steps.len(),
            logic::TECHNIQUES.len()
        )
    }
}

/// The whole solving path, or the steps before Ctrl-C (stopping a step under way).
pub fn explain_until_interrupted(position: &Position) -> logic::Path {
    let cutoff = logic::Cutoff {
        deadline: None,
        interrupt: Some(crate::interrupt::flag()),
    };
    logic::explain_within(position, &logic::TECHNIQUES, cutoff)
}

pub fn explain(args: &ExplainArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    if let Some((source, records)) = crate::variants::variant_puzzles(&args.puzzle)? {
        let Some(record) = records.first() else {
            bail!("{source}: no puzzle found");
        };
        return crate::variants::explain(&source, record, args.format, args.allow_guess, out);
    }
    let puzzle = read_puzzle(&args.puzzle)?;
    let solution = unique_solution(&puzzle)?;
    let geometry = puzzle.geometry();
    let path = explain_until_interrupted(&Position::from_grid(&puzzle)?);
    let end = path.end.to_grid();
    let guessed: Vec<(Cell, Digit)> = if !path.solved && path.stopped.is_none() && args.allow_guess
    {
        geometry
            .cells()
            .filter(|&c| end.get(c).is_none())
            .filter_map(|c| Some((c, solution.get(c)?)))
            .collect()
    } else {
        Vec::new()
    };
    let search = if guessed.is_empty() {
        None
    } else {
        Some(search_from(&end, args.trace_limit)?)
    };
    match args.format {
        Format::Json => {
            let json = JsonPath {
                puzzle: puzzle.to_line(),
                steps: path.steps.iter().map(|s| json_step(geometry, s)).collect(),
                solved_by_logic: path.solved,
                interrupted: path.stopped.is_some(),
                guessed_cells: guessed.iter().map(|&g| cell_digit(geometry, g)).collect(),
                search: search
                    .iter()
                    .flat_map(|search| &search.events)
                    .map(|event| event.to_json(geometry))
                    .collect(),
                search_more_events: search.as_ref().map_or(0, |search| search.more_events),
                end: if guessed.is_empty() {
                    end.to_line()
                } else {
                    solution.to_line()
                },
            };
            serde_json::to_writer_pretty(&mut *out, &json)?;
            writeln!(out)?;
        }
        Format::Text => {
            write_path(out, &path)?;
            if !path.solved {
                write!(out, "{}", end.to_pretty())?;
                if let Some(search) = &search {
                    writeln!(
                        out,
                        "Guess (not logic): a search (dlx) fills the {} remaining cells in \
                         {} nodes, {} of them guesses undone; its events:",
                        guessed.len(),
                        search.stats.nodes,
                        search.stats.guesses
                    )?;
                    let mut lines = TraceLines::new(&mut *out, geometry, None, u64::MAX);
                    for &event in &search.events {
                        lines.event(event);
                    }
                    lines.finish()?;
                    if search.more_events > 0 {
                        writeln!(
                            out,
                            "... {} more events (--trace-limit)",
                            search.more_events
                        )?;
                    }
                    write!(out, "{}", solution.to_pretty())?;
                }
            }
        }
    }
    Ok(if path.solved || !guessed.is_empty() {
        Status::Success
    } else {
        Status::NoHint
    })
}

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
    /// `--format="%g %r/%p/%d"`. An unsolved puzzle prints "?" as its rating; puzzles
    /// refused or malformed are reported on standard error. `--format json` prints one JSON
    /// object per record instead (JSON Lines: source, line, puzzle, status, er, ep, ed, the
    /// techniques, steps; a record refused or malformed is an object with its message).
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
}

/// One record's time: `--timeout-ms` from when its grading starts.
#[derive(Clone, Copy)]
pub struct Budget {
    pub timeout_ms: Option<u64>,
    pub deadline: Option<std::time::Instant>,
}

impl Budget {
    /// The budget of a record whose grading starts now.
    pub fn start(timeout_ms: Option<u64>) -> Budget {
        Budget {
            timeout_ms,
            deadline: timeout_ms
                .map(|ms| std::time::Instant::now() + std::time::Duration::from_millis(ms)),
        }
    }

    /// `position` graded within the budget, or the message of a record that ran out of it
    /// (its steps so far).
    fn grade(&self, position: &Position) -> Result<logic::Grade, String> {
        let cutoff = logic::Cutoff {
            deadline: self.deadline,
            interrupt: Some(crate::interrupt::flag()),
        };
        let grade = logic::grade_within(position, &logic::TECHNIQUES, cutoff);
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
    // Failures go to standard error in `--format` mode, so the output stays serate's.
    let failures_apart = format.is_some();
    if let Some((source, records)) = crate::variants::variant_puzzles(&args.input)? {
        let rate = |record: &(usize, sudolab::variant::format::Record)| {
            let budget = Budget::start(args.timeout_ms);
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
            let budget = Budget::start(args.timeout_ms);
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
        ("stuck", Some(rating(logic::ceiling(position.geometry()))))
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
        let ceiling = logic::ceiling(position.geometry());
        let line = format!(
            "{place}: not solved by these techniques (rating above {ceiling:.1}, beyond sudolab's {} techniques); solved by logic: no; steps before stuck: {steps}",
            logic::TECHNIQUES.len()
        );
        Graded {
            line,
            failed: false,
        }
    }
}
