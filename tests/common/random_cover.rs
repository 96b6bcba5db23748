//! Random small exact-cover problems (colours, and multiplicities if asked) and their
//! solutions by brute force, for property tests of the engines; and the bundled random MCC
//! problems with the readers of their reference files.

use std::collections::BTreeSet;

use proptest::prelude::*;
use sudolab::exact_cover::{Control, ExactCover, Problem};
use sudolab::solver::Limits;

/// Primary items `p0..` with their bounds `(u, v)`, secondary items `s0..`, each option a
/// set of items, secondary ones with colour 0 (none) or 1..=2.
#[derive(Debug, Clone)]
pub struct RandomCover {
    pub bounds: Vec<(u32, u32)>,
    pub secondary: usize,
    pub options: Vec<Vec<(usize, u32)>>,
}

/// Problems with `bounds` as drawn, `secondary` secondary items and `options` options of
/// one to four items.
fn random_cover(
    bounds: impl Strategy<Value = Vec<(u32, u32)>>,
    secondary: std::ops::RangeInclusive<usize>,
    options: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = RandomCover> {
    (bounds, secondary).prop_flat_map(move |(bounds, secondary)| {
        let primary = bounds.len();
        let items = primary + secondary;
        let option =
            proptest::collection::vec((0..items, 0u32..=2), 1..=4).prop_map(move |entries| {
                let mut option: Vec<(usize, u32)> = Vec::new();
                for (item, colour) in entries {
                    if !option.iter().any(|&(i, _)| i == item) {
                        option.push((item, if item < primary { 0 } else { colour }));
                    }
                }
                option
            });
        proptest::collection::vec(option, options.clone()).prop_map(move |options| RandomCover {
            bounds: bounds.clone(),
            secondary,
            options,
        })
    })
}

/// XCC problems: 1-5 primary items covered once, 0-3 secondary items, 1-11 options.
pub fn exact_cover() -> impl Strategy<Value = RandomCover> {
    random_cover((1usize..=5).prop_map(|n| vec![(1, 1); n]), 0..=3, 1..=11)
}

/// MCC problems: 1-4 primary items with bounds `u..=v` (`v <= 3`), 0-2 secondary items,
/// 1-10 options.
pub fn multiple_cover() -> impl Strategy<Value = RandomCover> {
    let bounds = proptest::collection::vec((0u32..=2, 1u32..=3), 1..=4)
        .prop_map(|b| b.into_iter().map(|(l, u)| (l.min(u), u)).collect());
    random_cover(bounds, 0..=2, 1..=10)
}

impl RandomCover {
    fn name(&self, item: usize) -> String {
        let primary = self.bounds.len();
        if item < primary {
            format!("p{item}")
        } else {
            format!("s{}", item - primary)
        }
    }

    /// The problem, built through the library's own builder.
    pub fn problem(&self) -> Problem {
        let primary: Vec<String> = (0..self.bounds.len()).map(|k| self.name(k)).collect();
        let secondary: Vec<String> = (0..self.secondary)
            .map(|k| self.name(self.bounds.len() + k))
            .collect();
        let mut problem = Problem::new(&primary, &secondary).unwrap();
        for (k, &(lower, upper)) in self.bounds.iter().enumerate() {
            problem
                .set_multiplicity(k as u32 + 1, lower, upper)
                .unwrap();
        }
        for option in &self.options {
            let tokens: Vec<String> = option
                .iter()
                .map(|&(item, colour)| match colour {
                    0 => self.name(item),
                    c => format!("{}:{c}", self.name(item)),
                })
                .collect();
            problem.add_option(&tokens).unwrap();
        }
        problem
    }

    /// Every set of options (each with a primary item, as Knuth's programs choose them:
    /// a search only branches on primary items) that covers each primary item within its
    /// bounds and gives each secondary item at most one use without a colour or any
    /// number of uses of one colour; each as its option numbers from 1.
    pub fn brute_force(&self) -> BTreeSet<Vec<u32>> {
        let primary = self.bounds.len();
        let useless = |k: usize| self.options[k].iter().all(|&(item, _)| item >= primary);
        let mut found = BTreeSet::new();
        for subset in 0u32..1 << self.options.len() {
            let chosen: Vec<usize> = (0..self.options.len())
                .filter(|&k| subset >> k & 1 == 1)
                .collect();
            if chosen.iter().any(|&k| useless(k)) {
                continue;
            }
            let mut uses: Vec<Vec<u32>> = vec![Vec::new(); primary + self.secondary];
            for &k in &chosen {
                for &(item, colour) in &self.options[k] {
                    uses[item].push(colour);
                }
            }
            let primary_ok = self
                .bounds
                .iter()
                .zip(&uses)
                .all(|(&(lower, upper), u)| (lower..=upper).contains(&(u.len() as u32)));
            let secondary_ok = uses[primary..]
                .iter()
                .all(|u| u.len() <= 1 || (u[0] != 0 && u.iter().all(|&c| c == u[0])));
            if primary_ok && secondary_ok {
                found.insert(chosen.iter().map(|&k| k as u32 + 1).collect());
            }
        }
        found
    }
}

/// The solutions dancing links list, each as its sorted option numbers (from 1); none
/// twice.
pub fn solutions_by_links(problem: &Problem) -> BTreeSet<Vec<u32>> {
    let mut found = BTreeSet::new();
    let stats = problem.dlx().search_options(&Limits::NONE, &mut |options| {
        let mut solution: Vec<u32> = options.iter().map(|&o| o as u32 + 1).collect();
        solution.sort_unstable();
        assert!(found.insert(solution), "a solution twice");
        Control::Continue
    });
    assert_eq!(stats.solutions, found.len() as u64);
    found
}

/// The 150 random MCC problems of `datasets/exact-cover/mcc-random.txt`, in seed order.
pub fn bundled_mcc_problems() -> Vec<Problem> {
    let path = super::datasets().join("exact-cover/mcc-random.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let problems: Vec<Problem> = text
        .split("| random MCC problem")
        .filter(|p| !p.trim().is_empty())
        .map(|p| Problem::read_dlx_format(format!("|{p}").as_bytes(), None).unwrap())
        .collect();
    assert_eq!(problems.len(), 150);
    problems
}

/// The rows of a reference file of theirs (`reference-dlx3.csv`, `reference-ssmcc.csv`):
/// seed, solutions, nodes, updates, mems.
pub fn mcc_reference(file: &str) -> Vec<[u64; 5]> {
    let path = super::datasets().join("exact-cover").join(file);
    let text = std::fs::read_to_string(path).unwrap();
    let rows: Vec<[u64; 5]> = text
        .lines()
        .skip(1)
        .map(|l| {
            let fields: Vec<u64> = l.split(',').map(|f| f.parse().unwrap()).collect();
            fields.try_into().unwrap()
        })
        .collect();
    assert_eq!(rows.len(), 150);
    rows
}

/// A search of `engine` stopped at a solution limit or a node limit is a lower bound and
/// leaves the engine whole: the next count is the full one, on each bundled MCC problem
/// (and in debug builds dancing links run Knuth's sanity check after each search).
pub fn assert_stopped_searches_start_afresh(engine: sudolab::registry::Engine) {
    let mut stopped_some = 0;
    for problem in bundled_mcc_problems() {
        let mut searcher = engine.build(&problem).unwrap();
        let whole = searcher.count_within(0, &Limits::NONE);
        for limit in 1..=whole.solutions.min(6) {
            assert_eq!(searcher.count_within(limit, &Limits::NONE).solutions, limit);
            let again = searcher.count_within(0, &Limits::NONE);
            assert_eq!(again, whole, "{engine:?} after stopping at {limit}");
        }
        let limits = Limits {
            max_nodes: Some(whole.nodes / 2),
            ..Limits::NONE
        };
        let stopped = searcher.count_within(0, &limits);
        if whole.nodes >= 4 {
            assert_eq!(stopped.stopped, Some(sudolab::solver::Stop::NodeLimit));
            assert!(stopped.solutions <= whole.solutions);
            stopped_some += 1;
        }
        let again = searcher.count_within(0, &Limits::NONE);
        assert_eq!(again, whole, "{engine:?} after a node limit");
    }
    assert!(stopped_some >= 100, "{stopped_some}");
}
