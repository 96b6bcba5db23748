//! `solve`, `count`, `grade`, `explain` and `hint` on variant puzzles
//! (`sudolab::variant::format`): files whose first line that is not a comment is
//! `variant:`, `boxes:`, `regions:` or `cage:`.

use std::io::{Read, Write};

use serde_json::json;
use sudolab::checker::check_variant_solution;
use sudolab::registry;
use sudolab::solver::{Solver, VariantOutcome};
use sudolab::variant::format::Record;
use sudolab::variant::{cells_line, format, Puzzle};

use crate::input::{interpret, Source};
use crate::logic::Format;
use crate::puzzles::{json_line, Input};
use crate::{interrupt, Status};

/// How many bytes of a file are read to tell a variant file from a classic corpus.
const SNIFF_BYTES: u64 = 64 * 1024;

/// The variant puzzles of `argument`, if it names variant text (a file or the text
/// itself, or standard input); `None` for a classic corpus.
pub fn variant_puzzles(argument: &str) -> anyhow::Result<Option<(String, Vec<Record>)>> {
    match interpret(argument) {
        Source::Stdin => match crate::input::stdin_if_variant()? {
            Some(input) => Ok(Some((
                "<stdin>".to_string(),
                format::read_records(input, Some("<stdin>"))?,
            ))),
            None => Ok(None),
        },
        Source::Text(text) => {
            if !format::looks_like_variant(text.as_bytes()) {
                return Ok(None);
            }
            let puzzles = format::read_records(text.as_bytes(), Some("<argument>"))?;
            Ok(Some(("<argument>".to_string(), puzzles)))
        }
        Source::File(path) => {
            if format::looks_like_variant(argument.as_bytes()) && !path.exists() {
                let puzzles = format::read_records(argument.as_bytes(), Some("<argument>"))?;
                return Ok(Some(("<argument>".to_string(), puzzles)));
            }
            if !path.is_file() {
                return Ok(None);
            }
            let mut start = Vec::new();
            sudolab::input::open_file(path)?
                .take(SNIFF_BYTES)
                .read_to_end(&mut start)?;
            if !format::looks_like_variant(&start) {
                return Ok(None);
            }
            let source = path.display().to_string();
            let puzzles = format::read_records(sudolab::input::open_file(path)?, Some(&source))?;
            Ok(Some((source, puzzles)))
        }
    }
}

/// A usage error unless `solver` solves `puzzle`'s variant, naming the solvers that do.
fn check_support(
    solver: &dyn Solver,
    source: &str,
    line: u64,
    puzzle: &Puzzle,
) -> anyhow::Result<()> {
    let Err(why) = solver.supports_variant(puzzle.variant()) else {
        return Ok(());
    };
    let able: Vec<&str> = registry::all()
        .iter()
        .filter(|s| s.supports_variant(puzzle.variant()).is_ok())
        .map(|s| s.info().name)
        .collect();
    anyhow::bail!(
        "{source}, line {line}: the {} solver does not solve {}: {why}; choose another \
         --solver ({} do)",
        solver.info().name,
        puzzle.variant(),
        able.join(", ")
    )
}

/// Counts `puzzle` to `limit` and checks every solution kept with the independent checker:
/// an error if a solver returned a grid that is not a solution.
fn count_checked(
    solver: &dyn Solver,
    input: &Input,
    (source, line): (&str, u64),
    puzzle: &Puzzle,
    limit: u64,
) -> anyhow::Result<VariantOutcome> {
    let outcome = solver.count_variant(puzzle, limit, &input.limits());
    for solution in &outcome.solutions {
        if let Err(fault) = check_variant_solution(puzzle, solution) {
            anyhow::bail!(
                "{source}, line {line}: the {} solver returned {} which is not a solution: {fault}",
                solver.info().name,
                cells_line(solution)
            );
        }
    }
    Ok(outcome)
}

/// `solve` on variant puzzles: each unique solution on a line, else `NONE`, `MULTIPLE`
/// or `UNDECIDED` (and why on standard error).
pub fn solve(
    input: &Input,
    (source, puzzles): (&str, &[Record]),
    out: &mut impl Write,
) -> anyhow::Result<Status> {
    let solver = input.solver();
    let mut status = Status::Success;
    for Record {
        line,
        puzzle,
        expected_solution,
        ..
    } in puzzles
    {
        if interrupt::requested() {
            break;
        }
        check_support(solver.as_ref(), source, *line, puzzle)?;
        let outcome = count_checked(solver.as_ref(), input, (source, *line), puzzle, 2)?;
        let (state, marker, message) = match (&outcome.stopped, outcome.count) {
            (Some(stop), _) => ("undecided", "UNDECIDED", Some(format!("undecided: {stop}"))),
            (None, 0) => ("none", "NONE", Some("no solution".to_string())),
            (None, 1) => ("unique", "", None),
            _ => (
                "multiple",
                "MULTIPLE",
                Some("more than one solution".to_string()),
            ),
        };
        let solution = (state == "unique").then(|| cells_line(&outcome.solutions[0]));
        if state != "unique" {
            status = Status::PuzzleFailure;
        }
        if let (Some(found), Some(stated)) = (&solution, expected_solution) {
            if *found != cells_line(stated) {
                anyhow::bail!(
                    "{source}, line {line}: the {} solver's solution {found} differs from the \
                     solution the file states",
                    solver.info().name
                );
            }
        }
        if interrupt::requested() && outcome.stopped.is_some() {
            break;
        }
        match input.format {
            Format::Json => json_line(
                out,
                json!({"source": source, "line": line, "variant": puzzle.variant().name(),
                       "status": state, "solution": solution, "message": message}),
            )?,
            Format::Text => match &solution {
                Some(solution) => writeln!(out, "{solution}")?,
                None => {
                    eprintln!(
                        "sudolab: {source}, line {line}: {}",
                        message.unwrap_or_default()
                    );
                    writeln!(out, "{marker}")?;
                }
            },
        }
        out.flush()?;
    }
    Ok(status)
}

/// `count` on variant puzzles: each count on a line (`N+` when it reached the limit),
/// `UNDECIDED` when a limit stopped it.
pub fn count(
    input: &Input,
    (source, puzzles): (&str, &[Record]),
    limit: u64,
    out: &mut impl Write,
) -> anyhow::Result<Status> {
    let solver = input.solver();
    let mut status = Status::Success;
    for Record { line, puzzle, .. } in puzzles {
        if interrupt::requested() {
            break;
        }
        check_support(solver.as_ref(), source, *line, puzzle)?;
        let outcome = count_checked(solver.as_ref(), input, (source, *line), puzzle, limit)?;
        let capped = limit != 0 && outcome.count >= limit;
        let fine = outcome.stopped.is_none() && outcome.count > 0;
        if !fine {
            status = Status::PuzzleFailure;
        }
        let message = match (&outcome.stopped, outcome.count) {
            (Some(stop), n) => Some(format!("{stop} after {n} solutions (a lower bound)")),
            (None, 0) => Some("no solution".to_string()),
            _ => None,
        };
        match input.format {
            Format::Json => json_line(
                out,
                json!({"source": source, "line": line, "variant": puzzle.variant().name(),
                       "status": if outcome.stopped.is_some() { "undecided" } else { "counted" },
                       "solutions": outcome.count, "capped": capped,
                       "nodes": outcome.stats.nodes, "guesses": outcome.stats.guesses,
                       "message": message}),
            )?,
            Format::Text => {
                if let Some(message) = &message {
                    eprintln!("sudolab: {source}, line {line}: {message}");
                }
                if outcome.stopped.is_some() {
                    writeln!(out, "UNDECIDED")?;
                } else {
                    writeln!(out, "{}{}", outcome.count, if capped { "+" } else { "" })?;
                }
            }
        }
        out.flush()?;
    }
    Ok(status)
}

/// `grade` of one variant puzzle: refused unless it has exactly one solution (counted by
/// the bitmask engine) or `rate_anyway`, and for rules the techniques do not read.
pub fn grade_record(
    source: &str,
    (index, record): &(usize, Record),
    rate_anyway: bool,
    (format, json): (Option<&sudolab::logic::se_format::Format>, bool),
    budget: crate::grade::Budget,
) -> crate::grade::Graded {
    let puzzle = &record.puzzle;
    let text = puzzle.to_line();
    let subject = crate::grade::Subject {
        source,
        line: record.line,
        text: &text,
        ordinal: *index as u64 + 1,
        cells: puzzle.cells(),
    };
    let position = position_to_rate(puzzle, rate_anyway, budget.deadline);
    if json {
        crate::grade::grade_json(&subject, position, budget)
    } else {
        crate::grade::grade_line(&subject, position, format, budget)
    }
}

/// The position of a variant puzzle to grade, or why it is not rated.
fn position_to_rate(
    puzzle: &Puzzle,
    rate_anyway: bool,
    deadline: Option<std::time::Instant>,
) -> Result<sudolab::logic::Position, String> {
    let position = sudolab::logic::Position::from_puzzle(puzzle)
        .map_err(|error| format!("not rated: {error}"))?;
    if !rate_anyway {
        only_solution_until(puzzle, deadline).map_err(|diagnosis| {
            format!("not rated: {diagnosis} (see `sudolab check`; --rate-anyway rates it)")
        })?;
    }
    Ok(position)
}

/// The puzzle's one solution (counted to two by bitmask, Ctrl-C stopping it), or why there
/// is none: "no solution", "more than one solution", "undecided (...)".
fn only_solution(puzzle: &Puzzle) -> Result<Vec<u8>, String> {
    only_solution_until(puzzle, None)
}

/// [`only_solution`] that gives up at `deadline` ("undecided (...)").
fn only_solution_until(
    puzzle: &Puzzle,
    deadline: Option<std::time::Instant>,
) -> Result<Vec<u8>, String> {
    let limits = sudolab::solver::Limits {
        interrupt: Some(interrupt::flag()),
        deadline,
        ..sudolab::solver::Limits::NONE
    };
    let mut outcome = sudolab::bitmask::variant::count_variant(puzzle, 2, &limits);
    match (&outcome.stopped, outcome.count) {
        (None, 1) => Ok(outcome.solutions.swap_remove(0)),
        (Some(stop), _) => Err(format!("undecided ({stop})")),
        (None, 0) => Err("no solution".to_string()),
        _ => Err("more than one solution".to_string()),
    }
}

/// `hint` on a variant puzzle (the first of the file), with the person's entries (a puzzle
/// line of the same grid) and pencil marks checked against its one solution first.
pub struct Hint<'a> {
    pub source: &'a str,
    pub record: &'a Record,
    pub entries: Option<&'a str>,
    pub marks: Option<&'a [sudolab::bitset::DigitSet]>,
    pub ladder: &'a crate::ladder::Ladder,
}

impl Hint<'_> {
    pub fn write(&self, out: &mut impl Write) -> anyhow::Result<Status> {
        use sudolab::logic::{user, Position};
        let puzzle = &self.record.puzzle;
        let at = |why: String| anyhow::anyhow!("{}, line {}: {why}", self.source, self.record.line);
        // Killer puzzles are refused here, before any search.
        let mut position =
            Position::from_puzzle(puzzle).map_err(|error| at(format!("no hint: {error}")))?;
        let geometry = position.geometry();
        let solution = only_solution(puzzle)
            .map_err(|diagnosis| at(format!("no hint: {diagnosis} (see `sudolab check`)")))?;
        let mut cells = puzzle.cells().to_vec();
        if let Some(text) = self.entries {
            let side = puzzle.variant().side();
            let entries = format::parse_cells(text, side)
                .map_err(|error| anyhow::anyhow!("--entries: {error}"))?;
            let mistakes = user::entry_mistakes_in_cells(puzzle.cells(), &solution, &entries);
            if !mistakes.is_empty() {
                return crate::logic::print_mistakes(out, "Wrong entries", &mistakes, geometry);
            }
            for (cell, &entry) in cells.iter_mut().zip(&entries) {
                if entry != 0 {
                    *cell = entry;
                }
            }
            position = Position::from_puzzle(&puzzle.with_cells(cells.clone())?)?;
        }
        if let Some(marks) = self.marks {
            let mistakes = user::mark_mistakes_in_cells(&cells, &solution, marks);
            if !mistakes.is_empty() {
                return crate::logic::print_mistakes(
                    out,
                    "Wrong pencil marks",
                    &mistakes,
                    geometry,
                );
            }
            position.keep_only(marks)?;
        }
        crate::logic::write_next_step(&position, self.ladder, out)
    }
}

/// `explain` on a variant puzzle (the first of the file): the whole path of the human
/// techniques under the variant's regions and peers, as for a classic puzzle; exit 3 when
/// they get stuck, unless `allow_guess`: then the puzzle's one solution (found by the
/// bitmask search that proved it unique) fills the cells left, marked as a guess. Variant
/// searches are not traced event by event, so no search events are shown.
pub fn explain(
    source: &str,
    record: &Record,
    (format, allow_guess): (Format, bool),
    ladder: &crate::ladder::Ladder,
    out: &mut impl Write,
) -> anyhow::Result<Status> {
    let at = |why: String| anyhow::anyhow!("{source}, line {}: {why}", record.line);
    let position = sudolab::logic::Position::from_puzzle(&record.puzzle)
        .map_err(|error| at(format!("not explained: {error}")))?;
    let solution = only_solution(&record.puzzle)
        .map_err(|diagnosis| at(format!("not explained: {diagnosis} (see `sudolab check`)")))?;
    let path = crate::logic::explain_until_interrupted(&position, ladder);
    let geometry = position.geometry();
    let guessed: Vec<(String, String)> = if !path.solved && path.stopped.is_none() && allow_guess {
        geometry
            .cells()
            .filter(|&c| path.end.is_empty(c))
            .map(|c| {
                let digit = sudolab::bitset::Digit::new(solution[c.index()]);
                (geometry.cell_name(c), digit.to_string())
            })
            .collect()
    } else {
        Vec::new()
    };
    match format {
        Format::Json => {
            let steps: Vec<_> = path
                .steps
                .iter()
                .map(|s| crate::logic::json_step(geometry, s))
                .collect();
            let object = json!({
                "puzzle": record.puzzle.to_line(),
                "variant": record.puzzle.variant().name(),
                "steps": steps,
                "solved_by_logic": path.solved,
                "interrupted": path.stopped.is_some(),
                "guessed_cells": guessed,
                "end": if guessed.is_empty() {
                    cells_line(path.end.digits())
                } else {
                    cells_line(&solution)
                },
            });
            writeln!(out, "{object}")?;
        }
        Format::Text => {
            crate::logic::write_path(out, &path, ladder)?;
            if !path.solved {
                writeln!(out, "{}", cells_line(path.end.digits()))?;
            }
            if !guessed.is_empty() {
                let cells: Vec<String> = guessed.iter().map(|(c, d)| format!("{c}={d}")).collect();
                writeln!(
                    out,
                    "Guess (not logic): the puzzle's one solution, found by the bitmask search \
                     that proved it unique (variant searches are not traced), fills the {} \
                     remaining cells: {}",
                    guessed.len(),
                    cells.join(", ")
                )?;
                writeln!(out, "{}", cells_line(&solution))?;
            }
        }
    }
    Ok(if path.solved || !guessed.is_empty() {
        Status::Success
    } else {
        Status::NoHint
    })
}
