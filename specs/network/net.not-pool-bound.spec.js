import { defineSpec } from '../../harness/spec.js';
import { round } from '../../harness/stats.js';
import { bareThreadsOnce } from '../../harness/kits/threads.js';
import {
  controlProblem,
  poolNotHeld,
  threadsSaid,
  heldRatio,
  N,
  DELAY_MS,
  HOLD_MS,
  controlOp,
} from '../../harness/kits/network.js';
import {
  warmPoolUse,
  heldPoolUse,
  freePoolUse,
  outsideFreeUse,
  netProbeTrialLooking,
  drawCount,
  drawBytes,
  parkedKindEnded,
} from '../../harness/kits/net-pool-use.js';

// One trial: every pool thread parked on a FIFO for HOLD_MS; meanwhile n GETs
// to a loopback server (by IP literal: no name lookup) that answers after
// DELAY_MS, and one fs.access as the positive control (it needs a pool thread, and never goes to io_uring).
// Before, with the pool started and free, k undelayed GETs more. n and k are drawn by the
// harness for each trial (PARKED, FREE), well above the claim's 8: requests that draw on
// something the pool makes (a stock of ids) run it dry while it is parked.

/**
 * How many GETs by IP a trial makes while the pool is parked, and with it free: drawn
 * at random for each trial (crypto.randomInt, [lo, hi]), above a stock of 16 of
 * anything the pool makes. The parked ones share the main thread within the hold, so
 * at most 32: beside two busy loops (load 5–6 on 2 CPUs) 24–32 GETs ended by 43–66 ms
 * (median 38–56 ms, R ≤ 0.37; 8 GETs: 36–52 ms), 48 by 58–111 ms (median up to 95 ms,
 * R 0.63: too near 0.7). The free ones come before the hold: 24–48 took 29–72 ms
 * quiet, up to 300 ms busy.
 */
const PARKED = { lo: 24, hi: 32 };
const FREE = { lo: 24, hi: 48 };

/**
 * Beside them, while the pool is parked, requests of the two other shapes the claim covers,
 * drawn for each trial and not told to the fixture before its start: 1–3 GETs over https
 * (the source's own requests were https; here to 127.0.0.1, the client trusting a static
 * loopback certificate) and one POST whose body and answer are each 64 KiB–1 MiB
 * (log-uniform), so that each side makes socket writes of 64 KiB and more. They go out once
 * the server holds every GET by IP (kits/net-pool-use.js parkedKindEnded), not inside the
 * GETs' own times: R's median over a run stayed 0.25–0.31 (0.30 without them), and they
 * ended 11–39 ms into the hold (25 trials, 10 beside two busy loops). Cost: at most about
 * 15 ms of CPU a trial (a TLS handshake, both ends, about 3 ms; 1 MiB each way about
 * 6 ms), inside the hold: no wall time added (a run 51.6–52.3 s, 51.5 s before).
 */
const TLS = { lo: 1, hi: 3 };
const BULK = { lo: 64 * 1024, hi: 1024 * 1024 };

/**
 * Whether, over the hold, the fixture's main thread waited for a CPU (or the host took our
 * CPUs' time) for at least `ms` while its own other threads spent less than that: the
 * process kept from its CPU, not busy with its own work. Needs obs.mainWaitMs.
 * @param {any} obs @param {number} ms
 */
function keptFromCpu(obs, ms) {
  return obs.mainWaitMs + (obs.hostTakenMs ?? 0) >= ms && (obs.othersCpuMs == null || obs.othersCpuMs < ms);
}

export default defineSpec({
  id: 'net.not-pool-bound',
  title: 'Socket I/O does not use the thread pool: requests finish while every pool thread is busy',
  area: 'network',
  claim:
    'Network requests are handed to the operating system, not to the libuv thread pool, so 8 concurrent requests finish together although the pool has only 4 threads.',
  truth:
    "True for the socket I/O itself (non-blocking sockets on epoll). The source's own test requested a host name, and resolving it (dns.lookup, getaddrinfo) does run on the pool: see net.dns-lookup-pool-bound.",
  expected: 'holds',
  tags: ['timing', 'fifo-probe'],
  requires: ['linux'],
  source: {
    file: '002_d7b7cf540677f00a.txt',
    section: 'Network 작업은 OS에 위임한다! (OS delegation)',
    figures:
      '8 concurrent https requests to a public host, by name, with the default 4 pool threads: 402, 418, 450, 462, 463, 463, 463, 463 ms',
  },
  plan: (ctx) => {
    const bare = bareThreadsOnce();
    const claim = DELAY_MS / HOLD_MS; // a request takes about the server's delay
    const poolBound = (HOLD_MS + DELAY_MS) / HOLD_MS; // it could only start after the release
    return {
      summary:
        `All pool threads parked on FIFOs for ${HOLD_MS} ms; ${PARKED.lo}–${PARKED.hi} GETs (drawn each trial; the claim's ${N} and more) to http://127.0.0.1 (no lookup; server delay ${DELAY_MS} ms) all finish before the release, ` +
        `as do ${TLS.lo}–${TLS.hi} GETs over https to 127.0.0.1 and a POST whose body and answer are each ${BULK.lo / 1024} KiB–${BULK.hi / 1048576} MiB (drawn each trial), sent once the server holds the GETs, ` +
        `while a control fs.access waits for it; they make no pool request, then or in their first use, nor do ${FREE.lo}–${FREE.hi} more with the pool free, which wake no pool thread. ` +
        `R = median request time / hold ≈ ${round(claim, 2)} (pool-bound: ≥ ${round(poolBound, 2)}). ` +
        `The source's 402–463 ms also included resolving the host name on the pool; those lookups are short next to a request, so they left no mark.`,
      model: {
        N: `${PARKED.lo}–${PARKED.hi}`, // drawn each trial
        freeRequests: `${FREE.lo}–${FREE.hi}`,
        httpsRequests: `${TLS.lo}–${TLS.hi}`, // drawn each trial
        bulkBytes: `${BULK.lo}–${BULK.hi}`, // each way, one POST, drawn each trial
        delayMs: DELAY_MS,
        holdMs: HOLD_MS,
        completedBeforeRelease: 'all',
        poolRequests: 0,
        controlBeforeRelease: 0,
        R: round(claim, 4),
        alternatives: { 'pool-bound': round(poolBound, 4) },
      },
      // Park the pool as measured under the settings in force (not re-read from the env by the fixture).
      // What the harness drew for the https and bulk requests goes with the record (`asked`):
      // the check compares the fixture's report with it.
      trial: async (c) => {
        const asked = { tls: drawCount(TLS), bulk: [[drawBytes(BULK), drawBytes(BULK)]] };
        const obs = await netProbeTrialLooking(
          c,
          {
            ops: ['ip', 'tls', 'bulk', 'access'],
            n: drawCount(PARKED),
            delayMs: DELAY_MS,
            holdMs: HOLD_MS,
            pool: c.poolSize,
            freeRequests: drawCount(FREE),
            countPool: true,
            ...asked,
          },
          bare,
        );
        return { ...obs, asked };
      },
      structural: {
        asserts: 'more requests by IP than pool threads finish while it is parked; none uses the pool',
        // Event order and a count of requests held at once, not times: two agreeing trials suffice.
        need: 2,
        check(obs) {
          const problem = controlProblem(obs);
          if (problem) return { ok: false, invalid: true, detail: problem };
          const ip = obs.ops.ip;
          const errs = ip.errors.length ? `; errors: ${[...new Set(ip.errors)].join(', ')}` : '';
          // The requests must finish while no pool thread ran, not merely while the FIFOs were held.
          const free = poolNotHeld(obs);
          // "8 concurrent requests … although the pool has only 4 threads": the server held more
          // of them at once than the pool has threads, where there are more (a limit of P would hold
          // P; records from before it was counted have no inFlightHeld)
          const beyondPool = obs.inFlightHeld !== undefined && ip.count > obs.P;
          const together = !beyondPool || obs.inFlightHeld > obs.P;
          const rest = ip.completedBeforeRelease === ip.count && ip.errors.length === 0 && !free;
          // Where the fixture's own loop stalled as long as the server's delay, requests
          // could end before others arrived: a short count then tells nothing (a limit
          // leaves the loop idle), where all else held, and where the process was kept
          // from its CPU: over the hold, its main thread waited for a CPU (or the host
          // took our CPUs' time) for at least half the stall, and its other threads
          // did not spend that much CPU themselves. A main thread on its CPU, asleep, or
          // beside busy threads of its own made the stall itself: the count stands.
          // (Records from before these readings have no mainWaitMs: void as then.)
          const half = obs.loopStallMs / 2;
          const kept = obs.mainWaitMs == null || keptFromCpu(obs, half);
          const stalled = obs.loopStallMs >= obs.delayMs;
          const waited =
            obs.mainWaitMs == null
              ? ''
              : ` (over the hold the main thread waited ${obs.mainWaitMs} ms for a CPU and ran ${obs.mainCpuMs} ms, its other threads ran ${obs.othersCpuMs} ms, the host took ${obs.hostTakenMs ?? '?'} ms)`;
          if (rest && !together && stalled && kept)
            return {
              ok: false,
              invalid: true,
              detail: `the server held at most ${obs.inFlightHeld} of ${ip.count} requests at once, but the fixture's loop stalled ${obs.loopStallMs} ms${waited} (the server's delay is ${obs.delayMs} ms): a count that cannot tell`,
            };
          const busy =
            rest && !together && stalled
              ? `; the fixture's loop stalled ${obs.loopStallMs} ms${waited}: its own work, not a wait for a CPU`
              : '';
          // "handed to the operating system, not to the libuv thread pool": the requests
          // queue no work on the pool at all, in their first use, while it is parked
          // (work queued behind the parked threads would only run after the release), or
          // while it is free, its threads' wake-ups then read from outside too
          // (kits/net-pool-use.js; each null in older records, or unread: left out)
          const tls = obs.ops.tls?.count ?? 0;
          const posts = obs.ops.bulk?.count ?? 0;
          const besides = `${tls ? `, ${tls} https GET(s)` : ''}${posts ? `, ${posts} large POST(s)` : ''}`;
          const uses = [
            warmPoolUse(obs, 'ip', 'GET by IP'),
            warmPoolUse(obs, 'tls', 'https GET'),
            warmPoolUse(obs, 'bulk', 'POST of 64 KiB each way'),
            heldPoolUse(obs, `${ip.count} GETs by IP${besides}`),
            freePoolUse(obs.preloaded ? null : obs.freePoolIp, 'GETs by IP'), // a preload's would count
            outsideFreeUse(obs, 'ip', 'GETs by IP'), // the same, read by the harness
          ].filter((u) => u !== null);
          const noPool = uses.every((u) => u.ok);
          // "Network requests are handed to the operating system": the same while the pool is
          // parked for requests over TLS, as the source's were, and for large bodies both
          // ways (counts and sizes drawn by the harness; each null in older records: left out)
          const others = [parkedKindEnded(obs, 'tls'), parkedKindEnded(obs, 'bulk')].filter((u) => u !== null);
          const othersEnded = others.every((u) => u.ok);
          // Those go out after the GETs and take the CPU the machine gives: beside busy
          // processes an honest 1 MiB POST ended just after the release, as one that needs
          // a pool thread does (BENCHMARKS.md §52). Where every other part held, those
          // ended whole, and the main thread waited for a CPU (or the host took our CPUs'
          // time) half the hold or more while its own other threads did not take as much,
          // the trial cannot tell: void. A quiet machine keeps the fail.
          // The GETs by IP too: beside two busy loops 12–24 of 24–27 ended before the release
          // and the rest just after, whole, none failed, the server holding 7–23 at once,
          // the main thread waiting 107–128 ms of a 171–196 ms hold (§53). Void alike where
          // they ended whole and every other part held.
          const lateKept = obs.mainWaitMs != null && keptFromCpu(obs, obs.releasedAt / 2);
          const ipLate = !rest && !free && ip.errors.length === 0 && ip.completed === ip.count;
          const othersWhole = others.every((u) => u.ok || u.late);
          if ((rest ? !othersEnded : ipLate) && together && noPool && othersWhole && lateKept) {
            const lateParts = [
              ...(ipLate
                ? [
                    `${ip.completedBeforeRelease}/${ip.count} GETs by IP ended before the release, the rest after it, whole`,
                  ]
                : []),
              ...(othersEnded ? [] : others.map((u) => u.text)),
            ];
            return {
              ok: false,
              invalid: true,
              detail: `${lateParts.join('; ')}, but over the ${obs.releasedAt} ms hold the main thread waited ${obs.mainWaitMs} ms for a CPU (its other threads ran ${obs.othersCpuMs} ms, the host took ${obs.hostTakenMs ?? '?'} ms): an end that cannot tell`,
            };
          }
          return {
            ok: rest && together && noPool && othersEnded,
            detail: `${free ? `${free}; ` : ''}${ip.completedBeforeRelease}/${ip.count} requests to 127.0.0.1 finished while all ${obs.P} pool threads were parked${beyondPool ? `, the server holding ${obs.inFlightHeld} at once (${together ? 'more than' : 'expected more than'} the pool's ${obs.P})` : ''}; the control ${controlOp(obs.ops).call} waited for the release${errs}${busy}${others.map((u) => `; ${u.text}`).join('')}${uses.map((u) => `; ${u.text}`).join('')}${threadsSaid(obs)}`,
          };
        },
      },
      // Boundary halfway between "about the delay" and "after the release" (0.7: 1.2 against 0.2).
      timing: heldRatio({ op: 'ip', what: 'request', claim, alternatives: { 'pool-bound': poolBound } }),
    };
  },
});
