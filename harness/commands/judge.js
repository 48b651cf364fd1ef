// `node-concurrency-spec judge REPORT.json`: re-run this version's verdict
// logic on the raw samples of a saved record, without measuring anything.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { judgeRecord, judgeTable, checkJudgeable, JudgeError } from '../judge.js';
import { loadSpecs, SPECS_DIR } from '../registry.js';
import { checkWritable, writeWhole } from '../output.js';
import { UsageError } from '../context.js';
import { SpecError } from '../spec.js';

export const HELP = `Usage: node-concurrency-spec judge [options] REPORT.json

Re-runs the verdict logic of this version (each claim's plan, structural
check, timing statistic and decision) on the raw samples a saved record
holds, in order, stopping where a run would have stopped. Nothing is
measured. Prints which claims' verdicts changed and which did not; skipped
and errored results stay as recorded.

Options:
  --json FILE      write the re-judged record to FILE (same format)
  --specs DIR      also load claims from DIR, as a run does; repeatable
  --strict         exit 3 when a re-judged verdict is inconclusive
  -h, --help       show this help

Exit codes, as for a run: 0 every verdict as expected, 1 a claim failed,
2 bad usage, an unreadable record or an error result, 3 inconclusive
under --strict.
`;

/**
 * @param {string} file
 */
function readJudgeable(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = /** @type {any} */ (err)?.code;
    throw new JudgeError(`${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'not readable' : /** @type {Error} */ (err).message}`);
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new JudgeError(`${file}: not valid JSON: ${/** @type {Error} */ (err).message}`);
  }
  return checkJudgeable(data, file);
}

/**
 * @param {string[]} argv arguments after `judge`
 * @param {{ stdout?: { write(s: string): unknown }, stderr?: { write(s: string): unknown } }} [io]
 * @returns {Promise<number>}
 */
export async function run(argv, { stdout = process.stdout, stderr = process.stderr } = {}) {
  const fail = (/** @type {string} */ msg) => (stderr.write(`node-concurrency-spec judge: ${msg}\n`), 2);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: 'string' }, specs: { type: 'string', multiple: true }, strict: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    const text = /** @type {Error} */ (err).message.split(/\.( |$)/)[0];
    return fail(`${text.charAt(0).toLowerCase()}${text.slice(1)} (see judge --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return void stdout.write(HELP), 0;
  if (positionals.length !== 1) return fail(positionals.length ? 'one REPORT.json at a time' : 'no report given: name a REPORT.json (see judge --help)');
  if (values.json === '') return fail('--json needs a file name');
  const file = positionals[0];
  let out;
  try {
    const record = readJudgeable(file);
    if (values.json) checkWritable(values.json);
    const specs = await loadSpecs(SPECS_DIR, { specDirs: values.specs ?? [] });
    out = await judgeRecord(record, specs, { strict: Boolean(values.strict) });
  } catch (err) {
    if (err instanceof JudgeError || err instanceof UsageError || err instanceof SpecError) return fail(err.message);
    throw err;
  }
  const { record, judged } = out;
  const env = record.environment;
  stdout.write(`node-concurrency-spec judge: ${judged.length} result${judged.length === 1 ? '' : 's'} in ${file} (${record.startedAt}, ${env.platform}, node ${String(env.node?.version ?? '?').replace(/^v/, '')}, C=${record.profile?.cores ?? '?'})\n\n`);
  stdout.write(`${judgeTable(judged)}\n`);
  if (values.json) {
    writeWhole(values.json, `${JSON.stringify(record, null, 2)}\n`);
    stdout.write(`re-judged record written to ${values.json}\n`);
  }
  return record.exitCode;
}
