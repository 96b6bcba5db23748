//! The reader's line-by-line work: headers, region maps, cages and puzzle lines.

use super::*;

impl Reader<'_> {
    fn error(&self, line: u64, column: Option<u64>, message: String) -> Error {
        error_at(self.source, line, column, message)
    }

    /// The error for a regions or cage line that no puzzle line followed, if any.
    pub(super) fn left_over(&self) -> Option<Error> {
        let line = self
            .regions
            .as_ref()
            .map(|r| r.0)
            .or(self.cages.first().map(|c| c.line))?;
        let message = "a regions or cage line with no puzzle line after it".into();
        Some(self.error(line, None, message))
    }

    /// Reads one line: a puzzle line gives its record. After an error, the puzzle lines it
    /// concerns are refused too (see [`Reader::refused_header`]).
    pub(super) fn line(&mut self, number: u64, text: &str) -> Result<Option<Record>> {
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return Ok(None);
        }
        // The column (from 1) of the value after `key:`.
        let value_column = |key: &str| {
            let start = text.find(key).unwrap_or(0) + key.len();
            let skipped = text[start..].len() - text[start..].trim_start().len();
            (text[..start + skipped].chars().count() + 1) as u64
        };
        let key_word = trimmed
            .split(':')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        let is_key = ["variant", "boxes", "regions", "cage"].contains(&key_word.as_str())
            || !key_word
                .chars()
                .all(|ch| matches!(token(ch), Token::Cell(_) | Token::Skip));
        if let (true, Some((key, value))) = (is_key, trimmed.split_once(':')) {
            let column = value_column(&format!("{key}:"));
            let key = key.trim().to_ascii_lowercase();
            let read = match key.as_str() {
                "variant" => self.variant_line(number, text, column),
                "boxes" => self.boxes_line(number, column, value.trim()),
                "regions" => self.regions_line(number, text, column),
                "cage" => self.cage_line(number, text, column),
                other => Err(self.error(
                    number,
                    Some(1),
                    format!(
                        "unknown key {other:?} (a line is `variant:`, `boxes:`, `regions:`, \
                         `cage:`, a comment or a puzzle)"
                    ),
                )),
            };
            let header = key == "variant" || key == "boxes";
            match read {
                Err(error) => {
                    self.refused_before = Some(number);
                    if header {
                        self.refused_header = Some((number, key == "boxes"));
                    }
                    return Err(error);
                }
                Ok(()) if key == "variant" => self.refused_header = None,
                Ok(()) if key == "boxes" && self.refused_header.is_some_and(|(_, b)| b) => {
                    self.refused_header = None
                }
                Ok(()) => {}
            }
            return Ok(None);
        }
        let refused = self
            .refused_before
            .take()
            .or(self.refused_header.map(|r| r.0));
        let read = match refused {
            Some(line) => Err(self.error(
                number,
                None,
                format!("not read: it belongs to line {line}, which was refused"),
            )),
            None => self.puzzle_line(number, text),
        };
        if read.is_err() {
            // Its regions and cages go with it, never to the next puzzle.
            self.regions = None;
            self.cages.clear();
        }
        read.map(Some)
    }

    fn variant_line(&mut self, number: u64, text: &str, column: u64) -> Result<()> {
        if self.regions.is_some() || !self.cages.is_empty() {
            return Err(self.error(
                number,
                Some(1),
                "a variant line between a puzzle's regions or cages and its puzzle line".into(),
            ));
        }
        let value: String = text.chars().skip(column as usize - 1).collect();
        let (rules, jigsaw) = rule_words(&value).map_err(|(offset, message)| {
            let word_column = column + value[..offset].chars().count() as u64;
            self.error(number, Some(word_column), message)
        })?;
        self.header = Header {
            rules,
            jigsaw,
            boxes: None,
        };
        Ok(())
    }

    fn boxes_line(&mut self, number: u64, column: u64, value: &str) -> Result<()> {
        let parsed = value
            .split_once(['x', 'X'])
            .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
        match parsed {
            Some((rows, columns)) if rows >= 1 && columns >= 1 => {
                self.header.boxes = Some((rows, columns));
                Ok(())
            }
            _ => Err(self.error(
                number,
                Some(column),
                format!("bad box shape {value:?} (write rows x columns, such as 2x3)"),
            )),
        }
    }

    fn regions_line(&mut self, number: u64, text: &str, column: u64) -> Result<()> {
        let mut symbols = Vec::new();
        for (k, ch) in text.chars().enumerate().skip(column as usize - 1) {
            match token(ch) {
                Token::Cell(value) if value >= 1 => symbols.push((value - 1, k as u64 + 1)),
                Token::Skip => {}
                _ => {
                    return Err(self.error(
                        number,
                        Some(k as u64 + 1),
                        format!("{ch:?} is not a region number (regions are 1-9 then A-P)"),
                    ))
                }
            }
        }
        self.regions = Some((number, symbols));
        Ok(())
    }

    fn cage_line(&mut self, number: u64, text: &str, column: u64) -> Result<()> {
        let mut words = Vec::new();
        let mut start = None;
        for (k, ch) in text.char_indices().chain([(text.len(), ' ')]) {
            let col = text[..k].chars().count() as u64 + 1;
            match (ch.is_whitespace() || ch == ',', start) {
                (true, Some((s, c))) => {
                    words.push((&text[s..k], c));
                    start = None;
                }
                (false, None) if col >= column => start = Some((k, col)),
                _ => {}
            }
        }
        let Some(&(sum_text, sum_column)) = words.first() else {
            return Err(self.error(number, Some(column), "a cage needs a sum and cells".into()));
        };
        let sum = sum_text.parse::<u32>().map_err(|_| {
            self.error(
                number,
                Some(sum_column),
                format!("bad cage sum {sum_text:?} (a cage line is `cage: SUM r1c1 r1c2 ...`)"),
            )
        })?;
        let mut cells = Vec::new();
        for &(word, col) in &words[1..] {
            let cell = parse_cell_name(word).ok_or_else(|| {
                self.error(
                    number,
                    Some(col),
                    format!("bad cell {word:?} (write r3c5: row, then column, from 1)"),
                )
            })?;
            cells.push((cell.0, cell.1, col));
        }
        if cells.is_empty() {
            return Err(self.error(number, Some(column), "a cage with no cells".into()));
        }
        self.cages.push(PendingCage {
            line: number,
            sum,
            cells,
        });
        Ok(())
    }

    fn puzzle_line(&mut self, number: u64, line: &str) -> Result<Record> {
        let (text, answer) = match line.split_once(':') {
            Some((text, answer)) => (text, Some(answer)),
            None => (line, None),
        };
        let cells = scan_cells(text).map_err(|(column, ch)| {
            self.error(
                number,
                Some(column),
                format!(
                    "unknown character {ch:?} (a cell is 1-9 or A-P, a blank is . 0 _ \
                     or -; other lines start with variant:, boxes:, regions: or cage:)"
                ),
            )
        })?;
        let side = (1..=MAX_SIDE).find(|s| s * s == cells.len());
        let Some(side) = side.filter(|&s| s >= MIN_SIDE) else {
            return Err(self.error(
                number,
                None,
                format!(
                    "{} cells: a puzzle line has side x side cells, a side of {MIN_SIDE} to {MAX_SIDE}",
                    cells.len()
                ),
            ));
        };
        if let Some(&(value, column)) = cells.iter().find(|&&(value, _)| value as usize > side) {
            return Err(self.error(
                number,
                Some(column),
                format!(
                    "digit {} is too large for a {side}x{side} grid",
                    symbol(value) as char
                ),
            ));
        }
        let regions = self.regions(number, side)?;
        let cages = self.cages(side)?;
        let variant = Variant::new(side, regions, &self.header.rules, cages)
            .map_err(|error| self.relocate(error, number))?;
        let puzzle = Puzzle::new(variant, cells.iter().map(|&(value, _)| value).collect())
            .map_err(|error| self.relocate(error, number))?;
        let (expected_count, expected_solution) = match answer {
            Some(answer) => self.answer(number, text.chars().count() + 2, answer, side)?,
            None => (None, None),
        };
        Ok(Record {
            line: number,
            puzzle,
            expected_count,
            expected_solution,
        })
    }

    /// The `COUNT[:SOLUTION]` after a puzzle, starting at `column`.
    fn answer(
        &self,
        number: u64,
        column: usize,
        answer: &str,
        side: usize,
    ) -> Result<(Option<ExpectedCount>, Option<Vec<u8>>)> {
        let (count_text, solution_text) = match answer.split_once(':') {
            Some((count, solution)) => (count, Some(solution)),
            None => (answer, None),
        };
        let count = match count_text.trim().strip_suffix('+') {
            Some(n) => n.trim().parse().ok().map(ExpectedCount::AtLeast),
            None => count_text.trim().parse().ok().map(ExpectedCount::Exactly),
        };
        let Some(count) = count else {
            return Err(self.error(
                number,
                Some(column as u64),
                format!("bad solution count {count_text:?} (a number such as 1, or 2+)"),
            ));
        };
        let Some(solution_text) = solution_text else {
            return Ok((Some(count), None));
        };
        let solution_column = column + count_text.chars().count() + 1;
        let mut solution = Vec::with_capacity(side * side);
        for (k, ch) in solution_text.trim_end().chars().enumerate() {
            match token(ch) {
                Token::Cell(value) if value >= 1 && value as usize <= side => solution.push(value),
                _ => {
                    return Err(self.error(
                        number,
                        Some((solution_column + k) as u64),
                        format!(
                        "{ch:?} in the solution: a solution has a digit 1 to {side} in every cell"
                    ),
                    ))
                }
            }
        }
        if solution.len() != side * side {
            return Err(self.error(
                number,
                Some(solution_column as u64),
                format!(
                    "the solution has {} cells but the puzzle has {}",
                    solution.len(),
                    side * side
                ),
            ));
        }
        Ok((Some(count), Some(solution)))
    }

    /// A description error from [`Variant::new`], placed on `line`.
    fn relocate(&self, error: Error, line: u64) -> Error {
        match error {
            Error::Variant { message, .. } => self.error(line, None, message),
            other => other,
        }
    }

    fn regions(&mut self, number: u64, side: usize) -> Result<Regions> {
        let pending = self.regions.take();
        match (self.header.jigsaw, pending) {
            (true, Some((line, symbols))) => {
                if symbols.len() != side * side {
                    return Err(self.error(
                        line,
                        None,
                        format!(
                            "{} region symbols for the {side}x{side} puzzle on line {number}",
                            symbols.len()
                        ),
                    ));
                }
                if let Some(&(region, column)) = symbols.iter().find(|s| s.0 as usize >= side) {
                    return Err(self.error(
                        line,
                        Some(column),
                        format!("region {} in a {side}x{side} grid", region + 1),
                    ));
                }
                Ok(Regions::Jigsaw(symbols.into_iter().map(|s| s.0).collect()))
            }
            (true, None) => Err(self.error(
                number,
                None,
                "a jigsaw puzzle needs a `regions:` line before it".into(),
            )),
            (false, Some((line, _))) => Err(self.error(
                line,
                None,
                "a regions line, but the variant is not jigsaw (add `jigsaw` to `variant:`)".into(),
            )),
            (false, None) => {
                let (rows, columns) = match self.header.boxes {
                    Some(shape) => shape,
                    None => default_boxes(side).ok_or_else(|| {
                        self.error(
                            number,
                            None,
                            format!(
                                "a {side}x{side} grid has no rectangular boxes; give \
                                 `variant: jigsaw` and a `regions:` line"
                            ),
                        )
                    })?,
                };
                Ok(Regions::Boxes { rows, columns })
            }
        }
    }

    fn cages(&mut self, side: usize) -> Result<Vec<Cage>> {
        let pending = std::mem::take(&mut self.cages);
        let mut cages = Vec::with_capacity(pending.len());
        for cage in pending {
            let mut cells = Vec::with_capacity(cage.cells.len());
            for &(row, column, at) in &cage.cells {
                if row >= side || column >= side {
                    return Err(self.error(
                        cage.line,
                        Some(at),
                        format!("r{}c{} is off the {side}x{side} grid", row + 1, column + 1),
                    ));
                }
                cells.push(Cell::new(row * side + column));
            }
            cells.sort_unstable();
            if let Some(pair) = cells.windows(2).find(|pair| pair[0] == pair[1]) {
                let cell = pair[0].index();
                return Err(self.error(
                    cage.line,
                    None,
                    format!("r{}c{} twice in one cage", cell / side + 1, cell % side + 1),
                ));
            }
            cages.push(Cage {
                sum: cage.sum,
                cells,
            });
        }
        Ok(cages)
    }
}
