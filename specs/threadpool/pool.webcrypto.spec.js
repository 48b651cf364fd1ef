import { randomInt } from 'node:crypto';
import { defineSpec } from '../../harness/spec.js';
import { poolSize, madeRequest } from '../../harness/kits/pool.js';
import { fsOnRing } from '../../harness/kits/io-uring.js';

// Node's list of the APIs that use the pool (cli.md, UV_THREADPOOL_SIZE)
// names fs, crypto's pbkdf2/scrypt/randomBytes/randomFill/generateKeyPair,
// dns.lookup and zlib, but not WebCrypto. crypto.subtle runs its jobs as
// async CryptoJobs, which libuv queues on the pool like pbkdf2's. With every
// pool thread held, a digest cannot resolve; a synchronous hash and a timer
// (no pool) show the loop was free, fs.access (pool) that the pool was held.

/**
 * How long the pool stays held: the time a digest off the pool would have to
 * resolve. The synchronous hash and the 5 ms timer completed within 4.1 and
 * 8.9 ms in every one of the 120 trials of six stability benches, quiet to
 * two busy loops and a 1-CPU quota (BENCHMARKS.md §25); it was 250 ms.
 */
const HOLD_MS = 150;
// The fixture holds the pool HOLD_MS and a random half to a whole of it more
// (heldMs, drawn at the hold's start and in none of its options), as
// net.fetch-hostname does: a digest that resolves on a timer of its own, set
// from the options (digest-on-timer: holdMs + 25 ms, its request's answer
// unused), resolves with the pool held and fails; one that waits for its job
// on the pool resolves only after the release, however long the hold.

/**
 * How the pool is held, drawn by the harness for each trial: with P ≥ 2, in open(2)
 * as before, and `partial` (1 to P − 1, drawn) threads let go first, the rest held
 * until the digest resolved (or HOLD_MS more): a digest on the pool takes the first
 * thread freed.
 * With P = 1 (nothing to free in part), the one thread held in read(2) of a FIFO instead,
 * where fs reads stay on the pool (no io_uring); else in open(2), whole.
 * @param {number} P @param {boolean} readsOnRing
 * @returns {{ heldIn: 'open' | 'read', partial: number }}
 */
export function drawHold(P, readsOnRing) {
  if (P >= 2) return { heldIn: 'open', partial: 1 + randomInt(P - 1) };
  return { heldIn: readsOnRing ? 'open' : 'read', partial: 0 };
}

/**
 * The length of the input digested, drawn by the harness for trial n and told to the fixture
 * only as it starts: under 1 KiB (1 to 1023 bytes, log-uniform: a token, a password) in odd
 * trials, 1 KiB to 4 MiB (log-uniform) in even ones; a coin where n is not known. The claim
 * is about every digest: one that skips the pool for some sizes (digest-small-inline: under
 * 1024 bytes hashed on the main thread, resolved on the next turn) resolves with the pool
 * held in those trials, from the first. Honest, the digest waits for the release at every
 * size (4 MiB of SHA-256: ~10 ms once released; 1 to 4 MiB resolved at the first freed
 * thread in every trial measured).
 * @param {number | undefined} n the trial (1-based)
 * @param {(lo: number, hiExclusive: number) => number} [draw]  (tests)
 */
export function drawBytes(n, draw = randomInt) {
  const small = typeof n === 'number' ? n % 2 === 1 : draw(0, 2) === 0;
  const exp = small ? draw(0, 10) : draw(10, 22);
  return draw(2 ** exp, Math.min(small ? 1024 : 2 ** 22 + 1, 2 ** (exp + 1) + 1));
}

/**
 * The part that says the digest waited for a pool thread, not for the threads held to
 * leave open(2) (digest-open-gated: computed at once, resolved once no thread of the
 * process is parked in open(2) on a FIFO). With `partly` (some threads freed first, the
 * rest still held in open(2)): the digest must resolve then, before the rest are let go,
 * with the others still held (honest: every trial, within milliseconds of the first
 * release; gated: only after the last). Held in read(2) (`heldIn`), the existing rule
 * (resolved with the pool held) says it. null where neither was read (a record from
 * before, P = 1 with fs reads on io_uring).
 * @param {any} obs @returns {{ ok: boolean, text: string } | null}
 */
export function firstFreed(obs) {
  if (obs.heldIn === 'read') return { ok: true, text: 'the threads held in read(2), not open(2)' };
  const p = obs.partly;
  if (!p || typeof p.freed !== 'number') return null;
  const stage = obs.ops?.digest?.stage;
  const rest = obs.P - p.freed;
  const still = p.parkedNow === null || p.parkedNow === rest;
  const ok = stage === 'partial' && still;
  const when =
    stage === 'partial'
      ? `resolved once ${p.freed} thread${p.freed === 1 ? ' was' : 's were'} freed (within ${p.ms ?? '?'} ms)`
      : stage === 'released'
        ? `resolved only once all ${obs.P} were let go, not when ${p.freed} ${p.freed === 1 ? 'was' : 'were'} freed`
        : 'did not resolve once some threads were freed';
  return {
    ok,
    text:
      `${when}, ${p.parkedNow ?? '?'} still held in open(2)` +
      (still ? '' : ` (expected ${rest})`) +
      (ok ? '' : ' (expected it to take the first thread freed)'),
  };
}

export default defineSpec({
  id: 'pool.webcrypto',
  title: 'crypto.subtle.digest waits for the thread pool',
  area: 'threadpool',
  claim:
    "crypto.subtle.digest runs on the libuv pool, although Node's list of the APIs that use the pool leaves WebCrypto out: with every pool thread busy, a digest does not resolve.",
  truth:
    'True on Node 20 to 26: with every pool thread held, subtle.digest resolves only after the release, while a synchronous hash and a timer complete at once.',
  expected: 'holds',
  tags: ['structural', 'fifo-probe'],
  requires: ['posix'],
  source: {
    file: 'https://nodejs.org/api/cli.html#uv_threadpool_sizesize',
    section: 'UV_THREADPOOL_SIZE=size (the list of APIs that use the pool)',
    figures: null,
  },
  plan(ctx) {
    const P = poolSize(ctx);
    return {
      summary:
        `All ${P} pool threads held in fs.copyFile from a FIFO (${HOLD_MS} ms and a random half to a whole of that more, which nothing in the process can time itself to); meanwhile crypto.subtle.digest('SHA-256') resolves only after the release, while a synchronous createHash and a 5 ms timer complete and fs.access (the pool control) waits.` +
        (P >= 2
          ? ` The threads are let go in two steps (how many first, drawn): the digest resolves at the first, with the rest still held.`
          : ` With one thread, it is held in read(2) of a FIFO where fs reads stay on the pool, not in open(2).`),
      model: { P, digestBeforeRelease: false, controlsBeforeRelease: ['hash', 'timer'], waits: ['access'] },
      // how the pool is held, drawn each trial (drawHold): the digest must wait for
      // a pool thread however it is held, and take the first one freed
      trial: (c, n) =>
        c.run('pool-parked.cjs', {
          options: {
            mode: 'webcrypto',
            pool: c.poolSize,
            holdMs: HOLD_MS,
            bytes: drawBytes(n),
            ...drawHold(P, Boolean(fsOnRing(ctx))),
          },
          timeoutMs: 15_000,
        }),
      structural: {
        asserts: 'with every pool thread held, crypto.subtle.digest resolves only after the release',
        need: 2, // what completed while the pool was held: exact
        check(obs) {
          const { digest } = obs.ops;
          const { hash, timer, access } = obs.controls;
          const sized =
            (obs.parked === null || obs.parked === obs.P) &&
            (obs.poolThreads === null || obs.poolThreads === obs.P) &&
            (obs.parkedNow === null || obs.parkedNow === obs.P);
          const census =
            `${obs.poolThreads ?? '?'} pool threads, ${obs.parkedNow ?? obs.parked ?? '?'} held` +
            (obs.heldMs ? ` up to ${obs.heldMs} ms` : '');
          const size = typeof obs.bytes === 'number' ? ` of ${obs.bytes} bytes` : '';
          const what = `subtle.digest${size} ${digest.before ? 'resolved with the pool held' : digest.done ? 'resolved only after the release' : 'never resolved'}${digest.error ? ` (error ${digest.error})` : ''}`;
          if (!sized)
            return { ok: false, detail: `${what}, but the pool has ${census} (expected ${obs.P} and ${obs.P})` };
          if (!hash.before || !timer.before || access.before)
            return {
              ok: false,
              invalid: true,
              detail: `controls: a synchronous hash ${hash.before ? 'completed' : 'waited'}, a timer ${timer.before ? 'fired' : 'waited'}, fs.access ${access.before ? 'completed' : 'waited'} with the pool held; ${what}`,
            };
          // what waited is the digest's own job (its HASHREQUEST), not some other pool request
          const own = madeRequest(digest.requests, ['HASHREQUEST'], 'subtle.digest');
          // ... and what it waited for is a pool thread: it takes the first one freed
          // (firstFreed)
          const freed = firstFreed(obs);
          return {
            ok: !digest.before && digest.done && !digest.error && own?.ok !== false && freed?.ok !== false,
            detail: `with all ${obs.P} pool threads held (${census}), ${what}${own ? ` (${own.text})` : ''}${freed ? `; ${freed.text}` : ''}; a synchronous hash and a timer completed, fs.access waited`,
          };
        },
      },
    };
  },
});
