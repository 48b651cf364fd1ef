import { defineSpec } from '../../harness/spec.js';
import { SOURCE_004 } from '../../harness/kits/cluster.js';
import { abbaBlocks, checkBlock, blockTiming, heavyBlock, HEAVY_MS, neighbourLimit } from '../../harness/kits/abba.js';
import { round, median } from '../../harness/stats.js';

/**
 * The share of the cores free to it that C workers under a CPU-bound load
 * keep busy at least. Measured on 2 quiet vCPUs: 0.77–0.99 (keep-alive
 * connections may land unevenly on the workers); workers that rest between
 * requests (the cluster-worker-rest sabotage): 0.40–0.54.
 */
const BUSY_SHARE = 0.6;

/**
 * An arm's warm runs (no warm-up in them): the cores its serving processes
 * kept busy over the window, and the cores free to them (C less what other
 * processes took in that run); the median of each, or null where no warm
 * run says.
 * @param {any} obs @param {'A' | 'B'} arm @param {number} C
 */
export function coresBusy(obs, arm, C) {
  const runs = obs.runs.filter(
    (/** @type {any} */ r) => r.arm === arm && r.warm === true && r.durationMs > 0 && r.serverCpuMs,
  );
  const busy = runs
    .map(
      (/** @type {any} */ r) =>
        Object.values(r.serverCpuMs).reduce((/** @type {number} */ a, /** @type {any} */ b) => a + Number(b), 0) /
        r.durationMs,
    )
    .filter((/** @type {number} */ x) => Number.isFinite(x));
  if (!busy.length) return null;
  const free = runs.map((/** @type {any} */ r) => C - Math.max(0, Number.isFinite(r.otherCores) ? r.otherCores : 0));
  return { busy: median(busy), free: median(free) };
}

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
        check: (obs) => {
          const c = checkBlock(obs, { maxOthers: neighbourLimit(C) });
          if (c.invalid) return c;
          // The claim's premise: C workers already keep the C cores busy, so
          // more can only take turns. Read on the W = C arm's warm runs (no
          // warm-up in them): its serving processes' CPU over the window.
          const read = coresBusy(obs, 'A', C);
          const parts = [
            { name: `every worker of the ${2 * C}-worker cluster served its share`, ok: c.ok, detail: c.detail },
          ];
          if (read !== null)
            parts.push({
              name: `W = C = ${C} workers keep the cores busy (≥ ${BUSY_SHARE} of those free to them)`,
              ok: read.busy >= BUSY_SHARE * read.free,
              detail: `W = ${C} kept ${round(read.busy, 2)} of ${round(read.free, 2)} free cores busy`,
            });
          const idle = parts.length > 1 && !parts[1].ok;
          return { ok: parts.every((q) => q.ok), detail: `${idle ? `${parts[1].detail}: ` : ''}${c.detail}`, parts };
        },
      },
      timing: blockTiming({
        description: `ln(throughput W=${2 * C} / throughput W=${C}), per ABBA block`,
        claim: 0,
        alternatives: { gain },
      }),
    };
  },
});
