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

/// The bundled 25x25 corpus: each stated solution passes the checker, and the sat solver
/// (fast on this size; the other engines take seconds to a minute a puzzle) proves it the
/// only one and finds the same grid.
#[test]
fn generated_25x25_puzzles_are_unique_with_their_stated_solutions() {
    let path = common::datasets().join("generated_25x25.txt");
    let sat = registry::by_name("sat").expect("registered");
    let mut checked = 0;
    for record in sudolab::corpus::CorpusReader::from_path(&path).unwrap() {
        let record = record.unwrap();
        let stated = record
            .expected_solution
            .as_ref()
            .expect("puzzle:1:solution");
        assert_eq!(
            check_solution(&record.puzzle, stated),
            Ok(()),
            "line {}",
            record.line
        );
        let outcome = sat.count(&record.puzzle, 2);
        assert_eq!(outcome.count, 1, "line {}", record.line);
        assert_eq!(&outcome.solutions[0], stated, "line {}", record.line);
        checked += 1;
    }
    assert_eq!(checked, 28);
}
