//! The dancing-links arrays and Algorithm X over them (Knuth's DLX1).
//!
//! # Layout
//!
//! Two arrays, indexed by `u32` (an index is half a pointer's size, and it stays valid when
//! the array is copied):
//!
//! * `items[0..=N + 1]`, each with `left` and `right`. Item 0 is the root: the active
//!   primary items `1..=N1` form a circular list through it. Secondary items `N1 + 1..=N`
//!   form their own circular list through item `N + 1`, so the search never chooses them.
//! * `lens[0..=N + 1]`: `LEN`, the number of options in each item's vertical list, with a
//!   high bit (`COVERED`) set while the item is covered. (Knuth keeps `LEN` in the header
//!   node's `TOP` field.) A covered item's `LEN` never changes until it is uncovered: every
//!   option through it was hidden when it was covered, so no later hide reaches its list.
//!   That is what lets the MRV scan read `lens[1..=N1]` straight through, skipping covered
//!   items by their bit, instead of chasing `right` links from item to item (each step a
//!   load that waits for the one before).
//! * `nodes`, each with `top`, `up` and `down`:
//!   - nodes `1..=N` are the item headers: `up`/`down` are the ends of the item's vertical
//!     list of option nodes (`top` is unused, 0);
//!   - then the options, stored consecutively, each followed by a **spacer** node. An option
//!     node's `top` is its item (`> 0`). A spacer's `top` is `-k`, minus the number of options
//!     before it (so the first spacer, before option 0, has `top = 0`); its `up` is the
//!     first node of the option before it and its `down` the last node of the option after
//!     it. Node 0 is unused.
//!
//! # Cover and uncover
//!
//! `cover(i)` unlinks item `i` from the item list and *hides* every option in `i`'s list:
//! each other node of the option is unlinked from its item's vertical list (and `LEN` goes
//! down). The hidden nodes keep their own `up`/`down`, which is what lets `uncover(i)` put
//! them back: it does exactly the reverse, in exactly the reverse order (options bottom to
//! top, nodes right to left). Reverse order matters: a node's `up`/`down` are valid only
//! against the state at the moment it was unlinked, so the relinks must replay the unlinks
//! backwards.
//!
//! # Search
//!
//! Algorithm X, iteratively, as in Knuth's steps X2 to X8, with an explicit stack of the
//! chosen option nodes (`x_0 .. x_{l-1}`): choose the active primary item with the fewest
//! options (MRV, leftmost on ties, or random among ties with a seed), cover it, try each of
//! its options in turn (covering the option's other items), and undo on the way back.
//! Optional [`Limits`](crate::solver::Limits) (time, nodes, interrupt) are checked at every node.
//!
//! # Counters
//!
//! Counted as Knuth's DLX1 counts them, so that a file run here and by DLX1 prints the same
//! numbers (when both branch alike, see [`Branching`]):
//!
//! * `nodes`: search-tree nodes, the root and every option tried (DLX1 counts a node on
//!   entering a level and one per solution; every option tried does one or the other);
//! * `updates`: list removals, one per item covered plus one per node hidden;
//! * `mems`: DLX1's memory accesses in the search (its `o`/`oo` accounting: every read or
//!   write of a node or item field). The loops here do the same accesses in a different
//!   order, so mems are not counted one by one: the search tallies the events they depend
//!   on (levels entered, items scanned by the MRV choice, covers, options hidden, nodes
//!   hidden, options tried, their undoing, purifications) and [`Tally::mems`] adds up what
//!   DLX1 (DLX2 with colours) spends on each. Undoing is tallied as it happens, so a search
//!   stopped at a solution limit is charged what Knuth's programs, which stop without
//!   undoing, print. Checked exactly, complete and stopped after 1, 2 and 5 solutions, with
//!   and without colours, against DLX1 and DLX2 (`tests/exact_cover.rs`).
//!
//! # Colours (Algorithm C, DLX2)
//!
//! With colours, `colours[x]` holds node `x`'s colour (0: none). Trying an option covers
//! its uncoloured items as before and *purifies* its coloured ones: in the item's list,
//! options of the same colour get colour -1 (compatible, never purified again; hides leave
//! them in place), the others are hidden. Undoing unpurifies in reverse order.
//!
//! # Multiplicities (Algorithm M, DLX3) and memoized counting (DLX6)
//!
//! Two more searches run over the same arrays: `multiplicity` (items covered `u..=v`
//! times, with per-item `bounds` and `slacks`; its module docs give the state and the
//! steps) and `memo` (each subproblem counted once, signed by its active items; see
//! [`memo`](crate::dlx::memo)).
//!
//! `guesses` (options tried after the first of their item) is sudolab's own.

// The five unchecked accessors of the node and item arrays, the only unsafe code of dancing
// links (see the file for the measurement and the invariant that makes them sound).
#[allow(unsafe_code)]
mod arrays;
mod estimate;
mod lists;
mod memo;
mod multiplicity;
mod sanity;
mod search;
mod split;
mod tally;

pub use estimate::Estimate;
#[cfg(test)]
pub(super) use search::{first_at_most_one, first_equal};
pub use split::Split;
pub use tally::Tally;

use crate::exact_cover::{Control, SearchStats};

/// How the search chooses the item to branch on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Branching {
    /// DLX1's rule: an active primary item of minimum length, the first such in the item
    /// list; the scan stops early only at an item of length 0 (a dead end).
    #[default]
    MinimumLength,
    /// The same, but the scan also stops at the first item of length 1: a forced move is
    /// taken at once. More nodes, much shorter scans: Sudoku's encoding, with hundreds of
    /// items and mostly forced moves, runs about 1.6x faster (magictour top1465 283 -> 175 us
    /// per puzzle); pentominoes and queens, where forced moves are rare, a few percent slower.
    ForcedFirst,
}

impl Branching {
    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Branching::MinimumLength => "minimum length (DLX1)",
            Branching::ForcedFirst => "minimum length, forced moves first",
        }
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct Item {
    left: u32,
    right: u32,
}

/// Set in `lens[i]` while item `i` is covered, so that the MRV scan, which reads `lens` in
/// item order instead of walking the item list, never picks it.
const COVERED: u32 = 1 << 31;

#[derive(Debug, Clone, Copy, Default)]
struct Node {
    /// Item of an option node (> 0); 0 in a header; minus the option count in a spacer.
    top: i32,
    up: u32,
    down: u32,
}

/// An exact-cover problem in dancing-links form, ready to search.
///
/// ```
/// use sudolab::dlx::Dlx;
/// // Knuth's example: items A..G (1..7), six options; one solution.
/// let options: [&[u32]; 6] = [&[3, 5, 6], &[1, 4, 7], &[2, 3, 6], &[1, 4], &[2, 7], &[4, 5, 7]];
/// let mut dlx = Dlx::new(7, 0, options.iter().copied());
/// let mut found = Vec::new();
/// dlx.search(|dlx, chosen| {
///     let mut options: Vec<usize> = chosen.iter().map(|&x| dlx.option_of(x)).collect();
///     options.sort();
///     found.push(options);
///     sudolab::exact_cover::Control::Continue
/// });
/// assert_eq!(found, vec![vec![0, 3, 4]]);
/// ```
#[derive(Debug, Clone)]
pub struct Dlx {
    items: Vec<Item>,
    /// `lens[i]`: options in item `i`'s vertical list, plus [`COVERED`] while it is covered.
    lens: Vec<u32>,
    nodes: Vec<Node>,
    primary: u32,
    secondary: u32,
    options: u32,
    seed: Option<u64>,
    branching: Branching,
    count_mems: bool,
    /// Active (uncovered) primary items: what a full MRV scan looks at, for the mems.
    /// Counted when a search that counts mems starts and kept up to date by it.
    active: u32,
    tally: Tally,
    /// Each node's colour (0: none; -1 while purified), or empty for a problem without
    /// colours. Apart from `nodes` so that searches without colours never touch it.
    colours: Vec<i32>,
    /// Whether any option gives a colour: searches then run Algorithm C.
    coloured: bool,
    /// Per primary item (index 0 unused), how many more chosen options it may take, and
    /// how many of those it may leave untaken: empty unless some item has multiplicities
    /// (then searches run Algorithm M, see `multiplicity`).
    bounds: Vec<u32>,
    slacks: Vec<u32>,
}

impl Dlx {
    /// Builds the arrays: `primary` primary items numbered `1..=primary`, then `secondary`
    /// secondary items numbered after them; each option lists its items by number. Options
    /// must be non-empty, with distinct items in range (the [`Problem`](crate::exact_cover::Problem)
    /// builder validates this for user input; here a bad option is a programming error and
    /// panics).
    pub fn new<'a>(
        primary: usize,
        secondary: usize,
        options: impl IntoIterator<Item = &'a [u32]>,
    ) -> Dlx {
        Dlx::with_node_capacity(primary, secondary, options, 0)
    }

    /// [`Dlx::new`], with room reserved for `nodes` option nodes (items plus spacers), so a
    /// caller that knows the size builds without reallocating.
    pub fn with_node_capacity<'a>(
        primary: usize,
        secondary: usize,
        options: impl IntoIterator<Item = &'a [u32]>,
        nodes: usize,
    ) -> Dlx {
        let total = primary + secondary;
        let mut items = vec![Item::default(); total + 2];
        let mut lens = vec![0u32; total + 2];
        // Primary list through 0, secondary list through total + 1.
        for (i, item) in items.iter_mut().enumerate().take(primary + 1) {
            item.right = if i == primary { 0 } else { i as u32 + 1 };
            item.left = if i == 0 { primary as u32 } else { i as u32 - 1 };
        }
        let head = total + 1;
        let mut ring: Vec<usize> = vec![head];
        ring.extend(primary + 1..=total);
        for (k, &i) in ring.iter().enumerate() {
            items[i].right = ring[(k + 1) % ring.len()] as u32;
            items[i].left = ring[(k + ring.len() - 1) % ring.len()] as u32;
        }
        let capacity = nodes;
        let mut nodes = Vec::with_capacity(total + 2 + capacity);
        nodes.push(Node::default()); // node 0, unused
        for i in 1..=total {
            nodes.push(Node {
                top: 0,
                up: i as u32,
                down: i as u32,
            });
        }
        // The first spacer.
        nodes.push(Node {
            top: 0,
            up: 0,
            down: 0,
        });
        let mut count = 0u32;
        for option in options {
            assert!(!option.is_empty(), "Dlx::new: empty option");
            let spacer_before = nodes.len() - 1;
            let first = nodes.len() as u32;
            for &item in option {
                // A hard check: the unchecked accesses of the search rely on it.
                assert!(
                    item >= 1 && item as usize <= total,
                    "Dlx::new: item {item} out of range"
                );
                let x = nodes.len() as u32;
                let last = nodes[item as usize].up;
                nodes.push(Node {
                    top: item as i32,
                    up: last,
                    down: item,
                });
                nodes[last as usize].down = x;
                nodes[item as usize].up = x;
                lens[item as usize] += 1;
            }
            let last = nodes.len() as u32 - 1;
            nodes[spacer_before].down = last;
            count += 1;
            nodes.push(Node {
                top: -(count as i32),
                up: first,
                down: 0,
            });
        }
        Dlx {
            items,
            lens,
            nodes,
            primary: primary as u32,
            secondary: secondary as u32,
            options: count,
            seed: None,
            branching: Branching::default(),
            count_mems: true,
            active: primary as u32,
            tally: Tally::default(),
            colours: Vec::new(),
            coloured: false,
            bounds: Vec::new(),
            slacks: Vec::new(),
        }
    }

    /// Gives colours to the option nodes: `colours` holds one entry per item of every
    /// option, in input order (as the options were given to [`Dlx::new`]), 0 for none.
    /// Only secondary items may have a colour, and colours are below 2^31 (a programming
    /// error otherwise: [`Problem`](crate::exact_cover::Problem) validates user input).
    pub fn set_colours(&mut self, colours: impl IntoIterator<Item = u32>) {
        let mut node_colours = vec![0i32; self.nodes.len()];
        let mut colours = colours.into_iter();
        for (x, node) in self.nodes.iter().enumerate() {
            if node.top > 0 && x > (self.primary + self.secondary) as usize {
                let colour = colours.next().expect("Dlx::set_colours: too few colours");
                let colour = i32::try_from(colour).expect("Dlx::set_colours: colour too large");
                assert!(
                    colour == 0 || node.top as u32 > self.primary,
                    "Dlx::set_colours: a colour on primary item {}",
                    node.top
                );
                node_colours[x] = colour;
            }
        }
        assert!(
            colours.next().is_none(),
            "Dlx::set_colours: too many colours"
        );
        self.coloured = node_colours.iter().any(|&c| c != 0);
        self.colours = if self.coloured {
            node_colours
        } else {
            Vec::new()
        };
    }

    /// Number of primary items.
    pub fn primary_items(&self) -> usize {
        self.primary as usize
    }

    /// Number of secondary items.
    pub fn secondary_items(&self) -> usize {
        self.secondary as usize
    }

    /// Number of options.
    pub fn options(&self) -> usize {
        self.options as usize
    }

    /// With `Some(seed)`, ties of the MRV choice are broken at random (reproducibly for one
    /// seed); with `None` (the default), the leftmost item wins.
    pub fn set_tie_break_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }

    /// Chooses the branching rule (DLX1's by default).
    pub fn set_branching(&mut self, branching: Branching) {
        self.branching = branching;
    }

    /// Whether searches count mems (on by default). Off, the MRV scan skips counting the
    /// items it looks at: Sudoku's solver, with hundreds of items and early stops, runs
    /// about 15% fewer instructions.
    pub fn set_mem_counting(&mut self, on: bool) {
        self.count_mems = on;
    }

    /// Whether searches count mems.
    pub fn counts_mems(&self) -> bool {
        self.count_mems
    }

    /// Whether some option gives a colour (searches run Algorithm C).
    pub fn is_coloured(&self) -> bool {
        self.coloured
    }

    /// The branching rule in force.
    pub fn branching(&self) -> Branching {
        self.branching
    }

    /// The option (counted from 0 in input order) that node `x` belongs to.
    pub fn option_of(&self, x: u32) -> usize {
        let mut q = x as usize;
        while self.nodes[q].top > 0 {
            q += 1;
        }
        (-self.nodes[q].top) as usize - 1
    }

    /// The items of the option that node `x` belongs to, in input order.
    pub fn option_items(&self, x: u32) -> impl Iterator<Item = u32> + '_ {
        let mut start = x as usize;
        while self.nodes[start - 1].top > 0 {
            start -= 1;
        }
        self.nodes[start..]
            .iter()
            .take_while(|n| n.top > 0)
            .map(|n| n.top as u32)
    }
}
