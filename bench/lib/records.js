// Reading result records for the bench scripts: the records in a path, what
// decided a result, and the stability and speed tables. Pure but for
// recordsIn, which reads files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { median } from '../../harness/stats.js';

/**
 * The result records at `path`: the record itself, or the records (*.json)
 * of the folder (not its subfolders), in name order; a file that is not a
 * record (no JSON) is left out.
 * @param {string} path
 * @returns {any[]}
 */
export function recordsIn(path) {
  const files = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((n) => n.endsWith('.json'))
        .sort()
        .map((n) => join(path, n))
    : [path];
  const out = [];
  for (const file of files) {
    try {
      out.push(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      // not a record
    }
  }
  return out;
}

/**
 * What settled a result, from its evidence: 'structural', 'structural +
 * timing n=…', 'timing look n=…', 'undecided', or the verdict for skip/error.
 * @param {any} r
 */
export function decidedBy(r) {
  if (r.verdict === 'skip' || r.verdict === 'error') return r.verdict;
  const s = r.evidence?.structural;
  const t = r.evidence?.timing;
  if (s?.decided === 'fail') return 'structural';
  if (s?.decided === 'pass') {
    if (t?.decided === 'pass') return `structural + timing n=${t.n}`;
    if (t?.decided === 'fail') return `structural, timing contradicts (n=${t.n})`;
    return t ? `structural (timing beside, n=${t.n})` : 'structural';
  }
  if (t?.decided) return `timing look n=${t.n}`;
  return 'undecided';
}

/** @param {number} ms */
const sec = (ms) => (ms / 1000).toFixed(1);

/**
 * Per-claim time table of one record, slowest first, and the rest of the
 * run: the machine profile and start-up. Claims that ran side by side
 * (`sideBySide`, --lanes) overlap: their phase's wall is the run less the
 * profile (its own figure, which such records have) and the claims that ran
 * alone, and a share of the run is not theirs alone.
 * @param {any} record
 */
export function speedTable(record) {
  const results = [...record.results].sort((a, b) => b.durationMs - a.durationMs);
  const total = record.durationMs;
  const sumOf = (/** @type {any[]} */ rs) => rs.reduce((a, r) => a + r.durationMs, 0);
  const beside = results.filter((r) => r.sideBySide);
  const alone = sumOf(results.filter((r) => !r.sideBySide));
  const measured = record.profile?.durationMs;
  // Beyond the claims that ran alone: the profile and start-up, and the side-by-side phase where there was one.
  const rest = Math.max(0, total - alone);
  const profile = !beside.length ? rest : typeof measured === 'number' ? Math.min(measured, rest) : null;
  const phase = beside.length && profile !== null ? rest - profile : null;
  const restRow = beside.length
    ? profile === null
      ? [`| (profile, start-up and the side-by-side claims) | | | ${sec(rest)} | ${pct(rest / total)} | |`]
      : [
          `| (side by side, ${beside.length} claims in ${record.environment?.lanes ?? '?'} lanes and those for claims that mostly wait: their wall, start-up included) | | | ${sec(/** @type {number} */ (phase))} | ${pct(/** @type {number} */ (phase) / total)} | |`,
          `| (profile) | | | ${sec(profile)} | ${pct(profile / total)} | |`,
        ]
    : [`| (profile, start-up) | | | ${sec(rest)} | ${pct(rest / total)} | |`];
  const head = beside.length
    ? `Run: ${sec(total)} s for ${results.length} claims; ${beside.length} side by side (${sec(sumOf(beside))} s of their own time${phase === null ? '' : ` in ${sec(phase)} s`}), the others ${sec(alone)} s one after another; machine profile ${profile === null ? 'not recorded' : `${sec(profile)} s`}.`
    : `Run: ${sec(total)} s for ${results.length} claims; claims ${sec(alone)} s, machine profile and start-up ${sec(rest)} s (${pct(rest / total)}).`;
  const lines = [
    head,
    '',
    '| claim | verdict | trials | s | share | decided by |',
    '|---|---|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.id}${r.sideBySide ? ' (side by side)' : ''} | ${r.verdict} | ${r.trials} | ${sec(r.durationMs)} | ${pct(r.durationMs / total)} | ${decidedBy(r)} |`,
    ),
    ...restRow,
  ];
  return lines.join('\n');
}

/** @param {number} x */
export function pct(x) {
  return Number.isFinite(x) ? `${(x * 100).toFixed(x < 0.1 ? 1 : 0)}%` : '—';
}

/**
 * Per-claim counts over many records of the same selection: verdicts, median
 * and max seconds; a flag on any fail or error (every claim's expected
 * outcome is a pass, or a known deviation).
 * @param {any[]} records
 */
export function stabilityTable(records) {
  /** @type {Map<string, any[]>} */
  const byId = new Map();
  for (const rec of records) for (const r of rec.results) byId.set(r.id, [...(byId.get(r.id) ?? []), r]);
  let claimRuns = 0;
  let judged = 0;
  let inconclusive = 0;
  let unexpected = 0;
  const rows = [];
  for (const [id, rs] of byId) {
    const n = (/** @type {string} */ v) => rs.filter((r) => r.verdict === v).length;
    const fails = rs.filter((r) => r.verdict === 'fail' && !r.known).length;
    const errors = n('error');
    const secs = rs.map((r) => r.durationMs / 1000);
    claimRuns += rs.length;
    judged += rs.length - n('skip');
    inconclusive += n('inconclusive');
    unexpected += fails + errors;
    const flag = [
      fails && `**${fails} fail${fails > 1 ? 's' : ''} of a true claim**`,
      errors && `**${errors} error${errors > 1 ? 's' : ''}**`,
    ]
      .filter(Boolean)
      .join(', ');
    rows.push(
      `| ${id} | ${n('pass')} | ${n('fail')} | ${n('inconclusive')} | ${n('skip')} | ${errors} | ${median(secs).toFixed(1)} | ${Math.max(...secs).toFixed(1)} | ${flag} |`,
    );
  }
  const runSecs = records.map((r) => r.durationMs / 1000);
  return {
    claimRuns,
    inconclusiveRate: judged ? inconclusive / judged : NaN,
    unexpected,
    text: [
      `${records.length} runs, ${byId.size} claims, ${claimRuns} claim-runs: ${unexpected} fail(s) or error(s) of true claims; inconclusive ${inconclusive} of ${judged} judged claim-runs (${pct(judged ? inconclusive / judged : NaN)}); run time median ${median(runSecs).toFixed(0)} s, max ${Math.max(...runSecs).toFixed(0)} s.`,
      '',
      '| claim | pass | fail | inconclusive | skip | error | median s | max s | flag |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---|',
      ...rows,
    ].join('\n'),
  };
}
