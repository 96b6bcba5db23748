//! Killer cages: the digits a cage's sum leaves each of its cells.
//!
//! A cage's cells hold different digits (they are peers in the variant's geometry, so
//! placements already clear their cage mates) adding up to its sum. A candidate of a cage
//! cell survives only if some filling of the whole cage uses it: every cell a candidate
//! (or its placed digit), no digit twice, the sum exact. Sudoku Explainer rates no killer
//! technique; sudolab rates this one 1.6, between the hidden singles and the direct
//! techniques, where a person starts a killer puzzle: "a 3 in two cells is 1 and 2".
//!
//! The fillings are searched cell by cell over the set of digits used so far, which also
//! fixes the sum so far; `finishes[i][used]` remembers whether cells `i..` can complete a
//! filling from `used`, so a cage of `n` cells costs at most `n * 2^side` states.

use crate::bitset::{Digit, DigitSet};
use crate::geometry::Cell;

use super::{digit_name, Position, Step, Technique};

/// The first cage (in the puzzle's order) where a candidate is in no filling: the step
/// removes every such candidate of that cage.
pub fn cage_combinations(position: &Position) -> Option<Step> {
    let mut search = Fillings::new(position.geometry().side());
    position.cages().iter().find_map(|cage| {
        let what = || {
            format!(
                "the cage {} adds up to {}",
                joined(position, &cage.cells),
                cage.sum
            )
        };
        step_for(
            position,
            &mut search,
            &cage.cells,
            cage.sum,
            Technique::CageCombinations,
            what,
        )
    })
}

/// "r1c1+r1c2": the cells of a cage, or of a group the 45 rule makes one.
fn joined(position: &Position, cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|&c| position.name(c)).collect();
    names.join("+")
}

/// The 45 rule: a unit holds every digit once, so its cells outside the cages lying wholly
/// in it (its "innies") add up to the unit's total less those cages' sums; being in one
/// unit, they hold different digits: a cage of their own, whose fillings rule out
/// candidates as [`cage_combinations`]'s do. When every cell of the unit is caged, the
/// cells outside it of the cages crossing its border (its "outies") add up to those
/// cages' sums and the whole cages' less the total: a cage too when they all see each
/// other. The first unit (rows, columns, boxes) where a candidate goes, innies first.
pub fn innies(position: &Position) -> Option<Step> {
    if position.cages().is_empty() {
        return None;
    }
    let geometry = position.geometry();
    let side = geometry.side();
    let total = (side * (side + 1) / 2) as u32;
    let mut search = Fillings::new(side);
    let mut inside = vec![false; geometry.cell_count()];
    let mut rest: Vec<Cell> = Vec::with_capacity(side);
    let mut outies: Vec<Cell> = Vec::new();
    for unit in geometry.units() {
        let cells = geometry.unit(unit);
        let (mut whole, mut crossing, mut caged) = (0, 0, 0);
        outies.clear();
        for cage in position.cages() {
            let within = cage.cells.iter().filter(|c| cells.contains(c)).count();
            if within == cage.cells.len() {
                whole += cage.sum;
                for &c in &cage.cells {
                    inside[c.index()] = true;
                }
            } else if within > 0 {
                crossing += cage.sum;
                outies.extend(cage.cells.iter().filter(|c| !cells.contains(c)));
            }
            caged += within;
        }
        rest.clear();
        rest.extend(cells.iter().copied().filter(|c| !inside[c.index()]));
        for &c in cells {
            inside[c.index()] = false;
        }
        if !rest.is_empty() && rest.len() < side && whole <= total {
            let sum = total - whole;
            let what = || {
                format!(
                    "the cells {} of {} outside its whole cages add up to {sum}",
                    joined(position, &rest),
                    geometry.unit_name(unit)
                )
            };
            let step = step_for(position, &mut search, &rest, sum, Technique::Innies, what);
            if step.is_some() {
                return step;
            }
        }
        let distinct = outies
            .iter()
            .enumerate()
            .all(|(k, &a)| outies[..k].iter().all(|b| geometry.peers(a).contains(b)));
        if caged == side && !outies.is_empty() && distinct && whole + crossing >= total {
            let sum = whole + crossing - total;
            let what = || {
                format!(
                    "the cells {} outside {} of the cages crossing its border add up to {sum}",
                    joined(position, &outies),
                    geometry.unit_name(unit)
                )
            };
            let step = step_for(position, &mut search, &outies, sum, Technique::Innies, what);
            if step.is_some() {
                return step;
            }
        }
    }
    None
}

/// The step removing the candidates of `cells` (different digits adding up to `sum`) that
/// no filling uses, if any; `what` says why they add up to `sum` (written only for a step).
fn step_for(
    position: &Position,
    search: &mut Fillings,
    cells: &[Cell],
    sum: u32,
    technique: Technique,
    what: impl FnOnce() -> String,
) -> Option<Step> {
    let options: Vec<DigitSet> = cells
        .iter()
        .map(|&cell| match position.value(cell) {
            Some(digit) => DigitSet::single(digit),
            None => position.candidates(cell),
        })
        .collect();
    let allowed = search.allowed(&options, sum);
    let mut eliminations: Vec<(Cell, Digit)> = Vec::new();
    for (k, &cell) in cells.iter().enumerate() {
        if position.is_empty(cell) {
            for digit in position.candidates(cell).iter() {
                if !allowed[k].contains(digit) {
                    eliminations.push((cell, digit));
                }
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let kept: Vec<String> = cells
        .iter()
        .enumerate()
        .filter(|&(_, &c)| position.is_empty(c))
        .map(|(k, &c)| {
            let digits: String = allowed[k].iter().map(digit_name).collect();
            format!("{} {digits}", position.name(c))
        })
        .collect();
    let explanation = format!(
        "{}: {}, with no digit twice, which leaves {}: {}",
        technique.name(),
        what(),
        kept.join(", "),
        super::elimination_names(position, &eliminations)
    );
    Some(Step::eliminating(
        technique,
        eliminations,
        cells.to_vec(),
        Vec::new(),
        explanation,
    ))
}

/// The search for a cage's fillings, its memo reused from cage to cage (and from search
/// to search: the "+" level of the dynamic forcing chains keeps one, `forcing/plus.rs`).
#[derive(Debug, Default)]
pub(super) struct Fillings {
    side: usize,
    /// `finishes[i << side | used]`: 0 unknown, 1 no, 2 yes.
    finishes: Vec<u8>,
    /// `visited[i << side | used]`: whether the forward walk has been there.
    visited: Vec<bool>,
}

impl Fillings {
    pub(super) fn new(side: usize) -> Fillings {
        Fillings {
            side,
            finishes: Vec::new(),
            visited: Vec::new(),
        }
    }

    /// For each cell of a cage whose cells may hold `options`, the digits some filling
    /// summing to `sum` gives it.
    fn allowed(&mut self, options: &[DigitSet], sum: u32) -> Vec<DigitSet> {
        let mut allowed = vec![DigitSet::EMPTY; options.len()];
        self.allowed_into(options, sum, &mut allowed);
        allowed
    }

    /// [`Fillings::allowed`] into `allowed` (as long as `options`), with no allocation
    /// once the memo has grown to the largest cage.
    pub(super) fn allowed_into(
        &mut self,
        options: &[DigitSet],
        sum: u32,
        allowed: &mut [DigitSet],
    ) {
        let states = (options.len() + 1) << self.side;
        self.finishes.clear();
        self.finishes.resize(states, 0);
        self.visited.clear();
        self.visited.resize(states, false);
        allowed.fill(DigitSet::EMPTY);
        self.walk(options, sum, 0, 0, allowed);
    }

    /// Walks forward from cell `i` with digits `used` (bit `d - 1` for digit `d`), marking
    /// each digit that leads to a complete filling.
    fn walk(
        &mut self,
        options: &[DigitSet],
        sum: u32,
        i: usize,
        used: u32,
        allowed: &mut [DigitSet],
    ) {
        let key = (i << self.side) | used as usize;
        if i == options.len() || self.visited[key] {
            return;
        }
        self.visited[key] = true;
        for digit in options[i].iter() {
            let bit = 1u32 << digit.index();
            if used & bit == 0 && self.finishes(options, sum, i + 1, used | bit) {
                allowed[i].insert(digit);
                self.walk(options, sum, i + 1, used | bit, allowed);
            }
        }
    }

    /// Whether cells `i..` can complete a filling from `used`.
    fn finishes(&mut self, options: &[DigitSet], sum: u32, i: usize, used: u32) -> bool {
        let so_far: u32 = DigitSet::from_bits(used)
            .iter()
            .map(|d| u32::from(d.get()))
            .sum();
        if so_far > sum {
            return false;
        }
        if i == options.len() {
            return so_far == sum;
        }
        let key = (i << self.side) | used as usize;
        if self.finishes[key] != 0 {
            return self.finishes[key] == 2;
        }
        let done = options[i].iter().any(|digit| {
            let bit = 1u32 << digit.index();
            used & bit == 0 && self.finishes(options, sum, i + 1, used | bit)
        });
        self.finishes[key] = if done { 2 } else { 1 };
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(digits: &[u8]) -> DigitSet {
        let mut s = DigitSet::EMPTY;
        for &d in digits {
            s.insert(Digit::new(d));
        }
        s
    }

    /// Every filling, enumerated without memo: the reference.
    fn brute(options: &[DigitSet], sum: u32) -> Vec<DigitSet> {
        fn go(options: &[DigitSet], sum: u32, chosen: &mut Vec<Digit>, out: &mut [DigitSet]) {
            if chosen.len() == options.len() {
                if chosen.iter().map(|d| u32::from(d.get())).sum::<u32>() == sum {
                    for (k, &d) in chosen.iter().enumerate() {
                        out[k].insert(d);
                    }
                }
                return;
            }
            for d in options[chosen.len()].iter() {
                if !chosen.contains(&d) {
                    chosen.push(d);
                    go(options, sum, chosen, out);
                    chosen.pop();
                }
            }
        }
        let mut out = vec![DigitSet::EMPTY; options.len()];
        go(options, sum, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn the_digits_left_are_those_of_some_filling() {
        let mut search = Fillings::new(9);
        // A 3 in two cells is 1 and 2; a 17 is 8 and 9.
        assert_eq!(
            search.allowed(&[set(&[1, 2, 3, 4]), DigitSet::full(9)], 3),
            vec![set(&[1, 2]); 2]
        );
        assert_eq!(
            search.allowed(&[DigitSet::full(9); 2], 17),
            vec![set(&[8, 9]); 2]
        );
        // Against enumeration on many small cages.
        let mut seed = 12345u64;
        for _ in 0..300 {
            let n = 1 + (seed % 4) as usize;
            let options: Vec<DigitSet> = (0..n)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let bits = (seed >> 33) as u32 & 0x1ff;
                    let mut s = DigitSet::EMPTY;
                    for d in 1..=9 {
                        if bits >> (d - 1) & 1 == 1 {
                            s.insert(Digit::new(d));
                        }
                    }
                    s
                })
                .collect();
            let sum = 1 + (seed >> 20) as u32 % 30;
            assert_eq!(
                search.allowed(&options, sum),
                brute(&options, sum),
                "{options:?} {sum}"
            );
        }
    }
}
