// net.fetch-hostname: the check on made-up observations, and the fixture with
// and without its sabotage (FIFO parking: exact, Linux).
import { describe, test, before, after } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'expect';
import { runFixture } from '../harness/isolate.js';
import spec from '../specs/network/net.fetch-hostname.spec.js';

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
  ops: {
    name: { count: 4, byStage: [0, 4, 0], errors: [] },
    ip: { count: 4, byStage: [4, 0, 0], errors: [] },
    access: { count: 1, byStage: [0, 1, 0], errors: [] },
  },
  ...o,
});
const ops = (/** @type {any} */ o) => ({ ops: { ...obs().ops, ...o } });

describe('net.fetch-hostname check', () => {
  test('an honest trial passes', () => {
    expect(check(obs())).toMatchObject({ ok: true });
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
  const run = async (/** @type {string | undefined} */ sabotage) =>
    (
      await runFixture({
        node: process.execPath,
        fixture: 'fetch-probe.cjs',
        options: { tmpdir, n: 2, holdMs: 100 },
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
