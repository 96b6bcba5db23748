//! Measures the SAT engine's encodings side by side: the two at-most-one encodings, and the
//! default one without the level-0 propagation (givens' eliminations only). Every puzzle of
//! a corpus counted to 2 with each, interleaved, one thread; prints mean and median
//! microseconds per puzzle (encoding and solving) and the formula sizes.
//!
//! `cargo run --release --example sat_encodings -- datasets/puzzles3_magictour_top1465.gz`

use std::time::Instant;

use sudolab::corpus::CorpusReader;
use sudolab::sat::{count_models, AtMostOne, SudokuCnf};
use sudolab::solver::Limits;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: sat_encodings CORPUS [LIMIT]")?;
    let most: usize = std::env::args()
        .nth(2)
        .map_or(Ok(usize::MAX), |n| n.parse())?;
    let puzzles: Vec<_> = CorpusReader::from_path(std::path::Path::new(&path))?
        .filter_map(Result::ok)
        .take(most)
        .map(|record| record.puzzle)
        .collect();
    let encodings = [
        ("pairwise", AtMostOne::Pairwise, true),
        ("sequential", AtMostOne::Sequential, true),
        ("pairwise, no propagation", AtMostOne::Pairwise, false),
    ];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); encodings.len()];
    let mut sizes = vec![(0u64, 0u64); encodings.len()];
    for puzzle in &puzzles {
        let mut counts = Vec::new();
        for (k, &(_, at_most_one, propagate)) in encodings.iter().enumerate() {
            let started = Instant::now();
            let cnf = if propagate {
                SudokuCnf::with_at_most_one(puzzle, at_most_one).cnf
            } else {
                SudokuCnf::without_propagation(puzzle, at_most_one).cnf
            };
            let found = count_models(&cnf, 2, 0, &Limits::NONE);
            times[k].push(started.elapsed().as_secs_f64() * 1e6);
            sizes[k].0 += u64::from(cnf.variables);
            sizes[k].1 += cnf.clause_count() as u64;
            counts.push(found.count);
        }
        assert!(
            counts.windows(2).all(|w| w[0] == w[1]),
            "counts differ on {puzzle}"
        );
    }
    let n = puzzles.len().max(1) as f64;
    println!("{path}: {} puzzles, count to 2", puzzles.len());
    for (k, (name, _, _)) in encodings.iter().enumerate() {
        let mut sorted = times[k].clone();
        sorted.sort_by(f64::total_cmp);
        let mean = sorted.iter().sum::<f64>() / n;
        let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
        println!(
            "{name}: mean {mean:.1} us, median {median:.1} us; per puzzle {:.0} variables, {:.0} clauses",
            sizes[k].0 as f64 / n,
            sizes[k].1 as f64 / n
        );
    }
    Ok(())
}
