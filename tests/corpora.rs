//! Solvers over samples of the bundled standard corpora (`datasets/*.gz`): every proper
//! puzzle has exactly one solution, every puzzle of Serg's benchmark has two or more, and
//! every engine agrees on count and solution.

mod common;

use sudolab::checker::check_solution;
use sudolab::registry;

fn assert_counts(name: &str, sample: usize, unique: bool) {
    let records = common::corpus_sample(name, sample);
    assert!(!records.is_empty(), "{name} is empty");
    let solvers = registry::all();
    for record in &records {
        let reference = solvers[0].count(&record.puzzle, 2);
        if unique {
            assert_eq!(reference.count, 1, "{name}, line {}", record.line);
        } else {
            assert_eq!(reference.count, 2, "{name}, line {}", record.line);
        }
        for solution in &reference.solutions {
            assert_eq!(check_solution(&record.puzzle, solution), Ok(()));
        }
        for other in &solvers[1..] {
            let outcome = other.count(&record.puzzle, 2);
            assert_eq!(
                outcome.count,
                reference.count,
                "{} on {name}, line {}",
                other.info().name,
                record.line
            );
            if unique {
                assert_eq!(outcome.solutions, reference.solutions);
            }
            for solution in &outcome.solutions {
                assert_eq!(check_solution(&record.puzzle, solution), Ok(()));
            }
        }
    }
}

#[test]
fn top1465_all_unique() {
    assert_counts("puzzles3_magictour_top1465", usize::MAX, true);
}

#[test]
fn seventeen_clue_sample_unique() {
    assert_counts("puzzles2_17_clue", 3000, true);
}

#[test]
fn forum_hardest_samples_unique() {
    assert_counts("puzzles6_forum_hardest_1106", usize::MAX, true);
    assert_counts("puzzles5_forum_hardest_1905_11+", 500, true);
}

#[test]
fn norvig_and_exchange_samples_unique() {
    assert_counts("norvig_top95", usize::MAX, true);
    assert_counts("norvig_hardest", usize::MAX, true);
    assert_counts("sudoku_exchange_diabolical_2020", 1000, true);
}

#[test]
fn serg_benchmark_has_several_solutions() {
    assert_counts("puzzles7_serg_benchmark", 1000, false);
}

/// Exact counts (no limit) of Serg's puzzles: the sat solver (blocking clauses) and the
/// bitmask engine (search) agree on every one of a sample; the whole corpus is checked by
/// `count --limit 0` in the SAT report (1,982,741 solutions, identical).
#[test]
fn serg_exact_counts_agree_between_sat_and_bitmask() {
    let records = common::corpus_sample("puzzles7_serg_benchmark", 200);
    assert!(!records.is_empty());
    let sat = registry::by_name("sat").expect("registered");
    let bitmask = registry::by_name("bitmask").expect("registered");
    let mut total = 0;
    for record in &records {
        let expected = bitmask.count(&record.puzzle, 0).count;
        assert_eq!(
            sat.count(&record.puzzle, 0).count,
            expected,
            "line {}",
            record.line
        );
        total += expected;
    }
    // Many solutions each, so the blocking clauses are exercised well beyond the limit of 2.
    assert!(total > 10 * records.len() as u64, "{total}");
}
