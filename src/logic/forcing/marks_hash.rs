//! A fast hash for pencil marks, the keys of the nested levels' memos
//! ([`Chaining::nested_cache`](super::Chaining), `rounds.rs`). Every nested round looks
//! its marks up in both; std's default hash (SipHash, made to resist chosen keys) had
//! been 2-3% of a "+ forcing chains" hint. The keys are the program's own marks, so a
//! multiply-rotate mix per word (FxHash's step) with a finaliser does.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::bitset::DigitSet;

/// A map keyed by every cell's pencil marks.
pub(super) type MarksMap<V> = HashMap<Vec<DigitSet>, V, BuildHasherDefault<MarksHasher>>;

/// The hash state: the words written so far, mixed.
#[derive(Debug, Default)]
pub(super) struct MarksHasher(u64);

impl MarksHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for MarksHasher {
    fn finish(&self) -> u64 {
        // The mix leaves the low bits, which pick the bucket, poorly spread: fold the
        // high ones in (MurmurHash3's finaliser).
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::MarksMap;
    use crate::bitset::{Digit, DigitSet};
    use std::hash::BuildHasher;

    #[test]
    fn marks_differing_in_one_candidate_hash_apart_in_the_low_bits() {
        // Every single removal from a full grid of marks: 729 keys, each its own hash,
        // spread over the low ten bits (which pick a bucket) about as a random hash
        // spreads them (522 of 1,024 values expected), and each finds its own value.
        let full = vec![DigitSet::full(9); 81];
        let mut map = MarksMap::default();
        let mut keys = Vec::new();
        for cell in 0..81 {
            for digit in Digit::all(9) {
                let mut marks = full.clone();
                marks[cell].remove(digit);
                map.insert(marks.clone(), keys.len());
                keys.push(marks);
            }
        }
        let hashes: Vec<u64> = keys.iter().map(|k| map.hasher().hash_one(k)).collect();
        let distinct = |mask: u64| {
            let mut values: Vec<u64> = hashes.iter().map(|h| h & mask).collect();
            values.sort_unstable();
            values.dedup();
            values.len()
        };
        assert_eq!(distinct(u64::MAX), 729);
        assert!(distinct(1023) > 450, "{}", distinct(1023));
        for (k, marks) in keys.iter().enumerate() {
            assert_eq!(map.get(marks), Some(&k));
        }
        assert_eq!(map.get(&full), None);
    }
}
