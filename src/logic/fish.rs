//! Basic fish: X-Wing (2 lines), Swordfish (3), Jellyfish (4).

use super::subsets::combinations;
use super::{digit_name, Position, Step, Technique};
use crate::bitset::Digit;
use crate::geometry::{Cell, Unit};

/// A digit confined, in `k` base lines (rows, or columns), to `k` cover lines crossing them:
/// it leaves the cover lines everywhere else.
pub fn fish(position: &Position, k: usize) -> Option<Step> {
    let geometry = position.geometry();
    let side = geometry.side();
    let technique = match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    for rows_first in [true, false] {
        // Base lines are rows (units 0..side) or columns (side..2 side); a cell's cover line is
        // its column or row.
        let base_offset = if rows_first { 0 } else { side };
        let cover_offset = if rows_first { side } else { 0 };
        let base = |line: usize| Unit::new(base_offset + line);
        let cover = |line: usize| Unit::new(cover_offset + line);
        let cover_of = |cell: Cell| {
            if rows_first {
                geometry.column_of(cell)
            } else {
                geometry.row_of(cell)
            }
        };
        let base_of = |cell: Cell| {
            if rows_first {
                geometry.row_of(cell)
            } else {
                geometry.column_of(cell)
            }
        };
        for digit in Digit::all(side) {
            let bases: Vec<(usize, u32)> = (0..side)
                .filter_map(|line| {
                    let places = position.places(base(line), digit);
                    let mask = places.iter().fold(0u32, |m, &c| m | 1 << cover_of(c));
                    (2..=k).contains(&places.len()).then_some((line, mask))
                })
                .collect();
            let found = combinations(&bases, k, &mut |chosen: &[(usize, u32)]| {
                let covers = chosen.iter().fold(0u32, |m, &(_, mask)| m | mask);
                if covers.count_ones() as usize != k {
                    return None;
                }
                let base_lines: Vec<usize> = chosen.iter().map(|&(line, _)| line).collect();
                let eliminations: Vec<(Cell, Digit)> = (0..side)
                    .filter(|line| covers & (1 << line) != 0)
                    .flat_map(|line| position.places(cover(line), digit))
                    .filter(|&c| !base_lines.contains(&base_of(c)))
                    .map(|c| (c, digit))
                    .collect();
                (!eliminations.is_empty()).then_some((base_lines, covers, eliminations))
            });
            if let Some((base_lines, covers, eliminations)) = found {
                let cover_lines = (0..side).filter(|line| covers & (1 << line) != 0);
                let units: Vec<Unit> = base_lines
                    .iter()
                    .map(|&l| base(l))
                    .chain(cover_lines.clone().map(cover))
                    .collect();
                let base_names: Vec<String> = base_lines
                    .iter()
                    .map(|&l| geometry.unit_name(base(l)))
                    .collect();
                let cover_names: Vec<String> =
                    cover_lines.map(|l| geometry.unit_name(cover(l))).collect();
                let cells: Vec<Cell> = base_lines
                    .iter()
                    .flat_map(|&l| position.places(base(l), digit))
                    .collect();
                let removed: Vec<Cell> = eliminations.iter().map(|e| e.0).collect();
                let explanation = format!(
                    "{}: in {}, {} can only go in {}, so it leaves the rest of those lines: remove it from {}",
                    technique.name(),
                    base_names.join(", "),
                    digit_name(digit),
                    cover_names.join(", "),
                    position.names(&removed)
                );
                return Some(Step::eliminating(
                    technique,
                    eliminations,
                    cells,
                    units,
                    explanation,
                ));
            }
        }
    }
    None
}
