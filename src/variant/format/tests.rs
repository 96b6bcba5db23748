use super::*;

#[test]
fn every_kind_of_line_reads_back_as_written() {
    let text = "\
variant: x anti-knight
1...............
variant: windoku disjoint-groups
.................................................................................
variant: killer non-consecutive
boxes: 2x3
cage: 7 r1c1 r1c2
cage: 11 r6c5 r6c6 r5c6
....................................
variant: jigsaw anti-king
regions: 111122223333444455556666777788889999111122223333444455556666777788889999111122223
.................................................................................
";
    // The jigsaw map above is not valid (regions of 9 cells each are needed).
    let error = parse(text, Some("t")).unwrap_err().to_string();
    assert!(
        error.starts_with("t, line 12: jigsaw region 1 has 12 cells"),
        "{error}"
    );
    let map: String = (0..81)
        .map(|c| symbol(((c / 9) as u8) + 1) as char)
        .collect();
    let text = text.replace(
        "111122223333444455556666777788889999111122223333444455556666777788889999111122223",
        &map,
    );
    let puzzles = parse(&text, None).unwrap();
    assert_eq!(puzzles.len(), 4);
    assert_eq!(puzzles[2].variant().name(), "non-consecutive+killer 6x6");
    assert_eq!(puzzles[2].variant().cages()[1].cells.len(), 3);
    // 6x6 boxes default to 2x3, so `boxes:` is not written back.
    let written = write(&puzzles);
    assert_eq!(parse(&written, None).unwrap(), puzzles);
    assert!(!written.contains("boxes:"));
}

#[test]
fn boxes_written_for_one_puzzle_are_undone_for_the_next() {
    // A `boxes:` line holds until the next `variant:` line, so a puzzle with the default
    // boxes after one with other boxes needs a header of its own, and a 9x9 puzzle after a
    // 6x6 one with 3x2 boxes must not inherit them.
    let text = "\
variant: non-consecutive
boxes: 3x2
....................................
variant: non-consecutive
....................................
variant: non-consecutive
boxes: 3x2
....................................
variant: non-consecutive
.................................................................................
";
    let puzzles = parse(text, None).unwrap();
    let shapes: Vec<_> = puzzles
        .iter()
        .map(|p| p.variant().regions().clone())
        .collect();
    assert_eq!(
        shapes,
        [(3, 2), (2, 3), (3, 2), (3, 3)].map(|(rows, columns)| Regions::Boxes { rows, columns })
    );
    let written = write(&puzzles);
    assert_eq!(parse(&written, None).unwrap(), puzzles, "{written}");
    assert_eq!(written.matches("boxes:").count(), 2, "{written}");
}

#[test]
fn a_puzzle_line_may_state_its_count_and_solution() {
    let text = "variant: x\n1...............:1:1234341243212143\ncage..........3.:2+\n";
    let error = read_records(text.as_bytes(), None).unwrap_err().to_string();
    assert!(
        error.contains("line 3, column 1: digit C is too large"),
        "{error}"
    );
    let text = "variant: x\n1...............:1:1234341243212143\n................:2+\n";
    let records = read_records(text.as_bytes(), None).unwrap();
    assert_eq!(records[0].expected_count, Some(ExpectedCount::Exactly(1)));
    assert_eq!(records[0].expected_solution.as_ref().unwrap()[4], 3);
    assert_eq!(records[1].expected_count, Some(ExpectedCount::AtLeast(2)));
    assert_eq!(records[1].line, 3);
    let solution = records[0].expected_solution.clone().unwrap();
    let written = write_with_solutions(&[records[0].puzzle.clone()], &[Some(solution.as_slice())]);
    assert_eq!(written, "variant: x\n1...............:1:1234341243212143\n");
    for (bad, expected) in [
        (
            "1...............:x\n",
            "line 1, column 18: bad solution count",
        ),
        (
            "1...............:1:12343412432121\n",
            "line 1, column 20: the solution has 14 cells",
        ),
        (
            "1...............:1:123434124321214.\n",
            "line 1, column 35: '.' in the solution",
        ),
    ] {
        let error = parse(bad, Some("f")).unwrap_err().to_string();
        assert!(
            error.starts_with(&format!("f, {expected}")),
            "{bad:?}: {error}"
        );
    }
}

#[test]
fn errors_name_the_line_and_column() {
    let cases = [
        (
            "variant: x nope\n",
            "line 1, column 12: unknown variant \"nope\"",
        ),
        ("boxes: 2by3\n", "line 1, column 8: bad box shape"),
        (
            "variant: killer\ncage: 7 r1c1 r9c1\n................\n",
            "line 2, column 14: r9c1 is off",
        ),
        (
            "variant: killer\ncage: x r1c1\n",
            "line 2, column 7: bad cage sum",
        ),
        (
            "variant: killer\ncage: 3 r1q1\n",
            "line 2, column 9: bad cell",
        ),
        (
            "cage: 3 r1c1\n................\n",
            "line 2: cages are given but the variant is not killer",
        ),
        ("1.3.\n", "line 1: 4 cells"),
        (
            "1..5............\n",
            "line 1, column 4: digit 5 is too large",
        ),
        (
            "variant: jigsaw\n................\n",
            "line 2: a jigsaw puzzle needs",
        ),
        (
            "variant: jigsaw\nregions: 12\n",
            "line 2: a regions or cage line with no puzzle",
        ),
        (
            "1.x.............\n",
            "line 1, column 3: unknown character 'x'",
        ),
        ("colour: red\n", "line 1, column 1: unknown key \"colour\""),
        (
            ".........................\n",
            "line 1: a 5x5 grid has no rectangular boxes",
        ),
        (
            "variant: windoku\nboxes: 2x3\n....................................\n",
            "line 3: windoku needs square boxes",
        ),
        (
            "boxes: 2x9773140137263543252\n................\n",
            "line 2: boxes of 2x9773140137263543252 cells do not tile a 4x4 grid",
        ),
    ];
    for (text, expected) in cases {
        let error = parse(text, Some("f")).unwrap_err().to_string();
        assert!(
            error.starts_with(&format!("f, {expected}")),
            "{text:?}: {error}"
        );
    }
}

#[test]
fn a_stream_goes_on_after_an_error_but_never_reads_a_puzzle_under_a_refused_line() {
    let text = "variant: x\n\
                1...............\n\
                variant: x sideways\n\
                .2..............\n\
                variant: killer\n\
                cage: 3 r1c1 r1c2\n\
                cage: 9 r9c9\n\
                ..3.............\n\
                ...4............\n\
                cage: 3 r1c1 r1c2\n\
                1.3.\n\
                4...............\n\
                variant: jigsaw\n\
                regions: 1122112233443344\n";
    let read: Vec<Result<Record>> = Records::new(text.as_bytes(), Some("f")).collect();
    let lines: Vec<std::result::Result<u64, String>> = read
        .iter()
        .map(|r| r.as_ref().map(|r| r.line).map_err(|e| e.to_string()))
        .collect();
    let error = |k: usize| lines[k].as_ref().unwrap_err().as_str();
    let no_cages = |k: usize| {
        read[k]
            .as_ref()
            .unwrap()
            .puzzle
            .variant()
            .cages()
            .is_empty()
    };
    assert_eq!(lines[0], Ok(2));
    assert!(error(1).starts_with("f, line 3, column 12"), "{}", error(1));
    assert!(error(2).contains("line 4") && error(2).contains("line 3, which was refused"));
    // The cage off the 4x4 grid refuses its puzzle; the next puzzle has no cages.
    assert!(error(3).contains("line 7"), "{}", error(3));
    assert_eq!(lines[4], Ok(9));
    assert!(no_cages(4));
    // A bad puzzle line takes its cage with it.
    assert!(error(5).contains("line 11"), "{}", error(5));
    assert_eq!(lines[6], Ok(12));
    assert!(no_cages(6));
    assert!(error(7).contains("line 14") && error(7).contains("no puzzle line after it"));
    assert_eq!(read.len(), 8);
    // The whole-file reader stops at the first.
    let first = read_records(text.as_bytes(), Some("f")).unwrap_err();
    assert_eq!(first.to_string(), error(1));
}

#[test]
fn default_boxes_are_the_most_nearly_square() {
    assert_eq!(default_boxes(9), Some((3, 3)));
    assert_eq!(default_boxes(6), Some((2, 3)));
    assert_eq!(default_boxes(8), Some((2, 4)));
    assert_eq!(default_boxes(12), Some((3, 4)));
    assert_eq!(default_boxes(7), None);
}

#[test]
fn a_variant_line_with_a_multi_byte_space_names_the_unknown_word_by_its_column() {
    // Found by the fuzzer: a no-break space (two bytes) between the words had the
    // reader slice inside it and panic.
    let text = format!("variant: x\u{a0}sandwich\n{}\n", ".".repeat(81));
    let error = parse(&text, Some("f.txt")).unwrap_err().to_string();
    assert!(error.contains("line 1, column 12"), "{error}");
    assert!(error.contains("\"sandwich\""), "{error}");
}
