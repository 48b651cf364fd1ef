// @ts-check
// Plans shared by the event-loop and worker-thread specs: one heavy request
// against fixtures/worker-server.cjs under a steady light load, and fixed CPU
// work split over k pre-started worker threads (fixtures/split-work.cjs).
import { runLoad, splitCpus } from './loadgen.js';
import { splitTime } from './model.js';
import { round } from '../stats.js';
import { MACHINE_BUSY, region } from '../verdict.js';
import { sourceArticle } from '../sources.js';
import { MIN_RUNNABLE_SHARE, MAIN_LOOK_MS, asleepIn } from './concurrency.js';
import { alignLooks, canLookAtMainThread } from '../main-watch.js';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { descendantsOf, listenInodes, holdersOf, allPids } from './cluster.js';

/** @type {{ fdLinks: (pid: number) => Record<string, string | null> | null }} */
const proc = createRequire(import.meta.url)('../../fixtures/lib/proc.cjs');

/** Source 003's table (4-CPU-core machine, autocannon -c 2 -d 60 on the same machine). */
export const SOURCE_003 = {
  file: sourceArticle('003').file,
  machine: '4-CPU-core machine, autocannon -c 2 -d 60 --timeout 30 on the same machine',
  /** Its /blocking-with-worker rows, figures only. @type {import('../spec.js').SourceTable} */
  table: {
    setup:
      '/blocking-with-worker?thread_count=k: autocannon -c 2 -d 60 --timeout 30 on the same 4-CPU-core machine (2 connections, 60 s)',
    columns: ['threads k', 'avg latency (ms)', 'max latency (ms)', 'req/s', 'total requests'],
    rows: [
      [1, 6308, 6986, 0.3, 20],
      [2, 3859, 5011, 0.5, 32],
      [3, 5803, 7035, 0.34, 22],
      [4, 5755, 6463, 0.34, 22],
    ],
  },
};

/** When the heavy request is sent, after the light load's measured start. */
export const HEAVY_AT_MS = 80;
/** Light requests sent first and not measured (connections up, code warm). */
const WARMUP = 10;
/** Time allowed for that warm-up: the generator's duration bound includes it. */
const WARMUP_MS = 100;

/** The longest scaling curve a split trial times (k = 1..MAX_K: trial time stays bounded). */
export const MAX_K = 8;
/** The most threads a split trial starts. */
export const MAX_THREADS = 16;

/**
 * Where in the heavy work a fresh /light request goes out (loopTrial's
 * `freshLight`), as a share of the work's time T after the heavy request:
 * well inside the work, which starts a millisecond or two after its request
 * reaches the server and lasts about T.
 */
export const FRESH_LIGHT_AT = 1 / 3;

/**
 * One more request against the heavy work (loopTrial's `freshOthers`): its
 * path, when it goes (`at`, a share of T after the heavy request), its method
 * (default GET) and, with `primeAtMs`, the connection it reuses.
 * @typedef {{ path: string, at: number, method?: import('./loadgen.js').ExtraMethod, primeAtMs?: number, headers?: [string, string][] }} FreshRequest
 */

/** How often the harness looks at which epoll instances poll the server's listening socket (ms). */
export const LISTEN_LOOK_MS = 15;

/**
 * What the looks at the listening socket's pollers saw: `looks` taken (the
 * socket found and every epoll instance's list read), and the most epoll
 * instances among the server's processes that polled it at one look (`most`),
 * with where (`at`: "pid/fd" each, at that look).
 * @typedef {{ looks: number, most: number, at: string[] }} ListenPollers
 */

/**
 * The epoll instances of process `pid` and its descendants that poll a
 * socket listening on `port` now, as "pid/fd" (their registrations, read in
 * /proc/<pid>/fdinfo/<fd>: each watched file's inode); null where it cannot
 * be read (no such listening socket in that process's network namespace, a
 * table unreadable). A server whose one event loop accepts has one: its
 * loop's. Another thread (a Worker's loop) or process that also listens on
 * that socket, to take connections, adds its own.
 * @param {number} pid @param {number} port
 * @param {(file: string) => string} [read] @param {(pid: number) => Record<string, string | null> | null} [links]
 * @param {(pid: number) => number[]} [below]  (tests)
 * @returns {string[] | null}
 */
export function listenPollersNow(
  pid,
  port,
  read = (f) => readFileSync(f, 'utf8'),
  links = proc.fdLinks,
  below = descendantsOf,
) {
  const table = (/** @type {string} */ name) => {
    try {
      return read(`/proc/${pid}/net/${name}`);
    } catch {
      return '';
    }
  };
  const inodes = [...listenInodes(table('tcp'), port), ...listenInodes(table('tcp6'), port)].map((i) =>
    Number(i).toString(16),
  );
  if (!inodes.length) return null;
  /** @type {string[]} */
  const out = [];
  for (const p of [pid, ...below(pid)]) {
    const fds = links(p);
    if (fds === null) {
      if (p === pid) return null;
      continue; // a descendant gone since the listing
    }
    for (const [fd, target] of Object.entries(fds)) {
      if (target !== 'anon_inode:[eventpoll]') continue;
      let info;
      try {
        info = read(`/proc/${p}/fdinfo/${fd}`);
      } catch {
        if (p === pid) return null;
        continue;
      }
      const watched = [...info.matchAll(/^tfd:.*\bino:([0-9a-f]+)/gm)].map((m) => m[1]);
      if (watched.some((ino) => inodes.includes(ino))) out.push(`${p}/${fd}`);
    }
  }
  return out;
}

/**
 * listenPollersNow every LISTEN_LOOK_MS until stop(): the most seen at one
 * look (ListenPollers), null where no look could be taken. The looks cost
 * the harness a few reads of /proc each (≈ 1 ms), on its own CPU.
 * @param {number} pid @param {number} port
 * @returns {{ stop: () => ListenPollers | null }}
 */
export function watchListenPollers(pid, port) {
  /** @type {ListenPollers} */
  const seen = { looks: 0, most: 0, at: [] };
  const look = () => {
    const now = listenPollersNow(pid, port);
    if (now === null) return;
    seen.looks++;
    if (now.length > seen.most) ((seen.most = now.length), (seen.at = now));
  };
  look();
  const timer = setInterval(look, LISTEN_LOOK_MS);
  let stopped = false;
  return {
    stop() {
      if (!stopped) ((stopped = true), clearInterval(timer));
      return seen.looks ? seen : null;
    },
  };
}

/**
 * How often the harness scans every process on the machine for holders of
 * the server's listening socket while the load runs, as a share of the work's
 * time T: three or more scans fall inside the work. A scan reads every fd
 * link under /proc (≈ 110 processes, 700 fds on the 2-CPU machine: 7–12 ms
 * of the harness's CPU each), so it is not taken at every poller look; the
 * harness is pinned to no CPU and the spinning server's is taken, so it runs
 * on the generator's, a few ms at a time.
 */
export const HOLDER_SCAN_SHARE = 1 / 3;
/** The least time between two such scans (ms): a short work is scanned less often than a third of it. */
export const HOLDER_SCAN_MIN_MS = 50;

/**
 * One scan of the machine (holdersOf over allPids): when (`mono`, the
 * monotonic clock in ms), the pids that held the listening socket, how many
 * processes were looked at and how long the scan took (ms).
 * @typedef {{ mono: number, holders: number[], pids: number, tookMs: number, cpuMs: number }} HolderScan
 */

/**
 * The inodes of every socket listening at `port` in process `pid`'s network
 * namespace (/proc/<pid>/net/tcp, tcp6): one for a server that listens once; a
 * second (SO_REUSEPORT, or the other family) shares the port's connections.
 * @param {number} pid @param {number} port
 * @returns {string[]}
 */
export function listenInodesOf(pid, port) {
  return ['tcp', 'tcp6'].flatMap((name) => {
    let text = '';
    try {
      text = readFileSync(`/proc/${pid}/net/${name}`, 'utf8');
    } catch {}
    return listenInodes(text, port);
  });
}

/** A process's command line, shortened ('?' where it cannot be read). @param {number} pid */
function commandOf(pid) {
  try {
    const words = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const line = words.map((w) => w.replace(/^.*\//, '')).join(' ');
    return line.length > 80 ? `${line.slice(0, 77)}...` : line;
  } catch {
    return '?';
  }
}

/** Now on the monotonic clock every process reads alike (mono-clock.cjs), ms. */
const monoNowMs = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * Every process on the machine that holds the socket `pid` listens on at
 * `port`, scanned every `everyMs` until stop() (HolderScan each): a process
 * handed the socket's fd (forked, exec'd, passed over a Unix socket) holds it
 * wherever it sits in the process tree, a reparented orphan too. null where
 * the socket was not found.
 * @param {number} pid @param {number} port @param {number} everyMs
 * @returns {{ stop: () => { inode: string, listening: string[], scans: HolderScan[], commands: Record<number, string> } | null }}
 *   listening: every socket listening at the port (their inodes); commands: what each holder
 *   other than `pid` runs (its command line, shortened)
 */
export function watchListenHolders(pid, port, everyMs) {
  const listening = listenInodesOf(pid, port);
  const inode = listening[0] ?? null;
  /** @type {HolderScan[]} */
  const scans = [];
  /** @type {Record<number, string>} */
  const commands = {};
  const scan = () => {
    if (!inode) return;
    const t = performance.now();
    const cpu0 = process.cpuUsage();
    const mono = monoNowMs();
    const pids = allPids();
    // a process holding any socket that listens at the port (a second one shares its connections)
    const holders = [...new Set(listening.flatMap((ino) => holdersOf(pids, ino)))];
    const cpu = process.cpuUsage(cpu0);
    // what the other holders run, for the report (read only where there are any)
    for (const p of holders) if (p !== pid && !(p in commands)) commands[p] = commandOf(p);
    scans.push({
      mono: round(mono, 2),
      holders,
      pids: pids.length,
      tookMs: round(performance.now() - t, 1),
      cpuMs: round((cpu.user + cpu.system) / 1000, 1),
    });
  };
  scan();
  const timer = setInterval(scan, Math.max(HOLDER_SCAN_MIN_MS, Math.round(everyMs)));
  let stopped = false;
  return {
    stop() {
      if (!stopped) ((stopped = true), clearInterval(timer));
      return inode ? { inode, listening, scans, commands } : null;
    },
  };
}

/**
 * One trial: a fresh worker-server, a steady /light load (2 connections, as
 * the source's autocannon -c 2) and one heavy request HEAVY_AT_MS after a
 * short warm-up. The light load lasts past the heavy work: 1.5 T for the
 * blocking route (the work has the server's CPU to itself), 2.5 T for the
 * worker route (the worker may share one core with the main thread and the
 * generator). The server and the generator get CPUs by splitCpus().
 * With `freshLight`, one more /light request goes out FRESH_LIGHT_AT of T
 * after the heavy one, on a new connection of its own (the load's reuse
 * theirs), as `freshLight`, with the server's t0 on the monotonic clock
 * (freshLightWait reads it).
 * With `freshOthers` ({ path, at }), one more request for each of them goes
 * out `at` of T after the heavy one, each on a new connection of its own, as
 * `freshOthers` (freshOtherWaits reads them; they need `freshLight`'s t0Mono).
 * `freshLightMethod` (default GET) is the fresh /light's method and
 * `freshLightHeaders` its header fields beyond Host and Connection; each of
 * `freshOthers` may have a `method`, `headers` and, with `primeAtMs` (ms after the
 * measured start, before the heavy request), go on a connection opened then
 * that carried a GET /light first (a reused connection; loadgen's ExtraRequest).
 * With `holderScans`, on Linux, the harness also looks, every LISTEN_LOOK_MS
 * while the load runs, at which epoll instances of the server's processes poll
 * its listening socket (`server.listenPollers`, watchListenPollers), and every
 * HOLDER_SCAN_SHARE of T at which processes on the whole machine hold it
 * (`server.listenHolders`, watchListenHolders, and the server's `pid`): asked
 * for alone (loop.cpu-blocks), as the looks' CPU counts as other processes'
 * load on the CPUs they run on, and delays the harness's looks at the main
 * thread (watchMainMs).
 * `task` is the heavy work's pbkdf2 (default the profile's calibrated one).
 * @param {import('../context.js').Context} ctx
 * @param {{ route: '/heavy-blocking' | '/heavy-worker', freshLight?: boolean, freshLightMethod?: import('./loadgen.js').ExtraMethod, freshLightHeaders?: [string, string][], freshOthers?: FreshRequest[], holderScans?: boolean, task?: { iterations: number, taskMs: number } }} o
 */
export async function loopTrial(
  ctx,
  {
    route,
    freshLight = false,
    freshLightMethod,
    freshLightHeaders,
    freshOthers = [],
    holderScans = false,
    task = ctx.pbkdf2,
  },
) {
  const cpus = splitCpus(ctx);
  const T = task.taskMs;
  const durationMs = Math.round(WARMUP_MS + HEAVY_AT_MS + (route === '/heavy-worker' ? 2.5 : 1.5) * T + 40);
  const server = ctx.start('worker-server.cjs', {
    options: { iterations: task.iterations, workers: 1 },
    cpus: cpus.server ?? undefined,
    timeoutMs: 30_000,
    // which system call its main thread sleeps in, read from here (mainAsleep)
    watchMainMs: MAIN_LOOK_MS,
  });
  /** @type {{ stop: () => ListenPollers | null } | null} */
  let pollers = null;
  /** @type {ReturnType<typeof watchListenHolders> | null} */
  let holders = null;
  try {
    const { port } = await server.ready;
    // which epoll instances poll the listening socket, looked at from here while the load runs
    // (only where asked: the looks cost the harness CPU, which loop.worker-keeps-responsive's
    // own looks at the main thread and its neighbours' reading would share)
    if (holderScans && ctx.platform === 'linux' && server.pid) pollers = watchListenPollers(server.pid, port);
    // … and which processes on the whole machine hold it (a few scans: each costs the harness ≈ 10 ms)
    if (holderScans && ctx.platform === 'linux' && server.pid)
      holders = watchListenHolders(server.pid, port, HOLDER_SCAN_SHARE * T);
    const load = await runLoad(ctx, {
      origin: `http://127.0.0.1:${port}`,
      path: '/light',
      connections: LIGHT_CONNECTIONS,
      requests: 1_000_000, // bounded by durationMs in practice; a bound all the same
      durationMs,
      warmup: WARMUP,
      extra: [
        { path: route, atMs: HEAVY_AT_MS },
        ...(freshLight
          ? [
              {
                path: '/light',
                atMs: Math.round(HEAVY_AT_MS + FRESH_LIGHT_AT * T),
                ...(freshLightMethod && { method: freshLightMethod }),
                ...(freshLightHeaders && { headers: freshLightHeaders }),
              },
            ]
          : []),
        ...(freshLight
          ? freshOthers.map(({ path, at, method, primeAtMs, headers }) => ({
              path,
              atMs: Math.round(HEAVY_AT_MS + at * T),
              ...(method && { method }),
              ...(headers && { headers }),
              ...(primeAtMs !== undefined && { primeAtMs }),
            }))
          : []),
      ],
      cpus: cpus.generator,
    });
    const polled = pollers?.stop() ?? null;
    const held = holders?.stop() ?? null;
    const { data, mainLooks } = await server.stop();
    const heavy = data.heavies[0] ?? null;
    return {
      route,
      cpus: cpus.note,
      // what loopBusyReason needs: how many CPUs the server had, and whether the
      // generator ran on them (its load then shows in the server's reading)
      serverCpus: cpus.server?.length ?? ctx.usable?.length ?? ctx.cores,
      generatorShares: cpus.shared || ctx.platform !== 'linux',
      light: { requests: load.requests, errors: load.errors, latency: load.latency, throughput: load.throughput },
      heavyRequest: load.extra[0],
      ...(freshLight && { freshLight: load.extra[1] ?? null }),
      ...(freshLight && freshOthers.length > 0 && { freshOthers: load.extra.slice(2) }),
      generatorCpu: load.cpu,
      server: {
        mainTid: data.mainTid,
        lights: data.lights,
        loop: data.loop,
        heavy,
        ...(freshLight && { t0Mono: typeof data.t0Mono === 'number' ? data.t0Mono : null }),
        // the harness's looks at the main thread, on the server's clock (null: it looked, none came
        // back), and its loop's epoll instances; off Linux nobody looks
        ...(ctx.platform === 'linux' &&
          canLookAtMainThread && { mainLooks: alignLooks(mainLooks, data), pollFds: data.pollFds ?? null }),
        // read from outside while the load ran (Linux): null where no look could be taken
        ...(pollers && { listenPollers: polled }),
        // the machine's processes that held the listening socket, scanned while the load ran (Linux)
        ...(holders && { pid: server.pid, listenHolders: held }),
      },
    };
  } finally {
    pollers?.stop();
    holders?.stop();
    await server.stop().catch(() => {});
  }
}

/**
 * The event loop's longest delay while the heavy work ran, over the time the
 * work took, both measured in the server: ≈ 1 when the loop is blocked for
 * the whole work, ≈ 0 when it stays free. Server-side on purpose: the
 * client's max latency also carries every stall of the load generator.
 * @param {any} obs
 */
export function loopOverHeavy(obs) {
  const h = obs.server.heavy;
  return h && h.handlerMs > 0 ? h.loopMaxMs / h.handlerMs : NaN;
}

/** The client's view: longest /light wait over the heavy request's latency. @param {any} obs */
export function lightOverHeavy(obs) {
  const heavyMs = obs.heavyRequest?.latencyMs;
  return heavyMs > 0 && obs.light.latency ? obs.light.latency.max / heavyMs : NaN;
}

/** One line about the heavy request, for check details. @param {any} obs */
export function heavyText(obs) {
  const h = obs.server.heavy;
  const lat = obs.light.latency;
  return `${obs.route} took ${h.handlerMs} ms on the server; /light answered ${h.lightsBefore} before, ${h.lightsDuring} during, ${h.lightsAfter} after it; ${h.ticksDuring} 1 ms timer ticks during it; loop delay max ${h.loopMaxMs} ms in its window; client: /light max ${lat?.max ?? '?'} ms, heavy ${obs.heavyRequest?.latencyMs ?? obs.heavyRequest?.error} ms (ratio ${round(lightOverHeavy(obs), 2)})`;
}

/**
 * Why a heavy window's timer ticks measured other processes' load rather than
 * the loop (busyReason over the server's CPUs while the work ran): a free loop
 * sharing its CPU with the worker and a busy neighbour fires a third as often
 * as alone (BENCHMARKS.md §37). The generator's CPU in that window is not a
 * neighbour's where it ran on the server's CPUs. null when they took no real
 * share, or where that is unknown (older records, a window without readings).
 * @param {any} obs
 */
export function loopBusyReason(obs) {
  if (!(obs.serverCpus > 0)) return null;
  const why = busyReasonOfCores(loopOthersCores(obs), obs.serverCpus);
  return why && `${why} while the work ran`;
}

/**
 * Other processes' CPU on the server's CPUs while the work ran, in cores
 * (loopBusyReason's reading: the generator's own excluded where it shared
 * them; steal counts); null where unknown.
 * @param {any} obs
 */
export function loopOthersCores(obs) {
  const h = obs.server?.heavy;
  const generatorMs = obs.generatorShares ? obs.heavyRequest?.cpuMs : 0;
  if (!h || typeof h.othersMs !== 'number' || typeof generatorMs !== 'number' || !(h.handlerMs > 0)) return null;
  return Math.max(0, h.othersMs - generatorMs) / h.handlerMs;
}

/**
 * The fresh /light request of a loop trial (loopTrial's `freshLight`), put
 * on the server's clock (the monotonic clock both read): how long it waited
 * (`waitedMs`, on the client) against what remained of the heavy work when
 * it was sent (`remainingMs`: to the work's end on the server), and their
 * ratio `share`. A server whose one thread runs the work accepts a new
 * connection only after it: share ≥ 1. One that accepts and answers
 * elsewhere meanwhile answers it at once: share ≈ 0. null where it cannot
 * say: no such request or reading (older records, a request that failed or
 * was never sent), or sent outside the work's window or with less than
 * FRESH_MIN_REMAINING_MS of it left (a request that came before the work
 * began is rightly answered at once; read all the same where it was answered
 * only after the work's end: it waited out all of it).
 * @param {any} obs
 * @returns {{ share: number, waitedMs: number, remainingMs: number, sentAtMs: number } | null}
 */
export function freshLightWait(obs) {
  const f = obs.freshLight;
  if (!f || f.status !== 200) return null;
  return freshWait(obs, f);
}

/**
 * freshLightWait's reading of each of the other requests on their own
 * connections (loopTrial's `freshOthers`), with its path, status, method
 * (GET where none was given) and whether its connection was a reused one
 * (opened before the work, a GET /light on it first): any answer counts (a
 * 404 too: an unknown path is a request like any other). A request that got
 * no answer (an error, a primer unanswered), or one sent outside the work's
 * window, is left out.
 * @param {any} obs
 * @returns {{ path: string, status: number, method: string, reused: boolean, share: number, waitedMs: number, remainingMs: number, sentAtMs: number }[]}
 */
export function freshOtherWaits(obs) {
  if (!Array.isArray(obs.freshOthers)) return [];
  return obs.freshOthers.flatMap((/** @type {any} */ f) => {
    const w = f && typeof f.status === 'number' ? freshWait(obs, f) : null;
    return w
      ? [
          {
            path: String(f.path),
            status: f.status,
            method: typeof f.method === 'string' ? f.method : 'GET',
            reused: typeof f.primeAtMs === 'number',
            ...w,
          },
        ]
      : [];
  });
}

/**
 * One request on a new connection against the heavy work, as freshLightWait
 * reads it (whatever its status); null where it cannot say.
 * @param {any} obs @param {any} f
 * @returns {{ share: number, waitedMs: number, remainingMs: number, sentAtMs: number } | null}
 */
function freshWait(obs, f) {
  const h = obs.server?.heavy;
  const t0Mono = obs.server?.t0Mono;
  if (!f || !h || typeof t0Mono !== 'number' || typeof f.firedMono !== 'number') return null;
  if (typeof f.latencyMs !== 'number') return null;
  const sentAtMs = f.firedMono - t0Mono; // on the server's clock
  const remainingMs = h.endMs - sentAtMs;
  if (remainingMs < FRESH_MIN_REMAINING_MS) return null;
  // one sent before the work began reads only where it waited out all of it (the loop took the heavy
  // request first); answered before it, it was rightly answered at once
  if (sentAtMs <= h.startMs && !(f.latencyMs >= remainingMs)) return null;
  return {
    share: round(f.latencyMs / remainingMs, 3),
    waitedMs: f.latencyMs,
    remainingMs: round(remainingMs, 2),
    sentAtMs: round(sentAtMs, 2),
  };
}

/** Least of the heavy work left when the fresh /light request was sent that freshLightWait reads. */
export const FRESH_MIN_REMAINING_MS = 10;

/** The steady /light load's connections in a loop trial: each sends its next request once answered. */
export const LIGHT_CONNECTIONS = 2;

/**
 * How long the /light requests sent while the heavy request was out waited
 * beyond an answer at once (STALL_MS, the load generator's lightsWhile), as a
 * share of the time the light connections had in that window: ≈ 0 where the
 * server answers at once, ≈ 0.9 where its loop is blocked for the work (a
 * closed loop's connections each wait out the block). Read by the client:
 * what a user of the server sees. null where the generator did not read it
 * (older records, a heavy request without an answer).
 * @param {any} obs
 * @returns {{ share: number, n: number, stalledMs: number, p50: number | null, max: number | null } | null}
 */
export function lightsStalled(obs) {
  const e = obs.heavyRequest;
  const d = e?.lightsDuring;
  if (!d || typeof d.stalledMs !== 'number' || !(e.latencyMs > 0)) return null;
  return {
    share: d.stalledMs / (LIGHT_CONNECTIONS * e.latencyMs),
    n: d.n,
    stalledMs: d.stalledMs,
    p50: d.p50,
    max: d.max,
  };
}

/** /light answers in the baseline window before the heavy request, at least, to price one. */
export const MIN_BASELINE_LIGHTS = 10;

/**
 * What the main thread did while the worker computed beyond serving /light:
 * its CPU over the heavy window less the /light answers of that window at
 * what each cost it just before (the server's baseline: its CPU over the
 * last 50 ms or more before the heavy request, over the answers meanwhile;
 * the 1 ms timer's cost rides along), never below 0. `share` is that excess
 * over the main thread's own CPU in the window, `windowShare` over the
 * window. Where the loop only serves both read ≈ 0 (an answer costs less
 * when the loop finds several ready at once, as it does while it shares its
 * CPU with the worker: the excess is then 0). A main thread that spends
 * part of what it gets on other work (a busy wait, work in slices) reads
 * that part as `share` whoever shares its CPU, a little less where its
 * answers grew cheaper meanwhile; its `windowShare` is that part of the
 * share of the CPU it got, which depends on who shares it (about half on
 * a CPU shared with the worker). CPU time, which a neighbour does not
 * inflate, though a loop it starves answers fewer, dearer requests, which
 * moves the price. null where the readings are missing (off Linux, older
 * records) or the baseline cannot price an answer (mainUnpriced).
 * @param {any} obs
 * @returns {{ share: number, windowShare: number, excessMs: number, mainMs: number, explainedMs: number, perLightUs: number } | null}
 */
export function mainExcess(obs) {
  const h = obs.server?.heavy;
  const b = h?.baseline;
  if (!h || !Number.isFinite(h.mainCpuDuringMs) || !(h.handlerMs > 0)) return null;
  if (!priced(b)) return null;
  const perLightMs = b.mainCpuMs / b.lights;
  const explainedMs = h.lightsDuring * perLightMs;
  const excessMs = Math.max(0, h.mainCpuDuringMs - explainedMs);
  return {
    share: h.mainCpuDuringMs > 0 ? excessMs / h.mainCpuDuringMs : 0,
    windowShare: excessMs / h.handlerMs,
    excessMs,
    mainMs: h.mainCpuDuringMs,
    explainedMs,
    perLightUs: perLightMs * 1000,
  };
}

/**
 * Where the main thread's CPU was read (on Linux) but the baseline cannot
 * price a /light answer (mainExcess null for that reason: no reading before
 * the work, too few answers in it, or their CPU unread): what the trial
 * cannot tell, said; null otherwise. A server that answers slowly before
 * the work must not thereby escape the reading.
 * @param {any} obs
 */
export function mainUnpriced(obs) {
  const h = obs.server?.heavy;
  if (!h || typeof h.mainCpuDuringMs !== 'number' || priced(h.baseline)) return null;
  const b = h.baseline;
  const before = b
    ? `${b.lights} /light answers in the ${b.ms} ms before the work${Number.isFinite(b.mainCpuMs) ? '' : ", the main thread's CPU unread"}`
    : 'no reading of the main thread before the work';
  return `${before}, too few to price one (at least ${MIN_BASELINE_LIGHTS} answers and their CPU): what the main thread did beyond its answers meanwhile is unread`;
}

/** A baseline that prices a /light answer: enough answers, and their CPU read. @param {any} b */
function priced(b) {
  return Boolean(b) && b.lights >= MIN_BASELINE_LIGHTS && Number.isFinite(b.mainCpuMs);
}

/**
 * The fewest looks inside the heavy window that read how long the main
 * thread slept there: at one look every MAIN_LOOK_MS, a window of 40 ms.
 * The shortest honest window is about the work's own time, 60 ms under
 * --quick, where the server has CPUs of its own (where it shares one with
 * the worker, 2–3 times that).
 */
export const MIN_WINDOW_LOOKS = 8;

/**
 * How the main thread slept during the heavy window, outside its loop's
 * poll, from the harness's looks at it every MAIN_LOOK_MS
 * (harness/main-watch.js; concurrency.js asleepIn): `share` of the `looks`
 * inside the window found it so (`of` of them), most often in `call`, and
 * each run of two or more of them in a row (`runs`: how many looks, and the
 * ms from the first to the last). A free loop waits for its requests in its
 * poll, or runs; a thread kept from its CPU by the worker or a neighbour
 * reads as running. A main thread that naps (Atomics.wait, a synchronous
 * sleep or child process, a poll on a loop of its own) answers nothing
 * meanwhile, and spends no CPU that mainExcess could read. An honest one
 * waits in futex too where a thread holding a lock it needs was kept from
 * its CPU (BENCHMARKS.md §21: up to 30 ms on a host that had taken a vCPU
 * away). `unread` where the looks cannot say: the harness looked but none
 * came back on the server's clock (its system call unreadable, or the pid
 * looked at not the server's), the server's epoll instances unlisted, or
 * fewer than MIN_WINDOW_LOOKS inside the window. null where nobody looked
 * (a host whose threads' system calls cannot be read: off Linux, an
 * architecture proc.cjs has no numbers for; records before the looks).
 * @param {any} obs
 * @returns {{ share: number, of: number, looks: number, call: string, runs: { looks: number, ms: number }[] }
 *   | { unread: string } | null}
 */
export function mainAsleep(obs) {
  const h = obs.server?.heavy;
  const looks = obs.server?.mainLooks;
  if (!h || looks === undefined) return null;
  if (looks === null || !Array.isArray(looks.t))
    return {
      unread: `the harness's looks at the main thread came back empty (its system call unreadable, or the process looked at not the one that reported)`,
    };
  if (!Array.isArray(obs.server.pollFds)) return { unread: "the server's epoll instances were not listed" };
  const asleep = asleepIn(looks, h.startMs, h.endMs, obs.server.pollFds);
  const inside = asleep?.looks ?? looks.t.filter((/** @type {number} */ t) => t > h.startMs && t < h.endMs).length;
  if (!asleep || inside < MIN_WINDOW_LOOKS)
    return {
      unread: `${inside} of the harness's looks at the main thread fell inside the window, too few to read its sleep (at least ${MIN_WINDOW_LOOKS})`,
    };
  return {
    share: asleep.of / asleep.looks,
    of: asleep.of,
    looks: asleep.looks,
    call: asleep.call,
    runs: asleep.runs,
  };
}

/** A heavy request that never completed makes the trial say nothing. @param {any} obs */
export function heavyMissing(obs) {
  if (!obs.server.heavy) return `the heavy request never completed (${obs.heavyRequest?.error ?? 'no answer'})`;
  if (obs.heavyRequest?.status !== 200)
    return `the heavy request failed: ${obs.heavyRequest?.error ?? obs.heavyRequest?.status}`;
  return null;
}

/**
 * Thread counts for a split trial: `want`, deduplicated, ascending, capped.
 * @param {number[]} want @param {number} [cap]
 */
export function splitKs(want, cap = MAX_THREADS) {
  return [...new Set(want.filter((k) => Number.isInteger(k) && k >= 1).map((k) => Math.min(k, cap)))].sort(
    (a, b) => a - b,
  );
}

/**
 * The model's wall time of work W split evenly over k threads on C cores:
 * k shares of W/k, one per thread, processor-shared: W / min(k, C).
 * @param {{ W: number, k: number, C: number }} o
 */
export function splitModel({ W, k, C }) {
  return splitTime({ k, T: W / k, w: k, C });
}

/** Total work of one split trial: m calibrated tasks. */
export const SPLIT_M = 2;

/**
 * What a split trial runs (fixtures/split-work.cjs): W = SPLIT_M × the
 * calibrated task, timed once for every k in ks inside one process (after
 * an untimed first use of every worker), ascending in even trials and
 * descending in odd ones (the trial's `firstRound`, split-session.js): a
 * drift in the machine's speed within a trial favours the k timed later,
 * and the order alternates over the trials the median is taken of. Each run
 * records whether it was timed ascending. Before the first run, halfway and
 * after the last, processes of their own do the same work at once, one for
 * each CPU the threads could use (the usable CPUs, at most as many as the
 * most threads a run starts): what the machine gave that work beside the
 * runs, which no worker pool's lock or scheduling can touch (the record's
 * `control`, read by progressCosts). `trialMs` bounds one trial.
 * @param {import('../context.js').Context} ctx
 * @param {number[]} ks
 */
export function splitOptions(ctx, ks) {
  const control = Math.min(ctx.usable?.length ?? ctx.cores, Math.max(...ks));
  return {
    options: { iterations: ctx.pbkdf2.iterations, m: SPLIT_M, ks, rounds: 1, control },
    trialMs: 30_000 + 10 * SPLIT_M * ctx.pbkdf2.taskMs * (ks.length + 1),
  };
}

/**
 * One split trial in a process of its own (fixtures/split-work.cjs, one-shot):
 * what a trial of a split session (split-session.js splitTrials, which the
 * split claims use) reports, at the cost of a process start and its threads'.
 * @param {import('../context.js').Context} ctx
 * @param {{ ks: number[], n?: number }} o  n: the trial's number (1, 2, …; none: ascending)
 */
export function splitTrial(ctx, { ks, n }) {
  const { options, trialMs } = splitOptions(ctx, ks);
  return ctx.run('split-work.cjs', { options: { ...options, firstRound: firstRoundOf(n) }, timeoutMs: trialMs });
}

/** A trial's first round: descending on odd trial numbers, ascending on even ones and without one. @param {number} [n] */
export function firstRoundOf(n) {
  return Number.isInteger(n) ? /** @type {number} */ (n) % 2 : 0;
}

/** Mean wall time of the runs with k threads. @param {any} obs @param {number} k */
export function timeOf(obs, k) {
  const walls = obs.runs.filter((/** @type {any} */ r) => r.k === k).map((/** @type {any} */ r) => r.wallMs);
  return walls.length
    ? walls.reduce((/** @type {number} */ a, /** @type {number} */ b) => a + b, 0) / walls.length
    : NaN;
}

/** The scaling curve, k → mean ms, and the fastest k. @param {any} obs */
export function curve(obs) {
  const points = obs.ks.map((/** @type {number} */ k) => ({ k, ms: round(timeOf(obs, k), 1) }));
  const best = points.reduce((/** @type {any} */ a, /** @type {any} */ b) => (b.ms < a.ms ? b : a));
  return { points, best: best.k, text: points.map((/** @type {any} */ p) => `k=${p.k} ${p.ms} ms`).join(', ') };
}

/**
 * Structure of a split trial (Linux): every run with k threads used k distinct
 * worker threads, none of them the main thread, and each spent at least half
 * its share of the work's CPU (the CPU per iteration measured over the
 * trial), was runnable through its work (sleptInWork), ran together with the
 * others (MIN_TOGETHER), and spent no more CPU per iteration than the same
 * work in processes beside the runs allows (progressCosts): a fail where a
 * thread reads MAX_PROGRESS_COST or more against the dearest burst, a pass
 * only where every thread reads less against the cheapest one too: `ok`
 * with `unsure` is no pass, and voidIfLoadMoved voids it. And the trial's
 * every millisecond is accounted for on the harness's clock (clockMisread:
 * the fixture's clock, which times the runs, kept the harness's time, and
 * its runs and bursts cover its span): a failure no load voids.
 * @param {any} obs
 * @returns {{ ok: boolean, detail: string, loadBound: boolean, moved: string | null, unsure: string | null }}
 *   loadBound: only the readings against the control failed; moved: why the control says the machine's speed
 *   changed through the trial; unsure (where nothing failed): a thread that reads within the allowance against
 *   the dearest burst and beyond it against the cheapest, so the control cannot say whether it made progress
 */
export function checkSplit(obs) {
  let cpu = 0;
  let its = 0;
  for (const r of obs.runs) for (const t of r.threads) ((cpu += t.cpuMs ?? NaN), (its += t.iterations));
  const perIteration = cpu / its;
  const problems = [];
  for (const r of obs.runs) {
    const tids = new Set(r.threads.map((/** @type {any} */ t) => t.tid));
    if (tids.size !== r.k || tids.has(obs.mainTid))
      problems.push(
        `k=${r.k}: ${tids.size} distinct threads${tids.has(obs.mainTid) ? ', the main thread among them' : ''}`,
      );
    const idle = r.threads.filter((/** @type {any} */ t) => !(t.cpuMs >= 0.5 * t.iterations * perIteration));
    if (idle.length) problems.push(`k=${r.k}: ${idle.length} thread(s) below half their CPU share`);
    // The run's work is its threads': CPU the process spent on any other thread (the libuv
    // pool, a helper) did part of it, and a lone run helped so is no lone thread.
    const away = workElsewhere(r);
    if (away)
      problems.push(
        `k=${r.k}: ${Math.round(away.ms)} ms of the process's CPU went to threads other than the run's and the main thread (the run's threads: ${Math.round(away.threadsMs)} ms; allowed ${Math.round(away.allowedMs)})`,
      );
    // Each thread works from its start to its end of its share: one that sleeps in it (waiting for
    // another's turn, or to slow the lone thread the others are timed against) is not the work running.
    const asleep = sleptInWork(r);
    if (asleep)
      problems.push(
        `k=${r.k}: a thread runnable in ${Math.floor(asleep.share * 100)}% of its work's ${Math.round(asleep.ms)} ms (asleep the rest; allowed ${Math.floor(asleep.allowed * 100)}%)`,
      );
    // A run is its work until the caller sees it done: results handed back after the threads'
    // work ended bring the caller no speed-up, whatever the threads did.
    const late = seenLate(r);
    if (late)
      problems.push(
        `k=${r.k}: seen done ${Math.round(late.ms)} ms after its threads' work ended, of a ${Math.round(r.wallMs)} ms run (none of them nor the main thread waiting for a CPU meanwhile; allowed ${Math.round(late.allowed)} ms)`,
      );
    // Split work runs together: k ≥ 2 threads taking turns read 1 runnable at once.
    const together = atOnceUntilFirstEnd(r, (t) => t.runnableMs) ?? r.together;
    if (r.k >= 2 && typeof together === 'number' && together < MIN_TOGETHER) {
      problems.push(
        `k=${r.k}: the threads took turns (${round(together, 2)} runnable at once, expected ≥ ${MIN_TOGETHER})`,
      );
    }
  }
  // Every millisecond of the trial on the harness's clock: the fixture's clock, which times every
  // run and burst, kept the harness's time (its span agrees), and its segments cover its span.
  const clock = clockMisread(obs);
  if (clock) problems.push(clock);
  // The threads' CPU made the progress the same work makes in processes of their own beside them.
  const control = controlReading(obs);
  const costs = progressCosts(obs, control);
  const dear = costs.filter((x) => x.cost >= MAX_PROGRESS_COST);
  const straddling = costs.filter((x) => x.cost < MAX_PROGRESS_COST && x.atCheapest >= MAX_PROGRESS_COST);
  const others = problems.length;
  const n = control?.n;
  const beside = `the dearest of ${n} process${n === 1 ? '' : 'es'} doing the same work at once beside the runs`;
  for (const c of dear)
    problems.push(
      `k=${c.k}: a thread took ×${round(c.cost, 2)} the CPU per iteration of ${beside} (CPU spent without progress; allowed < ×${MAX_PROGRESS_COST})`,
    );
  const shares = obs.ks.map((/** @type {number} */ k) => {
    const r = obs.runs.find((/** @type {any} */ x) => x.k === k);
    return `k=${k}: ${r.threads.map((/** @type {any} */ t) => Math.round(t.cpuMs)).join('+')} ms`;
  });
  // The evidence of the runnable rule where it passes: the least share any thread read.
  const runnable = obs.runs.map(leastRunnable).filter(Boolean);
  const least = runnable.length ? Math.min(...runnable.map((/** @type {any} */ l) => l.share)) : null;
  const worst = costs.length ? Math.max(...costs.map((c) => c.cost)) : null;
  const worstAtCheapest = costs.length ? Math.max(...costs.map((c) => c.atCheapest)) : null;
  // The evidence of the hand-back rule where it passes: the latest any run was seen done.
  const lates = obs.runs.map(lateness).filter((/** @type {any} */ l) => l !== null);
  const latest = lates.length ? Math.max(0, ...lates.map((/** @type {any} */ l) => l.ms)) : null;
  // The evidence of the rule that a run's work is its threads' where it passes: the most any run's process spent beyond them.
  const beyond = obs.runs.map(cpuBeyondThreads);
  const mostBeyond = beyond.every(Boolean) ? Math.max(...beyond.map((/** @type {{ ms: number }} */ b) => b.ms)) : null;
  const againstEach =
    worst !== null && worstAtCheapest !== null && round(worstAtCheapest, 2) > round(worst, 2)
      ? `, ×${round(worstAtCheapest, 2)} that of the cheapest burst's`
      : '';
  // The evidence of the clock rule where it passes: the trial's span against the harness's, and its gaps.
  const acct = clockAccount(obs);
  const clockText = acct
    ? [
        acct.hopMs === null
          ? null
          : `the trial read ${round(acct.hopMs, 1)} ms shorter on the fixture's clock than on the harness's`,
        acct.uncoveredMs === null ? null : `${round(acct.uncoveredMs, 1)} ms of it between its runs and bursts`,
        acct.burstGapMs === null ? null : `each burst ≤ ${round(acct.burstGapMs, 1)} ms beyond its processes' work`,
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const unsureRun = straddling.reduce(
    (/** @type {(typeof costs)[number] | undefined} */ w, c) => (w && w.atCheapest >= c.atCheapest ? w : c),
    undefined,
  );
  return {
    ok: Number.isFinite(perIteration) && problems.length === 0,
    // Only the readings against the control failed: other load can move those (a busy
    // process on a vCPU's hyperthread sibling while a thread runs, not while the control does).
    loadBound: Number.isFinite(perIteration) && others === 0 && dear.length > 0,
    // ... or the host's speed, where the control's bursts read it change through the trial.
    moved:
      control && control.spread > MAX_SPEED_SPREAD
        ? `the processes beside the runs read ×${round(control.spread, 2)} apart from one burst to another (the machine's speed changed through the trial)`
        : null,
    // Against the bursts' dearest the thread made progress, against their cheapest it did not: the
    // control, read at moments the thread did not run, cannot say which speed the thread met.
    unsure:
      problems.length === 0 && unsureRun
        ? `k=${unsureRun.k}: a thread took ×${round(unsureRun.cost, 2)} the CPU per iteration of the dearest process of the dearest burst beside the runs and ×${round(unsureRun.atCheapest, 2)} that of the cheapest burst's (allowed < ×${MAX_PROGRESS_COST}; the bursts read ×${round(/** @type {any} */ (control).spread, 2)} apart)`
        : null,
    detail: problems.length
      ? problems.join('; ')
      : `each run used k distinct worker threads, each with its share of the CPU (${shares.join('; ')})${least === null ? '' : `, each runnable through ≥ ${Math.min(100, Math.floor(least * 100))}% of its work`}${worst === null ? '' : `, each thread at ≤ ×${round(worst, 2)} the CPU per iteration of ${beside}${againstEach}`}${mostBeyond === null ? '' : `, the process's other threads at ≤ ${Math.max(0, Math.round(mostBeyond))} ms of CPU in any run (allowed the larger of ${ELSEWHERE_MIN_MS} ms and a tenth of the run's threads')`}${latest === null ? '' : `, each run seen done ≤ ${Math.round(latest)} ms after its threads' work ended`}${clockText ? `, ${clockText}` : ''}`,
  };
}

/**
 * How much shorter than the harness's own span of a session trial (its
 * request sent to its answer read, split-session.js) the fixture's span of
 * it (the request read to the answer sent) may read: the two IPC hops and
 * the answer's serialization, which only the harness's clock sees. Longer it
 * never reads where the fixture's clock keeps time: its span lies inside the
 * harness's (CLOCK_ROUNDING_MS allows the two readings' rounding). Honest
 * trials read 0.30–1.80 ms (111 trials of the three split claims: full runs,
 * --quick, --cpus 1, quiet, Node 20, 2 vCPUs), up to 3.5 ms in the quiet
 * and --quick benches' 393 trials, 11 ms beside two busy loops (90 trials:
 * each message waits for a CPU); the bound is 50 ms. split-warped-clock (a
 * clock slowed in each run of 2 ≤ k ≤ C threads, the threads run one after
 * another) read 122–210 ms lost per trial (BENCHMARKS.md §46).
 */
export const CLOCK_HOP_MS = 50;
/** See CLOCK_HOP_MS: what the two spans' rounding to 0.01 ms may put the fixture's above the harness's. */
export const CLOCK_ROUNDING_MS = 0.02;
/**
 * The most of a split trial's span on the fixture's clock that its timed
 * segments (each run's wallMs, each control burst's) may leave uncovered: the
 * gaps between them (the /proc readings around each run, a burst's start,
 * the answer's making). Honest trials read 1.56–4.98 ms (the same 111 trials,
 * 5–6 segments each: at most 0.71 ms a gap), up to 9.5 ms in the quiet
 * bench and 10.2 ms beside two busy loops; the bound is 40 ms (runs on more
 * cores have more gaps, a busy machine longer ones).
 * split-warped-clock-restored (slowed in the runs, jumped on to the real time
 * right after each) reads the runs' lost time here: about (k − 1)/k of W per
 * run of 2 ≤ k ≤ C threads, 125–140 ms a trial on 2 vCPUs, 65–68 ms with
 * --quick's shorter work (6 and 9 trials; BENCHMARKS.md §46).
 */
export const UNCOVERED_MAX_MS = 40;
/**
 * The most a control burst's wall time on the fixture's clock may exceed the
 * longest of its processes' own time for the work (each read on that
 * process's clock, not the fixture's): the burst's messages and the
 * processes' 1 ms settling naps. Honest bursts read 2.72–6.48 ms (the same
 * 111 trials' 333 bursts), up to 30.3 ms beside two busy loops and 32.5 ms
 * inside a 1-CPU quota cgroup (a message held through the cgroup's throttled
 * part of a 100 ms period: 62 trials); the bound is 60 ms. A warped
 * clock put on to the real time at the first turn of the event loop after the
 * run (a first form of split-warped-clock-restored, not kept) lands the jump
 * in the burst that follows the run: 125.6–129.7 ms there (9 trials), with
 * the span agreeing and nothing between the segments (BENCHMARKS.md §46).
 */
export const BURST_GAP_MAX_MS = 60;
/**
 * What a cgroup CPU quota adds to each of the clock account's bounds: the
 * kernel holds the group's processes through the rest of each 100 ms period
 * once they have used their quota, so a message or a gap between segments
 * can wait that long. Inside a 1-CPU quota honest trials read up to 46.6 ms
 * lost, 49.4 ms between segments and 52.5 ms in a burst (215 trials of the
 * quota bench, BENCHMARKS.md §46).
 */
export const QUOTA_PERIOD_MS = 100;

/**
 * A split trial's time, accounted for on the harness's clock. The fixture
 * is the party under suspicion: every span it reports (each run's wallMs,
 * each control burst's, the trial's spanMs) is read on its main thread's
 * clock, which only the harness's own span of the trial (`session.spanMs`,
 * split-session.js) checks. `hopMs`: the harness's span less the fixture's
 * (≥ 0: the fixture's lies inside the harness's; at most CLOCK_HOP_MS);
 * `uncoveredMs`: the fixture's span less the sum of its segments (the gaps
 * between them; at most UNCOVERED_MAX_MS, never below 0 but for rounding).
 * `burstGapMs`: the most a control burst's wall exceeds its longest
 * process's own time for the work, read on that process's clock (at most
 * BURST_GAP_MAX_MS). A clock that runs slow during the runs reads short
 * against the harness; one then jumped on to the real time reads the jump as
 * time no segment covers, or inside the burst it lands in. Each is null
 * where the record lacks its readings (a one-shot trial has no harness span;
 * older records none of them), and the whole null where the fixture's span
 * is missing (the bursts' part stands without it).
 * @param {any} obs
 * @returns {{ spanMs: number | null, harnessMs: number | null, hopMs: number | null, segments: number, segmentsMs: number | null, uncoveredMs: number | null, burstGapMs: number | null } | null}
 */
export function clockAccount(obs) {
  const num = (/** @type {unknown} */ x) => typeof x === 'number' && Number.isFinite(x);
  const bursts = obs?.control?.bursts ?? [];
  const gaps = bursts.map((/** @type {any} */ b) =>
    num(b.wallMs) && b.set?.length && b.set.every((/** @type {any} */ x) => num(x.ms))
      ? b.wallMs - Math.max(...b.set.map((/** @type {any} */ x) => x.ms))
      : NaN,
  );
  const burstGapMs = gaps.length && gaps.every(num) ? Math.max(...gaps) : null;
  const spanMs = num(obs?.spanMs) ? obs.spanMs : null;
  if (spanMs === null && burstGapMs === null) return null;
  const harnessMs = num(obs.session?.spanMs) ? obs.session.spanMs : null;
  const walls = [
    ...(obs.runs ?? []).map((/** @type {any} */ r) => r.wallMs),
    ...bursts.map((/** @type {any} */ b) => b.wallMs),
  ];
  const segmentsMs = spanMs !== null && walls.every(num) ? walls.reduce((a, b) => a + b, 0) : null;
  return {
    spanMs,
    harnessMs,
    hopMs: harnessMs === null || spanMs === null ? null : harnessMs - spanMs,
    segments: walls.length,
    segmentsMs,
    uncoveredMs: segmentsMs === null || spanMs === null ? null : spanMs - segmentsMs,
    burstGapMs,
  };
}

/**
 * Where a split trial's clock does not keep the harness's time
 * (clockAccount): the problem, in words, or null where it does, or where the
 * readings are missing (each part is left out without its readings).
 * @param {any} obs
 * @returns {string | null}
 */
export function clockMisread(obs) {
  const a = clockAccount(obs);
  if (!a) return null;
  // a cgroup CPU quota holds the processes through part of each period: each bound is that much wider
  const quota = typeof obs.session?.cpuQuota === 'number' ? QUOTA_PERIOD_MS : 0;
  const hopMax = CLOCK_HOP_MS + quota;
  const uncoveredMax = UNCOVERED_MAX_MS + quota;
  const burstMax = BURST_GAP_MAX_MS + quota;
  const inQuota = quota ? `, ${quota} ms more inside a CPU quota` : '';
  const problems = [];
  const ms = (/** @type {number} */ x) => round(x, 1);
  const span = ms(a.spanMs ?? NaN);
  if (a.hopMs !== null && a.hopMs > hopMax)
    problems.push(
      `the fixture's clock read ${span} ms from the request to its answer, the harness's ${ms(a.harnessMs ?? NaN)} ms (${ms(a.hopMs)} ms lost: the fixture's clock ran slow; allowed ${CLOCK_HOP_MS} ms for the two messages${inQuota})`,
    );
  else if (a.hopMs !== null && a.hopMs < -CLOCK_ROUNDING_MS)
    problems.push(
      `the fixture's clock read ${span} ms from the request to its answer, longer than the harness's ${ms(a.harnessMs ?? NaN)} ms around it (the fixture's clock ran fast)`,
    );
  if (a.uncoveredMs !== null && a.uncoveredMs > uncoveredMax)
    problems.push(
      `${ms(a.uncoveredMs)} ms of the trial's ${span} ms on the fixture's clock lie between its ${a.segments} timed runs and bursts (${ms(a.segmentsMs ?? NaN)} ms; allowed ${UNCOVERED_MAX_MS} ms${inQuota}: the clock ran slow in them and was put on after)`,
    );
  else if (a.uncoveredMs !== null && a.uncoveredMs < -CLOCK_ROUNDING_MS * a.segments)
    problems.push(
      `the trial's ${a.segments} timed runs and bursts add up to ${ms(a.segmentsMs ?? NaN)} ms on the fixture's clock, more than its ${span} ms span on the same clock`,
    );
  if (a.burstGapMs !== null && a.burstGapMs > burstMax)
    problems.push(
      `a control burst took ${ms(a.burstGapMs)} ms longer on the fixture's clock than the longest of its processes' own time for the work (allowed ${BURST_GAP_MAX_MS} ms for its messages${inQuota}: the clock was put on inside it)`,
    );
  return problems.length ? `the trial's time does not add up on the harness's clock: ${problems.join('; ')}` : null;
}

/**
 * @typedef {{ wallMs?: number, threads: any[], mainWaitMs?: number | null, takenMs?: number | null }} HandedRun
 *   a split run as lateness reads it: its wall time, its threads (runnableMs), the main thread's wait
 *   for a CPU and the host's steal over it
 */

/**
 * How late a split run may be seen done after its threads' work ended: the
 * larger of LATE_MIN_MS and LATE_SHARE of the run's wall time. Honest runs
 * read 0–6 ms quiet and up to 14 ms beside two busy loops (at most 0.12 of
 * a run, in --quick's shorter runs), before the main thread's own wait for a
 * CPU is taken off; results handed back as long again after the work read
 * half the run, and half as long again a third (BENCHMARKS.md §45).
 */
export const LATE_MIN_MS = 20;
/** See LATE_MIN_MS. */
export const LATE_SHARE = 0.2;

/**
 * How long after its threads' work ended a split run was seen done: its wall
 * time less the longest any of its threads was runnable over it (read by the
 * main thread from the run's start to its end: a thread that works through
 * its share and then waits reads about its share), less the main thread's
 * wait for a CPU and the CPU time the host took on the process's CPUs
 * (steal, interrupts; `takenMs`, every CPU's summed: generous on many CPUs)
 * over the run: time the caller went without the results while nothing of
 * the run's waited to run.
 * null where the record lacks a reading (off Linux, older records).
 * @param {HandedRun} run
 * @returns {{ ms: number, allowed: number } | null}
 */
export function lateness(run) {
  const wall = run.wallMs;
  const runnable = run.threads.map((t) => t.runnableMs);
  if (typeof wall !== 'number' || typeof run.mainWaitMs !== 'number' || !runnable.every(Number.isFinite)) return null;
  const ms = wall - Math.max(...runnable) - run.mainWaitMs - (run.takenMs ?? 0);
  return { ms, allowed: Math.max(LATE_MIN_MS, LATE_SHARE * wall) };
}

/**
 * A split run seen done later than allowed after its threads' work ended
 * (lateness); null where it was not, or where it cannot be read.
 * @param {HandedRun} run
 */
export function seenLate(run) {
  const l = lateness(run);
  return l && l.ms > l.allowed ? l : null;
}

/**
 * The CPU a split run's process may spend beyond its k threads and its main
 * thread: the larger of ELSEWHERE_MIN_MS and ELSEWHERE_SHARE of the threads'
 * own. Honest runs read −7 to +2 ms (805 runs of §35's stability benches,
 * Node 20: the readings' windows differ by a few µs of the main thread's
 * work); a lone thread that hands 40% of its work to the libuv pool read
 * 95 ms beside its own 143; threads that spin while they wait for others
 * read +9 to +38 ms, which the process's other threads spent meanwhile
 * (BENCHMARKS.md §35).
 */
export const ELSEWHERE_MIN_MS = 10;
/** See ELSEWHERE_MIN_MS. */
export const ELSEWHERE_SHARE = 0.1;

/**
 * Work a split run did outside its threads: the whole process's CPU over the
 * run (`processCpuMs`, every thread) less the main thread's and the run's
 * threads' own over the run (`runCpuMs`), where it exceeds the allowance
 * (ELSEWHERE_MIN_MS, ELSEWHERE_SHARE); null where it does not, or where the
 * record lacks a reading (off Linux, older records).
 * @param {{ processCpuMs?: number | null, mainCpuMs?: number | null, threads: any[] }} run
 * @returns {{ ms: number, threadsMs: number, allowedMs: number } | null}
 */
export function workElsewhere(run) {
  const beyond = cpuBeyondThreads(run);
  return beyond && beyond.ms > beyond.allowedMs ? beyond : null;
}

/**
 * A split run's process CPU beyond its threads and its main thread, with
 * the run's threads' own and the allowance (workElsewhere), whether or not
 * it exceeds it; null where the record lacks a reading.
 * @param {{ processCpuMs?: number | null, mainCpuMs?: number | null, threads: any[] }} run
 * @returns {{ ms: number, threadsMs: number, allowedMs: number } | null}
 */
function cpuBeyondThreads(run) {
  const own = run.threads.map((t) => t.runCpuMs);
  if (typeof run.processCpuMs !== 'number' || typeof run.mainCpuMs !== 'number') return null;
  if (!own.every((x) => typeof x === 'number' && Number.isFinite(x))) return null;
  const threadsMs = own.reduce((a, b) => a + b, 0);
  const ms = run.processCpuMs - run.mainCpuMs - threadsMs;
  return { ms, threadsMs, allowedMs: Math.max(ELSEWHERE_MIN_MS, ELSEWHERE_SHARE * threadsMs) };
}

/**
 * How much dearer per iteration than the dearest of the control's processes
 * a split's thread may read and still count as making progress with the
 * CPU it uses. Honest threads read ×1 or less; threads that spin while they
 * take turns read ×k (split-spin: ×2 with two), and one that spins part of
 * its wait as much more as it spins. The boundary sits halfway between ×1
 * and ×2 (their geometric mean, 1.41, rounded up).
 */
export const MAX_PROGRESS_COST = 1.5;

/**
 * What the trial's control read (split-work.cjs's `control`): the same work
 * in processes of their own, as many at once as the run's threads could use
 * CPUs, in bursts before the first run, halfway and after the last. One on
 * each CPU at once, the dearest process of a burst reads the most a CPU
 * needed for that work then: the slowest vCPU where the host slows one
 * (×1.6–1.75, for minutes or in spells of a hundred ms, BENCHMARKS.md §21,
 * §30), both hyperthreads of a core busy where the host pairs its vCPUs
 * unseen, every core at its all-core clock. `dearest`: the most CPU per
 * iteration any process took; `cheapest`: the least any burst's dearest
 * process took; `spread`: how far the bursts' dearest read apart (over 1.2:
 * the machine's speed changed through the trial). null where the record
 * has no control, or a reading is missing.
 * @param {any} obs
 * @returns {{ dearest: number, cheapest: number, spread: number, n: number } | null}
 */
export function controlReading(obs) {
  const bursts = obs.control?.bursts;
  if (!Array.isArray(bursts) || !bursts.length || !bursts.every((b) => b.set?.length)) return null;
  const each = bursts.map((b) => b.set.map((/** @type {any} */ x) => ratePerIteration(x, x.cpuMs)));
  if (!each.every((rates) => readRates(rates).length === rates.length)) return null;
  const dearest = each.map((rates) => Math.max(...rates));
  return {
    dearest: Math.max(...dearest),
    cheapest: Math.min(...dearest),
    spread: spreadOf(dearest),
    n: bursts[0].set.length,
  };
}

/** CPU ms per iteration, or NaN where not read. @param {{ iterations: number }} x @param {number | null | undefined} cpuMs */
function ratePerIteration(x, cpuMs) {
  return typeof cpuMs === 'number' && cpuMs > 0 && x.iterations > 0 ? cpuMs / x.iterations : NaN;
}

/**
 * Each run's dearest thread, by CPU per iteration, over the dearest reading
 * of the control (controlReading). A thread's CPU is its whole run's, as
 * the main thread read it while the thread waited (runCpuMs; older records:
 * its own reading of its share). Threads that spend CPU without progress (a
 * spin while they take turns, or while half of them work) read dearer here,
 * however alike their CPU per task reads among themselves and however many
 * are runnable at once: the readings they leave are all their own, the
 * control's are not. No honest thread with a CPU of its own needs more
 * than the dearest process, and each is read on its own. Runs of more
 * threads than the control has processes are not read: threads that take
 * turns on a CPU read up to ×1.42 its CPU per iteration here, honest (two
 * of four threads on two vCPUs, while the runs of one and two read within
 * ×1.1 and the processes alike; BENCHMARKS.md §31). Empty where the record
 * has no control, or no CPU readings. `cost` is against the dearest burst's
 * dearest process, `atCheapest` against the cheapest burst's: where the
 * bursts read apart, the thread may have met either speed.
 * @param {any} obs @param {ReturnType<typeof controlReading>} [control]  the trial's, where already read
 * @returns {{ k: number, cost: number, atCheapest: number }[]}
 */
export function progressCosts(obs, control = controlReading(obs)) {
  if (!control) return [];
  return (obs.runs ?? []).flatMap((/** @type {any} */ r) => {
    if (r.k > control.n) return [];
    const rates = r.threads.map((/** @type {any} */ t) =>
      ratePerIteration(t, typeof t.runCpuMs === 'number' ? t.runCpuMs : t.cpuMs),
    );
    if (readRates(rates).length !== rates.length) return [];
    const rate = Math.max(...rates);
    return [{ k: r.k, cost: rate / control.dearest, atCheapest: rate / control.cheapest }];
  });
}

/**
 * How many of k threads on C cores must be on CPUs at once (parallelism)
 * for the run to count as theirs all working together: halfway between one
 * (threads taking turns on a CPU, or pinned to one) and min(k, C).
 * @param {number} k @param {number} C
 */
export function atOnceBound(k, C) {
  return (1 + Math.min(k, C)) / 2;
}

/**
 * The structure of a split spec that times C threads against other counts
 * (oversubscription, optimal-cores-minus-one): checkSplit, and on C ≥ 2
 * cores that the OS ran the C threads on CPUs at once (atOnceBound).
 * Threads pinned to one CPU, or taking turns on it, are runnable at once
 * and each spends its own CPU per iteration, yet no more than one works at
 * a time. On a busy machine a passing trial keeps its structure and loses
 * its timing; one that failed only on readings other load moves (how many
 * ran at once, the CPU against the control) is void.
 * @param {any} obs @param {number} C @param {string} more  the rest of the detail (the curve)
 * @returns {import('../verdict.js').Check}
 */
export function checkSplitOfC(obs, C, more) {
  const s = checkSplit(obs);
  const par = parallelism(obs, C);
  const bound = atOnceBound(C, C);
  const together = C < 2 || par >= bound;
  const check = {
    ok: s.ok && together,
    detail: `${s.detail}${C >= 2 ? `; with ${C} threads ${round(par, 2)} ran at once (expected ≥ ${bound})` : ''}; ${more}`,
  };
  return voidIfLoadMoved(obs, C, s, check, 'timing');
}

/**
 * A split check where the machine may have moved what it reads. A passing
 * check on a busy machine loses its timing (`passing` 'timing') or the
 * whole trial ('all'), as voidIfBusy. A failing one whose failures other
 * load can cause (how many ran at once, the CPU against the control:
 * `s.ok`, or `s.loadBound`) is void on a busy machine; one whose threads
 * read dearer than the control is void too where the control's bursts
 * read the machine's speed change through the trial (a thread on a vCPU
 * the host slowed between them). A failure no load explains stands. A
 * passing check whose threads the control cannot say made progress
 * (`s.unsure`: within the allowance against the dearest burst, beyond it
 * against the cheapest) is void: it counts neither way.
 * @param {any} obs @param {number} C
 * @param {ReturnType<typeof checkSplit>} s  the trial's checkSplit
 * @param {import('../verdict.js').Check} check  the spec's check, built on s
 * @param {'all' | 'timing'} passing
 * @returns {import('../verdict.js').Check}
 */
export function voidIfLoadMoved(obs, C, s, check, passing) {
  if (check.ok && s.unsure) return { ok: false, invalid: true, detail: `${s.unsure}; ${check.detail}` };
  if (check.ok) return voidIfBusy(obs, C, check, passing);
  if (!s.ok && !s.loadBound) return check;
  const busy = voidIfBusy(obs, C, check, 'all');
  if (busy.invalid) return busy;
  return !s.ok && s.moved ? { ok: false, invalid: true, detail: `${s.moved}; ${check.detail}` } : check;
}

/**
 * The thread of a split run runnable for the least share of its work's wall
 * time (its own clock, from the job's arrival to its end), where that share is
 * below what is allowed; null where every thread was runnable throughout
 * (pbkdf2 on a thread of its own: on a CPU or waiting for one), or where the
 * record lacks the readings. A thread that sleeps while another takes its
 * turn reads the share it worked, however much CPU the others spend
 * meanwhile. Honest threads read 1.00–1.12 quiet, beside two busy loops and
 * inside a 1-CPU quota (the runnable time also covers the job's arrival).
 * Allowed: MIN_RUNNABLE_SHARE, less the cores the host's steal and the
 * kernel's interrupts took on our CPUs over the run (its takenMs): a host
 * that accounts the time it steals takes it out of a thread's on-CPU time
 * without queueing the thread. Other processes' CPU is no allowance: a
 * thread they keep from a CPU waits in the run queue, which counts.
 * @param {{ threads: any[], takenMs?: number | null, wallMs?: number }} run
 * @returns {{ share: number, ms: number, allowed: number } | null}
 */
export function sleptInWork(run) {
  const least = leastRunnable(run);
  return least && least.share < least.allowed ? least : null;
}

/**
 * The thread of a split run runnable for the least share of its work's wall
 * time, with the share allowed (sleptInWork); null where no thread's
 * readings are in the record.
 * @param {{ threads: any[], takenMs?: number | null, wallMs?: number }} run
 * @returns {{ share: number, ms: number, allowed: number } | null}
 */
function leastRunnable(run) {
  const read = run.threads.filter((t) => t.ms > 0 && Number.isFinite(t.runnableMs));
  if (!read.length) return null;
  const least = read.reduce((a, b) => (b.runnableMs / b.ms < a.runnableMs / a.ms ? b : a));
  const taken =
    typeof run.takenMs === 'number' && /** @type {number} */ (run.wallMs) > 0
      ? Math.min(1, run.takenMs / /** @type {number} */ (run.wallMs))
      : 0;
  return { share: least.runnableMs / least.ms, ms: least.ms, allowed: MIN_RUNNABLE_SHARE - taken };
}

/**
 * The least runnable concurrency (schedstat on-CPU + run-queue time of the k
 * threads, until the first of them ended: atOnceUntilFirstEnd) that shows k ≥
 * 2 threads ran together: threads taking turns, or running one after
 * another, read 1; k threads together read about k, whatever else loads the
 * CPUs (a waiting thread still counts).
 */
export const MIN_TOGETHER = 1.5;

/**
 * How many of a run's threads were at once (on a CPU, or with `amountOf` the
 * runnable time, on one or waiting for one) from the run's start until the
 * first of them ended its share: that one's amount, and for each other the
 * part of its amount it must have had by then (all of it but the time from
 * then to its own end: a thread is never more than one at a time), over the
 * first end's time. The same amount over the run's wall time reads fewer
 * where a thread on a slower CPU ends later (two threads together, one on a
 * vCPU the host slowed ×1.8: 1.47), although they ran at once; threads that
 * took turns, or ran one after the other, still read about 1 here. null
 * where the threads' ends or amounts are not in the record (older records).
 * @param {{ threads: any[] }} run @param {(thread: any) => number | null | undefined} amountOf
 * @returns {number | null}
 */
export function atOnceUntilFirstEnd(run, amountOf) {
  const ts = run.threads;
  if (!ts.every((t) => typeof t.doneMs === 'number' && Number.isFinite(amountOf(t)))) return null;
  const first = ts.reduce((a, b) => (b.doneMs < a.doneMs ? b : a));
  if (!(first.doneMs > 0)) return null;
  const amount = (/** @type {any} */ t) => /** @type {number} */ (amountOf(t));
  const byThen = ts.reduce(
    (sum, t) => sum + (t === first ? amount(t) : Math.max(0, amount(t) - (t.doneMs - first.doneMs))),
    0,
  );
  return byThen / first.doneMs;
}

/**
 * CPU parallelism of the run with k threads (Linux): how many of them the OS
 * really ran at once, their on-CPU time until the first ended
 * (atOnceUntilFirstEnd), or in older records over the run's wall time.
 * @param {any} obs @param {number} k
 */
export function parallelism(obs, k) {
  const r = obs.runs.find((/** @type {any} */ x) => x.k === k);
  if (!r) return NaN;
  return (
    atOnceUntilFirstEnd(r, (t) => t.cpuMs) ??
    r.threads.reduce((/** @type {number} */ a, /** @type {any} */ t) => a + (t.cpuMs ?? NaN), 0) / r.wallMs
  );
}

/**
 * Cores other processes took on our CPUs over a trial's runs (their CPU time
 * over the runs' wall time), null where unknown (older samples, or a machine
 * whose CPU times cannot be read).
 * @param {any} obs
 */
export function busyCores(obs) {
  let others = 0;
  let wall = 0;
  for (const r of obs.runs ?? []) {
    if (typeof r.othersMs !== 'number') return null;
    others += r.othersMs;
    wall += r.wallMs;
  }
  return wall > 0 ? others / wall : null;
}

/**
 * Why a trial measured the machine's other load rather than the claim: other
 * processes took a real share of our CPUs (≥ max(0.3, C/10) cores). null when
 * they did not, or when that is unknown.
 * @param {any} obs @param {number} C
 */
export function busyReason(obs, C) {
  return busyReasonOfCores(busyCores(obs), C);
}

/** busyReason from the cores other processes took (null: unknown). @param {number | null} busy @param {number} C */
function busyReasonOfCores(busy, C) {
  if (busy === null || busy < Math.max(0.3, C / 10)) return null;
  return `${MACHINE_BUSY}: other processes took ${round(busy, 2)} of ${C} cores`;
}

/**
 * A trial measured while the machine was busy (busyReason) is not evidence
 * about the claim. `scope` 'all': the whole trial is void (its structure
 * depends on free cores too); 'timing': the structure counts, the timing
 * value is dropped.
 * @param {any} obs @param {number} C @param {{ ok: boolean, detail: string }} check
 * @param {'all' | 'timing'} [scope]
 * @returns {{ ok: boolean, detail: string, invalid?: boolean, timingVoid?: boolean, voidReason?: string }}
 */
export function voidIfBusy(obs, C, check, scope = 'all') {
  const why = busyReason(obs, C);
  if (!why) return check;
  if (scope === 'timing') return voidTiming(check, why);
  return { ok: false, invalid: true, detail: `${why} during the runs; ${check.detail}` };
}

/**
 * Drop a check's timing value for `why` (null: the check stands); the
 * structure still counts. A check already void or invalid is left as it is.
 * @param {import('../verdict.js').Check} check @param {string | null} why
 * @returns {import('../verdict.js').Check}
 */
export function voidTiming(check, why) {
  if (!why || check.invalid || check.timingVoid) return check;
  return { ...check, timingVoid: true, voidReason: why, detail: `${check.detail} (timing dropped: ${why})` };
}

/**
 * Largest spread of CPU time per unit of work between the threads of one
 * trial (the slowest rate over the fastest) within which the CPUs count as
 * running at one speed. On this kind of VM, quiet trials read 1.00–1.05; in
 * episodes where the host slows one vCPU (its sibling busy with another
 * tenant: steal that /proc/stat does not show), a thread on it needs
 * 1.3–1.6× the CPU time for the same pbkdf2 work (measured pinned: 184 ms on
 * one vCPU, 129 ms on the other, with the guest idle).
 */
export const MAX_SPEED_SPREAD = 1.2;

/**
 * Why a trial's times do not test a timing model that assumes CPUs of one
 * speed, or null: its threads did fixed amounts of work, and their CPU time
 * per unit of it shows the CPUs ran at unequal speeds. A thread on the slower
 * CPU finishes later while everything the claim says still happens, so the
 * statistics built on completion times drift. What ran, and how many at
 * once, does not depend on speed.
 * @param {number[]} rates  CPU ms per unit of work, one per thread that worked
 * @param {string} unit     the unit, as in 'a hash'
 * @param {number} [maxSpread]  the statistic's bound (spreadBound); MAX_SPEED_SPREAD where none is given
 * @returns {string | null}
 */
export function unequalSpeedReason(rates, unit, maxSpread) {
  const r = readRates(rates);
  if (r.length < 2) return null;
  const lo = Math.min(...r);
  const hi = Math.max(...r);
  if (hi / lo <= (maxSpread ?? MAX_SPEED_SPREAD)) return null;
  return `CPUs at unequal speeds: ${unit} took ${Math.round(lo)}–${Math.round(hi)} ms of CPU on different threads (×${round(hi / lo, 2)}; ${speedBoundText(maxSpread)})`;
}

/**
 * Why speeds beyond the bound void a value: the model's one speed (the
 * fixed MAX_SPEED_SPREAD), or the statistic's own bound (spreadBound).
 * @param {number | undefined} maxSpread
 */
function speedBoundText(maxSpread) {
  return maxSpread === undefined
    ? 'the model assumes one speed'
    : `beyond ×${round(maxSpread, 2)}, where the speeds alone could carry the value across the boundary`;
}

/**
 * The largest spread of the CPUs' speeds (the slowest thread's CPU per unit
 * of work over the fastest's) that cannot carry a split statistic's value
 * across its boundary: for a ratio of two runs' times, each run ending with
 * its slowest thread, speeds s apart move the value by at most ×s either way,
 * so the model's value (claim) stays on its side while s is below claim's
 * distance to the boundary (as a ratio), and each alternative's stays on the
 * other side while s is below its own. S2 on two or more cores (claim 2,
 * boundary 1.5, no speed-up 1): ×1.33; time(2C)/time(C) (1, 0.75, a linear
 * gain 0.5): ×1.33; time(C − 1)/time(C) on 4 cores (1.33, 1.17, 1): ×1.14.
 * A trial whose speeds read further apart says nothing either way (its
 * timing is void); one within the bound counts, on whichever side it reads.
 * @param {import('../verdict.js').TimingPlan} plan
 */
export function spreadBound(plan) {
  const { lo, hi } = region(plan);
  const apart = (/** @type {number} */ x, /** @type {number} */ y) => Math.max(x, y) / Math.min(x, y);
  const bounds = [];
  for (const b of [lo, hi].filter(Number.isFinite)) {
    bounds.push(apart(plan.claim, b));
    for (const alt of Object.values(plan.alternatives)) if (alt < b !== plan.claim < b) bounds.push(apart(alt, b));
  }
  return bounds.length ? Math.min(...bounds) : MAX_SPEED_SPREAD;
}

/**
 * A split trial's CPU time per calibrated task on each worker thread of each
 * run with at most C threads (each thread's iterations are its share of the
 * work), one list per run. Those threads each had a CPU of their own; more
 * threads than CPUs share them and switch, which mixes the CPUs' speeds and
 * adds switching costs to every thread.
 * @param {any} obs @param {number} iterationsPerTask @param {number} C
 * @returns {{ k: number, rates: number[] }[]}
 */
export function splitRates(obs, iterationsPerTask, C) {
  return (obs.runs ?? [])
    .filter((/** @type {any} */ r) => r.k <= C)
    .map((/** @type {any} */ r) => ({
      k: r.k,
      rates: r.threads.map((/** @type {any} */ t) => threadRate(t) * iterationsPerTask),
    }));
}

/**
 * A split thread's CPU per iteration: the dearer of its own reading of its
 * share and the main thread's of its whole run (honest threads read the
 * two within 1.001–1.038), so that work it does outside its own window
 * never reads it cheaper (split-lone-unread). NaN where its own reading is
 * missing.
 * @param {any} t
 */
function threadRate(t) {
  return Math.max(ratePerIteration(t, t.cpuMs), typeof t.runCpuMs === 'number' ? ratePerIteration(t, t.runCpuMs) : 0);
}

/** The rates that were read: a thread without a CPU reading gives NaN or null. @param {number[]} rates */
function readRates(rates) {
  return rates.filter((x) => Number.isFinite(x) && x > 0);
}

/** How far apart rates read: the dearest over the cheapest of those read (1 with fewer than two). @param {number[]} rates */
function spreadOf(rates) {
  const r = readRates(rates);
  return r.length < 2 ? 1 : Math.max(...r) / Math.min(...r);
}

/**
 * Drop a split trial's timing value where its threads' CPU per task read
 * more than `maxSpread` apart (the statistic's spreadBound; MAX_SPEED_SPREAD
 * where none is given), with the reason the readings give:
 * - the threads of one run read apart: they ran at once, each on a CPU of
 *   its own, so the CPUs ran at unequal speeds, and the run ended with the
 *   slowest (the widest such run names them);
 * - the threads of the split alike, but each dearer than the lone thread
 *   (or cheaper): the machine ran slower while two or more worked than while
 *   one did, as a host does that puts two vCPUs on one core's hyperthreads,
 *   or its speed changed between the runs (quiet, 6 of 159 trials read the
 *   split ×1.22–1.34 dearer, 1 ×1.22 cheaper), or the split's
 *   threads spent CPU without progress while they took turns (a spin lock's
 *   waiters read ×2). Their own CPU cannot tell these apart, and a
 *   profile's probe minutes earlier cannot vouch for the pairing during the
 *   trial, so the trial's timing says nothing either way (BENCHMARKS.md §30).
 * Only the runs the statistic times are read (`timed`): on a host of
 * hyperthread pairs, a run of 3 threads on 4 vCPUs puts two on one core,
 * which says nothing about S2's runs of 1 and 2.
 * @param {any} obs
 * @param {{ iterations: number, C: number, timed?: number[], maxSpread?: number }} o  iterations per calibrated task; cores; the thread
 *   counts the statistic times (default: every run)
 * @param {import('../verdict.js').Check} check
 */
export function voidIfUnequalSplitSpeeds(obs, { iterations, C, timed, maxSpread }, check) {
  const bound = maxSpread ?? MAX_SPEED_SPREAD;
  const runs = splitRates(obs, iterations, C).filter((r) => !timed || timed.includes(r.k));
  const together = runs.filter((r) => r.k >= 2);
  const widest = together.reduce(
    (/** @type {number[] | null} */ a, r) => (a === null || spreadOf(r.rates) > spreadOf(a) ? r.rates : a),
    null,
  );
  const apart = widest && unequalSpeedReason(widest, 'a task', maxSpread);
  if (apart) return voidTiming(check, apart);
  const alone = readRates(runs.filter((r) => r.k === 1).flatMap((r) => r.rates));
  const split = readRates(together.flatMap((r) => r.rates));
  if (spreadOf([...alone, ...split]) <= bound) return check;
  if (!alone.length || !split.length)
    return voidTiming(check, unequalSpeedReason([...alone, ...split], 'a task', maxSpread));
  const range = (/** @type {number[]} */ xs) => {
    const [lo, hi] = [Math.round(Math.min(...xs)), Math.round(Math.max(...xs))];
    return lo === hi ? `${lo}` : `${lo}–${hi}`;
  };
  return voidTiming(
    check,
    `CPUs at unequal speeds: a task took ${range(alone)} ms of CPU on the lone thread and ${range(split)} ms on each thread of the split (×${round(spreadOf([...alone, ...split]), 2)}: a host that slows its vCPUs while two work, or CPU spent without progress; ${speedBoundText(maxSpread)})`,
  );
}
