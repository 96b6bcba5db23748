//! Many generated variant puzzles, every engine: each puzzle of `--count` per variant is
//! generated (seeded, on every core), then counted to two by bitmask, dlx, dc and sat;
//! every count must be 1 and every solution the generator's, accepted by the checker.
//! Prints one line per variant: puzzles, agreements, disagreements, seconds.
//!
//! ```text
//! cargo run --release --example variant_cross_check -- --count 10000 --seed 35
//! cargo run --release --example variant_cross_check -- --count 100 --variants "x,killer 6"
//! cargo run --release --example variant_cross_check -- --first 5000 --count 1000 --variants non-consecutive
//! ```
//!
//! `--first` is the index of the first puzzle (default 0): puzzle `i` of a seed is the same
//! in every run, so a long campaign can be run in chunks (`--first 0 --count 1000`, then
//! `--first 1000 --count 1000`, ...) and the chunks add up to one run.
//!
//! `--variants` lists `RULES [SIDE]` separated by commas (default: every rule on 9x9,
//! jigsaw, killer on 6x6 and 9x9; non-consecutive is left out by default, its sparse
//! puzzles taking seconds each).

use rayon::prelude::*;
use std::time::Instant;

use sudolab::checker::check_variant_solution;
use sudolab::generate::variant::{generate_variant, Recipe};
use sudolab::registry;
use sudolab::solver::Limits;
use sudolab::variant::format::parse_rules;

const DEFAULT: &str =
    "x,windoku,disjoint-groups,anti-knight,anti-king,jigsaw,killer,killer 6,x anti-king";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (mut first, mut count, mut seed) = (0u64, 1000u64, 35u64);
    let mut variants = DEFAULT.to_string();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--first" => first = value()?.parse()?,
            "--count" => count = value()?.parse()?,
            "--seed" => seed = value()?.parse()?,
            "--variants" => variants = value()?,
            other => return Err(format!("unknown argument {other}").into()),
        }
    }
    let solvers: Vec<_> = ["bitmask", "dlx", "dc", "sat"]
        .iter()
        .map(|name| registry::by_name(name).expect("registered"))
        .collect();
    let mut failed = 0;
    for spec in variants.split(',') {
        let mut words: Vec<&str> = spec.split_whitespace().collect();
        let side = match words.last().and_then(|w| w.parse::<usize>().ok()) {
            Some(side) => {
                words.pop();
                side
            }
            None => 9,
        };
        let (rules, jigsaw) = parse_rules(&words.join(" "))?;
        let recipe = Recipe {
            jigsaw,
            check_nodes: 3_000_000,
            ..Recipe::new(side, &rules)
        };
        let start = Instant::now();
        let results: Vec<Result<bool, String>> = (first..first + count)
            .into_par_iter()
            .map(|index| {
                let generated =
                    generate_variant(&recipe, seed, index).map_err(|e| e.to_string())?;
                let puzzle = &generated.puzzle;
                Ok(solvers.iter().all(|solver| {
                    let outcome = solver.count_variant(puzzle, 2, &Limits::NONE);
                    outcome.count == 1
                        && outcome.solutions[0] == generated.solution
                        && check_variant_solution(puzzle, &outcome.solutions[0]).is_ok()
                }))
            })
            .collect();
        let agreed = results.iter().filter(|r| matches!(r, Ok(true))).count();
        let errors: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
        let disagreed = results.len() - agreed - errors.len();
        failed += disagreed + errors.len();
        println!(
            "{spec:<18} side {side:>2}: {count} puzzles from {first}, {agreed} agreed by bitmask, dlx, dc and sat, \
             {disagreed} disagreed, {} not generated, {:.1} s",
            errors.len(),
            start.elapsed().as_secs_f64()
        );
        if let Some(error) = errors.first() {
            println!("  first error: {error}");
        }
    }
    if failed > 0 {
        return Err(format!("{failed} puzzles failed").into());
    }
    Ok(())
}
