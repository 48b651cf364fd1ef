import { defineSpec } from '../../harness/spec.js';
import { satisfiesVersion } from '../../harness/range.js';
import { fsOnRing } from '../../harness/kits/io-uring.js';

const CHUNK = 512 * 1024; // Node's kReadFileBufferLength
const SMALL = 1000;
const LARGE = 3 * CHUNK + 1000;
/** From this version a file of at most one chunk is read in one pool request (open, fstat, read, close in one job). */
export const ONE_TRIP = '>=26.8.0';
const TRIP_TYPES = ['FSREQCALLBACK', 'FSREQPROMISE', 'FILEHANDLECLOSEREQ'];

/** Reads of a file of `bytes`: one per 512 KiB, at least one. @param {number} bytes */
export const readsFor = (bytes) => Math.max(1, Math.ceil(bytes / CHUNK));

/**
 * Pool requests one readFile of `bytes` makes. Before the one-trip change:
 * open, fstat, the reads, close. After it: one request for a file of at most
 * one chunk; a larger one opens and sizes it in one, then the reads and close.
 * @param {number} bytes @param {boolean} oneTrip
 */
export function tripsFor(bytes, oneTrip) {
  if (!oneTrip) return 3 + readsFor(bytes);
  return bytes <= CHUNK ? 1 : 2 + readsFor(bytes);
}

/** Pool requests in one case's async_hooks census. @param {Record<string, number>} types */
export const tripsSeen = (types) => TRIP_TYPES.reduce((n, t) => n + (types[t] ?? 0), 0);

/**
 * Most the main thread may read during a readFile, as a share of the file's
 * bytes: the pool's trips read it, not the loop's thread. Honest cases read
 * 8 B per loop wakeup (the eventfd a pool thread's completion signals; 0–64 B
 * a case on Node 20, 0–8 B with io_uring); a readFile that reads the file on
 * the main thread and sends the trips elsewhere reads all of it there
 * (readfile-zero-reads, readfile-main-reads: 1032 B of 1000, 1573920 of 1573864).
 */
export const MAIN_READ_SHARE = 0.5;

/**
 * One case against the model: the requests counted, and that the pool's
 * threads read the file (every byte, one read call per chunk, one more at
 * most for whatever else a pool thread read meanwhile, no request that read
 * more than a chunk, and each whole chunk read in one request: a read call's
 * count says nothing of its size);
 * where io_uring reads, that they read none of it; and that the main thread
 * did not read it (mainBytes: what it read during the call besides the
 * fixture's /proc readings, below MAIN_READ_SHARE of the file). A case
 * without tripBytes or mainBytes (records from before they were read) is
 * judged without that part; so is mainBytes where Node options are in force
 * (nodeOptions: a preloaded agent's own reads on the main thread).
 * @param {any} c @param {boolean} oneTrip @param {boolean} [uring]
 * @param {{ nodeOptions?: boolean }} [o]
 */
export function judgeCase(c, oneTrip, uring = false, { nodeOptions = false } = {}) {
  const trips = tripsSeen(c.types);
  const want = tripsFor(c.bytes, oneTrip);
  const reads = readsFor(c.bytes);
  const largestTrip = !uring && Array.isArray(c.tripBytes) && c.tripBytes.length ? Math.max(...c.tripBytes) : null;
  // "512 KiB per trip": every whole chunk of the file read in a request of its own, so
  // as many requests that read a whole chunk as the file has (reads cut smaller fail) …
  const wholeTrips = largestTrip === null ? null : c.tripBytes.filter((/** @type {number} */ b) => b >= CHUNK).length;
  const wantWhole = Math.floor(c.bytes / CHUNK);
  // … and none beyond a chunk but by what the pool read besides the file (as the extra read call above)
  const withinChunk = largestTrip === null || largestTrip <= CHUNK + Math.max(0, c.poolBytes - c.bytes);
  const chunked = withinChunk && (wholeTrips === null || wholeTrips >= wantWhole);
  const poolRead = uring
    ? c.poolBytes < c.bytes
    : c.poolReads >= reads && c.poolReads <= reads + 1 && c.poolBytes >= c.bytes && chunked;
  // … and not on the main thread: a pool trip per read that reads something else (zeros, a
  // byte at the end) beside a main thread that reads the file keeps every count above
  const mainRead = typeof c.mainBytes === 'number' && !nodeOptions ? c.mainBytes : null;
  const offMain = mainRead === null || mainRead < MAIN_READ_SHARE * c.bytes;
  const ok = c.got === c.bytes && trips === want && poolRead && offMain;
  const kinds = Object.entries(c.types)
    .filter(([t]) => TRIP_TYPES.includes(t))
    .map(([t, n]) => `${n} ${t}`)
    .join(' + ');
  return {
    ok,
    text:
      `${c.api} ${c.bytes} B: ${trips} request${trips === 1 ? '' : 's'} (${kinds || 'none'}${trips === want ? '' : `; expected ${want}`}), pool threads read ${c.poolBytes} B in ${c.poolReads} call${c.poolReads === 1 ? '' : 's'} (expected ${uring ? 'none: io_uring reads' : `${c.bytes} B in ${reads}`})` +
      (largestTrip === null
        ? ''
        : `, at most ${largestTrip} B in one request (${withinChunk ? 'at most' : 'expected at most'} ${CHUNK}${c.poolBytes > c.bytes ? ` and the ${c.poolBytes - c.bytes} B read besides` : ''})` +
          (wantWhole > 0 ? `, ${wholeTrips} reading a whole ${CHUNK} (expected ${wantWhole})` : '')) +
      (mainRead === null
        ? ''
        : `, the main thread read ${mainRead} B meanwhile${offMain ? '' : ` (expected less than ${MAIN_READ_SHARE * c.bytes}: none of the file)`}`),
  };
}

/**
 * What the structural check asserts: the pool requests of a small and a
 * large readFile, for both APIs, and who reads the bytes.
 * @param {number} small @param {number} large @param {boolean} uring
 */
const tripsAsserts = (small, large, uring) =>
  `readFile, fs.promises: ${small} pool trip${small === 1 ? '' : 's'} small, ${large} large, ${uring ? 'io_uring reading' : 'a read per 512 KiB'}, none on main`;

export default defineSpec({
  id: 'fs.readfile-trips',
  title: 'A small readFile is four pool trips; a large one reads 512 KiB per trip',
  area: 'threadpool',
  claim:
    'fs.readFile of a small file makes four trips to the libuv pool (open, fstat, read, close); a large file takes one read per 512 KiB; fs.promises.readFile does the same.',
  truth:
    'True on Node 20–24 (measured on 20.10 to 24.21): 4 requests for a small file, 3 + one per 512 KiB for a large one, the same for fs.promises. Refuted on Node 26.10: a file of at most 512 KiB is read in one pool request, for both APIs; a larger one takes 2 + one per 512 KiB, still one read per 512 KiB. With UV_USE_IO_URING=1 on libuv 1.45–1.48 (Node 20) io_uring does the reads: the pool reads none (the harness sets 0 unless told otherwise).',
  expected: 'holds',
  tags: ['structural', 'version'],
  requires: ['linux'],
  source: {
    file: 'https://github.com/nodejs/node/issues/36880',
    section: 'fs.readFile: open, fstat, then reads of kReadFileBufferLength (512 KiB), then close',
    figures: null,
  },
  plan(ctx) {
    const oneTrip = satisfiesVersion(ctx.node.version, ONE_TRIP);
    const uring = fsOnRing(ctx) !== null;
    const want = (/** @type {number} */ b) => tripsFor(b, oneTrip);
    return {
      ...(oneTrip || uring ? { expected: /** @type {const} */ ('refuted') } : {}),
      summary:
        `fs.readFile and fs.promises.readFile of a ${SMALL} B and a ${LARGE} B file, counting the fs requests made (async_hooks) and the reads the pool's threads made (/proc io). ` +
        `Model for Node ${ctx.node.version}: ${want(SMALL)} request${want(SMALL) === 1 ? '' : 's'} for the small file and ${want(LARGE)} for the large one (${readsFor(LARGE)} reads of 512 KiB), both APIs alike` +
        (oneTrip ? `; the claim's 4 does not hold here` : '') +
        (uring
          ? `; with UV_USE_IO_URING=${ctx.env.UV_USE_IO_URING} libuv ${ctx.node.uv} reads through io_uring, so the pool reads none of it`
          : '') +
        '.',
      model: {
        small: { bytes: SMALL, trips: want(SMALL), reads: readsFor(SMALL) },
        large: { bytes: LARGE, trips: want(LARGE), reads: readsFor(LARGE) },
        outcome:
          (oneTrip
            ? 'a small file is read in 1 pool request (fs.promises too)'
            : 'a small file takes 4 pool requests: open, fstat, read, close (fs.promises too)') +
          (uring ? '; io_uring does the reads, not the pool' : ''),
      },
      trial: async (c) => {
        const data = await c.run('readfile-trips.cjs', { options: { small: SMALL, large: LARGE }, timeoutMs: 15_000 });
        // Node options in force: what the main thread reads is not judged (a preloaded agent's own reads)
        return c.env?.NODE_OPTIONS ? { ...data, nodeOptions: true } : data;
      },
      structural: {
        asserts: tripsAsserts(want(SMALL), want(LARGE), uring),
        need: 2,
        check(obs) {
          const o = { nodeOptions: obs.nodeOptions === true };
          const rows = obs.cases.map((/** @type {any} */ c) => judgeCase(c, oneTrip, uring, o));
          return { ok: rows.every((r) => r.ok), detail: rows.map((r) => r.text).join('; ') };
        },
      },
    };
  },
});
