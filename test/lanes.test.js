// Lanes: timing-free claims side by side, each claim's events together, a
// claim with timing evidence alone. The runner over fake jobs, then the
// engine over in-memory specs whose trials record how many ran at once.
import { test, describe } from 'node:test';
import { expect } from 'expect';
import { inOrder, laneKind, sideBySide, DEFAULT_LANES, MOSTLY_WAITS, WAITING_PER_LANE } from '../harness/lanes.js';
import { run, runToRecord } from '../harness/engine.js';
import { defineSpec } from '../harness/spec.js';
import { testMachine, inMemoryLauncher } from './lib/in-memory.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A claim's words, the same for every spec here. @param {string} id */
const claimOf = (id) => ({
  id,
  title: `title of ${id}`,
  area: /** @type {const} */ ('threadpool'),
  claim: 'a claim',
  truth: 'the truth',
  expected: /** @type {const} */ ('holds'),
  source: { file: 'x.txt', section: 'S', figures: null },
});

/** A spec of claimOf's words with these tags and this plan (its summary added). @param {string} id @param {string[]} tags @param {object} plan */
const claimSpec = (id, tags, plan) =>
  defineSpec({ ...claimOf(id), tags, plan: () => ({ summary: 'what we expect', .../** @type {any} */ (plan) }) });

/** Jobs that each yield `steps` events, a tick apart, counting how many run at once. */
function countedJobs(/** @type {number[]} */ steps) {
  const seen = { now: 0, most: 0, order: /** @type {string[]} */ ([]) };
  const jobs = steps.map(
    (n, j) =>
      async function* () {
        seen.now++;
        seen.most = Math.max(seen.most, seen.now);
        seen.order.push(`start ${j}`);
        for (let i = 0; i < n; i++) {
          await tick();
          yield `${j}.${i}`;
        }
        seen.now--;
      },
  );
  return { jobs, seen };
}

async function all(/** @type {AsyncIterable<any>} */ it) {
  const out = [];
  for await (const e of it) out.push(e);
  return out;
}

describe('inOrder', () => {
  test("each job's events together, in the jobs' order, however they interleave", async () => {
    const { jobs, seen } = countedJobs([3, 1, 2, 1]);
    expect(await all(inOrder(jobs, 2))).toEqual(['0.0', '0.1', '0.2', '1.0', '2.0', '2.1', '3.0']);
    expect(seen.most).toBe(2);
  });

  test('never more than `lanes` at once, and every lane used', async () => {
    const { jobs, seen } = countedJobs([2, 2, 2, 2, 2, 2, 2]);
    await all(inOrder(jobs, 3));
    expect(seen.most).toBe(3);
  });

  test('one lane: one job at a time, the next started when the one before ends', async () => {
    const { jobs, seen } = countedJobs([2, 3, 1]);
    expect(await all(inOrder(jobs, 1))).toEqual(['0.0', '0.1', '1.0', '1.1', '1.2', '2.0']);
    expect(seen.most).toBe(1);
  });

  test('a job that throws: the events before it, then its error in its turn; no job starts after it, and those under way stop', async () => {
    const order = [];
    const jobs = [
      async function* () {
        try {
          yield 'a';
          await tick();
          throw new Error('broke');
        } finally {
          order.push('end a');
        }
      },
      async function* () {
        try {
          for (let i = 0; i < 10; i++) {
            await tick();
            yield `b${i}`;
          }
        } finally {
          order.push('end b');
        }
      },
      async function* () {
        order.push('start c');
        yield 'c';
      },
    ];
    const got = [];
    await expect(
      (async () => {
        for await (const e of inOrder(jobs, 2)) got.push(e);
      })(),
    ).rejects.toThrow('broke');
    expect(got).toEqual(['a']);
    for (let i = 0; i < 5; i++) await tick();
    expect(order).toEqual(['end a', 'end b']);
  });

  test("each kind of job has `lanes` lanes of its own, still yielded in the jobs' order", async () => {
    const { jobs, seen } = countedJobs([4, 4, 1, 1, 1, 1]);
    const kinds = ['waits', 'waits', 'works', 'works', 'works', 'works'];
    const events = await all(inOrder(jobs, 1, (i) => kinds[i]));
    expect(events).toEqual(['0.0', '0.1', '0.2', '0.3', '1.0', '1.1', '1.2', '1.3', '2.0', '3.0', '4.0', '5.0']);
    // one of each kind at once: a 'works' job ran beside the first 'waits' job
    expect(seen.most).toBe(2);
    expect(seen.order.slice(0, 2)).toEqual(['start 0', 'start 2']);
  });

  test('lanes counted per kind', async () => {
    const { jobs, seen } = countedJobs([2, 2, 2, 2, 2, 2]);
    const kinds = ['a', 'a', 'a', 'a', 'b', 'b'];
    await all(inOrder(jobs, { a: 3, b: 1 }, (i) => kinds[i]));
    // three of 'a' and one of 'b' at once
    expect(seen.most).toBe(4);
    expect(seen.order.slice(0, 4).sort()).toEqual(['start 0', 'start 1', 'start 2', 'start 4']);
  });

  test('a job that throws while one of another kind before it has not started: its error in its turn, no hang', async () => {
    const started = [];
    /** @param {string} name @param {number} ticks @param {boolean} [fail] */
    const job = (name, ticks, fail = false) =>
      async function* () {
        started.push(name);
        for (let i = 0; i < ticks; i++) await tick();
        if (fail) throw new Error(`${name} broke`);
        yield name;
      };
    // works: a (long), b (waits for a's lane); waits: c throws at once
    const jobs = [job('a', 5), job('b', 1), job('c', 0, true)];
    const kinds = ['works', 'works', 'waits'];
    const got = [];
    await expect(
      (async () => {
        for await (const e of inOrder(jobs, 1, (i) => kinds[i])) got.push(e);
      })(),
    ).rejects.toThrow('c broke');
    expect(got).toEqual(['a']);
    expect(started).toEqual(['a', 'c']);
  });

  test('no jobs: no events', async () => {
    expect(await all(inOrder([], 2))).toEqual([]);
  });
});

describe('sideBySide', () => {
  test("only a claim tagged 'structural' and nothing that keeps it alone (time measured, a bounded wait)", () => {
    expect(sideBySide({ tags: ['structural', 'fifo-probe'] })).toBe(true);
    expect(sideBySide({ tags: ['timing', 'thread-accounting'] })).toBe(false);
    expect(sideBySide({ tags: ['throughput', 'load'] })).toBe(false);
    expect(sideBySide({ tags: ['structural', 'timing'] })).toBe(false);
    expect(sideBySide({ tags: ['structural', 'bounded-wait'] })).toBe(false);
    expect(sideBySide({})).toBe(false);
  });

  test("a claim tagged 'mostly-waits' takes the lanes of claims that wait; any other, those that work", () => {
    expect(laneKind({ tags: ['structural', MOSTLY_WAITS] })).toBe('waits');
    expect(laneKind({ tags: ['structural', 'fifo-probe'] })).toBe('works');
    expect(laneKind({})).toBe('works');
  });

  test('the default is more than one lane', () => {
    expect(DEFAULT_LANES).toBeGreaterThan(1);
  });
});

describe('run with lanes', () => {
  const machine = testMachine;
  const launcher = inMemoryLauncher;
  /** The specs of bench(), in the catalogue's order: the record's order however they ran. */
  const SPEC_ORDER = ['pool.s1', 'pool.t1', 'pool.s2', 'pool.s3', 'pool.t2'];

  /**
   * Specs whose trials take a few ticks and note, for each trial, how many
   * trials of the run were in flight and which.
   */
  function bench() {
    /** @type {Set<string>} */
    const inFlight = new Set();
    /** @type {Record<string, string[][]>} */
    const beside = {};
    const spec = (/** @type {string} */ id, /** @type {string[]} */ tags, /** @type {number} */ need) =>
      claimSpec(id, tags, {
        trial: async (_c, n) => {
          const key = `${id}#${n}`;
          inFlight.add(key);
          for (let i = 0; i < 3; i++) {
            await tick();
            (beside[id] ??= []).push([...inFlight].filter((k) => k !== key));
          }
          inFlight.delete(key);
          return { ok: true };
        },
        structural: { need, check: (/** @type {any} */ o) => ({ ok: o.ok, detail: 'as expected' }) },
      });
    const specs = [
      spec('pool.s1', ['structural'], 2),
      spec('pool.t1', ['timing'], 3),
      spec('pool.s2', ['structural'], 3),
      spec('pool.s3', ['structural', 'fifo-probe'], 1),
      spec('pool.t2', ['throughput'], 2),
    ];
    return { specs, beside, inFlight };
  }

  test('timing-free claims run first, side by side; a timing claim runs with nothing beside it', async () => {
    const { specs, beside } = bench();
    const events = [];
    for await (const e of run({ specs, machine, launcher, options: { lanes: 2 } })) events.push(e);
    const starts = events.filter((e) => e.type === 'spec:start').map((e) => e.data.id);
    expect(starts).toEqual(['pool.s1', 'pool.s2', 'pool.s3', 'pool.t1', 'pool.t2']);
    for (const id of ['pool.t1', 'pool.t2']) expect(beside[id].every((others) => others.length === 0)).toBe(true);
    // the structural ones overlapped, never more than two at once
    const structural = ['pool.s1', 'pool.s2', 'pool.s3'].flatMap((id) => beside[id]);
    expect(structural.some((others) => others.length === 1)).toBe(true);
    expect(structural.every((others) => others.length <= 1 && others.every((k) => k.startsWith('pool.s')))).toBe(true);
  });

  test('claims that mostly wait start at once, in lanes of their own, beside the lanes of the others', async () => {
    const { specs, beside, inFlight } = bench();
    /** how many waiting claims at once, and the working claims' trials in flight while two waited */
    const seen = { waiting: 0, mostWaiting: 0, working: /** @type {string[]} */ ([]) };
    const waiting = ['pool.w1', 'pool.w2', 'pool.w3', 'pool.w4', 'pool.w5'].map((id) =>
      claimSpec(id, ['structural', MOSTLY_WAITS], {
        trial: async () => {
          seen.mostWaiting = Math.max(seen.mostWaiting, ++seen.waiting);
          for (let i = 0; i < 12; i++) {
            await tick();
            if (seen.waiting >= 2) seen.working.push(...inFlight);
          }
          seen.waiting--;
          return { ok: true };
        },
        structural: { need: 1, check: (/** @type {any} */ o) => ({ ok: o.ok, detail: 'as expected' }) },
      }),
    );
    const events = [];
    for await (const e of run({ specs: [...specs, ...waiting], machine, launcher, options: { lanes: 2 } }))
      events.push(e);
    const starts = events.filter((e) => e.type === 'spec:start').map((e) => e.data.id);
    // reported in the specs' order, whenever each began
    expect(starts).toEqual([
      'pool.s1',
      'pool.s2',
      'pool.s3',
      'pool.w1',
      'pool.w2',
      'pool.w3',
      'pool.w4',
      'pool.w5',
      'pool.t1',
      'pool.t2',
    ]);
    // WAITING_PER_LANE per lane waiting at once, beside the working claims, which never ran
    // beside more than one other working claim
    expect(seen.mostWaiting).toBe(2 * WAITING_PER_LANE);
    expect(seen.working).toEqual(expect.arrayContaining(['pool.s1#1', 'pool.s2#1']));
    const structural = ['pool.s1', 'pool.s2', 'pool.s3'].flatMap((id) => beside[id]);
    expect(structural.every((others) => others.length <= 1)).toBe(true);
    for (const id of ['pool.t1', 'pool.t2']) expect(beside[id].every((others) => others.length === 0)).toBe(true);
    const record = events.at(-1).data;
    expect(record.results.map((/** @type {any} */ r) => r.id)).toEqual([
      ...SPEC_ORDER,
      ...['pool.w1', 'pool.w2', 'pool.w3', 'pool.w4', 'pool.w5'],
    ]);
  });

  test("each claim's events stay together, and the record keeps the specs' order", async () => {
    const { specs } = bench();
    const events = [];
    for await (const e of run({ specs, machine, launcher, options: { lanes: 3 } })) events.push(e);
    const spec = events.filter((e) => e.type.startsWith('spec:'));
    // between a claim's spec:start and its spec:end, only its own events
    let open = null;
    for (const e of spec) {
      if (e.type === 'spec:start') {
        expect(open).toBeNull();
        open = e.data.id;
      } else expect(e.data.id).toBe(open);
      if (e.type === 'spec:end') open = null;
    }
    expect(spec.find((e) => e.type === 'spec:start' && e.data.id === 'pool.s2').data).toMatchObject({
      index: 2,
      total: 5,
    });
    const record = events.at(-1).data;
    expect(record.results.map((/** @type {any} */ r) => `${r.id} ${r.verdict}`)).toEqual(
      SPEC_ORDER.map((id) => `${id} pass`),
    );
  });

  test("side by side, claims that void trials ended sit again after every other claim, in the specs' order", async () => {
    /** A timing-free claim whose first three trials are void (its control failed). @param {string} id */
    const voidFirst = (id) =>
      claimSpec(id, ['structural'], {
        trial: async (_c, n) => {
          await tick();
          return { void: n <= 3 };
        },
        structural: {
          need: 2,
          check: (/** @type {any} */ o) =>
            o.void ? { ok: false, invalid: true, detail: 'control failed' } : { ok: true, detail: 'as expected' },
        },
      });
    const { specs } = bench();
    const all = [voidFirst('pool.v2'), ...specs, voidFirst('pool.v1')];
    const events = [];
    for await (const e of run({ specs: all, machine, launcher, options: { lanes: 2 } })) events.push(e);
    const flow = events
      .filter((e) => ['spec:start', 'spec:deferred'].includes(e.type))
      .map((e) => `${e.type === 'spec:deferred' ? 'deferred' : e.data.resumed ? 'again' : 'start'} ${e.data.id}`);
    expect(flow).toEqual([
      'start pool.v2',
      'deferred pool.v2',
      'start pool.s1',
      'start pool.s2',
      'start pool.s3',
      'start pool.v1',
      'deferred pool.v1',
      'start pool.t1',
      'start pool.t2',
      'again pool.v2',
      'again pool.v1',
    ]);
    const record = events.at(-1).data;
    expect(record.results.filter((/** @type {any} */ r) => r.sideBySide).map((/** @type {any} */ r) => r.id)).toEqual([
      'pool.v2',
      'pool.s1',
      'pool.s2',
      'pool.s3',
      'pool.v1',
    ]);
    expect(record.results.map((/** @type {any} */ r) => `${r.id} ${r.verdict}`)).toEqual([
      'pool.v2 pass',
      'pool.s1 pass',
      'pool.t1 pass',
      'pool.s2 pass',
      'pool.s3 pass',
      'pool.t2 pass',
      'pool.v1 pass',
    ]);
  });

  /** Every claim ran alone, in the specs' order. @param {{ cores?: number, lanes?: number }} o */
  async function expectAlone({ cores = machine.cores, lanes }) {
    const { specs, beside } = bench();
    const options = lanes === undefined ? {} : { lanes };
    const record = await runToRecord({ specs, machine: { ...machine, cores }, launcher, options });
    expect(
      Object.values(beside)
        .flat()
        .every((others) => others.length === 0),
    ).toBe(true);
    expect(record.results.map((/** @type {any} */ r) => r.id)).toEqual(SPEC_ORDER);
  }

  test('never more lanes than cores: four asked on two cores run two at once', async () => {
    const { specs, beside } = bench();
    const record = await runToRecord({ specs, machine, launcher, options: { lanes: 4 } });
    expect(record.environment.lanes).toBe(2);
    expect(Math.max(...Object.values(beside).flatMap((runs) => runs.map((others) => others.length)))).toBe(1);
  });

  test('the record says which claims ran side by side, and how many lanes', async () => {
    const { specs } = bench();
    const record = await runToRecord({ specs, machine, launcher, options: { lanes: 2 } });
    expect(record.environment.lanes).toBe(2);
    expect(record.results.map((/** @type {any} */ r) => `${r.id} ${r.sideBySide ?? '-'}`)).toEqual([
      'pool.s1 true',
      'pool.t1 -',
      'pool.s2 true',
      'pool.s3 true',
      'pool.t2 -',
    ]);
    const alone = await runToRecord({ specs: bench().specs, machine, launcher });
    expect(alone.environment.lanes).toBe(1);
    expect(alone.results.some((/** @type {any} */ r) => 'sideBySide' in r)).toBe(false);
  });

  test('never more lanes than cores: on one core every claim runs alone, in order', () =>
    expectAlone({ cores: 1, lanes: 4 }));

  test("one lane (the engine's default): every claim alone, in the specs' order", () => expectAlone({}));
});

describe('the catalogue', () => {
  test("every claim tagged 'structural' plans no timing channel, on 1, 2 or 16 cores, quick or not", async () => {
    const { loadSpecs } = await import('../harness/registry.js');
    const specs = (await loadSpecs()).filter(sideBySide);
    expect(specs.length).toBeGreaterThan(20);
    const timed = [];
    for (const spec of specs)
      for (const cores of [1, 2, 16])
        for (const quick of [false, true]) {
          const ctx = {
            node: { path: 'node', execPath: '/usr/bin/node', major: 20, version: '20.20.2', v8: '11.3', uv: '1.46.0' },
            platform: 'linux',
            arch: 'x64',
            cores,
            quick,
            profile: null,
            pbkdf2: { taskMs: 120, iterations: 1000 },
            usable: null,
            env: {},
            poolSize: 4,
            poolSizeFrom: 'default',
            cpus: null,
            tmpdir: '/tmp',
          };
          const plan = spec.plan(/** @type {any} */ (ctx));
          if (plan.timing) timed.push(`${spec.id} C=${cores}${quick ? ' quick' : ''}`);
        }
    expect(timed).toEqual([]);
  });
});

describe('replays and early ends', () => {
  const claim = (/** @type {string} */ id, /** @type {string[]} */ tags, voidUntil = 0) =>
    claimSpec(id, tags, {
      trial: async (_c, n) => {
        await tick();
        return { void: n <= voidUntil };
      },
      structural: {
        need: 2,
        check: (/** @type {any} */ o) =>
          o.void ? { ok: false, invalid: true, detail: 'control failed' } : { ok: true, detail: 'as expected' },
      },
    });

  test('judge replays a record in the lanes it ran in: a claim deferred there sits twice again, to the same verdict', async () => {
    const { judgeRecord } = await import('../harness/judge.js');
    const specs = [claim('pool.t1', ['timing']), claim('pool.s1', ['structural']), claim('pool.v1', ['structural'], 3)];
    const record = await runToRecord({
      specs,
      machine: testMachine,
      launcher: inMemoryLauncher,
      options: { lanes: 2 },
    });
    expect(record.results.map((/** @type {any} */ r) => `${r.id} ${r.verdict} ${r.trials}`)).toEqual([
      'pool.t1 pass 2',
      'pool.s1 pass 2',
      'pool.v1 pass 5',
    ]);
    const saved = { ...JSON.parse(JSON.stringify(record)), profile: { cores: 2 } };
    const { judged } = await judgeRecord(saved, specs);
    expect(judged.map((/** @type {any} */ j) => `${j.id} ${j.result.verdict} changed ${j.changed}`)).toEqual([
      'pool.t1 pass changed false',
      'pool.s1 pass changed false',
      'pool.v1 pass changed false',
    ]);
  });

  test('no claim starts once the stream has ended, and those under way stop at their next event', async () => {
    let trials = 0;
    const counted = (/** @type {string} */ id) =>
      claimSpec(id, ['structural'], {
        trial: async () => {
          trials++;
          await tick();
          return { ok: true };
        },
        structural: { need: 5, check: () => ({ ok: true, detail: 'as expected' }) },
      });
    const specs = ['pool.a', 'pool.b', 'pool.c', 'pool.d'].map(counted);
    for await (const e of run({ specs, machine: testMachine, launcher: inMemoryLauncher, options: { lanes: 2 } }))
      if (e.type === 'spec:trial') break;
    const atStop = trials;
    for (let i = 0; i < 20; i++) await tick();
    expect(trials).toBeLessThanOrEqual(atStop + 2);
  });

  test('a lane count that is not a whole number above 0 runs one job at a time, and ends', async () => {
    const { jobs, seen } = countedJobs([1, 1, 1]);
    expect(await all(inOrder(jobs, Number.NaN))).toEqual(['0.0', '1.0', '2.0']);
    expect(seen.most).toBe(1);
  });

  test('the record says one lane where no claim of the selection can run beside another', async () => {
    const specs = [claim('pool.t1', ['timing']), claim('pool.t2', ['throughput'])];
    const record = await runToRecord({
      specs,
      machine: testMachine,
      launcher: inMemoryLauncher,
      options: { lanes: 2 },
    });
    expect(record.environment.lanes).toBe(1);
  });
});
