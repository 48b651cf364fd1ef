import { defineSpec } from '../../harness/spec.js';
import {
  SOURCE_004,
  clusterSize,
  withCluster,
  getManyHeld,
  getBurstHeld,
  clusterListeners,
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
// Then B = 16·W GETs at once, BURSTS times (each burst once the last has
// answered), and which processes of the cluster (the primary
// and every process descended from it) hold a socket listening on the port:
// under SCHED_RR the primary alone can accept.

/**
 * Bursts a trial sends; most of them must reach every worker (burstPart):
 * a worker the machine keeps from its CPU through one burst gets few of it.
 */
export const BURSTS = 3;

/**
 * The least a worker may take of a burst of B connections: a quarter of its
 * even share, and 2. Round robin over the workers that are free (those that
 * acknowledged their last hand-off) spreads a burst unevenly but never onto
 * one worker: the fewest any worker took was 10 of 32 (W = 2, 30 bursts), 14
 * of 32 on one CPU and 7 of 64 with 4 workers on 2 CPUs (BENCHMARKS.md §45);
 * a primary that hands connections arriving together to the worker it last
 * chose gave the others 0 in most bursts and 3 of 32 in one of 24.
 * @param {number} B @param {number} W
 */
export function burstFloor(B, W) {
  return Math.max(2, Math.floor(B / W / 4));
}

/**
 * A burst's connections per worker (by the worker holding each) and whether
 * each worker took at least burstFloor.
 * @param {import('../../harness/kits/cluster.js').Reply[]} replies @param {number[]} workerPids
 */
function summarizeBurst(replies, workerPids) {
  const counts = countPids(byHolder(replies));
  return {
    n: replies.length,
    perWorker: workerPids.map((pid) => counts[String(pid)] ?? 0),
    errors: counts.error ?? 0,
    impostures: impostures(replies).map((r) => ({ pid: r.pid, holders: r.holders })),
  };
}

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
 * Each reply named by the worker that held its connection (the kernel's
 * view, Linux; 0 where not exactly one process held it), else by the pid
 * the answer names.
 * @param {import('../../harness/kits/cluster.js').Reply[]} replies
 */
function byHolder(replies) {
  return replies.map((r) =>
    Array.isArray(r.holders) && !r.error ? { ...r, pid: r.holders.length === 1 ? r.holders[0] : 0 } : r,
  );
}

/**
 * Counts and order by the worker that served each connection: the one holding
 * it (the kernel's view, Linux), else the pid the answer names.
 * @param {import('../../harness/kits/cluster.js').Reply[]} replies @param {number} W
 */
function summarize(replies, W) {
  const served = byHolder(replies);
  const counts = countPids(served);
  return {
    counts,
    spread: round(spread(counts, W), 3),
    alternation: round(alternation(served.map((r) => r.pid ?? 0)), 3),
    impostures: impostures(replies).map((r) => ({ pid: r.pid, holders: r.holders })),
  };
}

/**
 * The bursts as a part: in most of them, every worker took at least `floor`
 * (by the worker holding each connection); in none did a request fail or a
 * connection lie with a process other than the one it named. A worker the
 * machine kept from its CPU through one burst takes few of it and reaches
 * the next; a primary that deals bursts to one worker does so in most.
 * @param {{ n: number, perWorker: number[], errors: number, impostures: any[] }[]} bursts @param {number} floor
 */
export function burstPart(bursts, floor) {
  const reached = bursts.filter((b) => Math.min(...b.perWorker) >= floor).length;
  const spread = reached > bursts.length / 2;
  const errors = bursts.reduce((a, b) => a + b.errors, 0);
  const bad = bursts.reduce((a, b) => a + b.impostures.length, 0);
  return {
    ok: spread && errors === 0 && bad === 0,
    detail: `${bursts[0]?.n} at once → ${bursts.map((b) => b.perWorker.join('/')).join(', then ')} per worker (expected each ≥ ${floor} in most bursts)${errors ? `, ${errors} failed` : ''}${bad ? `, ${bad} not held by the worker named` : ''}`,
  };
}

/**
 * Who holds a socket listening on the port, as a part: under SCHED_RR the
 * primary alone; any other process of the cluster that holds one (a
 * worker, a helper) accepts connections itself (as under SCHED_NONE),
 * whatever it then does with them. null where not read (off Linux, older
 * records).
 * @param {number[] | null | undefined} listeners @param {number | undefined} primary
 */
export function listenPart(listeners, primary) {
  if (!Array.isArray(listeners) || primary === undefined) return null;
  const others = listeners.filter((p) => p !== primary);
  if (others.length)
    return {
      ok: false,
      detail: `${others.length} process(es) besides the primary hold a socket listening on the port (${others.join(', ')}): they accept connections themselves`,
    };
  return listeners.includes(primary)
    ? { ok: true, detail: 'the listening socket held by the primary alone' }
    : { ok: false, detail: 'no process of the cluster was seen holding a socket listening on the port' };
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
    const B = 16 * W;
    const floor = burstFloor(B, W);
    return {
      ...(ctx.platform === 'win32'
        ? {
            skip: 'Windows defaults to SCHED_NONE (the OS distributes connections); the claim is about the SCHED_RR default elsewhere',
          }
        : {}),
      summary: `${N} GETs /light, one after another, each on a new connection, to ${W} workers under the default policy: each worker should serve ${N / W}, counted by the worker holding each connection (max/min ≤ ${maxSpread}; consecutive answers from different workers ≥ ${round(minAlternation, 3)}). Then ${B} GETs at once, ${BURSTS} times: in most, each worker takes at least ${floor}. Only the primary holds a socket listening on the port (read from /proc, among every process of the cluster): it accepts, the workers do not. The same under SCHED_NONE is recorded for contrast, not judged, from the first trial.`,
      model: {
        workers: W,
        requests: N,
        perWorker: N / W,
        spread: 1,
        alternation: 1,
        limits: { maxSpread, minAlternation: round(minAlternation, 3), burst: B, burstFloor: floor },
        alternatives: { unordered: { spread: '≈1.5–1.8', alternation: round(1 - 1 / W, 3) } },
      },
      // The contrast is recorded, never judged: run in the first trial only
      // (a second cluster and N more GETs, about half of each trial's time).
      trial: async (c, n) => {
        const rr = await withCluster(c, { workers: W }, async (i) => {
          const one = await getManyHeld(i.port, '/light', N, i.workerPids, { tree: i.primaryPid });
          const bursts = [];
          for (let b = 0; b < BURSTS; b++)
            bursts.push(
              summarizeBurst(
                await getBurstHeld(i.port, '/light', B, i.workerPids, { tree: i.primaryPid }),
                i.workerPids,
              ),
            );
          return { one, bursts, listeners: clusterListeners(i.port, i.primaryPid) };
        });
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
          rr: summarize(rr.value.one, W),
          bursts: rr.value.bursts,
          // which processes of the cluster held a socket listening on the port
          listeners: rr.value.listeners,
          primaryPid: rr.info.primaryPid,
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
          // Records before the burst and the listening sockets were read have neither: not asserted.
          const burst = obs.bursts ? burstPart(obs.bursts, floor) : null;
          const listen = listenPart(obs.listeners, obs.primaryPid);
          const ok =
            obs.defaultPolicy === 'rr' &&
            !r.counts.error &&
            bad.length === 0 &&
            r.spread <= maxSpread &&
            r.alternation >= minAlternation &&
            burst?.ok !== false &&
            listen?.ok !== false;
          return {
            ok,
            detail: `default policy ${obs.defaultPolicy}: ${obs.N} new connections → ${JSON.stringify(r.counts)} (max/min ${r.spread}, alternation ${r.alternation})${burst ? `; ${burst.detail}` : ''}${listen ? `; ${listen.detail}` : ''}${c ? `; SCHED_NONE for contrast: ${JSON.stringify(c.counts)} (max/min ${c.spread}, alternation ${c.alternation})` : ''}${bad.length ? `; ${describeImpostures(bad)}` : ''}`,
          };
        },
      },
    };
  },
});
