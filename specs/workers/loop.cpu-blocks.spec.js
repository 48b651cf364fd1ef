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
  LISTEN_LOOK_MS,
} from '../../harness/kits/workers.js';
import { EXTRA_METHODS } from '../../harness/kits/loadgen.js';
import { splitCpus } from '../../harness/kits/loadgen.js';
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
  const unknown = () => `/ncs-${randomBytes(6).toString('hex')}`;
  return [
    { path: unknown(), at: FRESH_LIGHT_AT, method: drawMethod() },
    { path: randomInt(2) === 0 ? '/light' : unknown(), at: REUSED_AT, method: drawMethod(), primeAtMs: PRIME_AT_MS },
    { path: OTHER_ROUTES[randomInt(OTHER_ROUTES.length)], at: OTHER_ROUTE_AT, method: drawMethod() },
  ];
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
    const T = round(ctx.pbkdf2.taskMs, 0);
    return {
      summary:
        `A steady /light load (2 connections) and one GET /heavy-blocking at ${HEAVY_AT_MS} ms that runs pbkdf2Sync (≈${T} ms of CPU) on the main thread; ${splitCpus(ctx).note}; while it runs, a /light, an unknown path and another route the harness draws, each on a new connection, and /light or an unknown path on a connection opened before it, each by a method drawn among ${EXTRA_METHODS.join(', ')}; on Linux the harness looks every ${LISTEN_LOOK_MS} ms at which epoll instances of the server's processes poll its listening socket (asserted: the event loop's alone). ` +
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
          freshOthers: otherRequests(),
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
          const rest =
            h.lightsDuring === 0 &&
            h.ticksDuring === 0 &&
            h.lightsBefore > 0 &&
            h.lightsAfter > 0 &&
            h.loopMaxMs >= 0.8 * h.handlerMs &&
            clientWaited &&
            freshWaited &&
            others.ok;
          const freshMethod = obs.freshLight?.method ?? 'GET';
          const detail =
            `${heavyText(obs)}${typeof mid === 'number' ? `; ${mid} /light answers came back in the middle half of it (at most ${LIGHT_CONNECTIONS})` : ''}` +
            (fresh
              ? `; a ${freshMethod} /light on a new connection sent ${round(fresh.sentAtMs - h.startMs, 2)} ms into the work waited ${fresh.waitedMs} ms of the ${fresh.remainingMs} ms left of it` +
                (freshWaited ? '' : ` (expected at least ${FRESH_WAIT_SHARE} of it: answered while the work ran)`)
              : '') +
            (others.text ? `; ${others.text}` : '') +
            (pollers.text ? `; ${pollers.text}` : '') +
            (clientWaited
              ? ''
              : `: ${quietMid ? `no /light request waited out ${CLIENT_WAIT_SHARE} of the heavy one's time on the client` : 'the client was answered while the handler ran'} (other requests answered meanwhile)`);
          // all else held but the pollers could not be read: void, never a pass
          if (rest && pollers.invalid) return { ok: false, invalid: true, detail };
          return { ok: rest && pollers.ok, detail };
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
