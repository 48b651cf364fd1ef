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
 * The CPU the async gzip cost the pool and the main thread, and gzipSync the
 * main thread; null where a fixture could not read them (no /proc).
 * @param {any} obs
 */
function readCpu(obs) {
  const [pool, main, sync] = [obs.gzip.poolCpuMs, obs.gzip.mainCpuMs, obs.gzipSync.mainCpuMs];
  return [pool, main, sync].every((x) => typeof x === 'number') ? { pool, main, sync } : null;
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
      'Model: timers keep firing during async gzip and the lookups (they run on pool threads), and the main thread waits in its own loop poll meanwhile (looked at from outside), not asleep elsewhere; none fire during gzipSync; with the pool parked, an async gzip and a dns.lookup wait for the release while the timer keeps ticking, ' +
      'and fs.watch reports a write before the release (inotify). R = loop delay max during async gzip / during gzipSync ≈ 0 (blocking: 1).',
    model: { R: 0, alternatives: { blocking: 1 }, order: ['parked', 'fs.watch', 'release', 'gzip | dns.lookup'] },
    trial: (c) =>
      c.run('loop-apis.cjs', {
        env: { UV_THREADPOOL_SIZE: String(POOL) },
        timeoutMs: 20_000,
        watchMainMs: MAIN_LOOK_MS,
      }),
    structural: {
      asserts: 'timers tick through async gzip and dns.lookup, not gzipSync; fs.watch skips the pool',
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
        const napText = Object.entries(naps)
          .filter(([, n]) => n)
          .map(
            ([k, n]) =>
              `${k === 'gzip' ? 'async gzip' : 'the lookups'} ${n?.ms} ms (${n?.of} of ${n?.looks} looks${n?.of ? `, in ${n?.call}` : ''})`,
          )
          .join(', ');
        const ok =
          free &&
          offMain &&
          obs.gzip.ticks > 0 &&
          obs.dns.ticks > 0 &&
          obs.gzipSync.ticks === 0 &&
          at('fs.watch') < release &&
          at('gzip') > release &&
          at('dns.lookup') > release &&
          p.ticksWhileParked > 0;
        const order = p.events.map((/** @type {any} */ e) => e.what).join(' → ');
        return {
          ok,
          detail:
            `timer ticks during async gzip ${obs.gzip.ticks} (${obs.gzip.ms} ms), dns.lookup ×${obs.lookups} ${obs.dns.ticks} (${obs.dns.ms} ms), gzipSync ${obs.gzipSync.ticks} (${obs.gzipSync.ms} ms); ` +
            `pool parked: ${order}, ${p.ticksWhileParked} ticks while parked; loop delay max ${obs.gzip.loopMaxMs} / ${obs.dns.loopMaxMs} / ${obs.gzipSync.loopMaxMs} ms` +
            (cpu
              ? `; CPU during async gzip: pool ${cpu.pool} ms, main thread ${cpu.main} ms (gzipSync on the main thread: ${cpu.sync} ms; expected pool ≥ half of that and more than the main thread)`
              : '') +
            (napText
              ? `; the main thread asleep outside its loop's poll during ${napText}${free ? '' : ` (expected at most the larger of ${NAP_FLOOR_MS} ms and ${NAP_SHARE * 100}% of the phase)`}`
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
