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
//! Optional [`Limits`] (time, nodes, interrupt) are checked at every node.
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
//! `guesses` (options tried after the first of their item) is sudolab's own.

mod estimate;
mod sanity;
mod split;

pub use estimate::Estimate;
pub use split::Split;

use crate::solver::{Limits, Stop};

/// Whether the search goes on after a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// Look for more solutions.
    Continue,
    /// Stop now (the structure is still restored to its initial state).
    Stop,
}

/// Counts the solutions a search visits and stops it at the `limit`-th (0: never): the
/// visitor of every count to a limit.
///
/// ```
/// use sudolab::dlx::{classic, Control, SolutionLimit};
/// let mut limit = SolutionLimit::new(3);
/// let stats = classic::queens(8)?.dlx().search(|_, _| limit.record());
/// assert_eq!((stats.solutions, limit.found()), (3, 3));
/// assert_eq!(SolutionLimit::new(0).record(), Control::Continue);
/// # Ok::<(), sudolab::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolutionLimit {
    limit: u64,
    found: u64,
}

impl SolutionLimit {
    /// Stop at the `limit`-th solution (0: count them all).
    pub fn new(limit: u64) -> SolutionLimit {
        SolutionLimit { limit, found: 0 }
    }

    /// One more solution: whether the search goes on.
    pub fn record(&mut self) -> Control {
        self.found += 1;
        if self.limit != 0 && self.found >= self.limit {
            Control::Stop
        } else {
            Control::Continue
        }
    }

    /// Solutions recorded so far.
    pub fn found(&self) -> u64 {
        self.found
    }
}

/// Counters of one search (see the module docs for what each counts).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Solutions visited.
    pub solutions: u64,
    /// Search-tree nodes: the root (in a search from the root) and every option tried.
    pub nodes: u64,
    /// Options tried beyond the first of their item (branch alternatives).
    pub guesses: u64,
    /// List removals: items covered plus nodes hidden (Knuth's "updates").
    pub updates: u64,
    /// Knuth's memory accesses of the search (DLX1's `mems`, initialisation excluded);
    /// `None` when mem counting is off ([`Dlx::set_mem_counting`]).
    pub mems: Option<u64>,
    /// Why the search stopped before it was complete, if it did.
    pub stopped: Option<Stop>,
}

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

/// The events of a search that its mems depend on (see the module docs). Undoing is
/// tallied when it happens, so a search stopped early (at a solution limit) is charged what
/// DLX1 spends up to that point and not for the undoing DLX1 skips.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Levels entered that branch (DLX1's `forward` steps that are not solutions).
    pub levels: u64,
    /// Active primary items the MRV scans looked at.
    pub scanned: u64,
    /// Items covered.
    pub covers: u64,
    /// Options hidden by those covers (the sum of the covered items' lengths).
    pub hidden_options: u64,
    /// Nodes unlinked from their item lists by those hides.
    pub hidden_nodes: u64,
    /// Items uncovered.
    pub uncovers: u64,
    /// Options unhidden by those uncovers.
    pub unhidden_options: u64,
    /// Nodes relinked by those unhides.
    pub unhidden_nodes: u64,
    /// Options tried.
    pub tried: u64,
    /// Options undone (the other items of a tried option uncovered again).
    pub undone: u64,
    /// Levels left, every option of their item tried (the item uncovered).
    pub backtracks: u64,
    /// Those left for a level above (all but the search's root).
    pub returns: u64,
    /// Coloured secondary items purified (Algorithm C).
    pub purifies: u64,
    /// Options looked at by those purifications.
    pub purified_options: u64,
    /// Of those, options of the same colour, marked compatible.
    pub cleansed: u64,
    /// Purifications undone.
    pub unpurifies: u64,
    /// Options looked at while undoing them.
    pub unpurified_options: u64,
    /// Of those, options given their colour back.
    pub restored: u64,
    /// Nodes of purified items that hides passed over (they stay in their lists).
    pub skipped_nodes: u64,
    /// The same, passed over by unhides.
    pub unskipped_nodes: u64,
    /// Items of tried options already purified (nothing to do but look).
    pub passed: u64,
    /// The same, when the options are undone.
    pub unpassed: u64,
}

impl Tally {
    /// DLX1's mems for these events. Per level entered: the MRV scan (1 + 2 per item looked
    /// at) and reading its first option (2). Per cover, and per uncover: 4 (item links and
    /// the list's end) + 3 per option in the list (its next pointer, the spacer's two
    /// fields) + 6 per node hidden or relinked (`up`/`down`, `top`, two writes, `len` read
    /// and write). Per option tried: 1 per other item, 2 for the spacer, 1 for the test for
    /// a solution; per option undone: 1 per other item, 2 for the spacer, 2 to move to the
    /// next option. Per return to the level above: 2.
    pub fn mems(&self) -> u64 {
        let best_covers = self.levels;
        let other_covers = self.covers.saturating_sub(best_covers);
        // Every level's item is uncovered when the level is left, the rest by undone options.
        let other_uncovers = self.uncovers.saturating_sub(self.backtracks);
        (3 * self.levels + 2 * self.scanned)
            + (4 * self.covers + 3 * self.hidden_options + 6 * self.hidden_nodes)
            + (4 * self.uncovers + 3 * self.unhidden_options + 6 * self.unhidden_nodes)
            + (other_covers + 3 * self.tried)
            + (other_uncovers + 4 * self.undone)
            + 2 * self.returns
            + self.colour_mems()
    }

    /// What colours add, as DLX2 counts it (0 without colours). A purification reads its
    /// node and the list's first link (2), then per option in the list its next link and its
    /// colour (2): a compatible option is cleansed (1 write), another is hidden (2 for the
    /// spacer, its nodes counted with the other hidden nodes). Undoing it costs the same,
    /// with colours restored. Nodes of purified items cost a hide or unhide 1 to look at,
    /// and every coloured item of a tried option, purified or passed over, 1 to read (as a
    /// covered item does) when the option is tried and again when it is undone.
    fn colour_mems(&self) -> u64 {
        let purify = 2 * self.purifies
            + 2 * self.purified_options
            + self.cleansed
            + 2 * self.purified_options.saturating_sub(self.cleansed);
        let unpurify = 2 * self.unpurifies
            + 2 * self.unpurified_options
            + self.restored
            + 2 * self.unpurified_options.saturating_sub(self.restored);
        purify
            + unpurify
            + (self.skipped_nodes + self.unskipped_nodes)
            + (self.purifies + self.passed + self.unpurifies + self.unpassed)
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct Item {
    left: u32,
    right: u32,
}

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
pub(super) fn first_at_most_one(lens: &[u32]) -> Option<usize> {
    first_matching(lens, |len| len <= 1)
}

/// The first position of `value` in `lens`.
#[inline]
pub(super) fn first_equal(lens: &[u32], value: u32) -> Option<usize> {
    first_matching(lens, |len| len == value)
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
///     sudolab::dlx::Control::Continue
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
}

impl Dlx {
    /// Builds the arrays: `primary` primary items numbered `1..=primary`, then `secondary`
    /// secondary items numbered after them; each option lists its items by number. Options
    /// must be non-empty, with distinct items in range (the [`Problem`](super::Problem)
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
        }
    }

    /// Gives colours to the option nodes: `colours` holds one entry per item of every
    /// option, in input order (as the options were given to [`Dlx::new`]), 0 for none.
    /// Only secondary items may have a colour, and colours are below 2^31 (a programming
    /// error otherwise: [`Problem`](super::Problem) validates user input).
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

    // The five accessors below are the only `unsafe` of dancing links. They skip bounds checks in
    // the cover/uncover loops and the MRV scan. Measured against the same code with checked
    // indexing, interleaved runs, counting to 2: magictour top1465 mean 191 -> 174 us
    // (median 125 -> 115 us) per puzzle, 17-clue 42 -> 40 us.
    //
    // The invariant that makes them sound: every `up`, `down`, `left` and `right` field and
    // every spacer-adjacent `p + 1` / `p - 1` holds an index below `nodes.len()` (for nodes)
    // or `items.len()` (for items; `lens` has the same length), and every option node's
    // `top` is an item in `1..=N`.
    // `with_node_capacity` establishes this (it asserts every item is in range and links
    // only to nodes it has pushed; each option is followed by a spacer, so `p + 1` exists
    // for an option node and `p - 1` is at least the first spacer), and cover/uncover only
    // copy existing link values between fields, so it holds forever after. The arrays are
    // never resized after construction.

    #[inline(always)]
    fn node(&self, x: u32) -> Node {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: `x` is a link or neighbour of a link; see the invariant above.
        unsafe { *self.nodes.get_unchecked(x as usize) }
    }

    #[inline(always)]
    fn node_mut(&mut self, x: u32) -> &mut Node {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: `x` is a link or neighbour of a link; see the invariant above.
        unsafe { self.nodes.get_unchecked_mut(x as usize) }
    }

    #[inline(always)]
    fn item(&self, i: u32) -> Item {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: `i` is an item link or an option node's `top`; see the invariant above.
        unsafe { *self.items.get_unchecked(i as usize) }
    }

    #[inline(always)]
    fn item_mut(&mut self, i: u32) -> &mut Item {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: `i` is an item link or an option node's `top`; see the invariant above.
        unsafe { self.items.get_unchecked_mut(i as usize) }
    }

    #[inline(always)]
    fn len_mut(&mut self, i: u32) -> &mut u32 {
        debug_assert!((i as usize) < self.lens.len());
        // SAFETY: `i` is an item link or an option node's `top`, and `lens` has the length
        // of `items`; see the invariant above.
        unsafe { self.lens.get_unchecked_mut(i as usize) }
    }

    /// The colour of node `x` in a coloured search: 0 for none (and in spacers and headers),
    /// -1 once purified (see [`Dlx::purify`]).
    #[inline(always)]
    fn colour(&self, x: u32) -> i32 {
        self.colours[x as usize]
    }

    /// Unlinks the other nodes of option `p` from their items' lists. With `COLOURS`, nodes
    /// of purified secondary items (colour -1) stay where they are, as in DLX2: their lists
    /// are never searched again until unpurified.
    #[inline]
    fn hide<const COLOURS: bool>(&mut self, p: u32) -> u64 {
        let mut hidden = 0;
        let mut q = p + 1;
        while q != p {
            let Node { top, up, down } = self.node(q);
            if top <= 0 {
                q = up;
            } else {
                if !COLOURS || self.colour(q) >= 0 {
                    self.node_mut(up).down = down;
                    self.node_mut(down).up = up;
                    *self.len_mut(top as u32) -= 1;
                    hidden += 1;
                } else {
                    self.tally.skipped_nodes += 1;
                }
                q += 1;
            }
        }
        hidden
    }

    #[inline]
    fn cover<const MEMS: bool, const COLOURS: bool>(&mut self, i: u32) {
        self.tally.covers += 1;
        if MEMS {
            self.tally.hidden_options += u64::from(*self.len_mut(i));
            self.active -= u32::from(i <= self.primary);
        }
        let mut hidden = 0;
        let mut p = self.node(i).down;
        while p != i {
            hidden += self.hide::<COLOURS>(p);
            p = self.node(p).down;
        }
        self.tally.hidden_nodes += hidden;
        let Item { left, right } = self.item(i);
        self.item_mut(left).right = right;
        self.item_mut(right).left = left;
        *self.len_mut(i) |= COVERED;
    }

    /// Relinks the other nodes of option `p`; returns how many.
    #[inline]
    fn unhide<const COLOURS: bool>(&mut self, p: u32) -> u64 {
        let mut relinked = 0;
        let mut q = p - 1;
        while q != p {
            let Node { top, up, down } = self.node(q);
            if top <= 0 {
                q = down;
            } else {
                if !COLOURS || self.colour(q) >= 0 {
                    self.node_mut(up).down = q;
                    self.node_mut(down).up = q;
                    *self.len_mut(top as u32) += 1;
                    relinked += 1;
                } else {
                    self.tally.unskipped_nodes += 1;
                }
                q -= 1;
            }
        }
        relinked
    }

    #[inline]
    fn uncover<const MEMS: bool, const COLOURS: bool>(&mut self, i: u32) {
        let Item { left, right } = self.item(i);
        self.item_mut(left).right = i;
        self.item_mut(right).left = i;
        *self.len_mut(i) &= !COVERED;
        if MEMS {
            self.active += u32::from(i <= self.primary);
            self.tally.uncovers += 1;
            self.tally.unhidden_options += u64::from(*self.len_mut(i));
        }
        let mut relinked = 0;
        let mut p = self.node(i).up;
        while p != i {
            relinked += self.unhide::<COLOURS>(p);
            p = self.node(p).up;
        }
        if MEMS {
            self.tally.unhidden_nodes += relinked;
        }
    }

    /// Algorithm C's purification, for node `p` of a chosen option that gives its secondary
    /// item `c` colour `x > 0`: every other option in `c`'s list either wants colour `x` too
    /// (it is compatible: its node's colour becomes -1, so that no later choice purifies it
    /// again and no hide unlinks it) or is hidden. `c` stays in its list of secondary items:
    /// secondary items are never chosen.
    fn purify<const MEMS: bool>(&mut self, p: u32) {
        let c = self.node(p).top as u32;
        let x = self.colour(p);
        self.tally.purifies += 1;
        let mut hidden = 0;
        let mut r = self.node(c).down;
        while r != c {
            if self.colour(r) == x {
                self.colours[r as usize] = -1;
                self.tally.cleansed += 1;
            } else {
                hidden += self.hide::<true>(r);
            }
            self.tally.purified_options += 1;
            r = self.node(r).down;
        }
        self.tally.hidden_nodes += hidden;
    }

    /// Undoes [`Dlx::purify`], bottom to top.
    fn unpurify<const MEMS: bool>(&mut self, p: u32) {
        let c = self.node(p).top as u32;
        let x = self.colour(p);
        self.tally.unpurifies += 1;
        let mut relinked = 0;
        let mut r = self.node(c).up;
        while r != c {
            if self.colour(r) < 0 {
                self.colours[r as usize] = x;
                self.tally.restored += 1;
            } else {
                relinked += self.unhide::<true>(r);
            }
            self.tally.unpurified_options += 1;
            r = self.node(r).up;
        }
        if MEMS {
            self.tally.unhidden_nodes += relinked;
        }
    }

    /// Covers the items of option `x` other than its item `top(x)`, left to right (wrapping
    /// through the spacer); with `COLOURS`, purifies the coloured ones instead (and skips
    /// those an earlier choice purified to the same colour).
    #[inline]
    fn cover_others<const MEMS: bool, const COLOURS: bool>(&mut self, x: u32) {
        let mut p = x + 1;
        while p != x {
            let j = self.node(p).top;
            if j <= 0 {
                p = self.node(p).up;
            } else {
                if !COLOURS || self.colour(p) == 0 {
                    self.cover::<MEMS, COLOURS>(j as u32);
                } else if self.colour(p) > 0 {
                    self.purify::<MEMS>(p);
                } else {
                    self.tally.passed += 1;
                }
                p += 1;
            }
        }
    }

    /// Undoes [`Dlx::cover_others`], right to left.
    #[inline]
    fn uncover_others<const MEMS: bool, const COLOURS: bool>(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let j = self.node(p).top;
            if j <= 0 {
                p = self.node(p).down;
            } else {
                if !COLOURS || self.colour(p) == 0 {
                    self.uncover::<MEMS, COLOURS>(j as u32);
                } else if self.colour(p) > 0 {
                    self.unpurify::<MEMS>(p);
                } else {
                    self.tally.unpassed += 1;
                }
                p -= 1;
            }
        }
    }

    /// Covers item `i` and the other items of its option `x` (one step down the tree),
    /// without counting mems: for replaying prefixes and probes.
    pub(super) fn descend(&mut self, i: u32, x: u32) {
        if self.coloured {
            self.cover::<false, true>(i);
            self.cover_others::<false, true>(x);
        } else {
            self.cover::<false, false>(i);
            self.cover_others::<false, false>(x);
        }
    }

    /// Undoes [`Dlx::descend`].
    pub(super) fn ascend(&mut self, i: u32, x: u32) {
        if self.coloured {
            self.uncover_others::<false, true>(x);
            self.uncover::<false, true>(i);
        } else {
            self.uncover_others::<false, false>(x);
            self.uncover::<false, false>(i);
        }
    }

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
    #[inline]
    fn choose(&mut self, rng: &mut u64) -> u32 {
        match self.branching {
            Branching::MinimumLength => self.choose_stopping_at::<0, false>(rng),
            Branching::ForcedFirst => self.choose_stopping_at::<1, false>(rng),
        }
    }

    /// [`Dlx::choose`] with the early stop fixed at compile time, counting the items
    /// scanned (for the mems) when `MEMS`.
    #[inline]
    fn choose_stopping_at<const STOP: u32, const MEMS: bool>(&mut self, rng: &mut u64) -> u32 {
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
        self.search_to_depth(limits, true, usize::MAX, &mut |_| {}, visit)
    }

    /// The search, descending at most to `cutoff` levels: each position reached at that
    /// depth (and not a solution) is handed to `at_cutoff` as the chosen option nodes, then
    /// left unexplored. Counters count exactly what the full search counts above the cutoff.
    fn search_to_depth<F>(
        &mut self,
        limits: &Limits,
        from_root: bool,
        cutoff: usize,
        at_cutoff: &mut dyn FnMut(&[u32]),
        visit: F,
    ) -> SearchStats
    where
        F: FnMut(&Dlx, &[u32]) -> Control,
    {
        macro_rules! run {
            ($stop:literal, $mems:literal, $colours:literal) => {
                self.search_loop::<$stop, $mems, $colours, F>(
                    limits, from_root, cutoff, at_cutoff, visit,
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
    fn search_loop<const STOP: u32, const MEMS: bool, const COLOURS: bool, F>(
        &mut self,
        limits: &Limits,
        from_root: bool,
        cutoff: usize,
        at_cutoff: &mut dyn FnMut(&[u32]),
        mut visit: F,
    ) -> SearchStats
    where
        F: FnMut(&Dlx, &[u32]) -> Control,
    {
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
