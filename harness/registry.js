// @ts-check
// Finding specs: every specs/<area>/<id>.spec.js of the built-in catalogue,
// plus claim packs from other directories (--specs DIR), loaded, checked,
// and selected by id or glob ('pool.*').
//
// A claim pack is a directory of spec files, either `<area>/<id>.spec.js`
// (the folder must equal the spec's area) or flat `<id>.spec.js` (any
// area); `.spec.mjs` too, for a pack whose package.json is not
// "type": "module". Packs may use their own area names; built-in specs must
// use AREAS. `node_modules` and dot-folders are not searched.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AREAS } from './spec.js';
import { UsageError, SpecError } from './errors.js';

export const SPECS_DIR = fileURLToPath(new URL('../specs/', import.meta.url));

/** A spec file's name: <id>.spec.js, or <id>.spec.mjs (an ES module whatever the package's type). */
export const SPEC_FILE = /\.spec\.m?js$/;

/**
 * @typedef {object} SpecFile       one spec file, loaded or not
 * @property {string} file          absolute path
 * @property {string} dir           the directory it was found under
 * @property {string} rel           its path relative to dir
 * @property {boolean} builtIn      found under the built-in catalogue's directory
 * @property {import('./spec.js').Spec | null} spec  null when it could not be loaded
 * @property {SpecProblem[]} problems
 * @property {string} [loadError]   why importing it failed, as thrown
 * @property {any} [declared]        what a malformed spec declared (defineSpec threw)
 */

/**
 * @typedef {object} SpecProblem    what is wrong with a spec file, as lint prints it
 * @property {string} field
 * @property {string} text
 * @property {string} [duplicateOf]  the file that defined the same id first
 */

/** @param {string} dir @returns {string[]} paths relative to dir, sorted */
function specFiles(dir) {
  /** @type {string[]} */
  const out = [];
  const walk = (/** @type {string} */ rel) => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? path.join(rel, e.name) : e.name;
      if (e.isDirectory() && e.name !== 'node_modules' && !e.name.startsWith('.')) walk(r);
      else if (e.isFile() && SPEC_FILE.test(e.name)) out.push(r);
    }
  };
  walk('');
  return out.sort();
}

/** 'field: what is wrong' -> { field, text } @param {string} p */
function split(p) {
  const i = p.indexOf(': ');
  return i < 0 ? { field: 'spec', text: p } : { field: p.slice(0, i), text: p.slice(i + 2) };
}

/**
 * Load one spec file and check where it sits. Never throws for a bad spec:
 * the problems are returned.
 * @param {{ dir: string, rel: string, builtIn: boolean }} o
 * @returns {Promise<SpecFile>}
 */
async function loadFile({ dir, rel, builtIn }) {
  const file = path.join(dir, rel);
  /** @type {SpecFile} */
  const entry = { file, dir, rel, builtIn, spec: null, problems: [] };
  let mod;
  try {
    mod = await import(pathToFileURL(file).href);
  } catch (err) {
    const message = String(/** @type {Error} */ (err)?.message ?? err);
    entry.loadError = message;
    if (err instanceof SpecError && err.problems?.length) {
      entry.problems.push(...err.problems.map(split));
      entry.declared = err.spec;
    } else
      entry.problems.push({
        field: 'module',
        text: `could not be loaded: ${message.split('\n')[0]}${esmHint(message, rel)}`,
      });
    return entry;
  }
  const spec = mod.default;
  if (!spec?.id) {
    entry.problems.push({ field: 'default', text: 'no default export from defineSpec()' });
    return entry;
  }
  entry.spec = spec;
  const folder = path.dirname(rel);
  if (path.basename(rel).replace(SPEC_FILE, '') !== spec.id)
    entry.problems.push({ field: 'id', text: `'${spec.id}' does not match the file name` });
  if (builtIn && !AREAS.includes(spec.area))
    entry.problems.push({ field: 'area', text: `'${spec.area}' is not one of ${AREAS.join(', ')}` });
  else if ((builtIn || folder !== '.') && folder !== spec.area)
    entry.problems.push({ field: 'area', text: `'${spec.area}' does not match its folder '${folder}'` });
  return entry;
}

/**
 * What to do when an ES module spec sits in a package that is not one.
 * @param {string} message the load error's @param {string} rel
 */
function esmHint(message, rel) {
  if (!/Cannot use import statement outside a module|Unexpected token 'export'/.test(message)) return '';
  return ` (the spec is an ES module but its package.json is not "type": "module": rename it ${path.basename(rel).replace(SPEC_FILE, '.spec.mjs')}, or set "type": "module")`;
}

/**
 * Every spec file under the built-in directory and the extra ones, loaded,
 * with its problems (duplicate ids across directories included).
 * @param {{ dir?: string, specDirs?: string[] }} [o]
 * @returns {Promise<SpecFile[]>}
 */
export async function scanSpecs({ dir = SPECS_DIR, specDirs = [] } = {}) {
  const dirs = [
    { dir: path.resolve(dir), builtIn: true },
    ...specDirs.map((d) => ({ dir: path.resolve(d), builtIn: false })),
  ];
  /** @type {SpecFile[]} */
  const entries = [];
  const seenFiles = new Set();
  for (const d of dirs) {
    let isDir = false;
    try {
      isDir = statSync(d.dir).isDirectory();
    } catch {
      // reported below
    }
    if (!isDir) throw new UsageError(`--specs ${d.dir}: not a directory`);
    for (const rel of specFiles(d.dir)) {
      const file = path.join(d.dir, rel);
      if (seenFiles.has(file)) continue; // a directory given twice, or inside another
      seenFiles.add(file);
      entries.push(await loadFile({ dir: d.dir, rel, builtIn: d.builtIn }));
    }
  }
  /** @type {Map<string, SpecFile>} */
  const byId = new Map();
  for (const e of entries) {
    if (!e.spec) continue;
    const first = byId.get(e.spec.id);
    if (!first) {
      byId.set(e.spec.id, e);
      continue;
    }
    const text = `'${e.spec.id}' is also defined in ${first.file}`;
    e.problems.push({ field: 'id', text, duplicateOf: first.file });
  }
  return entries;
}

/** Area order: the built-in areas first, then others by name. @param {string} area */
function areaRank(area) {
  const i = AREAS.indexOf(area);
  return i < 0 ? AREAS.length : i;
}

/**
 * Load every spec under dir (the built-in catalogue by default) and under
 * each of `specDirs` (claim packs), in area order then id order. The first
 * problem found is thrown as a SpecError naming the file.
 * @param {string} [dir]
 * @param {{ specDirs?: string[] }} [o]
 * @returns {Promise<import('./spec.js').Spec[]>}
 */
export async function loadSpecs(dir = SPECS_DIR, { specDirs = [] } = {}) {
  const entries = await scanSpecs({ dir, specDirs });
  for (const e of entries) {
    const p = e.problems[0];
    if (!p) continue;
    const where = e.builtIn ? e.rel : e.file;
    if (e.loadError !== undefined) throw new SpecError(`${where}: ${e.loadError}`);
    if (!e.spec) throw new SpecError(`${where}: ${p.text}`);
    if (p.duplicateOf !== undefined) {
      throw new SpecError(`duplicate spec id '${e.spec.id}' in ${p.duplicateOf} and ${e.file}`);
    }
    throw new SpecError(`${where}: ${p.field} ${p.text}`);
  }
  const specs = entries.map((e) => /** @type {import('./spec.js').Spec} */ (e.spec));
  return specs.sort(
    (a, b) => areaRank(a.area) - areaRank(b.area) || a.area.localeCompare(b.area) || a.id.localeCompare(b.id),
  );
}

/** @param {string} pattern */
export function globToRegExp(pattern) {
  const body = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

/**
 * Select specs by ids or globs; no pattern selects all. A pattern that
 * matches nothing is a usage error.
 * @param {import('./spec.js').Spec[]} specs @param {string[]} patterns
 */
export function selectSpecs(specs, patterns) {
  if (patterns.length === 0) return specs;
  const chosen = new Set();
  for (const p of patterns) {
    const re = globToRegExp(p);
    const hits = specs.filter((s) => re.test(s.id));
    if (hits.length === 0) throw new UsageError(`unknown spec id '${p}' (see --list)`);
    hits.forEach((s) => chosen.add(s));
  }
  return specs.filter((s) => chosen.has(s));
}
