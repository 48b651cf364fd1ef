// @ts-check
// "does not use the pool at all", read as the pool requests the operations of a
// net-probe.cjs trial made themselves (its `countPool` ledger, async_hooks init of
// the pool's request types: fs, getaddrinfo, crypto, zlib, fs.watchFile's
// watchers): in their warm-up (the first use, before anything is timed), while
// every pool thread was parked, and with the pool free (net.not-pool-bound,
// net.resolve-not-pool-bound). A socket request or a c-ares query makes none
// anywhere; one that draws on anything the pool makes (an id, a buffer) makes
// some somewhere, however large a stock of it the process keeps, unless the
// stock outlasts every count the harness draws. Each reading is null where the
// fixture did not take it (records from before it did): that part is left out.

/** @param {Record<string, number> | undefined | null} byType */
const total = (byType) => Object.values(byType ?? {}).reduce((a, b) => a + b, 0);

/** @param {Record<string, number>} byType */
const listed = (byType) =>
  Object.entries(byType)
    .map(([type, n]) => `${n} ${type}`)
    .join(', ');

/**
 * The pool requests of one operation's warm-up (obs.warmPool[op]): its first
 * use, one call, before the pool is parked. Honest, for a GET by IP and for a
 * resolve4: none (Node 20.20, 2 CPUs, quiet and beside two busy loops: 0 in
 * every run). A stock of ids made on the pool at the first call
 * (net-request-id-stock, resolve-id-stock) makes 1–2 here.
 * @param {any} obs @param {string} op @param {string} what  the call, e.g. 'GET by IP'
 * @returns {{ ok: boolean, text: string } | null}
 */
export function warmPoolUse(obs, op, what) {
  const made = obs.warmPool?.[op];
  if (!made) return null;
  const n = total(made);
  return {
    ok: n === 0,
    text: `the first ${what} made ${n} pool request(s)${n ? ` (${listed(made)}; expected none)` : ''}`,
  };
}

/**
 * The pool requests made while every pool thread was parked (obs.heldPool,
 * from the parkers' last to the release), beside the control's: fs.access (or
 * fs.stat, in records from before it) makes one fs request of its own and may;
 * any other request was the operations'. Honest: the control's FSREQPROMISE
 * alone (24–48 GETs by IP, or resolve4s: 0 more in every run). A request or
 * query that queues pool work for what it took (a refill of a stock of ids)
 * makes one or more: net-request-id-stock one per request, resolve-id-stock its
 * bulk refill once the stock runs low.
 * @param {any} obs @param {string} what  the operations, e.g. '31 GETs by IP'
 * @returns {{ ok: boolean, text: string } | null}
 */
export function heldPoolUse(obs, what) {
  const held = obs.heldPool;
  if (!held) return null;
  const controls = (obs.ops?.access?.count ?? 0) + (obs.ops?.stat?.count ?? 0);
  /** @type {Record<string, number>} */
  const beside = { ...held };
  let allowed = controls;
  for (const type of Object.keys(beside)) {
    if (!type.startsWith('FSREQ') || allowed === 0) continue;
    const take = Math.min(allowed, beside[type]);
    allowed -= take;
    beside[type] -= take;
    if (beside[type] === 0) delete beside[type];
  }
  const n = total(beside);
  return {
    ok: n === 0,
    text: `while the pool was parked ${what} made ${n} pool request(s) beside the control's${n ? ` (${listed(beside)}; expected none: queued behind the parked threads)` : ''}`,
  };
}

/**
 * k operations at once with the pool started and free (every thread asleep,
 * none parked: the fixture's freePoolIp, or freePool for resolves): the pool
 * requests they made (async_hooks) and how many times the pool's threads were
 * put on a CPU meanwhile (/proc schedstat; null where unread: left out).
 * Honest for 24–48 undelayed GETs by IP: 0 requests, 0 wake-ups in every run
 * (Node 20.20, 2 CPUs, quiet and beside two busy loops). One pool request per
 * request taken (net-request-id-stock): k requests, about 2k wake-ups.
 * @param {any} free @param {string} what  e.g. 'GETs by IP'
 * @returns {{ ok: boolean, text: string } | null}
 */
export function freePoolUse(free, what) {
  if (!free) return null;
  const count = free.requests ?? free.resolves;
  const woke = typeof free.poolWakeups === 'number' ? free.poolWakeups : null;
  const errs = free.errors?.length ? `, errors: ${[...new Set(free.errors)].join(', ')}` : '';
  const ok = free.poolRequests === 0 && (woke === null || woke === 0) && !free.errors?.length;
  return {
    ok,
    text:
      `with the pool free (${free.poolThreads ?? '?'} threads asleep), ${count} ${what} made ${free.poolRequests} pool request(s)` +
      (woke === null ? '' : ` and woke pool threads ${woke}×`) +
      `${ok ? '' : ` (expected none: the ${what} used the pool while a thread was free)`}${errs}`,
  };
}
