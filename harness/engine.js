// @ts-check
// The engine: one run as one stream of events, produced here and nowhere
// else. run() yields run:start, then per spec spec:start, spec:trial … and
// spec:end (its result, already marked where an expectation knows it), and
// last run:end with the finished record (whose exitCode is the run's). With
// `lanes` above 1 the timing-free claims run first, that many at once (and
// WAITING_PER_LANE times as many of those that mostly wait on a timer), their
// events still each claim's together (lanes.js); every other claim runs
// alone (it measures the machine). Each spec's trials go on until its
// verdict is decided. A spec that void trials
// ended (the machine's load) is deferred (spec:deferred) and sits a second
// time after the others, its evidence kept: its spec:start then says
// `resumed`, and its one spec:end comes then. The command line, judge,
// --verify and the benchmarks all consume this stream; they differ only in
// the machine and the launcher they hand it.
import { decide, lookLevels, MACHINE_BUSY, NO_SITTING } from './verdict.js';
import { unmetRequirement } from './spec.js';
import { specContext } from './context.js';
import { describeEnvironment } from './machine.js';
import { probeParallelism } from './profile.js';
import { buildRecord } from './record.js';
import { knownHere, whereFrom } from './expectations.js';
import { EndOfSamples } from './errors.js';
import { oneLine, reasonHead } from './text.js';
import { inOrder, laneKind, sideBySide, WAITING_PER_LANE } from './lanes.js';

/**
 * @typedef {import('./spec.js').Spec} Spec
 * @typedef {import('./context.js').Context} Context
 * @typedef {import('./machine.js').Machine} Machine
 * @typedef {import('./launcher.js').Launcher} Launcher
 *
 * @typedef {{ type: 'run:start', data: { startedAt: string, environment: object, profile: object | null, specs: { id: string, title: string }[] } }
 *   | { type: 'spec:start', data: { id: string, title: string, index: number, total: number, resumed?: boolean } }
 *   | { type: 'spec:deferred', data: { id: string, reason: string } }
 *   | { type: 'spec:trial', data: { id: string, trial: number, elapsedMs: number, note?: string } }
 *   | { type: 'spec:end', data: Result }
 *   | { type: 'run:end', data: ReturnType<typeof buildRecord> }} RunEvent
 *
 * @typedef {object} RunOptions
 * @property {string[]} [argv]        the command line, for the record
 * @property {string[]} [selection]   the ids or globs selected, for the record
 * @property {boolean} [strict]       an inconclusive verdict makes the exit code 3
 * @property {number} [lanes]         how many timing-free claims may run at once, at most the machine's
 *                                    cores, beside lanes × WAITING_PER_LANE that mostly wait (default 1:
 *                                    every claim alone, in the specs' order)
 * @property {AbortSignal} [signal]   stops the run; the record is still produced, marked interrupted
 * @property {() => number} [now]     a monotonic clock in ms (tests, replays)
 * @property {() => Date} [clock]     the wall clock, for the record's times
 * @property {Date} [startedAt]       when the run began, if before run() (the CLI: before probing the
 *                                    machine, so that the record's duration includes the profile)
 */

/**
 * Run specs on a machine through a launcher.
 * @param {{ specs: Spec[], machine: Machine, launcher: Launcher,
 *   expectations?: { file: string, entries: import('./expectations.js').Entry[] } | null, options?: RunOptions }} o
 * @returns {AsyncGenerator<RunEvent>}
 */
export async function* run({ specs, machine, launcher, expectations = null, options = {} }) {
  const {
    argv = [],
    selection = [],
    strict = false,
    lanes = 1,
    signal,
    now = () => performance.now(),
    clock = () => new Date(),
  } = options;
  const startedAt = options.startedAt ?? clock();
  // Never more working lanes than cores: on one core a second claim would only
  // take turns with the first, and their waits (a FIFO held, a worker forked)
  // would stretch for nothing. Claims that mostly wait take a fraction of a CPU
  // each: their lanes (WAITING_PER_LANE per working lane) are beside these.
  const width = Math.max(1, Math.floor(Math.min(lanes, machine.cores)) || 1);
  // The run's order: with lanes, the timing-free claims first (side by
  // side), then the others one by one; each keeps its index in the specs.
  const indexed = [...specs.entries()];
  // Those that mostly wait have lanes of their own (laneKind), so they start at once
  // wherever they stand in the order.
  const together = width > 1 ? indexed.filter(([, spec]) => sideBySide(spec)) : [];
  const alone = indexed.filter((entry) => !together.includes(entry));
  // The lanes that ran: 1 where no claim of the selection could run beside another.
  const environment = { ...describeEnvironment(machine), lanes: together.length ? width : 1 };
  const ctx = specContext(machine, launcher);
  const known = expectations ? knownHere(expectations.entries, whereFrom(environment, machine.profile)) : null;
  const list = specs.map(({ id, title }) => ({ id, title }));
  yield {
    type: 'run:start',
    data: { startedAt: startedAt.toISOString(), environment, profile: machine.profile, specs: list },
  };
  /** @type {Result[]} in the specs' order, whichever sitting decided them */
  const results = [];
  /** @type {{ index: number, spec: Spec, first: Result, carried: Carried }[]} claims that void trials ended, to resume */
  const deferred = [];
  const ended = (/** @type {number} */ index, /** @type {Result} */ result) => {
    const marked = known ? known.mark(result) : result;
    results[index] = marked;
    return /** @type {RunEvent} */ ({ type: 'spec:end', data: marked });
  };
  const last = [...together, ...alone].at(-1)?.[0];
  /**
   * One claim's first sitting, as events; `beside`: in a lane, beside others (the result says so).
   * @param {number} index @param {Spec} spec @param {boolean} beside @returns {AsyncGenerator<RunEvent>}
   */
  async function* sitting(index, spec, beside) {
    if (signal?.aborted) return;
    yield { type: 'spec:start', data: { id: spec.id, title: spec.title, index, total: specs.length } };
    const sat = yield* runSpec({ spec, ctx, launcher, signal, now });
    const { carried } = sat;
    /** @type {Result} */
    const result = beside ? { ...sat.result, sideBySide: /** @type {const} */ (true) } : sat.result;
    // Deferred only where other claims run after it: the wait is the point.
    if (carried && index !== last) {
      deferred.push({ index, spec, first: result, carried });
      yield { type: 'spec:deferred', data: { id: spec.id, reason: result.reason } };
    } else yield ended(index, result);
  }
  yield* inOrder(
    together.map(
      ([index, spec]) =>
        () =>
          sitting(index, spec, true),
    ),
    { works: width, waits: width * WAITING_PER_LANE },
    (i) => laneKind(together[i][1]),
  );
  for (const [index, spec] of alone) {
    if (signal?.aborted) break;
    yield* sitting(index, spec, false);
  }
  // Side by side, claims end in any order: their second sittings follow the specs'.
  deferred.sort((a, b) => a.index - b.index);
  // A second sitting for each claim that void trials ended: the machine's
  // load may have passed. Its evidence so far is kept, so the second sitting
  // can end it either way. One that does not start (the run stopped, or a
  // replayed record has no trials past the first sitting) keeps its first
  // result.
  for (const { index, spec, first, carried } of deferred) {
    if (signal?.aborted || launcher.hasTrial?.(spec, carried.samples.length + 1) === false) {
      yield ended(index, first);
      continue;
    }
    yield { type: 'spec:start', data: { id: spec.id, title: spec.title, index, total: specs.length, resumed: true } };
    if (signal?.aborted) {
      yield ended(index, first);
      continue;
    }
    const { result } = yield* runSpec({ spec, ctx, launcher, signal, now, carried });
    yield ended(index, first.sideBySide ? { ...result, sideBySide: /** @type {const} */ (true) } : result);
  }
  // Interrupted before its turn: a spec never started has no result.
  const finished = results.filter(Boolean);
  const record = buildRecord({
    startedAt,
    finishedAt: clock(),
    argv,
    selection,
    environment,
    profile: machine.profile,
    results: finished,
    interrupted: Boolean(signal?.aborted),
    strict,
    expectations: known && expectations && { file: expectations.file, unused: known.unused() },
  });
  yield { type: 'run:end', data: record };
}

/**
 * Run to the end and return the finished record, for callers that want the
 * outcome; `onEvent` sees every event on the way (the CLI's live reporters).
 * @param {Parameters<typeof run>[0]} o
 * @param {(event: RunEvent) => void} [onEvent]
 * @returns {Promise<ReturnType<typeof buildRecord>>}
 */
export async function runToRecord(o, onEvent = () => {}) {
  let record = null;
  for await (const event of run(o)) {
    onEvent(event);
    if (event.type === 'run:end') record = event.data;
  }
  return /** @type {NonNullable<typeof record>} */ (record);
}

/**
 * What a claim that void trials ended carries into its second sitting: its
 * samples (a replay reads them in order, so it sits twice alike), its checks
 * and timing values (the evidence, all of it), how many of each and of its
 * trials and timing-void trials the first sitting had (`before`: decide
 * counts the budget and the void rules from there, the evidence and the
 * counts shown over both), and the time and reason of its first sitting
 * and the reason its last void trial gave (shown with the void count).
 * @typedef {{ samples: any[], checks: import('./verdict.js').Check[] | null, values: number[] | null,
 *   alsoValues: number[][] | null, before: import('./verdict.js').Sitting, durationMs: number, firstReason: string,
 *   voidReason: string, parallelismNow?: ParallelismNow | null }} Carried
 *
 * The effective parallelism the run's profile read and the one read again at
 * a claim's start (plan.fromParallelism), null where none was read.
 * @typedef {{ profile: number | null, now: number | null }} ParallelismNow
 */

/**
 * One spec, from plan to verdict. Yields 'spec:trial' events; returns the
 * result, and where void trials ended the claim in its first sitting
 * (decide's `spoiled`) what a second sitting carries on with.
 * @param {{ spec: Spec, ctx: Context, launcher: Launcher, signal?: AbortSignal, now: () => number, carried?: Carried | null }} o
 * @returns {AsyncGenerator<RunEvent, { result: Result, carried?: Carried }>}
 */
export async function* runSpec({ spec, ctx, launcher, signal, now, carried = null }) {
  const t0 = now();
  /** @type {any[]} */
  const samples = [...(carried?.samples ?? [])];
  const secondNote = carried
    ? `; a second sitting, after the other claims: the first ended ${reasonHead(carried.firstReason)}`
    : '';
  const finish = (/** @type {Outcome} */ fields) => ({
    result: result(spec, {
      samples,
      durationMs: now() - t0 + (carried?.durationMs ?? 0),
      ...fields,
      reason: `${fields.reason}${secondNote}`,
    }),
  });
  const skip = unmetRequirement(spec, ctx);
  if (skip) return finish({ verdict: 'skip', reason: skip });
  /** @type {import('./spec.js').Plan} */
  let plan;
  /** @type {ParallelismNow | null} */
  let reread = null;
  try {
    plan = spec.plan(ctx);
    // A plan the run's profile left undecidable on the parallelism it read at
    // the run's start (plan.fromParallelism) is planned again on a reading
    // taken now, at the claim's own time: the host's CPUs come and go
    // (BENCHMARKS.md §51: a start read 1.07 of 2 CPUs whose blocks then had
    // both). Only there: a plan the profile made decidable is held to that
    // model, and its blocks read what their CPUs gave (abba.js). A second
    // sitting keeps its first sitting's reading, so that its evidence is
    // judged against one model.
    if (plan.timingUndecidable && plan.fromParallelism && !plan.skip && !plan.undecidable) {
      reread = carried?.parallelismNow ?? (await parallelismAtStart(spec, ctx, launcher));
      if (reread.now !== null) {
        ctx = withParallelism(ctx, reread.now);
        plan = spec.plan(ctx);
      }
    }
  } catch (err) {
    return finish({ verdict: 'error', reason: `plan failed: ${errText(err)}` });
  }
  const expectation = {
    summary: reread ? `${rereadText(reread)} ${plan.summary}` : plan.summary,
    model: plan.model ?? null,
    ...(reread ? { parallelismNow: reread } : {}),
  };
  const expected = plan.expected ?? spec.expected;
  if (plan.skip) return finish({ verdict: 'skip', reason: plan.skip, expectation, expected });
  // Not a skip: the claim applies here, but the machine cannot decide it.
  // A plan whose timing alone this machine cannot decide, without a
  // structural check to run instead, is as undecidable as a whole.
  const whole = plan.undecidable ?? (plan.structural ? null : plan.timingUndecidable);
  if (whole)
    return finish({
      verdict: 'inconclusive',
      reason: `cannot be decided here: ${whole}`,
      expectation,
      expected,
    });
  const structural = plan.structural ?? null;
  // A plan whose timing this machine cannot decide, but whose structure it
  // can (plan.timingUndecidable): the structure's trials run alone, up to
  // what a pass of it needs. A broken mechanism fails the claim whatever its
  // timing could have said; a sound one leaves it inconclusive, never a pass.
  const timingUndecidable = plan.timingUndecidable ?? null;
  // Under --quick a decisive timing channel is judged on its own quick
  // budget where the plan gives one (fewer trials and looks, a larger alpha:
  // stated in the reason), else not run.
  const planned = timingUndecidable ? null : (plan.timing ?? null);
  const quickBudget = ctx.quick && planned?.decisive ? (planned.quick ?? null) : null;
  const timing = planned && quickBudget ? withQuickBudget(planned, quickBudget) : planned;
  if (ctx.quick && timing?.decisive && !quickBudget) {
    const why = `decided by timing alone (${timing.statistic}), which needs at least ${timing.looks[0]} trials`;
    return finish({
      verdict: 'skip',
      reason: `not run with --quick: ${why}; run without --quick`,
      expectation,
      expected,
    });
  }
  const quickNote = quickBudget && planned ? quickBudgetText(quickBudget, planned) : '';
  const maxTrials =
    plan.maxTrials ??
    (timing
      ? timing.looks.at(-1)
      : timingUndecidable
        ? structural?.need
        : (structural?.cap ?? (structural?.need ?? 1) + 2));
  /** @type {import('./verdict.js').Check[] | null} */
  const checks = structural ? [...(carried?.checks ?? [])] : null;
  /** @type {number[] | null} */
  const values = timing ? [...(carried?.values ?? [])] : null;
  /** the values of the timing plan's further statistics (`also`), one list each */
  const alsoValues = timing?.also
    ? timing.also.map((_, i) => /** @type {number[]} */ ([...(carried?.alsoValues?.[i] ?? [])]))
    : null;
  // Trials whose timing value the plan's `void` dropped: they extend the
  // budget, but never past twice the usual cap.
  let voided = 0;
  // Trials whose control failed (the check's `invalid`: a throughput block
  // whose generator was the limit, a batch whose CPU read void): they give
  // the structure no evidence and the timing no value, so they extend the
  // budget alike (judgeStructural's cap counts them too).
  let spoiled = 0;
  // the last void trial's reason, the first sitting's until this one has its own
  let voidReason = carried?.voidReason ?? '';
  // Void trials that other processes' load voided (MACHINE_BUSY): where they
  // are most of a sitting's, the claim does not sit again.
  let busyVoids = 0;
  // Trials whose structure disagreed: mixed evidence extends the budget too,
  // so that a mechanism breaking some trials meets FAIL_ANY (verdict.js).
  let disagreed = 0;
  const cap = () =>
    /** @type {number} */ (maxTrials) + Math.min(voided + spoiled + disagreed, /** @type {number} */ (maxTrials));
  const before = carried?.before ?? NO_SITTING;
  const judge = () =>
    decide({
      checks,
      structural,
      values,
      alsoValues,
      timing,
      maxTrials: cap(),
      quick: ctx.quick,
      voided,
      voidReason,
      before,
    });
  let decision = judge();
  // What the trials kept running between them (a claim's servers) stops once
  // they are over, however they ended: decided, errored or interrupted.
  try {
    for (let n = 1; n <= cap(); n++) {
      const so = { expectation, expected, evidence: decision.evidence };
      if (signal?.aborted)
        return finish({ verdict: 'error', reason: `interrupted after ${samples.length} trials`, ...so });
      try {
        samples.push(await launcher.trial(plan, ctx, samples.length + 1, spec));
        const obs = samples.at(-1);
        const check = structural ? structural.check(obs) : null;
        if (check) checks?.push(check);
        if (check && !check.invalid && !check.ok) disagreed++;
        // A void trial (its control failed) gives no timing value either, nor
        // one whose timing the machine's other load spoiled.
        // Either way it counts as a void timing trial: it extends the budget,
        // and a run of them ends the claim as inconclusive, saying why.
        const why = timing?.void?.(obs) || (timing && check?.timingVoid ? check.voidReason || 'timing dropped' : null);
        if ((why || (check?.invalid ? check.detail : '')).startsWith(MACHINE_BUSY)) busyVoids++;
        if (why) [voided, voidReason] = [voided + 1, why];
        else if (check?.invalid) spoiled++;
        else if (!check?.invalid) {
          values?.push(/** @type {any} */ (timing).value(obs));
          timing?.also?.forEach((p, i) => alsoValues?.[i].push(p.value(obs)));
        }
      } catch (err) {
        if (err instanceof EndOfSamples) {
          // a replayed record ended before the runner would have: judge what there is
          const s = err.recorded === 1 ? '' : 's';
          return finish({
            verdict: 'inconclusive',
            reason: `undecided after the ${err.recorded} recorded trial${s}`,
            ...so,
          });
        }
        const reason = signal?.aborted ? `interrupted during trial ${samples.length + 1}` : errText(err);
        return finish({ verdict: 'error', reason, ...so });
      }
      decision = judge();
      const note = checks?.at(-1)?.detail;
      yield {
        type: 'spec:trial',
        data: {
          id: spec.id,
          trial: samples.length,
          elapsedMs: Math.round(now() - t0 + (carried?.durationMs ?? 0)),
          note,
        },
      };
      if (decision.done) break;
    }
  } finally {
    await endTrials(plan);
  }
  const decided = decision.verdict ?? 'inconclusive';
  const verdict = timingUndecidable && decided === 'pass' ? 'inconclusive' : decided;
  const read = decision.evidence.structural;
  const judgedAny = Boolean(read && read.agree + read.disagree > 0);
  const reason =
    timingUndecidable && decided !== 'fail'
      ? `cannot be decided here: ${timingUndecidable}; the structure alone ${judgedAny ? 'was judged' : 'was to be judged, and was not'}: ${decision.reason ?? 'undecided'}`
      : (decision.reason ?? 'undecided');
  // The timing assertions a timingUndecidable plan makes are not judged here: the record says so.
  const evidence = timingUndecidable
    ? { ...decision.evidence, assertions: [...decision.evidence.assertions, ...unjudged(plan, timingUndecidable)] }
    : decision.evidence;
  // The quick budget is stated where the timing was judged on it (not where the structure failed first).
  const timed = quickNote && decision.evidence.structural?.decided !== 'fail';
  const ending = finish({
    verdict,
    reason: timed ? `${reason}; ${quickNote}` : reason,
    expectation,
    expected,
    evidence,
  });
  // Neighbours that took cores tend to stay for the run: a second sitting
  // after them measured them again (BENCHMARKS.md §23).
  if (!decision.spoiled || carried || 2 * busyVoids > voided + spoiled) return ending;
  const sitting = {
    checks: checks?.length ?? 0,
    values: values?.length ?? 0,
    trials: samples.length,
    voided: voided + before.voided,
  };
  return {
    ...ending,
    carried: {
      samples,
      checks,
      values,
      alsoValues,
      before: sitting,
      durationMs: now() - t0,
      firstReason: decision.reason ?? reason,
      voidReason,
      parallelismNow: reread,
    },
  };
}

/**
 * The effective parallelism the run's profile read and the one read at a
 * claim's start: through the launcher where it keeps them (a replay: the
 * record's), else by the profile's probe (null where it fails).
 * @param {Spec} spec @param {Context} ctx @param {Launcher} launcher
 * @returns {Promise<ParallelismNow>}
 */
async function parallelismAtStart(spec, ctx, launcher) {
  const profile = ctx.profile?.effectiveParallelism?.value ?? null;
  const now = launcher.parallelismNow ? launcher.parallelismNow(spec) : await probeParallelism(ctx.run, ctx.cores);
  return { profile, now: now === null ? null : Math.round(now * 1000) / 1000 };
}

/**
 * The context with the profile's effective parallelism replaced by `value`.
 * @param {Context} ctx @param {number} value @returns {Context}
 */
function withParallelism(ctx, value) {
  const ep = ctx.profile?.effectiveParallelism;
  if (!ctx.profile || !ep) return ctx;
  return Object.freeze({ ...ctx, profile: { ...ctx.profile, effectiveParallelism: { ...ep, value } } });
}

/** @param {ParallelismNow} r */
function rereadText(r) {
  const then = r.profile === null ? 'none' : String(Math.round(r.profile * 100) / 100);
  return r.now === null
    ? `The run's profile read an effective parallelism of ${then}; read again at this claim's start, the probe gave nothing, and the claim is planned on the profile's.`
    : `The run's profile read an effective parallelism of ${then}; read again at this claim's start: ${Math.round(r.now * 100) / 100}, and the claim is planned on that.`;
}

/**
 * The timing assertions of a plan whose timing is not judged here
 * (plan.timingUndecidable), each undecided with why: what the claim asserts
 * that this run could not test.
 * @param {import('./spec.js').Plan} plan @param {string} why
 */
function unjudged(plan, why) {
  const t = plan.timing;
  if (!t) return [];
  return [t, ...(t.also ?? [])].map((p) => ({
    name: p.asserts ?? p.description,
    channel: /** @type {const} */ ('timing'),
    decided: null,
    detail: `not judged here: ${why}`,
  }));
}

/**
 * Stop what a plan's trials kept running between them (plan.end). A failure
 * to stop is not the claim's: the launcher's watchdog ends what is left.
 * @param {import('./spec.js').Plan} plan
 */
async function endTrials(plan) {
  try {
    await plan.end?.();
  } catch {
    // ignored: see above
  }
}

/**
 * What a --quick verdict on a decisive timing channel rests on, for its
 * reason: the budget's looks, its early look's level where it has one (and
 * whether that look is the full run's first), and its alpha, beside the
 * full run's looks and alpha.
 * @param {{ looks: readonly number[], alpha: number, early?: number }} budget
 * @param {import('./verdict.js').TimingPlan} full  the plan the full run judges
 */
export function quickBudgetText(budget, full) {
  const { looks, alpha } = budget;
  const { early } = lookLevels(budget);
  const fullsFirst = early === lookLevels(full).early && looks[0] === full.looks[0];
  const first =
    early === null ? '' : ` (the first at ${early} a side${fullsFirst ? ", the full run's first look" : ''})`;
  const at =
    looks.length > 1 ? `looks at ${looks.slice(0, -1).join(', ')} and ${looks.at(-1)}` : `one look of ${looks[0]}`;
  return `--quick: timing judged at ${at} trials${first}, alpha ${alpha} (the full run: looks at ${full.looks.join(', ')}, alpha ${full.alpha})`;
}

/**
 * A timing plan on its --quick budget: its looks, alpha and early level
 * (and those of each further statistic) replaced by the budget's.
 * @template {import('./verdict.js').TimingPlan} T
 * @param {T} timing @param {{ looks: readonly number[], alpha: number, early?: number }} budget
 * @returns {T}
 */
export function withQuickBudget(timing, { looks, alpha, early }) {
  const budget = { looks, alpha, ...(early !== undefined && { early }) };
  const also = timing.also?.map((p) => ({ ...p, ...budget }));
  return { ...timing, ...budget, ...(also ? { also } : {}) };
}

/**
 * @typedef {object} Outcome
 * @property {'pass' | 'fail' | 'inconclusive' | 'skip' | 'error'} verdict
 * @property {string} reason
 * @property {{ summary: string, model: object | null }} [expectation]
 * @property {'holds' | 'refuted'} [expected]
 * @property {import('./verdict.js').Decision['evidence']} [evidence]
 *
 * @typedef {ReturnType<typeof result> & { sideBySide?: true }} Result  sideBySide: its first sitting ran in a lane beside other claims
 */

/**
 * @param {Spec} spec
 * @param {Outcome & { samples: any[], durationMs: number }} f
 */
function result(spec, f) {
  const expected = f.expected ?? spec.expected;
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
    evidence: {
      structural: f.evidence?.structural ?? null,
      timing: f.evidence?.timing ?? null,
      assertions: f.evidence?.assertions ?? [],
    },
    trials: f.samples.length,
    durationMs: Math.round(f.durationMs),
    samples: f.samples,
  };
}

/** @param {unknown} err */
export function errText(err) {
  return err instanceof Error ? err.message : String(err);
}
