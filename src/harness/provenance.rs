//! Where a run came from: its command line, the build, the machine and its load, and the
//! run's settings, as `meta.csv` records them before the run starts ([`bench_metadata`]).
//!
//! The library reads no process environment: the caller passes the command line (the CLI
//! passes its arguments). What the machine says (the commit of the working directory's git
//! checkout, `rustc --version`, the CPU model, the load average) is read here, so that a
//! library user's runs carry the same provenance as the CLI's.

use std::path::PathBuf;
use std::process::Command;

use super::config::{corpus_names, BenchConfig};
use super::report::{utc_now, RunMetadata};
use crate::registry;

/// The trimmed standard output of `program args`, if it ran and succeeded.
fn command_output(program: &str, args: &[&str]) -> Option<String> {
    let output = Command::new(program).args(args).output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// The CPU's model name (Linux's `/proc/cpuinfo`), or `unknown`.
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

/// The one-minute load average (Linux), as written in `/proc/loadavg`.
pub fn load_average() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next().map(str::to_string)
}

/// The short commit of the working directory's git checkout, `-dirty` when tracked files
/// changed, or `unknown`.
pub fn commit() -> String {
    let commit = command_output("git", &["rev-parse", "--short", "HEAD"]).map(|c| {
        let dirty = command_output("git", &["status", "--porcelain", "--untracked-files=no"])
            .is_some_and(|s| !s.is_empty());
        if dirty {
            format!("{c}-dirty")
        } else {
            c
        }
    });
    commit.unwrap_or_else(|| "unknown".into())
}

/// The build and the machine: command, version, features, commit, compiler, CPU, cores and
/// the load when the run starts.
pub fn record_provenance(meta: &mut RunMetadata, command: &[String]) {
    meta.set_command(command);
    meta.set("sudolab", env!("CARGO_PKG_VERSION"));
    let features = if cfg!(feature = "reference-dlx") {
        "reference-dlx"
    } else {
        "default"
    };
    meta.set("features", features);
    meta.set("commit", commit());
    meta.set(
        "rustc",
        command_output("rustc", &["--version"]).unwrap_or_else(|| "unknown".into()),
    );
    meta.set("cpu", cpu_model());
    meta.set("cores", cores());
    if let Some(load) = load_average() {
        meta.set("load_start", load);
    }
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Everything `meta.csv` holds before a `bench` run starts: its provenance
/// ([`record_provenance`]) and its settings (corpora and samples, limits, seed, warm-up,
/// solvers and their descriptions, shard).
pub fn bench_metadata(config: &BenchConfig, command: &[String]) -> RunMetadata {
    let mut meta = RunMetadata::default();
    record_provenance(&mut meta, command);
    let threads = if config.threads == 0 {
        cores()
    } else {
        config.threads
    };
    meta.set("threads", threads);
    let corpora: Vec<String> = config
        .corpora
        .iter()
        .map(|c| c.path.display().to_string())
        .collect();
    meta.set("corpora", corpora.join(" "));
    meta.set("limit", config.limit);
    let samples: Vec<String> = config
        .corpora
        .iter()
        .map(|c| c.sample.map_or("all".to_string(), |n| n.to_string()))
        .collect();
    meta.set("sample", samples.join(" "));
    meta.set("seed", config.seed);
    meta.set("permute", config.permute);
    meta.set("warmup", config.warmup);
    meta.set(
        "timeout_ms",
        config
            .timeout
            .map_or("none".to_string(), |t| t.as_millis().to_string()),
    );
    meta.set(
        "max_nodes",
        config
            .max_nodes
            .map_or("none".to_string(), |n| n.to_string()),
    );
    for name in &config.solvers {
        if let Some(solver) = registry::by_name(name) {
            meta.set_solver(&solver.info());
        }
    }
    let paths: Vec<PathBuf> = config.corpora.iter().map(|c| c.path.clone()).collect();
    if paths
        .iter()
        .any(|p| super::exact_cover::is_exact_cover_file(p))
    {
        // Exact-cover files are counted by every engine; those that are no Sudoku solver
        // of the run are described here.
        for engine in crate::registry::Engine::ALL {
            if meta.solver_description(engine.name()).is_none() {
                meta.set(&format!("solver:{}", engine.name()), engine.description());
                meta.set(
                    &format!("solver:{}:reports", engine.name()),
                    "counts,guesses",
                );
            }
        }
    }
    let solvers: Vec<_> = config
        .solvers
        .iter()
        .filter_map(|name| registry::by_name(name))
        .collect();
    for (spec, name) in config.corpora.iter().zip(corpus_names(&paths)) {
        let sample = spec.sample.map_or("all puzzles".to_string(), |n| {
            format!("a seeded sample of {n} (seed {})", config.seed)
        });
        let mut what = format!("{}: {sample}", spec.path.display());
        if let Some(variant) = super::variant::describe(&spec.path, &solvers) {
            what = format!("{what}; {variant}");
        }
        meta.set(&format!("corpus:{name}"), what);
    }
    meta.set("repeat", config.repeat);
    meta.set("shard", config.shard);
    meta.set("started", utc_now());
    meta
}
