//! The nested forcing chains found on each set of pencil marks, kept from one finder to
//! the next on the same position.
//!
//! `hint` and `grade` try the levels in SE's order: "+ forcing chains" (9.5), then, if it
//! finds nothing, "+ multiple forcing chains" (10.0). Both run the same dynamic searches
//! from every candidate, and a nested round of either starts with the same forcing chains
//! on the search's marks; the two levels' searches meet the same marks until a round of
//! the higher level concludes something by a cell or region chain. On four slow
//! positions of the forum's hardest, 76-85% of the higher level's rounds had been met by
//! the lower one, every round of the lower one among them
//! (`reports/2026-12-07-nested-rounds-kept`).
//! A nested round's forcing chains depend on the position and the marks alone (the inner
//! search runs at the plain level and starts afresh on the marks), so what the lower level
//! found is kept here, per thread, for the higher level to read instead of searching
//! again. The memo holds one position: a finder on another position empties it.

use std::cell::RefCell;
use std::sync::Arc;

use super::marks_hash::MarksMap;
use super::Found;
use crate::bitset::DigitSet;
use crate::logic::Position;

/// The forcing chains found on each set of marks of one position.
#[derive(Default)]
struct Memo {
    /// The position they were found in.
    position: Option<Position>,
    /// By the marks a nested round was given: the forcing chains (and cycles) found.
    rounds: MarksMap<Arc<[Found]>>,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// Whether `a` and `b` are one position: the same placements and pencil marks on the same
/// grid under the same rules.
fn same_position(a: &Position, b: &Position) -> bool {
    std::ptr::eq(a.geometry(), b.geometry())
        && a.is_non_consecutive() == b.is_non_consecutive()
        && a.cages() == b.cages()
        && a == b
}

/// The forcing chains a nested round on `marks` of `position` found, if kept.
pub(super) fn find(position: &Position, marks: &[DigitSet]) -> Option<Arc<[Found]>> {
    MEMO.with(|memo| {
        let memo = memo.borrow();
        let held = memo.position.as_ref()?;
        if !same_position(held, position) {
            return None;
        }
        memo.rounds.get(marks).cloned()
    })
}

/// Keeps the forcing chains a whole nested round on `marks` of `position` found (the
/// memo emptied first if it held another position's).
pub(super) fn keep(position: &Position, marks: &[DigitSet], found: &[Found]) {
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        let held = memo.position.as_ref();
        if !held.is_some_and(|p| same_position(p, position)) {
            memo.position = Some(position.clone());
            memo.rounds.clear();
        }
        memo.rounds.insert(marks.to_vec(), found.into());
    });
}

/// The number of rounds kept (tests).
#[cfg(test)]
pub(super) fn kept() -> usize {
    MEMO.with(|memo| memo.borrow().rounds.len())
}
