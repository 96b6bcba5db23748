//! What a puzzle argument on the command line names: standard input, a file, or puzzle text.

use std::io::{BufRead, IsTerminal, Read};
use std::path::Path;
use std::sync::Mutex;

use sudolab::corpus::CorpusReader;
use sudolab::input::Input;

/// Where the puzzles of an argument come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source<'a> {
    /// `-`: standard input.
    Stdin,
    /// A path (which may not exist: opening it then names it in the error).
    File(&'a Path),
    /// Puzzle text written on the command line.
    Text(&'a str),
}

/// Reads an argument: `-` is standard input; an existing path is a file; text made only of
/// cell symbols, blanks and separators, with a newline or the cell count of a grid (16, 81,
/// 256 or 625), is a puzzle; anything else is a path, so a mistyped file name is reported
/// as a missing file, not as a malformed puzzle.
pub fn interpret(argument: &str) -> Source<'_> {
    if argument == "-" {
        return Source::Stdin;
    }
    let path = Path::new(argument);
    if path.exists() {
        return Source::File(path);
    }
    if looks_like_puzzle(argument) {
        Source::Text(argument)
    } else {
        Source::File(path)
    }
}

fn looks_like_puzzle(text: &str) -> bool {
    let puzzle_part = text.split(':').next().unwrap_or("");
    let mut cells = 0usize;
    for ch in puzzle_part.chars() {
        match ch {
            '.' | '_' | '-' | '0'..='9' | 'A'..='P' | 'a'..='p' => cells += 1,
            '|' | '+' | '=' => {}
            c if c.is_whitespace() => {}
            _ => return false,
        }
    }
    text.contains('\n') || matches!(cells, 16 | 81 | 256 | 625)
}

/// Text that is meant as a puzzle even though its cell count fits no grid: only cell symbols,
/// blanks and separators, at least 12 cells, no lowercase letter (which a file name would
/// have). Read as a puzzle, it gets the reader's "wrong length" message instead of "no such
/// file".
fn almost_a_puzzle(text: &str) -> bool {
    let cells = text
        .chars()
        .filter(|c| matches!(c, '.' | '_' | '-' | '0'..='9' | 'A'..='P'))
        .count();
    let only_grid = text.chars().all(|c| {
        matches!(c, '.' | '_' | '-' | '0'..='9' | 'A'..='P' | '|' | '+' | '=') || c.is_whitespace()
    });
    only_grid && cells >= 12
}

/// Opens the records of an argument (see [`interpret`]). Reading a terminal, a line on
/// standard error says so, so the command does not seem to hang. A missing file whose name
/// is [almost a puzzle](almost_a_puzzle) is read as puzzle text.
pub fn open_puzzles(argument: &str) -> sudolab::Result<CorpusReader<Input>> {
    match interpret(argument) {
        Source::Stdin => {
            if std::io::stdin().is_terminal() {
                eprintln!(
                    "sudolab: reading puzzles from standard input, one per line (Ctrl-D ends; \
                     name a file or write a puzzle as an argument instead)"
                );
            }
            let input = STDIN_READ_AHEAD
                .lock()
                .ok()
                .and_then(|mut kept| kept.take())
                .unwrap_or_else(sudolab::input::stdin);
            Ok(CorpusReader::new(input, Some("<stdin>".into())))
        }
        Source::File(path) if !path.exists() && almost_a_puzzle(argument) => {
            Ok(CorpusReader::from_text(argument, "<argument>"))
        }
        Source::File(path) => CorpusReader::from_path(path),
        Source::Text(text) => Ok(CorpusReader::from_text(text, "<argument>")),
    }
}

/// Standard input after [`stdin_if_variant`] read its first lines and found a classic
/// corpus: those lines chained before the rest, for [`open_puzzles`] to read from the start.
static STDIN_READ_AHEAD: Mutex<Option<Input>> = Mutex::new(None);

/// Standard input, from its start, when it is in the variant format (its first line that
/// is neither blank nor a comment is a `variant:`, `boxes:`, `regions:` or `cage:` line);
/// otherwise `None`, and the lines read to tell are kept for [`open_puzzles`]. A terminal
/// is not read ahead: the variant format comes from files and pipes.
pub fn stdin_if_variant() -> std::io::Result<Option<Input>> {
    if std::io::stdin().is_terminal() {
        return Ok(None);
    }
    let mut reader = sudolab::input::stdin();
    let mut head = Vec::new();
    loop {
        let start = head.len();
        if reader.read_until(b'\n', &mut head)? == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&head[start..]);
        let line = line.trim();
        if !line.is_empty() && !line.starts_with('#') {
            break;
        }
    }
    let variant = sudolab::variant::format::looks_like_variant(&head);
    let input: Input = Box::new(std::io::Cursor::new(head).chain(reader));
    if variant {
        return Ok(Some(input));
    }
    if let Ok(mut kept) = STDIN_READ_AHEAD.lock() {
        *kept = Some(input);
    }
    Ok(None)
}

/// The worker pool of `--threads N` (0 = every core), refusing more than the harness's
/// limit.
pub fn worker_pool(threads: usize) -> anyhow::Result<rayon::ThreadPool> {
    let max_threads = sudolab::harness::run::MAX_THREADS;
    if threads > max_threads {
        anyhow::bail!("--threads {threads}: at most {max_threads} worker threads");
    }
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_paths_unless_they_are_puzzles() {
        assert_eq!(interpret("-"), Source::Stdin);
        assert_eq!(
            interpret("puzzles.txt"),
            Source::File(Path::new("puzzles.txt"))
        );
        assert_eq!(interpret("abc"), Source::File(Path::new("abc")));
        let four = "1.3...1..1..2.4.";
        assert_eq!(interpret(four), Source::Text(four));
        assert_eq!(
            interpret("1.3. ..1. .1.. 2.4."),
            Source::Text("1.3. ..1. .1.. 2.4.")
        );
        assert_eq!(interpret("1.3.\n..1.\n"), Source::Text("1.3.\n..1.\n"));
        // 15 cells: neither a grid nor a file that exists, so a path, but one that is read
        // as a puzzle when opened (to be told its length is wrong).
        assert_eq!(
            interpret("1.3...1..1..2.4"),
            Source::File(Path::new("1.3...1..1..2.4"))
        );
        assert!(almost_a_puzzle("1.3...1..1..2.4"));
        assert!(!almost_a_puzzle("puzzles.txt"));
        assert!(!almost_a_puzzle("2024.12"));
        assert!(!almost_a_puzzle("run-1/runs.csv"));
    }
}
