//! Human solving techniques: hints that name the deduction, step-by-step explanations,
//! grading.
//!
//! # Data layout
//!
//! A [`Position`] is what a person has on paper: the digits placed so far and, for every
//! empty cell, its pencil marks (a [`DigitSet`] of candidates). Placing a digit removes it
//! from the pencil marks of the cell's peers, as everyone's pencil marks do; every other
//! elimination is a [`Step`] made by a named technique.
//!
//! # Techniques
//!
//! Each family of techniques is its own module with one function per technique, all of the
//! same shape: `fn(&Position) -> Option<Step>`, the first deduction of that technique found
//! scanning units, digits and cells in a fixed order. [`TECHNIQUES`] lists them in increasing
//! difficulty with their rating on the Sudoku Explainer scale; [`next_step`] tries them in that
//! order and returns the first step any makes. A technique never looks at a solution: the
//! engine works on positions with no solution given (the soundness tests compare its steps
//! with the solution afterwards).
//!
//! ```
//! use sudolab::{grid::Grid, logic::{self, Position}};
//! let puzzle = Grid::parse(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")?;
//! let path = logic::explain(&Position::from_grid(&puzzle)?);
//! assert!(path.solved);
//! assert!(path.steps.iter().all(|s| s.technique.rating() <= 2.3));
//! # Ok::<(), sudolab::Error>(())
//! ```

mod aligned;
mod cages;
mod cell_sets;
mod chains;
mod consecutive;
mod cutoff;
mod fish;
mod forcing;
mod generalized;
mod grave;
mod grouped;
mod intersections;
mod position;
pub mod se_format;
mod singles;
mod subsets;
#[cfg(test)]
mod tests;
mod turbot;
mod unique_loops;
mod uniqueness;
pub mod user;
mod wings;

use std::fmt;

pub use cutoff::Cutoff;
pub use position::Position;

use crate::bitset::{Digit, DigitSet};
use crate::geometry::{Cell, Geometry, Unit};
use crate::solver::Stop;

/// A named human technique.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// The last empty cell of a unit.
    FullHouse,
    /// The only place for a digit in a box.
    HiddenSingleBox,
    /// The only place for a digit in a row or column.
    HiddenSingleLine,
    /// Killer cages: a candidate no filling of its cage uses (distinct digits, the cage's
    /// sum) goes. Not SE's (SE rates no killer puzzle): rated 1.6 here.
    CageCombinations,
    /// Killer cages, the 45 rule: a unit's cells outside the cages lying wholly in it
    /// (innies), or the cells outside it of the cages crossing its border (outies), add
    /// up to what its total leaves, a cage of their own. Rated 2.1 here.
    Innies,
    /// Direct pointing (SE): a pointing whose eliminations leave a hidden single in a box;
    /// the step places it. (SE also lists a direct claiming at 1.9, but never used it on
    /// the 4,773 puzzles of the development set: a claiming's eliminations cannot leave a
    /// single in a box, and looking in lines instead lowered agreement from 93.5% to 89.7%.)
    DirectPointing,
    /// Direct claiming (SE), on variant grids only: a digit's places in a unit other than a
    /// box all lie in another unit, and leaving the rest of that unit leaves a hidden single
    /// in a unit of the first unit's kind (placed by the step).
    DirectClaiming,
    /// Direct hidden pair (SE): a hidden pair whose eliminations leave a hidden single in
    /// the pair's unit; the step places it.
    DirectHiddenPair,
    /// A cell with one candidate.
    NakedSingle,
    /// Non-consecutive forcing cell (SE): every candidate of a cell is a digit or next to
    /// it, so the cell's orthogonal neighbours lose that digit (non-consecutive grids).
    NonConsecutiveForcingCell,
    /// Direct hidden triple (SE): a hidden triple whose eliminations leave a hidden single
    /// in the triple's unit; the step places it.
    DirectHiddenTriple,
    /// Locked non-consecutive (SE): a digit's places in a unit are all a cell or its
    /// orthogonal neighbours, so that cell loses the digit's two neighbouring digits
    /// (non-consecutive grids).
    LockedNonConsecutive,
    /// A digit of a box confined to one line leaves the rest of the line.
    Pointing,
    /// A digit of a line confined to one box leaves the rest of the box.
    Claiming,
    /// On a variant grid, in place of pointing and claiming (SE 2.9): a digit's places in
    /// a unit all see a cell outside it, which loses the digit.
    GeneralizedIntersection,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// X-Wing: a digit in two rows confined to two columns (or the reverse).
    XWing,
    /// Two digits of a unit confined to the same two cells.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// Swordfish: the three-line fish.
    Swordfish,
    /// Three digits of a unit confined to three cells.
    HiddenTriple,
    /// Turbot fish (Sukaku Explainer): two strong links of a digit joined by a weak link;
    /// skyscrapers and two-string kites are its line-only forms.
    TurbotFish,
    /// XY-Wing: pivot {x,y} and pincers {x,z}, {y,z}.
    XYWing,
    /// Grouped turbot fish (Sukaku Explainer): two strong links of a digit, at least one
    /// end a group of cells in one box-line intersection; empty rectangles are of them.
    GroupedTurbotFish,
    /// XYZ-Wing: pivot {x,y,z} and pincers {x,z}, {y,z}.
    XYZWing,
    /// W-Wing: two equal bivalue cells joined by a strong link. Sudoku Explainer has no
    /// W-Wing: it makes the same elimination with a forcing chain, so the W-Wing is rated as
    /// that chain (7.1) and tried after every technique SE rates lower. Measured with
    /// `examples/se_agreement.rs` over the 39,719 exchange diabolical puzzles, against 4.4
    /// tried after XYZ-Wing: rating equal to SE's 3.7% -> 7.5% of the puzzles solved, within
    /// 0.3 17.2% -> 25.5%, Spearman 0.273 -> 0.287, the same puzzles solved.
    WWing,
    /// Unique rectangle type 1 (assumes a unique solution).
    UniqueRectangle,
    /// Unique loops of six cells and more (types 1-4), and the unique rectangle's type 3
    /// (naked or hidden subsets) and type 2 with extra cells that do not all see each other
    /// (assumes a unique solution). Rated 4.5 and up, a tenth for each two loop cells past
    /// four and for the subset's size, as Sudoku Explainer does.
    UniqueLoop,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// Jellyfish: the four-line fish.
    Jellyfish,
    /// Four digits of a unit confined to four cells.
    HiddenQuad,
    /// BUG+1: a bivalue universal grave plus one cell (assumes a unique solution).
    BugPlusOne,
    /// BUG type 2: several three-candidate cells sharing the digit that breaks the grave
    /// (assumes a unique solution).
    BugTypeTwo,
    /// BUG type 3: the odd cells of a grave share a unit, where their extra digits make a
    /// naked subset with other cells (assumes a unique solution).
    BugTypeThree,
    /// BUG type 4: two odd cells of a grave in a unit where a digit of both is confined to
    /// them (assumes a unique solution).
    BugTypeFour,
    /// Simple colouring: two-colouring the strong links of one digit (a single-digit chain).
    SimpleColouring,
    /// X-chain: alternating strong and weak links of one digit.
    XChain,
    /// XY-chain: a chain of two-candidate cells.
    XYChain,
    /// Turbot fish with three strong links (Sukaku Explainer).
    ThreeLinkTurbotFish,
    /// Grouped turbot fish with three strong links (Sukaku Explainer).
    GroupedThreeLinkTurbotFish,
    /// Turbot fish with four strong links of single cells (Sukaku Explainer).
    FourLinkTurbotFish,
    /// Grouped turbot fish with four strong links (Sukaku Explainer).
    GroupedFourLinkTurbotFish,
    /// WXYZ-Wing (Sukaku Explainer's): three cells seeing each other with four digits
    /// between them and a two-candidate cell.
    WXYZWing,
    /// VWXYZ-Wing: the same with four cells and five digits.
    VWXYZWing,
    /// UVWXYZ-Wing: the same with five cells and six digits. The exchange corpus's
    /// ratings file was made by an older grader without it (on 3,000 of its puzzles, 81 of
    /// the 86 where it was the hardest step disagreed with that file); today's serate
    /// uses it.
    UVWXYZWing,
    /// TUVWXYZ-Wing: the same with six cells and seven digits, rated 7.5. Tried after
    /// the forcing X-chains and forcing chains (7.0 plus length), before the aligned
    /// triplet exclusion: tried before them, it took steps where SE makes a shorter chain
    /// (windoku development split 99 -> 94% ER equal).
    TUVWXYZWing,
    /// Forcing X-chain (SE): a candidate's on leads to its off (or its off to its on) by
    /// the places of digits in units alone. Its finder also finds forcing chains, and
    /// returns the lower rated.
    ForcingXChain,
    /// Forcing chain (SE): the same with cells' candidates as links too.
    ForcingChain,
    /// Bidirectional X-cycle (SE): a loop of one digit's strong and weak links.
    BidirectionalXCycle,
    /// Bidirectional Y-cycle (SE): a loop through two-candidate cells.
    BidirectionalYCycle,
    /// Bidirectional cycle (SE): a loop of both kinds of links.
    BidirectionalCycle,
    /// Aligned triplet exclusion (SE): three cells' combinations of candidates, less those
    /// that repeat a digit between two of them that see each other or take every
    /// candidate of a cell seeing all three; a candidate in no combination left goes.
    AlignedTripletExclusion,
    /// Nishio forcing chains (SE): what assuming a candidate true or false implies for
    /// its digit alone, applied as it goes, ends in a contradiction.
    NishioForcingChains,
    /// Cell forcing chains (SE): every candidate of a cell leads to the same conclusion.
    /// Its finder also finds region forcing chains.
    CellForcingChains,
    /// Region forcing chains (SE): every place of a digit in a unit leads to the same
    /// conclusion.
    RegionForcingChains,
    /// Dynamic forcing chains (SE): chains that apply what they assume as they go;
    /// contradictions, double forcing chains, and the cell and region forms.
    DynamicForcingChains,
    /// Dynamic forcing chains (+) (SE): the same, where the assumed position may also
    /// use pointing, claiming, X-Wings, and naked and hidden pairs.
    DynamicForcingChainsPlus,
    /// Nested forcing chains (SE's "Dynamic forcing chains (+ forcing chains)"): the
    /// assumed position may also use forcing chains.
    NestedForcingChains,
    /// Nested multiple forcing chains (SE's "(+ multiple forcing chains)"): also cell and
    /// region forcing chains.
    NestedMultipleForcingChains,
    /// Nested dynamic forcing chains (SE's "(+ dynamic forcing chains)"): also dynamic
    /// forcing chains.
    NestedDynamicForcingChains,
}

/// Every technique, in the order [`next_step`] tries them (increasing rating): Sudoku
/// Explainer's ladder, with the turbot fish (two and three strong links) and WXYZ- and
/// VWXYZ-Wings of Sukaku Explainer
/// (the grader of the exchange corpus). Simple colouring, X-chains, XY-chains and the
/// W-Wing are not on it:
/// SE finds their eliminations as forcing chains and rates them by length, so the forcing
/// chain finder makes them (they stay available to [`find`] by name).
pub const TECHNIQUES: [Technique; 51] = [
    Technique::FullHouse,
    Technique::HiddenSingleBox,
    Technique::HiddenSingleLine,
    Technique::CageCombinations,
    Technique::DirectPointing,
    Technique::DirectClaiming,
    Technique::DirectHiddenPair,
    Technique::Innies,
    Technique::NakedSingle,
    Technique::NonConsecutiveForcingCell,
    Technique::DirectHiddenTriple,
    Technique::LockedNonConsecutive,
    Technique::Pointing,
    Technique::Claiming,
    Technique::GeneralizedIntersection,
    Technique::NakedPair,
    Technique::XWing,
    Technique::HiddenPair,
    Technique::NakedTriple,
    Technique::Swordfish,
    Technique::HiddenTriple,
    Technique::TurbotFish,
    Technique::GroupedTurbotFish,
    Technique::XYWing,
    Technique::XYZWing,
    Technique::UniqueRectangle,
    Technique::UniqueLoop,
    Technique::NakedQuad,
    Technique::Jellyfish,
    Technique::HiddenQuad,
    Technique::ThreeLinkTurbotFish,
    Technique::GroupedThreeLinkTurbotFish,
    Technique::WXYZWing,
    Technique::BugPlusOne,
    Technique::BugTypeTwo,
    Technique::BugTypeFour,
    Technique::BugTypeThree,
    Technique::FourLinkTurbotFish,
    Technique::GroupedFourLinkTurbotFish,
    Technique::VWXYZWing,
    Technique::UVWXYZWing,
    Technique::ForcingXChain,
    Technique::TUVWXYZWing,
    Technique::AlignedTripletExclusion,
    Technique::NishioForcingChains,
    Technique::CellForcingChains,
    Technique::DynamicForcingChains,
    Technique::DynamicForcingChainsPlus,
    Technique::NestedForcingChains,
    Technique::NestedMultipleForcingChains,
    Technique::NestedDynamicForcingChains,
];

impl Technique {
    /// Difficulty on the Sudoku Explainer scale (1.0 = easiest).
    pub fn rating(self) -> f32 {
        match self {
            Technique::FullHouse => 1.0,
            Technique::HiddenSingleBox => 1.2,
            Technique::HiddenSingleLine => 1.5,
            Technique::CageCombinations => 1.6,
            Technique::Innies => 2.1,
            Technique::DirectPointing => 1.7,
            Technique::DirectClaiming => 1.9,
            Technique::DirectHiddenPair => 2.0,
            Technique::NakedSingle => 2.3,
            Technique::NonConsecutiveForcingCell => 2.4,
            Technique::DirectHiddenTriple => 2.5,
            Technique::LockedNonConsecutive => 2.5,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::GeneralizedIntersection => 2.9,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::TurbotFish => 4.0,
            Technique::XYWing => 4.2,
            Technique::GroupedTurbotFish => 4.3,
            Technique::GroupedThreeLinkTurbotFish => 5.7,
            Technique::FourLinkTurbotFish => 5.8,
            Technique::GroupedFourLinkTurbotFish => 6.1,
            Technique::XYZWing => 4.4,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::WWing => 7.1,
            Technique::UniqueRectangle => 4.5,
            Technique::UniqueLoop => 4.5,
            Technique::BugPlusOne => 5.6,
            Technique::BugTypeTwo => 5.7,
            Technique::BugTypeThree => 5.8,
            Technique::BugTypeFour => 5.7,
            Technique::SimpleColouring => 6.5,
            Technique::XChain => 6.6,
            Technique::XYChain => 6.6,
            Technique::ThreeLinkTurbotFish => 5.4,
            Technique::WXYZWing => 5.5,
            Technique::VWXYZWing => 6.2,
            Technique::UVWXYZWing => 6.6,
            Technique::TUVWXYZWing => 7.5,
            Technique::ForcingXChain => 6.6,
            Technique::ForcingChain => 7.0,
            Technique::BidirectionalXCycle | Technique::BidirectionalYCycle => 6.5,
            Technique::BidirectionalCycle => 7.0,
            Technique::AlignedTripletExclusion => 7.5,
            Technique::NishioForcingChains => 7.5,
            Technique::CellForcingChains | Technique::RegionForcingChains => 8.0,
            Technique::DynamicForcingChains => 8.5,
            Technique::DynamicForcingChainsPlus => 9.0,
            Technique::NestedForcingChains => 9.5,
            Technique::NestedMultipleForcingChains => 10.0,
            Technique::NestedDynamicForcingChains => 10.5,
        }
    }

    /// Whether the ladder tries it on `geometry` by default: SE's levels above dynamic
    /// forcing chains run on every grid up to 16x16, variants included (all 50 bundled
    /// 16x16 puzzles rated in 83 s on 2 threads, the slowest 38 s; the 200 12x12 X puzzles
    /// in about 15 minutes, the slowest a minute); on 25x25 only when asked
    /// ([`Cutoff::nested_max_side`], `--nested-on-25x25`), where a bundled puzzle takes
    /// minutes to hours (the first five: 2 to 30 minutes each, all rated, 10.8 to 12.3,
    /// one needing the top level; `reports/2026-12-06-nested-closures`).
    pub fn applies_to(self, geometry: &Geometry) -> bool {
        self.runs_on(geometry, NESTED_MAX_SIDE)
    }

    /// Whether the ladder tries it on `geometry` when the levels rated 9.0 and up run on
    /// grids up to `nested_max_side` on a side.
    pub fn runs_on(self, geometry: &Geometry, nested_max_side: usize) -> bool {
        let nested = matches!(
            self,
            Technique::DynamicForcingChainsPlus
                | Technique::NestedForcingChains
                | Technique::NestedMultipleForcingChains
                | Technique::NestedDynamicForcingChains
        );
        !nested || geometry.side() <= nested_max_side
    }

    /// A person's name for it.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full house",
            Technique::HiddenSingleBox => "Hidden single (box)",
            Technique::HiddenSingleLine => "Hidden single (line)",
            Technique::CageCombinations => "Cage combinations",
            Technique::Innies => "45 rule (innies and outies)",
            Technique::DirectPointing => "Direct pointing",
            Technique::DirectClaiming => "Direct claiming",
            Technique::DirectHiddenPair => "Direct hidden pair",
            Technique::NakedSingle => "Naked single",
            Technique::NonConsecutiveForcingCell => "Non-consecutive forcing cell",
            Technique::DirectHiddenTriple => "Direct hidden triple",
            Technique::LockedNonConsecutive => "Locked non-consecutive",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::GeneralizedIntersection => "Generalized intersection",
            Technique::NakedPair => "Naked pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "Hidden pair",
            Technique::NakedTriple => "Naked triple",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriple => "Hidden triple",
            Technique::TurbotFish => "Turbot fish",
            Technique::XYWing => "XY-Wing",
            Technique::GroupedTurbotFish => "Grouped turbot fish",
            Technique::GroupedThreeLinkTurbotFish => "Grouped three-link turbot fish",
            Technique::FourLinkTurbotFish => "Four-link turbot fish",
            Technique::GroupedFourLinkTurbotFish => "Grouped four-link turbot fish",
            Technique::XYZWing => "XYZ-Wing",
            Technique::NakedQuad => "Naked quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "Hidden quad",
            Technique::WWing => "W-Wing",
            Technique::UniqueRectangle => "Unique rectangle (type 1)",
            Technique::UniqueLoop => "Unique loop",
            Technique::BugPlusOne => "BUG+1",
            Technique::BugTypeTwo => "BUG type 2",
            Technique::BugTypeThree => "BUG type 3",
            Technique::BugTypeFour => "BUG type 4",
            Technique::SimpleColouring => "Simple colouring",
            Technique::XChain => "X-chain",
            Technique::XYChain => "XY-chain",
            Technique::ThreeLinkTurbotFish => "Three-link turbot fish",
            Technique::WXYZWing => "WXYZ-Wing",
            Technique::VWXYZWing => "VWXYZ-Wing",
            Technique::UVWXYZWing => "UVWXYZ-Wing",
            Technique::TUVWXYZWing => "TUVWXYZ-Wing",
            Technique::ForcingXChain => "Forcing X-chain",
            Technique::ForcingChain => "Forcing chain",
            Technique::BidirectionalXCycle => "Bidirectional X-cycle",
            Technique::BidirectionalYCycle => "Bidirectional Y-cycle",
            Technique::BidirectionalCycle => "Bidirectional cycle",
            Technique::AlignedTripletExclusion => "Aligned triplet exclusion",
            Technique::NishioForcingChains => "Nishio forcing chains",
            Technique::CellForcingChains => "Cell forcing chains",
            Technique::RegionForcingChains => "Region forcing chains",
            Technique::DynamicForcingChains => "Dynamic forcing chains",
            Technique::DynamicForcingChainsPlus => "Dynamic forcing chains (+)",
            Technique::NestedForcingChains => "Dynamic forcing chains (+ forcing chains)",
            Technique::NestedMultipleForcingChains => {
                "Dynamic forcing chains (+ multiple forcing chains)"
            }
            Technique::NestedDynamicForcingChains => {
                "Dynamic forcing chains (+ dynamic forcing chains)"
            }
        }
    }

    /// The function that looks for this technique.
    fn finder(self) -> fn(&Position) -> Option<Step> {
        match self {
            Technique::FullHouse => singles::full_house,
            Technique::HiddenSingleBox => singles::hidden_single_box,
            Technique::HiddenSingleLine => singles::hidden_single_line,
            Technique::CageCombinations => cages::cage_combinations,
            Technique::Innies => cages::innies,
            Technique::DirectPointing => intersections::direct_pointing,
            Technique::DirectClaiming => generalized::direct_claiming,
            Technique::DirectHiddenPair => |p| subsets::direct_hidden(p, 2),
            Technique::NakedSingle => singles::naked_single,
            Technique::NonConsecutiveForcingCell => consecutive::forcing_cell,
            Technique::DirectHiddenTriple => |p| subsets::direct_hidden(p, 3),
            Technique::LockedNonConsecutive => consecutive::locked,
            Technique::Pointing => intersections::pointing,
            Technique::Claiming => intersections::claiming,
            Technique::GeneralizedIntersection => generalized::generalized_intersection,
            Technique::NakedPair => |p| subsets::naked(p, 2),
            Technique::NakedTriple => |p| subsets::naked(p, 3),
            Technique::NakedQuad => |p| subsets::naked(p, 4),
            Technique::HiddenPair => |p| subsets::hidden(p, 2),
            Technique::HiddenTriple => |p| subsets::hidden(p, 3),
            Technique::HiddenQuad => |p| subsets::hidden(p, 4),
            Technique::XWing => |p| fish::fish(p, 2),
            Technique::Swordfish => |p| fish::fish(p, 3),
            Technique::Jellyfish => |p| fish::fish(p, 4),
            Technique::TurbotFish => turbot::turbot_fish,
            Technique::XYWing => wings::xy_wing,
            Technique::GroupedTurbotFish => grouped::grouped_turbot_fish,
            Technique::GroupedThreeLinkTurbotFish => grouped::grouped_three_link_turbot_fish,
            Technique::FourLinkTurbotFish => grouped::four_link_turbot_fish,
            Technique::GroupedFourLinkTurbotFish => grouped::grouped_four_link_turbot_fish,
            Technique::XYZWing => wings::xyz_wing,
            Technique::WWing => wings::w_wing,
            Technique::UniqueRectangle => uniqueness::unique_rectangle,
            Technique::UniqueLoop => unique_loops::unique_loop,
            Technique::BugPlusOne => grave::bug_plus_one,
            Technique::BugTypeTwo => grave::bug_type_two,
            Technique::BugTypeThree => grave::bug_type_three,
            Technique::BugTypeFour => grave::bug_type_four,
            Technique::SimpleColouring => chains::simple_colouring,
            Technique::XChain => chains::x_chain,
            Technique::XYChain => chains::xy_chain,
            Technique::ThreeLinkTurbotFish => turbot::three_link_turbot_fish,
            Technique::WXYZWing => |p| wings::als_wing(p, 3),
            Technique::VWXYZWing => |p| wings::als_wing(p, 4),
            Technique::UVWXYZWing => |p| wings::als_wing(p, 5),
            Technique::TUVWXYZWing => |p| wings::als_wing(p, 6),
            Technique::ForcingXChain
            | Technique::ForcingChain
            | Technique::BidirectionalXCycle
            | Technique::BidirectionalYCycle
            | Technique::BidirectionalCycle => forcing::forcing_chain,
            Technique::CellForcingChains | Technique::RegionForcingChains => {
                forcing::multiple_forcing_chains
            }
            Technique::AlignedTripletExclusion => aligned::aligned_triplet_exclusion,
            Technique::NishioForcingChains => forcing::nishio_forcing_chains,
            Technique::DynamicForcingChains => forcing::dynamic_forcing_chains,
            Technique::DynamicForcingChainsPlus => forcing::dynamic_forcing_chains_plus,
            Technique::NestedForcingChains => forcing::nested_forcing_chains,
            Technique::NestedMultipleForcingChains => forcing::nested_multiple_forcing_chains,
            Technique::NestedDynamicForcingChains => forcing::nested_dynamic_forcing_chains,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One deduction: what it places and eliminates, where, and why in one sentence.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Digits placed: (cell, digit).
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates removed: (cell, digit).
    pub eliminations: Vec<(Cell, Digit)>,
    /// The cells the reasoning rests on.
    pub cells: Vec<Cell>,
    /// The units it rests on.
    pub units: Vec<Unit>,
    /// E.g. "Hidden single: r4c7 is the only place for 6 in box 6".
    pub explanation: String,
    /// Its difficulty on the Sudoku Explainer scale: the technique's
    /// [rating](Technique::rating), plus SE's length increment for chains.
    pub rating: f32,
}

impl Step {
    /// A step that only removes candidates.
    pub(crate) fn eliminating(
        technique: Technique,
        eliminations: Vec<(Cell, Digit)>,
        cells: Vec<Cell>,
        units: Vec<Unit>,
        explanation: String,
    ) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations,
            cells,
            units,
            explanation,
            rating: technique.rating(),
        }
    }
}

/// Whether a step rated `rating` making `eliminations` eliminations beats `best`: lower
/// rated, or as rated with more eliminations (Sukaku Explainer's order among the hints of
/// one technique).
pub(crate) fn beats(best: Option<&Step>, rating: f32, eliminations: usize) -> bool {
    best.is_none_or(|b| {
        rating < b.rating || (rating == b.rating && eliminations > b.eliminations.len())
    })
}

/// Keeps `step` in `best` when it [`beats`] it.
pub(crate) fn keep_better(best: &mut Option<Step>, step: Step) {
    if beats(best.as_ref(), step.rating, step.eliminations.len()) {
        *best = Some(step);
    }
}

/// A digit as written.
pub(crate) fn digit_name(digit: Digit) -> char {
    digit.symbol()
}

/// Digits as written, e.g. "{3,7}".
pub(crate) fn set_name(digits: DigitSet) -> String {
    let names: Vec<String> = digits.iter().map(|d| digit_name(d).to_string()).collect();
    format!("{{{}}}", names.join(","))
}

/// Eliminations as a person writes them: "r6c6<>1, r7c5<>2".
pub(crate) fn elimination_names(position: &Position, eliminations: &[(Cell, Digit)]) -> String {
    eliminations
        .iter()
        .map(|&(cell, digit)| format!("{}<>{}", position.name(cell), digit_name(digit)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The first step any technique makes, trying them in [`TECHNIQUES`] order.
pub fn next_step(position: &Position) -> Option<Step> {
    TECHNIQUES.iter().find_map(|t| (t.finder())(position))
}

/// [`next_step`] with only `techniques` (tried in the order given), within `cutoff`: the
/// step, or why the cutoff stopped the search for it (a nested forcing chain on a 16x16 or
/// 12x12 grid can take a minute).
pub fn next_step_within(
    position: &Position,
    techniques: &[Technique],
    cutoff: Cutoff,
) -> Result<Option<Step>, Stop> {
    let step = cutoff::within(cutoff, || {
        techniques.iter().find_map(|&t| {
            if cutoff::reached() {
                None
            } else {
                find(position, t)
            }
        })
    });
    match cutoff.reached() {
        Some(stop) => Err(stop),
        None => Ok(step),
    }
}

/// The first step one technique makes.
pub fn find(position: &Position, technique: Technique) -> Option<Step> {
    (technique.finder())(position)
}

/// A solving path.
#[derive(Debug, Clone, PartialEq)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Whether they fill the grid.
    pub solved: bool,
    /// The position after the last step.
    pub end: Position,
    /// Why the steps stopped before the grid was full or the techniques ran out, if a
    /// [`Cutoff`] stopped them ([`explain_within`]): its deadline or its stop flag.
    pub stopped: Option<Stop>,
}

/// Applies steps until the grid is full or no technique applies.
pub fn explain(start: &Position) -> Path {
    explain_with(start, &TECHNIQUES)
}

/// [`explain`] with only `techniques`, tried in the order given.
pub fn explain_with(start: &Position, techniques: &[Technique]) -> Path {
    explain_within(start, techniques, Cutoff::NONE)
}

/// [`explain_with`] within `cutoff`: the path so far, marked [`stopped`](Path::stopped),
/// once its deadline passes or its flag is set. The cutoff is seen inside a step too (the
/// forcing chains ask it as they search), so a nested forcing chain under way stops within
/// milliseconds; a step found while the cutoff passed is discarded.
pub fn explain_within(start: &Position, techniques: &[Technique], cutoff: Cutoff) -> Path {
    let mut position = start.clone();
    let mut steps = Vec::new();
    let mut stopped = None;
    cutoff::within(cutoff, || {
        while !position.is_solved() && !position.is_broken() {
            let step = techniques.iter().find_map(|&technique| {
                if cutoff::reached() {
                    None
                } else {
                    find(&position, technique)
                }
            });
            stopped = cutoff.reached();
            let Some(step) = step.filter(|_| stopped.is_none()) else {
                break;
            };
            position.apply(&step);
            steps.push(step);
        }
    });
    Path {
        solved: position.is_solved(),
        steps,
        end: position,
        stopped,
    }
}

/// The largest side of the grids the levels above dynamic forcing chains (9.0 and up) run
/// on ([`Technique::applies_to`]).
pub const NESTED_MAX_SIDE: usize = 16;

/// The highest rating the ladder reaches on `geometry`: a puzzle the techniques do not
/// solve is rated above it.
pub fn ceiling(geometry: &Geometry) -> f32 {
    ceiling_of(&TECHNIQUES, geometry)
}

/// The highest rating `techniques` reach on `geometry` ([`ceiling`] of a shorter ladder,
/// such as [`techniques_up_to`]'s).
pub fn ceiling_of(techniques: &[Technique], geometry: &Geometry) -> f32 {
    ceiling_within(techniques, geometry, NESTED_MAX_SIDE)
}

/// [`ceiling_of`] when the levels rated 9.0 and up run on grids up to `nested_max_side`
/// on a side ([`Cutoff::nested_max_side`]).
pub fn ceiling_within(
    techniques: &[Technique],
    geometry: &Geometry,
    nested_max_side: usize,
) -> f32 {
    techniques
        .iter()
        .filter(|t| t.runs_on(geometry, nested_max_side))
        .map(|t| t.rating())
        .fold(0.0, f32::max)
}

/// What solving by logic took.
#[derive(Debug, Clone, PartialEq)]
pub struct Grade {
    /// The hardest technique used.
    pub hardest: Option<Technique>,
    /// Its rating (0 when no step was needed): Sudoku Explainer's ER, the hardest step.
    pub rating: f32,
    /// SE's EP ("pearl"): the hardest step up to the first placement (0 when none).
    pub pearl: f32,
    /// SE's ED ("diamond"): the first step's rating (0 when no step was needed).
    pub diamond: f32,
    /// The first technique rated [`pearl`](Grade::pearl) up to the first placement.
    pub pearl_technique: Option<Technique>,
    /// The first step's technique (rated [`diamond`](Grade::diamond)).
    pub diamond_technique: Option<Technique>,
    /// Steps per technique, in [`TECHNIQUES`] order, only those used.
    pub counts: Vec<(Technique, usize)>,
    /// Whether logic alone solved the puzzle.
    pub solved: bool,
    /// Why a [`Cutoff`] stopped the grading ([`grade_within`]), if it did: the figures are
    /// those of the steps taken, not a rating.
    pub stopped: Option<Stop>,
}

/// Grades a puzzle by the hardest technique its path needs.
pub fn grade(position: &Position) -> Grade {
    grade_with(position, &TECHNIQUES)
}

/// The techniques of [`TECHNIQUES`] rated at most `ceiling`: grading with them alone
/// ([`grade_with`]) says quickly whether a puzzle is rated at most `ceiling` (the nested
/// forcing chains above 9.0 take seconds on the hardest puzzles).
pub fn techniques_up_to(ceiling: f32) -> Vec<Technique> {
    TECHNIQUES
        .iter()
        .copied()
        .filter(|t| t.rating() <= ceiling)
        .collect()
}

/// [`grade`] with only `techniques`, tried in the order given.
pub fn grade_with(position: &Position, techniques: &[Technique]) -> Grade {
    grade_within(position, techniques, Cutoff::NONE)
}

/// [`grade_with`] within `cutoff` (see [`explain_within`]).
pub fn grade_within(position: &Position, techniques: &[Technique], cutoff: Cutoff) -> Grade {
    let path = explain_within(position, techniques, cutoff);
    // The first of the hardest steps, as SE names it.
    let hardest = path.steps.iter().fold(None, |best: Option<&Step>, step| {
        if best.is_none_or(|b| step.rating > b.rating) {
            Some(step)
        } else {
            best
        }
    });
    let counts = TECHNIQUES
        .iter()
        .chain(&[
            Technique::BidirectionalXCycle,
            Technique::BidirectionalYCycle,
            Technique::BidirectionalCycle,
            Technique::ForcingChain,
            Technique::RegionForcingChains,
        ])
        .map(|&t| (t, path.steps.iter().filter(|s| s.technique == t).count()))
        .filter(|&(_, n)| n > 0)
        .collect();
    // SE's running maximum at the first step (ED) and at the first placement (EP), with the
    // first technique that reached it.
    let mut running: Option<&Step> = None;
    let (mut pearl, mut diamond): (Option<&Step>, Option<&Step>) = (None, None);
    for step in &path.steps {
        if running.is_none_or(|r| step.rating > r.rating) {
            running = Some(step);
        }
        diamond = diamond.or(running);
        if pearl.is_none() && !step.placements.is_empty() {
            pearl = running;
        }
    }
    Grade {
        hardest: hardest.map(|s| s.technique),
        rating: hardest.map_or(0.0, |s| s.rating),
        pearl: pearl.map_or(0.0, |s| s.rating),
        diamond: diamond.map_or(0.0, |s| s.rating),
        pearl_technique: pearl.map(|s| s.technique),
        diamond_technique: diamond.map(|s| s.technique),
        counts,
        solved: path.solved,
        stopped: path.stopped,
    }
}
