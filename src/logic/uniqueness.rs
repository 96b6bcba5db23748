//! Deductions that assume the puzzle has exactly one solution: unique rectangle type 1 and
//! BUG+1. Sound for every proper puzzle (the soundness tests use only those); on a puzzle with
//! several solutions they may remove a solution, as every solver of people's puzzles accepts.

use super::{digit_name, set_name, Position, Step, Technique};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::{Cell, Unit};

/// Unique rectangle, type 1: four cells on two rows, two columns and exactly two boxes; three
/// hold only {a,b}, so the fourth cannot be a or b (else the two digits could be swapped and
/// the puzzle would have two solutions).
pub fn unique_rectangle(position: &Position) -> Option<Step> {
    let geometry = position.geometry();
    let side = geometry.side();
    let cell = |r: usize, c: usize| geometry.cell_at(r, c);
    for r1 in 0..side {
        for r2 in r1 + 1..side {
            for c1 in 0..side {
                for c2 in c1 + 1..side {
                    let corners = [cell(r1, c1), cell(r1, c2), cell(r2, c1), cell(r2, c2)];
                    if corners.iter().any(|&k| !position.is_empty(k)) {
                        continue;
                    }
                    let mut boxes: Vec<usize> =
                        corners.iter().map(|&k| geometry.box_of(k)).collect();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 {
                        continue;
                    }
                    let pairs: Vec<Cell> = corners
                        .iter()
                        .copied()
                        .filter(|&k| position.candidates(k).len() == 2)
                        .collect();
                    if pairs.len() != 3 {
                        continue;
                    }
                    let ab = position.candidates(pairs[0]);
                    if pairs.iter().any(|&k| position.candidates(k) != ab) {
                        continue;
                    }
                    let fourth = *corners.iter().find(|k| !pairs.contains(k))?;
                    let extra = position.candidates(fourth);
                    if extra.intersection(ab) != ab {
                        continue;
                    }
                    let eliminations: Vec<(Cell, Digit)> = ab.iter().map(|d| (fourth, d)).collect();
                    let explanation = format!(
                        "Unique rectangle (type 1): {} hold only {}; if {} were {} too the two digits could be swapped in a second solution, so remove {} from {}",
                        position.names(&pairs),
                        set_name(ab),
                        position.name(fourth),
                        set_name(ab),
                        set_name(ab),
                        position.name(fourth)
                    );
                    return Some(Step::eliminating(
                        Technique::UniqueRectangle,
                        eliminations,
                        corners.to_vec(),
                        Vec::new(),
                        explanation,
                    ));
                }
            }
        }
    }
    None
}

/// BUG+1: every empty cell has two candidates but one, which has three, and without it every
/// digit would appear exactly twice in every unit (a "bivalue universal grave", which has no
/// unique solution). The extra cell must take the digit that appears three times in its row.
pub fn bug_plus_one(position: &Position) -> Option<Step> {
    let geometry = position.geometry();
    let mut odd = None;
    for k in geometry.cells() {
        if !position.is_empty(k) {
            continue;
        }
        match position.candidates(k).len() {
            2 => {}
            3 if odd.is_none() => odd = Some(k),
            _ => return None,
        }
    }
    let odd = odd?;
    let [row, column, block] = geometry.units_of(odd);
    // The digit seen three times in the odd cell's units; every other count must be 0 or 2.
    let mut digit = None;
    for unit in geometry.units() {
        for d in Digit::all(geometry.side()) {
            let n = position.places(unit, d).len();
            let in_odd_unit =
                [row, column, block].contains(&unit) && position.candidates(odd).contains(d);
            match (n, in_odd_unit) {
                (0 | 2, _) => {}
                (3, true) => {
                    if digit.is_some_and(|x| x != d) {
                        return None;
                    }
                    digit = Some(d);
                }
                _ => return None,
            }
        }
    }
    let digit = digit?;
    let explanation = format!(
        "BUG+1: every empty cell but {} has two candidates, and {} appears three times in its units; any other digit there would leave a grave with two solutions, so {} is {}",
        position.name(odd),
        digit_name(digit),
        position.name(odd),
        digit_name(digit)
    );
    Some(Step {
        technique: Technique::BugPlusOne,
        placements: vec![(odd, digit)],
        eliminations: Vec::new(),
        cells: vec![odd],
        units: Vec::<Unit>::from([row, column, block]),
        explanation,
        rating: Technique::BugPlusOne.rating(),
    })
}

/// BUG type 2 (assumes a unique solution): every empty cell has two candidates except some
/// with three, all three-candidate cells share one digit `d`, and without `d` there every
/// digit would appear exactly twice in every unit (a bivalue universal grave, which has no
/// unique solution). So one of them holds `d`, and every cell seeing all of them loses it.
/// Rated 5.7, as Sudoku Explainer does.
pub fn bug_type_two(position: &Position) -> Option<Step> {
    let geometry = position.geometry();
    let mut odd = Vec::new();
    let mut shared = DigitSet::full(geometry.side());
    for k in geometry.cells().filter(|&k| position.is_empty(k)) {
        match position.candidates(k).len() {
            2 => {}
            3 => {
                odd.push(k);
                shared = shared.intersection(position.candidates(k));
            }
            _ => return None,
        }
    }
    if odd.len() < 2 || !shared.is_single() {
        return None;
    }
    let digit = shared.lowest()?;
    // Without `digit` in the odd cells, every digit has 0 or 2 places in every unit.
    for unit in geometry.units() {
        for d in Digit::all(geometry.side()) {
            let places = position
                .places(unit, d)
                .into_iter()
                .filter(|c| !(d == digit && odd.contains(c)))
                .count();
            if places != 0 && places != 2 {
                return None;
            }
        }
    }
    let eliminations: Vec<(Cell, Digit)> = position
        .holders(digit)
        .filter(|k| !odd.contains(k) && odd.iter().all(|&o| position.sees(o, *k)))
        .map(|k| (k, digit))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
    let explanation = format!(
        "BUG type 2: every empty cell has two candidates but {}, which have three with {} in common; without it they would leave a grave with two solutions, so one of them is {}: {} cannot be {}",
        position.names(&odd),
        digit_name(digit),
        digit_name(digit),
        position.names(&removed),
        digit_name(digit)
    );
    Some(Step::eliminating(
        Technique::BugTypeTwo,
        eliminations,
        odd,
        Vec::new(),
        explanation,
    ))
}
