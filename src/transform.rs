//! Sudoku symmetries: the transformations that map every valid grid to a valid grid and
//! preserve the number of solutions of a puzzle.
//!
//! A [`Transform`] permutes bands (groups of `n` rows), rows within each band, stacks, columns
//! within each stack, optionally transposes, and relabels the digits. The harness applies a
//! random one to each puzzle (`--permute`) so that no solver is favoured by the orientation a
//! corpus happens to use, and maps every answer back with [`Transform::invert`] before it is
//! cross-checked.
//!
//! ```
//! use sudolab::{grid::Grid, random::Random, transform::Transform};
//! let puzzle = Grid::parse("1.3.\n..1.\n.1..\n2.4.")?;
//! let transform = Transform::random(2, &mut Random::new(5));
//! let moved = transform.apply(&puzzle);
//! assert_eq!(moved.givens(), puzzle.givens());
//! assert_eq!(transform.invert(&moved), puzzle);
//! # Ok::<(), sudolab::Error>(())
//! ```

use crate::grid::Grid;
use crate::random::Random;

/// One symmetry of the grids of box side `n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transform {
    /// `rows[r]`: the original row shown as row `r` (before transposition).
    rows: Vec<usize>,
    /// `columns[c]`: the original column shown as column `c`.
    columns: Vec<usize>,
    transpose: bool,
    /// `digits[d]`: the new label of digit `d` (index 0 unused, stays 0 for blanks).
    digits: Vec<u8>,
}

impl Transform {
    /// The identity for box side `n`.
    pub fn identity(n: usize) -> Transform {
        let side = n * n;
        Transform {
            rows: (0..side).collect(),
            columns: (0..side).collect(),
            transpose: false,
            digits: (0..=side as u8).collect(),
        }
    }

    /// A uniformly random symmetry for box side `n`.
    pub fn random(n: usize, random: &mut Random) -> Transform {
        let side = n * n;
        let lines = |random: &mut Random| -> Vec<usize> {
            let groups = random.permutation(n);
            groups
                .iter()
                .flat_map(|&g| {
                    random
                        .permutation(n)
                        .into_iter()
                        .map(move |i| g * n + i)
                        .collect::<Vec<_>>()
                })
                .collect()
        };
        let rows = lines(random);
        let columns = lines(random);
        let transpose = random.below(2) == 1;
        let mut digits: Vec<u8> = vec![0];
        digits.extend(random.permutation(side).into_iter().map(|d| d as u8 + 1));
        Transform {
            rows,
            columns,
            transpose,
            digits,
        }
    }

    /// The original cell shown at new position (`r`, `c`).
    fn source(&self, r: usize, c: usize) -> (usize, usize) {
        if self.transpose {
            (self.rows[c], self.columns[r])
        } else {
            (self.rows[r], self.columns[c])
        }
    }

    /// The transformed grid.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let side = grid.side();
        let cells = (0..side * side)
            .map(|cell| {
                let (r, c) = self.source(cell / side, cell % side);
                self.digits[grid.cells()[r * side + c] as usize]
            })
            .collect();
        Grid::from_cells(cells).expect("a symmetry keeps the size")
    }

    /// The original of a transformed grid: `invert(apply(g)) == g`.
    pub fn invert(&self, grid: &Grid) -> Grid {
        let side = grid.side();
        let mut original_label = vec![0u8; side + 1];
        for (d, &label) in self.digits.iter().enumerate() {
            original_label[label as usize] = d as u8;
        }
        let mut cells = vec![0u8; side * side];
        for cell in 0..side * side {
            let (r, c) = self.source(cell / side, cell % side);
            cells[r * side + c] = original_label[grid.cells()[cell] as usize];
        }
        Grid::from_cells(cells).expect("a symmetry keeps the size")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checker::check_solution;

    #[test]
    fn valid_grids_stay_valid_and_invert() {
        let solution = Grid::parse(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        )
        .unwrap();
        for seed in 0..50 {
            let transform = Transform::random(3, &mut Random::new(seed));
            let moved = transform.apply(&solution);
            assert_eq!(check_solution(&moved, &moved), Ok(()));
            assert_eq!(transform.invert(&moved), solution);
        }
        assert_eq!(Transform::identity(3).apply(&solution), solution);
    }
}
