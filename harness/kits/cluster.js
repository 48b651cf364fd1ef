// @ts-check
// Shared pieces of the cluster specs: start fixtures/cluster-server.cjs, talk
// to it over 127.0.0.1 with node:http (a new connection per request unless
// keep-alive is asked for), count which worker answered, and a bounded
// steady request loop for the kill-under-load spec.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sourceArticle } from '../sources.js';

/** Source 004 (cluster module tutorial, Express + loadtest on the author's machine). */
export const SOURCE_004 = { file: sourceArticle('004').file };

/** The fixture every cluster spec starts (the ABBA blocks' arms too). */
export const FIXTURE = 'cluster-server.cjs';

/**
 * Workers for a structural cluster spec: max(2, C), capped at 4 (more only
 * lengthens the start-up; two already show sharing, four show more of it).
 * @param {{ cores: number }} ctx
 */
export function clusterSize(ctx) {
  return Math.min(4, Math.max(2, ctx.cores));
}

/**
 * Start the cluster, run fn with its ready data and handle, then stop it (also
 * on error). Returns fn's value and the primary's final report.
 * @template T
 * @param {import('../context.js').Context} ctx
 * @param {{ workers: number, iterations?: number, refork?: boolean, schedPolicy?: 'rr' | 'none' }} options
 * @param {(info: any, handle: import('../isolate.js').FixtureHandle) => Promise<T>} fn
 * @returns {Promise<{ value: T, info: any, final: any }>}
 */
export async function withCluster(ctx, options, fn) {
  const handle = ctx.start(FIXTURE, { options: { iterations: 0, refork: false, ...options }, timeoutMs: 20_000 });
  try {
    const info = await handle.ready;
    const value = await fn(info, handle);
    const { data } = await handle.stop();
    return { value, info, final: data };
  } finally {
    await handle.stop().catch(() => {});
  }
}

/**
 * @typedef {{ status?: number, pid?: number, body?: any, error?: string, ms: number, t: number }} Reply
 *   t: when the request was sent (performance.now())
 */

/**
 * One GET to 127.0.0.1:port. Never rejects: a failure is { error: code }.
 * @param {number} port @param {string} path
 * @param {{ agent?: http.Agent | false, timeoutMs?: number }} [o]  agent false: a new connection
 * @returns {Promise<Reply>}
 */
export function get(port, path, { agent = false, timeoutMs = 2000 } = {}) {
  const t = performance.now();
  return new Promise((resolve) => {
    const done = (/** @type {Partial<Reply>} */ r) => resolve({ ...r, ms: performance.now() - t, t });
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        let json = body;
        try {
          json = JSON.parse(body);
        } catch {
          // not JSON: keep the text
        }
        done({ status: res.statusCode, pid: Number(res.headers['x-worker-pid']), body: json });
      });
      res.on('error', (err) => done({ error: /** @type {any} */ (err).code ?? err.message }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err) => done({ error: /** @type {any} */ (err).code ?? err.message }));
  });
}

/**
 * n GETs one after another, each on a new connection (no keep-alive): each
 * is a fresh accept() in the primary, so each is one scheduling decision.
 * @param {number} port @param {string} path @param {number} n
 */
export async function getMany(port, path, n) {
  /** @type {Reply[]} */
  const out = [];
  for (let i = 0; i < n; i++) out.push(await get(port, path));
  return out;
}

/**
 * Responses per worker pid (failures under 'error').
 * @param {Reply[]} replies
 * @returns {Record<string, number>}
 */
export function countPids(replies) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const r of replies) {
    const key = r.error || r.status !== 200 ? 'error' : String(r.pid);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/**
 * Whether a process is still there (signal 0).
 * @param {number} pid
 */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ask the primary to SIGKILL a worker and wait (bounded) until the process is
 * gone: reaped by the primary, which records 'exit' as it reaps it.
 * @param {import('../isolate.js').FixtureHandle} handle @param {number} pid
 * @param {{ timeoutMs?: number }} [o]
 */
export async function killWorker(handle, pid, { timeoutMs = 2000 } = {}) {
  handle.send({ type: 'kill-worker', pid });
  const t0 = performance.now();
  while (alive(pid) && performance.now() - t0 < timeoutMs) await sleep(2);
  return !alive(pid);
}

/**
 * The cluster events the primary recorded for one worker, by name.
 * @param {any[]} events @param {number} pid
 */
export function eventsOf(events, pid) {
  return events.filter((e) => e.pid === pid).map((e) => e.event);
}

/**
 * A steady, bounded request loop: `connections` clients, each sending GETs one
 * after another on new connections, until `until()` says stop, maxRequests
 * were sent or maxMs passed. A failed request waits pauseMs before the next
 * (a refused connect returns at once: no busy spin).
 * @param {number} port
 * @param {{ path?: string, connections?: number, maxRequests: number, maxMs: number, pauseMs?: number, until?: (r: Reply[]) => boolean, onReply?: (r: Reply, all: Reply[]) => void }} o
 */
export async function steadyLoop(
  port,
  { path = '/light', connections = 2, maxRequests, maxMs, pauseMs = 2, until = () => false, onReply = () => {} },
) {
  /** @type {Reply[]} */
  const replies = [];
  const t0 = performance.now();
  let sent = 0;
  const more = () => sent < maxRequests && performance.now() - t0 < maxMs && !until(replies);
  const client = async () => {
    while (more()) {
      sent++;
      const r = await get(port, path, { timeoutMs: 500 });
      replies.push(r);
      onReply(r, replies);
      if (r.error) await sleep(pauseMs);
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  return { replies, sent, ms: performance.now() - t0 };
}
