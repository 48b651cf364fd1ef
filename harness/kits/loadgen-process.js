// @ts-check
// The load generator process: runs under the host Node (it is not what is
// under test), drives a loopback server in a closed loop over raw TCP
// sockets, and reports one result over IPC with the fixtures' protocol.
// Options: JSON in argv[2] (see LoadOptions in ./loadgen.js). It stops by
// itself at its request and time bounds and exits if the harness goes away.
//
// How, and why so: the way autocannon reaches its figures, with less per
// request. Each connection is a net socket (no delay); each request is one
// pre-built Buffer per (path, keep-alive) written as is (n pipelined requests:
// one write of n copies); responses are read into one shared buffer
// (socket `onread`: no Buffer and no stream 'data' event per read) and
// counted by a small parser (./http-parse.js) that keeps no headers and no
// body. Keep-alive on: `pipelining` requests in flight per connection, each
// answer sends the next. Keep-alive off: one connection per request
// (`Connection: close`, as source 004's loadtest sends), destroyed as soon as
// its response is complete, then the next is opened. Extra one-off requests
// go on connections of their own, never behind the load.
//
// Measured with bench/loadgen-vs-autocannon.js --rounds 6 (http-server
// fixture on CPU 0, generators on CPU 1, 10 connections, 1 s rounds,
// interleaved; 2026-11-23, a 2-core VM shared with other runs; BENCHMARKS.md
// §4): ours/autocannon throughput 1.16 with keep-alive and 1.30 without, CPU
// per request 0.75 and 0.65 (medians). The undici Client + dispatch()
// generator this replaces was 0.85 and 0.58, CPU 1.27 and 1.83. With
// keep-alive the server's CPU is the limit for both tools; the generator
// then uses about half a core. In a CPU profile its own JavaScript (loop and
// parser) is a small share: most of its time is the write and read system
// calls, one each per request.
//
// Errors are counted by code: the socket's (ECONNREFUSED, ECONNRESET, …),
// the parser's (EPARSE_*), ECLOSED (the server closed inside a response) and
// ETIMEDOUT (still in flight at the hard bound, durationMs + drainMs).
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { ResponseParser } from './http-parse.js';
import { normalizeLoad, latencySummary, lightsWhile, BODY_METHODS } from './loadgen.js';

const require = createRequire(import.meta.url);
/**
 * @type {{ done: (d: any) => void, fail: (e: any) => void, options: () => any, ready: (d: any) => void,
 *   message: (d: any) => void, onStop: (fn: () => void) => void }}
 */
const report = require('../../fixtures/lib/report.cjs'); // also: exit when the IPC channel closes
/** @type {{ cpuNs: (tid: number) => number }} */
const proc = require('../../fixtures/lib/proc.cjs');
/** @type {{ monoAt: (perfMs: number) => number }} */
const { monoAt } = require('../../fixtures/lib/mono-clock.cjs');

// Errors are reported by code only: no stacks needed (a refused or reset socket builds one each).
Error.stackTraceLimit = 0;

/** ms on the monotonic clock (uv_hrtime, as process.hrtime), as a double. */
const now = () => performance.now();
const round = (/** @type {number} */ x, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

/** Where the reads of every socket land: each read is parsed at once, and the parser copies what it keeps. */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

/** @typedef {(err: string | null, status: number, latencyMs: number) => void} Done */

/**
 * One closed loop's bounds and counts, shared by its connections: take() a
 * request before sending it, settle() it once when it ends. `done` resolves
 * when a bound is reached and nothing is in flight.
 */
class Bound {
  /** @param {number} limit @param {number} deadline  performance.now() ms @param {Done} onResult */
  constructor(limit, deadline, onResult) {
    this.limit = limit;
    this.deadline = deadline;
    this.onResult = onResult;
    this.sent = 0;
    this.inflight = 0;
    /** @type {'requests' | 'duration' | null} */
    this.stoppedBy = null;
    /** @type {(v: 'requests' | 'duration') => void} */
    this.resolve = () => {};
    /** @type {Promise<'requests' | 'duration'>} */
    this.done = new Promise((resolve) => (this.resolve = resolve));
  }

  /** May one more request go at time t? Counts it as sent and in flight if so. @param {number} t */
  take(t) {
    if (this.stoppedBy === null) {
      if (this.sent < this.limit && t < this.deadline) {
        this.sent++;
        this.inflight++;
        return true;
      }
      this.stoppedBy = this.sent >= this.limit ? 'requests' : 'duration';
    }
    if (this.inflight === 0) this.resolve(this.stoppedBy);
    return false;
  }

  /** Stop sending (the hard bound): done once nothing is in flight. */
  stop() {
    if (this.stoppedBy === null) this.stoppedBy = this.sent >= this.limit ? 'requests' : 'duration';
    if (this.inflight === 0) this.resolve(this.stoppedBy);
  }

  /** One request ended. @param {string | null} err @param {number} status @param {number} latencyMs */
  settle(err, status, latencyMs) {
    this.inflight--;
    this.onResult(err, status, latencyMs);
    if (this.stoppedBy !== null && this.inflight === 0) this.resolve(this.stoppedBy);
  }
}

/** @param {any} err */
const code = (err) => String(err?.code ?? err?.name ?? 'Error');

/** A POST extra request's body: small, JSON, its bytes drawn per request. */
const postBody = () => JSON.stringify({ ncs: randomBytes(8).toString('hex') });

/**
 * What every connection of one load shares: where to connect and the bytes to send.
 * @param {string} origin @param {string} path @param {boolean} keepAlive
 * @param {import('./loadgen.js').ExtraMethod} [method]  default GET; POST, PUT and PATCH with a small JSON body
 * @param {[string, string][]} [headers]  more header fields (an extra request's), after Host and Connection
 */
function target(origin, path, keepAlive, method = 'GET', headers = []) {
  const url = new URL(origin);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const withBody = BODY_METHODS.includes(method);
  const body = withBody ? postBody() : '';
  const request = Buffer.from(
    `${method} ${path} HTTP/1.1\r\nHost: ${url.host}\r\n${keepAlive ? '' : 'Connection: close\r\n'}` +
      headers.map(([n, v]) => `${n}: ${v}\r\n`).join('') +
      (withBody
        ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
        : '\r\n'),
    'latin1',
  );
  /** @type {Buffer[]} */
  const batches = [Buffer.alloc(0), request];
  return {
    host,
    port: Number(url.port) || 80,
    request,
    method,
    /** n requests back to back, for one write. @param {number} n */
    batch(n) {
      while (batches.length <= n) batches.push(Buffer.concat([batches[batches.length - 1], request]));
      return batches[n];
    },
  };
}

/** @typedef {ReturnType<typeof target>} Target */

/**
 * A keep-alive connection with up to `pipelining` requests in flight, sent
 * in order and answered in order. A lost connection fails what it had in
 * flight (by the error's code) and is opened again for the next request.
 */
class KeepAliveSlot {
  /** @param {Target} t @param {number} pipelining */
  constructor(t, pipelining) {
    this.t = t;
    this.pipelining = pipelining;
    /** @type {net.Socket | null} */
    this.socket = null;
    this.connected = false;
    /** The server said it closes after a response: send nothing more on this socket. */
    this.closing = false;
    /** Send times of the requests in flight, oldest first (a ring). */
    this.starts = new Float64Array(pipelining);
    this.head = 0;
    this.count = 0;
    /** Taken, waiting for the connection to be up. */
    this.unsent = 0;
    /** Responses completed in the current read, and when the last one did. */
    this.answered = 0;
    /** A response came with nothing in flight. */
    this.unsolicited = false;
    this.lastT = 0;
    /** @type {Bound | null} */
    this.bound = null;
    this.parser = new ResponseParser((status, close) => this.response(status, close));
    const slot = this;
    /** @type {net.NetConnectOpts} */
    this.options = {
      host: t.host,
      port: t.port,
      noDelay: true,
      onread: { buffer: READ_BUFFER, callback: (/** @type {number} */ n) => (this.read(n), true) },
    };
    /** @this {net.Socket} */
    this.onConnect = function () {
      if (this !== slot.socket) return;
      slot.connected = true;
      if (slot.unsent > 0) this.write(slot.t.batch(slot.unsent));
      slot.unsent = 0;
    };
    /** @this {net.Socket} @param {Error} err */
    this.onError = function (err) {
      if (this === slot.socket) slot.fail(code(err));
    };
    /** @this {net.Socket} */
    this.onClose = function () {
      if (this !== slot.socket) return;
      const err = slot.parser.finish(); // may complete a body that ran until the close
      slot.fail(err ?? 'ECLOSED');
    };
    this.refill = () => this.fill(now());
  }

  /** Run under a (new) bound: fill the pipeline. @param {Bound} bound */
  start(bound) {
    this.bound = bound;
    this.fill(now());
  }

  /** Send what the pipeline has room for, if the bound allows. @param {number} t */
  fill(t) {
    const bound = this.bound;
    if (bound === null || this.closing) return;
    let n = 0;
    while (this.count < this.pipelining && bound.take(t)) {
      this.starts[(this.head + this.count++) % this.pipelining] = t;
      n++;
    }
    if (n === 0) return;
    if (this.socket === null) {
      this.socket = net.connect(this.options, this.onConnect);
      this.socket.on('error', this.onError);
      this.socket.on('close', this.onClose);
    }
    if (this.connected) this.socket.write(this.t.batch(n));
    else this.unsent += n;
  }

  /** @param {number} nread */
  read(nread) {
    this.answered = 0;
    const err = this.parser.execute(READ_BUFFER, 0, nread);
    if (err !== null || this.unsolicited) return void this.fail(err ?? 'EPARSE_UNSOLICITED');
    // The server said it closes after that response: close our side now (RFC 9112 §9.6), fail what
    // was pipelined behind it, and go on on a new connection.
    if (this.closing) return void this.fail('ECLOSED');
    if (this.answered > 0) this.fill(this.lastT);
  }

  /** The parser completed a response. @param {number} status @param {boolean} close */
  response(status, close) {
    if (this.count === 0) return void (this.unsolicited = true);
    const t = now();
    const t0 = this.starts[this.head];
    this.head = (this.head + 1) % this.pipelining;
    this.count--;
    this.answered++;
    this.lastT = t;
    if (close) this.closing = true;
    /** @type {Bound} */ (this.bound).settle(null, status, t - t0);
  }

  /**
   * The connection is gone (error, close, parse error or teardown): fail what
   * was in flight with `err`, and open a new one for the next request.
   * @param {string} err @param {boolean} [again]
   */
  fail(err, again = true) {
    const socket = this.socket;
    this.socket = null;
    this.connected = false;
    this.closing = false;
    this.unsent = 0;
    this.unsolicited = false;
    this.parser.reset();
    socket?.destroy();
    const n = this.count;
    this.count = 0;
    this.head = 0;
    for (let i = 0; i < n; i++) /** @type {Bound} */ (this.bound).settle(err, 0, 0);
    if (again && this.bound?.stoppedBy === null) setImmediate(this.refill); // never recurse: errors can repeat at once
  }

  /** Close the connection; anything still in flight fails with `err`. @param {string} err */
  destroy(err) {
    this.fail(err, false);
    this.bound = null;
  }
}

/**
 * A connection per request (keep-alive off): open, write, count the
 * response once it is complete, destroy the socket, open the next.
 */
class OneShotSlot {
  /** @param {Target} t */
  constructor(t) {
    this.t = t;
    /** @type {net.Socket | null} */
    this.socket = null;
    this.t0 = 0;
    /** The response's status once complete, else 0. */
    this.status = 0;
    this.doneAt = 0;
    /** @type {Bound | null} */
    this.bound = null;
    this.parser = new ResponseParser((status) => {
      if (this.status === 0) ((this.status = status), (this.doneAt = now()));
    });
    const slot = this;
    /** @type {net.NetConnectOpts} */
    this.options = {
      host: t.host,
      port: t.port,
      noDelay: true,
      onread: { buffer: READ_BUFFER, callback: (/** @type {number} */ n) => (this.read(n), true) },
    };
    /** @this {net.Socket} */
    this.onConnect = function () {
      if (this === slot.socket) this.write(slot.t.request);
    };
    /** @this {net.Socket} @param {Error} err */
    this.onError = function (err) {
      if (this === slot.socket) slot.end(code(err));
    };
    /** @this {net.Socket} */
    this.onClose = function () {
      if (this !== slot.socket) return;
      const err = slot.parser.finish(); // may complete a body that ran until the close
      slot.end(slot.status ? null : (err ?? 'ECLOSED'));
    };
    this.retry = () => this.next(now());
  }

  /** @param {Bound} bound */
  start(bound) {
    this.bound = bound;
    this.next(now());
  }

  /** Open a connection for the next request, if the bound allows. @param {number} t */
  next(t) {
    if (this.bound === null || !this.bound.take(t)) return;
    this.t0 = t;
    this.status = 0;
    this.parser.reset();
    if (this.t.method === 'HEAD') this.parser.expectHead();
    const socket = net.connect(this.options, this.onConnect);
    socket.on('error', this.onError);
    socket.on('close', this.onClose);
    this.socket = socket;
  }

  /** @param {number} nread */
  read(nread) {
    const err = this.parser.execute(READ_BUFFER, 0, nread);
    if (this.status !== 0)
      this.end(null); // complete: anything after it is not ours to read
    else if (err !== null) this.end(err);
  }

  /** The request ended: settle it, drop its socket, open the next. @param {string | null} err */
  end(err) {
    const socket = this.socket;
    if (socket === null) return;
    this.socket = null;
    socket.destroy();
    const bound = /** @type {Bound} */ (this.bound);
    if (err === null) {
      bound.settle(null, this.status, this.doneAt - this.t0);
      this.next(this.doneAt);
    } else {
      bound.settle(err, 0, 0);
      if (bound.stoppedBy === null) setImmediate(this.retry); // never recurse: errors can repeat at once
    }
  }

  /** Close the connection; a request still in flight fails with `err`. @param {string} err */
  destroy(err) {
    if (this.socket !== null) this.end(err);
    this.bound = null;
  }
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
  // With its own bound (warmupMs) the warm-up ends by it, and the measured
  // window then gets the whole of durationMs; without, one deadline bounds both.
  const warmDeadline = began + (o.warmupMs ?? o.durationMs);
  let deadline = began + o.durationMs;
  const t = target(o.origin, o.path, o.keepAlive);
  /** @type {(KeepAliveSlot | OneShotSlot)[]} */
  const slots = Array.from({ length: o.connections }, () =>
    o.keepAlive ? new KeepAliveSlot(t, o.pipelining) : new OneShotSlot(t),
  );
  /** The extra requests' own connections. @type {Set<{ destroy: (err: string) => void }>} */
  const extraSlots = new Set();
  // Hard bound: past deadline + drainMs, whatever is in flight is torn down (errors ETIMEDOUT).
  /** @type {Bound | null} */
  let current = null;
  const destroyAll = (/** @type {string} */ err) => {
    current?.stop();
    for (const s of slots) s.destroy(err);
    for (const s of extraSlots) s.destroy(err);
  };
  let hard = setTimeout(destroyAll, (o.warmupMs ?? o.durationMs) + o.drainMs, 'ETIMEDOUT');
  /** @param {number} limit @param {number} until @param {Done} onResult */
  const closedLoop = (limit, until, onResult) => {
    const bound = new Bound(limit, until, onResult);
    current = bound;
    for (const s of slots) s.start(bound);
    return bound.done;
  };

  const warm = { requests: 0, errors: 0 };
  if (o.warmup > 0) await closedLoop(o.warmup, warmDeadline, (err) => (warm.requests++, err && warm.errors++));
  if (o.warmupMs !== null) {
    // The measured window and its hard bound start now.
    deadline = now() + o.durationMs;
    clearTimeout(hard);
    hard = setTimeout(destroyAll, o.durationMs + o.drainMs, 'ETIMEDOUT');
  }

  /** @type {Record<string, number>} */ const errors = {};
  const statuses = new Uint32Array(600); // the parser's statuses are 100..599
  const lat = samples();
  // Where extra requests go out, each answered request's start and latency,
  // to read the main load's waits while each extra was out (lightsWhile).
  /** @type {{ starts: number[], latencies: number[] } | null} */
  const answers = o.extra.length ? { starts: [], latencies: [] } : null;
  let answered = 0;
  let sent = 0;
  const t0 = now();
  const cpu0 = process.cpuUsage();
  const main0 = proc.cpuNs(process.pid); // the main thread alone (Linux; NaN elsewhere)
  const extra = o.extra.map((e) => fireExtra(o.origin, { ...e, t0, deadline, extraSlots }));
  const stoppedBy = await closedLoop(o.requests, deadline, (err, status, latency) => {
    sent++;
    if (err !== null) return void (errors[err] = (errors[err] ?? 0) + 1);
    answered++;
    statuses[status]++;
    lat.push(latency);
    if (answers) (answers.starts.push(now() - latency - t0), answers.latencies.push(latency));
  });
  const cpu = process.cpuUsage(cpu0);
  const mainMs = (proc.cpuNs(process.pid) - main0) / 1e6;
  const windowMs = now() - t0;
  const extras = await Promise.all(extra);
  clearTimeout(hard);
  destroyAll('ETIMEDOUT'); // nothing is in flight now: this only closes the connections
  /** @type {Record<string, number>} */ const statusCodes = {};
  statuses.forEach((n, s) => n && (statusCodes[s] = n));
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return {
    requests: answered,
    sent,
    errors,
    statusCodes,
    durationMs: round(windowMs),
    throughput: windowMs > 0 ? round((answered / windowMs) * 1000, 1) : 0,
    latency: latencySummary(lat.sorted()),
    extra: answers ? extras.map((e) => ({ ...e, ...lightsWhile(answers, e) })) : extras,
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
    ...(o.samples ? { latencySamples: Array.from(lat.sorted(), (x) => round(x)) } : {}),
  };
}

/**
 * One extra request at atMs after the measured start (if that is before the
 * deadline), on a connection of its own that nothing else uses: a new one
 * opened at atMs, or with `primeAtMs` one opened then that carries a GET
 * /light first and the request at atMs (firePrimed). `method` as given
 * (GET by default), told in the result.
 * @param {string} origin
 * @param {import('./loadgen.js').ExtraRequest & { t0: number, deadline: number, extraSlots: Set<{ destroy: (err: string) => void }> }} o
 * `cpuMs`: this generator's CPU time while the request was out, so a server
 * that shares its CPUs can tell the generator's load from other processes'.
 * `firedMono`: when it was sent on the monotonic clock every process reads
 * alike (mono-clock.cjs), to put it on a server's own clock.
 * @returns {Promise<{ path: string, atMs: number, method?: string, headers?: [string, string][], primeAtMs?: number, firedAtMs?: number, firedMono?: number, latencyMs: number | null, cpuMs?: number, status?: number, error?: string }>}
 */
function fireExtra(origin, o) {
  const { path, atMs, method, headers, primeAtMs, t0, deadline, extraSlots } = o;
  const base = {
    path,
    atMs,
    ...(method && { method }),
    ...(headers && { headers }),
    ...(primeAtMs !== undefined && { primeAtMs }),
  };
  if (t0 + atMs >= deadline) return Promise.resolve({ ...base, latencyMs: null, error: 'NOT_FIRED_PAST_DEADLINE' });
  if (primeAtMs !== undefined) return firePrimed(origin, o, base);
  const t = target(origin, path, false, method, headers); // its own connection, closed after its response
  return new Promise((resolve) => {
    setTimeout(() => {
      const slot = new OneShotSlot(t);
      extraSlots.add(slot);
      const start = now();
      const cpu0 = process.cpuUsage();
      const firedAtMs = round(start - t0);
      const firedMono = round(monoAt(start));
      const bound = new Bound(1, Infinity, (err, status, latency) => {
        extraSlots.delete(slot);
        const cpu = process.cpuUsage(cpu0);
        const cpuMs = round((cpu.user + cpu.system) / 1000);
        resolve(
          err !== null
            ? { ...base, firedAtMs, firedMono, latencyMs: null, cpuMs, error: err }
            : { ...base, firedAtMs, firedMono, latencyMs: round(latency), cpuMs, status },
        );
      });
      slot.start(bound);
    }, atMs);
  });
}

/**
 * fireExtra's request on a reused connection: opened at primeAtMs, a GET
 * /light on it (kept alive), then at atMs the request itself (Connection:
 * close) on the same connection, timed from its write to its response's end.
 * The primer unanswered by atMs, or the connection lost before the request
 * goes: an error, no latency (the request was never sent).
 * @param {string} origin
 * @param {import('./loadgen.js').ExtraRequest & { t0: number, extraSlots: Set<{ destroy: (err: string) => void }> }} o
 * @param {{ path: string, atMs: number }} base  what the result repeats of the request
 * @returns {Promise<any>}
 */
function firePrimed(origin, { path, atMs, method, headers, primeAtMs = 0, t0, extraSlots }, base) {
  const prime = target(origin, '/light', true);
  const t = target(origin, path, false, method, headers);
  return new Promise((resolve) => {
    /** @type {net.Socket | null} */
    let socket = null;
    let phase = /** @type {'prime' | 'request' | 'done'} */ ('prime');
    let primed = false;
    let start = 0;
    let cpu0 = process.cpuUsage();
    let fired = {};
    const finish = (/** @type {string | null} */ err, status = 0, doneAt = 0) => {
      if (phase === 'done') return;
      const sent = phase === 'request';
      phase = 'done';
      extraSlots.delete(slot);
      socket?.destroy();
      if (!sent) return resolve({ ...base, latencyMs: null, error: err ?? 'ECLOSED' });
      const cpu = process.cpuUsage(cpu0);
      const cpuMs = round((cpu.user + cpu.system) / 1000);
      resolve(
        err !== null
          ? { ...base, ...fired, latencyMs: null, cpuMs, error: err }
          : { ...base, ...fired, latencyMs: round(doneAt - start), cpuMs, status },
      );
    };
    const slot = { destroy: (/** @type {string} */ err) => finish(err) };
    const parser = new ResponseParser((status) => {
      if (phase === 'prime') primed = true;
      else if (phase === 'request') finish(null, status, now());
    });
    setTimeout(() => {
      if (phase === 'done') return;
      extraSlots.add(slot);
      const s = net.connect({ host: t.host, port: t.port, noDelay: true }, () => s.write(prime.request));
      socket = s;
      s.on('data', (/** @type {Buffer} */ buf) => {
        const err = parser.execute(buf);
        if (err !== null) finish(err);
      });
      s.on('error', (err) => finish(code(err)));
      s.on('close', () => finish(parser.finish() ?? 'ECLOSED'));
    }, primeAtMs);
    setTimeout(() => {
      if (phase === 'done') return;
      if (!primed || socket === null) return finish('EPRIME_UNANSWERED');
      phase = 'request';
      start = now();
      cpu0 = process.cpuUsage();
      fired = { firedAtMs: round(start - t0), firedMono: round(monoAt(start)) };
      if (t.method === 'HEAD') parser.expectHead();
      socket.write(t.request);
    }, atMs);
  });
}

/**
 * One load (options in argv[2]) and exit; or, with `session: true`, a
 * generator that stays up for a block's several loads (sparing each one the
 * start-up): 'ready', then one reply per { type: 'load', id, load } message,
 * until the harness stops it.
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
