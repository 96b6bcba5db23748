//! Records of one line with fields: `puzzle:count:solution` and Kaggle's `quizzes,solutions`.
//!
//! Errors name the line, the column (in characters, counted from 1 on the whole line) and the
//! field, e.g. `line 3, column 83 (solution field): wrong length: 80 cells`.

use super::{ExpectedCount, Record};
use crate::error::{Error, Location, ParseErrorKind, Result};
use crate::geometry::Cell;
use crate::grid::{self, Grid};

/// A known-answer line: `puzzle`, `puzzle:count` or `puzzle:count:solution`, either of the
/// last two fields possibly empty.
pub(super) fn known_answer_line(line: &str, number: u64) -> Result<Record> {
    let mut fields = line.splitn(3, ':');
    let puzzle_text = fields.next().unwrap_or("");
    let count_text = fields.next().unwrap_or("");
    let solution_text = fields.next().unwrap_or("");
    let puzzle = grid_from_field(puzzle_text, number, 0, "puzzle")?;
    let count_offset = puzzle_text.chars().count() + 1;
    let expected_count = if count_text.trim().is_empty() {
        None
    } else {
        let count = parse_count(count_text.trim()).ok_or_else(|| {
            field_error(
                number,
                Some(count_offset as u64 + 1),
                "count",
                ParseErrorKind::BadCount {
                    text: count_text.trim().to_string(),
                },
            )
        })?;
        Some(count)
    };
    let solution_offset = count_offset + count_text.chars().count() + 1;
    let expected_solution = if solution_text.trim().is_empty() {
        None
    } else {
        Some(solution_for(
            &puzzle,
            solution_text,
            number,
            solution_offset,
        )?)
    };
    Ok(Record {
        index: 0,
        line: number,
        puzzle,
        expected_count,
        expected_solution,
    })
}

/// A row of Kaggle's CSV layout: `puzzle,solution`.
pub(super) fn csv_row(line: &str, number: u64) -> Result<Record> {
    let mut fields = line.split(',');
    let (Some(quiz), Some(solution), None) = (fields.next(), fields.next(), fields.next()) else {
        return Err(Error::parse(
            Location::at(number, 1),
            ParseErrorKind::CsvFields,
        ));
    };
    let puzzle = grid_from_field(quiz, number, 0, "quizzes")?;
    let offset = quiz.chars().count() + 1;
    let solution = solution_for(&puzzle, solution, number, offset)
        .map_err(|error| rename_field(error, "solutions"))?;
    Ok(Record {
        index: 0,
        line: number,
        puzzle,
        expected_count: Some(ExpectedCount::Exactly(1)),
        expected_solution: Some(solution),
    })
}

fn field_error(
    number: u64,
    column: Option<u64>,
    field: &'static str,
    kind: ParseErrorKind,
) -> Error {
    Error::parse(
        Location {
            line: Some(number),
            column,
            field: Some(field),
            ..Location::default()
        },
        kind,
    )
}

fn rename_field(error: Error, field: &'static str) -> Error {
    match error {
        Error::Parse { mut location, kind } => {
            location.field = Some(field);
            Error::Parse { location, kind }
        }
        other => other,
    }
}

pub(super) fn parse_count(text: &str) -> Option<ExpectedCount> {
    match text.strip_suffix('+') {
        Some(n) => n.trim().parse().ok().map(ExpectedCount::AtLeast),
        None => text.parse().ok().map(ExpectedCount::Exactly),
    }
}

/// A one-line grid from `field`, which starts `offset` characters into its line; errors
/// carry the whole line's column and the field's name.
pub(super) fn grid_from_field(
    field: &str,
    number: u64,
    offset: usize,
    name: &'static str,
) -> Result<Grid> {
    let mut cells = Vec::new();
    let located = |error: Error| match error {
        Error::Parse { mut location, kind } => {
            if let Some(column) = &mut location.column {
                *column += offset as u64;
            }
            location.line = Some(number);
            location.field = Some(name);
            Error::Parse { location, kind }
        }
        other => other,
    };
    grid::scan_cells(field, number, &mut cells).map_err(located)?;
    grid_from_cells(field, number, cells).map_err(located)
}

/// A grid from the cells of one line, checking its size and every digit against it.
pub(super) fn grid_from_cells(line: &str, number: u64, cells: Vec<u8>) -> Result<Grid> {
    let box_side = grid::box_side_for(cells.len())
        .map_err(|kind| Error::parse(Location::line(number), kind))?;
    check_digits(line, number, &cells, box_side * box_side)?;
    Grid::from_cells(cells)
}

/// Checks every cell value against `side`, naming the column of the first that is too large.
pub(super) fn check_digits(line: &str, number: u64, cells: &[u8], side: usize) -> Result<()> {
    if let Some(k) = cells.iter().position(|&v| v as usize > side) {
        let (column, ch) = grid::column_of_cell(line, k).expect("cell k is on its line");
        return Err(Error::parse(
            Location::at(number, column),
            ParseErrorKind::DigitTooLarge { ch, side },
        ));
    }
    Ok(())
}

fn solution_for(puzzle: &Grid, text: &str, number: u64, offset: usize) -> Result<Grid> {
    let solution = grid_from_field(text, number, offset, "solution")?;
    let located = |column: usize, kind| field_error(number, Some(column as u64), "solution", kind);
    if solution.cells().len() != puzzle.cells().len() {
        return Err(located(
            offset + 1,
            ParseErrorKind::SolutionSizeMismatch {
                found: solution.cells().len(),
                expected: puzzle.cells().len(),
            },
        ));
    }
    if let Some(blank) = solution.cells().iter().position(|&v| v == 0) {
        let column = grid::column_of_cell(text, blank).map_or(blank + 1, |(c, _)| c as usize);
        return Err(located(
            offset + column,
            ParseErrorKind::IncompleteSolution {
                cell: puzzle.geometry().cell_name(Cell::new(blank)),
            },
        ));
    }
    Ok(solution)
}
