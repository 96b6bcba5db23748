//! The givens of a 9x9 puzzle as per-digit band bitboards, kept up to date clue by clue: the
//! generator's view of the puzzle it is thinning out.
//!
//! # Layout
//!
//! `given: [[u32; 3]; 10]`: word `[v][b]` for value `v` (1..=9) holds the cells of band `b`
//! given `v`, bit `9 * row + column` as in the band engine's candidates; row `0` holds the
//! empty cells. Every cell of the grid is in exactly one of the ten rows (the invariant
//! `remove` and `add` keep).
//!
//! The two questions the generator asks after taking a clue away are answered on these
//! words directly, without a [`Grid`] to scan: whether the remaining givens alone force the
//! clue back ([`Clues::forces`]), and whether a solution differs from the known one there
//! ([`Clues::has_solution_without`], the band engine's search from a root built straight
//! from the words).

use super::board::{column_set, columns, row_and_box_cover, Board, Dead, COLUMN_OF_CELL};
use super::lanes::{self, Job, Lanes, Native};
use super::tables::{BOX, ROW, ROW_AND_BOX_PEERS};
use crate::bitset::Digit;
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::solver::{Limits, Stop};

/// The givens of a 9x9 puzzle, digit by digit and band by band (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clues {
    /// `given[v][b]`: the cells of band `b` given value `v`; `given[0][b]`: its empty cells.
    given: [[u32; 3]; 10],
}

/// The band of a cell and its bit within the band.
#[inline(always)]
fn band_and_bit(cell: Cell) -> (usize, u32) {
    let (band, bit) = BAND_AND_BIT[cell.index().min(80)];
    (usize::from(band), bit)
}

/// [`band_and_bit`] of every cell.
const BAND_AND_BIT: [(u8, u32); 81] = {
    let mut table = [(0, 0); 81];
    let mut cell = 0;
    while cell < 81 {
        table[cell] = ((cell / 27) as u8, 1 << (cell % 27));
        cell += 1;
    }
    table
};

impl Clues {
    /// The givens of a 9x9 grid; `None` for other sizes.
    pub fn of(grid: &Grid) -> Option<Clues> {
        (grid.box_side() == 3).then(|| Clues {
            given: Board::given_bits::<Native>(grid.cells()),
        })
    }

    /// Whether `cell` holds a clue.
    pub fn is_given(&self, cell: Cell) -> bool {
        let (b, bit) = band_and_bit(cell);
        self.given[0][b] & bit == 0
    }

    /// The digit given at `cell`, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        let (b, bit) = band_and_bit(cell);
        (1..=9u8)
            .find(|&v| self.given[usize::from(v)][b] & bit != 0)
            .map(Digit::new)
    }

    /// Takes the clue at `cell` away (the cell becomes empty).
    pub fn remove(&mut self, cell: Cell) {
        let (b, bit) = band_and_bit(cell);
        for value in &mut self.given[1..] {
            value[b] &= !bit;
        }
        self.given[0][b] |= bit;
    }

    /// Gives `digit` at the empty `cell`.
    pub fn add(&mut self, cell: Cell, digit: Digit) {
        let (b, bit) = band_and_bit(cell);
        debug_assert!(self.given[0][b] & bit != 0, "a clue over a clue");
        self.given[0][b] &= !bit;
        self.given[usize::from(digit.get())][b] |= bit;
    }

    /// The puzzle as a grid.
    pub fn to_grid(&self) -> Grid {
        let mut cells = [0u8; 81];
        for (value, bands) in self.given.iter().enumerate().skip(1) {
            for (b, &word) in bands.iter().enumerate() {
                let mut rest = word;
                while rest != 0 {
                    cells[27 * b + rest.trailing_zeros() as usize % 27] = value as u8;
                    rest &= rest - 1;
                }
            }
        }
        Grid::from_9x9_values(cells)
    }

    /// Whether the givens alone force `digit` into the empty `cell`: every other digit is
    /// given in one of its units (a naked single), or every other empty cell of one of its
    /// units sees a given `digit` (a hidden single). The givens are assumed consistent with
    /// `digit` there (no peer gives it).
    pub fn forces(&self, cell: Cell, digit: Digit) -> bool {
        let (b, bit) = band_and_bit(cell);
        let i = bit.trailing_zeros() as usize % 27;
        let (row_and_box, column) = (ROW_AND_BOX_PEERS[i], COLUMN_OF_CELL[i]);
        let seen = |bands: &[u32; 3]| {
            bands[b] & row_and_box | (bands[0] | bands[1] | bands[2]) & column != 0
        };
        let d = usize::from(digit.get());
        if (1..=9).all(|v| v == d || seen(&self.given[v])) {
            return true;
        }
        // The empty cells where the givens of `digit` leave it possible.
        let mine = &self.given[d];
        let taken = columns(column_set(mine[0] | mine[1] | mine[2]));
        let open =
            |band: usize| self.given[0][band] & !taken & !row_and_box_cover::<Native>(mine[band]).0;
        let here = open(b);
        let (row, box_cells) = (ROW[i / 9], BOX[i % 9 / 3]);
        here & row == bit
            || here & box_cells == bit
            || here & column == bit && (open((b + 1) % 3) | open((b + 2) % 3)) & column == 0
    }

    /// Whether the puzzle has a solution without `digit` in `cell`: the generator's
    /// uniqueness test, as [`super::has_solution_without`] answers it for a grid. `Err`
    /// with the reason when `limits` stop the search first.
    pub fn has_solution_without(
        &self,
        cell: Cell,
        digit: Digit,
        limits: &Limits,
    ) -> Result<bool, Stop> {
        super::with_search_stack(|stack| {
            lanes::modern_instructions(SolutionWithout {
                clues: self,
                excluded: (cell, digit),
                limits,
                stack,
            })
        })
    }
}

/// [`Clues::has_solution_without`] as a [`Job`] for [`lanes::modern_instructions`].
struct SolutionWithout<'a> {
    clues: &'a Clues,
    excluded: (Cell, Digit),
    limits: &'a Limits<'a>,
    stack: &'a mut super::SearchStack,
}

impl Job for SolutionWithout<'_> {
    type Output = Result<bool, Stop>;
    #[inline(always)]
    fn run<L: Lanes>(self) -> Result<bool, Stop> {
        let root = Board::from_given_bits::<L>(&self.clues.given)
            .and_then(|board| super::propagated_root::<L>(board, &[self.excluded]));
        match root {
            Err(Dead) => Ok(false),
            Ok(root) => super::has_solution::<L>(self.stack, root, self.limits),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_sizes_have_no_band_clues() {
        assert_eq!(Clues::of(&Grid::empty(2).expect("4x4")), None);
    }
}
