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

/// Checks that the named shards, all of one N, are each of `1/N ... N/N` exactly once: the
/// error names a shard given twice (both names) or the missing ones (the first ten, and how
/// many in all). Memory is what the shards given take, whatever N says.
pub fn check_every_shard_once<'a>(
    shards: impl IntoIterator<Item = (Shard, &'a str)>,
) -> Result<()> {
    let mut seen: std::collections::BTreeMap<usize, &str> = std::collections::BTreeMap::new();
    let mut count = 0;
    for (shard, name) in shards {
        count = shard.count;
        if let Some(other) = seen.insert(shard.index, name) {
            return Err(Error::InvalidArgument(format!(
                "shard {shard} appears twice: {other} and {name}"
            )));
        }
    }
    if seen.len() == count {
        return Ok(());
    }
    let missing = (1..=count).filter(|k| !seen.contains_key(k));
    let shown: Vec<String> = missing.take(10).map(|k| format!("{k}/{count}")).collect();
    let more = count - seen.len() - shown.len();
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    Err(Error::InvalidArgument(format!(
        "missing shards: {}{more}",
        shown.join(", ")
    )))
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

    #[test]
    fn sets_of_shards_are_whole_or_named() {
        let shard = |index| Shard { index, count: 3 };
        assert!(
            check_every_shard_once([(shard(2), "b"), (shard(1), "a"), (shard(3), "c")]).is_ok()
        );
        let error = check_every_shard_once([(shard(1), "a"), (shard(1), "b")]).unwrap_err();
        assert_eq!(error.to_string(), "shard 1/3 appears twice: a and b");
        let error = check_every_shard_once([(shard(2), "b")]).unwrap_err();
        assert_eq!(error.to_string(), "missing shards: 1/3, 3/3");
        let huge = Shard {
            index: 1,
            count: usize::MAX,
        };
        let error = check_every_shard_once([(huge, "a")])
            .unwrap_err()
            .to_string();
        assert!(
            error.ends_with(&format!("11/{} and {} more", usize::MAX, usize::MAX - 11)),
            "{error}"
        );
    }
}
