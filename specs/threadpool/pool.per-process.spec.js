import { defineSpec } from '../../harness/spec.js';
import { parkedFromOutside, poolSize } from '../../harness/kits/pool.js';
import { GONE_SLACK_MS, cpuBetween, readThreadCpuSteady } from '../../harness/kits/thread-cpu.js';
import { ioBetween, readThreadIo } from '../../harness/kits/thread-io.js';
import { barePollsOnce, childrenOf, nodeOptionsOf, pollsOf } from '../../harness/kits/threads.js';
import { listTasks } from '../../harness/thread-watch.js';
import { shuffled } from '../../harness/kits/draw.js';

const KINDS = ['worker', 'child', 'cluster'];
const LABEL = { worker: 'a Worker thread', child: 'a child process', cluster: 'a cluster worker' };

/** How often the harness lists the fixture's child processes while it runs (watchChildren). */
const CHILD_LOOK_MS = 10;

/**
 * The child processes of process `pid` (childrenOf), listed by the harness
 * from outside it every `everyMs` until stop(), which gives every pid seen
 * (sorted); null where no look could read the process, or none saw a child
 * (the fixture forks two, each living hundreds of ms: a listing that saw
 * none read nothing). Each parker lives from its fork until after its
 * reading, so looks every 10 ms see it many times over.
 * @param {number} pid
 * @param {{ everyMs?: number, tasks?: (pid: number) => unknown, children?: (pid: number) => number[] }} [o]
 *   tasks (throws where the process cannot be read), children: injectable (tests)
 */
export function watchChildren(pid, { everyMs = CHILD_LOOK_MS, tasks = listTasks, children = childrenOf } = {}) {
  /** @type {Set<number>} */
  const seen = new Set();
  const look = () => {
    try {
      tasks(pid);
    } catch {
      return; // gone, or not Linux: no look
    }
    for (const c of children(pid)) seen.add(c);
  };
  look();
  const timer = setInterval(look, everyMs);
  timer.unref();
  let stopped = false;
  return {
    stop: () => {
      if (!stopped) clearInterval(timer);
      stopped = true;
      return seen.size ? [...seen].sort((a, b) => a - b) : null;
    },
  };
}

/**
 * The Worker's requests are held by the process's libuv pool: no event loop
 * came into the process for them. Every event loop (uv_loop_init: the main
 * thread's, a Worker's, Node's own) has an epoll instance, a libuv pool
 * thread none. The harness counts the process's (proc.eventPollFds(pid), from
 * outside) before the fixture starts its parkers (`before`) and once the
 * Worker holds its P (`held`; the fixture waits for the harness's word at
 * each). The Worker brings one loop of its own (+1); the pool threads that
 * hold its P requests none (nor do the child process and the cluster worker,
 * processes of their own). Honest: 3 then 4, +1 (Node 20–26, every trial;
 * a spawnSync's loop, for mkfifo, comes and goes within ms between the two).
 * A Worker that holds its requests on threads of its own, Workers nested in
 * it (worker-pool-handoff), brings one loop each: +1+P. Such threads started
 * before the first count are in both: the count while the Worker holds is
 * also held to a bare Node's with the same settings after a pool use, plus
 * the Worker's own (`bare`, barePollCount: 3 + 1 on Node 20–26). Left out where a
 * count was not read (records from before, not Linux, the process unreadable,
 * the fixture went on without the harness's word: its `unanswered`), and
 * where Node options are in force (`nodeOptions`: read by the harness from
 * /proc at exec, which the fixture cannot set): a --require preload runs in
 * every Worker too, and one that starts a Worker of its own adds a loop there.
 * @param {{ before: number | null, held: number | null, bare?: number | null, nodeOptions?: string | null } | null | undefined} loops
 * @returns {{ ok: boolean, text: string } | null}
 */
export function workerLoops(loops) {
  if (loops?.nodeOptions)
    return { ok: true, text: `; event loops not counted: Node options in force (${loops.nodeOptions})` };
  if (!loops || typeof loops.before !== 'number' || typeof loops.held !== 'number') return null;
  const { before, held, bare = null } = loops;
  const added = held - before;
  const beyond = typeof bare === 'number' ? held - (bare + 1) : null;
  const bareText = beyond === null ? '' : `; a bare Node with the same settings has ${bare}, +1 for the Worker`;
  if (added > 1)
    return {
      ok: false,
      text: `; the process had ${before} event loops (epoll instances) before the parkers and ${held} while the Worker held its requests (+${added}; expected at most +1, the Worker's own: ${added - 1} more came with threads that run a loop of their own, not the process's pool)${bareText}`,
    };
  if (beyond !== null && beyond > 0)
    return {
      ok: false,
      text: `; ${held} event loops (epoll instances) while the Worker held its requests (${before} before the parkers), ${beyond} more than a bare Node with the same settings (${bare}) and the Worker's own: threads with a loop of the program's own`,
    };
  return {
    ok: true,
    text: `; ${held} event loops in the process while the Worker held its requests (${before} before the parkers: +${added}, the Worker's own; its requests brought none${bareText})`,
  };
}

/**
 * Whose the pid a parker reported is, as a part (`whose`): a Worker's is this
 * process's own (the fixture's pid as the harness started it); a child's or
 * cluster worker's must be a process the fixture forked: the pid fork() gave
 * the fixture (`forkedPid`), a process and not a thread of another (its Tgid,
 * /proc/<pid>/status, is its own id), whose parent is the fixture (`PPid`),
 * and one of the fixture's children the harness listed while it ran
 * (`childrenSeen`, watchChildren). Honest: all of them, every trial. A parker
 * that names a thread of another process as its pid (child-pool-in-cluster:
 * its requests, and the threads read at that pid, are the cluster worker's)
 * reads a Tgid not its own, a fork pid unlike it, and is no child the
 * harness saw. Each reading left out where it was not taken (records from
 * before, /proc unread); null where none was.
 * @param {any} row @param {{ mainPid?: number | null, childrenSeen?: number[] | null }} whose
 * @returns {{ ok: boolean, text: string } | null}
 */
export function parkerIdentity(row, { mainPid = null, childrenSeen = null }) {
  const pid = row.parkerPid;
  if (row.kind === 'worker') {
    if (typeof mainPid !== 'number') return null;
    return pid === mainPid
      ? { ok: true, text: `pid ${pid}, this process` }
      : { ok: false, text: `it reported pid ${pid}, not this process's (${mainPid})` };
  }
  /** @type {{ ok: boolean, text: string }[]} */
  const parts = [];
  if (typeof row.forkedPid === 'number')
    parts.push({ ok: row.forkedPid === pid, text: `fork() gave pid ${row.forkedPid}` });
  const st = row.parkerStatus;
  if (st && typeof st.tgid === 'number') {
    const own = st.tgid === pid;
    const parent = typeof mainPid !== 'number' || st.ppid === mainPid;
    parts.push({
      ok: own && parent,
      text: own
        ? `a process (Tgid ${st.tgid}) whose parent is ${st.ppid}${parent ? '' : ` (expected ${mainPid}, the fixture)`}`
        : `a thread of process ${st.tgid} (Tgid), not a process`,
    });
  }
  if (Array.isArray(childrenSeen)) {
    const seen = childrenSeen.includes(pid);
    parts.push({
      ok: seen,
      text: seen
        ? "one of the fixture's children the harness saw"
        : `not among the fixture's children the harness saw (${childrenSeen.join(',')})`,
    });
  }
  if (!parts.length) return null;
  const ok = parts.every((p) => p.ok);
  return {
    ok,
    text: `pid ${pid}: ${parts.map((p) => p.text).join(', ')}${ok ? '' : ' (expected the parker the fixture forked)'}`,
  };
}

/** Kinds of pool request a Worker makes while the process's pool is full (workerAsksPart). */
export const ASK_KINDS = /** @type {const} */ (['pbkdf2', 'scrypt', 'randomBytes', 'zlib', 'fs']);

/** Three kinds of ASK_KINDS, drawn, in a drawn order: at least two are not fs. */
export const drawAskKinds = () => shuffled([...ASK_KINDS]).slice(0, 3);

/**
 * The Worker's own requests wait for the process's pool (fixture's `workerAsks`): with
 * every one of the P threads held by the main thread's requests parked on FIFOs, a
 * Worker's request of each drawn kind (hashing, random bytes, compression, fs) completes
 * none within the wait, and all once the pool is released. Honest: 0 of 3 while full,
 * 3 of 3 after, every trial (Node 20); a Worker whose crypto and zlib run on threads of
 * its own (worker-own-crypto-pool): 2–3 of 3 while full. Void where the main thread did
 * not park all P (the control failed); null where not read (records from before).
 * @param {any} asks @param {number} P
 * @returns {{ ok: boolean, invalid?: true, text: string } | null}
 */
export function workerAsksPart(asks, P) {
  if (!asks || !Array.isArray(asks.kinds)) return null;
  const n = asks.kinds.length;
  const kinds = asks.kinds.join(', ');
  if (typeof asks.parked === 'number' && asks.parked !== P)
    return {
      ok: false,
      invalid: true,
      text: `the main thread parked ${asks.parked} of ${P} pool requests before the Worker's (the control failed)`,
    };
  const ok = asks.doneWhileFull === 0 && asks.done === n && !asks.errors?.length;
  return {
    ok,
    text:
      `with the process's ${P} pool threads held by the main thread, ${asks.doneWhileFull} of a Worker's ${n} requests (${kinds}) completed (expected none: they wait for the process's pool)` +
      `, ${asks.done ?? 'not all'} of ${n} once it was released${asks.errors?.length ? ` (${asks.errors.join(', ')})` : ''}`,
  };
}

/** Kinds whose call takes more than one trip to the pool: zlib's deflate ends with a flush, its second request. */
const MULTI_TRIP = new Set(['zlib']);

/**
 * The Worker's requests are served by the process's pool threads, one per thread freed
 * (fixture's `workerAsks.steps`): the Worker asked one request of each drawn kind in turn,
 * the main thread queued a parker of its own (a FIFO) behind each, then freed the held
 * threads one at a time. One queue for both threads (the pool's) gives each thread freed
 * exactly the Worker's next request, then the main thread's parker behind it: after step
 * k, the first k kinds done, in the order asked, and P threads parked again. A kind that
 * takes two trips (zlib: its end flush is a second request, queued behind the parkers)
 * may end at its step or later, never before. Honest (Node 20, P = 1, 2, 4, 12 runs):
 * 1, 2, 3 done after steps 1, 2, 3 (zlib: at the final release). A Worker that runs its
 * requests on its own thread and holds each callback while any thread of the process is
 * in open(2) (worker-asks-inline) ends none at any step (0, 0, 0); one whose requests run
 * on threads of its own ends them all before the first. Void where a step did not see P
 * threads parked again (the main thread's own parker did not take the thread: the control
 * failed). null where not read (records from before).
 * @param {any} asks @param {number} P
 * @returns {{ ok: boolean, invalid?: true, text: string } | null}
 */
export function askStepsPart(asks, P) {
  if (!asks || !Array.isArray(asks.steps) || !Array.isArray(asks.kinds)) return null;
  /** @type {string[]} */
  const kinds = asks.kinds;
  const lost = asks.steps.find((/** @type {any} */ s) => typeof s.parked === 'number' && s.parked !== P);
  if (lost)
    return {
      ok: false,
      invalid: true,
      text: `after freeing pool thread ${lost.freed} of the Worker's requests, ${lost.parked} of ${P} threads parked again (the main thread's parker behind it did not take it: the control failed)`,
    };
  const words = [];
  let ok = asks.steps.length === kinds.length;
  for (const s of asks.steps) {
    const asked = kinds.slice(0, s.freed);
    const must = asked.filter((k) => !MULTI_TRIP.has(k));
    /** @type {string[]} */
    const got = Array.isArray(s.order) ? s.order : [];
    const single = got.filter((k) => !MULTI_TRIP.has(k));
    const early = got.filter((k) => !asked.includes(k));
    const right = single.join() === must.join() && early.length === 0 && got.length === new Set(got).size;
    ok &&= right;
    words.push(
      `${s.freed} freed: ${got.length ? got.join(', ') : 'none'} done${right ? '' : ` (expected ${must.join(', ') || 'none'}${must.length < asked.length ? `, ${asked.filter((k) => MULTI_TRIP.has(k)).join(', ')} at most` : ''})`}`,
    );
  }
  return {
    ok,
    text:
      `the held pool threads freed one at a time, a parker of the main thread's queued behind each of the Worker's requests (${kinds.join(', ')}): ${words.join('; ')}` +
      (ok
        ? ', one per thread freed, in the order asked'
        : ' (expected one per thread freed, in the order asked: the pool serves them)'),
  };
}

/** Below this share of a request's work on its best pool thread, the pool did not run it. */
export const CARRIED_AGAINST = 0.1;
/** At or above this share on a pool thread (and under OUTSIDE_OK elsewhere), a pool thread ran it. */
export const CARRIED_OK = 0.3;
/** Under this share on every thread outside the pool (the main thread aside), none ran it. */
export const OUTSIDE_OK = 0.15;

/**
 * The Worker's requests ran on the process's pool threads (fixture's `workerAsks`: each
 * step's `shares`, what every thread of the process did from just before the thread was
 * freed to once it parked again, read from /proc/self/task/TID: on-CPU ms, schedstat, and
 * KiB read, io rchar). Each request's work is heavy enough to be seen where it runs: the
 * Worker first does each kind's work in place on its own thread (`costs`: CPU ms, and for
 * fs the KiB read). At step k the Worker's k-th request must show on a thread of the pool
 * as it was before the Worker asked (`poolTids`: the P threads parked): its CPU (fs: the
 * bytes it read) at least CARRIED_OK of the cost, while no thread outside the pool but the
 * fixture's main thread (`main`: its /proc polls, 4–28 ms a step) shows OUTSIDE_OK of it.
 * Honest (Node 20, 22, 24, 26, a busy 2-CPU host, 32 trials): the pool thread 48–195% of
 * the cost (the in-place reading varies as much as the pool's; fs: 8192 of 8193 KiB),
 * every other thread outside the pool at most 8% (the Worker's own). A runtime that sends
 * a stand-in to the pool and does the real work elsewhere (pool-stand-in: on a thread of
 * its own, when asked) shows 0% on every pool thread: against (under CARRIED_AGAINST), as
 * is CARRIED_OK of it on a thread outside the pool (the Worker's own, or one of its own);
 * anything between, contested. Void where /proc was not read or the pool's threads not
 * known (not P of them), or a cost too small to be seen (under 3 ms, fs under 1 MiB);
 * null where not read (records from before).
 * @param {any} asks @param {number} P
 * @returns {{ ok: boolean, invalid?: true, contested?: true, text: string } | null}
 */
export function askCarrierPart(asks, P) {
  if (!asks || !Array.isArray(asks.steps) || !Array.isArray(asks.kinds) || !('costs' in asks)) return null;
  /** @type {string[]} */
  const kinds = asks.kinds;
  const pool = asks.poolTids;
  const unread = (/** @type {string} */ why) => ({
    ok: false,
    invalid: /** @type {const} */ (true),
    text: `which threads ran the Worker's requests not read: ${why}`,
  });
  if (!Array.isArray(pool) || pool.length !== P)
    return unread(`${Array.isArray(pool) ? pool.length : 'no'} pool threads known before it asked, not ${P}`);
  if (!asks.costs) return unread('its work could not be measured in place');
  const words = [];
  let against = false;
  let contested = false;
  for (const s of asks.steps) {
    const kind = kinds[s.freed - 1];
    const cost = asks.costs[kind];
    const byRead = kind === 'fs';
    const need = byRead ? cost?.readKiB : cost?.cpuMs;
    if (!Array.isArray(s.shares)) return unread(`/proc not read at step ${s.freed}`);
    if (typeof need !== 'number' || need < (byRead ? 1024 : 3))
      return unread(`${kind}'s work in place ${need ?? '?'} ${byRead ? 'KiB' : 'ms'}, too small to be seen`);
    const amount = (/** @type {any} */ t) => (byRead ? (t.readKiB ?? 0) : t.cpuMs);
    const best = (/** @type {(t: any) => boolean} */ which) =>
      s.shares
        .filter(which)
        .reduce((/** @type {any} */ a, /** @type {any} */ t) => (a && amount(a) >= amount(t) ? a : t), null);
    const inPool = best((t) => t.pool);
    const other = best((t) => !t.pool && !t.main);
    const share = inPool ? amount(inPool) / need : 0;
    const otherShare = other ? amount(other) / need : 0;
    const pct = (/** @type {number} */ x) => `${Math.round(x * 100)}%`;
    const unit = byRead ? 'KiB read' : 'ms CPU';
    const stepAgainst = share < CARRIED_AGAINST || otherShare >= CARRIED_OK;
    const stepOk = share >= CARRIED_OK && otherShare < OUTSIDE_OK;
    against ||= stepAgainst;
    contested ||= !stepAgainst && !stepOk;
    words.push(
      `${kind} (${need} ${unit} in place): ${inPool ? `pool thread ${inPool.tid} ${amount(inPool)}` : 'no pool thread'} (${pct(share)})` +
        (other ? `, most outside the pool thread ${other.tid} ${amount(other)} (${pct(otherShare)})` : '') +
        (stepOk ? '' : stepAgainst ? ' (expected the pool to do it)' : ' (too close to tell: contested)'),
    );
  }
  const ok = !against && !contested && asks.steps.length === kinds.length;
  return {
    ok,
    ...(!against && contested && { invalid: /** @type {const} */ (true), contested: /** @type {const} */ (true) }),
    text:
      `what each thread of the process did while each was freed, read from /proc/self/task (the pool's ${pool.join(',')} known before the Worker asked; the main thread's /proc polls aside): ${words.join('; ')}` +
      (ok
        ? ': each request ran on a thread of the pool'
        : ` (expected at least ${pct0(CARRIED_OK)} of each request's work on a pool thread, under ${pct0(OUTSIDE_OK)} on any other)`),
  };
}

/**
 * Under this share of the requests' cost on any one thread off the pool (askOffPoolPart),
 * none ran them there: honest readings reach 12% (V8's helper threads and the Worker's own
 * on a busy host), r1-stand-in-on-main's no less than 75%; at CARRIED_OK or more, against.
 */
export const OFF_POOL_OK = 0.2;

/** The harness's looks at the fixture around the Worker's requests (fixture's workerAsks, gated). */
export const ASK_PHASES = /** @type {const} */ (['asks-begin', 'asks-queued', 'asks-end']);

/**
 * What the harness reads of the fixture from outside at one of ASK_PHASES: every thread's
 * CPU and the process's whole (kits/thread-cpu.js), every thread's reads and the whole's
 * (kits/thread-io.js), both keeping what threads that ended did; at 'asks-begin', the
 * threads parked in open(2) on a FIFO (the pool the main thread holds, as the harness
 * tells it).
 * @param {number} pid @param {string} phase
 */
export function askLook(pid, phase) {
  const parked = phase === 'asks-begin' ? parkedFromOutside(pid) : undefined;
  return {
    cpu: readThreadCpuSteady(pid),
    io: readThreadIo(pid),
    ...(parked !== undefined && { pool: parked?.map((t) => t.tid) ?? null }),
  };
}

/**
 * The Worker's requests' work ran nowhere but on the pool, over the whole of their life:
 * the per-step reading (askCarrierPart) sees only the windows around each release, and
 * sets the main thread aside there (its /proc polls); work done when the Worker asks, or
 * by a thread that ends, escapes it. Read from outside at ASK_PHASES (askLook), in two
 * windows, against the requests' cost (the Worker's own in-place readings, summed: CPU
 * ms; where fs is asked, its KiB read):
 * - asking ('asks-begin' to 'asks-queued': the Worker asks, the main thread queues its
 *   parkers, holdMs pass, no /proc poll of the fixture's): the process's CPU and reads on
 *   every thread, the main thread and threads that ended included (CPU beyond
 *   GONE_SLACK_MS, the whole's tick error); every pool thread is held, so nothing here is
 *   the requests' work;
 * - served ('asks-queued' to 'asks-end': the releases, the requests on the pool): every
 *   thread but the pool's and the main thread (whose polls take 4–28 ms a step), threads
 *   that ended included.
 * In each window the CPU of the one thread that spent most (or of the threads that ended,
 * where they spent more), and the bytes read in all, as a share of the cost: under
 * OFF_POOL_OK agrees, at or above CARRIED_OK is against (the requests' work off the pool),
 * between contested. One thread's, not the sum: V8's helper threads (GC) spend up to
 * ~40 ms a window between them honest, 14 ms at most on one. Honest (Node 20.20, 22, 24,
 * 26, 18 trials, beside two busy loops too): asking 1.6–14 ms on one thread (2–12%: the
 * main thread's 1.6–3 ms, a V8 helper's or the Worker's up to 14), 0 KiB read; served
 * 1.2–3.5 ms on one (1–4%), 0 KiB. r1-stand-in-on-main (the real work on the main thread
 * when the Worker asks): asking 66–144 ms on the main thread (75–134%), 8192 KiB read
 * where fs is asked.
 * Void where a look was not taken or unread, or the process did not hold still while
 * read (kits/thread-cpu.js readThreadCpuSteady, kits/thread-io.js readThreadIo), or the
 * pool not P threads parked; null where not read (records from before, no costs).
 * @param {any} looks  by phase @param {any} asks  the fixture's workerAsks @param {number} P @param {number | null} mainPid
 * @returns {{ ok: boolean, invalid?: true, contested?: true, text: string } | null}
 */
export function askOffPoolPart(looks, asks, P, mainPid) {
  if (!looks || !asks || !Array.isArray(asks.kinds) || !asks.costs || typeof mainPid !== 'number') return null;
  const unread = (/** @type {string} */ why) => ({
    ok: false,
    invalid: /** @type {const} */ (true),
    text: `where the Worker's requests' work ran, read from outside, not read: ${why}`,
  });
  const [a, q, e] = ASK_PHASES.map((p) => looks[p]);
  if (!a || !q || !e) return unread(`no look at ${ASK_PHASES.filter((p) => !looks[p]).join(', ')}`);
  if (!Array.isArray(a.pool) || a.pool.length !== P)
    return unread(
      `${Array.isArray(a.pool) ? a.pool.length : 'no'} threads parked in open(2) before it asked, not ${P}`,
    );
  const asking = cpuBetween(a.cpu, q.cpu);
  const served = cpuBetween(q.cpu, e.cpu);
  if (!asking || !served || asking.goneMs === null || served.goneMs === null || !a.io || !q.io || !e.io)
    return unread('a thread listing failed, or the process did not hold still while its CPU or reads were read');
  const askingIo = ioBetween(a.io, q.io);
  const servedIo = ioBetween(q.io, e.io);
  /** @type {string[]} */
  const kinds = asks.kinds;
  const costMs = kinds.reduce((n, k) => n + (asks.costs[k]?.cpuMs ?? 0), 0);
  const fsAsked = kinds.includes('fs');
  const costB = fsAsked ? (asks.costs.fs?.readKiB ?? 0) * 1024 : 0;
  if (!(costMs >= 3) || (fsAsked && !(costB >= 1 << 20)))
    return unread(
      `the requests' work in place ${costMs} ms${fsAsked ? `, ${Math.round(costB / 1024)} KiB` : ''}, too small to be seen`,
    );
  const pool = a.pool.map(String);
  const main = String(mainPid);
  const gone = (/** @type {number} */ ms) => Math.max(0, ms - GONE_SLACK_MS);
  const sum = (/** @type {Record<string, number>} */ by, /** @type {(t: string) => boolean} */ which) =>
    Object.entries(by).reduce((n, [t, v]) => (which(t) ? n + v : n), 0);
  const bytes = (/** @type {Record<string, { rchar: number }>} */ by) =>
    Object.fromEntries(Object.entries(by).map(([t, c]) => [t, c.rchar]));
  const off = (/** @type {string} */ t) => !pool.includes(t) && t !== main;
  /** The thread that spent most among `which`, or the threads that ended (beyond the tick error) where they did more. */
  const most = (
    /** @type {Record<string, number>} */ by,
    /** @type {(t: string) => boolean} */ which,
    /** @type {number} */ goneMs,
  ) => {
    const top = Object.entries(by)
      .filter(([t]) => which(t))
      .reduce((/** @type {[string, number]} */ x, y) => (y[1] > x[1] ? y : x), ['none', 0]);
    return gone(goneMs) > top[1]
      ? { who: 'threads that ended', ms: gone(goneMs) }
      : { who: `thread ${top[0]}`, ms: top[1] };
  };
  const windows = [
    {
      name: 'while it asked (every thread, the main one and those that ended included)',
      ms: sum(asking.spentMs, () => true) + gone(asking.goneMs),
      most: most(asking.spentMs, () => true, asking.goneMs),
      mainMs: asking.spentMs[main] ?? 0,
      goneMs: asking.goneMs,
      b: sum(bytes(askingIo.spent), () => true) + askingIo.gone.rchar,
    },
    {
      name: "while the pool served them (every thread but the pool's and the main one, those that ended included)",
      ms: sum(served.spentMs, off) + gone(served.goneMs),
      most: most(served.spentMs, off, served.goneMs),
      mainMs: null,
      goneMs: served.goneMs,
      b: sum(bytes(servedIo.spent), off) + servedIo.gone.rchar,
    },
  ];
  const round = (/** @type {number} */ x) => Math.round(x * 100) / 100;
  let against = false;
  let contested = false;
  const words = windows.map((w) => {
    // CPU by the thread that did most (V8's helper threads' GC, 0–9 ms a window honest, is
    // spread over several: their sum is no one thread's work); bytes read in all (exact)
    const shares = [w.most.ms / costMs, ...(fsAsked ? [w.b / costB] : [])];
    const top = Math.max(...shares);
    const wAgainst = top >= CARRIED_OK;
    const wOk = top < OFF_POOL_OK;
    against ||= wAgainst;
    contested ||= !wAgainst && !wOk;
    return (
      `${w.name}: most on one, ${w.most.who}, ${round(w.most.ms)} ms CPU (${pct0(w.most.ms / costMs)}), ${round(w.ms)} in all` +
      (w.mainMs === null ? '' : `, the main thread's ${round(w.mainMs)}`) +
      (w.goneMs > 0
        ? `, ${round(w.goneMs)} by threads that ended (${GONE_SLACK_MS} of it the whole's tick error)`
        : '') +
      (fsAsked ? `, ${Math.round(w.b / 1024)} KiB read (${pct0(w.b / costB)})` : '') +
      (wOk ? '' : wAgainst ? ' (expected the pool to do the work)' : ' (too close to tell: contested)')
    );
  });
  const ok = !against && !contested;
  return {
    ok,
    ...(!against && contested && { invalid: /** @type {const} */ (true), contested: /** @type {const} */ (true) }),
    text:
      `the Worker's requests' work (${round(costMs)} ms CPU${fsAsked ? `, ${Math.round(costB / 1024)} KiB read` : ''} in place) off the pool (${pool.join(',')}), read from /proc/${mainPid} from outside: ${words.join('; ')}` +
      (ok ? '' : ` (expected under ${pct0(OFF_POOL_OK)} of it on any one thread off the pool in each)`),
  };
}

/** @param {number} x */
const pct0 = (x) => `${Math.round(x * 100)}%`;

/**
 * One parker's reading against the model: a Worker shares this process's
 * pool (the main thread's request waits for a thread the Worker holds, and
 * then runs on one of them); a child process or cluster worker has its own
 * (the request gets a thread here while the child holds all P of its own).
 * `whose`: what says whose the reported pid is (parkerIdentity), where read.
 * @param {any} row @param {number} P @param {{ mainPid?: number | null, childrenSeen?: number[] | null }} [whose]
 * @returns {{ ok: boolean, invalid: boolean, text: string }}
 */
export function judgeRow(row, P, whose = {}) {
  const who = LABEL[/** @type {'worker' | 'child' | 'cluster'} */ (row.kind)];
  if (row.parked !== P)
    return { ok: false, invalid: true, text: `${who} parked ${row.parked} of ${P} pool requests (the control failed)` };
  if (row.result !== 'ok')
    return { ok: false, invalid: false, text: `${who}: the main thread's request ended ${row.result}` };
  const id = parkerIdentity(row, whose);
  if (row.kind === 'worker') {
    const onParked = row.servedBy.length === 1 && row.parkedTids.includes(row.servedBy[0]);
    const ok = row.blockedDuring === P && !row.readerDuring && !row.doneDuring && onParked && id?.ok !== false;
    return {
      ok,
      invalid: false,
      text:
        (id && !id.ok ? `${who}: ${id.text}; ` : '') +
        `while ${who} held ${P} requests (threads ${row.parkedTids.join(',')}: ${[...new Set(row.names)].join('/')}), ` +
        `${row.blockedDuring} threads of the process were in open(2) and the main thread's request ${row.readerDuring || row.doneDuring ? 'had a thread' : 'had none'}; ` +
        `after the release it ran on thread ${row.servedBy.join(',') || 'none'}${onParked ? ', one the Worker had held' : ', not one the Worker had held'}`,
    };
  }
  // Its P held on threads of its own: read from outside it (/proc/<its pid>), the threads it
  // named among them (absent in records from before that reading).
  const own = row.parkerInOpen;
  // Another process's system calls need ptrace's permission (Yama, security modules), and the parker
  // may be gone: unread, the trial shows nothing (neither a pass the census could fake, nor a fail).
  if (own === null)
    return {
      ok: false,
      invalid: true,
      text: `${who} (pid ${row.parkerPid}): its threads in open(2) could not be read from outside it`,
    };
  const ownOk =
    own === undefined ||
    (Array.isArray(own) && own.length >= P && row.parkedTids.every((/** @type {number} */ t) => own.includes(t)));
  const ownText =
    own === undefined
      ? ''
      : `; read from /proc/${row.parkerPid}: ${own.length} of its own threads in open(2)${ownOk ? '' : ` (expected ${P}, among them ${row.parkedTids.join(',')}, the threads it named)`}`;
  const ok =
    row.blockedHere === 1 &&
    row.readerDuring &&
    row.doneDuring &&
    row.parkerStillBlocked === P &&
    ownOk &&
    id?.ok !== false;
  return {
    ok,
    invalid: false,
    text:
      (id ? `${who}'s ${id.text}; ` : '') +
      `while ${who} (pid ${row.parkerPid}) held ${P} requests on its own threads, the main thread's request ` +
      `${row.readerDuring ? 'got' : 'did not get'} a thread here (${row.blockedHere} in open(2) here, thread ${row.servedBy.join(',') || 'none'}) ` +
      `and completed${row.doneDuring ? '' : ' only later'}; it still had ${row.parkerStillBlocked} in open(2)${ownText}`,
  };
}

export default defineSpec({
  id: 'pool.per-process',
  title: 'One libuv pool per process: Workers share it, each child process has its own',
  area: 'threadpool',
  claim:
    "The libuv thread pool belongs to the process: Worker threads share the main thread's pool, while each cluster worker or child process has a pool of its own.",
  truth:
    "True on Node 20–26: with a Worker holding every pool thread, the main thread's fs request gets no thread and then runs on one the Worker held; with a child process or cluster worker holding all of its own, the parent's request runs at once.",
  expected: 'holds',
  tags: ['structural', 'fifo-probe'],
  requires: ['linux'],
  source: {
    file: 'https://docs.libuv.org/en/v1.x/threadpool.html',
    section: 'Thread pool work scheduling: the threadpool is global and shared across all event loops',
    figures: null,
  },
  plan(ctx) {
    const P = poolSize(ctx);
    // a bare Node's event loops, read once for the claim's trials (workerLoops)
    const barePolls = barePollsOnce();
    return {
      summary:
        `A Worker thread, a child process and a cluster worker each park the ${P} requests of a pool of ${P} on FIFOs; meanwhile the main thread makes one fs request. ` +
        `Model: with the Worker's ${P} held it gets no thread (${P} threads in open(2), not ${P + 1}) and, once released, runs on one the Worker held; with a child's or cluster worker's ${P} held it runs at once on a thread of this process. ` +
        `The other way round: with the main thread holding all ${P}, a Worker's requests of three drawn kinds wait, each with a parker of the main thread's queued behind it; freeing the held threads one at a time ends exactly one of them per thread freed, in the order asked (zlib, two trips, at most), each request's work (CPU, or bytes read) seen on a thread of the pool (/proc/self/task).`,
      model: {
        P,
        worker: { blockedDuring: P, served: 'a thread the Worker held' },
        child: { blockedHere: 1 },
        cluster: { blockedHere: 1 },
      },
      async trial(c) {
        // Started, not run, so that the harness lists the fixture's children while it runs
        // (watchChildren): the pids its parkers report are checked against them.
        // The fixture waits for the word before it starts its parkers and once the
        // Worker holds its P (gate): the harness counts its event loops at each
        // (workerLoops).
        const linux = c.platform === 'linux';
        // Not counted where Node options are in force (nodeOptionsOf, read at the first word).
        /** @type {{ before: number | null, held: number | null, bare?: number | null, nodeOptions?: string | null }} */
        const loops = { before: null, held: null };
        /** @type {Record<string, any>} the looks around the Worker's requests (askOffPoolPart) */
        const askLooks = {};
        const h = c.start('pool-per-process.cjs', {
          // the Worker's requests of drawn kinds while the pool is full (workerAsksPart)
          options: { pool: P, holdMs: 100, gate: linux, workerKinds: drawAskKinds() },
          timeoutMs: 20_000,
          onMessage: (/** @type {any} */ m) => {
            if (m?.phase === 'before-parkers') {
              loops.nodeOptions = h.pid === undefined ? null : nodeOptionsOf(h.pid);
              if (!loops.nodeOptions) loops.before = pollsOf(h.pid);
            } else if (m?.phase === 'worker-parked') {
              if (!loops.nodeOptions) loops.held = pollsOf(h.pid);
            } else if (ASK_PHASES.includes(m?.phase) && h.pid !== undefined) {
              askLooks[m.phase] = askLook(h.pid, m.phase);
            } else return;
            h.send({ type: 'looked', phase: m.phase });
          },
        });
        const watch = linux && h.pid !== undefined ? watchChildren(h.pid) : null;
        try {
          const { data } = await h.result;
          // Left out where the fixture went on without the harness's word (`unanswered`):
          // the harness answers each at once after its read, so only a fixture stalled for
          // 5 s reports one; it loses this count, not the rows' checks.
          /** @type {typeof loops} */
          const counted = data?.unanswered?.length ? { before: null, held: null } : loops;
          // After the fixture, not beside it: a bare Node's loops, once for the claim (workerLoops).
          if (typeof counted.held === 'number') counted.bare = await barePolls(c);
          return watch
            ? {
                ...data,
                fixturePid: h.pid,
                childrenSeen: watch.stop(),
                ...(linux && { loops: counted, askLooks }),
              }
            : data;
        } finally {
          watch?.stop();
        }
      },
      structural: {
        asserts: "the main thread's request waits for threads a Worker holds, not for a child process's",
        need: 2,
        check(obs) {
          // the fixture's pid as the harness started it, else as it reports it (records from
          // before the harness watched it)
          const whose = { mainPid: obs.fixturePid ?? obs.pid ?? null, childrenSeen: obs.childrenSeen ?? null };
          const rows = KINDS.map((k) => judgeRow(obs[k], P, whose));
          // ... and the other way round: a Worker's requests of every kind (drawn) wait
          // for the process's pool when the main thread holds all of it (workerAsksPart)
          const asks = workerAsksPart(obs.workerAsks, P);
          // ... served by the pool's threads, one per thread freed (askStepsPart)
          const steps = askStepsPart(obs.workerAsks, P);
          // ... which ran them: each request's work seen on a thread of the pool (askCarrierPart)
          const carried = askCarrierPart(obs.workerAsks, P);
          // ... and nowhere else over the requests' whole life, read from outside (askOffPoolPart)
          const offPool = askOffPoolPart(obs.askLooks, obs.workerAsks, P, obs.fixturePid ?? null);
          const parts = [
            ...rows,
            ...(asks ? [asks] : []),
            ...(steps ? [steps] : []),
            ...(carried ? [carried] : []),
            ...(offPool ? [offPool] : []),
          ];
          // a part decisively against fails the trial whatever another's control did: only
          // where none is against does a void part void it
          const against = parts.some((r) => !r.ok && !r.invalid);
          const invalid = parts.find((r) => r.invalid);
          if (invalid && !against)
            return {
              ok: false,
              invalid: true,
              ...(parts.some((r) => r.invalid && 'contested' in r && r.contested) && { contested: true }),
              detail: invalid.text,
            };
          // two processes: the child and the cluster worker are not one
          const apart = obs.child.parkerPid !== obs.cluster.parkerPid;
          const same = apart
            ? ''
            : `the child process and the cluster worker reported one pid (${obs.child.parkerPid}); `;
          // the Worker's requests held by the process's pool: no event loop came for them
          const brought = workerLoops(obs.loops);
          return {
            ok:
              apart &&
              rows.every((r) => r.ok) &&
              brought?.ok !== false &&
              asks?.ok !== false &&
              steps?.ok !== false &&
              carried?.ok !== false &&
              offPool?.ok !== false,
            detail:
              same +
              rows.map((r) => r.text).join('; ') +
              (brought?.text ?? '') +
              (asks ? `; ${asks.text}` : '') +
              (steps ? `; ${steps.text}` : '') +
              (carried ? `; ${carried.text}` : '') +
              (offPool ? `; ${offPool.text}` : ''),
          };
        },
      },
    };
  },
});
