/**
 * Remove ANSI escape sequences.
 * @param {unknown} text
 * @returns {string}
 */
export declare function stripAnsi(text: unknown): string;
/**
 * Strip ANSI codes and turn the text into one line: newlines and tabs become
 * spaces, other control characters are dropped, runs of spaces collapse.
 * @param {unknown} text
 * @returns {string}
 */
export declare function oneLine(text: unknown): string;
/**
 * Whether to colour output. `FORCE_COLOR` set and not '0' → on; otherwise
 * `NO_COLOR` set (any value, even empty) → off; otherwise on iff a TTY.
 * @param {{ tty?: boolean, env?: Record<string, string | undefined> }} [opts]
 * @returns {boolean}
 */
export declare function shouldColor({ tty, env }?: {
    tty?: boolean;
    env?: Record<string, string | undefined>;
}): boolean;
declare const CODES: {
    readonly green: readonly [32, 39];
    readonly red: readonly [31, 39];
    readonly yellow: readonly [33, 39];
    readonly grey: readonly [90, 39];
    readonly bold: readonly [1, 22];
    readonly dim: readonly [2, 22];
};
export type ColorName = keyof typeof CODES;
/** @typedef {keyof typeof CODES} ColorName */
/**
 * A painter: `paint('red', 'x')` wraps in ANSI codes when enabled.
 * @param {boolean} enabled
 * @returns {(name: ColorName, text: string) => string}
 */
export declare function painter(enabled: boolean): (name: ColorName, text: string) => string;
/** Colour for each verdict. @type {Record<string, ColorName>} */
export declare const VERDICT_COLOR: Record<string, ColorName>;
/** The verdicts, in summary order. */
export declare const VERDICTS: readonly ['pass', 'fail', 'inconclusive', 'skip', 'error'];
/**
 * Human duration: `45ms` below 0.1 s, `0.3s`, `12.3s`, `2m05s`.
 * @param {number | null | undefined} ms
 * @returns {string}
 */
export declare function formatDuration(ms: number | null | undefined): string;
/**
 * Seconds with millisecond precision, for machine formats (`0.300`).
 * @param {number | null | undefined} ms
 */
export declare function seconds(ms: number | null | undefined): string;
/**
 * A number rounded for display: integers as-is, others to `digits` significant
 * decimals without trailing zeros.
 * @param {number | null | undefined} x @param {number} [digits]
 */
export declare function num(x: number | null | undefined, digits?: number): string;
/**
 * Counts per verdict, from results (the record's summary when available).
 * @param {{ verdict: string }[]} results
 * @returns {{ total: number, pass: number, fail: number, inconclusive: number, skip: number, error: number }}
 */
export declare function countVerdicts(results: {
    verdict: string;
}[]): {
    total: number;
    pass: number;
    fail: number;
    inconclusive: number;
    skip: number;
    error: number;
};
/**
 * The summary sentence: `N claims: a pass, b fail, c inconclusive, d skip, e error`,
 * plus `(k known here)` when an expectations file explained some verdicts.
 * @param {{ total: number, pass: number, fail: number, inconclusive: number, skip: number, error: number, known?: { total: number } }} s
 */
export declare function summaryText(s: {
    total: number;
    pass: number;
    fail: number;
    inconclusive: number;
    skip: number;
    error: number;
    known?: {
        total: number;
    };
}): string;
/**
 * Short one-line description of a timing evidence block, e.g.
 * `median 1.98 [1.9, 2.05] @95%, boundary 1.5`.
 * @param {any} timing
 */
export declare function timingText(timing: any): string;
export {};
