//! The finders the ladder calls, one per technique family, and how a family's conclusions
//! become the [`Step`] SE would take (lowest rating, then lowest complexity).

use super::{Chaining, Ending, Found, Level, Links, NO_PRECEDENCE};
use crate::geometry::Unit;
use crate::logic::{Position, Step, Technique};

impl Chaining<'_> {
    /// Forcing X-chains and forcing chains: a candidate's on leading to its off, or its
    /// off to its on.
    fn unary(&mut self, found: &mut Vec<Found>) {
        for (cell, digit) in self.candidates() {
            if self.base[cell.index()].len() < 2 {
                continue;
            }
            let on = self.literal(cell, digit, true);
            let bivalue = self.base[cell.index()].len() == 2;
            self.cycles(on, Links::Digit, Technique::BidirectionalXCycle, found);
            if bivalue {
                self.cycles(on, Links::Cell, Technique::BidirectionalYCycle, found);
            }
            self.cycles(
                on,
                Links::DigitAndCell,
                Technique::BidirectionalCycle,
                found,
            );
            for (links, technique) in [
                (Links::Digit, Technique::ForcingXChain),
                (Links::DigitAndCell, Technique::ForcingChain),
            ] {
                for on in [true, false] {
                    let start = self.literal(cell, digit, on);
                    let target = start ^ 1;
                    // Most starts do not lead to their negation: the closures say which do.
                    if !self.reaches(links, start, target) {
                        continue;
                    }
                    if self.search(start, links, false, Some(target)) == Ending::Target {
                        self.axioms.clear();
                        let complexity = self.complexity(target);
                        found.push(Found {
                            technique,
                            conclusion: target,
                            axioms: self.take_axioms(),
                            more: Vec::new(),
                            complexity,
                            explanation: format!(
                                "{}: {}, so {}",
                                technique.name(),
                                self.chain(target),
                                self.name(target)
                            ),
                            cells: vec![cell],
                            precedence: NO_PRECEDENCE,
                        });
                    }
                }
            }
        }
    }

    /// The step SE would take among `found`: lowest rating, then complexity.
    fn best(&self, found: Vec<Found>) -> Option<Step> {
        let rated = found.into_iter().map(|f| {
            let tenths = (f.technique.rating() * 10.0).round() + length_increment(f.complexity);
            let rating = tenths / 10.0;
            (rating, f)
        });
        let (rating, best) = rated
            .min_by(|(ra, a), (rb, b)| ra.total_cmp(rb).then(a.complexity.cmp(&b.complexity)))?;
        let l = self.decode(best.conclusion);
        let units: Vec<Unit> = Vec::new();
        let mut step = if l.on {
            Step {
                technique: best.technique,
                placements: vec![(l.cell, l.digit)],
                eliminations: Vec::new(),
                cells: best.cells,
                units,
                explanation: best.explanation,
                rating,
            }
        } else {
            let mut eliminations = vec![(l.cell, l.digit)];
            eliminations.extend(best.more.iter().map(|&m| {
                let m = self.decode(m);
                (m.cell, m.digit)
            }));
            Step::eliminating(
                best.technique,
                eliminations,
                best.cells,
                units,
                best.explanation,
            )
        };
        step.rating = rating;
        Some(step)
    }
}

/// SE's increment for a conclusion of `complexity` literals (see the module docs), in
/// tenths.
pub fn length_increment(complexity: usize) -> f32 {
    let length = complexity.saturating_sub(2);
    let mut ceiling = 4;
    let mut tenths = 0;
    let mut odd = false;
    while length > ceiling {
        tenths += 1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    tenths as f32
}

/// Runs one family's search over `position` and returns the step SE would take.
fn find_with(
    position: &Position,
    family: impl FnOnce(&mut Chaining, &mut Vec<Found>),
) -> Option<Step> {
    let mut chaining = Chaining::new(position);
    let mut found = Vec::new();
    family(&mut chaining, &mut found);
    if chaining.abandoned || chaining.inner.as_ref().is_some_and(|inner| inner.abandoned) {
        return None;
    }
    chaining.best(found)
}

/// Forcing X-chains and forcing chains (SE 6.6 and 7.0, plus length).
pub fn forcing_chain(position: &Position) -> Option<Step> {
    find_with(position, |chaining, found| chaining.unary(found))
}

/// Nishio forcing chains (SE 7.5, plus length).
pub fn nishio_forcing_chains(position: &Position) -> Option<Step> {
    find_with(position, |chaining, found| chaining.nishio(found))
}

/// Cell and region forcing chains (SE 8.0, plus length).
pub fn multiple_forcing_chains(position: &Position) -> Option<Step> {
    find_with(position, |chaining, found| chaining.multiple(false, found))
}

/// Dynamic forcing chains (SE 8.5, plus length).
pub fn dynamic_forcing_chains(position: &Position) -> Option<Step> {
    find_with(position, |chaining, found| chaining.dynamic(found))
}

/// Dynamic forcing chains at `level` (SE 9.0, 9.5, 10.0 and 10.5, plus length), on
/// the grids the current cutoff lets them run on ([`Technique::runs_on`]).
fn dynamic_at(position: &Position, level: Level) -> Option<Step> {
    let most = crate::logic::cutoff::nested_max_side();
    if !level.technique().runs_on(position.geometry(), most) {
        return None;
    }
    find_with(position, |chaining, found| {
        chaining.level = level;
        chaining.dynamic(found);
    })
}

/// Dynamic forcing chains (+) (SE 9.0, plus length).
pub fn dynamic_forcing_chains_plus(position: &Position) -> Option<Step> {
    dynamic_at(position, Level::Plus)
}

/// Dynamic forcing chains with forcing chains nested (SE 9.5, plus length).
pub fn nested_forcing_chains(position: &Position) -> Option<Step> {
    dynamic_at(position, Level::NestedForcing)
}

/// Dynamic forcing chains with cell and region forcing chains nested (SE 10.0, plus
/// length).
pub fn nested_multiple_forcing_chains(position: &Position) -> Option<Step> {
    dynamic_at(position, Level::NestedMultiple)
}

/// Dynamic forcing chains with dynamic forcing chains nested (SE 10.5, plus length).
pub fn nested_dynamic_forcing_chains(position: &Position) -> Option<Step> {
    dynamic_at(position, Level::NestedDynamic)
}
