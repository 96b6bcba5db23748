//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use sudolab::corpus::{CorpusReader, Record};

pub mod random_cover;

/// The bundled data folder.
pub fn datasets() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("datasets")
}

/// A 25x25 puzzle the techniques up to 8.5 (`--up-to 8.5`) leave stuck, in a few seconds
/// (dynamic forcing chains do not finish it; today the nested levels stop at 16x16 anyway): the 14th puzzle
/// of `datasets/generated_25x25.txt` with three more givens from its solution, at r1c25,
/// r6c11 and r18c12, so that the search from where the techniques stop stays short (about
/// 30,000 events of `explain --allow-guess`; the bare puzzle's take millions).
pub fn stuck_25x25() -> String {
    let text = std::fs::read_to_string(datasets().join("generated_25x25.txt")).unwrap();
    let line = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .nth(13)
        .unwrap();
    let mut fields = line.split(':');
    let (puzzle, solution) = (fields.next().unwrap(), fields.nth(1).unwrap());
    let mut cells: Vec<char> = puzzle.chars().collect();
    let solution: Vec<char> = solution.chars().collect();
    for (row, column) in [(1, 25), (6, 11), (18, 12)] {
        let index = (row - 1) * 25 + column - 1;
        assert_eq!(cells[index], '.', "r{row}c{column} is empty in the puzzle");
        cells[index] = solution[index];
    }
    cells.into_iter().collect()
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

/// A command run by [`finish`] that has not finished by then is hung: the watchdog kills it
/// and fails the test. That bounds a hang; it asserts nothing about speed.
pub const WATCHDOG: Duration = Duration::from_secs(60);

/// The binary started with `args` (in `dir`, if given), its standard streams piped.
pub fn spawn(args: &[&str], dir: Option<&Path>) -> Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sudolab"));
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    command.spawn().expect("sudolab runs")
}

/// Waits for `child`, killing it (and failing) after [`WATCHDOG`]. Its standard output and
/// error are read as it runs (a child that fills a pipe nobody reads would wait forever).
pub fn finish(mut child: Child, what: &str) -> Output {
    fn drain(
        pipe: Option<impl std::io::Read + Send + 'static>,
    ) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    }
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > WATCHDOG {
            let _ = child.kill();
            panic!("{what}: still running after {WATCHDOG:?}: hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

/// The binary run with `args` in `dir` (if given), `stdin` as its input, under the watchdog.
pub fn sudolab_in(args: &[&str], stdin: &str, dir: Option<&Path>) -> Output {
    let mut child = spawn(args, dir);
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_string();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(input.as_bytes());
    });
    let output = finish(child, &args.join(" "));
    writer.join().unwrap();
    output
}

/// Runs `args`, sends Ctrl-C (SIGINT) once the first line of standard output is out and
/// `delay` has passed (the signal handler is installed by then), and returns all of standard
/// output and the finished process's output (its standard error and status).
pub fn interrupt_after_first_line(args: &[&str], delay: Duration) -> (String, Output) {
    use std::io::{BufRead, BufReader, Read};
    let mut child = spawn(args, None);
    drop(child.stdin.take());
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut printed = String::new();
    stdout.read_line(&mut printed).unwrap();
    std::thread::sleep(delay);
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let output = finish(child, &format!("{} after Ctrl-C", args.join(" ")));
    stdout.read_to_string(&mut printed).unwrap();
    (printed, output)
}

/// [`interrupt_after_first_line`] until the second record was in progress when the signal
/// came (its line was printed): a signal between two records finds none in progress, so it
/// is tried again with a longer delay, three times at most.
pub fn interrupt_during_second_record(args: &[&str]) -> (String, Output) {
    let mut last = None;
    for delay in [100, 400, 1500] {
        let (printed, output) = interrupt_after_first_line(args, Duration::from_millis(delay));
        if printed.lines().count() >= 2 {
            return (printed, output);
        }
        last = Some((printed, output));
    }
    last.expect("three tries")
}
