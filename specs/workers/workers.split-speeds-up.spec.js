import { defineSpec } from '../../harness/spec.js';
import {
  SOURCE_003,
  SPLIT_M,
  MAX_K,
  splitModel,
  splitKs,
  timeOf,
  curve,
  checkSplit,
  parallelism,
  atOnceBound,
  voidIfLoadMoved,
  voidIfUnequalSplitSpeeds,
  spreadBound,
} from '../../harness/kits/workers.js';
import { splitTrials } from '../../harness/kits/split-session.js';
import { round } from '../../harness/stats.js';
import { TIMING_LOOKS } from '../../harness/verdict.js';

export default defineSpec({
  id: 'workers.split-speeds-up',
  title: 'Splitting CPU work over more worker threads speeds it up',
  area: 'workers',
  claim: 'The same CPU-bound work finishes faster when it is split over two worker threads instead of one.',
  truth:
    'True up to about the number of cores C: a fixed amount of work split over k threads takes about T_total / min(k, C); on one core there is no speed-up.',
  expected: 'holds',
  tags: ['timing', 'thread-accounting'],
  requires: ['linux'],
  source: {
    file: SOURCE_003.file,
    section: 'Results [on 4-CPU-core system]',
    figures: `/blocking-with-worker avg latency: thread_count 1 → 6,308 ms, 2 → 3,859 ms (×1.63), 0.3 → 0.5 req/s (${SOURCE_003.machine})`,
    table: SOURCE_003.table,
  },
  plan: (ctx) => {
    const C = ctx.cores;
    const ks = splitKs(
      Array.from({ length: Math.max(2, C) }, (_, i) => i + 1),
      MAX_K,
    );
    const W = SPLIT_M * ctx.pbkdf2.taskMs;
    const at = (/** @type {number} */ k) => Math.round(splitModel({ W, k, C }));
    // The model's speed-up of 2 threads over 1: min(2, C) on C whole cores.
    const model = splitModel({ W, k: 1, C }) / splitModel({ W, k: 2, C });
    const predicted = ks.map((k) => `k=${k} ${at(k)} ms`).join(', ');
    const oneCore = C === 1;
    /** @type {import('../../harness/verdict.js').TimingPlan} */
    const timing = {
      statistic: 'S2',
      description: 'time with 1 thread / time with 2 threads (same total work, same trial)',
      claim: model,
      // Boundary halfway between the model's speed-up (min(2, C)) and the nearest
      // wrong alternative: none (1) on two or more cores, a full 2 on one core.
      alternatives: oneCore ? { 'speed-up ×2': 2 } : { 'no speed-up': 1 },
      looks: TIMING_LOOKS,
      alpha: 0.01,
      value: (obs) => timeOf(obs, 1) / timeOf(obs, 2),
    };
    return {
      expected: oneCore ? 'refuted' : 'holds',
      summary:
        `W = ${SPLIT_M} calibrated tasks (≈${Math.round(W)} ms of pbkdf2) split evenly over k pre-started workers, each k timed once inside one process (ascending and descending in turn over the trials). ` +
        `Model on C=${C}: ${predicted}; S2 = time(1)/time(2) = ${round(model, 2)} (no speed-up: ${oneCore ? 2 : 1}). ` +
        (oneCore
          ? 'On one core no speed-up is expected: the two threads take turns on it, so the claim does not hold here.'
          : `The whole curve k=1..${ks.at(-1)} is reported${C > MAX_K ? ` (capped at ${MAX_K})` : ''}.`),
      model: { C, ks, W: Math.round(W), S2: round(model, 4), curve: ks.map((k) => ({ k, ms: at(k) })) },
      // the claim's trials in one process kept between them (its threads and control started once)
      ...splitTrials({ ks }),
      structural: {
        asserts: `each k ran on k worker threads, each doing its share; ${oneCore ? 'on one core the 2 took turns' : 'the 2 ran at once'}`,
        // Thread accounting (/proc schedstat), timing-free: every k ran on k distinct
        // worker threads, each doing its share, and with 2 threads the OS ran them
        // at once (their CPU time over the run's wall time) on two or more cores,
        // but not on one: the mechanism of the speed-up. The boundary sits halfway
        // between 1 (one at a time) and 2 (both at once). Three trials.
        need: 3,
        check: (obs) => {
          const s = checkSplit(obs);
          const par = parallelism(obs, 2);
          const bound = atOnceBound(2, 2);
          const concurrent = par >= bound;
          const check = {
            ok: s.ok && concurrent === !oneCore,
            detail: `${s.detail}; with 2 threads ${round(par, 2)} ran at once (expected ${oneCore ? '<' : '≥'} ${bound}); curve ${curve(obs).text}`,
          };
          // Which threads did the work is never voided; how many ran at once, and the
          // threads' CPU against the control's, depend on free cores.
          return voidIfUnequalSplitSpeeds(
            obs,
            { iterations: ctx.pbkdf2.iterations, C, timed: [1, 2], maxSpread: spreadBound(timing) },
            voidIfLoadMoved(obs, C, s, check, 'all'),
          );
        },
      },
      timing,
    };
  },
});
