//! Turbot fish, as Sukaku Explainer has them: two or three strong links of one digit joined
//! by weak links (skyscrapers, two-string kites, turbot fish), and empty rectangles.

use super::chains::seeing_both_ends;
use super::{beats, digit_name, keep_better, Position, Step, Technique};
use crate::bitset::Digit;
use crate::geometry::{Cell, Unit};

/// Turbot fish, as Sukaku Explainer rates them: for one digit, two strong links (units
/// where the digit has exactly two places) joined by a weak link (an end of one sees an end
/// of the other): one of the two far ends holds the digit, so a cell seeing both loses it.
/// Two rows or two columns make a skyscraper (4.0), a row and a column a two-string kite
/// (4.1), a box with a line a turbot fish (4.2). Among several, the lowest rated with the
/// most eliminations.
pub fn turbot_fish(position: &Position) -> Option<Step> {
    use crate::geometry::UnitKind;
    let geometry = position.geometry();
    let mut best: Option<Step> = None;
    for digit in Digit::all(geometry.side()) {
        let links = strong_links(position, digit);
        for (i, &(first_unit, first)) in links.iter().enumerate() {
            for &(second_unit, second) in &links[i + 1..] {
                if first.iter().any(|c| second.contains(c)) {
                    continue;
                }
                let kinds = (
                    geometry.unit_kind(first_unit),
                    geometry.unit_kind(second_unit),
                );
                let (name, rating) = match kinds {
                    (UnitKind::Row, UnitKind::Row) | (UnitKind::Column, UnitKind::Column) => {
                        ("Skyscraper", 4.0)
                    }
                    (UnitKind::Row, UnitKind::Column) | (UnitKind::Column, UnitKind::Row) => {
                        ("Two-string kite", 4.1)
                    }
                    _ => ("Turbot fish", 4.2),
                };
                for (near_a, far_a) in [(first[0], first[1]), (first[1], first[0])] {
                    for (near_b, far_b) in [(second[0], second[1]), (second[1], second[0])] {
                        if !position.sees(near_a, near_b) {
                            continue;
                        }
                        let chain = [far_a, near_a, near_b, far_b];
                        let eliminations = seeing_both_ends(position, &chain, digit);
                        if eliminations.is_empty()
                            || !beats(best.as_ref(), rating, eliminations.len())
                        {
                            continue;
                        }
                        let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
                        let explanation = format!(
                            "{name}: {} is in {} or {} ({}), and in {} or {} ({}); {} and {} see each other, so {} or {} holds it: {} cannot be {}",
                            digit_name(digit),
                            position.name(far_a),
                            position.name(near_a),
                            geometry.unit_name(first_unit),
                            position.name(near_b),
                            position.name(far_b),
                            geometry.unit_name(second_unit),
                            position.name(near_a),
                            position.name(near_b),
                            position.name(far_a),
                            position.name(far_b),
                            position.names(&removed),
                            digit_name(digit)
                        );
                        let mut step = Step::eliminating(
                            Technique::TurbotFish,
                            eliminations,
                            chain.to_vec(),
                            vec![first_unit, second_unit],
                            explanation,
                        );
                        step.rating = rating;
                        best = Some(step);
                    }
                }
            }
        }
        for step in empty_rectangles(position, digit) {
            keep_better(&mut best, step);
        }
    }
    best
}

/// Empty rectangles (Sukaku Explainer rates them as turbot fish, 4.2): the places of
/// `digit` in a box all lie in one row and one column of it (a cross), and a line outside
/// the box holds the digit in exactly two places, one of them on the cross's row (or
/// column). If that one holds the digit, the box's digit is on the cross's column, else
/// the other place holds it: either way the cell where the other place's row (column)
/// meets the cross's column (row) cannot hold it.
fn empty_rectangles(position: &Position, digit: Digit) -> Vec<Step> {
    let geometry = position.geometry();
    let (side, n) = (geometry.side(), geometry.box_side());
    let mut steps = Vec::new();
    for b in 0..side {
        let box_unit = Unit::new(2 * side + b);
        let places = position.places(box_unit, digit);
        if places.len() < 2 {
            continue;
        }
        let (top, left) = ((b / n) * n, (b % n) * n);
        for row in top..top + n {
            for column in left..left + n {
                let on_cross =
                    |c: &Cell| geometry.row_of(*c) == row || geometry.column_of(*c) == column;
                let on_row = places
                    .iter()
                    .any(|c| geometry.row_of(*c) == row && geometry.column_of(*c) != column);
                let on_column = places
                    .iter()
                    .any(|c| geometry.column_of(*c) == column && geometry.row_of(*c) != row);
                if !places.iter().all(on_cross) || !on_row || !on_column {
                    continue;
                }
                // A strong link in a column outside the box with one end on the cross's
                // row, and the same with rows and columns exchanged.
                for transposed in [false, true] {
                    for line in 0..side {
                        let outside = if transposed {
                            (top..top + n).contains(&line)
                        } else {
                            (left..left + n).contains(&line)
                        };
                        if outside {
                            continue;
                        }
                        let unit = Unit::new(if transposed { line } else { side + line });
                        let link = position.places(unit, digit);
                        if link.len() != 2 {
                            continue;
                        }
                        for (near, far) in [(link[0], link[1]), (link[1], link[0])] {
                            let (meets, target) = if transposed {
                                (
                                    geometry.column_of(near) == column,
                                    geometry.cell_at(row, geometry.column_of(far)),
                                )
                            } else {
                                (
                                    geometry.row_of(near) == row,
                                    geometry.cell_at(geometry.row_of(far), column),
                                )
                            };
                            if !meets
                                || geometry.box_of(target) == b
                                || !position.is_empty(target)
                                || !position.candidates(target).contains(digit)
                            {
                                continue;
                            }
                            let mut step = Step::eliminating(
                                Technique::TurbotFish,
                                vec![(target, digit)],
                                vec![near, far],
                                vec![box_unit, unit],
                                format!(
                                    "Empty rectangle: {} of {} lies on row {} and column {}; in {} it is in {} or {}: if {}, the box's {} is on the other line of the cross; either way {} cannot be {}",
                                    digit_name(digit),
                                    geometry.unit_name(box_unit),
                                    row + 1,
                                    column + 1,
                                    geometry.unit_name(unit),
                                    position.name(near),
                                    position.name(far),
                                    position.name(near),
                                    digit_name(digit),
                                    position.name(target),
                                    digit_name(digit)
                                ),
                            );
                            step.rating = 4.2;
                            steps.push(step);
                        }
                    }
                }
            }
        }
    }
    steps
}

/// The strong links of `digit`: each unit where it has exactly two places, with them.
fn strong_links(position: &Position, digit: Digit) -> Vec<(Unit, [Cell; 2])> {
    position
        .geometry()
        .units()
        .filter_map(|u| {
            let places = position.places(u, digit);
            (places.len() == 2).then(|| (u, [places[0], places[1]]))
        })
        .collect()
}

/// Turbot fish with three strong links, as Sukaku Explainer rates them: for one digit,
/// three strong links joined end to end by two weak links; one of the two far ends holds
/// the digit, so a cell seeing both loses it. Three rows or three columns are rated 5.4
/// (a skyscraper with three links), links in both a row and a column 5.6 (a three-string
/// kite), the others 5.5. Among several, the lowest rated with the most eliminations.
pub fn three_link_turbot_fish(position: &Position) -> Option<Step> {
    use crate::geometry::UnitKind;
    let geometry = position.geometry();
    let mut best: Option<Step> = None;
    for digit in Digit::all(geometry.side()) {
        let links = strong_links(position, digit);
        // Ends of a link as (near, far) pairs, both orientations.
        let oriented = |k: usize| {
            let [a, b] = links[k].1;
            [(a, b), (b, a)]
        };
        for middle in 0..links.len() {
            for (x, y) in oriented(middle) {
                for first in (0..links.len()).filter(|&k| k != middle) {
                    for (near_a, far_a) in oriented(first) {
                        if near_a == x || !position.sees(near_a, x) {
                            continue;
                        }
                        for last in (0..links.len()).filter(|&k| k != middle && k != first) {
                            for (near_c, far_c) in oriented(last) {
                                let chain = [far_a, near_a, x, y, near_c, far_c];
                                let distinct = chain
                                    .iter()
                                    .enumerate()
                                    .all(|(i, c)| !chain[i + 1..].contains(c));
                                if !distinct || !position.sees(y, near_c) {
                                    continue;
                                }
                                let kinds =
                                    [first, middle, last].map(|k| geometry.unit_kind(links[k].0));
                                let rating = if kinds.iter().all(|&k| k == UnitKind::Row)
                                    || kinds.iter().all(|&k| k == UnitKind::Column)
                                {
                                    5.4
                                } else if kinds.contains(&UnitKind::Row)
                                    && kinds.contains(&UnitKind::Column)
                                {
                                    5.6
                                } else {
                                    5.5
                                };
                                let eliminations = seeing_both_ends(position, &chain, digit);
                                if eliminations.is_empty()
                                    || !beats(best.as_ref(), rating, eliminations.len())
                                {
                                    continue;
                                }
                                let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
                                let explanation = format!(
                                    "Turbot fish with three strong links: {} is in one of each pair {} / {}, {} / {}, {} / {} (the only places in {}, {}, {}), and the pairs are joined where cells see each other, so {} or {} holds it: {} cannot be {}",
                                    digit_name(digit),
                                    position.name(far_a),
                                    position.name(near_a),
                                    position.name(x),
                                    position.name(y),
                                    position.name(near_c),
                                    position.name(far_c),
                                    geometry.unit_name(links[first].0),
                                    geometry.unit_name(links[middle].0),
                                    geometry.unit_name(links[last].0),
                                    position.name(far_a),
                                    position.name(far_c),
                                    position.names(&removed),
                                    digit_name(digit)
                                );
                                let mut step = Step::eliminating(
                                    Technique::ThreeLinkTurbotFish,
                                    eliminations,
                                    chain.to_vec(),
                                    vec![links[first].0, links[middle].0, links[last].0],
                                    explanation,
                                );
                                step.rating = rating;
                                best = Some(step);
                            }
                        }
                    }
                }
            }
        }
    }
    best
}
