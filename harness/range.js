// @ts-check
// Ranges: which Node versions a spec applies to ('>=22', '20.x || >=24') and
// which core counts an expectation applies to ('<=2', '>=4 <8').
//
// Versions are npm's semver ranges, read by the `semver` package: `>=22`,
// `>22.4`, `<26`, `=22.4.1`, `22` / `22.x` / `22.4` (that major or minor
// line), `^22.4`, `~22.4`, `20 - 22`, `*`, comparators joined by spaces (all
// must hold) and alternatives joined by '||' (one must hold). An empty
// alternative ('>=22 ||'), which semver reads as "any version", is an error.
//
// Counts are not versions: plain numeric comparisons (`<=2`, `>1.5`, `2`
// exactly, `*`) with the same spaces and '||', since a core count may be
// fractional (a CPU quota of 1.5).
import semver from 'semver';

/** @typedef {{ op: '<' | '<=' | '>' | '>=' | '=', v: number[] }} Comparator */

const EXAMPLES = '(e.g. >=22, 20.x, <26.1, ^22.4)';

/** A range could not be parsed. */
export class RangeSyntaxError extends Error {
  name = 'RangeSyntaxError';
}

/**
 * A version range as semver reads it; a RangeSyntaxError, in one line, when
 * it does not parse.
 * @param {string} text
 * @returns {semver.Range}
 */
function versionRange(text) {
  if (typeof text !== 'string' || text.trim() === '') throw new RangeSyntaxError('empty range');
  if (text.split('||').some((alt) => alt.trim() === '')) throw new RangeSyntaxError("empty alternative around '||'");
  try {
    return new semver.Range(text);
  } catch (err) {
    const message = String(/** @type {Error} */ (err)?.message ?? err);
    const bad = /^Invalid comparator: (.*)$/s.exec(message);
    throw new RangeSyntaxError(
      bad
        ? `'${bad[1].trim()}' is not a version comparison ${EXAMPLES}`
        : `'${text}' is not a version range ${EXAMPLES}: ${message.split('\n')[0]}`,
    );
  }
}

/**
 * Parse a version range: its alternatives, each the comparators that must
 * all hold, as semver normalizes them ('>=22 <26' -> [['>=22.0.0', '<26.0.0-0']];
 * '*' -> [['']]).
 * @param {string} text
 * @returns {string[][]}
 */
export function parseVersionRange(text) {
  return versionRange(text).set.map((all) => all.map((c) => c.value));
}

/**
 * Parse a count range ('<=2', '4', '>=2 <8').
 * @param {string} text
 * @returns {Comparator[][]}
 */
export function parseCountRange(text) {
  return alternatives(text, (token) => {
    if (token === '*') return [];
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
  const v = semver.parse(String(version));
  if (!v) throw new RangeSyntaxError(`'${version}' is not a version`);
  return versionRange(range).test(`${v.major}.${v.minor}.${v.patch}`);
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
