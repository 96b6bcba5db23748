//! Combining the run directories of a sharded run (`bench --shard K/N` on several machines)
//! into one, as if the run had been made at once.
//!
//! The shards must be the same command apart from `--shard` and `--out` (compared as
//! recorded in each `meta.csv`), with the same N, and every shard 1..N exactly once;
//! otherwise the merge is refused, naming the odd or missing shards. Rows are concatenated
//! in corpus order and record order; the summary, charts and README are derived again from
//! the merged `runs.csv` (so quantiles come from the merged distributions, not averaged).

use std::path::{Path, PathBuf};

use super::directory::RunDirectory;
use super::records::{MismatchRow, RunRow, MISMATCH_HEADER, RUN_HEADER};
use super::report::{write_report, Report, RunMetadata};
use crate::atomic_file::AtomicFile;
use crate::error::{Error, Result};
use crate::shard::Shard;

/// The command of a run without the arguments that differ between its shards.
fn shared_command(command: &str) -> Vec<String> {
    let mut words = command.split_whitespace().skip(1);
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

fn read_rows<T: serde::de::DeserializeOwned>(path: &Path) -> Result<Vec<T>> {
    let invalid = |e: csv::Error| Error::InvalidArgument(format!("{}: {e}", path.display()));
    let mut reader = csv::Reader::from_path(path).map_err(invalid)?;
    reader
        .deserialize()
        .collect::<std::result::Result<Vec<T>, _>>()
        .map_err(invalid)
}

fn write_rows<T: serde::Serialize>(path: &Path, header: &[&str], rows: &[T]) -> Result<()> {
    let invalid = |e: csv::Error| Error::InvalidArgument(format!("{}: {e}", path.display()));
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(AtomicFile::create(path)?);
    writer.write_record(header).map_err(invalid)?;
    for row in rows {
        writer.serialize(row).map_err(invalid)?;
    }
    let file = writer
        .into_inner()
        .map_err(|e| Error::InvalidArgument(format!("{}: {e}", path.display())))?;
    file.commit()
}

/// Merges the shard run directories `shards` into `out`.
pub fn merge(shards: &[PathBuf], out: &RunDirectory) -> Result<Report> {
    let fail = |message: String| Err(Error::InvalidArgument(message));
    if shards.is_empty() {
        return fail("name the shards' run directories".into());
    }
    let mut metas = Vec::new();
    for dir in shards {
        let meta = RunMetadata::read(dir)?;
        let Some(shard) = meta.get("shard").and_then(|s| s.parse::<Shard>().ok()) else {
            return fail(format!(
                "{}: meta.csv names no shard (was it made with bench --shard K/N?)",
                dir.display()
            ));
        };
        metas.push((dir, shard, meta));
    }
    let (first_dir, first_shard, first_meta) = &metas[0];
    let command = shared_command(first_meta.get("command").unwrap_or(""));
    let n = first_shard.count;
    let mut seen: Vec<Option<&PathBuf>> = vec![None; n];
    for (dir, shard, meta) in &metas {
        if shard.count != n || shared_command(meta.get("command").unwrap_or("")) != command {
            return fail(format!(
                "{} (shard {shard}) is not a shard of the same run as {} (shard {first_shard}): \
                 the commands differ beyond --shard and --out, or N does",
                dir.display(),
                first_dir.display()
            ));
        }
        if let Some(other) = seen[shard.index - 1] {
            return fail(format!(
                "shard {shard} appears twice: {} and {}",
                other.display(),
                dir.display()
            ));
        }
        seen[shard.index - 1] = Some(dir);
    }
    let missing: Vec<String> = (1..=n)
        .filter(|&k| seen[k - 1].is_none())
        .map(|k| format!("{k}/{n}"))
        .collect();
    if !missing.is_empty() {
        return fail(format!("missing shards: {}", missing.join(", ")));
    }
    // Rows in corpus order (as the run listed them), then record order.
    let corpus_order: Vec<String> = first_meta
        .with_prefix("corpus:")
        .map(|(name, _)| name.to_string())
        .collect();
    let rank = |corpus: &str| {
        corpus_order
            .iter()
            .position(|c| c == corpus)
            .unwrap_or(usize::MAX)
    };
    let mut runs: Vec<RunRow> = Vec::new();
    let mut mismatches: Vec<MismatchRow> = Vec::new();
    for (dir, _, _) in &metas {
        runs.extend(read_rows::<RunRow>(&dir.join("runs.csv"))?);
        mismatches.extend(read_rows::<MismatchRow>(&dir.join("mismatches.csv"))?);
    }
    runs.sort_by_key(|r| (rank(&r.corpus), r.index));
    mismatches.sort_by_key(|r| (rank(&r.corpus), r.index));
    write_rows(&out.join("runs.csv"), &RUN_HEADER, &runs)?;
    write_rows(&out.join("mismatches.csv"), &MISMATCH_HEADER, &mismatches)?;
    let mut meta = first_meta.clone();
    meta.remove("shard");
    let mut listed: Vec<(usize, String)> = metas
        .iter()
        .map(|(dir, shard, _)| (shard.index, format!("{shard} {}", dir.display())))
        .collect();
    listed.sort();
    let listed: Vec<String> = listed.into_iter().map(|(_, s)| s).collect();
    meta.set("shards", listed.join("; "));
    let sum = |key: &str| -> f64 {
        metas
            .iter()
            .filter_map(|(_, _, m)| m.get(key)?.parse::<f64>().ok())
            .sum()
    };
    meta.set("puzzles", sum("puzzles") as u64);
    meta.set("solver_s", format!("{:.3}", sum("solver_s")));
    meta.remove("wall_s"); // shards ran on their own clocks: no single wall time
    let interrupted = metas
        .iter()
        .any(|(_, _, m)| m.get("interrupted") == Some("true"));
    meta.set("interrupted", interrupted);
    meta.write(out.path())?;
    write_report(out.path())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_share_a_command_apart_from_shard_and_out() {
        let a = shared_command("target/sudolab bench c.txt --shard 1/3 --out a --threads 1");
        let b = shared_command("/x/sudolab bench c.txt --out=b --shard=2/3 --threads 1");
        assert_eq!(a, b);
        let c = shared_command("sudolab bench c.txt --shard 1/3 --out a --threads 2");
        assert_ne!(a, c);
    }
}
