// @ts-check
// Launchers: what a run does to measure. The engine asks a launcher for each
// trial's observation; specs reach its effects (run a fixture, start a
// service, a scratch directory) through their context. Three kinds:
//   createLauncher   the real one: fixtures in fresh child processes
//   replayLauncher   feeds the samples a record holds (judge), then ends
//                    with EndOfSamples
//   (bench/lib)      simulated machines for the validity sweeps
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFixture, startFixture } from './isolate.js';
import { alignLooks } from './main-watch.js';
import { EndOfSamples } from './errors.js';
import { createRequire } from 'node:module';

/** @type {{ makeMemoryTwin: (dir: string) => string | null }} */
const scratch = createRequire(import.meta.url)('../fixtures/lib/scratch.cjs');

/**
 * @typedef {object} RunOptions      how a spec runs one fixture to completion
 * @property {object} [options]      the fixture's JSON argument (tmpdir is added)
 * @property {Record<string, string | undefined>} [env]
 * @property {string[]} [execArgv]
 * @property {number} [timeoutMs]
 * @property {number[]} [cpus]       run it on these CPUs (taskset, Linux) instead of the run's own
 * @property {string[]} [ownNetwork] run it in a network namespace of its own, these addresses on its
 *                                   loopback (netns.js: callers check ownNetworkProblem() first)
 * @property {number} [watchThreadsMs]  list the fixture's threads from outside this often: the most of
 *                                   them one look saw joins what it reported as threadsMost
 * @property {boolean} [plain]      start it as a user's shell does: no IPC channel, none of the harness's
 *                                   own defaults in its environment (isolate.js RunOptions `plain`)
 * @property {number} [watchMainMs]  look at the fixture's main thread from outside this often: the
 *                                   looks join what it reported as mainLooks, on its clock (it reports
 *                                   t0Mono and its pid)
 *
 * @typedef {RunOptions & {
 *   host?: boolean, cpus?: number[] | null, onMessage?: (data: any) => void, readyMs?: number
 * }} StartOptions                   a service: `host` runs it under the harness's own Node
 *                                   (the load generator is not under test); `cpus` pins it elsewhere;
 *                                   `readyMs` bounds its start (it is killed if not ready by then);
 *                                   with `watchMainMs`, its result's mainLooks are the raw looks
 *                                   (main-watch.js alignLooks puts them on its clock)
 *
 * @typedef {object} Launcher
 * @property {(plan: import('./spec.js').Plan, ctx: import('./context.js').Context, n: number, spec: import('./spec.js').Spec) => Promise<any>} trial
 *   trial n's raw observation (live: the plan's own trial)
 * @property {(spec: import('./spec.js').Spec, n: number) => boolean} [hasTrial]  whether trial n can be had
 *   (a replay: whether the record has it); absent where every trial can be run
 * @property {(spec: import('./spec.js').Spec) => number | null} [parallelismNow]  the effective
 *   parallelism read at the claim's start where the launcher keeps it (a replay: the record's; engine.js
 *   reads it by the profile's probe where this is absent)
 * @property {(fixture: string, o?: RunOptions) => Promise<any>} run
 *   run a fixture under the machine's Node and CPUs; resolves with what it reported
 * @property {(fixture: string, o?: StartOptions) => import('./isolate.js').FixtureHandle} start
 *   start a long-running fixture (a server, a load generator) that says 'ready' and runs until stop()
 * @property {string} tmpdir         a scratch directory for fixtures (FIFOs, files)
 * @property {AbortSignal} [signal]  aborts every fixture of the run
 * @property {() => void} dispose    remove what the launcher made
 */

/**
 * A live trial: the plan measures.
 * @type {Launcher['trial']}
 */
const liveTrial = (plan, ctx, n) => plan.trial(ctx, n);

/**
 * The real launcher for a machine: each fixture in a fresh process under the
 * machine's Node binary, pinned to its CPU list, with the settings in force
 * (machine.env) under the spec's own env. A `host` fixture (the load
 * generator) is the harness's instrument, not the service under test: it runs
 * without them, so a user's NODE_OPTIONS cannot slow the measuring side.
 * @param {{ machine: import('./machine.js').Machine, signal?: AbortSignal }} o
 * @returns {Launcher}
 */
export function createLauncher({ machine, signal }) {
  const tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-'));
  // Its twin on a memory filesystem, for the fixtures' FIFOs (scratch.cjs); null where there is none.
  const fifoTwin = scratch.makeMemoryTwin(tmpdir);
  const remove = () => {
    rmSync(tmpdir, { recursive: true, force: true });
    if (fifoTwin) rmSync(fifoTwin, { recursive: true, force: true });
  };
  // A run ended by process.exit (a second Ctrl-C) skips dispose(): /dev/shm lasts until a reboot.
  process.once('exit', remove);
  return {
    trial: liveTrial,
    async run(fixture, o = {}) {
      const { data, mainLooks, threadsMost } = await runFixture({
        node: machine.node.path,
        fixture,
        options: { tmpdir, ...o.options },
        env: o.env,
        settings: machine.env,
        execArgv: o.execArgv,
        cpus: o.cpus === undefined ? machine.cpus : o.cpus,
        ownNetwork: o.ownNetwork,
        timeoutMs: o.timeoutMs,
        signal,
        watchMainMs: o.watchMainMs,
        watchThreadsMs: o.watchThreadsMs,
        plain: o.plain,
      });
      if (!o.watchMainMs && !o.watchThreadsMs) return data;
      return {
        ...data,
        ...(o.watchMainMs && { mainLooks: alignLooks(mainLooks, data ?? {}) }),
        ...(o.watchThreadsMs && { threadsMost }),
      };
    },
    start(fixture, o = {}) {
      return startFixture({
        node: o.host ? process.execPath : machine.node.path,
        fixture,
        options: { tmpdir, ...o.options },
        env: o.env,
        settings: o.host ? {} : machine.env,
        execArgv: o.execArgv,
        cpus: o.cpus === undefined ? machine.cpus : o.cpus,
        ownNetwork: o.ownNetwork,
        timeoutMs: o.timeoutMs ?? 60_000,
        signal,
        onMessage: o.onMessage,
        readyMs: o.readyMs,
        watchMainMs: o.watchMainMs,
        watchThreadsMs: o.watchThreadsMs, // its result's threadsMost, as run()'s
        plain: o.plain,
      });
    },
    tmpdir,
    signal,
    dispose() {
      process.removeListener('exit', remove);
      remove();
    },
  };
}

/**
 * Do `fn` with a real launcher for the machine, and remove what the launcher
 * made afterwards, whatever happens.
 * @template T
 * @param {{ machine: import('./machine.js').Machine, signal?: AbortSignal }} o
 * @param {(launcher: Launcher) => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function withLauncher(o, fn) {
  const launcher = createLauncher(o);
  try {
    return await fn(launcher);
  } finally {
    launcher.dispose();
  }
}

/**
 * Replays recorded samples: trial n of a claim is the n-th sample recorded
 * for it; past the last one, EndOfSamples (the engine makes that claim
 * inconclusive, and `ended` lists it). Nothing runs.
 * @param {Map<string, any[]> | Record<string, any[]>} samplesById
 * @param {Map<string, number | null>} [parallelismById]  the effective parallelism each claim read
 *   at its start, as recorded (expectation.parallelismNow)
 * @returns {Launcher & { ended: Set<string> }}
 */
export function replayLauncher(samplesById, parallelismById = new Map()) {
  const get = (/** @type {string} */ id) => (samplesById instanceof Map ? samplesById.get(id) : samplesById[id]) ?? [];
  const refuse = () => {
    throw new Error('a replayed run starts no fixture');
  };
  /** @type {Set<string>} claims whose recorded samples ran out before a verdict */
  const ended = new Set();
  return {
    ended,
    // Whether the record has trial n: a claim deferred at its last recorded
    // trial (a record without its second sitting) keeps its first result.
    hasTrial: (spec, n) => n <= get(spec.id).length,
    async trial(_plan, _ctx, n, spec) {
      const samples = get(spec.id);
      if (n > samples.length) {
        ended.add(spec.id);
        throw new EndOfSamples(samples.length);
      }
      return samples[n - 1];
    },
    parallelismNow: (spec) => parallelismById.get(spec.id) ?? null,
    run: async () => refuse(),
    start: refuse,
    tmpdir: '',
    signal: undefined,
    dispose() {},
  };
}
