//! Sudoku as exact cover: the encoding the `dlx` and `dc` solvers share (SAT writes its own
//! CNF, see [`sat`](crate::sat), so that its counts stay independent of this one).
//!
//! A grid of side `S` has `4 S²` items (324 for 9x9): each cell filled once (`p`), each digit
//! once per row (`r`), per column (`c`) and per box (`b`); and `S³` options (729 for 9x9),
//! "digit `d` in cell (row, column)", each covering four items.
//!
//! **Setup.** Building the full matrix and then covering the givens' options costs a pass of
//! covers per puzzle; instead, [`Encoding::new`] builds only what the givens leave open:
//! items not already satisfied by a given, and options of empty cells whose digit no given of
//! the same row, column or box excludes. For a 17-clue puzzle that is about 250 items and
//! 350 options instead of 324 and 729, and nothing has to be covered before the search
//! starts. Measured: building (encoding plus links) takes about 9 us of the 40 us a 17-clue
//! puzzle takes in all; reserving the node array up front and not storing item names (they
//! are derived again only for `--emit`) took the total from 44 to 40 us. The full-matrix
//! alternative (a template copied per puzzle, givens covered) was not built. Contradictory
//! givens are found while building and give zero solutions.
//!
//! **Item order.** Cells first, then digits in rows, columns and boxes: MRV's leftmost
//! tie-break then prefers a cell among equally short items. Measured in nodes per puzzle
//! (count to 2, forced moves first), forum hardest 1106 / top1465: this order 7,312 / 832;
//! cells last 9,944 / 979; boxes before rows and columns 7,896 / 835.
//!
//! This module computes rows, columns and boxes itself; it shares no code with the bitmask
//! solver, so the cross-check between the two engines is worth something.

use super::observe::SearchObserver;
use super::problem::Problem;
use super::search::{Control, SearchStats};
use crate::bitset::Digit;
use crate::error::Result;
use crate::geometry::{Cell, Unit};
use crate::grid::{symbol, Grid};
use crate::search_trace::{Constraint, Event, Reason, SudokuObserver};
use crate::solver::{Outcome, Stats};

/// A Sudoku puzzle reduced to the exact-cover problem its givens leave open.
#[derive(Debug, Clone)]
pub struct Encoding {
    side: usize,
    givens: Grid,
    items: usize,
    /// The items of each option, four per option, numbered from 1.
    option_items: Vec<u32>,
    /// The (cell, digit) of each option.
    choices: Vec<(u16, u8)>,
}

/// Digits given in each row, column and box (bit `d - 1` = digit `d`); `None` when a digit
/// is given twice in one of them.
fn given_digits(puzzle: &Grid) -> Option<[Vec<u32>; 3]> {
    let n = puzzle.box_side();
    let side = n * n;
    let mut used = [vec![0u32; side], vec![0u32; side], vec![0u32; side]];
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let bit = 1u32 << (digit - 1);
        let units = [cell / side, cell % side, box_of(cell, n)];
        if units
            .iter()
            .zip(&used)
            .any(|(&u, family)| family[u] & bit != 0)
        {
            return None;
        }
        for (&u, family) in units.iter().zip(used.iter_mut()) {
            family[u] |= bit;
        }
    }
    Some(used)
}

fn box_of(cell: usize, n: usize) -> usize {
    let side = n * n;
    (cell / side / n) * n + (cell % side) / n
}

/// The open items in numbering order, as (kind, index, index): `('p', row, column)` for a
/// cell, `('r' | 'c' | 'b', unit, digit)` for a digit in a row, column or box (indices from
/// 0, digits from 1). Item `k` (from 1) is entry `k - 1`.
fn open_items(puzzle: &Grid, used: &[Vec<u32>; 3]) -> Vec<(char, u16, u16)> {
    let side = puzzle.side();
    let mut labels = Vec::new();
    for cell in 0..side * side {
        if puzzle.cells()[cell] == 0 {
            labels.push(('p', (cell / side) as u16, (cell % side) as u16));
        }
    }
    for (kind, family) in ['r', 'c', 'b'].into_iter().zip(used) {
        for (unit, &digits) in family.iter().enumerate() {
            for digit in 0..side {
                if digits & (1 << digit) == 0 {
                    labels.push((kind, unit as u16, digit as u16 + 1));
                }
            }
        }
    }
    labels
}

impl Encoding {
    /// Encodes `puzzle`; `None` when two givens contradict each other.
    pub fn new(puzzle: &Grid) -> Option<Encoding> {
        let n = puzzle.box_side();
        let side = n * n;
        let used = given_digits(puzzle)?;
        // Item numbers, family by family in the order of `open_items`: cells, then digits
        // in rows, columns and boxes (0 = satisfied by a given, no item).
        let mut number = vec![0u32; 4 * side * side];
        let mut items = 0u32;
        for (slot, &given) in number.iter_mut().zip(puzzle.cells()) {
            if given == 0 {
                items += 1;
                *slot = items;
            }
        }
        for (f, family) in used.iter().enumerate() {
            for (unit, &digits) in family.iter().enumerate() {
                for digit in 0..side {
                    if digits & (1 << digit) == 0 {
                        items += 1;
                        number[(f + 1) * side * side + unit * side + digit] = items;
                    }
                }
            }
        }
        let mut option_items = Vec::with_capacity(4 * side * side * 4);
        let mut choices = Vec::with_capacity(side * side * 4);
        for cell in 0..side * side {
            if puzzle.cells()[cell] != 0 {
                continue;
            }
            let units = [cell / side, cell % side, box_of(cell, n)];
            let taken = used[0][units[0]] | used[1][units[1]] | used[2][units[2]];
            // The digits open in the cell, in increasing order: one step per open digit and
            // no hard-to-predict branch per digit of the side (perf, 20,000 17-clue puzzles:
            // this function's share of a `bench --solvers dlx` profile 10.0% -> 6.4%).
            let mut open = !taken & ((1u32 << side) - 1);
            while open != 0 {
                let digit = open.trailing_zeros() as usize;
                open &= open - 1;
                let item = |f: usize| number[(f + 1) * side * side + units[f] * side + digit];
                option_items.extend_from_slice(&[number[cell], item(0), item(1), item(2)]);
                choices.push((cell as u16, digit as u8 + 1));
            }
        }
        Some(Encoding {
            side,
            givens: puzzle.clone(),
            items: items as usize,
            option_items,
            choices,
        })
    }

    /// Number of (primary) items.
    pub fn items(&self) -> usize {
        self.items
    }

    /// Number of options.
    pub fn options(&self) -> usize {
        self.choices.len()
    }

    /// The items of option `k` (from 0), numbered from 1.
    pub fn option(&self, k: usize) -> &[u32] {
        &self.option_items[4 * k..4 * k + 4]
    }

    /// The items of each option in turn, four per option, numbered from 1.
    pub fn option_lists(&self) -> std::slice::ChunksExact<'_, u32> {
        self.option_items.chunks_exact(4)
    }

    /// Nodes of the dancing-links form: one per item of each option, a spacer after each
    /// option and one before the first.
    pub fn nodes(&self) -> usize {
        self.option_items.len() + self.options() + 1
    }

    /// The grid a set of options (by number) completes.
    pub fn decode(&self, options: impl IntoIterator<Item = usize>) -> Grid {
        let mut grid = self.givens.clone();
        for k in options {
            let (cell, digit) = self.choices[k];
            grid.set(Cell::new(cell as usize), Some(Digit::new(digit)));
        }
        grid
    }

    /// The encoding as a named [`Problem`], e.g. to write in Knuth's format for his programs.
    /// Items: `pRC` (cell), `rRD`, `cCD`, `bBD` (digit `D` in row, column, box), rows,
    /// columns and boxes numbered from 1 with the grid's symbols.
    pub fn problem(&self) -> Result<Problem> {
        let used = given_digits(&self.givens).expect("an encoded puzzle has no conflict");
        let index = |i: u16| symbol(i as u8 + 1) as char;
        let names: Vec<String> = open_items(&self.givens, &used)
            .into_iter()
            .map(|(kind, first, second)| match kind {
                // A cell: its row and column, each written 1-9A-P as digits are.
                'p' => format!("p{}{}", index(first), index(second)),
                _ => format!("{kind}{}{}", index(first), symbol(second as u8) as char),
            })
            .collect();
        let mut problem = Problem::new(&names, &[] as &[String])?;
        for option in self.option_items.chunks(4) {
            problem.add_option_numbers(option)?;
        }
        Ok(problem)
    }

    /// Side of the grid.
    pub fn side(&self) -> usize {
        self.side
    }
}

impl Encoding {
    /// What each item stands for in Sudoku terms (item `k`, from 1, is entry `k - 1`).
    pub fn constraints(&self) -> Vec<Constraint> {
        let used = given_digits(&self.givens).expect("an encoded puzzle has no conflict");
        let side = self.side;
        open_items(&self.givens, &used)
            .into_iter()
            .map(|(kind, first, second)| {
                let (first, second) = (first as usize, second as usize);
                match kind {
                    'p' => Constraint::Cell(Cell::new(first * side + second)),
                    family => {
                        let offset = match family {
                            'r' => 0,
                            'c' => side,
                            _ => 2 * side,
                        };
                        Constraint::Place(Digit::new(second as u8), Unit::new(offset + first))
                    }
                }
            })
            .collect()
    }

    /// The cell and digit of option `k` (from 0).
    pub fn choice(&self, k: usize) -> (Cell, Digit) {
        let (cell, digit) = self.choices[k];
        (Cell::new(cell as usize), Digit::new(digit))
    }

    /// The puzzle the encoding was built from.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }
}

/// Counts the solutions of the puzzle `encoding` encodes to `limit` with `search`, an
/// engine's search of its own form of the encoding (`None` if it did not run): the first
/// solutions decoded through `option_of`, and the counters as a Sudoku solver reports them
/// (the search's nodes count the root and every option tried, and the options chosen are the
/// options tried). What the `dlx` and `dc` solvers share.
pub fn count_solutions<E>(
    encoding: &Encoding,
    engine: &mut E,
    option_of: fn(&E, u32) -> usize,
    limit: u64,
    search: impl FnOnce(&mut E, &mut dyn FnMut(&E, &[u32]) -> Control) -> Option<SearchStats>,
) -> Option<Outcome> {
    let mut outcome = Outcome::new();
    let stats = search(engine, &mut |engine, chosen| {
        let solution = || encoding.decode(chosen.iter().map(|&x| option_of(engine, x)));
        if outcome.record(solution, limit) {
            Control::Stop
        } else {
            Control::Continue
        }
    })?;
    outcome.stopped = stats.stopped;
    outcome.stats = Stats {
        nodes: stats.nodes,
        guesses: stats.guesses,
        assignments: stats.nodes.saturating_sub(1),
        updates: stats.updates,
    };
    Some(outcome)
}

/// An exact-cover search of an [`Encoding`] told as a Sudoku search: the items chosen
/// become constraints branched on, the options tried become placements with their reason
/// (see [`search_trace`](crate::search_trace)). Give it to an engine's `search_observed`;
/// [`SudokuEvents::new`] reports the givens first.
pub struct SudokuEvents<'a> {
    encoding: &'a Encoding,
    constraints: Vec<Constraint>,
    /// At each depth on the path: the constraint chosen, its candidates, those tried.
    levels: Vec<(Constraint, usize, usize)>,
    observer: &'a mut dyn SudokuObserver,
}

impl<'a> SudokuEvents<'a> {
    /// Reports the givens of `encoding` to `observer` as placements at depth 0, then
    /// translates the search's events.
    pub fn new(encoding: &'a Encoding, observer: &'a mut dyn SudokuObserver) -> Self {
        let geometry = encoding.givens.geometry();
        for cell in geometry.cells() {
            if let Some(digit) = encoding.givens.get(cell) {
                observer.event(Event::Place {
                    depth: 0,
                    cell,
                    digit,
                    reason: Reason::Given,
                });
            }
        }
        SudokuEvents {
            encoding,
            constraints: encoding.constraints(),
            levels: Vec::new(),
            observer,
        }
    }
}

impl SearchObserver for SudokuEvents<'_> {
    fn node(&mut self, depth: usize) {
        self.observer.event(Event::Node { depth });
    }

    fn choose(&mut self, depth: usize, item: usize, options: usize) {
        let on = self.constraints[item - 1];
        self.levels.truncate(depth);
        self.levels.push((on, options, 0));
        match options {
            0 => self.observer.event(Event::DeadEnd {
                depth,
                at: Some(on),
            }),
            1 => {}
            candidates => self.observer.event(Event::Branch {
                depth,
                on,
                candidates,
            }),
        }
    }

    fn try_option(&mut self, depth: usize, option: usize) {
        let (on, candidates, tried) = &mut self.levels[depth];
        *tried += 1;
        let reason = if *candidates == 1 {
            Reason::Forced(*on)
        } else {
            Reason::Guess {
                on: *on,
                index: *tried,
                of: *candidates,
            }
        };
        let (cell, digit) = self.encoding.choice(option);
        self.observer.event(Event::Place {
            depth,
            cell,
            digit,
            reason,
        });
    }

    fn dead_end(&mut self, depth: usize, _option: usize) {
        self.observer.event(Event::DeadEnd {
            depth: depth + 1,
            at: None,
        });
    }

    fn backtrack(&mut self, depth: usize) {
        if self.levels.get(depth).is_some_and(|level| level.1 > 1) {
            self.observer.event(Event::Backtrack { depth });
        }
    }

    fn solution(&mut self, depth: usize) {
        self.observer.event(Event::Solution { depth });
    }
}
