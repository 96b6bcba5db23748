//! The bivalue universal grave (BUG) and its four types, as Sudoku Explainer (SE) rates them.
//! Like every uniqueness technique, they assume the puzzle has exactly one solution.
//!
//! A *grave*: every empty cell holding exactly two *grave digits* such that every digit
//! is a grave digit of 0 or 2 cells of every unit. A grave has no unique solution (each
//! of its cycles can take either of its two colourings), so when every empty cell is a
//! grave cell but a few *odd cells* with more candidates, each odd cell's candidates split
//! into two grave digits and its *extra digits*, at least one odd cell holds an extra
//! digit:
//!
//! * type 1 (BUG+1, 5.6): one odd cell: it holds one of its extra digits;
//! * type 2 (5.7): every odd cell has one extra digit x, the same: x leaves every cell
//!   seeing all of them;
//! * type 3 (5.8 for a pair, a tenth more a cell): the odd cells share a unit, where
//!   their extra digits, as one cell, make a naked subset with other cells;
//! * type 4 (5.7): two odd cells in a unit where a grave digit of both is confined to
//!   them: one of them holds it and the other its extra digit, so each keeps only that
//!   digit and its extra digits.
//!
//! Grids with extra peers (anti-king, anti-knight) have no graves here: the grave's second
//! solution could clash a knight's or king's move away.

use super::subsets::{combinations, naked_eliminations};
use super::{digit_name, set_name, Position, Step, Technique};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::{Cell, Unit};

/// The most odd cells a grave is looked for with.
const MOST_ODD_CELLS: usize = 4;

/// The most ways of splitting the odd cells tried (four cells of four candidates make
/// 6^4 = 1,296; wide cells of a 16x16 or 25x25 grid would make millions).
const MOST_SPLITS: usize = 4096;

/// The odd cells of a grave, each with its extra digits (its candidates but its two grave
/// digits), in cell order.
type OddCells = Vec<(Cell, DigitSet)>;

/// The ways the position is a grave plus odd cells: for each, the extra digits of every odd
/// cell. Empty when a cell has one candidate, or there are no odd cells or more than
/// [`MOST_ODD_CELLS`], or no split of the odd cells leaves a grave.
fn graves(position: &Position) -> Vec<OddCells> {
    let geometry = position.geometry();
    if geometry.has_extra_peers() || position.is_non_consecutive() {
        return Vec::new();
    }
    let side = geometry.side();
    let mut odd = Vec::new();
    for k in geometry.cells().filter(|&k| position.is_empty(k)) {
        match position.candidates(k).len() {
            2 => {}
            0 | 1 => return Vec::new(),
            _ if odd.len() == MOST_ODD_CELLS => return Vec::new(),
            _ => odd.push(k),
        }
    }
    if odd.is_empty() {
        return Vec::new();
    }
    // How many grave cells of each unit hold each digit, before the odd cells.
    let mut counts = vec![0u8; geometry.unit_count() * side];
    for k in geometry
        .cells()
        .filter(|&k| position.is_empty(k) && !odd.contains(&k))
    {
        for &unit in geometry.all_units_of(k) {
            for d in position.candidates(k).iter() {
                counts[unit.index() * side + d.index()] += 1;
            }
        }
    }
    let splits: Vec<Vec<DigitSet>> = odd
        .iter()
        .map(|&k| pairs_of(position.candidates(k)))
        .collect();
    if splits.iter().map(Vec::len).product::<usize>() > MOST_SPLITS {
        return Vec::new();
    }
    let mut found = Vec::new();
    let mut choice = vec![0usize; odd.len()];
    // Adds (or takes back) the odd cells' grave digits of the current split to `counts`.
    let tally = |counts: &mut [u8], choice: &[usize], add: bool| {
        for (i, &k) in odd.iter().enumerate() {
            for &unit in geometry.all_units_of(k) {
                for d in splits[i][choice[i]].iter() {
                    let count = &mut counts[unit.index() * side + d.index()];
                    *count = if add { *count + 1 } else { *count - 1 };
                }
            }
        }
    };
    loop {
        tally(&mut counts, &choice, true);
        let is_grave = counts.iter().all(|&n| n == 0 || n == 2);
        tally(&mut counts, &choice, false);
        if is_grave {
            found.push(
                odd.iter()
                    .enumerate()
                    .map(|(i, &k)| (k, position.candidates(k).difference(splits[i][choice[i]])))
                    .collect(),
            );
        }
        // The next split, like an odometer.
        let mut i = 0;
        loop {
            if i == odd.len() {
                return found;
            }
            choice[i] += 1;
            if choice[i] < splits[i].len() {
                break;
            }
            choice[i] = 0;
            i += 1;
        }
    }
}

/// Every two-digit subset of `digits`.
fn pairs_of(digits: DigitSet) -> Vec<DigitSet> {
    let all: Vec<Digit> = digits.iter().collect();
    let mut pairs = Vec::new();
    for (i, &a) in all.iter().enumerate() {
        for &b in &all[i + 1..] {
            pairs.push(DigitSet::single(a).union(DigitSet::single(b)));
        }
    }
    pairs
}

/// The units every cell of `cells` is in.
fn shared_units(position: &Position, cells: &[Cell]) -> Vec<Unit> {
    let geometry = position.geometry();
    geometry
        .all_units_of(cells[0])
        .iter()
        .copied()
        .filter(|u| cells.iter().all(|&k| geometry.all_units_of(k).contains(u)))
        .collect()
}

/// BUG type 1 (BUG+1): one odd cell, which holds one of its extra digits: placed when it
/// has one, its grave digits removed when it has more.
pub fn bug_plus_one(position: &Position) -> Option<Step> {
    graves(position).into_iter().find_map(|odd| {
        let [(cell, extra)] = odd[..] else {
            return None;
        };
        let grave = position.candidates(cell).difference(extra);
        let explanation = format!(
            "BUG+1: every empty cell but {} has two candidates, and without {} every digit would be in two cells of each of its units or none: a grave with two solutions, so {} is {}",
            position.name(cell),
            set_name(extra),
            position.name(cell),
            set_name(extra)
        );
        let units = position.geometry().all_units_of(cell).to_vec();
        if extra.is_single() {
            let digit = extra.lowest()?;
            return Some(Step {
                technique: Technique::BugPlusOne,
                placements: vec![(cell, digit)],
                eliminations: Vec::new(),
                cells: vec![cell],
                units,
                explanation,
                rating: Technique::BugPlusOne.rating(),
            });
        }
        let eliminations = grave.iter().map(|d| (cell, d)).collect();
        Some(Step::eliminating(
            Technique::BugPlusOne,
            eliminations,
            vec![cell],
            units,
            explanation,
        ))
    })
}

/// BUG type 2: every odd cell has one extra digit, the same, which leaves every cell seeing
/// all of them.
pub fn bug_type_two(position: &Position) -> Option<Step> {
    graves(position).into_iter().find_map(|odd| {
        let x = odd[0].1;
        if odd.len() < 2 || !x.is_single() || odd.iter().any(|&(_, e)| e != x) {
            return None;
        }
        let digit = x.lowest()?;
        let cells: Vec<Cell> = odd.iter().map(|o| o.0).collect();
        let eliminations: Vec<(Cell, Digit)> = position
            .holders(digit)
            .filter(|k| !cells.contains(k) && cells.iter().all(|&o| position.sees(o, *k)))
            .map(|k| (k, digit))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
        let explanation = format!(
            "BUG type 2: every empty cell has two candidates but {}, which share the extra digit {}; without it they would leave a grave with two solutions, so one of them is {}: {} cannot be {}",
            position.names(&cells),
            digit_name(digit),
            digit_name(digit),
            position.names(&removed),
            digit_name(digit)
        );
        Some(Step::eliminating(
            Technique::BugTypeTwo,
            eliminations,
            cells,
            Vec::new(),
            explanation,
        ))
    })
}

/// BUG type 4: two odd cells in a unit where a grave digit of both is confined to them; each
/// keeps that digit and its extra digits.
pub fn bug_type_four(position: &Position) -> Option<Step> {
    graves(position).into_iter().find_map(|odd| {
        let [(first, first_extra), (second, second_extra)] = odd[..] else {
            return None;
        };
        let first_grave = position.candidates(first).difference(first_extra);
        let second_grave = position.candidates(second).difference(second_extra);
        shared_units(position, &[first, second])
            .into_iter()
            .find_map(|unit| {
                let locked = first_grave
                    .intersection(second_grave)
                    .iter()
                    .find(|&d| position.place_count(unit, d) == 2)?;
                let keep = DigitSet::single(locked);
                let eliminations: Vec<(Cell, Digit)> = [(first, first_grave), (second, second_grave)]
                    .into_iter()
                    .flat_map(|(k, grave)| grave.difference(keep).iter().map(move |d| (k, d)))
                    .collect();
                let explanation = format!(
                    "BUG type 4: every empty cell has two candidates but {} and {}, one of which holds an extra digit; in {} {} can only go in those two, so each is {} or its extra digits: remove {}",
                    position.name(first),
                    position.name(second),
                    position.geometry().unit_name(unit),
                    digit_name(locked),
                    digit_name(locked),
                    set_name(eliminations.iter().map(|e| e.1).collect())
                );
                Some(Step::eliminating(
                    Technique::BugTypeFour,
                    eliminations,
                    vec![first, second],
                    vec![unit],
                    explanation,
                ))
            })
    })
}

/// BUG type 3: the odd cells share a unit, where their extra digits, as one cell, and other
/// cells make a naked subset; the lowest-rated (fewest cells) is taken.
pub fn bug_type_three(position: &Position) -> Option<Step> {
    let mut best: Option<Step> = None;
    for odd in graves(position) {
        if odd.len() < 2 {
            continue;
        }
        let cells: Vec<Cell> = odd.iter().map(|o| o.0).collect();
        let extra = odd
            .iter()
            .fold(DigitSet::default(), |set, o| set.union(o.1));
        for unit in shared_units(position, &cells) {
            let others: Vec<Cell> = position
                .geometry()
                .unit(unit)
                .iter()
                .copied()
                .filter(|&k| position.is_empty(k) && !cells.contains(&k))
                .collect();
            if let Some(step) = naked_with(position, &cells, extra, unit, &others) {
                if best.as_ref().is_none_or(|b| step.rating < b.rating) {
                    best = Some(step);
                }
            }
        }
    }
    best
}

/// The smallest naked subset of `unit` made by the odd cells' extra digits `extra`, as one
/// cell, and cells of `others`, with the eliminations it makes.
fn naked_with(
    position: &Position,
    odd: &[Cell],
    extra: DigitSet,
    unit: Unit,
    others: &[Cell],
) -> Option<Step> {
    (2..=4usize).find_map(|size| {
        combinations(others, size - 1, &mut |chosen: &[Cell]| {
            let digits = chosen
                .iter()
                .fold(extra, |set, &k| set.union(position.candidates(k)));
            if digits.len() as usize != size {
                return None;
            }
            let eliminations = naked_eliminations(position, others, chosen, digits);
            if eliminations.is_empty() {
                return None;
            }
            let explanation = format!(
                "BUG type 3: every empty cell has two candidates but {}, one of which holds one of their extra digits {}; with {} they make a naked subset of {} in {}, so remove {} from its other cells",
                position.names(odd),
                set_name(extra),
                position.names(chosen),
                set_name(digits),
                position.geometry().unit_name(unit),
                set_name(eliminations.iter().map(|e| e.1).collect())
            );
            let mut step = Step::eliminating(
                Technique::BugTypeThree,
                eliminations,
                odd.iter().chain(chosen.iter()).copied().collect(),
                vec![unit],
                explanation,
            );
            let tenths = (Technique::BugTypeThree.rating() * 10.0).round() + (size - 2) as f32;
            step.rating = tenths / 10.0;
            Some(step)
        })
    })
}

#[cfg(test)]
mod tests {
    use crate::bitset::Digit;
    use crate::logic::position::from_se_marks;
    use crate::logic::{find, next_step, Technique};

    /// The step of `technique` at SE's pencil marks: its rating and eliminations ("r1c3"
    /// and digit), and whether the ladder takes it next, as SE did.
    fn grave_step(rows: &[&str], technique: Technique) -> (f32, Vec<(String, u8)>, bool) {
        let position = from_se_marks(rows);
        let step = find(&position, technique).expect("a grave step");
        let eliminations = step
            .eliminations
            .iter()
            .map(|&(cell, digit)| (position.name(cell), Digit::get(digit)))
            .collect();
        (
            step.rating,
            eliminations,
            next_step(&position) == Some(step),
        )
    }

    fn named(cell: &str, digit: u8) -> (String, u8) {
        (cell.to_string(), digit)
    }

    #[test]
    fn type_two_finds_the_extra_digit_the_odd_cells_share_among_two() {
        // Development puzzle `......4.2.2754......9....5......1..6...2..193...4.38...51.9........82...9..7.....`
        // (`datasets/se_ratings_dev.se.txt.gz`) before SE's 42nd step, "5.7 BUG type 2:
        // r1c1,r1c2 on 3": the odd cells r1c1 {3,5,6} and r1c2 {1,3,6} share 3 and 6, and
        // only 3 is extra in both.
        let rows = [
            "..3.56...1.3..6.....3.5...........8.1.3..............9...4...........7...2.......",
            ".......8..2.............7......5.......4..........6...........9..3......1........",
            "...4.....1.3..............91.3.......2.............7.......6.......5...........8.",
            ".23........3....8..2.....8.........9....5....1..............7.....4..........6...",
            "....5.7.....4..7.....45.....2............6..........8.1................9..3......",
            "1................9.....6......4...........7....3.............8..2...........5....",
            ".2...6.......5....1..........3..6...........9...4......23.............8.......7..",
            "..3...7.....4..7....34.....1....6..........8..2...........5....1....6...........9",
            "........9.....6.8..2.....8.......7..1.3..........5.....23......1....6......4.....",
        ];
        let expected = vec![named("r1c3", 3), named("r1c5", 3), named("r3c2", 3)];
        assert_eq!(
            grave_step(&rows, Technique::BugTypeTwo),
            (5.7, expected, true)
        );
    }

    #[test]
    fn type_four_keeps_the_locked_digit_and_the_extra_one() {
        // `.5.6..27..1..9...4.9..521..9.31.........6..........8.7..1.26...8.......1.674....5`
        // before SE's 36th step, "5.7 BUG type 4: r8c4,r8c6 on 5": r8c4 {3,5,7} (3 extra)
        // and r8c6 {3,5,7} (7 extra), with 5 only in them in box 8.
        let rows = [
            "..3..........5...........8......6...1..4.....1..4......2.............7..........9",
            ".....6...1.........2.............78.........9..3...7....3.5........5..8....4.....",
            "......7..........9...4.......3....8.....5.....2.......1..........3....8......6...",
            "........9......78...3......1..............78....45.......45.........6....2.......",
            "1..4...........78.....5.....2............6.........78....4....91.......9..3......",
            "1..4......2............6.....3.5......34.............9.......8.1...5..........7..",
            "....5......3......1................9.2............6.........7.....4............8.",
            ".......8....4.............9..3.5.7....3...7....3.5.7.......6....2.......1........",
            ".2............6.........7.....4.....1......8.1......8...3.....9..3.....9....5....",
        ];
        let expected = vec![named("r8c4", 7), named("r8c6", 3)];
        assert_eq!(
            grave_step(&rows, Technique::BugTypeFour),
            (5.7, expected, true)
        );
    }

    #[test]
    fn type_three_makes_a_naked_pair_with_the_extra_digits() {
        // `....8.26....3......7.16...97.1...3..9..5...71.........5..43...7.8..164.2..4...6..`
        // before SE's 40th step, "5.8 BUG type 3: r4c2,r4c4 on 2, 4": one of r4c2 and r4c4
        // holds its extra digit, 2 or 4, which with r4c8 {2,4} is a naked pair of row 4.
        let rows = [
            "1..4.....1.......9..3.....9......7.........8.....5.....2............6.....34.....",
            ".....6......45........5..8...3.......2......9.2......9......7..1...........4...8.",
            ".2.....8.......7...23......1.............6......4.........5......3....8.........9",
            "......7...2.45....1.........2...6.8....4....9.......89..3.......2.4.........56...",
            "........9.2.4..........6.......5.....2.4.......3.............8.......7..1........",
            "...4...8...3..........5..8..2...6.........7..1................9.2.4.........56...",
            "....5.........6....2......9...4.......3.......2.....8.1...............89......7..",
            "..3.............8.......7..........91.............6......4.........5.....2.......",
            "12.......1.......9...4......2.....8.....5..........7.......6.....3.....9..3....8.",
        ];
        assert_eq!(
            grave_step(&rows, Technique::BugTypeThree),
            (5.8, vec![named("r4c5", 4)], true)
        );
    }
}
