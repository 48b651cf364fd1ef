import { defineSpec } from '../../harness/spec.js';
import { SOURCE_004 } from '../../harness/kits/cluster.js';
import {
  abbaBlocks,
  checkBlockBusy,
  blockTiming,
  heavyBlock,
  HEAVY_MS,
  neighbourLimit,
  BUSY_SHARE,
} from '../../harness/kits/abba.js';
import { round } from '../../harness/stats.js';

export default defineSpec({
  id: 'cluster.workers-equal-cores',
  title: 'Forking more workers than cores brings no gain',
  area: 'cluster',
  claim: 'Forking as many workers as there are cores is the right size: more would only add scheduling overhead.',
  truth:
    'Nuanced: the same plateau as workers.oversubscription; from W = C to W = 2C there is no gain, and the model predicts no large loss either. The spec asserts "no gain", not "a drop".',
  expected: 'holds',
  tags: ['throughput', 'load'],
  requires: ['linux'],
  source: {
    file: SOURCE_004.file,
    section: 'Creating the cluster: one worker per core, to avoid scheduling overhead',
    figures: null,
  },
  plan: (ctx) => {
    const C = ctx.cores;
    const block = heavyBlock(ctx, {
      A: { workers: C, label: `cluster W=C=${C}` },
      B: { workers: 2 * C, label: `cluster W=2C=${2 * C}` },
    });
    // Processor sharing: past W = C the extra workers only take turns on the
    // same cores, so throughput stays (r = 0). The wrong alternative, "more
    // workers, proportionally more throughput", gives r = ln 2. One boundary
    // halfway (ln 2 / 2, ratio 1.41); a loss (r < 0) is on the claim's side,
    // since the claim asserted is "no gain".
    const gain = Math.log(2);
    return {
      summary:
        `One trial = one ABBA/BAAB block: clusters of W = ${C} (A) and W = ${2 * C} (B) workers, started once for all the blocks, each under ${block.connections} keep-alive connections for a bounded window of /heavy (≈${HEAVY_MS} ms per request), server and generator sharing the CPUs; r = ln(thr 2C / thr C). ` +
        `Model on C=${C}: r = 0 (the plateau); a proportional gain would give r = ${round(gain, 3)}; boundary r = ${round(gain / 2, 3)}. Only "no gain" is asserted, not a slowdown. ` +
        `The premise is checked in every block: the ${C} workers keep at least ${BUSY_SHARE} of the cores free to them busy (their CPU over the warm run's window), so that more workers could only take turns. A block in which other processes took more than ${round(neighbourLimit(C), 2)} of a core is void.`,
      model: {
        C,
        workers: [C, 2 * C],
        r: 0,
        alternatives: { gain: round(gain, 4) },
        iterations: block.iterations,
        connections: block.connections,
      },
      // one server per arm for all the claim's blocks, stopped at its end
      ...abbaBlocks(block),
      structural: {
        asserts: `all ${2 * C} workers served, and ${C} workers kept the cores busy`,
        // All 2C workers served (so a missing gain is not idle workers), generator not the bottleneck.
        need: 3,
        // Beside a busy neighbour, 2C workers would win a larger share of the
        // CPU from it than C do (the scheduler shares per thread): a gain that
        // is the neighbour's, not the claim's. Such a block is void.
        check: (obs) =>
          // The claim's premise: C workers already keep the C cores busy, so
          // more can only take turns. Read on the W = C arm's warm runs (no
          // warm-up in them): its serving processes' CPU over the window.
          checkBlockBusy(obs, {
            C,
            arm: 'A',
            who: `W = ${C}`,
            servedPart: `every worker of the ${2 * C}-worker cluster served its share`,
            busyPart: `W = C = ${C} workers keep the cores busy (≥ ${BUSY_SHARE} of those free to them)`,
          }),
      },
      timing: blockTiming({
        description: `ln(throughput W=${2 * C} / throughput W=${C}), per ABBA block`,
        claim: 0,
        alternatives: { gain },
      }),
    };
  },
});
