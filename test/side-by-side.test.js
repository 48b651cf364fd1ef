// The source's table beside ours (harness/reporters/side-by-side.js), from
// synthetic results: A/B throughput blocks, worker splits, and records that
// make no table (no source table, no samples, blocks from before latencies).
import { describe, it } from 'node:test';
import { expect } from 'expect';
import {
  sideBySide,
  serversText,
  throughputTable,
  splitTable,
  tidy,
  cellText,
  sourceLoadTable,
  THROUGHPUT_COLUMNS,
  SPLIT_COLUMNS,
} from '../harness/reporters/side-by-side.js';
import { SOURCE_004 } from '../harness/kits/cluster.js';
import { SOURCE_003 } from '../harness/kits/workers.js';
import { validateSpec } from '../harness/spec.js';

/** One load run of an A/B block. @param {'A' | 'B'} arm @param {string} variant @param {number} thr @param {number} ms */
const run = (arm, variant, thr, ms) => ({
  arm,
  label: arm === 'A' ? 'single' : 'cluster W=2',
  variant,
  keepAlive: variant === 'keep-alive',
  workers: arm === 'A' ? 0 : 2,
  throughput: thr,
  requests: Math.round(thr / 10),
  durationMs: 80 + (thr % 3),
  latency: { mean: ms, p50: ms * 0.9, p99: ms * 3 },
  cost: { serverUs: 500, primaryUs: arm === 'A' ? null : 100, generatorUs: 300 },
});

/** An ABBA block with two loads per server; f scales the figures. @param {number} f */
const block = (f) => ({
  order: 'ABBA',
  path: '/light',
  keepAlive: true,
  connections: 8,
  runs: [
    run('A', 'no keep-alive', 2000 * f, 4 * f),
    run('A', 'keep-alive', 6000 * f, 1.2 * f),
    run('B', 'keep-alive', 3000 * f, 2.5 * f),
    run('B', 'no keep-alive', 1200 * f, 6 * f),
    run('B', 'no keep-alive', 1400 * f, 5 * f),
    run('B', 'keep-alive', 3200 * f, 2.1 * f),
    run('A', 'keep-alive', 6400 * f, 1 * f),
    run('A', 'no keep-alive', 2200 * f, 3.6 * f),
  ],
});

const light = (samples) => ({
  id: 'cluster.slower-on-light',
  source: { file: SOURCE_004.file, section: 'S', figures: 'f', table: SOURCE_004.tables.light },
  expectation: { summary: 'Model on C=2:\nno gain.', model: { C: 2 } },
  samples,
});

describe('sideBySide: A/B throughput blocks', () => {
  const t = sideBySide(light([block(1), block(1.1), block(0.5)]));

  it("gives the source's table as its spec declares it, and the model's prediction on one line", () => {
    expect(t?.source).toEqual(SOURCE_004.tables.light);
    expect(t?.expected).toBe('Model on C=2: no gain.');
  });

  it('one row per arm and load: per block the mean of the arm’s runs, then the median over blocks', () => {
    expect(t?.ours.columns).toEqual([...THROUGHPUT_COLUMNS]);
    expect(t?.ours.rows).toEqual([
      ['single', 'no keep-alive', 2100, 3.8, 3.42, 11.4, 3],
      ['cluster W=2', 'no keep-alive', 1300, 5.5, 4.95, 16.5, 3],
      ['single', 'keep-alive', 6200, 1.1, 0.99, 3.3, 3],
      ['cluster W=2', 'keep-alive', 3100, 2.3, 2.07, 6.9, 3],
    ]);
  });

  it("states the load's shape: connections, path, window, the loads, the blocks", () => {
    expect(t?.ours.setup).toMatch(/^\/light: 8 connections for ≈8\d ms per run, no keep-alive and keep-alive; /);
    expect(t?.ours.setup).toContain('ABBA/BAAB');
    expect(t?.ours.setup).toContain('the median over 3 blocks');
  });

  it('a single load is named by its keep-alive setting', () => {
    const b = { ...block(1), runs: block(1).runs.map((r) => ({ ...r, variant: 'main', keepAlive: true })) };
    const rows = throughputTable([b])?.rows ?? [];
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['single', 'keep-alive'],
      ['cluster W=2', 'keep-alive'],
    ]);
  });

  it('runs without a latency percentile show none for it', () => {
    const b = block(1);
    for (const r of b.runs) delete r.latency.p99;
    expect(throughputTable([b])?.rows.map((r) => r[5])).toEqual([null, null, null, null]);
  });
});

describe("sideBySide: under the source's own load", () => {
  const sourceRun = (/** @type {'A' | 'B'} */ arm, /** @type {number} */ thr, /** @type {number} */ ms) => ({
    ...run(arm, 'source', thr, ms),
    keepAlive: false,
    connections: 100,
    requests: 1000,
  });
  const first = { ...block(1), sourceRuns: [sourceRun('A', 4000, 25), sourceRun('B', 2000, 50)] };

  it("one row per arm in the source table's columns, then the percentiles it did not give", () => {
    const t = sideBySide(light([first, block(1)]));
    expect(t?.atSourceLoad?.columns).toEqual([...SOURCE_004.tables.light.columns, 'p50 (ms)', 'p99 (ms)']);
    expect(t?.atSourceLoad?.rows).toEqual([
      ['single process', 4000, 25, 0.25, 22.5, 75],
      ['cluster (W=2)', 2000, 50, 0.5, 45, 150],
    ]);
    expect(t?.atSourceLoad?.setup).toMatch(
      /^\/light: a closed loop of 100 clients, a new connection per request \(no keep-alive\), 1000 and 1000 requests answered/,
    );
  });

  it('none where no block ran it; a column we cannot fill shows none; an arm whose load failed is left out', () => {
    expect(sideBySide(light([block(1)]))?.atSourceLoad).toBeNull();
    const failed = {
      ...block(1),
      sourceRuns: [sourceRun('A', 4000, 25), { arm: 'B', label: 'cluster W=2', error: 'ECONNRESET' }],
    };
    expect(sourceLoadTable([failed], ['server', 'req/s'])?.rows).toEqual([['single process', 4000, 22.5, 75]]);
    expect(sourceLoadTable([first], ['server', 'transfer/s'])?.rows[0]).toEqual(['single process', null, 22.5, 75]);
  });

  it("the model's figures for this machine and for the source's, where the plan gives them", () => {
    const r = light([block(1)]);
    r.expectation.model = /** @type {any} */ ({ C: 2, predicted: { here: 'here ×0.5', source: 'there ×1' } });
    expect(sideBySide(r)?.predicted).toEqual(['here ×0.5', 'there ×1']);
    expect(sideBySide(light([block(1)]))?.predicted).toEqual([]);
  });
});

describe('sideBySide: worker splits', () => {
  const trial = (/** @type {number} */ f) => ({
    iterations: 290315,
    total: 580630,
    ks: [1, 2, 3],
    rounds: 2,
    runs: [
      { k: 1, round: 0, wallMs: 240 * f, threads: [] },
      { k: 2, round: 0, wallMs: 125 * f, threads: [] },
      { k: 3, round: 0, wallMs: 130 * f, threads: [] },
      { k: 3, round: 1, wallMs: 134 * f, threads: [] },
      { k: 2, round: 1, wallMs: 119 * f, threads: [] },
      { k: 1, round: 1, wallMs: 250 * f, threads: [] },
    ],
  });
  const r = {
    id: 'workers.optimal-cores-minus-one',
    source: { file: SOURCE_003.file, section: 'S', figures: null, table: SOURCE_003.table },
    expectation: { summary: 'best is C', model: null },
    samples: [trial(1), null, trial(1.2), trial(0.9)],
  };

  it('one row per k: the time of the work, the slowest run, its throughput equivalent, the trials', () => {
    const t = sideBySide(r);
    expect(t?.source.columns[0]).toBe('threads k');
    expect(t?.ours.columns).toEqual([...SPLIT_COLUMNS]);
    expect(t?.ours.rows).toEqual([
      [1, 245, 300, 4.08, 3],
      [2, 122, 150, 8.2, 3],
      [3, 132, 161, 7.58, 3],
    ]);
    expect(t?.ours.setup).toContain('580630 pbkdf2 iterations');
    expect(t?.ours.setup).toContain('2 interleaved rounds per trial');
    expect(t?.ours.setup).toContain('median over 3 trials');
  });

  it('the same, without a source table: nothing', () => {
    expect(sideBySide({ ...r, source: { ...r.source, table: undefined } })).toBeNull();
  });
});

describe('serversText: how the blocks met their servers', () => {
  it('one server per arm for every block, started again where one exited, or fresh per block', () => {
    expect(serversText([{ serversFrom: 1 }, { serversFrom: 1 }])).toBe('one server per arm for every block');
    expect(serversText([{ serversFrom: 1 }, { serversFrom: 3 }, { serversFrom: 3 }])).toBe(
      'one server per arm, started again at block 3 (one had exited)',
    );
    // blocks of abbaTrial, and records from before servers were kept, carry none
    expect(serversText([{}, {}])).toBe('a fresh server per arm and block');
  });
});

describe('sideBySide: nothing to show', () => {
  it('no source table, no samples, samples of another kind, a partial result', () => {
    expect(sideBySide(light([]))).toBeNull();
    expect(sideBySide(light(undefined))).toBeNull();
    expect(sideBySide(light([{ parked: 4 }, null, 3, { runs: [{ arm: 'A' }] }]))).toBeNull();
    expect(sideBySide({ ...light([block(1)]), source: { file: 'x', section: 's', figures: null } })).toBeNull();
    expect(sideBySide({ ...light([block(1)]), source: { table: { setup: 's', columns: 'x', rows: [] } } })).toBeNull();
    expect(sideBySide(null)).toBeNull();
    expect(sideBySide({})).toBeNull();
    expect(splitTable([])).toBeNull();
  });

  it('a record from before costs and latencies were kept: null, no crash', () => {
    const old = block(1);
    for (const x of old.runs) (delete x.latency, delete x.cost);
    expect(sideBySide(light([old, old]))).toBeNull();
  });

  it('no expectation: an empty line', () => {
    expect(sideBySide({ ...light([block(1)]), expectation: undefined })?.expected).toBe('');
  });
});

describe('the catalogue’s source tables', () => {
  it("are well formed, and quote the sources' figures", () => {
    for (const table of [SOURCE_004.tables.heavy, SOURCE_004.tables.light, SOURCE_003.table]) {
      const spec = {
        id: 'a.b',
        title: 't',
        area: 'cluster',
        claim: 'c',
        truth: 't',
        expected: 'holds',
        plan: () => ({}),
      };
      expect(validateSpec({ ...spec, source: { file: 'f', section: 's', figures: null, table } })).toEqual([]);
    }
    expect(SOURCE_004.tables.heavy.rows).toEqual([
      ['single process', 37, 2583.1, 27.25],
      ['cluster', 139, 685.8, 7.18],
    ]);
    expect(SOURCE_004.tables.light.rows.map((r) => r.slice(1, 3))).toEqual([
      [2217, 42],
      [1944, 48.8],
    ]);
    expect(SOURCE_003.table.rows.map((r) => r[1])).toEqual([6308, 3859, 5803, 5755]);
  });
});

describe('formatting', () => {
  it('tidy: integers from 100, one decimal from 10, two from 1, three below', () => {
    expect([1961.3, 57.74, 3.968, 0.9784, 2, null, NaN].map((x) => tidy(x))).toEqual([
      1961,
      57.7,
      3.97,
      0.978,
      2,
      null,
      null,
    ]);
  });
  it('cellText: none as a dash, text on one line', () => {
    expect([null, undefined, 0, 'a\nb'].map((c) => cellText(c))).toEqual(['–', '–', '0', 'a b']);
  });
});
