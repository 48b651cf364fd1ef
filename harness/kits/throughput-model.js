// @ts-check
// What a throughput arm can reach from what each request costs: the model
// behind the cluster throughput claims. A request costs CPU in the processes
// that serve it (one process, or a cluster's workers), in a cluster's primary
// (which accepts every new connection and hands it to a worker) and in the
// load generator, which the sources ran on the same host. From those costs
// and the cores free, each arm has a ceiling; the ratio of two ceilings is
// what a claim comparing them predicts. Pure: specs, bench/costs.js and the
// reports use it alike.
import { median } from '../stats.js';

/**
 * @typedef {object} RequestCost   CPU µs per answered request
 * @property {number} serverUs           the serving processes together
 * @property {number | null} primaryUs   a cluster's primary (the hand-off); null for one process
 * @property {number | null} generatorUs the load generator on the same host; null: not counted
 */

/** Core counts the model reads the claims on, for the reports. */
export const MODEL_CORES = Object.freeze([1, 2, 4, 8, 16, 64]);

/**
 * Throughput ceiling (requests/s) of one arm on `cores` CPUs (may be
 * fractional: the CPUs free during a block): W serving processes (0: one
 * process) can use min(W, cores) of them; all the work of a request (serving,
 * hand-off, generator) must fit in the cores there are; a cluster's primary
 * is one process and caps the rate at one core's worth of hand-offs; and a
 * generator of G processes (one event loop each) at G cores' worth of
 * requests (Infinity: a generator never the limit). The costs are taken as
 * the same on any C: on more cores there is less contention, so they would
 * fall a little.
 * @param {RequestCost} cost @param {number} workers @param {number} cores
 * @param {number} [generators]
 */
export function ceiling({ serverUs, primaryUs, generatorUs }, workers, cores, generators = Infinity) {
  const serving = workers > 0 ? Math.min(workers, cores) : Math.min(1, cores);
  const caps = [(serving * 1e6) / serverUs, (cores * 1e6) / (serverUs + (primaryUs ?? 0) + (generatorUs ?? 0))];
  if (primaryUs) caps.push(1e6 / primaryUs);
  if (generatorUs && Number.isFinite(generators)) caps.push((Math.min(generators, cores) * 1e6) / generatorUs);
  return Math.min(...caps);
}

/**
 * The ratio of two arms' ceilings, B / A, on `cores` CPUs, both loaded by the
 * same generator of `generators` processes.
 * @param {{ A: RequestCost, B: RequestCost }} costs
 * @param {[number, number]} workers  [A's, B's] (0: one process)
 * @param {number} cores @param {number} [generators]
 */
export function predictedRatio({ A, B }, [wA, wB], cores, generators = Infinity) {
  return ceiling(B, wB, cores, generators) / ceiling(A, wA, cores, generators);
}

/**
 * How many generator processes a /light comparison on C cores gets: enough
 * that the generator is not what both arms measure where the server has
 * cores to spare (one per 2 cores: one process on 1 or 2 cores), at most 8.
 * @param {number} C
 */
export function lightGenerators(C) {
  return Math.max(1, Math.min(8, Math.ceil(C / 2)));
}

/**
 * The relative costs of source 004's /light endpoint, one process against a
 * cluster, per load, as multiples of one process's own cost (only ratios
 * enter a prediction, so the scale is free: one process = 1). Fitted to real
 * blocks: the medians of the warm runs (no warm-up in the run) of 42 blocks
 * of `cluster.slower-on-light` at C = 2 on Node 20 (BENCHMARKS §10).
 * - Without keep-alive every request is a new connection: each cluster worker
 *   receives the socket from the primary over IPC (×2.1 a process's cost per
 *   request), and the primary spends ×0.7 accepting and handing it. The
 *   medians of all runs (cold ones included) in BENCHMARKS §9 give the same
 *   ×2.1 and ×0.7.
 * - With keep-alive the hand-off happens once per connection (primary ≈ 0),
 *   yet each worker still costs ×2.2 per request, two workers and the
 *   generator contending on 2 cores (§9's medians of all runs: ×1.65). This
 *   ratio is the least certain, so the keep-alive assertion leans on the
 *   cores only (no gain where no core is free), not on it.
 * - The generator: ×1.2 without keep-alive, ×0.9 with it (§9: ×0.86, ×0.59).
 * Each run measures the costs again (the block's `cost`), and each block's
 * line shows what its own costs predict.
 * @type {Record<'no keep-alive' | 'keep-alive', { single: RequestCost, cluster: RequestCost }>}
 */
export const LIGHT_COSTS = Object.freeze({
  'no keep-alive': {
    single: { serverUs: 1, primaryUs: null, generatorUs: 1.2 },
    cluster: { serverUs: 2.1, primaryUs: 0.7, generatorUs: 1.2 },
  },
  'keep-alive': {
    single: { serverUs: 1, primaryUs: null, generatorUs: 0.9 },
    cluster: { serverUs: 2.2, primaryUs: 0.03, generatorUs: 0.9 },
  },
});

/**
 * A cluster against one process on /light, on C cores with W = max(2, C)
 * workers (source 004 forks one per core), read from the given costs, with
 * the generator the suite uses there (lightGenerators).
 * @param {{ single: RequestCost, cluster: RequestCost }} costs @param {number} C
 * @param {number} [generators]
 */
export function lightRatio(costs, C, generators = lightGenerators(C)) {
  return predictedRatio({ A: costs.single, B: costs.cluster }, [0, Math.max(2, C)], C, generators);
}

/**
 * The runs whose `cost` reads what a request costs: the warm ones (no
 * warm-up in the run) where any are marked, else all (records from before
 * runs were marked). A cold run's server CPU includes its warm-up, which its
 * measured requests do not.
 * @template T @param {T[]} runs @returns {T[]}
 */
export function costRuns(runs) {
  const warm = runs.filter((/** @type {any} */ r) => r.warm === true);
  return warm.length ? warm : runs;
}

/**
 * The mean cost of each arm's runs of one load in a block, from the runs a
 * throughput block records (`cost`, `arm`, `variant`, `warm`). Warm runs only
 * where the block has them: a cold run's server CPU includes its warm-up
 * (JIT, first connections), which its measured requests do not.
 * @param {any} block @param {string} variant
 * @returns {{ A: RequestCost, B: RequestCost } | null}
 */
export function blockCosts(block, variant) {
  /** @param {'A' | 'B'} arm @returns {RequestCost | null} */
  const arm = (arm) => {
    const runs = (block?.runs ?? []).filter(
      (/** @type {any} */ r) => r.arm === arm && (r.variant ?? 'main') === variant && r.cost?.serverUs > 0,
    );
    const use = costRuns(runs);
    if (!use.length) return null;
    const mean = (/** @type {(c: any) => number | null} */ f) => {
      const xs = use
        .map((/** @type {any} */ r) => f(r.cost))
        .filter((x) => typeof x === 'number' && Number.isFinite(x))
        .map(Number);
      return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
    };
    return {
      serverUs: /** @type {number} */ (mean((c) => c.serverUs)),
      primaryUs: mean((c) => c.primaryUs),
      generatorUs: mean((c) => c.generatorUs),
    };
  };
  const A = arm('A');
  const B = arm('B');
  return A && B ? { A, B } : null;
}

/**
 * The cores other processes took during a block: the median of its runs'
 * `otherCores` (each read from 10 ms ticks over a short run, so one reading
 * may be off by a tenth of a core or more), never below 0; null where the
 * runs do not say.
 * @param {any} block
 */
export function othersDuring(block) {
  const xs = (block?.runs ?? [])
    .map((/** @type {any} */ r) => r.otherCores)
    .filter((/** @type {unknown} */ x) => typeof x === 'number' && Number.isFinite(x));
  return xs.length ? Math.max(0, median(xs)) : null;
}

/**
 * The CPUs left to server and generator during a block: the usable cores less
 * what other processes took (othersDuring), never below a tenth of a core.
 * Null where the runs do not say.
 * @param {any} block
 */
export function freeCores(block) {
  const others = othersDuring(block);
  const usable = (block?.runs ?? []).find((/** @type {any} */ r) => typeof r.usableCores === 'number')?.usableCores;
  return others === null || usable === undefined ? null : Math.max(0.1, usable - others);
}

/**
 * Where a claim's truth flips: the ratio on each of `cores`, and the first
 * core count at which `holds` changes from its value on the first.
 * @param {(C: number) => number} ratioAt @param {(ratio: number) => boolean} holds
 * @param {readonly number[]} [cores]
 */
export function truthByCores(ratioAt, holds, cores = MODEL_CORES) {
  const cells = cores.map((C) => {
    const ratio = ratioAt(C);
    return { C, ratio: Math.round(ratio * 1000) / 1000, holds: holds(ratio) };
  });
  const flip = cells.find((c) => c.holds !== cells[0].holds);
  return { cells, flipsAt: flip ? flip.C : null };
}

/** The effective parallelism the context's probe measured (null if none). @param {any} ctx */
export function measuredParallelism(ctx) {
  const v = ctx.profile?.effectiveParallelism?.value;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * The load generator's share of a core under a /heavy load: its CPU, recorded
 * per run, was 0.02–0.34 of a core here (most in the cluster arms).
 */
export const HEAVY_GENERATOR_SHARE = 0.25;

/**
 * The cores a /heavy server can use here: C, or fewer where the session's
 * probe measured less parallelism on this machine, less the generator's
 * share (it runs on the same CPUs, as the source's loadtest did); at least 1.
 * @param {number} C @param {number | null} eff
 */
export function heavyServerCores(C, eff) {
  return Math.max(1, Math.min(C, eff ?? C) - HEAVY_GENERATOR_SHARE);
}
