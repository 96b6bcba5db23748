//! Exact cover by Knuth's dancing links (Algorithm X on DLX), generic over any problem, with
//! Sudoku as one encoding among others.
//!
//! * [`links`]: the node arrays, cover/uncover, the iterative search and its counters;
//! * [`cells`]: the same problems on sparse sets (dancing cells, Knuth's SSXCC), with colours;
//! * [`engine`]: the [`ExactCover`] trait both implement, and [`Engine`], one by name;
//! * [`problem`]: a named, validated problem builder and Knuth's DLX text format;
//! * [`sudoku`]: Sudoku as exact cover and the `dlx` and `dc` solvers;
//! * [`classic`]: N-queens, pentominoes and Langford pairs, with published counts;
//! * [`parallel`]: one count split over threads or shards, with the single-thread totals;
//! * [`shard_counts`]: a shard's counters as it writes them, read back, checked and summed;
//! * `reference` (with `--features reference-dlx`): the `dlx` crate as an outside reference.
//!
//! ```
//! use sudolab::dlx::classic;
//! let mut eight_queens = classic::queens(8)?.dlx();
//! assert_eq!(eight_queens.count(0).solutions, 92);
//! # Ok::<(), sudolab::Error>(())
//! ```

// The two places unsafe code is allowed, one per engine: unchecked indexing in the hot
// loops (cover/uncover and the MRV scan of dancing links, hide of dancing cells), each
// justified by a measurement in the module, each access behind an accessor with a SAFETY
// comment, all of it exercised with debug assertions by `cargo test --lib` in CI.
#[allow(unsafe_code)]
pub mod cells;
pub mod classic;
pub mod engine;
#[allow(unsafe_code)]
pub mod links;
pub mod parallel;
pub mod problem;
#[cfg(feature = "reference-dlx")]
pub mod reference;
pub mod shard_counts;
pub mod sudoku;

pub use cells::Cells;
pub use engine::{Engine, ExactCover};
pub use links::{Branching, Control, Dlx, Estimate, SearchStats, SolutionLimit, Split, Tally};
pub use problem::Problem;
pub use sudoku::{CellsSolver, DlxSolver, Encoding};

#[cfg(test)]
mod tests;
