//! Every registered solver against the bundled known answers: counts (exact where the file
//! states an exact count), stated solutions, and the independent checker on every grid.

mod common;

use sudolab::checker::check_solution;
use sudolab::corpus::ExpectedCount;
use sudolab::registry;

#[test]
fn every_solver_matches_every_known_answer() {
    let records = common::known_answers();
    assert!(records.len() >= 10);
    for solver in registry::all() {
        let name = solver.info().name;
        for record in &records {
            if !solver.supports(&record.puzzle) {
                let outcome = solver.count(&record.puzzle, 2);
                assert_eq!(
                    outcome.stopped,
                    Some(sudolab::solver::Stop::UnsupportedSize),
                    "{name} must refuse a size it does not solve, not count it"
                );
                continue;
            }
            let expected = record
                .expected_count
                .expect("every known answer states a count");
            // Count one past an exact expectation, so "exactly N" is really checked.
            let limit = match expected {
                ExpectedCount::Exactly(n) => n + 1,
                ExpectedCount::AtLeast(n) => n,
            };
            let outcome = solver.count(&record.puzzle, limit);
            assert!(
                expected.agrees_with(outcome.count, limit),
                "{name}, line {}: expected {expected}, counted {}",
                record.line,
                outcome.count
            );
            for solution in &outcome.solutions {
                assert_eq!(
                    check_solution(&record.puzzle, solution),
                    Ok(()),
                    "{name}, line {}",
                    record.line
                );
            }
            if let Some(stated) = &record.expected_solution {
                assert_eq!(
                    &outcome.solutions[0], stated,
                    "{name}, line {}",
                    record.line
                );
            }
        }
    }
}

#[test]
fn stated_solutions_pass_the_checker() {
    for record in common::known_answers() {
        if let Some(solution) = &record.expected_solution {
            assert_eq!(
                check_solution(&record.puzzle, solution),
                Ok(()),
                "line {}",
                record.line
            );
        }
    }
}

#[test]
fn all_sizes_are_represented() {
    let sides: std::collections::BTreeSet<usize> = common::known_answers()
        .iter()
        .map(|r| r.puzzle.side())
        .collect();
    assert_eq!(sides.into_iter().collect::<Vec<_>>(), vec![4, 9, 16, 25]);
}
