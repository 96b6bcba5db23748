//! The exact-cover model: what every exact-cover engine shares and none owns.
//!
//! * [`problem`]: a named, validated problem (primary and secondary items, options,
//!   colours) and Knuth's DLX text format, read and written;
//! * [`classic`]: N-queens, pentominoes and Langford pairs, with published counts;
//! * [`sudoku`]: Sudoku as exact cover, the encoding the `dlx` and `dc` solvers share;
//! * [`variant`]: variant Sudoku (extra and irregular regions, pairwise rules, killer
//!   cages) as exact cover, for the same solvers;
//! * [`search`]: what a search returns and how a visitor steers it, and the [`ExactCover`]
//!   trait through which any engine is used without naming it;
//! * [`observe`]: the events a search reports as it goes (for traces), and Knuth's level
//!   profile;
//! * [`shard_counts`]: a shard's counters as `cover --shard` writes them, read back,
//!   checked and summed;
//! * [`memo_table`]: subproblem signatures and their counts within a memory budget, for
//!   the engines that count each subproblem once.
//!
//! The engines sit beside each other above this layer and know nothing of each other:
//! [`dlx`](crate::dlx) (dancing links, with splitting, sharding and estimates, and the
//! memoized count [`dlx::memo`](crate::dlx::memo)), [`dancing_cells`](crate::dancing_cells),
//! [`bitboard`](crate::bitboard) and [`sat`](crate::sat). Each adds its own constructor to
//! [`Problem`] (`problem.dlx()`, `problem.memo()`, `problem.cells()`, `problem.bitboard()`,
//! `sat::exact_cover(&problem)`); [`registry::Engine`](crate::registry::Engine) chooses one
//! by name.
//!
//! ```
//! use sudolab::exact_cover::classic;
//! let mut eight_queens = classic::queens(8)?.dlx();
//! assert_eq!(eight_queens.count(0).solutions, 92);
//! assert_eq!(classic::queens(8)?.cells().count(0).solutions, 92);
//! # Ok::<(), sudolab::Error>(())
//! ```

pub mod classic;
pub mod memo_table;
pub mod observe;
pub mod problem;
pub mod search;
pub mod shard_counts;
pub mod sudoku;
pub mod variant;

pub use problem::Problem;
pub use search::{search_mapped, Control, ExactCover, SearchStats, SolutionLimit};
pub use sudoku::Encoding;
