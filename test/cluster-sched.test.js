// cluster.sched-default: who accepted the connections, from made-up replies;
// the cases per platform; and the fixture with and without its sabotage.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import { runFixture, startFixture } from '../harness/isolate.js';
import { clusterListeners } from '../harness/kits/cluster.js';
import schedSpec, { acceptedBy, acceptableBy, cases } from '../specs/cluster/cluster.sched-default.spec.js';

const obs = (/** @type {any[]} */ replies) => ({ n: replies.length, workerPids: [1, 2], replies });

describe('acceptedBy', () => {
  test('every connection handed, every worker in turn: rr', () => {
    const r = [
      { pid: 1, served: 1, handed: 1 },
      { pid: 2, served: 1, handed: 1 },
      { pid: 1, served: 2, handed: 2 },
    ];
    expect(acceptedBy(obs(r))).toBe('rr');
  });

  test('none handed: none; handed but one worker left out, or some handed: mixed', () => {
    expect(acceptedBy(obs([{ pid: 1, served: 1, handed: 0 }]))).toBe('none');
    expect(acceptedBy(obs([{ pid: 1, served: 1, handed: 1 }]))).toBe('mixed');
    expect(
      acceptedBy(
        obs([
          { pid: 1, served: 1, handed: 1 },
          { pid: 2, served: 1, handed: 0 },
        ]),
      ),
    ).toBe('mixed');
    expect(acceptedBy(obs([{ pid: 9, served: 1, handed: 0 }]))).toBe('mixed');
  });
});

test('acceptableBy: a worker holding the listening socket can accept for itself (none); the primary alone: rr', () => {
  const at = (/** @type {any} */ listeners) => acceptableBy({ primaryPid: 1, workerPids: [2, 3], listeners });
  expect(at([1])).toBe('rr');
  expect(at([1, 2, 3])).toBe('none');
  expect(at([1, 9])).toBe('none'); // a helper process of the cluster's that can accept
  // the primary not seen holding it (fd tables unreadable, or it let go): no 'rr' from that
  expect(at([3])).toBe('unseen');
  expect(at([])).toBe('unseen');
  expect(at(null)).toBeNull();
  expect(acceptableBy({ primaryPid: 1, workerPids: [2, 3] })).toBeNull(); // older records
});

test('cases: a value set in code before the first fork wins over the variable, either way', () => {
  const before = cases('linux').filter((k) => k.options.setBefore && k.env);
  expect(before.map((k) => [k.env, k.options.setBefore, k.want.accepted])).toEqual([
    ['rr', 'none', 'none'],
    ['none', 'rr', 'rr'],
  ]);
});

test('cases: with the variable unset, the other policy set before setupPrimary() and the default after it', () => {
  const unset = (/** @type {string} */ p) => cases(p).filter((k) => k.options.unset && k.options.setBefore);
  expect(unset('linux').map((k) => [k.env, k.options, k.want])).toEqual([
    [
      undefined,
      { unset: true, setBefore: 'none', setAfterSetup: 'rr' },
      { atLoad: 'rr', atFork: 'none', afterSetup: 'rr', accepted: 'none' },
    ],
  ]);
  expect(unset('win32')[0].want).toEqual({ atLoad: 'none', atFork: 'rr', afterSetup: 'none', accepted: 'rr' });
});

describe('the check, from made-up primaries', () => {
  const check = schedSpec.plan(/** @type {any} */ ({ platform: 'linux', cores: 2 })).structural.check;
  const list = cases('linux');
  /** A primary as Node runs the case; `accepted` and `env` to put a reading off. @param {any} k */
  const primary = (k, { accepted = k.want.accepted, env = k.options.unset ? null : k.env, listeners = true } = {}) => ({
    env,
    read: {
      atLoad: k.want.atLoad,
      atFork: k.want.atFork ?? k.want.atLoad,
      afterSetup: k.want.afterSetup ?? k.want.atFork ?? k.want.atLoad,
      afterFork: k.want.afterFork ?? k.want.afterSetup ?? k.want.atFork ?? k.want.atLoad,
    },
    workerPids: [11, 12],
    n: 4,
    primaryPid: 10,
    replies: [11, 12, 11, 12].map((pid, i) => ({
      pid,
      served: (i >> 1) + 1,
      handed: accepted === 'rr' ? (i >> 1) + 1 : 0,
    })),
    listeners: listeners ? (accepted === 'rr' ? [10] : [10, 11, 12]) : null,
  });
  const unsetAt = list.findIndex((k) => k.options.unset && k.options.setBefore);
  const withUnset = (/** @type {any} */ s) => ({
    seen: list.map((k, i) => (i === unsetAt ? s : primary(k))),
  });

  test('honest primaries pass, with or without the listening sockets read', () => {
    expect(check({ seen: list.map((k) => primary(k)) }).ok).toBe(true);
    expect(check({ seen: list.map((k) => primary(k, { listeners: false })) }).ok).toBe(true);
  });

  test('unset: the none set before setupPrimary() not in force, or a later rr in force, fails', () => {
    // sched-freeze-at-fork (rr set after setupPrimary() fixed at the first fork) and
    // sched-code-none-ignored (the none set before it not applied) read alike: all handed
    const r = check(withUnset(primary(list[unsetAt], { accepted: 'rr' })));
    expect(r.ok).toBe(false);
    expect(r.detail).toContain(
      'NODE_CLUSTER_SCHED_POLICY unset: reads rr, set none before cluster.setupPrimary() → none, ' +
        'set rr after cluster.setupPrimary() → reads rr; 4/4 connections handed by the primary (rr)',
    );
    expect(check(withUnset(primary(list[unsetAt], { accepted: 'rr', listeners: false }))).ok).toBe(false);
  });

  test('unset: a primary that had the variable (even empty) does not speak for the case', () => {
    const r = check(withUnset(primary(list[unsetAt], { env: '' })));
    expect(r.ok).toBe(false);
    expect(r.detail).toContain("NODE_CLUSTER_SCHED_POLICY unset (the variable = '')");
    expect(check(withUnset(primary(list[unsetAt], { env: 'none' }))).ok).toBe(false);
  });
});

test('cases: the default is rr off Windows and none on it; the late setting is the other one', () => {
  expect(cases('linux')[0].want).toEqual({ atLoad: 'rr', afterFork: 'none', accepted: 'rr' });
  expect(cases('win32')[0].want).toEqual({ atLoad: 'none', afterFork: 'rr', accepted: 'none' });
});

describe('cluster-sched.cjs', { skip: process.platform === 'win32' && 'the default differs on Windows' }, () => {
  const run = async (/** @type {Record<string, string | undefined>} */ env, /** @type {object} */ options) =>
    (
      await runFixture({
        node: process.execPath,
        fixture: 'cluster-sched.cjs',
        options: { workers: 2, n: 4, ...options },
        env,
        timeoutMs: 20_000,
      })
    ).data;

  test('hold: the report and the port with the cluster still up, until stop', async () => {
    const h = startFixture({
      node: process.execPath,
      fixture: 'cluster-sched.cjs',
      options: { workers: 2, n: 2, hold: true },
      env: { NODE_CLUSTER_SCHED_POLICY: '' },
      timeoutMs: 20_000,
    });
    try {
      const d = await h.ready;
      expect(d.port).toBeGreaterThan(0);
      expect(d.primaryPid).toBe(h.pid);
      if (process.platform === 'linux') expect(clusterListeners(d.port, d.primaryPid)).toEqual([h.pid]);
      const { data } = await h.stop();
      expect(data.replies).toHaveLength(2);
    } finally {
      await h.stop().catch(() => {});
    }
  });

  test('a policy set after the first fork reads as set and changes nothing', async () => {
    const d = await run({ NODE_CLUSTER_SCHED_POLICY: '' }, { setAfter: 'none' });
    expect(d.read).toMatchObject({ atLoad: 'rr', afterFork: 'none' });
    expect(acceptedBy(d)).toBe('rr');
  });

  test('unset: the variable gone before node:cluster loads, whatever the environment had', async () => {
    const d = await run({ NODE_CLUSTER_SCHED_POLICY: 'rr' }, { unset: true, setBefore: 'none', setAfterSetup: 'rr' });
    expect(d.env).toBeNull();
    expect(d.read).toMatchObject({ atLoad: 'rr', atFork: 'none', afterSetup: 'rr' });
    expect(acceptedBy(d)).toBe('none');
  });

  for (const name of ['sched-freeze-at-fork', 'sched-code-none-ignored'])
    test(`${name}: unset, none set before setupPrimary() and rr after, the primary hands out every connection`, async () => {
      const d = await run({ NCS_SABOTAGE: name }, { unset: true, setBefore: 'none', setAfterSetup: 'rr' });
      expect(d.read).toMatchObject({ atLoad: 'rr', atFork: 'none', afterSetup: 'rr' });
      expect(acceptedBy(d)).toBe('rr');
    });

  test('sched-read-only: the variable reads none, the primary still hands out every connection', async () => {
    const d = await run({ NODE_CLUSTER_SCHED_POLICY: 'none', NCS_SABOTAGE: 'sched-read-only' }, {});
    expect(d.read.atLoad).toBe('none');
    expect(acceptedBy(d)).toBe('rr');
  });
});
