// The context every spec plans and measures in: the Node binary under test,
// the CPUs it may use, the machine profile and the calibrated task size.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { runFixture, startFixture, fixtureEnv } from './isolate.js';
import { buildProfile, hostTopology, parseCpuList } from './profile.js';

const run = promisify(execFile);

/** Bad input from the user: reported as one line, exit 2. */
export class UsageError extends Error {
  name = 'UsageError';
}

/** Work of one calibrated pbkdf2 task, in ms when it runs alone. */
export const TASK_MS = 120;
/** --quick: a shorter unit of pool work (the structure it is judged by does not need 120 ms). */
export const QUICK_TASK_MS = 60;

/**
 * Versions of a Node binary, asked of the binary itself.
 * @param {string} nodePath
 */
export async function nodeInfo(nodePath) {
  try {
    const { stdout } = await run(nodePath, ['-p', 'JSON.stringify([process.execPath, process.versions])'], { env: fixtureEnv(), timeout: 20_000 });
    const [execPath, v] = JSON.parse(stdout);
    return { path: nodePath, execPath, version: v.node, major: Number(v.node.split('.')[0]), v8: v.v8, uv: v.uv };
  } catch (err) {
    const why = /** @type {any} */ (err).code === 'ENOENT' ? 'no such file' : /** @type {any} */ (err).code === 'EACCES' ? 'not executable' : 'it did not run as Node.js';
    throw new UsageError(`--node ${nodePath}: ${why}`);
  }
}

/** CPUs this process may run on (Linux), else null. */
export function allowedCpus() {
  if (process.platform !== 'linux' || !existsSync('/proc/self/status')) return null;
  const line = readFileSync('/proc/self/status', 'utf8').split('\n').find((l) => l.startsWith('Cpus_allowed_list:'));
  return line ? parseCpuList(line.split(':')[1]) : null;
}

/**
 * The CPU list for `--cpus N`: the first N CPUs this process may use.
 * @param {number} n @param {number[] | null} allowed
 * @returns {{ list: number[] | null, skip: string | null }}
 */
export function selectCpus(n, allowed) {
  if (allowed === null) return { list: null, skip: `--cpus ${n} needs CPU affinity (taskset on Linux); not available on ${process.platform}` };
  if (n > allowed.length) throw new UsageError(`--cpus ${n}: only ${allowed.length} CPU${allowed.length === 1 ? '' : 's'} available (${allowed.join(',')})`);
  return { list: allowed.slice(0, n), skip: null };
}

/**
 * @typedef {Awaited<ReturnType<typeof createContext>>} Context
 */

/**
 * @param {{ nodePath: string, cpus: number | null, signal?: AbortSignal, taskMs?: number, quick?: boolean }} o
 */
export async function createContext({ nodePath, cpus, signal, quick = false, taskMs = quick ? QUICK_TASK_MS : TASK_MS }) {
  const node = await nodeInfo(nodePath);
  let list = null;
  let skipAll = null;
  if (cpus !== null) {
    ({ list, skip: skipAll } = selectCpus(cpus, allowedCpus()));
    if (list && !(await hasTaskset())) [list, skipAll] = [null, `--cpus ${cpus} needs taskset(1), which is not installed`];
  }
  const tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-'));
  const ctx = {
    node,
    platform: process.platform,
    arch: process.arch,
    release: os.release(),
    cpus: list,
    cpuMethod: list ? 'taskset' : 'none',
    requestedCpus: cpus,
    skipAll,
    /** --quick: specs take their fastest plan that keeps the error rates */
    quick,
    tmpdir,
    signal,
    /** @type {ReturnType<typeof buildProfile> | null} */
    profile: null,
    cores: list ? list.length : os.availableParallelism(),
    pbkdf2: { iterations: 0, taskMs },
    /**
     * Run a fixture under this context's Node binary and CPUs.
     * @param {string} fixture
     * @param {{ options?: object, env?: Record<string, string | undefined>, execArgv?: string[], timeoutMs?: number }} [o]
     */
    async run(fixture, o = {}) {
      const { data } = await runFixture({ node: node.path, fixture, options: { tmpdir, ...o.options }, env: o.env, execArgv: o.execArgv, cpus: list, timeoutMs: o.timeoutMs, signal });
      return data;
    },
    /**
     * Start a long-running fixture (a server, a load generator): it says
     * 'ready' with its data (e.g. a port) and runs until stop(). By default
     * under this context's Node and CPUs; `host: true` runs it under the Node
     * running the harness (the load generator is not what is under test), and
     * `cpus` pins it elsewhere.
     * @param {string} fixture
     * @param {{ options?: object, env?: Record<string, string | undefined>, execArgv?: string[], timeoutMs?: number, host?: boolean, cpus?: number[] | null, onMessage?: (data: any) => void }} [o]
     */
    start(fixture, o = {}) {
      return startFixture({
        node: o.host ? process.execPath : node.path,
        fixture,
        options: { tmpdir, ...o.options },
        env: o.env,
        execArgv: o.execArgv,
        cpus: o.cpus === undefined ? list : o.cpus,
        timeoutMs: o.timeoutMs ?? 60_000,
        signal,
        onMessage: o.onMessage,
      });
    },
    /** CPUs the fixtures may use: the --cpus list, else every allowed CPU (null where unknown). */
    usable: list ?? allowedCpus(),
    dispose() {
      rmSync(tmpdir, { recursive: true, force: true });
    },
  };
  if (!skipAll) {
    try {
      const probe = await ctx.run('profile-probe.cjs', { options: { cores: ctx.cores, taskMs }, env: { UV_THREADPOOL_SIZE: String(ctx.cores + 1) }, timeoutMs: 60_000 });
      ctx.profile = buildProfile({ probe, topology: await hostTopology() });
    } catch (err) {
      ctx.dispose();
      throw err;
    }
    ctx.cores = ctx.profile.cores;
    ctx.pbkdf2 = ctx.profile.pbkdf2 ?? ctx.pbkdf2;
  }
  return ctx;
}

async function hasTaskset() {
  try {
    await run('taskset', ['-V'], { timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * The environment part of the record.
 * @param {Context} ctx
 */
export function describeEnvironment(ctx) {
  return {
    platform: ctx.platform,
    arch: ctx.arch,
    release: ctx.release,
    node: { path: ctx.node.execPath, version: ctx.node.version, v8: ctx.node.v8, uv: ctx.node.uv },
    hostNode: { version: process.versions.node },
    cpus: { requested: ctx.requestedCpus, list: ctx.cpus, method: ctx.cpuMethod },
    quick: ctx.quick,
  };
}
