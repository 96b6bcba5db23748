//! A run directory held by one run at a time.
//!
//! [`RunDirectory::lock`] creates the directory and an exclusive lock file in it,
//! `.sudolab-run.lock`, created with `O_EXCL` and holding the owner's process id, command and
//! start time. A second run on the same directory is refused with a message naming the
//! holder, instead of both writing the same files. The lock goes when the `RunDirectory` is
//! dropped; a lock whose process no longer exists (a run killed with `kill -9`) is taken over,
//! on systems with `/proc` (elsewhere the message says which file to remove).

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The lock file's name inside a run directory.
pub const LOCK_FILE: &str = ".sudolab-run.lock";

/// The list of files the last run wrote, one name per line, inside the run directory.
pub const FILES_LIST: &str = ".sudolab-files";

/// Whether `name` is a file a run writes: its CSVs, README and charts.
fn is_run_file(name: &str) -> bool {
    matches!(
        name,
        "runs.csv" | "mismatches.csv" | "summary.csv" | "meta.csv" | "README.md" | "medians.svg"
    ) || ((name.starts_with("cdf_") || name.starts_with("scatter_")) && name.ends_with(".svg"))
}

/// A run directory and the lock that makes it this process's alone.
#[derive(Debug)]
pub struct RunDirectory {
    path: PathBuf,
    lock: PathBuf,
}

impl RunDirectory {
    /// Creates `path` if needed and locks it for this process.
    pub fn lock(path: &Path) -> Result<RunDirectory> {
        let io = |error| Error::Io {
            path: path.display().to_string(),
            error,
        };
        std::fs::create_dir_all(path).map_err(io)?;
        let lock = path.join(LOCK_FILE);
        let holder = format!(
            "pid {}\ncommand {}\nstarted {}\n",
            std::process::id(),
            std::env::args().collect::<Vec<_>>().join(" "),
            super::report::utc_now()
        );
        for attempt in 0..2 {
            match OpenOptions::new().write(true).create_new(true).open(&lock) {
                Ok(mut file) => {
                    file.write_all(holder.as_bytes()).map_err(io)?;
                    return Ok(RunDirectory {
                        path: path.to_path_buf(),
                        lock,
                    });
                }
                Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {
                    let held = std::fs::read_to_string(&lock).unwrap_or_default();
                    if attempt == 0 && holder_is_gone(&held) {
                        let _ = std::fs::remove_file(&lock);
                        continue;
                    }
                    return Err(Error::InvalidArgument(format!(
                        "{} is in use by another sudolab run ({}); wait for it to finish or \
                         choose another output directory (if that process is gone, remove {})",
                        path.display(),
                        held.trim().replace('\n', ", "),
                        lock.display()
                    )));
                }
                Err(error) => return Err(io(error)),
            }
        }
        unreachable!("the second attempt returns")
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Removes the files the previous run wrote here (those its list names, or, for a run
    /// without a list, the files a run writes: CSVs, README, charts), and nothing else, so
    /// a new run never leaves an old chart beside its own. Returns what was removed.
    pub fn clear_previous_run(&self) -> Result<Vec<String>> {
        let io = |error| Error::Io {
            path: self.path.display().to_string(),
            error,
        };
        let listed = std::fs::read_to_string(self.path.join(FILES_LIST)).ok();
        let names: Vec<String> = match &listed {
            Some(list) => list.lines().map(str::to_string).collect(),
            None => std::fs::read_dir(&self.path)
                .map_err(io)?
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect(),
        };
        let mut removed = Vec::new();
        for name in names {
            // Only plain names of run files: a list can never reach outside the directory.
            if name.contains(['/', '\\']) || !is_run_file(&name) {
                continue;
            }
            let path = self.path.join(&name);
            if path.is_file() {
                std::fs::remove_file(&path).map_err(io)?;
                removed.push(name);
            }
        }
        Ok(removed)
    }

    /// Records the run files now in the directory as this run's (for the next run to
    /// clear).
    pub fn record_files(&self) -> Result<()> {
        let io = |error| Error::Io {
            path: self.path.display().to_string(),
            error,
        };
        let mut names: Vec<String> = std::fs::read_dir(&self.path)
            .map_err(io)?
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| is_run_file(n))
            .collect();
        names.sort();
        let mut list = names.join("\n");
        list.push('\n');
        crate::atomic_file::AtomicFile::write(&self.path.join(FILES_LIST), list.as_bytes())
    }

    /// A file in the directory.
    pub fn join(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }
}

impl Drop for RunDirectory {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.lock);
    }
}

/// Whether the lock's holder process is known to have ended (Linux: no `/proc/PID`).
fn holder_is_gone(held: &str) -> bool {
    let Some(pid) = held
        .lines()
        .find_map(|l| l.strip_prefix("pid "))
        .and_then(|p| p.trim().parse::<u32>().ok())
    else {
        return false;
    };
    Path::new("/proc/self").exists() && !Path::new(&format!("/proc/{pid}")).exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_naming_the_holder_and_freed_on_drop() {
        let dir = std::env::temp_dir().join(format!("sudolab-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let first = RunDirectory::lock(&dir).unwrap();
        let error = RunDirectory::lock(&dir).unwrap_err().to_string();
        assert!(
            error.contains("is in use by another sudolab run"),
            "{error}"
        );
        assert!(
            error.contains(&format!("pid {}", std::process::id())),
            "{error}"
        );
        drop(first);
        let again = RunDirectory::lock(&dir).unwrap();
        drop(again);
        assert!(!dir.join(LOCK_FILE).exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_new_run_clears_only_the_old_runs_files() {
        let dir = std::env::temp_dir().join(format!("sudolab-clear-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let run = RunDirectory::lock(&dir).unwrap();
        for name in ["runs.csv", "cdf_old.svg", "notes.txt", "README.md"] {
            std::fs::write(dir.join(name), "x").unwrap();
        }
        run.record_files().unwrap();
        std::fs::write(dir.join("scatter_user_kept.svg"), "mine").unwrap();
        let removed = run.clear_previous_run().unwrap();
        assert_eq!(removed, ["README.md", "cdf_old.svg", "runs.csv"]);
        assert!(dir.join("notes.txt").exists(), "not a run file");
        assert!(
            dir.join("scatter_user_kept.svg").exists(),
            "not in the list"
        );
        drop(run);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_lock_of_a_finished_process_is_taken_over() {
        let dir = std::env::temp_dir().join(format!("sudolab-stale-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // Process ids above the kernel's pid_max (at most 2^22) never exist.
        std::fs::write(dir.join(LOCK_FILE), "pid 4999999\ncommand old\n").unwrap();
        let taken = RunDirectory::lock(&dir);
        if Path::new("/proc/self").exists() {
            assert!(taken.is_ok());
        } else {
            assert!(taken.is_err());
        }
        drop(taken);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
