//! Bidirectional cycles: SE's loops of alternating on and off literals.

use super::{Chaining, Found, Links, Literal, NO_PRECEDENCE};
use crate::geometry::Cell;
use crate::logic::cell_sets::CellSets;
use crate::logic::{digit_name, Technique};

/// The most words of a set of cells as bits (625 cells at most, 25x25).
const CELL_WORDS: usize = 10;

/// Sets of cells as bits, for [`Chaining::loop_may_eliminate`]: every cell's peers (made
/// on first use), and the cells of `base` holding each digit (made on first use after
/// each new base, `digits_fresh` false until then).
#[derive(Debug, Default)]
pub(super) struct LoopBits {
    peers: CellSets,
    digits: CellSets,
    digits_fresh: bool,
}

impl LoopBits {
    /// The base changed: the digits' cells are to be made again.
    pub(super) fn base_changed(&mut self) {
        self.digits_fresh = false;
    }
}

impl Chaining<'_> {
    /// Bidirectional cycles through `start` (an on), SE's way: a breadth-first search
    /// whose implications come back to `start` from an off at least three links away
    /// closes a loop of alternating on and off literals. Both directions of the loop
    /// hold, so a candidate outside the loop's cells seeing an on and an off literal of
    /// its digit in the loop is false either way.
    pub(super) fn cycles(
        &mut self,
        start: u32,
        links: Links,
        technique: Technique,
        found: &mut Vec<Found>,
    ) {
        // A loop through `start` stays within its strongly connected component (of the
        // links of both kinds, which hold the links of either), which has four literals
        // at least.
        if self.closure(Links::DigitAndCell).component_size(start) < 4 {
            return;
        }
        // Entries (literal, parent entry); an on is entered once, an off once per on that
        // leads to it and is not its own descendant (SE's search: loops need the offs
        // reached again by other paths).
        self.stamp += 1;
        let mut entries = std::mem::take(&mut self.cycle_entries);
        entries.clear();
        entries.push((start, u32::MAX));
        self.reached[start as usize] = self.stamp;
        let depth = |entries: &[(u32, u32)], mut e: usize| {
            let mut d = 0;
            while entries[e].1 != u32::MAX {
                e = entries[e].1 as usize;
                d += 1;
            }
            d
        };
        // In a nested search, the enclosing offs each entry's link rests on (its hidden
        // parents): `hidden[spans[e]..spans[e + 1]]` for entry `e`.
        let mut hidden = std::mem::take(&mut self.cycle_hidden);
        hidden.clear();
        let mut spans = std::mem::take(&mut self.cycle_spans);
        spans.clear();
        spans.extend_from_slice(&[0, 0]);
        // Only the component's literals are entered: this keeps the order of the entries
        // that matter and leaves out only those from which no loop comes back.
        let closure = Links::DigitAndCell.index();
        let component = self.closures[closure].component_of(start);
        let mut closing = Vec::new();
        let mut next = 0;
        while next < entries.len() && entries.len() < 20_000 {
            let (literal, _) = entries[next];
            let entry = next;
            next += 1;
            // The entry's ancestors, stamped when an off is first met (an off is entered
            // again only if it is not one of them).
            let mut ancestors = None;
            let range = self.static_links(literal, links);
            let kept = self.take_links();
            let consequences = &kept[range];
            // Groups: a consequence, its number of hidden parents, those.
            let mut k = 0;
            while k < consequences.len() {
                let consequence = consequences[k];
                let parents = &consequences[k + 2..k + 2 + consequences[k + 1] as usize];
                k += 2 + parents.len();
                if self.closures[closure].component_of(consequence) != component {
                    continue;
                }
                let entered = if consequence & 1 == 1 {
                    if consequence == start && depth(&entries, entry) >= 3 {
                        closing.push((entry, parents.to_vec()));
                    }
                    !self.is_reached(consequence)
                } else {
                    let stamp =
                        *ancestors.get_or_insert_with(|| self.stamp_ancestors(&entries, entry));
                    consequence != literal ^ 1 && self.path_marks[consequence as usize] != stamp
                };
                if entered {
                    if consequence & 1 == 1 {
                        self.reached[consequence as usize] = self.stamp;
                    }
                    entries.push((consequence, entry as u32));
                    hidden.extend_from_slice(parents);
                    spans.push(hidden.len() as u32);
                }
            }
            self.put_back_links(kept);
        }
        for (last, closing_parents) in closing {
            let mut loop_literals = Vec::new();
            // The enclosing offs the loop's links rest on (nested searches only).
            let mut axioms = closing_parents;
            let mut e = last;
            loop {
                if self.nested {
                    let (from, to) = (spans[e] as usize, spans[e + 1] as usize);
                    axioms.extend_from_slice(&hidden[from..to]);
                }
                loop_literals.push(entries[e].0);
                if entries[e].1 == u32::MAX {
                    break;
                }
                e = entries[e].1 as usize;
            }
            loop_literals.reverse();
            let mut eliminated = std::mem::take(&mut self.loop_eliminated);
            self.loop_eliminations(&loop_literals, &mut eliminated);
            let Some(&conclusion) = eliminated.first() else {
                self.loop_eliminated = eliminated;
                continue;
            };
            let more = eliminated[1..].to_vec();
            self.loop_eliminated = eliminated;
            // Only a loop that eliminates something lists its cells.
            let cells: Vec<Cell> = loop_literals.iter().map(|&l| self.decode(l).cell).collect();

            if self.nested {
                self.loop_premises(&loop_literals, &mut axioms);
            }
            axioms.sort_unstable();
            axioms.dedup();
            found.push(Found {
                technique,
                conclusion,
                axioms,
                more,
                complexity: loop_literals.len(),
                // A nested search's conclusions are never shown.
                explanation: if self.nested {
                    String::new()
                } else {
                    let chain = loop_literals
                        .iter()
                        .chain([&start])
                        .map(|&l| self.name(l))
                        .collect::<Vec<_>>()
                        .join(" -> ");
                    format!(
                    "{}: {chain}, a loop that holds both ways round; {} sees a {} the loop makes true one way and one it makes true the other way, so {}",
                    technique.name(),
                    self.position.name(self.decode(conclusion).cell),
                    digit_name(self.decode(conclusion).digit),
                    self.name(conclusion)
                )
                },
                cells,
                precedence: NO_PRECEDENCE,
            });
        }
        self.cycle_entries = entries;
        self.cycle_hidden = hidden;
        self.cycle_spans = spans;
    }

    /// Stamps the literals of the strict ancestors of `entries[entry]` (its parent, its
    /// parent's parent, ... up to the start) in `path_marks`, and returns the stamp.
    fn stamp_ancestors(&mut self, entries: &[(u32, u32)], mut entry: usize) -> u32 {
        if self.path_stamp == u32::MAX {
            self.path_stamp = 0;
            self.path_marks.fill(0);
        }
        self.path_stamp += 1;
        while entries[entry].1 != u32::MAX {
            entry = entries[entry].1 as usize;
            self.path_marks[entries[entry].0 as usize] = self.path_stamp;
        }
        self.path_stamp
    }

    /// The candidates outside the cells of a loop (`loop_literals`) that see an on literal
    /// and an off literal of their digit in it, as offs into `eliminated`: in the order
    /// of the on literals they see, each on's peers in the grid's order, each once.
    pub(super) fn loop_eliminations(&mut self, loop_literals: &[u32], eliminated: &mut Vec<u32>) {
        eliminated.clear();
        // Most loops eliminate nothing: the bit sets say so without the peers' scan (the
        // debug builds scan anyway and check).
        let may_eliminate = self.loop_may_eliminate(loop_literals);
        if !may_eliminate && !cfg!(debug_assertions) {
            return;
        }
        // Stamps: a cell of the loop is stamped `in_loop`; an off outside it that an off
        // literal of the loop sees, `seen_by_off`; one already in `eliminated`, `taken`.
        if self.loop_stamp > u32::MAX - 3 {
            self.loop_stamp = 0;
            self.loop_marks.fill(0);
            self.loop_cells.fill(0);
        }
        let in_loop = self.loop_stamp + 1;
        let (seen_by_off, taken) = (self.loop_stamp + 2, self.loop_stamp + 3);
        self.loop_stamp += 3;
        for &l in loop_literals {
            let cell = self.decode(l).cell;
            self.loop_cells[cell.index()] = in_loop;
        }
        let geometry = self.position.geometry();
        for on in [false, true] {
            for &l in loop_literals.iter().filter(|&&l| (l & 1 == 1) == on) {
                let Literal { cell, digit, .. } = self.decode(l);
                for &peer in geometry.peers(cell) {
                    if self.loop_cells[peer.index()] == in_loop
                        || !self.base[peer.index()].contains(digit)
                    {
                        continue;
                    }
                    let off = self.literal(peer, digit, false);
                    let mark = &mut self.loop_marks[off as usize / 2];
                    if !on {
                        *mark = seen_by_off;
                    } else if *mark == seen_by_off {
                        *mark = taken;
                        eliminated.push(off);
                    }
                }
            }
        }
        debug_assert_eq!(may_eliminate, !eliminated.is_empty());
    }

    /// Whether some candidate outside the cells of a loop sees an on literal and an off
    /// literal of its digit in it ([`Chaining::loop_eliminations`] finds one), by the bit
    /// sets of [`LoopBits`]: per digit of the loop, the cells its ons see, those its offs
    /// see, and those of `base` holding it.
    fn loop_may_eliminate(&mut self, loop_literals: &[u32]) -> bool {
        let geometry = self.position.geometry();
        let words = geometry.cell_count().div_ceil(64);
        let bits = &mut self.loop_bits;
        if bits.peers.is_empty() {
            bits.peers = CellSets::new(words);
            for cell in geometry.cells() {
                bits.peers.push(geometry.peers(cell).iter().copied());
            }
        }
        if !bits.digits_fresh {
            bits.digits.reset(words, self.side);
            for (cell, digits) in self.base.iter().enumerate() {
                for digit in digits.iter() {
                    bits.digits.insert(digit.index(), Cell::new(cell));
                }
            }
            bits.digits_fresh = true;
        }
        let (side, bits) = (self.side, &self.loop_bits);
        let cell_of = |literal: u32| literal as usize / 2 / side;
        let digit_of = |literal: u32| literal as usize / 2 % side;
        let mut in_loop = [0u64; CELL_WORDS];
        for &l in loop_literals {
            in_loop[cell_of(l) / 64] |= 1 << (cell_of(l) % 64);
        }
        for (k, &l) in loop_literals.iter().enumerate() {
            let digit = digit_of(l);
            if loop_literals[..k].iter().any(|&m| digit_of(m) == digit) {
                continue; // this digit's literals were looked at
            }
            let (mut by_on, mut by_off) = ([0u64; CELL_WORDS], [0u64; CELL_WORDS]);
            for &m in loop_literals.iter().filter(|&&m| digit_of(m) == digit) {
                let seen = if m & 1 == 1 { &mut by_on } else { &mut by_off };
                for (seen, peers) in seen.iter_mut().zip(bits.peers.get(cell_of(m))) {
                    *seen |= peers;
                }
            }
            let holding = bits.digits.get(digit);
            if (0..words).any(|w| by_on[w] & by_off[w] & holding[w] & !in_loop[w] != 0) {
                return true;
            }
        }
        false
    }

    /// Adds to `premises` the enclosing offs a nested loop rests on besides those its
    /// links meet one way round: as SE's listings show them, the loop holds both ways
    /// round, so each link rests on what makes it a strong link either way. Where the
    /// loop passes from one digit to another in a cell, every candidate the enclosing
    /// search took from that cell; where it passes from one cell to another by a digit,
    /// every place of that digit the enclosing search took from a unit the two cells
    /// share. A cell the loop passes through with one digit adds nothing. (SE's premises,
    /// set for set, of all 6 nested cycles cited by the three steps read,
    /// `reports/2026-12-07-nested-cycle-premises`; before, every candidate taken from
    /// every cell of the loop, and those the unit links meet one way round only.)
    fn loop_premises(&self, loop_literals: &[u32], premises: &mut Vec<u32>) {
        let geometry = self.position.geometry();
        let count = loop_literals.len();
        for k in 0..count {
            let here = self.decode(loop_literals[k]);
            let next = self.decode(loop_literals[(k + 1) % count]);
            if here.cell == next.cell {
                premises.extend(self.cell_premises(here.cell));
                continue;
            }
            for &unit in geometry.all_units_of(here.cell) {
                if geometry.unit(unit).contains(&next.cell) {
                    premises.extend(self.unit_premises(unit, here.digit));
                }
            }
        }
    }
}
