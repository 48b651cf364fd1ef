#!/usr/bin/env node
// @ts-check
// The command line. It parses arguments, builds each environment's machine
// and launcher, and wires the engine's event stream to the reporters; the
// engine (engine.js) produces every event and the record. The one place that
// decides the exit code and exits.
import { fileURLToPath } from 'node:url';
import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCli, helpText, COMMANDS } from './args.js';
import { probeMachine } from './machine.js';
import { withLauncher } from './launcher.js';
import { runToRecord } from './engine.js';
import { UsageError, SpecError, FixtureError } from './errors.js';
import { loadSpecs, selectSpecs } from './registry.js';
import { pkg } from './record.js';
import { checkWritable, checkDirectory, fanOut } from './output.js';
import {
  LIVE,
  isLive,
  spec as specReporter,
  jsonTargets,
  exportRecord,
  EXPORTERS,
  BESIDE_JSON,
} from './reporters/index.js';
import { shouldColor } from './reporters/format.js';
import { killAll } from './isolate.js';
import { watchStop } from './watchdog.js';
import { oneLine } from './text.js';
import { loadExpectations, formatUnused } from './expectations.js';
import { verify } from './verify.js';

/**
 * @typedef {ReturnType<typeof parseCli>} CliOptions
 * @typedef {{ nodePath: string, cpus: number | null, tag: string }} Environment
 * @typedef {{ name: string, file: string | null }} Target
 */

/**
 * @param {string[]} argv
 * @param {{ stdout?: NodeJS.WriteStream, stderr?: NodeJS.WriteStream }} [io]
 * @returns {Promise<number>} exit code
 */
export async function main(argv, { stdout = process.stdout, stderr = process.stderr } = {}) {
  const say = (/** @type {string} */ line) => stderr.write(`node-concurrency-spec: ${line}\n`);
  if (Object.hasOwn(COMMANDS, argv[0] ?? '')) {
    const { run: command } = await import(`./commands/${argv[0]}.js`);
    return command(argv.slice(1), { stdout, stderr });
  }
  let opts;
  try {
    opts = parseCli(argv);
  } catch (err) {
    say(`${/** @type {Error} */ (err).message} (see --help)`);
    return 2;
  }
  if (opts.help) return (void stdout.write(helpText()), 0);
  if (opts.version) return (void stdout.write(`${pkg.version}\n`), 0);

  const controller = new AbortController();
  let interrupts = 0;
  /** The shell's convention for a process ended by a signal: 128 + its number. */
  let signalExit = 0;
  const onSignal = (/** @type {'SIGINT' | 'SIGTERM'} */ sig) => {
    interrupts++;
    signalExit = 128 + os.constants.signals[sig];
    killAll();
    if (interrupts > 1) process.exit(signalExit); // second Ctrl-C: trials are killed, leave now
    say(`${sig}: stopping; the partial report will be written`);
    controller.abort(new Error(`interrupted by ${sig}`));
    startWatchdog();
  };
  // The stop is under way (the run aborted): a watchdog ends it if it hangs.
  // One that cannot start (no thread to spare) must not stop the stop.
  const startWatchdog = () => {
    try {
      watchStop();
    } catch {
      // the stop goes on without it
    }
  };
  const handlers = { SIGINT: () => onSignal('SIGINT'), SIGTERM: () => onSignal('SIGTERM') };
  for (const [s, h] of Object.entries(handlers)) process.on(s, h);
  // A closed stdout (`| head`) ends the run as an interrupt does: trials are
  // killed and the record is still written.
  let stdoutClosed = false;
  const onStdoutError = (/** @type {any} */ err) => {
    if (err?.code !== 'EPIPE') return;
    stdoutClosed = true;
    killAll();
    if (controller.signal.aborted) return;
    controller.abort(new Error('stdout closed'));
    startWatchdog();
  };
  stdout.on?.('error', onStdoutError);
  try {
    const specs = selectSpecs(await loadSpecs(undefined, { specDirs: opts.specDirs }), opts.patterns);
    const entries = opts.expectations ? loadExpectations(opts.expectations) : null;
    const expectations = opts.expectations && entries ? { file: opts.expectations, entries } : null;
    if (opts.list) {
      for (const s of specs) stdout.write(`${s.id.padEnd(32)} ${s.title}\n`);
      return 0;
    }
    const envs = environments(opts);
    if (opts.verify) {
      const code = await verify({
        n: opts.verify,
        specs,
        envs,
        opts,
        expectations,
        stdout,
        stderr,
        signal: controller.signal,
      });
      return signalExit || code;
    }
    const plans = envs.map((env) => outputsFor(opts, env, envs.length));
    // Every report path is checked before anything is measured.
    if (opts.out) checkDirectory(opts.out);
    for (const { live, exports } of plans) for (const t of [...live, ...exports]) if (t.file) checkWritable(t.file);
    const codes = [];
    for (let i = 0; i < envs.length && !controller.signal.aborted; i++) {
      if (envs.length > 1) say(`environment ${i + 1} of ${envs.length}: ${envs[i].tag}`);
      const { live, exports, json, reporters } = plans[i];
      const record = await runEnvironment({
        argv,
        opts,
        specs,
        expectations,
        env: envs[i],
        live,
        stdout,
        signal: controller.signal,
      });
      for (const u of record.expectations?.unused ?? [])
        if (u.stale || opts.patterns.length === 0) say(formatUnused(/** @type {any} */ (u)));
      exportRecord(record, { targets: exports, stdout, stderr });
      // Where the files went, after the spec reporter's summary (never with
      // TAP on stdout, which must stay parseable).
      const where = opts.reporters.some((r) => r.name === 'spec' && !r.file) ? reportsLine(json, reporters) : '';
      if (where && !stdoutClosed) stdout.write(`${where}\n`);
      codes.push(record.exitCode);
      if (record.interrupted && json) say(`interrupted: partial report written to ${json}`);
    }
    return signalExit || worstExit(codes);
  } catch (err) {
    if (err instanceof UsageError || err instanceof SpecError) say(err.message);
    else if (controller.signal.aborted) {
      say('interrupted while profiling the machine: no claim ran, no report written');
      if (signalExit) return signalExit;
    } else if (err instanceof FixtureError) say(`harness error: ${oneLine(err.message)}`);
    else {
      const e = /** @type {Error} */ (err);
      say(`harness error: ${process.env.NCS_DEBUG ? e.stack : oneLine(String(e?.message ?? err))}`);
    }
    return 2;
  } finally {
    killAll();
    for (const [s, h] of Object.entries(handlers)) process.off(s, h);
    stdout.off?.('error', onStdoutError);
  }
}

/**
 * Every combination of --node and --cpus, in order (nodes outer).
 * @param {{ nodes: string[], cpus: number[] | null }} opts
 * @returns {Environment[]}
 */
export function environments(opts) {
  const nodes = opts.nodes.length ? opts.nodes : [process.execPath];
  const cpuList = opts.cpus ?? [null];
  return nodes.flatMap((nodePath, ni) =>
    cpuList.map((cpus) => {
      const tag = [nodes.length > 1 ? `node${ni + 1}` : '', cpus === null ? '' : `cpus${cpus}`]
        .filter(Boolean)
        .join('-');
      return { nodePath, cpus, tag };
    }),
  );
}

/**
 * Where one environment's reports go: live reporters (on the event stream)
 * and exporters (of the finished record: `--json` and its side files, and
 * exporter names given to `--reporter`). With several environments every
 * file gets the environment's tag.
 * @param {CliOptions} opts @param {Environment} env @param {number} count
 * @returns {{ live: Target[], exports: Target[], json: string | null, reporters: Target[] }}
 */
export function outputsFor(opts, env, count) {
  const file = (/** @type {string | null} */ f) => (f && count > 1 ? suffixed(f, env.tag) : f);
  /** @type {Target[]} */
  const reporters = opts.reporters.map((/** @type {Target} */ r) => ({ name: r.name, file: file(r.file) }));
  const json = file(opts.json);
  return {
    json,
    reporters,
    live: reporters.filter((r) => isLive(r.name)),
    exports: [...(json ? jsonTargets(json) : []), ...reporters.filter((r) => !isLive(r.name))],
  };
}

/** 'reports/latest.json' + 'node1-cpus2' -> 'reports/latest.node1-cpus2.json' @param {string} file @param {string} tag */
export function suffixed(file, tag) {
  const ext = path.extname(file);
  return `${file.slice(0, file.length - ext.length)}.${tag}${ext}`;
}

/**
 * One line naming where an environment's files went, e.g.
 * 'reports: reports/latest.json (+ .html, .md), junit → x.xml'; '' when it
 * wrote none. Paths inside the working directory are shown relative to it.
 * @param {string | null} json the record's file @param {Target[]} reporters @param {string} [cwd]
 */
export function reportsLine(json, reporters, cwd = process.cwd()) {
  const shown = (/** @type {string} */ f) => {
    const abs = path.resolve(cwd, f);
    const rel = path.relative(cwd, abs);
    return rel && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel) ? rel : abs;
  };
  const beside = BESIDE_JSON.map((name) => EXPORTERS[name].ext).join(', ');
  const parts = [
    ...(json ? [`${shown(json)} (+ ${beside})`] : []),
    ...reporters.flatMap((r) => (r.file ? [`${r.name} → ${shown(r.file)}`] : [])),
  ];
  return parts.length ? `reports: ${parts.join(', ')}` : '';
}

/** The run's exit code over environments: 2 over 1 over 3 over 0. @param {number[]} codes */
export function worstExit(codes) {
  for (const c of [2, 1, 3]) if (codes.includes(c)) return c;
  return 0;
}

/**
 * One environment: probe the machine, run the specs, feed the live reporters.
 * Returns the record.
 * @param {{ argv: string[], opts: CliOptions, specs: import('./spec.js').Spec[],
 *   expectations: { file: string, entries: import('./expectations.js').Entry[] } | null,
 *   env: Environment, live: Target[], stdout: NodeJS.WriteStream, signal: AbortSignal }} o
 */
async function runEnvironment({ argv, opts, specs, expectations, env, live, stdout, signal }) {
  const { nodePath, cpus } = env;
  const startedAt = new Date(); // the record's duration includes the machine's profile
  const machine = await probeMachine({
    nodePath,
    cpus,
    signal,
    quick: opts.quick,
    sourceLoads: opts.sourceLoads,
    env: opts.env,
  });
  return withLauncher({ machine, signal }, async (launcher) => {
    const tty = Boolean(stdout.isTTY);
    const reporterOf = (/** @type {Target} */ r) =>
      r.name === 'spec'
        ? specReporter({ tty: !r.file && tty, color: !r.file && shouldColor({ tty }), columns: stdout.columns })
        : LIVE[/** @type {'tap'} */ (r.name)];
    const out = fanOut(
      live.map((r) => ({ ...r, fn: reporterOf(r) })),
      stdout,
    );
    const options = { argv, selection: opts.patterns, strict: opts.strict, lanes: opts.lanes, signal, startedAt };
    const record = await runToRecord({ specs, machine, launcher, expectations, options }, out.push);
    await out.close();
    return record;
  });
}

const self = fileURLToPath(import.meta.url);
if (process.argv[1] && realpathSync(process.argv[1]) === self) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
