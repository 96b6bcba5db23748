//! `--up-to RATING`: the techniques `hint`, `explain` and `grade` try, every one of
//! sudolab's or only those rated at most a rating, as Sudoku Explainer's levels cap its
//! search; `--nested-on-25x25`: the levels rated 9.0 and up on 25x25 grids too.

use std::time::Instant;

use clap::Args;
use sudolab::geometry::Geometry;
use sudolab::logic::{self, Technique};

/// The largest side of a grid sudolab solves (25x25).
const LARGEST_SIDE: usize = 25;

#[derive(Args, Clone, Copy)]
pub struct LadderArgs {
    /// Try only the techniques rated at most RATING on Sudoku Explainer's scale (a chain's
    /// step can rate a little more for its length), e.g. 8.5 to leave out the nested
    /// forcing chains, which take minutes on a hard 16x16 puzzle. A puzzle they do
    /// not solve is stuck (`hint`, `explain`: exit 3) or rated above the highest of them
    /// (`grade`); its rating with every technique is above RATING too.
    #[arg(long, value_name = "RATING", value_parser = parse_rating)]
    up_to: Option<f32>,
    /// Run the levels rated 9.0 and up (dynamic forcing chains (+) and the nested forcing
    /// chains) on 25x25 grids too. By default they run on grids up to 16x16, where they
    /// take seconds; on a 25x25 puzzle that needs them they take minutes to hours
    /// (hundreds of steps at those levels), so without this flag such a puzzle is left
    /// "not solved by these techniques". `grade --timeout-ms` bounds the time; Ctrl-C
    /// stops `hint` and `explain` (`explain` keeps the steps taken)
    #[arg(long)]
    nested_on_25x25: bool,
}

/// The techniques a command tries, in [`logic::TECHNIQUES`] order, and the grids the
/// nested levels among them run on.
pub struct Ladder {
    techniques: Vec<Technique>,
    up_to: Option<f32>,
    nested_max_side: usize,
}

impl Ladder {
    pub fn new(args: LadderArgs) -> Ladder {
        let techniques = match args.up_to {
            Some(rating) => logic::techniques_up_to(rating),
            None => logic::TECHNIQUES.to_vec(),
        };
        Ladder {
            techniques,
            up_to: args.up_to,
            nested_max_side: if args.nested_on_25x25 {
                LARGEST_SIDE
            } else {
                logic::NESTED_MAX_SIDE
            },
        }
    }

    pub fn techniques(&self) -> &[Technique] {
        &self.techniques
    }

    /// The cutoff of a walk with these techniques: `deadline`, Ctrl-C, and the grids the
    /// nested levels run on.
    pub fn cutoff(&self, deadline: Option<Instant>) -> logic::Cutoff {
        logic::Cutoff {
            deadline,
            interrupt: Some(crate::interrupt::flag()),
            nested_max_side: self.nested_max_side,
        }
    }

    /// The highest rating these techniques reach on `geometry`: a puzzle they leave
    /// unsolved is rated above it.
    pub fn ceiling(&self, geometry: &Geometry) -> f32 {
        logic::ceiling_within(&self.techniques, geometry, self.nested_max_side)
    }

    /// What they are on `geometry`, for a sentence: "the 51 techniques sudolab knows",
    /// "the 39 techniques rated at most 8.5 (--up-to)"; on a grid larger than the nested
    /// levels run on, also which of them are left out there and how to run them.
    pub fn described(&self, geometry: &Geometry) -> String {
        let ladder = match self.up_to {
            None => format!("the {} techniques sudolab knows", self.techniques.len()),
            Some(rating) => format!(
                "the {} techniques rated at most {rating:.1} (--up-to)",
                self.techniques.len()
            ),
        };
        let left_out: Vec<&Technique> = self
            .techniques
            .iter()
            .filter(|t| !t.runs_on(geometry, self.nested_max_side))
            .collect();
        let Some(lowest) = left_out.iter().map(|t| t.rating()).reduce(f32::min) else {
            return ladder;
        };
        let (most, side) = (self.nested_max_side, geometry.side());
        format!(
            "{ladder} (the {} rated {lowest:.1} and up run on grids up to {most}x{most} only, not on this {side}x{side} one: --nested-on-{side}x{side} runs them, minutes to hours a puzzle)",
            left_out.len()
        )
    }
}

/// A rating for `--up-to`: a number no lower than the easiest technique's rating.
fn parse_rating(text: &str) -> Result<f32, String> {
    let rating: f32 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a rating (a number such as 8.5)"))?;
    let easiest = logic::TECHNIQUES
        .iter()
        .min_by(|a, b| a.rating().total_cmp(&b.rating()))
        .expect("the ladder has techniques");
    if rating.is_nan() || rating < easiest.rating() {
        return Err(format!(
            "no technique is rated at most {text} (the easiest, {}, is rated {:.1})",
            easiest.name(),
            easiest.rating()
        ));
    }
    Ok(rating)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rating_below_the_easiest_technique_is_refused_by_name() {
        let error = parse_rating("0.5").unwrap_err();
        assert!(
            error.contains("no technique is rated at most 0.5"),
            "{error}"
        );
        assert!(parse_rating("eight").unwrap_err().contains("not a rating"));
        assert!(parse_rating("NaN").is_err());
        assert_eq!(parse_rating(" 8.5").unwrap(), 8.5);
        assert_eq!(parse_rating("inf").unwrap(), f32::INFINITY);
    }

    #[test]
    fn the_ladder_up_to_a_rating_has_the_techniques_rated_at_most_it() {
        let all = Ladder::new(LadderArgs {
            up_to: None,
            nested_on_25x25: false,
        });
        assert_eq!(all.techniques(), &logic::TECHNIQUES[..]);
        let capped = Ladder::new(LadderArgs {
            up_to: Some(8.5),
            nested_on_25x25: false,
        });
        assert!(capped.techniques().len() < all.techniques().len());
        assert!(capped.techniques().iter().all(|t| t.rating() <= 8.5));
        let nine = sudolab::geometry::Geometry::of(3).unwrap();
        assert_eq!(capped.ceiling(nine), 8.5);
        assert!(all.ceiling(nine) > 8.5);
        assert!(capped.described(nine).contains("at most 8.5 (--up-to)"));
        assert_eq!(all.described(nine), "the 51 techniques sudolab knows");
        // On 25x25 the nested levels do not run, and the sentence says so.
        let twenty_five = sudolab::geometry::Geometry::of(5).unwrap();
        let left_out = logic::TECHNIQUES
            .iter()
            .filter(|t| !t.applies_to(twenty_five))
            .count();
        assert!(left_out > 0);
        assert_eq!(
            all.described(twenty_five),
            format!("the 51 techniques sudolab knows (the {left_out} rated 9.0 and up run on grids up to 16x16 only, not on this 25x25 one: --nested-on-25x25 runs them, minutes to hours a puzzle)")
        );
        assert_eq!(capped.described(twenty_five), capped.described(nine));
        // Asked for, they run on 25x25 too: nothing is left out, the ceiling is the 9x9 one.
        let everywhere = Ladder::new(LadderArgs {
            up_to: None,
            nested_on_25x25: true,
        });
        assert_eq!(everywhere.described(twenty_five), all.described(nine));
        assert_eq!(everywhere.ceiling(twenty_five), all.ceiling(nine));
        assert!(all.ceiling(twenty_five) < all.ceiling(nine));
        assert_eq!(everywhere.cutoff(None).nested_max_side, 25);
        assert_eq!(all.cutoff(None).nested_max_side, logic::NESTED_MAX_SIDE);
    }
}
