//! Files that appear whole or not at all.
//!
//! An [`AtomicFile`] is written under a temporary name in the target's own directory
//! (`.NAME.PID.N.tmp`: unique per process and file, so two writers never share one) and
//! renamed onto the target by [`AtomicFile::commit`]. A reader sees the old file or the new
//! one, never half of one; a writer that fails or is dropped before committing removes its
//! temporary file. A target that is a directory is refused with a message naming it.
//!
//! A process killed outright (`kill -9`, a power cut) cannot remove its temporary file. The
//! next [`AtomicFile::create`] of the same target removes those whose process is known to
//! have ended ([`process_has_ended`]), so leftovers never pile up.
//!
//! ```
//! use sudolab::atomic_file::AtomicFile;
//! let path = std::env::temp_dir().join(format!("sudolab-doc-{}.txt", std::process::id()));
//! AtomicFile::write(&path, b"whole\n")?;
//! assert_eq!(std::fs::read_to_string(&path).unwrap(), "whole\n");
//! # std::fs::remove_file(&path).unwrap();
//! # Ok::<(), sudolab::Error>(())
//! ```

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::{Error, Result};

/// A file written under a temporary name and renamed into place by [`AtomicFile::commit`].
pub struct AtomicFile {
    temporary: PathBuf,
    target: PathBuf,
    writer: Option<BufWriter<File>>,
}

fn io_error(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |error| Error::Io {
        path: path.display().to_string(),
        error,
    }
}

impl AtomicFile {
    /// Creates a temporary sibling of `target` to write into.
    pub fn create(target: &Path) -> Result<AtomicFile> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        if target.is_dir() {
            return Err(io_error(target)(std::io::Error::other(
                "is a directory; name a file to write",
            )));
        }
        let name = target
            .file_name()
            .ok_or_else(|| {
                Error::InvalidArgument(format!("{}: not a file name", target.display()))
            })?
            .to_string_lossy();
        remove_leftovers(target, &name);
        let temporary = target.with_file_name(format!(
            ".{name}.{}.{}.tmp",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
            .map_err(io_error(&temporary))?;
        Ok(AtomicFile {
            temporary,
            target: target.to_path_buf(),
            writer: Some(BufWriter::new(file)),
        })
    }

    /// The file it will become.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Flushes, syncs and renames into place.
    pub fn commit(mut self) -> Result<()> {
        let writer = self.writer.take().expect("not yet committed");
        let file = writer
            .into_inner()
            .map_err(|e| io_error(&self.temporary)(e.into_error()))?;
        file.sync_all().map_err(io_error(&self.temporary))?;
        drop(file);
        std::fs::rename(&self.temporary, &self.target).map_err(io_error(&self.target))
    }

    /// Writes `contents` to `target` atomically.
    pub fn write(target: &Path, contents: &[u8]) -> Result<()> {
        let mut file = AtomicFile::create(target)?;
        file.write_all(contents).map_err(io_error(target))?;
        file.commit()
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.writer.as_mut().expect("not yet committed").write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.writer.as_mut().expect("not yet committed").flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.writer.take().is_some() {
            let _ = std::fs::remove_file(&self.temporary);
        }
    }
}

/// Whether process `pid` is known to have ended: on systems with `/proc` (Linux), it has no
/// `/proc/PID`; elsewhere nothing is known and the answer is `false`. A process id the system
/// has since given to another process reads as alive, so what is removed is never a live
/// writer's.
pub fn process_has_ended(pid: u32) -> bool {
    pid != std::process::id()
        && Path::new("/proc/self").exists()
        && !Path::new(&format!("/proc/{pid}")).exists()
}

/// The process id in a temporary file name `.{name}.{PID}.{N}.tmp`, if `file` is one for
/// target `name`.
fn temporary_owner(file: &str, name: &str) -> Option<u32> {
    let rest = file
        .strip_prefix('.')?
        .strip_prefix(name)?
        .strip_prefix('.')?;
    let rest = rest.strip_suffix(".tmp")?;
    let (pid, n) = rest.split_once('.')?;
    n.parse::<u64>().ok()?;
    pid.parse().ok()
}

/// Removes the temporary files of `target` (named `name`) left by processes that ended
/// without committing or removing them. Failures are ignored: this is tidying, not a step
/// the write depends on.
fn remove_leftovers(target: &Path, name: &str) {
    let dir = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(pid) = temporary_owner(&file.to_string_lossy(), name) else {
            continue;
        };
        if process_has_ended(pid) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sudolab-atomic-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect()
    }

    #[test]
    fn two_writers_of_one_target_do_not_share_a_temporary_file() {
        let dir = scratch("two");
        let target = dir.join("runs.csv");
        let mut first = AtomicFile::create(&target).unwrap();
        let mut second = AtomicFile::create(&target).unwrap();
        first.write_all(b"first\n").unwrap();
        second.write_all(b"second\n").unwrap();
        second.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "second\n");
        first.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "first\n");
        assert!(leftovers(&dir).is_empty());
    }

    #[test]
    fn a_dropped_writer_leaves_nothing_behind() {
        let dir = scratch("drop");
        let target = dir.join("chart.svg");
        std::fs::write(&target, "old").unwrap();
        let mut file = AtomicFile::create(&target).unwrap();
        file.write_all(b"half a char").unwrap();
        drop(file);
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "old");
        assert!(leftovers(&dir).is_empty());
    }

    #[test]
    fn leftovers_of_ended_processes_are_removed_and_others_kept() {
        let dir = scratch("leftovers");
        let target = dir.join("runs.csv");
        // Process ids above the kernel's pid_max (at most 2^22) never exist.
        let dead = dir.join(".runs.csv.4999999.3.tmp");
        let alive = dir.join(format!(".runs.csv.{}.999.tmp", std::process::id()));
        let other = dir.join(".summary.csv.4999999.0.tmp");
        for path in [&dead, &alive, &other] {
            std::fs::write(path, "half").unwrap();
        }
        AtomicFile::write(&target, b"whole").unwrap();
        assert_eq!(dead.exists(), !Path::new("/proc/self").exists());
        assert!(alive.exists(), "this process is alive");
        assert!(
            other.exists(),
            "another target's file is left to that target"
        );
        assert_eq!(temporary_owner(".runs.csv.12.0.tmp", "runs.csv"), Some(12));
        assert_eq!(temporary_owner(".runs.csv.12.tmp", "runs.csv"), None);
        assert_eq!(temporary_owner("runs.csv.12.0.tmp", "runs.csv"), None);
    }

    #[test]
    fn a_directory_target_is_refused() {
        let dir = scratch("dir");
        let error = AtomicFile::create(&dir).err().expect("refused");
        assert!(error.to_string().contains("is a directory"), "{error}");
        assert!(!dir
            .with_file_name(format!("{}.tmp", dir.display()))
            .exists());
    }
}
