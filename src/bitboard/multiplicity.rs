//! Multiplicities on bitboards: each primary item `x` covered by `u..=v` chosen options
//! (Knuth's MCC, as his DLX3 reads it), searched as Algorithm M partitions the solutions,
//! on bit sets.
//!
//! # The partition
//!
//! At a node, take an open item `x` whose live options are `c_1 < c_2 < ... < c_m`. Every
//! solution below the node either uses none of them (the *null branch*, allowed once `x`
//! has its `u` options), or uses some, of which one is the first: branch `k` chooses `c_k`
//! and drops `c_1..c_(k-1)` for good. The branches are disjoint and cover every solution,
//! so each solution is counted once, whatever the order its options are found in. A branch
//! `k` with fewer than `need - 1` candidates after `c_k` cannot reach `u` and is not tried.
//!
//! # Frames
//!
//! One frame per level, as in the XCC search but for three fields:
//!
//! * `live`: the options still possible; at a branching level it also loses each
//!   candidate once tried, so a child is computed from it directly;
//! * `open`: the primary items not yet decided: an item closes when it reaches `v`
//!   options (its other options are cleared), when its null branch is taken, or when it
//!   has its `u` options and no live option is left;
//! * `taken`: options chosen so far for each primary item.
//!
//! Choosing an option clears, besides itself, the options that clash with it on a
//! secondary item (as in the XCC search) and, for each of its primary items that reaches
//! `v`, the rest of that item's options. The item branched on is the open one with the
//! fewest branches (`live options - need + 1`, where `need` is what `u` still asks for;
//! ties: the first in input order): for an item with bounds `(1, 1)` that is its number of
//! options, DLX1's choice.

use super::Bitboard;
use crate::exact_cover::{Control, SearchStats};
use crate::solver::Limits;

/// In `chosen`, a level that took the null branch.
const NULL_MOVE: u32 = u32::MAX;

/// A branching level's place: its item, the next candidate to try (an option number, or
/// `options` when the candidates are exhausted), and whether the null branch is still to
/// come.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Branch {
    item: u32,
    next: u32,
    null_pending: bool,
    tried: bool,
}

/// The per-level state of a search with multiplicities (see the module docs).
#[derive(Debug, Clone, Default)]
pub(super) struct MultiFrames {
    live: Vec<u64>,
    open: Vec<u64>,
    taken: Vec<u32>,
    branches: Vec<Branch>,
    chosen: Vec<u32>,
    solution: Vec<u32>,
}

impl MultiFrames {
    /// Frames for `levels` levels of a problem with the given sizes.
    pub(super) fn new(levels: usize, words: usize, primary: usize) -> MultiFrames {
        let primary_words = primary.div_ceil(64).max(1);
        MultiFrames {
            live: vec![0; levels * words],
            open: vec![0; levels * primary_words],
            taken: vec![0; levels * primary],
            branches: vec![Branch::default(); levels],
            chosen: vec![0; levels],
            solution: Vec::with_capacity(levels),
        }
    }
}

/// What the choice of an item found.
enum Decision {
    Solution,
    DeadEnd,
    Item { item: u32, need: u32 },
}

impl Bitboard {
    /// The deepest a search with multiplicities can go: each level chooses an option,
    /// which takes one of some primary item's `v`, or closes an item; so at most the sum of
    /// the `v`s (and the options) plus the items, plus the root.
    pub(super) fn multiplicity_levels(bounds: &[(u32, u32)], options: usize) -> usize {
        let takes: u64 = bounds.iter().map(|&(_, v)| u64::from(v)).sum();
        takes.min(options as u64) as usize + bounds.len() + 1
    }

    /// Fills the root's frame: every option live, every primary item open, none taken.
    fn fill_root(&self, frames: &mut MultiFrames) {
        let (primary_words, primary) = (self.primary_words, self.primary);
        self.fill_all_options(&mut frames.live);
        frames.open[..primary_words].fill(0);
        for x in 0..primary {
            frames.open[x / 64] |= 1 << (x % 64);
        }
        frames.taken[..primary].fill(0);
    }

    /// Counts (and lists) the solutions of a problem with multiplicities.
    pub(super) fn search_multiple<F>(&mut self, limits: &Limits, visit: &mut F) -> SearchStats
    where
        F: FnMut(&[u32]) -> Control,
    {
        let mut frames = std::mem::take(&mut self.multi);
        let stats = self.run_multiple(&mut frames, limits, visit);
        self.multi = frames;
        stats
    }

    fn run_multiple<F>(
        &self,
        frames: &mut MultiFrames,
        limits: &Limits,
        visit: &mut F,
    ) -> SearchStats
    where
        F: FnMut(&[u32]) -> Control,
    {
        let (words, primary_words, primary) = (self.words, self.primary_words, self.primary);
        let bounds = &self.bounds[..];
        let mut stats = super::search::root_stats(limits);
        if stats.stopped.is_some() {
            return stats;
        }
        self.fill_root(frames);
        let rows = &self.rows;
        let mut depth = 0usize;
        let mut fresh = true;
        loop {
            if fresh {
                match decide(rows, words, bounds, frames, depth) {
                    Decision::Solution => {
                        stats.solutions += 1;
                        frames.solution.clear();
                        let chosen = frames.chosen[..depth].iter();
                        frames.solution.extend(chosen.filter(|&&o| o != NULL_MOVE));
                        if visit(&frames.solution) == Control::Stop {
                            return stats;
                        }
                        if depth == 0 {
                            return stats;
                        }
                        depth -= 1;
                    }
                    Decision::DeadEnd => {
                        if depth == 0 {
                            return stats;
                        }
                        depth -= 1;
                    }
                    Decision::Item { item, need } => {
                        frames.branches[depth] = Branch {
                            item,
                            next: 0,
                            null_pending: need == 0,
                            tried: false,
                        };
                    }
                }
            }
            // Take the level's next branch, or back up.
            let live = &frames.live[depth * words..][..words];
            let branch = frames.branches[depth];
            let x = branch.item as usize;
            let row = &rows[x * words..][..words];
            let need = bounds[x]
                .0
                .saturating_sub(frames.taken[depth * primary + x]);
            let candidate = next_candidate(row, live, branch.next as usize);
            let viable = candidate.filter(|&c| {
                // After `c`, at least `need - 1` candidates must remain.
                need <= 1 || count_from(row, live, c + 1) + 1 >= need
            });
            let child = depth + 1;
            match viable {
                Some(option) => {
                    frames.branches[depth].next = option as u32 + 1;
                    frames.live[depth * words + option / 64] &= !(1 << (option % 64));
                    self.enter_with(frames, depth, option, bounds);
                    frames.chosen[depth] = option as u32;
                }
                None if branch.null_pending => {
                    frames.branches[depth].null_pending = false;
                    let (above, below) = frames.live.split_at_mut(child * words);
                    for w in 0..words {
                        below[w] = above[depth * words + w] & !row[w];
                    }
                    copy_level(frames, depth, primary_words, primary);
                    frames.open[child * primary_words + x / 64] &= !(1 << (x % 64));
                    // The null branch is a choice like the others, but of no option.
                    frames.chosen[depth] = NULL_MOVE;
                }
                None => {
                    if depth == 0 {
                        return stats;
                    }
                    depth -= 1;
                    fresh = false;
                    continue;
                }
            }
            if frames.branches[depth].tried {
                stats.guesses += 1;
            }
            frames.branches[depth].tried = true;
            stats.nodes += 1;
            if let Some(stop) = limits.check(stats.nodes) {
                stats.stopped = Some(stop);
                return stats;
            }
            depth = child;
            fresh = true;
        }
    }

    /// Fills level `depth + 1`'s frame: level `depth`'s (whose `live` has already lost
    /// `option`) with `option` chosen.
    fn enter_with(
        &self,
        frames: &mut MultiFrames,
        depth: usize,
        option: usize,
        bounds: &[(u32, u32)],
    ) {
        let (words, primary_words, primary) = (self.words, self.primary_words, self.primary);
        let child = depth + 1;
        let (above, below) = frames.live.split_at_mut(child * words);
        below[..words].copy_from_slice(&above[depth * words..][..words]);
        copy_level(frames, depth, primary_words, primary);
        let kills =
            &self.kills[self.kill_start[option] as usize..self.kill_start[option + 1] as usize];
        for &row in kills {
            let row = row as usize;
            let clear = if row < primary {
                let taken = &mut frames.taken[child * primary + row];
                *taken += 1;
                if *taken == bounds[row].1 {
                    frames.open[child * primary_words + row / 64] &= !(1 << (row % 64));
                    true
                } else {
                    false
                }
            } else {
                true
            };
            if clear {
                let cleared = &self.rows[row * words..][..words];
                for (word, &c) in frames.live[child * words..][..words]
                    .iter_mut()
                    .zip(cleared)
                {
                    *word &= !c;
                }
            }
        }
    }
}

/// Copies level `depth`'s `open` and `taken` into level `depth + 1`.
fn copy_level(frames: &mut MultiFrames, depth: usize, primary_words: usize, primary: usize) {
    let child = depth + 1;
    let (above, below) = frames.open.split_at_mut(child * primary_words);
    below[..primary_words].copy_from_slice(&above[depth * primary_words..][..primary_words]);
    let (above, below) = frames.taken.split_at_mut(child * primary);
    below[..primary].copy_from_slice(&above[depth * primary..][..primary]);
}

/// The first option at or after `from` in `row & live`.
fn next_candidate(row: &[u64], live: &[u64], from: usize) -> Option<usize> {
    let mut w = from / 64;
    if w >= row.len() {
        return None;
    }
    let mut bits = row[w] & live[w] & (u64::MAX << (from % 64));
    loop {
        if bits != 0 {
            return Some(w * 64 + bits.trailing_zeros() as usize);
        }
        w += 1;
        if w == row.len() {
            return None;
        }
        bits = row[w] & live[w];
    }
}

/// The number of options at or after `from` in `row & live`.
fn count_from(row: &[u64], live: &[u64], from: usize) -> u32 {
    let w = from / 64;
    if w >= row.len() {
        return 0;
    }
    let first = (row[w] & live[w] & (u64::MAX << (from % 64))).count_ones();
    first
        + row[w + 1..]
            .iter()
            .zip(&live[w + 1..])
            .map(|(r, l)| (r & l).count_ones())
            .sum::<u32>()
}

/// Chooses level `depth`'s item: closes the open items that are satisfied and have no live
/// option left, finds a dead end (an item with fewer live options than it needs), or the
/// open item with the fewest branches.
fn decide(
    rows: &[u64],
    words: usize,
    bounds: &[(u32, u32)],
    frames: &mut MultiFrames,
    depth: usize,
) -> Decision {
    let primary = bounds.len();
    let primary_words = primary.div_ceil(64).max(1);
    let live = &frames.live[depth * words..][..words];
    let taken = &frames.taken[depth * primary..][..primary];
    let open = &mut frames.open[depth * primary_words..][..primary_words];
    // (branches, item, need) of the best item so far.
    let mut best: Option<(u32, u32, u32)> = None;
    for (pw, open_word) in open.iter_mut().enumerate() {
        let mut bits = *open_word;
        while bits != 0 {
            let x = pw * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let row = &rows[x * words..][..words];
            let count: u32 = row
                .iter()
                .zip(live)
                .map(|(r, l)| (r & l).count_ones())
                .sum();
            let need = bounds[x].0.saturating_sub(taken[x]);
            if count < need {
                return Decision::DeadEnd;
            }
            if count == 0 {
                *open_word &= !(1 << (x % 64));
                continue;
            }
            let branches = count - need + 1;
            if best.is_none_or(|(b, _, _)| branches < b) {
                best = Some((branches, x as u32, need));
            }
        }
    }
    match best {
        Some((_, item, need)) => Decision::Item { item, need },
        None => Decision::Solution,
    }
}

/// What a memoized count found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemoCount {
    /// Solutions (a lower bound when stopped).
    pub count: u128,
    /// Nodes entered (the root, every branch taken).
    pub nodes: u64,
    /// Signatures stored.
    pub entries: u64,
    /// Lookups that found their signature.
    pub hits: u64,
    /// The table's largest size, in bytes.
    pub peak_bytes: u64,
    /// Whether the table reached its budget (the rest was counted by plain search).
    pub fell_back: bool,
    /// Why the count stopped early, if it did.
    pub stopped: Option<crate::solver::Stop>,
}

/// The deepest a memoized count recurses (a frame of the call stack per level).
const MEMO_MAX_LEVELS: usize = 20_000;

impl Bitboard {
    /// Whether [`Bitboard::count_memoized`] can count this problem: it has multiplicities
    /// and its search is at most 20,000 levels deep.
    pub fn can_memoize(&self) -> bool {
        !self.bounds.is_empty() && self.multi.branches.len() <= MEMO_MAX_LEVELS
    }

    /// Counts the solutions of a problem with multiplicities, each subproblem once: a
    /// node's signature is its live options, its open items and what each has taken, which
    /// fix everything below it; the count below a signature is stored within `budget`
    /// bytes and looked up when another path reaches it.
    ///
    /// # Panics
    ///
    /// If [`Bitboard::can_memoize`] is false.
    pub fn count_memoized(&mut self, limits: &Limits, budget: usize) -> MemoCount {
        assert!(
            self.can_memoize(),
            "count_memoized: no multiplicities, or too deep"
        );
        let (words, primary_words, primary) = (self.words, self.primary_words, self.primary);
        let width = words + primary_words + primary.div_ceil(2);
        let mut table = crate::exact_cover::memo_table::Table::new(width, budget, false);
        let mut frames = std::mem::take(&mut self.multi);
        self.fill_root(&mut frames);
        let mut keys = vec![0u64; frames.branches.len() * width];
        let mut report = MemoCount::default();
        let mut memo = MemoSearch {
            board: self,
            frames: &mut frames,
            table: &mut table,
            keys: &mut keys,
            width,
            limits,
            report: &mut report,
        };
        let count = memo.count_below(0);
        report.count = count;
        report.entries = table.len() as u64;
        report.hits = table.hits();
        report.peak_bytes = table.peak_bytes() as u64;
        report.fell_back = table.is_full();
        self.multi = frames;
        report
    }
}

/// A memoized count in progress.
struct MemoSearch<'a> {
    board: &'a Bitboard,
    frames: &'a mut MultiFrames,
    table: &'a mut crate::exact_cover::memo_table::Table,
    keys: &'a mut [u64],
    width: usize,
    limits: &'a Limits<'a>,
    report: &'a mut MemoCount,
}

impl MemoSearch<'_> {
    /// The solutions below level `depth`, whose frame is filled in.
    fn count_below(&mut self, depth: usize) -> u128 {
        use crate::exact_cover::memo_table::Found;
        self.report.nodes += 1;
        if self.report.stopped.is_some() {
            return 0;
        }
        if let Some(stop) = self.limits.check(self.report.nodes) {
            self.report.stopped = Some(stop);
            return 0;
        }
        let board = self.board;
        let (words, primary_words, primary) = (board.words, board.primary_words, board.primary);
        let bounds = &board.bounds[..];
        let (item, need) = match decide(&board.rows, words, bounds, self.frames, depth) {
            Decision::Solution => return 1,
            Decision::DeadEnd => return 0,
            Decision::Item { item, need } => (item as usize, need),
        };
        // The signature: live options, open items, and what each primary item has taken.
        let key = &mut self.keys[depth * self.width..][..self.width];
        key[..words].copy_from_slice(&self.frames.live[depth * words..][..words]);
        key[words..words + primary_words]
            .copy_from_slice(&self.frames.open[depth * primary_words..][..primary_words]);
        // (A closed item's count no longer matters: 0 in the signature.)
        let open = &self.frames.open[depth * primary_words..][..primary_words];
        let taken = &self.frames.taken[depth * primary..][..primary];
        let taken_if_open = |x: usize| u64::from(taken[x]) * (open[x / 64] >> (x % 64) & 1);
        for k in 0..primary.div_ceil(2) {
            let high = if 2 * k + 1 < primary {
                taken_if_open(2 * k + 1) << 32
            } else {
                0
            };
            key[words + primary_words + k] = taken_if_open(2 * k) | high;
        }
        if let Some(found) = self
            .table
            .get(&self.keys[depth * self.width..][..self.width])
        {
            return found.count;
        }
        let row = &board.rows[item * words..][..words];
        let mut count = 0u128;
        let mut from = 0;
        loop {
            let live = &self.frames.live[depth * words..][..words];
            let Some(option) = next_candidate(row, live, from) else {
                break;
            };
            if need > 1 && count_from(row, live, option + 1) + 1 < need {
                break;
            }
            from = option + 1;
            self.frames.live[depth * words + option / 64] &= !(1 << (option % 64));
            board.enter_with(self.frames, depth, option, bounds);
            count += self.count_below(depth + 1);
        }
        if need == 0 {
            let child = depth + 1;
            let (above, below) = self.frames.live.split_at_mut(child * words);
            for w in 0..words {
                below[w] = above[depth * words + w] & !row[w];
            }
            copy_level(self.frames, depth, primary_words, primary);
            self.frames.open[child * primary_words + item / 64] &= !(1 << (item % 64));
            count += self.count_below(child);
        }
        if self.report.stopped.is_none() {
            let key = &self.keys[depth * self.width..][..self.width];
            self.table.insert(key, Found { count, diagram: 0 });
        }
        count
    }
}
