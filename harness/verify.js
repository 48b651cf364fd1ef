// @ts-check
// `--verify N`: is a claim's verdict stable? Runs the selected claims N times,
// each time in a fresh CLI process (fresh profile, fresh fixtures) that writes
// its record to a temporary file, then reports per claim the verdicts seen,
// the trials each run took and the longest run against the claim budget.
//
// Exit code: 0 every claim gave the same verdict in every run and it was an
// expected one (pass, skip, or a known deviation here); 1 otherwise; 2 when
// a run could not be made (bad usage, a harness error) or was interrupted,
// or a claim ended in error.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPTIONS } from './args.js';
import { environmentOf } from './merge.js';

const CLI = fileURLToPath(new URL('./cli.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * The time one claim may take, all its trials together, on a 2-core machine.
 * Not enforced: `--verify` reports how close the slowest run came.
 */
export const CLAIM_BUDGET_MS = 60_000;

/** Options that take a value (from the CLI's option table). */
const VALUED = new Set(OPTIONS.filter(([, type]) => type === 'string').map(([name]) => `--${name}`));
/** Options verify sets itself or that make no sense inside it. */
const DROPPED = new Set(['--verify', '--json', '--no-json', '--reporter']);

/**
 * Split CLI arguments into options to pass on (without --verify, --json,
 * --no-json, --reporter) and claim patterns.
 * @param {string[]} argv
 * @returns {{ options: string[], patterns: string[] }}
 */
export function splitArgs(argv) {
  /** @type {string[]} */ const options = [];
  /** @type {string[]} */ const patterns = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      patterns.push(...argv.slice(i + 1));
      break;
    }
    const name = a.startsWith('--') ? a.split('=')[0] : a === '-h' || a === '-v' ? a : null;
    if (name === null) patterns.push(a);
    else {
      const takesNext = VALUED.has(name) && !a.includes('=');
      if (!DROPPED.has(name)) options.push(...(takesNext ? [a, argv[i + 1]] : [a]));
      if (takesNext) i++;
    }
  }
  return { options: options.filter((x) => x !== undefined), patterns };
}

/** Quote an argument for a POSIX shell when needed. @param {string} s */
export function shellQuote(s) {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** How to invoke the CLI from cwd. @param {string} cwd */
export function cliCommand(cwd) {
  return path.resolve(cwd) === path.resolve(ROOT) ? 'node harness/cli.js' : 'npx node-concurrency-spec';
}

/**
 * One run: the CLI in a fresh process, its record(s) read back.
 * @param {{ cli: string, args: string[], dir: string, i: number, signal?: AbortSignal }} o
 * @returns {Promise<{ code: number | null, stderr: string, records: { tag: string, record: any }[] }>}
 */
function runOnce({ cli, args, dir, i, signal }) {
  const json = path.join(dir, `run-${i}.json`);
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args, '--json', json, '--reporter', `tap=${path.join(dir, `run-${i}.tap`)}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr = (stderr + d).slice(-4000)));
    /** @type {NodeJS.Timeout | undefined} */
    let hard;
    const onAbort = () => {
      child.kill('SIGTERM'); // the CLI kills its trials and writes a partial record
      hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', reject);
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      clearTimeout(hard);
      const records = readdirSync(dir)
        .filter((f) => f === `run-${i}.json` || (f.startsWith(`run-${i}.`) && f.endsWith('.json')))
        .sort()
        .map((f) => ({ tag: f.slice(`run-${i}`.length, -'.json'.length).replace(/^\./, ''), record: JSON.parse(readFileSync(path.join(dir, f), 'utf8')) }));
      resolve({ code, stderr, records });
    });
  });
}

/**
 * @typedef {object} ClaimRuns  one claim (in one environment) over the runs
 * @property {string} key          id, with the environment tag when several
 * @property {string} id
 * @property {{ verdict: string, label: string, known: boolean, trials: number, durationMs: number, reason: string }[]} runs
 */

/**
 * Per-claim verdicts over the runs, and what they add up to.
 * @param {ClaimRuns} c @param {number} n runs made
 */
export function judgeClaim(c, n) {
  const labels = [...new Set(c.runs.map((r) => r.label))];
  const counts = labels.map((l) => `${l} ×${c.runs.filter((r) => r.label === l).length}`);
  if (c.runs.length < n) counts.push(`missing ×${n - c.runs.length}`);
  const same = labels.length === 1 && c.runs.length === n;
  const expected = c.runs.every((r) => r.verdict === 'pass' || r.verdict === 'skip' || r.known);
  const error = c.runs.some((r) => r.verdict === 'error' && !r.known);
  const status = error ? 'error' : !same ? 'unstable' : expected ? 'stable' : 'unexpected';
  const trials = c.runs.map((r) => r.trials);
  const longest = Math.max(0, ...c.runs.map((r) => r.durationMs));
  return { status, counts, trials, longest, share: longest / CLAIM_BUDGET_MS };
}

/**
 * @param {{ argv: string[], n: number, stdout: { write(s: string): unknown }, stderr: { write(s: string): unknown }, signal?: AbortSignal, cwd?: string, cli?: string }} o
 *   argv: the CLI's arguments (--verify, --json, --no-json and --reporter are dropped); cli: the script to run (tests)
 * @returns {Promise<number>} exit code
 */
export async function verify({ argv, n, stdout, stderr, signal, cwd = process.cwd(), cli = CLI }) {
  const say = (/** @type {string} */ line) => stderr.write(`node-concurrency-spec: ${line}\n`);
  const { options, patterns } = splitArgs(argv);
  const args = [...options, ...patterns];
  const cmd = cliCommand(cwd);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-verify-'));
  /** @type {Map<string, ClaimRuns>} */
  const claims = new Map();
  /** Where the runs ran: 'C=1, Node 20.20.2' per environment. @type {Set<string>} */
  const envs = new Set();
  let made = 0;
  try {
    for (let i = 1; i <= n && !signal?.aborted; i++) {
      const t0 = performance.now();
      let outcome;
      try {
        outcome = await runOnce({ cli, args, dir, i, signal });
      } catch (error) {
        say(`verify: could not run ${cli}: ${/** @type {Error} */ (error).message}`);
        return 2;
      }
      const { code, stderr: err, records } = outcome;
      if (records.length === 0 || code === null) {
        say(`verify: run ${i} of ${n} ${code === null ? 'was killed' : `exited ${code}`} without a record${err.trim() ? `: ${err.trim().split('\n').at(-1)}` : ''}`);
        return 2;
      }
      made++;
      for (const { tag, record } of records) {
        const env = environmentOf(record);
        if (env.cores !== null) envs.add(`C=${env.cores}${env.node === '?' ? '' : `, Node ${env.node}`}`);
        for (const r of record.results) {
          const key = tag ? `${r.id} [${tag}]` : r.id;
          if (!claims.has(key)) claims.set(key, { key, id: r.id, runs: [] });
          claims.get(key)?.runs.push({ verdict: r.verdict, label: r.label, known: Boolean(r.known), trials: r.trials, durationMs: r.durationMs, reason: r.reason });
        }
      }
      const all = records.flatMap(({ record }) => record.results);
      const tally = [...new Set(all.map((r) => r.label))].map((l) => `${all.filter((r) => r.label === l).length} ${l}`).join(', ');
      stdout.write(`verify: run ${i} of ${n}: ${all.length} claim${all.length === 1 ? '' : 's'}: ${tally} (${((performance.now() - t0) / 1000).toFixed(1)}s)\n`);
      if (records.some(({ record }) => record.interrupted)) break;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const interrupted = Boolean(signal?.aborted) || made < n;
  const rows = [...claims.values()].map((c) => ({ c, j: judgeClaim(c, n) }));
  const width = Math.max(0, ...rows.map(({ c }) => c.key.length));
  stdout.write(`\nverify: ${made} run${made === 1 ? '' : 's'} of ${rows.length} claim${rows.length === 1 ? '' : 's'}${envs.size ? ` on ${[...envs].join('; ')}` : ''}; budget ${CLAIM_BUDGET_MS / 1000}s per claim\n`);
  for (const { c, j } of rows) {
    const lo = Math.min(...j.trials);
    const hi = Math.max(...j.trials);
    stdout.write(`${j.status.padEnd(10)} ${c.key.padEnd(width)}  ${j.counts.join(', ')}; trials ${lo === hi ? lo : `${lo}–${hi}`}; slowest ${(j.longest / 1000).toFixed(1)}s (${Math.round(j.share * 100)}% of budget${j.share > 1 ? ', OVER' : ''})\n`);
    if (j.status !== 'stable') {
      const last = c.runs.find((r) => r.label !== c.runs[0].label) ?? c.runs.at(-1);
      if (last) stdout.write(`${''.padEnd(11)}${last.label}: ${last.reason}\n`);
      stdout.write(`${''.padEnd(11)}reproduce: ${cmd} ${[...options, c.id].map(shellQuote).join(' ')} --verify ${n}\n`);
    }
  }
  const bad = rows.filter(({ j }) => j.status !== 'stable');
  if (interrupted) return say(`verify: interrupted after ${made} of ${n} runs`), 2;
  if (rows.some(({ j }) => j.status === 'error')) return 2;
  stdout.write(bad.length ? `verify: ${bad.length} of ${rows.length} claims not stable and as expected\n` : `verify: every claim gave the same expected verdict in all ${n} runs\n`);
  return bad.length ? 1 : 0;
}
