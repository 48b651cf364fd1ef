import { defineSpec } from '../../harness/spec.js';
import { randomBytes, randomInt } from 'node:crypto';
import {
  SOURCE_004,
  withCluster,
  heldGets,
  bytesRead,
  countPids,
  impostures,
  describeImpostures,
  descendantsOf,
  listeningPortsOf,
} from '../../harness/kits/cluster.js';

// One trial: a cluster of W workers (drawn for the trial: drawWorkers) that
// each listen on 127.0.0.1 port 0; 10·W GETs, each on a new connection, to the
// one port the primary reported.
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
 * How many workers a trial forks: drawn by the harness for each trial
 * (crypto.randomInt), 3 or 4 in every odd trial (the first of each pair) and
 * 2–4 in every even one. Not the machine's core count: sharing is a claim
 * about any number of workers, and a cluster whose third and later workers
 * listen on a port of their own shares no port among three (2 CPUs here
 * would fork 2 only). Cost on this 2-CPU machine: the claim's two trials took
 * 0.5–0.8 s (2 workers each, before: 0.3–0.4 s), 0.8–1.3 s beside two busy
 * loops (before: 0.6–0.7 s): start-up and 10 GETs per worker.
 * @param {number} n  the trial's number (1, 2, …)
 * @param {(lo: number, hiExclusive: number) => number} [draw]  (tests)
 */
export function drawWorkers(n, draw = randomInt) {
  return n % 2 === 1 ? draw(3, 5) : draw(2, 5);
}

/**
 * Where the cluster's processes listen: every TCP socket listening that the
 * primary or any process descended from it holds (read by the harness from
 * /proc: listeningPortsOf) is on the one port. Under the default round-robin
 * the primary alone holds it and hands each connection over; under
 * SCHED_NONE every worker holds that same socket. A worker that listens on a
 * port of its own (answering only there) holds a second. Honest readings
 * (62 trials of 2–4 workers on a 2-CPU machine, quiet and beside two busy
 * loops, Node 20–26): the primary [port], each worker [] in every one (under
 * SCHED_NONE each worker [port] too). A cluster whose workers 3 and 4 listen
 * on ports of their own: each of them [its port], in every trial of 3 or 4
 * workers. `listens` is null off Linux, absent in records made before
 * it: left out; not judged where Node options are in force (an inspector
 * listens on a port of its own in every process), nor where no process of
 * the cluster is seen holding the one port (the socket tables unreadable,
 * hidden by a sandbox: every list empty).
 * @param {{ port: number, listens?: Record<string, number[]> | null, nodeOptions?: boolean }} obs
 */
export function ownPortsCheck(obs) {
  if (!obs.listens) return { ok: true, detail: '' };
  if (obs.nodeOptions)
    return { ok: true, detail: '; ports the cluster listens on: not judged (Node options in force)' };
  if (!Object.values(obs.listens).some((ports) => ports.includes(obs.port)))
    return { ok: true, detail: `; ports the cluster listens on: not read (none seen holding ${obs.port})` };
  const other = Object.entries(obs.listens).filter(([, ports]) => ports.some((p) => p !== obs.port));
  const words = other.map(([pid, ports]) => `${pid} on ${ports.join(', ')}`);
  return {
    ok: other.length === 0,
    detail: other.length
      ? `; processes of the cluster listening on a port not the one (/proc): ${words.join('; ')}`
      : `; no process of the cluster listening on another port (/proc, ${Object.keys(obs.listens).length} read)`,
  };
}

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
  plan: () => {
    return {
      summary: `A cluster of W workers, W drawn for each trial (3 or 4 in odd trials, 2–4 in even ones; 2 under NODE_CLUSTER_SCHED_POLICY=none, where the kernel picks who accepts), each calling listen(0) on 127.0.0.1; 10·W GETs /light on new connections to the one port. Model: every worker's 'listening' reports that port, and the x-worker-pid values seen are exactly the W worker pids (the default round-robin hands each 10 connections), each answer from the worker that holds its connection, each request's bytes read by the worker named and no other, and no process of the cluster listening on another port (Linux: by /proc, read by the harness).`,
      model: {
        workers: '2–4, drawn per trial (3–4 in odd trials)',
        requests: '10 per worker',
        distinctPids: 'W',
        ports: 1,
      },
      trial: async (c, /** @type {number} */ n = 1) => {
        // Under SCHED_NONE the kernel picks which worker accepts: on 2 CPUs one of 4 workers
        // answered 1 of 40 (5 runs here), so there the cluster keeps 2 workers, as before
        // the draw, each of which answered 7–12 of 20 (the round-robin hands each 10)
        const W = c.env?.NODE_CLUSTER_SCHED_POLICY === 'none' ? 2 : drawWorkers(n);
        const N = 10 * W;
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
            // the listening sockets of the primary and its descendants, every worker up
            const listens = listeningPortsOf([i.primaryPid, ...descendantsOf(i.primaryPid)]);
            return { replies: session.end(), reads, listens };
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
          listens: value.listens,
          ...(c.env?.NODE_OPTIONS && { nodeOptions: true }),
        };
      },
      structural: {
        asserts: 'all W workers listen on the one port and each answers requests sent to it',
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
          // no process of the cluster listening on a port of its own (absent before)
          const own = ownPortsCheck(obs);
          const ok =
            readers.ok &&
            own.ok &&
            bad.length === 0 &&
            !obs.counts.error &&
            seen.length === obs.W &&
            seen.every((p, i) => p === want[i]) &&
            obs.listeningPorts.length === 1 &&
            obs.listeningPorts[0] === obs.port;
          return {
            ok,
            detail: `${obs.W} workers all listening on port ${obs.listeningPorts.join(', ')}; answers on it per pid ${JSON.stringify(obs.counts)} (workers ${want.join(', ')}, primary ${obs.primaryPid})${readers.detail}${own.detail}${bad.length ? `; ${describeImpostures(bad)}` : ''}`,
          };
        },
      },
    };
  },
});
