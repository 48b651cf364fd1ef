// cluster.sched-default: who accepted the connections, from made-up replies;
// the cases per platform; and the fixture with and without its sabotage.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import { runFixture } from '../harness/isolate.js';
import { acceptedBy, cases } from '../specs/cluster/cluster.sched-default.spec.js';

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
