//! The research harness: run every solver over corpora, cross-check every answer, time
//! them, and write a dated run directory.
//!
//! * [`config`]: what a run is asked to do, what it tells as it goes, what it did;
//! * [`run`](mod@run): streaming, parallel solving, cross-checking, `runs.csv` / `mismatches.csv`;
//! * [`directory`]: the run directory, its lock, and the staging that replaces a run only when
//!   the new one is whole; `output`: the run's CSV writers;
//! * [`share`]: the records a shard was given, for `merge` to check its rows against;
//! * [`exact_cover`]: Knuth-format exact-cover files as records, counted by every engine;
//! * [`variant`]: variant corpora (X, killer, jigsaw, ...), counted by the solvers that take them;
//! * [`merge`]: the run directories of a sharded run combined into one;
//! * [`records`]: the CSV rows;
//! * [`summary`]: per corpus and solver statistics, from `runs.csv` alone;
//! * [`charts`]: SVG charts from the summary;
//! * [`compare`]: two runs side by side, ratios with bootstrap intervals and verdicts;
//! * [`report`]: `meta.csv`, `summary.csv` and the run's `README.md`;
//! * [`html`]: `index.html`, the Markdown report as one self-contained page.
//!
//! The cross-check is the point: for every puzzle, every solver's count must agree, every
//! returned grid must pass the independent [`checker`](crate::checker), unique solutions must
//! be the same grid, and any count or solution the corpus states must match. A disagreement is
//! a `mismatch` row, never an abort.

pub mod charts;
pub mod compare;
pub mod config;
mod cross_check;
pub mod directory;
pub mod exact_cover;
pub mod html;
pub mod manifest;
pub mod merge;
mod output;
pub mod profile;
pub mod provenance;
pub mod records;
pub mod report;
pub mod run;
pub mod share;
pub mod summary;
pub mod variant;

pub use config::{corpus_names, BenchConfig, CorpusSpec, Observer, RunOutcome, Silent};
pub use directory::RunDirectory;
pub use manifest::read_manifest;
pub use records::{MismatchRow, RowStatus, RunRow};
pub use report::{write_report, write_report_into, write_report_with, RunMetadata};
pub use run::{check_config, run};
