// Verdicts: from an expectation and the samples so far to pass / fail /
// inconclusive, with the evidence. Pure: the runner feeds it one trial at a time.
import { median, medianInterval, round } from './stats.js';

/**
 * @typedef {{ ok: boolean, detail: string, invalid?: boolean, timingVoid?: boolean }} Check  invalid: the trial's own control failed, so it counts neither way; timingVoid: the structure counts but the trial gives no timing value
 * @typedef {object} StructuralPlan   a per-trial, timing-free check
 * @property {number} need            agreeing trials needed (exact probes: 1-2, thread accounting: 3)
 * @property {number} [cap]           trials after which an undecided channel is inconclusive
 * @typedef {object} TimingPlan       a statistic judged against the model's prediction
 * @property {string} statistic       short name, e.g. 'L'
 * @property {string} description
 * @property {number} claim           the statistic the model predicts if the claim holds
 * @property {Record<string, number>} alternatives  nearest wrong alternatives (label -> predicted value)
 * @property {number} [toward]        where the boundary sits, from claim (0) to alternative (1); default 0.5
 * @property {number[]} looks         trial counts at which the interval is computed
 * @property {number} alpha           error budget for a false fail, split over the looks
 * @property {boolean} [decisive]     the timing is the claim (throughput): structure alone never passes it
 * @property {(obs: any) => string | null | undefined} [void]  why a trial gives no timing value (the machine's other load spoiled it), or null; void trials extend the trial budget up to twice
 */

/**
 * Timing beside sound structure only checks consistency: a contradiction makes
 * the verdict inconclusive, never a fail. It is glanced at from BESIDE_N
 * trials on at a 95% two-sided level (the first n with an interval: 6, where
 * it is the range of the values at 96.9%); where the glance is consistent the
 * spec ends there. A glance that contradicts the structure sends the timing on
 * to its own looks, judged at the full error budget.
 */
export const BESIDE_N = 6;
export const BESIDE_ALPHA = 0.025;

/**
 * The acceptance region (lo, hi) of a timing statistic: the claim's side of
 * every boundary placed between the claim's value and each alternative's.
 * @param {TimingPlan} plan
 */
export function region(plan) {
  const toward = plan.toward ?? 0.5;
  let lo = -Infinity;
  let hi = Infinity;
  for (const alt of Object.values(plan.alternatives)) {
    const b = plan.claim + toward * (alt - plan.claim);
    if (alt < plan.claim) lo = Math.max(lo, b);
    else if (alt > plan.claim) hi = Math.min(hi, b);
  }
  return { lo, hi };
}

/** @param {{lo: number, hi: number}} r */
export function describeRegion(r) {
  if (r.lo === -Infinity && r.hi === Infinity) return 'any value';
  if (r.hi === Infinity) return `> ${round(r.lo)}`;
  if (r.lo === -Infinity) return `< ${round(r.hi)}`;
  return `in (${round(r.lo)}, ${round(r.hi)})`;
}

/**
 * Judge a timing channel after n = values.length trials.
 * @param {number[]} values
 * @param {TimingPlan} plan
 */
export function judgeTiming(values, plan) {
  const n = values.length;
  const r = region(plan);
  const last = plan.looks[plan.looks.length - 1];
  const base = {
    statistic: plan.statistic,
    description: plan.description,
    n,
    median: n ? round(median(values), 4) : null,
    interval: /** @type {[number, number] | null} */ (null),
    confidence: /** @type {number | null} */ (null),
    boundary: Number.isFinite(r.lo) ? round(r.lo, 4) : round(r.hi, 4),
    region: describeRegion(r),
    predicted: { claim: round(plan.claim, 4), alternatives: mapValues(plan.alternatives, (v) => round(v, 4)) },
    decided: /** @type {'pass' | 'fail' | null} */ (null),
    final: n >= last,
    values: values.map((v) => round(v, 4)),
  };
  if (!plan.looks.includes(n) && n < last) return base;
  const a = plan.alpha / plan.looks.length;
  const iv = medianInterval(values, a);
  if (!iv) return base;
  base.interval = [round(iv.lo, 4), round(iv.hi, 4)];
  base.confidence = round(iv.confidence, 4);
  if (iv.lo > r.lo && iv.hi < r.hi) base.decided = 'pass';
  else if (iv.hi < r.lo || iv.lo > r.hi) base.decided = 'fail';
  return base;
}

/** Trials after which a channel whose every trial was void ends inconclusive. */
export const VOID_STOP = 3;

/**
 * Judge a structural channel from its per-trial checks.
 * @param {Check[]} checks
 * @param {StructuralPlan} plan
 */
export function judgeStructural(checks, plan) {
  const valid = checks.filter((c) => !c.invalid);
  const agree = valid.filter((c) => c.ok).length;
  const disagree = valid.length - agree;
  const voided = checks.length - valid.length;
  const cap = (plan.cap ?? plan.need + 2) + voided;
  /** @type {'pass' | 'fail' | null} */
  let decided = null;
  if (disagree === 0 && agree >= plan.need) decided = 'pass';
  else if (disagree >= Math.min(2, plan.need) && disagree >= agree) decided = 'fail';
  const details = [...new Set(checks.map((c) => c.detail))];
  const telling = checks.filter((c) => !c.ok).at(-1) ?? checks.at(-1);
  // Void trials extend the budget, but never past twice the usual cap.
  // Every one of the first VOID_STOP trials void: the control fails
  // systematically here, and more trials would only repeat it.
  const final = checks.length >= Math.min(cap, 2 * (plan.cap ?? plan.need + 2)) || (valid.length === 0 && voided >= VOID_STOP);
  return { decided, agree, disagree, voided, details, telling: telling?.detail ?? '', final };
}

/**
 * @typedef {object} Decision
 * @property {boolean} done
 * @property {'pass' | 'fail' | 'inconclusive'} [verdict]
 * @property {string} [reason]
 * @property {{ structural: ReturnType<typeof judgeStructural> | null, timing: ReturnType<typeof judgeTiming> | null }} evidence
 */

/**
 * Combine both channels after each trial. Structural evidence, where there is
 * any, decides the mechanism; timing must then agree or stay undecided. A
 * timing contradiction of sound structure is reported as inconclusive (the
 * machine's noise), never as a fail — unless the timing is decisive (the claim
 * is a throughput; the structure only validates the measurement): then its
 * fail is the verdict. Without structure, timing decides alone.
 * Under `quick`, sound structure ends the spec at once: the timing values so
 * far are shown, without an interval.
 * `voided` counts the trials whose timing value the plan's `void` dropped
 * (`voidReason`: the last such reason): they count as trials, not as values.
 * @param {{ checks?: Check[] | null, structural?: StructuralPlan | null, values?: number[] | null, timing?: TimingPlan | null, maxTrials: number, quick?: boolean, voided?: number, voidReason?: string }} input
 * @returns {Decision}
 */
export function decide({ checks = null, structural = null, values = null, timing = null, maxTrials, quick = false, voided = 0, voidReason = '' }) {
  const s = structural && checks ? judgeStructural(checks, structural) : null;
  const n = Math.max(checks?.length ?? 0, (values?.length ?? 0) + voided);
  // Beside sound structure, timing is judged once BESIDE_N trials have run,
  // with an interval if as many gave a timing value (void ones give none).
  const beside = s?.decided === 'pass' && Boolean(timing) && !timing?.decisive && n >= BESIDE_N;
  const glance = beside && timing && values && values.length >= BESIDE_N ? judgeTiming(values, { ...timing, looks: [values.length], alpha: BESIDE_ALPHA }) : null;
  // A glance that contradicts the structure is only a suspicion: the timing
  // goes on to its own looks, and only a contradiction there (at the full
  // error budget) makes the verdict inconclusive.
  const suspicious = glance?.decided === 'fail';
  const judged = glance && !suspicious ? glance : timing && values ? judgeTiming(values, timing) : null;
  const t = judged ? { ...judged, ...(voided ? { voided } : {}), decisive_: Boolean(timing?.decisive) } : null;
  const evidence = { structural: s, timing: t };
  const out = n >= maxTrials;
  const sText = s ? `${s.telling} (${s.agree}/${s.agree + s.disagree} trials as expected${s.voided ? `, ${s.voided} void: control failed` : ''})` : '';
  const tText = t ? timingText(t) : '';

  if (s) {
    if (s.decided === 'fail') return { done: true, verdict: 'fail', reason: join(sText, tText), evidence };
    if (s.decided === 'pass') {
      if (!t || t.decided === 'pass') return { done: true, verdict: 'pass', reason: join(sText, tText), evidence };
      // Decisive timing is the claim itself (a throughput): sound structure
      // only says the measurement was valid, so its fail is the claim's fail.
      if (t.decided === 'fail' && t.decisive_) return { done: true, verdict: 'fail', reason: join(sText, tText), evidence };
      if (t.decided === 'fail') {
        return { done: true, verdict: 'inconclusive', reason: `structure as expected but timing contradicts it (machine noise?): ${join(sText, tText)}`, evidence };
      }
      if (t.decisive_ && (t.final || out)) {
        return { done: true, verdict: 'inconclusive', reason: `too noisy to decide: ${join(sText, tText)}`, evidence };
      }
      // Decisive timing fed by fewer than half the trials (the others void):
      // the machine fails the control too often to reach a decision in budget.
      if (t.decisive_ && s.voided > 0 && n >= BESIDE_N && 2 * s.voided > n) {
        return { done: true, verdict: 'inconclusive', reason: `${s.voided} of ${n} trials void: ${join(sText, tText)}`, evidence };
      }
      if (!t.decisive_ && (quick || (beside && !suspicious) || t.interval !== null || t.final || out)) {
        return { done: true, verdict: 'pass', reason: join(sText, `${tText}; decided structurally`), evidence };
      }
      return { done: false, evidence };
    }
    if (s.final || out) {
      const why = s.voided > 0 && s.agree + s.disagree < structural.need ? `${s.voided} of ${s.voided + s.agree + s.disagree} trials void` : 'structural evidence mixed';
      return { done: true, verdict: 'inconclusive', reason: `${why}: ${sText}`, evidence };
    }
    return { done: false, evidence };
  }
  if (t) {
    const vText = voided ? `; ${voided} of ${n} trials void (${voidReason})` : '';
    if (t.decided) return { done: true, verdict: t.decided, reason: tText + vText, evidence };
    // Every one of the first VOID_STOP trials void: the machine is busy now,
    // and more trials would only measure its load.
    if (values?.length === 0 && voided >= VOID_STOP) return { done: true, verdict: 'inconclusive', reason: `${voided} of ${n} trials void: ${voidReason}`, evidence };
    if (t.final || out) return { done: true, verdict: 'inconclusive', reason: `too noisy to decide: ${tText}${vText}`, evidence };
    return { done: false, evidence };
  }
  return { done: true, verdict: 'inconclusive', reason: 'no evidence channel available', evidence };
}

/** @param {ReturnType<typeof judgeTiming>} t */
export function timingText(t) {
  const pred = Object.entries(t.predicted.alternatives).map(([k, v]) => `${k} → ${v}`).join(', ');
  const iv = t.interval ? ` ${percent(t.confidence ?? 0)} CI [${t.interval[0]}, ${t.interval[1]}]` : ' (no interval yet)';
  const verdictWord = t.decided === 'pass' ? 'as predicted' : t.decided === 'fail' ? 'contradicts' : 'undecided';
  return `timing ${t.statistic} median ${t.median}${iv} vs region ${t.region} (model ${t.predicted.claim}${pred ? `; ${pred}` : ''}), n=${t.n}: ${verdictWord}`;
}

/** @param {...string} parts */
function join(...parts) {
  return parts.filter(Boolean).join('; ');
}

/**
 * @template T, U
 * @param {Record<string, T>} obj @param {(v: T) => U} fn
 * @returns {Record<string, U>}
 */
function mapValues(obj, fn) {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, fn(v)]));
}

/** Confidence as a percentage that never rounds up to 100%. @param {number} c */
export function percent(c) {
  const p = Math.floor(c * 1000) / 10;
  return `${p % 1 === 0 ? p.toFixed(0) : p.toFixed(1)}%`;
}
