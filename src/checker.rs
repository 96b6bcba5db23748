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
use crate::variant::{Puzzle, Regions, Rule, Variant};

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
        /// "row 3", "column 5" or "box 6"; for variants also "region 2", "main diagonal",
        /// "window 4" or "group 7".
        unit: String,
    },
    /// Two cells break a pairwise rule of a variant (row and column counted from 1).
    BadPair {
        /// The first cell (row, column).
        first: (usize, usize),
        /// The second cell.
        second: (usize, usize),
        /// The rule: "anti-knight", "anti-king" or "non-consecutive".
        rule: &'static str,
    },
    /// A killer cage repeats a digit or does not add up to its sum (counted from 1, in
    /// the order the cages are given).
    BadCage {
        /// The cage.
        cage: usize,
        /// Its sum.
        sum: u32,
        /// What its digits add up to.
        found: u32,
        /// Whether a digit repeats in it.
        repeats: bool,
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
            SolutionFault::BadPair {
                first,
                second,
                rule,
            } => write!(
                f,
                "r{}c{} and r{}c{} break the {rule} rule",
                first.0, first.1, second.0, second.1
            ),
            SolutionFault::BadCage {
                cage,
                sum,
                found,
                repeats,
            } => {
                if *repeats {
                    write!(f, "cage {cage} repeats a digit")
                } else {
                    write!(f, "cage {cage} adds up to {found}, not {sum}")
                }
            }
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

/// Checks that `solution` (cells row-major) solves the variant puzzle `puzzle`: filled,
/// agreeing with the givens, each row, column, box or jigsaw region and extra region
/// holding every digit once, no pair of cells breaking a pairwise rule, every cage
/// without repeats and adding up to its sum. Every constraint is recomputed here from the
/// variant's description by plain arithmetic, not from [`crate::variant::Layout`].
///
/// ```
/// use sudolab::{checker, variant::format};
/// let puzzle = &format::parse("variant: x\n1...............\n", None)?[0];
/// let solution = [1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3];
/// assert!(checker::check_variant_solution(puzzle, &solution).is_ok());
/// let latin_only = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
/// let fault = checker::check_variant_solution(puzzle, &latin_only).unwrap_err();
/// assert_eq!(fault.to_string(), "main diagonal does not hold every digit once");
/// # Ok::<(), sudolab::Error>(())
/// ```
pub fn check_variant_solution(puzzle: &Puzzle, solution: &[u8]) -> Result<(), SolutionFault> {
    let variant = puzzle.variant();
    let side = variant.side();
    if solution.len() != side * side {
        return Err(SolutionFault::SizeMismatch);
    }
    for (k, (&given, &found)) in puzzle.cells().iter().zip(solution).enumerate() {
        let (row, column) = (k / side + 1, k % side + 1);
        if found == 0 || found as usize > side {
            return Err(SolutionFault::Blank { row, column });
        }
        if given != 0 && given != found {
            return Err(SolutionFault::ChangedGiven {
                row,
                column,
                given,
                found,
            });
        }
    }
    let at = |row: usize, column: usize| solution[row * side + column];
    // Every region as a name and its cells (row, column).
    let mut regions: Vec<(String, Vec<(usize, usize)>)> = Vec::new();
    for i in 0..side {
        regions.push((
            format!("row {}", i + 1),
            (0..side).map(|c| (i, c)).collect(),
        ));
        regions.push((
            format!("column {}", i + 1),
            (0..side).map(|r| (r, i)).collect(),
        ));
    }
    match variant.regions() {
        Regions::Boxes { rows, columns } => {
            let (rows, columns) = (*rows, *columns);
            let across = side / columns;
            let in_box = |b: usize, k: usize| {
                (
                    (b / across) * rows + k / columns,
                    (b % across) * columns + k % columns,
                )
            };
            for b in 0..side {
                regions.push((
                    format!("box {}", b + 1),
                    (0..side).map(|k| in_box(b, k)).collect(),
                ));
            }
            if variant.has(Rule::DisjointGroups) {
                for k in 0..side {
                    let cells = (0..side).map(|b| in_box(b, k)).collect();
                    regions.push((format!("group {}", k + 1), cells));
                }
            }
            if variant.has(Rule::Windows) {
                let mut number = 0;
                let mut top = 1;
                while top + rows <= side {
                    let mut left = 1;
                    while left + rows <= side {
                        number += 1;
                        let cells = (0..side)
                            .map(|k| (top + k / rows, left + k % rows))
                            .collect();
                        regions.push((format!("window {number}"), cells));
                        left += rows + 1;
                    }
                    top += rows + 1;
                }
            }
        }
        Regions::Jigsaw(map) => {
            for region in 0..side {
                let cells = (0..side * side)
                    .filter(|&k| map[k] as usize == region)
                    .map(|k| (k / side, k % side))
                    .collect();
                regions.push((format!("region {}", region + 1), cells));
            }
        }
    }
    if variant.has(Rule::Diagonals) {
        regions.push(("main diagonal".into(), (0..side).map(|i| (i, i)).collect()));
        regions.push((
            "anti-diagonal".into(),
            (0..side).map(|i| (i, side - 1 - i)).collect(),
        ));
    }
    for (name, cells) in &regions {
        let mut seen = vec![false; side + 1];
        let complete = cells.len() == side
            && cells
                .iter()
                .all(|&(r, c)| !std::mem::replace(&mut seen[at(r, c) as usize], true));
        if !complete {
            return Err(SolutionFault::BadUnit { unit: name.clone() });
        }
    }
    check_pairs(variant, solution)?;
    for (k, cage) in variant.cages().iter().enumerate() {
        let digits: Vec<u8> = cage
            .cells
            .iter()
            .map(|&cell| solution[cell.index()])
            .collect();
        let found = digits.iter().map(|&d| u32::from(d)).sum();
        let mut sorted = digits.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let repeats = sorted.len() != digits.len();
        if repeats || found != cage.sum {
            return Err(SolutionFault::BadCage {
                cage: k + 1,
                sum: cage.sum,
                found,
                repeats,
            });
        }
    }
    Ok(())
}

/// The pairwise rules of `variant`, checked on every pair of cells at the rule's offsets.
fn check_pairs(variant: &Variant, solution: &[u8]) -> Result<(), SolutionFault> {
    let side = variant.side() as i64;
    type PairRule = (Rule, &'static [(i64, i64)], &'static str);
    let rules: [PairRule; 3] = [
        (
            Rule::AntiKnight,
            &[(1, 2), (2, 1), (1, -2), (2, -1)],
            "anti-knight",
        ),
        (Rule::AntiKing, &[(1, 1), (1, -1)], "anti-king"),
        (Rule::NonConsecutive, &[(0, 1), (1, 0)], "non-consecutive"),
    ];
    for (rule, offsets, name) in rules {
        if !variant.has(rule) {
            continue;
        }
        for row in 0..side {
            for column in 0..side {
                for &(dr, dc) in offsets {
                    let (r, c) = (row + dr, column + dc);
                    if !(0..side).contains(&r) || !(0..side).contains(&c) {
                        continue;
                    }
                    let a = solution[(row * side + column) as usize];
                    let b = solution[(r * side + c) as usize];
                    let broken = match rule {
                        Rule::NonConsecutive => a.abs_diff(b) == 1,
                        _ => a == b,
                    };
                    if broken {
                        return Err(SolutionFault::BadPair {
                            first: (row as usize + 1, column as usize + 1),
                            second: (r as usize + 1, c as usize + 1),
                            rule: name,
                        });
                    }
                }
            }
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
