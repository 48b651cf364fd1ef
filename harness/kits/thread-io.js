// @ts-check
// A process's reads (bytes and read system calls) read from outside, thread by
// thread, and what it read between two such readings, threads that ended in
// between included. Each thread's /proc/<pid>/task/<tid>/io counts its own
// reads only while it lives; the process's /proc/<pid>/io adds to the live
// threads' those of every thread that ended (the kernel keeps them with the
// process), so the whole's growth less the live threads' is what ended threads
// read. Unlike the process's CPU (thread-cpu.js: clock ticks), these counts are
// exact. Used where a claim says which threads read: fs.readfile-trips (the
// pool's threads read the files) and pool.per-process (a Worker's read runs on
// the pool).
import { readFileSync } from 'node:fs';
import { listTasks } from '../thread-watch.js';
import { ioField } from './threads.js';

/** @typedef {{ rchar: number, syscr: number }} IoCount */

/**
 * @typedef {object} ThreadIo
 * @property {Record<string, IoCount>} threads  each live thread's reads so far, by tid (io_uring's kernel workers included)
 * @property {IoCount} whole  the process's reads so far, ended threads' included
 */

/**
 * Bytes and read calls of one io file; null where unread.
 * @param {string} file
 * @returns {IoCount | null}
 */
export function readIoFile(file) {
  try {
    const text = readFileSync(file, 'utf8');
    const [rchar, syscr] = [ioField(text, 'rchar'), ioField(text, 'syscr')];
    return rchar !== null && syscr !== null ? { rchar, syscr } : null;
  } catch {
    return null;
  }
}

/** How many times readThreadIo tries for a reading during which no thread read or ended. */
const TRIES = 5;

/**
 * One reading of process `pid`'s reads from outside: every live thread's and the
 * whole process's, taken so that they agree. The whole is read before and after
 * the threads; a reading whose two wholes differ (a thread read or ended
 * meanwhile) is taken again, up to TRIES times; null where none agreed, or the
 * process could not be read (not Linux, gone). Meant for a process that holds
 * still while it is read (a fixture waiting for the harness's answer).
 * @param {number} pid
 * @returns {ThreadIo | null}
 */
export function readThreadIo(pid) {
  for (let i = 0; i < TRIES; i++) {
    const before = readIoFile(`/proc/${pid}/io`);
    if (!before) return null;
    /** @type {Record<string, IoCount>} */
    const threads = {};
    let tids;
    try {
      tids = listTasks(pid);
    } catch {
      return null;
    }
    let lost = false;
    for (const tid of tids) {
      const c = readIoFile(`/proc/${pid}/task/${tid}/io`);
      if (c) threads[tid] = c;
      else lost = true; // ended as it was read: its reads are in the next whole
    }
    const after = readIoFile(`/proc/${pid}/io`);
    if (!after) return null;
    if (!lost && after.rchar === before.rchar && after.syscr === before.syscr) return { threads, whole: after };
  }
  return null;
}

/**
 * What the process read between readings `a` and `b`: each thread live at `b`
 * (`spent` by tid; one started since `a` counts whole), and what threads that
 * ended in between read (`gone`: the whole's growth less the live threads',
 * which is exact; a thread that started and ended in between counts there whole).
 * @param {ThreadIo} a @param {ThreadIo} b
 * @returns {{ spent: Record<string, IoCount>, live: IoCount, gone: IoCount }}
 */
export function ioBetween(a, b) {
  /** @type {Record<string, IoCount>} */
  const spent = {};
  const live = { rchar: 0, syscr: 0 };
  for (const [tid, c] of Object.entries(b.threads)) {
    const was = a.threads[tid] ?? { rchar: 0, syscr: 0 };
    spent[tid] = { rchar: c.rchar - was.rchar, syscr: c.syscr - was.syscr };
    live.rchar += spent[tid].rchar;
    live.syscr += spent[tid].syscr;
  }
  // a thread live at `a` that ended: its reads up to `a` are in a's whole and, once ended, in
  // b's, so the growth keeps only what it read after `a`
  const whole = { rchar: b.whole.rchar - a.whole.rchar, syscr: b.whole.syscr - a.whole.syscr };
  return {
    spent,
    live,
    gone: { rchar: whole.rchar - live.rchar, syscr: whole.syscr - live.syscr },
  };
}
