//! What searches reached, and how, kept while `base` and `level` stay: the cell, region
//! and double forms search the same starts again and again. A nested round of the
//! "+ dynamic forcing chains" level searches every candidate's on and off, then asks of
//! every cell's candidates and of every unit's places of a digit what they all lead to
//! (read off what was kept), and for what they share, the chains that lead there (the
//! searches' states, restored from what was kept rather than searched again: the second
//! pass had been a quarter of such a hint's time).
//!
//! # Layout
//!
//! * `index[start * 2 + dynamic]`: which of `records` keeps the search from `start`
//!   (both kinds of links, no target; static or dynamic), [`NOT_KEPT`] while none does.
//! * `records`: for each kept search, its key in `index` and where it is kept: a range
//!   of `literals` (and of `ways`) and a range of `parents`.
//! * `literals`: what each kept search reached before it ended, in the order reached
//!   (its `order`, without the literal that met its negation when it ended so).
//! * `ways[k]`: how `literals[k]` was reached: the range of its parents within its
//!   search's `parents` (as [`Chaining::parent_range`] had it) and its nested tag.
//! * `parents`: each kept search's `parents`, whole.
//!
//! Invariants: every range of a record lies within its vector; `index` names exactly
//! the searches of `records`; restoring a record ([`Chaining::recall`]) gives the state
//! the search left, for every literal it reached before it ended: reached, its parents
//! and its nested tag, so chains and complexities read the same.

use super::{Chaining, Ending, Links};

/// An entry of [`Kept::index`] that names no record.
const NOT_KEPT: u32 = u32::MAX;

/// The kept searches of one base (see the module docs).
#[derive(Debug, Default)]
pub(super) struct Kept {
    index: Vec<u32>,
    records: Vec<Record>,
    literals: Vec<u32>,
    ways: Vec<Way>,
    parents: Vec<u32>,
}

/// Where one search is kept.
#[derive(Debug, Clone, Copy)]
struct Record {
    key: u32,
    literals: (u32, u32),
    parents: (u32, u32),
}

/// How a kept literal was reached.
#[derive(Debug, Clone, Copy)]
struct Way {
    parents: (u32, u32),
    tag: u32,
}

impl Kept {
    /// Room for the searches of a grid of `literals` literals, none kept.
    pub(super) fn new(literals: usize) -> Kept {
        Kept {
            index: vec![NOT_KEPT; literals * 2],
            ..Kept::default()
        }
    }

    /// Forgets every kept search (another base).
    pub(super) fn clear(&mut self) {
        for record in &self.records {
            self.index[record.key as usize] = NOT_KEPT;
        }
        self.records.clear();
        self.literals.clear();
        self.ways.clear();
        self.parents.clear();
    }

    /// The literals of `range`, a kept search's reach.
    pub(super) fn reach(&self, (from, to): (usize, usize)) -> &[u32] {
        &self.literals[from..to]
    }

    /// The record of the search from `start`, if kept.
    fn record(&self, start: u32, dynamic: bool) -> Option<Record> {
        let at = self.index[key(start, dynamic)];
        (at != NOT_KEPT).then(|| self.records[at as usize])
    }
}

impl Chaining<'_> {
    /// The range of kept literals ([`Kept::reach`]) holding what the search from `start`
    /// (both kinds of links, no target) reached before it ended: searched now unless kept.
    pub(super) fn reach_of(&mut self, start: u32, dynamic: bool) -> (usize, usize) {
        if let Some(record) = self.kept.record(start, dynamic) {
            let (from, to) = record.literals;
            return (from as usize, to as usize);
        }
        let ending = self.search(start, Links::DigitAndCell, dynamic, None);
        self.keep_reach(start, dynamic, ending)
    }

    /// Keeps what the last search, from `start` (both kinds of links, no target), reached
    /// before it ended as `ending`, and how; the range of kept literals holding it.
    pub(super) fn keep_reach(
        &mut self,
        start: u32,
        dynamic: bool,
        ending: Ending,
    ) -> (usize, usize) {
        let reached = match ending {
            Ending::Contradiction(_) => self.order.len() - 1,
            _ => self.order.len(),
        };
        let kept = &mut self.kept;
        let from = kept.literals.len();
        for &literal in &self.order[..reached] {
            kept.literals.push(literal);
            kept.ways.push(Way {
                parents: self.parent_range[literal as usize],
                tag: self.nested_tag[literal as usize],
            });
        }
        let parents_from = kept.parents.len();
        kept.parents.extend_from_slice(&self.parents);
        let to = kept.literals.len();
        let key = key(start, dynamic);
        kept.index[key] = kept.records.len() as u32;
        kept.records.push(Record {
            key: key as u32,
            literals: (from as u32, to as u32),
            parents: (parents_from as u32, kept.parents.len() as u32),
        });
        (from, to)
    }

    /// Leaves the search state as the search from `start` (both kinds of links, no
    /// target) left it, for every literal it reached before it ended: restored if kept,
    /// else searched (and kept).
    pub(super) fn recall(&mut self, start: u32, dynamic: bool) {
        let Some(record) = self.kept.record(start, dynamic) else {
            self.reach_of(start, dynamic);
            return;
        };
        self.stamp += 1;
        self.order.clear();
        self.parents.clear();
        let kept = &self.kept;
        let (from, to) = record.parents;
        self.parents
            .extend_from_slice(&kept.parents[from as usize..to as usize]);
        let (from, to) = record.literals;
        for k in from as usize..to as usize {
            let (literal, way) = (kept.literals[k], kept.ways[k]);
            self.reached[literal as usize] = self.stamp;
            self.parent_range[literal as usize] = way.parents;
            self.nested_tag[literal as usize] = way.tag;
            self.order.push(literal);
        }
    }
}

/// Where the search from `start` is named in [`Kept::index`].
fn key(start: u32, dynamic: bool) -> usize {
    start as usize * 2 + usize::from(dynamic)
}
