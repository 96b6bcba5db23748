//! Dancing cells: exact cover with colours on sparse sets (Knuth's Algorithm C as his SSXCC
//! runs it, after Briggs and Torczon's sparse sets and Christine Solnon's improvements).
//!
//! Where dancing links unlink a node from a doubly linked list and later relink it, dancing
//! cells keep every list as a prefix of an array: removing an element swaps it to just past
//! the end of the prefix and shortens the prefix by one. Nothing is relinked on the way back:
//! the search saves the prefix lengths before it branches and restores them, and whatever is
//! past a prefix's end comes back into it, in some order.
//!
//! # Layout
//!
//! Items are numbered from 0 in input order, primary first (`0..primary`).
//!
//! * `item[0..items]`: a permutation of the items whose first `active` entries are the
//!   active ones (primary items not yet covered, secondary items not yet purified);
//!   `items[x].pos` is item `x`'s index in `item`.
//! * `set`: for each item `x`, the option nodes that contain it occupy
//!   `set[items[x].start ..]`, one per option of `x`; the first `items[x].size` of them are
//!   its active options.
//! * `nodes`: each option's nodes stored consecutively, one per item of the option, each
//!   followed by a spacer. A node holds its `item` and its `loc` (where it sits in its
//!   item's part of `set`: `set[node.loc] == node index` always); `colours` holds each
//!   node's colour (0: none). A
//!   spacer's `item` is minus the length of the option before it, so that stepping from the
//!   spacer by that amount wraps round to the option's first node; node 0 is the spacer
//!   before the first option.
//! * `force`: a stack of primary items seen with exactly one active option (forced moves).
//! * `saved`: (item, size) pairs saved before each branching level; `levels[l]` records the
//!   level's item, the cursor in its option list, the stack height of `saved` above it, and
//!   `active` before the level's own swaps.
//!
//! # Invariants
//!
//! `item[items[x].pos] == x` and `set[nodes[y].loc] == y` for every item `x` and option node `y`;
//! an option is active in the set of every active item it contains, or in none; and an item
//! that is inactive is never touched by a deeper level, which is what makes restoring the
//! saved sizes a complete undo.
//!
//! # The search and its counters
//!
//! At each level, first any pending forced move (an item known to have one option left);
//! else an MRV scan of the active primary items: items with one option go on the forced
//! stack and the last one found is taken; otherwise the item with the fewest options
//! (ties: the first in input order) is branched on. Choosing an option swaps its items out
//! of the active list and hides the other options of each (for a secondary item with a
//! colour, only the options with another colour: that purifies it). A hide that would leave
//! a primary item without options abandons the option at once, before it becomes a node.
//! The counters are Knuth's for SSXCC: `nodes` counts levels entered (the root, every
//! option that survived its hides, every forced move), `updates` the items swapped out and
//! the options removed from sets, and `mems` SSXCC's memory accesses (counted at the same
//! accesses, with a compile-time switch).
//!
//! Problems with multiplicities (Knuth's MCC) run SSMCC's search over the same sets, with
//! a bound per primary item and binary branching (`src/dancing_cells/multiplicity.rs`).

mod engine;
mod multiplicity;
#[allow(unsafe_code)] // two unchecked accessors, see the file
mod search;
pub mod sudoku;
#[cfg(test)]
mod tests;

pub use sudoku::CellsSolver;

use crate::exact_cover::observe::{SearchObserver, Unobserved};
use crate::exact_cover::{Control, SearchStats, SolutionLimit};
use crate::solver::Limits;

/// One option node, or a spacer between options (8 bytes: the hide loop reads nothing else,
/// so the colours live apart, in `colours`).
#[derive(Debug, Clone, Copy, Default)]
struct Node {
    /// The item (from 0), or in a spacer minus the length of the option before it.
    item: i32,
    /// Where the node sits in its item's part of `set`.
    loc: u32,
}

/// What the search keeps per item, together (one cache line fetch instead of three).
#[derive(Debug, Clone, Copy, Default)]
struct ItemData {
    /// Where the item's options begin in `set`.
    start: u32,
    /// How many of them are active.
    size: u32,
    /// The item's index in `item`.
    pos: u32,
}

/// One level of the search.
#[derive(Debug, Clone, Copy, Default)]
struct Level {
    /// The item branched on (or forced).
    item: u32,
    /// The index in `set` of the option being tried.
    cursor: u32,
}

/// An exact-cover problem (with colours) in dancing-cells form, ready to search.
///
/// ```
/// use sudolab::dancing_cells::Cells;
/// // Knuth's example: items A..G (0..6), six options; one solution.
/// let options: [&[u32]; 6] = [&[2, 4, 5], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]];
/// let mut cells = Cells::new(7, 0, options.iter().map(|o| o.iter().map(|&i| (i, 0))));
/// let stats = cells.count(0);
/// assert_eq!(stats.solutions, 1);
/// assert!(stats.mems.is_some());
/// ```
#[derive(Debug, Clone)]
pub struct Cells {
    primary: u32,
    options: u32,
    nodes: Vec<Node>,
    /// The colour of each node's secondary item in its option (0: none, and in spacers).
    colours: Vec<u32>,
    /// The option number of each spacer (the option before it), for reporting solutions.
    option_after: Vec<u32>,
    item: Vec<u32>,
    items: Vec<ItemData>,
    set: Vec<u32>,
    /// A primary item without any option (then there is nothing to search).
    uncoverable: bool,
    /// Whether [`Cells::search`] counts mems.
    count_mems: bool,
    /// Every primary item's bounds `(u, v)` when some are not `(1, 1)` (MCC), else empty.
    bounds: Vec<(u32, u32)>,
    /// `v - u` for each of them.
    slacks: Vec<u32>,
    /// The state of the search, kept between searches only to reuse the allocations.
    state: State,
    /// The pristine sizes, orders and positions, restored before every search (the search
    /// leaves the sets permuted, and the order decides which forced move comes first).
    pristine: Box<Pristine>,
}

/// The arrays a search permutes, as they were built.
#[derive(Debug, Clone)]
struct Pristine {
    item: Vec<u32>,
    items: Vec<ItemData>,
    set: Vec<u32>,
    nodes: Vec<Node>,
}

#[derive(Debug, Clone, Default)]
struct State {
    active: u32,
    force: Vec<u32>,
    saved: Vec<(u32, u32)>,
    /// `saved.len()` at the start of each level (one more entry than `levels`).
    saved_at: Vec<u32>,
    levels: Vec<Level>,
    chosen: Vec<u32>,
    mems: u64,
    updates: u64,
    multi: multiplicity::MultiState,
}

impl Cells {
    /// Builds the sets: `primary` primary items numbered `0..primary`, then `secondary`
    /// secondary items; each option lists its items as `(item, colour)` (colour 0: none;
    /// only secondary items may have one). Options without a primary item can never be
    /// chosen and are left out, as Knuth's SSXCC leaves them out. Options must be
    /// non-empty with distinct items in range (the [`Problem`](crate::exact_cover::Problem) builder
    /// checks user input; here a bad option is a programming error and panics).
    pub fn new<O, I>(primary: usize, secondary: usize, options: O) -> Cells
    where
        O: IntoIterator<Item = I>,
        I: IntoIterator<Item = (u32, u32)>,
    {
        let items = primary + secondary;
        let mut nodes = vec![Node::default()];
        let mut colours = vec![0u32];
        let mut option_after = vec![0];
        let mut counts = vec![0u32; items];
        let mut option = Vec::new();
        for (number, items_of) in options.into_iter().enumerate() {
            option.clear();
            option.extend(items_of);
            assert!(!option.is_empty(), "Cells::new: empty option");
            if option.iter().all(|&(item, _)| item as usize >= primary) {
                continue;
            }
            for &(item, colour) in &option {
                assert!(
                    (item as usize) < items,
                    "Cells::new: item {item} out of range"
                );
                assert!(
                    colour == 0 || item as usize >= primary,
                    "Cells::new: a colour on primary item {item}"
                );
                nodes.push(Node {
                    item: item as i32,
                    loc: counts[item as usize],
                });
                colours.push(colour);
                option_after.push(u32::MAX);
                counts[item as usize] += 1;
            }
            nodes.push(Node {
                item: -(option.len() as i32),
                loc: 0,
            });
            colours.push(0);
            option_after.push(number as u32);
        }
        let mut start = Vec::with_capacity(items);
        let mut total = 0u32;
        for &count in &counts {
            start.push(total);
            total += count;
        }
        let mut set = vec![0u32; total as usize];
        // Node 0 is the first spacer (its `item`, minus the length of no option, is 0).
        for (y, node) in nodes.iter_mut().enumerate().skip(1) {
            if node.item >= 0 {
                node.loc += start[node.item as usize];
                set[node.loc as usize] = y as u32;
            }
        }
        let uncoverable = counts[..primary].contains(&0);
        let item: Vec<u32> = (0..items as u32).collect();
        let options = option_after.iter().filter(|&&o| o != u32::MAX).count() as u32 - 1;
        let items_data: Vec<ItemData> = (0..items)
            .map(|x| ItemData {
                start: start[x],
                size: counts[x],
                pos: x as u32,
            })
            .collect();
        let pristine = Box::new(Pristine {
            item: item.clone(),
            items: items_data.clone(),
            set: set.clone(),
            nodes: nodes.clone(),
        });
        Cells {
            primary: primary as u32,
            options,
            nodes,
            colours,
            option_after,
            item,
            items: items_data,
            set,
            uncoverable,
            count_mems: true,
            bounds: Vec::new(),
            slacks: Vec::new(),
            state: State::default(),
            pristine,
        }
    }

    /// Number of options kept (those with a primary item).
    pub fn options(&self) -> usize {
        self.options as usize
    }

    /// The option (counted from 0 in input order, options without primary items included)
    /// that node `y` belongs to.
    pub fn option_of(&self, y: u32) -> usize {
        let mut q = y as usize;
        while self.nodes[q].item >= 0 {
            q += 1;
        }
        self.option_after[q] as usize
    }

    /// Counts solutions, stopping at `limit` (0 = count all).
    pub fn count(&mut self, limit: u64) -> SearchStats {
        let mut counter = SolutionLimit::new(limit);
        self.search_within(&Limits::NONE, |_, _| counter.record())
    }

    /// Runs the search, calling `visit` with the chosen option nodes of every solution (map
    /// them with [`Cells::option_of`]), counting mems. Returns the counters.
    pub fn search_within<F>(&mut self, limits: &Limits, visit: F) -> SearchStats
    where
        F: FnMut(&Cells, &[u32]) -> Control,
    {
        self.run::<true, _, F>(limits, Unobserved, visit)
    }

    /// Whether [`Cells::search`] counts mems (on by default).
    pub fn set_mem_counting(&mut self, on: bool) {
        self.count_mems = on;
    }

    /// [`Cells::search_within`], counting mems only if [`Cells::set_mem_counting`] says so.
    pub fn search<F>(&mut self, limits: &Limits, visit: F) -> SearchStats
    where
        F: FnMut(&Cells, &[u32]) -> Control,
    {
        if self.count_mems {
            self.run::<true, _, F>(limits, Unobserved, visit)
        } else {
            self.run::<false, _, F>(limits, Unobserved, visit)
        }
    }

    /// [`Cells::search_within`] without counting mems (`mems` is `None`): for solvers.
    pub fn search_quietly<F>(&mut self, limits: &Limits, visit: F) -> SearchStats
    where
        F: FnMut(&Cells, &[u32]) -> Control,
    {
        self.run::<false, _, F>(limits, Unobserved, visit)
    }

    /// [`Cells::search`], reporting every event of the search to `observer` (see
    /// [`observe`](crate::exact_cover::observe)). Not for problems with multiplicities.
    pub fn search_observed<F>(
        &mut self,
        limits: &Limits,
        observer: &mut dyn SearchObserver,
        visit: F,
    ) -> Result<SearchStats, crate::Error>
    where
        F: FnMut(&Cells, &[u32]) -> Control,
    {
        if self.has_multiplicities() {
            return Err(crate::Error::Refused(
                "the events of a search with multiplicities (SSMCC) are not reported yet".into(),
            ));
        }
        Ok(if self.count_mems {
            self.run::<true, _, F>(limits, observer, visit)
        } else {
            self.run::<false, _, F>(limits, observer, visit)
        })
    }

    fn restore_pristine(&mut self) {
        let pristine = &*self.pristine;
        self.item.clone_from(&pristine.item);
        self.items.clone_from(&pristine.items);
        self.set.clone_from(&pristine.set);
        self.nodes.clone_from(&pristine.nodes);
        let state = &mut self.state;
        state.active = self.item.len() as u32;
        state.force.clear();
        state.saved.clear();
        state.saved_at.clear();
        state.saved_at.push(0);
        state.levels.clear();
        state.chosen.clear();
        state.mems = 0;
        state.updates = 0;
    }
}
