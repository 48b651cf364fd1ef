import { describe, test } from 'node:test';
import { expect } from 'expect';
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  rchar,
  threadReads,
  watchThreads,
  livesOf,
  eventLoops,
  nodeOptionsOf,
  threadCount,
  childProcesses,
  beyondBare,
  startedWaits,
  mainThreadTrial,
  pollsOf,
  launchedReading,
  launchedPart,
  startedActivity,
  otherActivity,
} from '../harness/kits/threads.js';
import { startFixture } from '../harness/isolate.js';
import single, {
  marksOnMain,
  threadsFromOutside,
  childPart,
  NODE_LOOPS,
  besideThePool,
  besidePart,
  othersPart,
  othersBeyondBare,
  BESIDE_POOL,
  POOL_PAGES_PRICED,
} from '../specs/threadpool/main-thread.single.spec.js';
import notAlone, { newLoops } from '../specs/threadpool/main-thread.not-alone.spec.js';
import threadPerCore from '../specs/threadpool/pool.thread-per-core.spec.js';

const MiB = 1048576;
const io = (/** @type {number} */ n) => `rchar: ${n}\nwchar: 0\nsyscr: 3\nsyscw: 0\n`;

describe('per-thread reads, as the harness reads them from /proc', () => {
  test('rchar from an io file; null when the kernel keeps no count', () => {
    expect(rchar(io(1234))).toBe(1234);
    expect(rchar('wchar: 5\n')).toBe(null);
  });
  test(
    'threadReads: the main thread (tid = pid) apart from the sum of the others',
    { skip: process.platform !== 'linux' },
    () => {
      const counts = { 100: 5, 101: 7, 102: 11 };
      const read = {
        tasks: () => Object.keys(counts),
        io: (/** @type {number} */ _pid, /** @type {string} */ tid) => io(counts[/** @type {'100'} */ (tid)]),
      };
      expect(threadReads(100, read)).toEqual({ main: 5, others: 18, threads: 3 });
      expect(threadReads(100, { ...read, io: () => 'nothing' })).toBe(null);
      expect(threadReads(999, { ...read })).toBe(null); // no task with the pid: not a reading of this process
      // a thread gone between the listing and the read is left out
      const gone = {
        ...read,
        io: (/** @type {number} */ p, /** @type {string} */ t) =>
          t === '102'
            ? (() => {
                throw new Error('ENOENT');
              })()
            : read.io(p, t),
      };
      expect(threadReads(100, gone)).toEqual({ main: 5, others: 7, threads: 2 });
    },
  );
  test(
    'threadReads of this process sees its own reads on its main thread',
    { skip: process.platform !== 'linux' },
    () => {
      const r = threadReads(process.pid);
      expect(r?.main).toBeGreaterThan(0);
    },
  );
});

/** @type {{ threadWait: (pid: number, tid: number) => string | null, mainThreadWait: (pid: number) => string | null }} */
const proc = createRequire(import.meta.url)('../fixtures/lib/proc.cjs');

/**
 * Readers for watchThreads that play a script of looks: each call of `tasks`
 * gives the next list (the last one again once the script has run out; an
 * Error entry is thrown), and `done` resolves once all have been read.
 * @param {(string[] | Error)[]} script
 */
function scripted(script) {
  let i = 0;
  /** @type {() => void} */
  let played = () => {};
  const done = new Promise((/** @type {(v?: unknown) => void} */ r) => (played = r));
  // the watch's own timer is unref'd: keep this process up until the script has played
  const alive = setInterval(() => {}, 1000);
  done.then(() => clearInterval(alive));
  const tasks = () => {
    const list = script[Math.min(i, script.length - 1)];
    if (++i >= script.length) played();
    if (list instanceof Error) throw list;
    return list;
  };
  return { tasks, now: () => i * 2, done };
}

describe('nodeOptionsOf: the Node options a process runs with, read from /proc', () => {
  const of = (/** @type {string} */ environ, /** @type {string} */ cmdline) =>
    nodeOptionsOf(1, { environ: () => environ, cmdline: () => cmdline });
  test('none: a plain start of the fixture', () => {
    expect(of('PATH=/bin\0', 'node\0/x/main-thread.cjs\0{"hold":true}\0')).toBeNull();
    expect(of('NODE_OPTIONS=\0', 'node\0/x/main-thread.cjs\0{}\0')).toBeNull();
  });
  test('NODE_OPTIONS, and flags before the script', () => {
    expect(of('NODE_OPTIONS=--inspect\0', 'node\0/x/f.cjs\0')).toBe('--inspect');
    expect(of('A=1\0', 'node\0--import\0hooks.mjs\0/x/f.cjs\0{}\0')).toBe('--import');
    expect(of('NODE_OPTIONS=--require a.js\0', 'node\0--no-warnings\0/x/f.cjs\0')).toBe('--require a.js --no-warnings');
  });
  test('unreadable: null (not Linux, the process gone)', () => {
    const gone = () => {
      throw new Error('ENOENT');
    };
    expect(nodeOptionsOf(1, { environ: gone, cmdline: gone })).toBeNull();
  });
});

describe("a process's threads watched from outside (watchThreads, eventLoops)", () => {
  const kernel = () => false;
  test('a thread seen and then gone by the last look came and went; those still there did not', async () => {
    const { tasks, now, done } = scripted([
      ['100', '101'],
      ['100', '101', '105'],
      ['100', '101', '105'],
      ['100', '101', '105'],
      ['100', '101', '106'],
      ['100', '101', '106'],
    ]);
    const watch = watchThreads(100, { everyMs: 1, tasks, kernel, now });
    await done;
    const lives = watch.stop(); // the last look: the script's last list again
    expect(lives).toMatchObject({ seen: 4 });
    expect(lives?.cameAndWent).toEqual([{ tid: 105, firstMs: 4, lastMs: 8 }]);
    expect(lives?.looks).toBeGreaterThanOrEqual(7);
    expect(watch.stop()).toBe(lives); // stopped once
  });

  test("io_uring's kernel workers, and a thread gone before its kind could be read, are left out", async () => {
    const { tasks, now, done } = scripted([['100'], ['100', '107', '108'], ['100']]);
    // 107 is io_uring's (iou-wrk-*); 108's stat was gone when read
    const kinds = { 100: false, 107: true, 108: null };
    const watch = watchThreads(100, { everyMs: 1, tasks, kernel: (_p, tid) => kinds[/** @type {100} */ (tid)], now });
    await done;
    expect(watch.stop()).toMatchObject({ seen: 1, cameAndWent: [] });
  });

  test('no reading where the last look cannot be read (the process gone, not Linux)', async () => {
    const { tasks, now, done } = scripted([['100'], ['100', '101'], new Error('ENOENT')]);
    const watch = watchThreads(100, { everyMs: 1, tasks, kernel, now });
    await done;
    expect(watch.stop()).toBeNull();
  });

  test(
    'a fixture watched by the launcher: the most threads one look saw, as counted from outside',
    { skip: process.platform !== 'linux' },
    async () => {
      const { startFixture } = await import('../harness/isolate.js');
      const handle = startFixture({ node: process.execPath, fixture: 'bare-threads.cjs', watchThreadsMs: 2 });
      await handle.ready;
      const now = threadCount(/** @type {number} */ (handle.pid));
      const { threadsMost } = await handle.stop();
      expect(now).toBeGreaterThanOrEqual(5); // main, Node's platform threads, the pool
      expect(threadsMost).toBe(now);
    },
  );

  test("threadCount: the program's threads, io_uring's kernel workers and threads gone left out", () => {
    const kernel = (/** @type {number} */ _p, /** @type {number} */ tid) =>
      tid === 30 ? true : tid === 31 ? null : false;
    expect(threadCount(10, { tasks: () => ['10', '11', '30', '31'], kernel })).toBe(2);
    expect(
      threadCount(10, {
        tasks: () => {
          throw new Error('ENOENT');
        },
      }),
    ).toBeNull();
  });

  test('childProcesses: children alive now, and the CPU of those ended (cutime + cstime, 10 ms ticks)', () => {
    // pid (comm with ') (' inside) state ppid … utime stime cutime cstime …
    const stat = () => '10 (node ) (x) S 1 10 10 0 -1 4194560 500 0 0 0 12 3 7 2 20 0 11 0';
    expect(childProcesses(10, { stat, children: () => [] })).toEqual({ alive: [], endedCpuMs: 90 });
    expect(childProcesses(10, { stat, children: () => [12] })?.alive).toEqual([12]);
    const gone = () => {
      throw new Error('ENOENT');
    };
    expect(childProcesses(10, { stat: gone, children: () => [] })).toBeNull();
  });

  test('livesOf: the threads not at the last look, in the order first seen', () => {
    const lives = new Map([
      [10, { firstMs: 0, lastMs: 50, kernel: false }],
      [12, { firstMs: 20, lastMs: 41, kernel: false }],
      [13, { firstMs: 22, lastMs: 30, kernel: true }],
    ]);
    expect(livesOf(lives, new Set([10]), 26)).toEqual({
      looks: 26,
      seen: 2,
      cameAndWent: [{ tid: 12, firstMs: 20, lastMs: 41 }],
    });
  });

  test('eventLoops: the threads in an epoll wait; null where the main thread cannot be read', () => {
    const waits = { 100: 'epoll:16', 101: 'epoll:11', 102: 'futex', 103: 'running', 104: null };
    const read = {
      tasks: () => Object.keys(waits),
      wait: (/** @type {number} */ _pid, /** @type {number} */ tid) => waits[/** @type {100} */ (tid)],
    };
    expect(eventLoops(100, read)).toEqual([100, 101]); // 104: gone meanwhile
    expect(eventLoops(104, read)).toBeNull();
    expect(eventLoops(100, { ...read, tasks: () => [] })).toBeNull();
  });

  // Real processes, read from here: a Worker that ends, one kept in its loop, and a plain process.
  const readable = proc.mainThreadWait(process.pid) !== null;
  test(
    'a Worker that ends comes and goes; one kept waits in an event loop of its own',
    { skip: !readable },
    async () => {
      const code = `const { Worker } = require('node:worker_threads');
      new Worker('setTimeout(() => {}, 60)', { eval: true }).on('exit', () => {
        const kept = new Worker("require('node:worker_threads').parentPort.on('message', () => {})", { eval: true });
        kept.unref();
        kept.on('online', () => setTimeout(() => console.log('ready'), 100));
      });
      setTimeout(() => {}, 5000);`;
      const { lives, loops, pid } = await watchUntilReady(code);
      expect(lives?.cameAndWent).toHaveLength(1);
      const [went] = /** @type {import('../harness/kits/threads.js').ThreadSpan[]} */ (lives?.cameAndWent);
      expect(went.lastMs - went.firstMs).toBeGreaterThan(20);
      expect(loops?.filter((tid) => tid !== pid).length).toBeGreaterThan(NODE_LOOPS);
    },
  );
  test(
    "a plain process: none comes and goes, no event loop but the main one and Node's own",
    { skip: !readable },
    async () => {
      const { lives, loops, pid } = await watchUntilReady(
        "setTimeout(() => console.log('ready'), 150); setTimeout(() => {}, 5000);",
      );
      expect(lives).toMatchObject({ cameAndWent: [] });
      expect(lives?.seen).toBeGreaterThan(1);
      expect(loops?.filter((tid) => tid !== pid).length).toBeLessThanOrEqual(NODE_LOOPS);
      expect(proc.threadWait(pid, 2 ** 22 + 12345)).toBeNull();
    },
  );
});

/**
 * Run `code` in a child Node process, watching its threads from here until
 * it prints 'ready'; then its event loops, and it is ended.
 * @param {string} code
 */
async function watchUntilReady(code) {
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const pid = /** @type {number} */ (child.pid);
  const watch = watchThreads(pid);
  try {
    await new Promise((resolve) => child.stdout.on('data', (d) => String(d).includes('ready') && resolve(null)));
    return { lives: watch.stop(), loops: eventLoops(pid), pid };
  } finally {
    watch.stop();
    child.kill();
  }
}

describe('a fixture that re-executes itself in place (process.execve) cannot report', () => {
  // launchedPart reads the launched process's pid, threads and children: a
  // program that runs again in place (process.execve, Node 22.15+) keeps its
  // pid and starts no child, so those readings cannot see it. What closes
  // that way is the channel: the harness hears a fixture only over IPC, and
  // the IPC descriptor is close-on-exec, so the new image's report goes
  // nowhere (a fixture error), even where it names the old descriptor.
  const REPORT = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'fixtures', 'lib', 'report.cjs');
  const fixture = (/** @type {string} */ body) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ncs-execve-'));
    const file = path.join(dir, 'fixture.cjs');
    writeFileSync(
      file,
      `'use strict';\nconst fs = require('node:fs');\nconst report = require(${JSON.stringify(REPORT)});\n${body}\n`,
    );
    return { file, done: () => rmSync(dir, { recursive: true, force: true }) };
  };
  test('the IPC descriptor a fixture holds is close-on-exec', { skip: process.platform !== 'linux' }, async () => {
    const f = fixture(
      `const fd = process.channel.fd;\nreport.done({ fd, flags: fs.readFileSync('/proc/self/fdinfo/' + fd, 'utf8').match(/flags:\\s*(\\d+)/)[1] });`,
    );
    try {
      const { data } = await startFixture({ node: process.execPath, fixture: f.file }).result;
      expect(Number.isInteger(data.fd)).toBe(true);
      expect(parseInt(data.flags, 8) & 0o2000000).toBe(0o2000000); // O_CLOEXEC
    } finally {
      f.done();
    }
  });
  test(
    'a re-executed fixture reports nothing the harness hears',
    { skip: process.platform !== 'linux' || typeof (/** @type {any} */ (process).execve) !== 'function' },
    async () => {
      const f = fixture(
        [
          'if (!process.env.NCS_REEXECUTED) {',
          "  process.env.UV_THREADPOOL_SIZE = '7';",
          '  const fd = String(process.channel.fd);',
          '  process.execve(process.execPath, [process.execPath, ...process.argv.slice(1)], { ...process.env, NCS_REEXECUTED: "1", NODE_CHANNEL_FD: fd });',
          '} else report.done({ pid: process.pid, size: process.env.UV_THREADPOOL_SIZE });',
        ].join('\n'),
      );
      try {
        const outcome = await startFixture({ node: process.execPath, fixture: f.file, timeoutMs: 5000 }).result.then(
          (r) => ({ data: r.data }),
          (e) => ({ error: String(e?.message ?? e) }),
        );
        // the new image ran (same pid) and its report went nowhere: a fixture error, never a reading
        expect(outcome).toEqual({ error: expect.stringMatching(/exited with code 0 without a result/) });
      } finally {
        f.done();
      }
    },
  );
});

describe("the main-thread specs take the kernel's count", () => {
  const ctx = /** @type {any} */ ({ platform: 'linux', cores: 2, env: {} });
  const kinds = [
    'sync',
    'nextTick',
    'promise',
    'setTimeout',
    'setImmediate',
    'fs.readFile',
    'crypto.pbkdf2',
    'zlib.gzip',
    'crypto.randomBytes',
  ];
  const seen = kinds.map((kind) => ({ kind, tid: 10, threadId: 0, isMainThread: true }));
  const base = {
    pid: 10,
    linux: true,
    seen,
    threadsAtStart: 7,
    threadsAfterPool: 11,
    marks: { mark: 4 * MiB, file: MiB },
  };
  /** A thread of the fixture's as startedActivity reads it from outside. */
  const thread = (/** @type {number} */ tid, /** @type {number} */ cpuMs, /** @type {number} */ rchar, o = {}) => ({
    tid,
    name: 'node',
    cpuMs,
    rchar,
    wait: 'futex',
    ...o,
  });

  test("main-thread.single: every callback's mark counted for the main thread, or a fail", () => {
    const check = /** @type {any} */ (single.plan(ctx)).structural.check;
    expect(check({ ...base, reads: { main: 9 * 4 * MiB + 300_000, others: MiB, threads: 11 } }).ok).toBe(true);
    expect(check({ ...base }).ok).toBe(true); // not read (off Linux, an older record): the reported ids decide
    // three callbacks ran elsewhere, though all reported the main thread's ids
    const lie = check({ ...base, reads: { main: 6 * 4 * MiB + 300_000, others: MiB, threads: 11 } });
    expect(lie.ok).toBe(false);
    expect(lie.detail).toContain(
      'the kernel counted 6 of their 9 marks (4 MiB reads) for the main thread: the other callbacks ran on another thread',
    );
    expect(marksOnMain({ ...base, reads: { main: 4 * MiB - 1, others: 0, threads: 1 } })).toBe(0);
  });

  test('main-thread.single: no JavaScript thread besides the main one, seen from outside, or a fail', () => {
    const check = /** @type {any} */ (single.plan(ctx)).structural.check;
    const read = { reads: { main: 9 * 4 * MiB + 300_000, others: MiB, threads: 11 } };
    const honest = { ...base, ...read, threadsSeen: 11, threadsCameAndWent: [], loops: [10, 11] };
    const ok = check(honest);
    expect(ok.ok).toBe(true);
    expect(ok.detail).toContain(
      "threads seen over the run: 11, none came and went; threads in an event loop besides the main one: 1 (Node's platform keeps 1, its delayed-task scheduler)",
    );
    expect(check({ ...honest, loops: [11] }).ok).toBe(true); // the main thread running as it was read
    // callbacks-off-main-decoy: three Workers, each terminated once its callback ran
    const ended = [
      { tid: 20, firstMs: 40.4, lastMs: 61 },
      { tid: 21, firstMs: 40.4, lastMs: 77.7 },
      { tid: 22, firstMs: 42.4, lastMs: 81.1 },
    ];
    const decoy = check({ ...honest, threadsSeen: 14, threadsCameAndWent: ended });
    expect(decoy.ok).toBe(false);
    expect(decoy.detail).toMatch(
      /^3 threads of the program's ran for 21–39 ms each and ended while the callbacks ran \(tids 20, 21, 22\): JavaScript on other threads; 9 callback kinds/,
    );
    const one = check({ ...honest, threadsSeen: 12, threadsCameAndWent: [ended[0]] });
    expect(one.detail).toContain(
      "a thread of the program's ran for 21 ms and ended while the callbacks ran (tid 20): JavaScript on another thread",
    );
    // callbacks-off-main-kept: the three Workers stay, each in its own event loop
    const kept = check({ ...honest, threadsSeen: 14, loops: [10, 11, 20, 21, 22] });
    expect(kept.ok).toBe(false);
    expect(kept.detail).toMatch(
      /^threads other than the main one wait in an event loop: 4 \(tids 11, 20, 21, 22; Node's platform keeps 1\): JavaScript threads besides the main one; /,
    );
    // both at once: both said
    expect(check({ ...honest, threadsCameAndWent: ended, loops: [10, 11, 23] }).detail).toMatch(
      /JavaScript on other threads; threads other than the main one wait in an event loop: 2/,
    );
    // not read (off Linux, an older record): nothing said, the rest decides
    expect(threadsFromOutside({ ...base, threadsCameAndWent: null, loops: null })).toBeNull();
    expect(threadsFromOutside(base)).toBeNull();
    expect(check({ ...base, ...read, threadsCameAndWent: null, loops: null }).detail).not.toContain('event loop');
    expect(threadsFromOutside({ ...base, threadsSeen: 9, threadsCameAndWent: [], loops: null })).toEqual({
      ok: true,
      detail: 'threads seen over the run: 9, none came and went',
    });
    // Node options in force (--inspect, module hooks): the watch's readings are null, and the detail says why
    const options = check({ ...base, ...read, threadsCameAndWent: null, loops: null, nodeOptions: '--inspect' });
    expect(options.ok).toBe(true);
    expect(options.detail).toMatch(/; the threads not watched from outside: Node options in force \(--inspect\)$/);
  });

  test("main-thread.single: no more threads at its report than a bare Node's with the same settings", () => {
    const check = /** @type {any} */ (single.plan(ctx)).structural.check;
    const read = { reads: { main: 9 * 4 * MiB + 300_000, others: MiB, threads: 11 } };
    const honest = { ...base, ...read, threadsSeen: 11, threadsCameAndWent: [], loops: [10, 11] };
    const same = check({ ...honest, threadsAtReport: 11, bareThreads: 11 });
    expect(same.ok).toBe(true);
    expect(same.detail).toMatch(/; threads at its report: 11 \(a bare Node with the same settings: 11\)$/);
    expect(check({ ...honest, threadsAtReport: 10, bareThreads: 11 }).ok).toBe(true);
    // callbacks-off-main-asleep: three Workers kept in Atomics.wait, in no event loop
    const asleep = check({ ...honest, threadsSeen: 14, threadsAtReport: 14, bareThreads: 11 });
    expect(asleep.ok).toBe(false);
    expect(asleep.detail).toMatch(
      /^threads at its report: 14, 3 more than a bare Node with the same settings after a pool use \(11\): threads of the program's own; 9 callback kinds/,
    );
    expect(beyondBare(12, 11, 'at once')?.detail).toBe(
      "threads at once: 12, 1 more than a bare Node with the same settings after a pool use (11): a thread of the program's own",
    );
    // a pool one short (P - 1 threads took a request each): the count beside a bare Node's cannot stand
    const short = check({ ...honest, threadsAtReport: 11, bareThreads: 11, poolParked: 3 });
    expect(short).toMatchObject({ ok: false, invalid: true });
    expect(short.detail).toContain('3 of the 4 pool threads took a pool request each');
    expect(check({ ...honest, threadsAtReport: 11, bareThreads: 11, poolParked: 4 }).ok).toBe(true);
    // either not read: nothing said
    expect(beyondBare(11, null, 'at once')).toBeNull();
    expect(beyondBare(undefined, 11, 'at once')).toBeNull();
  });

  test('main-thread.single: the threads the first pool use started, told apart by what they did (b12a-hidden-thread)', () => {
    const check = /** @type {any} */ (single.plan(ctx)).structural.check;
    const read = { reads: { main: 9 * 4 * MiB + 300_000, others: MiB, threads: 11 } };
    const honest = { ...base, ...read, threadsSeen: 11, threadsCameAndWent: [], loops: [10, 11] };
    // honest (Node 20–26): the P threads started at the first pool use each took a pool request
    const pool = [thread(20, 0.35, 7488), thread(21, 0.86, 524288), thread(22, 2.65, 524288), thread(23, 0.42, 0)];
    const whole = { ...honest, poolStarted: [20, 21, 22, 23], parkedStarted: [20, 21, 22, 23], startedThreads: pool };
    const ok = check({ ...whole, threadsAtReport: 11, bareThreads: 11, newParked: 4, poolParked: 4 });
    expect(ok).toMatchObject({ ok: true });
    expect(ok.detail).toContain(
      '4 thread(s) started since its load took a pool request each, CPU 0.3–2.6 ms, reads at most 0.50 MiB each; none beside them',
    );
    // b12a-hidden-thread: P − 1 took a request, the fourth is a Worker that ran the gzip callback's work
    const hidden = [thread(20, 52.6, 4199748), ...pool.slice(1)];
    const sab = {
      ...whole,
      parkedStarted: [21, 22, 23],
      startedThreads: hidden,
      threadsAtReport: 11,
      bareThreads: 11,
      newParked: 3,
      poolParked: 3,
    };
    const caught = check(sab);
    expect(caught.ok).toBe(false);
    expect(caught.invalid).toBeUndefined();
    expect(caught.detail).toMatch(
      /^a thread started since its load ran work of the program's own while the callbacks ran \(tid 20 'node': 52\.6 ms of CPU, read 4\.01 MiB, waits in futex; /,
    );
    expect(caught.detail).toContain(
      'JavaScript off the main thread; 3 thread(s) started since its load took a pool request each',
    );
    // L-hidden-thread-quiet: the Worker read nothing, its CPU alone; on Node 24 on, its name too
    expect(check({ ...sab, startedThreads: [thread(20, 36.7, 0), ...pool.slice(1)] })).toMatchObject({ ok: false });
    // … and its heap: a Worker's start under the CPU bound (Node 20 here: 18.3–20.0 ms, some 1 700
    // faults) is against by the pages it faulted, not contested
    const quietHeap = check({ ...sab, startedThreads: [thread(20, 18.3, 9523, { faults: 1684 }), ...pool.slice(1)] });
    expect(quietHeap).toMatchObject({ ok: false });
    expect(quietHeap.invalid).toBeUndefined();
    expect(quietHeap.detail).toContain(
      "(tid 20 'node': 18.3 ms of CPU, 1684 page faults, read 0.01 MiB, waits in futex; at or past 20 ms of CPU or 1024 page faults,",
    );
    // the pool's honest faults (269–404 together, Node 20–26) are far from the bound, and one short of it is
    // judged by its CPU as before
    const shortOfHeap = besideThePool({
      ...sab,
      startedThreads: [thread(20, 1, 0, { faults: BESIDE_POOL.faults - 1 }), ...pool.slice(1)],
    });
    expect(shortOfHeap).toMatchObject({ against: [], contested: [] });
    expect(shortOfHeap?.idle).toHaveLength(1);
    // a pool thread is held to the same bound: an isolate parked in the pool's place
    const heapInPool = besideThePool({
      ...whole,
      startedThreads: [thread(20, 3, 0, { faults: 2100 }), ...pool.slice(1)],
    });
    expect(heapInPool?.against).toHaveLength(1);
    expect(
      check({ ...sab, startedThreads: [thread(20, 1, 0, { name: 'WorkerThread' }), ...pool.slice(1)] }).invalid,
    ).toBeUndefined();
    // a thread of its own in an event loop, however little it did
    expect(
      besideThePool({ ...sab, startedThreads: [thread(20, 1, 0, { wait: 'epoll:9' }), ...pool.slice(1)] })?.against,
    ).toHaveLength(1);
    // near a bound (between the pool's most and a JavaScript thread's start, or more than the whole file read): contested
    const near = check({ ...sab, startedThreads: [thread(20, BESIDE_POOL.contestedCpuMs + 1, 0), ...pool.slice(1)] });
    expect(near).toMatchObject({ ok: false, invalid: true, contested: true });
    expect(near.detail).toContain('3 of the 4 pool threads took a pool request each');
    expect(near.detail).toContain(
      "a reading of the threads started since its load near a bound (tid 20 'node': 6.0 ms of CPU",
    );
    expect(besidePart({ ...sab, startedThreads: [thread(20, 1, 2 * MiB), ...pool.slice(1)] })).toMatchObject({
      ok: false,
      contested: true,
    });
    // the same near reading with the pool whole holds back a pass too
    const nearWhole = check({
      ...whole,
      poolStarted: [20, 21, 22, 23, 24],
      startedThreads: [...pool, thread(24, 7, 0)],
      threadsAtReport: 11,
      bareThreads: 11,
      poolParked: 4,
    });
    expect(nearWhole).toMatchObject({ ok: false, invalid: true, contested: true });
    // … but never a fail the rest reads (a thread that came and went) into a contested void
    const nearAndEnded = check({
      ...whole,
      poolStarted: [20, 21, 22, 23, 24],
      startedThreads: [...pool, thread(24, 7, 0)],
      poolParked: 4,
      threadsCameAndWent: [{ tid: 30, firstMs: 40, lastMs: 61 }],
    });
    expect(nearAndEnded.ok).toBe(false);
    expect(nearAndEnded.invalid).toBeUndefined();
    // r1-hidden-thread-parked: the Worker also parked in open(2) with the pool, so the fixture's census counts
    // it among the pool's (the pool looks whole): held to the same bounds, its work is against the claim
    const parkedAmong = check({
      ...whole,
      startedThreads: hidden,
      threadsAtReport: 11,
      bareThreads: 11,
      poolParked: 4,
    });
    expect(parkedAmong).toMatchObject({ ok: false });
    expect(parkedAmong.invalid).toBeUndefined();
    expect(parkedAmong.detail).toContain("(pool tid 20 'node': 52.6 ms of CPU, read 4.01 MiB, waits in futex;");
    // … the pool's threads near a bound together (their shared native work, the same on any P) hold back a pass
    const poolNear = check({
      ...whole,
      startedThreads: [thread(20, 7, 0), ...pool.slice(1)],
      threadsAtReport: 11,
      bareThreads: 11,
      poolParked: 4,
    });
    expect(poolNear).toMatchObject({ ok: false, invalid: true, contested: true });
    expect(poolNear.detail).toContain("the pool's 4 thread(s) together 10.9 ms of CPU");
    // … with their page faults priced (a host whose pages are dear: Node 26 read 400–405 faults
    // in 7.7–9.7 ms), what is left is judged: clear where their faults explain it …
    const faulted = [thread(20, 7, 0, { faults: 180 }), ...pool.slice(1).map((t) => ({ ...t, faults: 120 }))];
    const paged = { ...whole, startedThreads: faulted, threadsAtReport: 11, bareThreads: 11, poolParked: 4 };
    const pagesOk = check({ ...paged, faultCpuUs: 14, pages: { residentGained: 700 } });
    expect(pagesOk).toMatchObject({ ok: true });
    expect(pagesOk.detail).toContain(
      'together 10.9 ms of CPU, 540 page faults, 512 priced (at most the pages the process gained and 512) at 14.00 µs each: 7.2 ms: 3.8 ms left',
    );
    // … at most the pages the process gained (faults that map the zero page make nothing resident) …
    const fewGained = check({ ...paged, faultCpuUs: 14, pages: { residentGained: 50 } });
    expect(fewGained).toMatchObject({ ok: false, invalid: true, contested: true });
    expect(fewGained.detail).toContain('540 page faults, 50 priced (at most the pages the process gained and 512)');
    // … and at most POOL_PAGES_PRICED, whatever the pages gained: a pool that fills fresh memory
    // of its own (four 3.5 MiB reads of /dev/zero, some 900 faults a thread) is judged as it cost
    const filled = pool.map((t, i) => ({ ...t, cpuMs: 13, faults: 900 + i }));
    const fill = besideThePool({ ...paged, startedThreads: filled, faultCpuUs: 13, pages: { residentGained: 4000 } });
    expect(fill?.paged).toMatchObject({ faults: 3606, priced: POOL_PAGES_PRICED });
    expect(fill?.contested).toHaveLength(1);
    // … and as it read where the price, the pages gained or a thread's faults are not known
    for (const o of [
      { faultCpuUs: null, pages: { residentGained: 700 } },
      { faultCpuUs: 14, pages: { residentGained: null } },
      { faultCpuUs: 14 },
    ])
      expect(check({ ...paged, ...o })).toMatchObject({ contested: true });
    expect(
      check({
        ...paged,
        startedThreads: [thread(20, 7, 0), ...faulted.slice(1)],
        faultCpuUs: 14,
        pages: { residentGained: 700 },
      }),
    ).toMatchObject({ contested: true });
    // … and no price takes a thread at or past its own bound off the claim's against
    const pricedAgainst = besideThePool({
      ...paged,
      startedThreads: [thread(20, BESIDE_POOL.cpuMs + 1, 0, { faults: 1500 }), ...faulted.slice(1)],
      faultCpuUs: 14,
      pages: { residentGained: 5000 },
    });
    expect(pricedAgainst?.against).toHaveLength(1);
    // … but a pool of one that did the whole pool's work, and read the whole file, is clear
    // (UV_THREADPOOL_SIZE=1: one thread takes every request)
    const poolOfOne = besideThePool({
      ...whole,
      poolStarted: [20],
      parkedStarted: [20],
      startedThreads: [thread(20, 4.2, MiB + 7488)],
    });
    expect(poolOfOne).toMatchObject({ against: [], contested: [], idle: [] });
    expect(poolOfOne?.pool).toHaveLength(1);
    // a thread that started and did nothing is not against the claim; with the pool short, the count stays void
    const idle = check({ ...sab, startedThreads: [thread(20, 0.1, 0), ...pool.slice(1)] });
    expect(idle).toMatchObject({ ok: false, invalid: true });
    expect(idle.contested).toBeUndefined();
    expect(idle.detail).toContain("beside them, idle: tid 20 'node': 0.1 ms of CPU, read 0.00 MiB, waits in futex");
    // a reading not taken (a thread's CPU unread): never clear of work, contested
    expect(
      besideThePool({ ...sab, startedThreads: [thread(20, 0.1, 0, { cpuMs: null }), ...pool.slice(1)] })?.contested,
    ).toHaveLength(1);
    // the pool's threads not identified (no park reading: off Linux, an older record): the void stays, with its reason
    const { parkedStarted: _, ...unparked } = sab;
    expect(besideThePool(unparked)).toBeNull();
    expect(check(unparked)).toMatchObject({ ok: false, invalid: true });
    expect(check(unparked).detail).toBe(
      "3 of the 4 pool threads took a pool request each: the threads beside the pool's cannot be counted",
    );
  });

  test("main-thread.single: the threads its first pool use did not start are Node's own, the main thread aside (L-elder-thread)", () => {
    const check = /** @type {any} */ (single.plan(ctx)).structural.check;
    const read = { reads: { main: 9 * 4 * MiB + 300_000, others: MiB, threads: 11 } };
    const honest = { ...base, ...read, threadsSeen: 11, threadsCameAndWent: [], loops: [10, 11] };
    const t = (/** @type {number} */ tid, /** @type {number} */ cpuMs, /** @type {number} */ faults, o = {}) =>
      thread(tid, cpuMs, 0, { faults, ...o });
    // honest (Node 20–26): the platform's threads, at most 2.8 ms of CPU and 227 faults each
    const node = [t(11, 0.1, 4, { wait: 'epoll:10' }), t(12, 2.8, 227), t(13, 0.6, 60), t(14, 0.1, 1)];
    const ok = check({ ...honest, otherThreads: node });
    expect(ok.ok).toBe(true);
    expect(ok.detail).toContain(
      '4 thread(s) besides the main one not started by its first pool use, CPU at most 2.8 ms, 227 page faults at most',
    );
    // L-elder-thread: a Worker started at load, the pool one short, so the count is a bare Node's:
    // against by its faults (a Worker's start, 1 590–2 421), however little CPU it took …
    const worker = t(15, 12.5, 1596);
    const caught = check({
      ...honest,
      otherThreads: [...node, worker],
      threadsAtReport: 11,
      bareThreads: 11,
      poolParked: 3,
    });
    expect(caught.ok).toBe(false);
    expect(caught.invalid).toBeUndefined();
    expect(caught.detail).toMatch(
      /^a thread not started by its first pool use ran work of the program's own \(tid 15 'node': 12\.5 ms of CPU, 1596 page faults, read 0\.00 MiB, waits in futex; at or past 20 ms of CPU or 1024 page faults, a 4\.00 MiB mark read or a JavaScript thread's name\): JavaScript off the main thread; 9 callback kinds/,
    );
    // … or its CPU, a mark it read, or its name (Node 24 on)
    expect(othersPart({ otherThreads: [t(15, BESIDE_POOL.cpuMs, 10)] })?.ok).toBe(false);
    expect(othersPart({ otherThreads: [t(15, 1, 10, { rchar: 4 * MiB })] })?.ok).toBe(false);
    expect(othersPart({ otherThreads: [t(15, 1, 10, { name: 'WorkerThread' })] })?.ok).toBe(false);
    // Node's own names are not a JavaScript thread's (Node 24: V8Worker, 26: node-V8Worker, DelayedTaskSche, SignalInspector)
    const named = ['V8Worker', 'node-V8Worker', 'DelayedTaskSche', 'SignalInspector'].map((name, i) =>
      t(20 + i, 1, 100, { name }),
    );
    expect(othersPart({ otherThreads: named })?.ok).toBe(true);
    // just short of every bound: Node's own, no contested band (the pool's count holds the rest)
    expect(othersPart({ otherThreads: [t(15, BESIDE_POOL.cpuMs - 0.1, BESIDE_POOL.faults - 1)] })?.ok).toBe(true);
    // counted: a thread beside Node's own, whatever it did (a Worker started at load that a later
    // start left cheap, renamed), with the pool one short so that the whole count is a bare Node's
    const short = { ...honest, poolStarted: [20, 21, 22], threadsAtReport: 11, bareThreads: 11, poolParked: 3 };
    const counted = check(short);
    expect(counted).toMatchObject({ ok: false });
    expect(counted.invalid).toBeUndefined();
    expect(counted.detail).toMatch(
      /^threads its first pool use did not start: 8, 1 more than a bare Node with the same settings keeps beside its pool of 4 \(7\): a thread of the program's own; 9 callback kinds/,
    );
    expect(othersBeyondBare({ poolStarted: [20, 21, 22, 23], threadsAtReport: 11, bareThreads: 11 }, 4)).toEqual({
      ok: true,
      detail: "threads its first pool use did not start: 7 (a bare Node's beside its pool of 4: 7)",
    });
    // a pool one short and nothing beside Node's own: the count stands, the pool's void stays
    const shortOnly = check({ ...short, threadsAtReport: 10 });
    expect(shortOnly).toMatchObject({ ok: false, invalid: true });
    // a pool one larger (pool-size=5): Node's own as a bare Node's, no fail here
    expect(othersBeyondBare({ poolStarted: [20, 21, 22, 23, 24], threadsAtReport: 12, bareThreads: 11 }, 4)?.ok).toBe(
      true,
    );
    expect(othersBeyondBare({ threadsAtReport: 11, bareThreads: 11 }, 4)).toBeNull();
    // not read (off Linux, an older record): nothing said, the rest decides
    expect(othersPart({})).toBeNull();
    expect(check(honest).ok).toBe(true);
  });

  test('otherActivity: every thread but the main one and those the first pool use started', () => {
    /** @type {[number, unknown][]} */ const asked = [];
    const got = otherActivity(10, [20, 21], {
      list: () => [10, 11, 12, 20, 21],
      activity: (pid, tids) => (asked.push([pid, tids]), []),
    });
    if (process.platform !== 'linux') return expect(got).toBeNull();
    expect(got).toEqual([]);
    expect(asked).toEqual([[10, [10, 11, 12]]]); // startedActivity leaves the main thread out
    expect(otherActivity(10, undefined, { list: () => [10] })).toBeNull();
    expect(otherActivity(10, [20], { list: () => null })).toBeNull();
  });

  test('startedActivity: what each started thread did, read from outside; a thread gone left out', () => {
    const names = /** @type {Record<number, string>} */ ({ 20: 'libuv-worker', 21: 'WorkerThread' });
    const got = startedActivity(10, [10, 20, 21, 22], {
      name: (_, tid) => {
        if (!names[tid]) throw new Error('gone');
        return names[tid];
      },
      cpuNs: (tid) => (tid === 20 ? 1_500_000 : NaN),
      io: (_, tid) => io(tid === 20 ? 524288 : 4 * MiB),
      wait: (_, tid) => (tid === 20 ? 'futex' : null),
      // a stat line whose command name holds spaces and a parenthesis; minflt is its tenth field
      stat: (_, tid) => {
        if (tid !== 20) throw new Error('gone');
        return '20 (libuv (x) w) S 1 10 10 0 -1 4194368 131 0 0 0 0 0 0 0 20 0 11 0';
      },
    });
    if (process.platform !== 'linux') return expect(got).toBeNull();
    expect(got).toEqual([
      { tid: 20, name: 'libuv-worker', cpuMs: 1.5, rchar: 524288, wait: 'futex', faults: 131 },
      { tid: 21, name: 'WorkerThread', cpuMs: null, rchar: 4 * MiB, wait: null, faults: null },
    ]);
    expect(startedActivity(10, undefined)).toBeNull();
  });

  test("main-thread.single: no process of the program's own, alive at its report or ended", () => {
    const check = /** @type {any} */ (single.plan(ctx)).structural.check;
    const read = { reads: { main: 9 * 4 * MiB + 300_000, others: MiB, threads: 11 } };
    const honest = { ...base, ...read, threadsSeen: 11, threadsCameAndWent: [], loops: [10, 11] };
    const none = check({ ...honest, children: { alive: [], endedCpuMs: 0 } });
    expect(none.ok).toBe(true);
    expect(none.detail).toMatch(/; processes it started: none$/);
    // callbacks-off-main-child: three children, each ended once its callback reported
    const ended = check({ ...honest, children: { alive: [], endedCpuMs: 90 } });
    expect(ended.ok).toBe(false);
    expect(ended.detail).toMatch(
      /^processes it started: ended ones that used 90 ms of CPU: JavaScript in another process; 9 callback kinds/,
    );
    expect(childPart({ alive: [41, 42], endedCpuMs: 0 })?.detail).toBe(
      'processes it started: 2 alive at its report (pid 41, 42): JavaScript in another process',
    );
    expect(childPart(null)).toBeNull();
  });

  test("main-thread.not-alone: the pool's first request read off the main thread, or a fail", () => {
    const check = /** @type {any} */ (notAlone.plan(ctx)).structural.check;
    expect(check({ ...base, reads: { main: 40 * MiB, others: MiB + 5000, threads: 11 } }).ok).toBe(true);
    expect(check({ ...base }).ok).toBe(true);
    // P new threads, but the file was read on the main thread
    const lie = check({ ...base, reads: { main: 41 * MiB, others: 20_000, threads: 11 } });
    expect(lie.ok).toBe(false);
    expect(lie.detail).toContain('the threads besides the main one read 0.02 MiB');
  });

  test('main-thread.not-alone: the threads the first pool use started take pool requests (pool-stand-ins)', () => {
    const check = /** @type {any} */ (notAlone.plan(ctx)).structural.check;
    const read = { reads: { main: 40 * MiB, others: MiB + 5000, threads: 11 } };
    expect(check({ ...base, ...read, newParked: 4, poolParked: 4 })).toMatchObject({ ok: true });
    // the pool's own threads came later: the new ones take none
    const standIns = check({ ...base, ...read, newParked: 0, poolParked: 4 });
    expect(standIns).toMatchObject({ ok: false });
    expect(standIns.invalid).toBeUndefined();
    expect(standIns.detail).toContain('0 of them took a pool request each (expected 4)');
    // fewer parked at all: a park cut short shows nothing
    expect(check({ ...base, ...read, newParked: 3, poolParked: 3 })).toMatchObject({ ok: false, invalid: true });
  });

  test('main-thread.not-alone: none of the threads the pool started waits in an event loop (pool-one-short)', () => {
    const check = /** @type {any} */ (notAlone.plan(ctx)).structural.check;
    const read = { reads: { main: 40 * MiB, others: MiB + 5000, threads: 11 }, newParked: 4, poolParked: 4 };
    const waits = (/** @type {string[]} */ w) => w.map((wait, i) => ({ tid: 20 + i, wait }));
    // honest (Node 20–26): every pool thread on its condition variable, or just running
    const honest = check({ ...base, ...read, poolWaits: waits(['futex', 'futex', 'running', 'futex']) });
    expect(honest).toMatchObject({ ok: true });
    expect(honest.detail).toContain('none of them waits in an event loop');
    // three pool threads and a Worker that took the fourth request in a copyFileSync
    const worker = check({ ...base, ...read, poolWaits: waits(['futex', 'futex', 'futex', 'epoll:21']) });
    expect(worker).toMatchObject({ ok: false });
    expect(worker.invalid).toBeUndefined();
    expect(worker.detail).toContain('1 of them waits in an event loop of its own (epoll_wait, tid 23)');
    // not read (off Linux, an older record): left out
    expect(check({ ...base, ...read })).toMatchObject({ ok: true });
    expect(check({ ...base, ...read, poolWaits: null })).toMatchObject({ ok: true });
    // a thread gone meanwhile (null) is no event loop
    expect(check({ ...base, ...read, poolWaits: waits(['futex', null, 'futex', 'futex']) })).toMatchObject({
      ok: true,
    });
  });

  test("main-thread.not-alone: the report is the launched process's own (v8-one-idle-worker)", () => {
    const check = /** @type {any} */ (notAlone.plan(ctx)).structural.check;
    const read = { reads: { main: 40 * MiB, others: MiB + 5000, threads: 11 }, newParked: 4, poolParked: 4 };
    // honest: the pid spawned, its pool threads, no child
    const honest = check({ ...base, ...read, pid: 100, launched: { pid: 100, children: [], foreign: [] } });
    expect(honest).toMatchObject({ ok: true });
    expect(honest.detail).toContain("the report is the launched process's own");
    // run again as a child, its report relayed: another pid, its threads, a child
    const relayed = check({
      ...base,
      ...read,
      pid: 113,
      launched: { pid: 100, children: [113], foreign: [114, 115, 116, 117] },
    });
    expect(relayed).toMatchObject({ ok: false });
    expect(relayed.invalid).toBeUndefined();
    expect(relayed.detail).toContain("the report is process 113's, not the launched process's (100)");
    expect(relayed.detail).toContain('4 of the threads it names are not the launched process');
    expect(relayed.detail).toContain('runs 1 process(es) of its own (pid 113)');
    // the relayed program's parks are its child's, which the harness does not watch: none
    // seen parked is no void where the report is not the launched process's
    const unseen = { ...base, ...read, poolParked: 0, pid: 113 };
    const relayedUnseen = check({ ...unseen, launched: { pid: 100, children: [113], foreign: [114, 115, 116, 117] } });
    expect(relayedUnseen).toMatchObject({ ok: false });
    expect(relayedUnseen.invalid).toBeUndefined();
    // the launched process's own report with too few seen parked: void, as before
    expect(check({ ...unseen, pid: 100, launched: { pid: 100, children: [], foreign: [] } })).toMatchObject({
      invalid: true,
    });
    // each fault alone
    expect(launchedPart({ pid: 100, children: [101], foreign: [] }, 100)?.ok).toBe(false);
    expect(launchedPart({ pid: 100, children: [], foreign: [7] }, 100)?.ok).toBe(false);
    expect(launchedPart({ pid: 100, children: [], foreign: [] }, 99)?.ok).toBe(false);
    // not read (off Linux, an older record): left out
    expect(check({ ...base, ...read })).toMatchObject({ ok: true });
    expect(launchedPart(null, 100)).toBeNull();
    expect(launchedPart(undefined, 100)).toBeNull();
  });

  test("launchedReading: the threads named that are not the process's, and its children", () => {
    const tasks = () => ['100', '101', '102'];
    expect(launchedReading(100, [101, 102, 7], { tasks, children: () => [300] })).toEqual(
      process.platform === 'linux' ? { pid: 100, children: [300], foreign: [7] } : null,
    );
    const gone = () => {
      throw new Error('ENOENT');
    };
    expect(launchedReading(100, [101], { tasks: gone, children: () => [] })).toBeNull();
    expect(launchedReading(undefined, [101], { tasks, children: () => [] })).toBeNull();
  });

  test('main-thread.not-alone: no event loop comes with the pool threads (pool-atomic-stand-ins)', () => {
    const check = /** @type {any} */ (notAlone.plan(ctx)).structural.check;
    const read = { reads: { main: 40 * MiB, others: MiB + 5000, threads: 11 }, newParked: 4, poolParked: 4 };
    // honest (Node 20–26, 24 trials): 3 epoll instances before the pool's start and after it
    const honest = check({ ...base, ...read, pollsAcross: { before: 3, after: 3 } });
    expect(honest).toMatchObject({ ok: true });
    expect(honest.detail).toContain('no event loop came with them (3 epoll instances, as before the pool)');
    // P Workers standing in for the pool, asleep in Atomics.wait: one loop each
    const standIns = check({ ...base, ...read, pollsAcross: { before: 3, after: 7 } });
    expect(standIns).toMatchObject({ ok: false });
    expect(standIns.invalid).toBeUndefined();
    expect(standIns.detail).toContain('3 epoll instances before the pool started and 7 after (+4; expected +0');
    // not read (off Linux, an older record, the process unreadable): left out
    expect(check({ ...base, ...read })).toMatchObject({ ok: true });
    expect(check({ ...base, ...read, pollsAcross: { before: null, after: 7 } })).toMatchObject({ ok: true });
    expect(newLoops({ before: 3, after: null })).toEqual({ ok: true, text: '' });
    // beside a bare Node's count (3 on Node 20–26)
    expect(newLoops({ before: 3, after: 3, bare: 3 })).toEqual({
      ok: true,
      text: '; no event loop came with them (3 epoll instances, as before the pool; a bare Node with the same settings has 3)',
    });
    // stand-ins started before the count before the pool: in both counts, not in a bare Node's
    const early = newLoops({ before: 7, after: 7, bare: 3 });
    expect(early.ok).toBe(false);
    expect(early.text).toBe(
      "; 7 epoll instances once it had reported, as before the pool, 4 more than a bare Node with the same settings after a pool use (3): threads with a loop of the program's own",
    );
    // the count before left out (the fixture went on without the word): the bare Node's still decides
    expect(newLoops({ before: null, after: 7, bare: 3 }).ok).toBe(false);
    expect(newLoops({ before: null, after: 3, bare: 3 })).toEqual({
      ok: true,
      text: '; 3 epoll instances once it had reported; a bare Node with the same settings has 3',
    });
    // Node options in force (a preload may start a Worker at the first pool use): not counted
    expect(newLoops({ before: null, after: null, nodeOptions: '--require x.cjs' })).toEqual({
      ok: true,
      text: '; event loops not counted: Node options in force (--require x.cjs)',
    });
  });

  test('pollsOf: the epoll instances of a process, read from outside; null where unread', () => {
    expect(pollsOf(7, { eventPollFds: (p) => (p === 7 ? [3, 9] : null) })).toBe(2);
    expect(pollsOf(8, { eventPollFds: () => null })).toBeNull();
    expect(pollsOf(undefined, { eventPollFds: () => [1] })).toBeNull();
  });

  test(
    'mainThreadTrial pollsAcross: the epoll instances read from outside across the pool start',
    { skip: process.platform !== 'linux' },
    async () => {
      /** @type {any} */
      const ctx = {
        start: (/** @type {string} */ fixture, /** @type {any} */ o = {}) =>
          startFixture({
            node: process.execPath,
            fixture,
            options: o.options,
            timeoutMs: o.timeoutMs,
            onMessage: o.onMessage,
          }),
      };
      // the pool's start brings no event loop: the same count before and after it
      const obs = await mainThreadTrial(ctx, { pollsAcross: true });
      expect(typeof obs.pollsAcross.before).toBe('number');
      expect(obs.pollsAcross.after).toBe(obs.pollsAcross.before);
      // without it, no such reading (and no gate)
      expect((await mainThreadTrial(ctx)).pollsAcross).toBeUndefined();
      // a harness that never answers the word before the pool: the fixture goes on after
      // its bounded wait, says so (`unanswered`), and the reading is left out
      /** @type {any} */
      const mute = {
        start: (/** @type {string} */ f, /** @type {any} */ o = {}) => ctx.start(f, { ...o, onMessage: () => {} }),
      };
      const unanswered = await mainThreadTrial(mute, { pollsAcross: true });
      expect(unanswered.unanswered).toEqual(['before-pool']);
      // the count before left out; the count after the report, and a bare Node's, still read
      expect(unanswered.pollsAcross).toEqual({
        before: null,
        after: obs.pollsAcross.after,
        bare: obs.pollsAcross.bare,
      });
      expect(obs.pollsAcross.bare).toBe(obs.pollsAcross.after);
    },
  );

  test(
    'mainThreadTrial: the FIFOs it made for parkNew go at once where the fixture could not start',
    { skip: process.platform !== 'linux' },
    async () => {
      const scratch = mkdtempSync(path.join(tmpdir(), 'ncs-fifos-'));
      try {
        /** @type {any} */
        const ctx = {
          platform: 'linux',
          tmpdir: scratch,
          poolSize: 4,
          env: {},
          start: () => {
            // the FIFOs are made before the start: there, in the scratch directory
            expect(readdirSync(scratch).length).toBeGreaterThan(0);
            throw new Error('could not start');
          },
        };
        await expect(mainThreadTrial(ctx, { parkNew: true })).rejects.toThrow('could not start');
        expect(readdirSync(scratch)).toEqual([]);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  );

  test(
    'startedWaits: where each thread the fixture named waits, the main thread left out',
    { skip: process.platform !== 'linux' },
    () => {
      const wait = (/** @type {number} */ _pid, /** @type {number} */ tid) => (tid === 12 ? 'epoll:9' : 'futex');
      expect(startedWaits(10, [11, 12, 10, 'x'], wait)).toEqual([
        { tid: 11, wait: 'futex' },
        { tid: 12, wait: 'epoll:9' },
      ]);
      expect(startedWaits(10, undefined, wait)).toBeNull();
    },
  );
});

describe('pool.thread-per-core', () => {
  test('the first trial of each pair reads late too (a run stopped after its first trial has it)', async () => {
    const plan = /** @type {any} */ (threadPerCore.plan(/** @type {any} */ ({ cores: 2, poolSize: 4 })));
    // off Linux the probe runs plainly: its options, as the fixture would get them
    const c = { platform: 'darwin', run: async (/** @type {string} */ _f, /** @type {any} */ o) => o };
    const late = [];
    for (const n of [1, 2, 3, 4]) late.push((await plan.trial(c, n)).options.lateAtWork ?? false);
    expect(late).toEqual([true, false, true, false]);
  });
  const check = /** @type {any} */ (threadPerCore.plan(/** @type {any} */ ({ cores: 2, poolSize: 4 }))).structural
    .check;
  const all = { 11: [0, 1], 12: [0, 1], 13: [0, 1], 14: [0, 1] };
  const probe = (/** @type {any} */ atWork) => ({
    parked: 4,
    blocked: 4,
    poolThreads: [11, 12, 13, 14],
    affinity: { process: [0, 1], threads: all, ...(atWork === undefined ? {} : { threadsAtWork: atWork }) },
    launch: { plain: true, env: ['HOME', 'LANG', 'PATH', 'PWD'] },
  });
  test('every thread on every CPU, waiting and at work: as libuv does (the claim refuted)', () => {
    expect(check(probe({ lists: all, running: 4 }))).toMatchObject({ ok: true });
    expect(check(probe(undefined))).toMatchObject({ ok: true }); // a record from before
  });
  test('every hash ended before the lists were read at work: the idle lists alone void the trial', () => {
    const unread = check(probe(null));
    expect(unread).toMatchObject({ ok: false, invalid: true });
    // read while hashes ran, but no list could be read (the threads gone): void too
    expect(check(probe({ lists: { 11: null, 12: null }, running: 4 }))).toMatchObject({ ok: false, invalid: true });
    expect(unread.detail).toMatch(/^every hash ended before the lists were read at work; 4 pool threads/);
    // a failure the idle lists show stands
    const idlePinned = probe(null);
    idlePinned.affinity.threads = { ...all, 11: [0] };
    expect(check(idlePinned)).toMatchObject({ ok: false });
    expect(check(idlePinned).invalid).toBeUndefined();
  });
  test('threads placed one per CPU only while hashes run are seen (pool-pin-on-cpu-work)', () => {
    const pinned = check(probe({ lists: { 11: [0], 12: [1], 13: [0], 14: [1] }, running: 4 }));
    expect(pinned).toMatchObject({ ok: false });
    expect(pinned.detail).toContain('4 readings pinned elsewhere');
  });
  test('threads placed a few ms into the work are seen by the watch from outside (pool-pin-late)', () => {
    const watched = (/** @type {any} */ atWork) => ({ ...probe({ lists: all, running: 4 }), outside: { atWork } });
    // honest: every look reads the process's list (20–60 looks a trial measured)
    const honest = check(watched({ looks: 41, pinnedLooks: 0, process: '0,1', pinned: [], ms: 113 }));
    expect(honest).toMatchObject({ ok: true });
    expect(honest.detail).toContain('watched from outside while the hashes ran: 41 looks over 113 ms');
    // bound one per CPU from 14 ms into the work until it ended
    const late = check(
      watched({
        looks: 35,
        pinnedLooks: 29,
        process: '0,1',
        pinned: [
          { tid: 11, cpus: '0', atMs: 14 },
          { tid: 12, cpus: '1', atMs: 14 },
        ],
        ms: 110,
      }),
    );
    expect(late).toMatchObject({ ok: false });
    expect(late.invalid).toBeUndefined();
    expect(late.detail).toContain(
      "29 of 35 looks read a thread bound to other CPUs than the process's 0,1 (tid 11 on 0 from 14 ms, tid 12 on 1 from 14 ms)",
    );
    // not watched (off Linux, an older record): left out
    expect(check(watched(null))).toMatchObject({ ok: true });
    expect(check(probe({ lists: all, running: 4 }))).toMatchObject({ ok: true });
  });
});
