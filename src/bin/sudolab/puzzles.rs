//! `solve`, `count` and `check`: one line of output per input record, flushed as it is
//! written, so Ctrl-C or a closed pipe loses nothing that finished.

use std::io::Write;
use std::time::Instant;

use clap::Args;
use sudolab::atomic_file::AtomicFile;
use sudolab::corpus::{CorpusReader, Record};
use sudolab::diagnose::{diagnose_within, why_no_solution, Diagnosis};
use sudolab::input::Input as TextInput;
use sudolab::registry;
use sudolab::search_trace::TraceLines;
use sudolab::search_tree::{SearchTree, SudokuTree};
use sudolab::solver::{Limits, Solver};
use sudolab::Error;

use crate::logic::Format;
use crate::split::{self, SplitArgs};
use crate::{interrupt, Status};
use serde_json::json;

/// Where puzzles come from, which solver reads them, and how long it may take.
#[derive(Args)]
pub struct Input {
    /// A puzzle file (one puzzle per line, `puzzle:count:solution` lines, pretty grids or
    /// Kaggle CSV; plain or gzip), `-` for standard input, or a puzzle written on the command
    /// line.
    #[arg(default_value = "-")]
    pub(crate) input: String,
    /// The solver to use (see `sudolab solvers`).
    #[arg(long, default_value = "bitmask", value_parser = solver_name)]
    solver: String,
    /// Give up on a puzzle after this many milliseconds: it is reported as undecided, never
    /// as a verdict (exit code 1).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    timeout_ms: Option<u64>,
    /// Give up on a puzzle after this many search nodes (reported as undecided, exit 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,
    /// Output: `text`, or `json` for one JSON object per record (JSON Lines, with the fields
    /// the README lists; a malformed record is an object with status "error").
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: Format,
}

fn solver_name(name: &str) -> Result<String, String> {
    let names = registry::names();
    if names.contains(&name) {
        Ok(name.to_string())
    } else {
        Err(format!("unknown solver; registered: {}", names.join(", ")))
    }
}

impl Input {
    pub(crate) fn solver(&self) -> Box<dyn Solver> {
        registry::by_name(&self.solver).expect("validated by clap")
    }

    fn records(&self) -> Result<CorpusReader<TextInput>, Error> {
        crate::input::open_puzzles(&self.input)
    }

    /// The limits of one puzzle started now.
    pub(crate) fn limits(&self) -> Limits<'static> {
        Limits {
            deadline: self
                .timeout_ms
                .map(|ms| Instant::now() + std::time::Duration::from_millis(ms)),
            max_nodes: self.max_nodes,
            interrupt: Some(interrupt::flag()),
            shared: None,
        }
    }
}

#[derive(Args)]
pub struct SolveArgs {
    #[command(flatten)]
    input: Input,
    #[command(flatten)]
    trace: TraceArgs,
    /// Print each solution as a grid with box separators.
    #[arg(long)]
    pretty: bool,
}

#[derive(Args)]
pub struct CountArgs {
    #[command(flatten)]
    input: Input,
    #[command(flatten)]
    trace: TraceArgs,
    /// Stop counting at this many solutions (0 = count them all); a capped count prints as
    /// `N+`.
    #[arg(long, default_value_t = 1_000_000)]
    limit: u64,
    /// Split counts (--threads, --shard) and estimates run the exact-cover engine on the
    /// puzzle's encoding, whatever --solver says.
    #[command(flatten)]
    split: SplitArgs,
}

/// Watching each search, event by event.
#[derive(Args)]
pub struct TraceArgs {
    /// Before each puzzle's result, print the events of its search as they happen (solvers
    /// bitmask, dlx and dc): each digit placed and why (given, naked single, hidden single, guess k of
    /// n), each branch point with its candidates, dead ends, backtracks and solutions,
    /// indented by depth (JSON Lines with --format json).
    #[arg(long)]
    trace: bool,
    /// With --trace: print at most this many events per puzzle (then how many more).
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "trace")]
    trace_limit: u64,
    /// Write each puzzle's search tree to FILE in Graphviz's DOT language (solvers bitmask,
    /// dlx and dc), one graph per puzzle (`search_line_N`): a node per search-tree node
    /// labelled with the constraint it branches on, an edge per placement that starts a
    /// node, solutions green, dead ends red. Written whole at the end.
    #[arg(long, value_name = "FILE")]
    tree: Option<std::path::PathBuf>,
    /// With --tree: keep at most this many nodes per puzzle (then say how many more).
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "tree")]
    tree_limit: usize,
}

impl TraceArgs {
    /// With --trace, writes the events of `solver`'s search of `record` (counting to
    /// `limit`) to `out`; with --tree, returns the search's tree in DOT. An error if the
    /// solver cannot trace.
    fn write(
        &self,
        input: &Input,
        solver: &dyn Solver,
        (source, record): (&str, &Record),
        limit: u64,
        out: &mut dyn Write,
    ) -> anyhow::Result<Option<String>> {
        if !self.trace && self.tree.is_none() {
            return Ok(None);
        }
        let json = matches!(input.format, Format::Json).then(|| json_place(source, record));
        let geometry = record.puzzle.geometry();
        let trace_limit = if self.trace { self.trace_limit } else { 0 };
        let mut lines = TraceLines::new(&mut *out, geometry, json.as_ref(), trace_limit);
        let tree_limit = if self.tree.is_some() {
            self.tree_limit
        } else {
            0
        };
        let mut tree = SudokuTree::new(geometry, SearchTree::new(tree_limit));
        let mut observer = (&mut lines, &mut tree);
        let traced = solver.trace(&record.puzzle, limit, &input.limits(), &mut observer);
        if self.trace {
            lines.finish()?;
        }
        if traced.is_none() {
            anyhow::bail!(
                "--trace and --tree: the {} solver cannot: {} (bitmask, dlx and dc can)",
                solver.info().name,
                solver.trace_note()
            );
        }
        let name = format!("search_line_{}", record.line);
        Ok(self
            .tree
            .is_some()
            .then(|| tree.into_tree().to_dot_named(&name)))
    }

    /// With --tree, writes the trees collected to its file, whole or not at all.
    fn write_trees(&self, trees: &[String]) -> anyhow::Result<()> {
        if let Some(path) = &self.tree {
            AtomicFile::write(path, trees.concat().as_bytes())?;
        }
        Ok(())
    }
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

fn report_error(
    out: &mut impl Write,
    source: &str,
    error: &Error,
    format: Format,
) -> anyhow::Result<()> {
    eprintln!("sudolab: {error}");
    match format {
        Format::Text => writeln!(out, "ERROR")?,
        Format::Json => json_line(
            out,
            json!({"source": source, "status": "error", "message": error.to_string()}),
        )?,
    }
    Ok(())
}

/// Writes `value` as one line of JSON.
pub fn json_line(out: &mut (impl Write + ?Sized), value: serde_json::Value) -> anyhow::Result<()> {
    writeln!(out, "{value}")?;
    Ok(())
}

/// The fields every record's JSON object starts with: where the record is.
fn json_place(source: &str, record: &Record) -> serde_json::Map<String, serde_json::Value> {
    let mut map = serde_json::Map::new();
    map.insert("source".into(), json!(source));
    map.insert("line".into(), json!(record.line));
    map
}

/// [`json_place`] with `fields` added, as one line of JSON.
fn json_record(
    out: &mut dyn Write,
    source: &str,
    record: &Record,
    fields: serde_json::Value,
) -> anyhow::Result<()> {
    let mut map = json_place(source, record);
    if let serde_json::Value::Object(fields) = fields {
        map.extend(fields);
    }
    json_line(out, serde_json::Value::Object(map))
}

/// A count's `status` in JSON: `undecided` when it was stopped (its count a lower bound).
fn count_status(stopped: bool) -> &'static str {
    if stopped {
        "undecided"
    } else {
        "counted"
    }
}

fn place(source: &str, record: &Record) -> String {
    format!("{source}, line {}", record.line)
}

/// `1 puzzle`, `2 puzzles`.
pub fn plural(count: u64, word: &str) -> String {
    if count == 1 {
        format!("{count} {word}")
    } else {
        format!("{count} {word}s")
    }
}

/// The grid sizes a solver handles, as `9x9`, smallest first.
pub fn grid_sizes(info: &sudolab::solver::SolverInfo) -> Vec<String> {
    info.capabilities
        .box_sides
        .iter()
        .map(|n| format!("{0}x{0}", n * n))
        .collect()
}

/// A usage error when `solver` does not handle `record`'s grid size (the bands engine is 9x9
/// only): a solver asked anyway would only say "undecided", which is no answer at all.
fn check_size(solver: &dyn Solver, source: &str, record: &Record) -> anyhow::Result<()> {
    if solver.supports(&record.puzzle) {
        return Ok(());
    }
    let info = solver.info();
    let able: Vec<&str> = registry::all()
        .iter()
        .filter(|s| s.supports(&record.puzzle))
        .map(|s| s.info().name)
        .collect();
    let side = record.puzzle.side();
    anyhow::bail!(
        "{}: the {} solver handles {} grids only, and this one is {side}x{side}: choose \
         another --solver ({} handle it)",
        place(source, record),
        info.name,
        grid_sizes(&info).join(", "),
        able.join(", ")
    )
}

/// Runs `each` on every record until the input ends or Ctrl-C; bad records are reported
/// (`ERROR`) and make the status a failure; an input without any record is one too.
fn for_each_record(
    input: &Input,
    out: &mut impl Write,
    each: impl FnMut(&str, &Record, &mut dyn Write) -> anyhow::Result<bool>,
) -> anyhow::Result<Status> {
    Ok(for_each_record_counted(input, out, each)?.0)
}

/// [`for_each_record`], with the number of records read (malformed ones included).
fn for_each_record_counted(
    input: &Input,
    out: &mut impl Write,
    mut each: impl FnMut(&str, &Record, &mut dyn Write) -> anyhow::Result<bool>,
) -> anyhow::Result<(Status, u64)> {
    let records = input.records()?;
    let source = records.source().unwrap_or("<input>").to_string();
    let mut status = Status::Success;
    let mut seen = 0u64;
    for record in records {
        if interrupt::requested() {
            break;
        }
        seen += 1;
        let fine = match record {
            Ok(record) => each(&source, &record, out)?,
            Err(error) => {
                report_error(out, &source, &error, input.format)?;
                false
            }
        };
        if !fine {
            status = Status::PuzzleFailure;
        }
        out.flush()?;
    }
    if seen == 0 && !interrupt::requested() {
        eprintln!("sudolab: {source}: no puzzle found");
        status = Status::PuzzleFailure;
    }
    Ok((status, seen))
}

/// A usage error for the options variant puzzles do not take yet.
fn refuse_on_variants(trace: &TraceArgs, split: bool) -> anyhow::Result<()> {
    if trace.trace || trace.tree.is_some() {
        anyhow::bail!("--trace and --tree: not available on variant puzzles yet");
    }
    if split {
        anyhow::bail!("--threads, --shard and --estimate: not available on variant puzzles yet");
    }
    Ok(())
}

pub fn solve(args: &SolveArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    if let Some((source, puzzles)) = crate::variants::variant_puzzles(&args.input.input)? {
        refuse_on_variants(&args.trace, false)?;
        return crate::variants::solve(&args.input, (&source, &puzzles), out);
    }
    let solver = args.input.solver();
    let mut trees = Vec::new();
    let status = for_each_record(&args.input, out, |source, record, out| {
        check_size(solver.as_ref(), source, record)?;
        let traced = (source, record);
        let tree = args
            .trace
            .write(&args.input, solver.as_ref(), traced, 2, out)?;
        trees.extend(tree);
        let diagnosis = diagnose_within(&record.puzzle, solver.as_ref(), &args.input.limits());
        if let Format::Json = args.input.format {
            if interrupt::requested() {
                return Ok(false);
            }
            let unique = matches!(diagnosis, Diagnosis::Unique(_));
            let solution = match &diagnosis {
                Diagnosis::Unique(solution) => Some(solution.to_string()),
                _ => None,
            };
            let message = (!unique).then(|| diagnosis.to_string());
            json_record(
                out,
                source,
                record,
                json!({"status": diagnosis.status(), "solution": solution, "message": message}),
            )?;
            return Ok(unique);
        }
        let marker = match &diagnosis {
            Diagnosis::Unique(solution) if args.pretty => {
                write!(out, "{}", solution.to_pretty())?;
                return Ok(true);
            }
            Diagnosis::Unique(solution) => {
                writeln!(out, "{solution}")?;
                return Ok(true);
            }
            Diagnosis::Undecided { .. } => "UNDECIDED",
            Diagnosis::Multiple(..) => "MULTIPLE",
            Diagnosis::Conflicts(_) | Diagnosis::NoSolution { .. } => "NONE",
        };
        if !interrupt::requested() {
            eprintln!("sudolab: {}: {diagnosis}", place(source, record));
            writeln!(out, "{marker}")?;
        }
        Ok(false)
    })?;
    args.trace.write_trees(&trees)?;
    Ok(status)
}

pub fn count(args: &CountArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    if let Some((source, puzzles)) = crate::variants::variant_puzzles(&args.input.input)? {
        let split = args.split.estimate.is_some() || args.split.splits();
        refuse_on_variants(&args.trace, split)?;
        return crate::variants::count(&args.input, (&source, &puzzles), args.limit, out);
    }
    if args.split.estimate.is_some() || args.split.splits() {
        return count_split(args, out);
    }
    let solver = args.input.solver();
    let mut trees = Vec::new();
    let status = for_each_record(&args.input, out, |source, record, out| {
        check_size(solver.as_ref(), source, record)?;
        let traced = (source, record);
        let tree = args
            .trace
            .write(&args.input, solver.as_ref(), traced, args.limit, out)?;
        trees.extend(tree);
        let outcome = solver.count_within(&record.puzzle, args.limit, &args.input.limits());
        if let Format::Json = args.input.format {
            let capped = args.limit != 0 && outcome.count >= args.limit;
            let status = count_status(outcome.stopped.is_some());
            let message = match (&outcome.stopped, outcome.count) {
                (Some(stop), n) => Some(format!("{stop} after {n} solutions (a lower bound)")),
                (None, 0) => Some(why_no_solution(&record.puzzle).to_string()),
                _ => None,
            };
            json_record(
                out,
                source,
                record,
                json!({"status": status, "solutions": outcome.count, "capped": capped,
                       "nodes": outcome.stats.nodes, "guesses": outcome.stats.guesses, "message": message}),
            )?;
            return Ok(outcome.stopped.is_none() && outcome.count > 0);
        }
        if let Some(stop) = outcome.stopped {
            // Interrupted too: the puzzle in progress gets its lower bound, as a split count
            // gives it.
            eprintln!(
                "sudolab: {}: undecided: {stop} after {} solutions (a lower bound)",
                place(source, record),
                outcome.count
            );
            writeln!(out, "UNDECIDED")?;
            return Ok(false);
        }
        let capped = args.limit != 0 && outcome.count >= args.limit;
        writeln!(out, "{}{}", outcome.count, if capped { "+" } else { "" })?;
        if outcome.count == 0 {
            eprintln!(
                "sudolab: {}: {}",
                place(source, record),
                why_no_solution(&record.puzzle)
            );
            return Ok(false);
        }
        Ok(true)
    })?;
    args.trace.write_trees(&trees)?;
    Ok(status)
}

pub fn check(args: &CheckArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    let solver = args.input.solver();
    let (mut good, mut bad) = (0u64, 0u64);
    let (status, read) = for_each_record_counted(&args.input, out, |source, record, out| {
        check_size(solver.as_ref(), source, record)?;
        let diagnosis = diagnose_within(&record.puzzle, solver.as_ref(), &args.input.limits());
        if interrupt::requested() {
            return Ok(true);
        }
        // The verdict: against the stated answer with --expected, else a unique solution.
        let stated = record.expected_count.filter(|_| args.expected);
        let (found, problem) = match stated {
            Some(_) => {
                let (found, problem) = expectation(record, &diagnosis);
                (Some(found), problem)
            }
            None if matches!(diagnosis, Diagnosis::Unique(_)) => (None, None),
            None => (None, Some("not a valid puzzle".to_string())),
        };
        let details: Vec<String> = match &diagnosis {
            Diagnosis::Conflicts(conflicts) => conflicts.iter().map(|c| c.to_string()).collect(),
            Diagnosis::NoSolution { .. } | Diagnosis::Undecided { .. } => {
                vec![diagnosis.to_string()]
            }
            _ => Vec::new(),
        };
        match problem {
            None => good += 1,
            Some(_) => bad += 1,
        }
        if let Format::Json = args.input.format {
            json_record(
                out,
                source,
                record,
                json!({"status": diagnosis.status(), "expected": stated.map(|e| e.to_string()),
                       "found": found, "ok": problem.is_none(), "problem": problem,
                       "details": details}),
            )?;
            return Ok(true);
        }
        write!(out, "{}: {}", place(source, record), diagnosis.status())?;
        if let (Some(expected), Some(found)) = (stated, &found) {
            write!(out, " (expected {expected}, found {found})")?;
        }
        writeln!(out)?;
        for detail in &details {
            writeln!(out, "  {detail}")?;
        }
        if let (Some(problem), true) = (&problem, args.expected) {
            writeln!(out, "  MISMATCH: {problem}")?;
        }
        Ok(true)
    })?;
    let what = if args.expected {
        "as expected"
    } else {
        "valid and unique"
    };
    // Records that could not be read as puzzles (reported as ERROR) are counted too.
    let malformed = read.saturating_sub(good + bad);
    let malformed = if malformed > 0 {
        format!(", {malformed} malformed")
    } else {
        String::new()
    };
    eprintln!(
        "sudolab check: {} read, {good} {what}, {bad} not{malformed}",
        plural(read, "record"),
    );
    Ok(if bad > 0 && status == Status::Success {
        Status::PuzzleFailure
    } else {
        status
    })
}

/// The count found (as text) and what differs from the record's stated answer, if anything.
fn expectation(record: &Record, diagnosis: &Diagnosis) -> (String, Option<String>) {
    let expected = record.expected_count.expect("checked by the caller");
    let Some(count) = diagnosis.count_to_two() else {
        return (
            "nothing (undecided)".into(),
            Some(format!("{diagnosis}, expected {expected} solutions")),
        );
    };
    let found = if count >= 2 {
        "2+".to_string()
    } else {
        count.to_string()
    };
    if !expected.agrees_with(count, 2) {
        let problem = format!("expected {expected} solutions, found {found}");
        return (found, Some(problem));
    }
    if let (Some(stated), Diagnosis::Unique(solution)) = (&record.expected_solution, diagnosis) {
        if stated != solution {
            let problem = format!("stated solution {stated} differs from {solution}");
            return (found, Some(problem));
        }
    }
    (found, None)
}

/// `count --threads N`, `--shard K/N` or `--estimate P`: the exact-cover encoding of each
/// puzzle, split or estimated (see `cover`).
fn count_split(args: &CountArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    if args.split.splits() && args.limit != 0 {
        anyhow::bail!(
            "a split count counts every solution: add --limit 0 (a limit stops one search at a count)"
        );
    }
    let mut seen = 0;
    let status = for_each_record(&args.input, out, |source, record, out| {
        seen += 1;
        if args.split.shard.is_some() && seen > 1 {
            anyhow::bail!("--shard counts one puzzle: give the input a single puzzle");
        }
        let Some(encoding) = sudolab::exact_cover::Encoding::new(&record.puzzle) else {
            match args.input.format {
                Format::Json => json_record(
                    out,
                    source,
                    record,
                    json!({"status": "counted", "solutions": 0,
                           "message": why_no_solution(&record.puzzle).to_string()}),
                )?,
                Format::Text => writeln!(out, "0")?,
            }
            eprintln!(
                "sudolab: {}: {}",
                place(source, record),
                why_no_solution(&record.puzzle)
            );
            return Ok(false);
        };
        let mut links = sudolab::dlx::sudoku::links(&encoding);
        if let Some(probes) = args.split.estimate {
            let json =
                matches!(args.input.format, Format::Json).then(|| json_place(source, record));
            split::estimate(&mut links, probes, args.split.estimate_seed, json, out)?;
            return Ok(true);
        }
        let totals = split::count(&mut links, &args.split, &args.input.limits(), 0)?;
        if let Format::Json = args.input.format {
            let mut map = json_place(source, record);
            let what = record.puzzle.to_line();
            map.extend(split::json_fields(&totals, &what, &args.split));
            let status = count_status(totals.stopped.is_some());
            map.insert("status".into(), status.into());
            map.insert(
                "stopped".into(),
                totals.stopped.map(|s| s.to_string()).into(),
            );
            json_line(out, map.into())?;
            return Ok(
                totals.stopped.is_none() && (totals.solutions > 0 || args.split.shard.is_some())
            );
        }
        if let Some(stop) = totals.stopped {
            eprintln!(
                "sudolab: {}: undecided: {stop} after {} solutions (a lower bound)",
                place(source, record),
                totals.solutions
            );
            writeln!(out, "UNDECIDED")?;
            return Ok(false);
        }
        if args.split.shard.is_some() {
            writeln!(
                out,
                "solutions: {}\nnodes: {}\nupdates: {}\nmems: {}",
                totals.solutions, totals.nodes, totals.updates, totals.mems
            )?;
            split::describe(&totals, &record.puzzle.to_line(), &args.split, out)?;
        } else {
            writeln!(out, "{}", totals.solutions)?;
        }
        Ok(totals.solutions > 0 || args.split.shard.is_some())
    })?;
    Ok(status)
}
