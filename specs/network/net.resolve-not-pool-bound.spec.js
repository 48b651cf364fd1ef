import { defineSpec } from '../../harness/spec.js';
import { round } from '../../harness/stats.js';
import { bareThreadsOnce } from '../../harness/kits/threads.js';
import {
  controlProblem,
  poolNotHeld,
  threadsSaid,
  netProbeTrial,
  heldRatio,
  N,
  HOLD_MS,
  controlOp,
} from '../../harness/kits/network.js';

// One trial: every pool thread parked on a FIFO for HOLD_MS; meanwhile N
// resolver.resolve4() calls (c-ares) against a DNS responder on 127.0.0.1,
// and one fs.access as the positive control (it needs a pool thread, and never goes to io_uring).

export default defineSpec({
  id: 'net.resolve-not-pool-bound',
  title: 'dns.resolve*() does not use the thread pool',
  area: 'network',
  claim:
    'The dns.resolve* family (and dns.Resolver) queries DNS servers itself through c-ares on the event loop, without the libuv pool.',
  truth: 'True: with every pool thread parked, resolve4 against a loopback DNS server answers at once.',
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
        `All pool threads parked for ${HOLD_MS} ms; ${N} resolve4 calls, each of a name not asked before, against a DNS responder on 127.0.0.1 all answer before the release, ` +
        `while the control fs.access waits for it. R = median resolve time / hold ≈ ${claim} (pool-bound: ≥ ${poolBound}).`,
      model: { N, holdMs: HOLD_MS, completedBeforeRelease: N, R: claim, alternatives: { 'pool-bound': poolBound } },
      // Park the pool as measured under the settings in force (not re-read from the env by the fixture).
      trial: (c) => netProbeTrial(c, { ops: ['resolve', 'access'], n: N, holdMs: HOLD_MS, pool: c.poolSize }, bare),
      structural: {
        asserts: 'resolve4 answers while every pool thread is parked',
        need: 2, // event order: exact in every trial measured
        check(obs) {
          const problem = controlProblem(obs);
          if (problem) return { ok: false, invalid: true, detail: problem };
          const r = obs.ops.resolve;
          const errs = r.errors.length ? `; errors: ${[...new Set(r.errors)].join(', ')}` : '';
          // The answers must come while no pool thread ran, not merely while the FIFOs were held.
          const free = poolNotHeld(obs);
          return {
            ok: r.completedBeforeRelease === r.count && r.errors.length === 0 && !free,
            detail: `${free ? `${free}; ` : ''}${r.completedBeforeRelease}/${r.count} resolve4 calls answered while all ${obs.P} pool threads were parked (${obs.dnsQueries} queries reached the loopback server); the control ${controlOp(obs.ops).call} waited${errs}${threadsSaid(obs)}`,
          };
        },
      },
      // Boundary halfway between "at once" and "after the release" (0.5).
      timing: heldRatio({ op: 'resolve', what: 'resolve4', claim, alternatives: { 'pool-bound': poolBound } }),
    };
  },
});
