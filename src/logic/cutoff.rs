//! When solving by logic gives up: a deadline and a stop flag (Ctrl-C), seen by the step
//! under way too, and the largest grid the slowest levels run on.
//!
//! A step is a call of a technique's `fn(&Position) -> Option<Step>`, and the nested forcing
//! chains of one step can run for minutes on a big or variant grid. [`super::explain_within`]
//! makes its [`Cutoff`] the current one of its thread for the steps it takes; the long
//! searches ([`super::forcing`]) ask [`reached`] now and then and, once it says so, give up
//! and find nothing. The walk then stops, discarding a step found while the cutoff passed.
//! The levels above dynamic forcing chains (9.0 and up) ask [`nested_max_side`] whether
//! they run on the grid at all: by default up to 16x16, where they take seconds; on a
//! 25x25 grid they take minutes to hours a puzzle, so they run there only when asked
//! (`--nested-on-25x25`).

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::NESTED_MAX_SIDE;
use crate::solver::Stop;

/// A deadline and a stop flag: either ends the walk, even in the middle of a step; and
/// how large a grid the levels above dynamic forcing chains take on.
#[derive(Debug, Clone, Copy)]
pub struct Cutoff {
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop when this flag is set (Ctrl-C).
    pub interrupt: Option<&'static AtomicBool>,
    /// The largest side of the grids the levels rated 9.0 and up run on
    /// ([`Technique::runs_on`](super::Technique::runs_on)): [`NESTED_MAX_SIDE`] by
    /// default, 25 to run them on every grid.
    pub nested_max_side: usize,
}

impl Cutoff {
    /// No limit in time; the nested levels on the grids they run on by default.
    pub const NONE: Cutoff = Cutoff {
        deadline: None,
        interrupt: None,
        nested_max_side: NESTED_MAX_SIDE,
    };

    /// Why the walk must stop now, if it must: [`Stop::Interrupted`] or [`Stop::Deadline`].
    pub fn reached(&self) -> Option<Stop> {
        if self
            .interrupt
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            Some(Stop::Interrupted)
        } else if self.deadline.is_some_and(|at| Instant::now() >= at) {
            Some(Stop::Deadline)
        } else {
            None
        }
    }
}

thread_local! {
    /// The cutoff of the walk under way on this thread.
    static CURRENT: Cell<Cutoff> = const { Cell::new(Cutoff::NONE) };
}

/// Runs `work` with `cutoff` as this thread's current cutoff, the previous one restored
/// afterwards (walks may nest: a test grading inside a grading).
pub(super) fn within<T>(cutoff: Cutoff, work: impl FnOnce() -> T) -> T {
    struct Restore(Cutoff);
    impl Drop for Restore {
        fn drop(&mut self) {
            CURRENT.with(|current| current.set(self.0));
        }
    }
    let _restore = Restore(CURRENT.with(|current| current.replace(cutoff)));
    work()
}

impl Default for Cutoff {
    fn default() -> Cutoff {
        Cutoff::NONE
    }
}

/// Whether the current cutoff of this thread is reached: a long search then gives up.
pub(super) fn reached() -> bool {
    CURRENT.with(|current| current.get().reached().is_some())
}

/// The largest side of the grids the levels above dynamic forcing chains run on, by the
/// current cutoff of this thread.
pub(super) fn nested_max_side() -> usize {
    CURRENT.with(|current| current.get().nested_max_side)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_current_cutoff_holds_inside_its_scope_only() {
        static FLAG: AtomicBool = AtomicBool::new(false);
        let flagged = Cutoff {
            deadline: None,
            interrupt: Some(&FLAG),
            ..Cutoff::NONE
        };
        assert!(!reached());
        within(flagged, || {
            assert!(!reached(), "the flag is not set yet");
            FLAG.store(true, Ordering::Relaxed);
            assert!(reached());
            within(Cutoff::NONE, || {
                assert!(!reached(), "an inner scope has its own")
            });
            assert!(reached(), "the outer scope's cutoff is back");
        });
        assert!(!reached(), "no cutoff outside the scope");
        let past = Cutoff {
            deadline: Some(Instant::now()),
            ..Cutoff::NONE
        };
        assert_eq!(past.reached(), Some(Stop::Deadline));
        assert_eq!(flagged.reached(), Some(Stop::Interrupted));
    }
}
