// The stop watchdog: a stop that hangs where no handler can run (a
// synchronous loop on the main thread) is ended by the watchdog's own thread,
// with one line on stderr; a stop that finishes exits as usual, without
// waiting for the watchdog. Deterministic: the hang is a loop that never ends.
import { test } from 'node:test';
import { expect } from 'expect';
import { spawnSync } from 'node:child_process';
import { windowsTreeKill } from '../harness/isolate.js';

const WATCHDOG = new URL('../harness/watchdog.js', import.meta.url).href;

/** Run a module body in a fresh Node; the watchdog module is imported as `watchStop`. @param {string} body */
function node(body) {
  const code = `import { watchStop } from ${JSON.stringify(WATCHDOG)};\n${body}`;
  const { NODE_V8_COVERAGE, ...env } = process.env; // the child is a stand-in for the CLI, not code under coverage
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    encoding: 'utf8',
    env,
    timeout: 30_000,
  });
  return { status: r.status, signal: r.signal, stderr: r.stderr, ms: Date.now() - t0 };
}

test('a stop stuck in a synchronous loop is killed after the grace period, with one line on stderr', () => {
  const r = node(`watchStop({ graceMs: 300 }); for (;;) {}`);
  expect({ status: r.status, signal: r.signal, stderr: r.stderr }).toEqual({
    status: null,
    signal: 'SIGKILL',
    stderr:
      'node-concurrency-spec: the stop did not finish within 0.3 s: process killed (the partial report may be missing)\n',
  });
});

test('a stop that finishes exits at once with its own code; the watchdog keeps nothing alive', () => {
  const r = node(`watchStop({ graceMs: 20_000 }); process.exitCode = 130;`);
  expect({ status: r.status, signal: r.signal, stderr: r.stderr }).toEqual({ status: 130, signal: null, stderr: '' });
  expect(r.ms).toBeLessThan(20_000);
});

test(
  'with stderr closed (a run piped into head) the watchdog still kills',
  { skip: process.platform === 'win32' && 'needs sh' },
  () => {
    // A loop of 20 s that the watchdog must end after 0.3 s; `| true` closes the pipe at once.
    const code = `import { watchStop } from ${JSON.stringify(WATCHDOG)};\nwatchStop({ graceMs: 300 }); const t = Date.now(); while (Date.now() - t < 20_000) {}`;
    const { NODE_V8_COVERAGE, ...env } = process.env;
    const t0 = Date.now();
    const r = spawnSync('sh', ['-c', '"$0" --input-type=module -e "$1" 2>&1 | true', process.execPath, code], {
      env,
      timeout: 30_000,
    });
    expect(r.status).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
  },
);

test('Windows: the trial tree is ended with taskkill /T /F', () => {
  expect(windowsTreeKill(4242)).toEqual(['taskkill', ['/pid', '4242', '/T', '/F']]);
});
