/**
 * Run a fixture to its end (ctx.start) and, each time it says 'held', take
 * look(pid, message) then, before answering it: the fixture goes on only
 * after. Resolves with the run's result (what it reported, the threads
 * watched) and what each look read, in order (null for one that threw; none
 * where it never said 'held').
 * @template T
 * @param {import('../context.js').Context} ctx @param {string} fixture
 * @param {import('../launcher.js').RunOptions} o
 * @param {(pid: number, message: any) => T} look
 * @returns {Promise<{ data: any, threadsMost?: number | null, looks: (T | null)[] }>}
 */
export declare function runWithLook<T>(ctx: import('../context.js').Context, fixture: string, o: import('../launcher.js').RunOptions, look: (pid: number, message: any) => T): Promise<{
    data: any;
    threadsMost?: number | null;
    looks: (T | null)[];
}>;
/**
 * The context `c` with its start() tapped: each message of a fixture started through it
 * goes first to `tap(pid, message, handle)`, with the pid the spawn gave (not one a message
 * names), then, unless `tap` returns true (it took the message: answered it itself), to the
 * caller's own onMessage. `options` adds to the fixture's JSON argument.
 * @param {import('../context.js').Context} c
 * @param {(pid: number, message: any, handle: import('../isolate.js').FixtureHandle) => boolean | void} tap
 * @param {object} [options]
 * @returns {import('../context.js').Context}
 */
export declare function tappedStart(c: import('../context.js').Context, tap: (pid: number, message: any, handle: import('../isolate.js').FixtureHandle) => boolean | void, options?: object): import('../context.js').Context;
/**
 * The threads of process `pid` now (their ids), read from outside it; null
 * where they cannot be read (not Linux, gone). Taken before a fixture starts
 * its pool, it names the threads that are not the pool's (busyCalls `before`).
 * @param {number} pid @param {(pid: number) => string[]} [tasks]  (tests)
 * @returns {Set<number> | null}
 */
export declare function tasksNow(pid: number, tasks?: (pid: number) => string[]): Set<number> | null;
/**
 * The threads of process `pid` blocked in a system call other than an idle
 * wait (idle), read from outside it now: the count of each call they are in
 * ('openat', 'read', …). Threads on a CPU (or runnable) are not blocked;
 * io_uring's kernel workers are left out. With `before` (tasksNow, read before
 * the process started its pool), only the pool's threads count: those not
 * there then, or named 'libuv-worker' (libuv 1.50 on: a pool started before
 * it) — as proc.poolThreadIds has them from inside; a V8 platform worker
 * caught in mmap or write is not a pool thread at work. null where the
 * threads cannot be read (not Linux, an architecture proc.cjs does not name
 * calls on, gone).
 * @param {number} pid
 * @param {{ before?: Set<number> | null, tasks?: (pid: number) => string[], wait?: (pid: number, tid: number) => string | null, kernel?: (pid: number, tid: number) => boolean | null, name?: (pid: number, tid: number) => string | null }} [read]  (tests: all but before)
 * @returns {Record<string, number> | null}
 */
export declare function busyCalls(pid: number, { before, tasks, wait, kernel, name, }?: {
    before?: Set<number> | null;
    tasks?: (pid: number) => string[];
    wait?: (pid: number, tid: number) => string | null;
    kernel?: (pid: number, tid: number) => boolean | null;
    name?: (pid: number, tid: number) => string | null;
}): Record<string, number> | null;
/**
 * What thread `tid` of process `pid` has read so far (its task's io file), from outside it
 * (/proc/<pid>/task/<tid>/io): its read system calls (syscr) and the bytes
 * they returned (rchar), of files, pipes and eventfds alike; null where it
 * cannot be read (not Linux, gone, no permission).
 * @param {number} pid @param {number} [tid]  default: the main thread
 * @param {(file: string) => string} [read]  (tests)
 * @returns {{ syscr: number, rchar: number } | null}
 */
export declare function taskIo(pid: number, tid?: number, read?: (file: string) => string): {
    syscr: number;
    rchar: number;
} | null;
