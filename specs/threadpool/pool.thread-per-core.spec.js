import { defineSpec } from '../../harness/spec.js';
import { poolSize, probePool, sizeInForce, poolReading } from '../../harness/kits/pool.js';

export default defineSpec({
  id: 'pool.thread-per-core',
  title: 'Each pool thread is assigned to its own core',
  area: 'threadpool',
  claim:
    'The four pool threads are placed one per core, which is why four hashes run in parallel on a four-core machine.',
  truth:
    'Refuted: libuv sets no affinity. Every pool thread may run on every CPU the process may use, and the pool has 4 threads even on one CPU.',
  expected: 'refuted',
  tags: ['structural', 'fifo-probe'],
  requires: ['linux'],
  source: { file: '000_5064a5800ba04d45.txt', section: 'Thread pool', figures: 'one thread per core (4-core machine)' },
  plan(ctx) {
    const P = poolSize(ctx);
    const setting = sizeInForce(ctx);
    return {
      summary:
        `Each of the ${P} pool threads${setting ? ` (${setting})` : ''} ` +
        `may run on all ${ctx.cores} CPU(s) the process may use` +
        `${ctx.cores < P ? `; ${P} threads on ${ctx.cores} CPU(s) cannot be one per core` : ''}.`,
      model: { P, C: ctx.cores },
      trial: (c) => probePool(c, { atWork: true }),
      structural: {
        need: 2,
        asserts: 'each pool thread may run on all the process’s CPUs',
        check(obs) {
          const proc = obs.affinity.process.join(',');
          const lists = Object.values(obs.affinity.threads).map((/** @type {any} */ l) => l.join(','));
          // ... and while hashes run on the pool, the work the claim is about: threads placed
          // only for CPU work are placed then (records from before it was read have none;
          // a list unread, its thread gone, is left out)
          const atWork = Object.values(obs.affinity.threadsAtWork?.lists ?? {})
            .filter((/** @type {any} */ l) => Array.isArray(l))
            .map((/** @type {any} */ l) => l.join(','));
          const pinned = [...lists, ...atWork].filter((l) => l !== proc);
          const ok = lists.length === P && pinned.length === 0 && obs.parked === P && poolReading(obs).agree;
          const detail = `${lists.length} pool threads (${obs.parked} parked), each allowed on CPUs ${[...new Set(lists)].join(' / ') || '?'}${atWork.length ? `, and while hashes ran on ${[...new Set(atWork)].join(' / ')}` : ''} = the process's ${proc}${pinned.length ? `; ${pinned.length} readings pinned elsewhere` : ''}`;
          // Every hash ended before the lists were read (null), or none of the lists could be
          // read then: the idle pool alone says nothing of placement for CPU work, so the
          // trial counts neither way (records from before the reading have no threadsAtWork).
          const unread = obs.affinity.threadsAtWork === null || (obs.affinity.threadsAtWork && atWork.length === 0);
          if (ok && unread)
            return {
              ok: false,
              invalid: true,
              detail: `every hash ended before the lists were read at work; ${detail}`,
            };
          return { ok, detail };
        },
      },
    };
  },
});
