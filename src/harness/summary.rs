//! Summaries derived from `runs.csv` alone, in memory that does not grow with the corpus.
//!
//! Per (corpus, solver) a [`Distribution`] keeps a logarithmic histogram of per-puzzle times:
//! bin `b` holds times in `[2^(b/1024), 2^((b+1)/1024))` ns, so a quantile read from it is
//! within 0.07% of the exact order statistic (far below timing noise), while the count, sum
//! and maximum are exact. The scatter of two solvers' times per puzzle keeps a seeded
//! reservoir sample of at most [`SCATTER_POINTS`] puzzles per corpus.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::records::{check_runs_header, RowStatus, RunRow};
use crate::error::{Error, Result};
use crate::random::Random;

/// Bins per doubling of the time histogram.
const BINS_PER_OCTAVE: f64 = 1024.0;

/// Most points kept per corpus for the scatter chart.
pub const SCATTER_POINTS: usize = 4000;

/// The histogram bin of a time in nanoseconds.
pub fn bin_of(ns: u64) -> u32 {
    ((ns.max(1) as f64).log2() * BINS_PER_OCTAVE).floor() as u32
}

/// The lower edge of a histogram bin, in nanoseconds: what a quantile read from the histogram
/// reports for every time in that bin. `compare` reads its medians the same way, so the two
/// always agree.
pub fn bin_floor(bin: u32) -> f64 {
    2f64.powf(bin as f64 / BINS_PER_OCTAVE)
}

/// Per-puzzle times of one solver on one corpus.
#[derive(Debug, Clone, Default)]
pub struct Distribution {
    bins: BTreeMap<u32, u64>,
    count: u64,
    sum_ns: u128,
    max_ns: u64,
}

impl Distribution {
    /// Adds one time in nanoseconds.
    pub fn add(&mut self, ns: u64) {
        let bin = bin_of(ns);
        *self.bins.entry(bin).or_insert(0) += 1;
        self.count += 1;
        self.sum_ns += ns as u128;
        self.max_ns = self.max_ns.max(ns);
    }

    /// Number of times.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Mean in nanoseconds.
    pub fn mean_ns(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.sum_ns as f64 / self.count as f64
        }
    }

    /// Sum in nanoseconds.
    pub fn sum_ns(&self) -> u128 {
        self.sum_ns
    }

    /// Largest time in nanoseconds.
    pub fn max_ns(&self) -> u64 {
        self.max_ns
    }

    /// The `q`-quantile (0..=1) by the nearest-rank method, in nanoseconds (the lower edge of
    /// its histogram bin, capped at the maximum).
    pub fn quantile_ns(&self, q: f64) -> f64 {
        if self.count == 0 {
            return 0.0;
        }
        let rank = ((q * self.count as f64).ceil() as u64).clamp(1, self.count);
        let mut seen = 0;
        for (&bin, &n) in &self.bins {
            seen += n;
            if seen >= rank {
                return bin_floor(bin).min(self.max_ns as f64);
            }
        }
        self.max_ns as f64
    }

    /// The cumulative distribution as (time in ns, fraction of puzzles at or below it), one
    /// point per occupied bin.
    pub fn cdf(&self) -> Vec<(f64, f64)> {
        let mut seen = 0;
        self.bins
            .iter()
            .map(|(&bin, &n)| {
                seen += n;
                let upper = 2f64.powf((bin + 1) as f64 / BINS_PER_OCTAVE);
                (
                    upper.min(self.max_ns.max(1) as f64),
                    seen as f64 / self.count as f64,
                )
            })
            .collect()
    }
}

/// One row of `summary.csv`: one solver on one corpus. Times in microseconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SummaryRow {
    /// Corpus file name.
    pub corpus: String,
    /// Solver name.
    pub solver: String,
    /// Puzzles timed (rows with status ok or mismatch).
    pub puzzles: u64,
    /// Mean time per puzzle, µs.
    pub mean_us: f64,
    /// Median time per puzzle, µs.
    pub median_us: f64,
    /// 90th percentile, µs.
    pub p90_us: f64,
    /// 99th percentile, µs.
    pub p99_us: f64,
    /// Slowest puzzle, µs.
    pub max_us: f64,
    /// Puzzles per second on one thread (1e6 / mean µs).
    pub puzzles_per_s: f64,
    /// Share of puzzles solved without a guess, % (empty for a solver that does not report
    /// guesses).
    pub no_guess_pct: Option<f64>,
    /// Mean guesses per puzzle (empty when not reported).
    pub guesses_per_puzzle: Option<f64>,
    /// Mean search nodes per puzzle (empty when not reported).
    pub nodes_per_puzzle: Option<f64>,
    /// This solver's median over the baseline solver's median on the same corpus (the
    /// baseline is the run's first solver).
    pub median_vs_baseline: f64,
    /// Rows with status mismatch.
    pub mismatches: u64,
    /// Rows with status timeout.
    pub timeouts: u64,
    /// Records of the corpus that could not be read.
    pub errors: u64,
    /// With `bench --grade`: share of the corpus's puzzles solved by the human techniques, %.
    pub logic_solved_pct: Option<f64>,
    /// With `bench --grade`: mean rating of the hardest technique over those puzzles.
    pub mean_rating: Option<f64>,
    /// Mean mems per puzzle, for engines that count them (exact cover on Knuth-format
    /// files); empty otherwise.
    #[serde(default)]
    pub mems_per_puzzle: Option<f64>,
    /// Mean assignments per puzzle, for solvers that count them (see `runs.csv`); empty
    /// otherwise.
    #[serde(default)]
    pub assignments_per_puzzle: Option<f64>,
    /// With `bench --grade --grade-timeout-ms`: puzzles whose grading ran out of time
    /// (counted as graded, not as solved by logic).
    #[serde(default)]
    pub grade_timeouts: u64,
}

/// Per corpus: puzzles graded, solved by logic, and the sum of their ratings.
#[derive(Debug, Clone, Copy, Default)]
struct Grades {
    graded: u64,
    solved: u64,
    timed_out: u64,
    rating_sum: f64,
}

/// A counter only some rows report (mems, assignments): its sum over the rows that do
/// (u128, so no corpus can make it wrap), and how many did.
#[derive(Debug, Clone, Copy, Default)]
struct ReportedSum {
    sum: u128,
    rows: u64,
}

impl ReportedSum {
    fn add(&mut self, value: Option<u64>) {
        if let Some(value) = value {
            self.sum += u128::from(value);
            self.rows += 1;
        }
    }

    /// The mean over the rows that report it; `None` when none did.
    fn mean(&self) -> Option<f64> {
        (self.rows > 0).then(|| self.sum as f64 / self.rows as f64)
    }
}

#[derive(Debug, Clone, Default)]
struct Group {
    times: Distribution,
    /// Sums over rows: u128, so no corpus can make them wrap.
    guesses: u128,
    nodes: u128,
    no_guess: u64,
    mems: ReportedSum,
    assignments: ReportedSum,
    mismatches: u64,
    timeouts: u64,
}

/// Everything the report needs, from one pass over `runs.csv`.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// Corpora in the order first seen.
    pub corpora: Vec<String>,
    /// Solvers in the order first seen (the first is the baseline).
    pub solvers: Vec<String>,
    groups: BTreeMap<(usize, usize), Group>,
    errors: BTreeMap<usize, u64>,
    grades: BTreeMap<usize, Grades>,
    /// Per corpus: sampled puzzles' times (ns) for every solver, `None` where missing.
    pub scatter: BTreeMap<usize, Vec<Vec<Option<u64>>>>,
    /// Per corpus: the puzzles the scatter sample was drawn from.
    pub scatter_population: BTreeMap<usize, u64>,
    /// Per exact-cover file and engine: the engine's own figures of its complete count (a
    /// memo's hits and memory: the `detail` of an ok row).
    pub engine_details: BTreeMap<(String, String), String>,
    /// Rows of `runs.csv` read.
    pub read_rows: u64,
    /// Rows of `runs.csv` that could not be read (skipped, not fatal).
    pub skipped_rows: u64,
    /// The first of them: its line and what was wrong.
    pub first_skipped: Option<String>,
}

impl Summary {
    /// Reads `runs.csv`.
    pub fn from_runs(path: &Path) -> Result<Summary> {
        let file = crate::input::open_bounded(path, crate::input::MAX_RUN_FILE_LINE)?;
        Summary::from_reader(file, &path.display().to_string())
    }

    /// Reads `runs.csv` text from any reader; `name` names it in errors.
    pub fn from_reader(input: impl std::io::Read, name: &str) -> Result<Summary> {
        let mut reader = csv::Reader::from_reader(input);
        check_runs_header(&mut reader, name)?;
        let mut summary = Summary::default();
        let mut random = Random::new(0x5ca7);
        let mut seen_per_corpus: BTreeMap<usize, u64> = BTreeMap::new();
        let mut current: Option<(usize, u64)> = None;
        let mut pending: Vec<Option<u64>> = Vec::new();
        for row in reader.deserialize::<RunRow>() {
            let row = match row {
                Ok(row) => row,
                // An unreadable row (hand-edited, truncated by a full disk) is reported and
                // skipped; the rest of the run still counts.
                Err(error) if !matches!(error.kind(), csv::ErrorKind::Io(_)) => {
                    summary.skipped_rows += 1;
                    if summary.first_skipped.is_none() {
                        let line = error.position().map_or(0, |p| p.line());
                        summary.first_skipped = Some(format!("line {line}: {error}"));
                    }
                    continue;
                }
                Err(error) => {
                    return Err(Error::Csv {
                        file: name.to_string(),
                        error,
                    })
                }
            };
            summary.read_rows += 1;
            let corpus = index_of(&mut summary.corpora, &row.corpus);
            if row.status == RowStatus::Error {
                *summary.errors.entry(corpus).or_insert(0) += 1;
                continue;
            }
            let solver = index_of(&mut summary.solvers, &row.solver);
            if row.status == RowStatus::Ok
                && !row.detail.is_empty()
                && super::exact_cover::is_exact_cover_file(Path::new(&row.corpus))
            {
                let key = (row.corpus.clone(), row.solver.clone());
                summary.engine_details.insert(key, row.detail.clone());
            }
            if current != Some((corpus, row.index)) {
                if !row.technique.is_empty() {
                    let grades = summary.grades.entry(corpus).or_default();
                    grades.graded += 1;
                    grades.timed_out += u64::from(row.technique == "timeout");
                    if let Some(rating) = row.rating {
                        grades.solved += 1;
                        grades.rating_sum += f64::from(rating);
                    }
                }
                if let Some((previous, _)) = current {
                    summary.sample_point(previous, &mut pending, &mut seen_per_corpus, &mut random);
                }
                current = Some((corpus, row.index));
            }
            if pending.len() <= solver {
                pending.resize(solver + 1, None);
            }
            let group = summary.groups.entry((corpus, solver)).or_default();
            match row.status {
                RowStatus::Timeout => group.timeouts += 1,
                _ => {
                    group.times.add(row.ns);
                    group.guesses += u128::from(row.guesses);
                    group.nodes += u128::from(row.nodes);
                    group.no_guess += u64::from(row.guesses == 0);
                    group.mems.add(row.mems);
                    group.assignments.add(row.assignments);
                    group.mismatches += u64::from(row.status == RowStatus::Mismatch);
                    pending[solver] = Some(row.ns);
                }
            }
        }
        if let Some((previous, _)) = current {
            summary.sample_point(previous, &mut pending, &mut seen_per_corpus, &mut random);
        }
        summary.scatter_population = seen_per_corpus;
        Ok(summary)
    }

    /// Reservoir sampling of one puzzle's times into the corpus's scatter.
    fn sample_point(
        &mut self,
        corpus: usize,
        pending: &mut Vec<Option<u64>>,
        seen: &mut BTreeMap<usize, u64>,
        random: &mut Random,
    ) {
        let point = std::mem::take(pending);
        let seen = seen.entry(corpus).or_insert(0);
        *seen += 1;
        let sample = self.scatter.entry(corpus).or_default();
        if sample.len() < SCATTER_POINTS {
            sample.push(point);
        } else {
            let slot = random.below(*seen) as usize;
            if slot < SCATTER_POINTS {
                sample[slot] = point;
            }
        }
    }

    /// The median time (ns) of `solver` on `corpus`, if it timed any puzzle there.
    pub fn median_ns(&self, corpus: usize, solver: usize) -> Option<f64> {
        self.groups
            .get(&(corpus, solver))
            .filter(|g| g.times.count() > 0)
            .map(|g| g.times.quantile_ns(0.5))
    }

    /// Mean mems of `solver` on `corpus`, over the rows that report them.
    pub fn mean_mems(&self, corpus: usize, solver: usize) -> Option<f64> {
        let group = self.groups.get(&(corpus, solver))?;
        group.mems.mean()
    }

    /// The time distribution of `solver` on `corpus` (indices into the name lists).
    pub fn distribution(&self, corpus: usize, solver: usize) -> Option<&Distribution> {
        self.groups.get(&(corpus, solver)).map(|g| &g.times)
    }

    /// Total solver time over every row, nanoseconds.
    pub fn total_solver_ns(&self) -> u128 {
        self.groups.values().map(|g| g.times.sum_ns()).sum()
    }

    /// Rows of `summary.csv`, corpora in order, solvers in order within each.
    /// `reports_guesses` says which solvers fill the guesses and nodes columns (as the run's
    /// `meta.csv` records them, so a report does not depend on the build that regenerates it).
    pub fn rows(&self, reports_guesses: impl Fn(&str) -> bool) -> Vec<SummaryRow> {
        let mut rows = Vec::new();
        let counts_guesses: Vec<bool> = self.solvers.iter().map(|n| reports_guesses(n)).collect();
        for (c, corpus) in self.corpora.iter().enumerate() {
            // The run's first solver, or on a corpus it did not run (an exact-cover file
            // among Sudoku corpora) the first solver that ran there.
            let baseline = (0..self.solvers.len())
                .find_map(|s| self.groups.get(&(c, s)))
                .map(|g| g.times.quantile_ns(0.5));
            for (s, solver) in self.solvers.iter().enumerate() {
                let Some(group) = self.groups.get(&(c, s)) else {
                    continue;
                };
                let t = &group.times;
                let n = t.count().max(1) as f64;
                let median = t.quantile_ns(0.5);
                rows.push(SummaryRow {
                    corpus: corpus.clone(),
                    solver: solver.clone(),
                    puzzles: t.count(),
                    mean_us: round(t.mean_ns() / 1e3),
                    median_us: round(median / 1e3),
                    p90_us: round(t.quantile_ns(0.9) / 1e3),
                    p99_us: round(t.quantile_ns(0.99) / 1e3),
                    max_us: round(t.max_ns() as f64 / 1e3),
                    puzzles_per_s: if t.mean_ns() > 0.0 {
                        round(1e9 / t.mean_ns())
                    } else {
                        0.0
                    },
                    no_guess_pct: counts_guesses[s]
                        .then(|| round(100.0 * group.no_guess as f64 / n)),
                    guesses_per_puzzle: counts_guesses[s].then(|| round(group.guesses as f64 / n)),
                    nodes_per_puzzle: counts_guesses[s].then(|| round(group.nodes as f64 / n)),
                    median_vs_baseline: match baseline {
                        Some(b) if b > 0.0 => round(median / b),
                        _ => 0.0,
                    },
                    mismatches: group.mismatches,
                    timeouts: group.timeouts,
                    errors: self.errors.get(&c).copied().unwrap_or(0),
                    logic_solved_pct: self
                        .grades
                        .get(&c)
                        .map(|g| round(100.0 * g.solved as f64 / g.graded.max(1) as f64)),
                    mean_rating: self
                        .grades
                        .get(&c)
                        .filter(|g| g.solved > 0)
                        .map(|g| round(g.rating_sum / g.solved as f64)),
                    mems_per_puzzle: group.mems.mean().map(round),
                    assignments_per_puzzle: group.assignments.mean().map(round),
                    grade_timeouts: self.grades.get(&c).map_or(0, |g| g.timed_out),
                });
            }
        }
        rows
    }

    /// Every mismatch row counted.
    pub fn mismatches(&self) -> u64 {
        self.groups.values().map(|g| g.mismatches).sum()
    }
}

fn index_of(names: &mut Vec<String>, name: &str) -> usize {
    match names.iter().position(|n| n == name) {
        Some(i) => i,
        None => {
            names.push(name.to_string());
            names.len() - 1
        }
    }
}

/// Four significant decimals, so summaries read well and compare exactly when regenerated.
fn round(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_are_within_a_tenth_of_a_percent() {
        let mut d = Distribution::default();
        for ns in 1..=10_000u64 {
            d.add(ns * 100);
        }
        let median = d.quantile_ns(0.5);
        assert!((median - 500_000.0).abs() / 500_000.0 < 0.001, "{median}");
        assert!((d.quantile_ns(0.99) - 990_000.0).abs() / 990_000.0 < 0.001);
        assert_eq!(d.max_ns(), 1_000_000);
        assert_eq!(d.mean_ns(), 500_050.0);
        let cdf = d.cdf();
        assert_eq!(cdf.last().unwrap().1, 1.0);
    }
}
