import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runWithLook } from '../../harness/kits/look.js';
import { processCpuNs } from '../../harness/kits/abba.js';
import { defineSpec } from '../../harness/spec.js';
import { outweighing } from '../../harness/verdict.js';
import { poolSize, madeRequest, parkedFromOutside } from '../../harness/kits/pool.js';
import { readThreadCpu, cpuBetween, GONE_SLACK_MS } from '../../harness/kits/thread-cpu.js';
import { fsOnRing } from '../../harness/kits/io-uring.js';
import { threadFaults } from '../../harness/kits/threads.js';

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
 * The inputs digested in every trial, drawn by the harness and told to the fixture only as
 * it starts: a large one of 48 to 64 MiB (SHA-512, whose hash costs the CPU more than the
 * copy the call makes, and whose half outweighs the main thread's own bookkeeping: hashWork) and a short one beside it, 1 to 1023 bytes (log-uniform:
 * a token, a password; SHA-256), each its own digest. The claim is about every digest: one
 * that skips the pool for some sizes (digest-small-inline: under 1024 bytes hashed on the
 * main thread, resolved on the next turn) resolves with the pool held. Honest, both wait
 * for the release, and take the first threads freed (64 MiB of SHA-512: ~100 ms of a
 * thread's CPU once freed). Both in every trial, so that no trial counts without the
 * large digest's CPU reading (with one size a trial, a void large trial let two small
 * ones pass the claim alone).
 * @param {(lo: number, hiExclusive: number) => number} [draw]  (tests)
 * @returns {{ bytes: number, algorithm: 'SHA-512', smallBytes: number }}
 */
export function drawInput(draw = randomInt) {
  const exp = draw(0, 10);
  return {
    bytes: draw(48 << 20, (64 << 20) + 1),
    algorithm: 'SHA-512',
    smallBytes: draw(2 ** exp, Math.min(1024, 2 ** (exp + 1) + 1)),
  };
}

/**
 * The allocator settings the fixture and its reference run with where the CPU is read:
 * glibc then serves every block from its heap, not from a mapping of its own
 * (MALLOC_MMAP_MAX_ 0; by default a block over 32 MiB is mapped, and unmapped when
 * freed), and keeps what is freed (MALLOC_TRIM_THRESHOLD_), so a call made after one
 * digest of that length and a turn (the fixtures' `warm`) copies into pages already
 * touched. Where a page fault costs 12–18 µs, a copy of 60 MiB then costs 2–15 ms with
 * 0–2 faults, not 200–390 ms with 15 400 (Node 20 to 26; BENCHMARKS.md §60): the hash
 * (55–100 ms) stands clear of the copy's drift. Where the work runs is the pool's and
 * the runtime's choice, not the allocator's. Elsewhere (another libc, a runtime that
 * allocates otherwise) the reference's copies all take fresh memory, and copyCost falls
 * back to its costliest call.
 */
export const COPY_ENV = Object.freeze({
  MALLOC_MMAP_MAX_: '0',
  MALLOC_TRIM_THRESHOLD_: String(1 << 30),
});

/**
 * The anonymous memory, as a share of the input's pages, below which one of the
 * reference's calls copied into reused memory (measured: 1–8 pages for 12 000–16 000; the
 * first call, into fresh memory, all of them).
 */
const REUSED_GROWTH = 0.05;

/**
 * What the fixture's call of the large digest may have cost its main thread for the copy,
 * at the reference's prices: `strict`, the costliest of the reference's calls into reused
 * memory (the copy the fixture's warm-up prepared); `credit`, that and, for each page of
 * the input both added to the process's anonymous memory before the release (`grown`,
 * RssAnon read from outside at the first two looks) and faulted by its main thread
 * (`faults`), the reference's price of a fresh page, up to its copy into fresh memory
 * (its call that added the most). A page must be both: a fault that maps no new page
 * costs next to nothing, and memory another thread added (a Worker's) is not the call's
 * copy. hashWork reads a trial at `strict` and, where that reads against, at `credit`.
 * Where the reference never reused memory (another allocator: each call took fresh
 * pages) or the readings are from before (no `calls` with growth), both are its costliest
 * call, as before; with neither the growth nor the faults read, `credit` is that call.
 * @param {{ copyMs: number, calls?: { ms: number, faults: number | null, grown?: number | null }[] }} ref
 * @param {number | null | undefined} grown @param {number | null | undefined} faults @param {number} pages
 * @returns {{ strict: number, credit: number }}
 */
export function copyCost(ref, grown, faults, pages) {
  const whole = { strict: ref.copyMs, credit: ref.copyMs };
  const calls = Array.isArray(ref.calls) ? ref.calls.filter((c) => Number.isFinite(c.grown)) : [];
  if (calls.length === 0 || !(pages > 0)) return whole;
  const growth = (/** @type {{ grown?: number | null }} */ c) => /** @type {number} */ (c.grown);
  const reused = calls.filter((c) => growth(c) < REUSED_GROWTH * pages);
  const fresh = calls.reduce((a, b) => (growth(b) > growth(a) ? b : a));
  if (reused.length === 0 || growth(fresh) < pages / 2) return whole;
  const strict = Math.max(...reused.map((c) => c.ms));
  const added = Math.min(grown ?? Infinity, faults ?? Infinity);
  if (!Number.isFinite(added)) return { strict, credit: Math.max(strict, ref.copyMs) };
  const share = Math.min(1, Math.max(0, added / growth(fresh)));
  return { strict, credit: strict + share * Math.max(0, fresh.ms - strict) };
}

/**
 * What a hash of `bytes` and subtle.digest's calls (the copy each makes of them) cost a
 * thread's CPU under the Node under test (fixtures/digest-cost.cjs, on the run's CPUs,
 * under COPY_ENV: three calls, each with its CPU, faults and the anonymous memory it
 * added, the first into fresh memory and the later two, where the allocator keeps what is
 * freed, into that; the costliest call and the cheaper of two hashes, so a host's slow
 * spell inflates neither bound): what the fixture's main thread would spend hashing the
 * input itself, and what the call costs it (copyCost). Read by that Node, whose call may
 * copy otherwise than the harness's (measured in the harness's own Node, an honest Node
 * 24 trial once read 38 ms more than that copy). null off Linux or where unread.
 * @param {import('../../harness/context.js').Context} c @param {number} bytes @param {string} algorithm
 * @returns {Promise<{ hashMs: number, copyMs: number, calls?: { ms: number, faults: number | null, grown: number | null }[] } | null>}
 */
export async function referenceCost(c, bytes, algorithm) {
  if (!existsSync('/proc/thread-self/schedstat')) return null;
  try {
    const out = /** @type {any} */ (
      await c.run('digest-cost.cjs', { options: { bytes, algorithm, warm: true }, env: COPY_ENV, timeoutMs: 10_000 })
    );
    const calls = Array.isArray(out?.calls) ? out.calls : [];
    const read = calls.length > 0 && calls.every((x) => Number.isFinite(x?.ms));
    return Number.isFinite(out?.hashMs) && Number.isFinite(out?.copyMs)
      ? { hashMs: out.hashMs, copyMs: out.copyMs, ...(read && { calls }) }
      : null;
  } catch {
    return null;
  }
}

/** @type {{ threadWait: (pid: number, tid: number) => string | null, ioWorker: (tid: number, pid?: number | 'self') => boolean | null }} */
const proc = createRequire(import.meta.url)('../../fixtures/lib/proc.cjs');
/** @type {{ PAGE_BYTES: number }} */
const { PAGE_BYTES } = createRequire(import.meta.url)('../../fixtures/lib/pages.cjs');

/**
 * Most minor faults the main thread may take before the release, in pages of the large
 * input, for COPY_DRIFT to apply: the call's copy into fresh pages faults the input's
 * pages once (honest: 16 021 faults for 15 993 pages, the rest the process's own), a warm
 * one (COPY_ENV) next to none, a second fresh copy of the input (digest-idle-watched)
 * twice. Read from outside; THP's larger pages only lower the count.
 */
export const COPY_FAULTS = 1.25;

/** Below this hash cost (ms) the CPU readings are left out: a hash would not stand out from the process's own bookkeeping. */
const HASH_MIN_MS = 15;

/** From this many times a bound a reading is against the claim; between the bound and that, noise could explain it. */
const UNCLEAR = 1.5;

/**
 * How far past the reference's copy (as a share of it) the fixture's own copy may run
 * unaided, for a copy into fresh pages (where COPY_ENV does not let the call reuse
 * touched ones: another libc, or a runtime that allocates otherwise; on glibc the warm
 * copy costs a few ms, and this allowance a few ms with it). The copy's cost is then
 * mostly first touches of fresh pages (64 MiB: 16 000 minor faults), and a fault's
 * price moves from one call to the next: where a fault costs 12–18 µs the copy costs
 * 160–290 ms against a 55–100 ms hash, and 24 copies of one
 * input in 9 processes (Node 20, this kind of host) read 12.2–17.9 µs a fault, one
 * process's up to ×1.31 apart, any two up to ×1.47. Honest trials read the main thread
 * up to ×1.33 the reference's copy in 85 trials of 25 runs before this (13 of them over
 * ×1.12; 3 of 4 trials of one run read ×1.17–1.26 and failed the claim), up to ×1.36 in
 * the 39 of ten quiet runs after it, and once ×1.72 with other work beside the bench
 * (BENCHMARKS.md §59).
 * A reading against that such a copy explains (the main thread's excess over the
 * reference's copy, up to this share of it, taken off, the rest under half the hash)
 * cannot tell a copy that ran slow from a hash done at the call beside it: it is
 * contested (no fail, no pass) and marginal (one or two among enough agreeing trials are
 * outweighed: verdict.js MARGINAL_ODDS). So where the copy costs more than about one and
 * a half hashes, a runtime that hashes at the call as well reads contested and the claim
 * ends inconclusive, not failed; where the copy costs well under the hash (the hosts
 * this claim was first measured on: 60 ms against 120), the allowance is a small share of
 * the hash and such a runtime reads against. The allowance holds only where the main
 * thread's faults are one copy's (COPY_FAULTS): a second copy of the input is not excused.
 */
export const COPY_DRIFT = 0.4;

/**
 * What one look reads of process `pid` from outside: the main thread's CPU so far (ms),
 * every thread's and the process's whole (readThreadCpu: threads that ended included),
 * io_uring's kernel workers among the threads (`io`) and the threads held by the fixture
 * now: parked in open(2) on a FIFO, or, `heldIn` 'read', blocked in read(2). Taken as the
 * digests start, the held threads are the pool's: the fixture holds every pool thread,
 * and nothing else, before it. Also the main thread's minor faults and the process's
 * anonymous resident memory (`anonPages`: what a copy into fresh pages adds). null parts
 * where unread.
 * @param {number} pid @param {'open' | 'read'} heldIn
 */
export function lookThreads(pid, heldIn) {
  const ns = processCpuNs(pid);
  const { threadMs, processMs } = readThreadCpu(pid);
  const tids = threadMs && Object.keys(threadMs).map(Number);
  const held =
    heldIn === 'read'
      ? tids && tids.filter((tid) => proc.threadWait(pid, tid) === 'read')
      : (parkedFromOutside(pid)?.map((t) => t.tid) ?? null);
  return {
    mainMs: Number.isFinite(ns) ? ns / 1e6 : null,
    mainFaults: threadFaults(pid, pid),
    anonPages: anonPages(pid),
    threadMs,
    processMs,
    io: tids ? tids.filter((tid) => proc.ioWorker(tid, pid) !== false) : [],
    held,
  };
}

/**
 * Process `pid`'s anonymous resident memory now, in pages (/proc/<pid>/status RssAnon);
 * null where unread.
 * @param {number} pid @param {(path: string) => string} [read]
 */
export function anonPages(pid, read = (path) => readFileSync(path, 'utf8')) {
  try {
    const kb = /^RssAnon:\s+(\d+) kB/m.exec(read(`/proc/${pid}/status`))?.[1];
    return kb === undefined ? null : Math.round((Number(kb) * 1024) / PAGE_BYTES);
  } catch {
    return null;
  }
}

/**
 * Where the process's CPU went over the three looks: as the digests started (`a`), before
 * the release (`b`) and once their results were in (`c`; lookThreads each). The main
 * thread's before the release (b − a: the call's copy is there; with its minor faults and
 * the anonymous memory the process added, `grownBefore`, pages) and after it (c − b);
 * from a to c the pool's (the threads held at `a`: P of them, else not read), every other
 * live thread's (a Worker, a V8 platform thread; one started since counts whole;
 * io_uring's kernel workers neither), and what threads that ended by `c` spent
 * (`goneMs`, cpuBetween; null where the whole was unread). null where unread.
 * @param {ReturnType<typeof lookThreads> | null | undefined} a
 * @param {ReturnType<typeof lookThreads> | null | undefined} b
 * @param {ReturnType<typeof lookThreads> | null | undefined} c
 * @param {number} pid @param {number} P
 * @returns {{ mainBeforeMs: number, mainFaultsBefore: number | null, grownBefore: number | null, mainAfterMs: number, poolMs: number, othersMs: number, goneMs: number | null, poolThreads: number } | null}
 */
export function cpuSplit(a, b, c, pid, P) {
  if (!a?.held || a.held.length !== P || !c) return null;
  if (a.mainMs === null || b?.mainMs == null || c.mainMs === null) return null;
  const spent = cpuBetween(a, c);
  if (!spent) return null;
  const pool = new Set(a.held);
  const io = new Set(c.io ?? []);
  let poolMs = 0;
  let othersMs = 0;
  for (const [tid, ms] of Object.entries(spent.spentMs)) {
    if (Number(tid) === pid || io.has(Number(tid))) continue;
    if (pool.has(Number(tid))) poolMs += ms;
    else othersMs += ms;
  }
  const r = (/** @type {number} */ x) => Math.round(x * 100) / 100;
  return {
    mainBeforeMs: r(b.mainMs - a.mainMs),
    mainFaultsBefore: a.mainFaults == null || b.mainFaults == null ? null : b.mainFaults - a.mainFaults,
    grownBefore: a.anonPages == null || b.anonPages == null ? null : b.anonPages - a.anonPages,
    mainAfterMs: r(c.mainMs - b.mainMs),
    poolMs: r(poolMs),
    othersMs: r(othersMs),
    goneMs: spent.goneMs === null ? null : r(spent.goneMs),
    poolThreads: pool.size,
  };
}

/**
 * The part that says the large digest's work is the pool's: from its start until its
 * result was in (obs.split, cpuSplit), the pool's threads spent at least half what its
 * hash costs here, and the process spent less than half of it anywhere else, one budget
 * for every other place: the main thread beyond the call's copy (both costs measured by
 * the harness: referenceCost; the copy into reused memory, and fresh memory the main
 * thread faulted only to keep a reading from against: copyCost), before the release and
 * after it, other live threads, and
 * threads that ended (beyond GONE_SLACK_MS). Honest, the first thread freed hashes the
 * whole input and the main thread copies it at the call: elsewhere 0.12 to 0.60 of half
 * the hash, the pool 0.68 to 1.39 of the hash (16 trials, P = 1 and 4, a busy 2-CPU
 * machine). A digest whose answer is not the pool's work spends the hash elsewhere as
 * well or instead, whole or split between places (a bound for each place once let half
 * the hash go to each, BENCHMARKS.md §54): on the main thread at the call
 * (digest-idle-watched) or after the pool's answer (digest-main-after), in a Worker that
 * has ended (digest-worker-hash, digest-token-request): 1.4 to 5.7 times half the hash.
 * The reference runs in a process of its own: a copy or hash slower in the fixture (its
 * CPU, its memory shared with the held pool) moves an honest reading toward a bound. So
 * from a bound to
 * UNCLEAR times it (the pool's: down to its UNCLEAR-th) the trial is contested: it cannot
 * fail the claim, and it holds back a pass. null where not read (off Linux, a hash too
 * cheap here to stand out: HASH_MIN_MS). A reading against that a copy running up to
 * COPY_DRIFT past the reference's explains is contested and marginal. Records from before
 * the split: the main thread before the release alone (obs.mainCpuMs).
 * @param {any} obs
 * @returns {{ ok: boolean, unclear?: boolean, marginal?: boolean, mainRatio?: number, text: string } | null}
 */
export function hashWork(obs) {
  const ref = obs.reference;
  const split = obs.split;
  const mainBefore = split?.mainBeforeMs ?? obs.mainCpuMs;
  if (!ref || typeof mainBefore !== 'number' || !(ref.hashMs >= HASH_MIN_MS)) return null;
  const half = ref.hashMs / 2;
  const gone = Math.max(0, (split?.goneMs ?? 0) - GONE_SLACK_MS);
  const faults = split?.mainFaultsBefore;
  const grown = split ? split.grownBefore : null;
  const pages = obs.bytes > 0 ? obs.bytes / PAGE_BYTES : 0;
  const pool = split ? split.poolMs : null;
  const poolOk = pool === null || pool >= half;
  // against only by what a copy up to COPY_DRIFT past the reference's explains, the main
  // thread's faults those of one copy (COPY_FAULTS; unread in records from before): contested, marginal
  const oneCopy = faults == null || !(pages > 0) || faults <= COPY_FAULTS * pages;
  /** The reading with the copy priced at `copyMs`, a drift past it allowed or not. @param {number} copyMs @param {boolean} drift */
  const at = (copyMs, drift) => {
    const pastCopy = Math.max(0, mainBefore - copyMs);
    const elsewhere = pastCopy + (split ? split.mainAfterMs + split.othersMs + gone : 0);
    const ok = elsewhere < half && poolOk;
    const marginal = drift && !ok && oneCopy && elsewhere - Math.min(pastCopy, COPY_DRIFT * copyMs) < half && poolOk;
    const unclear = marginal || (!ok && elsewhere < half * UNCLEAR && (pool === null || pool >= half / UNCLEAR));
    return { copyMs, elsewhere, ok, marginal, unclear };
  };
  // the copy into reused memory, as the reference's; where that reads against and the process
  // added fresh memory its main thread faulted, that memory priced at the reference's fresh copy,
  // with no drift past it (a fresh copy where the reference's reused is not the copy it priced,
  // and a fresh copy's drift would hide a hash beside it: digest-idle-watched): against still,
  // against; else contested, never marginal
  const { strict, credit } = copyCost(ref, grown, faults, pages);
  const strictRead = at(strict, true);
  const creditRead = !strictRead.ok && credit > strict ? at(credit, false) : null;
  const freshExcuse = creditRead !== null && (creditRead.ok || creditRead.unclear);
  const read = creditRead ?? strictRead;
  const { copyMs, elsewhere, ok } = freshExcuse ? { ...read, ok: false } : read;
  const marginal = !freshExcuse && read.marginal;
  const unclear = freshExcuse || read.unclear;
  const r = (/** @type {number} */ x) => Math.round(x * 10) / 10;
  const copied = `the call's copy here: ${r(copyMs)} ms${faults == null ? '' : `; the main thread's faults ${faults}${grown == null ? '' : `, the process's new memory ${grown} pages`}, for ${Math.round(pages)} pages`}`;
  const where = split
    ? `the main thread ${r(split.mainBeforeMs)} ms before the release (${copied}) and ${r(split.mainAfterMs)} ms after it, the process's other threads ${r(split.othersMs)} ms${split.goneMs ? `, threads that ended ${r(split.goneMs)} ms` : ''}, its ${split.poolThreads} pool threads ${r(split.poolMs)} ms`
    : `the main thread ${r(mainBefore)} ms before the release (${copied})`;
  return {
    ok,
    ...(unclear && { unclear }),
    ...(marginal && { marginal, mainRatio: Math.round((mainBefore / copyMs) * 100) / 100 }),
    text:
      `until the large digest's result was in, seen from outside: ${where} (the hash here: ${r(ref.hashMs)} ms; off the pool beyond the copy: ${r(elsewhere)} ms)` +
      (ok
        ? ''
        : freshExcuse
          ? ` (over half the hash at the reference's copy into reused memory, ${r(strict)} ms; under ×${UNCLEAR} of it only with the fresh memory the main thread faulted priced at the reference's fresh copy: a copy not the one the reference priced, the trial contested)`
          : marginal
            ? ` (under half the hash with the main thread's excess over the reference's copy, up to ${COPY_DRIFT} of that copy, taken off, its faults one copy's: a copy slower than the reference's, as a page fault's price moves, is not told from a hash at the call here, the trial contested, marginal)`
            : unclear
              ? ` (within ×${UNCLEAR} of half the hash: unclear on this CPU, the trial contested)`
              : ` (expected off the pool under ${r(half)}${pool === null ? '' : ` and the pool's at least ${r(half)}`}: the hash was not the pool's work)`),
  };
}

/**
 * The part that says a digest (op `name`) waited for a pool thread, not for the threads
 * held to leave open(2) (digest-open-gated: computed at once, resolved once no thread of
 * the process is parked in open(2) on a FIFO). With `partly` (some threads freed first,
 * the rest still held in open(2)): the digest must resolve then, before the rest are let
 * go, with the others still held (honest: every trial, within milliseconds of the first
 * release; gated: only after the last). Held in read(2) (`heldIn`), the existing rule
 * (resolved with the pool held) says it. null where neither was read (a record from
 * before, P = 1 with fs reads on io_uring).
 * @param {any} obs @param {string} [name]
 * @returns {{ ok: boolean, text: string } | null}
 */
export function firstFreed(obs, name = 'digest') {
  if (obs.heldIn === 'read') return { ok: true, text: 'the threads held in read(2), not open(2)' };
  const p = obs.partly;
  if (!p || typeof p.freed !== 'number') return null;
  const stage = obs.ops?.[name]?.stage;
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

/**
 * One digest's part (op `name`: 'digest', the large input; 'small'): it resolved only
 * after the release, without error, with the right answer (checked by the fixture against
 * createHash once all was over: a runtime that waits for its job and answers something
 * else is caught), through its own pool job (its HASHREQUEST) and on the first thread
 * freed (firstFreed). null where the trial had no such digest (a record from before).
 * @param {any} obs @param {string} name @param {string} label
 * @returns {{ ok: boolean, text: string } | null}
 */
export function digestPart(obs, name, label) {
  const d = obs.ops?.[name];
  if (!d) return null;
  const correct = obs.correct?.[name];
  const own = madeRequest(d.requests, ['HASHREQUEST'], label);
  const freed = firstFreed(obs, name);
  const ok = !d.before && d.done && !d.error && correct !== false && own?.ok !== false && freed?.ok !== false;
  const when = d.before ? 'resolved with the pool held' : d.done ? 'resolved only after the release' : 'never resolved';
  return {
    ok,
    text:
      `${label} ${when}${d.error ? ` (error ${d.error})` : ''}${correct === false ? ', with a wrong answer' : ''}` +
      `${own ? ` (${own.text})` : ''}${freed ? `; ${freed.text}` : ''}`,
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
        `All ${P} pool threads held in fs.copyFile from a FIFO (${HOLD_MS} ms and a random half to a whole of that more, which nothing in the process can time itself to); meanwhile crypto.subtle.digest of a large input (48–64 MiB, SHA-512) and of a short one (under 1 KiB, SHA-256), each drawn, resolve only after the release with the right answers, while a synchronous createHash and a 5 ms timer complete and fs.access (the pool control) waits.` +
        (P >= 2
          ? ` The threads are let go in two steps (how many first, drawn): the digests resolve at the first, with the rest still held.`
          : ` With one thread, it is held in read(2) of a FIFO where fs reads stay on the pool, not in open(2).`) +
        ` On Linux the harness reads each thread's CPU from outside as the digests start, before the release and once their results are in: the large hash's CPU must be the pool threads', not the main thread's beyond its copy nor another thread's. There the process first digests another input of the same length, with glibc serving large blocks from its heap and keeping what is freed (MALLOC_MMAP_MAX_=0, MALLOC_TRIM_THRESHOLD_), so the call's copy can reuse pages already touched and cost far less than the hash, as a reference process's later calls do: the trial is read at that reference's price, and only where that reads against is memory the process added before the release and its main thread faulted priced at the reference's fresh copy (against still: against; else contested).`,
      model: { P, digestBeforeRelease: false, controlsBeforeRelease: ['hash', 'timer'], waits: ['access'] },
      // room for the agreeing trials that outweigh two marginal trials (COPY_DRIFT: 2 + 12);
      // a run without one ends within the usual budget (need + 2, extended by trials
      // against or void)
      maxTrials: 2 + outweighing(2),
      // how the pool is held, drawn each trial (drawHold): the digests must wait for a
      // pool thread however it is held, and take the first ones freed; the inputs
      // (drawInput)
      async trial(c) {
        const o = {
          options: {
            mode: 'webcrypto',
            pool: c.poolSize,
            holdMs: HOLD_MS,
            ...drawInput(),
            ...drawHold(P, Boolean(fsOnRing(ctx))),
          },
          timeoutMs: 15_000,
        };
        if (c.platform !== 'linux') return c.run('pool-parked.cjs', o);
        // each thread's CPU read from outside as the digests start, before the release
        // and once their results are in (hashWork), beside what a hash and a copy cost
        // here (the reference first, not beside the fixture: two 64 MiB copies at once on
        // a small machine slow each other's, and the bounds would move with them)
        const reference = await referenceCost(c, o.options.bytes, o.options.algorithm);
        const heldIn = o.options.heldIn;
        const { data, looks } = await runWithLook(
          c,
          'pool-parked.cjs',
          { ...o, options: { ...o.options, look: true, warm: true }, env: COPY_ENV },
          (pid) => ({ pid, ...lookThreads(pid, heldIn) }),
        );
        const [a, b, after] = looks;
        const answered = Array.isArray(data.looked) && data.looked.length === 3 && data.looked.every(Boolean);
        const split = answered && a ? cpuSplit(a, b, after, a.pid, P) : null;
        return {
          ...data,
          reference,
          split,
          ...(!split && { cpuUnread: answered ? 'the pool threads or a thread unread' : 'a look unanswered' }),
        };
      },
      structural: {
        asserts: 'with every pool thread held, subtle.digest waits for the release and hashes on the pool',
        need: 2, // what completed while the pool was held: exact
        check(obs) {
          const { hash, timer, access } = obs.controls;
          const sized =
            (obs.parked === null || obs.parked === obs.P) &&
            (obs.poolThreads === null || obs.poolThreads === obs.P) &&
            (obs.parkedNow === null || obs.parkedNow === obs.P);
          const census =
            `${obs.poolThreads ?? '?'} pool threads, ${obs.parkedNow ?? obs.parked ?? '?'} held` +
            (obs.heldMs ? ` up to ${obs.heldMs} ms` : '');
          const size = (/** @type {unknown} */ n) => (typeof n === 'number' ? ` of ${n} bytes` : '');
          // each digest waited for its own pool job, on the first thread freed, and answered right
          const digests = [
            digestPart(obs, 'digest', `subtle.digest${size(obs.bytes)}`),
            digestPart(obs, 'small', `subtle.digest${size(obs.smallBytes)}`),
          ].filter((x) => x !== null);
          const what = digests.map((x) => x.text).join('; ');
          if (!sized)
            return { ok: false, detail: `${what}, but the pool has ${census} (expected ${obs.P} and ${obs.P})` };
          if (!hash.before || !timer.before || access.before)
            return {
              ok: false,
              invalid: true,
              detail: `controls: a synchronous hash ${hash.before ? 'completed' : 'waited'}, a timer ${timer.before ? 'fired' : 'waited'}, fs.access ${access.before ? 'completed' : 'waited'} with the pool held; ${what}`,
            };
          const waited = digests.every((x) => x.ok);
          // ... and the large digest's work is the pool's (hashWork)
          const work = hashWork(obs);
          // a Linux trial whose CPU went unread tells nothing of where the hash ran: void
          if (waited && obs.cpuUnread && !work)
            return { ok: false, invalid: true, detail: `${what}; each thread's CPU not read (${obs.cpuUnread})` };
          // contested where a copy that ran past the reference's explains the reading, and
          // marginal (COPY_DRIFT): its detail led by that (the verdict names a marginal trial
          // by its detail's first words)
          if (waited && work?.unclear) {
            const lead = work.marginal
              ? `the main thread before the release ×${work.mainRatio} the reference's copy: `
              : '';
            return {
              ok: false,
              invalid: true,
              contested: true,
              ...(work.marginal && { marginal: true }),
              detail: `${lead}${what}; ${work.text}`,
            };
          }
          return {
            ok: waited && work?.ok !== false,
            detail: `with all ${obs.P} pool threads held (${census}), ${what}${work ? `; ${work.text}` : ''}; a synchronous hash and a timer completed, fs.access waited`,
          };
        },
      },
    };
  },
});
