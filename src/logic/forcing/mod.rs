//! Forcing chains, found and rated as Sudoku Explainer (SE) finds and rates them.
//!
//! # Literals and links
//!
//! A *literal* is a candidate assumed true (on: the cell holds the digit) or false (off),
//! numbered `(cell * side + digit index) * 2 + on`. From a literal follow others:
//!
//! * on(c, d) -> off(p, d) for every peer `p` of `c` with candidate `d`; with cell links
//!   (SE's Y links), also off(c, e) for every other candidate `e` of `c`;
//! * off(c, d) -> on(p, d) when `p` is the only other place of `d` in a unit of `c` (an X
//!   link); with cell links, also on(c, e) when `e` is the only other candidate of `c`.
//!
//! A *static* search reads these links off the position. A *dynamic* search applies what
//! it has followed to its own copy of the pencil marks (`marks`): every off taken from the
//! queue removes its candidate, so a cell can come down to one candidate, or a digit to
//! one place in a unit, after several removals; such an on has all those offs as parents.
//!
//! # Searches
//!
//! A search is breadth-first from one literal (`order` lists what it reached, in order,
//! `reached[l] == stamp` marks literal `l` reached in the current search, `parent_range[l]`
//! indexes `l`'s parents in `parents`). It follows every on reached before any off (two
//! queues in `order`, the ons first), as SE does: which contradiction a search meets first,
//! and so the chains a rating counts, depend on that order. It stops at a
//! *contradiction*: a literal reached whose negation was reached too; what it reached
//! before still counts towards cell and region forcing chains and double forcing chains.
//! The *complexity* of a conclusion is SE's measure: the number of literals among it and
//! all its ancestors (several chains: the sum, an ancestor they share counted in each),
//! plus, once each, the sizes of the nested chains those literals rest on (`plus.rs`).
//! Its rating is the technique's base plus 0.1 for each threshold 4, 6, 8, 12, 16, 24,
//! 32, ... (alternately times 3/2 and 4/3) that the complexity minus 2 exceeds.
//!
//! # Techniques
//!
//! * Forcing X-chain (6.6), X links only, and forcing chain (7.0), both kinds of links: a
//!   candidate whose assumption on leads to its own off is false; one whose off leads to
//!   its on is true. (X-chains, XY-chains, colouring and W-Wings are all of this form.)
//! * Bidirectional X-, Y- and XY-cycles (6.5, 6.5, 7.0; `cycles.rs`): a loop of
//!   alternating on and off literals holds both ways round, so a candidate seeing an on and
//!   an off literal of its digit on the loop is false.
//! * Nishio forcing chains (7.5): dynamic searches along digit links only; a candidate
//!   whose on (off) leads to a contradiction is false (true).
//! * Cell forcing chains and region forcing chains (8.0): every candidate of a cell, or
//!   every place of a digit in a unit, leads to the same literal, which therefore holds.
//! * Dynamic forcing chains (8.5), with dynamic searches: a candidate whose on (off) leads
//!   to a contradiction is false (true); a literal both the on and the off of a candidate
//!   lead to holds; and the cell and region forms.
//! * Dynamic forcing chains (+) (9.0) and nested forcing chains (9.5, 10.0, 10.5; SE's
//!   levels): the same dynamic searches, which apply basic techniques, then whole nested
//!   chain searches, to their pencil marks when singles run out (`plus.rs`).
//!
//! Each finder collects every conclusion of its technique and returns the one SE would
//! take: lowest rating, then lowest complexity, then the first found. This file holds the
//! search engine; `finders.rs` the finders and the single chains; `cycles.rs` the loops;
//! `multiple.rs` the searches that combine several chains (cell, region, double,
//! contradiction, Nishio); `plus.rs` the levels above 8.5.

mod closure;
mod cycles;
mod finders;
mod kept;
mod links_memo;
mod marks_hash;
mod multiple;
mod plus;
mod reach;
mod rounds;
#[cfg(test)]
mod tests;

#[cfg(test)]
pub use finders::length_increment;
pub use finders::{
    dynamic_forcing_chains, dynamic_forcing_chains_plus, forcing_chain, multiple_forcing_chains,
    nested_dynamic_forcing_chains, nested_forcing_chains, nested_multiple_forcing_chains,
    nishio_forcing_chains,
};

use super::{digit_name, Position, Technique};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::{Cell, Unit, UnitKind};

/// Which links a static search follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Links {
    /// Digit links only: a digit's places in a unit (SE's X chains).
    Digit,
    /// Cell links only, and the peers a placement clears (SE's Y cycles).
    Cell,
    /// Digit links and cell links (SE's XY chains).
    DigitAndCell,
}

impl Links {
    /// Its place in per-kind tables.
    fn index(self) -> usize {
        match self {
            Links::Digit => 0,
            Links::Cell => 1,
            Links::DigitAndCell => 2,
        }
    }
}

/// A literal: candidate `digit` of `cell` assumed on or off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Literal {
    cell: Cell,
    digit: Digit,
    on: bool,
}

/// How far a dynamic search goes beyond singles when they run out (SE's levels).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Level {
    /// Singles only: dynamic forcing chains (8.5).
    Plain,
    /// Also the basic techniques of `plus.rs` on the assumed position (9.0, SE's "+").
    Plus,
    /// Also forcing chains nested in the search (9.5).
    NestedForcing,
    /// Also cell and region forcing chains nested (10.0).
    NestedMultiple,
    /// Also dynamic forcing chains nested (10.5).
    NestedDynamic,
}

impl Level {
    /// The technique a dynamic search at this level finds.
    fn technique(self) -> Technique {
        match self {
            Level::Plain => Technique::DynamicForcingChains,
            Level::Plus => Technique::DynamicForcingChainsPlus,
            Level::NestedForcing => Technique::NestedForcingChains,
            Level::NestedMultiple => Technique::NestedMultipleForcingChains,
            Level::NestedDynamic => Technique::NestedDynamicForcingChains,
        }
    }
}

/// The search state over the literals of one position (see the module docs).
struct Chaining<'a> {
    position: &'a Position,
    side: usize,
    /// Every cell's candidates in the position: what hidden parents are counted against.
    original: Vec<DigitSet>,
    /// The candidates a search starts from: `original`, or in a nested search the marks
    /// of the enclosing search when it called this one.
    base: Vec<DigitSet>,
    /// Whether this search runs inside another: a candidate of `original` missing from
    /// `base` was removed by the enclosing search, and a literal resting on it records
    /// its off in `axioms` instead of counting it.
    nested: bool,
    /// How far a dynamic search goes when singles run out.
    level: Level,
    /// Every cell's peers in the order an on clears them, as SE's: its box, its row, its
    /// column, its extra regions, then its extra peers; cell `c`'s are
    /// `peer_order[peer_starts[c]..peer_starts[c + 1]]`.
    peer_order: Vec<Cell>,
    peer_starts: Vec<u32>,
    /// Every unit in the order the "+" rules' pairs are looked for, as SE's: the boxes,
    /// then the rows, the columns and the extra regions.
    unit_order: Vec<Unit>,
    /// The box-line intersections as the "+" level's pointing and claiming read them.
    intersections: plus::Intersections,
    /// The places of each digit in each unit, as bits of unit positions, indexed
    /// `unit * side + digit index`: in `original`, in `base`, and in `marks`.
    original_places: Vec<u32>,
    base_places: Vec<u32>,
    places: Vec<u32>,
    marks: Vec<DigitSet>,
    reached: Vec<u32>,
    stamp: u32,
    parent_range: Vec<(u32, u32)>,
    parents: Vec<u32>,
    /// The nested chain a reached literal was concluded by: 0 for none, else 1 + its
    /// index in `nested_sizes`.
    nested_tag: Vec<u32>,
    /// The number of literals of each nested chain met so far, and the tag of each by its
    /// conclusion and size, then its premises (so a chain met again gets the same tag).
    nested_sizes: Vec<u32>,
    nested_ids: std::collections::HashMap<(u32, u32), Vec<NestedId>>,
    /// The tags of the nested chains the last counted chains rest on.
    nested_used: Vec<u32>,
    order: Vec<u32>,
    /// Scratch for ancestor counts.
    seen: Vec<u32>,
    seen_stamp: u32,
    stack: Vec<u32>,
    /// Scratch for one literal's consequences: (literal, first parent, hidden parents).
    found: Vec<u32>,
    /// The static links of the literals on `base` worked out so far (`links_memo.rs`).
    links_memo: links_memo::LinksMemo,
    /// The enclosing search's offs the last counted conclusions rest on (nested only).
    axioms: Vec<u32>,
    /// Scratch for what the level's rules conclude (see `plus.rs`).
    derived: Vec<u32>,
    /// Scratch of a cycle search (see `cycles.rs`): its entries, and the hidden parents
    /// of each with where they start.
    cycle_entries: Vec<(u32, u32)>,
    cycle_hidden: Vec<u32>,
    cycle_spans: Vec<u32>,
    /// Scratch of a cycle search: the literals on the path to the entry being followed
    /// are stamped `path_stamp` (see `cycles.rs`).
    path_marks: Vec<u32>,
    path_stamp: u32,
    /// Scratch of a loop's eliminations (see `cycles.rs`): a stamp per candidate and per
    /// cell, the stamps' base, the eliminations.
    loop_marks: Vec<u32>,
    loop_cells: Vec<u32>,
    loop_stamp: u32,
    loop_eliminated: Vec<u32>,
    /// Whether a loop can eliminate anything, as bit sets (see `cycles.rs`).
    loop_bits: cycles::LoopBits,
    /// Scratch of the "+" level's cage combinations (killer grids, see `plus.rs`).
    cage_scratch: CageScratch,
    /// The search nested levels run, made on first use.
    inner: Option<Box<Chaining<'a>>>,
    /// What the nested rules concluded from each set of pencil marks they were given
    /// (the same start literal is searched again by several finders).
    nested_cache: marks_hash::MarksMap<Vec<u32>>,
    /// What each start's search (both kinds of links, no target) reached before it
    /// ended, and how, kept while `base` and `level` stay (`kept.rs`).
    kept: kept::Kept,
    /// What the static searches on `base` can reach along each kind of links
    /// (`closure.rs`, indexed by [`Links::index`]), made by [`Chaining::closure`]: on a
    /// grid whose peers are its units', of the core candidates only (`reach.rs`); and,
    /// last, along both kinds of links, the closure of the core and the sinks that cell
    /// and region chains ask about (of every candidate on other grids).
    closures: [closure::Closure; 4],
    /// Whether `closures[k]` is made for `base`.
    closed: [bool; 4],
    /// Whether the grid's peers are its units' (no extra peers, no non-consecutive rule,
    /// no cages): links are then read off the units' places (`reach.rs`).
    peers_are_units: bool,
    /// Scratch of `reach.rs`: which candidates are in the core, and the literals a
    /// question about reach starts and ends at.
    core: Vec<bool>,
    reach_starts: Vec<u32>,
    reach_ends: Vec<u32>,
    /// Scratch of `plus.rs`'s cycle closers: the offs that would close a loop.
    closing_offs: Vec<u32>,
    /// Searches started, to ask the cutoff (`super::cutoff`) every 64th.
    searches: u32,
    /// Whether the cutoff was reached: every search then ends at once and the finders
    /// report nothing (what they found may be incomplete).
    abandoned: bool,
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ending {
    /// Nothing more follows.
    Exhausted,
    /// The literal given as target was reached.
    Target,
    /// This literal and its negation were both reached.
    Contradiction(u32),
}

/// A nested chain met before, among those of its conclusion and size: the enclosing offs
/// it rests on (sorted, each once) and its tag.
type NestedId = (Vec<u32>, u32);

/// A conclusion before it becomes a [`Step`].
#[derive(Clone)]
struct Found {
    technique: Technique,
    conclusion: u32,
    /// The enclosing search's offs it rests on (nested searches only), sorted, each once.
    axioms: Vec<u32>,
    /// Further eliminations made by the same reasoning (a cycle's).
    more: Vec<u32>,
    complexity: usize,
    explanation: String,
    cells: Vec<Cell>,
    /// For a cell or region chain, where SE's search meets it (see
    /// [`multiple::precedence`]): in a nested search of the "+ multiple forcing chains"
    /// level, chains of one size are followed in this order. [`NO_PRECEDENCE`] for the
    /// other kinds.
    precedence: u32,
}

/// The precedence of a conclusion that is not a cell or region chain's.
const NO_PRECEDENCE: u32 = u32::MAX;

/// Scratch of the "+" level's cage combinations: one cage's cells' digits, those some
/// filling uses, the offs its eliminations rest on, and the fillings' search.
#[derive(Debug, Default)]
struct CageScratch {
    options: Vec<DigitSet>,
    allowed: Vec<DigitSet>,
    parents: Vec<u32>,
    fillings: crate::logic::cages::Fillings,
}

impl<'a> Chaining<'a> {
    fn new(position: &'a Position) -> Chaining<'a> {
        let geometry = position.geometry();
        let literals = geometry.cell_count() * geometry.side() * 2;
        let original: Vec<DigitSet> = geometry.cells().map(|c| position.candidates(c)).collect();
        let places = places_of(geometry, &original);
        let (peer_order, peer_starts) = peers_in_order(geometry);
        let mut unit_order: Vec<Unit> = geometry.units().collect();
        unit_order.sort_by_key(|&unit| (geometry.unit_kind(unit) != UnitKind::Box, unit.index()));
        Chaining {
            position,
            side: geometry.side(),
            base: original.clone(),
            marks: original.clone(),
            original,
            nested: false,
            level: Level::Plain,
            peer_order,
            peer_starts,
            unit_order,
            intersections: plus::Intersections::new(geometry),
            original_places: places.clone(),
            base_places: places.clone(),
            places,
            reached: vec![0; literals],
            stamp: 0,
            parent_range: vec![(0, 0); literals],
            parents: Vec::new(),
            nested_tag: vec![0; literals],
            nested_sizes: Vec::new(),
            nested_ids: std::collections::HashMap::new(),
            nested_used: Vec::new(),
            order: Vec::new(),
            seen: vec![0; literals],
            seen_stamp: 0,
            stack: Vec::new(),
            found: Vec::new(),
            links_memo: links_memo::LinksMemo::default(),
            axioms: Vec::new(),
            derived: Vec::new(),
            cycle_entries: Vec::new(),
            cycle_hidden: Vec::new(),
            cycle_spans: Vec::new(),
            path_marks: vec![0; literals],
            path_stamp: 0,
            loop_marks: vec![0; literals / 2],
            loop_cells: vec![0; geometry.cell_count()],
            loop_stamp: 0,
            loop_eliminated: Vec::new(),
            loop_bits: cycles::LoopBits::default(),
            inner: None,
            nested_cache: marks_hash::MarksMap::default(),
            kept: kept::Kept::new(literals),
            closures: Default::default(),
            closed: [false; 4],
            peers_are_units: !geometry.has_extra_peers()
                && !position.is_non_consecutive()
                && position.cages().is_empty(),
            core: vec![false; literals / 2],
            reach_starts: Vec::new(),
            reach_ends: Vec::new(),
            closing_offs: Vec::new(),
            searches: 0,
            abandoned: false,
            cage_scratch: CageScratch {
                fillings: crate::logic::cages::Fillings::new(geometry.side()),
                ..CageScratch::default()
            },
        }
    }

    fn literal(&self, cell: Cell, digit: Digit, on: bool) -> u32 {
        ((cell.index() * self.side + digit.index()) * 2 + usize::from(on)) as u32
    }

    fn decode(&self, literal: u32) -> Literal {
        let candidate = literal as usize / 2;
        Literal {
            cell: Cell::new(candidate / self.side),
            digit: Digit::new((candidate % self.side) as u8 + 1),
            on: literal & 1 == 1,
        }
    }

    fn is_reached(&self, literal: u32) -> bool {
        self.reached[literal as usize] == self.stamp
    }

    /// "r1c2=5" or "r1c2<>5".
    fn name(&self, literal: u32) -> String {
        let l = self.decode(literal);
        let relation = if l.on { "=" } else { "<>" };
        format!(
            "{}{relation}{}",
            self.position.name(l.cell),
            digit_name(l.digit)
        )
    }

    /// Marks `literal` reached with the parents in `self.parents[from..]` and nested tag
    /// `tag`, and queues it.
    fn reach(&mut self, literal: u32, from: usize, tag: u32) {
        self.reached[literal as usize] = self.stamp;
        self.parent_range[literal as usize] = (from as u32, self.parents.len() as u32);
        self.nested_tag[literal as usize] = tag;
        self.order.push(literal);
    }

    /// In a dynamic search, an off taken from the queue removes its candidate from `marks`.
    fn apply_off(&mut self, literal: u32) {
        let l = self.decode(literal);
        self.marks[l.cell.index()].remove(l.digit);
        let geometry = self.position.geometry();
        let units = geometry.all_units_of(l.cell);
        for (&unit, &place) in units.iter().zip(geometry.unit_places(l.cell)) {
            let bit = 1 << place;
            self.places[unit.index() * self.side + l.digit.index()] &= !bit;
        }
    }

    /// The next literal to follow: the first queued on not followed yet, else the first
    /// such off (`cursors`: how far the ons and the offs of `order` have been taken).
    fn next_queued(&self, cursors: &mut [usize; 2]) -> Option<u32> {
        for on in [1, 0] {
            let cursor = &mut cursors[on as usize];
            while *cursor < self.order.len() {
                let literal = self.order[*cursor];
                *cursor += 1;
                if literal & 1 == on {
                    return Some(literal);
                }
            }
        }
        None
    }

    /// Reaches `consequence` (not reached yet) from the parents pushed since `from`; how
    /// the search ends if it does (see [`Chaining::search`]).
    fn accept(
        &mut self,
        consequence: u32,
        from: usize,
        tag: u32,
        target: Option<u32>,
    ) -> Option<Ending> {
        self.reach(consequence, from, tag);
        if Some(consequence) == target {
            return Some(Ending::Target);
        }
        if target.is_none() && self.is_reached(consequence ^ 1) {
            return Some(Ending::Contradiction(consequence));
        }
        None
    }

    /// Breadth-first search from `start`, until `target` is reached (contradictions on the
    /// way are then ignored), a contradiction (without a target), or nothing more
    /// follows. Static searches follow `links`; dynamic ones both kinds, and when singles
    /// run out, what `self.level` adds (`plus.rs`).
    fn search(&mut self, start: u32, links: Links, dynamic: bool, target: Option<u32>) -> Ending {
        self.stamp += 1;
        self.order.clear();
        self.parents.clear();
        if dynamic {
            self.marks.copy_from_slice(&self.base);
            self.places.copy_from_slice(&self.base_places);
        }
        self.reach(start, 0, 0);
        if self.is_abandoned() {
            // Given up: the start alone is reached, a consistent state for the callers.
            return Ending::Exhausted;
        }
        let mut cursors = [0, 0];
        loop {
            while let Some(literal) = self.next_queued(&mut cursors) {
                if dynamic && literal & 1 == 0 {
                    self.apply_off(literal);
                }
                if dynamic {
                    self.consequences(literal, links, true);
                } else {
                    self.static_consequences(literal, links);
                }
                // `found` holds groups: a literal, its number of hidden parents, those parents.
                let found = std::mem::take(&mut self.found);
                let mut k = 0;
                let mut ending = None;
                while k < found.len() {
                    let (consequence, hidden) = (found[k], found[k + 1] as usize);
                    let hidden_parents = &found[k + 2..k + 2 + hidden];
                    k += 2 + hidden;
                    if self.is_reached(consequence) {
                        continue;
                    }
                    let from = self.parents.len();
                    self.parents.push(literal);
                    self.parents.extend_from_slice(hidden_parents);
                    ending = self.accept(consequence, from, 0, target);
                    if ending.is_some() {
                        break;
                    }
                }
                self.found = found;
                self.found.clear();
                if let Some(ending) = ending {
                    return ending;
                }
            }
            if !dynamic || self.level == Level::Plain {
                return Ending::Exhausted;
            }
            match self.advance(target) {
                Ok(true) => {}
                Ok(false) => return Ending::Exhausted,
                Err(ending) => return ending,
            }
        }
    }

    /// Whether the cutoff of the walk under way was reached (asked at the first search and
    /// every 64th after, a few microseconds apart at the nested levels): once it is, the
    /// search is given up.
    fn is_abandoned(&mut self) -> bool {
        if !self.abandoned {
            self.searches = self.searches.wrapping_add(1);
            self.abandoned = self.searches % 64 == 1 && super::cutoff::reached();
        }
        self.abandoned
    }

    /// The literals `literal` leads to, into `self.found` (see [`Chaining::search`]).
    fn consequences(&mut self, literal: u32, links: Links, dynamic: bool) {
        let Literal { cell, digit, on } = self.decode(literal);
        let geometry = self.position.geometry();
        let cell_links = links != Links::Digit;
        let unit_links = links != Links::Cell;
        // Hidden parents: the offs that took the other candidates away, in a dynamic
        // search or against the enclosing search's removals in a nested one.
        let hidden_parents = dynamic || self.nested;
        let marks = |chaining: &Chaining, c: Cell| {
            if dynamic {
                chaining.marks[c.index()]
            } else {
                chaining.base[c.index()]
            }
        };
        if on {
            if cell_links {
                for other in marks(self, cell).iter().filter(|&e| e != digit) {
                    let off = self.literal(cell, other, false);
                    self.found.extend_from_slice(&[off, 0]);
                }
            }
            let (from, to) = (
                self.peer_starts[cell.index()],
                self.peer_starts[cell.index() + 1],
            );
            for k in from..to {
                let peer = self.peer_order[k as usize];
                if marks(self, peer).contains(digit) {
                    let off = self.literal(peer, digit, false);
                    self.found.extend_from_slice(&[off, 0]);
                }
            }
            // The non-consecutive rule: the neighbours lose the digits next to it (in every
            // search, digit links only too, as SE's chains take them).
            if self.position.is_non_consecutive() {
                let next_to = self.position.consecutive_digits(digit);
                for neighbour in self.position.neighbours(cell) {
                    for other in marks(self, neighbour).intersection(next_to).iter() {
                        let off = self.literal(neighbour, other, false);
                        self.found.extend_from_slice(&[off, 0]);
                    }
                }
            }
            return;
        }
        // An off: a cell left one candidate, a digit left one place in a unit.
        let left = marks(self, cell).difference(DigitSet::single(digit));
        if cell_links && left.is_single() {
            let other = left.lowest().expect("one candidate left");
            let on = self.literal(cell, other, true);
            let start = self.found.len();
            self.found.extend_from_slice(&[on, 0]);
            if hidden_parents {
                let gone = self.original[cell.index()].difference(left);
                for e in gone.iter().filter(|&e| e != digit) {
                    let off = self.literal(cell, e, false);
                    self.found.push(off);
                }
                self.found[start + 1] = (self.found.len() - start - 2) as u32;
            }
        }
        if !unit_links {
            return;
        }
        // Box, row, column, then the extra regions: SE's order.
        let units = geometry.all_units_of(cell);
        let places = geometry.unit_places(cell);
        for k in [2, 0, 1].into_iter().chain(3..units.len()) {
            let (unit, place) = (units[k], places[k]);
            let index = unit.index() * self.side + digit.index();
            let own = 1u32 << place;
            let now = if dynamic {
                self.places[index]
            } else {
                self.base_places[index]
            };
            let others = now & !own;
            if others.count_ones() != 1 {
                continue;
            }
            let cells = geometry.unit(unit);
            let place = cells[others.trailing_zeros() as usize];
            let on = self.literal(place, digit, true);
            let start = self.found.len();
            self.found.extend_from_slice(&[on, 0]);
            if hidden_parents {
                let mut gone = self.original_places[index] & !now & !own;
                while gone != 0 {
                    let q = cells[gone.trailing_zeros() as usize];
                    gone &= gone - 1;
                    let off = self.literal(q, digit, false);
                    self.found.push(off);
                }
                self.found[start + 1] = (self.found.len() - start - 2) as u32;
            }
        }
    }

    /// Makes `marks` the candidates searches start from.
    #[cfg(test)]
    fn set_base(&mut self, marks: &[DigitSet]) {
        let places = places_of(self.position.geometry(), marks);
        self.set_base_with_places(marks, &places);
    }

    /// Makes `marks` the candidates searches start from, `places` their places (see
    /// [`Chaining::base_places`]): a nested round's are those its enclosing search
    /// keeps as it removes candidates.
    fn set_base_with_places(&mut self, marks: &[DigitSet], places: &[u32]) {
        debug_assert_eq!(places, places_of(self.position.geometry(), marks));
        self.base.copy_from_slice(marks);
        self.base_places.copy_from_slice(places);
        self.kept.clear();
        self.links_memo.clear();
        self.loop_bits.base_changed();
        self.closed = [false; 4];
    }

    /// The literals of the chain to a reached literal: it and all its ancestors, one
    /// each; the tags of the nested chains among them go to `nested_used` (see
    /// [`Chaining::nested_total`]). In a nested search, a parent not reached here is an
    /// off of the enclosing search: it goes to `axioms` and is not counted.
    fn complexity(&mut self, literal: u32) -> usize {
        if self.abandoned {
            return 0; // the searches stopped short: nothing found is used
        }
        self.seen_stamp += 1;
        self.stack.clear();
        self.stack.push(literal);
        self.seen[literal as usize] = self.seen_stamp;
        let mut count = 0;
        while let Some(l) = self.stack.pop() {
            count += 1;
            let tag = self.nested_tag[l as usize];
            if tag != 0 {
                self.nested_used.push(tag);
            }
            let (from, to) = self.parent_range[l as usize];
            for k in from..to {
                let parent = self.parents[k as usize];
                if self.seen[parent as usize] != self.seen_stamp {
                    self.seen[parent as usize] = self.seen_stamp;
                    if self.is_reached(parent) {
                        self.stack.push(parent);
                    } else {
                        self.axioms.push(parent);
                    }
                }
            }
        }
        count
    }

    /// The literals of the nested chains in `tags`, each chain once (SE lists every nested
    /// chain a step rests on once, however many of its chains use it); `tags` is emptied.
    fn nested_size(&self, tags: &mut Vec<u32>) -> usize {
        distinct_size(&self.nested_sizes, tags)
    }

    /// What the nested chains gathered since the last call add to a complexity.
    fn nested_total(&mut self) -> usize {
        distinct_size(&self.nested_sizes, &mut self.nested_used)
    }

    /// The axioms gathered since the last call, each once.
    fn take_axioms(&mut self) -> Vec<u32> {
        let mut axioms = std::mem::take(&mut self.axioms);
        axioms.sort_unstable();
        axioms.dedup();
        axioms
    }

    /// The first parent of a reached literal (`None` for a start): walking them back
    /// gives the chain to it.
    fn first_parent(&self, literal: u32) -> Option<u32> {
        let (from, to) = self.parent_range[literal as usize];
        (from < to).then(|| self.parents[from as usize])
    }

    /// The chain to `literal` by first parents, written "r1c2=5 -> r1c7<>5 -> ...".
    fn chain(&self, literal: u32) -> String {
        if self.abandoned {
            return String::new(); // the searches stopped short: nothing found is used
        }
        let mut path = vec![literal];
        let mut l = literal;
        while let Some(parent) = self.first_parent(l) {
            l = parent;
            path.push(l);
        }
        path.iter()
            .rev()
            .map(|&l| self.name(l))
            .collect::<Vec<_>>()
            .join(" -> ")
    }

    /// Whether concluding `literal` changes the position: its candidate is still open.
    fn is_worth(&self, literal: u32) -> bool {
        let l = self.decode(literal);
        self.position.is_empty(l.cell) && self.base[l.cell.index()].contains(l.digit)
    }

    /// Every empty cell's candidates (of `base`), as (cell, digit), in cell order.
    fn candidates(&self) -> Vec<(Cell, Digit)> {
        let position = self.position;
        position
            .geometry()
            .cells()
            .filter(|&c| position.is_empty(c))
            .flat_map(|c| self.base[c.index()].iter().map(move |d| (c, d)))
            .collect()
    }
}

/// Every cell's peers by unit, box first (see [`Chaining::peer_order`]).
fn peers_in_order(geometry: &crate::geometry::Geometry) -> (Vec<Cell>, Vec<u32>) {
    let mut order = Vec::new();
    let mut starts = Vec::with_capacity(geometry.cell_count() + 1);
    // `listed[p] == c + 1`: peer `p` is already in cell `c`'s list.
    let mut listed = vec![0; geometry.cell_count()];
    for cell in geometry.cells() {
        starts.push(order.len() as u32);
        let units = geometry.all_units_of(cell);
        let by_unit = [2, 0, 1].into_iter().chain(3..units.len());
        let unit_peers = by_unit.flat_map(|k| geometry.unit(units[k]).iter().copied());
        for peer in unit_peers.chain(geometry.peers(cell).iter().copied()) {
            if peer != cell && listed[peer.index()] != cell.index() + 1 {
                listed[peer.index()] = cell.index() + 1;
                order.push(peer);
            }
        }
    }
    starts.push(order.len() as u32);
    (order, starts)
}

/// The places of each digit in each unit under `marks` (see [`Chaining`]).
fn places_of(geometry: &crate::geometry::Geometry, marks: &[DigitSet]) -> Vec<u32> {
    let side = geometry.side();
    let mut places = vec![0; geometry.unit_count() * side];
    for unit in geometry.units() {
        for (at, cell) in geometry.unit(unit).iter().enumerate() {
            for digit in marks[cell.index()].iter() {
                places[unit.index() * side + digit.index()] |= 1 << at;
            }
        }
    }
    places
}

/// The summed `sizes` of the distinct tags in `tags` (tag `t` is `sizes[t - 1]`), which
/// is emptied.
fn distinct_size(sizes: &[u32], tags: &mut Vec<u32>) -> usize {
    tags.sort_unstable();
    tags.dedup();
    let size = tags
        .iter()
        .map(|&tag| sizes[tag as usize - 1] as usize)
        .sum();
    tags.clear();
    size
}
