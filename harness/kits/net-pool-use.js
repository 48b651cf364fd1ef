// @ts-check
// "does not use the pool at all", read as the pool requests the operations of a
// net-probe.cjs trial made themselves (its `countPool` ledger, async_hooks init of
// the pool's request types: fs, getaddrinfo, crypto, zlib, fs.watchFile's
// watchers): in their warm-up (the first use, before anything is timed), while
// every pool thread was parked, and with the pool free (net.not-pool-bound,
// net.resolve-not-pool-bound). A socket request or a c-ares query makes none
// anywhere; one that draws on anything the pool makes (an id, a buffer) makes
// some somewhere, however large a stock of it the process keeps, unless the
// stock outlasts every count the harness draws. Each reading is null where the
// fixture did not take it (records from before it did): that part is left out.

import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { listTasks } from '../thread-watch.js';
import { tasksNow, runWithLook } from './look.js';
import { THREAD_LOOK_MS } from './network.js';

/**
 * A count drawn at random by the harness for one trial, in [lo, hi]
 * (crypto.randomInt): how many operations a fixture makes, unknown to it before.
 * @param {{ lo: number, hi: number }} r
 */
export const drawCount = (r) => randomInt(r.lo, r.hi + 1);

/**
 * A size in bytes drawn at random by the harness for one trial, log-uniform in [lo, hi]
 * (crypto.randomInt, a million steps): as many small sizes as large ones on a log scale.
 * @param {{ lo: number, hi: number }} r
 */
export const drawBytes = (r) => Math.round(r.lo * (r.hi / r.lo) ** (randomInt(0, 1_000_001) / 1_000_000));

/** @type {{ ioWorker: (tid: number, pid?: number | 'self') => boolean | null }} */
const proc = createRequire(import.meta.url)('../../fixtures/lib/proc.cjs');

/**
 * How many times each of the pool's threads of process `pid` has been put on a
 * CPU so far (/proc/<pid>/task/<tid>/schedstat, its third field), read from
 * outside it: the threads not there at the fixture's start (`before`, tasksNow)
 * or named 'libuv-worker' (libuv 1.50 on), io_uring's kernel workers left out,
 * as proc.poolThreadIds has them from inside. null where they cannot be read.
 * @param {number} pid @param {Set<number>} before
 * @param {{ tasks?: (pid: number) => string[], read?: (file: string) => string, kernel?: (pid: number, tid: number) => boolean | null }} [io]  (tests)
 * @returns {Record<string, number> | null}
 */
export function poolRunsNow(
  pid,
  before,
  { tasks = listTasks, read = (f) => readFileSync(f, 'utf8'), kernel = (p, tid) => proc.ioWorker(tid, p) } = {},
) {
  /** @type {Record<string, number>} */
  const out = {};
  let tids;
  try {
    tids = tasks(pid).map(Number);
  } catch {
    return null;
  }
  for (const tid of tids) {
    let name = '';
    try {
      if (before.has(tid)) name = read(`/proc/${pid}/task/${tid}/comm`).trim();
    } catch {
      continue; // gone since the listing
    }
    if (before.has(tid) && name !== 'libuv-worker') continue;
    if (kernel(pid, tid) !== false) continue; // io_uring's worker, or gone
    try {
      const runs = Number(read(`/proc/${pid}/task/${tid}/schedstat`).trim().split(/\s+/)[2]);
      if (Number.isFinite(runs)) out[tid] = runs;
    } catch {
      // gone since the listing: pool threads live as long as the process
    }
  }
  return out;
}

/**
 * The wake-ups of the pool's threads over a free-pool phase, from the harness's
 * two readings (poolRunsNow at 'free-start' and 'free-end'): the threads read at
 * both, the times they were put on a CPU in between (threads 0: none found). null
 * where either is missing.
 * @param {Record<string, number> | null | undefined} start @param {Record<string, number> | null | undefined} end
 * @returns {{ threads: number, wakeups: number } | null}
 */
export function wakeupsBetween(start, end) {
  if (!start || !end) return null;
  const both = Object.keys(start).filter((tid) => tid in end);
  return { threads: both.length, wakeups: both.reduce((n, tid) => n + Math.max(0, end[tid] - start[tid]), 0) };
}

/**
 * One trial of fixtures/net-probe.cjs as kits/network.js netProbeTrial runs it
 * (its threads watched, a bare Node's count beside), and, on Linux, with the
 * harness's own looks (fixtures/lib/look.cjs): the process's threads before it
 * uses the pool, then the pool's run counts at either end of each free-pool
 * phase. `outsideFree`: phase -> { threads, wakeups } (wakeupsBetween), read by
 * the harness, not reported by the fixture; absent off Linux.
 * @param {import('../context.js').Context} ctx @param {object} options
 * @param {(ctx: import('../context.js').Context) => Promise<number | null>} bare
 * @param {{ ownNetwork?: string[] }} [run]  how the fixture runs besides (launcher.js RunOptions)
 */
export async function netProbeTrialLooking(ctx, options, bare, run = {}) {
  const linux = ctx.platform === 'linux';
  const watch = linux && !ctx.env?.NODE_OPTIONS;
  /** @type {Set<number> | null} */
  let before = null;
  /** @type {Record<string, Record<string, number> | null>} */
  const read = {};
  const { data, threadsMost } = await runWithLook(
    ctx,
    'net-probe.cjs',
    {
      ...run,
      options: { ...options, look: linux },
      timeoutMs: 15_000,
      ...(watch && { watchThreadsMs: THREAD_LOOK_MS }),
    },
    // a look that throws is left unread: that part is left out
    (pid, /** @type {any} */ m) => {
      if (m.at === 'start') before = tasksNow(pid);
      else read[`${m.phase}:${m.at}`] = before && poolRunsNow(pid, before);
    },
  );
  /** @type {Record<string, { threads: number, wakeups: number } | null>} */
  const outsideFree = {};
  for (const phase of ['resolve', 'ip'])
    if (`${phase}:free-start` in read)
      outsideFree[phase] = wakeupsBetween(read[`${phase}:free-start`], read[`${phase}:free-end`]);
  return {
    ...data,
    // the process's pool requests and wake-ups count a preload's own work too: those parts are
    // left out where NODE_OPTIONS is set (preloaded)
    ...(ctx.env?.NODE_OPTIONS && { preloaded: true }),
    ...(linux && { outsideFree }),
    ...(watch && { threadsMost: threadsMost ?? null, bareThreads: await bare(ctx) }),
  };
}

/** @param {Record<string, number> | undefined | null} byType */
const total = (byType) => Object.values(byType ?? {}).reduce((a, b) => a + b, 0);

/** @param {Record<string, number>} byType */
const listed = (byType) =>
  Object.entries(byType)
    .map(([type, n]) => `${n} ${type}`)
    .join(', ');

/**
 * The pool requests of one operation's warm-up (obs.warmPool[op]): its first
 * use, one call, before the pool is parked. Honest, for a GET by IP and for a
 * resolve4: none (Node 20.20, 2 CPUs, quiet and beside two busy loops: 0 in
 * every run, over 130 trials). A stock of ids made on the pool at the first call
 * (net-request-id-stock, resolve-id-stock) makes 1–2 here.
 * @param {any} obs @param {string} op @param {string} what  the call, e.g. 'GET by IP'
 * @returns {{ ok: boolean, text: string } | null}
 */
export function warmPoolUse(obs, op, what) {
  if (obs.preloaded) return null; // a preload's pool work would count
  const made = obs.warmPool?.[op];
  if (!made) return null;
  const n = total(made);
  return {
    ok: n === 0,
    text: `the first ${what} made ${n} pool request(s)${n ? ` (${listed(made)}; expected none)` : ''}`,
  };
}

/**
 * The pool requests made while every pool thread was parked (obs.heldPool,
 * from the parkers' last to the release), beside the control's: fs.access (or
 * fs.stat, in records from before it) makes one fs request of its own and may;
 * any other request was the operations'. Honest: the control's FSREQPROMISE
 * alone (24–48 GETs by IP or resolve4: 0 more in every run, over 130 trials quiet
 * and beside two busy loops, Node 20.20, 2 CPUs). A request or
 * query that queues pool work for what it took (a refill of a stock of ids)
 * makes one or more: net-request-id-stock one per request, resolve-id-stock its
 * bulk refill once the stock runs low.
 * @param {any} obs @param {string} what  the operations, e.g. '31 GETs by IP'
 * @returns {{ ok: boolean, text: string } | null}
 */
export function heldPoolUse(obs, what) {
  if (obs.preloaded) return null; // a preload's pool work would count
  const held = obs.heldPool;
  if (!held) return null;
  const controls = (obs.ops?.access?.count ?? 0) + (obs.ops?.stat?.count ?? 0);
  /** @type {Record<string, number>} */
  const beside = { ...held };
  let allowed = controls;
  for (const type of Object.keys(beside)) {
    if (!type.startsWith('FSREQ') || allowed === 0) continue;
    const take = Math.min(allowed, beside[type]);
    allowed -= take;
    beside[type] -= take;
    if (beside[type] === 0) delete beside[type];
  }
  const n = total(beside);
  return {
    ok: n === 0,
    text: `while the pool was parked ${what} made ${n} pool request(s) beside the control's${n ? ` (${listed(beside)}; expected none: queued behind the parked threads)` : ''}`,
  };
}

/**
 * k operations at once with the pool started and free (every thread asleep,
 * none parked: the fixture's freePoolIp, or freePool for resolves): the pool
 * requests they made (async_hooks) and how many times the pool's threads were
 * put on a CPU meanwhile (/proc schedstat; null where unread: left out).
 * Honest for 24–48 undelayed GETs by IP: 0 requests, 0 wake-ups in every run
 * (Node 20.20, 2 CPUs, quiet and beside two busy loops: over 70 trials). One pool
 * request per request taken (net-request-id-stock): k requests, about 2k wake-ups.
 * @param {any} free @param {string} what  e.g. 'GETs by IP'
 * @returns {{ ok: boolean, text: string } | null}
 */
export function freePoolUse(free, what) {
  if (!free) return null;
  const count = free.requests ?? free.resolves;
  const woke = typeof free.poolWakeups === 'number' ? free.poolWakeups : null;
  const errs = free.errors?.length ? `, errors: ${[...new Set(free.errors)].join(', ')}` : '';
  const ok = free.poolRequests === 0 && (woke === null || woke === 0) && !free.errors?.length;
  return {
    ok,
    text:
      `with the pool free (${free.poolThreads ?? '?'} threads asleep), ${count} ${what} made ${free.poolRequests} pool request(s)` +
      (woke === null ? '' : ` and woke pool threads ${woke}×`) +
      `${ok ? '' : ` (expected none: the ${what} used the pool while a thread was free)`}${errs}`,
  };
}

/**
 * The pool's wake-ups over a free-pool phase as the harness read them from
 * outside the fixture (obs.outsideFree[phase], netProbeTrialLooking): its own
 * reading of what freePoolUse takes from the fixture's report. Honest: 0 in
 * every run measured (24–48 GETs by IP, 48–96 resolve4; Node 20.20, 2 CPUs, quiet
 * and beside two busy loops: over 130 trials, 4 threads read each time). A pool
 * request per operation wakes a thread for each (net-request-id-stock: 39–50 for
 * 30–35 GETs); a stock's bulk refill wakes one or two
 * (resolve-id-stock, at the 49th query). null where it was not read (not Linux,
 * a reading missing, older records): left out.
 * @param {any} obs @param {string} phase  'ip' or 'resolve' @param {string} what
 * @returns {{ ok: boolean, text: string } | null}
 */
export function outsideFreeUse(obs, phase, what) {
  if (obs.preloaded) return null; // a preload's pool work would wake its threads too
  const r = obs.outsideFree?.[phase];
  if (!r) return null;
  // None found from outside where the fixture read its pool's threads: the pool started
  // before the harness's first look (honest, it starts after it), so no wake-up is seen
  const inside = (phase === 'ip' ? obs.freePoolIp : obs.freePool)?.poolThreads;
  if (r.threads === 0 && typeof inside === 'number' && inside > 0)
    return {
      ok: false,
      text: `read from outside, none of the pool's ${inside} threads was found (expected them started after the harness's first look)`,
    };
  const ok = r.wakeups === 0;
  return {
    ok,
    text: `read from outside, the pool's ${r.threads} threads were put on a CPU ${r.wakeups}× while the ${what} ran with the pool free${ok ? '' : ' (expected none)'}`,
  };
}

/** @param {number} b */
const kib = (b) => `${Math.round(b / 1024)} KiB`;

/**
 * Requests of another kind that a net-probe.cjs trial makes while every pool thread is
 * parked, from the moment the server holds all the GETs by IP (net.not-pool-bound):
 * 'tls', GETs over https to 127.0.0.1 (the client trusting the loopback certificate as its
 * `ca`; the handshake runs on the calling thread), and 'bulk', POSTs with a body and an
 * answer of sizes the harness drew (each side's socket writes of 64 KiB and more). What the
 * harness asked is obs.asked (count, or [up, down] per POST, attached by the trial, never
 * read from the fixture): all of them ended before the release, none failed, and, for
 * 'bulk', the bytes the receiving ends counted are the ones drawn. Honest (Node 20.20,
 * 2 CPUs, 25 trials, 10 beside two busy loops): 1–3 https GETs ended 12–39 ms into the
 * 150 ms hold, a POST of 64 KiB–1 MiB each way by 11–34 ms (Node 22, 24, 26 alike); work
 * that waits for a pool thread (tls-ca-reread's CA file read before the TLS connect,
 * net-bulk-write-pool's large writes on the pool) ended only after the release, 156–158 ms.
 * On a slower host beside two busy loops (§52) an honest POST of 180 KiB–1 MiB up ended at
 * 177–218 ms, after the release, its main thread having waited 95–121 ms of the hold for a
 * CPU: `late` marks such a part (all made, ended whole and without error, some after the
 * release), which the claim voids only where the machine kept the fixture from its CPU.
 * null where the harness asked none (older records): left out.
 * @param {any} obs @param {'tls' | 'bulk'} kind
 * @returns {{ ok: boolean, late?: boolean, text: string } | null}
 */
export function parkedKindEnded(obs, kind) {
  const asked = obs.asked?.[kind];
  const want = kind === 'bulk' ? (Array.isArray(asked) ? asked.length : 0) : typeof asked === 'number' ? asked : 0;
  if (want === 0) return null;
  const sizes = kind === 'bulk' ? /** @type {number[][]} */ (asked) : [];
  const what =
    kind === 'tls'
      ? `https GETs to 127.0.0.1 (TLS)`
      : `POSTs to 127.0.0.1 (${sizes.map(([up, down]) => `${kib(up)} up, ${kib(down)} back`).join('; ')})`;
  const o = obs.ops?.[kind];
  if (!o) return { ok: false, text: `none of the ${want} ${what} asked was made (expected all to end while parked)` };
  const errs = o.errors?.length ? `, errors: ${[...new Set(o.errors)].join(', ')}` : '';
  let bytes = '';
  let moved = true;
  if (kind === 'bulk') {
    const drawn = [0, 1].map((i) => sizes.reduce((n, s) => n + s[i], 0));
    moved = Array.isArray(o.bytes) && o.bytes[0] === drawn[0] && o.bytes[1] === drawn[1];
    if (!moved) bytes = `, bytes received ${JSON.stringify(o.bytes ?? null)} (expected [${drawn.join(', ')}])`;
  }
  const ok = o.count === want && o.completedBeforeRelease === want && !o.errors?.length && moved;
  const counted = o.count === want ? '' : ` (${want} asked)`;
  // every one made, ended whole and without error, some only after the release
  const late = !ok && o.count === want && o.completed === want && !o.errors?.length && moved;
  return {
    ok,
    ...(late && { late }),
    text:
      `${o.completedBeforeRelease}/${o.count}${counted} ${what} finished while the pool was parked` +
      `${ok ? '' : ' (expected all: socket I/O needs no pool thread)'}${errs}${bytes}`,
  };
}
