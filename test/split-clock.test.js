// A split trial's every millisecond accounted for on the harness's clock
// (harness/kits/workers.js clockAccount, clockMisread): the rule on made-up
// trials (honest, a clock slowed in the runs, one slowed and then put right,
// one put right inside a burst, records without the readings), through the
// split claims' structural checks, and the real fixture in a session under
// split-warped-clock and split-warped-clock-restored (test-only).
import { describe, it } from 'node:test';
import { availableParallelism } from 'node:os';
import { pbkdf2Sync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { expect } from 'expect';
import { startFixture } from '../harness/isolate.js';
import {
  clockAccount,
  clockMisread,
  checkSplit,
  CLOCK_HOP_MS,
  UNCOVERED_MAX_MS,
  QUOTA_PERIOD_MS,
  BURST_GAP_MAX_MS,
} from '../harness/kits/workers.js';
import splitSpeeds from '../specs/workers/workers.split-speeds-up.spec.js';
import oversub from '../specs/workers/workers.oversubscription.spec.js';

const linux = process.platform === 'linux';

/**
 * A made-up split trial on 2 cores: runs of 1 and 2 threads (240 and 121 ms),
 * three control bursts of 60 ms wall for 57 ms of their processes' work (541
 * ms of segments), the fixture's span 550 ms (9 ms between the segments), the
 * harness's 550.6 ms.
 * @param {{ spanMs?: number | undefined, harnessMs?: number | undefined, walls?: number[], bursts?: (number | undefined)[] }} [o]
 */
const trial = (o = {}) => {
  const { walls = [240, 121], bursts = [60, 60, 60] } = o;
  const runs = walls.map((wallMs, i) => {
    const k = i + 1;
    const ms = 240 / k;
    return {
      k,
      wallMs,
      mainWaitMs: 0,
      threads: Array.from({ length: k }, (_, j) => ({
        tid: 10 * k + j,
        iterations: 2000 / k,
        cpuMs: ms,
        ms,
        runCpuMs: ms,
        runnableMs: ms,
        doneMs: ms,
      })),
    };
  });
  return {
    ks: runs.map((r) => r.k),
    mainTid: 1,
    runs,
    control: {
      bursts: bursts.map((wallMs, i) => ({
        after: i,
        ...(wallMs !== undefined && { wallMs }),
        set: [0, 1].map((j) => ({ tid: 900 + j, iterations: 500, ms: 57 - j, cpuMs: 60 })),
      })),
    },
    ...('spanMs' in o ? o.spanMs !== undefined && { spanMs: o.spanMs } : { spanMs: 550 }),
    session: {
      trial: 1,
      ...('harnessMs' in o ? o.harnessMs !== undefined && { spanMs: o.harnessMs } : { spanMs: 550.6 }),
    },
  };
};

describe('clockAccount and clockMisread: a split trial on the harness clock', () => {
  it('inside a cgroup CPU quota each bound is a quota period wider (the kernel holds the group through it)', () => {
    const held = trial({ harnessMs: 550 + CLOCK_HOP_MS + 40 });
    expect(clockMisread(held)).toContain('ms lost');
    const quota = { ...held, session: { ...held.session, cpuQuota: 1 } };
    expect(clockMisread(quota)).toBeNull();
    const far = trial({ harnessMs: 550 + CLOCK_HOP_MS + QUOTA_PERIOD_MS + 10 });
    expect(clockMisread({ ...far, session: { ...far.session, cpuQuota: 1 } })).toContain(
      `allowed ${CLOCK_HOP_MS} ms for the two messages, ${QUOTA_PERIOD_MS} ms more inside a CPU quota`,
    );
  });
  it("an honest trial: its span inside the harness's by the messages, a few ms between its runs and bursts", () => {
    const a = clockAccount(trial());
    expect(a).toMatchObject({ spanMs: 550, harnessMs: 550.6, segments: 5, segmentsMs: 541, burstGapMs: 3 });
    expect(a?.hopMs).toBeCloseTo(0.6);
    expect(a?.uncoveredMs).toBeCloseTo(9);
    expect(clockMisread(trial())).toBeNull();
    // at the bounds, still honest
    expect(clockMisread(trial({ harnessMs: 550 + CLOCK_HOP_MS }))).toBeNull();
    expect(clockMisread(trial({ spanMs: 541 + UNCOVERED_MAX_MS, harnessMs: 541.5 + UNCOVERED_MAX_MS }))).toBeNull();
    // a burst at its bound: the span on the fixture's clock as long as its segments and the usual gaps
    const span = 481 + 57 + BURST_GAP_MAX_MS + 9;
    expect(
      clockMisread(trial({ bursts: [60, 57 + BURST_GAP_MAX_MS, 60], spanMs: span, harnessMs: span + 1 })),
    ).toBeNull();
  });

  it('a clock slowed in the runs (split-warped-clock): the fixture reads the trial 160 ms shorter than the harness does', () => {
    // the run of 2 really took 241 ms, its clock read 121: the harness's span keeps the real time
    const warped = trial({ harnessMs: 710.6 });
    expect(clockMisread(warped)).toBe(
      `the trial's time does not add up on the harness's clock: the fixture's clock read 550 ms from the request to its answer, the harness's 710.6 ms (160.6 ms lost: the fixture's clock ran slow; allowed ${CLOCK_HOP_MS} ms for the two messages)`,
    );
    // and one that runs fast: longer than the harness's span around it
    expect(clockMisread(trial({ harnessMs: 540 }))).toMatch(
      /the fixture's clock read 550 ms from the request to its answer, longer than the harness's 540 ms around it \(the fixture's clock ran fast\)$/,
    );
    // rounding alone is no fast clock
    expect(clockMisread(trial({ harnessMs: 549.99 }))).toBeNull();
  });

  it('a clock slowed in the runs and put right after each (split-warped-clock-restored): the jump lies between the segments', () => {
    const restored = trial({ spanMs: 670, harnessMs: 670.5 });
    expect(clockAccount(restored)?.uncoveredMs).toBeCloseTo(129);
    expect(clockMisread(restored)).toBe(
      `the trial's time does not add up on the harness's clock: 129 ms of the trial's 670 ms on the fixture's clock lie between its 5 timed runs and bursts (541 ms; allowed ${UNCOVERED_MAX_MS} ms: the clock ran slow in them and was put on after)`,
    );
    // segments that add up to more than the span on the same clock
    expect(clockMisread(trial({ spanMs: 530, harnessMs: 530.5 }))).toMatch(
      /the trial's 5 timed runs and bursts add up to 541 ms on the fixture's clock, more than its 530 ms span on the same clock$/,
    );
  });

  it("a clock put right inside the burst after the run: the burst reads the jump beyond its processes' own time", () => {
    const inBurst = trial({ bursts: [60, 60, 188], spanMs: 678, harnessMs: 678.5 });
    expect(clockAccount(inBurst)).toMatchObject({ burstGapMs: 131 });
    expect(clockMisread(inBurst)).toBe(
      `the trial's time does not add up on the harness's clock: a control burst took 131 ms longer on the fixture's clock than the longest of its processes' own time for the work (allowed ${BURST_GAP_MAX_MS} ms for its messages: the clock was put on inside it)`,
    );
  });

  it('a reading that is missing leaves its part out, never fails', () => {
    // older records: no span, no bursts' wall times
    const older = trial({ spanMs: undefined, harnessMs: undefined, bursts: [undefined, undefined, undefined] });
    expect(clockAccount(older)).toBeNull();
    expect(clockMisread(older)).toBeNull();
    // a one-shot trial: no harness span; its own span and the bursts are still read
    const oneShot = trial({ harnessMs: undefined, spanMs: 670 });
    expect(clockAccount(oneShot)).toMatchObject({ harnessMs: null, hopMs: null });
    expect(clockMisread(oneShot)).toMatch(/129 ms of the trial's 670 ms on the fixture's clock lie between/);
    expect(clockMisread(trial({ harnessMs: undefined }))).toBeNull();
    // a burst without its wall time: neither the bursts' part nor the gaps can be read; the span still can
    const noBurstWall = trial({ bursts: [60, undefined, 60], harnessMs: 710 });
    expect(clockAccount(noBurstWall)).toMatchObject({ segmentsMs: null, uncoveredMs: null, burstGapMs: null });
    expect(clockMisread(noBurstWall)).toMatch(/ \(160 ms lost/);
    expect(clockMisread(trial({ bursts: [60, undefined, 60], spanMs: 900, harnessMs: undefined }))).toBeNull();
    // no span, but the bursts' walls: the bursts' part alone
    expect(clockMisread(trial({ spanMs: undefined, bursts: [60, 188, 60] }))).toMatch(/a control burst took 131 ms/);
    // no control at all
    const bare = { ...trial({ spanMs: 363, harnessMs: 363.4 }), control: null };
    expect(clockAccount(bare)).toMatchObject({ segments: 2, burstGapMs: null });
    expect(clockMisread(bare)).toBeNull();
  });
});

describe('the split claims judge the clock as a structural part', () => {
  const ctx = /** @type {any} */ ({
    cores: 2,
    usable: [0, 1],
    platform: 'linux',
    pbkdf2: { iterations: 1000, taskMs: 120 },
  });
  const check = (/** @type {any} */ spec, /** @type {any} */ obs) => spec.plan(ctx).structural.check(obs);

  it('an honest trial passes and says what its clock read', () => {
    const s = checkSplit(trial());
    expect(s.ok).toBe(true);
    expect(s.detail).toMatch(
      /, the trial read 0\.6 ms shorter on the fixture's clock than on the harness's, 9 ms of it between its runs and bursts, each burst ≤ 3 ms beyond its processes' work$/,
    );
    expect(check(splitSpeeds, trial())).toMatchObject({ ok: true });
  });

  it('a warped or restored clock fails the trial, busy machine or not: no load voids it', () => {
    for (const obs of [trial({ harnessMs: 710.6 }), trial({ spanMs: 670, harnessMs: 670.5 })]) {
      const s = checkSplit(obs);
      expect(s).toMatchObject({ ok: false, loadBound: false });
      expect(s.detail).toMatch(/^the trial's time does not add up on the harness's clock: /);
      const c = check(splitSpeeds, obs);
      expect(c.ok).toBe(false);
      expect(c.invalid).toBeUndefined();
      // other processes took both cores over the runs: the failure still stands
      for (const r of obs.runs) r.othersMs = 2 * r.wallMs;
      const busy = check(splitSpeeds, obs);
      expect(busy.ok).toBe(false);
      expect(busy.invalid).toBeUndefined();
      expect(busy.detail).toMatch(/does not add up on the harness's clock/);
    }
    // oversubscription's check (checkSplitOfC) reads it too
    const over = oversub.plan(ctx).structural.check(trial({ harnessMs: 710.6 }));
    expect(over.ok).toBe(false);
    expect(over.detail).toMatch(/160\.6 ms lost/);
  });
});

/**
 * A share of the run of 2 in the sessions below (SPLIT_M = 2 tasks split in
 * two: one task's iterations each) sized to about SHARE_MS on this machine,
 * whatever its Node and CPU: the time the clock sabotages hide is about a
 * share, which must lie far beyond the rule's bounds (50 and 40 ms, 100 ms
 * more inside a CPU quota) for the assertions to read the rule, not the
 * machine's speed. The fastest of three timings of a small pbkdf2.
 */
const SHARE_MS = 250;
const SHARE_ITERATIONS = (() => {
  const probe = 20_000;
  let fastest = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    pbkdf2Sync('secret', 'salt', probe, 64, 'sha512');
    fastest = Math.min(fastest, performance.now() - t);
  }
  return Math.min(2_000_000, Math.max(120_000, Math.round((probe * SHARE_MS) / Math.max(fastest, 0.1))));
})();

describe('split-work.cjs in a session under a warped clock (test-only)', { skip: !linux && 'needs Linux' }, () => {
  /** Two trials of a session of the real fixture under `sabotage`, with what the harness read. @param {string} sabotage */
  const session = async (sabotage) => {
    const { startSplitSession } = await import('../harness/kits/split-session.js');
    const ctx = /** @type {any} */ ({
      pbkdf2: { iterations: SHARE_ITERATIONS, taskMs: SHARE_MS },
      cores: 2,
      usable: [0, 1],
      start: (/** @type {string} */ fixture, /** @type {any} */ o) =>
        startFixture({ node: process.execPath, fixture, env: { NCS_SABOTAGE: sabotage }, ...o }),
    });
    const s = await startSplitSession(ctx, [1, 2]);
    try {
      return [await s.run(1), await s.run(2)];
    } finally {
      await s.stop();
    }
  };
  /** The rule's widening inside a CPU quota, as clockMisread reads it. @param {any} obs */
  const quotaMs = (obs) => (typeof obs.session?.cpuQuota === 'number' ? QUOTA_PERIOD_MS : 0);
  // the sabotage warps runs of 2 ≤ k ≤ the machine's cores only
  const cores = availableParallelism() >= 2;

  it("honest: every trial's span inside the harness's, its segments inside its span", async () => {
    for (const obs of await session('')) {
      const a = /** @type {NonNullable<ReturnType<typeof clockAccount>>} */ (clockAccount(obs));
      expect(obs.session.trial).toBeGreaterThan(0);
      expect(a.hopMs).toBeGreaterThanOrEqual(0);
      expect(a.uncoveredMs).toBeGreaterThanOrEqual(0);
      expect(a.burstGapMs).toBeGreaterThan(0);
      expect(obs.control.bursts.every((/** @type {any} */ b) => b.wallMs > 0)).toBe(true);
    }
  });

  it(
    "split-warped-clock: the fixture's span reads short against the harness's",
    { skip: !cores && 'one CPU' },
    async () => {
      for (const obs of await session('split-warped-clock')) {
        const a = /** @type {any} */ (clockAccount(obs));
        // the run of 2's second share is lost to the fixture's clock: beyond the rule's bound
        // (a share is sized to about SHARE_MS, several times CLOCK_HOP_MS). Its size against the
        // share's own time is the sabotage bench's to read, not a timed assertion here.
        expect(a.hopMs).toBeGreaterThan(CLOCK_HOP_MS + quotaMs(obs));
        expect(clockMisread(obs)).toMatch(/ms lost: the fixture's clock ran slow/);
      }
    },
  );

  it(
    'split-warped-clock-restored: the span agrees, the jump lies between the segments',
    { skip: !cores && 'one CPU' },
    async () => {
      for (const obs of await session('split-warped-clock-restored')) {
        const a = /** @type {any} */ (clockAccount(obs));
        expect(a.hopMs).toBeGreaterThanOrEqual(0);
        expect(a.uncoveredMs).toBeGreaterThan(UNCOVERED_MAX_MS + quotaMs(obs));
        expect(a.burstGapMs).toBeLessThan(a.uncoveredMs);
        expect(clockMisread(obs)).toMatch(/ms on the fixture's clock lie between its \d+ timed runs and bursts/);
      }
    },
  );
});
