//! Unique loops: the deadly patterns of two digits beyond the unique rectangle's four
//! cells, and the rectangle's and loops' types 2 to 4 with any number of extra cells, as
//! Sudoku Explainer (SE) rates them. Like every uniqueness technique, they assume the
//! puzzle has exactly one solution.
//!
//! A *deadly pattern* on digits {a,b}: empty cells, each holding a and b among its
//! candidates, such that every unit through one of them holds exactly two of them, and the
//! two of every such unit sit an odd number of places apart along a closed loop of the
//! cells in which each cell shares a unit with the next. Colour the loop's cells by the
//! parity of their place: every unit then holds one cell of each colour, so "a on one
//! colour, b on the other" and its swap are both legal. If the pattern held only a and b,
//! no clue could tell the two apart and the puzzle would have two solutions. So some cell
//! of the pattern holds a digit other than a and b (an *extra* cell), and:
//!
//! * type 1: one extra cell: it is neither a nor b;
//! * type 2: every extra cell holds one more digit x, the same: one of them is x, so x
//!   leaves every cell seeing all of them;
//! * type 3: two extra cells in one unit act as one cell holding their extra digits,
//!   which makes a naked subset with other cells of the unit (naked), or the cells of a
//!   hidden subset of the unit's digits with at most one of them (hidden);
//! * type 4: two extra cells in one unit where a is confined to them: one of them is a,
//!   so neither is b.
//!
//! SE's ratings, read from its listings of 5,000 development puzzles: 4.5 for four cells,
//! a tenth more for each two cells more (a loop of 6 is 4.6, of 8 4.7); type 3 adds a
//! tenth for each cell of a naked subset beyond the first real one (pair 0.1, triple 0.2)
//! and for each cell of a hidden subset beyond its pair (pair 0.0, triple 0.1).
//!
//! Looked for on grids up to 9x9 only: the search grows with the candidates (on a 25x25
//! grid, even rectangles alone took minutes a step), and SE rates 9x9 grids. Larger grids
//! keep `uniqueness.rs`'s rectangles of types 1, 2 and 4. Grids with extra peers (anti-king,
//! anti-knight) have no unique loops here: a swap can clash with a peer outside the units.

use super::subsets::{combinations, hidden_eliminations, naked_eliminations};
use super::{digit_name, keep_better, set_name, Position, Step, Technique};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::{Cell, Unit};

/// The longest loop looked for, in cells.
const LONGEST_LOOP: usize = 10;

/// The most paths the search extends for one pair of digits and one loop length. A real
/// position at SE's 4.5 level needs a few hundred; a grid of full candidates (graded with
/// `--rate-anyway`, or an empty grid) would need billions.
const PATHS_PER_LENGTH: usize = 20_000;

/// The deadly-pattern step SE rates lowest: a rectangle's type 3 or a rectangle's type 2
/// whose extra cells do not all see each other, or a loop of six cells or more of any type.
pub fn unique_loop(position: &Position) -> Option<Step> {
    let geometry = position.geometry();
    if geometry.has_extra_peers() || position.is_non_consecutive() {
        return None;
    }
    let side = geometry.side();
    if side > 9 {
        return None;
    }
    let mut search = Search {
        position,
        ab: DigitSet::default(),
        holders: Vec::new(),
        unit_counts: vec![0; geometry.unit_count()],
        path: Vec::with_capacity(LONGEST_LOOP),
        length: 4,
        paths_left: 0,
        best: None,
    };
    for a in Digit::all(side) {
        for b in Digit::all(side).filter(|&b| b > a) {
            search.ab = DigitSet::single(a).union(DigitSet::single(b));
            let ab = search.ab;
            search.holders.clear();
            search.holders.extend(geometry.cells().filter(|&k| {
                position.is_empty(k) && position.candidates(k).intersection(ab) == ab
            }));
            if search.holders.len() < 4 {
                continue;
            }
            // Shorter loops first: each length has its own budget.
            for length in (4..=LONGEST_LOOP).step_by(2) {
                search.length = length;
                search.paths_left = PATHS_PER_LENGTH;
                for start in 0..search.holders.len() {
                    search.push(search.holders[start]);
                    search.extend(start);
                    search.pop();
                }
            }
        }
    }
    search.best
}

/// A depth-first search for deadly patterns on one pair of digits.
struct Search<'a> {
    position: &'a Position,
    /// The two digits.
    ab: DigitSet,
    /// The empty cells holding both.
    holders: Vec<Cell>,
    /// How many cells of the path each unit holds (at most two).
    unit_counts: Vec<u8>,
    /// The loop so far; its first cell is the lowest of the holders it uses.
    path: Vec<Cell>,
    /// The length of the loops looked for now.
    length: usize,
    /// How many more paths may be extended at this length.
    paths_left: usize,
    /// The lowest-rated step found so far.
    best: Option<Step>,
}

impl Search<'_> {
    fn push(&mut self, cell: Cell) {
        for &unit in self.position.geometry().all_units_of(cell) {
            self.unit_counts[unit.index()] += 1;
        }
        self.path.push(cell);
    }

    fn pop(&mut self) {
        if let Some(cell) = self.path.pop() {
            for &unit in self.position.geometry().all_units_of(cell) {
                self.unit_counts[unit.index()] -= 1;
            }
        }
    }

    /// Whether `cell` can come next: it shares a unit with the last cell, no unit of it
    /// holds two cells of the path already, and every cell of the path in a unit with it
    /// lies an even number of places before it (so the two take different colours).
    fn fits(&self, cell: Cell) -> bool {
        let geometry = self.position.geometry();
        let last = self.path[self.path.len() - 1];
        if !geometry.shares_unit(cell, last) {
            return false;
        }
        if geometry
            .all_units_of(cell)
            .iter()
            .any(|unit| self.unit_counts[unit.index()] >= 2)
        {
            return false;
        }
        let place = self.path.len();
        self.path
            .iter()
            .enumerate()
            .all(|(i, &k)| k != cell && ((place - i) % 2 == 1 || !geometry.shares_unit(k, cell)))
    }

    /// Tries every way on from the path, whose first cell is holder `start`, to a loop of
    /// the length looked for now.
    fn extend(&mut self, start: usize) {
        if self.paths_left == 0 {
            return;
        }
        self.paths_left -= 1;
        if self.path.len() == self.length {
            if self.closes() {
                self.evaluate();
            }
            return;
        }
        for next in start + 1..self.holders.len() {
            let cell = self.holders[next];
            if self.fits(cell) && self.extra_cells_can_count(cell) {
                self.push(cell);
                self.extend(start);
                self.pop();
            }
        }
    }

    /// Whether the pattern's extra cells, with `cell`, can still make a type: at most one
    /// (type 1), two in one unit (types 3 and 4), or any number holding one more digit,
    /// the same (type 2). More cells never mend a set that is none of these, so the
    /// search stops there (on the forum's hardest puzzles most paths through cells of many
    /// candidates end here).
    fn extra_cells_can_count(&self, cell: Cell) -> bool {
        let position = self.position;
        let ab = self.ab;
        if position.candidates(cell) == ab {
            return true;
        }
        let mut extra = self
            .path
            .iter()
            .copied()
            .filter(|&k| position.candidates(k) != ab);
        let Some(first) = extra.next() else {
            return true;
        };
        let x = position.candidates(cell).difference(ab);
        let one_more = |k: Cell| x.is_single() && position.candidates(k) == ab.union(x);
        match extra.next() {
            None => one_more(first) || position.geometry().shares_unit(first, cell),
            Some(second) => one_more(first) && one_more(second) && extra.all(one_more),
        }
    }

    /// Whether the path is a deadly pattern: its last cell shares a unit with its first
    /// (an odd number of places apart, as its length is even), and every unit through it
    /// holds two of its cells.
    fn closes(&self) -> bool {
        let geometry = self.position.geometry();
        let (first, last) = (self.path[0], self.path[self.path.len() - 1]);
        geometry.shares_unit(first, last)
            && self.path.iter().all(|&k| {
                geometry
                    .all_units_of(k)
                    .iter()
                    .all(|unit| self.unit_counts[unit.index()] == 2)
            })
    }

    /// The steps of the closed pattern in `path`, the best kept.
    fn evaluate(&mut self) {
        let position = self.position;
        let ab = self.ab;
        let extra: Vec<Cell> = self
            .path
            .iter()
            .copied()
            .filter(|&k| position.candidates(k) != ab)
            .collect();
        let length = self.path.len();
        let base = 4.5 + 0.1 * ((length - 4) / 2) as f32;
        let mut found = Vec::new();
        match extra[..] {
            [] => {}
            [only] if length > 4 => found.extend(type_one(position, ab, only)),
            [_] => {}
            _ => {
                if length > 4 || !all_see_each_other(position, &extra) || extra.len() > 2 {
                    found.extend(type_two(position, ab, &extra));
                }
                if let [first, second] = extra[..] {
                    found.extend(pair_types(position, ab, first, second, length > 4));
                }
            }
        }
        for (kind, eliminations, units, extra_rating, why) in found {
            if eliminations.is_empty() {
                continue;
            }
            let rating = ((base + extra_rating) * 10.0).round() / 10.0;
            let step = self.step(kind, eliminations, units, rating, &why);
            keep_better(&mut self.best, step);
        }
    }

    fn step(
        &self,
        kind: u8,
        eliminations: Vec<(Cell, Digit)>,
        units: Vec<Unit>,
        rating: f32,
        why: &str,
    ) -> Step {
        let position = self.position;
        let shape = if self.path.len() == 4 {
            "Unique rectangle".to_string()
        } else {
            format!("Unique loop of {} cells", self.path.len())
        };
        let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
        let explanation = format!(
            "{shape} (type {kind}): {} could swap {} in a second solution unless {why}, so remove {} from {}",
            position.names(&self.path),
            set_name(self.ab),
            set_name(eliminations.iter().map(|e| e.1).collect()),
            position.names(&removed)
        );
        let mut step = Step::eliminating(
            Technique::UniqueLoop,
            eliminations,
            self.path.clone(),
            units,
            explanation,
        );
        step.rating = rating;
        step
    }
}

/// One way a pattern gives eliminations: its type, the eliminations, the units it rests on,
/// what the type adds to the pattern's rating, and the reason in words.
type Finding = (u8, Vec<(Cell, Digit)>, Vec<Unit>, f32, String);

fn all_see_each_other(position: &Position, cells: &[Cell]) -> bool {
    cells
        .iter()
        .enumerate()
        .all(|(i, &a)| cells[i + 1..].iter().all(|&b| position.sees(a, b)))
}

/// Type 1: the only extra cell is neither digit.
fn type_one(position: &Position, ab: DigitSet, only: Cell) -> Option<Finding> {
    let eliminations = ab.iter().map(|d| (only, d)).collect();
    let why = format!("{} holds another digit", position.name(only));
    Some((1, eliminations, Vec::new(), 0.0, why))
}

/// Type 2: every extra cell holds the same one more digit, which then leaves every cell
/// seeing all of them.
fn type_two(position: &Position, ab: DigitSet, extra: &[Cell]) -> Option<Finding> {
    let x = position.candidates(extra[0]).difference(ab);
    if !x.is_single() || extra.iter().any(|&k| position.candidates(k) != ab.union(x)) {
        return None;
    }
    let digit = x.lowest()?;
    let eliminations = position
        .holders(digit)
        .filter(|k| !extra.contains(k) && extra.iter().all(|&e| position.sees(e, *k)))
        .map(|k| (k, digit))
        .collect();
    let why = format!("one of {} is {}", position.names(extra), digit_name(digit));
    Some((2, eliminations, Vec::new(), 0.0, why))
}

/// Types 3 and 4 of two extra cells in one unit.
fn pair_types(
    position: &Position,
    ab: DigitSet,
    first: Cell,
    second: Cell,
    is_loop: bool,
) -> Vec<Finding> {
    let geometry = position.geometry();
    let shared: Vec<Unit> = geometry
        .all_units_of(first)
        .iter()
        .copied()
        .filter(|u| geometry.all_units_of(second).contains(u))
        .collect();
    let mut found = Vec::new();
    for &unit in &shared {
        if is_loop {
            found.extend(type_four(position, ab, [first, second], unit));
        }
        found.extend(type_three_naked(position, ab, [first, second], unit));
        found.extend(type_three_hidden(position, ab, [first, second], unit));
    }
    found
}

/// Type 4: one of the two digits is confined, in `unit`, to the two extra cells; one of
/// them holds it, so neither holds the other digit.
fn type_four(position: &Position, ab: DigitSet, roof: [Cell; 2], unit: Unit) -> Option<Finding> {
    let locked = ab.iter().find(|&d| position.place_count(unit, d) == 2)?;
    let other = ab.difference(DigitSet::single(locked)).lowest()?;
    let eliminations = roof
        .into_iter()
        .filter(|&k| position.candidates(k).contains(other))
        .map(|k| (k, other))
        .collect();
    let why = format!(
        "one of {} is {}, the only places for it in {}",
        position.names(&roof),
        digit_name(locked),
        position.geometry().unit_name(unit)
    );
    Some((4, eliminations, vec![unit], 0.0, why))
}

/// The empty cells of `unit` other than `roof`.
fn others(position: &Position, roof: [Cell; 2], unit: Unit) -> Vec<Cell> {
    position
        .geometry()
        .unit(unit)
        .iter()
        .copied()
        .filter(|&k| position.is_empty(k) && !roof.contains(&k))
        .collect()
}

/// Type 3, naked: the extra cells' extra digits, as one cell, and `size - 1` other cells of
/// `unit` hold `size` digits between them, which leave the unit's other cells.
fn type_three_naked(
    position: &Position,
    ab: DigitSet,
    roof: [Cell; 2],
    unit: Unit,
) -> Vec<Finding> {
    let extra_digits = position
        .candidates(roof[0])
        .union(position.candidates(roof[1]))
        .difference(ab);
    let cells = others(position, roof, unit);
    let mut found = Vec::new();
    for size in 2..=4usize {
        combinations(&cells, size - 1, &mut |subset: &[Cell]| -> Option<()> {
            let digits = subset
                .iter()
                .fold(extra_digits, |set, &k| set.union(position.candidates(k)));
            if digits.len() as usize != size {
                return None;
            }
            let eliminations = naked_eliminations(position, &cells, subset, digits);
            let why = format!(
                "{} hold one of {}, which with {} make a naked subset of {} in {}",
                position.names(&roof),
                set_name(extra_digits),
                position.names(subset),
                set_name(digits),
                position.geometry().unit_name(unit)
            );
            found.push((3, eliminations, vec![unit], 0.1 * (size - 1) as f32, why));
            None
        });
    }
    found
}

/// Type 3, hidden: `size` digits of `unit`, none an extra digit of the two extra cells and
/// one of them a or b, have their places in `size - 1` other cells and the extra cells, of
/// which at most one can hold them (both holding a or b would be the deadly pattern). So
/// those cells hold only those digits.
fn type_three_hidden(
    position: &Position,
    ab: DigitSet,
    roof: [Cell; 2],
    unit: Unit,
) -> Vec<Finding> {
    let roof_digits = position
        .candidates(roof[0])
        .union(position.candidates(roof[1]));
    let extra_digits = roof_digits.difference(ab);
    let cells = others(position, roof, unit);
    let side = position.geometry().side();
    let mut found = Vec::new();
    for size in 2..=4usize {
        combinations(&cells, size - 1, &mut |subset: &[Cell]| -> Option<()> {
            let digits: DigitSet = Digit::all(side)
                .filter(|&d| !extra_digits.contains(d) && position.place_count(unit, d) > 0)
                .filter(|&d| {
                    position
                        .places(unit, d)
                        .iter()
                        .all(|k| subset.contains(k) || roof.contains(k))
                })
                .fold(DigitSet::default(), |mut set, d| {
                    set.insert(d);
                    set
                });
            if digits.len() as usize != size || digits.intersection(ab).is_empty() {
                return None;
            }
            let eliminations = hidden_eliminations(position, subset, digits);
            let why = format!(
                "in {}, {} can only go in {} and one of {}",
                position.geometry().unit_name(unit),
                set_name(digits),
                position.names(subset),
                position.names(&roof)
            );
            found.push((3, eliminations, vec![unit], 0.1 * (size - 2) as f32, why));
            None
        });
    }
    found
}

#[cfg(test)]
mod tests {
    use crate::bitset::Digit;
    use crate::logic::position::from_se_marks;
    use crate::logic::{find, next_step, Technique};

    /// The unique-loop step at SE's pencil marks: its rating and eliminations ("r9c1" and
    /// digits), and whether the ladder takes it next, as SE did.
    fn loop_step(rows: &[&str]) -> (f32, Vec<(String, u8)>, bool) {
        let position = from_se_marks(rows);
        let step = find(&position, Technique::UniqueLoop).expect("a unique loop");
        let eliminations = step
            .eliminations
            .iter()
            .map(|&(cell, digit)| (position.name(cell), Digit::get(digit)))
            .collect();
        let next = next_step(&position).expect("a step");
        (step.rating, eliminations, next == step)
    }

    #[test]
    fn loops_of_eight_and_six_cells_rate_as_sudoku_explainer_rates_them() {
        // Development puzzle `.4256............55...73.8.6....4.5..1..8..27.......4...3...1.6.6...8......3.....`
        // (`datasets/se_ratings_dev.se.txt.gz`), before SE's 38th step: "4.7 Unique Loop
        // 8 type 1: Cells r3c7,r3c9,r8c9,r8c4,r7c4,r7c1,r9c1,r9c7 on 2, 4", which removes
        // 2 and 4 from r9c1.
        let eight = [
            ".......8....4......2...........5.........6...........9......7..1..........3......",
            "1.3...7....3...7..1.....7.........8....4......2...............9.....6.......5....",
            "....5............9.....6...1..............7....3.......2.4............8..2.4.....",
            ".....6....23...7........789......7.9.23.........4.......3....8.....5....1........",
            "..3.....91...........4..........6..9.......8.....5......3..6....2.............7..",
            ".23...7...2..5.7......5.78......67...23......1..........3..6.8....4.............9",
            ".2.4............8...3.......2.4.........5..........7..1................9.....6...",
            "1.....7.9.....6...1.....7.9.2.4.....1.......9.......8.....5......3.......2.4.....",
            "12.4....9.2..5....1...5...9..3......1.......9.....6....2.4...........7.........8.",
        ];
        let r9c1 = |d| ("r9c1".to_string(), d);
        assert_eq!(loop_step(&eight), (4.7, vec![r9c1(2), r9c1(4)], true));
        // `.6..41.3...2.7......92..8.1......79....168....36......5.4..23......8.9...7.39..2.`
        // before SE's 31st step: "4.6 Unique Loop 6 type 1: Cells r4c4,r4c6,r9c6,r9c9,
        // r8c9,r8c4 on 4, 5", which removes 4 and 5 from r4c6.
        let six = [
            "......78......6.......5..8.........9...4.....1.........2..5......3.......2....7..",
            "1.34.....1..45.....2..............8.......7....3.56......456......4.6...........9",
            "..34..7.....45............9.2.........3.5......3.56..........8....4.67..1........",
            "12..............8.1...5.......45.....23.5......345..........7..........9.....6...",
            "........9.2.45..........7..1.............6..........8..2.4........45......3......",
            ".2.4.......3...........6.........7...2..5............912.4.....1..45..8..2.....8.",
            "....5............9...4..........6...1.........2.........3............78.......78.",
            "12...6...12.........3.........45...........8.......7..........91....6......45....",
            "1....6.8.......7..1......8...3..............9...45....1....6....2..........45....",
        ];
        let r4c6 = |d| ("r4c6".to_string(), d);
        assert_eq!(loop_step(&six), (4.6, vec![r4c6(4), r4c6(5)], true));
    }

    #[test]
    fn a_rectangles_hidden_subset_rates_below_its_naked_one() {
        // Development puzzle `..4..8....91.3.874.78..4.5...9..6.....23....6786.....2465....1.81.56942.92.4...6.`
        // before SE's 17th step: "4.5 Unique Rectangle type 3: Cells r1c7,r3c7,r3c1,r1c1
        // on 2, 6", hidden pair. r1c1 {2,3,5,6} and r3c1 {2,3,6} cannot both be 2 or 6, so
        // 2 and 6 of box 1 (and column 1) need r2c1: it loses 5. The naked form (3 or 5 of
        // the two, with r1c2 {3,5} a naked pair in box 1) removes the same 5 at 4.6.
        let rectangle = [
            ".23.56.....3.5.......4.....12...67.912..5.7.9.......8..2...6.....3.....91.3.....9",
            ".2..56...........91.........2...6.....3.......2..5...........8.......7.....4.....",
            ".23..6.........7.........8.12...6..912......9...4......2...6.......5....1.3.....9",
            "1.3.5......345............912....78.12.45.78......6...1...5.7.....4...8.....5.7..",
            "1...5.......45.....2.........3......1..45.7891...5.7..1...5.7.9...4...89.....6...",
            "......7.........8......6...1.......91..45...91...5....1.3.5...9..34....9.2.......",
            "...4..........6.......5.....2....78..2....78..23...7....3...7.91..........3...789",
            ".......8.1..........3...7......5.........6...........9...4......2.........3...7..",
            "........9.2.........3...7.....4.....1.....78.1.3...7....3.5.7.......6.......5..8.",
        ];
        assert_eq!(
            loop_step(&rectangle),
            (4.5, vec![("r2c1".to_string(), 5)], true)
        );
    }
}
