//! The search over bitboards: the MRV count over live options, and a child's live set
//! computed from its parent's.

use super::{Bitboard, Frames};
use crate::exact_cover::{Control, SearchStats, SolutionLimit};
use crate::solver::Limits;

/// How a level ended: searched in full, or the search must stop (a limit, or the visitor).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Done,
    Halt,
}

/// The tables a search reads and never writes (split from the frames it writes, so that
/// both can be borrowed at once).
struct Tables<'a> {
    words: usize,
    primary_words: usize,
    rows: &'a [u64],
    kills: &'a [u32],
    kill_start: &'a [u32],
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
        let options = self.options();
        let tables = Tables {
            words: self.words,
            primary_words: self.primary_words,
            rows: &self.rows,
            kills: &self.kills,
            kill_start: &self.kill_start,
            covers: &self.covers,
            cover_start: &self.cover_start,
        };
        let frames = &mut self.frames;
        for (w, word) in frames.live[..tables.words].iter_mut().enumerate() {
            let first = w * 64;
            *word = match options.saturating_sub(first) {
                0 => 0,
                n if n >= 64 => u64::MAX,
                n => (1u64 << n) - 1,
            };
        }
        let mut nonzero = 0;
        for w in 0..tables.words {
            if frames.live[w] != 0 {
                frames.nonzero[nonzero] = w as u32;
                nonzero += 1;
            }
        }
        frames.nonzero_len[0] = nonzero as u32;
        let mut stats = SearchStats {
            nodes: 1,
            ..SearchStats::default()
        };
        if let Some(stop) = limits.check(1) {
            stats.stopped = Some(stop);
            return stats;
        }
        let mut search = Search {
            tables: &tables,
            frames,
            limits,
            stats: &mut stats,
            visit: &mut visit,
        };
        search.level(0);
        stats
    }
}

/// One search in progress.
struct Search<'a, 't, F> {
    tables: &'a Tables<'t>,
    frames: &'a mut Frames,
    limits: &'a Limits<'a>,
    stats: &'a mut SearchStats,
    visit: &'a mut F,
}

impl<F: FnMut(&[u32]) -> Control> Search<'_, '_, F> {
    /// Searches below level `depth`, whose frame is filled in.
    fn level(&mut self, depth: usize) -> Flow {
        let t = self.tables;
        let (words, primary_words) = (t.words, t.primary_words);
        let item = {
            let open = &self.frames.open[depth * primary_words..][..primary_words];
            let live = &self.frames.live[depth * words..][..words];
            let nonzero =
                &self.frames.nonzero[depth * words..][..self.frames.nonzero_len[depth] as usize];
            match fewest_options(t, open, live, nonzero) {
                Fewest::Solution => {
                    self.stats.solutions += 1;
                    return match (self.visit)(&self.frames.chosen[..depth]) {
                        Control::Continue => Flow::Done,
                        Control::Stop => Flow::Halt,
                    };
                }
                Fewest::DeadEnd => return Flow::Done,
                Fewest::Item(x) => x as usize,
            }
        };
        let count = self.frames.nonzero_len[depth] as usize;
        let mut first = true;
        for k in 0..count {
            let w = self.frames.nonzero[depth * words + k] as usize;
            let mut candidates = t.rows[item * words + w] & self.frames.live[depth * words + w];
            while candidates != 0 {
                let option = w * 64 + candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                if !first {
                    self.stats.guesses += 1;
                }
                first = false;
                self.stats.nodes += 1;
                if let Some(stop) = self.limits.check(self.stats.nodes) {
                    self.stats.stopped = Some(stop);
                    return Flow::Halt;
                }
                self.frames.chosen[depth] = option as u32;
                self.enter_child(depth, option);
                if self.level(depth + 1) == Flow::Halt {
                    return Flow::Halt;
                }
            }
        }
        Flow::Done
    }

    /// Fills level `depth + 1`'s frame: `depth`'s with `option` chosen.
    #[inline]
    fn enter_child(&mut self, depth: usize, option: usize) {
        let t = self.tables;
        let (words, primary_words) = (t.words, t.primary_words);
        let frames = &mut *self.frames;
        let (live_above, live_below) = frames.live.split_at_mut((depth + 1) * words);
        let live = &live_above[depth * words..];
        let child = &mut live_below[..words];
        let (nonzero_above, nonzero_below) = frames.nonzero.split_at_mut((depth + 1) * words);
        let nonzero = &nonzero_above[depth * words..][..frames.nonzero_len[depth] as usize];
        let child_nonzero = &mut nonzero_below[..words];
        let kills = &t.kills[t.kill_start[option] as usize..t.kill_start[option + 1] as usize];
        let mut kept = 0;
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
        frames.nonzero_len[depth + 1] = kept as u32;
        let (open_above, open_below) = frames.open.split_at_mut((depth + 1) * primary_words);
        let child_open = &mut open_below[..primary_words];
        child_open.copy_from_slice(&open_above[depth * primary_words..]);
        let covers = &t.covers[t.cover_start[option] as usize..t.cover_start[option + 1] as usize];
        for &x in covers {
            child_open[x as usize / 64] &= !(1 << (x % 64));
        }
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
#[inline]
fn fewest_options(t: &Tables, open: &[u64], live: &[u64], nonzero: &[u32]) -> Fewest {
    let words = t.words;
    let mut best = u32::MAX;
    let mut best_item = None;
    for (pw, &bits) in open.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let x = pw * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let row = &t.rows[x * words..][..words];
            let mut count = 0;
            for &w in nonzero {
                count += (row[w as usize] & live[w as usize]).count_ones();
                if count >= best {
                    break;
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
