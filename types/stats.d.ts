/** @param {number[]} xs */
export declare function sorted(xs: number[]): number[];
/** @param {number[]} xs */
export declare function median(xs: number[]): number;
/**
 * Quantile by linear interpolation between order statistics.
 * @param {number[]} xs @param {number} q in [0, 1]
 */
export declare function quantile(xs: number[], q: number): number;
/**
 * P(X <= k) for X ~ Binomial(n, p).
 * @param {number} k @param {number} n @param {number} [p]
 */
export declare function binomCdf(k: number, n: number, p?: number): number;
/**
 * Rank l of the order-statistic confidence interval of the median,
 * [x(l), x(n+1-l)], with each tail at most `a`: the largest l with
 * P(Bin(n, 1/2) <= l - 1) <= a. 0 when n is too small for that level.
 * @param {number} n @param {number} a
 */
export declare function medianRank(n: number, a: number): number;
/**
 * Distribution-free interval for the median with tail probability `a` on each side.
 * @param {number[]} xs @param {number} a
 * @returns {{ lo: number, hi: number, confidence: number } | null}
 */
export declare function medianInterval(xs: number[], a: number): {
    lo: number;
    hi: number;
    confidence: number;
} | null;
/**
 * P(T <= t) for Student's t with df degrees of freedom.
 * @param {number} t @param {number} df
 */
export declare function tCdf(t: number, df: number): number;
/**
 * The q-quantile of Student's t with df degrees of freedom (bisection on tCdf).
 * @param {number} q in (0, 1) @param {number} df
 * @returns {number}
 */
export declare function tQuantile(q: number, df: number): number;
/**
 * The interval of a look made before a distribution-free interval of the
 * median exists (n < smallestDecidableN(a), n >= 3): the hull of the
 * t-interval of the mean (each tail a) and the sample's whole range.
 * It is parametric: where the noise is near normal it lies beyond a
 * boundary wrongly at most a of the time. Whatever the noise, it lies
 * beyond a boundary only when every value does, which a statistic whose
 * median sits on the boundary does at most 2⁻ⁿ of the time (2⁻⁵ ≈ 3.1% at
 * 5 values): a noise with a tight cluster of values just past the boundary
 * comes near that bound. At the early look's tail (0.001) and 5 values the
 * t-interval already holds every value (t = 7.17 exceeds n − 1 = 4, and no
 * value lies further than sd·(n − 1)/√n from the mean); the range widens it
 * only at 7 or 8 values (a budget spent on void trials before 9).
 * @param {number[]} xs @param {number} a
 * @returns {{ lo: number, hi: number, confidence: number } | null}
 */
export declare function earlyInterval(xs: number[], a: number): {
    lo: number;
    hi: number;
    confidence: number;
} | null;
/**
 * Smallest n at which a median interval exists for tail level a.
 * @param {number} a
 */
export declare function smallestDecidableN(a: number): number;
/**
 * Mulberry32: a small seeded PRNG for simulations and tests.
 * @param {number} seed
 * @returns {() => number}
 */
export declare function seededRandom(seed: number): () => number;
/** @param {number} x @param {number} [digits] */
export declare function round(x: number, digits?: number): number;
