// net.fetch-hostname and net.dns-lookup-pool-bound: whether a request to localhost waits for
// its own getaddrinfo, held behind libuv's slow-I/O cap, not for "the pool" in general. The
// checks on made-up observations (the figures measured with and without the sabotages
// fetch-name-pool-watch and lookup-rides-pool), and the fixtures' 'name-cap' runs (FIFO gate
// inside getaddrinfo: exact, Linux).
import { describe, test, before, after } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'expect';
import { runFixture, startFixture } from '../harness/isolate.js';
import fetchSpec, { fetchBehindCap } from '../specs/network/net.fetch-hostname.spec.js';
import lookupPoolBound, { nameBehindCap, ownLookupRelease } from '../specs/network/net.dns-lookup-pool-bound.spec.js';

const P = 4;
const check = fetchSpec.plan(/** @type {any} */ ({ poolSize: P, cores: 2, node: { version: 'v20.0.0', major: 20 } }))
  .structural.check;
const BEHIND_CAP = 'a fetch to localhost waits for its own getaddrinfo, not for a pool thread to be idle';

/** A fetch-probe 'name-cap' run: `nameBefore` fetches to localhost done before the gate opened. */
const capRun = (nameBefore = 0, o = {}) => ({
  mode: 'name-cap',
  P: 4,
  cap: 2,
  held: 2,
  heldAfter: 2,
  heldMs: 350,
  releasedAt: 351,
  n: 4,
  lookups: { held: 4 },
  connections: { held: nameBefore ? 8 : 4 },
  ops: {
    access: { count: 1, completedBeforeRelease: 1, completed: 1, times: [20], errors: [] },
    name: { count: 4, completedBeforeRelease: nameBefore, completed: 4, times: [], errors: [] },
    ip: { count: 4, completedBeforeRelease: 4, completed: 4, times: [], errors: [] },
  },
  ...o,
});

/** An honest main fetch-probe observation (as test/fetch-hostname.test.js), with the cap run. */
const obs = (/** @type {any} */ nameCap) => ({
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
  ...(nameCap && { nameCap }),
});

describe('net.fetch-hostname: fetches to localhost behind the lookups held in getaddrinfo (name-cap)', () => {
  test('honest: none before the gate opened passes; fetch-name-pool-watch (4/4 during the hold) fails', () => {
    expect(fetchBehindCap(capRun(0))).toMatchObject({ ok: true });
    const honest = check(obs(capRun(0)));
    expect(honest).toMatchObject({ ok: true });
    expect(honest.parts.map((/** @type {any} */ p) => p.name)).toContain(BEHIND_CAP);
    const caught = check(obs(capRun(4)));
    expect(caught).toMatchObject({ ok: false });
    expect(caught.parts.filter((/** @type {any} */ p) => !p.ok).map((/** @type {any} */ p) => p.name)).toEqual([
      BEHIND_CAP,
    ]);
    expect(caught.detail).toMatch(/4\/4 fetches to localhost finished before the gate opened .*expected none before/);
    expect(caught.invalid).toBeFalsy();
  });

  test('no getaddrinfo of their own, a connection first, or an error fails', () => {
    expect(fetchBehindCap(capRun(0, { lookups: { held: 0 } }))).toMatchObject({ ok: false });
    expect(fetchBehindCap(capRun(0, { connections: { held: 8 } }))).toMatchObject({ ok: false });
    const err = capRun(0);
    err.ops.name.errors = ['ECONNREFUSED'];
    expect(fetchBehindCap(err)).toMatchObject({ ok: false });
    const late = capRun(0);
    late.ops.name.completed = 2; // two never finished
    expect(fetchBehindCap(late)).toMatchObject({ ok: false });
  });

  test('a setup not held, or controls not through, voids the trial where the rest holds', () => {
    expect(fetchBehindCap(undefined)).toBeNull();
    expect(fetchBehindCap({})).toBeNull();
    expect(fetchBehindCap(capRun(0, { held: 1 }))).toMatchObject({ invalid: true });
    expect(fetchBehindCap(capRun(0, { heldAfter: 3 }))).toMatchObject({ invalid: true });
    const access = capRun(0);
    access.ops.access.completedBeforeRelease = 0;
    expect(fetchBehindCap(access)).toMatchObject({ invalid: true });
    const ip = capRun(0);
    ip.ops.ip.completedBeforeRelease = 3;
    expect(fetchBehindCap(ip)).toMatchObject({ invalid: true });
    expect(check(obs(capRun(0, { held: 1 })))).toMatchObject({ ok: false, invalid: true });
    // ... but a main run against the claim stands
    const main = obs(capRun(0, { held: 1 }));
    main.ops.name.byStage = [4, 0, 0];
    const c = check(main);
    expect(c).toMatchObject({ ok: false });
    expect(c.invalid).toBeFalsy();
    // records from before the cap run: judged without it
    expect(check(obs(undefined))).toMatchObject({ ok: true });
  });

  test('each trial runs the cap process beside the main one, a pool of 4, the hold the harness draws', async () => {
    /** @type {any[]} */
    const starts = [];
    const fake = /** @type {any} */ ({
      poolSize: P,
      start: (/** @type {string} */ fixture, /** @type {any} */ o) => {
        starts.push({ fixture, ...o });
        /** @type {(v: any) => void} */
        let done = () => {};
        const result = new Promise((r) => (done = r));
        setImmediate(() => o.onMessage({ stage: 0 }));
        return { send: () => done({ data: { mode: o.options.mode } }), result };
      },
    });
    const plan = fetchSpec.plan(/** @type {any} */ ({ poolSize: P }));
    const t = await plan.trial(fake, 1);
    expect(t.nameCap).toEqual({ mode: 'name-cap', release: expect.objectContaining({ drawnMs: expect.any(Number) }) });
    expect(t.nameCap.release.drawnMs).toBeGreaterThanOrEqual(300);
    expect(t.nameCap.release.drawnMs).toBeLessThanOrEqual(400);
    const cap = starts.find((s) => s.options.mode === 'name-cap');
    expect(cap).toMatchObject({ fixture: 'fetch-probe.cjs', env: { UV_THREADPOOL_SIZE: '4' } });
    expect(cap.options).not.toHaveProperty('holdMs');
    expect(cap.options.release).toBe('message');
  });
});

describe('net.dns-lookup-pool-bound: pool work answered beside the held lookups (name-cap)', () => {
  test('lookup-rides-pool: 8/8 by name during the hold, after the fs.access issued before them, fails', () => {
    const run = (/** @type {number} */ nameBefore) => ({
      mode: 'name-cap',
      P: 4,
      cap: 2,
      held: 2,
      heldAfter: 2,
      heldMs: 207,
      ops: {
        access: { count: 1, completedBeforeRelease: 1, completed: 1, times: [23.8], errors: [] },
        name: { count: 8, completedBeforeRelease: nameBefore, completed: 8, times: [], errors: [] },
        ip: { count: 8, completedBeforeRelease: 8, completed: 8, times: [], errors: [] },
      },
    });
    expect(nameBehindCap(run(0))).toMatchObject({ ok: true });
    const caught = nameBehindCap(run(8));
    expect(caught).toMatchObject({ ok: false });
    expect(caught?.invalid).toBeFalsy();
    expect(caught?.text).toMatch(
      /8\/8 requests to localhost finished before the release .*issued before them \(answered at 23.8 ms\)/,
    );
  });
});

describe('name-cap runs of the fixtures', { skip: process.platform !== 'linux' && 'needs Linux /proc' }, () => {
  let tmpdir = '';
  before(() => (tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-b11dns-'))));
  after(() => rmSync(tmpdir, { recursive: true, force: true }));

  /** fetch-probe.cjs 'name-cap', the gate opened 250 ms after it says the fetches started. */
  const fetchCap = async (/** @type {string | undefined} */ sabotage) => {
    const h = startFixture({
      node: process.execPath,
      fixture: 'fetch-probe.cjs',
      options: { tmpdir, mode: 'name-cap', n: 2, release: 'message' },
      env: { UV_THREADPOOL_SIZE: '4', NCS_SABOTAGE: sabotage },
      onMessage: (m) => m?.stage === 0 && setTimeout(() => h.send({ type: 'free' }), 250),
      timeoutMs: 20_000,
    });
    return (await h.result).data;
  };
  /** net-probe.cjs 'name-cap'. */
  const netCap = async (/** @type {string | undefined} */ sabotage) =>
    (
      await runFixture({
        node: process.execPath,
        fixture: 'net-probe.cjs',
        options: { tmpdir, mode: 'name-cap', n: 2, delayMs: 10, holdMs: 150 },
        env: { UV_THREADPOOL_SIZE: '4', NCS_SABOTAGE: sabotage },
        timeoutMs: 20_000,
      })
    ).data;

  test('fetch-probe honest: the fetches to localhost wait for the gate, with 2 of 4 threads free', async () => {
    const d = await fetchCap(undefined);
    expect(d).toMatchObject({ cap: 2, held: 2, heldAfter: 2 });
    expect(d.ops.name).toMatchObject({ completedBeforeRelease: 0, completed: 2, errors: [] });
    expect(d.lookups.held).toBe(2);
  });

  test('fetch-probe fetch-name-pool-watch: answered while threads are idle, before the gate opens', async () => {
    const d = await fetchCap('fetch-name-pool-watch');
    expect(d.ops.name.completedBeforeRelease).toBe(2);
  });

  test('net-probe honest: the requests by name wait; lookup-rides-pool: through with the fs.access', async () => {
    const honest = await netCap(undefined);
    expect(honest.ops.name).toMatchObject({ completedBeforeRelease: 0, completed: 2 });
    const rides = await netCap('lookup-rides-pool');
    expect(rides.ops.name.completedBeforeRelease).toBe(2);
  });
});

describe('net.dns-lookup-pool-bound: each request by name waits for its own lookup (name-cap, own)', () => {
  /** An 'own' part: the gates opened 60 ms apart in `order`; `ends[i]`: request i's end. */
  const own = (/** @type {number[]} */ order, /** @type {(number | null)[]} */ ends, o = {}) => ({
    k: order.length,
    held: order.length,
    gapMs: 60,
    order,
    requests: order.map((i, turn) => ({ i, releasedAt: turn * 60, endedAt: ends[i], code: 'EAI_AGAIN' })),
    ...o,
  });
  // measured, honest: each 1–4 ms after its own gate
  const honest = own([2, 0, 3, 1], [61.5, 181.2, 1.4, 122.3]);
  // lookup-any-gai: every request answered when the first gate's lookup ended
  const anyGai = own([3, 0, 1, 2], [2.5, 2.5, 2.6, 2.6]);

  test('honest passes; lookup-any-gai (3/4 before their own gate) fails, decisively', () => {
    expect(ownLookupRelease(honest)).toMatchObject({ ok: true });
    expect(ownLookupRelease(honest)?.text).toMatch(
      /0\/4 ended before their own gate opened, 0 never ended, the others 1\.2–2\.3 ms after it/,
    );
    const caught = ownLookupRelease(anyGai);
    expect(caught).toMatchObject({ ok: false });
    expect(caught?.invalid).toBeUndefined();
    expect(caught?.text).toMatch(/3\/4 ended before their own gate opened/);
  });

  test('a request that never ended fails; one that ended only after the next gate is contested', () => {
    expect(ownLookupRelease(own([0, 1], [1.2, null]))).toMatchObject({ ok: false, text: /1 never ended/ });
    expect(ownLookupRelease(own([0, 1], [1.2, null]))?.invalid).toBeUndefined();
    expect(ownLookupRelease(own([1, 0], [61, 70]))).toMatchObject({ ok: false, invalid: true, contested: true });
  });

  test('not every lookup held at its gate: void; missing (records from before): left out', () => {
    expect(ownLookupRelease(own([0, 1, 2, 3], [1, 61, 121, 181], { held: 3 }))).toMatchObject({ invalid: true });
    expect(ownLookupRelease(own([0, 1], [1, 61], { held: -1 }))).toMatchObject({ invalid: true });
    expect(ownLookupRelease(undefined)).toBeNull();
    expect(ownLookupRelease({})).toBeNull();
  });

  test("the claim's check: the part joins the rest; a contested part holds the trial back", () => {
    const plan = lookupPoolBound.plan(/** @type {any} */ ({ arch: 'x64', cores: 2, node: { major: 20 } }));
    const op = (/** @type {number} */ count, /** @type {number} */ before) => ({
      count,
      completedBeforeRelease: before,
      completed: count,
      times: [],
      errors: [],
    });
    const main = {
      P: 4,
      parked: 4,
      getaddrinfoDuringHold: 9,
      connectedDuringHold: 8,
      ops: { ip: op(8, 8), name: op(8, 0), lookup: op(1, 0), access: op(1, 0) },
    };
    const cap = (/** @type {any} */ o) => ({
      mode: 'name-cap',
      P: 8,
      cap: 4,
      held: 4,
      heldAfter: 4,
      heldMs: 200,
      ops: { name: op(4, 0), ip: op(4, 4), access: op(1, 1) },
      own: o,
    });
    const check = (/** @type {any} */ o) => plan.structural?.check({ ...main, nameCap: cap(o) });
    expect(check(honest)).toMatchObject({ ok: true });
    expect(check(honest)?.detail).toMatch(/each held by a gate of its own/);
    expect(check(anyGai)).toMatchObject({ ok: false });
    expect(check(anyGai)?.invalid).toBeFalsy();
    expect(check(own([1, 0], [61, 70]))).toMatchObject({ ok: false, invalid: true, contested: true });
    expect(check({ ...honest, held: 2 })).toMatchObject({ ok: false, invalid: true });
    expect(check(undefined)).toMatchObject({ ok: true }); // records from before the part
  });

  if (process.platform !== 'linux') return;
  let tmpdir = '';
  before(() => {
    tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-own-'));
  });
  after(() => rmSync(tmpdir, { recursive: true, force: true }));
  const ownRun = async (/** @type {string | undefined} */ sabotage) =>
    (
      await runFixture({
        node: process.execPath,
        fixture: 'net-probe.cjs',
        options: { tmpdir, mode: 'name-cap', n: 2, delayMs: 10, holdMs: 100, own: true },
        env: { UV_THREADPOOL_SIZE: '8', NCS_SABOTAGE: sabotage },
        timeoutMs: 20_000,
      })
    ).data.own;

  test('net-probe honest: each request ends after its own gate; lookup-any-gai: after the first', async () => {
    const o = await ownRun(undefined);
    expect(o).toMatchObject({ k: 4, held: 4 });
    expect(ownLookupRelease(o)?.invalid).toBeFalsy();
    for (const r of o.requests) expect(r.endedAt).toBeGreaterThanOrEqual(r.releasedAt);
    const s = await ownRun('lookup-any-gai');
    expect(ownLookupRelease(s)).toMatchObject({ ok: false });
  });
});

describe('lookup-any-gai answers in the form each lookup asked for', () => {
  // net.connect asks with { all: true } (autoSelectFamily): another lookup's single
  // address handed over as is reads as "Invalid IP address: undefined", an error where
  // the sabotage means a wrong answer. A numeric address is answered without getaddrinfo,
  // on the next tick, so it is the first to end and every unlisted name gets its answer.
  const answers = (/** @type {string} */ order) => {
    const script = `
      require(${JSON.stringify(fileURLToPath(new URL('../fixtures/lib/sabotage-I.cjs', import.meta.url)))}).net();
      const dns = require('node:dns');
      const out = [];
      ${order}
      setTimeout(() => (process.stdout.write(JSON.stringify(out)), process.exit(0)), 200);
    `;
    const r = spawnSync(process.execPath, ['-e', script], {
      env: { ...process.env, NCS_SABOTAGE: 'lookup-any-gai' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
    return JSON.parse(r.stdout);
  };
  test('a lookup for all gets a list from an answer of one address', () => {
    const out = answers(`
      dns.lookup('ncs-unlisted.invalid', { all: true }, (err, list) => out.push({ err, list }));
      dns.lookup('127.0.0.1', { family: 4 }, (err, address) => out.push({ err, address }));
    `);
    expect(out).toContainEqual({ err: null, address: '127.0.0.1' });
    expect(out).toContainEqual({ err: null, list: [{ address: '127.0.0.1', family: 4 }] });
    expect(out).toHaveLength(2);
  });
  test('a lookup for one address gets the first of a list', () => {
    const out = answers(`
      dns.lookup('ncs-unlisted.invalid', {}, (err, address, family) => out.push({ err, address, family }));
      dns.lookup('127.0.0.1', { all: true }, (err, list) => out.push({ err, list }));
    `);
    expect(out).toContainEqual({ err: null, address: '127.0.0.1', family: 4 });
    expect(out).toHaveLength(2);
  });
});
