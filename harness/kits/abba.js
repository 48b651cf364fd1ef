// @ts-check
// A/B throughput blocks for the cluster specs: ABBA / BAAB order, the block's
// log ratio, and the trials that run a claim's blocks against
// fixtures/cluster-server.cjs: one server per arm kept for all of them
// (abbaBlocks) or fresh ones per block (abbaTrial), each block under bounded
// loads from harness/kits/loadgen.js.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runLoad, generatorBound, startLoadSessions, STOP_GRACE_MS, READY_MS } from './loadgen.js';
import { round, median } from '../stats.js';
import { FIXTURE } from './cluster.js';
import { othersDuring } from './throughput-model.js';
import { lookLevels, MACHINE_BUSY, TIMING_LOOKS } from '../verdict.js';
import { probeParallelism } from '../profile.js';
import { childProcesses } from './threads.js';

/** @type {{ cpuNs: (tid: number, pid?: number | 'self') => number }} */
const proc = createRequire(import.meta.url)('../../fixtures/lib/proc.cjs');

/** Inside ±ln(1.1) a ratio says nothing: the notes' ~10% margin of this VM's run-to-run noise. */
export const MARGIN = Math.log(1.1);

/** A block's arms: A and B, and F (fewer workers) where the block has one. @typedef {'A' | 'B' | 'F'} ArmName */

/**
 * Arm order of block n (1-based): ABBA on odd trials, BAAB on even ones, so a
 * drift over the block, or over the run, weighs on both arms alike. A block
 * with an F arm runs it first and last (FABBAF, FBAABF): every arm's runs
 * are then centred on the block's middle, so a linear drift weighs on all
 * three alike, and A and B stay side by side as in a block without F (their
 * ratio is the finer one). Once, ABFBA, would also be centred, but a single
 * F run carries the whole of its noise into A over F: under the simulator's
 * busy host noise, workers with no gain over fewer were then caught in 96%
 * of runs, 99.7% with two.
 * @param {number} n @param {boolean} [withF]
 * @returns {ArmName[]}
 */
export function blockOrder(n, withF = false) {
  /** @type {ArmName[]} */
  const order = n % 2 === 1 ? ['A', 'B', 'B', 'A'] : ['B', 'A', 'A', 'B'];
  return withF ? ['F', ...order, 'F'] : order;
}

/**
 * The mean throughput of an arm's runs, NaN where it has none.
 * @param {{ arm: ArmName, throughput: number }[]} runs @param {ArmName} arm
 */
function armMean(runs, arm) {
  const xs = runs.filter((r) => r.arm === arm).map((r) => r.throughput);
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN;
}

/**
 * The block's log ratio r = ln(mean thr B / mean thr A), each mean over the
 * block's two runs of that arm. NaN when an arm has no positive throughput.
 * @param {{ arm: ArmName, throughput: number }[]} runs
 */
export function blockRatio(runs) {
  const a = armMean(runs, 'A');
  const b = armMean(runs, 'B');
  return a > 0 && b > 0 ? Math.log(b / a) : NaN;
}

/**
 * The block's log ratio of its A arm over its F arm (fewer workers):
 * ln(mean thr A / thr F). NaN when either has no positive throughput.
 * @param {{ arm: ArmName, throughput: number }[]} runs
 */
export function fewerRatio(runs) {
  const a = armMean(runs, 'A');
  const f = armMean(runs, 'F');
  return a > 0 && f > 0 ? Math.log(a / f) : NaN;
}

/**
 * Can a timing channel tell the model's value from the alternative's? Not when
 * the boundary halfway between them would fall inside the ±MARGIN noise band
 * around either: then the spec reports the ratio without judging it.
 * @param {number} claim @param {number} alternative  both log ratios
 */
export function separable(claim, alternative) {
  return Math.abs(claim - alternative) / 2 >= MARGIN;
}

/**
 * On-CPU nanoseconds of a process's main thread (Linux /proc), NaN if unknown.
 * @param {number} pid
 */
export function processCpuNs(pid) {
  return proc.cpuNs(pid, pid);
}

/**
 * On-CPU nanoseconds of all of a process's threads (Linux /proc: its event
 * loop, libuv's and V8's threads), NaN if unknown.
 * @param {number} pid
 */
export function processTreeCpuNs(pid) {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) ns += proc.cpuNs(Number(tid), pid) || 0;
    return ns;
  } catch {
    return NaN;
  }
}

/**
 * CPU time (ms) of processes `roots` and of every process descended from them: each one's
 * threads (processTreeCpuNs) and its children that ended and were waited for (cutime +
 * cstime, 10 ms ticks; threads.js childProcesses), each process once. Read at two moments,
 * the difference is what the family spent between them, a child that ended meanwhile
 * included (its parent's ended CPU grows by all it spent). A process a program starts
 * outside its servers' processes is the program's, not a neighbour's; one that left the
 * family (its parent ended first) is not found. NaN off Linux.
 * @param {number[]} roots
 */
export function familyCpuMs(roots) {
  const seen = new Set();
  const queue = [...roots];
  let ms = 0;
  let read = false;
  while (queue.length) {
    const pid = /** @type {number} */ (queue.pop());
    if (seen.has(pid)) continue;
    seen.add(pid);
    const family = childProcesses(pid);
    if (!family) continue; // ended meanwhile: its CPU is in its parent's ended CPU, or lost with it
    const threads = processTreeCpuNs(pid);
    ms += (Number.isFinite(threads) ? threads / 1e6 : 0) + family.endedCpuMs;
    read = true;
    queue.push(...family.alive);
  }
  return read ? ms : NaN;
}

/**
 * Busy CPU time (ms, 10 ms jiffies) of the given CPUs (all when null) from
 * /proc/stat, NaN off Linux.
 * @param {number[] | null} cpus
 */
export function busyMs(cpus) {
  try {
    const want = cpus ? new Set(cpus) : null;
    let busy = 0;
    for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) {
      const m = /^cpu(\d+) (.*)$/.exec(line);
      if (!m || (want && !want.has(Number(m[1])))) continue;
      const [user, nice, system, , , irq, softirq, steal] = m[2].trim().split(/\s+/).map(Number);
      busy += user + nice + system + irq + softirq + (steal || 0);
    }
    return busy * 10;
  } catch {
    return NaN;
  }
}

/**
 * @typedef {object} Arm
 * @property {number} workers        0: one plain process; W: a cluster of W
 * @property {string} label
 * @property {number} [connections]  this arm's load's connections, where not the block's
 * @property {number} [warmup]       this arm's warm-up requests, where not the block's (a cluster's primary shares
 *   them among its workers: W times a single process's warm each as much)
 *
 * @typedef {object} BlockOptions
 * @property {Arm} A
 * @property {Arm} B
 * @property {Arm} [F]              a third arm of fewer workers, run first and last in each block (blockOrder)
 * @property {string} path           '/heavy' or '/light'
 * @property {number} [iterations]   /heavy work per request
 * @property {number} connections
 * @property {boolean} [keepAlive]   default true
 * @property {number} durationMs     the measured window's bound
 * @property {number} requests       the measured requests' bound
 * @property {number} [warmup]       requests first, not measured (default: one per connection)
 * @property {number} [warmupMs]     time they should take; the warm-up's own bound is twice it
 * @property {{ server: number[] | null, generator: number[] | null }} [cpus]  null: the context's
 * @property {Record<string, { keepAlive: boolean }>} [variants]  several loads per server, by name
 * @property {SourceLoad} [sourceLoad]  the source's own load, run once (block 1) against each arm, after the block
 * @property {number} [generators]   generator processes (default 1): one can use no more than one core
 * @property {{ arm: ArmName, ref: ArmName }} [readSlowed]  after a block whose `arm` spent far more CPU
 *                                   per request than its `ref` (SLOWED_TOGETHER), read the parallelism the
 *                                   CPUs give now (parallelismNow): the block's `given` (slowedBlock)
 *
 * @typedef {object} SourceLoad      a load shaped as the source's tool ran it, reported beside its table
 * @property {number} connections    its concurrent clients (loadtest -c)
 * @property {number} requests       its request count (loadtest -n)
 * @property {boolean} keepAlive
 * @property {number} durationMs     a bound on each arm's run
 */

/** Target CPU time of one /heavy request (the brief's 20–40 ms): short blocks, many requests per block. */
export const HEAVY_MS = 30;
/**
 * The measured window of one /heavy arm, before the requests in flight at its
 * end are answered (up to one per connection, 60–120 ms more on 2 cores):
 * about 10 requests on 2 cores, 2–3 per connection. A run's throughput varies by about 5% (sd
 * of ln) here at 150 ms as at 250 ms, inside the simulated block noise
 * (bench/lib/cluster-sweep.js: 5% calm, 12% a busy host's), and the /heavy
 * claims still decide at their first look (BENCHMARKS.md §19).
 */
export const HEAVY_WINDOW_MS = 150;

/**
 * The /heavy block the cluster throughput specs run: W_A vs W_B workers,
 * 2·max(W) connections, keep-alive on (the cost measured is the work, not the
 * hand-off), server and generator sharing the CPUs. The work per request is
 * scaled from the context's pbkdf2 calibration to take about HEAVY_MS.
 * @param {import('../context.js').Context} ctx
 * @param {{ A: Arm, B: Arm }} arms
 * @returns {BlockOptions & { iterations: number, warmupMs: number }}
 */
export function heavyBlock(ctx, { A, B }) {
  const iterations = Math.max(1000, Math.round((ctx.pbkdf2.iterations * HEAVY_MS) / ctx.pbkdf2.taskMs));
  const connections = 2 * Math.max(A.workers, B.workers, 1);
  return {
    A,
    B,
    path: '/heavy',
    iterations,
    connections,
    keepAlive: true,
    durationMs: HEAVY_WINDOW_MS,
    requests: 200, // a bound: ≈ 10 fit in the window on 2 cores
    warmup: connections,
    // the warm-up's time: connections requests on the slower arm's min(W, C) cores
    warmupMs: Math.ceil((HEAVY_MS * connections) / Math.max(1, Math.min(A.workers, B.workers, ctx.cores))),
  };
}

/**
 * The most cores other processes may take during a block whose model counts
 * on the machine's cores before it is void: the fixtures' rule for a trial
 * spoiled by neighbours, max(0.3, C/10).
 * @param {number} C
 */
export function neighbourLimit(C) {
  return Math.max(0.3, C / 10);
}

/**
 * The share of the cores free to it that a cluster of W ≥ C workers under a
 * CPU-bound load keeps busy at least (cluster.workers-equal-cores' W = C arm,
 * cluster.faster-on-heavy's cluster). Measured on 2 quiet vCPUs: 0.77–0.99
 * (keep-alive connections may land unevenly on the workers); workers that
 * rest between requests (the cluster-worker-rest sabotage): 0.40–0.58.
 */
export const BUSY_SHARE = 0.6;

/**
 * An arm's warm runs (no warm-up in them): the cores its serving processes
 * kept busy over the window, and the cores free to them (C less what other
 * processes took in that run); the median of each, or null where no warm
 * run says.
 * @param {any} obs @param {ArmName} arm @param {number} C
 */
export function coresBusy(obs, arm, C) {
  const runs = obs.runs.filter(
    (/** @type {any} */ r) => r.arm === arm && r.warm === true && r.durationMs > 0 && r.serverCpuMs,
  );
  const busy = runs
    .map(
      (/** @type {any} */ r) =>
        Object.values(r.serverCpuMs).reduce((/** @type {number} */ a, /** @type {any} */ b) => a + Number(b), 0) /
        r.durationMs,
    )
    .filter((/** @type {number} */ x) => Number.isFinite(x));
  if (!busy.length) return null;
  const free = runs.map((/** @type {any} */ r) => C - Math.max(0, Number.isFinite(r.otherCores) ? r.otherCores : 0));
  return { busy: median(busy), free: median(free) };
}

/**
 * A block check with a part saying that the arm `arm` kept the cores busy
 * (coresBusy at least BUSY_SHARE of those free to it), beside the part
 * every worker served its share (checkBlock's). A void block stays void;
 * where no warm run says, the served part is the only one.
 * @param {any} obs @param {{ C: number, arm: ArmName, who: string, servedPart: string, busyPart: string }} o
 *   who: the arm, as its detail names it; servedPart, busyPart: the two parts' names
 * @returns {import('../verdict.js').Check}
 */
export function checkBlockBusy(obs, { C, arm, who, servedPart, busyPart }) {
  const c = checkBlock(obs, { maxOthers: neighbourLimit(C) });
  if (c.invalid) return c;
  const served = { name: servedPart, ok: c.ok, detail: c.detail };
  const read = coresBusy(obs, arm, C);
  if (read === null) return { ...c, parts: [served] };
  const busy = {
    name: busyPart,
    ok: read.busy >= BUSY_SHARE * read.free,
    detail: `${who} kept ${round(read.busy, 2)} of ${round(read.free, 2)} free cores busy`,
  };
  return { ok: c.ok && busy.ok, detail: `${busy.ok ? '' : `${busy.detail}: `}${c.detail}`, parts: [served, busy] };
}

/**
 * The runs of an arm that had fewer worker processes than asked, each as
 * "label: n worker processes of W": structure, whatever else the block shows.
 * @param {any} block @param {ArmName} arm
 * @returns {string[]}
 */
function missingWorkers(block, arm) {
  return block.runs
    .filter((/** @type {any} */ x) => x.arm === arm && Object.keys(x.serverCpuMs ?? {}).length !== x.workers)
    .map(
      (/** @type {any} */ x) =>
        `${x.label}: ${Object.keys(x.serverCpuMs ?? {}).length} worker processes of ${x.workers}`,
    );
}

/**
 * The parts of a block check that read its F arm (fewer workers), the
 * reference A's gain over fewer is measured against: a reference that idles
 * would make A look faster than it is, so each of these is a fail, not a
 * gain. Every F worker ran and served its share (as B's must), and they kept
 * busy at least BUSY_SHARE of the cores they can use (min(F, the cores
 * free)): CPU time over the window, which a slower vCPU does not lower. The
 * CPU per request is not compared with A's: it follows the speed of the vCPU
 * each arm ran on, and the host runs them at unequal speeds in some phases
 * (A over F read ×0.73–1.35 in honest blocks, and a vCPU at a third of the
 * other's speed would move it to ×0.5 or ×1.5: BENCHMARKS.md §39). A part
 * not read (no warm run) is left out rather than passed unread; a block
 * without F runs has none.
 * @param {any} obs @param {{ C: number, F: number }} o
 * @returns {import('../verdict.js').Part[]}
 */
export function fewerArmParts(obs, { C, F }) {
  if (!obs.runs.some((/** @type {any} */ x) => x.arm === 'F')) return []; // a block without the arm (a record from before it)
  const missing = missingWorkers(obs, 'F');
  const problems = missing.length ? missing : workersServed(obs, { arm: 'F' });
  /** @type {import('../verdict.js').Part[]} */
  const parts = [
    {
      name: `every worker of the ${F}-worker cluster served its share`,
      ok: problems.length === 0,
      detail: problems.join('; ') || `W = ${F}: every worker served`,
    },
  ];
  // a worker process missing has kept nothing busy: the served part says so
  const read = missing.length ? null : coresBusy(obs, 'F', C);
  if (read) {
    const usable = Math.min(F, read.free);
    parts.push({
      name: `W = ${F} workers keep the cores they can use busy (≥ ${BUSY_SHARE} of min(${F}, those free))`,
      ok: read.busy >= BUSY_SHARE * usable,
      detail: `W = ${F} kept ${round(read.busy, 2)} of ${round(usable, 2)} cores busy`,
    });
  }
  return parts;
}

/**
 * The longest a claim's servers and generator may live: every block of the
 * claim, at most twice the last look's 27 with void ones (54 blocks of 1–2 s
 * here, 3.3 s each in this bound); and the source's own load, where the
 * claim runs it.
 */
export const SERVER_LIFE_MS = 180_000;

/** @param {BlockOptions} o */
function lifeOf(o) {
  return SERVER_LIFE_MS + 2 * (o.sourceLoad?.durationMs ?? 0);
}

/**
 * Start one arm's server (one per claim, abbaBlocks) and wait until it listens.
 * @param {import('../context.js').Context} ctx @param {BlockOptions} o @param {ArmName} arm
 */
export async function startArm(ctx, o, arm) {
  const { workers } = /** @type {Arm} */ (o[arm]);
  const cpus = o.cpus ?? { server: null, generator: null };
  const server = ctx.start(FIXTURE, {
    options: { workers, iterations: o.iterations ?? 0, refork: false },
    cpus: cpus.server ?? undefined,
    // The server serves every block of its claim (abbaBlocks), then is
    // stopped; this bound only ends one whose harness is gone. Its start has
    // its own, far shorter.
    timeoutMs: lifeOf(o),
    readyMs: READY_MS,
  });
  try {
    const info = await server.ready;
    /** @type {number[]} the processes that serve: the workers, or the one process */
    const pids = workers > 0 ? info.workerPids : [server.pid];
    // A cluster's primary accepts each connection and hands it to a worker: its CPU is the hand-off's cost.
    return { arm, server, info, pids, primary: workers > 0 ? server.pid : null };
  } catch (err) {
    await server.stop().catch(() => {});
    throw err;
  }
}

/**
 * One arm's run: one bounded load per variant against its live server (in the
 * given order), recording each worker's CPU over each load (who served it).
 * @param {import('../context.js').Context} ctx @param {BlockOptions} o
 * @param {Awaited<ReturnType<typeof startArm>>} live
 * @param {string[]} [variants]  names of o.variants, in the order to run them
 * @param {{ run: (load: any) => Promise<any>, pids?: (number | undefined)[] }} [session]  a running generator (startLoadSessions)
 * @param {{ warm?: boolean }} [w]  the server already served a load: no warm-up requests
 */
export async function loadArm(
  ctx,
  o,
  { arm, info, pids, primary = null },
  variants = Object.keys(o.variants ?? { main: {} }),
  session,
  { warm = false } = {},
) {
  const { workers, label, connections = o.connections, warmup: armWarmup } = /** @type {Arm} */ (o[arm]);
  const cpus = o.cpus ?? { server: null, generator: null };
  const runs = [];
  for (const variant of variants) {
    const keepAlive = o.variants?.[variant]?.keepAlive ?? o.keepAlive ?? true;
    const cpu0 = pids.map(processCpuNs);
    const primary0 = primary === null ? NaN : processCpuNs(primary);
    const cpus0 = ctx.usable ?? null;
    // Everything of ours the load runs through, every thread, with every process
    // they started: what the machine's busy time shows beyond it is other
    // processes' (neighbours).
    const generators = (session?.pids ?? []).filter((p) => typeof p === 'number');
    const ours = [...pids, ...(primary === null ? [] : [primary]), ...generators, process.pid];
    const ours0 = familyCpuMs(ours);
    const busy0 = busyMs(cpus0);
    const t0 = performance.now();
    const spec = {
      origin: `http://127.0.0.1:${info.port}`,
      path: o.path,
      connections,
      keepAlive,
      requests: o.requests,
      durationMs: o.durationMs,
      // The warm-up has its own bound, twice its estimate: a server slower to
      // warm (a busy machine, a cluster that rests) never eats the measured window.
      warmupMs: warm ? 0 : 2 * (o.warmupMs ?? 0),
      // an arm with its own connections warms up one request on each, unless it has its own warm-up
      warmup: warm ? 0 : (armWarmup ?? (connections === o.connections ? (o.warmup ?? connections) : connections)),
      drainMs: 2000,
    };
    const load = session ? await session.run(spec) : await runLoad(ctx, { ...spec, cpus: cpus.generator });
    // How many of the usable CPUs the whole machine kept busy meanwhile, and
    // how many of them went to other processes.
    const elapsedMs = performance.now() - t0;
    const machineCores = round((busyMs(cpus0) - busy0) / elapsedMs, 2);
    const oursMs = familyCpuMs(ours) - ours0;
    // Not floored at zero: a reading below it is the ticks' error, which the block's median evens out.
    const otherCores = generators.length ? round(machineCores - oursMs / elapsedMs, 2) : NaN;
    const cpuMs = pids.map((p, i) => round((processCpuNs(p) - cpu0[i]) / 1e6, 1));
    const primaryCpuMs = primary === null ? null : round((processCpuNs(primary) - primary0) / 1e6, 1);
    runs.push({
      arm,
      label,
      variant,
      keepAlive,
      workers,
      connections,
      throughput: load.throughput,
      requests: load.requests,
      errors: load.errors,
      durationMs: load.durationMs,
      latency: load.latency ? { mean: load.latency.mean, p50: load.latency.p50, p99: load.latency.p99 } : null,
      generatorCpu: round(load.cpu.fraction, 3),
      generatorBound: generatorBound(load),
      machineCores: Number.isFinite(machineCores) ? machineCores : null,
      otherCores: Number.isFinite(otherCores) ? otherCores : null,
      usableCores: cpus0?.length ?? ctx.cores ?? null,
      warm, // no warm-up in this run: its server CPU is all the measured requests'
      // the warm-up's requests (errors among them), where the run had one: its own bound may cut it short
      ...(spec.warmup > 0
        ? {
            warmup: { requests: load.warmup?.requests ?? 0, errors: load.warmup?.errors ?? 0, planned: spec.warmup },
          }
        : {}),
      serverCpuMs: Object.fromEntries(pids.map((p, i) => [p, cpuMs[i]])),
      primaryCpuMs,
      cost: requestCost({
        cpuMs,
        primaryCpuMs,
        generatorMs: load.cpu.userMs + load.cpu.systemMs,
        requests: load.requests,
      }),
      stoppedBy: load.stoppedBy,
    });
  }
  return runs;
}

/**
 * What one request cost each side of a load, in CPU µs per answered request:
 * the processes that serve it (the one process, or the cluster's workers
 * together), a cluster's primary (the hand-off of each new connection; null
 * for one process), and the load generator. Costs are what the throughput of
 * each arm follows from on the CPUs free during the block, whatever the
 * generator's speed; NaN readings (no /proc) give null.
 * @param {{ cpuMs: number[], primaryCpuMs: number | null, generatorMs: number, requests: number }} o
 * @returns {{ serverUs: number | null, primaryUs: number | null, generatorUs: number | null }}
 */
export function requestCost({ cpuMs, primaryCpuMs, generatorMs, requests }) {
  const per = (/** @type {number | null} */ ms) =>
    ms !== null && Number.isFinite(ms) && requests > 0 ? round((ms * 1000) / requests, 1) : null;
  return {
    serverUs: per(cpuMs.reduce((a, b) => a + b, 0)),
    primaryUs: per(primaryCpuMs),
    generatorUs: per(generatorMs),
  };
}

/** "server 85 µs + primary 31 µs per request, generator 40 µs". @param {any} cost */
export function costText(cost) {
  if (!cost || cost.serverUs === null) return '';
  const primary = cost.primaryUs === null ? '' : ` + primary ${Math.round(cost.primaryUs)}`;
  const gen = cost.generatorUs === null ? '' : `, generator ${Math.round(cost.generatorUs)}`;
  return `server ${Math.round(cost.serverUs)}${primary} µs/req${gen}`;
}

/**
 * The blocks of one throughput claim: one server per arm and one generator
 * process, started together before the first block (start-up stays out of
 * the windows) and kept for every later block. Each server is warmed up by
 * its first load only; every later load of it runs warm (JIT, connections'
 * first use behind it), so that a block costs its windows (four, six with an
 * F arm) and no more.
 * A server or generator that has exited since the last block is replaced,
 * with the others, before the next (its first loads warm up again). A block
 * that throws stops them all (the claim then ends in error); end() stops
 * them once the claim's trials are over (the plan's `end`), killing any that
 * has not exited after STOP_GRACE_MS. Each block records the block its
 * servers started at (`serversFrom`).
 * A block is ABBA on odd n, BAAB on even n: r = ln(thr B / thr A), per
 * variant when o.variants names several loads run against each server (their
 * order reversed in each arm's first load: variantOrder); `r` is the first variant's.
 * @param {BlockOptions} o
 */
export function abbaBlocks(o) {
  /** @type {Awaited<ReturnType<typeof startBlocks>> | null} */
  let current = null;
  const end = async () => {
    const c = current;
    current = null;
    if (c) await stopAll(c.live, c.session);
  };
  return {
    /** @param {import('../context.js').Context} ctx @param {number} n @returns {Promise<Block>} */
    async trial(ctx, n) {
      try {
        if (current && !(current.live.every((l) => l.server.running()) && current.session.running())) await end();
        current ??= await startBlocks(ctx, o, n);
        const block = await runBlock(ctx, n, o, current);
        const slowed = o.readSlowed ? costRatio(block, o.readSlowed.arm, o.readSlowed.ref) : null;
        if (slowed === null || !(slowed > SLOWED_TOGETHER)) return block;
        const serving = current.live.flatMap((l) => [...l.pids, l.primary]).filter((p) => typeof p === 'number');
        const generators = (current.session.pids ?? []).filter((p) => typeof p === 'number');
        return { ...block, given: await parallelismNow(ctx, serving, generators) };
      } catch (err) {
        await end();
        throw err;
      }
    },
    end,
  };
}

/**
 * Above this, a block's arm with more workers busy spent more CPU per /heavy request than
 * the arm it is compared with (costRatio) by more than the two vCPUs' unequal speeds
 * explain: ×0.78–1.35 in the blocks of runs whose CPUs kept their speed (W = C over F;
 * BENCHMARKS.md §39 and §51); a cluster of 2 over one process read ×0.99–1.01 in quiet
 * runs (§61). A /heavy request is the same work in each arm, so ×1.4–2.0, read in whole
 * runs here (§51, §60), is CPUs that ran slower once all the workers were busy: a host
 * that gave the VM about one core's work on two (a core's two threads, or time taken),
 * which the guest's own accounting does not show. So is a cluster whose workers spin
 * while they wait their turn: parallelismNow, the harness's own reading with the servers
 * idle, tells the two apart (slowedBlock).
 */
export const SLOWED_TOGETHER = 1.35;

/**
 * The serving processes' mean CPU per request in `arm`'s runs of a block over `ref`'s;
 * null where either is not read.
 * @param {{ runs: any[] }} block @param {ArmName} arm @param {ArmName} ref
 */
export function costRatio(block, arm, ref) {
  const mean = (/** @type {ArmName} */ a) => {
    const us = block.runs
      .filter((x) => x.arm === a && typeof x.cost?.serverUs === 'number' && x.cost.serverUs > 0)
      .map((x) => x.cost.serverUs);
    return us.length ? us.reduce((x, y) => x + y, 0) / us.length : null;
  };
  const a = mean(arm);
  const r = mean(ref);
  return a !== null && r !== null ? round(a / r, 3) : null;
}

/**
 * The parallelism the CPUs give now, as the machine profile reads it (its probe,
 * fixtures/profile-probe.cjs: k = 1 … C + 1 tasks at once), taken between blocks with the
 * servers idle: the harness's own reading. `serversCores`: the CPU the serving processes
 * (`pids`) and every process they started spent meanwhile, in cores, so that servers that
 * spin while idle and slow the probe are told from a host that slows the CPUs.
 * `othersCores`: what the usable CPUs' busy time (/proc/stat, 10 ms ticks) shows beyond
 * the harness and all it started (the probe, the servers, the generator `generators`):
 * other processes', which slow the probe as a slower host would. null where the probe fails.
 * @param {import('../context.js').Context} ctx @param {number[]} [pids] @param {number[]} [generators]
 * @returns {Promise<{ effectiveParallelism: number, serversCores: number | null, othersCores: number | null } | null>}
 */
export async function parallelismNow(ctx, pids = [], generators = []) {
  const cpus = ctx.usable ?? null;
  const ours = [process.pid, ...pids, ...generators];
  const [servers0, ours0, busy0, t0] = [familyCpuMs(pids), familyCpuMs(ours), busyMs(cpus), performance.now()];
  const value = await probeParallelism(ctx.run, ctx.cores);
  if (value === null) return null;
  const elapsedMs = performance.now() - t0;
  const serversMs = pids.length ? familyCpuMs(pids) - servers0 : 0;
  const others = (busyMs(cpus) - busy0 - (familyCpuMs(ours) - ours0)) / elapsedMs;
  return {
    effectiveParallelism: value,
    serversCores: Number.isFinite(serversMs) ? round(serversMs / elapsedMs, 3) : null,
    // not floored at zero: a reading below it is the ticks' error
    othersCores: Number.isFinite(others) ? round(others, 2) : null,
  };
}

/** Idle servers spend next to no CPU (a timer, a GC): at this share of a core or more they were not idle. */
export const IDLE_SERVERS = 0.1;

/**
 * Why a block cannot test a modelled speed-up: after it, its `arm` had spent far more CPU
 * per request than its `ref` (SLOWED_TOGETHER, the block's `given`), and the harness's own
 * probe, read then with the servers idle, found the CPUs giving so little parallelism that
 * the speed-up modelled on it (modelAt) no longer clears the plan's boundary by the noise
 * band (MARGIN): an honest block could then read on either side of it. Void, as the
 * start-of-run profile makes such a claim undecidable (timingUndecidable); in whole quiet
 * runs here the host gave the VM about one core's work for half a minute to minutes, with
 * a start-of-run profile of 1.93–2.0, and failed a true claim (BENCHMARKS.md §51, §60).
 * null where the block is judged as ever: not probed, a probe that finds the CPUs whole (a
 * cluster that spins while its workers take turns slows no idle probe), servers that spent
 * CPU while the probe ran (they slowed it themselves, and so does any process they
 * started: familyCpuMs), other processes that took more than neighbourLimit of the CPUs
 * meanwhile (the probe read them, not the host), or no reading. Only a sound block is
 * voided: the caller keeps a failing structure's fail.
 * @param {any} obs
 * @param {{ C: number, arm: ArmName, ref: ArmName, refText: string, modelAt: (eff: number) => number, boundary: number, gain: string }} o
 *   refText: `ref` as the reason names it; gain: the speed-up, as the reason names it
 * @returns {string | null}
 */
export function slowedBlock(obs, { C, arm, ref, refText, modelAt, boundary, gain }) {
  const eff = obs.given?.effectiveParallelism;
  const idle = obs.given?.serversCores;
  const others = obs.given?.othersCores;
  if (typeof eff !== 'number' || typeof idle !== 'number' || !(idle < IDLE_SERVERS)) return null;
  // other processes took a share of the CPUs while it ran: the probe read them, not the host
  if (typeof others !== 'number' || !(others < neighbourLimit(C))) return null;
  const model = modelAt(eff);
  if (model >= boundary + MARGIN) return null;
  return `the CPUs slowed once all the workers were busy: ×${round(costRatio(obs, arm, ref) ?? NaN, 2)} the CPU per request of ${refText}, and the harness's probe then read an effective parallelism of ${round(eff, 2)}: ${gain} (×${round(Math.exp(model), 2)} on it) cannot be told from none in this block`;
}

/**
 * One block on fresh servers, stopped after it (abbaBlocks for a single
 * trial). Its observation has no `serversFrom`: every such block has its own.
 * @param {import('../context.js').Context} ctx @param {number} n @param {BlockOptions} o
 * @returns {Promise<Omit<Block, 'serversFrom'>>}
 */
export async function abbaTrial(ctx, n, o) {
  const blocks = abbaBlocks(o);
  try {
    const { serversFrom: _own, ...block } = await blocks.trial(ctx, n);
    return block;
  } finally {
    await blocks.end();
  }
}

/**
 * Both arms' servers and the generator, started side by side (nothing is
 * measured while they start): what every block of a claim runs against, from
 * block `from` on. Where one fails to start, those that did are stopped.
 * @param {import('../context.js').Context} ctx @param {BlockOptions} o @param {number} from
 */
async function startBlocks(ctx, o, from) {
  /** @type {ArmName[]} */
  const names = o.F ? ['A', 'B', 'F'] : ['A', 'B'];
  const started = await Promise.allSettled([
    ...names.map((arm) => startArm(ctx, o, arm)),
    startLoadSessions(ctx, { cpus: o.cpus?.generator ?? null, processes: o.generators ?? 1, lifeMs: lifeOf(o) }),
  ]);
  const arms = /** @type {PromiseSettledResult<Awaited<ReturnType<typeof startArm>>>[]} */ (started.slice(0, -1));
  const generator = /** @type {PromiseSettledResult<Awaited<ReturnType<typeof startLoadSessions>>>} */ (started.at(-1));
  const live = arms.flatMap((x) => (x.status === 'fulfilled' ? [x.value] : []));
  const session = generator.status === 'fulfilled' ? generator.value : null;
  const failed = started.find((x) => x.status === 'rejected');
  if (!failed && session) return { live, session, from, served: new Set() };
  await stopAll(live, session);
  throw /** @type {PromiseRejectedResult} */ (failed).reason;
}

/**
 * Stop servers and a generator, each killed if it has not exited after STOP_GRACE_MS.
 * @param {Awaited<ReturnType<typeof startArm>>[]} live
 * @param {{ stop: () => Promise<void> } | null} session
 */
async function stopAll(live, session) {
  await Promise.all([...live.map((l) => l.server.stop(STOP_GRACE_MS).catch(() => {})), session?.stop()]);
}

/**
 * The order of the variants in the load at position i of a block: reversed
 * in each arm's first load, as named in its second. Each arm then runs each
 * variant at the same points of its own sequence of loads (with two: the
 * last-named variant first and last, the others between), so a server that
 * speeds up over its first runs (JIT; a fresh /light server's first run
 * read ×0.80–0.92 of its later ones, after a warm-up of 16 requests)
 * favours neither arm. Alternating by position
 * instead (ABBA: A's first run and B's second of the first-named variant)
 * made r alternate with the block's order (BENCHMARKS.md §25).
 * @param {string[]} names @param {string[]} order  the block's arms, e.g. ['A', 'B', 'B', 'A'] @param {number} i
 */
export function variantOrder(names, order, i) {
  const earlier = order.slice(0, i).filter((arm) => arm === order[i]).length;
  return earlier % 2 === 0 ? [...names].reverse() : names;
}

/**
 * One block's observation: its order, its runs, the log ratio r per load; `given`, where
 * the block was read as slowed (abbaBlocks' readSlowed), the parallelism the CPUs gave then.
 * @typedef {Awaited<ReturnType<typeof runBlock>> & { given?: Awaited<ReturnType<typeof parallelismNow>> }} Block
 */

/**
 * One block's loads (four, six with an F arm), in its order, against the
 * claim's running servers.
 * @param {import('../context.js').Context} ctx @param {number} n @param {BlockOptions} o
 * @param {NonNullable<Awaited<ReturnType<typeof startBlocks>>>} running
 */
async function runBlock(ctx, n, o, { live, session, from, served }) {
  const order = blockOrder(n, Boolean(o.F));
  const names = Object.keys(o.variants ?? { main: {} });
  /** @type {Awaited<ReturnType<typeof loadArm>>} */
  const runs = [];
  for (const [i, arm] of order.entries()) {
    // A server's first load warms it up; every later one runs warm.
    const warm = served.has(arm);
    runs.push(
      ...(await loadArm(
        ctx,
        o,
        /** @type {any} */ (live.find((l) => l.arm === arm)),
        variantOrder(names, order, i),
        session,
        { warm },
      )),
    );
    served.add(arm);
  }
  const ratios = Object.fromEntries(names.map((v) => [v, round(blockRatio(runs.filter((x) => x.variant === v)), 4)]));
  const r = ratios[names[0]];
  // A over its fewer workers, on the first-named load, where the block has an F arm
  const fewer = o.F ? { rFewer: round(fewerRatio(runs.filter((x) => x.variant === names[0])), 4) } : {};
  const sourceRuns = o.sourceLoad && n === 1 ? await sourceLoadRuns(ctx, o, o.sourceLoad, live, session) : null;
  return {
    order: order.join(''),
    serversFrom: from,
    path: o.path,
    keepAlive: o.keepAlive ?? true,
    connections: o.connections,
    r,
    ratio: round(Math.exp(r), 3),
    ratios,
    ...fewer,
    runs,
    ...(sourceRuns ? { sourceRuns } : {}),
  };
}

/**
 * The source's own load against each arm's warm server, in turn: reported
 * beside the source's table, never judged (its one run per arm is no
 * interval; the blocks are the evidence). A load that fails is recorded as
 * such ({ arm, error }) and does not end the trial.
 * @param {import('../context.js').Context} ctx @param {BlockOptions} o @param {SourceLoad} load
 * @param {Awaited<ReturnType<typeof startArm>>[]} live
 * @param {{ run: (load: any) => Promise<any>, pids?: (number | undefined)[] }} session
 */
async function sourceLoadRuns(ctx, o, load, live, session) {
  const shaped = {
    ...o,
    connections: load.connections,
    requests: load.requests,
    durationMs: load.durationMs,
    variants: { source: { keepAlive: load.keepAlive } },
  };
  const runs = [];
  for (const arm of live)
    try {
      runs.push(...(await loadArm(ctx, shaped, arm, ['source'], session, { warm: true })));
    } catch (err) {
      if (ctx.signal?.aborted) throw err;
      runs.push({ arm: arm.arm, label: o[arm.arm]?.label, error: err instanceof Error ? err.message : String(err) });
    }
  return runs;
}

/**
 * Did every worker of each B-arm run (a cluster) take part? Each worker's CPU
 * over the load must reach `share` of an even split of the arm's server CPU
 * (one worker doing all leaves the others ≈ 0). Linux /proc; NaN fails.
 * `variants`: only the runs of these loads (default: every run). A cluster's
 * primary hands each new connection to a worker that has taken its last one,
 * so a few keep-alive connections opened at once may all land on one worker
 * while another is slow to take its turn: an even share is what many
 * connections (a new one per request) show, not a handful.
 * @param {any} block
 * @param {{ arm?: ArmName, share?: number, variants?: string[] | null }} [o]
 */
export function workersServed(block, { arm = 'B', share = 0.25, variants = null } = {}) {
  const problems = [];
  const judged = (/** @type {any} */ x) => x.arm === arm && (!variants || variants.includes(x.variant));
  for (const run of block.runs.filter(judged)) {
    const cpu = Object.values(run.serverCpuMs).map(Number);
    const total = cpu.reduce((a, b) => a + b, 0);
    const idle = cpu.filter((c) => !(c >= (share * total) / run.workers));
    if (cpu.length !== run.workers || idle.length)
      problems.push(`${run.label}: ${cpu.length} workers, ${idle.length} below ${share} of an even CPU share`);
  }
  return problems;
}

/**
 * The structural check of a block: every cluster run used its W worker
 * processes, and no run's generator was CPU-bound (if one was, the block
 * measured the generator: void, not a verdict). With `saturated: true` a
 * CPU-bound generator is allowed where the machine was saturated (≥ 0.9 of
 * its usable cores busy): server and generator then shared every core, and
 * the block compares what each server costs on the same machine, as a load
 * tool on the same host does (the light endpoint on few cores).
 * `boundCountsIn`: arms whose runs still count with a CPU-bound generator:
 * a generator at its cap understates that arm's throughput, and drives the
 * other arm no faster, so the block can only lean against that arm; a claim
 * that the other arm is not faster may count such a block (default: none).
 * `servedIn`: the loads whose runs must show every worker's share (default: all).
 * `maxOthers`: the most cores other processes may take during the block
 * (the median of its runs' `otherCores`) before it is void: a block whose
 * model counts on the machine's cores (a speed-up) spoiled by neighbours is
 * replaced, within the budget, rather than judged. Within it, a run with
 * failed requests or no answers fails the block; without it (or unread),
 * such a block is void.
 * @param {any} block @param {{ arm?: ArmName, saturated?: boolean, boundCountsIn?: ArmName[], servedIn?: string[] | null, maxOthers?: number }} [o]
 * @returns {{ ok: boolean, detail: string, invalid?: boolean }}
 */
export function checkBlock(
  block,
  { arm = 'B', saturated = false, boundCountsIn = [], servedIn = null, maxOthers = Infinity } = {},
) {
  const text = describeBlock(block);
  // Which workers served is structure, whatever the generator did: a cluster
  // run with fewer worker processes than asked is a fail, never void.
  const missing = missingWorkers(block, arm);
  if (missing.length) return { ok: false, detail: `${missing.join('; ')}: ${text}` };
  const full = (/** @type {any} */ x) =>
    saturated && x.machineCores !== null && x.usableCores > 0 && x.machineCores >= 0.9 * x.usableCores;
  const bound = block.runs.filter(
    (/** @type {any} */ x) => x.generatorBound && !full(x) && !boundCountsIn.includes(x.arm),
  );
  if (bound.length)
    return {
      ok: false,
      invalid: true,
      detail: `generator CPU-bound in ${bound.length} run(s) (CPU ${bound.map((/** @type {any} */ x) => x.generatorCpu).join(', ')} of a core${saturated ? `, machine ${bound.map((/** @type {any} */ x) => x.machineCores).join(', ')} of ${bound[0].usableCores} cores busy` : ''}): ${text}`,
    };
  // Other processes' CPU during the block (the median of its runs): a block
  // whose model needs the cores they took measured the neighbours, not the
  // claim. A worker that served nothing is a fail first, busy or not.
  const problems = workersServed(block, { arm, variants: servedIn });
  const others = othersDuring(block);
  if (others !== null && others > maxOthers && !problems.length)
    return {
      ok: false,
      invalid: true,
      detail: `${MACHINE_BUSY}: other processes took ${round(others, 2)} of ${block.runs[0].usableCores} cores during the block (more than ${round(maxOthers, 2)}): ${text}`,
    };
  // Requests failed, or none answered: with the CPUs free of other processes
  // (read, and within maxOthers) that is the server's doing under a bounded
  // load (honest servers answer every request here, quiet or beside a
  // pinned loop), and a fail: a server that drops or stalls some requests
  // would otherwise void every block and leave the claim inconclusive.
  // Where other processes' CPU was not read, or no bound was set, void.
  const failed = block.runs.filter((/** @type {any} */ x) => Object.keys(x.errors ?? {}).length || !(x.requests > 0));
  if (failed.length) {
    const what = `a run had errors or no answers (${failed.map((/** @type {any} */ x) => `${x.label}: ${JSON.stringify(x.errors)}`).join('; ')})`;
    if (others !== null && Number.isFinite(maxOthers))
      return { ok: false, detail: `${what}, other processes taking ${round(others, 2)} of a core: ${text}` };
    return { ok: false, invalid: true, detail: `${what}: ${text}` };
  }
  const capped = block.runs.filter((/** @type {any} */ x) => x.generatorBound && !full(x));
  const shared = capped.length
    ? `; generator CPU-bound in ${capped.length} ${capped.map((/** @type {any} */ x) => x.label).join(', ')} run(s): counted, it can only understate that arm`
    : block.runs.some((/** @type {any} */ x) => x.generatorBound)
      ? '; generator CPU-bound on a saturated machine: a shared-CPU comparison'
      : '';
  return {
    ok: problems.length === 0,
    detail: problems.length ? `${problems.join('; ')}: ${text}` : `every worker served its share${shared}; ${text}`,
  };
}

/**
 * The requests a run's warm-up answered (those sent less those that
 * failed), null where the run had none.
 * @param {any} run
 */
export function warmupAnswered(run) {
  const w = run.warmup;
  return w ? w.requests - (w.errors ?? 0) : null;
}

/**
 * Whether a run's warm-up answered fewer requests than planned (its bound
 * cut it short, or some failed): its server ran colder than planned.
 * @param {any} run
 */
export function warmupShort(run) {
  const answered = warmupAnswered(run);
  return answered !== null && answered < run.warmup.planned;
}

/** A run's short warm-up in words, empty where it was not short. @param {any} run */
function shortWarmup(run) {
  const w = run.warmup;
  if (!warmupShort(run)) return '';
  const failed = w.errors ? `, ${w.errors} of them failed` : '';
  return `; warm-up ${w.requests} of ${w.planned} requests${failed}`;
}

/** One line about a block. @param {any} block */
export function describeBlock(block) {
  const many = Object.keys(block.ratios ?? {}).length > 1;
  const runs = block.runs.map(
    (/** @type {any} */ x) =>
      `${x.label}${many ? ` ${x.variant}` : ''} ${Math.round(x.throughput)} req/s (mean ${round(x.latency?.mean ?? NaN, 1)} ms, gen CPU ${x.generatorCpu}${x.cost?.serverUs != null ? `; ${costText(x.cost)}` : ''}${shortWarmup(x)})`,
  );
  if (many)
    return `${block.order} ${block.path}: ${runs.join(', ')} → ratios ${Object.entries(block.ratios)
      .map(([k, r]) => `${k} ${round(Math.exp(r), 3)}`)
      .join(', ')}`;
  const fewer = typeof block.rFewer === 'number' ? `, A over F ${round(Math.exp(block.rFewer), 3)}` : '';
  return `${block.order} ${block.path}${block.keepAlive ? '' : ' no keep-alive'}: ${runs.join(', ')} → ratio ${block.ratio}${fewer}`;
}

/**
 * The looks of a throughput claim in the full run: TIMING_LOOKS and one more
 * at 27 blocks. Under the simulator's busy-host block noise (`vm`: a run's
 * throughput ±12%, a tenth of runs cut to 0.5–0.8×) a cluster with no
 * speed-up at C = 2 was still undecided at 21 blocks in 1.9% of runs, past
 * the 1% a wrong truth may escape; with a look at 27, 0.1%, and the runs
 * that decide earlier take as many blocks as before (BENCHMARKS.md §20). A
 * quiet machine decides at 5.
 */
export const BLOCK_LOOKS = Object.freeze([...TIMING_LOOKS, 27]);

/**
 * The timing channel of a throughput spec: the per-block log ratio r, judged
 * decisively (throughput is the claim: structure alone never passes it).
 * @param {{ description: string, claim: number, alternatives: Record<string, number>, toward?: number, value?: (obs: any) => number }} o
 *   toward: where the boundary sits between claim (0) and alternative (1), as in a TimingPlan
 */
export function blockTiming({ description, claim, alternatives, toward, value = (obs) => obs.r }) {
  const looks = BLOCK_LOOKS;
  return {
    decisive: true,
    statistic: 'r',
    description,
    claim,
    alternatives,
    toward,
    looks,
    alpha: 0.01,
    quick: QUICK_BLOCKS,
    value,
  };
}

/**
 * --quick's budget for a throughput claim: looks at 5 and 6 blocks. The look
 * at 5 is the full run's first look, at its level (0.001 a side: the
 * t-interval of the mean, which holds every block), so that on the same
 * blocks a quick verdict there is the full run's. Undecided there, the look
 * at 6 takes the median's interval at the rest of alpha 2%: the blocks'
 * whole range (96.9% confidence), as the budget's one look at 6 at alpha 5%
 * did before. There a claim fails only when all 6 blocks lie beyond the
 * boundary, and passes only when all 6 lie inside, so no later look of the
 * full run on the same blocks could decide it the other way (a fail at 9
 * needs all 9 blocks beyond, one at 27 at least 22 of them). A statistic
 * that sits on the boundary is decided, either way, at most 2⁻⁶ ≈ 1.6% of
 * the time at 6; at 5, 0.1% where the noise is near normal and at most
 * 2⁻⁵ ≈ 3.1% whatever it is (all 5 blocks on one side), the full run's own
 * first look's bounds. A quiet machine decides at 5, as the full run does,
 * a block sooner than one look at 6 (BENCHMARKS.md §63). The full run's is
 * looks at 5, 9, 15, 21 and 27 at 1% (BLOCK_LOOKS).
 */
export const QUICK_BLOCKS = Object.freeze({
  looks: Object.freeze([5, 6]),
  alpha: 0.02,
  early: /** @type {number} */ (lookLevels({ looks: BLOCK_LOOKS, alpha: 0.01 }).early),
});
