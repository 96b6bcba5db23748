//! The CSV writers of a run ([`AtomicFile`]s, renamed into place at the end), flushed after
//! every chunk so an interrupted run keeps its rows.

use std::io::Write;
use std::path::Path;

use super::profile::Profiles;
use super::records::{Evaluation, MISMATCH_HEADER, RUN_HEADER};
use crate::atomic_file::AtomicFile;
use crate::error::{Error, Result};

/// CSV output of a run: rows written as they finish, renamed into place at the end.
pub(super) struct Outputs {
    runs: Option<csv::Writer<AtomicFile>>,
    mismatches: Option<csv::Writer<AtomicFile>>,
    golden: Option<AtomicFile>,
    /// With `--profile`: `profile.csv`'s place and the profiles summed so far.
    profiles: Option<(std::path::PathBuf, Profiles)>,
}

fn csv_error(path: &str) -> impl Fn(csv::Error) -> Error + '_ {
    move |error| Error::Csv {
        file: path.to_string(),
        error,
    }
}

impl Outputs {
    pub(super) fn open(
        directory: Option<&Path>,
        golden: Option<&Path>,
        profile: bool,
    ) -> Result<Outputs> {
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
        let (runs, mismatches) = match directory {
            Some(dir) => (
                Some(csv_file(dir, "runs.csv", &RUN_HEADER)?),
                Some(csv_file(dir, "mismatches.csv", &MISMATCH_HEADER)?),
            ),
            None => (None, None),
        };
        let golden = golden.map(AtomicFile::create).transpose()?;
        let profiles = match directory {
            Some(dir) if profile => Some((dir.join("profile.csv"), Profiles::default())),
            _ => None,
        };
        Ok(Outputs {
            runs,
            mismatches,
            golden,
            profiles,
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
        if let (Some((_, profiles)), Some(row)) = (&mut self.profiles, evaluation.rows.first()) {
            for (solver, nodes) in &evaluation.profiles {
                profiles.add(&row.corpus, solver, nodes);
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
        let files = [(self.runs, "runs.csv"), (self.mismatches, "mismatches.csv")];
        for (writer, name) in files {
            let Some(writer) = writer else { continue };
            let file = writer.into_inner().map_err(|e| Error::Io {
                path: name.into(),
                error: e.into_error(),
            })?;
            file.commit()?;
        }
        if let Some(golden) = self.golden {
            golden.commit()?;
        }
        if let Some((path, profiles)) = self.profiles {
            profiles.write(&path)?;
        }
        Ok(())
    }
}
