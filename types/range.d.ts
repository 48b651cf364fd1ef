export type Comparator = {
    op: '<' | '<=' | '>' | '>=' | '=';
    v: number[];
};
/** A range could not be parsed. */
export declare class RangeSyntaxError extends Error {
    name: string;
}
/**
 * Parse a version range: its alternatives, each the comparators that must
 * all hold, as semver normalizes them ('>=22 <26' -> [['>=22.0.0', '<26.0.0-0']];
 * '*' -> [['']]).
 * @param {string} text
 * @returns {string[][]}
 */
export declare function parseVersionRange(text: string): string[][];
/**
 * Parse a count range ('<=2', '4', '>=2 <8').
 * @param {string} text
 * @returns {Comparator[][]}
 */
export declare function parseCountRange(text: string): Comparator[][];
/**
 * Does a Node version ('22.4.1', 'v22.4.1', '23.0.0-nightly…') fall in the range?
 * A pre-release counts as its release.
 * @param {string} version @param {string} range
 */
export declare function satisfiesVersion(version: string, range: string): boolean;
/**
 * Does a count (cores: 2, 1.5) fall in the range?
 * @param {number} n @param {string} range
 */
export declare function satisfiesCount(n: number, range: string): boolean;
/**
 * Why a range does not parse, or null when it does.
 * @param {unknown} text @param {'version' | 'count'} [kind]
 * @returns {string | null}
 */
export declare function rangeProblem(text: unknown, kind?: 'version' | 'count'): string | null;
