use crate::exact_cover::classic;

#[test]
fn counts_the_classic_problems() {
    assert_eq!(
        classic::queens(8).unwrap().bitboard().count(0).solutions,
        92
    );
    assert_eq!(
        classic::langford(8).unwrap().bitboard().count(0).solutions,
        300
    );
}

/// More than four words per set (the loops over a nonzero-word list), more than 64 primary
/// items, and both ways of clearing clashes; in CI's debug build too, with the copy of the
/// search compiled for POPCNT/BMI where the processor has them.
#[test]
fn counts_pentominoes_both_ways() {
    let problem = classic::pentominoes(3, 20).unwrap();
    let mut board = problem.bitboard();
    assert!(board.words > 4 && board.primary > 64 && board.has_clash_sets());
    let with = board.count(0);
    board.drop_clash_sets();
    let without = board.count(0);
    assert_eq!((with.solutions, without.solutions), (8, 8));
    assert_eq!(with.nodes, without.nodes);
}

/// Multiplicities: the 0-1 matrices of order 4 with two 1s in each row and column (OEIS
/// A001499: 90).
#[test]
fn counts_two_per_line_matrices() {
    let n = 4;
    let lines: Vec<String> = (0..n)
        .map(|i| format!("r{i}"))
        .chain((0..n).map(|j| format!("c{j}")))
        .collect();
    let mut problem = crate::exact_cover::Problem::new(&lines, &[] as &[String]).unwrap();
    for item in 1..=2 * n as u32 {
        problem.set_multiplicity(item, 2, 2).unwrap();
    }
    for i in 0..n {
        for j in 0..n {
            problem
                .add_option(&[format!("r{i}"), format!("c{j}")])
                .unwrap();
        }
    }
    assert_eq!(problem.bitboard().count(0).solutions, 90);
}
