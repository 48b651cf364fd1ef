import { defineSpec } from '../../harness/spec.js';
import { SOURCE_004 } from '../../harness/kits/cluster.js';
import { abbaTrial, checkBlock, blockTiming, describeBlock } from '../../harness/kits/abba.js';
import {
  LIGHT_COSTS,
  lightRatio,
  blockCosts,
  freeCores,
  predictedRatio,
  truthByCores,
} from '../../harness/kits/throughput-model.js';
import { round } from '../../harness/stats.js';

/** A cluster gain below this factor counts as none (the spread of one block's ratio between equal servers). */
const NO_GAIN = 1.1;

/** The two loads run against every server of a block, each judged as an assertion of its own. */
const VARIANTS = { 'no keep-alive': { keepAlive: false }, 'keep-alive': { keepAlive: true } };

/**
 * The hand-off is a cost per connection: without keep-alive a cluster must
 * spend at least this much more CPU per request (workers and primary) than
 * one process. Measured here ×2.8 (BENCHMARKS §10); ×1.1 is the spread of
 * equal costs between two runs.
 */
const HANDOFF_MIN = 1.1;

/**
 * One load's assertion on C cores, from the model's predicted ratio: where
 * the cluster is predicted no faster than ×NO_GAIN, the claim's side is
 * r < ln(NO_GAIN) (a gain under ×NO_GAIN counts as none), against "scales
 * like /heavy" (ln of its cores). Where it is predicted faster, the claim is
 * refuted here: the cluster is faster than the source's "no gain" (r = 0),
 * with the boundary halfway (in log space) between the two, and never below
 * ln(NO_GAIN).
 * @param {number} predicted  the model's cluster / single ratio
 * @param {number} C @param {number} W
 */
export function lightAssertion(predicted, C, W) {
  const holds = predicted < NO_GAIN;
  const claim = Math.log(predicted);
  const boundary = holds ? Math.log(NO_GAIN) : Math.max(Math.log(NO_GAIN), claim / 2);
  const alternatives = holds
    ? { [`scales like /heavy ×${round(Math.max(2, Math.min(W, C)), 2)}`]: Math.log(Math.max(2, Math.min(W, C))) }
    : { 'no gain (the source)': 0 };
  const alt = Object.values(alternatives)[0];
  return { holds, claim, alternatives, toward: (boundary - claim) / (alt - claim), boundary };
}

/**
 * What one block's own costs predict, per load: each arm's ceiling on the
 * CPUs free during the block (usable less other processes'), as the ratio
 * cluster / single, beside the ratio measured.
 * @param {any} obs @param {number} W
 */
export function blockPrediction(obs, W) {
  const cores = freeCores(obs);
  /** @type {Record<string, { predicted: number | null, measured: number }>} */
  const out = {};
  for (const variant of Object.keys(VARIANTS)) {
    const costs = blockCosts(obs, variant);
    out[variant] = {
      predicted: costs && cores !== null ? round(predictedRatio(costs, [0, W], cores), 3) : null,
      measured: round(Math.exp(obs.ratios?.[variant]), 3),
    };
  }
  return { cores, byLoad: out };
}

/**
 * Without keep-alive, did the hand-off cost the cluster more CPU per request
 * than one process (workers and primary against the process)? Null where the
 * block has no costs (no /proc).
 * @param {any} obs
 */
export function handoffCost(obs) {
  const costs = blockCosts(obs, 'no keep-alive');
  if (!costs) return null;
  const cluster = costs.B.serverUs + (costs.B.primaryUs ?? 0);
  return { single: costs.A.serverUs, cluster, factor: cluster / costs.A.serverUs };
}

export default defineSpec({
  id: 'cluster.slower-on-light',
  title: 'On a light endpoint a cluster is no faster than one process',
  area: 'cluster',
  claim: 'On a light endpoint the cluster brings no speed-up and can even be slower than a single process.',
  truth:
    'Nuanced: the primary hands each new connection to a worker, a cost per connection. Without keep-alive (as the source’s loadtest ran) the cluster gains nothing on up to about 4 cores and, beyond, is capped by its primary’s one core (×1.4 by the costs measured): there the claim is refuted; with keep-alive it wins from about 4 cores.',
  expected: 'holds',
  tags: ['throughput', 'load'],
  requires: ['linux'],
  source: {
    file: SOURCE_004.file,
    section: 'Load testing the /light endpoint with and without the cluster',
    figures:
      '/light, loadtest -n 1000 -c 100 (no keep-alive) on the same machine: cluster 1944 req/s, mean latency 48.8 ms; single process 2217 req/s, mean latency 42 ms (the author’s multi-core laptop; core count not given)',
    table: SOURCE_004.tables.light,
  },
  plan: (ctx) => {
    const C = ctx.cores;
    const W = Math.max(2, C);
    // The model (harness/kits/throughput-model.js): each arm's throughput
    // ceiling from what a request costs each process on C cores, the generator
    // on the same host, a cluster's primary one process. Its relative costs are
    // fitted to real blocks; every block measures them again, and its line
    // shows what its own costs predict on the CPUs free during it.
    const noKeepAlive = lightAssertion(lightRatio(LIGHT_COSTS['no keep-alive'], C), C, W);
    const keepAlive = lightAssertion(lightRatio(LIGHT_COSTS['keep-alive'], C), C, W);
    const truth = Object.fromEntries(
      Object.keys(VARIANTS).map((v) => [
        v,
        truthByCores(
          (c) => lightRatio(LIGHT_COSTS[/** @type {keyof typeof LIGHT_COSTS} */ (v)], c),
          (x) => x < NO_GAIN,
        ),
      ]),
    );
    const block = {
      A: { workers: 0, label: 'single' },
      B: { workers: W, label: `cluster W=${W}` },
      path: '/light',
      connections: 8,
      durationMs: 80, // a few hundred requests per run: enough for a rate, short enough for 8 runs a block
      requests: 20_000,
      warmup: 16,
      warmupMs: 40,
      variants: VARIANTS,
      // Source 004's own load, once per arm: loadtest -n 1000 -c 100, a new
      // connection per request. Shown beside its table; the blocks decide.
      sourceLoad: { connections: 100, requests: 1000, keepAlive: false, durationMs: 5000 },
    };
    const side = (/** @type {ReturnType<typeof lightAssertion>} */ a) =>
      a.holds
        ? `no faster than ×${NO_GAIN} (r < ${round(a.boundary, 3)})`
        : `faster than ×${round(Math.exp(a.boundary), 2)} (r > ${round(a.boundary, 3)}): the claim is refuted here`;
    const [[, sourceSingle], [, sourceCluster]] = /** @type {[string, number][]} */ (SOURCE_004.tables.light.rows);
    const flips = (/** @type {string} */ v) => {
      const t = truth[v];
      return `${t.cells.map((c) => `C=${c.C} ×${round(c.ratio, 2)}`).join(', ')}${t.flipsAt ? `: holds below C=${t.flipsAt}` : ''}`;
    };
    return {
      expected: noKeepAlive.holds ? 'holds' : 'refuted',
      summary:
        `One trial = one ABBA/BAAB block: a fresh single process (A) and a fresh cluster of ${W} workers (B); against each, ${block.connections} connections of /light for ≈${block.durationMs} ms without keep-alive (a new connection per request, as the source's loadtest) and with keep-alive, order alternating; r = ln(thr cluster / thr single) per load, each judged on its own. ` +
        `Model: each arm's ceiling from its CPU per request on C cores, generator on the same host (one process ≤ 1 core; a cluster ≤ min(W, C) cores and ≤ one core of its primary's hand-offs). ` +
        `Without keep-alive every request is a connection the primary hands to a worker: the model predicts ×${round(Math.exp(noKeepAlive.claim), 2)} on C=${C}, so the cluster is expected ${side(noKeepAlive)}. ` +
        `With keep-alive the hand-off is once per connection: ×${round(Math.exp(keepAlive.claim), 2)} predicted, expected ${side(keepAlive)}. ` +
        `Where the truth flips, by the model: without keep-alive ${flips('no keep-alive')}; with keep-alive ${flips('keep-alive')}. ` +
        `Each block also checks the mechanism: without keep-alive the cluster spends at least ×${HANDOFF_MIN} one process's CPU per request (workers and primary). ` +
        `Where the generator is CPU-bound with cores to spare, the block measured the generator, not the server: it is void (inconclusive if all are). Where it is CPU-bound on a saturated machine (≥ 0.9 of the cores busy), both arms shared every core with the same client, as the source's loadtest on the same host: the block compares what each server costs, and counts.`,
      model: {
        C,
        W,
        noKeepAlive: {
          ratio: round(Math.exp(noKeepAlive.claim), 3),
          boundary: round(noKeepAlive.boundary, 4),
          holds: noKeepAlive.holds,
          byCores: truth['no keep-alive'],
        },
        keepAlive: {
          ratio: round(Math.exp(keepAlive.claim), 3),
          boundary: round(keepAlive.boundary, 4),
          holds: keepAlive.holds,
          byCores: truth['keep-alive'],
        },
        handoffMin: HANDOFF_MIN,
        relativeCosts: LIGHT_COSTS,
        predicted: {
          here: `cluster / single on this machine (C=${C}, W=${W}): ×${round(Math.exp(noKeepAlive.claim), 2)} without keep-alive, ×${round(Math.exp(keepAlive.claim), 2)} with it`,
          source: `on the source's machine (cores not given), without keep-alive as its loadtest ran: ${flips('no keep-alive')}; its own ×${round(sourceCluster / sourceSingle, 2)} (${sourceCluster} / ${sourceSingle} req/s) fits a machine where the claim holds`,
        },
      },
      trial: (c, n) => abbaTrial(c, n, block),
      structural: {
        // Every cluster worker served; the hand-off cost the cluster more per
        // request; no generator-bound run (else void). Two agreeing blocks.
        need: 2,
        cap: 3,
        check: (obs) => {
          // Every worker's share is read where each request is a new
          // connection: 8 keep-alive connections may legitimately land 7 : 1.
          const c = checkBlock(obs, { saturated: true, servedIn: ['no keep-alive'] });
          if (c.invalid) return c;
          const p = blockPrediction(obs, W);
          const predicted = Object.entries(p.byLoad)
            .map(([v, x]) => `${v} ×${x.measured}${x.predicted === null ? '' : ` (its costs predict ×${x.predicted})`}`)
            .join(', ');
          const cost = handoffCost(obs);
          const handoff = {
            name: `without keep-alive the hand-off costs the cluster ≥ ×${HANDOFF_MIN} one process's CPU per request`,
            ok: cost === null || cost.factor >= HANDOFF_MIN,
            detail:
              cost === null
                ? 'no CPU costs recorded'
                : `cluster ${Math.round(cost.cluster)} µs/req (workers + primary) vs single ${Math.round(cost.single)}: ×${round(cost.factor, 2)}`,
          };
          const served = {
            name: 'every cluster worker served its share of the new connections',
            ok: c.ok,
            detail: c.detail,
          };
          return {
            ok: c.ok && handoff.ok,
            detail: `${handoff.ok ? '' : `${handoff.detail}: `}${c.detail}; ${p.cores === null ? '' : `${round(p.cores, 2)} cores free: `}${predicted}`,
            parts: [served, handoff],
          };
        },
      },
      timing: {
        ...blockTiming({
          description: `ln(throughput cluster W=${W} / throughput single), /light without keep-alive, per ABBA block`,
          claim: noKeepAlive.claim,
          alternatives: noKeepAlive.alternatives,
          toward: noKeepAlive.toward,
          value: (obs) => obs.ratios['no keep-alive'],
        }),
        asserts: `without keep-alive (the source's loadtest) the cluster is ${side(noKeepAlive)}`,
        also: [
          {
            ...blockTiming({
              description: `ln(throughput cluster W=${W} / throughput single), /light with keep-alive, per ABBA block`,
              claim: keepAlive.claim,
              alternatives: keepAlive.alternatives,
              toward: keepAlive.toward,
              value: (obs) => obs.ratios['keep-alive'],
            }),
            statistic: 'r keep-alive',
            asserts: `with keep-alive the cluster is ${side(keepAlive)}`,
          },
        ],
      },
    };
  },
});
