import http from 'node:http';
/** Source 004 (cluster module tutorial, Express + loadtest on the author's machine). */
export declare const SOURCE_004: {
    file: string;
};
/** The fixture every cluster spec starts (the ABBA blocks' arms too). */
export declare const FIXTURE = "cluster-server.cjs";
/**
 * Workers for a structural cluster spec: max(2, C), capped at 4 (more only
 * lengthens the start-up; two already show sharing, four show more of it).
 * @param {{ cores: number }} ctx
 */
export declare function clusterSize(ctx: {
    cores: number;
}): number;
/**
 * Start the cluster, run fn with its ready data and handle, then stop it (also
 * on error). Returns fn's value and the primary's final report.
 * @template T
 * @param {import('../context.js').Context} ctx
 * @param {{ workers: number, iterations?: number, refork?: boolean, schedPolicy?: 'rr' | 'none' }} options
 * @param {(info: any, handle: import('../isolate.js').FixtureHandle) => Promise<T>} fn
 * @returns {Promise<{ value: T, info: any, final: any }>}
 */
export declare function withCluster<T>(ctx: import('../context.js').Context, options: {
    workers: number;
    iterations?: number;
    refork?: boolean;
    schedPolicy?: 'rr' | 'none';
}, fn: (info: any, handle: import('../isolate.js').FixtureHandle) => Promise<T>): Promise<{
    value: T;
    info: any;
    final: any;
}>;
export type Reply = {
    status?: number;
    pid?: number;
    body?: any;
    error?: string;
    ms: number;
    t: number;
};
/**
 * @typedef {{ status?: number, pid?: number, body?: any, error?: string, ms: number, t: number }} Reply
 *   t: when the request was sent (performance.now())
 */
/**
 * One GET to 127.0.0.1:port. Never rejects: a failure is { error: code }.
 * @param {number} port @param {string} path
 * @param {{ agent?: http.Agent | false, timeoutMs?: number }} [o]  agent false: a new connection
 * @returns {Promise<Reply>}
 */
export declare function get(port: number, path: string, { agent, timeoutMs }?: {
    agent?: http.Agent | false;
    timeoutMs?: number;
}): Promise<Reply>;
/**
 * n GETs one after another, each on a new connection (no keep-alive): each
 * is a fresh accept() in the primary, so each is one scheduling decision.
 * @param {number} port @param {string} path @param {number} n
 */
export declare function getMany(port: number, path: string, n: number): Promise<Reply[]>;
/**
 * Responses per worker pid (failures under 'error').
 * @param {Reply[]} replies
 * @returns {Record<string, number>}
 */
export declare function countPids(replies: Reply[]): Record<string, number>;
/**
 * Whether a process is still there (signal 0).
 * @param {number} pid
 */
export declare function alive(pid: number): boolean;
/**
 * Ask the primary to SIGKILL a worker and wait (bounded) until the process is
 * gone: reaped by the primary, which records 'exit' as it reaps it.
 * @param {import('../isolate.js').FixtureHandle} handle @param {number} pid
 * @param {{ timeoutMs?: number }} [o]
 */
export declare function killWorker(handle: import('../isolate.js').FixtureHandle, pid: number, { timeoutMs }?: {
    timeoutMs?: number;
}): Promise<boolean>;
/**
 * The cluster events the primary recorded for one worker, by name.
 * @param {any[]} events @param {number} pid
 */
export declare function eventsOf(events: any[], pid: number): any[];
/**
 * A steady, bounded request loop: `connections` clients, each sending GETs one
 * after another on new connections, until `until()` says stop, maxRequests
 * were sent or maxMs passed. A failed request waits pauseMs before the next
 * (a refused connect returns at once: no busy spin).
 * @param {number} port
 * @param {{ path?: string, connections?: number, maxRequests: number, maxMs: number, pauseMs?: number, until?: (r: Reply[]) => boolean, onReply?: (r: Reply, all: Reply[]) => void }} o
 */
export declare function steadyLoop(port: number, { path, connections, maxRequests, maxMs, pauseMs, until, onReply }: {
    path?: string;
    connections?: number;
    maxRequests: number;
    maxMs: number;
    pauseMs?: number;
    until?: (r: Reply[]) => boolean;
    onReply?: (r: Reply, all: Reply[]) => void;
}): Promise<{
    replies: Reply[];
    sent: number;
    ms: number;
}>;
