//! Never lose a finished run: each test is a finding of the hostile-user review (a merge or a
//! failed bench that deleted a run, damaged shards merged without a word, readers that ran out
//! of memory, verdicts drawn from unreadable rows), run as a user runs the CLI, with the exact
//! exit code and message. The fault-injection test kills `bench` with SIGKILL at spread-out
//! moments and checks that the previous run is intact or the new one complete, every time.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Instant;

mod common;
use common::{finish, scratch, spawn, sudolab_in};

fn sudolab(args: &[&str]) -> Output {
    sudolab_in(args, "", None)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Requires exit code `code` and `message` on standard error.
#[track_caller]
fn expect(output: &Output, code: i32, message: &str) {
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(code), "{stderr}");
    assert!(
        stderr.contains(message),
        "expected {message:?} in: {stderr}"
    );
}

fn top95() -> String {
    format!("{}/datasets/norvig_top95.gz", env!("CARGO_MANIFEST_DIR"))
}

/// Every file of a directory with its bytes, but for a lock and temporary files (which a
/// killed process leaves and the next run removes).
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_file())
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            !name.ends_with(".lock") && !name.ends_with(".tmp")
        })
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            (name, std::fs::read(e.path()).unwrap())
        })
        .collect()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Three shards of top95 with bitmask and dlx, in `dir/s1..s3`.
fn shards(dir: &Path) -> Vec<PathBuf> {
    (1..=3)
        .map(|k| {
            let out = dir.join(format!("s{k}"));
            let output = sudolab(&[
                "bench",
                &top95(),
                "--solvers",
                "bitmask,dlx",
                "--shard",
                &format!("{k}/3"),
                "--warmup",
                "0",
                "--out",
                path(&out),
                "-q",
            ]);
            assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
            out
        })
        .collect()
}

// Critical 1: `merge s1 s2 s3 --out s1` deleted s1's files, then failed.
#[test]
fn a_merge_into_one_of_its_shards_is_refused_and_changes_nothing() {
    let dir = scratch("merge-into-input");
    let s = shards(&dir);
    let before: Vec<_> = s.iter().map(|d| snapshot(d)).collect();
    let output = sudolab(&[
        "merge",
        path(&s[0]),
        path(&s[1]),
        path(&s[2]),
        "--out",
        path(&s[0]),
    ]);
    expect(
        &output,
        2,
        &format!(
            "--out {} is one of the shards being merged ({})",
            path(&s[0]),
            path(&s[0])
        ),
    );
    let output = sudolab(&[
        "merge",
        path(&s[1]),
        path(&s[2]),
        path(&s[1]),
        "--out",
        path(&s[2]),
    ]);
    expect(&output, 2, "is one of the shards being merged");
    let after: Vec<_> = s.iter().map(|d| snapshot(d)).collect();
    assert!(before == after, "a refused merge changed a shard");
    // The same shards merge fine elsewhere.
    let merged = dir.join("merged");
    let output = sudolab(&[
        "merge",
        path(&s[0]),
        path(&s[1]),
        path(&s[2]),
        "--out",
        path(&merged),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}

// Critical 2: `bench small.txt --solvers nosuch --out existing_run` cleared the run, then exited 2.
#[test]
fn a_usage_error_leaves_the_previous_run_as_it_was() {
    let dir = scratch("usage-error");
    let run = &shards(&dir)[0];
    let before = snapshot(run);
    let output = sudolab(&["bench", &top95(), "--solvers", "nosuch", "--out", path(run)]);
    expect(&output, 2, "unknown solver \"nosuch\"");
    let output = sudolab(&["bench", "no-such-corpus.txt", "--out", path(run)]);
    expect(&output, 2, "no-such-corpus.txt: No such file or directory");
    let output = sudolab(&["bench", path(&dir), "--out", path(run)]);
    expect(
        &output,
        2,
        "is a directory; name the corpus files inside it",
    );
    let output = sudolab(&["bench", &top95(), "--max-nodes", "0", "--out", path(run)]);
    expect(&output, 2, "");
    let own = run.join("runs.csv");
    let output = sudolab(&["bench", path(&own), "--out", path(run)]);
    expect(&output, 2, "runs.csv is a file of the output directory");
    assert!(snapshot(run) == before, "a refused bench changed the run");
    let leftovers: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("staging"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

// Low: a lock file without a process id showed its holder as "()".
#[test]
fn a_garbage_lock_file_is_described() {
    let dir = scratch("garbage-lock");
    let run = dir.join("run");
    std::fs::create_dir_all(&run).unwrap();
    std::fs::write(run.join(".sudolab-run.lock"), b"\x00\x01junk").unwrap();
    let output = sudolab(&["bench", &top95(), "--out", path(&run), "-q"]);
    expect(
        &output,
        2,
        "is in use by another sudolab run (the lock file names no process: not written by \
         sudolab, or cut short)",
    );
}

// Found while fixing Critical 2: `--out .` in a project replaced its README.md.
#[test]
fn a_directory_that_is_not_a_run_is_never_written() {
    let dir = scratch("foreign-out");
    std::fs::write(dir.join("README.md"), "the project's own").unwrap();
    let output = sudolab_in(&["bench", &top95(), "--out", ".", "-q"], "", Some(&dir));
    expect(
        &output,
        2,
        ". holds files (README.md) but is not a sudolab run directory (no meta.csv)",
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("README.md")).unwrap(),
        "the project's own"
    );
}

/// A change made to a shard's runs.csv text.
type Damage = Box<dyn Fn(&str) -> String>;

/// Copies the shards into `to` and applies `damage` to shard 2's runs.csv text.
fn damaged(shards: &[PathBuf], to: &Path, damage: impl Fn(&str) -> String) -> Vec<PathBuf> {
    std::fs::create_dir_all(to).unwrap();
    shards
        .iter()
        .map(|s| {
            let copy = to.join(s.file_name().unwrap());
            std::fs::create_dir_all(&copy).unwrap();
            for (name, bytes) in snapshot(s) {
                std::fs::write(copy.join(name), bytes).unwrap();
            }
            copy
        })
        .inspect(|copy| {
            if copy.ends_with("s2") {
                let runs = std::fs::read_to_string(copy.join("runs.csv")).unwrap();
                std::fs::write(copy.join("runs.csv"), damage(&runs)).unwrap();
            }
        })
        .collect()
}

// High 5: merge exited 0 on damaged shards.
#[test]
fn damaged_shards_are_named_and_refused() {
    let dir = scratch("damaged");
    let good = shards(&dir);
    let lines = |text: &str| text.lines().map(|l| format!("{l}\n")).collect::<Vec<_>>();
    let cases: Vec<(&str, Damage, &str)> = vec![
        (
            "emptied",
            Box::new(|_: &str| String::new()),
            "runs.csv: empty (not even its header line): the file was emptied or cut",
        ),
        (
            "cut at a row boundary",
            Box::new(move |t: &str| lines(t)[..lines(t).len() - 3].concat()),
            "runs.csv holds 61 rows, but the run wrote 64",
        ),
        (
            "rows duplicated",
            Box::new(move |t: &str| {
                let l = lines(t);
                let mut out = l.concat();
                out.push_str(&l[1]);
                out
            }),
            "runs.csv holds 65 rows, but the run wrote 64",
        ),
        (
            "a record removed, the count kept by a duplicate",
            Box::new(move |t: &str| {
                let l = lines(t);
                let mut out: Vec<String> = l.iter().filter(|r| !r.starts_with("norvig_top95,4,")).cloned().collect();
                out.push(l[1].clone());
                out.push(l[2].clone());
                out.concat()
            }),
            "runs.csv has record 1 of norvig_top95 for",
        ),
        (
            "an index of another shard",
            Box::new(|t: &str| t.replace("norvig_top95,4,", "norvig_top95,3,")),
            "runs.csv has record 3 of norvig_top95, which is shard 1's, not this one's",
        ),
        (
            "a record renumbered as one of its own",
            Box::new(|t: &str| t.replace("norvig_top95,4,", "norvig_top95,97,")),
            "runs.csv holds 32 records of norvig_top95, not the 32 the shard was given (or other ones)",
        ),
    ];
    for (k, (what, damage, message)) in cases.into_iter().enumerate() {
        let copies = damaged(&good, &dir.join(format!("case{k}")), damage);
        let out = dir.join(format!("merged{k}"));
        let output = sudolab(&[
            "merge",
            path(&copies[0]),
            path(&copies[1]),
            path(&copies[2]),
            "--out",
            path(&out),
        ]);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{what}: {stderr}");
        assert!(stderr.contains("s2 (shard 2/3): "), "{what}: {stderr}");
        assert!(
            stderr.contains(message),
            "{what}: expected {message:?} in {stderr}"
        );
        assert!(!out.join("runs.csv").exists(), "{what}: merged anyway");
    }
    let output = sudolab(&[
        "merge",
        "no-such-dir",
        path(&good[1]),
        "--out",
        path(&dir.join("m")),
    ]);
    expect(&output, 2, "no-such-dir: no such directory");
    std::fs::remove_file(good[2].join("meta.csv")).unwrap();
    let output = sudolab(&[
        "merge",
        path(&good[0]),
        path(&good[1]),
        path(&good[2]),
        "--out",
        path(&dir.join("m")),
    ]);
    expect(&output, 2, "s3: not a run directory (no meta.csv)");
}

// High 6 and Low: report on /dev/zero said "File exists"; a runs.csv that is /dev/zero
// grew without bound.
#[test]
fn report_and_compare_refuse_what_is_not_a_run() {
    let output = sudolab(&["report", "/dev/zero"]);
    expect(
        &output,
        2,
        "/dev/zero: not a directory; name a run directory",
    );
    let dir = scratch("zero-runs");
    let run = &shards(&dir)[0];
    let summary = std::fs::read(run.join("summary.csv")).unwrap();
    std::fs::remove_file(run.join("runs.csv")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", run.join("runs.csv")).unwrap();
    let output = sudolab(&["report", path(run)]);
    expect(&output, 2, "line 1 longer than 1048576 bytes");
    let output = sudolab(&[
        "compare",
        path(run),
        path(run),
        "--out",
        path(&dir.join("cmp")),
    ]);
    expect(&output, 2, "line 1 longer than 1048576 bytes");
    std::fs::remove_file(run.join("meta.csv")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", run.join("meta.csv")).unwrap();
    let output = sudolab(&["report", path(run)]);
    expect(&output, 2, "meta.csv: ");
    assert_eq!(std::fs::read(run.join("summary.csv")).unwrap(), summary);
}

// Medium 9: report on random bytes replaced summary.csv with an empty file; compare gave a
// verdict from 2 readable rows of 396.
#[test]
fn unreadable_rows_are_counted_and_too_many_refuse_a_verdict() {
    let dir = scratch("unreadable");
    let s = shards(&dir);
    let (base, new) = (&s[0], &s[1]);
    let summary = std::fs::read(new.join("summary.csv")).unwrap();
    let runs = std::fs::read_to_string(new.join("runs.csv")).unwrap();
    let corrupted: String = runs
        .lines()
        .enumerate()
        .map(|(k, l)| {
            if k > 2 {
                format!("{}garbage\n", &l[..l.len() / 2])
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    std::fs::write(new.join("runs.csv"), &corrupted).unwrap();
    let output = sudolab(&["report", path(new)]);
    expect(
        &output,
        2,
        "62 of its 64 rows could not be read (first: line 4: ",
    );
    assert!(text(&output.stderr).contains("nothing was replaced"));
    assert_eq!(std::fs::read(new.join("summary.csv")).unwrap(), summary);
    let cmp = dir.join("cmp");
    let output = sudolab(&["compare", path(base), path(new), "--out", path(&cmp)]);
    expect(&output, 2, "62 of its 64 rows could not be read");
    assert!(text(&output.stderr).contains("too many for a verdict on the run"));
    assert!(!cmp.join("compare.md").exists());
    // One bad row is reported and left out, and the run still compares.
    let one_bad = format!("{runs}norvig_top95,not-a-number\n");
    std::fs::write(new.join("runs.csv"), one_bad).unwrap();
    let output = sudolab(&["compare", path(base), path(new), "--out", path(&cmp)]);
    assert_ne!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("1 of 65 rows could not be read and were left out (line 66"),
        "{}",
        text(&output.stderr)
    );
    let random: Vec<u8> = (0..20_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    std::fs::write(new.join("runs.csv"), random).unwrap();
    let output = sudolab(&["report", path(new)]);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert_eq!(std::fs::read(new.join("summary.csv")).unwrap(), summary);
}

// Low: summary.csv and compare gave different medians for the same rows.
#[test]
fn compare_reads_the_summarys_medians() {
    let dir = scratch("medians");
    let s = shards(&dir);
    let output = sudolab(&[
        "compare",
        path(&s[0]),
        path(&s[0]),
        "--out",
        path(&dir.join("cmp")),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let table = text(&output.stdout);
    let summary = std::fs::read_to_string(s[0].join("summary.csv")).unwrap();
    for line in summary.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let (solver, median) = (fields[1], fields[4].parse::<f64>().unwrap());
        let row = table
            .lines()
            .find(|l| l.contains(&format!("| {solver} |")))
            .unwrap_or_else(|| panic!("{solver} in {table}"));
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        // Printed to two decimals: a median on a rounding boundary (77.515) may print
        // either way, so compare the numbers to half a hundredth.
        let printed: f64 = cells[4].parse().unwrap();
        assert!(
            (printed - median).abs() <= 0.005 + 1e-9,
            "base median of {solver}: {row} (summary: {median})"
        );
    }
}

/// Whether `run` holds a whole run: every file its list names, `meta.csv` saying it finished,
/// and as many rows in `runs.csv` as `meta.csv` says were written.
fn complete(run: &Path) -> bool {
    let Ok(list) = std::fs::read_to_string(run.join(".sudolab-files")) else {
        return false;
    };
    if !list.lines().all(|name| run.join(name).is_file()) {
        return false;
    }
    let meta = std::fs::read_to_string(run.join("meta.csv")).unwrap_or_default();
    let rows = std::fs::read_to_string(run.join("runs.csv")).unwrap_or_default();
    let written = format!("rows,{}", rows.lines().count() - 1);
    meta.contains("interrupted,false") && meta.lines().any(|l| l == written)
}

// Medium 10: kill -9 during bench left nothing (the previous run's files were deleted when the
// new run started) and leaked temporary files.
#[test]
fn a_killed_bench_leaves_the_previous_run_or_the_new_one_and_no_leftovers() {
    let dir = scratch("kill");
    let run = dir.join("run");
    let args = [
        "bench",
        &top95(),
        "--solvers",
        "bitmask,dlx,dc,sat",
        "--threads",
        "1",
        "--warmup",
        "0",
        "--out",
        path(&run),
        "-q",
    ];
    let started = Instant::now();
    let output = finish(spawn(&args, None), "bench");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let whole = started.elapsed();
    let mut previous = snapshot(&run);
    let (mut kept, mut replaced) = (0, 0);
    let kills = 16;
    for k in 0..kills {
        // Spread over the whole run and a little past it, so some kills land in the commit.
        let at = whole.mul_f64((k as f64 + 0.5) / kills as f64 * 1.1);
        let mut child = spawn(&args, None);
        std::thread::sleep(at);
        let _ = child.kill(); // SIGKILL
        let _ = child.wait();
        let now = snapshot(&run);
        if now == previous {
            kept += 1;
        } else {
            assert!(
                complete(&run),
                "kill {k} at {at:?}: neither the previous run nor a new one"
            );
            replaced += 1;
        }
        // The next run cleans up whatever the killed one left.
        let output = finish(spawn(&args, None), "bench after a kill");
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        assert!(complete(&run));
        let leftovers: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .chain(std::fs::read_dir(&run).unwrap())
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp") || n.contains("staging") || n.ends_with(".lock"))
            .collect();
        assert!(leftovers.is_empty(), "after kill {k}: {leftovers:?}");
        previous = snapshot(&run);
    }
    assert!(kept > 0, "no kill landed before a commit");
    eprintln!("{kills} kills: {kept} left the previous run, {replaced} the new one; run {whole:?}");
}
