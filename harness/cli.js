#!/usr/bin/env node
// The command line. The one place that decides the exit code and exits.
import { fileURLToPath } from 'node:url';
import { realpathSync } from 'node:fs';
import { parseCli, helpText } from './args.js';
import { createContext, describeEnvironment, UsageError } from './context.js';
import { loadSpecs, selectSpecs } from './registry.js';
import { runSpecs } from './runner.js';
import { buildRecord, pkg } from './record.js';
import { checkWritable, fanOut, writeWhole } from './output.js';
import { reporters as known, spec as specReporter } from './reporters/index.js';
import { shouldColor } from './reporters/format.js';
import { killAll, FixtureError } from './isolate.js';
import { oneLine } from './reporters/format.js';
import { SpecError } from './spec.js';

/**
 * @param {string[]} argv
 * @param {{ stdout?: NodeJS.WriteStream, stderr?: NodeJS.WriteStream }} [io]
 * @returns {Promise<number>} exit code
 */
export async function main(argv, { stdout = process.stdout, stderr = process.stderr } = {}) {
  const say = (/** @type {string} */ line) => stderr.write(`node-concurrency-spec: ${line}\n`);
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
  /** @type {import('./context.js').Context | null} */
  let ctx = null;
  try {
    const specs = selectSpecs(await loadSpecs(), opts.patterns);
    if (opts.list) {
      for (const s of specs) stdout.write(`${s.id.padEnd(32)} ${s.title}\n`);
      return 0;
    }
    if (opts.json) checkWritable(opts.json);
    for (const r of opts.reporters) if (r.file) checkWritable(r.file);

    const startedAt = new Date();
    ctx = await createContext({ nodePath: opts.node ?? process.execPath, cpus: opts.cpus, signal: controller.signal });
    const environment = describeEnvironment(ctx);
    const out = fanOut(
      opts.reporters.map((r) => ({
        ...r,
        fn: r.name === 'spec' ? specReporter({ tty: !r.file && Boolean(stdout.isTTY), color: !r.file && shouldColor({ tty: Boolean(stdout.isTTY) }), columns: stdout.columns }) : known[/** @type {'tap'} */ (r.name)],
      })),
      stdout,
    );
    out.push({ type: 'run:start', data: { startedAt: startedAt.toISOString(), environment, profile: ctx.profile, specs: specs.map(({ id, title }) => ({ id, title })) } });
    const results = [];
    for await (const event of runSpecs({ specs, ctx, signal: controller.signal })) {
      out.push(event);
      if (event.type === 'spec:end') results.push(event.data);
    }
    const record = buildRecord({ startedAt, finishedAt: new Date(), argv, selection: opts.patterns, environment, profile: ctx.profile, results, interrupted: controller.signal.aborted, strict: opts.strict });
    if (opts.json) writeWhole(opts.json, `${JSON.stringify(record, null, 2)}\n`);
    out.push({ type: 'run:end', data: record });
    await out.close();
    if (record.interrupted && opts.json) say(`interrupted: partial report written to ${opts.json}`);
    return record.exitCode;
  } catch (err) {
    if (err instanceof UsageError || err instanceof SpecError) say(err.message);
    else if (controller.signal.aborted) say('interrupted while profiling the machine: no claim ran, no report written');
    else if (err instanceof FixtureError) say(`harness error: ${oneLine(err.message)}`);
    else say(`harness error: ${process.env.NCS_DEBUG ? /** @type {Error} */ (err).stack : oneLine(String(/** @type {Error} */ (err)?.message ?? err))}`);
    return 2;
  } finally {
    killAll();
    ctx?.dispose();
    for (const [s, h] of Object.entries(handlers)) process.off(s, h);
    stdout.off?.('error', onStdoutError);
  }
}

const self = fileURLToPath(import.meta.url);
if (process.argv[1] && realpathSync(process.argv[1]) === self) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
