import { defineSpec } from '../../harness/spec.js';
import { SOURCE_004 } from '../../harness/kits/cluster.js';
import { abbaTrial, checkBlock, blockTiming } from '../../harness/kits/abba.js';
import { round } from '../../harness/stats.js';

/** A cluster gain below this factor counts as none (the spread of one block's ratio between equal servers). */
const NO_GAIN = 1.1;

/** The two loads run against every server of a block, reported separately. */
const VARIANTS = { 'no keep-alive': { keepAlive: false }, 'keep-alive': { keepAlive: true } };

export default defineSpec({
  id: 'cluster.slower-on-light',
  title: 'On a light endpoint a cluster is no faster than one process',
  area: 'cluster',
  claim: 'On a light endpoint the cluster brings no speed-up and can even be slower than a single process.',
  truth:
    'Nuanced: the primary hands each new connection to a worker, a cost per connection. Without keep-alive (as the source’s loadtest ran) the cluster gains little or loses; with keep-alive and spare cores it can win.',
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
    // The assertion is the source's: the cluster's throughput on /light is not
    // higher than one process's (r = ln(cluster / single) ≤ 0). A gain below
    // ×NO_GAIN counts as none: block ratios of two equal servers spread about
    // that much. So the pass region is r < ln(NO_GAIN), whatever C is: a
    // cluster measurably faster fails, on 2 cores as on 64. The wrong
    // alternative, "scales like /heavy", is ln(min(W, C)) (ln W on one core).
    // A closed-loop generator on /light needs about a core of its own (measured
    // here: 1.0–1.3 cores per run), so the server has C − 1 to spare: the
    // cluster cannot gain beyond min(W, C − 1) either way.
    const spare = Math.max(1, Math.min(W, C - 1));
    const alt = Math.log(Math.max(2, Math.min(W, C)));
    const boundary = Math.log(NO_GAIN);
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
    };
    return {
      summary:
        `One trial = one ABBA/BAAB block: a fresh single process (A) and a fresh cluster of ${W} workers (B); against each, ${block.connections} connections of /light for ≈${block.durationMs} ms without keep-alive (a new connection per request, as the source's loadtest) and with keep-alive, order alternating; r = ln(thr cluster / thr single) per variant. ` +
        `Server and generator share the CPUs. The generator needs about a core on /light, leaving the server ${C - 1 < 1 ? 'less than one' : C - 1}: without keep-alive the claim is no gain (r ≤ 0; a gain under ×${NO_GAIN} counts as none, so the region is r < ${round(boundary, 3)}), against ${round(alt, 3)} if it scaled like /heavy. ` +
        `With keep-alive the hand-off happens once per connection, so the cluster may win with spare cores (the source's loadtest ran without): that ratio is reported, not judged. ` +
        `Where the generator is CPU-bound with cores to spare, the block measured the generator, not the server: it is void (inconclusive if all are). Where it is CPU-bound on a saturated machine (≥ 0.9 of the cores busy), both arms shared every core with the same client, as the source's loadtest on the same host: the block compares what each server costs, and counts.`,
      model: {
        C,
        W,
        spareCores: spare,
        noKeepAlive: { r: 0, boundary: round(boundary, 4), alternative: round(alt, 4) },
        keepAlive: 'reported, not judged',
      },
      trial: (c, n) => abbaTrial(c, n, block),
      structural: {
        // Every cluster worker served; no generator-bound run (else void). Two agreeing blocks.
        need: 2,
        cap: 3,
        check: (obs) => {
          const c = checkBlock(obs, { saturated: true });
          return {
            ...c,
            detail: `${c.detail} (keep-alive ratio ${round(Math.exp(obs.ratios['keep-alive']), 3)}: reported, not judged)`,
          };
        },
      },
      timing: blockTiming({
        description: `ln(throughput cluster W=${W} / throughput single), /light without keep-alive, per ABBA block`,
        claim: 0,
        alternatives: { [`cluster faster ×${round(Math.exp(alt), 2)}`]: alt },
        toward: boundary / alt,
        value: (obs) => obs.ratios['no keep-alive'],
      }),
    };
  },
});
