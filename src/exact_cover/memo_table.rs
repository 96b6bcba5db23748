//! The memo: subproblem signatures and what was found below them, in a hash table that
//! stays within a memory budget.
//!
//! # Layout
//!
//! * `keys`: the signatures, `width` words each, one after another (entry `e` owns
//!   `keys[e * width .. (e + 1) * width]`): no allocation per entry.
//! * `counts[e]`: the number of solutions below entry `e`'s subproblem; `diagrams[e]` its
//!   ZDD node (kept only when the search builds a ZDD).
//! * `slots`: open addressing with linear probing; a slot holds `e + 1` in its low 32 bits
//!   and the high 32 bits of the key's hash in its high ones (a probe compares keys only
//!   when those agree), or 0 when empty. Its length is a power of two and at least twice
//!   the number of entries.
//!
//! Nothing is ever removed. An insertion that would take the table past its budget (the
//! bytes of all four arrays, counting the capacity a growth would allocate) is refused and
//! the table marked [`full`](Table::is_full): the search then counts that subproblem again
//! whenever it meets it, which is plain search, slower but exact.

/// Signatures and their counts (see the module docs).
#[derive(Debug, Clone)]
pub struct Table {
    width: usize,
    keys: Vec<u64>,
    counts: Vec<u128>,
    diagrams: Vec<u32>,
    keep_diagrams: bool,
    slots: Vec<u64>,
    budget: usize,
    full: bool,
    hits: u64,
    peak_bytes: usize,
}

/// What a lookup found: the subproblem's solution count and ZDD node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    /// Solutions below the signature.
    pub count: u128,
    /// Their ZDD node (0 when the table keeps none).
    pub diagram: u32,
}

const FIRST_SLOTS: usize = 1 << 10;

impl Table {
    /// An empty table for signatures of `width` words, within `budget` bytes; ZDD nodes are
    /// kept with the counts when `keep_diagrams`.
    pub fn new(width: usize, budget: usize, keep_diagrams: bool) -> Table {
        let mut table = Table {
            width: width.max(1),
            keys: Vec::new(),
            counts: Vec::new(),
            diagrams: Vec::new(),
            keep_diagrams,
            slots: Vec::new(),
            budget,
            full: false,
            hits: 0,
            peak_bytes: 0,
        };
        if table.bytes_for(0, FIRST_SLOTS) <= budget {
            table.slots = vec![0; FIRST_SLOTS];
        } else {
            table.full = true;
        }
        table.peak_bytes = table.bytes();
        table
    }

    /// Entries stored.
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// Lookups that found their signature.
    pub fn hits(&self) -> u64 {
        self.hits
    }

    /// Whether an insertion was refused for the budget.
    pub fn is_full(&self) -> bool {
        self.full
    }

    /// The most bytes the table held.
    pub fn peak_bytes(&self) -> usize {
        self.peak_bytes
    }

    fn entry_bytes(&self) -> usize {
        self.width * 8 + 16 + if self.keep_diagrams { 4 } else { 0 }
    }

    fn bytes_for(&self, entries: usize, slots: usize) -> usize {
        entries * self.entry_bytes() + slots * 8
    }

    /// The bytes the table holds now (its arrays' capacities).
    pub fn bytes(&self) -> usize {
        self.keys.capacity() * 8
            + self.counts.capacity() * 16
            + self.diagrams.capacity() * 4
            + self.slots.capacity() * 8
    }

    fn hash(key: &[u64]) -> u64 {
        // A multiply-rotate mix per word (FxHash's step), then a finaliser so that the low
        // bits, which pick the slot, depend on every word.
        let mut h = 0u64;
        for &word in key {
            h = (h.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
        h ^= h >> 29;
        h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^ (h >> 32)
    }

    fn key(&self, entry: usize) -> &[u64] {
        &self.keys[entry * self.width..(entry + 1) * self.width]
    }

    /// The slot holding `key`, or the empty slot where it would go, and the slot's tag.
    #[inline]
    fn probe(&self, key: &[u64]) -> (usize, u64) {
        let hash = Table::hash(key);
        let tag = hash & !0xffff_ffff;
        let mask = self.slots.len() - 1;
        let mut slot = hash as usize & mask;
        loop {
            let held = self.slots[slot];
            if held == 0 {
                return (slot, tag);
            }
            if held & !0xffff_ffff == tag {
                let entry = (held & 0xffff_ffff) as usize - 1;
                // Word by word: keys are short, a call to memcmp costs more.
                let stored = &self.keys[entry * self.width..(entry + 1) * self.width];
                if stored.iter().zip(key).all(|(a, b)| a == b) {
                    return (slot, tag);
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The count and ZDD node stored for `key`, if any.
    pub fn get(&mut self, key: &[u64]) -> Option<Found> {
        debug_assert_eq!(key.len(), self.width);
        if self.slots.is_empty() {
            return None;
        }
        let held = self.slots[self.probe(key).0];
        if held == 0 {
            return None;
        }
        self.hits += 1;
        let entry = (held & 0xffff_ffff) as usize - 1;
        Some(Found {
            count: self.counts[entry],
            diagram: if self.keep_diagrams {
                self.diagrams[entry]
            } else {
                0
            },
        })
    }

    /// Stores `key`'s count and ZDD node, unless the budget forbids (then the table is
    /// marked full and nothing changes). `key` must not be stored already.
    pub fn insert(&mut self, key: &[u64], found: Found) {
        debug_assert_eq!(key.len(), self.width);
        if self.full {
            return;
        }
        let entries = self.counts.len() + 1;
        if entries * 2 > self.slots.len() && !self.grow() {
            return;
        }
        if self.counts.len() == self.counts.capacity() {
            // Vec doubles its capacity: check that the doubled arrays fit.
            let capacity = (self.counts.capacity() * 2).max(64);
            let needed = self.bytes_for(capacity, self.slots.len());
            if needed > self.budget || entries > u32::MAX as usize - 1 {
                self.full = true;
                return;
            }
            let more = capacity - self.counts.len();
            self.counts.reserve_exact(more);
            self.keys.reserve_exact(more * self.width);
            if self.keep_diagrams {
                self.diagrams.reserve_exact(more);
            }
        }
        let (slot, tag) = self.probe(key);
        debug_assert_eq!(self.slots[slot], 0, "Table::insert: key stored already");
        self.keys.extend_from_slice(key);
        self.counts.push(found.count);
        if self.keep_diagrams {
            self.diagrams.push(found.diagram);
        }
        self.slots[slot] = tag | self.counts.len() as u64;
        self.peak_bytes = self.peak_bytes.max(self.bytes());
    }

    /// Doubles the slots, if the budget allows; whether it did.
    fn grow(&mut self) -> bool {
        let slots = self.slots.len() * 2;
        if self.bytes() + slots * 8 > self.budget {
            self.full = true;
            return false;
        }
        self.slots = vec![0; slots];
        let mask = slots - 1;
        for entry in 0..self.counts.len() {
            let hash = Table::hash(self.key(entry));
            let mut slot = hash as usize & mask;
            while self.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = (hash & !0xffff_ffff) | (entry as u64 + 1);
        }
        self.peak_bytes = self.peak_bytes.max(self.bytes());
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_keys_through_growth() {
        let mut table = Table::new(2, usize::MAX, true);
        for k in 0..5000u64 {
            let key = [k, k.wrapping_mul(7)];
            assert_eq!(table.get(&key), None);
            table.insert(
                &key,
                Found {
                    count: u128::from(k) * 3,
                    diagram: k as u32,
                },
            );
        }
        assert_eq!(table.len(), 5000);
        for k in (0..5000u64).rev() {
            let found = table.get(&[k, k.wrapping_mul(7)]).expect("stored");
            assert_eq!((found.count, found.diagram), (u128::from(k) * 3, k as u32));
        }
        assert_eq!(table.hits(), 5000);
        assert!(!table.is_full());
    }

    #[test]
    fn refuses_entries_past_its_budget() {
        let budget = 64 * 1024;
        let mut table = Table::new(1, budget, false);
        for k in 0..100_000u64 {
            table.insert(
                &[k],
                Found {
                    count: 1,
                    diagram: 0,
                },
            );
        }
        assert!(table.is_full());
        assert!(table.len() < 100_000 && !table.is_empty());
        assert!(table.peak_bytes() <= budget, "{} bytes", table.peak_bytes());
        // What was stored is still found.
        assert!(table.get(&[0]).is_some());
        assert!(table.get(&[99_999]).is_none());
    }
}
