/**
 * CPU of threads that ended between two readings not counted against a claim:
 * each reading of utime + stime is short by less than two ticks (the two are
 * truncated apart), so their difference is off by less than two either way
 * (honest windows with no thread ended read 0 to 16 ms).
 */
export declare const GONE_SLACK_MS: number;
export type ThreadCpu = {
    /**
     * each live thread's on-CPU ms, by tid; null where the task list was unread
     */
    threadMs: Record<string, number> | null;
    /**
     * the process's whole CPU so far (ms, ended threads' included); null where unread
     */
    processMs: number | null;
};
/**
 * @typedef {object} ThreadCpu
 * @property {Record<string, number> | null} threadMs  each live thread's on-CPU ms, by tid; null where the task list was unread
 * @property {number | null} processMs  the process's whole CPU so far (ms, ended threads' included); null where unread
 */
/**
 * One reading of process `pid`'s CPU from outside. A thread that ends between
 * the listing and its own reading is left out (it is counted, once ended, in
 * the next reading's processMs).
 * @param {number} pid
 * @returns {ThreadCpu}
 */
export declare function readThreadCpu(pid: number): ThreadCpu;
/**
 * What the process spent between readings `a` and `b`: each thread live at `b`
 * (`spentMs` by tid: one started since `a` counts whole), their sum (`liveMs`),
 * and what threads that ended in between spent (`goneMs`: the whole's growth
 * less the live threads', never below 0; null where either whole was unread).
 * null where either task list was unread.
 * @param {ThreadCpu} a @param {ThreadCpu} b
 * @returns {{ spentMs: Record<string, number>, liveMs: number, goneMs: number | null } | null}
 */
export declare function cpuBetween(a: ThreadCpu, b: ThreadCpu): {
    spentMs: Record<string, number>;
    liveMs: number;
    goneMs: number | null;
} | null;
/**
 * readThreadCpu, taken where the process holds still: the whole is read before and after
 * the threads, and a reading whose two wholes differ (a thread ran meanwhile, the reader
 * itself descheduled on a busy host: what ran then would count as ended threads' CPU) is
 * taken again, up to `tries` times; where none agreed, the whole is left unread (null:
 * what ended threads spent is then not told).
 * @param {number} pid @param {number} [tries]
 * @returns {ThreadCpu}
 */
export declare function readThreadCpuSteady(pid: number, tries?: number): ThreadCpu;
