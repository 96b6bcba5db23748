//! Minimal unique variant puzzles.
//!
//! # Method
//!
//! 1. The variant: the rules and boxes asked for; a jigsaw gets a random map of connected
//!    regions (grown cell by cell from random seeds, retried when growth gets stuck).
//! 2. A random solution: the bitmask engine's variant search trying digits in a random
//!    order at every branch point, within a node budget, restarted with new draws when it
//!    runs out (a jigsaw map without any solution is replaced).
//! 3. Killer: random cages over the solution, connected pieces of 1 to
//!    [`Recipe::max_cage`] cells without a repeated digit, each with its solution's sum.
//! 4. Clue removal: from the full solution, cells in random order; a clue goes when the
//!    puzzle stays unique without it (the bitmask engine counting to two within
//!    [`Recipe::check_nodes`]; a clue whose test runs out stays and is counted in
//!    [`GeneratedVariant::unproven`]). As for classic puzzles, one pass leaves a minimal
//!    puzzle: a clue that could not go then cannot go later, with fewer clues around.
//!
//! ```
//! use sudolab::generate::variant::{generate_variant, Recipe};
//! use sudolab::variant::Rule;
//! let recipe = Recipe::new(9, &[Rule::Diagonals]);
//! let generated = generate_variant(&recipe, 1, 0)?;
//! assert_eq!(generated.puzzle.variant().name(), "x 9x9");
//! assert!(generated.puzzle.cells().iter().filter(|&&d| d != 0).count() < 40);
//! # Ok::<(), sudolab::Error>(())
//! ```

use crate::bitmask::variant::VariantSearch;
use crate::error::{Error, Result};
use crate::geometry::Cell;
use crate::random::Random;
use crate::solver::{Limits, VariantOutcome};
use crate::variant::{default_boxes, Cage, Layout, Puzzle, Regions, Rule, Variant};

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recipe {
    /// The grid's side.
    pub side: usize,
    /// The rules ([`Rule::Killer`] for cages).
    pub rules: Vec<Rule>,
    /// Box shape (rows, columns); `None` for the default boxes of the side.
    pub boxes: Option<(usize, usize)>,
    /// Irregular regions instead of boxes.
    pub jigsaw: bool,
    /// The largest killer cage.
    pub max_cage: usize,
    /// Search nodes one uniqueness test may take.
    pub check_nodes: u64,
}

impl Recipe {
    /// `rules` on a grid of side `side` with its default boxes, cages of up to 4 cells,
    /// 200,000 nodes per uniqueness test.
    pub fn new(side: usize, rules: &[Rule]) -> Recipe {
        Recipe {
            side,
            rules: rules.to_vec(),
            boxes: None,
            jigsaw: false,
            max_cage: 4,
            check_nodes: 200_000,
        }
    }
}

/// A generated puzzle and its solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedVariant {
    /// The puzzle: unique, and minimal unless `unproven > 0`.
    pub puzzle: Puzzle,
    /// Its solution.
    pub solution: Vec<u8>,
    /// Clues kept because their uniqueness test ran out of nodes.
    pub unproven: usize,
}

/// Attempts at a random solution (and, for jigsaw, at a map with one) before giving up.
const ATTEMPTS: usize = 200;

/// Puzzle `index` of a run seeded with `seed` (the same pair gives the same puzzle).
pub fn generate_variant(recipe: &Recipe, seed: u64, index: u64) -> Result<GeneratedVariant> {
    let mut random = Random::for_item(seed, index);
    let side = recipe.side;
    let shape = || -> Result<Regions> {
        let (rows, columns) = recipe.boxes.or(default_boxes(side)).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "a {side}x{side} grid has no rectangular boxes: generate jigsaw puzzles"
            ))
        })?;
        Ok(Regions::Boxes { rows, columns })
    };
    for _ in 0..ATTEMPTS {
        let regions = if recipe.jigsaw {
            Regions::Jigsaw(random_jigsaw(side, &mut random))
        } else {
            shape()?
        };
        let variant = Variant::new(side, regions.clone(), &recipe.rules, Vec::new())?;
        let Some(solution) = random_solution(&variant, &mut random, recipe.check_nodes) else {
            continue;
        };
        let variant = if recipe.rules.contains(&Rule::Killer) {
            let cages = random_cages(side, &solution, recipe.max_cage, &mut random);
            Variant::new(side, regions, &recipe.rules, cages)?
        } else {
            variant
        };
        let (cells, unproven) = remove_clues(&variant, &solution, recipe.check_nodes, &mut random);
        return Ok(GeneratedVariant {
            puzzle: Puzzle::new(variant, cells)?,
            solution,
            unproven,
        });
    }
    Err(Error::Refused(format!(
        "no solution of a {side}x{side} {} grid found in {ATTEMPTS} attempts",
        recipe
            .rules
            .iter()
            .map(|r| r.name())
            .collect::<Vec<_>>()
            .join("+")
    )))
}

/// A count of `puzzle` to `limit` by the bitmask engine within `max_nodes`.
fn count(
    layout: &Layout,
    puzzle: &Puzzle,
    limit: u64,
    max_nodes: u64,
    random: Option<Random>,
) -> VariantOutcome {
    let limits = Limits {
        max_nodes: Some(max_nodes),
        ..Limits::NONE
    };
    let search = VariantSearch::new(layout, limits, limit);
    match random {
        Some(random) => search.with_random_order(random).count(puzzle),
        None => search.count(puzzle),
    }
}

/// A random solution of the empty grid of `variant` (a few restarts within `max_nodes`
/// each), or `None` if none was found.
fn random_solution(variant: &Variant, random: &mut Random, max_nodes: u64) -> Option<Vec<u8>> {
    let layout = Layout::new(variant);
    let empty = Puzzle::new(variant.clone(), vec![0; variant.cells()]).ok()?;
    for _ in 0..4 {
        let draws = Random::new(random.next_u64());
        let outcome = count(&layout, &empty, 1, max_nodes, Some(draws));
        if let Some(solution) = outcome.solutions.into_iter().next() {
            return Some(solution);
        }
        // A complete search without a solution: there is none.
        outcome.stopped?;
    }
    None
}

/// Removes clues of `solution` in random order while the puzzle stays unique (see the
/// module docs); the clues left and how many stayed unproven.
fn remove_clues(
    variant: &Variant,
    solution: &[u8],
    max_nodes: u64,
    random: &mut Random,
) -> (Vec<u8>, usize) {
    let layout = Layout::new(variant);
    let mut cells = solution.to_vec();
    let mut unproven = 0;
    for cell in random.permutation(cells.len()) {
        let kept = cells[cell];
        cells[cell] = 0;
        let puzzle = Puzzle::new(variant.clone(), cells.clone()).expect("cells of the grid");
        let outcome = count(&layout, &puzzle, 2, max_nodes, None);
        if outcome.stopped.is_some() || outcome.count != 1 {
            cells[cell] = kept;
            unproven += usize::from(outcome.stopped.is_some());
        }
    }
    (cells, unproven)
}

/// Random killer cages over `solution`: connected pieces of 1 to `max_cage` cells, no digit
/// twice in one.
fn random_cages(side: usize, solution: &[u8], max_cage: usize, random: &mut Random) -> Vec<Cage> {
    let mut owner = vec![usize::MAX; side * side];
    let mut cages = Vec::new();
    for start in random.permutation(side * side) {
        if owner[start] != usize::MAX {
            continue;
        }
        let size = 1 + random.below(max_cage.clamp(1, side) as u64) as usize;
        let mut cells = vec![start];
        owner[start] = cages.len();
        let mut tries = 0;
        while cells.len() < size && tries < 4 * size {
            tries += 1;
            let from = cells[random.below(cells.len() as u64) as usize];
            let Some(next) = step(side, from, random.below(4)) else {
                continue;
            };
            let repeats = cells.iter().any(|&c| solution[c] == solution[next]);
            if owner[next] == usize::MAX && !repeats {
                owner[next] = cages.len();
                cells.push(next);
            }
        }
        cells.sort_unstable();
        let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
        cages.push(Cage {
            sum,
            cells: cells.into_iter().map(Cell::new).collect(),
        });
    }
    cages
}

/// The orthogonal neighbour of `cell` in `direction` (0 up, 1 down, 2 left, 3 right).
fn step(side: usize, cell: usize, direction: u64) -> Option<usize> {
    let (row, column) = (cell / side, cell % side);
    match direction {
        0 if row > 0 => Some(cell - side),
        1 if row + 1 < side => Some(cell + side),
        2 if column > 0 => Some(cell - 1),
        3 if column + 1 < side => Some(cell + 1),
        _ => None,
    }
}

/// A random jigsaw map: `side` connected regions of `side` cells, each grown from a random
/// free cell (regions after the first from a cell next to those already placed).
pub fn random_jigsaw(side: usize, random: &mut Random) -> Vec<u8> {
    loop {
        if let Some(map) = grow_regions(side, random) {
            return map;
        }
    }
}

fn grow_regions(side: usize, random: &mut Random) -> Option<Vec<u8>> {
    let free = u8::MAX;
    let mut map = vec![free; side * side];
    let mut frontier = Vec::with_capacity(4 * side);
    for region in 0..side as u8 {
        // Start next to the regions already placed, at the first free cell in reading order
        // (so the free cells stay in one piece as often as possible).
        let start = map.iter().position(|&r| r == free)?;
        let mut cells = vec![start];
        map[start] = region;
        while cells.len() < side {
            frontier.clear();
            for &c in &cells {
                frontier.extend(
                    (0..4)
                        .filter_map(|d| step(side, c, d))
                        .filter(|&n| map[n] == free),
                );
            }
            if frontier.is_empty() {
                return None;
            }
            let next = frontier[random.below(frontier.len() as u64) as usize];
            map[next] = region;
            cells.push(next);
        }
    }
    Some(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jigsaw_maps_have_side_connected_regions_of_side_cells() {
        let mut random = Random::new(9);
        for side in [4, 6, 9] {
            for _ in 0..20 {
                let map = random_jigsaw(side, &mut random);
                for region in 0..side as u8 {
                    let cells: Vec<usize> =
                        (0..side * side).filter(|&c| map[c] == region).collect();
                    assert_eq!(cells.len(), side);
                    // Connected: a walk from the first cell reaches every cell of the region.
                    let mut reached = vec![cells[0]];
                    let mut k = 0;
                    while k < reached.len() {
                        let c = reached[k];
                        for d in 0..4 {
                            if let Some(n) = step(side, c, d) {
                                if map[n] == region && !reached.contains(&n) {
                                    reached.push(n);
                                }
                            }
                        }
                        k += 1;
                    }
                    assert_eq!(reached.len(), side);
                }
            }
        }
    }
}
