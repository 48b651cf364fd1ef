// What `npm pack` ships: everything a run needs (the CLI and engine, the
// kits, the fixtures, the built-in claims, the schema, the types, the docs a
// user reads) and nothing else (no tests, benchmarks, CI or examples).
import { test } from 'node:test';
import { expect } from 'expect';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The paths `npm pack` would put in the tarball. */
function packed() {
  const out = execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  return JSON.parse(out)[0].files.map((/** @type {{ path: string }} */ f) => f.path.replace(/\\/g, '/'));
}

/** Every file under a directory of the repository, relative to the root. @param {string} dir */
function filesUnder(dir) {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) =>
      path.relative(ROOT, path.join(e.parentPath ?? /** @type {any} */ (e).path, e.name)).replace(/\\/g, '/'),
    );
}

test('npm pack ships what a run needs and nothing else', () => {
  const files = packed();
  const shipped = new Set(files);
  const needed = [
    ...filesUnder('harness'),
    ...filesUnder('fixtures'),
    ...filesUnder('specs'),
    ...filesUnder('types'),
    'package.json',
    'README.md',
    'LICENSE',
    'CHANGELOG.md',
    'INTERPRETING.md',
    'CONTRIBUTING.md',
    'reports/README.md',
    'expectations.json',
  ];
  expect(needed.filter((f) => !shipped.has(f))).toEqual([]);
  const stray = files.filter(
    (f) => /^(test|bench|e2e|docs|scripts|\.github|\.ci|node_modules|coverage)\//.test(f) || f.endsWith('.log'),
  );
  expect(stray).toEqual([]);
  expect(files.filter((f) => !needed.includes(f))).toEqual([]);
});

test('package metadata: a license file, one repository address, and every file the exports name exists', () => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  expect(pkg.license).toBe('MIT');
  // One address for the package page's links, the bug tracker and the action's
  // \`uses:\` line in the README (relative README links resolve against it on the registry).
  const repo = 'github.com/node-concurrency-spec/node-concurrency-spec';
  expect(pkg.repository).toEqual({ type: 'git', url: `git+https://${repo}.git` });
  expect(pkg.bugs).toEqual({ url: `https://${repo}/issues` });
  expect(pkg.homepage).toBe(`https://${repo}#readme`);
  expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain(
    'uses: node-concurrency-spec/node-concurrency-spec@v1',
  );
  expect(existsSync(path.join(ROOT, 'LICENSE'))).toBe(true);
  for (const [name, target] of Object.entries(pkg.exports)) {
    if (target === null || name.includes('*')) continue;
    const files = typeof target === 'string' ? [target] : Object.values(target).filter((v) => typeof v === 'string');
    for (const f of files)
      expect({ name, f, exists: existsSync(path.join(ROOT, f)) }).toEqual({ name, f, exists: true });
  }
  expect(existsSync(path.join(ROOT, pkg.bin['node-concurrency-spec']))).toBe(true);
});
