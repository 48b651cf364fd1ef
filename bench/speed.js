#!/usr/bin/env node
// Speed: where a run's time goes. Per claim, from a record (or from one run
// made now): trials, seconds, share of the run, and what decided it; plus the
// machine profile's time (the run's duration less the claims').
import { parseBenchArgs } from './lib/args.js';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from './lib/run-cli.js';
import { speedTable } from './lib/records.js';

const HELP = `Usage: node bench/speed.js [options] [id or glob ...]

Prints where a run's time goes: per claim (slowest first) its verdict,
trials, seconds, share of the run and what decided it (structural, a timing
look at n trials, undecided), and the machine profile's time (the run's
duration less the claims'). Reads a record with --from, else runs
node harness/cli.js [--quick] [selection] once.

Options:
  --from FILE    a result record (e.g. reports/latest.json); nothing is run
  --quick        pass --quick to the run
  --out FILE     also write the Markdown to FILE
  -h, --help     this help
`;

export async function main(argv = process.argv.slice(2), { stdout = process.stdout, stderr = process.stderr } = {}) {
  const parsed = parseBenchArgs(
    'speed',
    argv,
    {
      from: { type: 'string' },
      quick: { type: 'boolean' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    stderr,
  );
  if (!parsed) return 2;
  const { values: v, positionals: selection } = parsed;
  if (v.help) return (void stdout.write(HELP), 0);
  let file = v.from;
  let command = `node bench/speed.js --from ${file}`;
  if (!file) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-speed-'));
    file = path.join(dir, 'run.json');
    const args = [...(v.quick ? ['--quick'] : []), ...selection, '--json', file];
    command = `node bench/speed.js${v.quick ? ' --quick' : ''}${selection.length ? ` ${selection.map((s) => `'${s}'`).join(' ')}` : ''}`;
    stderr.write(`speed: node harness/cli.js ${args.join(' ')}\n`);
    await runCli(args, { log: path.join(dir, 'run.log') });
    if (!existsSync(file))
      return (void stderr.write(`speed: the run wrote no record (see ${path.join(dir, 'run.log')})\n`), 2);
  }
  let record;
  try {
    record = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(record?.results)) throw new Error('no results array');
  } catch (err) {
    const e = /** @type {any} */ (err);
    stderr.write(`speed: ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}\n`);
    return 2;
  }
  const env = record.environment ?? {};
  const text = [
    '## Speed',
    '',
    `\`${command}\` on ${env.platform} ${env.arch}, node ${String(env.node?.version).replace(/^v/, '')}, C=${record.profile?.cores ?? '?'}${env.quick ? ', --quick' : ''}`,
    '',
    speedTable(record),
    '',
  ].join('\n');
  stdout.write(text);
  if (v.out) writeFileSync(v.out, text);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  main().then((code) => (process.exitCode = code));
