//! Classic exact-cover problems with published solution counts, used to test the engine
//! against outside knowledge: N-queens, pentomino packings, Langford pairs.

use super::problem::Problem;
use crate::error::{Error, Result};

/// N-queens as Knuth's `queens-dlx` generator writes it, so that a count here and DLX1's on
/// his file branch alike (same nodes, updates and mems): rows `r*` and columns `c*` primary
/// in "organ-pipe" order, the middle first (`r4 c4 r3 c3 r5 c5 ...` for n = 8: MRV's
/// leftmost tie-break then prefers central lines, which prunes sooner); the diagonals `a*`
/// (row plus column) and anti-diagonals `b*` (column minus row, plus n - 1) secondary,
/// interleaved, without the corner cells' one-cell diagonals; one option per square, row by
/// row. Indices are written as one symbol, 0-9 then a-z then A-Z, up to n = 32 (Knuth's
/// encoding: `cover --queens 8 --emit` is his `q8.dlx` without its comments), in decimal
/// above. Solutions: 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200 for n = 1..=12.
pub fn queens(n: usize) -> Result<Problem> {
    if n == 0 || n > 64 {
        return Err(Error::InvalidArgument(format!(
            "queens: n must be 1 to 64, not {n}"
        )));
    }
    const SYMBOLS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let name = |kind: char, k: usize| {
        if n <= 32 {
            format!("{kind}{}", SYMBOLS[k] as char)
        } else {
            format!("{kind}{k}")
        }
    };
    // Organ-pipe order: n/2, n/2 - 1, n/2 + 1, n/2 - 2, ... (every line once).
    let middle = n / 2;
    let mut lines = vec![middle];
    for step in 1..=n {
        if step <= middle {
            lines.push(middle - step);
        }
        if middle + step < n {
            lines.push(middle + step);
        }
    }
    let primary: Vec<String> = lines
        .iter()
        .flat_map(|&k| [name('r', k), name('c', k)])
        .collect();
    // Diagonals 1..=2n-3: those of the corners (0 and 2n-2) hold one cell and constrain
    // nothing.
    let diagonals = 1..(2 * n).saturating_sub(2);
    let secondary: Vec<String> = diagonals
        .flat_map(|k| [name('a', k), name('b', k)])
        .collect();
    let mut problem = Problem::new(&primary, &secondary)?;
    for i in 0..n {
        for j in 0..n {
            let mut option = vec![name('r', i), name('c', j)];
            let (diagonal, anti) = (i + j, j + n - 1 - i);
            if diagonal != 0 && diagonal != 2 * n - 2 {
                option.push(name('a', diagonal));
            }
            if anti != 0 && anti != 2 * n - 2 {
                option.push(name('b', anti));
            }
            problem.add_option(&option)?;
        }
    }
    Ok(problem)
}

/// The twelve pentominoes, each as cells (row, column) of one orientation.
const PENTOMINOES: [(char, [(i32, i32); 5]); 12] = [
    ('F', [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ('I', [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]),
    ('L', [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ('N', [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)]),
    ('P', [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ('T', [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ('U', [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ('W', [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ('X', [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ('Y', [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
    ('Z', [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

/// The distinct orientations (rotations and reflections) of a piece, each normalised to
/// start at row 0 and column 0 and sorted.
fn orientations(cells: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    let mut seen: Vec<Vec<(i32, i32)>> = Vec::new();
    for flip in [false, true] {
        for turn in 0..4 {
            let mut shape: Vec<(i32, i32)> = cells
                .iter()
                .map(|&(r, c)| {
                    let (r, c) = if flip { (r, -c) } else { (r, c) };
                    (0..turn).fold((r, c), |(r, c), _| (c, -r))
                })
                .collect();
            let min_r = shape.iter().map(|p| p.0).min().unwrap_or(0);
            let min_c = shape.iter().map(|p| p.1).min().unwrap_or(0);
            for p in &mut shape {
                *p = (p.0 - min_r, p.1 - min_c);
            }
            shape.sort();
            if !seen.contains(&shape) {
                seen.push(shape);
            }
        }
    }
    seen
}

/// Packing the twelve pentominoes into a `rows` x `columns` rectangle of 60 cells: piece
/// names and cells `RrCc` (e.g. `r3c7`) primary; one option per placement of each
/// orientation. Solutions (all symmetric copies counted): 6x10 9356, 5x12 4040, 4x15 1472,
/// 3x20 8.
pub fn pentominoes(rows: usize, columns: usize) -> Result<Problem> {
    if rows * columns != 60 {
        return Err(Error::InvalidArgument(format!(
            "pentominoes: the twelve pieces cover 60 cells, but {rows}x{columns} has {}",
            rows * columns
        )));
    }
    let pieces = PENTOMINOES.iter().map(|(name, _)| name.to_string());
    let cells = (0..rows).flat_map(|r| (0..columns).map(move |c| format!("r{r}c{c}")));
    let primary: Vec<String> = pieces.chain(cells).collect();
    let mut problem = Problem::new(&primary, &[] as &[String])?;
    for (name, shape) in PENTOMINOES {
        for orientation in orientations(&shape) {
            let height = orientation.iter().map(|p| p.0).max().unwrap_or(0) as usize + 1;
            let width = orientation.iter().map(|p| p.1).max().unwrap_or(0) as usize + 1;
            for top in 0..=rows.saturating_sub(height) {
                for left in 0..=columns.saturating_sub(width) {
                    if top + height > rows || left + width > columns {
                        continue;
                    }
                    let mut option = vec![name.to_string()];
                    option.extend(
                        orientation
                            .iter()
                            .map(|&(r, c)| format!("r{}c{}", top + r as usize, left + c as usize)),
                    );
                    problem.add_option(&option)?;
                }
            }
        }
    }
    Ok(problem)
}

/// Langford pairs: place two copies of each of `1..=n` in `2n` slots so the copies of `k`
/// have `k` slots between them. Items: the numbers `1..=n` and the slots `s1..s2n`, all
/// primary. Solutions (each pair with its reversal): 0 unless n mod 4 is 0 or 3; n = 3: 2,
/// n = 4: 2, n = 7: 52, n = 8: 300.
pub fn langford(n: usize) -> Result<Problem> {
    if n == 0 || n > 32 {
        return Err(Error::InvalidArgument(format!(
            "langford: n must be 1 to 32, not {n}"
        )));
    }
    let numbers = (1..=n).map(|k| k.to_string());
    let slots = (1..=2 * n).map(|s| format!("s{s}"));
    let primary: Vec<String> = numbers.chain(slots).collect();
    let mut problem = Problem::new(&primary, &[] as &[String])?;
    for k in 1..=n {
        for first in 1..=2 * n {
            let second = first + k + 1;
            if second <= 2 * n {
                problem.add_option(&[k.to_string(), format!("s{first}"), format!("s{second}")])?;
            }
        }
    }
    Ok(problem)
}

/// What a count of a classic problem includes, for people who compare it with published
/// figures: `count` is the number of solutions found, `complete` whether the search finished.
///
/// ```
/// use sudolab::exact_cover::classic::{count_note, Classic};
/// let note = count_note(Classic::Pentominoes { rows: 6, columns: 10 }, 9356, true);
/// assert!(note.contains("2339 distinct packings"));
/// ```
pub fn count_note(problem: Classic, count: u64, complete: bool) -> String {
    match problem {
        Classic::Queens(_) => {
            "every placement counts: rotations and reflections of a solution are counted separately"
                .into()
        }
        Classic::Pentominoes { rows, columns } => {
            let distinct = if complete && count.is_multiple_of(4) {
                format!(", so these are {} distinct packings", count / 4)
            } else {
                String::new()
            };
            format!(
                "each packing is counted with its 4 symmetric copies (a {rows}x{columns} rectangle maps onto itself by 180-degree rotation and by left-right and top-bottom reflection){distinct}; published tables quote the distinct ones"
            )
        }
        Classic::Langford(_) => {
            let distinct = if complete && count.is_multiple_of(2) {
                format!(", so these are {} distinct pairings", count / 2)
            } else {
                String::new()
            };
            format!(
                "each pairing is counted with its reversal{distinct}; published tables (OEIS A014552) quote the distinct ones"
            )
        }
    }
}

/// A built-in classic problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Classic {
    /// N-queens on an N x N board.
    Queens(usize),
    /// The twelve pentominoes packed into a rectangle of 60 cells.
    Pentominoes {
        /// Rows.
        rows: usize,
        /// Columns.
        columns: usize,
    },
    /// Langford pairs of 1..=N.
    Langford(usize),
}

impl Classic {
    /// The problem.
    pub fn problem(self) -> Result<Problem> {
        match self {
            Classic::Queens(n) => queens(n),
            Classic::Pentominoes { rows, columns } => pentominoes(rows, columns),
            Classic::Langford(n) => langford(n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentomino_orientations_total_63() {
        let total: usize = PENTOMINOES.iter().map(|(_, s)| orientations(s).len()).sum();
        assert_eq!(total, 63); // the 63 fixed pentominoes
        assert!(pentominoes(7, 9).is_err());
    }
}
