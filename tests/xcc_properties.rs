//! Property tests of exact cover with colours: random small XCC problems (primary items,
//! secondary items with and without colours, options with no primary item) solved by the
//! dancing-links engine (Algorithm C), the dancing-cells engine, a SAT solver on the CNF
//! encoding and a brute-force enumeration of every subset of options written here from the
//! definition. All four must find the same solutions, and the problem must survive a round
//! trip through Knuth's format.

use std::collections::BTreeSet;

use proptest::prelude::*;
use sudolab::exact_cover::{Control, Problem};

/// One random option: `(item, colour)` pairs, items from 0 (primary first), colour 0 none.
type RandomOption = Vec<(usize, u32)>;

/// A problem from random parts: each option keeps its first mention of an item; colours
/// are dropped on primary items; options left empty are skipped.
fn build(primary: usize, secondary: usize, options: &[RandomOption]) -> Problem {
    let names: Vec<String> = (0..primary + secondary)
        .map(|i| {
            if i < primary {
                format!("p{i}")
            } else {
                format!("s{i}")
            }
        })
        .collect();
    let mut problem = Problem::new(&names[..primary], &names[primary..]).unwrap();
    for option in options {
        let mut seen = Vec::new();
        let mut tokens = Vec::new();
        for &(item, colour) in option {
            let item = item % (primary + secondary);
            if seen.contains(&item) {
                continue;
            }
            seen.push(item);
            tokens.push(if colour == 0 || item < primary {
                names[item].clone()
            } else {
                format!("{}:c{colour}", names[item])
            });
        }
        if !tokens.is_empty() {
            problem.add_option(&tokens).unwrap();
        }
    }
    problem
}

/// Every solution by trying every subset of options: each primary item covered exactly
/// once; each secondary item either in no chosen option, or in exactly one without a
/// colour, or only in options that all give it the same colour. As in Knuth's definition,
/// an option without a primary item is never part of a solution (nothing forces it in, and
/// adding it to a solution would not make a different cover of the primary items).
fn brute_force(problem: &Problem) -> BTreeSet<Vec<usize>> {
    let options = problem.options();
    let mut solutions = BTreeSet::new();
    for subset in 0u32..1 << options {
        let chosen: Vec<usize> = (0..options).filter(|k| subset >> k & 1 == 1).collect();
        let primary = problem.primary_items() as u32;
        if chosen
            .iter()
            .any(|&k| problem.option(k).iter().all(|&i| i > primary))
        {
            continue;
        }
        let mut uses = vec![Vec::new(); problem.items() + 1];
        for &k in &chosen {
            for (&item, &colour) in problem.option(k).iter().zip(problem.option_colours(k)) {
                uses[item as usize].push(colour);
            }
        }
        let valid = (1..=problem.items()).all(|item| {
            let colours = &uses[item];
            if item <= problem.primary_items() {
                colours.len() == 1
            } else {
                colours.len() <= 1 || (colours[0] != 0 && colours.iter().all(|&c| c == colours[0]))
            }
        });
        if valid {
            solutions.insert(chosen);
        }
    }
    solutions
}

fn by_links(problem: &Problem) -> (BTreeSet<Vec<usize>>, u64) {
    let mut dlx = problem.dlx();
    let mut solutions = BTreeSet::new();
    let stats = dlx.search(|dlx, chosen| {
        let mut options: Vec<usize> = chosen.iter().map(|&x| dlx.option_of(x)).collect();
        options.sort();
        assert!(solutions.insert(options), "a solution visited twice");
        Control::Continue
    });
    assert_eq!(dlx.sanity(), Ok(()));
    (solutions, stats.solutions)
}

fn by_cells(problem: &Problem) -> (BTreeSet<Vec<usize>>, u64) {
    let mut cells = problem.cells();
    let mut solutions = BTreeSet::new();
    let stats = cells.search_within(&sudolab::solver::Limits::NONE, |cells, chosen| {
        let mut options: Vec<usize> = chosen.iter().map(|&y| cells.option_of(y)).collect();
        options.sort();
        assert!(solutions.insert(options), "a solution visited twice");
        Control::Continue
    });
    (solutions, stats.solutions)
}

/// The solutions a SAT solver finds for the problem's CNF (the third, independent family),
/// the same with every at-most-one longer than four written as a sequential counter (and
/// long secondary lists by colour classes).
fn by_sat(problem: &Problem) -> BTreeSet<Vec<usize>> {
    use sudolab::sat::{count_models, AtMostOne, Cnf};
    let solutions = |cnf: Cnf| -> BTreeSet<Vec<usize>> {
        let found = count_models(&cnf, 0, usize::MAX, &sudolab::solver::Limits::NONE);
        assert_eq!(found.count as usize, found.models.len());
        found
            .models
            .iter()
            .map(|model| model.iter().map(|&v| v as usize - 1).collect())
            .collect()
    };
    let default = solutions(Cnf::from_problem(problem).unwrap());
    let linear = solutions(Cnf::from_problem_with(problem, AtMostOne::Sequential).unwrap());
    assert_eq!(default, linear, "the at-most-one encodings disagree");
    default
}

fn random_option() -> impl Strategy<Value = RandomOption> {
    prop::collection::vec(
        (0usize..12, prop::sample::select(vec![0u32, 0, 1, 2])),
        1..5,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn both_engines_find_exactly_the_brute_force_solutions(
        primary in 1usize..6,
        secondary in 0usize..5,
        options in prop::collection::vec(random_option(), 1..13),
    ) {
        let problem = build(primary, secondary, &options);
        let expected = brute_force(&problem);
        let (links, links_count) = by_links(&problem);
        let (cells, cells_count) = by_cells(&problem);
        prop_assert_eq!(&links, &expected, "dlx on\n{}", problem.to_dlx_format());
        prop_assert_eq!(&cells, &expected, "dc on\n{}", problem.to_dlx_format());
        prop_assert_eq!(links_count, expected.len() as u64);
        prop_assert_eq!(cells_count, expected.len() as u64);
        prop_assert_eq!(&by_sat(&problem), &expected, "sat on\n{}", problem.to_dlx_format());
        // The format round-trips, colours included, and counts the same.
        let text = problem.to_dlx_format();
        let again = Problem::read_dlx_format(text.as_bytes(), None).unwrap();
        prop_assert_eq!(again.to_dlx_format(), text);
        prop_assert_eq!(&by_links(&again).0, &expected);
        // Split into subtrees (as --threads and --shard do), the counts add up.
        let mut dlx = problem.dlx();
        let split = dlx.split(2);
        let mut total = split.above.solutions;
        for prefix in &split.prefixes {
            let below = dlx.search_below(prefix, &sudolab::solver::Limits::NONE, |_, _| Control::Continue);
            total += below.solutions;
        }
        prop_assert_eq!(total, expected.len() as u64);
        prop_assert_eq!(dlx.sanity(), Ok(()));
        // And through the engine trait.
        for engine in sudolab::registry::Engine::ALL {
            let stats = engine
                .build(&problem)
                .unwrap()
                .count_within(0, &sudolab::solver::Limits::NONE);
            prop_assert_eq!(stats.solutions, expected.len() as u64);
        }
    }
}
