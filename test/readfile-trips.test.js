// fs.readfile-trips: the request model by version and how a case is judged (pure).
import { describe, test } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFixture, startFixture } from '../harness/isolate.js';
import {
  tripsFor,
  readsFor,
  tripsSeen,
  judgeCase,
  ONE_TRIP,
  judgeFifo,
  fifoRows,
  feedFifo,
  poolReaders,
  threadLook,
  poolReadCalls,
  readCallsFor,
  judged,
  POOL_THREAD_NAME,
  readsElsewhere,
} from '../specs/threadpool/fs.readfile-trips.spec.js';
import { ioBetween } from '../harness/kits/thread-io.js';
import { satisfiesVersion } from '../harness/range.js';

const K = 512 * 1024;

/**
 * The fixture's cases, run once under a sabotage (or none), in a scratch
 * directory of its own.
 * @param {string | undefined} sabotage
 */
async function readfileCases(sabotage) {
  const tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-readfile-'));
  try {
    const { data } = await runFixture({
      node: process.execPath,
      fixture: 'readfile-trips.cjs',
      options: { tmpdir },
      env: { NCS_SABOTAGE: sabotage },
      timeoutMs: 20_000,
    });
    return data.cases;
  } finally {
    rmSync(tmpdir, { recursive: true, force: true });
  }
}

test('reads: one per 512 KiB, at least one', () => {
  expect([0, 1000, K, K + 1, 3 * K + 1000].map(readsFor)).toEqual([1, 1, 1, 2, 4]);
});

test('trips: open, fstat, reads, close; from the one-trip change a file of one chunk is one request', () => {
  expect([1000, K, K + 1, 3 * K + 1000].map((b) => tripsFor(b, false))).toEqual([4, 4, 5, 7]);
  expect([1000, K, K + 1, 3 * K + 1000].map((b) => tripsFor(b, true))).toEqual([1, 1, 4, 6]);
});

test('a FileHandle is no request; promise requests and the close request are', () => {
  expect(tripsSeen({ FSREQPROMISE: 3, FILEHANDLE: 1, FILEHANDLECLOSEREQ: 1 })).toBe(4);
  expect(tripsSeen({ FSREQCALLBACK: 1 })).toBe(1);
});

test('a case holds only when the pool threads read the bytes, one call per chunk', () => {
  const c = { api: 'callback', bytes: 1000, got: 1000, types: { FSREQCALLBACK: 4 }, poolReads: 1, poolBytes: 1000 };
  expect(judgeCase(c, false).ok).toBe(true);
  expect(judgeCase(c, true).ok).toBe(false);
  // the same requests, but the bytes were read elsewhere (the main thread)
  expect(judgeCase({ ...c, poolBytes: 0 }, false).ok).toBe(false);
  // a read per request of 64 KiB, not 512 KiB
  const large = { ...c, bytes: 3 * K + 1000, got: 3 * K + 1000, types: { FSREQCALLBACK: 7 }, poolBytes: 3 * K + 1000 };
  expect(judgeCase({ ...large, poolReads: 4 }, false).ok).toBe(true);
  expect(judgeCase({ ...large, poolReads: 25 }, false).ok).toBe(false);
});

test('a large case fails where one request read more than 512 KiB, however many read calls the pool made', () => {
  const large = {
    api: 'callback',
    bytes: 3 * K + 1000,
    got: 3 * K + 1000,
    types: { FSREQCALLBACK: 7 },
    poolReads: 4,
    poolBytes: 3 * K + 1000,
  };
  const chunked = judgeCase({ ...large, tripBytes: [0, 0, K, K, K, 1000, 0] }, false);
  expect(chunked.ok).toBe(true);
  expect(chunked.text).toMatch(/at most 524288 B in one request \(at most 524288\)/);
  // readfile-one-read: the whole file in one read, then empty reads at its end
  const whole = judgeCase({ ...large, tripBytes: [0, 0, 3 * K + 1000, 0, 0, 0, 0] }, false);
  expect(whole.ok).toBe(false);
  expect(whole.text).toMatch(/at most 1573864 B in one request \(expected at most 524288\)/);
  // a record from before the requests' bytes were read
  expect(judgeCase(large, false).ok).toBe(true);
  // a pool thread that read something else during a full chunk's request: the extra bytes allowed, as the extra call is
  const extra = { ...large, poolReads: 5, poolBytes: 3 * K + 1000 + 100, tripBytes: [0, 0, K + 100, K, K, 1000, 0] };
  expect(judgeCase(extra, false).ok).toBe(true);
  // readfile-even-chunks: the file cut into four equal reads, none of them a whole 512 KiB
  const even = judgeCase({ ...large, tripBytes: [0, 0, 393466, 393466, 393466, 393466, 0] }, false);
  expect(even.ok).toBe(false);
  expect(even.text).toMatch(
    /at most 393466 B in one request \(at most 524288\), 0 reading a whole 524288 \(expected 3\)/,
  );
  expect(chunked.text).toContain(', 3 reading a whole 524288 (expected 3)');
});

test(
  'readfile-one-read keeps the requests, read calls and bytes; one request reads the whole large file',
  { skip: process.platform !== 'linux' },
  async () => {
    const cases = await readfileCases('readfile-one-read');
    const oneTrip = satisfiesVersion(process.versions.node, ONE_TRIP);
    const large = cases.filter((/** @type {any} */ c) => c.size === 'large');
    expect(large.map((/** @type {any} */ c) => c.poolBytes >= c.bytes && c.poolReads >= 4)).toEqual([true, true]);
    expect(large.map((/** @type {any} */ c) => Math.max(...c.tripBytes))).toEqual([3 * K + 1000, 3 * K + 1000]);
    expect(large.map((/** @type {any} */ c) => judgeCase(c, oneTrip).ok)).toEqual([false, false]);
  },
);

test('where io_uring does the reads, the pool must read none of it', () => {
  const c = { api: 'callback', bytes: 1000, got: 1000, types: { FSREQCALLBACK: 4 }, poolReads: 0, poolBytes: 0 };
  expect(judgeCase(c, false, true).ok).toBe(true);
  expect(judgeCase({ ...c, poolReads: 1, poolBytes: 1000 }, false, true).ok).toBe(false);
});

test(
  'readfile-main-reads keeps the requests and the read calls; the pool reads no byte',
  { skip: process.platform !== 'linux' },
  async () => {
    const oneTrip = satisfiesVersion(process.versions.node, ONE_TRIP);
    const honest = await readfileCases(undefined);
    // honest, every case holds, its requests' bytes read as they came back
    expect(honest.map((/** @type {any} */ c) => Array.isArray(c.tripBytes) && judgeCase(c, oneTrip).ok)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    const sabotaged = await readfileCases('readfile-main-reads');
    // The sabotage makes the requests of the open-fstat-read-close pattern:
    // where this Node makes those, the counts cannot tell it (from the
    // one-trip change on, they differ as well).
    if (!oneTrip)
      expect(sabotaged.map((/** @type {any} */ c) => tripsSeen(c.types))).toEqual(
        honest.map((/** @type {any} */ c) => tripsSeen(c.types)),
      );
    expect(sabotaged.map((/** @type {any} */ c) => c.poolBytes)).toEqual([0, 0, 0, 0]);
    // Either way the claim's check fails every sabotaged case.
    expect(sabotaged.map((/** @type {any} */ c) => judgeCase(c, oneTrip).ok)).toEqual([false, false, false, false]);
  },
);

test('a case fails where the main thread read the file during the call (readfile-zero-reads)', () => {
  const c = {
    api: 'callback',
    bytes: 1000,
    got: 1000,
    types: { FSREQCALLBACK: 4 },
    poolReads: 1,
    poolBytes: 1000,
    tripBytes: [0, 0, 1000, 0],
  };
  // honest: the loop's thread reads 8 B per wakeup (a pool thread's completion), 32 B here
  const honest = judgeCase({ ...c, mainBytes: 32 }, false);
  expect(honest.ok).toBe(true);
  expect(honest.text).toMatch(/, the main thread read 32 B meanwhile$/);
  // the file read on the main thread; the pool's trips read as many bytes of /dev/zero
  const zero = judgeCase({ ...c, mainBytes: 1032 }, false);
  expect(zero.ok).toBe(false);
  expect(zero.text).toMatch(/the main thread read 1032 B meanwhile \(expected less than 500: none of the file\)$/);
  const large = { ...c, bytes: 3 * K + 1000, got: 3 * K + 1000, types: { FSREQCALLBACK: 7 }, poolReads: 4 };
  const largeCase = { ...large, poolBytes: 3 * K + 1000, tripBytes: [0, 0, K, K, K, 1000, 0] };
  expect(judgeCase({ ...largeCase, mainBytes: 64 }, false).ok).toBe(true);
  expect(judgeCase({ ...largeCase, mainBytes: 3 * K + 1056 }, false).ok).toBe(false);
  // Node options in force (a preloaded agent's own reads on the main thread): that part left out
  const agent = judgeCase({ ...largeCase, mainBytes: 3 * K + 1056 }, false, false, { nodeOptions: true });
  expect(agent.ok).toBe(true);
  expect(agent.text).not.toMatch(/main thread/);
  // with io_uring the main thread's submissions read nothing it counts either
  expect(judgeCase({ ...c, poolReads: 0, poolBytes: 0, mainBytes: 8 }, false, true).ok).toBe(true);
  // a record from before the main thread's reads were read: judged without that part
  expect(judgeCase(c, false).ok).toBe(true);
  expect(judgeCase(c, false).text).not.toMatch(/main thread/);
});

test(
  'readfile-zero-reads keeps every count of the record; the main thread reads the file, and the check fails',
  { skip: process.platform !== 'linux' },
  async () => {
    const oneTrip = satisfiesVersion(process.versions.node, ONE_TRIP);
    const honest = await readfileCases(undefined);
    // honest, the main thread reads no more than the loop's wakeups (8 B each)
    for (const c of honest) expect(c.mainBytes).toBeLessThan(200);
    const sabotaged = await readfileCases('readfile-zero-reads');
    // the requests of the open-fstat-read-close pattern (where this Node makes those), the
    // pool's threads reading as many bytes
    if (!oneTrip)
      expect(sabotaged.map((/** @type {any} */ c) => tripsSeen(c.types))).toEqual(
        honest.map((/** @type {any} */ c) => tripsSeen(c.types)),
      );
    for (const c of sabotaged) expect(c.poolBytes).toBeGreaterThanOrEqual(c.bytes);
    for (const c of sabotaged) expect(c.mainBytes).toBeGreaterThanOrEqual(c.bytes);
    expect(sabotaged.map((/** @type {any} */ c) => judgeCase(c, oneTrip).ok)).toEqual([false, false, false, false]);
  },
);

test('a case fails where the file was open before its first request or after its last (readfile-open-inline)', () => {
  const c = {
    api: 'callback',
    bytes: 1000,
    got: 1000,
    types: { FSREQCALLBACK: 4 },
    poolReads: 1,
    poolBytes: 1000,
    tripBytes: [0, 0, 1000, 0],
    mainBytes: 32,
  };
  // honest (Node 20–26, every case): neither
  const honest = judgeCase({ ...c, openAtFirst: false, openAtLast: false }, false);
  expect(honest.ok).toBe(true);
  expect(honest.text).not.toMatch(/open when/);
  // the open and the close on the main thread, stand-ins where they would be: both
  const inline = judgeCase({ ...c, openAtFirst: true, openAtLast: true }, false);
  expect(inline.ok).toBe(false);
  expect(inline.text).toMatch(
    /, the file already open when its first request was made \(expected the open to be one\), the file still open when its last request came back \(expected the close to be one\)$/,
  );
  // either alone fails
  expect(judgeCase({ ...c, openAtFirst: true, openAtLast: false }, false).ok).toBe(false);
  expect(judgeCase({ ...c, openAtFirst: false, openAtLast: true }, false).ok).toBe(false);
  // not read (off Linux: null; a record from before: absent): that part left out
  expect(judgeCase({ ...c, openAtFirst: null, openAtLast: null }, false).ok).toBe(true);
  expect(judgeCase(c, false).ok).toBe(true);
});

test(
  'readfile-open-inline keeps every count; the file is open before the first request and after the last',
  { skip: process.platform !== 'linux' },
  async () => {
    const oneTrip = satisfiesVersion(process.versions.node, ONE_TRIP);
    const honest = await readfileCases(undefined);
    expect(honest.map((/** @type {any} */ c) => [c.openAtFirst, c.openAtLast])).toEqual(Array(4).fill([false, false]));
    expect(honest.map((/** @type {any} */ c) => judgeCase(c, oneTrip).ok)).toEqual([true, true, true, true]);
    const sabotaged = await readfileCases('readfile-open-inline');
    // fs.readFile(path, cb) only: fs.promises.readFile as honest
    expect(sabotaged.map((/** @type {any} */ c) => [c.openAtFirst, c.openAtLast])).toEqual([
      [true, true],
      [true, true],
      [false, false],
      [false, false],
    ]);
    expect(sabotaged.map((/** @type {any} */ c) => judgeCase(c, oneTrip).ok)).toEqual([false, false, true, true]);
  },
);

/**
 * The fixture's FIFO cases under a sabotage (or none), the harness's side fed
 * as the spec's trial does (feedFifo as each message comes): the rows judged.
 * @param {string | undefined} sabotage
 */
async function fifoCases(sabotage) {
  const tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-readfile-'));
  try {
    /** @type {Promise<any>[]} */
    const feeding = [];
    let ended = false;
    const handle = startFixture({
      node: process.execPath,
      fixture: 'readfile-trips.cjs',
      options: { tmpdir, fifo: true },
      env: { NCS_SABOTAGE: sabotage },
      timeoutMs: 20_000,
      onMessage: (m) => {
        const pid = /** @type {number} */ (handle.pid);
        feeding.push(feedFifo(pid, m.fifo, { done: () => ended }).then((r) => ({ api: m.api, pid, ...r })));
      },
    });
    const { data } = await handle.result.finally(() => (ended = true));
    return { ...data, fifoFed: await Promise.all(feeding) };
  } finally {
    rmSync(tmpdir, { recursive: true, force: true });
  }
}

test('a FIFO readFile holds where a pool thread waited in its open and it read the harness’s bytes', () => {
  const sha = 'ab'.repeat(32);
  const fed = {
    api: 'callback',
    pid: 100,
    looks: 9,
    parkedLooks: 8,
    mainParkedLooks: 0,
    parked: [104],
    bytes: 1234,
    sha256: sha,
  };
  const read = { api: 'callback', got: 1234, sha256: sha };
  const pool = [101, 102, 103, 104];
  // honest (measured): a pool thread parked in open(2) in nearly every look,
  // never the main thread
  const honest = judgeFifo(fed, read, pool);
  expect(honest?.ok).toBe(true);
  expect(honest?.text).toBe(
    'callback FIFO: read 1234 B (the harness’s); its open waited on pool thread 104 (8 of 9 looks from outside)',
  );
  // readfile-open-inline: openSync on the main thread, parked there in every
  // look (and it read none of the FIFO: the descriptor's fstat says 0 B)
  const inline = judgeFifo(
    { ...fed, parkedLooks: 9, mainParkedLooks: 9, parked: [100] },
    { ...read, got: 0, sha256: 'e3' },
    pool,
  );
  expect(inline?.ok).toBe(false);
  expect(inline?.text).toMatch(
    /waited on the main thread \(9 of 9 looks from outside, 9 with the main thread in open\(2\): not a pool trip\)/,
  );
  // the main thread in the open, whatever it read
  expect(judgeFifo({ ...fed, mainParkedLooks: 1, parked: [100] }, read, pool)?.ok).toBe(false);
  // a thread of the process's not the pool's (a worker's, say)
  expect(judgeFifo({ ...fed, parked: [200] }, read, pool)?.ok).toBe(false);
  // ... which io_uring's workers are, where io_uring does fs; there none may
  // show in openat
  expect(judgeFifo({ ...fed, parked: [200] }, read, pool, true)?.ok).toBe(true);
  expect(judgeFifo({ ...fed, parkedLooks: 0, parked: [] }, read, pool, true)?.ok).toBe(true);
  expect(judgeFifo({ ...fed, mainParkedLooks: 2, parked: [100] }, read, pool, true)?.ok).toBe(false);
  // looks read, none found a thread waiting in the open
  expect(judgeFifo({ ...fed, parkedLooks: 0, parked: [] }, read, pool)?.ok).toBe(false);
  // not the harness's bytes
  expect(judgeFifo(fed, { ...read, sha256: 'cd'.repeat(32) }, pool)?.ok).toBe(false);
  // no look could be read (no /proc view): the open part left out, the bytes still judged
  const unseen = judgeFifo({ ...fed, looks: 0, parkedLooks: 0, parked: [] }, read, pool);
  expect(unseen?.ok).toBe(true);
  expect(unseen?.text).toBe('callback FIFO: read 1234 B (the harness’s)');
  // the call failed (readfile-main-reads: a read at a position, ESPIPE on a FIFO)
  const failed = judgeFifo(fed, { api: 'promises', error: 'ESPIPE' }, pool);
  expect(failed).toEqual({ ok: false, text: 'promises FIFO: the call failed (ESPIPE)' });
  // nothing on one side: no row
  expect(judgeFifo(undefined, read, pool)).toBeNull();
  expect(judgeFifo(fed, undefined, pool)).toBeNull();
});

test('FIFO rows pair each API with the harness’s side; none in records from before; a feed that failed fails', () => {
  const sha = 'ab'.repeat(32);
  const fed = {
    api: 'promises',
    pid: 100,
    looks: 3,
    parkedLooks: 3,
    mainParkedLooks: 0,
    parked: [102],
    bytes: 9,
    sha256: sha,
  };
  const obs = { pool: [101, 102], fifo: [{ api: 'promises', got: 9, sha256: sha }], fifoFed: [fed] };
  expect(fifoRows(obs, false).map((r) => r.ok)).toEqual([true]);
  expect(fifoRows({ pool: [101] }, false)).toEqual([]);
  const failed = fifoRows({ ...obs, fifoFed: [{ api: 'promises', pid: 100, error: 'ENXIO' }] }, false);
  expect(failed).toEqual([{ ok: false, text: 'promises FIFO: the harness could not write it (ENXIO)' }]);
});

test(
  'readfile-open-inline: the FIFO open of fs.readFile waits on the main thread, and the check fails',
  { skip: process.platform !== 'linux' },
  async () => {
    const honest = await fifoCases(undefined);
    const rows = fifoRows(honest, false);
    expect(rows.map((r) => r.ok)).toEqual([true, true]);
    for (const f of honest.fifoFed) expect(f.mainParkedLooks).toBe(0);
    const sabotaged = await fifoCases('readfile-open-inline');
    const [callback, promises] = sabotaged.fifoFed;
    expect(callback.mainParkedLooks).toBeGreaterThan(0);
    expect(promises.mainParkedLooks).toBe(0); // fs.promises.readFile as honest
    expect(fifoRows(sabotaged, false).map((r) => r.ok)).toEqual([false, true]);
  },
);

const linux = process.platform === 'linux';

describe('fs.readfile-trips: the pool told from outside (poolReaders)', () => {
  const FILES = 3149728; // 2 × (1000 + 3 × 512 KiB + 1000)
  const before = { phase: 'before-pool', rchar: { 1: 10, 2: 0, 3: 0 }, loops: 3 };
  /** @param {Record<string, number>} started @param {number} loops */
  const after = (started, loops = 3) => ({
    phase: 'after-cases',
    rchar: { 1: 400, 2: 0, 3: 0, ...started },
    loops,
  });
  const honestStarted = { 11: 524288, 12: 1048576, 13: 526288, 14: 1050576 };

  test('honest: P threads started with the pool, no loop beyond a bare Node, the fixture’s pool, every byte read', () => {
    const r = poolReaders({ looks: [before, after(honestStarted)], bareLoops: 3, P: 4 }, FILES, [11, 12, 13, 14]);
    expect(r).toMatchObject({ ok: true });
    expect(r?.text).toContain('4 threads started with the pool (expected 4), 3 event loops (a bare Node: 3)');
    expect(r?.text).toContain(`reading ${FILES} B of the files’ ${FILES}`);
    // each file read twice: the bytes are not each read once by the pool
    const twice = Object.fromEntries(Object.entries(honestStarted).map(([t, b]) => [t, 2 * b]));
    const again = poolReaders({ looks: [before, after(twice)], bareLoops: 3, P: 4 }, FILES, [11, 12, 13, 14]);
    expect(again).toMatchObject({ ok: false });
    expect(again?.text).toContain('(expected each byte once, by the pool’s threads)');
  });

  test('readfile-reads-beside-pool as measured: 3 started reading 0 B, a Worker’s loop, its thread in the fixture’s pool: fails', () => {
    const r = poolReaders(
      {
        looks: [{ ...before, rchar: { ...before.rchar, 10: 0 } }, after({ 10: 0, 11: 0, 12: 0, 13: 0 }, 4)],
        bareLoops: 3,
        P: 4,
      },
      FILES,
      [10, 11, 12, 13],
    );
    expect(r).toMatchObject({ ok: false });
    expect(r?.text).toContain('3 threads started with the pool (expected 4)');
    expect(r?.text).toContain('4 event loops (a bare Node: 3; one of the program’s own');
    expect(r?.text).toContain('not the threads the fixture counted as the pool');
    expect(r?.text).toContain('expected each byte once, by the pool’s threads');
  });

  test('each part on its own fails: a loop of the program’s own, a thread short, another pool, reads elsewhere', () => {
    const pl = (/** @type {any} */ started, loops = 3) => ({
      looks: [before, after(started, loops)],
      bareLoops: 3,
      P: 4,
    });
    // P pool threads and a Worker started with them that reads: the count would be P + 1, a loop more
    expect(poolReaders(pl({ ...honestStarted, 15: 0 }, 4), FILES, [11, 12, 13, 14])?.ok).toBe(false);
    // a Worker started with the pool, one pool thread short: P started, but a loop more
    expect(poolReaders(pl(honestStarted, 4), FILES, [11, 12, 13, 14])?.ok).toBe(false);
    const three = { 11: 1048576, 12: 1050576, 13: 1050576 };
    expect(poolReaders(pl(three), FILES, [11, 12, 13])?.ok).toBe(false);
    expect(poolReaders(pl(honestStarted), FILES, [11, 12, 13, 99])?.ok).toBe(false);
    expect(poolReaders(pl({ 11: 0, 12: 0, 13: 0, 14: 1000 }), FILES, [11, 12, 13, 14])?.ok).toBe(false);
    // io_uring reads: the pool's bytes are not judged here (judgeCase judges them)
    expect(poolReaders(pl({ 11: 0, 12: 0, 13: 0, 14: 0 }), FILES, [11, 12, 13, 14], true)?.ok).toBe(true);
  });

  test('no looks (older records) or a look unread: left out; a fixture that did not stop: fails', () => {
    expect(poolReaders(undefined, FILES, [])).toBeNull();
    expect(poolReaders({ looks: [before, null], bareLoops: 3, P: 4 }, FILES, [])).toBeNull();
    expect(poolReaders({ looks: [], bareLoops: 3, P: 4 }, FILES, [])).toMatchObject({ ok: false });
    // a bare count unread: the loops not judged, the rest still
    expect(
      poolReaders({ looks: [before, after(honestStarted, 4)], bareLoops: null, P: 4 }, FILES, [11, 12, 13, 14])?.ok,
    ).toBe(true);
  });

  /** @param {string | undefined} sabotage */
  const looked = async (sabotage) => {
    const { looks, data } = await lookedRun(sabotage);
    const files = data.cases.reduce((/** @type {number} */ n, /** @type {any} */ c) => n + c.bytes, 0);
    // a bare Node's loops, as kits/threads.js barePollCount read them on Node 20–26
    return poolReaders({ looks, bareLoops: 3, P: 4 }, files, data.pool);
  };

  test(
    'the fixture looked at from outside: honest passes, readfile-reads-beside-pool fails',
    { skip: !linux },
    async () => {
      expect(await looked(undefined)).toMatchObject({ ok: true });
      const sabotaged = await looked('readfile-reads-beside-pool');
      expect(sabotaged).toMatchObject({ ok: false });
      expect(sabotaged?.text).toContain('3 threads started with the pool (expected 4)');
    },
  );
});

/**
 * The fixture run once (under a sabotage, or none) with the harness's looks
 * from outside at its two 'held's.
 * @param {string | undefined} sabotage
 */
async function lookedRun(sabotage) {
  const tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-blind11-io-'));
  /** @type {any[]} */
  const looks = [];
  try {
    const h = startFixture({
      node: process.execPath,
      fixture: 'readfile-trips.cjs',
      options: { tmpdir, look: true },
      env: { NCS_SABOTAGE: sabotage, UV_THREADPOOL_SIZE: undefined, NODE_OPTIONS: undefined },
      timeoutMs: 20_000,
      onMessage: (m) => {
        if (m?.event !== 'held' || !h.pid) return;
        looks.push(threadLook(h.pid, m.phase));
        h.send({ type: 'looked', phase: m.phase });
      },
    });
    const { data } = await h.result;
    return { looks, data };
  } finally {
    rmSync(tmpdir, { recursive: true, force: true });
  }
}

describe('fs.readfile-trips: the pool’s read calls and names from outside (poolReadCalls)', () => {
  const CASES = [{ bytes: 1000 }, { bytes: 3 * K + 1000 }, { bytes: 1000 }, { bytes: 3 * K + 1000 }];
  const before = {
    phase: 'before-pool',
    rchar: { 1: 10, 2: 0 },
    syscr: { 1: 5, 2: 0 },
    names: { 1: 'node', 2: 'node' },
  };
  /** @param {Record<string, number>} calls @param {string} [name] */
  const pl = (calls, name = 'libuv-worker') => ({
    looks: [
      before,
      {
        phase: 'after-cases',
        rchar: { 1: 400, 2: 0, ...Object.fromEntries(Object.keys(calls).map((t) => [t, 1])) },
        syscr: { 1: 9, 2: 0, ...calls },
        names: { 1: 'node', 2: 'node', ...Object.fromEntries(Object.keys(calls).map((t) => [t, name])) },
        loops: 3,
      },
    ],
    bareLoops: 3,
    P: 4,
  });
  // as measured on Node 20.20 and 22.23–26.12: the four pool threads' read calls
  const honest = { 11: 3, 12: 2, 13: 4, 14: 1 };

  test('the claim’s count: one read call per 512 KiB of each file, at least one; none where io_uring reads', () => {
    expect(readCallsFor(CASES)).toBe(10);
    expect(readCallsFor([{ bytes: 0 }, { bytes: K }, { bytes: K + 1 }])).toBe(4);
    expect(readCallsFor(CASES, true)).toBe(0);
  });

  test('honest: 10 read calls of 10, each thread named where libuv names them; unnamed where it does not', () => {
    const named = poolReadCalls(pl(honest), 10, POOL_THREAD_NAME);
    expect(named).toMatchObject({ ok: true });
    expect(named?.text).toBe(
      'from outside: the pool’s threads made 10 read calls over the files (expected 10: one per 512 KiB of each file, at least one), each named libuv-worker',
    );
    // Node 20 (libuv 1.46): the pool's threads are 'node', and no name is asked
    expect(poolReadCalls(pl(honest, 'node'), 10, null)).toMatchObject({ ok: true });
    expect(poolReadCalls(pl({ 11: 0, 12: 0, 13: 0, 14: 0 }, 'node'), 0, null)).toMatchObject({ ok: true });
  });

  test('readfile-whole-read (4 calls) and readfile-split-reads (20) fail, as does a call short or over', () => {
    const whole = poolReadCalls(pl({ 11: 1, 12: 2, 13: 0, 14: 1 }), 10, POOL_THREAD_NAME);
    expect(whole).toMatchObject({ ok: false });
    expect(whole?.text).toContain('made 4 read calls over the files (expected 10');
    expect(poolReadCalls(pl({ 11: 6, 12: 4, 13: 8, 14: 2 }), 10, POOL_THREAD_NAME)).toMatchObject({ ok: false });
    expect(poolReadCalls(pl({ ...honest, 14: 0 }), 10, POOL_THREAD_NAME)?.ok).toBe(false);
    expect(poolReadCalls(pl({ ...honest, 14: 2 }), 10, POOL_THREAD_NAME)?.ok).toBe(false);
    // io_uring reads: any read call of the pool's fails
    expect(poolReadCalls(pl({ 11: 0, 12: 1, 13: 0, 14: 0 }, 'node'), 0, null)?.ok).toBe(false);
  });

  test('where libuv names its pool’s threads, one not so named fails', () => {
    const p = pl(honest);
    p.looks[1].names[13] = 'WorkerThread';
    const r = poolReadCalls(p, 10, POOL_THREAD_NAME);
    expect(r).toMatchObject({ ok: false });
    expect(r?.text).toContain('thread 13 named "WorkerThread" (expected libuv-worker');
    expect(poolReadCalls(pl(honest, 'node'), 10, POOL_THREAD_NAME)?.ok).toBe(false);
  });

  test('void where a look or a thread’s read calls or name could not be read; null in records from before', () => {
    expect(poolReadCalls({ looks: [before, null], P: 4 }, 10, null)).toMatchObject({ ok: false, invalid: true });
    const gone = pl(honest);
    delete (/** @type {any} */ (gone.looks[1].syscr)[12]);
    expect(poolReadCalls(gone, 10, null)).toMatchObject({ ok: false, invalid: true });
    const nameless = pl(honest);
    delete (/** @type {any} */ (nameless.looks[1].names)[12]);
    expect(poolReadCalls(nameless, 10, POOL_THREAD_NAME)).toMatchObject({ ok: false, invalid: true });
    // a name not asked for (libuv before 1.50): its absence voids nothing
    expect(poolReadCalls(nameless, 10, null)).toMatchObject({ ok: true });
    expect(poolReadCalls(undefined, 10, null)).toBeNull();
    const old = pl(honest);
    delete (/** @type {any} */ (old.looks[1]).syscr);
    expect(poolReadCalls(old, 10, null)).toBeNull();
  });

  test('a trial’s rows: one against fails it, else one unread voids it, else it agrees', () => {
    const yes = { ok: true, text: 'a' };
    const no = { ok: false, text: 'b' };
    const unread = { ok: false, invalid: true, text: 'c' };
    expect(judged([yes, yes])).toEqual({ ok: true, detail: 'a; a' });
    expect(judged([yes, unread, no])).toEqual({ ok: false, detail: 'a; c; b' });
    expect(judged([yes, unread])).toEqual({ ok: false, invalid: true, detail: 'a; c' });
  });

  /** @param {string | undefined} sabotage */
  const calls = async (sabotage) => {
    const { looks, data } = await lookedRun(sabotage);
    const uv = String(data.versions.uv).split('.').map(Number);
    const named = uv[0] > 1 || uv[1] >= 50;
    return poolReadCalls({ looks, P: 4 }, readCallsFor(data.cases), named ? POOL_THREAD_NAME : null);
  };

  test(
    'the fixture looked at from outside: honest passes; readfile-whole-read and readfile-split-reads fail',
    { skip: !linux },
    async () => {
      expect(await calls(undefined)).toMatchObject({ ok: true });
      expect((await calls('readfile-whole-read'))?.text).toContain('made 4 read calls over the files (expected 10');
      // the split needs process.binding('async_wrap'), which Node 24 on no longer has (the sabotage says so)
      if (Number(process.versions.node.split('.')[0]) <= 22)
        expect((await calls('readfile-split-reads'))?.text).toContain('made 20 read calls over the files (expected 10');
    },
  );
});

describe('fs.readfile-trips: nothing but the main thread and the pool read, ended threads included (readsElsewhere)', () => {
  const FILES = 2 * (1000 + 3 * K + 1000);
  /** @param {number} r @param {number} c */
  const io = (r, c) => ({ rchar: r, syscr: c });
  // main thread 100, a platform thread 2 that reads nothing; the pool 11–14 started between the looks
  const a = {
    phase: 'before-pool',
    rchar: { 100: 500, 2: 0 },
    io: { threads: { 100: io(500, 9), 2: io(0, 0) }, whole: io(500, 9) },
  };
  /** @param {Record<string, [number, number]>} extra @param {[number, number]} [ended] what threads that ended read */
  const b = (extra = {}, ended = [0, 0]) => {
    const threads = {
      100: io(900, 20),
      2: io(0, 0),
      11: io(FILES / 2, 5),
      12: io(FILES / 2, 5),
      13: io(0, 0),
      14: io(0, 0),
      ...Object.fromEntries(Object.entries(extra).map(([t, [r, c]]) => [t, io(r, c)])),
    };
    const sum = Object.values(threads).reduce((n, x) => io(n.rchar + x.rchar, n.syscr + x.syscr), io(0, 0));
    return {
      phase: 'after-cases',
      rchar: { 100: 900, 2: 0, 11: FILES / 2, 12: FILES / 2, 13: 0, 14: 0 },
      io: { threads, whole: io(sum.rchar + ended[0], sum.syscr + ended[1]) },
    };
  };
  const pl = (/** @type {any} */ after) => ({ looks: [a, after], pid: 100, P: 4 });

  test('ioBetween: the whole’s growth less the live threads’ is what ended threads read, exactly', () => {
    const a0 = { threads: { 1: io(10, 1), 2: io(50, 2) }, whole: io(60, 3) };
    // thread 2 read 30 more and ended; thread 3 started, read 7 and ended; thread 4 started and read 5
    const b0 = { threads: { 1: io(20, 2), 4: io(5, 1) }, whole: io(60 + 10 + 30 + 7 + 5, 3 + 1 + 1 + 1 + 1) };
    const d = ioBetween(a0, b0);
    expect(d.gone).toEqual({ rchar: 37, syscr: 2 });
    expect(d.spent[1]).toEqual({ rchar: 10, syscr: 1 });
    expect(d.spent[4]).toEqual({ rchar: 5, syscr: 1 });
  });

  test('honest (every version measured): none read by ended threads or other threads', () => {
    const r = readsElsewhere(pl(b()));
    expect(r).toMatchObject({ ok: true });
    expect(r?.text).toContain('threads that ended between the looks read 0 B in 0 calls, other live threads 0 B');
  });

  test('r1-readfile-gone-reader as measured: a thread that read the files whole and ended fails', () => {
    const r = readsElsewhere(pl(b({}, [3157608, 25])));
    expect(r).toMatchObject({ ok: false });
    expect(r?.invalid).toBeUndefined();
    expect(r?.text).toContain('threads that ended between the looks read 3157608 B in 25 calls');
  });

  test('a reader kept alive beside the pool fails; one byte ended elsewhere fails (no slack: a count has no noise)', () => {
    expect(readsElsewhere(pl(b({ 2: [FILES, 4] })))?.text).toContain('thread 2 ' + FILES + ' B');
    expect(readsElsewhere(pl(b({ 2: [FILES, 4] })))).toMatchObject({ ok: false });
    expect(readsElsewhere(pl(b({}, [1, 1])))).toMatchObject({ ok: false });
  });

  test('a look whose io did not hold still: void; older records, io_uring, no pid: left out', () => {
    const after = b();
    expect(readsElsewhere(pl({ ...after, io: null }))).toMatchObject({ ok: false, invalid: true });
    const { io: _, ...old } = after;
    expect(readsElsewhere(pl(old))).toBeNull();
    expect(readsElsewhere(pl(after), true)).toBeNull();
    expect(readsElsewhere({ looks: [a, after] })).toBeNull();
    expect(readsElsewhere(null)).toBeNull();
  });
});
