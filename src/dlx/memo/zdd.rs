//! The ZDD of all solutions that memoized counting builds, and its text format.
//!
//! # The format
//!
//! Knuth's, as his DLX6 writes it (the format of his ZDDREAD programs), so that the two
//! can be read by the same tools: one node a line, `ID: (~OPTION?LO:HI)`, with `ID`, `LO`
//! and `HI` in hexadecimal and `OPTION` the option's number in decimal, counted from 1 in
//! input order. `0` is the empty family (no solution), `1` the family of the empty set (the
//! solution is complete). A node stands for the solutions that leave out `OPTION` (those of
//! `LO`) and those that take it (the options of `HI`'s solutions, plus `OPTION`). Nodes come
//! children first; the last line is a dummy root on option 0, `ROOT: (~0?0:TOP)`, whose `HI`
//! is the diagram's top node.
//!
//! Like DLX6's, the diagram is not ordered (an option may sit above options with smaller
//! numbers on one path and below them on another), but it is reduced in the ZDD sense: no
//! node has `HI = 0`, and every subproblem the memo kept has one node.
//!
//! ```
//! use sudolab::dlx::memo::Zdd;
//! // Solutions {1, 3} and {2}: node 2 takes option 3, node 3 option 1 (then 3), node 4
//! // option 2 or else node 3.
//! let text = "2: (~3?0:1)\n3: (~1?0:2)\n4: (~2?3:1)\n5: (~0?0:4)\n";
//! let zdd = Zdd::read(text.as_bytes(), "example")?;
//! assert_eq!(zdd.count(), 2);
//! assert_eq!(zdd.solutions(10), vec![vec![2], vec![1, 3]]);
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::io::{BufRead, Write};

use crate::error::{Error, Result};

/// The node standing for no solution.
pub const EMPTY: u32 = 0;
/// The node standing for the one empty solution.
pub const COMPLETE: u32 = 1;

/// A ZDD node: `option` (from 1; 0 for the dummy root), the node of the solutions without
/// it and the node of those with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    /// The option (from 1).
    pub option: u32,
    /// The solutions without it.
    pub lo: u32,
    /// The solutions with it (never [`EMPTY`]).
    pub hi: u32,
}

/// A ZDD of solutions: its nodes (numbered from 2) and its top node.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Zdd {
    nodes: Vec<Node>,
    top: u32,
}

impl Zdd {
    /// An empty diagram (its top is [`EMPTY`] until [`Zdd::set_top`]).
    pub fn new() -> Zdd {
        Zdd::default()
    }

    /// Adds a node (its children added before it) and returns its number.
    pub fn add(&mut self, option: u32, lo: u32, hi: u32) -> u32 {
        debug_assert!(hi != EMPTY && lo < self.next() && hi < self.next());
        self.nodes.push(Node { option, lo, hi });
        self.next() - 1
    }

    fn next(&self) -> u32 {
        self.nodes.len() as u32 + 2
    }

    /// Makes `top` the diagram's top node.
    pub fn set_top(&mut self, top: u32) {
        self.top = top;
    }

    /// The top node.
    pub fn top(&self) -> u32 {
        self.top
    }

    /// The number of nodes (terminals and the dummy root excluded).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether there are no nodes.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The bytes its nodes take.
    pub fn bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
    }

    /// Node `id` (from 2).
    pub fn node(&self, id: u32) -> Node {
        self.nodes[id as usize - 2]
    }

    /// Writes the diagram in the text format of the module docs.
    pub fn write(&self, out: &mut dyn Write) -> std::io::Result<()> {
        for (k, node) in self.nodes.iter().enumerate() {
            writeln!(
                out,
                "{:x}: (~{}?{:x}:{:x})",
                k + 2,
                node.option,
                node.lo,
                node.hi
            )?;
        }
        writeln!(out, "{:x}: (~0?0:{:x})", self.next(), self.top)
    }

    /// Reads a diagram in the text format (`source` names it in errors). Every line must be
    /// a node whose children come before it, and the last one the dummy root.
    pub fn read(reader: impl BufRead, source: &str) -> Result<Zdd> {
        let bad = |line: usize, message: String| Error::BadFile {
            file: source.to_string(),
            message: format!("line {line}: {message}"),
        };
        let mut zdd = Zdd::new();
        let mut root = None;
        for (k, line) in reader.lines().enumerate() {
            let number = k + 1;
            let line = line.map_err(|error| Error::Io {
                path: source.to_string(),
                error,
            })?;
            if line.trim().is_empty() {
                continue;
            }
            if root.is_some() {
                return Err(bad(number, "a node after the root (option 0)".into()));
            }
            let (id, node) = parse_node(&line).ok_or_else(|| {
                bad(
                    number,
                    format!("{line:?} is not a node `ID: (~OPTION?LO:HI)`"),
                )
            })?;
            if id != zdd.next() {
                return Err(bad(
                    number,
                    format!("node {id:x} where {:x} was due", zdd.next()),
                ));
            }
            if node.lo >= id || node.hi >= id {
                return Err(bad(number, "a child that is not an earlier node".into()));
            }
            if node.option == 0 {
                root = Some(node.hi);
            } else if node.hi == EMPTY {
                return Err(bad(number, "HI is 0 (the diagram is not reduced)".into()));
            } else {
                zdd.nodes.push(node);
            }
        }
        zdd.top = root.ok_or_else(|| Error::BadFile {
            file: source.to_string(),
            message: "no root line (option 0) at the end".into(),
        })?;
        Ok(zdd)
    }

    /// The number of solutions (paths from the top to [`COMPLETE`]), saturating.
    pub fn count(&self) -> u128 {
        let mut paths = vec![0u128, 1];
        for node in &self.nodes {
            let count = paths[node.lo as usize].saturating_add(paths[node.hi as usize]);
            paths.push(count);
        }
        paths[self.top as usize]
    }

    /// Up to `limit` solutions, each its options (from 1) in increasing order, the solutions
    /// in the order of the diagram (HI before LO).
    pub fn solutions(&self, limit: usize) -> Vec<Vec<u32>> {
        let mut found = Vec::new();
        let mut path = Vec::new();
        self.collect(self.top, &mut path, &mut found, limit);
        found
    }

    fn collect(&self, id: u32, path: &mut Vec<u32>, found: &mut Vec<Vec<u32>>, limit: usize) {
        if found.len() >= limit || id == EMPTY {
            return;
        }
        if id == COMPLETE {
            let mut solution = path.clone();
            solution.sort_unstable();
            found.push(solution);
            return;
        }
        let node = self.node(id);
        path.push(node.option);
        self.collect(node.hi, path, found, limit);
        path.pop();
        self.collect(node.lo, path, found, limit);
    }
}

/// `ID: (~OPTION?LO:HI)`.
fn parse_node(line: &str) -> Option<(u32, Node)> {
    let (id, rest) = line.trim().split_once(':')?;
    let rest = rest.trim().strip_prefix("(~")?.strip_suffix(')')?;
    let (option, rest) = rest.split_once('?')?;
    let (lo, hi) = rest.split_once(':')?;
    Some((
        u32::from_str_radix(id.trim(), 16).ok()?,
        Node {
            option: option.parse().ok()?,
            lo: u32::from_str_radix(lo, 16).ok()?,
            hi: u32::from_str_radix(hi, 16).ok()?,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_diagrams_read_back() {
        let mut zdd = Zdd::new();
        let a = zdd.add(3, EMPTY, COMPLETE);
        let b = zdd.add(1, EMPTY, a);
        let c = zdd.add(2, b, COMPLETE);
        zdd.set_top(c);
        let mut text = Vec::new();
        zdd.write(&mut text).unwrap();
        let back = Zdd::read(text.as_slice(), "t").unwrap();
        assert_eq!(back, zdd);
        assert_eq!(back.count(), 2);
    }

    #[test]
    fn malformed_diagrams_are_refused_with_their_line() {
        for (text, says) in [
            ("2: (~3?0:1)\n", "no root line"),
            (
                "2: (~3?0:1)\n4: (~0?0:2)\n",
                "line 2: node 4 where 3 was due",
            ),
            ("2: (~3?0:5)\n", "line 1: a child"),
            ("2: (~3?1:0)\n", "line 1: HI is 0"),
            ("2: (~3?0:1\n", "line 1: \"2: (~3?0:1\" is not a node"),
            (
                "2: (~0?0:1)\n3: (~1?0:1)\n",
                "line 2: a node after the root",
            ),
        ] {
            let error = Zdd::read(text.as_bytes(), "t").unwrap_err().to_string();
            assert!(error.contains(says), "{text:?}: {error}");
        }
    }
}
