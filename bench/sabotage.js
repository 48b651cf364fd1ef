#!/usr/bin/env node
// Sabotage detection: runs the claims each sabotage must break with
// NCS_SABOTAGE set (fixtures then misbehave behind the harness's back: see
// fixtures/lib/sabotage.cjs), one sabotage at a time, and prints which claims
// failed as they must. A sabotaged run must FAIL a claim it breaks; an
// inconclusive is a miss.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SABOTAGES, rows, markdown } from './lib/sabotage-plan.js';

const CLI = fileURLToPath(new URL('../harness/cli.js', import.meta.url));

const HELP = `Usage: node bench/sabotage.js [options]

For each sabotage, runs the claims it must break with NCS_SABOTAGE set and
prints a detection table (sabotage × claim: must break? verdict). Sabotages:
${SABOTAGES.map((s) => `  ${s.name.padEnd(20)}${s.what} (claims: ${s.select.join(' ')})`).join('\n')}

Options:
  --only NAME       run only this sabotage (repeatable)
  --baseline        also run each selection without sabotage, for comparison
  --quick           pass --quick to the runs
  --dir DIR         keep the records and logs in DIR (default: a new temp dir)
  --from DIR        do not run: tabulate the records already in DIR
  --out FILE        also write the Markdown to FILE
  -h, --help        this help
`;

/** @type {import('node:child_process').ChildProcess | null} */
let child = null;

/**
 * One CLI run; resolves with its exit code.
 * @param {string[]} args @param {string | undefined} sabotage @param {string} log
 */
function runCli(args, sabotage, log) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.NCS_SABOTAGE;
    if (sabotage) env.NCS_SABOTAGE = sabotage;
    const out = createWriteStream(log);
    child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
    child.on('error', reject);
    child.on('close', (code) => ((child = null), resolve(code ?? 2)));
  });
}

export async function main(argv = process.argv.slice(2), { stdout = process.stdout, stderr = process.stderr } = {}) {
  let v;
  try {
    ({ values: v } = parseArgs({
      args: argv,
      options: {
        only: { type: 'string', multiple: true },
        baseline: { type: 'boolean' },
        quick: { type: 'boolean' },
        dir: { type: 'string' },
        from: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    stderr.write(`sabotage: ${/** @type {Error} */ (err).message.split('\n')[0]}\n`);
    return 2;
  }
  if (v.help) return void stdout.write(HELP), 0;
  const unknown = (v.only ?? []).find((n) => !SABOTAGES.some((s) => s.name === n));
  if (unknown) return void stderr.write(`sabotage: unknown sabotage '${unknown}' (known: ${SABOTAGES.map((s) => s.name).join(', ')})\n`), 2;
  const chosen = SABOTAGES.filter((s) => !v.only || v.only.includes(s.name));
  const dir = v.from ?? v.dir ?? mkdtempSync(path.join(os.tmpdir(), 'ncs-sabotage-'));
  mkdirSync(dir, { recursive: true });
  const file = (/** @type {string} */ name, /** @type {string} */ ext) => path.join(dir, `${name.replace(/[^a-z0-9-]/gi, '_')}.${ext}`);
  // Ctrl-C reaches the running CLI from the terminal (it writes its partial
  // record); a SIGTERM sent to this script alone is passed on. Either way no
  // further sabotage starts.
  let stopped = false;
  const onInt = () => (stopped = true);
  const onTerm = () => ((stopped = true), child?.kill('SIGTERM'));
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  const all = [];
  try {
    for (const s of chosen) {
      if (stopped) break;
      const json = file(s.name, 'json');
      const baseJson = file(`baseline-${s.select.join('+')}`, 'json');
      if (!v.from) {
        const args = [...s.select, '--json', json, ...(v.quick ? ['--quick'] : [])];
        stderr.write(`sabotage: NCS_SABOTAGE=${s.name} node harness/cli.js ${args.join(' ')}\n`);
        const code = await runCli(args, s.name, file(s.name, 'log'));
        stderr.write(`sabotage: ${s.name}: exit ${code}\n`);
        if (v.baseline && !existsSync(baseJson)) {
          const base = [...s.select, '--json', baseJson, ...(v.quick ? ['--quick'] : [])];
          stderr.write(`sabotage: baseline: node harness/cli.js ${base.join(' ')}\n`);
          await runCli(base, undefined, file(`baseline-${s.select.join('+')}`, 'log'));
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
  const text = ['## Sabotage detection', '', `\`node bench/sabotage.js${v.baseline ? ' --baseline' : ''}\` (records in ${dir})`, '', markdown(all), ''].join('\n');
  stdout.write(text);
  if (v.out) writeFileSync(v.out, text);
  return all.some((r) => r.outcome === 'missed' || r.outcome === 'error') ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main().then((code) => (process.exitCode = code));
