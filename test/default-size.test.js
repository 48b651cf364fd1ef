// pool.default-size: "four threads, whatever the number of cores": the probe
// on the run's CPUs and a second one pinned to one CPU, on made-up readings.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import spec from '../specs/threadpool/pool.default-size.spec.js';

/** @param {object} [o] */
const ctx = (o = {}) =>
  /** @type {any} */ ({ platform: 'linux', cores: 2, usable: [0, 1], node: { major: 20, version: 'v20.20.2' }, ...o });
/** A FIFO probe that read `parked` readers, every reading agreeing, started plain. @param {number} parked */
const probe = (parked) => ({
  parked,
  poolThreads: Array.from({ length: parked }, (_, i) => 100 + i),
  blocked: parked,
  launch: { plain: true, env: ['HOME', 'LANG', 'PATH', 'PWD'] },
});

describe('pool.default-size', () => {
  const check = spec.plan(ctx()).structural?.check ?? (() => ({ ok: false, detail: '' }));

  test('4 on the run’s CPUs and 4 pinned to one CPU: holds', () => {
    const r = check({ ...probe(4), oneCpu: probe(4) });
    expect(r.ok).toBe(true);
    expect(r.detail).toMatch(/; on one CPU: 4 threads parked on FIFOs/);
  });

  test('a default that follows the cores (2 on one CPU, 4 on two) fails', () => {
    expect(check({ ...probe(4), oneCpu: probe(2) }).ok).toBe(false);
  });

  test('a pinned probe that could not run is said, not judged; a record from before it is judged on the probe alone', () => {
    const unread = check({ ...probe(4), oneCpu: null });
    expect(unread.ok).toBe(true);
    expect(unread.detail).toMatch(/on one CPU: not read \(no taskset to pin it\)/);
    expect(check(probe(4)).ok).toBe(true);
  });

  test('requests submitted while every thread is parked: none completes, no thread is made for them', () => {
    const kinds = ['pbkdf2', 'scrypt', 'zlib', 'pbkdf2', 'fs', 'scrypt', 'randomBytes', 'pbkdf2', 'scrypt'];
    /** @param {number} whileParked @param {number[]} after */
    const late = (whileParked, after) => ({
      kinds,
      report: { kinds, doneWhileParked: whileParked, done: kinds.length, errors: [] },
      threads: { 'late-before': [1, 2, 3], 'late-after': after },
    });
    const honest = check({ ...probe(4), late: late(0, [1, 2, 3]) });
    expect(honest.ok).toBe(true);
    expect(honest.detail).toMatch(/0 of 9 late requests .* completed while every pool thread was parked/);
    // pool-default-crypto-fifth: a fifth hash on a worker thread of its own
    const fifth = check({ ...probe(4), late: late(1, [1, 2, 3, 9]) });
    expect(fifth.ok).toBe(false);
    expect(fifth.detail).toMatch(/the process gained 1 threads across them/);
    expect(check({ ...probe(4), late: late(0, [1, 2, 3, 9]) }).ok).toBe(false);
    expect(check({ ...probe(4), late: late(2, [1, 2, 3]) }).ok).toBe(false);
    // threads not listed (off Linux, a look the fixture went on without): left out
    expect(check({ ...probe(4), late: { ...late(0, []), threads: null } }).ok).toBe(true);
    // not submitted (a record from before): left out
    expect(check({ ...probe(4), late: { kinds, report: null, threads: null } }).ok).toBe(true);
  });

  test('the pinned probe runs only where there is more than one CPU to leave out, on Linux', () => {
    expect(spec.plan(ctx()).summary).toMatch(/pinned to CPU 0 alone/);
    expect(spec.plan(ctx({ usable: [3] })).summary).not.toMatch(/pinned/);
    expect(spec.plan(ctx({ platform: 'darwin', usable: null })).summary).not.toMatch(/pinned/);
  });
});
