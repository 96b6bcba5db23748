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
