#!/usr/bin/env node
// Stability: the suite (or a selection) run N times in a row, each run a
// fresh CLI process with its own record; per claim, how often each verdict
// came out and how long it took. Optionally with a CPU hog on one core, busy
// loops the scheduler places as it likes, or inside a CPU quota, for the
// whole time: the verdicts under ordinary neighbours.
import { parseBenchArgs } from './lib/args.js';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli, startHog, hogCpu, stopAll } from './lib/run-cli.js';
import { stabilityTable } from './lib/records.js';
import { createRequire } from 'node:module';

/** @type {{ enter: () => { unavailable: string } | { version: string, dir: string, setQuota: (cpus: number | null) => void, close: () => void } }} */
const quotaCgroup = createRequire(import.meta.url)('../fixtures/lib/quota-cgroup.cjs');

const HELP = `Usage: node bench/stability.js [options] [id or glob ...]

Runs node harness/cli.js [--quick] [selection] --json DIR/run-I.json N times,
one after another, and tabulates per claim the pass / fail / inconclusive /
skip / error counts and the median and max time; flags any fail or error
(every claim's expected outcome is a pass); prints the overall inconclusive
rate of the claim-runs. Ctrl-C stops the run in progress (its partial record
is kept) and the hog, and tabulates what finished.

Options:
  --runs N       runs (default 10)
  --quick        pass --quick to every run
  --hog          keep one CPU busy (a busy loop pinned with taskset -c to CPU 1,
                 or the last CPU allowed) for the whole benchmark
  --hogs N       keep N busy loops running, unpinned (the scheduler moves them
                 among the CPUs as it likes), for the whole benchmark
  --quota CPUS   run every suite inside a cgroup of its own with a CPU quota of
                 CPUS (e.g. 1: one CPU's time per period, shared by all cores),
                 as a container or a systemd CPUQuota= scope gives (Linux, root)
  --dir DIR      keep records and logs in DIR (default: a new temp dir)
  --from DIR     do not run: tabulate the run-*.json records in DIR
  --out FILE     also write the Markdown to FILE
  -h, --help     this help
`;

export async function main(argv = process.argv.slice(2), { stdout = process.stdout, stderr = process.stderr } = {}) {
  const parsed = parseBenchArgs(
    'stability',
    argv,
    {
      runs: { type: 'string', default: '10' },
      quick: { type: 'boolean' },
      hog: { type: 'boolean' },
      hogs: { type: 'string' },
      quota: { type: 'string' },
      dir: { type: 'string' },
      from: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    stderr,
  );
  if (!parsed) return 2;
  const { values: v, positionals: selection } = parsed;
  if (v.help) return (void stdout.write(HELP), 0);
  const runs = Number(v.runs);
  if (!(Number.isInteger(runs) && runs > 0))
    return (void stderr.write(`stability: --runs must be a whole number of at least 1 (got '${v.runs}')\n`), 2);
  const hogs = v.hogs === undefined ? 0 : Number(v.hogs);
  if (!(Number.isInteger(hogs) && hogs >= 0))
    return (void stderr.write(`stability: --hogs must be a whole number (got '${v.hogs}')\n`), 2);
  const quota = v.quota === undefined ? null : Number(v.quota);
  if (quota !== null && !(quota > 0))
    return (void stderr.write(`stability: --quota must be a positive number of CPUs (got '${v.quota}')\n`), 2);
  const dir = v.from ?? v.dir ?? mkdtempSync(path.join(os.tmpdir(), 'ncs-stability-'));
  mkdirSync(dir, { recursive: true });
  const command = v.from
    ? `node bench/stability.js --from ${v.from}`
    : `node bench/stability.js --runs ${runs}${v.quick ? ' --quick' : ''}${v.hog ? ' --hog' : ''}${hogs ? ` --hogs ${hogs}` : ''}${quota !== null ? ` --quota ${quota}` : ''}${selection.length ? ` ${selection.map((s) => `'${s}'`).join(' ')}` : ''}`;
  let stopped = false;
  // A Ctrl-C at the terminal reaches the running CLI too; if it is still
  // running a moment later (the signal was sent to this script alone), end it.
  const onInt = () => (
    (stopped = true),
    setTimeout(stopAll, 1500).unref(),
    stderr.write('stability: interrupted: finishing the tables with the runs so far\n')
  );
  const onTerm = () => ((stopped = true), stopAll());
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  let hog = null;
  let hogText = '';
  /** @type {{ stop: () => void }[]} */
  const loose = [];
  /** @type {any} */
  let cgroup = null;
  const files = [];
  try {
    if (v.from) {
      for (let i = 1; existsSync(path.join(dir, `run-${i}.json`)); i++) files.push(path.join(dir, `run-${i}.json`));
    } else {
      if (v.hog) {
        hog = startHog(hogCpu());
        hogText = `, with a busy loop on ${hog.where}`;
        stderr.write(`stability: hog on ${hog.where}\n`);
      }
      for (let i = 0; i < hogs; i++) loose.push(startHog(null));
      if (hogs) {
        hogText += `, with ${hogs} unpinned busy loop${hogs > 1 ? 's' : ''}`;
        stderr.write(`stability: ${hogs} unpinned busy loop(s)\n`);
      }
      if (quota !== null) {
        // This process moves into a cgroup of its own: every suite it starts
        // from now on, and their fixtures, run under the quota.
        const entered = quotaCgroup.enter();
        if ('unavailable' in entered) {
          stderr.write(`stability: --quota: ${entered.unavailable}\n`);
          return 2;
        }
        cgroup = entered;
        cgroup.setQuota(quota);
        hogText += `, inside a cgroup with a ${quota}-CPU quota (${cgroup.version})`;
        stderr.write(`stability: in ${cgroup.dir}, quota ${quota} CPU\n`);
      }
      for (let i = 1; i <= runs && !stopped; i++) {
        const json = path.join(dir, `run-${i}.json`);
        const args = [...(v.quick ? ['--quick'] : []), ...selection, '--json', json];
        const t0 = performance.now();
        const code = await runCli(args, { log: path.join(dir, `run-${i}.log`) });
        stderr.write(
          `stability: run ${i}/${runs}: exit ${code} in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
        );
        if (existsSync(json)) files.push(json);
      }
    }
  } finally {
    hog?.stop();
    for (const h of loose) h.stop();
    cgroup?.close();
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  }
  if (!files.length) return (void stderr.write(`stability: no record in ${dir}\n`), 2);
  const all = files.map((f) => JSON.parse(readFileSync(f, 'utf8')));
  const records = all.filter((r) => !r.interrupted);
  const cut = all.length - records.length;
  if (!records.length) return (void stderr.write(`stability: every record in ${dir} is from an interrupted run\n`), 2);
  const env = records[0].environment;
  const table = stabilityTable(records);
  const text = [
    '## Stability',
    '',
    `\`${command}\` on ${env.platform} ${env.arch}, node ${String(env.node?.version).replace(/^v/, '')}, C=${records[0].profile?.cores ?? '?'}${hogText} (records in ${dir})`,
    '',
    table.text,
    ...(cut ? ['', `(${cut} interrupted run${cut > 1 ? 's' : ''} left out.)`] : []),
    '',
  ].join('\n');
  stdout.write(text);
  if (v.out) writeFileSync(v.out, text);
  return table.unexpected > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  main().then((code) => (process.exitCode = code));
