import { watchThreads, livesOf } from '../thread-watch.js';
/**
 * One field of the text of a /proc io file (rchar, wchar, syscr, ...); null if absent.
 * @param {string} text @param {string} name
 */
export declare function ioField(text: string, name: string): number | null;
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
export { watchThreads, livesOf };
/**
 * How many event loops (epoll instances: proc.eventPollFds) process `pid`
 * has now, read from outside it; null where it cannot be read (not Linux,
 * the process gone) or `pid` is undefined (the fixture not started).
 * @param {number | undefined} pid
 * @param {{ eventPollFds?: (pid: number) => number[] | null }} [read]  (tests)
 * @returns {number | null}
 */
export declare function pollsOf(pid: number | undefined, { eventPollFds }?: {
    eventPollFds?: (pid: number) => number[] | null;
}): number | null;
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
export declare function threadCount(pid: number, read?: {
    tasks?: (pid: number) => string[];
    kernel?: (pid: number, tid: number) => boolean | null;
}): number | null;
/**
 * The program's threads of process `pid` now, by id: every thread but
 * io_uring's kernel workers (threadCount's). null where they cannot be listed.
 * @param {number} pid
 * @param {{ tasks?: (pid: number) => string[], kernel?: (pid: number, tid: number) => boolean | null }} [read]  (tests)
 * @returns {number[] | null}
 */
export declare function programThreads(pid: number, { tasks, kernel }?: {
    tasks?: (pid: number) => string[];
    kernel?: (pid: number, tid: number) => boolean | null;
}): number[] | null;
/**
 * The children of process `pid` now: those each of its threads started
 * (/proc/<pid>/task/<tid>/children), or, on a kernel without those files,
 * every process whose parent it is (each /proc/<n>/stat); [] where neither can be read.
 * @param {number} pid
 * @returns {number[]}
 */
export declare function childrenOf(pid: number): number[];
/**
 * The launched process read from outside, by the pid its spawn gave (not one a report
 * names): the processes it has started that are alive now (`children`, childrenOf), and
 * which of the thread ids `tids` (a report's) are not among its threads (`foreign`:
 * /proc/<pid>/task lists them). A program that runs itself again as a child process and
 * relays the child's report names the child's pid and threads, and has a child. null
 * where its threads cannot be listed (not Linux, the process gone).
 * @param {number | undefined} pid @param {unknown} [tids]
 * @param {{ tasks?: (pid: number) => string[], children?: (pid: number) => number[] }} [read]  (tests)
 * @returns {{ pid: number, children: number[], foreign: number[] } | null}
 */
export declare function launchedReading(pid: number | undefined, tids?: unknown, { tasks, children }?: {
    tasks?: (pid: number) => string[];
    children?: (pid: number) => number[];
}): {
    pid: number;
    children: number[];
    foreign: number[];
} | null;
/**
 * The part that says a fixture's report is the launched process's own (launchedReading):
 * the pid it reports is the one the harness spawned, every thread it names is one of that
 * process's, and it has started no process (the fixtures that use it start none: honest,
 * no child and no foreign thread, every trial). Under Node options (`optioned`) its
 * children are not judged: a preload may start one. null where the reading was not taken.
 * A program that re-executes itself in place (process.execve, Node 22.15+) keeps its pid
 * and starts no child, which this cannot see; it cannot report either: its channel to the
 * harness is close-on-exec (test/threads.test.js).
 * @param {{ pid: number, children: number[], foreign: number[] } | null | undefined} reading
 * @param {unknown} reportedPid @param {boolean} [optioned]  Node options in force
 * @returns {{ ok: boolean, detail: string } | null}
 */
export declare function launchedPart(reading: {
    pid: number;
    children: number[];
    foreign: number[];
} | null | undefined, reportedPid: unknown, optioned?: boolean): {
    ok: boolean;
    detail: string;
} | null;
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
 * The event loops (epoll instances, pollsOf) a bare Node keeps with this
 * context's settings after a pool use, read as bareThreadCount reads its
 * threads: 3 on Node 20, 22, 24 and 26 (the main loop's and Node's own). A
 * program with more runs loops of its own (Workers), whenever it started
 * them. null where they cannot be read.
 * @param {import('../context.js').Context} ctx
 * @returns {Promise<number | null>}
 */
export declare function barePollCount(ctx: import('../context.js').Context): Promise<number | null>;
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
/** barePollCount once for all of a claim's trials, as bareThreadsOnce. */
export declare function barePollsOnce(): (ctx: import('../context.js').Context) => Promise<number | null>;
/**
 * Where each of threads `tids` of process `pid` waits now, read from outside
 * (proc.threadWait: 'epoll:<fd>' in an event loop, 'futex', 'running', …; null
 * where it cannot be read, the thread gone); null off Linux or where the
 * fixture named none.
 * @param {number} pid @param {unknown} tids
 * @param {(pid: number, tid: number) => string | null} [wait]  (tests)
 * @returns {{ tid: number, wait: string | null }[] | null}
 */
export declare function startedWaits(pid: number, tids: unknown, wait?: (pid: number, tid: number) => string | null): {
    tid: number;
    wait: string | null;
}[] | null;
export type StartedThread = {
    tid: number;
    /**
     * its name (comm): 'libuv-worker' for the pool's from libuv 1.50 on, 'node' before; null where unread
     */
    name: string | null;
    /**
     * its on-CPU time since it started (schedstat); null where unread
     */
    cpuMs: number | null;
    /**
     * bytes its read-like system calls took in since it started (task io); null where unread
     */
    rchar: number | null;
    /**
     * its minor page faults since it started (minflt of its task stat); null where unread
     */
    faults?: number | null;
    /**
     * where it waits now (proc.threadWait: 'epoll:<fd>' in an event loop, 'futex', …); null where unread
     */
    wait: string | null;
};
/**
 * @typedef {object} StartedThread  one thread of process `pid`, read from outside it
 * @property {number} tid
 * @property {string | null} name  its name (comm): 'libuv-worker' for the pool's from libuv 1.50 on, 'node' before; null where unread
 * @property {number | null} cpuMs  its on-CPU time since it started (schedstat); null where unread
 * @property {number | null} rchar  bytes its read-like system calls took in since it started (task io); null where unread
 * @property {number | null} [faults]  its minor page faults since it started (minflt of its task stat); null where unread
 * @property {string | null} wait  where it waits now (proc.threadWait: 'epoll:<fd>' in an event loop, 'futex', …); null where unread
 */
/**
 * What each of threads `tids` of process `pid` has done since it started,
 * read from outside it: its name, CPU, bytes read, minor page faults and where it waits now
 * (StartedThread). A thread gone meanwhile is left out; the process's own
 * (main) thread too. null off Linux or where the fixture named none.
 * @param {number} pid @param {unknown} tids
 * @param {{ name?: (pid: number, tid: number) => string | null, cpuNs?: (tid: number, pid: number) => number,
 *   io?: (pid: number, tid: number) => string, wait?: (pid: number, tid: number) => string | null,
 *   stat?: (pid: number, tid: number) => string }} [read]  (tests)
 * @returns {StartedThread[] | null}
 */
export declare function startedActivity(pid: number, tids: unknown, { name, cpuNs, io, wait, stat, }?: {
    name?: (pid: number, tid: number) => string | null;
    cpuNs?: (tid: number, pid: number) => number;
    io?: (pid: number, tid: number) => string;
    wait?: (pid: number, tid: number) => string | null;
    stat?: (pid: number, tid: number) => string;
}): StartedThread[] | null;
/**
 * What each thread of process `pid` outside `poolStarted` (the threads its
 * first pool use started) has done since it started, read from outside it
 * (startedActivity): Node's own, there before that use (V8's platform
 * workers, its delayed-task scheduler, its signal and inspector thread), and
 * any the program started at its load or after. The main thread is left out.
 * null off Linux, where the threads cannot be listed or `poolStarted` was not
 * reported.
 * @param {number} pid @param {unknown} poolStarted
 * @param {{ list?: (pid: number) => number[] | null, activity?: typeof startedActivity }} [read]  (tests)
 * @returns {StartedThread[] | null}
 */
export declare function otherActivity(pid: number, poolStarted: unknown, { list, activity }?: {
    list?: (pid: number) => number[] | null;
    activity?: typeof startedActivity;
}): StartedThread[] | null;
/**
 * Thread `tid` of process `pid`'s minor page faults so far, read from outside
 * it (minflt of its task stat); null where unreadable (the thread gone, not Linux).
 * @param {number} pid @param {number} tid
 * @param {(pid: number, tid: number) => string} [read]  its stat's text (tests)
 */
export declare function threadFaults(pid: number, tid: number, read?: (pid: number, tid: number) => string): number | null;
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
 * (`newParked`, of `poolParked`), and the harness reads where each of the
 * threads it started waits once it has reported (`poolWaits`: startedWaits).
 * `watch`: the threads watched from outside
 * (main-thread.single; the others do not pay for it): besides, how many
 * threads the program had once it had reported (`threadsAtReport`,
 * threadCount) against a bare Node's with the same settings
 * (`bareThreads`, bareThreadCount, started once the fixture has stopped),
 * and the processes it started (`children`: childProcesses).
 * Where Node options are in force (`nodeOptions`, nodeOptionsOf), the
 * watch's readings are null.
 * `pollsAcross`: the fixture waits for the harness's word before its first
 * pool use (options.gate), and the harness counts the process's epoll
 * instances (pollsOf, from outside) then and once it has reported, and a
 * bare Node's with the same settings once it has stopped (`barePolls`):
 * `pollsAcross` { before, after, bare }, each null where it cannot be read
 * (`before` also where the fixture went on without the word: its
 * `unanswered`; `after` is read once it has reported, whenever that was), and
 * all null where Node options are in force (nodeOptionsOf, read by the
 * harness from /proc at exec, which the fixture cannot change): a preload
 * runs in every Worker too, and may start a Worker of its own (a loop) at
 * the first pool use; `pollsAcross.nodeOptions` then says which options.
 * With parkNew and the watch, the harness also measures what a fresh page
 * costs its own main thread once the fixture has stopped (`faultCpuUs`:
 * pages.cjs mainThreadFaultPrice; null where no probe gave a price).
 * `launched`: the process the harness spawned read once it has reported (`launched`:
 * launchedReading of the threads its pool's start added; null off Linux).
 * @param {import('../context.js').Context} ctx
 * @param {{ parkNew?: boolean, watch?: boolean, pollsAcross?: boolean, bare?: (ctx: import('../context.js').Context) => Promise<number | null>,
 *   barePolls?: (ctx: import('../context.js').Context) => Promise<number | null>, launched?: boolean }} [o]
 *   bare, barePolls: the bare Node's counts (bareThreadsOnce's and barePollsOnce's, for a claim's trials; else one per trial)
 */
export declare function mainThreadTrial(ctx: import('../context.js').Context, { parkNew, watch: watching, pollsAcross, bare, barePolls, launched, }?: {
    parkNew?: boolean;
    watch?: boolean;
    pollsAcross?: boolean;
    bare?: (ctx: import('../context.js').Context) => Promise<number | null>;
    barePolls?: (ctx: import('../context.js').Context) => Promise<number | null>;
    launched?: boolean;
}): Promise<any>;
