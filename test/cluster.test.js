import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'expect';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startFixture, fixtureEnv } from '../harness/isolate.js';
import {
  get,
  getMany,
  countPids,
  alive,
  killWorker,
  eventsOf,
  clusterSize,
  steadyLoop,
  ABANDONED,
  tcpInode,
  tcpInodes,
  rolesObserverEnv,
  readObservedRoles,
  ROLES_OBSERVER,
  socketHolders,
  socketsHolders,
  getManyHeld,
  getBurstHeld,
  descendantsOf,
  listenInodes,
  listenersOf,
  clusterListeners,
  impostures,
  describeImpostures,
  SEES_HOLDERS,
} from '../harness/kits/cluster.js';
import separateProcesses from '../specs/cluster/cluster.separate-processes.spec.js';
import sharedPort from '../specs/cluster/cluster.shared-port.spec.js';
import { BURSTS, burstFloor, burstPart, listenPart } from '../specs/cluster/cluster.round-robin.spec.js';
import roundRobin from '../specs/cluster/cluster.round-robin.spec.js';
import refork from '../specs/cluster/cluster.refork-no-downtime.spec.js';
import ipcSpec from '../specs/cluster/cluster.ipc.spec.js';
import isMasterSpec, { observedRolesCheck } from '../specs/cluster/cluster.is-master.spec.js';
import { mkdtempSync, writeFileSync, rmSync, readdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import onlineExit, {
  stillbornCheck,
  muteCheck,
  onlineReadings,
  onlineUpCheck,
  ONLINE_CONTESTED_MS,
} from '../specs/cluster/cluster.online-exit-events.spec.js';

/** @param {object} options */
const start = (options) =>
  startFixture({ node: process.execPath, fixture: 'cluster-server.cjs', options, timeoutMs: 20_000 });

/** Poll (bounded) until none of the pids is alive. @param {number[]} pids */
async function allGone(pids) {
  for (let i = 0; i < 200 && pids.some(alive); i++) await sleep(10);
  return pids.filter(alive);
}

describe('cluster-server fixture', () => {
  it('says ready with the port, the primary and the worker pids, serves every endpoint, and leaves no process after stop', async () => {
    const h = start({ workers: 2, iterations: 100 });
    try {
      const info = await h.ready;
      expect(info).toEqual({
        port: expect.any(Number),
        primaryPid: h.pid,
        workerPids: [expect.any(Number), expect.any(Number)],
        policy: 'rr',
        isPrimary: true,
        isMaster: true,
        ipcToken: expect.any(String),
      });
      expect(new Set(info.workerPids).size).toBe(2);
      const light = await get(info.port, '/light');
      expect(light).toMatchObject({ status: 200, body: { ok: true } });
      expect(info.workerPids).toContain(light.pid);
      expect(await get(info.port, '/heavy')).toMatchObject({ status: 200 });
      const set = await get(info.port, '/global?set=x');
      expect(set.body).toEqual({ old: null, env: null, pid: set.pid });
      const ipc = await get(info.port, '/ipc?nonce=n1');
      expect(ipc).toMatchObject({
        status: 200,
        body: { roundTripMs: expect.any(Number), primaryPid: info.primaryPid, token: info.ipcToken },
      });
      const roles = await get(info.port, '/roles');
      expect(roles.body).toEqual({ isPrimary: false, isMaster: false, isWorker: true, pid: roles.pid, warnings: [] });
      expect((await get(info.port, '/nope')).status).toBe(404);
      const counts = countPids(await getMany(info.port, '/light', 8));
      expect(Object.keys(counts).sort()).toEqual(info.workerPids.map(String).sort());
      const { data } = await h.stop();
      expect(data).toMatchObject({
        workerPids: info.workerPids,
        allPids: info.workerPids,
        forks: 2,
        port: info.port,
        policy: 'rr',
        pings: [{ from: ipc.pid, nonce: 'n1' }],
        roles: { primary: { isPrimary: true, isMaster: true, isWorker: false, pid: info.primaryPid } },
      });
      for (const pid of info.workerPids)
        expect(eventsOf(data.events, pid)).toEqual(['fork', 'online', 'listening', 'disconnect', 'exit']);
      expect(await allGone([info.primaryPid, ...info.workerPids])).toEqual([]);
    } finally {
      await h.stop().catch(() => {});
    }
  });

  it('records online → listening → kill → disconnect → exit(SIGKILL) for a killed worker, and forks a replacement on the same port with refork', async () => {
    const h = start({ workers: 2, refork: true });
    try {
      const info = await h.ready;
      const victim = info.workerPids[1];
      expect(await killWorker(h, victim)).toBe(true);
      // Until the replacement answers: a fork takes a few hundred ms here, and
      // seconds on a busy machine, where 200 requests to the survivor came first.
      const loop = await steadyLoop(info.port, {
        connections: 1,
        maxRequests: 20_000,
        maxMs: 15_000,
        until: (rs) => rs.some((r) => r.status === 200 && !info.workerPids.includes(r.pid)),
      });
      expect(loop.replies.some((r) => r.status === 200 && !info.workerPids.includes(r.pid))).toBe(true);
      const { data } = await h.stop();
      expect(eventsOf(data.events, victim)).toEqual(['fork', 'online', 'listening', 'kill', 'disconnect', 'exit']);
      expect(data.events.find((/** @type {any} */ e) => e.pid === victim && e.event === 'exit')).toMatchObject({
        code: null,
        signal: 'SIGKILL',
      });
      expect(data.forks).toBe(3);
      expect(data.allPids).toHaveLength(3);
      const replacement = data.allPids[2];
      expect(
        data.events.find((/** @type {any} */ e) => e.pid === replacement && e.event === 'listening'),
      ).toMatchObject({ port: info.port });
      expect(await allGone([info.primaryPid, ...data.allPids])).toEqual([]);
    } finally {
      await h.stop().catch(() => {});
    }
  });

  it('with one worker and refork, the replacement listens on the same port after the socket closed', async () => {
    const h = start({ workers: 1, refork: true });
    try {
      const info = await h.ready;
      await killWorker(h, info.workerPids[0]);
      const loop = await steadyLoop(info.port, {
        connections: 1,
        maxRequests: 20_000, // refusals come fast: the bound that matters is the time
        maxMs: 15_000,
        until: (rs) => rs.some((r) => r.status === 200),
      });
      expect(loop.replies.at(-1)).toMatchObject({ status: 200 });
      expect(loop.replies.at(-1)?.pid).not.toBe(info.workerPids[0]);
      const { data } = await h.stop();
      expect(await allGone([info.primaryPid, ...data.allPids])).toEqual([]);
    } finally {
      await h.stop().catch(() => {});
    }
  });

  it('takes schedPolicy none and runs as one plain process with workers: 0', async () => {
    const none = start({ workers: 2, schedPolicy: 'none' });
    expect((await none.ready).policy).toBe('none');
    expect((await none.stop()).data.policy).toBe('none');
    const single = start({ workers: 0 });
    const info = await single.ready;
    expect(info).toMatchObject({ primaryPid: single.pid, workerPids: [single.pid], policy: null });
    const r = await get(info.port, '/light');
    expect(r.pid).toBe(single.pid);
    expect((await get(info.port, '/ipc')).status).toBe(400);
    const { data } = await single.stop();
    expect(data).toMatchObject({ events: [], forks: 0, port: info.port });
    expect(await allGone([single.pid])).toEqual([]);
  });

  it('on a timeout, the harness kills the whole tree: primary and workers', async () => {
    const h = startFixture({
      node: process.execPath,
      fixture: 'cluster-server.cjs',
      options: { workers: 2, iterations: 1000 },
      timeoutMs: 5000, // long enough for a cluster to start on a busy machine
    });
    const ready = await h.ready;
    await expect(h.result).rejects.toThrow(/did not finish within 5000 ms/);
    expect(await allGone([ready.primaryPid, ...ready.workerPids])).toEqual([]);
  });

  it('stop(graceMs) kills a service that has not exited by then; running() says whether it is up', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'deaf-'));
    const file = path.join(dir, 'deaf.cjs');
    // says ready, then ignores every message, 'stop' included
    writeFileSync(
      file,
      "process.send({ type: 'ready', data: {} }); process.on('message', () => {}); setInterval(() => {}, 1000);",
    );
    try {
      const h = startFixture({ node: process.execPath, fixture: file, timeoutMs: 20_000 });
      await h.ready;
      expect(h.running()).toBe(true);
      await expect(h.stop(300)).rejects.toThrow(/did not stop within 300 ms \(killed\)/);
      expect(h.running()).toBe(false);
      expect(await allGone([/** @type {number} */ (h.pid)])).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('readyMs kills a service that has not said ready by then, whatever its longer life', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mute-'));
    const file = path.join(dir, 'mute.cjs');
    writeFileSync(file, 'setInterval(() => {}, 1000);'); // never says ready
    try {
      const h = startFixture({ node: process.execPath, fixture: file, timeoutMs: 60_000, readyMs: 300 });
      await expect(h.ready).rejects.toThrow(/did not say ready within 300 ms \(killed\)/);
      expect(h.running()).toBe(false);
      expect(await allGone([/** @type {number} */ (h.pid)])).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on an abort (Ctrl-C of the CLI), the harness kills the whole tree', async () => {
    const controller = new AbortController();
    const h = startFixture({
      node: process.execPath,
      fixture: 'cluster-server.cjs',
      options: { workers: 2, iterations: 1000 },
      timeoutMs: 20_000,
      signal: controller.signal,
    });
    const ready = await h.ready;
    controller.abort(new Error('interrupted'));
    await expect(h.result).rejects.toThrow(/interrupted/);
    expect(await allGone([ready.primaryPid, ...ready.workerPids])).toEqual([]);
  });

  it('ends the workers on their own when the primary dies (no process-group kill)', async () => {
    const child = fork(
      fileURLToPath(new URL('../fixtures/cluster-server.cjs', import.meta.url)),
      [JSON.stringify({ workers: 2 })],
      { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], execArgv: [], env: fixtureEnv() },
    );
    try {
      const info = await new Promise((resolve, reject) => {
        child.on('message', (/** @type {any} */ m) => m?.type === 'ready' && resolve(m.data));
        child.on('exit', () => reject(new Error('primary exited before ready')));
      });
      process.kill(info.primaryPid, 'SIGKILL'); // the primary alone, not its group
      expect(await allGone([info.primaryPid, ...info.workerPids])).toEqual([]);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('cluster helpers', () => {
  it('clusterSize is max(2, C) capped at 4', () => {
    expect([1, 2, 3, 4, 8].map((cores) => clusterSize({ cores }))).toEqual([2, 2, 3, 4, 4]);
  });
  it('countPids puts failures under error', () => {
    expect(
      countPids([
        { status: 200, pid: 5, ms: 1, t: 0 },
        { error: 'ECONNREFUSED', ms: 1, t: 0 },
        { status: 200, pid: 5, ms: 1, t: 0 },
      ]),
    ).toEqual({ 5: 2, error: 1 });
  });
  it('a refused connection is an error reply, not a rejection', async () => {
    const h = start({ workers: 0 });
    const { port } = await h.ready;
    await h.stop();
    expect(await get(port, '/light')).toMatchObject({ error: 'ECONNREFUSED' });
  });
});

describe('the steady loop once it stops', () => {
  /** A loopback server whose /hang never answers, /slow answers after 20 ms, and /stagger's n-th request after 15·(n − 1) ms. @param {(port: number) => Promise<void>} fn */
  const withHangingServer = async (fn) => {
    /** @type {import('node:http').ServerResponse[]} */
    const held = [];
    let staggered = 0;
    const server = http.createServer((req, res) => {
      if (req.url === '/hang') held.push(res);
      else if (req.url === '/slow') setTimeout(() => res.end('ok'), 20);
      else if (req.url === '/stagger') setTimeout(() => res.end('ok'), 15 * staggered++);
      else res.end('ok');
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    try {
      await fn(/** @type {import('node:net').AddressInfo} */ (server.address()).port);
    } finally {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  };
  it('gives a request still unanswered tailMs after its time bound up (ABANDONED), not at its own 500 ms timeout', async () => {
    await withHangingServer(async (port) => {
      const loop = await steadyLoop(port, { path: '/hang', connections: 2, maxRequests: 10, maxMs: 50, tailMs: 30 });
      // Given up, not timed out: the loop did not wait for the requests' own 500 ms timeout.
      expect(loop.replies.map((r) => r.error)).toEqual([ABANDONED, ABANDONED]);
      expect(loop.sent).toBe(2);
    });
  });
  it('never gives up a request that mayGiveUp() did not allow when it was sent: it runs to its answer', async () => {
    await withHangingServer(async (port) => {
      // The n-th request is answered after 15·(n − 1) ms: the second answer stops
      // the loop while the first client's second request waits 30 ms more.
      const loop = await steadyLoop(port, {
        path: '/stagger',
        connections: 2,
        maxRequests: 100,
        maxMs: 5000,
        tailMs: 1,
        mayGiveUp: () => false,
        until: (rs) => rs.length >= 2,
      });
      expect(loop.replies).toHaveLength(3);
      expect(loop.replies.every((r) => r.status === 200)).toBe(true);
    });
  });
  it('waits tailMs after until() for the request in flight: one answered within it counts', async () => {
    await withHangingServer(async (port) => {
      const loop = await steadyLoop(port, {
        path: '/slow', // answered after 20 ms
        connections: 2,
        maxRequests: 100,
        maxMs: 5000,
        tailMs: 2000, // a margin for a loaded machine: the answer comes after 20 ms
        until: (rs) => rs.length >= 3,
      });
      // When the third answer stops the loop, the other client's request is in flight: it is answered, not given up.
      expect(loop.replies).toHaveLength(4);
      expect(loop.replies.every((r) => r.status === 200)).toBe(true);
    });
  });
});

describe('who serves a connection, read by the harness', () => {
  // /proc/net/tcp: a listener on 127.0.0.1:8080 (0x1F90), the server side of a
  // connection from client port 40000 (0x9C40) and the client side of it.
  const TCP = [
    '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 111 1 0 100 0 0 10 0',
    '   1: 0100007F:1F90 0100007F:9C40 01 00000000:00000000 00:00000000 00000000  1000        0 222 1 0 20 4 30 10 -1',
    '   2: 0100007F:9C40 0100007F:1F90 01 00000000:00000000 00:00000000 00000000  1000        0 333 1 0 20 4 30 10 -1',
  ].join('\n');
  it('tcpInode finds the server side of one connection by its two ports', () => {
    expect(tcpInode(TCP, 8080, 40000)).toBe('222');
    expect(tcpInode(TCP, 40000, 8080)).toBe('333');
    expect(tcpInode(TCP, 8080, 40001)).toBe(null);
  });
  it('tcpInodes: the server sides on one port, by client end, from one pass (closed ones, inode 0, left out)', () => {
    const closed = '   3: 0100007F:1F90 0100007F:9C41 06 00000000:00000000 03:00000000 00000000     0        0 0 3 0';
    const m = tcpInodes(`${TCP}\n${closed}`, 8080);
    expect(m.get('0100007F:9C40')).toBe('222'); // not 333: that is the client side, local port 40000
    expect(m.has('0100007F:9C41')).toBe(false);
    expect(tcpInode(`${TCP}\n${closed}`, 8080, 40001)).toBe(null);
  });
  it('socketHolders: the pids whose fd table has that socket open', () => {
    const fds = { 10: ['/dev/null', 'socket:[111]'], 11: ['socket:[222]'], 12: ['socket:[2220]'] };
    const read = { tcp: () => TCP, files: (/** @type {number} */ pid) => fds[/** @type {10} */ (pid)] ?? [] };
    expect(socketHolders(8080, 40000, [10, 11, 12], read)).toEqual([11]);
    expect(socketHolders(8080, 40001, [10, 11, 12], read)).toEqual([]);
  });
  it('socketsHolders: several connections from one read of the socket table, each with the fd tables read when it answered', () => {
    let reads = 0;
    const read = { tcp: () => (reads++, TCP) };
    const atFirst = [new Set(['socket:[333]']), new Set(['socket:[222]'])]; // pid 11 held it
    const atSecond = [new Set(['socket:[222]']), new Set([])]; // handed on to pid 10 later
    const conns = [
      { clientPort: 40000, open: atFirst },
      { clientPort: 40001, open: atFirst },
      { clientPort: 40000, open: atSecond },
    ];
    expect(socketsHolders(8080, conns, [10, 11], read)).toEqual([[11], [], [10]]);
    expect(reads).toBe(1);
  });
  it("socketsHolders: a connection read against its own processes (a helper of a worker's among them)", () => {
    const conns = [{ clientPort: 40000, open: [new Set(['socket:[222]']), new Set(['socket:[222]'])], pids: [11, 99] }];
    expect(socketsHolders(8080, conns, [10, 11], { tcp: () => TCP })).toEqual([[11, 99]]);
  });
  it('descendantsOf: children, theirs, and so on, never the root twice', () => {
    const tree = { 1: [2, 3], 2: [4], 3: [], 4: [1] };
    expect(descendantsOf(1, (p) => tree[/** @type {1} */ (p)] ?? [])).toEqual([2, 3, 4]);
    expect(descendantsOf(7, () => [])).toEqual([]);
  });
  it('listenInodes and listenersOf: the processes holding a socket listening on the port, at any address', () => {
    expect(listenInodes(TCP, 8080)).toEqual(['111']);
    expect(listenInodes(TCP, 8081)).toEqual([]);
    // 0.0.0.0:8080 in tcp, [::]:8080 in tcp6: listening there takes 127.0.0.1's connections too
    const any = '   4: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 444 1 0';
    const six =
      '   0: 00000000000000000000000000000000:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 666 1 0';
    expect(listenInodes(`${TCP}\n${any}\n${six}`, 8080)).toEqual(['111', '444', '666']);
    const fds = { 10: ['socket:[111]'], 11: ['socket:[222]'], 12: ['socket:[111]', 'pipe:[5]'], 13: ['socket:[666]'] };
    const read = {
      tcp: () => `${TCP}\n${six}`,
      files: (/** @type {number} */ pid) => fds[/** @type {10} */ (pid)] ?? [],
    };
    if (SEES_HOLDERS) {
      expect(listenersOf(8080, [10, 11, 12, 13], read)).toEqual([10, 12, 13]);
      expect(listenersOf(8081, [10, 11, 12], read)).toEqual([]); // nothing listening: nobody holds it
    } else expect(listenersOf(8080, [10], read)).toBeNull();
  });
  it('round robin: most bursts spread over every worker, and the primary alone listening', () => {
    expect(burstFloor(32, 2)).toBe(4);
    expect(burstFloor(64, 4)).toBe(4);
    expect(burstFloor(16, 4)).toBe(2);
    expect(BURSTS).toBe(3);
    const b = (/** @type {number[]} */ perWorker, more = {}) => ({
      n: 32,
      perWorker,
      errors: 0,
      impostures: [],
      ...more,
    });
    const spread = [b([18, 14]), b([16, 16]), b([15, 17])];
    expect(burstPart(spread, 4)).toEqual({
      ok: true,
      detail: '32 at once → 18/14, then 16/16, then 15/17 per worker (expected each ≥ 4 in most bursts)',
    });
    // a worker kept from its CPU through one burst: the others reach it
    expect(burstPart([b([31, 1]), b([17, 15]), b([20, 12])], 4).ok).toBe(true);
    // rr-burst-funnel: most bursts to one worker, one leaking a little or even spread
    expect(burstPart([b([32, 0]), b([3, 29]), b([32, 0])], 4).ok).toBe(false);
    expect(burstPart([b([32, 0]), b([16, 16]), b([32, 0])], 4).ok).toBe(false);
    expect(burstPart([b([16, 15], { errors: 1 }), b([16, 16]), b([16, 16])], 4).ok).toBe(false);
    expect(burstPart([b([16, 16], { impostures: [{ pid: 1, holders: [1, 9] }] })], 4).detail).toContain(
      '1 not held by the worker named',
    );
    expect(listenPart([5], 5)).toEqual({ ok: true, detail: 'the listening socket held by the primary alone' });
    const none = listenPart([5, 6, 7], 5);
    expect(none?.ok).toBe(false);
    expect(none?.detail).toBe(
      '2 process(es) besides the primary hold a socket listening on the port (6, 7): they accept connections themselves',
    );
    expect(listenPart([6], 5)?.ok).toBe(false); // a helper or worker holds it, the primary none
    expect(listenPart([], 5)).toEqual({
      ok: false,
      detail: 'no process of the cluster was seen holding a socket listening on the port',
    });
    expect(listenPart(null, 5)).toBeNull(); // older records, off Linux
  });
  it('impostures: an answer not held by exactly the worker it names (failures and unread holders left out)', () => {
    const r = (/** @type {any} */ x) => ({ status: 200, ms: 1, t: 0, ...x });
    const bad = impostures([
      r({ pid: 1, holders: [1] }),
      r({ pid: 2, holders: [1] }),
      r({ pid: 2, holders: [] }),
      r({ pid: 2, holders: [1, 2] }),
      r({ pid: 3, holders: null }),
      { error: 'ECONNRESET', ms: 1, t: 0, holders: [] },
    ]);
    expect(bad.map((x) => x.holders)).toEqual([[1], [], [1, 2]]);
    expect(describeImpostures(bad, 2)).toBe(
      '3 answer(s) not served by the worker they named (answered as 2, held by 1; answered as 2, held by no worker; …)',
    );
  });
  it("the specs fail an answer given in another worker's name, and keep passing records without holders", () => {
    const ctx = /** @type {any} */ ({ cores: 2, platform: 'linux' });
    const shared = /** @type {any} */ (sharedPort.plan(ctx)).structural;
    const obs = { W: 2, port: 9, workerPids: [1, 2], primaryPid: 0, counts: { 1: 10, 2: 10 }, listeningPorts: [9] };
    expect(shared.check(obs).ok).toBe(true);
    expect(shared.check({ ...obs, impostures: [] }).ok).toBe(true);
    const lie = shared.check({ ...obs, impostures: [{ pid: 2, holders: [1] }] });
    expect(lie.ok).toBe(false);
    expect(lie.detail).toContain('answered as 2, held by 1');

    const sep = /** @type {any} */ (separateProcesses.plan(ctx)).structural;
    const s = { value: 'v', primaryPid: 0, workerPids: [1, 2], setter: 1, setterOld: null, seen: { 1: 'v', 2: null } };
    expect(sep.check({ ...s, impostures: [] }).ok).toBe(true);
    expect(sep.check({ ...s, impostures: [{ pid: 2, holders: [1] }] }).ok).toBe(false);

    const rr = /** @type {any} */ (roundRobin.plan(ctx)).structural;
    const arm = { counts: { 1: 20, 2: 20 }, spread: 1, alternation: 1 };
    const o = { W: 2, N: 40, defaultPolicy: 'rr', rr: arm, none: arm };
    expect(rr.check(o).ok).toBe(true);
    expect(rr.check({ ...o, rr: { ...arm, impostures: [{ pid: 2, holders: [1] }] } }).ok).toBe(false);
    // The SCHED_NONE contrast is run in the first trial only: a later trial is judged the same without it.
    const later = { W: 2, N: 40, defaultPolicy: 'rr', rr: arm };
    expect(rr.check(later).ok).toBe(true);
    expect(rr.check(later).detail).not.toContain('SCHED_NONE');
    expect(rr.check(o).detail).toContain('SCHED_NONE for contrast');
    expect(rr.check({ ...later, rr: { ...arm, spread: 1.5 } }).ok).toBe(false);
  });
  it('cluster.online-exit-events: a worker forked not to start must get no online', () => {
    expect(stillbornCheck({ pid: 7, order: ['fork', 'disconnect', 'exit'], code: 9 }).ok).toBe(true);
    const fake = stillbornCheck({ pid: 7, order: ['fork', 'online', 'disconnect', 'exit'], code: 9 });
    expect(fake.ok).toBe(false);
    expect(fake.detail).toContain('(expected fork and exit, no online)');
    expect(stillbornCheck(null).ok).toBe(false);
    const check = /** @type {any} */ (onlineExit.plan(/** @type {any} */ ({}))).structural.check;
    const victim = { victim: 1, gone: true, order: ['fork', 'online', 'listening', 'kill', 'disconnect', 'exit'] };
    const obs = { ...victim, exit: { code: null, signal: 'SIGKILL' }, forks: 2 };
    expect(check(obs).ok).toBe(true); // a record from before the control
    const born = { pid: 7, order: ['fork', 'exit'], code: 9 };
    expect(check({ ...obs, forks: 3, stillborn: born }).ok).toBe(true);
    expect(check({ ...obs, forks: 3, stillborn: { ...born, order: ['fork', 'online', 'exit'] } }).ok).toBe(false);
    expect(check({ ...obs, forks: 3, stillborn: null }).ok).toBe(false);
  });
  it('cluster.online-exit-events: a worker that runs without listening must be online (online-at-listen)', () => {
    expect(muteCheck({ pid: 8, order: ['fork', 'online', 'running', 'disconnect', 'exit'] }).ok).toBe(true);
    // it ran (said so) and was never announced: a fail
    const held = muteCheck({ pid: 8, order: ['fork', 'running', 'disconnect', 'exit'] });
    expect(held).toMatchObject({ ok: false });
    expect(held.invalid).toBeUndefined();
    expect(held.detail).toContain('(expected fork and online, no listening)');
    // it never said it ran within the bound (a starved machine): nothing shown
    expect(muteCheck({ pid: 8, order: ['fork', 'disconnect', 'exit'] })).toMatchObject({ ok: false, invalid: true });
    expect(muteCheck({ pid: 8, order: ['fork', 'disconnect', 'exit'], ran: false })).toMatchObject({
      ok: false,
      invalid: true,
    });
    // …unless its file says it ran: its messages were held, and it ran unannounced
    const unheard = muteCheck({ pid: 8, order: ['fork', 'disconnect', 'exit'], ran: true });
    expect(unheard).toMatchObject({ ok: false });
    expect(unheard.invalid).toBeUndefined();
    expect(unheard.detail).toContain('its file says it ran');
    expect(muteCheck(null).ok).toBe(false);
    expect(muteCheck(undefined)).toEqual({ ok: true, detail: '' }); // a record from before the control
    const check = /** @type {any} */ (onlineExit.plan(/** @type {any} */ ({}))).structural.check;
    const obs = {
      victim: 1,
      gone: true,
      order: ['fork', 'online', 'listening', 'kill', 'disconnect', 'exit'],
      exit: { code: null, signal: 'SIGKILL' },
      stillborn: { pid: 7, order: ['fork', 'exit'], code: 9 },
    };
    const mute = { pid: 8, order: ['fork', 'online', 'running', 'disconnect', 'exit'] };
    expect(check({ ...obs, forks: 4, mute }).ok).toBe(true);
    const unannounced = check({
      ...obs,
      forks: 4,
      mute: { ...mute, order: ['fork', 'running', 'disconnect', 'exit'] },
    });
    expect(unannounced).toMatchObject({ ok: false });
    expect(unannounced.invalid).toBeUndefined();
    expect(check({ ...obs, forks: 4, mute: { ...mute, order: ['fork', 'disconnect', 'exit'] } })).toMatchObject({
      ok: false,
      invalid: true,
    });
  });
  it("cluster.online-exit-events: each 'online' after its worker's Node environment was made (b12d-online-at-fork)", () => {
    // monotonic ms: the primary's read at 'online', the worker's own record of its environment
    const events = [
      { event: 'fork', pid: 11, mono: undefined },
      { event: 'online', pid: 11, mono: 1020.5 },
      { event: 'fork', pid: 12 },
      { event: 'online', pid: 12, mono: 1041 },
      { event: 'exit', pid: 13 },
    ];
    const births = {
      11: { environment: 1002, bootstrapComplete: 1021.4 },
      12: { environment: 1019, bootstrapComplete: 1042 },
    };
    const up = /** @type {any[]} */ (onlineReadings(events, births));
    expect(up).toEqual([
      { pid: 11, online: 1020.5, environment: 1002, bootstrapComplete: 1021.4 },
      { pid: 12, online: 1041, environment: 1019, bootstrapComplete: 1042 },
    ]);
    expect(onlineReadings(events, undefined)).toBeUndefined(); // a record from before the readings
    // honest: 14–96 ms of Node's bootstrap and one IPC hop
    const honest = onlineUpCheck(up);
    expect(honest).toEqual({ ok: true, detail: expect.stringContaining('18.5 to 22 ms (2/2 read)') });
    // announced on the tick after the fork, the worker not yet started: a fail, not a void
    const early = onlineUpCheck([up[0], { ...up[1], online: 1000.4 }]);
    expect(early.ok).toBe(false);
    expect(early.invalid).toBeUndefined();
    expect(early.detail).toContain('announced before its worker could run: 12 (-18.6 ms)');
    // near the bound: contested, holds back a pass without failing
    const near = onlineUpCheck([up[0], { ...up[1], online: 1019 + ONLINE_CONTESTED_MS / 2 }]);
    expect(near).toMatchObject({ ok: false, invalid: true, contested: true });
    expect(near.detail).toContain('(contested)');
    expect(onlineUpCheck([up[0], { ...up[1], online: 1019 - ONLINE_CONTESTED_MS / 2 }])).toMatchObject({
      contested: true,
    });
    // a worker that left no record of its start, or an 'online' with no time: void
    const unread = onlineUpCheck([up[0], { ...up[1], environment: null }]);
    expect(unread).toMatchObject({ ok: false, invalid: true });
    expect(unread.contested).toBeUndefined();
    expect(unread.detail).toContain('no reading (void): 12');
    expect(onlineUpCheck([{ ...up[0], online: null }])).toMatchObject({ ok: false, invalid: true });
    // an early one fails even beside a void one
    expect(
      onlineUpCheck([
        { ...up[0], environment: null },
        { ...up[1], online: 990 },
      ]).invalid,
    ).toBeUndefined();
    expect(onlineUpCheck(undefined)).toEqual({ ok: true, detail: '' });
    // in the claim's check: an early 'online' fails the trial, a contested one voids it
    const check = /** @type {any} */ (onlineExit.plan(/** @type {any} */ ({}))).structural.check;
    const obs = {
      victim: 1,
      gone: true,
      order: ['fork', 'online', 'listening', 'kill', 'disconnect', 'exit'],
      exit: { code: null, signal: 'SIGKILL' },
      forks: 2,
    };
    expect(check({ ...obs, up }).ok).toBe(true);
    const failed = check({ ...obs, up: [up[0], { ...up[1], online: 1000.4 }] });
    expect(failed.ok).toBe(false);
    expect(failed.invalid).toBeUndefined();
    expect(failed.detail).toContain("'online' − worker's Node environment made");
    expect(check({ ...obs, up: [up[0], { ...up[1], online: 1020 }] })).toMatchObject({
      ok: false,
      invalid: true,
      contested: true,
    });
    expect(check({ ...obs, up: [up[0], { ...up[1], environment: null }] })).toMatchObject({ ok: false, invalid: true });
  });
  it('fork-mute: the worker comes online, never listens, says it ran in its file too, and the stop ends it', async () => {
    const tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-mute-'));
    const h = start({ workers: 2, tmpdir });
    try {
      await h.ready;
      h.send({ type: 'fork-mute' });
      const { data } = await h.stop();
      const quiet = data.events.find((/** @type {any} */ e) => e.mute);
      expect(eventsOf(data.events, quiet.pid)).toEqual(['fork', 'online', 'running', 'disconnect', 'exit']);
      expect(data.forks).toBe(3);
      expect(data.muteRan).toEqual([quiet.pid]);
      expect(readdirSync(tmpdir)).toEqual([]); // its file removed
    } finally {
      await h.stop().catch(() => {});
      rmSync(tmpdir, { recursive: true, force: true });
    }
  });
  it('fork-stillborn: the worker exits (code 9) without online, and the cluster stops', async () => {
    const h = start({ workers: 2 });
    try {
      await h.ready;
      h.send({ type: 'fork-stillborn' });
      const { data } = await h.stop();
      const born = data.events.find((/** @type {any} */ e) => e.stillborn);
      expect(eventsOf(data.events, born.pid)).not.toContain('online');
      expect(data.events.find((/** @type {any} */ e) => e.pid === born.pid && e.event === 'exit')).toMatchObject({
        code: 9,
      });
      expect(data.forks).toBe(3);
    } finally {
      await h.stop().catch(() => {});
    }
  });
  it("cluster.is-master: the harness observer's reading must agree (an absent isMaster reads null)", () => {
    const base = { primaryPid: 1, workerPids: [2, 3] };
    const r = (/** @type {number} */ pid, /** @type {boolean | null} */ isMaster) => ({
      pid,
      hasIsMaster: isMaster !== null,
      isMaster,
      isPrimary: pid === 1,
      isWorker: pid !== 1,
    });
    expect(observedRolesCheck({ ...base, observed: { 1: r(1, true), 2: r(2, false), 3: r(3, false) } }).ok).toBe(true);
    const gone = observedRolesCheck({ ...base, observed: { 1: r(1, true), 2: r(2, null), 3: r(3, null) } });
    expect(gone.ok).toBe(false);
    expect(gone.detail).toContain('2 isMaster null (no such property)');
    expect(observedRolesCheck({ ...base, observed: { 1: r(1, true), 2: r(2, false) } }).detail).toContain(
      '3 not observed',
    );
    const check = /** @type {any} */ (isMasterSpec.plan(/** @type {any} */ ({ node: { version: 'v20' } }))).structural
      .check;
    const w = (/** @type {number} */ pid) => ({ pid, isMaster: false, isPrimary: false, isWorker: true, warnings: [] });
    const obs = {
      ready: { isMaster: true, isPrimary: true },
      primary: { pid: 1, isMaster: true, isPrimary: true },
      workers: [w(2), w(3)],
      warnings: [],
    };
    expect(check(obs).ok).toBe(true); // a record from before the observer
    expect(check({ ...obs, ...base, observed: { 1: r(1, true), 2: r(2, null), 3: r(3, false) } }).ok).toBe(false);
  });
  it("the roles observer env keeps the settings' NODE_OPTIONS; its files are read by pid", () => {
    const env = rolesObserverEnv('/d', { NODE_OPTIONS: '--max-old-space-size=99' });
    expect(env.NODE_OPTIONS).toBe(`--max-old-space-size=99 --require ${JSON.stringify(ROLES_OBSERVER)}`);
    expect(env.NCS_ROLES_DIR).toBe('/d');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-roles-'));
    try {
      writeFileSync(path.join(dir, 'roles-5.json'), JSON.stringify({ pid: 5, isMaster: false }));
      writeFileSync(path.join(dir, 'roles-6.json'), '{"pid":');
      expect(readObservedRoles(dir)).toEqual({ 5: { pid: 5, isMaster: false } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("cluster.ipc fails answers without the primary's token or nonces the primary never got", () => {
    const ipc = /** @type {any} */ (ipcSpec.plan(/** @type {any} */ ({}))).structural;
    const obs = { primaryPid: 9, workerPids: [1, 2], completed: 6, errors: [], pingers: [1, 2], primaries: [9] };
    const rt = { roundTripMs: [0.1, 0.2] };
    expect(ipc.check({ ...obs, ...rt }).ok).toBe(true); // a record from before the proof
    expect(ipc.check({ ...obs, ...rt, withToken: 6, noncesReceived: 6 }).ok).toBe(true);
    const echo = ipc.check({ ...obs, ...rt, withToken: 0, noncesReceived: 0 });
    expect(echo.ok).toBe(false);
    expect(echo.detail).toContain(
      'primary got 0/6 nonces from the workers that answered, 0/6 answers carried its token',
    );
    expect(ipc.check({ ...obs, ...rt, withToken: 6, noncesReceived: 5 }).ok).toBe(false);
  });
  it(
    'on the real cluster, each answer is held by the worker it names',
    { skip: !SEES_HOLDERS && 'Linux /proc' },
    async () => {
      const h = start({ workers: 2 });
      try {
        const info = await h.ready;
        const replies = await getManyHeld(info.port, '/light', 4, info.workerPids, { tree: info.primaryPid });
        expect(replies.map((r) => r.holders)).toEqual(replies.map((r) => [r.pid]));
        expect(impostures(replies)).toEqual([]);
        // a burst: every answer held by the worker it names, each worker taking some
        const burst = await getBurstHeld(info.port, '/light', 16, info.workerPids, { tree: info.primaryPid });
        expect(impostures(burst)).toEqual([]);
        expect(new Set(burst.map((r) => r.pid))).toEqual(new Set(info.workerPids));
        expect(clusterListeners(info.port, info.primaryPid)).toEqual([info.primaryPid]);
      } finally {
        await h.stop();
      }
    },
  );
});

describe('cluster.refork-no-downtime: a pause in answers is downtime, though nothing is lost', () => {
  const sub = (/** @type {number} */ W, /** @type {boolean} */ ref, o = {}) => ({
    W,
    refork: ref,
    victim: 10,
    before: 20,
    after: 60,
    ok: 59,
    refused: 0,
    refusedForMs: 0,
    lost: ['ECONNRESET'],
    replacementAnswered: ref ? 10 : 0,
    replacedMs: ref ? 160 : null,
    survivorsAnswered: 49,
    survivorsAfterReplacement: 9,
    failedBeforeKill: 0,
    loopMs: 400,
    longestPauseMs: 15,
    ...o,
  });
  const check = /** @type {any} */ (refork.plan(/** @type {any} */ ({ cores: 2 })).structural).check;
  it('passes a cluster that kept answering; fails one whose answers stopped for 100 ms or more', () => {
    const honest = check({ multi: sub(2, true), control: sub(2, false) });
    expect(honest.ok).toBe(true);
    expect(honest.parts.map((/** @type {any} */ p) => p.ok)).toEqual([true, true]);
    const stalled = check({ multi: sub(2, true, { longestPauseMs: 506.2 }), control: sub(2, false) });
    expect(stalled.ok).toBe(false);
    expect(stalled.detail).toMatch(
      /^with W=2 the longest stretch without an answer after the kill was 506.2 ms \(at most 100\): /,
    );
    expect(stalled.parts[0].ok).toBe(true);
    // a record from before the pause was read: the counts alone, as then
    const old = sub(2, true);
    delete (/** @type {any} */ (old).longestPauseMs);
    expect(check({ multi: old, control: sub(2, false) }).parts).toHaveLength(1);
  });

  // what a trial records since the answers' bodies and the window after the replacement are read
  const read = (o = {}) =>
    sub(2, true, {
      sent: 1300,
      notApp: 0,
      notAppSeen: null,
      windowMs: 1000.4,
      waits: { n: 1200, p50: 1.2, p99: 9.5, max: 36.2 },
      windowGapMs: 12.2,
      ...o,
    });
  it("passes a cluster that served the application's answers through the window", () => {
    const honest = check({ multi: read(), control: sub(2, false) });
    expect(honest.ok).toBe(true);
    expect(honest.parts.map((/** @type {any} */ p) => p.ok)).toEqual([true, true, true, true]);
  });
  it("fails one whose answers during the refork were not the application's, though each was a 200", () => {
    const soft = check({
      multi: read({ notApp: 839, notAppSeen: '200 {"ok":false,"error":"service restarting"}' }),
      control: sub(2, false),
    });
    expect(soft.ok).toBe(false);
    expect(soft.parts.map((/** @type {any} */ p) => p.ok)).toEqual([true, true, false, true]);
    expect(soft.detail).toMatch(
      /^839 answers during the refork were not the application's: 200 \{"ok":false,"error":"service restarting"\}: /,
    );
  });
  it('fails one that stopped answering after the replacement served, within the window', () => {
    const late = check({
      multi: read({ windowMs: 1396.8, waits: { n: 369, p50: 1.18, p99: 173.1, max: 508.5 }, windowGapMs: 1016.7 }),
      control: sub(2, false),
    });
    expect(late.ok).toBe(false);
    expect(late.parts.map((/** @type {any} */ p) => p.ok)).toEqual([true, true, true, false]);
    expect(late.detail).toMatch(/a request waited 508.5 ms \(at most 250;/);
    expect(late.detail).toMatch(/no answer for 1016.7 ms in the 1396.8 ms after the replacement first answered/);
    // a gap alone, every request within the bound, fails too: answers held 240 ms at a time
    // stay under the wait bound, not under the 100 ms a pause may last
    const gap = check({ multi: read({ windowGapMs: 120 }), control: sub(2, false) });
    expect(gap.parts[3].ok).toBe(false);
    expect(gap.detail).toMatch(
      /no answer for 120 ms in the 1000.4 ms after the replacement first answered \(at most 100\)/,
    );
  });
  it('voids a trial whose window the loop did not see whole (all else sound), and fails one whose replacement never served', () => {
    const short = check({ multi: read({ windowMs: 950.4 }), control: sub(2, false) });
    expect(short).toMatchObject({ ok: false, invalid: true });
    expect(short.detail).toMatch(/the loop's bounds \(\d+ requests sent\) ended the window 950.4 ms after/);
    // cut short and a wait too long: the wait fails it
    const both = check({
      multi: read({ windowMs: 950.4, waits: { n: 9, p50: 1, p99: 300, max: 300 } }),
      control: sub(2, false),
    });
    expect(both.ok).toBe(false);
    expect(both.invalid).toBeUndefined();
    const never = check({
      multi: read({ windowMs: null, waits: null, windowGapMs: null, replacementAnswered: 0 }),
      control: sub(2, false),
    });
    expect(never.parts[3]).toMatchObject({
      ok: false,
      detail: 'with W=2 the replacement never served: no window after it',
    });
  });
});
