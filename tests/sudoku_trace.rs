//! Traces of Sudoku searches replayed: every event of a `dlx` or `dc` trace is re-applied to
//! the puzzle and checked against the grid it reaches (each forced placement really was the
//! only candidate, each guess one of as many candidates as the branch point said, each dead
//! end really had none), the solutions the trace reaches are the ones the solver reported,
//! and the events add up to the solver's own node and guess counters. On the first puzzles
//! of every bundled corpus, and on the 4x4 and 16x16 puzzles of the known answers.

mod common;

use sudolab::bitset::Digit;
use sudolab::checker::check_solution;
use sudolab::geometry::{Cell, Unit};
use sudolab::grid::Grid;
use sudolab::registry;
use sudolab::search_trace::{Constraint, Event, Reason, Recorder};
use sudolab::solver::{Limits, Outcome};

/// The digits a cell can still take: none placed in its row, column or box.
fn candidates(grid: &Grid, cell: Cell) -> Vec<Digit> {
    if grid.get(cell).is_some() {
        return Vec::new();
    }
    let geometry = grid.geometry();
    Digit::all(grid.side())
        .filter(|&digit| {
            geometry
                .peers(cell)
                .iter()
                .all(|&peer| grid.get(peer) != Some(digit))
        })
        .collect()
}

/// The cells of `unit` that can still take `digit` (none if it is placed there already).
fn places(grid: &Grid, digit: Digit, unit: Unit) -> Vec<Cell> {
    let cells = grid.geometry().unit(unit);
    if cells.iter().any(|&cell| grid.get(cell) == Some(digit)) {
        return Vec::new();
    }
    cells
        .iter()
        .copied()
        .filter(|&cell| candidates(grid, cell).contains(&digit))
        .collect()
}

/// How many candidates a constraint has in `grid`.
fn candidate_count(grid: &Grid, constraint: Constraint) -> usize {
    match constraint {
        Constraint::Cell(cell) => candidates(grid, cell).len(),
        Constraint::Place(digit, unit) => places(grid, digit, unit).len(),
    }
}

/// Whether some empty cell, or some digit missing from a unit, has no candidate left.
fn stuck(grid: &Grid) -> bool {
    let geometry = grid.geometry();
    let cell_stuck = geometry
        .cells()
        .any(|cell| grid.get(cell).is_none() && candidates(grid, cell).is_empty());
    let digit_stuck = geometry.units().any(|unit| {
        Digit::all(grid.side()).any(|digit| {
            let placed = geometry
                .unit(unit)
                .iter()
                .any(|&cell| grid.get(cell) == Some(digit));
            !placed && places(grid, digit, unit).is_empty()
        })
    });
    cell_stuck || digit_stuck
}

/// The fewest candidates of any open constraint (a cell, or a digit missing from a unit).
fn fewest_candidates(grid: &Grid) -> usize {
    let geometry = grid.geometry();
    let cells = geometry
        .cells()
        .filter(|&cell| grid.get(cell).is_none())
        .map(|cell| candidates(grid, cell).len());
    let digits = geometry.units().flat_map(|unit| {
        Digit::all(grid.side())
            .filter(move |&digit| {
                geometry
                    .unit(unit)
                    .iter()
                    .all(|&c| grid.get(c) != Some(digit))
            })
            .map(move |digit| places(grid, digit, unit).len())
    });
    cells.chain(digits).min().unwrap_or(0)
}

/// What the replay counted.
#[derive(Default)]
struct Tally {
    placements: u64,
    guesses: u64,
    nodes: u64,
    later_guesses: u64,
    unnamed_dead_ends: u64,
    solutions: Vec<Grid>,
}

/// Replays `events` on `puzzle` (see the file docs).
fn replay(puzzle: &Grid, events: &[Event]) -> Tally {
    let givens = puzzle.cells().iter().filter(|&&v| v != 0).count();
    let mut tally = Tally::default();
    let mut path: Vec<(Cell, Digit)> = Vec::new();
    let mut branch: Vec<Option<(Constraint, usize)>> = Vec::new();
    let grid_of = |path: &[(Cell, Digit)]| {
        let mut grid = puzzle.clone();
        for &(cell, digit) in path {
            grid.set(cell, Some(digit));
        }
        grid
    };
    for (k, event) in events.iter().enumerate() {
        let at = format!("event {k} ({event:?})");
        if k < givens {
            let Event::Place {
                depth: 0,
                cell,
                digit,
                reason: Reason::Given,
            } = *event
            else {
                panic!("{at}: the givens come first");
            };
            assert_eq!(puzzle.get(cell), Some(digit), "{at}");
            continue;
        }
        let depth = event.depth();
        match *event {
            Event::Place {
                cell,
                digit,
                reason,
                ..
            } => {
                path.truncate(depth);
                assert_eq!(path.len(), depth, "{at}: the path reaches the depth");
                let grid = grid_of(&path);
                assert!(candidates(&grid, cell).contains(&digit), "{at}");
                match reason {
                    Reason::Given => panic!("{at}: a given after the search began"),
                    Reason::Forced(on) => {
                        assert_eq!(candidate_count(&grid, on), 1, "{at}: forced");
                        if let Constraint::Cell(forced) = on {
                            assert_eq!(forced, cell, "{at}");
                        }
                    }
                    Reason::Guess { on, index, of } => {
                        assert_eq!(branch.get(depth).copied().flatten(), Some((on, of)), "{at}");
                        assert_eq!(candidate_count(&grid, on), of, "{at}");
                        assert!((1..=of).contains(&index), "{at}");
                        tally.later_guesses += u64::from(index > 1);
                        tally.guesses += 1;
                    }
                }
                path.push((cell, digit));
                tally.placements += 1;
            }
            Event::Branch { on, candidates, .. } => {
                path.truncate(depth);
                let grid = grid_of(&path);
                assert_eq!(candidate_count(&grid, on), candidates, "{at}");
                assert!(candidates >= 2, "{at}");
                assert_eq!(fewest_candidates(&grid), candidates, "{at}: MRV");
                branch.resize(depth + 1, None);
                branch[depth] = Some((on, candidates));
            }
            Event::DeadEnd { at: Some(on), .. } => {
                path.truncate(depth);
                assert_eq!(candidate_count(&grid_of(&path), on), 0, "{at}");
            }
            Event::DeadEnd { at: None, .. } => {
                assert_eq!(path.len(), depth, "{at}: right after a placement");
                assert!(stuck(&grid_of(&path)), "{at}");
                tally.unnamed_dead_ends += 1;
            }
            Event::Backtrack { .. } => {
                assert!(branch.get(depth).copied().flatten().is_some(), "{at}");
                branch.truncate(depth);
            }
            Event::Node { .. } => tally.nodes += 1,
            Event::Solution { .. } => {
                assert_eq!(path.len(), depth, "{at}");
                let grid = grid_of(&path);
                assert_eq!(check_solution(puzzle, &grid), Ok(()), "{at}");
                tally.solutions.push(grid);
            }
        }
    }
    tally
}

fn trace(solver: &str, puzzle: &Grid, limit: u64) -> (Outcome, Recorder) {
    let solver = registry::by_name(solver).unwrap();
    let mut recorder = Recorder::new(usize::MAX);
    let outcome = solver
        .trace(puzzle, limit, &Limits::NONE, &mut recorder)
        .expect("dlx and dc trace");
    (outcome, recorder)
}

fn check_trace(solver: &str, puzzle: &Grid, limit: u64) {
    let (outcome, recorder) = trace(solver, puzzle, limit);
    let tally = replay(puzzle, recorder.events());
    assert_eq!(
        tally.solutions.len() as u64,
        outcome.count,
        "{solver} {puzzle}"
    );
    assert_eq!(
        &tally.solutions[..outcome.solutions.len()],
        &outcome.solutions[..]
    );
    // (Contradictory givens: no search, no root.)
    let root = u64::from(!recorder.events().is_empty());
    let nodes = if solver == "bitmask" {
        tally.guesses + root // propagation's placements are within a node
    } else {
        tally.placements - tally.unnamed_dead_ends + root
    };
    assert_eq!(
        nodes, outcome.stats.nodes,
        "{solver} {puzzle}: the root and every placement (guess, for bitmask) that was not \
         a dead end"
    );
    assert_eq!(
        tally.nodes, outcome.stats.nodes,
        "{solver} {puzzle}: node events"
    );
    assert_eq!(
        tally.later_guesses, outcome.stats.guesses,
        "{solver} {puzzle}"
    );
    // The traced search is the untraced one.
    let plain = registry::by_name(solver).unwrap().count(puzzle, limit);
    assert_eq!(plain.stats, outcome.stats, "{solver} {puzzle}");
    assert_eq!(plain.solutions, outcome.solutions, "{solver} {puzzle}");
}

#[test]
fn traces_replay_on_every_corpus() {
    let corpora = [
        "norvig_top95",
        "norvig_hardest",
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106",
        "puzzles7_serg_benchmark",
        "sudoku_exchange_diabolical_2020",
        "held_out_sudoku_crate",
        "held_out_sudolab_generated",
    ];
    for corpus in corpora {
        for record in common::corpus_sample(corpus, 3) {
            for solver in ["bitmask", "dlx", "dc"] {
                check_trace(solver, &record.puzzle, 2);
            }
        }
    }
}

#[test]
fn traces_replay_on_other_sizes_and_many_solutions() {
    for record in common::known_answers() {
        if record.puzzle.side() == 9 || record.puzzle.side() == 25 {
            continue;
        }
        for solver in ["bitmask", "dlx", "dc"] {
            check_trace(solver, &record.puzzle, 10);
        }
    }
    // A 4x4 grid with two givens has many solutions: every one replays.
    let open: Grid = "1...\n....\n....\n...2".parse().unwrap();
    for solver in ["bitmask", "dlx", "dc"] {
        check_trace(solver, &open, 0);
    }
}

#[test]
fn solvers_that_cannot_trace_say_so() {
    let puzzle: Grid = "1...\n..1.\n.1..\n...1".parse().unwrap();
    for name in ["bands", "sat", "bitmask+locked"] {
        let solver = registry::by_name(name).unwrap();
        let mut recorder = Recorder::new(10);
        assert!(solver
            .trace(&puzzle, 2, &Limits::NONE, &mut recorder)
            .is_none());
        assert!(!solver.trace_note().is_empty());
    }
}

/// A cell named as the traces name it (`r3c12`, counted from 1) in a grid of `side`.
fn cell_named(name: &str, side: usize) -> Cell {
    let (row, column) = name[1..].split_once('c').unwrap();
    let (row, column): (usize, usize) = (row.parse().unwrap(), column.parse().unwrap());
    Cell::new((row - 1) * side + column - 1)
}

/// Replays the placements of JSON trace objects from `start`: the grid at each solution.
fn solutions_of_json(start: &Grid, events: &[serde_json::Value]) -> Vec<Grid> {
    let mut path: Vec<(Cell, Digit)> = Vec::new();
    let mut solutions = Vec::new();
    for event in events {
        let depth = event["depth"].as_u64().unwrap() as usize;
        match event["event"].as_str().unwrap() {
            "place" if event["reason"] == "given" => {}
            "place" => {
                path.truncate(depth);
                let cell = cell_named(event["cell"].as_str().unwrap(), start.side());
                path.push((cell, Digit::new(event["digit"].as_u64().unwrap() as u8)));
            }
            "solution" => {
                let mut grid = start.clone();
                for &(cell, digit) in &path[..depth] {
                    grid.set(cell, Some(digit));
                }
                solutions.push(grid);
            }
            _ => {}
        }
    }
    solutions
}

/// `solve --trace --format json`: every line an object naming its record, and the
/// placements replayed reach the solution the command prints.
#[test]
fn solve_trace_in_json_lines_reaches_the_printed_solution() {
    let record = &common::corpus_sample("norvig_top95", 1)[0];
    let puzzle = record.puzzle.to_line();
    for solver in ["dlx", "dc"] {
        let output = common::run_sudolab(&[
            "solve",
            &puzzle,
            "--solver",
            solver,
            "--trace",
            "--trace-limit",
            "100000",
            "--format",
            "json",
        ]);
        assert!(output.status.success(), "{output:?}");
        let lines: Vec<serde_json::Value> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        let (result, events) = lines.split_last().unwrap();
        assert!(events
            .iter()
            .all(|e| e["source"].is_string() && e["line"] == 1));
        let solution: Grid = result["solution"].as_str().unwrap().parse().unwrap();
        assert_eq!(solutions_of_json(&record.puzzle, events), vec![solution]);
    }
    let refused = common::run_sudolab(&["solve", &puzzle, "--solver", "sat", "--trace"]);
    assert!(!refused.status.success());
    assert!(String::from_utf8(refused.stderr)
        .unwrap()
        .contains("dlx and dc can"));
    // bitmask's trace replays the same way.
    let output = common::run_sudolab(&[
        "solve",
        &puzzle,
        "--trace",
        "--trace-limit",
        "100000",
        "--format",
        "json",
    ]);
    let lines: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let (result, events) = lines.split_last().unwrap();
    let solution: Grid = result["solution"].as_str().unwrap().parse().unwrap();
    assert_eq!(solutions_of_json(&record.puzzle, events), vec![solution]);
}

/// `explain --allow-guess` on a 25x25 puzzle the techniques up to 8.5 cannot finish: the
/// search's events, replayed from the stuck position, reach the solution it prints, and the
/// limit holds.
#[test]
fn explain_allow_guess_shows_the_search_it_took() {
    let puzzle = common::stuck_25x25();
    let explain = |more: &[&str]| {
        let mut args = vec!["explain", &puzzle, "--up-to", "8.5", "--allow-guess"];
        args.extend_from_slice(more);
        common::run_sudolab(&args)
    };
    let output = explain(&["--format", "json", "--trace-limit", "100000"]);
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        json["solved_by_logic"], false,
        "a puzzle the techniques leave stuck"
    );
    let events = json["search"].as_array().unwrap();
    assert!(events.iter().any(|e| e["reason"] == "guess"));
    assert_eq!(json["search_more_events"], 0);
    // The stuck position: the puzzle with the cells logic placed (all but the guessed ones).
    let end: Grid = json["end"].as_str().unwrap().parse().unwrap();
    let mut stuck = end.clone();
    for pair in json["guessed_cells"].as_array().unwrap() {
        stuck.set(cell_named(pair[0].as_str().unwrap(), end.side()), None);
    }
    assert_eq!(solutions_of_json(&stuck, events), vec![end]);

    let output = explain(&["--trace-limit", "7"]);
    let text = String::from_utf8(output.stdout).unwrap();
    let shown = text
        .lines()
        .skip_while(|l| !l.starts_with("Guess"))
        .skip(1)
        .take_while(|l| !l.starts_with("..."))
        .count();
    assert_eq!(shown, 7, "{text}");
}

/// Sudoku search trees: a node per solver node, a solution circle per solution, for every
/// tracing solver; `solve --tree` writes one graph per puzzle.
#[test]
fn sudoku_search_trees_have_a_node_per_search_node() {
    use sudolab::search_tree::{SearchTree, SudokuTree};
    for record in common::corpus_sample("puzzles6_forum_hardest_1106", 3) {
        for name in ["bitmask", "dlx", "dc"] {
            let solver = registry::by_name(name).unwrap();
            let geometry = record.puzzle.geometry();
            let mut tree = SudokuTree::new(geometry, SearchTree::new(usize::MAX));
            let outcome = solver
                .trace(&record.puzzle, 2, &Limits::NONE, &mut tree)
                .unwrap();
            let tree = tree.into_tree();
            assert_eq!(tree.nodes() as u64, outcome.stats.nodes, "{name}");
            let dot = tree.to_dot();
            assert_eq!(dot.matches("doublecircle").count() as u64, outcome.count);
        }
    }
    let scratch = common::scratch("tree");
    let puzzles = scratch.join("two.txt");
    let records = common::corpus_sample("norvig_top95", 2);
    let text: String = records
        .iter()
        .map(|r| format!("{}\n", r.puzzle.to_line()))
        .collect();
    std::fs::write(&puzzles, text).unwrap();
    let dot = scratch.join("trees.dot");
    let output = common::run_sudolab(&[
        "solve",
        puzzles.to_str().unwrap(),
        "--tree",
        dot.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{output:?}");
    let dot = std::fs::read_to_string(dot).unwrap();
    assert!(dot.contains("digraph search_line_1 {") && dot.contains("digraph search_line_2 {"));
}
