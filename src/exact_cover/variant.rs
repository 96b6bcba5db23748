//! Variant Sudoku as exact cover: the encoding the `dlx` and `dc` solvers share on
//! variants (and any exact-cover engine can count).
//!
//! # Items
//!
//! Primary (each covered exactly once):
//! * one per cell (`r1c1`): the cell holds one digit;
//! * one per house and digit (`h3d5`: house 3 of [`Layout::houses`] holds 5 once): rows,
//!   columns, boxes or jigsaw regions, diagonals, windows, disjoint groups alike;
//! * one per killer cage (`k2`): the cage takes one combination of digits.
//!
//! Secondary (covered at most once):
//! * `p4_5d7`, per pair of cells a knight's or king's move apart that share no house and
//!   no cage, and digit: at most one of the two holds 7;
//! * `n4_5b3`, per pair of orthogonal neighbours (non-consecutive) and boundary `b` in
//!   `1..side`: the option (cell, `d`) covers the boundaries `d - 1` and `d` (those in
//!   range), so two neighbours clash exactly when their digits are equal or consecutive;
//! * `k2d7`, per cage and digit.
//!
//! # Options
//!
//! * (cell, digit) for every digit the givens leave possible there (a given cell has only
//!   its own; digits held by a given peer, or consecutive to a given neighbour, are left
//!   out): its cell, its houses' digit items, its pair and boundary items, and `k2d7` if
//!   the cell is in cage 2;
//! * per cage, one option per set `C` of distinct digits, as many as the cage has cells,
//!   adding up to its sum: the cage's item and `k2d` for every digit `d` not in `C`.
//!
//! A chosen combination `C` excludes every cell option with a digit outside `C`, and the
//! `k2d` items keep the cage's digits distinct; as many distinct digits of `C` as `C` has
//! are `C` itself, so the cage adds up to its sum. No colours and no multiplicities are
//! needed: every engine counts this problem.
//!
//! ```
//! use sudolab::{exact_cover::variant::VariantEncoding, variant::format};
//! let puzzle = &format::parse("variant: x\n1...............\n", None)?[0];
//! let encoding = VariantEncoding::new(puzzle)?;
//! // A quarter of the empty 4x4 X grid's 48 solutions (relabelling digits maps the ones
//! // with 1 in r1c1 onto the rest); dancing cells counts the same problem alike.
//! assert_eq!(encoding.problem().dlx().count(0).solutions, 12);
//! assert_eq!(encoding.problem().cells().count(0).solutions, 12);
//! # Ok::<(), sudolab::Error>(())
//! ```

use super::{Control, ExactCover, Problem};
use crate::error::{Error, Result};
use crate::geometry::Cell;
use crate::solver::{Limits, Stats, VariantOutcome};
use crate::variant::{Layout, Puzzle, Rule};

/// The most combinations one cage may have (a 25x25 cage of 12 cells can have millions).
pub const MAX_CAGE_COMBINATIONS: usize = 200_000;

/// A variant puzzle as an exact-cover problem (see the module docs).
#[derive(Debug, Clone)]
pub struct VariantEncoding {
    problem: Problem,
    /// The (cell, digit) of each option, or `None` for a cage's combination.
    choices: Vec<Option<(Cell, u8)>>,
    cells: usize,
}

impl VariantEncoding {
    /// Encodes `puzzle`; refused when a cage has more than [`MAX_CAGE_COMBINATIONS`]
    /// combinations.
    pub fn new(puzzle: &Puzzle) -> Result<VariantEncoding> {
        let variant = puzzle.variant();
        let layout = Layout::new(variant);
        let side = layout.side();
        let cells = layout.cells();
        let houses = layout.houses().len();
        let cages = layout.cages().len();
        let givens = puzzle.cells();
        let shares_house = |a: Cell, b: Cell| {
            let of_b = layout.houses_of(b);
            layout.houses_of(a).iter().any(|h| of_b.contains(h))
        };
        // Pairs that need their own items.
        let mut pairs: Vec<(Cell, Cell)> = Vec::new();
        if variant.has(Rule::AntiKnight) || variant.has(Rule::AntiKing) {
            for a in (0..cells).map(Cell::new) {
                for &b in layout.peers(a) {
                    let same_cage =
                        layout.cage_of(a).is_some() && layout.cage_of(a) == layout.cage_of(b);
                    if a < b && !shares_house(a, b) && !same_cage {
                        pairs.push((a, b));
                    }
                }
            }
        }
        let mut neighbours: Vec<(Cell, Cell)> = Vec::new();
        for a in (0..cells).map(Cell::new) {
            neighbours.extend(
                layout
                    .neighbours(a)
                    .iter()
                    .filter(|&&b| a < b)
                    .map(|&b| (a, b)),
            );
        }
        let mut primary: Vec<String> = (0..cells)
            .map(|c| format!("r{}c{}", c / side + 1, c % side + 1))
            .collect();
        for h in 0..houses {
            primary.extend((1..=side).map(|d| format!("h{}d{d}", h + 1)));
        }
        primary.extend((0..cages).map(|k| format!("k{}", k + 1)));
        let mut secondary: Vec<String> = Vec::new();
        for (a, b) in &pairs {
            secondary.extend((1..=side).map(|d| format!("p{}_{}d{d}", a.index(), b.index())));
        }
        for (a, b) in &neighbours {
            secondary.extend((1..side).map(|k| format!("n{}_{}b{k}", a.index(), b.index())));
        }
        for k in 0..cages {
            secondary.extend((1..=side).map(|d| format!("k{}d{d}", k + 1)));
        }
        let mut problem = Problem::new(&primary, &secondary)?;
        // Item numbers (from 1), by kind.
        let house_item = |h: usize, d: usize| (cells + h * side + d) as u32;
        let cage_item = |k: usize| (cells + houses * side + k + 1) as u32;
        let first_secondary = cells + houses * side + cages;
        let pair_item = |p: usize, d: usize| (first_secondary + p * side + d) as u32;
        let boundary_base = first_secondary + pairs.len() * side;
        let boundary_item = |p: usize, k: usize| (boundary_base + p * (side - 1) + k) as u32;
        let cage_digit_base = boundary_base + neighbours.len() * (side - 1);
        let cage_digit_item = |k: usize, d: usize| (cage_digit_base + k * side + d) as u32;

        let pairs_of = by_cell(cells, &pairs);
        let neighbours_of = by_cell(cells, &neighbours);
        let mut choices = Vec::new();
        let mut items = Vec::new();
        for cell in (0..cells).map(Cell::new) {
            for digit in 1..=side {
                if !possible(&layout, givens, cell, digit as u8) {
                    continue;
                }
                items.clear();
                items.push(cell.index() as u32 + 1);
                items.extend(
                    layout
                        .houses_of(cell)
                        .iter()
                        .map(|&h| house_item(h as usize, digit)),
                );
                items.extend(pairs_of[cell.index()].iter().map(|&p| pair_item(p, digit)));
                for &p in &neighbours_of[cell.index()] {
                    if digit >= 2 {
                        items.push(boundary_item(p, digit - 1));
                    }
                    if digit < side {
                        items.push(boundary_item(p, digit));
                    }
                }
                if let Some(k) = layout.cage_of(cell) {
                    items.push(cage_digit_item(k, digit));
                }
                problem.add_option_numbers(&items)?;
                choices.push(Some((cell, digit as u8)));
            }
        }
        for (k, cage) in layout.cages().iter().enumerate() {
            let sets = combinations(side, cage.cells.len(), cage.sum);
            if sets.len() > MAX_CAGE_COMBINATIONS {
                return Err(Error::Refused(format!(
                    "cage {} has more than {MAX_CAGE_COMBINATIONS} digit combinations; \
                     exact cover would need an option for each",
                    k + 1
                )));
            }
            for set in sets {
                items.clear();
                items.push(cage_item(k));
                items.extend(
                    (1..=side)
                        .filter(|&d| set & (1 << (d - 1)) == 0)
                        .map(|d| cage_digit_item(k, d)),
                );
                problem.add_option_numbers(&items)?;
                choices.push(None);
            }
        }
        Ok(VariantEncoding {
            problem,
            choices,
            cells,
        })
    }

    /// The problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The cells of the solution made of `options` (numbered from 0 in input order).
    pub fn decode(&self, options: &[usize]) -> Vec<u8> {
        let mut cells = vec![0u8; self.cells];
        for &option in options {
            if let Some((cell, digit)) = self.choices[option] {
                cells[cell.index()] = digit;
            }
        }
        cells
    }

    /// Counts the solutions with `engine` (built from [`VariantEncoding::problem`]) to
    /// `limit` within `limits`: the first solutions decoded, nodes and guesses as the
    /// engine counts them, assignments the options chosen beyond the root.
    pub fn count(
        &self,
        engine: &mut dyn ExactCover,
        limit: u64,
        limits: &Limits,
    ) -> VariantOutcome {
        let mut outcome = VariantOutcome::default();
        let stats = engine.search_options(limits, &mut |options| {
            if outcome.record(|| self.decode(options), limit) {
                Control::Stop
            } else {
                Control::Continue
            }
        });
        outcome.stopped = stats.stopped;
        outcome.stats = Stats {
            nodes: stats.nodes,
            guesses: stats.guesses,
            assignments: stats.nodes.saturating_sub(1),
            updates: stats.updates,
        };
        outcome
    }
}

/// Counts `puzzle` with the exact-cover engine `build` makes of its encoding, mems off:
/// what the `dlx` and `dc` solvers do on variants. Refused (stopped, no count) when the
/// puzzle cannot be encoded (a cage with too many combinations).
pub fn count_variant<E: ExactCover>(
    puzzle: &Puzzle,
    build: impl FnOnce(&Problem) -> E,
    limit: u64,
    limits: &Limits,
) -> VariantOutcome {
    let Ok(encoding) = VariantEncoding::new(puzzle) else {
        return VariantOutcome::refused();
    };
    let mut engine = build(encoding.problem());
    engine.set_mem_counting(false);
    encoding.count(&mut engine, limit, limits)
}

/// The mems (Knuth's memory accesses) of the same search as [`count_variant`], with mem
/// counting on: `None` when the puzzle cannot be encoded, the engine counts no mems, or
/// `limits` stopped it.
pub fn mems_variant<E: ExactCover>(
    puzzle: &Puzzle,
    build: impl FnOnce(&Problem) -> E,
    limit: u64,
    limits: &Limits,
) -> Option<u64> {
    let encoding = VariantEncoding::new(puzzle).ok()?;
    let mut engine = build(encoding.problem());
    engine.set_mem_counting(true);
    let mut found = 0;
    let stats = engine.search_options(limits, &mut |_| {
        found += 1;
        if limit != 0 && found >= limit {
            Control::Stop
        } else {
            Control::Continue
        }
    });
    stats.stopped.is_none().then_some(stats.mems).flatten()
}

/// For each cell, the indices of the pairs of `list` it is in.
fn by_cell(cells: usize, list: &[(Cell, Cell)]) -> Vec<Vec<usize>> {
    let mut of = vec![Vec::new(); cells];
    for (p, &(a, b)) in list.iter().enumerate() {
        of[a.index()].push(p);
        of[b.index()].push(p);
    }
    of
}

/// Whether the givens leave `digit` possible in `cell`.
fn possible(layout: &Layout, givens: &[u8], cell: Cell, digit: u8) -> bool {
    let given = givens[cell.index()];
    if given != 0 {
        return given == digit;
    }
    let clash = |other: &Cell| givens[other.index()] == digit;
    let next_to = |other: &Cell| {
        let g = givens[other.index()];
        g != 0 && g.abs_diff(digit) <= 1
    };
    !layout.peers(cell).iter().any(clash) && !layout.neighbours(cell).iter().any(next_to)
}

/// Every set of `size` distinct digits of `1..=side` adding up to `sum`, as bit sets (bit
/// `d - 1` for digit `d`), in increasing order of their bits.
pub fn combinations(side: usize, size: usize, sum: u32) -> Vec<u32> {
    fn extend(from: u32, side: u32, left: usize, sum: i64, set: u32, out: &mut Vec<u32>) {
        if left == 0 {
            if sum == 0 {
                out.push(set);
            }
            return;
        }
        for digit in from..=side {
            // The smallest `left` digits from `digit` on already pass the sum: stop.
            let smallest = i64::from(digit) * left as i64 + (left as i64 * (left as i64 - 1)) / 2;
            if smallest > sum {
                break;
            }
            extend(
                digit + 1,
                side,
                left - 1,
                sum - i64::from(digit),
                set | 1 << (digit - 1),
                out,
            );
        }
    }
    let mut out = Vec::new();
    extend(1, side as u32, size, i64::from(sum), 0, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_the_digit_sets_of_the_sum() {
        // 3 in two cells: {1,2}; 17 in two: {8,9}; 45 in nine: all; 10 in three of 1-9:
        // {1,2,7} {1,3,6} {1,4,5} {2,3,5}.
        assert_eq!(combinations(9, 2, 3), vec![0b11]);
        assert_eq!(combinations(9, 2, 17), vec![0b1_1000_0000]);
        assert_eq!(combinations(9, 9, 45).len(), 1);
        assert_eq!(combinations(9, 3, 10).len(), 4);
        assert!(combinations(9, 2, 18).is_empty());
        // Every set of size 3 of 1..=9 is counted once over all sums: C(9,3) = 84.
        let all: usize = (0..=27).map(|sum| combinations(9, 3, sum).len()).sum();
        assert_eq!(all, 84);
    }
}
