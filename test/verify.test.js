// --verify N: the arguments passed on, the per-claim judgement, exit codes,
// interruption, and one real run of structural claims. Most cases use a
// stand-in CLI that writes the records a plan file dictates, so the
// stability logic is tested without timing.
import { describe, test, before, after } from 'node:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'expect';
import { verify, splitArgs, shellQuote, judgeClaim, cliCommand, CLAIM_BUDGET_MS } from '../harness/verify.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// The stand-in CLI: its first pattern is `plan=FILE`; the plan lists, per run,
// the results to write (or { exit, stderr } to fail without a record, or
// { hang: true }). The run number is counted in FILE.count.
const FAKE = `
const fs = require('node:fs');
const args = process.argv.slice(2);
const planFile = args.find((a) => a.startsWith('plan=')).slice(5);
const json = args[args.indexOf('--json') + 1];
const countFile = planFile + '.count';
const i = fs.existsSync(countFile) ? Number(fs.readFileSync(countFile, 'utf8')) : 0;
fs.writeFileSync(countFile, String(i + 1));
fs.writeFileSync(planFile + '.argv' + i, JSON.stringify(args));
const step = JSON.parse(fs.readFileSync(planFile, 'utf8'))[i];
if (step.hang) setTimeout(() => {}, 60000);
else if (step.exit !== undefined) { process.stderr.write(step.stderr || ''); process.exit(step.exit); }
else {
  for (const [tag, results] of Object.entries(step)) {
    const file = tag ? json.replace(/\\.json$/, '.' + tag + '.json') : json;
    fs.writeFileSync(file, JSON.stringify({ interrupted: false, profile: { cores: 2 }, environment: { node: { version: 'v20.20.2' } }, results: results.map(([id, verdict, extra]) => ({ id, verdict, label: verdict, trials: 2, durationMs: 1500, reason: 'because ' + verdict, ...extra })) }));
  }
}
`;

describe('with a stand-in CLI', () => {
  /** @type {string} */ let dir;
  /** @type {string} */ let cli;
  let k = 0;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-verify-test-'));
    cli = path.join(dir, 'fake-cli.cjs');
    writeFileSync(cli, FAKE);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** @param {any[]} plan @param {{ argv?: string[], signal?: AbortSignal }} [o] */
  async function verifyWith(plan, { argv = [], signal } = {}) {
    const planFile = path.join(dir, `plan${k++}.json`);
    writeFileSync(planFile, JSON.stringify(plan));
    let stdout = '';
    let stderr = '';
    const code = await verify({ argv: [...argv, `plan=${planFile}`], n: plan.length, stdout: { write: (s) => (stdout += s) }, stderr: { write: (s) => (stderr += s) }, signal, cli, cwd: ROOT });
    return { code, stdout, stderr: stderr.replace(planFile, 'PLAN'), childArgv: JSON.parse(readFileSync(`${planFile}.argv0`, 'utf8')) };
  }

  test('the same expected verdict every run: exit 0; the child gets --json and a TAP file, not --verify', async () => {
    const run = [['pool.a', 'pass'], ['pool.b', 'skip'], ['cluster.c', 'inconclusive', { label: 'inconclusive (known here)', known: { reason: 'r', link: null } }]];
    const { code, stdout, stderr, childArgv } = await verifyWith([{ '': run }, { '': run }, { '': run }], { argv: ['--verify', '3', '--strict', '--json', 'mine.json', '--reporter', 'junit'] });
    expect(stderr).toBe('');
    expect(childArgv).toEqual(['--strict', expect.stringMatching(/^plan=/), '--json', expect.stringMatching(/ncs-verify-.*run-1\.json$/), '--reporter', expect.stringMatching(/^tap=.*run-1\.tap$/)]);
    expect(code).toBe(0);
    expect(stdout).toContain('verify: run 1 of 3: 3 claims: 1 pass, 1 skip, 1 inconclusive (known here)');
    expect(stdout).toContain(`verify: 3 runs of 3 claims on C=2, Node 20.20.2; budget ${CLAIM_BUDGET_MS / 1000}s per claim`);
    expect(stdout).toMatch(/^stable +pool\.a +pass ×3; trials 2; slowest 1\.5s \(3% of budget\)$/m);
    expect(stdout).toMatch(/^stable +cluster\.c +inconclusive \(known here\) ×3;/m);
    expect(stdout).toContain('verify: every claim gave the same expected verdict in all 3 runs');
  });

  test('a verdict that changes: unstable, with the odd one out and a command to reproduce; exit 1', async () => {
    const { code, stdout } = await verifyWith([{ '': [['pool.a', 'pass']] }, { '': [['pool.a', 'inconclusive']] }, { '': [['pool.a', 'pass']] }], { argv: ['--cpus', '1', 'pool.*'] });
    expect(code).toBe(1);
    expect(stdout).toMatch(/^unstable +pool\.a +pass ×2, inconclusive ×1;/m);
    expect(stdout).toContain('           inconclusive: because inconclusive\n');
    expect(stdout).toContain("           reproduce: node harness/cli.js --cpus 1 pool.a --verify 3\n");
    expect(stdout).toContain('verify: 1 of 1 claims not stable and as expected');
  });

  test('stable but not as expected (a fail, an inconclusive): exit 1; an error: exit 2', async () => {
    const fails = await verifyWith([{ '': [['pool.a', 'fail'], ['pool.b', 'inconclusive']] }, { '': [['pool.a', 'fail'], ['pool.b', 'inconclusive']] }]);
    expect(fails.code).toBe(1);
    expect(fails.stdout).toMatch(/^unexpected +pool\.a +fail ×2;/m);
    expect(fails.stdout).toMatch(/^unexpected +pool\.b +inconclusive ×2;/m);
    const errors = await verifyWith([{ '': [['pool.a', 'pass']] }, { '': [['pool.a', 'error']] }]);
    expect(errors.code).toBe(2);
    expect(errors.stdout).toMatch(/^error +pool\.a +pass ×1, error ×1;/m);
  });

  test('several environments: one line per claim and environment', async () => {
    const run = { cpus1: [['pool.a', 'pass']], cpus2: [['pool.a', 'pass']] };
    const { code, stdout } = await verifyWith([run, { ...run, cpus2: [['pool.a', 'fail']] }]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^stable +pool\.a \[cpus1\] +pass ×2;/m);
    expect(stdout).toMatch(/^unstable +pool\.a \[cpus2\] +pass ×1, fail ×1;/m);
  });

  test('a run without a record (bad usage) stops with exit 2 and the child’s message', async () => {
    const { code, stderr } = await verifyWith([{ '': [['pool.a', 'pass']] }, { exit: 2, stderr: "node-concurrency-spec: unknown spec id 'x' (see --list)\n" }, { '': [] }]);
    expect(code).toBe(2);
    expect(stderr).toBe("node-concurrency-spec: verify: run 2 of 3 exited 2 without a record: node-concurrency-spec: unknown spec id 'x' (see --list)\n");
  });

  test('an abort kills the running child: exit 2', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('SIGINT')), 300);
    const t0 = Date.now();
    const { code, stderr } = await verifyWith([{ hang: true }, { '': [] }], { signal: controller.signal });
    expect(code).toBe(2);
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(stderr).toContain('verify: run 1 of 2 was killed without a record');
  });
});

describe('pure parts', () => {
  test('splitArgs drops --verify, --json, --no-json and --reporter, keeps the rest', () => {
    expect(splitArgs(['--verify', '5', 'pool.*', '--cpus', '1,2', '--json', 'x.json', '--reporter', 'tap=y', '--strict', '--specs', 'dir', 'main-thread.single'])).toEqual({
      options: ['--cpus', '1,2', '--strict', '--specs', 'dir'],
      patterns: ['pool.*', 'main-thread.single'],
    });
    expect(splitArgs(['--verify=3', '--no-json', '--expectations=e.json', '--quick', '--', '--odd'])).toEqual({ options: ['--expectations=e.json', '--quick'], patterns: ['--odd'] });
  });

  test('shellQuote and the command to reproduce', () => {
    expect(shellQuote('pool.default-size')).toBe('pool.default-size');
    expect(shellQuote('pool.*')).toBe("'pool.*'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(cliCommand(ROOT)).toBe('node harness/cli.js');
    expect(cliCommand(os.tmpdir())).toBe('npx node-concurrency-spec');
  });

  test('judgeClaim', () => {
    const r = (/** @type {string} */ verdict, /** @type {object} */ extra = {}) => ({ verdict, label: verdict, known: false, trials: 3, durationMs: 90_000, reason: '', ...extra });
    expect(judgeClaim({ key: 'a', id: 'a', runs: [r('pass'), r('pass')] }, 2)).toEqual({ status: 'stable', counts: ['pass ×2'], trials: [3, 3], longest: 90_000, share: 1.5 });
    expect(judgeClaim({ key: 'a', id: 'a', runs: [r('pass')] }, 2).status).toBe('unstable'); // missing from a run
    expect(judgeClaim({ key: 'a', id: 'a', runs: [r('pass')] }, 2).counts).toEqual(['pass ×1', 'missing ×1']);
    expect(judgeClaim({ key: 'a', id: 'a', runs: [r('fail', { known: true }), r('fail', { known: true })] }, 2).status).toBe('stable');
  });
});

test('a real run: two structural claims, twice, in fresh processes', async () => {
  let stdout = '';
  let stderr = '';
  const code = await verify({ argv: ['pool.default-size', 'main-thread.single', '--verify', '2'], n: 2, stdout: { write: (s) => (stdout += s) }, stderr: { write: (s) => (stderr += s) }, cwd: ROOT });
  expect(stderr).toBe('');
  expect(stdout).toMatch(/^stable +main-thread\.single +pass ×2; trials 2;/m);
  expect(stdout).toMatch(/^stable +pool\.default-size +pass ×2; trials 2;/m);
  expect(code).toBe(0);
});
