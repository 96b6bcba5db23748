//! Multiplicities on dancing cells: Knuth's SSMCC (after Filip Stappers' extension of his
//! SSXCC-BINARY, 2023), for problems whose primary items are covered `u..=v` times (MCC).
//!
//! # State
//!
//! Besides the sets of the XCC search, each primary item has a `bound` (how many more
//! chosen options it may take: `v` at the root) and a `slack` (`v - u`); an item whose size
//! would drop below `bound - slack` cannot be covered. Primary items without options
//! whose `u` is 0, and secondary items without options, leave the active list before the
//! search (SSMCC's "optionless items invisible"); a primary item with fewer options than
//! its `u` makes the problem uncoverable (no search, no nodes).
//!
//! # The search
//!
//! Binary branching, in *stages* and *levels*: a node chooses an item and takes the first
//! option of its set. The left branch *includes* the option (a new stage and level): each
//! of its primary items loses one of its bound, and an item whose bound reaches 0 (or a
//! secondary item, purified to the option's colour) has its other options removed from
//! every set and leaves the active list. The right branch (same stage, next level)
//! *removes* the option instead, so the item is still to be covered by the rest of its
//! set. Before a branching node the sizes and bounds of every active item are saved, and
//! restored for the right branch. The item chosen is the active primary item of least
//! branching degree `size + min(slack, bound) - bound + 1`, ties to the smaller slack, the
//! larger size, then the first; items of degree 1 are *forced*: pushed on the forced stack
//! `bound - slack` times, and taken before anything else with no save (their right branch
//! cannot succeed).
//!
//! The counters are SSMCC's: `nodes` the nodes entered (solutions included), `updates`
//! the options swapped out of a set, and `mems` SSMCC's memory accesses, charged at the
//! accesses SSMCC charges. A search stopped early is charged what SSMCC spends up to the
//! stop.

use super::{Cells, Node};
use crate::exact_cover::{Control, SearchStats};
use crate::solver::Limits;

/// An include that would leave some primary item unable to reach its `u`.
struct Blocked;

/// The search's own state (kept in [`Cells`] between searches for the allocations).
#[derive(Debug, Clone, Default)]
pub(super) struct MultiState {
    /// Each primary item's remaining bound.
    bound: Vec<u32>,
    /// (item, size, bound) of the active items saved before each branching node.
    savestack: Vec<(u32, u32, u32)>,
    /// `savestack`'s height at each stage.
    saved: Vec<u32>,
    /// The level each stage is at.
    levelstage: Vec<u32>,
    /// Per level: the option node tried and the node's branching degree.
    choice: Vec<u32>,
    degree: Vec<u32>,
    /// The options of a solution, in stage order.
    solution: Vec<u32>,
}

/// The steps of the search (the labels of Knuth's program).
#[derive(Clone, Copy)]
enum Step {
    /// Enter a node: a forced move, a solution, or a branching item.
    Forward,
    /// Include the first option of the node's item (the left branch).
    Advance,
    /// Leave the stage: its saved sizes are no longer needed.
    PreBackup,
    /// Back to the stage above, at its current level.
    Backup,
    /// Remove that level's option instead (the right branch), unless it was forced.
    Purge,
}

/// What a node does.
enum Move {
    /// An item known to have `bound - slack` options: include them, no save.
    Forced(u32),
    /// No primary item active.
    Solution,
    /// Branch on this item, of this degree.
    Branch(u32, u32),
}

impl Cells {
    /// Primary item `i` (from 0) is covered `lower..=upper` times (`bounds[i]`); with any
    /// bound other than `(1, 1)` searches run SSMCC's algorithm.
    ///
    /// # Panics
    ///
    /// If there is not one pair per primary item, or some `lower > upper` or `upper == 0`.
    pub fn set_multiplicities(&mut self, bounds: &[(u32, u32)]) {
        assert_eq!(
            bounds.len(),
            self.primary as usize,
            "one bound per primary item"
        );
        assert!(
            bounds.iter().all(|&(u, v)| u <= v && v > 0),
            "bounds {bounds:?}"
        );
        if bounds.iter().all(|&b| b == (1, 1)) {
            self.bounds = Vec::new();
            self.slacks = Vec::new();
        } else {
            self.bounds = bounds.to_vec();
            self.slacks = bounds.iter().map(|&(lower, upper)| upper - lower).collect();
        }
    }

    /// Whether searches run SSMCC (some item has multiplicities).
    pub fn has_multiplicities(&self) -> bool {
        !self.bounds.is_empty()
    }

    #[inline]
    fn slack(&self, x: u32) -> u32 {
        self.slacks[x as usize]
    }

    /// Swaps item `x`, at position `p` of the active list, to just past its end.
    #[inline]
    fn deactivate(&mut self, x: u32, p: u32) {
        self.state.active -= 1;
        let last = self.state.active;
        let other = self.item[last as usize];
        self.item[last as usize] = x;
        self.item[p as usize] = other;
        self.items[x as usize].pos = last;
        self.items[other as usize].pos = p;
    }

    /// Swaps option node `y`, at `loc` in item `x`'s set, to just past the set's end
    /// (whose new size is `size`).
    #[inline]
    fn swap_out_option(&mut self, x: u32, y: u32, loc: u32, size: u32) {
        let end = self.items[x as usize].start + size;
        let moved = self.set[end as usize];
        self.items[x as usize].size = size;
        self.set[end as usize] = y;
        self.set[loc as usize] = moved;
        self.nodes[y as usize].loc = end;
        self.nodes[moved as usize].loc = loc;
        self.state.updates += 1;
    }

    /// The first node of the option of node `y`, charging SSMCC's walk to it.
    fn option_start(&self, mut y: u32, mems: &mut u64) -> u32 {
        *mems += 1;
        // Node 0, the first spacer, has item 0: it ends the walk by its index.
        while y > 1 && self.nodes[y as usize - 1].item >= 0 {
            y -= 1;
            *mems += 1;
        }
        y
    }

    /// SSMCC's "remove `optp` from its other sets": from every active set it is in.
    /// Blocked if a primary item would drop below `bound - slack` options.
    fn remove_option(&mut self, optp: u32, mems: &mut u64) -> Result<(), Blocked> {
        let mut n = self.option_start(optp, mems);
        loop {
            *mems += 1;
            let Node { item, loc } = self.nodes[n as usize];
            if item < 0 {
                return Ok(());
            }
            let x = item as u32;
            let primary = x < self.primary;
            if !primary {
                *mems += 1;
                if self.items[x as usize].pos >= self.state.active {
                    n += 1;
                    continue;
                }
            }
            *mems += 1;
            let size = self.items[x as usize].size - 1;
            if primary {
                *mems += 2;
                let x_ = x as usize;
                if size + self.slack(x) < self.state.multi.bound[x_] {
                    self.state.force.clear();
                    return Err(Blocked);
                }
                if size == 0 {
                    *mems += 6;
                    let p = self.items[x_].pos;
                    self.deactivate(x, p);
                }
            }
            if size > 0 {
                *mems += 6;
                self.swap_out_option(x, n, loc, size);
            }
            n += 1;
        }
    }

    /// SSMCC's `include_option`: the option of node `opt` joins the partial solution.
    fn include_option(&mut self, opt: u32, mems: &mut u64) -> Result<(), Blocked> {
        *mems += 4;
        let mut n = self.option_start(opt, mems);
        loop {
            *mems += 1;
            let Node { item, loc: own } = self.nodes[n as usize];
            if item < 0 {
                return Ok(());
            }
            let x = item as u32;
            *mems += 1;
            let p = self.items[x as usize].pos;
            if p >= self.state.active {
                // A purified secondary item (a primary item of an active option is active).
                n += 1;
                continue;
            }
            let primary = x < self.primary;
            if primary {
                *mems += 2;
                self.state.multi.bound[x as usize] -= 1;
            }
            if !primary || self.state.multi.bound[x as usize] == 0 {
                *mems += 1;
                let data = self.items[x as usize];
                let colour = if primary {
                    0
                } else {
                    *mems += 1;
                    self.colours[n as usize]
                };
                for s in (data.start..data.start + data.size).rev() {
                    if s == own {
                        continue;
                    }
                    *mems += 1;
                    let optp = self.set[s as usize];
                    if colour != 0 {
                        *mems += 1;
                        if self.colours[optp as usize] == colour {
                            continue;
                        }
                    }
                    self.remove_option(optp, mems)?;
                }
                *mems += 6;
                let p = self.items[x as usize].pos;
                self.deactivate(x, p);
            } else {
                *mems += 1;
                let size = self.items[x as usize].size - 1;
                *mems += 2;
                if size + self.slack(x) < self.state.multi.bound[x as usize] {
                    self.state.force.clear();
                    return Err(Blocked);
                }
                if size == 0 {
                    *mems += 5;
                    self.deactivate(x, p);
                } else {
                    *mems += 6;
                    let n_loc = self.nodes[n as usize].loc;
                    self.swap_out_option(x, n, n_loc, size);
                }
            }
            n += 1;
        }
    }

    /// SSMCC's choice: pushes every item of degree 1 on the forced stack (`bound - slack`
    /// times) and returns the best other item and its degree, or `None` (a solution) when
    /// no primary item is active.
    fn choose_by_degree(&mut self, mems: &mut u64) -> Option<(u32, u32)> {
        // (degree, slack, size, item) of the best item so far.
        let mut best: Option<(u32, u32, u32, u32)> = None;
        // Local slices and tallies: the loop keeps them in registers.
        let active = &self.item[..self.state.active as usize];
        let (items, bounds, slacks) = (
            &self.items[..],
            &self.state.multi.bound[..],
            &self.slacks[..],
        );
        let force = &mut self.state.force;
        let (mut primaries, mut pushed) = (0u64, 0u64);
        for &x in active {
            if x >= self.primary {
                continue;
            }
            primaries += 1;
            let (bound, slack) = (bounds[x as usize], slacks[x as usize]);
            let s = slack.min(bound);
            let size = items[x as usize].size;
            // At least 1: no size drops below `bound - slack` (the includes and removals
            // that would make it are abandoned).
            let degree = size + s + 1 - bound;
            if degree == 1 {
                for _ in 0..bound.saturating_sub(slack) {
                    pushed += 1;
                    force.push(x);
                }
            } else if best.is_none_or(|(d, bs, bl, bi)| {
                degree < d
                    || (degree == d
                        && (s < bs || (s == bs && (size > bl || (size == bl && x < bi)))))
            }) {
                best = Some((degree, s, size, x));
            }
        }
        // Per active item its number (1); per primary one its slack, bound and size (3);
        // per push 1.
        *mems += active.len() as u64 + 3 * primaries + pushed;
        best.map(|(degree, _, _, x)| (x, degree))
    }

    /// A node's move: a pending forced item still active, else the choice by degree (and
    /// any forced item it finds), else a solution.
    fn next_move(&mut self, mems: &mut u64) -> Move {
        while let Some(x) = self.state.force.pop() {
            *mems += 2;
            if self.items[x as usize].pos < self.state.active {
                return Move::Forced(x);
            }
        }
        let choice = self.choose_by_degree(mems);
        if let Some(x) = self.state.force.pop() {
            *mems += 1;
            return Move::Forced(x);
        }
        match choice {
            Some((x, degree)) => Move::Branch(x, degree),
            None => Move::Solution,
        }
    }

    /// Saves the active items' sizes (and primary items' bounds) for stage `stage`.
    fn save_active(&mut self, stage: usize, mems: &mut u64) {
        let multi = &mut self.state.multi;
        *mems += 1;
        multi.saved[stage] = multi.savestack.len() as u32;
        for &x in &self.item[..self.state.active as usize] {
            let primary = x < self.primary;
            *mems += 4 + u64::from(primary);
            let bound = if primary { multi.bound[x as usize] } else { 0 };
            multi
                .savestack
                .push((x, self.items[x as usize].size, bound));
        }
    }

    /// Restores what [`Cells::save_active`] saved at stage `stage` (the active count with
    /// it), and pops it.
    fn restore_active(&mut self, stage: usize, mems: &mut u64) {
        let multi = &mut self.state.multi;
        *mems += 1;
        let height = multi.saved[stage] as usize;
        self.state.active = (multi.savestack.len() - height) as u32;
        for &(x, size, bound) in &multi.savestack[height..] {
            *mems += 3;
            self.items[x as usize].size = size;
            if x < self.primary {
                *mems += 1;
                multi.bound[x as usize] = bound;
            }
        }
        multi.savestack.truncate(height);
    }

    /// SSMCC (see the module docs), calling `visit` with the chosen option nodes of every
    /// solution.
    pub(super) fn search_multiple<F>(
        &mut self,
        limits: &Limits,
        mut visit: F,
        count_mems: bool,
    ) -> SearchStats
    where
        F: FnMut(&Cells, &[u32]) -> Control,
    {
        self.restore_pristine();
        let mut stats = SearchStats::default();
        let mut mems = 0u64;
        let primary = self.primary as usize;
        let multi = &mut self.state.multi;
        multi.bound.clear();
        multi
            .bound
            .extend(self.bounds.iter().map(|&(_, upper)| upper));
        multi.savestack.clear();
        // Optionless items leave the active list (in item order); an item that cannot
        // reach its `u` means no search at all.
        for x in 0..self.item.len() as u32 {
            let size = self.items[x as usize].size;
            if (x as usize) < primary && size + self.slack(x) < self.bounds[x as usize].1 {
                stats.mems = count_mems.then_some(0);
                return stats;
            }
            if size == 0 {
                let p = self.items[x as usize].pos;
                self.deactivate(x, p);
            }
        }
        // Every level takes an option or removes one; every stage takes one.
        let levels = 2 * self.options as usize + 2;
        let stages = self.options as usize + 2;
        let multi = &mut self.state.multi;
        // Zeros, as SSMCC's globals start (the root's stage is at level 0).
        for (array, length) in [
            (&mut multi.choice, levels),
            (&mut multi.degree, levels),
            (&mut multi.saved, stages),
            (&mut multi.levelstage, stages),
        ] {
            array.clear();
            array.resize(length, 0);
        }
        let (mut level, mut stage) = (0usize, 0usize);
        let (mut best, mut score) = (0u32, 0u32);
        let mut step = Step::Forward;
        loop {
            step = match step {
                Step::Forward => {
                    stats.nodes += 1;
                    if let Some(stop) = limits.check(stats.nodes) {
                        stats.stopped = Some(stop);
                        break;
                    }
                    match self.next_move(&mut mems) {
                        Move::Forced(x) => {
                            mems += 1; // the stage's savestack height
                            self.state.multi.saved[stage] = self.state.multi.savestack.len() as u32;
                            (best, score) = (x, 1);
                            Step::Advance
                        }
                        Move::Solution => {
                            stats.solutions += 1;
                            let multi = &mut self.state.multi;
                            multi.solution.clear();
                            for k in 0..stage {
                                let level = multi.levelstage[k] as usize;
                                multi.solution.push(multi.choice[level]);
                            }
                            let solution = std::mem::take(&mut self.state.multi.solution);
                            let control = visit(self, &solution);
                            self.state.multi.solution = solution;
                            if control == Control::Stop {
                                break;
                            }
                            Step::Backup
                        }
                        Move::Branch(x, degree) => {
                            (best, score) = (x, degree);
                            self.save_active(stage, &mut mems);
                            Step::Advance
                        }
                    }
                }
                Step::Advance => {
                    // The choice and the degree (2 + 1).
                    mems += 3;
                    let cur = self.set[self.items[best as usize].start as usize];
                    self.state.multi.choice[level] = cur;
                    self.state.multi.degree[level] = score;
                    match self.include_option(cur, &mut mems) {
                        Ok(()) => {
                            stage += 1;
                            level += 1;
                            mems += 2;
                            self.state.multi.levelstage[stage] = level as u32;
                            Step::Forward
                        }
                        Err(Blocked) if score == 1 => Step::PreBackup,
                        Err(Blocked) => Step::Purge,
                    }
                }
                Step::PreBackup => {
                    mems += 1;
                    let height = self.state.multi.saved[stage];
                    self.state.multi.savestack.truncate(height as usize);
                    Step::Backup
                }
                Step::Backup => {
                    if stage == 0 {
                        break;
                    }
                    stage -= 1;
                    mems += 1;
                    level = self.state.multi.levelstage[stage] as usize;
                    Step::Purge
                }
                Step::Purge => {
                    mems += 1;
                    if self.state.multi.degree[level] == 1 {
                        Step::PreBackup
                    } else {
                        self.restore_active(stage, &mut mems);
                        mems += 1;
                        let cur = self.state.multi.choice[level];
                        match self.remove_option(cur, &mut mems) {
                            Ok(()) => {
                                level += 1;
                                mems += 2;
                                self.state.multi.levelstage[stage] = level as u32;
                                Step::Forward
                            }
                            Err(Blocked) => Step::PreBackup,
                        }
                    }
                }
            };
        }
        stats.updates = self.state.updates;
        stats.mems = count_mems.then_some(mems);
        stats
    }
}
