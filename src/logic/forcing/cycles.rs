//! Bidirectional cycles: SE's loops of alternating on and off literals.

use super::{Chaining, Found, Links, Literal};
use crate::geometry::Cell;
use crate::logic::{digit_name, Technique};

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
        // Entries (literal, parent entry); an on is entered once, an off once per on that
        // leads to it and is not its own descendant (SE's search: loops need the offs
        // reached again by other paths).
        self.stamp += 1;
        let mut entries: Vec<(u32, u32)> = vec![(start, u32::MAX)];
        self.reached[start as usize] = self.stamp;
        let depth = |entries: &[(u32, u32)], mut e: usize| {
            let mut d = 0;
            while entries[e].1 != u32::MAX {
                e = entries[e].1 as usize;
                d += 1;
            }
            d
        };
        let is_ancestor = |entries: &[(u32, u32)], mut e: usize, literal: u32| {
            while entries[e].1 != u32::MAX {
                e = entries[e].1 as usize;
                if entries[e].0 == literal {
                    return true;
                }
            }
            false
        };
        let mut closing = Vec::new();
        let mut next = 0;
        while next < entries.len() && entries.len() < 20_000 {
            let (literal, _) = entries[next];
            let entry = next;
            next += 1;
            self.consequences(literal, links, false);
            let consequences = std::mem::take(&mut self.found);
            for pair in consequences.chunks(2) {
                let consequence = pair[0];
                if consequence & 1 == 1 {
                    if consequence == start && depth(&entries, entry) >= 3 {
                        closing.push(entry);
                    }
                    if !self.is_reached(consequence) {
                        self.reached[consequence as usize] = self.stamp;
                        entries.push((consequence, entry as u32));
                    }
                } else if consequence != literal ^ 1 && !is_ancestor(&entries, entry, consequence) {
                    entries.push((consequence, entry as u32));
                }
            }
            self.found = consequences;
            self.found.clear();
        }
        for last in closing {
            let mut loop_literals = Vec::new();
            let mut e = last;
            loop {
                loop_literals.push(entries[e].0);
                if entries[e].1 == u32::MAX {
                    break;
                }
                e = entries[e].1 as usize;
            }
            loop_literals.reverse();
            let cells: Vec<Cell> = loop_literals.iter().map(|&l| self.decode(l).cell).collect();
            let geometry = self.position.geometry();
            let mut seen_by = [Vec::new(), Vec::new()];
            for &l in &loop_literals {
                let Literal { cell, digit, on } = self.decode(l);
                for &peer in geometry.peers(cell) {
                    if !cells.contains(&peer) && self.base[peer.index()].contains(digit) {
                        seen_by[usize::from(on)].push(self.literal(peer, digit, false));
                    }
                }
            }
            let eliminated: Vec<u32> = seen_by[1]
                .iter()
                .copied()
                .filter(|l| seen_by[0].contains(l))
                .fold(Vec::new(), |mut unique, l| {
                    if !unique.contains(&l) {
                        unique.push(l);
                    }
                    unique
                });
            let Some(&conclusion) = eliminated.first() else {
                continue;
            };
            let chain = loop_literals
                .iter()
                .chain([&start])
                .map(|&l| self.name(l))
                .collect::<Vec<_>>()
                .join(" -> ");
            found.push(Found {
                technique,
                conclusion,
                axioms: Vec::new(),
                more: eliminated[1..].to_vec(),
                complexity: loop_literals.len(),
                explanation: format!(
                    "{}: {chain}, a loop that holds both ways round; {} sees a {} the loop makes true one way and one it makes true the other way, so {}",
                    technique.name(),
                    self.position.name(self.decode(conclusion).cell),
                    digit_name(self.decode(conclusion).digit),
                    self.name(conclusion)
                ),
                cells,
            });
        }
    }
}
