export declare const FIXTURES: string;
/** Variables that would change what we measure: never inherited. */
export declare const CLEARED: string[];
/** A fixture broke: crashed, hung, or reported an error. */
export declare class FixtureError extends Error {
    stderr: string;
    /** @param {string} message @param {{ stderr?: string }} [extra] */
    constructor(message: string, extra?: {
        stderr?: string;
    });
}
/** Kill every running trial's process group (SIGKILL). Safe to call anytime. */
export declare function killAll(): void;
/**
 * The environment a fixture sees: PATH and a few harmless variables, the
 * measurement-relevant ones set on purpose (io_uring off so fs requests go
 * through the pool), then the spec's own.
 * @param {Record<string, string | undefined>} [extra]
 */
export declare function fixtureEnv(extra?: Record<string, string | undefined>): Record<string, string>;
export type RunOptions = {
    /**
     * Node binary
     */
    node: string;
    /**
     * file under fixtures/ (or an absolute path)
     */
    fixture: string;
    /**
     * passed as JSON in argv[2]
     */
    options?: unknown;
    env?: Record<string, string | undefined>;
    execArgv?: string[];
    /**
     * CPU list for taskset (Linux)
     */
    cpus?: number[] | null;
    timeoutMs?: number;
    signal?: AbortSignal;
    /**
     * called with the data of each 'message' a service sends (request/response sessions)
     */
    onMessage?: (data: any) => void;
};
/**
 * @typedef {object} RunOptions
 * @property {string} node               Node binary
 * @property {string} fixture            file under fixtures/ (or an absolute path)
 * @property {unknown} [options]         passed as JSON in argv[2]
 * @property {Record<string, string | undefined>} [env]
 * @property {string[]} [execArgv]
 * @property {number[] | null} [cpus]    CPU list for taskset (Linux)
 * @property {number} [timeoutMs]
 * @property {AbortSignal} [signal]
 * @property {(data: any) => void} [onMessage]  called with the data of each 'message' a service sends (request/response sessions)
 */
/**
 * Run one fixture to completion and return what it reported.
 * @param {RunOptions} o
 * @returns {Promise<{ data: any, durationMs: number }>}
 */
export declare function runFixture(o: RunOptions): Promise<{
    data: any;
    durationMs: number;
}>;
export type FixtureHandle = {
    pid: number | undefined;
    /**
     * data of the fixture's 'ready' message (a service: its port, say)
     */
    ready: Promise<any>;
    /**
     * its final report, at exit
     */
    result: Promise<{
        data: any;
        durationMs: number;
    }>;
    send: (message: object) => void;
    /**
     * ask it to finish (message 'stop'), then its result
     */
    stop: () => Promise<{
        data: any;
        durationMs: number;
    }>;
};
/**
 * @typedef {object} FixtureHandle
 * @property {number | undefined} pid
 * @property {Promise<any>} ready       data of the fixture's 'ready' message (a service: its port, say)
 * @property {Promise<{ data: any, durationMs: number }>} result  its final report, at exit
 * @property {(message: object) => void} send
 * @property {() => Promise<{ data: any, durationMs: number }>} stop  ask it to finish (message 'stop'), then its result
 */
/**
 * Start a fixture: a one-shot trial, or a service that says 'ready' and runs
 * until asked to stop. Either way it ends with one 'result' (or 'error')
 * message, and its whole process group is killed when it exits, times out,
 * or the run is aborted.
 * @param {RunOptions} o
 * @returns {FixtureHandle}
 */
export declare function startFixture({ node, fixture, options, env, execArgv, cpus, timeoutMs, signal, onMessage }: RunOptions): FixtureHandle;
