//! The counters a shard of a split count writes (`cover --shard K/N`, `count --shard K/N`),
//! read back and summed by `merge-counts`.
//!
//! A shard's output is text a person reads, with these `key: value` lines, each once:
//! `shard` (K/N), `problem` (a fingerprint of the problem and the split), `solutions`,
//! `nodes`, `updates`, `mems`, `guesses`, and `check`: a hash of the other seven, so a
//! counter edited by hand or damaged in transit is caught, not summed. Other lines (the
//! solutions printed, the engine, the time) are ignored. With `--format json` it is one JSON
//! object holding the same eight fields ([`ShardCounts::to_json`]; numbers as JSON numbers,
//! `solutions` past 64 bits as a string), read back the same way: a field missing is refused
//! by name, never taken as 0. [`ShardCounts::read`] refuses a
//! file with a key missing, repeated or unreadable, naming the file and the line, and reads
//! lines of bounded length ([`MAX_RUN_FILE_LINE`]): `/dev/zero` is an error, not a
//! memory blow-up. [`ShardCounts::sum`] refuses a set that is not every shard of one problem
//! exactly once, and sums with checked arithmetic (a sum past 64 bits is an error).
//!
//! ```
//! use sudolab::exact_cover::shard_counts::ShardCounts;
//! use sudolab::shard::Shard;
//! let part = |index, solutions| ShardCounts {
//!     shard: Shard { index, count: 2 },
//!     problem: "00ff".into(),
//!     solutions,
//!     nodes: 10,
//!     updates: 20,
//!     mems: 30,
//!     guesses: 4,
//! };
//! let text = part(1, 7).to_text();
//! let read = ShardCounts::read(text.as_bytes(), "shard-1.txt")?;
//! assert_eq!(read, part(1, 7));
//! let total = ShardCounts::sum(&[read, part(2, 5)], &["a", "b"])?;
//! assert_eq!((total.solutions, total.nodes), (12, 20));
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::io::BufRead;

use crate::error::{Error, Result};
use crate::input::{Line, Lines, MAX_RUN_FILE_LINE};
use crate::shard::Shard;

/// One shard's counters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShardCounts {
    /// Which shard.
    pub shard: Shard,
    /// The fingerprint of the problem and the split (equal for every shard of one count).
    pub problem: String,
    /// Solutions.
    pub solutions: u128,
    /// Search-tree nodes.
    pub nodes: u64,
    /// Link updates.
    pub updates: u64,
    /// Knuth's mems.
    pub mems: u64,
    /// Options tried beyond the first of their item.
    pub guesses: u64,
}

/// What the sum of every shard of one count is (`shard` is the whole).
pub type Sum = ShardCounts;

/// A 64-bit FNV-1a hash of `text`, in hexadecimal.
pub fn fingerprint(text: &str) -> String {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// Fills `values` from a JSON shard output on line `line`: each of [`KEYS`] that the object
/// holds, as text (a string as it is, a number as written); a shard that was stopped is
/// refused.
fn json_fields(
    text: &str,
    line: u64,
    values: &mut [Option<(String, u64)>; 8],
) -> std::result::Result<(), String> {
    let object: serde_json::Map<String, serde_json::Value> = serde_json::from_str(text)
        .map_err(|e| format!("not a JSON object of a shard's counters: {e}"))?;
    if let Some(stop) = object.get("stopped").filter(|v| !v.is_null()) {
        return Err(format!(
            "this shard was stopped ({}) before it finished: its counts are lower bounds; \
             run it again",
            stop.as_str().unwrap_or("stopped")
        ));
    }
    for (slot, key) in KEYS.iter().enumerate() {
        values[slot] = match object.get(*key) {
            Some(serde_json::Value::String(text)) => Some((text.clone(), line)),
            Some(serde_json::Value::Number(number)) => Some((number.to_string(), line)),
            Some(other) => return Err(format!("{key}: {other} is neither a count nor a text")),
            None => None,
        };
    }
    Ok(())
}

const KEYS: [&str; 8] = [
    "shard",
    "problem",
    "solutions",
    "nodes",
    "updates",
    "mems",
    "guesses",
    "check",
];

impl ShardCounts {
    /// The `check` of these counters.
    pub fn check(&self) -> String {
        fingerprint(&format!(
            "{}\n{}\n{}\n{}\n{}\n{}\n{}",
            self.shard,
            self.problem,
            self.solutions,
            self.nodes,
            self.updates,
            self.mems,
            self.guesses
        ))
    }

    /// The counters as a shard's output writes them (the `key: value` lines, `check` last).
    pub fn to_text(&self) -> String {
        format!(
            "shard: {}\nproblem: {}\nsolutions: {}\nnodes: {}\nupdates: {}\nmems: {}\nguesses: {}\ncheck: {}\n",
            self.shard,
            self.problem,
            self.solutions,
            self.nodes,
            self.updates,
            self.mems,
            self.guesses,
            self.check()
        )
    }

    /// The counters as the fields of a shard's JSON output, `check` included.
    pub fn to_json(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut map = serde_json::Map::new();
        map.insert("shard".into(), self.shard.to_string().into());
        map.insert("problem".into(), self.problem.clone().into());
        let solutions = match u64::try_from(self.solutions) {
            Ok(small) => serde_json::Value::from(small),
            Err(_) => serde_json::Value::from(self.solutions.to_string()),
        };
        map.insert("solutions".into(), solutions);
        for (key, value) in [
            ("nodes", self.nodes),
            ("updates", self.updates),
            ("mems", self.mems),
            ("guesses", self.guesses),
        ] {
            map.insert(key.into(), value.into());
        }
        map.insert("check".into(), self.check().into());
        map
    }

    /// Reads a shard's output; `name` names it in errors (see the module docs).
    pub fn read(input: impl BufRead, name: &str) -> Result<ShardCounts> {
        let refuse = |line: Option<u64>, why: String| {
            let at = line.map_or(String::new(), |l| format!(", line {l}"));
            Error::BadFile {
                file: format!("{name}{at}"),
                message: why,
            }
        };
        let mut lines = Lines::new(input, MAX_RUN_FILE_LINE);
        let mut values: [Option<(String, u64)>; 8] = Default::default();
        loop {
            let read = lines.next_line().map_err(|error| Error::Io {
                path: name.to_string(),
                error,
            })?;
            let number = lines.number();
            match read {
                Line::End => break,
                Line::TooLong => {
                    return Err(refuse(
                        Some(number),
                        format!("line longer than {MAX_RUN_FILE_LINE} bytes: not a shard's output"),
                    ))
                }
                Line::Read => {}
            }
            let text = String::from_utf8_lossy(lines.bytes());
            if text.trim_start().starts_with('{') {
                json_fields(&text, number, &mut values).map_err(|why| refuse(Some(number), why))?;
                break;
            }
            let Some((key, value)) = text.split_once(": ") else {
                continue;
            };
            if key == "stopped" {
                return Err(refuse(
                    Some(number),
                    format!(
                        "this shard was stopped ({}) before it finished: its counts are lower \
                         bounds; run it again",
                        value.split(';').next().unwrap_or(value)
                    ),
                ));
            }
            let Some(slot) = KEYS.iter().position(|&k| k == key) else {
                continue;
            };
            if let Some((_, first)) = &values[slot] {
                return Err(refuse(
                    Some(number),
                    format!("{key} appears twice (first on line {first})"),
                ));
            }
            values[slot] = Some((value.trim().to_string(), number));
        }
        let field = |slot: usize| -> Result<(&str, u64)> {
            match &values[slot] {
                Some((value, line)) => Ok((value.as_str(), *line)),
                None => Err(refuse(
                    None,
                    format!(
                        "no {} counter: not the output of a --shard count, or cut short",
                        KEYS[slot]
                    ),
                )),
            }
        };
        let number = |slot: usize| -> Result<u128> {
            let (value, line) = field(slot)?;
            value.parse::<u128>().map_err(|_| {
                refuse(
                    Some(line),
                    format!("{}: {value:?} is not a count", KEYS[slot]),
                )
            })
        };
        let small = |slot: usize| -> Result<u64> {
            let value = number(slot)?;
            u64::try_from(value).map_err(|_| {
                let line = field(slot).map(|(_, l)| l).ok();
                refuse(line, format!("{}: {value} is past 64 bits", KEYS[slot]))
            })
        };
        let (shard_text, shard_line) = field(0)?;
        let shard = shard_text
            .parse::<Shard>()
            .map_err(|e| refuse(Some(shard_line), e.to_string()))?;
        let counts = ShardCounts {
            shard,
            problem: field(1)?.0.to_string(),
            solutions: number(2)?,
            nodes: small(3)?,
            updates: small(4)?,
            mems: small(5)?,
            guesses: small(6)?,
        };
        let (check, check_line) = field(7)?;
        if check != counts.check() {
            return Err(refuse(
                Some(check_line),
                "the counters do not match their check line: edited or damaged since the \
                 shard wrote them"
                    .into(),
            ));
        }
        Ok(counts)
    }

    /// The sum of `shards` (named by `names` in errors): refused unless they are every shard
    /// 1..N of one problem exactly once, or when a sum passes 64 bits (128 for solutions).
    pub fn sum(shards: &[ShardCounts], names: &[&str]) -> Result<Sum> {
        let refuse = |why: String| Err(Error::Refused(why));
        let Some(first) = shards.first() else {
            return refuse("name the shard output files to merge".into());
        };
        for (counts, &name) in shards.iter().zip(names) {
            if counts.problem != first.problem || counts.shard.count != first.shard.count {
                return refuse(format!(
                    "{name} is shard {} of another problem or split than {} (shard {})",
                    counts.shard, names[0], first.shard
                ));
            }
        }
        crate::shard::check_every_shard_once(
            shards
                .iter()
                .zip(names)
                .map(|(counts, &name)| (counts.shard, name)),
        )?;
        let overflow = |what: &str| {
            Error::Overflow(format!(
                "the shards' {what} sum past what a counter holds: a file was edited, or the \
                 count is beyond this tool"
            ))
        };
        let mut total = ShardCounts {
            shard: Shard::WHOLE,
            problem: first.problem.clone(),
            solutions: 0,
            nodes: 0,
            updates: 0,
            mems: 0,
            guesses: 0,
        };
        for counts in shards {
            let add = |a: u64, b: u64, what: &str| a.checked_add(b).ok_or_else(|| overflow(what));
            total.solutions = total
                .solutions
                .checked_add(counts.solutions)
                .ok_or_else(|| overflow("solutions"))?;
            total.nodes = add(total.nodes, counts.nodes, "nodes")?;
            total.updates = add(total.updates, counts.updates, "updates")?;
            total.mems = add(total.mems, counts.mems, "mems")?;
            total.guesses = add(total.guesses, counts.guesses, "guesses")?;
        }
        Ok(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(index: usize, nodes: u64) -> ShardCounts {
        ShardCounts {
            shard: Shard { index, count: 2 },
            problem: "abc".into(),
            solutions: 1,
            nodes,
            updates: 2,
            mems: 3,
            guesses: 4,
        }
    }

    fn read(text: &str) -> Result<ShardCounts> {
        ShardCounts::read(text.as_bytes(), "f.txt")
    }

    #[test]
    fn edited_missing_repeated_and_unreadable_counters_are_refused() {
        let text = part(1, 5).to_text();
        assert_eq!(read(&text).unwrap(), part(1, 5));
        let cases = [
            (
                text.replace("nodes: 5", "nodes: 6"),
                "f.txt, line 8: the counters do not match their check line",
            ),
            (text.replace("mems: 3\n", ""), "f.txt: no mems counter"),
            (
                text.replace("nodes: 5", "nodes: five"),
                "f.txt, line 4: nodes: \"five\" is not a count",
            ),
            (
                format!("{text}nodes: 5\n"),
                "f.txt, line 9: nodes appears twice (first on line 4)",
            ),
            (
                text.replace("nodes: 5", "nodes: 18446744073709551616"),
                "f.txt, line 4: nodes: 18446744073709551616 is past 64 bits",
            ),
            (
                text.replace("check: ", "check: 0"),
                "do not match their check line",
            ),
        ];
        for (text, message) in cases {
            let error = read(&text).unwrap_err().to_string();
            assert!(error.contains(message), "{message:?} not in {error:?}");
        }
        let stopped =
            format!("stopped: time limit reached; every count below is a lower bound\n{text}");
        let error = read(&stopped).unwrap_err().to_string();
        assert!(
            error.contains("f.txt, line 1: this shard was stopped (time limit reached)"),
            "{error}"
        );
        let zeros = std::io::BufReader::new(std::io::Read::take(std::io::repeat(0), 1 << 24));
        let error = ShardCounts::read(zeros, "/dev/zero")
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("/dev/zero, line 1: line longer than"),
            "{error}"
        );
    }

    #[test]
    fn sums_past_64_bits_are_refused() {
        let total = ShardCounts::sum(&[part(1, 5), part(2, 7)], &["a", "b"]).unwrap();
        assert_eq!(total.nodes, 12);
        let error = ShardCounts::sum(&[part(1, u64::MAX), part(2, 1)], &["a", "b"])
            .unwrap_err()
            .to_string();
        assert!(error.contains("the shards' nodes sum past"), "{error}");
        let error = ShardCounts::sum(&[part(1, 1)], &["a"])
            .unwrap_err()
            .to_string();
        assert_eq!(error, "missing shards: 2/2");
    }
}
