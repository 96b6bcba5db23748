//! A small seeded random number generator (SplitMix64), written here so that a seed gives the
//! same sample, permutation or puzzle in every version of sudolab: published runs stay
//! reproducible, which a dependency's generator does not promise across releases.
//!
//! ```
//! use sudolab::random::Random;
//! let mut a = Random::new(7);
//! let mut b = Random::new(7);
//! assert_eq!(a.below(1000), b.below(1000));
//! ```

/// SplitMix64 (Steele, Lea and Flood, 2014): 64 bits of state, passes BigCrush, and every
/// seed (including 0) is fine.
#[derive(Debug, Clone)]
pub struct Random {
    state: u64,
}

impl Random {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Random {
        Random { state: seed }
    }

    /// A generator for item `index` of a run seeded with `seed`: independent streams per
    /// puzzle, so results do not depend on the order threads take puzzles in.
    pub fn for_item(seed: u64, index: u64) -> Random {
        let mut mixer = Random::new(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        Random::new(mixer.next_u64())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..bound` (`bound > 0`), without modulo bias (Lemire's method).
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "below(0)");
        loop {
            let product = (self.next_u64() as u128) * (bound as u128);
            let low = product as u64;
            if low >= bound.wrapping_neg() % bound {
                return (product >> 64) as u64;
            }
        }
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// A uniformly random permutation of `0..len`.
    pub fn permutation(&mut self, len: usize) -> Vec<usize> {
        let mut items: Vec<usize> = (0..len).collect();
        self.shuffle(&mut items);
        items
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut random = Random::new(1);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            seen[random.below(7) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn permutations_are_permutations() {
        let mut p = Random::new(3).permutation(25);
        p.sort();
        assert_eq!(p, (0..25).collect::<Vec<_>>());
        assert_ne!(
            Random::for_item(1, 2).next_u64(),
            Random::for_item(1, 3).next_u64()
        );
    }
}
