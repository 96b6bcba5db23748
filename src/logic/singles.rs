//! Full house, hidden singles and naked singles.

use super::{digit_name, Position, Step, Technique};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::{Cell, Unit, UnitKind};

fn placement(
    technique: Technique,
    cell: Cell,
    digit: Digit,
    units: Vec<Unit>,
    explanation: String,
) -> Step {
    Step {
        technique,
        placements: vec![(cell, digit)],
        eliminations: Vec::new(),
        cells: vec![cell],
        units,
        explanation,
        rating: technique.rating(),
    }
}

/// The last empty cell of a unit takes the missing digit.
pub fn full_house(position: &Position) -> Option<Step> {
    let geometry = position.geometry();
    let all = DigitSet::full(geometry.side());
    for unit in geometry.units() {
        let mut empty = position.empty_cells(unit);
        let (Some(cell), None) = (empty.next(), empty.next()) else {
            continue;
        };
        let present: DigitSet = geometry
            .unit(unit)
            .iter()
            .filter_map(|&c| position.value(c))
            .collect();
        let missing = all.difference(present);
        let digit = missing.lowest()?;
        if missing.is_single() && position.candidates(cell).contains(digit) {
            let text = format!(
                "Full house: {} is the last empty cell of {}, so it is {}",
                position.name(cell),
                geometry.unit_name(unit),
                digit_name(digit)
            );
            return Some(placement(
                Technique::FullHouse,
                cell,
                digit,
                vec![unit],
                text,
            ));
        }
    }
    None
}

fn hidden_single(position: &Position, boxes: bool) -> Option<Step> {
    let geometry = position.geometry();
    let side = geometry.side();
    for unit in geometry.units() {
        if (geometry.unit_kind(unit) == UnitKind::Box) != boxes {
            continue;
        }
        for digit in Digit::all(side) {
            if position.place_count(unit, digit) == 1 {
                let cell = position.places(unit, digit)[0];
                let technique = if boxes {
                    Technique::HiddenSingleBox
                } else {
                    Technique::HiddenSingleLine
                };
                let text = format!(
                    "Hidden single: {} is the only place for {} in {}",
                    position.name(cell),
                    digit_name(digit),
                    geometry.unit_name(unit)
                );
                return Some(placement(technique, cell, digit, vec![unit], text));
            }
        }
    }
    None
}

/// A digit with one place left in a box.
pub fn hidden_single_box(position: &Position) -> Option<Step> {
    hidden_single(position, true)
}

/// A digit with one place left in a row or column.
pub fn hidden_single_line(position: &Position) -> Option<Step> {
    hidden_single(position, false)
}

/// A cell with one candidate left.
pub fn naked_single(position: &Position) -> Option<Step> {
    let geometry = position.geometry();
    geometry.cells().find_map(|cell| {
        let candidates = position.candidates(cell);
        if !position.is_empty(cell) || !candidates.is_single() {
            return None;
        }
        let digit = candidates.lowest()?;
        let text = format!(
            "Naked single: {} can only be {}",
            position.name(cell),
            digit_name(digit)
        );
        Some(placement(
            Technique::NakedSingle,
            cell,
            digit,
            Vec::new(),
            text,
        ))
    })
}

/// Where SE's direct techniques look for the hidden single their eliminations leave.
#[derive(Debug, Clone, Copy)]
pub(crate) enum DirectSingle {
    /// In a box (direct pointing).
    InBox,
    /// In the unit the technique rests on (direct hidden pair and triple).
    InUnit(Unit),
    /// In a unit of this kind (a variant's direct claiming: of its home's kind).
    OfKind(UnitKind),
}

/// The first hidden single that `eliminations` would make where `within` says: a digit
/// they remove left with one place in a unit of a cell it leaves. Before any direct
/// technique is tried every hidden single has been placed, so any found here is new.
/// (Measured on the development set of `datasets/SOURCES.md`: SE's direct pointing places
/// only singles in boxes, its direct hidden subsets only in their unit.)
pub(crate) fn hidden_single_after(
    position: &Position,
    eliminations: &[(Cell, Digit)],
    within: DirectSingle,
) -> Option<(Cell, Digit, Unit)> {
    let geometry = position.geometry();
    let removed = |cell: Cell, digit: Digit| eliminations.contains(&(cell, digit));
    for &(cell, digit) in eliminations {
        for &unit in geometry.all_units_of(cell) {
            let looked_at = match within {
                DirectSingle::InBox => geometry.unit_kind(unit) == UnitKind::Box,
                DirectSingle::InUnit(home) => unit == home,
                DirectSingle::OfKind(kind) => geometry.unit_kind(unit) == kind,
            };
            if !looked_at {
                continue;
            }
            let mut left = position
                .empty_cells(unit)
                .filter(|&c| position.candidates(c).contains(digit) && !removed(c, digit));
            if let (Some(only), None) = (left.next(), left.next()) {
                return Some((only, digit, unit));
            }
        }
    }
    None
}

/// `step` (eliminations only) made direct: the hidden single its eliminations leave
/// `within` placed, as `technique`, or `None` when they leave none. As in SE, the step
/// places the single and keeps its eliminations only as the reason: a direct technique is
/// a way of seeing a placement, so later steps start from the position with just it.
pub(crate) fn direct(
    position: &Position,
    step: Step,
    technique: Technique,
    within: DirectSingle,
) -> Option<Step> {
    let (cell, digit, unit) = hidden_single_after(position, &step.eliminations, within)?;
    let explanation = format!(
        "{}, which leaves {} the only place for {} in {}",
        step.explanation,
        position.name(cell),
        digit_name(digit),
        position.geometry().unit_name(unit)
    );
    let mut units = step.units;
    units.push(unit);
    Some(Step {
        technique,
        placements: vec![(cell, digit)],
        eliminations: Vec::new(),
        cells: step.cells,
        units,
        explanation,
        rating: technique.rating(),
    })
}
