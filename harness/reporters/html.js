// @ts-check
// The HTML report: one self-contained page (inline CSS and SVG, no scripts,
// nothing fetched) with the machine, a summary table and, per claim, the
// verdict, the claim beside the source's own figures, and the evidence drawn
// from the record's raw samples.
import { sourceName } from '../sources.js';
import { summarize, VERDICTS } from '../record.js';
import { oneLine } from '../text.js';
import { formatDuration, settingsText, timingSummary, headline, assertionCount } from './format.js';
import { formatProfile } from '../profile.js';
import { esc, fmt } from './svg.js';
import { completionChart, timelineChart } from './chart-pool.js';
import { latencyChart, parallelismChart, throughputChart, timingChart } from './chart-timing.js';
import { sideBySide, cellText } from './side-by-side.js';

export const CSS = `
:root{--pass:#15803d;--fail:#b91c1c;--error:#7f1d1d;--inconclusive:#a16207;--skip:#6b7280;--ink:#111827;--muted:#4b5563;--line:#e5e7eb}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fafafa}
header,main,footer{max-width:1040px;margin:0 auto;padding:16px 24px}header{border-bottom:1px solid var(--line)}
h1{font-size:1.5rem;margin:.2em 0}h2{font-size:1.2rem;margin:.2em 0}h3{font-size:1rem;margin:1em 0 .3em}
code{font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}.meta,.muted,figcaption{color:var(--muted);font-size:13px}
.machine{display:flex;flex-wrap:wrap;gap:8px 32px;align-items:flex-start}.machine ul{margin:0;padding-left:18px}
.banner{background:#fef3c7;border:1px solid #f59e0b;padding:6px 10px;border-radius:4px}
.counts{display:flex;flex-wrap:wrap;gap:8px;padding:0;list-style:none}.counts li{padding:2px 10px;border-radius:12px;background:#fff;border:1px solid var(--line)}
.badge{display:inline-block;padding:0 8px;border-radius:10px;color:#fff;font-size:13px;font-weight:600;white-space:nowrap}
.v-pass{background:var(--pass)}.v-fail{background:var(--fail)}.v-error{background:var(--error)}.v-inconclusive{background:var(--inconclusive)}.v-skip{background:var(--skip)}
.counts li.v-pass{background:var(--pass)}.counts li.v-fail{background:var(--fail)}.counts li.v-error{background:var(--error)}.counts li.v-inconclusive{background:var(--inconclusive)}.counts li.v-skip{background:var(--skip)}.counts li[class]{color:#fff;border-color:transparent}
table{border-collapse:collapse;width:100%;background:#fff}th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top;font-size:14px}
td.reason{color:var(--muted);font-size:13px;max-width:520px;overflow-wrap:anywhere}
section.claim{background:#fff;border:1px solid var(--line);border-left:6px solid var(--skip);border-radius:6px;margin:20px 0;padding:12px 18px}
section.claim.c-pass{border-left-color:var(--pass)}section.claim.c-fail{border-left-color:var(--fail)}section.claim.c-error{border-left-color:var(--error)}section.claim.c-inconclusive{border-left-color:var(--inconclusive)}
.beside{display:grid;grid-template-columns:1fr 1fr;gap:16px}.beside>div{background:#f9fafb;border-radius:4px;padding:8px 12px}
@media (max-width:760px){.beside{grid-template-columns:1fr}}
dl{margin:0}dt{font-weight:600;font-size:13px;margin-top:6px}dd{margin:0;overflow-wrap:anywhere}
figure{margin:12px 0}svg.chart{max-width:100%;height:auto;background:#fff}
ul.checks li{overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:12px;background:#f3f4f6;padding:8px;max-height:320px;overflow:auto}
svg text{font:11px system-ui,sans-serif;fill:#374151}svg .label{fill:#6b7280}
.axis{stroke:#6b7280}.grid{stroke:#eef0f3}.lane{fill:#f3f4f6}.busy{fill:#2563eb}.done{stroke:#111827;stroke-width:1.3}
.model{stroke:#dc2626;stroke-dasharray:4 3;stroke-width:1.3}.model-mark{fill:none;stroke:#dc2626;stroke-width:1.6}.alt-mark{fill:none;stroke:#6b7280;stroke-width:1.3}
.dot{fill:#2563eb;fill-opacity:.65}.median{stroke:#111827;stroke-width:2.5}.ci{fill:#bfdbfe;fill-opacity:.8}.region{fill:#dcfce7}
.boundary{stroke:#dc2626;stroke-dasharray:5 3;stroke-width:1.5}.bar{fill:#2563eb;fill-opacity:.7}.ideal{fill:none;stroke:#111827;stroke-dasharray:3 2}
table.figures{margin:6px 0 10px;font-variant-numeric:tabular-nums}table.figures th,table.figures td{font-size:13px;padding:2px 6px}table.figures td.n,table.figures th.n{text-align:right}table.figures caption{text-align:left;padding:2px 0}.tables p{margin:8px 0 2px}
.arm0{fill:#2563eb}.arm1{fill:#ea580c}.arm2{fill:#16a34a}.arm3{fill:#9333ea}.whisker{stroke:#9ca3af}.iqr{stroke:#2563eb;stroke-width:3;stroke-opacity:.6}
`;

/** The verdict's label, e.g. 'refuted as expected'. @param {any} r */
export const labelOf = (r) => oneLine(r?.label || r?.verdict || 'unknown');

/** A verdict class that is always one of ours. @param {unknown} v */
const vclass = (v) => (VERDICTS.includes(/** @type {any} */ (v)) ? String(v) : 'error');

/**
 * The whole page.
 * @param {any} record
 * @returns {string}
 */
export function renderHtml(record) {
  const results = Array.isArray(record?.results) ? record.results : [];
  const summary = record?.summary ?? summarize(results);
  const env = record?.environment ?? {};
  const title = `node-concurrency-spec: ${summary.total} claims, ${VERDICTS.map((v) => `${summary[v] ?? 0} ${v}`).join(', ')}`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}${env.platform ? ` (${esc(env.platform)} ${esc(env.arch ?? '')}, Node ${esc(env.node?.version ?? '?')})` : ''}</title>`,
    `<style>${CSS}</style></head><body>`,
    header(record),
    '<main>',
    summarySection(results, summary),
    ...results.map(claimSection),
    '</main>',
    `<footer class="muted">Generated by ${esc(record?.tool?.name ?? 'node-concurrency-spec')} ${esc(record?.tool?.version ?? '')} from its result record (schemaVersion ${esc(record?.schemaVersion ?? '?')}). Verdicts: pass, fail, inconclusive, skip, error; exit code ${esc(record?.exitCode ?? '?')}.</footer>`,
    '</body></html>',
    '',
  ].join('\n');
}

/** @param {any} record */
function header(record) {
  const env = record?.environment ?? {};
  const node = env.node ?? {};
  const cpus = env.cpus ?? {};
  const where = [env.platform, env.arch, env.release].filter(Boolean).join(' ');
  const envLines = [
    where && `on ${where}`,
    `fixtures under Node ${node.version ?? '?'} (V8 ${node.v8 ?? '?'}, libuv ${node.uv ?? '?'}) at ${node.path ?? '?'}`,
    env.hostNode?.version && `harness on Node ${env.hostNode.version}`,
    cpus.requested != null
      ? `--cpus ${cpus.requested}: CPU ${Array.isArray(cpus.list) ? cpus.list.join(',') : 'none'} (${cpus.method ?? '?'})`
      : 'no CPU pinning',
    env.quick && '--quick: fewer trials',
    settingsText(env),
  ].filter(Boolean);
  let profileLines = ['machine not profiled (every claim skipped)'];
  if (record?.profile) {
    try {
      profileLines = formatProfile(record.profile);
    } catch {
      profileLines = [`cores C=${record.profile.cores ?? '?'}`];
    }
  }
  const list = (/** @type {unknown[]} */ xs) => `<ul>${xs.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>`;
  const meta = [
    record?.startedAt && `started ${record.startedAt}`,
    `took ${formatDuration(record?.durationMs)}`,
    Array.isArray(record?.argv) && `arguments: ${record.argv.length ? record.argv.join(' ') : '(none)'}`,
  ].filter(Boolean);
  return [
    '<header>',
    `<h1>node-concurrency-spec report</h1><p class="meta">${esc(meta.join(' · '))}</p>`,
    record?.interrupted ? '<p class="banner">The run was interrupted: results are partial.</p>' : '',
    `<div class="machine"><div><h3>Environment</h3>${list(envLines)}</div><div><h3>Machine profile</h3>${list(profileLines)}</div>`,
    `<div>${parallelismChart(record?.profile)}</div></div>`,
    '</header>',
  ].join('\n');
}

/** @param {any[]} results @param {any} summary */
function summarySection(results, summary) {
  const counts = VERDICTS.map(
    (v) =>
      `<li class="v-${v}" data-verdict="${v}"><strong data-count="${v}">${esc(summary[v] ?? 0)}</strong> ${v}</li>`,
  ).join('');
  const rows = results
    .map(
      (r) =>
        `<tr><td><span class="badge v-${vclass(r.verdict)}">${esc(labelOf(r))}</span></td><td><a href="#${esc(encodeURIComponent(String(r.id)))}"><code>${esc(r.id)}</code></a></td><td>${esc(r.title)}</td><td>${esc(r.trials ?? 0)}</td><td>${esc(formatDuration(r.durationMs))}</td><td class="reason">${esc(headline(r))}</td></tr>`,
    )
    .join('\n');
  return [
    '<section id="summary"><h2>Summary</h2>',
    `<ul class="counts"><li><strong data-count="total">${esc(summary.total ?? results.length)}</strong> claims</li>${counts}</ul>`,
    '<table><thead><tr><th>verdict</th><th>claim</th><th>title</th><th>trials</th><th>time</th><th>reason</th></tr></thead><tbody>',
    rows,
    '</tbody></table></section>',
  ].join('\n');
}

/** @param {string} s @param {number} n */
const clip = (s, n) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** @param {any} r */
export function claimSection(r) {
  const v = vclass(r?.verdict);
  const src = r?.source ?? {};
  const exp = r?.expectation ?? {};
  const dd = (/** @type {string} */ term, /** @type {unknown} */ value) =>
    value == null || value === '' ? '' : `<dt>${esc(term)}</dt><dd>${esc(value)}</dd>`;
  const charts = [timelineChart(r), completionChart(r), timingChart(r), throughputChart(r), latencyChart(r)].filter(
    Boolean,
  );
  return [
    `<section class="claim c-${v}" id="${esc(r?.id)}" data-verdict="${v}">`,
    `<h2><span class="badge v-${v}">${esc(labelOf(r))}</span> <code>${esc(r?.id)}</code></h2>`,
    `<p><strong>${esc(r?.title)}</strong> <span class="muted">(${esc(r?.area ?? '')}; expected: the claim ${r?.expected === 'refuted' ? 'is refuted' : 'holds'}; ${esc(r?.trials ?? 0)} trial${r?.trials === 1 ? '' : 's'}, ${esc(formatDuration(r?.durationMs))})</span></p>`,
    `<p class="reason">${esc(oneLine(r?.reason))}</p>`,
    assertionsBlock(r?.evidence?.assertions),
    '<div class="beside">',
    `<div><h3>The claim and its source</h3><dl>${dd('Claim', r?.claim)}${dd('Source', [src.file && sourceName(src.file), src.section].filter(Boolean).join(' — '))}${dd('The source’s figures', src.figures ?? 'none given')}</dl>${sideBySideBlock(r)}</div>`,
    `<div><h3>The truth and this run</h3><dl>${dd('Truth', r?.truth)}${dd('Expected on this machine', exp.summary)}${dd('Model', modelText(exp.model))}${dd('Measured here', timingSummary(r?.evidence?.timing))}</dl></div>`,
    '</div>',
    charts.length ? `<div class="evidence"><h3>Evidence</h3>${charts.join('\n')}</div>` : '',
    structuralBlock(r?.evidence?.structural),
    rawSamples(r?.samples),
    '</section>',
  ].join('\n');
}

/**
 * A table of figures; columns of numbers right-aligned.
 * @param {import('./side-by-side.js').Table} t @param {string} caption
 */
export function figuresTable(t, caption) {
  const numeric = t.columns.map(
    (_, i) => t.rows.some((row) => typeof row[i] === 'number') && t.rows.every((row) => typeof row[i] !== 'string'),
  );
  const cls = (/** @type {number} */ i) => (numeric[i] ? ' class="n"' : '');
  return [
    `<table class="figures"><caption class="muted">${esc(caption)}</caption><thead><tr>`,
    t.columns.map((c, i) => `<th${cls(i)}>${esc(c)}</th>`).join(''),
    '</tr></thead><tbody>',
    t.rows
      .map((row) => `<tr>${t.columns.map((_, i) => `<td${cls(i)}>${esc(cellText(row[i]))}</td>`).join('')}</tr>`)
      .join(''),
    '</tbody></table>',
  ].join('');
}

/**
 * The source's own table and ours, in the same shape (nothing where the spec
 * gives no table or the samples make none). The model's prediction stands
 * beside them, under "Expected on this machine".
 * @param {any} r
 */
export function sideBySideBlock(r) {
  const t = sideBySide(r);
  if (!t) return '';
  return [
    '<div class="tables">',
    `<p><strong>The source’s table</strong></p>${figuresTable(t.source, t.source.setup)}`,
    `<p><strong>The same, measured in this run</strong></p>${figuresTable(t.ours, t.ours.setup)}`,
    t.atSourceLoad
      ? `<p><strong>This run, under the source’s own load</strong></p>${figuresTable(t.atSourceLoad, t.atSourceLoad.setup)}`
      : '',
    t.predicted.length ? `<ul class="model">${t.predicted.map((x) => `<li>Model: ${esc(x)}</li>`).join('')}</ul>` : '',
    '</div>',
  ].join('');
}

/**
 * What the claim asserts, each with its own decision and the channel that
 * measured it. Nothing for records from before assertions were kept.
 * @param {any} assertions
 */
export function assertionsBlock(assertions) {
  if (!Array.isArray(assertions) || assertions.length === 0) return '';
  const items = assertions.map((a) => {
    const v = a.decided === 'pass' ? 'pass' : a.decided === 'fail' ? 'fail' : 'inconclusive';
    const word = a.decided ?? 'undecided';
    const count = assertionCount(a);
    return `<li><span class="badge v-${v}">${esc(word)}</span> ${esc(a.name)} <span class="muted">(${esc(a.channel)}${esc(count)})</span><br><span class="muted">${esc(oneLine(a.detail))}</span></li>`;
  });
  return `<div class="assertions"><h3>What the claim asserts</h3><ul>${items.join('')}</ul></div>`;
}

/** Model inputs and outputs as `k=5 · P=4 · …`. @param {any} model */
export function modelText(model) {
  if (!model || typeof model !== 'object') return '';
  return Object.entries(model)
    .map(
      ([k, v]) =>
        `${k}=${typeof v === 'number' ? fmt(v, 4) : v && typeof v === 'object' ? clip(JSON.stringify(v), 120) : String(v)}`,
    )
    .join(' · ');
}

/** @param {any} s */
function structuralBlock(s) {
  if (!s) return '';
  const details = Array.isArray(s.details) ? s.details : [];
  const decided = s.decided ?? 'undecided';
  return [
    `<h3>Structural checks</h3><p>Decided: <strong>${esc(decided)}</strong> — ${esc(s.agree ?? 0)} trial(s) agree, ${esc(s.disagree ?? 0)} disagree${s.voided - (s.contested ?? 0) ? `, ${esc(s.voided - (s.contested ?? 0))} void (control failed)` : ''}${s.contested ? `, ${esc(s.contested)} contested (against the claim within the machine's noise)` : ''}.</p>`,
    details.length
      ? `<ul class="checks">${details.map((/** @type {unknown} */ d) => `<li>${esc(oneLine(d))}</li>`).join('')}</ul>`
      : '',
  ].join('');
}

/** The first trial's raw sample, clipped. @param {unknown} samples */
function rawSamples(samples) {
  if (!Array.isArray(samples) || !samples.length) return '';
  const text = JSON.stringify(samples[0], null, 1) ?? 'null';
  return `<details><summary>Raw sample of trial 1 of ${samples.length}${text.length > 4000 ? ' (clipped)' : ''}</summary><pre>${esc(clip(text, 4000))}</pre></details>`;
}
