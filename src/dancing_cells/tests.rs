use crate::exact_cover::classic;

#[test]
fn counts_what_dancing_links_count() {
    for problem in [
        classic::queens(8).unwrap(),
        classic::langford(7).unwrap(),
        classic::pentominoes(3, 20).unwrap(),
    ] {
        let links = problem.dlx().count(0);
        let mut cells = problem.cells();
        let stats = cells.count(0);
        assert_eq!(stats.solutions, links.solutions);
        // The same again: a search leaves the structure ready for the next.
        assert_eq!(cells.count(0), stats);
    }
}

#[test]
fn a_primary_item_in_no_option_means_no_solution() {
    // The only option has no primary item and is left out: the sets of items are empty
    // (building them once indexed past the end).
    let problem = crate::exact_cover::Problem::read_dlx_format(&b"p | s\ns\n"[..], None).unwrap();
    assert_eq!(problem.cells().count(0).solutions, 0);
    assert_eq!(problem.dlx().count(0).solutions, 0);
}

/// Multiplicities (SSMCC's search): the same counts as dancing links' Algorithm M, and a
/// primary item that may take no option (`0:1|q`) needs none.
#[test]
fn counts_multiplicities_as_dancing_links_do() {
    let text = "2|r0 2|r1 2|r2 2|c0 2|c1 2|c2 0:1|q\n\
                r0 c0\nr0 c1\nr0 c2\nr1 c0\nr1 c1\nr1 c2\nr2 c0\nr2 c1\nr2 c2\n";
    let problem = crate::exact_cover::Problem::read_dlx_format(text.as_bytes(), None).unwrap();
    let links = problem.dlx().count(0);
    let mut cells = problem.cells();
    let stats = cells.count(0);
    // 0-1 matrices of order 3 with two 1s per row and column: OEIS A001499, 6.
    assert_eq!((stats.solutions, links.solutions), (6, 6));
    assert_eq!(cells.count(0), stats);
}
