//! How long `hint` takes: for each puzzle of a sample, every position along its logical
//! solving path is asked for its next step (`logic::next_step`, what `sudolab hint` runs),
//! one thread, each call timed; prints the median, p90, p99 and maximum per hint, and the
//! share of puzzles the techniques solve.
//!
//! `cargo run --release --example hint_latency -- CORPUS [SAMPLE [SEED]]`
//!
//! SAMPLE puzzles (default 1,000) drawn at random with SEED (default 1); 0 takes all.

use std::path::Path;
use std::time::Instant;

use sudolab::corpus::CorpusReader;
use sudolab::logic::{next_step, Position};
use sudolab::random::Random;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let corpus = args
        .first()
        .ok_or("usage: hint_latency CORPUS [SAMPLE [SEED]]")?;
    let sample: usize = args.get(1).map_or(Ok(1000), |s| s.parse())?;
    let seed: u64 = args.get(2).map_or(Ok(1), |s| s.parse())?;
    let mut records: Vec<_> =
        CorpusReader::from_path(Path::new(corpus))?.collect::<Result<_, _>>()?;
    if sample != 0 && sample < records.len() {
        Random::new(seed).shuffle(&mut records);
        records.truncate(sample);
    }
    let mut times: Vec<f64> = Vec::new();
    let mut solved = 0;
    for record in &records {
        let mut position = Position::from_grid(&record.puzzle)?;
        loop {
            let started = Instant::now();
            let step = next_step(&position);
            times.push(started.elapsed().as_secs_f64() * 1e3);
            match step {
                Some(step) => position.apply(&step),
                None => break,
            }
            if position.is_solved() {
                solved += 1;
                break;
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!(
        "{corpus}: {} puzzles ({} solved by the techniques), {} hints",
        records.len(),
        solved,
        times.len()
    );
    println!(
        "ms per hint: median {:.3}, p90 {:.3}, p99 {:.3}, max {:.3}",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
    Ok(())
}
