// pool.per-process: how one parker's reading is judged (pure), on rows shaped
// like the fixture's (fixtures/pool-per-process.cjs).
import { test, describe, before, after } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFixture } from '../harness/isolate.js';
import perProcess, {
  judgeRow,
  parkerIdentity,
  watchChildren,
  workerLoops,
  workerAsksPart,
  askStepsPart,
  askCarrierPart,
  askOffPoolPart,
  drawAskKinds,
  ASK_KINDS,
} from '../specs/threadpool/pool.per-process.spec.js';

const worker = {
  kind: 'worker',
  parked: 4,
  parkedTids: [11, 12, 13, 14],
  names: ['libuv-worker'],
  blockedDuring: 4,
  readerDuring: false,
  doneDuring: false,
  servedBy: [13],
  result: 'ok',
};
const child = {
  kind: 'child',
  parkerPid: 99,
  parked: 4,
  parkedTids: [21, 22, 23, 24],
  names: ['libuv-worker'],
  blockedHere: 1,
  servedBy: [12],
  readerDuring: true,
  doneDuring: true,
  result: 'ok',
  parkerStillBlocked: 4,
};

test('a Worker shares the pool: the request waits, then runs on a thread the Worker held', () => {
  expect(judgeRow(worker, 4)).toMatchObject({ ok: true, invalid: false });
  // a request that got a thread of its own while the Worker held P
  expect(judgeRow({ ...worker, blockedDuring: 5, readerDuring: true }, 4).ok).toBe(false);
  // waited, but then ran on a thread the Worker never held (a pool of its own)
  const own = judgeRow({ ...worker, servedBy: [40] }, 4);
  expect(own.ok).toBe(false);
  expect(own.text).toContain('not one the Worker had held');
});

test('a child process or cluster worker has its own: the request runs while the child holds all of its own', () => {
  expect(judgeRow(child, 4).ok).toBe(true);
  expect(judgeRow({ ...child, kind: 'cluster' }, 4).ok).toBe(true);
  expect(judgeRow({ ...child, readerDuring: false, blockedHere: 0, doneDuring: false }, 4).ok).toBe(false);
  // the child let go of its requests before the parent's ran: nothing shown
  expect(judgeRow({ ...child, parkerStillBlocked: 0 }, 4).ok).toBe(false);
});

test("a process parker's P held on threads of its own, read from outside it (cluster-borrows-child-pool)", () => {
  const tids = child.parkedTids;
  const own = judgeRow({ ...child, parkerInOpen: [...tids] }, 4);
  expect(own.ok).toBe(true);
  expect(own.text).toContain(`read from /proc/${child.parkerPid}: 4 of its own threads in open(2)`);
  // it named threads of another process's, and none of its own were in open(2)
  const borrowed = judgeRow({ ...child, kind: 'cluster', parkerInOpen: [] }, 4);
  expect(borrowed.ok).toBe(false);
  expect(borrowed.text).toContain(`0 of its own threads in open(2) (expected 4, among them ${tids.join(',')}`);
  // not read (ptrace's permission refused, the parker gone): no evidence either way
  expect(judgeRow({ ...child, parkerInOpen: null }, 4)).toMatchObject({ ok: false, invalid: true });
});

test("a process parker's pid is a process the fixture forked (child-pool-in-cluster)", () => {
  const whose = { mainPid: 10, childrenSeen: [98, 99, 120] };
  // honest: fork() gave its pid, a process (Tgid its own) whose parent is the fixture,
  // seen by the harness
  const honest = { ...child, forkedPid: 99, parkerStatus: { tgid: 99, ppid: 10 } };
  expect(parkerIdentity(honest, whose)?.ok).toBe(true);
  expect(judgeRow(honest, 4, whose).ok).toBe(true);
  expect(judgeRow(honest, 4, whose).text).toContain("one of the fixture's children the harness saw");
  // a thread id of the cluster worker (120) reported as its pid: every reading says so
  const tid = { ...honest, parkerPid: 125, parkerInOpen: [121, 122, 123, 124], parkedTids: [121, 122, 123, 124] };
  const thread = { ...tid, parkerStatus: { tgid: 120, ppid: 10 } };
  expect(judgeRow(thread, 4, whose).ok).toBe(false);
  expect(judgeRow(thread, 4, whose).text).toContain('a thread of process 120 (Tgid), not a process');
  expect(judgeRow(thread, 4, whose).text).toContain("not among the fixture's children the harness saw");
  // each reading alone fails it
  expect(judgeRow({ ...thread, parkerStatus: null }, 4, { mainPid: 10 }).ok).toBe(false); // fork() gave 99
  expect(judgeRow({ ...thread, forkedPid: undefined, parkerStatus: null }, 4, whose).ok).toBe(false); // unseen
  expect(judgeRow({ ...thread, forkedPid: undefined }, 4, { mainPid: 10 }).ok).toBe(false); // its Tgid
  // a process, but not the fixture's child
  expect(parkerIdentity({ ...honest, parkerStatus: { tgid: 99, ppid: 7 } }, whose)?.ok).toBe(false);
  // none read (records from before): left out
  expect(parkerIdentity(child, {})).toBe(null);
  expect(judgeRow(child, 4, {}).ok).toBe(true);
  // a Worker's pid is this process's
  expect(parkerIdentity({ ...worker, parkerPid: 10 }, whose)?.ok).toBe(true);
  expect(judgeRow({ ...worker, parkerPid: 11 }, 4, whose).ok).toBe(false);
  expect(parkerIdentity({ ...worker, parkerPid: 11 }, {})).toBe(null);
});

test('watchChildren: every child pid a look saw; null where no look read any', async () => {
  let n = 0;
  const w = watchChildren(1, { everyMs: 1, tasks: () => [], children: () => (++n < 3 ? [5] : [5, 6]) });
  // until its third look, however late a busy machine runs the timer
  while (n < 3) await new Promise((r) => setTimeout(r, 2));
  expect(w.stop()).toEqual([5, 6]);
  const gone = watchChildren(1, {
    everyMs: 1,
    tasks: () => {
      throw new Error('ENOENT');
    },
  });
  await new Promise((r) => setTimeout(r, 5));
  expect(gone.stop()).toBe(null);
  const none = watchChildren(1, { everyMs: 1, tasks: () => [], children: () => [] });
  expect(none.stop()).toBe(null);
});

test("the Worker's requests bring no event loop: held by the process's pool (worker-pool-handoff)", () => {
  // honest (Node 20–26, 24 trials): 3 epoll instances before the parkers,
  // 4 (the Worker's) while it holds P
  const honest = workerLoops({ before: 3, held: 4 });
  expect(honest).toMatchObject({ ok: true });
  expect(honest?.text).toContain('4 event loops in the process while the Worker held its requests');
  // its P held on Workers nested in it: one loop each
  const nested = workerLoops({ before: 3, held: 8 });
  expect(nested).toMatchObject({ ok: false });
  expect(nested?.text).toContain('3 event loops (epoll instances) before the parkers and 8 while');
  expect(nested?.text).toContain('+5; expected at most +1');
  // with a bare Node's count (3 on Node 20–26): honest is at most it and the Worker's
  const besideBare = workerLoops({ before: 3, held: 4, bare: 3 });
  expect(besideBare).toMatchObject({ ok: true });
  expect(besideBare?.text).toContain('a bare Node with the same settings has 3, +1 for the Worker');
  // threads with loops of their own started before the first count: in both counts,
  // not in a bare Node's
  const early = workerLoops({ before: 7, held: 8, bare: 3 });
  expect(early).toMatchObject({ ok: false });
  expect(early?.text).toContain("4 more than a bare Node with the same settings (3) and the Worker's own");
  // more loops than a bare Node where the Worker's own is not there yet: still within it
  expect(workerLoops({ before: 3, held: 3, bare: 3 })).toMatchObject({ ok: true });
  // the bare Node not read: the comparison left out
  expect(workerLoops({ before: 7, held: 8, bare: null })).toMatchObject({ ok: true });
  // not read (older records, not Linux, the process unreadable): left out
  expect(workerLoops(undefined)).toBeNull();
  expect(workerLoops({ before: null, held: 8 })).toBeNull();
  expect(workerLoops({ before: 3, held: null })).toBeNull();
  // Node options in force (a preload that starts a Worker runs in the fixture's Worker too):
  // not counted, said so
  const preloaded = workerLoops({ before: null, held: null, nodeOptions: '--require /tmp/pre.cjs' });
  expect(preloaded).toEqual({
    ok: true,
    text: '; event loops not counted: Node options in force (--require /tmp/pre.cjs)',
  });
  // in the check: the rows all pass, the loops decide
  const check = /** @type {any} */ (perProcess.plan(/** @type {any} */ ({ pool: { size: 4 }, env: {} })).structural)
    .check;
  const obs = (/** @type {any} */ loops) => ({
    worker: { ...worker, parkerPid: 7 },
    child,
    cluster: { ...child, kind: 'cluster', parkerPid: 98 },
    ...(loops && { loops }),
  });
  expect(check(obs({ before: 3, held: 4 })).ok).toBe(true);
  expect(check(obs(null)).ok).toBe(true);
  const failed = check(obs({ before: 3, held: 8 }));
  expect(failed.ok).toBe(false);
  expect(failed.invalid).toBeUndefined();
});

test("a Worker's requests of every kind wait while the main thread holds the pool (worker-own-crypto-pool)", () => {
  const asks = (/** @type {object} */ o = {}) => ({
    kinds: ['scrypt', 'fs', 'pbkdf2'],
    parked: 4,
    doneWhileFull: 0,
    done: 3,
    errors: [],
    ...o,
  });
  // honest (Node 20, every trial): none while full, all after
  const honest = workerAsksPart(asks(), 4);
  expect(honest).toMatchObject({ ok: true });
  expect(honest?.text).toContain("0 of a Worker's 3 requests (scrypt, fs, pbkdf2) completed");
  // its hashing on threads of its own: done while the pool was full
  const own = workerAsksPart(asks({ doneWhileFull: 2 }), 4);
  expect(own).toMatchObject({ ok: false });
  expect(own?.invalid).toBeUndefined();
  // not all done after the release, or with errors
  expect(workerAsksPart(asks({ done: 2 }), 4)?.ok).toBe(false);
  expect(workerAsksPart(asks({ done: null }), 4)?.ok).toBe(false);
  expect(workerAsksPart(asks({ errors: ['fs: EACCES'] }), 4)?.ok).toBe(false);
  // the main thread parked fewer than P: the control failed, void
  expect(workerAsksPart(asks({ parked: 3 }), 4)).toMatchObject({ ok: false, invalid: true });
  // not read (records from before): left out
  expect(workerAsksPart(undefined, 4)).toBeNull();
  // in the check
  const check = /** @type {any} */ (perProcess.plan(/** @type {any} */ ({ pool: { size: 4 }, env: {} })).structural)
    .check;
  const obs = (/** @type {any} */ workerAsks) => ({
    worker: { ...worker, parkerPid: 7 },
    child,
    cluster: { ...child, kind: 'cluster', parkerPid: 98 },
    ...(workerAsks && { workerAsks }),
  });
  expect(check(obs(asks())).ok).toBe(true);
  expect(check(obs(null)).ok).toBe(true);
  const failed = check(obs(asks({ doneWhileFull: 3 })));
  expect(failed.ok).toBe(false);
  expect(failed.invalid).toBeUndefined();
  expect(check(obs(asks({ parked: 2 })))).toMatchObject({ ok: false, invalid: true });
  // the draw: three kinds, at least two not fs
  for (let i = 0; i < 50; i++) {
    const d = drawAskKinds();
    expect(new Set(d).size).toBe(3);
    expect(d.every((k) => ASK_KINDS.includes(/** @type {any} */ (k)))).toBe(true);
    expect(d.filter((k) => k !== 'fs').length).toBeGreaterThanOrEqual(2);
  }
});

test('a parker that could not hold all P is a failed control, not evidence', () => {
  expect(judgeRow({ ...worker, parked: 3 }, 4)).toMatchObject({ ok: false, invalid: true });
  expect(judgeRow({ ...child, parked: null }, 4).invalid).toBe(true);
});

describe('the fixture, honest and under worker-own-pool (Linux)', { skip: process.platform !== 'linux' }, () => {
  let tmpdir = '';
  before(() => (tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-per-process-'))));
  after(() => rmSync(tmpdir, { recursive: true, force: true }));
  /** @param {string | undefined} sabotage */
  const run = async (sabotage) =>
    (
      await runFixture({
        node: process.execPath,
        fixture: 'pool-per-process.cjs',
        options: { tmpdir, pool: 4, holdMs: 100 },
        env: { NCS_SABOTAGE: sabotage },
        timeoutMs: 20_000,
      })
    ).data;

  test('the counts are alike; only the thread that served the request tells the pools apart', async () => {
    const honest = await run(undefined);
    const own = await run('worker-own-pool');
    for (const d of [honest, own]) {
      expect(d.worker).toMatchObject({ parked: 4, blockedDuring: 4, readerDuring: false, result: 'ok' });
      expect(d.child).toMatchObject({ parked: 4, blockedHere: 1, readerDuring: true, parkerStillBlocked: 4 });
    }
    expect(judgeRow(honest.worker, 4).ok).toBe(true);
    expect(judgeRow(own.worker, 4).ok).toBe(false);
    // whose the parkers' pids are, read by the parent: fork()'s, each a process it is the
    // parent of
    for (const kind of ['child', 'cluster']) {
      const row = honest[kind];
      expect(row.forkedPid).toBe(row.parkerPid);
      expect(row.parkerStatus).toEqual({ tgid: row.parkerPid, ppid: honest.pid });
    }
  });

  test("with gate and no harness's word: it goes on after its bounded wait and names the phases", async () => {
    const { data } = await runFixture({
      node: process.execPath,
      fixture: 'pool-per-process.cjs',
      options: { tmpdir, pool: 4, holdMs: 100, gate: true, gateWaitMs: 50 },
      timeoutMs: 20_000,
    });
    expect(data.unanswered).toEqual(['before-parkers', 'worker-parked']);
    expect(judgeRow(data.worker, 4).ok).toBe(true);
  });

  test('child-pool-in-cluster: the child names a thread of the cluster worker as its pid', async () => {
    const d = await run('child-pool-in-cluster');
    expect(d.child.forkedPid).not.toBe(d.child.parkerPid);
    expect(d.child.parkerStatus.tgid).toBe(d.cluster.parkerPid);
    expect(judgeRow(d.child, 4, { mainPid: d.pid }).ok).toBe(false);
  });
});

/** A workerAsks record: three kinds asked, the pool of 4 freed one thread at a time. */
const asks = (/** @type {string[]} */ kinds, /** @type {string[][]} */ orders, parked = 4) => ({
  kinds,
  parked: 4,
  doneWhileFull: 0,
  done: 3,
  errors: [],
  order: kinds,
  steps: orders.map((order, i) => ({ freed: i + 1, parked, done: order.length, order })),
});

test("a Worker's requests end one per pool thread freed, in the order asked (worker-asks-inline)", () => {
  // honest (Node 20): one per thread freed
  const honest = askStepsPart(
    asks(['fs', 'scrypt', 'pbkdf2'], [['fs'], ['fs', 'scrypt'], ['fs', 'scrypt', 'pbkdf2']]),
    4,
  );
  expect(honest).toMatchObject({ ok: true });
  expect(honest?.text).toContain('3 freed: fs, scrypt, pbkdf2 done, one per thread freed');
  // zlib takes two trips: its end flush waits behind the parkers, to the final release
  const zlib = askStepsPart(asks(['zlib', 'pbkdf2', 'fs'], [[], ['pbkdf2'], ['pbkdf2', 'fs']]), 4);
  expect(zlib?.ok).toBe(true);
  // ... or ends at its step (another version's zlib, one trip)
  expect(
    askStepsPart(asks(['zlib', 'pbkdf2', 'fs'], [['zlib'], ['zlib', 'pbkdf2'], ['zlib', 'pbkdf2', 'fs']]), 4)?.ok,
  ).toBe(true);
  // worked inline, each callback held while any thread is in open(2): none at any step
  const inline = askStepsPart(asks(['zlib', 'pbkdf2', 'fs'], [[], [], []]), 4);
  expect(inline).toMatchObject({ ok: false });
  expect(inline?.invalid).toBeUndefined();
  expect(inline?.text).toContain('2 freed: none done (expected pbkdf2, zlib at most)');
  // all at the first thread freed (threads of its own, or held until any thread frees)
  const all = askStepsPart(
    asks(
      ['fs', 'scrypt', 'pbkdf2'],
      [
        ['fs', 'scrypt', 'pbkdf2'],
        ['fs', 'scrypt', 'pbkdf2'],
        ['fs', 'scrypt', 'pbkdf2'],
      ],
    ),
    4,
  );
  expect(all?.ok).toBe(false);
  // out of the order asked
  expect(
    askStepsPart(asks(['fs', 'scrypt', 'pbkdf2'], [['scrypt'], ['scrypt', 'fs'], ['scrypt', 'fs', 'pbkdf2']]), 4)?.ok,
  ).toBe(false);
  // a zlib done before its thread was freed
  expect(
    askStepsPart(
      asks(
        ['fs', 'scrypt', 'zlib'],
        [
          ['fs', 'zlib'],
          ['fs', 'scrypt', 'zlib'],
          ['fs', 'scrypt', 'zlib'],
        ],
      ),
      4,
    )?.ok,
  ).toBe(false);
  // steps missing
  expect(askStepsPart({ ...asks(['fs', 'scrypt', 'pbkdf2'], [['fs']]) }, 4)?.ok).toBe(false);
  // the main thread's parker did not take the freed thread: the control failed, void
  expect(
    askStepsPart(asks(['fs', 'scrypt', 'pbkdf2'], [['fs'], ['fs', 'scrypt'], ['fs', 'scrypt', 'pbkdf2']], 3), 4),
  ).toMatchObject({
    ok: false,
    invalid: true,
  });
  // records from before: left out
  expect(askStepsPart({ kinds: ['fs'], parked: 4, doneWhileFull: 0, done: 1, errors: [] }, 4)).toBeNull();
  expect(askStepsPart(undefined, 4)).toBeNull();
});

test('in the claim: the steps decide beside the other parts', () => {
  const check = /** @type {any} */ (perProcess.plan(/** @type {any} */ ({ pool: { size: 4 }, env: {} })).structural)
    .check;
  const obs = (/** @type {any} */ workerAsks) => ({
    worker: { ...worker, parkerPid: 7 },
    child,
    cluster: { ...child, kind: 'cluster', parkerPid: 98 },
    workerAsks,
  });
  const kinds = ['randomBytes', 'scrypt', 'zlib'];
  expect(check(obs(asks(kinds, [['randomBytes'], ['randomBytes', 'scrypt'], ['randomBytes', 'scrypt']]))).ok).toBe(
    true,
  );
  const inline = check(obs(asks(kinds, [[], [], []])));
  expect(inline.ok).toBe(false);
  expect(inline.invalid).toBeUndefined();
  expect(inline.detail).toContain('1 freed: none done (expected randomBytes)');
  expect(
    check(obs(asks(kinds, [['randomBytes'], ['randomBytes', 'scrypt'], ['randomBytes', 'scrypt']], 2))),
  ).toMatchObject({
    ok: false,
    invalid: true,
  });
});

describe("which threads ran the Worker's requests (shares read from /proc/self/task)", () => {
  const MAIN = 100; // the fixture's main thread, polling /proc
  const POOL = [11, 12, 13, 14];
  const COSTS = {
    scrypt: { cpuMs: 43.5, readKiB: 1 },
    pbkdf2: { cpuMs: 31.8, readKiB: 1 },
    fs: { cpuMs: 11, readKiB: 8193 },
    zlib: { cpuMs: 56.4, readKiB: 1 },
  };
  /** A workerAsks record with each step's shares: [tid, cpuMs, readKiB][] per step. */
  const carried = (
    /** @type {string[]} */ kinds,
    /** @type {[number, number, number][][]} */ shares,
    /** @type {any} */ o = {},
  ) => ({
    ...asks(kinds, [kinds.slice(0, 1), kinds.slice(0, 2), kinds.slice(0, 3)]),
    poolTids: POOL,
    askerTid: 200,
    costs: COSTS,
    ...o,
    steps: shares.map((list, i) => ({
      freed: i + 1,
      parked: 4,
      done: i + 1,
      order: kinds.slice(0, i + 1),
      shares: list.map(([tid, cpuMs, readKiB]) => ({
        tid,
        pool: POOL.includes(tid),
        main: tid === MAIN,
        cpuMs,
        readKiB,
      })),
    })),
  });
  const kinds = ['scrypt', 'pbkdf2', 'fs'];
  // measured (Node 20, a busy 2-CPU host): the freed pool thread did each, the main thread polled
  const honest = carried(kinds, [
    [
      [13, 37.3, 0],
      [MAIN, 17.1, 14],
    ],
    [
      [12, 29.9, 0],
      [MAIN, 19.6, 16],
    ],
    [
      [14, 6.1, 8192],
      [MAIN, 15.4, 15],
    ],
  ]);
  // pool-stand-in: the stand-ins on the pool (nothing to see), the real work on a thread of
  // its own (300) when asked, before the steps
  const standIn = carried(kinds, [[[MAIN, 5.5, 2]], [[MAIN, 5, 2]], [[MAIN, 3.7, 2]]]);

  test('honest passes; pool-stand-in (no pool thread shows the work) fails, decisively', () => {
    const ok = askCarrierPart(honest, 4);
    expect(ok).toMatchObject({ ok: true });
    expect(ok?.text).toContain('scrypt (43.5 ms CPU in place): pool thread 13 37.3 (86%)');
    expect(ok?.text).toContain('fs (8193 KiB read in place): pool thread 14 8192 (100%)');
    const caught = askCarrierPart(standIn, 4);
    expect(caught).toMatchObject({ ok: false });
    expect(caught?.invalid).toBeUndefined();
    expect(caught?.text).toContain('pbkdf2 (31.8 ms CPU in place): no pool thread (0%) (expected the pool to do it)');
  });

  test("the work on the Worker's own thread, or on a thread outside the pool, fails", () => {
    const onWorker = carried(kinds, [
      [
        [200, 40, 0],
        [13, 0.6, 0],
      ],
      [
        [200, 30, 0],
        [12, 0.5, 0],
      ],
      [
        [200, 6, 8192],
        [14, 0.3, 0],
      ],
    ]);
    expect(askCarrierPart(onWorker, 4)).toMatchObject({ ok: false });
    expect(askCarrierPart(onWorker, 4)?.invalid).toBeUndefined();
  });

  test("a share between the bounds, on the pool or off it, is contested; the main thread's polls aside", () => {
    const half = carried(kinds, [
      [
        [13, 8.7, 0], // 20% of 43.5
        [MAIN, 5, 2],
      ],
      honest.steps[1].shares.map((/** @type {any} */ t) => [t.tid, t.cpuMs, t.readKiB]),
      honest.steps[2].shares.map((/** @type {any} */ t) => [t.tid, t.cpuMs, t.readKiB]),
    ]);
    expect(askCarrierPart(half, 4)).toMatchObject({ ok: false, invalid: true, contested: true });
    const beside = carried(kinds, [
      [
        [13, 30, 0],
        [300, 8.7, 0], // 20% on a thread outside the pool
      ],
      [[12, 29.9, 0]],
      [[14, 6, 8192]],
    ]);
    expect(askCarrierPart(beside, 4)).toMatchObject({ ok: false, invalid: true, contested: true });
    // the main thread's polls, however long, are not a thread that ran the request
    const polled = carried(kinds, [
      [
        [13, 30, 0],
        [MAIN, 31, 2],
      ],
      [[12, 29.9, 0]],
      [[14, 6, 8192]],
    ]);
    expect(askCarrierPart(polled, 4)).toMatchObject({ ok: true });
  });

  test('unread: void; records from before: left out', () => {
    expect(askCarrierPart({ ...honest, poolTids: null }, 4)).toMatchObject({ invalid: true });
    expect(askCarrierPart({ ...honest, poolTids: [11, 12, 13] }, 4)).toMatchObject({ invalid: true });
    expect(askCarrierPart({ ...honest, costs: null }, 4)).toMatchObject({ invalid: true });
    expect(askCarrierPart({ ...honest, costs: { ...COSTS, scrypt: { cpuMs: 1, readKiB: 0 } } }, 4)).toMatchObject({
      invalid: true,
    });
    const noProc = { ...honest, steps: honest.steps.map((/** @type {any} */ s) => ({ ...s, shares: null })) };
    expect(askCarrierPart(noProc, 4)).toMatchObject({ invalid: true });
    expect(askCarrierPart(asks(kinds, [['scrypt']]), 4)).toBeNull();
    expect(askCarrierPart(undefined, 4)).toBeNull();
  });

  test('in the claim: a stand-in fails the trial, a contested share holds it back', () => {
    const check = /** @type {any} */ (perProcess.plan(/** @type {any} */ ({ pool: { size: 4 }, env: {} })).structural)
      .check;
    const obs = (/** @type {any} */ workerAsks) => ({
      worker: { ...worker, parkerPid: 7 },
      child,
      cluster: { ...child, kind: 'cluster', parkerPid: 98 },
      workerAsks,
    });
    expect(check(obs(honest))).toMatchObject({ ok: true });
    expect(check(obs(honest)).detail).toContain('each request ran on a thread of the pool');
    const caught = check(obs(standIn));
    expect(caught.ok).toBe(false);
    expect(caught.invalid).toBeUndefined();
    const half = carried(kinds, [[[13, 8.7, 0]], [[12, 29.9, 0]], [[14, 6, 8192]]]);
    expect(check(obs(half))).toMatchObject({ ok: false, invalid: true, contested: true });
  });

  test(
    'the fixture: each request on a pool thread; pool-stand-in: on none',
    { skip: process.platform !== 'linux' },
    async () => {
      const tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-carried-'));
      try {
        const run = async (/** @type {string | undefined} */ sabotage) =>
          (
            await runFixture({
              node: process.execPath,
              fixture: 'pool-per-process.cjs',
              options: { tmpdir, pool: 4, holdMs: 100, workerKinds: ['pbkdf2', 'zlib', 'fs'] },
              env: { NCS_SABOTAGE: sabotage, UV_THREADPOOL_SIZE: '4' },
              timeoutMs: 30_000,
            })
          ).data.workerAsks;
        const h = await run(undefined);
        expect(h.poolTids).toHaveLength(4);
        expect(askCarrierPart(h, 4)?.ok !== false || askCarrierPart(h, 4)?.contested).toBe(true);
        const s = await run('pool-stand-in');
        expect(askCarrierPart(s, 4)).toMatchObject({ ok: false });
        expect(askCarrierPart(s, 4)?.invalid).toBeUndefined();
      } finally {
        rmSync(tmpdir, { recursive: true, force: true });
      }
    },
  );
});

describe('pool.per-process: the Worker’s requests’ work off the pool over their whole life (askOffPoolPart)', () => {
  const MAIN = 100;
  const POOL = [11, 12, 13, 14];
  const WORKER = 30;
  const asks = {
    kinds: ['scrypt', 'pbkdf2', 'fs'],
    costs: { scrypt: { cpuMs: 45, readKiB: 0 }, pbkdf2: { cpuMs: 40, readKiB: 0 }, fs: { cpuMs: 3, readKiB: 8193 } },
  };
  /** @param {Record<number, number>} ms @param {number} processMs */
  const cpu = (ms, processMs) => ({ threadMs: Object.fromEntries(Object.entries(ms)), processMs });
  /** @param {Record<number, number>} r @param {number} [ended] bytes of threads that ended */
  const io = (r, ended = 0) => {
    const threads = Object.fromEntries(Object.entries(r).map(([t, b]) => [t, { rchar: b, syscr: 1 }]));
    const sum = Object.values(r).reduce((n, b) => n + b, 0);
    return { threads, whole: { rchar: sum + ended, syscr: Object.keys(r).length } };
  };
  const base = { [MAIN]: 100, [WORKER]: 50, 11: 1, 12: 1, 13: 1, 14: 1 };
  /**
   * Looks at the three phases: CPU by thread at each, the process's whole in ticks (10 ms).
   * @param {{ askMain?: number, askWorker?: number, askGone?: number, servedWorker?: number, servedGone?: number, askRead?: number, servedGoneRead?: number }} o
   */
  const looks = ({
    askMain = 3,
    askWorker = 1,
    askGone = 0,
    servedWorker = 4,
    servedGone = 0,
    askRead = 0,
    servedGoneRead = 0,
  } = {}) => {
    const q = { ...base, [MAIN]: 100 + askMain, [WORKER]: 50 + askWorker };
    const e = { ...q, [MAIN]: q[MAIN] + 60, [WORKER]: q[WORKER] + servedWorker, 11: 41, 12: 46, 13: 4 };
    const whole = (/** @type {Record<number, number>} */ m, gone = 0) =>
      Math.floor((Object.values(m).reduce((n, v) => n + v, 0) + gone) / 10) * 10;
    return {
      'asks-begin': { cpu: cpu(base, whole(base)), io: io({ [MAIN]: 1000 }), pool: POOL },
      'asks-queued': { cpu: cpu(q, whole(q, askGone)), io: io({ [MAIN]: 1100 + askRead }) },
      'asks-end': {
        cpu: cpu(e, whole(e, askGone + servedGone)),
        io: io({ [MAIN]: 1300 + askRead, 14: 8192 * 1024 }, servedGoneRead),
      },
    };
  };

  test('honest as measured (Node 20–26: asking 2–6 ms, served 3–10 ms of 90–150): passes, its figures shown', () => {
    const r = askOffPoolPart(looks(), asks, 4, MAIN);
    expect(r).toMatchObject({ ok: true });
    expect(r?.text).toContain(
      'while it asked (every thread, the main one and those that ended included): most on one, thread 100, 3 ms CPU (3%), 4 in all',
    );
    expect(r?.text).toContain("the main thread's 3");
  });

  test('V8’s helper threads’ GC spread over several (honest, Node 20: 26 ms in all, 8.6 on one) passes', () => {
    const l = looks();
    const q = l['asks-queued'].cpu;
    const spread = { ...q, threadMs: { ...q.threadMs, 5: 8.6, 6: 7.5, 7: 6 } };
    const r = askOffPoolPart({ ...l, 'asks-queued': { ...l['asks-queued'], cpu: spread } }, asks, 4, MAIN);
    expect(r).toMatchObject({ ok: true });
    expect(r?.text).toContain('most on one, thread 5, 8.6 ms CPU (10%)');
  });

  test('r1-stand-in-on-main as measured: the real work on the main thread when the Worker asks fails, decisively', () => {
    const r = askOffPoolPart(looks({ askMain: 118, askRead: 8192 * 1024 }), asks, 4, MAIN);
    expect(r).toMatchObject({ ok: false });
    expect(r?.invalid).toBeUndefined();
    expect(r?.text).toContain('8192 KiB read (100%) (expected the pool to do the work)');
  });

  test('the work done by a thread that ends (beyond the ticks’ slack), or read by one, fails', () => {
    expect(askOffPoolPart(looks({ askGone: 80 }), asks, 4, MAIN)).toMatchObject({ ok: false });
    expect(askOffPoolPart(looks({ servedGone: 80 }), asks, 4, MAIN)).toMatchObject({ ok: false });
    expect(askOffPoolPart(looks({ servedGoneRead: 8192 * 1024 }), asks, 4, MAIN)).toMatchObject({ ok: false });
    // a gone reading within the whole's tick error is no thread's work
    expect(askOffPoolPart(looks({ askGone: 9 }), asks, 4, MAIN)).toMatchObject({ ok: true });
  });

  test('a share between the bounds is contested (void), never a pass', () => {
    const r = askOffPoolPart(looks({ servedWorker: 18 }), asks, 4, MAIN);
    expect(r).toMatchObject({ ok: false, invalid: true, contested: true });
    expect(r?.text).toContain('contested');
  });

  test('unread: a look missing, a listing failed, the pool not P parked, costs too small; older records left out', () => {
    const l = looks();
    expect(askOffPoolPart({ ...l, 'asks-end': undefined }, asks, 4, MAIN)).toMatchObject({ invalid: true });
    expect(
      askOffPoolPart(
        { ...l, 'asks-queued': { ...l['asks-queued'], cpu: { threadMs: null, processMs: 1 } } },
        asks,
        4,
        MAIN,
      ),
    ).toMatchObject({ invalid: true });
    expect(askOffPoolPart({ ...l, 'asks-queued': { ...l['asks-queued'], io: null } }, asks, 4, MAIN)).toMatchObject({
      invalid: true,
    });
    expect(
      askOffPoolPart({ ...l, 'asks-begin': { ...l['asks-begin'], pool: [11, 12, 13] } }, asks, 4, MAIN),
    ).toMatchObject({ invalid: true });
    const tiny = { ...asks, costs: { scrypt: { cpuMs: 1 }, pbkdf2: { cpuMs: 1 }, fs: { cpuMs: 0, readKiB: 8193 } } };
    expect(askOffPoolPart(l, tiny, 4, MAIN)).toMatchObject({ invalid: true });
    expect(askOffPoolPart(undefined, asks, 4, MAIN)).toBeNull();
    expect(askOffPoolPart(l, { ...asks, costs: null }, 4, MAIN)).toBeNull();
  });
});
