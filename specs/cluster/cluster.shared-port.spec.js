import { defineSpec } from '../../harness/spec.js';
import { randomBytes } from 'node:crypto';
import {
  SOURCE_004,
  clusterSize,
  withCluster,
  heldGets,
  bytesRead,
  countPids,
  impostures,
  describeImpostures,
} from '../../harness/kits/cluster.js';

// One trial: a cluster of W workers that each listen on 127.0.0.1 port 0;
// 10·W GETs, each on a new connection, to the one port the primary reported.
// On Linux the harness also reads, from /proc, which worker holds each
// connection once it has answered: the worker named in x-worker-pid must be
// the one that served it (not another answering in its name), and which
// worker read each request's bytes: each GET carries PAD_BYTES of padding in
// its path, and the harness reads every worker's bytes read so far (rchar of
// /proc/<pid>/io) before it sends the GET and once it is answered.

/**
 * The padding each GET carries (random hex in its query, which /light
 * ignores): a worker that reads the request off its socket reads at least
 * this many bytes. Honest readings (2 workers, 360 GETs, busy 2-CPU machine):
 * the worker named in the answer read 4171–4353 bytes (the request: 4171),
 * every other worker 0 or 8 (a wake-up of its loop). A worker that only writes
 * bytes another made, having read nothing of the request, reads 0 or 8.
 */
export const PAD_BYTES = 4096;

/**
 * Which worker read each request: the worker named in x-worker-pid read at
 * least PAD_BYTES while it was answered, and no other worker did. `reads`
 * holds one entry per answer: its pid and each worker's bytes read meanwhile
 * (null where /proc could not be read: left out). Absent (undefined) in records
 * made before these readings; left out where Node options are in force (nodeOptions).
 * @param {{ reads?: { pid: number, bytes: Record<string, number | null> }[], nodeOptions?: boolean }} obs
 */
export function readersCheck(obs) {
  if (!obs.reads) return { ok: true, detail: '' };
  // a preloaded agent's own reads in a worker (Node options in force) would count as the request's
  if (obs.nodeOptions)
    return { ok: true, detail: '; which worker read each request: not judged (Node options in force)' };
  const read = obs.reads.filter((r) => Object.values(r.bytes).every((b) => b !== null));
  const bad = read.filter(
    (r) =>
      !((r.bytes[r.pid] ?? 0) >= PAD_BYTES) ||
      Object.entries(r.bytes).some(([pid, b]) => Number(pid) !== r.pid && /** @type {number} */ (b) >= PAD_BYTES),
  );
  const words = bad.slice(0, 3).map(
    (r) =>
      `answered as ${r.pid}, bytes read ${Object.entries(r.bytes)
        .map(([p, b]) => `${p}: ${b}`)
        .join(', ')}`,
  );
  return {
    ok: bad.length === 0,
    detail: read.length
      ? `; ${read.length - bad.length}/${read.length} requests read (≥ ${PAD_BYTES} bytes) by the worker named and no other${bad.length ? ` (${words.join('; ')}${bad.length > 3 ? '; …' : ''})` : ''}`
      : '',
  };
}

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
      summary: `A cluster of ${W} workers, each calling listen(0) on 127.0.0.1; ${N} GETs /light on new connections to the one port. Model: every worker's 'listening' reports that port, and the x-worker-pid values seen are exactly the ${W} worker pids (the default round-robin hands each ${N / W} connections), each answer from the worker that holds its connection, and each request's bytes read by the worker named and no other (Linux: by /proc, read by the harness).`,
      model: { workers: W, requests: N, distinctPids: W, ports: 1 },
      trial: async (c) => {
        const { value, info, final } = await withCluster(c, { workers: W }, async (i) => {
          const pad = randomBytes(PAD_BYTES / 2).toString('hex');
          const session = heldGets(i.port, i.workerPids, { tree: i.primaryPid });
          try {
            /** @type {{ pid: number, bytes: Record<string, number | null> }[]} */
            const reads = [];
            const readNow = () => i.workerPids.map((/** @type {number} */ p) => bytesRead(p));
            for (let k = 0; k < N; k++) {
              const before = readNow();
              const r = await session.get(`/light?pad=${pad}`);
              const after = readNow();
              /** @type {Record<string, number | null>} */
              const bytes = {};
              i.workerPids.forEach((/** @type {number} */ p, /** @type {number} */ j) => {
                const [b, a] = [before[j], after[j]];
                bytes[p] = a === null || b === null ? null : a - b;
              });
              if (!r.error && r.status === 200) reads.push({ pid: /** @type {number} */ (r.pid), bytes });
            }
            return { replies: session.end(), reads };
          } finally {
            session.abandon();
          }
        });
        const replies = value.replies;
        const listening = final.events.filter((/** @type {any} */ e) => e.event === 'listening');
        return {
          W,
          port: info.port,
          workerPids: info.workerPids,
          primaryPid: info.primaryPid,
          counts: countPids(replies),
          listeningPorts: [...new Set(listening.map((/** @type {any} */ e) => e.port))],
          impostures: impostures(replies).map((r) => ({ pid: r.pid, holders: r.holders })),
          reads: value.reads,
          ...(c.env?.NODE_OPTIONS && { nodeOptions: true }),
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
          // which worker read each request's bytes (absent in records made before them)
          const readers = readersCheck(obs);
          const ok =
            readers.ok &&
            bad.length === 0 &&
            !obs.counts.error &&
            seen.length === obs.W &&
            seen.every((p, i) => p === want[i]) &&
            obs.listeningPorts.length === 1 &&
            obs.listeningPorts[0] === obs.port;
          return {
            ok,
            detail: `${obs.W} workers all listening on port ${obs.listeningPorts.join(', ')}; answers on it per pid ${JSON.stringify(obs.counts)} (workers ${want.join(', ')}, primary ${obs.primaryPid})${readers.detail}${bad.length ? `; ${describeImpostures(bad)}` : ''}`,
          };
        },
      },
    };
  },
});
