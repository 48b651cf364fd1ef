// @ts-check
// Matchers for `expect.extend()`, for tests of specs and of fixtures:
//
//   import { expect } from 'expect';
//   import { matchers } from 'node-concurrency-spec/matchers';
//   expect.extend(matchers);
//   expect(times).toBatchAs({ tasks: 5, P: 4, C: 2 }, { tolerance: 0.2 });
//   expect(ratio).toHaveRatioWithin([0.8, 1.25]);
//   expect(decision).toBeDecided('pass');
//   expect(await check('pool.fifth-lags')).toHold();          // the claim is true here
//   expect(await check('pool.max-128')).toBeAsExpected();     // pass, or refuted as the catalogue expects
//
// The package does not depend on `expect`: these are plain functions in the
// shape expect.extend() takes, and their messages print through the
// matcher context's utils when there is one.
import { predictSorted } from './kits/model.js';
import { round } from './stats.js';
import { boundaryText } from './reporters/format.js';

/**
 * @typedef {object} MatcherContext  the part of expect's matcher context used here
 * @property {boolean} [isNot]
 * @property {{ printReceived(v: unknown): string, printExpected(v: unknown): string }} [utils]
 *
 * @typedef {{ pass: boolean, message: () => string }} MatcherResult
 */

/** @param {MatcherContext | undefined} ctx */
function printers(ctx) {
  const plain = (/** @type {unknown} */ v) =>
    typeof v === 'number' || v === undefined ? String(v) : JSON.stringify(v);
  return { rec: ctx?.utils?.printReceived ?? plain, exp: ctx?.utils?.printExpected ?? plain };
}

/** @param {number[]} xs */
const list = (xs) => xs.map((x) => round(x, 3)).join(', ');

/**
 * Group equal predicted times into batches: [2, 2, 2, 2, 3] -> [4, 1].
 * @param {number[]} sorted
 */
export function batchSizes(sorted) {
  /** @type {number[]} */
  const out = [];
  sorted.forEach((t, i) => {
    if (i > 0 && Math.abs(t - sorted[i - 1]) <= 1e-9 * Math.max(1, Math.abs(t))) out[out.length - 1]++;
    else out.push(1);
  });
  return out;
}

/**
 * Completion times (any order, any unit) fall into the model's batches: once
 * sorted and divided by the unit, each lies within ±tolerance (relative) of
 * the model's sorted completion time.
 * @this {unknown}  expect's matcher context (isNot, utils), or none
 * @param {unknown} received   completion times, e.g. in ms
 * @param {number[] | import('./kits/model.js').BatchInput} predicted  the model's completion times (in units of T), or its input
 * @param {{ tolerance?: number, unit?: number }} [options]  tolerance: relative (default 0.2); unit: ms per model unit (default: fitted by least squares)
 * @returns {MatcherResult}
 */
export function toBatchAs(received, predicted, options = {}) {
  const { tolerance = 0.2, unit } = options;
  const { rec, exp } = printers(/** @type {MatcherContext | undefined} */ (this || undefined));
  const model = Array.isArray(predicted) ? [...predicted].sort((a, b) => a - b) : predictSorted(predicted);
  const where = Array.isArray(predicted) ? '' : ` (P=${predicted.P}, C=${predicted.C})`;
  const times =
    Array.isArray(received) && received.every((x) => typeof x === 'number' && Number.isFinite(x))
      ? [...received].sort((a, b) => a - b)
      : null;
  const prediction = `Model${where}: batches ${batchSizes(model).join(' + ')}, completions at ${list(model)} (units of T)`;
  if (!times || times.length !== model.length) {
    return {
      pass: false,
      message: () => `expected ${model.length} completion times${where}, received ${rec(received)}\n\n${prediction}`,
    };
  }
  const scale = unit ?? model.reduce((s, p, i) => s + p * times[i], 0) / model.reduce((s, p) => s + p * p, 0);
  const observed = times.map((t) => t / scale);
  const off = observed
    .map((o, i) => ({ i, o, p: model[i] }))
    .filter(({ o, p }) => Math.abs(o - p) > tolerance * Math.abs(p));
  const pass = off.length === 0;
  const how = unit === undefined ? `÷ ${round(scale, 3)} fitted` : `÷ ${round(scale, 3)} given`;
  return {
    pass,
    message: () =>
      [
        `expected completion times ${pass ? 'not ' : ''}to fall into the model's batches within ±${round(tolerance * 100, 1)}%`,
        '',
        prediction,
        `Expected: ${exp(model.map((x) => round(x, 3)))}`,
        `Observed (${how}): ${rec(observed.map((x) => round(x, 3)))}`,
        ...(pass
          ? []
          : [`Outside: ${off.map(({ i, o, p }) => `#${i + 1} ${round(o, 3)} vs ${round(p, 3)}`).join(', ')}`]),
      ].join('\n'),
  };
}

/**
 * A ratio lies in [lo, hi] (inclusive).
 * @this {unknown}  expect's matcher context (isNot, utils), or none
 * @param {unknown} received @param {[number, number]} bounds  [lo, hi]
 * @returns {MatcherResult}
 */
export function toHaveRatioWithin(received, bounds) {
  const [lo, hi] = bounds;
  const { rec, exp } = printers(/** @type {MatcherContext | undefined} */ (this || undefined));
  const ok = typeof received === 'number' && Number.isFinite(received);
  const pass = ok && received >= lo && received <= hi;
  return {
    pass,
    message: () =>
      `expected ratio ${pass ? 'not ' : ''}within ${exp([lo, hi])}\nReceived: ${rec(received)}${ok ? '' : ' (not a finite number)'}`,
  };
}

/**
 * What was decided: a Decision from decide(), a Result of a run, or one
 * evidence channel ({ decided }). 'undecided' when there is no verdict yet.
 * @param {any} x
 */
function decidedOf(x) {
  if (x && typeof x === 'object') {
    if (typeof x.verdict === 'string') return x.verdict;
    if ('decided' in x) return x.decided ?? 'undecided';
    if ('done' in x) return 'undecided';
  }
  return undefined;
}

/** The model's prediction and the evidence, in words. @param {any} x */
function evidenceText(x) {
  const lines = [];
  if (x?.reason) lines.push(`Reason: ${x.reason}`);
  if (x?.expectation?.summary) lines.push(`Expectation: ${x.expectation.summary}`);
  const t = x?.evidence?.timing ?? (x?.predicted ? x : null);
  if (t?.predicted) {
    const alts = Object.entries(t.predicted.alternatives ?? {})
      .map(([k, v]) => `${k} → ${v}`)
      .join(', ');
    lines.push(
      `Model: ${t.statistic ?? 'statistic'} = ${t.predicted.claim} if the claim holds${alts ? `; ${alts}` : ''}; ${boundaryText(t)}`,
    );
    lines.push(`Timing: median ${t.median}${t.interval ? `, interval [${t.interval.join(', ')}]` : ''}, n=${t.n}`);
  }
  const s = x?.evidence?.structural ?? (Array.isArray(x?.details) ? x : null);
  if (s)
    lines.push(
      `Structure: ${s.agree} agree, ${s.disagree} disagree${s.details?.length ? `: ${s.details.at(-1)}` : ''}`,
    );
  return lines;
}

/**
 * The verdict (or a channel's decision) is the expected one: 'pass', 'fail',
 * 'inconclusive', 'skip', 'error', or 'undecided'.
 * @this {unknown}  expect's matcher context (isNot, utils), or none
 * @param {unknown} received @param {string} expected
 * @returns {MatcherResult}
 */
export function toBeDecided(received, expected) {
  const { rec, exp } = printers(/** @type {MatcherContext | undefined} */ (this || undefined));
  const got = decidedOf(received);
  const pass = got === expected;
  return {
    pass,
    message: () =>
      [
        `expected ${pass ? 'not ' : ''}to be decided ${exp(expected)}`,
        `Received: ${got === undefined ? `${rec(received)} (no verdict or decision in it)` : rec(got)}`,
        ...evidenceText(received),
      ].join('\n'),
  };
}

/**
 * Why a claim's result is what it is, for a failure message: the verdict, the
 * one-line reason, what the model expected here, and the evidence.
 * @param {any} r
 */
function resultText(r) {
  return [`${r?.id ?? '?'}: ${r?.label ?? r?.verdict ?? '?'}`, ...evidenceText(r)];
}

/**
 * The claim holds here: its verdict is pass and the catalogue expects it to
 * hold (a claim refuted as expected does not hold).
 * @this {unknown}
 * @param {unknown} received  a result from check() or a record
 * @returns {MatcherResult}
 */
export function toHold(received) {
  const r = /** @type {any} */ (received);
  const pass = r?.verdict === 'pass' && r?.expected !== 'refuted';
  return {
    pass,
    message: () => [`expected the claim ${pass ? 'not ' : ''}to hold here`, ...resultText(r)].join('\n'),
  };
}

/**
 * The verdict is what the catalogue expects here: pass (the claim holds, or
 * is refuted as expected) or skip (a precondition does not hold).
 * @this {unknown}
 * @param {unknown} received  a result from check() or a record
 * @returns {MatcherResult}
 */
export function toBeAsExpected(received) {
  const r = /** @type {any} */ (received);
  const pass = r?.verdict === 'pass' || r?.verdict === 'skip';
  return {
    pass,
    message: () =>
      [`expected the verdict ${pass ? 'not ' : ''}to be as expected (pass or skip)`, ...resultText(r)].join('\n'),
  };
}

/** Everything, for expect.extend(matchers). */
export const matchers = { toBatchAs, toHaveRatioWithin, toBeDecided, toHold, toBeAsExpected };
export default matchers;
