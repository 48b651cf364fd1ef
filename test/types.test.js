// The published types: types/ is what `npm run types` generates from the
// JSDoc (so it never goes stale), the package points TypeScript at it, and a
// consumer's spec is checked by it: a good spec passes, a wrong one is
// rejected with the field named.
import { describe, test, before, after } from 'node:test';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'expect';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSC = path.join(ROOT, 'node_modules', '.bin', 'tsc');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

/** Every file under dir, relative, sorted. @param {string} dir @param {string} [rel] @returns {string[]} */
function files(dir, rel = '') {
  return readdirSync(path.join(dir, rel), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(dir, path.join(rel, e.name)) : [path.join(rel, e.name)]))
    .sort();
}

/** @param {string[]} args @param {string} cwd */
function tsc(args, cwd) {
  const r = spawnSync(TSC, args, { cwd, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}`.trim() };
}

test('types/ is what `npm run types` generates now', () => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'ncs-types-'));
  try {
    const r = tsc(['-p', 'tsconfig.types.json', '--outDir', out], ROOT);
    expect({ status: r.status, out: r.out }).toEqual({ status: 0, out: '' });
    const want = files(out);
    expect(files(path.join(ROOT, 'types'))).toEqual(want);
    const stale = want.filter(
      (f) => readFileSync(path.join(out, f), 'utf8') !== readFileSync(path.join(ROOT, 'types', f), 'utf8'),
    );
    expect({ stale, fix: stale.length ? 'run `npm run types` and commit types/' : '' }).toEqual({ stale: [], fix: '' });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

/** The exports entries that point TypeScript at types/. */
const typesExports = () => [
  pkg.exports?.['.']?.types,
  pkg.exports?.['./matchers']?.types,
  pkg.exports?.['./kits/*']?.types,
];

test("package.json points TypeScript at types/ for '.', './matchers' and './kits/*'", () => {
  const want = ['./types/index.d.ts', './types/matchers.d.ts', './types/kits/*.d.ts'];
  const fix =
    'package.json "exports": { ".": { "types": "./types/index.d.ts", "default": "./harness/index.js" }, "./matchers": { "types": "./types/matchers.d.ts", "default": "./harness/matchers.js" }, "./kits/*": { "types": "./types/kits/*.d.ts", "default": "./harness/kits/*.js" }, ... }';
  expect({ exports: typesExports(), fix: String(typesExports()) === String(want) ? '' : fix }).toEqual({
    exports: want,
    fix: '',
  });
  for (const f of typesExports().slice(0, 2)) expect(existsSync(path.join(ROOT, f))).toBe(true);
  expect(pkg.exports['./matchers'].default).toBe('./harness/matchers.js');
  expect(pkg.exports['./kits/*'].default).toBe('./harness/kits/*.js');
});

test('every kit a claim pack can import has its declarations in types/kits/ (and tsconfig.types.json names it)', () => {
  const config = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.types.json'), 'utf8'));
  const kits = readdirSync(path.join(ROOT, 'harness', 'kits'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => f.slice(0, -3));
  // An exports entry of null keeps a file out of the pattern: the load generator's process script and
  // its response parser are no library.
  const importable = kits.filter((k) => pkg.exports[`./kits/${k}`] !== null);
  expect(importable.length).toBeGreaterThan(0);
  expect(kits.filter((k) => !importable.includes(k))).toEqual(['http-parse', 'loadgen-process']);
  for (const k of importable) {
    expect({ kit: k, listed: config.files.includes(`harness/kits/${k}.js`) }).toEqual({ kit: k, listed: true });
    expect({ kit: k, declared: existsSync(path.join(ROOT, 'types', 'kits', `${k}.d.ts`)) }).toEqual({
      kit: k,
      declared: true,
    });
  }
});

describe(
  'a consumer project type-checks specs against the package',
  { skip: typesExports().includes(undefined) && 'package.json has no types exports yet' },
  () => {
    /** @type {string} */ let dir;
    before(() => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'ncs-consumer-'));
      mkdirSync(path.join(dir, 'node_modules', '@types'), { recursive: true });
      symlinkSync(ROOT, path.join(dir, 'node_modules', 'node-concurrency-spec'), 'dir');
      symlinkSync(
        path.join(ROOT, 'node_modules', '@types', 'node'),
        path.join(dir, 'node_modules', '@types', 'node'),
        'dir',
      );
      symlinkSync(path.join(ROOT, 'node_modules', 'expect'), path.join(dir, 'node_modules', 'expect'), 'dir');
      writeFileSync(path.join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
      const compilerOptions = {
        allowJs: true,
        checkJs: true,
        noEmit: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        strict: true,
        skipLibCheck: true,
        types: ['node'],
      };
      writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.js', '*.ts'] }));
      writeFileSync(
        path.join(dir, 'good.spec.js'),
        `// @ts-check
import { defineSpec, round, predictSorted } from 'node-concurrency-spec';

export default defineSpec({
  id: 'demo.good',
  title: 'A spec that type-checks',
  area: 'demo',
  claim: 'A fixture runs in a process of its own.',
  truth: 'True: every trial is a fresh child process.',
  expected: 'holds',
  tags: ['structural'],
  node: '>=20',
  source: { file: 'https://nodejs.org/api/child_process.html', section: 'Child process', figures: null },
  plan: (ctx) => ({
    summary: \`C=\${round(ctx.cores, 1)} on Node \${ctx.node.major}; \${predictSorted({ tasks: 5, P: 4, C: ctx.cores }).join(', ')}\`,
    trial: (c) => c.run('main-thread.cjs'),
    structural: { need: 2, check: (obs) => ({ ok: obs.pid > 0, detail: String(obs.pid) }) },
  }),
});
`,
      );
      writeFileSync(
        path.join(dir, 'matchers.test.ts'),
        `import { expect } from 'expect';
import { matchers } from 'node-concurrency-spec/matchers';
import type { Spec } from 'node-concurrency-spec';
expect.extend(matchers);
const result: boolean = matchers.toHaveRatioWithin(1, [0.5, 2]).pass;
export const ids = (specs: Spec[]): string[] => specs.map((s) => s.id);
export { result };
`,
      );
      // The kits' declarations are real (a wrong call is an error) and the generator's process script is not exported.
      writeFileSync(
        path.join(dir, 'kits.test.ts'),
        `import { batches, predictSorted } from 'node-concurrency-spec/kits/model';
import { DEFAULT_POOL, probePool } from 'node-concurrency-spec/kits/pool';
import type { Context } from 'node-concurrency-spec';
export const sizes: number[] = batches({ k: 6, P: DEFAULT_POOL });
export const times: number[] = predictSorted({ tasks: 5, P: 4, C: 2 });
export const probe = (ctx: Context) => probePool(ctx, { size: '2' });
// @ts-expect-error: k must be a number
batches({ k: '6', P: 4 });
// @ts-expect-error: not an export of the package
import('node-concurrency-spec/kits/loadgen-process');
`,
      );
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    test('a good spec, a TypeScript test using the matchers and one using the kits check clean', () => {
      expect(tsc(['-p', '.'], dir)).toEqual({ status: 0, out: '' });
    });

    test('a wrong spec is rejected, naming each wrong field', () => {
      writeFileSync(
        path.join(dir, 'bad.spec.js'),
        `// @ts-check
import { defineSpec } from 'node-concurrency-spec';

export default defineSpec({
  id: 'demo.bad',
  title: 'A spec with mistakes',
  area: 'demo',
  claim: 'c',
  truth: 't',
  expected: 'maybe',
  source: { file: 'x', section: 's' },
  plan: (ctx) => ({ summary: ctx.cores, trial: (c) => c.run('x.cjs') }),
});
`,
      );
      try {
        const r = tsc(['-p', '.'], dir);
        expect(r.status).not.toBe(0);
        const lines = r.out.split('\n').filter((l) => /^\S.*error TS/.test(l));
        expect(lines.every((l) => l.startsWith('bad.spec.js('))).toBe(true);
        expect(r.out).toMatch(
          /bad\.spec\.js\(10,3\): error TS2322: Type '"maybe"' is not assignable to type '"holds" \| "refuted"'/,
        );
        expect(r.out).toMatch(/bad\.spec\.js\(11,3\): error TS2741: Property 'figures' is missing/);
        expect(r.out).toMatch(/bad\.spec\.js\(12,21\): error TS2322: Type 'number' is not assignable to type 'string'/);
      } finally {
        rmSync(path.join(dir, 'bad.spec.js'));
      }
    });
  },
);
