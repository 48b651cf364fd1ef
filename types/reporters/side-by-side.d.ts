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
     * ours under the source's own load (its clients and request
     * count), in the source table's columns, where the run made one
     */
    atSourceLoad: Table | null;
    /**
     * the model's prediction for this machine ('' if none)
     */
    expected: string;
    /**
     * the model's figures for this machine and for the source's (empty: none)
     */
    predicted: string[];
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
 * @property {Table | null} atSourceLoad  ours under the source's own load (its clients and request
 *                                count), in the source table's columns, where the run made one
 * @property {string} expected    the model's prediction for this machine ('' if none)
 * @property {string[]} predicted the model's figures for this machine and for the source's (empty: none)
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
 * How a throughput claim's blocks met their servers: one server per arm for
 * every block (blocks that record `serversFrom`, the block their servers
 * started at), or a fresh one per arm and block (records from before).
 * @param {any[]} blocks
 */
export declare function serversText(blocks: any[]): string;
/**
 * The source's table and ours for one result, or null: no source table, or
 * no samples of a kind that makes one (e.g. a record from before latencies
 * were kept).
 * @param {any} result
 * @returns {SideBySide | null}
 */
export declare function sideBySide(result: any): SideBySide | null;
/**
 * Our runs under the source's own load (a block's `sourceRuns`), one row per
 * arm, in the source table's columns (a column we cannot fill shows '–'),
 * with the percentiles the source did not give after them.
 * @param {any[]} samples @param {string[]} columns
 * @returns {Table | null}
 */
export declare function sourceLoadTable(samples: any[], columns: string[]): Table | null;
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
