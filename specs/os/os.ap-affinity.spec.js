import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineSpec } from '../../harness/spec.js';

const proc = createRequire(import.meta.url)('../../fixtures/lib/proc.cjs');

/** @typedef {'started' | 'launched' | 'widened' | 'mainOnly' | 'changed' | 'apart' | 'restored' | 'othersOnly'} Step */
const STEPS = /** @type {Step[]} */ ([
  'started',
  'launched',
  'widened',
  'mainOnly',
  'changed',
  'apart',
  'restored',
  'othersOnly',
]);

/**
 * The readings against the claim: availableParallelism equals the number of
 * CPUs the process may use, as started, in a process started pinned to one,
 * after the affinity changed while it runs, to every other CPU where there
 * are three or more (absent on fewer, and in records from before), and once
 * restored; cpus().length stays the machine's count throughout.
 * Two parts of "counts the CPUs the process is allowed to run on" more (absent
 * in records from before):
 * - widened: the process started pinned to one CPU, then given every CPU from
 *   outside (taskset -a -p), counts them all: the count follows the affinity up
 *   as well as down, not capped at the count it had at start. Honest: 2 of 2
 *   (Node 20, 22, 24, 26, 2-CPU machine); capped at start (ap-start-ceiling): 1.
 * - mainOnly: `taskset -p -c <pin> <pid>` (no -a), the usual way to pin a
 *   running process, sets the affinity taskset then reports for it, that of its
 *   main thread (tid = pid), where os.availableParallelism() is called; its
 *   other threads keep every CPU. The count follows it. Honest: 1, its other
 *   threads 2 each (Node 20–26); another thread's count (ap-sibling-affinity): 2.
 * - othersOnly: the other way round, once restored, every thread but the main one
 *   narrowed to `pin` from outside (taskset -p on each other tid), the main thread
 *   keeping every CPU: the count is still the main thread's (libuv reads
 *   sched_getaffinity(0), the calling thread's mask), not the CPUs every thread
 *   shares. Honest: 2, the other threads 1 each (Node 20, 2-CPU machine); a count
 *   of the CPUs common to every thread (ap-affinity-all-threads): 1.
 * Where a reading has `seen`, the main thread's list as the harness read it
 * from outside (/proc/<pid>/task/<pid>/status) right before the fixture's
 * reading, the count is judged against it, and the fixture's own `allowed` must
 * agree with it (nothing changes the affinity between the two: honest, always).
 * @param {any} obs
 * @returns {{ ok: boolean, detail: string }}
 */
export function judgeAffinity(obs) {
  const rows = STEPS.filter((k) => obs[k]).map((k) => ({ k, ...obs[k] }));
  const host = obs.started.cpus;
  const list = (/** @type {number[] | undefined} */ l) => l?.join(',');
  const others = (/** @type {number[] | undefined} */ o) =>
    o?.length
      ? ` (its other threads: ${[...new Set(o)].join(' or ')} CPU${o.every((n) => n === 1) ? '' : 's'} each)`
      : '';
  const label = {
    started: 'as started',
    launched: `started under taskset -c ${obs.pin}`,
    widened: `started under taskset -c ${obs.pin}, then taskset -a -p -c ${list(obs.widened?.seen ?? obs.widened?.allowed)} from outside`,
    mainOnly: `after taskset -p -c ${obs.pin} from outside on the main thread alone${others(obs.mainOnly?.others)}`,
    changed: `after taskset -a -p -c ${obs.pin} from outside while running`,
    apart: `after taskset -a -p -c ${list(obs.apart?.seen ?? obs.apart?.allowed)} from outside (every other CPU)`,
    restored: 'restored',
    othersOnly: `after taskset -p -c ${obs.pin} from outside on every thread but the main one${others(obs.othersOnly?.others)}`,
  };
  /** The list the count is judged against: the harness's own look where there is one. @param {any} r */
  const allowed = (r) => r.seen ?? r.allowed;
  const agrees = (/** @type {any} */ r) => r.seen === undefined || list(r.seen) === list(r.allowed);
  const ok =
    rows.every((r) => r.ap === allowed(r).length && r.cpus === host && agrees(r)) &&
    obs.launched.allowed.length === 1 &&
    // a widening or a pin that did not take shows nothing
    (!obs.widened || allowed(obs.widened).length > allowed(obs.launched).length) &&
    (!obs.mainOnly || allowed(obs.mainOnly).length === 1) &&
    // the other threads narrowed below the main thread's, or the step shows nothing
    (!obs.othersOnly ||
      (allowed(obs.othersOnly).length === allowed(obs.started).length &&
        (obs.othersOnly.others ?? []).some((/** @type {number} */ n) => n < allowed(obs.othersOnly).length)));
  const detail = rows
    .map((r) => {
      const n = allowed(r).length;
      const mismatch = agrees(r) ? '' : ` (the fixture reported ${r.allowed.length})`;
      return `${label[/** @type {Step} */ (r.k)]}: ${n} CPU${n === 1 ? '' : 's'} allowed${mismatch}, availableParallelism ${r.ap}, cpus().length ${r.cpus}`;
    })
    .join('; ');
  return { ok, detail };
}

/** Whether taskset(1) runs here. */
const hasTaskset = () => spawnSync('taskset', ['-V'], { timeout: 5000 }).status === 0;

/**
 * Set the CPUs process `pid` may use, from the harness: no act of the
 * program's. Every thread (taskset -a -p), or with `mainOnly` its main thread
 * alone (taskset -p: the thread whose id is the pid). Throws with taskset's message.
 * @param {number} pid @param {number[]} cpus @param {boolean} [mainOnly]
 */
function setAffinity(pid, cpus, mainOnly = false) {
  const args = [...(mainOnly ? [] : ['-a']), '-p', '-c', cpus.join(','), String(pid)];
  const r = spawnSync('taskset', args, { encoding: 'utf8', timeout: 5000 });
  if (r.error || r.status !== 0) throw new Error(`taskset ${args.join(' ')}: ${r.error?.message ?? r.stderr.trim()}`);
}

/**
 * Set the CPUs every thread of process `pid` but its main one may use, from the
 * harness (taskset -p on each other thread's id, listed from /proc/<pid>/task):
 * the main thread keeps its own. Throws with taskset's message; a thread that
 * ended between the listing and its taskset is passed over.
 * @param {number} pid @param {number[]} cpus
 */
function setOthersAffinity(pid, cpus) {
  for (const tid of readdirSync(`/proc/${pid}/task`).map(Number)) {
    if (tid === pid) continue;
    try {
      setAffinity(tid, cpus, true);
    } catch (err) {
      if (proc.affinity(tid, pid)?.length) throw err; // still there: a real failure
    }
  }
}

/**
 * The harness's own look at process `pid`'s affinity: its main thread's CPU
 * list (`seen`) and, with `withOthers`, how many CPUs each other thread may
 * use; {} where /proc cannot show it (the reading is then judged on the
 * fixture's report alone).
 * @param {number} pid @param {boolean} [withOthers]
 * @returns {{ seen?: number[], others?: number[] }}
 */
export function lookAffinity(pid, withOthers = false) {
  const seen = proc.affinity(pid, pid);
  if (!seen?.length) return {};
  if (!withOthers) return { seen };
  /** @type {number[]} */
  let tids = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return { seen };
  }
  const others = tids.filter((t) => t !== pid).flatMap((t) => proc.affinity(t, pid)?.length ?? []);
  return { seen, others };
}

/**
 * fixtures/ap-affinity.cjs as a service (on `cpus`, else the run's own CPUs):
 * its reading as started, and `after`, which sets its affinity from outside
 * and asks it for a reading then, the harness's own look added.
 * @param {import('../../harness/context.js').Context} ctx @param {number[]} [cpus]
 */
function affinityService(ctx, cpus) {
  /** @type {Map<number, (reading: any) => void>} */
  const waiting = new Map();
  const handle = ctx.start('ap-affinity.cjs', {
    options: { serve: true },
    timeoutMs: 15_000,
    ...(cpus ? { cpus } : {}),
    onMessage: (m) => waiting.get(m?.id)?.(m.data),
  });
  const pid = /** @type {number} */ (handle.pid);
  let asked = 0;
  /** A reading now, the harness's look at the affinity right before it. @param {boolean} [withOthers] */
  const readNow = (withOthers = false) => {
    const look = lookAffinity(pid, withOthers);
    const id = asked++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('ap-affinity.cjs did not answer a read within 5 s')), 5000);
      waiting.set(id, (reading) => (clearTimeout(timer), waiting.delete(id), resolve({ ...reading, ...look })));
      handle.send({ type: 'read', id });
    });
  };
  return {
    /** Its reading as started, with the harness's look. */
    ready: handle.ready.then((/** @type {any} */ r) => ({ ...r, reading: { ...r.reading, ...lookAffinity(pid) } })),
    /** A reading after its affinity was set to `cpus` (`mainOnly`: its main thread's). */
    after: (/** @type {number[]} */ cpus, mainOnly = false) => {
      setAffinity(pid, cpus, mainOnly);
      return readNow(mainOnly);
    },
    /** A reading after every thread but the main one was narrowed to `cpus`. */
    afterOthers: (/** @type {number[]} */ cpus) => {
      setOthersAffinity(pid, cpus);
      return readNow(true);
    },
    stop: () => handle.stop().catch(() => {}),
  };
}

/**
 * One trial: fixtures/ap-affinity.cjs run as two services side by side. One
 * started pinned to `pin` (the launcher's taskset -c), then given every CPU the
 * other started with (taskset -a -p). The other started on the run's CPUs,
 * whose affinity the harness changes while it runs: its main thread alone to
 * `pin` (taskset -p), every thread to `pin`, to every other CPU where three or
 * more are allowed, back, then every thread but the main one to `pin`; reading
 * it after each change.
 * @param {import('../../harness/context.js').Context} ctx @param {number} pin
 */
export async function affinityTrial(ctx, pin) {
  const pinned = affinityService(ctx, [pin]);
  const main = affinityService(ctx, undefined);
  try {
    const [{ reading: launched }, { reading: started, versions }] = await Promise.all([pinned.ready, main.ready]);
    const widened = await pinned.after(started.allowed);
    pinned.stop(); // it ends while the other is read (awaited below)
    const mainOnly = await main.after([pin], true);
    const changed = await main.after([pin]);
    const everyOther = started.allowed.filter((/** @type {number} */ _, /** @type {number} */ i) => i % 2 === 0);
    const apart = started.allowed.length >= 3 ? await main.after(everyOther) : null;
    const restored = await main.after(started.allowed);
    const othersOnly = await main.afterOthers([pin]);
    return {
      pin,
      started,
      launched,
      widened,
      mainOnly,
      changed,
      ...(apart ? { apart } : {}),
      restored,
      othersOnly,
      versions,
    };
  } finally {
    await Promise.all([pinned.stop(), main.stop()]);
  }
}

export default defineSpec({
  id: 'os.ap-affinity',
  title: 'os.availableParallelism() follows CPU affinity; os.cpus().length does not',
  area: 'os',
  claim:
    'os.availableParallelism() counts the CPUs the process is allowed to run on, so pinning it (taskset) lowers it; os.cpus().length counts every CPU of the machine whatever the affinity.',
  truth:
    'True on Node 20–26 (Linux): pinned to one CPU, at start or while running, availableParallelism is 1 and follows the change back; cpus().length stays the machine’s count.',
  expected: 'holds',
  tags: ['structural'],
  requires: ['linux'],
  source: {
    file: 'https://nodejs.org/api/os.html#osavailableparallelism',
    section: 'os.availableParallelism() (uv_available_parallelism) and os.cpus()',
    figures: null,
  },
  plan(ctx) {
    const usable = ctx.usable ?? [];
    const quota = ctx.profile?.cgroupQuota ?? null;
    if (usable.length < 2)
      return {
        skip: `pinning to one CPU needs two or more allowed to tell it apart (${usable.length || 'unknown'} allowed here)`,
        summary: '',
        trial: async () => null,
      };
    if (quota !== null && Math.floor(quota) < usable.length)
      return {
        skip: `a cgroup CPU quota of ${quota} is in force, below the ${usable.length} CPUs allowed: availableParallelism may follow the quota instead`,
        summary: '',
        trial: async () => null,
      };
    if (!hasTaskset()) return { skip: 'needs taskset(1) (util-linux)', summary: '', trial: async () => null };
    const pin = usable[usable.length - 1];
    return {
      summary: `${usable.length} CPUs allowed: availableParallelism ${usable.length}; pinned to CPU ${pin} (at start, and while running, by the harness from outside: taskset -p on the main thread alone, then taskset -a -p) → 1, back to ${usable.length} when restored; every thread but the main one pinned to CPU ${pin} (the main thread keeping all) → still ${usable.length}, the calling thread's own count; started pinned then given every CPU → ${usable.length}; cpus().length the machine's count throughout.`,
      model: { allowed: usable.length, pinned: 1, pin },
      trial: (c) => affinityTrial(c, pin),
      structural: {
        asserts: "availableParallelism follows the main thread's CPUs, pinned or widened; cpus() does not",
        need: 2,
        check: (obs) => judgeAffinity(obs),
      },
    };
  },
});
