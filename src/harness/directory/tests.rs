use super::*;

/// A fresh directory for one test, holding the run directory `run` (not yet created).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudolab-dir-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("run")
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

fn read(dir: &Path, name: &str) -> Option<String> {
    std::fs::read_to_string(dir.join(name)).ok()
}

/// The names in the directory and beside it (staging directories show there).
fn everything(run: &Path) -> (Vec<String>, Vec<String>) {
    (names_in(run), names_in(run.parent().unwrap()))
}

/// A run directory holding a finished run (runs.csv "old", a chart only it has) and a file of
/// the user's.
fn previous_run(run: &Path) {
    let directory = RunDirectory::lock(run).unwrap();
    write(directory.staging(), "runs.csv", "old");
    write(directory.staging(), "meta.csv", "old");
    write(directory.staging(), "cdf_gone.svg", "old");
    directory.commit(&[]).unwrap();
    write(run, "notes.txt", "mine");
    write(run, "scatter_user.svg", "mine, not in the list");
}

#[test]
fn a_second_lock_is_refused_naming_the_holder_and_freed_on_drop() {
    let run = scratch("second");
    let first = RunDirectory::lock(&run).unwrap();
    let error = RunDirectory::lock(&run).unwrap_err().to_string();
    assert!(
        error.contains("is in use by another sudolab run"),
        "{error}"
    );
    assert!(
        error.contains(&format!("pid {}", std::process::id())),
        "{error}"
    );
    drop(first);
    let again = RunDirectory::lock(&run).unwrap();
    drop(again);
    assert!(!run.join(LOCK_FILE).exists());
    let (inside, beside) = everything(&run);
    assert!(inside.is_empty(), "{inside:?}");
    assert_eq!(beside, ["run"], "no staging directory left");
}

#[test]
fn a_lock_file_without_a_process_is_described_as_such() {
    let run = scratch("garbage");
    std::fs::create_dir_all(&run).unwrap();
    write(&run, LOCK_FILE, "\u{0}\u{1}garbage");
    let error = RunDirectory::lock(&run).unwrap_err().to_string();
    assert!(
        error.contains("the lock file names no process: not written by sudolab, or cut short"),
        "{error}"
    );
    assert!(!error.contains("()"), "{error}");
}

#[test]
fn a_lock_of_a_finished_process_is_taken_over() {
    let run = scratch("stale");
    std::fs::create_dir_all(&run).unwrap();
    // Process ids above the kernel's pid_max (at most 2^22) never exist.
    write(&run, LOCK_FILE, "pid 4999999\ncommand old\n");
    let taken = RunDirectory::lock(&run);
    assert_eq!(taken.is_ok(), Path::new("/proc/self").exists());
}

fn replaces_only_the_previous_runs_files(exchange: bool) {
    let run = scratch(if exchange { "exchange" } else { "journal" });
    previous_run(&run);
    let directory = RunDirectory::lock(&run).unwrap();
    assert_eq!(directory.sibling, cfg!(target_os = "linux"));
    write(directory.staging(), "runs.csv", "new");
    write(directory.staging(), "meta.csv", "new");
    // Every kind of file a report writes reaches the run directory, whichever way it commits.
    let written = [
        "README.md",
        "index.html",
        "medians.svg",
        "medians_exact_cover.svg",
        "mems.svg",
        "summary.csv",
    ];
    for name in written {
        write(directory.staging(), name, "new");
    }
    // Until the commit, the previous run is all there is.
    assert_eq!(read(&run, "runs.csv").as_deref(), Some("old"));
    assert_eq!(read(&run, "cdf_gone.svg").as_deref(), Some("old"));
    directory.commit_as(&[], exchange).unwrap();
    assert_eq!(read(&run, "runs.csv").as_deref(), Some("new"));
    assert_eq!(
        read(&run, "cdf_gone.svg"),
        None,
        "the previous run's own chart"
    );
    assert_eq!(read(&run, "notes.txt").as_deref(), Some("mine"));
    assert!(read(&run, "scatter_user.svg").is_some(), "not in the list");
    for name in written {
        assert_eq!(read(&run, name).as_deref(), Some("new"), "{name}");
    }
    assert_eq!(
        read(&run, FILES_LIST).as_deref(),
        Some(
            "README.md\nindex.html\nmedians.svg\nmedians_exact_cover.svg\nmems.svg\nmeta.csv\n\
             runs.csv\nsummary.csv\n"
        )
    );
    let (inside, beside) = everything(&run);
    assert!(
        !inside
            .iter()
            .any(|n| n.starts_with(".sudolab-") && n != FILES_LIST),
        "{inside:?}"
    );
    assert_eq!(beside, ["run"], "no staging directory left");
}

#[test]
fn an_exchange_replaces_only_the_previous_runs_files() {
    replaces_only_the_previous_runs_files(true);
}

#[test]
fn a_journal_replaces_only_the_previous_runs_files() {
    replaces_only_the_previous_runs_files(false);
}

#[test]
fn kept_files_stay_and_an_uncommitted_run_changes_nothing() {
    let run = scratch("keep");
    previous_run(&run);
    let directory = RunDirectory::lock(&run).unwrap();
    write(directory.staging(), "summary.csv", "derived");
    directory.commit(&["runs.csv", "meta.csv"]).unwrap();
    assert_eq!(read(&run, "runs.csv").as_deref(), Some("old"));
    assert_eq!(read(&run, "summary.csv").as_deref(), Some("derived"));
    assert_eq!(read(&run, "cdf_gone.svg"), None);
    let before = everything(&run);
    let directory = RunDirectory::lock(&run).unwrap();
    write(directory.staging(), "runs.csv", "half a run");
    drop(directory); // a failed run: no commit
    assert_eq!(everything(&run), before);
    assert_eq!(read(&run, "runs.csv").as_deref(), Some("old"));
}

#[test]
fn what_dead_runs_left_is_rolled_forward_or_removed() {
    if !Path::new("/proc/self").exists() {
        return; // whether a process ended is known only with /proc
    }
    let run = scratch("recover");
    previous_run(&run);
    let dead = 4_999_999;
    // A journal commit that died half way: marked, one file renamed in already.
    let marked = run.join(format!("{STAGING}{dead}"));
    std::fs::create_dir(&marked).unwrap();
    write(&marked, "meta.csv", "rolled forward");
    write(&marked, FILES_LIST, "meta.csv\nruns.csv\n");
    write(&marked, COMMITTING, "");
    write(&run, "runs.csv", "renamed in before the crash");
    // A run that died before its commit, beside the directory, and a temporary file.
    let parent = run.parent().unwrap();
    let unmarked = parent.join(format!(".run{STAGING}{dead}"));
    std::fs::create_dir(&unmarked).unwrap();
    write(&unmarked, "runs.csv", "never committed");
    write(&run, &format!(".summary.csv.{dead}.0.tmp"), "half");
    let directory = RunDirectory::lock(&run).unwrap();
    assert_eq!(read(&run, "meta.csv").as_deref(), Some("rolled forward"));
    assert_eq!(
        read(&run, "runs.csv").as_deref(),
        Some("renamed in before the crash")
    );
    assert_eq!(read(&run, "cdf_gone.svg"), None, "not in the new list");
    assert_eq!(read(&run, "notes.txt").as_deref(), Some("mine"));
    assert!(!marked.exists() && !unmarked.exists());
    assert!(!run.join(format!(".summary.csv.{dead}.0.tmp")).exists());
    drop(directory);
}

#[test]
fn only_new_empty_or_run_directories_are_written() {
    let run = scratch("foreign");
    std::fs::create_dir_all(&run).unwrap();
    write(&run, "README.md", "a project's own");
    let error = RunDirectory::lock(&run).unwrap_err().to_string();
    assert!(
        error.contains("holds files (README.md) but is not a sudolab run directory"),
        "{error}"
    );
    assert_eq!(read(&run, "README.md").as_deref(), Some("a project's own"));
    assert!(!run.join(LOCK_FILE).exists());
    std::fs::remove_file(run.join("README.md")).unwrap();
    drop(RunDirectory::lock(&run).expect("an empty directory"));
    let file = run.parent().unwrap().join("a-file");
    write(run.parent().unwrap(), "a-file", "x");
    let error = RunDirectory::lock(&file).unwrap_err().to_string();
    assert!(error.contains("exists and is not a directory"), "{error}");
}

#[test]
fn a_directory_with_a_subdirectory_is_committed_by_journal() {
    let run = scratch("subdir");
    previous_run(&run);
    std::fs::create_dir(run.join("attachments")).unwrap();
    write(&run.join("attachments"), "a.txt", "kept");
    let directory = RunDirectory::lock(&run).unwrap();
    write(directory.staging(), "runs.csv", "new");
    directory.commit(&[]).unwrap();
    assert_eq!(read(&run, "runs.csv").as_deref(), Some("new"));
    assert_eq!(
        read(&run.join("attachments"), "a.txt").as_deref(),
        Some("kept")
    );
    assert_eq!(everything(&run).1, ["run"]);
}
