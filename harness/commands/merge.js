// @ts-check
// `node-concurrency-spec merge`: join result records from many environments
// into one claims × environments table (Markdown and/or HTML).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mergeRecords, readRecord, RecordError } from '../merge.js';
import { writeWhole } from '../output.js';
import { EXPORTERS } from '../reporters/index.js';

/** The exporters that render a merged table (from the one exporter table). */
const MERGED = Object.entries(EXPORTERS)
  .filter(([, e]) => e.merged)
  .map(([name]) => name);

export const HELP = `Usage: node-concurrency-spec merge [options] REPORT.json|DIR ...

Joins result records (--json output) from many environments, e.g. Node
versions and core counts, into one table of claims × environments. A DIR
argument stands for every *.json file under it. Prints the table as Markdown
unless a reporter names another destination. Environments are ordered by
version (22.17.0 before 22.18.0); where a claim's outcome or truth changes
between neighbouring versions of otherwise alike environments, the table
says so ("changed between 22.17.0 and 22.18.0").

Options:
  --reporter NAME[=FILE]  markdown or html, to stdout or FILE; repeatable
                          (default: markdown to stdout)
  --markdown FILE         the same as --reporter markdown=FILE (alias)
  --html FILE             the same as --reporter html=FILE (alias)
  --no-fold               one column per environment (by default neighbouring
                          environments with identical outcomes share a column)
  -h, --help              show this help

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
      const found = readdirSync(arg, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.json'))
        .sort();
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
      options: {
        reporter: { type: 'string', multiple: true },
        html: { type: 'string' },
        markdown: { type: 'string' },
        'no-fold': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    return fail(`${/** @type {Error} */ (err).message.split(/\.( |$)/)[0]} (see merge --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return (void stdout.write(HELP), 0);
  if (!positionals.length) return fail('no report given: name one or more REPORT.json files (see merge --help)');
  for (const [flag, value] of [
    ['--html', values.html],
    ['--markdown', values.markdown],
  ])
    if (value === '') return fail(`${flag} needs a file name`);
  /** @type {{ name: string, file: string | null }[]} */
  const targets = [];
  for (const text of values.reporter ?? []) {
    const [name, ...rest] = text.split('=');
    const file = rest.join('=');
    if (!MERGED.includes(name)) return fail(`unknown reporter '${name}' (merge writes: ${MERGED.join(', ')})`);
    if (text.includes('=') && !file) return fail(`--reporter ${name}= needs a file name`);
    targets.push({ name, file: file || null });
  }
  const onStdout = targets.filter((t) => t.file === null).map((t) => t.name);
  if (onStdout.length > 1)
    return fail(`only one reporter can write to stdout (got ${onStdout.join(', ')}): give the others a file`);
  if (values.markdown) targets.push({ name: 'markdown', file: values.markdown });
  if (values.html) targets.push({ name: 'html', file: values.html });
  if (!targets.some((t) => t.file === null) && !targets.some((t) => t.name === 'markdown'))
    targets.push({ name: 'markdown', file: null });
  let table;
  try {
    const files = expandInputs(positionals);
    table = mergeRecords(files.map(readRecord), { files, fold: !values['no-fold'] });
  } catch (err) {
    if (err instanceof RecordError) return fail(err.message);
    throw err;
  }
  try {
    for (const { name, file } of targets) {
      const render = /** @type {(table: any) => string} */ (
        EXPORTERS[/** @type {'html' | 'markdown'} */ (name)].merged
      );
      if (file) writeWhole(file, render(table));
      else stdout.write(render(table));
    }
  } catch (err) {
    return fail(`cannot write: ${/** @type {Error} */ (err).message}`);
  }
  return 0;
}
