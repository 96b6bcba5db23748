//! What share of a corpus a run was given, in a form `merge` can check its rows against.
//!
//! A run of shard `K/N` is given the records at positions `K-1, K-1+N, ...` of each corpus
//! (of its seeded sample, when sampled). It records a [`ShareTally`] of those positions per
//! corpus in `meta.csv` (key `share:CORPUS`): how many, and a hash of the set. The hash is
//! order-independent (a wrapping sum of a mixing function of each position), so the rows of
//! `runs.csv` prove they are exactly the share (no record missing, none extra) by hashing
//! their distinct indices the same way. For a corpus run whole (not sampled), the share is
//! also known from the corpus's length alone ([`ShareTally::of_whole_corpus`]), so the shards
//! of one run can be checked against one another.
//!
//! ```
//! use sudolab::harness::share::ShareTally;
//! use sudolab::shard::Shard;
//! let shard = Shard { index: 2, count: 3 };
//! let mut tally = ShareTally::default();
//! for position in [1, 4, 7] {
//!     tally.add(position);
//! }
//! assert_eq!(tally, ShareTally::of_whole_corpus(9, shard));
//! assert_eq!(tally.to_string().parse::<ShareTally>()?, tally);
//! # Ok::<(), sudolab::Error>(())
//! ```

use crate::error::{Error, Result};
use crate::shard::Shard;

/// A set of record positions, as a count and an order-independent hash.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ShareTally {
    /// How many positions.
    pub count: u64,
    /// The wrapping sum of a mixing function (SplitMix64's finaliser) over the positions.
    pub hash: u64,
}

/// SplitMix64's finaliser: spreads each position over all 64 bits, so sums of different sets
/// differ.
fn mix(position: u64) -> u64 {
    let mut z = position.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl ShareTally {
    /// Adds one position (each position once).
    pub fn add(&mut self, position: u64) {
        self.count += 1;
        self.hash = self.hash.wrapping_add(mix(position));
    }

    /// The share of `shard` in a corpus of `records` records run whole.
    pub fn of_whole_corpus(records: u64, shard: Shard) -> ShareTally {
        let mut tally = ShareTally::default();
        let mut position = shard.index as u64 - 1;
        while position < records {
            tally.add(position);
            position += shard.count as u64;
        }
        tally
    }
}

impl std::fmt::Display for ShareTally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {:016x}", self.count, self.hash)
    }
}

impl std::str::FromStr for ShareTally {
    type Err = Error;
    /// `COUNT HASH` (the hash in hexadecimal), as [`Display`](std::fmt::Display) writes it.
    fn from_str(text: &str) -> Result<ShareTally> {
        let bad = || Error::BadFile {
            file: format!("{text:?}"),
            message: "not a share (COUNT HASH)".into(),
        };
        let (count, hash) = text.trim().split_once(' ').ok_or_else(bad)?;
        Ok(ShareTally {
            count: count.parse().map_err(|_| bad())?,
            hash: u64::from_str_radix(hash, 16).map_err(|_| bad())?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_or_extra_position_changes_the_tally() {
        let whole = ShareTally::of_whole_corpus(100, Shard { index: 1, count: 4 });
        assert_eq!(whole.count, 25);
        let mut missing = ShareTally::default();
        (0..96).step_by(4).for_each(|p| missing.add(p));
        assert_eq!(missing.count, 24);
        assert_ne!(missing, whole);
        // Same count, one position swapped for another.
        let mut swapped = missing;
        swapped.add(97);
        assert_eq!(swapped.count, whole.count);
        assert_ne!(swapped.hash, whole.hash);
        // Order does not matter.
        let mut backwards = ShareTally::default();
        (0..100u32)
            .step_by(4)
            .rev()
            .for_each(|p| backwards.add(u64::from(p)));
        assert_eq!(backwards, whole);
    }

    #[test]
    fn malformed_shares_are_refused() {
        for text in ["", "12", "x 0f", "3 zz", "-1 00"] {
            assert!(text.parse::<ShareTally>().is_err(), "{text:?}");
        }
    }
}
