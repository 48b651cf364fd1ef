#!/usr/bin/env node
// The command line. The one place that decides the exit code and exits.
import { fileURLToPath } from 'node:url';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { parseCli, helpText, COMMANDS } from './args.js';
import { createContext, describeEnvironment, UsageError } from './context.js';
import { loadSpecs, selectSpecs } from './registry.js';
import { runSpecs } from './runner.js';
import { buildRecord, pkg } from './record.js';
import { checkWritable, fanOut, writeWhole } from './output.js';
import { reporters as known, spec as specReporter } from './reporters/index.js';
import { shouldColor } from './reporters/format.js';
import { killAll, FixtureError } from './isolate.js';
import { oneLine } from './reporters/format.js';
import { renderHtml } from './reporters/html.js';
import { renderMarkdown } from './reporters/markdown.js';
import { githubReport } from './reporters/github.js';
import { SpecError } from './spec.js';
import { loadExpectations, markKnown, applyExpectations, whereFrom, formatUnused } from './expectations.js';
import { verify } from './verify.js';

/**
 * @param {string[]} argv
 * @param {{ stdout?: NodeJS.WriteStream, stderr?: NodeJS.WriteStream }} [io]
 * @returns {Promise<number>} exit code
 */
export async function main(argv, { stdout = process.stdout, stderr = process.stderr } = {}) {
  const say = (/** @type {string} */ line) => stderr.write(`node-concurrency-spec: ${line}\n`);
  if (Object.hasOwn(COMMANDS, argv[0] ?? '')) {
    const { run } = await import(`./commands/${argv[0]}.js`);
    return run(argv.slice(1), { stdout, stderr });
  }
  let opts;
  try {
    opts = parseCli(argv);
  } catch (err) {
    say(`${/** @type {Error} */ (err).message} (see --help)`);
    return 2;
  }
  if (opts.help) return void stdout.write(helpText()), 0;
  if (opts.version) return void stdout.write(`${pkg.version}\n`), 0;

  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = (/** @type {string} */ sig) => {
    interrupts++;
    killAll();
    if (interrupts > 1) process.exit(2); // second Ctrl-C: trials are killed, leave now
    say(`${sig}: stopping; the partial report will be written`);
    controller.abort(new Error(`interrupted by ${sig}`));
  };
  const handlers = { SIGINT: () => onSignal('SIGINT'), SIGTERM: () => onSignal('SIGTERM') };
  for (const [s, h] of Object.entries(handlers)) process.on(s, h);
  // A closed stdout (`| head`) ends the run as an interrupt does: trials are
  // killed and the record is still written.
  const onStdoutError = (/** @type {any} */ err) => {
    if (err?.code !== 'EPIPE') return;
    killAll();
    if (!controller.signal.aborted) controller.abort(new Error('stdout closed'));
  };
  stdout.on?.('error', onStdoutError);
  try {
    if (opts.verify) return await verify({ argv, n: opts.verify, stdout, stderr, signal: controller.signal });
    const specs = selectSpecs(await loadSpecs(undefined, { specDirs: opts.specDirs }), opts.patterns);
    const expectations = opts.expectations ? loadExpectations(opts.expectations) : null;
    if (opts.list) {
      for (const s of specs) stdout.write(`${s.id.padEnd(32)} ${s.title}\n`);
      return 0;
    }
    const envs = environments(opts);
    // With several environments every report file gets the environment's tag.
    const fileFor = (/** @type {string | null} */ file, /** @type {number} */ i) => (file && envs.length > 1 ? suffixed(file, envs[i].tag) : file);
    const jsonFor = (/** @type {number} */ i) => fileFor(opts.json, i);
    const reportersFor = (/** @type {number} */ i) => opts.reporters.map((r) => ({ ...r, file: fileFor(r.file, i) }));
    for (let i = 0; i < envs.length; i++) {
      const json = jsonFor(i);
      if (json) for (const file of [json, beside(json, '.html'), beside(json, '.md')]) checkWritable(file);
      for (const r of reportersFor(i)) if (r.file) checkWritable(r.file);
    }
    const codes = [];
    for (let i = 0; i < envs.length && !controller.signal.aborted; i++) {
      if (envs.length > 1) say(`environment ${i + 1} of ${envs.length}: ${envs[i].tag}`);
      const record = await runEnvironment({ argv, opts, specs, expectations, env: envs[i], json: jsonFor(i), reporters: reportersFor(i), stdout, signal: controller.signal });
      for (const u of record.expectations?.unused ?? []) if (u.stale || opts.patterns.length === 0) say(formatUnused(u));
      githubReport(record, { stdout: stderr, warn: (line) => stderr.write(`${line}\n`) });
      codes.push(record.exitCode);
      if (record.interrupted && jsonFor(i)) say(`interrupted: partial report written to ${jsonFor(i)}`);
    }
    return worstExit(codes);
  } catch (err) {
    if (err instanceof UsageError || err instanceof SpecError) say(err.message);
    else if (controller.signal.aborted) say('interrupted while profiling the machine: no claim ran, no report written');
    else if (err instanceof FixtureError) say(`harness error: ${oneLine(err.message)}`);
    else say(`harness error: ${process.env.NCS_DEBUG ? /** @type {Error} */ (err).stack : oneLine(String(/** @type {Error} */ (err)?.message ?? err))}`);
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
 */
export function environments(opts) {
  const nodes = opts.nodes.length ? opts.nodes : [process.execPath];
  const cpuList = opts.cpus ?? [null];
  return nodes.flatMap((nodePath, ni) =>
    cpuList.map((cpus) => ({ nodePath, cpus, tag: [nodes.length > 1 ? `node${ni + 1}` : '', cpus === null ? '' : `cpus${cpus}`].filter(Boolean).join('-') })),
  );
}

/** 'reports/latest.json' + 'node1-cpus2' -> 'reports/latest.node1-cpus2.json' @param {string} file @param {string} tag */
export function suffixed(file, tag) {
  const ext = path.extname(file);
  return `${file.slice(0, file.length - ext.length)}.${tag}${ext}`;
}

/** The HTML and Markdown reports' names beside the JSON record: 'reports/latest.json' -> 'reports/latest.html'. @param {string} json @param {string} ext */
export const beside = (json, ext) => `${json.replace(/\.json$/i, '')}${ext}`;

/** The run's exit code over environments: 2 over 1 over 3 over 0. @param {number[]} codes */
export function worstExit(codes) {
  for (const c of [2, 1, 3]) if (codes.includes(c)) return c;
  return 0;
}

/**
 * One environment: profile the machine, run the specs, write the record.
 * @param {{ argv: string[], opts: any, specs: any[], expectations: import('./expectations.js').Entry[] | null, env: { nodePath: string, cpus: number | null }, json: string | null, reporters: { name: string, file: string | null }[], stdout: any, signal: AbortSignal }} o
 */
async function runEnvironment({ argv, opts, specs, expectations, env, json, reporters, stdout, signal }) {
  const startedAt = new Date();
  const ctx = await createContext({ nodePath: env.nodePath, cpus: env.cpus, signal, quick: opts.quick });
  try {
    const environment = describeEnvironment(ctx);
    const out = fanOut(
      reporters.map((r) => ({
        ...r,
        fn: r.name === 'spec' ? specReporter({ tty: !r.file && Boolean(stdout.isTTY), color: !r.file && shouldColor({ tty: Boolean(stdout.isTTY) }), columns: stdout.columns }) : known[/** @type {'tap'} */ (r.name)],
      })),
      stdout,
    );
    out.push({ type: 'run:start', data: { startedAt: startedAt.toISOString(), environment, profile: ctx.profile, specs: specs.map(({ id, title }) => ({ id, title })) } });
    const results = [];
    const where = whereFrom(environment, ctx.profile);
    for await (let event of runSpecs({ specs, ctx, signal })) {
      if (event.type === 'spec:end' && expectations) event = { ...event, data: markKnown(event.data, where, expectations) };
      out.push(event);
      if (event.type === 'spec:end') results.push(event.data);
    }
    const applied = expectations ? applyExpectations(results, where, expectations) : null;
    const record = buildRecord({ startedAt, finishedAt: new Date(), argv, selection: opts.patterns, environment, profile: ctx.profile, results, interrupted: signal.aborted, strict: opts.strict, expectations: applied && { file: opts.expectations, unused: applied.unused } });
    if (json) {
      writeWhole(json, `${JSON.stringify(record, null, 2)}\n`);
      writeWhole(beside(json, '.html'), renderHtml(record));
      writeWhole(beside(json, '.md'), renderMarkdown(record));
    }
    out.push({ type: 'run:end', data: record });
    await out.close();
    return record;
  } finally {
    ctx.dispose();
  }
}

const self = fileURLToPath(import.meta.url);
if (process.argv[1] && realpathSync(process.argv[1]) === self) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
