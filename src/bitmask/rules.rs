//! Propagation rules stronger than singles: locked candidates and small subsets.
//!
//! Each rule makes one pass and reports whether it eliminated anything; the caller goes back
//! to singles after any change, so the rules run to a joint fixpoint.

use super::board::{Board, Contradiction, Propagation};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::{Cell, Unit};

impl<const CELLS: usize> Board<CELLS> {
    fn union_of(&self, cells: &[Cell]) -> DigitSet {
        cells.iter().fold(DigitSet::EMPTY, |acc, &c| {
            acc.union(self.candidates[c.index()])
        })
    }

    fn eliminate_from(
        &mut self,
        work: &mut Propagation,
        cells: &[Cell],
        digits: DigitSet,
    ) -> Result<bool, Contradiction> {
        let mut changed = false;
        for &cell in cells {
            changed |= self.eliminate(work, cell.index(), digits)?;
        }
        Ok(changed)
    }

    /// Locked candidates, both directions, over every (box, line) intersection:
    /// pointing (a digit of a box confined to one line leaves the rest of the line) and
    /// claiming (a digit of a line confined to one box leaves the rest of the box).
    pub(super) fn eliminate_locked_candidates(
        &mut self,
        work: &mut Propagation,
    ) -> Result<bool, Contradiction> {
        let mut changed = false;
        for intersection in work.geometry.intersections() {
            let shared = self.union_of(&intersection.shared);
            let box_rest = self.union_of(&intersection.box_rest);
            let line_rest = self.union_of(&intersection.line_rest);
            let pointing = shared.difference(box_rest).intersection(line_rest);
            if !pointing.is_empty() {
                changed |= self.eliminate_from(work, &intersection.line_rest, pointing)?;
            }
            let claiming = shared.difference(line_rest).intersection(box_rest);
            if !claiming.is_empty() {
                changed |= self.eliminate_from(work, &intersection.box_rest, claiming)?;
            }
        }
        Ok(changed)
    }

    /// Naked pairs and triples and hidden pairs in every unit.
    pub(super) fn eliminate_subsets(
        &mut self,
        work: &mut Propagation,
    ) -> Result<bool, Contradiction> {
        let geometry = work.geometry;
        let mut changed = false;
        for unit in geometry.units() {
            let cells = geometry.unit(unit);
            // Unplaced cells of the unit (at most 25), on the stack.
            let mut open = [Cell::default(); 25];
            let mut count = 0;
            for &cell in cells {
                if self.values[cell.index()] == 0 {
                    open[count] = cell;
                    count += 1;
                }
            }
            let open = &open[..count];
            changed |= self.naked_subsets(work, unit, open)?;
            changed |= self.hidden_pairs(work, open)?;
        }
        Ok(changed)
    }

    fn naked_subsets(
        &mut self,
        work: &mut Propagation,
        unit: Unit,
        open: &[Cell],
    ) -> Result<bool, Contradiction> {
        let mut changed = false;
        let n = open.len();
        let candidates = |board: &Self, i: usize| board.candidates[open[i].index()];
        let small = |board: &Self, i: usize, k: u32| candidates(board, i).len() <= k;
        for a in 0..n {
            if !small(self, a, 3) {
                continue;
            }
            for b in a + 1..n {
                if !small(self, b, 3) {
                    continue;
                }
                let pair = candidates(self, a).union(candidates(self, b));
                if pair.len() < 2 {
                    let digit = pair.lowest().unwrap_or(Digit::new(1));
                    return Err(Contradiction::NoPlace { unit, digit });
                }
                if pair.len() == 2 {
                    changed |= self.eliminate_outside(work, open, &[a, b], pair)?;
                    continue;
                }
                for c in b + 1..n {
                    if !small(self, c, 3) {
                        continue;
                    }
                    let triple = pair.union(candidates(self, c));
                    if triple.len() < 3 {
                        let digit = triple.lowest().unwrap_or(Digit::new(1));
                        return Err(Contradiction::NoPlace { unit, digit });
                    }
                    if triple.len() == 3 {
                        changed |= self.eliminate_outside(work, open, &[a, b, c], triple)?;
                    }
                }
            }
        }
        Ok(changed)
    }

    fn eliminate_outside(
        &mut self,
        work: &mut Propagation,
        open: &[Cell],
        inside: &[usize],
        digits: DigitSet,
    ) -> Result<bool, Contradiction> {
        let mut changed = false;
        for (i, &cell) in open.iter().enumerate() {
            if !inside.contains(&i) && self.values[cell.index()] == 0 {
                changed |= self.eliminate(work, cell.index(), digits)?;
            }
        }
        Ok(changed)
    }

    fn hidden_pairs(
        &mut self,
        work: &mut Propagation,
        open: &[Cell],
    ) -> Result<bool, Contradiction> {
        // places[d - 1]: bit i set when open[i] has candidate d.
        let mut places = [0u32; 25];
        for (i, &cell) in open.iter().enumerate() {
            for digit in self.candidates[cell.index()].iter() {
                places[digit.index()] |= 1 << i;
            }
        }
        let side = work.geometry.side();
        let mut changed = false;
        for first in 0..side {
            if places[first].count_ones() != 2 {
                continue;
            }
            for second in first + 1..side {
                if places[second] != places[first] {
                    continue;
                }
                let keep = DigitSet::from_bits((1 << first) | (1 << second));
                let mut where_ = places[first];
                while where_ != 0 {
                    let i = where_.trailing_zeros() as usize;
                    where_ &= where_ - 1;
                    let cell = open[i].index();
                    let others = self.candidates[cell].difference(keep);
                    if !others.is_empty() {
                        changed |= self.eliminate(work, cell, others)?;
                    }
                }
            }
        }
        Ok(changed)
    }
}
