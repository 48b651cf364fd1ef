/**
 * Run a fixture to its end (ctx.start) and, each time it says 'held', take
 * look(pid, message) then, before answering it: the fixture goes on only
 * after. Resolves with what it reported and what each look read, in order
 * (null for one that threw; none where it never said 'held').
 * @template T
 * @param {import('../context.js').Context} ctx @param {string} fixture
 * @param {import('../launcher.js').RunOptions} o
 * @param {(pid: number, message: any) => T} look
 * @returns {Promise<{ data: any, looks: (T | null)[] }>}
 */
export declare function runWithLook<T>(ctx: import('../context.js').Context, fixture: string, o: import('../launcher.js').RunOptions, look: (pid: number, message: any) => T): Promise<{
    data: any;
    looks: (T | null)[];
}>;
/**
 * The threads of process `pid` blocked in a system call other than an idle
 * wait (idle), read from outside it now: the count of each call they are in
 * ('openat', 'read', …). Threads on a CPU (or runnable) are not blocked;
 * io_uring's kernel workers are left out. null where the threads cannot be
 * read (not Linux, an architecture proc.cjs does not name calls on, gone).
 * @param {number} pid
 * @param {{ tasks?: (pid: number) => string[], wait?: (pid: number, tid: number) => string | null, kernel?: (pid: number, tid: number) => boolean | null }} [read]  (tests)
 * @returns {Record<string, number> | null}
 */
export declare function busyCalls(pid: number, { tasks, wait, kernel }?: {
    tasks?: (pid: number) => string[];
    wait?: (pid: number, tid: number) => string | null;
    kernel?: (pid: number, tid: number) => boolean | null;
}): Record<string, number> | null;
/**
 * What thread `tid` of process `pid` has read so far, from outside it
 * (/proc/<pid>/task/<tid>/io): its read system calls (syscr) and the bytes
 * they returned (rchar), of files, pipes and eventfds alike; null where it
 * cannot be read (not Linux, gone, no permission).
 * @param {number} pid @param {number} [tid]  default: the main thread
 * @param {(file: string) => string} [read]  (tests)
 * @returns {{ syscr: number, rchar: number } | null}
 */
export declare function threadReads(pid: number, tid?: number, read?: (file: string) => string): {
    syscr: number;
    rchar: number;
} | null;
