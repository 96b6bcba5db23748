//! Turbot fish, as Sukaku Explainer has them: two or three strong links of one digit joined
//! by weak links (skyscrapers, two-string kites, turbot fish).

use super::chains::seeing_both_ends;
use super::{beats, digit_name, Position, Step, Technique};
use crate::bitset::Digit;
use crate::geometry::{Cell, Unit};

/// Turbot fish, as Sukaku Explainer rates them: for one digit, two strong links (units
/// where the digit has exactly two places) joined by a weak link (an end of one sees an end
/// of the other): one of the two far ends holds the digit, so a cell seeing both loses it.
/// Two rows or two columns make a skyscraper (4.0), a row and a column a two-string kite
/// (4.1), a box with a line a turbot fish (4.1). Empty rectangles, whose box holds the
/// digit in a group, are grouped turbot fish (`grouped.rs`). Among several, the lowest
/// rated with the most eliminations.
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
                let kinds = [
                    geometry.unit_kind(first_unit),
                    geometry.unit_kind(second_unit),
                ];
                let rating = link_rating(4.0, &kinds);
                let name = match kinds {
                    [UnitKind::Row, UnitKind::Row] | [UnitKind::Column, UnitKind::Column] => {
                        "Skyscraper"
                    }
                    [UnitKind::Row, UnitKind::Column] | [UnitKind::Column, UnitKind::Row] => {
                        "Two-string kite"
                    }
                    _ => "Turbot fish",
                };
                for (near_a, far_a) in [(first[0], first[1]), (first[1], first[0])] {
                    for (near_b, far_b) in [(second[0], second[1]), (second[1], second[0])] {
                        if !position.shares_unit(near_a, near_b) {
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
    }
    best
}

/// SE's rating of a chain of single-cell strong links in units of `kinds`: `base`, plus a
/// tenth when a box is among them and another when both a row and a column are
/// (measured: skyscrapers 4.0, two-string kites and box-line turbot fish 4.1; with three
/// links 5.4 to 5.6). A variant's extra region among them makes it three tenths (SE on
/// the variant development split: 4.3 for two links, 5.7 for three, whatever the others).
pub(super) fn link_rating(base: f32, kinds: &[crate::geometry::UnitKind]) -> f32 {
    use crate::geometry::UnitKind;
    let has = |kind: UnitKind| kinds.contains(&kind);
    let tenths = if has(UnitKind::Extra) {
        3
    } else {
        u8::from(has(UnitKind::Box)) + u8::from(has(UnitKind::Row) && has(UnitKind::Column))
    };
    base + f32::from(tenths) / 10.0
}

/// The strong links of `digit`: each unit where it has exactly two places, with them.
fn strong_links(position: &Position, digit: Digit) -> Vec<(Unit, [Cell; 2])> {
    position
        .geometry()
        .units()
        .filter(|&u| position.place_count(u, digit) == 2)
        .map(|u| {
            let places = position.places(u, digit);
            (u, [places[0], places[1]])
        })
        .collect()
}

/// Turbot fish with three strong links, as Sukaku Explainer rates them: for one digit,
/// three strong links joined end to end by two weak links; one of the two far ends holds
/// the digit, so a cell seeing both loses it. Rated 5.4 plus [`link_rating`]'s tenths.
/// Among several, the lowest rated with the most eliminations.
pub fn three_link_turbot_fish(position: &Position) -> Option<Step> {
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
                        if near_a == x || !position.shares_unit(near_a, x) {
                            continue;
                        }
                        for last in (0..links.len()).filter(|&k| k != middle && k != first) {
                            for (near_c, far_c) in oriented(last) {
                                let chain = [far_a, near_a, x, y, near_c, far_c];
                                let distinct = chain
                                    .iter()
                                    .enumerate()
                                    .all(|(i, c)| !chain[i + 1..].contains(c));
                                if !distinct || !position.shares_unit(y, near_c) {
                                    continue;
                                }
                                let kinds =
                                    [first, middle, last].map(|k| geometry.unit_kind(links[k].0));
                                let rating = link_rating(5.4, &kinds);
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
