/** The thread ids of process `pid` (/proc/<pid>/task); throws where they cannot be read. @param {number} pid */
export declare const listTasks: (pid: number) => string[];
export type ThreadSpan = {
    tid: number;
    firstMs: number;
    lastMs: number;
};
export type ThreadLives = {
    looks: number;
    seen: number;
    cameAndWent: ThreadSpan[];
};
export type Life = {
    firstMs: number;
    lastMs: number;
    kernel: boolean | null;
};
/**
 * @typedef {{ tid: number, firstMs: number, lastMs: number }} ThreadSpan  a thread seen from firstMs to lastMs
 *   (ms since the watch began)
 * @typedef {{ looks: number, seen: number, cameAndWent: ThreadSpan[] }} ThreadLives  how many looks were read,
 *   how many of the program's threads they saw, and those of them gone by the last look
 * @typedef {{ firstMs: number, lastMs: number, kernel: boolean | null }} Life  kernel: one of io_uring's
 *   workers (null: not read yet)
 */
/**
 * Watch the threads of process `pid` from outside it (/proc/<pid>/task)
 * every `everyMs` until stop(), which looks once more and says which of the
 * program's threads were seen and then gone by then. A JavaScript thread
 * that ends (a Worker, terminated) leaves nothing in the process to read
 * afterwards; only a look while it lived sees it, and a Worker lives for
 * tens of ms. io_uring's kernel workers (iou-wrk-*, iou-sqp-*: the kernel
 * starts and ends them) are left out by their task flag, read when first seen.
 * Looks that cannot be read (the process gone, not Linux) are skipped;
 * stop() gives null where the last one could not be read.
 * @param {number} pid
 * @param {{ everyMs?: number, tasks?: (pid: number) => string[], kernel?: (pid: number, tid: number) => boolean | null, now?: () => number }} [o]
 *   tasks, kernel (is the thread io_uring's), now: injectable (tests)
 * @returns {{ stop: () => ThreadLives | null, most: () => number | null }}
 */
export declare function watchThreads(pid: number, { everyMs, tasks, kernel, now }?: {
    everyMs?: number;
    tasks?: (pid: number) => string[];
    kernel?: (pid: number, tid: number) => boolean | null;
    now?: () => number;
}): {
    stop: () => ThreadLives | null;
    most: () => number | null;
};
/**
 * What the looks saw: the program's threads and those of them not there at
 * the last look. io_uring's are left out, and so is a thread whose flag was
 * never read: it ended in the moment between the listing that first showed
 * it and that read, which cannot say whose it was (a rare race: a Worker
 * lives for tens of ms, and looks every few ms read its flag while it lives).
 * @param {Map<number, Life>} lives @param {Set<number>} last @param {number} looks
 * @returns {ThreadLives}
 */
export declare function livesOf(lives: Map<number, Life>, last: Set<number>, looks: number): ThreadLives;
