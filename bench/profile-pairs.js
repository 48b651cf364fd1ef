#!/usr/bin/env node
// How consistently the machine profile's calibration pairs its task with the
// speed reference: N calibrations in one process, each a task timed three
// times between groups of reference readings, as fixtures/profile-probe.cjs
// does, and each read two ways: the median of every reading beside the median
// task (the profile's way) and pairedReference (each run with the readings at
// its edges; measured in BENCHMARKS.md §21 and not kept). What a batch weighs
// its pool's CPU against is the task over the reference, which should be a
// property of the CPU alone: per iteration, (task ms / iterations) /
// (reference ms / 64). The table gives its spread both ways, over the same
// timings.
//
//   node bench/profile-pairs.js [--runs N] [--iterations I]
import { createRequire } from 'node:module';
import { pbkdf2Sync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseBenchArgs } from './lib/args.js';

const speed = createRequire(import.meta.url)('../fixtures/lib/speed-reference.cjs');

const HELP = `Usage: node bench/profile-pairs.js [--runs N] [--iterations I]

Calibrates the machine profile's task and speed reference N times in this
process (three timed runs of I iterations between groups of 20 reference
readings each), and prints the task over the reference per iteration, read
as the median of every reading (the profile's way) and paired with each
run's edge readings (measured in BENCHMARKS.md §21, not kept): min, median,
max and how many fall outside 0.80–0.95.

Options:
  --runs N         calibrations (default 30)
  --iterations I   pbkdf2 iterations of the task (default 170000, about 120 ms here)
  -h, --help       this help`;

/**
 * The calibrated task and a reference paired with it: the task's median, and
 * that times the median over the runs of each run's edge readings
 * (groups[i] just before runs[i], groups[i + 1] just after it) over the run.
 * @param {number[]} runs @param {number[][]} groups
 */
function pairedReference(runs, groups) {
  const ratios = runs.map((ms, i) => speed.median([...groups[i], ...groups[i + 1]]) / ms);
  const taskMs = speed.median(runs);
  return { taskMs, referenceMs: taskMs * speed.median(ratios) };
}

/** Readings between two timed runs, as the profile takes them. */
const READINGS = 20;

/** @param {number} iterations */
function timeTask(iterations) {
  const t0 = performance.now();
  pbkdf2Sync('secret', 'salt', iterations, 64, 'sha512');
  return performance.now() - t0;
}

/** @param {number} iterations */
function calibrateBothWays(iterations) {
  const runs = [];
  const groups = [Array.from({ length: READINGS }, () => speed.timeReference())];
  for (let i = 0; i < 3; i++) {
    runs.push(timeTask(iterations));
    groups.push(Array.from({ length: READINGS }, () => speed.timeReference()));
  }
  const perIteration = (/** @type {number} */ taskMs, /** @type {number} */ referenceMs) =>
    taskMs / iterations / (referenceMs / speed.REFERENCE_ITERATIONS);
  const paired = pairedReference(runs, groups);
  return {
    allReadings: perIteration(speed.median(runs), speed.median(groups.flat())),
    paired: perIteration(paired.taskMs, paired.referenceMs),
  };
}

/** @param {number[]} xs */
function summary(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const outside = s.filter((x) => x < 0.8 || x > 0.95).length;
  return `| ${s[0].toFixed(2)} | ${speed.median(s).toFixed(2)} | ${s[s.length - 1].toFixed(2)} | ${outside} of ${s.length} |`;
}

function main() {
  const parsed = parseBenchArgs(
    'profile-pairs',
    process.argv.slice(2),
    { runs: { type: 'string' }, iterations: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    process.stderr,
    { positionals: false },
  );
  if (!parsed) return 2;
  if (parsed.values.help) {
    console.log(HELP);
    return 0;
  }
  const runs = Number(parsed.values.runs ?? 30);
  const iterations = Number(parsed.values.iterations ?? 170000);
  if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(iterations) || iterations < 1000) {
    process.stderr.write('profile-pairs: --runs must be a whole number ≥ 1 and --iterations one ≥ 1000\n');
    return 2;
  }
  timeTask(1000); // warm-up
  const results = [];
  for (let i = 0; i < runs; i++) {
    results.push(calibrateBothWays(iterations));
    process.stderr.write(`\rcalibration ${i + 1}/${runs}`);
  }
  process.stderr.write('\n');
  console.log('| task over reference, per iteration | min | median | max | outside 0.80–0.95 |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| median of every reading ${summary(results.map((r) => r.allReadings))}`);
  console.log(`| paired with each run's edges ${summary(results.map((r) => r.paired))}`);
  return 0;
}

process.exitCode = main();
