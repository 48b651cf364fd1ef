import { defineSpec } from '../../harness/spec.js';
import {
  DEFAULT_POOL,
  batchPlan,
  judgeTimingOnlyWithCores,
  otherSizeSentence,
  poolAlternatives,
  poolSize,
} from '../../harness/kits/pool.js';

export default defineSpec({
  id: 'pool.fifth-lags',
  title: 'With five pbkdf2 calls, four finish together and the fifth about one task later',
  area: 'threadpool',
  claim:
    'The pool runs four tasks at once, so a fifth waits for a free thread and finishes about one task-time after the other four.',
  truth: 'True; the lag is about T when C ≥ 4 and what the model predicts otherwise (C/(4 + C) of t5 for C ≤ 4).',
  expected: 'holds',
  tags: ['timing', 'thread-accounting'],
  source: {
    file: '000_5064a5800ba04d45.txt',
    section: 'What If I Have Two Cores and Multiple Operations to Perform?',
    figures: '1222, 1258, 1265, 1310, 1833 ms (4 cores)',
  },
  plan(ctx) {
    // Under settings that give another pool size, the model follows it; the
    // claim's four-then-one is then refuted here, as the model expects.
    const P = poolSize(ctx);
    const other = P !== DEFAULT_POOL;
    const plan = batchPlan(ctx, {
      k: 5,
      P,
      statistic: {
        name: 'L',
        description: 'lag of the last task, (t5 − t4) / t5',
        asserts: 'the fifth finishes about one task after the four',
        fn: (t) => (t[4] - t[3]) / t[4],
      },
      alternatives: poolAlternatives({ P, C: ctx.cores, k: 5 }),
      summary: other ? otherSizeSentence(ctx, 5, '4 + 1') : '',
    });
    const judged = judgeTimingOnlyWithCores(ctx, plan, {
      P,
      k: 5,
      asserts: 'The lag of about one task',
      statistic: 'the lag L',
    });
    return other ? { ...judged, expected: 'refuted' } : judged;
  },
});
