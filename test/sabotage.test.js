// The sabotage switch (NCS_SABOTAGE, a test-only fixture behaviour for
// bench/sabotage.js): inert when unset, effective when set; and the
// detection table. The probes are exact (FIFO parking): deterministic.
import { test, describe, before, after } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { runFixture, startFixture } from '../harness/isolate.js';
import { SABOTAGES, outcome, rows, markdown } from '../bench/lib/sabotage-plan.js';
import { main as sabotageMain } from '../bench/sabotage.js';
import { loadSpecs, selectSpecs } from '../harness/registry.js';

let tmpdir = '';
before(() => (tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-sabotage-'))));
after(() => rmSync(tmpdir, { recursive: true, force: true }));

/** @param {string | undefined} sabotage @param {object} [options] */
const probe = async (sabotage, options = {}) =>
  (
    await runFixture({
      node: process.execPath,
      fixture: 'pool-probe.cjs',
      options: { tmpdir, fifos: 16, ...options },
      env: { NCS_SABOTAGE: sabotage },
      timeoutMs: 20_000,
    })
  ).data;

describe('the switch in the fixtures', () => {
  test('unset, the pool is what the harness configured', async () => {
    expect((await probe(undefined)).parked).toBe(4);
    expect((await probe('')).parked).toBe(4);
  });

  test('pool-size=N and pool-serial resize the pool behind the harness, even over a size set in code', async () => {
    expect((await probe('pool-size=3')).parked).toBe(3);
    expect((await probe('pool-serial')).parked).toBe(1);
    expect((await probe('pool-size=5', { setEnv: '2' })).parked).toBe(5);
    expect((await probe('cluster-one-worker')).parked).toBe(4);
  });

  test('every-other: the rest holds in every other process of a fixture that one parent starts', async () => {
    // the parent is this test process; its count file may exist from an earlier process of the same pid
    const count = path.join(os.tmpdir(), `ncs-sabotage-every-other-${process.pid}-pool-probe.cjs`);
    rmSync(count, { force: true });
    try {
      const parked = [];
      for (let i = 0; i < 4; i++) parked.push((await probe('pool-size=3,every-other')).parked);
      expect(parked).toEqual([4, 3, 4, 3]);
    } finally {
      rmSync(count, { force: true });
    }
  });

  test('cluster-one-worker: the cluster forks one worker whatever it was asked', async () => {
    const server = startFixture({
      node: process.execPath,
      fixture: 'cluster-server.cjs',
      options: { workers: 2, iterations: 0, refork: false },
      env: { NCS_SABOTAGE: 'cluster-one-worker' },
      timeoutMs: 20_000,
    });
    const info = await server.ready;
    const { data } = await server.stop();
    expect(info.workerPids).toHaveLength(1);
    expect(data.forks).toBe(1);
  });
});

describe('the detection table', () => {
  test('outcome: a must-break claim that does not fail is a miss, an inconclusive included', () => {
    expect(outcome(true, 'fail')).toBe('caught');
    expect(outcome(true, 'inconclusive')).toBe('missed');
    expect(outcome(true, 'pass')).toBe('missed');
    expect(outcome(false, 'pass')).toBe('held');
    expect(outcome(false, 'fail')).toBe('collateral');
    expect(outcome(true, 'skip')).toBe('n/a');
    expect(outcome(false, 'error')).toBe('error');
  });

  test('what each sabotage must break', () => {
    const by = Object.fromEntries(SABOTAGES.map((s) => [s.name, s]));
    expect(by['pool-size=5'].breaks('pool.fifth-lags')).toBe(true);
    // pool-nice=2 starves threads only where more run at once than the two at nice 0, on at most 2 CPUs
    expect(by['pool-nice=2'].breaks('pool.pbkdf2-four-together', 2)).toBe(true);
    expect(by['pool-nice=2'].breaks('pool.size-five-all-together', 1)).toBe(true);
    expect(by['pool-nice=2'].breaks('pool.size-five-all-together', 3)).toBe(false);
    expect(by['pool-nice=2'].breaks('pool.pbkdf2-four-together', 4)).toBe(false);
    expect(by['pool-nice=2'].breaks('pool.size-two-pairs', 1)).toBe(false);
    expect(by['pool-size=5'].breaks('pool.size-five-all-together')).toBe(false);
    expect(by['pool-size=3'].breaks('pool.size-five-all-together')).toBe(true);
    expect(by['pool-serial'].breaks('pool.size-one-serializes')).toBe(false);
    expect(by['pool-serial'].breaks('main-thread.single')).toBe(false);
    expect(by['heavy-on-main'].breaks('loop.cpu-blocks')).toBe(false);
    expect(by['heavy-on-main'].breaks('workers.split-speeds-up')).toBe(true);
    // threads that spin while they take turns: no speed-up, and no C threads at work at once
    expect(by['split-spin'].breaks('workers.split-speeds-up', 2)).toBe(true);
    expect(by['split-spin'].breaks('workers.optimal-cores-minus-one', 4)).toBe(true);
    expect(by['split-spin'].breaks('workers.oversubscription', 2)).toBe(true);
    expect(by['split-spin'].breaks('workers.split-speeds-up', 1)).toBe(false);
    expect(by['split-lean'].breaks('workers.oversubscription', 2)).toBe(true);
    expect(by['split-nap'].breaks('workers.split-speeds-up', 2)).toBe(true);
    expect(by['split-pinned'].breaks('workers.oversubscription', 2)).toBe(true);
    expect(by['split-pinned'].breaks('workers.oversubscription', 1)).toBe(false);
    expect(by['split-relay'].breaks('workers.split-speeds-up', 2)).toBe(true);
    // runs of two or more seen done late: every split claim's structure that runs, on any cores
    for (const name of ['split-held', 'split-lone-unread']) {
      expect(by[name].breaks('workers.split-speeds-up', 2)).toBe(true);
      expect(by[name].breaks('workers.split-speeds-up', 1)).toBe(true);
      expect(by[name].breaks('workers.optimal-cores-minus-one', 1)).toBe(false); // skips: C − 1 = 0
      expect(by[name].breaks('workers.optimal-cores-minus-one', 2)).toBe(true);
      expect(by[name].breaks('workers.optimal-cores-minus-one', 4)).toBe(true);
      expect(by[name].breaks('workers.oversubscription', 2)).toBe(true);
    }
    // the lone run's work handed to the pool fails every claim that has a lone run
    expect(by['split-lone-offload'].breaks('workers.split-speeds-up', 1)).toBe(true);
    expect(by['split-lone-offload'].breaks('workers.oversubscription', 1)).toBe(true);
    expect(by['split-lone-offload'].breaks('workers.oversubscription', 2)).toBe(false);
    expect(by['split-lone-offload'].breaks('workers.optimal-cores-minus-one', 4)).toBe(false);
  });

  test('rows and Markdown from a record, with the baseline when given', () => {
    const s = SABOTAGES[0];
    const rec = (/** @type {string[]} */ verdicts) => ({
      results: ['pool.fifth-lags', 'pool.size-five-all-together', 'pool.default-size', 'pool.thread-per-core'].map(
        (id, i) => ({ id, verdict: verdicts[i], trials: 2, durationMs: 1500, reason: `why | ${id}` }),
      ),
    });
    const all = rows(s, rec(['fail', 'pass', 'inconclusive', 'skip']), rec(['pass', 'pass', 'pass', 'pass']));
    expect(all.map((r) => r.outcome)).toEqual(['caught', 'held', 'missed', 'n/a']);
    const md = markdown(all);
    expect(md.split('\n')[0]).toBe(
      'Caught 1 of 2 claims a sabotage must break (1 skipped here, not counted); 0 collateral fails of claims it need not break.',
    );
    expect(md).toContain(
      '| pool-size=5 | pool.default-size | yes | inconclusive | pass | 2 | 1.5 | **missed** | why \\| pool.default-size |',
    );
  });

  test('bench/sabotage.js: help, and an unknown sabotage is exit 2', async () => {
    let out = '';
    let err = '';
    const io = /** @type {any} */ ({
      stdout: { write: (/** @type {string} */ x) => (out += x) },
      stderr: { write: (/** @type {string} */ x) => (err += x) },
    });
    expect(await sabotageMain(['--help'], io)).toBe(0);
    expect(out).toContain('pool-size=5');
    expect(await sabotageMain(['--only', 'rm-rf'], io)).toBe(2);
    expect(err).toBe(`sabotage: unknown sabotage 'rm-rf' (known: ${SABOTAGES.map((s) => s.name).join(', ')})\n`);
  });
});

describe('the sabotage plan covers the catalogue', async () => {
  const specs = await loadSpecs();
  const ids = specs.map((s) => s.id);
  const selected = (/** @type {import('../bench/lib/sabotage-plan.js').Sabotage} */ s) =>
    selectSpecs(specs, s.select).map((x) => x.id);

  test('names are unique, and each selection names claims that exist', () => {
    expect(new Set(SABOTAGES.map((s) => s.name)).size).toBe(SABOTAGES.length);
    for (const s of SABOTAGES)
      expect({ name: s.name, selected: selected(s).length > 0 }).toEqual({ name: s.name, selected: true });
  });

  test('every claim is one that some sabotage must break, and runs under it', () => {
    const broken = new Set(SABOTAGES.flatMap((s) => selected(s).filter((id) => s.breaks(id))));
    expect(ids.filter((id) => !broken.has(id))).toEqual([]);
  });

  test('every claim is broken by a sabotage that keeps the counted quantities (not only by a resize or a missing worker)', () => {
    const counted = new Set(['pool-size=5', 'pool-size=3', 'pool-serial', 'cluster-one-worker', 'heavy-on-main']);
    const broken = new Set(
      SABOTAGES.filter((s) => !counted.has(s.name)).flatMap((s) => selected(s).filter((id) => s.breaks(id))),
    );
    expect(ids.filter((id) => !broken.has(id))).toEqual([]);
  });
});

describe('count-keeping sabotages look alike to a count', () => {
  /** @param {string | undefined} sabotage @param {object} options */
  const batch = async (sabotage, options) =>
    (
      await runFixture({
        node: process.execPath,
        fixture: 'pbkdf2-batch.cjs',
        options: { iterations: 20_000, ...options },
        env: { NCS_SABOTAGE: sabotage },
        timeoutMs: 20_000,
      })
    ).data;
  // Held batches: five hashes of about 100 ms here, the first completion at
  // 200–300 ms on 2 CPUs. Held, the spread is the callbacks' 1.5–2 ms
  // (0.005–0.008 of the first completion's time here), and one callback
  // delayed by other load on the machine (20–30 ms) stays inside SPREAD_HELD
  // (30–45 ms here); it once crossed it on 20 000 iterations' batch, whose
  // first completion is a fifth as late. Honest, the fifth ends a task after
  // the first four: 0.27–0.6 of the first completion's time on 2 CPUs here
  // (0.5 in the model, 1 on 4+).
  const HELD = { k: 5, iterations: 100_000 };
  const SPREAD_HELD = 0.15;
  const busy = (/** @type {any} */ d) =>
    d.cpuMs.filter((/** @type {number} */ ms) => ms > 0.4 * Math.max(...d.cpuMs)).length;

  test('pool-per-core: the census and the thread count are those of a 4-thread pool', async () => {
    const d = await probe('pool-per-core');
    expect(d.parked).toBe(4);
    expect(d.poolThreads).toHaveLength(4);
  });

  test('pool-held: five tasks on four threads all complete at once', async () => {
    const d = await batch('pool-held', HELD);
    const ms = d.completions.map((/** @type {any} */ c) => c.ms);
    // Honest, the fifth ends a task after the first four; held, all arrive
    // in one go, whatever the machine's other load does to the callbacks.
    expect(Math.max(...ms) - Math.min(...ms)).toBeLessThan(SPREAD_HELD * Math.min(...ms));
    expect(d.poolThreads).toHaveLength(4);
  });

  test('pool-held-busy: five tasks on four threads complete at once, the main thread busy meanwhile', async () => {
    const d = await batch('pool-held-busy', HELD);
    const ms = d.completions.map((/** @type {any} */ c) => c.ms);
    expect(Math.max(...ms) - Math.min(...ms)).toBeLessThan(SPREAD_HELD * Math.min(...ms));
    expect(d.poolThreads).toHaveLength(4);
    // The main thread's CPU time over the batch covers the second round it
    // spun through, beside the fifth hash: a quarter of one hash's CPU at the
    // least. Against CPU, not the wall clock: beside other load both the
    // spinner and the hash get a share of the CPUs, and the wall time grows.
    const hashMs = Math.min(...d.cpuMs.filter((/** @type {number} */ x) => x > 0.4 * Math.max(...d.cpuMs)));
    if (d.linux) expect(d.timeline.main.at(-1)).toBeGreaterThan(0.25 * hashMs);
  });

  test('pool-held-sleep: five tasks on four threads complete at once, the main thread asleep meanwhile', async () => {
    const d = await batch('pool-held-sleep', HELD);
    const ms = d.completions.map((/** @type {any} */ c) => c.ms);
    expect(Math.max(...ms) - Math.min(...ms)).toBeLessThan(SPREAD_HELD * Math.min(...ms));
    expect(d.poolThreads).toHaveLength(4);
  });

  test('pool-held-spawn: the same, the main thread asleep in spawnSync meanwhile', async () => {
    const d = await batch('pool-held-spawn', HELD);
    const ms = d.completions.map((/** @type {any} */ c) => c.ms);
    expect(Math.max(...ms) - Math.min(...ms)).toBeLessThan(SPREAD_HELD * Math.min(...ms));
    expect(d.poolThreads).toHaveLength(4);
  });

  test('pool-fair=1: two tasks still land on two pool threads, one each', async () => {
    const d = await batch('pool-fair=1', { k: 2 });
    expect(d.completions).toHaveLength(2);
    expect(d.poolThreads).toHaveLength(4);
    expect(busy(d)).toBe(2);
  });

  // A throttle well below MIN_RUNNABLE_SHARE: at 0.6 a busy machine read a share of 0.81 once (the
  // bench judges the plan's 0.6; this test shows the mechanism, not a margin). Which thread takes
  // each slice is the pool's choice, so how the work splits between the two varies from run to run
  // (42 against 218 ms of CPU once, quiet): how many threads the structure counts as busy is the
  // bench's to see, not a fact of every run this gate may assert.
  test('pool-throttle=0.3: a pool of 2 keeps its threads, and a thread at work sleeps through part of it', async () => {
    const { runnableShares, MIN_RUNNABLE_SHARE } = await import('../harness/kits/concurrency.js');
    const { data: d } = await runFixture({
      node: process.execPath,
      fixture: 'pbkdf2-batch.cjs',
      options: { k: 2, iterations: 200_000 },
      env: { NCS_SABOTAGE: 'pool-throttle=0.3', UV_THREADPOOL_SIZE: '2' },
      timeoutMs: 20_000,
    });
    expect(d.poolThreads).toHaveLength(2);
    expect(d.completions).toHaveLength(2);
    if (!d.linux) return;
    const shares = /** @type {{ share: number }[]} */ (runnableShares(d.timeline)).map((s) => s.share);
    expect(shares.length).toBeGreaterThanOrEqual(1);
    expect(Math.min(...shares)).toBeLessThan(MIN_RUNNABLE_SHARE);
  });

  test('pool-nice=1: every pool thread but one at nice 19 once the pool has started; the first request runs', async () => {
    if (process.platform !== 'linux') return;
    const { spawnSync } = await import('node:child_process');
    const script = `
      const crypto = require('node:crypto');
      const proc = require('./fixtures/lib/proc.cjs');
      const { niceHash } = require('./fixtures/lib/sabotage-pool.cjs');
      const before = new Set(proc.threads());
      const hash = niceHash(1000, (n, cb) => crypto.pbkdf2('p', 's', n, 16, 'sha512', cb), 1);
      let left = 3;
      for (let i = 0; i < 3; i++) hash(() => {
        if (--left) return;
        const pool = proc.threads().filter((tid) => !before.has(tid));
        const nice = (tid) => Number(require('node:fs').readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
        console.log(JSON.stringify(pool.map(nice)));
      });`;
    const out = spawnSync(process.execPath, ['-e', script], {
      cwd: path.join(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..'),
      env: { ...process.env, UV_THREADPOOL_SIZE: '3' },
      encoding: 'utf8',
    });
    expect(out.stderr).toBe('');
    expect(JSON.parse(out.stdout)).toEqual([0, 19, 19]);
  });

  test('net-via-pool: socket requests finish while "every" pool thread is parked, and the control waits', async () => {
    const { data } = await runFixture({
      node: process.execPath,
      fixture: 'net-probe.cjs',
      options: { tmpdir, ops: ['ip', 'access'], n: 4, holdMs: 200 },
      env: { NCS_SABOTAGE: 'net-via-pool' },
      timeoutMs: 20_000,
    });
    expect(data.parked).toBe(data.P);
    expect(data.ops.ip.completedBeforeRelease).toBe(4);
    expect(data.ops.access.completedBeforeRelease).toBe(0);
  });

  test('cluster-funnel: every worker serves, one serves nearly all', async () => {
    const server = startFixture({
      node: process.execPath,
      fixture: 'cluster-server.cjs',
      options: { workers: 2, iterations: 0, refork: false },
      env: { NCS_SABOTAGE: 'cluster-funnel' },
      timeoutMs: 20_000,
    });
    const info = await server.ready;
    const served = /** @type {Record<string, number>} */ ({});
    try {
      for (let i = 0; i < 32; i++) {
        const res = await fetch(`http://127.0.0.1:${info.port}/light`, { headers: { connection: 'close' } });
        await res.text();
        const pid = String(res.headers.get('x-worker-pid'));
        served[pid] = (served[pid] ?? 0) + 1;
      }
    } finally {
      await server.stop();
    }
    const counts = Object.values(served).sort((a, b) => a - b);
    expect(counts).toHaveLength(2);
    expect(counts[1]).toBeGreaterThanOrEqual(24);
  });
});

describe('bench tables (stability, speed)', async () => {
  const { decidedBy, speedTable, stabilityTable } = await import('../bench/lib/records.js');
  const res = (
    /** @type {string} */ id,
    /** @type {string} */ verdict,
    /** @type {number} */ ms,
    /** @type {any} */ evidence = {},
  ) => ({ id, verdict, durationMs: ms, trials: 3, evidence, reason: '' });

  test('decidedBy reads the evidence', () => {
    expect(decidedBy(res('a', 'fail', 1, { structural: { decided: 'fail' } }))).toBe('structural');
    expect(decidedBy(res('a', 'pass', 1, { structural: { decided: 'pass' }, timing: { decided: null, n: 6 } }))).toBe(
      'structural (timing beside, n=6)',
    );
    expect(decidedBy(res('a', 'pass', 1, { structural: { decided: 'pass' }, timing: { decided: 'pass', n: 6 } }))).toBe(
      'structural + timing n=6',
    );
    expect(decidedBy(res('a', 'pass', 1, { structural: null, timing: { decided: 'pass', n: 15 } }))).toBe(
      'timing look n=15',
    );
    expect(decidedBy(res('a', 'inconclusive', 1, { structural: null, timing: { decided: null, n: 21 } }))).toBe(
      'undecided',
    );
    expect(decidedBy(res('a', 'skip', 0))).toBe('skip');
  });

  test('speedTable: slowest first, shares of the run, the profile as the rest', () => {
    const text = speedTable({
      durationMs: 10_000,
      results: [
        res('fast', 'pass', 1000, { structural: { decided: 'pass' } }),
        res('slow', 'pass', 6000, { timing: { decided: 'pass', n: 9 } }),
      ],
    });
    const lines = text.split('\n');
    expect(lines[0]).toBe('Run: 10.0 s for 2 claims; claims 7.0 s, machine profile and start-up 3.0 s (30%).');
    expect(lines[4]).toBe('| slow | pass | 3 | 6.0 | 60% | timing look n=9 |');
    expect(lines[5]).toBe('| fast | pass | 3 | 1.0 | 10% | structural |');
    expect(lines[6]).toBe('| (profile, start-up) | | | 3.0 | 30% | |');
  });

  test('speedTable: claims side by side overlap; their wall is the run less the profile and the claims that ran alone', () => {
    const text = speedTable({
      durationMs: 10_000,
      environment: { lanes: 2 },
      profile: { durationMs: 1500 },
      results: [
        { ...res('a', 'pass', 3000, { structural: { decided: 'pass' } }), sideBySide: true },
        { ...res('b', 'pass', 2000, { structural: { decided: 'pass' } }), sideBySide: true },
        res('slow', 'pass', 5000, { timing: { decided: 'pass', n: 9 } }),
      ],
    });
    const lines = text.split('\n');
    expect(lines[0]).toBe(
      'Run: 10.0 s for 3 claims; 2 side by side (5.0 s of their own time in 3.5 s), the others 5.0 s one after another; machine profile 1.5 s.',
    );
    expect(lines[5]).toBe('| a (side by side) | pass | 3 | 3.0 | 30% | structural |');
    expect(lines.slice(-2)).toEqual([
      '| (side by side, 2 claims in 2 lanes and those for claims that mostly wait: their wall, start-up included) | | | 3.5 | 35% | |',
      '| (profile) | | | 1.5 | 15% | |',
    ]);
  });

  test('stabilityTable: counts per claim, flags fails and errors, inconclusive rate of judged claim-runs', () => {
    const rec = (/** @type {any[]} */ results) => ({ durationMs: 20_000, results });
    const t = stabilityTable([
      rec([res('a', 'pass', 1000), res('b', 'inconclusive', 3000), res('c', 'skip', 0)]),
      rec([res('a', 'fail', 2000), res('b', 'pass', 1000), res('c', 'skip', 0)]),
      rec([res('a', 'pass', 1500), res('b', 'pass', 2000), res('c', 'skip', 0)]),
    ]);
    expect(t).toMatchObject({ claimRuns: 9, unexpected: 1 });
    expect(t.inconclusiveRate).toBeCloseTo(1 / 6, 10);
    expect(t.text).toContain('| a | 2 | 1 | 0 | 0 | 0 | 1.5 | 2.0 | **1 fail of a true claim** |');
    expect(t.text).toContain('| b | 2 | 0 | 1 | 0 | 0 | 2.0 | 3.0 |  |');
    expect(t.text.split('\n')[0]).toBe(
      '3 runs, 3 claims, 9 claim-runs: 1 fail(s) or error(s) of true claims; inconclusive 1 of 6 judged claim-runs (17%); run time median 20 s, max 20 s.',
    );
  });

  test('bench/stability.js and bench/speed.js: help and bad input', async () => {
    const { main: stability } = await import('../bench/stability.js');
    const { main: speed } = await import('../bench/speed.js');
    let out = '';
    let err = '';
    const io = /** @type {any} */ ({
      stdout: { write: (/** @type {string} */ x) => (out += x) },
      stderr: { write: (/** @type {string} */ x) => (err += x) },
    });
    expect(await stability(['--help'], io)).toBe(0);
    expect(out).toContain('--hog');
    expect(await speed(['--help'], io)).toBe(0);
    expect(out).toContain('--from FILE');
    expect(await stability(['--runs', '0'], io)).toBe(2);
    expect(err).toContain("stability: --runs must be a whole number of at least 1 (got '0')");
    expect(await speed(['--from', path.join(tmpdir, 'none.json')], io)).toBe(2);
    expect(err).toContain('none.json: no such file');
  });
});

test('node bench/sabotage.js --help with its reader gone (| head): no crash on the closed pipe (exit 0, nothing on stderr)', async () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const child = spawn(process.execPath, ['bench/sabotage.js', '--help'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // closed before the script starts (tens of ms): its first write meets a pipe with no reader
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise((resolve) => child.on('close', resolve));
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
});
