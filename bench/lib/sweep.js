// The validity sweep: each thread-pool batch spec, planned for a simulated
// machine of C cores, run through the engine (harness/engine.js run: the
// spec's own trial(), structural check, timing value and decide()) with a
// simulated launcher whose pbkdf2 batches come from bench/lib/simulator.js
// for a pool of true size P.
import { runToRecord } from '../../harness/engine.js';
import { specContext } from '../../harness/context.js';
import { predictSorted } from '../../harness/kits/model.js';
import { region } from '../../harness/verdict.js';
import { seededRandom } from '../../harness/stats.js';
import { TASK_MS } from '../../harness/profile.js';
import { simulateBatch, simulateCalibration, NOISE } from './simulator.js';

export const CORES = [1, 2, 4, 8, 16, 64];
export const POOLS = [1, 2, 3, 4, 5, 8];
export const ITERATIONS = 172000;

/**
 * A simulated machine of C cores (plain data, as harness/machine.js builds).
 * `quick`: the run's --quick (sound structure ends a claim at once).
 * @param {{ C: number, platform?: string, T?: number, quick?: boolean, profile?: object }} o
 * @returns {import('../../harness/machine.js').Machine}
 */
export function simulatedMachine({ C, platform = 'linux', T = TASK_MS, quick = false, profile }) {
  return {
    node: {
      path: process.execPath,
      execPath: process.execPath,
      version: '20.20.2',
      major: 20,
      v8: '11.3.244.8-node.38',
      uv: '1.46.0',
    },
    platform,
    arch: 'x64',
    release: 'simulated',
    cpus: null,
    cpuMethod: 'none',
    requestedCpus: null,
    quick,
    profile: /** @type {any} */ (
      profile ?? { cores: C, availableParallelism: C, pbkdf2: { iterations: ITERATIONS, taskMs: T } }
    ),
    cores: C,
    pbkdf2: { iterations: ITERATIONS, taskMs: T },
    usable: null,
    env: {},
    poolSize: 4,
    poolSizeFrom: 'default',
    openFiles: null,
  };
}

/**
 * A launcher whose fixtures are simulated: `run('pbkdf2-batch.cjs', ...)`
 * returns a simulated observation for a pool of `trueP` threads on C cores
 * (at most `limit` of them running at once, for a limiter; in every
 * `limitEvery`-th batch only, 2 for every other, the others honest).
 * Any other fixture is an error; trials are the plans' own.
 * @param {{ C: number, linux?: boolean, trueP?: number, limit?: number, limitEvery?: number, noise?: import('./simulator.js').Noise, random?: () => number, T?: number }} o
 * @returns {import('../../harness/launcher.js').Launcher}
 */
export function simulatedLauncher({
  C,
  linux = true,
  trueP = 4,
  limit = Infinity,
  limitEvery = 1,
  noise = NOISE.vm,
  random = seededRandom(1),
  T = TASK_MS,
}) {
  let batchesRun = 0;
  return {
    trial: (plan, ctx, n) => plan.trial(ctx, n),
    async run(fixture, o = {}) {
      if (fixture !== 'pbkdf2-batch.cjs') throw new Error(`the simulator has no fixture ${fixture}`);
      const { k, reference = false, iterations = ITERATIONS } = /** @type {any} */ (o.options ?? {});
      const limited = ++batchesRun % limitEvery === 0;
      return simulateBatch({
        k,
        P: trueP,
        C,
        T,
        reference,
        linux,
        noise,
        random,
        iterations,
        limit: limited ? limit : Infinity,
      });
    },
    start() {
      throw new Error('the simulator starts no services');
    },
    tmpdir: '/nonexistent',
    signal: undefined,
    dispose() {},
  };
}

/**
 * The context a spec plans with on a simulated machine (for reading plans).
 * @param {{ C: number, platform?: string, trueP?: number, noise?: import('./simulator.js').Noise, random?: () => number, T?: number, quick?: boolean }} o
 */
export function simulatedContext({ C, platform = 'linux', T = TASK_MS, quick = false, ...rest }) {
  return specContext(
    simulatedMachine({ C, platform, T, quick }),
    simulatedLauncher({ C, linux: platform === 'linux', T, ...rest }),
  );
}

/**
 * The result of one spec run by the engine on a machine through a launcher.
 * @param {any} spec @param {import('../../harness/machine.js').Machine} machine
 * @param {import('../../harness/launcher.js').Launcher} launcher
 */
export async function engineResult(spec, machine, launcher) {
  const record = await runToRecord({ specs: [spec], machine, launcher, options: { now: () => 0 } });
  return /** @type {any} */ (record.results[0]);
}

/**
 * The specs built on harness/kits/pool.js batchPlan: a pbkdf2 batch of k tasks
 * judged against a claimed pool size P by a named statistic.
 * @param {any[]} specs
 */
export function batchSpecs(specs) {
  return specs.filter((spec) => {
    try {
      const m = spec.plan(simulatedContext({ C: 2 })).model;
      return Number.isInteger(m?.k) && Number.isInteger(m?.P) && typeof m?.statistic === 'string';
    } catch {
      return false;
    }
  });
}

/**
 * One simulated run of a spec: its verdict, trials and what decided it.
 * @param {{ spec: any, C: number, trueP: number, limit?: number, limitEvery?: number, path: 'full' | 'timing', noise?: import('./simulator.js').Noise, random: () => number, quick?: boolean }} o
 */
export async function simulateRun({
  spec,
  C,
  trueP,
  limit = Infinity,
  limitEvery = 1,
  path,
  noise = NOISE.vm,
  random,
  quick = false,
}) {
  const linux = path === 'full';
  // The run plans with what the profile measured on this noisy machine, as a real run does.
  const T = simulateCalibration({ C, T: TASK_MS, noise, random });
  const machine = simulatedMachine({ C, platform: linux ? 'linux' : 'darwin', quick, T });
  const result = await engineResult(
    spec,
    machine,
    simulatedLauncher({ C, linux, trueP, limit, limitEvery, noise, random }),
  );
  return { verdict: result.verdict, trials: result.trials, by: decidedBy(result) };
}

/** Which channel settled a result: 'structural', 'timing n=…' or '' @param {any} result */
export function decidedBy(result) {
  const s = result.evidence?.structural;
  const t = result.evidence?.timing;
  if (s?.decided === 'fail' || (s?.decided === 'pass' && !(t?.decided === 'pass'))) return 'structural';
  if (t?.decided) return `timing n=${t.n}`;
  return '';
}

/**
 * The noise-free model's value of a plan's statistic for a pool of P on C cores.
 * @param {any} plan @param {number} P @param {number} C
 */
export function modelValue(plan, P, C) {
  const T = plan.model.T;
  const times = predictSorted({ tasks: plan.model.k, P, C, T });
  return plan.timing.value({ completions: times.map((ms) => ({ ms })), T });
}

/**
 * Can the timing channel alone tell a true pool of P from the claimed one?
 * Only where the model puts its statistic outside the acceptance region.
 * @param {any} plan @param {number} P @param {number} C
 */
export function timingDistinguishes(plan, P, C) {
  const r = region(plan.timing);
  const m = modelValue(plan, P, C);
  return !(m > r.lo && m < r.hi);
}

/**
 * A cell of the sweep: `runs` simulated runs of one spec on C cores with a true pool of P.
 * @param {{ spec: any, C: number, trueP: number, limit?: number, limitEvery?: number, path: 'full' | 'timing', runs: number, seed: number, noise?: import('./simulator.js').Noise, quick?: boolean }} o
 */
export async function cell({
  spec,
  C,
  trueP,
  limit = Infinity,
  limitEvery = 1,
  path,
  runs,
  seed,
  noise = NOISE.vm,
  quick = false,
}) {
  const random = seededRandom(seed);
  const count = { pass: 0, fail: 0, inconclusive: 0, skip: 0, error: 0 };
  let trials = 0;
  /** @type {Record<string, number>} */
  const by = {};
  for (let i = 0; i < runs; i++) {
    const r = await simulateRun({ spec, C, trueP, limit, limitEvery, path, noise, random, quick });
    count[/** @type {keyof typeof count} */ (r.verdict)]++;
    trials += r.trials;
    if (r.by) by[r.by] = (by[r.by] ?? 0) + 1;
  }
  return { runs, ...count, meanTrials: trials / runs, by };
}

/** A stable seed for a cell. @param {number} base @param {string} id @param {number} C @param {number} P @param {string} path */
export function cellSeed(base, id, C, P, path) {
  let h = base >>> 0;
  for (const ch of `${id}|${C}|${P}|${path}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}
