export declare const SCHEMA_VERSION = 1;
/** The verdicts, in summary order. */
export declare const VERDICTS: readonly ['pass', 'fail', 'inconclusive', 'skip', 'error'];
export declare const pkg: any;
export type Summary = {
    total: number;
    pass: number;
    fail: number;
    inconclusive: number;
    skip: number;
    error: number;
    known?: Record<string, number>;
};
/**
 * @typedef {{ total: number, pass: number, fail: number, inconclusive: number, skip: number, error: number, known?: Record<string, number> }} Summary
 */
/**
 * Counts by verdict; with `known` (counts by verdict of the results marked as
 * known deviations here) only when there are any. The only count: reporters
 * that get results without a record count them here too, so they say what the
 * record would.
 * @param {{ verdict: string, known?: object }[]} results
 * @returns {Summary}
 */
export declare function summarize(results: {
    verdict: string;
    known?: object;
}[]): Summary;
/**
 * The one place that turns a run's outcome into an exit code.
 * 0 every verdict as expected; 1 a fail; 2 a harness or fixture error, or an
 * interrupted run; 3 an inconclusive verdict under --strict. Results marked
 * as known deviations here (summary.known) count as expected.
 * @param {{ fail: number, error: number, inconclusive: number, known?: Record<string, number> }} summary
 * @param {{ strict?: boolean, interrupted?: boolean }} [o]
 */
export declare function exitCode(summary: {
    fail: number;
    error: number;
    inconclusive: number;
    known?: Record<string, number>;
}, { strict, interrupted }?: {
    strict?: boolean;
    interrupted?: boolean;
}): 0 | 1 | 2 | 3;
/**
 * `expectations` (optional): the expectations file applied and its unused
 * entries; the record carries it only when given.
 * @param {{ startedAt: Date, finishedAt: Date, argv: string[], selection: string[], environment: object, profile: object | null, results: any[], interrupted: boolean, strict?: boolean, expectations?: { file: string, unused: { entry: object, why: string, stale: boolean }[] } | null }} o
 */
export declare function buildRecord(o: {
    startedAt: Date;
    finishedAt: Date;
    argv: string[];
    selection: string[];
    environment: object;
    profile: object | null;
    results: any[];
    interrupted: boolean;
    strict?: boolean;
    expectations?: {
        file: string;
        unused: {
            entry: object;
            why: string;
            stale: boolean;
        }[];
    } | null;
}): {
    schemaVersion: number;
    tool: {
        name: any;
        version: any;
    };
    startedAt: string;
    finishedAt: string;
    durationMs: number;
    argv: string[];
    selection: string[];
    interrupted: boolean;
    exitCode: number;
    environment: object;
    profile: object | null;
    results: any[];
    summary: Summary;
    expectations?: {
        file: string;
        unused: {
            entry: object;
            why: string;
            stale: boolean;
        }[];
    } | undefined;
};
