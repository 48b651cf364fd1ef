import { defineSpec } from '../../harness/spec.js';
import { poolSize, sizeInForce } from '../../harness/kits/pool.js';

export default defineSpec({
  id: 'main-thread.not-alone',
  title: 'The process has many threads besides the main one',
  area: 'threadpool',
  claim:
    'A Node.js process is not one thread: besides the main thread it runs V8 platform workers and helpers from the start, and the pool threads once the pool is first used.',
  truth:
    'True: about 7 threads at start on Linux (main, 4 V8 workers, 2 helpers), plus P pool threads at the first pool request.',
  expected: 'holds',
  tags: ['structural', 'thread-accounting'],
  requires: ['linux'],
  source: { file: '001_d7825f0db40d285a.txt', section: 'V8 and libuv', figures: null },
  plan(ctx) {
    // The claim holds whatever the pool's size: the model only counts P new threads.
    const P = poolSize(ctx);
    const setting = sizeInForce(ctx);
    const pool = setting ? `the pool, ${setting}` : 'the default pool';
    return {
      summary: `More than one thread at start; exactly ${P} more (${pool}) after the first pool request.`,
      trial: (c) => c.run('main-thread.cjs'),
      structural: {
        need: 2,
        asserts: 'the pool adds its threads to the main one',
        check(obs) {
          const delta = obs.threadsAfterPool - obs.threadsAtStart;
          return {
            ok: obs.threadsAtStart > 1 && delta === P,
            detail: `${obs.threadsAtStart} threads at start, ${obs.threadsAfterPool} after the pool started (+${delta}; expected > 1 and +${P})`,
          };
        },
      },
    };
  },
});
