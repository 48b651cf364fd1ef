// A spec file run by node's test runner (`node --test specs/…/x.spec.js`)
// is a test of its claim: it measures the claim here and passes or fails on
// the verdict, rather than passing having only defined a spec. Spec files
// loaded by the CLI or by check() from a user's test file register nothing.
import { test } from 'node:test';
import { expect } from 'expect';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import os from 'node:os';
import path from 'node:path';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SPEC = 'specs/threadpool/pool.default-size.spec.js';

/** `node --test` on files, as a user runs it. @param {string[]} files @param {Record<string, string>} [extra] */
function nodeTest(files, extra = {}) {
  const env = { ...process.env, ...extra };
  delete env.NODE_TEST_CONTEXT; // the child is a test run of its own, not a subtest of this one
  const r = spawnSync(process.execPath, ['--test', '--test-reporter=tap', ...files], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

test(
  'node --test on a spec file measures the claim and passes on its verdict',
  { skip: process.platform === 'win32' && 'the pool claims need POSIX FIFOs' },
  () => {
    const { code, out } = nodeTest([SPEC]);
    expect({ code, out }).toEqual({ code: 0, out: expect.stringMatching(/^ok 1 - pool\.default-size$/m) });
    expect(out).toMatch(/^# tests 1$/m);
    expect(out).toMatch(/^# pass 1$/m);
  },
);

test(
  'node --test on a spec file fails, with the reason, when the claim is made to fail',
  { skip: process.platform !== 'linux' && 'the sabotage switch is read by the Linux fixtures' },
  () => {
    // the pool fixtures run a pool of 3 behind the harness's back
    const { code, out } = nodeTest([SPEC], { NCS_SABOTAGE: 'pool-size=3' });
    expect(code).not.toBe(0);
    expect(out).toMatch(/^not ok 1 - pool\.default-size$/m);
    expect(out).toMatch(/Reason: 3 threads parked on FIFOs .*expected 4/);
  },
);

test("a user's own *.spec.mjs that loads the catalogue runs only its own tests", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-spec-files-'));
  try {
    const file = path.join(dir, 'mine.spec.mjs');
    const harness = pathToFileURL(path.join(ROOT, 'harness', 'index.js')).href;
    writeFileSync(
      file,
      [
        "import { test } from 'node:test';",
        `import { loadSpecs } from ${JSON.stringify(harness)};`,
        "test('my own test', async () => {",
        '  if ((await loadSpecs()).length < 10) throw new Error("the catalogue did not load");',
        '});',
        '',
      ].join('\n'),
    );
    const { code, out } = nodeTest([file]);
    expect({ code, out }).toEqual({ code: 0, out: expect.stringMatching(/^ok 1 - my own test$/m) });
    expect(out).toMatch(/^# tests 1$/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the CLI run under a test runner (NODE_TEST_CONTEXT inherited) registers no spec tests', () => {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'harness', 'cli.js'), '--list'], {
    cwd: ROOT,
    env: { ...process.env, NODE_TEST_CONTEXT: 'child' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status).toBe(0);
  expect(r.stdout).toMatch(/pool\.default-size/);
  expect(`${r.stdout}${r.stderr}`).not.toMatch(/^(ok|not ok) \d+ - /m);
});

test('check() takes a spec itself in specs, checked as defineSpec checks it', async () => {
  const { check } = await import('../harness/check.js');
  const { UsageError } = await import('../harness/errors.js');
  const bad = /** @type {any} */ ({ id: 'demo.bad', title: 'x' });
  await expect(check('demo.bad', { specs: [bad] })).rejects.toThrow(UsageError);
  await expect(check('demo.bad', { specs: [bad] })).rejects.toThrow(/^check: demo\.bad given in specs: area: missing/);
  await expect(check('demo.nowhere', { specs: [] })).rejects.toThrow("check: unknown claim 'demo.nowhere'");
});
