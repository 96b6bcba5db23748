//! Grouped turbot fish, as Sukaku Explainer has them: two or three strong links of one
//! digit joined by weak links, where an end of a link may be a group of cells (the places
//! of the digit in a unit that lie in one box-line intersection) rather than one cell.
//!
//! A *node* is a cell or a group. A unit holding the digit in exactly two nodes is a
//! strong link between them: one of the two holds the digit. Two nodes are weakly linked
//! when every cell of one sees every cell of the other: they cannot both hold it. A chain
//! far-near ~ near-far (two links) or with a third link in the middle proves one of the two
//! far nodes holds the digit, so a cell seeing every cell of both loses it. An empty
//! rectangle is such a chain: the box's places split into a row group and a column group.
//!
//! SE rates a chain with at least one group 4.3 (two links) or 5.7 (three links), whatever
//! the units (measured on the development split of `datasets/SOURCES.md` and the exchange
//! diabolical corpus); chains of single cells are the plain turbot fish of `turbot.rs`.

use super::{beats, digit_name, Position, Step, Technique};
use crate::bitset::Digit;
use crate::geometry::{Cell, Unit};

/// A cell or a group of cells of one unit holding the digit.
type Node = Vec<Cell>;

/// A strong link: the unit, and the two nodes that share its places of the digit.
struct Link {
    unit: Unit,
    ends: [Node; 2],
}

/// Every strong link of `digit` with at least one end a node (cells or groups).
fn links(position: &Position, digit: Digit) -> Vec<Link> {
    let geometry = position.geometry();
    let mut links: Vec<Link> = Vec::new();
    for unit in geometry.units() {
        let places = position.places(unit, digit);
        if places.len() < 2 {
            continue;
        }
        // Ways to split the places into two nodes, each in one row, column or box (other
        // than the unit itself).
        let mut splits: Vec<[Node; 2]> = Vec::new();
        let keys: [fn(&crate::geometry::Geometry, Cell) -> usize; 3] = [
            |g, c| g.row_of(c),
            |g, c| g.column_of(c),
            |g, c| g.box_of(c),
        ];
        let line_of = |cells: &[Cell]| {
            keys.iter().any(|key| {
                let k = key(geometry, cells[0]);
                cells.iter().all(|&c| key(geometry, c) == k)
            })
        };
        for key in keys {
            let mut values: Vec<usize> = places.iter().map(|&c| key(geometry, c)).collect();
            values.sort_unstable();
            values.dedup();
            for &value in &values {
                let (first, second): (Node, Node) =
                    places.iter().partition(|&&c| key(geometry, c) == value);
                if first.is_empty() || second.is_empty() || !line_of(&second) {
                    continue;
                }
                let split = if first < second {
                    [first, second]
                } else {
                    [second, first]
                };
                if !splits.contains(&split) {
                    splits.push(split);
                }
            }
        }
        for ends in splits {
            links.push(Link { unit, ends });
        }
    }
    links
}

fn disjoint(a: &[Cell], b: &[Cell]) -> bool {
    a.iter().all(|c| !b.contains(c))
}

/// Whether every cell of `a` sees every cell of `b` (and they share none).
fn weakly_linked(position: &Position, a: &[Cell], b: &[Cell]) -> bool {
    disjoint(a, b) && a.iter().all(|&x| b.iter().all(|&y| position.sees(x, y)))
}

/// The candidates of `digit` seeing every cell of both far nodes, outside the chain.
fn eliminations(position: &Position, chain: &[&Node], digit: Digit) -> Vec<(Cell, Digit)> {
    let (start, end) = (chain[0], chain[chain.len() - 1]);
    position
        .holders(digit)
        .filter(|k| chain.iter().all(|node| !node.contains(k)))
        .filter(|&k| start.iter().chain(end.iter()).all(|&c| position.sees(k, c)))
        .map(|k| (k, digit))
        .collect()
}

fn describe(position: &Position, node: &[Cell]) -> String {
    if node.len() == 1 {
        position.name(node[0])
    } else {
        format!("({})", position.names(node))
    }
}

/// The best step of chains of `length` links (2 or 3) with at least one group.
fn grouped(position: &Position, length: usize) -> Option<Step> {
    let (technique, rating) = if length == 2 {
        (Technique::GroupedTurbotFish, 4.3)
    } else {
        (Technique::GroupedThreeLinkTurbotFish, 5.7)
    };
    let geometry = position.geometry();
    let mut best: Option<Step> = None;
    for digit in Digit::all(geometry.side()) {
        let links = links(position, digit);
        let oriented = |k: usize| {
            let [a, b] = &links[k].ends;
            [(a, b), (b, a)]
        };
        let mut consider = |chain: Vec<&Node>, units: Vec<Unit>| {
            if chain.iter().all(|n| n.len() == 1) {
                return;
            }
            for (i, a) in chain.iter().enumerate() {
                if chain[i + 1..].iter().any(|b| !disjoint(a, b)) {
                    return;
                }
            }
            let found = eliminations(position, &chain, digit);
            if found.is_empty() || !beats(best.as_ref(), rating, found.len()) {
                return;
            }
            let removed: Vec<Cell> = found.iter().map(|e| e.0).collect();
            let pairs: Vec<String> = chain
                .chunks(2)
                .zip(&units)
                .map(|(pair, &unit)| {
                    format!(
                        "{} / {} ({})",
                        describe(position, pair[0]),
                        describe(position, pair[1]),
                        geometry.unit_name(unit)
                    )
                })
                .collect();
            let mut cells: Vec<Cell> = chain.iter().flat_map(|n| n.iter().copied()).collect();
            cells.dedup();
            let explanation = format!(
                "{}: {} is in one of each pair {}, and the pairs are joined where all their cells see each other, so {} or {} holds it: {} cannot be {}",
                technique.name(),
                digit_name(digit),
                pairs.join(", "),
                describe(position, chain[0]),
                describe(position, chain[chain.len() - 1]),
                position.names(&removed),
                digit_name(digit)
            );
            let mut step = Step::eliminating(technique, found, cells, units, explanation);
            step.rating = rating;
            best = Some(step);
        };
        for first in 0..links.len() {
            for (far_a, near_a) in oriented(first) {
                for second in (0..links.len()).filter(|&k| k != first) {
                    for (near_b, far_b) in oriented(second) {
                        if !weakly_linked(position, near_a, near_b) {
                            continue;
                        }
                        let units = vec![links[first].unit, links[second].unit];
                        if length == 2 {
                            consider(vec![far_a, near_a, near_b, far_b], units);
                            continue;
                        }
                        for third in (0..links.len()).filter(|&k| k != first && k != second) {
                            for (near_c, far_c) in oriented(third) {
                                if weakly_linked(position, far_b, near_c) {
                                    let mut units = units.clone();
                                    units.push(links[third].unit);
                                    consider(
                                        vec![far_a, near_a, near_b, far_b, near_c, far_c],
                                        units,
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    best
}

/// Turbot fish of two strong links with at least one group (SE's grouped skyscraper,
/// grouped two-string kite, grouped two strong links, empty rectangle): 4.3.
pub fn grouped_turbot_fish(position: &Position) -> Option<Step> {
    grouped(position, 2)
}

/// Turbot fish of three strong links with at least one group: 5.7.
pub fn grouped_three_link_turbot_fish(position: &Position) -> Option<Step> {
    grouped(position, 3)
}
