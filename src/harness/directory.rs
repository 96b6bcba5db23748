//! A run directory: held by one run at a time, and replaced only when the new run is whole.
//!
//! # The lock
//!
//! [`RunDirectory::lock`] creates the directory and an exclusive lock file in it,
//! `.sudolab-run.lock`, created with `O_EXCL` and holding the owner's process id, command and
//! start time. A second run on the same directory is refused with a message naming the
//! holder. The lock goes when the `RunDirectory` is dropped; a lock whose process has ended
//! (a run killed with `kill -9`) is taken over, on systems with `/proc` (elsewhere the message
//! says which file to remove).
//!
//! # Staging and commit
//!
//! A run never writes into the directory itself. It writes into a *staging* directory,
//! [`RunDirectory::staging`], and [`RunDirectory::commit`] puts the new files in place at the
//! end. A run that fails, or a process that dies, before the commit leaves the previous run's
//! files exactly as they were. The commit has two ways, tried in this order:
//!
//! * **Exchange** (Linux): the staging directory is a sibling, `.NAME.sudolab-staging.PID`.
//!   Every file of the directory that the new run does not replace (the user's own files, the
//!   lock, old run files asked to be kept) is hard-linked into the staging directory, and one
//!   `renameat2(RENAME_EXCHANGE)` swaps the two directories. At every instant the directory is
//!   the whole old run or the whole new one. The old run, now under the staging name, is then
//!   removed: it holds nothing that is not also in the new directory (hard links share the
//!   file, they do not copy it).
//! * **Journal**, where an exchange is impossible (not Linux, a file system without it, a
//!   directory holding subdirectories or links, the directory being the working directory, a
//!   mount point): a marker `.sudolab-committing` is written in the staging directory, the old
//!   run's files the new run does not have are removed, and the new files are renamed in one by
//!   one (each rename atomic), the file list last. If the process dies after the marker, the
//!   next lock of the directory finishes the renames (it *rolls forward*); before the marker,
//!   nothing in the directory changed.
//!
//! What a run's files are: the names `.sudolab-files` lists (written by each commit), or, for a
//! directory from before the list, the names a run writes (CSVs, README, charts). Nothing else
//! is ever removed or replaced.
//!
//! # What a run may write into
//!
//! A new directory, an empty one, or a run directory (one with `meta.csv` or `.sudolab-files`).
//! Any other directory is refused before anything is written: `--out .` in a project would
//! otherwise replace its `README.md`.
//!
//! # Leftovers
//!
//! Each lock removes what dead processes left: their staging directories (rolled forward when
//! marked, removed otherwise) and their temporary files (`.NAME.PID.N.tmp`).

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::atomic_file::{process_has_ended, AtomicFile};
use crate::error::{Error, Result};

/// The lock file's name inside a run directory.
pub const LOCK_FILE: &str = ".sudolab-run.lock";

/// The list of files the last run wrote, one name per line, inside the run directory.
pub const FILES_LIST: &str = ".sudolab-files";

/// The most of a file list that is read (a run writes a few dozen names).
const MAX_LIST: u64 = 1 << 20;

/// The marker of a staging directory whose journal commit has begun.
const COMMITTING: &str = ".sudolab-committing";

/// What a staging directory's name has before its process id: `.NAME` + this for a sibling,
/// this alone inside the run directory.
const STAGING: &str = ".sudolab-staging.";

/// Whether `name` is a file a run writes: its CSVs, README, page and charts.
fn is_run_file(name: &str) -> bool {
    const CHARTS: [&str; 5] = ["medians", "mems", "cdf_", "scatter_", "profile"];
    matches!(
        name,
        "runs.csv"
            | "mismatches.csv"
            | "summary.csv"
            | "meta.csv"
            | "profile.csv"
            | "README.md"
            | "index.html"
    ) || (name.ends_with(".svg") && CHARTS.iter().any(|c| name.starts_with(c)))
}

/// Whether `name` is sudolab's bookkeeping: the lock, the list, staging and temporary files.
fn is_bookkeeping(name: &str) -> bool {
    name.starts_with(".sudolab") || (name.starts_with('.') && name.ends_with(".tmp"))
}

fn io_error(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |error| Error::Io {
        path: path.display().to_string(),
        error,
    }
}

/// The names in `dir` (empty when it cannot be read).
fn names_in(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The run files of the run in `dir`: those its list names, or, without a list, every name a
/// run writes. Only plain names: a list can never reach outside the directory.
fn run_files_of(dir: &Path) -> Vec<String> {
    let path = dir.join(FILES_LIST);
    let names: Vec<String> = if path.is_file() {
        let list = read_small(&path, MAX_LIST);
        list.lines().map(str::to_string).collect()
    } else {
        names_in(dir)
    };
    names
        .into_iter()
        .filter(|n| !n.contains(['/', '\\']) && is_run_file(n))
        .collect()
}

/// Whether a run committed into `directory` would replace `file` (a file a run writes,
/// directly in that directory): an input a run must not read from where it writes.
pub fn run_would_replace(directory: &Path, file: &Path) -> bool {
    let (Ok(directory), Ok(file)) = (directory.canonicalize(), file.canonicalize()) else {
        return false;
    };
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
    file.parent() == Some(directory.as_path()) && name.is_some_and(|n| is_run_file(&n))
}

/// A run directory, the lock that makes it this process's alone, and the staging directory
/// the new run is written into.
#[derive(Debug)]
pub struct RunDirectory {
    path: PathBuf,
    lock: PathBuf,
    staging: PathBuf,
    /// The staging directory is the run directory's sibling (an exchange is possible).
    sibling: bool,
    committed: bool,
}

impl RunDirectory {
    /// Creates `path` if needed, locks it for this process and makes a staging directory for
    /// a new run. Refused (before anything is written) when `path` is a file, or a directory
    /// holding files that is not a run directory. The lock names this process and when it
    /// started; [`RunDirectory::lock_for`] adds the command line.
    pub fn lock(path: &Path) -> Result<RunDirectory> {
        RunDirectory::lock_for(path, &[])
    }

    /// [`RunDirectory::lock`], the lock naming `command` too (the command line of the run,
    /// shown to another run that finds the directory locked).
    pub fn lock_for(path: &Path, command: &[String]) -> Result<RunDirectory> {
        if path.exists() && !path.is_dir() {
            return Err(Error::InvalidArgument(format!(
                "{}: exists and is not a directory (an output directory is needed)",
                path.display()
            )));
        }
        std::fs::create_dir_all(path).map_err(io_error(path))?;
        let mut directory = RunDirectory::take_lock(path, command)?;
        if let Err(error) = directory.check_is_run_directory() {
            drop(directory);
            return Err(error);
        }
        directory.prepare()?;
        Ok(directory)
    }

    /// Locks `path`, a run directory that exists and holds `runs.csv`, to derive new files
    /// from it (`sudolab report`); the lock names `command`.
    pub fn lock_existing(path: &Path, command: &[String]) -> Result<RunDirectory> {
        if !path.is_dir() {
            let why = if path.exists() {
                "not a directory"
            } else {
                "no such directory"
            };
            return Err(Error::InvalidArgument(format!(
                "{}: {why}; name a run directory (one made by sudolab bench or merge)",
                path.display()
            )));
        }
        let mut directory = RunDirectory::take_lock(path, command)?;
        directory.prepare()?;
        Ok(directory)
    }

    fn take_lock(path: &Path, command: &[String]) -> Result<RunDirectory> {
        let io = io_error(path);
        let lock = path.join(LOCK_FILE);
        let holder = format!(
            "pid {}\ncommand {}\nstarted {}\n",
            std::process::id(),
            command.join(" "),
            super::report::utc_now()
        );
        for attempt in 0..2 {
            match OpenOptions::new().write(true).create_new(true).open(&lock) {
                Ok(mut file) => {
                    file.write_all(holder.as_bytes()).map_err(&io)?;
                    return Ok(RunDirectory {
                        path: path.to_path_buf(),
                        lock,
                        staging: PathBuf::new(),
                        sibling: false,
                        committed: false,
                    });
                }
                Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {
                    let held = read_small(&lock, 4096);
                    if attempt == 0 && holder_pid(&held).is_some_and(process_has_ended) {
                        let _ = std::fs::remove_file(&lock);
                        continue;
                    }
                    return Err(Error::Refused(format!(
                        "{} is in use by another sudolab run ({}); wait for it to finish or \
                         choose another output directory (if that process is gone, remove {})",
                        path.display(),
                        describe_holder(&held),
                        lock.display()
                    )));
                }
                Err(error) => return Err(io(error)),
            }
        }
        unreachable!("the second attempt returns")
    }

    /// Refuses a directory that holds something but shows no sign of being a run's.
    fn check_is_run_directory(&self) -> Result<()> {
        let names = names_in(&self.path);
        let foreign: Vec<&String> = names.iter().filter(|n| !is_bookkeeping(n)).collect();
        let is_run = names.iter().any(|n| n == "meta.csv" || n == FILES_LIST);
        if foreign.is_empty() || is_run {
            return Ok(());
        }
        let shown: Vec<&str> = foreign.iter().take(3).map(|n| n.as_str()).collect();
        Err(Error::Refused(format!(
            "{} holds files ({}{}) but is not a sudolab run directory (no meta.csv); a run \
             replaces the files of its directory, so choose a new or empty one",
            self.path.display(),
            shown.join(", "),
            if foreign.len() > 3 { ", ..." } else { "" }
        )))
    }

    /// Removes what dead processes left and makes this run's staging directory.
    fn prepare(&mut self) -> Result<()> {
        self.recover()?;
        let pid = std::process::id();
        if let Some((parent, name)) = self.sibling_place() {
            let staging = parent.join(format!(".{name}{STAGING}{pid}"));
            if std::fs::create_dir(&staging).is_ok() {
                self.staging = staging;
                self.sibling = true;
                return Ok(());
            }
        }
        let staging = self.path.join(format!("{STAGING}{pid}"));
        std::fs::create_dir(&staging).map_err(io_error(&staging))?;
        self.staging = staging;
        Ok(())
    }

    /// The parent directory and the name of the run directory, when an exchange can work:
    /// on Linux, same file system as its parent, and not the working directory or above it.
    fn sibling_place(&self) -> Option<(PathBuf, String)> {
        if !cfg!(target_os = "linux") {
            return None;
        }
        let canonical = self.path.canonicalize().ok()?;
        let parent = canonical.parent()?.to_path_buf();
        let name = canonical.file_name()?.to_string_lossy().into_owned();
        let here = Path::new(".").canonicalize().ok()?;
        if here.starts_with(&canonical) || !same_device(&canonical, &parent) {
            return None;
        }
        Some((parent, name))
    }

    /// Rolls forward or removes the staging directories of dead processes, and removes their
    /// temporary files.
    fn recover(&self) -> Result<()> {
        let mut dead: Vec<PathBuf> = Vec::new();
        let mut collect = |dir: &Path, prefix: &str| {
            for name in names_in(dir) {
                let Some(pid) = name.strip_prefix(prefix) else {
                    continue;
                };
                if pid.parse::<u32>().is_ok_and(process_has_ended) {
                    dead.push(dir.join(name));
                }
            }
        };
        collect(&self.path, STAGING);
        if let Ok(canonical) = self.path.canonicalize() {
            if let (Some(parent), Some(name)) = (canonical.parent(), canonical.file_name()) {
                collect(parent, &format!(".{}{STAGING}", name.to_string_lossy()));
            }
        }
        for staging in dead {
            if staging.join(COMMITTING).exists() {
                self.finish_journal(&staging)?;
            } else {
                std::fs::remove_dir_all(&staging).map_err(io_error(&staging))?;
            }
        }
        for name in names_in(&self.path) {
            let Some(pid) = temporary_pid(&name) else {
                continue;
            };
            if process_has_ended(pid) {
                let _ = std::fs::remove_file(self.path.join(name));
            }
        }
        Ok(())
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Where the new run's files are written until [`RunDirectory::commit`].
    pub fn staging(&self) -> &Path {
        &self.staging
    }

    /// A file of the new run (in the staging directory).
    pub fn join(&self, name: &str) -> PathBuf {
        self.staging.join(name)
    }

    /// Puts the staged run in place of the previous one (see the module docs): the run files
    /// of the previous run go, except those named in `keep`, which stay (`report` keeps
    /// `runs.csv`); every other file of the directory stays.
    pub fn commit(self, keep: &[&str]) -> Result<()> {
        self.commit_as(keep, true)
    }

    /// [`RunDirectory::commit`], by exchange only when `exchange` allows it (tests take the
    /// journal way on purpose).
    fn commit_as(mut self, keep: &[&str], exchange: bool) -> Result<()> {
        let old = run_files_of(&self.path);
        let staged = names_in(&self.staging);
        let mut files: Vec<String> = staged.iter().filter(|n| is_run_file(n)).cloned().collect();
        for name in keep {
            if old.iter().any(|o| o == name) && !files.iter().any(|f| f == name) {
                files.push(name.to_string());
            }
        }
        files.sort();
        let mut list = files.join("\n");
        list.push('\n');
        AtomicFile::write(&self.staging.join(FILES_LIST), list.as_bytes())?;
        if !(exchange && self.sibling && self.exchange(&old, keep)?) {
            std::fs::write(self.staging.join(COMMITTING), b"").map_err(io_error(&self.staging))?;
            self.finish_journal(&self.staging.clone())?;
        }
        self.committed = true;
        Ok(())
    }

    /// The exchange commit; `false` (nothing changed in the directory) when it cannot be made
    /// here, so the journal commit is used instead.
    fn exchange(&self, old: &[String], keep: &[&str]) -> Result<bool> {
        let staged = names_in(&self.staging);
        let mut carried = Vec::new();
        for name in names_in(&self.path) {
            let replaced = old.contains(&name) && !keep.contains(&name.as_str());
            if staged.contains(&name) || replaced || name.starts_with(STAGING) {
                continue;
            }
            let from = self.path.join(&name);
            let plain = std::fs::symlink_metadata(&from).is_ok_and(|m| m.file_type().is_file());
            if !plain || std::fs::hard_link(&from, self.staging.join(&name)).is_err() {
                for name in carried {
                    let _ = std::fs::remove_file(self.staging.join::<&String>(&name));
                }
                return Ok(false);
            }
            carried.push(name);
        }
        if !exchange_directories(&self.staging, &self.path) {
            for name in carried {
                let _ = std::fs::remove_file(self.staging.join::<&String>(&name));
            }
            return Ok(false);
        }
        // The staging name now holds the previous run: files that are all in the new
        // directory too, or that the new run replaces.
        std::fs::remove_dir_all(&self.staging).map_err(io_error(&self.staging))?;
        Ok(true)
    }

    /// The journal commit from `staging` (marked as begun), or its completion after a crash:
    /// every step can be repeated.
    fn finish_journal(&self, staging: &Path) -> Result<()> {
        let list = read_small(&staging.join(FILES_LIST), MAX_LIST);
        let new: Vec<&str> = list.lines().filter(|n| is_run_file(n)).collect();
        for name in run_files_of(&self.path) {
            let path = self.path.join(&name);
            if !new.contains(&name.as_str()) && path.is_file() {
                std::fs::remove_file(&path).map_err(io_error(&path))?;
            }
        }
        for name in new.iter().copied().chain([FILES_LIST]) {
            let from = staging.join(name);
            if from.is_file() {
                let to = self.path.join(name);
                std::fs::rename(&from, &to).map_err(io_error(&to))?;
            }
        }
        std::fs::remove_dir_all(staging).map_err(io_error(staging))
    }
}

impl Drop for RunDirectory {
    fn drop(&mut self) {
        if !self.committed && !self.staging.as_os_str().is_empty() {
            let _ = std::fs::remove_dir_all(&self.staging);
        }
        let _ = std::fs::remove_file(&self.lock);
    }
}

/// The first `max` bytes of a small file (a lock, a file list), as text; empty when
/// unreadable.
fn read_small(path: &Path, max: u64) -> String {
    use std::io::Read;
    let mut text = Vec::new();
    if let Ok(file) = std::fs::File::open(path) {
        let _ = file.take(max).read_to_end(&mut text);
    }
    String::from_utf8_lossy(&text).into_owned()
}

/// The process id a lock file names.
fn holder_pid(held: &str) -> Option<u32> {
    held.lines()
        .find_map(|l| l.strip_prefix("pid "))
        .and_then(|p| p.trim().parse().ok())
}

/// The holder of a lock as its file describes it.
fn describe_holder(held: &str) -> String {
    if holder_pid(held).is_none() {
        return "the lock file names no process: not written by sudolab, or cut short".into();
    }
    let lines: Vec<&str> = held
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    lines.join(", ")
}

/// The process id in a temporary file name `.NAME.PID.N.tmp`.
fn temporary_pid(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let mut parts = rest.rsplitn(3, '.');
    parts.next()?.parse::<u64>().ok()?;
    parts.next()?.parse().ok()
}

#[cfg(unix)]
fn same_device(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_device(_: &Path, _: &Path) -> bool {
    false
}

/// Swaps two directories atomically (Linux `renameat2` with `RENAME_EXCHANGE`); `false` when
/// the system or the file system cannot.
#[cfg(target_os = "linux")]
fn exchange_directories(a: &Path, b: &Path) -> bool {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).is_ok()
}

#[cfg(not(target_os = "linux"))]
fn exchange_directories(_: &Path, _: &Path) -> bool {
    false
}

#[cfg(test)]
mod tests;
