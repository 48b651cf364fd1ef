import { defineSpec } from '../../harness/spec.js';
import { round } from '../../harness/stats.js';
import { bareThreadsOnce } from '../../harness/kits/threads.js';
import { shuffled } from '../../harness/kits/draw.js';
import { controlProblem, poolNotHeld, threadsSaid, heldRatio, HOLD_MS, controlOp } from '../../harness/kits/network.js';
import {
  warmPoolUse,
  heldPoolUse,
  freePoolUse,
  outsideFreeUse,
  netProbeTrialLooking,
  drawCount,
} from '../../harness/kits/net-pool-use.js';
import { systemPart, systemAsked } from '../../harness/kits/system-dns.js';

// One trial: every pool thread parked on a FIFO for HOLD_MS; meanwhile n
// resolve* calls (c-ares: resolve4, resolve6, resolveMx, reverse, resolve(name, type), ...
// in an order drawn per trial, RESOLVE_FORMS) against a DNS responder on 127.0.0.1 (and,
// where the fixture can have a network namespace of its own, some forms through resolvers
// left with the machine's own servers, answered there: kits/system-dns.js),
// and one fs.access as the positive control (it needs a pool thread, and never goes to io_uring).
// Before the pool is parked, with its threads started and all asleep, k resolve* more:
// with a thread free they still make no pool request and wake no pool thread.
// n and k are drawn by the harness for each trial (PARKED, FREE): queries that draw on
// something the pool makes (a stock of ids) run it low or dry somewhere in the run.

/**
 * How many resolve* a trial makes while the pool is parked, and before with it free:
 * drawn at random for each trial (crypto.randomInt, [lo, hi]); with the warm-up's,
 * 73–145 in a run: a stock of 64 query ids refilled below 16 (resolve-id-stock) is
 * refilled with the pool free, at the 49th. Cheap on loopback: the free ones took
 * 7–37 ms quiet, up to 103 ms beside two busy loops; the parked ones all answered
 * within 16 ms of the hold's start quiet, 34 ms busy (R ≤ 0.23 against 0.5).
 */
const PARKED = { lo: 24, hi: 48 };
const FREE = { lo: 48, hi: 96 };

/**
 * "without the libuv pool" with the pool free, not only while it is full: the
 * fixture's resolves made with every pool thread started and asleep (freePool)
 * made no pool request (async_hooks: fs, getaddrinfo, crypto, zlib) and put no
 * pool thread on a CPU (/proc schedstat run counts, from before to after them).
 * A resolve* that turns to the pool only while a thread is free (and does
 * without it when none is, as in the parked trial) shows here. Honest: 0
 * requests and 0 wake-ups in every run measured (Node 20.20, 2 CPUs, quiet, beside
 * two busy loops and at a load average of 6–27: over 50 runs); a stat of its own
 * before each query while a thread is free (resolve-conf-stat): 4 requests, 5–9
 * wake-ups. fs requests count whether or not they go to io_uring: honest resolves
 * make none either way. Null where the fixture did not run them (older records);
 * a wake-up count it could not read (not Linux, no pool thread found) is left out.
 * @param {any} free  obs.freePool
 * @returns {{ ok: boolean, text: string } | null}
 */
export function freePoolResolves(free) {
  return freePoolUse(free, 'resolve*');
}

/**
 * The resolve* forms a trial makes, each with the record type it queries (its code): the
 * family, not resolve4 alone. The fixture makes them in turn, in an order the harness
 * draws for each trial (drawCalls), each answered by the loopback responder's record of
 * its type (fixtures/lib/dns-server.cjs); with 24 or more while parked, each at least once.
 * Honest: every one answered within the hold like resolve4 (R ≤ 0.1 measured, 0 pool
 * requests); one form that first asks the pool (an fs.stat before every non-A query,
 * resolve-non-a-pool) answers only after the release, and its stats show while parked.
 */
export const RESOLVE_FORMS = {
  resolve4: 1,
  resolve6: 28,
  resolveCname: 5,
  resolveMx: 15,
  resolveNs: 2,
  resolveTxt: 16,
  resolveSrv: 33,
  resolveCaa: 257,
  resolvePtr: 12,
  resolveAny: 255,
  reverse: 12,
  'resolve:A': 1,
  'resolve:AAAA': 28,
  'resolve:MX': 15,
  'resolve:TXT': 16,
  'resolve:NS': 2,
  'resolve:CNAME': 5,
  resolveSoa: 6,
  resolveNaptr: 35,
  'resolve:SOA': 6,
  'resolve:NAPTR': 35,
};

/** Every form of RESOLVE_FORMS once, in an order drawn at random (crypto.randomInt). */
export function drawCalls() {
  return shuffled(Object.keys(RESOLVE_FORMS));
}

/**
 * "the dns.resolve* family": every record type the trial's forms ask (obs.resolveCalls,
 * as the harness drew them) reached the loopback responder (obs.dnsTypes, its queries by
 * type code), so the answers counted are of those forms, not of resolve4 alone. Honest:
 * all, every run. Null where the fixture made resolve4 only (older records): left out.
 * @param {any} obs
 * @returns {{ ok: boolean, text: string } | null}
 */
export function familyAsked(obs) {
  if (!Array.isArray(obs.resolveCalls) || !obs.dnsTypes) return null;
  const types = [...new Set(obs.resolveCalls.map((/** @type {string} */ c) => RESOLVE_FORMS[c]))];
  const missing = types.filter((t) => !(obs.dnsTypes[String(t)] > 0));
  return {
    ok: missing.length === 0 && types.every((t) => t !== undefined),
    text: `${obs.resolveCalls.length} resolve* forms in turn (${types.length} record types${
      missing.length ? `; never queried: ${missing.join(', ')}` : ', each queried'
    })`,
  };
}

/**
 * "queries DNS servers itself" while the pool is parked, not answers made up in the process:
 * of each record type, the responders received at least as many queries while the pool was
 * parked as answers of that type came then (obs.heldResolves, by type code). Every call made
 * then asks a name never asked before, so each answer needs a query of its own sent after the
 * pool was parked. Honest: as many queries as answers, each type, every trial measured. An
 * answer of the expected record made without a query (while the real one waits for the
 * pool) shows here. Null in older records: left out.
 * @param {any} obs
 * @returns {{ ok: boolean, text: string } | null}
 */
export function heldQueried(obs) {
  const h = obs.heldResolves;
  if (!h) return null;
  /** @type {[string, number][]} */
  const answered = Object.entries(h.answered);
  const short = answered.filter(([type, n]) => !((h.queried[type] ?? 0) >= n));
  const total = (/** @type {Record<string, number>} */ by) => Object.values(by).reduce((a, b) => a + b, 0);
  return {
    ok: short.length === 0,
    text: `while parked, ${total(h.queried)} queries reached the responders for ${total(h.answered)} answers${
      short.length
        ? `; fewer queries than answers of type ${short.map(([t, n]) => `${t} (${h.queried[t] ?? 0} for ${n})`).join(', ')}`
        : ', at least one per answer of each type'
    }`,
  };
}

export default defineSpec({
  id: 'net.resolve-not-pool-bound',
  title: 'dns.resolve*() does not use the thread pool',
  area: 'network',
  claim:
    'The dns.resolve* family (and dns.Resolver) queries DNS servers itself through c-ares on the event loop, without the libuv pool.',
  truth: 'True: with every pool thread parked, resolve* against a loopback DNS server answers at once.',
  expected: 'holds',
  tags: ['timing', 'fifo-probe', 'dns'],
  requires: ['linux'],
  source: {
    file: '002_d7b7cf540677f00a.txt',
    section: 'Network 작업은 OS에 위임한다! (OS delegation)',
    figures: null,
  },
  plan: (ctx) => {
    const bare = bareThreadsOnce();
    const claim = 0; // a loopback UDP exchange: milliseconds against a hold of 150
    const poolBound = 1; // it could only complete after the release
    return {
      summary:
        `All pool threads parked for ${HOLD_MS} ms; ${PARKED.lo}–${PARKED.hi} resolve* calls (drawn each trial: ${Object.keys(RESOLVE_FORMS).length} forms of ${new Set(Object.values(RESOLVE_FORMS)).size} record types in a drawn order), each of a name not asked before, against a DNS responder on 127.0.0.1 (some forms, drawn, with the machine's own servers, answered in a network namespace of the fixture's own where one can be had) all answer before the release, ` +
        `while the control fs.access waits for it, and make no pool request; ${FREE.lo}–${FREE.hi} more with the pool free (before it is parked) make no pool request and wake no pool thread, nor does the first. R = median resolve time / hold ≈ ${claim} (pool-bound: ≥ ${poolBound}).`,
      model: {
        N: `${PARKED.lo}–${PARKED.hi}`, // drawn each trial
        freeResolves: `${FREE.lo}–${FREE.hi}`,
        holdMs: HOLD_MS,
        completedBeforeRelease: 'all',
        poolRequests: 0,
        R: claim,
        alternatives: { 'pool-bound': poolBound },
      },
      // Park the pool as measured under the settings in force (not re-read from the env by the fixture).
      // The resolve* forms in an order drawn for the trial (drawCalls), told back with the data.
      // Where the fixture can have a network namespace of its own, some forms (drawn) go
      // through resolvers left with the system's servers, answered there (kits/system-dns.js).
      trial: async (c) => {
        const resolveCalls = drawCalls();
        const system = await systemPart(c, resolveCalls.length);
        const data = await netProbeTrialLooking(
          c,
          {
            ops: ['resolve', 'access'],
            resolveCalls,
            n: drawCount(PARKED),
            holdMs: HOLD_MS,
            pool: c.poolSize,
            freeResolves: drawCount(FREE),
            countPool: true,
            ...('options' in system && system.options),
          },
          bare,
          'ownNetwork' in system ? { ownNetwork: system.ownNetwork } : {},
        );
        return { ...data, resolveCalls, ...('leftOut' in system && { systemLeftOut: system.leftOut }) };
      },
      structural: {
        asserts: 'resolve* of each record type answers with every pool thread parked, using no pool',
        need: 2, // event order: exact in every trial measured
        check(obs) {
          const problem = controlProblem(obs);
          if (problem) return { ok: false, invalid: true, detail: problem };
          const r = obs.ops.resolve;
          const errs = r.errors.length ? `; errors: ${[...new Set(r.errors)].join(', ')}` : '';
          // The answers must come while no pool thread ran, not merely while the FIFOs were held.
          const free = poolNotHeld(obs);
          // ... and they do without it when a thread is free too (null in older records)
          const unparked = freePoolResolves(obs.freePool);
          // ... of the family's record types, each queried (null in older records: left out)
          const family = familyAsked(obs);
          // ... through a resolver left with the system's servers too (null in older records)
          const system = systemAsked(obs);
          // ... each answer with a query of its own while parked (null in older records)
          const queried = heldQueried(obs);
          // ... nor in their first use, nor while it is parked (work queued behind the
          // parked threads, which runs only after the release): kits/net-pool-use.js,
          // null in older records (left out)
          // (and the free pool's wake-ups read by the harness from outside)
          const uses = [
            warmPoolUse(obs, 'resolve', 'resolve*'),
            heldPoolUse(obs, `${r.count} resolve*`),
            outsideFreeUse(obs, 'resolve', 'resolve*'),
          ].filter((u) => u !== null);
          return {
            ok:
              r.completedBeforeRelease === r.count &&
              r.errors.length === 0 &&
              !free &&
              unparked?.ok !== false &&
              family?.ok !== false &&
              system?.ok !== false &&
              queried?.ok !== false &&
              uses.every((u) => u.ok),
            detail: `${free ? `${free}; ` : ''}${r.completedBeforeRelease}/${r.count} resolve* calls answered while all ${obs.P} pool threads were parked (${obs.dnsQueries} queries reached the responders in the whole run: the warm-up's, the free pool's and these); the control ${controlOp(obs.ops).call} waited${errs}${family ? `; ${family.text}` : ''}${queried ? `; ${queried.text}` : ''}${system ? `; ${system.text}` : ''}${unparked ? `; ${unparked.text}` : ''}${uses.map((u) => `; ${u.text}`).join('')}${threadsSaid(obs)}`,
          };
        },
      },
      // Boundary halfway between "at once" and "after the release" (0.5).
      timing: heldRatio({ op: 'resolve', what: 'resolve*', claim, alternatives: { 'pool-bound': poolBound } }),
    };
  },
});
