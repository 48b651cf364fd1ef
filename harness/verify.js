// @ts-check
// `--verify N`: is a claim's verdict stable? Runs the selected claims N times
// through the engine, each time on a freshly probed machine (fresh profile;
// every fixture in a fresh process, as always), then reports per claim the
// verdicts seen, the trials each run took and the longest run against the
// claim budget. Nothing is written to disk and no CLI is re-spawned.
//
// Exit code: 0 every claim gave the same verdict in every run and it was an
// expected one (pass, skip, or a known deviation here); 1 otherwise; 2 when
// a run could not be made (a harness error) or was interrupted, or a claim
// ended in error.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { environmentOf } from './merge.js';
import { probeMachine } from './machine.js';
import { withLauncher } from './launcher.js';
import { runToRecord, errText } from './engine.js';
import { DEFAULT_LANES } from './lanes.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * The time one claim may take, all its trials together, on a 2-core machine.
 * Not enforced: `--verify` reports how close the slowest run came.
 */
export const CLAIM_BUDGET_MS = 60_000;

/**
 * The options of a run that shape its verdicts, as command-line arguments
 * (for the command that reproduces one claim).
 * The settings in force are given as --env, as they were in force, whether
 * they came from --env or --inherit-env (the shell may differ next time).
 * @param {{ quick?: boolean, strict?: boolean, lanes?: number, cpus?: number[] | null, nodes?: string[], specDirs?: string[],
 *   expectations?: string | null, env?: Record<string, string> }} opts
 */
export function reproduceArgs(opts) {
  return [
    ...(opts.cpus ? ['--cpus', opts.cpus.join(',')] : []),
    ...(opts.nodes ?? []).flatMap((n) => ['--node', n]),
    ...Object.entries(opts.env ?? {}).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
    ...(opts.specDirs ?? []).flatMap((d) => ['--specs', d]),
    ...(opts.expectations ? ['--expectations', opts.expectations] : []),
    ...(opts.quick ? ['--quick'] : []),
    ...(opts.lanes !== undefined && opts.lanes !== DEFAULT_LANES ? ['--lanes', String(opts.lanes)] : []),
    ...(opts.strict ? ['--strict'] : []),
  ];
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
 * One environment of one run, through the engine: probe the machine, run the
 * specs, return the record.
 * @typedef {{ nodePath: string, cpus: number | null, tag: string }} Environment
 * @param {{ env: Environment, specs: import('./spec.js').Spec[], quick: boolean, sourceLoads?: boolean, strict: boolean, lanes?: number,
 *   expectations: { file: string, entries: import('./expectations.js').Entry[] } | null, signal?: AbortSignal,
 *   settings?: Record<string, string> }} o  settings: the settings in force
 */
export async function runEnvironment({
  env,
  specs,
  quick,
  sourceLoads = false,
  strict,
  lanes = 1,
  expectations,
  signal,
  settings = {},
}) {
  const machine = await probeMachine({
    nodePath: env.nodePath,
    cpus: env.cpus,
    quick,
    sourceLoads,
    signal,
    env: settings,
  });
  const options = { strict, lanes, signal };
  return withLauncher({ machine, signal }, (launcher) =>
    runToRecord({ specs, machine, launcher, expectations, options }),
  );
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
 * @param {{ n: number, specs: import('./spec.js').Spec[], envs: Environment[],
 *   opts: Parameters<typeof reproduceArgs>[0] & { quick: boolean, sourceLoads?: boolean, strict: boolean, lanes?: number },
 *   expectations: { file: string, entries: import('./expectations.js').Entry[] } | null,
 *   stdout: { write(s: string): unknown }, stderr: { write(s: string): unknown }, signal?: AbortSignal,
 *   cwd?: string, runEnv?: typeof runEnvironment }} o
 *   runEnv: how one environment of one run is made (tests replace it)
 * @returns {Promise<number>} exit code
 */
export async function verify({
  n,
  specs,
  envs: environments,
  opts,
  expectations,
  stdout,
  stderr,
  signal,
  cwd = process.cwd(),
  runEnv = runEnvironment,
}) {
  const say = (/** @type {string} */ line) => stderr.write(`node-concurrency-spec: ${line}\n`);
  const options = reproduceArgs(opts);
  const cmd = cliCommand(cwd);
  /** @type {Map<string, ClaimRuns>} */
  const claims = new Map();
  /** Where the runs ran: 'C=1, Node 20.20.2' per environment. @type {Set<string>} */
  const envs = new Set();
  let made = 0;
  for (let i = 1; i <= n && !signal?.aborted; i++) {
    const t0 = performance.now();
    /** @type {{ tag: string, record: any }[]} */
    const records = [];
    for (const env of environments) {
      if (signal?.aborted) break;
      try {
        const { quick, sourceLoads, strict, lanes, env: settings } = opts;
        const record = await runEnv({ env, specs, quick, sourceLoads, strict, lanes, expectations, signal, settings });
        records.push({ tag: environments.length > 1 ? env.tag : '', record });
      } catch (error) {
        say(`verify: run ${i} of ${n} ${signal?.aborted ? 'was interrupted' : `failed: ${errText(error)}`}`);
        return 2;
      }
    }
    if (records.length < environments.length) break;
    made++;
    for (const { tag, record } of records) {
      const env = environmentOf(record);
      if (env.cores !== null) envs.add(`C=${env.cores}${env.node === '?' ? '' : `, Node ${env.node}`}`);
      for (const r of record.results) {
        const key = tag ? `${r.id} [${tag}]` : r.id;
        if (!claims.has(key)) claims.set(key, { key, id: r.id, runs: [] });
        claims.get(key)?.runs.push({
          verdict: r.verdict,
          label: r.label,
          known: Boolean(r.known),
          trials: r.trials,
          durationMs: r.durationMs,
          reason: r.reason,
        });
      }
    }
    const all = records.flatMap(({ record }) => record.results);
    const tally = [...new Set(all.map((r) => r.label))]
      .map((l) => `${all.filter((r) => r.label === l).length} ${l}`)
      .join(', ');
    const s = all.length === 1 ? '' : 's';
    stdout.write(
      `verify: run ${i} of ${n}: ${all.length} claim${s}: ${tally} (${((performance.now() - t0) / 1000).toFixed(1)}s)\n`,
    );
    if (records.some(({ record }) => record.interrupted)) break;
  }
  const interrupted = Boolean(signal?.aborted) || made < n;
  const rows = [...claims.values()].map((c) => ({ c, j: judgeClaim(c, n) }));
  const width = Math.max(0, ...rows.map(({ c }) => c.key.length));
  stdout.write(
    `\nverify: ${made} run${made === 1 ? '' : 's'} of ${rows.length} claim${rows.length === 1 ? '' : 's'}${envs.size ? ` on ${[...envs].join('; ')}` : ''}; budget ${CLAIM_BUDGET_MS / 1000}s per claim\n`,
  );
  for (const { c, j } of rows) {
    const lo = Math.min(...j.trials);
    const hi = Math.max(...j.trials);
    stdout.write(
      `${j.status.padEnd(10)} ${c.key.padEnd(width)}  ${j.counts.join(', ')}; trials ${lo === hi ? lo : `${lo}–${hi}`}; slowest ${(j.longest / 1000).toFixed(1)}s (${Math.round(j.share * 100)}% of budget${j.share > 1 ? ', OVER' : ''})\n`,
    );
    if (j.status !== 'stable') {
      const last = c.runs.find((r) => r.label !== c.runs[0].label) ?? c.runs.at(-1);
      if (last) stdout.write(`${''.padEnd(11)}${last.label}: ${last.reason}\n`);
      stdout.write(`${''.padEnd(11)}reproduce: ${cmd} ${[...options, c.id].map(shellQuote).join(' ')} --verify ${n}\n`);
    }
  }
  const bad = rows.filter(({ j }) => j.status !== 'stable');
  if (interrupted) return (say(`verify: interrupted after ${made} of ${n} runs`), 2);
  if (rows.some(({ j }) => j.status === 'error')) return 2;
  stdout.write(
    bad.length
      ? `verify: ${bad.length} of ${rows.length} claims not stable and as expected\n`
      : `verify: every claim gave the same expected verdict in all ${n} runs\n`,
  );
  return bad.length ? 1 : 0;
}
