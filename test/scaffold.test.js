// `new ID`: the scaffold is written where it belongs, explains every field,
// lints clean and runs (a real, trivially true check); it never overwrites
// and rejects bad ids. The repository case runs in a copy of the repository.
import { describe, test, before, after } from 'node:test';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'expect';
import { run } from '../harness/commands/new.js';
import { specText, fixtureText } from '../harness/scaffold.js';
import { lintSpecs } from '../harness/lint.js';
import { loadSpecs, selectSpecs } from '../harness/registry.js';
import { probeMachine } from '../harness/machine.js';
import { createLauncher } from '../harness/launcher.js';
import { run as runEngine } from '../harness/engine.js';
import { FIELDS } from '../harness/lint.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** @param {string[]} argv @param {string} cwd */
async function scaffold(argv, cwd) {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    stdout: { write: (s) => (stdout += s) },
    stderr: { write: (s) => (stderr += s) },
    cwd,
  });
  return { code, stdout, stderr };
}

/** Run pack specs in-process: ids -> verdicts and reasons. @param {string} dir @param {string[]} ids */
async function runPack(dir, ids) {
  const specs = selectSpecs(await loadSpecs(undefined, { specDirs: [dir] }), ids);
  const machine = await probeMachine({ nodePath: process.execPath, cpus: null });
  const launcher = createLauncher({ machine });
  try {
    const out = [];
    for await (const e of runEngine({ specs, machine, launcher }))
      if (e.type === 'spec:end') out.push({ id: e.data.id, verdict: e.data.verdict, reason: e.data.reason });
    return out;
  } finally {
    launcher.dispose();
  }
}

test('every field of the spec is explained by a comment just above it', () => {
  for (const builtIn of [true, false]) {
    for (const fixture of [true, false]) {
      const lines = specText({ id: 'pool.x', area: 'threadpool', builtIn, fixture }).split('\n');
      for (const field of FIELDS) {
        const i = lines.findIndex((l) => new RegExp(`^  (// )?${field}: `).test(l));
        expect({ field, found: i > 0 }).toEqual({ field, found: true });
        expect({ field, above: lines[i - 1].trim().startsWith('//') }).toEqual({ field, above: true });
      }
      expect(lines.join('\n')).not.toMatch(/TODO|FIXME|XXX/);
    }
  }
  // It points at the measurement kits where each kind of spec imports them from, and names only kits that exist.
  const pack = specText({ id: 'pool.x', area: 'threadpool', builtIn: false, fixture: false });
  expect(pack).toContain("imported from 'node-concurrency-spec/kits/<name>'");
  expect(specText({ id: 'pool.x', area: 'threadpool', builtIn: true, fixture: false })).toContain(
    "imported from '../../harness/kits/<name>.js'",
  );
  const comment = pack.replace(/\n\s*\/\/ /g, ' '); // the comment's lines, joined
  const named = (comment.match(/the built-in specs use \(([^)]*)\)/)?.[1] ?? '').split(/,\s*/);
  expect(named.length).toBeGreaterThan(1);
  expect(named.filter((k) => !existsSync(path.join(ROOT, 'harness', 'kits', `${k}.js`)))).toEqual([]);
  expect(fixtureText({ id: 'pool.x', area: 'threadpool', builtIn: true, fixture: true })).toContain(
    "require('./lib/report.cjs')",
  );
  expect(fixtureText({ id: 'pool.x', area: 'threadpool', builtIn: false, fixture: true })).not.toContain('require(');
});

describe('in a claim pack (a project with the package installed)', () => {
  /** @type {string} */ let project;
  before(() => {
    project = mkdtempSync(path.join(os.tmpdir(), 'ncs-new-'));
    mkdirSync(path.join(project, 'node_modules'));
    symlinkSync(ROOT, path.join(project, 'node_modules', 'node-concurrency-spec'), 'dir');
    writeFileSync(path.join(project, 'package.json'), '{ "type": "module", "private": true }\n');
  });
  after(() => rmSync(project, { recursive: true, force: true }));

  test('writes ./specs/<area>/<id>.spec.js (+ fixture), lints clean, runs and passes', async () => {
    const a = await scaffold(['storage.fsync-order', '--fixture'], project);
    expect(a.stderr).toBe('');
    expect(a.code).toBe(0);
    expect(a.stdout).toContain(
      'wrote specs/storage/storage.fsync-order.spec.js\nwrote specs/storage/storage.fsync-order.fixture.cjs\n',
    );
    expect(a.stdout).toContain('npx node-concurrency-spec --specs specs storage.fsync-order --verify 5');
    const b = await scaffold(['pool.pack-default', '--dir', 'claims'], project);
    expect(b.code).toBe(0);
    expect(b.stdout).toContain('wrote claims/threadpool/pool.pack-default.spec.js\n');
    expect(readFileSync(path.join(project, 'specs/storage/storage.fsync-order.spec.js'), 'utf8')).toContain(
      "from 'node-concurrency-spec'",
    );

    const specsDir = path.join(project, 'specs');
    const claimsDir = path.join(project, 'claims');
    expect((await lintSpecs({ specDirs: [specsDir, claimsDir] })).problems).toEqual([]);
    const results = await runPack(specsDir, ['storage.fsync-order']);
    expect(results).toEqual([
      {
        id: 'storage.fsync-order',
        verdict: 'pass',
        reason: expect.stringContaining('a new process (2/2 trials as expected)'),
      },
    ]);
    expect((await runPack(claimsDir, ['pool.pack-default']))[0].verdict).toBe('pass');
  });

  test('in a package that is not "type": "module" (npm init writes "commonjs"), the spec is .spec.mjs and loads as it is', async () => {
    const cjs = mkdtempSync(path.join(os.tmpdir(), 'ncs-new-cjs-'));
    try {
      mkdirSync(path.join(cjs, 'node_modules'));
      symlinkSync(ROOT, path.join(cjs, 'node_modules', 'node-concurrency-spec'), 'dir');
      writeFileSync(path.join(cjs, 'package.json'), '{ "name": "app", "type": "commonjs" }\n');
      const a = await scaffold(['storage.cjs-pack', '--fixture'], cjs);
      expect(a.code).toBe(0);
      expect(a.stdout).toContain(
        'wrote specs/storage/storage.cjs-pack.spec.mjs\nwrote specs/storage/storage.cjs-pack.fixture.cjs\n',
      );
      const specsDir = path.join(cjs, 'specs');
      expect((await lintSpecs({ specDirs: [specsDir] })).problems).toEqual([]);
      expect((await runPack(specsDir, ['storage.cjs-pack']))[0].verdict).toBe('pass');
      // the same id is taken whatever the extension
      expect((await scaffold(['storage.cjs-pack'], cjs)).stderr).toContain(
        "a spec with id 'storage.cjs-pack' exists: specs/storage/storage.cjs-pack.spec.mjs",
      );
      // an ES module spec in a .js file there: the problem says what to do
      writeFileSync(
        path.join(specsDir, 'storage', 'storage.as-js.spec.js'),
        readFileSync(path.join(specsDir, 'storage', 'storage.cjs-pack.spec.mjs'), 'utf8').replace(
          "'storage.cjs-pack'",
          "'storage.as-js'",
        ),
      );
      const { problems } = await lintSpecs({ specDirs: [specsDir] });
      expect(problems).toEqual([
        expect.objectContaining({
          field: 'module',
          text: expect.stringContaining(
            '(the spec is an ES module but its package.json is not "type": "module": rename it storage.as-js.spec.mjs, or set "type": "module")',
          ),
        }),
      ]);
    } finally {
      rmSync(cjs, { recursive: true, force: true });
    }
  });

  test('refuses to overwrite, and rejects bad ids, areas and arguments (exit 2)', async () => {
    await scaffold(['demo.once'], project);
    const again = await scaffold(['demo.once', '--fixture'], project);
    expect(again).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "node-concurrency-spec new: a spec with id 'demo.once' exists: specs/demo/demo.once.spec.js (not overwriting)\n",
    });
    // the same id in another area folder is refused too
    expect((await scaffold(['demo.once', '--area', 'other'], project)).code).toBe(2);
    // a fixture in the way
    writeFileSync(path.join(project, 'specs', 'demo', 'demo.blocked.fixture.cjs'), '// mine\n');
    expect(await scaffold(['demo.blocked', '--fixture'], project)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'node-concurrency-spec new: specs/demo/demo.blocked.fixture.cjs exists (not overwriting)\n',
    });
    expect(existsSync(path.join(project, 'specs', 'demo', 'demo.blocked.spec.js'))).toBe(false);
    expect(readFileSync(path.join(project, 'specs', 'demo', 'demo.blocked.fixture.cjs'), 'utf8')).toBe('// mine\n');
    for (const [argv, message] of [
      [
        ['Pool.Bad'],
        "'Pool.Bad' is not a valid id: <prefix>.<name> in lowercase words joined by '-', e.g. pool.my-claim",
      ],
      [['nodot'], "'nodot' is not a valid id: <prefix>.<name> in lowercase words joined by '-', e.g. pool.my-claim"],
      [[], 'expected one spec id, got 0 (see --help)'],
      [['a.b', 'c.d'], 'expected one spec id, got 2 (see --help)'],
      [['demo.x', '--area', 'Bad Area'], "area 'Bad Area' is not a lowercase folder name"],
      [['demo.x', '--dir', ''], '--dir needs a directory'],
      [['demo.x', '--force'], "unknown option '--force' (see --help)"],
    ]) {
      expect(await scaffold(/** @type {string[]} */ (argv), project)).toEqual({
        code: 2,
        stdout: '',
        stderr: `node-concurrency-spec new: ${message}\n`,
      });
    }
    const help = await scaffold(['--help'], project);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: node-concurrency-spec new [options] ID');
  });
});

describe('in the repository (a copy of it)', () => {
  /** @type {string} */ let copy;
  before(() => {
    copy = mkdtempSync(path.join(os.tmpdir(), 'ncs-repo-'));
    // the harness and fixtures as they are; an empty catalogue (the new claims only)
    for (const d of ['harness', 'fixtures']) cpSync(path.join(ROOT, d), path.join(copy, d), { recursive: true });
    mkdirSync(path.join(copy, 'specs'));
    cpSync(path.join(ROOT, 'package.json'), path.join(copy, 'package.json'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  });
  after(() => rmSync(copy, { recursive: true, force: true }));

  const cli = (/** @type {string[]} */ args) =>
    spawnSync(process.execPath, ['harness/cli.js', ...args], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', NODE_TEST_CONTEXT: '' },
    });

  test('new pool.my-claim --fixture: specs/threadpool + fixtures/, lint clean, the claim runs and passes', () => {
    const made = cli(['new', 'pool.my-claim', '--fixture']);
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toContain('wrote specs/threadpool/pool.my-claim.spec.js\nwrote fixtures/pool.my-claim.cjs\n');
    expect(made.stdout).toContain('node harness/cli.js pool.my-claim --verify 5');
    expect(readFileSync(path.join(copy, 'specs/threadpool/pool.my-claim.spec.js'), 'utf8')).toContain(
      "from '../../harness/spec.js'",
    );
    expect(cli(['new', 'loop.no-fixture']).status).toBe(0);
    expect(existsSync(path.join(copy, 'specs/workers/loop.no-fixture.spec.js'))).toBe(true);

    const lint = cli(['lint']);
    expect({ status: lint.status, stdout: lint.stdout }).toEqual({ status: 0, stdout: '' });
    const json = path.join(copy, 'out.json');
    const ran = cli(['pool.my-claim', 'loop.no-fixture', '--json', json]);
    expect(ran.status).toBe(0);
    const record = JSON.parse(readFileSync(json, 'utf8'));
    expect(record.results.map((/** @type {any} */ r) => [r.id, r.verdict])).toEqual([
      ['pool.my-claim', 'pass'],
      ['loop.no-fixture', 'pass'],
    ]);
  });

  test('an unknown prefix needs --area there, and the area must be a built-in one', () => {
    expect(cli(['new', 'gpu.thing']).stderr).toBe(
      "node-concurrency-spec new: no area known for the prefix 'gpu': pass --area (one of threadpool, network, workers, cluster, os)\n",
    );
    expect(cli(['new', 'gpu.thing', '--area', 'gpu']).stderr).toBe(
      "node-concurrency-spec new: area 'gpu' is not one of threadpool, network, workers, cluster, os\n",
    );
    const ok = cli(['new', 'gpu.thing', '--area', 'workers']);
    expect(ok.status).toBe(0);
    expect(
      execFileSync(process.execPath, ['harness/cli.js', 'lint'], {
        cwd: copy,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ).toBe('');
  });
});
