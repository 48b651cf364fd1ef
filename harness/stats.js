// @ts-check
// Distribution-free statistics for sequential decisions. Pure.

/** @param {number[]} xs */
export function sorted(xs) {
  return [...xs].sort((a, b) => a - b);
}

/** @param {number[]} xs */
export function median(xs) {
  if (xs.length === 0) return NaN;
  const s = sorted(xs);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Quantile by linear interpolation between order statistics.
 * @param {number[]} xs @param {number} q in [0, 1]
 */
export function quantile(xs, q) {
  if (xs.length === 0) return NaN;
  const s = sorted(xs);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

/**
 * P(X <= k) for X ~ Binomial(n, p).
 * @param {number} k @param {number} n @param {number} [p]
 */
export function binomCdf(k, n, p = 0.5) {
  if (k < 0) return 0;
  if (k >= n) return 1;
  if (p <= 0) return 1;
  if (p >= 1) return 0;
  // Sum in log space: (1 - p)^n underflows for large n.
  const lp = Math.log(p);
  const lq = Math.log(1 - p);
  let logTerm = n * lq; // log P(X = 0)
  let sum = Math.exp(logTerm);
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log((n - i + 1) / i) + lp - lq;
    sum += Math.exp(logTerm);
  }
  return Math.min(1, sum);
}

/**
 * Rank l of the order-statistic confidence interval of the median,
 * [x(l), x(n+1-l)], with each tail at most `a`: the largest l with
 * P(Bin(n, 1/2) <= l - 1) <= a. 0 when n is too small for that level.
 * @param {number} n @param {number} a
 */
export function medianRank(n, a) {
  let l = 0;
  while (l + 1 <= Math.floor((n + 1) / 2) && binomCdf(l, n) <= a) l++;
  return l;
}

/**
 * Distribution-free interval for the median with tail probability `a` on each side.
 * @param {number[]} xs @param {number} a
 * @returns {{ lo: number, hi: number, confidence: number } | null}
 */
export function medianInterval(xs, a) {
  const n = xs.length;
  const l = medianRank(n, a);
  if (l < 1) return null;
  const s = sorted(xs);
  return { lo: s[l - 1], hi: s[n - l], confidence: 1 - 2 * binomCdf(l - 1, n) };
}

/**
 * Smallest n at which a median interval exists for tail level a.
 * @param {number} a
 */
export function smallestDecidableN(a) {
  let n = 1;
  while (medianRank(n, a) < 1) n++;
  return n;
}

/**
 * Mulberry32: a small seeded PRNG for simulations and tests.
 * @param {number} seed
 * @returns {() => number}
 */
export function seededRandom(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @param {number} x @param {number} [digits] */
export function round(x, digits = 3) {
  if (!Number.isFinite(x)) return x;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
