//! XY-Wing, XYZ-Wing, W-Wing, and the WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-Wings.

use super::{digit_name, keep_better, set_name, Position, Step, Technique};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::Cell;

fn wing(position: &Position, pivot_size: u32) -> Option<Step> {
    let geometry = position.geometry();
    let technique = if pivot_size == 2 {
        Technique::XYWing
    } else {
        Technique::XYZWing
    };
    for pivot in geometry.cells() {
        let p = position.candidates(pivot);
        if !position.is_empty(pivot) || p.len() != pivot_size {
            continue;
        }
        let pincers: Vec<Cell> = geometry
            .peers(pivot)
            .iter()
            .copied()
            .filter(|&c| {
                let candidates = position.candidates(c);
                position.is_empty(c)
                    && candidates.len() == 2
                    && candidates.intersection(p).len() == 1 + u32::from(pivot_size == 3)
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ca, cb) = (position.candidates(a), position.candidates(b));
                if ca == cb {
                    continue;
                }
                // z: the digit the pincers share; the pincers' other digits, with z for XYZ,
                // make up the pivot.
                let shared = ca.intersection(cb);
                let Some(z) = shared.lowest() else { continue };
                if !shared.is_single() {
                    continue;
                }
                let expected = if pivot_size == 2 {
                    ca.union(cb).difference(shared)
                } else {
                    ca.union(cb)
                };
                if expected != p {
                    continue;
                }
                let must_see_pivot = pivot_size == 3;
                let eliminations: Vec<(Cell, Digit)> = position
                    .holders(z)
                    .filter(|&c| {
                        c != pivot
                            && position.sees(c, a)
                            && position.sees(c, b)
                            && (!must_see_pivot || position.sees(c, pivot))
                    })
                    .map(|c| (c, z))
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
                let explanation = format!(
                    "{}: pivot {} {} with pincers {} {} and {} {}: whichever the pivot holds, one of them is {}, so remove {} from {}",
                    technique.name(),
                    position.name(pivot),
                    set_name(p),
                    position.name(a),
                    set_name(ca),
                    position.name(b),
                    set_name(cb),
                    if pivot_size == 3 { "(or the pivot)".to_string() } else { digit_name(z).to_string() },
                    digit_name(z),
                    position.names(&removed)
                );
                let explanation = explanation.replace(
                    "one of them is (or the pivot)",
                    &format!("one of them (or the pivot) is {}", digit_name(z)),
                );
                let cells = vec![pivot, a, b];
                return Some(Step::eliminating(
                    technique,
                    eliminations,
                    cells,
                    Vec::new(),
                    explanation,
                ));
            }
        }
    }
    None
}

/// Pivot {x,y}, pincers {x,z} and {y,z} seeing it: z leaves every cell seeing both pincers.
pub fn xy_wing(position: &Position) -> Option<Step> {
    wing(position, 2)
}

/// Pivot {x,y,z}, pincers {x,z} and {y,z} seeing it: z leaves every cell seeing all three.
pub fn xyz_wing(position: &Position) -> Option<Step> {
    wing(position, 3)
}

/// W-Wing: two cells with the same two candidates {x,y} that do not see each other, joined
/// by a strong link on x (a unit where x has only two places, one seeing each cell): one of
/// the two cells is y, so y leaves every cell seeing both.
pub fn w_wing(position: &Position) -> Option<Step> {
    let geometry = position.geometry();
    let pairs: Vec<Cell> = geometry
        .cells()
        .filter(|&c| position.is_empty(c) && position.candidates(c).len() == 2)
        .collect();
    for (i, &a) in pairs.iter().enumerate() {
        for &b in &pairs[i + 1..] {
            let xy = position.candidates(a);
            if position.candidates(b) != xy || position.sees(a, b) {
                continue;
            }
            for x in xy.iter() {
                let y = xy.difference(DigitSet::single(x)).lowest()?;
                for unit in geometry.units() {
                    let places = position.places(unit, x);
                    if places.len() != 2 || places.contains(&a) || places.contains(&b) {
                        continue;
                    }
                    let (c, d) = (places[0], places[1]);
                    let linked = (position.sees(c, a) && position.sees(d, b))
                        || (position.sees(c, b) && position.sees(d, a));
                    if !linked {
                        continue;
                    }
                    let eliminations: Vec<(Cell, Digit)> = position
                        .holders(y)
                        .filter(|&k| position.sees(k, a) && position.sees(k, b))
                        .map(|k| (k, y))
                        .collect();
                    if eliminations.is_empty() {
                        continue;
                    }
                    let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
                    let explanation = format!(
                        "W-Wing: {} and {} both hold {}, and {} in {} is only in {} and {}, one seeing each; so one of the pair is {}: remove {} from {}",
                        position.name(a),
                        position.name(b),
                        set_name(xy),
                        digit_name(x),
                        geometry.unit_name(unit),
                        position.name(c),
                        position.name(d),
                        digit_name(y),
                        digit_name(y),
                        position.names(&removed)
                    );
                    let cells = vec![a, b, c, d];
                    let units = vec![unit];
                    return Some(Step::eliminating(
                        Technique::WWing,
                        eliminations,
                        cells,
                        units,
                        explanation,
                    ));
                }
            }
        }
    }
    None
}

/// The wings of Sukaku Explainer (SE's successor, whose ratings the exchange corpus
/// carries): `size` empty cells that see each other pairwise and hold `size + 1` digits
/// between them (an almost locked set: they take `size` of them), and a two-candidate cell
/// {x, z} outside them with both digits among those. When every one of the set's cells
/// that holds x sees the two-candidate cell, either that cell is z, or it is x and the set
/// loses x, locks its other digits, and one of its cells is z: either way a cell that sees
/// the two-candidate cell and every one of the set's cells holding z loses z. Three cells
/// make a WXYZ-Wing, four a VWXYZ-Wing, five a UVWXYZ-Wing, six a TUVWXYZ-Wing. Among
/// several, the lowest rated with the most eliminations.
pub fn als_wing(position: &Position, size: usize) -> Option<Step> {
    let geometry = position.geometry();
    let open: Vec<Cell> = geometry
        .cells()
        .filter(|&c| position.is_empty(c) && position.candidates(c).len() >= 2)
        .collect();
    let mut best: Option<Step> = None;
    let mut set = Vec::with_capacity(size);
    cliques(
        position,
        &open,
        0,
        size,
        DigitSet::EMPTY,
        &mut set,
        &mut |cells, digits| {
            for step in wing_eliminations(position, cells, digits) {
                keep_better(&mut best, step);
            }
        },
    );
    best
}

/// Calls `found` with every set of `size` cells of `open` (from `from` on, extending
/// `set`) that see each other pairwise and hold exactly `size + 1` digits.
fn cliques(
    position: &Position,
    open: &[Cell],
    from: usize,
    size: usize,
    digits: DigitSet,
    set: &mut Vec<Cell>,
    found: &mut dyn FnMut(&[Cell], DigitSet),
) {
    if set.len() == size {
        if digits.len() as usize == size + 1 {
            found(set, digits);
        }
        return;
    }
    for (k, &cell) in open.iter().enumerate().skip(from) {
        let union = digits.union(position.candidates(cell));
        if union.len() as usize > size + 1 || !set.iter().all(|&c| position.sees(c, cell)) {
            continue;
        }
        set.push(cell);
        cliques(position, open, k + 1, size, union, set, found);
        set.pop();
    }
}

/// The technique and SE rating of a wing whose set has `size` cells, the largest with
/// `largest` candidates (Sukaku Explainer: a base per size, plus tenths that favour the
/// middle sizes of the largest cell, which are harder to see than the extremes).
pub(super) fn wing_rating(size: usize, largest: u32) -> (Technique, f32) {
    let largest = largest as i32;
    let (technique, base, middle, top) = match size {
        3 => (Technique::WXYZWing, 55, 3, 1),
        4 => (Technique::VWXYZWing, 62, 3, 2),
        // SE rates every UVWXYZ-Wing 6.6 (largest cells of 2 to 4 candidates, measured)
        // and every TUVWXYZ-Wing 7.5 (the five in its ratings of the bundled sets).
        5 => return (Technique::UVWXYZWing, Technique::UVWXYZWing.rating()),
        _ => return (Technique::TUVWXYZWing, Technique::TUVWXYZWing.rating()),
    };
    let tenths = base + top - (middle - largest).abs();
    (technique, tenths as f32 / 10.0)
}

/// The wings of one almost locked set `cells` holding `digits`.
fn wing_eliminations(position: &Position, cells: &[Cell], digits: DigitSet) -> Vec<Step> {
    let geometry = position.geometry();
    let largest = cells
        .iter()
        .map(|&c| position.candidates(c).len())
        .max()
        .unwrap_or(0);
    let (technique, rating) = wing_rating(cells.len(), largest);
    let holders = |digit: Digit| holders_in(position, cells, digit);
    let mut steps = Vec::new();
    for pincer in geometry.cells() {
        let pair = position.candidates(pincer);
        if !position.is_empty(pincer)
            || pair.len() != 2
            || pair.intersection(digits) != pair
            || cells.contains(&pincer)
        {
            continue;
        }
        let restricted: Vec<Digit> = pair
            .iter()
            .filter(|&d| holders(d).iter().all(|&h| position.sees(h, pincer)))
            .collect();
        if restricted.len() == 2 {
            let wing = Wing {
                cells,
                digits,
                pincer,
                technique,
                rating,
            };
            steps.extend(doubly_linked(position, &wing));
        }
        for &restricted in &restricted {
            let Some(z) = pair.difference(DigitSet::single(restricted)).lowest() else {
                continue;
            };
            let z_holders = holders(z);
            let eliminations: Vec<(Cell, Digit)> = position
                .holders(z)
                .filter(|&v| {
                    v != pincer
                        && !cells.contains(&v)
                        && position.sees(v, pincer)
                        && z_holders.iter().all(|&h| position.sees(v, h))
                })
                .map(|v| (v, z))
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
            let mut wing_cells = cells.to_vec();
            wing_cells.push(pincer);
            let mut step = Step::eliminating(
                technique,
                eliminations,
                wing_cells,
                Vec::new(),
                format!(
                    "{}: {} hold {} between them, and {} is {}; every one of them holding {} sees {}, so {} is in {} or in one of {}: {} cannot be {}",
                    technique.name(),
                    position.names(cells),
                    set_name(digits),
                    position.name(pincer),
                    set_name(pair),
                    digit_name(restricted),
                    position.name(pincer),
                    digit_name(z),
                    position.name(pincer),
                    position.names(&z_holders),
                    position.names(&removed),
                    digit_name(z)
                ),
            );
            step.rating = rating;
            steps.push(step);
        }
    }
    steps
}

/// The cells of `cells` holding `digit`.
fn holders_in(position: &Position, cells: &[Cell], digit: Digit) -> Vec<Cell> {
    cells
        .iter()
        .copied()
        .filter(|&c| position.candidates(c).contains(digit))
        .collect()
}

/// A wing: its almost locked set `cells` holding `digits`, its two-candidate `pincer`, and
/// its technique and rating.
struct Wing<'a> {
    cells: &'a [Cell],
    digits: DigitSet,
    pincer: Cell,
    technique: Technique,
    rating: f32,
}

/// SE's wing "type 2": both digits of the pincer are restricted (every cell of the set
/// holding either sees the pincer). The pincer takes one, so the set loses it and locks
/// the rest: each digit of the set but the pincer's lies in the set, and each of the
/// pincer's digits in the pincer or the set. A cell seeing every holder of such a digit
/// (and the pincer, for the pincer's digits) loses it.
fn doubly_linked(position: &Position, wing: &Wing) -> Option<Step> {
    let pair = position.candidates(wing.pincer);
    let mut eliminations = Vec::new();
    for digit in wing.digits.iter() {
        let mut holders = holders_in(position, wing.cells, digit);
        if pair.contains(digit) {
            holders.push(wing.pincer);
        }
        eliminations.extend(
            position
                .holders(digit)
                .filter(|v| !holders.contains(v) && !wing.cells.contains(v))
                .filter(|&v| holders.iter().all(|&h| position.sees(v, h)))
                .map(|v| (v, digit)),
        );
    }
    if eliminations.is_empty() {
        return None;
    }
    let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
    let mut wing_cells = wing.cells.to_vec();
    wing_cells.push(wing.pincer);
    let explanation = format!(
        "{} (type 2): {} hold {} between them, and {} is {}; every one of them holding either sees {}, so whichever {} is leaves the set with the rest locked in it: remove {} from {}",
        wing.technique.name(),
        position.names(wing.cells),
        set_name(wing.digits),
        position.name(wing.pincer),
        set_name(pair),
        position.name(wing.pincer),
        position.name(wing.pincer),
        set_name(eliminations.iter().map(|e| e.1).collect()),
        position.names(&removed)
    );
    let mut step = Step::eliminating(
        wing.technique,
        eliminations,
        wing_cells,
        Vec::new(),
        explanation,
    );
    step.rating = wing.rating;
    Some(step)
}

#[cfg(test)]
mod tests {
    use crate::logic::position::{from_se_variant_marks, removals};
    use crate::logic::{find, next_step, Technique};

    #[test]
    fn six_cells_and_a_pincer_make_the_tuvwxyz_wing_sudoku_explainer_takes() {
        // Line 4 of `se_ratings_variant_anti-king_dev.se.txt.gz` (its first puzzle, SE
        // 7.5): SE's pencil marks before its step "7.5 TUVWXYZ-Wing 2626: Cells
        // r5c1,r5c2,r5c4,r5c6,r5c8,r5c9,r6c7 on values 8,9", and after it r4c7 has lost 9
        // and r5c3 2 and 6 (serate --before=%m). Row 5's six cells hold seven digits;
        // r6c7 is {8,9}, and every one of them holding 8 or 9 sees it.
        let before = [
            ".2.....8..2......9...4..........6.891..........3...7...23..67...23..67......5....",
            ".23.5..8..23.....9......7.......6.89....56..9..3.56..912...6......4.....12...6...",
            "..3.5.........6...1...........4......2.........3.5.7....3...7.........89.......89",
            "123.........4......2.....89....5.........6..91....6.89123..6..9123..6.........7..",
            "123..67..123...7...2...6.8912...6......4.....12...6.89....5....123..6.8912...6...",
            "12...6.......5.....2...6.89..3............7..12...6..9.......8912...6.89...4.....",
            "12...67..12....7...2...6...12......9.......8.12......9...4.........5......3......",
            "...4.....12.........3......12...6.......56....2..56.........789......7.9.......89",
            "........9.......8.....5..........7....3.........4.....12...6...12...6...12...6...",
        ];
        let position = from_se_variant_marks("anti-king", &before);
        let step = find(&position, Technique::TUVWXYZWing).expect("a TUVWXYZ-Wing");
        assert_eq!(step.rating, 7.5);
        let mut removed = removals(&position, &step);
        removed.sort();
        let expected = [("r4c7", 9), ("r5c3", 2), ("r5c3", 6)];
        assert_eq!(
            removed,
            expected.map(|(cell, digit)| (cell.to_string(), digit))
        );
        assert_eq!(next_step(&position), Some(step));
        // The five-cell wings find nothing here: the six cells are needed.
        assert_eq!(find(&position, Technique::UVWXYZWing), None);
    }
}
