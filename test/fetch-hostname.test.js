// net.fetch-hostname: the check on made-up observations, and the fixture with
// and without its sabotage (FIFO parking: exact, Linux).
import { describe, test, before, after } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'expect';
import { runFixture, startFixture } from '../harness/isolate.js';
import spec, { poolUnexplained, lookupsAnsweredFirst } from '../specs/network/net.fetch-hostname.spec.js';

const P = 4;
const check = spec.plan(/** @type {any} */ ({ poolSize: P, cores: 2, node: { version: 'v20.0.0', major: 20 } }))
  .structural.check;

/** An honest observation, with overrides. @param {any} [o] */
const obs = (o = {}) => ({
  P,
  parked: P,
  inOpen: [P, P - 1],
  lookups: { parked: 4, total: 4 },
  connections: { parked: 4, total: 8 },
  pool: { parked: { GETADDRINFOREQWRAP: 4, FSREQPROMISE: 1 }, byIp: {} },
  ops: {
    name: { count: 4, byStage: [0, 4, 0], errors: [], gaiDone: [4, 4, 4, 4] },
    ip: { count: 4, byStage: [4, 0, 0], errors: [] },
    access: { count: 1, byStage: [0, 1, 0], errors: [] },
  },
  ...o,
});
/** The names of the parts a check read, and of those that failed. @param {any} c */
const partsOf = (c) => ({
  read: c.parts.map((/** @type {any} */ p) => p.name),
  failed: c.parts.filter((/** @type {any} */ p) => !p.ok).map((/** @type {any} */ p) => p.name),
});
const IP_NO_POOL = 'a fetch to an IP literal makes no pool request';
const LOOKUP_FIRST = "a fetch to localhost finishes only after a getaddrinfo request's answer";
const ops = (/** @type {any} */ o) => ({ ops: { ...obs().ops, ...o } });

describe('net.fetch-hostname check', () => {
  test('an honest trial passes', () => {
    const c = check(obs());
    expect(c).toMatchObject({ ok: true });
    expect(partsOf(c)).toEqual({ read: [expect.any(String), IP_NO_POOL, LOOKUP_FIRST], failed: [] });
    // the control's fs request by callback rather than promise is the control's all the same
    expect(check(obs({ pool: { parked: { GETADDRINFOREQWRAP: 4, FSREQCALLBACK: 1 }, byIp: {} } }))).toMatchObject({
      ok: true,
    });
  });

  test('fetch-request-id-stock: pool requests made by the fetches by IP fail, their waits too', () => {
    // 21 by IP, 12 done while parked (the stock spent), 21 refills by IP and 25 in all while parked
    const stock = obs({
      pool: {
        parked: { RANDOMBYTESREQUEST: 25, GETADDRINFOREQWRAP: 4, FSREQPROMISE: 1 },
        byIp: { RANDOMBYTESREQUEST: 21 },
      },
      ...ops({ ip: { count: 21, byStage: [12, 9, 0], errors: [] } }),
    });
    const c = check(stock);
    expect(c).toMatchObject({ ok: false });
    expect(partsOf(c).failed).toEqual([expect.any(String), IP_NO_POOL]);
    expect(c.detail).toMatch(/within the fetches by IP: 21 RANDOMBYTESREQUEST; .*: 25 RANDOMBYTESREQUEST/);
    // every fetch by IP through (a stock larger than the count), the pool requests alone fail it
    const large = check({ ...stock, ...ops({ ip: { count: 21, byStage: [21, 0, 0], errors: [] } }) });
    expect(partsOf(large).failed).toEqual([IP_NO_POOL]);
    // a pool request made outside the fetches' context while parked fails as well
    const outside = poolUnexplained(
      obs({ pool: { parked: { GETADDRINFOREQWRAP: 4, FSREQPROMISE: 1, ZLIB: 2 }, byIp: {} } }),
    );
    expect(outside).toMatchObject({ ok: false });
    expect(outside?.detail).toMatch(/: 2 ZLIB \(expected none/);
    // a second fs request beside the control's is one too many
    expect(poolUnexplained(obs({ pool: { parked: { FSREQPROMISE: 2 }, byIp: {} } }))).toMatchObject({ ok: false });
    // with a preload (NODE_OPTIONS) the process's requests while parked are left out, not those by IP
    const preloaded = (/** @type {any} */ pool) => poolUnexplained(obs({ pool, preloaded: true }));
    expect(preloaded({ parked: { ZLIB: 2 }, byIp: {} })).toMatchObject({ ok: true });
    expect(preloaded({ parked: { RANDOMBYTESREQUEST: 1 }, byIp: { RANDOMBYTESREQUEST: 1 } })).toMatchObject({
      ok: false,
    });
  });

  test('fetch-serve-stale: fetches to localhost done before any getaddrinfo answered fail', () => {
    // the long hold: the 4 by name answered from the cache at 1.8 s, every pool thread still parked
    const stale = check(obs({ ...ops({ name: { count: 4, byStage: [4, 0, 0], errors: [], gaiDone: [0, 0, 0, 0] } }) }));
    expect(stale).toMatchObject({ ok: false });
    expect(partsOf(stale).failed).toEqual([expect.any(String), LOOKUP_FIRST]);
    expect(stale.detail).toMatch(/4 finished before a lookup of its own had an answer/);
    // one freed thread answering one lookup, the other three answered from elsewhere
    expect(lookupsAnsweredFirst({ ops: { name: { gaiDone: [1, 1, 1, 1] } } })).toMatchObject({ ok: false });
    expect(lookupsAnsweredFirst({ ops: { name: { gaiDone: [1, 2, 4, 4] } } })).toMatchObject({ ok: true });
  });

  test("a stage 0 ended before the harness's word fails", () => {
    const word = { release: { drawnMs: 350, sentAtMs: 351 }, heldMs: 372 };
    expect(check(obs(word))).toMatchObject({ ok: true });
    const early = check(obs({ ...word, heldMs: 220 }));
    expect(early).toMatchObject({ ok: false });
    expect(early.detail).toMatch(/freed one after 220 ms, before the harness's word/);
    expect(check(obs({ ...word, release: { drawnMs: 350, sentAtMs: null } }))).toMatchObject({ ok: false });
  });

  test('readings not taken are left out, never failed', () => {
    const { pool, ...noPool } = obs();
    const name = { count: 4, byStage: [0, 4, 0], errors: [] };
    const c = check({ ...noPool, ...ops({ name }) });
    expect(c).toMatchObject({ ok: true });
    expect(partsOf(c).read).toHaveLength(1);
    expect(poolUnexplained({})).toBeNull();
    expect(poolUnexplained({ pool: { parked: {} } })).toBeNull();
    expect(lookupsAnsweredFirst({ ops: { name } })).toBeNull();
  });

  test("the hold is the harness's own, drawn per trial: one of each pair long", async () => {
    /** @type {number[]} */
    const holds = [];
    const fake = /** @type {any} */ ({
      poolSize: P,
      start: (/** @type {string} */ _f, /** @type {any} */ o) => {
        expect(o.options).not.toHaveProperty('holdMs');
        expect(o.options.release).toBe('message');
        let freed = 0;
        /** @type {(v: any) => void} */
        let done = () => {};
        const result = new Promise((r) => (done = r));
        const t0 = performance.now();
        setImmediate(() => o.onMessage({ stage: 0 }));
        return {
          send: (/** @type {any} */ m) => {
            if (m.type === 'free' && !freed++) done({ data: { heldMs: performance.now() - t0 } });
          },
          result,
        };
      },
    });
    const plan = spec.plan(/** @type {any} */ ({ poolSize: P }));
    for (let n = 1; n <= 4; n++) holds.push((await plan.trial(fake, n)).release.drawnMs);
    for (const pair of [holds.slice(0, 2), holds.slice(2, 4)]) {
      expect(pair.filter((h) => h >= 2100 && h <= 2600)).toHaveLength(1);
      expect(pair.filter((h) => h >= 300 && h <= 400)).toHaveLength(1);
    }
  });

  test('names that finish while parked, or IPs that wait, fail', () => {
    expect(check(obs(ops({ name: { count: 4, byStage: [4, 0, 0], errors: [] } })))).toMatchObject({ ok: false });
    expect(check(obs(ops({ ip: { count: 4, byStage: [0, 4, 0], errors: [] } })))).toMatchObject({ ok: false });
  });

  test('held without getaddrinfo, or held past one freed thread, fails', () => {
    expect(check(obs({ lookups: { parked: 0, total: 0 } }))).toMatchObject({ ok: false });
    expect(check(obs(ops({ name: { count: 4, byStage: [0, 0, 4], errors: [] } })))).toMatchObject({ ok: false });
  });

  test('fetches to localhost that connect before their lookup returns fail', () => {
    // fetch-connect-first: connected to 127.0.0.1 at once, the answer held until a lookup beside it returned
    const first = check(obs({ connections: { parked: 8, total: 8 } }));
    expect(first).toMatchObject({ ok: false });
    expect(first.detail).toMatch(/connected 8 time\(s\) meanwhile \(at most 4.*connected before their lookup returned/);
  });

  test('a record from before the connections were read is judged without them', () => {
    const { connections, ...old } = obs();
    expect(check(old)).toMatchObject({ ok: true });
  });

  test('a pool that was not held is no evidence', () => {
    expect(check(obs({ parked: 3 }))).toMatchObject({ invalid: true });
    expect(check(obs(ops({ access: { count: 1, byStage: [1, 0, 0], errors: [] } })))).toMatchObject({ invalid: true });
    // a record from before the control was an fs.access: its fs.stat, read the same way
    const { access, ...rest } = obs().ops;
    expect(check(obs({ ops: { ...rest, stat: access } }))).toMatchObject({ ok: true });
    const early = check(obs({ ops: { ...rest, stat: { ...access, byStage: [1, 0, 0] } } }));
    expect(early).toMatchObject({ invalid: true });
    expect(early.detail).toMatch(/fs\.stat done while parked: 1/);
    expect(check(obs({ inOpen: [P, 1] }))).toMatchObject({ invalid: true });
  });
});

describe('fetch-probe.cjs', { skip: process.platform !== 'linux' && 'needs Linux /proc' }, () => {
  let tmpdir = '';
  before(() => (tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-fetch-'))));
  after(() => rmSync(tmpdir, { recursive: true, force: true }));
  const run = async (/** @type {string | undefined} */ sabotage, /** @type {object} */ more = {}) =>
    (
      await runFixture({
        node: process.execPath,
        fixture: 'fetch-probe.cjs',
        options: { tmpdir, n: 2, holdMs: 100, ...more },
        env: { NCS_SABOTAGE: sabotage },
        timeoutMs: 20_000,
      })
    ).data;

  test('honest: the lookups wait on the parked pool and one freed thread serves them', async () => {
    const d = await run(undefined);
    expect(d.ops.ip.byStage[0]).toBe(2);
    expect(d.ops.name.byStage).toEqual([0, 2, 0]);
    expect(d.lookups).toEqual({ parked: 2, total: 2 });
    expect(d.connections.parked).toBe(2); // the IP fetches' alone
    // held for holdMs and a random half to a whole of it more
    expect(d.heldMs).toBeGreaterThanOrEqual(150);
    expect(d.heldMs).toBeLessThanOrEqual(200);
  });

  test('honest: fetches by IP make no pool request; each by name finishes after a getaddrinfo answer', async () => {
    const d = await run(undefined, { nIp: 6 });
    expect(d.ops.ip.byStage[0]).toBe(6);
    expect(d.pool.byIp).toEqual({});
    // the sync crypto call of the hold's draw (randomInt) is no pool request
    expect(d.pool.parked).toEqual({ GETADDRINFOREQWRAP: 2, FSREQPROMISE: 1 });
    expect(d.ops.name.gaiDone).toEqual([2, 2]);
  });

  test("release by message: one thread freed only at the harness's word", async () => {
    const h = startFixture({
      node: process.execPath,
      fixture: 'fetch-probe.cjs',
      options: { tmpdir, n: 2, nIp: 3, release: 'message' },
      onMessage: (m) => m?.stage === 0 && setTimeout(() => h.send({ type: 'free' }), 250),
      timeoutMs: 20_000,
    });
    const { data: d } = await h.result;
    expect(d.holdMs).toBeNull();
    expect(d.heldMs).toBeGreaterThanOrEqual(250);
    expect(d.ops.name.byStage).toEqual([0, 2, 0]);
    expect(d.ops.ip.byStage[0]).toBe(3);
  });

  test('fetch-request-id-stock: the fetches by IP make pool requests, and wait once the stock is spent', async () => {
    const d = await run('fetch-request-id-stock', { nIp: 20 });
    expect(d.pool.byIp).toEqual({ RANDOMBYTESREQUEST: 20 });
    expect(d.ops.ip.byStage[0]).toBeLessThan(20);
  });

  test('fetch-serve-stale: held past 1.8 s, the fetches by name finish with no getaddrinfo answered', async () => {
    const d = await run('fetch-serve-stale', { holdMs: 1400 });
    expect(d.ops.name.byStage[0]).toBe(2);
    expect(d.ops.name.gaiDone).toEqual([0, 0]);
  });

  test('fetch-name-on-timer: a fetch that times itself to holdMs from the options is done before the freeing', async () => {
    const d = await run('fetch-name-on-timer');
    expect(d.ops.name.byStage[0]).toBe(2);
    expect(d.connections.parked).toBe(4);
  });

  test('fetch-connect-first: the counts of an honest trial, but the named fetches connected while their lookups waited', async () => {
    const d = await run('fetch-connect-first');
    expect(d.ops.name.byStage[0]).toBe(0);
    expect(d.lookups.parked).toBe(2);
    expect(d.connections.parked).toBe(4);
  });

  test('fetch-lookup-held: the same before the release, with no getaddrinfo and nothing through one freed thread', async () => {
    const d = await run('fetch-lookup-held');
    expect(d.ops.ip.byStage[0]).toBe(2);
    expect(d.ops.name.byStage).toEqual([0, 0, 2]);
    expect(d.lookups).toEqual({ parked: 0, total: 0 });
  });
});
