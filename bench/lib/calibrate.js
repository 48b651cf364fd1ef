#!/usr/bin/env node
// Real pbkdf2 batches on this machine, for the simulator's noise model: runs
// fixtures/pbkdf2-batch.cjs for several (k, P) pairs on 1 CPU and on every
// allowed CPU, and writes each trial's sorted completion times (over the
// batch's mean task time), the reference T and each pool thread's CPU.
//
//   node bench/lib/calibrate.js [--trials 30] [--out FILE] [--configs 5x4,4x2,...]
import { parseArgs } from 'node:util';
import { writeFileSync } from 'node:fs';
import { runFixture } from '../../harness/isolate.js';
import { allowedCpus } from '../../harness/machine.js';

const HELP = `Usage: node bench/lib/calibrate.js [--trials N] [--out FILE] [--configs KxP,...] [--iterations N] [--cpus 1,2]
Runs real pbkdf2 batches (fixtures/pbkdf2-batch.cjs) and writes their completion
times as JSON, for the simulator's noise model (bench/lib/simulator.js).
`;

const { values: v } = parseArgs({
  options: {
    trials: { type: 'string', default: '30' },
    out: { type: 'string', default: '/tmp/ncs-calibration.json' },
    configs: { type: 'string', default: '5x4,4x4,6x4,4x2,4x1,5x5,2x4,5x3,4x3' },
    iterations: { type: 'string', default: '172000' },
    cpus: { type: 'string', default: '1,2' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (v.help) {
  process.stdout.write(HELP);
} else {
  const allowed = allowedCpus() ?? [0];
  const trials = Number(v.trials);
  const iterations = Number(v.iterations);
  const configs = v.configs.split(',').map((s) => s.split('x').map(Number));
  const out = [];
  for (const n of v.cpus
    .split(',')
    .map(Number)
    .filter((n) => n <= allowed.length)) {
    const cpus = allowed.slice(0, n);
    for (const [k, P] of configs) {
      const rows = [];
      for (let i = 0; i < trials; i++) {
        const { data } = await runFixture({
          node: process.execPath,
          fixture: 'pbkdf2-batch.cjs',
          options: { k, iterations, reference: true, tmpdir: '/tmp' },
          env: { UV_THREADPOOL_SIZE: String(P) },
          cpus,
          timeoutMs: 60_000,
        });
        const t = data.completions.map((c) => c.ms).sort((a, b) => a - b);
        rows.push({ t, T: data.T, cpuMs: data.cpuMs, threads: data.poolThreads.length });
      }
      out.push({ C: n, k, P, rows });
      process.stderr.write(`C=${n} k=${k} P=${P}: ${rows.length} trials\n`);
    }
  }
  writeFileSync(v.out, JSON.stringify(out));
  process.stderr.write(`written ${v.out}\n`);
}
