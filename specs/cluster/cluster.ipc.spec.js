import { defineSpec } from '../../harness/spec.js';
import { SOURCE_004, withCluster, get } from '../../harness/kits/cluster.js';
import { median, round } from '../../harness/stats.js';

// One trial: 2 workers; GET /ipc (new connections) makes the answering worker
// send { type: 'ping' } to the primary over its IPC channel and wait for the
// reply before it answers with the round-trip time and the primary's pid.
const PINGS = 6;

export default defineSpec({
  id: 'cluster.ipc',
  title: 'Cluster workers talk to the primary over an IPC channel',
  area: 'cluster',
  claim:
    'Cluster worker processes communicate with the parent process over an IPC (inter-process communication) channel.',
  truth: 'True: each worker has an IPC channel to the primary (process.send / worker.send); messages round-trip.',
  expected: 'holds',
  tags: ['structural'],
  source: {
    file: SOURCE_004.file,
    section: 'Introduction: the processes use an IPC channel to communicate with the parent',
    figures: null,
  },
  plan: () => ({
    summary: `${PINGS} GETs /ipc to 2 workers: each answering worker sends a message to the primary and gets its reply (worker → primary → worker). Model: every round trip completes, the reply names the primary's pid, and both workers did it; the round-trip time is reported, not judged.`,
    model: { workers: 2, pings: PINGS, completed: PINGS },
    trial: async (c) => {
      const { value: replies, info } = await withCluster(c, { workers: 2 }, async (i) => {
        const out = [];
        for (let k = 0; k < PINGS; k++) out.push(await get(i.port, '/ipc'));
        return out;
      });
      const ok = replies.filter((r) => r.status === 200);
      return {
        primaryPid: info.primaryPid,
        workerPids: info.workerPids,
        completed: ok.length,
        errors: replies.filter((r) => r.status !== 200).map((r) => r.error ?? r.body?.error ?? r.status),
        pingers: [...new Set(ok.map((r) => r.pid))],
        primaries: [...new Set(ok.map((r) => r.body.primaryPid))],
        roundTripMs: ok.map((r) => r.body.roundTripMs),
      };
    },
    structural: {
      // Messages that arrive or not: exact, two agreeing trials suffice.
      need: 2,
      check(obs) {
        const ok =
          obs.completed === PINGS &&
          obs.primaries.length === 1 &&
          obs.primaries[0] === obs.primaryPid &&
          obs.pingers.length === 2;
        return {
          ok,
          detail: `${obs.completed}/${PINGS} round trips from workers ${obs.pingers.join(', ')} answered by primary ${obs.primaries.join(', ')}; median round trip ${round(median(obs.roundTripMs), 2)} ms${obs.errors.length ? `; errors: ${obs.errors.join(', ')}` : ''}`,
        };
      },
    },
  }),
});
