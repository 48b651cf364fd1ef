import { randomBytes, randomInt } from 'node:crypto';
import { defineSpec } from '../../harness/spec.js';
import {
  SOURCE_003,
  HEAVY_AT_MS,
  loopTrial,
  loopOverHeavy,
  heavyText,
  heavyMissing,
  lightOverHeavy,
  freshLightWait,
  freshOtherWaits,
  LIGHT_CONNECTIONS,
  FRESH_LIGHT_AT,
  FRESH_MIN_REMAINING_MS,
  HOLDER_SCAN_SHARE,
  HOLDER_SCAN_MIN_MS,
  LISTEN_LOOK_MS,
} from '../../harness/kits/workers.js';
import { EXTRA_METHODS } from '../../harness/kits/loadgen.js';
import { splitCpus } from '../../harness/kits/loadgen.js';
import { batchTask } from '../../harness/kits/pool.js';
import { round } from '../../harness/stats.js';
import { TIMING_LOOKS } from '../../harness/verdict.js';

/**
 * The share of the heavy request's time (on the client's clock, the
 * harness's) the longest /light wait must reach: a light request in flight
 * when the handler starts waits out the rest of it. Honest trials read
 * 0.77–0.99 (220 trials of §45's and §46's quiet, busy-loop and quota
 * benches); lights answered meanwhile by another thread of the server on
 * the connections they came on read about 0.2 (blocking-lights-helper,
 * BENCHMARKS.md §46). The load generator's own stalls only lengthen the wait.
 */
export const CLIENT_WAIT_SHARE = 0.5;

/**
 * The share of what remained of the heavy work when a /light request went out
 * on a new connection (a third of the way into the work) that it must wait,
 * on the server's clock (harness/kits/workers.js freshLightWait). The load's
 * requests reuse their kept-alive connections; "every other request" is also
 * one that opens a connection meanwhile, which a server whose loop is blocked
 * accepts only after the work: it answers after the work's end, which the
 * server reads before it answers anything, so an honest one reads at least 1
 * (1.006–1.27 in 49 trials, quiet and beside two busy loops). A helper process
 * that accepts new connections while the work runs answers it in 4–38 ms,
 * 0.03–0.21 of what was left (12 trials: blocking-accepts-elsewhere).
 */
export const FRESH_WAIT_SHARE = 0.75;

/**
 * The server's routes besides /light and the heavy one under test, of which
 * the harness draws one per trial (not told to the server) to send on a new
 * connection while the work runs, with an unknown path of its own drawing (a
 * 404) sent with the fresh /light: "every other request" is any request, not
 * /light alone, and each must wait for the work as the fresh /light does
 * (FRESH_WAIT_SHARE). The 404 goes first (FRESH_LIGHT_AT of T), the drawn
 * route later (OTHER_ROUTE_AT): a heavy route answered elsewhere by a thread
 * that does its work itself would hold that thread, and a 404 sent after it.
 * A server whose other thread answers every request but /light and /stats
 * while the work runs (blocking-others-elsewhere) answers the 404 at once.
 */
export const OTHER_ROUTES = ['/stats', '/heavy-worker', '/heavy-split'];

/** When the drawn route goes out, as a share of the work's time T after the heavy request. */
export const OTHER_ROUTE_AT = 1 / 2;

/**
 * When the request on a reused connection goes out, as a share of T after the
 * heavy request; its connection opened and carried a GET /light at
 * PRIME_AT_MS after the load's measured start, before the heavy request
 * (HEAVY_AT_MS): a connection the server took while its loop was free.
 */
export const REUSED_AT = 2 / 5;
export const PRIME_AT_MS = HEAVY_AT_MS / 2;

/**
 * One method, drawn among those a request may use (GET, HEAD, POST with a
 * small JSON body, OPTIONS, DELETE), for each request the harness sends while
 * the work runs: "every other request" is one of any method, and a server
 * that answers some methods elsewhere while its loop is blocked (answering
 * every request but a GET at once: b12a-side-door) answers the drawn ones.
 * Told to the server only by being sent.
 */
export const drawMethod = () => EXTRA_METHODS[randomInt(EXTRA_METHODS.length)];

/**
 * One trial's other requests, each with a method drawn (drawMethod): an
 * unknown path on a new connection, then a route drawn among OTHER_ROUTES on
 * another, and between them /light or another unknown path (drawn) on a
 * reused connection (REUSED_AT, primed at PRIME_AT_MS). Each by the same
 * rule (FRESH_WAIT_SHARE); honest, every method alike: at least 1.07 of what
 * was left on new connections, 1.02 on the reused one (8 runs of 5 trials,
 * Node 20–26, beside other work). b12a-side-door answered those that were
 * not GETs on new connections in 0.44–0.71 of it (3 trials: its other loop
 * shares the server's one CPU with the spinning main thread), short of the
 * bound but not far: the listening socket's pollers (listenPollersCheck)
 * fail it in every trial whatever the methods drawn.
 * @returns {import('../../harness/kits/workers.js').FreshRequest[]}
 */
export function otherRequests() {
  return [
    { path: unknownPath(), at: FRESH_LIGHT_AT, method: drawMethod(), headers: drawHeaders() },
    {
      path: randomInt(2) === 0 ? '/light' : unknownPath(),
      at: REUSED_AT,
      method: drawMethod(),
      headers: drawHeaders(),
      primeAtMs: PRIME_AT_MS,
    },
    {
      path: OTHER_ROUTES[randomInt(OTHER_ROUTES.length)],
      at: OTHER_ROUTE_AT,
      method: drawMethod(),
      headers: drawHeaders(),
    },
  ];
}

/** One of `list`, drawn. @template T @param {readonly T[]} list @returns {T} */
const pick = (list) => list[randomInt(list.length)];

/**
 * The shapes of path the harness draws an unknown path among (each a 404 on
 * the server): a server that answers some paths elsewhere (by prefix, by
 * extension, a query string) is sent any of them, not one shape it could
 * tell from a user's. Told to the server only by being sent.
 */
export const UNKNOWN_PATH_SHAPES = [
  (/** @type {string} */ hex) => `/ncs-${hex}`,
  (/** @type {string} */ hex) => `/api/v1/items/${parseInt(hex.slice(0, 6), 16)}`,
  (/** @type {string} */ hex) => `/static/app.${hex}.js`,
  (/** @type {string} */ hex) => `/${hex}.html`,
  () => '/favicon.ico',
  (/** @type {string} */ hex) => `/search?q=${hex}&page=2`,
  (/** @type {string} */ hex) => `/users/${parseInt(hex.slice(0, 4), 16)}/profile`,
  (/** @type {string} */ hex) => `/light/${hex}`,
  () => '/',
];

/** An unknown path of one of UNKNOWN_PATH_SHAPES, drawn. */
export const unknownPath = () => pick(UNKNOWN_PATH_SHAPES)(randomBytes(6).toString('hex'));

/**
 * The header fields the harness draws for each request it sends while the
 * work runs (beyond Host and Connection, which the load's requests carry
 * alone): a User-Agent of a common client or none, an Accept, an
 * Accept-Encoding, an Accept-Language and a cookie, each present or not, in
 * a drawn order. A server that answers some requests elsewhere by their
 * headers (r2-orphan-door: any with a User-Agent) is sent any of them.
 */
export const HEADER_CHOICES = /** @type {const} */ ([
  [
    'User-Agent',
    [
      'curl/8.5.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
      'python-requests/2.31.0',
      'Go-http-client/1.1',
      'node',
    ],
  ],
  ['Accept', ['*/*', 'application/json', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8']],
  ['Accept-Encoding', ['gzip, deflate, br', 'gzip', 'identity']],
  ['Accept-Language', ['en-US,en;q=0.9', 'de-DE,de;q=0.8']],
  ['Cookie', ['sid=']],
]);

/** One request's header fields (HEADER_CHOICES), each present or not, drawn. @returns {[string, string][]} */
export function drawHeaders() {
  /** @type {[string, string][]} */
  const out = [];
  for (const [name, values] of HEADER_CHOICES) {
    if (randomInt(2) === 0) continue;
    const v = pick(values);
    out.push([name, name === 'Cookie' ? `${v}${randomBytes(8).toString('hex')}` : v]);
  }
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The epoll instances of the server's processes that polled its listening
 * socket, at most, at one of the harness's looks while the load ran
 * (loopTrial's `server.listenPollers`, read from /proc): a server whose one
 * event loop accepts has its loop's alone, 1 at every look (honest: 1 in
 * every trial, Node 20–26). Another thread's loop or another process that
 * also listens on that socket, to take connections while the loop is
 * blocked, adds one: 2 (b12a-side-door; blocking-worker-coaccepts,
 * blocking-accepts-elsewhere while the work runs). Void where no look could
 * be taken on Linux (`null`), or none saw a poller (a loop that accepts by
 * other means: nothing to judge by); absent off Linux and in older records.
 * @param {any} obs
 * @returns {{ ok: boolean, invalid?: boolean, text: string }}
 */
export function listenPollersCheck(obs) {
  const p = obs.server?.listenPollers;
  if (p === undefined) return { ok: true, text: '' };
  if (p === null) return { ok: false, invalid: true, text: "the listening socket's pollers could not be read" };
  const text = `the listening socket polled by ${p.most} epoll instance${p.most === 1 ? '' : 's'} at most (${p.looks} looks${p.most ? `: ${p.at.join(', ')}` : ''})`;
  if (p.most === 0) return { ok: false, invalid: true, text: `${text} (none: nothing to judge by)` };
  return p.most === 1
    ? { ok: true, text }
    : { ok: false, text: `${text} (expected 1, the event loop's: another loop takes connections)` };
}

/**
 * The processes on the whole machine that held the server's listening socket
 * at the harness's scans while the load ran (loopTrial's
 * `server.listenHolders`, every fd link under /proc, every HOLDER_SCAN_SHARE
 * of T): a server whose one event loop accepts is its only holder (honest:
 * the server's pid alone at every scan, Node 20–26). Any other process that
 * holds it can take its connections while the loop is blocked, wherever it
 * sits: a descendant, or one reparented once the process between them exited
 * (r2-orphan-door, found at every scan). A second socket listening at the
 * port shares its connections too, whoever holds it. Void where the socket was not found
 * (`null`), or no scan that found the server's own hold fell inside the work
 * (the server's clock: t0Mono); absent off Linux and in older records.
 * @param {any} obs
 * @returns {{ ok: boolean, invalid?: boolean, text: string }}
 */
export function listenHoldersCheck(obs) {
  const held = obs.server?.listenHolders;
  if (held === undefined) return { ok: true, text: '' };
  if (held === null || !Array.isArray(held.scans))
    return {
      ok: false,
      invalid: true,
      text: "the listening socket's holders could not be read (no such socket found)",
    };
  const pid = obs.server.pid;
  const h = obs.server.heavy;
  const t0 = obs.server.t0Mono;
  /** @type {import('../../harness/kits/workers.js').HolderScan[]} */
  const scans = held.scans;
  const own = scans.filter((sc) => sc.holders.includes(pid));
  const inWork = (/** @type {{ mono: number }} */ sc) =>
    typeof t0 === 'number' && h && sc.mono - t0 >= h.startMs && sc.mono - t0 <= h.endMs;
  const inside = own.filter(inWork).length;
  const others = [...new Set(scans.flatMap((sc) => sc.holders.filter((p) => p !== pid)))];
  const took = scans.map((sc) => sc.cpuMs ?? sc.tookMs);
  const text =
    `${scans.length} scans of every process on the machine (${inside} inside the work, ${Math.max(0, ...scans.map((sc) => sc.pids))} processes, ` +
    `${took.length ? `${Math.min(...took)}–${Math.max(...took)}` : '?'} ms of the harness's CPU each) found the listening socket held by ` +
    (others.length
      ? `pid ${others.map((p) => (held.commands?.[p] ? `${p} (${held.commands[p]})` : p)).join(', ')} besides the server's ${pid} (at ${scans.filter((sc) => sc.holders.some((p) => p !== pid)).length} scans, ${scans.filter((sc) => inWork(sc) && sc.holders.some((p) => p !== pid)).length} inside the work)`
      : `the server's process (${pid}) alone`);
  if (others.length)
    return { ok: false, text: `${text} (expected the server's alone: another process can take its connections)` };
  // the server listens once: a second socket at its port (SO_REUSEPORT, the other family)
  // shares the port's connections, whoever holds it (records before `listening`: one)
  const listening = Array.isArray(held.listening) ? held.listening.length : 1;
  if (listening > 1)
    return {
      ok: false,
      text: `${text}; ${listening} sockets listen at its port (expected 1: another socket shares its connections)`,
    };
  if (inside === 0) return { ok: false, invalid: true, text: `${text} (none inside the work: nothing to judge by)` };
  return { ok: true, text };
}

/**
 * The drawn requests (the fresh /light and loopTrial's `freshOthers`) that
 * freshLightWait and freshOtherWaits could not read: `unplaced`, those that
 * did not go out inside the work with FRESH_MIN_REMAINING_MS of it left (not
 * sent, a primer unanswered, sent before it and answered before its end, or
 * too near its end: a server or generator kept from its CPU beside busy
 * neighbours starts the work up to 70 ms after the heavy request went out,
 * after the first drawn request at T/3), which void the trial, never
 * leave it judged without them; `unanswered`, those sent inside the work
 * that got no answer, or a /light that was not answered 200: a server that
 * answers every request after the work answers these too, so they fail it.
 * Empty where the trial drew none (older records).
 * @param {any} obs
 * @returns {{ unplaced: string[], unanswered: string[] }}
 */
export function unreadRequests(obs) {
  /** @type {{ unplaced: string[], unanswered: string[] }} */
  const out = { unplaced: [], unanswered: [] };
  if (obs.freshLight === undefined) return out;
  const h = obs.server?.heavy;
  const t0 = obs.server?.t0Mono;
  const all = [
    { f: obs.freshLight, light: true },
    ...(Array.isArray(obs.freshOthers) ? obs.freshOthers : []).map((/** @type {any} */ f) => ({ f, light: false })),
  ];
  for (const { f, light } of all) {
    const name = `${f?.method ?? 'GET'} ${f?.path ?? '/light'}`;
    if (!f || typeof f.firedMono !== 'number') {
      out.unplaced.push(`${name} was not sent (${f?.error ?? 'no record'})`);
      continue;
    }
    if (!h || typeof t0 !== 'number') {
      out.unplaced.push(`${name}: the server's clock is unknown`);
      continue;
    }
    const sentAtMs = f.firedMono - t0;
    const leftMs = h.endMs - sentAtMs;
    const waitedOut = typeof f.latencyMs === 'number' && f.latencyMs >= leftMs; // sent before the work, answered after it
    if ((sentAtMs <= h.startMs && !waitedOut) || leftMs < FRESH_MIN_REMAINING_MS) {
      out.unplaced.push(
        `${name} went out ${round(sentAtMs - h.startMs, 1)} ms into the ${round(h.endMs - h.startMs, 1)} ms of work (at least ${FRESH_MIN_REMAINING_MS} ms before its end needed)`,
      );
      continue;
    }
    if (typeof f.latencyMs !== 'number' || typeof f.status !== 'number')
      out.unanswered.push(`${name}, sent inside the work, got no answer (${f.error ?? 'none'})`);
    else if (light && f.status !== 200) out.unanswered.push(`${name} was answered ${f.status}`);
  }
  return out;
}

/**
 * The other requests on new connections (freshOtherWaits) that did not wait
 * FRESH_WAIT_SHARE of what was left of the work, and their text for the
 * detail; each left out where it cannot be read (older records, no answer,
 * sent outside the work).
 * @param {any} obs
 */
export function othersWaited(obs) {
  const waits = freshOtherWaits(obs);
  const early = waits.filter((w) => !(w.share >= FRESH_WAIT_SHARE));
  const text = waits
    .map(
      (w) =>
        `${w.method ?? 'GET'} ${w.path} (${w.status}) on a ${w.reused ? 'reused' : 'new'} connection waited ${w.waitedMs} ms of the ${w.remainingMs} ms left` +
        (w.share >= FRESH_WAIT_SHARE
          ? ''
          : ` (expected at least ${FRESH_WAIT_SHARE} of it: answered while the work ran)`),
    )
    .join('; ');
  return { ok: early.length === 0, text };
}

export default defineSpec({
  id: 'loop.cpu-blocks',
  title: 'CPU-heavy work on the main thread blocks every other request',
  area: 'workers',
  claim:
    'While a request handler runs CPU-bound JavaScript on the main thread, the event loop can do nothing else: every other request waits until it returns.',
  truth:
    'True: the handler runs to completion on the one event-loop thread; a light request that arrives meanwhile waits about the rest of the heavy work.',
  expected: 'holds',
  tags: ['timing', 'load'],
  source: {
    file: SOURCE_003.file,
    section: 'Results [on 4-CPU-core system]',
    figures: `/blocking-without-worker: avg latency 11,650 ms, max 23,937 ms, 0.15 req/s, 13 requests in 60 s (${SOURCE_003.machine})`,
  },
  plan: (ctx) => {
    // The full run's 120 ms of work under --quick too: the scans of the
    // machine come at most every HOLDER_SCAN_MIN_MS, and the harness that
    // takes them shares a CPU with the generator, so --quick's 60 ms left
    // none inside the work in 40 of the 56 trials of §61's ten runs (each then
    // void; three runs ended inconclusive: BENCHMARKS.md §63).
    const task = batchTask(ctx);
    const T = round(task.taskMs, 0);
    return {
      summary:
        `A steady /light load (2 connections) and one GET /heavy-blocking at ${HEAVY_AT_MS} ms that runs pbkdf2Sync (≈${T} ms of CPU) on the main thread; ${splitCpus(ctx).note}; while it runs, a /light, an unknown path and another route the harness draws, each on a new connection, and /light or an unknown path on a connection opened before it, each by a method drawn among ${EXTRA_METHODS.join(', ')}; each with header fields drawn (a common client's User-Agent or none, Accept, Accept-Encoding, Accept-Language, a cookie) and the unknown paths of drawn shapes; on Linux the harness looks every ${LISTEN_LOOK_MS} ms at which epoll instances of the server's processes poll its listening socket (asserted: the event loop's alone), and every ${Math.max(HOLDER_SCAN_MIN_MS, round(HOLDER_SCAN_SHARE * T, 0))} ms at which processes on the whole machine hold it (asserted: the server's alone); a trial whose drawn requests did not all go out inside the work is void. ` +
        `Model: no /light response leaves the server while the heavy handler runs, and the event loop's delay in that window is the handler's whole time: ` +
        `R = max loop delay / work time ≈ 1 (a non-blocking server: ≈ 0); the client sees its longest /light wait ≈ the heavy request's time (asserted: at least ${CLIENT_WAIT_SHARE} of it). The source saw the same mechanism as 0.15 req/s on its heavy route.`,
      model: {
        heavyMs: T,
        R: 1,
        clientR: 1,
        lightsDuringHeavy: 0,
        ticksDuringHeavy: 0,
        alternatives: { 'non-blocking': 0 },
      },
      trial: (c) =>
        loopTrial(c, {
          route: '/heavy-blocking',
          freshLight: true,
          freshLightMethod: drawMethod(),
          freshLightHeaders: drawHeaders(),
          freshOthers: otherRequests(),
          holderScans: true,
          task,
        }),
      structural: {
        asserts: 'no /light answer or timer tick during the heavy handler; the loop and the client waited',
        // Event order on the server (timing-free): no /light answered and no timer
        // callback ran inside the heavy window, though the load ran before it and
        // requests were waiting after it; and the loop monitor saw the block (its max
        // delay covers most of the work). Exact in every trial measured: two suffice.
        need: 2,
        check(obs) {
          const missing = heavyMissing(obs);
          if (missing) return { ok: false, detail: missing };
          const h = obs.server.heavy;
          // The client's side, on the harness's clock: a /light request waited out most
          // of the heavy one (the server's own account of its loop could be a story).
          const waited = lightOverHeavy(obs);
          // and none came back in the middle of it (a generator kept from its CPU reads at most one
          // per connection late; absent in older records)
          const mid = obs.heavyRequest?.lightsDuring?.answeredMid;
          const quietMid = typeof mid !== 'number' || mid <= LIGHT_CONNECTIONS;
          const clientWaited = waited >= CLIENT_WAIT_SHARE && quietMid;
          // … and a request on a new connection, sent while the work ran, waited for it too
          const fresh = freshLightWait(obs);
          const freshWaited = !fresh || fresh.share >= FRESH_WAIT_SHARE;
          // … and so did the other requests on new connections of their own: an
          // unknown path (a 404) and a route drawn among the server's others
          // (OTHER_ROUTES), each by the same rule. Honest: accepted only after the
          // work, as the /light: the 404 1.016–1.15 of what was left, /stats
          // 1.04–1.12, /heavy-worker and /heavy-split 2.8–5.2 (their own work after;
          // 35 trials, Node 20 and 26). Answered by another thread: 404 at 0.06–0.08.
          const others = othersWaited(obs);
          // … and, looked at from outside, no other loop polled the listening socket meanwhile
          const pollers = listenPollersCheck(obs);
          // … nor did any other process on the machine hold it
          const holders = listenHoldersCheck(obs);
          // … and every drawn request was read: one sent inside the work and not answered fails,
          // one that did not go out inside it voids the trial
          const unread = unreadRequests(obs);
          const rest =
            h.lightsDuring === 0 &&
            h.ticksDuring === 0 &&
            h.lightsBefore > 0 &&
            h.lightsAfter > 0 &&
            h.loopMaxMs >= 0.8 * h.handlerMs &&
            clientWaited &&
            freshWaited &&
            others.ok &&
            unread.unanswered.length === 0;
          const freshMethod = obs.freshLight?.method ?? 'GET';
          const detail =
            `${heavyText(obs)}${typeof mid === 'number' ? `; ${mid} /light answers came back in the middle half of it (at most ${LIGHT_CONNECTIONS})` : ''}` +
            (fresh
              ? `; a ${freshMethod} /light on a new connection sent ${round(fresh.sentAtMs - h.startMs, 2)} ms into the work waited ${fresh.waitedMs} ms of the ${fresh.remainingMs} ms left of it` +
                (freshWaited ? '' : ` (expected at least ${FRESH_WAIT_SHARE} of it: answered while the work ran)`)
              : '') +
            (others.text ? `; ${others.text}` : '') +
            (pollers.text ? `; ${pollers.text}` : '') +
            (holders.text ? `; ${holders.text}` : '') +
            (unread.unanswered.length ? `; ${unread.unanswered.join('; ')}` : '') +
            (unread.unplaced.length
              ? `; not read: ${unread.unplaced.join('; ')} (void: each drawn request must be read inside the work)`
              : '') +
            (clientWaited
              ? ''
              : `: ${quietMid ? `no /light request waited out ${CLIENT_WAIT_SHARE} of the heavy one's time on the client` : 'the client was answered while the handler ran'} (other requests answered meanwhile)`);
          // a failing reading fails, whatever could not be read
          if (!rest || (!pollers.ok && !pollers.invalid) || (!holders.ok && !holders.invalid))
            return { ok: false, detail };
          // all else held but the pollers or holders could not be read, or a drawn request was not: void, never a pass
          if (pollers.invalid || holders.invalid || unread.unplaced.length) return { ok: false, invalid: true, detail };
          return { ok: true, detail };
        },
      },
      timing: {
        statistic: 'R',
        description: "server's max event-loop delay while the heavy work ran / the work's time (same process)",
        claim: 1,
        // Boundary halfway (0.5) between "the loop stalls for the whole work" (1) and
        // "it never stalls for it" (0); measured: blocking ≈ 1.0, worker trials < 0.1.
        alternatives: { 'non-blocking': 0 },
        looks: TIMING_LOOKS,
        alpha: 0.01,
        value: loopOverHeavy,
      },
    };
  },
});
