//! The engine families side by side on variant corpora: every puzzle of each file counted
//! to two by bitmask, dlx, dc and sat, each answer checked (one solution, the one the file
//! states, accepted by the independent checker), and a Markdown table of time and nodes.
//!
//! ```text
//! cargo run --release --example variant_table -- datasets/variants/*.txt.gz
//! ```
//!
//! Options: `--solvers a,b` (default `bitmask,dlx,dc,sat`), `--timeout-ms N` per puzzle
//! (default 10000; a stopped count is reported, never counted as agreement), `--limit N`
//! puzzles per file (default all).

use std::time::{Duration, Instant};

use sudolab::checker::check_variant_solution;
use sudolab::corpus::ExpectedCount;
use sudolab::registry;
use sudolab::solver::Limits;
use sudolab::variant::format;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut files = Vec::new();
    let mut solvers = "bitmask,dlx,dc,sat".to_string();
    let mut timeout_ms = 10_000u64;
    let mut limit = usize::MAX;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--solvers" => solvers = args.next().ok_or("--solvers needs a list")?,
            "--timeout-ms" => timeout_ms = args.next().ok_or("--timeout-ms needs N")?.parse()?,
            "--limit" => limit = args.next().ok_or("--limit needs N")?.parse()?,
            _ => files.push(arg),
        }
    }
    if files.is_empty() {
        return Err("name variant corpus files".into());
    }
    println!("| corpus | variant | puzzles | solver | answers checked | median µs | mean µs | mean nodes | mean guesses |");
    println!("|---|---|--:|---|--:|--:|--:|--:|--:|");
    for file in &files {
        let input = sudolab::input::open_file(std::path::Path::new(file))?;
        let mut records = format::read_records(input, Some(file))?;
        records.truncate(limit);
        let name = std::path::Path::new(file)
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let variant = records
            .first()
            .map(|r| r.puzzle.variant().name())
            .unwrap_or_default();
        for solver_name in solvers.split(',') {
            let solver = registry::by_name(solver_name).ok_or("unknown solver")?;
            let mut times = Vec::with_capacity(records.len());
            let (mut nodes, mut guesses, mut agreed, mut stopped) = (0u64, 0u64, 0usize, 0usize);
            for record in &records {
                let limits = Limits {
                    deadline: Some(Instant::now() + Duration::from_millis(timeout_ms)),
                    ..Limits::NONE
                };
                let start = Instant::now();
                let outcome = solver.count_variant(&record.puzzle, 2, &limits);
                times.push(start.elapsed().as_secs_f64() * 1e6);
                nodes += outcome.stats.nodes;
                guesses += outcome.stats.guesses;
                if outcome.stopped.is_some() {
                    stopped += 1;
                    continue;
                }
                let count_ok = match record.expected_count {
                    Some(ExpectedCount::Exactly(n)) => outcome.count == n,
                    Some(ExpectedCount::AtLeast(n)) => outcome.count >= n.min(2),
                    None => true,
                };
                let solution_ok = match (&record.expected_solution, outcome.solutions.first()) {
                    (Some(stated), Some(found)) => stated == found,
                    (Some(_), None) => false,
                    _ => true,
                };
                let checked = outcome
                    .solutions
                    .iter()
                    .all(|s| check_variant_solution(&record.puzzle, s).is_ok());
                if count_ok && solution_ok && checked {
                    agreed += 1;
                } else {
                    eprintln!(
                        "{file}, line {}: {solver_name} disagrees (count {})",
                        record.line, outcome.count
                    );
                }
            }
            times.sort_by(f64::total_cmp);
            let n = records.len().max(1);
            let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
            let mean = times.iter().sum::<f64>() / n as f64;
            let note = if stopped > 0 {
                format!(" ({stopped} stopped)")
            } else {
                String::new()
            };
            println!(
                "| {name} | {variant} | {} | {solver_name} | {agreed}{note} | {median:.0} | {mean:.0} | {:.1} | {:.1} |",
                records.len(),
                nodes as f64 / n as f64,
                guesses as f64 / n as f64
            );
        }
    }
    Ok(())
}
