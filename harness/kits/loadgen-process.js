// @ts-check
// The load generator process: runs under the host Node (it is not what is
// under test), drives a loopback server with undici in a closed loop, and
// reports one result over IPC with the fixtures' protocol. Options: JSON in
// argv[2] (see LoadOptions in ./loadgen.js). It stops by itself at its
// request and time bounds and exits if the harness goes away.
//
// Cheapest undici path measured here (CPU µs per request, medians of 8
// interleaved 1 s runs against the http-server fixture, pinned apart):
// one undici Client per connection driven with dispatch() and a handler
// object ~24, against ~40 for one Pool of N connections with dispatch()
// and more again for pool.request(), which builds a body stream and a
// promise per request (~65% of autocannon's throughput in the measurement
// notes); autocannon itself ~19. The handler API (new or legacy hooks)
// made no measurable difference. bench/loadgen-vs-autocannon.js re-checks.
import { createRequire } from 'node:module';
import { Client, Pool } from 'undici';
import { normalizeLoad, latencySummary } from './loadgen.js';

const require = createRequire(import.meta.url);
/**
 * @type {{ done: (d: any) => void, fail: (e: any) => void, options: () => any, ready: (d: any) => void,
 *   message: (d: any) => void, onStop: (fn: () => void) => void }}
 */
const report = require('../../fixtures/lib/report.cjs'); // also: exit when the IPC channel closes
/** @type {{ cpuNs: (tid: number) => number }} */
const proc = require('../../fixtures/lib/proc.cjs');

// undici builds an Error per closed socket (InformationalError 'reset'):
// with keep-alive off, capturing its stack cost ~6% of the generator's CPU.
// Errors are reported by code only, so no stacks are needed here.
Error.stackTraceLimit = 0;

const now = () => process.hrtime.bigint();
/** @param {bigint} t0 @param {bigint} t1 */
const ms = (t0, t1) => Number(t1 - t0) / 1e6;
const round = (/** @type {number} */ x, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

/** @typedef {(err: any, status: number, latencyMs: number) => void} Done */

/** One exchange (undici 7 handler API); calls back exactly once. */
class Exchange {
  /** @param {bigint} start @param {Done} cb */
  constructor(start, cb) {
    this.start = start;
    this.cb = cb;
    this.status = 0;
    this.settled = false;
  }
  onRequestStart() {}
  /** @param {unknown} _c @param {number} status */
  onResponseStart(_c, status) {
    this.status = status;
  }
  onResponseData() {}
  onResponseEnd() {
    if (this.settled) return;
    this.settled = true;
    this.cb(null, this.status, ms(this.start, now()));
  }
  /** @param {unknown} _c @param {any} err */
  onResponseError(_c, err) {
    if (this.settled) return;
    this.settled = true;
    this.cb(err, 0, 0);
  }
}

/** @param {any} err */
const code = (err) => String(err?.code ?? err?.name ?? 'Error');

/**
 * Closed loop: `perClient` requests in flight on each client; each
 * completion sends the next on the same client until `limit` are sent or
 * `deadline` passes, then waits for those in flight.
 * @param {{ clients: Client[], perClient: number, opts: object, limit: number, deadline: bigint, onResult: Done }} o
 * @returns {Promise<'requests' | 'duration'>}
 */
function closedLoop({ clients, perClient, opts, limit, deadline, onResult }) {
  let sent = 0;
  let inflight = 0;
  /** @type {'requests' | 'duration' | null} */
  let stoppedBy = null;
  return new Promise((resolve) => {
    const next = (/** @type {Client} */ client) => {
      const t = now();
      if (!stoppedBy && sent >= limit) stoppedBy = 'requests';
      if (!stoppedBy && t >= deadline) stoppedBy = 'duration';
      if (stoppedBy) return void (inflight === 0 && resolve(stoppedBy));
      sent++;
      inflight++;
      client.dispatch(
        /** @type {any} */ (opts),
        new Exchange(t, (err, status, latency) => {
          inflight--;
          onResult(err, status, latency);
          if (err)
            setImmediate(next, client); // an error may come synchronously: never recurse
          else next(client);
        }),
      );
    };
    for (let i = 0; i < perClient; i++) for (const client of clients) next(client);
  });
}

/** A growable Float64Array of latencies. */
function samples() {
  let a = new Float64Array(4096);
  let n = 0;
  return {
    push(/** @type {number} */ x) {
      if (n === a.length) {
        const b = new Float64Array(a.length * 2);
        b.set(a);
        a = b;
      }
      a[n++] = x;
    },
    sorted: () => a.subarray(0, n).sort(),
  };
}

/**
 * One bounded load; resolves with what it measured.
 * @param {ReturnType<typeof normalizeLoad>} o
 */
async function load(o) {
  const began = now();
  const deadline = began + BigInt(Math.round(o.durationMs * 1e6));
  // One Client per connection (cheaper than a Pool, and every connection gets its share).
  const clients = Array.from({ length: o.connections }, () => new Client(o.origin, { pipelining: o.pipelining }));
  const extraPool = new Pool(o.origin, { pipelining: 1 }); // own connections: extras never queue behind the load
  // Keep-alive off: reset makes undici send 'connection: close' and drop the
  // socket after the response, so each request opens a new connection.
  // Pipelining: undici never pipelines a blocking (GET) request.
  const opts = { path: o.path, method: 'GET', reset: !o.keepAlive, blocking: o.pipelining === 1 };
  // Hard bound: past deadline + drainMs, whatever is in flight is torn down (errors UND_ERR_DESTROYED).
  const destroyAll = () => Promise.all([...clients, extraPool].map((d) => d.destroy().catch(() => {})));
  const hard = setTimeout(destroyAll, o.durationMs + o.drainMs);
  const loop = { clients, perClient: o.pipelining, opts, deadline };

  const warm = { requests: 0, errors: 0 };
  if (o.warmup > 0) {
    await closedLoop({ ...loop, limit: o.warmup, onResult: (err) => (warm.requests++, err && warm.errors++) });
  }

  /** @type {Record<string, number>} */ const errors = {};
  /** @type {Record<string, number>} */ const statusCodes = {};
  const lat = samples();
  let answered = 0;
  let sent = 0;
  const t0 = now();
  const cpu0 = process.cpuUsage();
  const main0 = proc.cpuNs(process.pid); // the main thread alone (Linux; NaN elsewhere)
  const extra = o.extra.map((e) => fireExtra(extraPool, { ...e, opts, t0, deadline }));
  const stoppedBy = await closedLoop({
    ...loop,
    limit: o.requests,
    onResult(err, status, latency) {
      sent++;
      if (err) return void (errors[code(err)] = (errors[code(err)] ?? 0) + 1);
      answered++;
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
      lat.push(latency);
    },
  });
  const cpu = process.cpuUsage(cpu0);
  const mainMs = (proc.cpuNs(process.pid) - main0) / 1e6;
  const windowMs = ms(t0, now());
  const extras = await Promise.all(extra);
  clearTimeout(hard);
  await destroyAll();
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return {
    requests: answered,
    sent,
    errors,
    statusCodes,
    durationMs: round(windowMs),
    throughput: windowMs > 0 ? round((answered / windowMs) * 1000, 1) : 0,
    latency: latencySummary(lat.sorted()),
    extra: extras,
    cpu: {
      userMs: round(cpu.user / 1000),
      systemMs: round(cpu.system / 1000),
      fraction: windowMs > 0 ? round(cpuMs / windowMs, 4) : 0, // whole process: JIT and GC threads too
      mainMs: Number.isFinite(mainMs) ? round(mainMs) : null,
      mainFraction: Number.isFinite(mainMs) && windowMs > 0 ? round(mainMs / windowMs, 4) : null, // the event loop's own thread
    },
    connections: o.connections,
    pipelining: o.pipelining,
    keepAlive: o.keepAlive,
    warmup: warm,
    stoppedBy,
  };
}

/**
 * One extra request at atMs after the measured start (if that is before the deadline).
 * @param {Pool} pool
 * @param {{ path: string, atMs: number, opts: object, t0: bigint, deadline: bigint }} o
 * @returns {Promise<{ path: string, atMs: number, firedAtMs?: number, latencyMs: number | null, status?: number, error?: string }>}
 */
function fireExtra(pool, { path, atMs, opts, t0, deadline }) {
  if (t0 + BigInt(Math.round(atMs * 1e6)) >= deadline)
    return Promise.resolve({ path, atMs, latencyMs: null, error: 'NOT_FIRED_PAST_DEADLINE' });
  return new Promise((resolve) => {
    setTimeout(() => {
      const start = now();
      const firedAtMs = round(ms(t0, start));
      pool.dispatch(
        /** @type {any} */ ({ ...opts, path, blocking: true }),
        new Exchange(start, (err, status, latency) => {
          resolve(
            err
              ? { path, atMs, firedAtMs, latencyMs: null, error: code(err) }
              : { path, atMs, firedAtMs, latencyMs: round(latency), status },
          );
        }),
      );
    }, atMs);
  });
}

/**
 * One load (options in argv[2]) and exit; or, with `session: true`, a
 * generator that stays up for a block's several loads (sparing each one the
 * start-up and undici's import): 'ready', then one reply per
 * { type: 'load', id, load } message, until the harness stops it.
 */
async function main() {
  const raw = report.options();
  if (!raw.session) return report.done(await load(normalizeLoad(raw)));
  process.on('message', (/** @type {any} */ m) => {
    if (m?.type !== 'load') return;
    Promise.resolve()
      .then(() => load(normalizeLoad(m.load)))
      .then(
        (data) => report.message({ id: m.id, data }),
        (err) => report.message({ id: m.id, error: String(err?.message ?? err) }),
      );
  });
  report.onStop(() => report.done({ session: true }));
  report.ready({ session: true });
}

main().catch((err) => report.fail(err));
