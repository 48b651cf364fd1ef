#!/usr/bin/env node
// What the structural rule on counts gives a batch claim, with and without
// marginal trials (verdict.js outweighing): every trial fed through the real
// decide() in the engine's loop (engine.js: the trial cap of 21 extended by
// void and disagreeing trials, a stop at the first decision), a batch
// plan's structure (need 3), with or without a judged timing statistic
// (its looks at 5, 9, 15, 21; its values always inside the region).
// "Without" is the same trials with their marginal flag taken off: the rule
// before marginal trials.
//
// - A mechanism that breaks each trial with probability p, each broken
//   trial reading marginal: exact probabilities, every sequence walked.
// - Honest claim-runs whose trials read against at the rate given (a share
//   of them marginal): simulated.
//
//   node bench/count-rule.js [--honest RATE[,RATE...]] [--marginal SHARE] [--runs N]
import { parseBenchArgs } from './lib/args.js';
import { decide, TIMING_LOOKS } from '../harness/verdict.js';
import { seededRandom } from '../harness/stats.js';

const HELP = `Usage: node bench/count-rule.js [options]

The structural rule on counts for a batch claim (need 3), with marginal
trials outweighed (now) and with their flag taken off (before), through the
real decide() in the engine's loop: exact outcome probabilities for a
mechanism breaking a share p of trials, each broken trial marginal (p = 0.5,
0.3, 0.2, 0.1), and simulated honest claim-runs at the given rates of trials
against. Each with the structure alone and beside a judged timing statistic.

Options:
  --honest LIST     honest rates of trials against (default 0.018,0.039,0.058)
  --marginal SHARE  the share of honest trials against that are marginal (default 0.87)
  --runs N          simulated honest claim-runs per rate (default 100000)
  -h, --help        this help`;

const STRUCTURAL = { need: 3 };
/** The engine's trial cap for a batch plan: its timing's last look. */
const MAX_TRIALS = TIMING_LOOKS.at(-1);
const AGREE = Object.freeze({ ok: true, detail: 'as expected' });
const MARGINAL = Object.freeze({ ok: false, marginal: true, detail: 'CPU without progress (marginal)' });
const STRONG = Object.freeze({ ok: false, detail: 'CPU without progress' });

/** @param {boolean} withTiming */
function timingPlan(withTiming) {
  return withTiming
    ? { statistic: 'R', description: 'r', claim: 1, alternatives: { x: 2 }, looks: TIMING_LOOKS, alpha: 0.01 }
    : null;
}

/**
 * One step of the engine's loop: the decision after these checks.
 * @param {any[]} checks @param {boolean} withTiming @param {boolean} flagged  marginal flags kept
 */
function step(checks, withTiming, flagged) {
  const judged = flagged ? checks : checks.map(({ marginal, ...c }) => c);
  const disagreed = judged.filter((c) => !c.invalid && !c.ok).length;
  const values = judged.filter((c) => !c.invalid).map((_, i) => 1 + 0.001 * (i % 3));
  return decide({
    checks: judged,
    structural: STRUCTURAL,
    values: withTiming ? values : null,
    timing: timingPlan(withTiming),
    maxTrials: MAX_TRIALS + Math.min(disagreed, MAX_TRIALS),
  });
}

/**
 * Exact outcome probabilities where each trial is broken with probability p
 * (reading marginal) and agrees otherwise.
 * @param {number} p @param {boolean} withTiming @param {boolean} flagged
 */
function exact(p, withTiming, flagged) {
  const out = { pass: 0, fail: 0, inconclusive: 0 };
  /** @param {any[]} checks @param {number} prob */
  const walk = (checks, prob) => {
    for (const [check, pr] of /** @type {const} */ ([
      [AGREE, 1 - p],
      [MARGINAL, p],
    ])) {
      const next = [...checks, check];
      const d = step(next, withTiming, flagged);
      if (d.done) out[/** @type {'pass' | 'fail' | 'inconclusive'} */ (d.verdict)] += prob * pr;
      else walk(next, prob * pr);
    }
  };
  walk([], 1);
  return out;
}

/**
 * Simulated honest claim-runs: each trial against with probability `rate`,
 * marginal with probability `share` of those.
 * @param {number} rate @param {number} share @param {number} runs @param {boolean} withTiming @param {boolean} flagged
 */
function honest(rate, share, runs, withTiming, flagged) {
  const random = seededRandom(1);
  const out = { pass: 0, fail: 0, inconclusive: 0, trials: 0 };
  for (let r = 0; r < runs; r++) {
    const checks = [];
    for (;;) {
      checks.push(random() < rate ? (random() < share ? MARGINAL : STRONG) : AGREE);
      const d = step(checks, withTiming, flagged);
      if (!d.done) continue;
      out[/** @type {'pass' | 'fail' | 'inconclusive'} */ (d.verdict)]++;
      out.trials += checks.length;
      break;
    }
  }
  return out;
}

/** @param {number} x */
const pct = (x) => `${(100 * x).toFixed(2)}%`;

function main() {
  const parsed = parseBenchArgs(
    'count-rule',
    process.argv.slice(2),
    {
      honest: { type: 'string' },
      marginal: { type: 'string' },
      runs: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    process.stderr,
    { positionals: false },
  );
  if (!parsed) return 2;
  if (parsed.values.help) {
    console.log(HELP);
    return 0;
  }
  const rates = String(parsed.values.honest ?? '0.018,0.039,0.058')
    .split(',')
    .map(Number);
  const share = Number(parsed.values.marginal ?? 0.87);
  const runs = Number(parsed.values.runs ?? 100000);
  if (rates.some((x) => !(x >= 0 && x < 1)) || !(share >= 0 && share <= 1) || !(Number.isInteger(runs) && runs > 0)) {
    process.stderr.write(
      'count-rule: --honest takes rates in [0, 1), --marginal a share in [0, 1], --runs a whole number ≥ 1\n',
    );
    return 2;
  }
  console.log(
    '| trials | timing | p or rate | before: pass / fail / inconclusive | now: pass / fail / inconclusive | mean trials before → now |',
  );
  console.log('|---|---|---:|---|---|---|');
  for (const withTiming of [false, true]) {
    const timing = withTiming ? 'judged' : 'none';
    for (const p of [0.5, 0.3, 0.2, 0.1]) {
      const [b, n] = [exact(p, withTiming, false), exact(p, withTiming, true)];
      console.log(
        `| a mechanism in a share p, each marginal | ${timing} | ${p} | ${pct(b.pass)} / ${pct(b.fail)} / ${pct(b.inconclusive)} | ${pct(n.pass)} / ${pct(n.fail)} / ${pct(n.inconclusive)} | |`,
      );
    }
    for (const rate of rates) {
      const [b, n] = [honest(rate, share, runs, withTiming, false), honest(rate, share, runs, withTiming, true)];
      const f = (/** @type {typeof b} */ x) =>
        `${pct(x.pass / runs)} / ${pct(x.fail / runs)} / ${pct(x.inconclusive / runs)}`;
      console.log(
        `| honest, ${pct(share)} of those against marginal | ${timing} | ${rate} | ${f(b)} | ${f(n)} | ${(b.trials / runs).toFixed(1)} → ${(n.trials / runs).toFixed(1)} |`,
      );
    }
  }
  return 0;
}

process.exitCode = main();
