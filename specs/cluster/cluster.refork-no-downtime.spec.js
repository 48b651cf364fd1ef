import { defineSpec } from '../../harness/spec.js';
import { SOURCE_004, clusterSize, withCluster, steadyLoop } from '../../harness/kits/cluster.js';
import { round } from '../../harness/stats.js';

// One trial, three sub-runs: a steady loop of GETs /light on new connections
// (CONNECTIONS clients); after WARM answers the primary SIGKILLs a worker. With
// refork it forks a replacement on 'exit', and the loop ends once the
// replacement has answered AFTER_NEW times, or at its bounds.
//   cluster  W ≥ 2 workers, refork: what the claim is about (the source forks
//            one worker per core)
//   control  W ≥ 2 workers, no refork: no new worker ever answers, so the
//            replacement in `cluster` is refork's doing, not the survivors'
//   single   1 worker, refork: the contrast (the listening socket goes with it)
const CONNECTIONS = 2;
const WARM = 20;
const AFTER_NEW = 10;
const MAX_REQUESTS = 3000;
const MAX_MS = 1000;
const REFUSED = 'ECONNREFUSED';

/**
 * @param {import('../../harness/context.js').Context} ctx @param {number} W
 */
async function subRun(ctx, W, refork = true) {
  const { value, info, final } = await withCluster(ctx, { workers: W, refork }, async (i, handle) => {
    const victim = i.workerPids[0];
    let killAt = -1;
    let okBefore = 0;
    let newOk = 0;
    let replacedAt = -1;
    let survivorsAfterNew = 0;
    const loop = await steadyLoop(i.port, {
      connections: CONNECTIONS,
      maxRequests: MAX_REQUESTS,
      maxMs: MAX_MS,
      // Only a request sent before a new worker answered may be given up at
      // the loop's end (and counts as lost): it may have gone to the killed
      // worker. One sent after cannot have (the primary forks the replacement
      // after the victim's 'disconnect'), and runs to its answer or timeout.
      mayGiveUp: () => newOk === 0,
      until: () => newOk >= AFTER_NEW,
      onReply(r) {
        if (killAt < 0 && r.status === 200 && ++okBefore >= WARM) {
          killAt = performance.now();
          handle.send({ type: 'kill-worker', pid: victim });
        } else if (killAt >= 0 && r.status === 200 && !i.workerPids.includes(r.pid)) {
          if (++newOk === AFTER_NEW) replacedAt = performance.now();
        } else if (newOk > 0 && r.status === 200 && r.pid !== victim && i.workerPids.includes(r.pid))
          survivorsAfterNew++;
      },
    });
    const after = loop.replies.filter((r) => killAt >= 0 && r.t + r.ms >= killAt);
    const refused = after.filter((r) => r.error === REFUSED);
    return {
      victim,
      sent: loop.sent,
      loopMs: round(loop.ms, 1),
      replacedMs: replacedAt < 0 ? null : round(replacedAt - killAt, 1),
      before: loop.replies.length - after.length,
      after: after.length,
      ok: after.filter((r) => r.status === 200).length,
      refused: refused.length,
      refusedForMs: refused.length
        ? round(Math.max(...refused.map((r) => r.t)) - Math.min(...refused.map((r) => r.t)), 1)
        : 0,
      lost: after.filter((r) => r.error && r.error !== REFUSED).map((r) => r.error),
      replacementAnswered: newOk,
      // "No downtime" means the other workers kept serving, beside the replacement once
      // it came: not a whole new cluster in their place.
      survivorsAnswered: after.filter((r) => r.status === 200 && r.pid !== victim && i.workerPids.includes(r.pid))
        .length,
      survivorsAfterReplacement: survivorsAfterNew,
      failedBeforeKill:
        loop.replies.length -
        after.length -
        loop.replies.filter((r) => r.status === 200 && !(r.t + r.ms >= killAt)).length,
    };
  });
  return {
    W,
    refork,
    port: info.port,
    forks: final.forks,
    ...value,
    events: final.events.map((/** @type {any} */ e) => `${e.event}:${e.pid}${e.signal ? `:${e.signal}` : ''}`),
  };
}

/** @param {any} r */
const text = (r) =>
  `W=${r.W}${r.refork ? '' : ' without refork'}: killed ${r.victim} after ${r.before} answers; then ${r.ok}/${r.after} answered${r.W > 1 ? ` (${r.survivorsAnswered} by the other workers, ${r.survivorsAfterReplacement} of them beside the replacement)` : ''}, ${r.refused} refused${r.refused ? ` (over ${r.refusedForMs} ms)` : ''}, ${r.lost.length} lost in flight${r.lost.length ? ` (${r.lost.join(', ')})` : ''}; ${r.refork ? `the replacement answered ${r.replacementAnswered}${r.replacedMs == null ? '' : ` (its ${AFTER_NEW}th ${r.replacedMs} ms after the kill)`}` : `${r.replacementAnswered ? 'a replacement all the same' : 'no replacement'} (${r.replacementAnswered} answers from a new worker in a ${r.loopMs} ms loop)`}`;

export default defineSpec({
  id: 'cluster.refork-no-downtime',
  title: "Forking a replacement on 'exit' keeps a cluster serving, with at least two workers",
  area: 'cluster',
  claim: 'Forking a new worker the moment one exits keeps the application up with no downtime.',
  truth:
    'Holds, with a nuance: with ≥ 2 workers (the source forks one per core) no connection is refused while the replacement starts, the others keep serving and the replacement then serves too; the requests already handed to the killed worker are lost (reset). With 1 worker the listening socket closes with it and connections are refused until the replacement listens.',
  expected: 'holds',
  tags: ['structural', 'bounded-wait'],
  requires: ['posix'],
  source: {
    file: SOURCE_004.file,
    section: "The cluster version: on 'exit', fork a new worker so there is no downtime",
    figures: null,
  },
  plan: (ctx) => {
    const W = clusterSize(ctx);
    return {
      summary:
        `A steady loop of GETs /light on new connections (${CONNECTIONS} clients, ≤ ${MAX_REQUESTS} requests, ≤ ${MAX_MS} ms); after ${WARM} answers one worker is SIGKILLed and refork forks a replacement. ` +
        `Asserted, with W=${W} and refork: the other workers keep answering, no connection refused, at most the ${CONNECTIONS} requests in flight on the killed worker lost (reset), and the replacement answers within the loop (≤ ${MAX_MS} ms). ` +
        `Control, W=${W} without refork: no new worker answers (${MAX_MS} ms), so the replacement is refork's doing. Contrast, reported from the first trial: W=1 with refork refuses connections (${REFUSED}) from the kill until the replacement listens.`,
      model: {
        cluster: { workers: W, refused: 0, lostAtMost: CONNECTIONS, replacementAnswers: '≥ 1' },
        control: { workers: W, replacementAnswers: 0 },
        single: { refused: '≥ 1 (reported)' },
      },
      // The contrast is reported, never asserted: run in the first trial
      // only (about 0.4 s of each trial's 2 s).
      trial: async (c, n) => ({
        multi: await subRun(c, W),
        control: await subRun(c, W, false),
        ...(n === 1 ? { single: await subRun(c, 1) } : {}),
      }),
      structural: {
        asserts: `with W=${W} and refork none refused, ≤ ${CONNECTIONS} in flight lost, others serve, the new worker answers`,
        // Counts of refused and lost connections and of answers by a new
        // worker, not times: two agreeing trials suffice.
        need: 2,
        check(obs) {
          const { multi: m, control: k, single: s } = obs;
          const up =
            m.refused === 0 &&
            m.lost.length <= CONNECTIONS &&
            m.failedBeforeKill === 0 &&
            m.survivorsAfterReplacement >= 1;
          const replaced = m.replacementAnswered >= 1 && k.replacementAnswered === 0 && k.failedBeforeKill === 0;
          return { ok: up && replaced, detail: `${text(m)}; control ${text(k)}${s ? `; contrast ${text(s)}` : ''}` };
        },
      },
    };
  },
});
