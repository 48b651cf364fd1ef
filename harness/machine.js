// @ts-check
// The machine a run measures, as plain data: the Node binary under test, the
// CPUs its fixtures may use, the settings in force (--env, --inherit-env) and
// the pool size they give, and the profile (core count C, effective
// parallelism, the calibrated pbkdf2 task). Built once per environment by
// probing, or rebuilt from a record's environment and profile (judge), or
// declared outright (simulation). It holds no handles and does nothing: the
// Launcher (launcher.js) does the effects.
import { execFile } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';
import { fixtureEnv } from './isolate.js';
import { createRequire } from 'node:module';
import { withLauncher } from './launcher.js';
import { UsageError } from './errors.js';
import { buildProfile, parseCpuList, probeOptions, TASK_MS, QUICK_TASK_MS } from './profile.js';
import { hostTopology } from './topology.js';

const exec = promisify(execFile);

/**
 * @typedef {object} NodeInfo
 * @property {string} path      the binary as given
 * @property {string} execPath  the binary as it reports itself
 * @property {string} version   e.g. '20.20.2'
 * @property {number} major
 * @property {string} v8
 * @property {string} uv
 *
 * @typedef {object} Machine
 * @property {NodeInfo} node
 * @property {string} platform
 * @property {string} arch
 * @property {string} release
 * @property {number[] | null} cpus        the --cpus list fixtures are pinned to, or null
 * @property {'taskset' | 'none'} cpuMethod
 * @property {number | null} requestedCpus the --cpus count asked for
 * @property {boolean} quick               --quick: specs take their fastest plan that keeps the error rates
 * @property {boolean} [sourceLoads]       --source-loads: the cluster throughput claims also run their source's own load
 * @property {import('./profile.js').Profile | null} profile
 * @property {number} cores                C
 * @property {{ iterations: number, taskMs: number, referenceMs?: number | null }} pbkdf2  one calibrated pool task, and the speed reference at the speed the task was timed at
 * @property {number[] | null} usable      CPUs the fixtures may use: the --cpus list, else every allowed CPU (null where unknown)
 * @property {Record<string, string>} env  the settings in force: variables every fixture runs with ({} when none)
 * @property {number} poolSize              P, the pool size the model uses under those settings
 * @property {PoolSizeFrom} poolSizeFrom    how poolSize was found
 * @property {number | null} openFiles      the open-file limit fixtures run under (null: unknown or unlimited)
 *
 * @typedef {'default' | 'measured' | 'libuv rule'} PoolSizeFrom
 *   default: UV_THREADPOOL_SIZE is not in force (libuv's 4); measured: the
 *   FIFO probe under the settings; libuv rule: computed where FIFOs are missing
 */

// The fixtures' parking library, CommonJS (loaded as profile.js loads the
// cgroup reader: by a loader not named `require`, so the types build does
// not follow it into fixtures/).
const loadFixture = createRequire(import.meta.url);
/** @type {{ poolSize: (env: Record<string, string | undefined>) => number }} */
const parkLib = loadFixture('../fixtures/lib/park.cjs');

/** libuv's pool size when UV_THREADPOOL_SIZE is not set. */
export const LIBUV_DEFAULT_POOL = 4;
/** libuv's largest pool (MAX_THREADPOOL_SIZE since 1.30). */
const LIBUV_MAX_POOL = 1024;

/**
 * Versions of a Node binary, asked of the binary itself.
 * @param {string} nodePath
 * @returns {Promise<NodeInfo>}
 */
export async function nodeInfo(nodePath) {
  try {
    const { stdout } = await exec(nodePath, ['-p', 'JSON.stringify([process.execPath, process.versions])'], {
      env: fixtureEnv(),
      timeout: 20_000,
    });
    const [execPath, v] = JSON.parse(stdout);
    return { path: nodePath, execPath, version: v.node, major: Number(v.node.split('.')[0]), v8: v.v8, uv: v.uv };
  } catch (err) {
    const code = /** @type {any} */ (err).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'not executable' : 'it did not run as Node.js';
    throw new UsageError(`--node ${nodePath}: ${why}`);
  }
}

/** CPUs this process may run on (Linux), else null. */
export function allowedCpus() {
  if (process.platform !== 'linux' || !existsSync('/proc/self/status')) return null;
  const status = readFileSync('/proc/self/status', 'utf8').split('\n');
  const line = status.find((l) => l.startsWith('Cpus_allowed_list:'));
  return line ? parseCpuList(line.split(':')[1]) : null;
}

/**
 * The CPU list for `--cpus N`: the first N CPUs this process may use. Where
 * affinity cannot be set, `--cpus` cannot be honoured: a usage error.
 * @param {number} n @param {number[] | null} allowed
 * @returns {number[]}
 */
export function selectCpus(n, allowed) {
  if (allowed === null) {
    throw new UsageError(`--cpus ${n} needs CPU affinity (taskset on Linux), which ${process.platform} does not offer`);
  }
  if (n > allowed.length) {
    const s = allowed.length === 1 ? '' : 's';
    throw new UsageError(`--cpus ${n}: only ${allowed.length} CPU${s} available (${allowed.join(',')})`);
  }
  return allowed.slice(0, n);
}

/**
 * The open-file limit a fixture runs under: the hard limit, since Node raises
 * its soft limit to the hard one at start-up. Null where /proc does not say
 * (not Linux) or there is no limit.
 * @param {() => string} [readLimits] the text of /proc/self/limits
 * @returns {number | null}
 */
export function openFileLimit(readLimits = () => readFileSync('/proc/self/limits', 'utf8')) {
  let text;
  try {
    text = readLimits();
  } catch {
    return null;
  }
  const m = /^Max open files\s+\S+\s+(\d+)\s/m.exec(text);
  return m ? Number(m[1]) : null;
}

async function hasTaskset() {
  try {
    await exec('taskset', ['-V'], { timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Probe the machine for one environment: the Node binary's versions, the CPU
 * list, the profile (measured by fixtures/profile-probe.cjs under that Node
 * and those CPUs) and the pool size under the settings in force.
 * @param {{ nodePath: string, cpus: number | null, quick?: boolean, sourceLoads?: boolean, signal?: AbortSignal, taskMs?: number,
 *   env?: Record<string, string> }} o  env: the settings in force
 * @returns {Promise<Machine>}
 */
export async function probeMachine(o) {
  const { nodePath, cpus, quick = false, sourceLoads = false, signal, env = {} } = o;
  const t0 = performance.now();
  const taskMs = o.taskMs ?? (quick ? QUICK_TASK_MS : TASK_MS);
  // The topology is read before the probe measures anything (sysfs on
  // Linux: a few file reads). The Node binary's versions come with the
  // probe's report; a spawn of its own first would cost the profile 100 ms.
  const topology = await hostTopology();
  let list = null;
  if (cpus !== null) {
    list = selectCpus(cpus, allowedCpus());
    if (!(await hasTaskset()))
      throw new UsageError(`--cpus ${cpus} needs taskset(1), which is not installed (util-linux)`);
  }
  const cores = list ? list.length : os.availableParallelism();
  const base = {
    node: unprobedNode(nodePath),
    platform: process.platform,
    arch: process.arch,
    release: os.release(),
    cpus: list,
    cpuMethod: /** @type {'taskset' | 'none'} */ (list ? 'taskset' : 'none'),
    requestedCpus: cpus,
    quick,
    sourceLoads,
    profile: null,
    cores,
    pbkdf2: { iterations: 0, taskMs },
    usable: list ?? allowedCpus(),
    env: { ...env },
    poolSize: LIBUV_DEFAULT_POOL,
    poolSizeFrom: /** @type {PoolSizeFrom} */ ('default'),
    openFiles: openFileLimit(),
  };
  // The probes run as every fixture does: through a launcher for this Node,
  // CPU list and settings (its scratch directory is removed when done). The
  // profile probe sets its own pool size (C + 1) over the settings.
  const po = probeOptions(cores, taskMs);
  let probe, pool;
  try {
    [probe, pool] = await withLauncher({ machine: base, signal }, async (launcher) => [
      await launcher.run('profile-probe.cjs', { options: po.options, env: po.env, timeoutMs: 60_000 }),
      await poolInForce({ env, platform: base.platform, run: launcher.run }),
    ]);
  } catch (err) {
    // A binary that is not Node says so in one line (nodeInfo's usage error);
    // a Node that ran the probe and failed keeps the probe's own error.
    if (!signal?.aborted) await nodeInfo(nodePath);
    throw err;
  }
  const node = probedNode(nodePath, probe) ?? (await nodeInfo(nodePath));
  // How long the whole profile took (the speed issue's figure), from the topology on.
  const profile = { ...buildProfile({ probe, topology }), durationMs: Math.round(performance.now() - t0) };
  return { ...base, ...pool, node, profile, cores: profile.cores, pbkdf2: profile.pbkdf2 ?? base.pbkdf2 };
}

/**
 * The binary as given, before its probe has said what it is: all the
 * launcher needs to run fixtures under it.
 * @param {string} nodePath
 * @returns {NodeInfo}
 */
function unprobedNode(nodePath) {
  return { path: nodePath, execPath: nodePath, version: '', major: 0, v8: '', uv: '' };
}

/**
 * The Node binary's versions as its profile probe reported them, or null
 * where the report lacks them.
 * @param {string} nodePath @param {any} probe
 * @returns {NodeInfo | null}
 */
export function probedNode(nodePath, probe) {
  const v = probe?.versions;
  if (typeof v?.node !== 'string' || typeof probe.execPath !== 'string') return null;
  return {
    path: nodePath,
    execPath: probe.execPath,
    version: v.node,
    major: Number(v.node.split('.')[0]),
    v8: String(v.v8 ?? ''),
    uv: String(v.uv ?? ''),
  };
}

/**
 * The pool size the settings in force give: libuv's default without
 * UV_THREADPOOL_SIZE; for a plain number (up to 4 digits) libuv's rule, which
 * every version reads alike. That size is what the claims are then checked
 * against, so it must not be measured: a measurement would adopt a pool that
 * ignores the setting (which the claims exist to catch). Odd values (signs,
 * letters, long strings) are read differently across versions (see
 * pool.env-parsing): those are counted once by the exact FIFO probe under the
 * settings; where there are no FIFOs (Windows), libuv's rule.
 * @param {{ env: Record<string, string>, platform: string, run: import('./launcher.js').Launcher['run'] }} o
 * @returns {Promise<{ poolSize: number, poolSizeFrom: PoolSizeFrom }>}
 */
export async function poolInForce({ env, platform, run }) {
  const raw = env.UV_THREADPOOL_SIZE;
  if (raw === undefined) return { poolSize: LIBUV_DEFAULT_POOL, poolSizeFrom: 'default' };
  const rule = libuvPoolSize(raw);
  if (/^\d{1,4}$/.test(raw) || platform === 'win32') return { poolSize: rule, poolSizeFrom: 'libuv rule' };
  // More FIFOs than the rule's size, so a larger reading would still show.
  const fifos = Math.min(LIBUV_MAX_POOL + 76, rule + 64);
  const probe = await run('pool-probe.cjs', { options: { fifos }, timeoutMs: 60_000 });
  return { poolSize: probe.parked, poolSizeFrom: 'measured' };
}

/**
 * libuv's reading of UV_THREADPOOL_SIZE: atoi into an unsigned int, 0 → 1,
 * clamped to 1024 (the fallback where the pool cannot be counted). The rule
 * is the fixtures' own (fixtures/lib/park.cjs, which parks that many), so
 * the model and the fixtures read a setting alike.
 * @param {string} raw
 * @returns {number}
 */
export function libuvPoolSize(raw) {
  return parkLib.poolSize({ UV_THREADPOOL_SIZE: raw });
}

/**
 * The machine a record was made on, from its environment and profile: what
 * re-judging plans with. Nothing is probed.
 * @param {any} record
 * @returns {Machine}
 */
export function machineFromRecord(record) {
  const env = record.environment;
  const profile = record.profile ?? null;
  const version = String(env.node?.version ?? '0.0.0').replace(/^v/, '');
  const list = env.cpus?.list ?? null;
  const path = env.node?.path ?? '';
  return {
    node: {
      path,
      execPath: path,
      version,
      major: Number(version.split('.')[0]),
      v8: env.node?.v8 ?? '',
      uv: env.node?.uv ?? '',
    },
    platform: env.platform,
    arch: env.arch,
    release: env.release,
    cpus: list,
    cpuMethod: env.cpus?.method ?? 'none',
    requestedCpus: env.cpus?.requested ?? null,
    quick: Boolean(env.quick),
    sourceLoads: Boolean(env.sourceLoads),
    profile,
    cores: profile?.cores ?? list?.length ?? profile?.availableParallelism ?? 1,
    pbkdf2: profile?.pbkdf2 ?? { iterations: 0, taskMs: TASK_MS },
    usable: list ?? profile?.affinity ?? null,
    // Records from before settings in force were kept ran with none.
    env: { ...env.env },
    poolSize: env.poolSize ?? LIBUV_DEFAULT_POOL,
    poolSizeFrom: env.poolSizeFrom ?? 'default',
    openFiles: env.openFiles ?? null,
  };
}

/**
 * The environment part of the record.
 * @param {Machine} machine
 */
export function describeEnvironment(machine) {
  return {
    platform: machine.platform,
    arch: machine.arch,
    release: machine.release,
    node: { path: machine.node.execPath, version: machine.node.version, v8: machine.node.v8, uv: machine.node.uv },
    hostNode: { version: process.versions.node },
    cpus: { requested: machine.requestedCpus, list: machine.cpus, method: machine.cpuMethod },
    quick: machine.quick,
    ...(machine.sourceLoads ? { sourceLoads: true } : {}),
    env: { ...machine.env },
    poolSize: machine.poolSize,
    poolSizeFrom: machine.poolSizeFrom,
    openFiles: machine.openFiles,
  };
}
