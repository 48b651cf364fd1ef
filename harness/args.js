// The command line: one table of options, parsed into a plain object or
// rejected with a one-line UsageError.
import { parseArgs } from 'node:util';
import { UsageError } from './context.js';

export const REPORTER_NAMES = ['spec', 'tap', 'junit', 'json'];
export const DEFAULT_JSON = 'reports/latest.json';

/** The option table: flag, type, argument name, help text. */
export const OPTIONS = /** @type {const} */ ([
  ['list', 'boolean', '', 'print each spec id and title, one per line, and exit'],
  ['json', 'string', 'FILE', `write the result record (JSON) to FILE (default ${DEFAULT_JSON})`],
  ['no-json', 'boolean', '', 'do not write the result record'],
  ['reporter', 'string', 'NAME[=FILE]', `add a reporter (${REPORTER_NAMES.join(', ')}), to stdout or FILE; repeatable (default: spec)`],
  ['cpus', 'string', 'N', 'run fixtures on the first N CPUs this process may use (taskset)'],
  ['node', 'string', 'PATH', 'run fixtures under this Node binary (default: the one running the CLI)'],
  ['strict', 'boolean', '', 'exit 3 when any verdict is inconclusive'],
  ['help', 'boolean', '', 'show this help'],
  ['version', 'boolean', '', 'print the version'],
]);

const SHORT = /** @type {Record<string, string>} */ ({ help: 'h', version: 'v' });

export function helpText() {
  const rows = OPTIONS.map(([name, , arg, text]) => {
    const flag = `${SHORT[name] ? `-${SHORT[name]}, ` : '    '}--${name}${arg ? ` ${arg}` : ''}`;
    return `  ${flag.padEnd(28)}${text}`;
  });
  return [
    'Usage: node-concurrency-spec [options] [id or glob ...]',
    '',
    'Checks claims about Node.js concurrency by measurement and prints a verdict',
    "for each. Select claims by id or glob, e.g. 'pool.*' (quote globs); none selects all.",
    '',
    'Options:',
    ...rows,
    '',
    'Exit codes: 0 every verdict as expected, 1 a claim failed, 2 usage, harness or',
    'fixture error (or interrupted), 3 inconclusive under --strict.',
    '',
  ].join('\n');
}

/**
 * @param {string[]} argv arguments after the program name
 */
export function parseCli(argv) {
  /** @type {Record<string, { type: 'string' | 'boolean', multiple?: boolean, short?: string }>} */
  const options = {};
  for (const [name, type] of OPTIONS) options[name] = { type, ...(name === 'reporter' ? { multiple: true } : {}), ...(SHORT[name] ? { short: SHORT[name] } : {}) };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    const text = String(err instanceof Error ? err.message : err).split('\n')[0].replace(/\. To specify.*$/, '');
    throw new UsageError(text.charAt(0).toLowerCase() + text.slice(1));
  }
  const v = /** @type {Record<string, any>} */ (parsed.values);
  const cpus = v.cpus === undefined ? null : positiveInt('--cpus', v.cpus);
  const reporters = (v.reporter ?? ['spec']).map(parseReporter);
  if (v.json !== undefined && v['no-json']) throw new UsageError('--json and --no-json cannot be used together');
  if (v.json === '') throw new UsageError('--json needs a file name');
  if (v.node === '') throw new UsageError('--node needs a path');
  return {
    patterns: parsed.positionals,
    list: Boolean(v.list),
    json: v['no-json'] ? null : (v.json ?? DEFAULT_JSON),
    reporters,
    cpus,
    node: v.node ?? null,
    strict: Boolean(v.strict),
    help: Boolean(v.help),
    version: Boolean(v.version),
  };
}

/** @param {string} flag @param {string} text */
function positiveInt(flag, text) {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${flag} must be a whole number of at least 1 (got '${text}')`);
  return Number(text);
}

/** @param {string} text */
export function parseReporter(text) {
  const [name, ...rest] = text.split('=');
  if (!REPORTER_NAMES.includes(name)) throw new UsageError(`unknown reporter '${name}' (known: ${REPORTER_NAMES.join(', ')})`);
  const file = rest.join('=');
  if (text.includes('=') && !file) throw new UsageError(`--reporter ${name}= needs a file name`);
  return { name, file: file || null };
}
