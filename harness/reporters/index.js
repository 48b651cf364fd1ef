// @ts-check
// Reporters, in two kinds, registered here once:
//
// - Live reporters (spec, TAP) consume the run's event stream as it happens
//   and yield text for their destination, like node:test reporters:
//     run:start  { startedAt, environment, profile, specs: [{ id, title }] }
//     spec:start { id, title, index, total, resumed? } index is 0-based
//     spec:trial { id, trial, elapsedMs, note? }      trial is a 1-based count
//     spec:deferred { id, reason }   void trials ended its first sitting:
//                                    it starts again after the others
//     spec:end   Result                               once per spec
//     run:end    Record
// - Exporters (JSON, HTML, Markdown, JUnit) are functions of the finished
//   record; HTML and Markdown also render a merged table (merge). `--reporter`,
//   `--json` and `merge` all pick from EXPORTERS. Inside GitHub Actions the
//   step summary and annotations are written from the record as well
//   (github.js), through exportRecord.
import { spec } from './spec.js';
import { tap } from './tap.js';
import { renderJunit } from './junit.js';
import { renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';
import { renderMergedHtml, renderMergedMarkdown } from './merged.js';
import { githubReport } from './github.js';
import { writeWhole } from '../output.js';

export { spec } from './spec.js';
export { tap } from './tap.js';
export { renderJunit } from './junit.js';
export { renderHtml } from './html.js';
export { renderMarkdown } from './markdown.js';
export { githubReport } from './github.js';

/**
 * @typedef {{ type: string, data: any }} ReporterEvent
 * @typedef {(source: AsyncIterable<ReporterEvent>) => AsyncGenerator<string>} Reporter
 * @typedef {object} Exporter
 * @property {string} ext                       the file extension it writes beside a record
 * @property {(record: any) => string} record   the document for one run's record
 * @property {(table: any) => string} [merged]  the document for a merged table (merge)
 */

/**
 * Live reporters by name. `spec` picks TTY and colour from process.stdout and
 * the environment each time it runs; call `spec({ tty, color })` to force them.
 * @type {Record<'spec' | 'tap', Reporter>}
 */
export const LIVE = {
  spec: (source) => spec()(source),
  tap,
};

/** @type {Record<'json' | 'html' | 'markdown' | 'junit', Exporter>} */
export const EXPORTERS = {
  json: { ext: '.json', record: (record) => `${JSON.stringify(record, null, 2)}\n` },
  html: { ext: '.html', record: renderHtml, merged: renderMergedHtml },
  markdown: { ext: '.md', record: renderMarkdown, merged: renderMergedMarkdown },
  junit: { ext: '.xml', record: renderJunit },
};

/** Every reporter name `--reporter` takes: live ones first. */
export const REPORTERS = [...Object.keys(LIVE), ...Object.keys(EXPORTERS)];

/** @param {string} name @returns {name is keyof typeof LIVE} */
export const isLive = (name) => Object.hasOwn(LIVE, name);

/** The exporters `--json FILE` writes: the record, and beside it these. */
export const BESIDE_JSON = /** @type {const} */ (['html', 'markdown']);

/**
 * 'reports/latest.json' -> the record and its HTML and Markdown reports beside
 * it ('reports/latest.html', 'reports/latest.md').
 * @param {string} json
 * @returns {{ name: keyof typeof EXPORTERS, file: string }[]}
 */
export function jsonTargets(json) {
  const stem = json.replace(/\.json$/i, '');
  return [
    { name: 'json', file: json },
    ...BESIDE_JSON.map((name) => ({ name, file: `${stem}${EXPORTERS[name].ext}` })),
  ];
}

/**
 * Write a finished record through exporters: each to its file (whole), or to
 * stdout; then, inside GitHub Actions, the step summary and annotations.
 * @param {any} record
 * @param {{ targets: { name: string, file: string | null }[], stdout: { write(s: string): unknown },
 *   stderr: { write(s: string): unknown }, env?: NodeJS.ProcessEnv }} o
 */
export function exportRecord(record, { targets, stdout, stderr, env = process.env }) {
  for (const { name, file } of targets) {
    const text = EXPORTERS[/** @type {keyof typeof EXPORTERS} */ (name)].record(record);
    if (file) writeWhole(file, text);
    else stdout.write(text);
  }
  githubReport(record, { env, stdout: stderr, warn: (line) => void stderr.write(`${line}\n`) });
}

/**
 * Run a reporter over a source and collect its output as one string.
 * @param {Reporter} reporter @param {AsyncIterable<ReporterEvent> | Iterable<ReporterEvent>} source
 * @returns {Promise<string>}
 */
export async function render(reporter, source) {
  const iterable =
    Symbol.asyncIterator in Object(source)
      ? /** @type {AsyncIterable<ReporterEvent>} */ (source)
      : (async function* () {
          yield* /** @type {Iterable<ReporterEvent>} */ (source);
        })();
  let out = '';
  for await (const chunk of reporter(iterable)) out += chunk;
  return out;
}
