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
                return Some(Step {
                    technique: Technique::SimpleColouring,
                    placements: Vec::new(),
                    eliminations: trapped,
                    cells: chain.clone(),
                    units: Vec::new(),
                    explanation,
                });
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
                    return Some(Step {
                        technique: Technique::SimpleColouring,
                        placements: Vec::new(),
                        eliminations: same.iter().map(|&k| (k, digit)).collect(),
                        cells: chain.clone(),
                        units: Vec::new(),
                        explanation,
                    });
                }
            }
        }
    }
    None
}
