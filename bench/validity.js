#!/usr/bin/env node
// The verdict engine on simulated machines: every thread-pool batch spec,
// planned for C cores, decided by the real runner on simulated observations
// of a pool of true size P (bench/lib/simulator.js), on two paths: 'full'
// (Linux: structural thread accounting and timing) and 'timing' (no
// structural channel, as off Linux). Prints Markdown tables; seeded.
import { parseBenchArgs } from './lib/args.js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSpecs } from '../harness/registry.js';
import { batchSpecs, cell, cellSeed, simulatedContext, timingDistinguishes, CORES, POOLS } from './lib/sweep.js';
import { NOISE } from './lib/simulator.js';
import { markdownTable, summary, pct, TARGETS } from './lib/validity-table.js';
import { variantSpecs } from './lib/variants.js';
import { CLUSTER_SPECS, BLOCK_NOISE, clusterCell, clusterTable } from './lib/cluster-sweep.js';

const HELP = `Usage: node bench/validity.js [options]

Runs each thread-pool batch claim through the real verdict path (runner,
structural check, timing statistic, decide) on simulated machines of C cores
whose pool has P threads, and prints per claim and C the false-fail and
inconclusive rates for the true P and the detection rate of wrong P.

Options:
  --trials-per-cell N   simulated runs of a claim per (C, P) cell (default 400)
  --seed N              base seed (default 1); the same seed gives the same tables
  --noise NAME[,NAME]   noise profiles: ${Object.keys(NOISE).join(', ')} (default vm)
  --path full|timing|both   which evidence path (default both)
  --cores LIST          core counts (default ${CORES.join(',')})
  --pools LIST          true pool sizes (default ${POOLS.join(',')}; the claim's P ± 1 are always added)
  --spec ID             only this claim (repeatable)
  --variants            also run the candidate statistics in bench/lib/variants.js (ids 'spec~name')
  --quick               judge as the suite's --quick does (sound structure ends a claim at once)
  --no-cluster          leave out the cluster throughput claims (ABBA blocks, simulated
                        block ratios: noise calm and vm)
  --no-mechanisms       leave out the wrong truths of other mechanisms than the pool's
                        size (a limiter in front of a full pool; serial hand-offs)
  --out FILE            also write the Markdown to FILE
  --json FILE           write every cell as JSON
  -h, --help            this help
`;

/** @param {string} s */
const list = (s) =>
  s
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

export async function main(argv = process.argv.slice(2), { stdout = process.stdout, stderr = process.stderr } = {}) {
  const parsed = parseBenchArgs(
    'validity',
    argv,
    {
      'trials-per-cell': { type: 'string', default: '400' },
      seed: { type: 'string', default: '1' },
      noise: { type: 'string', default: 'vm' },
      path: { type: 'string', default: 'both' },
      cores: { type: 'string', default: CORES.join(',') },
      pools: { type: 'string', default: POOLS.join(',') },
      spec: { type: 'string', multiple: true },
      variants: { type: 'boolean' },
      quick: { type: 'boolean' },
      'no-cluster': { type: 'boolean' },
      'no-mechanisms': { type: 'boolean' },
      out: { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    stderr,
    { positionals: false },
  );
  if (!parsed) return 2;
  const v = parsed.values;
  if (v.help) return (void stdout.write(HELP), 0);
  const runs = Number(v['trials-per-cell']);
  const seed = Number(v.seed);
  const noises = v.noise.split(',');
  const paths = v.path === 'both' ? ['full', 'timing'] : [v.path];
  const bad = [
    !(Number.isInteger(runs) && runs > 0) && `--trials-per-cell must be a positive whole number`,
    !Number.isInteger(seed) && '--seed must be a whole number',
    noises.find((n) => !NOISE[n]) &&
      `unknown noise '${noises.find((n) => !NOISE[n])}' (known: ${Object.keys(NOISE).join(', ')})`,
    paths.some((p) => p !== 'full' && p !== 'timing') && '--path must be full, timing or both',
  ].find(Boolean);
  if (bad) return (void stderr.write(`validity: ${bad}\n`), 2);

  let specs = batchSpecs(await loadSpecs());
  if (v.variants) specs = [...specs, ...variantSpecs(specs)];
  if (v.spec) specs = specs.filter((s) => v.spec?.includes(s.id.split('~')[0]));
  const cores = list(v.cores);
  const pools = list(v.pools);
  const t0 = performance.now();
  /** @type {import('./lib/validity-table.js').Cell[]} */
  const cells = [];
  const out = [
    '## Simulated validity',
    '',
    `\`node bench/validity.js --trials-per-cell ${runs} --seed ${seed} --noise ${v.noise}${v.path === 'both' ? '' : ` --path ${v.path}`}${v.variants ? ' --variants' : ''}${v.quick ? ' --quick' : ''}${v['no-cluster'] ? ' --no-cluster' : ''}${v['no-mechanisms'] ? ' --no-mechanisms' : ''}${(v.spec ?? []).map((id) => ` --spec ${id}`).join('')}\``,
    '',
    `Targets per claim: false fail ≤ ${pct(TARGETS.falseFail)} and inconclusive ≤ ${pct(TARGETS.inconclusive)} for the true pool size; P off by one caught (fail) in ≥ ${pct(TARGETS.detection)}. "≡ model": the model gives that P the same value of the statistic (inside the acceptance region), so timing alone cannot tell it apart. Trials: mean trials per run.`,
  ];
  for (const noise of noises) {
    for (const path of paths) {
      const part = [];
      for (const spec of specs) {
        for (const C of cores) {
          const plan = spec.plan(simulatedContext({ C, platform: path === 'full' ? 'linux' : 'darwin' }));
          const claimP = plan.model.P;
          const truePs = [...new Set([...pools, claimP - 1, claimP, claimP + 1])]
            .filter((p) => p >= 1)
            .sort((a, b) => a - b);
          for (const trueP of truePs) {
            const distinguishable = trueP === claimP ? false : path === 'full' || timingDistinguishes(plan, trueP, C);
            const c = await cell({
              spec,
              C,
              trueP,
              path: /** @type {'full' | 'timing'} */ (path),
              runs,
              seed: cellSeed(seed, spec.id, C, trueP, `${path}|${noise}`),
              noise: NOISE[noise],
              quick: Boolean(v.quick),
            });
            part.push({
              id: spec.id,
              claimP,
              path: /** @type {'full' | 'timing'} */ (path),
              noise,
              C,
              trueP,
              distinguishable,
              ...c,
            });
          }
        }
        stderr.write(
          `validity: ${noise} ${path} ${spec.id} done (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`,
        );
      }
      cells.push(...part);
      const s = summary(part);
      out.push(
        '',
        `### ${path === 'full' ? 'Full path (Linux: structural + timing)' : 'Timing-only path (no structural channel, as off Linux)'}, noise \`${noise}\`${v.quick ? ', --quick' : ''}`,
        '',
        `${s.met} of ${s.claimCells} claim × C cells meet every target. Over all cells: false fail ${pct(s.falseFail)} (worst cell ${pct(s.worstFalseFail)}), inconclusive ${pct(s.inconclusive)}, P ± 1 caught ${pct(s.detection)} (worst cell ${Number.isNaN(s.worstDetection) ? '—' : pct(s.worstDetection)}), ${s.meanTrials.toFixed(1)} trials on average for the true P.`,
        '',
        markdownTable(part),
      );
    }
  }
  let mechanismRuns = 0;
  if (!v['no-mechanisms']) {
    out.push(
      '',
      '### Other mechanisms: every pool thread present and working, fewer running at once (full path)',
      '',
      'A limiter in front of the pool lets at most L tasks run at once while the tasks still reach all P threads in turn (so the thread count and "which threads worked" are as the claim expects); L = 1 is a serial hand-off. "In every other batch": the limiter engages in the 2nd, 4th, … trial only, the pool honest in the others. Every such truth breaks a claim about how many run together: each must end **fail**.',
      '',
      '| claim | C | truth | fail | inconclusive | pass | trials |',
      '|---|---:|---|---:|---:|---:|---:|',
    );
    for (const noise of noises) {
      for (const spec of specs) {
        for (const C of cores) {
          const plan = spec.plan(simulatedContext({ C }));
          const batch = Math.min(plan.model.P, plan.model.k);
          const limits = [...new Set([batch - 1, 1])].filter((l) => l >= 1 && l < batch);
          // each limiter in every batch, and the first in every other batch only
          const truths = [
            ...limits.map((limit) => ({ limit, every: 1 })),
            ...limits.slice(0, 1).map((limit) => ({ limit, every: 2 })),
          ];
          for (const { limit, every } of truths) {
            const seedKey = `limit${limit}${every > 1 ? `every${every}` : ''}|${noise}`;
            const c = await cell({
              spec,
              C,
              trueP: plan.model.P,
              limit,
              limitEvery: every,
              path: 'full',
              runs,
              seed: cellSeed(seed, spec.id, C, plan.model.P, seedKey),
              noise: NOISE[noise],
              quick: Boolean(v.quick),
            });
            mechanismRuns += c.runs;
            const share = (/** @type {number} */ x) => pct(x / c.runs);
            const truth = `${limit === 1 ? `P=${plan.model.P}, serial (1 at once)` : `P=${plan.model.P}, at most ${limit} at once`}${every === 2 ? ' in every other batch' : ''}`;
            out.push(
              `| ${spec.id} | ${C} | ${truth} | ${share(c.fail)} | ${share(c.inconclusive)} | ${share(c.pass)} | ${c.meanTrials.toFixed(1)} |`,
            );
          }
        }
      }
      stderr.write(`validity: mechanisms ${noise} done (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
    }
  }
  let clusterRuns = 0;
  // --spec selects among the cluster claims too (none of them: the section is left out).
  const cluster = v['no-cluster']
    ? []
    : (await loadSpecs()).filter((s) => CLUSTER_SPECS.includes(s.id) && (!v.spec || v.spec.includes(s.id)));
  if (cluster.length) {
    out.push(
      '',
      `### Cluster throughput claims (ABBA blocks, decisive timing)${v.quick ? ', --quick' : ''}`,
      '',
      `Simulated blocks: 4 runs (ABBA/BAAB), or 6 with an F arm (FABBAF/FBAABF), per-run log-normal noise, linear drift, outliers (\`vm\`: sd 0.12, drift 0.05 per run, 10% of runs cut to 0.5–0.8×; \`calm\`: sd 0.05, drift 0.02). True log ratio r: the model's, a quarter of the way to the alternative, or the alternative's, for every statistic of the claim; and, where a claim judges further statistics (\`cluster.slower-on-light\`'s keep-alive ratio, \`cluster.workers-equal-cores\`' C workers over ⌊C/2⌋, an F arm run first and last in each block), its first statistic as modelled and only the further ones at their alternative. Structure (every worker served) always sound here.`,
    );
    for (const noise of Object.values(BLOCK_NOISE)) {
      const rows = [];
      for (const spec of cluster) {
        for (const C of cores) {
          for (const truth of /** @type {const} */ (['model', 'weaker', 'alternative', 'further'])) {
            const c = await clusterCell({
              spec,
              C,
              truth,
              runs,
              seed: cellSeed(seed, spec.id, C, 0, `${truth}|${noise.name}`),
              noise,
              quick: Boolean(v.quick),
            });
            clusterRuns += c.runs ?? 0;
            rows.push({ id: spec.id, C, truth, cell: c });
          }
        }
      }
      stderr.write(`validity: cluster ${noise.name} done (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
      out.push('', `Block noise \`${noise.name}\`:`, '', clusterTable(rows));
    }
  }
  out.push(
    '',
    `(${cells.reduce((a, c) => a + c.runs, 0) + clusterRuns + mechanismRuns} simulated runs in ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    '',
  );
  const text = out.join('\n');
  stdout.write(text);
  if (v.out) writeFileSync(v.out, text);
  if (v.json) writeFileSync(v.json, `${JSON.stringify(cells, null, 1)}\n`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  main().then((code) => (process.exitCode = code));
