// The user's environment, judged: the settings in force (--env,
// --inherit-env) reach every fixture under the spec's own env, the pool size
// they give is measured once, the model of every claim about the pool follows
// it, and every report names them. Deterministic: exact FIFO counts, plans
// and renderings; no timing.
import { test, describe } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { fixtureEnv, FIXTURES } from '../harness/isolate.js';
import { createLauncher } from '../harness/launcher.js';
import { poolInForce, libuvPoolSize, machineFromRecord, describeEnvironment } from '../harness/machine.js';
import { poolAlternatives, poolSize, sizeInForce, checkThreads } from '../harness/kits/pool.js';
import { loadSpecs } from '../harness/registry.js';
import { header } from '../harness/reporters/spec.js';
import { painter, settingsText } from '../harness/reporters/format.js';
import { environmentLine } from '../harness/reporters/markdown.js';
import { renderHtml } from '../harness/reporters/html.js';
import { renderJunit } from '../harness/reporters/junit.js';
import { reproduceArgs } from '../harness/verify.js';
import { environmentOf } from '../harness/merge.js';

const posix = { skip: process.platform === 'win32' && 'needs FIFOs' };
const read = (/** @type {string} */ rel) => JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8'));
const golden = read('./golden/record.json');

/** A machine for a launcher: this Node, no pinning, these settings. @param {Record<string, string>} env */
const machineWith = (env) => /** @type {any} */ ({ node: { path: process.execPath }, cpus: null, env });

describe('fixtureEnv: base, then UV_USE_IO_URING=0, then the settings in force, then the spec', () => {
  test('with no settings it is what it was: nothing measurement-relevant but io_uring off', () => {
    const env = fixtureEnv();
    expect(env.UV_USE_IO_URING).toBe('0');
    for (const k of ['NODE_OPTIONS', 'UV_THREADPOOL_SIZE', 'NODE_CLUSTER_SCHED_POLICY']) expect(env[k]).toBeUndefined();
    expect(Object.hasOwn(env, 'NODE_V8_COVERAGE')).toBe(true); // own key, undefined: spawn adds no coverage
    expect(env.NODE_V8_COVERAGE).toBeUndefined();
  });

  test('settings land over the base and io_uring; the spec lands over the settings', () => {
    const settings = { UV_THREADPOOL_SIZE: '8', NODE_OPTIONS: '--no-warnings', UV_USE_IO_URING: '1' };
    expect(fixtureEnv({}, settings)).toMatchObject(settings);
    expect(fixtureEnv({ UV_THREADPOOL_SIZE: '1' }, settings)).toMatchObject({
      UV_THREADPOOL_SIZE: '1',
      NODE_OPTIONS: '--no-warnings',
    });
  });

  test("a spec's undefined keeps the setting in force (the spec does not set it); it deletes nothing", () => {
    expect(fixtureEnv({ UV_THREADPOOL_SIZE: undefined }, { UV_THREADPOOL_SIZE: '8' }).UV_THREADPOOL_SIZE).toBe('8');
    expect(fixtureEnv({ UV_THREADPOOL_SIZE: undefined }).UV_THREADPOOL_SIZE).toBeUndefined();
    expect(fixtureEnv({ PATH: undefined }).PATH).toBe(process.env.PATH);
  });
});

describe('the launcher gives fixtures the settings in force', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'settings-test-'));
  const fixture = path.join(dir, 'env-fixture.cjs');
  // Reports the variables it sees; as a service, at stop.
  writeFileSync(
    fixture,
    `const report = require(${JSON.stringify(path.join(FIXTURES, 'lib/report.cjs'))});
const seen = () => ({ pool: process.env.UV_THREADPOOL_SIZE ?? null, foo: process.env.FOO ?? null });
if (report.options().service) { report.onStop(() => report.done(seen())); report.ready({}); } else report.done(seen());
`,
  );
  const launcher = createLauncher({ machine: machineWith({ UV_THREADPOOL_SIZE: '8', FOO: 'bar' }) });
  test.after(() => {
    launcher.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  test('run: the settings, under the spec own env (undefined keeps the setting)', async () => {
    expect(await launcher.run(fixture)).toEqual({ pool: '8', foo: 'bar' });
    expect(await launcher.run(fixture, { env: { UV_THREADPOOL_SIZE: '3' } })).toEqual({ pool: '3', foo: 'bar' });
    expect(await launcher.run(fixture, { env: { UV_THREADPOOL_SIZE: undefined } })).toEqual({ pool: '8', foo: 'bar' });
  });

  test('start: a fixture under test gets them; the load generator (host) does not', async () => {
    const service = launcher.start(fixture, { options: { service: true } });
    await service.ready;
    expect((await service.stop()).data).toEqual({ pool: '8', foo: 'bar' });
    const host = launcher.start(fixture, { options: { service: true }, host: true });
    await host.ready;
    expect((await host.stop()).data).toEqual({ pool: null, foo: null });
  });
});

describe('the pool size in force', () => {
  test('libuv rule (the fallback): atoi, 0 → 1, at most 1024', () => {
    const cases = { 8: 8, 1: 1, 0: 1, '': 1, abc: 1, '2abc': 2, ' 3': 3, '-1': 1024, 5000: 1024 };
    for (const [raw, want] of Object.entries(cases)) expect([raw, libuvPoolSize(raw)]).toEqual([raw, want]);
  });

  test('no UV_THREADPOOL_SIZE: the default, nothing run', async () => {
    const run = async () => expect.unreachable('no probe without the variable');
    expect(await poolInForce({ env: { NODE_OPTIONS: '--no-warnings' }, platform: 'linux', run })).toEqual({
      poolSize: 4,
      poolSizeFrom: 'default',
    });
  });

  test('off POSIX (no FIFOs): libuv rule, nothing run', async () => {
    const run = async () => expect.unreachable('no FIFO probe on Windows');
    expect(await poolInForce({ env: { UV_THREADPOOL_SIZE: '0' }, platform: 'win32', run })).toEqual({
      poolSize: 1,
      poolSizeFrom: 'libuv rule',
    });
    expect(await poolInForce({ env: { UV_THREADPOOL_SIZE: '9' }, platform: 'win32', run })).toEqual({
      poolSize: 9,
      poolSizeFrom: 'libuv rule',
    });
  });

  test("a plain number is read by libuv's rule, not measured: a pool that ignored it must not become the model", async () => {
    const run = async () => expect.unreachable('a plain number is not measured');
    expect(await poolInForce({ env: { UV_THREADPOOL_SIZE: '8' }, platform: 'linux', run })).toEqual({
      poolSize: 8,
      poolSizeFrom: 'libuv rule',
    });
    expect(await poolInForce({ env: { UV_THREADPOOL_SIZE: '0' }, platform: 'linux', run })).toEqual({
      poolSize: 1,
      poolSizeFrom: 'libuv rule',
    });
    expect(await poolInForce({ env: { UV_THREADPOOL_SIZE: '2000' }, platform: 'linux', run })).toEqual({
      poolSize: 1024,
      poolSizeFrom: 'libuv rule',
    });
  });

  for (const [raw, want] of [
    ['2abc', 2],
    [' 3', 3],
    ['+5', 5],
  ]) {
    test(
      `UV_THREADPOOL_SIZE=${JSON.stringify(raw)} (odd, read differently across versions): measured by the FIFO probe → ${want}`,
      posix,
      async () => {
        const env = { UV_THREADPOOL_SIZE: raw };
        const launcher = createLauncher({ machine: machineWith(env) });
        /** @type {any[]} */
        const asked = [];
        const run = /** @type {typeof launcher.run} */ ((f, o) => (asked.push([f, o]), launcher.run(f, o)));
        try {
          expect(await poolInForce({ env, platform: process.platform, run })).toEqual({
            poolSize: want,
            poolSizeFrom: 'measured',
          });
        } finally {
          launcher.dispose();
        }
        expect(asked.map(([f, o]) => [f, o.env])).toEqual([['pool-probe.cjs', undefined]]); // the settings' own size
      },
    );
  }
});

describe('the machine and the record', () => {
  const machine = /** @type {any} */ ({
    ...machineFromRecord(golden),
    env: { UV_THREADPOOL_SIZE: '8' },
    poolSize: 8,
    poolSizeFrom: 'measured',
  });

  test('describeEnvironment puts the settings and the pool size in the record; machineFromRecord reads them back', () => {
    const environment = describeEnvironment(machine);
    expect(environment).toMatchObject({ env: { UV_THREADPOOL_SIZE: '8' }, poolSize: 8, poolSizeFrom: 'measured' });
    expect(machineFromRecord({ ...golden, environment })).toMatchObject({
      env: { UV_THREADPOOL_SIZE: '8' },
      poolSize: 8,
      poolSizeFrom: 'measured',
    });
  });

  test('a record from before settings were kept ran with none: {} and 4', () => {
    expect(golden.environment.env).toBeUndefined();
    expect(machineFromRecord(golden)).toMatchObject({ env: {}, poolSize: 4, poolSizeFrom: 'default' });
  });

  test('the schema accepts a record with settings and rejects malformed ones', () => {
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(
      read('../harness/schema/result.schema.json'),
    );
    const withEnv = (/** @type {object} */ fields) => ({
      ...golden,
      environment: { ...golden.environment, ...fields },
    });
    expect(
      validate(withEnv({ env: { UV_THREADPOOL_SIZE: '8', EMPTY: '' }, poolSize: 8, poolSizeFrom: 'measured' })),
    ).toBe(true);
    expect(validate(withEnv({ env: {}, poolSize: 4, poolSizeFrom: 'default' }))).toBe(true);
    expect(validate(withEnv({ env: { UV_THREADPOOL_SIZE: 8 } }))).toBe(false);
    expect(validate(withEnv({ poolSize: 0 }))).toBe(false);
    expect(validate(withEnv({ poolSizeFrom: 'guessed' }))).toBe(false);
  });

  test('--verify reproduces the settings as --env, wherever they came from', () => {
    expect(reproduceArgs({ env: { UV_THREADPOOL_SIZE: '8', NODE_OPTIONS: '' } })).toEqual([
      '--env',
      'UV_THREADPOOL_SIZE=8',
      '--env',
      'NODE_OPTIONS=',
    ]);
    expect(reproduceArgs({})).toEqual([]);
  });
});

describe('the pool kit under a size in force', () => {
  test('poolSize and sizeInForce: the default where a context does not say', () => {
    expect(poolSize({})).toBe(4);
    expect(poolSize({ poolSize: 8 })).toBe(8);
    expect(sizeInForce({ poolSize: 4, env: {} })).toBeNull();
    expect(sizeInForce({ poolSize: 8, env: { UV_THREADPOOL_SIZE: '8' } })).toBe('UV_THREADPOOL_SIZE=8 in force');
    expect(sizeInForce({ poolSize: 1, env: { UV_THREADPOOL_SIZE: 'abc' } })).toBe(
      'UV_THREADPOOL_SIZE=abc in force, read as 1',
    );
  });

  test('alternatives: the nearest sizes that run the batch differently, and the claim own 4', () => {
    const labels = (/** @type {any} */ o) => poolAlternatives({ C: 2, ...o }).map((a) => a.label);
    expect(labels({ P: 4, k: 5 })).toEqual(['P=3', 'P=5']);
    expect(labels({ P: 4, k: 4 })).toEqual(['P=3']);
    expect(labels({ P: 8, k: 5 })).toEqual(["the claim's P=4"]);
    expect(labels({ P: 8, k: 6 })).toEqual(['P=5', "the claim's P=4"]);
    expect(labels({ P: 8, k: 4 })).toEqual(['P=3']);
    expect(labels({ P: 1, k: 5 })).toEqual(['P=2', "the claim's P=4"]);
  });

  test('thread accounting against P = 8: eight started, five did the five tasks', () => {
    const obs = { poolThreads: [1, 2, 3, 4, 5, 6, 7, 8], cpuMs: [100, 100, 100, 100, 100, 0, 0, 0] };
    expect(checkThreads(obs, { k: 5, P: 8 })).toMatchObject({ ok: true });
    expect(checkThreads({ ...obs, poolThreads: obs.poolThreads.slice(0, 4) }, { k: 5, P: 8 })).toMatchObject({
      ok: false,
    });
  });
});

describe('plans of the claims about the default pool, with UV_THREADPOOL_SIZE=8 in force', async () => {
  const specs = Object.fromEntries((await loadSpecs()).map((s) => [s.id, s]));
  const base = {
    cores: 2,
    platform: 'linux',
    arch: 'x64',
    pbkdf2: { taskMs: 120, iterations: 1000 },
    node: { major: 20, version: '20.20.2', uv: '1.46.0' },
    quick: false,
  };
  const at8 = /** @type {any} */ ({ ...base, env: { UV_THREADPOOL_SIZE: '8' }, poolSize: 8, poolSizeFrom: 'measured' });
  const plan = (/** @type {string} */ id, ctx = at8) => /** @type {any} */ (specs[id].plan(ctx));

  // id → [expected under P = 8, what the summary must say]
  const cases = {
    'pool.default-size': [
      'refuted',
      "With UV_THREADPOOL_SIZE=8 in force: the pool has 8 threads, not the claim's 4. The FIFO probe parks exactly 8 readers",
    ],
    'pool.fifth-lags': [
      'refuted',
      "With UV_THREADPOOL_SIZE=8 in force: all 5 run at once, none waits — the claim's 4 + 1 does not hold here. Model, P=8 on C=2",
    ],
    'pool.six-is-four-then-two': [
      'refuted',
      "With UV_THREADPOOL_SIZE=8 in force: all 6 run at once, none waits — the claim's 4 + 2 does not hold here. Model, P=8",
    ],
    'pool.pbkdf2-four-together': [
      'holds',
      'With UV_THREADPOOL_SIZE=8 in force: the four still run at once, on 4 of the 8 threads. Model, P=8',
    ],
    'pool.two-as-fast-as-one': ['holds', 'Model, P=8 on C=2: 2 tasks'],
    'main-thread.not-alone': ['holds', 'exactly 8 more (the pool, UV_THREADPOOL_SIZE=8 in force)'],
    'pool.thread-per-core': [
      'refuted',
      'Each of the 8 pool threads (UV_THREADPOOL_SIZE=8 in force) may run on all 2 CPU(s)',
    ],
    'pool.env-in-code': [
      'holds',
      'CommonJS entry, after the first pool use → 8; ES module entry → 8; CommonJS entry, before any pool use, assigning a value drawn in 129–300 → that value (Node 20.20.2)',
    ],
  };
  for (const [id, [expected, summary]] of Object.entries(cases)) {
    test(`${id}: expected ${expected}, and the summary says why`, () => {
      const p = plan(id);
      expect(p.expected ?? specs[id].expected).toBe(expected);
      expect(p.summary).toContain(summary);
      if (p.model?.P !== undefined) expect(p.model.P).toBe(8);
    });
  }

  test('with no settings, or UV_THREADPOOL_SIZE=4 in force, nothing about 4 is refuted', () => {
    const at4 = /** @type {any} */ ({
      ...base,
      env: { UV_THREADPOOL_SIZE: '4' },
      poolSize: 4,
      poolSizeFrom: 'measured',
    });
    for (const ctx of [base, { ...base, env: {}, poolSize: 4, poolSizeFrom: 'default' }, at4]) {
      for (const id of [
        'pool.default-size',
        'pool.fifth-lags',
        'pool.six-is-four-then-two',
        'pool.pbkdf2-four-together',
      ]) {
        expect([id, plan(id, /** @type {any} */ (ctx)).expected ?? 'holds']).toEqual([id, 'holds']);
      }
    }
    expect(plan('pool.fifth-lags', /** @type {any} */ (base)).summary).toMatch(/^Model, P=4 on C=2: 5 tasks/);
  });

  test('the timing models follow P = 8: the fifth does not lag, the claim own 4 is the alternative', () => {
    const fifth = plan('pool.fifth-lags');
    expect(fifth.timing.claim).toBe(0);
    expect(Object.keys(fifth.timing.alternatives)).toEqual(["the claim's P=4"]);
    expect(fifth.model.batches).toEqual([5]);
    expect(plan('pool.six-is-four-then-two').model.batches).toEqual([6]);
  });

  test('a pool of one in force: two at once and four together are refuted, as the model says', () => {
    const at1 = /** @type {any} */ ({ ...base, env: { UV_THREADPOOL_SIZE: '1' }, poolSize: 1 });
    const two = plan('pool.two-as-fast-as-one', at1);
    expect(two.expected).toBe('refuted');
    expect(two.summary).toMatch(
      /^With UV_THREADPOOL_SIZE=1 in force the claim cannot hold: one thread runs the two in turn/,
    );
    expect(Object.keys(two.timing.alternatives)).toEqual(['P=2']);
    const four = plan('pool.pbkdf2-four-together', at1);
    expect(four.expected).toBe('refuted');
    expect(four.summary).toMatch(
      /^With UV_THREADPOOL_SIZE=1 in force: the 4 run as batches 1 \+ 1 \+ 1 \+ 1 — the claim's four at once/,
    );
  });

  test('pool.env-in-code cannot tell an assignment of 2 from a pool of 2 in force', () => {
    const at2 = /** @type {any} */ ({ ...base, env: { UV_THREADPOOL_SIZE: '2' }, poolSize: 2 });
    expect(plan('pool.env-in-code', at2).undecidable).toMatch(
      /^UV_THREADPOOL_SIZE=2 in force already gives the 2 threads/,
    );
  });

  test('pool.dns-half-cap sets each of its sizes itself, whatever is in force', async () => {
    /** @type {any[]} */
    const envs = [];
    const c = { run: async (/** @type {string} */ _f, /** @type {any} */ o) => (envs.push(o.env), {}) };
    for (let i = 0; i < 20; i++) await plan('pool.dns-half-cap').trial(c);
    // drawn for each trial: one pool of 4 or 5, one of 6 to 10, one of 12 to 16
    const sizes = envs.map((e) => Number(e.UV_THREADPOOL_SIZE));
    expect(sizes.filter((_, i) => i % 3 === 0).every((P) => P >= 4 && P <= 5)).toBe(true);
    expect(sizes.filter((_, i) => i % 3 === 1).every((P) => P >= 6 && P <= 10)).toBe(true);
    expect(sizes.filter((_, i) => i % 3 === 2).every((P) => P >= 12 && P <= 16)).toBe(true);
    expect(envs.every((e) => Object.keys(e).join() === 'UV_THREADPOOL_SIZE')).toBe(true);
  });

  test('the network claims park the pool as measured (the fixture does not re-read the env)', async () => {
    for (const id of ['net.not-pool-bound', 'net.dns-lookup-pool-bound', 'net.resolve-not-pool-bound']) {
      /** @type {any[]} */
      const seen = [];
      const c = {
        ...at8,
        // (net.dns-lookup-pool-bound's 'name-cap' run sets its own size: a test of its own)
        run: async (/** @type {string} */ _f, /** @type {any} */ o) => (
          o.options.mode !== 'name-cap' && seen.push(o.options.pool),
          {}
        ),
        // the claims whose harness looks at the fixture from outside start it
        start: (/** @type {string} */ _f, /** @type {any} */ o) => (
          seen.push(o.options.pool),
          { pid: undefined, send: () => {}, result: Promise.resolve({ data: {} }) }
        ),
      };
      await plan(id).trial(c);
      expect([id, seen]).toEqual([id, [8]]);
    }
  });

  test("net.dns-lookup-pool-bound's 'name-cap' run sets its own pool size, whatever is in force", async () => {
    /** @type {any[]} */
    const runs = [];
    // under 3 in force (not its own 8: a run that inherited the setting would read 3)
    const at3 = { ...at8, env: { UV_THREADPOOL_SIZE: '3' }, poolSize: 3 };
    const c = { ...at3, run: async (/** @type {string} */ _f, /** @type {any} */ o) => (runs.push(o), {}) };
    await plan('net.dns-lookup-pool-bound', at3).trial(c);
    const cap = runs.filter((o) => o.options.mode === 'name-cap');
    expect(cap.map((o) => o.env)).toEqual([{ UV_THREADPOOL_SIZE: '8' }]);
  });

  test('claims with their own size keep it: the batch fixture gets their UV_THREADPOOL_SIZE', async () => {
    for (const [id, size] of [
      ['pool.size-one-serializes', '1'],
      ['pool.size-two-pairs', '2'],
      ['pool.size-five-all-together', '5'],
    ]) {
      /** @type {any[]} */
      const envs = [];
      const c = { ...at8, run: async (/** @type {string} */ _f, /** @type {any} */ o) => (envs.push(o.env), {}) };
      await plan(id).trial(c);
      expect([id, envs]).toEqual([id, [{ UV_THREADPOOL_SIZE: size }]]);
    }
  });
});

describe('every report names the settings in force, and nothing more without them', () => {
  const environment = {
    ...golden.environment,
    env: { UV_THREADPOOL_SIZE: '8', NODE_OPTIONS: '--max-old-space-size=512 --no-warnings' },
    poolSize: 8,
    poolSizeFrom: 'measured',
  };
  const record = { ...golden, environment };
  const none = { ...golden, environment: { ...golden.environment, env: {}, poolSize: 4, poolSizeFrom: 'default' } };
  const line =
    'settings in force: UV_THREADPOOL_SIZE=8 NODE_OPTIONS="--max-old-space-size=512 --no-warnings" (pool 8 threads, measured)';
  const plain = painter(false);

  test('the line: each variable, and the pool it gives', () => {
    expect(settingsText(environment)).toBe(line);
    expect(settingsText({ env: { NODE_OPTIONS: '--no-warnings' }, poolSize: 4 })).toBe(
      'settings in force: NODE_OPTIONS=--no-warnings',
    );
    expect(settingsText({ env: { UV_THREADPOOL_SIZE: '' }, poolSize: 1, poolSizeFrom: 'libuv rule' })).toBe(
      `settings in force: UV_THREADPOOL_SIZE="" (pool 1 thread, by libuv's rule)`,
    );
    expect(settingsText(none.environment)).toBe('');
    expect(settingsText(golden.environment)).toBe('');
  });

  test('spec header', () => {
    const data = (/** @type {any} */ r) => ({ environment: r.environment, profile: r.profile, specs: [] });
    expect(header(data(record), plain)).toContain(`\n${line}\n`);
    expect(header(data(none), plain)).toBe(header(data(golden), plain));
  });

  test('Markdown environment line, HTML environment list, JUnit properties', () => {
    expect(environmentLine(record)).toContain(' · settings in force: UV\\_THREADPOOL\\_SIZE=8 NODE\\_OPTIONS=');
    expect(environmentLine(none)).toBe(environmentLine(golden));
    expect(renderHtml(record)).toContain(
      '<li>settings in force: UV_THREADPOOL_SIZE=8 NODE_OPTIONS=&quot;--max-old-space-size=512 --no-warnings&quot; (pool 8 threads, measured)</li>',
    );
    expect(renderHtml(none)).not.toContain('settings in force');
    const junit = renderJunit(record);
    expect(junit).toContain('<property name="env.UV_THREADPOOL_SIZE" value="8"/>');
    expect(junit).toContain('<property name="poolSize" value="8"/>');
    expect(renderJunit(none)).toBe(renderJunit(golden));
  });

  test('merge labels an environment with its settings', () => {
    expect(environmentOf(record).label).toMatch(
      / · UV_THREADPOOL_SIZE=8 NODE_OPTIONS=--max-old-space-size=512 --no-warnings$/,
    );
    expect(environmentOf(none).label).toBe(environmentOf(golden).label);
  });
});
