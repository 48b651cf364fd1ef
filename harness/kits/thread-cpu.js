// @ts-check
// A process's CPU read from outside, thread by thread, and what it spent
// between two such readings: each live thread's on-CPU time (schedstat) and,
// from the process's utime + stime (which keeps what its ended threads spent),
// the CPU of threads that ended in between. A thread that does some work and
// exits before the second reading is not listed then, so the live threads
// alone would miss its work. Used where a claim says where work runs or what
// it costs: pool.webcrypto (the hash on the pool's threads) and
// worker.pooled-transfer (a move costs the sender no copy).
import { createRequire } from 'node:module';
import { listTasks } from '../thread-watch.js';

/** @type {{ cpuNs: (tid: number, pid?: number | 'self') => number, processCpuMs: (pid?: number | 'self') => number, TICK_MS: number }} */
const proc = createRequire(import.meta.url)('../../fixtures/lib/proc.cjs');

/**
 * CPU of threads that ended between two readings not counted against a claim:
 * each reading of utime + stime is short by less than two ticks (the two are
 * truncated apart), so their difference is off by less than two either way
 * (honest windows with no thread ended read 0 to 16 ms).
 */
export const GONE_SLACK_MS = 2 * proc.TICK_MS;

/**
 * @typedef {object} ThreadCpu
 * @property {Record<string, number> | null} threadMs  each live thread's on-CPU ms, by tid; null where the task list was unread
 * @property {number | null} processMs  the process's whole CPU so far (ms, ended threads' included); null where unread
 */

/**
 * One reading of process `pid`'s CPU from outside. A thread that ends between
 * the listing and its own reading is left out (it is counted, once ended, in
 * the next reading's processMs).
 * @param {number} pid
 * @returns {ThreadCpu}
 */
export function readThreadCpu(pid) {
  /** @type {Record<string, number> | null} */
  let threadMs = {};
  try {
    for (const tid of listTasks(pid)) {
      const ns = proc.cpuNs(Number(tid), pid);
      if (Number.isFinite(ns)) threadMs[tid] = ns / 1e6;
    }
  } catch {
    threadMs = null;
  }
  const whole = proc.processCpuMs(pid);
  return { threadMs, processMs: Number.isFinite(whole) ? whole : null };
}

/**
 * What the process spent between readings `a` and `b`: each thread live at `b`
 * (`spentMs` by tid: one started since `a` counts whole), their sum (`liveMs`),
 * and what threads that ended in between spent (`goneMs`: the whole's growth
 * less the live threads', never below 0; null where either whole was unread).
 * null where either task list was unread.
 * @param {ThreadCpu} a @param {ThreadCpu} b
 * @returns {{ spentMs: Record<string, number>, liveMs: number, goneMs: number | null } | null}
 */
export function cpuBetween(a, b) {
  if (!a.threadMs || !b.threadMs) return null;
  /** @type {Record<string, number>} */
  const spentMs = {};
  let liveMs = 0;
  for (const [tid, ms] of Object.entries(b.threadMs)) {
    spentMs[tid] = ms - (a.threadMs[tid] ?? 0);
    liveMs += spentMs[tid];
  }
  const whole = a.processMs != null && b.processMs != null ? b.processMs - a.processMs : null;
  return { spentMs, liveMs, goneMs: whole === null ? null : Math.max(0, whole - liveMs) };
}

/**
 * readThreadCpu, taken where the process holds still: the whole is read before and after
 * the threads, and a reading whose two wholes differ (a thread ran meanwhile, the reader
 * itself descheduled on a busy host: what ran then would count as ended threads' CPU) is
 * taken again, up to `tries` times; where none agreed, the whole is left unread (null:
 * what ended threads spent is then not told).
 * @param {number} pid @param {number} [tries]
 * @returns {ThreadCpu}
 */
export function readThreadCpuSteady(pid, tries = 5) {
  /** @type {ThreadCpu} */
  let r = { threadMs: null, processMs: null };
  for (let i = 0; i < tries; i++) {
    const before = proc.processCpuMs(pid);
    r = readThreadCpu(pid);
    if (r.threadMs === null) return r;
    if (Number.isFinite(before) && before === r.processMs) return r;
  }
  return { threadMs: r.threadMs, processMs: null };
}
