//! Ctrl-C: the first one asks the running command to stop (every solver sees the flag within
//! a millisecond, finished output is written, exit code 130); the second quits at once.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the first Ctrl-C.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Installs the handler (once, at start-up). Without a terminal or signals it does nothing.
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            eprintln!("\nsudolab: interrupted again: quitting now");
            std::process::exit(130);
        }
        eprintln!(
            "\nsudolab: interrupted: stopping the work in progress and writing what is \
             finished (Ctrl-C again quits at once)"
        );
    });
}

/// Whether Ctrl-C was pressed.
pub fn requested() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// The flag, for the library's limits.
pub fn flag() -> &'static AtomicBool {
    &INTERRUPTED
}
