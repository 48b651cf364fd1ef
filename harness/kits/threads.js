// @ts-check
// The kernel's per-thread accounting of a fixture, read by the harness from
// outside (Linux /proc): what a fixture says about its own threads plays no
// part. Used by the main-thread specs (fixtures/main-thread.cjs marks each
// callback with a read the kernel counts for whichever thread ran it), by
// the launcher's thread watch, the network kit (a bare Node's thread count)
// and the cluster kit (a process's children).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { watchThreads, livesOf, listTasks } from '../thread-watch.js';

/** @type {{ cpuNs: (tid: number, pid?: number | 'self') => number, ioWorker: (tid: number, pid?: number | 'self') => boolean | null, threadWait: (pid: number, tid: number) => string | null, statFields: (text: string) => string[], minorFaults: (text: string | null) => number, eventPollFds: (pid?: number | 'self') => number[] | null }} */
const proc = createRequire(import.meta.url)('../../fixtures/lib/proc.cjs');
/** @type {{ makeFifos: (dir: string, n: number) => { base: string, paths: string[] }, removeFifos: (base: string, paths: string[]) => void }} */
const fifo = createRequire(import.meta.url)('../../fixtures/lib/fifo.cjs');
/** @type {{ poolSize: (env: Record<string, string | undefined>) => number }} */
const parkLib = createRequire(import.meta.url)('../../fixtures/lib/park.cjs');
/** @type {{ mainThreadFaultPrice: () => number | null }} */
const pagesLib = createRequire(import.meta.url)('../../fixtures/lib/pages.cjs');

/**
 * One field of the text of a /proc io file (rchar, wchar, syscr, ...); null if absent.
 * @param {string} text @param {string} name
 */
export function ioField(text, name) {
  const m = new RegExp(`^${name}:\\s*(\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * rchar (bytes read by read-like syscalls) from the text of a /proc io file; null if absent.
 * @param {string} text
 */
export function rchar(text) {
  return ioField(text, 'rchar');
}

/**
 * Bytes read by each live thread of process `pid`, per /proc/<pid>/task/<tid>/io
 * (task I/O accounting): { main, others } with main the thread whose tid is
 * the pid and others the sum over the rest; null off Linux, or where the
 * kernel does not keep the count.
 * @param {number} pid
 * @param {{ tasks?: (pid: number) => string[], io?: (pid: number, tid: string) => string }} [read]  (tests)
 * @returns {{ main: number, others: number, threads: number } | null}
 */
export function threadReads(
  pid,
  { tasks = listTasks, io = (p, tid) => readFileSync(`/proc/${p}/task/${tid}/io`, 'utf8') } = {},
) {
  if (process.platform !== 'linux') return null;
  let main = null;
  let others = 0;
  let threads = 0;
  try {
    for (const tid of tasks(pid)) {
      let n;
      try {
        n = rchar(io(pid, tid));
      } catch {
        continue; // the thread ended meanwhile
      }
      if (n === null) return null;
      threads++;
      if (Number(tid) === pid) main = n;
      else others += n;
    }
  } catch {
    return null;
  }
  return main === null ? null : { main, others, threads };
}

/**
 * The Node options process `pid` runs with beyond a plain start: its
 * NODE_OPTIONS (from /proc/<pid>/environ, as it was at exec) and the flags
 * before the script on its command line (/proc/<pid>/cmdline), as text;
 * null where there are none, or where they cannot be read (not Linux).
 * Read by the harness, not reported by the process.
 * @param {number} pid
 * @param {{ environ?: (pid: number) => string, cmdline?: (pid: number) => string }} [read]  (tests)
 * @returns {string | null}
 */
export function nodeOptionsOf(
  pid,
  {
    environ = (p) => readFileSync(`/proc/${p}/environ`, 'utf8'),
    cmdline = (p) => readFileSync(`/proc/${p}/cmdline`, 'utf8'),
  } = {},
) {
  let env;
  let argv;
  try {
    env = environ(pid).split('\0');
    argv = cmdline(pid).split('\0').filter(Boolean);
  } catch {
    return null;
  }
  const fromEnv = (env.find((e) => e.startsWith('NODE_OPTIONS=')) ?? '').slice('NODE_OPTIONS='.length).trim();
  // argv: node, its flags, the script (the first argument not starting with '-'), the script's own
  const script = argv.findIndex((a, i) => i > 0 && !a.startsWith('-'));
  const flags = argv.slice(1, script === -1 ? argv.length : script);
  const all = [fromEnv, ...flags].filter(Boolean).join(' ');
  return all || null;
}

export { watchThreads, livesOf };

/**
 * How many event loops (epoll instances: proc.eventPollFds) process `pid`
 * has now, read from outside it; null where it cannot be read (not Linux,
 * the process gone) or `pid` is undefined (the fixture not started).
 * @param {number | undefined} pid
 * @param {{ eventPollFds?: (pid: number) => number[] | null }} [read]  (tests)
 * @returns {number | null}
 */
export function pollsOf(pid, { eventPollFds = proc.eventPollFds } = {}) {
  return pid === undefined ? null : (eventPollFds(pid)?.length ?? null);
}

/**
 * The threads of process `pid` asleep in an event loop's wait for events
 * now (proc.threadWait: epoll_wait and its kin), by thread id, read from
 * outside it. A libuv loop sleeps there whenever it has nothing to run,
 * and every JavaScript thread (the main one, each Worker) has its own.
 * null where the main thread's system call cannot be read (not Linux,
 * another architecture, no permission); a thread gone meanwhile is left out.
 * @param {number} pid
 * @param {{ tasks?: (pid: number) => string[], wait?: (pid: number, tid: number) => string | null }} [read]  (tests)
 * @returns {number[] | null}
 */
export function eventLoops(pid, { tasks = listTasks, wait = proc.threadWait } = {}) {
  let tids;
  try {
    tids = tasks(pid).map(Number);
  } catch {
    return null;
  }
  const waits = tids.map((tid) => /** @type {const} */ ([tid, wait(pid, tid)]));
  if (waits.find(([tid]) => tid === pid)?.[1] == null) return null;
  return waits.filter(([, w]) => w?.startsWith('epoll:')).map(([tid]) => tid);
}

/**
 * The program's threads of process `pid` now: every thread but io_uring's
 * kernel workers (their task flag; a thread gone meanwhile is left out),
 * counted from outside. null where they cannot be listed.
 * @param {number} pid
 * @param {{ tasks?: (pid: number) => string[], kernel?: (pid: number, tid: number) => boolean | null }} [read]  (tests)
 */
export function threadCount(pid, read = {}) {
  return programThreads(pid, read)?.length ?? null;
}

/**
 * The program's threads of process `pid` now, by id: every thread but
 * io_uring's kernel workers (threadCount's). null where they cannot be listed.
 * @param {number} pid
 * @param {{ tasks?: (pid: number) => string[], kernel?: (pid: number, tid: number) => boolean | null }} [read]  (tests)
 * @returns {number[] | null}
 */
export function programThreads(pid, { tasks = listTasks, kernel = (p, tid) => proc.ioWorker(tid, p) } = {}) {
  let tids;
  try {
    tids = tasks(pid).map(Number);
  } catch {
    return null;
  }
  return tids.filter((tid) => kernel(pid, tid) === false);
}

/**
 * The children of process `pid` now: those each of its threads started
 * (/proc/<pid>/task/<tid>/children), or, on a kernel without those files,
 * every process whose parent it is (each /proc/<n>/stat); [] where neither can be read.
 * @param {number} pid
 * @returns {number[]}
 */
export function childrenOf(pid) {
  let tids;
  try {
    tids = listTasks(pid);
  } catch {
    return [];
  }
  if (!existsSync(`/proc/${pid}/task/${pid}/children`)) return childrenByParent(pid);
  return tids.flatMap((tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return []; // the thread ended meanwhile
    }
  });
}

/**
 * The processes whose parent is `pid`, from every /proc/<n>/stat (read past
 * the command name, which may hold spaces and parentheses: proc.cjs statFields).
 * @param {number} pid
 * @returns {number[]}
 */
function childrenByParent(pid) {
  const out = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // after the command name: the state, then the parent's pid
      if (Number(proc.statFields(readFileSync(`/proc/${name}/stat`, 'utf8'))[1]) === pid) out.push(Number(name));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/**
 * The launched process read from outside, by the pid its spawn gave (not one a report
 * names): the processes it has started that are alive now (`children`, childrenOf), and
 * which of the thread ids `tids` (a report's) are not among its threads (`foreign`:
 * /proc/<pid>/task lists them). A program that runs itself again as a child process and
 * relays the child's report names the child's pid and threads, and has a child. null
 * where its threads cannot be listed (not Linux, the process gone).
 * @param {number | undefined} pid @param {unknown} [tids]
 * @param {{ tasks?: (pid: number) => string[], children?: (pid: number) => number[] }} [read]  (tests)
 * @returns {{ pid: number, children: number[], foreign: number[] } | null}
 */
export function launchedReading(pid, tids = [], { tasks = listTasks, children = childrenOf } = {}) {
  if (pid === undefined || process.platform !== 'linux') return null;
  let own;
  try {
    own = new Set(tasks(pid).map(Number));
  } catch {
    return null;
  }
  if (own.size === 0) return null;
  const named = Array.isArray(tids) ? tids.filter((t) => Number.isInteger(t)) : [];
  return { pid, children: children(pid), foreign: named.filter((t) => !own.has(t)) };
}

/**
 * The part that says a fixture's report is the launched process's own (launchedReading):
 * the pid it reports is the one the harness spawned, every thread it names is one of that
 * process's, and it has started no process (the fixtures that use it start none: honest,
 * no child and no foreign thread, every trial). Under Node options (`optioned`) its
 * children are not judged: a preload may start one. null where the reading was not taken.
 * A program that re-executes itself in place (process.execve, Node 22.15+) keeps its pid
 * and starts no child, which this cannot see; it cannot report either: its channel to the
 * harness is close-on-exec (test/threads.test.js).
 * @param {{ pid: number, children: number[], foreign: number[] } | null | undefined} reading
 * @param {unknown} reportedPid @param {boolean} [optioned]  Node options in force
 * @returns {{ ok: boolean, detail: string } | null}
 */
export function launchedPart(reading, reportedPid, optioned = false) {
  if (!reading) return null;
  const faults = [];
  if (typeof reportedPid === 'number' && reportedPid !== reading.pid)
    faults.push(`the report is process ${reportedPid}'s, not the launched process's (${reading.pid})`);
  if (reading.foreign.length)
    faults.push(`${reading.foreign.length} of the threads it names are not the launched process's`);
  // a preload (Node options in force) may start a helper process of its own: not judged then
  if (reading.children.length && !optioned)
    faults.push(
      `the launched process runs ${reading.children.length} process(es) of its own (pid ${reading.children.join(', ')})`,
    );
  if (faults.length === 0)
    return {
      ok: true,
      detail: "the report is the launched process's own (its pid and threads, read from outside; no child process)",
    };
  return { ok: false, detail: `${faults.join('; ')}: what is measured is not the launched process` };
}

/** Clock ticks a second in /proc's CPU times (USER_HZ: 100 on every Linux architecture Node runs on). */
const TICKS_PER_S = 100;

/**
 * The processes process `pid` started, read from outside it: those alive now
 * (`alive`, childrenOf), and the CPU of those that ended and were waited for
 * (`endedCpuMs`: cutime + cstime of /proc/<pid>/stat, in 10 ms ticks; a Node
 * process takes some 40 ms to start). null where they cannot be read.
 * @param {number} pid
 * @param {{ stat?: (pid: number) => string, children?: (pid: number) => number[] }} [read]  (tests)
 * @returns {{ alive: number[], endedCpuMs: number } | null}
 */
export function childProcesses(
  pid,
  { stat = (p) => readFileSync(`/proc/${p}/stat`, 'utf8'), children = childrenOf } = {},
) {
  let fields;
  try {
    fields = proc.statFields(stat(pid));
  } catch {
    return null;
  }
  // after the command name: state (field 3 of proc(5)) first, so cutime (16) and cstime (17) at 13 and 14
  const ticks = Number(fields[13]) + Number(fields[14]);
  if (!Number.isFinite(ticks)) return null;
  return { alive: children(pid), endedCpuMs: (ticks * 1000) / TICKS_PER_S };
}

/**
 * The threads Node keeps with this context's settings (its binary, flags,
 * environment, CPUs) after the pool uses fixtures/main-thread.cjs makes, and
 * nothing of a program's own: fixtures/bare-threads.cjs, counted from
 * outside while it waits. null where they cannot be read.
 * @param {import('../context.js').Context} ctx
 * @returns {Promise<number | null>}
 */
export function bareThreadCount(ctx) {
  return readBare(ctx, threadCount);
}

/**
 * The event loops (epoll instances, pollsOf) a bare Node keeps with this
 * context's settings after a pool use, read as bareThreadCount reads its
 * threads: 3 on Node 20, 22, 24 and 26 (the main loop's and Node's own). A
 * program with more runs loops of its own (Workers), whenever it started
 * them. null where they cannot be read.
 * @param {import('../context.js').Context} ctx
 * @returns {Promise<number | null>}
 */
export function barePollCount(ctx) {
  return readBare(ctx, pollsOf);
}

/**
 * fixtures/bare-threads.cjs started, read from outside by `read` once it is
 * ready, and stopped. null where it did not start or was not read.
 * @param {import('../context.js').Context} ctx @param {(pid: number) => number | null} read
 * @returns {Promise<number | null>}
 */
async function readBare(ctx, read) {
  /** @type {import('../isolate.js').FixtureHandle | undefined} */
  let handle;
  try {
    handle = ctx.start('bare-threads.cjs', { timeoutMs: 30_000 });
    await handle.ready;
    return handle.pid === undefined ? null : read(handle.pid);
  } catch {
    return null; // it did not start (the run aborted, a timeout): no count, the part is left out
  } finally {
    await handle?.stop().catch(() => {});
  }
}

/**
 * A program's threads (counted from outside: `count`, read `when`) against a
 * bare Node's with the same settings after a pool use (bareThreadCount), as
 * a part; null where either was not read. A thread the program keeps to
 * itself (a JavaScript thread asleep outside any event loop, stand-ins
 * parked where the pool's threads should be, a pool started larger than it
 * says) shows here: more threads than Node keeps. Measured on Node 20–26:
 * main, its platform's workers and helpers, and the pool, the same count in
 * both (BENCHMARKS.md §46).
 * @param {number | null | undefined} count @param {number | null | undefined} bare @param {string} when
 * @returns {{ ok: boolean, detail: string } | null}
 */
export function beyondBare(count, bare, when) {
  if (typeof count !== 'number' || typeof bare !== 'number') return null;
  if (count <= bare)
    return { ok: true, detail: `threads ${when}: ${count} (a bare Node with the same settings: ${bare})` };
  const more = count - bare;
  return {
    ok: false,
    detail: `threads ${when}: ${count}, ${more} more than a bare Node with the same settings after a pool use (${bare}): ${more === 1 ? 'a thread' : 'threads'} of the program's own`,
  };
}

/**
 * bareThreadCount once for all of a claim's trials: the count depends on the
 * settings alone, not on the trial. A trial calls the returned function.
 * @returns {(ctx: import('../context.js').Context) => Promise<number | null>}
 */
export function bareThreadsOnce() {
  return oncePerClaim(bareThreadCount);
}

/** barePollCount once for all of a claim's trials, as bareThreadsOnce. */
export function barePollsOnce() {
  return oncePerClaim(barePollCount);
}

/**
 * A bare Node's count once for all of a claim's trials, read again only
 * where it was not read.
 * @param {(ctx: import('../context.js').Context) => Promise<number | null>} bareCount
 * @returns {(ctx: import('../context.js').Context) => Promise<number | null>}
 */
function oncePerClaim(bareCount) {
  /** @type {Promise<number | null> | null} */
  let count = null;
  return async (ctx) => {
    count ??= bareCount(ctx);
    const n = await count;
    if (n === null) count = null; // not read this time: the next trial tries again
    return n;
  };
}

/**
 * Where each of threads `tids` of process `pid` waits now, read from outside
 * (proc.threadWait: 'epoll:<fd>' in an event loop, 'futex', 'running', …; null
 * where it cannot be read, the thread gone); null off Linux or where the
 * fixture named none.
 * @param {number} pid @param {unknown} tids
 * @param {(pid: number, tid: number) => string | null} [wait]  (tests)
 * @returns {{ tid: number, wait: string | null }[] | null}
 */
export function startedWaits(pid, tids, wait = proc.threadWait) {
  if (process.platform !== 'linux' || !Array.isArray(tids)) return null;
  return tids.filter((tid) => Number.isInteger(tid) && tid !== pid).map((tid) => ({ tid, wait: wait(pid, tid) }));
}

/**
 * @typedef {object} StartedThread  one thread of process `pid`, read from outside it
 * @property {number} tid
 * @property {string | null} name  its name (comm): 'libuv-worker' for the pool's from libuv 1.50 on, 'node' before; null where unread
 * @property {number | null} cpuMs  its on-CPU time since it started (schedstat); null where unread
 * @property {number | null} rchar  bytes its read-like system calls took in since it started (task io); null where unread
 * @property {number | null} [faults]  its minor page faults since it started (minflt of its task stat); null where unread
 * @property {string | null} wait  where it waits now (proc.threadWait: 'epoll:<fd>' in an event loop, 'futex', …); null where unread
 */

/**
 * What each of threads `tids` of process `pid` has done since it started,
 * read from outside it: its name, CPU, bytes read, minor page faults and where it waits now
 * (StartedThread). A thread gone meanwhile is left out; the process's own
 * (main) thread too. null off Linux or where the fixture named none.
 * @param {number} pid @param {unknown} tids
 * @param {{ name?: (pid: number, tid: number) => string | null, cpuNs?: (tid: number, pid: number) => number,
 *   io?: (pid: number, tid: number) => string, wait?: (pid: number, tid: number) => string | null,
 *   stat?: (pid: number, tid: number) => string }} [read]  (tests)
 * @returns {StartedThread[] | null}
 */
export function startedActivity(
  pid,
  tids,
  {
    name = (p, tid) => readFileSync(`/proc/${p}/task/${tid}/comm`, 'utf8').trim(),
    cpuNs = proc.cpuNs,
    io = (p, tid) => readFileSync(`/proc/${p}/task/${tid}/io`, 'utf8'),
    wait = proc.threadWait,
    stat = (p, tid) => readFileSync(`/proc/${p}/task/${tid}/stat`, 'utf8'),
  } = {},
) {
  if (process.platform !== 'linux' || !Array.isArray(tids)) return null;
  /** @type {StartedThread[]} */
  const out = [];
  for (const tid of tids) {
    if (!Number.isInteger(tid) || tid === pid) continue;
    let comm;
    try {
      comm = name(pid, tid);
    } catch {
      continue; // the thread ended meanwhile
    }
    const ns = cpuNs(tid, pid);
    let bytes = null;
    try {
      bytes = rchar(io(pid, tid));
    } catch {
      // unreadable: left null
    }
    out.push({
      tid,
      name: comm,
      cpuMs: Number.isFinite(ns) ? ns / 1e6 : null,
      rchar: bytes,
      wait: wait(pid, tid),
      faults: threadFaults(pid, tid, stat),
    });
  }
  return out;
}

/**
 * What each thread of process `pid` outside `poolStarted` (the threads its
 * first pool use started) has done since it started, read from outside it
 * (startedActivity): Node's own, there before that use (V8's platform
 * workers, its delayed-task scheduler, its signal and inspector thread), and
 * any the program started at its load or after. The main thread is left out.
 * null off Linux, where the threads cannot be listed or `poolStarted` was not
 * reported.
 * @param {number} pid @param {unknown} poolStarted
 * @param {{ list?: (pid: number) => number[] | null, activity?: typeof startedActivity }} [read]  (tests)
 * @returns {StartedThread[] | null}
 */
export function otherActivity(pid, poolStarted, { list = programThreads, activity = startedActivity } = {}) {
  if (process.platform !== 'linux' || !Array.isArray(poolStarted)) return null;
  const tids = list(pid);
  if (tids === null) return null;
  return activity(
    pid,
    tids.filter((tid) => !poolStarted.includes(tid)),
  );
}

/**
 * Thread `tid` of process `pid`'s minor page faults so far, read from outside
 * it (minflt of its task stat); null where unreadable (the thread gone, not Linux).
 * @param {number} pid @param {number} tid
 * @param {(pid: number, tid: number) => string} [read]  its stat's text (tests)
 */
export function threadFaults(pid, tid, read = (p, t) => readFileSync(`/proc/${p}/task/${t}/stat`, 'utf8')) {
  try {
    const n = proc.minorFaults(read(pid, tid));
    return Number.isInteger(n) ? n : null;
  } catch {
    return null;
  }
}

/**
 * One trial of fixtures/main-thread.cjs, held open once it has reported
 * (options.hold) so that the harness reads its threads' read counts, then
 * stopped: the fixture's report, with `reads` (threadReads; null off Linux),
 * and what the harness saw of its threads from outside: those that came and
 * went between its start and its report (`threadsCameAndWent`, of
 * `threadsSeen`: watchThreads) and those waiting in an event loop once it
 * had reported (`loops`: eventLoops); each null where it cannot be read.
 * `parkNew`: the fixture also parks a pool request on each pool thread and
 * says how many of the threads its first pool use started took one
 * (`newParked`, of `poolParked`), and the harness reads where each of the
 * threads it started waits once it has reported (`poolWaits`: startedWaits).
 * `watch`: the threads watched from outside
 * (main-thread.single; the others do not pay for it): besides, how many
 * threads the program had once it had reported (`threadsAtReport`,
 * threadCount) against a bare Node's with the same settings
 * (`bareThreads`, bareThreadCount, started once the fixture has stopped),
 * and the processes it started (`children`: childProcesses).
 * Where Node options are in force (`nodeOptions`, nodeOptionsOf), the
 * watch's readings are null.
 * `pollsAcross`: the fixture waits for the harness's word before its first
 * pool use (options.gate), and the harness counts the process's epoll
 * instances (pollsOf, from outside) then and once it has reported, and a
 * bare Node's with the same settings once it has stopped (`barePolls`):
 * `pollsAcross` { before, after, bare }, each null where it cannot be read
 * (`before` also where the fixture went on without the word: its
 * `unanswered`; `after` is read once it has reported, whenever that was), and
 * all null where Node options are in force (nodeOptionsOf, read by the
 * harness from /proc at exec, which the fixture cannot change): a preload
 * runs in every Worker too, and may start a Worker of its own (a loop) at
 * the first pool use; `pollsAcross.nodeOptions` then says which options.
 * With parkNew and the watch, the harness also measures what a fresh page
 * costs its own main thread once the fixture has stopped (`faultCpuUs`:
 * pages.cjs mainThreadFaultPrice; null where no probe gave a price).
 * `launched`: the process the harness spawned read once it has reported (`launched`:
 * launchedReading of the threads its pool's start added; null off Linux).
 * @param {import('../context.js').Context} ctx
 * @param {{ parkNew?: boolean, watch?: boolean, pollsAcross?: boolean, bare?: (ctx: import('../context.js').Context) => Promise<number | null>,
 *   barePolls?: (ctx: import('../context.js').Context) => Promise<number | null>, launched?: boolean }} [o]
 *   bare, barePolls: the bare Node's counts (bareThreadsOnce's and barePollsOnce's, for a claim's trials; else one per trial)
 */
export async function mainThreadTrial(
  ctx,
  {
    parkNew = false,
    watch: watching = false,
    pollsAcross = false,
    bare = bareThreadCount,
    barePolls = barePollCount,
    launched = false,
  } = {},
) {
  /** @type {number | null | undefined} epoll instances before the first pool use (undefined: not read) */
  let pollsBefore;
  /** @type {string | null} Node options in force, read at the word before the pool (pollsAcross) */
  let pollsOptions = null;
  // parkNew's FIFOs made here (mkfifo(1), the harness's child): made by the fixture, they
  // would be a process it started, whose CPU (a tick of 10 ms on a slow host) the watch
  // reads against main-thread.single (childProcesses)
  const fifos = parkNew && ctx.platform === 'linux' ? parkFifos(ctx) : null;
  /** @type {ReturnType<typeof ctx.start>} */
  let handle;
  try {
    handle = ctx.start('main-thread.cjs', {
      options: { hold: true, parkNew, ...(fifos && { parkFifos: fifos.paths }), ...(pollsAcross && { gate: true }) },
      timeoutMs: 30_000,
      ...(pollsAcross && {
        onMessage: (/** @type {any} */ m) => {
          if (m?.phase !== 'before-pool') return;
          pollsOptions = handle.pid === undefined ? null : nodeOptionsOf(handle.pid);
          pollsBefore = pollsOptions ? null : pollsOf(handle.pid);
          handle.send({ type: 'looked', phase: 'before-pool' });
        },
      }),
    });
  } catch (err) {
    // a start that throws leaves no fixture to read them: they go now, not at dispose
    if (fifos) removeParkFifos(fifos);
    throw err;
  }
  const { pid } = handle;
  const watch = pid === undefined || !watching ? null : watchThreads(pid);
  try {
    const data = await handle.ready;
    const lives = watch?.stop() ?? null;
    // Node options in force (NODE_OPTIONS, flags before the fixture) may start threads of
    // their own with loops of their own (module hooks, the inspector): the watch says nothing then.
    const options = pid === undefined || !watching ? null : nodeOptionsOf(pid);
    const watched = pid !== undefined && watching && !options;
    const loops = watched ? eventLoops(pid) : null;
    // one listing for the count and for the threads beside the pool's read below
    const tidsAtReport = watched ? programThreads(pid) : null;
    const atReport = tidsAtReport?.length ?? null;
    const children = watched ? childProcesses(pid) : null;
    // with parkNew: what each thread started since the fixture's load has done (startedActivity)
    const started = watched && parkNew ? startedActivity(pid, data.poolStarted) : undefined;
    // … and what each of the others has done, the main thread aside: Node's own, and any the
    // program started at its load or after
    const others = watched && parkNew ? otherActivity(pid, data.poolStarted, { list: () => tidsAtReport }) : undefined;
    const reads = pid === undefined ? null : threadReads(pid);
    // with launched: the process the harness spawned, read from outside (launchedReading)
    const own = launched ? launchedReading(pid, data.poolStarted) : undefined;
    // with parkNew: where each thread the pool's start added waits now, read from outside
    const poolWaits = parkNew && pid !== undefined ? startedWaits(pid, data.poolStarted) : undefined;
    // with pollsAcross: the process's event loops again, now that the pool has started;
    // the count before it left out where the fixture went on without the harness's word
    // (its report's `unanswered`): it may have been read after the pool's start
    /** @type {{ before: number | null, after: number | null, bare: number | null, nodeOptions?: string } | undefined} */
    const across = pollsAcross
      ? pollsOptions
        ? { before: null, after: null, bare: null, nodeOptions: pollsOptions }
        : { before: data.unanswered?.length ? null : (pollsBefore ?? null), after: pollsOf(pid), bare: null }
      : undefined;
    await handle.stop();
    // After the fixture, not beside it: one Node at a time on the CPUs the claim was given.
    const bareCount = atReport === null ? null : await bare(ctx);
    if (across && typeof across.after === 'number') across.bare = await barePolls(ctx);
    // with parkNew: what a fresh page costs a thread here, measured by the harness itself (the
    // fixture's word plays no part), to price the pool threads' page faults (main-thread.single)
    const faultCpuUs = started !== undefined && started !== null ? pagesLib.mainThreadFaultPrice() : undefined;
    return {
      ...data,
      reads,
      ...(own !== undefined ? { launched: own } : {}),
      ...(poolWaits !== undefined ? { poolWaits } : {}),
      ...(started !== undefined ? { startedThreads: started } : {}),
      ...(others !== undefined ? { otherThreads: others } : {}),
      ...(faultCpuUs !== undefined ? { faultCpuUs } : {}),
      ...(across !== undefined ? { pollsAcross: across } : {}),
      ...(watching
        ? {
            threadsSeen: options ? null : (lives?.seen ?? null),
            threadsCameAndWent: options ? null : (lives?.cameAndWent ?? null),
            loops,
            threadsAtReport: atReport,
            bareThreads: bareCount,
            children,
            nodeOptions: options,
          }
        : {}),
    };
  } finally {
    watch?.stop();
    await handle.stop().catch(() => {});
    if (fifos) removeParkFifos(fifos);
  }
}

/**
 * FIFOs for the fixture to park the pool on (park.cjs's `fifos`), one per
 * thread of the pool it will park: the more of P (as measured) and the size
 * park.cjs reads from the settings in force (the fixture's environment), so
 * that it never falls back to a mkfifo(1) of its own. Made in the launcher's
 * scratch directory; null where they could not be made.
 * @param {import('../context.js').Context} ctx
 */
function parkFifos(ctx) {
  try {
    return fifo.makeFifos(ctx.tmpdir, Math.max(ctx.poolSize, parkLib.poolSize(ctx.env)));
  } catch {
    return null;
  }
}

/** Remove parkFifos' FIFOs; a failure there (the scratch directory gone) is not the trial's. @param {{ base: string, paths: string[] }} made */
function removeParkFifos(made) {
  try {
    fifo.removeFifos(made.base, made.paths);
  } catch {
    // the launcher removes its scratch directory at dispose
  }
}
