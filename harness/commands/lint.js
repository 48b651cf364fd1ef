// @ts-check
// `node-concurrency-spec lint [--specs DIR]...`: check every spec's metadata.
// One line per problem on stdout (`file: field: what is wrong`), a summary on
// stderr; exit 0 when clean, 1 with problems, 2 for bad usage.
import { parseArgs } from 'node:util';
import { lintSpecs, formatProblem } from '../lint.js';
import { TAGS } from '../spec.js';
import { UsageError } from '../errors.js';

const HELP = `Usage: node-concurrency-spec lint [options]

Checks the metadata of every built-in spec and of the claim packs given with
--specs: required fields, the id against the file name, the area against the
folder, known tags and sources, a valid Node version range, known
preconditions, and that a refuted claim says what is true instead. Prints one
line per problem (file: field: what is wrong).

Tags: ${Object.keys(TAGS).join(', ')}

Options:
  --specs DIR             also lint the claim pack in DIR (<area>/<id>.spec.js
                          or *.spec.js, or .spec.mjs); repeatable
  -h, --help              show this help

Exit codes: 0 no problems, 1 problems, 2 bad usage.
`;

/** parseArgs' message, first sentence, lower case. @param {unknown} err */
export function usageText(err) {
  const text = String(/** @type {Error} */ (err)?.message ?? err)
    .split('\n')[0]
    .split(/\.\s/)[0]
    .replace(/\.$/, '');
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * @param {string[]} argv
 * @param {{ stdout: { write(s: string): unknown }, stderr: { write(s: string): unknown } }} io
 * @returns {Promise<number>}
 */
export async function run(argv, { stdout, stderr }) {
  const fail = (/** @type {string} */ msg) => (stderr.write(`node-concurrency-spec lint: ${msg}\n`), 2);
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { specs: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    return fail(`${usageText(err)} (see --help)`);
  }
  if (values.help) return (void stdout.write(HELP), 0);
  const specDirs = values.specs ?? [];
  if (specDirs.some((d) => d === '')) return fail('--specs needs a directory');
  let report;
  try {
    report = await lintSpecs({ specDirs });
  } catch (err) {
    return fail(
      err instanceof UsageError
        ? err.message
        : `harness error: ${String(/** @type {Error} */ (err)?.message ?? err).split('\n')[0]}`,
    );
  }
  for (const p of report.problems) stdout.write(`${formatProblem(p)}\n`);
  const files = new Set(report.problems.map((p) => p.file)).size;
  const n = report.problems.length;
  stderr.write(
    n
      ? `lint: ${n} problem${n === 1 ? '' : 's'} in ${files} of ${report.specs} spec files\n`
      : `lint: ${report.specs} spec files, no problems\n`,
  );
  return n ? 1 : 0;
}
