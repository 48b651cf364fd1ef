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
} from '../harness/kits/cluster.js';

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
      });
      expect(new Set(info.workerPids).size).toBe(2);
      const light = await get(info.port, '/light');
      expect(light).toMatchObject({ status: 200, body: { ok: true } });
      expect(info.workerPids).toContain(light.pid);
      expect(await get(info.port, '/heavy')).toMatchObject({ status: 200 });
      const set = await get(info.port, '/global?set=x');
      expect(set.body).toEqual({ old: null, pid: set.pid });
      const ipc = await get(info.port, '/ipc');
      expect(ipc).toMatchObject({
        status: 200,
        body: { roundTripMs: expect.any(Number), primaryPid: info.primaryPid },
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
