// The load generator against the loopback HTTP fixture: counts, bounds,
// keep-alive on/off by the server's own connection count, extra requests,
// and the pure helpers. Never asserts on timing values.
import { describe, it, afterEach } from 'node:test';
import { readdirSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { expect } from 'expect';
import { startFixture } from '../harness/isolate.js';
import {
  runLoad,
  startLoadSession,
  splitCpus,
  generatorBound,
  normalizeLoad,
  latencySummary,
  splitLoad,
  mergeLoads,
  startLoadSessions,
  lightsWhile,
  STALL_MS,
} from '../harness/kits/loadgen.js';

/** Every child these tests started, checked gone after each test. */
let pids = /** @type {number[]} */ ([]);

/** A minimal harness context: fixtures and the generator under this Node, unpinned. */
const ctx = {
  /** @param {string} fixture @param {{ options?: object, cpus?: number[] | null, timeoutMs?: number, onMessage?: (d: any) => void }} o */
  start(fixture, o = {}) {
    const handle = startFixture({
      node: process.execPath,
      fixture,
      options: o.options,
      cpus: o.cpus ?? null,
      timeoutMs: o.timeoutMs,
      onMessage: o.onMessage,
    });
    if (handle.pid) pids.push(handle.pid);
    return handle;
  },
};

async function server() {
  const handle = ctx.start('http-server.cjs', { options: {}, timeoutMs: 60_000 });
  const { port } = await handle.ready;
  return { origin: `http://127.0.0.1:${port}`, stop: async () => (await handle.stop()).data };
}

/** @param {NonNullable<import('../harness/kits/loadgen.js').LoadResult['latency']>} l */
function expectOrdered(l) {
  for (const k of ['mean', 'min', 'p50', 'p90', 'p99', 'max'])
    expect(typeof l[/** @type {keyof typeof l} */ (k)]).toBe('number');
  expect(l.min).toBeLessThanOrEqual(l.p50);
  expect(l.p50).toBeLessThanOrEqual(l.p90);
  expect(l.p90).toBeLessThanOrEqual(l.p99);
  expect(l.p99).toBeLessThanOrEqual(l.max);
}

afterEach(() => {
  for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  pids = [];
});

describe('load generator against the http-server fixture', () => {
  it('sends exactly the requested count with keep-alive, on at most `connections` connections', async () => {
    const srv = await server();
    const load = await runLoad(ctx, {
      origin: srv.origin,
      path: '/light',
      connections: 2,
      requests: 200,
      durationMs: 5000,
    });
    const seen = await srv.stop();
    // The count bound ends the loop unless the time bound came first (a very slow machine).
    if (load.stoppedBy === 'requests') expect(load.requests).toBe(200);
    expect(load.sent).toBe(load.requests);
    expect(load.errors).toEqual({});
    expect(load.statusCodes).toEqual({ 200: load.requests });
    expectOrdered(/** @type {any} */ (load.latency));
    expect(load).toMatchObject({ connections: 2, pipelining: 1, keepAlive: true, extra: [] });
    expect(Object.keys(load.cpu).sort()).toEqual(['fraction', 'mainFraction', 'mainMs', 'systemMs', 'userMs']);
    expect(seen.requests).toBe(load.requests);
    expect(seen.connections).toBeGreaterThanOrEqual(1);
    expect(seen.connections).toBeLessThanOrEqual(2);
  });

  it('opens a new connection per request with keep-alive off', async () => {
    const srv = await server();
    const load = await runLoad(ctx, {
      origin: srv.origin,
      connections: 2,
      keepAlive: false,
      requests: 200,
      durationMs: 5000,
    });
    const seen = await srv.stop();
    expect(load.errors).toEqual({});
    expect(load.keepAlive).toBe(false);
    expect(seen.requests).toBe(load.requests);
    expect(seen.connections).toBeGreaterThanOrEqual(0.9 * load.requests);
  });

  it('pipelines GET requests when asked, still within the connection count', async () => {
    const srv = await server();
    const load = await runLoad(ctx, {
      origin: srv.origin,
      connections: 2,
      pipelining: 4,
      requests: 200,
      durationMs: 5000,
      warmup: 20,
    });
    const seen = await srv.stop();
    expect(load.errors).toEqual({});
    expect(load.pipelining).toBe(4);
    expect(load.warmup).toEqual({ requests: 20, errors: 0 });
    expect(seen.requests).toBe(load.requests + 20);
    expect(seen.connections).toBeLessThanOrEqual(2);
  });

  it('a warm-up with its own bound (warmupMs) never shortens the measured window; without, one bound covers both', async () => {
    const srv = await server();
    // Five warm-up requests of 30 ms each would take 150 ms: the warm-up's bound stops it after 40 ms.
    const o = { origin: srv.origin, path: '/delay?ms=30', connections: 1, requests: 1000, warmup: 5 };
    const own = await runLoad(ctx, { ...o, warmupMs: 40, durationMs: 200 });
    const shared = await runLoad(ctx, { ...o, durationMs: 200 });
    await srv.stop();
    expect(own.warmup.requests).toBeLessThan(5);
    expect(own.durationMs).toBeGreaterThanOrEqual(190);
    expect(own.stoppedBy).toBe('duration');
    expect(shared.warmup.requests).toBe(5);
    expect(shared.durationMs).toBeLessThan(100);
  });

  it('sends extra requests by the method given (HEAD read as a head alone), and on a reused connection with primeAtMs', async () => {
    const srv = await server();
    /** @type {import('../harness/kits/loadgen.js').ExtraRequest[]} */
    const extra = [
      { path: '/light', atMs: 0, method: 'HEAD' },
      { path: '/light', atMs: 5, method: 'POST' },
      { path: '/light', atMs: 10, method: 'OPTIONS' },
      { path: '/light', atMs: 15, method: 'DELETE' },
      { path: '/light', atMs: 20 },
      { path: '/light', atMs: 500, method: 'HEAD', primeAtMs: 20 }, // the primer answered well before
    ];
    const load = await runLoad(ctx, { origin: srv.origin, path: '/light', requests: 20, durationMs: 5000, extra });
    const seen = await srv.stop();
    for (const e of load.extra) expect(e).toMatchObject({ latencyMs: expect.any(Number) });
    expect(load.extra.map((e) => [e.method ?? 'GET', e.status])).toEqual([
      ['HEAD', 405], // the fixture answers GET alone (a HEAD's 405 without its body)
      ['POST', 405],
      ['OPTIONS', 405],
      ['DELETE', 405],
      ['GET', 200],
      ['HEAD', 405],
    ]);
    expect(load.extra[5]).toMatchObject({ primeAtMs: 20 });
    // the primed one's GET /light and its request on one connection: 7 requests on 6 connections
    expect(seen.requests).toBe(load.requests + 7);
    expect(seen.connections).toBe(load.connections + 6);
  });

  it('sends an extra request with the header fields given, and PUT and PATCH with a JSON body', async () => {
    /** @type {{ method?: string, headers: Record<string, string | string[] | undefined>, body: string }[]} */
    const got = [];
    const srv = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.url !== '/light') got.push({ method: req.method, headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise((r) => srv.listen(0, '127.0.0.1', () => r(undefined)));
    const port = /** @type {import('node:net').AddressInfo} */ (srv.address()).port;
    const headers = /** @type {[string, string][]} */ ([
      ['Accept', '*/*'],
      ['User-Agent', 'curl/8.5.0'],
      ['Cookie', 'sid=ab12'],
    ]);
    const load = await runLoad(ctx, {
      origin: `http://127.0.0.1:${port}`,
      requests: 5,
      durationMs: 3000,
      extra: [
        { path: '/x', atMs: 0, method: 'PUT', headers },
        { path: '/y', atMs: 5, method: 'PATCH' },
        { path: '/z', atMs: 200, method: 'GET', headers, primeAtMs: 10 },
      ],
    });
    await new Promise((r) => srv.close(() => r(undefined)));
    expect(load.extra.map((e) => e.status)).toEqual([200, 200, 200]);
    expect(load.extra[0].headers).toEqual(headers);
    const byMethod = Object.fromEntries(got.map((g) => [g.method, g]));
    expect(byMethod.PUT.headers).toMatchObject({ accept: '*/*', 'user-agent': 'curl/8.5.0', cookie: 'sid=ab12' });
    expect(JSON.parse(byMethod.PUT.body)).toHaveProperty('ncs');
    expect(JSON.parse(byMethod.PATCH.body)).toHaveProperty('ncs');
    expect(byMethod.PATCH.headers['user-agent']).toBeUndefined();
    expect(byMethod.GET.headers).toMatchObject({ 'user-agent': 'curl/8.5.0' });
  });

  it('reports extra one-off requests separately, in order', async () => {
    const srv = await server();
    const before = Number(process.hrtime.bigint()) / 1e6; // the monotonic clock, as mono-clock.cjs reads it
    const extra = [
      { path: '/delay?ms=20', atMs: 0 },
      { path: '/light', atMs: 10 },
      { path: '/nope', atMs: 20 },
      { path: '/light', atMs: 60_000 },
    ];
    const load = await runLoad(ctx, { origin: srv.origin, path: '/spin?ms=1', requests: 20, durationMs: 5000, extra });
    const seen = await srv.stop();
    expect(load.extra.map((e) => [e.path, e.atMs])).toEqual(extra.map((e) => [e.path, e.atMs]));
    expect(load.extra.slice(0, 3).map((e) => e.status)).toEqual([200, 200, 404]);
    for (const e of load.extra.slice(0, 3)) expect(typeof e.latencyMs).toBe('number');
    // when each went out, on the monotonic clock every process reads alike, in the order sent
    const sent = load.extra.slice(0, 3).map((e) => /** @type {number} */ (e.firedMono));
    expect(sent[0]).toBeGreaterThan(before);
    expect(sent[2]).toBeLessThan(Number(process.hrtime.bigint()) / 1e6);
    expect([...sent].sort((a, b) => a - b)).toEqual(sent);
    expect(load.extra[3]).toMatchObject({ latencyMs: null, error: 'NOT_FIRED_PAST_DEADLINE' });
    expect(seen.requests).toBe(load.requests + 3);
    expect(seen.paths).toMatchObject({ '/spin': load.requests, '/delay': 1, '/light': 1, '/nope': 1 });
  });

  it('stops at durationMs when the count bound is out of reach', async () => {
    const srv = await server();
    const load = await runLoad(ctx, { origin: srv.origin, requests: 1e9, durationMs: 300 });
    await srv.stop();
    expect(load.stoppedBy).toBe('duration');
    expect(load.requests).toBeGreaterThan(0);
    expect(load.requests).toBeLessThan(1e9);
  });

  it('counts connection errors by code when nothing listens', async () => {
    const srv = await server();
    const { origin } = srv;
    await srv.stop(); // the port is closed now
    const load = await runLoad(ctx, { origin, requests: 5, durationMs: 2000 });
    expect(load.requests).toBe(0);
    expect(load.sent).toBe(5);
    expect(load.errors).toEqual({ ECONNREFUSED: 5 });
    expect(load.latency).toBeNull();
  });

  it('a session runs several loads in one generator process, in order, and stops', async () => {
    const srv = await server();
    const session = await startLoadSession(/** @type {any} */ (ctx));
    const a = await session.run({ origin: srv.origin, connections: 2, requests: 50, durationMs: 5000 });
    const b = await session.run({
      origin: srv.origin,
      connections: 1,
      keepAlive: false,
      requests: 20,
      durationMs: 5000,
    });
    expect([a.requests, a.stoppedBy, b.requests, b.keepAlive]).toEqual([50, 'requests', 20, false]);
    await expect(session.run({ origin: 'http://10.0.0.1:80', requests: 1, durationMs: 100 })).rejects.toThrow(
      /127\.0\.0\.1/,
    );
    await session.stop();
    await srv.stop();
    expect(pids).toHaveLength(2);
  });

  it('several generator processes run one load together: requests and latencies merged, each process its share', async () => {
    const srv = await server();
    const sessions = await startLoadSessions(/** @type {any} */ (ctx), { processes: 2 });
    expect(sessions.pids).toHaveLength(2);
    const load = await sessions.run({
      origin: srv.origin,
      connections: 4,
      keepAlive: false,
      requests: 40,
      durationMs: 5000,
    });
    expect([load.requests, load.generators, load.connections, load.stoppedBy]).toEqual([40, 2, 4, 'requests']);
    expect(load.latency?.max).toBeGreaterThanOrEqual(load.latency?.p50 ?? Infinity);
    await sessions.stop();
    await srv.stop();
  });

  it('refuses non-loopback origins before starting anything', async () => {
    await expect(runLoad(ctx, { origin: 'http://10.0.0.1:80', requests: 1, durationMs: 100 })).rejects.toThrow(
      /127\.0\.0\.1/,
    );
    expect(pids).toEqual([]);
  });
});

/**
 * A server in this process (the generator is still a child process). Returns its origin and what it saw.
 * @param {(socket: net.Socket) => void} onConnection
 */
async function rawServer(onConnection) {
  let connections = 0;
  const srv = net.createServer((socket) => (connections++, socket.on('error', () => {}), onConnection(socket)));
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {net.AddressInfo} */ (srv.address());
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => srv.close(() => resolve({ connections }))),
  };
}

/**
 * Each request's head (up to the empty line) gets reply(n), n counting from 0 per connection, sent by
 * send (default: one write).
 * @param {(n: number) => string} reply
 * @param {(socket: net.Socket, text: string) => void} [send]
 */
const answering =
  (reply, send = (socket, text) => void socket.write(text)) =>
  (/** @type {net.Socket} */ socket) => {
    let n = 0;
    let buffered = '';
    socket.on('data', (d) => {
      buffered += d.toString('latin1');
      for (let i; (i = buffered.indexOf('\r\n\r\n')) !== -1;) {
        buffered = buffered.slice(i + 4);
        send(socket, reply(n++));
      }
    });
  };

/** Sockets the process has open (Linux /proc). @param {number} pid */
const openSockets = (pid) =>
  readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:');
    } catch {
      return false; // closed meanwhile
    }
  }).length;

describe('load generator against servers that misbehave', () => {
  it('counts a malformed response as EPARSE_STATUS per request, reconnecting, and does not crash', async () => {
    const srv = await rawServer(answering(() => 'HTTP/1.1 2x0 Nope\r\nContent-Length: 0\r\n\r\n'));
    const load = await runLoad(ctx, { origin: srv.origin, requests: 6, durationMs: 5000 });
    const seen = /** @type {any} */ (await srv.stop());
    expect(load).toMatchObject({ requests: 0, sent: 6, errors: { EPARSE_STATUS: 6 }, latency: null });
    expect(seen.connections).toBe(6);
  });

  it('answers split into single bytes, chunked and pipelined, all count', async () => {
    const body = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n';
    const bytewise = (/** @type {net.Socket} */ socket, /** @type {string} */ text) => {
      socket.setNoDelay(true);
      for (const ch of text) socket.write(ch);
    };
    const srv = await rawServer(answering(() => body, bytewise));
    const load = await runLoad(ctx, {
      origin: srv.origin,
      connections: 2,
      pipelining: 3,
      requests: 60,
      durationMs: 5000,
    });
    await srv.stop();
    expect(load).toMatchObject({ requests: 60, sent: 60, errors: {}, statusCodes: { 200: 60 }, stoppedBy: 'requests' });
  });

  it('a close inside a response is ECLOSED, with keep-alive on or off', async () => {
    // Each connection: 3 of 10 body bytes, then the server ends it.
    const cut = (/** @type {net.Socket} */ socket, /** @type {string} */ text) => void socket.end(text);
    const srv = await rawServer(answering(() => 'HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc', cut));
    for (const keepAlive of [true, false]) {
      const load = await runLoad(ctx, { origin: srv.origin, keepAlive, requests: 4, durationMs: 5000 });
      expect(load).toMatchObject({ requests: 0, sent: 4, errors: { ECLOSED: 4 } });
    }
    await srv.stop();
  });

  it('reconnects when the server closes a keep-alive connection after a response', async () => {
    // Node's server says `Connection: close` on every third response and closes.
    const h = http.createServer((_req, res) => res.end('ok'));
    h.maxRequestsPerSocket = 3;
    let connections = 0;
    h.on('connection', () => connections++);
    await new Promise((resolve) => h.listen(0, '127.0.0.1', () => resolve(undefined)));
    const origin = `http://127.0.0.1:${/** @type {net.AddressInfo} */ (h.address()).port}`;
    const load = await runLoad(ctx, { origin, connections: 2, requests: 30, durationMs: 5000 });
    h.closeAllConnections();
    await new Promise((resolve) => h.close(() => resolve(undefined)));
    expect(load).toMatchObject({ requests: 30, errors: {}, statusCodes: { 200: 30 } });
    expect(connections).toBeGreaterThanOrEqual(10);
  });

  it('keep-alive off leaves no socket open between loads (Linux)', { skip: process.platform !== 'linux' }, async () => {
    const srv = await server();
    const session = await startLoadSession(/** @type {any} */ (ctx));
    const pid = pids[pids.length - 1];
    const before = openSockets(pid);
    for (const keepAlive of [false, true, false]) {
      const load = await session.run({
        origin: srv.origin,
        connections: 4,
        keepAlive,
        requests: 300,
        durationMs: 5000,
      });
      expect(load).toMatchObject({ requests: 300, errors: {} });
      expect({ keepAlive, sockets: openSockets(pid) }).toEqual({ keepAlive, sockets: before });
    }
    await session.stop();
    await srv.stop();
  });
});

describe('several generator processes as one', () => {
  it('splitLoad: connections, requests and warm-up as even as whole numbers allow; extra requests in the first share', () => {
    const parts = splitLoad(
      {
        origin: 'http://127.0.0.1:1',
        connections: 5,
        requests: 11,
        warmup: 4,
        durationMs: 80,
        extra: [{ path: '/x', atMs: 1 }],
      },
      2,
    );
    expect(parts.map((p) => [p.connections, p.requests, p.warmup, p.durationMs, p.extra?.length])).toEqual([
      [3, 6, 2, 80, 1],
      [2, 5, 2, 80, 0],
    ]);
    // never more shares than connections
    expect(splitLoad({ origin: 'http://127.0.0.1:1', connections: 1, requests: 9, durationMs: 1 }, 4)).toHaveLength(1);
  });
  it('mergeLoads: counts and rates add up, latencies over every request, the busiest process says whether the generator was the limit', () => {
    const one = (/** @type {number[]} */ lat, /** @type {number} */ fraction) => ({
      requests: lat.length,
      sent: lat.length,
      errors: { ECONNRESET: 1 },
      statusCodes: { 200: lat.length },
      durationMs: 80 + lat.length,
      throughput: lat.length * 10,
      latency: null,
      extra: [],
      cpu: { userMs: 10, systemMs: 5, fraction, mainMs: 12, mainFraction: fraction },
      connections: 2,
      pipelining: 1,
      keepAlive: false,
      warmup: { requests: 2 },
      stoppedBy: /** @type {'duration'} */ ('duration'),
      latencySamples: lat,
    });
    const m = mergeLoads([one([1, 3], 0.5), one([2, 4, 6], 0.95)]);
    expect(m).toMatchObject({
      requests: 5,
      sent: 5,
      errors: { ECONNRESET: 2 },
      statusCodes: { 200: 5 },
      durationMs: 83,
      throughput: 50,
      connections: 4,
      warmup: { requests: 4 },
      generators: 2,
      cpu: { userMs: 20, systemMs: 10, fraction: 0.95, mainMs: 24, mainFraction: 0.95 },
    });
    expect(m.latency).toMatchObject({ min: 1, max: 6, p50: 3 });
    expect(m.latencySamples).toBeUndefined();
    expect(generatorBound(m)).toBe(true);
  });
});

describe('pure helpers', () => {
  it('lightsWhile: the waits of the requests sent while an extra request was out, and as long before it', () => {
    // sent at 0..390 ms every 10 ms; those sent from 100 ms wait 0.5 ms, but 30 ms from 200 ms on
    const starts = Array.from({ length: 40 }, (_, i) => i * 10);
    const latencies = starts.map((t) => (t >= 200 && t < 250 ? 30 : 0.5));
    const got = lightsWhile({ starts, latencies }, { firedAtMs: 200, latencyMs: 100 });
    expect(STALL_MS).toBe(10);
    // answers back in the middle half (225–275 ms): the five sent from 200 ms (230–270) and three at 250.5–270.5
    expect(got.lightsDuring).toEqual({ n: 10, p50: 0.5, max: 30, stalledMs: 5 * (30 - STALL_MS), answeredMid: 8 });
    expect(got.lightsBefore).toEqual({ n: 10, p50: 0.5, max: 0.5, stalledMs: 0 });
    // an extra request without an answer says nothing
    expect(lightsWhile({ starts, latencies }, { firedAtMs: 200, latencyMs: null })).toEqual({});
    expect(lightsWhile({ starts: [], latencies: [] }, { firedAtMs: 0, latencyMs: 50 }).lightsDuring).toEqual({
      n: 0,
      p50: null,
      max: null,
      stalledMs: 0,
      answeredMid: 0,
    });
  });

  it('normalizeLoad fills defaults and needs both bounds', () => {
    expect(normalizeLoad({ origin: 'http://127.0.0.1:8080/', requests: 10, durationMs: 100 })).toEqual({
      origin: 'http://127.0.0.1:8080',
      path: '/light',
      connections: 1,
      pipelining: 1,
      keepAlive: true,
      requests: 10,
      durationMs: 100,
      warmup: 0,
      warmupMs: null,
      extra: [],
      drainMs: 5000,
      samples: false,
    });
    expect(
      normalizeLoad({ origin: 'http://[::1]:1', requests: 1, durationMs: 1, keepAlive: false, pipelining: 8 })
        .pipelining,
    ).toBe(1);
    expect(() => normalizeLoad(/** @type {any} */ ({ origin: 'http://127.0.0.1:1', durationMs: 100 }))).toThrow(
      /requests/,
    );
    expect(() => normalizeLoad(/** @type {any} */ ({ origin: 'http://127.0.0.1:1', requests: 1 }))).toThrow(
      /durationMs/,
    );
    expect(() => normalizeLoad({ origin: 'http://localhost:1', requests: 1, durationMs: 1 })).toThrow(/origin/);
    expect(() => normalizeLoad({ origin: 'https://127.0.0.1:1', requests: 1, durationMs: 1 })).toThrow(/origin/);
    expect(() =>
      normalizeLoad({ origin: 'http://127.0.0.1:1', requests: 1, durationMs: 1, extra: [{ path: 'x', atMs: 0 }] }),
    ).toThrow(/extra/);
    // The generator writes the path into the request line as is: no spaces, no CR or LF.
    for (const path of ['/a b', '/x\r\nHost: evil', '/\u00e9'])
      expect(() => normalizeLoad({ origin: 'http://127.0.0.1:1', path, requests: 1, durationMs: 1 })).toThrow(/path/);
    expect(() =>
      normalizeLoad({ origin: 'http://127.0.0.1:1', requests: 1, durationMs: 1, extra: [{ path: '/a\nb', atMs: 0 }] }),
    ).toThrow(/extra/);
    expect(
      normalizeLoad({ origin: 'http://127.0.0.1:1', path: '/heavy-split?threads=2&x=%20', requests: 1, durationMs: 1 })
        .path,
    ).toBe('/heavy-split?threads=2&x=%20');
  });

  it('latencySummary uses nearest ranks and keeps the order', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(latencySummary(sorted)).toEqual({ mean: 50.5, p50: 50, p90: 90, p99: 99, max: 100, min: 1 });
    expect(latencySummary([2.0004])).toEqual({ mean: 2, p50: 2, p90: 2, p99: 2, max: 2, min: 2 });
    expect(latencySummary([])).toBeNull();
  });

  it('splitCpus gives the generator the last CPU when there are two or more', () => {
    expect(splitCpus({ usable: [0, 1] })).toMatchObject({ server: [0], generator: [1], shared: false });
    expect(splitCpus({ usable: [0, 2, 5, 7] })).toMatchObject({ server: [0, 2, 5], generator: [7], shared: false });
    for (const usable of [[3], null, undefined]) {
      const s = splitCpus({ usable });
      expect(s).toMatchObject({ server: null, generator: null, shared: true });
      expect(s.note).toMatch(/share/);
    }
  });

  it('generatorBound compares the generator CPU fraction with the limit', () => {
    expect(generatorBound({ cpu: { fraction: 0.95 } })).toBe(true);
    expect(generatorBound({ cpu: { fraction: 0.9 } })).toBe(true);
    expect(generatorBound({ cpu: { fraction: 0.5 } })).toBe(false);
    expect(generatorBound({ cpu: { fraction: 0.5 } }, { cpuFraction: 0.4 })).toBe(true);
    expect(generatorBound({})).toBe(false);
    expect(generatorBound(null)).toBe(false);
  });
});
