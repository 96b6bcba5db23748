//! Grouped turbot fish, as Sukaku Explainer has them: two to four strong links of one
//! digit joined by weak links, where an end of a link may be a group of cells (the places
//! of the digit in a unit that lie in one box) rather than one cell; and the four-link
//! turbot fish of single cells, found the same way.
//!
//! A *node* is a cell or a group. A unit holding the digit in exactly two nodes is a
//! strong link between them: one of the two holds the digit. Two nodes are weakly linked
//! when every cell of one sees every cell of the other: they cannot both hold it. A chain
//! far-near ~ near-far (two links) or with a third link in the middle proves one of the two
//! far nodes holds the digit, so a cell seeing every cell of both loses it. An empty
//! rectangle is such a chain: the box's places split into a row group and a column group.
//!
//! SE rates a chain with at least one group 4.3 (two links), 5.7 (three) or 6.1 (four), whatever
//! the units (measured on the development split of `datasets/SOURCES.md` and the exchange
//! diabolical corpus); chains of single cells are the plain turbot fish of `turbot.rs`.

use super::cell_sets::CellSets;
use super::{beats, digit_name, Position, Step, Technique};
use crate::bitset::Digit;
use crate::geometry::{Cell, Unit};

/// A cell or a group of cells of one unit holding the digit.
type Node = Vec<Cell>;

/// A strong link: the unit, and the two nodes that share its places of the digit.
struct Link {
    unit: Unit,
    ends: [Node; 2],
}

/// Whether `unit` is a *line* of the grid: a row, a column or a diagonal region (a unit
/// no two of whose cells share a row or a column). A box is not, nor are windoku's windows
/// and the disjoint groups.
fn is_line(geometry: &crate::geometry::Geometry, unit: Unit) -> bool {
    use crate::geometry::UnitKind;
    match geometry.unit_kind(unit) {
        UnitKind::Row | UnitKind::Column => true,
        UnitKind::Box => false,
        UnitKind::Extra => {
            let (mut rows, mut columns) = (0u32, 0u32);
            geometry.unit(unit).iter().all(|&c| {
                let (row, column) = (1 << geometry.row_of(c), 1 << geometry.column_of(c));
                let fresh = rows & row == 0 && columns & column == 0;
                rows |= row;
                columns |= column;
                fresh
            })
        }
    }
}

/// Whether `cells` lie in one line of the grid ([`is_line`]). SE's groups are such: a
/// window of windoku is not a line, so the places of a box that lie in a window but across
/// lines make no group (windoku development split, ER equal 95 -> 96%, X and the others
/// unchanged; a group in one box and one row or column only: X 98 -> 97%, its groups on a
/// diagonal).
fn on_one_line(geometry: &crate::geometry::Geometry, cells: &[Cell]) -> bool {
    geometry.all_units_of(cells[0]).iter().any(|&unit| {
        is_line(geometry, unit)
            && cells
                .iter()
                .all(|&c| geometry.unit_mask(c) >> unit.index() & 1 == 1)
    })
}

/// Every strong link of `digit` with at least one end a node (cells or groups).
fn links(position: &Position, digit: Digit) -> Vec<Link> {
    let geometry = position.geometry();
    let mut links: Vec<Link> = Vec::new();
    for unit in geometry.units() {
        if position.place_count(unit, digit) < 2 {
            continue;
        }
        let places = position.places(unit, digit);
        // Ways to split the places into two nodes, the places in one row, column or box
        // and the rest, each in one box.
        let mut splits: Vec<[Node; 2]> = Vec::new();
        let keys: [fn(&crate::geometry::Geometry, Cell) -> usize; 3] = [
            |g, c| g.row_of(c),
            |g, c| g.column_of(c),
            |g, c| g.box_of(c),
        ];
        // A group lies in one box, as SE's do. On classic grids a group across boxes (the
        // rest of a row) has no candidate seeing it outside the row, so eliminates nothing;
        // on variant grids a unit's places in a row across boxes (of a disjoint group), or
        // in a column across boxes (of a window), make no node. Measured on the
        // development split of `datasets/SOURCES.md`, ER equal (X / windoku / disjoint
        // groups / anti-king): groups anywhere 62 / 88 / 88 / 68%, in one box 63 / 89 /
        // 92 / 67%, in one box and one line 61 / 89 / 92 / 67%, in one box on extra
        // regions only 62 / 89 / 89 / 68%; classic grades unchanged.
        //
        // An extra region that is not a line (a window, a disjoint group) links single
        // cells only: with its groups too, grouped turbot fish came where SE's path has a
        // forcing chain or a wing (windoku development puzzles 101-300, ER equal 96 ->
        // 98.5%; puzzles 1-100, X, disjoint groups unchanged; on diagonals too, X 99 ->
        // 97%).
        let singles_only = geometry.unit_kind(unit) == crate::geometry::UnitKind::Extra
            && !is_line(geometry, unit);
        let node = |cells: &[Cell]| {
            if singles_only {
                return cells.len() == 1;
            }
            let first = geometry.box_of(cells[0]);
            cells.iter().all(|&c| geometry.box_of(c) == first) && on_one_line(geometry, cells)
        };
        for key in keys {
            let mut values: Vec<usize> = places.iter().map(|&c| key(geometry, c)).collect();
            values.sort_unstable();
            values.dedup();
            for &value in &values {
                let (first, second): (Node, Node) =
                    places.iter().partition(|&&c| key(geometry, c) == value);
                if first.is_empty() || second.is_empty() || !node(&first) || !node(&second) {
                    continue;
                }
                let split = if first < second {
                    [first, second]
                } else {
                    [second, first]
                };
                if !splits.contains(&split) {
                    splits.push(split);
                }
            }
        }
        for ends in splits {
            links.push(Link { unit, ends });
        }
    }
    links
}

/// One digit's strong links as indices: nodes, the cells of each, the candidates seeing all
/// of a node's cells, and for each node the link ends weakly linked to it.
struct Network {
    nodes: Vec<Node>,
    cells: CellSets,
    targets: CellSets,
    /// For each node: (near end, far end, link) of every oriented link whose near end
    /// is weakly linked to it.
    next: Vec<Vec<(usize, usize, usize)>>,
    /// Each link's two end nodes, and its unit.
    ends: Vec<[usize; 2]>,
    units: Vec<Unit>,
}

impl Network {
    fn build(position: &Position, digit: Digit) -> Network {
        let geometry = position.geometry();
        let words = geometry.cell_count().div_ceil(64);
        let mut nodes: Vec<Node> = Vec::new();
        let mut ends: Vec<[usize; 2]> = Vec::new();
        let mut units = Vec::new();
        for link in links(position, digit) {
            let mut index = |node: &Node| match nodes.iter().position(|n| n == node) {
                Some(k) => k,
                None => {
                    nodes.push(node.clone());
                    nodes.len() - 1
                }
            };
            ends.push([index(&link.ends[0]), index(&link.ends[1])]);
            units.push(link.unit);
        }
        let holders: Vec<Cell> = position.holders(digit).collect();
        let mut cells = CellSets::new(words);
        let mut targets = CellSets::new(words);
        let mut sees_all = CellSets::new(words);
        let implied = geometry.implied_units();
        for node in &nodes {
            cells.push(node.iter().copied());
            // A target sees every cell of the node, through a unit other than an implied
            // window or as an extra peer: SE's grouped strong links eliminate no further
            // (windoku development puzzles 101-300, ER equal 93.5 -> 95%, puzzles 1-100
            // unchanged).
            let seeing = |k: Cell| {
                node.iter().all(|&c| {
                    k != c
                        && (geometry.unit_mask(k) & geometry.unit_mask(c) & !implied != 0
                            || geometry.has_extra_peers() && position.sees(k, c))
                })
            };
            let sharing = |k: Cell| node.iter().all(|&c| geometry.shares_unit(k, c));
            targets.push(holders.iter().copied().filter(|&k| seeing(k)));
            sees_all.push(geometry.cells().filter(|&k| sharing(k)));
        }
        // Node j is weakly linked to node i when every cell of j shares a unit with every
        // cell of i (which excludes the cell itself, so they are disjoint). A knight's or
        // king's move is no weak link here, as in SE's variant ladder (anti-king
        // development split: 68% ER equal with unit links only, 66% with those moves); the
        // eliminations still reach every cell seeing both ends.
        let weak = |i: usize, j: usize| {
            cells
                .get(j)
                .iter()
                .zip(sees_all.get(i))
                .all(|(c, s)| c & !s == 0)
        };
        let next = (0..nodes.len())
            .map(|i| {
                let mut list = Vec::new();
                for (link, &[a, b]) in ends.iter().enumerate() {
                    for (near, far) in [(a, b), (b, a)] {
                        if weak(i, near) {
                            list.push((near, far, link));
                        }
                    }
                }
                list
            })
            .collect();
        Network {
            nodes,
            cells,
            targets,
            next,
            ends,
            units,
        }
    }

    /// Whether the chain's nodes share no cell.
    fn disjoint(&self, chain: &[usize]) -> bool {
        chain.iter().enumerate().all(|(i, &a)| {
            chain[i + 1..].iter().all(|&b| {
                self.cells
                    .get(a)
                    .iter()
                    .zip(self.cells.get(b))
                    .all(|(x, y)| x & y == 0)
            })
        })
    }

    /// The candidates seeing every cell of both far ends, outside the chain.
    fn eliminations(&self, chain: &[usize], out: &mut Vec<u64>) -> bool {
        let (first, last) = (chain[0], chain[chain.len() - 1]);
        out.clear();
        out.extend(
            self.targets
                .get(first)
                .iter()
                .zip(self.targets.get(last))
                .map(|(a, b)| a & b),
        );
        for &k in chain {
            for (o, c) in out.iter_mut().zip(self.cells.get(k)) {
                *o &= !c;
            }
        }
        out.iter().any(|&w| w != 0)
    }
}

fn describe(position: &Position, node: &[Cell]) -> String {
    if node.len() == 1 {
        position.name(node[0])
    } else {
        format!("({})", position.names(node))
    }
}

/// The step of a chain of `nodes` (far, near, near, far, ...) over `units`, removing the
/// candidates in `bits`.
fn step(
    position: &Position,
    digit: Digit,
    technique: Technique,
    rating: f32,
    chain: &[&Node],
    units: Vec<Unit>,
    bits: &[u64],
) -> Step {
    let geometry = position.geometry();
    let found: Vec<(Cell, Digit)> = geometry
        .cells()
        .filter(|c| bits[c.index() / 64] >> (c.index() % 64) & 1 == 1)
        .map(|c| (c, digit))
        .collect();
    let removed: Vec<Cell> = found.iter().map(|e| e.0).collect();
    let pairs: Vec<String> = chain
        .chunks(2)
        .zip(&units)
        .map(|(pair, &unit)| {
            format!(
                "{} / {} ({})",
                describe(position, pair[0]),
                describe(position, pair[1]),
                geometry.unit_name(unit)
            )
        })
        .collect();
    let cells: Vec<Cell> = chain.iter().flat_map(|n| n.iter().copied()).collect();
    let explanation = format!(
        "{}: {} is in one of each pair {}, and the pairs are joined where all their cells see each other, so {} or {} holds it: {} cannot be {}",
        technique.name(),
        digit_name(digit),
        pairs.join(", "),
        describe(position, chain[0]),
        describe(position, chain[chain.len() - 1]),
        position.names(&removed),
        digit_name(digit)
    );
    let mut step = Step::eliminating(technique, found, cells, units, explanation);
    step.rating = rating;
    step
}

/// The best step of chains of `length` links (2 to 4): with at least one group when
/// `with_group`, of single cells only otherwise (the four-link turbot fish: shorter
/// chains of single cells are `turbot.rs`'s).
fn grouped(position: &Position, length: usize, with_group: bool) -> Option<Step> {
    let technique = match (length, with_group) {
        (2, _) => Technique::GroupedTurbotFish,
        (3, _) => Technique::GroupedThreeLinkTurbotFish,
        (_, true) => Technique::GroupedFourLinkTurbotFish,
        (_, false) => Technique::FourLinkTurbotFish,
    };
    let geometry = position.geometry();
    let mut best: Option<Step> = None;
    let mut bits = Vec::new();
    for digit in Digit::all(geometry.side()) {
        let network = Network::build(position, digit);
        let mut consider = |chain: &[usize], links: &[usize], bits: &mut Vec<u64>| {
            let grouped = chain.iter().any(|&k| network.nodes[k].len() > 1);
            if grouped != with_group
                || !network.eliminations(chain, bits)
                || !network.disjoint(chain)
            {
                return;
            }
            let rating = if with_group {
                technique.rating()
            } else {
                let kinds: Vec<_> = links
                    .iter()
                    .map(|&l| geometry.unit_kind(network.units[l]))
                    .collect();
                super::turbot::link_rating(technique.rating(), &kinds)
            };
            let count = bits.iter().map(|w| w.count_ones() as usize).sum();
            if !beats(best.as_ref(), rating, count) {
                return;
            }
            let nodes: Vec<&Node> = chain.iter().map(|&k| &network.nodes[k]).collect();
            let units = links.iter().map(|&l| network.units[l]).collect();
            best = Some(step(
                position, digit, technique, rating, &nodes, units, bits,
            ));
        };
        // A far end no candidate sees every cell of can start or end no useful chain; the
        // two far ends must have such a candidate in common.
        let seen: Vec<bool> = (0..network.nodes.len())
            .map(|k| network.targets.get(k).iter().any(|&w| w != 0))
            .collect();
        let meet = |x: usize, y: usize| {
            network
                .targets
                .get(x)
                .iter()
                .zip(network.targets.get(y))
                .any(|(p, q)| p & q != 0)
        };
        for (first, &[a, b]) in network.ends.iter().enumerate() {
            for (far_a, near_a) in [(a, b), (b, a)] {
                if !seen[far_a] {
                    continue;
                }
                for &(near_b, far_b, second) in &network.next[near_a] {
                    if second == first {
                        continue;
                    }
                    if length == 2 {
                        if meet(far_a, far_b) {
                            let chain = [far_a, near_a, near_b, far_b];
                            consider(&chain, &[first, second], &mut bits);
                        }
                        continue;
                    }
                    for &(near_c, far_c, third) in &network.next[far_b] {
                        if third == first || third == second {
                            continue;
                        }
                        let chain = [far_a, near_a, near_b, far_b, near_c, far_c];
                        if length == 3 {
                            if meet(far_a, far_c) {
                                consider(&chain, &[first, second, third], &mut bits);
                            }
                            continue;
                        }
                        for &(near_d, far_d, fourth) in &network.next[far_c] {
                            if [first, second, third].contains(&fourth) || !meet(far_a, far_d) {
                                continue;
                            }
                            let links = [first, second, third, fourth];
                            let chain =
                                [far_a, near_a, near_b, far_b, near_c, far_c, near_d, far_d];
                            consider(&chain, &links, &mut bits);
                        }
                    }
                }
            }
        }
    }
    best
}

/// Turbot fish of two strong links with at least one group (SE's grouped skyscraper,
/// grouped two-string kite, grouped two strong links, empty rectangle): 4.3.
pub fn grouped_turbot_fish(position: &Position) -> Option<Step> {
    grouped(position, 2, true)
}

/// Turbot fish of three strong links with at least one group: 5.7.
pub fn grouped_three_link_turbot_fish(position: &Position) -> Option<Step> {
    grouped(position, 3, true)
}

/// Turbot fish of four strong links of single cells (Sukaku Explainer's "4 Strong
/// links"): 5.8 plus [`link_rating`](super::turbot)'s tenths (5.9 for all five in the
/// classic development split's listings).
pub fn four_link_turbot_fish(position: &Position) -> Option<Step> {
    grouped(position, 4, false)
}

/// Turbot fish of four strong links with at least one group: 6.1 (all eleven in the
/// classic development split's listings).
pub fn grouped_four_link_turbot_fish(position: &Position) -> Option<Step> {
    grouped(position, 4, true)
}

#[cfg(test)]
mod tests {
    use crate::logic::position::from_se_variant_marks;
    use crate::logic::{find, next_step, Technique};

    #[test]
    fn four_strong_links_with_groups_make_one_elimination_as_sudoku_explainer_found() {
        // Development puzzle 497 of `datasets/se_ratings_dev.se.txt.gz` before SE's 22nd
        // step, "6.1 Grouped 4 Strong links: Cell r1c8,r3c9,r3c6,r1c5,r8c5,r8c8,r7c7,r4c7 on
        // value 9", which removes 9 from r6c8 (before four-link chains, sudolab went on to
        // a 7.2 forcing chain there).
        let rows = [
            "......7....3......12...6..912............6..9....5...........8.1.......9...4.....",
            "...4....9...4...891....6.891......8....4.6..9..3.......2.............7......5....",
            "....5.....2.4...8912.....8912.....8....4..7.9......7.9.....6.....3......1.......9",
            ".......8..2.4....9....5..........7....3......1...........4....9.....6....2......9",
            "1.............6.....3..............9.2.....8....4.........5.7......5..8..2....78.",
            ".2.4....9......7...2......9....5.....2.....8......6...1...........4...89..3......",
            ".2......9.2..5..89.2.....89..3......1...5.7.9......789...4..7.91..45.........6...",
            ".....6...1..............7.....4.........5...9.2.........3..........5..89.......89",
            "..3..........5..89...4..........6...1...5.7.9......789....5.7.9.2.......1.....7.9",
        ];
        let position = crate::logic::position::from_se_marks(&rows);
        let step = next_step(&position).expect("a step");
        assert_eq!(step.technique, Technique::GroupedFourLinkTurbotFish);
        assert_eq!(step.rating, 6.1);
        let removed = crate::logic::position::removals(&position, &step);
        assert_eq!(removed, [("r6c8".to_string(), 9)]);
        assert_eq!(find(&position, Technique::FourLinkTurbotFish), None);
    }

    #[test]
    fn grouped_links_eliminate_nothing_through_an_implied_window_as_sudoku_explainer() {
        // Windoku development puzzle 168 of `se_ratings_variant_windoku_dev2.se.txt.gz`
        // before SE's 52nd step, "5.7 Grouped 3 Strong links" on 9. A grouped turbot fish
        // (r5c7, r5c8) = r6c9 - r9c9 = r1c5 would remove 9 from r1c6, which sees the group
        // through an implied window only (rows 1, 5, 9 and columns 6 to 8); SE takes no
        // such step, and rates the puzzle 5.7.
        let rows = [
            "..3.......2..........4...........7.9....5...91...5.7.91.....78.1.....78......6...",
            "........9.......8.....5.....23...........6...1.....7..1234..7..1234..7.....4..7..",
            "1.............67.......67.....4......23.............8..23.....9.23.....9....5....",
            ".......8.1.......912......9..3.....9..34.........5.7.....45.7.......6....2.4..7..",
            "...45........56..9..3..........567.91.........2..........45.7.9...45.7.9.......8.",
            "...4567......567...2...67.........8....45...9....56..91.3......1.3.......2.4....9",
            "....567....3...........67.9.2..56..9.......8....4......2..5.7.9.2..5.7.91........",
            "....567.....4.....1.....7..12..56..9.2......9....56..9.2..5.789.2..5.789..3......",
            ".2.......1...5...9.......8.1...5..........7....3...........6......45...9...4....9",
        ];
        let position = from_se_variant_marks("windoku", &rows);
        assert_eq!(find(&position, Technique::GroupedTurbotFish), None);
        let step = next_step(&position).expect("a step");
        assert_eq!(step.rating, 5.7, "{}", step.explanation);
        assert_eq!(step.technique, Technique::GroupedThreeLinkTurbotFish);
    }

    #[test]
    fn a_window_links_no_group_as_sudoku_explainer() {
        // Line 86 of `se_ratings_variant_windoku_dev2.se.txt.gz` (its 83rd puzzle),
        // before SE's step "7.1 Forcing Chain: r2c4.5 off", its hardest. In window 2
        // (rows 2 to 4, columns 6 to 8) 3 is only in (r4c7, r4c8) and (r2c6, r3c6): taken
        // as a strong link of two groups, it made a grouped turbot fish with row 5's
        // r5c5 / r5c9 and rated the puzzle 4.3.
        let rows = [
            "....5..........7..........9.2.......1...............8...3..6.....3..6......4.....",
            ".23....8..2.4...8...3..6.8...345.7....34..7....3.567...2....789.2.....891........",
            ".234...8.12.4...8.1.3..6.8.........9...4..7....3..6....2..5.78..2....78..2..5.7..",
            ".23....89.2..5..8...3.5..8...3.5.78......6......4.....1.3.5.7..123...7...23.5.7.9",
            "......7.......6......4.....1......8..23.....912..5...9.2..5...9.2......9.23....89",
            "123.....91...5..891.3........3.5..8..23.5.7.9.23...7.9...4......23...789.....6...",
            "1..4....91..4....9......7....34.6..........8.123.....9123..6..9....5.....23......",
            "1..4....9....5..8..2.........3456.....345.7.91.3...7.91....67891.3..6789..3...7.9",
            ".....6.....3..........5..8.1...5.....2......912....7.912....7.9...4......2.....89",
        ];
        let position = from_se_variant_marks("windoku", &rows);
        assert_eq!(find(&position, Technique::GroupedTurbotFish), None);
        let step = next_step(&position).expect("a step");
        assert_eq!(step.rating, 7.1, "{}", step.explanation);
        assert_eq!(step.technique, Technique::ForcingChain);
        let removed = crate::logic::position::removals(&position, &step);
        assert_eq!(removed, [("r2c4".to_string(), 5)]);
    }
}
