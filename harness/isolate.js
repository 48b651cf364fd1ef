// @ts-check
// Isolated trials: each fixture runs in a fresh child process with an explicit
// environment and execArgv, in its own process group, under an optional CPU
// affinity, and answers with one structured message over IPC (or, started
// plain, as JSON lines on its stdout, the harness's answers on its stdin:
// RunOptions `plain`).
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { FixtureError } from './errors.js';
import { onAbort } from './abort.js';
import { watchMainThread } from './main-watch.js';
import { watchThreads } from './thread-watch.js';
import { inOwnNetwork } from './netns.js';
import { createRequire } from 'node:module';

/** @type {{ onJsonLines: (stream: import('node:stream').Readable, fn: (m: any) => void) => void }} */
const { onJsonLines } = createRequire(import.meta.url)('../fixtures/lib/json-lines.cjs');

export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Variables that would change what we measure: never inherited. */
export const CLEARED = [
  'NODE_OPTIONS',
  'NODE_V8_COVERAGE',
  'UV_THREADPOOL_SIZE',
  'UV_USE_IO_URING',
  'NODE_CHANNEL_FD',
  'NODE_UNIQUE_ID',
  'NODE_CLUSTER_SCHED_POLICY',
];

/**
 * Of those, the ones a user's service may run with: what `--inherit-env`
 * takes from the harness's own environment as settings in force.
 */
export const INHERITABLE = ['NODE_OPTIONS', 'UV_THREADPOOL_SIZE', 'UV_USE_IO_URING', 'NODE_CLUSTER_SCHED_POLICY'];

/**
 * The harness's own plumbing (coverage, the IPC channel, cluster workers'
 * ids): a fixture given them would talk to the wrong process or write
 * coverage for us, so they are never settings in force.
 */
export const HARNESS_OWN = ['NODE_V8_COVERAGE', 'NODE_CHANNEL_FD', 'NODE_UNIQUE_ID'];

/** Process groups of the trials now running, for cleanup on interrupt. */
const live = new Set();

/** Kill every running trial's process group (SIGKILL). Safe to call anytime. */
export function killAll() {
  for (const pid of live) killGroup(pid);
}

/**
 * Kill a trial and everything it started. POSIX: its process group (it was
 * spawned detached, as a group leader). Windows has no groups: taskkill /T
 * ends the tree under the pid (a cluster's workers, a fixture's children).
 * @param {number} pid
 */
function killGroup(pid) {
  if (process.platform === 'win32') {
    const r = spawnSync(...windowsTreeKill(pid), { stdio: 'ignore', windowsHide: true });
    if (r.status === 0) return; // else no taskkill, or the process is gone: end the pid itself
  }
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * The command that ends a process tree on Windows.
 * @param {number} pid
 * @returns {[string, string[]]}
 */
export function windowsTreeKill(pid) {
  return ['taskkill', ['/pid', String(pid), '/T', '/F']];
}

/**
 * The environment a fixture sees, in layers: PATH and a few harmless
 * variables; io_uring off so fs requests go through the pool; the settings
 * in force for the run (`--env`, `--inherit-env`); then the spec's own. A
 * spec's `undefined` means "the spec does not set it": the layer below stays.
 * With `plain` (a process started as a user's shell starts one: RunOptions
 * `plain`) the harness's own default, UV_USE_IO_URING=0, is left out: only
 * the shell's variables, the settings in force and the spec's own (a spec
 * that needs the 0 on the Node binaries that route fs requests to io_uring by
 * default gives it itself: kits/pool.js plainIoUring).
 * @param {Record<string, string | undefined>} [spec]  the spec's env for this fixture
 * @param {Record<string, string>} [settings]          the settings in force
 * @param {{ plain?: boolean }} [how]
 */
export function fixtureEnv(spec = {}, settings = {}, { plain = false } = {}) {
  /** @type {Record<string, string>} */
  const env = {};
  // NCS_SABOTAGE is a test-only switch read by fixtures (bench/sabotage.js):
  // it alters a fixture's behaviour behind the harness's back.
  for (const key of ['PATH', 'HOME', 'LANG', 'TMPDIR', 'SystemRoot', 'NCS_SABOTAGE']) {
    if (process.env[key] !== undefined) env[key] = /** @type {string} */ (process.env[key]);
  }
  // What UV_USE_IO_URING=0 still does, measured on Linux 6.18 (every pool
  // thread parked in fs.copyFile on a FIFO, then an fs.stat, fs.promises.stat
  // and open+close within 1.5 s): on Node 20 (libuv 1.46) it matters, since
  // 20.10.0 sends fs requests to io_uring by default (they finish past the full
  // pool) and 20.20.2 does so with UV_USE_IO_URING=1; from libuv 1.51 (22.17+,
  // 24.2+, 26) every fs request waits for the pool with the variable 1, 0 or
  // unset, and it does not close the 3 io_uring fds the event loop opens
  // either. It stays for the Node 20 binaries (and the 22.x before 22.17 that
  // were not measured); on newer ones it changes nothing. A plain start leaves
  // it out: its spec adds it where the Node under test needs it.
  if (!plain) env.UV_USE_IO_URING = '0';
  // a POSIX shell exports PWD to every program it starts (dash, bash, zsh): a
  // plain start without it would be told from one (spawn's cwd is ours)
  else env.PWD = process.cwd();
  for (const layer of [settings, spec]) {
    for (const [k, v] of Object.entries(layer)) if (v !== undefined) env[k] = v;
  }
  // spawn() copies NODE_V8_COVERAGE into a child's env unless the key is
  // present: an own key with value undefined keeps coverage out of fixtures.
  if (!('NODE_V8_COVERAGE' in env)) /** @type {any} */ (env).NODE_V8_COVERAGE = undefined;
  return env;
}

/**
 * @typedef {object} RunOptions
 * @property {string} node               Node binary
 * @property {string} fixture            file under fixtures/ (or an absolute path)
 * @property {unknown} [options]         passed as JSON in argv[2]
 * @property {Record<string, string | undefined>} [env]   the spec's own (undefined: not set by the spec)
 * @property {Record<string, string>} [settings]         the settings in force for the run, below the spec's env
 * @property {string[]} [execArgv]
 * @property {number[] | null} [cpus]    CPU list for taskset (Linux)
 * @property {string[]} [ownNetwork]    run it in a network namespace of its own (netns.js), these
 *                                       addresses on its loopback besides 127.0.0.1 and ::1
 * @property {number} [timeoutMs]
 * @property {number} [readyMs]          a service that has not said 'ready' by then is killed (its life's
 *                                       bound, timeoutMs, may be far longer: it serves many trials)
 * @property {AbortSignal} [signal]
 * @property {(data: any) => void} [onMessage]  called with the data of each 'message' a service sends (request/response sessions)
 * @property {number} [watchMainMs]      look at the fixture's main thread from here this often (main-watch.js);
 *                                       the looks come back with the result as mainLooks
 * @property {number} [watchThreadsMs]   list the fixture's threads from here this often (thread-watch.js
 *                                       watchThreads): the most of them one look saw comes back as threadsMost
 * @property {boolean} [plain]           start it as a user's shell starts a program: no IPC channel (a
 *                                       program that looks for one, process.send, finds none) and none of
 *                                       the harness's own defaults in its environment (fixtureEnv), no
 *                                       descriptor beyond stdin, stdout and stderr (as a shell's program:
 *                                       a descriptor more would tell it from one); its messages go as JSON
 *                                       lines on its stdout, the harness's to it as JSON lines on its
 *                                       stdin (fixtures/lib/report.cjs, told so by the option
 *                                       `harnessLines` in its JSON argument), and it is watched and
 *                                       killed as any other (its process group)
 */

/**
 * @typedef {{ data: any, durationMs: number, mainLooks?: import('./main-watch.js').Looks, threadsMost?: number | null }} FixtureResult
 *   mainLooks: with RunOptions.watchMainMs; threadsMost: with RunOptions.watchThreadsMs
 */

/**
 * Run one fixture to completion and return what it reported.
 * @param {RunOptions} o
 * @returns {Promise<FixtureResult>}
 */
export function runFixture(o) {
  return startFixture(o).result;
}

/**
 * @typedef {object} FixtureHandle
 * @property {number | undefined} pid
 * @property {Promise<any>} ready       data of the fixture's 'ready' message (a service: its port, say)
 * @property {Promise<FixtureResult>} result  its final report, at exit
 * @property {(message: object) => void} send
 * @property {(graceMs?: number) => Promise<FixtureResult>} stop  ask it to finish (message
 *   'stop'), then its result; with graceMs, its process group is killed if it has not exited by then
 * @property {() => boolean} running   its process has not exited yet
 */

/**
 * Start a fixture: a one-shot trial, or a service that says 'ready' and runs
 * until asked to stop. Either way it ends with one 'result' (or 'error')
 * message, and its whole process group is killed when it exits, times out,
 * or the run is aborted.
 * @param {RunOptions} o
 * @returns {FixtureHandle}
 */
export function startFixture(o) {
  const { node, fixture, options = {}, env = {}, settings = {}, execArgv = [], cpus = null, timeoutMs = 30_000 } = o;
  const { signal, onMessage, readyMs, watchMainMs, watchThreadsMs, ownNetwork, plain = false } = o;
  const file = path.isAbsolute(fixture) ? fixture : path.join(FIXTURES, fixture);
  const name = path.basename(file);
  // plain: the fixture told where the harness listens (its stdin and stdout), in its argument
  const argument = plain && options && typeof options === 'object' ? { ...options, harnessLines: true } : options;
  const args = [...execArgv, file, JSON.stringify(argument)];
  const [pinned, pinnedArgv] = cpus ? ['taskset', ['-c', cpus.join(','), node, ...args]] : [node, args];
  const [cmd, argv] = ownNetwork ? inOwnNetwork(pinned, pinnedArgv, ownNetwork) : [pinned, pinnedArgv];
  const started = performance.now();
  /** @type {(v: any) => void} */ let onReady = () => {};
  /** @type {(e: Error) => void} */ let onNotReady = () => {};
  const ready = new Promise((resolve, reject) => ([onReady, onNotReady] = [resolve, reject]));
  ready.catch(() => {}); // a one-shot fixture never says ready
  if (signal?.aborted) {
    const result = Promise.reject(signal.reason);
    onNotReady(signal.reason);
    return { pid: undefined, ready, result, send: () => {}, stop: () => result, running: () => false };
  }
  const child = spawn(cmd, argv, {
    env: fixtureEnv(env, settings, { plain }),
    // plain: stdin, stdout and stderr only (a pipe each: as a shell pipeline gives them),
    // JSON lines both ways on stdin and stdout; else the IPC channel at fd 3
    stdio: plain ? ['pipe', 'pipe', 'pipe'] : ['ignore', 'ignore', 'pipe', 'ipc'],
    detached: process.platform !== 'win32',
    serialization: 'json',
  });
  const lines = plain ? { from: child.stdout, to: child.stdin } : null;
  lines?.to?.on('error', () => {}); // written after it exited (EPIPE): its exit says what happened
  if (child.pid) live.add(child.pid);
  // taskset (and unshare, sh) exec the fixture in place: the pid is the fixture's main thread either way (alignLooks checks)
  const watch = watchMainMs && child.pid ? watchMainThread(child.pid, watchMainMs) : null;
  /** @type {import('./main-watch.js').Looks | undefined} */
  let mainLooks;
  const threadWatch = watchThreadsMs && child.pid ? watchThreads(child.pid, { everyMs: watchThreadsMs }) : null;
  /** @type {number | null | undefined} */
  let threadsMost;
  // at exit, not at close: after it, its pid reads as a zombie's, then maybe another process's
  child.on('exit', () => {
    mainLooks = watch?.stop();
    // the most before the last look: that one comes after the process is gone (its pid may be another's)
    threadsMost = threadWatch?.most();
    threadWatch?.stop();
  });
  let stderr = '';
  /** @type {any} */
  let message = null;
  let failure = /** @type {Error | null} */ (null);
  let closed = false;
  child.stderr?.on('data', (d) => {
    if (stderr.length < 8192) stderr += d;
  });
  const onChildMessage = (/** @type {any} */ m) => {
    if (m?.type === 'ready') onReady(m.data);
    else if (m?.type === 'message') onMessage?.(m.data);
    else if (message === null && (m?.type === 'result' || m?.type === 'error')) message = m;
  };
  child.on('message', onChildMessage);
  // its messages, one JSON object a line on its stdout (the stream ends before the child's
  // 'close', so its last line is read before the result is settled)
  if (lines?.from) onJsonLines(lines.from, onChildMessage);
  const fail = (/** @type {Error} */ err) => {
    failure ??= err;
    // Not once it has closed: a stop's late timer would signal a group whose
    // id a new process (another claim's, side by side) may have taken since.
    if (child.pid && !closed) killGroup(child.pid);
  };
  /** Kill the group unless cleared within ms: 'did not <what> within <ms> ms (killed)'. */
  const killAfter = (/** @type {number} */ ms, /** @type {string} */ what) =>
    setTimeout(() => fail(new FixtureError(`${name} did not ${what} within ${ms} ms (killed)`, { stderr })), ms);
  const timer = killAfter(timeoutMs, 'finish');
  if (readyMs !== undefined) {
    const unready = killAfter(readyMs, 'say ready');
    ready.then(
      () => clearTimeout(unready),
      () => clearTimeout(unready),
    );
  }
  const stopWaiting = onAbort(signal, () => fail(signal?.reason ?? new Error('aborted')));
  child.on('error', (err) => fail(new FixtureError(`could not start ${cmd}: ${err.message}`)));
  /** @type {Promise<FixtureResult>} */
  const result = new Promise((resolve, reject) => {
    child.on('close', (code, sig) => {
      closed = true;
      clearTimeout(timer);
      stopWaiting();
      if (child.pid) {
        killGroup(child.pid); // anything the fixture left in its group
        live.delete(child.pid);
      }
      const durationMs = performance.now() - started;
      /** @type {Error | null} */
      let err = failure;
      if (!err && message?.type === 'result' && code === 0)
        return (
          onNotReady(new FixtureError(`${name} finished without saying ready`)),
          resolve({
            data: message.data,
            durationMs,
            ...(mainLooks && { mainLooks }),
            ...(threadWatch && { threadsMost: threadsMost ?? null }),
          })
        );
      if (!err && message?.type === 'error') err = new FixtureError(`${name}: ${message.message}`, { stderr });
      if (!err) {
        const how = sig ? `was killed by ${sig}` : `exited with code ${code}`;
        const tail = stderr.trim().split('\n').slice(-3).join(' | ');
        err = new FixtureError(`${name} ${how} without a result${tail ? `: ${tail}` : ''}`, { stderr });
      }
      onNotReady(err);
      reject(err);
    });
  });
  result.catch(() => {}); // callers that only await `ready` still see failures there
  const send = (/** @type {object} */ m) => {
    if (lines) {
      if (lines.to?.writable && !closed) lines.to.write(JSON.stringify(m) + '\n');
    } else if (child.connected) child.send(m);
  };
  return {
    pid: child.pid,
    ready,
    result,
    send,
    stop: (graceMs) => {
      send({ type: 'stop' });
      if (graceMs !== undefined && !closed) killAfter(graceMs, 'stop').unref();
      return result;
    },
    running: () => !closed,
  };
}
