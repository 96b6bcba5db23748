//! Times one solver's `count(puzzle, 2)` over a corpus in a bare loop, the way the peers in
//! `../shared/peers` time themselves (no harness, no I/O inside the timed part): the kernel
//! figure to profile an engine with.
//!
//! `cargo run --release --example solve_loop -- SOLVER FILE [ROUNDS]`

use std::time::Instant;

use sudolab::corpus::CorpusReader;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: solve_loop SOLVER FILE [ROUNDS]");
        std::process::exit(2);
    }
    let solver = sudolab::registry::find(&args[1])?;
    let rounds: usize = args.get(3).map_or(Ok(1), |r| r.parse())?;
    let mut puzzles = Vec::new();
    for record in CorpusReader::from_path(std::path::Path::new(&args[2]))?.flatten() {
        puzzles.push(record.puzzle);
    }
    let (mut nodes, mut guesses, mut solutions) = (0u64, 0u64, 0u64);
    let started = Instant::now();
    for _ in 0..rounds {
        for puzzle in &puzzles {
            let outcome = solver.count(puzzle, 2);
            nodes += outcome.stats.nodes;
            guesses += outcome.stats.guesses;
            solutions += outcome.count;
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let runs = (puzzles.len() * rounds) as f64;
    println!(
        "{}: {} puzzles x {rounds}: {:.2} us per puzzle, {:.1} nodes, {:.2} guesses, {:.3} solutions per puzzle",
        args[1],
        puzzles.len(),
        seconds * 1e6 / runs,
        nodes as f64 / runs,
        guesses as f64 / runs,
        solutions as f64 / runs
    );
    Ok(())
}
