import { defineSpec } from '../../harness/spec.js';
import {
  SOURCE_003,
  SPLIT_M,
  MAX_THREADS,
  splitModel,
  splitKs,
  timeOf,
  curve,
  checkSplitOfC,
  voidIfUnequalSplitSpeeds,
  spreadBound,
} from '../../harness/kits/workers.js';
import { splitTrials } from '../../harness/kits/split-session.js';
import { round } from '../../harness/stats.js';
import { TIMING_LOOKS } from '../../harness/verdict.js';

/** How close to the best time counts as "on the plateau": the catalogue's ~10%. */
const PLATEAU = 0.1;

export default defineSpec({
  id: 'workers.optimal-cores-minus-one',
  title: 'The best worker-thread count is cores − 1',
  area: 'workers',
  claim:
    'The optimal number of worker threads for CPU-bound work is the number of CPU cores minus one (leaving a core to the main thread).',
  truth:
    'A heuristic: the time plateaus from k = C on; C − 1 threads cost C/(C − 1) of the best time, which is on the plateau (within ~10%) only on large machines. On small ones the best is C.',
  expected: 'refuted',
  tags: ['timing', 'thread-accounting'],
  requires: ['linux'],
  source: {
    file: SOURCE_003.file,
    section: 'Practical Recommendations',
    figures: `best of 1–4 threads was 2 (3,859 ms avg) on 4 cores; recommendation: cores − 1 (${SOURCE_003.machine})`,
    table: SOURCE_003.table,
  },
  plan: (ctx) => {
    const C = ctx.cores;
    if (C === 1) return { summary: '', skip: 'C=1: C − 1 = 0 worker threads is meaningless', trial: async () => null };
    // Not a skip: the claim applies, but a trial here cannot time C + 1 threads.
    if (C + 1 > MAX_THREADS)
      return {
        summary: '',
        undecidable: `C=${C}: C + 1 = ${C + 1} threads, more than the ${MAX_THREADS} a trial starts`,
        trial: async () => null,
      };
    const ks = splitKs([C - 1, C, C + 1]);
    const W = SPLIT_M * ctx.pbkdf2.taskMs;
    const model = splitModel({ W, k: C - 1, C }) / splitModel({ W, k: C, C }); // C/(C − 1)
    const onPlateau = model <= 1 + PLATEAU + 1e-9;
    /** @type {import('../../harness/verdict.js').TimingPlan} */
    const timing = {
      statistic: 'R',
      description: `time with C − 1 = ${C - 1} threads / time with C = ${C} (same total work, same trial)`,
      claim: model,
      // Halfway between the model's C/(C − 1) and the claim's 1 (C − 1 as fast as C).
      // Where C − 1 is on the plateau the alternative is falling off it: 1 + 2·10%.
      alternatives: onPlateau ? { 'off the plateau': 1 + 2 * PLATEAU } : { 'C − 1 optimal': 1 },
      looks: TIMING_LOOKS,
      alpha: 0.01,
      value: (obs) => timeOf(obs, C - 1) / timeOf(obs, C),
    };
    return {
      // The model puts C − 1 on the plateau only when C/(C − 1) ≤ 1.1, i.e. C ≥ 11.
      expected: onPlateau ? 'holds' : 'refuted',
      summary:
        `W = ${SPLIT_M} calibrated tasks (≈${Math.round(W)} ms) split over k = ${ks.join(', ')} pre-started workers, each timed once in one process (ascending and descending in turn over the trials); the best k found is reported beside C − 1 = ${C - 1}. ` +
        `Model on C=${C}: R = time(${C - 1})/time(${C}) = C/(C − 1) = ${round(model, 2)}; the claim (C − 1 optimal) predicts ≤ 1. ` +
        (onPlateau
          ? `That is within ${PLATEAU * 100}% of the best: C − 1 is on the plateau here, so the heuristic holds.`
          : `That is more than ${PLATEAU * 100}% off the best: on ${C} cores the best count is ${C}, not ${C - 1}.`),
      model: { C, ks, W: Math.round(W), R: round(model, 4), best: C, plateau: PLATEAU },
      // the claim's trials in one process kept between them (its threads and control started once)
      ...splitTrials({ ks }),
      structural: {
        asserts: `each k ran on k worker threads, each doing its share; the ${C} ran on CPUs at once`,
        // Thread accounting: each k ran on k distinct threads doing their shares, the C
        // threads on CPUs at once, each making the progress the same work makes in a
        // process beside it (the comparison is between real splits). The best k itself
        // is a timing question.
        need: 3,
        check: (obs) => {
          const cv = curve(obs);
          return voidIfUnequalSplitSpeeds(
            obs,
            { iterations: ctx.pbkdf2.iterations, C, timed: [C - 1, C], maxSpread: spreadBound(timing) },
            checkSplitOfC(obs, C, `curve ${cv.text}; best k=${cv.best} (C − 1 = ${C - 1})`),
          );
        },
      },
      timing,
    };
  },
});
