// Claim packs (--specs DIR): specs outside the catalogue, importing the
// package by name, with fixtures of their own; duplicate ids; layouts; and
// the Node version range that skips a spec.
import { describe, test, before, after } from 'node:test';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'expect';
import { loadSpecs, scanSpecs, selectSpecs, SPECS_DIR } from '../harness/registry.js';
import { unmetRequirement, AREAS } from '../harness/spec.js';
import { UsageError, SpecError } from '../harness/errors.js';
import { run } from '../harness/engine.js';
import { probeMachine } from '../harness/machine.js';
import { createLauncher } from '../harness/launcher.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A spec file's text; `extra` goes into the plan's return value. */
function specSource({
  id,
  area,
  importFrom = 'node-concurrency-spec',
  node,
  trial = "(c) => c.run('main-thread.cjs')",
  preamble = '',
}) {
  return `import { defineSpec } from ${JSON.stringify(importFrom)};
${preamble}
export default defineSpec({
  id: ${JSON.stringify(id)},
  title: 'A claim from a pack',
  area: ${JSON.stringify(area)},
  claim: 'A fixture runs in a process of its own.',
  truth: 'True: every trial is a fresh child process.',
  expected: 'holds',${node ? `\n  node: ${JSON.stringify(node)},` : ''}
  source: { file: 'https://nodejs.org/api/child_process.html', section: 'Child process', figures: null },
  plan: () => ({
    summary: 'The fixture reports a pid other than the harness.',
    trial: ${trial},
    structural: { need: 2, check: (obs) => ({ ok: obs.pid > 0 && obs.pid !== process.pid, detail: 'pid ' + obs.pid + ' ran ' + (obs.mark ?? 'main-thread.cjs') }) },
  }),
});
`;
}

/** A claim pack in a project that has the package installed (a symlink, as npm link does). */
function makeProject() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-pack-'));
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(ROOT, path.join(dir, 'node_modules', 'node-concurrency-spec'), 'dir');
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  return dir;
}

describe('claim packs', () => {
  /** @type {string} */ let project;
  /** @type {string} */ let pack;
  before(() => {
    project = makeProject();
    pack = path.join(project, 'claims');
    mkdirSync(path.join(pack, 'storage'), { recursive: true });
    // nested: <area>/<id>.spec.js, with a fixture of its own by absolute path
    writeFileSync(
      path.join(pack, 'storage', 'storage.own-fixture.spec.js'),
      specSource({
        id: 'storage.own-fixture',
        area: 'storage',
        preamble:
          "import { fileURLToPath } from 'node:url';\nconst FIXTURE = fileURLToPath(new URL('./own.fixture.cjs', import.meta.url));",
        trial: '(c) => c.run(FIXTURE)',
      }),
    );
    writeFileSync(
      path.join(pack, 'storage', 'own.fixture.cjs'),
      "'use strict';\nprocess.send({ type: 'result', data: { pid: process.pid, mark: 'own.fixture.cjs' } }, () => process.exit(0));\n",
    );
    // flat: <id>.spec.js with any area; and a built-in area name
    writeFileSync(path.join(pack, 'extra.flat.spec.js'), specSource({ id: 'extra.flat', area: 'extras' }));
    writeFileSync(path.join(pack, 'pool.from-pack.spec.js'), specSource({ id: 'pool.from-pack', area: 'threadpool' }));
    // not searched: node_modules and dot-folders
    mkdirSync(path.join(pack, 'node_modules', 'x'), { recursive: true });
    writeFileSync(path.join(pack, 'node_modules', 'x', 'no.spec.js'), 'throw new Error("must not be loaded")\n');
    mkdirSync(path.join(pack, '.cache'));
    writeFileSync(path.join(pack, '.cache', 'no.spec.js'), 'throw new Error("must not be loaded")\n');
  });
  after(() => rmSync(project, { recursive: true, force: true }));

  test('loadSpecs adds a pack: nested and flat files, own areas, importing the package by name', async () => {
    const builtIn = await loadSpecs();
    const all = await loadSpecs(undefined, { specDirs: [pack] });
    expect(all.length).toBe(builtIn.length + 3);
    const ids = all.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['storage.own-fixture', 'extra.flat', 'pool.from-pack']));
    // built-in areas first (a pack's threadpool spec among them), then other areas by name
    const areas = [...new Set(all.map((s) => s.area))];
    expect(areas).toEqual([...AREAS, 'extras', 'storage']);
    expect(all.filter((s) => s.area === 'threadpool').map((s) => s.id)).toContain('pool.from-pack');
    expect(selectSpecs(all, ['storage.*']).map((s) => s.id)).toEqual(['storage.own-fixture']);
    expect(Object.isFrozen(all.find((s) => s.id === 'extra.flat'))).toBe(true);
  });

  test('the same directory twice, or the catalogue itself, adds nothing twice', async () => {
    const builtIn = await loadSpecs();
    expect((await loadSpecs(undefined, { specDirs: [pack, pack, SPECS_DIR] })).length).toBe(builtIn.length + 3);
  });

  test('a pack spec runs, with its own fixture given by absolute path', async () => {
    const specs = selectSpecs(await loadSpecs(undefined, { specDirs: [pack] }), ['storage.own-fixture', 'extra.flat']);
    const machine = await probeMachine({ nodePath: process.execPath, cpus: null });
    const launcher = createLauncher({ machine });
    try {
      const results = [];
      for await (const e of run({ specs, machine, launcher })) if (e.type === 'spec:end') results.push(e.data);
      expect(results.map((r) => [r.id, r.verdict, r.area])).toEqual([
        ['extra.flat', 'pass', 'extras'],
        ['storage.own-fixture', 'pass', 'storage'],
      ]);
      expect(results[1].reason).toContain('ran own.fixture.cjs');
      expect(results[0].reason).toContain('ran main-thread.cjs');
    } finally {
      launcher.dispose();
    }
  });

  test('duplicate ids across packs: an error naming both files', async () => {
    const other = path.join(project, 'other');
    mkdirSync(other, { recursive: true });
    writeFileSync(path.join(other, 'extra.flat.spec.js'), specSource({ id: 'extra.flat', area: 'extras' }));
    try {
      const err = await loadSpecs(undefined, { specDirs: [pack, other] }).catch((e) => e);
      expect(err).toBeInstanceOf(SpecError);
      expect(err.message).toBe(
        `duplicate spec id 'extra.flat' in ${path.join(pack, 'extra.flat.spec.js')} and ${path.join(other, 'extra.flat.spec.js')}`,
      );
      const entries = await scanSpecs({ specDirs: [pack, other] });
      const firstFile = path.join(pack, 'extra.flat.spec.js');
      expect(entries.find((e) => e.file === path.join(other, 'extra.flat.spec.js'))?.problems).toEqual([
        { field: 'id', text: `'extra.flat' is also defined in ${firstFile}`, duplicateOf: firstFile },
      ]);
      // a pack may not redefine a built-in claim either (a fresh folder: modules are cached by path)
      const again = path.join(project, 'again');
      mkdirSync(again);
      writeFileSync(
        path.join(again, 'pool.default-size.spec.js'),
        specSource({ id: 'pool.default-size', area: 'threadpool' }),
      );
      await expect(loadSpecs(undefined, { specDirs: [again] })).rejects.toThrow(
        `duplicate spec id 'pool.default-size' in ${path.join(SPECS_DIR, 'threadpool', 'pool.default-size.spec.js')} and ${path.join(again, 'pool.default-size.spec.js')}`,
      );
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  test('a nested file whose folder is not its area; a missing directory', async () => {
    const bad = path.join(project, 'bad');
    mkdirSync(path.join(bad, 'net'), { recursive: true });
    writeFileSync(
      path.join(bad, 'net', 'net.wrong-folder.spec.js'),
      specSource({ id: 'net.wrong-folder', area: 'network' }),
    );
    try {
      await expect(loadSpecs(undefined, { specDirs: [bad] })).rejects.toThrow(
        `${path.join(bad, 'net', 'net.wrong-folder.spec.js')}: area 'network' does not match its folder 'net'`,
      );
      const entries = await scanSpecs({ specDirs: [bad] });
      expect(entries.filter((e) => e.problems.length).map((e) => e.problems)).toEqual([
        [{ field: 'area', text: "'network' does not match its folder 'net'" }],
      ]);
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
    const missing = path.join(project, 'nope');
    await expect(loadSpecs(undefined, { specDirs: [missing] })).rejects.toThrow(UsageError);
    await expect(loadSpecs(undefined, { specDirs: [missing] })).rejects.toThrow(`--specs ${missing}: not a directory`);
  });

  test('the built-in catalogue keeps its areas: an unknown one is an error there', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-builtin-'));
    try {
      mkdirSync(path.join(dir, 'storage'));
      writeFileSync(
        path.join(dir, 'storage', 'storage.x.spec.js'),
        specSource({
          id: 'storage.x',
          area: 'storage',
          importFrom: new URL('../harness/index.js', import.meta.url).href,
        }),
      );
      await expect(loadSpecs(dir)).rejects.toThrow(
        `storage${path.sep}storage.x.spec.js: area 'storage' is not one of threadpool, network, workers, cluster, os`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('node version range', () => {
  test('unmetRequirement: a Node outside the range gives the skip reason', () => {
    const env = (/** @type {string} */ version) => ({ platform: 'linux', node: { version } });
    expect(unmetRequirement({ node: '>=22' }, env('20.20.2'))).toBe('applies to Node >=22 (this is Node 20.20.2)');
    expect(unmetRequirement({ node: '>=22' }, env('22.0.0'))).toBeNull();
    expect(unmetRequirement({ node: '20.x || >=24' }, env('v22.4.1'))).toBe(
      'applies to Node 20.x || >=24 (this is Node 22.4.1)',
    );
    expect(unmetRequirement({ node: '20.x || >=24' }, env('26.1.0'))).toBeNull();
    expect(unmetRequirement({ node: '<27' }, env('27.0.0-nightly20260101'))).toBe(
      'applies to Node <27 (this is Node 27.0.0-nightly20260101)',
    );
    // platform first; no Node version known: no range check
    expect(
      unmetRequirement({ requires: ['linux'], node: '>=99' }, { platform: 'darwin', node: { version: '20.0.0' } }),
    ).toBe('needs Linux /proc (this is darwin)');
    expect(unmetRequirement({ node: '>=99' }, { platform: 'linux' })).toBeNull();
  });

  test('the runner skips such a spec without running a trial', async () => {
    const spec = {
      id: 'x.y',
      title: 't',
      area: 'x',
      claim: 'c',
      truth: 't',
      expected: 'holds',
      node: '>=99',
      source: { file: 'f', section: 's', figures: null },
      plan: () => {
        throw new Error('must not plan');
      },
    };
    const machine = /** @type {any} */ ({ platform: process.platform, node: { version: '20.20.2', major: 20 } });
    const launcher = /** @type {any} */ ({ trial: () => Promise.reject(new Error('must not run')) });
    const events = [];
    for await (const e of run({ specs: [/** @type {any} */ (spec)], machine, launcher })) events.push(e);
    const end = events.find((e) => e.type === 'spec:end')?.data;
    expect(end).toMatchObject({ verdict: 'skip', reason: 'applies to Node >=99 (this is Node 20.20.2)', trials: 0 });
  });
});
