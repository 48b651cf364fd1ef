import { defineSpec } from '../../harness/spec.js';
import { SOURCE_004, withCluster, killWorker, eventsOf } from '../../harness/kits/cluster.js';

// One trial: 2 workers, refork off; once both listen, the primary SIGKILLs the
// first; the harness waits (bounded) until that process is gone, then stops
// the cluster and reads the primary's event log for the killed worker.

export default defineSpec({
  id: 'cluster.online-exit-events',
  title: "The cluster emits 'online' after a fork and 'exit' when a worker dies",
  area: 'cluster',
  claim:
    "After forking, a worker announces itself with an 'online' event; when a worker dies, the cluster module emits an 'exit' event.",
  truth:
    "True; for a worker killed by SIGKILL the primary sees online → (listening) → disconnect → exit with signal 'SIGKILL'.",
  expected: 'holds',
  tags: ['structural'],
  requires: ['posix'],
  source: {
    file: SOURCE_004.file,
    section: "The cluster version: cluster.on('online') after fork, cluster.on('exit') to fork a new worker",
    figures: null,
  },
  plan: () => ({
    summary:
      "2 workers; SIGKILL one after both listen. Model: the primary's events for it, in order: fork, online, listening, (kill sent), disconnect, exit (code null, signal SIGKILL); the other worker stays up until the stop.",
    model: { order: ['fork', 'online', 'listening', 'kill', 'disconnect', 'exit'], exitSignal: 'SIGKILL' },
    trial: async (c) => {
      const { value, info, final } = await withCluster(c, { workers: 2, refork: false }, async (i, handle) => ({
        gone: await killWorker(handle, i.workerPids[0]),
      }));
      const victim = info.workerPids[0];
      const exit = final.events.find((/** @type {any} */ e) => e.pid === victim && e.event === 'exit');
      return {
        victim,
        gone: value.gone,
        order: eventsOf(final.events, victim),
        exit: exit ? { code: exit.code, signal: exit.signal } : null,
        forks: final.forks,
        events: final.events,
      };
    },
    structural: {
      // Event order, not time: two agreeing trials suffice.
      need: 2,
      check(obs) {
        const want = ['fork', 'online', 'listening', 'kill', 'disconnect', 'exit'];
        const ok =
          obs.gone &&
          obs.order.join() === want.join() &&
          obs.exit?.signal === 'SIGKILL' &&
          obs.exit?.code === null &&
          obs.forks === 2;
        return {
          ok,
          detail: `worker ${obs.victim}: ${obs.order.join(' → ')}; exit code ${obs.exit?.code}, signal ${obs.exit?.signal}; ${obs.forks} forks (no refork)`,
        };
      },
    },
  }),
});
