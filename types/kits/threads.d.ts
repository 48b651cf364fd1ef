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
export declare function threadReads(pid: number, { tasks, io }?: {
    tasks?: (pid: number) => string[];
    io?: (pid: number, tid: string) => string;
}): {
    main: number;
    others: number;
    threads: number;
} | null;
/**
 * The Node options process `pid` runs with beyond a plain start: its
 * NODE_OPTIONS (from /proc/<pid>/environ, as it was at exec) and the flags
 * before the script on its command line (/proc/<pid>/cmdline), as text;
 * null where there are none, or where they cannot be read (not Linux).
 * Read by the harness, not reported by the process.
 * @param {number} pid
 * @param {{ environ?: (pid: number) => string, cmdline?: (pid: number) => string }} [read]  (tests)
 * @returns {string | null}
 */
export declare function nodeOptionsOf(pid: number, { environ, cmdline, }?: {
    environ?: (pid: number) => string;
    cmdline?: (pid: number) => string;
}): string | null;
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
/**
 * The threads of process `pid` asleep in an event loop's wait for events
 * now (proc.threadWait: epoll_wait and its kin), by thread id, read from
 * outside it. A libuv loop sleeps there whenever it has nothing to run,
 * and every JavaScript thread (the main one, each Worker) has its own.
 * null where the main thread's system call cannot be read (not Linux,
 * another architecture, no permission); a thread gone meanwhile is left out.
 * @param {number} pid
 * @param {{ tasks?: (pid: number) => string[], wait?: (pid: number, tid: number) => string | null }} [read]  (tests)
 * @returns {number[] | null}
 */
export declare function eventLoops(pid: number, { tasks, wait }?: {
    tasks?: (pid: number) => string[];
    wait?: (pid: number, tid: number) => string | null;
}): number[] | null;
/**
 * The program's threads of process `pid` now: every thread but io_uring's
 * kernel workers (their task flag; a thread gone meanwhile is left out),
 * counted from outside. null where they cannot be listed.
 * @param {number} pid
 * @param {{ tasks?: (pid: number) => string[], kernel?: (pid: number, tid: number) => boolean | null }} [read]  (tests)
 */
export declare function threadCount(pid: number, { tasks, kernel }?: {
    tasks?: (pid: number) => string[];
    kernel?: (pid: number, tid: number) => boolean | null;
}): number | null;
/**
 * The children of process `pid` now: those each of its threads started
 * (/proc/<pid>/task/<tid>/children), or, on a kernel without those files,
 * every process whose parent it is (each /proc/<n>/stat); [] where neither can be read.
 * @param {number} pid
 * @returns {number[]}
 */
export declare function childrenOf(pid: number): number[];
/**
 * The processes process `pid` started, read from outside it: those alive now
 * (`alive`, childrenOf), and the CPU of those that ended and were waited for
 * (`endedCpuMs`: cutime + cstime of /proc/<pid>/stat, in 10 ms ticks; a Node
 * process takes some 40 ms to start). null where they cannot be read.
 * @param {number} pid
 * @param {{ stat?: (pid: number) => string, children?: (pid: number) => number[] }} [read]  (tests)
 * @returns {{ alive: number[], endedCpuMs: number } | null}
 */
export declare function childProcesses(pid: number, { stat, children }?: {
    stat?: (pid: number) => string;
    children?: (pid: number) => number[];
}): {
    alive: number[];
    endedCpuMs: number;
} | null;
/**
 * The threads Node keeps with this context's settings (its binary, flags,
 * environment, CPUs) after the pool uses fixtures/main-thread.cjs makes, and
 * nothing of a program's own: fixtures/bare-threads.cjs, counted from
 * outside while it waits. null where they cannot be read.
 * @param {import('../context.js').Context} ctx
 * @returns {Promise<number | null>}
 */
export declare function bareThreadCount(ctx: import('../context.js').Context): Promise<number | null>;
/**
 * A program's threads (counted from outside: `count`, read `when`) against a
 * bare Node's with the same settings after a pool use (bareThreadCount), as
 * a part; null where either was not read. A thread the program keeps to
 * itself (a JavaScript thread asleep outside any event loop, stand-ins
 * parked where the pool's threads should be, a pool started larger than it
 * says) shows here: more threads than Node keeps. Measured on Node 20–26:
 * main, its platform's workers and helpers, and the pool, the same count in
 * both (BENCHMARKS.md §46).
 * @param {number | null | undefined} count @param {number | null | undefined} bare @param {string} when
 * @returns {{ ok: boolean, detail: string } | null}
 */
export declare function beyondBare(count: number | null | undefined, bare: number | null | undefined, when: string): {
    ok: boolean;
    detail: string;
} | null;
/**
 * bareThreadCount once for all of a claim's trials: the count depends on the
 * settings alone, not on the trial. A trial calls the returned function.
 * @returns {(ctx: import('../context.js').Context) => Promise<number | null>}
 */
export declare function bareThreadsOnce(): (ctx: import('../context.js').Context) => Promise<number | null>;
/**
 * One trial of fixtures/main-thread.cjs, held open once it has reported
 * (options.hold) so that the harness reads its threads' read counts, then
 * stopped: the fixture's report, with `reads` (threadReads; null off Linux),
 * and what the harness saw of its threads from outside: those that came and
 * went between its start and its report (`threadsCameAndWent`, of
 * `threadsSeen`: watchThreads) and those waiting in an event loop once it
 * had reported (`loops`: eventLoops); each null where it cannot be read.
 * `parkNew`: the fixture also parks a pool request on each pool thread and
 * says how many of the threads its first pool use started took one
 * (`newParked`, of `poolParked`). `watch`: the threads watched from outside
 * (main-thread.single; the others do not pay for it): besides, how many
 * threads the program had once it had reported (`threadsAtReport`,
 * threadCount) against a bare Node's with the same settings
 * (`bareThreads`, bareThreadCount, started once the fixture has stopped),
 * and the processes it started (`children`: childProcesses).
 * Where Node options are in force (`nodeOptions`, nodeOptionsOf), the
 * watch's readings are null.
 * @param {import('../context.js').Context} ctx
 * @param {{ parkNew?: boolean, watch?: boolean, bare?: (ctx: import('../context.js').Context) => Promise<number | null> }} [o]
 *   bare: the bare Node's count (bareThreadsOnce's, for a claim's trials; else one per trial)
 */
export declare function mainThreadTrial(ctx: import('../context.js').Context, { parkNew, watch: watching, bare }?: {
    parkNew?: boolean;
    watch?: boolean;
    bare?: (ctx: import('../context.js').Context) => Promise<number | null>;
}): Promise<any>;
