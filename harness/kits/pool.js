// @ts-check
// Plans shared by the thread-pool specs: the exact FIFO pool probe, and
// batches of pbkdf2 calls judged structurally (which pool threads worked) and
// by timing (a ratio of completion times against the model).
import { predictSorted, batches, threadsUsed } from './model.js';
import { round, median } from '../stats.js';
import { busyReason, voidTiming, unequalSpeedReason, MAX_SPEED_SPREAD } from './workers.js';
import {
  checkConcurrency,
  checkDelivery,
  checkEachRunnable,
  checkNoneWaited,
  checkWaiting,
  MAIN_LOOK_MS,
} from './concurrency.js';
import { cpuAtOneSpeed, speedFactor, speedsSpread } from './cpu-speed.js';
import { LIBUV_DEFAULT_POOL } from '../machine.js';
import { TIMING_LOOKS } from '../verdict.js';
import { TASK_MS } from '../profile.js';
import { readFileSync } from 'node:fs';
import { listTasks } from '../thread-watch.js';
import { createRequire } from 'node:module';
import { ioUringRule, kernelRefuses } from './io-uring.js';
import { pollsOf } from './threads.js';

/** @type {{ ioWorker: (tid: number, pid?: number | 'self') => boolean | null, openTids: (pid?: number | 'self') => number[] | null, parkedThread: (wchan: string | null, state: () => string | null) => boolean, statFields: (text: string) => string[], threadWait: (pid: number, tid: number) => string | null, affinity: (tid?: number, pid?: number | 'self') => number[] | null }} */
const proc = createRequire(import.meta.url)('../../fixtures/lib/proc.cjs');

/** The libuv default and the pool sizes we ask for in probes. */
export const DEFAULT_POOL = LIBUV_DEFAULT_POOL;

/**
 * P for the model: the pool size under the run's settings in force
 * (ctx.poolSize, measured at probe time), libuv's default where a context
 * does not say (one a claim pack or a test builds by hand).
 * @param {{ poolSize?: number }} ctx
 */
export function poolSize(ctx) {
  return ctx.poolSize ?? DEFAULT_POOL;
}

/**
 * Whether a call made the native request its API makes, in the census
 * fixtures/pool-parked.cjs takes of each call (requests: async_hooks types
 * over everything the call started). That a call waited while the pool was
 * held shows its work runs there only where what waited was its own
 * request: a call done elsewhere whose result waits on some other pool
 * request (the pool-gated sabotage) waits alike. null where no census was
 * taken (records from before it was).
 * @param {Record<string, number> | undefined} requests
 * @param {string[]} types  the request types the call's API makes, any one of them
 * @param {string} call  its name in the text, e.g. 'fs.stat'
 * @returns {{ ok: boolean, text: string } | null}
 */
export function madeRequest(requests, types, call) {
  if (!requests) return null;
  if (types.some((t) => (requests[t] ?? 0) > 0)) return { ok: true, text: `${call} made its ${types.join(' or ')}` };
  const made =
    Object.entries(requests)
      .map(([t, n]) => `${n} ${t}`)
      .join(' + ') || 'no request';
  return {
    ok: false,
    text: `${call} made no ${types.join(' or ')} (it made ${made}): what waited was not its own request`,
  };
}

/**
 * 'UV_THREADPOOL_SIZE=8 in force', with the pool it gives where the value
 * does not say it plainly ('abc' is read as 1); null when the variable is not in force.
 * @param {{ env?: Record<string, string>, poolSize?: number }} ctx
 */
export function sizeInForce(ctx) {
  const raw = ctx.env?.UV_THREADPOOL_SIZE;
  if (raw === undefined) return null;
  const P = poolSize(ctx);
  return `UV_THREADPOOL_SIZE=${raw} in force${raw === String(P) ? '' : `, read as ${P}`}`;
}

/**
 * The nearest wrong pool sizes for a batch of k tasks, for a batch plan: the
 * nearest below and above the P in force that run the batch differently
 * (every size ≥ k runs it all at once), and the claim's own size where the
 * settings make P another. batchPlan still drops any the statistic cannot tell apart.
 * @param {{ P: number, C: number, k: number, claimed?: number }} o
 * @returns {Alternative[]}
 */
export function poolAlternatives({ P, C, k, claimed = DEFAULT_POOL }) {
  const at = (/** @type {number} */ p) => Math.min(p, k); // tasks running at once at first
  const sizes = [at(P) - 1, ...(P < k ? [P + 1] : []), claimed];
  const distinct = [...new Set(sizes)].filter((p) => p >= 1 && at(p) !== at(P));
  return distinct.map((p) => ({ label: `${p === claimed ? "the claim's " : ''}P=${p}`, P: p, C }));
}

/**
 * Why a claim about the default pool's batches does not hold under the size
 * in force, in one sentence with the numbers.
 * @param {{ env?: Record<string, string>, poolSize?: number }} ctx
 * @param {number} k  tasks in the batch
 * @param {string} claimed  what the claim says, e.g. "4 + 1"
 */
export function otherSizeSentence(ctx, k, claimed) {
  const P = poolSize(ctx);
  const shape = batches({ k, P }).join(' + ');
  const how = P >= k ? `all ${k} run at once, none waits` : `the ${k} run as batches ${shape}`;
  return `With ${sizeInForce(ctx) ?? `a pool of ${P}`}: ${how} — the claim's ${claimed} does not hold here`;
}

// Open files a fixture holds besides its parked readers (stdio, IPC, the event
// loop's own descriptors), with room to spare.
const FIXTURE_FILES = 64;

/**
 * Why a FIFO count with `fifos` readers cannot be made on this machine, or
 * null. A parked reader holds an open-file slot (open(2) takes it before
 * blocking), and while the count probes them, each reader it lets through
 * keeps its descriptor until the count ends while its thread picks up the
 * next queued reader: the count holds up to one descriptor per FIFO. A
 * shortfall would make the count short, not the pool.
 * @param {import('../context.js').Context} ctx
 * @param {number} fifos the readers the probe queues
 * @returns {string | null} a skip reason
 */
export function fifoCountUnavailable(ctx, fifos) {
  const need = fifos + FIXTURE_FILES;
  if (ctx.openFiles === null || ctx.openFiles >= need) return null;
  return `a FIFO count of ${fifos} readers holds up to ${fifos} descriptors, about ${need} open files; this machine allows ${ctx.openFiles} (ulimit -Hn)`;
}

/**
 * The FIFOs a probe parks readers on to count a pool of `want`: more than it
 * (a pool of as many or more reads as the FIFOs' count, 'N+'), 64 at least.
 * @param {number} want
 */
export const fifosFor = (want) => Math.max(64, want + 8);

/**
 * Run the FIFO probe once. `fifos` defaults to fifosFor the pool asked
 * (`size`) or in force. `threadAffinity: false` leaves out the CPU list of
 * each pool thread (`affinity.threads` is then null): one /proc read per
 * thread, tens of milliseconds for a pool of 1024. `atWork`: read those
 * lists again while hashes run on the pool (`affinity.threadsAtWork`: the
 * lists and how many hashes were running; null where none still was), not
 * only while the threads wait on FIFOs. `cpus`: run it on these CPUs (taskset)
 * instead of the run's own. `outside` (Linux): the harness reads the probe's
 * process itself (`outside` in the result, probeFromOutside): the threads
 * parked on FIFOs and the CPU each has used, while the readers are parked,
 * where those threads wait once the count is through, and with atWork the
 * pool threads' CPU lists all the while the hashes run.
 * `atWorkHashes`: the hashes atWork queues (pool-probe-main.cjs AtWorkHash;
 * default 4 pbkdf2 of 50,000 iterations). `lateAtMs` (with atWork and
 * outside, Linux): once that reading is done the probe waits, and the
 * harness lets it queue those hashes again at this age of the process (ms
 * on the harness's clock from the spawn) and watches the threads' CPU lists
 * from outside until they have all ended (`outside.lateAtWork`). `cpuFirst`: a
 * pbkdf2 and a scrypt run on the pool before the count. `lateWork`: pool requests
 * of these kinds submitted while the readers are parked (pool-probe-main.cjs; the
 * report's `lateWork`), with `outside` the process's threads listed by the
 * harness before and after (`outside.lateThreads`). `plain`: the probe started
 * as a user's shell starts a program (isolate.js RunOptions `plain`: no IPC
 * channel, no descriptor beyond stdin, stdout and stderr, none of the harness's
 * defaults in its environment but UV_USE_IO_URING=0 where plainIoUring keeps
 * it), with `launch` in the result: { plain: true, env: the names in its
 * environment as the harness read them from outside while the readers were
 * parked (/proc/<pid>/environ; null where not read: off Linux) } (launchPart).
 * On Linux a plain probe is always held at 'parked' for that read, `outside`
 * or not (without it nothing else is read: probeFromOutside's `launchOnly`).
 * @param {import('../context.js').Context} ctx
 * @param {{ size?: string, fifos?: number, setEnv?: string, setEnvAfterUse?: boolean, entry?: 'commonjs' | 'module', threadAffinity?: boolean, atWork?: boolean, cpus?: number[], outside?: boolean, atWorkHashes?: ({ kind: 'pbkdf2', iterations: number } | { kind: 'scrypt', N: number })[], lateAtMs?: number, cpuFirst?: boolean, lateWork?: string[], plain?: boolean }} [o]
 */
export function probePool(
  ctx,
  {
    size,
    fifos = fifosFor(Number(size ?? poolSize(ctx)) || 0),
    setEnv,
    setEnvAfterUse,
    entry = 'commonjs',
    threadAffinity = true,
    atWork = false,
    cpus,
    outside = false,
    atWorkHashes,
    lateAtMs,
    cpuFirst,
    lateWork,
    plain = false,
  } = {},
) {
  const fixture = entry === 'module' ? 'pool-probe.mjs' : 'pool-probe.cjs';
  const late = lateAtMs !== undefined && outside && atWork ? { lateAtWork: true } : {};
  // a plain start leaves the harness's UV_USE_IO_URING=0 out, except where this Node
  // would send the probe's fs requests past the pool without it (plainIoUring)
  const ringOff = plain && plainIoUring(ctx) ? { UV_USE_IO_URING: '0' } : {};
  const o = {
    options: {
      fifos,
      setEnv,
      setEnvAfterUse,
      threadAffinity,
      atWork,
      ...(atWorkHashes ? { atWorkHashes } : {}),
      ...late,
      cpuFirst,
      lateWork,
    },
    env: { UV_THREADPOOL_SIZE: size, ...ringOff },
    timeoutMs: 20_000,
    ...(cpus ? { cpus } : {}),
    ...(plain ? { plain } : {}),
  };
  if (ctx.platform !== 'linux')
    return plain
      ? ctx.run(fixture, o).then((data) => ({ ...data, launch: { plain, env: null, envUnreadable: ctx.platform } }))
      : ctx.run(fixture, o);
  if (!outside) return plain ? probeFromOutside(ctx, fixture, o, undefined, { launchOnly: true }) : ctx.run(fixture, o);
  return probeFromOutside(ctx, fixture, o, lateAtMs);
}

/**
 * Why a plain probe keeps UV_USE_IO_URING=0 in its environment, or null where
 * it leaves it out. Kept exactly where the Node under test sends fs requests
 * to io_uring by default (libuv 1.45–1.48 before Node's opt-in patch: 20.3 to
 * 20.11.0, 21 before 21.6.2; kits/io-uring.js ioUringRule 'default'), the
 * kernel lets libuv use it, and the settings in force do not set the variable:
 * there a program started from a shell would have its fs requests finish past
 * a full pool (the probe's late fs request, its opens), and the count would
 * read the ring, not the pool. Elsewhere (opt-in, or the pool always: every
 * Node measured here) the variable changes nothing and a shell's program has
 * none. A Node whose version reads not: null.
 * @param {{ node?: { version?: string, uv?: string }, env?: Record<string, string>, arch?: string, release?: string }} ctx
 * @param {() => string} [readDisabled] the text of /proc/sys/kernel/io_uring_disabled
 */
export function plainIoUring(ctx, readDisabled) {
  const node = ctx.node;
  if (!node?.version || !node.uv || ctx.env?.UV_USE_IO_URING !== undefined) return null;
  if (ioUringRule({ version: node.version, uv: node.uv }) !== 'default') return null;
  if (kernelRefuses({ arch: ctx.arch ?? '', release: ctx.release ?? '' }, readDisabled) !== null) return null;
  return `UV_USE_IO_URING=0 kept: Node ${node.version} (libuv ${node.uv}) sends fs requests to io_uring by default`;
}

/**
 * The names in the environment process `pid` was started with, read from
 * outside (/proc/<pid>/environ), sorted; null where it cannot be read.
 * @param {number} pid
 */
export function environNames(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/environ`, 'utf8');
    return text
      .split('\0')
      .filter(Boolean)
      .map((kv) => kv.slice(0, kv.indexOf('=') < 0 ? kv.length : kv.indexOf('=')))
      .sort();
  } catch {
    return null;
  }
}

/**
 * Variables a process a user starts from a shell does not have unless the
 * user sets them: the IPC channel's and cluster's plumbing, coverage, and the
 * settings that size or route the pool. In a plain probe's environment, any
 * of them not among the settings in force says it was not started plain.
 */
export const NOT_PLAIN_ENV = [
  'NODE_CHANNEL_FD',
  'NODE_CHANNEL_SERIALIZATION_MODE',
  'NODE_UNIQUE_ID',
  'NODE_V8_COVERAGE',
  'NODE_OPTIONS',
  'UV_THREADPOOL_SIZE',
  'UV_USE_IO_URING',
];

/**
 * How a probe was started (probePool `plain`: its `launch`), as a claim about
 * the default a user's program gets reads it: started plain, with no
 * variable of NOT_PLAIN_ENV in its environment as read from outside but the
 * settings in force (`inForce`, their names) and, where plainIoUring keeps it
 * (`ringKept`: its reason), UV_USE_IO_URING. ok false where it ran with an IPC
 * channel or such a variable; void (ok false, `void` the reason) where the
 * start cannot be told: no `launch` (a record from before it was read) or its
 * environment not read on Linux (the process gone before the read). Where no
 * process's environment can be read from outside (`envUnreadable`: the
 * platform, no /proc) the start is said, not judged: a void there would leave
 * the claim undecided on every such machine.
 * @param {{ plain?: boolean, env?: string[] | null, envUnreadable?: string } | undefined} launch
 * @param {string[]} [inForce]
 * @param {string | null} [ringKept]
 * @returns {{ ok: boolean, detail: string, void?: string }}
 */
export function launchPart(launch, inForce = [], ringKept = null) {
  if (!launch) {
    const why = 'how the probe was started not recorded';
    return { ok: false, void: why, detail: why };
  }
  if (launch.plain !== true)
    return { ok: false, detail: 'the probe ran as a forked child (an IPC channel), not plain' };
  // where no process's environment can be read from outside (no /proc), the start is the
  // harness's own doing and is said, not judged: the claim stands on its other readings
  if (!Array.isArray(launch.env) && launch.envUnreadable)
    return {
      ok: true,
      detail: `started plain: no IPC channel; its environment cannot be read from outside on ${launch.envUnreadable}`,
    };
  if (!Array.isArray(launch.env)) {
    const why = 'started plain, its environment not read from outside (/proc/<pid>/environ): its start not confirmed';
    return { ok: false, void: why, detail: why };
  }
  const allowed = ringKept ? [...inForce, 'UV_USE_IO_URING'] : inForce;
  const extra = launch.env.filter((k) => NOT_PLAIN_ENV.includes(k) && !allowed.includes(k));
  const seen = `${launch.env.length} variable${launch.env.length === 1 ? '' : 's'} (${launch.env.join(', ')})`;
  if (extra.length)
    return { ok: false, detail: `started with ${extra.join(', ')} in its environment, not plain: ${seen}` };
  return {
    ok: true,
    detail: `started plain: no IPC channel, its environment read from outside ${seen}${ringKept ? ` (${ringKept})` : ''}`,
  };
}

/**
 * Several plain probes' launches (launchPart each) as one: the first that
 * failed, else the first void, else the first that held with how many did.
 * @param {({ plain?: boolean, env?: string[] | null, envUnreadable?: string } | undefined)[]} launches
 * @param {string[]} [inForce] @param {string | null} [ringKept]
 * @returns {{ ok: boolean, detail: string, void?: string }}
 */
export function launchesPart(launches, inForce = [], ringKept = null) {
  const parts = launches.map((l) => launchPart(l, inForce, ringKept));
  const failed = parts.filter((p) => !p.ok && !p.void);
  const voided = parts.filter((p) => p.void);
  const n = parts.length;
  if (failed.length) return { ok: false, detail: `${failed.length} of ${n} probes: ${failed[0].detail}` };
  if (voided.length) {
    const why = `${voided.length} of ${n} probes: ${voided[0].void}`;
    return { ok: false, void: why, detail: why };
  }
  if (!n) {
    const why = 'no probe';
    return { ok: false, void: why, detail: why };
  }
  return { ok: true, detail: `each of ${n} probes ${parts[0].detail}` };
}

/**
 * A thread's /proc file of process `pid`, read from outside; null where it
 * cannot be read (the thread gone).
 * @param {number} pid @param {number} tid @param {string} file
 */
function taskFile(pid, tid, file) {
  try {
    return readFileSync(`/proc/${pid}/task/${tid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The threads of process `pid` parked in open(2) on a FIFO (as fixtures/lib/proc.cjs
 * openParked reads its own), read from outside, each with the CPU it has used
 * (schedstat's first field; null where unreadable): null where /proc cannot show them.
 * @param {number} pid
 * @returns {{ tid: number, cpuMs: number | null }[] | null}
 */
export function parkedFromOutside(pid) {
  const inOpen = proc.openTids(pid);
  if (inOpen === null) return null;
  const state = (/** @type {number} */ tid) => {
    const text = taskFile(pid, tid, 'stat');
    return text === null ? null : proc.statFields(text)[0];
  };
  return inOpen
    .filter((tid) => proc.parkedThread(taskFile(pid, tid, 'wchan')?.trim() ?? null, () => state(tid)))
    .map((tid) => {
      const ns = Number(taskFile(pid, tid, 'schedstat')?.split(' ')[0]);
      return { tid, cpuMs: Number.isFinite(ns) ? Math.round(ns / 1e4) / 100 : null };
    });
}

/**
 * The CPU list of thread `tid` of process `pid` (or of the process, tid
 * omitted), read from outside; null where it cannot be read.
 * @param {number} pid @param {number} [tid]
 */
function cpusOf(pid, tid) {
  return proc.affinity(tid, pid)?.join(',') ?? null;
}

/**
 * Watch the CPU lists of the threads of process `pid` from outside, a look
 * now and one every `everyMs`, until stop(): every thread but the main one
 * (tid = pid) and io_uring's kernel workers, listed afresh at each look (the
 * harness's own reading: no list a fixture names, which could leave a thread
 * out): how many looks read a list, the process's list, how many threads
 * were seen, the first reading of each thread seen allowed on other CPUs
 * than the process (`pinned`), and how many looks saw one (`pinnedLooks`).
 * @param {number} pid @param {number} [everyMs]
 */
export function watchAffinity(pid, everyMs = 2) {
  const t0 = performance.now();
  let looks = 0;
  let pinnedLooks = 0;
  /** @type {string | null} */
  let processList = null;
  /** @type {{ tid: number, cpus: string, atMs: number }[]} */
  const pinned = [];
  /** io_uring's workers among the threads seen (the flag is set at their creation) */
  const ioWorkers = /** @type {Map<number, boolean | null>} */ (new Map());
  const seen = new Set();
  const tasks = () => (taskIds(pid) ?? []).filter((tid) => tid !== pid);
  const look = () => {
    const whole = cpusOf(pid);
    if (whole === null) return;
    processList ??= whole;
    const lists = tasks()
      .filter((tid) => {
        if (!ioWorkers.has(tid)) ioWorkers.set(tid, proc.ioWorker(tid, pid));
        return ioWorkers.get(tid) === false;
      })
      .map((tid) => /** @type {const} */ ([tid, cpusOf(pid, tid)]));
    if (lists.every(([, l]) => l === null)) return; // gone
    looks++;
    for (const [tid, l] of lists) if (l !== null) seen.add(tid);
    const off = lists.filter(([, l]) => l !== null && l !== whole);
    if (off.length) pinnedLooks++;
    const atMs = Math.round(performance.now() - t0);
    for (const [tid, l] of off) if (!pinned.some((p) => p.tid === tid)) pinned.push({ tid, cpus: String(l), atMs });
  };
  look();
  const timer = setInterval(look, everyMs);
  /** @type {{ looks: number, pinnedLooks: number, process: string | null, threads: number, pinned: typeof pinned, ms: number } | null} */
  let result = null;
  return {
    stop() {
      if (result) return result;
      clearInterval(timer);
      look();
      result = {
        looks,
        pinnedLooks,
        process: processList,
        threads: seen.size,
        pinned,
        ms: Math.round(performance.now() - t0),
      };
      return result;
    },
  };
}

/**
 * probePool's `outside`: the probe started as a fixture that says where it is
 * (pool-probe-main.cjs `hold`), read from outside at each point: 'parked'
 * (parkedFromOutside, then it may count), 'counted' (where each thread seen
 * parked waits now, threadWait: 'epoll:<fd>' in an event loop), at both the
 * process's event loops (`polls`: epoll instances, pollsOf), 'at-work'
 * (watchAffinity of every thread but the main one, answered once the watch
 * has made its first look) and 'at-work-done' (the watch stopped). The
 * fixture waits a bounded time for each answer (pool-probe-main.cjs
 * LOOK_WAIT_MS) and says which it went on without (`unanswered`): such a
 * look was taken, if at all, at another moment than the one it names. Its
 * report, with `outside`: { parked, waits, polls, atWork, late } (null where not
 * read; late: the looks the fixture went on without, which the claims leave
 * out or void on).
 * @param {import('../context.js').Context} ctx @param {string} fixture
 * With `lateAtMs`: 'late-at-work' answered at that age of the process (ms
 * since just before its spawn, on the harness's clock: the process is no
 * older), a watchAffinity begun then and stopped at 'late-at-work-done'
 * (`lateAtWork` in `outside`, with `atMs`: the age at which it began).
 * With `launchOnly` (a plain probe not read from outside: probePool) only its
 * environment is read, at 'parked'; every phase answered at once, the result
 * as the fixture reported it with `launch`, no `outside`.
 * @param {{ options: object, env: Record<string, string | undefined>, timeoutMs: number, cpus?: number[], plain?: boolean }} o
 * @param {number} [lateAtMs]
 * @param {{ launchOnly?: boolean }} [how]
 */
async function probeFromOutside(ctx, fixture, o, lateAtMs, { launchOnly = false } = {}) {
  /** @type {import('../isolate.js').FixtureHandle | null} */
  let handle = null;
  /** @type {{ tid: number, cpuMs: number | null }[] | null} */
  let parked = null;
  /** @type {{ tid: number, wait: string | null }[] | null} */
  let waits = null;
  /** the affinity watch while the hashes run (an object: set in the message handler) */
  const live = /** @type {{ watch: ReturnType<typeof watchAffinity> | null }} */ ({ watch: null });
  /** @type {ReturnType<ReturnType<typeof watchAffinity>['stop']> | null} */
  let atWork = null;
  /** the late watch (lateAtMs): begun at the drawn age, and its reading once stopped */
  const later =
    /** @type {{ watch: ReturnType<typeof watchAffinity> | null, atMs: number | null, result: any, finished: boolean, timer: NodeJS.Timeout | null }} */ ({
      watch: null,
      atMs: null,
      result: null,
      finished: false,
      timer: null, // the answer's timeout (up to the drawn age): cleared once the probe has ended
    });
  const spawnedAt = performance.now();
  /** the process's threads listed by the harness around lateWork (pool-probe-main.cjs): 'late-before', 'late-after' */
  const lateThreads = /** @type {Record<string, number[] | null>} */ ({});
  // its own pid, as it says (taskset execs the fixture in place: the same)
  const ours = (/** @type {any} */ m) => handle?.pid !== undefined && m?.pid === handle.pid;
  /** a plain start's environment (o.plain), read with the parked threads: names only */
  let environ = /** @type {string[] | null} */ (null);
  /** the process's event loops (epoll instances) at 'parked' and at 'counted' (pollsOf) */
  const polls = /** @type {{ parked?: number | null, counted?: number | null }} */ ({});
  const onMessage = (/** @type {any} */ m) => {
    try {
      if (m?.phase === 'parked' && ours(m)) {
        if (o.plain) environ = environNames(m.pid);
        if (!launchOnly) {
          parked = parkedFromOutside(m.pid);
          polls.parked = pollsOf(m.pid);
        }
      } else if (launchOnly) return;
      else if (m?.phase === 'counted' && ours(m) && parked) {
        waits = parked.map(({ tid }) => ({ tid, wait: proc.threadWait(m.pid, tid) }));
        polls.counted = pollsOf(m.pid);
      } else if (m?.phase === 'at-work' && ours(m)) live.watch = watchAffinity(m.pid);
      else if (m?.phase === 'at-work-done' && ours(m)) atWork = live.watch?.stop() ?? null;
      else if (m?.phase === 'late-at-work' && ours(m) && lateAtMs !== undefined) {
        const pid = m.pid;
        later.timer = setTimeout(
          () => {
            if (later.finished) return; // the probe has ended (its wait bounded): no watch
            later.atMs = Math.round(performance.now() - spawnedAt);
            later.watch = watchAffinity(pid);
            try {
              handle?.send({ type: 'looked', phase: 'late-at-work' });
            } catch {
              // the channel closed: the probe went on without the answer (unanswered)
            }
          },
          Math.max(0, spawnedAt + lateAtMs - performance.now()),
        );
      } else if (m?.phase === 'late-at-work-done' && ours(m) && later.watch)
        later.result = { ...later.watch.stop(), atMs: later.atMs };
      else if ((m?.phase === 'late-before' || m?.phase === 'late-after') && ours(m))
        lateThreads[m.phase] = threadsOf(m.pid);
    } finally {
      if (['parked', 'counted', 'at-work', 'late-before', 'late-after'].includes(m?.phase))
        handle?.send({ type: 'looked', phase: m.phase });
    }
  };
  handle = ctx.start(fixture, { ...o, options: { ...o.options, hold: true }, onMessage });
  try {
    const { data } = await handle.result;
    if (launchOnly) return { ...data, launch: { plain: true, env: environ } };
    const late = Array.isArray(data?.unanswered) ? data.unanswered.map(String) : [];
    const lateAtWork = lateAtMs === undefined ? {} : { lateAtWork: later.result };
    return {
      ...data,
      ...(o.plain ? { launch: { plain: true, env: environ } } : {}),
      outside: {
        parked,
        waits,
        polls,
        atWork,
        late,
        ...lateAtWork,
        ...(Object.keys(lateThreads).length ? { lateThreads } : {}),
      },
    };
  } finally {
    live.watch?.stop();
    later.finished = true;
    if (later.timer) clearTimeout(later.timer);
    later.watch?.stop();
  }
}

/**
 * The threads of process `pid` but io_uring's kernel workers, read from outside; null where
 * /proc cannot list them.
 * @param {number} pid
 */
function threadsOf(pid) {
  return taskIds(pid)?.filter((tid) => proc.ioWorker(tid, pid) === false) ?? null;
}

/**
 * The thread ids of process `pid` (thread-watch.js listTasks), read from outside; null
 * where /proc cannot list them (not Linux, the process gone).
 * @param {number} pid
 * @returns {number[] | null}
 */
function taskIds(pid) {
  try {
    return listTasks(pid).map(Number);
  } catch {
    return null;
  }
}

/**
 * The pool size a FIFO probe read: the readers parked on FIFOs, and where
 * /proc shows them (Linux) the threads the pool started and the threads
 * blocked in open(2) while parked. They are independent readings of one
 * number: a census padded with readers that hold no pool thread, or a thread
 * count filled with idle threads, makes them differ.
 * @param {any} probe
 * @returns {{ size: number, agree: boolean }}  size: the parked count; agree: every known reading matches it
 */
export function poolReading(probe) {
  const delta = probe.poolThreads?.length ?? 0;
  const blocked = typeof probe.blocked === 'number' ? probe.blocked : null;
  const agree =
    (delta === 0 || delta === probe.parked) && (blocked === null || probe.saturated || blocked === probe.parked);
  return { size: probe.parked, agree };
}

/**
 * The most CPU a thread parked on a FIFO may have used for the count to take
 * it for a pool thread at its first request, in ms. A libuv pool thread
 * starts, takes the request and blocks in open(2) having run next to nothing:
 * measured from outside while parked (2-CPU VM beside other runs, load up to
 * 6.5, Node 20, 22, 24 and 26), 0.01–0.26 ms in pools of 4 and 200. A
 * JavaScript thread that takes the request instead (a Worker blocked in a
 * copyFileSync of its own: the pool-one-short sabotage) has run Node's
 * start-up first: 13–39 ms (13 on Node 26, 16–25 on 20, 28–39 on 22 and 24).
 * An absolute figure, read on one VM: a slower CPU, or a host's steal billed
 * to the thread, may take an honest thread past it, so an excess alone voids
 * the trial (parkedPart), it does not fail it.
 */
export const PARKED_CPU_MS = 2;

/**
 * The largest pool whose parked threads' CPU is weighed (PARKED_CPU_MS). In a
 * pool of hundreds started at once a few threads use more, from the kernel's
 * side of so many threads starting and opening files together: in a pool of
 * 1024, median 0.03 ms but up to 2.46 ms. On a slower host (Linux 6.18, Node
 * 20, quiet; pool.max-128, 10 runs) the most a trial's parked thread had used
 * was 2.0–12.1 ms in the pool of 200 (median 3.9; 0.11–0.29 ms on the host
 * first measured), 1.5–5.8 ms in the pool of 1024 and 0.6–3.0 ms in pools of
 * 129–300: no bound tells them from a Worker's start (13–39 ms), and at 2 ms
 * most of an honest pool's trials were void. Their threads' waits are still
 * read. Pools of up to 128 (the default 4 of pool.default-size) stay weighed:
 * 0.06–0.61 ms at most on that host.
 */
export const PARKED_CPU_POOL = 128;

/**
 * The part of a probe read from outside (probePool `outside`) that says the
 * threads parked on FIFOs are the pool's. Once the count is through none of
 * them waits in an event loop (epoll_wait): a pool thread waits for its next
 * request on a condition variable (futex), a JavaScript thread (a Worker) in
 * its own loop; a thread that does fails it (`ok` false), whatever the
 * machine's speed. And each had used under PARKED_CPU_MS of CPU while parked,
 * as a pool thread at its first request has (a thread that ran JavaScript
 * first has used more; in pools of up to PARKED_CPU_POOL threads): an excess
 * there alone, with no thread in an event loop, may be a slow or stolen CPU,
 * and `invalid` says the trial counts neither way. A look the fixture went on
 * without (outside.late: it waited past its bound for the harness's answer)
 * read the threads at another moment, and is left out. null where neither
 * was read (not Linux, records from before they were read, both looks late).
 * With `barePolls` (a bare Node's event loops: barePollCount), the process's
 * own are counted against it too (loopsPart): a stand-in Worker that waits
 * in Atomics.wait once through reads as a pool thread's futex, but its event
 * loop is still there.
 * @param {any} probe @param {number | null} [barePolls]
 * @returns {{ ok: boolean, detail: string, invalid?: true } | null}
 */
export function parkedPart(probe, barePolls) {
  const late = Array.isArray(probe?.outside?.late) ? probe.outside.late : [];
  const epolls = loopsPart(probe?.outside?.polls, barePolls);
  const parked = late.includes('parked') ? null : probe?.outside?.parked;
  // the pool's size as its threads started (a probe of fewer FIFOs than threads parks fewer)
  const size = Math.max(Array.isArray(parked) ? parked.length : 0, probe?.poolThreads?.length ?? 0);
  const weighed = Array.isArray(parked) && size <= PARKED_CPU_POOL;
  const read = weighed ? parked.filter((/** @type {any} */ t) => typeof t.cpuMs === 'number') : [];
  const waits = late.includes('counted') ? null : probe?.outside?.waits;
  const waited = Array.isArray(waits) ? waits.filter((/** @type {any} */ w) => typeof w.wait === 'string') : [];
  if (read.length === 0 && waited.length === 0) return epolls;
  const parts = [];
  let ok = true;
  /** @type {any[]} */
  let over = [];
  if (read.length) {
    over = read.filter((/** @type {any} */ t) => t.cpuMs >= PARKED_CPU_MS);
    parts.push(
      over.length === 0
        ? `seen from outside while parked, ${read.length} threads of ${Math.max(...read.map((/** @type {any} */ t) => t.cpuMs))} ms of CPU at most each (a pool thread at its first request: under ${PARKED_CPU_MS} ms)`
        : `seen from outside while parked, ${over.length} of ${read.length} threads had used ${over.map((/** @type {any} */ t) => t.cpuMs).join(', ')} ms of CPU (a pool thread at its first request: under ${PARKED_CPU_MS} ms): a thread that ran JavaScript first, or a CPU slower than measured`,
    );
  }
  if (waited.length) {
    const loops = waited.filter((/** @type {any} */ w) => w.wait.startsWith('epoll:'));
    ok = loops.length === 0;
    parts.push(
      loops.length === 0
        ? `none of ${read.length ? 'them' : `the ${waited.length} seen parked`} in an event loop once through`
        : `once through, ${loops.length} of them ${loops.length === 1 ? 'waits' : 'wait'} in an event loop (epoll_wait; a pool thread waits on a condition variable): a JavaScript thread, not the pool's`,
    );
  }
  if (epolls) {
    ok &&= epolls.ok;
    parts.push(epolls.detail);
  }
  const detail = parts.join(', ');
  return ok && over.length ? { ok, detail, invalid: true } : { ok, detail };
}

/**
 * The part of parkedPart that counts the probe's event loops (epoll instances,
 * read from outside at 'parked' and at 'counted': probeFromOutside `polls`)
 * against a bare Node's (barePollCount, the same settings). A pool thread
 * brings none; every JavaScript thread (a Worker) has a loop of its own from
 * its start to its end, wherever it waits (an Atomics.wait reads as a pool
 * thread's futex). Honest: as many as the bare Node, 3 on Node 20–26
 * (2026-12-02), plain-started probes as those with an IPC channel. Read at
 * any moment of the probe's life, late looks included: an honest process
 * never has more. null where either count was not read.
 * @param {{ parked?: number | null, counted?: number | null } | undefined} polls
 * @param {number | null | undefined} bare
 * @returns {{ ok: boolean, detail: string } | null}
 */
function loopsPart(polls, bare) {
  const seen = [polls?.parked, polls?.counted].filter((n) => typeof n === 'number');
  if (typeof bare !== 'number' || seen.length === 0) return null;
  const most = Math.max(.../** @type {number[]} */ (seen));
  const ok = most <= bare;
  return {
    ok,
    detail: ok
      ? `${most} event ${most === 1 ? 'loop' : 'loops'} in the process (epoll instances, /proc/<pid>/fd), no more than a bare Node's ${bare}`
      : `${most} event loops in the process (epoll instances, /proc/<pid>/fd) where a bare Node has ${bare}: a JavaScript thread of the program's own (each Worker has its own loop)`,
  };
}

/** One line for a FIFO probe's readings. @param {any} probe */
export function probeText(probe) {
  const delta = probe.poolThreads.length;
  const blocked = typeof probe.blocked === 'number' ? `, ${probe.blocked} blocked in open` : '';
  return `${probe.parked}${probe.saturated ? '+' : ''} threads parked on FIFOs (thread-count delta ${delta}${blocked})`;
}

/**
 * @typedef {object} Statistic
 * @property {string} name
 * @property {string} description
 * @property {(t: number[], T: number, obs?: any) => number} fn   sorted completion times and the single-task time;
 *   obs: the trial's observation, where the value is a trial's (not for the model's predictions)
 * @property {number} [toward]
 * @property {string} [asserts] what the claim asserts that the statistic tests, in the claim's terms
 * @property {string} [speedFree] why the statistic holds where the CPUs run at unequal speeds, with the
 *   figures that show it: its values are kept in trials whose CPUs read apart (voidIfUnequalSpeeds), and
 *   such a trial whose threads' CPU the speeds read explain counts whole (countWhereSpeedsExplain), unless
 *   it readsHashCpu
 * @property {boolean} [readsHashCpu] the statistic weighs the completions by the hashes' own CPU time
 *   (dearestHashMs): a trial whose threads' CPU the readers explain stays void for it, since a reader that
 *   read its CPU slower than the hashes ran there would hide a spinning thread's CPU in both
 *
 * @typedef {object} Alternative
 * @property {string} label
 * @property {number} P
 * @property {number} C
 */

/**
 * The pbkdf2 task a batch runs (and loop.cpu-blocks' heavy work, whose scans
 * of the machine need it): the calibrated one, and under --quick the
 * whole multiple of its 60 ms task nearest the full run's 120 ms. The CPU rule (MAX_CPU_PER_TASKS) weighs a
 * batch's CPU against its tasks' cost at the speed read beside the pool, and
 * its allowance was measured on 120 ms tasks: a host that slows the one CPU
 * a pool thread is on for a few tens of ms, between two speed readings made
 * on the other, adds the same ms to a 60 ms hash as to a 120 ms one, twice
 * the ratio. --quick's 60 ms hashes read up to ×1.19 honest, beyond the ×1.12
 * allowed (BENCHMARKS.md §19).
 * @param {import('../context.js').Context} ctx
 * @returns {{ iterations: number, taskMs: number }}
 */
export function batchTask(ctx) {
  // --quick's profile aims at QUICK_TASK_MS: the whole multiple of its task nearest TASK_MS.
  const times = ctx.quick ? Math.max(1, Math.round(TASK_MS / ctx.pbkdf2.taskMs)) : 1;
  return { iterations: ctx.pbkdf2.iterations * times, taskMs: ctx.pbkdf2.taskMs * times };
}

/**
 * A pbkdf2 batch plan.
 * @param {import('../context.js').Context} ctx
 * @param {{ k: number, P: number, size?: string, reference?: boolean, statistic: Statistic, alternatives: Alternative[], summary?: string }} o
 * @returns {Omit<import('../spec.js').Plan, 'summary'> & { summary: string }}
 */
export function batchPlan(ctx, { k, P, size, reference = false, statistic, alternatives, summary }) {
  const C = ctx.cores;
  const task = batchTask(ctx);
  const T = task.taskMs;
  const at = (/** @type {number} */ p, /** @type {number} */ c) =>
    statistic.fn(predictSorted({ tasks: k, P: p, C: c }), 1);
  const predictedMs = predictSorted({ tasks: k, P, C, T }).map((x) => Math.round(x));
  const claim = at(P, C);
  const alts = Object.fromEntries(
    alternatives
      .map((a) => [a.label, at(a.P, a.C)])
      .filter(([, v]) => Math.abs(/** @type {number} */ (v) - claim) > 1e-9),
  );
  const want = threadsUsed({ k, P });
  const shape = batches({ k, P }).join(' + ');
  const load = (/** @type {any} */ obs) => ({ runs: [{ othersMs: obs.othersMs, wallMs: obs.wallMs }] });
  const linux = ctx.platform === 'linux';
  return {
    summary: `${summary ? `${summary}. ` : ''}Model, P=${P} on C=${C}: ${k} tasks of T≈${Math.round(T)} ms run as batches ${shape} and finish at ${predictedMs.join(', ')} ms; ${statistic.name} = ${round(claim)} (${
      Object.entries(alts)
        .map(([l, v]) => `${l}: ${round(v)}`)
        .join(', ') || 'no distinguishable alternative'
    })`,
    model: {
      k,
      P,
      C,
      T,
      batches: batches({ k, P }),
      predictedMs,
      threads: want,
      statistic: statistic.name,
      claim: round(claim, 4),
      alternatives: alts,
    },
    trial: (c) =>
      c.run('pbkdf2-batch.cjs', {
        options: { k, iterations: task.iterations, reference },
        env: { UV_THREADPOOL_SIZE: size },
        timeoutMs: 30_000 + 20 * k * T,
        // where the main thread was while it took no sample (checkDelivery)
        watchMainMs: k > P ? MAIN_LOOK_MS : undefined,
      }),
    structural: linux
      ? {
          need: 3,
          check: (obs) => {
            const busy = busyReason(load(obs), C);
            const checked = voidTiming(checkBatch(obs, { k, P, T, referenceMs: ctx.pbkdf2.referenceMs, busy }), busy);
            if (statistic.speedFree && statistic.readsHashCpu) return checked;
            if (statistic.speedFree) return countWhereSpeedsExplain(checked, { speedFree: statistic.name });
            return voidIfUnequalSpeeds(obs, { k, P }, checked);
          },
        }
      : undefined,
    timing: {
      statistic: statistic.name,
      description: statistic.description,
      asserts: statistic.asserts,
      claim,
      alternatives: alts,
      toward: statistic.toward,
      looks: TIMING_LOOKS,
      alpha: 0.01,
      value: (obs) => statistic.fn(sortedTimes(obs), obs.T ?? NaN, obs),
      // Without thread accounting the timing decides alone: a trial spoiled
      // by other processes' load gives no value (on Linux the structural
      // check drops it and says so).
      void: linux ? undefined : (obs) => busyReason(load(obs), C),
    },
  };
}

/**
 * Where a batch's first tasks outnumber the cores (min(P, k) > C) and run on
 * more than one CPU, the scheduler's per-CPU run queues share them unevenly,
 * a little differently on every machine and kernel (a CPU quota spread over
 * more CPUs than it allows runs them in bursts): a thread may finish its task
 * while another waits its turn, and the completion times land anywhere between
 * the model's and the alternatives' (four tasks shared 3 + 1 on 2 CPUs finish
 * as P = 3's do). A timing boundary between them could only be fitted to one
 * machine's scheduler, so the timing is reported, not judged, and the runnable
 * concurrency (how many ran at once, phase by phase) decides; a trial without
 * that reading is void. On one CPU (one run queue, shared fairly) and with a
 * core per task the plan is unchanged: its timing is judged against the model.
 * Off Linux there is no runnable count, and nothing can tell the claim from
 * its alternatives on such a C: the claim is undecidable here (inconclusive).
 * @template {{ summary: string, structural?: any, timing?: any }} T
 * @param {import('../context.js').Context} ctx
 * @param {T} plan a batchPlan
 * @param {{ P: number, k: number, asserts: string, statistic: string }} o  asserts: what the timing would test, e.g. "Finishing together"
 * @returns {T & { undecidable?: string }}
 */
export function judgeTimingOnlyWithCores(ctx, plan, { P, k, asserts, statistic }) {
  const running = Math.min(P, k);
  if (ctx.cores >= running || cpusAllowed(ctx) < 2) return plan;
  const why = `with ${running} threads on C=${ctx.cores} the per-CPU run queues share the cores unevenly and ${statistic} lands anywhere between the model's value and the alternatives'`;
  if (!plan.structural)
    return {
      ...plan,
      undecidable: `${why}; only the runnable count (Linux /proc) tells them apart, and ${ctx.platform} has none`,
    };
  const structural = plan.structural;
  return {
    ...plan,
    summary: `${plan.summary}. ${asserts} is not judged by timing on C=${ctx.cores}: ${why}; the runnable concurrency decides`,
    structural: {
      ...structural,
      check: (/** @type {any} */ obs) => {
        const c = countWhereSpeedsExplain(structural.check(obs));
        if (!c.ok || obs.phases?.[0]?.concurrency != null) return c;
        return { ...c, ok: false, invalid: true, detail: `no runnable reading of the first batch: ${c.detail}` };
      },
    },
    timing: { ...plan.timing, reportOnly: why },
  };
}

/**
 * A batch trial void only because its CPUs ran at speeds the readers
 * explain (checkBatch's structureStands), counted: its structure is sound.
 * Its timing value is dropped where other processes' load spoiled the trial,
 * and where the statistic's model assumes one speed (the plans that call
 * this so do not judge their timing: judgeTimingOnlyWithCores); a statistic
 * that holds at unequal speeds (`speedFree`: its name; Statistic.speedFree)
 * keeps it.
 * @param {import('../verdict.js').Check} c @param {{ speedFree?: string }} [o]
 * @returns {import('../verdict.js').Check}
 */
export function countWhereSpeedsExplain(c, { speedFree } = {}) {
  const stands = c.structureStands;
  if (!stands) return c;
  const { structureStands, invalid, ...rest } = c;
  const detail = c.detail.startsWith(`${stands.why}: `) ? c.detail.slice(stands.why.length + 2) : c.detail;
  const dropped = stands.busy ?? (speedFree ? null : stands.why);
  if (!dropped) return { ...rest, ok: true, detail: `${detail} (${stands.why}; ${speedFree} holds at unequal speeds)` };
  const also = dropped === stands.why ? '' : `; ${stands.why}`;
  return {
    ...rest,
    ok: true,
    timingVoid: true,
    voidReason: dropped,
    detail: `${detail} (timing dropped: ${dropped}${also})`,
  };
}

/** The CPUs the fixtures' threads may run on (C where that is unknown). @param {import('../context.js').Context} ctx */
function cpusAllowed(ctx) {
  return ctx.usable?.length ?? ctx.cores;
}

/**
 * Why the cores a batch gets are not C here, or null: a CPU quota below the
 * CPUs allowed (C read from the quota, the threads free to run on more CPUs)
 * runs them in bursts, several CPUs at once until the period's quota is spent,
 * so a batch of up to that many tasks gets between C and that many CPUs' worth.
 * @param {import('../context.js').Context} ctx
 * @returns {string | null}
 */
export function quotaBursts(ctx) {
  const cpus = cpusAllowed(ctx);
  if (!(ctx.cores < cpus)) return null;
  return `a CPU quota of C=${ctx.cores} spread over ${cpus} CPUs runs the threads in bursts: a batch gets between ${ctx.cores} and ${cpus} CPUs' worth, which no model of C cores describes`;
}

/** A pool thread with less CPU than this share of a task did none (an idle one reads 0.000). */
const IDLE_SHARE = 0.05;

/**
 * How a batch's k tasks fell on the pool threads, read from their CPU time.
 * A thread cannot do part of a task, so every thread that used CPU did at
 * least one; of the ways to give k tasks to those threads, the one with the
 * most even CPU per task is taken (each task is the same hash). Its spread
 * (slowest hash over fastest) is 1 where one speed explains the CPU; a thread
 * kept busy without progress (a limiter whose waiting threads spin) and a CPU
 * the host slowed both widen it, and cannot be told apart.
 * @param {number[]} cpuMs each pool thread's CPU time over the batch
 * @param {number} k
 * @returns {{ tasks: number[], msPerTask: number[], spread: number } | null}
 *   tasks and msPerTask per thread that worked (most tasks first); null where
 *   more threads used CPU than there were tasks
 */
export function taskAccount(cpuMs, k) {
  const worked = busyThreadsCpu(cpuMs, k).sort((a, b) => b - a);
  if (worked.length > k) return null;
  if (worked.length === 0) return { tasks: [], msPerTask: [], spread: 1 };
  let best = { tasks: /** @type {number[]} */ ([]), spread: Infinity };
  // Every split of k into worked.length whole parts, in non-increasing order
  // (the threads are sorted by CPU, so more CPU never gets fewer tasks).
  const split = (/** @type {number} */ i, /** @type {number} */ left, /** @type {number[]} */ tasks) => {
    if (i === worked.length) {
      if (left !== 0) return;
      const per = worked.map((ms, j) => ms / tasks[j]);
      const spread = Math.max(...per) / Math.min(...per);
      if (spread < best.spread) best = { tasks: [...tasks], spread };
      return;
    }
    const most = Math.min(left - (worked.length - i - 1), i === 0 ? left : tasks[i - 1]);
    for (let n = most; n >= 1; n--) split(i + 1, left - n, [...tasks, n]);
  };
  split(0, k, []);
  const { tasks, spread } = best;
  return { tasks, msPerTask: worked.map((ms, j) => ms / tasks[j]), spread };
}

/** The CPU times of the pool threads that used CPU (over IDLE_SHARE of a task). @param {number[]} cpuMs @param {number} k */
function busyThreadsCpu(cpuMs, k) {
  return cpuMs.filter((ms) => ms > (IDLE_SHARE * sum(cpuMs)) / k);
}

/**
 * CPU time per hash on each pool thread that worked in a batch (taskAccount).
 * @param {any} obs @param {number} k
 */
export function hashRates(obs, k) {
  return taskAccount(obs.cpuMs ?? [], k)?.msPerTask ?? [];
}

/**
 * What the dearest of a batch's k hashes cost in CPU time (taskAccount's
 * most even split): the time it takes alone at the speed of the CPU it ran
 * on, since a CPU-bound hash alone on a free core runs throughout. A thread
 * that spun before its hash makes that hash read dear: the CPU rule
 * (cpuBeyondTasks) is what tells it, and a statistic that reads this
 * (Statistic.readsHashCpu) takes no trial the readers' speeds explain. null
 * where the pool threads' CPU was not read (off Linux), or more threads used
 * CPU than there were tasks.
 * @param {any} obs @param {number} k
 * @returns {number | null}
 */
export function dearestHashMs(obs, k) {
  const per = hashRates(obs, k);
  return per.length && per.every(Number.isFinite) ? Math.max(...per) : null;
}

/**
 * Drop a batch's timing value where the CPUs ran at unequal speeds: the pool
 * threads' CPU time per hash (a fixed amount of work) says so
 * (unequalSpeedReason), or the speed reference read on the CPUs by the wall
 * clock, pinned to each before the batch or beside the pool during it, is
 * more than MAX_SPEED_SPREAD apart. A host that takes a vCPU away unseen
 * slows its thread's progress without adding to its CPU time: the CPU per
 * hash reads alike while one thread finishes later, and a statistic built on
 * completion times drifts toward an alternative (`pool.size-two-pairs`'s
 * former gap read G 0.27 against a region above 0.375 so, a fail of a true
 * claim; BENCHMARKS.md §21). A statistic that holds at any constant speed per
 * thread (its pairs' ratio Q) may still drift where a speed changes
 * mid-batch; a plan whose statistic was measured to hold at unequal speeds
 * (Statistic.speedFree) does not call this. The readings
 * count only where threads ran side by side (min(P, k) ≥ 2), whose
 * completions the statistic compares; one thread's tasks, one after another,
 * all meet the same CPUs.
 * @param {any} obs @param {{ k: number, P: number }} o @param {import('../verdict.js').Check} check
 */
export function voidIfUnequalSpeeds(obs, { k, P }, check) {
  const readings = Math.min(P, k) >= 2 ? unequalReadingsReason(obs.speed) : null;
  return voidTiming(check, unequalSpeedReason(hashRates(obs, k), 'a hash') ?? readings);
}

/**
 * Why the speed reference's readings say the CPUs ran at unequal speeds, or null.
 * @param {import('./cpu-speed.js').SpeedReading | null | undefined} speed
 */
function unequalReadingsReason(speed) {
  const spread = speedsSpread(speed);
  if (spread === null || spread <= MAX_SPEED_SPREAD) return null;
  return `CPUs at unequal speeds: the speed reference read ×${round(spread, 2)} apart on them, by the wall clock (the model assumes one speed)`;
}

/** @param {any} obs */
export function sortedTimes(obs) {
  return obs.completions
    .map((/** @type {{ ms: number }} */ c) => c.ms)
    .sort((/** @type {number} */ a, /** @type {number} */ b) => a - b);
}

/**
 * The speed reference at the calibrated speed, as the batch itself converts
 * it: what one iteration of the hash cost at calibration (T over the batch's
 * iterations) times the reference's cost in iterations, read by the batch
 * fixture just before its batch (speed.inIterations). The profile's
 * (referenceMs) weighed the two once, at the run's start: where the host
 * slowed the reference more than the hash then (×1.73 against ×1.49), every
 * batch of the run read its CPU ×1.15–1.2 what its hashes cost (BENCHMARKS.md
 * §25). null where the batch did not read it (a record from before, no
 * /proc): the profile's stands.
 * @param {any} obs @param {number} T  ms of one hash of obs.iterations alone, at calibration
 * @returns {number | null}
 */
export function batchReferenceMs(obs, T) {
  const inIterations = Number(obs?.speed?.inIterations);
  const iterations = Number(obs?.iterations);
  return inIterations > 0 && iterations > 0 && T > 0 ? (T / iterations) * inIterations : null;
}

/**
 * Structural reading of one batch: the pool's threads (which did the work),
 * how many tasks were runnable at once between completions (what "n run
 * together" says), and where tasks wait for a thread whether the completions
 * came as they ended (checkDelivery), where the fixture could read them
 * (Linux /proc).
 * @param {any} obs
 * @param {{ k: number, P: number, T: number, referenceMs?: number | null, busy?: string | null }} o  T: the batch's
 *   task (ms of one hash alone, batchTask); referenceMs: the speed reference calibrated with the profile's task
 *   (cpu-speed.js), used where the batch did not weigh it against its hash itself (batchReferenceMs); busy: why
 *   other processes' load spoiled the batch (busyReason), where it did
 * @returns {import('../verdict.js').Check}
 */
export function checkBatch(obs, { k, P, T, referenceMs = null, busy = null }) {
  if (!(obs.cpuMs ?? []).every(Number.isFinite))
    return { ok: false, invalid: true, detail: 'no CPU reading of every pool thread (/proc/<tid>/schedstat)' };
  const account = taskAccount(obs.cpuMs, k);
  const speed = speedFactor(obs.speed, batchReferenceMs(obs, T) ?? referenceMs);
  const totalMs = sum(obs.cpuMs);
  // the pool's CPU over what its k hashes cost at the speed the CPUs ran during the batch
  const cpuRatio = speed && T > 0 ? totalMs / (k * T * speed.factor) : null;
  // The CPU rule's figures go with the assertion it judges: how many ran at
  // once where the runnable count was read, else which threads did the work.
  const hashCost = (/** @type {import('../verdict.js').Check} */ c) => withHashCost(c, account, T, cpuRatio);
  const counted = withEachRunnable(checkConcurrency(obs.phases, { k, P, T }), obs.timeline, { k, P });
  // Where two or more run at once, no thread's task waits while the others do a whole one.
  const waits = counted && Math.min(P, k) >= 2 ? checkNoneWaited(obs.timeline, ...waitUnit(account, T)) : null;
  const together =
    counted && hashCost(waits?.ok ? { ...counted, detail: `${counted.detail}; ${waits.detail}` } : counted);
  const counts = checkThreads(obs, { k, P }, account);
  const threads = together ? counts : hashCost(counts);
  const delivered = checkDelivery(obs, { k, P });
  const waited = checkWaiting(obs, { k, P });
  const offPool = checkWorkElsewhere(obs, totalMs);
  const want = threadsUsed({ k, P });
  const parts = [
    { name: `${P} pool threads, ${want} of them doing the ${k} tasks`, ...threads },
    ...(offPool ? [{ name: `the tasks' work done on the pool's threads`, ...offPool }] : []),
    ...(together ? [{ name: `${Math.min(P, k)} run at once, then min(${P}, tasks left)`, ...together }] : []),
    ...(waited ? [{ name: `the ${k - P} past ${P} wait for the first to end`, ...waited }] : []),
    ...(delivered && !delivered.invalid ? [{ name: 'completions as their tasks end', ...delivered }] : []),
  ];
  const checked = {
    ok: parts.every((p) => p.ok),
    detail: parts.map((p) => p.detail).join('; '),
    parts,
  };
  if (!checked.ok || !account) return voidIfLate(checked, delivered);
  // The runnable count says how many threads ran, not how many tasks made
  // progress: it holds only where the threads' CPU is whole tasks at one
  // speed, and that speed is the one the CPUs had during the batch.
  const atOneSpeed = spreadAtOneSpeed(obs, k);
  const cpuRule = contestedBeside(
    cpuBeyondTasks(account, {
      k,
      T,
      speed,
      cpuRatio,
      totalMs,
      speedsSpread: speedsSpread(obs.speed),
      spreadAtOneSpeed: atOneSpeed,
    }),
    busy,
  );
  // A thread that waited while the others did a whole task did not run with
  // them; beside other processes' load, whose turns on the CPUs stretch a
  // thread's wait, the trial cannot tell (contested).
  const starved =
    !waits || waits.ok ? null : waits.invalid ? { void: waits.detail } : contestedBeside({ fail: waits.detail }, busy);
  const rules = [starved, cpuRule];
  const cpu =
    rules.find((r) => r?.fail) ??
    rules.find((r) => r?.contested) ??
    rules.find((r) => r?.void) ??
    rules.find((r) => r?.explained) ??
    null;
  // Threads runnable without progress: fewer tasks ran at once than threads did, the claim's own words.
  const atOnce = together ? 1 : 0;
  const against = (/** @type {string} */ why) =>
    checked.parts.map((p, i) => (i === atOnce ? { ...p, ok: false, detail: `${why}; ${p.detail}` } : p));
  // Marginal only where the CPU rule's total is the trial's one objection:
  // quiet (beside other processes' load the reading says nothing of how
  // often the host gives it), no wait read at all (not even one the host's
  // gaps voided), and the threads' CPU per hash alike, as in the honest
  // trials that read so (a thread spinning beside its hash reads apart).
  const alike = account.spread <= MAX_SPEED_SPREAD || (atOneSpeed ?? Infinity) <= MAX_SPEED_SPREAD;
  const marginal = cpu?.marginal && cpu === cpuRule && !busy && !starved && alike ? { marginal: true } : {};
  if (cpu?.fail) return { ok: false, detail: `${cpu.fail}: ${checked.detail}`, parts: against(cpu.fail), ...marginal };
  if (cpu?.contested)
    return {
      ok: false,
      invalid: true,
      contested: true,
      detail: `${cpu.contested}: ${checked.detail}`,
      parts: against(cpu.contested),
      ...marginal,
    };
  if (cpu?.void) return { ...checked, ok: false, invalid: true, detail: `${cpu.void}: ${checked.detail}` };
  const sound = voidIfLate(checked, delivered);
  // CPU the speeds read explain: the structure stands, but the trial stays
  // void for a plan whose judged timing assumes one speed (it has no timing
  // value, and a trial without one counts toward the timing channel giving
  // up); countWhereSpeedsExplain counts it where the timing is not judged or
  // holds at unequal speeds.
  if (cpu?.explained && !sound.invalid)
    return {
      ...checked,
      ok: false,
      invalid: true,
      detail: `${cpu.explained}: ${checked.detail}`,
      structureStands: { why: cpu.explained, busy },
    };
  return sound;
}

/**
 * CPU a batch's process may spend over the batch beyond its pool's threads,
 * its main thread and its speed readers: the larger of ELSEWHERE_MIN_MS and
 * ELSEWHERE_SHARE of the pool's own. Honest batches read 0–1.7 ms (Node's
 * own threads: its platform's workers, a collection now and then); a thread
 * the program started before the pool that computed every other task's key
 * while the pool's one thread hashed in its place read 152–339 ms
 * (pool-one-shadowed, BENCHMARKS.md §46).
 */
export const ELSEWHERE_MIN_MS = 20;
/** See ELSEWHERE_MIN_MS. */
export const ELSEWHERE_SHARE = 0.1;

/**
 * The tasks' work done on the pool's threads: the CPU the process's other
 * threads spent over the batch (`elsewhereMs`: the process's whole CPU,
 * threads that ended meanwhile included, less its pool's, main and reader
 * threads' from /proc) within the allowance; null where it was not read
 * (off Linux, older records) or where Node options are in force.
 * @param {any} obs @param {number} poolMs the pool threads' CPU over the batch
 * @returns {{ ok: boolean, detail: string } | null}
 */
export function checkWorkElsewhere(obs, poolMs) {
  // Node options in force (a profiler, an inspector, module hooks) run threads of their own: not read then
  if (typeof obs.elsewhereMs !== 'number' || obs.nodeOptions) return null;
  const allowed = Math.max(ELSEWHERE_MIN_MS, ELSEWHERE_SHARE * poolMs);
  const ms = Math.round(obs.elsewhereMs);
  return obs.elsewhereMs <= allowed
    ? { ok: true, detail: `the process's other threads ${ms} ms of CPU meanwhile (at most ${Math.round(allowed)})` }
    : {
        ok: false,
        detail: `the process's other threads spent ${ms} ms of CPU over the batch (at most ${Math.round(allowed)}, beside the pool's ${Math.round(poolMs)}): the tasks' work done off the pool`,
      };
}

/**
 * The runnable count's check, and where two or more threads run at once
 * whether each of them was runnable throughout its work (checkEachRunnable):
 * the count averages the threads, and one asleep through half its work
 * beside one at work reads within half a thread of the model. Where one
 * thread runs at a time (P = 1, or one task) the claim says nothing of a
 * thread's share of its own work.
 * @param {ReturnType<typeof checkConcurrency>} counted @param {any} timeline @param {{ k: number, P: number }} o
 */
function withEachRunnable(counted, timeline, { k, P }) {
  const each = counted && Math.min(P, k) >= 2 ? checkEachRunnable(timeline) : null;
  if (!counted || !each) return counted;
  return { ...counted, ok: counted.ok && each.ok, detail: `${counted.detail}; ${each.detail}` };
}

/**
 * A sound check made void where a completion came late with the main thread
 * itself as late (checkDelivery's invalid reading); a failed one stands.
 * @param {import('../verdict.js').Check} checked @param {ReturnType<typeof checkDelivery>} delivered
 * @returns {import('../verdict.js').Check}
 */
function voidIfLate(checked, delivered) {
  if (!checked.ok || !delivered?.invalid) return checked;
  return { ...checked, ok: false, invalid: true, detail: `${delivered.detail}: ${checked.detail}` };
}

/**
 * What one task costs in CPU, the unit a wait is counted in: the smaller of
 * the calibrated task and this batch's own (the median of its threads' CPU
 * per hash). The calibrated task, read at another time, cost ×1.4 a batch's
 * hashes on a host whose vCPU speeds moved: a thread at nice 19 that waited
 * while the others did 1.35 of that batch's hashes read as 0.96 of a task
 * (BENCHMARKS.md §33). The batch's own alone would let CPU a thread spends
 * outside the wait, before or after its hash, widen the unit; the CPU rule
 * judges such CPU, but contests it where the host's speeds could explain it.
 * Honest batches read at most 0.59 of a task in either unit.
 * @param {ReturnType<typeof taskAccount>} account @param {number} T
 * @returns {[number, string]} ms, and what they are
 */
function waitUnit(account, T) {
  const own = account?.msPerTask.length ? median(account.msPerTask) : null;
  if (own === null) return [T, 'a task alone'];
  return own < T
    ? [own, `this batch's CPU per hash; a task alone: ${Math.round(T)} ms`]
    : [T, `a task alone; this batch's CPU per hash: ${Math.round(own)} ms`];
}

/** @param {number[]} xs */
function sum(xs) {
  return xs.reduce((a, b) => a + b, 0);
}

/**
 * How far apart the pool threads' CPU per hash reads once each thread's CPU
 * is weighed by the speed read on the CPUs it ran on (cpu-speed.js
 * cpuAtOneSpeed), the most even split of the k tasks taken as taskAccount
 * takes it; null where that cannot be read.
 * @param {any} obs @param {number} k
 */
function spreadAtOneSpeed(obs, k) {
  const cpu = cpuAtOneSpeed(obs.speed, obs.timeline, obs.poolThreads ?? []);
  return cpu ? (taskAccount(cpu, k)?.spread ?? null) : null;
}

/**
 * A check's detail with what each hash cost in CPU beside the calibrated
 * task, and the pool's CPU over its tasks' cost at the speed read beside it:
 * the figures the CPU rule (cpuBeyondTasks) judges, shown whether it passes
 * or not.
 * @param {import('../verdict.js').Check} check @param {ReturnType<typeof taskAccount>} account @param {number} T
 * @param {number | null} cpuRatio
 */
function withHashCost(check, account, T, cpuRatio) {
  if (!account?.msPerTask.length) return check;
  const lo = Math.round(Math.min(...account.msPerTask));
  const hi = Math.round(Math.max(...account.msPerTask));
  const cost = lo === hi ? `${lo} ms` : `${lo}–${hi} ms`;
  const calibrated = T > 0 ? ` (a task alone: ${Math.round(T)} ms)` : '';
  const beside =
    cpuRatio === null ? '' : `, ×${round(cpuRatio, 2)} the tasks' cost at the CPU's speed read beside the pool`;
  return { ...check, detail: `${check.detail}; CPU per hash ${cost}${calibrated}${beside}` };
}

/**
 * Most CPU a batch's pool threads may use, as a multiple of what its k
 * hashes cost at the speed the CPUs ran during it, before the excess is CPU
 * spent without progress. Honest batches read 0.61–1.09 on this VM, quiet or
 * beside busy loops (the hashes pay for cache refills after each switch that
 * the reference, timed warm, does not); threads that spin or waste while
 * fewer tasks progress than run read 1.14–1.98 (BENCHMARKS.md §17). On a
 * host that switches a vCPU between two speeds, honest batches read up to
 * ×1.44 against the speed read beside the pool (§21); against the slowest
 * speed read, which cpuBeyondTasks also requires before it fails, 11 of
 * 1 968 read beyond it, up to ×1.25, and one claim-run in 2 396 failed
 * (§22: the profile's ratio of task to reference drifts ±5% with the host).
 * Beside two busy loops honest batches read up to ×1.22 at every speed read,
 * and one claim-run failed so (§26): where other processes' load spoiled a
 * batch (busyReason) the rule contests, it does not fail.
 */
export const MAX_CPU_PER_TASKS = 1.12;

/**
 * Most CPU a batch's pool threads may use, as a multiple of what its k
 * hashes cost at the slowest speed any CPU read before the batch or beside
 * it, for a trial against the claim by MAX_CPU_PER_TASKS alone to be
 * marginal: a reading honest batches give now and then on this host, which
 * enough agreeing trials outweigh (verdict.js outweighing). In the quiet,
 * `--quick`, busy-loop and 1-CPU-quota records of BENCHMARKS.md §33–§35,
 * honest trials failed by that rule read ×1.128–1.508 at the slowest speed,
 * 13 of 28 within this and 8 beyond ×1.25 (§36), and every contested one
 * (within MAX_CPU_PER_TASKS at the slowest speed) is within it. A limiter
 * that lets P − 1 hashes progress while its spare thread spins reads
 * P / (P − 1): ×1.33 at P = 4, ×1.25 at P = 5; the sabotages that waste CPU
 * read ×1.22–1.83, and in every trial they run (§32). A trial beyond it
 * still holds back the pass.
 */
export const MARGINAL_CPU = 1.2;

/**
 * Most CPU per hash one of a batch's threads may use over another's where
 * the CPUs read alike beside the pool. A vCPU the host slows without the
 * guest seeing it costs a thread on it 1.3–1.6× the CPU for the same hash
 * (§9: 181–184 ms against 129 ms, pinned, the guest idle), and the main
 * thread's readings may miss it (it reads the CPU it runs on); honest
 * batches read at most ×1.46 in 2 660 trials, quiet and beside neighbours,
 * and ×1.47 inside a 1-CPU quota where the CPUs read alike. A
 * waiting task that spins a task's worth before its hash costs its thread
 * ×2 (a limiter's spinner: ×1.62–2.64) while the pool's total may stay under
 * MAX_CPU_PER_TASKS (BENCHMARKS.md §20). Where the CPUs read apart, the
 * allowance is this times how far apart they read: honest batches read at
 * most ×1.36 their readings' spread in 1 196 such trials, a spinner up to
 * ×3.34 (§24).
 */
export const MAX_UNSEEN_SPREAD = 1.75;

/**
 * Most CPU per hash one of a batch's threads may use over another's once
 * each thread's CPU is weighed by the speed a reader pinned to each CPU read
 * there through the batch (cpu-speed.js cpuAtOneSpeed): a CPU the host slows
 * is then read, not unseen (MAX_UNSEEN_SPREAD). Honest batches read at most
 * ×1.53 so in 814 quiet trials of a stretch whose CPUs read up to ×1.95
 * apart, from which it was set, and ×1.67 in §28's quiet bench (2 of 916
 * trials beyond, each a reader that read its CPU ×1.6 slower than the hashes
 * there ran; 1 of 410 inside a 1-CPU quota): one such trial holds back a
 * pass, three fail a true claim (verdict.js FAIL_ANY). A limiter's spinner
 * in every other batch read ×1.65–4.31 in that stretch, where the CPUs'
 * spread allowed it in 14 of 20, and ×1.58–1.91 in `pool.fifth-lags` where
 * the CPUs read alike (§27's records) (BENCHMARKS.md §28).
 */
export const MAX_SEEN_SPREAD = 1.55;

/**
 * Whether a batch's CPU is its k tasks at one speed, that of the CPUs during
 * the batch. A thread busy without progress (a limiter whose waiting threads
 * spin) and a CPU the host slowed both cost CPU beyond the calibrated tasks.
 * With the speed read beside the pool (speed: cpu-speed.js) the two are told
 * apart: CPU beyond MAX_CPU_PER_TASKS times the tasks at that speed, and at
 * the slowest speed any CPU read before the batch or beside it, is a fail
 * (beyond the first alone, the host may have switched a CPU's speed for part
 * of the batch: contested, a void trial that holds back a pass), and so is
 * one thread's CPU per hash beyond MAX_SEEN_SPREAD times another's with
 * each thread's CPU weighed by the speed of the CPUs it ran on, where a
 * reader on each CPU read them, and, read or not, beyond MAX_UNSEEN_SPREAD
 * times another's where the CPUs read alike, before the batch and during it
 * (times how far apart they read, where they do). A slowed CPU, or unequal
 * speeds between threads, that the readers pinned to each CPU explain leaves
 * the structure standing (explained: checkBatch's structureStands); one they
 * do not, or any where they did not read, leaves the trial void.
 * @param {{ msPerTask: number[], spread: number }} account
 * @param {{ k: number, T: number, speed: ReturnType<typeof speedFactor>, cpuRatio: number | null, totalMs: number, speedsSpread?: number | null, spreadAtOneSpeed?: number | null }} o  speedsSpread: how far apart the CPUs read (cpu-speed.js)
 *   cpuRatio: the pool's CPU (totalMs) over its k tasks at that speed; spreadAtOneSpeed: the threads' CPU per hash apart with each
 *   thread's CPU weighed by the speed of the CPUs it ran on (spreadAtOneSpeed), where that was read: held to
 *   MAX_SEEN_SPREAD itself
 * @returns {{ fail?: string, contested?: string, void?: string, explained?: string, marginal?: boolean } | null}
 *   explained: the speeds the readers read explain the CPU, and the structure stands; marginal: a fail or contest
 *   by MAX_CPU_PER_TASKS within MARGINAL_CPU at the slowest speed read
 */
function cpuBeyondTasks(
  { msPerTask, spread },
  { k, T, speed, cpuRatio, totalMs, speedsSpread = null, spreadAtOneSpeed = null },
) {
  const perHash = `one thread's CPU per hash ×${round(spread, 2)} another's (${Math.round(Math.min(...msPerTask))}–${Math.round(Math.max(...msPerTask))} ms)`;
  if (speed && spreadAtOneSpeed !== null && spreadAtOneSpeed > MAX_SEEN_SPREAD)
    return {
      fail: `CPU without progress: ${perHash}, ×${round(spreadAtOneSpeed, 2)} with each thread's CPU weighed by the speed read on the CPUs it ran on (allowed ×${MAX_SEEN_SPREAD})`,
    };
  if (speed && speedsSpread !== null && speedsSpread <= MAX_SPEED_SPREAD && spread > MAX_UNSEEN_SPREAD)
    return {
      fail: `CPU without progress: ${perHash}, more than a CPU the host slows unseen costs (×${MAX_UNSEEN_SPREAD}), while the CPUs read within ×${round(speedsSpread, 2)} of each other before and beside the pool`,
    };
  // CPUs read apart: a thread on the slowest pays their spread per hash, and
  // a host's unseen slowing on top of it at most MAX_UNSEEN_SPREAD.
  if (speed && speedsSpread !== null && spread > MAX_UNSEEN_SPREAD * speedsSpread)
    return {
      fail: `CPU without progress: ${perHash}, more than the CPUs' speeds read apart before and beside the pool (×${round(speedsSpread, 2)}) and a CPU the host slows unseen (×${MAX_UNSEEN_SPREAD}) together cost`,
    };
  if (speed && cpuRatio !== null && cpuRatio > MAX_CPU_PER_TASKS) {
    const slowest = speed.slowest > 1 ? `, its slowest CPU ×${round(speed.slowest, 2)} slower still` : '';
    const atSlowestRead = (cpuRatio * speed.factor) / speed.slowestRead;
    const read = `×${round(cpuRatio, 2)} what ${k} hashes cost at the speed the CPU ran during the batch (×${round(speed.during, 2)} a task alone's ${Math.round(T)} ms, read beside the pool${slowest})`;
    if (atSlowestRead <= MAX_CPU_PER_TASKS)
      return {
        contested: `CPU without progress, or a CPU slower than read beside the pool: the pool's threads used ${Math.round(totalMs)} ms of CPU, ${read}, but ×${round(atSlowestRead, 3)} at the slowest speed a CPU read before the batch or beside it (×${round(speed.slowestRead, 2)}), which the host may have switched to for part of the batch`,
        marginal: true,
      };
    const beyondSlowest =
      speed.slowestRead > speed.factor
        ? `, ×${round(atSlowestRead, 3)} even at the slowest speed a CPU read before the batch or beside it`
        : '';
    return {
      fail: `CPU without progress: the pool's threads used ${Math.round(totalMs)} ms of CPU, ${read}${beyondSlowest}; allowed ×${MAX_CPU_PER_TASKS}`,
      ...(atSlowestRead <= MARGINAL_CPU ? { marginal: true } : {}),
    };
  }
  const cause = speed
    ? 'CPUs at unequal speeds, or slowed by the host'
    : 'a thread busy without progress, or a CPU the host slowed';
  // Where a reader pinned to each CPU read the CPUs the pool ran on
  // (spreadAtOneSpeed is null otherwise), the speeds may explain the CPU:
  // the threads' CPU per hash alike once each is weighed by the speed read on
  // the CPUs it ran on, or every hash dearer on those CPUs read slower (the
  // pool's CPU within MAX_CPU_PER_TASKS of its tasks at their speed, judged
  // above). The CPU is then whole tasks at the speeds read, and the structure
  // stands. The main thread's readings do not explain: its factor is the
  // slowest CPU read, which may be one the pool never ran on (BENCHMARKS.md §29).
  const readEach = speed !== null && spreadAtOneSpeed !== null;
  if (spread > MAX_SPEED_SPREAD) {
    if (readEach && /** @type {number} */ (spreadAtOneSpeed) <= MAX_SPEED_SPREAD)
      return {
        explained: `CPUs at unequal speeds: the threads' CPU per hash read ×${round(spread, 2)} apart, ×${round(spreadAtOneSpeed, 2)} with each thread's CPU weighed by the speed read on the CPUs it ran on`,
      };
    return {
      void: `the threads' CPU is not ${k} whole tasks at one speed (×${round(spread, 2)} between them: ${cause})`,
    };
  }
  const fastest = Math.min(...msPerTask);
  if (T > 0 && fastest > MAX_SPEED_SPREAD * T) {
    const slow = `every hash took ${Math.round(fastest)} ms of CPU or more, ×${round(fastest / T, 2)} a task alone's ${Math.round(T)} ms`;
    if (readEach && cpuRatio !== null)
      return {
        explained: `CPUs slowed by the host: ${slow}, ×${round(cpuRatio, 2)} their cost at the speed read beside the pool`,
      };
    return { void: `${slow} (${cause})` };
  }
  return null;
}

/**
 * The CPU rule's fail in a batch that other processes' load spoiled
 * (busyReason), contested instead: beside them the hashes pay for the cache
 * refills of every switch with them, which the reference, timed in bursts of
 * tens of microseconds, does not (honest batches read up to ×1.22 beside two
 * busy loops, BENCHMARKS.md §26). Such a trial cannot tell waste from
 * neighbours, as where a speed the host switched to explains it.
 * @param {ReturnType<typeof cpuBeyondTasks>} cpu @param {string | null} busy
 */
function contestedBeside(cpu, busy) {
  // not marginal: beside other processes the reading says nothing of how often the host gives it
  return cpu?.fail && busy ? { contested: `${cpu.fail}, beside other processes (${busy})` } : cpu;
}

/**
 * Which new threads did the work, and how many tasks each did (taskAccount).
 * More threads busy than there were tasks is a fail: in these fixtures only
 * the tasks use the pool.
 * @param {any} obs @param {{ k: number, P: number }} o
 * @param {ReturnType<typeof taskAccount>} [account] the batch's, where the caller has it
 */
export function checkThreads(obs, { k, P }, account = taskAccount(obs.cpuMs, k)) {
  const want = threadsUsed({ k, P });
  if (!account) {
    const busy = busyThreadsCpu(obs.cpuMs, k).length;
    return {
      ok: false,
      detail: `${obs.poolThreads.length} pool threads started, ${busy} used CPU for ${k} tasks (a thread busy without a task); expected ${P} and ${want}`,
    };
  }
  const ok = obs.poolThreads.length === P && account.tasks.length === want;
  return {
    ok,
    detail: `${obs.poolThreads.length} pool threads started, ${account.tasks.length} did the ${k} tasks (${account.tasks.join('+')}); expected ${P} and ${want}`,
  };
}
