use crate::dlx::classic;

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
