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
  lightGenerators,
} from '../harness/kits/throughput-model.js';
import { loadSpecs } from '../harness/registry.js';
import { costRatio } from '../harness/kits/abba.js';

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
  test('without keep-alive: no gain up to 4 cores, ×1.43 from 6 (the primary caps the cluster)', () => {
    const r = (/** @type {number} */ C) => lightRatio(LIGHT_COSTS['no keep-alive'], C);
    expect(r(1)).toBeLessThan(1);
    expect(r(2)).toBeLessThan(1);
    expect(r(4)).toBeLessThan(1.1);
    expect(r(5)).toBeGreaterThan(1.1);
    expect(r(8)).toBeCloseTo(1 / 0.7, 2);
    expect(r(64)).toBeCloseTo(r(8), 6);
  });
  test('a generator of one process caps both arms alike: with it alone on many cores the cluster cannot be seen to gain', () => {
    expect(lightRatio(LIGHT_COSTS['no keep-alive'], 16, 1)).toBeCloseTo(1, 6);
    expect([1, 2, 8, 64].map(lightGenerators)).toEqual([1, 1, 4, 8]);
    expect(ceiling({ serverUs: 100, primaryUs: null, generatorUs: 200 }, 0, 8, 1)).toBeCloseTo(5_000);
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
  test("the usable cores less the median of what other processes took (one run's reading is coarse)", () => {
    expect(freeCores(block)).toBeCloseTo(2);
    const busy = { runs: block.runs.map((r) => ({ ...r, otherCores: r.otherCores + 0.7 })) };
    expect(freeCores(busy)).toBeCloseTo(1.3);
    expect(freeCores({ runs: [{ arm: 'A' }] })).toBeNull();
  });
});

/**
 * One run of a /light block's arm as the hand-off and warm-up checks read
 * it: a single process, or a cluster of 2 whose workers cost 200 µs a
 * request.
 * @param {'A' | 'B'} arm @param {string} variant
 * @param {{ primaryUs: number, singleUs: number, warm: boolean }} o
 */
const lightRun = (arm, variant, { primaryUs, singleUs, warm }) => ({
  arm,
  variant,
  warm,
  label: arm === 'A' ? 'single' : 'cluster W=2',
  workers: arm === 'A' ? 0 : 2,
  throughput: 1000,
  requests: 100,
  errors: {},
  generatorBound: false,
  serverCpuMs: arm === 'A' ? { 1: 10 } : { 2: 10, 3: 10 },
  cost: { serverUs: arm === 'A' ? singleUs : 200, primaryUs: arm === 'A' ? null : primaryUs, generatorUs: 100 },
});

describe('cluster.slower-on-light: the expected outcome follows the model on each C', () => {
  test('holds where the cluster is predicted no faster; undecidable at the boundary; refuted here where the primary still lets it gain', async () => {
    const spec = (await loadSpecs()).find((s) => s.id === 'cluster.slower-on-light');
    const at = (/** @type {number} */ C) => spec.plan(/** @type {any} */ ({ cores: C }));
    for (const C of [1, 2, 3]) expect(at(C)).toMatchObject({ expected: 'holds' });
    expect(at(4).undecidable).toMatch(/within the ±10% noise band of the boundary ×1.1/);
    for (const C of [5, 8, 16, 64]) expect(at(C).expected).toBe('refuted');
    expect(at(8).timing.asserts).toMatch(/faster than ×1.2 .*: the claim is refuted here$/);
    // Keep-alive is an assertion of its own, with its own model and side:
    // no gain against scaling like /heavy, halfway between.
    const two = at(2).timing;
    expect(two.also).toHaveLength(1);
    expect(two.also[0].asserts).toMatch(/^with keep-alive the cluster is no faster than ×1.41 /);
    expect(at(5).timing.also[0].asserts).toMatch(/^with keep-alive the cluster is faster than /);
    // Each reads its own load's ratio from a block.
    const block = { ratios: { 'no keep-alive': -0.5, 'keep-alive': 0.2 } };
    expect(two.value(block)).toBe(-0.5);
    expect(two.also[0].value(block)).toBe(0.2);
    // The model's table of where the truth flips, and the generator processes, are in the record.
    expect(at(2).model.noKeepAlive.byCores.flipsAt).toBe(5);
    expect(at(2).model.keepAlive.byCores.flipsAt).toBe(4);
    expect([at(2).model.generators, at(16).model.generators]).toEqual([1, 8]);
  });

  test('the hand-off part reads the primary against its own workers: a cluster whose workers accept their own connections fails it, a costly single process does not', async () => {
    const spec = (await loadSpecs()).find((s) => s.id === 'cluster.slower-on-light');
    const plan = spec.plan(/** @type {any} */ ({ cores: 2 }));
    const check = plan.structural.check;
    // Costs as blocks read them: each cluster worker's CPU per request about
    // twice one process's, the primary a third of its workers'.
    const run = (
      /** @type {'A' | 'B'} */ arm,
      /** @type {string} */ variant,
      /** @type {{ primaryUs: number, singleUs: number, warm?: boolean }} */ o,
    ) => lightRun(arm, variant, { ...o, warm: o.warm ?? true });
    const block = (/** @type {number} */ primaryUs, singleUs = 100) => ({
      order: 'ABBA',
      path: '/light',
      ratios: { 'no keep-alive': -0.3, 'keep-alive': -0.2 },
      runs: ['no keep-alive', 'keep-alive'].flatMap((v) => [
        run('A', v, { primaryUs: 0, singleUs }),
        run('B', v, { primaryUs, singleUs }),
      ]),
    });
    const handoff = (/** @type {any} */ c) => c.parts.find((/** @type {any} */ p) => /hands off/.test(p.name));
    expect(plan.model.handoffMin).toBe(0.1);
    expect(check(block(70))).toMatchObject({ ok: true });
    expect(handoff(check(block(70))).detail).toBe("primary 70 µs/req against its workers' 200: ×0.35");
    // The bound itself passes; under it the hand-off part is the one that fails.
    expect(handoff(check(block(20)))).toMatchObject({ ok: true });
    const short = check(block(19));
    expect(short.ok).toBe(false);
    expect(handoff(short)).toMatchObject({ ok: false });
    expect(short.parts.filter((/** @type {any} */ p) => !p.ok)).toHaveLength(1);
    const free = check(block(0));
    expect(free.ok).toBe(false);
    expect(handoff(free)).toMatchObject({ ok: false });
    // The share is the cluster's own: a single process ×10 dearer per
    // request (work of its own before each answer) leaves a sound hand-off
    // sound. Against its cost, the bound before (×0.2) read 70 / 1000.
    expect(handoff(check(block(70, 1000)))).toMatchObject({ ok: true });
    // Only warm runs price a request: a first run's CPU includes its warm-up.
    const cold = block(70);
    cold.runs.push(run('B', 'no keep-alive', { primaryUs: 0, singleUs: 100, warm: false }));
    expect(handoff(check(cold))).toMatchObject({ ok: true });
    // without costs, no hand-off part at all (not one that passes unread)
    const bare = block(70);
    for (const r of bare.runs) delete (/** @type {any} */ (r).cost);
    expect(check(bare).parts).toHaveLength(1);
  });

  test('each fresh server is warmed alike per serving process, and a block whose warm-up fell short is void', async () => {
    const spec = (await loadSpecs()).find((s) => s.id === 'cluster.slower-on-light');
    const plan = spec.plan(/** @type {any} */ ({ cores: 2 }));
    expect(plan.summary).toMatch(
      /each warmed by 200 unmeasured requests per serving process \(the cluster's shared among its workers\) before its first run of each load, a block whose warm-up fell short void/,
    );
    const run = (/** @type {'A' | 'B'} */ arm, /** @type {string} */ variant, /** @type {any} */ warmup) => ({
      ...lightRun(arm, variant, { primaryUs: 70, singleUs: 100, warm: !warmup }),
      ...(warmup ? { warmup } : {}),
    });
    const block = (/** @type {any} */ clusterWarmup) => ({
      order: 'ABBA',
      path: '/light',
      ratios: { 'no keep-alive': -0.3, 'keep-alive': -0.2 },
      runs: [
        run('A', 'keep-alive', { requests: 200, errors: 0, planned: 200 }),
        run('A', 'no keep-alive', { requests: 200, errors: 0, planned: 200 }),
        run('B', 'keep-alive', { requests: 400, errors: 0, planned: 400 }),
        run('B', 'no keep-alive', clusterWarmup),
        ...['no keep-alive', 'keep-alive'].flatMap((v) => [run('B', v, null), run('A', v, null)]),
      ],
    });
    expect(plan.structural.check(block({ requests: 400, errors: 0, planned: 400 }))).toMatchObject({ ok: true });
    const cut = plan.structural.check(block({ requests: 331, errors: 0, planned: 400 }));
    expect(cut).toMatchObject({ ok: false, invalid: true });
    expect(cut.detail).toMatch(
      /^a warm-up answered fewer requests than planned in cluster W=2 no keep-alive \(331 of 400\)/,
    );
    // failed requests do not warm a server
    const failed = plan.structural.check(block({ requests: 400, errors: 5, planned: 400 }));
    expect(failed).toMatchObject({ ok: false, invalid: true });
    expect(failed.detail).toMatch(/\(395 of 400\)/);
  });
});

/**
 * One warm or cold run of a /heavy block's arm: `workers` serving processes
 * (0: a single process) that each used `cpuEach` ms of CPU in 250 ms.
 * `costUs`: its server CPU per request, where the test reads costs.
 * @param {{ arm: 'A' | 'B' | 'F', warm: boolean, cpuEach: number, label: string, workers: number, costUs?: number }} o
 */
const heavyRun = ({ arm, warm, cpuEach, label, workers, costUs }) => ({
  arm,
  warm,
  label,
  variant: 'main',
  workers,
  throughput: 60,
  requests: 15,
  durationMs: 250,
  errors: {},
  generatorBound: false,
  generatorCpu: 0.01,
  serverCpuMs: Object.fromEntries(Array.from({ length: Math.max(1, workers) }, (_, i) => [i + 1, cpuEach])),
  usableCores: 2,
  otherCores: 0,
  ...(costUs ? { cost: { serverUs: costUs, primaryUs: 200, generatorUs: 400 } } : {}),
});

describe('cluster.workers-equal-cores: the premise that C workers keep the cores busy', () => {
  test('read on the W = C arm’s warm runs: idle workers fail it; without warm runs there is no such part', async () => {
    const spec = (await loadSpecs()).find((s) => s.id === 'cluster.workers-equal-cores');
    const check = spec.plan(/** @type {any} */ ({ cores: 2, pbkdf2: { iterations: 100_000, taskMs: 100 } })).structural
      .check;
    const run = (/** @type {'A' | 'B'} */ arm, /** @type {boolean} */ warm, /** @type {number} */ cpuEach) =>
      heavyRun({
        arm,
        warm,
        cpuEach,
        label: arm === 'A' ? 'cluster W=C=2' : 'cluster W=2C=4',
        workers: arm === 'A' ? 2 : 4,
      });
    const block = (/** @type {number} */ cpuA) => ({
      order: 'ABBA',
      path: '/heavy',
      ratio: 1,
      runs: [run('A', false, 300), run('B', false, 150), run('B', true, 120), run('A', true, cpuA)],
    });
    expect(check(block(240))).toMatchObject({ ok: true }); // 480 ms of CPU in 250 ms: 1.92 cores
    const idle = check(block(120)); // 0.96 cores
    expect(idle.ok).toBe(false);
    expect(idle.detail).toMatch(/^W = 2 kept 0.96 of 2 free cores busy/);
    const cold = block(120);
    cold.runs = cold.runs.map((r) => ({ ...r, warm: false }));
    expect(check(cold).parts).toHaveLength(1);
  });
});

describe('cluster.workers-equal-cores: C workers against fewer (the right size’s other side)', () => {
  const machine = (/** @type {number} */ C, /** @type {number | null} */ eff = C) =>
    /** @type {any} */ ({
      cores: C,
      pbkdf2: { iterations: 300_000, taskMs: 120 },
      profile: eff === null ? {} : { effectiveParallelism: { value: eff } },
    });
  test('a W = ⌊C/2⌋ arm, and r fewer judged against none, from the cores a /heavy server has here', async () => {
    const spec = (await loadSpecs()).find((s) => s.id === 'cluster.workers-equal-cores');
    for (const [C, F] of [
      [2, 1],
      [4, 2],
      [16, 8],
    ]) {
      const plan = spec.plan(machine(C));
      expect(plan.model.workers).toEqual([C, 2 * C, F]);
      const [fewer] = plan.timing.also;
      expect(fewer.claim).toBeCloseTo(Math.log((C - 0.25) / F), 4);
      expect(fewer.alternatives).toEqual({ [`no gain over ${F}`]: 0 });
      expect(fewer.value({ rFewer: 0.42, r: 0 })).toBe(0.42);
      expect(fewer.reportOnly).toBeUndefined();
    }
  });
  test('odd C: F = ⌊C/2⌋; the modelled gain and its boundary as figures', async () => {
    const spec = (await loadSpecs()).find((s) => s.id === 'cluster.workers-equal-cores');
    const three = spec.plan(machine(3));
    expect(three.model.workers).toEqual([3, 6, 1]);
    expect(three.timing.also[0].claim).toBeCloseTo(1.0116, 4); // ln 2.75: 3 cores less the generator's quarter, over 1
    expect(spec.plan(machine(2)).timing.also[0].claim).toBeCloseTo(0.5596, 4); // ln 1.75
  });
  test('the separability edge: a gain over fewer within the noise band leaves the timing undecidable, just above it judged', async () => {
    const spec = (await loadSpecs()).find((s) => s.id === 'cluster.workers-equal-cores');
    // halfway must be at least ln 1.1: ln(eff − 0.25) ≥ 2 ln 1.1, eff ≥ 1.46
    const edge = spec.plan(machine(2, 1.45));
    expect(edge.timingUndecidable).toMatch(/could not be told from none/);
    expect(edge.structural.check).toBeInstanceOf(Function); // the blocks still run for their structure
    expect(spec.plan(machine(2, 1.47)).timingUndecidable).toBeUndefined();
  });
  test('the F arm is checked as a reference: its workers served and kept busy', async () => {
    const spec = (await loadSpecs()).find((s) => s.id === 'cluster.workers-equal-cores');
    const check = spec.plan(machine(2)).structural.check;
    const labels = { A: 'cluster W=C=2', B: 'cluster W=2C=4', F: 'cluster W=1' };
    const workers = { A: 2, B: 4, F: 1 };
    /** @param {{ cpuF?: number, costA?: number, costF?: number, fWorkers?: number }} o */
    const block = ({ cpuF = 240, costA = 31_000, costF = 30_500, fWorkers = 1 } = {}) => {
      const run = (/** @type {'A' | 'B' | 'F'} */ arm, /** @type {boolean} */ warm) => {
        const r = heavyRun({
          arm,
          warm,
          cpuEach: arm === 'F' ? cpuF : arm === 'A' ? 240 : 120,
          label: labels[arm],
          workers: workers[arm],
          costUs: arm === 'A' ? costA : arm === 'F' ? costF : 31_000,
        });
        return arm === 'F' && fWorkers !== 1 ? { ...r, serverCpuMs: {} } : r;
      };
      return {
        order: 'FABBAF',
        path: '/heavy',
        ratio: 1,
        rFewer: 0.6,
        runs: [run('F', false), run('A', false), run('B', false), run('B', true), run('A', true), run('F', true)],
      };
    };
    const sound = check(block());
    expect(sound).toMatchObject({ ok: true });
    expect(sound.parts.map((/** @type {any} */ p) => p.name)).toEqual([
      'every worker of the 4-worker cluster served its share',
      'W = C = 2 workers keep the cores busy (≥ 0.6 of those free to them)',
      'every worker of the 1-worker cluster served its share',
      'W = 1 workers keep the cores they can use busy (≥ 0.6 of min(1, those free))',
    ]);
    const failed = (/** @type {any} */ c) =>
      c.parts.filter((/** @type {any} */ p) => !p.ok).map((/** @type {any} */ p) => p.name);
    expect(failed(check(block({ fWorkers: 0 })))).toEqual(['every worker of the 1-worker cluster served its share']);
    // a reference that rests half its time: 0.48 of a core
    expect(failed(check(block({ cpuF: 120 })))[0]).toMatch(/^W = 1 workers keep/);
    expect(check(block({ cpuF: 120 })).detail).toMatch(/^W = 1 kept 0.48 of 1 cores busy: /);
    // CPU per request follows each vCPU's speed: not compared between the arms
    expect(check(block({ costA: 55_000 })).ok).toBe(true);
    expect(check(block({ costF: 15_000 })).ok).toBe(true);
    // CPUs slowed once both workers were busy (×1.8 the CPU per request of one), and the
    // harness's probe then read about one core, the servers idle: the block is void
    const slowed = {
      ...block({ costA: 55_000 }),
      given: { effectiveParallelism: 1.1, serversCores: 0.01, othersCores: 0.02 },
    };
    expect(costRatio(slowed, 'A', 'F')).toBeCloseTo(1.803, 3);
    expect(check(slowed)).toMatchObject({ ok: false, invalid: true });
    expect(check(slowed).detail).toMatch(
      /^the CPUs slowed once all the workers were busy: ×1.8 the CPU per request of 1, and the harness's probe then read an effective parallelism of 1.1: 2 workers' gain over 1 \(×1 on it\) cannot be told from none in this block; /,
    );
    // the probe found the CPUs whole (a cluster that spins while it waits its turn), or the
    // servers busy while it ran, or no reading: judged as ever
    expect(check({ ...slowed, given: { effectiveParallelism: 1.9, serversCores: 0.01, othersCores: 0.02 } }).ok).toBe(
      true,
    );
    expect(check({ ...slowed, given: { effectiveParallelism: 1.1, serversCores: 0.6 } }).ok).toBe(true);
    expect(check({ ...slowed, given: { effectiveParallelism: 1.1, serversCores: null } }).ok).toBe(true);
    expect(check({ ...slowed, given: null }).ok).toBe(true);
    // a structure that fails still fails, slowed or not
    expect(check({ ...block({ fWorkers: 0, costA: 55_000 }), given: slowed.given }).ok).toBe(false);
    expect(check({ ...block({ fWorkers: 0, costA: 55_000 }), given: slowed.given }).invalid).toBeUndefined();
  });
  test('on one core no fewer arm and only "no gain" judged; too little parallelism measured: the timing undecidable', async () => {
    const spec = (await loadSpecs()).find((s) => s.id === 'cluster.workers-equal-cores');
    const one = spec.plan(machine(1));
    expect(one.model.workers).toEqual([1, 2]);
    expect(one.timing.also).toBeUndefined();
    expect(one.summary).toMatch(/no fewer workers/);
    expect(spec.plan(machine(2, 1.2)).timingUndecidable).toMatch(/effective parallelism of 1.2/);
    expect(spec.plan(machine(2, null)).timing.also).toHaveLength(1);
  });
});

describe('cluster.faster-on-heavy: the cluster keeps the cores busy (the speed-up’s premise)', () => {
  test('read on the cluster arm’s warm runs: a cluster using one core’s time fails; on one core no such part', async () => {
    const spec = (await loadSpecs()).find((s) => s.id === 'cluster.faster-on-heavy');
    const machine = (/** @type {number} */ C) =>
      /** @type {any} */ ({
        cores: C,
        pbkdf2: { iterations: 300_000, taskMs: 120 },
        profile: { effectiveParallelism: { value: C } },
      });
    const run = (/** @type {'A' | 'B'} */ arm, /** @type {boolean} */ warm, /** @type {number} */ cpuEach) =>
      heavyRun({ arm, warm, cpuEach, label: arm === 'A' ? 'single' : 'cluster W=2', workers: arm === 'A' ? 0 : 2 });
    const block = (/** @type {number} */ cpuB) => ({
      order: 'ABBA',
      path: '/heavy',
      ratio: 1.7,
      runs: [run('A', false, 240), run('B', false, 200), run('B', true, cpuB), run('A', true, 245)],
    });
    const check = spec.plan(machine(2)).structural.check;
    const busy = check(block(220)); // 440 ms of CPU in 250 ms: 1.76 of 2 cores
    expect(busy).toMatchObject({ ok: true });
    expect(busy.parts.map((/** @type {any} */ p) => p.name)).toEqual([
      'each of the 2 cluster workers served its share of /heavy',
      'the 2 workers kept the cores busy (≥ 0.6 of those free to them)',
    ]);
    const resting = check(block(130)); // 1.04 cores: workers that serve one core's time between them
    expect(resting.ok).toBe(false);
    expect(resting.detail).toMatch(/^the cluster of 2 kept 1.04 of 2 free cores busy/);
    const cold = block(130);
    cold.runs = cold.runs.map((r) => ({ ...r, warm: false }));
    expect(check(cold)).toMatchObject({ ok: true });
    expect(check(cold).parts).toHaveLength(1);
    // on one core the claim is expected refuted: the cluster cannot keep more than one core busy
    expect(spec.plan(machine(1)).structural.check(block(60)).parts).toBeUndefined();
  });
});

describe('cluster.faster-on-heavy: a block the host slowed once both CPUs were busy', () => {
  test('void only where the cluster cost far more per request and the idle probe then read too little parallelism', async () => {
    const spec = (await loadSpecs()).find((s) => s.id === 'cluster.faster-on-heavy');
    const plan = spec.plan(
      /** @type {any} */ ({
        cores: 2,
        pbkdf2: { iterations: 300_000, taskMs: 120 },
        profile: { effectiveParallelism: { value: 2 } },
      }),
    );
    expect(plan.summary).toMatch(/more than ×1.35 the one process's CPU per request/);
    const check = plan.structural.check;
    const run = (/** @type {'A' | 'B'} */ arm, /** @type {boolean} */ warm, /** @type {number} */ costUs) =>
      heavyRun({
        arm,
        warm,
        cpuEach: arm === 'A' ? 240 : 220,
        label: arm === 'A' ? 'single' : 'cluster W=2',
        workers: arm === 'A' ? 0 : 2,
        costUs,
      });
    const block = (/** @type {number} */ costB, /** @type {any} */ given) => ({
      order: 'ABBA',
      path: '/heavy',
      ratio: 1.05,
      runs: [run('A', false, 31_000), run('B', false, costB), run('B', true, costB), run('A', true, 31_000)],
      ...(given === undefined ? {} : { given }),
    });
    const idle = (/** @type {number} */ eff) => ({ effectiveParallelism: eff, serversCores: 0.01, othersCores: -0.03 });
    // ×1.8 the CPU per request, and about one core read with the servers idle: void
    const slowed = check(block(55_800, idle(1.1)));
    expect(slowed).toMatchObject({ ok: false, invalid: true });
    expect(slowed.detail).toMatch(
      /^the CPUs slowed once all the workers were busy: ×1.8 the CPU per request of the one process, and the harness's probe then read an effective parallelism of 1.1: the cluster's speed-up \(×1 on it\) cannot be told from none in this block; /,
    );
    // the model's ×1.75 has boundary ln 1.75 / 2; a block is judged where the speed-up on the
    // CPUs read clears it by ln 1.1: eff − 0.25 ≥ √1.75 · 1.1 (eff ≥ 1.71)
    expect(check(block(55_800, idle(1.68))).invalid).toBe(true);
    expect(check(block(55_800, idle(1.74))).ok).toBe(true);
    // the probe found the CPUs whole (a cluster that wastes CPU per request), the servers
    // busy while it ran, or no reading: judged as ever
    expect(check(block(55_800, idle(1.95))).ok).toBe(true);
    expect(check(block(55_800, { effectiveParallelism: 1.1, serversCores: 0.5 })).ok).toBe(true);
    expect(check(block(55_800, { effectiveParallelism: 1.1, serversCores: null })).ok).toBe(true);
    // other processes took a share of the CPUs while the probe ran (a process of the program's
    // own outside its servers' tree, busy while they idle), or that was not read: judged as ever
    expect(check(block(55_800, { ...idle(1.1), othersCores: 0.5 })).ok).toBe(true);
    expect(check(block(55_800, { ...idle(1.1), othersCores: 0.28 })).invalid).toBe(true);
    expect(check(block(55_800, { ...idle(1.1), othersCores: null })).ok).toBe(true);
    expect(check(block(55_800, undefined)).ok).toBe(true);
    // a structure that fails still fails, slowed or not
    const resting = block(55_800, idle(1.1));
    resting.runs = resting.runs.map((r) => (r.arm === 'B' ? { ...r, serverCpuMs: { 1: 130, 2: 130 } } : r));
    expect(check(resting)).toMatchObject({ ok: false });
    expect(check(resting).invalid).toBeUndefined();
  });
  test('the blocks read the CPUs again after a slowed one (cluster over the one process); not on one core', async () => {
    const spec = (await loadSpecs()).find((s) => s.id === 'cluster.faster-on-heavy');
    const m = (/** @type {number} */ C) =>
      /** @type {any} */ ({ cores: C, pbkdf2: { iterations: 300_000, taskMs: 120 } });
    expect(spec.plan(m(2)).summary).toMatch(/the block is void/);
    expect(spec.plan(m(1)).summary).not.toMatch(/×1.35/);
  });
});

describe("cluster.faster-on-heavy: the source's own concurrency and the model's figures", () => {
  test('--source-loads sends 100 clients once per arm (not by default, not --quick); the model reads the source’s ×3.76 as about 4 cores', async () => {
    const spec = (await loadSpecs()).find((s) => s.id === 'cluster.faster-on-heavy');
    const machine = {
      cores: 2,
      pbkdf2: { iterations: 300_000, taskMs: 120 },
      profile: { effectiveParallelism: { value: 2 } },
    };
    const full = spec.plan(/** @type {any} */ (machine));
    expect(full.model.predicted.here).toBe('cluster / single on this machine (C=2, W=2): ×1.75');
    expect(full.model.predicted.source).toMatch(
      /its own ×3.76 \(139 \/ 37 req\/s\) is what the model gives on about 4 cores or more$/,
    );
    expect(full.model.sourceLoad).toBeNull();
    const withLoads = { ...machine, sourceLoads: true };
    expect(spec.plan(/** @type {any} */ (withLoads)).model.sourceLoad).toMatchObject({
      connections: 100,
      keepAlive: false,
    });
    expect(spec.plan(/** @type {any} */ ({ ...withLoads, quick: true })).model.sourceLoad).toBeNull();
  });
});
