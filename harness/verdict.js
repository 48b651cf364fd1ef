// @ts-check
// Verdicts: from an expectation and the samples so far to pass / fail /
// inconclusive, with the evidence. Pure: the runner feeds it one trial at a time.
import { median, medianInterval, earlyInterval, smallestDecidableN, round, binomCdf } from './stats.js';

/**
 * @typedef {{ name: string, ok: boolean, detail: string }} Part  one named assertion of the claim, as one trial read it
 * @typedef {{ ok: boolean, detail: string, invalid?: boolean, contested?: boolean, marginal?: boolean, timingVoid?: boolean, voidReason?: string, structureStands?: { why: string, busy?: string | null }, parts?: Part[] }} Check  invalid: the trial's own control failed, so it counts neither way; contested (with invalid): the trial's best reading is against the claim but the machine's noise could explain it, so it cannot fail the claim and holds back a pass (its parts that are not ok hold back theirs); marginal (with a trial against or contested): its only reading against the claim is one an honest trial gives now and then on this kind of host (pool.js MARGINAL_CPU; pool.webcrypto's COPY_DRIFT), which enough agreeing trials outweigh (MARGINAL_ODDS); timingVoid: the structure counts but the trial gives no timing value (voidReason: why); structureStands (with invalid): void only for a plan whose judged timing assumes one speed, the structure sound (why: the speeds read explain the trial's CPU; busy: other processes' load, where it spoiled the timing too): a plan whose timing is not judged, or holds at unequal speeds, counts it (pool.js countWhereSpeedsExplain); parts: the claim's assertions this check tests, each on its own (ok is all of them)
 * @typedef {object} StructuralPlan   a per-trial, timing-free check
 * @property {number} need            agreeing trials needed (exact probes: 1-2, thread accounting: 3)
 * @property {number} [cap]           trials after which an undecided channel is inconclusive
 * @property {string} [asserts]       what the claim asserts that this check tests, in the claim's terms (when its checks have no parts)
 * @typedef {object} TimingPlan       a statistic judged against the model's prediction
 * @property {string} statistic       short name, e.g. 'L'
 * @property {string} description
 * @property {string} [asserts]       what the claim asserts that this statistic tests, in the claim's terms
 * @property {number} claim           the statistic the model predicts if the claim holds
 * @property {Record<string, number>} alternatives  nearest wrong alternatives (label -> predicted value)
 * @property {number} [toward]        where the boundary sits, from claim (0) to alternative (1); default 0.5
 * @property {readonly number[]} looks  trial counts at which the interval is computed (TIMING_LOOKS)
 * @property {number} alpha           error budget for a false fail, split over the looks
 * @property {number} [early]         the early look's tail level (lookLevels), where not EARLY_SHARE of alpha
 * @property {boolean} [decisive]     the timing is the claim (throughput): structure alone never passes it
 * @property {{ looks: readonly number[], alpha: number, early?: number }} [quick]  a decisive statistic's --quick
 *                                    budget (its looks, error budget and early level then); without one, --quick
 *                                    does not run the claim
 * @property {string} [reportOnly]    why this statistic cannot tell the claim from its alternatives on this
 *                                    machine: its values are shown but not judged, and the structure decides
 * @property {(obs: any) => string | null | undefined} [void]  why a trial gives no timing value (the machine's other load spoiled it), or null; void trials extend the trial budget up to twice
 * @property {(TimingPlan & { value: (obs: any) => number })[]} [also]  further statistics of the claim, read from the same trials (whose
 *                                    void they share) and each judged on its own, by the same rule, as
 *                                    an assertion of its own: e.g. the same ratio under a second load.
 *                                    Each has its own claim, alternatives, toward, looks and alpha, and
 *                                    may be `reportOnly` (shown, not judged); the first statistic's
 *                                    `void` and `decisive` serve them all
 */

/**
 * The first trial count from which a timing channel whose trials keep being
 * voided gives up (more than half void): the machine's load (or a
 * throughput block's failing control) leaves too few values to decide within
 * the budget.
 */
export const VOID_SHARE_N = 6;

/**
 * The looks of a timing channel in the full run: 5, 9, 15 and 21 trials.
 * 9 is the fewest at which a distribution-free interval of the median exists
 * at the later looks' tail level (2⁻⁹ ≈ 0.002; 2⁻⁸ ≈ 0.004 is more), so the
 * look at 5 takes the t-interval of the mean (stats.js earlyInterval) at a
 * tenth of the budget (lookLevels). That look is parametric: 0.001 where the
 * noise is near normal, at most 2⁻⁵ whatever it is. Most claims' statistics
 * lie far from their boundaries, and on this VM's noise the look at 5
 * decides them: 5.3 trials instead of 9.0 on average in the simulator, and
 * 84 s instead of 127 s for the full suite. Where a statistic sits near its
 * boundary under a busy host's noise the simulator's worst claim false-fails
 * in 0.3% of runs (0% with no early look); the budget split evenly over four
 * looks gave 1.5%, past the 0.5% target (BENCHMARKS.md §16).
 * Distribution-free first looks at 7 or 8 were measured and not kept
 * either (1.3% and 0.3%; §15).
 */
export const TIMING_LOOKS = Object.freeze([5, 9, 15, 21]);

/** The share of a timing channel's alpha spent at an early look (one made before a distribution-free interval exists). */
export const EARLY_SHARE = 0.1;

/**
 * The tail level of each look of a timing plan. Where the plan has several
 * looks and its first comes before a distribution-free interval of the
 * median exists at an even split of alpha, that first look is an early look:
 * it takes EARLY_SHARE of alpha, and the later looks share the rest evenly
 * (at 0.01 over 5, 9, 15, 21: 0.001, then 0.003 each, which gives 9, 15 and
 * 21 the ranks of alpha / 3: 1, 2 and 4). Otherwise alpha is split evenly
 * and there is no early look (a single look never has one: it would rest
 * on the t-test alone). A plan may set its early look's level (`early`):
 * the later looks then share the rest of alpha (--quick's throughput
 * budget, whose look at 5 is the full run's first: abba.js QUICK_BLOCKS).
 * @param {{ looks: readonly number[], alpha: number, early?: number }} plan
 * @returns {{ early: number | null, later: number }}
 */
export function lookLevels({ looks, alpha, early }) {
  const even = alpha / looks.length;
  if (looks.length < 2 || looks[0] >= smallestDecidableN(even)) return { early: null, later: even };
  if (early === undefined)
    return { early: alpha * EARLY_SHARE, later: (alpha * (1 - EARLY_SHARE)) / (looks.length - 1) };
  return { early, later: (alpha - early) / (looks.length - 1) };
}

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
 * Judge a timing channel after n = values.length trials: at each of the
 * plan's looks, and at the end of the claim's budget even where that falls
 * between looks (void trials count against the budget but give no value, so
 * the values may stop short of the last look): the last interval is then
 * taken on what was gathered, never skipped. It takes the place of the looks
 * not reached, so the error budget is spent over no more looks than planned.
 * @param {number[]} values
 * @param {TimingPlan} plan
 * @param {{ budgetSpent?: boolean }} [o]
 */
export function judgeTiming(values, plan, { budgetSpent = false } = {}) {
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
    /** which interval: the median's by order statistics, or the early look's t-interval of the mean widened to every value */
    intervalOf: /** @type {'median' | 'mean' | undefined} */ (undefined),
    boundary: Number.isFinite(r.lo) ? round(r.lo, 4) : round(r.hi, 4),
    region: describeRegion(r),
    predicted: { claim: round(plan.claim, 4), alternatives: mapValues(plan.alternatives, (v) => round(v, 4)) },
    decided: /** @type {'pass' | 'fail' | null} */ (null),
    final: n >= last,
    values: values.map((v) => round(v, 4)),
  };
  if (!plan.looks.includes(n) && n < last && !budgetSpent) return base;
  const { early, later } = lookLevels(plan);
  // Too few values for the median's interval (the early look, or a budget
  // spent on void trials before 9 values): the guarded t-interval of the
  // mean, at the early look's level, where the plan has one, and never on
  // fewer values than the early look's.
  const ofMedian = medianInterval(values, later);
  const iv = ofMedian ?? (early !== null && n >= plan.looks[0] ? earlyInterval(values, early) : null);
  if (!iv) return base;
  base.interval = [round(iv.lo, 4), round(iv.hi, 4)];
  base.confidence = round(iv.confidence, 4);
  base.intervalOf = ofMedian ? 'median' : 'mean';
  if (iv.lo > r.lo && iv.hi < r.hi) base.decided = 'pass';
  else if (iv.hi < r.lo || iv.lo > r.hi) base.decided = 'fail';
  return base;
}

/**
 * A check made of a claim's named assertions (parts): ok where every part
 * is; its detail leads with the parts that failed beyond the first (the
 * trial's own text, `text`, already tells the first), then that text.
 * @param {Part[]} parts @param {string} text
 * @returns {Check}
 */
export function checkOfParts(parts, text) {
  const failed = parts.filter((p, i) => i > 0 && !p.ok);
  return { ok: parts.every((p) => p.ok), detail: `${failed.map((p) => `${p.detail}: `).join('')}${text}`, parts };
}

/** Trials after which a channel whose every trial was void ends inconclusive. */
export const VOID_STOP = 3;

/**
 * How a void trial's reason begins where other processes' load voided it
 * (kits/workers.js busyReason, kits/abba.js). Such load tends to stay: a
 * claim that it voided does not sit again (engine.js), where one the host's
 * speed switches voided does (BENCHMARKS.md §23).
 */
export const MACHINE_BUSY = 'machine busy';

/**
 * What a claim's earlier sittings left (engine.js): how many of its checks
 * and timing values are theirs, and how many trials and timing-void trials
 * they ran.
 * @typedef {{ checks: number, values: number, trials: number, voided: number }} Sitting
 */
/** @type {Sitting} a claim's first sitting has none before it */
export const NO_SITTING = Object.freeze({ checks: 0, values: 0, trials: 0, voided: 0 });

/**
 * Judge a structural channel from its per-trial checks.
 * @param {Check[]} checks  every trial's, in order, from every sitting
 * @param {StructuralPlan} plan
 * @param {number} [from]  where this sitting's checks begin (engine.js's
 *   second sitting): the evidence is every check, the budget this sitting's
 */
export function judgeStructural(checks, plan, from = 0) {
  const valid = checks.filter((c) => !c.invalid);
  const counts = countsOf(checks);
  const { agree, disagree, voided, contested, marginal } = counts;
  const contestedChecks = checks.filter((c) => c.invalid && c.contested);
  const usualFinal = usualBudgetSpent(checks, plan, from);
  // Where the usual budget ended with every trial against marginal, the
  // channel waits for the agreeing trials that can outweigh them
  // (outweighing); a further trial against there ends it as the usual
  // budget would have, undecided: the wait never fails a claim (a third
  // trial against in it would fail true claims the usual budget leaves
  // inconclusive).
  const waitFrom = outweighWaitStart(checks, plan, from);
  const againstInWait = waitFrom !== null && checks.slice(waitFrom).some(isAgainst);
  const judged = againstInWait ? checks.slice(0, /** @type {number} */ (waitFrom)) : checks;
  const decided = countRule(againstInWait ? countsOf(judged) : counts, plan);
  // Void trials in the wait extend it, as they extend the usual budget, up to
  // twice its length: the wait ends on the trials that count.
  const voidInWait = waitFrom === null ? 0 : checks.slice(waitFrom).filter((c) => c.invalid).length;
  const waitEnds = outweighable(counts) ? outweighing(marginal) + marginal : 0;
  const final =
    againstInWait ||
    (usualFinal && (waitFrom === null || checks.length >= Math.min(waitEnds + voidInWait, 2 * waitEnds)));
  const details = [...new Set(checks.map((c) => c.detail))];
  // The telling trial: the last valid one that disagreed; else the last
  // contested one; else, where void trials outnumber the agreeing ones, the
  // last void one (it says why they were void); else the last valid one.
  const telling =
    valid.filter((c) => !c.ok).at(-1) ??
    contestedChecks.at(-1) ??
    (voided > agree ? checks.filter((c) => c.invalid).at(-1) : valid.at(-1)) ??
    checks.at(-1);
  const outweighed = decided === 'pass' && marginal > 0;
  const judgedValid = judged.filter((c) => !c.invalid);
  return {
    decided,
    agree,
    disagree,
    voided,
    voidedHere: checks.slice(from).filter((c) => c.invalid).length,
    ...(contested ? { contested } : {}),
    ...(marginal ? { marginal } : {}),
    details,
    parts: judgeParts(
      judgedValid,
      plan,
      judged.filter((c) => c.invalid && c.contested),
      judged.length - judgedValid.length,
    ),
    // a pass that outweighed marginal trials is told by a trial that agreed, the marginal ones beside it
    telling: (outweighed ? valid.filter((c) => c.ok).at(-1) : telling)?.detail ?? '',
    ...(outweighed ? { outweighed: marginalText(checks, marginal, agree) } : {}),
    final,
  };
}

/** A trial against the claim: it disagreed, or it is contested. @param {Check} c */
function isAgainst(c) {
  return !c.ok && (!c.invalid || Boolean(c.contested));
}

/**
 * A channel's trial counts (judgeStructural's, countRule's).
 * @param {Check[]} checks
 */
function countsOf(checks) {
  const valid = checks.filter((c) => !c.invalid);
  const agree = valid.filter((c) => c.ok).length;
  return {
    agree,
    disagree: valid.length - agree,
    contested: checks.filter((c) => c.invalid && c.contested).length,
    voided: checks.length - valid.length,
    marginal: checks.filter((c) => c.marginal && !c.ok).length,
  };
}

/**
 * Whether a sitting's usual budget is spent after these checks (every
 * sitting's; `from`: where this sitting's begin): `cap` checks (default
 * need + 2), extended by one for each void trial and each disagreeing one
 * (mixed evidence gets the trials that tell a mechanism breaking some of
 * them, FAIL_ANY, from a host's slow phase), never past twice the usual
 * cap; or VOID_STOP checks where every one was void (the control fails
 * systematically here, and more trials would only repeat it).
 * @param {Check[]} checks @param {StructuralPlan} plan @param {number} from
 */
function usualBudgetSpent(checks, plan, from) {
  const usual = plan.cap ?? plan.need + 2;
  const sitting = checks.slice(from);
  const voidedHere = sitting.filter((c) => c.invalid).length;
  const disagreeHere = sitting.filter((c) => !c.invalid && !c.ok).length;
  const cap = usual + voidedHere + disagreeHere;
  const valid = checks.length - checks.filter((c) => c.invalid).length;
  return sitting.length >= Math.min(cap, 2 * usual) || (valid === 0 && voidedHere >= VOID_STOP);
}

/**
 * Where a sitting's wait for agreeing trials began, as a count of checks, or
 * null: the first point at which its usual budget was spent
 * (usualBudgetSpent, read after each trial) with the claim undecided by the
 * rule without marginal trials, and every trial against it marginal.
 * @param {Check[]} checks  every sitting's @param {StructuralPlan} plan @param {number} from  where this sitting's begin
 * @returns {number | null}
 */
function outweighWaitStart(checks, plan, from) {
  for (let n = from + 1; n <= checks.length; n++) {
    const upTo = checks.slice(0, n);
    if (!usualBudgetSpent(upTo, plan, from)) continue;
    const counts = countsOf(upTo);
    if (countRule({ ...counts, marginal: 0 }, plan) === null && outweighable(counts)) return n;
  }
  return null;
}

/**
 * Disagreeing trials that fail a claim however many agreed or were void. A
 * mechanism that breaks only some trials (a limiter engaged in every other
 * batch) is as false a claim as one that breaks them all, and the majority
 * alone would leave it split. No honest claim-run of 2 245 in five
 * conditions, quiet to two busy loops and a 1-CPU quota, had more than two
 * (BENCHMARKS.md §24): a host's slow phase spoils one trial or two in a
 * row (one of 460 in a stretch where the host switched a vCPU's speed
 * faster than a batch's speed readers sample had three: §32). So two
 * against are never a fail where a claim needs more than one trial, even
 * where they outnumber those for: a true batch claim read 1 for and 2
 * against in its first three trials, and failed so (§32).
 */
export const FAIL_ANY = 3;

/**
 * The odds, on a mechanism that breaks every other trial, of so few marginal
 * trials against the claim among so many agreeing: at most this. Honest
 * batch trials read against by the CPU rule in 2–6% of trials per claim on
 * this VM, most of them marginal (pool.js MARGINAL_CPU; BENCHMARKS.md §32,
 * §36), so one or two among many agreeing are the host's noise; a mechanism
 * in every other batch reads against in half of them (the sabotages that
 * waste CPU read so in 18 of their 18 trials: §32), and it gives one in 11
 * trials or two in 14 with odds under 1% (the binomial at one half). A
 * mechanism in fewer batches than that, each reading marginal, is not told
 * from the host's noise by these counts (INTERPRETING.md).
 */
export const MARGINAL_ODDS = 0.01;

/**
 * Agreeing trials that outweigh `m` marginal trials against: the fewest
 * with which a mechanism breaking half the trials gives at most m against
 * in m + agreeing trials with odds under MARGINAL_ODDS (10 for one, 12 for
 * two).
 * @param {number} m
 */
export function outweighing(m) {
  let n = m + 1;
  while (binomCdf(m, n, 0.5) > MARGINAL_ODDS) n++;
  return n - m;
}

/**
 * Whether a channel's trials against can be outweighed: one or two, every
 * one of them marginal (at FAIL_ANY the claim fails whatever they read).
 * @param {{ disagree: number, contested: number, marginal?: number }} counts
 */
function outweighable({ disagree, contested, marginal = 0 }) {
  return marginal > 0 && marginal < FAIL_ANY && marginal === disagree + contested;
}

/**
 * What a pass that outweighed marginal trials says of them: how many, what
 * the last read, and what outweighed them.
 * @param {Check[]} checks @param {number} marginal @param {number} agree
 */
function marginalText(checks, marginal, agree) {
  const last = checks.filter((c) => c.marginal && !c.ok).at(-1);
  const what = last?.detail.split(': ')[0] ?? '';
  return `${marginal} marginal trial${marginal > 1 ? 's' : ''} against (${what}) outweighed by ${agree} agreeing: a mechanism in every other trial gives so few with odds under ${MARGINAL_ODDS * 100}%`;
}

/**
 * The structural rule over a channel's (or one assertion's) trial counts:
 * pass on `need` agreeing with none disagreeing or contested, or where every
 * trial against is marginal, one or two, on the agreeing trials that
 * outweigh them (outweighing); fail on
 * FAIL_ANY disagreeing, and where one trial decides (need 1) on one that
 * outnumbers those agreeing, where void trials do not outnumber the valid
 * ones (a 1-CPU quota's void trials rest on the readings the trials
 * against do: §24). Disagreeing trials extend the budget (judgeStructural)
 * and the trials that follow decide; a claim with any trial against it
 * that is not marginal never passes.
 * @param {{ agree: number, disagree: number, contested: number, voided: number, marginal?: number }} counts
 * @param {StructuralPlan} plan
 * @returns {'pass' | 'fail' | null}
 */
function countRule({ agree, disagree, contested, voided, marginal = 0 }, plan) {
  if (disagree === 0 && contested === 0 && agree >= plan.need) return 'pass';
  if (disagree >= FAIL_ANY) return 'fail';
  if (outweighable({ disagree, contested, marginal }) && agree >= Math.max(plan.need, outweighing(marginal)))
    return 'pass';
  const oneDecides = plan.need <= 1 && disagree > agree;
  if (oneDecides && voided <= agree + disagree) return 'fail';
  return null;
}

/**
 * Each named assertion of a structural channel on its own, by the channel's
 * rule: its trials agree or disagree, and it is decided as the channel is. A
 * contested trial's parts that are not ok hold back their pass.
 * @param {Check[]} valid  the channel's valid checks
 * @param {StructuralPlan} plan
 * @param {Check[]} [contestedChecks]  the channel's contested checks
 * @param {number} [voided]  the channel's void trials
 * @returns {{ name: string, decided: 'pass' | 'fail' | null, agree: number, disagree: number, contested?: number, detail: string }[]}
 */
function judgeParts(valid, plan, contestedChecks = [], voided = 0) {
  /** @type {Map<string, { name: string, agree: number, disagree: number, contested: number, marginal: number, detail: string, failed: string }>} */
  const byName = new Map();
  const tally = (/** @type {Part} */ p) =>
    byName.get(p.name) ?? { name: p.name, agree: 0, disagree: 0, contested: 0, marginal: 0, detail: '', failed: '' };
  for (const c of valid)
    for (const p of c.parts ?? []) {
      const t = tally(p);
      if (p.ok) t.agree++;
      else [t.disagree, t.failed, t.marginal] = [t.disagree + 1, p.detail, t.marginal + (c.marginal ? 1 : 0)];
      t.detail = p.detail;
      byName.set(p.name, t);
    }
  for (const c of contestedChecks)
    for (const p of c.parts ?? [])
      if (!p.ok) {
        const t = tally(p);
        [t.contested, t.failed, t.marginal] = [
          t.contested + 1,
          t.failed || p.detail,
          t.marginal + (c.marginal ? 1 : 0),
        ];
        byName.set(p.name, t);
      }
  return [...byName.values()].map(({ name, agree, disagree, contested, marginal, detail, failed }) => {
    const decided = countRule({ agree, disagree, contested, voided, marginal }, plan);
    // a pass that outweighed marginal trials shows an agreeing reading, and the marginal one beside it
    const shown =
      decided === 'pass' && marginal
        ? `${detail} (${marginal} marginal trial${marginal > 1 ? 's' : ''} against, outweighed: ${failed})`
        : failed || detail; // a disagreeing (else contested) reading is the telling one
    return {
      name,
      decided,
      agree,
      disagree,
      ...(contested ? { contested } : {}),
      ...(marginal ? { marginal } : {}),
      detail: shown,
    };
  });
}

/**
 * The claim's assertions, each with the channel that measures it and its own
 * decision: the structural check's named parts (or the structure as one,
 * named by the plan), then the timing statistic. A statistic reported, not
 * judged, asserts nothing.
 * @param {ReturnType<typeof judgeStructural> | null} s @param {StructuralPlan | null} structural
 * @param {(ReturnType<typeof judgeTiming> & { voided?: number }) | null} t @param {TimingPlan | null} timing
 * @param {string | null} reportOnly
 * @param {ReturnType<typeof judgeTiming>[]} [extra]  the plan's `also` statistics, judged
 */
function assertionsOf(s, structural, t, timing, reportOnly, extra = []) {
  /** @type {{ name: string, channel: 'structural' | 'timing', decided: 'pass' | 'fail' | null, detail: string, agree?: number, disagree?: number, timing?: Omit<ReturnType<typeof judgeTiming>, 'final'> | null }[]} */
  const out = [];
  if (s && structural) {
    if (s.parts.length) for (const p of s.parts) out.push({ ...p, channel: 'structural' });
    else
      out.push({
        name: structural.asserts ?? 'the structure the model predicts',
        channel: 'structural',
        decided: s.decided,
        agree: s.agree,
        disagree: s.disagree,
        detail: s.telling,
      });
  }
  if (t && timing && !reportOnly)
    out.push({
      name: timing.asserts ?? timing.description,
      channel: 'timing',
      decided: t.decided,
      detail: timingText(t),
    });
  if (!reportOnly)
    for (const [i, e] of extra.entries()) {
      const p = /** @type {TimingPlan[]} */ (timing?.also)[i];
      out.push({
        name: p.asserts ?? p.description,
        channel: 'timing',
        decided: p.reportOnly ? null : e.decided,
        detail: p.reportOnly ? `reported, not judged (${p.reportOnly}): ${reportedText(e)}` : timingText(e),
        timing: publicTiming(e), // its values and interval: the record's `timing` is the first statistic's
      });
    }
  return out;
}

/**
 * @typedef {object} Decision
 * @property {boolean} done
 * @property {'pass' | 'fail' | 'inconclusive'} [verdict]
 * @property {string} [reason]
 * @property {boolean} [spoiled]  an inconclusive that void trials ended (the machine's load, not the
 *   evidence): the engine may resume the claim once, later in the run, its evidence kept (engine.js)
 * @property {{ structural: Omit<ReturnType<typeof judgeStructural>, 'telling' | 'final' | 'parts' | 'voidedHere'> | null, timing: Omit<ReturnType<typeof judgeTiming>, 'final'> | null, assertions: ReturnType<typeof assertionsOf> }} evidence
 *   what the record shows; the judgement's bookkeeping stays internal
 */

/**
 * Combine the channels after each trial. Each channel tests its own part of
 * the claim (structure: what ran and how many at once; timing: the ratio the
 * claim's words are about), and one rule serves both, leaning neither way:
 * - a decisive contradiction of either (at its full error budget) is a fail,
 *   whatever the other said;
 * - a pass needs every channel to support the claim;
 * - an inconclusive is a channel still undecided when its budget is spent.
 * A plan whose timing cannot tell the claim from its alternatives on this
 * machine says so and leaves that part to the structure (its region is then
 * unbounded and passes at its first look).
 * Under `quick`, sound structure ends the claim at once (the timing values so
 * far are shown, without an interval): --quick's stated budget.
 * `voided` counts the trials whose timing value the plan's `void` dropped
 * (`voidReason`: the last such reason): they count as trials, not as values.
 * `before` is what earlier sittings left (engine.js: a claim that void
 * trials ended sits again later): how many of the checks and values are
 * theirs, and their trials and timing-void trials. Their evidence counts;
 * the budget and the void rules are this sitting's; the counts shown are
 * every sitting's.
 * The plan's `also` statistics (alsoValues[i]: the values of also[i]) are
 * parts of the timing channel, each an assertion judged as the first one is:
 * any decisive contradiction fails the claim, a pass needs every one.
 * @param {{ checks?: Check[] | null, structural?: StructuralPlan | null, values?: number[] | null, alsoValues?: number[][] | null, timing?: TimingPlan | null, maxTrials: number, quick?: boolean, voided?: number, voidReason?: string, before?: Sitting }} input
 * @returns {Decision}
 */
export function decide({
  checks = null,
  structural = null,
  values = null,
  alsoValues = null,
  timing = null,
  maxTrials,
  quick = false,
  voided = 0,
  voidReason = '',
  before = NO_SITTING,
}) {
  const s = structural && checks ? judgeStructural(checks, structural, before.checks) : null;
  // this sitting's trials (the budget's), and every sitting's (shown)
  const n = Math.max((checks?.length ?? 0) - before.checks, (values?.length ?? 0) - before.values + voided);
  const out = n >= maxTrials;
  const trials = n + before.trials;
  const voidedShown = voided + before.voided;
  const judged = timing && values ? judgeTiming(values, timing, { budgetSpent: out }) : null;
  const t = judged ? { ...judged, ...(voidedShown ? { voided: voidedShown } : {}) } : null;
  const extra =
    t && timing?.also ? timing.also.map((p, i) => judgeTiming(alsoValues?.[i] ?? [], p, { budgetSpent: out })) : [];
  // A further statistic reported, not judged, neither fails nor holds back a pass.
  const judgedExtra = extra.filter((_, i) => !timing?.also?.[i].reportOnly);
  const extraFailed = judgedExtra.find((e) => e.decided === 'fail');
  const extraPass = judgedExtra.every((e) => e.decided === 'pass');
  const decisive = Boolean(timing?.decisive);
  // Beside structure, a plan may say its timing cannot separate the claim
  // here: the values are shown, the structure decides.
  const reportOnly = s && timing?.reportOnly ? timing.reportOnly : null;
  const evidence = {
    structural: publicStructural(s),
    timing: publicTiming(t),
    assertions: assertionsOf(s, structural, t, timing, reportOnly, extra),
  };
  // a contested trial counts as void in the budget, but its control held: it is told apart
  const controlFailed = s ? s.voided - (s.contested ?? 0) : 0;
  const sText = s
    ? `${s.telling} (${s.agree}/${s.agree + s.disagree} trials as expected${controlFailed ? `, ${controlFailed} void: control failed` : ''}${s.contested ? `, ${s.contested} contested: against the claim within the machine's noise` : ''}${s.outweighed ? `; ${s.outweighed}` : ''})`
    : '';
  const vText = voidedShown ? `; ${voidedShown} of ${trials} trials void (${voidReason})` : '';
  const extraText = extra.map((e, i) =>
    timing?.also?.[i].reportOnly ? `${reportedText(e)} (reported, not judged)` : timingText(e),
  );
  const tText = t ? join(`${timingText(t)}${vText}`, ...extraText) : '';
  const end = (/** @type {'pass' | 'fail' | 'inconclusive'} */ verdict, /** @type {string} */ reason) => ({
    done: true,
    verdict,
    reason,
    evidence,
  });
  const spoiled = (/** @type {string} */ reason) => ({ ...end('inconclusive', reason), spoiled: true });
  // A decisive contradiction of any part of the claim is a fail.
  if (s?.decided === 'fail') return end('fail', join(sText, tText));
  if (t?.decided === 'fail' && !reportOnly) return end('fail', join(tText, sText && `structure: ${sText}`));
  if (extraFailed && !reportOnly) {
    const rest = [
      `${timingText(/** @type {any} */ (t))}${vText}`,
      ...extra.filter((e) => e !== extraFailed).map(timingText),
    ];
    return end('fail', join(timingText(extraFailed), ...rest, sText && `structure: ${sText}`));
  }
  const structureHolds = !s || s.decided === 'pass';
  if (structureHolds && s && !t) return end('pass', sText);
  if (structureHolds && s && reportOnly)
    return end('pass', join(sText, `timing reported, not judged (${reportOnly}): ${tText}`));
  if (structureHolds && s && quick && !decisive)
    return end('pass', join(sText, `${tText}; decided structurally (--quick)`));
  if (structureHolds && t?.decided === 'pass' && extraPass) return end('pass', join(sText, tText));
  // Undecided: go on while the budget lasts.
  if (s && s.decided !== 'pass' && (s.final || out)) {
    const all = s.voided + s.agree + s.disagree;
    if (s.contested && s.disagree === 0)
      return end(
        'inconclusive',
        join(
          `${s.contested} of ${all} trials read against the claim within what the machine's noise explains: ${sText}`,
          tText,
        ),
      );
    if (s.voided > 0 && s.agree + s.disagree < /** @type {StructuralPlan} */ (structural).need)
      return spoiled(
        join(
          `${controlFailed ? `${controlFailed} of ${all} trials void${s.contested ? `, ${s.contested} contested` : ''}` : `${s.contested} of ${all} trials contested`}: ${sText}`,
          tText,
        ),
      );
    return end('inconclusive', join(`structural evidence mixed: ${sText}`, tText));
  }
  if (t && !reportOnly) {
    // Every one of the first VOID_STOP trials void: the machine is busy now,
    // and more trials would only measure its load.
    if (values?.length === 0 && voided >= VOID_STOP)
      return spoiled(join(`${voidedShown} of ${trials} trials void: ${voidReason}`, sText));
    // A timing channel fed by fewer than half the trials (the machine's load
    // voiding its values, or a throughput's control failing) cannot reach a
    // decision in its budget: more trials would mostly measure the load.
    const lost = Math.max(voided, decisive && s ? s.voidedHere : 0);
    if (lost > 0 && n >= VOID_SHARE_N && 2 * lost > n) {
      const lostShown = Math.max(voidedShown, decisive && s ? s.voided : 0);
      return spoiled(
        `${lostShown} of ${trials} trials void: ${join(voided ? `${voidReason}; ${timingText(t)}` : tText, sText)}`,
      );
    }
    if (t.final || out) return end('inconclusive', `too noisy to decide: ${join(tText, sText)}`);
    return { done: false, evidence };
  }
  if (!s) return end('inconclusive', 'no evidence channel available');
  return { done: false, evidence };
}

/**
 * What the record shows of a structural judgement: its bookkeeping (the
 * telling detail, whether the budget is spent) stays inside decide().
 * @param {ReturnType<typeof judgeStructural> | null} s
 */
function publicStructural(s) {
  if (!s) return null;
  const { telling, final, parts, voidedHere, ...shown } = s; // parts: shown as the assertions; voidedHere: the budget's
  return shown;
}

/**
 * What the record shows of a timing judgement (without `final`).
 * @template {{ final: boolean }} T
 * @param {T | null} t
 * @returns {Omit<T, 'final'> | null}
 */
function publicTiming(t) {
  if (!t) return null;
  const { final, ...shown } = t;
  return shown;
}

/** @param {ReturnType<typeof judgeTiming>} t */
export function timingText(t) {
  const pred = Object.entries(t.predicted.alternatives)
    .map(([k, v]) => `${k} → ${v}`)
    .join(', ');
  const iv = t.interval
    ? ` ${percent(t.confidence ?? 0)} CI${t.intervalOf === 'mean' ? ' (t, of the mean, widened to every value)' : ''} [${t.interval[0]}, ${t.interval[1]}]`
    : ' (no interval yet)';
  const verdictWord = t.decided === 'pass' ? 'as predicted' : t.decided === 'fail' ? 'contradicts' : 'undecided';
  return `timing ${t.statistic} median ${t.median}${iv} vs region ${t.region} (model ${t.predicted.claim}${pred ? `; ${pred}` : ''}), n=${t.n}: ${verdictWord}`;
}

/**
 * A statistic reported, not judged: its values beside the model's, without
 * a region or a word on it, which would read as if they had decided.
 * @param {ReturnType<typeof judgeTiming>} t
 */
function reportedText(t) {
  const iv = t.interval ? ` ${percent(t.confidence ?? 0)} CI [${t.interval[0]}, ${t.interval[1]}]` : '';
  return `timing ${t.statistic} median ${t.median}${iv} (model ${t.predicted.claim}), n=${t.n}`;
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
