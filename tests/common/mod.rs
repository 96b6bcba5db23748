//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU64, Ordering};

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

/// A fresh, empty directory for one test, named after the test binary, `name` and a counter.
pub fn scratch(name: &str) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "sudolab-{}-{}-{name}-{}",
        env!("CARGO_CRATE_NAME"),
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The binary run with `args` and no input.
pub fn run_sudolab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(args)
        .output()
        .unwrap()
}
