import { defineSpec } from '../../harness/spec.js';
import { SOURCE_004, clusterSize, withCluster, steadyLoop } from '../../harness/cluster.js';
import { round } from '../../harness/stats.js';

// One trial, two sub-runs (W = 1, then W ≥ 2), refork on: a steady loop of
// GETs /light on new connections (CONNECTIONS clients); after WARM answers the
// primary SIGKILLs a worker and forks a replacement on 'exit'. The loop ends
// once the replacement has answered AFTER_NEW times, or at its bounds.
const CONNECTIONS = 2;
const WARM = 20;
const AFTER_NEW = 10;
const MAX_REQUESTS = 3000;
const MAX_MS = 1000;
const REFUSED = 'ECONNREFUSED';

/**
 * @param {import('../../harness/context.js').Context} ctx @param {number} W
 */
async function subRun(ctx, W) {
  const { value, info, final } = await withCluster(ctx, { workers: W, refork: true }, async (i, handle) => {
    const victim = i.workerPids[0];
    let killAt = -1;
    let okBefore = 0;
    let newOk = 0;
    const loop = await steadyLoop(i.port, {
      connections: CONNECTIONS,
      maxRequests: MAX_REQUESTS,
      maxMs: MAX_MS,
      until: () => newOk >= AFTER_NEW,
      onReply(r) {
        if (killAt < 0 && r.status === 200 && ++okBefore >= WARM) {
          killAt = performance.now();
          handle.send({ type: 'kill-worker', pid: victim });
        } else if (killAt >= 0 && r.status === 200 && !i.workerPids.includes(r.pid)) newOk++;
      },
    });
    const after = loop.replies.filter((r) => killAt >= 0 && r.t + r.ms >= killAt);
    const refused = after.filter((r) => r.error === REFUSED);
    return {
      victim,
      sent: loop.sent,
      loopMs: round(loop.ms, 1),
      before: loop.replies.length - after.length,
      after: after.length,
      ok: after.filter((r) => r.status === 200).length,
      refused: refused.length,
      refusedForMs: refused.length ? round(Math.max(...refused.map((r) => r.t)) - Math.min(...refused.map((r) => r.t)), 1) : 0,
      lost: after.filter((r) => r.error && r.error !== REFUSED).map((r) => r.error),
      replacementAnswered: newOk,
      failedBeforeKill: loop.replies.length - after.length - loop.replies.filter((r) => r.status === 200 && !(r.t + r.ms >= killAt)).length,
    };
  });
  return { W, port: info.port, forks: final.forks, ...value, events: final.events.map((/** @type {any} */ e) => `${e.event}:${e.pid}${e.signal ? `:${e.signal}` : ''}`) };
}

/** @param {any} r */
const text = (r) =>
  `W=${r.W}: killed ${r.victim} after ${r.before} answers; then ${r.ok}/${r.after} answered, ${r.refused} refused${r.refused ? ` (over ${r.refusedForMs} ms)` : ''}, ${r.lost.length} lost in flight${r.lost.length ? ` (${r.lost.join(', ')})` : ''}; the replacement answered ${r.replacementAnswered}`;

export default defineSpec({
  id: 'cluster.refork-no-downtime',
  title: "Forking a replacement on 'exit' keeps a cluster serving, with at least two workers",
  area: 'cluster',
  claim: "Forking a new worker the moment one exits keeps the application up with no downtime.",
  truth: 'Nuanced: with ≥ 2 workers no connection is refused while the replacement starts (the others keep serving); with 1 worker the shared listening socket closes with it and connections are refused until the replacement listens.',
  expected: 'refuted',
  tags: ['structural'],
  requires: ['posix'],
  source: { file: SOURCE_004.file, section: "The cluster version: on 'exit', fork a new worker so there is no downtime", figures: null },
  plan: (ctx) => {
    const W = clusterSize(ctx);
    return {
      summary:
        `A steady loop of GETs /light on new connections (${CONNECTIONS} clients, ≤ ${MAX_REQUESTS} requests, ≤ ${MAX_MS} ms); after ${WARM} answers one worker is SIGKILLed and refork forks a replacement. ` +
        `Model: W=1 → connections are refused (${REFUSED}) from the kill until the replacement listens (on the same port); W=${W} → none refused, the other workers answer meanwhile. ` +
        `A request already handed to the killed worker may be lost (reset): at most the ${CONNECTIONS} in flight, not downtime. The claim as stated (no downtime at all) fails for W=1.`,
      model: { single: { refused: '≥ 1' }, cluster: { workers: W, refused: 0, lostAtMost: CONNECTIONS } },
      trial: async (c) => ({ single: await subRun(c, 1), multi: await subRun(c, W) }),
      structural: {
        // Counts of refused connections, not times: two agreeing trials suffice.
        // "holds" here means the nuance holds: downtime with 1 worker, none with W.
        need: 2,
        check(obs) {
          const s = obs.single;
          const m = obs.multi;
          const singleDown = s.refused >= 1 && s.replacementAnswered >= 1 && s.failedBeforeKill === 0;
          const multiUp = m.refused === 0 && m.lost.length <= CONNECTIONS && m.replacementAnswered >= 1 && m.failedBeforeKill === 0;
          return { ok: singleDown && multiUp, detail: `${text(s)}; ${text(m)}` };
        },
      },
    };
  },
});
