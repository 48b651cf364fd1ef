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

/**
 * Bounds on what a thread started since the fixture's load, beside the
 * pool's, may have done while the callbacks ran (read from outside at its
 * report: startedActivity in harness/kits/threads.js). Measured on Node 20,
 * 22, 24 and 26: each pool thread's whole CPU 0.1–2.7 ms and its reads at
 * most 0.51 MiB (half the fixture's first file each, or its own source). At
 * or past `cpuMs`, `faults` page faults, or a callback's mark read
 * (`marks.mark`, 4 MiB), a thread has run work of the program's own; from
 * `contestedCpuMs`, or past the fixture's whole first file (`marks.file`), it
 * is near a bound and holds back a pass. A process's first Worker's start
 * alone (an isolate's heap and its code) faulted 1 590–2 421 pages in
 * 12.0–29.7 ms of CPU (Node 20–26, this 2-vCPU VM, bench/worker-start.js),
 * where the pool's threads together faulted 298–405 (BENCHMARKS.md §62): the
 * CPU bound alone left a Worker's start near it, the faults do not. A later
 * start, once an earlier Worker has ended, reuses its memory: Node 20 and 22
 * still fault 1 316 or more, Node 24 707–944 (in 20.7 ms or more), Node 26
 * 397–555 in 9.5–12.7 ms, where only its name tells it, and a program may
 * rename its threads: such a Worker started at load is still one thread
 * more than Node's own (othersBeyondBare); one beside the pool's reads
 * contested (BENCHMARKS.md §62). The fault bound is
 * set in 4 KiB pages: with larger pages the same memory faults fewer, so it
 * reads later, never sooner.
 * The pool's threads share the calls' native work, whatever their number: one
 * thread does all of it in a pool of one (and reads the whole file), so they
 * are held to `cpuMs` and the mark each, and near a bound together, from
 * `poolContestedMs` of CPU in all (the same work on any P), less their page
 * faults priced (poolPages): honest 1–6 ms on a host with cheap pages; on
 * one whose faults cost 11–22 µs (this 2-vCPU VM), 5.3–13.0 ms as read under
 * Node 20 and 26 with 299–405 faults, 0.0–6.6 ms left (36 trials).
 */
export const BESIDE_POOL = { cpuMs: 20, faults: 1024, contestedCpuMs: 5, poolContestedMs: 10 };

/** The thread names Node gives its JavaScript threads (Node 24 on: 'WorkerThread', 'MainThread'; 26: 'node-MainThread'). */
const JS_THREAD_NAME = /WorkerThread|MainThread/;

/**
 * The threads the fixture's first pool use started (its `poolStarted`, ids
 * read from /proc at its report) told apart by what they did, read by the
 * harness from outside (`startedThreads`): the pool's are those that took a
 * pool request each (its `parkedStarted`, the fixture's own census); any
 * thread, the pool's held to the same bounds (the census is the fixture's
 * word, and a pool thread's work is the calls' native part, 0.1–2.7 ms), that
 * spent CPU, read a callback's mark, waits in an event loop of its own or
 * bears the name of a JavaScript thread ran work of the program's own while
 * the callbacks ran (`against`); one near a bound is `contested`; one beside
 * the pool's that did nothing is `idle`. null where either reading was not taken (off Linux, an
 * older record, Node options in force). The pool's together bound is judged
 * with their page faults priced out (poolPages).
 * @param {any} obs
 * @returns {{ pool: import('../../harness/kits/threads.js').StartedThread[], against: string[], contested: string[], idle: string[],
 *   poolMs: number, leftMs: number, paged: ReturnType<typeof poolPages> } | null}
 */
export function besideThePool(obs) {
  if (!Array.isArray(obs.startedThreads) || !Array.isArray(obs.parkedStarted)) return null;
  const mark = obs.marks?.mark ?? 4 * 1048576;
  const file = obs.marks?.file ?? 1048576;
  /** @type {import('../../harness/kits/threads.js').StartedThread[]} */
  const threads = obs.startedThreads;
  const pool = threads.filter((t) => obs.parkedStarted.includes(t.tid));
  /** @type {string[]} */ const against = [];
  /** @type {string[]} */ const contested = [];
  /** @type {string[]} */ const idle = [];
  for (const t of threads) {
    // a thread that took a pool request is held to the same bounds: one that also ran the
    // program's work (a Worker parked beside a pool one short) is no pool thread at rest
    const inPool = pool.includes(t);
    const said = `${inPool ? 'pool ' : ''}${threadSaid(t)}`;
    const loop = typeof t.wait === 'string' && t.wait.startsWith('epoll:');
    if (ranOwnWork(t, mark) || loop) against.push(said);
    else if (t.cpuMs === null || t.rchar === null) contested.push(said);
    else if (inPool) continue;
    else if (t.cpuMs >= BESIDE_POOL.contestedCpuMs || t.rchar > file) contested.push(said);
    else idle.push(said);
  }
  const poolMs = pool.reduce((sum, t) => sum + (t.cpuMs ?? 0), 0);
  const paged = poolPages(obs, pool);
  const leftMs = poolMs - (paged?.pricedMs ?? 0);
  if (leftMs >= BESIDE_POOL.poolContestedMs)
    contested.push(
      `the pool's ${pool.length} thread(s) together ${poolMs.toFixed(1)} ms of CPU${paged ? `, ${pagesSaid(paged)}: ${leftMs.toFixed(1)} ms left` : ''}`,
    );
  return { pool, against, contested, idle, poolMs, leftMs, paged };
}

/**
 * The most page faults of the pool threads' that are priced: the calls'
 * native work touches the first file's 1 MiB (256 pages, read into fresh
 * buffers), zlib's state and the threads' stacks, 300–405 faults in all under
 * Node 20–26 (this 2-vCPU VM); twice the file's pages bound it. Faults past
 * it (a pool thread filling fresh memory of the program's own) are judged as
 * they cost.
 */
export const POOL_PAGES_PRICED = 512;

/**
 * The pool threads' page faults, priced: on a host whose pages are dear
 * (a fault 11–22 µs of the faulting thread's CPU here) they are most of the
 * pool's CPU (Node 20 5.3–10.1 ms together with 299–331 faults, Node 26
 * 8.3–13.0 ms with 373–404). Priced: the pool threads' own faults (read from
 * outside, startedActivity), at most the pages the process gained over their
 * work (the fixture's `pages.residentGained`: a fault that maps the zero page
 * makes nothing resident) and at most POOL_PAGES_PRICED, each at the price the
 * harness measured on its own main thread once the fixture had stopped
 * (`faultCpuUs`: the least of three 1 MiB probes, pages.cjs). Only the
 * together bound is priced: a thread at or past `cpuMs` is judged as it read.
 * null where a reading was not taken (an older record, a thread's faults
 * unread, no price: off Linux, or pages larger than 4 KiB, where the probe
 * reads too few faults).
 * @param {any} obs @param {import('../../harness/kits/threads.js').StartedThread[]} pool
 * @returns {{ faults: number, priced: number, priceUs: number, pricedMs: number } | null}
 */
export function poolPages(obs, pool) {
  const gained = obs.pages?.residentGained;
  const price = obs.faultCpuUs;
  if (typeof gained !== 'number' || typeof price !== 'number' || !(price > 0)) return null;
  if (pool.some((t) => typeof t.faults !== 'number')) return null;
  const faults = pool.reduce((sum, t) => sum + /** @type {number} */ (t.faults), 0);
  const priced = Math.max(0, Math.min(faults, gained, POOL_PAGES_PRICED));
  return { faults, priced, priceUs: price, pricedMs: (priced * price) / 1000 };
}

/** @param {{ faults: number, priced: number, priceUs: number, pricedMs: number }} paged */
const pagesSaid = (paged) =>
  `${paged.faults} page faults, ${paged.priced} priced (at most the pages the process gained and ${POOL_PAGES_PRICED}) at ${paged.priceUs.toFixed(2)} µs each: ${paged.pricedMs.toFixed(1)} ms`;

/** @param {number} bytes */
const mib = (bytes) => (bytes / 1048576).toFixed(2);

/**
 * Whether a thread's readings show work of the program's own, whatever else it
 * is: at or past BESIDE_POOL's `cpuMs` or `faults`, a callback's mark read, or
 * a JavaScript thread's name (boundsSaid words the same).
 * @param {import('../../harness/kits/threads.js').StartedThread} t @param {number} mark
 */
const ranOwnWork = (t, mark) =>
  (t.cpuMs ?? 0) >= BESIDE_POOL.cpuMs ||
  (t.faults ?? 0) >= BESIDE_POOL.faults ||
  (t.rchar ?? 0) >= mark ||
  (typeof t.name === 'string' && JS_THREAD_NAME.test(t.name));

/** ranOwnWork's bounds in words. @param {number} mark */
const boundsSaid = (mark) =>
  `at or past ${BESIDE_POOL.cpuMs} ms of CPU or ${BESIDE_POOL.faults} page faults, a ${mib(mark)} MiB mark read`;

/**
 * One thread's readings in words: its id and name, CPU, page faults, reads and where it waits.
 * @param {import('../../harness/kits/threads.js').StartedThread} t
 */
const threadSaid = (t) =>
  `tid ${t.tid} '${t.name}': ${t.cpuMs === null ? 'CPU unread' : `${t.cpuMs.toFixed(1)} ms of CPU`}${typeof t.faults === 'number' ? `, ${t.faults} page faults` : ''}, ${t.rchar === null ? 'reads unread' : `read ${mib(t.rchar)} MiB`}, waits in ${t.wait ?? '(unread)'}`;

/**
 * The pool's threads' readings in a sentence: how many took a pool request,
 * the range of their CPU and their largest read.
 * @param {import('../../harness/kits/threads.js').StartedThread[]} pool
 */
function poolSaid(pool) {
  if (pool.length === 0) return 'none of the threads started since its load took a pool request';
  const cpu = pool.map((t) => t.cpuMs).filter((c) => c !== null);
  const reads = pool.map((t) => t.rchar).filter((r) => r !== null);
  const range = cpu.length ? `, CPU ${Math.min(...cpu).toFixed(1)}–${Math.max(...cpu).toFixed(1)} ms` : '';
  const most = reads.length ? `, reads at most ${mib(Math.max(...reads))} MiB each` : '';
  return `${pool.length} thread(s) started since its load took a pool request each${range}${most}`;
}

/**
 * besideThePool as the check's part: against (ok false), contested, or its
 * readings (ok true); null where not read.
 * @param {any} obs
 * @returns {{ ok: boolean, contested: boolean, detail: string } | null}
 */
export function besidePart(obs) {
  const b = besideThePool(obs);
  if (!b) return null;
  const pool = poolSaid(b.pool);
  if (b.against.length)
    return {
      ok: false,
      contested: false,
      detail: `${b.against.length === 1 ? 'a thread' : `${b.against.length} threads`} started since its load ran work of the program's own while the callbacks ran (${b.against.join('; ')}; ${boundsSaid(obs.marks?.mark ?? 4 * 1048576)}, an event loop or a JavaScript thread's name): JavaScript off the main thread; ${pool}`,
    };
  if (b.contested.length)
    return {
      ok: false,
      contested: true,
      detail: `${b.contested.length === 1 ? 'a reading' : `${b.contested.length} readings`} of the threads started since its load near a bound (${b.contested.join('; ')}; beside the pool's from ${BESIDE_POOL.contestedCpuMs} ms of CPU or more than the ${mib(obs.marks?.file ?? 1048576)} MiB file read, the pool's from ${BESIDE_POOL.poolContestedMs} ms together less their page faults priced, or a reading not taken): not clear of work of the program's own; ${pool}`,
    };
  const rest = b.idle.length ? `; beside them, idle: ${b.idle.join('; ')}` : '; none beside them';
  const together = b.paged
    ? `; together ${b.poolMs.toFixed(1)} ms of CPU, ${pagesSaid(b.paged)}: ${b.leftMs.toFixed(1)} ms left (a reading near a bound from ${BESIDE_POOL.poolContestedMs} ms)`
    : '';
  return { ok: true, contested: false, detail: `${pool}${together}${rest}` };
}

/**
 * The process's threads that its first pool use did not start, the main
 * thread aside (`otherThreads`, otherActivity in harness/kits/threads.js), as
 * a part. Node's own, there before that use (V8's platform workers, the
 * delayed-task scheduler, the signal and inspector thread), did next to
 * nothing: 0.0–2.8 ms of CPU, at most 236 page faults and 8 bytes read each
 * (Node 20–26, this 2-vCPU VM, 58 trials). So one at or past BESIDE_POOL's
 * `cpuMs` or `faults`, one that read the mark or bears a JavaScript thread's
 * name ran work of the program's own: a Worker started at the program's load
 * or after (an isolate's start faults 1 590–2 421 pages). No bound nearer
 * than these, and none contested: a thread here is Node's, and the count
 * beside a bare Node's holds the rest. null where not read (off Linux, an
 * older record, Node options in force).
 * @param {any} obs
 * @returns {{ ok: boolean, detail: string } | null}
 */
export function othersPart(obs) {
  if (!Array.isArray(obs.otherThreads)) return null;
  const mark = obs.marks?.mark ?? 4 * 1048576;
  /** @type {import('../../harness/kits/threads.js').StartedThread[]} */
  const others = obs.otherThreads;
  const ran = others.filter((t) => ranOwnWork(t, mark));
  if (ran.length)
    return {
      ok: false,
      detail: `${ran.length === 1 ? 'a thread' : `${ran.length} threads`} not started by its first pool use ran work of the program's own (${ran.map(threadSaid).join('; ')}; ${boundsSaid(mark)} or a JavaScript thread's name): JavaScript off the main thread`,
    };
  const cpu = others.map((t) => t.cpuMs).filter((c) => c !== null);
  const faults = others.map((t) => t.faults).filter((f) => typeof f === 'number');
  const most = [
    cpu.length ? `CPU at most ${Math.max(...cpu).toFixed(1)} ms` : '',
    faults.length ? `${Math.max(...faults)} page faults at most` : '',
  ].filter(Boolean);
  return {
    ok: true,
    detail: `${others.length} thread(s) besides the main one not started by its first pool use${most.length ? `, ${most.join(', ')}` : ''}`,
  };
}

/**
 * The threads its first pool use did not start (those it reported as
 * `poolStarted` aside), counted from outside at its report, against a bare
 * Node's with the same settings beside its pool of P: the main thread and
 * Node's own. The pool's count plays no part, so a pool one short cannot
 * hide a thread of the program's own started at its load or after the pool
 * (the count of all threads beside a bare Node's stands only with the pool
 * whole). null where either count was not read.
 * @param {any} obs @param {number} P
 * @returns {{ ok: boolean, detail: string } | null}
 */
export function othersBeyondBare(obs, P) {
  if (!Array.isArray(obs.poolStarted) || typeof obs.threadsAtReport !== 'number' || typeof obs.bareThreads !== 'number')
    return null;
  const count = obs.threadsAtReport - obs.poolStarted.length;
  const bare = obs.bareThreads - P;
  const said = `threads its first pool use did not start: ${count}`;
  if (count <= bare) return { ok: true, detail: `${said} (a bare Node's beside its pool of ${P}: ${bare})` };
  const more = count - bare;
  return {
    ok: false,
    detail: `${said}, ${more} more than a bare Node with the same settings keeps beside its pool of ${P} (${bare}): ${more === 1 ? 'a thread' : 'threads'} of the program's own`,
  };
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
        "Every callback kind reports the same kernel thread (the process id, on Linux), worker_threads.threadId 0 and isMainThread true, while pool threads exist; on Linux the kernel agrees: each callback reads 4 MiB of /dev/zero, and the main thread's own read count (/proc/<pid>/task/<pid>/io, read by the harness) holds one such read per callback kind; and the harness watches the process's threads from outside (/proc/<pid>/task, every 2 ms until it reports): no thread of the program's comes and goes while the callbacks run (a JavaScript thread that ended), once it has reported, no thread waits in an event loop (epoll_wait) but the main one and the one Node's platform keeps, it has no more threads than a bare Node with the same settings after the same pool uses (counted from outside), it started no process (none alive at its report, none that ended: its children's CPU in /proc/<pid>/stat), of the threads its first pool use started, those that took no pool request did nothing (under 20 ms of CPU and 1024 page faults, no 4 MiB mark read, no event loop, no JavaScript thread's name: /proc/<pid>/task/<tid>/schedstat, io, stat, syscall, comm), and the others, the main thread aside, are Node's own (no more of them than a bare Node keeps beside its pool, each under 20 ms of CPU and 1024 page faults, no mark read, no JavaScript thread's name).",
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
          const ids = off.length
            ? `callbacks off the main thread: ${off.map((s) => `${s.kind} on ${s.tid}`).join(', ')}`
            : `${kinds.length} callback kinds (${kinds.join(', ')}) all reported ${ctx.platform === 'linux' ? `thread ${obs.pid} = the process id` : 'threadId 0'}`;
          // The threads its first pool use started, told apart by what they did (read from outside):
          // one beside the pool's that ran work is against the claim, whatever the pool's size.
          const beside = besidePart(obs);
          if (beside && !beside.ok && !beside.contested)
            return { ok: false, detail: `${beside.detail}; ${ids}${kernel}` };
          // … and so is any other, Node's own aside (a Worker the program started at its load)
          const others = othersPart(obs);
          if (others && !others.ok) return { ok: false, detail: `${others.detail}; ${ids}${kernel}` };
          // … and so is one more of them than a bare Node keeps, whatever it did
          const counted = othersBeyondBare(obs, P);
          if (counted && !counted.ok) return { ok: false, detail: `${counted.detail}; ${ids}${kernel}` };
          // The thread count stands beside a bare Node's only with the pool whole: P threads that each
          // take a pool request (a pool one short could hide a thread of the program's own that started
          // before the pool, which the reading above does not cover).
          if (typeof obs.poolParked === 'number' && typeof obs.threadsAtReport === 'number' && obs.poolParked !== P)
            return {
              ok: false,
              invalid: true,
              ...(beside?.contested ? { contested: true } : {}),
              detail: `${obs.poolParked} of the ${P} pool threads took a pool request each: the threads beside the pool's cannot be counted${beside ? `; ${beside.detail}` : ''}`,
            };
          // From outside the process: another JavaScript thread, ended or kept.
          const outside = threadsFromOutside(obs);
          const ok = off.length === 0 && obs.seen.length >= 8 && kernelOk && outside?.ok !== false;
          // A thread beside the pool's near a bound holds back a pass that the rest would give.
          if (ok && beside?.contested)
            return { ok: false, invalid: true, contested: true, detail: `${beside.detail}; ${ids}${kernel}` };
          // Node options in force may start threads and loops of their own: the threads were not watched.
          const unwatched = obs.nodeOptions
            ? `; the threads not watched from outside: Node options in force (${obs.nodeOptions})`
            : '';
          return {
            ok,
            detail:
              outside?.ok === false
                ? `${outside.detail}; ${ids}${kernel}`
                : `${ids}${kernel}${outside ? `; ${outside.detail}` : ''}${beside ? `; ${beside.detail}` : ''}${others ? `; ${others.detail}` : ''}${unwatched}`,
          };
        },
      },
    };
  },
});
