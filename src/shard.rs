//! A deterministic share of some work, for running it on several machines: shard `K/N`
//! takes items `K-1`, `K-1+N`, `K-1+2N`, ... of a list every shard computes the same way
//! (the subproblems of a split search, the records of a corpus). The shards of one `N` are
//! disjoint and together cover the list.
//!
//! ```
//! use sudolab::shard::Shard;
//! let shard: Shard = "2/3".parse()?;
//! let mine: Vec<usize> = (0..8).filter(|&i| shard.owns(i)).collect();
//! assert_eq!(mine, [1, 4, 7]);
//! # Ok::<(), sudolab::Error>(())
//! ```

use crate::error::{Error, Result};

/// Which share of a split a process counts: subproblems `index - 1`, `index - 1 + count`, ...
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// From 1.
    pub index: usize,
    /// How many shards there are.
    pub count: usize,
}

impl Shard {
    /// All of it.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Whether subproblem `i` (from 0) is this shard's.
    pub fn owns(self, i: usize) -> bool {
        i % self.count == self.index - 1
    }
}

impl std::str::FromStr for Shard {
    type Err = Error;
    /// `K/N` with `1 <= K <= N`.
    fn from_str(text: &str) -> Result<Shard> {
        let parsed = text
            .split_once('/')
            .and_then(|(k, n)| Some((k.trim().parse().ok()?, n.trim().parse().ok()?)));
        match parsed {
            Some((index, count)) if index >= 1 && index <= count => Ok(Shard { index, count }),
            _ => Err(Error::InvalidArgument(format!(
                "shard {text:?}: write K/N with 1 <= K <= N, e.g. 3/8"
            ))),
        }
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_partition() {
        assert_eq!(
            "3/8".parse::<Shard>().unwrap(),
            Shard { index: 3, count: 8 }
        );
        assert!("0/8".parse::<Shard>().is_err());
        assert!("9/8".parse::<Shard>().is_err());
        assert!("x".parse::<Shard>().is_err());
        let shards: Vec<Shard> = (1..=4).map(|k| Shard { index: k, count: 4 }).collect();
        for i in 0..100 {
            assert_eq!(shards.iter().filter(|s| s.owns(i)).count(), 1);
        }
    }
}
