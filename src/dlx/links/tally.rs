//! What a search tallies for its mems, and DLX1's mems for each event (see the module docs
//! of [`links`](super)).

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
    /// Mems charged where they happen instead of by the formula of [`Tally::mems`]: Algorithm
    /// M's, as DLX3 charges them (`links::multiplicity`).
    pub charged: u64,
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
