//! The search over dancing cells: forced moves, the MRV scan, swaps and hides, and the
//! saved sizes that undo them. Every memory access SSXCC charges a mem for is charged here
//! at the same point (`MEMS` switches the counting off at compile time).

use super::{Cells, Level, Node};
use crate::dlx::links::{Control, SearchStats};
use crate::solver::Limits;

/// What the MRV scan found.
enum Choice {
    /// A primary item with one option left.
    Forced(u32),
    /// The primary item with the fewest options (at least 2) to branch on.
    Branch(u32),
    /// No active primary item: the chosen options are a solution.
    Solution,
}

/// The steps of the search (the labels of Knuth's program).
#[derive(Clone, Copy)]
enum Step {
    /// Enter a new level: a node.
    Forward,
    /// Try the option at the level's cursor.
    Advance,
    /// Leave the level (every option tried).
    Backup,
    /// The option at the cursor is done: move to the next one, or back up.
    Next,
}

impl Cells {
    #[inline(always)]
    fn charge<const MEMS: bool>(&mut self, mems: u64) {
        if MEMS {
            self.state.mems += mems;
        }
    }

    /// Swaps item `x` out of the active list (to just past its end).
    #[inline]
    fn swap_out<const MEMS: bool>(&mut self, x: u32) {
        let p = self.state.active - 1;
        self.state.active = p;
        let pp = self.pos[x as usize];
        let other = self.item[p as usize];
        self.item[p as usize] = x;
        self.item[pp as usize] = other;
        self.pos[other as usize] = pp;
        self.pos[x as usize] = p;
        self.state.updates += 1;
        self.charge::<MEMS>(6);
    }

    /// Hides the options of item `c` (those without colour `colour`, when it is not 0):
    /// removes each from the sets of its other items that were active before this level
    /// (position below `old_active`). With `check`, an active primary item left with one
    /// option goes on the forced stack, and one left with none abandons the hide (false).
    fn hide<const MEMS: bool>(
        &mut self,
        c: u32,
        colour: u32,
        check: bool,
        old_active: u32,
    ) -> bool {
        self.charge::<MEMS>(1);
        let begin = self.start[c as usize];
        let end = begin + self.size[c as usize];
        for r in begin..end {
            self.charge::<MEMS>(1);
            let option = self.set[r as usize];
            if colour != 0 {
                self.charge::<MEMS>(1);
                if self.nodes[option as usize].colour == colour {
                    continue;
                }
            }
            let mut n = option + 1;
            while n != option {
                self.charge::<MEMS>(1);
                let Node { item, loc, .. } = self.nodes[n as usize];
                if item < 0 {
                    n = (n as i32 + item) as u32;
                    continue;
                }
                self.charge::<MEMS>(1);
                let u = item as usize;
                let position = self.pos[u];
                if position < old_active {
                    self.charge::<MEMS>(1);
                    let size = self.size[u] - 1;
                    if size <= 1
                        && check
                        && (u as u32) < self.primary
                        && position < self.state.active
                    {
                        if size == 0 {
                            return false;
                        }
                        self.charge::<MEMS>(1);
                        self.state.force.push(u as u32);
                    }
                    let last = self.start[u] + size;
                    let moved = self.set[last as usize];
                    self.size[u] = size;
                    self.set[last as usize] = n;
                    self.set[loc as usize] = moved;
                    self.nodes[n as usize].loc = last;
                    self.nodes[moved as usize].loc = loc;
                    self.state.updates += 1;
                    self.charge::<MEMS>(6);
                }
                n += 1;
            }
        }
        true
    }

    /// Swaps the other items of `node`'s option out of the active list and hides their
    /// options (purifying coloured secondary items). False if a primary item would be left
    /// without options.
    fn commit<const MEMS: bool>(&mut self, node: u32) -> bool {
        let old_active = self.state.active;
        let mut end = old_active;
        let mut q = node + 1;
        while q != node {
            self.charge::<MEMS>(1);
            let c = self.nodes[q as usize].item;
            if c < 0 {
                q = (q as i32 + c) as u32;
                continue;
            }
            self.charge::<MEMS>(1);
            let pp = self.pos[c as usize];
            if pp < end {
                end -= 1;
                let other = self.item[end as usize];
                self.item[end as usize] = c as u32;
                self.item[pp as usize] = other;
                self.pos[other as usize] = pp;
                self.pos[c as usize] = end;
                self.state.updates += 1;
                self.charge::<MEMS>(5);
            }
            q += 1;
        }
        self.state.active = end;
        let mut q = node + 1;
        while q != node {
            self.charge::<MEMS>(1);
            let Node { item, colour, .. } = self.nodes[q as usize];
            if item < 0 {
                q = (q as i32 + item) as u32;
                continue;
            }
            let c = item as u32;
            if c < self.primary {
                if !self.hide::<MEMS>(c, 0, true, old_active) {
                    return false;
                }
            } else {
                self.charge::<MEMS>(1);
                if self.pos[c as usize] < old_active {
                    self.charge::<MEMS>(1);
                    if !self.hide::<MEMS>(c, colour, true, old_active) {
                        return false;
                    }
                }
            }
            q += 1;
        }
        true
    }

    /// The MRV scan over the active items.
    fn choose<const MEMS: bool>(&mut self) -> Choice {
        let mut fewest = u32::MAX;
        let mut best = 0;
        for k in 0..self.state.active {
            self.charge::<MEMS>(1);
            let x = self.item[k as usize];
            if x < self.primary {
                self.charge::<MEMS>(1);
                let size = self.size[x as usize];
                if size <= 1 {
                    // Size 0 cannot happen: the hide that emptied the item said so.
                    if size == 1 {
                        self.charge::<MEMS>(1);
                        self.state.force.push(x);
                    }
                } else if size < fewest || (size == fewest && x < best) {
                    fewest = size;
                    best = x;
                }
            }
        }
        if let Some(x) = self.state.force.pop() {
            self.charge::<MEMS>(1);
            Choice::Forced(x)
        } else if fewest == u32::MAX {
            Choice::Solution
        } else {
            Choice::Branch(best)
        }
    }

    /// The next forced move still pending (an item pushed earlier that is still active).
    fn pending_forced<const MEMS: bool>(&mut self) -> Option<u32> {
        while let Some(x) = self.state.force.pop() {
            self.charge::<MEMS>(2);
            if self.pos[x as usize] < self.state.active {
                return Some(x);
            }
        }
        None
    }

    /// Takes item `x` out of play before trying its options: swaps it out and hides them
    /// all. At a branching level, saves every active item's size first, for the undo.
    fn enter<const MEMS: bool>(&mut self, x: u32, level: usize, branching: bool) {
        self.swap_out::<MEMS>(x);
        let old_active = self.state.active;
        self.hide::<MEMS>(x, 0, false, old_active);
        let base = self.state.saved_at[level] as usize;
        self.state.saved.truncate(base);
        if branching {
            for p in 0..self.state.active as usize {
                let item = self.item[p];
                self.state.saved.push((item, self.size[item as usize]));
            }
            self.charge::<MEMS>(3 * u64::from(self.state.active));
        }
        self.charge::<MEMS>(1);
        let top = self.state.saved.len() as u32;
        self.state.saved_at.truncate(level + 1);
        self.state.saved_at.push(top);
    }

    /// Restores the sizes saved at `level` and the active count with them.
    fn restore<const MEMS: bool>(&mut self, level: usize) {
        let (from, to) = (
            self.state.saved_at[level] as usize,
            self.state.saved_at[level + 1] as usize,
        );
        for k in from..to {
            let (item, size) = self.state.saved[k];
            self.size[item as usize] = size;
        }
        self.state.active = (to - from) as u32;
        self.charge::<MEMS>(2 + 2 * (to - from) as u64);
    }

    /// The search (see the module docs).
    pub(super) fn run<const MEMS: bool, F>(&mut self, limits: &Limits, mut visit: F) -> SearchStats
    where
        F: FnMut(&Cells, &[u32]) -> Control,
    {
        self.restore_pristine();
        let mut stats = SearchStats::default();
        if self.uncoverable {
            stats.mems = MEMS.then_some(0);
            return stats;
        }
        let depth = self.primary as usize + 1;
        self.state.levels.resize(depth, Level::default());
        self.state.chosen.resize(depth, 0);
        let mut level = 0usize;
        let mut current = Level::default();
        let mut step = Step::Forward;
        loop {
            step = match step {
                Step::Forward => {
                    stats.nodes += 1;
                    if let Some(stop) = limits.check(stats.nodes) {
                        stats.stopped = Some(stop);
                        break;
                    }
                    let choice = match self.pending_forced::<MEMS>() {
                        Some(x) => Choice::Forced(x),
                        None => self.choose::<MEMS>(),
                    };
                    match choice {
                        Choice::Solution => {
                            stats.solutions += 1;
                            let chosen = std::mem::take(&mut self.state.chosen);
                            let control = visit(self, &chosen[..level]);
                            self.state.chosen = chosen;
                            if control == Control::Stop {
                                break;
                            }
                            Step::Backup
                        }
                        Choice::Forced(x) | Choice::Branch(x) => {
                            self.enter::<MEMS>(x, level, matches!(choice, Choice::Branch(_)));
                            current = Level {
                                item: x,
                                cursor: self.start[x as usize],
                            };
                            Step::Advance
                        }
                    }
                }
                Step::Advance => {
                    self.charge::<MEMS>(2);
                    let node = self.set[current.cursor as usize];
                    self.state.levels[level] = current;
                    self.state.chosen[level] = node;
                    if self.commit::<MEMS>(node) {
                        level += 1;
                        Step::Forward
                    } else {
                        self.state.force.clear();
                        Step::Next
                    }
                }
                Step::Backup => {
                    if level == 0 {
                        break;
                    }
                    level -= 1;
                    self.charge::<MEMS>(2);
                    current = self.state.levels[level];
                    Step::Next
                }
                Step::Next => {
                    self.charge::<MEMS>(1);
                    let end = self.start[current.item as usize] + self.size[current.item as usize];
                    if current.cursor + 1 >= end {
                        Step::Backup
                    } else {
                        self.restore::<MEMS>(level);
                        current.cursor += 1;
                        stats.guesses += 1;
                        Step::Advance
                    }
                }
            };
        }
        stats.updates = self.state.updates;
        stats.mems = MEMS.then_some(self.state.mems);
        stats
    }
}
