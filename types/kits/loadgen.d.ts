/** The generator process. */
export declare const GENERATOR: string;
/** Grace the harness gives the generator past its own durationMs bound (start-up, drain, report). */
export declare const GRACE_MS = 15000;
export type LoadOptions = {
    /**
     * 'http://127.0.0.1:PORT' or 'http://[::1]:PORT' (loopback only)
     */
    origin: string;
    /**
     * default '/light'; '/' then visible ASCII (no spaces)
     */
    path?: string;
    /**
     * default 1
     */
    connections?: number;
    /**
     * default 1 (forced to 1 when keepAlive is false)
     */
    pipelining?: number;
    /**
     * default true; false: a new connection per request
     */
    keepAlive?: boolean;
    /**
     * most measured requests to send (required bound)
     */
    requests: number;
    /**
     * most wall time, warm-up included (required bound)
     */
    durationMs: number;
    /**
     * requests sent first and not measured, default 0
     */
    warmup?: number;
    /**
     * the warm-up's own time bound; when given, durationMs is the
     *          measured window alone, which starts when the warm-up ends
     *          (a slow warm-up never shortens it); when absent, durationMs
     *          bounds warm-up and measured window together
     */
    warmupMs?: number;
    /**
     * one-off requests at times after the measured start
     */
    extra?: ExtraRequest[];
    /**
     * how long to wait for in-flight requests past the bound, default 5000
     */
    drainMs?: number;
    /**
     * also return every answered request's latency (`latencySamples`,
     *          ms ascending): what merging several generators' results needs
     */
    samples?: boolean;
};
export type ExtraRequest = {
    path: string;
    /**
     * when it goes out, after the measured start
     */
    atMs: number;
    /**
     * default GET; POST, PUT and PATCH carry a small JSON body
     */
    method?: ExtraMethod;
    /**
     * header fields sent after Host (and Connection), as given:
     * a name (an RFC 9110 token) and a value of visible ASCII and spaces
     */
    headers?: [string, string][];
    /**
     * when given (before atMs): its connection opens then and carries
     *         a GET /light first (kept alive), the request goes on it at atMs
     *         (a reused connection); without it, a new connection at atMs
     */
    primeAtMs?: number;
};
export type ExtraMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'OPTIONS' | 'DELETE';
export type Latency = {
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    min: number;
};
export type LoadResult = {
    /**
     * measured requests answered (any status)
     */
    requests: number;
    /**
     * measured requests sent
     */
    sent: number;
    /**
     * by error code
     */
    errors: Record<string, number>;
    /**
     * by HTTP status
     */
    statusCodes: Record<string, number>;
    /**
     * measured window: measured start to the last main-loop completion
     */
    durationMs: number;
    /**
     * requests / measured window, per second
     */
    throughput: number;
    /**
     * ms, µs resolution; null when nothing was answered
     */
    latency: Latency | null;
    /**
     *   the one-off requests; firedMono: when each went out, on the monotonic clock every process
     *   reads alike (ms)
     */
    extra: {
        path: string;
        atMs: number;
        method?: ExtraMethod;
        headers?: [string, string][];
        primeAtMs?: number;
        firedMono?: number;
        latencyMs: number | null;
        status?: number;
        error?: string;
    }[];
    /**
     *   the generator's CPU over the measured window: the whole process (fraction = cpu / wall, JIT and GC
     *   threads included, so it can pass 1) and its main thread alone (Linux /proc; null elsewhere)
     */
    cpu: {
        userMs: number;
        systemMs: number;
        fraction: number;
        mainMs: number | null;
        mainFraction: number | null;
    };
    connections: number;
    /**
     * effective
     */
    pipelining: number;
    keepAlive: boolean;
    warmup: {
        requests: number;
        errors?: number;
    };
    /**
     * which bound ended the main loop
     */
    stoppedBy: 'requests' | 'duration';
    /**
     * with `samples: true`: each answered request's latency, ms ascending
     */
    latencySamples?: number[];
    /**
     * merged from this many generator processes (startLoadSessions)
     */
    generators?: number;
};
/** The methods an extra request may use. */
export declare const EXTRA_METHODS: readonly ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'OPTIONS', 'DELETE'];
/** The methods that carry a body (a small JSON one). */
export declare const BODY_METHODS: readonly string[];
/**
 * Is `h` a list of header fields an extra request may carry? @param {unknown} h
 */
export declare function validHeaders(h: unknown): boolean;
/**
 * Check a load description and fill in defaults. Throws on bad input.
 * @param {LoadOptions} o
 * @returns {Omit<Required<LoadOptions>, 'warmupMs'> & { warmupMs: number | null }}
 */
export declare function normalizeLoad(o: LoadOptions): Omit<Required<LoadOptions>, 'warmupMs'> & {
    warmupMs: number | null;
};
/**
 * Latency summary of ascending-sorted samples (nearest-rank percentiles, so
 * min ≤ p50 ≤ p90 ≤ p99 ≤ max always holds). Values rounded to 1 µs.
 * @param {ArrayLike<number>} sorted  ms, ascending
 * @returns {Latency | null}
 */
export declare function latencySummary(sorted: ArrayLike<number>): Latency | null;
/**
 * Run one load against a loopback server and return what the generator measured.
 * `cpus`: the generator's CPU list (see splitCpus); null or absent: the
 * context's default (the --cpus list if any, shared with the server).
 * @param {{ start: Function }} ctx   a harness context (only ctx.start is used)
 * @param {LoadOptions & { cpus?: number[] | null }} o
 * @returns {Promise<LoadResult>}
 */
export declare function runLoad(ctx: {
    start: Function;
}, { cpus, ...load }: LoadOptions & {
    cpus?: number[] | null;
}): Promise<LoadResult>;
/** How long a stopped generator or server may take to exit before its process group is killed. */
export declare const STOP_GRACE_MS = 5000;
/**
 * How long a generator or server kept for a claim's blocks may take to say
 * ready: the bound a server started for one block had for its whole life.
 */
export declare const READY_MS = 20000;
/** A session generator's bound, where its caller gives none: far above any block's loads. */
export declare const SESSION_MS = 180000;
/**
 * A generator process that stays up for several loads (every block of a
 * throughput claim): `run(load)` as runLoad, without a process start each
 * time. Loads run one at a time, in call order. `lifeMs` bounds its life.
 * @param {import('../context.js').Context} ctx
 * @param {{ cpus?: number[] | null, lifeMs?: number }} [o]
 */
export declare function startLoadSession(ctx: import('../context.js').Context, { cpus, lifeMs }?: {
    cpus?: number[] | null;
    lifeMs?: number;
}): Promise<{
    /** @param {LoadOptions} load */
    run(load: LoadOptions): Promise<any>;
    stop: () => Promise<void>;
    running: () => boolean;
    /** the generator's process id (its CPU, read by the harness from /proc) */
    pid: number | undefined;
}>;
/**
 * Several generator processes driven as one (a session each): every load is
 * split among them (connections, requests and warm-up, each process at
 * least one connection) and run by all at once, and their results merge into
 * one (mergeLoads). One generator process cannot use more than one core;
 * a server with more cores than that can take needs several.
 * @param {import('../context.js').Context} ctx
 * @param {{ cpus?: number[] | null, processes?: number, lifeMs?: number }} [o]
 */
export declare function startLoadSessions(ctx: import('../context.js').Context, { cpus, processes, lifeMs }?: {
    cpus?: number[] | null;
    processes?: number;
    lifeMs?: number;
}): Promise<{
    /** @param {LoadOptions} load */
    run(load: LoadOptions): Promise<any>;
    stop: () => Promise<void>;
    running: () => boolean;
    /** the generator's process id (its CPU, read by the harness from /proc) */
    pid: number | undefined;
    pids: (number | undefined)[];
}>;
/**
 * One load cut into n shares, one per generator process: connections,
 * requests and warm-up divided as evenly as whole numbers allow (the first
 * shares take the remainders), each share at least one connection and one
 * request; the bounds in time are each share's whole.
 * @param {LoadOptions} load @param {number} n
 * @returns {LoadOptions[]}
 */
export declare function splitLoad(load: LoadOptions, n: number): LoadOptions[];
/**
 * Several generators' results of one load as one: counts add up, the rate
 * is the sum of the rates, latencies are summarized over every answered
 * request (each result's `latencySamples`), the CPU adds up while `fraction`
 * is the busiest process's (what says whether a generator was the limit).
 * @param {LoadResult[]} results
 * @returns {LoadResult}
 */
export declare function mergeLoads(results: LoadResult[]): LoadResult;
/**
 * Where the server and the generator run. With two or more usable CPUs the
 * generator gets the last one and the server the rest, so the generator's
 * CPU does not come out of the server's; with one (or an unknown set) they
 * share, and null means "the context's default CPUs" for both.
 * @param {{ usable?: number[] | null }} ctx
 * @returns {{ server: number[] | null, generator: number[] | null, shared: boolean, note: string }}
 */
export declare function splitCpus(ctx: {
    usable?: number[] | null;
}): {
    server: number[] | null;
    generator: number[] | null;
    shared: boolean;
    note: string;
};
/**
 * Was the generator itself the bottleneck? True when its CPU time over the
 * measured window reached cpuFraction of one core. The generator is one
 * event loop and cannot use much more than one core, so near 1.0 it could
 * not have sent faster whatever the server did; 0.9 leaves room for the
 * idle gaps a saturated loop still shows (timer and I/O polling). Uses the
 * whole process's CPU, not the main thread's alone: pinned to one CPU, the
 * JIT and GC threads take their time from the loop's thread, and the larger
 * figure errs toward 'inconclusive' rather than a wrong verdict.
 * Specs then report 'inconclusive: generator CPU-bound'.
 * @param {{ cpu?: { fraction?: number } } | null | undefined} load  a LoadResult
 * @param {{ cpuFraction?: number }} [o]
 */
export declare function generatorBound(load: {
    cpu?: {
        fraction?: number;
    };
} | null | undefined, { cpuFraction }?: {
    cpuFraction?: number;
}): boolean;
/**
 * A wait up to this long counts as an answer at once (lightsWhile's
 * stalledMs): source 003's non-blocking server answered in 0.02 ms on
 * average and 12 ms at most; here an honest server's longest wait while a
 * worker computes was 13–25 ms, its median 0.5–1 ms.
 */
export declare const STALL_MS = 10;
/**
 * The main load's answered requests sent while an extra request was out
 * (`lightsDuring`), and in as long a stretch just before it was fired
 * (`lightsBefore`): how many, their median and longest wait, and their
 * waits beyond STALL_MS summed (`stalledMs`), all in ms; and how many
 * answers of any request came back in the middle half of the extra
 * request's time (`lightsDuring.answeredMid`). Where the server
 * keeps answering at once, `during` waits as `before` does; where it holds
 * its answers while the extra request's work runs, they wait for it.
 * @param {{ starts: number[], latencies: number[] }} answers  ms since the measured start
 * @param {{ firedAtMs?: number, latencyMs: number | null }} extra
 */
export declare function lightsWhile(answers: {
    starts: number[];
    latencies: number[];
}, extra: {
    firedAtMs?: number;
    latencyMs: number | null;
}): {
    lightsDuring?: undefined;
    lightsBefore?: undefined;
} | {
    lightsDuring: {
        n: number;
        p50: number | null;
        max: number | null;
        stalledMs: number;
        answeredMid: number;
    };
    lightsBefore: {
        n: number;
        p50: number | null;
        max: number | null;
        stalledMs: number;
    };
};
