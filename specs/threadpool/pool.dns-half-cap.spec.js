import { randomInt } from 'node:crypto';
import { defineSpec } from '../../harness/spec.js';
import { DEFAULT_POOL } from '../../harness/kits/pool.js';
import { gateUnavailable, gateCheck, lookupsRequested, statOffPool } from '../../harness/kits/network.js';
import { runWithLook, busyCalls, tasksNow } from '../../harness/kits/look.js';

// libuv counts getaddrinfo/getnameinfo as "slow I/O" and lets at most
// (P + 1) / 2 pool threads run it at once (since 1.23), so lookups cannot
// starve fs and crypto work. To see the cap, lookups must take long: glibc's
// getaddrinfo reads the file named by HOSTALIASES (for a dotless name that
// /etc/hosts lacks) before any DNS query, and the fixture makes that file a
// FIFO nobody writes, so each lookup holds its thread in open(2) until
// released. RES_OPTIONS=attempts:0 (set by the fixture) makes glibc try no
// nameserver at all afterwards: no packet leaves (checked with strace in a
// network namespace). Two pool sizes, each set explicitly (the claim's design, whatever
// size is in force for the run) and drawn by the harness for each trial, told to the
// process only as its UV_THREADPOOL_SIZE: one small (4 or 5) and one large (6 to 10), so
// that a cap that holds only in the sizes tried cannot pass (lookup-cap-large-pool: from
// P = 6 on, P − 1 pool threads held by lookups). SIZES: the records from before the draw.
const SIZES = [DEFAULT_POOL, 5];
/** The ranges drawn from, inclusive: the small pool and the large one. */
// The third, 12 to 16: a cap that differs from ⌈P/2⌉ only in large pools
// (lookup-cap-keeps-five: P − 5 from 12 threads, 7 of 12, 11 of 16) is read there.
// Honest: ⌈P/2⌉ held (6 to 8), each in openat from outside, fs.stat done, every trial.
const RANGES = /** @type {const} */ ([
  [DEFAULT_POOL, 5],
  [6, 10],
  [12, 16],
]);
/**
 * The pool sizes for one trial, one from each of RANGES (crypto.randomInt).
 * @param {(lo: number, hiExclusive: number) => number} [draw]  (tests)
 */
export function drawSizes(draw = randomInt) {
  return RANGES.map(([lo, hi]) => draw(lo, hi + 1));
}
/**
 * The lookup API of run i (of RANGES) in trial n: dns.promises.lookup and the callback
 * dns.lookup (what net and http call) alternate over the runs, starting with the callback
 * in odd trials and with the promises in even ones, so that every trial reads both and
 * two trials read both in every range; a coin for the start where n is not known. The cap
 * is libuv's, whichever API asks: one that holds only one of them to it
 * (lookup-callback-uncapped: callback lookups beyond ⌈P/2⌉ let through) reads more than
 * ⌈P/2⌉ held in its runs. Honest: ⌈P/2⌉ held with either API, every run.
 * @param {number} i @param {number | undefined} n
 * @param {(lo: number, hiExclusive: number) => number} [draw]  (tests)
 * @returns {'promises' | 'callback'}
 */
export function drawApi(i, n, draw = randomInt) {
  const start = typeof n === 'number' ? n % 2 : draw(0, 2);
  return (i + start) % 2 === 0 ? 'promises' : 'callback';
}
const EXTRA = 2; // lookups beyond P, so an uncapped pool would be full

/** @param {number} P */
const cap = (P) => Math.floor((P + 1) / 2);

/**
 * The pool's threads busy while the lookups were held, as the harness read
 * them from outside the process (busyCalls: every thread blocked in a system
 * call other than an idle wait, futex or epoll; only those not there when the
 * harness listed the process's threads before its pool started, or named
 * libuv-worker), with the gate still shut and the fs.stat done: exactly
 * ⌈P/2⌉, each in openat (a lookup at the gate). The fixture's own census
 * counts threads in open(2) only; a pool that let more than the cap work, in
 * any other call, reads more here (lookup-spare-read: P − 1 busy, the lookups
 * past the cap in read(2) on a file of their own). Honest, on Node 20, 22 and
 * 26: {openat: 2} with P=4 and {openat: 3} with P=5, in every run (the other
 * threads in futex or epoll, or running). null where not read (records from
 * before, no look) or where the fixture did not wait for both looks
 * (`looked` not true: one that came after it gave up saw the gate open): the
 * part is left out.
 * @param {{ busy?: Record<string, number> | null, looked?: boolean | null }} s @param {number} want
 * @returns {{ ok: boolean, text: string } | null}
 */
export function busyWhileHeld(s, want) {
  const busy = s.busy;
  if (!busy || s.looked !== true) return null;
  const total = Object.values(busy).reduce((a, b) => a + b, 0);
  const ok = total === want && busy.openat === want;
  const calls = Object.entries(busy).map(([call, n]) => `${n} in ${call}`);
  return {
    ok,
    text: `${total} pool thread${total === 1 ? '' : 's'} busy, read from outside (${calls.join(', ') || 'none'})${ok ? '' : ` (expected ${want}, each in openat)`}`,
  };
}

/**
 * The look for one run: at the fixture's 'start' the process's threads
 * (tasksNow), at its 'end' the pool's busy ones (busyCalls with those as
 * `before`); `busy()`: that reading, null where either look was not taken.
 * @param {{ tasksNow: typeof tasksNow, busyCalls: typeof busyCalls }} [read]  (tests)
 */
export function poolBusyLook(read = { tasksNow, busyCalls }) {
  /** @type {Set<number> | null} */
  let before = null;
  /** @type {Record<string, number> | null} */
  let busy = null;
  return {
    look: (/** @type {number} */ pid, /** @type {any} */ m) => {
      if (m?.at === 'start') before = read.tasksNow(pid);
      else if (before) busy = read.busyCalls(pid, { before });
      return null;
    },
    busy: () => busy,
  };
}

export default defineSpec({
  id: 'pool.dns-half-cap',
  title: 'At most half the pool (rounded up) runs dns.lookup at once',
  area: 'threadpool',
  claim:
    "libuv lets at most ⌈P/2⌉ pool threads run getaddrinfo (dns.lookup) at once, its cap on 'slow I/O', so slow lookups cannot take the whole pool.",
  truth: 'True since libuv 1.23: the cap is (P + 1) / 2; the other threads stay free for fs, crypto and zlib work.',
  expected: 'holds',
  tags: ['structural', 'fifo-probe', 'dns', 'env', 'version'],
  requires: ['linux'],
  source: { file: '002_d7b7cf540677f00a.txt', section: 'Network 작업은 OS에 위임한다! (OS delegation)', figures: null },
  plan(ctx) {
    const why = gateUnavailable(ctx);
    const ranges = RANGES.map(([lo, hi]) => `P=${lo}–${hi} → ${cap(lo)}–${cap(hi)}`).join(', ');
    return {
      ...statOffPool(ctx),
      ...(why ? { skip: `cannot make lookups slow without the network: ${why}` } : {}),
      summary:
        `k = P + ${EXTRA} concurrent dns.lookup()s held inside getaddrinfo (a FIFO as the HOSTALIASES file), ` +
        `three pool sizes drawn for each trial, dns.promises.lookup and the callback dns.lookup alternating: ${ranges} held at once, and an fs.stat still completes meanwhile. ` +
        `Without the cap all P threads would be held and fs.stat would wait.`,
      // By the ranges the trials draw from (one P of each per trial, told the process only as
      // its UV_THREADPOOL_SIZE): lookups held at once as the cap has it, and as the alternatives would.
      model: {
        ranges: RANGES.map(([lo, hi]) => ({ from: lo, to: hi, lookups: `P + ${EXTRA}`, held: [cap(lo), cap(hi)] })),
        formula: '(P + 1) / 2',
        alternatives: {
          'no cap': RANGES.map(([lo, hi]) => [lo, hi]),
          'P / 2 rounded down': RANGES.map(([lo, hi]) => [Math.floor(lo / 2), Math.floor(hi / 2)]),
        },
      },
      async trial(c, n) {
        // All sizes at once, each in its own process with its own gate: the
        // counts are exact, and each process mostly waits.
        // With the lookups held and the stat done, the probe waits for the harness to read
        // its pool's busy threads from outside (runWithLook, poolBusyLook) before it opens the gate.
        // Not under Node options (a profiler, an agent's preload may keep threads of their
        // own blocked elsewhere): the fixture's census alone then.
        const look = c.platform === 'linux' && !c.env?.NODE_OPTIONS;
        const drawn = drawSizes().map((P, i) => ({ P, k: P + EXTRA, want: cap(P), api: drawApi(i, n) }));
        const one = async (/** @type {(typeof drawn)[number]} */ k) => {
          const o = {
            options: { mode: 'dns-cap', extra: EXTRA, api: k.api, ...(look && { look: true }) },
            env: { UV_THREADPOOL_SIZE: String(k.P) },
            timeoutMs: 15_000,
          };
          if (!look) return c.run('net-probe.cjs', o);
          const pool = poolBusyLook();
          const { data } = await runWithLook(c, 'net-probe.cjs', o, pool.look);
          return { ...data, busy: pool.busy() };
        };
        // `sizes`: the sizes drawn, kept by the harness (the check reads them from here)
        return { sizes: drawn.map((d) => d.P), seen: await Promise.all(drawn.map(one)) };
      },
      structural: {
        asserts: `⌈P/2⌉ lookups at once, P drawn in ${RANGES.map(([lo, hi]) => `${lo}–${hi}`).join(' and ')}; an fs.stat still completes`,
        need: 2, // exact counts from /proc, the same in every trial measured
        check(obs) {
          // the pool asked for, as the harness drew it (records from before the draw: SIZES)
          const sizes = Array.isArray(obs.sizes) ? obs.sizes : SIZES;
          return gateCheck(
            obs.seen.map((/** @type {any} */ s, /** @type {number} */ i) => {
              const asked = sizes[i];
              const want = cap(asked);
              // The pool halved must be the pool asked for: its thread count, where /proc shows it.
              const sized = typeof s.poolThreads !== 'number' || s.poolThreads === s.P;
              // all k asked of libuv, so that the ones held are what its cap let run
              const requested = lookupsRequested(s, s.k);
              // no more threads at work than the cap, in any call, seen from outside
              const busy = busyWhileHeld(s, want);
              const counts =
                s.P === asked &&
                sized &&
                s.held === want &&
                s.heldAfter === want &&
                s.statDone &&
                s.finished &&
                requested?.ok !== false;
              const good = counts && busy?.ok !== false;
              const stat = s.statDone ? `fs.stat done in ${s.statMs} ms` : 'fs.stat waited (pool full)';
              const via = s.api === 'callback' ? ' dns.lookup' : s.api === 'promises' ? ' dns.promises.lookup' : '';
              const text = `P=${s.P}: ${s.held ?? '?'} of ${s.k}${via} lookups held at once${s.heldAfter !== s.held ? ` (${s.heldAfter ?? '?'} after the stat)` : ''}${requested ? ` (${requested.text})` : ''}, ${stat}${busy ? `; ${busy.text}` : ''}${sized ? '' : `; the pool has ${s.poolThreads} threads`}${counts ? '' : ` (expected P=${asked}, ${want} held and fs.stat done)`}`;
              return { good, reached: Boolean(s.held), text }; // no lookup at the gate: nothing measured
            }),
          );
        },
      },
    };
  },
});
