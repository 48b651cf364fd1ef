import { describe, test } from 'node:test';
import { expect } from 'expect';
import { rchar, threadReads } from '../harness/kits/threads.js';
import single, { marksOnMain } from '../specs/threadpool/main-thread.single.spec.js';
import notAlone from '../specs/threadpool/main-thread.not-alone.spec.js';
import threadPerCore from '../specs/threadpool/pool.thread-per-core.spec.js';

const MiB = 1048576;
const io = (/** @type {number} */ n) => `rchar: ${n}\nwchar: 0\nsyscr: 3\nsyscw: 0\n`;

describe('per-thread reads, as the harness reads them from /proc', () => {
  test('rchar from an io file; null when the kernel keeps no count', () => {
    expect(rchar(io(1234))).toBe(1234);
    expect(rchar('wchar: 5\n')).toBe(null);
  });
  test(
    'threadReads: the main thread (tid = pid) apart from the sum of the others',
    { skip: process.platform !== 'linux' },
    () => {
      const counts = { 100: 5, 101: 7, 102: 11 };
      const read = {
        tasks: () => Object.keys(counts),
        io: (/** @type {number} */ _pid, /** @type {string} */ tid) => io(counts[/** @type {'100'} */ (tid)]),
      };
      expect(threadReads(100, read)).toEqual({ main: 5, others: 18, threads: 3 });
      expect(threadReads(100, { ...read, io: () => 'nothing' })).toBe(null);
      expect(threadReads(999, { ...read })).toBe(null); // no task with the pid: not a reading of this process
      // a thread gone between the listing and the read is left out
      const gone = {
        ...read,
        io: (/** @type {number} */ p, /** @type {string} */ t) =>
          t === '102'
            ? (() => {
                throw new Error('ENOENT');
              })()
            : read.io(p, t),
      };
      expect(threadReads(100, gone)).toEqual({ main: 5, others: 7, threads: 2 });
    },
  );
  test(
    'threadReads of this process sees its own reads on its main thread',
    { skip: process.platform !== 'linux' },
    () => {
      const r = threadReads(process.pid);
      expect(r?.main).toBeGreaterThan(0);
    },
  );
});

describe("the main-thread specs take the kernel's count", () => {
  const ctx = /** @type {any} */ ({ platform: 'linux', cores: 2, env: {} });
  const kinds = [
    'sync',
    'nextTick',
    'promise',
    'setTimeout',
    'setImmediate',
    'fs.readFile',
    'crypto.pbkdf2',
    'zlib.gzip',
    'crypto.randomBytes',
  ];
  const seen = kinds.map((kind) => ({ kind, tid: 10, threadId: 0, isMainThread: true }));
  const base = {
    pid: 10,
    linux: true,
    seen,
    threadsAtStart: 7,
    threadsAfterPool: 11,
    marks: { mark: 4 * MiB, file: MiB },
  };

  test("main-thread.single: every callback's mark counted for the main thread, or a fail", () => {
    const check = /** @type {any} */ (single.plan(ctx)).structural.check;
    expect(check({ ...base, reads: { main: 9 * 4 * MiB + 300_000, others: MiB, threads: 11 } }).ok).toBe(true);
    expect(check({ ...base }).ok).toBe(true); // not read (off Linux, an older record): the reported ids decide
    // three callbacks ran elsewhere, though all reported the main thread's ids
    const lie = check({ ...base, reads: { main: 6 * 4 * MiB + 300_000, others: MiB, threads: 11 } });
    expect(lie.ok).toBe(false);
    expect(lie.detail).toContain(
      'the kernel counted 6 of their 9 marks (4 MiB reads) for the main thread: the other callbacks ran on another thread',
    );
    expect(marksOnMain({ ...base, reads: { main: 4 * MiB - 1, others: 0, threads: 1 } })).toBe(0);
  });

  test("main-thread.not-alone: the pool's first request read off the main thread, or a fail", () => {
    const check = /** @type {any} */ (notAlone.plan(ctx)).structural.check;
    expect(check({ ...base, reads: { main: 40 * MiB, others: MiB + 5000, threads: 11 } }).ok).toBe(true);
    expect(check({ ...base }).ok).toBe(true);
    // P new threads, but the file was read on the main thread
    const lie = check({ ...base, reads: { main: 41 * MiB, others: 20_000, threads: 11 } });
    expect(lie.ok).toBe(false);
    expect(lie.detail).toContain('the threads besides the main one read 0.02 MiB');
  });

  test('main-thread.not-alone: the threads the first pool use started take pool requests (pool-stand-ins)', () => {
    const check = /** @type {any} */ (notAlone.plan(ctx)).structural.check;
    const read = { reads: { main: 40 * MiB, others: MiB + 5000, threads: 11 } };
    expect(check({ ...base, ...read, newParked: 4, poolParked: 4 })).toMatchObject({ ok: true });
    // the pool's own threads came later: the new ones take none
    const standIns = check({ ...base, ...read, newParked: 0, poolParked: 4 });
    expect(standIns).toMatchObject({ ok: false });
    expect(standIns.invalid).toBeUndefined();
    expect(standIns.detail).toContain('0 of them took a pool request each (expected 4)');
    // fewer parked at all: a park cut short shows nothing
    expect(check({ ...base, ...read, newParked: 3, poolParked: 3 })).toMatchObject({ ok: false, invalid: true });
  });
});

describe('pool.thread-per-core', () => {
  const check = /** @type {any} */ (threadPerCore.plan(/** @type {any} */ ({ cores: 2, poolSize: 4 }))).structural
    .check;
  const all = { 11: [0, 1], 12: [0, 1], 13: [0, 1], 14: [0, 1] };
  const probe = (/** @type {any} */ atWork) => ({
    parked: 4,
    blocked: 4,
    poolThreads: [11, 12, 13, 14],
    affinity: { process: [0, 1], threads: all, ...(atWork === undefined ? {} : { threadsAtWork: atWork }) },
  });
  test('every thread on every CPU, waiting and at work: as libuv does (the claim refuted)', () => {
    expect(check(probe({ lists: all, running: 4 }))).toMatchObject({ ok: true });
    expect(check(probe(undefined))).toMatchObject({ ok: true }); // a record from before
  });
  test('every hash ended before the lists were read at work: the idle lists alone void the trial', () => {
    const unread = check(probe(null));
    expect(unread).toMatchObject({ ok: false, invalid: true });
    expect(unread.detail).toMatch(/^every hash ended before the lists were read at work; 4 pool threads/);
    // a failure the idle lists show stands
    const idlePinned = probe(null);
    idlePinned.affinity.threads = { ...all, 11: [0] };
    expect(check(idlePinned)).toMatchObject({ ok: false });
    expect(check(idlePinned).invalid).toBeUndefined();
  });
  test('threads placed one per CPU only while hashes run are seen (pool-pin-on-cpu-work)', () => {
    const pinned = check(probe({ lists: { 11: [0], 12: [1], 13: [0], 14: [1] }, running: 4 }));
    expect(pinned).toMatchObject({ ok: false });
    expect(pinned.detail).toContain('4 readings pinned elsewhere');
  });
});
