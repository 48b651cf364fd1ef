// The engine over in-memory specs: the event stream from run:start to
// run:end (record and exit code), stopping, skips, errors, aborts,
// expectations. No processes: a fake launcher hands each trial the plan's
// canned observation.
import { test, describe } from 'node:test';
import { expect } from 'expect';
import { TIMING_LOOKS } from '../harness/verdict.js';
import { run, runSpec, runToRecord, errText } from '../harness/engine.js';
import { replayLauncher } from '../harness/launcher.js';
import { specContext } from '../harness/context.js';
import { defineSpec } from '../harness/spec.js';
import { testMachine, inMemoryLauncher } from './lib/in-memory.js';

/** The machine the tests run on, and a launcher that runs nothing. */
const ctx = testMachine;
const launcher = inMemoryLauncher;

/** A clock that advances 5 ms each time it is read. */
function fakeClock() {
  let t = 1000;
  return () => (t += 5);
}

/**
 * A spec whose trials return canned observations (`{ ok }` by default) and
 * judge them structurally.
 * @param {Partial<import('../harness/spec.js').Spec> & { id: string }} over
 * @param {{ obs?: (n: number) => any, need?: number, cap?: number, planOver?: object, calls?: number[] }} [o]
 */
function fakeSpec(over, { obs = () => ({ ok: true }), need = 2, cap, planOver = {}, calls } = {}) {
  return defineSpec({
    title: `title of ${over.id}`,
    area: 'threadpool',
    claim: 'a claim',
    truth: 'the truth',
    expected: 'holds',
    source: { file: 'x.txt', section: 'S', figures: null },
    plan: () => ({
      summary: 'what we expect',
      model: { P: 4 },
      trial: async (_c, n) => {
        calls?.push(n);
        return obs(n);
      },
      structural: {
        need,
        ...(cap ? { cap } : {}),
        check: (o) => ({ ok: Boolean(o.ok), detail: o.ok ? 'as expected' : 'not as expected' }),
      },
      ...planOver,
    }),
    ...over,
  });
}

/**
 * Every event of a run between run:start and run:end (the spec events).
 * @param {{ specs: any[], ctx: any, signal?: AbortSignal }} o
 */
async function collect({ specs, ctx: machine, signal }) {
  const events = [];
  for await (const e of run({ specs, machine, launcher, options: { now: fakeClock(), signal } })) events.push(e);
  return events.filter((e) => e.type.startsWith('spec:'));
}
const ends = (/** @type {any[]} */ events) => events.filter((e) => e.type === 'spec:end').map((e) => e.data);

describe('run: events', () => {
  test('spec:start, spec:trial per trial, spec:end, for each spec in order', async () => {
    const a = fakeSpec({ id: 'pool.a' });
    const b = fakeSpec({ id: 'pool.b' }, { need: 3 });
    const events = await collect({ specs: [a, b], ctx });
    expect(events.map((e) => `${e.type} ${e.data.id}${e.type === 'spec:trial' ? ` ${e.data.trial}` : ''}`)).toEqual([
      'spec:start pool.a',
      'spec:trial pool.a 1',
      'spec:trial pool.a 2',
      'spec:end pool.a',
      'spec:start pool.b',
      'spec:trial pool.b 1',
      'spec:trial pool.b 2',
      'spec:trial pool.b 3',
      'spec:end pool.b',
    ]);
    expect(events[0].data).toEqual({ id: 'pool.a', title: 'title of pool.a', index: 0, total: 2 });
    expect(events[4].data).toMatchObject({ id: 'pool.b', index: 1, total: 2 });
    expect(events[1].data).toEqual({ id: 'pool.a', trial: 1, elapsedMs: expect.any(Number), note: 'as expected' });
  });

  test('the result record of a pass', async () => {
    const calls = [];
    const [r] = ends(await collect({ specs: [fakeSpec({ id: 'pool.a' }, { calls })], ctx }));
    expect(r).toMatchObject({
      id: 'pool.a',
      title: 'title of pool.a',
      area: 'threadpool',
      claim: 'a claim',
      truth: 'the truth',
      expected: 'holds',
      source: { file: 'x.txt', section: 'S', figures: null },
      verdict: 'pass',
      label: 'pass',
      reason: 'as expected (2/2 trials as expected)',
      expectation: { summary: 'what we expect', model: { P: 4 } },
      trials: 2,
      samples: [{ ok: true }, { ok: true }],
    });
    expect(r.evidence.structural).toMatchObject({ decided: 'pass', agree: 2, disagree: 0 });
    expect(r.evidence.structural).not.toHaveProperty('final');
    expect(r.evidence.structural).not.toHaveProperty('telling');
    expect(r.evidence.timing).toBeNull();
    expect(calls).toEqual([1, 2]);
  });

  test('elapsed and duration come from the injected clock', async () => {
    const events = await collect({ specs: [fakeSpec({ id: 'pool.a' })], ctx });
    const trials = events.filter((e) => e.type === 'spec:trial').map((e) => e.data.elapsedMs);
    expect(trials.every((ms) => Number.isInteger(ms) && ms > 0)).toBe(true);
    expect(trials[1]).toBeGreaterThan(trials[0]);
    expect(ends(events)[0].durationMs).toBeGreaterThanOrEqual(trials[1]);
  });

  test('no specs: no events', async () => {
    expect(await collect({ specs: [], ctx })).toEqual([]);
  });
});

describe('run: trials stop as soon as the verdict is decided', () => {
  test('three disagreeing trials fail at once (two may be a slow phase of the host)', async () => {
    const calls = [];
    const [r] = ends(
      await collect({ specs: [fakeSpec({ id: 'pool.a' }, { need: 3, obs: () => ({ ok: false }), calls })], ctx }),
    );
    expect(r).toMatchObject({ verdict: 'fail', label: 'fail', trials: 3 });
    expect(r.reason).toBe('not as expected (0/3 trials as expected)');
    expect(calls).toEqual([1, 2, 3]);
  });

  test('mixed evidence runs to the cap, one trial more for each disagreeing one, then inconclusive', async () => {
    const calls = [];
    const [r] = ends(
      await collect({ specs: [fakeSpec({ id: 'pool.a' }, { need: 3, obs: (n) => ({ ok: n !== 2 }), calls })], ctx }),
    );
    expect(r).toMatchObject({ verdict: 'inconclusive', trials: 6 });
    expect(r.reason).toMatch(/^structural evidence mixed: /);
    expect(calls).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test('a mechanism breaking every other trial fails at the third disagreeing one (FAIL_ANY)', async () => {
    const calls = [];
    const spec = fakeSpec({ id: 'pool.a' }, { need: 3, obs: (n) => ({ ok: n % 2 === 1 }), calls });
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect(r).toMatchObject({ verdict: 'fail', trials: 6 });
    expect(r.reason).toBe('not as expected (3/6 trials as expected)');
    expect(calls).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test('maxTrials from the plan caps the trials', async () => {
    const calls = [];
    const spec = fakeSpec({ id: 'pool.a' }, { need: 3, obs: () => ({ ok: true }), calls, planOver: { maxTrials: 2 } });
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect(r).toMatchObject({ verdict: 'inconclusive', trials: 2 });
    expect(calls).toEqual([1, 2]);
  });

  test('a timing channel runs to its first look, then decides', async () => {
    const spec = fakeSpec(
      { id: 'pool.timed' },
      {
        obs: () => ({ ok: true, s: 0.05 }),
        planOver: {
          structural: undefined,
          timing: {
            statistic: 'S',
            description: 'spread',
            claim: 0,
            alternatives: { 'P=3': 0.4 },
            looks: [9, 15, 21],
            alpha: 0.01,
            value: (/** @type {any} */ o) => o.s,
          },
        },
      },
    );
    const events = await collect({ specs: [spec], ctx });
    expect(events.filter((e) => e.type === 'spec:trial')).toHaveLength(9);
    const [r] = ends(events);
    expect(r).toMatchObject({ verdict: 'pass', trials: 9 });
    expect(r.evidence.timing).toMatchObject({ decided: 'pass', n: 9, interval: [0.05, 0.05] });
    expect(events.find((e) => e.type === 'spec:trial').data.note).toBeUndefined();
  });

  test('a timing channel that never settles is inconclusive after its last look', async () => {
    const spec = fakeSpec(
      { id: 'pool.noisy' },
      {
        obs: (n) => ({ s: n % 2 ? 0.05 : 0.35 }),
        planOver: {
          structural: undefined,
          timing: {
            statistic: 'S',
            description: 'spread',
            claim: 0,
            alternatives: { 'P=3': 0.4 },
            looks: [9, 15, 21],
            alpha: 0.01,
            value: (/** @type {any} */ o) => o.s,
          },
        },
      },
    );
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect(r).toMatchObject({ verdict: 'inconclusive', trials: 21 });
    expect(r.reason).toMatch(/^too noisy to decide/);
  });
});

describe('run: skips', () => {
  test("requires: ['linux'] skips on another platform without planning or running", async () => {
    let planned = false;
    const spec = fakeSpec({
      id: 'pool.linux-only',
      requires: ['linux'],
      plan: () => ((planned = true), /** @type {any} */ ({})),
    });
    const events = await collect({ specs: [spec], ctx: { ...ctx, platform: 'darwin' } });
    expect(events.map((e) => e.type)).toEqual(['spec:start', 'spec:end']);
    expect(ends(events)[0]).toMatchObject({
      verdict: 'skip',
      label: 'skip',
      reason: 'needs Linux /proc (this is darwin)',
      trials: 0,
      samples: [],
    });
    expect(planned).toBe(false);
  });

  test("requires: ['posix'] skips on Windows only", async () => {
    const spec = fakeSpec({ id: 'pool.posix', requires: ['posix'] });
    expect(ends(await collect({ specs: [spec], ctx: { ...ctx, platform: 'win32' } }))[0]).toMatchObject({
      verdict: 'skip',
      reason: 'needs POSIX named pipes (not on Windows)',
    });
    expect(ends(await collect({ specs: [spec], ctx: { ...ctx, platform: 'darwin' } }))[0].verdict).toBe('pass');
  });

  test('plan().skip skips with its reason and the expectation', async () => {
    const calls = [];
    const spec = fakeSpec({ id: 'pool.skipper' }, { calls, planOver: { skip: 'not on this Node' } });
    const events = await collect({ specs: [spec], ctx });
    expect(events.map((e) => e.type)).toEqual(['spec:start', 'spec:end']);
    expect(ends(events)[0]).toMatchObject({
      verdict: 'skip',
      reason: 'not on this Node',
      expectation: { summary: 'what we expect', model: { P: 4 } },
      trials: 0,
    });
    expect(calls).toEqual([]);
  });

  test('plan().undecidable is not a skip: inconclusive, with the reason and no trial run', async () => {
    const calls = [];
    const spec = fakeSpec(
      { id: 'cluster.x' },
      { calls, planOver: { undecidable: 'effective parallelism 1.1 (< 1.3)' } },
    );
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect(r).toMatchObject({
      verdict: 'inconclusive',
      reason: 'cannot be decided here: effective parallelism 1.1 (< 1.3)',
      trials: 0,
    });
    expect(calls).toEqual([]);
  });
});

/** A decisive timing channel whose every value is its claim's (0.5 against none, 0). */
const ratioTiming = {
  decisive: true,
  statistic: 'r',
  description: 'a ratio',
  claim: 0.5,
  alternatives: { none: 0 },
  looks: [5, 9],
  alpha: 0.01,
  value: () => 0.5,
};

describe('run: plan().timingUndecidable', () => {
  const timing = ratioTiming;
  test('the structure alone runs, up to what a pass needs; sound, the claim is inconclusive, never a pass', async () => {
    const calls = [];
    const spec = fakeSpec(
      { id: 'cluster.y' },
      { calls, need: 3, planOver: { timing, timingUndecidable: 'effective parallelism 1.32: too close to none' } },
    );
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect(r.verdict).toBe('inconclusive');
    expect(r.reason).toMatch(
      /^cannot be decided here: effective parallelism 1.32: too close to none; the structure alone was judged: as expected/,
    );
    expect(calls).toEqual([1, 2, 3]);
    expect(r.evidence.timing).toBeNull();
    // what the claim asserts through its timing is in the record, undecided, with why
    expect(r.evidence.assertions.at(-1)).toEqual({
      name: 'a ratio',
      channel: 'timing',
      decided: null,
      detail: 'not judged here: effective parallelism 1.32: too close to none',
    });
  });
  test('without a structural check, the plan is undecidable as a whole: no trial run', async () => {
    const calls = [];
    const spec = fakeSpec(
      { id: 'cluster.w' },
      { calls, planOver: { timing, timingUndecidable: 'too close to none', structural: undefined } },
    );
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect(r).toMatchObject({
      verdict: 'inconclusive',
      reason: 'cannot be decided here: too close to none',
      trials: 0,
    });
    expect(calls).toEqual([]);
  });
  test('a structure that fails its trials fails the claim', async () => {
    const spec = fakeSpec(
      { id: 'cluster.z' },
      { need: 3, obs: () => ({ ok: false }), planOver: { timing, timingUndecidable: 'too close to none' } },
    );
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect(r.verdict).toBe('fail');
    expect(r.reason).toMatch(/^not as expected/);
  });
});

describe("run: a plan undecidable on the profile's parallelism (fromParallelism)", () => {
  const timing = ratioTiming;
  /** A spec undecidable below 1.5 of the profile's parallelism; `seen` gets each plan's reading. */
  const parallelSpec = (/** @type {number[]} */ seen) =>
    defineSpec({
      id: 'cluster.p',
      title: 'parallel',
      area: 'cluster',
      claim: 'a claim',
      truth: 'the truth',
      expected: 'holds',
      source: { file: 'x.txt', section: 'S', figures: null },
      plan: (c) => {
        const eff = c.profile?.effectiveParallelism?.value ?? null;
        seen.push(eff);
        const undecided = eff !== null && eff < 1.5 ? `effective parallelism ${eff}` : null;
        return {
          summary: `planned on ${eff}`,
          trial: async () => ({ ok: true }),
          structural: { need: 3, check: (o) => ({ ok: Boolean(o.ok), detail: 'as expected' }) },
          timing,
          ...(undecided ? { timingUndecidable: undecided, fromParallelism: true } : {}),
        };
      },
    });
  const profiled = (/** @type {number} */ value) =>
    specContext({ ...ctx, profile: /** @type {any} */ ({ effectiveParallelism: { value } }) }, launcher);
  /** @param {any} spec @param {any} c @param {any} l */
  async function sat(spec, c, l) {
    const gen = runSpec({ spec, ctx: c, launcher: l, now: fakeClock() });
    let step = await gen.next();
    while (!step.done) step = await gen.next();
    return step.value.result;
  }
  test("read again at the claim's start and planned on that: decided where the CPUs are there now", async () => {
    const seen = [];
    const now = { ...launcher, parallelismNow: () => 1.96 };
    const r = await sat(parallelSpec(seen), profiled(1.07), now);
    expect(seen).toEqual([1.07, 1.96]);
    expect(r.verdict).toBe('pass');
    expect(r.expectation.parallelismNow).toEqual({ profile: 1.07, now: 1.96 });
    expect(r.expectation.summary).toMatch(
      /^The run's profile read an effective parallelism of 1.07; read again at this claim's start: 1.96/,
    );
  });
  test('still too little now: undecidable on the new reading, as before', async () => {
    const seen = [];
    const r = await sat(parallelSpec(seen), profiled(1.07), { ...launcher, parallelismNow: () => 1.1 });
    expect(seen).toEqual([1.07, 1.1]);
    expect(r.verdict).toBe('inconclusive');
    expect(r.reason).toMatch(/^cannot be decided here: effective parallelism 1.1/);
  });
  test("a probe that gives nothing leaves the profile's plan, and says so", async () => {
    const seen = [];
    // the in-memory launcher runs no fixture: the probe fails
    const r = await sat(parallelSpec(seen), profiled(1.07), launcher);
    expect(seen).toEqual([1.07]);
    expect(r.verdict).toBe('inconclusive');
    expect(r.expectation.parallelismNow).toEqual({ profile: 1.07, now: null });
  });
  test('a plan the profile made decidable is not read again', async () => {
    const seen = [];
    let asked = 0;
    const r = await sat(parallelSpec(seen), profiled(1.9), { ...launcher, parallelismNow: () => (asked++, 1.0) });
    expect([seen, asked, r.verdict]).toEqual([[1.9], 0, 'pass']);
    expect(r.expectation.parallelismNow).toBeUndefined();
  });
  test('a replay plans on the reading its record holds', async () => {
    const seen = [];
    const replay = replayLauncher(
      new Map([['cluster.p', [{ ok: true }, { ok: true }, { ok: true }, { ok: true }, { ok: true }]]]),
      new Map([['cluster.p', 1.96]]),
    );
    const r = await sat(parallelSpec(seen), profiled(1.07), replay);
    expect(seen).toEqual([1.07, 1.96]);
    expect(r.expectation.parallelismNow).toEqual({ profile: 1.07, now: 1.96 });
  });
});

describe('run: errors', () => {
  test('plan throwing is an error verdict, and the run goes on', async () => {
    const broken = fakeSpec({
      id: 'pool.broken',
      plan: () => {
        throw new Error('no pbkdf2 calibration');
      },
    });
    const results = ends(await collect({ specs: [broken, fakeSpec({ id: 'pool.after' })], ctx }));
    expect(results[0]).toMatchObject({
      id: 'pool.broken',
      verdict: 'error',
      label: 'error',
      reason: 'plan failed: no pbkdf2 calibration',
      trials: 0,
    });
    expect(results[1]).toMatchObject({ id: 'pool.after', verdict: 'pass' });
  });

  test('trial throwing is an error with the message as the reason; earlier samples are kept', async () => {
    const spec = fakeSpec(
      { id: 'pool.crash' },
      {
        need: 3,
        obs: (n) => {
          if (n === 2) throw new Error('fixture exited with code 1:\n  stack line');
          return { ok: true };
        },
      },
    );
    const events = await collect({ specs: [spec, fakeSpec({ id: 'pool.after' })], ctx });
    const [r, after] = ends(events);
    expect(r).toMatchObject({
      verdict: 'error',
      reason: 'fixture exited with code 1: stack line',
      trials: 1,
      samples: [{ ok: true }],
    });
    expect(events.filter((e) => e.type === 'spec:trial' && e.data.id === 'pool.crash')).toHaveLength(1);
    expect(after.verdict).toBe('pass');
  });

  test('a thrown non-Error is reported as its string', async () => {
    const spec = fakeSpec({ id: 'pool.str' }, { obs: () => Promise.reject('boom') });
    expect(ends(await collect({ specs: [spec], ctx }))[0]).toMatchObject({ verdict: 'error', reason: 'boom' });
    expect(errText(new TypeError('x'))).toBe('x');
    expect(errText(42)).toBe('42');
  });

  test('a check throwing is an error too', async () => {
    const spec = fakeSpec(
      { id: 'pool.badcheck' },
      {
        planOver: {
          structural: {
            need: 2,
            check: () => {
              throw new Error('obs.poolThreads is undefined');
            },
          },
        },
      },
    );
    expect(ends(await collect({ specs: [spec], ctx }))[0]).toMatchObject({
      verdict: 'error',
      reason: 'obs.poolThreads is undefined',
    });
  });
});

describe('run: abort', () => {
  test('aborted mid-run: the current spec ends in error "interrupted", no further spec starts', async () => {
    const ac = new AbortController();
    const first = fakeSpec(
      { id: 'pool.first' },
      {
        need: 3,
        obs: (n) => {
          if (n === 2) ac.abort();
          return { ok: true };
        },
      },
    );
    const events = await collect({ specs: [first, fakeSpec({ id: 'pool.second' })], ctx, signal: ac.signal });
    expect(events.map((e) => `${e.type} ${e.data.id}`)).toEqual([
      'spec:start pool.first',
      'spec:trial pool.first',
      'spec:trial pool.first',
      'spec:end pool.first',
    ]);
    const [r] = ends(events);
    expect(r).toMatchObject({ verdict: 'error', label: 'error', trials: 2 });
    expect(r.reason).toBe('interrupted after 2 trials');
    expect(r.evidence.structural).toMatchObject({ agree: 2 });
  });

  test('a trial that throws because of the abort says "interrupted during trial n"', async () => {
    const ac = new AbortController();
    const spec = fakeSpec(
      { id: 'pool.killed' },
      {
        obs: () => {
          ac.abort();
          throw new Error('fixture killed by SIGTERM');
        },
      },
    );
    const events = await collect({ specs: [spec, fakeSpec({ id: 'pool.second' })], ctx, signal: ac.signal });
    expect(ends(events)).toHaveLength(1);
    expect(ends(events)[0]).toMatchObject({ verdict: 'error', reason: 'interrupted during trial 1', trials: 0 });
  });

  test('already aborted: nothing runs', async () => {
    const ac = new AbortController();
    ac.abort();
    expect(await collect({ specs: [fakeSpec({ id: 'pool.a' })], ctx, signal: ac.signal })).toEqual([]);
  });

  test('aborted between specs: the finished spec keeps its verdict, the next does not start', async () => {
    const ac = new AbortController();
    const first = fakeSpec(
      { id: 'pool.first' },
      {
        obs: (n) => {
          if (n === 2) ac.abort(); // the last trial this spec needs
          return { ok: true };
        },
      },
    );
    const events = await collect({ specs: [first, fakeSpec({ id: 'pool.second' })], ctx, signal: ac.signal });
    expect(ends(events).map((r) => [r.id, r.verdict])).toEqual([['pool.first', 'pass']]);
  });
});

describe('run: expected outcome and labels', () => {
  test("'refuted as expected' when a refuted claim's verdict is pass", async () => {
    const [r] = ends(await collect({ specs: [fakeSpec({ id: 'pool.max-128', expected: 'refuted' })], ctx }));
    expect(r).toMatchObject({ expected: 'refuted', verdict: 'pass', label: 'refuted as expected' });
  });

  test('a refuted claim that fails keeps the label fail', async () => {
    const [r] = ends(
      await collect({
        specs: [fakeSpec({ id: 'pool.max-128', expected: 'refuted' }, { obs: () => ({ ok: false }) })],
        ctx,
      }),
    );
    expect(r).toMatchObject({ expected: 'refuted', verdict: 'fail', label: 'fail' });
  });

  test("the plan's expected overrides the spec's for this machine", async () => {
    const [r] = ends(
      await collect({ specs: [fakeSpec({ id: 'pool.two' }, { planOver: { expected: 'refuted' } })], ctx }),
    );
    expect(r).toMatchObject({ expected: 'refuted', label: 'refuted as expected' });
    const [s] = ends(
      await collect({
        specs: [fakeSpec({ id: 'pool.two', expected: 'refuted' }, { planOver: { expected: 'holds' } })],
        ctx,
      }),
    );
    expect(s).toMatchObject({ expected: 'holds', label: 'pass' });
  });
});

describe('runSpec', () => {
  test('returns the result and yields only trial events', async () => {
    const gen = runSpec({
      spec: fakeSpec({ id: 'pool.a' }),
      ctx: specContext(ctx, launcher),
      launcher,
      now: fakeClock(),
    });
    const yielded = [];
    let step = await gen.next();
    while (!step.done) {
      yielded.push(step.value.type);
      step = await gen.next();
    }
    expect(yielded).toEqual(['spec:trial', 'spec:trial']);
    expect(step.value.result).toMatchObject({ id: 'pool.a', verdict: 'pass', trials: 2 });
    expect(step.value.carried).toBeUndefined();
  });
});

describe('timing dropped on a busy machine', () => {
  /**
   * A claim with structure and timing whose check marks some trials' timing void.
   * @param {string} id @param {(o: { n: number }) => object} check
   */
  const busySpec = (id, check) => ({
    id,
    title: 't',
    area: 'threadpool',
    claim: 'c',
    truth: 't',
    expected: 'holds',
    source: { file: 'f', section: 's', figures: null },
    plan: () => ({
      summary: 's',
      trial: async (/** @type {any} */ _c, /** @type {number} */ n) => ({ n }),
      structural: { need: 3, check: (/** @type {any} */ o) => ({ ok: true, detail: 'd', ...check(o) }) },
      timing: {
        statistic: 'S',
        description: 'd',
        claim: 0,
        alternatives: { a: 1 },
        looks: [9, 15, 21],
        alpha: 0.01,
        value: () => 0.1,
      },
    }),
  });

  test('a timingVoid check counts for the structure but gives no timing value: the timing waits for its own first look (9 values)', async () => {
    const spec = busySpec('x.busy', (o) => ({ timingVoid: o.n % 2 === 0 }));
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect(r.verdict).toBe('pass');
    expect(r.trials).toBe(17);
    expect(r.evidence.timing.n).toBe(9);
    expect(r.evidence.structural.agree).toBe(17);
    expect(r.reason).toContain('as predicted');
    expect(r.evidence.timing.voided).toBe(8);
  });

  test('with TIMING_LOOKS a statistic far from its boundary ends the claim at the early look, 5 trials', async () => {
    const base = busySpec('x.early', () => ({}));
    const spec = {
      ...base,
      plan: (/** @type {any} */ c) => {
        const p = base.plan();
        // values spread a little (the t-interval needs a spread), all far inside the region < 0.5
        return {
          ...p,
          timing: { ...p.timing, looks: TIMING_LOOKS, value: (/** @type {any} */ o) => 0.1 + 0.01 * (o.n % 3) },
        };
      },
    };
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect({ verdict: r.verdict, trials: r.trials }).toEqual({ verdict: 'pass', trials: 5 });
    expect(r.evidence.timing).toMatchObject({ n: 5, intervalOf: 'mean', decided: 'pass' });
  });

  test("a second sitting without void trials still names why its first sitting's were void", async () => {
    const why = 'CPUs at unequal speeds: ×1.4 apart';
    const spec = busySpec('x.first-busy', (o) => (o.n <= 3 ? { timingVoid: true, voidReason: why } : {}));
    const r = ends(await collect({ specs: [spec, fakeSpec({ id: 'pool.b' })], ctx })).find((e) => e.id === spec.id);
    expect(r).toMatchObject({ verdict: 'pass', trials: 12 });
    expect(r.reason).toContain(`; 3 of 12 trials void (${why})`);
  });

  test('every trial busy: inconclusive after 3, naming why, not a budget of trials that give no value', async () => {
    const why = 'machine busy: others took 1.5 of 2 cores';
    const spec = busySpec('x.all-busy', () => ({ timingVoid: true, voidReason: why }));
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect({ verdict: r.verdict, trials: r.trials }).toEqual({ verdict: 'inconclusive', trials: 3 });
    expect(r.reason).toMatch(/^3 of 3 trials void: machine busy: others took 1\.5 of 2 cores/);
  });

  test("every trial busy in two sittings (another claim between): the counts shown are both sittings'", async () => {
    const why = 'CPUs at unequal speeds: ×1.4 apart';
    const spec = busySpec('x.all-busy', () => ({ timingVoid: true, voidReason: why }));
    const r = ends(await collect({ specs: [spec, fakeSpec({ id: 'pool.b' })], ctx })).find((e) => e.id === spec.id);
    expect({ verdict: r.verdict, trials: r.trials }).toEqual({ verdict: 'inconclusive', trials: 6 });
    expect(r.reason).toMatch(/^6 of 6 trials void: CPUs at unequal speeds: ×1\.4 apart/);
    expect(r.reason).toMatch(/; a second sitting, after the other claims: the first ended 3 of 3 trials void$/);
    expect(r.evidence.timing).toMatchObject({ n: 0, voided: 6 });
  });
});

describe('timing-only trials voided by the plan (no structural channel, as off Linux)', () => {
  const timing = (/** @type {(o: any) => string | null} */ why) => ({
    statistic: 'S',
    description: 'spread',
    claim: 0,
    alternatives: { 'P=3': 0.4 },
    looks: [9, 15, 21],
    alpha: 0.01,
    value: (/** @type {any} */ o) => o.s,
    void: why,
  });
  test('a void trial gives no value and extends the budget: 9 values need 12 trials when 3 are void', async () => {
    const spec = fakeSpec(
      { id: 'pool.busy' },
      {
        obs: (n) => ({ s: n % 4 === 0 ? 0.9 : 0.05, busy: n % 4 === 0 }),
        planOver: {
          structural: undefined,
          timing: timing((o) => (o.busy ? 'machine busy: other processes took 1.2 of 2 cores' : null)),
        },
      },
    );
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect(r).toMatchObject({ verdict: 'pass', trials: 11 });
    expect(r.evidence.timing).toMatchObject({ n: 9, voided: 2, decided: 'pass' });
    expect(r.evidence.timing.values).not.toContain(0.9);
    expect(r.reason).toMatch(/; 2 of 11 trials void \(machine busy: other processes took 1\.2 of 2 cores\)$/);
  });
  test('the same values unvoided would fail: the void is what keeps the busy trials out', async () => {
    const spec = fakeSpec(
      { id: 'pool.busy' },
      {
        obs: (n) => ({ s: n % 2 === 0 ? 0.9 : 0.05, busy: n % 2 === 0 }),
        planOver: { structural: undefined, timing: timing(() => null) },
      },
    );
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect(r.verdict).not.toBe('pass');
    expect(r.evidence.timing.voided).toBeUndefined();
  });
  test('the first 3 trials all void: inconclusive at once, naming why', async () => {
    const calls = /** @type {number[]} */ ([]);
    const spec = fakeSpec(
      { id: 'pool.busy' },
      {
        calls,
        obs: () => ({ s: 0.9 }),
        planOver: { structural: undefined, timing: timing(() => 'machine busy: other processes took 1.5 of 2 cores') },
      },
    );
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect(r).toMatchObject({ verdict: 'inconclusive', trials: 3 });
    expect(r.reason).toBe('3 of 3 trials void: machine busy: other processes took 1.5 of 2 cores');
    expect(calls).toEqual([1, 2, 3]);
  });
  test('void trials in a minority extend the budget: 9 values in 13 trials when every third is void', async () => {
    const spec = fakeSpec(
      { id: 'pool.busy' },
      {
        obs: (n) => ({ s: 0.05, busy: n % 3 === 0 }),
        planOver: { structural: undefined, timing: timing((o) => (o.busy ? 'machine busy' : null)) },
      },
    );
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect(r).toMatchObject({ verdict: 'pass', trials: 13 });
    expect(r.evidence.timing).toMatchObject({ n: 9, voided: 4 });
  });
  test('more than half of 6 or more trials void: inconclusive there, as the budget can no longer give enough values', async () => {
    const spec = fakeSpec(
      { id: 'pool.busy' },
      {
        obs: (n) => ({ s: 0.05, busy: n % 3 !== 1 }),
        planOver: { structural: undefined, timing: timing((o) => (o.busy ? 'machine busy' : null)) },
      },
    );
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect(r).toMatchObject({ verdict: 'inconclusive', trials: 6 });
    expect(r.reason).toMatch(/^4 of 6 trials void: machine busy; timing S median 0\.05/);
  });
  test('the same in two sittings: each sitting has its own void rule, the counts shown are both', async () => {
    const spec = fakeSpec(
      { id: 'pool.busy' },
      {
        obs: (n) => ({ s: 0.05, busy: n % 3 !== 1 }),
        planOver: { structural: undefined, timing: timing((o) => (o.busy ? 'CPUs at unequal speeds' : null)) },
      },
    );
    const r = ends(await collect({ specs: [spec, fakeSpec({ id: 'pool.b' })], ctx })).find((e) => e.id === spec.id);
    // 4 of 6 void in the first; the second sitting's own 6 trials (7-12) have 4 void: 8 of 12 in all
    expect(r).toMatchObject({ verdict: 'inconclusive', trials: 12 });
    expect(r.reason).toMatch(/^8 of 12 trials void: CPUs at unequal speeds; timing S median 0\.05/);
    expect(r.reason).toMatch(/the first ended 4 of 6 trials void$/);
    expect(r.evidence.timing).toMatchObject({ n: 4, voided: 8 });
  });
});

describe('a second sitting for a claim that void trials ended', () => {
  /** A structural spec whose trials are void (the control failed) where `voidAt(n)`, else `ok(n)`. */
  const sitting = (
    /** @type {string} */ id,
    /** @type {(n: number) => boolean} */ voidAt,
    ok = (/** @type {number} */ n) => true,
  ) =>
    fakeSpec(
      { id },
      {
        need: 3,
        obs: (n) => ({ n, void: voidAt(n), ok: ok(n) }),
        planOver: {
          structural: {
            need: 3,
            check: (/** @type {any} */ o) =>
              o.void
                ? { ok: false, invalid: true, detail: 'control failed' }
                : { ok: o.ok, detail: o.ok ? 'as expected' : 'not as expected' },
          },
        },
      },
    );

  test('deferred after its first sitting, it sits again after the others and its one spec:end comes then; the record keeps the specs in order', async () => {
    const a = sitting('pool.a', (n) => n <= 3);
    const b = fakeSpec({ id: 'pool.b' });
    const events = await collect({ specs: [a, b], ctx });
    expect(events.filter((e) => e.type !== 'spec:trial').map((e) => `${e.type} ${e.data.id}`)).toEqual([
      'spec:start pool.a',
      'spec:deferred pool.a',
      'spec:start pool.b',
      'spec:end pool.b',
      'spec:start pool.a',
      'spec:end pool.a',
    ]);
    expect(events.find((e) => e.type === 'spec:deferred').data.reason).toMatch(/^3 of 3 trials void/);
    expect(events.filter((e) => e.type === 'spec:start').at(-1).data).toMatchObject({ index: 0, resumed: true });
    // trials go on from 4, not from 1 again
    expect(events.filter((e) => e.type === 'spec:trial' && e.data.id === 'pool.a').map((e) => e.data.trial)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    const [ra] = ends(events).filter((r) => r.id === 'pool.a');
    expect(ra).toMatchObject({ verdict: 'pass', trials: 6 });
    expect(ra.reason).toMatch(/a second sitting, after the other claims: the first ended 3 of 3 trials void$/);
    const record = await runToRecord({ specs: [a, b], machine: ctx, launcher, options: { now: fakeClock() } });
    expect(record.results.map((r) => r.id)).toEqual(['pool.a', 'pool.b']);
  });

  test('the evidence of the first sitting is kept: a trial against the claim there still counts, and the claim can fail', async () => {
    // first sitting: 1 against, then void until its budget ends it (need 3: twice the cap of 5)
    // second sitting: against from its first trial; most trials void, so it takes a third against (FAIL_ANY)
    const spec = sitting(
      'pool.against',
      (n) => n >= 2 && n <= 10,
      (n) => n !== 1 && n <= 10,
    );
    const events = await collect({ specs: [spec, fakeSpec({ id: 'pool.b' })], ctx });
    expect(events.find((e) => e.type === 'spec:deferred')?.data.reason).toMatch(/^9 of 10 trials void/);
    const r = ends(events).find((e) => e.id === 'pool.against');
    expect(r).toMatchObject({ verdict: 'fail', trials: 12 });
    expect(r.evidence.structural).toMatchObject({ disagree: 3, agree: 0, voided: 9 });
  });

  test('a claim ended by mixed evidence, not by void trials, sits once', async () => {
    const spec = sitting(
      'pool.mixed',
      () => false,
      (n) => n !== 2,
    );
    const events = await collect({ specs: [spec], ctx });
    expect(events.some((e) => e.type === 'spec:deferred')).toBe(false);
    expect(ends(events)[0].verdict).toBe('inconclusive');
  });

  test("void trials extend a structural-only claim's budget, as its judgement's cap says (need + 2 plus the void, up to twice)", async () => {
    const spec = sitting('pool.gaps', (n) => n >= 2 && n <= 4);
    const [r] = ends(await collect({ specs: [spec], ctx }));
    expect(r).toMatchObject({ verdict: 'pass', trials: 6 }); // past need + 2 = 5
  });

  test('stopped as its second sitting starts, the claim keeps its first verdict', async () => {
    const controller = new AbortController();
    const specs = [sitting('pool.a', (n) => n <= 3), fakeSpec({ id: 'pool.b' })];
    const events = [];
    for await (const e of run({
      specs,
      machine: ctx,
      launcher,
      options: { now: fakeClock(), signal: controller.signal },
    })) {
      events.push(e);
      if (e.type === 'spec:start' && e.data.resumed) controller.abort();
    }
    const ra = ends(events).find((r) => r.id === 'pool.a');
    expect(ra).toMatchObject({ verdict: 'inconclusive', trials: 3 });
    expect(events.at(-1).data.results.map((r) => r.id)).toEqual(['pool.a', 'pool.b']);
  });

  test("a claim that other processes' load voided (machine busy) sits once: such neighbours tend to stay", async () => {
    const busy = fakeSpec(
      { id: 'pool.busy' },
      {
        need: 3,
        obs: (n) => ({ n }),
        planOver: {
          structural: {
            need: 3,
            check: () => ({ ok: false, invalid: true, detail: 'machine busy: other processes took 1.2 of 2 cores' }),
          },
        },
      },
    );
    const events = await collect({ specs: [busy, fakeSpec({ id: 'pool.b' })], ctx });
    expect(events.some((e) => e.type === 'spec:deferred')).toBe(false);
    expect(ends(events)[0]).toMatchObject({ id: 'pool.busy', verdict: 'inconclusive', trials: 3 });
    expect(ends(events)[0].reason).toMatch(/^3 of 3 trials void: machine busy/);
  });

  test('the last claim of a run, or the only one, sits once: nothing runs after it to wait on', async () => {
    const events = await collect({ specs: [fakeSpec({ id: 'pool.b' }), sitting('pool.a', (n) => n <= 3)], ctx });
    expect(events.some((e) => e.type === 'spec:deferred')).toBe(false);
    expect(ends(events).find((r) => r.id === 'pool.a')).toMatchObject({ verdict: 'inconclusive', trials: 3 });
  });

  test('stopped before its second sitting, the claim keeps its first verdict', async () => {
    const controller = new AbortController();
    const a = sitting('pool.a', (n) => n <= 3);
    const b = fakeSpec({ id: 'pool.b' }, { obs: () => (controller.abort(), { ok: true }) });
    const events = await collect({ specs: [a, b], ctx, signal: controller.signal });
    const ra = ends(events).find((r) => r.id === 'pool.a');
    expect(ra).toMatchObject({ verdict: 'inconclusive', trials: 3 });
  });

  test('a replay of the record sits twice alike and reaches the same verdict', async () => {
    const specs = [sitting('pool.a', (n) => n <= 3), fakeSpec({ id: 'pool.b' })];
    const record = await runToRecord({ specs, machine: ctx, launcher, options: { now: fakeClock() } });
    const samples = Object.fromEntries(record.results.map((r) => [r.id, r.samples]));
    const replay = replayLauncher(samples);
    const again = await runToRecord({ specs, machine: ctx, launcher: replay, options: { now: fakeClock() } });
    expect(again.results[0]).toMatchObject({ verdict: 'pass', trials: 6 });
    expect(again.results[0].reason).toBe(record.results[0].reason);
    expect(replay.ended.size).toBe(0);
  });

  test('a record without the second sitting (made before it, or stopped between sittings) replays to its first result, its evidence intact', async () => {
    const specs = [sitting('pool.a', (n) => n <= 3), fakeSpec({ id: 'pool.b' })];
    const replay = replayLauncher({
      'pool.a': [1, 2, 3].map((n) => ({ n, void: true })),
      'pool.b': [{ ok: true }, { ok: true }],
    });
    const again = await runToRecord({ specs, machine: ctx, launcher: replay, options: { now: fakeClock() } });
    expect(again.results[0]).toMatchObject({ verdict: 'inconclusive', trials: 3 });
    expect(again.results[0].reason).toMatch(/^3 of 3 trials void/);
    expect(again.results[0].reason).not.toMatch(/second sitting/);
    expect(again.results[0].evidence.structural).toMatchObject({ voided: 3 });
    expect(replay.ended.size).toBe(0);
  });
});

describe('run: one stream from run:start to run:end', () => {
  test("a start given before run() (the CLI: before the machine profile) is the record's start, and its duration counts from it", async () => {
    const startedAt = new Date(Date.UTC(2026, 0, 1));
    const options = { now: fakeClock(), clock: () => new Date(Date.UTC(2026, 0, 1, 0, 0, 5)), startedAt };
    let record = null;
    for await (const e of run({ specs: [fakeSpec({ id: 'pool.a' })], machine: ctx, launcher, options }))
      if (e.type === 'run:end') record = e.data;
    expect(record).toMatchObject({ startedAt: '2026-01-01T00:00:00.000Z', durationMs: 5000 });
  });
  test('run:start names the machine and the specs; run:end carries the record and its exit code', async () => {
    const events = [];
    const specs = [fakeSpec({ id: 'pool.a' }), fakeSpec({ id: 'pool.b' }, { obs: () => ({ ok: false }) })];
    const clock = (() => {
      let t = Date.UTC(2026, 0, 1);
      return () => new Date((t += 1000));
    })();
    const options = { now: fakeClock(), clock, argv: ['pool.*'], selection: ['pool.*'] };
    for await (const e of run({ specs, machine: ctx, launcher, options })) events.push(e);
    expect(events[0]).toEqual({
      type: 'run:start',
      data: {
        startedAt: '2026-01-01T00:00:01.000Z',
        environment: expect.objectContaining({
          platform: 'linux',
          node: expect.objectContaining({ version: '20.20.2' }),
        }),
        profile: null,
        specs: [
          { id: 'pool.a', title: 'title of pool.a' },
          { id: 'pool.b', title: 'title of pool.b' },
        ],
      },
    });
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('run:start');
    expect(types.at(-1)).toBe('run:end');
    expect(types.filter((t) => t === 'run:end')).toHaveLength(1);
    const record = events.at(-1)?.data;
    expect(record).toMatchObject({
      schemaVersion: 1,
      argv: ['pool.*'],
      selection: ['pool.*'],
      interrupted: false,
      exitCode: 1,
    });
    expect(record.results.map((/** @type {any} */ r) => [r.id, r.verdict])).toEqual([
      ['pool.a', 'pass'],
      ['pool.b', 'fail'],
    ]);
    expect(record.summary).toMatchObject({ total: 2, pass: 1, fail: 1 });
    expect(record.durationMs).toBe(1000);
  });

  test('an aborted run still ends with run:end: a partial record marked interrupted, exit code 2', async () => {
    const ac = new AbortController();
    const first = fakeSpec({ id: 'pool.first' }, { obs: (n) => (n === 2 && ac.abort(), { ok: true }) });
    const events = [];
    for await (const e of run({
      specs: [first, fakeSpec({ id: 'pool.second' })],
      machine: ctx,
      launcher,
      options: { signal: ac.signal },
    }))
      events.push(e);
    const record = events.at(-1)?.data;
    expect(events.at(-1)?.type).toBe('run:end');
    expect(record).toMatchObject({ interrupted: true, exitCode: 2 });
    expect(record.results.map((/** @type {any} */ r) => r.id)).toEqual(['pool.first']);
  });

  test('expectations are applied once, as results arrive: marked spec:end events, unused entries on the record', async () => {
    const entries = [
      { id: 'pool.b', verdict: /** @type {const} */ ('fail'), reason: 'known to fail here' },
      { id: 'pool.a', verdict: /** @type {const} */ ('fail'), reason: 'stale: it passes' },
      { id: 'net.*', verdict: /** @type {const} */ ('inconclusive'), reason: 'not in this run' },
    ];
    const specs = [fakeSpec({ id: 'pool.a' }), fakeSpec({ id: 'pool.b' }, { obs: () => ({ ok: false }) })];
    const events = [];
    for await (const e of run({
      specs,
      machine: ctx,
      launcher,
      expectations: { file: 'e.json', entries },
      options: { now: fakeClock() },
    }))
      events.push(e);
    const ended = ends(events);
    expect(ended.map((r) => r.label)).toEqual(['pass', 'fail (known here)']);
    const record = events.at(-1)?.data;
    expect(record.exitCode).toBe(0);
    expect(record.expectations.file).toBe('e.json');
    expect(record.expectations.unused.map((/** @type {any} */ u) => [u.entry.id, u.why, u.stale])).toEqual([
      ['pool.a', 'expected fail, got pass', true],
      ['net.*', 'no claim of this run matches its id', false],
    ]);
  });
});

describe('--quick and decisive timing', () => {
  /** A throughput-like claim: decisive timing, blocks whose control may fail (invalid). @param {(n: number) => boolean} invalid @param {object} [timingOver] */
  const decisiveSpec = (invalid, timingOver = {}) =>
    defineSpec({
      id: 'cluster.x',
      title: 't',
      area: 'cluster',
      claim: 'c',
      truth: 't',
      expected: 'holds',
      source: { file: 'f', section: 's', figures: null },
      plan: () => ({
        summary: 's',
        trial: async (/** @type {any} */ _c, /** @type {number} */ n) => ({ n }),
        structural: {
          need: 2,
          cap: 3,
          check: (/** @type {any} */ o) =>
            invalid(o.n) ? { ok: false, invalid: true, detail: 'generator CPU-bound' } : { ok: true, detail: 'served' },
        },
        timing: {
          decisive: true,
          statistic: 'r',
          description: 'd',
          claim: 0,
          alternatives: { gain: 0.7 },
          looks: [9, 15, 21],
          alpha: 0.01,
          value: () => -0.2,
          ...timingOver,
        },
      }),
    });
  const quick = { ...ctx, quick: true };

  test('without a quick budget the claim is not run, and says why', async () => {
    const [r] = ends(await collect({ specs: [decisiveSpec(() => false)], ctx: quick }));
    expect(r).toMatchObject({ verdict: 'skip', trials: 0 });
    expect(r.reason).toMatch(/^not run with --quick: decided by timing alone/);
  });

  test('with one, it is judged on it: one look at 6 trials, and the reason says what the verdict rests on', async () => {
    const spec = decisiveSpec(() => false, { quick: { looks: [6], alpha: 0.05 } });
    const [r] = ends(await collect({ specs: [spec], ctx: quick }));
    expect(r).toMatchObject({ verdict: 'pass', trials: 6 });
    expect(r.reason).toMatch(
      /; --quick: timing judged at one look of 6 trials, alpha 0.05 \(the full run: looks at 9, 15, 21, alpha 0.01\)$/,
    );
    // the full run ignores the quick budget
    const [full] = ends(await collect({ specs: [spec], ctx }));
    expect(full).toMatchObject({ verdict: 'pass', trials: 9 });
  });

  test("QUICK_BLOCKS: the full run's first look at 5 (its level), then the range of 6; the reason says so", async () => {
    const { QUICK_BLOCKS, BLOCK_LOOKS } = await import('../harness/kits/abba.js');
    const budget = { quick: QUICK_BLOCKS, looks: BLOCK_LOOKS };
    const [steady] = ends(await collect({ specs: [decisiveSpec(() => false, budget)], ctx: quick }));
    expect(steady).toMatchObject({ verdict: 'pass', trials: 5 });
    expect(steady.evidence.timing).toMatchObject({ intervalOf: 'mean', confidence: 0.998 });
    expect(steady.reason).toMatch(
      /; --quick: timing judged at looks at 5 and 6 trials \(the first at 0\.001 a side, the full run's first look\), alpha 0\.02 \(the full run: looks at 5, 9, 15, 21, 27, alpha 0\.01\)$/,
    );
    // ±0.3 in turn: the t-interval at 5 reaches past the boundary 0.35, the range of 6 does not
    const swing = { ...budget, value: (/** @type {any} */ o) => (o.n % 2 ? -0.3 : 0.3) };
    const [r] = ends(await collect({ specs: [decisiveSpec(() => false, swing)], ctx: quick }));
    expect(r).toMatchObject({ verdict: 'pass', trials: 6 });
    expect(r.evidence.timing.intervalOf).toBe('median');
    // the full run, undecided at its first look too, goes on to its next (9)
    const [full] = ends(await collect({ specs: [decisiveSpec(() => false, swing)], ctx }));
    expect(full).toMatchObject({ verdict: 'pass', trials: 9 });
  });

  test('trials whose control failed extend a decisive budget, as void ones do', async () => {
    const spec = decisiveSpec((n) => n === 2 || n === 5, { quick: { looks: [6], alpha: 0.05 } });
    const [r] = ends(await collect({ specs: [spec], ctx: quick }));
    expect(r).toMatchObject({ verdict: 'pass', trials: 8 });
    expect(r.evidence.timing.n).toBe(6);
  });
});

describe("a plan's end", () => {
  test("is called once the trials are over, decided or errored; a failure to stop is not the claim's", async () => {
    /** @type {string[]} */
    const ended = [];
    const withEnd = (/** @type {string} */ id, /** @type {(n: number) => any} */ obs) =>
      fakeSpec({ id }, { obs, planOver: { end: async () => void ended.push(id) } });
    const decided = withEnd('pool.decided', () => ({ ok: true }));
    const errored = withEnd('pool.errored', (n) => {
      if (n === 2) throw new Error('fixture died');
      return { ok: true };
    });
    const failing = fakeSpec(
      { id: 'pool.end-fails' },
      {
        planOver: {
          end: async () => {
            throw new Error('could not stop');
          },
        },
      },
    );
    const results = ends(await collect({ specs: [decided, errored, failing], ctx }));
    expect(results.map((r) => [r.id, r.verdict])).toEqual([
      ['pool.decided', 'pass'],
      ['pool.errored', 'error'],
      ['pool.end-fails', 'pass'], // a failure to stop is not the claim's
    ]);
    expect(ended).toEqual(['pool.decided', 'pool.errored']);
  });
});
