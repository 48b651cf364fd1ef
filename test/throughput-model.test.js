// The throughput model: each arm's ceiling from what a request costs, the
// ratio two arms predict, a block's own costs and free CPUs, and where a
// claim's truth flips with the core count. Pure: synthetic costs and blocks.
import { test, describe } from 'node:test';
import { expect } from 'expect';
import {
  ceiling,
  predictedRatio,
  lightRatio,
  LIGHT_COSTS,
  blockCosts,
  freeCores,
  truthByCores,
} from '../harness/kits/throughput-model.js';
import { loadSpecs } from '../harness/registry.js';

describe('ceilings', () => {
  test('one process: one core, and the work of each request within the cores there are', () => {
    expect(ceiling({ serverUs: 100, primaryUs: null, generatorUs: null }, 0, 4)).toBeCloseTo(10_000);
    expect(ceiling({ serverUs: 100, primaryUs: null, generatorUs: 100 }, 0, 1)).toBeCloseTo(5_000);
    expect(ceiling({ serverUs: 100, primaryUs: null, generatorUs: null }, 0, 0.5)).toBeCloseTo(5_000);
  });
  test("a cluster: min(W, C) cores, and never more than its primary's one core of hand-offs", () => {
    expect(ceiling({ serverUs: 200, primaryUs: 50, generatorUs: null }, 2, 8)).toBeCloseTo(10_000);
    expect(ceiling({ serverUs: 200, primaryUs: 50, generatorUs: null }, 64, 64)).toBeCloseTo(20_000);
  });
  test('the ratio of two ceilings', () => {
    const A = { serverUs: 100, primaryUs: null, generatorUs: null };
    const B = { serverUs: 200, primaryUs: 50, generatorUs: null };
    // B: all its work (250 µs) on 4 cores, 16 000/s; A: one core, 10 000/s
    expect(predictedRatio({ A, B }, [0, 4], 4)).toBeCloseTo(1.6);
  });
});

describe('/light, from the fitted relative costs', () => {
  test('without keep-alive: no gain up to 4 cores, ×1.43 from 8 (the primary caps the cluster)', () => {
    const r = (/** @type {number} */ C) => lightRatio(LIGHT_COSTS['no keep-alive'], C);
    expect(r(1)).toBeLessThan(1);
    expect(r(2)).toBeLessThan(1);
    expect(r(4)).toBeLessThan(1.1);
    expect(r(8)).toBeCloseTo(1 / 0.7, 2);
    expect(r(64)).toBeCloseTo(r(8), 6);
  });
  test('with keep-alive: no gain up to 2 cores, then it scales', () => {
    const r = (/** @type {number} */ C) => lightRatio(LIGHT_COSTS['keep-alive'], C);
    expect(r(2)).toBeLessThan(1.1);
    expect(r(4)).toBeGreaterThan(1.1);
    expect(r(64)).toBeGreaterThan(r(8));
  });
  test('truthByCores names the first core count where the truth flips', () => {
    const t = truthByCores(
      (C) => lightRatio(LIGHT_COSTS['no keep-alive'], C),
      (x) => x < 1.1,
    );
    expect(t.cells.map((c) => c.holds)).toEqual([true, true, true, false, false, false]);
    expect(t.flipsAt).toBe(8);
    expect(
      truthByCores(
        () => 1,
        () => true,
      ).flipsAt,
    ).toBeNull();
  });
});

describe("a block's own costs and free CPUs", () => {
  const run = (/** @type {any} */ o) => ({
    variant: 'no keep-alive',
    usableCores: 2,
    otherCores: 0,
    ...o,
  });
  const block = {
    runs: [
      run({ arm: 'A', warm: false, cost: { serverUs: 300, primaryUs: null, generatorUs: 100 } }),
      run({ arm: 'B', warm: false, cost: { serverUs: 600, primaryUs: 90, generatorUs: 100 } }),
      run({ arm: 'B', warm: true, cost: { serverUs: 200, primaryUs: 60, generatorUs: 120 }, otherCores: 0.4 }),
      run({ arm: 'A', warm: true, cost: { serverUs: 90, primaryUs: null, generatorUs: 120 } }),
    ],
  };
  test('warm runs only, where the block has them (a cold run pays its warm-up)', () => {
    expect(blockCosts(block, 'no keep-alive')).toEqual({
      A: { serverUs: 90, primaryUs: null, generatorUs: 120 },
      B: { serverUs: 200, primaryUs: 60, generatorUs: 120 },
    });
    expect(blockCosts(block, 'keep-alive')).toBeNull();
  });
  test('the usable cores less the most other processes took in any run', () => {
    expect(freeCores(block)).toBeCloseTo(1.6);
    expect(freeCores({ runs: [{ arm: 'A' }] })).toBeNull();
  });
});

describe('cluster.slower-on-light: the expected outcome follows the model on each C', () => {
  test('holds where the cluster is predicted no faster; refuted here where the primary still lets it gain', async () => {
    const spec = (await loadSpecs()).find((s) => s.id === 'cluster.slower-on-light');
    const at = (/** @type {number} */ C) => spec.plan(/** @type {any} */ ({ cores: C }));
    for (const C of [1, 2, 4]) expect(at(C).expected).toBe('holds');
    for (const C of [8, 16, 64]) expect(at(C).expected).toBe('refuted');
    // Keep-alive is an assertion of its own, with its own model and side.
    const two = at(2).timing;
    expect(two.also).toHaveLength(1);
    expect(two.also[0].asserts).toMatch(/^with keep-alive the cluster is no faster/);
    expect(at(4).timing.also[0].asserts).toMatch(/^with keep-alive the cluster is faster .*refuted here/);
    // Each reads its own load's ratio from a block.
    const block = { ratios: { 'no keep-alive': -0.5, 'keep-alive': 0.2 } };
    expect(two.value(block)).toBe(-0.5);
    expect(two.also[0].value(block)).toBe(0.2);
    // The model's table of where the truth flips is in the record.
    expect(at(2).model.noKeepAlive.byCores.flipsAt).toBe(8);
    expect(at(2).model.keepAlive.byCores.flipsAt).toBe(4);
  });
});
