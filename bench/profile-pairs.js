#!/usr/bin/env node
// How consistently the machine profile's calibration weighs its task against
// the speed reference: N calibrations in one process, each read two ways.
// Around the runs: the task timed three times between groups of 20
// reference readings, the median task over the median of every reading (the
// profile's way until BENCHMARKS.md §22). In pairs: the median of 32 pairs
// of a reading and a 2048-iteration hash timed back to back, as
// fixtures/profile-probe.cjs does now (both call speed-reference.cjs
// referenceInIterations). What a batch weighs its pool's
// CPU against is the task over the reference, which should be a property of
// the CPU alone: per iteration, (task ms / iterations) / (reference ms / 64).
// The table gives its spread both ways.
//
//   node bench/profile-pairs.js [--runs N] [--iterations I]
import { createRequire } from 'node:module';
import { parseBenchArgs } from './lib/args.js';
import { timeHash } from './lib/hash.js';

const speed = createRequire(import.meta.url)('../fixtures/lib/speed-reference.cjs');

const HELP = `Usage: node bench/profile-pairs.js [--runs N] [--iterations I]

Calibrates the machine profile's task and speed reference N times in this
process and prints the task over the reference per iteration, read two ways:
around the runs (three timed runs of I iterations between groups of 20
reference readings, the median of every reading: the profile's way until
BENCHMARKS.md §22) and in pairs (the median of 32 pairs of a reading and a
2048-iteration hash timed back to back: the profile's way now): min, median,
max and how many fall outside 0.80–0.95.

Options:
  --runs N         calibrations (default 30)
  --iterations I   pbkdf2 iterations of the task (default 170000, about 120 ms here)
  -h, --help       this help`;

/** Readings between two timed runs, as the profile takes them. */
const READINGS = 20;

/** @param {number} iterations */
function calibrateBothWays(iterations) {
  const runs = [];
  const groups = [Array.from({ length: READINGS }, () => speed.timeReference())];
  for (let i = 0; i < 3; i++) {
    runs.push(timeHash(iterations));
    groups.push(Array.from({ length: READINGS }, () => speed.timeReference()));
  }
  return {
    aroundRuns: speed.median(runs) / iterations / (speed.median(groups.flat()) / speed.REFERENCE_ITERATIONS),
    inPairs: speed.REFERENCE_ITERATIONS / speed.referenceInIterations(),
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
  timeHash(1000); // warm-up
  const results = [];
  for (let i = 0; i < runs; i++) {
    results.push(calibrateBothWays(iterations));
    process.stderr.write(`\rcalibration ${i + 1}/${runs}`);
  }
  process.stderr.write('\n');
  console.log('| task over reference, per iteration | min | median | max | outside 0.80–0.95 |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| around the runs ${summary(results.map((r) => r.aroundRuns))}`);
  console.log(`| in pairs ${summary(results.map((r) => r.inPairs))}`);
  return 0;
}

process.exitCode = main();
