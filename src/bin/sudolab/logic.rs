//! `hint` and `explain`: the human techniques from the command line (`grade` is
//! `grade.rs`).

use std::io::Write;

use anyhow::{bail, Context};
use clap::{Args, ValueEnum};
use serde::Serialize;
use sudolab::bitset::{Digit, DigitSet};
use sudolab::geometry::{Cell, Geometry};
use sudolab::grid::Grid;
use sudolab::logic::{self, user, Position, Step};
use sudolab::registry::quickest_for;
use sudolab::search_trace::{self, SudokuObserver, TraceLines};
use sudolab::solver::Verdict;

use crate::ladder::{Ladder, LadderArgs};
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
    #[command(flatten)]
    ladder: LadderArgs,
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
            ladder: &Ladder::new(args.ladder),
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
    write_next_step(&position, &Ladder::new(args.ladder), out)
}

/// The hint for a checked position: "Solved", the next step's explanation, or that no
/// technique of `ladder` applies (exit 3). Ctrl-C stops the search for it (exit 130, no
/// hint).
pub fn write_next_step(
    position: &Position,
    ladder: &Ladder,
    out: &mut impl Write,
) -> anyhow::Result<Status> {
    if position.is_solved() {
        writeln!(out, "Solved: every cell is filled correctly.")?;
        return Ok(Status::Success);
    }
    let cutoff = ladder.cutoff(None);
    let Ok(step) = logic::next_step_within(position, ladder.techniques(), cutoff) else {
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
                "No hint available: none of {} applies to this position.",
                ladder.described(position.geometry())
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
    #[command(flatten)]
    ladder: LadderArgs,
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
pub fn write_path(
    out: &mut impl Write,
    path: &logic::Path,
    ladder: &Ladder,
) -> std::io::Result<()> {
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
            "Stuck after {} steps: none of {} applies. Position:",
            path.steps.len(),
            ladder.described(path.end.geometry())
        )
    }
}

/// The whole solving path with `ladder`'s techniques, or the steps before Ctrl-C (stopping
/// a step under way).
pub fn explain_until_interrupted(position: &Position, ladder: &Ladder) -> logic::Path {
    let cutoff = ladder.cutoff(None);
    logic::explain_within(position, ladder.techniques(), cutoff)
}

pub fn explain(args: &ExplainArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    if let Some((source, records)) = crate::variants::variant_puzzles(&args.puzzle)? {
        let Some(record) = records.first() else {
            bail!("{source}: no puzzle found");
        };
        let ladder = Ladder::new(args.ladder);
        return crate::variants::explain(
            &source,
            record,
            (args.format, args.allow_guess),
            &ladder,
            out,
        );
    }
    let puzzle = read_puzzle(&args.puzzle)?;
    let solution = unique_solution(&puzzle)?;
    let geometry = puzzle.geometry();
    let ladder = Ladder::new(args.ladder);
    let path = explain_until_interrupted(&Position::from_grid(&puzzle)?, &ladder);
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
            write_path(out, &path, &ladder)?;
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
