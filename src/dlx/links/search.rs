//! The MRV choice and the iterative search loop (Knuth's steps X2 to X8).

use super::{Branching, Dlx, Tally, COVERED};
use crate::exact_cover::observe::{SearchObserver, Unobserved};
use crate::exact_cover::{Control, SearchStats, SolutionLimit};
use crate::solver::Limits;

/// The first position in `lens` whose length `matches`, sixteen lengths at a time: the
/// comparisons of a block compile to a few vector instructions and one branch.
#[inline(always)]
fn first_matching(lens: &[u32], matches: impl Fn(u32) -> bool) -> Option<usize> {
    const BLOCK: usize = 16;
    let mut blocks = lens.chunks_exact(BLOCK);
    for (k, block) in blocks.by_ref().enumerate() {
        let mut mask = 0u32;
        for (j, &len) in block.iter().enumerate() {
            mask |= u32::from(matches(len)) << j;
        }
        if mask != 0 {
            return Some(k * BLOCK + mask.trailing_zeros() as usize);
        }
    }
    let rest = blocks.remainder();
    let start = lens.len() - rest.len();
    rest.iter().position(|&len| matches(len)).map(|p| start + p)
}

/// The first position of a length at most 1 in `lens` (covered items, with their high
/// bit, never match).
#[inline]
pub(in crate::dlx) fn first_at_most_one(lens: &[u32]) -> Option<usize> {
    first_matching(lens, |len| len <= 1)
}

/// The first position of `value` in `lens`.
#[inline]
pub(in crate::dlx) fn first_equal(lens: &[u32], value: u32) -> Option<usize> {
    first_matching(lens, |len| len == value)
}

impl Dlx {
    /// MRV: the active primary item with the fewest options, leftmost on ties (or random
    /// among ties with a seed). The scan stops early at an item of length 0, or of length
    /// at most 1 under [`Branching::ForcedFirst`]. Counts the active items it looks at.
    ///
    /// The scan reads `lens` in item order rather than walking the item list (same order,
    /// same choices, same node counts). Measured with `sudolab bench --solvers dlx
    /// --threads 1`, interleaved runs: top1465 mean 177 -> 147 us, 17-clue (5,000 sampled)
    /// 42 -> 35 us, forum hardest 1905 (2,000 sampled) 643 -> 558 us; 6x10 pentominoes and
    /// 12-queens unchanged.
    ///
    /// Tried and dropped: a bitset of the uncovered items of length at most 1, kept by hide
    /// and unhide, so that the forced-first choice is a bit scan (the same item, the same
    /// nodes). The scan it saves is cheaper than the bookkeeping on every hidden node:
    /// 17-clue 22.7 -> 24.4 us, top1465 107 -> 130, forum hardest 1106 875 -> 1,113.
    /// Also dropped: the scan eight lengths at a time (a branch-free block minimum, then the
    /// first winner in a block that beats the best), portable and compiled for AVX2 with
    /// run-time detection: the same choices, 4-8% slower (17-clue 23.1 -> 24.2 us, forum
    /// hardest 1106 872 -> 930): a block minimum does more work than a scan that stops at
    /// the first forced item.
    ///
    /// Kept: under [`Branching::ForcedFirst`], a first pass that only looks for that forced
    /// item, sixteen lengths at a time ([`first_at_most_one`]: a compare and a mask per
    /// block, no minimum), and the one-by-one minimum scan only when no item is forced
    /// (about one node in twenty on the hardest corpora). The same choices and nodes;
    /// `compare.sh -s dlx`, interleaved with the one-by-one scan: forum hardest 1106
    /// 872-888 -> 810-832 us, top1465 106-108 -> 100-103, 17-clue 24.3-24.8 -> 22.5-23.8.
    /// When no item is forced, the minimum of the whole list and then its first item,
    /// both a block at a time (same choice): forum hardest 1106 827-871 -> 806-818 us,
    /// top1465 104-107 -> 101-107, interleaved runs.
    /// Tried with it and dropped: options of one width (Sudoku's four) hidden by a
    /// branch-free index computation instead of the loop that wraps at the spacer (forum
    /// hardest 861 -> 890 us: the spacer branch predicts well, all nodes of one item's list
    /// sit at the same place in their options).
    ///
    /// Under DLX1's rule without a seed, though, the choice walks the item list as DLX1
    /// does, visiting only the active items: on dominoes 8x8 (64 items, most covered deep
    /// in the tree, 37 million levels) the walk took `cover` from 2.53 to 1.61 s, against
    /// 1.63 s for DLX1 in the same run; 13 queens, Langford 12 and pentominoes 6x10 were
    /// unchanged (0.147, 0.421 and 5.32 s).
    #[inline]
    pub(super) fn choose(&mut self, rng: &mut u64) -> u32 {
        match self.branching {
            Branching::MinimumLength => self.choose_stopping_at::<0, false>(rng),
            Branching::ForcedFirst => self.choose_stopping_at::<1, false>(rng),
        }
    }

    /// [`Dlx::choose`] with the early stop fixed at compile time, counting the items
    /// scanned (for the mems) when `MEMS`.
    #[inline]
    pub(super) fn choose_stopping_at<const STOP: u32, const MEMS: bool>(
        &mut self,
        rng: &mut u64,
    ) -> u32 {
        let lens = &self.lens[1..=self.primary as usize];
        if STOP == 1 {
            if let Some(p) = first_at_most_one(lens) {
                if MEMS {
                    let scanned = lens[..=p].iter().filter(|&&len| len < COVERED).count();
                    self.tally.scanned += scanned as u64;
                }
                return p as u32 + 1;
            }
            if self.seed.is_none() {
                // No forced item: the whole list is scanned anyway, so take its minimum
                // and then the first item of that length, both a block at a time.
                let minimum = lens.iter().copied().min().unwrap_or(COVERED);
                if minimum < COVERED {
                    if MEMS {
                        self.tally.scanned += u64::from(self.active);
                    }
                    return first_equal(lens, minimum).map_or(0, |p| p as u32 + 1);
                }
            }
        }
        if STOP == 0 && self.seed.is_none() {
            // DLX1's walk of the item list.
            let mut best = 0;
            let mut best_len = u32::MAX;
            let mut scanned = 0u64;
            let mut p = self.item(0).right;
            while p != 0 {
                let len = self.len(p);
                scanned += 1;
                if len < best_len {
                    best_len = len;
                    best = p;
                    if len == 0 {
                        break;
                    }
                }
                p = self.item(p).right;
            }
            if MEMS {
                self.tally.scanned += scanned;
            }
            return best;
        }
        let mut best = 0;
        let mut best_len = COVERED;
        let mut ties = 0u64;
        let mut end = lens.len();
        for (p, &len) in lens.iter().enumerate() {
            if len < best_len {
                best_len = len;
                best = p as u32 + 1;
                ties = 1;
                if len <= STOP {
                    end = p + 1;
                    break;
                }
            } else if len == best_len && best != 0 && self.seed.is_some() {
                // Reservoir sampling: the k-th tie replaces the choice with probability 1/k.
                ties += 1;
                *rng ^= *rng << 13;
                *rng ^= *rng >> 7;
                *rng ^= *rng << 17;
                if rng.is_multiple_of(ties) {
                    best = p as u32 + 1;
                }
            }
        }
        // The active items the scan looked at, for the mems (DLX1 walks only those): all of
        // them after a full scan, else counted after an early stop. (Counting inside the
        // scan costs dominoes 6x6 a fifth more instructions.)
        if !MEMS {
            return best;
        }
        let scanned = if end == lens.len() {
            self.active as usize
        } else {
            lens[..end].iter().filter(|&&len| len < COVERED).count()
        };
        self.tally.scanned += scanned as u64;
        best
    }

    /// Runs Algorithm X, calling `visit` with the chosen option nodes of every solution
    /// (map them with [`Dlx::option_of`]). Returns the counters. The structure is restored
    /// afterwards, so a `Dlx` can be searched again.
    pub fn search<F>(&mut self, visit: F) -> SearchStats
    where
        F: FnMut(&Dlx, &[u32]) -> Control,
    {
        self.search_within(&Limits::NONE, visit)
    }

    /// [`Dlx::search`], stopping early when `limits` say so ([`SearchStats::stopped`]
    /// says why; the structure is restored all the same).
    pub fn search_within<F>(&mut self, limits: &Limits, visit: F) -> SearchStats
    where
        F: FnMut(&Dlx, &[u32]) -> Control,
    {
        if self.has_multiplicities() {
            return self.search_multiple(limits, visit);
        }
        self.search_to_depth(limits, true, usize::MAX, &mut |_| {}, Unobserved, visit)
    }

    /// [`Dlx::search_within`], reporting every event of the search to `observer` (see
    /// [`observe`](crate::exact_cover::observe)). Not for problems with multiplicities.
    pub fn search_observed<F>(
        &mut self,
        limits: &Limits,
        observer: &mut dyn SearchObserver,
        visit: F,
    ) -> Result<SearchStats, crate::Error>
    where
        F: FnMut(&Dlx, &[u32]) -> Control,
    {
        if self.has_multiplicities() {
            return Err(crate::Error::Refused(
                "the events of a search with multiplicities (Algorithm M) are not reported yet"
                    .into(),
            ));
        }
        Ok(self.search_to_depth(limits, true, usize::MAX, &mut |_| {}, observer, visit))
    }

    /// The search, descending at most to `cutoff` levels: each position reached at that
    /// depth (and not a solution) is handed to `at_cutoff` as the chosen option nodes, then
    /// left unexplored. Counters count exactly what the full search counts above the cutoff.
    pub(super) fn search_to_depth<O, F>(
        &mut self,
        limits: &Limits,
        from_root: bool,
        cutoff: usize,
        at_cutoff: &mut dyn FnMut(&[u32]),
        observer: O,
        visit: F,
    ) -> SearchStats
    where
        O: SearchObserver,
        F: FnMut(&Dlx, &[u32]) -> Control,
    {
        assert!(
            !self.has_multiplicities(),
            "splits and estimates of MCC problems are not implemented"
        );
        macro_rules! run {
            ($stop:literal, $mems:literal, $colours:literal) => {
                self.search_loop::<$stop, $mems, $colours, O, F>(
                    limits, from_root, cutoff, at_cutoff, observer, visit,
                )
            };
        }
        use Branching::{ForcedFirst, MinimumLength};
        match (self.branching, self.count_mems, self.coloured) {
            (MinimumLength, true, false) => run!(0, true, false),
            (MinimumLength, false, false) => run!(0, false, false),
            (ForcedFirst, true, false) => run!(1, true, false),
            (ForcedFirst, false, false) => run!(1, false, false),
            (MinimumLength, true, true) => run!(0, true, true),
            (MinimumLength, false, true) => run!(0, false, true),
            (ForcedFirst, true, true) => run!(1, true, true),
            (ForcedFirst, false, true) => run!(1, false, true),
        }
    }

    /// The search itself, for one branching rule (the scan's early stop at `STOP`), with
    /// or without the mems, with or without colours (Algorithm C or X).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_loop<
        const STOP: u32,
        const MEMS: bool,
        const COLOURS: bool,
        O: SearchObserver,
        F,
    >(
        &mut self,
        limits: &Limits,
        from_root: bool,
        cutoff: usize,
        at_cutoff: &mut dyn FnMut(&[u32]),
        mut observer: O,
        mut visit: F,
    ) -> SearchStats
    where
        F: FnMut(&Dlx, &[u32]) -> Control,
    {
        // Every report is behind this flag: with `Unobserved` it is a constant `false`.
        let watching = observer.is_watching();
        if watching && from_root {
            observer.node(0);
        }
        #[derive(Clone, Copy)]
        enum Step {
            Enter,
            Try,
            Retry,
            Backtrack,
            Leave,
        }
        let mut stats = SearchStats::default();
        self.tally = Tally::default();
        // The tally when the search was told to stop: DLX1 stops there, without undoing.
        let mut at_stop: Option<Tally> = None;
        if MEMS {
            // Kept up to date by cover and uncover during the search.
            let lens = &self.lens[1..=self.primary as usize];
            self.active = lens.iter().filter(|&&len| len < COVERED).count() as u32;
        }
        let mut rng = self.seed.unwrap_or(0) | 1;
        let mut chosen: Vec<u32> = Vec::with_capacity(self.primary as usize + 1);
        let mut i = 0u32;
        let mut stopping = false;
        let mut step = Step::Enter;
        loop {
            step = match step {
                // X2-X4: a solution, or choose an item, cover it, start on its first option.
                Step::Enter => {
                    if self.items[0].right == 0 {
                        stats.solutions += 1;
                        if watching {
                            observer.solution(chosen.len());
                        }
                        if visit(self, &chosen) == Control::Stop {
                            stopping = true;
                            at_stop = Some(self.tally);
                        }
                        Step::Leave
                    } else if chosen.len() == cutoff {
                        at_cutoff(&chosen);
                        Step::Leave
                    } else {
                        self.tally.levels += 1;
                        i = self.choose_stopping_at::<STOP, MEMS>(&mut rng);
                        if watching {
                            let options = self.len(i) as usize;
                            observer.choose(chosen.len(), i as usize, options);
                        }
                        self.cover::<MEMS, COLOURS>(i);
                        chosen.push(self.nodes[i as usize].down);
                        Step::Try
                    }
                }
                // X5: try option x_l, unless the list of i is exhausted.
                Step::Try => {
                    let x = *chosen.last().expect("a level is open");
                    if x == i || stopping {
                        Step::Backtrack
                    } else {
                        self.tally.tried += 1;
                        if watching {
                            let depth = chosen.len() - 1;
                            observer.try_option(depth, self.option_of(x));
                            observer.node(depth + 1);
                        }
                        if let Some(stop) = limits.check(self.tally.tried) {
                            stats.stopped = Some(stop);
                            stopping = true;
                            at_stop = Some(self.tally);
                            continue;
                        }
                        self.cover_others::<MEMS, COLOURS>(x);
                        Step::Enter
                    }
                }
                // X6: undo option x_l and move to the next one.
                Step::Retry => {
                    let x = *chosen.last().expect("a level is open");
                    self.uncover_others::<MEMS, COLOURS>(x);
                    self.tally.undone += 1;
                    i = self.nodes[x as usize].top as u32;
                    let next = self.nodes[x as usize].down;
                    *chosen.last_mut().expect("a level is open") = next;
                    if next != i && !stopping {
                        stats.guesses += 1;
                    }
                    Step::Try
                }
                // X7: every option of i tried.
                Step::Backtrack => {
                    if watching && !stopping {
                        observer.backtrack(chosen.len() - 1);
                    }
                    self.uncover::<MEMS, COLOURS>(i);
                    chosen.pop();
                    self.tally.backtracks += 1;
                    if !chosen.is_empty() {
                        self.tally.returns += 1;
                    }
                    Step::Leave
                }
                // X8: back to the level above, or done.
                Step::Leave => {
                    if chosen.is_empty() {
                        break;
                    }
                    Step::Retry
                }
            };
        }
        let tally = at_stop.unwrap_or(self.tally);
        stats.nodes = tally.tried + u64::from(from_root);
        stats.updates = tally.covers + tally.hidden_nodes;
        // A subtree below a prefix returns to the level above it at the end, as the full
        // search does there (2 mems).
        let subtree_return = if from_root { 0 } else { 2 };
        stats.mems = MEMS.then(|| tally.mems() + subtree_return);
        debug_assert_eq!(self.sanity(), Ok(()), "links restored after the search");
        stats
    }

    /// Counts solutions, stopping at `limit` (0 = count all).
    pub fn count(&mut self, limit: u64) -> SearchStats {
        let mut counter = SolutionLimit::new(limit);
        self.search(|_, _| counter.record())
    }
}
