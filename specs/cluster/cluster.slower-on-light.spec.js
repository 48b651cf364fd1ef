import { defineSpec } from '../../harness/spec.js';
import { checkOfParts } from '../../harness/verdict.js';
import { SOURCE_004 } from '../../harness/kits/cluster.js';
import {
  abbaTrial,
  checkBlock,
  blockTiming,
  MARGIN,
  separable,
  neighbourLimit,
  warmupShort,
  warmupAnswered,
} from '../../harness/kits/abba.js';
import {
  LIGHT_COSTS,
  lightRatio,
  lightGenerators,
  blockCosts,
  freeCores,
  predictedRatio,
  truthByCores,
} from '../../harness/kits/throughput-model.js';
import { round } from '../../harness/stats.js';

/** A cluster gain below this factor counts as none: the spread of one block's ratio between equal servers (±MARGIN in log). */
const NO_GAIN = Math.exp(MARGIN);

/** Core counts the summary and the record read the truth on: every count where it changes, and the far ones. */
const TRUTH_CORES = [1, 2, 3, 4, 5, 6, 8, 16, 64];

/** The two loads run against every server of a block, each judged as an assertion of its own. */
const VARIANTS = { 'no keep-alive': { keepAlive: false }, 'keep-alive': { keepAlive: true } };

/**
 * Without keep-alive the primary accepts every connection and hands it to a
 * worker: its CPU per request, as a share of what the cluster's workers
 * spend per request, is at least this where a hand-off happens: about half
 * the lowest honest reading. Blocks read ×0.22–0.51 quiet, servers warm or
 * cold, and ×0.18–0.50 beside busy loops or inside a 1-CPU quota; a cluster
 * whose workers accept their own connections (no hand-off, the
 * `handoff-free` sabotage) reads ×0 (BENCHMARKS.md §42). The share is the
 * cluster's own. Against the single process's cost per request, as before
 * §42 (at least ×0.2), a single process slowed by work of its own (the
 * `single-handicap` sabotage) read the hand-off at ×0.18–0.27, and a cluster
 * ×1.5 faster than it ended inconclusive on a "mixed" structure.
 */
const HANDOFF_MIN = 0.1;

/**
 * Unmeasured requests each serving process of a fresh /light server takes
 * before its first run of each load: the single process this many, a
 * cluster this many times its workers (the primary shares them out), so
 * that neither arm runs colder than the other. A /light request's cost
 * falls ×3–5 over a process's first few hundred (JIT), and runs inside that
 * fall measured it, not the servers: with 16 requests a server, two cold
 * workers outran one cold process with keep-alive (×1.10–1.15 a block,
 * ±0.16–0.19 in log) and the ratio sat near its boundary (×1.41) for up to
 * 27 blocks. As many a process, 100 to 400, it reads ×0.94–1.06, and
 * without keep-alive ×0.60–0.70; a warm-up as large for the cluster as for
 * the single process (its workers half as warm) read ×0.72–0.77, a lean
 * toward the claim (BENCHMARKS.md §42). The source's loadtest (1000
 * requests on fresh servers) ran through that fall too; "no speed-up" is
 * said of serving, which warm servers show.
 */
const WARMUP_PER_PROCESS = 200;

/**
 * The source's assertion (no keep-alive) on C cores, from the model's
 * predicted ratio. Where the cluster is predicted no faster than ×NO_GAIN,
 * the claim's side is r < ln(NO_GAIN) (a gain under ×NO_GAIN counts as none),
 * against "scales like /heavy" (ln of its cores). Where it is predicted
 * faster, the claim is refuted here: the cluster is faster than the source's
 * "no gain" (r = 0), the boundary halfway (in log space) between the two and
 * never below ln(NO_GAIN). A prediction within the noise band of its boundary
 * cannot be told from it: `undecidable` says so.
 * @param {number} predicted  the model's cluster / single ratio
 * @param {number} C @param {number} W
 */
export function sourceAssertion(predicted, C, W) {
  const holds = predicted < NO_GAIN;
  const claim = Math.log(predicted);
  const boundary = holds ? MARGIN : Math.max(MARGIN, claim / 2);
  const scales = Math.max(2, Math.min(W, C));
  const alternatives = holds
    ? { [`scales like /heavy ×${round(scales, 2)}`]: Math.log(scales) }
    : { 'no gain (the source)': 0 };
  const alt = Object.values(alternatives)[0];
  const undecidable =
    Math.abs(claim - boundary) <= MARGIN * (1 + 1e-9)
      ? `the model predicts ×${round(predicted, 2)} on C=${C}, within the ±10% noise band of the boundary ×${round(Math.exp(boundary), 2)}: no block ratio could tell the claim from its opposite here`
      : null;
  return { holds, claim, alternatives, toward: (boundary - claim) / (alt - claim), boundary, undecidable };
}

/**
 * The keep-alive assertion on C cores, with its own model: the hand-off is
 * once per connection, so what limits the cluster is the cores it has. Where
 * the model predicts no gain (no core free beyond what one process and the
 * generator use), the claim's side is "no gain" (r = 0: how much slower
 * depends on costs that differ between Node versions) against "scales like
 * /heavy"; where it predicts a gain, that gain against none. The boundary is
 * halfway between, as for `cluster.faster-on-heavy`; where the two are too
 * close to tell apart, `reportOnly` says why. Judged on every C, though
 * keep-alive is not the source's load: a single process that holds each
 * request 2 ms idle (the `single-idle-handicap` sabotage) reads ×2.3–2.5
 * with keep-alive on 2 vCPUs and nothing without: reported only, such a
 * server passed (BENCHMARKS.md §38). What the blocks read with keep-alive
 * depends on how warm the servers are: servers past a warm-up of 16
 * requests read ×1.12 over 726 blocks (§36), their runs inside the JIT's
 * warm-up, where two cold workers outrun one cold process; each process
 * past a few hundred (WARMUP_PER_PROCESS, since §42), ×0.93–1.06, against
 * the model's ×0.64 (its costs come from each server's later runs), and
 * ×1.15–1.25 in §53. The boundary halfway to "scales like /heavy" (×1.41)
 * holds them all. Costs refitted to §53's warm blocks would predict ×1.22 on
 * 2 cores and ×1.83 on 3, turning the 3-core assertion to "a gain" (against
 * no gain) with no 3-core machine measured, the sabotage above then passing
 * there; and the cluster's generator cost in that fit falls with the
 * cluster's own speed. The model's costs stay as fitted in §10.
 * @param {number} predicted @param {number} C @param {number} W
 */
export function keepAliveAssertion(predicted, C, W) {
  const gain = predicted >= NO_GAIN;
  const scales = Math.max(2, Math.min(W, C));
  const claim = gain ? Math.log(predicted) : 0;
  const alternatives = gain ? { 'no gain': 0 } : { [`scales like /heavy ×${round(scales, 2)}`]: Math.log(scales) };
  const alt = Object.values(alternatives)[0];
  return {
    holds: !gain,
    claim,
    alternatives,
    toward: 0.5,
    boundary: (claim + alt) / 2,
    reportOnly: separable(claim, alt)
      ? null
      : `with keep-alive the model's ×${round(predicted, 2)} on C=${C} is too close to no gain to be told apart`,
  };
}

/**
 * What one block's own costs predict, per load: each arm's ceiling on the
 * CPUs free during the block (usable less other processes'), as the ratio
 * cluster / single, beside the ratio measured.
 * @param {any} obs @param {number} W @param {number} generators
 */
export function blockPrediction(obs, W, generators) {
  const cores = freeCores(obs);
  /** @type {Record<string, { predicted: number | null, measured: number | null }>} */
  const out = {};
  for (const variant of Object.keys(VARIANTS)) {
    const costs = blockCosts(obs, variant);
    const r = obs.ratios?.[variant];
    out[variant] = {
      predicted: costs && cores !== null ? round(predictedRatio(costs, [0, W], cores, generators), 3) : null,
      measured: Number.isFinite(r) ? round(Math.exp(r), 3) : null,
    };
  }
  return { cores, byLoad: out };
}

/**
 * Without keep-alive, the primary's CPU per request (the hand-off) against
 * its workers' CPU per request, or null where the block has no such costs
 * (no /proc).
 * @param {any} obs
 */
export function handoffCost(obs) {
  const costs = blockCosts(obs, 'no keep-alive');
  if (!costs || costs.B.primaryUs === null || !(costs.B.serverUs > 0)) return null;
  return { primary: costs.B.primaryUs, workers: costs.B.serverUs, share: costs.B.primaryUs / costs.B.serverUs };
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
    // (G processes) on the same host, a cluster's primary one process. Its
    // relative costs are fitted to real blocks; every block measures them
    // again, and its line shows what its own costs predict on the CPUs free
    // during it.
    const G = lightGenerators(C);
    const predicted = {
      'no keep-alive': lightRatio(LIGHT_COSTS['no keep-alive'], C),
      'keep-alive': lightRatio(LIGHT_COSTS['keep-alive'], C),
    };
    const noKeepAlive = sourceAssertion(predicted['no keep-alive'], C, W);
    const keepAlive = keepAliveAssertion(predicted['keep-alive'], C, W);
    const truth = Object.fromEntries(
      Object.keys(VARIANTS).map((v) => [
        v,
        truthByCores(
          (c) => lightRatio(LIGHT_COSTS[/** @type {keyof typeof LIGHT_COSTS} */ (v)], c),
          (x) => x < NO_GAIN,
          TRUTH_CORES,
        ),
      ]),
    );
    const block = {
      A: { workers: 0, label: 'single', warmup: WARMUP_PER_PROCESS },
      // the primary shares the cluster's warm-up among its workers
      B: { workers: W, label: `cluster W=${W}`, warmup: WARMUP_PER_PROCESS * W },
      path: '/light',
      // at least two connections per worker, so that with keep-alive every worker can have work
      connections: Math.max(8, 2 * W),
      // About 800 requests a run with keep-alive, 300 without. At 80 ms a run
      // the block's keep-alive ratio spread 0.155 in log (sd, 138 blocks; an
      // arm's two runs of a block 0.15–0.20 apart), a sixth of honest blocks
      // reached the boundary (×1.41), and 8 of 10 --quick runs and 3 of 10
      // full ones left it undecided (§52); at 160 ms 0.10–0.13 (209 blocks,
      // 7 past it), every quiet full run decided, at 9 to 21 blocks, and 9
      // of 10 --quick runs (BENCHMARKS.md §53).
      durationMs: 160,
      requests: 20_000,
      // Each fresh server's first load (its two runs, one per variant) opens
      // each run with WARMUP_PER_PROCESS unmeasured requests per serving
      // process; each warm-up's bound is twice this, 2 s for W = 2, there to
      // end a server that does not warm, not to cut one that warms slowly: a
      // cluster's first run without keep-alive, the slowest to warm, was cut
      // at 321–398 of its 400 in 15 of 60 runs by a bound of 300 ms quiet,
      // and inside a 1-CPU quota at 351–398 in 8 blocks of one run's 12 by
      // one of 600 ms; the check voids such blocks (BENCHMARKS.md §42).
      warmupMs: 500 * W,
      variants: VARIANTS,
      generators: G,
      // Source 004's own load, once per arm under --source-loads: loadtest
      // -n 1000 -c 100, a new connection per request. Shown beside its
      // table; the blocks decide. Not under --quick, as for /heavy
      // (cluster.faster-on-heavy).
      ...(!ctx.sourceLoads || ctx.quick
        ? {}
        : { sourceLoad: { connections: 100, requests: 1000, keepAlive: false, durationMs: 5000 } }),
    };
    const side = (/** @type {{ holds: boolean, boundary: number }} */ a, /** @type {string} */ refuted = '') =>
      a.holds
        ? `no faster than ×${round(Math.exp(a.boundary), 2)} (r < ${round(a.boundary, 3)})`
        : `faster than ×${round(Math.exp(a.boundary), 2)} (r > ${round(a.boundary, 3)})${refuted}`;
    const [[, sourceSingle], [, sourceCluster]] = /** @type {[string, number][]} */ (SOURCE_004.tables.light.rows);
    const flips = (/** @type {string} */ v) => {
      const t = truth[v];
      return `${t.cells.map((c) => `C=${c.C} ×${round(c.ratio, 2)}`).join(', ')}${t.flipsAt ? `: no faster than ×${round(NO_GAIN, 2)} below C=${t.flipsAt}` : ''}`;
    };
    const x = (/** @type {number} */ r) => `×${round(r, 2)}`;
    /** One load's ratio per block, judged against its assertion. @param {keyof typeof VARIANTS} load @param {{ claim: number, alternatives: Record<string, number>, toward: number }} a */
    const ratioTiming = (load, a) =>
      blockTiming({
        description: `ln(throughput cluster W=${W} / throughput single), /light ${load === 'keep-alive' ? 'with' : 'without'} keep-alive, per ABBA block`,
        claim: a.claim,
        alternatives: a.alternatives,
        toward: a.toward,
        value: (obs) => obs.ratios[load],
      });
    const summary =
      `One trial = one ABBA/BAAB block: a fresh single process (A) and a fresh cluster of ${W} workers (B), each warmed by ${WARMUP_PER_PROCESS} unmeasured requests per serving process (the cluster's shared among its workers) before its first run of each load, a block whose warm-up fell short void; against each, ${block.connections} connections of /light for ≈${block.durationMs} ms without keep-alive (a new connection per request, as the source's loadtest) and with keep-alive (each server's first run with keep-alive, then without, then without and with: each arm runs each load at the same points of its warming), from ${G === 1 ? 'one generator process' : `${G} generator processes`}; r = ln(thr cluster / thr single) per load, each judged on its own. ` +
      `Model: each arm's ceiling from its CPU per request on C cores, generator on the same host (one process ≤ 1 core; a cluster ≤ min(W, C) cores and ≤ one core of its primary's hand-offs; the generator ≤ ${G} core${G === 1 ? '' : 's'}). ` +
      `Without keep-alive every request is a connection the primary hands to a worker: the model predicts ${x(predicted['no keep-alive'])} on C=${C}, so the cluster is expected ${side(noKeepAlive, ': the claim is refuted here')}. ` +
      `With keep-alive the hand-off is once per connection and the cores decide: ${x(predicted['keep-alive'])} predicted, expected ${side(keepAlive)}, halfway to ${Object.keys(keepAlive.alternatives)[0]}. ` +
      `Where the truth flips, by the model: without keep-alive ${flips('no keep-alive')}; with keep-alive ${flips('keep-alive')}. ` +
      `Each block also checks the mechanism: without keep-alive the primary spends at least ×${HANDOFF_MIN} its workers' CPU per request handing connections off, and every worker serves its share of them. ` +
      `Where the generator is CPU-bound with cores to spare, the block measured the generator, not the server: it is void (inconclusive if all are)${noKeepAlive.holds ? ', unless only in single-process runs: that understates the single process, and leans only against the claim' : ''}. Where it is CPU-bound on a saturated machine (≥ 0.9 of the cores busy), both arms shared every core with the same client, as the source's loadtest on the same host: the block compares what each server costs, and counts.`;
    const model = {
      C,
      W,
      generators: G,
      noKeepAlive: {
        ratio: round(predicted['no keep-alive'], 3),
        boundary: round(noKeepAlive.boundary, 4),
        holds: noKeepAlive.holds,
        byCores: truth['no keep-alive'],
      },
      keepAlive: {
        ratio: round(predicted['keep-alive'], 3),
        boundary: round(keepAlive.boundary, 4),
        holds: keepAlive.holds,
        byCores: truth['keep-alive'],
      },
      handoffMin: HANDOFF_MIN,
      relativeCosts: LIGHT_COSTS,
      predicted: {
        here: `cluster / single on this machine (C=${C}, W=${W}): ${x(predicted['no keep-alive'])} without keep-alive, ${x(predicted['keep-alive'])} with it`,
        source: `on the source's machine (cores not given), without keep-alive as its loadtest ran: ${flips('no keep-alive')}; its own ${x(sourceCluster / sourceSingle)} (${sourceCluster} / ${sourceSingle} req/s) fits a machine where the claim holds`,
      },
    };
    if (noKeepAlive.undecidable)
      return {
        expected: noKeepAlive.holds ? 'holds' : 'refuted',
        summary,
        model,
        undecidable: noKeepAlive.undecidable,
        trial: async () => null,
      };
    return {
      expected: noKeepAlive.holds ? 'holds' : 'refuted',
      summary,
      model,
      // Fresh servers per block, unlike the /heavy claims: a /light request
      // costs tens of µs, and a server's cost per request moves over its
      // first thousands of them (JIT, the cluster's hand-off). Against
      // servers kept for every block, no keep-alive read ×0.53–0.85 in block
      // 1, ×0.26–0.70 after; keep-alive ×0.48–0.83 then ×0.74–1.30: blocks
      // unlike each other, and 9 of them in every run (BENCHMARKS.md §18).
      // Each fresh server is warmed before its first measured run, as many
      // requests per serving process (WARMUP_PER_PROCESS).
      trial: (c, n) => abbaTrial(c, n, block),
      structural: {
        // Every cluster worker served its share of the new connections; the
        // primary handed them off; no generator-bound run (else void). Two
        // agreeing blocks.
        need: 2,
        cap: 3,
        check: (obs) => {
          // Every worker's share is read where each request is a new
          // connection: 8 keep-alive connections may legitimately land 7 : 1
          // (the primary hands each to a worker that has taken its last one).
          // A block that neighbours took cores from measured them too: a gain
          // where one is expected needs the cores, and the scheduler shares
          // per thread, so W workers take more from a neighbour than one
          // process does. Void, as for the other throughput claims.
          // Where the cluster is expected no faster, a generator at its cap
          // in a single-process run counts: it understates the single
          // process, and the same generator drives the cluster no faster, so
          // such a block leans only against the claim (the warm single
          // process outruns one generator process on 2 cores: every ABBA
          // block's last run). Where a gain is expected, it is void.
          const c = checkBlock(obs, {
            saturated: true,
            boundCountsIn: noKeepAlive.holds ? ['A'] : [],
            servedIn: ['no keep-alive'],
            maxOthers: neighbourLimit(C),
          });
          if (c.invalid) return c;
          // A warm-up cut short (its bound, or requests that failed) left
          // its server colder than the other arm's: void, as a spoiled block.
          const cold = obs.runs.filter(warmupShort);
          if (cold.length)
            return {
              ok: false,
              invalid: true,
              detail: `a warm-up answered fewer requests than planned in ${cold.map((/** @type {any} */ x) => `${x.label} ${x.variant} (${warmupAnswered(x)} of ${x.warmup.planned})`).join(', ')}: that server ran colder than the other arm's: ${c.detail}`,
            };
          const p = blockPrediction(obs, W, G);
          const readings = Object.entries(p.byLoad)
            .map(([v, r]) => `${v} ×${r.measured}${r.predicted === null ? '' : ` (its costs predict ×${r.predicted})`}`)
            .join(', ');
          const cost = handoffCost(obs);
          const parts = [
            { name: 'every cluster worker served its share of the new connections', ok: c.ok, detail: c.detail },
          ];
          // Without costs (no /proc) the hand-off is not read: no part, rather than one that passes unread.
          if (cost)
            parts.push({
              name: `without keep-alive the primary hands off every connection (≥ ×${HANDOFF_MIN} its workers' CPU per request)`,
              ok: cost.share >= HANDOFF_MIN,
              detail: `primary ${round(cost.primary, 1)} µs/req against its workers' ${round(cost.workers, 1)}: ×${round(cost.share, 2)}`,
            });
          return checkOfParts(
            parts,
            `${c.detail}; ${p.cores === null ? '' : `${round(p.cores, 2)} cores free: `}${readings}`,
          );
        },
      },
      timing: {
        ...ratioTiming('no keep-alive', noKeepAlive),
        asserts: `without keep-alive (the source's loadtest) the cluster is ${side(noKeepAlive, ': the claim is refuted here')}`,
        also: [
          {
            ...ratioTiming('keep-alive', keepAlive),
            statistic: 'r keep-alive',
            asserts: `with keep-alive the cluster is ${side(keepAlive)} (${keepAlive.holds ? 'no gain' : 'a gain'}, not ${Object.keys(keepAlive.alternatives)[0]})`,
            ...(keepAlive.reportOnly ? { reportOnly: keepAlive.reportOnly } : {}),
          },
        ],
      },
    };
  },
});
