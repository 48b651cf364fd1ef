// ABBA throughput blocks (harness/kits/abba.js): order, log ratios, the structural
// check on synthetic blocks, and one tiny real block for its shape. Never
// asserts on timing values.
import { describe, it } from 'node:test';
import { expect } from 'expect';
import path from 'node:path';
import { startFixture } from '../harness/isolate.js';
import {
  requestCost,
  costText,
  blockOrder,
  variantOrder,
  blockRatio,
  fewerRatio,
  separable,
  MARGIN,
  workersServed,
  checkBlock,
  describeBlock,
  warmupShort,
  abbaTrial,
  abbaBlocks,
  processCpuNs,
  parallelismNow,
  familyCpuMs,
} from '../harness/kits/abba.js';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { STOP_GRACE_MS, READY_MS } from '../harness/kits/loadgen.js';

/** A tiny /light block: one process against a cluster of 2. */
const BLOCK = {
  A: { workers: 0, label: 'single' },
  B: { workers: 2, label: 'cluster' },
  path: '/light',
  connections: 2,
  durationMs: 50,
  requests: 20,
};

/** @param {Partial<any>} o */
function run(o) {
  return {
    arm: 'A',
    label: 'single',
    variant: 'main',
    keepAlive: true,
    workers: 0,
    throughput: 100,
    requests: 10,
    errors: {},
    durationMs: 100,
    latency: { mean: 1, p50: 1, p99: 2 },
    generatorCpu: 0.2,
    generatorBound: false,
    serverCpuMs: { 1: 50 },
    stoppedBy: 'duration',
    ...o,
  };
}
const B = (/** @type {Partial<any>} */ o) =>
  run({ arm: 'B', label: 'cluster W=2', workers: 2, throughput: 200, serverCpuMs: { 2: 40, 3: 45 }, ...o });

describe('blockOrder', () => {
  it('alternates ABBA and BAAB, each arm twice', () => {
    expect(blockOrder(1)).toEqual(['A', 'B', 'B', 'A']);
    expect(blockOrder(2)).toEqual(['B', 'A', 'A', 'B']);
    expect(blockOrder(3)).toEqual(blockOrder(1));
  });
  it('runs an F arm first and last: every arm centred on the block’s middle', () => {
    expect(blockOrder(1, true)).toEqual(['F', 'A', 'B', 'B', 'A', 'F']);
    expect(blockOrder(2, true)).toEqual(['F', 'B', 'A', 'A', 'B', 'F']);
    for (const n of [1, 2]) {
      const order = blockOrder(n, true);
      const centre = (/** @type {string} */ arm) => {
        const at = order.flatMap((a, i) => (a === arm ? [i] : []));
        return at.reduce((x, y) => x + y, 0) / at.length;
      };
      expect([centre('A'), centre('B'), centre('F')]).toEqual([2.5, 2.5, 2.5]);
    }
  });
});

describe('variantOrder', () => {
  const names = ['no keep-alive', 'keep-alive'];
  /** @param {number} n  the block */
  const loads = (n) => {
    const order = blockOrder(n);
    return order.map((arm, i) => ({ arm, variants: variantOrder(names, order, i) }));
  };

  it("reverses the variants in each arm's first load of a block, not in its second", () => {
    expect(loads(1).map((l) => l.variants[0])).toEqual(['keep-alive', 'keep-alive', 'no keep-alive', 'no keep-alive']);
    expect(loads(2).map((l) => l.variants[0])).toEqual(['keep-alive', 'keep-alive', 'no keep-alive', 'no keep-alive']);
  });

  it('runs each variant at the same points of each arm’s own runs, in either order of block', () => {
    for (const n of [1, 2]) {
      /** @type {Record<string, Record<string, number[]>>} where each arm ran each variant: its own run count */
      const at = { A: {}, B: {} };
      const count = { A: 0, B: 0 };
      for (const { arm, variants } of loads(n))
        for (const v of variants) (at[arm][v] ??= []).push(++count[/** @type {'A' | 'B'} */ (arm)]);
      expect(at.A).toEqual(at.B);
      expect(at.A).toEqual({ 'keep-alive': [1, 4], 'no keep-alive': [2, 3] });
    }
  });

  it('leaves a single load as it is', () => {
    expect(variantOrder(['main'], blockOrder(1), 0)).toEqual(['main']);
  });
});

describe('blockRatio', () => {
  it('is ln(mean B / mean A)', () => {
    expect(
      blockRatio([run({ throughput: 100 }), B({ throughput: 150 }), B({ throughput: 250 }), run({ throughput: 100 })]),
    ).toBeCloseTo(Math.log(2), 12);
  });
  it('is NaN without a positive throughput in an arm', () => {
    expect(blockRatio([run({ throughput: 0 }), B({})])).toBeNaN();
    expect(blockRatio([B({})])).toBeNaN();
  });
});

describe('fewerRatio', () => {
  const F = (/** @type {Partial<any>} */ o) => run({ arm: 'F', label: 'cluster W=1', workers: 1, ...o });
  it('is ln(mean A / F), blind to the B arm', () => {
    const runs = [run({ throughput: 150 }), B({}), F({ throughput: 100 }), B({}), run({ throughput: 250 })];
    expect(fewerRatio(runs)).toBeCloseTo(Math.log(2), 12);
  });
  it('is NaN without an F arm or a positive throughput', () => {
    expect(fewerRatio([run({}), B({})])).toBeNaN();
    expect(fewerRatio([run({}), F({ throughput: 0 })])).toBeNaN();
  });
});

describe('describeBlock with an F arm', () => {
  it('names A over F beside the ratio', () => {
    const F = run({ arm: 'F', label: 'cluster W=1', workers: 1, throughput: 50 });
    const text = describeBlock({
      order: 'FABBAF',
      path: '/heavy',
      keepAlive: true,
      ratio: 2,
      rFewer: Math.log(2),
      ratios: { main: Math.log(2) },
      runs: [F, run({}), B({}), B({}), run({}), F],
    });
    expect(text).toMatch(/^FABBAF \/heavy: cluster W=1 50 req\/s/);
    expect(text).toMatch(/→ ratio 2, A over F 2$/);
  });
});

describe('describeBlock and a warm-up', () => {
  it("says where a run's warm-up was cut short by its bound, and nothing where it was not", () => {
    const block = (/** @type {any} */ warmup) => ({
      order: 'ABBA',
      path: '/light',
      keepAlive: true,
      ratio: 1,
      ratios: { main: 0 },
      runs: [run({ warmup }), B({}), B({}), run({})],
    });
    expect(describeBlock(block({ requests: 212, errors: 0, planned: 400 }))).toMatch(
      /^ABBA \/light: single \d+ req\/s \([^)]*; warm-up 212 of 400 requests\)/,
    );
    expect(describeBlock(block({ requests: 400, errors: 3, planned: 400 }))).toMatch(
      /warm-up 400 of 400 requests, 3 of them failed\)/,
    );
    expect(warmupShort(run({ warmup: { requests: 400, errors: 3, planned: 400 } }))).toBe(true);
    expect(describeBlock(block({ requests: 400, errors: 0, planned: 400 }))).not.toMatch(/warm-up/);
    expect(describeBlock(block(undefined))).not.toMatch(/warm-up/);
  });
});

describe('separable', () => {
  it('needs the halfway boundary outside the ±ln(1.1) band', () => {
    expect(MARGIN).toBeCloseTo(Math.log(1.1), 12);
    expect(separable(Math.log(2), 0)).toBe(true);
    expect(separable(0, 0)).toBe(false);
    expect(separable(Math.log(1.15), 0)).toBe(false);
  });
});

describe('checkBlock', () => {
  const block = (/** @type {any[]} */ runs) => ({
    order: 'ABBA',
    path: '/heavy',
    keepAlive: true,
    connections: 4,
    r: 0.69,
    ratio: 2,
    ratios: { main: 0.69 },
    runs,
  });
  it('passes when every cluster worker served its share', () => {
    const c = checkBlock(block([run({}), B({}), B({}), run({})]));
    expect(c.ok).toBe(true);
    expect(c.invalid).toBeUndefined();
    expect(c.detail).toMatch(/every worker served/);
  });
  it('fails when one worker did (almost) nothing', () => {
    const b = block([run({}), B({ serverCpuMs: { 2: 90, 3: 1 } }), B({}), run({})]);
    expect(workersServed(b)).toHaveLength(1);
    expect(checkBlock(b).ok).toBe(false);
    expect(checkBlock(b).invalid).toBeUndefined();
  });
  it('servedIn: only the named loads must show every share (a few keep-alive connections may land on one worker)', () => {
    const b = block([
      run({}),
      B({ variant: 'keep-alive', serverCpuMs: { 2: 90, 3: 1 } }),
      B({ variant: 'no keep-alive' }),
      run({}),
    ]);
    expect(checkBlock(b).ok).toBe(false);
    expect(checkBlock(b, { servedIn: ['no keep-alive'] }).ok).toBe(true);
    expect(checkBlock(b, { servedIn: ['keep-alive'] }).ok).toBe(false);
    // fewer worker processes than asked fails in any load
    const missing = block([run({}), B({ variant: 'keep-alive', serverCpuMs: { 2: 90 } }), B({}), run({})]);
    expect(checkBlock(missing, { servedIn: ['no keep-alive'] }).ok).toBe(false);
  });
  it('fails when the cluster had fewer worker pids than W', () => {
    expect(checkBlock(block([run({}), B({ serverCpuMs: { 2: 90 } }), B({}), run({})])).ok).toBe(false);
  });
  it('voids a block whose generator was CPU-bound', () => {
    const c = checkBlock(block([run({ generatorBound: true, generatorCpu: 0.97 }), B({}), B({}), run({})]));
    expect(c).toMatchObject({ ok: false, invalid: true });
    expect(c.detail).toMatch(/generator CPU-bound/);
  });
  it('fewer worker processes than W is a fail even when the generator was CPU-bound (structure is never voided)', () => {
    const c = checkBlock(
      block([run({ generatorBound: true }), B({ serverCpuMs: { 2: 90 }, generatorBound: true }), B({}), run({})]),
    );
    expect(c).toMatchObject({ ok: false });
    expect(c.invalid).toBeUndefined();
    expect(c.detail).toMatch(/^cluster W=2: 1 worker processes of 2/);
  });
  it('with saturated: a CPU-bound generator counts where the machine was saturated, and voids where it had cores to spare', () => {
    const full = { generatorBound: true, generatorCpu: 1.2, machineCores: 1.95, usableCores: 2 };
    expect(checkBlock(block([run(full), B({}), B({}), run({})]), { saturated: true })).toMatchObject({ ok: true });
    expect(checkBlock(block([run(full), B({}), B({}), run({})])).invalid).toBe(true);
    const spare = checkBlock(block([run({ ...full, machineCores: 1.2 }), B({}), B({}), run({})]), { saturated: true });
    expect(spare).toMatchObject({ ok: false, invalid: true });
    expect(spare.detail).toMatch(/machine 1.2 of 2 cores busy/);
  });
  it('boundCountsIn: a CPU-bound generator in the named arm counts (it can only understate that arm); in the other arm it still voids', () => {
    const capped = { generatorBound: true, generatorCpu: 0.93, machineCores: 1.4, usableCores: 2 };
    const single = block([run({}), B({}), B({}), run(capped)]);
    expect(checkBlock(single).invalid).toBe(true);
    const counted = checkBlock(single, { boundCountsIn: ['A'] });
    expect(counted).toMatchObject({ ok: true });
    expect(counted.detail).toMatch(
      /generator CPU-bound in 1 single run\(s\): counted, it can only understate that arm/,
    );
    const cluster = block([run({}), B(capped), B({}), run({})]);
    expect(checkBlock(cluster, { boundCountsIn: ['A'] })).toMatchObject({ ok: false, invalid: true });
  });
  it('voids a block with failed requests where other processes were not bounded or read; fails it within the bound', () => {
    const failed = (/** @type {any} */ o) => block([run({ errors: { ECONNREFUSED: 1 }, ...o }), B(o), B(o), run(o)]);
    expect(checkBlock(failed({}))).toMatchObject({ ok: false, invalid: true });
    expect(checkBlock(failed({}), { maxOthers: 0.3 })).toMatchObject({ ok: false, invalid: true }); // not read
    const quiet = checkBlock(failed({ otherCores: 0.02, usableCores: 2 }), { maxOthers: 0.3 });
    expect(quiet.ok).toBe(false);
    expect(quiet.invalid).toBeUndefined();
    expect(quiet.detail).toMatch(
      /^a run had errors or no answers \(single: \{"ECONNREFUSED":1\}\), other processes taking 0.02 of a core: /,
    );
    // no answers at all, the CPUs free: the same
    const none = block([
      run({ otherCores: 0, usableCores: 2 }),
      B({ requests: 0, otherCores: 0 }),
      B({ otherCores: 0 }),
      run({ otherCores: 0 }),
    ]);
    expect(checkBlock(none, { maxOthers: 0.3 }).invalid).toBeUndefined();
    // beside neighbours the block is void first, errors or not
    const busy = checkBlock(failed({ otherCores: 0.8, usableCores: 2 }), { maxOthers: 0.3 });
    expect(busy).toMatchObject({ ok: false, invalid: true });
    expect(busy.detail).toMatch(/other processes took 0.8 of 2 cores/);
  });
  it('describes several variants', () => {
    const b = { ...block([run({ variant: 'x' }), run({ variant: 'y' })]), ratios: { x: 0, y: Math.log(2) } };
    expect(describeBlock(b)).toMatch(/ratios x 1, y 2/);
  });
});

describe('processCpuNs', () => {
  it('reads this process on Linux, NaN for no such pid', { skip: process.platform !== 'linux' }, () => {
    expect(processCpuNs(process.pid)).toBeGreaterThan(0);
    expect(processCpuNs(2 ** 22 + 7)).toBeNaN();
  });
});

describe('familyCpuMs and parallelismNow', () => {
  // CPU time of the harness's own processes only, never the machine's busy time: the
  // assertions hold beside any other load (other test files run beside this one).
  // Linux only (/proc).
  const BUSY = 'const t = Date.now() + 300; while (Date.now() < t);';
  const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const linux = { skip: process.platform !== 'linux' };
  it('counts a child that ended and was waited for', linux, async () => {
    const before = familyCpuMs([process.pid]);
    await once(spawn(process.execPath, ['-e', BUSY], { stdio: 'ignore' }), 'exit');
    expect(familyCpuMs([process.pid]) - before).toBeGreaterThan(100);
  });
  it('counts a process a server started, alive, as the server’s', linux, async () => {
    // a "server" that starts a busy process of its own and then idles
    const starter = `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(BUSY)}], { stdio: 'ignore' }); setTimeout(() => {}, 3000);`;
    const server = spawn(process.execPath, ['-e', starter], { stdio: 'ignore' });
    try {
      await sleep(80); // its child started
      const pid = /** @type {number} */ (server.pid);
      const before = familyCpuMs([pid]);
      await sleep(200);
      expect(familyCpuMs([pid]) - before).toBeGreaterThan(60);
      // and parallelismNow reads it as the servers' CPU while its probe ran
      const read = await parallelismNow(
        /** @type {any} */ ({
          cores: 2,
          usable: null,
          run: () => sleep(150).then(() => ({ effectiveParallelism: { value: 1.5 } })),
        }),
        [pid],
      );
      expect(read).toMatchObject({ effectiveParallelism: 1.5 });
      expect(read?.serversCores).toBeGreaterThan(0.3);
      expect(typeof read?.othersCores).toBe('number');
    } finally {
      server.kill('SIGKILL');
    }
  });
  it('does not count a process that left the family', linux, async () => {
    // started through a shell that exits at once: the busy process is no longer ours
    const shell = spawn('sh', ['-c', `'${process.execPath}' -e '${BUSY}' >/dev/null 2>&1 & echo $!`]);
    const [out] = await once(shell.stdout, 'data');
    const pid = Number(String(out).trim());
    try {
      await once(shell, 'exit');
      const before = familyCpuMs([process.pid]);
      await sleep(200);
      expect(familyCpuMs([process.pid]) - before).toBeLessThan(60);
      expect(familyCpuMs([pid])).toBeGreaterThan(0); // its own, read alone
    } finally {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // ended already
      }
    }
  });
});

describe('abbaTrial (one tiny real block)', () => {
  it(
    'starts one fresh server per arm and one generator for the block, runs the loads in block order, leaves no process',
    { skip: process.platform !== 'linux', timeout: 60_000 },
    async () => {
      /** @type {number[]} */ const pids = [];
      const ctx = {
        /** @param {string} fixture @param {any} o */
        start(fixture, o = {}) {
          const handle = startFixture({
            node: process.execPath,
            fixture,
            options: o.options,
            cpus: o.cpus ?? null,
            timeoutMs: o.timeoutMs,
            onMessage: o.onMessage,
          });
          if (handle.pid) pids.push(handle.pid);
          return handle;
        },
      };
      const obs = await abbaTrial(/** @type {any} */ (ctx), 2, { ...BLOCK, warmup: 2, warmupMs: 50 });
      expect(obs.order).toBe('BAAB');
      expect(obs).not.toHaveProperty('serversFrom'); // a fresh server per block, as records before abbaBlocks
      expect(obs.runs.map((/** @type {any} */ r) => r.arm)).toEqual(['B', 'A', 'A', 'B']);
      for (const r of obs.runs) {
        expect(Object.keys(r.serverCpuMs)).toHaveLength(r.workers || 1);
        expect(typeof r.throughput).toBe('number');
        expect(typeof r.generatorBound).toBe('boolean');
        expect(r.requests).toBeLessThanOrEqual(20);
      }
      expect(typeof obs.r).toBe('number');
      expect(Object.keys(obs.ratios)).toEqual(['main']);
      expect(pids).toHaveLength(3); // two servers and one generator for the four loads
      const all = [...pids, ...obs.runs.flatMap((/** @type {any} */ r) => Object.keys(r.serverCpuMs).map(Number))];
      for (const pid of all) expect(() => process.kill(pid, 0)).toThrow();
    },
  );
});

/**
 * A context whose services are fakes: servers that say ready at once, and a
 * generator that answers every load with a canned result. `failLoad` makes
 * the n-th load reject, `failStart` the n-th start. Records every start and stop.
 * @param {{ failLoad?: number, failStart?: number }} [o]
 */
function fakeServices({ failLoad, failStart } = {}) {
  /** @type {{ fixture: string, timeoutMs: number, readyMs: number | undefined, up: boolean, stops: (number | undefined)[] }[]} */
  const started = [];
  /** @type {number[]} each load's warm-up requests, in the order sent */
  const warmups = [];
  let loads = 0;
  const ctx = {
    /** @param {string} fixture @param {any} o */
    start(fixture, o = {}) {
      const me = {
        fixture,
        timeoutMs: o.timeoutMs,
        readyMs: o.readyMs,
        up: true,
        stops: /** @type {(number | undefined)[]} */ ([]),
      };
      started.push(me);
      const workers = o.options?.workers ?? 0;
      const info = {
        port: 1,
        workerPids: Array.from({ length: workers }, (_, i) => 2 ** 22 + 10 * started.length + i),
      };
      const result = Promise.resolve({ data: null, durationMs: 0 });
      return {
        pid: undefined,
        ready: started.length === failStart ? Promise.reject(new Error('no port')) : Promise.resolve(info),
        result,
        /** @param {any} m */
        send(m) {
          if (m?.type !== 'load') return;
          const data = {
            throughput: 100,
            requests: 10,
            errors: {},
            durationMs: 100,
            latency: null,
            stoppedBy: 'requests',
            cpu: { fraction: 0.1, userMs: 1, systemMs: 0 },
            warmup: { requests: m.load.warmup, errors: 0 },
          };
          warmups.push(m.load.warmup);
          const fail = ++loads === failLoad;
          queueMicrotask(() => o.onMessage?.(fail ? { id: m.id, error: 'refused' } : { id: m.id, data }));
        },
        /** @param {number} [graceMs] */
        stop(graceMs) {
          me.stops.push(graceMs);
          me.up = false;
          return result;
        },
        running: () => me.up,
      };
    },
  };
  return { ctx: /** @type {any} */ (ctx), started, warmups };
}

describe("abbaBlocks: one server per arm for all of a claim's blocks", () => {
  it('starts both servers and the generator once, warms each server up on its first load only, and end() stops them', async () => {
    const { ctx, started } = fakeServices();
    const blocks = abbaBlocks(BLOCK);
    const obs = [await blocks.trial(ctx, 1), await blocks.trial(ctx, 2), await blocks.trial(ctx, 3)];
    expect(started.map((x) => path.basename(x.fixture))).toEqual([
      'cluster-server.cjs',
      'cluster-server.cjs',
      'loadgen-process.js',
    ]);
    expect(obs.map((b) => b.serversFrom)).toEqual([1, 1, 1]);
    expect(obs.map((b) => b.order)).toEqual(['ABBA', 'BAAB', 'ABBA']);
    expect(obs[0].runs.map((/** @type {any} */ r) => r.warm)).toEqual([false, false, true, true]);
    expect(obs.slice(1).flatMap((b) => b.runs.map((/** @type {any} */ r) => r.warm))).toEqual(Array(8).fill(true));
    // Servers and generator live as long as the claim's blocks may take, and no longer than that bound.
    expect(new Set(started.map((x) => x.timeoutMs)).size).toBe(1);
    // Their start has its own, shorter bound.
    expect(started.map((x) => x.readyMs)).toEqual([READY_MS, READY_MS, READY_MS]);
    expect(started.every((x) => x.stops.length === 0)).toBe(true);
    await blocks.end();
    expect(started.map((x) => x.stops)).toEqual([[STOP_GRACE_MS], [STOP_GRACE_MS], [STOP_GRACE_MS]]);
    await blocks.end(); // nothing left to stop
    expect(started.map((x) => x.stops.length)).toEqual([1, 1, 1]);
  });

  it("an arm's own warm-up replaces the block's, and each cold run records what its warm-up answered", async () => {
    const { ctx, warmups } = fakeServices();
    const blocks = abbaBlocks({
      ...BLOCK,
      warmup: 3,
      A: { ...BLOCK.A, warmup: 200 },
      B: { ...BLOCK.B, warmup: 400 },
    });
    const obs = await blocks.trial(ctx, 1); // ABBA
    expect(warmups).toEqual([200, 400, 0, 0]);
    expect(obs.runs.map((/** @type {any} */ r) => r.warmup ?? null)).toEqual([
      { requests: 200, errors: 0, planned: 200 },
      { requests: 400, errors: 0, planned: 400 },
      null,
      null,
    ]);
    await blocks.end();
  });

  it('a server that exited since the last block is replaced, with the others, before the next', async () => {
    const { ctx, started } = fakeServices();
    const blocks = abbaBlocks(BLOCK);
    await blocks.trial(ctx, 1);
    started[1].up = false; // the cluster's primary is gone
    const second = await blocks.trial(ctx, 2);
    expect(started).toHaveLength(6);
    expect(started.slice(0, 3).every((x) => x.stops.length === 1)).toBe(true);
    expect(second.serversFrom).toBe(2);
    expect(second.runs.map((/** @type {any} */ r) => r.warm)).toEqual([false, false, true, true]);
    await blocks.end();
  });

  it('a block with an F arm starts its server beside the others, runs it once per block and reads A over F', async () => {
    const { ctx, started } = fakeServices();
    const blocks = abbaBlocks({ ...BLOCK, F: { workers: 1, label: 'cluster W=1' } });
    const obs = [await blocks.trial(ctx, 1), await blocks.trial(ctx, 2)];
    expect(started.map((x) => path.basename(x.fixture))).toEqual([
      'cluster-server.cjs',
      'cluster-server.cjs',
      'cluster-server.cjs',
      'loadgen-process.js',
    ]);
    expect(obs.map((b) => b.order)).toEqual(['FABBAF', 'FBAABF']);
    expect(obs[0].runs.map((/** @type {any} */ r) => r.warm)).toEqual([false, false, false, true, true, true]);
    for (const b of obs) expect(b.rFewer).toBeCloseTo(fewerRatio(b.runs), 4);
    await blocks.end();
    expect(started.every((x) => x.stops.length === 1)).toBe(true);
  });

  it("a block that throws stops everything, and the error is the trial's", async () => {
    const { ctx, started } = fakeServices({ failLoad: 2 });
    const blocks = abbaBlocks(BLOCK);
    await expect(blocks.trial(ctx, 1)).rejects.toThrow('load generator: refused');
    expect(started.map((x) => x.stops.length)).toEqual([1, 1, 1]);
  });

  it('servers and generator start side by side; where one fails, the others are stopped and the error is the trial’s', async () => {
    const { ctx, started } = fakeServices({ failStart: 2 });
    const blocks = abbaBlocks(BLOCK);
    await expect(blocks.trial(ctx, 1)).rejects.toThrow('no port');
    expect(started.map((x) => path.basename(x.fixture))).toEqual([
      'cluster-server.cjs',
      'cluster-server.cjs',
      'loadgen-process.js',
    ]);
    expect(started.map((x) => x.stops.length)).toEqual([1, 1, 1]);
  });
});

describe('requestCost', () => {
  it('CPU µs per answered request: the serving processes together, the primary, the generator', () => {
    const c = requestCost({ cpuMs: [60, 40], primaryCpuMs: 31, generatorMs: 45, requests: 1000 });
    expect(c).toEqual({ serverUs: 100, primaryUs: 31, generatorUs: 45 });
    expect(costText(c)).toBe('server 100 + primary 31 µs/req, generator 45');
  });
  it('one process has no primary; unreadable CPU or no answers give null', () => {
    expect(requestCost({ cpuMs: [85], primaryCpuMs: null, generatorMs: 40, requests: 1000 })).toEqual({
      serverUs: 85,
      primaryUs: null,
      generatorUs: 40,
    });
    expect(requestCost({ cpuMs: [NaN], primaryCpuMs: null, generatorMs: 40, requests: 10 }).serverUs).toBeNull();
    expect(requestCost({ cpuMs: [5], primaryCpuMs: 1, generatorMs: 4, requests: 0 })).toEqual({
      serverUs: null,
      primaryUs: null,
      generatorUs: null,
    });
    expect(costText({ serverUs: null, primaryUs: null, generatorUs: null })).toBe('');
  });
});

describe('checkBlock: neighbours during the block', () => {
  const run = (/** @type {'A' | 'B'} */ arm, /** @type {number} */ otherCores) => ({
    arm,
    label: arm === 'A' ? 'single' : 'cluster W=2',
    variant: 'main',
    workers: arm === 'A' ? 0 : 2,
    throughput: 100,
    requests: 100,
    errors: {},
    generatorBound: false,
    generatorCpu: 0.1,
    serverCpuMs: arm === 'A' ? { 1: 100 } : { 2: 50, 3: 50 },
    usableCores: 2,
    otherCores,
  });
  const block = (/** @type {number[]} */ others) => ({
    order: 'ABBA',
    path: '/heavy',
    ratio: 2,
    runs: others.map((o, i) => run(i === 1 || i === 2 ? 'B' : 'A', o)),
  });
  it('void where the median of its runs took more than maxOthers, saying so', () => {
    const c = checkBlock(block([1.02, 0.97, 1.05, 0.99]), { maxOthers: 0.25 });
    expect(c).toMatchObject({ ok: false, invalid: true });
    expect(c.detail).toMatch(/^machine busy: other processes took 1 of 2 cores during the block \(more than 0.25\)/);
  });
  it('one run’s coarse reading does not void a quiet block; without maxOthers nothing is voided', () => {
    expect(checkBlock(block([0.02, 0.6, -0.03, 0.01]), { maxOthers: 0.25 })).toMatchObject({ ok: true });
    expect(checkBlock(block([1, 1, 1, 1]))).toMatchObject({ ok: true });
  });
});
