//! Naked and hidden subsets (pairs, triples, quads).

use super::singles::{self, DirectSingle};
use super::{digit_name, set_name, Position, Step, Technique};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::Cell;

/// What a naked subset `subset` of a unit, holding only `digits` between its cells, removes
/// from the unit's other empty cells `open`: their candidates among `digits`.
pub(crate) fn naked_eliminations(
    position: &Position,
    open: &[Cell],
    subset: &[Cell],
    digits: DigitSet,
) -> Vec<(Cell, Digit)> {
    open.iter()
        .filter(|c| !subset.contains(c))
        .flat_map(|&c| {
            position
                .candidates(c)
                .intersection(digits)
                .iter()
                .map(move |d| (c, d))
        })
        .collect()
}

/// What a hidden subset removes: every candidate of `cells` but the subset's `digits`.
pub(crate) fn hidden_eliminations(
    position: &Position,
    cells: &[Cell],
    digits: DigitSet,
) -> Vec<(Cell, Digit)> {
    cells
        .iter()
        .flat_map(|&c| {
            position
                .candidates(c)
                .difference(digits)
                .iter()
                .map(move |d| (c, d))
        })
        .collect()
}

/// Calls `visit` with every `k`-combination of `items` (in lexicographic order) until it
/// returns `Some`.
pub(crate) fn combinations<T: Copy, R>(
    items: &[T],
    k: usize,
    visit: &mut impl FnMut(&[T]) -> Option<R>,
) -> Option<R> {
    fn go<T: Copy, R>(
        items: &[T],
        k: usize,
        start: usize,
        chosen: &mut Vec<T>,
        visit: &mut impl FnMut(&[T]) -> Option<R>,
    ) -> Option<R> {
        if chosen.len() == k {
            return visit(chosen);
        }
        for i in start..items.len() {
            if items.len() - i < k - chosen.len() {
                break;
            }
            chosen.push(items[i]);
            let found = go(items, k, i + 1, chosen, visit);
            chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
    go(items, k, 0, &mut Vec::with_capacity(k), visit)
}

fn technique(k: usize, naked: bool) -> Technique {
    match (k, naked) {
        (2, true) => Technique::NakedPair,
        (3, true) => Technique::NakedTriple,
        (_, true) => Technique::NakedQuad,
        (2, false) => Technique::HiddenPair,
        (3, false) => Technique::HiddenTriple,
        (_, false) => Technique::HiddenQuad,
    }
}

/// `k` cells of a unit whose candidates together are `k` digits: those digits leave the
/// unit's other cells.
pub fn naked(position: &Position, k: usize) -> Option<Step> {
    let geometry = position.geometry();
    if geometry.is_variant() {
        return super::generalized::naked_anywhere(position, k, technique(k, true));
    }
    for unit in geometry.units() {
        let open: Vec<Cell> = position.empty_cells(unit).collect();
        if open.len() <= k {
            continue;
        }
        let small: Vec<Cell> = open
            .iter()
            .copied()
            .filter(|&c| position.candidates(c).len() as usize <= k)
            .collect();
        let found = combinations(&small, k, &mut |cells: &[Cell]| {
            let digits = cells
                .iter()
                .fold(DigitSet::EMPTY, |a, &c| a.union(position.candidates(c)));
            if digits.len() as usize != k {
                return None;
            }
            let eliminations = naked_eliminations(position, &open, cells, digits);
            (!eliminations.is_empty()).then(|| (cells.to_vec(), digits, eliminations))
        });
        if let Some((cells, digits, eliminations)) = found {
            let technique = technique(k, true);
            let explanation = format!(
                "{}: {} in {} hold only {} between them, so those digits leave the rest of {}",
                technique.name(),
                position.names(&cells),
                geometry.unit_name(unit),
                set_name(digits),
                geometry.unit_name(unit)
            );
            return Some(Step::eliminating(
                technique,
                eliminations,
                cells,
                vec![unit],
                explanation,
            ));
        }
    }
    None
}

/// `k` digits of a unit confined to the same `k` cells: those cells hold nothing else.
pub fn hidden(position: &Position, k: usize) -> Option<Step> {
    hidden_with(position, k, Some)
}

/// A hidden pair (`k` = 2) or triple (3) whose eliminations leave a hidden single, placed
/// with them (SE's direct hidden pair and triple).
pub fn direct_hidden(position: &Position, k: usize) -> Option<Step> {
    let technique = if k == 2 {
        Technique::DirectHiddenPair
    } else {
        Technique::DirectHiddenTriple
    };
    hidden_with(position, k, |step| {
        let unit = step.units[0];
        singles::direct(position, step, technique, DirectSingle::InUnit(unit))
    })
}

/// The first hidden subset of `k` digits that `accept` takes (it returns the step to make).
fn hidden_with(
    position: &Position,
    k: usize,
    accept: impl Fn(Step) -> Option<Step>,
) -> Option<Step> {
    let geometry = position.geometry();
    let side = geometry.side();
    let technique = technique(k, false);
    for unit in geometry.units() {
        let open: Vec<Cell> = position.empty_cells(unit).collect();
        if open.len() <= k {
            continue;
        }
        let digits: Vec<Digit> = Digit::all(side)
            .filter(|&d| {
                let n = position.place_count(unit, d);
                (1..=k).contains(&n)
            })
            .collect();
        let found = combinations(&digits, k, &mut |chosen: &[Digit]| {
            let mut cells: Vec<Cell> = chosen
                .iter()
                .flat_map(|&d| position.places(unit, d))
                .collect();
            cells.sort_unstable();
            cells.dedup();
            if cells.len() != k {
                return None;
            }
            let keep: DigitSet = chosen.iter().copied().collect();
            let eliminations = hidden_eliminations(position, &cells, keep);
            if eliminations.is_empty() {
                return None;
            }
            let mut list: Vec<String> = keep.iter().map(|d| digit_name(d).to_string()).collect();
            let last = list.pop().unwrap_or_default();
            let explanation = format!(
                "{}: in {}, {} and {last} can only go in {}, so those cells hold nothing else",
                technique.name(),
                geometry.unit_name(unit),
                list.join(", "),
                position.names(&cells)
            );
            accept(Step::eliminating(
                technique,
                eliminations,
                cells,
                vec![unit],
                explanation,
            ))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
