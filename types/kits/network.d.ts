/** Operations per trial. */
export declare const N = 8;
/** Server delay of the loopback /delay endpoint. */
export declare const DELAY_MS = 30;
/**
 * How long the pool stays parked: five times the server's delay, three times
 * the latest a request by IP finished (48 ms beside two unpinned busy loops,
 * 38 ms inside a 1-CPU quota, 37 ms quiet), so an operation that does not
 * need the pool finishes well inside it on a busy machine.
 */
export declare const HOLD_MS = 150;
/**
 * The control, a pool request that must wait for the release: fs.access
 * (never sent to io_uring), or in records from before it was, fs.stat.
 * @param {any} ops  a trial's operations
 * @returns {{ op: any, call: string }}
 */
export declare function controlOp(ops: any): {
    op: any;
    call: string;
};
/**
 * The plan's `undecidable` (to spread into it) where the fs.stat beside the
 * held lookups (pool.dns-half-cap, pool.slow-io-cap-n1: the claim's own
 * words, or the pool's free threads it shows) may not go to the pool at all
 * (kits/io-uring.js fsOnRing); {} elsewhere.
 * @param {import('../context.js').Context} ctx
 */
export declare function statOffPool(ctx: import('../context.js').Context): {
    undecidable: string;
} | {
    undecidable?: undefined;
};
/**
 * Why a trial shows nothing (its control failed), or null. Such a trial is
 * void: it counts neither for nor against the claim.
 * @param {any} obs
 */
export declare function controlProblem(obs: any): string | null;
/**
 * The probe's thread count beside a bare Node's, said where it was read and
 * within it (poolNotHeld says it where it was not): '; threads at once: …',
 * or ''.
 * @param {any} obs
 */
export declare function threadsSaid(obs: any): string;
/** How often the harness lists a net probe's threads (watchThreads): a thread living 2 ms is seen. */
export declare const THREAD_LOOK_MS = 2;
/**
 * One trial of fixtures/net-probe.cjs with these options, its threads
 * listed from outside while it runs (`threadsMost`: the most one look saw)
 * and a bare Node's with the same settings beside (`bareThreads`, from
 * `bare`: bareThreadsOnce's, one count per claim).
 * @param {import('../context.js').Context} ctx @param {object} options
 * @param {(ctx: import('../context.js').Context) => Promise<number | null>} bare
 */
export declare function netProbeTrial(ctx: import('../context.js').Context, options: object, bare: (ctx: import('../context.js').Context) => Promise<number | null>): Promise<any>;
/**
 * Whether the pool was really all held while the operations ran, from the
 * fixture's census of the process's own pool (Linux): every pool thread
 * blocked in open(2), and none put on a CPU in the window (a count of
 * wake-ups, not a time: the smallest job counts). A pool thread that ran
 * could have served the requests, so "they finished while the pool was busy"
 * would not follow; nor where the program had more threads at once than a
 * bare Node keeps (netProbeTrial, beyondBare): a spare pool thread started
 * before the census looked, stand-ins parked in its place. Returns what went
 * wrong, or null (also where there is no census: the FIFO count and the
 * fs.access control are then the evidence).
 * @param {any} obs
 */
export declare function poolNotHeld(obs: any): string | null;
/**
 * The timing channel of a network spec: R = median time of one operation
 * kind / time the pool was held, in the same trial.
 * @param {{ op: string, what: string, claim: number, alternatives: Record<string, number> }} o
 */
export declare function heldRatio({ op, what, claim, alternatives }: {
    op: string;
    what: string;
    claim: number;
    alternatives: Record<string, number>;
}): {
    statistic: string;
    description: string;
    claim: number;
    alternatives: Record<string, number>;
    looks: readonly number[];
    alpha: number;
    value: (/** @type {any} */ obs: any) => number;
};
/**
 * Whether every lookup of a gate case went to libuv as a getaddrinfo request
 * before the count was taken (the fixture's `requested`, async_hooks
 * GETADDRINFOREQWRAP): held threads show libuv's cap only where more
 * lookups were asked of libuv than it let run. null where not counted
 * (records from before it was).
 * @param {{ requested?: number }} s @param {number} lookups
 * @returns {{ ok: boolean, text: string } | null}
 */
export declare function lookupsRequested(s: {
    requested?: number;
}, lookups: number): {
    ok: boolean;
    text: string;
} | null;
/**
 * The check of a trial that holds lookups at the HOSTALIASES gate, from each
 * case's reading: where a case saw no lookup reach the gate, nothing was
 * measured and the trial counts neither way; else it holds when every case did.
 * @param {{ good: boolean, reached: boolean, text: string }[]} cases
 * @returns {{ ok: boolean, invalid?: boolean, detail: string }}
 */
export declare function gateCheck(cases: {
    good: boolean;
    reached: boolean;
    text: string;
}[]): {
    ok: boolean;
    invalid?: boolean;
    detail: string;
};
/**
 * Why this machine cannot hold dns.lookup()s at a HOSTALIASES gate safely, or null:
 * glibc reads the file HOSTALIASES names inside getaddrinfo, so a FIFO there holds
 * the lookup's pool thread in open(2) (fixtures/lib/park.cjs gate()).
 * @param {{ arch: string }} ctx
 */
export declare function gateUnavailable(ctx: {
    arch: string;
}): string | null;
