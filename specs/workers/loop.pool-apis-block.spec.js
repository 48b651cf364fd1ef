import { defineSpec } from '../../harness/spec.js';
import { SOURCE_003 } from '../../harness/kits/workers.js';
import { TIMING_LOOKS } from '../../harness/verdict.js';
import { MAIN_LOOK_MS, asleepIn } from '../../harness/kits/concurrency.js';

const POOL = 4; // set explicitly: the parked phase holds every pool thread

/** Problems that make a trial say nothing (the pool was not really parked). @param {any} obs */
function controlProblem(obs) {
  const p = obs.parkedPool;
  if (p.parked !== null && p.parked !== p.pool) return `only ${p.parked} of ${p.pool} pool threads were seen parked`;
  if (p.events.some((/** @type {any} */ e) => e.what === 'timeout')) return 'fs.watch did not fire within 2 s';
  return null;
}

/**
 * Sleep outside its loop's poll that a free loop's main thread shows in a
 * phase: at most the larger of NAP_FLOOR_MS and NAP_SHARE of the phase. An
 * honest one waits in futex now and then, for a lock a pool thread holds
 * (getaddrinfo's, zlib's hand-off): 0–10 ms per phase in 8 quiet trials here
 * (async gzip 73–94 ms, the lookups 13–19 ms; BENCHMARKS.md §44), and up to
 * 30 ms in a pbkdf2 batch's wait on a host that took a vCPU away (§21).
 */
const NAP_FLOOR_MS = 40;
const NAP_SHARE = 0.4;
/** Fewest looks inside a phase that read its sleep (one every MAIN_LOOK_MS: a phase of 40 ms). */
const NAP_MIN_LOOKS = 8;

/**
 * How long the main thread slept outside its loop's poll during a phase, from
 * the harness's looks at it from outside (harness/main-watch.js), and whether
 * that is a loop that waited for its work (free), not one held asleep beyond
 * what an honest one shows (NAP_FLOOR_MS, NAP_SHARE). A loop that naps between
 * its turns (Atomics.wait, a sleep of its own) still fires its timers, each
 * turn, and spends no CPU: the ticks and the CPU cannot tell it. null where
 * the looks cannot say (records before them, or fewer than NAP_MIN_LOOKS
 * inside the phase: a watcher kept from its looks; the lookups run for at
 * least 80 ms, which records before that did not, in 13–19 ms).
 * @param {any} obs @param {{ fromMs?: number, toMs?: number, ms: number }} phase
 */
function napped(obs, phase) {
  if (!obs.mainLooks || !Array.isArray(obs.pollFds) || phase.fromMs === undefined || phase.toMs === undefined)
    return null;
  const asleep = asleepIn(obs.mainLooks, phase.fromMs, phase.toMs, obs.pollFds);
  if (!asleep || asleep.looks < NAP_MIN_LOOKS) return null;
  return { ...asleep, free: asleep.ms <= Math.max(NAP_FLOOR_MS, NAP_SHARE * (phase.toMs - phase.fromMs)) };
}

/**
 * The longest hold of the loop by its own thread that a free loop shows while
 * async gzip or the lookups run, as a share of gzipSync's CPU on the same
 * buffer (the whole compression in one hold), or HOLD_FLOOR_MS where that is
 * more. The fixture reads the main thread's CPU at each 1 ms tick (ticker's
 * held): the most it spent between two turns of its loop, less the GC pauses
 * in that stretch (a scavenge there is no operation's). Honest phases read
 * 1.0–2.9 ms over async gzip (its last callback, the result's concatenation)
 * and 1.0–3.9 ms over the lookups (the first eight started) against gzipSync's
 * 62–111 ms: at most 0.037 and 0.048 of it (209 trials, quiet and beside two
 * busy loops); with the GC pauses taken out 1.5–2.3 and 0.6–1.9 ms (70
 * trials, quiet, beside two busy loops, on one CPU; pauses of 0.5–1.2 ms
 * inside a lookups' stretch in 6). A callback that inflates gzip's result on
 * the main thread before handing it over holds the loop 13.6–24.2 ms
 * (0.19–0.37, 40 trials: gzip-verify-on-main); an inflate costs about a
 * fifth of the deflate on any CPU, so the share, not a time, sets the bound.
 * The floor keeps in what does not scale with the CPU (a compiler's
 * finalisation on the main thread, a pause the observer missed): twice the
 * most an honest phase read, below the least the inflate held the loop here.
 * CPU time, not the gap's wall time: a neighbour that takes the CPU stretches
 * the gaps (honest ones reach 107 ms), not the CPU spent in one.
 * A host whose page faults are dear raises the honest hold, which fills
 * fresh memory: where a page cost some 20 µs (BENCHMARKS.md §56; a 3.2 MiB
 * Buffer.concat 20–38 ms of CPU on fresh pages, 0.5 ms on reused ones) async
 * gzip's held 7.4–10.8 ms against gzipSync's 76–107 (at most 0.12 of it, ×1.35
 * the bound). So the fixture counts each stretch's page faults, and the
 * stretch async gzip resolved in (its result concatenated) has its result's
 * pages priced at what a fresh page cost the main thread and taken out
 * (resultPages, heldFree); where they were not read, a hold within
 * GROSS_NEAR of the bound is contested, as before. Where a page cost 13–22
 * µs, the honest hold read 7.3–10.6 ms with some 470 faults, 0.4–4.0 ms left
 * (50 trials, BENCHMARKS.md §57); the inflate on the main thread read 38–54
 * ms there, 31–46 left.
 */
export const HOLD_SHARE = 0.1;
export const HOLD_FLOOR_MS = 8;

/** Two decimals. @param {number} x */
const r2 = (x) => Math.round(x * 100) / 100;

/** The page size the fixture's faults are counted in (x64). */
const PAGE_BYTES = 4096;

/**
 * What async gzip's result's pages cost its last stretch (the fixture's
 * held.last, the one the operation resolved in, where its result is
 * concatenated): its page faults that made a page resident (at most the
 * process's resident growth in that stretch, and at most one per page of the
 * result), priced at the least a fault cost the main thread (faultCpuUs, the
 * fixture's faultPrice). A fault that maps the zero page (a read of memory
 * never written) costs next to nothing and makes nothing resident: it is not
 * priced. null where the faults, the growth or the price were not read.
 * @param {any} phase @param {number | null | undefined} faultCpuUs
 * @returns {{ faults: number, pages: number, faultCpuUs: number, priceMs: number, resultBytes: number } | null}
 */
export function resultPages(phase, faultCpuUs) {
  const last = phase?.held?.last;
  const resultBytes = phase?.resultBytes;
  if (!last || typeof faultCpuUs !== 'number' || typeof resultBytes !== 'number') return null;
  if (typeof last.faults !== 'number' || typeof last.grown !== 'number') return null;
  const pages = Math.max(0, Math.min(last.faults, last.grown, Math.ceil(resultBytes / PAGE_BYTES)));
  return { faults: last.faults, pages, faultCpuUs, priceMs: r2((pages * faultCpuUs) / 1000), resultBytes };
}

/**
 * heldFree's `paged` in words: the faults its result's pages account for, their
 * price, and the CPU left.
 * @param {{ faults: number, pages: number, faultCpuUs: number, priceMs: number, netMs: number, resultBytes: number }} p
 */
function pagedText(p) {
  const mib = r2(p.resultBytes / 2 ** 20);
  return `in the stretch it resolved in ${p.faults} page faults, ${p.pages} priced (pages made resident, at most its ${mib} MiB result's) at ${p.faultCpuUs} µs each: ${p.priceMs} ms; with them out, its longest hold ${p.netMs} ms`;
}

/**
 * Whether a phase's longest hold of the loop (the fixture's `held`) is a free
 * loop's. With `fresh` (async gzip: its last callback fills its result, fresh
 * memory whose price a host sets), the stretch it resolved in has its
 * result's pages priced and taken out (resultPages), and the longest hold
 * judged is the more of what is left there and the longest of every other
 * stretch, as it read (netMs), against the bound, with no band. Where the
 * faults or their price were not read (records before them, a host whose
 * faults come in huge pages or whose allocator reuses resident memory), a
 * hold past the bound by less than GROSS_NEAR is contested (ok false), as
 * before they were read. The lookups and fs.watch fill no such memory: past
 * the bound, against. null where the hold was not read (off Linux, records
 * before it).
 * @param {any} phase @param {number | null} syncMs  gzipSync's CPU on the main thread
 * @param {{ fresh?: boolean, faultCpuUs?: number | null }} [o]
 */
export function heldFree(phase, syncMs, { fresh = false, faultCpuUs = null } = {}) {
  const h = phase?.held;
  if (!h || typeof h.cpuMs !== 'number' || typeof syncMs !== 'number') return null;
  const boundMs = Math.max(HOLD_FLOOR_MS, HOLD_SHARE * syncMs);
  const base = { cpuMs: h.cpuMs, ms: h.ms, boundMs: r2(boundMs) };
  const priced = fresh ? resultPages(phase, faultCpuUs) : null;
  if (priced && h.others) {
    const lastNet = Math.max(0, h.last.cpuMs - h.last.gcMs - priced.priceMs);
    const netMs = r2(Math.max(h.others.cpuMs, lastNet));
    return { ok: netMs <= boundMs, contested: false, ...base, paged: { ...priced, netMs } };
  }
  const ok = h.cpuMs <= boundMs;
  return { ok, contested: fresh && !ok && h.cpuMs <= boundMs * GROSS_NEAR, ...base };
}

/**
 * The loop's holds with the GC pauses left in. heldFree takes the pauses out
 * of a hold's CPU (a scavenge is no operation's), so a call whose callbacks
 * make the main thread collect for long stretches (forced full collections,
 * 40 ms of them in one turn every 120 ms while an async gzip runs:
 * gzip-gc-stalls) read as free; but a loop held 40 ms by a collection the call
 * causes is held all the same, and the claim's "the loop stays responsive"
 * counts it. So each phase's stretch between two turns is read again (the
 * fixture's held.gross): at least its CPU, GC and all, and at least its GC
 * pauses' wall time less its run-queue wait (`heldMs`: a pause whose main
 * thread waits for its helpers holds the loop asleep, a neighbour's preemption
 * is not the call's); and at most the larger of its CPU and its pauses' wall
 * time (`upToMs`: preemption inside a pause left in). The bound is
 * heldFree's share of gzipSync's CPU less its pauses, with GC_FLOOR_MS as its
 * floor: nothing the runtime does in gzipSync raises it (an allowance for the
 * pauses gzipSync showed once let a runtime that also collects 50 ms inside
 * gzipSync pass with async holds of 12–65 ms).
 * Honest here (2 CPUs beside other runs, 2 busy loops, one CPU; 105 trials):
 * no pause at all inside an async gzip stretch, 0–3.7 ms of pauses in a
 * lookups phase, each phase's hold GC and all 2.0–5.6 ms (upper reading up to
 * 7.1); gzipSync's 0–5.9 ms of pauses; the longest single pause of a trial
 * anywhere 9.0 ms (a scavenge while the payload is made, before any phase).
 * Under gzip-gc-stalls an async gzip stretch holds 40–65 ms of pauses, heldMs
 * 12–47 ms (27 trials; 17–21 where neighbours' run-queue wait took 27–44 ms
 * of the stretch, 12–14 in 2 where it took 60), against a bound of 10–14 ms.
 */
/** The floor of that bound: above the longest single pause an honest trial showed anywhere (9.0 ms). */
export const GC_FLOOR_MS = 10;

/** The band around the bound, by this factor either way, where noise could explain a reading. */
const GROSS_NEAR = 1.5;

/**
 * Whether a phase's longest hold with its GC pauses left in (the fixture's
 * held.gross) is a free loop's: against where its lower reading exceeds the
 * bound GROSS_NEAR times over; contested (ok false) where it exceeds the bound
 * by less, or where it is within GROSS_NEAR below the bound and the upper
 * reading beyond it (a pause near the bound, how much of it preemption or
 * helper threads a neighbour kept from their CPUs unsure); else ok. Beside two
 * busy loops an honest lookups phase held 11.6 ms of one scavenge against a
 * bound of 11.3 (its helpers preempted; BENCHMARKS.md §54); a pause a
 * neighbour preempted far below the bound is the neighbour's: an honest Node 24
 * trial read 2.0 ms held, 11.1 ms with the preemption left in. null where not
 * read (records before it).
 * @param {any} phase @param {number | null} syncMs  gzipSync's CPU on the main thread
 * @param {number | null} syncGcMs  the GC pauses during gzipSync (null: none read)
 * @param {{ fresh?: boolean, faultCpuUs?: number | null }} [o]  as heldFree's: async gzip's result's pages out
 */
export function grossHeldFree(phase, syncMs, syncGcMs, { fresh = false, faultCpuUs = null } = {}) {
  const g = phase?.held?.gross;
  if (!g || typeof g.cpuMs !== 'number' || typeof g.gcMs !== 'number' || typeof syncMs !== 'number') return null;
  const boundMs = Math.max(GC_FLOOR_MS, HOLD_SHARE * Math.max(0, syncMs - (syncGcMs ?? 0)));
  const wait = typeof g.waitMs === 'number' ? g.waitMs : 0;
  // async gzip's result's pages priced and taken out of the stretch it resolved in (as
  // heldFree's), every other stretch as it read
  const priced = fresh ? resultPages(phase, faultCpuUs) : null;
  const { last, others } = phase.held;
  const [heldMs, upToMs] =
    priced && others
      ? [
          Math.max(others.grossMs, last.cpuMs - priced.priceMs, last.gcMs - last.waitMs),
          Math.max(others.grossUpToMs, last.cpuMs - priced.priceMs, last.gcMs),
        ]
      : [Math.max(g.cpuMs, g.gcMs - wait), Math.max(g.cpuMs, g.gcMs)];
  const contested =
    (heldMs > boundMs && heldMs <= boundMs * GROSS_NEAR) ||
    (heldMs <= boundMs && heldMs > boundMs / GROSS_NEAR && upToMs > boundMs);
  return {
    ok: heldMs <= boundMs && !contested,
    contested,
    heldMs: r2(heldMs),
    upToMs: r2(upToMs),
    gcMs: g.gcMs,
    ms: g.ms,
    boundMs: r2(boundMs),
    ...(priced && others ? { pagesOutMs: priced.priceMs } : {}),
  };
}

/**
 * The longest sleep between two turns of its loop that a free loop's main
 * thread shows while the pool is parked and fs.watch delivers its event (the
 * parked window, about 60 ms): the fixture's ticker reads the main thread's
 * schedstat at each 1 ms tick (slept: a stretch's wall time less its time on a
 * CPU or in a run queue, and less the GC pauses in it). A loop that turns
 * every 1 ms sleeps about that in its poll: honest windows read 1.06–4.97 ms,
 * no look inside that stretch blocked outside the loop's poll (124 trials,
 * quiet and beside two busy loops; 1.06–1.8 ms in 70 more, on one CPU too);
 * one that sleeps 30 ms after each watch event reads 27.7–30.1 ms, a look
 * inside it in futex in 33 of 35 trials (watch-settle-blocks), 4–6 looks in a
 * row in each of 15 later ones. It counts only where at least PARKED_NAP_RUN
 * looks in a row from outside inside that stretch found the thread blocked in
 * a system call other than its loop's poll (parkedNap): a host that takes a
 * vCPU away makes a sleep of the same kind in schedstat, and the looks read
 * it as running.
 */
export const PARKED_NAP_MS = 10;

/**
 * Fewest looks in a row inside the parked window's longest sleep that must
 * find the main thread blocked outside its loop's poll for that sleep to
 * count (asleepIn's runs): one look alone can land on a short wait of the
 * engine's own (the main thread waiting for a GC helper or a compiler's lock
 * on a busy or one-CPU machine); a 30 ms nap after the watch event shows six.
 */
export const PARKED_NAP_RUN = 2;

/**
 * The main thread's longest sleep between two turns of its loop while the
 * pool was parked (the fixture's parkedPool.slept: GC pauses inside it taken
 * out), and the harness's looks inside that stretch (asleepIn): how many, how
 * many found it blocked in a system call other than its loop's poll (not
 * running, not preempted in user space, not in its loop's epoll), and the
 * longest run of such looks in a row. null where either reading is missing
 * (off Linux, records before them, a host whose threads' calls cannot be
 * read) or where Node options are in force (a preloaded agent's own waits on
 * the main thread).
 * @param {any} obs
 * @returns {{ sleptMs: number, looks: number, blocked: number, run: number, call: string } | null}
 */
export function parkedNap(obs) {
  const s = obs.parkedPool?.slept;
  const looks = obs.mainLooks;
  if (obs.nodeOptions) return null;
  if (!s || typeof s.sleptMs !== 'number' || !looks || !Array.isArray(looks.t) || !Array.isArray(obs.pollFds))
    return null;
  // preempted in user space (no system call) is not asleep: read as running
  const seen = { ...looks, wait: looks.wait.map((/** @type {string} */ w) => (w === 'no-syscall' ? 'running' : w)) };
  const asleep = asleepIn(seen, s.fromMs, s.toMs, obs.pollFds);
  const looksIn = looks.t.filter((/** @type {number} */ t) => t > s.fromMs && t < s.toMs).length;
  if (!asleep) return { sleptMs: s.sleptMs, looks: looksIn, blocked: 0, run: 0, call: '' };
  const run = Math.max(0, ...asleep.runs.map((r) => r.looks));
  return { sleptMs: s.sleptMs, looks: asleep.looks, blocked: asleep.of, run, call: asleep.call };
}

/**
 * fs.watch's phase judged as async gzip's and the lookups' are: from the
 * change to the watched file (the fixture's write done) to the end of the
 * parked window, the event's delivery and the loop around it, the longest hold
 * of the loop by its own thread between two turns with the GC pauses left in
 * (grossHeldFree: against the larger of GC_FLOOR_MS and HOLD_SHARE of
 * gzipSync's CPU less its GC, contested within GROSS_NEAR of it) and, in the
 * check's holds, with them taken out (heldFree). A listener that the main thread
 * reaches only after work of its own (a "settle" check of the file in a
 * synchronous loop) holds the loop in one stretch from the last turn before the
 * delivery. Honest here (Node 20–26, 40 trials quiet on a shared machine, 20
 * beside two busy loops): the event delivered 0.13–4.7 ms after the change, the
 * longest hold GC left in 0.27–1.7 ms (GC up to 1.1 ms of it), the longest gap
 * between two turns 1.2–8.4 ms quiet and up to 35 ms beside the busy loops
 * (34.6 ms of it in a run queue, 0.4 ms of CPU). A 40 ms statSync loop before
 * the listener (b12c-watch-spins) read 13.6–26.9 ms of CPU GC and all in a
 * stretch of 41–57 ms (18–45 ms of it in a run queue: the spin ends at a wall
 * time, and the machine's load average was 7–10), GC 0.7–11 ms of it, against
 * bounds of 10.2–14.1 ms: against in most trials, contested or free in some.
 * The longest gap between two turns (its wall time: a neighbour's preemption
 * stretches it) is shown, not judged: a sleep in it is parkedNap's. With reason where it cannot be read (void): a record
 * without the phase, the change not made, ticks or the main thread's CPU not
 * read. null where Node options are in force (a preloaded agent's own work on
 * the main thread).
 * @param {any} obs @param {number | null} syncMs  gzipSync's CPU on the main thread
 * @param {number | null} syncGcMs  the GC pauses during gzipSync (null: none read)
 * @returns {null | { void: string } | (NonNullable<ReturnType<typeof grossHeldFree>> & { void?: undefined, waitMs: number, gapMaxMs: number, ticks: number, deliveredMs: number | null })}
 */
export function watchHeld(obs, syncMs, syncGcMs) {
  if (obs.nodeOptions) return null;
  const w = obs.parkedPool?.watch;
  if (!w) return { void: "fs.watch's phase was not read (no change to the watched file recorded)" };
  if (typeof w.ticks !== 'number') return { void: "the loop's turns during fs.watch's phase were not read" };
  // a host where no phase's main-thread CPU can be read (no schedstat): not judged, as the
  // other phases are not (heldFree, grossHeldFree: null); read for them but not here: void
  if (!w.held?.gross && !obs.gzip?.held?.gross && !obs.dns?.held?.gross) return null;
  if (!w.held?.gross)
    return { void: "the main thread's CPU over fs.watch's phase was not read (its schedstat unreadable)" };
  const g = grossHeldFree(w, syncMs, syncGcMs);
  if (!g) return { void: "gzipSync's CPU, the bound of fs.watch's hold, was not read" };
  return {
    ...g,
    waitMs: typeof w.held.gross.waitMs === 'number' ? w.held.gross.waitMs : 0,
    gapMaxMs: w.held.gapMaxMs,
    ticks: w.ticks,
    deliveredMs: typeof w.deliveredMs === 'number' ? w.deliveredMs : null,
  };
}

/** The phases' names in the check's detail. @type {Record<string, string>} */
const PHASE_NAMES = { gzip: 'async gzip', dns: 'the lookups', watch: "fs.watch's change and delivery" };

/**
 * The CPU the async gzip cost the pool and the main thread, and gzipSync the
 * main thread; null where a fixture could not read them (no /proc).
 * @param {any} obs
 */
function readCpu(obs) {
  const [pool, all, sync] = [obs.gzip.poolCpuMs, obs.gzip.mainCpuMs, obs.gzipSync.mainCpuMs];
  if (![pool, all, sync].every((x) => typeof x === 'number')) return null;
  // the main thread's, less the fixture's own reads of its schedstat at each tick (readsCpuMs: 0.5–1 ms
  // here; absent in records made before it)
  const reads = typeof obs.gzip.readsCpuMs === 'number' ? obs.gzip.readsCpuMs : 0;
  return { pool, main: Math.round((all - reads) * 100) / 100, sync };
}

export default defineSpec({
  id: 'loop.pool-apis-block',
  title: 'dns.lookup(), fs.watch() and zlib do not block the event loop (their *Sync forms do)',
  area: 'workers',
  claim: 'Even I/O operations such as dns.lookup(), fs.watch() and zlib compression can block the event loop.',
  truth:
    'Mostly refuted: async zlib and dns.lookup run on the libuv pool (a full pool delays them, but the loop stays responsive); fs.watch uses inotify, not the pool; only the *Sync variants (zlib.gzipSync) block the loop.',
  expected: 'refuted',
  tags: ['timing', 'fifo-probe', 'dns'],
  requires: ['linux'],
  source: { file: SOURCE_003.file, section: 'Why Worker Threads?', figures: null },
  plan: () => ({
    summary:
      `In one process with a 1 ms timer and monitorEventLoopDelay running: async zlib.gzip of 3 MiB, zlib.gzipSync of the same, dns.lookup('localhost') (8 in flight, at least 1000 and for at least 80 ms), then all ${POOL} pool threads parked on FIFOs. ` +
      `Model: timers keep firing during async gzip and the lookups (they run on pool threads), and the main thread waits in its own loop poll meanwhile (looked at from outside), not asleep elsewhere, nor held between two turns by work of its own or the garbage collections the calls cause (GC pauses left in, against the GC gzipSync shows; async gzip's result's page faults priced at what a fresh page costs here and taken out); none fire during gzipSync; with the pool parked, an async gzip and a dns.lookup wait for the release while the timer keeps ticking, ` +
      'and fs.watch reports a write before the release (inotify), the loop not held between two turns from the write to its delivery and after (GC pauses left in, against the same bound). R = loop delay max during async gzip / during gzipSync ≈ 0 (blocking: 1).',
    model: { R: 0, alternatives: { blocking: 1 }, order: ['parked', 'fs.watch', 'release', 'gzip | dns.lookup'] },
    trial: async (c) => {
      const data = await c.run('loop-apis.cjs', {
        env: { UV_THREADPOOL_SIZE: String(POOL) },
        timeoutMs: 20_000,
        watchMainMs: MAIN_LOOK_MS,
      });
      // Node options in force (a preloaded agent, a profiler) put work and waits of their own on the main
      // thread: its holds and sleeps between two turns are not judged then
      return c.env?.NODE_OPTIONS ? { ...data, nodeOptions: true } : data;
    },
    structural: {
      asserts: 'timers tick in async gzip and dns.lookup, not gzipSync; loop not held; fs.watch off pool',
      // Timer ticks and event orders, timing-free and exact in every trial measured:
      // two agreeing trials suffice.
      need: 2,
      check(obs) {
        const bad = controlProblem(obs);
        if (bad) return { ok: false, detail: bad };
        const p = obs.parkedPool;
        const at = (/** @type {string} */ what) => p.events.find((/** @type {any} */ e) => e.what === what)?.ms ?? NaN;
        const release = at('release');
        // Where the async gzip's work ran: the pool's CPU over it did at least half
        // of what gzipSync of the same buffer cost the main thread, and more than the
        // main thread did meanwhile. Here the pool read ×0.75–1.49 of gzipSync's cost
        // (the CPUs' speed drifts between phases), the main thread 14–46 ms against
        // the pool's 67–110 (BENCHMARKS.md §33). The main thread takes each compressed
        // chunk and runs the 1 ms ticker, so its own share grows with the wall time
        // beside busy neighbours (56–64 ms in 230 ms once): against gzipSync's cost
        // alone it read as doing the work. A loop that stays responsive but compresses
        // slice by slice itself reads pool ≈ 0 ms, main ≈ gzipSync's cost.
        const cpu = readCpu(obs);
        const offMain = !cpu || (cpu.pool >= 0.5 * cpu.sync && cpu.main < cpu.pool);
        // ... and the loop was free, not asleep outside its poll, while they ran
        const naps = { gzip: napped(obs, obs.gzip), dns: napped(obs, obs.dns) };
        const free = Object.values(naps).every((n) => !n || n.free);
        // ... nor held by its own thread between two turns (a synchronous call in a
        // callback: the loop still ticks before and after it, and sleeps nowhere)
        const syncMs = typeof obs.gzipSync.mainCpuMs === 'number' ? obs.gzipSync.mainCpuMs : null;
        // (not where Node options are in force: a preloaded agent's own work on the main thread)
        // (fs.watch's from the change to the watched file on, the parked window's end its end)
        const holds = obs.nodeOptions
          ? { gzip: null, dns: null, watch: null }
          : {
              gzip: heldFree(obs.gzip, syncMs, { fresh: true, faultCpuUs: obs.faultCpuUs }),
              dns: heldFree(obs.dns, syncMs),
              watch: heldFree(obs.parkedPool?.watch, syncMs),
            };
        const holdsAgainst = Object.values(holds).some((x) => x && !x.ok && !x.contested);
        const holdsContested = !holdsAgainst && Object.values(holds).some((x) => x && x.contested);
        // ... nor by garbage collections its callbacks cause (GC left in)
        // (gzipSync's phase is one stretch, no turn in it: its pauses are that stretch's)
        const syncGcMs = obs.gzipSync.held?.gross?.gcMs ?? null;
        const gross = obs.nodeOptions
          ? { gzip: null, dns: null }
          : {
              gzip: grossHeldFree(obs.gzip, syncMs, syncGcMs, { fresh: true, faultCpuUs: obs.faultCpuUs }),
              dns: grossHeldFree(obs.dns, syncMs, syncGcMs),
            };
        const grossAgainst = Object.values(gross).some((x) => x && !x.ok && !x.contested);
        const grossContested = !grossAgainst && Object.values(gross).some((x) => x && x.contested);
        const grossText = Object.entries(gross)
          .filter(([, x]) => x)
          .map(
            ([k, x]) =>
              `${k === 'gzip' ? 'async gzip' : 'the lookups'} ${x?.heldMs}${x?.upToMs !== x?.heldMs ? `–${x?.upToMs}` : ''} ms (GC ${x?.gcMs} ms of its ${x?.ms} ms${x?.pagesOutMs ? `; its result's pages, ${x.pagesOutMs} ms, out` : ''})`,
          )
          .join(', ');
        const grossBound = gross.gzip?.boundMs ?? gross.dns?.boundMs;
        const holdText = Object.entries(holds)
          .filter(([, x]) => x)
          .map(
            ([k, x]) =>
              `${PHASE_NAMES[k] ?? k} ${x?.cpuMs} ms of CPU in ${x?.ms} ms${x?.paged ? ` (${pagedText(x.paged)})` : ''}`,
          )
          .join(', ');
        const holdBound = holds.gzip?.boundMs ?? holds.dns?.boundMs;
        // ... and fs.watch delivered its event without putting the loop to sleep
        const nap = parkedNap(obs);
        const watchFree = !nap || nap.sleptMs <= PARKED_NAP_MS || nap.run < PARKED_NAP_RUN;
        // ... nor held it by the main thread's own work (GC left in) from the change on
        const watch = watchHeld(obs, syncMs, syncGcMs);
        const watchRead = watch && !watch.void ? watch : null;
        const watchAgainst = Boolean(watchRead && !watchRead.ok && !watchRead.contested);
        const watchContested = Boolean(watchRead?.contested);
        const watchVoid = watch?.void ?? null;
        const napText = Object.entries(naps)
          .filter(([, n]) => n)
          .map(
            ([k, n]) =>
              `${k === 'gzip' ? 'async gzip' : 'the lookups'} ${n?.ms} ms (${n?.of} of ${n?.looks} looks${n?.of ? `, in ${n?.call}` : ''})`,
          )
          .join(', ');
        const rest =
          free &&
          !holdsAgainst &&
          watchFree &&
          offMain &&
          obs.gzip.ticks > 0 &&
          obs.dns.ticks > 0 &&
          obs.gzipSync.ticks === 0 &&
          at('fs.watch') < release &&
          at('gzip') > release &&
          at('dns.lookup') > release &&
          p.ticksWhileParked > 0;
        const ok =
          rest && !holdsContested && !grossAgainst && !grossContested && !watchAgainst && !watchContested && !watchVoid;
        const anyAgainst = !rest || grossAgainst || watchAgainst;
        const order = p.events.map((/** @type {any} */ e) => e.what).join(' → ');
        return {
          ok,
          // a hold that preemption inside a GC pause, or a host's dear pages, could explain,
          // all else free: it neither fails the claim nor lets it pass
          ...(!anyAgainst && (holdsContested || grossContested || watchContested)
            ? { invalid: true, contested: true }
            : {}),
          // fs.watch's phase unread, all else free: says nothing of fs.watch's hold of the loop
          ...(!anyAgainst && !holdsContested && !grossContested && !watchContested && watchVoid
            ? { invalid: true }
            : {}),
          detail:
            `timer ticks during async gzip ${obs.gzip.ticks} (${obs.gzip.ms} ms), dns.lookup ×${obs.lookups} ${obs.dns.ticks} (${obs.dns.ms} ms), gzipSync ${obs.gzipSync.ticks} (${obs.gzipSync.ms} ms); ` +
            `pool parked: ${order}, ${p.ticksWhileParked} ticks while parked; loop delay max ${obs.gzip.loopMaxMs} / ${obs.dns.loopMaxMs} / ${obs.gzipSync.loopMaxMs} ms` +
            (cpu
              ? `; CPU during async gzip: pool ${cpu.pool} ms, main thread ${cpu.main} ms (gzipSync on the main thread: ${cpu.sync} ms; expected pool ≥ half of that and more than the main thread)`
              : '') +
            (napText
              ? `; the main thread asleep outside its loop's poll during ${napText}${free ? '' : ` (expected at most the larger of ${NAP_FLOOR_MS} ms and ${NAP_SHARE * 100}% of the phase)`}`
              : '') +
            (holdText
              ? `; the loop's longest hold between two turns during ${holdText}${holdsAgainst || holdsContested ? ` (expected at most ${holdBound} ms: the larger of ${HOLD_FLOOR_MS} ms and ${HOLD_SHARE} of gzipSync's${holdsContested ? `; within ×${GROSS_NEAR} of it, where a host's dear pages could explain async gzip's: contested` : ''})` : ''}`
              : '') +
            (grossText
              ? `; with the GC pauses left in, its longest hold between two turns during ${grossText}${grossAgainst || grossContested ? ` (expected at most ${grossBound} ms: the larger of ${GC_FLOOR_MS} ms and ${HOLD_SHARE} of gzipSync's CPU less its GC${grossContested ? `; within ×${GROSS_NEAR} of it, where a busy machine's preemption could explain it: contested` : ''})` : ''}`
              : '') +
            (nap
              ? `; the loop's longest sleep between two turns while the pool was parked ${nap.sleptMs} ms (${nap.blocked} of ${nap.looks} looks in it blocked outside its poll${nap.blocked ? `, in ${nap.call}, at most ${nap.run} in a row` : ''})${watchFree ? '' : ` (expected at most ${PARKED_NAP_MS} ms asleep outside its poll, or fewer than ${PARKED_NAP_RUN} looks in a row finding it so: fs.watch's event held the loop)`}`
              : '') +
            (watchRead
              ? `; fs.watch: the event delivered ${watchRead.deliveredMs} ms after the change, the loop's longest gap between two turns from the change on ${watchRead.gapMaxMs} ms (${watchRead.ticks} turns), its longest hold GC left in ${watchRead.heldMs}${watchRead.upToMs !== watchRead.heldMs ? `–${watchRead.upToMs}` : ''} ms (GC ${watchRead.gcMs} ms of its ${watchRead.ms} ms, ${watchRead.waitMs} ms in a run queue)${watchRead.ok ? '' : ` (expected at most ${watchRead.boundMs} ms: the larger of ${GC_FLOOR_MS} ms and ${HOLD_SHARE} of gzipSync's CPU less its GC${watchRead.contested ? `; within ×${GROSS_NEAR} of it, where a busy machine's preemption could explain it: contested` : ': fs.watch held the loop'})`}`
              : watchVoid
                ? `; void: ${watchVoid}`
                : ''),
        };
      },
    },
    timing: {
      statistic: 'R',
      description: 'loop delay max during async gzip / during gzipSync of the same buffer (same process)',
      claim: 0,
      // Halfway between a free loop (≈ 0: its delay is timer jitter) and the claim's
      // "blocks like the Sync form" (1).
      alternatives: { blocking: 1 },
      looks: TIMING_LOOKS,
      alpha: 0.01,
      value: (obs) => obs.gzip.loopMaxMs / obs.gzipSync.loopMaxMs,
    },
  }),
});
