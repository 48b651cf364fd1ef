import { defineSpec } from '../../harness/spec.js';
import { satisfiesVersion } from '../../harness/range.js';
import { fsOnRing } from '../../harness/kits/io-uring.js';
import { parkedFromOutside } from '../../harness/kits/pool.js';
import { barePollsOnce, ioField, pollsOf } from '../../harness/kits/threads.js';
import { listTasks } from '../../harness/thread-watch.js';
import { ioBetween, readThreadIo } from '../../harness/kits/thread-io.js';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

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
 * fixture's /proc readings, below MAIN_READ_SHARE of the file); and that the
 * open and the close were requests (the file not open when the first was
 * made, nor when the last came back: openAtFirst, openAtLast). A case
 * without tripBytes, mainBytes or those (records from before they were read) is
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
  // "open … close" among the trips: the file not yet open in the process when
  // the call's first request was made (the open is that request), and no
  // longer when its last came back (the close is that one). Honest on Node
  // 20–26, every case: not open at either (false, false); readfile-open-inline
  // (openSync before its first request, closeSync in its last one's callback):
  // open at both. A boolean each; records from before, or off Linux (null):
  // left out.
  const openFirst = typeof c.openAtFirst === 'boolean' ? c.openAtFirst : null;
  const openLast = typeof c.openAtLast === 'boolean' ? c.openAtLast : null;
  const openTrip = openFirst !== true && openLast !== true;
  const ok = c.got === c.bytes && trips === want && poolRead && offMain && openTrip;
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
        : `, the main thread read ${mainRead} B meanwhile${offMain ? '' : ` (expected less than ${MAIN_READ_SHARE * c.bytes}: none of the file)`}`) +
      (openFirst === true
        ? ', the file already open when its first request was made (expected the open to be one)'
        : '') +
      (openLast === true ? ', the file still open when its last request came back (expected the close to be one)' : ''),
  };
}

/**
 * How long the harness looks for a FIFO's open to wait (every 2 ms) before it
 * tries the writer anyway.
 */
export const FIFO_LOOK_MS = 3000;

/**
 * The harness's side of one readFile of a FIFO, told by the fixture just
 * before the call (fixtures/readfile-trips.cjs, fifo). The open waits until
 * the FIFO has a writer, and the claim puts it on a pool thread: the loop's
 * thread stays free meanwhile. From outside (/proc/<pid>/task/*: syscall,
 * wchan), every 2 ms, the threads parked in open(2) on a FIFO (kits/pool.js
 * parkedFromOutside); once one is seen, a while of the harness's drawing
 * more (10–39 ms, looks on), then the writer, opened here without blocking,
 * writes bytes of the harness's drawing (1–4096: one atomic write) and
 * closes. After that, until the FIFO is gone (the fixture removes it at the
 * end) or `done()`, any further open of it for reading is let through every
 * 5 ms (a writer opened and closed at once: it adds no byte), so that a
 * readFile that opens the FIFO again (readfile-main-reads, readfile-zero-reads:
 * a second open on the pool after reading it on the main thread) ends, not
 * hangs. Returns the looks that could be read, those that found a thread
 * parked, those that found the main thread (tid = pid) parked, every thread
 * seen parked, and what was written (length, SHA-256). A FIFO opened on the
 * main thread (readfile-open-inline: openSync) holds the loop until the
 * writer comes, which here it does: the trial ends either way. `lookMs`: how
 * long to look for the open's wait (0 where io_uring opens: its kernel worker
 * shows no openat there; the drawn while's looks still watch the main thread).
 * @param {number} pid @param {string} file
 * @param {{ done?: () => boolean, lookMs?: number }} [o]
 */
export async function feedFifo(pid, file, { done = () => false, lookMs = FIFO_LOOK_MS } = {}) {
  const reading = { looks: 0, parkedLooks: 0, mainParkedLooks: 0, parked: /** @type {number[]} */ ([]) };
  let unreadable = 0;
  // a look that cannot be read (no /proc view; a thread ending as it is read):
  // not counted
  const look = () => {
    const parked = parkedFromOutside(pid);
    if (parked === null) return void unreadable++;
    reading.looks++;
    if (parked.length) reading.parkedLooks++;
    for (const { tid } of parked) {
      if (tid === pid) reading.mainParkedLooks++;
      if (!reading.parked.includes(tid)) reading.parked.push(tid);
    }
  };
  /** No view at all: the first look could not be read (only the bytes are judged). */
  const blind = () => unreadable > 0 && reading.looks === 0;
  const t0 = performance.now();
  while (performance.now() - t0 < lookMs && !done() && !blind() && reading.parkedLooks === 0) {
    look();
    if (reading.parkedLooks === 0) await sleep(2);
  }
  if (reading.parkedLooks > 0 || lookMs === 0) {
    const hold = performance.now() + 10 + randomInt(30);
    while (performance.now() < hold && !blind()) {
      look();
      await sleep(2);
    }
  }
  const data = randomBytes(1 + randomInt(4096));
  const end = performance.now() + FIFO_LOOK_MS;
  for (;;) {
    // not seen waiting yet (a reader later than lookMs): a look before each try
    if (reading.parkedLooks === 0 && lookMs > 0 && !blind()) look();
    const fd = openWriter(file);
    if (fd !== null) {
      try {
        writeSync(fd, data);
      } catch (err) {
        // EPIPE: the reader closed the FIFO between the writer's open and the write, having
        // read none of it (readfile-open-inline: an fstat's size 0); honest, a reader reads
        // to the end, which needs this writer closed. The bytes then go unread
        if (/** @type {any} */ (err).code !== 'EPIPE') throw err;
      } finally {
        closeSync(fd);
      }
      break;
    }
    if (performance.now() > end || done()) throw new Error(`no reader opened ${file} within ${FIFO_LOOK_MS} ms`);
    await sleep(2);
  }
  const fed = { ...reading, bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
  // let any later reader through (see above), without blocking: an error here
  // ends only that
  try {
    while (!done()) {
      await sleep(5);
      const fd = openWriter(file);
      if (fd !== null) closeSync(fd);
    }
  } catch {
    // the FIFO is gone (ENOENT): its readers are through
  }
  return fed;
}

/**
 * A FIFO's writer, opened without blocking: its descriptor, or null where no
 * reader has it open (ENXIO). Throws otherwise (ENOENT: the FIFO is gone).
 * @param {string} file
 */
function openWriter(file) {
  try {
    return openSync(file, constants.O_WRONLY | constants.O_NONBLOCK);
  } catch (err) {
    if (/** @type {any} */ (err).code === 'ENXIO') return null;
    throw err;
  }
}

/**
 * One readFile of a FIFO against the claim's "open ... through the pool":
 * it read what the harness wrote (every byte, by SHA-256), and where the
 * harness could look, a thread waited in open(2) on the FIFO (at least one
 * look found it), never the main thread, and (the pool doing fs: not
 * io_uring) one of the pool's threads (those the fixture started at its
 * first fs request). Measured honest on Node 20.20, 22.23, 24.22, 26.12 (2
 * CPUs, four versions at once: 200+ trials, each API): one pool thread seen
 * parked within the first looks (at most 7 looks before it), 2–19 looks, the
 * main thread never among them; readfile-open-inline (openSync on the main
 * thread) has the main thread parked in all its looks but at most the first
 * (7–16 of 7–16), and reads none of the FIFO (0 B of 99–4088). Not the trip
 * count: a FIFO's size is unknown (read to its end).
 * null where there is nothing to judge (no FIFO reading on either side).
 * @param {any} fed the harness's side (feedFifo) @param {any} read the fixture's
 * @param {number[] | null} pool @param {boolean} [uring]
 */
export function judgeFifo(fed, read, pool, uring = false) {
  if (!fed || !read) return null;
  // honest readFiles of a FIFO never failed (Node 20–26)
  if (read.error) return { ok: false, text: `${read.api} FIFO: the call failed (${read.error})` };
  const gotAll = read.got === fed.bytes && read.sha256 === fed.sha256;
  const seen = fed.looks > 0;
  // where io_uring opens, its kernel worker waits, and /proc shows it in no openat
  const waited = !seen || uring || fed.parkedLooks > 0;
  const offMain = fed.mainParkedLooks === 0;
  const others = fed.parked.filter((/** @type {number} */ t) => t !== fed.pid);
  // a pool not found (started before the fixture's first line, unnamed before libuv 1.50) is not read
  const onPool =
    uring ||
    !seen ||
    !Array.isArray(pool) ||
    pool.length === 0 ||
    others.every((/** @type {number} */ t) => pool.includes(t));
  const ok = gotAll && waited && offMain && onPool;
  const who = fed.parked.length
    ? fed.parked
        .map((/** @type {number} */ t) =>
          t === fed.pid
            ? 'the main thread'
            : Array.isArray(pool) && pool.includes(t)
              ? `pool thread ${t}`
              : `thread ${t}`,
        )
        .join(', ')
    : 'no thread';
  return {
    ok,
    text:
      `${read.api} FIFO: read ${read.got} B${gotAll ? ' (the harness’s)' : ` (expected the harness’s ${fed.bytes} B)`}` +
      (seen && uring && fed.parked.length === 0
        ? `; the main thread in open(2) in none of ${fed.looks} looks from outside (io_uring opens)`
        : seen
          ? `; its open waited on ${who} (${fed.parkedLooks} of ${fed.looks} looks from outside` +
            (offMain ? '' : `, ${fed.mainParkedLooks} with the main thread in open(2): not a pool trip`) +
            (waited ? '' : ': expected a thread waiting in open(2)') +
            (onPool ? '' : ': expected a pool thread') +
            ')'
          : ''),
  };
}

/**
 * The FIFO rows of an observation: each API's read (the fixture's) with the
 * harness's side of it (by API); none in records from before they were read.
 * A side the harness could not feed (its error) fails: the fixture then
 * could not have read the FIFO either.
 * @param {any} obs @param {boolean} uring
 */
export function fifoRows(obs, uring) {
  if (!Array.isArray(obs.fifo) || !Array.isArray(obs.fifoFed)) return [];
  return obs.fifo.flatMap((/** @type {any} */ read) => {
    const fed = obs.fifoFed.find((/** @type {any} */ f) => f.api === read.api);
    if (fed?.error) return [{ ok: false, text: `${read.api} FIFO: the harness could not write it (${fed.error})` }];
    const row = judgeFifo(fed, read, obs.pool ?? null, uring);
    return row ? [row] : [];
  });
}

/** @type {{ ioWorker: (tid: number, pid?: number | 'self') => boolean | null }} */
const proc = createRequire(import.meta.url)('../../fixtures/lib/proc.cjs');

/**
 * What the harness reads of the fixture from outside at one of its 'held's (look:
 * 'before-pool', just before its first pool use; 'after-cases', once the files' cases
 * are done): each thread's bytes read and read system calls made (rchar, syscr of
 * /proc/<pid>/task/<tid>/io) and its name (comm), io_uring's kernel workers left out,
 * and the process's event loops (epoll instances, pollsOf); null where unread (not
 * Linux, the process gone). A thread whose io or name cannot be read is missing from
 * that map. Also the process's reads as a whole with every live thread's, kernel workers
 * included (`io`, kits/thread-io.js readThreadIo: the whole keeps what threads that ended
 * read; null where no reading agreed).
 * @param {number} pid @param {string} phase
 * @returns {{ phase: string, rchar: Record<string, number>, syscr: Record<string, number>, names: Record<string, string>, loops: number | null, io: import('../../harness/kits/thread-io.js').ThreadIo | null } | null}
 */
export function threadLook(pid, phase) {
  /** @type {Record<string, number>} */
  const rchar = {};
  /** @type {Record<string, number>} */
  const syscr = {};
  /** @type {Record<string, string>} */
  const names = {};
  try {
    for (const tid of listTasks(pid)) {
      if (proc.ioWorker(Number(tid), pid) !== false) continue; // a kernel worker, or gone
      try {
        const text = readFileSync(`/proc/${pid}/task/${tid}/io`, 'utf8');
        const [read, calls] = [ioField(text, 'rchar'), ioField(text, 'syscr')];
        if (read !== null) rchar[tid] = read;
        if (calls !== null) syscr[tid] = calls;
        names[tid] = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').replace(/\n$/, '');
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    return null;
  }
  return { phase, rchar, syscr, names, loops: pollsOf(pid), io: readThreadIo(pid) };
}

/**
 * "trips to the libuv pool", whose threads read the file: the pool's threads as the
 * harness tells them from outside, not as the fixture names them. The pool's threads
 * are those started between the fixture's two looks (threadLook: just before its first
 * pool use, once the files' cases are done), provided the process then runs no event
 * loop beyond a bare Node's (bareLoops, kits/threads.js barePollCount): a thread started
 * meanwhile that runs one of its own (a Worker, whose loop is an epoll instance; libuv's
 * pool threads have none) would be among them, and nothing then tells which read. Then
 * - there are P of them (the pool size in force: all start at the first request);
 * - they are the threads the fixture counted as the pool (its per-request byte counts
 *   are theirs);
 * - they read every byte of the files (rchar, summed; not where io_uring reads).
 * Honest (Node 20.20, P = 4): 3 loops against a bare Node's 3, 4 threads started, the
 * fixture's pool the same 4, reading 3,149,728 B of the 3,149,728 the cases' files hold.
 * The pool started one short and a Worker reading for it (readfile-reads-beside-pool):
 * 4 loops, 3 threads started reading 0 B, the fixture's pool those and the Worker's.
 * Null where unread (records from before, a look unread, Node options in force: a preload
 * may start the pool before the fixture's first look).
 * @param {any} pl  the trial's poolLook: { looks, bareLoops, P }
 * @param {number} fileBytes  the bytes of every file case
 * @param {number[] | null | undefined} fixturePool  the threads the fixture counted as the pool
 * @param {boolean} [uring]
 * @returns {{ ok: boolean, text: string } | null}
 */
export function poolReaders(pl, fileBytes, fixturePool, uring = false) {
  if (!pl) return null;
  const looks = Array.isArray(pl.looks) ? pl.looks : [];
  if (looks.length !== 2 || looks[0]?.phase !== 'before-pool' || looks[1]?.phase !== 'after-cases') {
    if (looks.some((/** @type {any} */ l) => l === null)) return null; // a look unread
    return {
      ok: false,
      text: 'the fixture did not stop for the harness’s looks before its first pool use and after its cases',
    };
  }
  const [a, b] = looks;
  const started = Object.keys(b.rchar).filter((t) => !(t in a.rchar));
  const loopsOk = typeof b.loops !== 'number' || typeof pl.bareLoops !== 'number' || b.loops <= pl.bareLoops;
  const countOk = started.length === pl.P;
  const fixtureSet = new Set((fixturePool ?? []).map(String));
  const sameOk =
    !Array.isArray(fixturePool) || (fixtureSet.size === started.length && started.every((t) => fixtureSet.has(t)));
  const read = started.reduce((n, t) => n + b.rchar[t], 0);
  // every byte once: a file read twice (or a read beside the pool's, counted in) is no trip
  const readOk = uring || read === fileBytes;
  const ok = loopsOk && countOk && sameOk && readOk;
  return {
    ok,
    text:
      `from outside: ${started.length} thread${started.length === 1 ? '' : 's'} started with the pool (expected ${pl.P})` +
      (typeof b.loops === 'number' && typeof pl.bareLoops === 'number'
        ? `, ${b.loops} event loop${b.loops === 1 ? '' : 's'} (a bare Node: ${pl.bareLoops}${loopsOk ? '' : '; one of the program’s own: a Worker’s thread may be among those started'})`
        : '') +
      (sameOk ? '' : `, not the threads the fixture counted as the pool (${[...fixtureSet].join(', ') || 'none'})`) +
      (uring
        ? ''
        : `, reading ${read} B of the files’ ${fileBytes}${readOk ? '' : ' (expected each byte once, by the pool’s threads)'}`),
  };
}

/**
 * Bytes (and read calls) the process may read between the fixture's two looks beyond its
 * main thread and the threads started with the pool, by threads that ended meanwhile or
 * any other live thread. Honest: 0 B in 0 calls (Node 20.20, 22.23, 24.22, 26.12, every
 * trial): no other thread reads, none ends. A count has no noise: the slack is none.
 */
export const ELSEWHERE_SLACK_B = 0;

/**
 * "trips to the libuv pool" read the files: nothing else in the process read meanwhile.
 * The threads' own io counts (poolReaders, poolReadCalls) keep a thread's reads only
 * while it lives; the process's /proc/<pid>/io keeps those of threads that ended too
 * (kits/thread-io.js). Between the fixture's two looks (before its first pool use, after
 * its cases), what the process read beyond its main thread (tid = pid: its /proc readings,
 * IPC; judged per case by mainBytes) and the threads started with the pool must be
 * ELSEWHERE_SLACK_B at most: threads that ended (`gone`: one that read a file whole and
 * exited, r1-readfile-gone-reader: 3,157,608 B in 25 calls, its start included) and threads live at both looks
 * (a reader kept beside the pool). Honest: 0 B, 0 calls. Void where a look's reading
 * could not be taken (its io null: the process moved while read, five times); null in
 * records from before (no io), where io_uring reads (its kernel workers come and go,
 * reading for the pool), or under Node options (a preload's threads).
 * @param {any} pl  the trial's poolLook: { looks, pid }
 * @param {boolean} [uring]
 * @returns {{ ok: boolean, text: string, invalid?: boolean } | null}
 */
export function readsElsewhere(pl, uring = false) {
  if (!pl || !Array.isArray(pl.looks) || uring || typeof pl.pid !== 'number') return null;
  const looks = pl.looks;
  if (looks.length !== 2 || looks.some((/** @type {any} */ l) => !l || !('io' in l))) return null; // poolReaders says why
  const [a, b] = looks;
  if (!a.io || !b.io)
    return {
      ok: false,
      invalid: true,
      text: 'what the process read beside the pool not read: its /proc io did not hold still at a look',
    };
  const d = ioBetween(a.io, b.io);
  // the pool: the threads started between the looks that are no kernel worker (poolReaders)
  const pool = Object.keys(b.rchar).filter((t) => !(t in a.rchar));
  const main = String(pl.pid);
  const others = Object.entries(d.spent).filter(([t, c]) => t !== main && !pool.includes(t) && c.rchar > 0);
  const otherBytes = others.reduce((n, [, c]) => n + c.rchar, 0);
  const gone = d.gone;
  const ok = gone.rchar <= ELSEWHERE_SLACK_B && otherBytes <= ELSEWHERE_SLACK_B;
  return {
    ok,
    text:
      `from outside (/proc/${pl.pid}/io, ended threads kept): threads that ended between the looks read ${gone.rchar} B in ${gone.syscr} call${gone.syscr === 1 ? '' : 's'}` +
      `, other live threads ${otherBytes} B${others.length ? ` (${others.map(([t, c]) => `thread ${t} ${c.rchar} B`).join(', ')})` : ''}` +
      (ok
        ? ' (besides the main thread and the pool: none)'
        : ` (expected at most ${ELSEWHERE_SLACK_B} B read besides the main thread and the pool's threads: the pool's trips read the files)`),
  };
}

/** The name libuv gives its pool's threads (comm), from the version that names them. */
export const POOL_THREAD_NAME = 'libuv-worker';
/** libuv names its pool's threads from 1.50.0 (libuv#4664): Node 22.23, 24, 26 here; not 20 (1.46). */
export const NAMED_POOL = '>=1.50.0';

/**
 * The read system calls the claim makes the pool's threads make over the
 * fixture's file cases: one per 512 KiB of each file, at least one (a
 * small file's one read returns its bytes; Node asks no further read once
 * it has the size fstat gave); none where io_uring reads. Open, fstat and
 * close are no read calls. Measured honest (Node 20.20, 22.23, 24.22,
 * 26.12, both APIs): 1 call for 1000 B, 1 for 512 KiB, 4 for 3 × 512 KiB +
 * 1000; with UV_USE_IO_URING=1 on 20.20, none.
 * @param {{ bytes: number }[]} cases @param {boolean} [uring]
 */
export const readCallsFor = (cases, uring = false) => (uring ? 0 : cases.reduce((n, c) => n + readsFor(c.bytes), 0));

/**
 * "one read per 512 KiB", counted from outside: the read system calls (syscr of
 * /proc/<pid>/task/<tid>/io) the threads started with the pool (as poolReaders
 * tells them) made between the fixture's two looks, summed, against the
 * claim's (readCallsFor): exactly, a count has no noise (one read of a whole
 * file, or each trip read in two calls, fails: 4 or 20 against 10). Where
 * libuv names its pool's threads (poolName: NAMED_POOL), each of those
 * threads carries that name. Honest (Node 20.20): 10 calls of 10, threads
 * unnamed ('node'); 22.23, 24.22, 26.12: 10 of 10, all four 'libuv-worker'.
 * Void (invalid) where a look was not read or a thread's read calls or name
 * could not be; null in records from before (no poolLook, or looks without
 * syscr).
 * @param {any} pl  the trial's poolLook: { looks, P }
 * @param {number} wantCalls  readCallsFor the trial's cases
 * @param {string | null} poolName  the name libuv gives pool threads on this version, null where none
 * @returns {{ ok: boolean, text: string, invalid?: boolean } | null}
 */
export function poolReadCalls(pl, wantCalls, poolName) {
  if (!pl || !Array.isArray(pl.looks)) return null;
  const looks = pl.looks;
  if (looks.some((/** @type {any} */ l) => l === null))
    return { ok: false, invalid: true, text: 'the pool’s read calls not read: a look from outside could not be taken' };
  if (looks.length !== 2 || looks[0]?.phase !== 'before-pool' || looks[1]?.phase !== 'after-cases') return null; // poolReaders fails it
  const [a, b] = looks;
  if (!b.syscr) return null; // a record from before read calls were looked at
  const started = Object.keys(b.rchar).filter((t) => !(t in a.rchar));
  if (started.length === 0) return null; // poolReaders fails it: no pool told
  const unread = started.filter(
    (t) => typeof b.syscr[t] !== 'number' || (poolName !== null && typeof b.names?.[t] !== 'string'),
  );
  if (unread.length)
    return {
      ok: false,
      invalid: true,
      text: `the pool’s read calls not read: thread${unread.length === 1 ? '' : 's'} ${unread.join(', ')} gone or unreadable at the look after the cases`,
    };
  const calls = started.reduce((n, t) => n + b.syscr[t], 0);
  const callsOk = calls === wantCalls;
  const misnamed = poolName === null ? [] : started.filter((t) => b.names[t] !== poolName);
  const ok = callsOk && misnamed.length === 0;
  return {
    ok,
    text:
      `from outside: the pool’s threads made ${calls} read call${calls === 1 ? '' : 's'} over the files (expected ${wantCalls}: ${wantCalls === 0 ? 'io_uring reads' : 'one per 512 KiB of each file, at least one'})` +
      (poolName === null
        ? ''
        : misnamed.length === 0
          ? `, each named ${poolName}`
          : `, ${misnamed.map((t) => `thread ${t} named ${JSON.stringify(b.names[t])}`).join(', ')} (expected ${poolName}: libuv names its pool’s threads)`),
  };
}

/**
 * A trial's check from its rows: a row against the claim fails it; else a row
 * that could not be read voids it (with why); else it agrees.
 * @param {{ ok: boolean, text: string, invalid?: boolean }[]} rows
 * @returns {import('../../harness/verdict.js').Check}
 */
export function judged(rows) {
  const detail = rows.map((r) => r.text).join('; ');
  if (rows.some((r) => !r.ok && !r.invalid)) return { ok: false, detail };
  if (rows.some((r) => r.invalid)) return { ok: false, invalid: true, detail };
  return { ok: true, detail };
}

/**
 * What the structural check asserts: the pool requests of a small and a
 * large readFile, for both APIs, who reads the bytes, and that the open and
 * the close are among the requests (a FIFO's open waits off the main thread).
 * @param {number} small @param {number} large @param {boolean} uring
 */
const tripsAsserts = (small, large, uring) =>
  `readFile, promises: ${small} trip${small === 1 ? '' : 's'} small, ${large} large, ${uring ? 'io_uring reads' : 'read(2) per 512 KiB'}, open+close, none on main`;

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
    const bareLoops = barePollsOnce();
    const poolName = ctx.node.uv && satisfiesVersion(ctx.node.uv, NAMED_POOL) ? POOL_THREAD_NAME : null;
    return {
      ...(oneTrip || uring ? { expected: /** @type {const} */ ('refuted') } : {}),
      summary:
        `fs.readFile and fs.promises.readFile of a ${SMALL} B and a ${LARGE} B file, counting the fs requests made (async_hooks) and the reads the pool's threads made (/proc io). ` +
        `Model for Node ${ctx.node.version}: ${want(SMALL)} request${want(SMALL) === 1 ? '' : 's'} for the small file and ${want(LARGE)} for the large one (${readsFor(LARGE)} reads of 512 KiB), both APIs alike` +
        (oneTrip ? `; the claim's 4 does not hold here` : '') +
        (uring
          ? `; with UV_USE_IO_URING=${ctx.env.UV_USE_IO_URING} libuv ${ctx.node.uv} reads through io_uring, so the pool reads none of it`
          : '') +
        `. The pool's threads are told from outside (/proc): the threads started with the pool, ${ctx.poolSize} of them, with no event loop beyond a bare Node's (a Worker's), are the ones that read the files, in ${readCallsFor([{ bytes: SMALL }, { bytes: LARGE }, { bytes: SMALL }, { bytes: LARGE }], uring)} read system calls in all${poolName ? `, each named ${poolName} (libuv ${ctx.node.uv} names its pool's threads)` : ''}. ` +
        'The open and the close are requests of their own: the file is not open in the process when the first is made, nor when the last comes back; ' +
        `a readFile of a FIFO (each API) waits in open(2) on ${uring ? 'a thread other than the main one' : 'a pool thread'}, not the main thread, as the harness sees from outside (/proc) until it opens the writer and writes bytes of its own drawing, which the call must return.`,
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
        // the FIFO cases: the harness feeds each one as the fixture tells it (feedFifo)
        /** @type {Promise<any>[]} */
        const feeding = [];
        let ended = false;
        // the fixture's threads and event loops, read from outside at its two 'held's (poolReaders)
        /** @type {any[]} */
        const looks = [];
        const handle = c.start('readfile-trips.cjs', {
          options: { small: SMALL, large: LARGE, fifo: true, look: true },
          timeoutMs: 15_000,
          onMessage: (m) => {
            if (m?.event === 'held' && handle.pid) {
              looks.push(threadLook(handle.pid, m.phase));
              handle.send({ type: 'looked', phase: m.phase });
              return;
            }
            if (typeof m?.fifo !== 'string' || !handle.pid) return;
            const pid = handle.pid;
            feeding.push(
              feedFifo(pid, m.fifo, { done: () => ended, lookMs: uring ? 0 : FIFO_LOOK_MS }).then(
                (r) => ({ api: m.api, pid, ...r }),
                (err) => ({ api: m.api, pid, error: String(err?.message ?? err) }),
              ),
            );
          },
        });
        const { data: read } = await handle.result.finally(() => (ended = true));
        const poolLook = { looks, bareLoops: await bareLoops(c), P: c.poolSize, pid: handle.pid };
        const data = { ...read, fifoFed: await Promise.all(feeding), poolLook };
        // Node options in force: what the main thread reads is not judged (a preloaded agent's own reads)
        return c.env?.NODE_OPTIONS ? { ...data, nodeOptions: true } : data;
      },
      structural: {
        asserts: tripsAsserts(want(SMALL), want(LARGE), uring),
        need: 2,
        check(obs) {
          const o = { nodeOptions: obs.nodeOptions === true };
          const rows = obs.cases.map((/** @type {any} */ c) => judgeCase(c, oneTrip, uring, o));
          // the open (and its wait) a pool trip: a FIFO's, as the harness saw it
          // from outside
          const fifo = fifoRows(obs, uring);
          // the pool's threads as the harness tells them from outside, and that they read the files
          const fileBytes = obs.cases.reduce((/** @type {number} */ n, /** @type {any} */ c) => n + c.bytes, 0);
          // under Node options a preload may start the pool before the fixture's first look:
          // the pool's threads cannot be told from outside then, and the detail says so
          const readers = o.nodeOptions
            ? { ok: true, text: 'Node options in force: the pool’s threads not told from outside' }
            : poolReaders(obs.poolLook, fileBytes, obs.pool, uring);
          // the pool's read system calls, counted from outside, and its threads' names
          const calls = o.nodeOptions ? null : poolReadCalls(obs.poolLook, readCallsFor(obs.cases, uring), poolName);
          // … and nothing else read meanwhile, threads that ended included
          const elsewhere = o.nodeOptions ? null : readsElsewhere(obs.poolLook, uring);
          const all = [
            ...rows,
            ...fifo,
            ...(readers ? [readers] : []),
            ...(calls ? [calls] : []),
            ...(elsewhere ? [elsewhere] : []),
          ];
          return judged(all);
        },
      },
    };
  },
});
