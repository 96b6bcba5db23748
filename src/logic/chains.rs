//! Single-digit chains: simple colouring, X-chains (and XY-chains).
//!
//! For one digit, a strong link joins the two places of the digit in a unit where it has
//! exactly two: one of them holds the digit. Colouring each connected set of strong links with
//! two alternating colours, one colour is all true and the other all false. Two rules follow:
//! a colour with two cells that see each other is false everywhere ("colour wrap"), and a cell
//! seeing both colours of one chain cannot hold the digit ("colour trap").

use super::{digit_name, Position, Step, Technique};
use crate::bitset::{Digit, DigitSet};
use crate::geometry::Cell;

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
pub(super) fn seeing_both_ends(
    position: &Position,
    chain: &[Cell],
    digit: Digit,
) -> Vec<(Cell, Digit)> {
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
