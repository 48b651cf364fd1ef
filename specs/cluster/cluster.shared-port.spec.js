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

// One trial: a cluster of W workers that each listen on 127.0.0.1 port 0;
// 10·W GETs, each on a new connection, to the one port the primary reported.
// On Linux the harness also reads, from /proc, which worker holds each
// connection once it has answered: the worker named in x-worker-pid must be
// the one that served it (not another answering in its name).

export default defineSpec({
  id: 'cluster.shared-port',
  title: 'Cluster workers share one listening port',
  area: 'cluster',
  claim:
    'Worker processes forked by the cluster module share the same server port: every worker answers requests sent to the one port.',
  truth:
    'True: the primary owns the listening socket (or, under SCHED_NONE, hands the same socket to every worker); all workers serve the one port.',
  expected: 'holds',
  tags: ['structural'],
  source: {
    file: SOURCE_004.file,
    section: 'Introduction (what the cluster module is): the worker processes share the same server port',
    figures: null,
  },
  plan: (ctx) => {
    const W = clusterSize(ctx);
    const N = 10 * W;
    return {
      summary: `A cluster of ${W} workers, each calling listen(0) on 127.0.0.1; ${N} GETs /light on new connections to the one port. Model: every worker's 'listening' reports that port, and the x-worker-pid values seen are exactly the ${W} worker pids (the default round-robin hands each ${N / W} connections), each answer from the worker that holds its connection (Linux: by /proc, read by the harness).`,
      model: { workers: W, requests: N, distinctPids: W, ports: 1 },
      trial: async (c) => {
        const {
          value: replies,
          info,
          final,
        } = await withCluster(c, { workers: W }, (i) =>
          getManyHeld(i.port, '/light', N, i.workerPids, { tree: i.primaryPid }),
        );
        const listening = final.events.filter((/** @type {any} */ e) => e.event === 'listening');
        return {
          W,
          port: info.port,
          workerPids: info.workerPids,
          primaryPid: info.primaryPid,
          counts: countPids(replies),
          listeningPorts: [...new Set(listening.map((/** @type {any} */ e) => e.port))],
          impostures: impostures(replies).map((r) => ({ pid: r.pid, holders: r.holders })),
        };
      },
      structural: {
        asserts: `all ${W} workers listen on the one port and each answers requests sent to it`,
        // Which process answered, not how fast: exact, so two agreeing trials suffice.
        need: 2,
        check(obs) {
          const seen = Object.keys(obs.counts)
            .filter((k) => k !== 'error')
            .map(Number)
            .sort((a, b) => a - b);
          const want = [...obs.workerPids].sort((a, b) => a - b);
          const bad = obs.impostures ?? []; // absent in records made before the holders were read
          const ok =
            bad.length === 0 &&
            !obs.counts.error &&
            seen.length === obs.W &&
            seen.every((p, i) => p === want[i]) &&
            obs.listeningPorts.length === 1 &&
            obs.listeningPorts[0] === obs.port;
          return {
            ok,
            detail: `${obs.W} workers all listening on port ${obs.listeningPorts.join(', ')}; answers on it per pid ${JSON.stringify(obs.counts)} (workers ${want.join(', ')}, primary ${obs.primaryPid})${bad.length ? `; ${describeImpostures(bad)}` : ''}`,
          };
        },
      },
    };
  },
});
