export type Source = {
    /**
     * the source article, by file name
     */
    file: string;
    /**
     * where in it the claim is made
     */
    section: string;
    /**
     * the source's own figures, quoted, with its machine
     */
    figures: string | null;
    /**
     * the source's own table of results, as data, for the reports to show beside ours
     */
    table?: SourceTable;
};
export type SourceTable = {
    /**
     * how the source measured (tool, load, machine)
     */
    setup: string;
    /**
     * column headings
     */
    columns: string[];
    /**
     * one cell per column
     */
    rows: (string | number | null)[][];
};
export type Plan = {
    /**
     * a precondition is not met: why (a platform, a version, C − 1 = 0)
     */
    skip?: string;
    /**
     * the claim applies here but this machine cannot decide it: why, with the
     * figures (e.g. a measured parallelism too low to tell a speed-up); the
     * verdict is inconclusive, with no trial run
     */
    undecidable?: string;
    /**
     * as `undecidable`, for the timing only: why this machine cannot
     * decide it; the structural check's trials still run (up to its `need`),
     * and a structure that fails them fails the claim, else it is inconclusive
     */
    timingUndecidable?: string;
    /**
     * the timing is undecidable on the effective parallelism the run's
     * profile read: the engine reads it again at the claim's start and plans
     * again on that reading (the record's expectation.parallelismNow)
     */
    fromParallelism?: boolean;
    /**
     * overrides the spec's default for this machine
     */
    expected?: 'holds' | 'refuted';
    /**
     * the expectation in words, with the model's numbers for this machine
     */
    summary: string;
    /**
     * the model's prediction, as data
     */
    model?: object;
    /**
     * one trial: returns the raw observation
     */
    trial: (ctx: import('./context.js').Context, n: number) => Promise<any>;
    /**
     * timing-free yes/no per trial
     */
    structural?: (import('./verdict.js').StructuralPlan & {
        check: (obs: any) => import('./verdict.js').Check;
    });
    /**
     * a ratio per trial against the model
     */
    timing?: (import('./verdict.js').TimingPlan & {
        value: (obs: any) => number;
    });
    /**
     * default: the last timing look, else the structural cap
     */
    maxTrials?: number;
    /**
     * stops what the trials keep running between them (a throughput
     * claim's servers); called once the claim's trials are over, however they ended (once per sitting: engine.js)
     */
    end?: () => Promise<void>;
};
export type Spec = {
    /**
     * area-prefixed id, e.g. 'pool.fifth-lags'
     */
    id: string;
    /**
     * one line
     */
    title: string;
    /**
     * folder under specs/
     */
    area: string;
    /**
     * the claim, in our words
     */
    claim: string;
    /**
     * what is really true, per the catalogue
     */
    truth: string;
    /**
     * whether the claim holds as stated
     */
    expected: 'holds' | 'refuted';
    source: Source;
    /**
     * preconditions: 'linux', 'posix'
     */
    requires?: string[];
    /**
     * from TAGS
     */
    tags?: string[];
    /**
     * the Node versions the claim applies to, e.g. '>=22' or '20.x || >=24'; elsewhere it is skipped
     */
    node?: string;
    plan: (ctx: import('./context.js').Context) => Plan;
};
/**
 * @typedef {object} Source
 * @property {string} file        the source article, by file name
 * @property {string} section     where in it the claim is made
 * @property {string | null} figures  the source's own figures, quoted, with its machine
 * @property {SourceTable} [table] the source's own table of results, as data, for the reports to show beside ours
 *
 * @typedef {object} SourceTable   figures only, never the source's sentences
 * @property {string} setup        how the source measured (tool, load, machine)
 * @property {string[]} columns    column headings
 * @property {(string | number | null)[][]} rows  one cell per column
 *
 * @typedef {object} Plan          what a spec measures on this machine
 * @property {string} [skip]       a precondition is not met: why (a platform, a version, C − 1 = 0)
 * @property {string} [undecidable] the claim applies here but this machine cannot decide it: why, with the
 *                                 figures (e.g. a measured parallelism too low to tell a speed-up); the
 *                                 verdict is inconclusive, with no trial run
 * @property {string} [timingUndecidable] as `undecidable`, for the timing only: why this machine cannot
 *                                 decide it; the structural check's trials still run (up to its `need`),
 *                                 and a structure that fails them fails the claim, else it is inconclusive
 * @property {boolean} [fromParallelism] the timing is undecidable on the effective parallelism the run's
 *                                 profile read: the engine reads it again at the claim's start and plans
 *                                 again on that reading (the record's expectation.parallelismNow)
 * @property {'holds' | 'refuted'} [expected]  overrides the spec's default for this machine
 * @property {string} summary      the expectation in words, with the model's numbers for this machine
 * @property {object} [model]      the model's prediction, as data
 * @property {(ctx: import('./context.js').Context, n: number) => Promise<any>} trial  one trial: returns the raw observation
 * @property {(import('./verdict.js').StructuralPlan & { check: (obs: any) => import('./verdict.js').Check })} [structural]  timing-free yes/no per trial
 * @property {(import('./verdict.js').TimingPlan & { value: (obs: any) => number })} [timing]  a ratio per trial against the model
 * @property {number} [maxTrials]  default: the last timing look, else the structural cap
 * @property {() => Promise<void>} [end]  stops what the trials keep running between them (a throughput
 *                                 claim's servers); called once the claim's trials are over, however they ended (once per sitting: engine.js)
 *
 * @typedef {object} Spec
 * @property {string} id           area-prefixed id, e.g. 'pool.fifth-lags'
 * @property {string} title        one line
 * @property {string} area         folder under specs/
 * @property {string} claim        the claim, in our words
 * @property {string} truth        what is really true, per the catalogue
 * @property {'holds' | 'refuted'} expected  whether the claim holds as stated
 * @property {Source} source
 * @property {string[]} [requires] preconditions: 'linux', 'posix'
 * @property {string[]} [tags]     from TAGS
 * @property {string} [node]       the Node versions the claim applies to, e.g. '>=22' or '20.x || >=24'; elsewhere it is skipped
 * @property {(ctx: import('./context.js').Context) => Plan} plan
 */
/** The areas of the built-in catalogue: folders under specs/. Claim packs loaded with --specs may use their own. */
export declare const AREAS: string[];
/** Preconditions a spec may require. */
export declare const REQUIREMENTS: string[];
/** The tag vocabulary: what a tag says about a spec. */
export declare const TAGS: Readonly<{
    structural: "decided by timing-free evidence alone (FIFO parking, /proc, pids, event orders); without timing or throughput, it runs beside other such claims (--lanes)";
    timing: "judges a timing ratio (completion times, latencies) against the model";
    throughput: "compares throughputs in interleaved A/B blocks";
    'fifo-probe': "counts pool threads by parking them on named pipes";
    'thread-accounting': "reads per-thread CPU time from /proc";
    load: "drives a loopback HTTP server with the load generator";
    env: "about UV_THREADPOOL_SIZE and how it is read";
    dns: "about dns.lookup or dns.resolve*";
    version: "the truth depends on the Node or libuv version";
    'mostly-waits': "structural, and its trials spend most of their time waiting on a timer (a late reading, an idle timeout, a drawn hold): such claims run side by side in lanes of their own (--lanes)";
    'bounded-wait': "waits a bounded time for something a busy machine delays (a replacement worker to start and answer): it runs alone, never beside other claims";
}>;
/** Ids: lowercase words joined by '-', with at least one '.' (prefix.name). */
export declare const ID_PATTERN: RegExp;
/**
 * Declare a spec. Checks its shape at load time so a malformed spec fails
 * early, with the field named.
 * @param {Spec} spec
 * @returns {Readonly<Spec>}
 */
export declare function defineSpec(spec: Spec): Readonly<Spec>;
/**
 * The shape of a spec: what a runner needs to run it.
 * @param {any} spec
 * @param {{ areas?: readonly string[] | null }} [o] areas allowed (default AREAS; null: any well-formed area)
 * @returns {string[]} problems, each 'field: what is wrong'
 */
export declare function validateSpec(spec: any, { areas }?: {
    areas?: readonly string[] | null;
}): string[];
/**
 * What is wrong with a source's table (none: []).
 * @param {unknown} t
 * @returns {string[]}
 */
export declare function tableProblems(t: unknown): string[];
/**
 * Preconditions this environment does not meet, as a skip reason (or null):
 * the platform, and the Node version range of the binary under test.
 * @param {Pick<Spec, 'requires' | 'node'>} spec
 * @param {{ platform: string, node?: { version: string } }} env
 */
export declare function unmetRequirement(spec: Pick<Spec, 'requires' | 'node'>, env: {
    platform: string;
    node?: {
        version: string;
    };
}): string | null;
