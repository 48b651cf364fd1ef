import { defineSpec } from '../../harness/spec.js';
import { DEFAULT_POOL, batchPlan } from '../../harness/pool.js';

export default defineSpec({
  id: 'pool.pbkdf2-four-together',
  title: 'Four concurrent pbkdf2 calls finish at about the same time',
  area: 'threadpool',
  claim: 'Four crypto.pbkdf2 calls started together run on four pool threads at once and finish at about the same time.',
  truth: 'True; with fewer than 4 cores the four share them and finish together near 4T/C, with scheduler jitter.',
  expected: 'holds',
  tags: ['timing', 'thread-accounting'],
  source: { file: '000_5064a5800ba04d45.txt', section: 'Thread pool', figures: '1213, 1216, 1222, 1224 ms (4 cores); 001_d7825f0db40d285a.txt (V8 and libuv): 937–948 ms against 938 ms alone' },
  plan: (ctx) =>
    batchPlan(ctx, {
      k: 4,
      P: DEFAULT_POOL,
      statistic: { name: 'S', description: 'spread of the four completions, (t4 − t1) / t4', fn: (t) => (t[3] - t[0]) / t[3] },
      alternatives: [{ label: 'P=3', P: 3, C: ctx.cores }],
    }),
});
