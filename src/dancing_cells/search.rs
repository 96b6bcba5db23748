//! The search over dancing cells: forced moves, the MRV scan, swaps and hides, and the
//! saved sizes that undo them. Every memory access SSXCC charges a mem for is charged here
//! at the same point (`MEMS` switches the counting off at compile time).

use super::{Cells, ItemData, Level, Node};
use crate::exact_cover::observe::SearchObserver;
use crate::exact_cover::{Control, SearchStats};
use crate::solver::Limits;

// The two accessors below are the unsafe code of this engine: they skip the bounds checks
// in `hide`, the loop where dancing cells spend nine tenths of their time. Measured against
// the same loop with checked indexing, interleaved runs, pentominoes 5x12 counted in full:
// 3.05 -> 2.50 s (dancing links take 3.1 s there).
//
// The invariant that makes them sound, established by `Cells::new` (which asserts every
// item is in range and builds `set` and the locations from the nodes it pushed) and kept by
// the search, which only swaps existing values between slots:
// * every entry of `set` is a node index below `nodes.len()`;
// * every option node's `loc` is below `set.len()`, and its `item` below `items.len()`;
// * for every item, `start + size` is at most `set.len()` (sizes only shrink from the
//   built counts and are restored to saved, smaller-or-equal values);
// * a spacer's `item` is minus the length of the option before it, so stepping by it from
//   the spacer lands on that option's first node; node 0 is a spacer, so `option + 1` for
//   an option node is at most the spacer after it.
// The arrays are never resized after construction.

/// `slice[i]` without a bounds check: `i` is an index the invariant above guarantees.
#[inline(always)]
fn read<T: Copy>(slice: &[T], i: usize) -> T {
    debug_assert!(i < slice.len());
    // SAFETY: `i` is a set entry, a node's location, an item or a position derived from
    // them as the invariant above describes, so it is in bounds.
    unsafe { *slice.get_unchecked(i) }
}

/// `&mut slice[i]` without a bounds check (see [`read`]).
#[inline(always)]
fn slot<T>(slice: &mut [T], i: usize) -> &mut T {
    debug_assert!(i < slice.len());
    // SAFETY: as in `read`: `i` is in bounds by the invariant above.
    unsafe { slice.get_unchecked_mut(i) }
}

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
        let pp = self.items[x as usize].pos;
        let other = self.item[p as usize];
        self.item[p as usize] = x;
        self.item[pp as usize] = other;
        self.items[other as usize].pos = pp;
        self.items[x as usize].pos = p;
        self.state.updates += 1;
        self.charge::<MEMS>(6);
    }

    /// Hides the options of item `c` (those without colour `colour`, when it is not 0):
    /// removes each from the sets of its other items that were active before this level
    /// (position below `old_active`). With `check`, an active primary item left with one
    /// option goes on the forced stack, and one left with none abandons the hide (false).
    ///
    /// The mems are tallied in locals and charged once (a running total in `self` costs
    /// the loop a load and a store per access).
    #[inline(always)]
    fn hide<const MEMS: bool>(
        &mut self,
        c: u32,
        colour: u32,
        check: bool,
        old_active: u32,
    ) -> bool {
        // Local slices: the loop keeps their bounds in registers instead of reloading them
        // from `self` after every store.
        let nodes = &mut self.nodes[..];
        let items = &mut self.items[..];
        let set = &mut self.set[..];
        let force = &mut self.state.force;
        let (primary, active) = (self.primary, self.state.active);
        let ItemData { start, size, .. } = items[c as usize];
        let (mut options_read, mut looked, mut removed, mut pushed) = (0u64, 0u64, 0u64, 0u64);
        let mut complete = true;
        'options: for r in start..start + size {
            options_read += 1;
            let option = read(set, r as usize);
            if colour != 0 {
                looked += 1;
                if read(&self.colours, option as usize) == colour {
                    continue;
                }
            }
            let mut n = option + 1;
            while n != option {
                let Node { item, loc, .. } = read(nodes, n as usize);
                looked += 1;
                if item < 0 {
                    n = (n as i32 + item) as u32;
                    continue;
                }
                looked += 1;
                let u = item as usize;
                let data = read(items, u);
                if data.pos < old_active {
                    let left = data.size - 1;
                    if left <= 1 && check && (u as u32) < primary && data.pos < active {
                        if left == 0 {
                            looked += 1;
                            complete = false;
                            break 'options;
                        }
                        pushed += 1;
                        force.push(u as u32);
                    }
                    let last = data.start + left;
                    let moved = read(set, last as usize);
                    slot(items, u).size = left;
                    *slot(set, last as usize) = n;
                    *slot(set, loc as usize) = moved;
                    slot(nodes, n as usize).loc = last;
                    slot(nodes, moved as usize).loc = loc;
                    removed += 1;
                }
                n += 1;
            }
        }
        self.state.updates += removed;
        // SSXCC: the list's size (1), each option read (1), its colour when purifying (1),
        // each node's item and place (1), the item's position (1), then per removal its
        // size (1) and the six reads and writes of the swap, per push 1.
        if MEMS {
            self.state.mems += 1 + options_read + looked + 7 * removed + pushed;
        }
        complete
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
            let pp = self.items[c as usize].pos;
            if pp < end {
                end -= 1;
                let other = self.item[end as usize];
                self.item[end as usize] = c as u32;
                self.item[pp as usize] = other;
                self.items[other as usize].pos = pp;
                self.items[c as usize].pos = end;
                self.state.updates += 1;
                self.charge::<MEMS>(5);
            }
            q += 1;
        }
        self.state.active = end;
        let mut q = node + 1;
        while q != node {
            self.charge::<MEMS>(1);
            let (item, colour) = (self.nodes[q as usize].item, self.colours[q as usize]);
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
                if self.items[c as usize].pos < old_active {
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
        // Local slices and a local tally: the loop keeps them in registers (a push on the
        // forced stack would otherwise make it reload `self`'s fields).
        let active = &self.item[..self.state.active as usize];
        let items = &self.items[..];
        let force = &mut self.state.force;
        let primary = self.primary;
        let (mut sizes_read, mut pushed) = (0u64, 0u64);
        for &x in active {
            if x < primary {
                sizes_read += 1;
                let size = items[x as usize].size;
                if size <= 1 {
                    // Size 0 cannot happen: the hide that emptied the item said so.
                    if size == 1 {
                        pushed += 1;
                        force.push(x);
                    }
                } else if size < fewest || (size == fewest && x < best) {
                    fewest = size;
                    best = x;
                }
            }
        }
        self.charge::<MEMS>(active.len() as u64 + sizes_read + pushed);
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
            if self.items[x as usize].pos < self.state.active {
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
                self.state
                    .saved
                    .push((item, self.items[item as usize].size));
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
            self.items[item as usize].size = size;
        }
        self.state.active = (to - from) as u32;
        self.charge::<MEMS>(2 + 2 * (to - from) as u64);
    }

    /// The search (see the module docs), reporting its events to `observer` (with
    /// `Unobserved`, every report compiles away).
    pub(super) fn run<const MEMS: bool, O, F>(
        &mut self,
        limits: &Limits,
        mut observer: O,
        mut visit: F,
    ) -> SearchStats
    where
        O: SearchObserver,
        F: FnMut(&Cells, &[u32]) -> Control,
    {
        let watching = observer.is_watching();
        if self.has_multiplicities() {
            return self.search_multiple(limits, visit, MEMS);
        }
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
                    if watching {
                        observer.node(level);
                    }
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
                            if watching {
                                observer.solution(level);
                            }
                            let chosen = std::mem::take(&mut self.state.chosen);
                            let control = visit(self, &chosen[..level]);
                            self.state.chosen = chosen;
                            if control == Control::Stop {
                                break;
                            }
                            Step::Backup
                        }
                        Choice::Forced(x) | Choice::Branch(x) => {
                            if watching {
                                let options = self.items[x as usize].size as usize;
                                observer.choose(level, x as usize + 1, options);
                            }
                            self.enter::<MEMS>(x, level, matches!(choice, Choice::Branch(_)));
                            current = Level {
                                item: x,
                                cursor: self.items[x as usize].start,
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
                    if watching {
                        observer.try_option(level, self.option_of(node));
                    }
                    if self.commit::<MEMS>(node) {
                        level += 1;
                        Step::Forward
                    } else {
                        if watching {
                            observer.dead_end(level, self.option_of(node));
                        }
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
                    let end = self.items[current.item as usize].start
                        + self.items[current.item as usize].size;
                    if current.cursor + 1 >= end {
                        if watching {
                            observer.backtrack(level);
                        }
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
