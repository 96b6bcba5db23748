//! The list of corpora a data folder offers the main job: `corpora.csv`.
//!
//! ```text
//! file,kind,records,main_job_sample
//! puzzles2_17_clue.gz,sudoku,49158,10000
//! puzzles3_magictour_top1465.gz,sudoku,1465,
//! exact-cover/q8.dlx,exact-cover,1,
//! variants/x-9x9.txt.gz,variant,1000,100
//! ```
//!
//! One row per corpus, in the order the main job runs them: the file (relative to the
//! folder), its kind (`sudoku`; `exact-cover` for a problem in Knuth's format, a `.dlx`
//! file counted by every exact-cover engine; `variant` for a file in the variant format,
//! [`crate::variant::format`]), how many records it holds (checked by the
//! tests, shown by progress bars; 1 for an exact-cover file) and the size of the seeded
//! sample the main job takes (empty: all).

use std::path::Path;

use serde::Deserialize;

use super::config::CorpusSpec;
use crate::error::{Error, Result};

#[derive(Debug, Deserialize)]
struct Row {
    file: String,
    kind: String,
    #[allow(dead_code)]
    records: u64,
    main_job_sample: Option<usize>,
}

/// The corpora listed in `dir/corpora.csv`, with their main-job samples (`full`: none).
pub fn read_manifest(dir: &Path, full: bool) -> Result<Vec<CorpusSpec>> {
    let path = dir.join("corpora.csv");
    let text = String::from_utf8(crate::input::read_file(&path, 1 << 20)?).map_err(|_| {
        Error::BadFile {
            file: path.display().to_string(),
            message: "not UTF-8 text".into(),
        }
    })?;
    let mut specs = Vec::new();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    for (row, record) in reader.deserialize::<Row>().enumerate() {
        let record = record.map_err(|e| Error::BadFile {
            file: format!("{}, row {}", path.display(), row + 2),
            message: e.to_string(),
        })?;
        let exact_cover = super::exact_cover::is_exact_cover_file(Path::new(&record.file));
        let variant = || super::variant::is_variant_file(&dir.join(&record.file));
        let fits = match record.kind.as_str() {
            "sudoku" => !exact_cover && !variant(),
            "exact-cover" => exact_cover,
            "variant" => !exact_cover && variant(),
            _ => false,
        };
        if !fits {
            return Err(Error::BadFile {
                file: format!("{}, row {}", path.display(), row + 2),
                message: format!(
                    "kind {:?} does not fit {:?} (sudoku: a puzzle corpus; exact-cover: a .dlx \
                     file; variant: a file in the variant format)",
                    record.kind, record.file
                ),
            });
        }
        specs.push(CorpusSpec {
            path: dir.join(&record.file),
            sample: if full { None } else { record.main_job_sample },
        });
    }
    Ok(specs)
}
