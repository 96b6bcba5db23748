//! The bitmask engine on variant puzzles: candidates as bit sets, propagation over the
//! variant's own houses, pairs and cages, MRV branching.
//!
//! # Data layout
//!
//! * `peer_starts`, `peers`: every cell's peers ([`Layout::peers`]: its houses, knight or
//!   king moves, cage mates) flattened into one array, cell `c`'s at
//!   `peers[peer_starts[c]..peer_starts[c + 1]]`; `neighbour_starts`, `neighbours` the same
//!   for the non-consecutive neighbours.
//! * `house_cells`: the cells of every house, `side` per house.
//! * `cages`: each cage's sum and cells.
//! * `candidates`, `values`: one position per search depth, `cells` entries each, allocated
//!   once: `candidates` a bit set per cell (bit `d - 1` = digit `d`), `values` the digit
//!   placed and propagated (0 = open). A branch copies its parent's position to the next
//!   depth and never allocates.
//!
//! Invariant of a propagated position: a placed cell's candidates are its digit alone, and
//! no open cell has a candidate that a placed peer holds or (non-consecutive) that is next
//! to a placed neighbour's digit.
//!
//! # Propagation
//!
//! Placing `d` removes `d` from the peers and `d - 1`, `d + 1` from the neighbours (a cell
//! left with none ends the branch; with one, it is queued: naked singles). Then, until
//! nothing changes: a digit with one place left in a house is placed (hidden singles; with
//! none the branch ends), and each cage keeps only the candidates `d` for which its other
//! open cells can still make up the rest of the sum from distinct digits (a bound: the
//! smallest and largest sums of that many of their candidates). Non-consecutive: a digit
//! goes from a cell when every candidate of a neighbour is that digit or next to it.
//!
//! # Search
//!
//! Recursive, one depth per branch point: the open cell with the fewest candidates, each
//! candidate in increasing order. Counters as the classic engine's: nodes (the root and one
//! per alternative tried), guesses (alternatives beyond the first), assignments (cells
//! placed).

use crate::geometry::Cell;
use crate::random::Random;
use crate::solver::{Limits, Stats, Stop, VariantOutcome};
use crate::variant::{Layout, Puzzle};

/// A search over one variant puzzle (see the module docs).
pub struct VariantSearch<'a> {
    cells: usize,
    side: usize,
    peer_starts: Vec<u32>,
    peers: Vec<u16>,
    neighbour_starts: Vec<u32>,
    neighbours: Vec<u16>,
    house_cells: Vec<u16>,
    cages: Vec<(u32, Vec<u16>)>,
    candidates: Vec<u32>,
    values: Vec<u8>,
    queue: Vec<u16>,
    limits: Limits<'a>,
    limit: u64,
    /// Tries each branch point's digits in a random order (the generator's random grids).
    shuffle: Option<Random>,
    stats: Stats,
    outcome: VariantOutcome,
}

/// A branch ended: no candidate left somewhere.
struct Contradiction;

/// Flattens per-cell lists into (starts, entries).
fn flatten<'b>(cells: usize, list: impl Fn(Cell) -> &'b [Cell]) -> (Vec<u32>, Vec<u16>) {
    let mut starts = Vec::with_capacity(cells + 1);
    let mut entries = Vec::new();
    starts.push(0);
    for c in 0..cells {
        entries.extend(list(Cell::new(c)).iter().map(|p| p.index() as u16));
        starts.push(entries.len() as u32);
    }
    (starts, entries)
}

impl<'a> VariantSearch<'a> {
    /// A search of `layout`'s puzzles within `limits`, counting to `limit` (0: all).
    pub fn new(layout: &Layout, limits: Limits<'a>, limit: u64) -> VariantSearch<'a> {
        let cells = layout.cells();
        let (peer_starts, peers) = flatten(cells, |c| layout.peers(c));
        let (neighbour_starts, neighbours) = flatten(cells, |c| layout.neighbours(c));
        let house_cells = layout
            .houses()
            .iter()
            .flat_map(|house| house.cells.iter().map(|c| c.index() as u16))
            .collect();
        let cages = layout
            .cages()
            .iter()
            .map(|cage| {
                let cells = cage.cells.iter().map(|c| c.index() as u16).collect();
                (cage.sum, cells)
            })
            .collect();
        VariantSearch {
            cells,
            side: layout.side(),
            peer_starts,
            peers,
            neighbour_starts,
            neighbours,
            house_cells,
            cages,
            candidates: vec![0; cells * (cells + 2)],
            values: vec![0; cells * (cells + 2)],
            queue: Vec::with_capacity(cells),
            limits,
            limit,
            shuffle: None,
            stats: Stats::default(),
            outcome: VariantOutcome::default(),
        }
    }

    /// The same search trying each branch point's digits in an order drawn from `random`
    /// (the first solution found is then a random one).
    pub fn with_random_order(mut self, random: Random) -> VariantSearch<'a> {
        self.shuffle = Some(random);
        self
    }

    /// Counts the solutions of `puzzle` (whose variant's layout this search was built
    /// from).
    pub fn count(mut self, puzzle: &Puzzle) -> VariantOutcome {
        let full = ((1u64 << self.side) - 1) as u32;
        let cells = self.cells;
        self.candidates[..cells].fill(full);
        self.values[..cells].fill(0);
        self.stats.nodes = 1;
        let mut consistent = true;
        for (cell, &given) in puzzle.cells().iter().enumerate() {
            if given != 0 {
                let bit = 1u32 << (given - 1);
                if self.candidates[cell] & bit == 0 {
                    consistent = false;
                    break;
                }
                self.candidates[cell] = bit;
                self.queue.push(cell as u16);
            }
        }
        if consistent && self.propagate(0).is_ok() {
            if let Some(stop) = self.limits.check(self.stats.nodes) {
                self.outcome.stopped = Some(stop);
            } else {
                self.branch(0);
            }
        }
        self.outcome.stats = self.stats;
        self.outcome
    }

    /// Searches below the propagated position at `depth`; whether to stop.
    fn branch(&mut self, depth: usize) -> bool {
        let cells = self.cells;
        let base = depth * cells;
        let mut best = usize::MAX;
        let mut fewest = u32::MAX;
        for cell in 0..cells {
            if self.values[base + cell] == 0 {
                let count = self.candidates[base + cell].count_ones();
                if count < fewest {
                    (best, fewest) = (cell, count);
                    if count == 2 {
                        break;
                    }
                }
            }
        }
        if best == usize::MAX {
            let solution = self.values[base..base + cells].to_vec();
            return self.outcome.record(|| solution, self.limit);
        }
        let options = self.candidates[base + best];
        let mut order = [0u32; 32];
        let mut tried = 0;
        let mut bits = options;
        while bits != 0 {
            order[tried] = bits & bits.wrapping_neg();
            bits &= bits - 1;
            tried += 1;
        }
        if let Some(random) = &mut self.shuffle {
            random.shuffle(&mut order[..tried]);
        }
        let mut first = true;
        for &bit in &order[..tried] {
            if !first {
                self.stats.guesses += 1;
            }
            first = false;
            self.stats.nodes += 1;
            if let Some(stop) = self.limits.check(self.stats.nodes) {
                self.outcome.stopped = Some(stop);
                return true;
            }
            let next = base + cells;
            self.candidates.copy_within(base..base + cells, next);
            self.values.copy_within(base..base + cells, next);
            self.candidates[next + best] = bit;
            self.queue.clear();
            self.queue.push(best as u16);
            if self.propagate(depth + 1).is_ok() && self.branch(depth + 1) {
                return true;
            }
        }
        false
    }

    /// Removes `bits` from `cell`'s candidates at `base`, queueing it if one is left.
    #[inline]
    fn remove(&mut self, base: usize, cell: usize, bits: u32) -> Result<(), Contradiction> {
        let before = self.candidates[base + cell];
        if before & bits == 0 {
            return Ok(());
        }
        let after = before & !bits;
        if after == 0 {
            return Err(Contradiction);
        }
        self.candidates[base + cell] = after;
        if after & (after - 1) == 0 && self.values[base + cell] == 0 {
            self.queue.push(cell as u16);
        }
        Ok(())
    }

    /// Places every queued single and what follows (see the module docs).
    fn propagate(&mut self, depth: usize) -> Result<(), Contradiction> {
        let base = depth * self.cells;
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                if self.values[base + cell] != 0 {
                    continue;
                }
                let bit = self.candidates[base + cell];
                let digit = bit.trailing_zeros() as u8 + 1;
                self.values[base + cell] = digit;
                self.stats.assignments += 1;
                let (start, end) = (self.peer_starts[cell], self.peer_starts[cell + 1]);
                for k in start..end {
                    let peer = self.peers[k as usize] as usize;
                    if self.values[base + peer] == digit {
                        return Err(Contradiction);
                    }
                    self.remove(base, peer, bit)?;
                }
                let next_to = (bit << 1 | bit >> 1) & ((1u64 << self.side) - 1) as u32;
                let (start, end) = (self.neighbour_starts[cell], self.neighbour_starts[cell + 1]);
                for k in start..end {
                    let neighbour = self.neighbours[k as usize] as usize;
                    let held = self.values[base + neighbour];
                    if held != 0 && (1u32 << (held - 1)) & next_to != 0 {
                        return Err(Contradiction);
                    }
                    self.remove(base, neighbour, next_to)?;
                }
            }
            self.hidden_singles(base)?;
            if self.queue.is_empty() && !self.neighbours.is_empty() {
                self.prune_neighbours(base)?;
            }
            if self.queue.is_empty() {
                self.prune_cages(base)?;
            }
            if self.queue.is_empty() {
                return Ok(());
            }
        }
    }

    /// Queues each digit with one place left in a house.
    fn hidden_singles(&mut self, base: usize) -> Result<(), Contradiction> {
        let side = self.side;
        let full = ((1u64 << side) - 1) as u32;
        for house in 0..self.house_cells.len() / side {
            let cells = &self.house_cells[house * side..(house + 1) * side];
            let (mut once, mut twice) = (0u32, 0u32);
            for &cell in cells {
                let bits = self.candidates[base + cell as usize];
                twice |= once & bits;
                once |= bits;
            }
            if once != full {
                return Err(Contradiction);
            }
            let mut hidden = once & !twice;
            if hidden == 0 {
                continue;
            }
            for &cell in cells {
                let cell = cell as usize;
                let bits = self.candidates[base + cell];
                if bits & hidden != 0 && self.values[base + cell] == 0 {
                    let bit = bits & hidden;
                    if bit & (bit - 1) != 0 {
                        return Err(Contradiction);
                    }
                    self.candidates[base + cell] = bit;
                    self.queue.push(cell as u16);
                    hidden &= !bit;
                }
            }
        }
        Ok(())
    }

    /// Non-consecutive: removes from each cell the digits `e` that no candidate of some
    /// neighbour allows (every candidate `d` there is `e - 1`, `e` or `e + 1`; the two share
    /// a row or a column, so `d = e` is out too), until nothing changes.
    fn prune_neighbours(&mut self, base: usize) -> Result<(), Contradiction> {
        let full = ((1u64 << self.side) - 1) as u32;
        let mut changed = true;
        while changed {
            changed = false;
            for cell in 0..self.cells {
                let candidates = self.candidates[base + cell];
                if self.values[base + cell] != 0 || candidates.count_ones() > 3 {
                    continue;
                }
                let (low, high) = (candidates.trailing_zeros(), 31 - candidates.leading_zeros());
                if high - low > 2 {
                    continue;
                }
                // Bits e - 1 with h - 1 <= e <= l + 1 (bit numbers: high - 1 ..= low + 1).
                let from = high.saturating_sub(1);
                let to = (low + 1).min(self.side as u32 - 1);
                let mut unsupported = 0u32;
                for bit in from..=to {
                    unsupported |= 1 << bit;
                }
                unsupported &= full;
                let (start, end) = (self.neighbour_starts[cell], self.neighbour_starts[cell + 1]);
                for k in start..end {
                    let neighbour = self.neighbours[k as usize] as usize;
                    let before = self.candidates[base + neighbour];
                    if self.values[base + neighbour] == 0 && before & unsupported != 0 {
                        self.remove(base, neighbour, unsupported)?;
                        changed = true;
                    }
                }
            }
        }
        Ok(())
    }

    /// Keeps in each cage's open cells only the candidates its sum still allows.
    fn prune_cages(&mut self, base: usize) -> Result<(), Contradiction> {
        for k in 0..self.cages.len() {
            let (sum, size) = (self.cages[k].0, self.cages[k].1.len());
            let mut remaining = i64::from(sum);
            let (mut open, mut union) = (0usize, 0u32);
            for &cell in &self.cages[k].1 {
                let value = self.values[base + cell as usize];
                if value == 0 {
                    open += 1;
                    union |= self.candidates[base + cell as usize];
                } else {
                    remaining -= i64::from(value);
                }
            }
            if open == 0 {
                if remaining != 0 {
                    return Err(Contradiction);
                }
                continue;
            }
            for index in 0..size {
                let cell = self.cages[k].1[index] as usize;
                if self.values[base + cell] != 0 {
                    continue;
                }
                let before = self.candidates[base + cell];
                let mut allowed = 0u32;
                let mut bits = before;
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    bits &= bits - 1;
                    let digit = i64::from(bit.trailing_zeros() + 1);
                    if sum_fits(union & !bit, open - 1, remaining - digit) {
                        allowed |= bit;
                    }
                }
                if allowed != before {
                    self.remove(base, cell, before & !allowed)?;
                }
            }
        }
        Ok(())
    }
}

/// Whether `count` distinct digits of `set` could add up to `target`: between the sums
/// of its `count` smallest and `count` largest digits.
fn sum_fits(set: u32, count: usize, target: i64) -> bool {
    if count == 0 {
        return target == 0;
    }
    if (set.count_ones() as usize) < count || target <= 0 {
        return false;
    }
    let (mut low, mut high) = (0i64, 0i64);
    let mut bits = set;
    for _ in 0..count {
        let bit = bits & bits.wrapping_neg();
        bits &= bits - 1;
        low += i64::from(bit.trailing_zeros() + 1);
    }
    let mut bits = set;
    for _ in 0..count {
        let top = 31 - bits.leading_zeros();
        bits &= !(1 << top);
        high += i64::from(top + 1);
    }
    (low..=high).contains(&target)
}

/// Counts the solutions of a variant puzzle with the bitmask engine.
pub fn count_variant(puzzle: &Puzzle, limit: u64, limits: &Limits) -> VariantOutcome {
    let layout = Layout::new(puzzle.variant());
    let outcome = VariantSearch::new(&layout, *limits, limit).count(puzzle);
    debug_assert!(outcome.stopped != Some(Stop::UnsupportedSize));
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sum_fits_bounds_by_the_smallest_and_largest_digits() {
        let digits = |list: &[u32]| list.iter().fold(0u32, |set, d| set | 1 << (d - 1));
        assert!(sum_fits(digits(&[1, 2, 3]), 2, 3));
        assert!(!sum_fits(digits(&[1, 2, 3]), 2, 6));
        assert!(sum_fits(digits(&[1, 2, 3]), 2, 5));
        assert!(!sum_fits(digits(&[1, 2, 3]), 4, 6));
        assert!(sum_fits(0, 0, 0));
        assert!(!sum_fits(0, 0, 1));
    }
}
