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
//! it has reached to its own copy of the pencil marks (`marks`): every off reached removes
//! its candidate, so a cell can come down to one candidate, or a digit to one place in a
//! unit, after several removals; such an on has all those offs as parents.
//!
//! # Searches
//!
//! A search is breadth-first from one literal (`order` is its queue, `reached[l] == stamp`
//! marks literal `l` reached in the current search, `parent_range[l]` indexes `l`'s parents
//! in `parents`). It stops at a *contradiction*: a literal reached whose negation was
//! reached too. The *complexity* of a conclusion is SE's measure: the number of literals
//! among it and all its ancestors (several chains: the sum). Its rating is the technique's
//! base plus 0.1 for each threshold 4, 6, 8, 12, 16, 24, 32, ... (alternately times 3/2 and
//! 4/3) that the complexity minus 2 exceeds.
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
//!
//! Each finder collects every conclusion of its technique and returns the one SE would
//! take: lowest rating, then lowest complexity, then the first found. This file holds the
//! engine and the single chains; `cycles.rs` the loops; `multiple.rs` the searches that
//! combine several chains (cell, region, double, contradiction, Nishio).

mod cycles;
mod multiple;

use super::{digit_name, Position, Step, Technique};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::{Cell, Unit};

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

/// A literal: candidate `digit` of `cell` assumed on or off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Literal {
    cell: Cell,
    digit: Digit,
    on: bool,
}

/// The search state over the literals of one position (see the module docs).
struct Chaining<'a> {
    position: &'a Position,
    side: usize,
    marks: Vec<DigitSet>,
    reached: Vec<u32>,
    stamp: u32,
    parent_range: Vec<(u32, u32)>,
    parents: Vec<u32>,
    order: Vec<u32>,
    /// Scratch for ancestor counts.
    seen: Vec<u32>,
    seen_stamp: u32,
    stack: Vec<u32>,
    /// Scratch for one literal's consequences: (literal, first parent, hidden parents).
    found: Vec<u32>,
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

/// A conclusion before it becomes a [`Step`].
struct Found {
    technique: Technique,
    conclusion: u32,
    /// Further eliminations made by the same reasoning (a cycle's).
    more: Vec<u32>,
    complexity: usize,
    explanation: String,
    cells: Vec<Cell>,
}

impl<'a> Chaining<'a> {
    fn new(position: &'a Position) -> Chaining<'a> {
        let geometry = position.geometry();
        let literals = geometry.cell_count() * geometry.side() * 2;
        Chaining {
            position,
            side: geometry.side(),
            marks: geometry.cells().map(|c| position.candidates(c)).collect(),
            reached: vec![0; literals],
            stamp: 0,
            parent_range: vec![(0, 0); literals],
            parents: Vec::new(),
            order: Vec::new(),
            seen: vec![0; literals],
            seen_stamp: 0,
            stack: Vec::new(),
            found: Vec::new(),
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

    /// Marks `literal` reached with the parents in `self.parents[from..]`; in a dynamic
    /// search an off removes its candidate from `marks`.
    fn reach(&mut self, literal: u32, from: usize, dynamic: bool) {
        self.reached[literal as usize] = self.stamp;
        self.parent_range[literal as usize] = (from as u32, self.parents.len() as u32);
        self.order.push(literal);
        if dynamic && literal & 1 == 0 {
            let l = self.decode(literal);
            self.marks[l.cell.index()].remove(l.digit);
        }
    }

    /// Breadth-first search from `start`, until `target` is reached (contradictions on the
    /// way are then ignored), a contradiction (without a target), or nothing more
    /// follows. Static searches follow `links`; dynamic ones both kinds.
    fn search(&mut self, start: u32, links: Links, dynamic: bool, target: Option<u32>) -> Ending {
        self.stamp += 1;
        self.order.clear();
        self.parents.clear();
        if dynamic {
            for cell in self.position.geometry().cells() {
                self.marks[cell.index()] = self.position.candidates(cell);
            }
        }
        self.reach(start, 0, dynamic);
        let mut next = 0;
        while next < self.order.len() {
            let literal = self.order[next];
            next += 1;
            self.consequences(literal, links, dynamic);
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
                self.reach(consequence, from, dynamic);
                if Some(consequence) == target {
                    ending = Some(Ending::Target);
                    break;
                }
                if target.is_none() && self.is_reached(consequence ^ 1) {
                    ending = Some(Ending::Contradiction(consequence));
                    break;
                }
            }
            self.found = found;
            self.found.clear();
            if let Some(ending) = ending {
                return ending;
            }
        }
        Ending::Exhausted
    }

    /// The literals `literal` leads to, into `self.found` (see [`Chaining::search`]).
    fn consequences(&mut self, literal: u32, links: Links, dynamic: bool) {
        let Literal { cell, digit, on } = self.decode(literal);
        let geometry = self.position.geometry();
        let cell_links = links != Links::Digit;
        let unit_links = links != Links::Cell;
        let marks = |chaining: &Chaining, c: Cell| {
            if dynamic {
                chaining.marks[c.index()]
            } else {
                chaining.position.candidates(c)
            }
        };
        if on {
            if cell_links {
                for other in marks(self, cell).iter().filter(|&e| e != digit) {
                    let off = self.literal(cell, other, false);
                    self.found.extend_from_slice(&[off, 0]);
                }
            }
            for &peer in geometry.peers(cell) {
                if marks(self, peer).contains(digit) {
                    let off = self.literal(peer, digit, false);
                    self.found.extend_from_slice(&[off, 0]);
                }
            }
            return;
        }
        // An off: a cell left one candidate, a digit left one place in a unit.
        let original = self.position.candidates(cell);
        let left = marks(self, cell).difference(DigitSet::single(digit));
        if cell_links && left.is_single() {
            let other = left.lowest().expect("one candidate left");
            let on = self.literal(cell, other, true);
            let hidden: Vec<u32> = if dynamic {
                original
                    .difference(left)
                    .iter()
                    .filter(|&e| e != digit)
                    .map(|e| self.literal(cell, e, false))
                    .collect()
            } else {
                Vec::new()
            };
            self.found.extend_from_slice(&[on, hidden.len() as u32]);
            self.found.extend_from_slice(&hidden);
        }
        if !unit_links {
            return;
        }
        for unit in geometry.units_of(cell) {
            let mut place = None;
            let mut places = 0;
            for &other in geometry.unit(unit) {
                if other != cell && marks(self, other).contains(digit) {
                    places += 1;
                    place = Some(other);
                }
            }
            let (1, Some(place)) = (places, place) else {
                continue;
            };
            let on = self.literal(place, digit, true);
            let hidden: Vec<u32> = if dynamic {
                geometry
                    .unit(unit)
                    .iter()
                    .filter(|&&q| {
                        q != cell
                            && q != place
                            && self.position.candidates(q).contains(digit)
                            && !self.marks[q.index()].contains(digit)
                    })
                    .map(|&q| self.literal(q, digit, false))
                    .collect()
            } else {
                Vec::new()
            };
            self.found.extend_from_slice(&[on, hidden.len() as u32]);
            self.found.extend_from_slice(&hidden);
        }
    }

    /// SE's complexity of a reached literal: it and all its ancestors.
    fn complexity(&mut self, literal: u32) -> usize {
        self.seen_stamp += 1;
        self.stack.clear();
        self.stack.push(literal);
        self.seen[literal as usize] = self.seen_stamp;
        let mut count = 0;
        while let Some(l) = self.stack.pop() {
            count += 1;
            let (from, to) = self.parent_range[l as usize];
            for k in from..to {
                let parent = self.parents[k as usize];
                if self.seen[parent as usize] != self.seen_stamp {
                    self.seen[parent as usize] = self.seen_stamp;
                    self.stack.push(parent);
                }
            }
        }
        count
    }

    /// The chain to `literal` by first parents, written "r1c2=5 -> r1c7<>5 -> ...".
    fn chain(&self, literal: u32) -> String {
        let mut path = vec![literal];
        let mut l = literal;
        loop {
            let (from, to) = self.parent_range[l as usize];
            if from == to {
                break;
            }
            l = self.parents[from as usize];
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
        self.position.is_empty(l.cell) && self.position.candidates(l.cell).contains(l.digit)
    }

    /// Every empty cell's candidates, as (cell, digit), in cell order.
    fn candidates(&self) -> Vec<(Cell, Digit)> {
        let position = self.position;
        position
            .geometry()
            .cells()
            .filter(|&c| position.is_empty(c))
            .flat_map(|c| position.candidates(c).iter().map(move |d| (c, d)))
            .collect()
    }

    /// Forcing X-chains and forcing chains: a candidate's on leading to its off, or its
    /// off to its on.
    fn unary(&mut self, found: &mut Vec<Found>) {
        for (cell, digit) in self.candidates() {
            if self.position.candidates(cell).len() < 2 {
                continue;
            }
            let on = self.literal(cell, digit, true);
            let bivalue = self.position.candidates(cell).len() == 2;
            self.cycles(on, Links::Digit, Technique::BidirectionalXCycle, found);
            if bivalue {
                self.cycles(on, Links::Cell, Technique::BidirectionalYCycle, found);
            }
            self.cycles(
                on,
                Links::DigitAndCell,
                Technique::BidirectionalCycle,
                found,
            );
            for (links, technique) in [
                (Links::Digit, Technique::ForcingXChain),
                (Links::DigitAndCell, Technique::ForcingChain),
            ] {
                for on in [true, false] {
                    let start = self.literal(cell, digit, on);
                    let target = start ^ 1;
                    if self.search(start, links, false, Some(target)) == Ending::Target {
                        found.push(Found {
                            technique,
                            conclusion: target,
                            more: Vec::new(),
                            complexity: self.complexity(target),
                            explanation: format!(
                                "{}: {}, so {}",
                                technique.name(),
                                self.chain(target),
                                self.name(target)
                            ),
                            cells: vec![cell],
                        });
                    }
                }
            }
        }
    }

    /// The step SE would take among `found`: lowest rating, then complexity.
    fn best(&self, found: Vec<Found>) -> Option<Step> {
        let rated = found.into_iter().map(|f| {
            let tenths = (f.technique.rating() * 10.0).round() + length_increment(f.complexity);
            let rating = tenths / 10.0;
            (rating, f)
        });
        let (rating, best) = rated
            .min_by(|(ra, a), (rb, b)| ra.total_cmp(rb).then(a.complexity.cmp(&b.complexity)))?;
        let l = self.decode(best.conclusion);
        let units: Vec<Unit> = Vec::new();
        let mut step = if l.on {
            Step {
                technique: best.technique,
                placements: vec![(l.cell, l.digit)],
                eliminations: Vec::new(),
                cells: best.cells,
                units,
                explanation: best.explanation,
                rating,
            }
        } else {
            let mut eliminations = vec![(l.cell, l.digit)];
            eliminations.extend(best.more.iter().map(|&m| {
                let m = self.decode(m);
                (m.cell, m.digit)
            }));
            Step::eliminating(
                best.technique,
                eliminations,
                best.cells,
                units,
                best.explanation,
            )
        };
        step.rating = rating;
        Some(step)
    }
}

/// SE's increment for a conclusion of `complexity` literals (see the module docs), in
/// tenths.
pub fn length_increment(complexity: usize) -> f32 {
    let length = complexity.saturating_sub(2);
    let mut ceiling = 4;
    let mut tenths = 0;
    let mut odd = false;
    while length > ceiling {
        tenths += 1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    tenths as f32
}

/// Runs one family's search over `position` and returns the step SE would take.
fn find_with(
    position: &Position,
    family: impl FnOnce(&mut Chaining, &mut Vec<Found>),
) -> Option<Step> {
    let mut chaining = Chaining::new(position);
    let mut found = Vec::new();
    family(&mut chaining, &mut found);
    chaining.best(found)
}

/// Forcing X-chains and forcing chains (SE 6.6 and 7.0, plus length).
pub fn forcing_chain(position: &Position) -> Option<Step> {
    find_with(position, |chaining, found| chaining.unary(found))
}

/// Nishio forcing chains (SE 7.5, plus length).
pub fn nishio_forcing_chains(position: &Position) -> Option<Step> {
    find_with(position, |chaining, found| chaining.nishio(found))
}

/// Cell and region forcing chains (SE 8.0, plus length).
pub fn multiple_forcing_chains(position: &Position) -> Option<Step> {
    find_with(position, |chaining, found| chaining.multiple(false, found))
}

/// Dynamic forcing chains (SE 8.5, plus length).
pub fn dynamic_forcing_chains(position: &Position) -> Option<Step> {
    find_with(position, |chaining, found| chaining.dynamic(found))
}
