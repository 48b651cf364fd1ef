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
 * A recorded timing evidence block in one line, for reports, e.g.
 * `S: median 1.98 [1.9, 2.05] @95% over n=9, boundary 1.5`. (The verdict's
 * reason describes the live judgement with verdict.js's timingText.)
 * @param {any} timing
 */
export declare function timingSummary(timing: any): string;
/**
 * Where a timing statistic's claim side ends: 'boundary 1.5', or where
 * alternatives lie on both sides of the claim 'region in (1.667, 2.167)'
 * (the record's `boundary` holds only the lower one then).
 * @param {{ boundary?: number | null, region?: string }} timing
 */
export declare function boundaryText(timing: {
    boundary?: number | null;
    region?: string;
}): string;
/**
 * The settings in force of a record's environment in one line, '' when none:
 * 'settings in force: UV_THREADPOOL_SIZE=8 (pool 8 threads, measured)'.
 * @param {any} environment
 */
export declare function settingsText(environment: any): string;
/**
 * The settings in force as JUnit properties: 'env.KEY' per variable and
 * 'poolSize'; none when no setting was in force.
 * @param {any} environment
 * @returns {Record<string, unknown>}
 */
export declare function settingsProperties(environment: any): Record<string, unknown>;
/** The longest headline, in characters: what fits beside a result line. */
export declare const HEADLINE_MAX = 160;
/**
 * A verdict's reason in one sentence a person reads at a glance: what the
 * deciding evidence said first (a verdict's reason leads with the channel
 * that decided it), then, where timing took part, its figure against the
 * claim's region. The whole reason stays in the record and in the reports'
 * evidence sections; this is what a result line and a summary table show.
 * @param {any} r a result
 * @returns {string}
 */
export declare function headline(r: any): string;
/**
 * A structural assertion's trial count for the reports: ", 3/4 trials", and
 * how many contested trials read against it; '' for a timing assertion.
 * @param {{ agree?: number, disagree?: number, contested?: number }} a
 */
export declare function assertionCount(a: {
    agree?: number;
    disagree?: number;
    contested?: number;
}): string;
export {};
