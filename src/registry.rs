//! Every Sudoku solver and every exact-cover engine, by name: the one place that knows the
//! engines.
//!
//! The registry sits above the engines and below the harness and the CLI: engines implement
//! [`Solver`] (a leaf module) without knowing each other, and everything that runs solvers
//! by name asks here. Adding a solver is one line in [`all`]; the harness, the reports, the
//! CLI's `--solver` and the cross-engine tests then pick it up.
//!
//! ```
//! use sudolab::registry;
//! assert_eq!(registry::names()[0], "bitmask");
//! assert!(registry::by_name("dlx").is_some());
//! assert!(registry::by_name("nope").is_none());
//! ```

use crate::bands::BandSolver;
use crate::bitmask::{BitmaskSolver, Level};
use crate::dancing_cells::CellsSolver;
use crate::dlx::DlxSolver;
use crate::exact_cover::{ExactCover, Problem};
use crate::grid::Grid;
use crate::sat::SatSolver;
use crate::solver::Solver;

/// Every registered solver, in a fixed order (the default engine first). With the cargo
/// feature `reference-dlx`, the `dlx` crate joins as `dlx-crate`.
pub fn all() -> Vec<Box<dyn Solver>> {
    #[allow(unused_mut)]
    let mut solvers: Vec<Box<dyn Solver>> = vec![
        Box::new(BitmaskSolver::new(Level::Singles)),
        Box::new(BitmaskSolver::new(Level::Locked)),
        Box::new(BitmaskSolver::new(Level::Subsets)),
        Box::new(DlxSolver),
        Box::new(CellsSolver),
        Box::new(BandSolver),
        Box::new(SatSolver),
    ];
    #[cfg(feature = "reference-dlx")]
    solvers.push(Box::new(crate::dlx::reference::DlxCrateReference));
    solvers
}

/// Names of every registered solver.
pub fn names() -> Vec<&'static str> {
    all().iter().map(|s| s.info().name).collect()
}

/// The registered solver called `name`.
pub fn by_name(name: &str) -> Option<Box<dyn Solver>> {
    all().into_iter().find(|s| s.info().name == name)
}

/// The registered solver called `name`, or an error listing the registered names.
pub fn find(name: &str) -> crate::Result<Box<dyn Solver>> {
    by_name(name).ok_or_else(|| {
        crate::Error::InvalidArgument(format!(
            "unknown solver {name:?}; registered: {}",
            names().join(", ")
        ))
    })
}

/// The solver to ask where the tool needs one puzzle's answer quickly (the solution behind
/// `hint`, `explain` and `grade`): the band engine on 9x9 grids (the fastest registered
/// there, `reports/2026-11-30-bands-triads`), the SAT solver on 16x16 and 25x25 grids
/// (`count --limit 2` over the bundled puzzles, one thread: 0.14 s against the bitmask
/// engine's 0.47 s on the 50 16x16 ones, 1.6 s against 322 s on the 28 25x25 ones), the
/// bitmask engine with locked candidates on 4x4.
///
/// ```
/// use sudolab::{grid::Grid, registry};
/// assert_eq!(registry::quickest_for(&Grid::empty(3)?).info().name, "bands");
/// assert_eq!(registry::quickest_for(&Grid::empty(2)?).info().name, "bitmask+locked");
/// assert_eq!(registry::quickest_for(&Grid::empty(5)?).info().name, "sat");
/// # Ok::<(), sudolab::Error>(())
/// ```
pub fn quickest_for(puzzle: &Grid) -> Box<dyn Solver> {
    match puzzle.box_side() {
        3 => Box::new(BandSolver),
        side if side >= 4 => Box::new(SatSolver),
        _ => Box::new(BitmaskSolver::new(Level::Locked)),
    }
}

/// The exact-cover engines, by name (`cover --engine`, and every engine the harness runs on
/// an exact-cover file).
///
/// ```
/// use sudolab::{exact_cover::classic, registry::Engine, solver::Limits};
/// let problem = classic::langford(8)?;
/// for engine in Engine::ALL {
///     let stats = engine.build(&problem)?.count_within(0, &Limits::NONE);
///     assert_eq!(stats.solutions, 300); // 150 pairings and their reversals
/// }
/// # Ok::<(), sudolab::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Engine {
    /// Dancing links: Knuth's DLX1, DLX2 with colours (`dlx`).
    Links,
    /// Dancing cells on sparse sets: Knuth's SSXCC (`dc`).
    Cells,
    /// Dancing links with memoized counting: Knuth's DLX6 (`memo`).
    Memo,
    /// Algorithm X on bit sets of options (`bits`).
    Bits,
}

impl Engine {
    /// Every engine, the default first.
    pub const ALL: [Engine; 4] = [Engine::Links, Engine::Cells, Engine::Memo, Engine::Bits];

    /// The engine's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Links => "dlx",
            Engine::Cells => "dc",
            Engine::Memo => "memo",
            Engine::Bits => "bits",
        }
    }

    /// What the engine is, for reports.
    pub fn description(self) -> &'static str {
        match self {
            Engine::Links => {
                "exact cover, dancing links (Knuth's DLX1, DLX2 with colours, DLX3 with \
                 multiplicities)"
            }
            Engine::Cells => {
                "exact cover, dancing cells on sparse sets (Knuth's SSXCC; SSMCC with \
                 multiplicities)"
            }
            Engine::Memo => {
                "exact cover, dancing links counting each subproblem once (Knuth's DLX6; \
                 bitboards with multiplicities); no mems"
            }
            Engine::Bits => "exact cover, Algorithm X on bit sets of options (bitboards); no mems",
        }
    }

    /// The engine called `name`.
    pub fn from_name(name: &str) -> Option<Engine> {
        Engine::ALL.into_iter().find(|e| e.name() == name)
    }

    /// `problem` ready to search with this engine (its default settings: DLX1's branching
    /// for dancing links, mems counted, the memo's default budget). Every engine counts
    /// multiplicities (MCC): dancing links as DLX3, dancing cells as SSMCC, the memo and
    /// bitboards on bit sets; those two refuse a problem whose frames would pass 1 GiB, and
    /// the memo one whose search could recurse past 20,000 levels.
    pub fn build(self, problem: &Problem) -> crate::Result<Box<dyn ExactCover>> {
        self.build_with_memo_budget(problem, crate::dlx::memo::DEFAULT_BUDGET_MB << 20)
    }

    /// [`Engine::build`], the memo's table within `budget` bytes (`cover --memo-mb`).
    pub fn build_with_memo_budget(
        self,
        problem: &Problem,
        budget: usize,
    ) -> crate::Result<Box<dyn ExactCover>> {
        if problem.has_multiplicities() && matches!(self, Engine::Bits | Engine::Memo) {
            let bytes = crate::bitboard::Bitboard::multiplicity_frame_bytes(
                problem.bounds(),
                problem.options(),
                problem.primary_items(),
            );
            if bytes > 1 << 30 {
                return Err(crate::Error::Refused(format!(
                    "bitboards with multiplicities would need {} MiB of search frames here \
                     (one set of options per level); count this problem with dancing links \
                     (`--engine dlx`)",
                    bytes >> 20
                )));
            }
        }
        if problem.has_multiplicities() && self == Engine::Memo {
            // DLX6 has no multiplicities: the memo counts them on bitboards.
            let board = problem.bitboard();
            if !board.can_memoize() {
                return Err(crate::Error::Refused(
                    "the memo counts multiplicities on bitboards by recursion, at most 20,000 \
                     levels deep, and this problem could go deeper; count it with dancing \
                     links (`--engine dlx`)"
                        .to_string(),
                ));
            }
            return Ok(Box::new(crate::bitboard::MemoBoard::new(board, budget)));
        }
        Ok(match self {
            Engine::Links => Box::new(problem.dlx()),
            Engine::Cells => Box::new(problem.cells()),
            Engine::Memo => {
                let mut memo = problem.memo();
                memo.set_budget(budget);
                Box::new(memo)
            }
            Engine::Bits => Box::new(problem.bitboard()),
        })
    }
}
