//! Knuth's estimate of a search tree's size (1975): random root-to-leaf probes.
//!
//! A probe follows the search's own choices (the same MRV item at each level) but picks one
//! option at random among the `d` of the chosen item. The product of the `d`s met down to a
//! level estimates the number of nodes at that level, so `1 + d1 + d1 d2 + d1 d2 d3 + ...` is
//! an unbiased estimate of the nodes of the whole tree (counted as the search counts them:
//! the root and every option tried), and the product down to a solution (0 when the probe dies) one of the
//! number of solutions. The mean over many probes converges, slowly when the tree is
//! lopsided: [`Estimate`] reports the spread with the mean.

use super::Dlx;

/// What `probes` random probes estimate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// Probes made.
    pub probes: u64,
    /// Mean estimate of the search-tree nodes.
    pub nodes: f64,
    /// Standard error of that mean (the standard deviation over probes / sqrt(probes)).
    pub nodes_error: f64,
    /// Mean estimate of the number of solutions.
    pub solutions: f64,
    /// Standard error of that mean.
    pub solutions_error: f64,
    /// The smallest and largest single-probe estimates of the nodes.
    pub nodes_range: (f64, f64),
}

/// A small xorshift generator for the probes (seeded, reproducible).
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

impl Dlx {
    /// Estimates nodes and solutions of the full search with `probes` random probes seeded
    /// with `seed` (the links are restored after each probe).
    pub fn estimate(&mut self, probes: u64, seed: u64) -> Estimate {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let (mut sum_nodes, mut sum_nodes2, mut sum_solutions, mut sum_solutions2) =
            (0.0f64, 0.0f64, 0.0f64, 0.0f64);
        let mut range = (f64::INFINITY, 0.0f64);
        let mut chosen: Vec<(u32, u32)> = Vec::with_capacity(self.primary as usize + 1);
        let mut tie_rng = self.seed.unwrap_or(0) | 1;
        for _ in 0..probes.max(1) {
            let (mut nodes, mut product, mut solutions) = (1.0f64, 1.0f64, 0.0f64);
            loop {
                if self.items[0].right == 0 {
                    solutions = product;
                    break;
                }
                let i = self.choose(&mut tie_rng);
                let d = self.lens[i as usize] & !super::COVERED;
                if d == 0 {
                    break;
                }
                product *= f64::from(d);
                nodes += product;
                // Item i's own list is the same before and after covering it.
                let mut x = self.nodes[i as usize].down;
                for _ in 0..next(&mut state) % u64::from(d) {
                    x = self.nodes[x as usize].down;
                }
                self.descend(i, x);
                chosen.push((i, x));
            }
            while let Some((i, x)) = chosen.pop() {
                self.ascend(i, x);
            }
            sum_nodes += nodes;
            sum_nodes2 += nodes * nodes;
            sum_solutions += solutions;
            sum_solutions2 += solutions * solutions;
            range = (range.0.min(nodes), range.1.max(nodes));
        }
        let n = probes.max(1) as f64;
        let error = |sum: f64, sum2: f64| {
            let mean = sum / n;
            let variance = (sum2 / n - mean * mean).max(0.0);
            (variance / n).sqrt()
        };
        self.tally = super::Tally::default();
        Estimate {
            probes: probes.max(1),
            nodes: sum_nodes / n,
            nodes_error: error(sum_nodes, sum_nodes2),
            solutions: sum_solutions / n,
            solutions_error: error(sum_solutions, sum_solutions2),
            nodes_range: range,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::exact_cover::classic;

    #[test]
    fn estimates_of_a_known_tree_land_near_its_size() {
        let mut dlx = classic::langford(8).unwrap().dlx();
        let exact = dlx.count(0);
        let estimate = dlx.estimate(20_000, 7);
        let relative = (estimate.nodes - exact.nodes as f64).abs() / exact.nodes as f64;
        assert!(relative < 0.05, "{estimate:?} against {exact:?}");
        let relative = (estimate.solutions - exact.solutions as f64).abs() / exact.solutions as f64;
        assert!(relative < 0.15, "{estimate:?} against {exact:?}");
        assert!(dlx.sanity().is_ok());
        // The same seed, the same estimate.
        assert_eq!(dlx.estimate(100, 3), dlx.estimate(100, 3));
    }
}
