// Runs specs one after another (never overlapping: they measure the machine)
// and describes what happens as a stream of events, the API every reporter
// consumes. Each spec's trials continue until its verdict is decided.
import { decide } from './verdict.js';
import { unmetRequirement } from './spec.js';

/**
 * @typedef {import('./spec.js').Spec} Spec
 * @typedef {import('./context.js').Context} Context
 */

/**
 * @param {{ specs: Spec[], ctx: Context, signal?: AbortSignal, now?: () => number }} o
 */
export async function* runSpecs({ specs, ctx, signal, now = () => performance.now() }) {
  for (const [index, spec] of specs.entries()) {
    if (signal?.aborted) return;
    yield { type: 'spec:start', data: { id: spec.id, title: spec.title, index, total: specs.length } };
    const result = yield* runSpec({ spec, ctx, signal, now });
    yield { type: 'spec:end', data: result };
  }
}

/**
 * One spec, from plan to verdict. Yields 'spec:trial' events; returns the result.
 * @param {{ spec: Spec, ctx: Context, signal?: AbortSignal, now: () => number }} o
 */
export async function* runSpec({ spec, ctx, signal, now }) {
  const t0 = now();
  /** @type {any[]} */
  const samples = [];
  const finish = (/** @type {object} */ fields) => result(spec, { samples, durationMs: now() - t0, ...fields });
  const skip = ctx.skipAll ?? unmetRequirement(spec, ctx);
  if (skip) return finish({ verdict: 'skip', reason: skip });
  /** @type {import('./spec.js').Plan} */
  let plan;
  try {
    plan = spec.plan(ctx);
  } catch (err) {
    return finish({ verdict: 'error', reason: `plan failed: ${errText(err)}` });
  }
  const expectation = { summary: plan.summary, model: plan.model ?? null };
  const expected = plan.expected ?? spec.expected;
  if (plan.skip) return finish({ verdict: 'skip', reason: plan.skip, expectation, expected });
  const { structural = null, timing = null } = plan;
  if (ctx.quick && timing?.decisive) return finish({ verdict: 'skip', reason: `not run with --quick: decided by timing alone (${timing.statistic}), which needs at least ${timing.looks[0]} trials; run without --quick`, expectation, expected });
  const maxTrials = plan.maxTrials ?? (timing ? timing.looks.at(-1) : (structural?.cap ?? (structural?.need ?? 1) + 2));
  const checks = structural ? [] : null;
  const values = timing ? [] : null;
  // Trials whose timing value the plan's `void` dropped: they extend the
  // budget, but never past twice the usual cap.
  let voided = 0;
  let voidReason = '';
  const cap = () => maxTrials + Math.min(voided, maxTrials);
  const judge = () => decide({ checks, structural, values, timing, maxTrials: cap(), quick: ctx.quick, voided, voidReason });
  let decision = judge();
  for (let n = 1; n <= cap(); n++) {
    if (signal?.aborted) return finish({ verdict: 'error', reason: `interrupted after ${n - 1} trials`, expectation, expected, evidence: decision.evidence });
    try {
      samples.push(await plan.trial(ctx, n));
      const obs = samples.at(-1);
      const check = structural ? structural.check(obs) : null;
      if (check) checks?.push(check);
      // A void trial (its control failed) gives no timing value either, nor
      // one whose timing the machine's other load spoiled.
      const why = timing?.void?.(obs);
      if (why) [voided, voidReason] = [voided + 1, why];
      else if (!check?.invalid && !check?.timingVoid) values?.push(/** @type {any} */ (timing).value(obs));
    } catch (err) {
      const interrupted = signal?.aborted;
      return finish({ verdict: 'error', reason: interrupted ? `interrupted during trial ${n}` : errText(err), expectation, expected, evidence: decision.evidence });
    }
    decision = judge();
    yield { type: 'spec:trial', data: { id: spec.id, trial: n, elapsedMs: Math.round(now() - t0), note: checks?.at(-1)?.detail } };
    if (decision.done) break;
  }
  return finish({ verdict: decision.verdict ?? 'inconclusive', reason: decision.reason ?? 'undecided', expectation, expected, evidence: decision.evidence });
}

/**
 * @param {Spec} spec
 * @param {{ verdict: string, reason: string, samples: any[], durationMs: number, expectation?: object, expected?: string, evidence?: any }} f
 */
function result(spec, f) {
  const expected = f.expected ?? spec.expected;
  const ev = f.evidence ?? {};
  return {
    id: spec.id,
    title: spec.title,
    area: spec.area,
    claim: spec.claim,
    truth: spec.truth,
    expected,
    source: spec.source,
    verdict: f.verdict,
    label: f.verdict === 'pass' && expected === 'refuted' ? 'refuted as expected' : f.verdict,
    reason: oneLine(f.reason),
    expectation: f.expectation ?? { summary: '', model: null },
    evidence: { structural: strip(ev.structural), timing: strip(ev.timing) },
    trials: f.samples.length,
    durationMs: Math.round(f.durationMs),
    samples: f.samples,
  };
}

/** @param {any} e */
function strip(e) {
  if (!e) return null;
  const { final, telling, decisive_, ...rest } = e;
  return rest;
}

/** @param {unknown} err */
export function errText(err) {
  return err instanceof Error ? err.message : String(err);
}

/** @param {string} s */
function oneLine(s) {
  return String(s).replace(/\s*\n\s*/g, ' ').trim();
}
