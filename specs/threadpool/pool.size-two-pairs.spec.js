import { defineSpec } from '../../harness/spec.js';
import { batchPlan } from '../../harness/kits/pool.js';

export default defineSpec({
  id: 'pool.size-two-pairs',
  title: 'UV_THREADPOOL_SIZE=2: four pbkdf2 calls finish in two pairs',
  area: 'threadpool',
  claim: 'With a pool of two threads, four hashes finish as two pairs: two together, two about one batch later.',
  truth: 'True, as the model predicts for P = 2.',
  expected: 'holds',
  tags: ['timing', 'thread-accounting', 'env'],
  source: {
    file: '002_d7b7cf540677f00a.txt',
    section: '스레드풀의 스레드 갯수를 조정해서 실험한다면? (resizing the pool)',
    figures: '548/549 then 1098/1100 ms',
  },
  plan: (ctx) =>
    batchPlan(ctx, {
      k: 4,
      P: 2,
      size: '2',
      statistic: {
        name: 'G',
        description: 'gap between the pairs, (t3 − t2) / t4',
        asserts: 'in pairs: the second pair finishes about a task after the first',
        fn: (t) => (t[2] - t[1]) / t[3],
      },
      alternatives: [
        { label: 'P=1', P: 1, C: ctx.cores },
        { label: 'P=3', P: 3, C: ctx.cores },
      ],
    }),
});
