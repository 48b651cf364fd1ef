import { defineSpec } from '../../harness/spec.js';
import { SOURCE_004, withCluster, get } from '../../harness/kits/cluster.js';
import { median, round } from '../../harness/stats.js';
import { randomUUID } from 'node:crypto';

// One trial: 2 workers; GET /ipc (new connections) makes the answering worker
// send { type: 'ping' } to the primary over its IPC channel and wait for the
// reply before it answers with the round-trip time and the primary's pid.
// What proves the messages crossed the channel, both ways: each GET carries a
// nonce the harness made, which only the ping can take to the primary (the
// primary lists the nonces it got, on stop); each answer carries the
// primary's token, made at its start and told only to the harness (in
// 'ready'), which only a pong can bring to the worker.
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
    summary: `${PINGS} GETs /ipc to 2 workers: each answering worker sends a message to the primary and gets its reply (worker → primary → worker). Model: every round trip completes, the reply names the primary's pid, and both workers did it; the primary got each GET's nonce from the worker that answered it, and each answer carries the primary's token (which no worker knows but from a pong); the round-trip time is reported, not judged.`,
    model: { workers: 2, pings: PINGS, completed: PINGS },
    trial: async (c) => {
      const nonces = Array.from({ length: PINGS }, () => randomUUID());
      const {
        value: replies,
        info,
        final,
      } = await withCluster(c, { workers: 2 }, async (i) => {
        const out = [];
        for (const nonce of nonces) out.push(await get(i.port, `/ipc?nonce=${nonce}`));
        return out;
      });
      const ok = replies.filter((r) => r.status === 200);
      /** @type {Array<{ from: number, nonce: string | null }>} */
      const got = final.pings ?? [];
      return {
        // answers that carried the primary's token; nonces the primary got from the worker that answered with them
        withToken: ok.filter((r) => typeof info.ipcToken === 'string' && r.body.token === info.ipcToken).length,
        noncesReceived: replies.filter(
          (r, k) => r.status === 200 && got.some((g) => g.nonce === nonces[k] && g.from === r.pid),
        ).length,
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
      asserts: 'every worker → primary → worker round trip completes, from both workers',
      // Messages that arrive or not: exact, two agreeing trials suffice.
      need: 2,
      check(obs) {
        // absent in records made before the nonces and token
        const [token, nonces] = [obs.withToken ?? obs.completed, obs.noncesReceived ?? obs.completed];
        const ok =
          token === PINGS &&
          nonces === PINGS &&
          obs.completed === PINGS &&
          obs.primaries.length === 1 &&
          obs.primaries[0] === obs.primaryPid &&
          obs.pingers.length === 2;
        return {
          ok,
          detail: `${obs.completed}/${PINGS} round trips from workers ${obs.pingers.join(', ')} answered by primary ${obs.primaries.join(', ')}; primary got ${nonces}/${PINGS} nonces from the workers that answered, ${token}/${PINGS} answers carried its token; median round trip ${round(median(obs.roundTripMs), 2)} ms${obs.errors.length ? `; errors: ${obs.errors.join(', ')}` : ''}`,
        };
      },
    },
  }),
});
