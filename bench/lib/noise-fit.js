#!/usr/bin/env node
// How close the simulator's noise is to real trials: for each (C, k, P) of a
// calibration file (bench/lib/calibrate.js; the default is the one measured
// on the shared 2-vCPU VM), the 10th, 50th and 90th percentiles of the pool
// specs' statistics, real against simulated.
//
//   node bench/lib/noise-fit.js [--file FILE] [--noise vm] [--sims 400] [--seed 1]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { predictSorted } from '../../harness/kits/model.js';
import { quantile, seededRandom } from '../../harness/stats.js';
import { simulateBatch, NOISE } from './simulator.js';

/** The statistics the pool specs use, on sorted times t and the single-task time T. */
export const STATS = {
  L: { k: [5], fn: (/** @type {number[]} */ t) => (t[4] - t[3]) / t[4], what: '(t5 − t4)/t5: fifth-lags' },
  S: {
    k: [4, 5],
    fn: (/** @type {number[]} */ t) => (t.at(-1) - t[0]) / t.at(-1),
    what: '(tk − t1)/tk: four-together, size-five',
  },
  G: { k: [6], fn: (/** @type {number[]} */ t) => (t[4] - t[3]) / t[5], what: 'batch gap (t5 − t4)/t6: six' },
  Q: {
    k: [4],
    fn: (/** @type {number[]} */ t) => (t[2] + t[3]) / (t[0] + t[1]),
    what: "pairs' ratio (t3 + t4)/(t1 + t2): size-two",
  },
  M: {
    k: [4],
    fn: (/** @type {number[]} */ t) => Math.min(t[1] - t[0], t[2] - t[1], t[3] - t[2]) / t[3],
    what: 'smallest gap: size-one',
  },
  R: {
    k: [2],
    fn: (/** @type {number[]} */ t, /** @type {number} */ T) => t.at(-1) / T,
    what: 't2/T: two-as-fast-as-one',
  },
};

/**
 * @param {{ C: number, k: number, P: number, rows: { t: number[], T: number }[] }[]} data
 * @param {{ noise: import('./simulator.js').Noise, sims: number, seed: number }} o
 */
export function fitTable(data, { noise, sims, seed }) {
  const r = seededRandom(seed);
  const q = (/** @type {number[]} */ xs) => [0.1, 0.5, 0.9].map((p) => quantile(xs, p).toFixed(2)).join(' / ');
  const out = [
    '| C | k | P | statistic | model | real q10 / q50 / q90 | simulated q10 / q50 / q90 |',
    '|---:|---:|---:|---|---:|---|---|',
  ];
  for (const { C, k, P, rows } of data) {
    const sim = Array.from({ length: sims }, () => {
      const o = simulateBatch({ k, P, C, T: 100, reference: true, noise, random: r });
      return { t: o.completions.map((c) => c.ms), T: /** @type {number} */ (o.T) };
    });
    const model = predictSorted({ tasks: k, P, C, T: 1 });
    for (const [name, s] of Object.entries(STATS)) {
      if (!s.k.includes(k)) continue;
      out.push(
        `| ${C} | ${k} | ${P} | ${name} | ${s.fn(model, 1).toFixed(2)} | ${q(rows.map((x) => s.fn(x.t, x.T)))} | ${q(sim.map((x) => s.fn(x.t, x.T)))} |`,
      );
    }
  }
  return out.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values: v } = parseArgs({
    options: {
      file: { type: 'string', default: fileURLToPath(new URL('./calibration-2vcpu.json', import.meta.url)) },
      noise: { type: 'string', default: 'vm' },
      sims: { type: 'string', default: '400' },
      seed: { type: 'string', default: '1' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (v.help)
    process.stdout.write('Usage: node bench/lib/noise-fit.js [--file FILE] [--noise NAME] [--sims N] [--seed N]\n');
  else {
    const noise = NOISE[v.noise];
    if (!noise) throw new Error(`unknown noise ${v.noise}`);
    process.stdout.write(
      `${fitTable(JSON.parse(readFileSync(v.file, 'utf8')), { noise, sims: Number(v.sims), seed: Number(v.seed) })}\n`,
    );
  }
}
