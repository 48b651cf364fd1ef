// Finding specs: every specs/<area>/<id>.spec.js, loaded and checked, and
// selected by id or glob ('pool.*').
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AREAS, SpecError } from './spec.js';
import { UsageError } from './context.js';

export const SPECS_DIR = fileURLToPath(new URL('../specs/', import.meta.url));

/** @param {string} dir @returns {string[]} */
function specFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: false })
    .map(String)
    .filter((f) => f.endsWith('.spec.js'))
    .sort();
}

/**
 * Load every spec under dir, in area order then id order.
 * @param {string} [dir]
 * @returns {Promise<import('./spec.js').Spec[]>}
 */
export async function loadSpecs(dir = SPECS_DIR) {
  const specs = [];
  for (const rel of specFiles(dir)) {
    const file = path.join(dir, rel);
    let mod;
    try {
      mod = await import(pathToFileURL(file).href);
    } catch (err) {
      throw new SpecError(`${rel}: ${err instanceof Error ? err.message : err}`);
    }
    const spec = mod.default;
    if (!spec?.id) throw new SpecError(`${rel}: no default export from defineSpec()`);
    if (path.basename(rel) !== `${spec.id}.spec.js`) throw new SpecError(`${rel}: id '${spec.id}' does not match the file name`);
    if (path.dirname(rel) !== spec.area) throw new SpecError(`${rel}: area '${spec.area}' does not match its folder`);
    specs.push(spec);
  }
  const seen = new Set();
  for (const s of specs) {
    if (seen.has(s.id)) throw new SpecError(`duplicate spec id ${s.id}`);
    seen.add(s.id);
  }
  return specs.sort((a, b) => AREAS.indexOf(a.area) - AREAS.indexOf(b.area) || a.id.localeCompare(b.id));
}

/** @param {string} pattern */
export function globToRegExp(pattern) {
  const body = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
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
