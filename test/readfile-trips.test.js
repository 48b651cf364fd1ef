// fs.readfile-trips: the request model by version and how a case is judged (pure).
import { test } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFixture } from '../harness/isolate.js';
import { tripsFor, readsFor, tripsSeen, judgeCase, ONE_TRIP } from '../specs/threadpool/fs.readfile-trips.spec.js';
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
