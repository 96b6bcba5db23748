//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

use sudolab::corpus::{CorpusReader, Record};

/// `../shared/datasets` beside the project root, or `None` (with a printed reason) when it is
/// absent, so a user's clone still passes `cargo test`.
pub fn shared_datasets() -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets");
    if path.is_dir() {
        Some(path)
    } else {
        eprintln!(
            "skipped: {} is absent (standard corpora not installed)",
            path.display()
        );
        None
    }
}

/// The first `limit` records of a shared corpus (every record must parse).
pub fn shared_sample(name: &str, limit: usize) -> Option<Vec<Record>> {
    let path = shared_datasets()?.join(name);
    let reader = CorpusReader::from_path(&path).expect("corpus opens");
    Some(
        reader
            .take(limit)
            .map(|r| r.expect("corpus record parses"))
            .collect(),
    )
}

/// Every record of the bundled known-answers file.
pub fn known_answers() -> Vec<Record> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("datasets/known_answers.txt");
    CorpusReader::from_path(&path)
        .expect("known answers open")
        .map(|r| r.expect("known answers parse"))
        .collect()
}
