//! What Sudoku Explainer does in place of locked candidates and naked subsets on variant
//! grids, whose cells may see each other without sharing a unit (a diagonal, a window, a
//! knight's move): the same reasoning with "a cell seeing them all" in place of "the rest
//! of the unit". On a classic grid they find nothing the classic techniques would not, so
//! the ladder leaves them to variant geometries ([`Geometry::is_variant`]) and the
//! classic ones to classic grids.
//!
//! [`Geometry::is_variant`]: crate::geometry::Geometry::is_variant

use super::{digit_name, set_name, Position, Step, Technique};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::Cell;

/// Generalized intersection (SE 2.9): a digit's places in a unit all see some cell outside
/// it, so that cell cannot hold the digit. Pointing and claiming are the classic cases.
pub fn generalized_intersection(position: &Position) -> Option<Step> {
    let geometry = position.geometry();
    if !geometry.is_variant() {
        return None;
    }
    for unit in geometry.units() {
        for digit in Digit::all(geometry.side()) {
            let places = position.places(unit, digit);
            if places.len() < 2 {
                continue;
            }
            let eliminations: Vec<(Cell, Digit)> = position
                .holders(digit)
                .filter(|c| !places.contains(c) && places.iter().all(|&p| position.sees(p, *c)))
                .map(|c| (c, digit))
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
            let explanation = format!(
                "Generalized intersection: in {}, {} can only go in {}, and {} see{} them all: \
                 remove it there",
                geometry.unit_name(unit),
                digit_name(digit),
                position.names(&places),
                position.names(&removed),
                if removed.len() == 1 { "s" } else { "" }
            );
            return Some(Step::eliminating(
                Technique::GeneralizedIntersection,
                eliminations,
                places,
                vec![unit],
                explanation,
            ));
        }
    }
    None
}

/// SE's direct pointing on a variant grid (`pointing`): a digit's places in a box all lie
/// in another unit (a line, a diagonal, a window), so the digit leaves the rest of that
/// unit; the step is taken when that leaves a hidden single in a box, and places it.
/// Direct claiming (not `pointing`) starts from a unit other than a box, and is taken when
/// the eliminations leave a hidden single in a unit of the home unit's kind (a disjoint
/// group's claiming, a single in a disjoint group), and places it. Rules tried on the
/// development split of `datasets/SOURCES.md`, ER equal, windoku / disjoint groups: a
/// single in a unit of the home's kind 89 / 93%; one of the claimed places left alone in
/// its box 89 / 92%; no direct claiming 87 / 89% (session 19); a single in any box 85 /
/// 87%, in any unit 84 / 91%, in any unit but a box 86 / 91%. Nothing on a classic grid
/// (see [`super::intersections`]).
pub fn direct_locking(position: &Position, pointing: bool) -> Option<Step> {
    use super::singles::{direct, DirectSingle};
    use crate::geometry::UnitKind;
    let geometry = position.geometry();
    if !geometry.is_variant() {
        return None;
    }
    let technique = if pointing {
        Technique::DirectPointing
    } else {
        Technique::DirectClaiming
    };
    for home in geometry.units() {
        if (geometry.unit_kind(home) == UnitKind::Box) != pointing {
            continue;
        }
        for digit in Digit::all(geometry.side()) {
            let places = position.places(home, digit);
            if places.len() < 2 {
                continue;
            }
            for &target in geometry.all_units_of(places[0]) {
                let cells = geometry.unit(target);
                if target == home || !places.iter().all(|p| cells.contains(p)) {
                    continue;
                }
                let eliminations = position.eliminations_outside(target, digit, &places);
                if eliminations.is_empty() {
                    continue;
                }
                let explanation = format!(
                    "{}: in {}, {} can only go in {} (all in {}), so it leaves the rest of {}",
                    technique.name(),
                    geometry.unit_name(home),
                    digit_name(digit),
                    position.names(&places),
                    geometry.unit_name(target),
                    geometry.unit_name(target)
                );
                let units = vec![home, target];
                let step =
                    Step::eliminating(technique, eliminations, places.clone(), units, explanation);
                let within = if pointing {
                    DirectSingle::InBox
                } else {
                    DirectSingle::OfKind(geometry.unit_kind(home))
                };
                if let Some(step) = direct(position, step, technique, within) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Generalized naked subset (SE's "generalized naked pair/triplet/quad", rated as the
/// naked ones): `k` cells that all see each other with `k` candidates between them hold
/// those `k` digits, one each, so a cell seeing every one of them that has a digit cannot
/// hold it. On a variant grid the naked subsets are found this way.
pub fn naked_anywhere(position: &Position, k: usize, technique: Technique) -> Option<Step> {
    let geometry = position.geometry();
    let small: Vec<Cell> = geometry
        .cells()
        .filter(|&c| {
            position.is_empty(c) && (2..=k).contains(&(position.candidates(c).len() as usize))
        })
        .collect();
    let mut chosen = Vec::with_capacity(k);
    search(
        position,
        &small,
        0,
        k,
        &mut chosen,
        DigitSet::EMPTY,
        technique,
    )
}

/// Extends `chosen` (cells seeing each other, candidates `digits`) from `small[from..]`.
fn search(
    position: &Position,
    small: &[Cell],
    from: usize,
    k: usize,
    chosen: &mut Vec<Cell>,
    digits: DigitSet,
    technique: Technique,
) -> Option<Step> {
    if chosen.len() == k {
        return (digits.len() as usize == k).then(|| step(position, chosen, digits, technique))?;
    }
    for i in from..small.len() {
        let cell = small[i];
        let union = digits.union(position.candidates(cell));
        if union.len() as usize > k || !in_one_unit(position, chosen, cell) {
            continue;
        }
        chosen.push(cell);
        let found = search(position, small, i + 1, k, chosen, union, technique);
        chosen.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Whether `cells` and `cell` lie in one unit (a row, column, box or extra region):
/// SE's subsets are a unit's cells, even where cells of several units see each other
/// pairwise (across a window and a box, or a knight's move). On a classic grid cells that
/// see each other pairwise always share a unit.
pub(super) fn in_one_unit(position: &Position, cells: &[Cell], cell: Cell) -> bool {
    let geometry = position.geometry();
    cells.iter().fold(geometry.unit_mask(cell), |common, &c| {
        common & geometry.unit_mask(c)
    }) != 0
}

/// The step of a generalized naked subset, if it eliminates anything.
fn step(
    position: &Position,
    cells: &[Cell],
    digits: DigitSet,
    technique: Technique,
) -> Option<Step> {
    let mut eliminations = Vec::new();
    for digit in digits.iter() {
        let holding: Vec<Cell> = cells
            .iter()
            .copied()
            .filter(|&c| position.candidates(c).contains(digit))
            .collect();
        eliminations.extend(
            position
                .holders(digit)
                .filter(|c| !cells.contains(c) && holding.iter().all(|&h| position.sees(h, *c)))
                .map(|c| (c, digit)),
        );
    }
    if eliminations.is_empty() {
        return None;
    }
    eliminations.sort_unstable();
    let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
    let explanation = format!(
        "{}: {} see each other and hold only {} between them, so each of those digits is in \
         one of them: remove it from {}",
        technique.name(),
        position.names(cells),
        set_name(digits),
        position.names(&removed)
    );
    Some(Step::eliminating(
        technique,
        eliminations,
        cells.to_vec(),
        Vec::new(),
        explanation,
    ))
}

/// SE's direct claiming on a variant grid (see [`direct_locking`]).
pub fn direct_claiming(position: &Position) -> Option<Step> {
    direct_locking(position, false)
}

#[cfg(test)]
mod tests {
    use crate::logic::position::from_se_variant_marks;
    use crate::logic::{find, next_step, Technique};

    #[test]
    fn anti_knight_subsets_are_cells_sharing_units_as_sudoku_explainer_takes_them() {
        // Puzzle 11 of the anti-knight development split
        // (`datasets/se_ratings_variant_anti-knight_dev.se.txt.gz`) before SE's 40th step,
        // "4.3 Grouped 2 Strong links", which removes 2 from r5c3. r5c7 {2,4,6}, r5c9 {2,4}
        // and r7c8 {4,6} hold three digits and each pair is a row or a knight's move
        // apart, but SE takes no naked triple there (3.6): the cells of its subsets share
        // units. Before that rule, the triple was taken here and the puzzle rated 3.6.
        let rows = [
            "...456..9...45...9......7...2.456..9..345...91.........2.4.6..9..34.6..........8.",
            "...456..91...........456..9.......8...3.5.....2.4.6..9.2.4.67...2.4.6.....3...7..",
            ".2.........3.............8....4.6..9...4....9......7.....4.6..9....5....1........",
            "......7.........8....456....2.456...1.........2.4.6.....3..............9.2.456...",
            "1...........45...9.2.456..9..3456..9.......8...34.6....2.4.6.........7...2.4.....",
            "...456..9.2.4.......3.......2.4....9......7...2.45...91...............8....456...",
            ".......8.......7..1..........34......2.........345...9...45.......4.6......4.6..9",
            "...45...9.2.45...9...4....91.............6..........8....45.7...234.......3...7..",
            "..3...........6....2.45..........7.....45...9...4....9.......8.1.........2.4....9",
        ];
        let position = from_se_variant_marks("anti-knight", &rows);
        assert_eq!(find(&position, Technique::NakedTriple), None);
        let step = next_step(&position).expect("a step");
        assert_eq!(step.rating, 4.3, "{}", step.explanation);
        // The same technique on the same digit (SE removed 2 from r5c3; among hints as
        // rated and as long, the one taken here removes 2 from r4c9).
        assert_eq!(step.technique, Technique::GroupedTurbotFish);
        assert!(step.eliminations.iter().all(|&(_, digit)| digit.get() == 2));
    }

    #[test]
    fn windoku_subsets_lie_in_one_unit_as_sudoku_explainer_takes_them() {
        // Windoku development puzzle 158 of `se_ratings_variant_windoku_dev2.se.txt.gz`
        // before SE's 34th step, "4.1 2 Strong links" (a two-string kite on 5). r2c1,
        // r3c2 and r3c9 {1,5,9} see each other pairwise (box 1, row 3, and an implied
        // window), but lie in no one unit: SE takes no naked triple there (3.6).
        let rows = [
            ".2..............8.1.......91.....7.9..3...........6......4.....1...5....1...5.7.9",
            "1...5.......4.......3.............8.1...5.7.91.......9.....6....2.......1.....7.9",
            ".....6...1...5...9......7..1...5...9.2..........4............8...3......1.......9",
            "..3......12...6...12...6...12...6..9.......8.1...5...91...5..........7.....4.....",
            "1...5.7..12...67.....4.....12...67..1...567....3..............91...5..8.1...5..8.",
            "........91...5.7.........8....4.....1...5.7..1...5.7....3...........6....2.......",
            ".......8.12...67.912...6..91.3.5.7..1...567..12..5.7..12..5.7.....4.....1.3.56...",
            "1.....7..12...67..12...6.....3.5.......4............8.12..5.7..........91.3.56...",
            "...4.......3..........5....1....6..91....6..9.2....7...2....7..1......8.1....6.8.",
        ];
        let position = from_se_variant_marks("windoku", &rows);
        assert_eq!(find(&position, Technique::NakedTriple), None);
        let step = next_step(&position).expect("a step");
        assert_eq!(step.rating, 4.1, "{}", step.explanation);
        let removed = crate::logic::position::removals(&position, &step);
        assert_eq!(removed, [("r6c5".to_string(), 5)]);
    }
}
