//! Measures the at-most-one encodings of the exact-cover CNF side by side: for each file,
//! each encoding builds the formula and counts up to LIMIT solutions (0: all), interleaved,
//! best of three; prints the formula's size and the milliseconds.
//!
//! `cargo run --release --example sat_at_most_one -- LIMIT FILE...`

use std::time::Instant;

use sudolab::exact_cover::Problem;
use sudolab::sat::{count_models, AtMostOne, Cnf};
use sudolab::solver::Limits;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let limit: u64 = args
        .next()
        .ok_or("usage: sat_at_most_one LIMIT FILE...")?
        .parse()?;
    let encodings = [
        ("pairwise", AtMostOne::Pairwise),
        ("mixed 8", AtMostOne::Mixed(8)),
        ("mixed 16", AtMostOne::Mixed(16)),
        ("mixed 32", AtMostOne::Mixed(32)),
        ("mixed 64", AtMostOne::Mixed(64)),
        ("sequential", AtMostOne::Sequential),
    ];
    println!("| file | encoding | variables | clauses | literals | solutions | best ms |");
    println!("|---|---|--:|--:|--:|--:|--:|");
    for file in args {
        let reader = sudolab::input::open_file(std::path::Path::new(&file))?;
        let problem = Problem::read_dlx_format(reader, Some(&file))?;
        let mut best = vec![f64::INFINITY; encodings.len()];
        let mut found = vec![0u64; encodings.len()];
        let mut sizes = vec![(0, 0, 0); encodings.len()];
        for _ in 0..3 {
            for (k, &(_, encoding)) in encodings.iter().enumerate() {
                let started = Instant::now();
                let cnf = Cnf::from_problem_with(&problem, encoding)?;
                let count = count_models(&cnf, limit, 0, &Limits::NONE);
                best[k] = best[k].min(started.elapsed().as_secs_f64() * 1e3);
                found[k] = count.count;
                sizes[k] = (cnf.variables, cnf.clause_count(), cnf.literal_count());
            }
        }
        let name = std::path::Path::new(&file)
            .file_name()
            .unwrap()
            .to_string_lossy();
        for (k, (label, _)) in encodings.iter().enumerate() {
            let (variables, clauses, literals) = sizes[k];
            println!(
                "| {name} | {label} | {variables} | {clauses} | {literals} | {} | {:.1} |",
                found[k], best[k]
            );
        }
    }
    Ok(())
}
