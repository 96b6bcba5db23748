use super::*;

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKIPEDIA_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn read(text: &str) -> Vec<Result<Record>> {
    CorpusReader::new(text.as_bytes(), Some("corpus.txt".into())).collect()
}

fn parse_error(result: &Result<Record>) -> (&Location, &ParseErrorKind) {
    match result {
        Err(Error::Parse { location, kind }) => (location, kind),
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn one_line_comments_and_crlf() {
    let text = format!(
        "# header\r\n{WIKIPEDIA}\r\n\r\n{}\n",
        WIKIPEDIA.replace('.', "0")
    );
    let records = read(&text);
    assert_eq!(records.len(), 2);
    let first = records[0].as_ref().unwrap();
    let second = records[1].as_ref().unwrap();
    assert_eq!((first.index, first.line), (0, 2));
    assert_eq!((second.index, second.line), (1, 4));
    assert_eq!(first.puzzle, second.puzzle);
}

#[test]
fn known_answer_fields() {
    let text = format!(
        "{WIKIPEDIA}:1:{WIKIPEDIA_SOLUTION}\n{WIKIPEDIA}:2+\n{WIKIPEDIA}::{WIKIPEDIA_SOLUTION}\n"
    );
    let records: Vec<Record> = read(&text).into_iter().map(Result::unwrap).collect();
    assert_eq!(records[0].expected_count, Some(ExpectedCount::Exactly(1)));
    assert_eq!(
        records[0].expected_solution.as_ref().unwrap().to_line(),
        WIKIPEDIA_SOLUTION
    );
    assert_eq!(records[1].expected_count, Some(ExpectedCount::AtLeast(2)));
    assert_eq!(records[1].expected_solution, None);
    assert_eq!(records[2].expected_count, None);
    assert!(records[2].expected_solution.is_some());
}

#[test]
fn bad_count_and_incomplete_solution_are_located() {
    let text = format!("{WIKIPEDIA}:one\n{WIKIPEDIA}:1:{WIKIPEDIA}\n");
    let records = read(&text);
    let (location, kind) = parse_error(&records[0]);
    assert_eq!(kind, &ParseErrorKind::BadCount { text: "one".into() });
    assert_eq!((location.line, location.column), (Some(1), Some(83)));
    let (location, kind) = parse_error(&records[1]);
    assert_eq!(
        kind,
        &ParseErrorKind::IncompleteSolution {
            cell: "r1c3".into()
        }
    );
    assert_eq!((location.line, location.column), (Some(2), Some(87)));
}

#[test]
fn pretty_grids_of_every_size() {
    for n in 2..=5usize {
        let side = n * n;
        let cells: Vec<u8> = (0..side * side)
            .map(|c| {
                let (r, col) = (c / side, c % side);
                if (r + col) % 3 == 0 {
                    0
                } else {
                    ((r * n + r / n + col) % side) as u8 + 1
                }
            })
            .collect();
        let grid = Grid::from_cells(cells).unwrap();
        let text = format!("# a grid\n{}\n{}", grid.to_pretty(), grid.to_pretty());
        let records = read(&text);
        assert_eq!(records.len(), 2, "box side {n}");
        assert_eq!(records[0].as_ref().unwrap().puzzle, grid);
        assert_eq!(records[0].as_ref().unwrap().line, 2);
        assert_eq!(records[1].as_ref().unwrap().puzzle, grid);
    }
}

#[test]
fn kaggle_csv() {
    let text = format!(
        "quizzes,solutions\n{},{WIKIPEDIA_SOLUTION}\n",
        WIKIPEDIA.replace('.', "0")
    );
    let records = read(&text);
    let record = records[0].as_ref().unwrap();
    assert_eq!(record.puzzle.to_line(), WIKIPEDIA);
    assert_eq!(record.line, 2);
    assert_eq!(
        record.expected_solution.as_ref().unwrap().to_line(),
        WIKIPEDIA_SOLUTION
    );
    let bad = read("quizzes,solutions\n123\n");
    assert_eq!(parse_error(&bad[0]).1, &ParseErrorKind::CsvFields);
}

#[test]
fn bad_lines_are_reported_and_reading_goes_on() {
    let text = format!(
        "{}\n{}x{}\n{WIKIPEDIA}\n",
        &WIKIPEDIA[..80],
        &WIKIPEDIA[..40],
        &WIKIPEDIA[41..]
    );
    let records = read(&text);
    assert_eq!(records.len(), 3);
    let (location, kind) = parse_error(&records[0]);
    assert_eq!(kind, &ParseErrorKind::WrongLength { found: 80 });
    assert_eq!(location.source.as_deref(), Some("corpus.txt"));
    assert_eq!(location.line, Some(1));
    let (location, kind) = parse_error(&records[1]);
    assert_eq!(kind, &ParseErrorKind::UnknownCharacter { ch: 'x' });
    assert_eq!((location.line, location.column), (Some(2), Some(41)));
    let good = records[2].as_ref().unwrap();
    assert_eq!((good.index, good.line), (2, 3));
    let message = records[1].as_ref().unwrap_err().to_string();
    assert!(
        message.starts_with("corpus.txt, line 2, column 41: unknown character 'x'"),
        "{message}"
    );
}

#[test]
fn truncated_pretty_grid_and_ragged_rows() {
    let records = read("1 2 | 3 4\n3 4 | 1 2\n");
    let (location, kind) = parse_error(&records[0]);
    assert_eq!(kind, &ParseErrorKind::Truncated { found: 8 });
    assert_eq!(location.line, Some(1));
    let records = read("1 2 | 3 4\n3 4 1\n");
    assert_eq!(
        parse_error(&records[0]).1,
        &ParseErrorKind::RowLength { found: 3, side: 4 }
    );
}

#[test]
fn digit_too_large_in_small_grid() {
    let records = read("1.3...1..1..2.9.\n");
    let (location, kind) = parse_error(&records[0]);
    assert_eq!(kind, &ParseErrorKind::DigitTooLarge { ch: '9', side: 4 });
    assert_eq!(location.column, Some(15));
}

#[test]
fn invalid_utf8_is_an_error_not_a_panic() {
    let mut bytes = WIKIPEDIA.as_bytes().to_vec();
    bytes[5] = 0xFF;
    bytes.push(b'\n');
    bytes.extend_from_slice(WIKIPEDIA.as_bytes());
    let records: Vec<_> = CorpusReader::new(&bytes[..], None).collect();
    assert_eq!(parse_error(&records[0]).1, &ParseErrorKind::NotUtf8);
    assert!(records[1].is_ok());
}

#[test]
fn expected_count_agreement() {
    use ExpectedCount::*;
    assert!(Exactly(1).agrees_with(1, 2));
    assert!(!Exactly(1).agrees_with(2, 2));
    assert!(Exactly(5).agrees_with(2, 2)); // capped at the limit: "at least 2"
    assert!(!Exactly(5).agrees_with(4, 0));
    assert!(AtLeast(2).agrees_with(2, 2));
    assert!(!AtLeast(2).agrees_with(1, 2));
}
