//! The search state of the bitmask solver and single-digit propagation.

use crate::bitset::DigitSet;
use crate::geometry::Geometry;

/// Why a position has no solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contradiction {
    /// A cell has no candidate left.
    NoCandidate {
        /// The cell.
        cell: usize,
    },
    /// A digit has no place left in a unit.
    NoPlace {
        /// The unit number.
        unit: usize,
        /// The digit.
        digit: u8,
    },
}

impl Contradiction {
    /// A sentence naming the place, e.g. "r3c5 has no candidate left".
    pub fn describe(&self, geometry: &Geometry) -> String {
        match *self {
            Contradiction::NoCandidate { cell } => {
                format!("{} has no candidate left", geometry.cell_name(cell))
            }
            Contradiction::NoPlace { unit, digit } => format!(
                "digit {} has no place left in {}",
                crate::grid::symbol(digit) as char,
                geometry.unit_name(unit)
            ),
        }
    }
}

/// The per-position state, copied at every branch (no pointers, no heap: a branch is a
/// `memcpy` of `CELLS * 5 + 2` bytes or so).
///
/// Invariants, after [`Board::propagate`] returns `Ok`:
/// * `values[c] != 0` exactly when cell `c` is placed, and then `candidates[c]` is the single
///   digit `values[c]`, and no peer of `c` has `values[c]` as a candidate;
/// * an unplaced cell has at least two candidates (a single was placed);
/// * `unsolved` is the number of unplaced cells.
#[derive(Clone, Copy)]
pub struct Board<const CELLS: usize> {
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
/// Both are empty between propagations; after a contradiction [`Context::reset`] empties them.
pub struct Context {
    pub(super) geometry: &'static Geometry,
    pub(super) all: DigitSet,
    pub(super) queue: Vec<u16>,
    pub(super) dirty: u128,
    pub(super) placements: u64,
}

impl Context {
    pub fn new(geometry: &'static Geometry) -> Context {
        Context {
            geometry,
            all: DigitSet::full(geometry.side()),
            queue: Vec::with_capacity(geometry.cells()),
            dirty: 0,
            placements: 0,
        }
    }

    /// Empties the work lists (after a contradiction abandons a branch).
    #[inline]
    pub fn reset(&mut self) {
        self.queue.clear();
        self.dirty = 0;
    }
}

impl<const CELLS: usize> Board<CELLS> {
    /// A board with every candidate open.
    pub fn new(context: &Context) -> Board<CELLS> {
        Board {
            candidates: [context.all; CELLS],
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
    pub fn from_givens(
        context: &mut Context,
        puzzle: &crate::grid::Grid,
    ) -> Result<Board<CELLS>, Contradiction> {
        let geometry = context.geometry;
        let mut used = [0u32; 75];
        let mut board = Board::new(context);
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let bit = DigitSet::single(digit).bits();
            for unit in geometry.units_of(cell) {
                if used[unit as usize] & bit != 0 {
                    context.reset();
                    return Err(Contradiction::NoCandidate { cell });
                }
                used[unit as usize] |= bit;
            }
            board.values[cell] = digit;
            board.candidates[cell] = DigitSet::single(digit);
            board.unsolved -= 1;
        }
        for cell in 0..CELLS {
            if board.values[cell] != 0 {
                continue;
            }
            let [row, column, block] = geometry.units_of(cell);
            let taken = used[row as usize] | used[column as usize] | used[block as usize];
            let open = context.all.difference(DigitSet::from_bits(taken));
            board.candidates[cell] = open;
            if open.is_empty() {
                context.reset();
                return Err(Contradiction::NoCandidate { cell });
            }
            if open.is_single() {
                context.queue.push(cell as u16);
            }
        }
        context.dirty = u128::MAX >> (128 - geometry.units());
        Ok(board)
    }

    /// Number of unplaced cells.
    #[inline]
    pub fn unsolved(&self) -> usize {
        self.unsolved as usize
    }

    /// Candidates of `cell`.
    #[inline]
    pub fn candidates(&self, cell: usize) -> DigitSet {
        self.candidates[cell]
    }

    /// Placed digits, 0 for unplaced.
    #[inline]
    pub fn values(&self) -> &[u8; CELLS] {
        &self.values
    }

    /// Places `digit` in `cell` and removes it from the peers; peers that drop to one
    /// candidate are queued. Does not drain the queue.
    #[inline]
    pub fn place(
        &mut self,
        context: &mut Context,
        cell: usize,
        digit: u8,
    ) -> Result<(), Contradiction> {
        if !self.candidates[cell].contains(digit) {
            return Err(Contradiction::NoCandidate { cell });
        }
        let bit = DigitSet::single(digit);
        self.values[cell] = digit;
        self.candidates[cell] = bit;
        self.unsolved -= 1;
        context.placements += 1;
        let geometry = context.geometry;
        context.dirty |= geometry.unit_mask(cell);
        for &peer in geometry.peers(cell) {
            let peer = peer as usize;
            let before = self.candidates[peer];
            if before.contains(digit) {
                let after = before.difference(bit);
                self.candidates[peer] = after;
                context.dirty |= geometry.unit_mask(peer);
                if after.is_empty() {
                    return Err(Contradiction::NoCandidate { cell: peer });
                }
                if after.is_single() {
                    context.queue.push(peer as u16);
                }
            }
        }
        Ok(())
    }

    /// Removes `digits` from the candidates of `cell` (an unplaced cell), queueing it if it
    /// becomes a single. Returns whether anything was removed.
    #[inline]
    pub fn eliminate(
        &mut self,
        context: &mut Context,
        cell: usize,
        digits: DigitSet,
    ) -> Result<bool, Contradiction> {
        let before = self.candidates[cell];
        let after = before.difference(digits);
        if after == before {
            return Ok(false);
        }
        self.candidates[cell] = after;
        context.dirty |= context.geometry.unit_mask(cell);
        if after.is_empty() {
            return Err(Contradiction::NoCandidate { cell });
        }
        if after.is_single() && self.values[cell] == 0 {
            context.queue.push(cell as u16);
        }
        Ok(true)
    }

    /// Places every queued naked single, and the singles those placements create.
    #[inline]
    pub fn place_naked_singles(&mut self, context: &mut Context) -> Result<(), Contradiction> {
        while let Some(cell) = context.queue.pop() {
            let cell = cell as usize;
            if self.values[cell] == 0 {
                let digit = self.candidates[cell]
                    .lowest()
                    .expect("queued cells are singles");
                if let Err(contradiction) = self.place(context, cell, digit) {
                    context.reset();
                    return Err(contradiction);
                }
            }
        }
        Ok(())
    }

    /// Cells per row (a compile-time constant for each size).
    const SIDE: usize = match CELLS {
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
    fn unit_cell(unit: usize, i: usize) -> usize {
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
    pub fn place_hidden_singles(&mut self, context: &mut Context) -> Result<bool, Contradiction> {
        debug_assert_eq!(Self::SIDE, context.geometry.side());
        let all = context.all.bits();
        let mut placed_any = false;
        while context.dirty != 0 {
            let unit = context.dirty.trailing_zeros() as usize;
            context.dirty &= context.dirty - 1;
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
                return Err(Contradiction::NoPlace { unit, digit });
            }
            let exactly_once = DigitSet::from_bits(once & !twice & !placed);
            for digit in exactly_once.iter() {
                let home = (0..Self::SIDE)
                    .map(|i| Self::unit_cell(unit, i))
                    .find(|&c| self.values[c] == 0 && self.candidates[c].contains(digit));
                let Some(home) = home else {
                    // An earlier placement in this pass took the digit's only place.
                    if (0..Self::SIDE).any(|i| self.values[Self::unit_cell(unit, i)] == digit) {
                        continue;
                    }
                    return Err(Contradiction::NoPlace { unit, digit });
                };
                self.place(context, home, digit)
                    .and_then(|()| self.place_naked_singles(context))
                    .inspect_err(|_| context.reset())?;
                placed_any = true;
            }
        }
        Ok(placed_any)
    }

    /// The unplaced cell with the fewest candidates (lowest index on ties; the scan stops at
    /// a cell with two). `None` when every cell is placed.
    #[inline]
    pub fn fewest_candidates(&self) -> Option<usize> {
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
