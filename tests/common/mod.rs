//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

use sudolab::corpus::{CorpusReader, Record};

/// The bundled data folder.
pub fn datasets() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("datasets")
}

/// The first `limit` records of a bundled standard corpus (`name` without `.gz`; every record
/// must parse). Always present: the corpora are part of the repository.
pub fn corpus_sample(name: &str, limit: usize) -> Vec<Record> {
    let path = datasets().join(format!("{name}.gz"));
    let reader = CorpusReader::from_path(&path).expect("bundled corpus opens");
    reader
        .take(limit)
        .map(|r| r.expect("corpus record parses"))
        .collect()
}

/// Every record of the bundled known-answers file.
pub fn known_answers() -> Vec<Record> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("datasets/known_answers.txt");
    CorpusReader::from_path(&path)
        .expect("known answers open")
        .map(|r| r.expect("known answers parse"))
        .collect()
}
