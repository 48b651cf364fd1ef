// @ts-check
// Renderers of the merged claims × environments table (harness/merge.js
// builds it): Markdown for step summaries and a self-contained HTML page.
import { ICONS, mdCode, mdText } from './markdown.js';
import { CSS } from './html.js';
import { esc } from './svg.js';
import { VERDICTS } from '../record.js';
import { oneLine } from '../text.js';
import { summaryText } from './format.js';

/** @typedef {import('../merge.js').MergedTable} MergedTable */

/** @param {{ verdict: string, label: string } | null} c */
const cellText = (c) => (c ? `${ICONS[c.verdict] ?? '💥'} ${c.label}` : '—');

/** @param {any} e */
const envSummary = (e) => (e.summary ? summaryText(e.summary).replace(/^\d+ claims?: /, '') : '');

/** @param {MergedTable} table */
const heading = (table) =>
  `node-concurrency-spec: ${table.claims.length} claim${table.claims.length === 1 ? '' : 's'} × ${table.environments.length} environment${table.environments.length === 1 ? '' : 's'}`;

/** @param {number[]} envs */
const envNumbers = (envs) => `#${envs.join(', #')}`;

/**
 * One line of the 'differs' list: its kind and its text after the id (the
 * outcomes, and what is true where that differs too).
 * @param {import('../merge.js').Claim} c
 */
function differsLine(c) {
  const kind = c.verdictDiffers ? 'verdict differs' : c.truthDiffers ? 'truth differs' : 'label differs';
  const text = c.description.slice(c.id.length);
  const truth = c.truthDiffers && c.description !== c.truth ? `; what is true: ${c.truth.slice(c.id.length + 2)}` : '';
  return { kind, strong: c.verdictDiffers, text: `${text}${truth}` };
}

const NO_CHANGE =
  'No claim changes its outcome, or what it expects to be true, between neighbouring Node versions of alike environments.';

/**
 * The table as Markdown: environments, the claims that differ, where they
 * change between neighbouring Node versions (when there are several), all claims.
 * @param {MergedTable} table
 * @returns {string}
 */
export function renderMergedMarkdown(table) {
  const lines = [
    `## ${heading(table)}`,
    '',
    '### Environments',
    '',
    '| # | Node | OS | C | --cpus | quick | results | record |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const e of table.environments) {
    lines.push(
      `| ${e.index} | ${mdText(e.node)} | ${mdText(`${e.os} ${e.arch}`)} | ${e.cores ?? '?'} | ${e.cpus ?? '—'} | ${e.quick ? 'yes' : 'no'} | ${mdText(envSummary(e))} | ${mdCode(e.file)} |`,
    );
  }
  lines.push('', `### Differs across environments (${table.differs.length})`, '');
  if (!table.differs.length) lines.push('Every claim has the same outcome in every environment where it ran.');
  for (const c of table.differs) {
    const { kind, strong, text } = differsLine(c);
    lines.push(`- ${strong ? `**${kind}**` : kind}: ${mdCode(c.id)}${mdText(text)}`);
  }
  if (table.versions.length > 1) {
    lines.push('', `### Changed between versions (${table.changes.length})`, '');
    if (!table.changes.length) lines.push(NO_CHANGE);
    for (const ch of table.changes) lines.push(`- ${mdCode(ch.id)}: ${mdText(ch.text)}`);
  }
  const head = table.columns.map((col) => `${mdText(col.title)} · ${envNumbers(col.envs)}`);
  lines.push('', '### All claims', '', `| claim | ${head.join(' | ')} |`, `|---|${head.map(() => '---|').join('')}`);
  for (const c of table.claims) {
    const mark = c.verdictDiffers ? ' **≠**' : c.differs ? ' ≠' : '';
    lines.push(`| ${mdCode(c.id)}${mark} | ${c.columns.map((cell) => mdText(cellText(cell))).join(' | ')} |`);
  }
  if (table.columns.some((col) => col.envs.length > 1))
    lines.push(
      '',
      'Neighbouring environments with the same outcome for every claim share a column; its heading names all of them.',
    );
  lines.push(
    '',
    '≠: the outcome, or what the claim expects to be true, differs across environments (bold: the verdict itself).',
    '',
  );
  return lines.join('\n');
}

const MERGED_CSS = `
main>section{margin:24px 0}table.matrix td.cell{white-space:nowrap;font-size:13px}table.matrix th{font-size:13px;vertical-align:bottom}
td.cell.c-pass{background:#dcfce7}td.cell.c-fail{background:#fee2e2}td.cell.c-error{background:#fecaca}td.cell.c-inconclusive{background:#fef9c3}td.cell.c-skip{background:#f3f4f6}
tr.differs th.id{border-left:4px solid #a16207}tr.verdict-differs th.id{border-left:4px solid #b91c1c}th.id{font-weight:normal}
`;

/**
 * The table as one self-contained HTML page (inline CSS, no scripts).
 * @param {MergedTable} table
 * @returns {string}
 */
export function renderMergedHtml(table) {
  const envRows = table.environments
    .map(
      (e) =>
        `<tr><td>${e.index}</td><td>${esc(e.node)}</td><td>${esc(`${e.os} ${e.arch} ${e.release}`)}</td><td>${esc(e.cores ?? '?')}</td><td>${esc(e.cpus ?? '—')}</td><td>${e.quick ? 'yes' : 'no'}</td><td>${esc(envSummary(e))}</td><td><code>${esc(e.file)}</code></td></tr>`,
    )
    .join('\n');
  const differs = table.differs.length
    ? `<ul>${table.differs
        .map((c) => {
          const { kind, strong, text } = differsLine(c);
          return `<li>${strong ? `<strong>${kind}</strong>` : kind}: <a href="#${esc(encodeURIComponent(c.id))}"><code>${esc(c.id)}</code></a>${esc(text)}</li>`;
        })
        .join('')}</ul>`
    : '<p>Every claim has the same outcome in every environment where it ran.</p>';
  const changes =
    table.versions.length > 1
      ? `<section><h2>Changed between versions (${table.changes.length})</h2>${
          table.changes.length
            ? `<ul>${table.changes
                .map(
                  (ch) =>
                    `<li><a href="#${esc(encodeURIComponent(ch.id))}"><code>${esc(ch.id)}</code></a>: ${esc(ch.text)}</li>`,
                )
                .join('')}</ul>`
            : `<p>${esc(NO_CHANGE)}</p>`
        }</section>`
      : '';
  const head = table.columns
    .map((col) => `<th scope="col">${esc(col.title)}<br><span class="muted">${esc(envNumbers(col.envs))}</span></th>`)
    .join('');
  const rows = table.claims
    .map((c) => {
      const cls = c.verdictDiffers ? 'differs verdict-differs' : c.differs ? 'differs' : '';
      const cells = c.columns
        .map((cell, i) => {
          if (!cell) return '<td class="cell">—</td>';
          const v = VERDICTS.includes(/** @type {any} */ (cell.verdict)) ? cell.verdict : 'error';
          const reasons = table.columns[i].envs
            .map((n) => `#${n}: ${oneLine(c.cells[n - 1]?.reason ?? 'not run')}`)
            .join('\n');
          return `<td class="cell c-${v}" title="${esc(reasons)}">${esc(cell.label)}</td>`;
        })
        .join('');
      return `<tr class="${cls}" id="${esc(c.id)}"><th class="id" scope="row"><code>${esc(c.id)}</code>${c.differs ? ' ≠' : ''}<br><span class="muted">${esc(c.title)}</span></th>${cells}</tr>`;
    })
    .join('\n');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(heading(table))}</title><style>${CSS}${MERGED_CSS}</style></head><body>`,
    `<header><h1>${esc(heading(table))}</h1><p class="meta">Hover a cell for each environment's reason. ≠ marks a claim whose outcome, or what it expects to be true, differs across environments.</p></header>`,
    '<main>',
    `<section><h2>Environments</h2><table><thead><tr><th>#</th><th>Node</th><th>OS</th><th>C</th><th>--cpus</th><th>quick</th><th>results</th><th>record</th></tr></thead><tbody>${envRows}</tbody></table></section>`,
    `<section><h2>Differs across environments (${table.differs.length})</h2>${differs}</section>`,
    changes,
    `<section><h2>All claims</h2><table class="matrix"><thead><tr><th>claim</th>${head}</tr></thead><tbody>${rows}</tbody></table></section>`,
    '</main></body></html>',
    '',
  ].join('\n');
}
