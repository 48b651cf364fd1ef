// @ts-check
// The Markdown summary (GitHub step summary, pull-request comments): the
// environment in one line, the counts, one table row per claim, and the
// details of every claim that failed, errored or stayed inconclusive, and the
// sources' own tables beside ours, whatever the verdict.
import { sourceName } from '../sources.js';
import { summarize } from '../record.js';
import { oneLine } from '../text.js';
import { formatDuration, num, settingsText, summaryText, timingSummary, headline, assertionCount } from './format.js';
import { sideBySide, cellText } from './side-by-side.js';

/** An icon per verdict, so the table reads at a glance. */
export const ICONS = /** @type {Record<string, string>} */ ({
  pass: '✅',
  fail: '❌',
  inconclusive: '❔',
  skip: '⏭️',
  error: '💥',
});

/**
 * Text safe inside a Markdown table cell or paragraph: one line, HTML
 * special characters as entities, pipes and Markdown punctuation escaped.
 * @param {unknown} text
 */
export function mdText(text) {
  return oneLine(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|])/g, '\\$1');
}

/** Inline code that survives any backticks in the text. @param {unknown} text */
export function mdCode(text) {
  const s = oneLine(text);
  const ticks = '`'.repeat(Math.max(0, ...Array.from(s.matchAll(/`+/g), (m) => m[0].length)) + 1);
  const pad = s.startsWith('`') || s.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${s}${pad}${ticks}`;
}

/** @param {string} s @param {number} n */

/** The verdict as shown: icon and label. @param {any} r */
export const verdictCell = (r) => `${ICONS[r?.verdict] ?? '💥'} ${mdText(r?.label || r?.verdict || 'unknown')}`;

/**
 * One line naming the environment of a record.
 * @param {any} record
 */
export function environmentLine(record) {
  const env = record?.environment ?? {};
  const p = record?.profile;
  const node = env.node ?? {};
  const parts = [
    [env.platform, env.arch, env.release].filter(Boolean).join(' ') || 'unknown platform',
    `Node ${String(node.version ?? '?').replace(/^v?/, 'v')}${node.uv ? ` (libuv ${node.uv})` : ''}`,
    p ? `C=${num(p.cores)}` : 'not profiled',
    p?.effectiveParallelism ? `effective parallelism ${num(p.effectiveParallelism.value, 2)}` : '',
    p?.pbkdf2 ? `pbkdf2 task ${Math.round(p.pbkdf2.taskMs)} ms` : '',
    env.cpus?.requested != null
      ? `--cpus ${env.cpus.requested}${Array.isArray(env.cpus.list) ? ` (CPU ${env.cpus.list.join(',')})` : ''}`
      : '',
    env.quick ? '--quick' : '',
    settingsText(env),
  ];
  return parts.filter(Boolean).map(mdText).join(' · ');
}

/**
 * The whole summary.
 * @param {any} record
 * @returns {string}
 */
export function renderMarkdown(record) {
  const results = Array.isArray(record?.results) ? record.results : [];
  const summary = record?.summary ?? summarize(results);
  const lines = [`## node-concurrency-spec: ${summaryText(summary)}`, '', environmentLine(record), ''];
  if (record?.interrupted) lines.push('**The run was interrupted: results are partial.**', '');
  lines.push(`Took ${formatDuration(record?.durationMs)}; exit code ${record?.exitCode ?? '?'}.`, '');
  if (results.length) {
    lines.push('| verdict | claim | reason |', '|---|---|---|');
    for (const r of results) lines.push(`| ${verdictCell(r)} | ${mdCode(r.id)} | ${mdText(headline(r))} |`);
    lines.push('');
  }
  const notable = results.filter(
    (/** @type {any} */ r) => r.verdict === 'fail' || r.verdict === 'error' || r.verdict === 'inconclusive',
  );
  if (notable.length) {
    lines.push('### Failed, errored and inconclusive claims', '');
    for (const r of notable) lines.push(...details(r));
  }
  const tabled = results.flatMap((/** @type {any} */ r) => {
    const t = sideBySide(r);
    return t ? [{ r, t }] : [];
  });
  if (tabled.length) {
    lines.push("### The sources' tables, reproduced", '');
    for (const { r, t } of tabled) lines.push(...sideBySideLines(r, t));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A Markdown table; columns of numbers right-aligned.
 * @param {import('./side-by-side.js').Table} t
 */
export function mdTable(t) {
  const numeric = t.columns.map(
    (_, i) => t.rows.some((row) => typeof row[i] === 'number') && t.rows.every((row) => typeof row[i] !== 'string'),
  );
  return [
    `| ${t.columns.map(mdText).join(' | ')} |`,
    `|${numeric.map((n) => (n ? '---:' : '---')).join('|')}|`,
    ...t.rows.map((row) => `| ${t.columns.map((_, i) => mdText(cellText(row[i]))).join(' | ')} |`),
  ];
}

/**
 * One claim's source table beside ours (given as sideBySide(r)), with the
 * model's prediction for this machine under them.
 * @param {any} r @param {import('./side-by-side.js').SideBySide} t
 */
export function sideBySideLines(r, t) {
  const src = [r.source?.file && sourceName(r.source.file), r.source?.section].filter(Boolean).join(' — ');
  return [
    `#### ${mdCode(r.id)} (${verdictCell(r)})`,
    '',
    `**The source** (${mdText(src)}): ${mdText(t.source.setup)}`,
    '',
    ...mdTable(t.source),
    '',
    `**This run:** ${mdText(t.ours.setup)}`,
    '',
    ...mdTable(t.ours),
    '',
    ...(t.atSourceLoad
      ? [
          `**This run, under the source's own load:** ${mdText(t.atSourceLoad.setup)}`,
          '',
          ...mdTable(t.atSourceLoad),
          '',
        ]
      : []),
    ...t.predicted.map((line) => `*Model:* ${mdText(line)}`),
    ...(t.predicted.length ? [''] : []),
    ...(t.expected ? [`*Expected here:* ${mdText(t.expected)}`, ''] : []),
  ];
}

/** @param {any} r */
function details(r) {
  const out = [`#### ${verdictCell(r)}: ${mdCode(r.id)}`, '', mdText(r.title), ''];
  const item = (/** @type {string} */ name, /** @type {unknown} */ value) =>
    value != null && oneLine(value) && out.push(`- **${name}:** ${mdText(value)}`);
  item('Reason', r.reason);
  const assertions = r.evidence?.assertions ?? [];
  if (assertions.length) {
    out.push('- **Asserts:**');
    for (const a of assertions) {
      const icon = a.decided === 'pass' ? '✅' : a.decided === 'fail' ? '❌' : '❔';
      const count = assertionCount(a);
      out.push(`  - ${icon} ${mdText(a.name)} (${a.channel}${count}): ${mdText(a.detail)}`);
    }
  }
  item('Claim', r.claim);
  item('Truth', r.truth);
  item('Expected here', r.expectation?.summary);
  if (r.source)
    item(
      'Source',
      [r.source.file && sourceName(r.source.file), r.source.section, r.source.figures].filter(Boolean).join(' — '),
    );
  const t = r.evidence?.timing;
  if (t) item('Timing', timingSummary(t));
  const s = r.evidence?.structural;
  if (s) {
    item(
      'Structural',
      `${s.decided ?? 'undecided'}: ${s.agree ?? 0} agree, ${s.disagree ?? 0} disagree${s.voided - (s.contested ?? 0) ? `, ${s.voided - (s.contested ?? 0)} void` : ''}${s.contested ? `, ${s.contested} contested (against the claim within the machine's noise)` : ''}`,
    );
    for (const d of (s.details ?? []).slice(0, 5)) out.push(`  - ${mdText(d)}`);
  }
  item('Trials', `${r.trials ?? 0} in ${formatDuration(r.durationMs)}`);
  out.push('');
  return out;
}
