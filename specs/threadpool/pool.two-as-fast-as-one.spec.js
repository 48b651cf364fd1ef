import { defineSpec } from '../../harness/spec.js';
import { DEFAULT_POOL, batchPlan } from '../../harness/pool.js';

export default defineSpec({
  id: 'pool.two-as-fast-as-one',
  title: 'Two concurrent pbkdf2 calls take about as long as one',
  area: 'threadpool',
  claim: 'Two hashes started together finish in about the time one takes alone.',
  truth: 'True when there are at least 2 cores; on one core two tasks take about twice as long.',
  expected: 'holds',
  tags: ['timing', 'thread-accounting'],
  source: { file: '002_d7b7cf540677f00a.txt', section: '생각해 볼 만한 실험 (an experiment to think about)', figures: 'about 600 ms for two, as for one' },
  plan(ctx) {
    const parallel = ctx.cores >= 2;
    return {
      ...batchPlan(ctx, {
        k: 2,
        P: DEFAULT_POOL,
        reference: true,
        statistic: { name: 'R', description: 'time for both over one alone in the same process, t2 / T', fn: (t, T) => t[1] / T },
        alternatives: parallel ? [{ label: 'serialized (P=1)', P: 1, C: ctx.cores }] : [{ label: 'two cores', P: DEFAULT_POOL, C: 2 }],
        summary: parallel ? '' : 'On one core the claim cannot hold: the model expects twice the time',
      }),
      expected: parallel ? 'holds' : 'refuted',
    };
  },
});
