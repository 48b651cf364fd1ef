import { defineSpec } from '../../harness/spec.js';
import {
  SOURCE_004,
  clusterSize,
  withCluster,
  getManyHeld,
  countPids,
  impostures,
  describeImpostures,
} from '../../harness/kits/cluster.js';
import { round } from '../../harness/stats.js';

// One trial: N = 20·W GETs, one after another, each on a new connection, to a
// cluster under the default policy (SCHED_RR off Windows); in the first trial
// only, then the same to a cluster with schedulingPolicy SCHED_NONE (the OS
// picks), for contrast: it is recorded, never judged.
// Which worker got a connection is read by the harness (Linux): the worker
// that holds it in /proc once it has answered, not the name the answer gives.

/** max/min of the per-worker counts (Infinity when a worker got none). @param {Record<string, number>} counts @param {number} W */
function spread(counts, W) {
  const xs = Object.entries(counts)
    .filter(([k]) => k !== 'error')
    .map(([, v]) => v);
  return xs.length < W ? Infinity : Math.max(...xs) / Math.min(...xs);
}

/** Fraction of consecutive answers that came from a different worker. @param {number[]} pids */
function alternation(pids) {
  let changes = 0;
  for (let i = 1; i < pids.length; i++) if (pids[i] !== pids[i - 1]) changes++;
  return pids.length > 1 ? changes / (pids.length - 1) : NaN;
}

/**
 * Counts and order by the worker that served each connection: the one holding
 * it (the kernel's view, Linux), else the pid the answer names.
 * @param {import('../../harness/kits/cluster.js').Reply[]} replies @param {number} W
 */
function summarize(replies, W) {
  const served = replies.map((r) =>
    Array.isArray(r.holders) && !r.error ? { ...r, pid: r.holders.length === 1 ? r.holders[0] : 0 } : r,
  );
  const counts = countPids(served);
  return {
    counts,
    spread: round(spread(counts, W), 3),
    alternation: round(alternation(served.map((r) => r.pid ?? 0)), 3),
    impostures: impostures(replies).map((r) => ({ pid: r.pid, holders: r.holders })),
  };
}

export default defineSpec({
  id: 'cluster.round-robin',
  title: 'The cluster primary hands new connections to the workers in turn',
  area: 'cluster',
  claim: 'The primary process directs each incoming connection to a worker, mostly in a round-robin fashion.',
  truth:
    'True on Linux/macOS: the default SCHED_RR keeps a queue of free workers and hands each accepted connection to the next one. Windows defaults to SCHED_NONE (the OS decides); NODE_CLUSTER_SCHED_POLICY or cluster.schedulingPolicy overrides.',
  expected: 'holds',
  tags: ['structural'],
  source: {
    file: SOURCE_004.file,
    section:
      'How the cluster version works: the parent directs each request to a child, mostly in a round-robin fashion',
    figures: null,
  },
  plan: (ctx) => {
    const W = clusterSize(ctx);
    const N = 20 * W;
    // Boundaries between the policy's prediction and the nearest wrong one.
    // Round robin from a queue of free workers, with one connection at a time:
    // the worker just served goes to the back, so each gets exactly N/W
    // (spread 1) and consecutive answers always change worker (alternation 1).
    // The nearest alternative, an even but unordered choice (what SCHED_NONE
    // looks like on Linux): counts Binomial(N, 1/W), spread ≈ 1.5–1.8 at
    // N/W = 20, alternation 1 − 1/W. Limits halfway-ish: spread ≤ 1.25 (a turn
    // or two lost to a late 'accepted' reply still passes) and alternation ≥
    // 1 − 1/(2W).
    const maxSpread = 1.25;
    const minAlternation = 1 - 1 / (2 * W);
    return {
      ...(ctx.platform === 'win32'
        ? {
            skip: 'Windows defaults to SCHED_NONE (the OS distributes connections); the claim is about the SCHED_RR default elsewhere',
          }
        : {}),
      summary: `${N} GETs /light, one after another, each on a new connection, to ${W} workers under the default policy: each worker should serve ${N / W}, counted by the worker holding each connection (max/min ≤ ${maxSpread}; consecutive answers from different workers ≥ ${round(minAlternation, 3)}). The same under SCHED_NONE is recorded for contrast, not judged, from the first trial.`,
      model: {
        workers: W,
        requests: N,
        perWorker: N / W,
        spread: 1,
        alternation: 1,
        limits: { maxSpread, minAlternation: round(minAlternation, 3) },
        alternatives: { unordered: { spread: '≈1.5–1.8', alternation: round(1 - 1 / W, 3) } },
      },
      // The contrast is recorded, never judged: run in the first trial only
      // (a second cluster and N more GETs, about half of each trial's time).
      trial: async (c, n) => {
        const rr = await withCluster(c, { workers: W }, (i) => getManyHeld(i.port, '/light', N, i.workerPids));
        const none =
          n === 1
            ? await withCluster(c, { workers: W, schedPolicy: 'none' }, (i) =>
                getManyHeld(i.port, '/light', N, i.workerPids),
              )
            : null;
        return {
          W,
          N,
          defaultPolicy: rr.info.policy,
          rr: summarize(rr.value, W),
          ...(none ? { none: { policy: none.info.policy, ...summarize(none.value, W) } } : {}),
        };
      },
      structural: {
        asserts: `under the default policy (rr) the ${W} workers take the connections evenly, in turn`,
        // A count per worker and an order, not a time: two agreeing trials suffice.
        need: 2,
        check(obs) {
          const r = obs.rr;
          const bad = r.impostures ?? []; // absent in records made before the holders were read
          const c = obs.none; // the contrast: first trial only (every trial in older records)
          const ok =
            obs.defaultPolicy === 'rr' &&
            !r.counts.error &&
            bad.length === 0 &&
            r.spread <= maxSpread &&
            r.alternation >= minAlternation;
          return {
            ok,
            detail: `default policy ${obs.defaultPolicy}: ${obs.N} new connections → ${JSON.stringify(r.counts)} (max/min ${r.spread}, alternation ${r.alternation})${c ? `; SCHED_NONE for contrast: ${JSON.stringify(c.counts)} (max/min ${c.spread}, alternation ${c.alternation})` : ''}${bad.length ? `; ${describeImpostures(bad)}` : ''}`,
          };
        },
      },
    };
  },
});
