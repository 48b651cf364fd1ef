// The result record: one per run, the source of every report.
import { readFileSync } from 'node:fs';

export const SCHEMA_VERSION = 1;
export const VERDICTS = /** @type {const} */ (['pass', 'fail', 'inconclusive', 'skip', 'error']);

export const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/**
 * @param {{ verdict: string }[]} results
 */
export function summarize(results) {
  /** @type {Record<string, number>} */
  const s = { total: results.length };
  for (const v of VERDICTS) s[v] = results.filter((r) => r.verdict === v).length;
  return /** @type {{ total: number, pass: number, fail: number, inconclusive: number, skip: number, error: number }} */ (s);
}

/**
 * The one place that turns a run's outcome into an exit code.
 * 0 every verdict as expected; 1 a fail; 2 a harness or fixture error, or an
 * interrupted run; 3 an inconclusive verdict under --strict.
 * @param {{ fail: number, error: number, inconclusive: number }} summary
 * @param {{ strict?: boolean, interrupted?: boolean }} [o]
 */
export function exitCode(summary, { strict = false, interrupted = false } = {}) {
  if (interrupted || summary.error > 0) return 2;
  if (summary.fail > 0) return 1;
  if (strict && summary.inconclusive > 0) return 3;
  return 0;
}

/**
 * @param {{ startedAt: Date, finishedAt: Date, argv: string[], selection: string[], environment: object, profile: object | null, results: any[], interrupted: boolean, strict?: boolean }} o
 */
export function buildRecord(o) {
  const summary = summarize(o.results);
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: pkg.name, version: pkg.version },
    startedAt: o.startedAt.toISOString(),
    finishedAt: o.finishedAt.toISOString(),
    durationMs: o.finishedAt.getTime() - o.startedAt.getTime(),
    argv: o.argv,
    selection: o.selection,
    interrupted: o.interrupted,
    exitCode: exitCode(summary, { strict: o.strict, interrupted: o.interrupted }),
    environment: o.environment,
    profile: o.profile,
    results: o.results,
    summary,
  };
}
