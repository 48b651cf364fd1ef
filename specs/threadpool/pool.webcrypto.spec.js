import { defineSpec } from '../../harness/spec.js';
import { poolSize, madeRequest } from '../../harness/kits/pool.js';

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
      summary: `All ${P} pool threads held in fs.copyFile from a FIFO (${HOLD_MS} ms and a random half to a whole of that more, which nothing in the process can time itself to); meanwhile crypto.subtle.digest('SHA-256') resolves only after the release, while a synchronous createHash and a 5 ms timer complete and fs.access (the pool control) waits.`,
      model: { P, digestBeforeRelease: false, controlsBeforeRelease: ['hash', 'timer'], waits: ['access'] },
      trial: (c) =>
        c.run('pool-parked.cjs', {
          options: { mode: 'webcrypto', pool: c.poolSize, holdMs: HOLD_MS },
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
          const what = `subtle.digest ${digest.before ? 'resolved with the pool held' : digest.done ? 'resolved only after the release' : 'never resolved'}${digest.error ? ` (error ${digest.error})` : ''}`;
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
          return {
            ok: !digest.before && digest.done && !digest.error && own?.ok !== false,
            detail: `with all ${obs.P} pool threads held (${census}), ${what}${own ? ` (${own.text})` : ''}; a synchronous hash and a timer completed, fs.access waited`,
          };
        },
      },
    };
  },
});
