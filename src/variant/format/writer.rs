//! Writing puzzles in the variant format.

use super::*;

/// The text of `puzzles` (see the module docs): a `variant:` line (and `boxes:` line) where
/// the description changes, then each puzzle's regions, cages and cells.
pub fn write(puzzles: &[Puzzle]) -> String {
    let answers: Vec<Option<&[u8]>> = vec![None; puzzles.len()];
    write_with_solutions(puzzles, &answers)
}

/// [`write()`], each puzzle with a known unique solution written `PUZZLE:1:SOLUTION`.
pub fn write_with_solutions(puzzles: &[Puzzle], solutions: &[Option<&[u8]>]) -> String {
    let mut writer = Writer::default();
    let mut out = String::new();
    for (k, puzzle) in puzzles.iter().enumerate() {
        out.push_str(&writer.puzzle(puzzle, solutions.get(k).copied().flatten()));
    }
    out
}

/// Writes puzzles one at a time (for output that streams): the `variant:` and `boxes:`
/// lines when the description changes from the puzzle before, then the puzzle's regions,
/// cages and line.
#[derive(Debug, Clone, Default)]
pub struct Writer {
    /// What a reader holds after the last header written: its rules, and the boxes of its
    /// `boxes:` line (`None`: the side's default). `None` before the first puzzle.
    previous: Option<Header>,
}

impl Writer {
    /// The text of `puzzle`, written `PUZZLE:1:SOLUTION` when `solution` is given.
    pub fn puzzle(&mut self, puzzle: &Puzzle, solution: Option<&[u8]>) -> String {
        let mut out = String::new();
        let variant = puzzle.variant();
        let side = variant.side();
        let (jigsaw, boxes) = match variant.regions() {
            Regions::Jigsaw(_) => (true, None),
            Regions::Boxes { rows, columns } => (false, Some((*rows, *columns))),
        };
        let explicit_boxes = boxes.filter(|&shape| Some(shape) != default_boxes(side));
        let first = self.previous.is_none();
        let previous = self.previous.as_ref();
        // The boxes a reader would give this puzzle without a new header: those of the last
        // `boxes:` line since the last `variant:` line, else the side's default.
        let boxes_read = previous.and_then(|p| p.boxes).or(default_boxes(side));
        let same_rules =
            previous.map(|p| (&p.rules[..], p.jigsaw)) == Some((variant.rules(), jigsaw));
        if same_rules && (jigsaw || boxes_read == boxes) {
            return self.body(puzzle, solution);
        }
        let mut words: Vec<&str> = Vec::new();
        if jigsaw {
            words.push("jigsaw");
        }
        words.extend(variant.rules().iter().map(|rule| rule.name()));
        if words.is_empty() {
            words.push("classic");
        }
        // A file of classic puzzles with square boxes reads as a classic corpus.
        let plain_classic = first && variant.is_classic() && explicit_boxes.is_none();
        if !plain_classic {
            out.push_str(&format!("variant: {}\n", words.join(" ")));
        }
        if let Some((rows, columns)) = explicit_boxes {
            out.push_str(&format!("boxes: {rows}x{columns}\n"));
        }
        self.previous = Some(Header {
            rules: variant.rules().to_vec(),
            jigsaw,
            boxes: explicit_boxes,
        });
        out.push_str(&self.body(puzzle, solution));
        out
    }

    /// A puzzle's regions, cages and line, under a header already written.
    fn body(&self, puzzle: &Puzzle, solution: Option<&[u8]>) -> String {
        let mut out = String::new();
        let variant = puzzle.variant();
        let side = variant.side();
        if let Regions::Jigsaw(map) = variant.regions() {
            let symbols: String = map.iter().map(|&r| symbol(r + 1) as char).collect();
            out.push_str(&format!("regions: {symbols}\n"));
        }
        for cage in variant.cages() {
            out.push_str(&format!("cage: {}", cage.sum));
            for &cell in &cage.cells {
                let c = cell.index();
                out.push_str(&format!(" r{}c{}", c / side + 1, c % side + 1));
            }
            out.push('\n');
        }
        out.push_str(&puzzle.to_line());
        if let Some(solution) = solution {
            out.push_str(":1:");
            out.push_str(&crate::variant::cells_line(solution));
        }
        out.push('\n');
        out
    }
}
