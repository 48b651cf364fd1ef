// Looks at a trial's main thread from the harness (harness/main-watch.js):
// which system call it sleeps in, read from outside while it cannot sample
// itself, and put on the fixture's clock.
import { test, describe } from 'node:test';
import { expect } from 'expect';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { alignLooks, monoMs, watchMainThread } from '../harness/main-watch.js';
import { runFixture } from '../harness/isolate.js';

const proc = createRequire(import.meta.url)('../fixtures/lib/proc.cjs');
// Read where the poll's and futex's numbers are known.
const readable = process.platform === 'linux' && ['x64', 'arm64'].includes(process.arch);

describe('alignLooks: the looks on the fixture clock', () => {
  test('ms since the fixture’s t0, those before it dropped', () => {
    const looks = { mono: [990, 1000, 1012.5], wait: ['running', 'poll', 'futex'] };
    expect(alignLooks(looks, 1000)).toEqual({ t: [0, 12.5], wait: ['poll', 'futex'] });
  });
  test('nothing to align: no looks, or a fixture that reported no t0', () => {
    expect(alignLooks({ mono: [], wait: [] }, 1000)).toBeNull();
    expect(alignLooks({ mono: [1], wait: ['poll'] }, undefined)).toBeNull();
    expect(alignLooks(undefined, 1000)).toBeNull();
  });
});

describe('mainThreadWait and watchMainThread: where a process’s main thread sleeps', { skip: !readable }, () => {
  test('a process that is gone cannot be read', () => {
    expect(proc.mainThreadWait(2 ** 22 + 12345)).toBeNull();
  });
  test('an event loop waiting for a timer sleeps in its poll; one held in Atomics.wait, in futex', async () => {
    const code =
      'setTimeout(() => { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300); setTimeout(() => {}, 300); }, 300)';
    const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
    const t0 = monoMs();
    const watch = watchMainThread(/** @type {number} */ (child.pid), 5);
    await new Promise((resolve) => child.on('exit', resolve));
    const looks = /** @type {import('../harness/main-watch.js').MainLooks} */ (alignLooks(watch.stop(), t0));
    // One stretch in futex as long as the hold, with the loop's poll before it and after it.
    const first = looks.wait.indexOf('futex');
    const last = looks.wait.lastIndexOf('futex');
    expect(first).toBeGreaterThan(0);
    expect(new Set(looks.wait.slice(first, last + 1))).toEqual(new Set(['futex']));
    expect(looks.t[last] - looks.t[first]).toBeGreaterThan(250);
    expect(looks.wait.slice(0, first)).toContain('poll');
    expect(looks.wait.slice(last + 1)).toContain('poll');
  });
  test('a batch trial run with watchMainMs brings its looks back beside what it reported', async () => {
    const { mainLooks, data } = await runFixture({
      node: process.execPath,
      fixture: 'pbkdf2-batch.cjs',
      options: { k: 2, iterations: 20000 },
      watchMainMs: 5,
    });
    expect(typeof data.t0Mono).toBe('number');
    expect(mainLooks?.wait.length).toBeGreaterThan(0);
  });
});
