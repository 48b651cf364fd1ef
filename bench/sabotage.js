#!/usr/bin/env node
// Sabotage detection: runs the claims each sabotage must break with
// NCS_SABOTAGE set (fixtures then misbehave behind the harness's back: see
// fixtures/lib/sabotage.cjs), one sabotage at a time, and prints which claims
// failed as they must. A sabotaged run must FAIL a claim it breaks; an
// inconclusive is a miss.
import { parseBenchArgs } from './lib/args.js';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SABOTAGES, rows, markdown } from './lib/sabotage-plan.js';
import { runCli, stopAll } from './lib/run-cli.js';

const HELP = `Usage: node bench/sabotage.js [options]

For each sabotage, runs the claims it must break with NCS_SABOTAGE set and
prints a detection table (sabotage × claim: must break? verdict). Sabotages:
${SABOTAGES.map((s) => `  ${s.name.padEnd(19)} ${s.what} (claims: ${[...s.select, ...Object.entries(s.env ?? {}).map(([k, x]) => `with ${k}=${x}`)].join(' ')})`).join('\n')}

Options:
  --only NAME       run only this sabotage (repeatable)
  --baseline        also run each selection without sabotage, for comparison
  --quick           pass --quick to the runs
  --dir DIR         keep the records and logs in DIR (default: a new temp dir)
  --from DIR        do not run: tabulate the records already in DIR
  --out FILE        also write the Markdown to FILE
  -h, --help        this help
`;

export async function main(argv = process.argv.slice(2), { stdout = process.stdout, stderr = process.stderr } = {}) {
  const parsed = parseBenchArgs(
    'sabotage',
    argv,
    {
      only: { type: 'string', multiple: true },
      baseline: { type: 'boolean' },
      quick: { type: 'boolean' },
      dir: { type: 'string' },
      from: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    stderr,
    { positionals: false },
  );
  if (!parsed) return 2;
  const v = parsed.values;
  if (v.help) return (void stdout.write(HELP), 0);
  const unknown = (v.only ?? []).find((n) => !SABOTAGES.some((s) => s.name === n));
  if (unknown)
    return (
      void stderr.write(
        `sabotage: unknown sabotage '${unknown}' (known: ${SABOTAGES.map((s) => s.name).join(', ')})\n`,
      ),
      2
    );
  const chosen = SABOTAGES.filter((s) => !v.only || v.only.includes(s.name));
  const dir = v.from ?? v.dir ?? mkdtempSync(path.join(os.tmpdir(), 'ncs-sabotage-'));
  mkdirSync(dir, { recursive: true });
  const file = (/** @type {string} */ name, /** @type {string} */ ext) =>
    path.join(dir, `${name.replace(/[^a-z0-9-]/gi, '_')}.${ext}`);
  // Ctrl-C reaches the running CLI from the terminal (it writes its partial
  // record); if it still runs a moment later, or on a SIGTERM, it is ended.
  // Either way no further sabotage starts.
  let stopped = false;
  const onInt = () => ((stopped = true), setTimeout(stopAll, 1500).unref());
  const onTerm = () => ((stopped = true), stopAll());
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  const all = [];
  try {
    for (const s of chosen) {
      if (stopped) break;
      const json = file(s.name, 'json');
      const settings = Object.entries(s.env ?? {}).flatMap(([k, x]) => ['--env', `${k}=${x}`]);
      const selection = [...s.select, ...settings];
      const baseJson = file(`baseline-${selection.join('+')}`, 'json');
      if (!v.from) {
        const args = [...selection, '--json', json, ...(v.quick ? ['--quick'] : [])];
        stderr.write(`sabotage: NCS_SABOTAGE=${s.name} node harness/cli.js ${args.join(' ')}\n`);
        const code = await runCli(args, { sabotage: s.name, log: file(s.name, 'log') });
        stderr.write(`sabotage: ${s.name}: exit ${code}\n`);
        if (v.baseline && !existsSync(baseJson)) {
          const base = [...selection, '--json', baseJson, ...(v.quick ? ['--quick'] : [])];
          stderr.write(`sabotage: baseline: node harness/cli.js ${base.join(' ')}\n`);
          await runCli(base, { log: file(`baseline-${selection.join('+')}`, 'log') });
        }
      }
      if (!existsSync(json)) {
        stderr.write(`sabotage: ${s.name}: no record at ${json} (see ${file(s.name, 'log')})\n`);
        continue;
      }
      const record = JSON.parse(readFileSync(json, 'utf8'));
      const baseline = existsSync(baseJson) ? JSON.parse(readFileSync(baseJson, 'utf8')) : undefined;
      all.push(...rows(s, record, baseline));
    }
  } finally {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  }
  const text = [
    '## Sabotage detection',
    '',
    `\`node bench/sabotage.js${v.baseline ? ' --baseline' : ''}\` (records in ${dir})`,
    '',
    markdown(all),
    '',
  ].join('\n');
  stdout.write(text);
  if (v.out) writeFileSync(v.out, text);
  return all.some((r) => r.outcome === 'missed' || r.outcome === 'error') ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  // The help (every sabotage, tens of KiB) and the table are read through
  // pagers and `| head`, which close the pipe early; the write then fails with
  // EPIPE. The reader has what it wanted: the script goes on to its end (the
  // --out file, its exit code) without the rest of stdout.
  process.stdout.on('error', (/** @type {NodeJS.ErrnoException} */ err) => {
    if (err.code !== 'EPIPE') throw err;
  });
  main().then((code) => (process.exitCode = code));
}
