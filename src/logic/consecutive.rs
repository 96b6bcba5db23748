//! Sudoku Explainer's two techniques of the non-consecutive rule (orthogonal neighbours
//! never hold consecutive digits), learned from its hints on the development split of
//! `datasets/se_ratings_variant_non-consecutive_dev.se.txt.gz`. Both read a cell's
//! orthogonal neighbours ([`Position::neighbours`]), which share its row or column: a
//! neighbour of a cell holding `d` holds neither `d` nor `d - 1` nor `d + 1`. Off the
//! non-consecutive rule they find nothing.

use super::{elimination_names, set_name, Position, Step, Technique};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::Cell;

/// Non-consecutive forcing cell (SE 2.4): every candidate of a cell is `d` or next to it,
/// so whatever the cell holds, its orthogonal neighbours cannot hold `d`. ("Cell r7c6 on
/// value(s) 1,2": r7c6 is 1 or 2, so no neighbour holds 1 or 2.)
pub fn forcing_cell(position: &Position) -> Option<Step> {
    if !position.is_non_consecutive() {
        return None;
    }
    let geometry = position.geometry();
    for cell in geometry.cells().filter(|&c| position.is_empty(c)) {
        let candidates = position.candidates(cell);
        let forced = Digit::all(geometry.side())
            .filter(|&d| {
                let around = position.consecutive_digits(d).union(DigitSet::single(d));
                candidates.difference(around).is_empty()
            })
            .fold(DigitSet::EMPTY, |set, d| set.union(DigitSet::single(d)));
        if forced.is_empty() {
            continue;
        }
        let eliminations = removing(position, position.neighbours(cell), forced);
        if eliminations.is_empty() {
            continue;
        }
        let explanation = format!(
            "Non-consecutive forcing cell: {} is {}, so its neighbours cannot hold {}: remove \
             {}",
            position.name(cell),
            set_name(candidates),
            set_name(forced),
            elimination_names(position, &eliminations)
        );
        return Some(Step::eliminating(
            Technique::NonConsecutiveForcingCell,
            eliminations,
            vec![cell],
            Vec::new(),
            explanation,
        ));
    }
    None
}

/// Locked non-consecutive (SE 2.5): every place of a digit `d` in a unit is a cell or one
/// of its orthogonal neighbours, so that cell holds `d` or touches the cell that does: it
/// holds neither `d - 1` nor `d + 1`. ("2: Cells r1c5,r1c7 on value(s) 1,3": 2 of row 1
/// is in r1c5 or r1c7, both next to r1c6, which loses 1 and 3.)
pub fn locked(position: &Position) -> Option<Step> {
    if !position.is_non_consecutive() {
        return None;
    }
    let geometry = position.geometry();
    for digit in Digit::all(geometry.side()) {
        let next_to = position.consecutive_digits(digit);
        for unit in geometry.units() {
            let places = position.places(unit, digit);
            let Some(&first) = places.first() else {
                continue;
            };
            if places.len() < 2 {
                continue;
            }
            // A cell touching every place is the first place or one of its neighbours.
            let touching = std::iter::once(first).chain(position.neighbours(first));
            let touching_all = touching.filter(|&x| {
                position.is_empty(x)
                    && places
                        .iter()
                        .all(|&p| p == x || position.neighbours(x).any(|n| n == p))
            });
            let eliminations = removing(position, touching_all, next_to);
            if eliminations.is_empty() {
                continue;
            }
            let mut losers: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
            losers.dedup();
            let explanation = format!(
                "Locked non-consecutive: in {}, {} can only go in {}; {} holds it or touches \
                 the cell that does, so holds none of {}: remove {}",
                geometry.unit_name(unit),
                digit.symbol(),
                position.names(&places),
                position.names(&losers),
                set_name(next_to),
                elimination_names(position, &eliminations)
            );
            return Some(Step::eliminating(
                Technique::LockedNonConsecutive,
                eliminations,
                places,
                vec![unit],
                explanation,
            ));
        }
    }
    None
}

/// Removing `digits` from the pencil marks of `cells`: the candidates that are there.
fn removing(
    position: &Position,
    cells: impl Iterator<Item = Cell>,
    digits: DigitSet,
) -> Vec<(Cell, Digit)> {
    cells
        .flat_map(|cell| {
            let gone = position.candidates(cell).intersection(digits);
            gone.iter().map(move |digit| (cell, digit))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{forcing_cell, locked};
    use crate::logic::next_step;
    use crate::logic::position::{from_se_marks, from_se_variant_marks, removals as removed};

    #[test]
    fn a_cell_of_two_consecutive_digits_takes_both_from_its_neighbours_as_se_does() {
        // Non-consecutive development puzzle 2 of
        // `se_ratings_variant_non-consecutive_dev.se.txt.gz` before SE's 9th step, "2.4
        // Cell r7c6 on value(s) 1,2": r7c6 is {1,2}; r6c6 {1,6,7} loses 1, r7c5 {2,4,6,7}
        // loses 2 (r7c5 shares the row, so 2 goes for both reasons).
        let rows = [
            "......7..1.34............8..2.4.6...........9.234.6...1..4.6...123..........5....",
            ".2345...9..3456..9.2.456.........78.1..........34.67.....4.67.9..3...78..2.....8.",
            "1234.6..9...4.6..912......9....5......3...78..234.67..1..4.67.9123...78..2.4.6.8.",
            "...456.89.2...........567.9..3..........5678.1..4.67.91..4.67..1.....78....4.6.8.",
            "1..456.89....56.89..3......1....6789.2.45678.12.4.67.91....67..12....78..2.4.6...",
            "1..4.6.8.1..4.6.8.1....67..12.4.678..2.4.678.1....67....3..........5............9",
            "12.4.6.8.1..4.6.8.12.4.6...12.4.67...2.4.67..12...........5............9..3......",
            "1.3.56..91.3.5...91...56..91....6..9..3..6..........8..2..........4...........7..",
            ".234....9......7...2.4....9.2.4....9.23..........5...........8......6...1........",
        ];
        let position = from_se_variant_marks("non-consecutive", &rows);
        let step = forcing_cell(&position).expect("a forcing cell");
        assert_eq!(step.rating, 2.4);
        assert_eq!(
            removed(&position, &step),
            [("r6c6".to_string(), 1), ("r7c5".to_string(), 2)]
        );
        assert_eq!(next_step(&position), Some(step));
        // The same marks on a classic grid: no neighbour rule, no step.
        assert_eq!(forcing_cell(&from_se_marks(&rows)), None);
    }

    #[test]
    fn a_place_of_the_digit_touching_all_the_others_loses_its_neighbours_as_se_does() {
        // Non-consecutive development puzzle 15 before SE's 20th step, "2.5 2: Cells
        // r4c8,r5c7,r5c8,r5c9 on value(s) 1,3": 2 of box 6 is in r5c8 or next to it, so
        // r5c8 is 2 or touches the 2: it loses 1 (it has no 3).
        let rows = [
            "1............5..8...3....8......6....23.....9....5.789.2..5.7.9......789...4.....",
            "...45.....2............6......4...8....45.7.91............5.789..3.............89",
            "........9......7....34.........5..8..2345........5..8.12.....8......6...12.......",
            "......7..1..4.....12..5....1..45...........8...3...........6...12.4....9....5...9",
            ".234..........6...........91..45.7..1..4.........5.7..1234...8.12.45.78.123.5..8.",
            "...45..8.1.34...8.1.345............9.....6....2..........45.78.1..45.78.1.3.5....",
            "..34...8.1.345..89...45..8..2..........4....9.....6...1.34...891..45...9......7..",
            ".....6...1.34...8912345........5.78.1..45.7.9...4...8912345..8912.45..89123.....9",
            ".2.4...8.1..45...9......7....3......1...5...9...45..8912.45..8912.4...89.....6...",
        ];
        let position = from_se_variant_marks("non-consecutive", &rows);
        assert_eq!(forcing_cell(&position), None);
        let step = locked(&position).expect("a locked digit");
        assert_eq!(step.rating, 2.5);
        assert_eq!(removed(&position, &step), [("r5c8".to_string(), 1)]);
        assert_eq!(locked(&from_se_marks(&rows)), None);
    }
}
