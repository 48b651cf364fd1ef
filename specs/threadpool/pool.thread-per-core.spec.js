import { defineSpec } from '../../harness/spec.js';
import {
  poolSize,
  probePool,
  sizeInForce,
  poolReading,
  fifoCountUnavailable,
  fifosFor,
} from '../../harness/kits/pool.js';

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
    // the probe parks more readers than the pool (fifosFor): too many for this machine's open files, no count
    const unavailable = fifoCountUnavailable(ctx, fifosFor(P));
    return {
      ...(unavailable ? { skip: unavailable } : {}),
      summary:
        `Each of the ${P} pool threads${setting ? ` (${setting})` : ''} ` +
        `may run on all ${ctx.cores} CPU(s) the process may use` +
        `${ctx.cores < P ? `; ${P} threads on ${ctx.cores} CPU(s) cannot be one per core` : ''}` +
        (ctx.platform === 'linux'
          ? `, idle and while hashes run on them: the harness watches the CPU list of every thread but the main one (/proc/<pid>/task/<tid>/status), listing them itself, every 2 ms from before the hashes are queued until they have all ended.`
          : '.'),
      model: { P, C: ctx.cores },
      trial: (c) => probePool(c, { atWork: true, outside: true }),
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
          // ... and all the while the hashes ran, not only in their first milliseconds: the
          // harness's own looks, every 2 ms from before they were queued until they had all
          // ended, at every thread of the process but the main one, listed by the harness
          // itself (a placement made a few ms into the work, pool-pin-late, shows there;
          // honest, every look reads the process's list: 20–60 looks a trial on the 2-CPU
          // VM). Absent off Linux and in records from before it was read; a watch the
          // fixture went on without (its answer late) began at another moment: void.
          const late = Array.isArray(obs.outside?.late) && obs.outside.late.includes('at-work');
          const watched = late ? null : (obs.outside?.atWork ?? null);
          const watchedOk = !watched || watched.pinnedLooks === 0;
          const watchText = !watched
            ? ''
            : watchedOk
              ? `; watched from outside while the hashes ran: ${watched.looks} looks over ${watched.ms} ms${watched.threads ? ` at ${watched.threads} threads` : ''}, each list the process's`
              : `; watched from outside while the hashes ran: ${watched.pinnedLooks} of ${watched.looks} looks read a thread bound to other CPUs than the process's ${watched.process} (${watched.pinned.map((/** @type {any} */ p) => `tid ${p.tid} on ${p.cpus} from ${p.atMs} ms`).join(', ')})`;
          const ok =
            lists.length === P && pinned.length === 0 && obs.parked === P && poolReading(obs).agree && watchedOk;
          const detail = `${lists.length} pool threads (${obs.parked} parked), each allowed on CPUs ${[...new Set(lists)].join(' / ') || '?'}${atWork.length ? `, and while hashes ran on ${[...new Set(atWork)].join(' / ')}` : ''} = the process's ${proc}${pinned.length ? `; ${pinned.length} readings pinned elsewhere` : ''}${watchText}`;
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
          if (ok && late)
            return {
              ok: false,
              invalid: true,
              detail: `the probe went on without the harness's answer before the hashes (its watch late); ${detail}`,
            };
          return { ok, detail };
        },
      },
    };
  },
});
