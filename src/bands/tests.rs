use super::lanes::Native;
use super::*;
use crate::checker::check_solution;

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn counts_many_and_none() {
    let empty = Grid::empty(3).unwrap();
    let outcome = BandSolver.count(&empty, 1000);
    assert_eq!(outcome.count, 1000);
    for solution in &outcome.solutions {
        assert_eq!(check_solution(&empty, solution), Ok(()));
    }
    let conflict: Grid = format!("55{}", &WIKIPEDIA[2..]).parse().unwrap();
    assert_eq!(BandSolver.count(&conflict, 2).count, 0);
    // Row 1 holds 1..8 and column 9 a 9: r1c9 has no candidate.
    let stuck: Grid = format!("12345678.{}........9", ".".repeat(63))
        .parse()
        .unwrap();
    assert_eq!(BandSolver.count(&stuck, 2).count, 0);
}

#[test]
fn other_sizes_are_refused_not_miscounted() {
    let four = Grid::empty(2).unwrap();
    let outcome = BandSolver.count(&four, 2);
    assert_eq!(outcome.stopped, Some(Stop::UnsupportedSize));
    assert!(!BandSolver.supports(&four));
}

/// The root built a digit at a time is the position placing the givens one by one gives,
/// and refuses the same conflicts (two givens of a digit in a row, a column, a box).
#[test]
fn givens_built_a_digit_at_a_time_match_placing_them_one_by_one() {
    let one_by_one = |values: &[u8]| -> Result<Board, Dead> {
        let mut board = Board::empty();
        for (cell, &value) in values.iter().enumerate() {
            if value != 0 {
                let before = board.candidates;
                let changed = board.place(value as usize - 1, cell / 27, 1 << (cell % 27))?;
                let differing = Native::differing(&board.candidates, &before);
                assert_eq!(changed, differing, "the words a placement reports changed");
            }
        }
        Ok(board)
    };
    let mut puzzles: Vec<String> = vec![WIKIPEDIA.into(), INKALA.into(), ".".repeat(81)];
    // Conflicts: a row (r1c1 = r1c2), a column (r1c1 = r9c1), a box (r1c1 = r2c2).
    for other in [1, 72, 10] {
        let mut cells: Vec<u8> = vec![b'.'; 81];
        (cells[0], cells[other]) = (b'7', b'7');
        puzzles.push(String::from_utf8(cells).unwrap());
    }
    let (mut built, mut refused) = (0, 0);
    for text in &puzzles {
        let puzzle: Grid = text.parse().unwrap();
        let expected = one_by_one(puzzle.cells());
        assert_eq!(
            Board::from_given_bits::<Native>(&Board::given_bits::<Native>(puzzle.cells())),
            expected,
            "{text}"
        );
        built += usize::from(expected.is_ok());
        refused += usize::from(expected.is_err());
    }
    assert_eq!((built, refused), (3, 3));
}

/// The first `n` puzzles of a bundled corpus.
fn corpus(name: &str, n: usize) -> Vec<Grid> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("datasets")
        .join(name);
    crate::corpus::CorpusReader::from_path(&path)
        .unwrap()
        .take(n)
        .map(|record| record.unwrap().puzzle)
        .collect()
}

/// The engine on portable lanes and on SSE2 lanes, both as compiled for the baseline, and
/// on SSE2 lanes with the modern instructions when this processor has them: the same
/// counts, solutions and statistics, on puzzles with no, one and many solutions.
#[test]
fn every_lane_implementation_and_instruction_set_gives_the_same_answers() {
    use super::lanes::{modern_instructions, Portable};
    let count = |puzzle, limit| {
        with_search_stack(|stack| {
            modern_instructions(Count {
                puzzle,
                limit,
                limits: &Limits::NONE,
                stack,
            })
        })
    };
    let mut puzzles = corpus("puzzles6_forum_hardest_1106.gz", 30);
    puzzles.extend(corpus("puzzles7_serg_benchmark.gz", 200));
    puzzles.extend(corpus("puzzles2_17_clue.gz", 100));
    // Sparse grids (many solutions) and a contradiction found only by search.
    let mut sparse: Grid = INKALA.parse().unwrap();
    for index in [0, 11, 12, 19, 30, 37, 40] {
        sparse.set(Cell::new(index), None);
    }
    puzzles.push(sparse);
    puzzles.push(Grid::empty(3).unwrap());
    let mut broken: Grid = INKALA.parse().unwrap();
    broken.set(Cell::new(1), Some(Digit::new(4)));
    puzzles.push(broken);
    let (mut none, mut many) = (0, 0);
    for puzzle in &puzzles {
        for limit in [2, 50] {
            let portable = count_on::<Portable>(puzzle, limit, &Limits::NONE, &mut Vec::new());
            let native = count_on::<Native>(puzzle, limit, &Limits::NONE, &mut Vec::new());
            let modern = count(puzzle, limit);
            for other in [&native, &modern] {
                assert_eq!(other.count, portable.count, "{puzzle}");
                assert_eq!(other.solutions, portable.solutions, "{puzzle}");
                assert_eq!(other.stats, portable.stats, "{puzzle}");
            }
            none += usize::from(portable.count == 0);
            many += usize::from(portable.count > 1);
        }
    }
    assert!(
        none > 0 && many > 0,
        "{none} without solution, {many} with several"
    );
}

#[test]
fn a_position_is_the_size_the_module_docs_give() {
    assert_eq!(std::mem::size_of::<Board>(), 208);
}

/// The claiming removals computed a lane at a time match their definition for every set of
/// claimed columns: in each box holding a claimed column, the box's other columns.
#[test]
fn claiming_removals_leave_each_claiming_box_its_claimed_columns() {
    use super::board::claiming_removals;
    use super::lanes::Lanes;
    use super::tables::{BOX, COLUMN_0};
    for set in 0u32..512 {
        let mut expected = 0;
        for (k, &cells) in BOX.iter().enumerate() {
            let claimed = set & (7 << (3 * k));
            if claimed != 0 {
                expected |= cells & !(claimed * COLUMN_0);
            }
        }
        let lanes = [set, 511 - set, set & 0o707, 0];
        let got = claiming_removals(Native::from_array(lanes)).to_array();
        assert_eq!(got[0], expected, "claimed columns {set:09b}");
        assert_eq!(got[3], 0, "lane 3 stays empty");
    }
}

/// The pointing columns computed a lane at a time match their definition for every set of
/// columns: a box's column when it is the box's only one.
#[test]
fn pointing_columns_are_the_only_column_of_their_box() {
    use super::board::pointing_columns;
    use super::lanes::Lanes;
    for set in 0u32..512 {
        let mut expected = 0;
        for k in 0..3 {
            let in_box = (set >> (3 * k)) & 7;
            if in_box.count_ones() == 1 {
                expected |= in_box << (3 * k);
            }
        }
        let lanes = [set, 511 - set, set & 0o070, 0];
        let got = pointing_columns(Native::from_array(lanes)).to_array();
        assert_eq!(got[0], expected, "columns {set:09b}");
        assert_eq!(got[3], 0, "lane 3 stays empty");
    }
}

/// Taking a stack placement keeps, in each band, the digit's cells of the placement's column
/// in that stack and nothing else of the stack; the other stacks are untouched. The words
/// it reports changed are those that differ.
#[test]
fn a_stack_placement_keeps_one_minicolumn_per_band() {
    use super::board::Placement;
    use super::tables::{BAND, COLUMN_0, PLACEMENTS};
    for (p, &set) in PLACEMENTS.iter().enumerate() {
        let mut board = Board::empty();
        let changed = board.take(Placement::Stack(4, 1), p);
        assert_eq!(
            changed,
            Native::differing(&board.candidates, &Board::empty().candidates),
            "placement {p}"
        );
        let set = u32::from(set);
        for b in 0..3 {
            let column = 3 + ((set >> (3 * b)) & 7).trailing_zeros();
            let others = (0o070 & !(1 << column)) * COLUMN_0;
            assert_eq!(
                board.candidates[4][b],
                BAND & !others,
                "placement {p}, band {b}"
            );
            for d in (0..9).filter(|&d| d != 4) {
                assert_eq!(board.candidates[d][b], BAND);
            }
        }
    }
}
