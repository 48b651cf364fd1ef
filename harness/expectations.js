// @ts-check
// Known deviations per environment, like WPT's expectation metadata or
// Node's .status files. A JSON file lists entries:
//
//   { "expectations": [
//     { "id": "cluster.slower-on-light", "when": { "platform": "linux", "cores": "<=2" },
//       "verdict": "inconclusive", "reason": "why, with figures", "link": "where to read more" } ] }
//
// A result whose verdict matches an entry that applies here is marked known
// (`known: { reason, link }`, label 'inconclusive (known here)') and is not
// counted against the exit code. Entries that applied to no result of the
// run, or whose verdict no longer matches, are returned as unused.
import { readFileSync } from 'node:fs';
import { UsageError } from './errors.js';
import { globToRegExp } from './registry.js';
import { rangeProblem, satisfiesCount, satisfiesVersion } from './range.js';

/** Verdicts an entry may expect (a pass needs no entry). */
export const KNOWN_VERDICTS = Object.freeze(['fail', 'inconclusive', 'skip', 'error']);
const ENTRY_FIELDS = ['id', 'when', 'verdict', 'reason', 'link'];
const WHEN_FIELDS = ['platform', 'arch', 'node', 'cores'];

/**
 * @typedef {object} When           every given condition must hold
 * @property {string | string[]} [platform]  e.g. 'linux' or ['linux', 'darwin']
 * @property {string | string[]} [arch]
 * @property {string} [node]        a version range of the Node under test, e.g. '>=24'
 * @property {string} [cores]       a count range of C, e.g. '<=2', '1', '>=4 <8'
 *
 * @typedef {object} Entry
 * @property {string} id            a spec id or a glob ('cluster.*')
 * @property {When} [when]
 * @property {'fail' | 'inconclusive' | 'skip' | 'error'} verdict
 * @property {string} reason        why, with figures
 * @property {string} [link]        an issue, a report or a file that explains it
 *
 * @typedef {{ reason: string, link: string | null }} Known   what a marked result carries
 * @typedef {{ id: string, verdict: string, label?: string, known?: Known }} Markable
 * @typedef {{ platform: string, arch: string, node: string, cores: number | null }} Where
 * @typedef {{ entry: Entry, why: string, stale: boolean }} Unused  stale: claims it names ran, with another verdict
 */

/**
 * Problems of a parsed expectations document, each 'entry N: field: what'.
 * @param {unknown} doc
 * @returns {string[]}
 */
export function checkExpectations(doc) {
  const list = Array.isArray(doc)
    ? doc
    : doc && typeof doc === 'object'
      ? /** @type {any} */ (doc).expectations
      : undefined;
  if (!Array.isArray(list)) return ['expected an object with an "expectations" array (or an array of entries)'];
  const p = [];
  for (const [i, e] of list.entries()) {
    const at = `entry ${i + 1}${typeof e?.id === 'string' ? ` (${e.id})` : ''}`;
    if (!e || typeof e !== 'object' || Array.isArray(e)) {
      p.push(`entry ${i + 1}: not an object`);
      continue;
    }
    for (const k of Object.keys(e))
      if (!ENTRY_FIELDS.includes(k)) p.push(`${at}: ${k}: unknown field (known: ${ENTRY_FIELDS.join(', ')})`);
    if (typeof e.id !== 'string' || !/^[a-z0-9*?][a-z0-9.*?-]*$/.test(e.id))
      p.push(`${at}: id: must be a spec id or glob`);
    if (!KNOWN_VERDICTS.includes(e.verdict)) p.push(`${at}: verdict: must be one of ${KNOWN_VERDICTS.join(', ')}`);
    if (typeof e.reason !== 'string' || !e.reason.trim()) p.push(`${at}: reason: missing or empty`);
    if (e.link !== undefined && typeof e.link !== 'string') p.push(`${at}: link: must be a string`);
    if (e.when === undefined) continue;
    if (!e.when || typeof e.when !== 'object' || Array.isArray(e.when)) {
      p.push(`${at}: when: must be an object`);
      continue;
    }
    for (const [k, v] of Object.entries(e.when)) {
      if (!WHEN_FIELDS.includes(k)) p.push(`${at}: when.${k}: unknown condition (known: ${WHEN_FIELDS.join(', ')})`);
      else if (
        (k === 'platform' || k === 'arch') &&
        !(typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')))
      )
        p.push(`${at}: when.${k}: must be a string or an array of strings`);
      else if (k === 'node' || k === 'cores') {
        const why = rangeProblem(v, k === 'node' ? 'version' : 'count');
        if (why)
          p.push(`${at}: when.${k}: ${JSON.stringify(v)} is not a ${k === 'node' ? 'version' : 'count'} range: ${why}`);
      }
    }
  }
  return p;
}

/**
 * Read and check an expectations file. Any problem is a UsageError naming
 * the file and the entry.
 * @param {string} file
 * @returns {Entry[]}
 */
export function loadExpectations(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(
      `--expectations ${file}: ${/** @type {any} */ (err).code === 'ENOENT' ? 'no such file' : /** @type {Error} */ (err).message}`,
    );
  }
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--expectations ${file}: not valid JSON (${/** @type {Error} */ (err).message})`);
  }
  const problems = checkExpectations(doc);
  if (problems.length)
    throw new UsageError(
      `--expectations ${file}: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`,
    );
  return Array.isArray(doc) ? doc : doc.expectations;
}

/**
 * Where a record was made, in the terms entries use.
 * @param {{ platform: string, arch: string, node: { version: string } }} environment  the record's environment
 * @param {{ cores?: number } | null} [profile]  the record's profile (C)
 * @returns {Where}
 */
export function whereFrom(environment, profile) {
  return {
    platform: environment.platform,
    arch: environment.arch,
    node: environment.node.version,
    cores: profile?.cores ?? null,
  };
}

/**
 * Does an entry's `when` hold here? A cores condition never holds where C is unknown.
 * @param {When | undefined} when @param {Where} where
 */
export function applies(when, where) {
  if (!when) return true;
  const oneOf = (/** @type {string | string[]} */ v, /** @type {string} */ x) =>
    Array.isArray(v) ? v.includes(x) : v === x;
  if (when.platform !== undefined && !oneOf(when.platform, where.platform)) return false;
  if (when.arch !== undefined && !oneOf(when.arch, where.arch)) return false;
  if (when.node !== undefined && !satisfiesVersion(where.node, when.node)) return false;
  if (when.cores !== undefined && (where.cores === null || !satisfiesCount(where.cores, when.cores))) return false;
  return true;
}

/** @param {Entry} e @param {{ id: string, verdict: string }} r */
const matches = (e, r) => e.verdict === r.verdict && globToRegExp(e.id).test(r.id);

/**
 * @template {Markable} R
 * @param {R} r @param {Entry} e
 * @returns {R}
 */
function mark(r, e) {
  return { ...r, label: `${r.label ?? r.verdict} (known here)`, known: { reason: e.reason, link: e.link ?? null } };
}

/**
 * The known deviations that apply here, applied as results arrive: `mark`
 * marks one result (for a live stream: each spec:end before reporters see
 * it) and remembers which entry it used; `unused` then lists the entries
 * that applied here but matched no result. Results already marked stay as
 * they are; nothing is changed in place.
 * @param {Entry[]} entries @param {Where} where
 */
export function knownHere(entries, where) {
  const here = entries.filter((e) => applies(e.when, where));
  const used = new Set();
  /** @type {string[]} */
  const ids = [];
  /** @type {Map<string, Set<string>>} verdicts seen per claim id */
  const seen = new Map();
  return {
    /**
     * @template {Markable} R
     * @param {R} r @returns {R}
     */
    mark(r) {
      ids.push(r.id);
      seen.set(r.id, (seen.get(r.id) ?? new Set()).add(r.verdict));
      const entry = here.find((e) => matches(e, r));
      if (!entry) return r;
      used.add(entry);
      return r.known ? r : mark(r, entry);
    },
    /** @returns {Unused[]} */
    unused() {
      return here
        .filter((e) => !used.has(e))
        .map((e) => {
          const ran = [...new Set(ids.filter((id) => globToRegExp(e.id).test(id)))];
          const got = [...new Set(ran.flatMap((id) => [...(seen.get(id) ?? [])]))];
          const why =
            ran.length === 0 ? 'no claim of this run matches its id' : `expected ${e.verdict}, got ${got.join(', ')}`;
          return { entry: e, why, stale: ran.length > 0 };
        });
    },
  };
}

/**
 * Mark a finished run's results (knownHere over all of them at once).
 * @template {Markable} R
 * @param {R[]} results @param {Where} where @param {Entry[]} entries
 * @returns {{ results: R[], unused: Unused[] }}
 */
export function applyExpectations(results, where, entries) {
  const known = knownHere(entries, where);
  const marked = results.map((r) => known.mark(r));
  return { results: marked, unused: known.unused() };
}

/**
 * One line per unused entry, for stderr.
 * @param {Unused} u
 */
export function formatUnused({ entry, why }) {
  const when = Object.entries(entry.when ?? {})
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join('|') : v}`)
    .join(', ');
  return `expectation not used: ${entry.id} ${entry.verdict}${when ? ` when ${when}` : ''}: ${why}`;
}
