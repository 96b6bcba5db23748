//! The run directory: `meta.csv` (how the run was made), and what is derived from `runs.csv`
//! alone: `summary.csv`, the charts, `README.md` and `index.html`. [`write_report`]
//! regenerates them all from the CSVs, so `sudolab report DIR` needs no rerun.

use std::fmt::Write as _;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use super::charts;
use super::profile::Profiles;
use super::records::too_many_unreadable;
use super::summary::{Summary, SummaryRow};
use crate::atomic_file::AtomicFile;
use crate::error::{Error, Result};

/// Ordered key/value facts about a run (command, commit, CPU...), stored as `meta.csv`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunMetadata {
    entries: Vec<(String, String)>,
}

impl RunMetadata {
    /// Sets `key` (replacing an earlier value).
    pub fn set(&mut self, key: &str, value: impl ToString) {
        let value = value.to_string();
        match self.entries.iter_mut().find(|(k, _)| k == key) {
            Some(entry) => entry.1 = value,
            None => self.entries.push((key.to_string(), value)),
        }
    }

    /// Records what each solver is, as the registry describes it at run time: key
    /// `solver:NAME` holds its description, `solver:NAME:reports` what it fills
    /// (`solutions,counts,guesses`). Reports read these back instead of asking the registry
    /// of whatever build regenerates them.
    pub fn set_solver(&mut self, info: &crate::solver::SolverInfo) {
        let c = info.capabilities;
        let reports: Vec<&str> = [
            (c.solution, "solutions"),
            (c.count, "counts"),
            (c.guesses, "guesses"),
        ]
        .into_iter()
        .filter_map(|(yes, name)| yes.then_some(name))
        .collect();
        self.set(&format!("solver:{}", info.name), info.description);
        self.set(&format!("solver:{}:reports", info.name), reports.join(","));
    }

    /// Records the command line as a JSON array of its arguments (key `command`), so that an
    /// argument with a space in it stays one argument.
    pub fn set_command(&mut self, command: &[String]) {
        let json = serde_json::to_string(command).unwrap_or_default();
        self.set("command", json);
    }

    /// The recorded command line's arguments: the JSON array [`RunMetadata::set_command`]
    /// writes, or, for runs recorded before it, the words of the text that was stored.
    ///
    /// ```
    /// use sudolab::harness::RunMetadata;
    /// let mut meta = RunMetadata::default();
    /// meta.set_command(&["sudolab".into(), "bench".into(), "my corpus.txt".into()]);
    /// assert_eq!(meta.command().unwrap()[2], "my corpus.txt");
    /// assert_eq!(meta.command_line().unwrap(), "sudolab bench 'my corpus.txt'");
    /// meta.set("command", "sudolab bench old.txt");
    /// assert_eq!(meta.command().unwrap(), ["sudolab", "bench", "old.txt"]);
    /// ```
    pub fn command(&self) -> Option<Vec<String>> {
        let text = self.get("command")?;
        if text.trim_start().starts_with('[') {
            serde_json::from_str(text).ok()
        } else {
            Some(text.split_whitespace().map(str::to_string).collect())
        }
    }

    /// The recorded command as a shell would take it: arguments with spaces or quotes in
    /// single quotes.
    pub fn command_line(&self) -> Option<String> {
        let words = self.command()?;
        let quoted: Vec<String> = words
            .iter()
            .map(|word| {
                let plain = !word.is_empty()
                    && word
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
                if plain {
                    word.clone()
                } else {
                    format!("'{}'", word.replace('\'', "'\\''"))
                }
            })
            .collect();
        Some(quoted.join(" "))
    }

    /// The description recorded for solver `name`, if any.
    pub fn solver_description(&self, name: &str) -> Option<&str> {
        self.get(&format!("solver:{name}"))
    }

    /// Whether solver `name` fills guesses and nodes, as recorded (true when the run did not
    /// record it: the CSV is then all there is).
    pub fn solver_reports_guesses(&self, name: &str) -> bool {
        self.get(&format!("solver:{name}:reports"))
            .is_none_or(|r| r.split(',').any(|x| x == "guesses"))
    }

    /// The entries whose key starts with `prefix`, with the prefix removed, in order.
    pub fn with_prefix<'a>(
        &'a self,
        prefix: &'a str,
    ) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
        self.entries
            .iter()
            .filter_map(move |(k, v)| Some((k.strip_prefix(prefix)?, v.as_str())))
    }

    /// Removes `key`.
    pub fn remove(&mut self, key: &str) {
        self.entries.retain(|(k, _)| k != key);
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Writes `meta.csv` in `dir` atomically.
    pub fn write(&self, dir: &Path) -> Result<()> {
        let mut writer = csv::Writer::from_writer(Vec::new());
        let _ = writer.write_record(["key", "value"]);
        for (key, value) in &self.entries {
            let _ = writer.write_record([key, value]);
        }
        let bytes = writer.into_inner().map_err(|e| Error::Io {
            path: "meta.csv".into(),
            error: e.into_error(),
        })?;
        AtomicFile::write(&dir.join("meta.csv"), &bytes)
    }

    /// Reads `meta.csv` from `dir` (empty if absent).
    pub fn read(dir: &Path) -> Result<RunMetadata> {
        let path = dir.join("meta.csv");
        if !path.exists() {
            return Ok(RunMetadata::default());
        }
        let file = crate::input::open_bounded(&path, crate::input::MAX_RUN_FILE_LINE)?;
        RunMetadata::from_reader(file, &path.display().to_string())
    }

    /// Reads `meta.csv` text from any reader; `name` names it in errors.
    pub fn from_reader(input: impl std::io::Read, name: &str) -> Result<RunMetadata> {
        let mut reader = csv::Reader::from_reader(input);
        reader.byte_headers().map_err(|error| Error::Csv {
            file: name.to_string(),
            error,
        })?;
        let mut meta = RunMetadata::default();
        for record in reader.records() {
            let record = record.map_err(|error| Error::Csv {
                file: name.to_string(),
                error,
            })?;
            if let (Some(key), Some(value)) = (record.get(0), record.get(1)) {
                meta.set(key, value);
            }
        }
        Ok(meta)
    }
}

/// Now as `YYYY-MM-DD HH:MM:SS UTC`.
pub fn utc_now() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs()) as i64;
    let (days, rest) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// What [`write_report`] produced.
#[derive(Debug, Clone)]
pub struct Report {
    /// The summary rows.
    pub rows: Vec<SummaryRow>,
    /// Mismatch rows counted in `runs.csv`.
    pub mismatches: u64,
    /// Rows of `runs.csv` that could not be read and were skipped.
    pub skipped_rows: u64,
    /// The first of them: its line and what was wrong.
    pub first_skipped: Option<String>,
}

/// Derives `summary.csv`, the charts, `README.md` and `index.html` in `dir` from `runs.csv` and `meta.csv`
/// there.
pub fn write_report(dir: &Path) -> Result<Report> {
    write_report_into(dir, dir)
}

/// Derives `summary.csv`, the charts, `README.md` and `index.html` into `target` from the `runs.csv` and
/// `meta.csv` of `source` (the same directory, or a run directory and its staging place).
/// Refused when `runs.csv` has no readable row: a summary is never replaced by an empty one.
pub fn write_report_into(source: &Path, target: &Path) -> Result<Report> {
    write_report_with(source, target, &RunMetadata::read(source)?)
}

/// [`write_report_into`] with the run's metadata given (as `report --scatter` changes it)
/// instead of read from `source`. Its `scatter` entry (`A,B`), when present, names the two
/// solvers of the scatter charts; it must name two of the run's solvers.
pub fn write_report_with(source: &Path, target: &Path, meta: &RunMetadata) -> Result<Report> {
    let runs = source.join("runs.csv");
    if !runs.exists() {
        let rebuild = meta
            .command_line()
            .map_or(String::new(), |c| format!("; the run's command was `{c}`"));
        return Err(Error::Refused(format!(
            "{}: no runs.csv, so there is nothing to summarise (runs.csv is the run's raw data; \
             committed reports may leave it out to save space){rebuild}",
            source.display()
        )));
    }
    let summary = Summary::from_runs(&runs)?;
    let (read, skipped) = (summary.read_rows, summary.skipped_rows);
    if too_many_unreadable(read, skipped) || (read == 0 && skipped > 0) {
        return Err(Error::Refused(format!(
            "{}: {skipped} of its {} rows could not be read (first: {}): too many to summarise \
             the rest; nothing was replaced",
            runs.display(),
            read + skipped,
            summary.first_skipped.as_deref().unwrap_or("?")
        )));
    }
    let rows = summary.rows(|name| meta.solver_reports_guesses(name));
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in &rows {
        writer.serialize(row).map_err(|error| Error::Csv {
            file: "summary.csv".into(),
            error,
        })?;
    }
    let bytes = writer.into_inner().map_err(|e| Error::Io {
        path: "summary.csv".into(),
        error: e.into_error(),
    })?;
    AtomicFile::write(&target.join("summary.csv"), &bytes)?;
    let pair = match meta.get("scatter") {
        Some(pair) => Some(charts::scatter_pair(pair, &summary.solvers)?),
        None => None,
    };
    let mut charts = charts::draw_all(&summary, target, pair.as_ref())?;
    let profiles = Profiles::read(&source.join("profile.csv"))?;
    if let Some(profiles) = &profiles {
        charts.extend(super::profile::draw(profiles, &summary.solvers, target)?);
    }
    let readme = readme(meta, &summary, &rows, &charts, profiles.is_some());
    AtomicFile::write(&target.join("README.md"), readme.as_bytes())?;
    super::html::write_index(&readme, target)?;
    Ok(Report {
        rows,
        mismatches: summary.mismatches(),
        skipped_rows: summary.skipped_rows,
        first_skipped: summary.first_skipped.clone(),
    })
}

/// One line per corpus for a terminal: its puzzles, the solver with the lowest median and
/// that median, and the corpus's mismatches and timeouts over every solver (the full table
/// is [`markdown_table`]).
///
/// ```
/// use sudolab::harness::report::corpus_lines;
/// assert_eq!(corpus_lines(&[]), "");
/// ```
pub fn corpus_lines(rows: &[SummaryRow]) -> String {
    let mut corpora: Vec<&str> = Vec::new();
    for row in rows {
        if !corpora.contains(&row.corpus.as_str()) {
            corpora.push(&row.corpus);
        }
    }
    let width = corpora.iter().map(|c| c.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for corpus in corpora {
        let of: Vec<&SummaryRow> = rows.iter().filter(|r| r.corpus == corpus).collect();
        let puzzles = of.iter().map(|r| r.puzzles).max().unwrap_or(0);
        let mismatches: u64 = of.iter().map(|r| r.mismatches).sum();
        let timeouts: u64 = of.iter().map(|r| r.timeouts).sum();
        let fastest = of
            .iter()
            .filter(|r| r.puzzles > 0)
            .min_by(|a, b| a.median_us.total_cmp(&b.median_us));
        let fastest = fastest.map_or("no timed puzzle".to_string(), |r| {
            format!("fastest {} ({:.2} µs median)", r.solver, r.median_us)
        });
        // An exact-cover file is one problem, timed whole.
        let what = match (corpus.ends_with(".dlx"), puzzles == 1) {
            (true, true) => "problem ",
            (true, false) => "problems",
            (false, true) => "puzzle  ",
            (false, false) => "puzzles ",
        };
        let graded = of
            .iter()
            .find_map(|r| Some((r.logic_solved_pct?, r.grade_timeouts)))
            .map_or(String::new(), |(pct, timeouts)| {
                let late = match timeouts {
                    0 => String::new(),
                    n => format!(" ({n} not graded within the time limit)"),
                };
                format!(", {pct:.1}% solved by human techniques{late}")
            });
        let timeouts = if timeouts > 0 {
            format!(", {timeouts} timeouts")
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "{corpus:<width$}  {puzzles:>7} {what}  {fastest}  {mismatches} mismatches{timeouts}{graded}"
        );
    }
    out
}

/// Per exact-cover file and engine, the engine's own figures ([`Summary::engine_details`]).
type Details = std::collections::BTreeMap<(String, String), String>;

/// The summary as a Markdown table, one row per corpus and solver.
pub fn markdown_table(rows: &[SummaryRow], baseline: &str) -> String {
    markdown_table_with(rows, baseline, &Details::new())
}

/// [`markdown_table`], with the engines' own figures on exact-cover files.
fn markdown_table_with(rows: &[SummaryRow], baseline: &str, details: &Details) -> String {
    let mut out = format!(
        "| corpus | solver | puzzles | mean µs | median µs | p90 µs | p99 µs | max µs | puzzles/s | no guess % | guesses/puzzle | nodes/puzzle | assignments/puzzle | median vs {baseline} | mismatches | timeouts | bad records |\n"
    );
    out.push_str("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    let optional = |value: Option<f64>, decimals: usize| match value {
        Some(v) => format!("{v:.decimals$}"),
        None => "n/a".to_string(),
    };
    let graded = rows.iter().any(|r| r.logic_solved_pct.is_some());
    for r in rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.1} | {:.0} | {} | {} | {} | {} | {:.2} | {} | {} | {} |",
            r.corpus,
            r.solver,
            r.puzzles,
            r.mean_us,
            r.median_us,
            r.p90_us,
            r.p99_us,
            r.max_us,
            r.puzzles_per_s,
            optional(r.no_guess_pct, 1),
            optional(r.guesses_per_puzzle, 2),
            optional(r.nodes_per_puzzle, 1),
            optional(r.assignments_per_puzzle, 1),
            r.median_vs_baseline,
            r.mismatches,
            r.timeouts,
            r.errors
        );
    }
    exact_cover_table(rows, details, &mut out);
    if graded {
        out.push_str("\n| corpus | solved by human techniques % | mean hardest rating (SE) |\n|---|--:|--:|\n");
        let mut seen = Vec::new();
        for r in rows.iter().filter(|r| r.logic_solved_pct.is_some()) {
            if !seen.contains(&&r.corpus) {
                seen.push(&r.corpus);
                let _ = writeln!(
                    out,
                    "| {} | {} | {} |",
                    r.corpus,
                    optional(r.logic_solved_pct, 1),
                    optional(r.mean_rating, 2)
                );
            }
        }
    }
    out
}

/// Exact cover side by side. An exact-cover file is one count: every engine's time (and
/// its ratio to the fastest engine's), nodes, mems (with their ratio to the first engine's,
/// the machine-independent comparison) and its own figures (a memo's hits and memory). A
/// puzzle corpus counted with `bench --mems` has means per puzzle: a table of its own, with
/// its own units.
fn exact_cover_table(rows: &[SummaryRow], details: &Details, out: &mut String) {
    let is_file = |r: &SummaryRow| super::exact_cover::is_exact_cover_file(Path::new(&r.corpus));
    let files: Vec<&SummaryRow> = rows.iter().filter(|r| is_file(r)).collect();
    let corpora: Vec<&SummaryRow> = rows
        .iter()
        .filter(|r| !is_file(r) && r.mems_per_puzzle.is_some())
        .collect();
    let first_mems = |table: &[&SummaryRow], corpus: &str| {
        table
            .iter()
            .find(|f| f.corpus == corpus && f.mems_per_puzzle.is_some())
            .and_then(|f| f.mems_per_puzzle)
            .filter(|&m| m > 0.0)
    };
    let mems_ratio = |table: &[&SummaryRow], r: &SummaryRow| match (
        r.mems_per_puzzle,
        first_mems(table, &r.corpus),
    ) {
        (Some(mems), Some(first)) => format!("{:.3}", mems / first),
        _ => "n/a".to_string(),
    };
    let mems = |r: &SummaryRow| {
        r.mems_per_puzzle
            .map_or("n/a".to_string(), |m| format!("{m:.0}"))
    };
    if !files.is_empty() {
        let _ = writeln!(
            out,
            "\n| exact-cover file (one count) | engine | ms | vs fastest | nodes | mems | mems vs first engine | the engine's own figures |\n|---|---|--:|--:|--:|--:|--:|---|"
        );
        for r in &files {
            let fastest = files
                .iter()
                .filter(|f| f.corpus == r.corpus && f.puzzles > 0)
                .map(|f| f.mean_us)
                .fold(f64::INFINITY, f64::min);
            let detail = details
                .get(&(r.corpus.clone(), r.solver.clone()))
                .map_or("", String::as_str);
            let _ = writeln!(
                out,
                "| {} | {} | {:.3} | {:.2} | {:.0} | {} | {} | {} |",
                r.corpus,
                r.solver,
                r.mean_us / 1e3,
                r.mean_us / fastest,
                r.nodes_per_puzzle.unwrap_or(0.0),
                mems(r),
                mems_ratio(&files, r),
                detail
            );
        }
    }
    if !corpora.is_empty() {
        let _ = writeln!(
            out,
            "\n| puzzle corpus (mems counted) | engine | mean ms per puzzle | nodes per puzzle | mems per puzzle | mems vs first engine |\n|---|---|--:|--:|--:|--:|"
        );
        for r in &corpora {
            let _ = writeln!(
                out,
                "| {} | {} | {:.3} | {:.0} | {} | {} |",
                r.corpus,
                r.solver,
                r.mean_us / 1e3,
                r.nodes_per_puzzle.unwrap_or(0.0),
                mems(r),
                mems_ratio(&corpora, r)
            );
        }
    }
}

/// A line for each solver that timed fewer puzzles of a corpus than another solver did (a
/// grid size it does not handle, such as the 9x9-only bands engine on a mixed file, or
/// timeouts and errors): its `median vs` then compares different puzzle sets.
fn partial_corpora(out: &mut String, rows: &[SummaryRow]) {
    let mut notes = Vec::new();
    for r in rows {
        let most = rows
            .iter()
            .filter(|o| o.corpus == r.corpus)
            .map(|o| o.puzzles)
            .max()
            .unwrap_or(0);
        if r.puzzles < most {
            notes.push(format!(
                "* {} timed {} of the {most} puzzles of {} (the others: a grid size it does not \
                 handle, a timeout or an error), so its `median vs` compares different puzzle \
                 sets.",
                r.solver, r.puzzles, r.corpus
            ));
        }
    }
    if !notes.is_empty() {
        let _ = writeln!(out, "\n{}", notes.join("\n"));
    }
}

fn readme(
    meta: &RunMetadata,
    summary: &Summary,
    rows: &[SummaryRow],
    charts: &[std::path::PathBuf],
    profiled: bool,
) -> String {
    let mut out = String::new();
    let started = meta.get("started").unwrap_or("(unknown time)");
    let _ = writeln!(out, "# sudolab run, {started}\n");
    if meta.get("interrupted") == Some("true") {
        out.push_str("**This run was interrupted**: the tables cover the puzzles finished before the interrupt.\n\n");
    }
    let mismatches = summary.mismatches();
    if mismatches > 0 {
        let _ = writeln!(out, "**{mismatches} mismatches**: see `mismatches.csv`.\n");
    }
    busy_warning(&mut out, meta);
    how_it_was_made(&mut out, meta);
    corpora(&mut out, meta);
    solvers(&mut out, meta, summary);
    let baseline = summary.solvers.first().map_or("baseline", String::as_str);
    out.push_str("\n## Summary\n\nTimes are per puzzle, around the solver call alone, counting solutions up to the limit; quantiles are read from a log histogram (within 0.07%). `median vs` is the ratio to the first solver's median on the same corpus, measured in the same run.\n\n");
    out.push_str(&markdown_table_with(
        rows,
        baseline,
        &summary.engine_details,
    ));
    partial_corpora(&mut out, rows);
    overhead(&mut out, meta, summary);
    if !charts.is_empty() {
        out.push_str("\n## Charts\n\n");
        for chart in charts {
            let name = chart
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let _ = writeln!(out, "![{name}]({name})\n");
        }
    }
    if profiled {
        out.push_str("The `profile_*.svg` charts are Knuth's level profiles (`--profile`): the search-tree nodes at each depth, summed over each corpus's puzzles, for the solvers that report their search (bitmask, dlx, dc). A Sudoku search's depth counts placements (bitmask's nodes are its guesses, dlx's and dc's every placement); an exact-cover search's, options chosen.\n\n");
    }
    out.push_str("## Files\n\n* [runs.csv](runs.csv): one row per puzzle and solver (ns, guesses, nodes, count, status).\n* [mismatches.csv](mismatches.csv): every disagreement.\n* [summary.csv](summary.csv): the table above.\n* [meta.csv](meta.csv): how the run was made.\n");
    if profiled {
        out.push_str("* [profile.csv](profile.csv): nodes at each depth per corpus and solver (corpus, solver, depth, nodes).\n");
    }
    out.push_str("* [index.html](index.html): this report as one page for a browser (charts inline, tables sorted by a click on a column's header).\n\nRegenerate the summary, charts, this file and the page with `sudolab report <this directory>`.\n");
    out
}

fn how_it_was_made(out: &mut String, meta: &RunMetadata) {
    out.push_str("## How it was made\n\n| | |\n|---|---|\n");
    for key in [
        "command",
        "sudolab",
        "commit",
        "rustc",
        "cpu",
        "cores",
        "threads",
        "corpora",
        "limit",
        "sample",
        "seed",
        "permute",
        "warmup",
        "timeout_ms",
        "max_nodes",
        "repeat",
        "scatter",
        "shard",
        "shards",
        "load_start",
        "load_end",
        "started",
        "finished",
    ] {
        let value = match key {
            "command" => meta.command_line(),
            _ => meta.get(key).map(str::to_string),
        };
        if let Some(value) = value {
            let _ = writeln!(out, "| {key} | `{}` |", value.replace('|', "\\|"));
        }
    }
}

/// A warning when something else used the machine as the run started: the one-minute load
/// average then was above half the cores.
fn busy_warning(out: &mut String, meta: &RunMetadata) {
    let load = |key| meta.get(key).and_then(|v| v.parse::<f64>().ok());
    let cores = meta.get("cores").and_then(|v| v.parse::<f64>().ok());
    if let (Some(start), Some(cores)) = (load("load_start"), cores) {
        if start > 0.5 * cores {
            let end = meta.get("load_end").unwrap_or("?");
            let _ = writeln!(
                out,
                "**The machine was busy**: load average {start} when the run started (and {end} when it ended) on {cores} cores; times may be inflated and noisy. Compare runs made on a quiet machine, or use `--repeat`.\n"
            );
        }
    }
}

/// What each corpus was: its file and how much of it ran.
fn corpora(out: &mut String, meta: &RunMetadata) {
    let entries: Vec<(&str, &str)> = meta.with_prefix("corpus:").collect();
    if entries.is_empty() {
        return;
    }
    out.push_str("\n## Corpora\n\n");
    for (name, what) in entries {
        let _ = writeln!(out, "* `{name}`: {what}");
    }
}

fn solvers(out: &mut String, meta: &RunMetadata, summary: &Summary) {
    out.push_str("\n## Solvers\n\n");
    for name in &summary.solvers {
        let description = meta
            .solver_description(name)
            .unwrap_or("(not recorded in meta.csv)");
        let _ = writeln!(out, "* `{name}`: {description}");
    }
    if summary.skipped_rows > 0 {
        let _ = writeln!(
            out,
            "\n**{} rows of runs.csv could not be read and were skipped** (first: {}).",
            summary.skipped_rows,
            summary.first_skipped.as_deref().unwrap_or("?")
        );
    }
}

fn overhead(out: &mut String, meta: &RunMetadata, summary: &Summary) {
    let (Some(wall), Some(threads)) = (meta.get("wall_s"), meta.get("threads")) else {
        return;
    };
    let solver_s = summary.total_solver_ns() as f64 / 1e9;
    let _ = writeln!(
        out,
        "\n## Harness overhead\n\nWall time {wall} s on {threads} thread(s); summed solver time {solver_s:.3} s."
    );
    if let (Ok(wall), "1") = (wall.parse::<f64>(), threads) {
        if solver_s > 0.0 {
            let _ = writeln!(
                out,
                "Wall time / solver time = {:.3} (1 = no overhead).",
                wall / solver_s
            );
        }
    }
}
