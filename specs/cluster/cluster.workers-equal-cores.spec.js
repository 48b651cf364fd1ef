import { defineSpec } from '../../harness/spec.js';
import { SOURCE_004 } from '../../harness/kits/cluster.js';
import {
  abbaBlocks,
  checkBlockBusy,
  blockTiming,
  heavyBlock,
  HEAVY_MS,
  neighbourLimit,
  separable,
  fewerArmParts,
  describeBlock,
  BUSY_SHARE,
  slowedBlock,
} from '../../harness/kits/abba.js';
import { checkOfParts } from '../../harness/verdict.js';
import { measuredParallelism, heavyServerCores } from '../../harness/kits/throughput-model.js';
import { round } from '../../harness/stats.js';

/**
 * The modelled gain of C workers over F (log ratio) on the cores a /heavy server has where
 * the CPUs give an effective parallelism of `eff` (heavyServerCores).
 * @param {number} C @param {number} F @param {number | null} eff
 */
function fewerGain(C, F, eff) {
  const cores = heavyServerCores(C, eff);
  return Math.log(Math.min(C, cores) / Math.min(F, cores));
}

export default defineSpec({
  id: 'cluster.workers-equal-cores',
  title: 'Forking more workers than cores brings no gain',
  area: 'cluster',
  claim: 'Forking as many workers as there are cores is the right size: more would only add scheduling overhead.',
  truth:
    'Nuanced: the same plateau as workers.oversubscription; from W = C to W = 2C there is no gain, and the model predicts no large loss either. The spec asserts "no gain", not "a drop", and that C workers do gain over half as many: the cores they are sized to are used.',
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
    // "The right size" has two sides: more workers gain nothing, and fewer
    // leave cores unused. The second is read against F = ⌊C/2⌋ workers, run
    // first and last in each block (FABBAF): workers that compute one at a
    // time between them while spinning keep every core busy and gain nothing
    // at 2C, but serve no faster than fewer. On one core there are no fewer
    // workers.
    const F = Math.floor(C / 2);
    const eff = measuredParallelism(ctx);
    const cServer = heavyServerCores(C, eff);
    const fewerModel = fewerGain(C, F, eff);
    // Where that gain is too close to none to be told from it, the blocks
    // still run for their structure: a broken cluster fails, a sound one is
    // inconclusive.
    const timingUndecidable =
      F >= 1 && !separable(fewerModel, 0)
        ? `C=${C} but the probe measured an effective parallelism of ${round(eff ?? C, 2)}: ${C} workers' gain over ${F} (×${round(Math.exp(fewerModel), 2)} modelled) could not be told from none here`
        : null;
    const block = {
      ...heavyBlock(ctx, {
        A: { workers: C, label: `cluster W=C=${C}` },
        B: { workers: 2 * C, label: `cluster W=2C=${2 * C}` },
      }),
      // Two connections per worker, as B has: each worker always has a
      // request waiting, and the run ends on 2F in flight, not on the 4C the
      // others use (one worker drained 8 /heavy requests: 240 ms a run).
      ...(F >= 1 ? { F: { workers: F, label: `cluster W=${F}`, connections: 2 * F } } : {}),
    };
    // Processor sharing: past W = C the extra workers only take turns on the
    // same cores, so throughput stays (r = 0). The wrong alternative, "more
    // workers, proportionally more throughput", gives r = ln 2. One boundary
    // halfway (ln 2 / 2, ratio 1.41); a loss (r < 0) is on the claim's side,
    // since the claim asserted is "no gain".
    const gain = Math.log(2);
    const fewerText =
      F >= 1
        ? `The fewer side: W = ${F} (F) runs first and last in each block (FABBAF / FBAABF), under ${2 * F} connections (two per worker, as B); r fewer = ln(thr C / thr ${F}), modelled from the cores a /heavy server has here (min(C, effective parallelism ${round(eff ?? C, 2)}) less the generator's share: ${round(cServer, 2)}) as ${round(fewerModel, 3)} (×${round(Math.exp(fewerModel), 2)}), against none (r = 0); boundary halfway, ${round(fewerModel / 2, 3)}. Each block also checks that reference: every one of the ${F} workers served, and they kept at least ${BUSY_SHARE} of the cores they can use busy: a reference that idles fails. `
        : 'On one core there are no fewer workers to compare: only "no gain" is judged. ';
    return {
      ...(timingUndecidable ? { timingUndecidable, fromParallelism: eff !== null } : {}),
      summary:
        `One trial = one ${F >= 1 ? 'FABBAF/FBAABF' : 'ABBA/BAAB'} block: clusters of W = ${C} (A) and W = ${2 * C} (B) workers, started once for all the blocks, each under ${block.connections} keep-alive connections for a bounded window of /heavy (≈${HEAVY_MS} ms per request), server and generator sharing the CPUs; r = ln(thr 2C / thr C). ` +
        `Model on C=${C}: r = 0 (the plateau); a proportional gain would give r = ${round(gain, 3)}; boundary r = ${round(gain / 2, 3)}. "No gain" is asserted, not a slowdown. ` +
        fewerText +
        `The premise is checked in every block: the ${C} workers keep at least ${BUSY_SHARE} of the cores free to them busy (their CPU over the warm run's window), so that more workers could only take turns. A block in which other processes took more than ${round(neighbourLimit(C), 2)} of a core is void.`,
      model: {
        C,
        workers: F >= 1 ? [C, 2 * C, F] : [C, 2 * C],
        r: 0,
        alternatives: { gain: round(gain, 4) },
        ...(F >= 1
          ? {
              fewer: { workers: F, effectiveParallelism: eff, serverCores: round(cServer, 3), r: round(fewerModel, 4) },
            }
          : {}),
        iterations: block.iterations,
        connections: block.connections,
      },
      // one server per arm for all the claim's blocks, stopped at its end; after a block whose
      // W = C workers spent far more CPU per request than W = F's, the CPUs given read again
      ...abbaBlocks({ ...block, ...(F >= 1 ? { readSlowed: { arm: 'A', ref: 'F' } } : {}) }),
      structural: {
        asserts: `all ${2 * C} workers served, and ${C} workers kept the cores busy`,
        // All 2C workers served (so a missing gain is not idle workers), generator not the bottleneck.
        need: 3,
        // Beside a busy neighbour, 2C workers would win a larger share of the
        // CPU from it than C do (the scheduler shares per thread): a gain that
        // is the neighbour's, not the claim's. Such a block is void.
        check: (obs) => {
          // The claim's premise: C workers already keep the C cores busy, so
          // more can only take turns. Read on the W = C arm's warm runs (no
          // warm-up in them): its serving processes' CPU over the window.
          const c = checkBlockBusy(obs, {
            C,
            arm: 'A',
            who: `W = ${C}`,
            servedPart: `every worker of the ${2 * C}-worker cluster served its share`,
            busyPart: `W = C = ${C} workers keep the cores busy (≥ ${BUSY_SHARE} of those free to them)`,
          });
          // The reference the gain over fewer is read against: sound, or the claim fails.
          if (c.invalid || F < 1) return c;
          const parts = c.parts ?? [];
          const judged = checkOfParts(
            [...parts, ...fewerArmParts(obs, { C, F })],
            parts[0]?.detail ?? describeBlock(obs),
          );
          // Where the CPUs gave less once all C workers were busy (their CPU per request far
          // above the F workers', and the harness's own probe, read then with the servers
          // idle, finding too little parallelism for the gain over F to be told from none),
          // a sound block cannot judge that gain: void, as the start-of-run profile makes it
          // undecidable (timingUndecidable). A cluster that spins while its workers take
          // turns leaves the probe's reading whole: judged as ever; so is a structure that fails.
          const slowed = slowedBlock(obs, {
            C,
            arm: 'A',
            ref: 'F',
            refText: String(F),
            modelAt: (eff) => fewerGain(C, F, eff),
            boundary: fewerModel / 2,
            gain: `${C} workers' gain over ${F}`,
          });
          if (judged.ok && slowed) return { ok: false, invalid: true, detail: `${slowed}; ${describeBlock(obs)}` };
          return judged;
        },
      },
      timing: {
        ...blockTiming({
          description: `ln(throughput W=${2 * C} / throughput W=${C}), per block`,
          claim: 0,
          alternatives: { gain },
        }),
        asserts: `${2 * C} workers serve no faster than ${C} (no gain past the cores)`,
        ...(F >= 1
          ? {
              also: [
                {
                  ...blockTiming({
                    description: `ln(throughput W=${C} / throughput W=${F}), per block`,
                    claim: fewerModel,
                    alternatives: { [`no gain over ${F}`]: 0 },
                    value: (obs) => obs.rFewer,
                  }),
                  statistic: 'r fewer',
                  asserts: `${C} workers serve faster than ${F} (the cores they are sized to are used)`,
                },
              ],
            }
          : {}),
      },
    };
  },
});
