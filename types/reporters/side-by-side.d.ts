export type Cell = string | number | null;
export type Table = {
    /**
     * how it was measured, one line
     */
    setup: string;
    columns: string[];
    rows: Cell[][];
};
export type SideBySide = {
    /**
     * the source's table, as its spec gives it
     */
    source: Table;
    /**
     * the same measurement, from this run's samples
     */
    ours: Table;
    /**
     * the model's prediction for this machine ('' if none)
     */
    expected: string;
};
/**
 * @typedef {string | number | null} Cell
 *
 * @typedef {object} Table
 * @property {string} setup       how it was measured, one line
 * @property {string[]} columns
 * @property {Cell[][]} rows
 *
 * @typedef {object} SideBySide
 * @property {Table} source       the source's table, as its spec gives it
 * @property {Table} ours         the same measurement, from this run's samples
 * @property {string} expected    the model's prediction for this machine ('' if none)
 */
/** The columns of our throughput table. */
export declare const THROUGHPUT_COLUMNS: readonly string[];
/** The columns of our worker-split table (the source's avg, max, req/s, total requests). */
export declare const SPLIT_COLUMNS: readonly string[];
/**
 * A figure rounded for a table: integers from 100 on, one decimal from 10,
 * two below (3 significant digits or more).
 * @param {number | null} x
 * @returns {number | null}
 */
export declare function tidy(x: number | null): number | null;
/** A cell as text: '–' for none. @param {Cell | undefined} c */
export declare function cellText(c: Cell | undefined): string;
/**
 * The source's table and ours for one result, or null: no source table, or
 * no samples of a kind that makes one (e.g. a record from before latencies
 * were kept).
 * @param {any} result
 * @returns {SideBySide | null}
 */
export declare function sideBySide(result: any): SideBySide | null;
/**
 * A/B blocks with latencies: one row per (label, load), in the order first run.
 * @param {any[]} samples
 * @returns {Table | null}
 */
export declare function throughputTable(samples: any[]): Table | null;
/**
 * Worker splits: one row per thread count k.
 * @param {any[]} samples
 * @returns {Table | null}
 */
export declare function splitTable(samples: any[]): Table | null;
