// @ts-check
// `node-concurrency-spec judge REPORT.json`: re-run this version's verdict
// logic on the raw samples of a saved record, without measuring anything.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { judgeRecord, judgeTable, checkJudgeable } from '../judge.js';
import { loadSpecs, SPECS_DIR } from '../registry.js';
import { checkWritable, writeWhole } from '../output.js';
import { EXPORTERS } from '../reporters/index.js';
import { UsageError, SpecError, JudgeError } from '../errors.js';

export const HELP = `Usage: node-concurrency-spec judge [options] REPORT.json

Re-runs the verdict logic of this version (each claim's plan, structural
check, timing statistic and decision) on the raw samples a saved record
holds, in order, stopping where a run would have stopped. Nothing is
measured. Prints which claims' verdicts changed and which did not; skipped
and errored results stay as recorded.

Options:
  --reporter NAME=FILE    write the re-judged record through an exporter
                          (json, html, markdown or junit) to FILE; repeatable
  --json FILE             the same as --reporter json=FILE (alias)
  --specs DIR             also load claims from DIR, as a run does; repeatable
  --strict                exit 3 when a re-judged verdict is inconclusive
  -h, --help              show this help

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
    throw new JudgeError(
      `${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'not readable' : /** @type {Error} */ (err).message}`,
    );
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
      options: {
        reporter: { type: 'string', multiple: true },
        json: { type: 'string' },
        specs: { type: 'string', multiple: true },
        strict: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    const text = /** @type {Error} */ (err).message.split(/\.( |$)/)[0];
    return fail(`${text.charAt(0).toLowerCase()}${text.slice(1)} (see judge --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return (void stdout.write(HELP), 0);
  if (positionals.length !== 1)
    return fail(
      positionals.length ? 'one REPORT.json at a time' : 'no report given: name a REPORT.json (see judge --help)',
    );
  if (values.json === '') return fail('--json needs a file name');
  // The table goes to stdout, so every exporter writes to a file.
  /** @type {{ name: keyof typeof EXPORTERS, file: string }[]} */
  const targets = [];
  for (const text of values.reporter ?? []) {
    const [name, ...rest] = text.split('=');
    if (!Object.hasOwn(EXPORTERS, name))
      return fail(`unknown reporter '${name}' (judge writes: ${Object.keys(EXPORTERS).join(', ')})`);
    if (!rest.join('=')) return fail(`--reporter ${name} needs a file: --reporter ${name}=FILE`);
    targets.push({ name: /** @type {keyof typeof EXPORTERS} */ (name), file: rest.join('=') });
  }
  if (values.json) targets.push({ name: 'json', file: values.json });
  const file = positionals[0];
  let out;
  try {
    const record = readJudgeable(file);
    for (const t of targets) checkWritable(t.file);
    const specs = await loadSpecs(SPECS_DIR, { specDirs: values.specs ?? [] });
    out = await judgeRecord(record, specs, { strict: Boolean(values.strict) });
  } catch (err) {
    if (err instanceof JudgeError || err instanceof UsageError || err instanceof SpecError) return fail(err.message);
    throw err;
  }
  const { record, judged } = out;
  const env = /** @type {any} */ (record.environment);
  const cores = /** @type {any} */ (record.profile)?.cores ?? '?';
  const node = String(env.node?.version ?? '?').replace(/^v/, '');
  const s = judged.length === 1 ? '' : 's';
  stdout.write(
    `node-concurrency-spec judge: ${judged.length} result${s} in ${file} (${record.startedAt}, ${env.platform}, node ${node}, C=${cores})\n\n`,
  );
  stdout.write(`${judgeTable(judged)}\n`);
  for (const t of targets) {
    writeWhole(t.file, EXPORTERS[t.name].record(record));
    stdout.write(`re-judged ${t.name === 'json' ? 'record' : `${t.name} report`} written to ${t.file}\n`);
  }
  return record.exitCode;
}
