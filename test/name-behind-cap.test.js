// net.fetch-hostname and net.dns-lookup-pool-bound: whether a request to localhost waits for
// its own getaddrinfo, held behind libuv's slow-I/O cap, not for "the pool" in general. The
// checks on made-up observations (the figures measured with and without the sabotages
// fetch-name-pool-watch and lookup-rides-pool), and the fixtures' 'name-cap' runs (FIFO gate
// inside getaddrinfo: exact, Linux).
import { describe, test, before, after } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'expect';
import { runFixture, startFixture } from '../harness/isolate.js';
import fetchSpec, { fetchBehindCap } from '../specs/network/net.fetch-hostname.spec.js';
import { nameBehindCap } from '../specs/network/net.dns-lookup-pool-bound.spec.js';

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
