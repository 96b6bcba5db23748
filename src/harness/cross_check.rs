//! The cross-check of one puzzle's answers: every returned grid through the independent
//! checker, every count against the corpus and against the other solvers, every proven-unique
//! solution against the others'.
//!
//! A count capped at the limit ("at least `limit`") proves nothing about uniqueness: with
//! `--limit 1`, two solvers may rightly return different solutions of a puzzle that has
//! several, so solutions are compared only when a count of one is below the limit.
//!
//! The same check serves classic puzzles ([`Grid`], [`Outcome`]) and variant puzzles
//! ([`variant::Puzzle`], [`VariantOutcome`]): [`Checked`] gives a puzzle's checker and
//! text, [`Counted`] an answer's count and solutions.

use super::records::{MismatchRow, RowStatus, RunRow};
use crate::checker::{check_solution, check_variant_solution, SolutionFault};
use crate::corpus::{ExpectedCount, Record};
use crate::grid::Grid;
use crate::solver::{Outcome, Stats, Stop, VariantOutcome, KEPT_SOLUTIONS};
use crate::variant;

/// A puzzle as the cross-check sees it: its independent checker and its text.
pub(super) trait Checked {
    /// A solution: a full grid.
    type Solution: PartialEq;
    /// The independent checker's verdict on `solution`.
    fn check(&self, solution: &Self::Solution) -> Result<(), SolutionFault>;
    /// The puzzle as `mismatches.csv` shows it.
    fn text(&self) -> String;
    /// A solution as the rows show it.
    fn solution_text(solution: &Self::Solution) -> String;
    /// Whether the puzzle's text and the answers make a known-answers line (`--golden`).
    const GOLDEN: bool;
}

impl Checked for Grid {
    type Solution = Grid;
    fn check(&self, solution: &Grid) -> Result<(), SolutionFault> {
        check_solution(self, solution)
    }
    fn text(&self) -> String {
        self.to_line()
    }
    fn solution_text(solution: &Grid) -> String {
        solution.to_string()
    }
    const GOLDEN: bool = true;
}

impl Checked for variant::Puzzle {
    type Solution = Vec<u8>;
    fn check(&self, solution: &Vec<u8>) -> Result<(), SolutionFault> {
        check_variant_solution(self, solution)
    }
    /// The variant's name and the givens (the corpus line finds its regions and cages).
    fn text(&self) -> String {
        format!("{}: {}", self.variant().name(), self.to_line())
    }
    fn solution_text(solution: &Vec<u8>) -> String {
        variant::cells_line(solution)
    }
    const GOLDEN: bool = false;
}

/// A solver's outcome as the cross-check sees it.
pub(super) trait Counted {
    /// A solution, as the puzzle's [`Checked::Solution`].
    type Solution;
    /// Solutions counted (capped at the limit).
    fn count(&self) -> u64;
    /// The first solutions found.
    fn solutions(&self) -> &[Self::Solution];
    /// Search counters.
    fn stats(&self) -> &Stats;
    /// Why the search stopped early, if it did.
    fn stopped(&self) -> Option<Stop>;
}

impl Counted for Outcome {
    type Solution = Grid;
    fn count(&self) -> u64 {
        self.count
    }
    fn solutions(&self) -> &[Grid] {
        &self.solutions
    }
    fn stats(&self) -> &Stats {
        &self.stats
    }
    fn stopped(&self) -> Option<Stop> {
        self.stopped
    }
}

impl Counted for VariantOutcome {
    type Solution = Vec<u8>;
    fn count(&self) -> u64 {
        self.count
    }
    fn solutions(&self) -> &[Vec<u8>] {
        &self.solutions
    }
    fn stats(&self) -> &Stats {
        &self.stats
    }
    fn stopped(&self) -> Option<Stop> {
        self.stopped
    }
}

/// A record as the cross-check sees it: where it is, the puzzle, what the corpus states.
pub(super) struct Stated<'r, P: Checked> {
    pub(super) index: u64,
    pub(super) line: u64,
    pub(super) puzzle: &'r P,
    pub(super) count: Option<ExpectedCount>,
    pub(super) solution: Option<&'r P::Solution>,
}

impl<'r> Stated<'r, Grid> {
    /// A classic corpus record.
    pub(super) fn of(record: &'r Record) -> Stated<'r, Grid> {
        Stated {
            index: record.index,
            line: record.line,
            puzzle: &record.puzzle,
            count: record.expected_count,
            solution: record.expected_solution.as_ref(),
        }
    }
}

/// One solver's answer: its name, outcome and time.
pub(super) struct Answer<'a, O = Outcome> {
    pub(super) solver: &'a str,
    pub(super) outcome: O,
    /// The fastest of the repeated timings.
    pub(super) ns: u64,
    /// Slowest minus fastest (0 when timed once).
    pub(super) spread_ns: u64,
    /// Knuth's mems of the search, when asked for and counted by the solver.
    pub(super) mems: Option<u64>,
    /// The solver's assignments, when it counts them.
    pub(super) assignments: Option<u64>,
    /// The search's level profile, when asked for and reported by the solver.
    pub(super) profile: Option<Vec<u64>>,
}

/// What one record produced: its rows, its mismatches, and its golden line when every solver
/// agreed.
pub(super) struct Verdicts {
    pub(super) rows: Vec<RunRow>,
    pub(super) mismatches: Vec<MismatchRow>,
    pub(super) golden: Option<String>,
}

/// A count as text: `N+` when it reached the limit.
pub(super) fn count_text(count: u64, limit: u64) -> String {
    if is_capped(count, limit) {
        ExpectedCount::AtLeast(count).to_string()
    } else {
        ExpectedCount::Exactly(count).to_string()
    }
}

fn is_capped(count: u64, limit: u64) -> bool {
    limit != 0 && count >= limit
}

/// Whether an outcome proves the puzzle has exactly one solution.
fn proves_unique(outcome: &impl Counted, limit: u64) -> bool {
    outcome.stopped().is_none() && outcome.count() == 1 && !is_capped(1, limit)
}

/// Problems found with each answer, as (found, expected) pairs.
type Problems = Vec<Vec<(String, String)>>;

/// Cross-checks the answers to a classic `record` and turns them into rows.
pub(super) fn cross_check(
    corpus: &str,
    record: &Record,
    answers: &[Answer],
    limit: u64,
) -> Verdicts {
    cross_check_stated(corpus, &Stated::of(record), answers, limit)
}

/// Cross-checks the answers to any puzzle and turns them into rows.
pub(super) fn cross_check_stated<P, O>(
    corpus: &str,
    record: &Stated<P>,
    answers: &[Answer<O>],
    limit: u64,
) -> Verdicts
where
    P: Checked,
    O: Counted<Solution = P::Solution>,
{
    let mut problems: Problems = vec![Vec::new(); answers.len()];
    let finished: Vec<usize> = (0..answers.len())
        .filter(|&i| answers[i].outcome.stopped().is_none())
        .collect();
    for &i in &finished {
        problems[i] = check_against_corpus(record, &answers[i].outcome, limit);
    }
    compare_solvers(answers, &finished, limit, &mut problems);
    rows(corpus, record, answers, &problems, limit)
}

/// The checker on every returned grid, as many distinct grids as the count promises, and
/// the corpus's stated count and solution.
fn check_against_corpus<P, O>(record: &Stated<P>, outcome: &O, limit: u64) -> Vec<(String, String)>
where
    P: Checked,
    O: Counted<Solution = P::Solution>,
{
    let mut problems = Vec::new();
    for solution in outcome.solutions() {
        if let Err(fault) = record.puzzle.check(solution) {
            problems.push((
                format!("invalid solution {}: {fault}", P::solution_text(solution)),
                "a valid solution".into(),
            ));
        }
    }
    // A count of two or more is believed only with two different grids to show for it.
    let count = outcome.count();
    let promised = (count as usize).min(KEPT_SOLUTIONS);
    let kept = outcome.solutions();
    if kept.len() < promised {
        problems.push((
            format!("{} solutions returned for a count of {count}", kept.len()),
            format!("{promised} distinct solutions"),
        ));
    } else if kept.len() >= 2 && kept[0] == kept[1] {
        problems.push((
            format!("the same solution twice for a count of {count}"),
            "two distinct solutions".into(),
        ));
    }
    if let Some(expected) = record.count {
        if !expected.agrees_with(count, limit) {
            problems.push((count_text(count, limit), format!("{expected} (corpus)")));
        }
    }
    // A stated solution must be the one found when the puzzle is proven unique, or when the
    // corpus itself says it is unique (then any other solution contradicts the corpus).
    let stated_unique = record.count == Some(ExpectedCount::Exactly(1));
    if proves_unique(outcome, limit) || (stated_unique && count >= 1) {
        if let (Some(stated), Some(found)) = (record.solution, kept.first()) {
            if stated != found {
                problems.push((
                    format!("solution {}", P::solution_text(found)),
                    format!("solution {} (corpus)", P::solution_text(stated)),
                ));
            }
        }
    }
    problems
}

/// Every finished solver against the first finished one: counts, and the solution when
/// both prove it unique.
fn compare_solvers<O>(
    answers: &[Answer<O>],
    finished: &[usize],
    limit: u64,
    problems: &mut Problems,
) where
    O: Counted,
    O::Solution: PartialEq,
{
    let Some((&reference, others)) = finished.split_first() else {
        return;
    };
    let base = &answers[reference];
    for &i in others {
        let other = &answers[i];
        if other.outcome.count() != base.outcome.count() {
            let found = count_text(other.outcome.count(), limit);
            let expected = count_text(base.outcome.count(), limit);
            problems[i].push((found.clone(), format!("{expected} ({})", base.solver)));
            problems[reference].push((expected, format!("{found} ({})", other.solver)));
        } else if proves_unique(&other.outcome, limit)
            && other.outcome.solutions().first() != base.outcome.solutions().first()
        {
            problems[i].push((
                "a different solution".into(),
                format!("the solution of {}", base.solver),
            ));
        }
    }
}

fn rows<P, O>(
    corpus: &str,
    record: &Stated<P>,
    answers: &[Answer<O>],
    problems: &Problems,
    limit: u64,
) -> Verdicts
where
    P: Checked,
    O: Counted<Solution = P::Solution>,
{
    let mut rows = Vec::with_capacity(answers.len());
    let mut mismatches = Vec::new();
    for (answer, problems) in answers.iter().zip(problems) {
        let outcome = &answer.outcome;
        let status = match outcome.stopped() {
            Some(_) => RowStatus::Timeout,
            None if problems.is_empty() => RowStatus::Ok,
            None => RowStatus::Mismatch,
        };
        for (found, expected) in problems {
            mismatches.push(MismatchRow {
                corpus: corpus.to_string(),
                index: record.index,
                line: record.line,
                puzzle: record.puzzle.text(),
                solver: answer.solver.to_string(),
                found: found.clone(),
                expected: expected.clone(),
            });
        }
        let detail = match outcome.stopped() {
            Some(stop) => stopped_detail(stop, outcome.count()),
            None => problems
                .iter()
                .map(|(f, e)| format!("found {f}, expected {e}"))
                .collect::<Vec<_>>()
                .join("; "),
        };
        rows.push(RunRow {
            corpus: corpus.to_string(),
            index: record.index,
            line: record.line,
            solver: answer.solver.to_string(),
            ns: answer.ns,
            ns_spread: answer.spread_ns,
            mems: answer.mems,
            assignments: answer.assignments,
            guesses: outcome.stats().guesses,
            nodes: outcome.stats().nodes,
            count: outcome.count(),
            status,
            detail,
            technique: String::new(),
            rating: None,
            rating_ep: None,
            rating_ed: None,
        });
    }
    let all_agree = mismatches.is_empty() && answers.iter().all(|a| a.outcome.stopped().is_none());
    let golden = all_agree
        .then(|| golden_line(record, &answers[0].outcome, limit))
        .flatten();
    Verdicts {
        rows,
        mismatches,
        golden,
    }
}

fn stopped_detail(stop: Stop, count: u64) -> String {
    format!("{stop} after {count} solutions")
}

/// The known-answer line of a classic puzzle every solver agreed on (`PUZZLE:COUNT` or
/// `PUZZLE:1:SOLUTION`); none for a variant puzzle, whose line alone does not say what
/// the puzzle is.
fn golden_line<P, O>(record: &Stated<P>, outcome: &O, limit: u64) -> Option<String>
where
    P: Checked,
    O: Counted<Solution = P::Solution>,
{
    if P::GOLDEN {
        let count = count_text(outcome.count(), limit);
        let puzzle = record.puzzle.text();
        return Some(
            match (proves_unique(outcome, limit), outcome.solutions().first()) {
                (true, Some(solution)) => {
                    format!("{puzzle}:{count}:{}", P::solution_text(solution))
                }
                _ => format!("{puzzle}:{count}"),
            },
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::registry;

    fn answers(puzzle: &Grid, limit: u64) -> Vec<(String, Outcome)> {
        registry::all()
            .iter()
            .map(|s| (s.info().name.to_string(), s.count(puzzle, limit)))
            .collect()
    }

    #[test]
    fn limit_one_on_a_multi_solution_puzzle_is_no_mismatch() {
        // Finding 7: with --limit 1, solvers that found different solutions of a puzzle with
        // many were reported as disagreeing.
        let puzzle = Grid::parse(&".".repeat(81)).unwrap();
        let record = Record {
            index: 0,
            line: 1,
            puzzle: puzzle.clone(),
            expected_count: None,
            expected_solution: None,
        };
        let outcomes = answers(&puzzle, 1);
        let solutions: Vec<_> = outcomes
            .iter()
            .map(|(_, o)| o.solutions[0].clone())
            .collect();
        assert!(
            solutions.iter().any(|s| s != &solutions[0]),
            "the engines find different first grids, so the test means something"
        );
        let answers: Vec<Answer> = outcomes
            .iter()
            .map(|(name, outcome)| Answer {
                mems: None,
                assignments: None,
                profile: None,
                solver: name,
                outcome: outcome.clone(),
                ns: 1,
                spread_ns: 0,
            })
            .collect();
        let verdicts = cross_check("empty", &record, &answers, 1);
        assert!(verdicts.mismatches.is_empty(), "{:?}", verdicts.mismatches);
        assert_eq!(
            verdicts.golden.as_deref(),
            Some(format!("{puzzle}:1+").as_str())
        );
        // With a limit of 2 the same engines agree that the grid is not unique.
        let outcomes = self::answers(&puzzle, 2);
        let answers: Vec<Answer> = outcomes
            .iter()
            .map(|(name, outcome)| Answer {
                mems: None,
                assignments: None,
                profile: None,
                solver: name,
                outcome: outcome.clone(),
                ns: 1,
                spread_ns: 0,
            })
            .collect();
        assert!(cross_check("empty", &record, &answers, 2)
            .mismatches
            .is_empty());
    }

    #[test]
    fn a_count_of_two_needs_two_distinct_solutions() {
        let solution = Grid::parse(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        )
        .unwrap();
        // The solution with the deadly rectangle r4c6 r4c9 r5c6 r5c9 (1 3 / 3 1) emptied:
        // two solutions.
        let mut puzzle = solution.clone();
        for cell in [3 * 9 + 5, 3 * 9 + 8, 4 * 9 + 5, 4 * 9 + 8] {
            puzzle.set(crate::geometry::Cell::new(cell), None);
        }
        let record = Record {
            index: 0,
            line: 1,
            puzzle,
            expected_count: None,
            expected_solution: None,
        };
        let faulty = |solutions: &[&Grid]| {
            let mut outcome = Outcome::new();
            outcome.count = 2;
            for grid in solutions {
                outcome.solutions.push((*grid).clone());
            }
            let answer = Answer {
                mems: None,
                assignments: None,
                profile: None,
                solver: "faulty",
                outcome,
                ns: 1,
                spread_ns: 0,
            };
            let verdicts = cross_check("c", &record, std::slice::from_ref(&answer), 2);
            verdicts
                .mismatches
                .iter()
                .map(|m| m.found.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            faulty(&[&solution, &solution]),
            ["the same solution twice for a count of 2"]
        );
        assert_eq!(
            faulty(&[&solution]),
            ["1 solutions returned for a count of 2"]
        );
        let honest = answers(&record.puzzle, 2);
        assert!(honest.iter().all(|(_, o)| o.count == 2));
        let (first, second) = (&honest[0].1.solutions[0], &honest[0].1.solutions[1]);
        assert!(faulty(&[first, second]).is_empty());
    }
}
