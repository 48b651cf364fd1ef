import { defineSpec } from '../../harness/spec.js';
import { poolSize, sizeInForce } from '../../harness/kits/pool.js';
import { fsOnRing } from '../../harness/kits/io-uring.js';
import { barePollsOnce, mainThreadTrial, launchedPart } from '../../harness/kits/threads.js';

/**
 * ... nor does any of them bring an event loop of its own: every event loop
 * (uv_loop_init: the main thread's, a Worker's) has an epoll instance, a
 * libuv pool thread none. The harness counts the process's epoll instances
 * (/proc/<pid>/fd on anon_inode:[eventpoll]) just before the fixture's first
 * pool use and again once it has reported: honest, none new (3 and 3 on Node
 * 20 and 26, every trial); threads that only stand in for the pool, Workers
 * sleeping in Atomics.wait between jobs (pool-atomic-stand-ins), bring one
 * each: +P. Stand-ins started before the word bring theirs before the
 * count: the count after is also held to a bare Node's with the same
 * settings after a pool use (`bare`, barePollCount: 3 on Node 20–26), which
 * a loop of the program's own exceeds whenever it began. Each comparison
 * left out where a count was not read (records from before, not Linux, the
 * process unreadable; the count before where the fixture's wait for the word
 * before the pool went unanswered), and both where Node options are in
 * force (`nodeOptions`, read by the harness from /proc at exec: a preload
 * runs in every Worker and may start one at the first pool use; a fixture
 * cannot set them).
 * @param {{ before: number | null, after: number | null, bare?: number | null, nodeOptions?: string | null } | undefined} across
 * @returns {{ ok: boolean, text: string }}
 */
export function newLoops(across) {
  if (across?.nodeOptions)
    return { ok: true, text: `; event loops not counted: Node options in force (${across.nodeOptions})` };
  const { before = null, after = null, bare = null } = across ?? {};
  if (typeof after !== 'number') return { ok: true, text: '' };
  const added = typeof before === 'number' ? after - before : null;
  const beyond = typeof bare === 'number' ? after - bare : null;
  const bareText = beyond === null ? '' : `; a bare Node with the same settings has ${bare}`;
  if (added !== null && added !== 0)
    return {
      ok: false,
      text: `; the process had ${before} epoll instances before the pool started and ${after} after (${added > 0 ? '+' : ''}${added}; expected +0: pool threads run no event loop, ${added > 0 ? `${added} threads with a loop of their own came` : 'loops went'})${bareText}`,
    };
  if (beyond !== null && beyond > 0)
    return {
      ok: false,
      text: `; ${after} epoll instances once it had reported${added === null ? '' : ', as before the pool'}, ${beyond} more than a bare Node with the same settings after a pool use (${bare}): ${beyond === 1 ? 'a thread' : 'threads'} with a loop of the program's own`,
    };
  if (added === null)
    return { ok: true, text: beyond === null ? '' : `; ${after} epoll instances once it had reported${bareText}` };
  return { ok: true, text: `; no event loop came with them (${after} epoll instances, as before the pool${bareText})` };
}

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
    // Where fs.readFile reads through io_uring, no thread of the process reads
    // the file: the kernel's count cannot show the pool's work (not asserted).
    const ring = fsOnRing(ctx);
    const setting = sizeInForce(ctx);
    const pool = setting ? `the pool, ${setting}` : 'the default pool';
    // a bare Node's event loops, read once for the claim's trials (newLoops)
    const barePolls = barePollsOnce();
    return {
      summary: `More than one thread at start; exactly ${P} more (${pool}) after the first pool request, and (Linux) they are the pool's, each taking a pool request parked on a FIFO, none waiting in an event loop of its own (read by the harness: /proc/<pid>/task/<tid>/syscall) nor bringing one (no new epoll instance across the pool's start, and no more than a bare Node with the same settings has: /proc/<pid>/fd, read by the harness), and do its work: the first pool request, an fs.readFile of a 1 MiB file, is read by threads other than the main one, by the kernel's per-thread count (/proc/<pid>/task/*/io, read by the harness).`,
      trial: (c) => mainThreadTrial(c, { parkNew: true, pollsAcross: true, barePolls, launched: true }),
      structural: {
        need: 2,
        asserts: 'the pool adds its threads to the main one',
        check(obs) {
          const delta = obs.threadsAfterPool - obs.threadsAtStart;
          // The kernel's view (absent off Linux and in older records): the
          // file's bytes were read off the main thread, by the pool.
          const file = obs.reads && obs.marks && !ring ? obs.marks.file : null;
          const poolRead = file === null || obs.reads.others >= file;
          const mib = (/** @type {number} */ b) => `${Math.round((b / 1048576) * 100) / 100} MiB`;
          const kernel =
            file === null
              ? ''
              : `; the threads besides the main one read ${mib(obs.reads.others)} (the ${mib(file)} file fs.readFile asked the pool for: expected ≥ ${mib(file)})`;
          // ... and they are the pool's: each of them takes a pool request (parked on a
          // FIFO); threads that only do its work by other means take none. Where fewer
          // than P were seen parked at all, the count shows nothing (a park cut short on
          // a busy machine): void. Absent in records from before it was read, and
          // without /proc.
          // ... and these threads are the process's that was started (the claim is of "a
          // Node.js process"): the report's pid is the spawned one, the pool threads it names
          // are among that process's own (/proc/<pid>/task, read by the harness), and it has
          // no child process (main-thread.cjs starts none). Honest: same pid, 0 foreign, no
          // child, every trial (Node 20); a program that runs again as a child under other
          // V8 flags and relays its report (v8-one-idle-worker): another pid, all P foreign,
          // one child. Left out where not read (records from before, not Linux).
          // (a child not judged under Node options: a preload may start one)
          const own = launchedPart(obs.launched, obs.pid, Boolean(ctx.env?.NODE_OPTIONS));
          const parked = obs.newParked;
          // A report that is not the launched process's is a fail whatever was seen parked:
          // the parks are then another process's, which the harness does not watch
          // (v8-one-idle-worker voided 6 trials of 8 so, and ended inconclusive).
          if (
            parked != null &&
            obs.poolParked < P &&
            obs.threadsAtStart > 1 &&
            delta === P &&
            poolRead &&
            own?.ok !== false
          )
            return {
              ok: false,
              invalid: true,
              detail: `only ${obs.poolParked} of ${P} pool requests were seen parked: which threads take them is not shown`,
            };
          const parkedOk = parked == null || parked === P;
          const taken = parked == null ? '' : `; ${parked} of them took a pool request each (expected ${P})`;
          // ... and none of them runs an event loop of its own: idle, a pool thread waits
          // on a condition variable (futex), a JavaScript thread (a Worker taking pool
          // requests in a copyFileSync of its own: pool-one-short) in epoll_wait. Read by
          // the harness once the fixture has reported (startedWaits): honest, futex for
          // all (Node 20–26); the Worker in epoll_wait. Absent off Linux and in older records.
          const waits = Array.isArray(obs.poolWaits) ? obs.poolWaits : null;
          const loops = waits ? waits.filter((/** @type {any} */ w) => String(w.wait).startsWith('epoll:')) : [];
          const loopText = !waits
            ? ''
            : loops.length
              ? `; ${loops.length} of them ${loops.length === 1 ? 'waits' : 'wait'} in an event loop of its own (epoll_wait, tid ${loops.map((/** @type {any} */ w) => w.tid).join(', ')}): a JavaScript thread, not the pool's`
              : `; none of them waits in an event loop (a pool thread waits on a condition variable)`;
          const brought = newLoops(obs.pollsAcross);
          return {
            ok:
              obs.threadsAtStart > 1 &&
              delta === P &&
              poolRead &&
              parkedOk &&
              loops.length === 0 &&
              brought.ok &&
              own?.ok !== false,
            detail: `${obs.threadsAtStart} threads at start, ${obs.threadsAfterPool} after the pool started (+${delta}; expected > 1 and +${P})${taken}${loopText}${brought.text}${kernel}${ring ? `; who read the file not asserted: ${ring}, fs.readFile reads through io_uring` : ''}${own ? `; ${own.detail}` : ''}`,
          };
        },
      },
    };
  },
});
