//! Exact cover by Knuth's dancing links (Algorithm X on DLX, Algorithm C with colours): an
//! engine over the [`exact_cover`](crate::exact_cover) model.
//!
//! * [`links`]: the node arrays, cover/uncover, the iterative search and its counters,
//!   splitting a search into subproblems and Knuth's estimate of its size;
//! * [`engine`]: `Problem::dlx` and the [`ExactCover`](crate::exact_cover::ExactCover)
//!   implementation;
//! * [`sudoku`]: the `dlx` Sudoku solver over the shared encoding;
//! * [`memo`]: memoized counting over the same links (DLX6), with the ZDD of all solutions;
//! * [`parallel`]: one count split over threads or shards, with the single-thread totals;
//! * `reference` (with `--features reference-dlx`): the `dlx` crate as an outside reference.
//!
//! ```
//! use sudolab::exact_cover::classic;
//! let mut eight_queens = classic::queens(8)?.dlx();
//! assert_eq!(eight_queens.count(0).solutions, 92);
//! # Ok::<(), sudolab::Error>(())
//! ```

pub mod engine;
pub mod links;
pub mod memo;
pub mod parallel;
#[cfg(feature = "reference-dlx")]
pub mod reference;
pub mod sudoku;

pub use links::{Branching, Dlx, Estimate, Split, Tally};
pub use sudoku::DlxSolver;

#[cfg(test)]
mod tests;
