import { defineSpec } from '../../harness/spec.js';
import { batchPlan } from '../../harness/kits/pool.js';

export default defineSpec({
  id: 'pool.size-one-serializes',
  title: 'UV_THREADPOOL_SIZE=1 runs pbkdf2 calls one after another',
  area: 'threadpool',
  claim:
    'With a pool of one thread, four hashes run one at a time: each finishes about one task-time after the previous.',
  truth: 'True: every gap is about T and only one pool thread exists.',
  expected: 'holds',
  tags: ['timing', 'thread-accounting', 'env'],
  source: {
    file: '001_d7825f0db40d285a.txt',
    section: 'So, where can I see the multi thread magic?',
    figures: '936, 1865, 2813, 3765 ms',
  },
  plan: (ctx) =>
    batchPlan(ctx, {
      k: 4,
      P: 1,
      size: '1',
      statistic: {
        name: 'M',
        description: 'smallest gap between consecutive completions, min(t(i+1) − t(i)) / t4',
        asserts: 'one at a time: each finishes about a task after the one before',
        fn: (t) => Math.min(t[1] - t[0], t[2] - t[1], t[3] - t[2]) / t[3],
      },
      alternatives: [{ label: 'P=2', P: 2, C: ctx.cores }],
    }),
});
