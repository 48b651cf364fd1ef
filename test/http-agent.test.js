// http.globalagent-keepalive: the check on made-up observations, and the
// fixture with and without its sabotage.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import { runFixture } from '../harness/isolate.js';
import spec from '../specs/network/http.globalagent-keepalive.spec.js';

const check = spec.plan(/** @type {any} */ ({ cores: 2, node: { version: 'v20.0.0', major: 20 } })).structural.check;

/** @param {any} [g] @param {any} [f] */
const obs = (g = {}, f = {}) => ({
  n: 4,
  agents: [
    {
      name: 'http.globalAgent',
      serverKeepAlive: 60000,
      isGlobal: true,
      connections: 1,
      reused: [false, true, true, true],
      keepAlive: true,
      keepAliveMsecs: 1000,
      timeout: 5000,
      free: [{ timeout: 5000, armedMs: 5000 }],
      ...g,
    },
    {
      name: 'new http.Agent()',
      serverKeepAlive: 60000,
      isGlobal: false,
      connections: 4,
      reused: [false, false, false, false],
      keepAlive: false,
      keepAliveMsecs: 1000,
      timeout: null,
      free: [],
      ...f,
    },
  ],
});

describe('http.globalagent-keepalive check', () => {
  test('one kept connection through the global agent, one per request through a new agent, passes', () => {
    expect(check(obs())).toMatchObject({ ok: true });
  });

  test('a connection per request through the global agent, or reuse through a new one, fails', () => {
    expect(check(obs({ connections: 4, reused: [false, false, false, false], free: [] }))).toMatchObject({ ok: false });
    expect(check(obs({}, { connections: 1, reused: [false, true, true, true] }))).toMatchObject({ ok: false });
  });

  test('a kept socket without the 5000 ms idle timeout fails, whatever the options say', () => {
    expect(check(obs({ free: [{ timeout: 0 }] }))).toMatchObject({ ok: false });
    expect(check(obs({ timeout: 4000 }))).toMatchObject({ ok: false });
  });

  test('a kept socket that reads 5000 ms but has no idle timer armed fails', () => {
    const unarmed = check(obs({ free: [{ timeout: 5000, armedMs: null }] }));
    expect(unarmed).toMatchObject({ ok: false });
    expect(unarmed.detail).toMatch(/the timer armed on it: none, the socket never expires/);
    expect(check(obs({ free: [{ timeout: 5000, armedMs: 60000 }] }))).toMatchObject({ ok: false });
  });

  test('a kept socket its expired timer leaves open fails; one it closes passes', () => {
    expect(check(obs({ free: [{ timeout: 5000, armedMs: 5000, closedOnExpiry: false }] }))).toMatchObject({
      ok: false,
    });
    expect(check(obs({ free: [{ timeout: 5000, armedMs: 5000, closedOnExpiry: true }] }))).toMatchObject({ ok: true });
    const text = check(obs({ free: [{ timeout: 5000, armedMs: 5000, closedOnExpiry: true }] })).detail;
    expect(text).toMatch(/closed by the agent when that timer expires/);
  });

  test('the kept socket reused after an idle gap past keepAliveMsecs passes; closed before it, fails', () => {
    const afterIdle = { gapMs: 1180, idleMs: 1181.2, reused: true, connections: 1 };
    const kept = check(obs({ afterIdle }));
    expect(kept).toMatchObject({ ok: true });
    expect(kept.detail).toMatch(
      /after 1181.2 ms idle the next GET reused the kept socket \(1 connection\(s\) in all\)/,
    );
    // globalagent-idle-1s as measured: closed at 1000 ms idle, a new connection
    const closed = check(obs({ afterIdle: { ...afterIdle, reused: false, connections: 2 } }));
    expect(closed).toMatchObject({ ok: false });
    expect(closed.detail).toMatch(
      /found no kept socket \(2 connection\(s\) in all: the kept socket was closed before 5000 ms idle\)/,
    );
    expect(check(obs({ afterIdle: { ...afterIdle, connections: 2 } }))).toMatchObject({ ok: false });
  });

  test('no idle reading (older records), or an idle time near the timeout (a stalled machine), is left out', async () => {
    const { keptThroughIdle } = await import('../specs/network/http.globalagent-keepalive.spec.js');
    expect(keptThroughIdle(undefined)).toBeNull();
    expect(keptThroughIdle({ gapMs: 1200, idleMs: 4300, reused: false, connections: 2 })).toBeNull();
    expect(check(obs({ afterIdle: { gapMs: 1200, idleMs: 4300, reused: false, connections: 2 } }))).toMatchObject({
      ok: true,
    });
    expect(keptThroughIdle({ gapMs: 1200, idleMs: 3900, reused: false, connections: 2 })?.ok).toBe(false);
  });

  test('a timer that cannot be read (older records, another runtime) is judged on the timeout alone', () => {
    expect(check(obs({ free: [{ timeout: 5000 }] }))).toMatchObject({ ok: true });
  });
});

describe('http-agent.cjs', () => {
  const run = async (/** @type {string | undefined} */ sabotage) =>
    (await runFixture({ node: process.execPath, fixture: 'http-agent.cjs', env: { NCS_SABOTAGE: sabotage } })).data;

  test('honest: the check passes on this Node', async () => {
    expect(check(await run(undefined))).toMatchObject({ ok: true });
  });

  test('globalagent-no-idle-timeout: the same connections and options, no idle timeout, and the check fails', async () => {
    const d = await run('globalagent-no-idle-timeout');
    expect(d.agents[0]).toMatchObject({ connections: 1, keepAlive: true, timeout: 5000, free: [{ timeout: 0 }] });
    expect(d.agents[1]).toMatchObject({ connections: 4, free: [] });
    expect(check(d)).toMatchObject({ ok: false });
  });

  test('honest: the kept socket has its 5000 ms timer armed, and its expiry closes it', async () => {
    expect((await run(undefined)).agents[0].free).toEqual([{ timeout: 5000, armedMs: 5000, closedOnExpiry: true }]);
  });

  test('globalagent-timeout-unarmed: reads 5000 ms with no timer armed, and the check fails', async () => {
    const d = await run('globalagent-timeout-unarmed');
    expect(d.agents[0].free).toEqual([{ timeout: 5000, armedMs: null, closedOnExpiry: null }]);
    expect(check(d)).toMatchObject({ ok: false });
  });

  /** @param {string | undefined} sabotage */
  const runIdle = async (sabotage) =>
    (
      await runFixture({
        node: process.execPath,
        fixture: 'http-agent.cjs',
        options: { n: 4, idleGapMs: [1100, 1150] },
        env: { NCS_SABOTAGE: sabotage },
      })
    ).data;

  test('honest: after 1.1 s idle the global agent still has its socket, reused', async () => {
    const d = await runIdle(undefined);
    expect(d.agents[0].afterIdle).toEqual({
      gapMs: expect.any(Number),
      idleMs: expect.any(Number),
      reused: true,
      connections: 1,
    });
    expect(d.agents[0].afterIdle.idleMs).toBeGreaterThanOrEqual(1100);
    expect(d.agents[0].free).toEqual([{ timeout: 5000, armedMs: 5000, closedOnExpiry: true }]);
    expect(check(d)).toMatchObject({ ok: true });
  });

  test('globalagent-idle-1s: the socket closed after 1000 ms idle, a new connection after the gap; the check fails', async () => {
    const d = await runIdle('globalagent-idle-1s');
    expect(d.agents[0]).toMatchObject({ connections: 1, timeout: 5000 });
    expect(d.agents[0].free).toEqual([{ timeout: 5000, armedMs: 5000, closedOnExpiry: true }]);
    expect(d.agents[0].afterIdle).toMatchObject({ reused: false, connections: 2 });
    const verdict = check(d);
    expect(verdict).toMatchObject({ ok: false });
    expect(verdict.detail).toMatch(/the kept socket was closed before 5000 ms idle/);
  });

  test('globalagent-timeout-deaf: the timer armed at 5000 ms, nothing closes the socket at its expiry, and the check fails', async () => {
    const d = await run('globalagent-timeout-deaf');
    expect(d.agents[0]).toMatchObject({ connections: 1, timeout: 5000 });
    expect(d.agents[0].free).toEqual([{ timeout: 5000, armedMs: 5000, closedOnExpiry: false }]);
    const verdict = check(d);
    expect(verdict).toMatchObject({ ok: false });
    expect(verdict.detail).toMatch(/still open after that timer expired/);
  });
});
