/**
 * The acceptance region from its text ('> 0.1', '< 0.6', 'in (a, b)').
 * @param {unknown} region
 * @returns {{ lo: number, hi: number } | null}
 */
export declare function parseRegion(region: unknown): {
    lo: number;
    hi: number;
} | null;
/** Is the statistic a log ratio (shown as ×ratio)? @param {any} timing */
export declare const isLogRatio: (timing: any) => boolean;
/**
 * The timing statistic: values as dots, the CI band, the median, the
 * boundary (with the acceptance side shaded) and the model's predictions.
 * @param {any} result
 */
export declare function timingChart(result: any): string;
/**
 * Throughput of each arm's runs per ABBA/BAAB block.
 * @param {any} result
 */
export declare function throughputChart(result: any): string;
/**
 * Latency items in the samples: load runs ({ label, latency }) and top-level
 * loads ({ <name>: { latency } }), each with p50 and p99.
 * @param {any[]} samples
 * @returns {{ group: string, trial: number, lat: any }[]}
 */
export declare function latencyItems(samples: any[]): {
    group: string;
    trial: number;
    lat: any;
}[];
/**
 * Latency per load run: p50 dot, p50–p99 bar, min–max whisker; a group of
 * more than MANY runs is drawn as two strips of dots (p50, p99) instead.
 * @param {any} result
 */
export declare function latencyChart(result: any): string;
/**
 * Measured speed-up of k concurrent CPU tasks against the ideal min(k, C).
 * @param {any} profile
 */
export declare function parallelismChart(profile: any): string;
