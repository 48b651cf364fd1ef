import { defineSpec } from '../../harness/spec.js';
import { DEFAULT_POOL, probePool, probeText } from '../../harness/pool.js';

export default defineSpec({
  id: 'pool.default-size',
  title: 'The libuv pool has 4 threads by default',
  area: 'threadpool',
  claim: 'Without UV_THREADPOOL_SIZE, the libuv thread pool has four threads, whatever the number of cores.',
  truth: 'True on Node 20–26 (a proposal to size it from the core count is open upstream, so this is checked per version).',
  expected: 'holds',
  tags: ['structural', 'fifo-probe', 'version'],
  requires: ['posix'],
  source: { file: '000_5064a5800ba04d45.txt', section: 'Thread pool', figures: 'four threads (4-core machine)' },
  plan: (ctx) => ({
    ...(ctx.node.major > 26 ? { skip: `the default was checked on Node 20–26; this is Node ${ctx.node.version}` } : {}),
    summary: `The FIFO probe parks exactly ${DEFAULT_POOL} readers, on C=${ctx.cores}; the thread count grows by ${DEFAULT_POOL}.`,
    model: { P: DEFAULT_POOL, C: ctx.cores },
    trial: (c) => probePool(c),
    structural: {
      need: 2,
      check: (obs) => ({
        ok: obs.parked === DEFAULT_POOL && (!obs.poolThreads.length || obs.poolThreads.length === DEFAULT_POOL),
        detail: `${probeText(obs)}; expected ${DEFAULT_POOL}`,
      }),
    },
  }),
});
