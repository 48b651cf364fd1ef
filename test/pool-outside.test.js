// The FIFO probe read by the harness from outside (kits/pool.js probePool `outside`):
// which threads are parked and what each has run, where they wait once through, and
// the pool threads' CPU lists while hashes run; the claims' checks on made-up readings.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import { createLauncher } from '../harness/launcher.js';
import { specContext } from '../harness/context.js';
import { parkedPart, probePool, watchAffinity, PARKED_CPU_MS, PARKED_CPU_POOL } from '../harness/kits/pool.js';
import defaultSize from '../specs/threadpool/pool.default-size.spec.js';
import max128, { heldPart, drawHeld, HELD_KINDS } from '../specs/threadpool/pool.max-128.spec.js';
import threadPerCore, { drawAtWorkHashes, drawLateAtMs } from '../specs/threadpool/pool.thread-per-core.spec.js';

/** n threads parked, each of `cpuMs` ms of CPU, waiting in `wait` once through; `odd` changes the last. */
const outside = (
  /** @type {number} */ n,
  { cpuMs = 0.03, wait = 'futex', odd = /** @type {{ cpuMs?: number, wait?: string } | null} */ (null) } = {},
) => {
  const tids = Array.from({ length: n }, (_, i) => 100 + i);
  const last = (/** @type {number} */ i) => i === n - 1 && odd;
  return {
    parked: tids.map((tid, i) => ({ tid, cpuMs: (last(i) && odd?.cpuMs) || cpuMs })),
    waits: tids.map((tid, i) => ({ tid, wait: (last(i) && odd?.wait) || wait })),
    atWork: null,
  };
};
/** A probe whose readings all agree on n, with what the harness read from outside. */
const probe = (/** @type {number} */ n, /** @type {any} */ out) => ({
  parked: n,
  saturated: false,
  blocked: n,
  poolThreads: Array.from({ length: n }, (_, i) => 100 + i),
  ...(out === undefined ? {} : { outside: out }),
});
// pool-one-short as read: P − 1 pool threads and a Worker that ran Node's start-up
const WORKER = { cpuMs: 29.21, wait: 'epoll:21' };

describe('parkedPart', () => {
  test('pool threads at their first request (0.01–0.26 ms, futex once through): holds', () => {
    const r = parkedPart(probe(4, outside(4)));
    expect(r).toEqual({
      ok: true,
      detail: `seen from outside while parked, 4 threads of 0.03 ms of CPU at most each (a pool thread at its first request: under ${PARKED_CPU_MS} ms), none of them in an event loop once through`,
    });
  });

  test('a Worker in a copyFileSync of its own (pool-one-short) fails on its wait; its CPU alone voids', () => {
    const both = parkedPart(probe(4, outside(4, { odd: WORKER })));
    expect(both).toMatchObject({ ok: false });
    expect(both?.invalid).toBeUndefined();
    expect(both?.detail).toContain('1 of 4 threads had used 29.21 ms of CPU');
    expect(both?.detail).toContain('1 of them waits in an event loop (epoll_wait');
    expect(parkedPart(probe(4, outside(4, { odd: { wait: 'epoll:24' } })))?.ok).toBe(false);
    // CPU over the bound, every thread in a futex once through: a slow or stolen CPU cannot be
    // told from a thread that ran JavaScript first, so the trial counts neither way
    expect(parkedPart(probe(4, outside(4, { odd: { cpuMs: 13.26 } })))).toMatchObject({ ok: true, invalid: true });
    const noWaits = { ...outside(4, { odd: { cpuMs: 2.4 } }), waits: null };
    expect(parkedPart(probe(4, noWaits))).toMatchObject({ ok: true, invalid: true });
  });

  test('a look the fixture went on without (its answer late) is left out', () => {
    const lateParked = { ...outside(4, { odd: { cpuMs: 30 } }), late: ['parked'] };
    expect(parkedPart(probe(4, lateParked))).toEqual({
      ok: true,
      detail: 'none of the 4 seen parked in an event loop once through',
    });
    const lateCounted = { ...outside(4, { odd: { wait: 'epoll:7' } }), late: ['counted'] };
    expect(parkedPart(probe(4, lateCounted))?.ok).toBe(true);
    expect(parkedPart(probe(4, { ...outside(4), late: ['parked', 'counted'] }))).toBeNull();
  });

  test('in pools of hundreds the CPU is not weighed (a few honest threads use up to 12 ms); the waits are', () => {
    expect(PARKED_CPU_POOL).toBe(128);
    for (const n of [129, 200, 1024]) {
      const big = parkedPart(probe(n, outside(n, { odd: { cpuMs: 12.12 } })));
      expect(big).toEqual({ ok: true, detail: `none of the ${n} seen parked in an event loop once through` });
      expect(parkedPart(probe(n, outside(n, { odd: WORKER })))?.ok).toBe(false);
    }
    // up to 128 it is: an excess alone voids the trial
    expect(parkedPart(probe(128, outside(128, { odd: { cpuMs: 12.12 } })))).toMatchObject({ ok: true, invalid: true });
  });

  test('event loops: no more than a bare Node has holds; one more (a Worker asleep in Atomics.wait) fails', () => {
    const polls = (/** @type {number} */ parked, counted = parked) => ({ ...outside(4), polls: { parked, counted } });
    const same = parkedPart(probe(4, polls(3)), 3);
    expect(same?.ok).toBe(true);
    expect(same?.detail).toContain(
      "3 event loops in the process (epoll instances, /proc/<pid>/fd), no more than a bare Node's 3",
    );
    // pool-one-short-asleep: the stand-in's futex reads as a pool thread's, its loop does not
    for (const [p, c] of [
      [4, 4],
      [3, 4],
      [4, 3],
    ]) {
      const r = parkedPart(probe(4, polls(p, c)), 3);
      expect(r?.ok).toBe(false);
      expect(r?.detail).toContain(
        '4 event loops in the process (epoll instances, /proc/<pid>/fd) where a bare Node has 3',
      );
    }
    // in pools of hundreds too, where the CPU is not weighed
    expect(parkedPart(probe(200, { ...outside(200), polls: { parked: 4, counted: 4 } }), 3)?.ok).toBe(false);
    // with the CPU over the bound as well: a fail, not a void
    const both = parkedPart(probe(4, { ...outside(4, { odd: { cpuMs: 30 } }), polls: { parked: 4, counted: 4 } }), 3);
    expect(both).toMatchObject({ ok: false });
    expect(both?.invalid).toBeUndefined();
    // either count not read: the rest judged alone
    expect(parkedPart(probe(4, polls(4)), null)?.ok).toBe(true);
    expect(parkedPart(probe(4, { ...outside(4), polls: { parked: null, counted: null } }), 3)?.ok).toBe(true);
    expect(parkedPart(probe(4, { ...outside(4), polls: { parked: null, counted: 4 } }), 3)?.ok).toBe(false);
    // the loops alone, where nothing else was read
    expect(parkedPart(probe(4, { parked: null, waits: null, atWork: null, polls: { parked: 4 } }), 3)?.ok).toBe(false);
  });

  test('readings not taken are left out: null where neither was, the other judged alone', () => {
    expect(parkedPart(probe(4))).toBeNull(); // a record from before, or not Linux
    expect(parkedPart(probe(4, { parked: null, waits: null, atWork: null }))).toBeNull();
    const noCpu = { ...outside(4), parked: outside(4).parked.map((t) => ({ ...t, cpuMs: null })) };
    expect(parkedPart(probe(4, noCpu))).toEqual({
      ok: true,
      detail: 'none of the 4 seen parked in an event loop once through',
    });
    const noWaits = { ...outside(4, { odd: WORKER }), waits: [{ tid: 103, wait: null }] };
    expect(parkedPart(probe(4, noWaits))).toMatchObject({ ok: true, invalid: true }); // the Worker's CPU alone
  });
});

describe('pool.default-size and pool.max-128 with the readings from outside', () => {
  const ctx = /** @type {any} */ ({
    platform: 'linux',
    cores: 2,
    usable: [0, 1],
    node: { major: 20, version: 'v20.20.2' },
    openFiles: null,
  });
  const sizeCheck = defaultSize.plan(ctx).structural?.check ?? (() => ({ ok: false, detail: '' }));
  // both probes started plain, as the spec starts them (its launch judged in plain-start.test.js)
  const PLAIN = { plain: true, env: ['HOME', 'LANG', 'PATH', 'PWD'] };
  const size = (/** @type {any} */ obs) =>
    sizeCheck({ launch: PLAIN, ...obs, ...(obs.oneCpu ? { oneCpu: { launch: PLAIN, ...obs.oneCpu } } : {}) });
  const max = /** @type {any} */ (max128.plan(ctx)).structural.check;

  test('pool.default-size: the pool’s own threads hold; a Worker among them, in either probe, fails', () => {
    expect(size({ ...probe(4, outside(4)), oneCpu: probe(4, outside(4)) }).ok).toBe(true);
    const main = size({ ...probe(4, outside(4, { odd: WORKER })), oneCpu: probe(4, outside(4)) });
    expect(main.ok).toBe(false);
    expect(main.detail).toMatch(/^4 threads parked on FIFOs .*had used 29.21 ms of CPU/);
    expect(main.invalid).toBeUndefined();
    expect(size({ ...probe(4, outside(4)), oneCpu: probe(4, outside(4, { odd: WORKER })) }).ok).toBe(false);
    // CPU alone over the bound, in either probe: void, not a fail
    const slow = outside(4, { odd: { cpuMs: 3.1 } });
    expect(size({ ...probe(4, slow), oneCpu: probe(4, outside(4)) })).toMatchObject({ ok: false, invalid: true });
    expect(size({ ...probe(4, outside(4)), oneCpu: probe(4, slow) })).toMatchObject({ ok: false, invalid: true });
    // ... unless something else fails
    expect(size({ ...probe(3, slow), oneCpu: probe(4, outside(4)) }).invalid).toBeUndefined();
    // not read from outside: the count judged alone
    expect(size({ ...probe(4), oneCpu: probe(4) }).ok).toBe(true);
    // event loops against the bare Node's, in either probe (pool-one-short-asleep)
    const loops = (/** @type {number} */ k) => probe(4, { ...outside(4), polls: { parked: k, counted: k } });
    expect(size({ ...loops(3), oneCpu: loops(3), barePolls: 3 }).ok).toBe(true);
    expect(size({ ...loops(4), oneCpu: loops(3), barePolls: 3 }).ok).toBe(false);
    expect(size({ ...loops(3), oneCpu: loops(4), barePolls: 3 }).ok).toBe(false);
  });

  test('pool.max-128: 200 and 1024 of the pool’s own hold; a Worker in either fails', () => {
    const honest = { asked200: probe(200, outside(200)), asked1025: probe(1024, outside(1024)) };
    expect(max(honest).ok).toBe(true);
    expect(max({ ...honest, asked200: probe(200, outside(200, { odd: WORKER })) }).ok).toBe(false);
    expect(max({ ...honest, asked1025: probe(1024, outside(1024, { odd: WORKER })) }).ok).toBe(false);
    // a thread of 12 ms alone in so large a pool: the kernel's side of hundreds starting (not weighed)
    const slow = max({ ...honest, asked200: probe(200, outside(200, { odd: { cpuMs: 12.12 } })) });
    expect(slow).toEqual({ ok: true, detail: expect.any(String) });
    expect(max({ asked200: probe(200), asked1025: probe(1024) }).ok).toBe(true);
    // event loops against the bare Node's, in any of the probes (pool-one-short-asleep)
    const loops = (/** @type {number} */ n, /** @type {number} */ k) =>
      probe(n, { ...outside(n), polls: { counted: k } });
    const counted = { asked200: loops(200, 3), asked1025: loops(1024, 3), barePolls: 3 };
    expect(max(counted).ok).toBe(true);
    expect(max({ ...counted, asked200: loops(200, 4) }).ok).toBe(false);
    expect(max({ ...counted, asked1025: loops(1024, 4) }).ok).toBe(false);
    expect(max({ ...counted, inCode: { asked: 187, probe: loops(187, 4) } }).ok).toBe(false);
  });

  test('pool.max-128: readFile and open held above 128 at once in the pool of 200 (pool-work-cap-128)', () => {
    const honest = { asked200: probe(200, outside(200)), asked1025: probe(1024, outside(1024)) };
    const asked = [
      { kind: 'open', n: 181 },
      { kind: 'readFile', n: 188 },
    ];
    const seen = (/** @type {number} */ readFile) => [
      { kind: 'open', n: 181, parked: 181 },
      { kind: 'readFile', n: 188, parked: readFile },
    ];
    const ok = max({ ...honest, held: { asked, seen: seen(188) } });
    expect(ok.ok).toBe(true);
    expect(ok.detail).toContain('open ×181: 181 parked, readFile ×188: 188 parked');
    // requests other than fs.copyFile run 128 at a time: 128 readFile parked of 188
    const capped = max({ ...honest, held: { asked, seen: seen(128) } });
    expect(capped.ok).toBe(false);
    expect(capped.invalid).toBeUndefined();
    expect(capped.detail).toContain('readFile ×188: 128 parked');
    // a kind never said held fails
    expect(heldPart(asked, seen(188).slice(0, 1))?.ok).toBe(false);
    // not read (not Linux, io_uring, records from before, /proc unreadable): left out
    expect(max({ ...honest }).ok).toBe(true);
    expect(heldPart(undefined, undefined)).toBeNull();
    expect(heldPart(asked, [{ kind: 'open', n: 181, parked: null }])).toBeNull();
    // the draw: each kind once, 129–P each
    for (let i = 0; i < 50; i++) {
      const d = drawHeld(200);
      expect(d.map((x) => x.kind).sort()).toEqual([...HELD_KINDS].sort());
      for (const { n } of d) expect(n >= 129 && n <= 200).toBe(true);
    }
  });

  test('pool.max-128: a size above 128 assigned in code (drawn) gives that size; capped at 128 fails', () => {
    const honest = { asked200: probe(200, outside(200)), asked1025: probe(1024, outside(1024)) };
    const inCode = (/** @type {number} */ n, asked = 187) => ({ asked, probe: probe(n, outside(n)) });
    expect(max({ ...honest, inCode: inCode(187) }).ok).toBe(true);
    // env-in-code-cap-128: 187 set in code gives 128
    const capped = max({ ...honest, inCode: inCode(128) });
    expect(capped.ok).toBe(false);
    expect(capped.detail).toContain('assigned 187 in code: 128 threads parked');
    expect(max({ ...honest, inCode: inCode(187, 188) }).ok).toBe(false);
    expect(max({ ...honest, inCode: { asked: 187, probe: probe(187, outside(187, { odd: WORKER })) } }).ok).toBe(false);
    const slow = { asked: 187, probe: probe(187, outside(187, { odd: { cpuMs: 12.12 } })) };
    expect(max({ ...honest, inCode: slow })).toEqual({ ok: true, detail: expect.any(String) });
  });

  test('pool.max-128: the pool of 200 counted after CPU work (pool-retire-above-128: 128 serve) fails', () => {
    // counted after a pbkdf2 and a scrypt: the pool started before the count (delta 0)
    const after = (/** @type {number} */ n, blocked = n) => ({
      ...probe(n, outside(blocked)),
      poolThreads: [],
      blocked,
    });
    const honest = { asked1025: probe(1024, outside(1024)), inCode: { asked: 187, probe: after(187) } };
    expect(max({ ...honest, asked200: after(200) }).ok).toBe(true);
    // 128 parked on the count's FIFOs, 72 more on the sabotage's own: 200 in open(2)
    const retired = max({ ...honest, asked200: after(128, 200) });
    expect(retired.ok).toBe(false);
    expect(retired.detail).toContain(
      'asked 200: 128 threads parked on FIFOs (thread-count delta 0, 200 blocked in open)',
    );
  });
});

const linux = { skip: process.platform !== 'linux' && 'reads /proc' };

test('watchAffinity of this process: every look reads its own list, none pinned', linux, () => {
  const w = watchAffinity(process.pid);
  const r = w.stop();
  expect(r.looks).toBeGreaterThanOrEqual(2);
  expect(r).toMatchObject({ pinnedLooks: 0, pinned: [] });
  expect(r.threads).toBeGreaterThanOrEqual(1); // V8's threads, the main one left out
  expect(typeof r.process).toBe('string');
  expect(w.stop()).toBe(r);
  expect(watchAffinity(2 ** 30).stop()).toMatchObject({ looks: 0, process: null }); // no such process
});

test('watchAffinity sees a thread the watched process names to no one, started after the watch', linux, async () => {
  const { spawn } = await import('node:child_process');
  // a child that starts a Worker 100 ms in and binds it to one CPU of its list (taskset -p)
  const src = `const { Worker } = require('node:worker_threads');
    setTimeout(() => new Worker('setInterval(() => {}, 1000)', { eval: true }).on('online', () => process.send('up')), 100);
    setTimeout(() => {}, 5000);`;
  const child = spawn(process.execPath, ['-e', src], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  try {
    const w = watchAffinity(/** @type {number} */ (child.pid));
    await new Promise((resolve) => child.once('message', resolve));
    const { readdirSync } = await import('node:fs');
    const { spawnSync } = await import('node:child_process');
    const cpus = w.stop().process;
    const w2 = watchAffinity(/** @type {number} */ (child.pid));
    const first = String(cpus).split(/[,-]/)[0];
    // the newest thread: the Worker's
    const tid = Math.max(...readdirSync(`/proc/${child.pid}/task`).map(Number));
    const r = spawnSync('taskset', ['-pc', first, String(tid)]);
    if (r.error || r.status !== 0 || !String(cpus).match(/[,-]/)) return; // no taskset, or one CPU: nothing to bind to
    await new Promise((resolve) => setTimeout(resolve, 20));
    const seen = w2.stop();
    expect(seen.pinnedLooks).toBeGreaterThanOrEqual(1);
    expect(seen.pinned.map((p) => p.tid)).toContain(tid);
  } finally {
    child.kill();
  }
});

test(
  'probePool outside: the parked threads, their waits and the lists at work, read by the harness',
  linux,
  async () => {
    const machine = /** @type {any} */ ({ node: { path: process.execPath }, env: {}, cpus: null });
    const launcher = createLauncher({ machine });
    try {
      const ctx = { ...specContext(machine, launcher), platform: 'linux' };
      const obs = await probePool(/** @type {any} */ (ctx), { size: '3', fifos: 8, atWork: true, outside: true });
      expect(obs.parked).toBe(3);
      expect(obs.outside.parked.map((/** @type {any} */ t) => t.tid).sort()).toEqual([...obs.poolThreads].sort());
      for (const t of obs.outside.parked) expect(t.cpuMs).toBeLessThan(PARKED_CPU_MS);
      for (const w of obs.outside.waits) expect(w.wait).not.toMatch(/^epoll/);
      expect(obs.outside.atWork.looks).toBeGreaterThanOrEqual(1);
      expect(obs.outside.atWork.pinnedLooks).toBe(0);
      expect(obs.outside.atWork.threads).toBeGreaterThan(3); // the pool's and V8's, listed by the harness
      expect(obs.outside.late).toEqual([]);
      expect(parkedPart(obs)?.ok).toBe(true);
    } finally {
      launcher.dispose();
    }
  },
);

test(
  'probePool cpuFirst and lateWork: hashes before the count; work submitted while parked waits, no thread made',
  linux,
  async () => {
    const machine = /** @type {any} */ ({ node: { path: process.execPath }, env: {}, cpus: null });
    const launcher = createLauncher({ machine });
    try {
      const ctx = { ...specContext(machine, launcher), platform: 'linux' };
      const first = await probePool(/** @type {any} */ (ctx), { size: '3', fifos: 8, cpuFirst: true, outside: true });
      expect(first.parked).toBe(3);
      expect(first.poolThreads).toEqual([]); // the pool started with the hashes, before the count
      expect(parkedPart(first)?.ok).toBe(true);
      const kinds = ['pbkdf2', 'scrypt', 'zlib', 'randomBytes', 'fs', 'pbkdf2', 'scrypt'];
      const late = await probePool(/** @type {any} */ (ctx), {
        size: '3',
        fifos: 8,
        setEnv: '9',
        setEnvAfterUse: true,
        lateWork: kinds,
        outside: true,
      });
      expect(late.parked).toBe(3);
      expect(late.lateWork).toEqual({ kinds, doneWhileParked: 0, done: kinds.length, errors: [] });
      const { 'late-before': before, 'late-after': after } = late.outside.lateThreads;
      expect(before.length).toBeGreaterThan(3);
      expect([...after].sort()).toEqual([...before].sort());
    } finally {
      launcher.dispose();
    }
  },
);

describe('pool.thread-per-core with a late watch', () => {
  const check = /** @type {any} */ (threadPerCore.plan(/** @type {any} */ ({ cores: 2, poolSize: 4 }))).structural
    .check;
  const all = { 11: [0, 1], 12: [0, 1], 13: [0, 1], 14: [0, 1] };
  const obs = (/** @type {any} */ outside) => ({
    parked: 4,
    blocked: 4,
    poolThreads: [11, 12, 13, 14],
    affinity: { process: [0, 1], threads: all, threadsAtWork: { lists: all, running: 4 } },
    outside,
    launch: { plain: true, env: ['HOME', 'LANG', 'PATH', 'PWD'] },
  });
  const watch = { looks: 41, pinnedLooks: 0, process: '0,1', threads: 15, pinned: [], ms: 113 };
  test('a watch answered in time counts; one the probe went on without voids an otherwise honest trial', () => {
    const honest = check(obs({ atWork: watch, late: [] }));
    expect(honest).toMatchObject({ ok: true });
    expect(honest.detail).toContain('41 looks over 113 ms at 15 threads');
    expect(check(obs({ atWork: watch, late: ['at-work'] }))).toMatchObject({ ok: false, invalid: true });
    // a failure the lists read in the probe show stands
    const pinnedAtWork = obs({ atWork: watch, late: ['at-work'] });
    pinnedAtWork.affinity.threadsAtWork = { lists: { ...all, 11: [0] }, running: 4 };
    expect(check(pinnedAtWork).invalid).toBeUndefined();
    expect(check(pinnedAtWork).ok).toBe(false);
  });
});

test(
  'the probe waits a bounded time for the harness: unanswered looks are named, the count stands',
  linux,
  async () => {
    const machine = /** @type {any} */ ({ node: { path: process.execPath }, env: {}, cpus: null });
    const launcher = createLauncher({ machine });
    try {
      const ctx = specContext(machine, launcher);
      /** @type {string[]} */
      const phases = [];
      // a harness that hears the probe and never answers
      const handle = ctx.start('pool-probe.cjs', {
        options: { fifos: 8, hold: true, lookWaitMs: 50, atWork: true },
        env: { UV_THREADPOOL_SIZE: '3' },
        timeoutMs: 20_000,
        onMessage: (/** @type {any} */ m) => phases.push(m?.phase),
      });
      const { data } = await handle.result;
      expect(data.parked).toBe(3);
      expect(data.unanswered).toEqual(['parked', 'counted', 'at-work']);
      expect(phases).toEqual(['parked', 'counted', 'at-work', 'at-work-done']);
    } finally {
      launcher.dispose();
    }
  },
);

describe('pool.thread-per-core: drawn hashes and a late watch in one trial of each pair', () => {
  const plan = /** @type {any} */ (
    threadPerCore.plan(/** @type {any} */ ({ cores: 2, poolSize: 4, platform: 'linux' }))
  );
  const check = plan.structural.check;
  const all = { 11: [0, 1], 12: [0, 1], 13: [0, 1], 14: [0, 1] };
  const obs = (/** @type {any} */ outside) => ({
    parked: 4,
    blocked: 4,
    poolThreads: [11, 12, 13, 14],
    affinity: { process: [0, 1], threads: all, threadsAtWork: { lists: all, running: 4 } },
    outside,
    launch: { plain: true, env: ['HOME', 'LANG', 'PATH', 'PWD'] },
  });
  const watch = { looks: 41, pinnedLooks: 0, process: '0,1', threads: 15, pinned: [], ms: 113 };
  const lateHonest = { looks: 57, pinnedLooks: 0, process: '0,1', threads: 10, pinned: [], ms: 368, atMs: 3995 };
  // pool-pin-uptime as read: every pool thread on one CPU from the first late look
  const latePinned = {
    ...lateHonest,
    pinnedLooks: 111,
    looks: 111,
    pinned: [11, 12, 13, 14].map((tid, i) => ({ tid, cpus: String(i % 2), atMs: 1 })),
  };

  test('the drawn hashes: four, pbkdf2 of 40,000–250,000 iterations or scrypt of N 2^14–2^15', () => {
    for (let i = 0; i < 200; i++) {
      const h = drawAtWorkHashes();
      expect(h).toHaveLength(4);
      for (const x of h)
        if (x.kind === 'pbkdf2') expect(x.iterations >= 40_000 && x.iterations <= 250_000).toBe(true);
        else expect([16384, 32768]).toContain(x.N);
      const late = drawLateAtMs();
      expect(late >= 3400 && late <= 4000).toBe(true);
    }
  });

  test('the probe’s start: one forked, or given a harness variable, fails; one not read is void', () => {
    const honest = check(obs({ atWork: watch, late: [] }));
    expect(honest.detail).toContain('started plain: no IPC channel, its environment read from outside 4 variables');
    const forked = check({ ...obs({ atWork: watch, late: [] }), launch: { plain: false, env: null } });
    expect(forked).toMatchObject({ ok: false, detail: expect.stringContaining('forked child') });
    expect(forked.invalid).toBeUndefined();
    const ring = check({
      ...obs({ atWork: watch, late: [] }),
      launch: { plain: true, env: ['PATH', 'UV_USE_IO_URING'] },
    });
    expect(ring).toMatchObject({ ok: false, detail: expect.stringContaining('started with UV_USE_IO_URING') });
    const unread = check({ ...obs({ atWork: watch, late: [] }), launch: { plain: true, env: null } });
    expect(unread).toMatchObject({
      ok: false,
      invalid: true,
      detail: expect.stringContaining('not read from outside'),
    });
    const before = obs({ atWork: watch, late: [] });
    delete before.launch;
    expect(check(before)).toMatchObject({ ok: false, invalid: true, detail: expect.stringContaining('not recorded') });
  });

  test("a late watch with every look the process's list holds and is named", () => {
    const r = check(obs({ atWork: watch, late: [], lateAtWork: lateHonest }));
    expect(r).toMatchObject({ ok: true });
    expect(r.detail).toContain('and late, from 3995 ms: 57 looks over 368 ms');
  });

  test('a late watch that read threads bound one per CPU (pool-pin-uptime) fails', () => {
    const r = check(obs({ atWork: watch, late: [], lateAtWork: latePinned }));
    expect(r.ok).toBe(false);
    expect(r.invalid).toBeUndefined();
    expect(r.detail).toContain('111 of 111 looks read a thread bound');
  });

  test('a late watch missing, or one the probe went on without, is left out', () => {
    expect(check(obs({ atWork: watch, late: [], lateAtWork: null }))).toMatchObject({ ok: true });
    expect(check(obs({ atWork: watch, late: [] }))).toMatchObject({ ok: true });
    expect(check(obs({ atWork: watch, late: ['late-at-work'], lateAtWork: latePinned }))).toMatchObject({ ok: true });
  });

  test('the at-work watch under drawn long hashes (pool-pin-long-hash: 170 of 174 looks pinned) fails', () => {
    const pinnedWatch = { ...watch, pinnedLooks: 170, looks: 174, pinned: [{ tid: 11, cpus: '0', atMs: 10 }] };
    expect(check(obs({ atWork: pinnedWatch, late: [] })).ok).toBe(false);
  });

  test('trials ask the probe for drawn hashes, and the first of each pair for a late watch', async () => {
    /** @type {any[]} */
    const asked = [];
    const ctx = /** @type {any} */ ({
      platform: 'linux',
      start: (/** @type {string} */ _f, /** @type {any} */ o) => {
        asked.push(o.options);
        return { pid: 1, result: Promise.resolve({ data: {} }) };
      },
    });
    for (let n = 1; n <= 6; n++) await plan.trial(ctx, n);
    for (const o of asked) expect(o.atWorkHashes).toHaveLength(4);
    const late = asked.map((o) => !!o.lateAtWork);
    expect(late).toEqual([true, false, true, false, true, false]);
  });
});

test('probePool outside with lateAtMs: a probe that ends before the drawn age leaves no timer behind', async () => {
  const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  const before = timers();
  const ctx = /** @type {any} */ ({
    platform: 'linux',
    start: (/** @type {string} */ _f, /** @type {any} */ o) => {
      const handle = { pid: 1, send: () => {}, result: Promise.resolve({ data: {} }) };
      // it says it is at 'late-at-work', then ends at once (the harness's answer due at 4 s)
      queueMicrotask(() => o.onMessage({ phase: 'late-at-work', pid: 1 }));
      return handle;
    },
  });
  const obs = await probePool(ctx, { atWork: true, outside: true, lateAtMs: 4000 });
  expect(obs.outside.lateAtWork).toBeNull();
  expect(timers()).toBe(before);
});

test('probePool outside with lateAtMs: the harness watches again at the age it drew', linux, async () => {
  const machine = /** @type {any} */ ({ node: { path: process.execPath }, env: {}, cpus: null });
  const launcher = createLauncher({ machine });
  try {
    const ctx = { ...specContext(machine, launcher), platform: 'linux' };
    const obs = await probePool(/** @type {any} */ (ctx), {
      size: '3',
      fifos: 8,
      atWork: true,
      outside: true,
      atWorkHashes: [
        { kind: 'pbkdf2', iterations: 40_000 },
        { kind: 'scrypt', N: 16384 },
      ],
      lateAtMs: 1500,
    });
    expect(obs.parked).toBe(3);
    expect(obs.outside.late).toEqual([]);
    expect(obs.outside.lateAtWork.atMs).toBeGreaterThanOrEqual(1500);
    expect(obs.outside.lateAtWork.looks).toBeGreaterThanOrEqual(1);
    expect(obs.outside.lateAtWork.pinnedLooks).toBe(0);
    expect(obs.lateAtWork.hashes).toBe(4);
    expect(obs.lateAtWork.uptimeMs).toBeLessThanOrEqual(obs.outside.lateAtWork.atMs + 50);
  } finally {
    launcher.dispose();
  }
});
