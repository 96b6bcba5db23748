//! # sudolab
//!
//! A research tool for Sudoku and exact-cover solving: independent solvers of the same
//! puzzles, side by side, with an independent checker for every answer.
//!
//! ```
//! use sudolab::{grid::Grid, registry, solver::Verdict, checker};
//! let puzzle: Grid =
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
//!         .parse()?;
//! let bitmask = registry::by_name("bitmask").expect("registered");
//! let Verdict::Unique(solution) = bitmask.verdict(&puzzle) else { panic!("unique") };
//! assert!(checker::check_solution(&puzzle, &solution).is_ok());
//! # Ok::<(), sudolab::Error>(())
//! ```
//!
//! # Module map
//!
//! Dependencies run one way, top to bottom (`tests/architecture.rs` checks there is no
//! cycle):
//!
//! * the model: [`bitset`] (digits and digit sets), [`geometry`] (cells, units, peers as
//!   index tables), [`grid`] (the grid, its text formats, contradictory givens),
//!   [`unit_digits`] (the digits of each row, column and box); [`variant`] (variant
//!   Sudoku: extra and irregular regions, pairwise constraints, cages, as data every engine
//!   reads); [`error`], the one error type;
//! * input: [`input`] (bounded lines, plain or gzip files), [`corpus`] (streaming puzzle
//!   readers); [`transform`] (validity-preserving grid transformations), [`random`] (a small
//!   seeded generator, stable across versions), [`atomic_file`] (files written whole or not
//!   at all), [`shard`] (a deterministic share of some work);
//! * [`solver`]: the interface every Sudoku solver sits behind, with its limits and
//!   counters (a leaf: it knows no engine), and [`search_trace`], the events a traced
//!   search reports; [`checker`]: the independent solution checker,
//!   sharing no code with any engine;
//! * [`exact_cover`]: the exact-cover model (problems, Knuth's format, classic problems,
//!   Sudoku's encoding, the counters and the trait every exact-cover engine shares);
//! * the engines: [`bitmask`] (propagation, every size), [`bands`] (9x9 only, a band at a
//!   time in SIMD lanes), [`dlx`] (dancing links, with splitting, sharding and estimates),
//!   [`dancing_cells`] (Knuth's SSXCC method) and [`sat`] (CNF for a CDCL solver); they know
//!   the model and `solver`, never each other;
//! * [`registry`]: every solver and exact-cover engine by name, above the engines;
//! * [`search_tree`]: a search's tree from its events, in Graphviz's DOT language;
//! * on top: [`diagnose`] (what is wrong with a puzzle), [`logic`] (human techniques:
//!   hints, explanations, grades), [`generate`] (minimal unique puzzles), [`harness`] (runs
//!   every solver over corpora, cross-checks, writes CSVs, charts and reports).
//!
//! The `sudolab` binary (`src/bin/sudolab/`) is a thin clap layer over these: it interprets
//! arguments and maps outcomes to exit codes.

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod atomic_file;
pub mod bands;
pub mod bitboard;
pub mod bitmask;
pub mod bitset;
pub mod checker;
pub mod corpus;
pub mod dancing_cells;
pub mod diagnose;
pub mod dlx;
pub mod error;
pub mod exact_cover;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod harness;
pub mod input;
pub mod logic;
pub mod random;
pub mod registry;
pub mod sat;
pub mod search_trace;
pub mod search_tree;
pub mod shard;
pub mod solver;
pub mod transform;
pub mod unit_digits;
pub mod variant;

pub use error::{Error, Result};
