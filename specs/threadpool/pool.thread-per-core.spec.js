import { defineSpec } from '../../harness/spec.js';
import { DEFAULT_POOL, probePool } from '../../harness/pool.js';

export default defineSpec({
  id: 'pool.thread-per-core',
  title: 'Each pool thread is assigned to its own core',
  area: 'threadpool',
  claim: 'The four pool threads are placed one per core, which is why four hashes run in parallel on a four-core machine.',
  truth: 'Refuted: libuv sets no affinity. Every pool thread may run on every CPU the process may use, and the pool has 4 threads even on one CPU.',
  expected: 'refuted',
  tags: ['structural', 'fifo-probe'],
  requires: ['linux'],
  source: { file: '000_5064a5800ba04d45.txt', section: 'Thread pool', figures: 'one thread per core (4-core machine)' },
  plan: (ctx) => ({
    summary: `Each of the ${DEFAULT_POOL} pool threads may run on all ${ctx.cores} CPU(s) the process may use${ctx.cores < DEFAULT_POOL ? `; ${DEFAULT_POOL} threads on ${ctx.cores} CPU(s) cannot be one per core` : ''}.`,
    model: { P: DEFAULT_POOL, C: ctx.cores },
    trial: (c) => probePool(c),
    structural: {
      need: 2,
      check(obs) {
        const proc = obs.affinity.process.join(',');
        const lists = Object.values(obs.affinity.threads).map((/** @type {any} */ l) => l.join(','));
        const pinned = lists.filter((l) => l !== proc);
        return {
          ok: lists.length === DEFAULT_POOL && pinned.length === 0 && obs.parked === DEFAULT_POOL,
          detail: `${lists.length} pool threads (${obs.parked} parked), each allowed on CPUs ${[...new Set(lists)].join(' / ') || '?'} = the process's ${proc}${pinned.length ? `; ${pinned.length} pinned elsewhere` : ''}`,
        };
      },
    },
  }),
});
