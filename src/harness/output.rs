//! Writing a run's files: [`AtomicFile`] (temporary name, renamed into place) and the CSV
//! writers of a run, flushed after every chunk so an interrupted run keeps its rows.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use super::records::{MISMATCH_HEADER, RUN_HEADER};
use super::run::{BenchConfig, Evaluation};
use crate::error::{Error, Result};

/// A file written under a temporary name and renamed into place by [`AtomicFile::commit`],
/// so readers never see a half-written file.
pub struct AtomicFile {
    temporary: PathBuf,
    target: PathBuf,
    writer: BufWriter<File>,
}

impl AtomicFile {
    /// Creates `target`'s temporary sibling.
    pub fn create(target: &Path) -> Result<AtomicFile> {
        let mut name = target.file_name().unwrap_or_default().to_os_string();
        name.push(".tmp");
        let temporary = target.with_file_name(name);
        let file = File::create(&temporary).map_err(|error| Error::Io {
            path: temporary.display().to_string(),
            error,
        })?;
        Ok(AtomicFile {
            temporary,
            target: target.to_path_buf(),
            writer: BufWriter::new(file),
        })
    }

    /// The writer.
    pub fn writer(&mut self) -> &mut BufWriter<File> {
        &mut self.writer
    }

    /// Flushes and renames into place.
    pub fn commit(mut self) -> Result<()> {
        let io = |path: &Path, error| Error::Io {
            path: path.display().to_string(),
            error,
        };
        self.writer.flush().map_err(|e| io(&self.temporary, e))?;
        std::fs::rename(&self.temporary, &self.target).map_err(|e| io(&self.target, e))
    }

    /// Writes `contents` to `target` atomically.
    pub fn write(target: &Path, contents: &[u8]) -> Result<()> {
        let mut file = AtomicFile::create(target)?;
        file.writer()
            .write_all(contents)
            .map_err(|error| Error::Io {
                path: target.display().to_string(),
                error,
            })?;
        file.commit()
    }
}

/// CSV output of a run: rows written as they finish, renamed into place at the end.
pub(super) struct Outputs {
    runs: Option<csv::Writer<AtomicFile>>,
    mismatches: Option<csv::Writer<AtomicFile>>,
    golden: Option<AtomicFile>,
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.writer.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.writer.flush()
    }
}

fn csv_error(path: &str) -> impl Fn(csv::Error) -> Error + '_ {
    move |e| Error::InvalidArgument(format!("{path}: cannot write CSV: {e}"))
}

impl Outputs {
    pub(super) fn open(config: &BenchConfig) -> Result<Outputs> {
        // Headers are written at once, so even a run interrupted before its first row leaves
        // valid CSVs.
        let csv_file =
            |dir: &Path, name: &str, header: &[&str]| -> Result<csv::Writer<AtomicFile>> {
                let mut writer = csv::WriterBuilder::new()
                    .has_headers(false)
                    .from_writer(AtomicFile::create(&dir.join(name))?);
                writer
                    .write_record(header)
                    .map_err(csv_error("run output"))?;
                Ok(writer)
            };
        let (runs, mismatches) = match &config.out {
            Some(dir) => {
                std::fs::create_dir_all(dir).map_err(|error| Error::Io {
                    path: dir.display().to_string(),
                    error,
                })?;
                (
                    Some(csv_file(dir, "runs.csv", &RUN_HEADER)?),
                    Some(csv_file(dir, "mismatches.csv", &MISMATCH_HEADER)?),
                )
            }
            None => (None, None),
        };
        let golden = config
            .golden
            .as_deref()
            .map(AtomicFile::create)
            .transpose()?;
        Ok(Outputs {
            runs,
            mismatches,
            golden,
        })
    }

    pub(super) fn write(&mut self, evaluation: &Evaluation) -> Result<()> {
        if let Some(runs) = &mut self.runs {
            for row in &evaluation.rows {
                runs.serialize(row).map_err(csv_error("runs.csv"))?;
            }
        }
        if let Some(mismatches) = &mut self.mismatches {
            for row in &evaluation.mismatches {
                mismatches
                    .serialize(row)
                    .map_err(csv_error("mismatches.csv"))?;
            }
        }
        if let (Some(golden), Some(line)) = (&mut self.golden, &evaluation.golden) {
            writeln!(golden, "{line}").map_err(|error| Error::Io {
                path: "golden file".into(),
                error,
            })?;
        }
        Ok(())
    }

    pub(super) fn flush(&mut self) -> Result<()> {
        let io = |error| Error::Io {
            path: "run output".into(),
            error,
        };
        if let Some(runs) = &mut self.runs {
            runs.flush().map_err(io)?;
        }
        if let Some(mismatches) = &mut self.mismatches {
            mismatches.flush().map_err(io)?;
        }
        Ok(())
    }

    pub(super) fn commit(self) -> Result<()> {
        for writer in [self.runs, self.mismatches].into_iter().flatten() {
            let file = writer
                .into_inner()
                .map_err(|e| Error::InvalidArgument(format!("cannot finish CSV: {e}")))?;
            file.commit()?;
        }
        if let Some(golden) = self.golden {
            golden.commit()?;
        }
        Ok(())
    }
}
