// Plans shared by the thread-pool specs: the exact FIFO pool probe, and
// batches of pbkdf2 calls judged structurally (which pool threads worked) and
// by timing (a ratio of completion times against the model).
import { predictSorted, batches, threadsUsed } from './model.js';
import { round } from './stats.js';
import { busyReason, voidIfBusy } from './workers.js';

/** The libuv default and the pool sizes we ask for in probes. */
export const DEFAULT_POOL = 4;

/**
 * Run the FIFO probe once.
 * @param {import('./context.js').Context} ctx
 * @param {{ size?: string, fifos?: number, setEnv?: string, setEnvAfterUse?: boolean, entry?: 'commonjs' | 'module' }} [o]
 */
export function probePool(ctx, { size, fifos = 64, setEnv, setEnvAfterUse, entry = 'commonjs' } = {}) {
  return ctx.run(entry === 'module' ? 'pool-probe.mjs' : 'pool-probe.cjs', {
    options: { fifos, setEnv, setEnvAfterUse },
    env: { UV_THREADPOOL_SIZE: size },
    timeoutMs: 20_000,
  });
}

/** @param {any} probe */
export function probeText(probe) {
  const delta = probe.poolThreads.length;
  return `${probe.parked}${probe.saturated ? '+' : ''} threads parked on FIFOs (thread-count delta ${delta})`;
}

/**
 * @typedef {object} Statistic
 * @property {string} name
 * @property {string} description
 * @property {(t: number[], T: number) => number} fn   sorted completion times and the single-task time
 * @property {number} [toward]
 *
 * @typedef {object} Alternative
 * @property {string} label
 * @property {number} P
 * @property {number} C
 */

/**
 * A pbkdf2 batch plan.
 * @param {import('./context.js').Context} ctx
 * @param {{ k: number, P: number, size?: string, reference?: boolean, statistic: Statistic, alternatives: Alternative[], summary?: string }} o
 * @returns {Omit<import('./spec.js').Plan, 'summary'> & { summary: string }}
 */
export function batchPlan(ctx, { k, P, size, reference = false, statistic, alternatives, summary }) {
  const C = ctx.cores;
  const T = ctx.pbkdf2.taskMs;
  const at = (/** @type {number} */ p, /** @type {number} */ c) => statistic.fn(predictSorted({ tasks: k, P: p, C: c }), 1);
  const predictedMs = predictSorted({ tasks: k, P, C, T }).map((x) => Math.round(x));
  const claim = at(P, C);
  const alts = Object.fromEntries(alternatives.map((a) => [a.label, at(a.P, a.C)]).filter(([, v]) => Math.abs(/** @type {number} */ (v) - claim) > 1e-9));
  const want = threadsUsed({ k, P });
  const shape = batches({ k, P }).join(' + ');
  const load = (/** @type {any} */ obs) => ({ runs: [{ othersMs: obs.othersMs, wallMs: obs.wallMs }] });
  const linux = ctx.platform === 'linux';
  return {
    summary: `${summary ? `${summary}. ` : ''}Model, P=${P} on C=${C}: ${k} tasks of T≈${Math.round(T)} ms run as batches ${shape} and finish at ${predictedMs.join(', ')} ms; ${statistic.name} = ${round(claim)} (${Object.entries(alts).map(([l, v]) => `${l}: ${round(v)}`).join(', ') || 'no distinguishable alternative'})`,
    model: { k, P, C, T, batches: batches({ k, P }), predictedMs, threads: want, statistic: statistic.name, claim: round(claim, 4), alternatives: alts },
    trial: (c) => c.run('pbkdf2-batch.cjs', { options: { k, iterations: c.pbkdf2.iterations, reference }, env: { UV_THREADPOOL_SIZE: size }, timeoutMs: 30_000 + 20 * k * T }),
    structural: linux ? { need: 3, check: (obs) => voidIfBusy(load(obs), C, checkThreads(obs, { k, P }), 'timing') } : undefined,
    timing: {
      statistic: statistic.name,
      description: statistic.description,
      claim,
      alternatives: alts,
      toward: statistic.toward,
      looks: [9, 15, 21],
      alpha: 0.01,
      value: (obs) => statistic.fn(sortedTimes(obs), obs.T ?? NaN),
      // Without thread accounting the timing decides alone: a trial spoiled
      // by other processes' load gives no value (on Linux the structural
      // check drops it and says so).
      void: linux ? undefined : (obs) => busyReason(load(obs), C),
    },
  };
}

/** @param {any} obs */
export function sortedTimes(obs) {
  return obs.completions.map((/** @type {{ ms: number }} */ c) => c.ms).sort((/** @type {number} */ a, /** @type {number} */ b) => a - b);
}

/**
 * Structural reading of one batch: which new threads did the work, and how
 * many tasks' worth each did (its CPU over the mean CPU per task).
 * @param {any} obs @param {{ k: number, P: number }} o
 */
export function checkThreads(obs, { k, P }) {
  const total = obs.cpuMs.reduce((/** @type {number} */ a, /** @type {number} */ b) => a + b, 0);
  const perTask = total / k;
  const worked = obs.cpuMs.filter((/** @type {number} */ ms) => ms > 0.3 * perTask);
  const tasks = worked.map((/** @type {number} */ ms) => Math.round(ms / perTask)).sort((/** @type {number} */ a, /** @type {number} */ b) => b - a);
  const want = threadsUsed({ k, P });
  const ok = obs.poolThreads.length === P && worked.length === want;
  return {
    ok,
    detail: `${obs.poolThreads.length} pool threads started, ${worked.length} did the ${k} tasks (${tasks.join('+')}); expected ${P} and ${want}`,
  };
}
