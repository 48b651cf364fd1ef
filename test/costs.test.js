// bench/costs.js: what a request cost each side, per arm, from a record's blocks.
import { test } from 'node:test';
import { expect } from 'expect';
import { costRows, costTable } from '../bench/costs.js';

const run = (/** @type {any} */ o) => ({
  label: 'single',
  variant: 'no keep-alive',
  throughput: 2000,
  latency: { p50: 4, p99: 9 },
  cost: { serverUs: 300, primaryUs: null, generatorUs: 250 },
  ...o,
});

test('medians over the blocks per arm and load; a cluster adds its primary to the per-core figure', () => {
  const record = {
    results: [
      {
        id: 'cluster.slower-on-light',
        samples: [
          { runs: [run({}), run({ label: 'cluster W=2', cost: { serverUs: 600, primaryUs: 200, generatorUs: 300 } })] },
          { runs: [run({ cost: { serverUs: 320, primaryUs: null, generatorUs: 260 } })] },
          { runs: [run({ cost: { serverUs: 340, primaryUs: null, generatorUs: 270 } })] },
        ],
      },
      { id: 'pool.default-size', samples: [{ parked: 4 }] },
    ],
  };
  const rows = costRows(record);
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({ arm: 'single', blocks: 3, serverUs: 320, primaryUs: null, generatorUs: 260 });
  expect(rows[0].perCore).toBeCloseTo(1e6 / 320);
  expect(rows[1]).toMatchObject({ arm: 'cluster W=2', blocks: 1, serverUs: 600, primaryUs: 200 });
  expect(rows[1].perCore).toBeCloseTo(1250);
  const table = costTable(rows);
  expect(table).toContain(
    '| cluster.slower-on-light | cluster W=2 | no keep-alive | 1 | 2000 | 600 | 200 | 300 | 4.00 | 9.00 | 1250 |',
  );
  expect(table).toContain('| single | no keep-alive | 3 | 2000 | 320 | – |');
});

test('runs from before costs were kept are left out', () => {
  const record = {
    results: [{ id: 'cluster.faster-on-heavy', samples: [{ runs: [{ label: 'single', variant: 'main' }] }] }],
  };
  expect(costRows(record)).toEqual([]);
});

test('the cost model: a ceiling per arm, and where each claim holds on C cores', async () => {
  const { ceiling, costModel } = await import('../bench/costs.js');
  // One process: one core's worth; a cluster: min(W, C) cores, capped by the primary and by the generator's share.
  expect(ceiling({ serverUs: 500, primaryUs: null, generatorUs: 250 }, 0, 4)).toBeCloseTo(2000);
  expect(ceiling({ serverUs: 500, primaryUs: 200, generatorUs: 300 }, 4, 4)).toBeCloseTo(4000); // C / (s + p + g)
  expect(ceiling({ serverUs: 500, primaryUs: 200, generatorUs: 300 }, 64, 64)).toBeCloseTo(5000); // the primary's one core
  const row = (/** @type {any} */ o) => ({ claim: 'cluster.slower-on-light', variant: 'no keep-alive', ...o });
  const model = costModel(
    [
      row({ role: 'A', workers: 0, serverUs: 315, primaryUs: null, generatorUs: 265 }),
      row({ role: 'B', workers: 2, serverUs: 605, primaryUs: 224, generatorUs: 324 }),
    ],
    [2, 8],
  );
  expect(model).toHaveLength(1);
  expect(model[0].cells.map((c) => c.holds)).toEqual([true, false]);
  expect(model[0].cells[1].ratio).toBeCloseTo(1e6 / 224 / (1e6 / 315));
});
