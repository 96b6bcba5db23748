//! What a dynamic search adds when singles run out: SE's levels above dynamic forcing
//! chains.
//!
//! * **Plus** (9.0, SE's "+"): pointing and claiming, hidden pairs, naked pairs and
//!   X-Wings, applied to the search's own pencil marks when singles run out, one rule at
//!   a time: the first rule (in that order) that concludes anything ends the round, and
//!   the search follows its conclusions before trying the rules again. Every pointing
//!   comes before any claiming, each the columns' before the rows', and pairs are looked
//!   for in the boxes first, then the rows and the columns; one pattern's offs are
//!   followed in the order of a 16-bucket hash table of their cells (`in_table_order`).
//!   Each elimination is an off whose parents are the offs that made the pattern: the
//!   removed places of the digit outside the pattern (pointing, claiming, hidden pairs,
//!   X-Wings) or the removed candidates of the pattern's cells (naked pairs). The set
//!   and the order are SE's as its listings show them (`serate --after=%h` on five forum
//!   development puzzles, `reports/2026-12-05-plus-rules`): their chains cite pointing,
//!   claiming, naked and hidden pairs and X-Wings, never a triple or a swordfish. With
//!   triples and every rule applied in each round, sudolab's chains reached conclusions
//!   by other paths than SE's: on SE's own positions, 55 of the 212 steps SE rates 8.5
//!   and up got another rating from sudolab; now 7.
//!   On a killer grid, cage combinations (`logic::cages`) come first, as on the ladder:
//!   SE rates no killer puzzle, and without the sums the chains could not finish the one
//!   bundled killer puzzle whose last cells only the sums tell apart.
//! * **Nested** (9.5, 10.0, 10.5): when the "+" rules conclude nothing, a whole chain
//!   search run on the search's pencil marks, a kind of chains at a time up to the
//!   level's (bidirectional X-, Y- and XY-cycles and forcing chains; then cell and region
//!   forcing chains): as for the "+" rules, the first kind that concludes anything ends
//!   the round (`reports/2026-12-05-plus-rules`; SE's listings cite nested cycles,
//!   `reports/2026-12-06-nested-speed`). At the "+ dynamic forcing chains" level the
//!   round is the dynamic chains alone, as SE's listings cite there
//!   (`reports/2026-12-07-nested-identity`). Its conclusions
//!   are followed by size, smallest first; at the "+ multiple" and "+ dynamic forcing
//!   chains" levels, cell and region chains of one size in the order SE's search meets them
//!   (`multiple::precedence`, `reports/2026-12-06-nested-ties`,
//!   `reports/2026-12-07-nested-cycle-premises`). A nested cycle rests on what makes its
//!   links strong either way round (`Chaining::loop_premises`), and counts its loop's
//!   literals once (`reports/2026-12-07-nested-cycle-once`). Its conclusions are
//!   literals of the enclosing search whose parents are the enclosing search's offs the
//!   nested chains rest on (its `axioms`): those their links meet and, for a cell or
//!   region chain, those that took candidates from its cell or region (SE counts them
//!   in the main chains, `reports/2026-12-05-nested-premises`). As SE's, a nested
//!   conclusion that a candidate holds enters the enclosing search as the offs of the
//!   cell's other candidates (the on then follows as a naked single). Each literal
//!   counts one in its chains, and a step adds the size of every nested chain its
//!   chains rest on, once each: SE's listings of such steps (`serate --after=%h`) show
//!   every nested chain once, after the main ones, and its rating is the base plus the
//!   increment of the sum of them all (`reports/2026-12-04-se-nested`). Chains to one
//!   conclusion on other premises are two chains (`reports/2026-12-07-nested-identity`).
//!
//! A rule's conclusions are gathered in `derived` as groups: literal, nested tag (0 for
//! the basic rules), number of parents, the parents.

use super::{rounds, Chaining, Ending, Found, Level, Links, NO_PRECEDENCE};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::{Cell, Unit, UnitKind};
use crate::logic::Technique;

/// The largest side of a grid (25x25).
const MAX_SIDE: usize = 25;

impl<'a> Chaining<'a> {
    /// Applies the level's rules to `marks` and reaches what they conclude: `Ok(true)`
    /// when something new was reached, `Err` when the search ended on the way.
    pub(super) fn advance(&mut self, target: Option<u32>) -> Result<bool, Ending> {
        let mut derived = std::mem::take(&mut self.derived);
        derived.clear();
        self.basic_rules(&mut derived);
        if derived.is_empty() && self.level >= Level::NestedForcing {
            self.nested_rules(&mut derived);
        }
        let mut result = Ok(false);
        let mut k = 0;
        while k < derived.len() {
            let (literal, tag, count) = (derived[k], derived[k + 1], derived[k + 2] as usize);
            let parents = k + 3..k + 3 + count;
            k += 3 + count;
            if self.is_reached(literal) {
                continue;
            }
            let from = self.parents.len();
            self.parents.extend_from_slice(&derived[parents]);
            result = Ok(true);
            if let Some(ending) = self.accept(literal, from, tag, target) {
                result = Err(ending);
                break;
            }
        }
        self.derived = derived;
        result
    }

    /// Puts the conclusions of one pattern, `derived[from..]` (groups that share their
    /// parents), in the order SE's chains follow them: by cell index modulo the size of
    /// a hash table of the pattern's cells (16 buckets, doubled while the cells fill more
    /// than three quarters), ties in the order found. On SE's own positions this is the
    /// order its listings meet them in (`reports/2026-12-06-nested-region-chains`).
    fn in_table_order(&self, derived: &mut [u32], from: usize) {
        if derived.len() <= from {
            return;
        }
        let stride = 3 + derived[from + 2] as usize;
        let count = (derived.len() - from) / stride;
        debug_assert!((1..count).all(|i| {
            let (first, other) = (from + 1, from + i * stride + 1);
            derived[first..first + stride - 1] == derived[other..other + stride - 1]
        }));
        let cell = |literal: u32| self.decode(literal).cell.index();
        let mut cells = 0;
        for i in 0..count {
            let c = cell(derived[from + i * stride]);
            if i == 0 || c != cell(derived[from + (i - 1) * stride]) {
                cells += 1;
            }
        }
        let mut buckets = 16;
        while cells * 4 > buckets * 3 {
            buckets *= 2;
        }
        // A stable insertion sort of the literals (the groups differ only there).
        for i in 1..count {
            let literal = derived[from + i * stride];
            let key = cell(literal) % buckets;
            let mut j = i;
            while j > 0 && cell(derived[from + (j - 1) * stride]) % buckets > key {
                derived[from + j * stride] = derived[from + (j - 1) * stride];
                j -= 1;
            }
            derived[from + j * stride] = literal;
        }
    }

    /// Whether the search removed candidate `digit` of `cell`.
    fn removed(&self, cell: Cell, digit: Digit) -> bool {
        self.original[cell.index()].contains(digit) && !self.marks[cell.index()].contains(digit)
    }

    /// Pushes one conclusion group onto `derived`.
    fn derive(derived: &mut Vec<u32>, literal: u32, tag: u32, parents: &[u32]) {
        derived.extend_from_slice(&[literal, tag, parents.len() as u32]);
        derived.extend_from_slice(parents);
    }

    /// The basic techniques of the "+" level on `marks`.
    fn basic_rules(&mut self, derived: &mut Vec<u32>) {
        // As SE's: the first rule that concludes anything ends the round, and the search
        // follows what it concluded before trying the next. A killer grid's cage sums come
        // first, as they do on the ladder (SE rates no killer puzzle).
        self.cage_combinations(derived);
        if derived.is_empty() {
            self.locking(derived);
        }
        if derived.is_empty() {
            self.hidden_subsets(2, derived);
        }
        if derived.is_empty() {
            self.naked_subsets(2, derived);
        }
        if derived.is_empty() {
            self.fish(2, derived);
        }
    }

    /// Cage combinations on a killer grid's marks (`logic::cages`): a candidate of a cage
    /// cell that no filling of the cage (its cells' marks, no digit twice, the sum exact)
    /// uses goes. The parents are the removed candidates of the cage's cells.
    fn cage_combinations(&mut self, derived: &mut Vec<u32>) {
        let position = self.position;
        if position.cages().is_empty() {
            return;
        }
        let mut scratch = std::mem::take(&mut self.cage_scratch);
        for cage in position.cages() {
            let (options, allowed, parents) = (
                &mut scratch.options,
                &mut scratch.allowed,
                &mut scratch.parents,
            );
            options.clear();
            for &cell in &cage.cells {
                options.push(match position.value(cell) {
                    Some(digit) => DigitSet::single(digit),
                    None => self.marks[cell.index()],
                });
            }
            allowed.clear();
            allowed.resize(options.len(), DigitSet::EMPTY);
            scratch.fillings.allowed_into(options, cage.sum, allowed);
            let from = derived.len();
            parents.clear();
            for (k, &cell) in cage.cells.iter().enumerate() {
                if position.value(cell).is_some() || options[k] == allowed[k] {
                    continue;
                }
                if parents.is_empty() {
                    for &c in &cage.cells {
                        let gone = self.original[c.index()].difference(self.marks[c.index()]);
                        parents.extend(gone.iter().map(|e| self.literal(c, e, false)));
                    }
                }
                for digit in options[k].difference(allowed[k]).iter() {
                    Self::derive(derived, self.literal(cell, digit, false), 0, parents);
                }
            }
            self.in_table_order(derived, from);
        }
        self.cage_scratch = scratch;
    }

    /// Fish of `size` lines on a classic grid's marks (2: X-Wings): a digit's places in
    /// `size` rows (columns) confined to `size` columns (rows) leave the digit out of the
    /// rest of those. The parents are the digit's removed places in the base lines.
    /// Digit by digit, columns as base lines before rows: when X-Wings of both kinds in a
    /// round reach a literal, SE's chains cite the one on columns, as for pointing and
    /// claiming (`reports/2026-12-07-nested-cycle-once`).
    fn fish(&self, size: usize, derived: &mut Vec<u32>) {
        let geometry = self.position.geometry();
        if geometry.is_variant() {
            return;
        }
        let side = self.side;
        let mut parents = Vec::new();
        let mut lines = [(0usize, 0u32); MAX_SIDE];
        for digit in Digit::all(side) {
            // Unit kind 1 is the columns, 0 the rows (`Geometry::unit_kind`).
            for kind in [1, 0] {
                let mut n = 0;
                for line in 0..side {
                    let mask = self.places[(kind * side + line) * side + digit.index()];
                    if two_to(mask, size) {
                        lines[n] = (line, mask);
                        n += 1;
                    }
                }
                for_each_subset(n, size, |subset| {
                    let cover = subset.iter().fold(0, |m, &i| m | lines[i].1);
                    if cover.count_ones() as usize != size {
                        return;
                    }
                    let base = subset.iter().fold(0u32, |m, &i| m | 1 << lines[i].0);
                    parents.clear();
                    for &i in subset {
                        let unit = Unit::new(kind * side + lines[i].0);
                        for (j, &q) in geometry.unit(unit).iter().enumerate() {
                            if cover & (1 << j) == 0 && self.removed(q, digit) {
                                parents.push(self.literal(q, digit, false));
                            }
                        }
                    }
                    let from = derived.len();
                    let mut covered = cover;
                    while covered != 0 {
                        let line = covered.trailing_zeros() as usize;
                        covered &= covered - 1;
                        let unit = Unit::new((1 - kind) * side + line);
                        for (j, &q) in geometry.unit(unit).iter().enumerate() {
                            if base & (1 << j) == 0 && self.marks[q.index()].contains(digit) {
                                Self::derive(derived, self.literal(q, digit, false), 0, &parents);
                            }
                        }
                    }
                    self.in_table_order(derived, from);
                });
            }
        }
    }

    /// Pointing and claiming; on a variant grid, generalized intersections (every cell
    /// that sees all of a digit's places in a unit loses it).
    fn locking(&mut self, derived: &mut Vec<u32>) {
        let geometry = self.position.geometry();
        if geometry.is_variant() {
            self.generalized_locking(derived);
            return;
        }
        let mut tables = std::mem::take(&mut self.intersections);
        for (union, intersection) in tables.digits.iter_mut().zip(geometry.intersections()) {
            *union = intersection
                .shared
                .iter()
                .fold(DigitSet::EMPTY, |u, c| u.union(self.marks[c.index()]));
        }
        tables.fill_groups();
        let mut parents = Vec::new();
        // Every pointing first (a box's digit confined to a line), then every claiming
        // (a line's digit confined to a box): when both reach a literal in the same round,
        // SE's chains cite the pointing (`reports/2026-12-05-plus-rules`). Within each,
        // the columns' intersections come before the rows', box by box: the order in
        // which the search then follows the offs decides which contradiction it meets
        // first, and SE's listings meet the columns' first
        // (`reports/2026-12-06-plus-rule-order`).
        for (pointing, line_kind) in [
            (true, UnitKind::Column),
            (true, UnitKind::Row),
            (false, UnitKind::Column),
            (false, UnitKind::Row),
        ] {
            for (i, intersection) in geometry.intersections().iter().enumerate() {
                if geometry.unit_kind(intersection.line) != line_kind {
                    continue;
                }
                let shared = tables.digits[i];
                if shared.is_empty() {
                    continue;
                }
                let box_rest = tables.others(tables.box_group[i], i);
                let line_rest = tables.others(tables.line_group[i], i);
                let (digits, pattern_rest, targets) = if pointing {
                    let digits = shared.difference(box_rest).intersection(line_rest);
                    (digits, &intersection.box_rest, &intersection.line_rest)
                } else {
                    let digits = shared.intersection(box_rest).difference(line_rest);
                    (digits, &intersection.line_rest, &intersection.box_rest)
                };
                for digit in digits.iter() {
                    parents.clear();
                    parents.extend(
                        pattern_rest
                            .iter()
                            .filter(|&&q| self.removed(q, digit))
                            .map(|&q| self.literal(q, digit, false)),
                    );
                    let from = derived.len();
                    for &q in targets {
                        if self.marks[q.index()].contains(digit) {
                            Self::derive(derived, self.literal(q, digit, false), 0, &parents);
                        }
                    }
                    self.in_table_order(derived, from);
                }
            }
        }
        self.intersections = tables;
    }

    /// Generalized intersections on the search's marks: the parents are the digit's
    /// removed places in the unit.
    fn generalized_locking(&self, derived: &mut Vec<u32>) {
        let geometry = self.position.geometry();
        let mut parents = Vec::new();
        for unit in geometry.units() {
            let cells = geometry.unit(unit);
            for digit in Digit::all(self.side) {
                let index = unit.index() * self.side + digit.index();
                let places = self.places[index];
                if places.count_ones() < 2 {
                    continue;
                }
                let place_cells = || {
                    (0..cells.len())
                        .filter(move |&j| places & (1 << j) != 0)
                        .map(move |j| cells[j])
                };
                let mut gone = self.original_places[index] & !places;
                parents.clear();
                while gone != 0 {
                    let q = cells[gone.trailing_zeros() as usize];
                    gone &= gone - 1;
                    parents.push(self.literal(q, digit, false));
                }
                let first = place_cells().next().expect("two places");
                for &target in geometry.peers(first) {
                    if self.marks[target.index()].contains(digit)
                        && !place_cells().any(|p| p == target)
                        && place_cells().all(|p| geometry.sees(p, target))
                    {
                        Self::derive(derived, self.literal(target, digit, false), 0, &parents);
                    }
                }
            }
        }
    }

    /// Naked subsets (`size` cells of a unit with `size` candidates; the level uses pairs).
    fn naked_subsets(&self, size: usize, derived: &mut Vec<u32>) {
        let geometry = self.position.geometry();
        let mut parents = Vec::new();
        let mut at = [0usize; MAX_SIDE];
        for unit in self.unit_order.iter().copied() {
            let cells = geometry.unit(unit);
            let mut n = 0;
            for (j, c) in cells.iter().enumerate() {
                if two_to(self.marks[c.index()].bits(), size) {
                    at[n] = j;
                    n += 1;
                }
            }
            for_each_subset(n, size, |subset| {
                let members = subset.iter().fold(0u32, |m, &i| m | 1 << at[i]);
                let digits = subset.iter().fold(DigitSet::EMPTY, |u, &i| {
                    u.union(self.marks[cells[at[i]].index()])
                });
                if digits.len() as usize != size {
                    return;
                }
                parents.clear();
                for &i in subset {
                    let c = cells[at[i]];
                    let gone = self.original[c.index()].difference(self.marks[c.index()]);
                    parents.extend(gone.iter().map(|e| self.literal(c, e, false)));
                }
                let from = derived.len();
                for (j, &q) in cells.iter().enumerate() {
                    if members & (1 << j) != 0 {
                        continue;
                    }
                    for digit in self.marks[q.index()].intersection(digits).iter() {
                        Self::derive(derived, self.literal(q, digit, false), 0, &parents);
                    }
                }
                self.in_table_order(derived, from);
            });
        }
    }

    /// Hidden subsets (`size` digits of a unit in `size` cells; the level uses pairs).
    fn hidden_subsets(&self, size: usize, derived: &mut Vec<u32>) {
        let geometry = self.position.geometry();
        let mut parents = Vec::new();
        let mut digits = [(Digit::new(1), 0u32); MAX_SIDE];
        for unit in self.unit_order.iter().copied() {
            let cells = geometry.unit(unit);
            let mut n = 0;
            for digit in Digit::all(self.side) {
                let mask = self.places[unit.index() * self.side + digit.index()];
                if two_to(mask, size) {
                    digits[n] = (digit, mask);
                    n += 1;
                }
            }
            for_each_subset(n, size, |subset| {
                let mask = subset.iter().fold(0, |m, &i| m | digits[i].1);
                if mask.count_ones() as usize != size {
                    return;
                }
                let kept = subset.iter().fold(DigitSet::EMPTY, |s, &i| {
                    s.union(DigitSet::single(digits[i].0))
                });
                parents.clear();
                for &i in subset {
                    let digit = digits[i].0;
                    for (j, &q) in cells.iter().enumerate() {
                        if mask & (1 << j) == 0 && self.removed(q, digit) {
                            parents.push(self.literal(q, digit, false));
                        }
                    }
                }
                let from = derived.len();
                for (j, &q) in cells.iter().enumerate() {
                    if mask & (1 << j) != 0 {
                        for digit in self.marks[q.index()].difference(kept).iter() {
                            Self::derive(derived, self.literal(q, digit, false), 0, &parents);
                        }
                    }
                }
                self.in_table_order(derived, from);
            });
        }
    }

    /// The nested chains of the level, run on `marks`.
    fn nested_rules(&mut self, derived: &mut Vec<u32>) {
        if let Some(cached) = self.nested_cache.get(&self.marks) {
            derived.extend_from_slice(cached);
            return;
        }
        let level = self.level;
        let position = self.position;
        let mut inner = self
            .inner
            .take()
            .unwrap_or_else(|| Box::new(Chaining::new(position)));
        inner.nested = true;
        inner.level = Level::Plain;
        inner.set_base_with_places(&self.marks, &self.places);
        // As SE's, a kind of nested chains at a time, and the first kind that concludes
        // anything ends the round: forcing chains, then cell and region forcing chains.
        // At the "+ dynamic forcing chains" level the round is the dynamic chains alone
        // (contradictions, doubles, dynamic cell and region chains): SE's steps there
        // cite no nested forcing chain, turbot fish or cycle, only contradiction, region
        // and cell forcing chains (`reports/2026-12-07-nested-identity`).
        let mut found = Vec::new();
        if level >= Level::NestedDynamic {
            inner.dynamic(&mut found);
        } else {
            // The lower level's rounds on these marks found the same forcing chains.
            if let Some(kept) = rounds::find(position, &self.marks) {
                found.extend_from_slice(&kept);
            } else {
                inner.forcing_chains(&mut found);
                if !inner.abandoned {
                    rounds::keep(position, &self.marks, &found);
                }
            }
            if found.is_empty() && level >= Level::NestedMultiple {
                inner.multiple(false, &mut found);
            }
        }
        // Of one size: cell and region chains in the order SE's search meets them (cell
        // by cell, a cell's chain, then its digits' region chains), the rest after them
        // (`NO_PRECEDENCE`: at "+ dynamic forcing chains" contradictions and doubles,
        // `reports/2026-12-07-nested-identity`; below it a round's conclusions are all
        // cell and region chains' or none are); then forcing X-chains before other forcing
        // chains: SE rates an X-chain lower, and its listings follow the nested X-chain's
        // conclusion first (`reports/2026-12-07-nested-cycle-once`).
        let mixed = |f: &Found| f.technique != Technique::ForcingXChain;
        found.sort_by_key(|f| (f.complexity, f.precedence, mixed(f)));
        let from = derived.len();
        for f in found {
            // A nested cycle counts its loop's literals once, at every level, though SE
            // lists it both ways round (`reports/2026-12-07-nested-cycle-once`).
            let tag = self.nested_tag_of(f.conclusion, f.complexity as u32, &f.axioms);
            // A cycle's further eliminations rest on the same loop.
            for &off in &f.more {
                Self::derive(derived, off, tag, &f.axioms);
            }
            let l = self.decode(f.conclusion);
            if l.on {
                for other in self.marks[l.cell.index()].iter() {
                    if other != l.digit {
                        let off = self.literal(l.cell, other, false);
                        Self::derive(derived, off, tag, &f.axioms);
                    }
                }
            } else {
                Self::derive(derived, f.conclusion, tag, &f.axioms);
            }
        }
        self.nested_cache
            .insert(self.marks.clone(), derived[from..].to_vec());
        self.inner = Some(inner);
    }

    /// The tag of the nested chain to `conclusion` of `size` literals resting on the
    /// enclosing offs `premises` (a new one the first time). The premises tell apart
    /// chains to one conclusion that SE lists, and counts, as two: a chain met in two
    /// branches of a cell chain on other offs takes another way
    /// (`reports/2026-12-07-nested-identity`).
    fn nested_tag_of(&mut self, conclusion: u32, size: u32, premises: &[u32]) -> u32 {
        let chains = self.nested_ids.entry((conclusion, size)).or_default();
        if let Some(&(_, tag)) = chains.iter().find(|(met, _)| met == premises) {
            return tag;
        }
        // Only a chain met for the first time copies its premises.
        let tag = self.nested_sizes.len() as u32 + 1;
        self.nested_sizes.push(size);
        chains.push((premises.to_vec(), tag));
        tag
    }

    /// Bidirectional cycles (X, Y and both kinds of links) and forcing chains (both kinds
    /// of links): a candidate's on leading to its off, or its off to its on.
    fn forcing_chains(&mut self, found: &mut Vec<Found>) {
        for (cell, digit) in self.candidates() {
            if self.base[cell.index()].len() < 2 {
                continue;
            }
            let on = self.literal(cell, digit, true);
            let (by_unit, by_cell) = self.cycle_closers(cell, digit);
            if by_unit {
                self.cycles(on, Links::Digit, Technique::BidirectionalXCycle, found);
            }
            if by_cell {
                self.cycles(on, Links::Cell, Technique::BidirectionalYCycle, found);
            }
            if by_unit || by_cell {
                self.cycles(
                    on,
                    Links::DigitAndCell,
                    Technique::BidirectionalCycle,
                    found,
                );
            }
            for on in [true, false] {
                let start = self.literal(cell, digit, on);
                let target = start ^ 1;
                // Most starts do not lead to their negation: the closures say which do.
                if !self.reaches(Links::DigitAndCell, start, target) {
                    continue;
                }
                if self.search(start, Links::DigitAndCell, false, Some(target)) == Ending::Target {
                    self.axioms.clear();
                    let complexity = self.complexity(target);
                    let technique = if self.keeps_digit(target, digit) {
                        Technique::ForcingXChain
                    } else {
                        Technique::ForcingChain
                    };
                    found.push(Found {
                        technique,
                        conclusion: target,
                        axioms: self.take_axioms(),
                        more: Vec::new(),
                        complexity,
                        explanation: String::new(),
                        cells: vec![cell],
                        precedence: NO_PRECEDENCE,
                    });
                }
            }
        }
    }
}

impl Chaining<'_> {
    /// Whether every literal of the static chain to `literal` (by first parents, back to
    /// its start) is of `digit`: a forcing X-chain, all its links a digit's.
    fn keeps_digit(&self, literal: u32, digit: Digit) -> bool {
        std::iter::successors(Some(literal), |&l| self.first_parent(l))
            .all(|l| self.decode(l).digit == digit)
    }

    /// Whether a bidirectional cycle could close on the on of `digit` in `cell`, by a
    /// unit's link and by the cell's: a loop comes back to the on from an off that forces
    /// it (the digit's other place in a unit where it has two; the cell's other candidate
    /// when it has two), so the on must reach such an off (the closures say whether it
    /// does). An X-cycle closes by a unit, a Y-cycle by the cell.
    fn cycle_closers(&mut self, cell: Cell, digit: Digit) -> (bool, bool) {
        let on = self.literal(cell, digit, true);
        // The offs that force the on are the negations of what its off forces (an off's
        // links are its units' and its cell's on every grid).
        let mut closing = std::mem::take(&mut self.closing_offs);
        let mut reached = |links: Links| {
            closing.clear();
            self.unit_links(cell, digit, false, links, |forced| closing.push(forced ^ 1));
            closing
                .iter()
                .any(|&off| self.reaches(Links::DigitAndCell, on, off))
        };
        let closers = (reached(Links::Digit), reached(Links::Cell));
        self.closing_offs = closing;
        closers
    }
}

/// Whether `mask` has from 2 to `size` bits (`size` at most 3): clears its lowest bits
/// rather than counting them all, the units' tests of every round of the "+" level.
fn two_to(mask: u32, size: usize) -> bool {
    debug_assert!(size <= 3);
    let second = mask & mask.wrapping_sub(1); // without its lowest bit
    let third = second & second.wrapping_sub(1);
    let fourth = third & third.wrapping_sub(1);
    second != 0 && (third == 0 || size >= 3 && fourth == 0)
}

/// Calls `visit` with every `size`-element subset of `0..n` (`size` at most 3), in
/// lexicographic order, without allocating.
fn for_each_subset(n: usize, size: usize, mut visit: impl FnMut(&[usize])) {
    let mut subset = [0usize; 3];
    let subset = &mut subset[..size];
    if size > n {
        return;
    }
    for (k, slot) in subset.iter_mut().enumerate() {
        *slot = k;
    }
    loop {
        visit(subset);
        // The last slot that can still move right moves, and those after it follow.
        let Some(k) = (0..size).rev().find(|&k| subset[k] < n - size + k) else {
            return;
        };
        subset[k] += 1;
        for j in k + 1..size {
            subset[j] = subset[j - 1] + 1;
        }
    }
}

/// The geometry's box-line intersections (`Geometry::intersections`, in that order) as
/// the "+" level's pointing and claiming read them: a digit points from a box into a line
/// when the marks of the intersection's shared cells hold it, those of the rest of the
/// box do not, and those of the rest of the line do (claiming: the other way round).
/// The rest of a box is the shared cells of its other intersections with lines of the
/// same kind (its rows, or its columns, partition it), the rest of a line those of its
/// other intersections with boxes.
///
/// * `box_group[i]`, `line_group[i]`: the groups of intersection `i`, the intersections
///   with its box and lines of its kind, and those with its line; group `g`'s members
///   are `members[ranges[g].0..ranges[g].1]`.
/// * `digits[i]`: scratch, the union of the marks of intersection `i`'s shared cells.
/// * `once[g]`, `twice[g]`: scratch, the digits in `digits` of one member of group `g` at
///   least, and of two at least (`fill_groups`); the union over the members but `i` is
///   then `once` less `digits[i]`, and `twice` within it.
#[derive(Debug, Default)]
pub(super) struct Intersections {
    box_group: Vec<u32>,
    line_group: Vec<u32>,
    members: Vec<u32>,
    ranges: Vec<(u32, u32)>,
    digits: Vec<DigitSet>,
    once: Vec<DigitSet>,
    twice: Vec<DigitSet>,
}

impl Intersections {
    pub(super) fn new(geometry: &crate::geometry::Geometry) -> Intersections {
        let all = geometry.intersections();
        let mut tables = Intersections {
            digits: vec![DigitSet::EMPTY; all.len()],
            ..Intersections::default()
        };
        // Groups keyed (box, kind of line) and (line): listed in order of first member.
        let mut keys: Vec<(usize, usize)> = Vec::new();
        let mut groups: Vec<Vec<u32>> = Vec::new();
        let mut group_of = |key: (usize, usize), i: usize| {
            let g = keys.iter().position(|&k| k == key).unwrap_or_else(|| {
                keys.push(key);
                groups.push(Vec::new());
                keys.len() - 1
            });
            groups[g].push(i as u32);
            g as u32
        };
        for (i, intersection) in all.iter().enumerate() {
            let kind = geometry.unit_kind(intersection.line) as usize;
            let box_key = (intersection.box_unit.index(), kind);
            tables.box_group.push(group_of(box_key, i));
            let line_key = (usize::MAX, intersection.line.index());
            tables.line_group.push(group_of(line_key, i));
        }
        for members in groups {
            let from = tables.members.len() as u32;
            tables.members.extend(members);
            tables.ranges.push((from, tables.members.len() as u32));
        }
        tables.once = vec![DigitSet::EMPTY; tables.ranges.len()];
        tables.twice = tables.once.clone();
        debug_assert!(all.iter().enumerate().all(|(i, intersection)| {
            let cells = |g: u32| {
                let (from, to) = tables.ranges[g as usize];
                let mut cells: Vec<Cell> = tables.members[from as usize..to as usize]
                    .iter()
                    .flat_map(|&j| all[j as usize].shared.iter().copied())
                    .collect();
                cells.sort_unstable_by_key(|c| c.index());
                cells
            };
            let sorted = |unit: Unit| {
                let mut cells = geometry.unit(unit).to_vec();
                cells.sort_unstable_by_key(|c| c.index());
                cells
            };
            cells(tables.box_group[i]) == sorted(intersection.box_unit)
                && cells(tables.line_group[i]) == sorted(intersection.line)
        }));
        tables
    }

    /// Works out `once` and `twice` from `digits`.
    fn fill_groups(&mut self) {
        for (g, &(from, to)) in self.ranges.iter().enumerate() {
            let (mut once, mut twice) = (DigitSet::EMPTY, DigitSet::EMPTY);
            for &j in &self.members[from as usize..to as usize] {
                let digits = self.digits[j as usize];
                twice = twice.union(once.intersection(digits));
                once = once.union(digits);
            }
            self.once[g] = once;
            self.twice[g] = twice;
        }
    }

    /// The union of `digits` over group `g` but intersection `i` (a member of it).
    fn others(&self, g: u32, i: usize) -> DigitSet {
        let (once, twice, own) = (
            self.once[g as usize],
            self.twice[g as usize],
            self.digits[i],
        );
        let others = once.difference(own).union(twice.intersection(own));
        debug_assert_eq!(others, {
            let (from, to) = self.ranges[g as usize];
            self.members[from as usize..to as usize]
                .iter()
                .filter(|&&j| j as usize != i)
                .fold(DigitSet::EMPTY, |union, &j| {
                    union.union(self.digits[j as usize])
                })
        });
        others
    }
}

#[cfg(test)]
mod tests {
    use super::two_to;

    #[test]
    fn two_to_agrees_with_counting_the_bits() {
        // Every mask of 16 bits, and the same shifted to the top of 25 bits.
        for low in 0u32..1 << 16 {
            for mask in [low, low << 9] {
                for size in 2..=3 {
                    let count = mask.count_ones() as usize;
                    assert_eq!(
                        two_to(mask, size),
                        (2..=size).contains(&count),
                        "{mask:b}, {size}"
                    );
                }
            }
        }
    }
}
