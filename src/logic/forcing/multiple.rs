//! Several chains to one conclusion: cell and region forcing chains (static and dynamic),
//! dynamic contradictions and double forcing chains, and Nishio's contradictions.

use super::{Chaining, Ending, Found, Links, NO_PRECEDENCE};
use crate::bitset::{set_bits, Digit};
use crate::geometry::{Cell, Unit, UnitKind};
use crate::logic::{digit_name, set_name, Technique};

impl Chaining<'_> {
    /// The literals every one of `starts` leads to (`None` without starts). A search that
    /// ends in a contradiction counts with what it reached before (as SE's: that branch
    /// cannot hold, so whatever it led to follows from the others).
    pub(super) fn common(&mut self, starts: &[u32], dynamic: bool) -> Option<Vec<u32>> {
        let (&first, rest) = starts.split_first()?;
        let (from, to) = self.reach_of(first, dynamic);
        let mut common = self.kept.reach((from, to)).to_vec();
        for &start in rest {
            if common.is_empty() {
                break;
            }
            let (from, to) = self.reach_of(start, dynamic);
            self.seen_stamp += 1;
            for &l in self.kept.reach((from, to)) {
                self.seen[l as usize] = self.seen_stamp;
            }
            common.retain(|&l| self.seen[l as usize] == self.seen_stamp);
        }
        Some(common)
    }

    /// Conclusions every branch of a group leads to: the cell or region forms. In a
    /// nested search, `premises` are the offs that make `starts` every branch there is
    /// (the cell's or the unit's candidates missing from the nested search's marks): a
    /// conclusion rests on them as on the enclosing offs its chains meet. Static groups
    /// are asked [`Chaining::may_share`] first.
    pub(super) fn group(
        &mut self,
        starts: &[u32],
        premises: &[u32],
        dynamic: bool,
        group: Group,
        found: &mut Vec<Found>,
    ) {
        let Group {
            technique,
            precedence,
            what,
        } = group;
        let Some(common) = self.common(starts, dynamic) else {
            return;
        };
        let worth: Vec<u32> = common
            .into_iter()
            .filter(|&l| !starts.contains(&l) && self.is_worth(l))
            .collect();
        if worth.is_empty() {
            return;
        }
        let mut complexity = vec![0; worth.len()];
        let mut nested: Vec<Vec<u32>> = vec![Vec::new(); worth.len()];
        let mut axioms: Vec<Vec<u32>> = vec![Vec::new(); worth.len()];
        // Every start's search is kept (`common` asked each).
        for &start in starts {
            self.recall(start, dynamic);
            for (k, &l) in worth.iter().enumerate() {
                self.axioms.clear();
                complexity[k] += self.complexity(l);
                nested[k].append(&mut self.nested_used);
                axioms[k].append(&mut self.axioms);
            }
        }
        for (k, tags) in nested.iter_mut().enumerate() {
            complexity[k] += self.nested_size(tags);
        }
        let cells: Vec<Cell> = starts.iter().map(|&s| self.decode(s).cell).collect();
        if self.nested {
            // Every conclusion, each with the enclosing offs it rests on: SE's nested
            // levels take each as a hint of its own.
            for (k, mut axioms) in axioms.into_iter().enumerate() {
                axioms.extend_from_slice(premises);
                axioms.sort_unstable();
                axioms.dedup();
                found.push(Found {
                    technique,
                    conclusion: worth[k],
                    axioms,
                    more: Vec::new(),
                    complexity: complexity[k],
                    explanation: String::new(),
                    cells: cells.clone(),
                    precedence,
                });
            }
            return;
        }
        let best = (0..worth.len())
            .min_by_key(|&k| complexity[k])
            .expect("worth is not empty");
        // Again for the best: its chains.
        let mut chains = Vec::new();
        for &start in starts {
            self.recall(start, dynamic);
            chains.push(self.chain(worth[best]));
        }
        found.push(Found {
            technique,
            conclusion: worth[best],
            axioms: Vec::new(),
            more: Vec::new(),
            complexity: complexity[best],
            explanation: format!(
                "{}: {}, and each leads to {}: {}",
                technique.name(),
                what(),
                self.name(worth[best]),
                chains.join("; ")
            ),
            cells,
            precedence,
        });
    }

    /// Cell and region forcing chains (static or dynamic).
    pub(super) fn multiple(&mut self, dynamic: bool, found: &mut Vec<Found>) {
        let technique = if dynamic {
            self.level.technique()
        } else {
            Technique::CellForcingChains
        };
        let position = self.position;
        let geometry = position.geometry();
        let minimum = if dynamic { 2 } else { 3 };
        // One group's starts, reused: a nested round asks about every cell and every
        // digit of every unit, and most groups end at the closures' test.
        let mut starts: Vec<u32> = Vec::new();
        for cell in geometry.cells().filter(|&c| position.is_empty(c)) {
            let marks = self.base[cell.index()];
            if (marks.len() as usize) < minimum {
                continue;
            }
            starts.clear();
            starts.extend(marks.iter().map(|d| self.literal(cell, d, true)));
            if !self.may_share(&starts, dynamic) {
                continue;
            }
            let premises = self.cell_premises(cell);
            let what = || format!("{} holds one of {}", position.name(cell), set_name(marks));
            let group = Group {
                technique,
                precedence: precedence(cell, None),
                what: &what,
            };
            self.group(&starts, &premises, dynamic, group, found);
        }
        let technique = if dynamic {
            self.level.technique()
        } else {
            Technique::RegionForcingChains
        };
        for unit in geometry.units() {
            let cells = geometry.unit(unit);
            for digit in Digit::all(self.side) {
                // The digit's places in the unit: `base` holds no candidate in a filled cell.
                let places = self.base_places[unit.index() * self.side + digit.index()];
                if places.count_ones() < 2 {
                    continue;
                }
                // SE takes a unit's places as a region chain only where the first of them
                // could start a cell chain: static ones need three candidates there (on
                // the classic development split, ER equal 99.58% -> 99.92%; the same rule
                // for dynamic chains changed no grade there). Nested searches too: on
                // SE's own positions of the forum development listings, steps rated
                // otherwise than SE's 34 -> 28 of 1,319, none worse
                // (`reports/2026-12-06-nested-region-chains`).
                let first = cells[places.trailing_zeros() as usize];
                if (self.base[first.index()].len() as usize) < minimum {
                    continue;
                }
                starts.clear();
                starts.extend(
                    set_bits(u128::from(places)).map(|at| self.literal(cells[at], digit, true)),
                );
                if !self.may_share(&starts, dynamic) {
                    continue;
                }
                let premises = self.unit_premises(unit, digit);
                let what = || {
                    let named: Vec<Cell> =
                        set_bits(u128::from(places)).map(|at| cells[at]).collect();
                    format!(
                        "{} of {} goes in one of {}",
                        digit_name(digit),
                        geometry.unit_name(unit),
                        position.names(&named)
                    )
                };
                let kind = geometry.unit_kind(unit);
                let group = Group {
                    technique,
                    precedence: precedence(first, Some((digit, kind))),
                    what: &what,
                };
                self.group(&starts, &premises, dynamic, group, found);
            }
        }
    }

    /// Whether the searches from `starts` may share a literal: a static search reaches at
    /// most its start's closure, so where the closures share nothing, so do the searches
    /// (dynamic searches are not bounded so: always true).
    fn may_share(&mut self, starts: &[u32], dynamic: bool) -> bool {
        dynamic || self.share_beyond(starts)
    }

    /// In a nested search, the offs of `cell`'s candidates missing from the nested marks
    /// (a cell chain's premises, see [`Chaining::group`], and a nested loop's where it
    /// changes digit in `cell`); none in an outer search.
    pub(super) fn cell_premises(&self, cell: Cell) -> Vec<u32> {
        if !self.nested {
            return Vec::new();
        }
        let marks = self.base[cell.index()];
        Digit::all(self.side)
            .filter(|&d| !marks.contains(d))
            .map(|d| self.literal(cell, d, false))
            .collect()
    }

    /// In a nested search, the offs of `digit` in the empty cells of `unit` that lack it
    /// in the nested marks (a region chain's premises, and a nested loop's where it links
    /// two cells of `unit` by `digit`); none in an outer search.
    pub(super) fn unit_premises(&self, unit: Unit, digit: Digit) -> Vec<u32> {
        if !self.nested {
            return Vec::new();
        }
        let position = self.position;
        position
            .geometry()
            .unit(unit)
            .iter()
            .filter(|&&c| position.is_empty(c) && !self.base[c.index()].contains(digit))
            .map(|&c| self.literal(c, digit, false))
            .collect()
    }

    /// Dynamic contradictions and double forcing chains from each candidate's on and off.
    pub(super) fn dynamic(&mut self, found: &mut Vec<Found>) {
        let technique = self.level.technique();
        for (cell, digit) in self.candidates() {
            if self.base[cell.index()].len() < 2 {
                continue;
            }
            let on = self.literal(cell, digit, true);
            let mut reached_by_on = (0, 0);
            let mut contradicted = None;
            for start in [on, on ^ 1] {
                let ending = self.contradiction(
                    start,
                    Links::DigitAndCell,
                    technique,
                    " (contradiction)",
                    found,
                );
                let kept = self.keep_reach(start, true, ending);
                if start == on {
                    reached_by_on = kept;
                } else if let Ending::Contradiction(l) = ending {
                    contradicted = Some(l);
                }
            }
            // The off search ran last: a literal both reach holds either way.
            let both = self.kept.reach(reached_by_on).iter().any(|&l| {
                l != on
                    && l != on ^ 1
                    && self.is_reached(l)
                    && Some(l) != contradicted
                    && self.is_worth(l)
            });
            if both {
                let what = || {
                    format!(
                        "{} is or is not {}",
                        self.position.name(cell),
                        digit_name(digit)
                    )
                };
                let group = Group {
                    technique,
                    precedence: NO_PRECEDENCE,
                    what: &what,
                };
                self.group(&[on, on ^ 1], &[], true, group, found);
            }
        }
        self.multiple(true, found);
    }

    /// A dynamic search from `start` along `links`; on a contradiction, records that
    /// `start` is false (`label` follows the technique's name). How the search ended.
    fn contradiction(
        &mut self,
        start: u32,
        links: Links,
        technique: Technique,
        label: &str,
        found: &mut Vec<Found>,
    ) -> Ending {
        let ending = self.search(start, links, true, None);
        let Ending::Contradiction(l) = ending else {
            return ending;
        };
        self.axioms.clear();
        self.nested_used.clear();
        // Both chains counted whole, an ancestor they share twice, as SE counts them (its
        // listings of both chains, `serate --after=%h`, add up to its ratings). Counting a
        // shared ancestor once at the 8.5 level had made up for contradictions found in
        // another order than SE's (see `Chaining::search`).
        let complexity = self.complexity(l) + self.complexity(l ^ 1) + self.nested_total();
        found.push(Found {
            technique,
            conclusion: start ^ 1,
            axioms: self.take_axioms(),
            more: Vec::new(),
            complexity,
            explanation: if self.nested {
                String::new()
            } else {
                format!(
                    "{}{label}: if {}, then both {} and {}, so {}",
                    technique.name(),
                    self.name(start),
                    self.chain(l),
                    self.chain(l ^ 1),
                    self.name(start ^ 1)
                )
            },
            cells: vec![self.decode(start).cell],
            precedence: NO_PRECEDENCE,
        });
        ending
    }

    /// Nishio forcing chains (SE 7.5): dynamic searches along digit links only (a
    /// placement clears its peers, a digit left one place in a unit is placed there); a
    /// candidate whose on or off leads to a contradiction takes the other value.
    pub(super) fn nishio(&mut self, found: &mut Vec<Found>) {
        let technique = Technique::NishioForcingChains;
        for (cell, digit) in self.candidates() {
            if self.base[cell.index()].len() < 2 {
                continue;
            }
            let on = self.literal(cell, digit, true);
            for start in [on, on ^ 1] {
                self.contradiction(start, Links::Digit, technique, "", found);
            }
        }
    }
}

/// What a group of starts stands for, for the conclusions [`Chaining::group`] draws.
pub(super) struct Group<'w> {
    technique: Technique,
    /// Where SE's search of cell and region chains meets it ([`precedence`]), or
    /// [`NO_PRECEDENCE`].
    precedence: u32,
    /// The group in words: "r1c2 holds one of {1,2}", "3 of row 4 goes in one of ...".
    what: &'w dyn Fn() -> String,
}

/// Where SE's search meets a cell chain (`region` `None`) or a region chain whose first
/// place is `cell`: cell by cell; at each cell its chain, then each digit's region chains,
/// the box's, the row's, the column's (then an extra region's). In a nested search of the
/// "+ multiple" and "+ dynamic forcing chains" levels (the latter's contradictions and
/// doubles after them, `reports/2026-12-07-nested-identity`), SE's listings follow the
/// conclusions of one size in this order: when two chains of one size lead to the same
/// conclusion, the one met first is taken (all 7 such ties in the listings of
/// 2026-12-06, where the order they are searched in, rows, then columns, then boxes, took
/// 2: `reports/2026-12-06-nested-ties`), and of two conclusions of one size, the one met
/// first is followed first (4 more steps rated as SE rates them, of the 2,161 its
/// listings rate 8.5 and up: `reports/2026-12-07-nested-cycle-premises`).
pub(super) fn precedence(cell: Cell, region: Option<(Digit, UnitKind)>) -> u32 {
    let within = match region {
        None => 0,
        Some((digit, kind)) => {
            let kind = match kind {
                UnitKind::Box => 0,
                UnitKind::Row => 1,
                UnitKind::Column => 2,
                UnitKind::Extra => 3,
            };
            1 + digit.index() as u32 * 4 + kind
        }
    };
    // At most 1 + 24 * 4 + 3 = 100 within a cell (25 digits).
    cell.index() as u32 * 128 + within
}
