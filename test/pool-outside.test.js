// The FIFO probe read by the harness from outside (kits/pool.js probePool `outside`):
// which threads are parked and what each has run, where they wait once through, and
// the pool threads' CPU lists while hashes run; the claims' checks on made-up readings.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import { createLauncher } from '../harness/launcher.js';
import { specContext } from '../harness/context.js';
import { parkedPart, probePool, watchAffinity, PARKED_CPU_MS, PARKED_CPU_POOL } from '../harness/kits/pool.js';
import defaultSize from '../specs/threadpool/pool.default-size.spec.js';
import max128 from '../specs/threadpool/pool.max-128.spec.js';

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

  test('a Worker in a copyFileSync of its own (pool-one-short) fails on each reading alone', () => {
    const both = parkedPart(probe(4, outside(4, { odd: WORKER })));
    expect(both?.ok).toBe(false);
    expect(both?.detail).toContain('1 of 4 threads had used 29.21 ms of CPU');
    expect(both?.detail).toContain('1 of them waits in an event loop (epoll_wait');
    expect(parkedPart(probe(4, outside(4, { odd: { cpuMs: 13.26 } })))?.ok).toBe(false);
    expect(parkedPart(probe(4, outside(4, { odd: { wait: 'epoll:24' } })))?.ok).toBe(false);
  });

  test('in a pool of 1024 the CPU is not weighed (a few honest threads use up to 2.5 ms); the waits are', () => {
    expect(PARKED_CPU_POOL).toBeLessThan(1024);
    const big = parkedPart(probe(1024, outside(1024, { odd: { cpuMs: 2.46 } })));
    expect(big).toEqual({ ok: true, detail: 'none of the 1024 seen parked in an event loop once through' });
    expect(parkedPart(probe(1024, outside(1024, { odd: WORKER })))?.ok).toBe(false);
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
    expect(parkedPart(probe(4, noWaits))?.ok).toBe(false);
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
  const size = defaultSize.plan(ctx).structural?.check ?? (() => ({ ok: false, detail: '' }));
  const max = /** @type {any} */ (max128.plan(ctx)).structural.check;

  test('pool.default-size: the pool’s own threads hold; a Worker among them, in either probe, fails', () => {
    expect(size({ ...probe(4, outside(4)), oneCpu: probe(4, outside(4)) }).ok).toBe(true);
    const main = size({ ...probe(4, outside(4, { odd: WORKER })), oneCpu: probe(4, outside(4)) });
    expect(main.ok).toBe(false);
    expect(main.detail).toMatch(/^4 threads parked on FIFOs .*had used 29.21 ms of CPU/);
    expect(size({ ...probe(4, outside(4)), oneCpu: probe(4, outside(4, { odd: WORKER })) }).ok).toBe(false);
    // not read: judged as before
    expect(size({ ...probe(4), oneCpu: probe(4) }).ok).toBe(true);
  });

  test('pool.max-128: 200 and 1024 of the pool’s own hold; a Worker in either fails', () => {
    const honest = { asked200: probe(200, outside(200)), asked1025: probe(1024, outside(1024)) };
    expect(max(honest).ok).toBe(true);
    expect(max({ ...honest, asked200: probe(200, outside(200, { odd: WORKER })) }).ok).toBe(false);
    expect(max({ ...honest, asked1025: probe(1024, outside(1024, { odd: WORKER })) }).ok).toBe(false);
    expect(max({ asked200: probe(200), asked1025: probe(1024) }).ok).toBe(true);
  });
});

const linux = { skip: process.platform !== 'linux' && 'reads /proc' };

test('watchAffinity of this process: every look reads its own list, none pinned', linux, () => {
  const w = watchAffinity(process.pid, [process.pid]);
  const r = w.stop();
  expect(r.looks).toBeGreaterThanOrEqual(2);
  expect(r).toMatchObject({ pinnedLooks: 0, pinned: [] });
  expect(typeof r.process).toBe('string');
  expect(w.stop()).toBe(r);
  expect(watchAffinity(2 ** 30, [1]).stop()).toMatchObject({ looks: 0, process: null }); // no such process
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
      expect(parkedPart(obs)?.ok).toBe(true);
    } finally {
      launcher.dispose();
    }
  },
);
