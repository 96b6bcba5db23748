//! Combining the run directories of a sharded run (`bench --shard K/N` on several machines)
//! into one, as if the run had been made at once, after checking that the shards are whole.
//!
//! What is checked, before anything is written:
//!
//! * each input is a run directory of a shard (its `meta.csv` names one), finished (not
//!   interrupted), made by the same command apart from `--shard` and `--out`, with the same N;
//!   every shard 1..N is there exactly once;
//! * each shard's files agree with its `meta.csv`: `runs.csv` and `mismatches.csv` hold as
//!   many rows as the run wrote (`rows`, `mismatch_rows`); every row's record index is one the
//!   shard owns, no (corpus, index, solver) appears twice, and per corpus the record indices
//!   are exactly the shard's share ([`ShareTally`], `share:CORPUS`): no record missing, none
//!   extra;
//! * for a corpus run whole (not sampled), the shares are the shards' parts of one corpus of
//!   as many records as they hold together.
//!
//! Any failure names the shard's directory and what is wrong, and nothing is merged. Rows are
//! concatenated in corpus order and record order; the summary, charts, README and page are derived
//! again from the merged `runs.csv` (so quantiles come from the merged distributions).

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use super::directory::RunDirectory;
use super::profile::Profiles;
use super::records::{check_runs_header, MismatchRow, RunRow, MISMATCH_HEADER, RUN_HEADER};
use super::report::{write_report, Report, RunMetadata};
use super::share::ShareTally;
use crate::atomic_file::AtomicFile;
use crate::error::{Error, Result};
use crate::input::{open_bounded, MAX_RUN_FILE_LINE};
use crate::shard::{check_every_shard_once, Shard};

/// The command of a run without the arguments that differ between its shards.
fn shared_command(command: &[String]) -> Vec<String> {
    let mut words = command.iter().map(String::as_str).skip(1);
    let mut kept = Vec::new();
    while let Some(word) = words.next() {
        match word {
            "--shard" | "--out" => {
                words.next();
            }
            w if w.starts_with("--shard=") || w.starts_with("--out=") => {}
            w => kept.push(w.to_string()),
        }
    }
    kept
}

fn refuse<T>(message: String) -> Result<T> {
    Err(Error::Refused(message))
}

/// The rows of a shard's CSV file (errors name `file`, the caller the shard).
fn rows_of<T: serde::de::DeserializeOwned>(
    mut reader: csv::Reader<impl std::io::Read>,
    file: &str,
) -> Result<Vec<T>> {
    let invalid = |error: csv::Error| Error::Csv {
        file: file.to_string(),
        error,
    };
    reader.byte_headers().map_err(invalid)?;
    reader
        .deserialize()
        .collect::<std::result::Result<Vec<T>, _>>()
        .map_err(invalid)
}

fn write_rows<T: serde::Serialize>(path: &Path, header: &[&str], rows: &[T]) -> Result<()> {
    let invalid = |error: csv::Error| Error::Csv {
        file: path.display().to_string(),
        error,
    };
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(AtomicFile::create(path)?);
    writer.write_record(header).map_err(invalid)?;
    for row in rows {
        writer.serialize(row).map_err(invalid)?;
    }
    let file = writer.into_inner().map_err(|e| Error::Io {
        path: path.display().to_string(),
        error: e.into_error(),
    })?;
    file.commit()
}

/// Refuses an output directory that is one of the shards: the merge would replace the
/// shard's files with the merged run's.
pub fn check_output(shards: &[PathBuf], out: &Path) -> Result<()> {
    let Ok(out_canonical) = out.canonicalize() else {
        return Ok(()); // does not exist yet, so it is none of the shards
    };
    for dir in shards {
        if dir.canonicalize().is_ok_and(|d| d == out_canonical) {
            return refuse(format!(
                "--out {} is one of the shards being merged ({}); the merged run would \
                 replace that shard's files: choose another directory",
                out.display(),
                dir.display()
            ));
        }
    }
    Ok(())
}

/// One shard of a run: where it came from, its metadata and its rows. Read from a directory
/// by `merge`, or built from any readers ([`ShardRun::from_readers`]) to check it.
#[derive(Debug, Clone)]
pub struct ShardRun {
    /// The directory (or another name for messages).
    pub name: String,
    /// Which shard `meta.csv` says it is.
    pub shard: Shard,
    /// Its `meta.csv`.
    pub meta: RunMetadata,
    /// Its `runs.csv`.
    pub runs: Vec<RunRow>,
    /// Its `mismatches.csv`.
    pub mismatches: Vec<MismatchRow>,
}

impl ShardRun {
    /// A shard from the text of its three files; `name` names it in errors. Refused when
    /// `meta.csv` names no shard or says the run was interrupted, or a CSV cannot be read.
    pub fn from_readers(
        name: &str,
        meta: impl std::io::Read,
        runs: impl std::io::Read,
        mismatches: impl std::io::Read,
    ) -> Result<ShardRun> {
        let meta = RunMetadata::from_reader(meta, &format!("{name}/meta.csv"))?;
        let Some(shard) = meta.get("shard").and_then(|s| s.parse::<Shard>().ok()) else {
            return refuse(format!(
                "{name}: meta.csv names no shard (was it made with bench --shard K/N?)"
            ));
        };
        if meta.get("interrupted") == Some("true") {
            return refuse(format!(
                "{name} (shard {shard}) was interrupted: it holds only part of its share; run \
                 it again"
            ));
        }
        let named = |error: Error| Error::Refused(format!("{name} (shard {shard}): {error}"));
        let mut runs = csv::Reader::from_reader(runs);
        check_runs_header(&mut runs, "runs.csv").map_err(named)?;
        Ok(ShardRun {
            name: name.to_string(),
            shard,
            runs: rows_of(runs, "runs.csv").map_err(named)?,
            mismatches: rows_of(csv::Reader::from_reader(mismatches), "mismatches.csv")
                .map_err(named)?,
            meta,
        })
    }

    /// How the shard is named in messages.
    fn named(&self) -> String {
        format!("{} (shard {})", self.name, self.shard)
    }

    /// A number `meta.csv` records, or a refusal naming the key.
    fn recorded(&self, key: &str) -> Result<u64> {
        match self.meta.get(key).map(str::parse::<u64>) {
            Some(Ok(n)) => Ok(n),
            _ => refuse(format!(
                "{}: meta.csv records no {key} (made by an older sudolab, or edited), so its \
                 files cannot be checked; run the shard again",
                self.named()
            )),
        }
    }

    /// The shares `meta.csv` records, by corpus.
    fn shares(&self) -> Result<BTreeMap<String, ShareTally>> {
        let mut shares = BTreeMap::new();
        for (corpus, value) in self.meta.with_prefix("share:") {
            let tally = value.parse::<ShareTally>().map_err(|e| Error::BadFile {
                file: format!("{}: meta.csv, share:{corpus}", self.named()),
                message: e.to_string(),
            })?;
            shares.insert(corpus.to_string(), tally);
        }
        Ok(shares)
    }
}

/// Reads a shard's directory (a directory that is not a shard's is refused by its
/// `meta.csv`, before its rows are read).
fn read_shard(dir: &Path) -> Result<ShardRun> {
    let name = dir.display().to_string();
    if !dir.is_dir() {
        let why = if dir.exists() {
            "not a directory"
        } else {
            "no such directory"
        };
        return refuse(format!("{name}: {why}"));
    }
    if !dir.join("meta.csv").is_file() {
        return refuse(format!("{name}: not a run directory (no meta.csv)"));
    }
    let open = |file: &str| open_bounded(&dir.join(file), MAX_RUN_FILE_LINE);
    ShardRun::from_readers(
        &name,
        open("meta.csv")?,
        open("runs.csv")?,
        open("mismatches.csv")?,
    )
}

/// Checks that `runs` are the whole of one sharded run, every shard whole (see the module
/// docs): what `merge` checks before it writes anything.
pub fn check_shards(runs: &[ShardRun]) -> Result<()> {
    if runs.is_empty() {
        return refuse("name the shards' run directories".into());
    }
    check_one_run(runs)?;
    for run in runs {
        check_shard(run)?;
    }
    check_shares_fit(runs)
}

/// Checks one shard's files against its `meta.csv` (see the module docs).
fn check_shard(run: &ShardRun) -> Result<()> {
    let name = run.named();
    for (file, count, key) in [
        ("runs.csv", run.runs.len(), "rows"),
        ("mismatches.csv", run.mismatches.len(), "mismatch_rows"),
    ] {
        let recorded = run.recorded(key)?;
        if count as u64 != recorded {
            return refuse(format!(
                "{name}: {file} holds {count} rows, but the run wrote {recorded} (meta.csv, \
                 {key}): the file was cut, emptied or edited"
            ));
        }
    }
    let shares = run.shares()?;
    let mut seen: HashSet<(&str, u64, &str)> = HashSet::new();
    let mut records: HashSet<(&str, u64)> = HashSet::new();
    let mut indices: BTreeMap<&str, ShareTally> = BTreeMap::new();
    for row in &run.runs {
        if !shares.contains_key(&row.corpus) {
            return refuse(format!(
                "{name}: runs.csv has rows of corpus {:?}, which the run did not have",
                row.corpus
            ));
        }
        if !run.shard.owns(row.index as usize) {
            return refuse(format!(
                "{name}: runs.csv has record {} of {}, which is shard {}'s, not this one's",
                row.index,
                row.corpus,
                row.index as usize % run.shard.count + 1
            ));
        }
        let first_of_record = records.insert((&row.corpus, row.index));
        if !seen.insert((&row.corpus, row.index, &row.solver)) {
            return refuse(format!(
                "{name}: runs.csv has record {} of {} for {} twice",
                row.index, row.corpus, row.solver
            ));
        }
        if first_of_record {
            indices.entry(&row.corpus).or_default().add(row.index);
        }
    }
    for (corpus, share) in &shares {
        let found = indices.get(corpus.as_str()).copied().unwrap_or_default();
        if found != *share {
            return refuse(format!(
                "{name}: runs.csv holds {} records of {corpus}, not the {} the shard was given \
                 (or other ones): records are missing or extra",
                found.count, share.count
            ));
        }
    }
    Ok(())
}

/// Checks that the shards of each corpus run whole are the parts of one corpus.
fn check_shares_fit(runs: &[ShardRun]) -> Result<()> {
    let first = &runs[0];
    for (corpus, what) in first.meta.with_prefix("corpus:") {
        if !what.ends_with("all puzzles") {
            continue; // a seeded sample: each shard was checked against its own share
        }
        let shares: Vec<ShareTally> = runs
            .iter()
            .map(|run| Ok(run.shares()?.get(corpus).copied().unwrap_or_default()))
            .collect::<Result<_>>()?;
        let records: u64 = shares.iter().map(|s| s.count).sum();
        for (run, share) in runs.iter().zip(&shares) {
            if *share != ShareTally::of_whole_corpus(records, run.shard) {
                return refuse(format!(
                    "{}: its {} records of {corpus} are not its share of the {records} the \
                     shards hold together (were the shards run on different files?)",
                    run.named(),
                    share.count
                ));
            }
        }
    }
    Ok(())
}

/// Checks that the shards belong to one run and that each of 1..N is there once.
fn check_one_run(runs: &[ShardRun]) -> Result<()> {
    let first = &runs[0];
    let command = shared_command(&first.meta.command().unwrap_or_default());
    for run in runs {
        let same_command = shared_command(&run.meta.command().unwrap_or_default()) == command;
        if run.shard.count != first.shard.count || !same_command {
            return refuse(format!(
                "{} is not a shard of the same run as {}: the commands differ beyond --shard \
                 and --out, or N does",
                run.named(),
                first.named()
            ));
        }
    }
    check_every_shard_once(runs.iter().map(|run| (run.shard, run.name.as_str())))
}

/// Merges the shard run directories `shards` into `out`'s staging place (the caller
/// commits it).
pub fn merge(shards: &[PathBuf], out: &RunDirectory) -> Result<Report> {
    if shards.is_empty() {
        return refuse("name the shards' run directories".into());
    }
    let runs: Vec<ShardRun> = shards
        .iter()
        .map(|dir| read_shard(dir))
        .collect::<Result<_>>()?;
    check_shards(&runs)?;
    let first_meta = &runs[0].meta;
    // Rows in corpus order (as the run listed them), then record order.
    let corpus_order: Vec<&str> = first_meta.with_prefix("corpus:").map(|(n, _)| n).collect();
    let rank = |corpus: &str| {
        corpus_order
            .iter()
            .position(|c| *c == corpus)
            .unwrap_or(usize::MAX)
    };
    let mut merged_runs: Vec<RunRow> = Vec::new();
    let mut merged_mismatches: Vec<MismatchRow> = Vec::new();
    let mut meta = first_meta.clone();
    let mut shares: BTreeMap<String, ShareTally> = BTreeMap::new();
    for run in &runs {
        merged_runs.extend(run.runs.iter().cloned());
        merged_mismatches.extend(run.mismatches.iter().cloned());
        for (corpus, share) in run.shares()? {
            let total = shares.entry(corpus).or_default();
            total.count += share.count;
            total.hash = total.hash.wrapping_add(share.hash);
        }
    }
    merged_runs.sort_by_key(|r| (rank(&r.corpus), r.index));
    merged_mismatches.sort_by_key(|r| (rank(&r.corpus), r.index));
    write_rows(&out.join("runs.csv"), &RUN_HEADER, &merged_runs)?;
    write_rows(
        &out.join("mismatches.csv"),
        &MISMATCH_HEADER,
        &merged_mismatches,
    )?;
    meta.remove("shard");
    let mut listed: Vec<(usize, String)> = runs
        .iter()
        .map(|run| (run.shard.index, format!("{} {}", run.shard, run.name)))
        .collect();
    listed.sort();
    let listed: Vec<String> = listed.into_iter().map(|(_, s)| s).collect();
    meta.set("shards", listed.join("; "));
    let sum = |key: &str| -> f64 {
        runs.iter()
            .filter_map(|run| run.meta.get(key)?.parse::<f64>().ok())
            .sum()
    };
    meta.set("puzzles", sum("puzzles") as u64);
    meta.set("solver_s", format!("{:.3}", sum("solver_s")));
    meta.set("rows", merged_runs.len());
    meta.set("mismatch_rows", merged_mismatches.len());
    for (corpus, share) in &shares {
        meta.set(&format!("share:{corpus}"), share);
    }
    meta.remove("wall_s"); // shards ran on their own clocks: no single wall time
    meta.set("interrupted", false);
    let mut profiles: Option<Profiles> = None;
    for shard in shards {
        if let Some(shard_profiles) = Profiles::read(&shard.join("profile.csv"))? {
            profiles
                .get_or_insert_with(Profiles::default)
                .add_all(&shard_profiles);
        }
    }
    if let Some(profiles) = profiles {
        profiles.write(&out.join("profile.csv"))?;
    }
    meta.write(out.staging())?;
    write_report(out.staging())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_share_a_command_apart_from_shard_and_out() {
        let words = |text: &str| -> Vec<String> { text.split(' ').map(str::to_string).collect() };
        let a = shared_command(&words(
            "target/sudolab bench c.txt --shard 1/3 --out a --threads 1",
        ));
        let b = shared_command(&words(
            "/x/sudolab bench c.txt --out=b --shard=2/3 --threads 1",
        ));
        assert_eq!(a, b);
        let c = shared_command(&words(
            "sudolab bench c.txt --shard 1/3 --out a --threads 2",
        ));
        assert_ne!(a, c);
        // An --out with a space in it is one argument.
        let mut d = words("sudolab bench c.txt --shard 1/3 --out x --threads 1");
        let mut e = d.clone();
        (d[6], e[6], e[4]) = ("my runs/1".into(), "my runs/2".into(), "2/3".into());
        assert_eq!(shared_command(&d), shared_command(&e));
    }
}
