// @ts-check
// The load generator, host side: validates a load description, runs the
// generator (harness/kits/loadgen-process.js: raw TCP sockets and pre-built
// requests, under the host Node) in its own process, pinned away from the
// server where there are CPUs to spare, and returns what it measured. Also the pure helpers both sides share.
import { fileURLToPath } from 'node:url';
import { round as roundTo } from '../stats.js';

/** The generator process. */
export const GENERATOR = fileURLToPath(new URL('./loadgen-process.js', import.meta.url));

/** Grace the harness gives the generator past its own durationMs bound (start-up, drain, report). */
export const GRACE_MS = 15_000;

/**
 * @typedef {object} LoadOptions
 * @property {string} origin             'http://127.0.0.1:PORT' or 'http://[::1]:PORT' (loopback only)
 * @property {string} [path]             default '/light'; '/' then visible ASCII (no spaces)
 * @property {number} [connections]      default 1
 * @property {number} [pipelining]       default 1 (forced to 1 when keepAlive is false)
 * @property {boolean} [keepAlive]       default true; false: a new connection per request
 * @property {number} requests           most measured requests to send (required bound)
 * @property {number} durationMs         most wall time, warm-up included (required bound)
 * @property {number} [warmup]           requests sent first and not measured, default 0
 * @property {number} [warmupMs]         the warm-up's own time bound; when given, durationMs is the
 *                                       measured window alone, which starts when the warm-up ends
 *                                       (a slow warm-up never shortens it); when absent, durationMs
 *                                       bounds warm-up and measured window together
 * @property {ExtraRequest[]} [extra]  one-off requests at times after the measured start
 * @property {number} [drainMs]          how long to wait for in-flight requests past the bound, default 5000
 * @property {boolean} [samples]         also return every answered request's latency (`latencySamples`,
 *                                       ms ascending): what merging several generators' results needs
 *
 * @typedef {object} ExtraRequest
 * @property {string} path
 * @property {number} atMs               when it goes out, after the measured start
 * @property {ExtraMethod} [method]      default GET; POST, PUT and PATCH carry a small JSON body
 * @property {[string, string][]} [headers]  header fields sent after Host (and Connection), as given:
 *                                       a name (an RFC 9110 token) and a value of visible ASCII and spaces
 * @property {number} [primeAtMs]        when given (before atMs): its connection opens then and carries
 *                                       a GET /light first (kept alive), the request goes on it at atMs
 *                                       (a reused connection); without it, a new connection at atMs
 *
 * @typedef {'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'OPTIONS' | 'DELETE'} ExtraMethod
 *
 * @typedef {{ mean: number, p50: number, p90: number, p99: number, max: number, min: number }} Latency
 *
 * @typedef {object} LoadResult
 * @property {number} requests           measured requests answered (any status)
 * @property {number} sent               measured requests sent
 * @property {Record<string, number>} errors       by error code
 * @property {Record<string, number>} statusCodes  by HTTP status
 * @property {number} durationMs         measured window: measured start to the last main-loop completion
 * @property {number} throughput         requests / measured window, per second
 * @property {Latency | null} latency    ms, µs resolution; null when nothing was answered
 * @property {{ path: string, atMs: number, method?: ExtraMethod, headers?: [string, string][], primeAtMs?: number, firedMono?: number, latencyMs: number | null, status?: number, error?: string }[]} extra
 *   the one-off requests; firedMono: when each went out, on the monotonic clock every process
 *   reads alike (ms)
 * @property {{ userMs: number, systemMs: number, fraction: number, mainMs: number | null, mainFraction: number | null }} cpu
 *   the generator's CPU over the measured window: the whole process (fraction = cpu / wall, JIT and GC
 *   threads included, so it can pass 1) and its main thread alone (Linux /proc; null elsewhere)
 * @property {number} connections
 * @property {number} pipelining         effective
 * @property {boolean} keepAlive
 * @property {{ requests: number, errors?: number }} warmup
 * @property {'requests' | 'duration'} stoppedBy  which bound ended the main loop
 * @property {number[]} [latencySamples] with `samples: true`: each answered request's latency, ms ascending
 * @property {number} [generators]      merged from this many generator processes (startLoadSessions)
 */

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;
/** A request target the generator can write as is: '/' then visible ASCII (RFC 9112 origin-form). */
const PATH = /^\/[\x21-\x7e]*$/;
/** The methods an extra request may use. */
export const EXTRA_METHODS = /** @type {const} */ (['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'OPTIONS', 'DELETE']);
/** The methods that carry a body (a small JSON one). */
export const BODY_METHODS = /** @type {readonly string[]} */ (['POST', 'PUT', 'PATCH']);
/** A header field's name (RFC 9110 token) and value (visible ASCII and inner spaces; no CR, LF). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_VALUE = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/;
/** Fields the generator writes itself. */
const OWN_HEADERS = ['host', 'connection', 'content-length', 'content-type', 'transfer-encoding'];

/**
 * Is `h` a list of header fields an extra request may carry? @param {unknown} h
 */
export function validHeaders(h) {
  return (
    Array.isArray(h) &&
    h.length <= 20 &&
    h.every(
      (f) =>
        Array.isArray(f) &&
        f.length === 2 &&
        typeof f[0] === 'string' &&
        typeof f[1] === 'string' &&
        HEADER_NAME.test(f[0]) &&
        HEADER_VALUE.test(f[1]) &&
        !OWN_HEADERS.includes(f[0].toLowerCase()),
    )
  );
}

/**
 * Check a load description and fill in defaults. Throws on bad input.
 * @param {LoadOptions} o
 * @returns {Omit<Required<LoadOptions>, 'warmupMs'> & { warmupMs: number | null }}
 */
export function normalizeLoad(o) {
  const url = new URL(o?.origin ?? '');
  if (url.protocol !== 'http:' || !LOOPBACK.test(url.hostname))
    throw new RangeError(`origin must be http:// on 127.0.0.1 or [::1], not ${o.origin}`);
  const int = (
    /** @type {string} */ name,
    /** @type {unknown} */ v,
    /** @type {number} */ min,
    /** @type {number} */ max,
  ) => {
    if (!Number.isInteger(v) || /** @type {number} */ (v) < min || /** @type {number} */ (v) > max)
      throw new RangeError(`${name} must be an integer in ${min}..${max}, not ${v}`);
    return /** @type {number} */ (v);
  };
  const path = o.path ?? '/light';
  if (typeof path !== 'string' || !PATH.test(path))
    throw new RangeError(`path must be '/' then visible ASCII, not ${JSON.stringify(path)}`);
  if (!(Number.isFinite(o.durationMs) && o.durationMs > 0 && o.durationMs <= 600_000))
    throw new RangeError(`durationMs must be in (0, 600000], not ${o.durationMs}`);
  const extra = o.extra ?? [];
  if (!Array.isArray(extra) || extra.length > 100)
    throw new RangeError('extra must be an array of at most 100 { path, atMs }');
  for (const e of extra) {
    if (
      typeof e?.path !== 'string' ||
      !PATH.test(e.path) ||
      !(Number.isFinite(e.atMs) && e.atMs >= 0) ||
      (e.method !== undefined && !EXTRA_METHODS.includes(e.method)) ||
      (e.headers !== undefined && !validHeaders(e.headers)) ||
      (e.primeAtMs !== undefined && !(Number.isFinite(e.primeAtMs) && e.primeAtMs >= 0 && e.primeAtMs < e.atMs))
    )
      throw new RangeError(`bad extra request ${JSON.stringify(e)}`);
  }
  const keepAlive = o.keepAlive ?? true;
  if (typeof keepAlive !== 'boolean') throw new RangeError('keepAlive must be a boolean');
  return {
    origin: url.origin,
    path,
    connections: int('connections', o.connections ?? 1, 1, 1000),
    pipelining: keepAlive ? int('pipelining', o.pipelining ?? 1, 1, 100) : 1,
    keepAlive,
    requests: int('requests', o.requests, 1, 1e12),
    durationMs: o.durationMs,
    warmup: int('warmup', o.warmup ?? 0, 0, 1e9),
    warmupMs: o.warmupMs === undefined || o.warmupMs === null ? null : int('warmupMs', o.warmupMs, 0, 600_000),
    extra: extra.map((e) => ({
      path: e.path,
      atMs: e.atMs,
      ...(e.method !== undefined && { method: e.method }),
      ...(e.headers !== undefined && { headers: e.headers.map(([n, v]) => [n, v]) }),
      ...(e.primeAtMs !== undefined && { primeAtMs: e.primeAtMs }),
    })),
    drainMs: int('drainMs', o.drainMs ?? 5000, 0, 10_000),
    samples: o.samples === true,
  };
}

/**
 * Latency summary of ascending-sorted samples (nearest-rank percentiles, so
 * min ≤ p50 ≤ p90 ≤ p99 ≤ max always holds). Values rounded to 1 µs.
 * @param {ArrayLike<number>} sorted  ms, ascending
 * @returns {Latency | null}
 */
export function latencySummary(sorted) {
  const n = sorted.length;
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i];
  const at = (/** @type {number} */ p) => sorted[Math.min(n - 1, Math.max(0, Math.ceil(p * n) - 1))];
  const us = (/** @type {number} */ x) => Math.round(x * 1000) / 1000;
  return {
    mean: us(sum / n),
    p50: us(at(0.5)),
    p90: us(at(0.9)),
    p99: us(at(0.99)),
    max: us(sorted[n - 1]),
    min: us(sorted[0]),
  };
}

/**
 * Run one load against a loopback server and return what the generator measured.
 * `cpus`: the generator's CPU list (see splitCpus); null or absent: the
 * context's default (the --cpus list if any, shared with the server).
 * @param {{ start: Function }} ctx   a harness context (only ctx.start is used)
 * @param {LoadOptions & { cpus?: number[] | null }} o
 * @returns {Promise<LoadResult>}
 */
export async function runLoad(ctx, { cpus, ...load }) {
  const options = normalizeLoad(load);
  const handle = ctx.start(GENERATOR, {
    host: true,
    cpus: cpus ?? undefined,
    options,
    timeoutMs: (options.warmupMs ?? 0) + options.durationMs + GRACE_MS,
  });
  const { data } = await handle.result;
  return data;
}

/** How long a stopped generator or server may take to exit before its process group is killed. */
export const STOP_GRACE_MS = 5000;

/**
 * How long a generator or server kept for a claim's blocks may take to say
 * ready: the bound a server started for one block had for its whole life.
 */
export const READY_MS = 20_000;

/** A session generator's bound, where its caller gives none: far above any block's loads. */
export const SESSION_MS = 180_000;

/**
 * A generator process that stays up for several loads (every block of a
 * throughput claim): `run(load)` as runLoad, without a process start each
 * time. Loads run one at a time, in call order. `lifeMs` bounds its life.
 * @param {import('../context.js').Context} ctx
 * @param {{ cpus?: number[] | null, lifeMs?: number }} [o]
 */
export async function startLoadSession(ctx, { cpus, lifeMs = SESSION_MS } = {}) {
  /** @type {Map<number, { resolve: (v: any) => void, reject: (e: Error) => void }>} */
  const pending = new Map();
  let next = 0;
  const handle = ctx.start(GENERATOR, {
    host: true,
    cpus: cpus ?? undefined,
    options: { session: true },
    timeoutMs: lifeMs,
    readyMs: READY_MS,
    onMessage: (m) => {
      const p = pending.get(m?.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error) p.reject(new Error(`load generator: ${m.error}`));
      else p.resolve(m.data);
    },
  });
  handle.result.then(
    () => pending.forEach((p) => p.reject(new Error('load generator stopped'))),
    (err) => pending.forEach((p) => p.reject(err)),
  );
  await handle.ready;
  return {
    /** @param {LoadOptions} load */
    async run(load) {
      const options = normalizeLoad(load);
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        handle.send({ type: 'load', id, load: options });
      });
    },
    stop: () =>
      handle
        .stop(STOP_GRACE_MS)
        .then(() => {})
        .catch(() => {}),
    running: handle.running,
    /** the generator's process id (its CPU, read by the harness from /proc) */
    pid: handle.pid,
  };
}

/**
 * Several generator processes driven as one (a session each): every load is
 * split among them (connections, requests and warm-up, each process at
 * least one connection) and run by all at once, and their results merge into
 * one (mergeLoads). One generator process cannot use more than one core;
 * a server with more cores than that can take needs several.
 * @param {import('../context.js').Context} ctx
 * @param {{ cpus?: number[] | null, processes?: number, lifeMs?: number }} [o]
 */
export async function startLoadSessions(ctx, { cpus, processes = 1, lifeMs } = {}) {
  const started = await Promise.allSettled(
    Array.from({ length: Math.max(1, processes) }, () => startLoadSession(ctx, { cpus, lifeMs })),
  );
  const sessions = started.flatMap((x) => (x.status === 'fulfilled' ? [x.value] : []));
  const failed = started.find((x) => x.status === 'rejected');
  if (failed) {
    await Promise.all(sessions.map((x) => x.stop()));
    throw /** @type {PromiseRejectedResult} */ (failed).reason;
  }
  if (sessions.length === 1) return { ...sessions[0], pids: [sessions[0].pid] };
  return {
    /** @param {LoadOptions} load */
    async run(load) {
      const parts = splitLoad(load, sessions.length);
      return mergeLoads(await Promise.all(parts.map((part, i) => sessions[i].run({ ...part, samples: true }))));
    },
    stop: () => Promise.all(sessions.map((x) => x.stop())).then(() => {}),
    running: () => sessions.every((x) => x.running()),
    pid: sessions[0].pid,
    /** every generator process's id */
    pids: sessions.map((x) => x.pid),
  };
}

/**
 * One load cut into n shares, one per generator process: connections,
 * requests and warm-up divided as evenly as whole numbers allow (the first
 * shares take the remainders), each share at least one connection and one
 * request; the bounds in time are each share's whole.
 * @param {LoadOptions} load @param {number} n
 * @returns {LoadOptions[]}
 */
export function splitLoad(load, n) {
  const k = Math.max(1, Math.min(n, load.connections ?? 1));
  const share = (/** @type {number} */ total, /** @type {number} */ i, min = 0) =>
    Math.max(min, Math.floor(total / k) + (i < total % k ? 1 : 0));
  return Array.from({ length: k }, (_, i) => ({
    ...load,
    connections: share(load.connections ?? 1, i, 1),
    requests: share(load.requests, i, 1),
    ...(load.warmup ? { warmup: share(load.warmup, i) } : {}),
    // extra requests are fired by the first share only
    ...(i > 0 ? { extra: [] } : {}),
  }));
}

/**
 * Several generators' results of one load as one: counts add up, the rate
 * is the sum of the rates, latencies are summarized over every answered
 * request (each result's `latencySamples`), the CPU adds up while `fraction`
 * is the busiest process's (what says whether a generator was the limit).
 * @param {LoadResult[]} results
 * @returns {LoadResult}
 */
export function mergeLoads(results) {
  if (results.length === 1) return results[0];
  /** @param {Record<string, number>[]} maps */
  const add = (maps) => {
    /** @type {Record<string, number>} */
    const out = {};
    for (const m of maps) for (const [k, v] of Object.entries(m ?? {})) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  const sum = (/** @type {(r: LoadResult) => number} */ f) => results.reduce((a, r) => a + f(r), 0);
  const mains = results.map((r) => r.cpu.mainMs);
  const fractions = results.map((r) => r.cpu.mainFraction);
  const all = results.flatMap((r) => r.latencySamples ?? []).sort((a, b) => a - b);
  const round = (/** @type {number} */ x) => Math.round(x * 100) / 100;
  return {
    ...results[0],
    requests: sum((r) => r.requests),
    sent: sum((r) => r.sent),
    errors: add(results.map((r) => r.errors)),
    statusCodes: add(results.map((r) => r.statusCodes)),
    durationMs: Math.max(...results.map((r) => r.durationMs)),
    throughput: round(sum((r) => r.throughput)),
    latency: latencySummary(all),
    extra: results.flatMap((r) => r.extra ?? []),
    cpu: {
      userMs: round(sum((r) => r.cpu.userMs)),
      systemMs: round(sum((r) => r.cpu.systemMs)),
      fraction: Math.max(...results.map((r) => r.cpu.fraction)),
      mainMs: mains.every((x) => typeof x === 'number')
        ? round(sum((r) => /** @type {number} */ (r.cpu.mainMs)))
        : null,
      mainFraction: fractions.every((x) => typeof x === 'number')
        ? Math.max(.../** @type {number[]} */ (fractions))
        : null,
    },
    connections: sum((r) => r.connections),
    warmup: { requests: sum((r) => r.warmup?.requests ?? 0), errors: sum((r) => r.warmup?.errors ?? 0) },
    stoppedBy: results.every((r) => r.stoppedBy === 'requests') ? 'requests' : 'duration',
    latencySamples: undefined,
    generators: results.length,
  };
}

/**
 * Where the server and the generator run. With two or more usable CPUs the
 * generator gets the last one and the server the rest, so the generator's
 * CPU does not come out of the server's; with one (or an unknown set) they
 * share, and null means "the context's default CPUs" for both.
 * @param {{ usable?: number[] | null }} ctx
 * @returns {{ server: number[] | null, generator: number[] | null, shared: boolean, note: string }}
 */
export function splitCpus(ctx) {
  const usable = Array.isArray(ctx?.usable) ? ctx.usable : null;
  if (usable && usable.length >= 2) {
    const generator = usable.slice(-1);
    const server = usable.slice(0, -1);
    return {
      server,
      generator,
      shared: false,
      note: `server on CPU ${server.join(',')}, load generator on CPU ${generator[0]}`,
    };
  }
  const why = usable ? `only CPU ${usable.join(',')} is usable` : 'the usable CPUs are unknown';
  return {
    server: null,
    generator: null,
    shared: true,
    note: `${why}: server and load generator share the CPUs, so throughput is bounded by both`,
  };
}

/**
 * Was the generator itself the bottleneck? True when its CPU time over the
 * measured window reached cpuFraction of one core. The generator is one
 * event loop and cannot use much more than one core, so near 1.0 it could
 * not have sent faster whatever the server did; 0.9 leaves room for the
 * idle gaps a saturated loop still shows (timer and I/O polling). Uses the
 * whole process's CPU, not the main thread's alone: pinned to one CPU, the
 * JIT and GC threads take their time from the loop's thread, and the larger
 * figure errs toward 'inconclusive' rather than a wrong verdict.
 * Specs then report 'inconclusive: generator CPU-bound'.
 * @param {{ cpu?: { fraction?: number } } | null | undefined} load  a LoadResult
 * @param {{ cpuFraction?: number }} [o]
 */
export function generatorBound(load, { cpuFraction = 0.9 } = {}) {
  const f = load?.cpu?.fraction;
  return typeof f === 'number' && Number.isFinite(f) && f >= cpuFraction;
}

/**
 * A wait up to this long counts as an answer at once (lightsWhile's
 * stalledMs): source 003's non-blocking server answered in 0.02 ms on
 * average and 12 ms at most; here an honest server's longest wait while a
 * worker computes was 13–25 ms, its median 0.5–1 ms.
 */
export const STALL_MS = 10;

/**
 * The main load's answered requests sent while an extra request was out
 * (`lightsDuring`), and in as long a stretch just before it was fired
 * (`lightsBefore`): how many, their median and longest wait, and their
 * waits beyond STALL_MS summed (`stalledMs`), all in ms; and how many
 * answers of any request came back in the middle half of the extra
 * request's time (`lightsDuring.answeredMid`). Where the server
 * keeps answering at once, `during` waits as `before` does; where it holds
 * its answers while the extra request's work runs, they wait for it.
 * @param {{ starts: number[], latencies: number[] }} answers  ms since the measured start
 * @param {{ firedAtMs?: number, latencyMs: number | null }} extra
 */
export function lightsWhile(answers, extra) {
  if (extra.firedAtMs === undefined || extra.latencyMs === null) return {};
  const from = extra.firedAtMs;
  const to = from + extra.latencyMs;
  /** @type {(a: number, b: number) => { n: number, p50: number | null, max: number | null, stalledMs: number }} */
  const within = (a, b) => {
    const waits = answers.latencies
      .filter((_, i) => answers.starts[i] >= a && answers.starts[i] < b)
      .sort((x, y) => x - y);
    const stalledMs = roundTo(waits.reduce((sum, w) => sum + Math.max(0, w - STALL_MS), 0));
    return waits.length
      ? {
          n: waits.length,
          p50: roundTo(waits[Math.floor((waits.length - 1) / 2)]),
          max: roundTo(waits[waits.length - 1]),
          stalledMs,
        }
      : { n: 0, p50: null, max: null, stalledMs };
  };
  // Answers that came back in the middle half of the extra request's time, whenever they were sent:
  // a server whose loop is blocked there sends none (one per connection, at most, read late by a
  // generator kept from its CPU).
  const midFrom = from + extra.latencyMs / 4;
  const midTo = to - extra.latencyMs / 4;
  const answeredMid = answers.starts.filter((s, i) => {
    const end = s + answers.latencies[i];
    return end >= midFrom && end < midTo;
  }).length;
  return { lightsDuring: { ...within(from, to), answeredMid }, lightsBefore: within(from - extra.latencyMs, from) };
}
