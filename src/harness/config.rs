//! What a run is asked to do ([`BenchConfig`], one [`CorpusSpec`] per corpus), what it tells
//! as it goes ([`Observer`]), and what it did ([`RunOutcome`]).

use std::path::PathBuf;
use std::time::Duration;

use super::records::{Evaluation, MismatchRow, RowStatus};
use super::share::ShareTally;
use crate::error::Error;
use crate::shard::Shard;

/// Records solved in parallel between two flushes of the output (classic and variant
/// corpora alike).
pub const CHUNK: usize = 256;

/// One corpus of a run: its file and how much of it to solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorpusSpec {
    /// The file (plain or gzip).
    pub path: PathBuf,
    /// Solve a seeded random sample of this many puzzles (`None`: all of them).
    pub sample: Option<usize>,
}

impl CorpusSpec {
    /// All of the corpus at `path`.
    pub fn all(path: impl Into<PathBuf>) -> CorpusSpec {
        CorpusSpec {
            path: path.into(),
            sample: None,
        }
    }
}

/// What a run does.
#[derive(Debug, Clone)]
pub struct BenchConfig {
    /// Corpora, in order, each with its sample size.
    pub corpora: Vec<CorpusSpec>,
    /// Solver names, in order; the first is the baseline of the ratios.
    pub solvers: Vec<String>,
    /// Solution limit per puzzle (0 = count all).
    pub limit: u64,
    /// Worker threads (0 = all cores).
    pub threads: usize,
    /// Seed for sampling and permutations.
    pub seed: u64,
    /// Puzzles of the first corpus solved untimed by every solver before timing starts (at
    /// most [`MAX_WARMUP`](super::run::MAX_WARMUP) of them).
    pub warmup: usize,
    /// Apply a random symmetry to each puzzle before solving.
    pub permute: bool,
    /// Times each solver runs on each puzzle (at least 1): `ns` is the fastest, the
    /// spread is recorded beside it.
    pub repeat: u32,
    /// Per-puzzle, per-solver deadline.
    pub timeout: Option<Duration>,
    /// Per-puzzle, per-solver search-node budget.
    pub max_nodes: Option<u64>,
    /// Run only this share of each corpus's records (by position in the corpus, after
    /// sampling): the shards of one run together run every record once.
    pub shard: Shard,
    /// Write `puzzle:count:solution` lines here.
    pub golden: Option<PathBuf>,
    /// Grade each puzzle with the human techniques (outside the timed region) and record the
    /// hardest technique and its rating on its rows.
    pub grade: bool,
    /// With `grade`: give up grading a puzzle after this long (its technique `timeout`, no
    /// ratings); the solvers' rows and times are kept.
    pub grade_timeout: Option<Duration>,
    /// Count Knuth's mems for the solvers that can (the exact-cover ones), in a second,
    /// untimed search per puzzle: runs.csv gets a `mems` value on their rows.
    pub mems: bool,
    /// Record each solver's level profile (search-tree nodes at each depth, summed over a
    /// corpus) in a second, untimed search per puzzle, for the solvers and exact-cover
    /// engines that report their search (bitmask, dlx, dc): written to `profile.csv`.
    pub profile: bool,
}

/// What happened in a run.
#[derive(Debug, Clone, Default)]
pub struct RunOutcome {
    /// Puzzles solved by every solver.
    pub puzzles: u64,
    /// Rows written.
    pub rows: u64,
    /// Rows with status mismatch.
    pub mismatches: u64,
    /// Records that could not be read.
    pub errors: u64,
    /// Rows with status timeout.
    pub timeouts: u64,
    /// Stopped by the interrupt flag.
    pub interrupted: bool,
    /// Wall time of the whole run (after warm-up).
    pub wall: Duration,
    /// Sum of the timed solver calls, nanoseconds.
    pub solver_ns: u128,
    /// Rows written to `mismatches.csv`.
    pub mismatch_rows: u64,
    /// Per corpus (by its name in the rows), the positions of the records the run was
    /// given: what `merge` checks a shard's rows against.
    pub shares: Vec<(String, ShareTally)>,
}

/// Callbacks for progress and problems; the library itself never prints.
pub trait Observer: Sync {
    /// Whether [`Observer::corpus_started`] needs the corpus's record count (counting costs a
    /// second pass over the file, so it is done only for an observer that shows it).
    fn wants_total(&self) -> bool {
        false
    }
    /// A corpus starts; `total` is its number of records when known (and wanted).
    fn corpus_started(&self, _name: &str, _total: Option<u64>) {}
    /// `n` more records done.
    fn advanced(&self, _n: u64) {}
    /// A record could not be read.
    fn record_error(&self, _error: &Error) {}
    /// A solver disagreed.
    fn mismatch(&self, _row: &MismatchRow) {}
}

/// An observer that ignores everything.
pub struct Silent;
impl Observer for Silent {}

impl RunOutcome {
    /// The share of `corpus` given to this run so far (none yet when first asked).
    pub(super) fn share(&mut self, corpus: &str) -> &mut ShareTally {
        let at = match self.shares.iter().position(|(name, _)| name == corpus) {
            Some(at) => at,
            None => {
                self.shares
                    .push((corpus.to_string(), ShareTally::default()));
                self.shares.len() - 1
            }
        };
        &mut self.shares[at].1
    }

    pub(super) fn add(&mut self, evaluation: &Evaluation) {
        self.rows += evaluation.rows.len() as u64;
        self.puzzles += u64::from(evaluation.solved);
        self.errors += u64::from(!evaluation.solved);
        self.solver_ns += evaluation.solver_ns;
        self.mismatch_rows += evaluation.mismatches.len() as u64;
        for row in &evaluation.rows {
            self.mismatches += u64::from(row.status == RowStatus::Mismatch);
            self.timeouts += u64::from(row.status == RowStatus::Timeout);
        }
    }
}

/// The name each corpus has in the rows: its file name without a `.gz` ending (so a bundled
/// `top.gz` and a plain `top` compare as one corpus across runs), with as many parent folders
/// as it takes to tell apart two corpora of the same name (`a/top.txt`, `b/top.txt`).
pub fn corpus_names(paths: &[PathBuf]) -> Vec<String> {
    let names = qualified_names(paths);
    names
        .into_iter()
        .map(|n| n.strip_suffix(".gz").map(str::to_string).unwrap_or(n))
        .collect()
}

fn qualified_names(paths: &[PathBuf]) -> Vec<String> {
    let parts: Vec<Vec<String>> = paths
        .iter()
        .map(|p| {
            p.components()
                .rev()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect()
        })
        .collect();
    let name = |i: usize, depth: usize| {
        let mut taken: Vec<&str> = parts[i].iter().take(depth).map(String::as_str).collect();
        taken.reverse();
        taken.join("/")
    };
    let mut depths = vec![1usize; paths.len()];
    loop {
        let names: Vec<String> = (0..paths.len()).map(|i| name(i, depths[i])).collect();
        let mut grew = false;
        for i in 0..paths.len() {
            let clash = (0..paths.len()).any(|j| j != i && names[j] == names[i]);
            if clash && depths[i] < parts[i].len() {
                depths[i] += 1;
                grew = true;
            }
        }
        if !grew {
            return names;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corpora_of_the_same_file_name_get_distinct_names() {
        let paths: Vec<PathBuf> = ["x/a/top.txt", "x/b/top.txt", "c/other.txt", "d/hard.gz"]
            .iter()
            .map(PathBuf::from)
            .collect();
        assert_eq!(
            corpus_names(&paths),
            ["a/top.txt", "b/top.txt", "other.txt", "hard"]
        );
    }
}
