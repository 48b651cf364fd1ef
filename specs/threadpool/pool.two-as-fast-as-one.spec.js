import { defineSpec } from '../../harness/spec.js';
import { batchPlan, poolSize, quotaBursts, sizeInForce } from '../../harness/kits/pool.js';

export default defineSpec({
  id: 'pool.two-as-fast-as-one',
  title: 'Two concurrent pbkdf2 calls take about as long as one',
  area: 'threadpool',
  claim: 'Two hashes started together finish in about the time one takes alone.',
  truth: 'True when there are at least 2 cores; on one core two tasks take about twice as long.',
  expected: 'holds',
  tags: ['timing', 'thread-accounting'],
  source: {
    file: '002_d7b7cf540677f00a.txt',
    section: '생각해 볼 만한 실험 (an experiment to think about)',
    figures: 'about 600 ms for two, as for one',
  },
  plan(ctx) {
    // Two at once needs two cores and two pool threads: a pool of one in
    // force (UV_THREADPOOL_SIZE=1) serializes them as one core does.
    const P = poolSize(ctx);
    const parallel = ctx.cores >= 2 && P >= 2;
    const why =
      P < 2
        ? `With ${sizeInForce(ctx) ?? 'a pool of 1'} the claim cannot hold: one thread runs the two in turn`
        : 'On one core the claim cannot hold';
    // The nearest machine where two do run at once: a second thread, a second core, or both.
    const label = P >= 2 ? 'two cores' : ctx.cores < 2 ? 'P=2 on two cores' : 'P=2';
    const apart = { label, P: Math.max(P, 2), C: Math.max(ctx.cores, 2) };
    // Whether two run as fast as one is the number of CPUs they get: under a
    // quota spread over more CPUs than it allows, that is neither C nor more.
    const bursts = P >= 2 && ctx.cores < 2 ? quotaBursts(ctx) : null;
    return {
      ...(bursts ? { undecidable: bursts } : {}),
      ...batchPlan(ctx, {
        k: 2,
        P,
        reference: true,
        statistic: {
          name: 'R',
          description: 'time for both over one alone in the same process, t2 / T',
          asserts: 'two take about as long as one',
          fn: (t, T) => t[1] / T,
        },
        alternatives: parallel ? [{ label: 'serialized (P=1)', P: 1, C: ctx.cores }] : [apart],
        summary: parallel ? '' : `${why}: the model expects twice the time`,
      }),
      expected: parallel ? 'holds' : 'refuted',
    };
  },
});
