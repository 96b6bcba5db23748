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
//! * [`grid`]: the grid model (box side 2..=5), text formats, contradictory givens.
//! * [`geometry`]: cells, units, peers and their numbering, as index tables.
//! * [`bitset`]: digits and typed candidate sets.
//! * [`unit_digits`]: the digits placed in each row, column and box.
//! * [`checker`]: the independent solution checker, sharing no code with any solver.
//! * [`solver`]: the interface every solver sits behind (a leaf: it knows no engine).
//! * [`registry`]: every solver by name, above the engines.
//! * [`bitmask`]: the bitmask propagation solver.
//! * [`dlx`]: exact cover by dancing links, generic; Sudoku as one encoding, the `dlx` solver.
//! * [`input`]: bounded line reading, opening files (plain or gzip).
//! * [`corpus`]: streaming readers for puzzle files.
//! * [`transform`]: validity-preserving grid transformations (relabelling, row/column/band/stack permutations,
//!   transposition), to permute puzzles before solving.
//! * [`random`]: a small seeded generator, stable across versions.
//! * [`diagnose`]: what is wrong with a puzzle, in words.
//! * [`generate`]: minimal, uniquely solvable puzzles, with symmetry.
//! * [`logic`]: human techniques: hints, step-by-step explanations, grading.
//! * [`harness`]: runs solvers over corpora, cross-checks, writes CSVs, charts and reports.
//! * [`atomic_file`]: files written whole or not at all.
//! * [`error`]: the library's error type.

pub mod atomic_file;
pub mod bitmask;
pub mod bitset;
pub mod checker;
pub mod corpus;
pub mod diagnose;
pub mod dlx;
pub mod error;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod harness;
pub mod input;
pub mod logic;
pub mod random;
pub mod registry;
pub mod solver;
pub mod transform;
pub mod unit_digits;

pub use error::{Error, Result};
