//! The bundled corpora are the collected files, byte for byte: each decompresses to the
//! sha256 and size that `datasets/SOURCES.md` states, holds the number of puzzles
//! `datasets/corpora.csv` states, and the SE ratings rebuild the collected TSV.

mod common;

use std::io::Read;

use sha2::{Digest, Sha256};
use sudolab::corpus::CorpusReader;

fn decompressed(name: &str) -> Vec<u8> {
    let path = common::datasets().join(name);
    let mut bytes = Vec::new();
    sudolab::input::open_file(&path)
        .unwrap()
        .read_to_end(&mut bytes)
        .unwrap();
    bytes
}

fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The rows of the "Files" table of SOURCES.md: (file, uncompressed bytes, sha256).
fn stated_checksums() -> Vec<(String, usize, String)> {
    let sources = std::fs::read_to_string(common::datasets().join("SOURCES.md")).unwrap();
    sources
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains(".gz |"))
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let bytes = cells[3].replace(',', "").parse().ok()?;
            Some((cells[1].to_string(), bytes, cells[4].to_string()))
        })
        .collect()
}

#[test]
fn every_bundled_corpus_matches_its_stated_checksum() {
    let stated = stated_checksums();
    assert_eq!(stated.len(), 11, "{stated:?}");
    for (file, bytes, sum) in stated {
        let data = decompressed(&file);
        assert_eq!(data.len(), bytes, "{file}: size");
        assert_eq!(sha256(&data), sum, "{file}: sha256");
    }
}

#[test]
fn every_listed_corpus_has_its_stated_number_of_puzzles() {
    let manifest = std::fs::read_to_string(common::datasets().join("corpora.csv")).unwrap();
    let mut listed = 0;
    for line in manifest.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let (file, records): (&str, usize) = (fields[0], fields[2].parse().unwrap());
        let path = common::datasets().join(file);
        if fields[1] == "exact-cover" {
            // One problem per file, readable, with its expected count stated.
            assert_eq!(records, 1, "{file}");
            let (problem, stated) = sudolab::harness::exact_cover::read_instance(&path)
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            assert!(problem.options() > 0 && stated.is_some(), "{file}");
            listed += 1;
            continue;
        }
        if fields[1] == "variant" {
            let input = sudolab::input::open_file(&path).unwrap();
            let read = sudolab::variant::format::read_records(input, Some(file))
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            assert_eq!(read.len(), records, "{file}");
            assert!(sudolab::harness::variant::is_variant_file(&path), "{file}");
            listed += 1;
            continue;
        }
        let read = CorpusReader::from_path(&path).unwrap();
        let mut count = 0;
        for record in read {
            record.unwrap_or_else(|e| panic!("{file}: {e}"));
            count += 1;
        }
        assert_eq!(count, records, "{file}");
        listed += 1;
    }
    assert!(listed >= 38);
}

#[test]
fn the_ratings_rebuild_the_collected_tsv() {
    let puzzles = String::from_utf8(decompressed("sudoku_exchange_diabolical_2020.gz")).unwrap();
    let ratings =
        String::from_utf8(decompressed("sudoku_exchange_diabolical_2020.ratings.gz")).unwrap();
    let mut ratings = ratings.lines();
    assert_eq!(ratings.next(), Some("se_rating"));
    let mut tsv = String::from("puzzle\tse_rating\n");
    for (puzzle, rating) in puzzles
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .zip(ratings.by_ref())
    {
        tsv.push_str(&format!("{puzzle}\t{rating}\n"));
    }
    assert_eq!(ratings.next(), None, "as many ratings as puzzles");
    assert_eq!(tsv.len(), 3_415_851);
    assert_eq!(
        sha256(tsv.as_bytes()),
        "d873e3b9b933cef9c206971f581edce50857f63c5baf031bce9cab714a1a9c56"
    );
}
