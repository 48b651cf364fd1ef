// @ts-check
// Shared pieces of the cluster specs: start fixtures/cluster-server.cjs, talk
// to it over 127.0.0.1 with node:http (a new connection per request unless
// keep-alive is asked for), count which worker answered, and a bounded
// steady request loop for the kill-under-load spec.
import http from 'node:http';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sourceArticle } from '../sources.js';
import { onAbort } from '../abort.js';
import { createRequire } from 'node:module';
import { childrenOf, rchar } from './threads.js';

/** @type {{ statFields: (text: string) => string[], fdLinks: (pid: number) => Record<string, string | null> | null }} */
const proc = createRequire(import.meta.url)('../../fixtures/lib/proc.cjs');

/** The setup of source 004's loadtest runs, with its machine. */
const LOADTEST_004 =
  'loadtest -n 1000 -c 100, a new connection per request (no keep-alive), on the same machine (the author’s multi-core laptop; core count not given)';

/**
 * Source 004 (cluster module tutorial, Express + loadtest on the author's
 * machine), with its results per endpoint as tables (figures only).
 */
export const SOURCE_004 = {
  file: sourceArticle('004').file,
  /** @type {{ heavy: import('../spec.js').SourceTable, light: import('../spec.js').SourceTable }} */
  tables: {
    heavy: {
      setup: `/heavy: ${LOADTEST_004}`,
      columns: ['server', 'req/s', 'mean latency (ms)', 'total time (s)'],
      rows: [
        ['single process', 37, 2583.1, 27.25],
        ['cluster', 139, 685.8, 7.18],
      ],
    },
    light: {
      setup: `/light: ${LOADTEST_004}`,
      columns: ['server', 'req/s', 'mean latency (ms)', 'total time (s)'],
      rows: [
        ['single process', 2217, 42, 0.451],
        ['cluster', 1944, 48.8, 0.514],
      ],
    },
  },
};

/** The fixture every cluster spec starts (the ABBA blocks' arms too). */
export const FIXTURE = 'cluster-server.cjs';

/**
 * Workers for a structural cluster spec: max(2, C), capped at 4 (more only
 * lengthens the start-up; two already show sharing, four show more of it).
 * @param {{ cores: number }} ctx
 */
export function clusterSize(ctx) {
  return Math.min(4, Math.max(2, ctx.cores));
}

/**
 * Start the cluster, run fn with its ready data and handle, then stop it (also
 * on error). Returns fn's value and the primary's final report.
 * @template T
 * @param {import('../context.js').Context} ctx
 * @param {{ workers: number, iterations?: number, refork?: boolean, schedPolicy?: 'rr' | 'none' }} options
 * @param {(info: any, handle: import('../isolate.js').FixtureHandle) => Promise<T>} fn
 * @param {{ env?: Record<string, string | undefined>, onMessage?: (data: any) => void }} [o]
 *   env: the spec's env for the primary (its workers inherit it); onMessage: called with
 *   each 'message' the primary sends as it runs (the liveEvents option's, say)
 * @returns {Promise<{ value: T, info: any, final: any }>}
 */
export async function withCluster(ctx, options, fn, { env, onMessage } = {}) {
  const handle = ctx.start(FIXTURE, {
    options: { iterations: 0, refork: false, ...options },
    timeoutMs: 20_000,
    env,
    ...(onMessage ? { onMessage } : {}),
  });
  try {
    const info = await handle.ready;
    const value = await fn(info, handle);
    const { data } = await handle.stop();
    return { value, info, final: data };
  } finally {
    await handle.stop().catch(() => {});
  }
}

/**
 * @typedef {{ status?: number, pid?: number, body?: any, error?: string, ms: number, t: number, local?: number, holders?: number[] | null }} Reply
 *   t: when the request was sent (performance.now()); local: the client's port of the connection;
 *   holders (heldGets): the pids that held the server side of the connection once it had answered, read
 *   by the harness from /proc (null off Linux)
 */

/**
 * One GET to 127.0.0.1:port. Never rejects: a failure is { error: code }.
 * @param {number} port @param {string} path
 * @param {{ agent?: http.Agent | false, timeoutMs?: number, signal?: AbortSignal }} [o]  agent false: a new
 *   connection; signal: give the request up (error ABANDONED), also where it was given up before it began
 * @returns {Promise<Reply>}
 */
export function get(port, path, { agent = false, timeoutMs = 2000, signal } = {}) {
  const t = performance.now();
  return new Promise((resolve) => {
    const done = (/** @type {Partial<Reply>} */ r) => resolve({ ...r, ms: performance.now() - t, t });
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      const local = res.socket?.localPort; // before a keep-alive agent takes the socket back
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        let json = body;
        try {
          json = JSON.parse(body);
        } catch {
          // not JSON: keep the text
        }
        done({
          status: res.statusCode,
          pid: Number(res.headers['x-worker-pid']),
          body: json,
          local,
        });
      });
      res.on('error', (err) => done({ error: /** @type {any} */ (err).code ?? err.message }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err) => done({ error: /** @type {any} */ (err).code ?? err.message }));
    const stopWaiting = onAbort(signal, () => req.destroy(Object.assign(new Error('abandoned'), { code: ABANDONED })));
    req.on('close', stopWaiting);
  });
}

/**
 * n GETs one after another, each on a new connection (no keep-alive): each
 * is a fresh accept() in the primary, so each is one scheduling decision.
 * @param {number} port @param {string} path @param {number} n
 */
export async function getMany(port, path, n) {
  /** @type {Reply[]} */
  const out = [];
  for (let i = 0; i < n; i++) out.push(await get(port, path));
  return out;
}

/** Whether the harness can see who holds a connection (Linux /proc). */
export const SEES_HOLDERS = process.platform === 'linux';

/** 127.0.0.1:port as /proc/net/tcp writes it. @param {number} port */
const loopback = (port) => `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The inode of the socket whose local end is 127.0.0.1:localPort and remote
 * end 127.0.0.1:remotePort, from the text of /proc/net/tcp; null if none.
 * @param {string} text @param {number} localPort @param {number} remotePort
 */
export function tcpInode(text, localPort, remotePort) {
  return tcpInodes(text, localPort).get(loopback(remotePort)) ?? null;
}

/**
 * The inodes of the sockets whose local end is 127.0.0.1:localPort, by their
 * remote end as /proc/net/tcp writes it (the first line of each, as
 * tcpInode reads it). One pass over the table for any number of
 * connections: with a few thousand lines (TIME_WAIT entries of earlier
 * loads) a pass costs milliseconds, and heldGets looks up a batch of
 * connections (HELD_BATCH) per read. Only the lines that name the address are split.
 * @param {string} text @param {number} localPort
 * @returns {Map<string, string>}
 */
export function tcpInodes(text, localPort) {
  const l = loopback(localPort);
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const line of text.split('\n')) {
    if (!line.includes(l)) continue;
    const f = line.trim().split(/\s+/);
    if (f[1] === l && f[9] && f[9] !== '0' && !out.has(f[2])) out.set(f[2], f[9]);
  }
  return out;
}

/**
 * Every process descended from `root` now (its children, theirs, …), not
 * `root` itself: a cluster's workers and whatever processes they started.
 * Read by the harness from /proc; [] off Linux.
 * @param {number} root @param {(pid: number) => number[]} [children]  (tests)
 * @returns {number[]}
 */
export function descendantsOf(root, children = childrenOf) {
  const out = [];
  const seen = new Set([root]);
  for (let queue = [root]; queue.length;) {
    const next = [];
    for (const pid of queue) for (const c of children(pid)) if (!seen.has(c)) (seen.add(c), out.push(c), next.push(c));
    queue = next;
  }
  return out;
}

/** The inode of a socket an fd links to ("socket:[123]" → "123"), null for anything else. @param {string | null | undefined} link */
export const socketInodeOf = (link) => /^socket:\[(\d+)\]$/.exec(link ?? '')?.[1] ?? null;

/**
 * The pids among `pids` that hold a socket of this inode now (/proc/<pid>/fd):
 * whoever holds a listening socket can accept its connections, whatever
 * process started it. A pid whose fd table cannot be read is left out.
 * @param {number[]} pids @param {string} inode
 * @param {(pid: number) => Record<string, string | null> | null} [links]  (tests)
 * @returns {number[]}
 */
export function holdersOf(pids, inode, links = proc.fdLinks) {
  return pids.filter((pid) => Object.values(links(pid) ?? {}).some((l) => socketInodeOf(l) === inode));
}

/** Every process on the machine now (its pid namespace's /proc), [] off Linux. */
export function allPids() {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * The inodes of the sockets listening on `port` (state 0A) at any local
 * address, from the text of /proc/net/tcp or /proc/net/tcp6: a server bound
 * to 0.0.0.0 or :: takes the connections to 127.0.0.1 too.
 * @param {string} text @param {number} port
 * @returns {string[]}
 */
export function listenInodes(text, port) {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const out = [];
  for (const line of text.split('\n')) {
    if (!line.includes(hex)) continue;
    const f = line.trim().split(/\s+/);
    if (f[1]?.endsWith(hex) && f[3] === '0A' && f[9] && f[9] !== '0') out.push(f[9]);
  }
  return out;
}

/** The text of a /proc/net table, '' where it cannot be read (no IPv6). @param {string} name */
function netTable(name) {
  try {
    return readFileSync(`/proc/net/${name}`, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Which of `pids` hold a socket listening on `port`: the processes that can
 * accept its connections. Under SCHED_RR the primary alone holds it and
 * hands each accepted connection over; under SCHED_NONE every worker holds
 * it too and accepts for itself. Read by the harness (the kernel's socket
 * tables, each process's fd table); null off Linux, [] where no process of
 * `pids` holds one (or none is listening).
 * @param {number} port @param {number[]} pids
 * @param {HolderReads} [read]  (tests; `tcp` gives both tables' text)
 * @returns {number[] | null}
 */
export function listenersOf(
  port,
  pids,
  { tcp = () => `${netTable('tcp')}\n${netTable('tcp6')}`, files = openFiles } = {},
) {
  if (!SEES_HOLDERS) return null;
  const inodes = listenInodes(tcp(), port).map((i) => `socket:[${i}]`);
  return pids.filter((pid) => {
    const open = new Set(files(pid));
    return inodes.some((i) => open.has(i));
  });
}

/**
 * The holders of a socket listening on the cluster's port among its primary
 * and every process descended from it (listenersOf): a helper process that
 * accepts for the cluster is one of them.
 * @param {number} port @param {number} primary
 */
export function clusterListeners(port, primary) {
  return listenersOf(port, [primary, ...descendantsOf(primary)]);
}

/**
 * The ports of the TCP sockets each of `pids` holds listening (state 0A, at any
 * local address: /proc/net/tcp and tcp6), by pid, ascending: where each
 * process can accept connections itself. Read by the harness (the kernel's
 * socket tables, each process's fd table); null off Linux; [] for a process
 * that holds none (or is gone).
 * @param {number[]} pids
 * @param {HolderReads} [read]  (tests; `tcp` gives both tables' text)
 * @returns {Record<string, number[]> | null}
 */
export function listeningPortsOf(
  pids,
  { tcp = () => `${netTable('tcp')}\n${netTable('tcp6')}`, files = openFiles } = {},
) {
  if (!SEES_HOLDERS) return null;
  /** @type {Map<string, number>} socket:[inode] -> its local port */
  const ports = new Map();
  for (const line of tcp().split('\n')) {
    if (!line.includes(' 0A ')) continue;
    const f = line.trim().split(/\s+/);
    const port = parseInt(f[1]?.split(':').pop() ?? '', 16);
    if (f[3] === '0A' && f[9] && f[9] !== '0' && Number.isInteger(port)) ports.set(`socket:[${f[9]}]`, port);
  }
  /** @type {Record<string, number[]>} */
  const out = {};
  for (const pid of pids) {
    const held = files(pid).flatMap((t) => (ports.has(t) ? [/** @type {number} */ (ports.get(t))] : []));
    out[pid] = [...new Set(held)].sort((a, b) => a - b);
  }
  return out;
}

/**
 * The fd targets a process has open (readlink of /proc/<pid>/fd/*); [] if it cannot be read.
 * @param {number} pid
 */
function openFiles(pid) {
  try {
    return readdirSync(`/proc/${pid}/fd`).map((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return ''; // closed meanwhile
      }
    });
  } catch {
    return [];
  }
}

/**
 * Which of `pids` hold the server side of the connection 127.0.0.1:clientPort
 * → 127.0.0.1:port: the kernel's socket table (/proc/net/tcp) gives its inode,
 * each process's fd table whether it has that socket open. The harness reads
 * both itself: what the server says about itself plays no part.
 * @param {number} port @param {number} clientPort @param {number[]} pids
 * @param {HolderReads} [read]  (tests)
 */
export function socketHolders(port, clientPort, pids, read = {}) {
  return socketsHolders(port, [{ clientPort, open: openFilesOf(pids, read.files) }], pids, read)[0];
}

/**
 * @typedef {{ tcp?: () => string, files?: (pid: number) => string[] }} HolderReads
 *   where socketHolders reads the socket table and a process's fd targets (tests replace them)
 */

/**
 * What each of `pids` has open now (fd targets), for socketsHolders.
 * @param {number[]} pids @param {(pid: number) => string[]} [files]
 * @returns {Set<string>[]}
 */
export function openFilesOf(pids, files = openFiles) {
  return pids.map((pid) => new Set(files(pid)));
}

/**
 * socketHolders for several connections to one port: one read of the socket
 * table gives each connection's inode, and each connection's `open` (what
 * the processes had open when it was answered, openFilesOf) which of them
 * held it then. The table lists every socket of the machine, closed
 * connections in TIME_WAIT too: after the thousands of a throughput claim's
 * loads one read takes tens of ms, so it is read once for many connections.
 * The fd tables, a few entries each, are read at once: a process that hands
 * a connection on after answering it is seen holding it.
 * @param {number} port @param {{ clientPort: number, open: Set<string>[], pids?: number[] }[]} conns  a
 *   connection's own `pids`, where given, are those its `open` lists (else `pids`)
 * @param {number[]} pids  the processes `open` lists, in its order
 * @param {Pick<HolderReads, 'tcp'>} [read]
 * @returns {number[][]}  the holders of each connection, in the order of conns
 */
export function socketsHolders(port, conns, pids, { tcp = () => readFileSync('/proc/net/tcp', 'utf8') } = {}) {
  const inodes = tcpInodes(tcp(), port);
  return conns.map(({ clientPort, open, pids: own }) => {
    const inode = inodes.get(loopback(clientPort));
    return inode === undefined ? [] : (own ?? pids).filter((_, i) => open[i].has(`socket:[${inode}]`));
  });
}

/**
 * What the processes a held connection is read against have open now: the
 * workers first (at once, as the answer came), then, given the primary
 * (`tree`), every other process descended from it (one a worker started and
 * handed the connection to, keeping its own copy too, is then a second
 * holder). The primary itself is left out: under SCHED_RR it holds each
 * connection it accepted until the worker acknowledges it, a moment that
 * may overlap the answer.
 * @param {number[]} pids @param {number | undefined} tree
 * @returns {{ pids: number[], open: Set<string>[] }}
 */
function openNow(pids, tree) {
  const open = openFilesOf(pids);
  if (tree === undefined) return { pids, open };
  const others = descendantsOf(tree).filter((p) => !pids.includes(p));
  return { pids: [...pids, ...others], open: [...open, ...openFilesOf(others)] };
}

/**
 * How many answered connections heldGets keeps open before it reads the
 * socket table for them, and how long after the first of them answered it
 * reads at the latest before its next request (or once the request then in
 * flight ends: `get`'s 2 s timeout at most). A held connection's entry in
 * the table lasts as long as it is open: the fixture's keep-alive timeout
 * (10 s) leaves it so well past the read. Each read of the table costs
 * milliseconds to tens of them (it lists every closed connection of the run),
 * a held connection only its entry in its worker's fd table: a structural
 * claim's GETs (20 per worker at most, one after another, well within the
 * time bound) take one read, or two.
 */
export const HELD_BATCH = Object.freeze({ connections: 50, ms: 1000 });

/**
 * n GETs one after another, each on a new connection held until its batch is read (heldGets).
 * @param {number} port @param {string} path @param {number} n @param {number[]} pids
 * @param {{ tree?: number }} [o]  the primary's pid: its other descendants are read too (heldGets)
 * @returns {Promise<Reply[]>}
 */
export async function getManyHeld(port, path, n, pids, { tree } = {}) {
  const session = heldGets(port, pids, { tree });
  try {
    for (let i = 0; i < n; i++) await session.get(path);
    return session.end();
  } finally {
    session.abandon();
  }
}

/**
 * n GETs at once, each on a new connection, every one held open until all
 * have answered; then which of the processes (openNow) held each,
 * read once. How a cluster deals connections that arrive together, where
 * getManyHeld shows one at a time.
 * @param {number} port @param {string} path @param {number} n @param {number[]} pids
 * @param {{ tree?: number }} [o]
 * @returns {Promise<Reply[]>}
 */
export async function getBurstHeld(port, path, n, pids, { tree } = {}) {
  const agents = Array.from({ length: n }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  try {
    /** @type {Reply[]} */
    const replies = await Promise.all(
      agents.map(async (agent) => ({ ...(await get(port, path, { agent })), holders: null })),
    );
    if (!SEES_HOLDERS) return replies;
    const now = openNow(pids, tree);
    const answered = replies.filter((r) => r.local && !r.error);
    const holders = socketsHolders(
      port,
      answered.map((r) => ({ clientPort: /** @type {number} */ (r.local), open: now.open })),
      now.pids,
    );
    answered.forEach((r, i) => (r.holders = holders[i]));
    return replies;
  } finally {
    for (const a of agents) a.destroy();
  }
}

/**
 * GETs one after another, each on a new connection that stays open once
 * answered (like get() otherwise), whose paths the
 * caller chooses as the answers come, each answer's holders read from /proc:
 * which of `pids` held its server side, the process that really served it
 * whatever name the answer gives (null off Linux). The workers' fd tables are
 * read as each is answered; the connection stays open until the socket table
 * is read for its batch (HELD_BATCH), once for several. A held connection does not
 * change which worker gets the next one: the primary counts a worker free
 * again once it has accepted its connection, however long that connection
 * stays open.
 *   get(path)  the answer (a Reply) once it has come; its holders are filled
 *              in once its batch is read, by end() at the latest
 *   end()      reads the last batch; every answer so far, with its holders
 *   abandon()  closes the connections still held, unread (after end(): none)
 * With `tree` (the primary's pid), the holders are read among the workers
 * and every other process descended from the primary (openNow): a
 * worker that hands its connection to a helper of its own and keeps a copy
 * is not the one holder.
 * @param {number} port @param {number[]} pids @param {{ tree?: number }} [o]
 */
export function heldGets(port, pids, { tree } = {}) {
  /** @type {Reply[]} */
  const out = [];
  /** @type {{ reply: Reply, agent: http.Agent, open: Set<string>[] | null, pids: number[] }[]} */
  let batch = [];
  let batchStart = 0;
  const readBatch = () => {
    const held = batch.filter((b) => b.open !== null);
    const holders = held.length
      ? socketsHolders(
          port,
          held.map((b) => ({
            clientPort: /** @type {number} */ (b.reply.local),
            open: /** @type {Set<string>[]} */ (b.open),
            pids: b.pids,
          })),
          pids,
        )
      : [];
    for (const b of batch) {
      const i = held.indexOf(b);
      b.reply.holders = i === -1 ? null : holders[i];
      b.agent.destroy();
    }
    batch = [];
  };
  const old = () => batch.length > 0 && performance.now() - batchStart >= HELD_BATCH.ms;
  return {
    /** @param {string} path @returns {Promise<Reply>} */
    async get(path) {
      if (old()) readBatch();
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      /** @type {Reply} */
      const reply = { ...(await get(port, path, { agent })), holders: null };
      const read = SEES_HOLDERS && reply.local && !reply.error ? openNow(pids, tree) : null;
      out.push(reply);
      batch.push({ reply, agent, open: read?.open ?? null, pids: read?.pids ?? pids });
      if (batch.length === 1) batchStart = performance.now();
      if (batch.length >= HELD_BATCH.connections || old()) readBatch();
      return reply;
    },
    end() {
      readBatch();
      return out.slice();
    },
    abandon() {
      for (const b of batch) b.agent.destroy();
      batch = [];
    },
  };
}

/**
 * The answers whose connection was not held by exactly the worker that named
 * itself in x-worker-pid (by the kernel's tables, read by the harness): a
 * process answering in another's name. Failed requests and replies with no
 * holders reading (off Linux) are left out.
 * @param {Reply[]} replies
 */
export function impostures(replies) {
  return replies.filter(
    (r) => !r.error && Array.isArray(r.holders) && !(r.holders.length === 1 && r.holders[0] === r.pid),
  );
}

/**
 * A few impostures in words: "answered as 101, held by 102".
 * @param {Reply[]} bad @param {number} [max]
 */
export function describeImpostures(bad, max = 3) {
  const words = bad
    .slice(0, max)
    .map((r) => `answered as ${r.pid}, held by ${r.holders?.length ? r.holders.join('+') : 'no worker'}`);
  return `${bad.length} answer(s) not served by the worker they named (${words.join('; ')}${bad.length > max ? '; …' : ''})`;
}

/**
 * Responses per worker pid (failures under 'error').
 * @param {Reply[]} replies
 * @returns {Record<string, number>}
 */
export function countPids(replies) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const r of replies) {
    const key = r.error || r.status !== 200 ? 'error' : String(r.pid);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The harness's own observer of cluster.isMaster (harness/observers/cluster-roles.cjs). */
export const ROLES_OBSERVER = fileURLToPath(new URL('../observers/cluster-roles.cjs', import.meta.url));

/**
 * The env that preloads the roles observer into a cluster's primary and
 * workers, writing to `dir`; after the settings' own NODE_OPTIONS, if any.
 * @param {string} dir @param {Record<string, string>} [settings]  the settings in force (ctx.env)
 */
export function rolesObserverEnv(dir, settings = {}) {
  const own = `--require ${JSON.stringify(ROLES_OBSERVER)}`;
  return { NODE_OPTIONS: settings.NODE_OPTIONS ? `${settings.NODE_OPTIONS} ${own}` : own, NCS_ROLES_DIR: dir };
}

/**
 * What the roles observer wrote, one record per process (by pid).
 * @param {string} dir
 * @returns {Record<string, { pid: number, hasIsMaster: boolean, isMaster: boolean | null, isPrimary: boolean, isWorker: boolean }>}
 */
export function readObservedRoles(dir) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const f of readdirSync(dir)) {
    if (!/^roles-\d+\.json$/.test(f)) continue;
    try {
      const r = JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
      out[r.pid] = r;
    } catch {
      // half-written by a process killed meanwhile: not an observation
    }
  }
  return out;
}

/**
 * The bytes a process has read so far through read-like system calls (rchar
 * of /proc/<pid>/io, all its threads): a request's bytes taken off a TCP
 * socket count there, in the process that read them; the messages of a
 * cluster's IPC channel (recvmsg) do not. null where it cannot be read (not
 * Linux, no such process, no I/O accounting).
 * @param {number} pid
 * @param {{ io?: (pid: number) => string }} [read]  (tests)
 * @returns {number | null}
 */
export function bytesRead(pid, { io = (p) => readFileSync(`/proc/${p}/io`, 'utf8') } = {}) {
  if (process.platform !== 'linux') return null;
  try {
    return rchar(io(pid));
  } catch {
    return null;
  }
}

/**
 * A process's life as the harness reads it from /proc/<pid>/stat: its state
 * letter (R, S, … ; Z once it has exited and is not yet waited for) and its
 * start time (clock ticks after boot: a pid taken again by another process
 * reads another). null where there is no such process; undefined where
 * /proc cannot tell (not Linux).
 * @param {number} pid
 * @param {{ stat?: (pid: number) => string }} [read]  (tests)
 * @returns {{ state: string, start: number } | null | undefined}
 */
export function procLife(pid, { stat = (p) => readFileSync(`/proc/${p}/stat`, 'utf8') } = {}) {
  if (process.platform !== 'linux') return undefined;
  let text;
  try {
    text = stat(pid);
  } catch {
    return null;
  }
  // past the command name (which may hold spaces and parentheses): state is field 3,
  // starttime 22
  const f = proc.statFields(text);
  const start = Number(f[19]);
  return f[0] && Number.isFinite(start) ? { state: f[0], start } : undefined;
}

/**
 * Whether a process is still there (signal 0).
 * @param {number} pid
 */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ask the primary to SIGKILL a worker and wait (bounded) until the process is
 * gone: reaped by the primary, which records 'exit' as it reaps it.
 * @param {import('../isolate.js').FixtureHandle} handle @param {number} pid
 * @param {{ timeoutMs?: number }} [o]
 */
export async function killWorker(handle, pid, { timeoutMs = 2000 } = {}) {
  handle.send({ type: 'kill-worker', pid });
  const t0 = performance.now();
  while (alive(pid) && performance.now() - t0 < timeoutMs) await sleep(2);
  return !alive(pid);
}

/**
 * The cluster events the primary recorded for one worker, by name.
 * @param {any[]} events @param {number} pid
 */
export function eventsOf(events, pid) {
  return events.filter((e) => e.pid === pid).map((e) => e.event);
}

/** Error code of a request a steady loop gave up on once it had stopped: still unanswered tailMs after. */
export const ABANDONED = 'ABANDONED';

/**
 * A steady, bounded request loop: `connections` clients, each sending GETs one
 * after another on new connections, until `until()` says stop, maxRequests
 * were sent or maxMs passed. A failed request waits pauseMs before the next
 * (a refused connect returns at once: no busy spin). Once the loop stops,
 * each request still in flight that `mayGiveUp()` allowed when it was sent
 * has tailMs more to be answered; one that is not is given up (error
 * ABANDONED) rather than waited for to its timeout (a request handed to a
 * worker that was then killed is never answered). The others run to their
 * answer or their timeout.
 * @param {number} port
 * @param {{ path?: string, connections?: number, maxRequests: number, maxMs: number, pauseMs?: number, tailMs?: number, mayGiveUp?: () => boolean, until?: (r: Reply[]) => boolean, onReply?: (r: Reply, all: Reply[]) => void }} o
 */
export async function steadyLoop(
  port,
  {
    path = '/light',
    connections = 2,
    maxRequests,
    maxMs,
    pauseMs = 2,
    tailMs = 250,
    mayGiveUp = () => true,
    until = () => false,
    onReply = () => {},
  },
) {
  /** @type {Reply[]} */
  const replies = [];
  const t0 = performance.now();
  let sent = 0;
  const stopped = new AbortController();
  /** @type {ReturnType<typeof setTimeout> | null} */
  let tail = null;
  const stop = () => {
    if (tail === null) tail = setTimeout(() => stopped.abort(), tailMs);
  };
  // The time bound stops the loop also while every client waits on an answer.
  const deadline = setTimeout(stop, maxMs);
  const more = () => {
    const on = sent < maxRequests && performance.now() - t0 < maxMs && !until(replies);
    if (!on) stop();
    return on;
  };
  const client = async () => {
    while (more()) {
      sent++;
      const r = await get(port, path, { timeoutMs: 500, signal: mayGiveUp() ? stopped.signal : undefined });
      replies.push(r);
      onReply(r, replies);
      if (r.error) await sleep(pauseMs);
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, client));
  } finally {
    clearTimeout(deadline);
    if (tail !== null) clearTimeout(tail);
  }
  return { replies, sent, ms: performance.now() - t0 };
}
