// The FIFO count's wait for its readers to park (fixtures/lib/fifo.cjs
// waitParked), on a /proc made up here: where the pool started before the
// count, a stable count ends the wait only while no thread but the counting
// one is runnable.
import { describe, test, afterEach } from 'node:test';
import { expect } from 'expect';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const proc = require('../fixtures/lib/proc.cjs');
const { waitParked } = require('../fixtures/lib/fifo.cjs');

const saved = { ...proc };
afterEach(() => Object.assign(proc, saved));

/**
 * A process whose pool (threads 11–14) started before the count: `parked`
 * of them parked on FIFOs at every look, and `runnable(look)` threads other
 * than the counting one (1) runnable at each look.
 * @param {{ parked: number[], runnable: (look: number) => number, self?: number | null }} o
 */
function fakeProc({ parked, runnable, self = 1 }) {
  let looks = 0;
  /** @type {number[][]} */
  const asked = [];
  Object.assign(proc, {
    threadSelf: () => self,
    openParked: () => ({ inOpen: parked, parked }),
    threads: () => [1, 11, 12, 13, 14],
    ioWorker: () => false, // none of io_uring's kernel workers among them
    runnableAmong: (/** @type {number[]} */ tids) => {
      asked.push(tids);
      return runnable(looks++);
    },
  });
  return { asked, looks: () => looks };
}
const before = new Set([1, 11, 12, 13, 14]);

describe('waitParked, a pool started before the count', () => {
  test('a stable count ends the wait only after three looks with no other thread runnable', async () => {
    // two threads woken for readers stay runnable for five looks, then park
    // (here: the count stays 2, as where they never reach their FIFOs)
    const p = fakeProc({ parked: [11, 12], runnable: (look) => (look < 5 ? 2 : 0) });
    const reading = await waitParked(64, before, 2000);
    expect(reading).toMatchObject({ inOpen: 2 });
    expect(p.looks()).toBe(8); // five runnable, then three quiet
    // the counting thread is never among those asked about
    expect(p.asked.every((tids) => !tids.includes(1))).toBe(true);
  });

  test('a thread that stays runnable ends the wait at its limit, with no reading', async () => {
    fakeProc({ parked: [11, 12], runnable: () => 1 });
    const t0 = Date.now();
    expect(await waitParked(64, before, 120)).toBeNull();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(110);
  });

  test('a runnable look breaks the run of stable ones', async () => {
    const p = fakeProc({ parked: [11, 12, 13, 14], runnable: (look) => (look === 2 ? 1 : 0) });
    expect(await waitParked(64, before, 2000)).toMatchObject({ inOpen: 4 });
    expect(p.looks()).toBe(6); // quiet, quiet, runnable, then three quiet
  });

  test('where the thread cannot name itself, the main thread (the pid) is the counting one', async () => {
    const p = fakeProc({ parked: [11, 12], runnable: () => 0, self: null });
    Object.assign(proc, { threads: () => [process.pid, 11, 12, 13, 14] });
    expect(await waitParked(64, new Set([process.pid, 11, 12, 13, 14]), 2000)).toMatchObject({ inOpen: 2 });
    expect(p.asked.every((tids) => !tids.includes(process.pid))).toBe(true);
  });

  test('a pool the count started ends on its own threads all parked, without asking who is runnable', async () => {
    const p = fakeProc({ parked: [11, 12, 13, 14], runnable: () => 1 });
    expect(await waitParked(64, new Set([1]), 2000)).toMatchObject({ inOpen: 4 });
    expect(p.asked).toHaveLength(0);
  });
});
