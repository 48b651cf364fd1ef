import { defineSpec } from '../../harness/spec.js';
import {
  SOURCE_004,
  withCluster,
  get,
  bytesRead,
  tcpInode,
  holdersOf,
  socketInodeOf,
} from '../../harness/kits/cluster.js';
import { median, round } from '../../harness/stats.js';
import { randomUUID, randomBytes, createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { readFileSync, readlinkSync, statSync } from 'node:fs';
import net from 'node:net';
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const proc = createRequire(import.meta.url)('../../fixtures/lib/proc.cjs');

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
// And from outside, on Linux: after each answer the harness reads the workers'
// and the primary's fd tables (/proc/<pid>/fd) and the kernel's socket tables
// (/proc/net/tcp, tcp6, udp, udp6, unix) itself: the socket a worker was given
// as its channel (NODE_CHANNEL_FD, from /proc/<pid>/environ) must be open, and
// the worker must hold no other connection of its own: none to the primary (a
// TCP or UDP socket whose other end the primary holds), no TCP or UDP socket
// but on the cluster's port (the connections it serves), no unix socket but its
// channel, no pipe or FIFO the primary or the other worker holds too
// (workerSockets: what Node options in force leave out). Sockets the primary
// holds too (the stdio it handed down, a shared listening handle) are the same
// socket, not a connection between them.
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

/**
 * The sockets of /proc/net/tcp (or tcp6) text by inode: local and remote end as
 * the table writes them, state (hex).
 * @param {string} text
 * @returns {Map<string, { local: string, remote: string, state: string }>}
 */
export function tcpTable(text) {
  const out = new Map();
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (!/^\d+:$/.test(f[0] ?? '') || !f[9] || f[9] === '0') continue;
    out.set(f[9], { local: f[1], remote: f[2], state: f[3] });
  }
  return out;
}

/**
 * The inodes of the sockets in /proc/net/unix text.
 * @param {string} text
 */
export function unixInodes(text) {
  const out = new Set();
  for (const line of text.split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f[6] && /^\d+$/.test(f[6])) out.add(f[6]);
  }
  return out;
}

/** The port of an end as /proc/net/tcp writes it (hex after the colon). @param {string} end */
const portOf = (end) => parseInt(end.slice(end.lastIndexOf(':') + 1), 16);

/** An end in words: 127.0.0.1:34712 for an IPv4 one, [v6]:port else. @param {string} end */
const endText = (end) => {
  const host = end.slice(0, end.lastIndexOf(':'));
  const ip =
    host.length === 8
      ? (host.match(/../g) ?? [])
          .reverse()
          .map((b) => parseInt(b, 16))
          .join('.')
      : '[v6]';
  return `${ip}:${portOf(end)}`;
};

/**
 * @typedef {{ channel: boolean, toPrimary: string[], others: string[] }} WorkerSockets
 *   channel: the fd named by NODE_CHANNEL_FD is a socket; toPrimary: its TCP or
 *   UDP sockets whose other end the primary holds; others: any other socket or
 *   pipe of its own (a TCP or UDP socket off the cluster's port, a unix socket
 *   beside its channel, a pipe or FIFO above fd 2 that the primary or another
 *   worker holds too)
 */

/** TCP state LISTEN in /proc/net/tcp: a listener, not a connection. */
const LISTEN = '0A';

/**
 * What each worker holds, from one reading: `fds` (pid -> fd -> link; a FIFO
 * as `fifo:<dev>:<ino>`), the channel fd of each worker, the socket tables'
 * text (`udp` absent in older callers: none read). A socket the primary holds
 * too is the same socket (stdio, a shared handle), not a connection; one found
 * in no table (closed between the reads) is left out. A pipe (`pipe:[N]`: both
 * ends share one inode) or FIFO above fd 2 that the primary or another worker
 * holds too is a way between them beside the channel (fds 0–2 are the stdio
 * the primary hands down) unless the harness holds it too (`outside`: the
 * links of the harness's own fds): one handed down from outside the cluster
 * (a shell's pipe kept open across exec), which no process of the cluster can
 * make the harness hold. Where Node options are in force (`nodeOptions`: an
 * --inspect listener, a preloaded agent's sockets are the options', not the
 * program's), a TCP socket counts only where it is a connection whose other
 * end the primary or another worker holds, and a UDP socket only where the
 * primary or another worker holds a UDP socket too (a datagram to them needs
 * one there): what a program sends its primary still shows. Unix sockets are
 * judged the same either way (/proc/net/unix names no peer).
 * @param {{ fds: Record<string, Record<string, string>>, channelFd: Record<string, number | null>,
 *   tcp: string, udp?: string, unix: string, port: number, primaryPid: number, workerPids: number[],
 *   nodeOptions?: boolean, outside?: string[] }} r
 * @returns {Record<string, WorkerSockets>}
 */
export function workerSockets(r) {
  const tcp = tcpTable(r.tcp);
  const udp = tcpTable(r.udp ?? '');
  const unix = unixInodes(r.unix);
  const inode = (/** @type {string | undefined} */ link) => /^socket:\[(\d+)\]$/.exec(link ?? '')?.[1];
  const outside = new Set(r.outside ?? []);
  const pipeOf = (/** @type {string | undefined} */ link) => /^(?:pipe:\[\d+\]|fifo:\d+:\d+)$/.test(link ?? '');
  /** the socket inodes and pipes each process holds */
  const held = (/** @type {number} */ pid) => new Set(Object.values(r.fds[pid] ?? {}));
  const primaryOwn = new Set([...held(r.primaryPid)].map(inode).filter(Boolean));
  /** local ends (local|remote) of the TCP and UDP sockets `pids` hold */
  const endsOf = (/** @type {number[]} */ pids, /** @type {Map<string, any>} */ table) => {
    const out = new Set();
    for (const pid of pids)
      for (const link of held(pid)) {
        const t = table.get(/** @type {string} */ (inode(link)));
        if (t) out.add(`${t.local}|${t.remote}`);
      }
    return out;
  };
  const primaryEnds = endsOf([r.primaryPid], tcp);
  const primaryUdp = endsOf([r.primaryPid], udp);
  /** @type {Record<string, WorkerSockets>} */
  const out = {};
  for (const pid of r.workerPids) {
    const fds = r.fds[pid] ?? {};
    const fd = r.channelFd[pid];
    const chan = fd === null || fd === undefined ? undefined : inode(fds[fd]);
    const w = (out[pid] = {
      channel: chan !== undefined,
      toPrimary: /** @type {string[]} */ ([]),
      others: /** @type {string[]} */ ([]),
    });
    const rest = r.workerPids.filter((p) => p !== pid);
    const othersHold = new Set([r.primaryPid, ...rest].flatMap((p) => [...held(p)]));
    const restEnds = endsOf(rest, tcp);
    const treeUdp = primaryUdp.size > 0 || endsOf(rest, udp).size > 0;
    for (const [n, link] of Object.entries(fds)) {
      if (pipeOf(link)) {
        if (Number(n) > 2 && othersHold.has(link) && !outside.has(link))
          w.others.push(`${link} held by another process of the cluster`);
        continue;
      }
      const i = inode(link);
      if (!i || i === chan || primaryOwn.has(i)) continue;
      const t = tcp.get(i);
      const u = udp.get(i);
      if (t) {
        const words = `tcp ${endText(t.local)} → ${endText(t.remote)}`;
        if (primaryEnds.has(`${t.remote}|${t.local}`)) w.toPrimary.push(words);
        else if (r.nodeOptions) {
          if (restEnds.has(`${t.remote}|${t.local}`)) w.others.push(words);
        } else if (portOf(t.local) !== r.port) w.others.push(t.state === LISTEN ? `${words} (listening)` : words);
      } else if (u) {
        const words = `udp ${endText(u.local)} → ${endText(u.remote)}`;
        if ([...primaryUdp].some((e) => e.startsWith(`${u.remote}|`))) w.toPrimary.push(words);
        else if (!r.nodeOptions || treeUdp) w.others.push(words);
      } else if (unix.has(i)) w.others.push(`unix socket ${i}`);
    }
  }
  return out;
}

/** A /proc file's text, null where it cannot be read. @param {string} file */
const readProc = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/**
 * The harness's reading of the cluster's sockets now (workerSockets); null off
 * Linux or where a table or a process's fds cannot be read. `nodeOptions`:
 * Node options are in force in the cluster (workerSockets).
 * @param {number} port @param {number} primaryPid @param {number[]} workerPids @param {boolean} [nodeOptions]
 */
export function readWorkerSockets(port, primaryPid, workerPids, nodeOptions = false) {
  if (process.platform !== 'linux') return null;
  /** @type {Record<string, Record<string, string>>} */
  const fds = {};
  /** @type {Record<string, number | null>} */
  const channelFd = {};
  for (const pid of ['self', primaryPid, ...workerPids]) {
    const links = proc.fdLinks(pid);
    if (links === null) return null;
    const own = (fds[pid] = /** @type {Record<string, string>} */ ({}));
    for (const [fd, link] of Object.entries(links)) {
      if (link === null) continue; // closed meanwhile
      own[fd] = link;
      // a FIFO by its device and inode (its path is a name, the same FIFO may have another)
      if (link.startsWith('/'))
        try {
          const st = statSync(`/proc/${pid}/fd/${fd}`);
          if (st.isFIFO()) own[fd] = `fifo:${st.dev}:${st.ino}`;
        } catch {
          // closed meanwhile: a path, as read
        }
    }
  }
  for (const pid of workerPids) {
    const env = readProc(`/proc/${pid}/environ`);
    if (env === null) return null;
    const m = /(?:^|\0)NODE_CHANNEL_FD=(\d+)(?:\0|$)/.exec(env);
    channelFd[pid] = m ? Number(m[1]) : null;
  }
  const [tcp4, tcp6, udp4, udp6, unix] = ['tcp', 'tcp6', 'udp', 'udp6', 'unix'].map((n) => readProc(`/proc/net/${n}`));
  if (tcp4 === null || unix === null || udp4 === null) return null;
  return workerSockets({
    fds,
    channelFd,
    tcp: `${tcp4}\n${tcp6 ?? ''}`,
    udp: `${udp4}\n${udp6 ?? ''}`,
    unix,
    port,
    primaryPid,
    workerPids,
    nodeOptions,
    outside: Object.values(fds.self),
  });
}

/**
 * The harness's readings of the workers' sockets, after each answer (`sockets`,
 * one per reading, as workerSockets gives them): in every reading each worker's
 * channel is open and it holds no connection to the primary and no other socket
 * of its own. Honest readings (busy 2-CPU machine, 8 runs of 2 trials, Node 20
 * and 26): channel open, none to the primary, no other socket, in every
 * reading of every run (the worker's fds: stdio, its channel, libuv's pipes,
 * epoll and eventfds; the connections it serves are closed by then or on the
 * cluster's port). Its fds, read again (Node 20 and 26, one run each): stdio,
 * the channel, libuv's pipe pairs (each its own inode, held by no other
 * process), eventpoll, eventfds (io_uring on 26), /dev/null; no UDP socket;
 * one pipe above fd 2 held by the primary, the other worker and the harness
 * (fd 251, handed down from the shell that ran the harness: left out as the
 * harness's). Under NODE_OPTIONS=--inspect=127.0.0.1:0 each worker also holds
 * a TCP listener (its inspector's port), left out there. ipc-over-tcp and ipc-up-over-tcp: each worker holds a TCP
 * connection to the primary's server (127.0.0.1:ephemeral → its port). Absent
 * (no reading: not Linux, a table unreadable, or a record made before them): left out.
 * @param {{ sockets?: Array<Record<string, WorkerSockets>> }} obs
 */
export function channelSocketsCheck(obs) {
  const reads = obs.sockets ?? [];
  if (!reads.length) return { ok: true, detail: '' };
  /** @type {Map<string, { shut: number, toPrimary: Set<string>, others: Set<string> }>} */
  const per = new Map();
  for (const read of reads)
    for (const [pid, w] of Object.entries(read)) {
      const p = per.get(pid) ?? { shut: 0, toPrimary: new Set(), others: new Set() };
      per.set(pid, p);
      if (!w.channel) p.shut++;
      for (const x of w.toPrimary) p.toPrimary.add(x);
      for (const x of w.others) p.others.add(x);
    }
  const ok = [...per.values()].every((p) => p.shut === 0 && p.toPrimary.size === 0 && p.others.size === 0);
  const words = [...per].map(([pid, p]) => {
    const bad = [
      p.shut ? `channel not open in ${p.shut} reading(s)` : '',
      p.toPrimary.size ? `a connection to the primary (${[...p.toPrimary].slice(0, 2).join(', ')})` : '',
      p.others.size ? `other sockets (${[...p.others].slice(0, 2).join(', ')})` : '',
    ].filter(Boolean);
    return `${pid} ${bad.length ? bad.join(', ') : 'its channel alone'}`;
  });
  return {
    ok,
    detail: `; sockets read from /proc after each answer (${reads.length} readings): ${words.join('; ')}`,
  };
}

/**
 * Each GET's ping carries PAD random hex characters and its pong brings them
 * back (pad=PAD): the messages' bytes, which the receiver must take in.
 */
export const PAD = 65536;

/**
 * How the messages' bytes came in, read from outside: the bytes each process
 * (the primary, each worker) read through read-like system calls (rchar of
 * /proc/<pid>/io: read, readv, pread: files, pipes, TCP sockets) from before
 * the first GET to after the last answer (`readBytes`: pid -> bytes; absent
 * off Linux or unreadable), against the pad bytes it was sent (`padIn`). Node
 * takes its IPC channel in with recvmsg, which rchar does not count: a
 * message that came over the channel adds nothing there, one that came in a
 * file (or a pipe, a TCP connection) adds its bytes. Every pong must have
 * brought its pad back (`padBack`), and each process must have read fewer than
 * half of the pad bytes it got. Honest readings (busy 2-CPU machine, Node 20,
 * 9 runs of 2 trials, 6 at once): primary 8 B of 393216 B got, workers 530 B
 * (the GETs off their TCP sockets) of 196608 B got; ipc-over-tcp and
 * ipc-up-over-tcp read the same, ipc-channel-mute's primary 0 B. ipc-files-signals
 * (messages as files): primary 393930 B, each worker 197774 B (its pongs' files). Absent (records made before it): left out; a process whose
 * reading is missing is left out.
 * @param {{ readBytes?: Record<string, number>, padIn?: Record<string, number>, padBack?: number,
 *   completed?: number }} obs
 */
export function channelBytesCheck(obs) {
  if (!obs.readBytes || !obs.padIn) return { ok: true, detail: '' };
  const rows = Object.entries(obs.readBytes).map(([pid, n]) => ({ pid, n, got: obs.padIn?.[pid] ?? 0 }));
  const back = obs.padBack === obs.completed;
  const ok = back && rows.every((r) => r.n < r.got / 2);
  const words = rows.map((r) => `${r.pid} read ${r.n} B of ${r.got} B got`).join(', ');
  return {
    ok,
    detail: `; each ping carried ${PAD} B, ${obs.padBack}/${obs.completed} pongs brought them back; bytes taken in by read-like calls (/proc/<pid>/io rchar, which the channel's recvmsg does not add to): ${words}`,
  };
}

// A worker → primary message caught in flight: the harness holds the primary
// (SIGSTOP) while a GET /ipc makes a worker send its ping, and reads from
// outside where the ping's bytes wait for the held primary. A message that goes
// over the fork's IPC channel waits in the primary's end of that worker's
// channel (a unix stream socket: its receive queue, which `ss -x` reads through
// the kernel's sock_diag; /proc/net/unix has no queue column); one that goes any
// other way (a datagram, a TCP connection, a file) leaves that queue without
// it. The worker's wchar, its sockets after the answer, its own report: none of
// them tells which way the bytes went; the queue does.

/**
 * The connected unix sockets of `ss -x -n` text: inode -> { recvQ, sendQ, peer }.
 * Lines: Netid State Recv-Q Send-Q Local-Address Port Peer-Address Port (a
 * socket without a path writes `*` as its address, its inode as its port).
 * @param {string} text
 * @returns {Map<string, { recvQ: number, sendQ: number, peer: string }>}
 */
export function unixQueues(text) {
  const out = new Map();
  for (const line of text.split('\n')) {
    const m = /^u_(?:str|seq|dgr)\s+\S+\s+(\d+)\s+(\d+)\s+.*?\s(\d+)\s+\S+\s+(\d+)\s*$/.exec(line.trim());
    if (m) out.set(m[3], { recvQ: Number(m[1]), sendQ: Number(m[2]), peer: m[4] });
  }
  return out;
}

/** `ss -x -n` now, null where it cannot run (no iproute2, not Linux). */
export function readUnixQueues() {
  if (process.platform !== 'linux') return null;
  try {
    return unixQueues(execFileSync('ss', ['-x', '-n'], { encoding: 'utf8', timeout: 2000 }));
  } catch {
    return null;
  }
}

/**
 * The bytes waiting for the primary in its end of a worker's channel: the
 * receive queue of the socket whose peer is the worker's channel socket.
 * null where the queues or the worker's channel cannot be read.
 * @param {Map<string, { recvQ: number, peer: string }> | null} queues @param {string | null} workerChannel  inode
 */
export function primaryChannelQueue(queues, workerChannel) {
  if (!queues || !workerChannel) return null;
  for (const q of queues.values()) if (q.peer === workerChannel) return q.recvQ;
  const own = queues.get(workerChannel);
  return own ? (queues.get(own.peer)?.recvQ ?? null) : null;
}

/** A socket's inode from an fd link. @param {string | null | undefined} link */
const inodeOf = socketInodeOf;

/** The inode of a worker's channel socket (NODE_CHANNEL_FD in its environ). @param {number} pid */
function channelInode(pid) {
  try {
    const fd = /(?:^|\0)NODE_CHANNEL_FD=(\d+)(?:\0|$)/.exec(readFileSync(`/proc/${pid}/environ`, 'utf8'))?.[1];
    return fd === undefined ? null : inodeOf(readlinkSync(`/proc/${pid}/fd/${fd}`));
  } catch {
    return null;
  }
}

/**
 * The bytes a TCP socket has received and its holder not yet read (rx_queue of
 * /proc/net/tcp), by inode; null where it is not in the table.
 * @param {string} inode
 */
function rxQueue(inode) {
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f[9] === inode) return parseInt(f[4].split(':')[1], 16);
  }
  return null;
}

/**
 * How long the harness holds the primary at most (HOLD_MS), and how long the
 * worker's main thread must have spent no CPU, after it read all of the
 * request (its connection's rx_queue in /proc/net/tcp: 0), asleep, to count as waiting for its pong (SETTLE_MS: its ping sent, whichever
 * way). Honest (2-CPU machine beside other runs, 9 trials): the ping is in
 * the channel at the first look, the primary held 30–41 ms in all (most of it
 * the readings: `ss` costs 6–8 ms; 79–154 ms beside two busy loops); a worker
 * that sends it another way settles 25 ms after its last CPU, the primary held
 * 54–177 ms. If the harness is stopped meanwhile (Ctrl-C, SIGTERM), its
 * runner's SIGKILL of the trial's process group ends the held primary too; if
 * it is killed outright, a shell started with the hold continues the primary
 * once the hold's bound is past.
 */
export const HOLD_MS = 1000;
export const SETTLE_MS = 25;

/**
 * @typedef {{ worker: number | null, channel: string | null, queuedB: number | null, settled: boolean,
 *   heldMs: number, looks: number, sockets: any, reply: { status?: number, body?: any, error?: string } }} HeldPing
 *   worker: the pid that took the connection; channel: its channel socket's inode; queuedB: the most
 *   bytes read waiting in the primary's end of that channel while it was held (null: not read);
 *   settled: the worker had read all of the request (its connection's rx_queue 0) and its main thread
 *   then slept (no CPU, not runnable) for SETTLE_MS;
 *   heldMs: how long the primary was held; sockets: `readSockets()` at the end of the hold; reply: the
 *   GET's answer once the primary went on
 */

/**
 * One GET `path` whose ping is caught in flight: the request's head is sent
 * but for its last line; once a worker holds the connection the primary is
 * stopped (SIGSTOP) and the last line sent; the harness then reads, every few
 * ms, the queue of the primary's end of that worker's channel, until it holds
 * at least `minBytes` or the worker has settled (or HOLD_MS passed); reads the
 * workers' sockets (`readSockets`) while the primary is still held; lets the
 * primary go on (SIGCONT, whatever happened) and waits for the answer. Linux
 * only (null elsewhere, or where the connection's holder cannot be read).
 * @param {{ port: number, primaryPid: number, workerPids: number[], path: string, minBytes: number,
 *   readSockets: () => any }} o
 * @returns {Promise<HeldPing | { unseen: true } | null>}
 */
export async function heldPing({ port, primaryPid, workerPids, path, minBytes, readSockets }) {
  if (process.platform !== 'linux') return null;
  const sock = net.connect({ host: '127.0.0.1', port });
  let body = '';
  sock.setEncoding('utf8');
  sock.on('data', (d) => (body += d));
  const ended = new Promise((resolve) => (sock.on('close', resolve), sock.on('error', resolve)));
  try {
    await new Promise((resolve, reject) => (sock.once('connect', resolve), sock.once('error', reject)));
    await new Promise((resolve) => sock.write(`GET ${path} HTTP/1.0\r\nHost: 127.0.0.1\r\n`, resolve));
    // the worker the primary handed the connection to
    let worker = null;
    for (const t = performance.now(); worker === null && performance.now() - t < HOLD_MS;) {
      const inode = tcpInode(readFileSync('/proc/net/tcp', 'utf8'), port, /** @type {number} */ (sock.localPort));
      worker = (inode && holdersOf(workerPids, inode)[0]) ?? null;
      if (worker === null) await sleep(1);
    }
    // no worker seen with the connection: nothing caught (void, not left out: a primary
    // that hands connections off slowly must not turn the reading off)
    if (worker === null) return { unseen: true };
    const channel = channelInode(worker);
    const cpu = () => proc.schedstat(worker, worker)?.[0] ?? NaN;
    const conn = /** @type {string} */ (
      tcpInode(readFileSync('/proc/net/tcp', 'utf8'), port, /** @type {number} */ (sock.localPort))
    );
    let queuedB = /** @type {number | null} */ (null);
    let settled = false;
    let looks = 0;
    let sockets = null;
    const t0 = performance.now();
    // the primary goes on whatever becomes of this process: a shell of its own continues it
    // once the hold's bound is past (a harness killed outright mid-hold, say; its trial's
    // process group is then never killed, and a stopped primary would keep its workers)
    const resume = spawn('sh', ['-c', `sleep ${(HOLD_MS + 2000) / 1000}; kill -CONT ${primaryPid} 2>/dev/null`], {
      detached: true,
      stdio: 'ignore',
    });
    resume.on('error', () => {});
    resume.unref();
    process.kill(primaryPid, 'SIGSTOP');
    try {
      await new Promise((resolve) => sock.write('\r\n', resolve));
      let last = { cpu: cpu(), at: performance.now() };
      while (performance.now() - t0 < HOLD_MS) {
        await sleep(2);
        const q = primaryChannelQueue(readUnixQueues(), channel);
        looks++;
        if (q !== null) queuedB = Math.max(queuedB ?? 0, q);
        if (queuedB !== null && queuedB >= minBytes) break;
        const [c, now, unread, state] = [cpu(), performance.now(), rxQueue(conn), proc.threadState(worker, worker)];
        // asleep (S) throughout, not only off a CPU: a runnable thread a busy or throttled
        // machine keeps waiting spends no CPU either, and has not settled
        if (c !== last.cpu || unread !== 0 || state !== 'S') last = { cpu: c, at: now };
        else if (now - last.at >= SETTLE_MS) {
          settled = true;
          break;
        }
      }
      sockets = readSockets();
    } finally {
      process.kill(primaryPid, 'SIGCONT');
      if (resume.pid) process.kill(resume.pid, 'SIGKILL');
    }
    const heldMs = Math.round((performance.now() - t0) * 100) / 100;
    // the answer, once the primary goes on (bounded: a timer that does not outlive it)
    const bound = new AbortController();
    await Promise.race([ended, sleep(5000, undefined, { signal: bound.signal }).catch(() => {})]);
    bound.abort();
    const [head, ...rest] = body.split('\r\n\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d+)/.exec(head)?.[1]) || undefined;
    let json = rest.join('\r\n\r\n');
    try {
      json = JSON.parse(json);
    } catch {
      // not JSON: kept as text (HTTP/1.0: the body as it is, not chunked)
    }
    return {
      worker,
      channel,
      queuedB,
      settled,
      heldMs,
      looks,
      sockets,
      reply: status ? { status, body: json } : { error: 'no answer' },
    };
  } finally {
    sock.destroy();
  }
}

/**
 * Where a ping waited while the primary was held (heldPing, the harness's own
 * reading; `held` in the record): a message sent over the fork's IPC channel
 * sits in the primary's end of that worker's channel (its receive queue, read
 * with `ss -x`) until the primary reads it, so the queue must hold at least
 * the ping's PAD bytes before the worker settles (its request all read, its
 * main thread idle for SETTLE_MS: its ping sent, whichever way, and it waits
 * for the pong); and once the primary went on the round trip must complete
 * (the proof under the harness's key, the pad back). The queue is read every
 * few ms while the primary is held, whatever the messages' other readings
 * say: the worker's wchar counts any write, its sockets after an answer may
 * be gone, what it reports may be made up. Honest readings (busy 2-CPU
 * machine, Node 20, 9 trials): 65630 B queued (the ping: PAD hex characters
 * and its fields) on the first look, the primary held 30–41 ms (most of it the
 * readings themselves); the round trip then completes. ipc-over-udp (the
 * messages as datagrams): 144 B queued (the worker's request to bind its UDP
 * socket, which a cluster worker asks of the primary; no ping), the worker
 * settled, held 54–177 ms (3 trials); bound exclusively instead (a trial of
 * that variant): 0 B queued, the ping's 69292 B in the primary's UDP socket,
 * the worker's UDP socket in the hold's socket reading. void where the worker had not settled within
 * HOLD_MS and nothing was queued (a host that kept it from running), or where no worker was
 * seen holding the connection within it; left out
 * where the queue cannot be read (no `ss`) or nothing was caught (not Linux,
 * records before it).
 * @param {{ held?: { unseen?: boolean, queuedB?: number | null, settled?: boolean, answered?: boolean, heldMs?: number,
 *   looks?: number, worker?: number | null, status?: number | string } }} obs
 * @returns {{ ok: boolean, void: boolean, detail: string }}
 */
export function heldPingCheck(obs) {
  const h = obs.held;
  if (!h) return { ok: true, void: false, detail: '' };
  if (h.unseen)
    return {
      ok: true,
      void: true,
      detail: `; one more ping to be caught in flight: no worker seen holding its connection within ${HOLD_MS} ms (void)`,
    };
  const inChannel = h.queuedB === null ? null : h.queuedB >= PAD;
  const ok = h.answered && inChannel !== false;
  const undecided = inChannel === false && !h.settled;
  const where =
    h.queuedB === null
      ? 'the queue of its channel not read (no ss)'
      : `${h.queuedB} B waiting in the primary's end of its channel (expected at least the ping's ${PAD} B)`;
  return {
    ok,
    void: h.answered && undecided,
    detail: `; one more ping caught in flight, the primary held ${h.heldMs} ms (${h.looks} looks): worker ${h.worker}, ${where}${inChannel === false ? (h.settled ? ', the worker waiting for its pong' : `, the worker not settled within ${HOLD_MS} ms (void)`) : ''}; ${h.answered ? 'then answered with the proof and the pad' : `then not answered as claimed (${h.status})`}`,
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
    summary: `${PINGS} GETs /ipc to 2 workers: each answering worker sends a message to the primary and gets its reply (worker → primary → worker). Model: every round trip completes, the reply names the primary's pid, and both workers did it; the primary got each GET's nonce from the worker that answered it, and each answer carries the primary's token (which no worker knows but from a pong); while the cluster runs, each answer carries the nonce's HMAC under a key the harness gave the primary alone, and the primary tells the harness of each nonce as it comes; read by the harness from /proc after each answer (Linux), each worker holds the channel it was given (NODE_CHANNEL_FD) and no other connection of its own: none to the primary, no TCP or UDP socket off the cluster's port, no unix socket beside the channel, no pipe or FIFO shared with the primary or the other worker (under Node options: no TCP connection and no UDP socket within the cluster); and one more round trip caught in flight (Linux): the harness holds the primary (SIGSTOP) while a worker sends its ping, and reads the primary's end of that worker's channel with ss -x: the ping's bytes must wait there, in the channel, before the worker settles to wait for its pong, and the round trip completes once the primary goes on; the round-trip time is reported, not judged.`,
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
        value: { out: replies, sockets, waitMs, readBytes, held },
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
          // the harness's reading of the workers' sockets after each answer (Linux)
          const sockets = [];
          // the bytes each process has read by read-like calls, before the first GET (Linux)
          const pids = [i.primaryPid, ...i.workerPids];
          const before = pids.map((p) => bytesRead(p));
          for (const nonce of nonces) {
            out.push(await get(i.port, `/ipc?nonce=${nonce}&pad=${PAD}`));
            const read = readWorkerSockets(i.port, i.primaryPid, i.workerPids, Boolean(c.env?.NODE_OPTIONS));
            if (read) sockets.push(read);
          }
          // the primary's word of each answered nonce, before the stop (bounded)
          const t = performance.now();
          const answered = nonces.filter((_, k) => out[k].status === 200);
          while (answered.some((n) => !told.has(n)) && performance.now() - t < LIVE_MS) await sleep(5);
          // and after the last answer: what each read meanwhile (null where a reading is missing)
          const readBytes = /** @type {Record<string, number>} */ ({});
          pids.forEach((p, k) => {
            const [a, b] = [before[k], bytesRead(p)];
            if (a !== null && b !== null) readBytes[p] = b - a;
          });
          const words = round(performance.now() - t, 2);
          // one more round trip, caught in flight: the primary held while the ping waits for it (Linux)
          const heldNonce = randomUUID();
          const caught = await heldPing({
            port: i.port,
            primaryPid: i.primaryPid,
            workerPids: i.workerPids,
            path: `/ipc?nonce=${heldNonce}&pad=${PAD}`,
            minBytes: PAD,
            readSockets: () => readWorkerSockets(i.port, i.primaryPid, i.workerPids, Boolean(c.env?.NODE_OPTIONS)),
          });
          if (caught && 'sockets' in caught && caught.sockets) sockets.push(caught.sockets);
          const held =
            caught && 'unseen' in caught
              ? { unseen: true }
              : caught && {
                  worker: caught.worker,
                  queuedB: caught.queuedB,
                  settled: caught.settled,
                  heldMs: caught.heldMs,
                  looks: caught.looks,
                  // the answer once the primary went on: from that worker, the proof and the pad back
                  answered:
                    caught.reply.status === 200 &&
                    caught.reply.body?.proof === proofOf(key, heldNonce) &&
                    caught.reply.body?.padBack === true,
                  status: caught.reply.status ?? caught.reply.error,
                };
          return { out, sockets, readBytes, held, waitMs: { key: round(keyMs, 2), words } };
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
        // the pads: pongs that brought theirs back; bytes read by read-like calls meanwhile, and
        // the pad bytes each process got (the primary every ping's, a worker its pongs')
        padBack: ok.filter((r) => r.body.padBack === true).length,
        ...(Object.keys(readBytes).length
          ? {
              readBytes,
              padIn: Object.fromEntries(
                [info.primaryPid, ...info.workerPids].map((p) => [
                  p,
                  PAD * (p === info.primaryPid ? replies.length : ok.filter((r) => r.pid === p).length),
                ]),
              ),
            }
          : {}),
        // how long the harness waited for the key to be taken, and for the word of the pings
        waitMs,
        // the round trip caught in flight (Linux; absent elsewhere)
        ...(held ? { held } : {}),
        // the harness's readings of the workers' sockets (Linux; absent elsewhere)
        ...(sockets.length ? { sockets } : {}),
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
        // the channel the messages took, read from outside (Linux; absent elsewhere)
        const held = channelSocketsCheck(obs);
        // how the messages' bytes came in, read from outside (Linux; absent elsewhere)
        const bytes = channelBytesCheck(obs);
        // where the ping waited while the primary was held (Linux; absent elsewhere)
        const caught = heldPingCheck(obs);
        const others =
          bytes.ok &&
          live.ok &&
          held.ok &&
          token === PINGS &&
          nonces === PINGS &&
          obs.completed === PINGS &&
          obs.primaries.length === 1 &&
          obs.primaries[0] === obs.primaryPid &&
          obs.pingers.length === 2;
        const ok = others && caught.ok;
        return {
          ok,
          // the caught round trip undecided (the worker never settled: a host too slow), all else
          // as claimed: void
          ...(others && caught.void ? { invalid: true } : {}),
          detail: `${obs.completed}/${PINGS} round trips from workers ${obs.pingers.join(', ')} answered by primary ${obs.primaries.join(', ')}; primary got ${nonces}/${PINGS} nonces from the workers that answered, ${token}/${PINGS} answers carried its token; median round trip ${round(median(obs.roundTripMs), 2)} ms${live.detail}${held.detail}${bytes.detail}${caught.detail}${obs.errors.length ? `; errors: ${obs.errors.join(', ')}` : ''}`,
        };
      },
    },
  }),
});
