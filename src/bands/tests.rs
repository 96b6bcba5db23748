use super::*;
use crate::checker::check_solution;
use crate::registry;

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn solves_easy_and_hard_puzzles() {
    for text in [WIKIPEDIA, INKALA] {
        let puzzle: Grid = text.parse().unwrap();
        let outcome = BandSolver.count(&puzzle, 2);
        assert_eq!(outcome.count, 1, "{text}");
        assert_eq!(check_solution(&puzzle, &outcome.solutions[0]), Ok(()));
        let bitmask = registry::by_name("bitmask").unwrap().count(&puzzle, 2);
        assert_eq!(outcome.solutions, bitmask.solutions);
    }
}

#[test]
fn counts_many_and_none() {
    let empty = Grid::empty(3).unwrap();
    let outcome = BandSolver.count(&empty, 1000);
    assert_eq!(outcome.count, 1000);
    for solution in &outcome.solutions {
        assert_eq!(check_solution(&empty, solution), Ok(()));
    }
    let conflict: Grid = format!("55{}", &WIKIPEDIA[2..]).parse().unwrap();
    assert_eq!(BandSolver.count(&conflict, 2).count, 0);
    // Row 1 holds 1..8 and column 9 a 9: r1c9 has no candidate.
    let stuck: Grid = format!("12345678.{}........9", ".".repeat(63))
        .parse()
        .unwrap();
    assert_eq!(BandSolver.count(&stuck, 2).count, 0);
}

#[test]
fn other_sizes_are_refused_not_miscounted() {
    let four = Grid::empty(2).unwrap();
    let outcome = BandSolver.count(&four, 2);
    assert_eq!(outcome.stopped, Some(Stop::UnsupportedSize));
    assert!(!BandSolver.supports(&four));
}
