// --verify N: the per-claim judgement, exit codes, interruption, the command
// to reproduce, and one real run of structural claims through the engine.
// Most cases hand verify a stand-in for one environment's run that returns
// the records a plan dictates, so the stability logic is tested without
// timing or processes.
import { describe, test } from 'node:test';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { expect } from 'expect';
import { verify, reproduceArgs, shellQuote, judgeClaim, cliCommand, CLAIM_BUDGET_MS } from '../harness/verify.js';
import { DEFAULT_LANES } from '../harness/lanes.js';
import { loadSpecs, selectSpecs } from '../harness/registry.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OPTS = { quick: false, strict: false, cpus: null, nodes: [], specDirs: [], expectations: null };

/**
 * A stand-in for one environment's run: step i of the plan gives, per
 * environment tag, the results of run i (or { fail: message }, or { hang: true }).
 * @param {any[]} plan
 */
function standIn(plan) {
  let i = 0;
  /** @type {string[]} */
  const seen = [];
  /** @param {{ env: { tag: string }, signal?: AbortSignal }} o */
  const runEnv = async ({ env, signal }) => {
    const step = plan[Math.floor(i++ / (plan.envCount ?? 1))];
    seen.push(env.tag);
    if (step.hang) {
      await new Promise((_, reject) =>
        signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
      );
    }
    if (step.fail) throw new Error(step.fail);
    const results = step[env.tag] ?? [];
    return {
      interrupted: false,
      profile: { cores: 2 },
      environment: { node: { version: 'v20.20.2' } },
      results: results.map(
        ([/** @type {string} */ id, /** @type {string} */ verdict, /** @type {object} */ extra]) => ({
          id,
          verdict,
          label: verdict,
          trials: 2,
          durationMs: 1500,
          reason: `because ${verdict}`,
          ...extra,
        }),
      ),
    };
  };
  return { runEnv, seen };
}

/**
 * @param {any[]} plan
 * @param {{ tags?: string[], opts?: object, signal?: AbortSignal }} [o]
 */
async function verifyWith(plan, { tags = [''], opts = {}, signal } = {}) {
  const envs = tags.map((tag) => ({ nodePath: process.execPath, cpus: null, tag }));
  Object.assign(plan, { envCount: envs.length });
  const { runEnv } = standIn(plan);
  let stdout = '';
  let stderr = '';
  const code = await verify({
    n: plan.length,
    specs: [],
    envs,
    opts: { ...OPTS, ...opts },
    expectations: null,
    stdout: { write: (s) => (stdout += s) },
    stderr: { write: (s) => (stderr += s) },
    signal,
    cwd: ROOT,
    runEnv: /** @type {any} */ (runEnv),
  });
  return { code, stdout, stderr };
}

describe('with a stand-in run', () => {
  test('the same expected verdict every run: exit 0', async () => {
    const run = [
      ['pool.a', 'pass'],
      ['pool.b', 'skip'],
      ['cluster.c', 'inconclusive', { label: 'inconclusive (known here)', known: { reason: 'r', link: null } }],
    ];
    const { code, stdout, stderr } = await verifyWith([{ '': run }, { '': run }, { '': run }], {
      opts: { strict: true },
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('verify: run 1 of 3: 3 claims: 1 pass, 1 skip, 1 inconclusive (known here)');
    expect(stdout).toContain(
      `verify: 3 runs of 3 claims on C=2, Node 20.20.2; budget ${CLAIM_BUDGET_MS / 1000}s per claim`,
    );
    expect(stdout).toMatch(/^stable +pool\.a +pass ×3; trials 2; slowest 1\.5s \(3% of budget\)$/m);
    expect(stdout).toMatch(/^stable +cluster\.c +inconclusive \(known here\) ×3;/m);
    expect(stdout).toContain('verify: every claim gave the same expected verdict in all 3 runs');
  });

  test('a verdict that changes: unstable, with the odd one out and a command to reproduce; exit 1', async () => {
    const { code, stdout } = await verifyWith(
      [{ '': [['pool.a', 'pass']] }, { '': [['pool.a', 'inconclusive']] }, { '': [['pool.a', 'pass']] }],
      { opts: { cpus: [1] } },
    );
    expect(code).toBe(1);
    expect(stdout).toMatch(/^unstable +pool\.a +pass ×2, inconclusive ×1;/m);
    expect(stdout).toContain('           inconclusive: because inconclusive\n');
    expect(stdout).toContain('           reproduce: node harness/cli.js --cpus 1 pool.a --verify 3\n');
    expect(stdout).toContain('verify: 1 of 1 claims not stable and as expected');
  });

  test('stable but not as expected (a fail, an inconclusive): exit 1; an error: exit 2', async () => {
    const fails = await verifyWith([
      {
        '': [
          ['pool.a', 'fail'],
          ['pool.b', 'inconclusive'],
        ],
      },
      {
        '': [
          ['pool.a', 'fail'],
          ['pool.b', 'inconclusive'],
        ],
      },
    ]);
    expect(fails.code).toBe(1);
    expect(fails.stdout).toMatch(/^unexpected +pool\.a +fail ×2;/m);
    expect(fails.stdout).toMatch(/^unexpected +pool\.b +inconclusive ×2;/m);
    const errors = await verifyWith([{ '': [['pool.a', 'pass']] }, { '': [['pool.a', 'error']] }]);
    expect(errors.code).toBe(2);
    expect(errors.stdout).toMatch(/^error +pool\.a +pass ×1, error ×1;/m);
  });

  test('several environments: one line per claim and environment', async () => {
    const run = { cpus1: [['pool.a', 'pass']], cpus2: [['pool.a', 'pass']] };
    const { code, stdout } = await verifyWith([run, { ...run, cpus2: [['pool.a', 'fail']] }], {
      tags: ['cpus1', 'cpus2'],
    });
    expect(code).toBe(1);
    expect(stdout).toMatch(/^stable +pool\.a \[cpus1\] +pass ×2;/m);
    expect(stdout).toMatch(/^unstable +pool\.a \[cpus2\] +pass ×1, fail ×1;/m);
  });

  test('a run that cannot be made (a harness error) stops with exit 2 and its message', async () => {
    const { code, stderr } = await verifyWith([
      { '': [['pool.a', 'pass']] },
      { fail: 'profile-probe.cjs exited with code 7' },
      { '': [] },
    ]);
    expect(code).toBe(2);
    expect(stderr).toBe('node-concurrency-spec: verify: run 2 of 3 failed: profile-probe.cjs exited with code 7\n');
  });

  test('an abort stops the run in progress: exit 2', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('SIGINT')), 100);
    const { code, stderr } = await verifyWith([{ hang: true }, { '': [] }], { signal: controller.signal });
    expect(code).toBe(2);
    expect(stderr).toContain('verify: run 1 of 2 was interrupted');
  });
});

describe('pure parts', () => {
  test('reproduceArgs: the options that shape verdicts, as arguments', () => {
    expect(
      reproduceArgs({
        cpus: [1, 2],
        nodes: ['/n/22'],
        specDirs: ['dir'],
        expectations: 'e.json',
        quick: true,
        strict: true,
      }),
    ).toEqual([
      '--cpus',
      '1,2',
      '--node',
      '/n/22',
      '--specs',
      'dir',
      '--expectations',
      'e.json',
      '--quick',
      '--strict',
    ]);
    expect(reproduceArgs(OPTS)).toEqual([]);
    // the lanes only where they are not the default
    expect(reproduceArgs({ lanes: 1 })).toEqual(['--lanes', '1']);
    expect(reproduceArgs({ lanes: DEFAULT_LANES })).toEqual([]);
  });

  test('shellQuote and the command to reproduce', () => {
    expect(shellQuote('pool.default-size')).toBe('pool.default-size');
    expect(shellQuote('pool.*')).toBe("'pool.*'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(cliCommand(ROOT)).toBe('node harness/cli.js');
    expect(cliCommand(os.tmpdir())).toBe('npx node-concurrency-spec');
  });

  test('judgeClaim', () => {
    const r = (/** @type {string} */ verdict, /** @type {object} */ extra = {}) => ({
      verdict,
      label: verdict,
      known: false,
      trials: 3,
      durationMs: 90_000,
      reason: '',
      ...extra,
    });
    expect(judgeClaim({ key: 'a', id: 'a', runs: [r('pass'), r('pass')] }, 2)).toEqual({
      status: 'stable',
      counts: ['pass ×2'],
      trials: [3, 3],
      longest: 90_000,
      share: 1.5,
    });
    expect(judgeClaim({ key: 'a', id: 'a', runs: [r('pass')] }, 2).status).toBe('unstable'); // missing from a run
    expect(judgeClaim({ key: 'a', id: 'a', runs: [r('pass')] }, 2).counts).toEqual(['pass ×1', 'missing ×1']);
    expect(
      judgeClaim({ key: 'a', id: 'a', runs: [r('fail', { known: true }), r('fail', { known: true })] }, 2).status,
    ).toBe('stable');
  });
});

test(
  'a real run: two structural claims, twice, each on a freshly probed machine',
  { skip: process.platform !== 'linux' && 'main-thread.not-alone reads /proc (Linux)' },
  async () => {
    let stdout = '';
    let stderr = '';
    // Two claims whose checks hold on a loaded host: main-thread.single's contested readings
    // (the pool's threads' CPU) may hold back its pass there, which is not what this tests.
    const specs = selectSpecs(await loadSpecs(), ['pool.default-size', 'main-thread.not-alone']);
    const envs = [{ nodePath: process.execPath, cpus: null, tag: '' }];
    const io = {
      stdout: { write: (/** @type {string} */ s) => (stdout += s) },
      stderr: { write: (/** @type {string} */ s) => (stderr += s) },
    };
    const code = await verify({ n: 2, specs, envs, opts: OPTS, expectations: null, ...io, cwd: ROOT });
    expect(stderr).toBe('');
    // a trial voided by other load adds one, so the trials may read 2–3
    expect(stdout).toMatch(/^stable +main-thread\.not-alone +pass ×2; trials [\d–]+;/m);
    expect(stdout).toMatch(/^stable +pool\.default-size +pass ×2; trials [\d–]+;/m);
    expect(code).toBe(0);
  },
);
