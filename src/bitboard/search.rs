//! The search over bitboards: the MRV count over live options, and a child's live set
//! computed from its parent's.

use super::{Bitboard, Frames};
use crate::exact_cover::{Control, SearchStats, SolutionLimit};
use crate::solver::Limits;

/// The tables a search reads and never writes (split from the frames it writes, so that
/// both can be borrowed at once).
struct Tables<'a> {
    words: usize,
    primary_words: usize,
    rows: &'a [u64],
    kills: &'a [u32],
    kill_start: &'a [u32],
    clashes: &'a [u64],
    covers: &'a [u32],
    cover_start: &'a [u32],
}

impl Bitboard {
    /// Counts solutions, stopping at the `limit`-th (0: count them all).
    pub fn count(&mut self, limit: u64) -> SearchStats {
        let mut counter = SolutionLimit::new(limit);
        self.search(&Limits::NONE, |_| counter.record())
    }

    /// Searches within `limits`, calling `visit` with the options of each solution
    /// (numbered from 0 in input order, in the order the levels chose them).
    pub fn search<F>(&mut self, limits: &Limits, mut visit: F) -> SearchStats
    where
        F: FnMut(&[u32]) -> Control,
    {
        if !self.bounds.is_empty() {
            return self.search_multiple(limits, &mut visit);
        }
        let mut frames = std::mem::take(&mut self.frames);
        self.fill_all_options(&mut frames.live);
        let mut nonzero = 0;
        for w in 0..self.words {
            if frames.live[w] != 0 {
                frames.nonzero[nonzero] = w as u32;
                nonzero += 1;
            }
        }
        frames.nonzero_len[0] = nonzero as u32;
        let mut stats = root_stats(limits);
        if stats.stopped.is_none() {
            let tables = Tables {
                words: self.words,
                primary_words: self.primary_words,
                rows: &self.rows,
                kills: &self.kills,
                kill_start: &self.kill_start,
                clashes: &self.clashes,
                covers: &self.covers,
                cover_start: &self.cover_start,
            };
            with_fast_instructions(&tables, &mut frames, limits, &mut stats, &mut visit);
        }
        self.frames = frames;
        stats
    }
}

/// The counters of a search that has entered its root (one node), stopped there if
/// `limits` say so.
pub(super) fn root_stats(limits: &Limits) -> SearchStats {
    SearchStats {
        nodes: 1,
        stopped: limits.check(1),
        ..SearchStats::default()
    }
}

/// Runs the search compiled for processors with POPCNT, BMI1 and BMI2 when this one has
/// them (detected at run time: `popcnt` counts a word's options in one instruction, `tzcnt`
/// and `blsr` walk them), compiled for the x86-64 baseline otherwise. Measured, pentominoes
/// 6x10 counted in full, one run each (before the clash sets): 1.40 s -> 1.08 s; q13 did
/// not change (three words: the counting is not what it waits for).
#[inline(always)]
fn with_fast_instructions<F: FnMut(&[u32]) -> Control>(
    t: &Tables,
    frames: &mut Frames,
    limits: &Limits,
    stats: &mut SearchStats,
    visit: &mut F,
) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
    {
        // SAFETY: every feature the function is compiled for was detected on this
        // processor just now.
        unsafe { run_fast(t, frames, limits, stats, visit) };
        return;
    }
    run_sized(t, frames, limits, stats, visit);
}

/// [`run`], inlined here and so compiled for the features listed.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
fn run_fast<F: FnMut(&[u32]) -> Control>(
    t: &Tables,
    frames: &mut Frames,
    limits: &Limits,
    stats: &mut SearchStats,
    visit: &mut F,
) {
    run_sized(t, frames, limits, stats, visit);
}

/// [`run`] with the number of words fixed at compile time when it is small (the loops over
/// words unrolled, no list of nonzero words), as a parameter otherwise.
#[inline(always)]
fn run_sized<F: FnMut(&[u32]) -> Control>(
    t: &Tables,
    frames: &mut Frames,
    limits: &Limits,
    stats: &mut SearchStats,
    visit: &mut F,
) {
    let small = !t.clashes.is_empty();
    match t.words {
        1 if small => run::<1, F>(t, frames, limits, stats, visit),
        2 if small => run::<2, F>(t, frames, limits, stats, visit),
        3 if small => run::<3, F>(t, frames, limits, stats, visit),
        4 if small => run::<4, F>(t, frames, limits, stats, visit),
        _ => run::<0, F>(t, frames, limits, stats, visit),
    }
}

/// A level's place in its item's live options: the item, the index in the level's
/// `nonzero` list of the word being read, and that word's options not yet tried.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Cursor {
    item: u32,
    word: u32,
    untried: u64,
    tried: bool,
}

/// The steps of the search.
#[derive(Clone, Copy)]
enum Step {
    /// Enter a new level: choose its item, or record a solution.
    Forward,
    /// Take the level's next untried option, or back up.
    Advance,
}

/// The search (see the module docs), inlined into each of the two compiled copies below.
#[inline(always)]
fn run<const W: usize, F: FnMut(&[u32]) -> Control>(
    t: &Tables,
    frames: &mut Frames,
    limits: &Limits,
    stats: &mut SearchStats,
    visit: &mut F,
) {
    let (words, primary_words) = (t.words, t.primary_words);
    let mut depth = 0usize;
    let mut step = Step::Forward;
    loop {
        step = match step {
            Step::Forward => {
                let open = &frames.open[depth * primary_words..][..primary_words];
                let live = &frames.live[depth * words..][..words];
                let nonzero =
                    &frames.nonzero[depth * words..][..frames.nonzero_len[depth] as usize];
                match fewest_options::<W>(t, open, live, nonzero) {
                    Fewest::Solution => {
                        stats.solutions += 1;
                        if visit(&frames.chosen[..depth]) == Control::Stop {
                            return;
                        }
                        if depth == 0 {
                            return;
                        }
                        depth -= 1;
                        Step::Advance
                    }
                    Fewest::DeadEnd => {
                        if depth == 0 {
                            return;
                        }
                        depth -= 1;
                        Step::Advance
                    }
                    Fewest::Item(x) => {
                        let w = nonzero[0] as usize;
                        frames.cursors[depth] = Cursor {
                            item: x,
                            word: 0,
                            untried: t.rows[x as usize * words + w] & live[w],
                            tried: false,
                        };
                        Step::Advance
                    }
                }
            }
            Step::Advance => {
                let cursor = &mut frames.cursors[depth];
                let count = frames.nonzero_len[depth];
                while cursor.untried == 0 && cursor.word + 1 < count {
                    cursor.word += 1;
                    let w = frames.nonzero[depth * words + cursor.word as usize] as usize;
                    cursor.untried =
                        t.rows[cursor.item as usize * words + w] & frames.live[depth * words + w];
                }
                if cursor.untried == 0 {
                    if depth == 0 {
                        return;
                    }
                    depth -= 1;
                    Step::Advance
                } else {
                    let w = frames.nonzero[depth * words + cursor.word as usize] as usize;
                    let option = w * 64 + cursor.untried.trailing_zeros() as usize;
                    cursor.untried &= cursor.untried - 1;
                    if cursor.tried {
                        stats.guesses += 1;
                    }
                    cursor.tried = true;
                    stats.nodes += 1;
                    if let Some(stop) = limits.check(stats.nodes) {
                        stats.stopped = Some(stop);
                        return;
                    }
                    frames.chosen[depth] = option as u32;
                    enter_child::<W>(t, frames, depth, option);
                    depth += 1;
                    Step::Forward
                }
            }
        };
    }
}

/// Fills level `depth + 1`'s frame: level `depth`'s with `option` chosen.
#[inline(always)]
fn enter_child<const W: usize>(t: &Tables, frames: &mut Frames, depth: usize, option: usize) {
    let (words, primary_words) = (t.words, t.primary_words);
    let (live_above, live_below) = frames.live.split_at_mut((depth + 1) * words);
    let live = &live_above[depth * words..];
    let child = &mut live_below[..words];
    let (nonzero_above, nonzero_below) = frames.nonzero.split_at_mut((depth + 1) * words);
    let nonzero = &nonzero_above[depth * words..][..frames.nonzero_len[depth] as usize];
    let child_nonzero = &mut nonzero_below[..words];
    let kills = &t.kills[t.kill_start[option] as usize..t.kill_start[option + 1] as usize];
    let mut kept = 0;
    if t.clashes.is_empty() {
        for &w in nonzero {
            let w = w as usize;
            let mut word = live[w];
            for &row in kills {
                word &= !t.rows[row as usize * words + w];
            }
            child[w] = word;
            if word != 0 {
                child_nonzero[kept] = w as u32;
                kept += 1;
            }
        }
    } else if W != 0 {
        let clashes = &t.clashes[option * W..][..W];
        let live = &live[..W];
        let child = &mut child[..W];
        for w in 0..W {
            child[w] = live[w] & !clashes[w];
            child_nonzero[w] = w as u32;
        }
        kept = W;
    } else {
        let clashes = &t.clashes[option * words..][..words];
        for &w in nonzero {
            let w = w as usize;
            let word = live[w] & !clashes[w];
            child[w] = word;
            child_nonzero[kept] = w as u32;
            kept += (word != 0) as usize;
        }
    }
    frames.nonzero_len[depth + 1] = kept as u32;
    let (open_above, open_below) = frames.open.split_at_mut((depth + 1) * primary_words);
    let child_open = &mut open_below[..primary_words];
    child_open.copy_from_slice(&open_above[depth * primary_words..][..primary_words]);
    let covers = &t.covers[t.cover_start[option] as usize..t.cover_start[option + 1] as usize];
    for &x in covers {
        child_open[x as usize / 64] &= !(1 << (x % 64));
    }
}

/// What the MRV count found.
enum Fewest {
    /// No open primary item: a solution.
    Solution,
    /// An open primary item without live options.
    DeadEnd,
    /// The open primary item with the fewest live options (the first such).
    Item(u32),
}

/// The open primary item with the fewest live options. Counting an item stops as soon as
/// it reaches the best so far, so most items cost a word or two.
#[inline(always)]
fn fewest_options<const W: usize>(
    t: &Tables,
    open: &[u64],
    live: &[u64],
    nonzero: &[u32],
) -> Fewest {
    let words = t.words;
    let mut best = u32::MAX;
    let mut best_item = None;
    for (pw, &bits) in open.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let x = pw * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let mut count = 0;
            if W != 0 {
                let row = &t.rows[x * W..][..W];
                let live = &live[..W];
                for w in 0..W {
                    count += (row[w] & live[w]).count_ones();
                }
            } else {
                let row = &t.rows[x * words..][..words];
                for &w in nonzero {
                    count += (row[w as usize] & live[w as usize]).count_ones();
                    if count >= best {
                        break;
                    }
                }
            }
            if count < best {
                if count == 0 {
                    return Fewest::DeadEnd;
                }
                best = count;
                best_item = Some(x as u32);
            }
        }
    }
    match best_item {
        Some(x) => Fewest::Item(x),
        None => Fewest::Solution,
    }
}
