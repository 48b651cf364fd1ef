/** Readings during the batch needed for a factor. */
export declare const MIN_READINGS = 5;
/**
 * Readings one CPU needs during the batch before its median may stand for
 * the slowest speed read: one or two may be the first after a move to that
 * CPU, which reads up to ~10% slower (speed-reference.cjs pinnedReadings).
 */
export declare const SLOWEST_GROUP_READINGS = 3;
export type SpeedReading = {
    /**
     * the reference during the batch, per CPU: read by a
     * reader pinned to each (readers), else per CPU the main thread read it on
     */
    byCpu: Record<string, {
        ms: number;
        n: number;
    }>;
    /**
     * byCpu was read by a reader pinned to every CPU (fixtures/lib/speed-readers.cjs)
     */
    readers?: boolean;
    /**
     * the reference on each allowed CPU, the thread pinned to it, before the batch
     */
    pinned?: Record<string, number> | null;
    /**
     * samples of a runnable pool thread on each CPU
     */
    poolCpus?: Record<string, number>;
};
/**
 * @typedef {object} SpeedReading  a batch fixture's `speed`
 * @property {Record<string, { ms: number, n: number }>} byCpu  the reference during the batch, per CPU: read by a
 *   reader pinned to each (readers), else per CPU the main thread read it on
 * @property {boolean} [readers]  byCpu was read by a reader pinned to every CPU (fixtures/lib/speed-readers.cjs)
 * @property {Record<string, number> | null} [pinned]  the reference on each allowed CPU, the thread pinned to it, before the batch
 * @property {Record<string, number>} [poolCpus]  samples of a runnable pool thread on each CPU
 */
/**
 * The factor by which the CPUs ran slower during the batch than at
 * calibration. Read by a reader pinned to each CPU (speed.readers): the
 * speed of the CPUs the pool ran on (speedOfPoolCpus). Read by the main
 * thread: the factor by which the slowest CPU the batch could use ran slower
 * than at calibration, the during-batch readings (a mean of the per-CPU medians,
 * weighted by their counts) over the reference at calibration, scaled up by how
 * much slower the slowest allowed CPU read than the ones the main thread read
 * on (pinned readings: the host may slow one vCPU alone, for an hour at a
 * time). Without pinned readings, the slowest CPU read during the batch, and
 * only where it read every CPU the pool's threads ran on. null where it
 * cannot be read: no reading, too few, no calibration, or a CPU of the pool's
 * that nothing read. slowestRead: the slowest speed any single reading
 * group gave, a pinned CPU before the batch or one CPU's median beside it
 * over SLOWEST_GROUP_READINGS readings or more (never below factor): where
 * the host switched a CPU's speed around the batch, the pool's threads may
 * have run at it for longer than the main thread's readings show.
 * @param {SpeedReading | null | undefined} speed
 * @param {number | null | undefined} referenceMs  the reference at the calibrated speed (ms): the batch's own
 *   weighing (pool.js batchReferenceMs) or the profile's
 * @returns {{ factor: number, during: number, slowest: number, slowestRead: number } | null}
 */
export declare function speedFactor(speed: SpeedReading | null | undefined, referenceMs: number | null | undefined): {
    factor: number;
    during: number;
    slowest: number;
    slowestRead: number;
} | null;
/**
 * Each pool thread's CPU time as it would read had every thread run at one
 * speed, that of the fastest CPU the pool used: its time on each CPU (its
 * CPU gained between samples, on the CPU it was runnable on at the sample,
 * else the last one it was seen on; timeline.cpuAt) weighed by the median of
 * the reference's readings on that CPU over the batch, by the reader pinned
 * to it (one figure per CPU: a speed the host switched for part of the
 * batch is not matched to the threads there then). A thread that ran mostly
 * on a CPU the host slowed pays more per hash; at one speed its hashes cost
 * as the others' do, and CPU beyond them is CPU without progress. A thread
 * never seen runnable (an idle one's start) keeps its CPU as read. null
 * where no readers read, the timeline has no CPUs per sample (a record from
 * before), or a CPU a thread ran on has fewer than SLOWEST_GROUP_READINGS
 * readings.
 * @param {SpeedReading | null | undefined} speed
 * @param {{ t: number[], cpu: Record<string, number[]>, cpuAt?: Record<string, string> } | null | undefined} timeline
 * @param {Array<number | string>} tids  the threads, in the order of the result
 * @returns {number[] | null}
 */
export declare function cpuAtOneSpeed(speed: SpeedReading | null | undefined, timeline: {
    t: number[];
    cpu: Record<string, number[]>;
    cpuAt?: Record<string, string>;
} | null | undefined, tids: Array<number | string>): number[] | null;
/**
 * How far apart the CPUs' speeds read, slowest over fastest: the pinned
 * readings before the batch, and those taken on each CPU during it,
 * whichever differ more; null where neither has two CPUs. Where a reader
 * pinned to each CPU read them (readers), only the CPUs the pool ran on
 * count: an idle CPU the host clocks down reads slow and carries no hash.
 * @param {SpeedReading | null | undefined} speed
 * @returns {number | null}
 */
export declare function speedsSpread(speed: SpeedReading | null | undefined): number | null;
