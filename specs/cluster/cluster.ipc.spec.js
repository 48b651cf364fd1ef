import { defineSpec } from '../../harness/spec.js';
import { SOURCE_004, withCluster, get } from '../../harness/kits/cluster.js';
import { median, round } from '../../harness/stats.js';
import { randomUUID, randomBytes, createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

// One trial: 2 workers; GET /ipc (new connections) makes the answering worker
// send { type: 'ping' } to the primary over its IPC channel and wait for the
// reply before it answers with the round-trip time and the primary's pid.
// What proves the messages crossed the channel, both ways: each GET carries a
// nonce the harness made, which only the ping can take to the primary (the
// primary lists the nonces it got, on stop); each answer carries the
// primary's token, made at its start and told only to the harness (in
// 'ready'), which only a pong can bring to the worker.
// And while the cluster runs: once it is ready the harness gives the primary
// alone (over its own channel to it, not the workers') a key it drew; each
// pong then carries a proof, HMAC-SHA256 of its GET's nonce under that key,
// which can only be made where the nonce and the key meet: a ping took the
// nonce to the primary and a pong brought the proof back, before the worker
// answered. The primary also tells the harness each ping as it gets it: every
// nonce must have reached it while the cluster runs, not only by the stop.
const PINGS = 6;

/**
 * How long the harness waits, at most, for the primary to say it took its key
 * (KEY_MS: no GET goes before, so each ping finds the key there) and, after
 * the last answer, for the primary's word of each ping (LIVE_MS). Honest
 * readings (2-CPU machine, 12 trials): the key taken in 0.2–4 ms; the last
 * word there 0.03–6 ms after the last answer (the primary sends it before the
 * pong). Only a primary that does not take the key, or does not tell of a
 * ping as it comes, waits them out.
 */
export const KEY_MS = 5000;
export const LIVE_MS = 1000;

/**
 * The proof a pong carries for `nonce`: HMAC-SHA256 under `key`, hex.
 * @param {string} key @param {string} nonce
 */
export const proofOf = (key, nonce) => createHmac('sha256', key).update(nonce).digest('hex');

/**
 * The round trips shown while the cluster ran: answers whose proof is the
 * nonce's under the harness's key (`withProof`), and nonces the primary told
 * the harness it got, from the worker that answered, before the stop
 * (`liveNonces`). Honest: PINGS and PINGS on every run. Absent (undefined) in
 * records made before them.
 * @param {{ withProof?: number, liveNonces?: number }} obs
 */
export function liveProofCheck(obs) {
  if (obs.withProof === undefined) return { ok: true, detail: '' };
  const ok = obs.withProof === PINGS && obs.liveNonces === PINGS;
  return {
    ok,
    detail: `; while it ran: ${obs.withProof}/${PINGS} answers carried the proof made with the primary's key, the primary told of ${obs.liveNonces}/${PINGS} nonces as they came`,
  };
}

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
    summary: `${PINGS} GETs /ipc to 2 workers: each answering worker sends a message to the primary and gets its reply (worker → primary → worker). Model: every round trip completes, the reply names the primary's pid, and both workers did it; the primary got each GET's nonce from the worker that answered it, and each answer carries the primary's token (which no worker knows but from a pong); while the cluster runs, each answer carries the nonce's HMAC under a key the harness gave the primary alone, and the primary tells the harness of each nonce as it comes; the round-trip time is reported, not judged.`,
    model: { workers: 2, pings: PINGS, completed: PINGS },
    trial: async (c) => {
      const nonces = Array.from({ length: PINGS }, () => randomUUID());
      const key = randomBytes(32).toString('hex');
      /** @type {Map<string, number>} nonce -> the worker the primary said it came from */
      const told = new Map();
      /** @type {() => void} */
      let took = () => {};
      const taken = new Promise((resolve) => (took = () => resolve(true)));
      const onMessage = (/** @type {any} */ m) => {
        if (m?.ipcKey === 'set') took();
        if (m && typeof m.ping === 'string' && !told.has(m.ping)) told.set(m.ping, m.from);
      };
      const {
        value: { out: replies, waitMs },
        info,
        final,
      } = await withCluster(
        c,
        { workers: 2 },
        async (i, handle) => {
          handle.send({ type: 'ipc-key', key });
          const t0 = performance.now();
          // a bound that does not outlive the trial: its timer is cleared once the key is taken
          const bound = new AbortController();
          await Promise.race([taken, sleep(KEY_MS, undefined, { signal: bound.signal }).catch(() => {})]);
          bound.abort();
          const keyMs = performance.now() - t0;
          const out = [];
          for (const nonce of nonces) out.push(await get(i.port, `/ipc?nonce=${nonce}`));
          // the primary's word of each answered nonce, before the stop (bounded)
          const t = performance.now();
          const answered = nonces.filter((_, k) => out[k].status === 200);
          while (answered.some((n) => !told.has(n)) && performance.now() - t < LIVE_MS) await sleep(5);
          return { out, waitMs: { key: round(keyMs, 2), words: round(performance.now() - t, 2) } };
        },
        { onMessage },
      );
      const ok = replies.filter((r) => r.status === 200);
      /** @type {Array<{ from: number, nonce: string | null }>} */
      const got = final.pings ?? [];
      return {
        // answers that carried the primary's token; nonces the primary got from the worker that answered with them
        withToken: ok.filter((r) => typeof info.ipcToken === 'string' && r.body.token === info.ipcToken).length,
        noncesReceived: replies.filter(
          (r, k) => r.status === 200 && got.some((g) => g.nonce === nonces[k] && g.from === r.pid),
        ).length,
        // answers whose proof needed the nonce and the key in one process; nonces told of
        // while it ran
        withProof: replies.filter((r, k) => r.status === 200 && r.body.proof === proofOf(key, nonces[k])).length,
        liveNonces: replies.filter((r, k) => r.status === 200 && told.get(nonces[k]) === r.pid).length,
        // how long the harness waited for the key to be taken, and for the word of the pings
        waitMs,
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
        // the round trips while the cluster ran (absent in records made before them)
        const live = liveProofCheck(obs);
        const ok =
          live.ok &&
          token === PINGS &&
          nonces === PINGS &&
          obs.completed === PINGS &&
          obs.primaries.length === 1 &&
          obs.primaries[0] === obs.primaryPid &&
          obs.pingers.length === 2;
        return {
          ok,
          detail: `${obs.completed}/${PINGS} round trips from workers ${obs.pingers.join(', ')} answered by primary ${obs.primaries.join(', ')}; primary got ${nonces}/${PINGS} nonces from the workers that answered, ${token}/${PINGS} answers carried its token; median round trip ${round(median(obs.roundTripMs), 2)} ms${live.detail}${obs.errors.length ? `; errors: ${obs.errors.join(', ')}` : ''}`,
        };
      },
    },
  }),
});
