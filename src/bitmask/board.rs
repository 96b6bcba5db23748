//! The search state of the bitmask solver and single-digit propagation.
//!
//! Private to the engine: cells are raw `usize` indices and placed digits raw `u8` values
//! (0 = open) here, for the hot loops; everything leaving the engine is typed
//! ([`Contradiction`], grids).

use crate::bitset::{Digit, DigitSet};
use crate::geometry::{Cell, Geometry, Unit};
use crate::search_trace::{Constraint, Event, Reason, SudokuObserver};
use crate::unit_digits::UnitDigits;

/// Why a position has no solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contradiction {
    /// A cell has no candidate left.
    NoCandidate {
        /// The cell.
        cell: Cell,
    },
    /// A digit has no place left in a unit.
    NoPlace {
        /// The unit.
        unit: Unit,
        /// The digit.
        digit: Digit,
    },
}

impl Contradiction {
    pub(super) fn at_cell(cell: usize) -> Contradiction {
        Contradiction::NoCandidate {
            cell: Cell::new(cell),
        }
    }

    pub(super) fn in_unit(unit: usize, digit: Digit) -> Contradiction {
        Contradiction::NoPlace {
            unit: Unit::new(unit),
            digit,
        }
    }

    /// The constraint left without candidates, as a trace names it.
    pub fn constraint(&self) -> Constraint {
        match *self {
            Contradiction::NoCandidate { cell } => Constraint::Cell(cell),
            Contradiction::NoPlace { unit, digit } => Constraint::Place(digit, unit),
        }
    }

    /// A sentence naming the place, e.g. "r3c5 has no candidate left".
    pub fn describe(&self, geometry: &Geometry) -> String {
        match *self {
            Contradiction::NoCandidate { cell } => {
                format!("{} has no candidate left", geometry.cell_name(cell))
            }
            Contradiction::NoPlace { unit, digit } => format!(
                "digit {digit} has no place left in {}",
                geometry.unit_name(unit)
            ),
        }
    }
}

/// The per-position state, copied at every branch (no pointers, no heap: a branch is a
/// `memcpy` of `CELLS * 5 + 2` bytes or so).
///
/// Invariants, after propagation returns `Ok`:
/// * `values[c] != 0` exactly when cell `c` is placed, and then `candidates[c]` is the single
///   digit `values[c]`, and no peer of `c` has `values[c]` as a candidate;
/// * an unplaced cell has at least two candidates (a single was placed);
/// * `unsolved` is the number of unplaced cells.
#[derive(Clone, Copy)]
pub(super) struct Board<const CELLS: usize> {
    pub(super) candidates: [DigitSet; CELLS],
    pub(super) values: [u8; CELLS],
    pub(super) unsolved: u16,
}

/// What does not get copied per branch: tables, counters, and the two work lists of
/// propagation.
///
/// * `queue`: cells whose candidates dropped to one, waiting to be placed. Allocated once
///   per solve with room for every cell; a cell is pushed at most once per branch (when its
///   candidates drop to one), so it never grows in the loop.
/// * `dirty`: units (bit `u` = unit `u`) in which some cell lost a candidate since the unit
///   was last scanned for hidden singles. Only dirty units can hold a new hidden single or a
///   digit with no place left, so the scan visits only those.
///
/// Both are empty between propagations; after a contradiction [`Propagation::reset`] empties them.
pub(super) struct Propagation<'a> {
    pub(super) geometry: &'static Geometry,
    pub(super) all: DigitSet,
    pub(super) queue: Vec<u16>,
    pub(super) dirty: u128,
    pub(super) assignments: u64,
    /// A traced search's observer (see [`crate::search_trace`]): every placement is
    /// reported to it with its reason. `None` in the timed searches: one untaken branch
    /// per placement.
    pub(super) trace: Option<&'a mut dyn SudokuObserver>,
    /// The puzzle's open cells: a placement's depth is `open - unsolved` before it.
    pub(super) open: u16,
    /// In a traced search, the placements on the path so far (the depth of a dead end).
    pub(super) path: u16,
}

impl<'a> Propagation<'a> {
    pub(super) fn new(geometry: &'static Geometry) -> Propagation<'a> {
        Propagation {
            geometry,
            all: DigitSet::full(geometry.side()),
            queue: Vec::with_capacity(geometry.cell_count()),
            dirty: 0,
            assignments: 0,
            trace: None,
            open: 0,
            path: 0,
        }
    }

    /// Reports `event` to the traced search's observer, if any.
    #[inline]
    pub(super) fn report(&mut self, event: impl FnOnce() -> Event) {
        if let Some(observer) = &mut self.trace {
            observer.event(event());
        }
    }

    /// Empties the work lists (after a contradiction abandons a branch).
    #[inline]
    pub(super) fn reset(&mut self) {
        self.queue.clear();
        self.dirty = 0;
    }
}

impl<const CELLS: usize> Board<CELLS> {
    /// A board with every candidate open.
    pub(super) fn new(work: &Propagation) -> Board<CELLS> {
        Board {
            candidates: [work.all; CELLS],
            values: [0; CELLS],
            unsolved: CELLS as u16,
        }
    }

    /// The position of `puzzle`'s givens before propagation: givens placed, every other
    /// cell's candidates the digits no given of its row, column or box holds, cells left with
    /// one candidate queued, every unit dirty. Built from per-unit masks in one pass over
    /// the cells, rather than by placing the givens one by one (which walks 20 peers per
    /// given): the generator builds a root for every uniqueness test, and this took its
    /// throughput from 3,060 to 4,880 9x9 puzzles per second (one thread, seed 1).
    pub(super) fn from_givens(
        work: &mut Propagation,
        puzzle: &crate::grid::Grid,
    ) -> Result<Board<CELLS>, Contradiction> {
        let digits = UnitDigits::of(puzzle).map_err(|cell| {
            work.reset();
            Contradiction::NoCandidate { cell }
        })?;
        let mut board = Board::new(work);
        for (cell, &value) in puzzle.cells().iter().enumerate() {
            if let Some(digit) = Digit::from_value(value) {
                board.values[cell] = value;
                board.candidates[cell] = DigitSet::single(digit);
                board.unsolved -= 1;
                continue;
            }
            let open = work.all.difference(digits.seen_from(Cell::new(cell)));
            board.candidates[cell] = open;
            if open.is_empty() {
                work.reset();
                return Err(Contradiction::at_cell(cell));
            }
            if open.is_single() {
                work.queue.push(cell as u16);
            }
        }
        work.dirty = u128::MAX >> (128 - work.geometry.unit_count());
        Ok(board)
    }

    /// Places `digit` in `cell` and removes it from the peers; peers that drop to one
    /// candidate are queued. Does not drain the queue.
    #[inline]
    pub(super) fn place<const TRACE: bool>(
        &mut self,
        work: &mut Propagation,
        cell: usize,
        digit: Digit,
        reason: Reason,
    ) -> Result<(), Contradiction> {
        if !self.candidates[cell].contains(digit) {
            return Err(Contradiction::at_cell(cell));
        }
        if TRACE && work.trace.is_some() {
            let depth = work.open - self.unsolved;
            work.path = depth + 1;
            work.report(|| Event::Place {
                depth: usize::from(depth),
                cell: Cell::new(cell),
                digit,
                reason,
            });
        }
        let bit = DigitSet::single(digit);
        self.values[cell] = digit.get();
        self.candidates[cell] = bit;
        self.unsolved -= 1;
        work.assignments += 1;
        let geometry = work.geometry;
        work.dirty |= geometry.unit_mask(Cell::new(cell));
        for &peer in geometry.peers(Cell::new(cell)) {
            let before = self.candidates[peer.index()];
            if before.contains(digit) {
                let after = before.difference(bit);
                self.candidates[peer.index()] = after;
                work.dirty |= geometry.unit_mask(peer);
                if after.is_empty() {
                    return Err(Contradiction::NoCandidate { cell: peer });
                }
                if after.is_single() {
                    work.queue.push(peer.index() as u16);
                }
            }
        }
        Ok(())
    }

    /// Removes `digits` from the candidates of `cell` (an unplaced cell), queueing it if it
    /// becomes a single. Returns whether anything was removed.
    #[inline]
    pub(super) fn eliminate(
        &mut self,
        work: &mut Propagation,
        cell: usize,
        digits: DigitSet,
    ) -> Result<bool, Contradiction> {
        let before = self.candidates[cell];
        let after = before.difference(digits);
        if after == before {
            return Ok(false);
        }
        self.candidates[cell] = after;
        work.dirty |= work.geometry.unit_mask(Cell::new(cell));
        if after.is_empty() {
            return Err(Contradiction::at_cell(cell));
        }
        if after.is_single() && self.values[cell] == 0 {
            work.queue.push(cell as u16);
        }
        Ok(true)
    }

    /// Places every queued naked single, and the singles those placements create.
    #[inline]
    pub(super) fn place_naked_singles<const TRACE: bool>(
        &mut self,
        work: &mut Propagation,
    ) -> Result<(), Contradiction> {
        while let Some(cell) = work.queue.pop() {
            let cell = cell as usize;
            if self.values[cell] == 0 {
                let digit = self.candidates[cell]
                    .lowest()
                    .expect("queued cells are singles");
                let naked = Reason::Forced(Constraint::Cell(Cell::new(cell)));
                if let Err(contradiction) = self.place::<TRACE>(work, cell, digit, naked) {
                    work.reset();
                    return Err(contradiction);
                }
            }
        }
        Ok(())
    }

    /// Cells per row (a compile-time constant for each size).
    pub(super) const SIDE: usize = match CELLS {
        16 => 4,
        81 => 9,
        256 => 16,
        _ => 25,
    };
    /// Box side.
    const BOX: usize = match CELLS {
        16 => 2,
        81 => 3,
        256 => 4,
        _ => 5,
    };

    /// The `i`-th cell of unit `unit`, by arithmetic on compile-time constants (the same
    /// numbering as [`Geometry::unit`], without the table lookup, so the hot scan below
    /// compiles to constant strides).
    #[inline(always)]
    pub(super) fn unit_cell(unit: usize, i: usize) -> usize {
        let (side, n) = (Self::SIDE, Self::BOX);
        if unit < side {
            unit * side + i
        } else if unit < 2 * side {
            i * side + (unit - side)
        } else {
            let b = unit - 2 * side;
            ((b / n) * n + i / n) * side + (b % n) * n + i % n
        }
    }

    /// Scans the dirty units until none is left: a digit with exactly one place in a unit is
    /// placed there (with the naked singles that follows). A digit with no place is a
    /// contradiction. Returns whether anything was placed.
    pub(super) fn place_hidden_singles<const TRACE: bool>(
        &mut self,
        work: &mut Propagation,
    ) -> Result<bool, Contradiction> {
        debug_assert_eq!(Self::SIDE, work.geometry.side());
        let all = work.all.bits();
        let mut placed_any = false;
        while work.dirty != 0 {
            let unit = work.dirty.trailing_zeros() as usize;
            work.dirty &= work.dirty - 1;
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for i in 0..Self::SIDE {
                let cell = Self::unit_cell(unit, i);
                let bits = self.candidates[cell].bits();
                twice |= once & bits;
                once |= bits;
                if self.values[cell] != 0 {
                    placed |= bits;
                }
            }
            if once != all {
                let digit = DigitSet::from_bits(all & !once);
                let digit = digit.lowest().expect("a missing digit");
                return Err(Contradiction::in_unit(unit, digit));
            }
            let exactly_once = once & !twice & !placed;
            if exactly_once != 0 {
                self.place_hidden_in_unit::<TRACE>(work, unit, exactly_once)?;
                placed_any = true;
            }
        }
        Ok(placed_any)
    }

    /// Places each digit of `digits` (bits, digit `d` at bit `d - 1`) in its only place in
    /// `unit`, with the naked singles that follow. Kept out of line: the unit scan above runs
    /// millions of times and almost never gets here, and inlined, the compiler computed this
    /// loop's cell indices before every scan (callgrind, 300 top1465 puzzles: 13% more
    /// instructions for the whole engine).
    #[cold]
    #[inline(never)]
    fn place_hidden_in_unit<const TRACE: bool>(
        &mut self,
        work: &mut Propagation,
        unit: usize,
        mut digits: u32,
    ) -> Result<(), Contradiction> {
        while digits != 0 {
            let digit = Digit::from_bit(digits.trailing_zeros());
            digits &= digits - 1;
            let home = (0..Self::SIDE)
                .map(|i| Self::unit_cell(unit, i))
                .find(|&c| self.values[c] == 0 && self.candidates[c].contains(digit));
            let Some(home) = home else {
                // An earlier placement in this pass took the digit's only place.
                let holds = |i| self.values[Self::unit_cell(unit, i)] == digit.get();
                if (0..Self::SIDE).any(holds) {
                    continue;
                }
                return Err(Contradiction::in_unit(unit, digit));
            };
            let hidden = Reason::Forced(Constraint::Place(digit, Unit::new(unit)));
            self.place::<TRACE>(work, home, digit, hidden)
                .and_then(|()| self.place_naked_singles::<TRACE>(work))
                .inspect_err(|_| work.reset())?;
        }
        Ok(())
    }

    /// The unplaced cell with the fewest candidates (lowest index on ties; the scan stops at
    /// a cell with two). `None` when every cell is placed.
    #[inline]
    pub(super) fn fewest_candidates(&self) -> Option<usize> {
        let mut best = None;
        let mut best_len = u32::MAX;
        for cell in 0..CELLS {
            if self.values[cell] == 0 {
                let len = self.candidates[cell].len();
                if len < best_len {
                    best_len = len;
                    best = Some(cell);
                    if len <= 2 {
                        break;
                    }
                }
            }
        }
        best
    }
}
