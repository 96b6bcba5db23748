//! `cover`: solve an exact-cover problem from a file in Knuth's DLX format, or a built-in
//! classic problem; or emit the problem in that format.

use std::io::Write;

use anyhow::{bail, Context};
use clap::Args;
use sudolab::atomic_file::AtomicFile;
use sudolab::dlx;
use sudolab::exact_cover::classic::{self, Classic};
use sudolab::exact_cover::observe::{LevelProfile, TraceWriter};
use sudolab::exact_cover::{Control, ExactCover, Problem, SolutionLimit};
use sudolab::grid::Grid;
use sudolab::registry::Engine;
use sudolab::search_tree::{ExactCoverTree, SearchTree};
use sudolab::solver::{Limits, Stop};

use crate::logic::Format;
use crate::puzzles::json_line;
use crate::split::{self, SplitArgs};
use crate::{interrupt, Status};
use serde_json::json;

#[derive(Args)]
pub struct CoverArgs {
    /// A problem in Knuth's DLX format (`-` for standard input). Not with a built-in problem.
    #[arg(conflicts_with = "builtin")]
    file: Option<String>,
    /// N-queens on an N x N board.
    #[arg(long, value_name = "N", group = "builtin")]
    queens: Option<usize>,
    /// Pentomino packing of a rectangle, e.g. 6x10.
    #[arg(long, value_name = "RxC", group = "builtin")]
    pentominoes: Option<String>,
    /// Langford pairs of 1..=N.
    #[arg(long, value_name = "N", group = "builtin")]
    langford: Option<usize>,
    /// A Sudoku puzzle (one line), encoded as exact cover.
    #[arg(long, value_name = "PUZZLE", group = "builtin")]
    sudoku: Option<String>,
    /// Stop after this many solutions (0 = count them all).
    #[arg(long, default_value_t = 0)]
    limit: u64,
    /// Print the first N solutions, one option per line.
    #[arg(long, value_name = "N", default_value_t = 0)]
    print: u64,
    /// Break ties of the MRV choice at random with this seed (default: leftmost item).
    #[arg(long)]
    seed: Option<u64>,
    /// The engine: `dlx` (dancing links, Knuth's DLX1/DLX2, and DLX3's Algorithm M for
    /// multiplicities), `dc` (dancing cells on sparse sets, Knuth's SSXCC, and SSMCC for
    /// multiplicities), `memo` (dancing
    /// links counting each subproblem once, Knuth's DLX6: fast where subproblems repeat, as
    /// in tilings; it lists solutions by plain search), `bits` (Algorithm X on bit sets of
    /// options: fast where options are few and each choice removes many, as in queens,
    /// Langford pairs and polyomino packings; multiplicities included) or `sat` (the problem as CNF for a CDCL
    /// solver, multiplicities included). All count the same solutions; dlx and dc print
    /// their model program's nodes, updates and mems, memo its memo's size and hits, bits
    /// its nodes, sat its decisions, conflicts and propagations.
    #[arg(long, value_name = "ENGINE", default_value = "dlx", value_parser = ["dlx", "dc", "memo", "bits", "sat"])]
    engine: String,
    /// The branching rule of the dlx engine: `dlx1` (an item of minimum length, the first such; DLX1's, so
    /// nodes, updates and mems match Knuth's program) or `forced-first` (the scan stops at
    /// the first item of length 1: faster on Sudoku-like problems, other counters).
    #[arg(long, value_name = "RULE", default_value = "dlx1", value_parser = ["dlx1", "forced-first"])]
    branching: String,
    /// Count Knuth's mems (memory accesses) too, as his model program counts them (dlx:
    /// DLX1/DLX2, dc: SSXCC). Off by default: the search then pays only for the counters it
    /// prints always (solutions, nodes, updates). Always on with --threads and --shard.
    #[arg(long)]
    mems: bool,
    /// The memo engine's memory budget in megabytes: past it the memo stores no more and
    /// the rest is counted by plain search (slower, still exact).
    #[arg(long, value_name = "MB", default_value_t = sudolab::dlx::memo::DEFAULT_BUDGET_MB)]
    memo_mb: usize,
    /// With --engine memo: write the ZDD of all solutions to FILE (Knuth's DLX6 text format,
    /// see the `dlx::memo::zdd` docs), atomically.
    #[arg(long, value_name = "FILE")]
    zdd: Option<std::path::PathBuf>,
    /// Write the problem in Knuth's DLX format instead of solving it.
    #[arg(long, conflicts_with = "emit_cnf")]
    emit: bool,
    /// Write the problem as CNF in DIMACS format (one variable per option) instead of
    /// solving it, for any SAT solver.
    #[arg(long)]
    emit_cnf: bool,
    /// Stop after this many milliseconds (the counts are then lower bounds, exit code 1).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    timeout_ms: Option<u64>,
    /// Stop after this many search nodes (the counts are then lower bounds, exit code 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,
    /// Print every event of the search as it happens (dlx and dc): each item chosen with
    /// its options left, each option tried, dead ends, backtracks and solutions, indented
    /// by depth (JSON Lines with --format json), before the counters.
    #[arg(long)]
    trace: bool,
    /// With --trace: print at most this many events (then how many more there were).
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "trace")]
    trace_limit: u64,
    /// Write the search tree to FILE in Graphviz's DOT language (dlx and dc): a node per
    /// search-tree node labelled with its item and options, an edge per option tried,
    /// solutions green, dead ends red; at most --tree-limit nodes. Written whole or not
    /// at all. Draw it with `dot -Tsvg FILE`.
    #[arg(long, value_name = "FILE")]
    tree: Option<std::path::PathBuf>,
    /// With --tree: keep at most this many nodes (then say how many more there were).
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "tree")]
    tree_limit: usize,
    /// Print Knuth's level profile (dlx and dc): the search-tree nodes at each depth, the
    /// root at depth 0, as DLX1 and SSXCC print it with `v128`; they sum to `nodes`.
    #[arg(long)]
    profile: bool,
    /// Output: `text` (`key: value` lines), or `json` for one JSON object with the same
    /// counters (fields listed in the README; a shard's object is what `merge-counts` reads).
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    #[command(flatten)]
    split: SplitArgs,
}

/// What every JSON report of a count holds, whatever the engine.
struct CountJson<'a> {
    /// The solutions found (a number, or text past 64 bits).
    solutions: serde_json::Value,
    /// Whether the count stopped at --limit.
    capped: bool,
    /// Why the search was stopped, if it was.
    stopped: Option<Stop>,
    /// The solutions printed (--print), as option texts.
    printed: Vec<Vec<String>>,
    /// The engine's name and method.
    engine: &'a str,
    method: String,
}

impl CountJson<'_> {
    /// The report's fields, with the problem's size and the time since `started`.
    fn fields(
        self,
        problem: &Problem,
        started: std::time::Instant,
    ) -> serde_json::Map<String, serde_json::Value> {
        let mut map = serde_json::Map::new();
        map.insert("solutions".into(), self.solutions);
        map.insert("capped".into(), self.capped.into());
        map.insert("stopped".into(), self.stopped.map(|s| s.to_string()).into());
        map.insert("primary_items".into(), problem.primary_items().into());
        map.insert(
            "secondary_items".into(),
            (problem.items() - problem.primary_items()).into(),
        );
        map.insert("options".into(), problem.options().into());
        map.insert("printed".into(), json!(self.printed));
        map.insert("engine".into(), self.engine.into());
        map.insert("method".into(), self.method.into());
        map.insert(
            "time_ms".into(),
            (started.elapsed().as_secs_f64() * 1e3).into(),
        );
        map
    }
}

/// The exit status of a count: a stopped count's figures are lower bounds.
fn status_of(stopped: Option<Stop>) -> Status {
    match stopped {
        None => Status::Success,
        Some(_) => Status::PuzzleFailure,
    }
}

/// The option texts of a solution, for JSON.
fn option_texts(problem: &Problem, options: &[usize]) -> Vec<String> {
    options.iter().map(|&o| problem.option_text(o)).collect()
}

/// The built-in classic problem the arguments name, if any.
fn classic_problem(args: &CoverArgs) -> anyhow::Result<Option<Classic>> {
    if let Some(n) = args.queens {
        return Ok(Some(Classic::Queens(n)));
    }
    if let Some(size) = &args.pentominoes {
        let parsed = size
            .split_once(['x', 'X'])
            .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
        let Some((rows, columns)) = parsed else {
            bail!("--pentominoes takes ROWSxCOLUMNS, e.g. 6x10, not {size:?}");
        };
        return Ok(Some(Classic::Pentominoes { rows, columns }));
    }
    Ok(args.langford.map(Classic::Langford))
}

fn problem(args: &CoverArgs) -> anyhow::Result<Problem> {
    if let Some(classic) = classic_problem(args)? {
        return Ok(classic.problem()?);
    }
    if let Some(text) = &args.sudoku {
        let grid = Grid::parse(text)?;
        let Some(encoding) = sudolab::exact_cover::Encoding::new(&grid) else {
            bail!("the puzzle's givens contradict each other (see `sudolab check`)");
        };
        return Ok(encoding.problem()?);
    }
    let Some(file) = &args.file else {
        bail!("name a DLX-format file (or -), or a built-in problem: --queens, --pentominoes, --langford, --sudoku");
    };
    if file == "-" {
        return Ok(Problem::read_dlx_format(
            sudolab::input::stdin(),
            Some("<stdin>"),
        )?);
    }
    let reader = sudolab::input::open_file(std::path::Path::new(file))?;
    Problem::read_dlx_format(reader, Some(file)).context("cannot read the problem")
}

pub fn cover(args: &CoverArgs, out: &mut impl Write) -> anyhow::Result<Status> {
    let problem = problem(args)?;
    if args.emit {
        out.write_all(problem.to_dlx_format().as_bytes())?;
        return Ok(Status::Success);
    }
    if args.emit_cnf {
        sudolab::sat::Cnf::from_problem(&problem)?.write_dimacs(out)?;
        return Ok(Status::Success);
    }
    if (args.trace || args.profile || args.tree.is_some())
        && (args.split.splits()
            || args.split.estimate.is_some()
            || !matches!(args.engine.as_str(), "dlx" | "dc"))
    {
        bail!(
            "--trace, --profile and --tree watch one search by --engine dlx or dc \
             (not with --threads, --shard or --estimate)"
        );
    }
    if args.engine == "sat" {
        if args.split.splits() || args.split.estimate.is_some() || args.seed.is_some() {
            bail!("--threads, --shard, --estimate and --seed need --engine dlx");
        }
        return cover_with_sat(args, &problem, out);
    }
    let engine = Engine::from_name(&args.engine).unwrap_or(Engine::Links);
    if problem.has_multiplicities()
        && (args.split.splits() || args.split.estimate.is_some() || args.seed.is_some())
    {
        bail!("--threads, --shard, --estimate and --seed do not handle multiplicities (MCC) yet");
    }
    if engine != Engine::Memo && args.zdd.is_some() {
        bail!("--zdd writes the diagram that memoized counting builds: add --engine memo");
    }
    if engine != Engine::Links
        && (args.split.splits() || args.split.estimate.is_some() || args.seed.is_some())
    {
        bail!("--threads, --shard, --estimate and --seed need --engine dlx");
    }

    match engine {
        Engine::Cells => return cover_once(args, &problem, &mut problem.cells(), out),
        Engine::Memo => return cover_memo(args, &problem, out),
        Engine::Bits => {
            let mut board = Engine::Bits.build(&problem)?;
            return cover_once(args, &problem, board.as_mut(), out);
        }
        Engine::Links => {}
    }
    let mut links = problem.dlx();
    links.set_tie_break_seed(args.seed);
    links.set_branching(match args.branching.as_str() {
        "forced-first" => dlx::Branching::ForcedFirst,
        _ => dlx::Branching::MinimumLength,
    });
    if let Some(probes) = args.split.estimate {
        if args.seed.is_some() {
            bail!(
                "--seed breaks the ties of a count's MRV choice; the estimate's random probes \
                 take theirs from --estimate-seed"
            );
        }
        let json = matches!(args.format, Format::Json).then(serde_json::Map::new);
        split::estimate(&mut links, probes, args.split.estimate_seed, json, out)?;
        return Ok(Status::Success);
    }
    if args.split.splits() {
        return cover_split(args, &problem, &mut links, out);
    }
    cover_once(args, &problem, &mut links, out)
}

/// One search on one thread, by either engine: prints the first `--print` solutions (and
/// with --trace the search's events as they happen), then the counters.
fn cover_once(
    args: &CoverArgs,
    problem: &Problem,
    engine: &mut dyn ExactCover,
    out: &mut impl Write,
) -> anyhow::Result<Status> {
    engine.set_mem_counting(args.mems);
    let started = std::time::Instant::now();
    let observing = args.trace || args.profile || args.tree.is_some();
    if args.print == 0 && !observing {
        // Nothing to print: count without mapping each solution to option numbers.
        let stats = engine.count_within(args.limit, &limits(args, started));
        let found = stats.solutions;
        let report = Report {
            found,
            started,
            printed: Vec::new(),
            profile: None,
        };
        return report_count(args, problem, engine, &stats, report, out);
    }
    let json = matches!(args.format, Format::Json);
    // The trace and the printed solutions share the output, in the order they happen.
    let shared = std::cell::RefCell::new(out);
    let mut counter = SolutionLimit::new(args.limit);
    let mut write_error = None;
    let mut printed = Vec::new();
    let mut visit = |options: &[usize]| {
        let control = counter.record();
        let found = counter.found();
        if found <= args.print && json {
            printed.push(option_texts(problem, options));
        } else if found <= args.print {
            let mut lines = format!("solution {found}:\n");
            for &option in options {
                lines.push_str(&format!("  {}\n", problem.option_text(option)));
            }
            if let Err(error) = shared.borrow_mut().write_all(lines.as_bytes()) {
                write_error = Some(error);
                return Control::Stop;
            }
        }
        control
    };
    let limits = limits(args, started);
    let mut profile = LevelProfile::default();
    let stats = if observing {
        let limit = if args.trace { args.trace_limit } else { 0 };
        let mut trace = TraceWriter::new(SharedOutput(&shared), problem, json, limit);
        let tree_limit = if args.tree.is_some() {
            args.tree_limit
        } else {
            0
        };
        let mut tree = ExactCoverTree::new(problem, SearchTree::new(tree_limit));
        let mut observer = (&mut trace, (&mut profile, &mut tree));
        let stats = engine.search_observed(&limits, &mut observer, &mut visit)?;
        if args.trace {
            trace.finish()?;
        }
        if let Some(path) = &args.tree {
            let dot = tree.into_tree().to_dot();
            AtomicFile::write(path, dot.as_bytes())?;
        }
        stats
    } else {
        engine.search_options(&limits, &mut visit)
    };
    if let Some(error) = write_error {
        return Err(error.into());
    }
    let report = Report {
        found: counter.found(),
        started,
        printed,
        profile: args.profile.then_some(profile),
    };
    report_count(args, problem, engine, &stats, report, shared.into_inner())
}

/// Writes to an output the search's visitor writes to as well.
struct SharedOutput<'a, W: Write>(&'a std::cell::RefCell<W>);

impl<W: Write> Write for SharedOutput<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.borrow_mut().flush()
    }
}

/// What a count reports besides the search's counters.
struct Report {
    /// The solutions found.
    found: u64,
    /// When the count started.
    started: std::time::Instant,
    /// In JSON, the solutions printed (--print).
    printed: Vec<Vec<String>>,
    /// The level profile (--profile).
    profile: Option<LevelProfile>,
}

/// The counters of one search, the engine and the time (in JSON, the solutions printed
/// too), and the profile if asked.
fn report_count(
    args: &CoverArgs,
    problem: &Problem,
    engine: &dyn ExactCover,
    stats: &sudolab::exact_cover::SearchStats,
    report: Report,
    out: &mut impl Write,
) -> anyhow::Result<Status> {
    let Report {
        found,
        started,
        printed,
        profile,
    } = report;
    let capped = args.limit != 0 && found >= args.limit;
    let status = status_of(stats.stopped);
    if let Format::Json = args.format {
        let report = CountJson {
            solutions: found.into(),
            capped,
            stopped: stats.stopped,
            printed,
            engine: engine.name(),
            method: engine.describe(),
        };
        let mut map = report.fields(problem, started);
        map.insert("nodes".into(), stats.nodes.into());
        map.insert("updates".into(), stats.updates.into());
        map.insert("mems".into(), stats.mems.into());
        let details: serde_json::Map<String, serde_json::Value> = engine
            .details()
            .into_iter()
            .map(|(name, value)| (name.to_string(), value.to_string().into()))
            .collect();
        map.insert("details".into(), details.into());
        if let Some(profile) = &profile {
            map.insert("profile".into(), json!(profile.nodes()));
        }
        if let Some(classic) = classic_problem(args)? {
            let complete = stats.stopped.is_none() && !capped;
            let note = classic::count_note(classic, found, complete);
            map.insert("note".into(), note.to_string().into());
        }
        json_line(out, map.into())?;
        return Ok(status);
    }
    if let Some(stop) = stats.stopped {
        writeln!(
            out,
            "stopped: {stop}; every count below is a lower bound (the search was not finished)"
        )?;
    }
    writeln!(
        out,
        "solutions: {found}{}\nitems: {} primary, {} secondary; options: {}\nnodes: {}\nupdates: {}\nmems: {}\nengine: {}, {}\ntime: {:.3} ms",
        if capped { "+" } else { "" },
        problem.primary_items(),
        problem.items() - problem.primary_items(),
        problem.options(),
        stats.nodes,
        stats.updates,
        stats.mems.map_or_else(|| "not counted (--mems counts them)".to_string(), |m| m.to_string()),
        engine.name(),
        engine.describe(),
        started.elapsed().as_secs_f64() * 1e3
    )?;
    for (name, value) in engine.details() {
        writeln!(out, "{name}: {value}")?;
    }
    if let Some(profile) = &profile {
        writeln!(out, "profile (nodes at each depth):")?;
        for (depth, nodes) in profile.nodes().iter().enumerate() {
            writeln!(out, "{depth:3}: {nodes}")?;
        }
    }
    if let Some(classic) = classic_problem(args)? {
        let complete = stats.stopped.is_none() && !capped;
        writeln!(
            out,
            "note: {}",
            classic::count_note(classic, found, complete)
        )?;
    }
    Ok(status)
}

/// `cover --engine memo`: a memoized count, and the ZDD when asked.
fn cover_memo(args: &CoverArgs, problem: &Problem, out: &mut impl Write) -> anyhow::Result<Status> {
    if problem.has_multiplicities() {
        if args.zdd.is_some() {
            bail!("--zdd is written by DLX6's memo, which has no multiplicities (MCC)");
        }
        // The memo counts multiplicities on bitboards (the registry says when it cannot).
        let budget = args.memo_mb.saturating_mul(1 << 20);
        let mut memo = Engine::Memo.build_with_memo_budget(problem, budget)?;
        return cover_once(args, problem, memo.as_mut(), out);
    }
    let mut memo = problem.memo();
    memo.set_budget(args.memo_mb.saturating_mul(1 << 20));
    if args.zdd.is_some() {
        if args.print != 0 || args.limit != 0 {
            bail!("--zdd holds all solutions: drop --print and --limit");
        }
        memo.set_build_diagram(true);
    }
    let status = cover_once(args, problem, &mut memo, out)?;
    if let Some(path) = &args.zdd {
        let Some(diagram) = memo.diagram() else {
            bail!(
                "the count was stopped, so there is no complete ZDD; {} not written",
                path.display()
            );
        };
        let mut text = Vec::new();
        diagram.write(&mut text)?;
        sudolab::atomic_file::AtomicFile::write(path, &text)
            .with_context(|| format!("cannot write the ZDD to {}", path.display()))?;
        writeln!(
            out,
            "zdd: {} nodes written to {}",
            diagram.len(),
            path.display()
        )?;
    }
    Ok(status)
}

/// `cover --engine sat`: the CNF counted by blocking each model found.
fn cover_with_sat(
    args: &CoverArgs,
    problem: &Problem,
    out: &mut impl Write,
) -> anyhow::Result<Status> {
    let started = std::time::Instant::now();
    let formula = sudolab::sat::Cnf::from_problem(problem)?;
    let keep = usize::try_from(args.print).unwrap_or(usize::MAX);
    let found = sudolab::sat::count_models(&formula, args.limit, keep, &limits(args, started));
    if let Format::Json = args.format {
        let printed = found
            .models
            .iter()
            .map(|model| {
                model
                    .iter()
                    .map(|&v| problem.option_text(v as usize - 1))
                    .collect()
            })
            .collect();
        let report = CountJson {
            solutions: found.count.into(),
            capped: args.limit != 0 && found.count >= args.limit,
            stopped: found.stopped,
            printed,
            engine: "sat",
            method: "CDCL (batsat) on the CNF encoding".into(),
        };
        let mut map = report.fields(problem, started);
        map.insert("clauses".into(), formula.clause_count().into());
        map.insert("decisions".into(), found.decisions.into());
        map.insert("conflicts".into(), found.conflicts.into());
        map.insert("propagations".into(), found.propagations.into());
        json_line(out, map.into())?;
        return Ok(status_of(found.stopped));
    }
    for (k, model) in found.models.iter().enumerate() {
        writeln!(out, "solution {}:", k + 1)?;
        for &variable in model {
            writeln!(out, "  {}", problem.option_text(variable as usize - 1))?;
        }
    }
    if let Some(stop) = found.stopped {
        writeln!(
            out,
            "stopped: {stop}; every count below is a lower bound (the search was not finished)"
        )?;
    }
    let capped = args.limit != 0 && found.count >= args.limit;
    writeln!(
        out,
        "solutions: {}{}\nitems: {} primary, {} secondary; options: {}\nclauses: {}\ndecisions: {}\nconflicts: {}\npropagations: {}\nengine: sat, CDCL (batsat) on the CNF encoding\ntime: {:.3} ms",
        found.count,
        if capped { "+" } else { "" },
        problem.primary_items(),
        problem.items() - problem.primary_items(),
        problem.options(),
        formula.clause_count(),
        found.decisions,
        found.conflicts,
        found.propagations,
        started.elapsed().as_secs_f64() * 1e3
    )?;
    Ok(status_of(found.stopped))
}

/// The limits of a count started now.
fn limits(args: &CoverArgs, started: std::time::Instant) -> Limits<'static> {
    Limits {
        deadline: args
            .timeout_ms
            .map(|ms| started + std::time::Duration::from_millis(ms)),
        max_nodes: args.max_nodes,
        interrupt: Some(interrupt::flag()),
        shared: None,
    }
}

/// `cover --threads N` or `--shard K/N`: the split count.
fn cover_split(
    args: &CoverArgs,
    problem: &Problem,
    links: &mut sudolab::dlx::Dlx,
    out: &mut impl Write,
) -> anyhow::Result<Status> {
    if args.limit != 0 {
        bail!(
            "--limit stops one search at a count; it cannot be split (drop --threads and --shard)"
        );
    }
    let started = std::time::Instant::now();
    let totals = split::count(
        links,
        &args.split,
        &limits(args, started),
        args.print as usize,
    )?;
    if let Format::Json = args.format {
        let printed = totals
            .first
            .iter()
            .map(|o| option_texts(problem, o))
            .collect();
        // The split's fields hold every counter, solutions among them.
        let counters = split::json_fields(&totals, &problem.to_dlx_format(), &args.split);
        let report = CountJson {
            solutions: counters["solutions"].clone(),
            capped: false,
            stopped: totals.stopped,
            printed,
            engine: "dlx",
            method: links.describe(),
        };
        let mut map = report.fields(problem, started);
        map.extend(counters);
        json_line(out, map.into())?;
        return Ok(status_of(totals.stopped));
    }
    for (k, options) in totals.first.iter().enumerate() {
        writeln!(out, "solution {}:", k + 1)?;
        for &option in options {
            writeln!(out, "  {}", problem.option_text(option))?;
        }
    }
    if let Some(stop) = totals.stopped {
        writeln!(
            out,
            "stopped: {stop}; every count below is a lower bound (the search was not finished)"
        )?;
    }
    writeln!(
        out,
        "solutions: {}\nitems: {} primary, {} secondary; options: {}\nnodes: {}\nupdates: {}\nmems: {}\nengine: dlx, {}\ntime: {:.3} ms",
        totals.solutions,
        problem.primary_items(),
        problem.items() - problem.primary_items(),
        problem.options(),
        totals.nodes,
        totals.updates,
        totals.mems,
        links.describe(),
        started.elapsed().as_secs_f64() * 1e3
    )?;
    split::describe(&totals, &problem.to_dlx_format(), &args.split, out)?;
    if let (Some(classic), None) = (classic_problem(args)?, args.split.shard) {
        let complete = totals.stopped.is_none();
        let count = u64::try_from(totals.solutions).unwrap_or(u64::MAX);
        writeln!(
            out,
            "note: {}",
            classic::count_note(classic, count, complete)
        )?;
    }
    Ok(status_of(totals.stopped))
}
