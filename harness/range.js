// @ts-check
// Ranges: which Node versions a spec applies to ('>=22', '20.x || >=24') and
// which core counts an expectation applies to ('<=2', '>=4 <8'). A small
// subset of npm's semver ranges: comparators joined by spaces (all must
// hold), alternatives joined by '||' (one must hold).
//
// Versions: `>=22`, `>22.4`, `<26`, `<=24.1`, `=22.4.1`, a bare partial
// version (`22`, `22.x`, `22.4` = that major or minor line), `^22.4` (same
// major), `~22.4` (same minor), `*` (any). Counts: `<=2`, `>1.5`, `2`
// (exactly), `*`; plain numeric comparisons.

/** @typedef {{ op: '<' | '<=' | '>' | '>=' | '=', v: number[] }} Comparator */

const VERSION = /^(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/;
const COMPARATOR = /^(<=|>=|<|>|=|\^|~)?(.+)$/;

/** A range could not be parsed. */
export class RangeSyntaxError extends Error {
  name = 'RangeSyntaxError';
}

/**
 * Parse a version range into alternatives of comparators.
 * @param {string} text
 * @returns {Comparator[][]}
 */
export function parseVersionRange(text) {
  return alternatives(text, versionComparators);
}

/**
 * Parse a count range ('<=2', '4', '>=2 <8').
 * @param {string} text
 * @returns {Comparator[][]}
 */
export function parseCountRange(text) {
  return alternatives(text, (token) => {
    const m = /^(<=|>=|<|>|=)?(\d+(?:\.\d+)?)$/.exec(token);
    if (!m) throw new RangeSyntaxError(`'${token}' is not a comparison with a number (e.g. <=2, >=4, 8)`);
    return [{ op: /** @type {Comparator['op']} */ (m[1] ?? '='), v: [Number(m[2])] }];
  });
}

/**
 * @param {string} text
 * @param {(token: string) => Comparator[]} parseToken
 */
function alternatives(text, parseToken) {
  if (typeof text !== 'string' || text.trim() === '') throw new RangeSyntaxError('empty range');
  return text.split('||').map((alt) => {
    const tokens = alt
      .trim()
      .replace(/(<=|>=|<|>|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    if (tokens.length === 0) throw new RangeSyntaxError("empty alternative around '||'");
    return tokens.flatMap(parseToken);
  });
}

/** @param {string} token @returns {Comparator[]} */
function versionComparators(token) {
  if (token === '*' || token === 'x') return [];
  const m = COMPARATOR.exec(token);
  const v = m && VERSION.exec(m[2]);
  if (!m || !v) throw new RangeSyntaxError(`'${token}' is not a version comparison (e.g. >=22, 20.x, <26.1, ^22.4)`);
  const op = m[1] ?? '=';
  const given = [v[1], v[2], v[3]].filter((p) => p !== undefined && p !== 'x' && p !== '*').map(Number);
  if ([v[2], v[3]].some((p) => p === 'x' || p === '*') && given.length === 3)
    throw new RangeSyntaxError(`'${token}' is not a version`);
  const full = [...given, 0, 0, 0].slice(0, 3);
  const next = bump(given); // the first version past the partial one (22.4 -> 22.5.0)
  if (given.length === 3 && op !== '^' && op !== '~') return [{ op: /** @type {Comparator['op']} */ (op), v: full }];
  switch (op) {
    case '=':
      return [
        { op: '>=', v: full },
        { op: '<', v: next },
      ];
    case '>=':
      return [{ op: '>=', v: full }];
    case '>':
      return [{ op: '>=', v: next }];
    case '<':
      return [{ op: '<', v: full }];
    case '<=':
      return [{ op: '<', v: next }];
    case '^':
      return [
        { op: '>=', v: full },
        { op: '<', v: [given[0] + 1, 0, 0] },
      ];
    default:
      return [
        { op: '>=', v: full },
        { op: '<', v: given.length >= 2 ? [given[0], given[1] + 1, 0] : [given[0] + 1, 0, 0] },
      ]; // '~'
  }
}

/** @param {number[]} given */
function bump(given) {
  const v = [...given, 0, 0, 0].slice(0, 3);
  const i = Math.min(given.length, 3) - 1;
  v[i] += 1;
  for (let j = i + 1; j < 3; j++) v[j] = 0;
  return v;
}

/** @param {number[]} a @param {number[]} b */
function compare(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** @param {number[]} v @param {Comparator[][]} range */
function holds(v, range) {
  return range.some((all) =>
    all.every(({ op, v: w }) => {
      const d = compare(v, w);
      return op === '<' ? d < 0 : op === '<=' ? d <= 0 : op === '>' ? d > 0 : op === '>=' ? d >= 0 : d === 0;
    }),
  );
}

/**
 * Does a Node version ('22.4.1', 'v22.4.1', '23.0.0-nightly…') fall in the range?
 * A pre-release counts as its release.
 * @param {string} version @param {string} range
 */
export function satisfiesVersion(version, range) {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(version));
  if (!m) throw new RangeSyntaxError(`'${version}' is not a version`);
  return holds([Number(m[1]), Number(m[2]), Number(m[3])], parseVersionRange(range));
}

/**
 * Does a count (cores: 2, 1.5) fall in the range?
 * @param {number} n @param {string} range
 */
export function satisfiesCount(n, range) {
  return holds([n], parseCountRange(range));
}

/**
 * Why a range does not parse, or null when it does.
 * @param {unknown} text @param {'version' | 'count'} [kind]
 * @returns {string | null}
 */
export function rangeProblem(text, kind = 'version') {
  if (typeof text !== 'string') return 'must be a string';
  try {
    (kind === 'version' ? parseVersionRange : parseCountRange)(text);
    return null;
  } catch (err) {
    return /** @type {Error} */ (err).message;
  }
}
