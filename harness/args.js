// @ts-check
// The command line: one table of options, parsed into a plain object or
// rejected with a one-line UsageError.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { UsageError } from './errors.js';
import { INHERITABLE, HARNESS_OWN } from './isolate.js';
import { DEFAULT_LANES } from './lanes.js';

export const REPORTER_NAMES = ['spec', 'tap', 'junit', 'json', 'html', 'markdown'];
export const DEFAULT_JSON = 'reports/latest.json';

/** The option table: flag, type, argument name, help text. */
export const OPTIONS = /** @type {const} */ ([
  ['list', 'boolean', '', 'print each spec id and title, one per line, and exit'],
  [
    'json',
    'string',
    'FILE',
    `write the result record (JSON) to FILE, its .html and .md reports beside it (default ${DEFAULT_JSON})`,
  ],
  ['no-json', 'boolean', '', 'write no record, and no HTML or Markdown beside it'],
  [
    'out',
    'string',
    'DIR',
    `put the record (DIR/${path.basename(DEFAULT_JSON)}, .html, .md) and each --reporter FILE named without a directory in DIR; not with --json`,
  ],
  [
    'reporter',
    'string',
    'NAME[=FILE]',
    `add a reporter (${REPORTER_NAMES.join(', ')}), to stdout or FILE; repeatable (default: spec)`,
  ],
  ['cpus', 'string', 'N[,N...]', 'run fixtures on the first N CPUs this process may use (taskset); a list runs each'],
  ['node', 'string', 'PATH', 'run fixtures under this Node binary (default: the one running the CLI); repeatable'],
  ['env', 'string', 'KEY=VALUE', 'run every fixture with this variable set (KEY= sets it empty); repeatable'],
  ['inherit-env', 'boolean', '', `run fixtures with this shell's ${INHERITABLE.join(', ')} (--env wins)`],
  [
    'quick',
    'boolean',
    '',
    'stop each claim as soon as its structural evidence decides it; the cluster throughput claims (decided by timing) are judged on a smaller, stated budget',
  ],
  [
    'source-loads',
    'boolean',
    '',
    "also run the cluster throughput claims' source loads (loadtest's 100 clients, once per arm), shown beside the source's tables; they decide nothing and add about 10 s",
  ],
  [
    'lanes',
    'string',
    'N',
    `run up to N timing-free claims at once (at most the cores), and twice as many that mostly wait, before the others, each of which runs alone (default ${DEFAULT_LANES}; 1: every claim alone, in order)`,
  ],
  ['specs', 'string', 'DIR', 'also load claims from DIR (<area>/<id>.spec.js or *.spec.js, or .spec.mjs); repeatable'],
  [
    'expectations',
    'string',
    'FILE',
    'known deviations per environment (JSON); a matching verdict reports as known here and does not fail the run',
  ],
  [
    'verify',
    'string',
    'N',
    'run the selected claims N times, each on a freshly probed machine, and report verdict stability',
  ],
  ['strict', 'boolean', '', 'exit 3 when any verdict is inconclusive'],
  ['help', 'boolean', '', 'show this help'],
  ['version', 'boolean', '', 'print the version'],
]);

/** Sub-commands: harness/commands/<name>.js exports run(argv, io) → exit code. */
export const COMMANDS = {
  merge: 'join result records from many environments into one table',
  judge: 're-run the verdict logic on the raw samples of a saved record',
  lint: "check every spec's metadata",
  new: 'scaffold a new claim (spec and fixture stub)',
};

const MULTIPLE = ['reporter', 'node', 'specs', 'env'];
const SHORT = /** @type {Record<string, string>} */ ({ help: 'h', version: 'v' });

export function helpText() {
  const rows = OPTIONS.map(([name, , arg, text]) => {
    const flag = `${SHORT[name] ? `-${SHORT[name]}, ` : '    '}--${name}${arg ? ` ${arg}` : ''}`;
    return `  ${flag.padEnd(28)}${text}`;
  });
  return [
    'Usage: node-concurrency-spec [options] [id or glob ...]',
    '       node-concurrency-spec <command> [args]   (merge, judge, lint, new; <command> --help)',
    '',
    'Checks claims about Node.js concurrency by measurement and prints a verdict',
    "for each. Select claims by id or glob, e.g. 'pool.*' (quote globs); none selects all.",
    '',
    'Options:',
    ...rows,
    '',
    'Commands:',
    ...Object.entries(COMMANDS).map(([name, text]) => `  ${name.padEnd(28)}${text}`),
    '',
    'Environment:',
    '  NCS_DEBUG=1                 print a harness error with its stack trace instead of one line',
    '  NO_COLOR, FORCE_COLOR       colour of the spec reporter (default: on a terminal only)',
    '',
    'Exit codes: 0 every verdict as expected, 1 a claim failed, 2 usage, harness or',
    'fixture error, 3 inconclusive under --strict; 130 or 143 interrupted by SIGINT',
    'or SIGTERM (the partial record is written).',
    '',
  ].join('\n');
}

/**
 * @param {string[]} argv arguments after the program name
 * @param {NodeJS.ProcessEnv} [environ] the harness's own environment (what --inherit-env reads)
 */
export function parseCli(argv, environ = process.env) {
  /** @type {Record<string, { type: 'string' | 'boolean', multiple?: boolean, short?: string }>} */
  const options = {};
  for (const [name, type] of OPTIONS)
    options[name] = {
      type,
      ...(MULTIPLE.includes(name) ? { multiple: true } : {}),
      ...(SHORT[name] ? { short: SHORT[name] } : {}),
    };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    const text = String(err instanceof Error ? err.message : err)
      .split('\n')[0]
      .replace(/\. To specify.*$/, '');
    throw new UsageError(text.charAt(0).toLowerCase() + text.slice(1));
  }
  const v = /** @type {Record<string, any>} */ (parsed.values);
  const cpus = v.cpus === undefined ? null : parseCpuCounts(v.cpus);
  const verify = v.verify === undefined ? null : positiveInt('--verify', v.verify);
  const lanes = v.lanes === undefined ? DEFAULT_LANES : positiveInt('--lanes', v.lanes);
  if (v.out === '') throw new UsageError('--out needs a directory');
  if (v.out !== undefined && v.json !== undefined)
    throw new UsageError(
      `--out and --json cannot be used together: --out DIR writes DIR/${path.basename(DEFAULT_JSON)}`,
    );
  const out = v.out ?? null;
  const intoOut = (/** @type {string | null} */ file) =>
    out !== null && file !== null && path.basename(file) === file ? path.join(out, file) : file;
  /** @type {{ name: string, file: string | null }[]} */
  const reporters = (v.reporter ?? ['spec']).map((/** @type {string} */ text) => {
    const r = parseReporter(text);
    return { ...r, file: intoOut(r.file) };
  });
  const onStdout = reporters.filter((r) => r.file === null).map((r) => r.name);
  if (onStdout.length > 1) {
    throw new UsageError(
      `only one reporter can write to stdout (got ${onStdout.join(', ')}): give the others a file, e.g. --reporter ${onStdout[1]}=FILE`,
    );
  }
  if (verify !== null && v.list) throw new UsageError('--verify and --list cannot be used together');
  if (v.json !== undefined && v['no-json']) throw new UsageError('--json and --no-json cannot be used together');
  if (v.json === '') throw new UsageError('--json needs a file name');
  for (const n of v.node ?? []) if (n === '') throw new UsageError('--node needs a path');
  for (const d of v.specs ?? []) if (d === '') throw new UsageError('--specs needs a directory');
  if (v.expectations === '') throw new UsageError('--expectations needs a file name');
  return {
    patterns: parsed.positionals,
    list: Boolean(v.list),
    json: v['no-json'] ? null : (v.json ?? (out === null ? DEFAULT_JSON : path.join(out, path.basename(DEFAULT_JSON)))),
    out,
    reporters,
    cpus,
    nodes: v.node ?? [],
    quick: Boolean(v.quick),
    sourceLoads: Boolean(v['source-loads']),
    lanes,
    env: settingsInForce(v.env ?? [], v['inherit-env'] ? environ : {}),
    specDirs: v.specs ?? [],
    expectations: v.expectations ?? null,
    verify,
    strict: Boolean(v.strict),
    help: Boolean(v.help),
    version: Boolean(v.version),
  };
}

/** @param {string} flag @param {string} text */
function positiveInt(flag, text) {
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new UsageError(`${flag} must be a whole number of at least 1 (got '${text}')`);
  return Number(text);
}

/**
 * '--cpus 2' or '--cpus 1,2': distinct core counts, in the order given.
 * @param {string} text
 */
export function parseCpuCounts(text) {
  const counts = text.split(',').map((t) => positiveInt('--cpus', t));
  return [...new Set(counts)];
}

/**
 * The settings in force for every fixture of the run: the inherited
 * variables (only those that change what is measured), then each --env over
 * them, in order.
 * @param {string[]} pairs the --env arguments
 * @param {NodeJS.ProcessEnv} inherited the environment --inherit-env reads ({} without it)
 * @returns {Record<string, string>}
 */
export function settingsInForce(pairs, inherited) {
  /** @type {Record<string, string>} */
  const env = {};
  for (const key of INHERITABLE) if (inherited[key] !== undefined) env[key] = /** @type {string} */ (inherited[key]);
  for (const text of pairs) {
    const [key, value] = parseEnvPair(text);
    env[key] = value;
  }
  return env;
}

/**
 * One --env argument: 'KEY=VALUE' (the value may hold '=' and may be empty).
 * @param {string} text @returns {[string, string]}
 */
export function parseEnvPair(text) {
  const at = text.indexOf('=');
  const key = at < 0 ? text : text.slice(0, at);
  if (at < 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) {
    throw new UsageError(`--env needs KEY=VALUE, with KEY a variable name (got '${text}')`);
  }
  if (HARNESS_OWN.includes(key)) {
    throw new UsageError(`--env ${key}: the harness sets ${key} itself; it cannot be a setting`);
  }
  return [key, text.slice(at + 1)];
}

/** @param {string} text */
export function parseReporter(text) {
  const [name, ...rest] = text.split('=');
  if (!REPORTER_NAMES.includes(name))
    throw new UsageError(`unknown reporter '${name}' (known: ${REPORTER_NAMES.join(', ')})`);
  const file = rest.join('=');
  if (text.includes('=') && !file) throw new UsageError(`--reporter ${name}= needs a file name`);
  return { name, file: file || null };
}
