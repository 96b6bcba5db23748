//! Watching the exact-cover searches: the `dlx` and `dc` engines' level profiles against the
//! ones Knuth's DLX1 (DLX2) and SSXCC print (`datasets/exact-cover/reference-profiles.csv`),
//! and their traces replayed against the problem, event by event.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use sudolab::exact_cover::observe::{LevelProfile, SearchEvent, Trace};
use sudolab::exact_cover::{Control, ExactCover, Problem, SearchStats};
use sudolab::solver::Limits;

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/exact-cover")
}

fn problem(file: &str) -> Problem {
    let path = folder().join(file);
    let reader = std::io::BufReader::new(std::fs::File::open(&path).unwrap());
    Problem::read_dlx_format(reader, Some(file)).unwrap()
}

/// Knuth's profiles by (file, program).
fn reference_profiles() -> BTreeMap<(String, String), Vec<u64>> {
    let mut reader = csv::Reader::from_path(folder().join("reference-profiles.csv")).unwrap();
    let mut profiles: BTreeMap<(String, String), Vec<u64>> = BTreeMap::new();
    for row in reader.records() {
        let row = row.unwrap();
        let depth: usize = row[2].parse().unwrap();
        let nodes: u64 = row[3].parse().unwrap();
        let profile = profiles
            .entry((row[0].to_string(), row[1].to_string()))
            .or_default();
        assert_eq!(profile.len(), depth, "depths in order in the reference");
        profile.push(nodes);
    }
    profiles
}

fn engine(problem: &Problem, program: &str) -> Box<dyn ExactCover> {
    match program {
        "ssxcc" => Box::new(problem.cells()),
        _ => Box::new(problem.dlx()),
    }
}

#[test]
fn profiles_equal_knuths_programs() {
    let profiles = reference_profiles();
    assert!(profiles.len() >= 38, "both programs on 19 files");
    for ((file, program), expected) in &profiles {
        let problem = problem(file);
        let mut engine = engine(&problem, program);
        engine.set_mem_counting(false);
        let mut profile = LevelProfile::default();
        let stats = engine
            .search_observed(&Limits::NONE, &mut profile, &mut |_| Control::Continue)
            .unwrap();
        assert_eq!(
            profile.nodes(),
            &expected[..],
            "{file}: {} against {program}",
            engine.name()
        );
        assert_eq!(profile.nodes().iter().sum::<u64>(), stats.nodes, "{file}");
    }
}

/// Whether `option` can join the partial solution `chosen`: none of its primary items is
/// covered, and each of its secondary items is unused or used with the same colour by
/// options that both give it one.
fn compatible(problem: &Problem, chosen: &[usize], option: usize) -> bool {
    let primary = problem.primary_items() as u32; // option_entries numbers items from 0
    problem.option_entries(option).all(|(item, colour)| {
        chosen.iter().all(|&other| {
            problem
                .option_entries(other)
                .filter(|&(used, _)| used == item)
                .all(|(_, used_colour)| item >= primary && colour != 0 && colour == used_colour)
        })
    })
}

/// The options of `item` that can join `chosen`.
fn live_options(problem: &Problem, chosen: &[usize], item: u32) -> usize {
    (0..problem.options())
        .filter(|&k| problem.option(k).contains(&item) && compatible(problem, chosen, k))
        .count()
}

fn covers(problem: &Problem, chosen: &[usize], item: u32) -> bool {
    chosen.iter().any(|&k| problem.option(k).contains(&item))
}

/// What the replay found, to compare with the search's counters.
#[derive(Debug, Default)]
struct Replay {
    tries: u64,
    chooses_with_options: u64,
    dead_ends: u64,
    backtracks: u64,
    chooses: u64,
}

/// Re-applies every event of `events` to `problem`: each choice names an uncovered primary
/// item with as many live options as it says (the MRV minimum), each option tried contains
/// the level's item and fits the partial solution, each dead end leaves a primary item
/// without options, each solution is an exact cover and the one the search reported.
fn replay(problem: &Problem, events: &[SearchEvent], solutions: &[Vec<usize>]) -> Replay {
    let primary = problem.primary_items() as u32;
    let primaries = || 1..=primary;
    let mut chosen: Vec<usize> = Vec::new();
    let mut items_at: Vec<u32> = Vec::new();
    let mut found = 0;
    let mut replay = Replay::default();
    for (step, event) in events.iter().enumerate() {
        let depth = event.depth();
        let at = format!("event {step} ({event})");
        match *event {
            SearchEvent::Choose {
                item, options: len, ..
            } => {
                chosen.truncate(depth);
                assert_eq!(chosen.len(), depth, "{at}: the level exists");
                let item = item as u32;
                assert!(item <= primary && !covers(problem, &chosen, item), "{at}");
                assert_eq!(live_options(problem, &chosen, item), len, "{at}");
                let fewest = primaries()
                    .filter(|&i| !covers(problem, &chosen, i))
                    .map(|i| live_options(problem, &chosen, i))
                    .min();
                assert_eq!(fewest, Some(len), "{at}: the fewest options (MRV)");
                items_at.truncate(depth);
                items_at.push(item);
                replay.chooses += 1;
                replay.chooses_with_options += u64::from(len > 0);
            }
            SearchEvent::Try { option, .. } => {
                chosen.truncate(depth);
                assert_eq!(items_at.len(), depth + 1, "{at}: the level chose an item");
                assert!(problem.option(option).contains(&items_at[depth]), "{at}");
                assert!(compatible(problem, &chosen, option), "{at}");
                chosen.push(option);
                replay.tries += 1;
            }
            SearchEvent::DeadEnd { option, .. } => {
                assert_eq!(chosen.last(), Some(&option), "{at}: the option just tried");
                let emptied = primaries().any(|i| {
                    !covers(problem, &chosen, i) && live_options(problem, &chosen, i) == 0
                });
                assert!(emptied, "{at}: a primary item has no option left");
                replay.dead_ends += 1;
            }
            SearchEvent::Backtrack { .. } => {
                chosen.truncate(depth);
                items_at.truncate(depth);
                replay.backtracks += 1;
            }
            SearchEvent::Solution { .. } => {
                assert_eq!(chosen.len(), depth, "{at}");
                for item in primaries() {
                    let times = chosen
                        .iter()
                        .filter(|&&k| problem.option(k).contains(&item))
                        .count();
                    assert_eq!(times, 1, "{at}: item {item} covered once");
                }
                let mut sorted = chosen.clone();
                sorted.sort_unstable();
                let mut reported = solutions[found].clone();
                reported.sort_unstable();
                assert_eq!(sorted, reported, "{at}: the solution the search reported");
                found += 1;
            }
        }
    }
    assert_eq!(found, solutions.len(), "every solution in the trace");
    replay
}

/// Traces a complete search by `engine` and replays it; checks the counters against it.
fn trace_and_replay(problem: &Problem, engine: &mut dyn ExactCover) -> SearchStats {
    let mut trace = Trace::new(usize::MAX);
    let mut profile = LevelProfile::default();
    let mut solutions = Vec::new();
    let stats = engine
        .search_observed(
            &Limits::NONE,
            &mut (&mut trace, &mut profile),
            &mut |options| {
                solutions.push(options.to_vec());
                Control::Continue
            },
        )
        .unwrap();
    assert_eq!(trace.dropped(), 0);
    let replay = replay(problem, trace.events(), &solutions);
    let name = engine.name();
    assert_eq!(stats.solutions as usize, solutions.len(), "{name}");
    assert_eq!(profile.nodes().iter().sum::<u64>(), stats.nodes, "{name}");
    // (Dancing cells see an item without options before the search and count no root.)
    let root = u64::from(stats.nodes > 0);
    assert_eq!(
        replay.tries - replay.dead_ends + root,
        stats.nodes,
        "{name}: the root and every option tried that was not a dead end are the nodes"
    );
    assert_eq!(
        replay.tries - replay.chooses_with_options,
        stats.guesses,
        "{name}: every option after the first of its level is a guess"
    );
    assert_eq!(
        replay.backtracks, replay.chooses,
        "{name}: every level is left"
    );
    stats
}

#[test]
fn traces_replay_on_the_bundled_problems() {
    for file in [
        "q8.dlx",
        "lang7.dlx",
        "dom4x4.dlx",
        "s4.dlx",
        "s4x.dlx",
        "xcc1.dlx",
        "xcc5.dlx",
    ] {
        let problem = problem(file);
        let links = trace_and_replay(&problem, &mut problem.dlx());
        let cells = trace_and_replay(&problem, &mut problem.cells());
        assert_eq!(links.solutions, cells.solutions, "{file}");
    }
}

#[test]
fn a_trace_keeps_its_limit_and_counts_the_rest() {
    let problem = problem("q8.dlx");
    let mut everything = Trace::new(usize::MAX);
    let mut first = Trace::new(100);
    for trace in [&mut everything, &mut first] {
        problem
            .dlx()
            .search_observed(&Limits::NONE, trace, |_, _| Control::Continue)
            .unwrap();
    }
    assert_eq!(first.events(), &everything.events()[..100]);
    assert_eq!(
        first.dropped() as usize + 100,
        everything.events().len(),
        "the events past the limit are counted"
    );
}

#[test]
fn engines_without_events_say_so() {
    let problem = problem("q8.dlx");
    let mut memo = sudolab::registry::Engine::Memo.build(&problem).unwrap();
    let refusal = memo
        .search_observed(&Limits::NONE, &mut Trace::new(10), &mut |_| {
            Control::Continue
        })
        .unwrap_err();
    assert!(refusal.to_string().contains("memo"), "{refusal}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random problems with colours: both engines' traces replay, and profiles sum to nodes.
    #[test]
    fn random_traces_replay(cover in common::random_cover::exact_cover()) {
        let problem = cover.problem();
        let links = trace_and_replay(&problem, &mut problem.dlx());
        let cells = trace_and_replay(&problem, &mut problem.cells());
        prop_assert_eq!(links.solutions, cells.solutions);
    }
}

/// `cover --trace --format json` on the command line: the JSON Lines events, read back,
/// replay to the solutions the same command prints.
#[test]
fn cover_trace_in_json_lines_replays() {
    let file = folder().join("xcc5.dlx");
    let problem = problem("xcc5.dlx");
    for engine in ["dlx", "dc"] {
        let output = common::run_sudolab(&[
            "cover",
            file.to_str().unwrap(),
            "--engine",
            engine,
            "--trace",
            "--trace-limit",
            "1000000",
            "--print",
            "1000000",
            "--format",
            "json",
        ]);
        assert!(output.status.success(), "{output:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        let (last, events) = lines.split_last().unwrap();
        let number = |value: &serde_json::Value, key: &str| value[key].as_u64().unwrap() as usize;
        let item_number = |name: &str| {
            (1..=problem.items() as u32)
                .find(|&i| problem.item_name(i) == name)
                .unwrap() as usize
        };
        let events: Vec<SearchEvent> = events
            .iter()
            .map(|event| {
                let depth = number(event, "depth");
                match event["event"].as_str().unwrap() {
                    "choose" => SearchEvent::Choose {
                        depth,
                        item: item_number(event["item"].as_str().unwrap()),
                        options: number(event, "options"),
                    },
                    "try" => SearchEvent::Try {
                        depth,
                        option: number(event, "option"),
                    },
                    "dead-end" => SearchEvent::DeadEnd {
                        depth,
                        option: number(event, "option"),
                    },
                    "backtrack" => SearchEvent::Backtrack { depth },
                    "solution" => SearchEvent::Solution { depth },
                    other => panic!("unknown event {other}"),
                }
            })
            .collect();
        // The printed solutions, as option texts, mapped back to option numbers.
        let solutions: Vec<Vec<usize>> = last["printed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|solution| {
                solution
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|text| {
                        (0..problem.options())
                            .find(|&k| problem.option_text(k) == text.as_str().unwrap())
                            .unwrap()
                    })
                    .collect()
            })
            .collect();
        assert_eq!(solutions.len() as u64, last["solutions"].as_u64().unwrap());
        let replay = replay(&problem, &events, &solutions);
        assert_eq!(
            replay.tries - replay.dead_ends + 1,
            last["nodes"].as_u64().unwrap(),
            "{engine}"
        );
    }
}

/// `cover --profile` prints DLX1's profile; `--trace-limit` caps the trace and says so; an
/// engine that cannot trace is refused with a reason.
#[test]
fn cover_profile_and_trace_limit_on_the_command_line() {
    let file = folder().join("lang8.dlx");
    let file = file.to_str().unwrap();
    let output = common::run_sudolab(&["cover", file, "--profile"]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    let printed: Vec<u64> = text
        .lines()
        .skip_while(|line| !line.starts_with("profile"))
        .skip(1)
        .map_while(|line| {
            line.split_once(':')
                .and_then(|(_, n)| n.trim().parse().ok())
        })
        .collect();
    let expected = &reference_profiles()[&("lang8.dlx".to_string(), "dlx1".to_string())];
    assert_eq!(&printed, expected, "{text}");

    let output = common::run_sudolab(&["cover", file, "--trace", "--trace-limit", "5"]);
    let text = String::from_utf8(output.stdout).unwrap();
    let trace: Vec<&str> = text
        .lines()
        .take_while(|l| !l.starts_with("solutions"))
        .collect();
    assert_eq!(trace.len(), 6, "{text}");
    assert!(trace[5].contains("more events not shown"), "{text}");

    for refused in [
        vec!["cover", file, "--trace", "--engine", "memo"],
        vec!["cover", file, "--profile", "--threads", "2"],
    ] {
        let output = common::run_sudolab(&refused);
        assert!(!output.status.success());
        let message = String::from_utf8(output.stderr).unwrap();
        assert!(
            message.contains("--trace, --profile and --tree"),
            "{message}"
        );
    }
}

/// The profiles of a run's `profile.csv`, by (corpus, solver).
fn run_profiles(dir: &Path) -> BTreeMap<(String, String), Vec<u64>> {
    let mut reader = csv::Reader::from_path(dir.join("profile.csv")).unwrap();
    let mut profiles: BTreeMap<(String, String), Vec<u64>> = BTreeMap::new();
    for row in reader.records() {
        let row = row.unwrap();
        let nodes = profiles
            .entry((row[0].to_string(), row[1].to_string()))
            .or_default();
        assert_eq!(
            nodes.len(),
            row[2].parse::<usize>().unwrap(),
            "depths in order"
        );
        nodes.push(row[3].parse().unwrap());
    }
    profiles
}

/// `bench --profile`: profile.csv sums to each solver's nodes in runs.csv, equals Knuth's
/// profile on an exact-cover file, is drawn, survives `report`, and two shards merged give
/// the unsharded run's profiles.
#[test]
fn bench_profiles_sum_to_the_nodes_and_merge_across_shards() {
    let corpus = common::datasets().join("norvig_top95.gz");
    let q8 = folder().join("q8.dlx");
    let scratch = common::scratch("bench-profile");
    let bench = |out: &Path, shard: Option<&str>| {
        let mut args = vec![
            "bench",
            "--out",
            out.to_str().unwrap(),
            "--solvers",
            "dlx,dc,bitmask,sat",
            "--sample",
            "12",
            "--profile",
            "--quiet",
            corpus.to_str().unwrap(),
            q8.to_str().unwrap(),
        ];
        if let Some(shard) = shard {
            args.extend(["--shard", shard]);
        }
        let output = common::run_sudolab(&args);
        assert!(output.status.success(), "{output:?}");
    };
    let whole = scratch.join("whole");
    bench(&whole, None);
    let profiles = run_profiles(&whole);
    // Each solver's nodes in runs.csv, by (corpus, solver).
    let mut nodes: BTreeMap<(String, String), u64> = BTreeMap::new();
    let mut reader = csv::Reader::from_path(whole.join("runs.csv")).unwrap();
    let headers = reader.headers().unwrap().clone();
    let column = |name: &str| headers.iter().position(|h| h == name).unwrap();
    let (corpus_at, solver_at, nodes_at) = (column("corpus"), column("solver"), column("nodes"));
    for row in reader.records() {
        let row = row.unwrap();
        let key = (row[corpus_at].to_string(), row[solver_at].to_string());
        *nodes.entry(key).or_default() += row[nodes_at].parse::<u64>().unwrap();
    }
    let solvers: Vec<&str> = profiles.keys().map(|(_, s)| s.as_str()).collect();
    for traced in ["bitmask", "dlx", "dc"] {
        assert!(solvers.contains(&traced), "{solvers:?}");
    }
    assert!(!solvers.contains(&"sat"), "sat does not report its search");
    for (key, profile) in &profiles {
        assert_eq!(profile.iter().sum::<u64>(), nodes[key], "{key:?}");
    }
    let knuth = reference_profiles();
    let q8_dlx = &profiles[&("q8.dlx".to_string(), "dlx".to_string())];
    assert_eq!(q8_dlx, &knuth[&("q8.dlx".to_string(), "dlx1".to_string())]);
    let q8_dc = &profiles[&("q8.dlx".to_string(), "dc".to_string())];
    assert_eq!(q8_dc, &knuth[&("q8.dlx".to_string(), "ssxcc".to_string())]);
    for chart in ["profile_norvig_top95.svg", "profile_q8_dlx.svg"] {
        assert!(whole.join(chart).exists(), "{chart}");
    }
    // `report` regenerates the charts and keeps the profiles.
    let output = common::run_sudolab(&["report", whole.to_str().unwrap()]);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(run_profiles(&whole), profiles);
    assert!(whole.join("profile_q8_dlx.svg").exists());

    let (one, two, merged) = (
        scratch.join("s1"),
        scratch.join("s2"),
        scratch.join("merged"),
    );
    bench(&one, Some("1/2"));
    bench(&two, Some("2/2"));
    let output = common::run_sudolab(&[
        "merge",
        "--out",
        merged.to_str().unwrap(),
        one.to_str().unwrap(),
        two.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(run_profiles(&merged), profiles);
}

/// The search tree in DOT: a graph node per search-tree node, an edge into each but the
/// root (and into each abandoned option's leaf), a green double circle per solution; the
/// limit holds and says how many more nodes there were.
#[test]
fn search_trees_have_a_node_per_search_node() {
    use sudolab::search_tree::{ExactCoverTree, SearchTree};
    for file in ["q8.dlx", "xcc1.dlx", "s4x.dlx"] {
        let problem = problem(file);
        let engines: [Box<dyn ExactCover>; 2] =
            [Box::new(problem.dlx()), Box::new(problem.cells())];
        for mut engine in engines {
            let mut tree = ExactCoverTree::new(&problem, SearchTree::new(usize::MAX));
            let mut abandoned = 0u64;
            let mut counter = (&mut tree, DeadEnds(&mut abandoned));
            let stats = engine
                .search_observed(&Limits::NONE, &mut counter, &mut |_| Control::Continue)
                .unwrap();
            let tree = tree.into_tree();
            let name = engine.name();
            assert_eq!(tree.nodes() as u64, stats.nodes, "{file} {name}");
            let dot = tree.to_dot();
            let edges = dot.lines().filter(|l| l.contains(" -> ")).count() as u64;
            assert_eq!(edges, stats.nodes - 1 + abandoned, "{file} {name}");
            let solutions = dot.matches("doublecircle").count() as u64;
            assert_eq!(solutions, stats.solutions, "{file} {name}");
            assert!(dot.starts_with("digraph search {") && dot.ends_with("}\n"));
        }
    }
    let problem = problem("q8.dlx");
    let mut tree = ExactCoverTree::new(&problem, SearchTree::new(50));
    let stats = problem
        .dlx()
        .search_observed(&Limits::NONE, &mut tree, |_, _| Control::Continue)
        .unwrap();
    let tree = tree.into_tree();
    assert_eq!(tree.nodes(), 50);
    assert_eq!(tree.beyond(), stats.nodes - 50);
    assert!(tree
        .to_dot()
        .contains(&format!("... {} more nodes", stats.nodes - 50)));
}

/// Counts the options abandoned while being covered.
struct DeadEnds<'a>(&'a mut u64);

impl sudolab::exact_cover::observe::SearchObserver for DeadEnds<'_> {
    fn dead_end(&mut self, _depth: usize, _option: usize) {
        *self.0 += 1;
    }
}
