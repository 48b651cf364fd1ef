// @ts-check
// GitHub Actions: inside a workflow run, the Markdown summary is appended to
// the step summary file and each failed or errored claim becomes an error
// annotation (an inconclusive one a warning), via workflow commands on stdout.
import { appendFileSync, existsSync } from 'node:fs';
import { oneLine } from '../text.js';
import { renderMarkdown } from './markdown.js';

/**
 * Escape a workflow command's message (data).
 * @param {unknown} text
 */
export function escapeData(text) {
  return String(text ?? '')
    .replace(/%/g, '%25')
    .replace(/\r/g, '%0D')
    .replace(/\n/g, '%0A');
}

/**
 * Escape a workflow command's property value (title=..., file=...).
 * @param {unknown} text
 */
export function escapeProperty(text) {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * The claim's spec file, relative to the working directory, where it is
 * there (a workflow in this repository, or a claim pack laid out the same
 * way): annotations that name it show on the spec in a pull request's diff.
 * @param {any} r @param {(file: string) => boolean} exists
 */
function specFile(r, exists) {
  if (typeof r?.area !== 'string' || typeof r?.id !== 'string') return null;
  return [`specs/${r.area}/${r.id}.spec.js`, `specs/${r.area}/${r.id}.spec.mjs`].find(exists) ?? null;
}

/**
 * The workflow commands for a record: `::error file=…,title=<id>::<reason>`
 * per failed or errored claim, `::warning` per inconclusive one (`file=` when
 * the spec is found under the working directory).
 * @param {any} record
 * @param {{ exists?: (file: string) => boolean }} [o]
 * @returns {string[]}
 */
export function annotations(record, { exists = existsSync } = {}) {
  const kinds = /** @type {Record<string, string>} */ ({ fail: 'error', error: 'error', inconclusive: 'warning' });
  return (Array.isArray(record?.results) ? record.results : [])
    .filter((/** @type {any} */ r) => kinds[r?.verdict])
    .map((/** @type {any} */ r) => {
      const file = specFile(r, exists);
      const where = file ? `file=${escapeProperty(file)},` : '';
      return `::${kinds[r.verdict]} ${where}title=${escapeProperty(oneLine(r.id))}::${escapeData(oneLine(r.reason) || r.verdict)}`;
    });
}

/**
 * Report a finished record to GitHub Actions, when running inside one
 * (GITHUB_ACTIONS set). Never throws: a step summary that cannot be written
 * is reported through `warn`.
 * @param {any} record
 * @param {{ env?: Record<string, string | undefined>, stdout?: { write(s: string): unknown }, warn?: (line: string) => void, append?: (file: string, text: string) => void }} [o]
 */
export function githubReport(
  record,
  {
    env = process.env,
    stdout = process.stdout,
    warn = (line) => void process.stderr.write(`${line}\n`),
    append = appendFileSync,
  } = {},
) {
  if (!env.GITHUB_ACTIONS) return;
  const file = env.GITHUB_STEP_SUMMARY;
  if (file) {
    try {
      append(file, `${renderMarkdown(record)}\n`);
    } catch (err) {
      warn(
        `node-concurrency-spec: cannot append to GITHUB_STEP_SUMMARY (${file}): ${oneLine(/** @type {Error} */ (err)?.message ?? err)}`,
      );
    }
  }
  try {
    for (const line of annotations(record)) stdout.write(`${line}\n`);
  } catch (err) {
    warn(`node-concurrency-spec: cannot write annotations: ${oneLine(/** @type {Error} */ (err)?.message ?? err)}`);
  }
}
