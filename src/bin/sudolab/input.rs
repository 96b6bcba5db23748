//! What a puzzle argument on the command line names: standard input, a file, or puzzle text.

use std::io::IsTerminal;
use std::path::Path;

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

/// Opens the records of an argument (see [`interpret`]). Reading a terminal, a line on
/// standard error says so, so the command does not seem to hang.
pub fn open_puzzles(argument: &str) -> sudolab::Result<CorpusReader<Input>> {
    match interpret(argument) {
        Source::Stdin => {
            if std::io::stdin().is_terminal() {
                eprintln!(
                    "sudolab: reading puzzles from standard input, one per line (Ctrl-D ends; \
                     name a file or write a puzzle as an argument instead)"
                );
            }
            Ok(CorpusReader::stdin())
        }
        Source::File(path) => CorpusReader::from_path(path),
        Source::Text(text) => Ok(CorpusReader::from_text(text, "<argument>")),
    }
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
        // 15 cells: neither a grid nor a file that exists, so a path.
        assert_eq!(
            interpret("1.3...1..1..2.4"),
            Source::File(Path::new("1.3...1..1..2.4"))
        );
    }
}
