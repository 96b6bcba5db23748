//! Aligned triplet exclusion (Sudoku Explainer, 7.5): three *base cells* take one of
//! their candidates each, and some of the combinations cannot be:
//!
//! * two base cells that see each other cannot hold the same digit;
//! * an *excluding cell* (one seeing all three base cells, with two or three candidates)
//!   cannot lose all its candidates: a combination whose digits cover the excluding
//!   cell's candidates would leave it none.
//!
//! A candidate of a base cell that no remaining combination uses is eliminated. The base
//! cells need not see each other ("aligned" is SE's name; what matters is the excluding
//! cells they share). Learned from SE's hints on the development splits: for each base
//! triple with at least two excluding cells in common (SE passed over a triple with one,
//! and took it once a second appeared: windoku development puzzle 150 of the second
//! split), SE lists the combinations it excludes and why, and removes the candidates left
//! without a combination.
//!
//! SE rates only 9x9 grids; here the search runs on grids of at most 128 cells (cell sets
//! fit a `u128`), where a triple of cells with nine candidates each makes 729 combinations.

use super::{elimination_names, keep_better, Position, Step, Technique};
use crate::bitset::{set_bits, DigitSet};
use crate::geometry::Cell;

/// The most candidates an excluding cell may have: one per base cell.
const BASE_CELLS: u32 = 3;

/// The fewest excluding cells the three base cells must share.
const FEWEST_COMMON_EXCLUDING: u32 = 2;

/// Aligned triplet exclusion: the step removing the most candidates.
pub fn aligned_triplet_exclusion(position: &Position) -> Option<Step> {
    let geometry = position.geometry();
    if geometry.cell_count() > 128 {
        return None;
    }
    // For every base cell (empty, two or more candidates), the excluding cells it sees.
    let excluding = |cell: Cell| -> u128 {
        geometry
            .peers(cell)
            .iter()
            .filter(|&&p| {
                position.is_empty(p) && (2..=BASE_CELLS).contains(&position.candidates(p).len())
            })
            .fold(0, |set, p| set | 1u128 << p.index())
    };
    let bases: Vec<(Cell, u128)> = geometry
        .cells()
        .filter(|&c| position.is_empty(c) && position.candidates(c).len() >= 2)
        .map(|c| (c, excluding(c)))
        .filter(|&(_, seen)| seen != 0)
        .collect();
    let mut best = None;
    let mut excluders: Vec<DigitSet> = Vec::new();
    for (i, &(a, seen_a)) in bases.iter().enumerate() {
        for (j, &(b, seen_b)) in bases.iter().enumerate().skip(i + 1) {
            let seen_ab = seen_a & seen_b;
            if seen_ab == 0 {
                continue;
            }
            for &(c, seen_c) in &bases[j + 1..] {
                let common = seen_ab & seen_c;
                if common.count_ones() < FEWEST_COMMON_EXCLUDING {
                    continue;
                }
                excluders.clear();
                excluders.extend(set_bits(common).map(|k| position.candidates(Cell::new(k))));
                if let Some(step) = exclusion(position, [a, b, c], &excluders, common) {
                    keep_better(&mut best, step);
                }
            }
        }
    }
    best
}

/// The step of one base triple, if some candidate of a base cell is in no combination
/// left after the exclusions.
fn exclusion(
    position: &Position,
    base: [Cell; 3],
    excluders: &[DigitSet],
    common: u128,
) -> Option<Step> {
    let geometry = position.geometry();
    let [a, b, c] = base;
    let (sees_ab, sees_ac, sees_bc) = (
        geometry.sees(a, b),
        geometry.sees(a, c),
        geometry.sees(b, c),
    );
    let mut used = [DigitSet::EMPTY; 3];
    for x in position.candidates(a).iter() {
        for y in position.candidates(b).iter() {
            if sees_ab && x == y {
                continue;
            }
            for z in position.candidates(c).iter() {
                if (sees_ac && x == z) || (sees_bc && y == z) {
                    continue;
                }
                let values = DigitSet::single(x)
                    .union(DigitSet::single(y))
                    .union(DigitSet::single(z));
                if excluders.iter().any(|&e| e.difference(values).is_empty()) {
                    continue;
                }
                used[0].insert(x);
                used[1].insert(y);
                used[2].insert(z);
            }
        }
    }
    let mut eliminations = Vec::new();
    for (k, &cell) in base.iter().enumerate() {
        for digit in position.candidates(cell).difference(used[k]).iter() {
            eliminations.push((cell, digit));
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let excluding: Vec<Cell> = set_bits(common).map(Cell::new).collect();
    let explanation = format!(
        "Aligned triplet exclusion: {} take no combination of their candidates with {} \
         (two of them seeing each other would repeat a digit, or {} would be left \
         without a candidate)",
        position.names(&base),
        elimination_names(position, &eliminations),
        position.names(&excluding),
    );
    let mut cells = base.to_vec();
    cells.extend(excluding);
    Some(Step::eliminating(
        Technique::AlignedTripletExclusion,
        eliminations,
        cells,
        Vec::new(),
        explanation,
    ))
}

#[cfg(test)]
mod tests {
    use crate::logic::position::{from_se_marks, from_se_variant_marks};
    use crate::logic::{find, next_step, Technique};

    #[test]
    fn three_cells_lose_a_candidate_no_combination_uses_as_sudoku_explainer_found() {
        // Development puzzle `.3.......1..6.....6.78..9...53..17.29.......52.67..49...9..21.6.....4..7.......5.`
        // (`datasets/se_ratings_dev.se.txt.gz`) before SE's 19th step, "7.5 Aligned Triplet
        // Exclusion: r2c3,r3c8,r3c9", which removes 4 from r3c9: r2c9 {3,4,8} and r3c2
        // {2,4} see all three cells, and every combination with 4 in r3c9 covers one of them.
        let rows = [
            "...45..8...3.......2..5..8.12.4.....12.4..7..........9.....6....2....78.1..4...8.",
            "1................9.2.....8......6....234..7....3...7......5.....23...78...34...8.",
            ".....6....2.4...........7.........8.12345......3.5............9.23......1.34.....",
            "...4...8.....5......3.........4....9...4...891..............7.......6....2.......",
            "........9......7.....4...8..234......234.6.8...3..6.8...3....8.1............5....",
            ".2.......1.............6.........7....3.5..8...3.5..8....4.............9..3....8.",
            "..3.5.7.........8.........9..3.5......3...7...2.......1...........4..........6...",
            "..3.5.....2...6...12..5....1.3.5...91.3..6.89...4......23....8...3....8.......7..",
            "..34..7...2.4.6...12.4.....1.3......1.3..678...3..678..23....8.....5............9",
        ];
        let position = from_se_marks(&rows);
        let step = find(&position, Technique::AlignedTripletExclusion).expect("an exclusion");
        assert_eq!(step.rating, 7.5);
        let eliminations = crate::logic::position::removals(&position, &step);
        assert_eq!(eliminations, [("r3c9".to_string(), 4)]);
        assert_eq!(next_step(&position), Some(step));
    }

    #[test]
    fn the_three_cells_share_two_excluding_cells_as_sudoku_explainer_takes_them() {
        // Windoku development puzzle 150 of `se_ratings_variant_windoku_dev2.se.txt.gz`.
        // Before SE's 29th step (8.3 cell forcing chains) and before its 34th (7.5 aligned
        // triplet exclusion on r4c3, r6c4, r6c2, removing 9 from r6c4), the same three
        // cells and candidates; at the 29th only r8c3 {1,5,9} sees all three with at most
        // three candidates, at the 34th r6c1 {1,6,8} too. SE takes the exclusion only then.
        let before = [
            "......7..1...5...........8.12..5.......4.............9.....6...123.5....1.3......",
            "..3.......2...6......4.....1...5..8.......7..12..56.8.12..5....12..5...91.......9",
            "1...5...912..56..91...56..9..3......1...56...12...6.........7.....4............8.",
            "...4...........7..1...5....1...5..891...56..91.3.56.8.1.3.5..8.1.3..6.89.2.......",
            "1....6.891...56..9..3............7..12.....8912..5..8....4.....1...5..8.1....6..9",
            "1...56.891...5...9.2.......1..45...91.3.5..891.3456.8.1.3.5....1.3.56.8.......7..",
            "12..............8.......7..1..45....123.5....12345............9123..6...1.3..6...",
            "12..5...9..3......1...5...9.....6...12.....89......7..12.....8.12.....8....4.....",
            "12...6..9...4.....1....6..912......9123....89123....8.123....8.......7......5....",
        ];
        let after = [
            "......7..1...5...........8.12..5.......4.............9.....6...123.5....1.3......",
            "..3.......2...6......4.....1...5..8.......7..12..56.8.12..5....12..5...91.......9",
            "1...5...912...6..91...56..9..3......1...56...12...6.........7.....4............8.",
            "...4...........7..1...5....1...5..89....56..91.3.56.8.1.3.5..8.1.3..6.89.2.......",
            "1....6.891...56..9..3............7..12.....8912..5..8....4.....1...5..8.1....6..9",
            "1....6.8.1...5...9.2.......1..45...91.3.5..891.3456.8.1.3.5....1.3.56.8.......7..",
            "12..............8.......7..1..45....123.5....12345............9123..6...1.3..6...",
            "12..5...9..3......1...5...9.....6...12.....89......7..12.....8.12.....8....4.....",
            "12...6..9...4..........6..912......9123....89123....8.123....8.......7......5....",
        ];
        let position = from_se_variant_marks("windoku", &before);
        assert_eq!(find(&position, Technique::AlignedTripletExclusion), None);
        let position = from_se_variant_marks("windoku", &after);
        let step = find(&position, Technique::AlignedTripletExclusion).expect("an exclusion");
        let removed = crate::logic::position::removals(&position, &step);
        assert_eq!(removed, [("r6c4".to_string(), 9)]);
        assert_eq!(next_step(&position), Some(step));
    }
}
