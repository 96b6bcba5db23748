//! What a person has on paper: placed digits and pencil marks (see the module's data layout
//! in [`super`]).

use crate::bitset::{Digit, DigitSet};
use crate::error::{Error, Result};
use crate::geometry::{Cell, Geometry, Unit};
use crate::grid::Grid;
use crate::variant::layout::orthogonal_neighbours;
use crate::variant::{Cage, Layout, Puzzle, Rule};

use super::Step;

/// Placed digits and pencil marks.
#[derive(Debug, Clone)]
pub struct Position {
    geometry: &'static Geometry,
    values: Vec<u8>,
    candidates: Vec<DigitSet>,
    /// Whether orthogonal neighbours may not hold consecutive digits (the non-consecutive
    /// rule): a placement then also takes its digit's two neighbours from theirs.
    non_consecutive: bool,
    /// The killer cages (none outside killer puzzles): their cells are peers in
    /// `geometry`; their sums are read by the cage technique (`cages.rs`).
    cages: std::sync::Arc<[Cage]>,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        // The geometry follows from the size of the vectors.
        self.values == other.values && self.candidates == other.candidates
    }
}

impl Eq for Position {}

impl Position {
    /// The position of a puzzle with full pencil marks: every digit no peer holds. Errors if
    /// two givens conflict.
    pub fn from_grid(grid: &Grid) -> Result<Position> {
        let conflicts = grid.conflicts();
        if let Some(conflict) = conflicts.first() {
            return Err(Error::InvalidArgument(format!(
                "contradictory givens: {conflict}"
            )));
        }
        let geometry = grid.geometry();
        let all = DigitSet::full(geometry.side());
        let mut position = Position {
            geometry,
            values: vec![0; geometry.cell_count()],
            candidates: vec![all; geometry.cell_count()],
            non_consecutive: false,
            cages: std::sync::Arc::from(Vec::new()),
        };
        for cell in geometry.cells() {
            if let Some(digit) = grid.get(cell) {
                position.place(cell, digit);
            }
        }
        Ok(position)
    }

    /// The position of a variant puzzle with full pencil marks: every digit no peer holds,
    /// peers taken from the variant's regions and rules (under the non-consecutive rule, a
    /// given also takes its digit's neighbours from its orthogonal neighbours; a killer
    /// cage's cells are peers, its sum read by the cage technique). Errors if two givens
    /// conflict.
    pub fn from_puzzle(puzzle: &Puzzle) -> Result<Position> {
        let variant = puzzle.variant();
        let geometry = Layout::new(variant).geometry()?;
        let mut position = Position {
            geometry,
            values: vec![0; geometry.cell_count()],
            candidates: vec![DigitSet::full(geometry.side()); geometry.cell_count()],
            non_consecutive: variant.has(Rule::NonConsecutive),
            cages: std::sync::Arc::from(variant.cages().to_vec()),
        };
        for cell in geometry.cells() {
            let Some(digit) = Digit::from_value(puzzle.cells()[cell.index()]) else {
                continue;
            };
            if let Some(&peer) = geometry
                .peers(cell)
                .iter()
                .find(|&&p| p < cell && position.value(p) == Some(digit))
            {
                return Err(Error::InvalidArgument(format!(
                    "contradictory givens: {} and {} both hold {}",
                    geometry.cell_name(peer),
                    geometry.cell_name(cell),
                    digit.symbol()
                )));
            }
            if let Some(neighbour) = position.neighbours(cell).find(|&n| {
                n < cell
                    && position
                        .value(n)
                        .is_some_and(|held| held.get().abs_diff(digit.get()) == 1)
            }) {
                return Err(Error::InvalidArgument(format!(
                    "contradictory givens: {} and {} are neighbours and hold consecutive \
                     digits",
                    geometry.cell_name(neighbour),
                    geometry.cell_name(cell),
                )));
            }
            position.place(cell, digit);
        }
        Ok(position)
    }

    /// The position with the user's own pencil marks: `candidates[cell]` for each empty
    /// cell (filled cells ignore theirs). Marks contradicting a placed peer are dropped.
    pub fn with_candidates(grid: &Grid, candidates: &[DigitSet]) -> Result<Position> {
        let mut position = Position::from_grid(grid)?;
        position.keep_only(candidates)?;
        Ok(position)
    }

    /// Keeps, in each empty cell, only the candidates `marks` (one set per cell, row-major)
    /// also holds: a person's pencil marks over the position. An error if `marks` does not
    /// have one set per cell.
    pub fn keep_only(&mut self, marks: &[DigitSet]) -> Result<()> {
        if marks.len() != self.candidates.len() {
            return Err(Error::InvalidArgument(format!(
                "{} pencil-mark cells for a grid of {}",
                marks.len(),
                self.candidates.len()
            )));
        }
        for (cell, &marks) in marks.iter().enumerate() {
            if self.values[cell] == 0 {
                self.candidates[cell] = self.candidates[cell].intersection(marks);
            }
        }
        Ok(())
    }

    /// The index tables.
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The digit in `cell`, if filled.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::from_value(self.values[cell.index()])
    }

    /// Whether `cell` is empty.
    pub fn is_empty(&self, cell: Cell) -> bool {
        self.values[cell.index()] == 0
    }

    /// The pencil marks of `cell` (empty for a filled cell).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.candidates[cell.index()]
    }

    /// Places `digit` in `cell` and removes it from the peers' pencil marks (and, under the
    /// non-consecutive rule, its two neighbouring digits from the orthogonal neighbours').
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        self.values[cell.index()] = digit.get();
        self.candidates[cell.index()] = DigitSet::EMPTY;
        for &peer in self.geometry.peers(cell) {
            self.candidates[peer.index()].remove(digit);
        }
        if self.non_consecutive {
            let next_to = self.consecutive_digits(digit);
            for neighbour in orthogonal_neighbours(self.geometry.side(), cell) {
                let marks = &mut self.candidates[neighbour.index()];
                *marks = marks.difference(next_to);
            }
        }
    }

    /// The killer cages, in the puzzle's order (none outside killer puzzles).
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// Whether the non-consecutive rule holds: orthogonal neighbours never hold
    /// consecutive digits.
    pub fn is_non_consecutive(&self) -> bool {
        self.non_consecutive
    }

    /// The cells whose digit may not be consecutive to `cell`'s: its orthogonal neighbours
    /// under the non-consecutive rule, none otherwise.
    pub(crate) fn neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> + 'static {
        let rule = self.non_consecutive;
        orthogonal_neighbours(self.geometry.side(), cell).filter(move |_| rule)
    }

    /// `digit`'s consecutive digits: `digit - 1` and `digit + 1`, those on the grid.
    pub(crate) fn consecutive_digits(&self, digit: Digit) -> DigitSet {
        let side = self.geometry.side() as u8;
        [digit.get() - 1, digit.get() + 1]
            .into_iter()
            .filter(|&d| (1..=side).contains(&d))
            .fold(DigitSet::EMPTY, |set, d| {
                set.union(DigitSet::single(Digit::new(d)))
            })
    }

    /// Removes candidate `digit` from `cell`.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) {
        self.candidates[cell.index()].remove(digit);
    }

    /// Applies a step.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, digit) in &step.eliminations {
            self.eliminate(cell, digit);
        }
        for &(cell, digit) in &step.placements {
            self.place(cell, digit);
        }
    }

    /// True when every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The first empty cell with no pencil mark left (the position is broken), if any.
    pub fn broken_cell(&self) -> Option<Cell> {
        self.geometry
            .cells()
            .find(|&c| self.is_empty(c) && self.candidates(c).is_empty())
    }

    /// True when some empty cell has no pencil mark left (the position is broken).
    pub fn is_broken(&self) -> bool {
        self.broken_cell().is_some()
    }

    /// The placed digits, row-major, 0 for an empty cell.
    pub fn digits(&self) -> &[u8] {
        &self.values
    }

    /// The placed digits as a grid (a classic size: 4x4, 9x9, 16x16 or 25x25; a variant's
    /// 6x6 or 12x12 position has only [`Position::digits`]).
    pub fn to_grid(&self) -> Grid {
        Grid::from_cells(self.values.clone()).expect("a position has a valid size")
    }

    /// The empty cells of `unit`.
    pub(crate) fn empty_cells(&self, unit: Unit) -> impl Iterator<Item = Cell> + '_ {
        self.geometry
            .unit(unit)
            .iter()
            .copied()
            .filter(|&c| self.is_empty(c))
    }

    /// The empty cells of `unit` that have `digit` as a candidate.
    pub(crate) fn places(&self, unit: Unit, digit: Digit) -> Vec<Cell> {
        let mut places = Vec::with_capacity(self.geometry.side());
        places.extend(
            self.geometry
                .unit(unit)
                .iter()
                .copied()
                .filter(|&c| self.candidates[c.index()].contains(digit)),
        );
        places
    }

    /// Removing `digit` from the cells of `unit` that hold it outside `kept` (locked
    /// candidates' eliminations).
    pub(crate) fn eliminations_outside(
        &self,
        unit: Unit,
        digit: Digit,
        kept: &[Cell],
    ) -> Vec<(Cell, Digit)> {
        self.places(unit, digit)
            .into_iter()
            .filter(|c| !kept.contains(c))
            .map(|c| (c, digit))
            .collect()
    }

    /// How many empty cells of `unit` have `digit` as a candidate (no allocation).
    pub(crate) fn place_count(&self, unit: Unit, digit: Digit) -> usize {
        self.geometry
            .unit(unit)
            .iter()
            .filter(|&&c| self.candidates[c.index()].contains(digit))
            .count()
    }

    /// Every empty cell with `digit` as a candidate.
    pub(crate) fn holders(&self, digit: Digit) -> impl Iterator<Item = Cell> + '_ {
        self.geometry
            .cells()
            .filter(move |&c| self.is_empty(c) && self.candidates(c).contains(digit))
    }

    /// Whether two different cells share a unit.
    pub(crate) fn sees(&self, a: Cell, b: Cell) -> bool {
        self.geometry.sees(a, b)
    }

    /// Whether `a` and `b` share a unit (extra peers not counted).
    pub(crate) fn shares_unit(&self, a: Cell, b: Cell) -> bool {
        self.geometry.shares_unit(a, b)
    }

    /// "r3c5".
    pub(crate) fn name(&self, cell: Cell) -> String {
        self.geometry.cell_name(cell)
    }

    /// "r3c5, r3c7".
    pub(crate) fn names(&self, cells: &[Cell]) -> String {
        cells
            .iter()
            .map(|&c| self.name(c))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A step's eliminations by name, for tests: `[("r6c8", 9)]`.
#[cfg(test)]
pub(crate) fn removals(position: &Position, step: &Step) -> Vec<(String, u8)> {
    step.eliminations
        .iter()
        .map(|&(cell, digit)| (position.name(cell), digit.get()))
        .collect()
}

/// A position from SE's pencil marks (`serate --before=%m`: nine characters a cell, the
/// cell's candidates or dots; a cell with one candidate is filled).
#[cfg(test)]
pub(crate) fn from_se_marks(rows: &[&str]) -> Position {
    let marks: String = rows.concat();
    assert_eq!(marks.len(), 729);
    let mut givens = String::new();
    let mut candidates = Vec::new();
    for cell in marks.as_bytes().chunks(9) {
        let digits: Vec<u8> = cell
            .iter()
            .filter(|&&b| b != b'.')
            .map(|b| b - b'0')
            .collect();
        givens.push(if digits.len() == 1 {
            (b'0' + digits[0]) as char
        } else {
            '.'
        });
        candidates.push(
            digits
                .iter()
                .fold(crate::bitset::DigitSet::EMPTY, |set, &d| {
                    set.union(crate::bitset::DigitSet::single(crate::bitset::Digit::new(
                        d,
                    )))
                }),
        );
    }
    Position::with_candidates(&crate::grid::Grid::parse(&givens).unwrap(), &candidates).unwrap()
}

/// [`from_se_marks`] on a variant grid: `rules` as on a `variant:` line ("windoku").
#[cfg(test)]
pub(crate) fn from_se_variant_marks(rules: &str, rows: &[&str]) -> Position {
    let classic = from_se_marks(rows);
    let givens: String = classic
        .digits()
        .iter()
        .map(|&d| Digit::from_value(d).map_or('.', Digit::symbol))
        .collect();
    let text = format!("variant: {rules}\n{givens}\n");
    let puzzle = crate::variant::format::parse(&text, None)
        .unwrap()
        .remove(0);
    let mut position = Position::from_puzzle(&puzzle).unwrap();
    let marks: Vec<DigitSet> = classic
        .geometry()
        .cells()
        .map(|c| classic.candidates(c))
        .collect();
    position.keep_only(&marks).unwrap();
    position
}
