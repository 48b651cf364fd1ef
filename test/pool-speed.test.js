// Batches on CPUs of unequal speed (harness/kits/pool.js): the timing model
// shares equal CPUs, so where one pool thread needs far more CPU time per
// hash than another, the batch's timing value is dropped and its structure
// still counts. Readings taken on a 2-vCPU VM: quiet batches, and batches
// while the host slowed one vCPU (no steal shown in /proc/stat).
import { test, describe } from 'node:test';
import { expect } from 'expect';
import { hashRates, voidIfUnequalSpeeds } from '../harness/kits/pool.js';
import { MAX_SPEED_SPREAD, unequalSpeedReason, splitRates, voidIfUnequalSplitSpeeds } from '../harness/kits/workers.js';

const batchReason = (/** @type {any} */ obs, /** @type {number} */ k) =>
  unequalSpeedReason(hashRates(obs, k), 'a hash');

const ok = { ok: true, detail: 'as expected' };

describe("unequalSpeedReason over a batch's hash rates", () => {
  test('quiet batches read as one speed (P=2, k=4: 240–249 ms per pair of hashes)', () => {
    for (const cpuMs of [
      [240.18, 241.64],
      [239.53, 244.1],
      [248.87, 248.85],
      [252.61, 253.53],
    ])
      expect(batchReason({ cpuMs }, 4)).toBeNull();
  });
  test('a slowed vCPU is named with its figures (P=2, k=4: 242 and 370 ms)', () => {
    const why = batchReason({ cpuMs: [241.14, 360.79] }, 4);
    expect(why).toMatch(/^CPUs at unequal speeds: a hash took 121–180 ms of CPU/);
    expect(why).toContain('×1.5');
  });
  test('tasks per thread are counted, so a thread that did one task is not read as fast (P=4, k=6: 2+2+1+1)', () => {
    expect(batchReason({ cpuMs: [240, 242, 121, 119] }, 6)).toBeNull();
    expect(batchReason({ cpuMs: [240, 242, 121, 180] }, 6)).not.toBeNull();
  });
  test('one thread, or no CPU reading, gives no comparison', () => {
    expect(batchReason({ cpuMs: [480] }, 4)).toBeNull();
    expect(batchReason({ cpuMs: [] }, 4)).toBeNull();
    expect(batchReason({}, 4)).toBeNull();
  });
  test('the bound sits between the quiet spread (≤ 1.05) and a slowed vCPU (≥ 1.3)', () => {
    expect(MAX_SPEED_SPREAD).toBeGreaterThan(1.05);
    expect(MAX_SPEED_SPREAD).toBeLessThan(1.3);
  });
});

describe('voidIfUnequalSpeeds', () => {
  test('drops the timing value and keeps the structure', () => {
    const c = voidIfUnequalSpeeds({ cpuMs: [241, 361] }, { k: 4, P: 4 }, ok);
    expect(c).toMatchObject({ ok: true, timingVoid: true });
    expect(c.voidReason).toMatch(/^CPUs at unequal speeds/);
    expect(c.detail).toMatch(/^as expected \(timing dropped: CPUs at unequal speeds/);
  });
  test('a structural fail stays a fail: the speed spread voids only the timing', () => {
    expect(voidIfUnequalSpeeds({ cpuMs: [241, 361] }, { k: 4, P: 4 }, { ok: false, detail: 'x' })).toMatchObject({
      ok: false,
      timingVoid: true,
    });
  });
  test('CPU per hash alike, but the speed reference read the CPUs apart by the wall clock: the timing is dropped', () => {
    const apart = { cpuMs: [241, 243], speed: { pinned: { 0: 0.035, 1: 0.05 }, byCpu: {} } };
    expect(voidIfUnequalSpeeds(apart, { k: 4, P: 4 }, ok).voidReason).toBe(
      'CPUs at unequal speeds: the speed reference read ×1.43 apart on them, by the wall clock (the model assumes one speed)',
    );
    const alike = { cpuMs: [241, 243], speed: { pinned: { 0: 0.035, 1: 0.037 }, byCpu: { 0: { ms: 0.036, n: 9 } } } };
    expect(voidIfUnequalSpeeds(alike, { k: 4, P: 4 }, ok)).toBe(ok);
    // one thread at a time (P = 1): its tasks all meet the same CPUs
    expect(voidIfUnequalSpeeds({ ...apart, cpuMs: [484] }, { k: 4, P: 1 }, ok)).toBe(ok);
  });
  test('a check already void or invalid is left as it is; one speed leaves the check alone', () => {
    const busy = { ...ok, timingVoid: true, voidReason: 'machine busy' };
    expect(voidIfUnequalSpeeds({ cpuMs: [241, 361] }, { k: 4, P: 4 }, busy)).toBe(busy);
    const invalid = { ok: false, invalid: true, detail: 'control failed' };
    expect(voidIfUnequalSpeeds({ cpuMs: [241, 361] }, { k: 4, P: 4 }, invalid)).toBe(invalid);
    expect(voidIfUnequalSpeeds({ cpuMs: [241, 243] }, { k: 4, P: 4 }, ok)).toBe(ok);
  });
});

describe('split trials', () => {
  const run = (/** @type {number} */ k, /** @type {number[]} */ cpuMs) => ({
    k,
    threads: cpuMs.map((ms, i) => ({ tid: 100 + i, cpuMs: ms, iterations: 2000 / k })),
  });
  test('the CPU per calibrated task of each thread, from its share of the iterations, per run', () => {
    expect(splitRates({ runs: [run(1, [240]), run(2, [120, 122])] }, 1000, 2)).toEqual([
      { k: 1, rates: [120] },
      { k: 2, rates: [120, 122] },
    ]);
    // More threads than CPUs share them: not read.
    expect(splitRates({ runs: [run(2, [120, 122]), run(4, [50, 80, 60, 70])] }, 1000, 2)).toEqual([
      { k: 2, rates: [120, 122] },
    ]);
    // k=3: 666.7 iterations each
    const [three] = splitRates({ runs: [run(3, [80, 81, 90])] }, 1000, 4);
    expect(three.rates.map(Math.round)).toEqual([120, 122, 135]);
  });
  test('one speed: the check stands; a slowed vCPU under k=2: the timing is dropped', () => {
    const c = { ok: true, detail: 'shares' };
    expect(voidIfUnequalSplitSpeeds({ runs: [run(1, [240]), run(2, [120, 124])] }, { iterations: 1000, C: 2 }, c)).toBe(
      c,
    );
    expect(
      voidIfUnequalSplitSpeeds({ runs: [run(1, [240]), run(2, [120, 176])] }, { iterations: 1000, C: 2 }, c),
    ).toMatchObject({
      ok: true,
      timingVoid: true,
      voidReason: expect.stringMatching(/^CPUs at unequal speeds: a task took 120–176 ms/),
    });
  });
  test('the run whose threads read furthest apart names the speeds', () => {
    const c = { ok: true, detail: 'shares' };
    const obs = { runs: [run(2, [120, 150]), run(3, [80, 81, 120])] };
    expect(voidIfUnequalSplitSpeeds(obs, { iterations: 1000, C: 4 }, c).voidReason).toMatch(
      /a task took 120–180 ms of CPU on different threads \(×1\.5;/,
    );
  });
  test("the split's threads alike but each dearer than the lone thread: void, with both readings", () => {
    const c = { ok: true, detail: 'shares' };
    // a host that slows its vCPUs while two work (hyperthread siblings), or a spin lock's waiters
    expect(
      voidIfUnequalSplitSpeeds({ runs: [run(1, [240]), run(2, [160, 162])] }, { iterations: 1000, C: 2 }, c).voidReason,
    ).toBe(
      'CPUs at unequal speeds: a task took 120 ms of CPU on the lone thread and 160–162 ms on each thread of the split (×1.35: a host that slows its vCPUs while two work, or CPU spent without progress; the model assumes one speed)',
    );
    // a spin lock's waiters read ×2: void as well (their own CPU cannot tell)
    const spin = { runs: [run(1, [240]), run(2, [240, 242])] };
    expect(voidIfUnequalSplitSpeeds(spin, { iterations: 1000, C: 2 }, c).voidReason).toMatch(
      /and 240–242 ms on each thread of the split \(×2\.02: a host that slows/,
    );
    // the lone thread the dearer: as void
    expect(
      voidIfUnequalSplitSpeeds({ runs: [run(1, [320]), run(2, [120, 121])] }, { iterations: 1000, C: 2 }, c).timingVoid,
    ).toBe(true);
    // no lone run (k = C and 2C), the runs of the split apart: named as threads apart
    expect(
      voidIfUnequalSplitSpeeds(
        { runs: [run(3, [80, 80, 81]), run(4, [80, 80, 80, 80])] },
        { iterations: 1000, C: 4 },
        c,
      ).voidReason,
    ).toMatch(/^CPUs at unequal speeds: a task took 120–160 ms of CPU on different threads/);
    // a thread without a CPU reading is not compared
    const unread = {
      runs: [
        run(2, [120, 122]),
        {
          k: 2,
          threads: [
            { cpuMs: null, iterations: 1000 },
            { cpuMs: 121, iterations: 1000 },
          ],
        },
      ],
    };
    expect(voidIfUnequalSplitSpeeds(unread, { iterations: 1000, C: 2 }, c)).toBe(c);
  });
});
