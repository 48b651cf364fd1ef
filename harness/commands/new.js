// @ts-check
// `node-concurrency-spec new ID [--dir DIR] [--area AREA] [--fixture]`:
// scaffold a spec (and a fixture stub) that lints clean and runs. Never
// overwrites a file; an invalid id, an unknown area or an existing file is
// bad usage (exit 2).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { AREAS, ID_PATTERN } from '../spec.js';
import { SPECS_DIR, SPEC_FILE } from '../registry.js';
import { PREFIX_AREAS, specText, fixtureText } from '../scaffold.js';
import { usageText } from './lint.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES_DIR = path.join(ROOT, 'fixtures');

const HELP = `Usage: node-concurrency-spec new [options] ID

Writes DIR/<area>/ID.spec.js: a spec with every field explained in a comment.
As written it checks something real and trivially true (each trial runs in a
fresh process), so it lints clean and runs; then make it your claim. In a
claim pack whose package.json is not "type": "module" the file is
ID.spec.mjs, so that its imports load as they are. ID is <prefix>.<name>,
lowercase, e.g. pool.my-claim.

Options:
  --dir DIR               where specs live (default: specs/ of this repository
                          when run inside it, else ./specs, a claim pack for --specs)
  --area AREA             the area folder (default: from the prefix: ${Object.entries(PREFIX_AREAS)
    .map(([p, a]) => `${p} → ${a}`)
    .join(', ')};
                          in a claim pack, else the prefix itself)
  --fixture               also write a fixture stub: fixtures/ID.cjs in this
                          repository, DIR/<area>/ID.fixture.cjs in a claim pack
  -h, --help              show this help

Exit codes: 0 written, 2 bad usage (invalid id, unknown area, a file exists).
`;

/**
 * @param {string[]} argv
 * @param {{ stdout: { write(s: string): unknown }, stderr: { write(s: string): unknown }, cwd?: string }} io
 * @returns {Promise<number>}
 */
export async function run(argv, { stdout, stderr, cwd = process.cwd() }) {
  const fail = (/** @type {string} */ msg) => (stderr.write(`node-concurrency-spec new: ${msg}\n`), 2);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        dir: { type: 'string' },
        area: { type: 'string' },
        fixture: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    return fail(`${usageText(err)} (see --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return (void stdout.write(HELP), 0);
  if (positionals.length !== 1) return fail(`expected one spec id, got ${positionals.length} (see --help)`);
  const id = positionals[0];
  if (!ID_PATTERN.test(id))
    return fail(`'${id}' is not a valid id: <prefix>.<name> in lowercase words joined by '-', e.g. pool.my-claim`);
  if (values.dir === '') return fail('--dir needs a directory');

  const inRepo = !path.relative(ROOT, cwd).startsWith('..') && !path.isAbsolute(path.relative(ROOT, cwd));
  const dir = path.resolve(cwd, values.dir ?? (inRepo ? SPECS_DIR : 'specs'));
  const builtIn = dir === path.resolve(SPECS_DIR);
  const prefix = id.slice(0, id.indexOf('.'));
  const area = values.area ?? /** @type {Record<string, string>} */ (PREFIX_AREAS)[prefix] ?? (builtIn ? null : prefix);
  if (!area) return fail(`no area known for the prefix '${prefix}': pass --area (one of ${AREAS.join(', ')})`);
  if (builtIn && !AREAS.includes(area)) return fail(`area '${area}' is not one of ${AREAS.join(', ')}`);
  if (!/^[a-z][a-z0-9_-]*$/.test(area)) return fail(`area '${area}' is not a lowercase folder name`);

  const specFile = path.join(dir, area, `${id}.spec.${builtIn || esmPackage(dir) ? 'js' : 'mjs'}`);
  const fixtureFile = builtIn ? path.join(FIXTURES_DIR, `${id}.cjs`) : path.join(dir, area, `${id}.fixture.cjs`);
  const files = [{ file: specFile, text: specText({ id, area, builtIn, fixture: Boolean(values.fixture) }) }];
  if (values.fixture) files.push({ file: fixtureFile, text: fixtureText({ id, area, builtIn, fixture: true }) });
  const taken = existingId(dir, id);
  if (taken) return fail(`a spec with id '${id}' exists: ${show(taken, cwd)} (not overwriting)`);
  for (const f of files) if (existsSync(f.file)) return fail(`${show(f.file, cwd)} exists (not overwriting)`);

  try {
    for (const f of files) {
      mkdirSync(path.dirname(f.file), { recursive: true });
      writeFileSync(f.file, f.text, { flag: 'wx' });
      stdout.write(`wrote ${show(f.file, cwd)}\n`);
    }
  } catch (err) {
    return fail(String(/** @type {Error} */ (err).message));
  }
  const cmd = inRepo ? 'node harness/cli.js' : 'npx node-concurrency-spec';
  const pack = builtIn ? '' : ` --specs ${show(dir, cwd)}`;
  const steps = [
    [`${cmd} lint${pack}`, 'check the metadata'],
    [`${cmd}${pack} ${id}`, 'run it'],
    [`${cmd}${pack} ${id} --verify 5`, 'the same verdict 5 times in fresh processes?'],
  ];
  const width = Math.max(...steps.map(([c]) => c.length)) + 2;
  stdout.write(
    `\nNext: make it your claim (each field is explained in the file; CONTRIBUTING.md has a worked example), then\n${steps.map(([c, what]) => `  ${c.padEnd(width)}# ${what}\n`).join('')}`,
  );
  return 0;
}

/** A spec file named ID.spec.js (or .mjs) anywhere under dir. @param {string} dir @param {string} id */
function existingId(dir, id) {
  if (!existsSync(dir)) return null;
  const hit = readdirSync(dir, { recursive: true })
    .map(String)
    .find(
      (f) =>
        SPEC_FILE.test(f) &&
        path.basename(f).replace(SPEC_FILE, '') === id &&
        !f.split(path.sep).includes('node_modules'),
    );
  return hit ? path.join(dir, hit) : null;
}

/**
 * Whether .js files under dir load as ES modules: the nearest package.json
 * says "type": "module" (none, or another type: CommonJS, as Node reads it).
 * @param {string} dir
 */
function esmPackage(dir) {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const file = path.join(d, 'package.json');
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')).type === 'module';
      } catch {
        return false;
      }
    }
    if (path.dirname(d) === d) return false;
  }
}

/** A path as the user would type it: relative to cwd when inside it. @param {string} file @param {string} cwd */
function show(file, cwd) {
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}
