// @ts-check
// Pool work submitted while every pool thread is parked (fixtures/lib/pool-probe-main.cjs
// lateWork): which requests the harness draws, and the part that reads them. None may
// complete while the pool is parked, and the process may gain no thread for them: a pool
// grown late for some work (pool.env-in-code) or a request run off the pool
// (pool.default-size) shows here.
import { randomInt } from 'node:crypto';
import { shuffled } from './draw.js';

/** Kinds of pool request pool-probe-main.cjs lateWork submits. */
const OTHER_KINDS = ['zlib', 'randomBytes', 'fs'];

/**
 * Requests submitted while the pool's P threads are parked (after pool.env-in-code's late
 * assignment; in pool.default-size, beside its default pool):
 * P + 1–3 hashes, each a pbkdf2 or a scrypt (drawn): more than the pool started with, so a
 * pool grown for them would run one at once; and one of each other kind (zlib, randomBytes,
 * fs.access), in a drawn order. None may complete while every pool thread is parked.
 * @param {number} P
 */
export function drawLateWork(P) {
  return shuffled([
    ...Array.from({ length: P + 1 + randomInt(3) }, () => (randomInt(2) ? 'pbkdf2' : 'scrypt')),
    ...OTHER_KINDS,
  ]);
}

/**
 * The part of the case after the first pool use that reads its late requests (trial's
 * `late`): submitted while every pool thread was parked, none completed in the 40 ms
 * waited (honest: 0 of P + 4–6, every run, Node 20–26), all completed once the readers
 * were let through with no error, and the process's threads, listed by the harness
 * from outside before they were submitted and after the wait, gained none (honest: 0;
 * a worker thread made for a hash: 1 or more). null where it was not read (a record
 * from before, or off Linux for the threads: that reading left out).
 * @param {any} late the trial's { kinds, report, threads: { 'late-before', 'late-after' } }
 * @returns {{ ok: boolean, detail: string } | null}
 */
export function latePart(late) {
  if (!late?.report) return null;
  const { kinds, report: r, threads } = late;
  const parts = [];
  let ok = true;
  const same = Array.isArray(r.kinds) && r.kinds.join() === kinds.join();
  if (!same || r.done !== kinds.length || r.errors?.length) {
    ok = false;
    parts.push(
      `of ${kinds.length} late requests ${r.done} completed${r.errors?.length ? ` (${r.errors.join(', ')})` : ''}${same ? '' : ', not those submitted'}`,
    );
  }
  if (r.doneWhileParked !== 0) ok = false;
  parts.push(
    `${r.doneWhileParked} of ${kinds.length} late requests (${countKinds(kinds)}) completed while every pool thread was parked (expected none)`,
  );
  const [before, after] = [threads?.['late-before'], threads?.['late-after']];
  if (Array.isArray(before) && Array.isArray(after)) {
    const had = new Set(before);
    const gained = after.filter((/** @type {number} */ t) => !had.has(t)).length;
    if (gained !== 0) ok = false;
    parts.push(`the process gained ${gained} threads across them, read from outside (expected none)`);
  }
  return { ok, detail: parts.join(', ') };
}

/** @param {string[]} kinds */
const countKinds = (kinds) =>
  Object.entries(kinds.reduce((/** @type {Record<string, number>} */ n, k) => ((n[k] = (n[k] ?? 0) + 1), n), {}))
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');

/**
 * The late work's reading from a FIFO probe that submitted `kinds` (probePool's lateWork,
 * read from outside): the kinds, the fixture's report, and the threads the harness listed
 * before and after them, null where the fixture went on without one of those looks (its
 * threads were then read at another moment).
 * @param {any} probe @param {string[]} kinds
 */
export function lateReading(probe, kinds) {
  const missed = Array.isArray(probe.outside?.late) ? probe.outside.late : [];
  const threads = probe.outside?.lateThreads;
  const atTheirMoment = threads && !missed.includes('late-before') && !missed.includes('late-after');
  return { kinds, report: probe.lateWork ?? null, threads: atTheirMoment ? threads : null };
}
