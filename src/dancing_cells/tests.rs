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
