//! Forcing chains against Sudoku Explainer's own listings of its steps (`serate
//! --after=%h` with stub hint templates: `reports/2026-12-04-variants/serate_chains.sh`).

use super::nested_multiple_forcing_chains;
use crate::bitset::DigitSet;
use crate::logic::position::from_se_marks;
use crate::logic::{next_step, Technique};

/// Asserts that sudolab's next step on SE's pencil marks (`from_se_marks`) is `technique`
/// rated `rating`, as SE's step there.
fn expect_step(marks: &[&str], technique: Technique, rating: f32) {
    let step = next_step(&from_se_marks(marks)).expect("a step");
    assert_eq!(step.technique, technique, "{}", step.explanation);
    assert_eq!(step.rating, rating, "{}", step.explanation);
}

/// `marks` thinned at random as an enclosing search thins them: cell by cell, each
/// candidate of a cell that still has more than `keep` goes with chance `chance.0` in
/// `chance.1`.
pub(super) fn thinned(
    marks: &[DigitSet],
    keep: u32,
    chance: (u64, u64),
    random: &mut crate::random::Random,
) -> Vec<DigitSet> {
    let mut marks = marks.to_vec();
    for cell in marks.iter_mut() {
        for digit in cell.iter().collect::<Vec<_>>() {
            if cell.len() > keep && random.below(chance.1) < chance.0 {
                cell.remove(digit);
            }
        }
    }
    marks
}

#[test]
fn a_nested_step_counts_each_nested_chain_once_as_se_lists_them() {
    // Forum development puzzle 10 (`datasets/se_ratings_forum_hardest_dev.se.txt.gz`, SE
    // 11.0), before SE's 12th step (`reports/2026-12-04-se-nested/
    // serate_chains_forum_dev_line10.txt.gz`): SE takes the contradiction from r7c3=3 at
    // 11.0, listing two main chains of 37 and 34 literals and three nested region forcing
    // chains (r3c1<>2, r5c2<>3 and r3c1<>3: 8, 14 and 14 literals), 107 in all. Two of
    // the nested conclusions come from one region (2 in column 3), so a nested search
    // must give every conclusion of a group, not only its best; and a nested chain two
    // main chains use counts once. Counted otherwise, the easiest step here rated 10.9.
    expect_step(
        &[
            "........9.......8.1234...........7..1.345.....2345.........6...1234.....1..45....",
            "......7......5....1234.....1.34.6...1.34.6.8..234.6.8..234...8.........91..4...8.",
            "123.......234..........6...1.345....1..45..89.2.45..89.23...78.1234...8.1..45.78.",
            "...4..........67.912.....8.1...56...1...5678.....5678..2....78912.....8...3......",
            "123....8..23...7......5............91.34..78...34..78..2.4..78......6...1..4..78.",
            "1.3..6.8...3..67.91.3....8.1.34.6....2.........34..78.....5....1..4...8.1..4..7.9",
            "..3.56.8.1..........34...8...3456.....3..67....34567.9..34...89..34...8..2.......",
            ".23.5.....234.6...........9.......8...345....1..........34...........7.....4.6...",
            "..3..6.8...34.6.........7...2.........34.6..9..34.6..91............5.......4.6.89",
        ],
        Technique::NestedMultipleForcingChains,
        11.0,
    );
}

#[test]
fn static_region_chains_start_where_a_cell_chain_could_as_se_finds_them() {
    // Development puzzle `...4..9.1.....78...1.....24..92.1....3..8....7....9.1.62..5..7.8
    // ......46..7.2.5..` (`datasets/se_ratings_dev.se.txt.gz`) before SE's 33rd step, "8.4
    // Cell Forcing Chains: r3c1 ==> r6c3.4 off" (three chains of 6, 4 and 6 literals).
    // The places of 9 in column 5 (r2c5, r3c5, r8c5) lead to r8c4<>1 in 4 + 6 + 4
    // literals, which would rate 8.3; SE passes over them because the first place, r2c5,
    // has two candidates, and static cell chains start from cells of three. Taking every
    // unit's places, the development split's ER equal to SE's was 99.58%; so, 99.92%.
    expect_step(
        &[
            "..3.5..........7.........8....4..........6....2...............9..3.5....1........",
            ".2.4........45...9.2.45....1.3.5...91.......9......7.........8......6.....3.5....",
            "..3.5...91.............6.....3.5..89..3.....9....5..8.......7...2..........4.....",
            "...45.........6...........9.2.........34..7..1..........34.........5..8.....5.78.",
            "12.45......3......12.4.........567.........8.....56......4.6...........9.2..5.7..",
            "......7.........8..2.45......3.56.....34.............9..34.6...1.........2..5....",
            ".....6....2.........3.............89....5.......4.....1..............7.........89",
            ".......8.....5...91...5....1.....7.91.....7.9..3.......2..........4..........6...",
            "1..4....9...4....9......7..1....6.89.2............6.8.....5......3....8...3....89",
        ],
        Technique::CellForcingChains,
        8.4,
    );
}

/// Forum development puzzle 14 (`8..........36......7..9.2...5...7.......457.....1...3...1....68
/// ..85...1..9....4..`, SE 10.7) before SE's 14th step (`reports/2026-12-05-plus-rules/
/// serate_chains_forum_dev_14.txt.gz`), and before its 17th: the same marks but r9c4<>7,
/// r9c5<>3 and r9c5<>7, the three steps between.
fn forum_dev_14_marks(before_step_17: bool) -> [&'static str; 9] {
    [
        ".......8.12.4.6....2.456..9.2.4..7..123.5.7..1234.....1.3.56......45.7.91.34567.9",
        "12.45...912.4.......3...........6...12..5.78.12.4...8.1...5..8....45.7891..45.7.9",
        "1..456.........7.....456.....34...8.........91.34...8..2..........45..8.1.34.6...",
        "123.....9....5.....2.4....9.23....89.23..6.8.......7..1....6.8..2.4...8912.4.6..9",
        "123..6..9123..6.8..2...6..9.23....89...4.........5..........7...2.....8912......9",
        ".2.4..7.9.2.4...8..2.4..7.91.........2...6.8..2...6.89....56.89..3.......2.456..9",
        ".2345.7...234.....1.........234..7.9.23...7...234....9..3.5...9.....6..........8.",
        ".234.67...234.6..........8.....5.....23..67...234.6..9..3.....91.........23...7.9",
        if before_step_17 {
            ".23.567..........9.2..567...23....8.1....6.8.123..6.8....4......2..5.7...23.5.7.."
        } else {
            ".23.567..........9.2..567...23...78.1.3..678.123..6.8....4......2..5.7...23.5.7.."
        },
    ]
}

#[test]
fn the_plus_level_uses_pairs_and_x_wings_but_no_triples_as_se_does() {
    // Before SE's 14th step, SE's "+" search finds nothing: it takes a nested
    // contradiction (r9c5=3, 10.4) whose chains cite forcing chains and a cycle. With
    // triples among the "+" rules, sudolab's "+" search reached a contradiction from
    // r2c1=5 (10.0), which SE finds only three steps later.
    expect_step(
        &forum_dev_14_marks(false),
        Technique::NestedForcingChains,
        10.4,
    );
}

#[test]
fn pointing_comes_before_claiming_in_a_dynamic_search_as_se_cites_it() {
    // Before SE's 17th step: "9.9 Contradiction Forcing Chain: r2c1.5 on ==> r6c1.9",
    // chains of 46 and 48 literals. SE reaches r5c4<>2 by pointing (2 of box 6 in row 5)
    // where claiming (2 of row 6 in box 5) reaches it in the same round; taking the
    // claiming, as sudolab did when it went box by box, made chains of 50 and 50: 10.0.
    expect_step(
        &forum_dev_14_marks(true),
        Technique::DynamicForcingChainsPlus,
        9.9,
    );
}

#[test]
fn the_first_plus_rule_that_concludes_ends_the_round_as_se_searches() {
    // Forum development puzzle 3 (`..4..3....7..8....2.81....6..3....9..8..2....1..7....3......4
    // 5....8..9....9..5..8`, SE 11.0) before SE's 14th step (`reports/2026-12-05-plus-rules/
    // serate_chains_forum_dev_3.txt.gz`): "9.7 Contradiction Forcing Chain: r6c8.4 on ==>
    // r5c6.1 both on & off", chains of 31 and 4 literals; r7c6<>1 and r8c6<>1 come from a
    // hidden pair in box 8 (2 and 7 in r7c6, r8c6), then r5c6=1 as column 6's last place.
    // Applying every rule in a round, sudolab queued naked pairs of column 6 ahead of that
    // hidden pair, reached r3c6=4 and then r5c6 both 4 and not 4 (36 and 37 literals: 9.9).
    expect_step(
        &[
            "....56..91...56..9...4......2..56..9....567.9..3......12..5..8.12....78.12..5...9",
            "..3.56..9......7..1...56....2.456..9.......8..2.4.6..91.3.5....1234.....1..45...9",
            ".2.........3.5...9.......8.1...........45.7.9...4..7.9..3.5.7....34..7.......6...",
            "...4567...2.456.....3.........456...1..456...1....6.8.12...678.........91..45.7..",
            "...4.67.9.......8.....567....3.......2.......1..4.6..91...567..1..4.6...1..45....",
            "1.........2.456..9.2..56.........7.....456..9...4.6.89.2..56.8..2.4.6.8...3......",
            ".......8.123..6...12...67...2...6..91.3..67.912...67.9...4.........5....12....7..",
            "..34567..123456...12..567.........8.1.34.67..12.4.67..........9.23..67..12....7..",
            "..34.67..1234.6...........9.2.4.6...1.34.67......5....123..67..123..67.........8.",
        ],
        Technique::DynamicForcingChainsPlus,
        9.7,
    );
}

#[test]
fn a_nested_round_takes_the_first_kind_of_chains_that_concludes_as_se_does() {
    // Forum development puzzle 6 (`98.7..6..7...5..94...9.....6....9.53.4.5...6.....3.4..4..3...
    // 76..2.6..........1..`, SE 11.0) before SE's first step (`reports/2026-12-05-plus-rules/
    // serate_chains_forum_dev_6.txt.gz`): "11.0 Cell Forcing Chains: r5c6 ==> r9c5.4 off",
    // main chains of 18, 12, 5 and 10 literals and seven nested chains (56), 101 in all.
    // From r5c6=1, SE's nested round gives only forcing chains (three turbot fish); then
    // r2c4=1 and r1c5<>1 leave r7c5 the last 1 of column 5. With the cell and region
    // chains in the same round, sudolab reached r7c5=1 through nested cell or region chains (r7c2
    // and r7c3 <> 1, 10 literals each) in 12 + 12 + 5 + 10 main literals: 10.9.
    expect_step(
        &[
            "........9.......8.1.345..........7..12.4.....1234..........6...123......12..5....",
            "......7..123..6...1.3..6...12...6.8.....5....123..6.8..23....8.........9...4.....",
            "123.5....123.56...1.3456...........912.4...8.1234.6.8..23.5.78.123....8.12..5.78.",
            ".....6...12....7..1.....78.12.4...8.12.4..78.........9.2....78.....5......3......",
            "123....8....4.....1.3...789....5....12....78.12....78..2....789.....6...12....789",
            "12..5..8.12..5.7.91...5.78912...6.8...3......12...678....4.....12.....8.12....789",
            "...4.....1...5...91...5..89..3......12.....8912..5..8..2..5..89......7.......6...",
            "1.3.5..8.1.3.5.7.9.2.......1..4...8......6...1..45.78...3.5..89..34...8.....5..89",
            "..3.5..8...3.567.9..3.56789.2.4...8..2.4..789.2.45.78.1.........234...8..2..5..89",
        ],
        Technique::NestedMultipleForcingChains,
        11.0,
    );
}

#[test]
fn a_nested_region_chain_rests_on_the_enclosing_offs_that_shrank_its_region() {
    // Forum development puzzle 3 (`datasets/se_ratings_forum_hardest_dev.se.txt.gz`, SE
    // 11.0) before SE's 8th step, "11.0 Region Forcing Chains: 1 in row ==> r1c9.7 off"
    // (`reports/2026-12-05-plus-rules/serate_chains_forum_dev_3.txt.gz`): four main chains
    // of 16, 37, 7 and 7 literals and four nested region chains of 8. SE's first chain,
    // from r9c2=1, counts r9c2<>2: the nested chain "2 in row 9" has lost its place r9c2 to
    // the enclosing assumption, so its conclusion rests on that off. Without the offs that
    // shrank a nested cell or region, the chains counted 2 literals fewer and rated 10.9.
    expect_step(
        &[
            "....56..91...56..9...4......2..56..9....567.9..3......12..5.78.12....78.12..5.7.9",
            "..3.56..9......7..1...56....2.456..9.......8..2.4.6..9123.5....1234.....1..45...9",
            ".2.........3.5...9.......8.1...........45.7.9...4..7.9..3.5.7....34..7.......6...",
            "...4567...2.456.....3.........456...1..456...1..4.6.8.12...678.........912.45.7..",
            "...4.67.9.......8.....567....3.......2.......1..4.6..91...567..1..4.67..1..45....",
            "1.........2.456..9.2..56.........7.....456..9...4.6.89.2..56.8..2.4.6.8...3......",
            ".......8.123..6...12...67...2...6..91.3..67.912...67.9...4.........5....12....7..",
            "..34567..123456...12..567.........8.1.34.67..12.4.67..........9.23..67..12....7..",
            "..34.67..1234.6...........9.2.4.6...1.34.67......5....123..67..123..67.........8.",
        ],
        Technique::NestedMultipleForcingChains,
        11.0,
    );
}

#[test]
fn the_columns_pointing_and_claiming_come_before_the_rows_as_se_meets_them() {
    // Third forum development puzzle 2 (`datasets/se_ratings_forum_hardest_dev3.se.txt.gz`,
    // SE 11.0; `reports/2026-12-06-plus-rule-order`) before SE's 7th step,
    // "9.9 Contradiction Forcing Chain: r5c3.2 on ==> r2c6.5 both on & off": in one round
    // of the "+" rules, claiming gives r2c4<>5 and r2c6<>5 (5 of column 5 in box 2) and
    // r1c5<>5 and r3c5<>5 (5 of row 2 in box 2). SE follows the column's offs first and
    // meets r2c6 both on and off; following the row's first met r3c5 with a shorter
    // chain, rated 9.8.
    expect_step(
        &[
            "12..5...912..567.9..3......12.45.7..12.45...91..4567.9.2.4..789.2.45..89.2.4..7.9",
            "...4.....12..5.7.912..5.7.912..5.7.........8.1...5.7.9.2....7.9..3...........6...",
            ".2..5...9.2..567.9.......8..2345.7...2345...9..34567.91.........2.45...9.2.4..7.9",
            "12..5..89...4.....12..5...91...5..8......6...1...5..8..2.....89......7....3......",
            "123.5..8.1.3.5.7...2..567..........91.345....1.345.78..2.4.6.8.12.4...8.12.4.....",
            "1.3....89..3...7.91....67.91.34..78.1.34......2..........4.6.891..4...89....5....",
            "123.5...9123.5...9...4.....123.5..........7..1.3.5...9.23.....9.....6..........8.",
            ".....6...123.5..8912..5...912345..8.12345...91.345..89.234..7.912.4....912.4..7.9",
            "......7...23....8912......9.....6...1234....91.34...89....5....12.4....912.4....9",
        ],
        Technique::DynamicForcingChainsPlus,
        9.9,
    );
}

#[test]
fn nested_region_chains_start_where_a_cell_chain_could_as_se_finds_them() {
    // Third forum development puzzle 1 (`datasets/se_ratings_forum_hardest_dev3.se.txt.gz`,
    // SE 11.7; `reports/2026-12-06-nested-region-chains`) before SE's 8th step, "11.4
    // Contradiction Forcing Chain: r3c9.4 on ==> r1c9.2 both on & off" (main chains of 63
    // and 65 literals, nested ones of 265). A nested region chain from every unit's places
    // led to a contradiction from r8c5=7 rated 11.1; SE's nested region chains, like its
    // top-level static ones, start only where the unit's first place has three
    // candidates, and it never takes that contradiction (nor in the three steps after).
    expect_step(
        &[
            "1..4..7.9.23...7.9123.....9.234....9....5.........6...12....7.........8..2.4....9",
            "1..4.6..9....5....12...6..9......7..12.4...8.1..4...8912...6...12.4....9..3......",
            "1..4.67.9.23..67.9.......8..234....91234.....1.34....912..567..12.45...9.2.456..9",
            ".2.........3..6.8.1.3.56.....34.6.8.1.34.678.1.34..78.........91.345.......45..8.",
            ".....6.89...4.......3..6..9....5....1.3..6.8.1.3....8.123....8.123............7..",
            "1.....78...3...78.1.3.5.7....34...8.........9.2.......1.3.5..8......6......45..8.",
            "..3.......2...6789...4......2...6.89.2...678.....5.789.2..56.8..2..5...91........",
            "....5.....2...6789.2...67..1.........23..678...3...789...4......23.....9.2...6.89",
            ".....6.891.........2...6..9.234.6.89.234.6.....345...9.23.56.8.......7...2..56.89",
        ],
        Technique::NestedMultipleForcingChains,
        11.4,
    );
}

#[test]
fn a_patterns_offs_are_followed_in_se_s_table_order() {
    // Third forum development puzzle 13 (`datasets/se_ratings_forum_hardest_dev3.se.txt.gz`;
    // `reports/2026-12-06-nested-region-chains`) before SE's 12th step, "9.9 Contradiction
    // Forcing Chain: r2c9.8 on ==> r9c6.2 both on & off". Under r2c9=8 a hidden pair (1
    // and 8 in r6c2 and r9c2, column 2) removes r6c2<>4 and r9c2<>2; r9c6 then loses 2
    // (by r6c2<>4) and 5 (by r9c2<>2) at the same depth. SE follows r9c2 (index 73,
    // bucket 9 of 16) before r6c2 (46, bucket 14), reaches r9c6=2 and then its off; in
    // cell order sudolab met r9c6 = 5 both ways first, rated 9.8.
    expect_step(
        &[
            "..34.678...34.6..9..3..67.9.2.4...89...45.7.....45.7.9.2.....89.23.56..91........",
            "1....678.1....6..9.2.......1......891...5.7....3..........5..89...4.........56.89",
            "1.34...8.....5....1.3.....912.4...89.....6....2.4....9......7...23.....9..3....89",
            "..34.67....34.6..9..3.567.9.234.6....2.4..7..1...........45...9.......8.....567.9",
            "1.34.67..1.34.6..91.3.567.9..34.6..........8....4.67..1..45...91...567.9.2.......",
            ".2.......1..4.6.8.1....678.....5............9...4.67....3......1....67.....4.67..",
            "1.3..6...123.........4.....1....6..912..5...........8.1...5...9..3.5.7.9..3.5.7.9",
            "....5..........7..1....6.8.12.4.6..9..3.......2...6..912.4...8912......9...4...89",
            "........9123....8.1.3....8.......7..12.45.....2.45.........6...123.5......345..8.",
        ],
        Technique::DynamicForcingChainsPlus,
        9.9,
    );
}

#[test]
fn nested_searches_take_bidirectional_cycles_as_se_s_do() {
    // Forum development puzzle 1 (`datasets/se_ratings_forum_hardest_dev.se.txt.gz`, SE
    // 11.6; `reports/2026-12-05-plus-rules/serate_chains_forum_dev_1.txt.gz`) before SE's
    // 2nd step, "10.4 Contradiction Forcing Chain: r2c5.1 on ==> r4c5.3 both on & off",
    // whose nested chains include a bidirectional X-cycle. Without nested cycles the
    // cheapest step here rated 10.5 (`reports/2026-12-06-nested-speed`).
    expect_step(
        &[
            "....5.......4..789..3....89.....6...1.3....891.34..78.......789.2....78912....7.9",
            "..3..678..2.........3..6.891.3.5.7.91.3.5..891.3...78.....56789...4.....1...5.7.9",
            "...4.678....4.67891...........45.7.9.2..........4..78...3..........56789....5.7.9",
            "........91..456....23.56..........8.1.3.56...123..67.....45.7...23.5.7...2345.7..",
            ".23..6.8.....56.8.......7...23.5.......4......23..6...1..........3.5..89.23.5...9",
            "1234...8.1..45..8..23.5..8.123.5.7..1.3.5............9...45.78..23.5.78......6...",
            "1....6.8.1...56.89...4.....1.3.....9......7..1.3..6.8..2.........3.56..9..3.5...9",
            ".2...678...3.......2..56.89.2.4....9.....6.89.2.4.6.8....4567.91...........45.7.9",
            "12...67..1....67.9.2...6..91234....91.3..6..9....5.......4.67.9..3..67.9.......8.",
        ],
        Technique::NestedForcingChains,
        10.4,
    );
}

#[test]
fn a_nested_cycle_counts_its_loop_once() {
    // Fourth forum development puzzle 3 (`datasets/se_ratings_forum_hardest_dev4.se.txt.gz`,
    // `reports/2026-12-06-nested-cycle-count/serate_chains_forum_dev4_3.txt.gz`) before
    // SE's 5th step, "11.2 Contradiction Forcing Chain: r5c1.2 on ==> r2c6.6 both on &
    // off". Its chains (41 and 35 literals, SE's own) rest on 15 nested chains, SE's set
    // for set, four of them cycles (8, 10, 6 and 6 literals). SE lists a nested cycle
    // both ways round, but counting each twice, as sudolab did from 10.0 up, gave 260
    // literals, 11.3; once, 230 (`reports/2026-12-07-nested-cycle-once`).
    expect_step(
        &[
            "1..............789...45......3.567....3.56.89....567.9..34...89..34.6....2.......",
            ".2.....89..3............789...4.....12...6.8912...67.91......89....5.........6.89",
            "...45.....2.....89.....6...123.5....1.3.5..8912..5...9......7..1.34.......34...89",
            ".23..6..9....5....1.3...7.9.......8.12...6......4.....123.....9123..67....3..67.9",
            ".2.4.6.8912...6.891..4...8912..56.........7....3......12.45...912.4.6......45...9",
            ".234.6...12...67..1.34..7..........912..56...12..56...12345...........8...34567..",
            "......7..1......891.3.5..89123.5....12345...912..5...9.....6....234.......345..8.",
            "..3.56......4.....1.3.5....123.567..123.56..........8..23.5............9..3.5.7..",
            "..3.56.89.....6.89.2.........3.567....345...9....567.9..345..8...34..7..1........",
        ],
        Technique::NestedMultipleForcingChains,
        11.2,
    );
}

#[test]
fn a_nested_cycle_rests_on_what_was_taken_from_its_cells() {
    // Fourth forum development puzzle 11 (`datasets/se_ratings_forum_hardest_dev4.se.txt.gz`,
    // `reports/2026-12-06-nested-cycle-count/serate_chains_forum_dev4_11.txt.gz`) before
    // SE's 5th step, "10.9 Contradiction Forcing Chain: r5c2.1 on ==> r4c5.2 both on &
    // off". SE's listing gives its nested cycle every candidate the enclosing chain took
    // from the loop's cells as premises; with only the offs its links rest on, the same
    // contradiction counted 379 literals, 10.8.
    expect_step(
        &[
            "........9.......8.12..5..........7...234.....12.4..........6...12345....12345....",
            "......7..123..6...12...6...1.34.6..9....5....12.4.6..9...4...891234.....1234...89",
            "12..56...123.56......4.....1.3..6..9.23..6..9.......8...3.5...9......7..123.5...9",
            "...4.....12..56..912..56..9..3..6..9.23..6..9......7....3.5...9.......8.1.3.5...9",
            "1....6.8.1.....7.9..3.........4.6.89...4.6.89....5.....2.......1..4.6...1..4..7.9",
            ".2..56.8..2..567.9.2..56.89..34...891.........2...6..9..345.7.9..3456.....345.7.9",
            "..3.......2...6..9.2...6.89....5.......4.6789...4.6..91.........2.4......2.4..78.",
            "12..56.8....4.....12..56.8.1....6.8......678...3..........5.78.........9.2..5.78.",
            "1...5..8.1...5...9......7...2..........4...891..4....9..345..8...345.........6...",
        ],
        Technique::NestedForcingChains,
        10.9,
    );
}

#[test]
fn of_equal_nested_region_chains_the_one_se_meets_first_is_taken() {
    // Fourth forum development puzzle 3 (`datasets/se_ratings_forum_hardest_dev4.se.txt.gz`,
    // `reports/2026-12-06-nested-cycle-count/serate_chains_forum_dev4_3.txt.gz`) before
    // SE's 7th step, "11.3 Contradiction Forcing Chain: r2c6.9 on ==> r5c2.2 both on &
    // off". A nested search concludes r4c7<>1 by two region chains of 16 literals, 1 in
    // column 3 and 1 in box 4; SE's listing takes the box's, whose first place comes
    // first (`multiple::precedence`). Taking the column's, found first, pulled two more
    // nested chains of 28 literals into the count: 397 literals, 11.4.
    expect_step(
        &[
            "1..............789...45......3.567....3.56.89....567.9..34...89..34.6....2.......",
            ".2.....89..3............789...4.....12...6.8912...67.91......89....5.........6.89",
            "...45.....2.....89.....6...123.5....1.3.5..8912..5...9......7..1.34.......34...89",
            ".23..6..9....5....1.3...7.9.......8.12...6......4.....123.....9123..67....3..67.9",
            "...4.6.8912...6.891..4...8912..56.........7....3......12.45...912.4.6......45...9",
            ".234.6...12...67..1.34..7..........912..56...12..56...12345...........8...34567..",
            "......7..1......891.3.5..89123.5.....2345...912..5...9.....6....234.......345..8.",
            "..3.56......4.....1.3.5....123.567..123.56..........8..23.5............9..3.5.7..",
            "..3.56.89.....6.89.2.........3.567....345...9....567.9..345..8...34..7..1........",
        ],
        Technique::NestedMultipleForcingChains,
        11.3,
    );
}

#[test]
fn a_nested_cycle_rests_on_what_makes_its_links_strong_both_ways_round() {
    // Fifth forum development puzzle 4 (`datasets/se_ratings_forum_hardest_dev5.se.txt.gz`,
    // `reports/2026-12-07-nested-cycle-premises/serate_chains_forum_dev5_4.txt.gz`)
    // before SE's 3rd step, "10.7 Contradiction Forcing Chain: r5c9.6 on ==> r9c2.5 both
    // on & off". Its chains rest on a nested bidirectional cycle through r6c4, r8c4,
    // r8c7, r7c8, r7c3 and r6c3 whose premises SE lists as 12 enclosing offs: those of
    // the cells where the loop changes digit, and the places of each linking digit taken
    // from the unit two neighbours share (8 in row 6, 9 in row 8, 5 in box 9, 8 in column
    // 3), whichever way round the loop runs (`Chaining::loop_premises`). Resting on the
    // 7 its links meet one way round, the main chains had 130 literals, not SE's 135:
    // 10.6.
    expect_step(
        &[
            "........9.......8.12..5..........7..1234.....1.34..........6...1..45.....2.45....",
            "......7..123..6...12...6.......5....12.4.6...1..4.6.8...34...891..4...89.2.4...89",
            "1.3.56...123.56......4.....12.....8.........91....6.8...3.5..8.......7...2..5..8.",
            "...4.....12..56..912..56.8912.....8.......7..1....6.8.....5..89..3..........56.89",
            "1....6.8.1....67.9..3......1..4...8.1..4.6.......5.....2..........4.6.89...4.67.9",
            "....56.8..2..567...2..56.8..234...8..234.6...........9...45.78....456.8.1........",
            ".2.......1...5...91...5..89.....6...1..45....1..4..7.....45.789...45..89..3......",
            "1.3.56......4.....1...56..91.3.....9.......8.1.3...7......5.7.9.2...........567.9",
            "..3.56.8...3.56..9......7....34....9..345.....2.......1...........456.89...456.89",
        ],
        Technique::NestedForcingChains,
        10.7,
    );
}

#[test]
fn nested_conclusions_of_one_size_are_followed_in_the_order_se_meets_them() {
    // Fifth forum development puzzle 11 (`datasets/se_ratings_forum_hardest_dev5.se.txt.gz`,
    // `reports/2026-12-07-nested-cycle-premises/serate_chains_forum_dev5_11.txt.gz`)
    // before SE's 8th step, "11.1 Contradiction Forcing Chain: r4c5.2 on ==> r9c5.3 both
    // on & off". A nested round concludes r5c7<>2 and r5c8<>2 (2 in row 3, first place
    // r3c1) and r1c2<>2 and r2c2<>2 (2 in column 9, first place r1c9), 10 literals each.
    // SE's chains place 2 in r5c2 by column 2, so they followed column 9's first, the one
    // its search meets first (`multiple::precedence`); following row 3's first, as they
    // were found, placed it by row 5 with two nested chains fewer: 11.0.
    expect_step(
        &[
            "1.........23...7.9..34.6..9...4.67.9....5.....2...6..9.234..7.9.......8..23...7.9",
            ".2.4.67...23.5.7.9..3456..9...4.6789.2.4.6.8..2...6.891.........2345.7...23.5.7.9",
            ".2.4..7.9.......8....45...91..4..7.912.4.......3.......2.45.7.9.2.45.7.......6...",
            ".2.....8912..5...9......7..1.3.5..89123....8....4......23.5...9.....6...123.5...9",
            "..3......12..5...91...56.891...56.89......7..12..56.89.2..5...912..5.......4.....",
            ".2...6..9...4.....1...56..91.3.56..9123..6...12..5...9.......8.123.5.7..123.5.7.9",
            "....5....1.3...7...2.......1.34.6.8.1.34.6.8.1....6.8...34.67..........91.3...7..",
            "...4..78...3...7..1..4...8..2...............91...56......4567..1.345.7..1.3.5.7..",
            "...4....9.....6...1.34....91.3.5....1.34...........7...2345....12345...........8.",
        ],
        Technique::NestedMultipleForcingChains,
        11.1,
    );
}

#[test]
fn nested_x_chains_come_before_other_forcing_chains_of_their_size() {
    // Third forum development puzzle 10 (`datasets/se_ratings_forum_hardest_dev3.se.txt.gz`,
    // `reports/2026-12-06-plus-rule-order/serate_chains_forum_dev3_10.txt.gz`) before SE's
    // 5th step, "10.6 Contradiction Forcing Chain: r2c2.7 on ==> r3c4.1 both on & off". One
    // nested round concludes r7c7<>2 by a forcing chain and r7c7<>3 by a forcing X-chain,
    // 8 literals each. SE's chains follow the X-chain's first: r7c5 = 3 by row 7, then
    // r7c1 = 2 by row 7 once r7c7<>2 comes. Following the other first put 7 in r7c7 and
    // 2 in r7c1 by its cell, a shorter way to the same contradiction: 10.5
    // (`reports/2026-12-07-nested-cycle-once`).
    expect_step(
        &[
            ".23.567.9.23...789.23..67....34.6.89..34..78...34.6.89.2..5.7.9.2..5.7891........",
            "1...567.91.....7891....67..1....6.891.....78..2...........5.7.9..3.........4.....",
            "123...7.9123...7.9...4.....1.3.....9....5......3....89.....6....2....789......789",
            "1.34.6..91.3.....91.3..6...1.3456.8.1.34...8.......7..1...5...91..456..9.2.......",
            "12.4.67.912....7.9.......8.12.456...12.4........456...1...5.7.91..4567.9..3......",
            "1234.67......5....123...7..1234.6...........9..34.6..........8.1..4.67.......67..",
            ".23...7.....4.............9.23.5..8..23....8.1.........23...7...2...678.....5678.",
            "123...........6.......5..........7...234...8...34...89123.....912.....89.......89",
            ".......8.123...7..123...7...23.5...9.....6.....3.5...9...4.....12....7.9....5.7.9",
        ],
        Technique::NestedForcingChains,
        10.6,
    );
}

#[test]
fn a_nested_chain_to_one_conclusion_on_other_premises_counts_again() {
    // Fourth forum development puzzle 16 (`datasets/se_ratings_forum_hardest_dev4.se.txt.gz`,
    // `reports/2026-12-06-nested-cycle-count/serate_chains_forum_dev4_16.txt.gz`) before
    // SE's 8th step, "10.6 Cell Forcing Chains: r3c8 ==> r2c7.8 off". The branches from
    // r3c8=2 and r3c8=3 each end on a nested forcing chain to r2c7<>8 of 12 literals, one
    // through r3c7=4, the other through r3c7=1, on other enclosing offs; SE lists both
    // and counts both. Taken for one chain (the same conclusion and size), the step rated
    // 10.5 (`reports/2026-12-07-nested-identity`).
    expect_step(
        &[
            "........9.......8.1234...........7..12.45......345.........6....23.5....1234.....",
            "......7..12.4..........6...1234.....12.45......3.5..8.1.345..8.........912345....",
            "123..........5....1234.....12.4.6..912.4.6..9...4.6.891..4...8..23....8.......7..",
            "...4.....12...67.912....78.1....6..9..3..........567.9....5.789.2..5.78..2..5...9",
            "123......12....7.9....5...........8.1..4..7.9...4..7.9..34..7.9.23...7.......6...",
            ".....6.8......67.9..3...78....4.6..9...4567.9.2.........345.7891..........345...9",
            "12..56.....3......12....7...2...6..9.......8......67.91...5.7.9...4.....1...5...9",
            "12...6...12.4.67..........9....5.....2.4.67....34.67..1.3...7....3..67.........8.",
            "....56.8....4.67.....4..78...34....9...4.67.91.........2.........3.567....3.5...9",
        ],
        Technique::NestedForcingChains,
        10.6,
    );
}

#[test]
fn the_dynamic_nested_level_rounds_are_dynamic_chains_alone_as_se_s() {
    // Second forum development puzzle 10 (`datasets/se_ratings_forum_hardest_dev2.se.txt.gz`,
    // `reports/2026-12-05-nested-premises/serate_chains_forum_dev2_10.txt.gz`) before SE's
    // 7th step, "11.5 Contradiction Forcing Chain: r4c8.9 on ==> r2c1.2 both on & off". At
    // this level SE's nested chains are contradiction, cell and region forcing chains,
    // never a plain forcing chain, turbot fish or cycle (over 39 steps, 169 nested chains):
    // a round of plain forcing chains first took another way from r4c8=9, to a longer
    // contradiction in r8c7 and 11.6 elsewhere (`reports/2026-12-07-nested-identity`).
    expect_step(
        &[
            "1...........4..78....45..89..3.567....3..6.89....567.9..34...89...4.6..9.2.......",
            ".2.....89..3............789...4.....12...6.8912...67.91......89....5.........6.89",
            "...45..89.2.4...8......6...123.5....123....8912..5...9......7..1..4....9..34...89",
            ".2.4.6..9....5....1..4..7.9.......8.12.4.6.....3......12.4....912.4.67.9...4.67.9",
            ".234.6.8912.4.6.8.1.34...8912...6.........7..12.4.6....2345...912.4.6..9..345...9",
            ".234.6...12.4.67..1.34..7..........9....5....12.4.6...1234............8...34.67..",
            "......7..1..4...8.1.345..8.123.5.....234....912.45...9.....6....2.4....9...45..89",
            "...456...........91..45....12..567..12.4.6..........8..2.45......3.........45.7..",
            "..3456.8....4.6.8..2.........3.567....34.6..9...4567.9....5..89...4..7.91........",
        ],
        Technique::NestedDynamicForcingChains,
        11.5,
    );
}

#[test]
fn dynamic_nested_chains_of_one_size_are_followed_in_the_order_se_meets_them() {
    // Third forum development puzzle 3 (`datasets/se_ratings_forum_hardest_dev3.se.txt.gz`,
    // `reports/2026-12-06-plus-rule-order/serate_chains_forum_dev3_3.txt.gz`) before SE's
    // 17th step, "11.5 Contradiction Forcing Chain: r5c9.7 on ==> r8c3.6 both on & off".
    // Two nested region chains of 10 literals lead to r6c2<>6: 7 in column 2 (first place
    // r1c2) and 7 in box 2 (first place r1c6), which rests on two more enclosing offs
    // (r1c4<>7, r1c5<>7). SE takes the one its search meets first, column 2's; taking box
    // 2's made the chain to r8c3<>6 two literals longer: 11.6
    // (`reports/2026-12-07-nested-identity`).
    expect_step(
        &[
            ".....6......4..78...345..8.1...5.789..3.5.7.91.3...78...34...891.3.....9.2.......",
            "..3...78.........9.23....8....4.....1.3..67..12...67..1.3....8.....5......3..6.8.",
            "..345..8..2.4...8.1.........2..56.89..3.5...9.23..6.8.......7....3..6..9..34...89",
            "1.3...7.9....5.....23..6..91....67.9.......8....4.....123.....912...67....3..67.9",
            "..34..7891..4.678...34...891....67.9.2.......1....67....3.5..891....67.9..3.56789",
            "1.....78912...67...2...6.89..3......1....67.9....5....12.....89...4..........6789",
            ".2.......1..4...8....45..891...5.78.1.345.7..1.3...78......6.....3...7.9..345...9",
            "1..45......3.........456...12...67..1..4567..........9.2.45...........8....45.7..",
            "...45..89...4.6.8.......7...2..56.8...3456....23..6.8...345...9.23.....91........",
        ],
        Technique::NestedDynamicForcingChains,
        11.5,
    );
}

#[test]
fn unit_links_are_the_static_searches_links_on_any_marks() {
    // The closures read a static search's links off the units' places
    // (`Chaining::unit_links`); they must be exactly what the search follows
    // (`Chaining::consequences`), on a classic grid and on one with extra regions, on
    // marks thinned at random as an enclosing search thins them.
    use super::{Chaining, Links};
    let forum = "98.7..6..7...5..94...9.....6....9.53.4.5...6.....3.4..4..3...76..2.6..........1..";
    let windoku = crate::variant::format::parse(
        "variant: windoku\n8...1......6....7.5.7.3.......8....4............5............49.43....2.95....1..\n",
        None,
    )
    .unwrap()
    .remove(0);
    let positions = [
        crate::logic::Position::from_grid(&forum.parse().unwrap()).unwrap(),
        crate::logic::Position::from_puzzle(&windoku).unwrap(),
    ];
    let mut random = crate::random::Random::new(11);
    let mut checked = 0;
    for position in &positions {
        let mut chaining = Chaining::new(position);
        for round in 0..20 {
            // Each round drops some candidates of cells that keep two or more.
            let marks = thinned(&chaining.original, 2, (round % 5, 10), &mut random);
            chaining.set_base(&marks);
            for (cell, digit) in chaining.candidates() {
                for on in [true, false] {
                    for links in [Links::Digit, Links::Cell, Links::DigitAndCell] {
                        let mut read = Vec::new();
                        chaining.unit_links(cell, digit, on, links, |l| read.push(l));
                        let literal = chaining.literal(cell, digit, on);
                        chaining.consequences(literal, links, false);
                        let mut followed: Vec<u32> =
                            chaining.found.chunks(2).map(|pair| pair[0]).collect();
                        chaining.found.clear();
                        read.sort_unstable();
                        read.dedup();
                        followed.sort_unstable();
                        followed.dedup();
                        assert_eq!(read, followed, "round {round}: {}", chaining.name(literal));
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn the_multiple_level_reads_the_forcing_level_s_rounds_and_takes_the_same_steps() {
    // `rounds.rs`: what the nested rounds of "+ forcing chains" found is kept, per thread,
    // for "+ multiple forcing chains" on the same position. Along forum development
    // puzzle 10's path (SE 11.2), every step of that level must be the one the level
    // takes alone (in a fresh thread, nothing kept).
    let puzzle =
        "........1.....234....15...6...76......5.......8...32...3.....9.29...4.8.5.7......";
    let grid = crate::grid::Grid::parse(puzzle).expect("a puzzle");
    let mut position = crate::logic::Position::from_grid(&grid).expect("consistent");
    let mut compared = 0;
    while let Some(step) = next_step(&position) {
        if step.technique == Technique::NestedMultipleForcingChains {
            assert!(
                super::rounds::kept() > 0,
                "the forcing level kept its rounds"
            );
            let fresh = position.clone();
            let alone = std::thread::spawn(move || nested_multiple_forcing_chains(&fresh))
                .join()
                .expect("no panic");
            assert_eq!(alone.as_ref(), Some(&step));
            compared += 1;
        }
        position.apply(&step);
    }
    assert!(position.is_solved());
    assert!(compared >= 3, "{compared} steps compared");
}

#[test]
fn a_recalled_search_reads_as_the_search_left_it() {
    // `kept.rs`: the cell, region and double forms count their chains on searches
    // restored from what was kept. Every literal a search reached before it ended must
    // read the same after another search and the recall: its chain, its complexity, the
    // nested chains and the enclosing offs it rests on. Searches nested in thinned marks
    // (enclosing offs), and at the "+ forcing chains" level (nested chains).
    use super::{Chaining, Level, Links};
    let forum = "........1.....234....15...6...76......5.......8...32...3.....9.29...4.8.5.7......";
    let position = crate::logic::Position::from_grid(&forum.parse().unwrap()).unwrap();
    let mut random = crate::random::Random::new(5);
    let (mut checked, mut resting_on_offs, mut resting_on_nested) = (0, 0, 0);
    for (nested, level, starts) in [
        (true, Level::Plain, usize::MAX),
        (false, Level::NestedForcing, 60),
    ] {
        let mut chaining = Chaining::new(&position);
        let mut marks = chaining.original.clone();
        if nested {
            marks = thinned(&marks, 2, (1, 4), &mut random);
        }
        chaining.nested = nested;
        chaining.level = level;
        chaining.set_base(&marks);
        let candidates = chaining.candidates();
        let literals: Vec<u32> = candidates
            .iter()
            .take(starts)
            .flat_map(|&(c, d)| [chaining.literal(c, d, true), chaining.literal(c, d, false)])
            .collect();
        for (k, &start) in literals.iter().enumerate() {
            for dynamic in [true, false] {
                let ending = chaining.search(start, Links::DigitAndCell, dynamic, None);
                let reached = chaining.keep_reach(start, dynamic, ending);
                let read = |chaining: &mut Chaining| {
                    let reach = chaining.kept.reach(reached).to_vec();
                    reach
                        .into_iter()
                        .map(|l| {
                            chaining.axioms.clear();
                            let complexity = chaining.complexity(l);
                            let axioms = chaining.take_axioms();
                            let nested = chaining.nested_total();
                            (chaining.chain(l), complexity, axioms, nested)
                        })
                        .collect::<Vec<_>>()
                };
                let searched = read(&mut chaining);
                let other = literals[(k + 7) % literals.len()];
                chaining.search(other, Links::DigitAndCell, !dynamic, None);
                chaining.recall(start, dynamic);
                assert_eq!(read(&mut chaining), searched, "{}", chaining.name(start));
                checked += searched.len();
                resting_on_offs += searched.iter().filter(|r| !r.2.is_empty()).count();
                resting_on_nested += searched.iter().filter(|r| r.3 > 0).count();
            }
        }
    }
    assert!(checked > 1_000, "{checked}");
    assert!(resting_on_offs > 100, "{resting_on_offs}");
    assert!(resting_on_nested > 20, "{resting_on_nested}");
}

#[test]
fn a_loop_eliminates_what_sees_an_on_and_an_off_of_its_digit_in_it() {
    // `cycles.rs`: a loop's eliminations, worked out with stamps, are the candidates
    // outside the loop's cells seeing an on literal and an off literal of their digit in
    // the loop, in the order of the on literals (each's peers in the grid's order), each
    // once: checked against that definition, read off the peers with slice searches, on
    // random sequences of literals over thinned marks of a 9x9 and a 16x16 puzzle.
    use super::Chaining;
    let forum = "........1.....234....15...6...76......5.......8...32...3.....9.29...4.8.5.7......";
    let sixteen = include_str!("../../../datasets/generated_16x16.txt")
        .lines()
        .find(|line| !line.starts_with('#'))
        .and_then(|line| line.split(':').next())
        .unwrap();
    let mut random = crate::random::Random::new(17);
    let (mut loops, mut eliminating, mut several) = (0, 0, 0);
    for grid in [forum.parse().unwrap(), sixteen.parse().unwrap()] {
        let position = crate::logic::Position::from_grid(&grid).unwrap();
        let mut chaining = Chaining::new(&position);
        let marks = thinned(&chaining.original, 1, (1, 3), &mut random);
        chaining.set_base(&marks);
        let candidates = chaining.candidates();
        let geometry = position.geometry();
        let mut eliminated = Vec::new();
        for _ in 0..3_000 {
            let length = 4 + random.below(9) as usize;
            let loop_literals: Vec<u32> = (0..length)
                .map(|k| {
                    let (cell, digit) = candidates[random.below(candidates.len() as u64) as usize];
                    chaining.literal(cell, digit, k % 2 == 0)
                })
                .collect();
            chaining.loop_eliminations(&loop_literals, &mut eliminated);
            let cells: Vec<_> = loop_literals
                .iter()
                .map(|&l| chaining.decode(l).cell)
                .collect();
            let seen_by = |on: bool| {
                let mut seen = Vec::new();
                for l in loop_literals.iter().map(|&l| chaining.decode(l)) {
                    for &peer in geometry.peers(l.cell) {
                        if l.on == on
                            && !cells.contains(&peer)
                            && chaining.base[peer.index()].contains(l.digit)
                        {
                            seen.push(chaining.literal(peer, l.digit, false));
                        }
                    }
                }
                seen
            };
            let (by_on, by_off) = (seen_by(true), seen_by(false));
            let mut expected: Vec<u32> = Vec::new();
            for off in by_on {
                if by_off.contains(&off) && !expected.contains(&off) {
                    expected.push(off);
                }
            }
            assert_eq!(eliminated, expected);
            loops += 1;
            eliminating += usize::from(!expected.is_empty());
            several += usize::from(expected.len() > 1);
        }
    }
    assert_eq!(loops, 6_000);
    assert!(
        eliminating > 500 && several > 100,
        "{eliminating} {several}"
    );
}

#[test]
fn kept_static_links_are_those_worked_out_on_the_base_of_the_moment() {
    // `links_memo.rs`: the static links read from the memo are what `consequences` works
    // out, for every literal and kind of links, after the base changes (thinned marks) and
    // after the search becomes nested (hidden parents): a memo kept across either would
    // give the links worked out before, which differ for many literals.
    use super::{Chaining, Links};
    let forum = "........1.....234....15...6...76......5.......8...32...3.....9.29...4.8.5.7......";
    let position = crate::logic::Position::from_grid(&forum.parse().unwrap()).unwrap();
    let mut random = crate::random::Random::new(11);
    let mut chaining = Chaining::new(&position);
    let original = chaining.original.clone();
    let literals: Vec<u32> = chaining
        .candidates()
        .iter()
        .flat_map(|&(c, d)| [chaining.literal(c, d, true), chaining.literal(c, d, false)])
        .collect();
    let kinds = [Links::Digit, Links::Cell, Links::DigitAndCell];
    // Every literal's links along every kind, read twice from the memo, against the
    // links worked out afresh; how many differ from `before`.
    let read_all = |chaining: &mut Chaining, before: &[Vec<u32>]| {
        let (mut now, mut differing) = (Vec::new(), 0);
        for &literal in &literals {
            for links in kinds {
                chaining.consequences(literal, links, false);
                let fresh = std::mem::take(&mut chaining.found);
                for _ in 0..2 {
                    chaining.static_consequences(literal, links);
                    let kept = std::mem::take(&mut chaining.found);
                    assert_eq!(kept, fresh, "{} along {links:?}", chaining.name(literal));
                }
                differing += usize::from(before.get(now.len()).is_some_and(|b| *b != fresh));
                now.push(fresh);
            }
        }
        (now, differing)
    };
    for _ in 0..4 {
        chaining.nested = false;
        chaining.set_base(&original);
        let (whole, _) = read_all(&mut chaining, &[]);
        chaining.set_base(&thinned(&original, 2, (1, 4), &mut random));
        let (plain, thinned_differ) = read_all(&mut chaining, &whole);
        assert!(
            thinned_differ > 50,
            "{thinned_differ} literals' links changed"
        );
        chaining.nested = true;
        let (_, nested_differ) = read_all(&mut chaining, &plain);
        assert!(
            nested_differ > 20,
            "{nested_differ} literals gained hidden parents"
        );
    }
}
