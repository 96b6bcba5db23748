//! Comparing two runs: is the new one faster or slower, and is the difference real?
//!
//! For each (corpus, solver) in both runs, the ratio of the median time per puzzle (new over
//! base) with a 95% bootstrap confidence interval: the puzzles are resampled with replacement
//! [`CompareOptions::resamples`] times and the ratio of medians recomputed each time; the
//! interval is the 2.5th to 97.5th percentile of those ratios. When both runs timed the same
//! puzzles (same corpus records), resampling is *paired*: one draw picks a puzzle for both
//! runs, which cancels the puzzle-to-puzzle variation and narrows the interval. Otherwise
//! each run is resampled on its own.
//!
//! The verdict: *slower* when the ratio is above `1 + threshold` and the whole interval
//! above 1; *faster* when below `1 - threshold` and the whole interval below 1; otherwise
//! *no change*. A run without `runs.csv` (a committed report keeps only its summary) is
//! compared by the medians of its `summary.csv`, with no interval, and then never called
//! slower or faster, only "no interval".

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use rayon::prelude::*;
use serde::Deserialize;

use super::records::{check_runs_header, csv_reader, too_many_unreadable, RowStatus, RunRow};
use super::summary::{bin_floor, bin_of};
use crate::error::{Error, Result};
use crate::random::Random;

/// How to compare.
#[derive(Debug, Clone, Copy)]
pub struct CompareOptions {
    /// The smallest relative change that counts (0.05 = 5%).
    pub threshold: f64,
    /// Bootstrap resamples per (corpus, solver).
    pub resamples: usize,
    /// Seed of the resampling (the same seed gives the same intervals).
    pub seed: u64,
}

impl Default for CompareOptions {
    fn default() -> CompareOptions {
        CompareOptions {
            threshold: 0.05,
            resamples: 1000,
            seed: 1,
        }
    }
}

/// The verdict on one (corpus, solver).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Faster beyond the threshold, the interval below 1.
    Faster,
    /// Slower beyond the threshold, the interval above 1.
    Slower,
    /// Within the threshold, or an interval that includes 1.
    NoChange,
    /// Only medians were available: no interval, no verdict.
    NoInterval,
}

impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Change::Faster => "faster",
            Change::Slower => "slower",
            Change::NoChange => "no change",
            Change::NoInterval => "no interval (summary only)",
        })
    }
}

/// One (corpus, solver) compared.
#[derive(Debug, Clone, PartialEq)]
pub struct ComparedRow {
    /// Corpus name.
    pub corpus: String,
    /// Solver name.
    pub solver: String,
    /// Puzzles timed in the base run.
    pub base_puzzles: u64,
    /// Puzzles timed in the new run.
    pub new_puzzles: u64,
    /// Base median, µs.
    pub base_median_us: f64,
    /// New median, µs.
    pub new_median_us: f64,
    /// New median over base median.
    pub ratio: f64,
    /// The 95% interval of the ratio, when per-puzzle times were available.
    pub interval: Option<(f64, f64)>,
    /// Whether the resampling was paired by puzzle.
    pub paired: bool,
    /// The verdict.
    pub change: Change,
}

/// Per (corpus, solver): the (record index, ns) of every timed puzzle.
type Times = BTreeMap<(String, String), Vec<(u64, u64)>>;

/// The rows compared, and what could not be read on the way.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// One row per (corpus, solver) in both runs.
    pub rows: Vec<ComparedRow>,
    /// Per run whose `runs.csv` had rows that could not be read (few enough to go on): a
    /// sentence naming the file, how many, and the first.
    pub unreadable: Vec<String>,
}

/// Compares run directory `new` with `base`. Pairs present in only one run are left out. A
/// `runs.csv` with more unreadable rows than [`too_many_unreadable`] allows is refused: a
/// verdict from the rows left would not be a verdict on the run.
pub fn compare(base: &Path, new: &Path, options: &CompareOptions) -> Result<Comparison> {
    let (base_runs, new_runs) = (base.join("runs.csv"), new.join("runs.csv"));
    if !base_runs.exists() || !new_runs.exists() {
        let rows = compare_summaries(base, new, options)?;
        return Ok(Comparison {
            rows,
            unreadable: Vec::new(),
        });
    }
    let mut unreadable = Vec::new();
    let base = read_times(&base_runs, &mut unreadable)?;
    let new = read_times(&new_runs, &mut unreadable)?;
    let keys: Vec<&(String, String)> = base.keys().filter(|k| new.contains_key(*k)).collect();
    let rows = keys
        .par_iter()
        .enumerate()
        .map(|(k, &key)| {
            let seed = options.seed.wrapping_add(k as u64);
            compare_times(key, &base[key], &new[key], options, seed)
        })
        .collect();
    Ok(Comparison { rows, unreadable })
}

fn read_times(path: &Path, unreadable: &mut Vec<String>) -> Result<Times> {
    let mut reader = csv_reader(path)?;
    check_runs_header(&mut reader, &path.display().to_string())?;
    let mut times = Times::new();
    let (mut read, mut skipped, mut first) = (0u64, 0u64, None);
    for row in reader.deserialize::<RunRow>() {
        let row = match row {
            Ok(row) => row,
            Err(error) if !matches!(error.kind(), csv::ErrorKind::Io(_)) => {
                skipped += 1;
                let line = error.position().map_or(0, |p| p.line());
                first.get_or_insert_with(|| format!("line {line}: {error}"));
                continue;
            }
            Err(error) => {
                return Err(Error::Csv {
                    file: path.display().to_string(),
                    error,
                })
            }
        };
        read += 1;
        if matches!(row.status, RowStatus::Ok | RowStatus::Mismatch) {
            times
                .entry((row.corpus, row.solver))
                .or_default()
                .push((row.index, row.ns));
        }
    }
    let first = first.unwrap_or_default();
    if too_many_unreadable(read, skipped) || (read == 0 && skipped > 0) {
        return Err(Error::Refused(format!(
            "{}: {skipped} of its {} rows could not be read (first: {first}): too many for a \
             verdict on the run",
            path.display(),
            read + skipped
        )));
    }
    if skipped > 0 {
        unreadable.push(format!(
            "{}: {skipped} of {} rows could not be read and were left out ({first})",
            path.display(),
            read + skipped
        ));
    }
    Ok(times)
}

/// The median of histogram bins by the nearest-rank method (the lower middle of an even
/// count), as the summary reads its medians ([`bin_floor`]).
fn median(bins: &mut [u32]) -> f64 {
    let rank = bins.len().div_ceil(2).max(1);
    let (_, &mut bin, _) = bins.select_nth_unstable(rank - 1);
    bin_floor(bin)
}

fn compare_times(
    key: &(String, String),
    base: &[(u64, u64)],
    new: &[(u64, u64)],
    options: &CompareOptions,
    seed: u64,
) -> ComparedRow {
    let mut base: Vec<(u64, u64)> = base.to_vec();
    let mut new: Vec<(u64, u64)> = new.to_vec();
    base.sort_unstable();
    new.sort_unstable();
    let paired = base.len() == new.len() && base.iter().zip(&new).all(|(a, b)| a.0 == b.0);
    let base_bins: Vec<u32> = base.iter().map(|p| bin_of(p.1)).collect();
    let new_bins: Vec<u32> = new.iter().map(|p| bin_of(p.1)).collect();
    // Capped at the slowest time, as the summary caps its quantiles.
    let slowest = |times: &[(u64, u64)]| times.iter().map(|p| p.1).max().unwrap_or(0) as f64;
    let base_median = median(&mut base_bins.clone()).min(slowest(&base));
    let new_median = median(&mut new_bins.clone()).min(slowest(&new));
    let ratio = new_median / base_median.max(1.0);
    let interval = bootstrap(&base_bins, &new_bins, paired, options.resamples, seed);
    let change = verdict(ratio, Some(interval), options.threshold);
    ComparedRow {
        corpus: key.0.clone(),
        solver: key.1.clone(),
        base_puzzles: base_bins.len() as u64,
        new_puzzles: new_bins.len() as u64,
        base_median_us: base_median / 1e3,
        new_median_us: new_median / 1e3,
        ratio,
        interval: Some(interval),
        paired,
        change,
    }
}

/// The 95% percentile interval of the bootstrap distribution of the ratio of medians.
fn bootstrap(base: &[u32], new: &[u32], paired: bool, resamples: usize, seed: u64) -> (f64, f64) {
    let mut random = Random::new(seed);
    let mut ratios = Vec::with_capacity(resamples);
    let (mut a, mut b) = (vec![0u32; base.len()], vec![0u32; new.len()]);
    for _ in 0..resamples.max(1) {
        if paired {
            for (slot_a, slot_b) in a.iter_mut().zip(b.iter_mut()) {
                let i = random.below(base.len() as u64) as usize;
                *slot_a = base[i];
                *slot_b = new[i];
            }
        } else {
            for slot in a.iter_mut() {
                *slot = base[random.below(base.len() as u64) as usize];
            }
            for slot in b.iter_mut() {
                *slot = new[random.below(new.len() as u64) as usize];
            }
        }
        ratios.push(median(&mut b) / median(&mut a).max(1.0));
    }
    ratios.sort_by(f64::total_cmp);
    let at = |q: f64| ratios[((q * ratios.len() as f64) as usize).min(ratios.len() - 1)];
    (at(0.025), at(0.975))
}

fn verdict(ratio: f64, interval: Option<(f64, f64)>, threshold: f64) -> Change {
    let Some((low, high)) = interval else {
        return Change::NoInterval;
    };
    if ratio > 1.0 + threshold && low > 1.0 {
        Change::Slower
    } else if ratio < 1.0 - threshold && high < 1.0 {
        Change::Faster
    } else {
        Change::NoChange
    }
}

#[derive(Deserialize)]
struct MedianRow {
    corpus: String,
    solver: String,
    puzzles: u64,
    median_us: f64,
}

fn read_medians(dir: &Path) -> Result<BTreeMap<(String, String), (u64, f64)>> {
    let path = dir.join("summary.csv");
    let mut medians = BTreeMap::new();
    for row in csv_reader(&path)?.deserialize::<MedianRow>() {
        let row = row.map_err(|error| Error::Csv {
            file: path.display().to_string(),
            error,
        })?;
        medians.insert((row.corpus, row.solver), (row.puzzles, row.median_us));
    }
    Ok(medians)
}

fn compare_summaries(
    base: &Path,
    new: &Path,
    options: &CompareOptions,
) -> Result<Vec<ComparedRow>> {
    let (base, new) = (read_medians(base)?, read_medians(new)?);
    Ok(base
        .iter()
        .filter_map(|(key, &(base_puzzles, base_median))| {
            let &(new_puzzles, new_median) = new.get(key)?;
            let ratio = new_median / base_median.max(1e-9);
            Some(ComparedRow {
                corpus: key.0.clone(),
                solver: key.1.clone(),
                base_puzzles,
                new_puzzles,
                base_median_us: base_median,
                new_median_us: new_median,
                ratio,
                interval: None,
                paired: false,
                change: verdict(ratio, None, options.threshold),
            })
        })
        .collect())
}

/// The comparison as a Markdown table.
pub fn markdown(rows: &[ComparedRow], threshold: f64) -> String {
    let mut out = String::from(
        "| corpus | solver | puzzles (base / new) | base median µs | new median µs | ratio | 95% interval | resampling | verdict |\n|---|---|--:|--:|--:|--:|--:|---|---|\n",
    );
    for r in rows {
        let interval = r
            .interval
            .map_or("n/a".to_string(), |(a, b)| format!("{a:.3} to {b:.3}"));
        let resampling = match (r.interval, r.paired) {
            (None, _) => "none",
            (Some(_), true) => "paired",
            (Some(_), false) => "independent",
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} / {} | {:.2} | {:.2} | {:.3} | {interval} | {resampling} | {} |",
            r.corpus,
            r.solver,
            r.base_puzzles,
            r.new_puzzles,
            r.base_median_us,
            r.new_median_us,
            r.ratio,
            r.change
        );
    }
    let _ = writeln!(
        out,
        "\nRatio: new median over base median. Verdicts at a threshold of {:.1}%: slower or faster only when the ratio passes the threshold and the whole 95% bootstrap interval lies on the same side of 1.",
        threshold * 100.0
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_are_the_summarys_medians() {
        assert_eq!(median(&mut [5, 1, 3]), bin_floor(3));
        assert_eq!(median(&mut [4, 1, 3, 2]), bin_floor(2), "the lower middle");
        let mut random = Random::new(3);
        let times: Vec<u64> = (0..1001).map(|_| 50_000 + random.below(100_000)).collect();
        for n in [1000, 1001] {
            let mut distribution = super::super::summary::Distribution::default();
            times[..n].iter().for_each(|&t| distribution.add(t));
            let mut bins: Vec<u32> = times[..n].iter().map(|&t| bin_of(t)).collect();
            assert_eq!(
                median(&mut bins),
                distribution.quantile_ns(0.5),
                "{n} times"
            );
        }
    }

    #[test]
    fn a_real_slowdown_is_found_and_noise_is_not() {
        let mut random = Random::new(9);
        let base: Vec<u64> = (0..2000).map(|_| 1000 + random.below(2000)).collect();
        let slower: Vec<u32> = base.iter().map(|&t| bin_of(t * 13 / 10)).collect();
        let base: Vec<u32> = base.iter().map(|&t| bin_of(t)).collect();
        let (low, high) = bootstrap(&base, &slower, true, 500, 1);
        assert!(low > 1.2 && high < 1.4, "{low} {high}");
        assert_eq!(verdict(1.3, Some((low, high)), 0.05), Change::Slower);
        let (low, high) = bootstrap(&base, &base, true, 500, 1);
        assert_eq!((low, high), (1.0, 1.0));
        assert_eq!(verdict(1.0, Some((low, high)), 0.05), Change::NoChange);
        // A 10% change whose interval includes 1 is no change.
        assert_eq!(verdict(1.1, Some((0.95, 1.3)), 0.05), Change::NoChange);
        assert_eq!(verdict(0.8, Some((0.7, 0.9)), 0.05), Change::Faster);
        assert_eq!(verdict(1.3, None, 0.05), Change::NoInterval);
    }
}
