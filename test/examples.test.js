// The examples in docs/examples/ (claims asserted from a user's own test
// runner through check() and the matchers) run as a user runs them, in a
// child `node --test` (node-tap's, a plain node program, with `node`): they
// pass here, and when a claim is made to fail (NCS_SABOTAGE: the fixtures run
// a pool of 3 behind the harness's back) they fail with the verdict's reason
// in the failure message.
import { test } from 'node:test';
import { expect } from 'expect';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLES = ['docs/examples/pool.node-test.mjs', 'docs/examples/pool.plain-assert.mjs'];
const TAP_EXAMPLE = 'docs/examples/pool.tap.mjs';

/** @param {string} file @param {Record<string, string>} [extra] */
function runExample(file, extra = {}) {
  const env = { ...process.env, ...extra };
  delete env.NODE_TEST_CONTEXT; // the child is a test run of its own, not a subtest of this one
  const args = file === TAP_EXAMPLE ? [file] : ['--test', '--test-reporter=tap', file];
  const r = spawnSync(process.execPath, args, {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

for (const file of EXAMPLES) {
  test(
    `${file} passes on this machine`,
    { skip: process.platform === 'win32' && 'the pool claims need POSIX FIFOs' },
    () => {
      const { code, out } = runExample(file);
      expect({ code, failed: /^# fail [1-9]/m.test(out) }).toEqual({ code: 0, failed: false });
    },
  );
}

test(
  "a claim made to fail fails the user's test, with the verdict's reason",
  { skip: process.platform !== 'linux' && 'the sabotage switch is read by the Linux fixtures' },
  () => {
    const { code, out } = runExample(EXAMPLES[0], { NCS_SABOTAGE: 'pool-size=3' });
    expect(code).not.toBe(0);
    expect(out).toMatch(/^not ok \d+ - the pool has the threads we configure/m);
    expect(out).toMatch(/Reason: 3 threads parked on FIFOs .*expected 4/);
  },
);

test(
  `${TAP_EXAMPLE} (node-tap) passes on this machine`,
  { skip: process.platform === 'win32' && 'the pool claims need POSIX FIFOs' },
  () => {
    const { code, out } = runExample(TAP_EXAMPLE);
    expect({ code, failed: /^\s*not ok /m.test(out) }).toEqual({ code: 0, failed: false });
    expect(out).toMatch(/^\s*ok 1 - pool\.default-size: /m);
    expect(out).toMatch(/^# \{ total: 1, pass: 1 \}$/m);
  },
);

test(
  "a claim made to fail fails the node-tap test, with the verdict's reason",
  { skip: process.platform !== 'linux' && 'the sabotage switch is read by the Linux fixtures' },
  () => {
    const { code, out } = runExample(TAP_EXAMPLE, { NCS_SABOTAGE: 'pool-size=3' });
    expect(code).not.toBe(0);
    expect(out).toMatch(/^\s*not ok 1 - pool\.default-size: 3 threads parked on FIFOs .*expected 4/m);
    expect(out).toMatch(/^not ok 1 - the pool has the threads we configure/m);
  },
);
