// @ts-check
// Looks the harness takes from outside a fixture at the moment the fixture
// holds what it holds (fixtures/lib/look.cjs: it says 'held' and waits for
// the answer): the fixture cannot time anything to the look, nor undo what it
// did before it. Used by pool.slow-io-cap-n1 (was an fs call's work done with
// the lookups held), pool.dns-half-cap (which threads were busy then),
// pool.fs-io-uring (what the main thread read while the fs calls ran) and the
// network claims' free-pool readings (kits/net-pool-use.js).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { listTasks } from '../thread-watch.js';

/** @type {{ threadWait: (pid: number, tid: number) => string | null, ioWorker: (tid: number, pid?: number | 'self') => boolean | null, OPENAT: number | undefined }} */
const proc = createRequire(import.meta.url)('../../fixtures/lib/proc.cjs');

/**
 * Run a fixture to its end (ctx.start) and, each time it says 'held', take
 * look(pid, message) then, before answering it: the fixture goes on only
 * after. Resolves with the run's result (what it reported, the threads
 * watched) and what each look read, in order (null for one that threw; none
 * where it never said 'held').
 * @template T
 * @param {import('../context.js').Context} ctx @param {string} fixture
 * @param {import('../launcher.js').RunOptions} o
 * @param {(pid: number, message: any) => T} look
 * @returns {Promise<{ data: any, threadsMost?: number | null, looks: (T | null)[] }>}
 */
export async function runWithLook(ctx, fixture, o, look) {
  /** @type {(T | null)[]} */
  const looks = [];
  const h = ctx.start(fixture, {
    ...o,
    onMessage: (m) => {
      if (m?.event !== 'held') return;
      try {
        looks.push(h.pid === undefined ? null : look(h.pid, m));
      } catch {
        looks.push(null);
      }
      // naming the phase the fixture named, if any: its wait (look.cjs harnessLooks) ends
      // only on the answer to its own phase
      h.send({ type: 'looked', ...(m.phase !== undefined && { phase: m.phase }) });
    },
  });
  const result = await h.result;
  return { ...result, looks };
}

/**
 * The context `c` with its start() tapped: each message of a fixture started through it
 * goes first to `tap(pid, message, handle)`, with the pid the spawn gave (not one a message
 * names), then, unless `tap` returns true (it took the message: answered it itself), to the
 * caller's own onMessage. `options` adds to the fixture's JSON argument.
 * @param {import('../context.js').Context} c
 * @param {(pid: number, message: any, handle: import('../isolate.js').FixtureHandle) => boolean | void} tap
 * @param {object} [options]
 * @returns {import('../context.js').Context}
 */
export function tappedStart(c, tap, options) {
  /** @type {import('../context.js').Context['start']} */
  const start = (fixture, o = {}) => {
    /** @type {import('../isolate.js').FixtureHandle | undefined} */
    let handle;
    handle = c.start(fixture, {
      ...o,
      ...(options ? { options: { ...o.options, ...options } } : {}),
      onMessage: (/** @type {any} */ m) => {
        const took = handle?.pid !== undefined && tap(handle.pid, m, handle);
        if (!took) o.onMessage?.(m);
      },
    });
    return handle;
  };
  return { ...c, start };
}

/** openat's number (proc.cjs's), which proc.threadWait gives as a number. */
const OPENAT = proc.OPENAT === undefined ? undefined : String(proc.OPENAT);

/**
 * The waits a thread sleeps in when it has nothing to do: a pool thread's,
 * a V8 platform worker's (futex, a condition variable) and an event loop's
 * (epoll). A thread blocked anywhere else is doing something: inside a
 * system call that waits for a file, a pipe, a socket.
 * @param {string} wait  proc.threadWait's reading
 */
const idle = (wait) => wait === 'futex' || wait.startsWith('epoll:');

/**
 * The threads of process `pid` now (their ids), read from outside it; null
 * where they cannot be read (not Linux, gone). Taken before a fixture starts
 * its pool, it names the threads that are not the pool's (busyCalls `before`).
 * @param {number} pid @param {(pid: number) => string[]} [tasks]  (tests)
 * @returns {Set<number> | null}
 */
export function tasksNow(pid, tasks = listTasks) {
  try {
    return new Set(tasks(pid).map(Number));
  } catch {
    return null;
  }
}

/** A thread's name from outside its process (/proc/<pid>/task/<tid>/comm); null where unreadable. @param {number} pid @param {number} tid */
function taskName(pid, tid) {
  try {
    return readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * The threads of process `pid` blocked in a system call other than an idle
 * wait (idle), read from outside it now: the count of each call they are in
 * ('openat', 'read', …). Threads on a CPU (or runnable) are not blocked;
 * io_uring's kernel workers are left out. With `before` (tasksNow, read before
 * the process started its pool), only the pool's threads count: those not
 * there then, or named 'libuv-worker' (libuv 1.50 on: a pool started before
 * it) — as proc.poolThreadIds has them from inside; a V8 platform worker
 * caught in mmap or write is not a pool thread at work. null where the
 * threads cannot be read (not Linux, an architecture proc.cjs does not name
 * calls on, gone).
 * @param {number} pid
 * @param {{ before?: Set<number> | null, tasks?: (pid: number) => string[], wait?: (pid: number, tid: number) => string | null, kernel?: (pid: number, tid: number) => boolean | null, name?: (pid: number, tid: number) => string | null }} [read]  (tests: all but before)
 * @returns {Record<string, number> | null}
 */
export function busyCalls(
  pid,
  {
    before = null,
    tasks = listTasks,
    wait = proc.threadWait,
    kernel = (p, tid) => proc.ioWorker(tid, p),
    name = taskName,
  } = {},
) {
  let tids;
  try {
    tids = tasks(pid).map(Number);
  } catch {
    return null;
  }
  if (before) tids = tids.filter((tid) => !before.has(tid) || name(pid, tid) === 'libuv-worker');
  /** @type {Record<string, number>} */
  const out = {};
  for (const tid of tids) {
    const w = wait(pid, tid);
    if (w === null) {
      if (kernel(pid, tid) === null) continue; // ended since the listing
      return null; // there, its call unreadable
    }
    if (w === 'running' || w === 'no-syscall' || idle(w) || kernel(pid, tid)) continue;
    const call = w === OPENAT ? 'openat' : w;
    out[call] = (out[call] ?? 0) + 1;
  }
  return out;
}

/**
 * What thread `tid` of process `pid` has read so far (its task's io file), from outside it
 * (/proc/<pid>/task/<tid>/io): its read system calls (syscr) and the bytes
 * they returned (rchar), of files, pipes and eventfds alike; null where it
 * cannot be read (not Linux, gone, no permission).
 * @param {number} pid @param {number} [tid]  default: the main thread
 * @param {(file: string) => string} [read]  (tests)
 * @returns {{ syscr: number, rchar: number } | null}
 */
export function taskIo(pid, tid = pid, read = (f) => readFileSync(f, 'utf8')) {
  let text;
  try {
    text = read(`/proc/${pid}/task/${tid}/io`);
  } catch {
    return null;
  }
  const field = (/** @type {string} */ name) => Number(new RegExp(`^${name}:\\s*(\\d+)`, 'm').exec(text)?.[1] ?? NaN);
  const out = { syscr: field('syscr'), rchar: field('rchar') };
  return Number.isFinite(out.syscr) && Number.isFinite(out.rchar) ? out : null;
}
