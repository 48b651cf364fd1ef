/**
 * A count drawn at random by the harness for one trial, in [lo, hi]
 * (crypto.randomInt): how many operations a fixture makes, unknown to it before.
 * @param {{ lo: number, hi: number }} r
 */
export declare const drawCount: (r: {
    lo: number;
    hi: number;
}) => number;
/**
 * A size in bytes drawn at random by the harness for one trial, log-uniform in [lo, hi]
 * (crypto.randomInt, a million steps): as many small sizes as large ones on a log scale.
 * @param {{ lo: number, hi: number }} r
 */
export declare const drawBytes: (r: {
    lo: number;
    hi: number;
}) => number;
/**
 * How many times each of the pool's threads of process `pid` has been put on a
 * CPU so far (/proc/<pid>/task/<tid>/schedstat, its third field), read from
 * outside it: the threads not there at the fixture's start (`before`, tasksNow)
 * or named 'libuv-worker' (libuv 1.50 on), io_uring's kernel workers left out,
 * as proc.poolThreadIds has them from inside. null where they cannot be read.
 * @param {number} pid @param {Set<number>} before
 * @param {{ tasks?: (pid: number) => string[], read?: (file: string) => string, kernel?: (pid: number, tid: number) => boolean | null }} [io]  (tests)
 * @returns {Record<string, number> | null}
 */
export declare function poolRunsNow(pid: number, before: Set<number>, { tasks, read, kernel }?: {
    tasks?: (pid: number) => string[];
    read?: (file: string) => string;
    kernel?: (pid: number, tid: number) => boolean | null;
}): Record<string, number> | null;
/**
 * The wake-ups of the pool's threads over a free-pool phase, from the harness's
 * two readings (poolRunsNow at 'free-start' and 'free-end'): the threads read at
 * both, the times they were put on a CPU in between (threads 0: none found). null
 * where either is missing.
 * @param {Record<string, number> | null | undefined} start @param {Record<string, number> | null | undefined} end
 * @returns {{ threads: number, wakeups: number } | null}
 */
export declare function wakeupsBetween(start: Record<string, number> | null | undefined, end: Record<string, number> | null | undefined): {
    threads: number;
    wakeups: number;
} | null;
/**
 * One trial of fixtures/net-probe.cjs as kits/network.js netProbeTrial runs it
 * (its threads watched, a bare Node's count beside), and, on Linux, with the
 * harness's own looks (fixtures/lib/look.cjs): the process's threads before it
 * uses the pool, then the pool's run counts at either end of each free-pool
 * phase. `outsideFree`: phase -> { threads, wakeups } (wakeupsBetween), read by
 * the harness, not reported by the fixture; absent off Linux.
 * @param {import('../context.js').Context} ctx @param {object} options
 * @param {(ctx: import('../context.js').Context) => Promise<number | null>} bare
 * @param {{ ownNetwork?: string[] }} [run]  how the fixture runs besides (launcher.js RunOptions)
 */
export declare function netProbeTrialLooking(ctx: import('../context.js').Context, options: object, bare: (ctx: import('../context.js').Context) => Promise<number | null>, run?: {
    ownNetwork?: string[];
}): Promise<any>;
/**
 * The pool requests of one operation's warm-up (obs.warmPool[op]): its first
 * use, one call, before the pool is parked. Honest, for a GET by IP and for a
 * resolve4: none (Node 20.20, 2 CPUs, quiet and beside two busy loops: 0 in
 * every run, over 130 trials). A stock of ids made on the pool at the first call
 * (net-request-id-stock, resolve-id-stock) makes 1–2 here.
 * @param {any} obs @param {string} op @param {string} what  the call, e.g. 'GET by IP'
 * @returns {{ ok: boolean, text: string } | null}
 */
export declare function warmPoolUse(obs: any, op: string, what: string): {
    ok: boolean;
    text: string;
} | null;
/**
 * The pool requests made while every pool thread was parked (obs.heldPool,
 * from the parkers' last to the release), beside the control's: fs.access (or
 * fs.stat, in records from before it) makes one fs request of its own and may;
 * any other request was the operations'. Honest: the control's FSREQPROMISE
 * alone (24–48 GETs by IP or resolve4: 0 more in every run, over 130 trials quiet
 * and beside two busy loops, Node 20.20, 2 CPUs). A request or
 * query that queues pool work for what it took (a refill of a stock of ids)
 * makes one or more: net-request-id-stock one per request, resolve-id-stock its
 * bulk refill once the stock runs low.
 * @param {any} obs @param {string} what  the operations, e.g. '31 GETs by IP'
 * @returns {{ ok: boolean, text: string } | null}
 */
export declare function heldPoolUse(obs: any, what: string): {
    ok: boolean;
    text: string;
} | null;
/**
 * k operations at once with the pool started and free (every thread asleep,
 * none parked: the fixture's freePoolIp, or freePool for resolves): the pool
 * requests they made (async_hooks) and how many times the pool's threads were
 * put on a CPU meanwhile (/proc schedstat; null where unread: left out).
 * Honest for 24–48 undelayed GETs by IP: 0 requests, 0 wake-ups in every run
 * (Node 20.20, 2 CPUs, quiet and beside two busy loops: over 70 trials). One pool
 * request per request taken (net-request-id-stock): k requests, about 2k wake-ups.
 * @param {any} free @param {string} what  e.g. 'GETs by IP'
 * @returns {{ ok: boolean, text: string } | null}
 */
export declare function freePoolUse(free: any, what: string): {
    ok: boolean;
    text: string;
} | null;
/**
 * The pool's wake-ups over a free-pool phase as the harness read them from
 * outside the fixture (obs.outsideFree[phase], netProbeTrialLooking): its own
 * reading of what freePoolUse takes from the fixture's report. Honest: 0 in
 * every run measured (24–48 GETs by IP, 48–96 resolve4; Node 20.20, 2 CPUs, quiet
 * and beside two busy loops: over 130 trials, 4 threads read each time). A pool
 * request per operation wakes a thread for each (net-request-id-stock: 39–50 for
 * 30–35 GETs); a stock's bulk refill wakes one or two
 * (resolve-id-stock, at the 49th query). null where it was not read (not Linux,
 * a reading missing, older records): left out.
 * @param {any} obs @param {string} phase  'ip' or 'resolve' @param {string} what
 * @returns {{ ok: boolean, text: string } | null}
 */
export declare function outsideFreeUse(obs: any, phase: string, what: string): {
    ok: boolean;
    text: string;
} | null;
/**
 * Requests of another kind that a net-probe.cjs trial makes while every pool thread is
 * parked, from the moment the server holds all the GETs by IP (net.not-pool-bound):
 * 'tls', GETs over https to 127.0.0.1 (the client trusting the loopback certificate as its
 * `ca`; the handshake runs on the calling thread), and 'bulk', POSTs with a body and an
 * answer of sizes the harness drew (each side's socket writes of 64 KiB and more). What the
 * harness asked is obs.asked (count, or [up, down] per POST, attached by the trial, never
 * read from the fixture): all of them ended before the release, none failed, and, for
 * 'bulk', the bytes the receiving ends counted are the ones drawn. Honest (Node 20.20,
 * 2 CPUs, 25 trials, 10 beside two busy loops): 1–3 https GETs ended 12–39 ms into the
 * 150 ms hold, a POST of 64 KiB–1 MiB each way by 11–34 ms (Node 22, 24, 26 alike); work
 * that waits for a pool thread (tls-ca-reread's CA file read before the TLS connect,
 * net-bulk-write-pool's large writes on the pool) ended only after the release, 156–158 ms.
 * On a slower host beside two busy loops (§52) an honest POST of 180 KiB–1 MiB up ended at
 * 177–218 ms, after the release, its main thread having waited 95–121 ms of the hold for a
 * CPU: `late` marks such a part (all made, ended whole and without error, some after the
 * release), which the claim voids only where the machine kept the fixture from its CPU.
 * null where the harness asked none (older records): left out.
 * @param {any} obs @param {'tls' | 'bulk'} kind
 * @returns {{ ok: boolean, late?: boolean, text: string } | null}
 */
export declare function parkedKindEnded(obs: any, kind: 'tls' | 'bulk'): {
    ok: boolean;
    late?: boolean;
    text: string;
} | null;
