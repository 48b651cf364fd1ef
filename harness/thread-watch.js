// @ts-check
// A process's threads watched from outside it (Linux /proc/<pid>/task), by
// the harness: which of them came and went, and the most one look saw. The
// launcher's thread watch (isolate.js watchThreadsMs) and the threads kit
// (kits/threads.js, which re-exports it) use it.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';

/** @type {{ ioWorker: (tid: number, pid?: number | 'self') => boolean | null }} */
const proc = createRequire(import.meta.url)('../fixtures/lib/proc.cjs');

/** The thread ids of process `pid` (/proc/<pid>/task); throws where they cannot be read. @param {number} pid */
export const listTasks = (pid) => readdirSync(`/proc/${pid}/task`);

/**
 * @typedef {{ tid: number, firstMs: number, lastMs: number }} ThreadSpan  a thread seen from firstMs to lastMs
 *   (ms since the watch began)
 * @typedef {{ looks: number, seen: number, cameAndWent: ThreadSpan[] }} ThreadLives  how many looks were read,
 *   how many of the program's threads they saw, and those of them gone by the last look
 * @typedef {{ firstMs: number, lastMs: number, kernel: boolean | null }} Life  kernel: one of io_uring's
 *   workers (null: not read yet)
 */

/**
 * Watch the threads of process `pid` from outside it (/proc/<pid>/task)
 * every `everyMs` until stop(), which looks once more and says which of the
 * program's threads were seen and then gone by then. A JavaScript thread
 * that ends (a Worker, terminated) leaves nothing in the process to read
 * afterwards; only a look while it lived sees it, and a Worker lives for
 * tens of ms. io_uring's kernel workers (iou-wrk-*, iou-sqp-*: the kernel
 * starts and ends them) are left out by their task flag, read when first seen.
 * Looks that cannot be read (the process gone, not Linux) are skipped;
 * stop() gives null where the last one could not be read.
 * @param {number} pid
 * @param {{ everyMs?: number, tasks?: (pid: number) => string[], kernel?: (pid: number, tid: number) => boolean | null, now?: () => number }} [o]
 *   tasks, kernel (is the thread io_uring's), now: injectable (tests)
 * @returns {{ stop: () => ThreadLives | null, most: () => number | null }}
 */
export function watchThreads(
  pid,
  { everyMs = 2, tasks = listTasks, kernel = (p, tid) => proc.ioWorker(tid, p), now = () => performance.now() } = {},
) {
  const t0 = now();
  /** @type {Map<number, Life>} */
  const lives = new Map();
  let looks = 0;
  let most = 0;
  /** One look: every thread there now, noted; the set of them, or null where it cannot be read. */
  const look = () => {
    let tids;
    try {
      tids = tasks(pid).map(Number);
    } catch {
      return null;
    }
    const at = Math.round((now() - t0) * 100) / 100;
    looks++;
    for (const tid of tids) noteLife(lives, tid, at, () => kernel(pid, tid));
    // the program's as threadCount counts them: those read as not io_uring's
    most = Math.max(most, tids.filter((tid) => lives.get(tid)?.kernel === false).length);
    return new Set(tids);
  };
  look();
  const timer = setInterval(look, everyMs);
  timer.unref();
  /** @type {ThreadLives | null | undefined} */
  let result;
  return {
    stop: () => {
      if (result !== undefined) return result;
      clearInterval(timer);
      const last = look();
      result = last === null ? null : livesOf(lives, last, looks);
      return result;
    },
    /** The most of the program's threads one look saw (io_uring's left out), or null before any look. */
    most: () => (looks > 0 ? most : null),
  };
}

/**
 * Note a sighting of thread `tid` at `at` ms: its first, or a later one.
 * Whether it is io_uring's is read at the first (the flag is set at once)
 * and again while it could not be.
 * @param {Map<number, Life>} lives @param {number} tid @param {number} at @param {() => boolean | null} kernel
 */
function noteLife(lives, tid, at, kernel) {
  const life = lives.get(tid);
  if (!life) return void lives.set(tid, { firstMs: at, lastMs: at, kernel: kernel() });
  life.lastMs = at;
  if (life.kernel === null) life.kernel = kernel();
}

/**
 * What the looks saw: the program's threads and those of them not there at
 * the last look. io_uring's are left out, and so is a thread whose flag was
 * never read: it ended in the moment between the listing that first showed
 * it and that read, which cannot say whose it was (a rare race: a Worker
 * lives for tens of ms, and looks every few ms read its flag while it lives).
 * @param {Map<number, Life>} lives @param {Set<number>} last @param {number} looks
 * @returns {ThreadLives}
 */
export function livesOf(lives, last, looks) {
  const own = [...lives].filter(([, life]) => life.kernel === false);
  const cameAndWent = own
    .filter(([tid]) => !last.has(tid))
    .map(([tid, { firstMs, lastMs }]) => ({ tid, firstMs, lastMs }));
  return { looks, seen: own.length, cameAndWent };
}
