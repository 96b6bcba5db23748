//! XY-Wing and XYZ-Wing.

use super::{digit_name, set_name, Position, Step, Technique};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::Cell;

fn wing(position: &Position, pivot_size: u32) -> Option<Step> {
    let geometry = position.geometry();
    let technique = if pivot_size == 2 {
        Technique::XYWing
    } else {
        Technique::XYZWing
    };
    for pivot in geometry.cells() {
        let p = position.candidates(pivot);
        if !position.is_empty(pivot) || p.len() != pivot_size {
            continue;
        }
        let pincers: Vec<Cell> = geometry
            .peers(pivot)
            .iter()
            .copied()
            .filter(|&c| {
                let candidates = position.candidates(c);
                position.is_empty(c)
                    && candidates.len() == 2
                    && candidates.intersection(p).len() == 1 + u32::from(pivot_size == 3)
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ca, cb) = (position.candidates(a), position.candidates(b));
                if ca == cb {
                    continue;
                }
                // z: the digit the pincers share; the pincers' other digits, with z for XYZ,
                // make up the pivot.
                let shared = ca.intersection(cb);
                let Some(z) = shared.lowest() else { continue };
                if !shared.is_single() {
                    continue;
                }
                let expected = if pivot_size == 2 {
                    ca.union(cb).difference(shared)
                } else {
                    ca.union(cb)
                };
                if expected != p {
                    continue;
                }
                let must_see_pivot = pivot_size == 3;
                let eliminations: Vec<(Cell, Digit)> = position
                    .holders(z)
                    .filter(|&c| {
                        c != pivot
                            && position.sees(c, a)
                            && position.sees(c, b)
                            && (!must_see_pivot || position.sees(c, pivot))
                    })
                    .map(|c| (c, z))
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
                let explanation = format!(
                    "{}: pivot {} {} with pincers {} {} and {} {}: whichever the pivot holds, one of them is {}, so remove {} from {}",
                    technique.name(),
                    position.name(pivot),
                    set_name(p),
                    position.name(a),
                    set_name(ca),
                    position.name(b),
                    set_name(cb),
                    if pivot_size == 3 { "(or the pivot)".to_string() } else { digit_name(z).to_string() },
                    digit_name(z),
                    position.names(&removed)
                );
                let explanation = explanation.replace(
                    "one of them is (or the pivot)",
                    &format!("one of them (or the pivot) is {}", digit_name(z)),
                );
                let cells = vec![pivot, a, b];
                return Some(Step::eliminating(
                    technique,
                    eliminations,
                    cells,
                    Vec::new(),
                    explanation,
                ));
            }
        }
    }
    None
}

/// Pivot {x,y}, pincers {x,z} and {y,z} seeing it: z leaves every cell seeing both pincers.
pub fn xy_wing(position: &Position) -> Option<Step> {
    wing(position, 2)
}

/// Pivot {x,y,z}, pincers {x,z} and {y,z} seeing it: z leaves every cell seeing all three.
pub fn xyz_wing(position: &Position) -> Option<Step> {
    wing(position, 3)
}

/// W-Wing: two cells with the same two candidates {x,y} that do not see each other, joined
/// by a strong link on x (a unit where x has only two places, one seeing each cell): one of
/// the two cells is y, so y leaves every cell seeing both.
pub fn w_wing(position: &Position) -> Option<Step> {
    let geometry = position.geometry();
    let pairs: Vec<Cell> = geometry
        .cells()
        .filter(|&c| position.is_empty(c) && position.candidates(c).len() == 2)
        .collect();
    for (i, &a) in pairs.iter().enumerate() {
        for &b in &pairs[i + 1..] {
            let xy = position.candidates(a);
            if position.candidates(b) != xy || position.sees(a, b) {
                continue;
            }
            for x in xy.iter() {
                let y = xy.difference(DigitSet::single(x)).lowest()?;
                for unit in geometry.units() {
                    let places = position.places(unit, x);
                    if places.len() != 2 || places.contains(&a) || places.contains(&b) {
                        continue;
                    }
                    let (c, d) = (places[0], places[1]);
                    let linked = (position.sees(c, a) && position.sees(d, b))
                        || (position.sees(c, b) && position.sees(d, a));
                    if !linked {
                        continue;
                    }
                    let eliminations: Vec<(Cell, Digit)> = position
                        .holders(y)
                        .filter(|&k| position.sees(k, a) && position.sees(k, b))
                        .map(|k| (k, y))
                        .collect();
                    if eliminations.is_empty() {
                        continue;
                    }
                    let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
                    let explanation = format!(
                        "W-Wing: {} and {} both hold {}, and {} in {} is only in {} and {}, one seeing each; so one of the pair is {}: remove {} from {}",
                        position.name(a),
                        position.name(b),
                        set_name(xy),
                        digit_name(x),
                        geometry.unit_name(unit),
                        position.name(c),
                        position.name(d),
                        digit_name(y),
                        digit_name(y),
                        position.names(&removed)
                    );
                    let cells = vec![a, b, c, d];
                    let units = vec![unit];
                    return Some(Step::eliminating(
                        Technique::WWing,
                        eliminations,
                        cells,
                        units,
                        explanation,
                    ));
                }
            }
        }
    }
    None
}
