//! Locked candidates: pointing and claiming.

use super::singles::{self, DirectSingle};
use super::{digit_name, Position, Step, Technique};
use crate::bitset::Digit;
use crate::geometry::Cell;

/// The first locked-candidates step that `accept` takes (it returns the step to make).
fn locked(
    position: &Position,
    pointing: bool,
    accept: impl Fn(Step) -> Option<Step>,
) -> Option<Step> {
    let geometry = position.geometry();
    let side = geometry.side();
    for intersection in geometry.intersections() {
        // Pointing: the digit's places in the box all lie on the line; claiming: the reverse.
        let (home, target) = if pointing {
            (intersection.box_unit, intersection.line)
        } else {
            (intersection.line, intersection.box_unit)
        };
        for digit in Digit::all(side) {
            let shared = intersection
                .shared
                .iter()
                .filter(|&&c| position.candidates(c).contains(digit))
                .count();
            if shared == 0 || position.place_count(home, digit) != shared {
                continue;
            }
            let places = position.places(home, digit);
            let eliminations = position.eliminations_outside(target, digit, &places);
            if eliminations.is_empty() {
                continue;
            }
            let (technique, verb) = if pointing {
                (Technique::Pointing, "so it leaves the rest of")
            } else {
                (Technique::Claiming, "so it leaves the rest of")
            };
            let cells: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
            let explanation = format!(
                "{}: in {}, {} can only go in {} (all in {}), {verb} {}: remove it from {}",
                technique.name(),
                geometry.unit_name(home),
                digit_name(digit),
                position.names(&places),
                geometry.unit_name(target),
                geometry.unit_name(target),
                position.names(&cells)
            );
            let units = vec![home, target];
            let step = Step::eliminating(technique, eliminations, places, units, explanation);
            if let Some(step) = accept(step) {
                return Some(step);
            }
        }
    }
    None
}

/// A digit of a box confined to one row or column leaves the rest of that line.
pub fn pointing(position: &Position) -> Option<Step> {
    // On a variant grid the generalized intersection (SE 2.9) takes its place.
    if position.geometry().is_variant() {
        return None;
    }
    locked(position, true, Some)
}

/// Pointing whose eliminations leave a hidden single, placed with them (SE's direct
/// pointing).
pub fn direct_pointing(position: &Position) -> Option<Step> {
    if position.geometry().is_variant() {
        return super::generalized::direct_locking(position, true);
    }
    locked(position, true, |step| {
        singles::direct(
            position,
            step,
            Technique::DirectPointing,
            DirectSingle::InBox,
        )
    })
}

/// A digit of a row or column confined to one box leaves the rest of that box.
pub fn claiming(position: &Position) -> Option<Step> {
    // On a variant grid the generalized intersection (SE 2.9) takes its place.
    if position.geometry().is_variant() {
        return None;
    }
    locked(position, false, Some)
}
