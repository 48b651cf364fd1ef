// `node-concurrency-spec merge`: join result records from many environments
// into one claims × environments table (Markdown and/or HTML).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mergeRecords, readRecord, RecordError, renderMergedHtml, renderMergedMarkdown } from '../merge.js';
import { writeWhole } from '../output.js';

export const HELP = `Usage: node-concurrency-spec merge [options] REPORT.json|DIR ...

Joins result records (--json output) from many environments, e.g. Node
versions and core counts, into one table of claims × environments. A DIR
argument stands for every *.json file under it. Prints the table as Markdown
unless --markdown names a file.

Options:
  --markdown FILE   write the Markdown table to FILE
  --html FILE       write a self-contained HTML page to FILE
  --no-fold         one column per environment (by default neighbouring
                    environments with identical outcomes share a column)
  -h, --help        show this help

Exit codes: 0 written, 2 bad usage or a record that cannot be read.
`;

/**
 * Every record file named: files as given, directories expanded to the
 * *.json files under them (sorted).
 * @param {string[]} args
 */
export function expandInputs(args) {
  const files = [];
  for (const arg of args) {
    let info = null;
    try {
      info = statSync(arg);
    } catch {
      // a missing file is reported by readRecord, naming it
    }
    if (info?.isDirectory()) {
      const found = readdirSync(arg, { recursive: true }).map(String).filter((f) => f.endsWith('.json')).sort();
      if (!found.length) throw new RecordError(`${arg}: a directory with no .json record in it`);
      files.push(...found.map((f) => path.join(arg, f)));
    } else files.push(arg);
  }
  return files;
}

/**
 * @param {string[]} argv arguments after `merge`
 * @param {{ stdout?: { write(s: string): unknown }, stderr?: { write(s: string): unknown } }} [io]
 * @returns {Promise<number>}
 */
export async function run(argv, { stdout = process.stdout, stderr = process.stderr } = {}) {
  const fail = (/** @type {string} */ msg) => (stderr.write(`node-concurrency-spec merge: ${msg}\n`), 2);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { html: { type: 'string' }, markdown: { type: 'string' }, 'no-fold': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    return fail(`${/** @type {Error} */ (err).message.split(/\.( |$)/)[0]} (see merge --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return void stdout.write(HELP), 0;
  if (!positionals.length) return fail('no report given: name one or more REPORT.json files (see merge --help)');
  for (const [flag, value] of [['--html', values.html], ['--markdown', values.markdown]]) if (value === '') return fail(`${flag} needs a file name`);
  let table;
  try {
    const files = expandInputs(positionals);
    table = mergeRecords(files.map(readRecord), { files, fold: !values['no-fold'] });
  } catch (err) {
    if (err instanceof RecordError) return fail(err.message);
    throw err;
  }
  try {
    if (values.html) writeWhole(values.html, renderMergedHtml(table));
    if (values.markdown) writeWhole(values.markdown, renderMergedMarkdown(table));
  } catch (err) {
    return fail(`cannot write: ${/** @type {Error} */ (err).message}`);
  }
  if (!values.markdown) stdout.write(renderMergedMarkdown(table));
  return 0;
}
