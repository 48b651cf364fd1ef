// @ts-check
// The measurement kits (harness/kits/) as a public layer: a claim pack outside
// the repository imports them as node-concurrency-spec/kits/<name> and runs to
// a verdict; kits depend on the engine, never the other way round (bar the
// public entries); no spec imports another spec; every kit type-checks.
import { describe, test, before, after } from 'node:test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'expect';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KITS = path.join(ROOT, 'harness', 'kits');

/** Every .js file under dir, as absolute paths. @param {string} dir @param {RegExp} [name] */
function jsFiles(dir, name = /\.m?js$/) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => name.test(f))
    .map((f) => path.join(dir, f));
}

/** The module specifiers a file imports (static and dynamic). @param {string} file */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
}

/** A spec for the pack: `uses` is the module text above defineSpec, `plan` the plan's body. */
function packSpec({ id, requires = [], uses, plan }) {
  return `import { defineSpec } from 'node-concurrency-spec';
${uses}

export default defineSpec({
  id: ${JSON.stringify(id)},
  title: 'A claim pack measures with a kit of the package',
  area: 'kitpack',
  claim: 'A claim pack can use the measurement kits the built-in claims use.',
  truth: 'True: the kits are part of the package exports.',
  expected: 'holds',
  requires: ${JSON.stringify(requires)},
  source: {
    file: 'https://nodejs.org/api/packages.html#subpath-patterns',
    section: 'Subpath patterns',
    figures: null,
  },
  plan: (ctx) => (${plan}),
});
`;
}

describe('a claim pack outside the repository imports a kit', () => {
  /** @type {string} */ let project;
  before(() => {
    // A project with the package installed (a symlink, as npm link does), its claims in claims/.
    project = mkdtempSync(path.join(os.tmpdir(), 'ncs-kitpack-'));
    mkdirSync(path.join(project, 'node_modules'));
    symlinkSync(ROOT, path.join(project, 'node_modules', 'node-concurrency-spec'), 'dir');
    writeFileSync(path.join(project, 'package.json'), '{ "type": "module", "private": true }\n');
    const claims = path.join(project, 'claims');
    mkdirSync(claims);
    // The model kit, pure: the batches it predicts are the claim; runs on every OS.
    writeFileSync(
      path.join(claims, 'kitpack.model-batches.spec.js'),
      packSpec({
        id: 'kitpack.model-batches',
        uses: "import { batches, threadsUsed } from 'node-concurrency-spec/kits/model';",
        plan: `{
    summary: 'six pool tasks on four threads form batches ' + batches({ k: 6, P: 4 }).join(' + '),
    trial: (c) => c.run('main-thread.cjs'),
    structural: {
      need: 2,
      check: (obs) => {
        const b = batches({ k: 6, P: 4 });
        const ok = obs.pid > 0 && b.join('+') === '4+2' && threadsUsed({ k: 6, P: 4 }) === 4;
        return { ok, detail: 'model batches ' + b.join(' + ') };
      },
    },
  }`,
      }),
    );
    // The pool kit: its FIFO probe runs the package's fixture through the pack's context (named pipes: POSIX).
    writeFileSync(
      path.join(claims, 'kitpack.pool-probe.spec.js'),
      packSpec({
        id: 'kitpack.pool-probe',
        requires: ['posix'],
        uses: "import { probePool, probeText } from 'node-concurrency-spec/kits/pool';",
        plan: `{
    summary: 'UV_THREADPOOL_SIZE=3: the FIFO probe parks exactly 3 readers',
    trial: (c) => probePool(c, { size: '3', fifos: 8 }),
    structural: {
      need: 2,
      check: (obs) => ({ ok: obs.parked === 3 && !obs.saturated, detail: 'kit: ' + probeText(obs) }),
    },
  }`,
      }),
    );
  });
  after(() => rmSync(project, { recursive: true, force: true }));

  test('the pack runs from its own directory to a verdict, through the CLI as installed', () => {
    const cli = path.join(project, 'node_modules', 'node-concurrency-spec', 'harness', 'cli.js');
    const json = path.join(project, 'record.json');
    const argv = [cli, '--specs', 'claims', '--json', json, 'kitpack.*'];
    const r = spawnSync(process.execPath, argv, { cwd: project, encoding: 'utf8', timeout: 120_000 });
    expect({ status: r.status, stderr: r.status === 0 ? '' : r.stderr }).toEqual({ status: 0, stderr: '' });
    const record = JSON.parse(readFileSync(json, 'utf8'));
    const results = Object.fromEntries(record.results.map((/** @type {any} */ x) => [x.id, x]));
    const model = { verdict: 'pass', reason: expect.stringContaining('model batches 4 + 2') };
    expect(results['kitpack.model-batches']).toMatchObject(model);
    // named pipes: the probe runs on POSIX and is skipped, saying why, on Windows
    const pool = { verdict: 'pass', reason: expect.stringContaining('kit: 3 threads parked on FIFOs') };
    expect(results['kitpack.pool-probe']).toMatchObject(process.platform === 'win32' ? { verdict: 'skip' } : pool);
  });
});

describe('layers', () => {
  test('engine modules import no kit (only the public entries expose the model and the pool kit)', () => {
    // index.js re-exports the model and pool functions, matchers.js compares against the model:
    // both are the package's public entries, which claim packs already import.
    const entries = ['index.js', 'matchers.js'].map((f) => path.join(ROOT, 'harness', f));
    const engine = jsFiles(path.join(ROOT, 'harness')).filter(
      (f) => !f.startsWith(KITS + path.sep) && !entries.includes(f),
    );
    const offenders = engine.filter((f) => importsOf(f).some((s) => /(^|\/)kits\//.test(s)));
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });

  test('no spec imports another spec (shared pieces live in the kits)', () => {
    const specs = jsFiles(path.join(ROOT, 'specs'), /\.spec\.m?js$/);
    expect(specs.length).toBeGreaterThan(0);
    const crossing = specs.flatMap((f) =>
      importsOf(f)
        .filter((s) => /\.spec\.m?js$/.test(s))
        .map((s) => `${path.relative(ROOT, f)} imports ${s}`),
    );
    expect(crossing).toEqual([]);
  });

  test('every harness file and kit starts with // @ts-check and type-checks clean (strict)', () => {
    const kits = jsFiles(path.join(ROOT, 'harness'));
    const first = (/** @type {string} */ f) => readFileSync(f, 'utf8').replace(/^#!.*\n/, '');
    const unchecked = kits.filter((f) => !first(f).startsWith('// @ts-check\n'));
    expect(unchecked.map((f) => path.relative(ROOT, f))).toEqual([]);
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const options = ['--noEmit', '--allowJs', '--strict', '--skipLibCheck', '--target', 'es2022', '--types', 'node'];
    options.push('--module', 'nodenext', '--moduleResolution', 'nodenext');
    const r = spawnSync(process.execPath, [tsc, ...options, ...kits], { cwd: ROOT, encoding: 'utf8' });
    expect({ status: r.status, out: `${r.stdout}${r.stderr}`.trim() }).toEqual({ status: 0, out: '' });
  });
});
