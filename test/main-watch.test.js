// Looks at a trial's main thread from the harness (harness/main-watch.js):
// which system call it sleeps in, read from outside while it cannot sample
// itself, and put on the fixture's clock.
import { test, describe } from 'node:test';
import { expect } from 'expect';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { alignLooks, watchMainThread } from '../harness/main-watch.js';
import { runFixture } from '../harness/isolate.js';
import { createLauncher } from '../harness/launcher.js';

const require = createRequire(import.meta.url);
const proc = require('../fixtures/lib/proc.cjs');
const { monoMs, monoAt } = require('../fixtures/lib/mono-clock.cjs');
// Read where the poll's and futex's numbers are known.
const readable = process.platform === 'linux' && ['x64', 'arm64'].includes(process.arch);

describe('alignLooks: the looks on the fixture clock', () => {
  const looks = { pid: 42, everyMs: 5, mono: [990, 1000, 1012.5], wait: ['running', 'epoll:13', 'futex'] };
  test('ms since the fixture’s t0, those before it dropped', () => {
    expect(alignLooks(looks, { t0Mono: 1000, pid: 42 })).toEqual({
      everyMs: 5,
      t: [0, 12.5],
      wait: ['epoll:13', 'futex'],
    });
  });
  test('nothing to align: no looks, a fixture that reported no t0, or looks at another process than the one that reported', () => {
    expect(alignLooks({ ...looks, mono: [], wait: [] }, { t0Mono: 1000, pid: 42 })).toBeNull();
    expect(alignLooks(looks, { pid: 42 })).toBeNull();
    expect(alignLooks(undefined, { t0Mono: 1000, pid: 42 })).toBeNull();
    expect(alignLooks(looks, { t0Mono: 1000, pid: 43 })).toBeNull();
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
    const looks = /** @type {import('../harness/main-watch.js').MainLooks} */ (
      alignLooks(watch.stop(), { t0Mono: t0, pid: child.pid })
    );
    // One stretch in futex as long as the hold, with the loop's poll before it and after it (Node
    // may wait in futex for a moment elsewhere too, starting or exiting: the longest stretch is the hold).
    let [first, last] = [-1, -2];
    for (let i = 0, from = 0; i <= looks.wait.length; i++) {
      if (looks.wait[i] === 'futex') continue;
      if (i - 1 - from > last - first) [first, last] = [from, i - 1];
      from = i + 1;
    }
    expect(first).toBeGreaterThan(0);
    expect(looks.t[last] - looks.t[first]).toBeGreaterThan(250);
    const polls = (/** @type {string[]} */ ws) => ws.some((w) => w.startsWith('epoll:'));
    expect(polls(looks.wait.slice(0, first))).toBe(true);
    expect(polls(looks.wait.slice(last + 1))).toBe(true);
  });
  test('held in spawnSync, it polls too, but on an epoll instance it did not have before', async () => {
    const lib = JSON.stringify(require.resolve('../fixtures/lib/proc.cjs'));
    const code = `console.log(JSON.stringify(require(${lib}).eventPollFds())); setTimeout(() => { require('node:child_process').spawnSync('sleep', ['0.3']); setTimeout(() => {}, 200); }, 200)`;
    const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const watch = watchMainThread(/** @type {number} */ (child.pid), 5);
    await new Promise((resolve) => child.on('close', resolve));
    const { wait } = watch.stop();
    /** @type {number[]} */
    const before = JSON.parse(out);
    const fds = (/** @type {boolean} */ known) =>
      new Set(wait.filter((w) => w.startsWith('epoll:') && before.includes(Number(w.slice(6))) === known));
    expect(fds(true).size).toBe(1); // its own loop's, before and after
    expect(fds(false).size).toBe(1); // spawnSync's loop
    expect(wait.filter((w) => fds(false).has(w)).length).toBeGreaterThan(30); // through most of the 300 ms
  });
  test('a batch trial run with watchMainMs brings its looks back beside what it reported', async () => {
    const { mainLooks, data } = await runFixture({
      node: process.execPath,
      fixture: 'pbkdf2-batch.cjs',
      options: { k: 2, iterations: 20000 },
      watchMainMs: 5,
    });
    expect(typeof data.t0Mono).toBe('number');
    expect(mainLooks?.pid).toBe(data.pid);
    expect(mainLooks?.wait.length).toBeGreaterThan(0);
  });
  test('a service the launcher starts with watchMainMs brings its looks back at its stop, idle in its own poll', async () => {
    const machine = /** @type {any} */ ({ node: { path: process.execPath }, env: {}, cpus: null });
    const launcher = createLauncher({ machine });
    try {
      const server = launcher.start('worker-server.cjs', { options: { iterations: 1000 }, watchMainMs: 5 });
      await server.ready;
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { data, mainLooks } = await server.stop();
      const looks = alignLooks(mainLooks, data);
      expect(looks?.everyMs).toBe(5);
      // idle between the start and the stop, it waits in the poll of a loop it had before its workers started
      const own = (/** @type {string} */ w) => data.pollFds.some((/** @type {number} */ fd) => w === `epoll:${fd}`);
      expect(looks?.wait.filter(own).length).toBeGreaterThan(5);
    } finally {
      launcher.dispose();
    }
  });
});

describe('monoAt: a moment of this process on the clock every process reads alike', () => {
  test('never before that clock read just ahead of the moment, nor long after the one read just behind it', () => {
    // Each paired read monoAt takes overstates the clocks' offset by the time between its two
    // reads, never understates it: the estimate is at or after the moment itself.
    const before = monoMs();
    const moment = performance.now();
    const after = monoMs();
    const mono = monoAt(moment);
    expect(mono).toBeGreaterThanOrEqual(before - 0.001);
    expect(mono - after).toBeLessThan(50);
  });
});
