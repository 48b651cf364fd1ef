// The cluster throughput claims (ABBA blocks judged by harness/kits/abba.js
// blockTiming: decisive timing beside a structural check) on simulated
// blocks: each spec planned for C cores, run through the engine with
// blocks whose per-run throughputs carry noise, drift and outliers around a
// true log ratio r. Three truths per spec: the model's r (the claim holds as
// modelled), the alternative's r (it does not), and r a quarter of the way
// from the model to the alternative (a weaker effect than modelled).
import { region } from '../../harness/verdict.js';
import { blockOrder, blockRatio, fewerRatio } from '../../harness/kits/abba.js';
import { seededRandom } from '../../harness/stats.js';
import { specContext } from '../../harness/context.js';
import { gauss } from './simulator.js';
import { simulatedMachine, simulatedLauncher, engineResult, ITERATIONS } from './sweep.js';

export const CLUSTER_SPECS = ['cluster.faster-on-heavy', 'cluster.slower-on-light', 'cluster.workers-equal-cores'];

/** Block noise: per-run log-normal sd, linear drift per run (sd), outlier share and hit. */
export const BLOCK_NOISE = {
  calm: { name: 'calm', sd: 0.05, drift: 0.02, outliers: 0, hit: [1, 1] },
  vm: { name: 'vm', sd: 0.12, drift: 0.05, outliers: 0.1, hit: [0.5, 0.8] },
};

/** The key of `rs` that holds the true ln(thr A / thr F) of a block with an F arm (fewer workers). */
export const FEWER = 'fewer';

/**
 * One ABBA/BAAB block with true log ratio r per load (`rs`: load name → r;
 * one load, 'main', where a spec runs one), shaped as abbaTrial returns it:
 * 4 runs per load (arm, label, workers, throughput, per-worker CPU), each
 * load's runs with their own noise, and the ratios per load. Where `rs`
 * holds FEWER, an F arm of wF workers runs first and last in each load's
 * runs (FABBAF, FBAABF: 6 runs), A over F at that true log ratio, and the
 * block has rFewer.
 * @param {{ n: number, rs: Record<string, number>, wA: number, wB: number, wF?: number, noise: typeof BLOCK_NOISE.vm, random: () => number }} o
 */
export function simulateBlock({ n, rs, wA, wB, wF = 0, noise, random }) {
  const withF = FEWER in rs;
  const order = blockOrder(n, withF);
  const slope = noise.drift * gauss(random);
  const loads = Object.keys(rs).filter((k) => k !== FEWER);
  const runs = loads.flatMap((variant) =>
    order.map((arm, i) => {
      const workers = arm === 'A' ? wA : arm === 'B' ? wB : wF;
      const r = arm === 'B' ? rs[variant] : arm === 'F' ? -rs[FEWER] : 0;
      let thr = 100 * Math.exp(r + slope * (i - (order.length - 1) / 2) + noise.sd * gauss(random));
      if (random() < noise.outliers) thr *= noise.hit[0] + (noise.hit[1] - noise.hit[0]) * random();
      const pids = Array.from({ length: Math.max(1, workers) }, (_, j) => 5000 + 10 * i + j);
      const cpu = Object.fromEntries(pids.map((p) => [p, Math.round(300 * (0.8 + 0.4 * random()))]));
      return {
        arm,
        label: workers ? `cluster W=${workers}` : 'single',
        variant,
        keepAlive: variant !== 'no keep-alive',
        workers,
        throughput: thr,
        requests: Math.round(thr),
        errors: {},
        durationMs: 1000,
        latency: { mean: 10, p50: 9, p99: 20 },
        generatorCpu: 0.1,
        generatorBound: false,
        serverCpuMs: cpu,
        machineCores: null,
        usableCores: 2,
      };
    }),
  );
  const ratios = Object.fromEntries(loads.map((v) => [v, blockRatio(runs.filter((x) => x.variant === v))]));
  const ratio = ratios[loads[0]];
  return {
    order: order.join(''),
    path: '/heavy',
    keepAlive: true,
    connections: 4,
    r: ratio,
    ratio: Math.exp(ratio),
    ratios,
    ...(withF ? { rFewer: fewerRatio(runs.filter((x) => x.variant === loads[0])) } : {}),
    runs,
  };
}

/**
 * Which load a timing statistic reads: its value() applied to a block whose
 * ratios are the loads' names ('main' where it reads the block's r).
 * @param {any} plan
 */
export function loadOf(plan) {
  const names = { main: 'main', 'no keep-alive': 'no keep-alive', 'keep-alive': 'keep-alive' };
  const v = plan.value({ r: 'main', ratios: names, rFewer: FEWER });
  return typeof v === 'string' ? v : 'main';
}

/**
 * Runs of one cluster spec on C cores with blocks of true ratio r. Truth
 * 'further' keeps the plan's first statistic as modelled and puts each of
 * its further ones (`also`) at its alternative: a mechanism that breaks only
 * what they read (workers that compute one at a time between them gain
 * nothing over fewer; a single process held idle on keep-alive). A plan
 * without further statistics has no such cell ({ none }).
 * @param {{ spec: any, C: number, truth: 'model' | 'weaker' | 'alternative' | 'further', runs: number, seed: number, noise: typeof BLOCK_NOISE.vm, quick?: boolean }} o
 */
export async function clusterCell({ spec, C, truth, runs, seed, noise, quick = false }) {
  const random = seededRandom(seed);
  const profile = {
    cores: C,
    availableParallelism: C,
    effectiveParallelism: { value: C },
    pbkdf2: { iterations: ITERATIONS, taskMs: 120 },
  };
  const machine = simulatedMachine({ C, profile, quick });
  const plan = spec.plan(specContext(machine, simulatedLauncher({ C, random })));
  if (plan.skip || plan.undecidable) return { skip: plan.skip ?? `undecidable: ${plan.undecidable}` };
  const t = plan.timing;
  // Each statistic's true r: its model's, its alternative's, or a quarter of
  // the way between; every statistic of the plan (a second load's too) alike.
  if (truth === 'further' && !t.also?.length) return { none: 'no further statistic' };
  const truthOf = (/** @type {any} */ p, /** @type {boolean} */ further) => {
    const a = Object.values(p.alternatives)[0];
    if (truth === 'further') return further ? a : p.claim;
    return truth === 'model' ? p.claim : truth === 'alternative' ? a : p.claim + 0.25 * (a - p.claim);
  };
  const alt = Object.values(t.alternatives)[0];
  const r = truthOf(t, false);
  const rs = Object.fromEntries([t, ...(t.also ?? [])].map((p, i) => [loadOf(p), truthOf(p, i > 0)]));
  const [wA, wB] = workersOf(spec.id, C);
  const wF = plan.model?.fewer?.workers ?? 0; // the spec's own F arm, where it has one
  const count = { pass: 0, fail: 0, inconclusive: 0, skip: 0, error: 0 };
  let trials = 0;
  // Each trial is a simulated block instead of the plan's own measurement.
  const launcher = {
    ...simulatedLauncher({ C, random }),
    trial: async (/** @type {any} */ _p, /** @type {any} */ _c, /** @type {number} */ n) =>
      simulateBlock({ n, rs, wA, wB, wF, noise, random }),
  };
  for (let i = 0; i < runs; i++) {
    const result = await engineResult(spec, machine, launcher);
    count[/** @type {keyof typeof count} */ (result.verdict)]++;
    trials += result.trials;
  }
  const reg = region(t);
  return {
    r,
    claim: t.claim,
    alternative: alt,
    region: reg,
    ...count,
    runs,
    meanTrials: trials / runs,
    expected: plan.expected ?? spec.expected,
  };
}

/** The arms' worker counts as the specs set them. @param {string} id @param {number} C */
function workersOf(id, C) {
  if (id === 'cluster.workers-equal-cores') return [C, 2 * C];
  return [0, Math.max(2, C)];
}

/** @param {number} x */
const pct = (x) => `${(Math.round(x * 1000) / 10).toFixed(x < 0.1 && x > 0 ? 1 : 0)}%`;

/**
 * A Markdown table: per spec and C, the verdicts for each truth.
 * @param {{ id: string, C: number, truth: string, cell: any }[]} rows
 */
export function clusterTable(rows) {
  const out = [
    '| claim | C | model r / alternative | r as modelled: fail / inc. / pass | weaker effect (¼ way): fail / inc. | alternative true: caught | only the further statistics wrong: caught | trials |',
    '|---|---:|---|---|---|---|---|---:|',
  ];
  const keys = [...new Set(rows.map((x) => `${x.id}|${x.C}`))];
  for (const key of keys) {
    const group = rows.filter((x) => `${x.id}|${x.C}` === key);
    const [id, C] = key.split('|');
    const skip = group.find((g) => g.cell.skip);
    if (skip) {
      // The reason after its 'C=n: ' prefix (the row names C), whole.
      const why = skip.cell.skip.replace(/^(undecidable: )?C=\d+: /, '$1').replace(/\|/g, '\\|');
      out.push(`| ${id} | ${C} | ${why.startsWith('undecidable') ? 'inconclusive, ' : 'skipped: '}${why} | | | | | |`);
      continue;
    }
    const at = (/** @type {string} */ t) => group.find((g) => g.truth === t)?.cell;
    const m = at('model');
    const w = at('weaker');
    const a = at('alternative');
    const f = at('further');
    const rate = (/** @type {any} */ c, /** @type {string} */ k) => pct(c[k] / c.runs);
    out.push(
      `| ${id} | ${C} | ${m.claim.toFixed(3)} / ${m.alternative.toFixed(3)} | ${rate(m, 'fail')} / ${rate(m, 'inconclusive')} / ${rate(m, 'pass')} | ${rate(w, 'fail')} / ${rate(w, 'inconclusive')} | ${rate(a, 'fail')} | ${!f || f.none ? '—' : rate(f, 'fail')} | ${m.meanTrials.toFixed(1)} |`,
    );
  }
  return out.join('\n');
}
