// @ts-check
// The metadata linter: every spec, built-in or from a claim pack, against one
// policy. validateSpec checks what a runner needs (the shape); the linter
// adds what the catalogue needs: known fields, tags and sources, one-line
// titles, and a refuted claim that says what is true instead. Each problem is
// reported as `file: field: what is wrong`.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { TAGS } from './spec.js';
import { MOSTLY_WAITS, sideBySide } from './lanes.js';
import { scanSpecs, SPECS_DIR } from './registry.js';
import { SOURCES } from './sources.js';

/** The source articles' file names (the table is harness/sources.js); exported here as before. */
export { SOURCES };

/** Every field a spec may have. */
export const FIELDS = Object.freeze([
  'id',
  'title',
  'area',
  'claim',
  'truth',
  'expected',
  'tags',
  'node',
  'requires',
  'source',
  'plan',
]);
const SOURCE_FIELDS = ['file', 'section', 'figures', 'table'];
const TITLE_MAX = 100;

/**
 * @typedef {{ file: string, field: string, text: string }} Problem
 */

/**
 * Is a cited source known? One of SOURCES, an http(s) address, or (for a
 * claim pack) a file inside the pack's directory.
 * @param {string} file @param {string | null} packDir
 */
export function knownSource(file, packDir) {
  if (SOURCES.includes(file) || /^https?:\/\/\S+$/.test(file)) return true;
  if (!packDir) return false;
  const full = path.resolve(packDir, file);
  return !path.relative(packDir, full).startsWith('..') && existsSync(full) && statSync(full).isFile();
}

/**
 * The policy problems of one loaded spec (its shape was checked at load).
 * @param {any} spec
 * @param {{ packDir?: string | null }} [o] packDir: the claim pack's directory (null: built-in)
 * @returns {string[]} 'field: what is wrong'
 */
export function policyProblems(spec, { packDir = null } = {}) {
  const p = [];
  for (const k of Object.keys(spec))
    if (!FIELDS.includes(k)) p.push(`${k}: unknown field (known: ${FIELDS.join(', ')})`);
  if (typeof spec.title === 'string' && (spec.title.includes('\n') || spec.title.length > TITLE_MAX))
    p.push(`title: must be one line of at most ${TITLE_MAX} characters`);
  const source = spec.source ?? {};
  for (const k of Object.keys(source))
    if (!SOURCE_FIELDS.includes(k)) p.push(`source.${k}: unknown field (known: ${SOURCE_FIELDS.join(', ')})`);
  if (typeof source.file === 'string' && source.file && !knownSource(source.file, packDir)) {
    p.push(
      `source.file: '${source.file}' is not a known source (one of ${SOURCES.join(', ')}, an https:// address${packDir ? ', or a file in the claim pack' : ''})`,
    );
  }
  const seen = new Set();
  for (const t of Array.isArray(spec.tags) ? spec.tags : []) {
    if (!Object.hasOwn(TAGS, t)) p.push(`tags: unknown tag '${t}' (known: ${Object.keys(TAGS).join(', ')})`);
    else if (seen.has(t)) p.push(`tags: '${t}' appears twice`);
    seen.add(t);
  }
  if (seen.has(MOSTLY_WAITS) && !sideBySide(spec))
    p.push(
      `tags: '${MOSTLY_WAITS}' chooses a side-by-side claim's lanes; this claim runs alone (not 'structural', or kept alone)`,
    );
  if (spec.expected === 'refuted' && typeof spec.truth === 'string' && spec.truth.trim() && !statesTruth(spec.truth)) {
    p.push("truth: a refuted claim must say what is true instead (e.g. 'Refuted: the cap is 1024, not 128.')");
  }
  return p;
}

/**
 * More than a verdict word: after an optional label ('Refuted:', 'Nuanced:'),
 * at least a short sentence.
 * @param {string} truth
 */
function statesTruth(truth) {
  const rest = truth.trim().replace(/^[A-Za-z]+( [a-z]+)?[:.,;]\s*/, '');
  return rest.length >= 20 && /\s/.test(rest);
}

/**
 * Lint the built-in catalogue (dir) and any claim packs.
 * @param {{ dir?: string, specDirs?: string[] }} [o]
 * @returns {Promise<{ specs: number, problems: Problem[] }>}
 */
export async function lintSpecs({ dir = SPECS_DIR, specDirs = [] } = {}) {
  const entries = await scanSpecs({ dir, specDirs });
  /** @type {Problem[]} */
  const problems = [];
  for (const e of entries) {
    const found = [...e.problems];
    const spec = e.spec ?? e.declared;
    if (spec && typeof spec === 'object')
      found.push(
        ...policyProblems(spec, { packDir: e.builtIn ? null : e.dir }).map((q) => ({
          field: q.slice(0, q.indexOf(': ')),
          text: q.slice(q.indexOf(': ') + 2),
        })),
      );
    for (const { field, text } of found) problems.push({ file: e.file, field, text });
  }
  return { specs: entries.length, problems };
}

/**
 * One problem as a line: `file: field: what is wrong`, the file relative to
 * cwd when it is inside it.
 * @param {Problem} p @param {string} [cwd]
 */
export function formatProblem(p, cwd = process.cwd()) {
  const rel = path.relative(cwd, p.file);
  const file = rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p.file;
  return `${file}: ${p.field}: ${p.text}`;
}
