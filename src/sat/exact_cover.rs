//! Exact cover with colours (XCC) as CNF: one variable per option (numbered from 1 in input
//! order).
//!
//! * Each primary item: at least one of its options, and at most one.
//! * Each secondary item: no two of its options that disagree (one without a colour, or two
//!   different colours). Written pairwise for a short list; for a long one, each colour gets
//!   a class variable `y_c` that every option giving that colour implies (`-x y_c`), and at
//!   most one of the class variables and the uncoloured options is true: linear instead of
//!   quadratic, the same solutions (the class variables are auxiliary, so a model's options
//!   are blocked whatever they are).
//! * An option without a primary item is never chosen (Knuth's rule): a unit clause says so.
//!
//! The formula's size is computed from the items' lists before anything is allocated, and a
//! formula above [`MAX_LITERALS`](super::MAX_LITERALS) is refused ([`Cnf::with_room_for`]).

use super::cnf::{AtMostOne, Cnf, PAIRWISE_UP_TO};
use crate::error::Result;
use crate::exact_cover::Problem;

/// The options through one item, with the colour each gives it (0: none).
type ItemList = Vec<(i32, u32)>;

/// The size of what a secondary item's list takes: literals, clauses, auxiliary variables.
fn secondary_size(list: &[(i32, u32)], at_most_one: AtMostOne) -> (u64, u64, u64) {
    let k = list.len();
    if !at_most_one_is_long(k, at_most_one) {
        let conflicts = conflicting_pairs(list);
        return (2 * conflicts, conflicts, 0);
    }
    let (classes, uncoloured) = classes(list);
    let members = classes.len() + uncoloured;
    let implications = (k - uncoloured) as u64;
    let (literals, clauses) = amo_size(members, at_most_one);
    (
        2 * implications + literals,
        implications + clauses,
        classes.len() as u64 + at_most_one.variables(members),
    )
}

/// Whether a list of `k` is long enough for the linear encoding.
fn at_most_one_is_long(k: usize, at_most_one: AtMostOne) -> bool {
    at_most_one.variables(k) > 0
}

/// Pairs of a secondary item's options that disagree.
fn conflicting_pairs(list: &[(i32, u32)]) -> u64 {
    let k = list.len() as u64;
    let mut by_colour: Vec<u32> = list.iter().map(|&(_, c)| c).filter(|&c| c != 0).collect();
    by_colour.sort_unstable();
    let mut agreeing = 0u64;
    for run in by_colour.chunk_by(|a, b| a == b) {
        let n = run.len() as u64;
        agreeing += n * (n - 1) / 2;
    }
    k * k.saturating_sub(1) / 2 - agreeing
}

/// The distinct colours of a list (sorted) and how many of its options give none.
fn classes(list: &[(i32, u32)]) -> (Vec<u32>, usize) {
    let mut colours: Vec<u32> = list.iter().map(|&(_, c)| c).filter(|&c| c != 0).collect();
    colours.sort_unstable();
    colours.dedup();
    let uncoloured = list.iter().filter(|&&(_, c)| c == 0).count();
    (colours, uncoloured)
}

/// Literals and clauses of an at-most-one over `n`.
fn amo_size(n: usize, at_most_one: AtMostOne) -> (u64, u64) {
    let literals = at_most_one.literals(n);
    (literals, literals / 2)
}

/// Literals, clauses and auxiliary variables of [`Cnf::between`] over `n` options.
fn counter_size(n: usize, (lower, upper): (u32, u32)) -> (u64, u64, u64) {
    if n == 0 {
        // Nothing to count: an empty clause if something must be.
        return (0, u64::from(lower > 0), 0);
    }
    let n = n as u64;
    let columns = (u64::from(upper) + 1).min(n);
    let last = u64::from(u64::from(upper) < n) + u64::from(lower > 0 && u64::from(lower) <= n);
    let empty = u64::from(u64::from(lower) > n);
    let clauses = 2 + (columns - 1) + (n - 1) * (3 + 4 * (columns - 1)) + last + empty;
    let literals = 4 + (columns - 1) + (n - 1) * (7 + 11 * (columns - 1)) + last;
    (literals, clauses, n * columns)
}

impl Cnf {
    /// Between `lower` and `upper` of `group` are true: a sequential counter whose register
    /// `r(i, j)` is true exactly when at least `j` of the first `i` options are (`j` up to
    /// `upper + 1`, at most the group's size): `r(1, 1) = x1`, `r(1, j > 1)` false,
    /// `r(i, 1) = r(i-1, 1) or x_i`, `r(i, j) = r(i-1, j) or (x_i and r(i-1, j-1))`; then
    /// `not r(n, upper + 1)` and `r(n, lower)`. The registers are fixed by the options, so
    /// models and solutions correspond one to one.
    pub(super) fn between(&mut self, group: &[i32], (lower, upper): (u32, u32)) {
        let n = group.len();
        if (lower as usize) > n {
            self.push_clause(&[]); // more than the group can give
        }
        if n == 0 {
            return;
        }
        let columns = (upper as usize + 1).min(n);
        let first = self.variables as i32 + 1;
        self.variables += (n * columns) as u32;
        // r(i, j), both from 1.
        let r = |i: usize, j: usize| first + ((i - 1) * columns + (j - 1)) as i32;
        let x1 = group[0];
        self.push_clause(&[-r(1, 1), x1]);
        self.push_clause(&[r(1, 1), -x1]);
        for j in 2..=columns {
            self.push_clause(&[-r(1, j)]);
        }
        for i in 2..=n {
            let x = group[i - 1];
            let (now, before) = (r(i, 1), r(i - 1, 1));
            self.push_clause(&[-now, before, x]);
            self.push_clause(&[now, -before]);
            self.push_clause(&[now, -x]);
            for j in 2..=columns {
                let (now, before, less) = (r(i, j), r(i - 1, j), r(i - 1, j - 1));
                self.push_clause(&[-now, before, x]);
                self.push_clause(&[-now, before, less]);
                self.push_clause(&[now, -before]);
                self.push_clause(&[now, -x, -less]);
            }
        }
        if (upper as usize) < n {
            self.push_clause(&[-r(n, upper as usize + 1)]);
        }
        if lower > 0 && lower as usize <= n {
            self.push_clause(&[r(n, lower as usize)]);
        }
    }

    /// XCC as CNF (see the module docs), at-most-ones pairwise up to [`PAIRWISE_UP_TO`]
    /// options and sequential above. `options` lists each option's items (from 1;
    /// `1..=primary` are primary) with their colours (0: none).
    ///
    /// ```
    /// use sudolab::sat::{count_models, Cnf};
    /// // Knuth's colour example: A B C | X Y, unique solution {A C X:1 Y:1, B X:1}.
    /// let options: [&[(u32, u32)]; 5] = [
    ///     &[(1, 0), (2, 0), (4, 1), (5, 1)],
    ///     &[(1, 0), (3, 0), (4, 2), (5, 2)],
    ///     &[(4, 1), (5, 2)],
    ///     &[(2, 0), (4, 2)],
    ///     &[(3, 0), (5, 2)],
    /// ];
    /// let cnf = Cnf::exact_cover(5, 3, options.iter().copied())?;
    /// let found = count_models(&cnf, 0, 2, &sudolab::solver::Limits::NONE);
    /// assert_eq!(found.models, vec![vec![2, 4]]);
    /// # Ok::<(), sudolab::Error>(())
    /// ```
    pub fn exact_cover<'a>(
        items: usize,
        primary: usize,
        options: impl IntoIterator<Item = &'a [(u32, u32)]>,
    ) -> Result<Cnf> {
        Cnf::exact_cover_with(items, primary, options, AtMostOne::Mixed(PAIRWISE_UP_TO))
    }

    /// [`Cnf::exact_cover`] with the at-most-ones written as `at_most_one` says (for
    /// measuring the encodings).
    pub fn exact_cover_with<'a>(
        items: usize,
        primary: usize,
        options: impl IntoIterator<Item = &'a [(u32, u32)]>,
        at_most_one: AtMostOne,
    ) -> Result<Cnf> {
        Cnf::multiple_cover_with(items, &vec![(1, 1); primary], options, at_most_one)
    }

    /// [`Cnf::exact_cover_with`] with multiplicities (MCC): primary item `j` (from 1) is
    /// covered by `bounds[j - 1].0 ..= bounds[j - 1].1` chosen options; `bounds.len()` is
    /// the number of primary items.
    pub fn multiple_cover_with<'a>(
        items: usize,
        bounds: &[(u32, u32)],
        options: impl IntoIterator<Item = &'a [(u32, u32)]>,
        at_most_one: AtMostOne,
    ) -> Result<Cnf> {
        let primary = bounds.len();
        let mut through: Vec<ItemList> = vec![Vec::new(); items + 1];
        let mut never: Vec<i32> = Vec::new();
        let mut variables = 0i32;
        for option in options {
            variables += 1;
            for &(item, colour) in option {
                through[item as usize].push((variables, colour));
            }
            if option.iter().all(|&(item, _)| item as usize > primary) {
                never.push(variables);
            }
        }
        let (mut literals, mut clauses) = (never.len() as u64, never.len() as u64);
        for (item, list) in through.iter().enumerate().skip(1) {
            let (l, c) = if item <= primary && bounds[item - 1] != (1, 1) {
                let (l, c, _) = counter_size(list.len(), bounds[item - 1]);
                (l, c)
            } else if item <= primary {
                let (l, c) = amo_size(list.len(), at_most_one);
                (l + list.len() as u64, c + 1)
            } else {
                let (l, c, _) = secondary_size(list, at_most_one);
                (l, c)
            };
            literals += l;
            clauses += c;
        }
        let mut cnf = Cnf::with_room_for(literals, clauses)?;
        cnf.variables = variables as u32;
        cnf.shown = variables as u32;
        cnf.nested_solutions = bounds
            .iter()
            .any(|&(lower, upper)| lower < upper || lower == 0);
        for &variable in &never {
            cnf.push_clause(&[-variable]);
        }
        let mut group: Vec<i32> = Vec::new();
        for (item, list) in through.iter().enumerate().skip(1) {
            group.clear();
            if item <= primary {
                group.extend(list.iter().map(|&(v, _)| v));
                if bounds[item - 1] == (1, 1) {
                    cnf.exactly_one(&group, at_most_one);
                } else {
                    cnf.between(&group, bounds[item - 1]);
                }
            } else if !at_most_one_is_long(list.len(), at_most_one) {
                for (k, &(a, colour_a)) in list.iter().enumerate() {
                    for &(b, colour_b) in &list[k + 1..] {
                        if colour_a == 0 || colour_a != colour_b {
                            cnf.push_clause(&[-a, -b]);
                        }
                    }
                }
            } else {
                let (colours, _) = classes(list);
                let first = cnf.variables as i32 + 1;
                cnf.variables += colours.len() as u32;
                for &(option, colour) in list {
                    match colours.binary_search(&colour) {
                        Ok(class) if colour != 0 => {
                            cnf.push_clause(&[-option, first + class as i32])
                        }
                        _ => group.push(option),
                    }
                }
                group.extend((0..colours.len() as i32).map(|class| first + class));
                cnf.at_most_one(&group, at_most_one);
            }
        }
        debug_assert_eq!(
            cnf.literal_count() as u64,
            literals,
            "the size computed first"
        );
        Ok(cnf)
    }

    /// An exact-cover problem (Knuth's format, colours included) as CNF:
    /// [`Cnf::exact_cover`] over its items and options, variable `k + 1` for option `k`.
    pub fn from_problem(problem: &Problem) -> Result<Cnf> {
        Cnf::from_problem_with(problem, AtMostOne::Mixed(PAIRWISE_UP_TO))
    }

    /// [`Cnf::from_problem`] with the at-most-ones written as `at_most_one` says.
    pub fn from_problem_with(problem: &Problem, at_most_one: AtMostOne) -> Result<Cnf> {
        let options: Vec<Vec<(u32, u32)>> = (0..problem.options())
            .map(|k| {
                let colours = problem.option_colours(k).iter().copied();
                problem.option(k).iter().copied().zip(colours).collect()
            })
            .collect();
        Cnf::multiple_cover_with(
            problem.items(),
            problem.bounds(),
            options.iter().map(Vec::as_slice),
            at_most_one,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::count_models;
    use crate::solver::Limits;

    /// Every encoding counts the same solutions of problems with long, coloured lists.
    #[test]
    fn the_linear_encodings_count_what_the_pairwise_one_counts() {
        let mut state = 99u64;
        let mut next = |below: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % below
        };
        for _ in 0..60 {
            // 4 primary items, 2 secondary; options of 1-3 primary items and a secondary
            // item with a colour 0-2 (0: none).
            let options: Vec<Vec<(u32, u32)>> = (0..14)
                .map(|_| {
                    let mut option: Vec<(u32, u32)> = Vec::new();
                    for item in 1..=4u32 {
                        if next(3) == 0 {
                            option.push((item, 0));
                        }
                    }
                    for item in 5..=6u32 {
                        if next(2) == 0 {
                            option.push((item, next(3) as u32));
                        }
                    }
                    if option.is_empty() {
                        option.push((1, 0));
                    }
                    option
                })
                .collect();
            let count = |at_most_one| {
                let slices = options.iter().map(Vec::as_slice);
                let cnf = Cnf::exact_cover_with(6, 4, slices, at_most_one).unwrap();
                let mut models = count_models(&cnf, 0, usize::MAX, &Limits::NONE).models;
                models.sort();
                models
            };
            let pairwise = count(AtMostOne::Pairwise);
            assert_eq!(count(AtMostOne::Sequential), pairwise);
            assert_eq!(count(AtMostOne::Mixed(4)), pairwise);
        }
    }

    #[test]
    fn long_lists_grow_the_formula_linearly() {
        // One primary item in 2,000 options, and a secondary one they all give colours to.
        let options: Vec<Vec<(u32, u32)>> =
            (0..2000u32).map(|k| vec![(1, 0), (2, k % 3 + 1)]).collect();
        let slices = || options.iter().map(Vec::as_slice);
        let pairwise = Cnf::exact_cover_with(2, 1, slices(), AtMostOne::Pairwise).unwrap();
        let mixed = Cnf::exact_cover(2, 1, slices()).unwrap();
        assert!(
            pairwise.literal_count() > 5_000_000,
            "{}",
            pairwise.literal_count()
        );
        assert!(mixed.literal_count() < 30_000, "{}", mixed.literal_count());
    }
}
