// The sabotage switch (NCS_SABOTAGE, a test-only fixture behaviour for
// bench/sabotage.js): inert when unset, effective when set; and the
// detection table. The probes are exact (FIFO parking): deterministic.
import { test, describe, before, after } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFixture, startFixture } from '../harness/isolate.js';
import { SABOTAGES, outcome, rows, markdown } from '../bench/lib/sabotage-plan.js';
import { main as sabotageMain } from '../bench/sabotage.js';

let tmpdir = '';
before(() => (tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-sabotage-'))));
after(() => rmSync(tmpdir, { recursive: true, force: true }));

/** @param {string | undefined} sabotage @param {object} [options] */
const probe = async (sabotage, options = {}) =>
  (await runFixture({ node: process.execPath, fixture: 'pool-probe.cjs', options: { tmpdir, fifos: 16, ...options }, env: { NCS_SABOTAGE: sabotage }, timeoutMs: 20_000 })).data;

describe('the switch in the fixtures', () => {
  test('unset, the pool is what the harness configured', async () => {
    expect((await probe(undefined)).parked).toBe(4);
    expect((await probe('')).parked).toBe(4);
  });

  test('pool-size=N and pool-serial resize the pool behind the harness, even over a size set in code', async () => {
    expect((await probe('pool-size=3')).parked).toBe(3);
    expect((await probe('pool-serial')).parked).toBe(1);
    expect((await probe('pool-size=5', { setEnv: '2' })).parked).toBe(5);
    expect((await probe('cluster-one-worker')).parked).toBe(4);
  });

  test('cluster-one-worker: the cluster forks one worker whatever it was asked', async () => {
    const server = startFixture({ node: process.execPath, fixture: 'cluster-server.cjs', options: { workers: 2, iterations: 0, refork: false }, env: { NCS_SABOTAGE: 'cluster-one-worker' }, timeoutMs: 20_000 });
    const info = await server.ready;
    const { data } = await server.stop();
    expect(info.workerPids).toHaveLength(1);
    expect(data.forks).toBe(1);
  });
});

describe('the detection table', () => {
  test('outcome: a must-break claim that does not fail is a miss, an inconclusive included', () => {
    expect(outcome(true, 'fail')).toBe('caught');
    expect(outcome(true, 'inconclusive')).toBe('missed');
    expect(outcome(true, 'pass')).toBe('missed');
    expect(outcome(false, 'pass')).toBe('held');
    expect(outcome(false, 'fail')).toBe('collateral');
    expect(outcome(true, 'skip')).toBe('n/a');
    expect(outcome(false, 'error')).toBe('error');
  });

  test('what each sabotage must break', () => {
    const by = Object.fromEntries(SABOTAGES.map((s) => [s.name, s]));
    expect(by['pool-size=5'].breaks('pool.fifth-lags')).toBe(true);
    expect(by['pool-size=5'].breaks('pool.size-five-all-together')).toBe(false);
    expect(by['pool-size=3'].breaks('pool.size-five-all-together')).toBe(true);
    expect(by['pool-serial'].breaks('pool.size-one-serializes')).toBe(false);
    expect(by['pool-serial'].breaks('main-thread.single')).toBe(false);
    expect(by['heavy-on-main'].breaks('loop.cpu-blocks')).toBe(false);
    expect(by['heavy-on-main'].breaks('workers.split-speeds-up')).toBe(true);
  });

  test('rows and Markdown from a record, with the baseline when given', () => {
    const s = SABOTAGES[0];
    const rec = (/** @type {string[]} */ verdicts) => ({
      results: ['pool.fifth-lags', 'pool.size-five-all-together', 'pool.default-size', 'pool.thread-per-core'].map((id, i) => ({ id, verdict: verdicts[i], trials: 2, durationMs: 1500, reason: `why | ${id}` })),
    });
    const all = rows(s, rec(['fail', 'pass', 'inconclusive', 'skip']), rec(['pass', 'pass', 'pass', 'pass']));
    expect(all.map((r) => r.outcome)).toEqual(['caught', 'held', 'missed', 'n/a']);
    const md = markdown(all);
    expect(md.split('\n')[0]).toBe('Caught 1 of 2 claims a sabotage must break (1 skipped here, not counted); 0 collateral fails of claims it need not break.');
    expect(md).toContain('| pool-size=5 | pool.default-size | yes | inconclusive | pass | 2 | 1.5 | **missed** | why \\| pool.default-size |');
  });

  test('bench/sabotage.js: help, and an unknown sabotage is exit 2', async () => {
    let out = '';
    let err = '';
    const io = /** @type {any} */ ({ stdout: { write: (/** @type {string} */ x) => (out += x) }, stderr: { write: (/** @type {string} */ x) => (err += x) } });
    expect(await sabotageMain(['--help'], io)).toBe(0);
    expect(out).toContain('pool-size=5');
    expect(await sabotageMain(['--only', 'rm-rf'], io)).toBe(2);
    expect(err).toBe("sabotage: unknown sabotage 'rm-rf' (known: pool-size=5, pool-size=3, pool-serial, cluster-one-worker, heavy-on-main)\n");
  });
});

describe('bench tables (stability, speed)', async () => {
  const { decidedBy, speedTable, stabilityTable } = await import('../bench/lib/records.js');
  const res = (/** @type {string} */ id, /** @type {string} */ verdict, /** @type {number} */ ms, /** @type {any} */ evidence = {}) => ({ id, verdict, durationMs: ms, trials: 3, evidence, reason: '' });

  test('decidedBy reads the evidence', () => {
    expect(decidedBy(res('a', 'fail', 1, { structural: { decided: 'fail' } }))).toBe('structural');
    expect(decidedBy(res('a', 'pass', 1, { structural: { decided: 'pass' }, timing: { decided: null, n: 6 } }))).toBe('structural (timing beside, n=6)');
    expect(decidedBy(res('a', 'pass', 1, { structural: { decided: 'pass' }, timing: { decided: 'pass', n: 6 } }))).toBe('structural + timing n=6');
    expect(decidedBy(res('a', 'pass', 1, { structural: null, timing: { decided: 'pass', n: 15 } }))).toBe('timing look n=15');
    expect(decidedBy(res('a', 'inconclusive', 1, { structural: null, timing: { decided: null, n: 21 } }))).toBe('undecided');
    expect(decidedBy(res('a', 'skip', 0))).toBe('skip');
  });

  test('speedTable: slowest first, shares of the run, the profile as the rest', () => {
    const text = speedTable({ durationMs: 10_000, results: [res('fast', 'pass', 1000, { structural: { decided: 'pass' } }), res('slow', 'pass', 6000, { timing: { decided: 'pass', n: 9 } })] });
    const lines = text.split('\n');
    expect(lines[0]).toBe('Run: 10.0 s for 2 claims; claims 7.0 s, machine profile and start-up 3.0 s (30%).');
    expect(lines[4]).toBe('| slow | pass | 3 | 6.0 | 60% | timing look n=9 |');
    expect(lines[5]).toBe('| fast | pass | 3 | 1.0 | 10% | structural |');
    expect(lines[6]).toBe('| (profile, start-up) | | | 3.0 | 30% | |');
  });

  test('stabilityTable: counts per claim, flags fails and errors, inconclusive rate of judged claim-runs', () => {
    const rec = (/** @type {any[]} */ results) => ({ durationMs: 20_000, results });
    const t = stabilityTable([
      rec([res('a', 'pass', 1000), res('b', 'inconclusive', 3000), res('c', 'skip', 0)]),
      rec([res('a', 'fail', 2000), res('b', 'pass', 1000), res('c', 'skip', 0)]),
      rec([res('a', 'pass', 1500), res('b', 'pass', 2000), res('c', 'skip', 0)]),
    ]);
    expect(t).toMatchObject({ claimRuns: 9, unexpected: 1 });
    expect(t.inconclusiveRate).toBeCloseTo(1 / 6, 10);
    expect(t.text).toContain('| a | 2 | 1 | 0 | 0 | 0 | 1.5 | 2.0 | **1 fail of a true claim** |');
    expect(t.text).toContain('| b | 2 | 0 | 1 | 0 | 0 | 2.0 | 3.0 |  |');
    expect(t.text.split('\n')[0]).toBe('3 runs, 3 claims, 9 claim-runs: 1 fail(s) or error(s) of true claims; inconclusive 1 of 6 judged claim-runs (17%); run time median 20 s, max 20 s.');
  });

  test('bench/stability.js and bench/speed.js: help and bad input', async () => {
    const { main: stability } = await import('../bench/stability.js');
    const { main: speed } = await import('../bench/speed.js');
    let out = '';
    let err = '';
    const io = /** @type {any} */ ({ stdout: { write: (/** @type {string} */ x) => (out += x) }, stderr: { write: (/** @type {string} */ x) => (err += x) } });
    expect(await stability(['--help'], io)).toBe(0);
    expect(out).toContain('--hog');
    expect(await speed(['--help'], io)).toBe(0);
    expect(out).toContain('--from FILE');
    expect(await stability(['--runs', '0'], io)).toBe(2);
    expect(err).toContain("stability: --runs must be a whole number of at least 1 (got '0')");
    expect(await speed(['--from', path.join(tmpdir, 'none.json')], io)).toBe(2);
    expect(err).toContain('none.json: no such file');
  });
});
