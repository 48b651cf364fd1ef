// @ts-check
// Statistics for sequential decisions: distribution-free intervals of the
// median, and the guarded t-interval of a look made before one exists. Pure.

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
 * ln Γ(x), x > 0 (Lanczos, g = 7): enough for the t distribution's few degrees of freedom.
 * @param {number} x
 * @returns {number}
 */
function logGamma(x) {
  const g = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61503916999185,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = g[0];
  for (let i = 1; i < 9; i++) a += g[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/**
 * The regularized incomplete beta function I_x(a, b), by its continued
 * fraction (modified Lentz).
 * @param {number} x @param {number} a @param {number} b
 * @returns {number}
 */
function incompleteBeta(x, a, b) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  // The fraction converges fast only below the mean; use the symmetry above it.
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x)) / a;
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let f = d;
  for (let m = 1; m <= 300; m++) {
    for (const num of [
      (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m)),
      -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1)),
    ]) {
      d = 1 + num * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + num / c;
      if (Math.abs(c) < tiny) c = tiny;
      f *= c * d;
    }
    if (Math.abs(c * d - 1) < 1e-14) break;
  }
  return front * f;
}

/**
 * P(T <= t) for Student's t with df degrees of freedom.
 * @param {number} t @param {number} df
 */
export function tCdf(t, df) {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/**
 * The q-quantile of Student's t with df degrees of freedom (bisection on tCdf).
 * @param {number} q in (0, 1) @param {number} df
 * @returns {number}
 */
export function tQuantile(q, df) {
  if (q === 0.5) return 0;
  if (q < 0.5) return -tQuantile(1 - q, df);
  let lo = 0;
  let hi = 1;
  while (tCdf(hi, df) < q) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (tCdf(mid, df) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

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
export function earlyInterval(xs, a) {
  const n = xs.length;
  if (n < 3) return null;
  const mean = xs.reduce((s, x) => s + x, 0) / n;
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
  const half = tQuantile(1 - a, n - 1) * (sd / Math.sqrt(n));
  const s = sorted(xs);
  return { lo: Math.min(mean - half, s[0]), hi: Math.max(mean + half, s[n - 1]), confidence: 1 - 2 * a };
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
