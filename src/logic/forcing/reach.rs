//! Which literals a static search on `base` reaches, asked before searching: most
//! searches of the nested levels find nothing, and the closures (`closure.rs`) say which
//! will.
//!
//! On a grid whose peers are its units' (classic grids), a candidate is in the *core*
//! when both its on and its off have links leading from them. The static links are
//! skew-symmetric (a link from `a` to `b` comes with one from not-`b` to not-`a`), so a
//! core literal also has links leading to it, and every other literal is a *source* (no
//! link leads to it: an on whose off has no link, the digit being in no strong link and
//! the cell not bivalue) or a *sink* (no link leads from it: such an off). No path passes
//! through a source or a sink, so the closures are made over the core alone, about one
//! candidate in seven on a 25x25 grid in the nested searches, and a question about the
//! ends is read off their links:
//!
//! * a source reaches what its successors reach (they are core literals or sinks);
//! * a sink is reached from what reaches one of its predecessors, the negations of its
//!   negation's successors (skew symmetry).
//!
//! Elsewhere (extra peers, the non-consecutive rule, cages) the closures hold every
//! candidate, their links read by [`Chaining::consequences`].
//!
//! Cell and region forcing chains ask whether several starts (ons) share a literal they
//! reach, sinks included: that closure (`closures[3]`) holds the core with all its
//! links and the sinks; a source start's closure is made when asked, of its
//! successors'. (It held every candidate until 2026-12-07: seven times the nodes of the
//! core on the nested levels' marks, and a quarter of the "+ multiple" finder's time to
//! make, `reports/2026-12-07-kept-searches`.) Elsewhere it is the closure of every
//! candidate.

use super::closure::Closure;
use super::{Chaining, Links};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::Cell;

/// Where the closure of the core and the sinks along both kinds of links is kept in
/// [`Chaining::closures`].
const CORE_AND_SINKS: usize = 3;

/// Which candidates' literals a closure holds as nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Nodes {
    /// Every candidate's.
    Every,
    /// The core candidates', with the links among them.
    Core,
    /// The core candidates', with all their links, and the other candidates' offs
    /// (sinks, without links), every node a bit.
    CoreAndSinks,
}

impl Chaining<'_> {
    /// The closures of the static links `links` on `base` (made once per base): of the
    /// core candidates on a grid whose peers are its units', else of every candidate.
    pub(super) fn closure(&mut self, links: Links) -> &mut Closure {
        let kind = links.index();
        if !self.closed[kind] {
            let nodes = if self.peers_are_units {
                Nodes::Core
            } else {
                Nodes::Every
            };
            self.build_closure(kind, links, nodes);
        }
        &mut self.closures[kind]
    }

    /// The closure of the core and the sinks along both kinds of links (made once per
    /// base), on a grid whose peers are its units'; else of every candidate.
    fn core_and_sinks_closure(&mut self) -> &mut Closure {
        if !self.peers_are_units {
            return self.closure(Links::DigitAndCell);
        }
        if !self.closed[CORE_AND_SINKS] {
            self.build_closure(CORE_AND_SINKS, Links::DigitAndCell, Nodes::CoreAndSinks);
        }
        &mut self.closures[CORE_AND_SINKS]
    }

    /// Makes `closures[slot]`: the links `links` of the candidates `nodes` says.
    fn build_closure(&mut self, slot: usize, links: Links, nodes: Nodes) {
        let mut closure = std::mem::take(&mut self.closures[slot]);
        closure.clear(self.reached.len());
        let candidates = self.candidates();
        if nodes != Nodes::Every {
            self.core.fill(false);
            for &(cell, digit) in &candidates {
                let core = self.is_core(cell, digit, links);
                self.core[cell.index() * self.side + digit.index()] = core;
            }
        }
        // Hidden parents make no links: not worked out here.
        let nested = std::mem::replace(&mut self.nested, false);
        for (cell, digit) in candidates {
            if nodes != Nodes::Every && !self.core[cell.index() * self.side + digit.index()] {
                if nodes == Nodes::CoreAndSinks {
                    // Its off is a sink; its on a source, left out.
                    closure.add_node(self.literal(cell, digit, false));
                }
                continue;
            }
            for on in [true, false] {
                let literal = self.literal(cell, digit, on);
                closure.add_node(literal);
                if self.peers_are_units {
                    let core = &self.core;
                    self.unit_links(cell, digit, on, links, |l| {
                        if nodes != Nodes::Core || core[l as usize / 2] {
                            closure.link(l);
                        }
                    });
                    continue;
                }
                self.consequences(literal, links, false);
                // `found` holds groups: a literal, its number of hidden parents, those.
                let mut k = 0;
                while k < self.found.len() {
                    closure.link(self.found[k]);
                    k += 2 + self.found[k + 1] as usize;
                }
                self.found.clear();
            }
        }
        self.nested = nested;
        closure.solve(nodes == Nodes::CoreAndSinks);
        self.closures[slot] = closure;
        self.closed[slot] = true;
    }

    /// Whether candidate `digit` of `cell` (of `base`) is in the core of the links
    /// `links`: its on and its off both have links leading from them (see
    /// [`Chaining::unit_links`]).
    fn is_core(&self, cell: Cell, digit: Digit, links: Links) -> bool {
        let geometry = self.position.geometry();
        let cell_links = links != Links::Digit;
        let others = self.base[cell.index()].len() - 1;
        // The digit's other places in each of the cell's units: an on clears them (every
        // kind of links); an off forces the one left, if one is (digit links).
        let (mut peers, mut forced) = (false, false);
        for (&unit, &place) in geometry
            .all_units_of(cell)
            .iter()
            .zip(geometry.unit_places(cell))
        {
            let rest = self.base_places[unit.index() * self.side + digit.index()] & !(1 << place);
            peers |= rest != 0;
            forced |= rest.count_ones() == 1;
        }
        let on = (cell_links && others >= 1) || peers;
        let off = (cell_links && others == 1) || (links != Links::Cell && forced);
        debug_assert_eq!(on, self.has_unit_links(cell, digit, true, links));
        debug_assert_eq!(off, self.has_unit_links(cell, digit, false, links));
        on && off
    }

    /// Whether [`Chaining::unit_links`] gives any link (the debug builds' check of
    /// [`Chaining::is_core`]).
    fn has_unit_links(&self, cell: Cell, digit: Digit, on: bool, links: Links) -> bool {
        let mut any = false;
        self.unit_links(cell, digit, on, links, |_| any = true);
        any
    }

    /// Whether a static search along `links` on `base` from `from` reaches `to` (a
    /// literal reaches itself); false when either is not a candidate.
    pub(super) fn reaches(&mut self, links: Links, from: u32, to: u32) -> bool {
        let kind = links.index();
        self.closure(links);
        if !self.peers_are_units {
            return self.closures[kind].reaches(from, to);
        }
        // A literal of the graph: a candidate of `base` in an empty cell.
        if !self.is_worth(from) || !self.is_worth(to) {
            return false;
        }
        if from == to {
            return true;
        }
        let (from_core, to_core) = (
            self.closures[kind].is_node(from),
            self.closures[kind].is_node(to),
        );
        if from_core && to_core {
            return self.closures[kind].reaches(from, to);
        }
        // Where paths from `from` enter the core, and where paths to `to` leave it.
        let mut starts = std::mem::take(&mut self.reach_starts);
        let mut ends = std::mem::take(&mut self.reach_ends);
        starts.clear();
        ends.clear();
        let mut direct = false;
        let closure = &self.closures[kind];
        if from_core {
            starts.push(from);
        } else {
            let l = self.decode(from);
            self.unit_links(l.cell, l.digit, l.on, links, |s| {
                direct |= s == to;
                if closure.is_node(s) {
                    starts.push(s);
                }
            });
        }
        if starts.is_empty() {
            // `from` has no link into the core: it reaches only what it links to.
            self.reach_starts = starts;
            self.reach_ends = ends;
            return direct;
        }
        if to_core {
            ends.push(to);
        } else if to == from ^ 1 {
            // Its own negation: the predecessors are the negations of its successors
            // (the core holds a candidate's on and off together).
            ends.extend(starts.iter().map(|&s| s ^ 1));
        } else {
            // The predecessors of `to` are the negations of its negation's successors.
            let l = self.decode(to ^ 1);
            self.unit_links(l.cell, l.digit, l.on, links, |s| {
                if closure.is_node(s ^ 1) {
                    ends.push(s ^ 1);
                }
            });
        }
        let reached = direct || self.closures[kind].reaches_any(&starts, &ends);
        self.reach_starts = starts;
        self.reach_ends = ends;
        reached
    }

    /// Whether some literal other than `starts` is reached from every one of them by a
    /// static search along both kinds of links on `base`.
    pub(super) fn share_beyond(&mut self, starts: &[u32]) -> bool {
        self.core_and_sinks_closure();
        if self.peers_are_units {
            // A source start's closure: its successors' (core literals and sinks).
            let mut successors = std::mem::take(&mut self.reach_starts);
            for &start in starts {
                if self.closures[CORE_AND_SINKS].has_closure(start) || !self.is_worth(start) {
                    continue;
                }
                successors.clear();
                let l = self.decode(start);
                self.unit_links(l.cell, l.digit, l.on, Links::DigitAndCell, |s| {
                    successors.push(s)
                });
                self.closures[CORE_AND_SINKS].add_outside(start, &successors);
            }
            self.reach_starts = successors;
        }
        self.core_and_sinks_closure().share_beyond(starts)
    }

    /// The static links of `links` from candidate `digit` of `cell` assumed `on`, on `base`,
    /// each given to `link`: what [`Chaining::consequences`] finds in a static search, read
    /// off the units' places, where a cell's peers are those of its units (no extra peers,
    /// no non-consecutive rule, no cages; an off's links are read so on every grid). A peer
    /// in two units is given twice. (Building the closures this way takes a fifth less
    /// time than through `consequences`.)
    pub(super) fn unit_links(
        &self,
        cell: Cell,
        digit: Digit,
        on: bool,
        links: Links,
        mut link: impl FnMut(u32),
    ) {
        let geometry = self.position.geometry();
        let candidates = self.base[cell.index()];
        if links != Links::Digit {
            let others = candidates.difference(DigitSet::single(digit));
            if on {
                for other in others.iter() {
                    link(self.literal(cell, other, false));
                }
            } else if let (true, Some(other)) = (others.is_single(), others.lowest()) {
                link(self.literal(cell, other, true));
            }
        }
        let units = geometry.all_units_of(cell);
        let places = geometry.unit_places(cell);
        for (&unit, &place) in units.iter().zip(places) {
            let others = self.base_places[unit.index() * self.side + digit.index()] & !(1 << place);
            let cells = geometry.unit(unit);
            if on {
                let mut rest = others;
                while rest != 0 {
                    let peer = cells[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                    link(self.literal(peer, digit, false));
                }
            } else if links != Links::Cell && others.count_ones() == 1 {
                let place = cells[others.trailing_zeros() as usize];
                link(self.literal(place, digit, true));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Closure, Links, Nodes};
    use crate::bitset::Digit;
    use crate::logic::forcing::tests::thinned;
    use crate::logic::forcing::Chaining;

    #[test]
    fn ons_share_what_the_closure_of_every_candidate_says() {
        // `share_beyond` reads the core and its sinks, a source start's closure made of
        // its successors'; the closure of every candidate must say the same of every
        // cell's candidates, every unit's places of a digit and random sets of ons, on
        // marks thinned at random as an enclosing search thins them.
        let forum =
            "98.7..6..7...5..94...9.....6....9.53.4.5...6.....3.4..4..3...76..2.6..........1..";
        let position = crate::logic::Position::from_grid(&forum.parse().unwrap()).unwrap();
        let geometry = position.geometry();
        let mut chaining = Chaining::new(&position);
        let mut random = crate::random::Random::new(3);
        let (mut compared, mut shared) = (0, 0);
        for round in 0..40 {
            let marks = thinned(&chaining.original, 1, (round % 7, 10), &mut random);
            chaining.set_base(&marks);
            chaining.build_closure(0, Links::DigitAndCell, Nodes::Every);
            let mut every: Closure = std::mem::take(&mut chaining.closures[0]);
            chaining.closed[0] = false;
            let mut groups: Vec<Vec<u32>> = Vec::new();
            for cell in geometry.cells().filter(|&c| position.is_empty(c)) {
                let ons = marks[cell.index()]
                    .iter()
                    .map(|d| chaining.literal(cell, d, true));
                groups.push(ons.collect());
            }
            for unit in geometry.units() {
                for digit in Digit::all(9) {
                    let cells = geometry.unit(unit).iter();
                    let places = cells
                        .filter(|&&c| position.is_empty(c) && marks[c.index()].contains(digit));
                    groups.push(places.map(|&c| chaining.literal(c, digit, true)).collect());
                }
            }
            let ons: Vec<u32> = chaining
                .candidates()
                .iter()
                .map(|&(c, d)| chaining.literal(c, d, true))
                .collect();
            for _ in 0..200 {
                let size = 2 + random.below(3) as usize;
                let group = (0..size).map(|_| ons[random.below(ons.len() as u64) as usize]);
                groups.push(group.collect());
            }
            for starts in groups.iter().filter(|g| !g.is_empty()) {
                let expected = every.share_beyond(starts);
                assert_eq!(chaining.share_beyond(starts), expected, "round {round}");
                compared += 1;
                shared += usize::from(expected);
            }
        }
        assert!(compared > 10_000 && shared > 100, "{compared} {shared}");
    }
}
