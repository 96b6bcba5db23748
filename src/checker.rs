//! The independent solution checker.
//!
//! Every answer a solver returns is validated here before anyone trusts it. The checker shares
//! no code with any solver (not even the [`crate::geometry`] tables): it recomputes rows,
//! columns and boxes from plain arithmetic, so a bug in the shared tables cannot hide a wrong
//! answer.
//!
//! ```
//! use sudolab::{checker, grid::Grid};
//! let puzzle = Grid::parse("1...\n..1.\n.1..\n...1")?;
//! let solution = Grid::parse("1234\n3412\n2143\n4321")?;
//! assert!(checker::check_solution(&puzzle, &solution).is_ok());
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::fmt;

use crate::grid::Grid;

/// Why a grid is not a solution of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolutionFault {
    /// The two grids have different sizes.
    SizeMismatch,
    /// A cell of the solution is blank (row and column counted from 1).
    Blank {
        /// Row.
        row: usize,
        /// Column.
        column: usize,
    },
    /// A given of the puzzle was changed.
    ChangedGiven {
        /// Row.
        row: usize,
        /// Column.
        column: usize,
        /// The puzzle's digit.
        given: u8,
        /// The solution's digit.
        found: u8,
    },
    /// A unit does not hold every digit once.
    BadUnit {
        /// "row 3", "column 5" or "box 6".
        unit: String,
    },
}

impl fmt::Display for SolutionFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolutionFault::SizeMismatch => write!(f, "solution and puzzle differ in size"),
            SolutionFault::Blank { row, column } => write!(f, "r{row}c{column} is blank"),
            SolutionFault::ChangedGiven {
                row,
                column,
                given,
                found,
            } => write!(f, "r{row}c{column} is {found} but the puzzle gives {given}"),
            SolutionFault::BadUnit { unit } => write!(f, "{unit} does not hold every digit once"),
        }
    }
}

/// Checks that `solution` is a filled grid in which every row, column and box holds each digit
/// once, and that it agrees with every given of `puzzle`.
pub fn check_solution(puzzle: &Grid, solution: &Grid) -> Result<(), SolutionFault> {
    if puzzle.cells().len() != solution.cells().len() {
        return Err(SolutionFault::SizeMismatch);
    }
    let n = solution.box_side();
    let side = n * n;
    let value = |row: usize, column: usize| solution.cells()[row * side + column];
    for row in 0..side {
        for column in 0..side {
            let found = value(row, column);
            if found == 0 {
                return Err(SolutionFault::Blank {
                    row: row + 1,
                    column: column + 1,
                });
            }
            let given = puzzle.cells()[row * side + column];
            if given != 0 && given != found {
                return Err(SolutionFault::ChangedGiven {
                    row: row + 1,
                    column: column + 1,
                    given,
                    found,
                });
            }
        }
    }
    // Each unit: `side` values whose set must be exactly {1..=side}.
    let holds_every_digit = |values: &mut dyn Iterator<Item = u8>| {
        let mut seen = vec![false; side + 1];
        for v in values {
            if v == 0 || v as usize > side || seen[v as usize] {
                return false;
            }
            seen[v as usize] = true;
        }
        true
    };
    for i in 0..side {
        if !holds_every_digit(&mut (0..side).map(|c| value(i, c))) {
            return Err(SolutionFault::BadUnit {
                unit: format!("row {}", i + 1),
            });
        }
        if !holds_every_digit(&mut (0..side).map(|r| value(r, i))) {
            return Err(SolutionFault::BadUnit {
                unit: format!("column {}", i + 1),
            });
        }
        let (top, left) = ((i / n) * n, (i % n) * n);
        if !holds_every_digit(&mut (0..side).map(|k| value(top + k / n, left + k % n))) {
            return Err(SolutionFault::BadUnit {
                unit: format!("box {}", i + 1),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;

    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn accepts_the_published_solution() {
        let puzzle = Grid::parse(PUZZLE).unwrap();
        assert_eq!(
            check_solution(&puzzle, &Grid::parse(SOLUTION).unwrap()),
            Ok(())
        );
    }

    #[test]
    fn rejects_swapped_cells_blanks_and_changed_givens() {
        let puzzle = Grid::parse(PUZZLE).unwrap();
        let mut swapped = Grid::parse(SOLUTION).unwrap();
        let (a, b) = (swapped.get(Cell::new(2)), swapped.get(Cell::new(3)));
        swapped.set(Cell::new(2), b);
        swapped.set(Cell::new(3), a);
        assert!(matches!(
            check_solution(&Grid::empty(3).unwrap(), &swapped),
            Err(SolutionFault::BadUnit { .. })
        ));
        let mut blank = Grid::parse(SOLUTION).unwrap();
        blank.set(Cell::new(80), None);
        assert_eq!(
            check_solution(&puzzle, &blank),
            Err(SolutionFault::Blank { row: 9, column: 9 })
        );
        // A valid grid (digits relabelled) that contradicts the givens.
        let relabelled: String = SOLUTION
            .chars()
            .map(|c| match c {
                '1' => '2',
                '2' => '1',
                c => c,
            })
            .collect();
        assert!(matches!(
            check_solution(&puzzle, &Grid::parse(&relabelled).unwrap()),
            Err(SolutionFault::ChangedGiven { .. })
        ));
    }
}
