// Reading result records for the bench scripts: what decided a result, and
// the stability and speed tables. Pure.
import { median } from '../../harness/stats.js';

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
 * Per-claim time table of one record, slowest first, and the profile's time
 * (the run's duration less the claims').
 * @param {any} record
 */
export function speedTable(record) {
  const results = [...record.results].sort((a, b) => b.durationMs - a.durationMs);
  const sum = results.reduce((a, r) => a + r.durationMs, 0);
  const total = record.durationMs;
  const profile = Math.max(0, total - sum);
  const lines = [
    `Run: ${sec(total)} s for ${results.length} claims; claims ${sec(sum)} s, machine profile and start-up ${sec(profile)} s (${pct(profile / total)}).`,
    '',
    '| claim | verdict | trials | s | share | decided by |',
    '|---|---|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.id} | ${r.verdict} | ${r.trials} | ${sec(r.durationMs)} | ${pct(r.durationMs / total)} | ${decidedBy(r)} |`,
    ),
    `| (profile, start-up) | | | ${sec(profile)} | ${pct(profile / total)} | |`,
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
