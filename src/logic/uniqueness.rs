//! Deductions that assume the puzzle has exactly one solution: unique rectangles of types
//! 1, 2 and 4 (loops and type 3 are in `unique_loops`, the grave's types in `grave`). Sound
//! for every proper puzzle (the soundness tests use only those); on a puzzle with several
//! solutions they may remove a solution, as every solver of people's puzzles accepts.

use super::{digit_name, set_name, Position, Step, Technique};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::{Cell, Unit};

/// Unique rectangle: four cells on two rows, two columns and exactly two boxes, all holding
/// {a,b}, which no two solutions may swap. Type 1: three hold only {a,b}, so the fourth
/// cannot be a or b. Type 2: two hold only {a,b} and the other two, seeing each other, hold
/// {a,b,x}: one of those is x, so x leaves every cell seeing both. Type 4: two hold only
/// {a,b}, and in a unit the other two share, a is confined to them: neither can be b.
pub fn unique_rectangle(position: &Position) -> Option<Step> {
    if position.is_non_consecutive() || !position.cages().is_empty() {
        // A swap can give a corner a digit next to a neighbour's, or change two cages'
        // sums: no deadly pattern.
        return None;
    }
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
                    if boxes.len() != 2 || !deadly_in_variant(geometry, corners) {
                        continue;
                    }
                    if let Some(step) = rectangle(position, corners) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// Whether swapping two digits on `corners` (r1c1, r1c2, r2c1, r2c2) keeps a variant's
/// extra rules. Each extra region through a corner holds two corners that are not
/// opposite (one of each digit, as a row does). And every peer of a corner outside the
/// rectangle (a knight's or king's move away too) sees the corner's row or column
/// partner: the swap gives the corner its partners' digit, which that peer then cannot
/// hold. (SE takes unique rectangles in anti-king without this check, where a swap can
/// clash with a king's-move neighbour; sudolab takes only the sound ones.) Always true
/// classically.
fn deadly_in_variant(geometry: &crate::geometry::Geometry, corners: [Cell; 4]) -> bool {
    use crate::geometry::UnitKind;
    if !geometry.is_variant() {
        return true;
    }
    if geometry.has_extra_peers() {
        let swap_is_legal = (0..4).all(|i| {
            let (row_partner, column_partner) = (corners[i ^ 1], corners[i ^ 2]);
            geometry.peers(corners[i]).iter().all(|&peer| {
                corners.contains(&peer)
                    || geometry.sees(peer, row_partner)
                    || geometry.sees(peer, column_partner)
            })
        });
        if !swap_is_legal {
            return false;
        }
    }
    let extra_units = corners.iter().flat_map(|&k| geometry.all_units_of(k));
    extra_units
        .filter(|&&u| geometry.unit_kind(u) == UnitKind::Extra)
        .all(|&unit| {
            let inside: Vec<usize> = (0..4)
                .filter(|&i| geometry.unit(unit).contains(&corners[i]))
                .collect();
            matches!(inside[..], [0, 1] | [0, 2] | [1, 3] | [2, 3])
        })
}

/// The unique-rectangle step of four empty `corners` (two rows, two columns, two boxes),
/// if any: type 1, 2 or 4 (SE rates them all 4.5).
fn rectangle(position: &Position, corners: [Cell; 4]) -> Option<Step> {
    let pairs: Vec<Cell> = corners
        .iter()
        .copied()
        .filter(|&k| position.candidates(k).len() == 2)
        .collect();
    let ab = position.candidates(*pairs.first()?);
    if pairs.iter().any(|&k| position.candidates(k) != ab)
        || corners
            .iter()
            .any(|&k| position.candidates(k).intersection(ab) != ab)
    {
        return None;
    }
    let others: Vec<Cell> = corners
        .iter()
        .copied()
        .filter(|k| !pairs.contains(k))
        .collect();
    let (eliminations, kind, why): (Vec<(Cell, Digit)>, u8, String) = match others[..] {
        [fourth] => (
            ab.iter().map(|d| (fourth, d)).collect(),
            1,
            format!(
                "if {} were {} too the two digits could be swapped in a second solution",
                position.name(fourth),
                set_name(ab)
            ),
        ),
        [first, second] if position.sees(first, second) => roof(position, ab, first, second)?,
        _ => return None,
    };
    if eliminations.is_empty() {
        return None;
    }
    let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
    let explanation = format!(
        "Unique rectangle (type {kind}): {} hold only {}; {why}, so remove {} from {}",
        position.names(&pairs),
        set_name(ab),
        set_name(eliminations.iter().map(|e| e.1).collect()),
        position.names(&removed)
    );
    Some(Step::eliminating(
        Technique::UniqueRectangle,
        eliminations,
        corners.to_vec(),
        Vec::new(),
        explanation,
    ))
}

/// A unique rectangle's eliminations, its type and the reason.
type RoofStep = (Vec<(Cell, Digit)>, u8, String);

/// Type 2 or 4 of a unique rectangle whose floor holds only `ab` and whose roof is `first`
/// and `second` (seeing each other): the eliminations, the type and the reason.
fn roof(position: &Position, ab: DigitSet, first: Cell, second: Cell) -> Option<RoofStep> {
    let geometry = position.geometry();
    let extra = position.candidates(first).difference(ab);
    let shared: Vec<Unit> = geometry
        .units_of(first)
        .into_iter()
        .filter(|u| geometry.units_of(second).contains(u))
        .collect();
    if extra.is_single() && position.candidates(second).difference(ab) == extra {
        // Type 2: one of the two holds the extra digit.
        let x = extra.lowest()?;
        let found: Vec<(Cell, Digit)> = position
            .holders(x)
            .filter(|&k| {
                k != first && k != second && position.sees(k, first) && position.sees(k, second)
            })
            .map(|k| (k, x))
            .collect();
        Some((
            found,
            2,
            format!(
                "{} and {} cannot both be from {} (a second solution), so one of them is {}",
                position.name(first),
                position.name(second),
                set_name(ab),
                digit_name(x)
            ),
        ))
    } else {
        // Type 4: a digit of the pair confined to the two in a unit they share.
        // Both hold the digit, so two places in the unit are exactly them.
        let (unit, locked) = shared.iter().find_map(|&u| {
            ab.iter()
                .find(|&d| position.place_count(u, d) == 2)
                .map(|d| (u, d))
        })?;
        let other = ab.difference(DigitSet::single(locked)).lowest()?;
        Some((
            [first, second]
                .into_iter()
                .filter(|&k| position.candidates(k).contains(other))
                .map(|k| (k, other))
                .collect(),
            4,
            format!(
                "in {}, {} can only go in {} and {}, so one of them is {}, and the other cannot be {} (a second solution)",
                geometry.unit_name(unit),
                digit_name(locked),
                position.name(first),
                position.name(second),
                digit_name(locked),
                digit_name(other)
            ),
        ))
    }
}
