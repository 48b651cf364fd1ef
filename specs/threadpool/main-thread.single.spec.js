import { defineSpec } from '../../harness/spec.js';
import { mainThreadTrial, beyondBare, bareThreadsOnce } from '../../harness/kits/threads.js';
import { poolSize } from '../../harness/kits/pool.js';

/**
 * How many of the callbacks' marks the kernel counted for the main thread
 * itself: each callback reads `mark` bytes of /dev/zero, and the kernel
 * counts those bytes for the thread that read them (read by the harness from
 * /proc/<pid>/task/<pid>/io). null when not read (off Linux, older records).
 * @param {any} obs
 */
export function marksOnMain(obs) {
  if (!obs.reads || !obs.marks) return null;
  return Math.floor(obs.reads.main / obs.marks.mark);
}

/**
 * Event loops Node keeps on threads of its own besides the main one: its
 * platform's delayed-task scheduler runs a libuv loop on a thread it starts
 * before any JavaScript ('DelayedTaskSche…' from Node 22 on; measured on
 * Node 20, 22, 24 and 26: exactly this one thread in epoll_wait besides the
 * main thread). A Worker kept alive adds one each, whatever its name.
 */
export const NODE_LOOPS = 1;

/**
 * What the harness saw of the program's threads from outside (Linux /proc):
 * a thread of the program's that came and went while the callbacks ran (a
 * JavaScript thread, a Worker, ended; io_uring's kernel workers left out),
 * and the threads waiting in an event loop once the fixture had reported.
 * ok and a sentence; null where neither was read (not Linux, older records).
 * @param {any} obs
 * @returns {{ ok: boolean, detail: string } | null}
 */
export function threadsFromOutside(obs) {
  const went = cameAndWent(obs.threadsCameAndWent, obs.threadsSeen);
  const loops = otherLoops(obs.loops, obs.pid);
  const count = beyondBare(obs.threadsAtReport, obs.bareThreads, 'at its report');
  const others = childPart(obs.children);
  if (!went && !loops && !count && !others) return null;
  const bad = [went, loops, count, others].filter((p) => p && !p.ok);
  return {
    ok: bad.length === 0,
    detail: (bad.length ? bad : [went, loops, count, others])
      .filter(Boolean)
      .map((p) => p?.detail)
      .join('; '),
  };
}

/**
 * The threads that came and went (watchThreads in harness/kits/threads.js),
 * as a part; null where not read.
 * @param {{ tid: number, firstMs: number, lastMs: number }[] | null | undefined} went @param {number | null | undefined} seen
 */
function cameAndWent(went, seen) {
  if (!Array.isArray(went)) return null;
  if (went.length === 0) return { ok: true, detail: `threads seen over the run: ${seen}, none came and went` };
  const ms = went.map((t) => Math.round(t.lastMs - t.firstMs));
  const span = Math.min(...ms) === Math.max(...ms) ? `${ms[0]}` : `${Math.min(...ms)}–${Math.max(...ms)}`;
  const tids = went.map((t) => t.tid).join(', ');
  return {
    ok: false,
    detail:
      went.length === 1
        ? `a thread of the program's ran for ${span} ms and ended while the callbacks ran (tid ${tids}): JavaScript on another thread`
        : `${went.length} threads of the program's ran for ${span} ms each and ended while the callbacks ran (tids ${tids}): JavaScript on other threads`,
  };
}

/**
 * The threads besides the main one waiting in an event loop once the
 * fixture had reported (eventLoops in harness/kits/threads.js), against the
 * NODE_LOOPS Node keeps itself, as a part; null where not read.
 * @param {number[] | null | undefined} loops @param {number} pid
 */
function otherLoops(loops, pid) {
  if (!Array.isArray(loops)) return null;
  const others = loops.filter((tid) => tid !== pid);
  if (others.length <= NODE_LOOPS)
    return {
      ok: true,
      detail: `threads in an event loop besides the main one: ${others.length} (Node's platform keeps ${NODE_LOOPS}, its delayed-task scheduler)`,
    };
  return {
    ok: false,
    detail: `threads other than the main one wait in an event loop: ${others.length} (tids ${others.join(', ')}; Node's platform keeps ${NODE_LOOPS}): JavaScript threads besides the main one`,
  };
}

/**
 * The processes the program started (childProcesses in harness/kits/threads.js),
 * as a part; null where not read. The program starts none: a callback run in
 * another process, alive at the report or ended (its CPU counted to the
 * parent once waited for), is JavaScript off the main thread.
 * @param {{ alive: number[], endedCpuMs: number } | null | undefined} children
 */
export function childPart(children) {
  if (!children) return null;
  const { alive, endedCpuMs } = children;
  if (alive.length === 0 && endedCpuMs === 0) return { ok: true, detail: 'processes it started: none' };
  const said = [
    alive.length ? `${alive.length} alive at its report (pid ${alive.join(', ')})` : '',
    endedCpuMs ? `ended ones that used ${endedCpuMs} ms of CPU` : '',
  ].filter(Boolean);
  return { ok: false, detail: `processes it started: ${said.join(', ')}: JavaScript in another process` };
}

export default defineSpec({
  id: 'main-thread.single',
  title: 'Every JavaScript callback runs on the one main thread',
  area: 'threadpool',
  claim:
    'All JavaScript callbacks (synchronous code, timers, fs, crypto, zlib) run on a single main thread, which also runs the event loop.',
  truth: 'True everywhere: the pool runs the native work, the callback always comes back to the main thread.',
  expected: 'holds',
  tags: ['structural'],
  source: { file: '001_d7825f0db40d285a.txt', section: 'To be fair', figures: null },
  plan: (ctx) => {
    const bare = bareThreadsOnce();
    const P = poolSize(ctx);
    return {
      summary:
        "Every callback kind reports the same kernel thread (the process id, on Linux), worker_threads.threadId 0 and isMainThread true, while pool threads exist; on Linux the kernel agrees: each callback reads 4 MiB of /dev/zero, and the main thread's own read count (/proc/<pid>/task/<pid>/io, read by the harness) holds one such read per callback kind; and the harness watches the process's threads from outside (/proc/<pid>/task, every 2 ms until it reports): no thread of the program's comes and goes while the callbacks run (a JavaScript thread that ended), once it has reported, no thread waits in an event loop (epoll_wait) but the main one and the one Node's platform keeps, it has no more threads than a bare Node with the same settings after the same pool uses (counted from outside), and it started no process (none alive at its report, none that ended: its children's CPU in /proc/<pid>/stat).",
      trial: (c) => mainThreadTrial(c, { watch: true, parkNew: true, bare }),
      structural: {
        need: 2,
        asserts: 'every callback kind runs on the one main thread',
        check(obs) {
          const off = obs.seen.filter((s) => !s.isMainThread || s.threadId !== 0 || (obs.linux && s.tid !== obs.pid));
          const kinds = obs.seen.map((s) => s.kind);
          // The kernel's view: one mark read per callback, counted for the main thread.
          const onMain = marksOnMain(obs);
          const kernelOk = onMain === null || onMain >= obs.seen.length;
          const kernel =
            onMain === null
              ? ''
              : `; the kernel counted ${onMain} of their ${obs.seen.length} marks (${obs.marks.mark / 1048576} MiB reads) for the main thread${kernelOk ? '' : ': the other callbacks ran on another thread'}`;
          // The thread count stands beside a bare Node's only with the pool whole: P threads that each
          // take a pool request (a pool one short could hide a thread of the program's own).
          if (typeof obs.poolParked === 'number' && typeof obs.threadsAtReport === 'number' && obs.poolParked !== P)
            return {
              ok: false,
              invalid: true,
              detail: `${obs.poolParked} of the ${P} pool threads took a pool request each: the threads beside the pool's cannot be counted`,
            };
          // From outside the process: another JavaScript thread, ended or kept.
          const outside = threadsFromOutside(obs);
          const ids = off.length
            ? `callbacks off the main thread: ${off.map((s) => `${s.kind} on ${s.tid}`).join(', ')}`
            : `${kinds.length} callback kinds (${kinds.join(', ')}) all reported ${ctx.platform === 'linux' ? `thread ${obs.pid} = the process id` : 'threadId 0'}`;
          const ok = off.length === 0 && obs.seen.length >= 8 && kernelOk && outside?.ok !== false;
          // Node options in force may start threads and loops of their own: the threads were not watched.
          const unwatched = obs.nodeOptions
            ? `; the threads not watched from outside: Node options in force (${obs.nodeOptions})`
            : '';
          return {
            ok,
            detail:
              outside?.ok === false
                ? `${outside.detail}; ${ids}${kernel}`
                : `${ids}${kernel}${outside ? `; ${outside.detail}` : ''}${unwatched}`,
          };
        },
      },
    };
  },
});
