//! Single-digit chains: simple colouring, X-chains, turbot fish (and XY-chains).
//!
//! For one digit, a strong link joins the two places of the digit in a unit where it has
//! exactly two: one of them holds the digit. Colouring each connected set of strong links with
//! two alternating colours, one colour is all true and the other all false. Two rules follow:
//! a colour with two cells that see each other is false everywhere ("colour wrap"), and a cell
//! seeing both colours of one chain cannot hold the digit ("colour trap").

use super::{digit_name, Position, Step, Technique};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::{Cell, Unit};

/// Simple colouring, trap then wrap, digit by digit, chain by chain.
pub fn simple_colouring(position: &Position) -> Option<Step> {
    let geometry = position.geometry();
    let cells = geometry.cell_count();
    for digit in Digit::all(geometry.side()) {
        let links = strong_links(position, digit);
        // Colour each chain (0 = uncoloured, 1 and 2 the colours) by breadth-first search.
        let mut colour = vec![0u8; cells];
        for start in geometry.cells() {
            if colour[start.index()] != 0 || links[start.index()].is_empty() {
                continue;
            }
            let mut chain = vec![start];
            colour[start.index()] = 1;
            let mut next = 0;
            while next < chain.len() {
                let cell = chain[next];
                next += 1;
                for &other in &links[cell.index()] {
                    if colour[other.index()] == 0 {
                        colour[other.index()] = 3 - colour[cell.index()];
                        chain.push(other);
                    }
                }
            }
            if chain.len() < 4 {
                continue; // a single link or a pair of links proves nothing new
            }
            let of = |c: u8| {
                chain
                    .iter()
                    .copied()
                    .filter(|&k| colour[k.index()] == c)
                    .collect::<Vec<_>>()
            };
            let (ones, twos) = (of(1), of(2));
            // Trap: an uncoloured candidate seeing both colours.
            let trapped: Vec<(Cell, Digit)> = position
                .holders(digit)
                .filter(|&k| {
                    colour[k.index()] == 0
                        && ones.iter().any(|&a| position.sees(a, k))
                        && twos.iter().any(|&b| position.sees(b, k))
                })
                .map(|k| (k, digit))
                .collect();
            if !trapped.is_empty() {
                let removed: Vec<Cell> = trapped.iter().map(|e| e.0).collect();
                let explanation = format!(
                    "Simple colouring: the strong links of {} colour {} against {}, one side holds every {}; {} {} both sides, so remove {} there",
                    digit_name(digit),
                    position.names(&ones),
                    position.names(&twos),
                    digit_name(digit),
                    position.names(&removed),
                    if removed.len() == 1 { "sees" } else { "see" },
                    digit_name(digit)
                );
                return Some(Step::eliminating(
                    Technique::SimpleColouring,
                    trapped,
                    chain.clone(),
                    Vec::new(),
                    explanation,
                ));
            }
            // Wrap: two cells of one colour in the same unit make that colour false.
            for (same, other) in [(&ones, &twos), (&twos, &ones)] {
                let clash = same
                    .iter()
                    .any(|&a| same.iter().any(|&b| position.sees(a, b)));
                if clash {
                    let explanation = format!(
                        "Simple colouring: the strong links of {} colour {} against {}; two cells of the first side share a unit, so that side is false: remove {} from it",
                        digit_name(digit),
                        position.names(same),
                        position.names(other),
                        digit_name(digit)
                    );
                    let eliminations = same.iter().map(|&k| (k, digit)).collect();
                    return Some(Step::eliminating(
                        Technique::SimpleColouring,
                        eliminations,
                        chain.clone(),
                        Vec::new(),
                        explanation,
                    ));
                }
            }
        }
    }
    None
}

/// The strong links of `digit`, per cell (by index): the other place of the digit in each
/// unit where it has exactly two.
fn strong_links(position: &Position, digit: Digit) -> Vec<Vec<Cell>> {
    let geometry = position.geometry();
    let mut links: Vec<Vec<Cell>> = vec![Vec::new(); geometry.cell_count()];
    for unit in geometry.units() {
        let places = position.places(unit, digit);
        if places.len() == 2 {
            links[places[0].index()].push(places[1]);
            links[places[1].index()].push(places[0]);
        }
    }
    links
}

/// Cells outside `chain` that see both ends and hold `digit`.
fn seeing_both_ends(position: &Position, chain: &[Cell], digit: Digit) -> Vec<(Cell, Digit)> {
    let (start, end) = (chain[0], chain[chain.len() - 1]);
    position
        .holders(digit)
        .filter(|&k| !chain.contains(&k) && position.sees(k, start) && position.sees(k, end))
        .map(|k| (k, digit))
        .collect()
}

/// X-chain: for one digit, a chain of cells joined alternately by strong links (the only two
/// places of the digit in a unit) and weak links (two places in one unit), starting and
/// ending with a strong link, at least three links long: one end holds the digit, so every
/// cell seeing both ends loses it. Shortest chains first (breadth-first from each start).
pub fn x_chain(position: &Position) -> Option<Step> {
    let geometry = position.geometry();
    let cells = geometry.cell_count();
    for digit in Digit::all(geometry.side()) {
        let strong = strong_links(position, digit);
        let holders: Vec<Cell> = position.holders(digit).collect();
        for &start in &holders {
            if strong[start.index()].is_empty() {
                continue;
            }
            // States: a cell reached by a strong link (its index k) or a weak link (cells + k).
            let mut parent = vec![usize::MAX; 2 * cells];
            let mut queue: Vec<(usize, usize)> = Vec::new(); // (state, links so far)
            for &next in &strong[start.index()] {
                parent[next.index()] = start.index();
                queue.push((next.index(), 1));
            }
            let mut head = 0;
            while head < queue.len() {
                let (state, links) = queue[head];
                head += 1;
                let (cell, by_strong) = (Cell::new(state % cells), state < cells);
                if by_strong && links >= 3 {
                    let chain = trace_states(&parent, state, start, cells);
                    let eliminations = seeing_both_ends(position, &chain, digit);
                    if !eliminations.is_empty() {
                        let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
                        let explanation = format!(
                            "X-chain on {}: {} (strong and weak links alternating); one end holds {}, so remove it from {}",
                            digit_name(digit),
                            position.names(&chain).replace(", ", " - "),
                            digit_name(digit),
                            position.names(&removed)
                        );
                        return Some(Step::eliminating(
                            Technique::XChain,
                            eliminations,
                            chain,
                            Vec::new(),
                            explanation,
                        ));
                    }
                }
                if links >= 2 * geometry.side() {
                    continue;
                }
                if by_strong {
                    // Next: a weak link to any other holder in a shared unit.
                    for &other in &holders {
                        let next = cells + other.index();
                        if other != start
                            && other != cell
                            && parent[next] == usize::MAX
                            && position.sees(cell, other)
                        {
                            parent[next] = state;
                            queue.push((next, links + 1));
                        }
                    }
                } else {
                    for &other in &strong[cell.index()] {
                        if other != start && parent[other.index()] == usize::MAX {
                            parent[other.index()] = state;
                            queue.push((other.index(), links + 1));
                        }
                    }
                }
            }
        }
    }
    None
}

/// The cells of an X-chain from state parent pointers (states fold onto cells modulo
/// `cells`), start first.
fn trace_states(parent: &[usize], end: usize, start: Cell, cells: usize) -> Vec<Cell> {
    let mut chain = vec![Cell::new(end % cells)];
    let mut state = end;
    loop {
        let previous = parent[state];
        if previous == start.index() {
            chain.push(start);
            break;
        }
        chain.push(Cell::new(previous % cells));
        state = previous;
    }
    chain.reverse();
    chain
}

/// XY-chain: a chain of two-candidate cells, each seeing the next and sharing a digit with
/// it, where the start holds z and "if the start is not z, the next is forced, ..., and the
/// end is z": either way one end is z, so every cell seeing both ends loses z.
pub fn xy_chain(position: &Position) -> Option<Step> {
    let geometry = position.geometry();
    let side = geometry.side();
    let pairs: Vec<Cell> = geometry
        .cells()
        .filter(|&k| position.is_empty(k) && position.candidates(k).len() == 2)
        .collect();
    // A state (cell, digit the cell must hold if the start is not z) as one number.
    let state_of = |cell: Cell, digit: Digit| cell.index() * 32 + digit.get() as usize;
    let cell_of = |state: usize| Cell::new(state / 32);
    for &start in &pairs {
        for z in position.candidates(start).iter() {
            let exit = position
                .candidates(start)
                .difference(DigitSet::single(z))
                .lowest()?;
            let mut parent: std::collections::HashMap<usize, usize> =
                std::collections::HashMap::new();
            let first = state_of(start, exit);
            let mut queue = vec![(first, 1usize)];
            parent.insert(first, usize::MAX);
            let mut head = 0;
            while head < queue.len() {
                let (state, length) = queue[head];
                head += 1;
                let (cell, holds) = (cell_of(state), Digit::new((state % 32) as u8));
                if cell != start && holds == z && length >= 3 {
                    let mut chain = Vec::new();
                    let mut s = state;
                    while s != usize::MAX {
                        chain.push(cell_of(s));
                        s = parent[&s];
                    }
                    chain.reverse();
                    let eliminations = seeing_both_ends(position, &chain, z);
                    if !eliminations.is_empty() {
                        let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
                        let explanation = format!(
                            "XY-chain: {}; if {} is not {} the chain forces {} to be {}, so one end is {}: remove {} from {}",
                            position.names(&chain).replace(", ", " - "),
                            position.name(start),
                            digit_name(z),
                            position.name(cell),
                            digit_name(z),
                            digit_name(z),
                            digit_name(z),
                            position.names(&removed)
                        );
                        return Some(Step::eliminating(
                            Technique::XYChain,
                            eliminations,
                            chain,
                            Vec::new(),
                            explanation,
                        ));
                    }
                }
                if length >= side * 2 {
                    continue;
                }
                for &next in &pairs {
                    if next == cell
                        || next == start
                        || !position.sees(cell, next)
                        || !position.candidates(next).contains(holds)
                    {
                        continue;
                    }
                    let other = position
                        .candidates(next)
                        .difference(DigitSet::single(holds))
                        .lowest()?;
                    let key = state_of(next, other);
                    if let std::collections::hash_map::Entry::Vacant(entry) = parent.entry(key) {
                        entry.insert(state);
                        queue.push((key, length + 1));
                    }
                }
            }
        }
    }
    None
}

/// Turbot fish, as Sukaku Explainer rates them: for one digit, two strong links (units
/// where the digit has exactly two places) joined by a weak link (an end of one sees an end
/// of the other): one of the two far ends holds the digit, so a cell seeing both loses it.
/// Two rows or two columns make a skyscraper (4.0), a row and a column a two-string kite
/// (4.1), a box with a line a turbot fish (4.2). Among several, the lowest rated with the
/// most eliminations.
pub fn turbot_fish(position: &Position) -> Option<Step> {
    use crate::geometry::UnitKind;
    let geometry = position.geometry();
    let mut best: Option<(f32, Step)> = None;
    for digit in Digit::all(geometry.side()) {
        let links: Vec<(Unit, [Cell; 2])> = geometry
            .units()
            .filter_map(|u| {
                let places = position.places(u, digit);
                (places.len() == 2).then(|| (u, [places[0], places[1]]))
            })
            .collect();
        for (i, &(first_unit, first)) in links.iter().enumerate() {
            for &(second_unit, second) in &links[i + 1..] {
                if first.iter().any(|c| second.contains(c)) {
                    continue;
                }
                let kinds = (
                    geometry.unit_kind(first_unit),
                    geometry.unit_kind(second_unit),
                );
                let (name, rating) = match kinds {
                    (UnitKind::Row, UnitKind::Row) | (UnitKind::Column, UnitKind::Column) => {
                        ("Skyscraper", 4.0)
                    }
                    (UnitKind::Row, UnitKind::Column) | (UnitKind::Column, UnitKind::Row) => {
                        ("Two-string kite", 4.1)
                    }
                    _ => ("Turbot fish", 4.2),
                };
                for (near_a, far_a) in [(first[0], first[1]), (first[1], first[0])] {
                    for (near_b, far_b) in [(second[0], second[1]), (second[1], second[0])] {
                        if !position.sees(near_a, near_b) {
                            continue;
                        }
                        let chain = [far_a, near_a, near_b, far_b];
                        let eliminations = seeing_both_ends(position, &chain, digit);
                        if eliminations.is_empty()
                            || best.as_ref().is_some_and(|(r, s)| {
                                *r < rating
                                    || (*r == rating && s.eliminations.len() >= eliminations.len())
                            })
                        {
                            continue;
                        }
                        let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
                        let explanation = format!(
                            "{name}: {} is in {} or {} ({}), and in {} or {} ({}); {} and {} see each other, so {} or {} holds it: {} cannot be {}",
                            digit_name(digit),
                            position.name(far_a),
                            position.name(near_a),
                            geometry.unit_name(first_unit),
                            position.name(near_b),
                            position.name(far_b),
                            geometry.unit_name(second_unit),
                            position.name(near_a),
                            position.name(near_b),
                            position.name(far_a),
                            position.name(far_b),
                            position.names(&removed),
                            digit_name(digit)
                        );
                        let mut step = Step::eliminating(
                            Technique::TurbotFish,
                            eliminations,
                            chain.to_vec(),
                            vec![first_unit, second_unit],
                            explanation,
                        );
                        step.rating = rating;
                        best = Some((rating, step));
                    }
                }
            }
        }
        for step in empty_rectangles(position, digit) {
            let better = best.as_ref().is_none_or(|(r, s)| {
                step.rating < *r
                    || (step.rating == *r && step.eliminations.len() > s.eliminations.len())
            });
            if better {
                best = Some((step.rating, step));
            }
        }
    }
    best.map(|(_, step)| step)
}

/// Empty rectangles (Sukaku Explainer rates them as turbot fish, 4.2): the places of
/// `digit` in a box all lie in one row and one column of it (a cross), and a line outside
/// the box holds the digit in exactly two places, one of them on the cross's row (or
/// column). If that one holds the digit, the box's digit is on the cross's column, else
/// the other place holds it: either way the cell where the other place's row (column)
/// meets the cross's column (row) cannot hold it.
fn empty_rectangles(position: &Position, digit: Digit) -> Vec<Step> {
    let geometry = position.geometry();
    let (side, n) = (geometry.side(), geometry.box_side());
    let mut steps = Vec::new();
    for b in 0..side {
        let box_unit = Unit::new(2 * side + b);
        let places = position.places(box_unit, digit);
        if places.len() < 2 {
            continue;
        }
        let (top, left) = ((b / n) * n, (b % n) * n);
        for row in top..top + n {
            for column in left..left + n {
                let on_cross =
                    |c: &Cell| geometry.row_of(*c) == row || geometry.column_of(*c) == column;
                let on_row = places
                    .iter()
                    .any(|c| geometry.row_of(*c) == row && geometry.column_of(*c) != column);
                let on_column = places
                    .iter()
                    .any(|c| geometry.column_of(*c) == column && geometry.row_of(*c) != row);
                if !places.iter().all(on_cross) || !on_row || !on_column {
                    continue;
                }
                // A strong link in a column outside the box with one end on the cross's
                // row, and the same with rows and columns exchanged.
                for transposed in [false, true] {
                    for line in 0..side {
                        let outside = if transposed {
                            (top..top + n).contains(&line)
                        } else {
                            (left..left + n).contains(&line)
                        };
                        if outside {
                            continue;
                        }
                        let unit = Unit::new(if transposed { line } else { side + line });
                        let link = position.places(unit, digit);
                        if link.len() != 2 {
                            continue;
                        }
                        for (near, far) in [(link[0], link[1]), (link[1], link[0])] {
                            let (meets, target) = if transposed {
                                (
                                    geometry.column_of(near) == column,
                                    geometry.cell_at(row, geometry.column_of(far)),
                                )
                            } else {
                                (
                                    geometry.row_of(near) == row,
                                    geometry.cell_at(geometry.row_of(far), column),
                                )
                            };
                            if !meets
                                || geometry.box_of(target) == b
                                || !position.is_empty(target)
                                || !position.candidates(target).contains(digit)
                            {
                                continue;
                            }
                            let mut step = Step::eliminating(
                                Technique::TurbotFish,
                                vec![(target, digit)],
                                vec![near, far],
                                vec![box_unit, unit],
                                format!(
                                    "Empty rectangle: {} of {} lies on row {} and column {}; in {} it is in {} or {}: if {}, the box's {} is on the other line of the cross; either way {} cannot be {}",
                                    digit_name(digit),
                                    geometry.unit_name(box_unit),
                                    row + 1,
                                    column + 1,
                                    geometry.unit_name(unit),
                                    position.name(near),
                                    position.name(far),
                                    position.name(near),
                                    digit_name(digit),
                                    position.name(target),
                                    digit_name(digit)
                                ),
                            );
                            step.rating = 4.2;
                            steps.push(step);
                        }
                    }
                }
            }
        }
    }
    steps
}

/// Turbot fish with three strong links, as Sukaku Explainer rates them: for one digit,
/// three strong links joined end to end by two weak links; one of the two far ends holds
/// the digit, so a cell seeing both loses it. Three rows or three columns are rated 5.4
/// (a skyscraper with three links), links in both a row and a column 5.6 (a three-string
/// kite), the others 5.5. Among several, the lowest rated with the most eliminations.
pub fn three_link_turbot_fish(position: &Position) -> Option<Step> {
    use crate::geometry::UnitKind;
    let geometry = position.geometry();
    let mut best: Option<(f32, Step)> = None;
    for digit in Digit::all(geometry.side()) {
        let links: Vec<(Unit, [Cell; 2])> = geometry
            .units()
            .filter_map(|u| {
                let places = position.places(u, digit);
                (places.len() == 2).then(|| (u, [places[0], places[1]]))
            })
            .collect();
        // Ends of a link as (near, far) pairs, both orientations.
        let oriented = |k: usize| {
            let [a, b] = links[k].1;
            [(a, b), (b, a)]
        };
        for middle in 0..links.len() {
            for (x, y) in oriented(middle) {
                for first in (0..links.len()).filter(|&k| k != middle) {
                    for (near_a, far_a) in oriented(first) {
                        if near_a == x || !position.sees(near_a, x) {
                            continue;
                        }
                        for last in (0..links.len()).filter(|&k| k != middle && k != first) {
                            for (near_c, far_c) in oriented(last) {
                                let chain = [far_a, near_a, x, y, near_c, far_c];
                                let distinct = chain
                                    .iter()
                                    .enumerate()
                                    .all(|(i, c)| !chain[i + 1..].contains(c));
                                if !distinct || !position.sees(y, near_c) {
                                    continue;
                                }
                                let kinds =
                                    [first, middle, last].map(|k| geometry.unit_kind(links[k].0));
                                let rating = if kinds.iter().all(|&k| k == UnitKind::Row)
                                    || kinds.iter().all(|&k| k == UnitKind::Column)
                                {
                                    5.4
                                } else if kinds.contains(&UnitKind::Row)
                                    && kinds.contains(&UnitKind::Column)
                                {
                                    5.6
                                } else {
                                    5.5
                                };
                                let eliminations = seeing_both_ends(position, &chain, digit);
                                if eliminations.is_empty()
                                    || best.as_ref().is_some_and(|(r, s)| {
                                        *r < rating
                                            || (*r == rating
                                                && s.eliminations.len() >= eliminations.len())
                                    })
                                {
                                    continue;
                                }
                                let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
                                let explanation = format!(
                                    "Turbot fish with three strong links: {} is in one of each pair {} / {}, {} / {}, {} / {} (the only places in {}, {}, {}), and the pairs are joined where cells see each other, so {} or {} holds it: {} cannot be {}",
                                    digit_name(digit),
                                    position.name(far_a),
                                    position.name(near_a),
                                    position.name(x),
                                    position.name(y),
                                    position.name(near_c),
                                    position.name(far_c),
                                    geometry.unit_name(links[first].0),
                                    geometry.unit_name(links[middle].0),
                                    geometry.unit_name(links[last].0),
                                    position.name(far_a),
                                    position.name(far_c),
                                    position.names(&removed),
                                    digit_name(digit)
                                );
                                let mut step = Step::eliminating(
                                    Technique::ThreeLinkTurbotFish,
                                    eliminations,
                                    chain.to_vec(),
                                    vec![links[first].0, links[middle].0, links[last].0],
                                    explanation,
                                );
                                step.rating = rating;
                                best = Some((rating, step));
                            }
                        }
                    }
                }
            }
        }
    }
    best.map(|(_, step)| step)
}
