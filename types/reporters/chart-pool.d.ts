/** @param {any} s @returns {number[]} */
export declare function sortedCompletions(s: any): number[];
/**
 * The trial nearest the median completion pattern: the smallest sum over
 * ranks of |t_i − median_i|. Ties go to the earlier trial.
 * @param {any[]} samples
 */
export declare function typicalTrial(samples: any[]): number;
/**
 * Busy segments of one thread: [t0, t1, share of a core], with the share
 * rounded to quarters and equal neighbours merged.
 * @param {number[]} t @param {unknown[]} cpu
 * @returns {[number, number, number][]}
 */
export declare function busySegments(t: number[], cpu: unknown[]): [number, number, number][];
/**
 * Gantt chart of the pool threads in the typical trial, or '' without timelines.
 * @param {any} result
 */
export declare function timelineChart(result: any): string;
/**
 * Sorted completion times of every trial (dots) against the model (diamonds).
 * @param {any} result
 */
export declare function completionChart(result: any): string;
/** @param {string} chart @param {string} caption */
export declare function figure(chart: string, caption: string): string;
