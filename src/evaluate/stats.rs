//! Statistics of a set of games, as `kensho evaluate` reports them: pure functions over numbers.
//!
//! - [`wilson`]: a confidence interval for the first player's score (wins + draws/2 out of
//!   games). The Wilson score interval without continuity correction (Wilson E.B. (1927),
//!   "Probable inference, the law of succession, and statistical inference", JASA 22, 209-212;
//!   method 3 of Newcombe R.G. (1998), Statistics in Medicine 17, 857-872). Chosen over the
//!   Wald interval because a strong first-move advantage puts the score near 0 or 1, where Wald's
//!   interval collapses to a point or leaves [0, 1]; Wilson's stays inside and keeps its coverage.
//! - [`quartiles`] and [`quantile`]: the five-number summary of game lengths, quantiles by
//!   Hyndman R.J. & Fan Y. (1996), "Sample quantiles in statistical packages", The American
//!   Statistician 50, 361-365, definition 7 (the default of R's `quantile()` and of
//!   `numpy.percentile`), so the numbers agree with what a reader recomputes in either.
//! - [`histogram`] and [`nice_width`]: the distribution of game lengths in bins of a round width.
//! - [`two_proportions`] and [`normal_cdf`]: whether two scores differ (e.g. the first player's
//!   score under two rule sets), the pooled two-proportion z test (any statistics text, e.g.
//!   Agresti A. (2013), "Categorical Data Analysis", 3rd ed., section 3.1.3), with the normal CDF
//!   from the erfc approximation of Numerical Recipes (see [`normal_cdf`]).
//!
//! No function panics, and none returns NaN for inputs in their domain (counts within
//! [0, trials], finite numbers): the report prints these numbers and serialises them to JSON,
//! which has no NaN.

use serde::{Deserialize, Serialize};

/// A two-sided confidence interval for a proportion.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Interval {
    pub(crate) low: f64,
    pub(crate) high: f64,
}

/// The standard normal quantile of 0.975, for a 95% two-sided interval (Phi^-1(0.975), e.g.
/// `scipy.stats.norm.ppf(0.975)` = 1.959963984540054).
pub(crate) const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval (no continuity correction) of `successes` out of `trials` at the
/// normal quantile `z` (1.959964 for 95%). `successes` may be fractional (a draw counts half a
/// point when a score is the proportion). trials == 0 gives [0, 1].
///
/// Successes outside [0, trials] are clamped into it; a trial count that is not a positive finite
/// number, or a NaN or infinite `z`, gives [0, 1] (no information, or infinite confidence).
pub(crate) fn wilson(successes: f64, trials: f64, z: f64) -> Interval {
    let unknown = Interval { low: 0.0, high: 1.0 };
    let usable = trials.is_finite() && trials > 0.0 && z.is_finite() && !successes.is_nan();
    if !usable {
        return unknown;
    }
    let n = trials;
    let p = successes.clamp(0.0, n) / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denom;
    // p(1 - p) >= 0 since p is in [0, 1]; the max guards against a rounding below zero all the
    // same, since the square root of a negative is NaN.
    let half = z.abs() * ((p * (1.0 - p) / n).max(0.0) + z2 / (4.0 * n * n)).sqrt() / denom;
    // In exact arithmetic the interval lies in [0, 1] (at p = 0 the low end is exactly 0); the
    // clamp removes the rounding that would print as -0.0000 or 1.0000001.
    Interval { low: (center - half).clamp(0.0, 1.0), high: (center + half).clamp(0.0, 1.0) }
}

/// Five-number summary of game lengths, quartiles by linear interpolation between order
/// statistics (Hyndman & Fan type 7, the default of R's quantile() and numpy.percentile).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Quartiles {
    pub(crate) min: f64,
    pub(crate) q1: f64,
    pub(crate) median: f64,
    pub(crate) q3: f64,
    pub(crate) max: f64,
}

/// The five-number summary of `values` (in any order); None for no values.
pub(crate) fn quartiles(values: &[u32]) -> Option<Quartiles> {
    if values.is_empty() {
        return None;
    }
    let mut sorted: Vec<f64> = values.iter().map(|&v| f64::from(v)).collect();
    // No NaN can come from a u32, so total_cmp is the numeric order here.
    sorted.sort_by(f64::total_cmp);
    Some(Quartiles {
        min: sorted[0],
        q1: quantile(&sorted, 0.25),
        median: quantile(&sorted, 0.5),
        q3: quantile(&sorted, 0.75),
        max: sorted[sorted.len() - 1],
    })
}

/// The `p` quantile of `sorted` (ascending, non-empty) by Hyndman & Fan's definition 7: with
/// h = (n - 1) p, the order statistic x[floor h] plus (h - floor h) of the step to the next one.
///
/// `p` is clamped to [0, 1] (NaN counts as 0.5, the median). An empty slice, outside the
/// contract, gives 0.0 rather than a panic.
pub(crate) fn quantile(sorted: &[f64], p: f64) -> f64 {
    let n = sorted.len();
    if n == 0 {
        return 0.0;
    }
    let p = if p.is_nan() { 0.5 } else { p.clamp(0.0, 1.0) };
    let h = (n - 1) as f64 * p;
    // h is in [0, n - 1], so the casts stay in range; min guards the rounding at p = 1.
    let lo = (h.floor() as usize).min(n - 1);
    let hi = (lo + 1).min(n - 1);
    let frac = h - lo as f64;
    // Written as a + frac (b - a) so that equal neighbours give exactly their value.
    sorted[lo] + frac * (sorted[hi] - sorted[lo])
}

/// A histogram bin [from, to) with its count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Bin {
    pub(crate) from: u32,
    pub(crate) to: u32,
    pub(crate) count: u64,
}

/// Bins of equal width `width` (>= 1) starting at 0 and covering every value; the last bin is
/// the one holding the maximum. Empty values -> empty vec. Width 0 is treated as 1.
///
/// Every bin from 0 up to the maximum's is listed, empty ones too, so that a plot's x axis is
/// linear. A bin's `to` saturates at u32::MAX: the one bin that cannot be written as [from, to)
/// in u32 is a last bin reaching past u32::MAX, which then also holds u32::MAX itself. The vec
/// has max / width + 1 entries, so a caller with unbounded values picks `width` by [`nice_width`].
pub(crate) fn histogram(values: &[u32], width: u32) -> Vec<Bin> {
    let Some(&max) = values.iter().max() else {
        return Vec::new();
    };
    let width = width.max(1);
    let bins = (max / width) as usize + 1;
    let mut counts = vec![0u64; bins];
    for &v in values {
        // A value on an edge k * width has quotient k: it opens bin k, bins being half-open.
        counts[(v / width) as usize] += 1;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(i, count)| {
            // i <= max / width, so i * width <= max fits in u32; only `to` can overflow.
            let from = i as u32 * width;
            Bin { from, to: from.saturating_add(width), count }
        })
        .collect()
}

/// A width that gives about `bins` bins for values up to `max` (at least 1; a "nice" number:
/// 1, 2, 5, 10, 20, 50, ... times a power of ten).
///
/// Precisely: the smallest nice width w for which [`histogram`] of values up to `max` gives at
/// most `bins` bins, i.e. floor(max / w) + 1 <= bins, i.e. w * bins > max. Since nice numbers
/// step by at most 2.5, that is between bins / 2.5 and `bins` bins for a large `max`. `bins` 0
/// is treated as 1. When no nice width fits in u32 (a max near u32::MAX with few bins) the
/// largest, 2 * 10^9, is returned.
pub(crate) fn nice_width(max: u32, bins: u32) -> u32 {
    let bins = u64::from(bins.max(1));
    // The least width w with w * bins > max: floor(max / bins) + 1. In u64, no overflow.
    let need = u64::from(max) / bins + 1;
    let mut scale: u64 = 1;
    loop {
        for step in [1, 2, 5] {
            let w = step * scale;
            if w > u64::from(u32::MAX) {
                return 2_000_000_000;
            }
            if w >= need {
                return w as u32;
            }
        }
        scale *= 10;
    }
}

/// Whether two scores differ: the two-proportion z test (pooled), two-sided p value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Difference {
    /// The proportion of a minus that of b.
    pub(crate) diff: f64,
    /// The z statistic, diff over the pooled standard error.
    pub(crate) z: f64,
    /// The two-sided p value, 2 (1 - Phi(|z|)).
    pub(crate) p: f64,
}

/// Whether two scores differ: the two-proportion z test (pooled), two-sided p value. Scores are
/// points (wins + draws/2) out of games. Returns the difference a - b of the proportions, z and p.
///
/// z = (pa - pb) / sqrt(p (1 - p) (1/na + 1/nb)) with the pooled p = (a + b) / (na + nb), the
/// standard error under the null hypothesis that both proportions are equal.
///
/// Edge cases, none of which is NaN: points are clamped into [0, games]; a side with no games (or
/// a count that is not finite) gives no evidence, diff 0, z 0, p 1; a pooled proportion of 0 or
/// 1 (both sides lost, or won, everything) has zero variance and then diff is 0 too: z 0, p 1.
pub(crate) fn two_proportions(points_a: f64, games_a: f64, points_b: f64, games_b: f64) -> Difference {
    let none = Difference { diff: 0.0, z: 0.0, p: 1.0 };
    let counts = [points_a, games_a, points_b, games_b];
    if counts.iter().any(|c| !c.is_finite()) || games_a <= 0.0 || games_b <= 0.0 {
        return none;
    }
    let a = points_a.clamp(0.0, games_a);
    let b = points_b.clamp(0.0, games_b);
    let diff = a / games_a - b / games_b;
    let pooled = (a + b) / (games_a + games_b);
    let var = pooled * (1.0 - pooled) * (1.0 / games_a + 1.0 / games_b);
    if var.is_nan() || var <= 0.0 {
        return Difference { diff, ..none };
    }
    let z = diff / var.sqrt();
    // Phi(-|z|) rather than 1 - Phi(|z|): the approximation's error is relative in the tail, so
    // a small p keeps its digits instead of being lost to cancellation against 1.
    let p = (2.0 * normal_cdf(-z.abs())).min(1.0);
    Difference { diff, z, p }
}

/// The standard normal CDF, Phi(x) = erfc(-x / sqrt 2) / 2.
///
/// erfc is the Chebyshev-fitted approximation `erfcc` of Press W.H., Teukolsky S.A., Vetterling
/// W.T. & Flannery B.P. (1992), "Numerical Recipes in C", 2nd ed., section 6.2, with fractional
/// (relative) error below 1.2e-7 everywhere. Chosen over Abramowitz & Stegun 7.1.26 (absolute
/// error 1.5e-7 in erf) because its error is relative: a tail probability of 1e-9 keeps its
/// leading digits, where an absolute error of 1e-7 would swamp it. Infinities give 0 and 1; a
/// NaN, which has no probability, gives NaN.
pub(crate) fn normal_cdf(x: f64) -> f64 {
    let t_in = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.5 * t_in);
    // Horner's form of the published polynomial, coefficients as printed in Numerical Recipes.
    let poly = -1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98 + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    // erfc(|x| / sqrt 2); for |x| = inf, t = 0 and exp(-inf) = 0, so this is 0, not NaN.
    let erfc = t * (-t_in * t_in + poly).exp();
    if x >= 0.0 {
        1.0 - 0.5 * erfc
    } else if x < 0.0 {
        0.5 * erfc
    } else {
        f64::NAN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(got: f64, want: f64, tol: f64) -> bool {
        (got - want).abs() <= tol
    }

    #[track_caller]
    fn assert_close(got: f64, want: f64, tol: f64) {
        assert!(close(got, want, tol), "got {got}, want {want} within {tol}");
    }

    #[test]
    fn wilson_matches_newcombe_table_1() {
        // Newcombe R.G. (1998), Statistics in Medicine 17, 857-872, Table I, method 3 (Wilson
        // score, no continuity correction), printed to 4 decimals.
        let cases = [
            (81.0, 263.0, 0.2553, 0.3662),
            (15.0, 148.0, 0.0624, 0.1605),
            (0.0, 20.0, 0.0, 0.1611),
            (1.0, 29.0, 0.0061, 0.1718),
        ];
        for (x, n, low, high) in cases {
            let ci = wilson(x, n, Z95);
            // Half a unit in the 4th decimal: the table's rounding.
            assert_close(ci.low, low, 0.00005);
            assert_close(ci.high, high, 0.00005);
        }
        // The table's 0/20 row has a low end of exactly 0, not a rounding below it.
        assert_eq!(wilson(0.0, 20.0, Z95).low, 0.0);
    }

    #[test]
    fn wilson_fractional_matches_statsmodels() {
        // A score with draws: 52.5 points out of 100 games. Computed independently:
        // $ python3 -c "from statsmodels.stats.proportion import proportion_confint as c; \
        //     print(c(52.5,100,method='wilson'))"
        // (0.42802252624739956, 0.6201277988422511)      (statsmodels 0.15.0)
        let ci = wilson(52.5, 100.0, Z95);
        assert_close(ci.low, 0.42802252624739956, 1e-12);
        assert_close(ci.high, 0.6201277988422511, 1e-12);
    }

    #[test]
    fn wilson_edges_stay_in_unit_interval() {
        // trials == 0 is [0, 1] by the contract; so are the other no-information inputs.
        let unknown = Interval { low: 0.0, high: 1.0 };
        assert_eq!(wilson(0.0, 0.0, Z95), unknown);
        assert_eq!(wilson(1.0, f64::NAN, Z95), unknown);
        assert_eq!(wilson(1.0, -3.0, Z95), unknown);
        assert_eq!(wilson(1.0, 10.0, f64::INFINITY), unknown);
        // All successes mirrors no successes (the interval is symmetric under p -> 1 - p).
        let all = wilson(20.0, 20.0, Z95);
        let none = wilson(0.0, 20.0, Z95);
        assert_eq!(all.high, 1.0);
        assert_close(all.low, 1.0 - none.high, 1e-12);
        // Every fraction of a small count: inside [0, 1], ordered, no NaN.
        for n in 1..=12 {
            for half_points in 0..=2 * n {
                let ci = wilson(f64::from(half_points) / 2.0, f64::from(n), Z95);
                assert!(0.0 <= ci.low && ci.low <= ci.high && ci.high <= 1.0, "{half_points}/2 of {n}: {ci:?}");
            }
        }
    }

    #[test]
    fn quartiles_of_four_by_hand() {
        // Type 7: h = (n - 1) p = 3p. q1: h = 0.75, 1 + 0.75 (2 - 1) = 1.75; median: h = 1.5,
        // 2 + 0.5 = 2.5; q3: h = 2.25, 3 + 0.25 = 3.25. numpy agrees:
        // $ python3 -c "import numpy as np; print(np.percentile([1,2,3,4],[25,50,75]))"
        // [1.75 2.5  3.25]
        let q = quartiles(&[1, 2, 3, 4]).unwrap();
        assert_eq!(q, Quartiles { min: 1.0, q1: 1.75, median: 2.5, q3: 3.25, max: 4.0 });
    }

    #[test]
    fn quartiles_of_one_value() {
        // Every order statistic of one value is that value.
        let q = quartiles(&[7]).unwrap();
        assert_eq!(q, Quartiles { min: 7.0, q1: 7.0, median: 7.0, q3: 7.0, max: 7.0 });
        assert_eq!(quartiles(&[]), None);
    }

    #[test]
    fn quartiles_of_odd_unsorted_list_by_hand() {
        // [9, 2, 7, 4, 12] sorts to [2, 4, 7, 9, 12], n = 5, h = 4p lands on order statistics:
        // q1 at h = 1 -> 4, median at h = 2 -> 7, q3 at h = 3 -> 9.
        // $ python3 -c "import numpy as np; print(np.percentile([9,2,7,4,12], [0,25,50,75,100]))"
        // [ 2.  4.  7.  9. 12.]
        let q = quartiles(&[9, 2, 7, 4, 12]).unwrap();
        assert_eq!(q, Quartiles { min: 2.0, q1: 4.0, median: 7.0, q3: 9.0, max: 12.0 });
    }

    #[test]
    fn quartiles_of_even_list_with_ties_against_numpy() {
        // [30, 5, 18, 5, 42, 11] sorts to [5, 5, 11, 18, 30, 42], n = 6, h = 5p.
        // q1: h = 1.25, 5 + 0.25 (11 - 5) = 6.5; median: h = 2.5, 11 + 0.5 (18 - 11) = 14.5;
        // q3: h = 3.75, 18 + 0.75 (30 - 18) = 27.
        // $ python3 -c "import numpy as np; print(np.percentile([30, 5, 18, 5, 42, 11], \
        //     [0,25,50,75,100]))"
        // [ 5.   6.5 14.5 27.  42. ]      (numpy 2.4.6)
        let q = quartiles(&[30, 5, 18, 5, 42, 11]).unwrap();
        assert_eq!(q, Quartiles { min: 5.0, q1: 6.5, median: 14.5, q3: 27.0, max: 42.0 });
    }

    #[test]
    fn quantile_ends_and_out_of_range_p() {
        // p = 0 and p = 1 are the minimum and maximum (h = 0 and h = n - 1); p outside [0, 1] is
        // clamped by the contract; an empty slice does not panic.
        let s = [1.0, 3.0, 10.0];
        assert_eq!(quantile(&s, 0.0), 1.0);
        assert_eq!(quantile(&s, 1.0), 10.0);
        assert_eq!(quantile(&s, -2.0), 1.0);
        assert_eq!(quantile(&s, 7.0), 10.0);
        // h = 2 * 0.5 = 1: the middle value.
        assert_eq!(quantile(&s, f64::NAN), 3.0);
        assert_eq!(quantile(&[], 0.5), 0.0);
    }

    #[test]
    fn histogram_by_hand() {
        // Width 10, values up to 25: bins [0,10) [10,20) [20,30). 0, 3, 9 -> first bin; 10 sits
        // on the edge and opens the second (half-open bins), with 19; 20 is on the next edge and
        // goes up with 25 (the maximum, in the last bin).
        let values = [3, 10, 25, 0, 19, 9, 20];
        let h = histogram(&values, 10);
        assert_eq!(
            h,
            vec![
                Bin { from: 0, to: 10, count: 3 },
                Bin { from: 10, to: 20, count: 2 },
                Bin { from: 20, to: 30, count: 2 },
            ]
        );
        assert_eq!(h.iter().map(|b| b.count).sum::<u64>(), values.len() as u64);
    }

    #[test]
    fn histogram_keeps_empty_bins_and_max_on_an_edge() {
        // Width 5, values 1 and 15: 15 is on the edge of [15, 20), which must exist and be last;
        // [5, 10) and [10, 15) are empty but listed so the axis is linear.
        let h = histogram(&[1, 15], 5);
        assert_eq!(
            h,
            vec![
                Bin { from: 0, to: 5, count: 1 },
                Bin { from: 5, to: 10, count: 0 },
                Bin { from: 10, to: 15, count: 0 },
                Bin { from: 15, to: 20, count: 1 },
            ]
        );
    }

    #[test]
    fn histogram_edges() {
        assert_eq!(histogram(&[], 10), vec![]);
        // Width 0 is width 1: one bin per value from 0 to the maximum.
        assert_eq!(
            histogram(&[2, 2, 0], 0),
            vec![Bin { from: 0, to: 1, count: 1 }, Bin { from: 1, to: 2, count: 0 }, Bin { from: 2, to: 3, count: 2 }]
        );
        // u32::MAX in one bin of the widest width: `to` saturates instead of overflowing.
        assert_eq!(
            histogram(&[u32::MAX, 0], u32::MAX),
            vec![Bin { from: 0, to: u32::MAX, count: 1 }, Bin { from: u32::MAX, to: u32::MAX, count: 1 }]
        );
    }

    #[test]
    fn nice_width_by_hand() {
        // The smallest of 1, 2, 5, 10, 20, 50, ... with width * bins > max.
        // max 99, 10 bins: need w > 9.9 -> 10 (bins [0,10) .. [90,100), ten of them).
        assert_eq!(nice_width(99, 10), 10);
        // max 100, 10 bins: 10 would give 11 bins (100 opens [100,110)); need w > 10 -> 20.
        assert_eq!(nice_width(100, 10), 20);
        // max 237, 20 bins: need w > 11.85 -> 20.
        assert_eq!(nice_width(237, 20), 20);
        // max 237, 10 bins: need w > 23.7 -> 50.
        assert_eq!(nice_width(237, 10), 50);
        // max 4000, 10 bins: need w > 400 -> 500.
        assert_eq!(nice_width(4000, 10), 500);
        // Small maxima: at least 1.
        assert_eq!(nice_width(0, 10), 1);
        assert_eq!(nice_width(5, 10), 1);
        assert_eq!(nice_width(12, 10), 2);
        // bins 0 is 1: one bin must hold 0..=7, w > 7 -> 10.
        assert_eq!(nice_width(7, 0), 10);
        // No nice width > u32::MAX fits in u32: the largest nice one, 2e9.
        assert_eq!(nice_width(u32::MAX, 1), 2_000_000_000);
    }

    #[test]
    fn nice_width_gives_at_most_the_bins_asked() {
        // The contract, checked through histogram: at most `bins` bins, and the next smaller nice
        // width would give more (so it is the smallest).
        let nice = [1u32, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];
        for max in 0..3000 {
            for bins in [1, 3, 10, 25] {
                let w = nice_width(max, bins);
                assert!(nice.contains(&w), "{max}, {bins}: {w}");
                assert!(histogram(&[max], w).len() <= bins as usize, "{max}, {bins}: {w}");
                if let Some(&smaller) = nice.iter().rev().find(|&&n| n < w) {
                    assert!(histogram(&[max], smaller).len() > bins as usize, "{max}, {bins}: {w}");
                }
            }
        }
    }

    #[test]
    fn two_proportions_by_hand_and_statsmodels() {
        // 60/100 against 45/100. By hand: diff = 0.60 - 0.45 = 0.15; pooled p = 105/200 = 0.525;
        // p (1 - p) = 0.525 * 0.475 = 0.249375; times (1/100 + 1/100) = 0.0049875; sqrt =
        // 0.0706222; z = 0.15 / 0.0706222 = 2.12398; Phi(2.12) = 0.9830 and Phi(2.13) = 0.9834 in
        // normal tables, so p = 2 (1 - Phi(2.124)) is about 0.0337. statsmodels, pooled default:
        // $ python3 -c "import numpy as np; from statsmodels.stats.proportion import \
        //     proportions_ztest as t; print(t(np.array([60,45]), np.array([100,100])))"
        // (np.float64(2.1239769762143657), np.float64(0.033672068856345855))
        let d = two_proportions(60.0, 100.0, 45.0, 100.0);
        assert_close(d.diff, 0.15, 1e-12);
        assert_close(d.z, 2.1239769762143657, 1e-9);
        // p to the approximation's accuracy (relative error 1.2e-7 in erfc).
        assert_close(d.p, 0.033672068856345855, 1e-8);
        // The same test, sides swapped: diff and z change sign, p does not.
        let e = two_proportions(45.0, 100.0, 60.0, 100.0);
        assert_close(e.z, -d.z, 1e-12);
        assert_close(e.p, d.p, 1e-15);
    }

    #[test]
    fn two_proportions_fractional_against_statsmodels() {
        // Scores with draws: 55.5/100 against 45/100.
        // $ python3 -c "import numpy as np; from statsmodels.stats.proportion import \
        //     proportions_ztest as t; print(t(np.array([55.5,45]), np.array([100,100])))"
        // (np.float64(1.4849428023927929), np.float64(0.13755897638165934))
        let d = two_proportions(55.5, 100.0, 45.0, 100.0);
        assert_close(d.diff, 0.105, 1e-12);
        assert_close(d.z, 1.4849428023927929, 1e-9);
        assert_close(d.p, 0.13755897638165934, 1e-7);
    }

    #[test]
    fn two_proportions_edges() {
        let none = Difference { diff: 0.0, z: 0.0, p: 1.0 };
        // Zero variance: all wins on both sides (pooled p = 1), and all losses (pooled p = 0).
        assert_eq!(two_proportions(50.0, 50.0, 80.0, 80.0), none);
        assert_eq!(two_proportions(0.0, 50.0, 0.0, 80.0), none);
        // A side with no games gives no evidence.
        assert_eq!(two_proportions(0.0, 0.0, 3.0, 10.0), none);
        assert_eq!(two_proportions(0.0, 0.0, 0.0, 0.0), none);
        assert_eq!(two_proportions(f64::NAN, 10.0, 3.0, 10.0), none);
        // Every score of small counts: finite, p in [0, 1].
        for n in 1..=6 {
            for m in 1..=6 {
                for a in 0..=2 * n {
                    for b in 0..=2 * m {
                        let d = two_proportions(f64::from(a) / 2.0, f64::from(n), f64::from(b) / 2.0, f64::from(m));
                        assert!(d.diff.is_finite() && d.z.is_finite(), "{a}/2 of {n}, {b}/2 of {m}: {d:?}");
                        assert!((0.0..=1.0).contains(&d.p), "{a}/2 of {n}, {b}/2 of {m}: {d:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn normal_cdf_against_tables() {
        // Standard normal tables (e.g. Abramowitz & Stegun, Table 26.1): Phi(0) = 0.5,
        // Phi(1.959964) = 0.975, Phi(-1) = 1 - 0.841345 = 0.158655.
        assert_close(normal_cdf(0.0), 0.5, 1e-6);
        assert_close(normal_cdf(1.959964), 0.975, 1e-6);
        assert_close(normal_cdf(-1.0), 0.158655, 1e-6);
        assert_close(normal_cdf(Z95), 0.975, 1e-6);
    }

    #[test]
    fn normal_cdf_tails_against_scipy() {
        // The relative accuracy in the tail that made Numerical Recipes' erfc the choice:
        // $ python3 -c "from scipy.stats import norm; print(norm.cdf(-3), norm.cdf(-5), \
        //     norm.cdf(2.5))"
        // 0.0013498980316300933 2.866515718791933e-07 0.9937903346742238      (scipy 1.17.1)
        for (x, want) in [(-3.0, 0.0013498980316300933), (-5.0, 2.866515718791933e-07)] {
            let got = normal_cdf(x);
            assert!(((got - want) / want).abs() < 1.2e-7, "Phi({x}) = {got}, want {want}");
        }
        assert_close(normal_cdf(2.5), 0.9937903346742238, 1e-7);
        // Symmetry Phi(-x) = 1 - Phi(x), and the infinities.
        assert_close(normal_cdf(-1.3) + normal_cdf(1.3), 1.0, 1e-15);
        assert_eq!(normal_cdf(f64::NEG_INFINITY), 0.0);
        assert_eq!(normal_cdf(f64::INFINITY), 1.0);
    }
}
