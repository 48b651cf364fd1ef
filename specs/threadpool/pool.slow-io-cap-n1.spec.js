import { existsSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { defineSpec } from '../../harness/spec.js';
import { gateUnavailable, gateCheck, lookupsRequested, statOffPool } from '../../harness/kits/network.js';
import { runWithLook } from '../../harness/kits/look.js';
import { parkedFromOutside } from '../../harness/kits/pool.js';
import { barePollsOnce } from '../../harness/kits/threads.js';
import { createRequire } from 'node:module';

/**
 * @type {{ threadWait: (pid: number, tid: number) => string | null,
 *   eventPollFds: (pid: number) => number[] | null }}
 */
const proc = createRequire(import.meta.url)('../../fixtures/lib/proc.cjs');

// libuv lets at most slow_work_thread_threshold() = (nthreads + 1) / 2 pool
// threads run "slow I/O" (getaddrinfo, getnameinfo) at once (threadpool.c):
// the cap keeps the rest for fs and crypto work, but with one thread it is 1,
// the whole pool. Lookups are held inside getaddrinfo at a HOSTALIASES gate
// (as in pool.dns-half-cap); then one fs.stat. With P=1 it waits for the
// lookup; with P=2 (the control: same lookups, same gate) the cap is still 1
// and the stat takes the other thread at once.
const CASES = [
  { P: 1, lookups: 2, held: 1, statWaits: true },
  { P: 2, lookups: 3, held: 1, statWaits: false },
];
const CONTROL_MS = 200;

/**
 * One case's run: fixtures/pool-parked.cjs (slow-io), its fs.stat beside an
 * fs.mkdir of a path the harness draws here (under the run's scratch
 * directory, a name the fixture learns only as it starts). With the lookups
 * held, the fixture says so ('held') and waits; the harness looks from
 * outside whether that directory exists (`madeSeen`), answers, and only then
 * does the fixture open the gate. null where no look was taken (it did not say).
 * @param {import('../../harness/context.js').Context} c @param {(typeof CASES)[number]} k
 */
async function slowIoRun(c, k) {
  const drawn = path.join(c.tmpdir, `drawn-${randomUUID()}`);
  /** @type {{ tid: number, cpuMs: number | null }[] | null} */
  let gate = null;
  /** @type {{ tid: number, wait: string | null }[] | null} */
  let waits = null;
  /** @type {boolean | null} */
  let madeSeen = null;
  // the process's event loops (epoll instances) before any lookup and once through
  /** @type {{ begin: number | null, through: number | null }} */
  const loops = { begin: null, through: null };
  try {
    const { data } = await runWithLook(
      c,
      'pool-parked.cjs',
      {
        options: { mode: 'slow-io', lookups: k.lookups, controlMs: CONTROL_MS, drawn },
        env: { UV_THREADPOOL_SIZE: String(k.P) },
        timeoutMs: 15_000,
      },
      (pid, m) => {
        if (m?.at === 'begin') {
          loops.begin = proc.eventPollFds(pid)?.length ?? null;
          return null;
        }
        // once through: where each thread seen parked at the gate waits now (gone: null)
        if (m?.at === 'through') {
          loops.through = proc.eventPollFds(pid)?.length ?? null;
          waits = (gate ?? []).map(({ tid }) => ({
            tid,
            wait: existsSync(`/proc/${pid}/task/${tid}`) ? proc.threadWait(pid, tid) : 'gone',
          }));
          return null;
        }
        gate = parkedFromOutside(pid); // the threads parked in open(2) on a FIFO: at the gate
        madeSeen = existsSync(drawn);
        return null;
      },
    );
    const through = data.lookedThrough === true;
    return {
      ...data,
      madeSeen,
      gate: { parked: gate, waits: through ? waits : null },
      loops: through && data.lookedBegin === true ? loops : null,
    };
  } finally {
    rmSync(drawn, { recursive: true, force: true });
  }
}

/**
 * Whether an fs request's work waited (`want.statWaits`) or was done at once
 * with the lookups held, as the harness saw it from outside: the directory
 * of the fixture's fs.mkdir (a path the harness drew) was there, or not, when
 * it looked with the gate still shut (slowIoRun). With P=1 an fs call whose
 * work is done at once on the main thread and only its callback waits
 * (fs-inline-behind-lookups) made it there; honest, it is not there with P=1
 * and there with P=2 (its one free thread makes it within the 200 ms),
 * every trial. null where no look was taken (records from before, a fixture
 * that did not say) or where the fixture did not wait for it (`looked` not
 * true: a look that came after it gave up may have seen the gate open): the
 * part is left out.
 * @param {any} s @param {{ statWaits: boolean }} want
 * @returns {{ ok: boolean, text: string } | null}
 */
export function madeWhileHeld(s, want) {
  if (typeof s.madeSeen !== 'boolean' || s.looked !== true) return null;
  const ok = s.madeSeen !== want.statWaits && (!s.made || (s.made.done && !s.made.error));
  const where = s.madeSeen ? 'was made with the lookups held' : 'was not made with the lookups held';
  return {
    ok,
    text:
      `an fs.mkdir ${where} (seen from outside)` +
      (s.made?.error ? `, error ${s.made.error}` : '') +
      (ok ? '' : ` (expected it ${want.statWaits ? 'not made until the lookup returned' : 'made at once'})`),
  };
}

/**
 * The part that says the lookups held at the gate hold pool threads: the threads the
 * harness saw parked in open(2) on a FIFO with the lookups held (as many as are held),
 * read again from outside once every call has settled: none in an event loop (epoll: a
 * Worker that opens the gate itself, lookup-worker-gate) and none gone (a pool thread
 * lives as long as the process). Where else they wait is not judged (an idle pool thread
 * waits on a condition variable, futex; the text says only what was found against). Honest: 1 thread parked, futex once through, every trial (P=1 and P=2);
 * lookup-worker-gate at P=1: 1 thread parked, in epoll once through. null where not read
 * (a record from before, not Linux, the fixture went on without the second look).
 * @param {any} s @param {number} held the lookups held
 * @returns {{ ok: boolean, text: string } | null}
 */
export function gatePool(s, held) {
  const parked = s.gate?.parked;
  const waits = s.gate?.waits;
  if (!Array.isArray(parked) || !Array.isArray(waits)) return null;
  const read = waits.filter((/** @type {any} */ w) => typeof w.wait === 'string');
  const loops = read.filter((/** @type {any} */ w) => w.wait.startsWith('epoll:')).length;
  const gone = read.filter((/** @type {any} */ w) => w.wait === 'gone').length;
  const ok = parked.length === held && loops === 0 && gone === 0;
  return {
    ok,
    text:
      `${parked.length} thread${parked.length === 1 ? '' : 's'} parked at the gate, seen from outside` +
      (parked.length === held ? '' : ` (expected ${held})`) +
      (loops || gone
        ? `, once through ${loops ? `${loops} in an event loop (epoll_wait: a JavaScript thread, not the pool's)` : ''}${loops && gone ? ', ' : ''}${gone ? `${gone} gone (a pool thread lives as long as the process)` : ''}`
        : read.length
          ? ', none in an event loop once through'
          : ''),
  };
}

/**
 * The part that says the thread held at the gate is the pool's, not a JavaScript
 * thread's: the harness counts from outside the process's event loops (epoll instances in
 * /proc/<pid>/fd) before any lookup and once every call has settled. A libuv pool thread
 * has none; a Worker has one of its own. A Worker that stands in for the pool (its thread
 * blocked in openat at the gate, asleep in futex between lookups, the pool never started:
 * lookup-futex-worker) adds one: 3 then 4 on Node 20. Honest: the same count at both (3
 * and 3 on Node 20: the main thread's and Node's platform's), every trial, P=1 and P=2.
 * The count before is held to a bare Node's with the same settings (`bareLoops`,
 * kits/threads.js barePollCount: 3 on Node 20–26), so that a Worker started before the
 * lookups, already there at the first count, shows too. null where not read (a record
 * from before, not Linux, a look not taken, Node options in force: bareLoops null).
 * @param {any} s
 * @returns {{ ok: boolean, text: string } | null}
 */
export function noNewLoop(s) {
  const l = s.loops;
  if (!l || typeof l.begin !== 'number' || typeof l.through !== 'number') return null;
  if (typeof s.bareLoops !== 'number') return null;
  const early = l.begin > s.bareLoops;
  const ok = l.through === l.begin && !early;
  return {
    ok,
    text:
      `${l.through} event loop${l.through === 1 ? '' : 's'} in the process once through, seen from outside` +
      (l.through === l.begin
        ? ', as before the lookups'
        : ` (expected ${l.begin} as before the lookups: a Worker has its own, a pool thread none)`) +
      `; ${l.begin} before them (a bare Node: ${s.bareLoops}${early ? ': a thread with a loop of its own was there already' : ''})`,
  };
}

export default defineSpec({
  id: 'pool.slow-io-cap-n1',
  title: 'With a pool of one thread, one hung dns.lookup holds the whole pool',
  area: 'threadpool',
  claim:
    "libuv's cap on slow I/O is ⌈P/2⌉ threads, so with UV_THREADPOOL_SIZE=1 the cap is the whole pool: one dns.lookup that does not return holds the only thread, and an fs.stat waits behind it.",
  truth:
    'True on Node 20 to 26: with P=1 one lookup held inside getaddrinfo is the only pool thread busy and fs.stat completes only once it returns; with P=2 the cap is still 1 and fs.stat completes at once.',
  expected: 'holds',
  tags: ['structural', 'fifo-probe', 'dns', 'env'],
  requires: ['linux'],
  source: {
    file: 'https://github.com/libuv/libuv/blob/v1.x/src/threadpool.c',
    section: 'slow_work_thread_threshold(): (nthreads + 1) / 2',
    figures: null,
  },
  plan(ctx) {
    const barePolls = barePollsOnce();
    const why = gateUnavailable(ctx);
    return {
      ...statOffPool(ctx),
      ...(why ? { skip: `cannot make lookups slow without the network: ${why}` } : {}),
      summary:
        `dns.lookup()s held inside getaddrinfo (a FIFO as the HOSTALIASES file), then one fs.stat and an fs.mkdir of a path the harness draws (it looks from outside whether it is made before the gate opens): ` +
        CASES.map(
          (c) =>
            `P=${c.P}, ${c.lookups} lookups → ${c.held} held, fs.stat ${c.statWaits ? 'waits for the lookup' : 'completes at once'}`,
        ).join('; ') +
        `. If slow I/O could never take the last thread, fs.stat would complete with P=1 too.`,
      model: {
        cases: CASES,
        formula: '(P + 1) / 2',
        alternatives: { 'slow I/O leaves one thread free': CASES.map((c) => ({ P: c.P, statWaits: false })) },
      },
      async trial(c) {
        // Both cases at once, each in its own process with its own gate: the
        // counts are exact, and each process mostly waits.
        const seen = await Promise.all(CASES.map((k) => slowIoRun(c, k)));
        // a bare Node's event loops with the same settings, once per claim (noNewLoop); none
        // judged under Node options, whose preloads may start threads of their own
        const bareLoops = c.env?.NODE_OPTIONS ? null : await barePolls(c);
        return { seen: seen.map((s) => ({ ...s, bareLoops })) };
      },
      structural: {
        asserts: 'with P=1 one held lookup takes the pool and fs.stat waits; with P=2 fs.stat completes',
        need: 2, // exact counts from /proc and which call completed first
        check(obs) {
          return gateCheck(
            obs.seen.map((/** @type {any} */ s, /** @type {number} */ i) => {
              const want = CASES[i];
              const sized = s.P === want.P && (s.poolThreads === null || s.poolThreads === want.P);
              const waited = !s.stat.before;
              // every lookup asked of libuv, so that the one held is what its cap let run
              const asked = lookupsRequested(s, s.lookups);
              // the fs work itself waited (or not), not only its callback: seen from outside
              const made = madeWhileHeld(s, want);
              // the lookups held are held in pool threads, not JavaScript's
              const pool = gatePool(s, want.held);
              // ... and no JavaScript thread stands in for the pool: no event loop added
              // (noNewLoop)
              const loop = noNewLoop(s);
              const counts =
                sized &&
                s.held === want.held &&
                s.heldAfter === want.held &&
                waited === want.statWaits &&
                s.finished &&
                asked?.ok !== false;
              const good = counts && made?.ok !== false && pool?.ok !== false && loop?.ok !== false;
              const stat = waited
                ? `fs.stat waited${s.stat.done ? ' for the lookups' : ''}`
                : `fs.stat completed in ${s.stat.ms} ms`;
              const text =
                `P=${s.P}${sized ? '' : ` (${s.poolThreads} threads)`}: ${s.held ?? '?'} of ${s.lookups} lookups held${asked ? ` (${asked.text})` : ''}, ${stat}` +
                (made ? `, ${made.text}` : '') +
                (pool ? `, ${pool.text}` : '') +
                (loop ? `, ${loop.text}` : '') +
                `${counts ? '' : ` (expected ${want.held} held and fs.stat ${want.statWaits ? 'waiting' : 'done'})`}`;
              return { good, reached: Boolean(s.held), text }; // no lookup at the gate: nothing measured
            }),
          );
        },
      },
    };
  },
});
