import { defineSpec } from '../../harness/spec.js';
import { poolSize, madeRequest } from '../../harness/kits/pool.js';
import { fsOnRing } from '../../harness/kits/io-uring.js';

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
      trial: (c) =>
        c.run('pool-parked.cjs', {
          options: { mode: 'watch', pool: c.poolSize, intervalMs: INTERVAL_MS, holdMs: HOLD_MS },
          timeoutMs: 15_000,
        }),
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
          return {
            ok: watch.before && !watchFile.before && watchFile.done && own?.ok !== false,
            detail: `with all ${obs.P} pool threads held (${census}), after the change: ${what}${own ? ` (${own.text})` : ''}; fs.access waited`,
          };
        },
      },
    };
  },
});
