import { defineSpec } from '../../harness/spec.js';
import { SOURCE_004 } from '../../harness/kits/cluster.js';
import { abbaTrial, checkBlock, blockTiming, heavyBlock, HEAVY_MS } from '../../harness/kits/abba.js';
import { round } from '../../harness/stats.js';

/** The most cores other processes may take during a block before it is void (quiet blocks read ±0.05). */
const NEIGHBOUR_MAX = 0.25;

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
        `One trial = one ABBA/BAAB block: fresh clusters of W = ${C} (A) and W = ${2 * C} (B) workers, each under ${block.connections} keep-alive connections for a bounded window of /heavy (≈${HEAVY_MS} ms per request), server and generator sharing the CPUs; r = ln(thr 2C / thr C). ` +
        `Model on C=${C}: r = 0 (the plateau); a proportional gain would give r = ${round(gain, 3)}; boundary r = ${round(gain / 2, 3)}. Only "no gain" is asserted, not a slowdown.`,
      model: {
        C,
        workers: [C, 2 * C],
        r: 0,
        alternatives: { gain: round(gain, 4) },
        iterations: block.iterations,
        connections: block.connections,
      },
      trial: (c, n) => abbaTrial(c, n, block),
      structural: {
        // All 2C workers served (so a missing gain is not idle workers), generator not the bottleneck.
        need: 3,
        // Beside a busy neighbour, 2C workers would win a larger share of the
        // CPU from it than C do (the scheduler shares per thread): a gain that
        // is the neighbour's, not the claim's. Such a block is void.
        check: (obs) => checkBlock(obs, { maxOthers: NEIGHBOUR_MAX }),
      },
      timing: blockTiming({
        description: `ln(throughput W=${2 * C} / throughput W=${C}), per ABBA block`,
        claim: 0,
        alternatives: { gain },
      }),
    };
  },
});
