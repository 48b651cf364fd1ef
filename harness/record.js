// @ts-check
// The result record: one per run, the source of every report.
import { readFileSync } from 'node:fs';

export const SCHEMA_VERSION = 1;
/** The verdicts, in summary order. */
export const VERDICTS = /** @type {const} */ (['pass', 'fail', 'inconclusive', 'skip', 'error']);

export const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/**
 * @typedef {{ total: number, pass: number, fail: number, inconclusive: number, skip: number, error: number, known?: Record<string, number> }} Summary
 */

/**
 * Counts by verdict; with `known` (counts by verdict of the results marked as
 * known deviations here) only when there are any. The only count: reporters
 * that get results without a record count them here too, so they say what the
 * record would.
 * @param {{ verdict: string, known?: object }[]} results
 * @returns {Summary}
 */
export function summarize(results) {
  /** @type {Record<string, any>} */
  const s = { total: results.length };
  for (const v of VERDICTS) s[v] = results.filter((r) => r.verdict === v).length;
  const known = results.filter((r) => r.known);
  if (known.length) {
    s.known = { total: known.length };
    for (const v of VERDICTS)
      if (known.some((r) => r.verdict === v)) s.known[v] = known.filter((r) => r.verdict === v).length;
  }
  return /** @type {Summary} */ (s);
}

/**
 * The one place that turns a run's outcome into an exit code.
 * 0 every verdict as expected; 1 a fail; 2 a harness or fixture error, or an
 * interrupted run; 3 an inconclusive verdict under --strict. Results marked
 * as known deviations here (summary.known) count as expected.
 * @param {{ fail: number, error: number, inconclusive: number, known?: Record<string, number> }} summary
 * @param {{ strict?: boolean, interrupted?: boolean }} [o]
 */
export function exitCode(summary, { strict = false, interrupted = false } = {}) {
  const unexpected = (/** @type {'fail' | 'error' | 'inconclusive'} */ v) => summary[v] - (summary.known?.[v] ?? 0);
  if (interrupted || unexpected('error') > 0) return 2;
  if (unexpected('fail') > 0) return 1;
  if (strict && unexpected('inconclusive') > 0) return 3;
  return 0;
}

/**
 * `expectations` (optional): the expectations file applied and its unused
 * entries; the record carries it only when given.
 * @param {{ startedAt: Date, finishedAt: Date, argv: string[], selection: string[], environment: object, profile: object | null, results: any[], interrupted: boolean, strict?: boolean, expectations?: { file: string, unused: { entry: object, why: string, stale: boolean }[] } | null }} o
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
    ...(o.expectations ? { expectations: o.expectations } : {}),
  };
}
