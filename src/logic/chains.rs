//! Single-digit chains: simple colouring.
//!
//! For one digit, a strong link joins the two places of the digit in a unit where it has
//! exactly two: one of them holds the digit. Colouring each connected set of strong links with
//! two alternating colours, one colour is all true and the other all false. Two rules follow:
//! a colour with two cells that see each other is false everywhere ("colour wrap"), and a cell
//! seeing both colours of one chain cannot hold the digit ("colour trap").

use super::{digit_name, Position, Step, Technique};

/// Simple colouring, trap then wrap, digit by digit, chain by chain.
pub fn simple_colouring(position: &Position) -> Option<Step> {
    let geometry = position.geometry();
    let cells = geometry.cells();
    for digit in 1..=geometry.side() as u8 {
        // Strong links of this digit.
        let mut links: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for unit in 0..geometry.units() {
            let places = position.places(unit, digit);
            if places.len() == 2 {
                links[places[0]].push(places[1]);
                links[places[1]].push(places[0]);
            }
        }
        // Colour each chain (0 = uncoloured, 1 and 2 the colours) by breadth-first search.
        let mut colour = vec![0u8; cells];
        for start in 0..cells {
            if colour[start] != 0 || links[start].is_empty() {
                continue;
            }
            let mut chain = vec![start];
            colour[start] = 1;
            let mut next = 0;
            while next < chain.len() {
                let cell = chain[next];
                next += 1;
                for &other in &links[cell] {
                    if colour[other] == 0 {
                        colour[other] = 3 - colour[cell];
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
                    .filter(|&k| colour[k] == c)
                    .collect::<Vec<_>>()
            };
            let (ones, twos) = (of(1), of(2));
            // Trap: an uncoloured candidate seeing both colours.
            let trapped: Vec<(usize, u8)> = (0..cells)
                .filter(|&k| {
                    colour[k] == 0
                        && position.value(k) == 0
                        && position.candidates(k).contains(digit)
                        && ones.iter().any(|&a| position.sees(a, k))
                        && twos.iter().any(|&b| position.sees(b, k))
                })
                .map(|k| (k, digit))
                .collect();
            if !trapped.is_empty() {
                let removed: Vec<usize> = trapped.iter().map(|e| e.0).collect();
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

/// Cells outside `chain` that see both ends and hold `digit`.
fn seeing_both_ends(position: &Position, chain: &[usize], digit: u8) -> Vec<(usize, u8)> {
    let (start, end) = (chain[0], chain[chain.len() - 1]);
    (0..position.geometry().cells())
        .filter(|&k| {
            !chain.contains(&k)
                && position.value(k) == 0
                && position.candidates(k).contains(digit)
                && position.sees(k, start)
                && position.sees(k, end)
        })
        .map(|k| (k, digit))
        .collect()
}

/// X-chain: for one digit, a chain of cells joined alternately by strong links (the only two
/// places of the digit in a unit) and weak links (two places in one unit), starting and
/// ending with a strong link, at least three links long: one end holds the digit, so every
/// cell seeing both ends loses it. Shortest chains first (breadth-first from each start).
pub fn x_chain(position: &Position) -> Option<Step> {
    let geometry = position.geometry();
    let cells = geometry.cells();
    for digit in 1..=geometry.side() as u8 {
        let mut strong: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for unit in 0..geometry.units() {
            let places = position.places(unit, digit);
            if places.len() == 2 {
                strong[places[0]].push(places[1]);
                strong[places[1]].push(places[0]);
            }
        }
        let holders: Vec<usize> = (0..cells)
            .filter(|&k| position.value(k) == 0 && position.candidates(k).contains(digit))
            .collect();
        for &start in &holders {
            if strong[start].is_empty() {
                continue;
            }
            // States: a cell reached by a strong link (index k) or a weak link (cells + k).
            let mut parent = vec![usize::MAX; 2 * cells];
            let mut queue: Vec<(usize, usize)> = Vec::new(); // (state, links so far)
            for &next in &strong[start] {
                parent[next] = start;
                queue.push((next, 1));
            }
            let mut head = 0;
            while head < queue.len() {
                let (state, links) = queue[head];
                head += 1;
                let (cell, by_strong) = (state % cells, state < cells);
                if by_strong && links >= 3 {
                    let chain = trace_states(&parent, state, start, cells);
                    let eliminations = seeing_both_ends(position, &chain, digit);
                    if !eliminations.is_empty() {
                        let removed: Vec<usize> = eliminations.iter().map(|e| e.0).collect();
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
                        let next = cells + other;
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
                    for &other in &strong[cell] {
                        if other != start && parent[other] == usize::MAX {
                            parent[other] = state;
                            queue.push((other, links + 1));
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
fn trace_states(parent: &[usize], end: usize, start: usize, cells: usize) -> Vec<usize> {
    let mut chain = vec![end % cells];
    let mut state = end;
    loop {
        let previous = parent[state];
        if previous == start {
            chain.push(start);
            break;
        }
        chain.push(previous % cells);
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
    let cells = geometry.cells();
    let side = geometry.side();
    let pairs: Vec<usize> = (0..cells)
        .filter(|&k| position.value(k) == 0 && position.candidates(k).len() == 2)
        .collect();
    for &start in &pairs {
        for z in position.candidates(start).iter() {
            // State (cell, digit the cell must hold if the start is not z), as cell * 32 + digit.
            let exit = position
                .candidates(start)
                .difference(crate::bitset::DigitSet::single(z))
                .lowest()?;
            let mut parent: std::collections::HashMap<usize, usize> =
                std::collections::HashMap::new();
            let first = start * 32 + exit as usize;
            let mut queue = vec![(first, 1usize)];
            parent.insert(first, usize::MAX);
            let mut head = 0;
            while head < queue.len() {
                let (state, length) = queue[head];
                head += 1;
                let (cell, holds) = (state / 32, (state % 32) as u8);
                if cell != start && holds == z && length >= 3 {
                    let mut chain = Vec::new();
                    let mut s = state;
                    while s != usize::MAX {
                        chain.push(s / 32);
                        s = parent[&s];
                    }
                    chain.reverse();
                    let eliminations = seeing_both_ends(position, &chain, z);
                    if !eliminations.is_empty() {
                        let removed: Vec<usize> = eliminations.iter().map(|e| e.0).collect();
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
                        .difference(crate::bitset::DigitSet::single(holds))
                        .lowest()?;
                    let key = next * 32 + other as usize;
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
