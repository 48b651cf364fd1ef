// Verdicts: the acceptance region, both channels, their combination, and —
// end to end through the real pool plans — that a wrong pool size fails.
// Pure and deterministic: synthetic observations from a seeded PRNG.
import { test, describe } from 'node:test';
import { expect } from 'expect';
import { readdirSync } from 'node:fs';
import {
  region,
  describeRegion,
  judgeTiming,
  judgeStructural,
  decide,
  percent,
  timingText,
  VOID_STOP,
  FAIL_ANY,
  VOID_SHARE_N,
  TIMING_LOOKS,
  lookLevels,
  outweighing,
  MARGINAL_ODDS,
} from '../harness/verdict.js';
import { predictSorted } from '../harness/kits/model.js';
import { seededRandom, medianInterval, medianRank, smallestDecidableN, sorted } from '../harness/stats.js';
import { run } from '../harness/engine.js';
import { gauss } from '../bench/lib/simulator.js';
import { TASK_MS } from '../harness/profile.js';

/** A timing plan like the pool specs': claim 0, one alternative at 0.4 above. */
const spreadPlan = (/** @type {object} */ over = {}) => ({
  statistic: 'S',
  description: 'spread',
  claim: 0,
  alternatives: { 'P=3': 0.4 },
  looks: [9, 15, 21],
  alpha: 0.01,
  ...over,
});
const ok = (/** @type {string} */ detail = 'as expected') => ({ ok: true, detail });
const bad = (/** @type {string} */ detail = 'wrong') => ({ ok: false, detail });
const inside = (/** @type {number} */ n) => Array.from({ length: n }, (_, i) => 0.01 + (0.1 * i) / n); // all < 0.2
const outside = (/** @type {number} */ n) => Array.from({ length: n }, (_, i) => 0.3 + (0.1 * i) / n); // all > 0.2
const straddle = (/** @type {number} */ n) => Array.from({ length: n }, (_, i) => (i % 2 ? 0.05 : 0.35)); // interval spans 0.2

describe('region', () => {
  test('boundary halfway to an alternative below', () => {
    expect(region({ claim: 0.5, alternatives: { low: 0 } })).toEqual({ lo: 0.25, hi: Infinity });
  });

  test('boundary halfway to an alternative above', () => {
    expect(region({ claim: 0, alternatives: { high: 0.4 } })).toEqual({ lo: -Infinity, hi: 0.2 });
  });

  test('alternatives on both sides bound both ends', () => {
    expect(region({ claim: 0.5, alternatives: { low: 0, high: 1 } })).toEqual({ lo: 0.25, hi: 0.75 });
  });

  test('the nearest alternative on each side wins', () => {
    expect(region({ claim: 1, alternatives: { a: 0, b: 0.5, c: 3, d: 2 } })).toEqual({ lo: 0.75, hi: 1.5 });
  });

  test('toward moves the boundary from the claim (0) to the alternative (1)', () => {
    const r = region({ claim: 1 / 3, alternatives: { 'P=3': 0 }, toward: 0.7 });
    expect(r.lo).toBeCloseTo(0.1, 12);
    expect(r.hi).toBe(Infinity);
    expect(region({ claim: 1, alternatives: { a: 2 }, toward: 0.25 }).hi).toBeCloseTo(1.25, 12);
    expect(region({ claim: 1, alternatives: { a: 2 }, toward: 1 }).hi).toBe(2);
  });

  test('an alternative equal to the claim is ignored; none gives any value', () => {
    expect(region({ claim: 0.5, alternatives: { same: 0.5 } })).toEqual({ lo: -Infinity, hi: Infinity });
    expect(region({ claim: 0.5, alternatives: {} })).toEqual({ lo: -Infinity, hi: Infinity });
    expect(region({ claim: 0.5, alternatives: { same: 0.5, high: 1.5 } })).toEqual({ lo: -Infinity, hi: 1 });
  });

  test('describeRegion', () => {
    expect(describeRegion({ lo: -Infinity, hi: Infinity })).toBe('any value');
    expect(describeRegion({ lo: 0.1, hi: Infinity })).toBe('> 0.1');
    expect(describeRegion({ lo: -Infinity, hi: 0.2 })).toBe('< 0.2');
    expect(describeRegion({ lo: 0.25, hi: 0.7500004 })).toBe('in (0.25, 0.75)');
  });
});

describe('judgeTiming', () => {
  test('no values: nothing decided, no interval', () => {
    const t = judgeTiming([], spreadPlan());
    expect(t).toMatchObject({
      n: 0,
      median: null,
      interval: null,
      confidence: null,
      decided: null,
      final: false,
      region: '< 0.2',
      boundary: 0.2,
    });
  });

  test('before the first look: undecided even when every value is inside', () => {
    for (const n of [1, 5, 8])
      expect(judgeTiming(inside(n), spreadPlan())).toMatchObject({ decided: null, interval: null, final: false });
  });

  test('between looks: undecided, no interval', () => {
    for (const n of [10, 14, 16, 20]) {
      expect(judgeTiming(inside(n), spreadPlan())).toMatchObject({ decided: null, interval: null, final: false });
      expect(judgeTiming(outside(n), spreadPlan())).toMatchObject({ decided: null, interval: null });
    }
  });

  test('pass at a look when the interval lies inside the region', () => {
    const values = inside(9);
    const t = judgeTiming(values, spreadPlan());
    expect(t.decided).toBe('pass');
    expect(t.interval).toEqual([Math.min(...values), Math.max(...values)].map((x) => Math.round(x * 1e4) / 1e4));
    expect(t.confidence).toBeCloseTo(1 - 2 / 512, 4);
    expect(t.final).toBe(false);
  });

  test('fail at a look when the interval lies beyond the boundary', () => {
    for (const n of [9, 15, 21]) expect(judgeTiming(outside(n), spreadPlan()).decided).toBe('fail');
    // a region bounded below: fail when the interval is under it
    const below = { ...spreadPlan(), claim: 0.5, alternatives: { 'P=3': 0 } };
    expect(judgeTiming(Array(9).fill(0.1), below).decided).toBe('fail');
    expect(judgeTiming(Array(9).fill(0.4), below).decided).toBe('pass');
  });

  test('an interval touching the boundary decides neither way', () => {
    const values = [...inside(8), 0.2];
    expect(judgeTiming(values, spreadPlan()).decided).toBe(null);
  });

  test('undecided at a look when the interval straddles the boundary; final at the last look', () => {
    const at9 = judgeTiming(straddle(9), spreadPlan());
    expect(at9).toMatchObject({ decided: null, final: false });
    expect(at9.interval).not.toBeNull();
    const at21 = judgeTiming(straddle(21), spreadPlan());
    expect(at21).toMatchObject({ decided: null, final: true });
  });

  test('the interval uses alpha split over the looks: ranks 1, 2, 4 at n = 9, 15, 21', () => {
    for (const [n, l] of [
      [9, 1],
      [15, 2],
      [21, 4],
    ]) {
      const values = Array.from({ length: n }, (_, i) => (i * 4) % n); // a permutation of 0..n-1 (4 is coprime to 9, 15, 21)
      const t = judgeTiming(values, spreadPlan({ claim: n / 2, alternatives: { far: 10 * n } }));
      expect(t.interval).toEqual([l - 1, n - l]);
      const iv = medianInterval(values, 0.01 / 3);
      expect(t.confidence).toBeCloseTo(/** @type {any} */ (iv).confidence, 4);
    }
  });

  test('TIMING_LOOKS: an early look at 5, then the first trial counts at which an interval exists, at ranks 1, 2, 4', () => {
    expect(TIMING_LOOKS).toEqual([5, 9, 15, 21]);
    const { early, later } = lookLevels({ looks: TIMING_LOOKS, alpha: 0.01 });
    expect(early).toBeCloseTo(0.001, 12);
    expect(later).toBeCloseTo(0.003, 12);
    expect(smallestDecidableN(later)).toBe(TIMING_LOOKS[1]);
    // The later looks' ranks are an even split's over 9, 15, 21 (alpha / 3).
    for (const n of [9, 15, 21]) expect(medianRank(n, later)).toBe(medianRank(n, 0.01 / 3));
  });

  test('BLOCK_LOOKS: a throughput claim looks once more, at 27, and its looks at 9, 15 and 21 keep their ranks', async () => {
    const { BLOCK_LOOKS } = await import('../harness/kits/abba.js');
    expect(BLOCK_LOOKS).toEqual([...TIMING_LOOKS, 27]);
    const { early, later } = lookLevels({ looks: BLOCK_LOOKS, alpha: 0.01 });
    expect(early).toBeCloseTo(0.001, 12);
    expect(smallestDecidableN(later)).toBe(9);
    // The added look spends alpha without moving the earlier ones' decisions.
    for (const n of [9, 15, 21]) expect(medianRank(n, later)).toBe(medianRank(n, 0.01 / 3));
  });

  test("QUICK_BLOCKS: an early look at the full run's first look's level, the rest at 6 where the range of 6 exists and that of 5 does not", async () => {
    const { QUICK_BLOCKS } = await import('../harness/kits/abba.js');
    const { early, later } = lookLevels(QUICK_BLOCKS);
    expect(early).toBe(lookLevels({ looks: TIMING_LOOKS, alpha: 0.01 }).early);
    expect(later).toBeCloseTo(0.019, 12);
    expect(medianRank(5, later)).toBe(0);
    expect(medianRank(6, later)).toBe(1);
    // decided at 5 as the full run's first look decides the same values
    const full = spreadPlan({ looks: TIMING_LOOKS });
    const quick = spreadPlan(QUICK_BLOCKS);
    for (const values of [inside(5), outside(5)])
      expect(judgeTiming(values, quick)).toMatchObject({
        decided: judgeTiming(values, full).decided,
        interval: judgeTiming(values, full).interval,
      });
  });

  test('looks that all have a distribution-free interval split alpha evenly, with no early look', () => {
    expect(lookLevels({ looks: [9, 15, 21], alpha: 0.01 })).toEqual({ early: null, later: 0.01 / 3 });
    expect(lookLevels({ looks: [6], alpha: 0.05 })).toEqual({ early: null, later: 0.05 });
  });

  test('a single look never is an early one: it would rest on the t-test alone', () => {
    expect(lookLevels({ looks: [4], alpha: 0.05 })).toEqual({ early: null, later: 0.05 });
    expect(judgeTiming(inside(4), spreadPlan({ looks: [4], alpha: 0.05 }))).toMatchObject({
      decided: null,
      interval: null,
    });
  });

  test('a first look dead at an even split makes it an early look, not a look that never decides', () => {
    const { early, later } = lookLevels({ looks: [8, 15, 21], alpha: 0.01 });
    expect(early).toBeCloseTo(0.001, 12);
    expect(later).toBeCloseTo(0.0045, 12);
  });

  test('the early look decides on the guarded t-interval, both ways alike', () => {
    const plan = spreadPlan({ looks: TIMING_LOOKS });
    const pass = judgeTiming(inside(5), plan);
    expect(pass).toMatchObject({ decided: 'pass', confidence: 0.998 });
    expect(pass.interval?.[1]).toBeGreaterThanOrEqual(Math.max(...inside(5)) - 1e-4);
    expect(judgeTiming(outside(5), plan).decided).toBe('fail');
    // one value across the boundary: neither way, whatever the t-interval says
    expect(judgeTiming([...inside(4), 0.25], plan).decided).toBe(null);
    expect(judgeTiming([...outside(4), 0.15], plan).decided).toBe(null);
    // values on the claim's side but too spread for the t-test at 0.001
    expect(judgeTiming([0.0, 0.19, 0.0, 0.19, 0.1], plan).decided).toBe(null);
    // between the early look and the next: no look
    expect(judgeTiming(inside(7), plan)).toMatchObject({ decided: null, interval: null });
  });

  test("a budget spent before 9 values ends on the early look's interval and level", () => {
    const plan = spreadPlan({ looks: TIMING_LOOKS });
    const t = judgeTiming(inside(7), plan, { budgetSpent: true });
    expect(t).toMatchObject({ decided: 'pass', confidence: 0.998, intervalOf: 'mean' });
    // at 8 values the range widens the t-interval: one value past the boundary holds it back
    const eight = [0, 0, 0, 0, 0, 0, 0, 0.25];
    const held = judgeTiming(eight, plan, { budgetSpent: true });
    expect(held.interval?.[1]).toBe(0.25);
    expect(held.decided).toBe(null);
  });

  test("a budget spent before the early look's 5 values gives no interval", () => {
    const plan = spreadPlan({ looks: TIMING_LOOKS });
    for (const n of [3, 4])
      expect(judgeTiming(inside(n), plan, { budgetSpent: true })).toMatchObject({ decided: null, interval: null });
  });

  test("the record says which interval: the mean's at 5, the median's from 9", () => {
    const plan = spreadPlan({ looks: TIMING_LOOKS });
    expect(judgeTiming(inside(5), plan).intervalOf).toBe('mean');
    expect(timingText(judgeTiming(inside(5), plan))).toMatch(/99\.8% CI \(t, of the mean, widened to every value\) \[/);
    expect(judgeTiming(straddle(9), plan).intervalOf).toBe('median');
  });

  test('looks past the last one are still judged', () => {
    expect(judgeTiming(inside(22), spreadPlan())).toMatchObject({ decided: 'pass', final: true });
  });

  test('a look too early for the level gives no interval where the plan has no early look', () => {
    // one look at 6 blocks at 0.05 (a median interval exists there), its budget spent at 4 values
    const t = judgeTiming(inside(4), spreadPlan({ looks: [6], alpha: 0.05 }), { budgetSpent: true });
    expect(t).toMatchObject({ interval: null, decided: null });
  });

  test('reports the model and the values, rounded', () => {
    const t = judgeTiming([0.123456789, 0.1, 0.2], spreadPlan({ claim: 1 / 3, alternatives: { a: 2 / 3 } }));
    expect(t.predicted).toEqual({ claim: 0.3333, alternatives: { a: 0.6667 } });
    expect(t.values).toEqual([0.1235, 0.1, 0.2]);
    expect(t.median).toBe(0.1235);
    expect(t.statistic).toBe('S');
    expect(t.description).toBe('spread');
  });
});

describe('judgeStructural', () => {
  const need3 = { need: 3 };

  test('pass needs `need` agreeing trials and no disagreement', () => {
    expect(judgeStructural([ok(), ok()], need3).decided).toBe(null);
    expect(judgeStructural([ok(), ok(), ok()], need3)).toMatchObject({ decided: 'pass', agree: 3, disagree: 0 });
    expect(judgeStructural([ok(), ok(), ok(), bad()], need3).decided).toBe(null);
    expect(judgeStructural([bad(), ok(), ok(), ok()], need3).decided).toBe(null);
  });

  test('fail on three disagreeing; two against are never a fail, even where they outnumber those for', () => {
    expect(judgeStructural([bad()], need3).decided).toBe(null);
    // a host's slow phase may spoil the first two trials (BENCHMARKS.md §32)
    expect(judgeStructural([bad(), bad()], need3)).toMatchObject({
      decided: null,
      agree: 0,
      disagree: 2,
      final: false,
    });
    expect(judgeStructural([ok(), bad(), bad()], need3).decided).toBe(null);
    expect(judgeStructural([bad(), bad(), bad()], need3)).toMatchObject({ decided: 'fail', agree: 0, disagree: 3 });
    // as many for as against: split, the budget decides
    expect(judgeStructural([ok(), ok(), bad(), bad()], need3)).toMatchObject({ decided: null, final: false });
    expect(judgeStructural([ok(), ok(), bad(), bad(), bad()], need3).decided).toBe('fail');
    expect(judgeStructural([ok(), ok(), bad(), bad(), ok()], need3)).toMatchObject({ decided: null, final: false });
    // a need of 2 is no different: two against are a slow phase's
    expect(judgeStructural([bad(), bad()], { need: 2 }).decided).toBe(null);
    expect(judgeStructural([bad(), bad(), bad()], { need: 2 }).decided).toBe('fail');
  });

  test('FAIL_ANY disagreeing trials fail however many agreed: a mechanism breaking every other trial', () => {
    expect(FAIL_ANY).toBe(3);
    const alternate = (/** @type {number} */ n) => Array.from({ length: n }, (_, i) => (i % 2 ? bad() : ok()));
    // each disagreeing trial extends the budget, so the split evidence goes on
    expect(judgeStructural(alternate(5), need3)).toMatchObject({ decided: null, agree: 3, disagree: 2, final: false });
    expect(judgeStructural(alternate(6), need3)).toMatchObject({ decided: 'fail', agree: 3, disagree: 3 });
    const many = [...Array(7).fill(0).map(ok), bad(), bad(), bad()];
    expect(judgeStructural(many, { need: 3, cap: 21 }).decided).toBe('fail');
    // two against among more for: a host's slow phase, not decided
    expect(judgeStructural([...Array(7).fill(0).map(ok), bad(), bad()], { need: 3, cap: 21 }).decided).toBe(null);
  });

  test('marginal trials against: one or two, and nothing else against, are outweighed by the agreeing trials a mechanism in every other trial would not give', () => {
    // the binomial at one half: ≤ 1 against in 11 trials, ≤ 2 in 14, with odds under 1%
    expect(MARGINAL_ODDS).toBe(0.01);
    expect([outweighing(1), outweighing(2)]).toEqual([10, 12]);
    const slight = (/** @type {string} */ detail = 'CPU without progress: ×1.14') => ({
      ...bad(detail),
      marginal: true,
    });
    const slightContest = () => ({ ok: false, invalid: true, contested: true, marginal: true, detail: 'contested' });
    const agreeing = (/** @type {number} */ n) => Array.from({ length: n }, () => ok());
    // one marginal against: the budget goes on until agreeing trials can outweigh it
    const early = judgeStructural([...agreeing(5), slight()], need3);
    expect(early).toMatchObject({ decided: null, final: false, marginal: 1 });
    expect(judgeStructural([...agreeing(5), slight(), ...agreeing(4)], need3)).toMatchObject({
      decided: null,
      final: false,
    });
    const passed = judgeStructural([...agreeing(5), slight(), ...agreeing(5)], need3);
    expect(passed).toMatchObject({ decided: 'pass', agree: 10, disagree: 1, marginal: 1 });
    expect(passed.telling).toBe('as expected');
    expect(passed.outweighed).toMatch(/^1 marginal trial against \(CPU without progress\) outweighed by 10 agreeing/);
    // a contested one alike
    expect(judgeStructural([slightContest(), ...agreeing(10)], need3).decided).toBe('pass');
    // two, both within the usual budget: twelve agreeing
    const two = [slight(), ok(), slightContest()];
    expect(judgeStructural([...two, ...agreeing(10)], need3)).toMatchObject({ decided: null, final: false });
    expect(judgeStructural([...two, ...agreeing(11)], need3)).toMatchObject({ decided: 'pass', marginal: 2 });
    // a trial against while the channel waits ends it undecided, as the usual budget would have: the wait never
    // fails a claim (a true claim's third marginal trial there would fail it)
    const waiting = [ok(), ok(), slight(), ok(), ok(), ok()];
    expect(judgeStructural(waiting, need3)).toMatchObject({ decided: null, final: false });
    expect(judgeStructural([...waiting, slight()], need3)).toMatchObject({ decided: null, final: true });
    expect(judgeStructural([...waiting, slightContest()], need3)).toMatchObject({ decided: null, final: true });
    expect(judgeStructural([slight(), ...agreeing(11), slightContest()], need3)).toMatchObject({
      decided: null,
      final: true,
    });
    // a void trial there does not end it, and extends it: ten agreeing still outweigh the one
    const v = () => ({ ok: false, invalid: true, detail: 'void' });
    expect(judgeStructural([...waiting, v()], need3)).toMatchObject({ decided: null, final: false });
    const voidInWait = [...waiting, v(), v(), ...agreeing(4)];
    expect(judgeStructural(voidInWait, need3)).toMatchObject({ decided: null, final: false });
    expect(judgeStructural([...voidInWait, ok()], need3)).toMatchObject({ decided: 'pass', agree: 10, marginal: 1 });
    // up to twice the wait's length: void trials alone never keep it going
    const voidsOnly = [...waiting, ...Array.from({ length: 16 }, v)];
    expect(judgeStructural(voidsOnly, need3)).toMatchObject({ decided: null, final: true });
    // three against within the usual budget fail, marginal or not
    expect(judgeStructural([slight(), ok(), slight(), ok(), slight()], need3).decided).toBe('fail');
    // one not marginal beside them holds back the pass, as before
    const mixed = judgeStructural([slight(), bad(), ...agreeing(14)], need3);
    expect(mixed.decided).toBe(null);
    expect(mixed.final).toBe(true);
    const strong = judgeStructural([bad(), ...agreeing(14)], need3);
    expect(strong).toMatchObject({ decided: null, final: true });
    // a mechanism in every other trial, marginal or not, meets FAIL_ANY first
    const alternate = Array.from({ length: 6 }, (_, i) => (i % 2 ? slight() : ok()));
    expect(judgeStructural(alternate, need3).decided).toBe('fail');
    // each assertion is decided alike, and shows an agreeing reading beside the marginal one
    const part = (/** @type {boolean} */ okay) => ({
      ...(okay ? ok() : slight()),
      parts: [{ name: 'n at once', ok: okay, detail: okay ? 'n ran' : 'CPU without progress' }],
    });
    const parts = judgeStructural([part(false), ...Array.from({ length: 10 }, () => part(true))], need3).parts;
    expect(parts).toMatchObject([{ name: 'n at once', decided: 'pass', marginal: 1 }]);
    expect(parts[0].detail).toBe('n ran (1 marginal trial against, outweighed: CPU without progress)');
  });

  test('void trials never shield three against; two against are undecided however many were void', () => {
    const v = () => ({ ok: false, invalid: true, detail: 'void' });
    // a 1-CPU quota's true claim (BENCHMARKS.md §24): 1 for, 2 against, 6 void
    const quota = [v(), v(), bad(), v(), v(), v(), v(), ok(), bad()];
    expect(judgeStructural(quota, need3)).toMatchObject({ decided: null, agree: 1, disagree: 2, voided: 6 });
    expect(judgeStructural([...quota, bad()], need3).decided).toBe('fail');
    // a mechanism that voids the trials it does not break: three against among many void fail
    const sparse = [bad(), v(), v(), bad(), v(), v(), bad()];
    expect(judgeStructural(sparse, need3)).toMatchObject({ decided: 'fail', agree: 0, disagree: 3, voided: 4 });
    // the assertion's own decision follows the channel's
    const part = (/** @type {boolean} */ okay) => ({
      ...(okay ? ok() : bad()),
      parts: [{ name: 'n at once', ok: okay, detail: '' }],
    });
    const parts = [v(), v(), v(), v(), part(true), part(false), part(false)];
    expect(judgeStructural(parts, need3).parts).toMatchObject([{ name: 'n at once', decided: null, disagree: 2 }]);
    expect(judgeStructural([...parts, part(false)], need3).parts).toMatchObject([
      { name: 'n at once', decided: 'fail' },
    ]);
  });

  test('disagreeing trials extend the budget as void ones do, never past twice the usual cap', () => {
    expect(judgeStructural([ok(), bad(), ok(), ok(), ok()], need3).final).toBe(false);
    expect(judgeStructural([ok(), bad(), ok(), ok(), ok(), ok()], need3).final).toBe(true);
    const v = () => ({ ok: false, invalid: true, detail: 'void' });
    const longest = [ok(), bad(), v(), v(), v(), ok(), bad(), v(), ok(), ok()];
    expect(judgeStructural(longest.slice(0, 9), need3).final).toBe(false);
    expect(judgeStructural(longest, need3)).toMatchObject({ decided: null, final: true });
  });

  test("a second sitting (from): the evidence is every check, the budget this sitting's", () => {
    const v = () => ({ ok: false, invalid: true, detail: 'void' });
    const first = [bad(), v(), v(), v(), v(), v(), v(), v(), v(), v()];
    expect(judgeStructural(first, need3)).toMatchObject({ final: true, voided: 9, disagree: 1 });
    const second = judgeStructural([...first, ok()], need3, first.length);
    expect(second).toMatchObject({ final: false, voided: 9, agree: 1, disagree: 1, decided: null });
    // two against among nine void: not yet a fail; a third is
    expect(judgeStructural([...first, bad()], need3, first.length).decided).toBe(null);
    expect(judgeStructural([...first, bad(), bad()], need3, first.length).decided).toBe('fail');
  });

  test('need 1: one trial decides either way', () => {
    expect(judgeStructural([ok()], { need: 1 }).decided).toBe('pass');
    expect(judgeStructural([bad()], { need: 1 }).decided).toBe('fail');
    // and three against fail it however many agreed
    expect(judgeStructural([bad(), ok(), ok(), bad(), ok(), bad()], { need: 1 }).decided).toBe('fail');
  });

  test('mixed evidence is undecided until the cap (default need + 2, one more for each disagreeing trial), then final', () => {
    expect(judgeStructural([ok(), bad(), ok()], need3)).toMatchObject({ decided: null, final: false });
    expect(judgeStructural([ok(), bad(), ok(), ok()], need3)).toMatchObject({ decided: null, final: false });
    expect(judgeStructural([ok(), bad(), ok(), ok(), ok(), ok()], need3)).toMatchObject({ decided: null, final: true });
    expect(judgeStructural([ok(), bad(), ok(), ok()], { need: 3, cap: 3 }).final).toBe(true);
    expect(judgeStructural([], need3)).toMatchObject({
      decided: null,
      agree: 0,
      disagree: 0,
      final: false,
      telling: '',
    });
  });

  test('a contested trial (void, its best reading against the claim) holds back a pass and never fails', () => {
    const contested = (detail = 'against, within the noise') => ({ ok: false, invalid: true, contested: true, detail });
    const s = judgeStructural([ok(), contested(), ok(), ok()], need3);
    expect(s).toMatchObject({ decided: null, agree: 3, disagree: 0, voided: 1, contested: 1 });
    expect(s.telling).toBe('against, within the noise');
    // however many: only trials beyond the noise fail
    expect(judgeStructural([contested(), contested(), contested()], need3).decided).toBe(null);
    expect(judgeStructural([contested(), bad(), bad()], need3).decided).toBe(null);
    expect(judgeStructural([contested(), bad(), bad(), bad()], need3).decided).toBe('fail');
    // a void trial that is not contested holds back nothing
    expect(judgeStructural([ok(), { ok: false, invalid: true, detail: 'v' }, ok(), ok()], need3).decided).toBe('pass');
    // the budget: contested trials extend it as void ones do, and the claim ends inconclusive, saying why
    const d = decide({
      checks: [ok(), contested(), ok(), ok(), ok(), ok(), ok()],
      structural: need3,
      maxTrials: 21,
    });
    expect(d.verdict).toBe('inconclusive');
    expect(d.reason).toMatch(
      /^1 of 7 trials read against the claim within what the machine's noise explains: against, within the noise \(6\/6 trials as expected, 1 contested: against the claim within the machine's noise\)/,
    );
    // void and contested trials side by side: each counted as what it is
    const v = { ok: false, invalid: true, detail: 'control failed here' };
    const mixed = decide({
      checks: [ok(), v, contested(), v, ok(), ok(), ok(), ok()],
      structural: need3,
      maxTrials: 21,
    });
    expect(mixed.reason).toMatch(/\(5\/5 trials as expected, 2 void: control failed, 1 contested: against the claim/);
  });

  test('details are unique; the telling detail is the last disagreement, else the last', () => {
    const s = judgeStructural([ok('a'), bad('x'), ok('a'), bad('y'), ok('b')], need3);
    expect(s.details).toEqual(['a', 'x', 'y', 'b']);
    expect(s.telling).toBe('y');
    expect(judgeStructural([ok('a'), ok('b')], need3).telling).toBe('b');
  });
});

describe('named assertions', () => {
  const part = (/** @type {string} */ name, /** @type {boolean} */ ok) => ({
    name,
    ok,
    detail: `${name} ${ok ? 'yes' : 'no'}`,
  });
  const check = (/** @type {boolean} */ a, /** @type {boolean} */ b) => ({
    ok: a && b,
    detail: 'd',
    parts: [part('threads', a), part('at once', b)],
  });

  test('each part of a check is decided on its own, by the channel rule; the record lists them with the timing', () => {
    const d = decide({
      checks: [check(true, false), check(true, false), check(true, false)],
      structural: { need: 2 },
      values: inside(2),
      timing: { ...spreadPlan(), asserts: 'finish together' },
      maxTrials: 21,
    });
    expect(d.verdict).toBe('fail');
    expect(d.evidence.assertions).toEqual([
      { name: 'threads', channel: 'structural', decided: 'pass', agree: 3, disagree: 0, detail: 'threads yes' },
      { name: 'at once', channel: 'structural', decided: 'fail', agree: 0, disagree: 3, detail: 'at once no' },
      { name: 'finish together', channel: 'timing', decided: null, detail: expect.stringMatching(/^timing S median/) },
    ]);
  });

  test("a contested trial's parts that are not ok hold back their own pass, and are counted", () => {
    const contested = { ...check(true, false), ok: false, invalid: true, contested: true };
    const d = decide({
      checks: [check(true, true), contested, check(true, true)],
      structural: { need: 2 },
      maxTrials: 21,
    });
    expect(d.done).toBe(false);
    expect(d.evidence.assertions).toEqual([
      { name: 'threads', channel: 'structural', decided: 'pass', agree: 2, disagree: 0, detail: 'threads yes' },
      {
        name: 'at once',
        channel: 'structural',
        decided: null,
        agree: 2,
        disagree: 0,
        contested: 1,
        detail: 'at once no',
      },
    ]);
  });

  test('a check without parts is one assertion, named by the plan; a report-only statistic asserts nothing', () => {
    const d = decide({
      checks: [ok(), ok()],
      structural: { need: 2, asserts: 'four threads' },
      values: inside(2),
      timing: { ...spreadPlan(), reportOnly: 'cannot separate here' },
      maxTrials: 21,
    });
    expect(d.evidence.assertions).toEqual([
      { name: 'four threads', channel: 'structural', decided: 'pass', agree: 2, disagree: 0, detail: 'as expected' },
    ]);
  });
});

describe('decide', () => {
  const structural = { need: 3 };
  const timing = spreadPlan();
  const maxTrials = 21;

  test('an inconclusive that void trials ended is `spoiled` (the engine may sit it again); one that mixed evidence ended is not', () => {
    const v = () => ({ ok: false, invalid: true, detail: 'void' });
    const plan = { need: 3 };
    const voidEnded = decide({
      checks: [ok(), v(), v(), v(), v(), v(), v(), v(), v(), v()],
      structural: plan,
      maxTrials: 10,
    });
    expect(voidEnded).toMatchObject({ done: true, verdict: 'inconclusive', spoiled: true });
    const mixed = decide({ checks: [ok(), bad(), ok(), bad(), ok()], structural: plan, maxTrials: 5 });
    expect(mixed).toMatchObject({ done: true, verdict: 'inconclusive' });
    expect(mixed.spoiled).toBeUndefined();
    const timingVoid = decide({ values: [], timing, maxTrials, voided: 3, voidReason: 'busy' });
    expect(timingVoid).toMatchObject({ verdict: 'inconclusive', spoiled: true, reason: '3 of 3 trials void: busy' });
  });

  test("a second sitting (before): the budget and the void rules are this sitting's, the counts shown every sitting's", () => {
    const before = { checks: 0, values: 0, trials: 3, voided: 3 };
    // three more void trials: this sitting's own first 3
    const again = decide({ values: [], timing, maxTrials, voided: 3, voidReason: 'busy', before });
    expect(again).toMatchObject({ verdict: 'inconclusive', reason: '6 of 6 trials void: busy' });
    // two void and one value: not yet (the first sitting's voids do not count against this one)
    const going = decide({ values: [0.1], timing, maxTrials, voided: 2, voidReason: 'busy', before });
    expect(going.done).toBe(false);
    expect(going.evidence.timing).toMatchObject({ voided: 5 });
  });

  test('structural fail is a fail, whatever the timing says', () => {
    for (const values of [inside(2), inside(9), outside(9)]) {
      const checks = [bad('2 threads'), bad('2 threads'), bad('2 threads')];
      const d = decide({ checks, structural, values, timing, maxTrials });
      expect(d).toMatchObject({ done: true, verdict: 'fail' });
      expect(d.reason).toContain('2 threads');
      expect(d.reason).toContain('(0/3 trials as expected)');
    }
  });

  test('structural pass + timing pass is a pass', () => {
    const d = decide({ checks: Array(9).fill(ok()), structural, values: inside(9), timing, maxTrials });
    expect(d).toMatchObject({ done: true, verdict: 'pass' });
    expect(d.reason).toContain('as predicted');
    expect(d.evidence.structural?.decided).toBe('pass');
    expect(d.evidence.timing?.decided).toBe('pass');
  });

  test('structural pass + a timing contradiction at the full error budget is a fail: any part of the claim contradicted fails it', () => {
    const d = decide({ checks: Array(9).fill(ok()), structural, values: outside(9), timing, maxTrials });
    expect(d).toMatchObject({ done: true, verdict: 'fail' });
    expect(d.reason).toMatch(/^timing S median .*: contradicts; structure: as expected/);
  });

  test('a budget spent between looks (void trials count, give no value) still ends with an interval on what was gathered', () => {
    // 20 trials, 6 of them void: 14 values, past the look at 9 and short of 15.
    const atEnd = (/** @type {number[]} */ values) =>
      decide({
        checks: Array(20).fill(ok()),
        structural,
        values,
        timing,
        maxTrials: 20,
        voided: 6,
        voidReason: 'busy',
      });
    const fail = atEnd(outside(14));
    expect(fail).toMatchObject({ done: true, verdict: 'fail' });
    expect(fail.evidence.timing?.interval).not.toBeNull();
    expect(atEnd(inside(14))).toMatchObject({ done: true, verdict: 'pass' });
    // Before the budget is spent, 14 values are no look: the run goes on.
    expect(
      decide({ checks: Array(20).fill(ok()), structural, values: inside(14), timing, maxTrials: 21, voided: 6 }).done,
    ).toBe(false);
  });

  test('a timing channel with more than half its trials void from trial VOID_SHARE_N ends inconclusive, naming why', () => {
    const at = (/** @type {number} */ n, /** @type {number} */ voided) =>
      decide({
        checks: Array(n).fill(ok()),
        structural,
        values: inside(n - voided),
        timing,
        maxTrials,
        voided,
        voidReason: 'CPUs at unequal speeds',
      });
    const d = at(VOID_SHARE_N, VOID_SHARE_N / 2 + 1);
    expect(d).toMatchObject({ done: true, verdict: 'inconclusive' });
    expect(d.reason).toMatch(/^4 of 6 trials void: CPUs at unequal speeds; timing S/);
    // Half void, or fewer trials: the run goes on.
    expect(at(VOID_SHARE_N, VOID_SHARE_N / 2).done).toBe(false);
    expect(at(VOID_SHARE_N - 1, VOID_SHARE_N - 2).done).toBe(false);
  });

  test('beside sound structure the timing is judged at its own looks only: no glance ends a claim as a pass', () => {
    expect(decide({ checks: Array(3).fill(ok()), structural, values: inside(3), timing, maxTrials }).done).toBe(false);
    expect(decide({ checks: Array(6).fill(ok()), structural, values: inside(6), timing, maxTrials }).done).toBe(false);
    expect(decide({ checks: Array(8).fill(ok()), structural, values: inside(8), timing, maxTrials }).done).toBe(false);
    expect(decide({ checks: Array(9).fill(ok()), structural, values: inside(9), timing, maxTrials })).toMatchObject({
      done: true,
      verdict: 'pass',
    });
  });

  test('no rule that leans: 6 of 9 values on the wrong side never pass, and a straddle at the last look is inconclusive', () => {
    const mixed = [...outside(6), ...inside(3)];
    expect(decide({ checks: Array(9).fill(ok()), structural, values: mixed, timing, maxTrials }).verdict).not.toBe(
      'pass',
    );
    expect(decide({ checks: Array(9).fill(ok()), structural, values: straddle(9), timing, maxTrials }).done).toBe(
      false,
    );
    const d = decide({ checks: Array(21).fill(ok()), structural, values: straddle(21), timing, maxTrials });
    expect(d).toMatchObject({ done: true, verdict: 'inconclusive' });
    expect(d.reason).toMatch(/^too noisy to decide: timing S/);
  });

  test('a timing the plan reports but does not judge (it cannot separate the claim here): the structure decides', () => {
    const reportOnly = { ...timing, reportOnly: 'the scheduler spreads them here' };
    const d = decide({ checks: Array(3).fill(ok()), structural, values: outside(3), timing: reportOnly, maxTrials });
    expect(d).toMatchObject({ done: true, verdict: 'pass' });
    expect(d.reason).toContain('timing reported, not judged (the scheduler spreads them here)');
    // without structure (off Linux) nothing else could decide: the timing is judged
    expect(decide({ values: outside(9), timing: reportOnly, maxTrials })).toMatchObject({
      done: true,
      verdict: 'fail',
    });
  });

  test('--quick: sound structure ends the spec at once, timing shown without an interval', () => {
    const d = decide({ checks: Array(3).fill(ok()), structural, values: straddle(3), timing, maxTrials, quick: true });
    expect(d).toMatchObject({ done: true, verdict: 'pass' });
    expect(d.reason).toContain('(no interval yet)');
    expect(
      decide({ checks: Array(2).fill(ok()), structural, values: straddle(2), timing, maxTrials, quick: true }).done,
    ).toBe(false);
    // decisive timing is never cut short by --quick
    expect(
      decide({
        checks: Array(3).fill(ok()),
        structural,
        values: straddle(3),
        timing: { ...timing, decisive: true },
        maxTrials,
        quick: true,
      }).done,
    ).toBe(false);
  });

  test('a channel whose first VOID_STOP trials are all void ends inconclusive', () => {
    const v = () => ({ ok: false, invalid: true, detail: 'control failed' });
    expect(decide({ checks: [v(), v()], structural: { need: 2, cap: 3 }, maxTrials: 21 }).done).toBe(false);
    const d = decide({ checks: Array(VOID_STOP).fill(0).map(v), structural: { need: 2, cap: 3 }, maxTrials: 21 });
    expect(d).toMatchObject({ done: true, verdict: 'inconclusive' });
    expect(d.reason).toMatch(/^3 of 3 trials void/);
  });

  test('structural pass with timing undecided when the trials run out is inconclusive, not a pass', () => {
    const d = decide({ checks: Array(5).fill(ok()), structural, values: straddle(5), timing, maxTrials: 5 });
    expect(d).toMatchObject({ done: true, verdict: 'inconclusive' });
    expect(d.reason).toMatch(/^too noisy to decide/);
  });

  test('structural pass alone is a pass at `need`', () => {
    expect(decide({ checks: [ok(), ok()], structural, maxTrials: 5 }).done).toBe(false);
    expect(decide({ checks: [ok(), ok(), ok()], structural, maxTrials: 5 })).toMatchObject({
      done: true,
      verdict: 'pass',
      reason: 'as expected (3/3 trials as expected)',
    });
  });

  test('mixed structure: undecided until its cap or maxTrials, then inconclusive', () => {
    expect(decide({ checks: [ok(), bad(), ok()], structural, maxTrials: 5 }).done).toBe(false);
    const d = decide({ checks: [ok(), bad(), ok(), ok(), ok()], structural, maxTrials: 5 });
    expect(d).toMatchObject({ done: true, verdict: 'inconclusive' });
    expect(d.reason).toMatch(/^structural evidence mixed: /);
    expect(decide({ checks: [ok(), bad(), ok()], structural, maxTrials: 3 })).toMatchObject({
      done: true,
      verdict: 'inconclusive',
    });
  });

  test('mixed structure is not rescued by timing', () => {
    const d = decide({
      checks: [ok(), bad(), ok(), ok()],
      structural: { need: 3, cap: 21 },
      values: inside(9).slice(0, 4),
      timing,
      maxTrials,
    });
    expect(d.done).toBe(false);
  });

  test('timing alone: pass or fail at a look', () => {
    expect(decide({ values: inside(9), timing, maxTrials })).toMatchObject({ done: true, verdict: 'pass' });
    expect(decide({ values: outside(9), timing, maxTrials })).toMatchObject({ done: true, verdict: 'fail' });
    expect(decide({ values: outside(8), timing, maxTrials }).done).toBe(false);
    expect(decide({ checks: null, structural: null, values: outside(15), timing, maxTrials }).verdict).toBe('fail');
  });

  test('timing alone: undecided continues, and is inconclusive at the cap', () => {
    expect(decide({ values: straddle(9), timing, maxTrials }).done).toBe(false);
    expect(decide({ values: straddle(15), timing, maxTrials }).done).toBe(false);
    const d = decide({ values: straddle(21), timing, maxTrials });
    expect(d).toMatchObject({ done: true, verdict: 'inconclusive' });
    expect(d.reason).toMatch(/^too noisy to decide: timing S/);
    expect(decide({ values: straddle(12), timing, maxTrials: 12 })).toMatchObject({
      done: true,
      verdict: 'inconclusive',
    });
  });

  test('no channel: inconclusive at once', () => {
    expect(decide({ maxTrials: 3 })).toMatchObject({
      done: true,
      verdict: 'inconclusive',
      reason: 'no evidence channel available',
      evidence: { structural: null, timing: null },
    });
    // a plan without its samples is no channel either
    expect(decide({ structural, timing, maxTrials: 3 }).reason).toBe('no evidence channel available');
  });
});

describe('percent and timingText', () => {
  test('never prints 100% for c < 1', () => {
    const cs = [0.99, 0.995, 0.999, 0.9995, 0.99999, 1 - 1e-9, 1 - 1e-15, 1 - Number.EPSILON / 2];
    for (let i = 0; i < 1000; i++) cs.push(1 - i / 1e5);
    for (const c of cs) if (c < 1) expect(percent(c)).not.toBe('100%');
    expect(percent(1 - 1e-15)).toBe('99.9%');
  });

  test('rounds down to one decimal, dropping a trailing .0', () => {
    expect(percent(1)).toBe('100%');
    expect(percent(0.5)).toBe('50%');
    expect(percent(0.996)).toBe('99.6%');
    expect(percent(0.99609375)).toBe('99.6%');
    expect(percent(0.9999)).toBe('99.9%');
    expect(percent(0.123456)).toBe('12.3%');
    expect(percent(0)).toBe('0%');
  });

  test('timingText names the statistic, interval, region and model', () => {
    const t = judgeTiming(inside(9), spreadPlan());
    expect(timingText(t)).toBe(
      'timing S median 0.0544 99.6% CI [0.01, 0.0989] vs region < 0.2 (model 0; P=3 → 0.4), n=9: as predicted',
    );
    expect(timingText(judgeTiming(inside(3), spreadPlan()))).toContain('(no interval yet)');
    expect(timingText(judgeTiming(outside(9), spreadPlan()))).toMatch(/: contradicts$/);
    expect(timingText(judgeTiming(straddle(9), spreadPlan()))).toMatch(/: undecided$/);
  });
});

// ---------------------------------------------------------------------------
// Wrong pool sizes must fail.
//
// Synthetic pbkdf2-batch observations for a pool of `P` threads on `C` cores,
// shaped like fixtures/pbkdf2-batch.cjs reports them, and judged through the
// real plans (specs' plan(ctx) → batchPlan), one trial at a time as the runner
// feeds them. Noise, all from a seeded PRNG:
//   - machine speed per trial: every time (and T) × (1 + 0.08·g)
//   - work per task: T × (1 + 0.05·g), run through processor sharing, so tasks
//     sharing cores finish apart by their work, as on a real machine
//   - measurement jitter per completion: × (1 + 0.01·g)
//   - in 5% of trials, unfair sharing: each task's share weighted U(0.6, 1.4)
// (8% *independent* noise on each completion time was tried first. It is far
// noisier than the source figures for tasks finishing together (1545–1557 ms
// for five), and at that level the noise itself biases the spread statistics:
// the timing-only path then false-fails the true pool size, e.g.
// pool.size-five-all-together at C=1 in 163/200 runs, pool.pbkdf2-four-together
// at C=1 in 6/200, and fails pool.fifth-lags' P=3 in only ~60% at C >= 4.)
// ---------------------------------------------------------------------------

const CORE_COUNTS = [1, 2, 4, 8, 16, 64];
const TRUE_POOLS = [1, 2, 3, 4, 5, 8];

/** @param {number} C @param {string} platform */
const fakeCtx = (C, platform) => ({
  cores: C,
  platform,
  pbkdf2: { taskMs: TASK_MS, iterations: 1000 },
  node: { major: 20, version: '20.20.2', uv: '1.46.0' },
});

/**
 * Weighted processor sharing over a FIFO pool: like harness/kits/model.js, but with
 * per-task work and share weights, and it says which thread ran each task.
 * @param {number[]} work @param {number[]} weight @param {number} P @param {number} C
 */
function simulate(work, weight, P, C) {
  const k = work.length;
  const left = work.slice();
  const done = new Array(k).fill(NaN);
  const thread = new Array(k).fill(-1);
  const free = [];
  for (let i = 0; i < P; i++) free.push(i);
  /** @type {number[]} */
  const running = [];
  const speed = [];
  let next = 0;
  let now = 0;
  while (true) {
    while (free.length && next < k) {
      thread[next] = /** @type {number} */ (free.shift());
      running.push(next++);
    }
    if (running.length === 0) break;
    let W = 0;
    for (const i of running) W += weight[i];
    let step = Infinity;
    for (let j = 0; j < running.length; j++) {
      speed[j] = Math.min(1, (C * weight[running[j]]) / W);
      step = Math.min(step, left[running[j]] / speed[j]);
    }
    now += step;
    for (let j = running.length - 1; j >= 0; j--) {
      const i = running[j];
      left[i] -= step * speed[j];
      if (left[i] <= 1e-9) {
        done[i] = now;
        running.splice(j, 1);
      }
    }
    // threads freed in this step go back in the order their tasks were taken
    for (let i = 0; i < next; i++) if (done[i] === now && !free.includes(thread[i])) free.push(thread[i]);
  }
  return { done, thread };
}

/**
 * One observation of k pbkdf2 tasks through a pool of P threads on C cores.
 * @param {() => number} r @param {{ k: number, P: number, C: number, reference: boolean }} o
 */
function observe(r, { k, P, C, reference }) {
  const speed = Math.max(0.5, 1 + 0.08 * gauss(r));
  const work = new Array(k);
  for (let i = 0; i < k; i++) work[i] = TASK_MS * Math.max(0.5, 1 + 0.05 * gauss(r));
  const unfair = r() < 0.05;
  const weight = new Array(k).fill(1);
  if (unfair) for (let i = 0; i < k; i++) weight[i] = 0.6 + 0.8 * r();
  const { done, thread } = simulate(work, weight, P, C);
  const completions = new Array(k);
  for (let task = 0; task < k; task++)
    completions[task] = { task, ms: Math.round(speed * done[task] * Math.max(0.5, 1 + 0.01 * gauss(r)) * 100) / 100 };
  completions.sort((a, b) => a.ms - b.ms);
  const poolThreads = new Array(P);
  const cpuMs = new Array(P);
  for (let i = 0; i < P; i++) {
    poolThreads[i] = 4000 + i;
    cpuMs[i] = r() * 0.2; // idle threads: a few wake-ups
  }
  // CPU time per hash drifts less than completion times: quiet runs on the VM
  // read 0.95-1.12 of the calibrated task per hash (BENCHMARKS.md §13).
  const cpuSpeed = 1 + 0.4 * (speed - 1);
  for (let i = 0; i < k; i++) cpuMs[thread[i]] += cpuSpeed * work[i] * (1 + 0.02 * gauss(r));
  // How many ran at once between completions, as the fixture reads it: every
  // task in progress (the simulated pool runs them all).
  const phases = completions.map((c, j) => ({
    fromMs: j === 0 ? 0 : completions[j - 1].ms,
    toMs: c.ms,
    concurrency: Math.min(P, k - j),
  }));
  return {
    k,
    iterations: 1000,
    T: reference ? Math.round(speed * TASK_MS * Math.max(0.5, 1 + 0.05 * gauss(r)) * 100) / 100 : null,
    completions,
    phases,
    linux: true,
    threadsInitial: 7,
    poolThreads,
    cpuMs,
  };
}

/** Feed trials one at a time, as harness/engine.js does, until decided. */
function verdictOf(plan, next) {
  if (plan.undecidable) return { verdict: 'inconclusive', trials: 0 };
  const { structural = null, timing = null } = plan;
  const maxTrials = plan.maxTrials ?? (timing ? timing.looks.at(-1) : (structural?.cap ?? (structural?.need ?? 1) + 2));
  const checks = structural ? [] : null;
  const values = timing ? [] : null;
  // As the engine does: a trial without a timing value (void) extends the
  // budget, never past twice the usual cap.
  let voided = 0;
  let spoiled = 0;
  let disagreed = 0;
  const cap = () => maxTrials + Math.min(voided + spoiled + disagreed, maxTrials);
  let d = decide({ checks, structural, values, timing, maxTrials: cap(), voided });
  for (let n = 1; n <= cap(); n++) {
    const obs = next();
    const check = structural ? structural.check(obs) : null;
    if (check) checks?.push(check);
    if (check && !check.invalid && !check.ok) disagreed++;
    if (timing?.void?.(obs) || (timing && check?.timingVoid)) voided++;
    else if (check?.invalid) spoiled++;
    else values?.push(timing.value(obs));
    d = decide({ checks, structural, values, timing, maxTrials: cap(), voided });
    if (d.done) break;
  }
  return { verdict: d.verdict ?? 'inconclusive', trials: Math.max(checks?.length ?? 0, values?.length ?? 0) };
}

const SPECS_DIR = new URL('../specs/threadpool/', import.meta.url);
/** The thread-pool specs built on batchPlan (a pbkdf2 batch with a statistic). */
const batchSpecs = [];
for (const f of readdirSync(SPECS_DIR)
  .filter((f) => f.endsWith('.spec.js'))
  .sort()) {
  const spec = (await import(new URL(f, SPECS_DIR).href)).default;
  let model;
  try {
    model = spec.plan(fakeCtx(2, 'linux')).model;
  } catch {
    continue; // a spec that needs more of the context than this fake gives is not a batch plan
  }
  if (Number.isInteger(model?.k) && Number.isInteger(model?.P) && typeof model?.statistic === 'string')
    batchSpecs.push(spec);
}

/** Does the spec time one task alone (obs.T)? It asks the fixture with `reference`. */
function usesReference(plan, ctx) {
  let reference = false;
  plan.trial(
    {
      ...ctx,
      run: (/** @type {string} */ _f, /** @type {any} */ o) => (
        (reference = Boolean(o.options.reference)),
        Promise.resolve()
      ),
    },
    1,
  );
  return reference;
}

/** The plan's statistic on the noise-free model for a pool of P threads. */
function modelValue(plan, P, C) {
  const times = predictSorted({ tasks: plan.model.k, P, C, T: TASK_MS });
  return plan.timing.value({ completions: times.map((ms) => ({ ms })), T: TASK_MS });
}

/** True pool sizes to try for a spec asking for P: the set and its neighbours. */
const poolsFor = (/** @type {number} */ P) =>
  [...new Set([...TRUE_POOLS, P - 1, P + 1])].filter((p) => p >= 1).sort((a, b) => a - b);

describe('wrong pool sizes must fail', () => {
  test('the batch specs include the seven pbkdf2 plans', () => {
    expect(batchSpecs.map((s) => s.id)).toEqual(
      expect.arrayContaining([
        'pool.fifth-lags',
        'pool.pbkdf2-four-together',
        'pool.six-is-four-then-two',
        'pool.size-five-all-together',
        'pool.size-one-serializes',
        'pool.size-two-pairs',
        'pool.two-as-fast-as-one',
      ]),
    );
  });

  test('synthetic observations look like the fixture: P threads, min(P, k) worked, ms sorted', () => {
    const r = seededRandom(1);
    for (const [k, P] of [
      [5, 4],
      [2, 4],
      [6, 4],
      [4, 1],
    ]) {
      const obs = observe(r, { k, P, C: 2, reference: true });
      expect(obs.poolThreads).toHaveLength(P);
      expect(obs.cpuMs).toHaveLength(P);
      expect(obs.cpuMs.filter((ms) => ms > 30)).toHaveLength(Math.min(P, k));
      expect(obs.completions.map((c) => c.task).sort()).toEqual(Array.from({ length: k }, (_, i) => i));
      expect(obs.completions.map((c) => c.ms)).toEqual(sorted(obs.completions.map((c) => c.ms)));
      expect(obs.T).toBeGreaterThan(0);
    }
  });

  test('structural check: the right thread count is not enough, the work must spread over min(P, k) threads', () => {
    const r = seededRandom(5);
    for (const spec of batchSpecs) {
      const plan = spec.plan(fakeCtx(4, 'linux'));
      const { k, P } = plan.model;
      const obs = observe(r, { k, P, C: 4, reference: true });
      expect({ id: spec.id, ok: plan.structural.check(obs).ok }).toEqual({ id: spec.id, ok: true });
      if (Math.min(P, k) < 2) continue;
      // all the work on one of the P threads, as a serializing pool would do it
      const total = obs.cpuMs.reduce((s, x) => s + x, 0);
      const serial = { ...obs, cpuMs: obs.cpuMs.map((_, i) => (i === 0 ? total : 0.1)) };
      const check = plan.structural.check(serial);
      expect({ id: spec.id, ok: check.ok }).toEqual({ id: spec.id, ok: false });
      expect(check.detail).toContain(
        `${P} pool threads started, 1 did the ${k} tasks (${k}); expected ${P} and ${Math.min(P, k)}`,
      );
    }
  });

  for (const spec of batchSpecs) {
    test(`${spec.id}: structural path (linux) passes the true P and fails every other`, () => {
      const problems = [];
      for (const C of CORE_COUNTS) {
        const plan = spec.plan(fakeCtx(C, 'linux'));
        expect(plan.structural).toBeDefined();
        const { k, P } = plan.model;
        const reference = usesReference(plan, fakeCtx(C, 'linux'));
        for (const trueP of poolsFor(P)) {
          const r = seededRandom(1e6 + C * 1000 + trueP);
          const want = trueP === P ? 'pass' : 'fail';
          const missed = [];
          for (let rep = 0; rep < 20; rep++) {
            const { verdict } = verdictOf(plan, () => observe(r, { k, P: trueP, C, reference }));
            if (verdict !== want) missed.push(`C=${C} true P=${trueP} rep ${rep}: ${verdict}, want ${want}`);
          }
          // The true P never fails; where its timing is judged it may stay
          // undecided now and then, within the verdicts' target (inconclusive
          // ≤ 10% of runs): at most 2 of 20. A wrong P always fails.
          const tolerated = want === 'pass' && missed.length <= 2 && missed.every((m) => m.includes(': inconclusive,'));
          if (!tolerated) problems.push(...missed);
        }
      }
      expect(problems).toEqual([]);
    });

    test(`${spec.id}: timing-only path (darwin) passes the true P and fails P±1 where the model tells them apart`, () => {
      const problems = [];
      for (const C of CORE_COUNTS) {
        const plan = spec.plan(fakeCtx(C, 'darwin'));
        expect(plan.structural).toBeUndefined();
        const { k, P } = plan.model;
        // Fewer CPUs than the batch's first tasks: timing cannot tell the
        // alternatives apart there, and without the runnable count the claim
        // is undecidable (inconclusive before any trial).
        if (plan.undecidable) {
          expect({ id: spec.id, C, undecidable: C >= 2 && C < Math.min(P, k) }).toEqual({
            id: spec.id,
            C,
            undecidable: true,
          });
          continue;
        }
        const reference = usesReference(plan, fakeCtx(C, 'darwin'));
        const r0 = region(plan.timing);
        for (const trueP of poolsFor(P)) {
          const neighbour = Math.abs(trueP - P) <= 1;
          const m = modelValue(plan, trueP, C);
          // on the boundary itself the model does not tell them apart either
          const distinguishable = !(m > r0.lo - 1e-9 && m < r0.hi + 1e-9);
          if (trueP === P) expect(distinguishable).toBe(false);
          // Far-off pools: only where the model tells them apart, and fewer
          // repetitions. Where it does not, timing alone cannot catch them: e.g.
          // pool.fifth-lags and pool.six-is-four-then-two pass P=1 and P=2 on
          // every C (their statistic is inside the region); only the structural
          // channel, Linux only, rejects those.
          if (!neighbour && !distinguishable) continue;
          const reps = neighbour ? 200 : 20;
          const count = { pass: 0, fail: 0, inconclusive: 0 };
          const r = seededRandom(2e6 + C * 1000 + trueP);
          for (let rep = 0; rep < reps; rep++)
            count[verdictOf(plan, () => observe(r, { k, P: trueP, C, reference })).verdict]++;
          const where = `C=${C} true P=${trueP} (model ${m.toFixed(3)}, region ${describeRegion(r0)}): ${JSON.stringify(count)}`;
          if (distinguishable && count.fail < 0.95 * reps) problems.push(`${where}: want fail in >= 95%`);
          if (!distinguishable && count.fail > 0.01 * reps)
            problems.push(`${where}: want pass or inconclusive in >= 99%`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  test('batch timing is judged with a core per task or on one CPU; between, the runnable count decides (Linux) or the claim is undecidable', () => {
    for (const id of ['pool.pbkdf2-four-together', 'pool.fifth-lags', 'pool.six-is-four-then-two']) {
      const spec = batchSpecs.find((s) => s.id === id);
      const at = (/** @type {number} */ C, /** @type {string} */ platform, /** @type {any} */ more = {}) =>
        spec.plan({ ...fakeCtx(C, platform), ...more });
      const shared = at(2, 'linux');
      expect({ id, reportOnly: shared.timing.reportOnly }).toEqual({
        id,
        reportOnly: expect.stringMatching(/^with 4 threads on C=2 the per-CPU run queues share the cores unevenly/),
      });
      expect(shared.undecidable).toBeUndefined();
      // a first batch without a runnable reading is void, not a pass on thread counts alone
      const obs = observe(seededRandom(7), { k: shared.model.k, P: 4, C: 2, reference: false });
      expect(shared.structural.check(obs).ok).toBe(true);
      expect(shared.structural.check({ ...obs, phases: null })).toMatchObject({ ok: false, invalid: true });
      // a 1-CPU quota spread over 2 CPUs shares unevenly too; one CPU does not
      expect(at(1, 'linux', { usable: [0, 1] }).timing.reportOnly).toBeDefined();
      expect(at(1, 'linux', { usable: [0] }).timing.reportOnly).toBeUndefined();
      expect(at(3, 'darwin').undecidable).toMatch(
        /only the runnable count \(Linux \/proc\) tells them apart, and darwin has none$/,
      );
      for (const platform of ['linux', 'darwin'])
        for (const C of [1, 4]) {
          const plan = at(C, platform);
          expect({ id, C, platform, reportOnly: plan.timing.reportOnly, undecidable: plan.undecidable }).toEqual({
            id,
            C,
            platform,
            reportOnly: undefined,
            undecidable: undefined,
          });
          expect(plan.timing.toward).toBeUndefined(); // the boundary is halfway: no fitted lean
        }
    }
  });

  test('pool.size-two-pairs: Q judged on two CPUs and on one; inside a 1-CPU quota spread over 2 CPUs the runnable count decides', () => {
    const spec = batchSpecs.find((s) => s.id === 'pool.size-two-pairs');
    const at = (/** @type {number} */ C, /** @type {any} */ more = {}) =>
      spec.plan({ ...fakeCtx(C, 'linux'), ...more });
    expect(at(2).timing.reportOnly).toBeUndefined();
    expect(at(1, { usable: [0] }).timing.reportOnly).toBeUndefined();
    const quota = at(1, { usable: [0, 1] });
    expect(quota.timing.reportOnly).toMatch(/^with 2 threads on C=1 the per-CPU run queues share the cores unevenly/);
    expect(quota.summary).toContain('Finishing in pairs is not judged by timing on C=1');
    const obs = observe(seededRandom(11), { k: 4, P: 2, C: 1, reference: false });
    expect(quota.structural.check(obs).ok).toBe(true);
    expect(quota.structural.check({ ...obs, phases: null })).toMatchObject({ ok: false, invalid: true });
  });

  test('pool.two-as-fast-as-one under a 1-CPU quota spread over 2 CPUs: undecidable (the two get between 1 and 2 CPUs), on one CPU refuted as the model says', () => {
    const spec = batchSpecs.find((s) => s.id === 'pool.two-as-fast-as-one');
    const quota = spec.plan({ ...fakeCtx(1, 'linux'), usable: [0, 1] });
    expect(quota.undecidable).toMatch(/^a CPU quota of C=1 spread over 2 CPUs runs the threads in bursts/);
    const one = spec.plan({ ...fakeCtx(1, 'linux'), usable: [0] });
    expect({ undecidable: one.undecidable, expected: one.expected }).toEqual({
      undecidable: undefined,
      expected: 'refuted',
    });
    expect(
      spec.plan({ ...fakeCtx(1, 'linux'), usable: [0, 1], env: { UV_THREADPOOL_SIZE: '1' }, poolSize: 1 }).undecidable,
    ).toBeUndefined();
  });

  test('the same verdicts come out of the engine with a fake launcher', async () => {
    // The loop above mirrors the engine; check it against the engine itself.
    for (const spec of batchSpecs) {
      for (const platform of ['linux', 'darwin']) {
        const C = 2;
        const base = fakeCtx(C, platform);
        const plan = spec.plan(base);
        const reference = usesReference(plan, base);
        for (const trueP of [plan.model.P, plan.model.P + 1]) {
          const seed = 3e6 + trueP;
          const r = seededRandom(seed);
          const want = verdictOf(plan, () => observe(r, { k: plan.model.k, P: trueP, C, reference }));
          const r2 = seededRandom(seed);
          /** @type {any[]} */
          const asked = [];
          const launcher = {
            trial: (/** @type {any} */ p, /** @type {any} */ c, /** @type {number} */ n) => p.trial(c, n),
            run: async (/** @type {string} */ fixture, /** @type {any} */ o) => {
              asked.push({ fixture, ...o.options });
              return observe(r2, { k: o.options.k, P: trueP, C, reference: Boolean(o.options.reference) });
            },
            start: () => {
              throw new Error('no services here');
            },
            tmpdir: '',
            dispose() {},
          };
          let result;
          const machine = /** @type {any} */ (base);
          for await (const e of run({
            specs: [spec],
            machine,
            launcher: /** @type {any} */ (launcher),
            options: { now: () => 0 },
          }))
            if (e.type === 'spec:end') result = e.data;
          expect({ id: spec.id, platform, trueP, verdict: result.verdict, trials: result.trials }).toEqual({
            id: spec.id,
            platform,
            trueP,
            verdict: want.verdict,
            trials: want.trials,
          });
          expect(
            asked.every((a) => a.fixture === 'pbkdf2-batch.cjs' && a.k === plan.model.k && a.iterations === 1000),
          ).toBe(true);
        }
      }
    }
  });
});

describe('pool.size-two-pairs: the pairs at any constant speed per thread', () => {
  const spec = batchSpecs.find((s) => s.id === 'pool.size-two-pairs');
  // Each of the two threads runs a task of each pair: at task times a and b
  // (b ≤ 2a) the completions are a, b, 2a, 2b, each later by the batch's
  // start-up cost.
  const pairs = (/** @type {number} */ a, /** @type {number} */ b, /** @type {number} */ startMs = 0) =>
    sorted([a + startMs, b + startMs, 2 * a + startMs, 2 * b + startMs]);

  test('Q reads the model (2) whether the threads ran at one speed or ×1.1–1.6 apart, inside its region on every C', () => {
    for (const C of CORE_COUNTS) {
      const plan = spec.plan(fakeCtx(C, 'linux'));
      const { lo, hi } = region(plan.timing);
      for (const spread of [1, 1.1, 1.3, 1.6]) {
        const q = plan.timing.value({ completions: pairs(120, 120 * spread).map((ms) => ({ ms })), T: 120 });
        expect(q).toBeCloseTo(2, 9);
        expect(q > lo && q < hi).toBe(true);
      }
    }
  });

  test('threads ×1.3 apart with a start-up cost: Q inside its region (the former gap, (t3 − t2) / t4, read 0.26 there, beside P=1’s 0.25)', () => {
    const t = pairs(120, 120 * 1.3, 8);
    const plan = spec.plan(fakeCtx(2, 'linux'));
    const q = plan.timing.value({ completions: t.map((ms) => ({ ms })), T: 120 });
    expect(q).toBeGreaterThan(region(plan.timing).lo);
    expect(q).toBeLessThan(region(plan.timing).hi);
  });

  test('one thread at a time (P=1) and three at once (P=3) read outside the region on every C', () => {
    for (const C of CORE_COUNTS) {
      const plan = spec.plan(fakeCtx(C, 'linux'));
      const { lo, hi } = region(plan.timing);
      expect(modelValue(plan, 1, C)).toBeGreaterThan(hi);
      expect(modelValue(plan, 3, C)).toBeLessThan(lo);
    }
  });
});

test('decide: a structural channel filled with void trials is inconclusive and says so', async () => {
  const { decide } = await import('../harness/verdict.js');
  const checks = Array.from({ length: 4 }, () => ({ ok: false, invalid: true, detail: 'generator CPU-bound' }));
  const d = decide({ checks, structural: { need: 2 }, maxTrials: 4 });
  expect(d.done).toBe(true);
  expect(d.verdict).toBe('inconclusive');
  expect(d.reason).toMatch(/^4 of 4 trials void: generator CPU-bound/);
});

describe('decisive timing with many void trials', () => {
  const timing = {
    statistic: 'r',
    description: 'd',
    claim: 0.5,
    alternatives: { none: 0 },
    looks: [9, 15, 21],
    alpha: 0.01,
    decisive: true,
  };
  const ok = () => ({ ok: true, detail: 'served' });
  const bad = () => ({ ok: false, invalid: true, detail: 'generator CPU-bound' });
  test('more than half of 6 or more trials void: inconclusive, naming the void trials', () => {
    const checks = [ok(), bad(), ok(), bad(), bad(), bad()];
    const d = decide({ checks, structural: { need: 2, cap: 3 }, values: [0.5, 0.5], timing, maxTrials: 21 });
    expect(d).toMatchObject({ done: true, verdict: 'inconclusive' });
    expect(d.reason).toMatch(/^4 of 6 trials void: /);
  });
  test('half or fewer void: the timing goes on to its looks', () => {
    const checks = [ok(), bad(), ok(), bad(), ok(), bad()];
    expect(
      decide({ checks, structural: { need: 2, cap: 3 }, values: [0.5, 0.5, 0.5], timing, maxTrials: 21 }).done,
    ).toBe(false);
  });
});

describe('further timing statistics (also): each an assertion, judged by the same rule', () => {
  const alsoPlan = {
    ...spreadPlan({ statistic: 'S2', description: 'second', asserts: 'the second load' }),
    value: () => 0,
  };
  const timing = { ...spreadPlan(), decisive: true, also: [alsoPlan] };
  const structural = { need: 2, cap: 3 };
  const checks = Array(9).fill(ok());
  const judge = (/** @type {number[]} */ first, /** @type {number[]} */ second, maxTrials = 21) =>
    decide({
      checks: checks.slice(0, first.length),
      structural,
      values: first,
      alsoValues: [second],
      timing,
      maxTrials,
    });

  test('both supported: a pass, each listed with its own decision', () => {
    const d = judge(inside(9), inside(9));
    expect(d).toMatchObject({ done: true, verdict: 'pass' });
    const timed = d.evidence.assertions.filter((a) => a.channel === 'timing');
    expect(timed.map((a) => [a.name, a.decided])).toEqual([
      ['spread', 'pass'],
      ['the second load', 'pass'],
    ]);
    expect(timed[1].timing?.values).toHaveLength(9);
  });

  test('the first supported, the second contradicted: a fail that leads with the second', () => {
    const d = judge(inside(9), outside(9));
    expect(d).toMatchObject({ done: true, verdict: 'fail' });
    expect(d.reason).toMatch(/^timing S2 median .*: contradicts; timing S median .*: as predicted/);
  });

  test('the first contradicted, the second supported: a fail', () => {
    expect(judge(outside(9), inside(9))).toMatchObject({ done: true, verdict: 'fail' });
  });

  test('the second undecided: no pass on the first alone; inconclusive when the budget is spent', () => {
    expect(judge(inside(9), straddle(9)).done).toBe(false);
    const end = decide({
      checks: Array(21).fill(ok()),
      structural,
      values: inside(21),
      alsoValues: [straddle(21)],
      timing,
      maxTrials: 21,
    });
    expect(end).toMatchObject({ done: true, verdict: 'inconclusive' });
    expect(end.reason).toMatch(/^too noisy to decide: .*timing S2 median .*: undecided/);
  });

  test('a further statistic reported, not judged, neither fails the claim nor holds back its pass', () => {
    const shown = { ...timing, also: [{ ...alsoPlan, reportOnly: 'too close to tell' }] };
    const d = decide({ checks, structural, values: inside(9), alsoValues: [outside(9)], timing: shown, maxTrials: 21 });
    expect(d).toMatchObject({ done: true, verdict: 'pass' });
    const a = d.evidence.assertions.find((x) => x.name === 'the second load');
    expect(a).toMatchObject({ decided: null });
    expect(a?.detail).toMatch(/^reported, not judged \(too close to tell\): timing S2/);
    expect(d.reason).toMatch(/timing S2 .* \(reported, not judged\)$/);
  });

  test('without `also` nothing changes: one statistic decides as before', () => {
    const one = { ...spreadPlan(), decisive: true };
    expect(
      decide({ checks, structural, values: inside(9), timing: one, maxTrials: 21 }).evidence.assertions,
    ).toHaveLength(2);
  });
});

describe('the telling trial', () => {
  test('a void trial is not the reason of a claim its valid trials decided', () => {
    const checks = [
      { ok: true, detail: 'served A' },
      { ok: false, invalid: true, detail: 'generator CPU-bound' },
      { ok: true, detail: 'served B' },
    ];
    const d = decide({ checks, structural: { need: 2, cap: 3 }, maxTrials: 6 });
    expect(d).toMatchObject({ done: true, verdict: 'pass' });
    expect(d.reason).toMatch(/^served B/);
  });
  test('where void trials outnumber the agreeing ones, the reason says why they were void', () => {
    const v = { ok: false, invalid: true, detail: 'generator CPU-bound' };
    const good = { ok: true, detail: 'served' };
    const d = decide({ checks: [v, good, v, v, good, v, v, v], structural: { need: 3, cap: 4 }, maxTrials: 8 });
    expect(d).toMatchObject({ done: true, verdict: 'inconclusive' });
    expect(d.reason).toContain('generator CPU-bound');
  });
});
