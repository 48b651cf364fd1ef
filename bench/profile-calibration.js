#!/usr/bin/env node
// The machine profile's calibration, its way before BENCHMARKS.md §35 against
// its way now, alternated in one process so that a host's changes of speed
// meet both alike. The task: the median of three runs of the calibrated
// iterations (before) against ten times the median of five runs of a tenth
// of them (now, fixtures/profile-probe.cjs calibrate). The effective
// parallelism: k = 1..3 batches of half a task (before) against batches of
// 15 ms tasks (now), best of 2–4 rounds as the probe takes them. Each pair
// prints what both read and the time each spent; the last lines give the
// ranges.
//
//   UV_THREADPOOL_SIZE=3 node bench/profile-calibration.js [--pairs N]
import { createRequire } from 'node:module';
import { pbkdf2 } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseBenchArgs } from './lib/args.js';
import { timeHash } from './lib/hash.js';

const { median } = createRequire(import.meta.url)('../fixtures/lib/speed-reference.cjs');

const HELP = `Usage: UV_THREADPOOL_SIZE=3 node bench/profile-calibration.js [--pairs N]

Alternates the machine profile's calibration before BENCHMARKS.md §35 and
now, N pairs in this process (for 2 cores; the pool needs cores + 1 threads,
as the profile gives its probe): the task as the median of three runs of it
against ten times the median of five runs of a tenth of it, and the
effective parallelism from batches of half a task against batches of 15 ms
tasks. Prints each pair, then the ranges of what each read and of the time
each spent.

Options:
  --pairs N    pairs (default 12)
  -h, --help   this help`;

const TASK_MS = 120;
const PARALLEL_TASK_MS = 15;

/** Wall ms of k concurrent pool hashes. @param {number} k @param {number} iterations */
async function batch(k, iterations) {
  const t0 = performance.now();
  await Promise.all(
    Array.from(
      { length: k },
      () => new Promise((resolve) => pbkdf2('secret', 'salt', iterations, 64, 'sha512', resolve)),
    ),
  );
  return performance.now() - t0;
}

/** The probe's parallelism on 2 cores: best of 2–4 rounds of k = 1..3. @param {number} iterations */
async function parallelism(iterations) {
  await batch(3, Math.max(1000, Math.round(iterations / 8)));
  const ks = [1, 2, 3];
  const walls = ks.map(() => Infinity);
  const speedups = () => ks.map((k, i) => (k * walls[0]) / walls[i]);
  const t0 = performance.now();
  let rounds = 0;
  while (rounds < 4 && !(rounds >= 2 && Math.max(...speedups()) >= 0.95 * 2)) {
    for (let i = 0; i < ks.length; i++) walls[i] = Math.min(walls[i], await batch(ks[i], iterations));
    rounds++;
  }
  return { value: Math.max(...speedups()), ms: performance.now() - t0 };
}

/** @param {number[]} xs @param {number} [digits] */
const range = (xs, digits = 2) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

async function main() {
  const parsed = parseBenchArgs(
    'profile-calibration',
    process.argv.slice(2),
    { pairs: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    process.stderr,
    { positionals: false },
  );
  if (!parsed) return 2;
  if (parsed.values.help) {
    console.log(HELP);
    return 0;
  }
  const pairs = Number(parsed.values.pairs ?? 12);
  if (!Number.isInteger(pairs) || pairs < 1) {
    process.stderr.write('profile-calibration: --pairs must be a whole number ≥ 1\n');
    return 2;
  }
  timeHash(1000); // warm-up
  const iterations = 10 * Math.round(TASK_MS / 10 / (Math.min(timeHash(2000), timeHash(2000), timeHash(2000)) / 2000));
  const rows = [];
  for (let i = 0; i < pairs; i++) {
    let t0 = performance.now();
    const before = median([timeHash(iterations), timeHash(iterations), timeHash(iterations)]);
    const beforeMs = performance.now() - t0;
    const part = iterations / 10;
    t0 = performance.now();
    const now = (median(Array.from({ length: 5 }, () => timeHash(part))) * iterations) / part;
    const nowMs = performance.now() - t0;
    const parBefore = await parallelism(Math.round(iterations / 2));
    const parNow = await parallelism(Math.round((iterations * PARALLEL_TASK_MS) / before));
    rows.push({ before, now, beforeMs, nowMs, parBefore, parNow });
    console.log(
      `task ${before.toFixed(1)} ms (${beforeMs.toFixed(0)} ms spent) against ${now.toFixed(1)} (${nowMs.toFixed(0)}): ×${(now / before).toFixed(3)} | parallelism ${parBefore.value.toFixed(2)} (${parBefore.ms.toFixed(0)} ms) against ${parNow.value.toFixed(2)} (${parNow.ms.toFixed(0)} ms)`,
    );
  }
  console.log(
    `task: before ${range(
      rows.map((r) => r.before),
      1,
    )} ms, now ${range(
      rows.map((r) => r.now),
      1,
    )} ms (×${range(
      rows.map((r) => r.now / r.before),
      3,
    )} the pair's before); time spent ${range(
      rows.map((r) => r.beforeMs),
      0,
    )} ms against ${range(
      rows.map((r) => r.nowMs),
      0,
    )} ms`,
  );
  console.log(
    `parallelism: before ${range(rows.map((r) => r.parBefore.value))}, now ${range(rows.map((r) => r.parNow.value))}; time spent ${range(
      rows.map((r) => r.parBefore.ms),
      0,
    )} ms against ${range(
      rows.map((r) => r.parNow.ms),
      0,
    )} ms`,
  );
  return 0;
}

process.exitCode = await main();
