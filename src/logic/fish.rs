//! Basic fish: X-Wing (2 lines), Swordfish (3), Jellyfish (4).

use super::subsets::combinations;
use super::{digit_name, Position, Step, Technique};

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
        let cover_of = |cell: usize| if rows_first { cell % side } else { cell / side };
        for digit in 1..=side as u8 {
            let bases: Vec<(usize, u32)> = (0..side)
                .filter_map(|line| {
                    let places = position.places(base_offset + line, digit);
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
                let eliminations: Vec<(usize, u8)> = (0..side)
                    .filter(|cover| covers & (1 << cover) != 0)
                    .flat_map(|cover| position.places(cover_offset + cover, digit))
                    .filter(|&c| {
                        let base = if rows_first { c / side } else { c % side };
                        !base_lines.contains(&base)
                    })
                    .map(|c| (c, digit))
                    .collect();
                (!eliminations.is_empty()).then_some((base_lines, covers, eliminations))
            });
            if let Some((base_lines, covers, eliminations)) = found {
                let units: Vec<usize> = base_lines
                    .iter()
                    .map(|&l| base_offset + l)
                    .chain(
                        (0..side)
                            .filter(|c| covers & (1 << c) != 0)
                            .map(|c| cover_offset + c),
                    )
                    .collect();
                let base_names: Vec<String> = base_lines
                    .iter()
                    .map(|&l| geometry.unit_name(base_offset + l))
                    .collect();
                let cover_names: Vec<String> = (0..side)
                    .filter(|c| covers & (1 << c) != 0)
                    .map(|c| geometry.unit_name(cover_offset + c))
                    .collect();
                let cells: Vec<usize> = base_lines
                    .iter()
                    .flat_map(|&l| position.places(base_offset + l, digit))
                    .collect();
                let removed: Vec<usize> = eliminations.iter().map(|e| e.0).collect();
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
