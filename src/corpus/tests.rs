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
    assert_eq!(
        kind,
        &ParseErrorKind::Truncated {
            rows: 2,
            side: 4,
            end: "the end of the input".into()
        }
    );
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

/// The Wikipedia puzzle as a pretty grid, without its row `skip` (0-based) when given.
fn pretty(skip: Option<usize>) -> String {
    let grid = Grid::parse(WIKIPEDIA).unwrap().to_pretty();
    let mut row = 0;
    let mut out = String::new();
    for line in grid.lines() {
        let is_row = !line.starts_with('-');
        if is_row {
            row += 1;
            if Some(row - 1) == skip {
                continue;
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[test]
fn a_grid_missing_a_row_costs_one_record_before_a_blank_line() {
    // Finding 2 of the reliability issue: the short grid used to swallow the next grid's
    // first row, and every later grid was misread.
    let text = format!("{}\n{}\n{}", pretty(Some(8)), pretty(None), pretty(None));
    let records = read(&text);
    assert_eq!(records.len(), 3, "{records:?}");
    let (location, kind) = parse_error(&records[0]);
    assert_eq!(location.line, Some(1));
    assert!(
        matches!(kind, ParseErrorKind::Truncated { rows: 8, side: 9, end } if end.contains("blank line")),
        "{kind:?}"
    );
    for record in &records[1..] {
        assert_eq!(record.as_ref().unwrap().puzzle.to_line(), WIKIPEDIA);
    }
}

#[test]
fn a_grid_missing_a_row_is_caught_by_its_separators_without_blank_lines() {
    // Row 5 (in the middle band) is missing: the separator after the band comes one row
    // early. The next grid, written straight after, is still read.
    let text = format!("{}{}", pretty(Some(4)), pretty(None));
    let records = read(&text);
    let (location, kind) = parse_error(&records[0]);
    assert_eq!(
        kind,
        &ParseErrorKind::MisplacedSeparator { row: 5, band: 3 }
    );
    assert_eq!(location.line, Some(7));
    let good: Vec<_> = records.iter().filter_map(|r| r.as_ref().ok()).collect();
    assert_eq!(good.len(), 1, "{records:?}");
    assert_eq!(good[0].puzzle.to_line(), WIKIPEDIA);
}

#[test]
fn a_bad_row_skips_the_rest_of_its_grid() {
    let mut lines: Vec<String> = pretty(None).lines().map(String::from).collect();
    lines[1] = "6 . . | 1 9 5 | . .".into(); // a short row
    let text = format!("{}\n{}", lines.join("\n"), pretty(None));
    let records = read(&text);
    assert_eq!(records.len(), 2, "{records:?}");
    assert_eq!(
        parse_error(&records[0]).1,
        &ParseErrorKind::RowLength { found: 8, side: 9 }
    );
    assert_eq!(records[1].as_ref().unwrap().puzzle.to_line(), WIKIPEDIA);
}

#[test]
fn a_spaced_sixteen_cell_line_is_a_4x4_puzzle_unless_rows_follow() {
    let records = read("1.3. ..1. .1.. 2.4.\n1.3. ..1. .1.. 2.4.\n\n");
    // Two lines of 16 spaced cells with digits at most 4, back to back: the first starts a
    // 16x16 grid, which the blank line truncates.
    assert!(matches!(
        parse_error(&records[0]).1,
        ParseErrorKind::Truncated {
            rows: 2,
            side: 16,
            ..
        }
    ));
    let records = read("1.3. ..1. .1.. 2.4.\n\n1.3. ..1. .1.. 2.4.\n");
    assert_eq!(records.len(), 2);
    for record in records {
        assert_eq!(record.unwrap().puzzle.to_line(), "1.3...1..1..2.4.");
    }
    // Followed by a one-line 9x9 puzzle: the 4x4 ends there and both are read.
    let records = read(&format!("1.3. ..1. .1.. 2.4.\n{WIKIPEDIA}\n"));
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].as_ref().unwrap().puzzle.side(), 4);
    assert_eq!(records[1].as_ref().unwrap().puzzle.to_line(), WIKIPEDIA);
    // A digit above 4 makes it a 16x16 row for sure.
    let records = read("1.3. ..1. .1.. 2.9.\n");
    assert!(matches!(
        parse_error(&records[0]).1,
        ParseErrorKind::Truncated {
            rows: 1,
            side: 16,
            ..
        }
    ));
}

#[test]
fn a_row_of_dashes_is_a_row_of_blanks() {
    let mut rows: Vec<String> = Grid::parse(WIKIPEDIA)
        .unwrap()
        .to_line()
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect();
    rows[3] = "---------".into();
    let text = rows.join("\n");
    let records = read(&text);
    assert_eq!(records.len(), 1, "{records:?}");
    let puzzle = records[0].as_ref().unwrap().puzzle.to_line();
    assert_eq!(&puzzle[27..36], ".........");
    assert_eq!(&puzzle[..27], &WIKIPEDIA[..27]);
    // Longer lines of dashes are separators, as are lines with + or =.
    let text = format!("+-------+\n{}", rows.join("\n=========\n"));
    assert!(read(&text)[0].is_err());
}

#[test]
fn an_endless_line_stops_the_reader_with_its_line_number() {
    use std::io::Read;
    let zeros = std::io::repeat(0).take(1 << 30);
    let reader = std::io::BufReader::new(zeros);
    let records: Vec<_> = CorpusReader::new(reader, Some("/dev/zero".into())).collect();
    assert_eq!(records.len(), 1);
    let (location, kind) = parse_error(&records[0]);
    assert_eq!(
        kind,
        &ParseErrorKind::LineTooLong {
            limit: MAX_CORPUS_LINE
        }
    );
    assert_eq!(location.line, Some(1));
}

#[test]
fn field_errors_name_the_field() {
    let text = format!("{WIKIPEDIA}:1:{}\n", &WIKIPEDIA_SOLUTION[..80]);
    let message = read(&text)[0].as_ref().unwrap_err().to_string();
    assert_eq!(
        message,
        "corpus.txt, line 1 (solution field): wrong length: 80 cells, but a grid has 16, 81, 256 or 625 cells"
    );
    let text = format!(
        "quizzes,solutions\n{WIKIPEDIA},{}x\n",
        &WIKIPEDIA_SOLUTION[..80]
    );
    let message = read(&text)[0].as_ref().unwrap_err().to_string();
    assert_eq!(
        message,
        "corpus.txt, line 2, column 163 (solutions field): unknown character 'x' (a cell is 1-9 or A-P, a blank is . 0 _ or -)"
    );
}

#[test]
fn gzip_files_are_read_by_their_magic_bytes() {
    use std::io::Write;
    let dir = std::env::temp_dir().join(format!("sudolab-gz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("plain-name.txt");
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    writeln!(encoder, "{WIKIPEDIA}\n{WIKIPEDIA}").unwrap();
    std::fs::write(&path, encoder.finish().unwrap()).unwrap();
    let records: Vec<_> = CorpusReader::from_path(&path).unwrap().collect();
    assert_eq!(records.len(), 2);
    assert_eq!(records[1].as_ref().unwrap().line, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}
