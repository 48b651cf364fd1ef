// Runnable concurrency (harness/kits/concurrency.js): "n run together" read
// from /proc (threads in state R at each sample), phase by phase between completions. The pure check on
// readings taken on this kind of machine, and the fixture's reading itself
// (a count of runnable threads, not a timing: other load does not move it).
import { test, describe } from 'node:test';
import { expect } from 'expect';
import {
  checkConcurrency,
  checkEachRunnable,
  expectedRunnable,
  MAX_ERROR,
  MIN_PHASE_LAGS,
} from '../harness/kits/concurrency.js';
import { runFixture } from '../harness/isolate.js';
import { cpuAtOneSpeed } from '../harness/kits/cpu-speed.js';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';

const require = createRequire(import.meta.url);
const { affinity } = require('../fixtures/lib/proc.cjs');
const { MAX_READER_CPUS } = require('../fixtures/lib/speed-readers.cjs');
const hasTaskset = () => spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;

/** Phases from [duration ms, concurrency] pairs, laid end to end. @param {[number, number | null][]} list */
const phases = (list) => {
  let t = 0;
  return list.map(([ms, concurrency]) => ({ fromMs: t, toMs: (t += ms), concurrency }));
};

describe('the model', () => {
  test('after j of k completions, min(P, k − j) are runnable', () => {
    expect([0, 1, 2, 3, 4].map((j) => expectedRunnable({ k: 5, P: 4 }, j))).toEqual([4, 4, 3, 2, 1]);
    expect([0, 1, 2, 3].map((j) => expectedRunnable({ k: 4, P: 1 }, j))).toEqual([1, 1, 1, 1]);
  });
});

describe('checkConcurrency', () => {
  const T = 58;
  test('readings of sound pools agree (taken on a 2-core VM: 4/4, 5/4, 6/4, 5/5, 4/2, 2/4)', () => {
    const sound = [
      [
        { k: 4, P: 4 },
        [
          [110, 3.92],
          [5, 3.57],
          [2, 1.65],
          [2, 1.34],
        ],
      ],
      [
        { k: 5, P: 4 },
        [
          [110, 3.82],
          [10, 4.43],
          [1, 4.97],
          [1, 5.03],
          [52, 1],
        ],
      ],
      [
        { k: 6, P: 4 },
        [
          [106, 3.8],
          [14, 3.89],
          [5, 4.46],
          [9, 3.57],
          [41, 2],
          [3, 1.01],
        ],
      ],
      [
        { k: 5, P: 5 },
        [
          [127, 4.77],
          [0, 1.66],
          [18, 3.6],
          [9, 2.38],
          [1, 1.13],
        ],
      ],
      [
        { k: 4, P: 2 },
        [
          [60, 1.92],
          [4, 2.05],
          [53, 2.06],
          [5, 1.01],
        ],
      ],
      [
        { k: 2, P: 4 },
        [
          [57, 1.98],
          [3, 1.05],
        ],
      ],
    ];
    for (const [model, list] of sound) {
      const c = checkConcurrency(phases(/** @type {any} */ (list)), { ...model, T });
      expect({ model, ok: c?.ok }).toEqual({ model, ok: true });
    }
  });

  test('a later phase not several times longer than the main thread latency around it is not read', () => {
    // Six tasks on a pool of 4 under three busy neighbours: the callbacks that
    // delimit the phases lag by the main thread's latency (gapMs), so the phase
    // after the fourth completion read 1 where 2 were left.
    const lagged = (/** @type {number} */ gapMs) =>
      phases([
        [150, 3.86],
        [70, 3],
        [80, 1],
      ]).map((p) => ({ ...p, gapMs }));
    const model = { k: 6, P: 4, T };
    expect(checkConcurrency(lagged(35), model)).toMatchObject({ ok: true, detail: 'runnable at once 3.86 (model 4)' });
    expect(checkConcurrency(lagged(5), model)).toMatchObject({ ok: false });
    expect(MIN_PHASE_LAGS * 35).toBeGreaterThan(80);
    // The first phase is always read: a limiter shows there whatever the latency.
    expect(
      checkConcurrency(
        lagged(500).map((p, j) => (j ? p : { ...p, concurrency: 2 })),
        model,
      )?.ok,
    ).toBe(false);
  });

  test('a limiter in front of a full pool fails it: 4 threads, 2 at once', () => {
    const c = checkConcurrency(
      phases([
        [130, 2.03],
        [1, 2.2],
        [125, 1.98],
        [2, 1.1],
      ]),
      { k: 4, P: 4, T },
    );
    expect(c).toMatchObject({ ok: false, error: 1.97 });
    expect(c?.detail).toBe('runnable at once 2.03 (model 4), then 1.98 (model 2)');
  });

  test('one fewer at once in the first batch fails; a short later phase is not read', () => {
    expect(
      checkConcurrency(
        phases([
          [90, 3.02],
          [5, 3.9],
          [60, 1],
        ]),
        { k: 4, P: 4, T },
      )?.ok,
    ).toBe(false);
    expect(
      checkConcurrency(
        phases([
          [120, 3.96],
          [5, 9.5],
          [1, 3],
          [1, 2],
          [60, 1.02],
        ]),
        { k: 5, P: 4, T },
      )?.ok,
    ).toBe(true);
    expect(
      checkConcurrency(
        phases([
          [120, 3.96],
          [40, 2.9],
          [1, 3],
          [1, 2],
          [60, 1.02],
        ]),
        { k: 5, P: 4, T },
      )?.ok,
    ).toBe(false);
  });

  test('the bound is half-way to the next whole number', () => {
    expect(MAX_ERROR).toBe(0.5);
    expect(checkConcurrency(phases([[120, 3.5]]), { k: 4, P: 4, T })?.ok).toBe(true);
    expect(checkConcurrency(phases([[120, 3.49]]), { k: 4, P: 4, T })?.ok).toBe(false);
  });

  test('no reading (off Linux): null, and the thread accounting decides alone', () => {
    expect(checkConcurrency(null, { k: 4, P: 4, T })).toBeNull();
    expect(checkConcurrency([], { k: 4, P: 4, T })).toBeNull();
    expect(checkConcurrency(phases([[120, null]]), { k: 4, P: 4, T })).toBeNull();
  });
});

describe(
  'fixtures/pbkdf2-batch.cjs reads it',
  { skip: process.platform !== 'linux' && 'needs /proc schedstat' },
  () => {
    for (const [k, P] of [
      [2, 2],
      [2, 1],
    ]) {
      test(`${k} tasks through a pool of ${P}: ${Math.min(k, P)} runnable at once in the first phase`, async () => {
        const { data } = await runFixture({
          node: process.execPath,
          fixture: 'pbkdf2-batch.cjs',
          options: { k, iterations: 200000 },
          env: { UV_THREADPOOL_SIZE: String(P) },
        });
        expect(data.phases).toHaveLength(k);
        expect(data.phases[0].fromMs).toBe(0);
        expect(Math.abs(data.phases[0].concurrency - Math.min(k, P))).toBeLessThan(MAX_ERROR);
        // the speed readers, one pinned to each CPU, read every CPU and are not counted as the pool's
        expect(data.poolThreads).toHaveLength(P);
        const cpus = affinity();
        const readers = hasTaskset() && cpus !== null && cpus.length >= 2 && cpus.length <= MAX_READER_CPUS;
        expect(data.speed.readers).toBe(readers);
        if (readers) expect(Object.keys(data.speed.byCpu).map(Number)).toEqual(cpus);
        // an honest pool's threads are runnable throughout their work
        expect(checkEachRunnable(data.timeline)?.ok ?? true).toBe(true);
        // each thread's CPU at each sample where it was runnable, one character per sample
        for (const tid of data.poolThreads) {
          expect(data.timeline.cpuAt[tid]).toHaveLength(data.timeline.t.length);
          for (const c of data.timeline.cpuAt[tid].replaceAll('-', ''))
            expect(cpus ?? [Number(c)]).toContain(Number(c));
        }
        if (readers) expect(cpuAtOneSpeed(data.speed, data.timeline, data.poolThreads)).toHaveLength(P);
      });
    }
  },
);

describe('each thread said to run together is runnable throughout its work (runnableShares, checkEachRunnable)', async () => {
  const { runnableShares, MIN_RUNNABLE_SHARE, MIN_SPAN_SAMPLES } = await import('../harness/kits/concurrency.js');
  const { checkBatch, checkWorkElsewhere } = await import('../harness/kits/pool.js');
  // 5 ms samples; two threads work from the first sample to 100 ms, 2.5 ms of CPU per sample
  const t = Array.from({ length: 23 }, (_, i) => 5 * i);
  const work = (/** @type {number} */ endMs) => t.map((ms) => Math.min(ms, endMs) / 2);
  const awake = (/** @type {number} */ endMs) => t.map((ms) => (ms > 0 && ms < endMs ? '1' : '0')).join('');
  /** every other sample of a thread's work asleep: it runs half its time */
  const halfAsleep = (/** @type {number} */ endMs) =>
    t.map((ms, i) => (ms > 0 && ms < endMs && i % 2 ? '1' : '0')).join('');
  const timeline = (/** @type {Record<string, string>} */ runnable) => ({
    t,
    cpu: { 1: work(100), 2: work(100) },
    runnable,
  });

  test('threads at work every sample between their start and end read 1, the sample after the end left out', () => {
    const shares = runnableShares(timeline({ 1: awake(100), 2: awake(100) }));
    expect(shares).toEqual([
      { tid: '1', share: 1, samples: 19 },
      { tid: '2', share: 1, samples: 19 },
    ]);
    expect(checkEachRunnable(timeline({ 1: awake(100), 2: awake(100) }))).toEqual({
      ok: true,
      detail: "each working thread runnable in ≥ 100% of its work's samples (2 read)",
    });
  });
  test('one thread asleep every other sample of its work: a fail, with its share', () => {
    const c = checkEachRunnable(timeline({ 1: awake(100), 2: halfAsleep(100) }));
    expect(c?.ok).toBe(false);
    expect(c?.detail).toMatch(
      /^a working thread runnable in 52% of its work's 19 samples \(asleep the rest; allowed 80%\)$/,
    );
    // one sample asleep in nineteen (a lock waited on) stands
    const blip = awake(100).replace(/^(0111)1/, '$10');
    expect(runnableShares(timeline({ 1: blip, 2: awake(100) }))?.[0].share).toBeCloseTo(18 / 19, 9);
    expect(checkEachRunnable(timeline({ 1: blip, 2: awake(100) }))?.ok).toBe(true);
    expect(MIN_RUNNABLE_SHARE).toBeLessThan(18 / 19);
    // shares are shown rounded down: 18 of 19 is "≥ 94%", never the 95% it is not
    expect(checkEachRunnable(timeline({ 1: blip, 2: awake(100) }))?.detail).toMatch(/≥ 94% /);
  });
  test('a thread listed late (zeros before its listing) is read from where it worked; one gone is left out', () => {
    const late = awake(100).replace(/^0111/, '0000');
    const lateCpu = work(100).map((ms, i) => (i < 4 ? 0 : ms));
    const shares = runnableShares({ t, cpu: { 1: lateCpu, 2: work(100) }, runnable: { 1: late, 2: awake(100) } });
    expect(shares?.[0]).toEqual({ tid: '1', share: 1, samples: 16 });
    const gone = {
      t,
      cpu: { 1: work(100).slice(0, 10), 2: work(100) },
      runnable: { 1: awake(100).slice(0, 10), 2: awake(100) },
    };
    expect(runnableShares(gone)?.map((s) => s.tid)).toEqual(['2']);
  });
  test('no reading: no states kept (an older record, off Linux), a thread idle, or too few samples in its work', () => {
    expect(runnableShares({ t, cpu: { 1: work(100) } })).toBeNull();
    expect(checkEachRunnable({ t, cpu: { 1: work(100) } })).toBeNull();
    // an idle thread (no CPU beside the busiest's) is not one of those at work
    const idle = { t, cpu: { 1: work(100), 2: t.map(() => 0) }, runnable: { 1: awake(100), 2: '0'.repeat(t.length) } };
    expect(runnableShares(idle)?.map((s) => s.tid)).toEqual(['1']);
    const shortMs = 5 * (MIN_SPAN_SAMPLES - 1);
    const short = { t, cpu: { 1: work(shortMs) }, runnable: { 1: halfAsleep(shortMs) } };
    expect(runnableShares(short)).toEqual([]);
    expect(checkEachRunnable(short)).toBeNull();
  });
  test('checkBatch: a fail of "run at once" where two run together, not where one thread runs the tasks in turn', () => {
    const phases = [
      { fromMs: 0, toMs: 100, concurrency: 1.5 },
      { fromMs: 100, toMs: 101, concurrency: 1 },
    ];
    const pair = {
      poolThreads: [1, 2],
      cpuMs: [50, 50],
      phases,
      timeline: timeline({ 1: awake(100), 2: halfAsleep(100) }),
    };
    const c = checkBatch(pair, { k: 2, P: 2, T: 50 });
    expect(c.ok).toBe(false);
    expect(c.parts?.find((p) => !p.ok)?.name).toBe('2 run at once, then min(2, tasks left)');
    expect(c.detail).toMatch(/runnable at once 1\.5 \(model 2\); a working thread runnable in 52%/);
    // all awake: the same count stands (within half a thread), and the share is shown
    const awakeBoth = checkBatch(
      { ...pair, timeline: timeline({ 1: awake(100), 2: awake(100) }) },
      { k: 2, P: 2, T: 50 },
    );
    expect(awakeBoth.ok).toBe(true);
    expect(awakeBoth.detail).toMatch(/each working thread runnable in ≥ 100%/);
    // a pool of 1 running the two in turn: its thread's share of its work is not the claim's
    const serial = {
      poolThreads: [1],
      cpuMs: [100],
      phases: [
        { fromMs: 0, toMs: 50, concurrency: 1 },
        { fromMs: 50, toMs: 100, concurrency: 1 },
      ],
      timeline: { t, cpu: { 1: work(100) }, runnable: { 1: halfAsleep(100) } },
    };
    expect(checkBatch(serial, { k: 2, P: 1, T: 50 }).detail).not.toMatch(/working thread/);
  });
});

describe('no thread said to run together waits while the others do a whole task (waitsWhileOthersWorked, checkNoneWaited)', async () => {
  const { waitsWhileOthersWorked, checkNoneWaited, MAX_WAIT_TASKS, WAITING_SHARE } =
    await import('../harness/kits/concurrency.js');
  const { checkBatch, checkWorkElsewhere } = await import('../harness/kits/pool.js');
  // 5 ms samples to 200 ms; four threads on two CPUs
  const t = Array.from({ length: 41 }, (_, i) => 5 * i);
  /** CPU at each sample for a thread gaining `rate` ms per ms from `from` to `to` */
  const gain = (/** @type {number} */ rate, from = 0, to = 200) =>
    t.map((ms) => rate * (Math.min(Math.max(ms, from), to) - from));
  test('four sharing two CPUs in turns of 10 ms: each waits while the others use one turn', () => {
    // thread i runs in the turns where (turn + i) is even: two at a time, each half its time
    const turns = (/** @type {number} */ i) => {
      let cpu = 0;
      return t.map((ms, j) => (j === 0 ? 0 : (cpu += Math.floor((ms - 5) / 10 + i) % 2 === 0 ? 5 : 0)));
    };
    const timeline = { t, cpu: { 1: turns(0), 2: turns(1), 3: turns(0), 4: turns(1) } };
    const waits = waitsWhileOthersWorked(timeline);
    expect(waits.map((w) => w.tid)).toEqual(['1', '2', '3', '4']);
    // a turn of 10 ms: the two others at work use 20 ms, the third (waiting too) none
    for (const w of waits) expect(w.othersMs).toBe(20);
    expect(checkNoneWaited(timeline, 100)).toEqual({
      ok: true,
      detail: 'no working thread waited while the others did more than 0.2 of a task (allowed 1)',
    });
  });
  test('two kept waiting (runnable or not) while two do their whole tasks: a fail', async () => {
    // two run 0–100 ms at a CPU each, then the other two (a trickle of 1% before)
    const timeline = {
      t,
      cpu: {
        1: gain(1, 0, 100),
        2: gain(1, 0, 100),
        3: gain(0.01, 0, 100).map((v, i) => v + gain(1, 100, 200)[i]),
        4: gain(0.01, 0, 100).map((v, i) => v + gain(1, 100, 200)[i]),
      },
    };
    const waits = waitsWhileOthersWorked(timeline);
    // thread 3 waited from the pool's start (the sample before its first CPU) to 100 ms while threads 1 and
    // 2 used 200 ms and thread 4 its trickle; and to 105 ms, its own 6 ms then within WAITING_SHARE of the others' 206
    expect(waits.find((w) => w.tid === '3')?.othersMs).toBeCloseTo(206, 6);
    expect(WAITING_SHARE).toBeGreaterThan(6 / 206);
    const c = checkNoneWaited(timeline, 100);
    expect(c?.ok).toBe(false);
    expect(c?.detail).toBe(
      'a working thread waited, runnable or not, while the others used 206 ms of CPU, 2.06 tasks of 100 ms (allowed 1): its task did not run with theirs',
    );
    // a reading that grew 50 ms beyond its sample's wall time: the host took a vCPU away, the wait is void
    // (thread 4's reading at 50 ms: 50 ms more in a sample of 5 ms, inside thread 3's wait)
    const jump = (/** @type {number} */ at) => ({
      ...timeline,
      cpu: { ...timeline.cpu, 4: timeline.cpu[4].map((v, i) => (i >= at ? v + 50 : v)) },
    });
    const { hostAwayMs, HOST_AWAY_MS } = await import('../harness/kits/concurrency.js');
    expect(hostAwayMs(jump(10))).toBeCloseTo(45.05, 6); // beside its trickle of 0.05 ms
    expect(hostAwayMs(timeline)).toBeLessThanOrEqual(0);
    expect(HOST_AWAY_MS).toBeLessThan(45);
    const v = checkNoneWaited(jump(10), 100);
    expect(v).toMatchObject({ ok: false, invalid: true });
    expect(v?.detail).toMatch(/the host took a vCPU away meanwhile \(a thread's CPU reading grew 45 ms beyond/);
    // the same jump long after the wait (at 180 ms) says nothing of it: the fail stands
    expect(hostAwayMs(jump(36), 0, 22)).toBe(0);
    expect(checkNoneWaited(jump(36), 100)?.invalid).toBeUndefined();
    // an unreadable main thread (NaN) reads as no jump
    expect(hostAwayMs({ ...timeline, main: t.map(() => NaN) })).toBeLessThanOrEqual(0);
    // the same with tasks of 250 ms: the others did 0.82 of one
    expect(checkNoneWaited(timeline, 250)?.ok).toBe(true);
    expect(MAX_WAIT_TASKS).toBe(1);
  });
  test('a wait does not span a gap in the samples: where the sampler was held, when each thread ran is not read', () => {
    // samples every 5 ms to 100 ms, then one at 300 ms: thread 1 ends its hash in the gap (1.5 ms of CPU), the
    // others use 200 ms in it
    const tg = [...Array.from({ length: 21 }, (_, i) => 5 * i), 300];
    const cpu = {
      1: tg.map((ms) => Math.min(ms, 103) / 2),
      2: tg.map((ms) => ms / 2),
      3: tg.map((ms) => ms / 2),
    };
    const waits = waitsWhileOthersWorked({ t: tg, cpu });
    expect(Math.max(...waits.map((w) => w.othersMs))).toBe(0);
    expect(checkNoneWaited({ t: tg, cpu }, 100)?.ok).toBe(true);
  });
  test('every thread stalled together (a CPU quota spent) is no wait while others worked; no reading where fewer than two worked or T is unknown', () => {
    const stalled = (/** @type {number[]} */ xs) =>
      xs.map((v, i) => (t[i] < 50 ? v : t[i] < 150 ? xs[10] : v - xs[30] + xs[10]));
    const timeline = { t, cpu: { 1: stalled(gain(0.5)), 2: stalled(gain(0.5)) } };
    expect(Math.max(...waitsWhileOthersWorked(timeline).map((w) => w.othersMs))).toBe(0);
    expect(checkNoneWaited({ t, cpu: { 1: gain(1), 2: t.map(() => 0) } }, 100)).toBeNull();
    expect(checkNoneWaited({ t, cpu: { 1: gain(0.5), 2: gain(0.5) } }, 0)).toBeNull();
  });
  /**
   * A batch of four on four threads: 1 and 2 do their hash from 0 to 100 ms, 3 and 4 wait until `from`, then
   * do theirs; each thread's CPU as given (its hash's, or more).
   */
  const twoThenTwo = (from = 100, cpuMs = [100, 100, 100, 100]) => ({
    poolThreads: [1, 2, 3, 4],
    cpuMs,
    phases: [
      { fromMs: 0, toMs: 100, concurrency: 4 },
      { fromMs: 100, toMs: 100.5, concurrency: 3 },
      { fromMs: 100.5, toMs: from + 100, concurrency: 2 },
      { fromMs: from + 100, toMs: from + 100.5, concurrency: 1 },
    ],
    timeline: {
      t,
      cpu: { 1: gain(1, 0, 100), 2: gain(1, 0, 100), 3: gain(1, from, from + 100), 4: gain(1, from, from + 100) },
      runnable: { 1: '0' + '1'.repeat(40), 2: '0' + '1'.repeat(40), 3: '0' + '1'.repeat(40), 4: '0' + '1'.repeat(40) },
    },
  });
  test('checkBatch: a fail of "run at once"; beside other processes\' load contested; not read where one thread runs', () => {
    const obs = twoThenTwo();
    const c = checkBatch(obs, { k: 4, P: 4, T: 100 });
    expect(c).toMatchObject({ ok: false });
    expect(c.invalid).toBeUndefined();
    expect(c.parts?.find((p) => !p.ok)?.name).toBe('4 run at once, then min(4, tasks left)');
    expect(c.detail).toMatch(
      /^a working thread waited, runnable or not, while the others used 210 ms of CPU, 2\.1 tasks/,
    );
    const busy = checkBatch(obs, { k: 4, P: 4, T: 100, busy: 'machine busy: other processes took 1.4 of 2 cores' });
    expect(busy).toMatchObject({ ok: false, invalid: true, contested: true });
    // all four at work throughout: sound, and the longest wait is shown
    const even = { 1: gain(0.5), 2: gain(0.5), 3: gain(0.5), 4: gain(0.5) };
    const sound = checkBatch(
      { ...obs, phases: [{ fromMs: 0, toMs: 200, concurrency: 4 }], timeline: { ...obs.timeline, cpu: even } },
      { k: 4, P: 4, T: 100 },
    );
    expect(sound.detail).toMatch(/no working thread waited while the others did more than 0 of a task/);
  });
  test("checkBatch: the tasks' work done on the pool's threads, the process's other threads' CPU within the allowance", () => {
    const base = twoThenTwo();
    const sound = { ...base, phases: [{ fromMs: 0, toMs: 200, concurrency: 4 }] };
    const even = { 1: gain(0.5), 2: gain(0.5), 3: gain(0.5), 4: gain(0.5) };
    const obs = { ...sound, timeline: { ...base.timeline, cpu: even } };
    const quiet = checkBatch({ ...obs, elsewhereMs: 1.7 }, { k: 4, P: 4, T: 100 });
    expect(quiet.parts?.find((p) => p.name === "the tasks' work done on the pool's threads")).toMatchObject({
      ok: true,
      detail: "the process's other threads 2 ms of CPU meanwhile (at most 40)",
    });
    // pool-one-shadowed: a thread started before the pool hashes every other task's key
    const shadowed = checkBatch({ ...obs, elsewhereMs: 152 }, { k: 4, P: 4, T: 100 });
    expect(shadowed.ok).toBe(false);
    expect(shadowed.detail).toContain(
      "the process's other threads spent 152 ms of CPU over the batch (at most 40, beside the pool's 400): the tasks' work done off the pool",
    );
    // not read (off Linux, older records): no such part
    expect(checkWorkElsewhere(obs, 400)).toBeNull();
  });
  test("checkBatch: a wait counted in the smaller of this batch's CPU per hash and the calibrated task's", () => {
    // threads 3 and 4 wait 60 ms while 1 and 2 do 0.6 of their hash each (0.675 as sampled): 1.35 of this
    // batch's hashes (100 ms each), 0.9 of a task calibrated at 150 ms on a host whose speeds moved since
    const c = checkBatch(twoThenTwo(60), { k: 4, P: 4, T: 150 });
    expect(c).toMatchObject({ ok: false });
    expect(c.invalid).toBeUndefined();
    expect(c.detail).toMatch(
      /^a working thread waited, runnable or not, while the others used 135 ms of CPU, 1\.35 tasks of 100 ms \(this batch's CPU per hash; a task alone: 150 ms\)/,
    );
    // the same wait where each thread also spent 50 ms outside it (after its hash): 150 ms per hash, and the
    // calibrated 100 ms stays the unit
    const padded = checkBatch(twoThenTwo(60, [150, 150, 150, 150]), { k: 4, P: 4, T: 100 });
    expect(padded.detail).toMatch(
      /^a working thread waited, runnable or not, while the others used 135 ms of CPU, 1\.35 tasks of 100 ms \(a task alone; this batch's CPU per hash: 150 ms\)/,
    );
  });
});

describe('checkBatch: the threads, how many ran at once, and CPU that is whole tasks at one speed', async () => {
  const { checkBatch, taskAccount } = await import('../harness/kits/pool.js');
  const phases = [
    { fromMs: 0, toMs: 240, concurrency: 4 },
    { fromMs: 240, toMs: 241, concurrency: 3 },
    { fromMs: 241, toMs: 242, concurrency: 2 },
    { fromMs: 242, toMs: 243, concurrency: 1 },
  ];
  const obs = (/** @type {number[]} */ cpuMs) => ({ poolThreads: [1, 2, 3, 4], cpuMs, phases });
  test('four threads, one task each, four at once: sound, with what each hash cost beside the calibration', () => {
    const c = checkBatch(obs([118, 121, 119, 122]), { k: 4, P: 4, T: 120 });
    expect(c).toMatchObject({ ok: true });
    expect(c.parts?.[0].detail).toMatch(/did the 4 tasks \(1\+1\+1\+1\); expected 4 and 4$/);
    // the CPU rule's figures go with "run at once", which that rule judges
    expect(c.parts?.[1].detail).toMatch(/^runnable at once 4 .*; CPU per hash 118–122 ms \(a task alone: 120 ms\)$/);
    // without a runnable count (off Linux) the rule judges the threads, and its figures go with them
    const unread = checkBatch({ ...obs([118, 121, 119, 122]), phases: undefined }, { k: 4, P: 4, T: 120 });
    expect(unread.parts?.map((p) => p.name)).toEqual(['4 pool threads, 4 of them doing the 4 tasks']);
    expect(unread.parts?.[0].detail).toMatch(/expected 4 and 4; CPU per hash 118–122 ms/);
    // two tasks on one thread: the CPU per hash is its time halved
    const pairs = checkBatch(
      { ...obs([242, 238]), poolThreads: [1, 2], phases: phases.slice(2) },
      { k: 4, P: 2, T: 120 },
    );
    expect(pairs.detail).toMatch(/CPU per hash 119–121 ms/);
  });
  test('taskAccount: the most even way to give the tasks to the threads that used CPU', () => {
    expect(taskAccount([118, 121, 119, 122], 4)).toMatchObject({ tasks: [1, 1, 1, 1] });
    expect(taskAccount([121, 242, 240, 119], 6)).toMatchObject({ tasks: [2, 2, 1, 1] });
    expect(taskAccount([480, 0.01, 0.02, 0], 4)).toMatchObject({ tasks: [4], spread: 1 });
    expect(taskAccount([121, 119, 0.01, 0.02], 2)).toMatchObject({ tasks: [1, 1] });
    // a thread cannot do part of a task: one that used CPU did at least one
    expect(taskAccount([241, 121, 120, 68], 4)?.tasks).toEqual([1, 1, 1, 1]);
    expect(taskAccount([120, 118, 30, 0.01], 2)).toBeNull();
  });
  test('a thread that spent a task more than its own (a waiting thread spinning, or a CPU the host slowed): void, not a pass', () => {
    const c = checkBatch(obs([120, 120, 120, 240]), { k: 4, P: 4, T: 120 });
    expect(c).toMatchObject({ ok: false, invalid: true });
    expect(c.detail).toMatch(
      /^the threads' CPU is not 4 whole tasks at one speed \(×2 between them: a thread busy without progress/,
    );
  });
  test('a spin shorter than half a task, which rounding would hide, is void too (one thread did two, another a fraction)', () => {
    const c = checkBatch(obs([241, 121, 120, 68]), { k: 4, P: 4, T: 120 });
    expect(c).toMatchObject({ ok: false, invalid: true });
    // and a spin on the thread that then runs its task: a slowed CPU looks the same
    expect(checkBatch(obs([121, 120, 120, 180]), { k: 4, P: 4, T: 120 })).toMatchObject({ ok: false, invalid: true });
    // within the spread one speed allows, the structure stands
    expect(checkBatch(obs([121, 120, 120, 140]), { k: 4, P: 4, T: 120 })).toMatchObject({ ok: true });
  });
  test('a waste spread evenly over every thread keeps them alike, but each hash costs more than the calibrated task: void', () => {
    const c = checkBatch(obs([160, 161, 159, 160]), { k: 4, P: 4, T: 120 });
    expect(c).toMatchObject({ ok: false, invalid: true });
    expect(c.detail).toMatch(/^every hash took 159 ms of CPU or more, ×1\.33 a task alone's 120 ms/);
    // cheaper than the calibration (it was taken on a slower CPU, or beside a neighbour): sound
    expect(checkBatch(obs([90, 91, 89, 90]), { k: 4, P: 4, T: 120 })).toMatchObject({ ok: true });
  });
  test('a pool thread without a CPU reading: void, not a count of threads that did nothing', () => {
    const c = checkBatch(obs([120, NaN, 120, 120]), { k: 4, P: 4, T: 120 });
    expect(c).toMatchObject({ ok: false, invalid: true });
    expect(c.detail).toMatch(/no CPU reading/);
  });
  test('more threads busy than there were tasks: a fail (only the tasks use the pool here)', () => {
    const c = checkBatch({ ...obs([120, 118, 30, 0.01]), phases: phases.slice(2) }, { k: 2, P: 4, T: 120 });
    expect(c).toMatchObject({ ok: false });
    expect(c.invalid).toBeUndefined();
    expect(c.detail).toMatch(/3 used CPU for 2 tasks/);
  });
  test('a count that is wrong still fails, whatever the CPU says', () => {
    const c = checkBatch({ ...obs([120, 120, 240, 0.1]), poolThreads: [1, 2, 3] }, { k: 4, P: 4, T: 120 });
    expect(c.ok).toBe(false);
    expect(c.invalid).toBeUndefined();
  });
  // The speed read beside the pool (fixtures/lib/speed-reference.cjs): 0.025 ms at calibration.
  const beside = (/** @type {number} */ ms, pinned = { 0: ms, 1: ms }) => ({
    byCpu: { 0: { ms, n: 20 }, 1: { ms, n: 20 } },
    pinned,
    poolCpus: { 0: 90, 1: 90 },
  });
  const calibrated = { k: 4, P: 4, T: 120, referenceMs: 0.025 };
  test('with the speed read beside the pool, CPU beyond the tasks at that speed fails: threads runnable without progress', () => {
    // a waste spread evenly (each hash ×1.33) while the CPU ran as at calibration
    const waste = checkBatch({ ...obs([160, 161, 159, 160]), speed: beside(0.025) }, calibrated);
    expect(waste).toMatchObject({ ok: false });
    expect(waste.invalid).toBeUndefined();
    expect(waste.detail).toMatch(
      /^CPU without progress: the pool's threads used 640 ms of CPU, ×1\.33 what 4 hashes cost/,
    );
    // the claim's own words fail: how many ran at once (threads ran, tasks did not progress)
    expect(waste.parts?.map((p) => p.ok)).toEqual([true, false]);
    // one thread spinning beside its task (×1.25 in all)
    expect(checkBatch({ ...obs([120, 120, 120, 240]), speed: beside(0.025) }, calibrated)).toMatchObject({ ok: false });
  });
  test('beside other processes the CPU rule cannot tell waste from their switches: contested, never a fail', () => {
    const busy = 'machine busy: other processes took 1.4 of 2 cores';
    for (const cpuMs of [
      [160, 161, 159, 160], // the total ×1.33
      [90, 91, 90, 180], // one thread ×2 another's
    ]) {
      const c = checkBatch({ ...obs(cpuMs), speed: beside(0.025) }, { ...calibrated, busy });
      expect(c).toMatchObject({ ok: false, invalid: true, contested: true });
      expect(c.detail).toMatch(
        /^CPU without progress: .*, beside other processes \(machine busy: other processes took 1\.4 of 2 cores\): /,
      );
      // the claim's part it concerns is the one held back
      expect(c.parts?.map((p) => p.ok)).toEqual([true, false]);
    }
    // a wrong count still fails beside them
    const count = checkBatch({ ...obs([120, 120, 240, 0.1]), poolThreads: [1, 2, 3] }, { ...calibrated, busy });
    expect(count).toMatchObject({ ok: false });
    expect(count.invalid).toBeUndefined();
    // and a sound batch stays sound
    expect(checkBatch({ ...obs([120, 121, 119, 120]), speed: beside(0.025) }, { ...calibrated, busy })).toMatchObject({
      ok: true,
    });
  });
  test('the same CPU on a CPU the host slowed as much, read by the main thread (the reference slowed alike): void, never a fail', () => {
    const c = checkBatch({ ...obs([160, 161, 159, 160]), speed: beside(0.0333) }, calibrated);
    expect(c).toMatchObject({ ok: false, invalid: true });
    expect(c.detail).toMatch(
      /^every hash took 159 ms of CPU or more, ×1\.33 .*CPUs at unequal speeds, or slowed by the host/,
    );
    expect(c.detail).toMatch(/×1 the tasks' cost at the CPU's speed read beside the pool/);
    // the main thread's factor is the slowest CPU read, maybe one the pool never ran on: it does not explain
    expect(c.structureStands).toBeUndefined();
    // without the speed read, the slowing cannot be told from waste either
    const unread = checkBatch(obs([160, 161, 159, 160]), calibrated);
    expect(unread).toMatchObject({ ok: false, invalid: true });
    expect(unread.structureStands).toBeUndefined();
  });
  test('one vCPU slower than the one the main thread read on (pinned readings): the slowest CPU explains the CPU', () => {
    // the main thread read 0.025 on CPU 0 only; pinned, CPU 1 reads ×1.45 slower
    const speed = { byCpu: { 0: { ms: 0.025, n: 40 } }, pinned: { 0: 0.025, 1: 0.03625 }, poolCpus: { 0: 90, 1: 90 } };
    const c = checkBatch({ ...obs([120, 121, 174, 175]), speed }, calibrated);
    expect(c.detail).not.toMatch(/CPU without progress/);
    expect(c).toMatchObject({ ok: false, invalid: true }); // ×1.45 between threads: their timing says nothing
    // the same CPU with both vCPUs at one speed is waste
    expect(checkBatch({ ...obs([140, 141, 140, 139]), speed: beside(0.025) }, calibrated)).toMatchObject({ ok: false });
  });
  test('one thread ×2 the CPU per hash of the others while the CPUs read alike: a fail, whatever the total', () => {
    // a waiting task that spun a task's worth before its hash; the pool's total stays under ×1.12
    const c = checkBatch({ ...obs([90, 91, 90, 180]), speed: beside(0.025) }, calibrated);
    expect(c).toMatchObject({ ok: false });
    expect(c.invalid).toBeUndefined();
    expect(c.detail).toMatch(/^CPU without progress: one thread's CPU per hash ×2 another's \(90–180 ms\)/);
    // as much as a CPU the host slows unseen costs (×1.6): void, not a fail
    expect(checkBatch({ ...obs([100, 101, 100, 160]), speed: beside(0.025) }, calibrated)).toMatchObject({
      ok: false,
      invalid: true,
    });
    // ×2 with a CPU read ×1.5 slower before the batch: the CPU may explain it, void
    const slowOne = { ...beside(0.025), pinned: { 0: 0.025, 1: 0.0375 } };
    expect(checkBatch({ ...obs([90, 91, 90, 180]), speed: slowOne }, calibrated)).toMatchObject({ invalid: true });
  });
  test('CPUs read apart: one thread beyond their spread times what a host slows unseen is a fail, within it void', () => {
    // CPU 1 read ×1.42 slower before the batch: a thread on it pays ×1.42 per hash, ×2.49 with an unseen slowing
    const apart = { ...beside(0.025), pinned: { 0: 0.025, 1: 0.0355 } };
    const spinner = checkBatch({ ...obs([90, 91, 90, 273]), speed: apart }, calibrated);
    expect(spinner).toMatchObject({ ok: false });
    expect(spinner.invalid).toBeUndefined();
    expect(spinner.detail).toMatch(
      /^CPU without progress: one thread's CPU per hash ×3\.03 another's \(90–273 ms\), more than the CPUs' speeds read apart before and beside the pool \(×1\.42\) and a CPU the host slows unseen \(×1\.75\) together cost/,
    );
    expect(spinner.parts?.map((p) => p.ok)).toEqual([true, false]);
    expect(checkBatch({ ...obs([90, 91, 90, 216]), speed: apart }, calibrated)).toMatchObject({ invalid: true }); // ×2.4
  });
  test('CPU beyond the tasks at the speed read beside the pool, but not at the slowest speed a CPU read: contested, never a fail', () => {
    // CPU 1 read ×1.5 slower beside the pool for a quarter of the readings: the host may have switched its speed
    const switched = {
      byCpu: { 0: { ms: 0.025, n: 30 }, 1: { ms: 0.0375, n: 10 } },
      pinned: { 0: 0.025, 1: 0.025 },
      poolCpus: { 0: 90, 1: 90 },
    };
    const c = checkBatch({ ...obs([160, 161, 159, 160]), speed: switched }, calibrated); // ×1.19 at ×1.125 the speed
    expect(c).toMatchObject({ ok: false, invalid: true, contested: true });
    expect(c.detail).toMatch(
      /^CPU without progress, or a CPU slower than read beside the pool: .*×1\.19 what 4 hashes cost .*but ×0\.889 at the slowest speed a CPU read before the batch or beside it \(×1\.5\)/,
    );
    // the assertion it reads against is "run at once", and it carries the figures
    expect(c.parts?.map((p) => p.ok)).toEqual([true, false]);
    expect(c.parts?.[1].detail).toMatch(/^CPU without progress, or .*; runnable at once 4 .*×1\.19 the tasks' cost/);
    // the same from a CPU read ×1.5 slower pinned before the batch, every reading beside the pool fast
    const before = { ...beside(0.025), pinned: { 0: 0.025, 1: 0.0375 } };
    // the factor: ×1.2, CPU 1 over the mean pinned reading of the CPUs read beside the pool; the slowest read: ×1.5
    const slowBefore = checkBatch({ ...obs([170, 171, 169, 170]), speed: before }, calibrated); // ×1.18 at ×1.2, ×0.944 at ×1.5
    expect(slowBefore).toMatchObject({ invalid: true, contested: true });
    // beyond the tasks even at that speed: threads runnable without progress, a fail naming both figures
    const waste = checkBatch({ ...obs([220, 221, 219, 220]), speed: switched }, calibrated);
    expect(waste).toMatchObject({ ok: false });
    expect(waste.invalid).toBeUndefined();
    expect(waste.detail).toMatch(
      /^CPU without progress: .* ×1\.63 what 4 hashes cost .*, ×1\.222 even at the slowest speed a CPU read before the batch or beside it; allowed ×1\.12/,
    );
    expect(waste.parts?.map((p) => p.ok)).toEqual([true, false]);
    expect(waste.parts?.[1].detail).toMatch(/^CPU without progress: .*; runnable at once 4 /);
  });
  test('a trial against by the CPU rule alone, within ×1.2 at the slowest speed read, quiet, threads alike, is marginal', () => {
    const switched = {
      byCpu: { 0: { ms: 0.025, n: 30 }, 1: { ms: 0.0375, n: 10 } },
      pinned: { 0: 0.025, 1: 0.025 },
      poolCpus: { 0: 90, 1: 90 },
    };
    // contested (within ×1.12 at the slowest speed): marginal
    expect(checkBatch({ ...obs([160, 161, 159, 160]), speed: switched }, calibrated)).toMatchObject({
      contested: true,
      marginal: true,
    });
    // a fail at ×1.14 at one speed read (×1.14 at the slowest): marginal
    const near = checkBatch({ ...obs([137, 137, 137, 137]), speed: beside(0.025) }, calibrated);
    expect(near).toMatchObject({ ok: false, marginal: true });
    expect(near.invalid).toBeUndefined();
    // beyond ×1.2 at the slowest speed read: not marginal (×1.222; ×1.26)
    for (const [cpuMs, speed] of /** @type {const} */ ([
      [[220, 221, 219, 220], switched],
      [[151, 151, 151, 151], beside(0.025)],
    ])) {
      const past = checkBatch({ ...obs([...cpuMs]), speed }, calibrated);
      expect(past).toMatchObject({ ok: false });
      expect(past.marginal).toBeUndefined();
    }
    // beside other processes' load: contested, not marginal, whether the CPU rule failed or contested
    const busy = { ...calibrated, busy: 'machine busy: other processes took 1.4 of 2 cores' };
    for (const [cpuMs, speed] of /** @type {const} */ ([
      [[137, 137, 137, 137], beside(0.025)],
      [[160, 161, 159, 160], switched],
    ])) {
      const c = checkBatch({ ...obs([...cpuMs]), speed }, busy);
      expect(c).toMatchObject({ contested: true });
      expect(c.marginal).toBeUndefined();
    }
    // threads apart (one ×1.48 the others, the total ×1.17): a spinner's shape, not marginal
    const apart = checkBatch({ ...obs([125, 125, 125, 187]), speed: beside(0.025) }, calibrated);
    expect(apart).toMatchObject({ ok: false });
    expect(apart.marginal).toBeUndefined();
    // a spread between threads beyond what a host slows unseen is never marginal, whatever the total
    const spread = checkBatch({ ...obs([90, 91, 90, 180]), speed: beside(0.025) }, calibrated);
    expect(spread).toMatchObject({ ok: false });
    expect(spread.marginal).toBeUndefined();
  });
  test('a CPU read only once or twice beside the pool does not stand for the slowest speed', () => {
    // two readings on CPU 1, ×1.5 slower (the first after a move reads slow): the rule fails as at one speed
    const fewSlow = {
      byCpu: { 0: { ms: 0.025, n: 38 }, 1: { ms: 0.0375, n: 2 } },
      pinned: { 0: 0.025, 1: 0.025 },
      poolCpus: { 0: 90, 1: 90 },
    };
    const c = checkBatch({ ...obs([160, 161, 159, 160]), speed: fewSlow }, calibrated);
    expect(c).toMatchObject({ ok: false });
    expect(c.invalid).toBeUndefined();
    expect(c.detail).toMatch(/^CPU without progress: /);
  });
  test('the allowance is a bound: ×1.12 at the speed read passes, just beyond it at every speed read fails', () => {
    const at = checkBatch({ ...obs([134.4, 134.4, 134.4, 134.4]), speed: beside(0.025) }, calibrated); // ×1.12
    expect(at).toMatchObject({ ok: true });
    const beyond = checkBatch({ ...obs([135, 135, 135, 135]), speed: beside(0.025) }, calibrated); // ×1.125
    expect(beyond).toMatchObject({ ok: false });
    expect(beyond.invalid).toBeUndefined();
  });
  test("the batch's own reading of the reference in hash iterations converts the speed where it has one", async () => {
    const { batchReferenceMs } = await import('../harness/kits/pool.js');
    // 120 ms for 240 000 iterations: 0.5 µs each. The reference reads as 75
    // of them beside the pool (0.0375 ms); a profile weighed it as 87.4 (§25).
    const profileMs = (120 / 240_000) * 87.4;
    const honest = { ...obs([120, 121, 119, 120]), iterations: 240_000, speed: beside(0.0375) };
    const byProfile = checkBatch(honest, { ...calibrated, referenceMs: profileMs });
    expect(byProfile).toMatchObject({ ok: false });
    expect(byProfile.detail).toMatch(/×1\.17 what 4 hashes cost/);
    const own = { ...honest, speed: { ...honest.speed, inIterations: 75 } };
    expect(batchReferenceMs(own, 120)).toBeCloseTo(0.0375, 6);
    expect(checkBatch(own, { ...calibrated, referenceMs: profileMs })).toMatchObject({ ok: true });
    // without it (a record from before, no /proc) the profile's stands
    expect(batchReferenceMs(honest, 120)).toBeNull();
    expect(batchReferenceMs({ ...own, iterations: undefined }, 120)).toBeNull();
  });
  test('honest CPU within the allowance passes, and the figure is shown', () => {
    const c = checkBatch({ ...obs([124, 125, 126, 125]), speed: beside(0.026) }, calibrated);
    expect(c).toMatchObject({ ok: true });
    expect(c.parts?.[1].detail).toMatch(/, ×1 the tasks' cost at the CPU's speed read beside the pool$/);
  });
});

describe("cpuAtOneSpeed: each thread's CPU weighed by the speed of the CPUs it ran on", async () => {
  const { cpuAtOneSpeed } = await import('../harness/kits/cpu-speed.js');
  const { checkBatch, judgeTimingOnlyWithCores, batchPlan, countWhereSpeedsExplain } =
    await import('../harness/kits/pool.js');
  // CPU 1 read ×1.5 slower than CPU 0 through the batch
  const speed = {
    readers: true,
    byCpu: { 0: { ms: 0.02, n: 30 }, 1: { ms: 0.03, n: 30 } },
    pinned: { 0: 0.02, 1: 0.03 },
    poolCpus: { 0: 40, 1: 40 },
  };
  const t = Array.from({ length: 21 }, (_, i) => 5 * i);
  const ramp = (/** @type {number} */ total) => t.map((ms) => (total * ms) / 100);
  // threads 1 and 2 runnable on CPU 0 at every sample, 3 and 4 on CPU 1
  const cpuAt = { 1: '-' + '0'.repeat(20), 2: '-' + '0'.repeat(20), 3: '-' + '1'.repeat(20), 4: '-' + '1'.repeat(20) };
  test('a thread on the slow CPU pays ×1.5 per hash; at one speed the two read alike', () => {
    const timeline = {
      t,
      cpu: { 7: ramp(100), 8: ramp(150) },
      cpuAt: { 7: '-' + '0'.repeat(20), 8: '-' + '1'.repeat(20) },
    };
    expect(cpuAtOneSpeed(speed, timeline, [7, 8])).toEqual([100, 100]);
    // a thread that moved halfway: its CPU over the work it did at each speed (a harmonic mean)
    const moved = { t, cpu: { 7: ramp(125) }, cpuAt: { 7: '-' + '0'.repeat(10) + '1'.repeat(10) } };
    // 62.5 ms on each: work 62.5/0.02 + 62.5/0.03 = 5208; cost 125/5208 = 0.024 ms a unit; at 0.02: 104.2
    expect(cpuAtOneSpeed(speed, moved, [7])?.[0]).toBeCloseTo(104.17, 2);
  });
  test('no reading: no readers, no CPUs per sample, a CPU of a thread read too few times', () => {
    const timeline = { t, cpu: { 7: ramp(100) }, cpuAt: { 7: '-' + '0'.repeat(20) } };
    expect(cpuAtOneSpeed({ ...speed, readers: false }, timeline, [7])).toBeNull();
    expect(cpuAtOneSpeed(speed, { t, cpu: timeline.cpu }, [7])).toBeNull();
    expect(cpuAtOneSpeed({ ...speed, byCpu: { 0: { ms: 0.02, n: 2 } } }, timeline, [7])).toBeNull();
    // a thread never seen runnable keeps its CPU as read
    expect(cpuAtOneSpeed(speed, { ...timeline, cpuAt: { 7: '-'.repeat(21) } }, [7])).toEqual([100]);
    // an idle thread keeps its CPU (none)
    expect(
      cpuAtOneSpeed(
        speed,
        { t, cpu: { 7: ramp(100), 9: ramp(0) }, cpuAt: { 7: '-' + '0'.repeat(20), 9: '-'.repeat(21) } },
        [7, 9],
      ),
    ).toEqual([100, 0]);
  });
  test('checkBatch: a spinner beside threads on a slower CPU is a fail at one speed, where their spread alone allows it', () => {
    // threads 1 and 2 on CPU 0 (fast), 3 and 4 on CPU 1 (×1.5): honest hashes of 100 and 150 ms of CPU;
    // thread 1 also spins 70 ms before its hash: ×1.7 at one speed, within ×1.75 × 1.5 of the others raw
    const obs = (/** @type {number[]} */ cpuMs) => ({
      poolThreads: [1, 2, 3, 4],
      cpuMs,
      phases: [{ fromMs: 0, toMs: 100, concurrency: 4 }],
      speed,
      timeline: { t, cpu: Object.fromEntries(cpuMs.map((ms, i) => [i + 1, ramp(ms)])), cpuAt },
    });
    const calibrated = { k: 4, P: 4, T: 100, referenceMs: 0.02 };
    const spinner = checkBatch(obs([170, 100, 150, 150]), calibrated);
    expect(spinner).toMatchObject({ ok: false });
    expect(spinner.invalid).toBeUndefined();
    expect(spinner.detail).toMatch(
      /^CPU without progress: one thread's CPU per hash ×1\.7 another's \(100–170 ms\), ×1\.7 with each thread's CPU weighed by the speed read on the CPUs it ran on \(allowed ×1\.55\)/,
    );
    // honest: each at its CPU's speed; ×1.5 apart as read, alike at one speed: void for the timing only
    const honest = checkBatch(obs([100, 100, 150, 150]), calibrated);
    expect(honest).toMatchObject({ ok: false, invalid: true });
    expect(honest.structureStands?.why).toMatch(
      /^CPUs at unequal speeds: the threads' CPU per hash read ×1\.5 apart, ×1 with each thread's CPU weighed by the speed read on the CPUs it ran on/,
    );
    // where the timing is not judged (four threads on two cores), the structure counts and the timing is dropped
    const plan = { summary: '', structural: { need: 3, check: () => honest }, timing: {} };
    const ctx = /** @type {any} */ ({ cores: 2, usable: [0, 1], platform: 'linux' });
    const judged = judgeTimingOnlyWithCores(ctx, plan, { P: 4, k: 4, asserts: 'Finishing together', statistic: 'S' });
    const counted = judged.structural.check({ phases: [{ concurrency: 4 }] });
    expect(counted).toMatchObject({ ok: true, timingVoid: true, voidReason: honest.structureStands?.why });
    expect(counted.invalid).toBeUndefined();
    expect(counted.detail).toMatch(/^4 pool threads started, .* \(timing dropped: CPUs at unequal speeds: /);
    // a plan whose statistic holds at unequal speeds counts the trial whole: its timing value is kept
    const planCtx = /** @type {any} */ ({
      cores: 2,
      platform: 'linux',
      pbkdf2: { iterations: 1000, taskMs: 100, referenceMs: 0.02 },
    });
    const statistic = { name: 'S', description: 's', fn: (/** @type {number[]} */ t) => t[0] };
    const free = batchPlan(planCtx, {
      k: 4,
      P: 4,
      statistic: { ...statistic, speedFree: 'S read alike' },
      alternatives: [],
    });
    const whole = free.structural?.check(obs([100, 100, 150, 150]));
    expect(whole).toMatchObject({ ok: true });
    expect(whole?.invalid).toBeUndefined();
    expect(whole?.timingVoid).toBeUndefined();
    expect(whole?.detail).toMatch(/ \(CPUs at unequal speeds: .*; S holds at unequal speeds\)$/);
    // one that reads the hashes' own CPU keeps its values where the CPUs read apart, but takes no trial the readers explain
    const reads = batchPlan(planCtx, {
      k: 4,
      P: 4,
      statistic: { ...statistic, speedFree: 'S read alike', readsHashCpu: true },
      alternatives: [],
    });
    expect(reads.structural?.check(obs([100, 100, 150, 150]))).toMatchObject({ ok: false, invalid: true });
    const readsAlike = reads.structural?.check(obs([100, 100, 100, 100]));
    expect(readsAlike).toMatchObject({ ok: true });
    expect(readsAlike?.timingVoid).toBeUndefined();
    // one whose model assumes one speed leaves it void (judgeTimingOnlyWithCores counts it where its timing is not judged)
    const oneSpeed = batchPlan(planCtx, { k: 4, P: 4, statistic, alternatives: [] });
    expect(oneSpeed.structural?.check(obs([100, 100, 150, 150]))).toMatchObject({ ok: false, invalid: true });
    // beside other processes' load the structure counts and the timing is dropped for that load, even where it holds at unequal speeds
    const load = 'machine busy: other processes took 0.5 of 2 cores';
    const beside = free.structural?.check({ ...obs([100, 100, 150, 150]), othersMs: 50, wallMs: 100 });
    expect(beside).toMatchObject({ ok: true, timingVoid: true });
    expect(beside?.voidReason).toMatch(/^machine busy: /);
    expect(beside?.detail).toMatch(/ \(timing dropped: machine busy: .*; CPUs at unequal speeds: /);
    expect(countWhereSpeedsExplain({ ...honest, structureStands: { why: 'w', busy: load } })).toMatchObject({
      ok: true,
      voidReason: load,
    });
    // CPU per hash alike while the readers read the CPUs ×1.5 apart: one speed's model drops the timing, a speed-free one keeps it
    expect(oneSpeed.structural?.check(obs([100, 100, 100, 100]))).toMatchObject({ ok: true, timingVoid: true });
    const alike = free.structural?.check(obs([100, 100, 100, 100]));
    expect(alike).toMatchObject({ ok: true });
    expect(alike?.timingVoid).toBeUndefined();
    // ×1.5 at one speed stands, void and unexplained
    const atOne = checkBatch(obs([150, 100, 150, 150]), calibrated);
    expect(atOne.detail).not.toMatch(/CPU without progress: one thread/);
    expect(atOne).toMatchObject({ ok: false, invalid: true });
    expect(atOne.structureStands).toBeUndefined();
    // ×1.3 at one speed is neither a fail nor what the speeds read explain: void
    const unexplained = checkBatch(obs([130, 100, 150, 150]), calibrated);
    expect(unexplained).toMatchObject({ ok: false, invalid: true });
    expect(unexplained.structureStands).toBeUndefined();
    const notCounted = judgeTimingOnlyWithCores(
      ctx,
      { ...plan, structural: { need: 3, check: () => unexplained } },
      {
        P: 4,
        k: 4,
        asserts: 'Finishing together',
        statistic: 'S',
      },
    );
    expect(notCounted.structural.check({ phases: [{ concurrency: 4 }] })).toMatchObject({ ok: false, invalid: true });
    expect(unexplained.detail).toMatch(/^the threads' CPU is not 4 whole tasks at one speed \(×1\.5 between them/);
    // beside other processes' load a fail is contested
    const busy = checkBatch(obs([170, 100, 150, 150]), {
      ...calibrated,
      busy: 'machine busy: other processes took 1.4 of 2 cores',
    });
    expect(busy).toMatchObject({ ok: false, invalid: true, contested: true });
  });
  test('checkBatch: every hash dearer on CPUs the readers read as much slower stands; a thread that waited still fails', () => {
    const slow = {
      ...speed,
      byCpu: { 0: { ms: 0.026, n: 30 }, 1: { ms: 0.026, n: 30 } },
      pinned: { 0: 0.02, 1: 0.02 },
    };
    const batch = (/** @type {Record<string, number[]>} */ cpu) => ({
      poolThreads: [1, 2, 3, 4],
      cpuMs: Object.values(cpu).map((c) => c.at(-1)),
      phases: [{ fromMs: 0, toMs: 100, concurrency: 4 }],
      speed: slow,
      timeline: { t, cpu, cpuAt },
    });
    const calibrated = { k: 4, P: 4, T: 100, referenceMs: 0.02 };
    // ×1.3 a task alone per hash, the pool's CPUs read ×1.3 slower beside it
    const c = checkBatch(batch({ 1: ramp(130), 2: ramp(130), 3: ramp(130), 4: ramp(130) }), calibrated);
    expect(c).toMatchObject({ ok: false, invalid: true });
    expect(c.structureStands?.why).toMatch(
      /^CPUs slowed by the host: every hash took 130 ms of CPU or more, ×1\.3 a task alone's 100 ms, ×1 their cost at the speed read beside the pool/,
    );
    // thread 4 gains nothing while the others use more than a task's CPU, then does its hash: the wait fails, explained or not
    const waited = checkBatch(
      batch({ 1: ramp(130), 2: ramp(130), 3: ramp(130), 4: t.map((ms) => Math.max(0, ms - 50) * 2.6) }),
      calibrated,
    );
    expect(waited).toMatchObject({ ok: false });
    expect(waited.invalid).toBeUndefined();
    expect(waited.structureStands).toBeUndefined();
  });
});

describe('speedFactor: how fast the CPUs ran during a batch, against the calibration', async () => {
  const { speedFactor, speedsSpread, MIN_READINGS, SLOWEST_GROUP_READINGS } =
    await import('../harness/kits/cpu-speed.js');
  test('speedsSpread: the wider of the pinned and the during-batch readings, null with one CPU of each', () => {
    const byCpu = { 0: { ms: 0.025, n: 20 }, 1: { ms: 0.0275, n: 20 } };
    expect(speedsSpread({ byCpu, pinned: { 0: 0.025, 1: 0.0375 } })).toBeCloseTo(1.5, 9);
    expect(speedsSpread({ byCpu, pinned: { 0: 0.025, 1: 0.025 } })).toBeCloseTo(1.1, 9);
    expect(speedsSpread({ byCpu: { 0: { ms: 0.025, n: 20 } }, pinned: { 0: 0.025 } })).toBeNull();
  });
  test('the readings during the batch over the calibrated reference, weighted by their counts', () => {
    const f = speedFactor(
      { byCpu: { 0: { ms: 0.03, n: 30 }, 1: { ms: 0.02, n: 10 } }, pinned: { 0: 0.025, 1: 0.025 } },
      0.025,
    );
    expect(f?.during).toBeCloseTo(1.1, 9);
    expect(f?.factor).toBeCloseTo(1.1, 9);
  });
  test('scaled up where a pinned reading finds a CPU slower than those the main thread read on', () => {
    const f = speedFactor({ byCpu: { 0: { ms: 0.025, n: 20 } }, pinned: { 0: 0.025, 1: 0.035 } }, 0.025);
    expect(f?.slowest).toBeCloseTo(1.4, 9);
    expect(f?.factor).toBeCloseTo(1.4, 9);
    // never scaled down: a faster CPU elsewhere explains no more CPU than the one read
    expect(speedFactor({ byCpu: { 0: { ms: 0.025, n: 20 } }, pinned: { 0: 0.025, 1: 0.02 } }, 0.025)?.factor).toBe(1);
  });
  test('slowestRead: the slowest any CPU read, pinned before the batch or beside it, never below the factor', () => {
    // the CPUs read fast beside the pool, but one read ×1.6 slower pinned before it: the host switched its speed
    const switched = speedFactor(
      { byCpu: { 0: { ms: 0.025, n: 20 }, 1: { ms: 0.025, n: 20 } }, pinned: { 0: 0.025, 1: 0.04 } },
      0.025,
    );
    expect(switched?.factor).toBeCloseTo(0.04 / 0.0325, 9); // the slowest pinned over the mean pinned of those read
    expect(switched?.slowestRead).toBeCloseTo(1.6, 9);
    const oneSlowBeside = speedFactor(
      { byCpu: { 0: { ms: 0.025, n: 30 }, 1: { ms: 0.04, n: 10 } }, pinned: { 0: 0.025, 1: 0.025 } },
      0.025,
    );
    expect(oneSlowBeside?.factor).toBeCloseTo(1.15, 9); // the count-weighted mean of the CPUs read beside the pool
    expect(oneSlowBeside?.slowestRead).toBeCloseTo(1.6, 9);
    const steady = speedFactor({ byCpu: { 0: { ms: 0.025, n: 20 } }, pinned: { 0: 0.025, 1: 0.025 } }, 0.025);
    expect(steady?.slowestRead).toBe(1);
  });
  test('without pinned readings: the slowest CPU read, and only where every CPU of the pool was read', () => {
    const byCpu = { 0: { ms: 0.025, n: 20 }, 1: { ms: 0.03, n: 5 } };
    expect(speedFactor({ byCpu, pinned: null, poolCpus: { 0: 9, 1: 9 } }, 0.025)?.factor).toBeCloseTo(1.2, 9);
    expect(speedFactor({ byCpu: { 0: byCpu[0] }, pinned: null, poolCpus: { 0: 9, 1: 9 } }, 0.025)).toBeNull();
  });
  test('read by a reader pinned to each CPU: the CPUs weighted by how often the pool ran on each', () => {
    const byCpu = { 0: { ms: 0.025, n: 20 }, 1: { ms: 0.04, n: 20 } };
    const f = speedFactor({ readers: true, byCpu, poolCpus: { 0: 30, 1: 10 }, pinned: { 0: 0.025, 1: 0.025 } }, 0.025);
    // the threads' time there over the work it did: 40 / (30 / 1 + 10 / 1.6) = 1.103, where the hashes ran
    expect(f?.factor).toBeCloseTo(40 / (30 / 1 + 10 / 1.6), 9);
    expect(f?.during).toBeCloseTo(f?.factor ?? NaN, 9);
    expect(f?.slowest).toBeCloseTo(1.6 / (40 / (30 + 10 / 1.6)), 9);
    expect(f?.slowestRead).toBeCloseTo(1.6, 9);
    // the pool on the fast CPU alone: the slow one's readings do not raise the factor
    const fastOnly = speedFactor({ readers: true, byCpu, poolCpus: { 0: 30 }, pinned: null }, 0.025);
    expect(fastOnly?.factor).toBe(1);
    // a pinned reading before the batch of a CPU the pool ran on still bounds slowestRead from below (the
    // host may switch back); one of a CPU it did not run on says nothing of the hashes
    const switched = speedFactor({ readers: true, byCpu, poolCpus: { 0: 30 }, pinned: { 0: 0.05, 1: 0.1 } }, 0.025);
    expect(switched?.slowestRead).toBeCloseTo(2, 9);
    // how far apart the CPUs read: only those the pool ran on, where readers read every CPU
    const idleSlow = { byCpu: { ...byCpu, 2: { ms: 0.06, n: 20 } }, pinned: { 0: 0.025, 1: 0.04, 2: 0.06 } };
    expect(speedsSpread({ ...idleSlow, readers: true, poolCpus: { 0: 30, 1: 10 } })).toBeCloseTo(1.6, 9);
    expect(speedsSpread({ ...idleSlow, readers: true, poolCpus: { 0: 30 } })).toBeNull();
    expect(speedsSpread({ ...idleSlow, poolCpus: { 0: 30, 1: 10 } })).toBeCloseTo(2.4, 9); // the main thread's: every CPU
    // a CPU the pool ran on with fewer than SLOWEST_GROUP_READINGS readings: no factor
    const unread = { readers: true, byCpu: { ...byCpu, 1: { ms: 0.04, n: SLOWEST_GROUP_READINGS - 1 } } };
    expect(speedFactor({ ...unread, poolCpus: { 0: 30, 1: 1 } }, 0.025)).toBeNull();
    expect(speedFactor({ ...unread, poolCpus: { 0: 30 } }, 0.025)?.factor).toBe(1);
  });
  test('no factor without a calibration or with too few readings', () => {
    const speed = { byCpu: { 0: { ms: 0.025, n: MIN_READINGS } }, pinned: { 0: 0.025 } };
    expect(speedFactor(speed, 0.025)?.factor).toBe(1);
    expect(speedFactor(speed, null)).toBeNull();
    expect(speedFactor(null, 0.025)).toBeNull();
    expect(speedFactor({ ...speed, byCpu: { 0: { ms: 0.025, n: MIN_READINGS - 1 } } }, 0.025)).toBeNull();
  });
});

describe("pool.two-as-fast-as-one's R: the pair's time over the dearer hash's own CPU time", async () => {
  const { dearestHashMs } = await import('../harness/kits/pool.js');
  const { default: spec } = await import('../specs/threadpool/pool.two-as-fast-as-one.spec.js');
  const ctx = /** @type {any} */ ({
    cores: 2,
    platform: 'linux',
    pbkdf2: { iterations: 1000, taskMs: 100, referenceMs: 0.02 },
  });
  const plan = /** @type {any} */ (spec.plan(ctx));
  const batch = (/** @type {number[]} */ ms, /** @type {number[] | undefined} */ cpuMs) => ({
    completions: ms.map((x) => ({ ms: x })),
    T: 100,
    ...(cpuMs ? { cpuMs } : {}),
  });
  test('dearestHashMs: the dearest hash of the most even split, null where the CPU was not read', () => {
    expect(dearestHashMs({ cpuMs: [100, 150, 0.01, 0] }, 2)).toBe(150);
    expect(dearestHashMs({ cpuMs: [200, 0.01] }, 2)).toBe(100); // one thread did both
    expect(dearestHashMs({}, 2)).toBeNull();
    expect(dearestHashMs({ cpuMs: [100, NaN] }, 2)).toBeNull();
  });
  test('two on CPUs ×1.5 apart read as fast as one, each at its own speed; off Linux T stands in', () => {
    // the second hash ran on the slower CPU: 150 ms of CPU, done at 150 ms
    expect(plan.timing.value(batch([100, 150], [100, 150]))).toBe(1);
    // the same against a task timed alone on the faster CPU: the CPUs' speed ratio
    expect(plan.timing.value(batch([100, 150]))).toBe(1.5);
    // a serial pool: one thread, two hashes of 100 ms, done at 200 ms
    expect(plan.timing.value(batch([100, 200], [200, 0.01]))).toBe(2);
    // two threads taking turns: 100 ms of CPU each, done at 200 ms
    expect(plan.timing.value(batch([100, 200], [100, 100]))).toBe(2);
    // the model's values are unchanged: 1 for two at once, 2 serialized
    expect(plan.model.claim).toBe(1);
    expect(Object.values(plan.model.alternatives)).toEqual([2]);
  });
  test("a thread that spins a hash's worth before its own reads as alone: the CPU rule fails it", async () => {
    const { checkBatch, checkWorkElsewhere } = await import('../harness/kits/pool.js');
    expect(plan.timing.value(batch([100, 200], [100, 200]))).toBe(1);
    const speed = {
      byCpu: { 0: { ms: 0.02, n: 20 }, 1: { ms: 0.02, n: 20 } },
      pinned: { 0: 0.02, 1: 0.02 },
      poolCpus: { 0: 40, 1: 40 },
    };
    const obs = {
      poolThreads: [1, 2, 3, 4],
      cpuMs: [100, 200, 0.01, 0.01],
      phases: [{ fromMs: 0, toMs: 200, concurrency: 2 }],
      speed,
    };
    const c = checkBatch(obs, { k: 2, P: 4, T: 100, referenceMs: 0.02 });
    expect(c).toMatchObject({ ok: false });
    expect(c.invalid).toBeUndefined();
    expect(c.detail).toMatch(/^CPU without progress: /);
  });
});

describe("batchTask: a batch's hashes are the full run's 120 ms ones under --quick too", async () => {
  const { batchTask, batchPlan } = await import('../harness/kits/pool.js');
  const pbkdf2 = { iterations: 170_000, taskMs: 60, referenceMs: 0.025 };
  test('the full run batches its calibrated task', () => {
    expect(batchTask(/** @type {any} */ ({ quick: false, pbkdf2: { iterations: 340_000, taskMs: 119 } }))).toEqual({
      iterations: 340_000,
      taskMs: 119,
    });
  });
  test('--quick batches twice its 60 ms task, and the plan models and runs that', async () => {
    const ctx = /** @type {any} */ ({ quick: true, cores: 2, platform: 'linux', pbkdf2 });
    expect(batchTask(ctx)).toEqual({ iterations: 340_000, taskMs: 120 });
    const plan = batchPlan(ctx, {
      k: 2,
      P: 4,
      statistic: { name: 'R', description: 't2 / T', fn: (t, T) => t[1] / T },
      alternatives: [],
    });
    expect(plan.model.T).toBe(120);
    /** @type {any} */
    let ran;
    await plan.trial(/** @type {any} */ ({ ...ctx, run: (fixture, o) => (ran = { fixture, ...o }) }));
    expect(ran.options.iterations).toBe(340_000);
  });
  test("loop.cpu-blocks' heavy work is the same task: 120 ms under --quick, the full run's calibrated one without", async () => {
    const spec = (await import('../specs/workers/loop.cpu-blocks.spec.js')).default;
    const at = (/** @type {boolean} */ quick) =>
      spec.plan(/** @type {any} */ ({ quick, cores: 2, platform: 'linux', pbkdf2 })).model.heavyMs;
    expect(at(true)).toBe(120);
    expect(at(false)).toBe(60);
  });
  test('a --quick profile calibrated at 120 ms already is not doubled', () => {
    expect(batchTask(/** @type {any} */ ({ quick: true, pbkdf2: { iterations: 340_000, taskMs: 121 } })).taskMs).toBe(
      121,
    );
  });
});

describe('the first phase is read until its first task ended on its thread (fixtures/lib/phases.cjs)', async () => {
  const { concurrencyPhases, firstTaskEndMs } = require('../fixtures/lib/phases.cjs');
  // Samples every 10 ms; threads 1 and 2 work to 100 ms, thread 3 to 40 ms, thread 4 idles.
  const t = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110];
  const ramp = (/** @type {number} */ endMs) => t.map((ms) => Math.min(ms, endMs) / 2);
  const timeline = { t, cpu: { 1: ramp(100), 2: ramp(100), 3: ramp(40), 4: t.map(() => 0.01) } };
  const counts = t.slice(1).map((ms) => ({ ms, n: ms < 40 ? 3 : ms < 100 ? 2 : 0 }));
  const ns = () => new Map();
  test("a thread's end is the first sample from which its CPU stays flat; an idle thread has none", () => {
    expect(firstTaskEndMs(timeline)).toBe(40);
    expect(firstTaskEndMs({ t, cpu: { 1: ramp(200) } })).toBe(110); // never flat before the last sample
  });
  test('a held first callback: the first phase reads the three that ran together, not the tail', () => {
    const held = [
      { ms: 0, ns: ns() },
      { ms: 105, ns: ns() },
      { ms: 105, ns: ns() },
      { ms: 105, ns: ns() },
    ];
    const [first] = concurrencyPhases(held, new Set(), counts, firstTaskEndMs(timeline));
    expect(first).toMatchObject({ fromMs: 0, toMs: 105, concurrency: 3, samples: 3, readToMs: 40 });
    // read to the callback, it would have taken the tail for fewer at once
    expect(concurrencyPhases(held, new Set(), counts, null)[0].concurrency).toBeCloseTo(2.1, 5);
  });
  test('a callback on time leaves the first phase as it was', () => {
    const onTime = [
      { ms: 0, ns: ns() },
      { ms: 41, ns: ns() },
      { ms: 100, ns: ns() },
    ];
    const phases = concurrencyPhases(onTime, new Set(), counts, 40);
    expect(phases[0]).toMatchObject({ toMs: 41, concurrency: 3, readToMs: 40 });
    expect(phases[1]).toMatchObject({ fromMs: 41, toMs: 100, concurrency: 2 });
    expect(phases[1].readToMs).toBeUndefined();
  });
  test('the check says where it stopped reading when that was well before the callback', () => {
    const phases = [{ fromMs: 0, toMs: 105, concurrency: 3, readToMs: 40 }];
    expect(checkConcurrency(phases, { k: 3, P: 4, T: 100 })?.detail).toBe(
      'runnable at once 3 (model 3) until the first thread ended its work, 65 ms before its callback',
    );
    expect(checkConcurrency([{ ...phases[0], toMs: 41 }], { k: 3, P: 4, T: 100 })?.detail).toBe(
      'runnable at once 3 (model 3)',
    );
  });
});

describe('checkWaiting: the tasks past the pool wait for the first ones to end, read from CPU', async () => {
  const { checkWaiting, FIRST_END_SHARE_WAY } = await import('../harness/kits/concurrency.js');
  // k = 4 on P = 2 (C = 2): each thread does two 120 ms hashes back to back, its CPU rising with the clock to 240 ms.
  const t = Array.from({ length: 50 }, (_, i) => i * 5);
  const obs = (/** @type {number[]} */ calls, ts = t) => ({
    completions: calls.map((ms, task) => ({ task, ms })),
    timeline: { t: ts, cpu: { 1: ts.map((ms) => Math.min(ms, 240)), 2: ts.map((ms) => Math.min(ms, 240)) } },
  });
  test("two, then two: the first pair ends at half the pool's CPU", () => {
    const c = checkWaiting(obs([121, 121, 241, 241]), { k: 4, P: 2 });
    expect(c?.ok).toBe(true);
    expect(c?.detail).toMatch(
      /^46% of the pool's CPU spent 110 ms in, before the first completion at 121 ms \(model ≤ 50%: the first 2 of 4 tasks; .*allowed 75%\)$/,
    );
  });
  test('all four sliced round robin on the same two threads: every task nearly done at the first end, a fail', () => {
    const c = checkWaiting(obs([236, 237, 241, 241]), { k: 4, P: 2 });
    expect(c?.ok).toBe(false);
    expect(c?.detail).toMatch(/^94% of the pool's CPU .*: tasks that wait for a thread ran before the first ended$/);
  });
  test('a first callback the main thread ran late is read before the wait: the reading only falls', () => {
    // the pair ended at 120 ms; the main thread took no sample from 115 to 175 ms and ran the callback at 180
    const stalled = t.filter((ms) => ms <= 110 || ms >= 180);
    expect(checkWaiting(obs([180, 180, 241, 241], stalled), { k: 4, P: 2 })).toMatchObject({ ok: true });
  });
  test('the bound sits half-way from the model (P/k) to tasks sharing the CPU from the start (1)', () => {
    expect(FIRST_END_SHARE_WAY).toBe(0.5);
    // P = 4, k = 5: 80% and 100%, bound 90%
    expect(checkWaiting(obs([236, 241, 241, 241, 241]), { k: 5, P: 4 })?.detail).toMatch(/model ≤ 80%.*allowed 90%/);
  });
  test('nothing to read where every task runs at once (k ≤ P), or without a timeline', () => {
    expect(checkWaiting(obs([241, 241]), { k: 2, P: 2 })).toBeNull();
    expect(checkWaiting({ completions: [{ task: 0, ms: 121 }] }, { k: 4, P: 2 })).toBeNull();
    expect(checkWaiting(obs([5, 241, 241, 241]), { k: 4, P: 2 })).toBeNull(); // no sample 10 ms before the first
    // a CPU reading that failed at that sample (NaN) reads nothing, never a fail
    const unread = obs([121, 121, 241, 241]);
    unread.timeline.cpu[1][22] = NaN;
    expect(checkWaiting(unread, { k: 4, P: 2 })).toBeNull();
  });
});

describe('checkDelivery: where tasks wait for a thread, completions come as the threads end their work', async () => {
  const { checkDelivery } = await import('../harness/kits/concurrency.js');
  const { checkBatch, checkWorkElsewhere } = await import('../harness/kits/pool.js');
  // k = 5 on P = 4: thread 1 does two tasks (to 360 ms), threads 2-4 one each (to 240 ms); samples every 5 ms.
  const t = Array.from({ length: 76 }, (_, i) => i * 5);
  const ramp = (/** @type {number[]} */ ts, /** @type {number} */ endMs) => ts.map((ms) => Math.min(ms, endMs) / 2);
  // The main thread's series (CPU time, time waiting for a CPU), each flat (a
  // sample costs next to nothing) or rising at `rate` of the clock over [fromMs, toMs).
  const rising = (/** @type {number[]} */ ts, fromMs = Infinity, toMs = Infinity, rate = 1) =>
    ts.map((ms) => rate * Math.max(0, Math.min(ms, toMs) - fromMs));
  /** @param {number[]} calls @param {number[]} [ts] @param {{ main?: number[], queued?: number[] }} [m] */
  const obs = (calls, ts = t, { main = rising(ts), queued = rising(ts) } = {}) => ({
    completions: calls.map((ms, task) => ({ task, ms })),
    timeline: {
      t: ts,
      cpu: { 1: ramp(ts, 360), 2: ramp(ts, 240), 3: ramp(ts, 240), 4: ramp(ts, 240) },
      main,
      mainQueued: queued,
    },
  });
  const onTime = [241, 241, 242, 242, 361];
  const held = [361, 361, 361, 361, 361];
  // No sample from 240 to 355 ms: the main thread's wait that covers the held completions.
  const stalled = t.filter((ms) => ms <= 240 || ms >= 355);
  const through = (rate = 1) => rising(stalled, 240, 355, rate);
  test('a claim whose tasks all run at once (k ≤ P) asserts nothing here', () => {
    expect(checkDelivery(obs(held), { k: 4, P: 4 })).toBeNull();
  });
  test('completions within two samples of the ends they answer hold', () => {
    expect(checkDelivery(obs(onTime), { k: 5, P: 4 })).toEqual({
      ok: true,
      detail: 'completions kept pace with the threads ending their work (3 read, each within 10 ms)',
    });
  });
  test('held to the last task while the main thread answered: a fail', () => {
    expect(checkDelivery(obs(held), { k: 5, P: 4 })).toEqual({
      ok: false,
      detail:
        'completion 1 came 121 ms after the 1st thread ended its work while the main thread answered within 5 ms: completions held back',
    });
  });
  test('as late, with the main thread waiting for a CPU through its own wait: void', () => {
    expect(checkDelivery(obs(held, stalled, { queued: through() }), { k: 5, P: 4 })).toEqual({
      ok: false,
      invalid: true,
      detail:
        'completion 1 came 121 ms after the 1st thread ended its work, the main thread itself 115 ms late (waiting for a CPU 115 ms of it)',
    });
  });
  test('as late, with the main thread asleep (woken late, or in a blocking call): void', () => {
    expect(checkDelivery(obs(held, stalled), { k: 5, P: 4 })).toMatchObject({ ok: false, invalid: true });
  });
  test('as late, with the main thread running something else through the wait: held by the program, a fail', () => {
    expect(checkDelivery(obs(held, stalled, { main: through() }), { k: 5, P: 4 })).toEqual({
      ok: false,
      detail:
        'completion 1 came 121 ms after the 1st thread ended its work; the main thread took no sample for 115 ms, ran 115 ms of them on its CPU and waited for one 0: completions held back by the main thread',
    });
  });
  test('running a third of the wait and waiting for a CPU the rest (one CPU, two of its threads beside it): still held', () => {
    const o = obs(held, stalled, { main: through(1 / 3), queued: through(2 / 3) });
    expect(checkDelivery(o, { k: 5, P: 4 })?.detail).toMatch(
      /ran 38.3 ms of them on its CPU and waited for one 76.7: completions held back by the main thread$/,
    );
  });
  test('a few ms of its own in a wait it spent waiting for a CPU, or running a third of it and asleep the rest: void', () => {
    const main = rising(stalled, 240, 249);
    const queued = rising(stalled, 249, 355);
    expect(checkDelivery(obs(held, stalled, { main, queued }), { k: 5, P: 4 })).toMatchObject({ invalid: true });
    expect(checkDelivery(obs(held, stalled, { main: through(1 / 3) }), { k: 5, P: 4 })).toMatchObject({
      invalid: true,
    });
  });
  // The harness's looks at the main thread from outside, every 5 ms over the stalled wait (240 to 355 ms).
  const looks = (/** @type {(ms: number) => string} */ at) => {
    const lt = Array.from({ length: 22 }, (_, i) => 242.5 + 5 * i);
    return { t: lt, wait: lt.map(at) };
  };
  test('asleep through the wait in a call of its own, not its poll (the looks from outside): held by the program, a fail', () => {
    const o = {
      ...obs(held, stalled, { main: through(0.05) }),
      mainLooks: looks((ms) => (ms % 40 < 5 ? 'running' : 'futex')),
    };
    expect(checkDelivery(o, { k: 5, P: 4 })).toEqual({
      ok: false,
      detail:
        "completion 1 came 121 ms after the 1st thread ended its work; the main thread took no sample for 115 ms, ran 5.8 ms of them on its CPU and waited for one 0, and slept about 95 ms in futex, not in its own event loop's poll (19 of 22 looks from outside): completions held back by the main thread",
    });
  });
  test('asleep in its poll (woken late), or in a call of its own for two looks (a lock a preempted thread held): void', () => {
    const late = { ...obs(held, stalled, { queued: through(0.3) }), mainLooks: looks(() => 'epoll:13') };
    expect(checkDelivery(late, { k: 5, P: 4 })).toMatchObject({ invalid: true });
    const lock = {
      ...obs(held, stalled, { main: through(0.03), queued: through(0.9) }),
      mainLooks: looks((ms) => (ms > 300 && ms < 310 ? 'futex' : 'running')),
    };
    expect(checkDelivery(lock, { k: 5, P: 4 })).toMatchObject({ invalid: true });
  });
  test("a poll on an epoll instance the process did not have before the batch is not its loop's (spawnSync's loop)", () => {
    const at = (/** @type {string} */ w) => ({
      ...obs(held, stalled, { main: through(0.05) }),
      mainLooks: looks((ms) => (ms % 40 < 5 ? 'running' : w)),
      pollFds: [3, 9, 13],
    });
    expect(checkDelivery(at('epoll:17'), { k: 5, P: 4 })?.detail).toMatch(
      /slept about 95 ms in another event loop's poll \(epoll fd 17\), not in its own event loop's poll .*: completions held back by the main thread$/,
    );
    expect(checkDelivery(at('epoll:13'), { k: 5, P: 4 })).toMatchObject({ invalid: true });
  });
  test("without the main thread's own series, the looks alone can tell a hold; asleep outside any call is named so", () => {
    const { main: _, mainQueued: __, ...noMain } = obs(held, stalled).timeline;
    const o = { ...obs(held, stalled), timeline: noMain, mainLooks: looks(() => 'no-syscall') };
    expect(checkDelivery(o, { k: 5, P: 4 })?.detail).toMatch(
      /ran \? ms of them on its CPU and waited for one \?, and slept about 110 ms outside any system call, .*held back by the main thread$/,
    );
  });
  test('fewer than two looks inside the wait say nothing of it', () => {
    const o = { ...obs(held, stalled), mainLooks: { t: [300], wait: ['futex'] } };
    expect(checkDelivery(o, { k: 5, P: 4 })).toMatchObject({ invalid: true });
  });
  test('ends read after a long wait are put at the earliest their CPU allows', () => {
    // No sample from 200 ms to 365 ms: threads 2-4 read flat only at 365, within
    // two samples of the last completion, yet at 200 each had 20 ms of CPU
    // left (at half a CPU each), so each ended at 220 ms at the earliest.
    const blind = t.filter((ms) => ms <= 200 || ms >= 365);
    const late = [366, 366, 366, 366, 366];
    expect(checkDelivery(obs(late, blind, { main: rising(blind, 200, 365) }), { k: 5, P: 4 })?.detail).toBe(
      'completion 1 came 146 ms after the 1st thread ended its work at the earliest; the main thread took no sample for 165 ms, ran 165 ms of them on its CPU and waited for one 0: completions held back by the main thread',
    );
    const kept = rising(blind, 200, 365);
    expect(checkDelivery(obs(late, blind, { queued: kept }), { k: 5, P: 4 })).toEqual({
      ok: false,
      invalid: true,
      detail:
        "completion 1 came 146 ms after the 1st thread ended its work at the earliest, its end read only after the main thread's 165 ms wait (waiting for a CPU 165 ms of it)",
    });
  });
  test('an end read after a short wait, on time as sampled, stays on time', () => {
    // A 20 ms wait (225 to 245) while waiting for a CPU: the three ends read at
    // 245 would be put at 230 at the earliest, but nothing says the main thread held them.
    const short = t.filter((ms) => ms <= 225 || ms >= 245);
    const calls = [245.5, 245.5, 245.5, 245.5, 361];
    expect(checkDelivery(obs(calls, short, { queued: rising(short, 225, 245) }), { k: 5, P: 4 })).toMatchObject({
      ok: true,
    });
  });
  test("a timeline without the main thread's series: as late is void", () => {
    const { main: _, mainQueued: __, ...noMain } = obs(held, stalled).timeline;
    expect(checkDelivery({ ...obs(held, stalled), timeline: noMain }, { k: 5, P: 4 })?.detail).toBe(
      'completion 1 came 121 ms after the 1st thread ended its work, the main thread itself 115 ms late',
    );
  });
  test('nothing to read where every thread works to the last round (k ≥ 2P): no assertion', () => {
    const pairs = {
      completions: [120, 121, 240, 241].map((ms, task) => ({ task, ms })),
      timeline: { t, cpu: { 1: ramp(t, 240), 2: ramp(t, 240) } },
    };
    expect(checkDelivery(pairs, { k: 4, P: 2 })).toBeNull();
  });
  test('checkBatch shows it as its own assertion, and a late main thread voids the trial', () => {
    const batch = (/** @type {number[]} */ calls, ts = t) => ({
      ...obs(calls, ts),
      cpuMs: [240, 120, 120, 120],
      poolThreads: [1, 2, 3, 4],
      phases: [{ fromMs: 0, toMs: calls[0], concurrency: 4, gapMs: 5 }],
    });
    const c = checkBatch(batch(held), { k: 5, P: 4, T: 120 });
    expect(c.ok).toBe(false);
    expect(c.invalid).toBeUndefined();
    expect(c.parts?.map((p) => [p.name, p.ok])).toEqual([
      ['4 pool threads, 4 of them doing the 5 tasks', true],
      ['4 run at once, then min(4, tasks left)', true],
      ['the 1 past 4 wait for the first to end', false], // its CPU ran on before the first (held) completion came
      ['completions as their tasks end', false],
    ]);
    const kept = { ...batch(held, stalled), timeline: obs(held, stalled, { queued: through() }).timeline };
    expect(checkBatch(kept, { k: 5, P: 4, T: 120 })).toMatchObject({ ok: false, invalid: true });
    expect(checkBatch(batch(onTime), { k: 5, P: 4, T: 120 }).ok).toBe(true);
  });
});
