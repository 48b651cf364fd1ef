import { defineSpec } from '../../harness/spec.js';
import { poolSize, madeRequest } from '../../harness/kits/pool.js';
import { fsOnRing } from '../../harness/kits/io-uring.js';
import { readFileSync } from 'node:fs';
import { runWithLook, tasksNow } from '../../harness/kits/look.js';
import { listTasks } from '../../harness/thread-watch.js';

// fs.watchFile is libuv's uv_fs_poll: a timer that issues uv_fs_stat, a pool
// request, and compares the result with the last (fs-poll.c). fs.watch is
// uv_fs_event: inotify on Linux, read on the event loop. With every pool
// thread held, a change is seen by fs.watch at once and by fs.watchFile only
// once its stat gets a thread.
const INTERVAL_MS = 10;
/**
 * How long the pool stays held: the time fs.watchFile has to report the
 * change without the pool, 15 of its polls. fs.watch reported it within
 * 2.4 ms in every one of the 120 trials of six stability benches, quiet to
 * two busy loops and a 1-CPU quota (BENCHMARKS.md §25); it was 300 ms.
 */
const HOLD_MS = 150;
// The pool is held in reads: each thread in an fs.read of a FIFO that has a
// writer and no data (read(2)), where the other pool claims park threads in
// open(2) (fs.copyFile from a FIFO). A poll is stopped by every pool thread
// busy, whatever they are busy in; a poll done elsewhere whose change waits
// for the pool's threads to leave open(2) (watchfile-open-gated: fs.statSync
// on the main thread, delivered once no thread is in open(2)) reports with
// the pool held here and fails. Honest: parkedNow is P (the pool's threads in
// read(2)) and fs.watchFile reports only after the release, Node 20 to 26.

/**
 * How long the harness watches the pool's threads once the pool is free again
 * and the file unchanged (the fixture's quietMs): fs.watchFile alone uses the
 * pool then, one stat each interval.
 */
export const QUIET_MS = 100;
/**
 * The fewest times the pool's threads may have gone back to sleep (voluntary
 * context switches, /proc/<pid>/task/<tid>/status, read by the harness from
 * outside) over QUIET_MS: each poll wakes a pool thread for its stat, which
 * sleeps again once it is done, so about QUIET_MS / INTERVAL_MS. Polls done
 * elsewhere (watchfile-ticker-access: fs.statSync on the main thread from a
 * ticker, the StatWatcher started with an interval of 24 days) leave the pool
 * idle: 0. Honest: 11 to 20 on Node 20.20.2 (26 trials: quiet, beside two busy loops,
 * on one CPU, pools of 1 and 8); watchfile-ticker-access: 0 in 15 trials.
 */
export const POOL_WAKES = 3;

/**
 * Each thread of process `pid` now, from outside it: its name and its voluntary
 * context switches (/proc/<pid>/task/<tid>/status); null where they cannot be
 * read (not Linux, gone).
 * @param {number} pid @param {(pid: number) => string[]} [tasks]  (tests)
 * @param {(file: string) => string} [read]  (tests)
 * @returns {Record<number, { name: string, switches: number }> | null}
 */
export function threadSwitches(pid, tasks = listTasks, read = (f) => readFileSync(f, 'utf8')) {
  /** @type {Record<number, { name: string, switches: number }>} */
  const out = {};
  let tids;
  try {
    tids = tasks(pid);
  } catch {
    return null;
  }
  for (const tid of tids) {
    let text;
    try {
      text = read(`/proc/${pid}/task/${tid}/status`);
    } catch {
      continue; // ended since the listing
    }
    const switches = Number(/^voluntary_ctxt_switches:\s*(\d+)/m.exec(text)?.[1] ?? NaN);
    const name = /^Name:\s*(.*)$/m.exec(text)?.[1]?.trim() ?? '';
    if (!Number.isFinite(switches)) return null;
    out[Number(tid)] = { name, switches };
  }
  return out;
}

/**
 * How often the pool's threads went back to sleep between the two 'quiet'
 * looks: the pool's threads are those not there at 'begin' (before the
 * fixture used the pool) or named 'libuv-worker' (libuv 1.50 on), there at
 * both looks. null where a look is missing or no pool thread is seen.
 * @param {Set<number> | null} before
 * @param {(Record<number, { name: string, switches: number }> | null)[]} quiet
 * @returns {{ threads: number, wakes: number } | null}
 */
export function poolWakes(before, quiet) {
  const [a, b] = quiet;
  if (!before || quiet.length !== 2 || !a || !b) return null;
  const tids = Object.keys(b)
    .map(Number)
    .filter((t) => a[t] && (!before.has(t) || b[t].name === 'libuv-worker'));
  if (tids.length === 0) return null;
  return { threads: tids.length, wakes: tids.reduce((n, t) => n + b[t].switches - a[t].switches, 0) };
}

/**
 * The looks for one run: at 'begin' the process's threads (tasksNow), at each
 * 'quiet' every thread's switches; `wakes()`: poolWakes of them.
 * @param {{ tasksNow: typeof tasksNow, threadSwitches: typeof threadSwitches }} [read]  (tests)
 */
export function quietLook(read = { tasksNow, threadSwitches }) {
  /** @type {Set<number> | null} */
  let before = null;
  /** @type {(Record<number, { name: string, switches: number }> | null)[]} */
  const quiet = [];
  return {
    look: (/** @type {number} */ pid, /** @type {any} */ m) => {
      if (m?.at === 'begin') before = read.tasksNow(pid);
      else if (m?.at === 'quiet') quiet.push(read.threadSwitches(pid));
      return null;
    },
    wakes: () => poolWakes(before, quiet),
  };
}

/**
 * That the polls ran on the pool, as a part: the pool's threads woke for them
 * while fs.watchFile alone used the pool (poolWakes); null where not read.
 * @param {{ poolWakes?: { threads: number, wakes: number } | null, quietMs?: number }} obs
 * @returns {{ ok: boolean, text: string } | null}
 */
export function polledOnPool(obs) {
  const w = obs.poolWakes;
  if (!w) return null;
  const ok = w.wakes >= POOL_WAKES;
  return {
    ok,
    text:
      `its polls woke the pool's ${w.threads} threads ${w.wakes} times in ${obs.quietMs ?? QUIET_MS} ms with the pool free (read from outside)` +
      (ok ? '' : ` (expected ${POOL_WAKES} or more: each poll's stat runs on a pool thread)`),
  };
}

export default defineSpec({
  id: 'pool.watchfile',
  title: 'fs.watchFile polls through the thread pool; fs.watch does not',
  area: 'threadpool',
  claim:
    'fs.watchFile finds changes by polling fs.stat on the libuv pool, so with every pool thread busy it reports nothing; fs.watch is told by the kernel and reports at once.',
  truth:
    'True on Node 20 to 26 (Linux, inotify): with every pool thread held, fs.watch reports a change within milliseconds, fs.watchFile (interval 10 ms) only after the release. Where libuv sends stat to io_uring (20.3.0–20.11.0 by default, or UV_USE_IO_URING=1 before libuv 1.49; see pool.fs-io-uring) the poll skips the pool; the harness runs fixtures with io_uring off.',
  expected: 'holds',
  tags: ['structural', 'fifo-probe'],
  requires: ['linux'],
  source: {
    file: 'https://github.com/libuv/libuv/blob/v1.x/src/fs-poll.c',
    section: 'poll_cb / timer_cb: each poll is a uv_fs_stat request',
    figures: null,
  },
  plan(ctx) {
    const P = poolSize(ctx);
    const ring = fsOnRing(ctx);
    return {
      ...(ring ? { undecidable: `${ring}: the poll's stat may go to io_uring, not the pool` } : {}),
      summary: `A file watched by fs.watchFile (interval ${INTERVAL_MS} ms) and by fs.watch; all ${P} pool threads held, each in an fs.read of a FIFO with no data (read(2)), then the file grows by one byte (synchronously). Model: fs.watch reports it with the pool held, fs.watchFile only after the release; fs.access (the pool control) waits.`,
      model: { P, intervalMs: INTERVAL_MS, watchBeforeRelease: true, watchFileBeforeRelease: false },
      // With the pool free again, the harness reads the pool's threads from outside
      // over QUIET_MS (runWithLook, quietLook): each poll's stat wakes one. Not
      // under Node options (a preload may use the pool): the fixture's readings alone.
      async trial(c) {
        const options = { mode: 'watch', pool: c.poolSize, intervalMs: INTERVAL_MS, holdMs: HOLD_MS };
        const o = { options, timeoutMs: 15_000 };
        if (c.platform !== 'linux' || c.env?.NODE_OPTIONS) return c.run('pool-parked.cjs', o);
        const q = quietLook();
        const look = { ...o, options: { ...options, look: true, quietMs: QUIET_MS } };
        const { data } = await runWithLook(c, 'pool-parked.cjs', look, q.look);
        return { ...data, poolWakes: q.wakes() };
      },
      structural: {
        asserts: 'with every pool thread held fs.watch reports the change, fs.watchFile only after release',
        need: 2, // which watcher reported while the pool was held: exact
        check(obs) {
          const { watch, watchFile } = obs.ops;
          const sized =
            (obs.parked === null || obs.parked === obs.P) &&
            (obs.poolThreads === null || obs.poolThreads === obs.P) &&
            (obs.parkedNow === null || obs.parkedNow === obs.P);
          const census =
            `${obs.poolThreads ?? '?'} pool threads, ${obs.parkedNow ?? obs.parked ?? '?'} held` +
            (obs.heldIn ? ` in ${obs.heldIn}(2)` : '');
          const polled = watchFile.before
            ? `fs.watchFile reported it with the pool held (${watchFile.ms} ms)`
            : watchFile.done
              ? 'fs.watchFile reported it only after the release'
              : 'fs.watchFile never reported it';
          const told = watch.before
            ? `fs.watch within ${watch.ms} ms`
            : 'fs.watch did not report it with the pool held';
          const what = `${told}; ${polled}`;
          if (!sized)
            return { ok: false, detail: `${what}, but the pool has ${census} (expected ${obs.P} and ${obs.P})` };
          if (obs.controls.access.before)
            return { ok: false, invalid: true, detail: `the control fs.access completed with the pool held; ${what}` };
          // the polls that waited are the stat watcher's (libuv's fs poll), not a timer of its own
          const own = madeRequest(watchFile.requests, ['STATWATCHER'], 'fs.watchFile');
          // and they run on the pool: its threads wake for them once free (from outside)
          const pooled = polledOnPool(obs);
          return {
            ok: watch.before && !watchFile.before && watchFile.done && own?.ok !== false && pooled?.ok !== false,
            detail: `with all ${obs.P} pool threads held (${census}), after the change: ${what}${own ? ` (${own.text})` : ''}${pooled ? `; ${pooled.text}` : ''}; fs.access waited`,
          };
        },
      },
    };
  },
});
