// @ts-check
// Shared by the network specs: one trial parks every pool thread on FIFOs for
// HOLD_MS while N operations run, with an fs.access as the positive control.
import { existsSync, readFileSync } from 'node:fs';
import { median } from '../stats.js';
import { TIMING_LOOKS } from '../verdict.js';
import { fsOnRing } from './io-uring.js';
import { beyondBare } from './threads.js';

/** Operations per trial. */
export const N = 8;
/** Server delay of the loopback /delay endpoint. */
export const DELAY_MS = 30;
/**
 * How long the pool stays parked: five times the server's delay, three times
 * the latest a request by IP finished (48 ms beside two unpinned busy loops,
 * 38 ms inside a 1-CPU quota, 37 ms quiet), so an operation that does not
 * need the pool finishes well inside it on a busy machine.
 */
export const HOLD_MS = 150;

/**
 * The control, a pool request that must wait for the release: fs.access
 * (never sent to io_uring), or in records from before it was, fs.stat.
 * @param {any} ops  a trial's operations
 * @returns {{ op: any, call: string }}
 */
export function controlOp(ops) {
  return ops.access ? { op: ops.access, call: 'fs.access' } : { op: ops.stat, call: 'fs.stat' };
}

/**
 * The plan's `undecidable` (to spread into it) where the fs.stat beside the
 * held lookups (pool.dns-half-cap, pool.slow-io-cap-n1: the claim's own
 * words, or the pool's free threads it shows) may not go to the pool at all
 * (kits/io-uring.js fsOnRing); {} elsewhere.
 * @param {import('../context.js').Context} ctx
 */
export function statOffPool(ctx) {
  const ring = fsOnRing(ctx);
  return ring ? { undecidable: `${ring}: the fs.stat beside the held lookups may go to io_uring, not the pool` } : {};
}

/**
 * Why a trial shows nothing (its control failed), or null. Such a trial is
 * void: it counts neither for nor against the claim.
 * @param {any} obs
 */
export function controlProblem(obs) {
  const control = controlOp(obs.ops);
  if (control.op.completedBeforeRelease > 0) {
    return `control failed: ${control.call} finished while the pool was meant to be parked (${obs.parked ?? '?'} of ${obs.P} threads seen parked), so this trial shows nothing`;
  }
  if (obs.parked !== null && obs.parked !== obs.P)
    return `only ${obs.parked} of ${obs.P} pool threads were seen parked`;
  return null;
}

/**
 * The probe's thread count beside a bare Node's, said where it was read and
 * within it (poolNotHeld says it where it was not): '; threads at once: …',
 * or ''.
 * @param {any} obs
 */
export function threadsSaid(obs) {
  const t = beyondBare(obs.threadsMost, obs.bareThreads, 'at once');
  return t?.ok ? `; ${t.detail}` : '';
}

/** How often the harness lists a net probe's threads (watchThreads): a thread living 2 ms is seen. */
export const THREAD_LOOK_MS = 2;

/**
 * One trial of fixtures/net-probe.cjs with these options, its threads
 * listed from outside while it runs (`threadsMost`: the most one look saw)
 * and a bare Node's with the same settings beside (`bareThreads`, from
 * `bare`: bareThreadsOnce's, one count per claim).
 * @param {import('../context.js').Context} ctx @param {object} options
 * @param {(ctx: import('../context.js').Context) => Promise<number | null>} bare
 */
export async function netProbeTrial(ctx, options, bare) {
  // Node options in force (module hooks, a profiler, an agent's preload) may start threads of their own,
  // late or briefly, which a bare Node's count at one moment would not hold: the threads are not watched then.
  const watch = ctx.platform === 'linux' && !ctx.env?.NODE_OPTIONS;
  const obs = await ctx.run('net-probe.cjs', {
    options,
    timeoutMs: 15_000,
    ...(watch && { watchThreadsMs: THREAD_LOOK_MS }),
  });
  return watch ? { ...obs, bareThreads: await bare(ctx) } : obs;
}

/**
 * Whether the pool was really all held while the operations ran, from the
 * fixture's census of the process's own pool (Linux): every pool thread
 * blocked in open(2), and none put on a CPU in the window (a count of
 * wake-ups, not a time: the smallest job counts). A pool thread that ran
 * could have served the requests, so "they finished while the pool was busy"
 * would not follow; nor where the program had more threads at once than a
 * bare Node keeps (netProbeTrial, beyondBare): a spare pool thread started
 * before the census looked, stand-ins parked in its place. Returns what went
 * wrong, or null (also where there is no census: the FIFO count and the
 * fs.access control are then the evidence).
 * @param {any} obs
 */
export function poolNotHeld(obs) {
  // More threads than Node keeps: threads of the program's own the census may have taken for the pool's
  const extra = beyondBare(obs.threadsMost, obs.bareThreads, 'at once');
  if (extra && !extra.ok) return `${extra.detail}, which the pool's census may have counted in its place`;
  const c = obs.census;
  if (!c) return null;
  if (c.unparked.length) return `${c.unparked.length} of ${c.threads} pool threads were not parked`;
  if (c.ranInWindow.length) {
    const runs = c.ranInWindow.reduce((/** @type {number} */ n, /** @type {{ runs: number }} */ r) => n + r.runs, 0);
    return `${c.ranInWindow.length} of ${c.threads} pool threads ran ${runs}× while the pool was meant to be held`;
  }
  return null;
}

/**
 * The timing channel of a network spec: R = median time of one operation
 * kind / time the pool was held, in the same trial.
 * @param {{ op: string, what: string, claim: number, alternatives: Record<string, number> }} o
 */
export function heldRatio({ op, what, claim, alternatives }) {
  return {
    statistic: 'R',
    description: `median ${what} time / time the pool was held (same trial)`,
    claim,
    alternatives,
    looks: TIMING_LOOKS,
    alpha: 0.01,
    value: (/** @type {any} */ obs) => median(obs.ops[op].times) / obs.releasedAt,
  };
}

/** Hosts sources that stay on this machine (nscd and systemd-resolved would not). */
const LOCAL_SOURCES = new Set(['files', 'dns', 'myhostname']);

/**
 * Whether every lookup of a gate case went to libuv as a getaddrinfo request
 * before the count was taken (the fixture's `requested`, async_hooks
 * GETADDRINFOREQWRAP): held threads show libuv's cap only where more
 * lookups were asked of libuv than it let run. null where not counted
 * (records from before it was).
 * @param {{ requested?: number }} s @param {number} lookups
 * @returns {{ ok: boolean, text: string } | null}
 */
export function lookupsRequested(s, lookups) {
  if (typeof s.requested !== 'number') return null;
  const ok = s.requested >= lookups;
  return {
    ok,
    text: `${s.requested} getaddrinfo request${s.requested === 1 ? '' : 's'} made${ok ? '' : ` (expected ${lookups}: the lookups held back before libuv, whose cap then shows nothing)`}`,
  };
}

/**
 * The check of a trial that holds lookups at the HOSTALIASES gate, from each
 * case's reading: where a case saw no lookup reach the gate, nothing was
 * measured and the trial counts neither way; else it holds when every case did.
 * @param {{ good: boolean, reached: boolean, text: string }[]} cases
 * @returns {{ ok: boolean, invalid?: boolean, detail: string }}
 */
export function gateCheck(cases) {
  const detail = cases.map((c) => c.text).join('; ');
  if (cases.some((c) => !c.reached))
    return { ok: false, invalid: true, detail: `no lookup could be seen held at the HOSTALIASES gate: ${detail}` };
  return { ok: cases.every((c) => c.good), detail };
}

/**
 * Why this machine cannot hold dns.lookup()s at a HOSTALIASES gate safely, or null:
 * glibc reads the file HOSTALIASES names inside getaddrinfo, so a FIFO there holds
 * the lookup's pool thread in open(2) (fixtures/lib/park.cjs gate()).
 * @param {{ arch: string }} ctx
 */
export function gateUnavailable(ctx) {
  if (!['x64', 'arm64'].includes(ctx.arch))
    return `counting threads blocked in open(2) via /proc needs x64 or arm64 (this is ${ctx.arch})`;
  const report = /** @type {any} */ (process.report?.getReport?.());
  if (!report?.header?.glibcVersionRuntime)
    return 'needs glibc: the gate is the HOSTALIASES file that glibc reads inside getaddrinfo (other C libraries do not)';
  for (const sock of ['/run/nscd/socket', '/var/run/nscd/socket']) {
    if (existsSync(sock))
      return `nscd is running (${sock}): lookups would be answered by it, outside the test's process and environment`;
  }
  let sources = ['dns', 'files']; // glibc's default without /etc/nsswitch.conf
  if (existsSync('/etc/nsswitch.conf')) {
    const line = readFileSync('/etc/nsswitch.conf', 'utf8')
      .split('\n')
      .find((l) => /^\s*hosts\s*:/.test(l));
    if (line)
      sources = line
        .split(':')[1]
        .replace(/#.*/, '')
        .replace(/\[[^\]]*\]/g, ' ')
        .trim()
        .split(/\s+/)
        .filter(Boolean);
  }
  const foreign = sources.filter((s) => !LOCAL_SOURCES.has(s));
  if (foreign.length)
    return `/etc/nsswitch.conf hosts uses ${foreign.join(', ')}: such a lookup could leave this process and reach the network`;
  if (!sources.includes('dns'))
    return '/etc/nsswitch.conf hosts has no dns source, so getaddrinfo never reads HOSTALIASES and no lookup can be held';
  return null;
}
