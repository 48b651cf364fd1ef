// Isolated trials: each fixture runs in a fresh child process with an explicit
// environment and execArgv, in its own process group, under an optional CPU
// affinity, and answers with one structured message over IPC.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Variables that would change what we measure: never inherited. */
export const CLEARED = ['NODE_OPTIONS', 'NODE_V8_COVERAGE', 'UV_THREADPOOL_SIZE', 'UV_USE_IO_URING', 'NODE_CHANNEL_FD', 'NODE_UNIQUE_ID', 'NODE_CLUSTER_SCHED_POLICY'];

/** A fixture broke: crashed, hung, or reported an error. */
export class FixtureError extends Error {
  /** @param {string} message @param {{ stderr?: string }} [extra] */
  constructor(message, extra = {}) {
    super(message);
    this.name = 'FixtureError';
    this.stderr = extra.stderr ?? '';
  }
}

/** Process groups of the trials now running, for cleanup on interrupt. */
const live = new Set();

/** Kill every running trial's process group (SIGKILL). Safe to call anytime. */
export function killAll() {
  for (const pid of live) killGroup(pid);
}

/** @param {number} pid */
function killGroup(pid) {
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * The environment a fixture sees: PATH and a few harmless variables, the
 * measurement-relevant ones set on purpose (io_uring off so fs requests go
 * through the pool), then the spec's own.
 * @param {Record<string, string | undefined>} [extra]
 */
export function fixtureEnv(extra = {}) {
  /** @type {Record<string, string>} */
  const env = {};
  for (const key of ['PATH', 'HOME', 'LANG', 'TMPDIR', 'SystemRoot']) {
    if (process.env[key] !== undefined) env[key] = /** @type {string} */ (process.env[key]);
  }
  env.UV_USE_IO_URING = '0';
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/**
 * @typedef {object} RunOptions
 * @property {string} node               Node binary
 * @property {string} fixture            file under fixtures/ (or an absolute path)
 * @property {unknown} [options]         passed as JSON in argv[2]
 * @property {Record<string, string | undefined>} [env]
 * @property {string[]} [execArgv]
 * @property {number[] | null} [cpus]    CPU list for taskset (Linux)
 * @property {number} [timeoutMs]
 * @property {AbortSignal} [signal]
 */

/**
 * Run one fixture to completion and return what it reported.
 * @param {RunOptions} o
 * @returns {Promise<{ data: any, durationMs: number }>}
 */
export function runFixture({ node, fixture, options = {}, env = {}, execArgv = [], cpus = null, timeoutMs = 30_000, signal }) {
  const file = path.isAbsolute(fixture) ? fixture : path.join(FIXTURES, fixture);
  const args = [...execArgv, file, JSON.stringify(options)];
  const [cmd, argv] = cpus ? ['taskset', ['-c', cpus.join(','), node, ...args]] : [node, args];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const child = spawn(cmd, argv, {
      env: fixtureEnv(env),
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      detached: process.platform !== 'win32',
      serialization: 'json',
    });
    if (child.pid) live.add(child.pid);
    let stderr = '';
    /** @type {any} */
    let message = null;
    let failure = /** @type {Error | null} */ (null);
    child.stderr?.on('data', (d) => {
      if (stderr.length < 8192) stderr += d;
    });
    child.on('message', (m) => {
      if (message === null) message = m;
    });
    const fail = (/** @type {Error} */ err) => {
      failure ??= err;
      if (child.pid) killGroup(child.pid);
    };
    const timer = setTimeout(() => fail(new FixtureError(`${fixture} did not finish within ${timeoutMs} ms (killed)`, { stderr })), timeoutMs);
    const onAbort = () => fail(signal?.reason ?? new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) => fail(new FixtureError(`could not start ${cmd}: ${err.message}`)));
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (child.pid) {
        killGroup(child.pid); // anything the fixture left in its group
        live.delete(child.pid);
      }
      const durationMs = performance.now() - started;
      if (failure) return reject(failure);
      if (message?.type === 'result' && code === 0) return resolve({ data: message.data, durationMs });
      if (message?.type === 'error') return reject(new FixtureError(`${fixture}: ${message.message}`, { stderr }));
      const how = sig ? `was killed by ${sig}` : `exited with code ${code}`;
      const tail = stderr.trim().split('\n').slice(-3).join(' | ');
      reject(new FixtureError(`${fixture} ${how} without a result${tail ? `: ${tail}` : ''}`, { stderr }));
    });
  });
}
