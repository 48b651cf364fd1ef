/**
 * rchar (bytes read by read-like syscalls) from the text of a /proc io file; null if absent.
 * @param {string} text
 */
export declare function rchar(text: string): number | null;
/**
 * Bytes read by each live thread of process `pid`, per /proc/<pid>/task/<tid>/io
 * (task I/O accounting): { main, others } with main the thread whose tid is
 * the pid and others the sum over the rest; null off Linux, or where the
 * kernel does not keep the count.
 * @param {number} pid
 * @param {{ tasks?: (pid: number) => string[], io?: (pid: number, tid: string) => string }} [read]  (tests)
 * @returns {{ main: number, others: number, threads: number } | null}
 */
export declare function threadReads(pid: number, { tasks, io, }?: {
    tasks?: (pid: number) => string[];
    io?: (pid: number, tid: string) => string;
}): {
    main: number;
    others: number;
    threads: number;
} | null;
/**
 * One trial of fixtures/main-thread.cjs, held open once it has reported
 * (options.hold) so that the harness reads its threads' read counts, then
 * stopped: the fixture's report, with `reads` (threadReads; null off Linux).
 * `parkNew`: the fixture also parks a pool request on each pool thread and
 * says how many of the threads its first pool use started took one
 * (`newParked`, of `poolParked`).
 * @param {import('../context.js').Context} ctx
 * @param {{ parkNew?: boolean }} [o]
 */
export declare function mainThreadTrial(ctx: import('../context.js').Context, { parkNew }?: {
    parkNew?: boolean;
}): Promise<any>;
