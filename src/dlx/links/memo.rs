//! Memoized counting over the dancing links: the search of [`memo`](crate::dlx::memo)
//! (Knuth's DLX6, after Nishino, Yasuda, Minato and Nagata's DXZ).
//!
//! The subproblem below a node of the search is fixed by which items are covered and which
//! colours the purified secondary items have: the [`Signature`]. The search counts each
//! signature's solutions once, stores the count (and ZDD node) in the memo table, and
//! looks it up whenever another path reaches the same signature.

use super::{Dlx, Tally};
use crate::dlx::memo::table::{Found, Table};
use crate::dlx::memo::zdd::{Zdd, COMPLETE, EMPTY};
use crate::solver::{Limits, Stop};

/// The state that fixes a subproblem, as DLX6 signs it: the active primary items, and the
/// secondary items that still matter (not covered, with options left) with their colours.
/// A secondary item without options left constrains nothing, so leaving it out lets more
/// paths meet (8 queens: 142 hits instead of 19).
///
/// * `words[0..bits)`: bit `j - 1` set for such an item `j`; built anew at every node from
///   the item lists (as DLX6 does), which costs a walk of the active items;
/// * `words[bits..)`: for each secondary item that some option colours (numbered by
///   `colour_slot[j]`), its colour while purified and present (0 otherwise), two 32-bit
///   halves a word;
/// * `colour[j]`, `users[j]`: item `j`'s colour while purified, and the chosen options that
///   gave it (it is purified while `users[j]` is not 0), kept up to date as options are
///   chosen and undone.
struct Signature {
    words: Vec<u64>,
    bits: usize,
    colour_slot: Vec<u32>,
    colour: Vec<u32>,
    users: Vec<u32>,
}

const NO_SLOT: u32 = u32::MAX;

impl Signature {
    fn new(dlx: &Dlx) -> Signature {
        let items = (dlx.primary + dlx.secondary) as usize;
        let mut colour_slot = vec![NO_SLOT; items + 1];
        let mut slots = 0;
        for (x, node) in dlx.nodes.iter().enumerate() {
            if node.top > 0 && dlx.coloured && dlx.colours[x] > 0 {
                let slot = &mut colour_slot[node.top as usize];
                if *slot == NO_SLOT {
                    *slot = slots;
                    slots += 1;
                }
            }
        }
        let bits = items.div_ceil(64);
        Signature {
            words: vec![0; bits + (slots as usize).div_ceil(2)],
            bits,
            colour_slot,
            colour: vec![0; items + 1],
            users: vec![0; items + 1],
        }
    }

    fn set(&mut self, j: u32) {
        let bit = j as usize - 1;
        self.words[bit / 64] |= 1 << (bit % 64);
    }

    fn set_colour(&mut self, j: u32, colour: u32) {
        let slot = self.colour_slot[j as usize] as usize;
        let word = &mut self.words[self.bits + slot / 2];
        let shift = 32 * (slot % 2);
        *word = (*word & !(0xffff_ffff << shift)) | (u64::from(colour) << shift);
    }

    /// The signature of `dlx`'s present state.
    fn build<const COLOURS: bool>(&mut self, dlx: &Dlx) {
        self.words.fill(0);
        let mut j = dlx.items[0].right;
        while j != 0 {
            self.set(j);
            j = dlx.items[j as usize].right;
        }
        let head = dlx.primary + dlx.secondary + 1;
        let mut j = dlx.items[head as usize].right;
        while j != head {
            if dlx.lens[j as usize] != 0 {
                self.set(j);
                if COLOURS && self.colour[j as usize] != 0 {
                    self.set_colour(j, self.colour[j as usize]);
                }
            }
            j = dlx.items[j as usize].right;
        }
    }

    /// Item `j` taken by a chosen option with `colour` (0: none; -1: purified to this
    /// colour already).
    fn take(&mut self, j: u32, colour: i32) {
        if colour == 0 {
            return;
        }
        let users = &mut self.users[j as usize];
        *users += 1;
        if *users == 1 {
            debug_assert!(colour > 0, "a first colour is a colour");
            self.colour[j as usize] = colour as u32;
        }
    }

    /// Undoes [`Signature::take`] for a coloured item.
    fn give_back(&mut self, j: u32) {
        let users = &mut self.users[j as usize];
        if *users > 0 {
            *users -= 1;
            if *users == 0 {
                self.colour[j as usize] = 0;
            }
        }
    }
}

/// What a memoized count found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(in crate::dlx) struct MemoCount {
    /// Solutions (a lower bound when stopped).
    pub count: u128,
    /// Options tried.
    pub tried: u64,
    /// Options tried beyond the first of their item.
    pub guesses: u64,
    /// Levels entered (signatures counted, not looked up).
    pub levels: u64,
    /// List removals: items covered and nodes hidden.
    pub updates: u64,
    pub stopped: Option<Stop>,
}

/// One level of the search.
struct Level {
    item: u32,
    /// The option node being tried (`item` itself once all have been).
    option: u32,
    /// Solutions below the options tried so far.
    total: u128,
    /// The ZDD node of those options' solutions.
    chain: u32,
}

impl Dlx {
    /// Counts the solutions, each subproblem once (see the module docs), storing counts in
    /// `table` and, with `zdd`, building the diagram of all solutions. The branching is
    /// DLX1's (minimum length, leftmost). The structure is restored afterwards.
    pub(in crate::dlx) fn count_memoized(
        &mut self,
        table: &mut Table,
        zdd: Option<&mut Zdd>,
        limits: &Limits,
    ) -> MemoCount {
        if self.coloured {
            self.memo_loop::<true>(table, zdd, limits)
        } else {
            self.memo_loop::<false>(table, zdd, limits)
        }
    }

    /// The signature words a memo table for this problem needs.
    pub(in crate::dlx) fn signature_width(&self) -> usize {
        Signature::new(self).words.len()
    }

    /// Takes (or with `!on` gives back) the coloured items of option `x` in the signature,
    /// with the colours `cover_others` sees.
    fn sign_others<const COLOURS: bool>(&self, x: u32, signature: &mut Signature, on: bool) {
        if !COLOURS {
            return;
        }
        let mut p = x + 1;
        while p != x {
            let j = self.node(p).top;
            if j <= 0 {
                p = self.node(p).up;
                continue;
            }
            if on {
                signature.take(j as u32, self.colour(p));
            } else {
                signature.give_back(j as u32);
            }
            p += 1;
        }
    }

    fn memo_loop<const COLOURS: bool>(
        &mut self,
        table: &mut Table,
        mut zdd: Option<&mut Zdd>,
        limits: &Limits,
    ) -> MemoCount {
        enum Step {
            Enter,
            Try,
            Return,
        }
        self.tally = Tally::default();
        let mut signature = Signature::new(self);
        let mut levels: Vec<Level> = Vec::with_capacity(self.primary as usize + 1);
        let mut found = MemoCount::default();
        let mut result = (0u128, EMPTY);
        let mut rng = 1u64;
        let mut step = Step::Enter;
        loop {
            step = match step {
                Step::Enter => {
                    if self.items[0].right == 0 {
                        result = (1, COMPLETE);
                        Step::Return
                    } else if let Some(memo) = {
                        signature.build::<COLOURS>(self);
                        table.get(&signature.words)
                    } {
                        result = (memo.count, memo.diagram);
                        Step::Return
                    } else {
                        let i = self.choose_stopping_at::<0, false>(&mut rng);
                        if self.lens[i as usize] == 0 {
                            result = (0, EMPTY);
                            Step::Return
                        } else {
                            found.levels += 1;
                            self.cover::<false, COLOURS>(i);
                            levels.push(Level {
                                item: i,
                                option: self.nodes[i as usize].down,
                                total: 0,
                                chain: EMPTY,
                            });
                            Step::Try
                        }
                    }
                }
                Step::Try => {
                    let level = levels.last_mut().expect("a level is open");
                    let x = level.option;
                    if x == level.item {
                        let Level {
                            item, total, chain, ..
                        } = levels.pop().expect("open");
                        self.uncover::<false, COLOURS>(item);
                        signature.build::<COLOURS>(self);
                        let memo = Found {
                            count: total,
                            diagram: chain,
                        };
                        table.insert(&signature.words, memo);
                        result = (total, chain);
                        Step::Return
                    } else {
                        found.tried += 1;
                        if let Some(stop) = limits.check(found.tried) {
                            found.stopped = Some(stop);
                            break;
                        }
                        self.cover_others::<false, COLOURS>(x);
                        self.sign_others::<COLOURS>(x, &mut signature, true);
                        Step::Enter
                    }
                }
                Step::Return => {
                    let Some(level) = levels.last_mut() else {
                        break;
                    };
                    let x = level.option;
                    self.sign_others::<COLOURS>(x, &mut signature, false);
                    self.uncover_others::<false, COLOURS>(x);
                    level.total = level.total.saturating_add(result.0);
                    if let Some(zdd) = zdd.as_deref_mut() {
                        if result.1 != EMPTY {
                            let option = self.option_of(x) as u32 + 1;
                            level.chain = zdd.add(option, level.chain, result.1);
                        }
                    }
                    level.option = self.nodes[x as usize].down;
                    if level.option != level.item {
                        found.guesses += 1;
                    }
                    Step::Try
                }
            };
        }
        if found.stopped.is_some() {
            // Stopped before trying the top level's option: every level below is inside
            // its option. What was counted is a lower bound.
            let mut top = true;
            let mut partial = 0u128;
            while let Some(level) = levels.pop() {
                if !top {
                    self.uncover_others::<false, COLOURS>(level.option);
                }
                top = false;
                self.uncover::<false, COLOURS>(level.item);
                partial = partial.saturating_add(level.total);
            }
            result = (partial, EMPTY);
        }
        found.count = result.0;
        if let Some(zdd) = zdd {
            zdd.set_top(result.1);
        }
        found.updates = self.tally.covers + self.tally.hidden_nodes;
        debug_assert_eq!(self.sanity(), Ok(()), "links restored after the search");
        found
    }
}
