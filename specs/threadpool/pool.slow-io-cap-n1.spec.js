import { defineSpec } from '../../harness/spec.js';
import { gateUnavailable, gateCheck, lookupsRequested, statOffPool } from '../../harness/kits/network.js';

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
    const why = gateUnavailable(ctx);
    return {
      ...statOffPool(ctx),
      ...(why ? { skip: `cannot make lookups slow without the network: ${why}` } : {}),
      summary:
        `dns.lookup()s held inside getaddrinfo (a FIFO as the HOSTALIASES file), then one fs.stat: ` +
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
        const one = (/** @type {(typeof CASES)[number]} */ k) =>
          c.run('pool-parked.cjs', {
            options: { mode: 'slow-io', lookups: k.lookups, controlMs: CONTROL_MS },
            env: { UV_THREADPOOL_SIZE: String(k.P) },
            timeoutMs: 15_000,
          });
        return { seen: await Promise.all(CASES.map(one)) };
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
              const good =
                sized &&
                s.held === want.held &&
                s.heldAfter === want.held &&
                waited === want.statWaits &&
                s.finished &&
                asked?.ok !== false;
              const stat = waited
                ? `fs.stat waited${s.stat.done ? ' for the lookups' : ''}`
                : `fs.stat completed in ${s.stat.ms} ms`;
              const text =
                `P=${s.P}${sized ? '' : ` (${s.poolThreads} threads)`}: ${s.held ?? '?'} of ${s.lookups} lookups held${asked ? ` (${asked.text})` : ''}, ${stat}` +
                `${good ? '' : ` (expected ${want.held} held and fs.stat ${want.statWaits ? 'waiting' : 'done'})`}`;
              return { good, reached: Boolean(s.held), text }; // no lookup at the gate: nothing measured
            }),
          );
        },
      },
    };
  },
});
