// cluster.sched-default: who accepted the connections, from made-up replies;
// the cases per platform; and the fixture with and without its sabotage.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import { runFixture, startFixture } from '../harness/isolate.js';
import { clusterListeners } from '../harness/kits/cluster.js';
import { acceptedBy, acceptableBy, cases } from '../specs/cluster/cluster.sched-default.spec.js';

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
  const before = cases('linux').filter((k) => k.options.setBefore);
  expect(before.map((k) => [k.env, k.options.setBefore, k.want.accepted])).toEqual([
    ['rr', 'none', 'none'],
    ['none', 'rr', 'rr'],
  ]);
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

  test('sched-read-only: the variable reads none, the primary still hands out every connection', async () => {
    const d = await run({ NODE_CLUSTER_SCHED_POLICY: 'none', NCS_SABOTAGE: 'sched-read-only' }, {});
    expect(d.read.atLoad).toBe('none');
    expect(acceptedBy(d)).toBe('rr');
  });
});
