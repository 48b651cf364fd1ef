import { randomInt } from 'node:crypto';
import { defineSpec } from '../../harness/spec.js';
import {
  poolSize,
  probePool,
  sizeInForce,
  poolReading,
  fifoCountUnavailable,
  fifosFor,
  launchPart,
  plainIoUring,
} from '../../harness/kits/pool.js';

/**
 * The hashes a trial queues while it reads the pool at work, drawn by the harness for each
 * trial and not told the probe in advance: four, each a pbkdf2 of 40,000–250,000 iterations
 * (20–125 ms of CPU on the 2-CPU VM) or, one in four, a scrypt of N 2^14 or 2^15. A
 * placement made only for some CPU work (long hashes, pool-pin-long-hash: 100,000
 * iterations or more) meets one such hash in nearly every trial (all four below 100,000:
 * (60/210)^4, under 1%); no fixed size a placement could avoid.
 */
export const drawAtWorkHashes = () =>
  Array.from({ length: 4 }, () =>
    randomInt(4) === 0
      ? { kind: /** @type {const} */ ('scrypt'), N: 2 ** (14 + randomInt(2)) }
      : { kind: /** @type {const} */ ('pbkdf2'), iterations: randomInt(40_000, 250_001) },
  );

/**
 * The age of the process (ms on the harness's clock from its spawn) at which one trial of
 * each pair reads the pool at work again: drawn in 3.4–4.0 s, late in a process that would
 * otherwise end in under a second (a placement made once a process has run a while,
 * pool-pin-uptime at 3 s, is there by then). Only one trial of a pair waits so long: these
 * claims run side by side. Any bounded age can be out-waited by a placement made later.
 */
export const drawLateAtMs = () => randomInt(3_400, 4_001);

export default defineSpec({
  id: 'pool.thread-per-core',
  title: 'Each pool thread is assigned to its own core',
  area: 'threadpool',
  claim:
    'The four pool threads are placed one per core, which is why four hashes run in parallel on a four-core machine.',
  truth:
    'Refuted: libuv sets no affinity. Every pool thread may run on every CPU the process may use, and the pool has 4 threads even on one CPU.',
  expected: 'refuted',
  tags: ['structural', 'fifo-probe', 'mostly-waits'],
  requires: ['linux'],
  source: { file: '000_5064a5800ba04d45.txt', section: 'Thread pool', figures: 'one thread per core (4-core machine)' },
  plan(ctx) {
    const P = poolSize(ctx);
    const setting = sizeInForce(ctx);
    // the probe parks more readers than the pool (fifosFor): too many for this machine's open files, no count
    const unavailable = fifoCountUnavailable(ctx, fifosFor(P));
    // where this Node sends fs requests to io_uring by default, the plain probes keep UV_USE_IO_URING=0
    const ringKept = plainIoUring(ctx);
    return {
      ...(unavailable ? { skip: unavailable } : {}),
      summary:
        `Each of the ${P} pool threads${setting ? ` (${setting})` : ''} ` +
        `may run on all ${ctx.cores} CPU(s) the process may use` +
        `${ctx.cores < P ? `; ${P} threads on ${ctx.cores} CPU(s) cannot be one per core` : ''}` +
        (ctx.platform === 'linux'
          ? `, idle and while hashes run on them: the harness watches the CPU list of every thread but the main one (/proc/<pid>/task/<tid>/status), listing them itself, every 2 ms from before the hashes are queued until they have all ended; the hashes drawn by the harness for each trial (pbkdf2 of 40,000–250,000 iterations or scrypt), and in the first trial of each pair queued and watched again at an age of the process it draws (3.4–4.0 s).`
          : '.') +
        ` Each probe starts as a program started from a shell does: no IPC channel, no descriptor beyond stdin, stdout and stderr, none of the harness's variables in its environment${ringKept ? ` but UV_USE_IO_URING=0 (${ringKept})` : ''} (read from outside; a start not read is void).`,
      model: { P, C: ctx.cores },
      trial(c, n = 1) {
        // the first trial of each pair (odd trials) reads late in the process's life too: a
        // run stopped after its first trial (--quick) still has it; the fixture is told it is
        // a late trial (lateAtWork), so a draw of which one would hide nothing. The age stays
        // drawn, and untold.
        const late = n % 2 === 1 ? { lateAtMs: drawLateAtMs() } : {};
        // started plain, as a user's program (probePool `plain`): no IPC channel to tell it from one
        return probePool(c, { atWork: true, outside: true, atWorkHashes: drawAtWorkHashes(), ...late, plain: true });
      },
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
          // ... and late in the process's life, not only in its first second: in the first
          // trial of each pair the probe queues its hashes again at an age the harness draws
          // (3.4–4.0 s) and the harness watches every thread from then until they end
          // (honest, every look reads the process's list: 20–120 looks at 3.4–4.1 s on the
          // 2-CPU VM; a placement made at 3 s, pool-pin-uptime, reads 0,1 there). Absent in
          // the other trials and records from before it; the probe gone on without the
          // harness's answer (late-at-work unanswered): left out.
          const lateWatch =
            Array.isArray(obs.outside?.late) && obs.outside.late.includes('late-at-work')
              ? null
              : (obs.outside?.lateAtWork ?? null);
          const lateOk = !lateWatch || lateWatch.pinnedLooks === 0;
          const lateText = !lateWatch
            ? ''
            : lateOk
              ? `; and late, from ${lateWatch.atMs} ms: ${lateWatch.looks} looks over ${lateWatch.ms} ms, each list the process's`
              : `; and late, from ${lateWatch.atMs} ms: ${lateWatch.pinnedLooks} of ${lateWatch.looks} looks read a thread bound to other CPUs than the process's ${lateWatch.process} (${lateWatch.pinned.map((/** @type {any} */ p) => `tid ${p.tid} on ${p.cpus} from ${p.atMs} ms`).join(', ')})`;
          const watchText = !watched
            ? ''
            : watchedOk
              ? `; watched from outside while the hashes ran: ${watched.looks} looks over ${watched.ms} ms${watched.threads ? ` at ${watched.threads} threads` : ''}, each list the process's`
              : `; watched from outside while the hashes ran: ${watched.pinnedLooks} of ${watched.looks} looks read a thread bound to other CPUs than the process's ${watched.process} (${watched.pinned.map((/** @type {any} */ p) => `tid ${p.tid} on ${p.cpus} from ${p.atMs} ms`).join(', ')})`;
          // ... and the probe started as a user's program: no IPC channel, no harness variable
          // in its environment as read from outside (launchPart; pool.default-size reads it the
          // same). A start not read (a record from before it was read) is void, never a pass.
          const launch = launchPart(obs.launch, Object.keys(ctx.env ?? {}), ringKept);
          const launchFailed = !launch.ok && !launch.void;
          const ok =
            lists.length === P &&
            pinned.length === 0 &&
            obs.parked === P &&
            poolReading(obs).agree &&
            watchedOk &&
            lateOk &&
            !launchFailed;
          const detail = `${lists.length} pool threads (${obs.parked} parked), each allowed on CPUs ${[...new Set(lists)].join(' / ') || '?'}${atWork.length ? `, and while hashes ran on ${[...new Set(atWork)].join(' / ')}` : ''} = the process's ${proc}${pinned.length ? `; ${pinned.length} readings pinned elsewhere` : ''}${watchText}${lateText}; ${launch.detail}`;
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
          if (ok && launch.void) return { ok: false, invalid: true, detail };
          return { ok, detail };
        },
      },
    };
  },
});
