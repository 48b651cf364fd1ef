import { buildProfile } from './profile.js';
/** Bad input from the user: reported as one line, exit 2. */
export declare class UsageError extends Error {
    name: string;
}
/** Work of one calibrated pbkdf2 task, in ms when it runs alone. */
export declare const TASK_MS = 120;
/** --quick: a shorter unit of pool work (the structure it is judged by does not need 120 ms). */
export declare const QUICK_TASK_MS = 60;
/**
 * Versions of a Node binary, asked of the binary itself.
 * @param {string} nodePath
 */
export declare function nodeInfo(nodePath: string): Promise<{
    path: string;
    execPath: any;
    version: any;
    major: number;
    v8: any;
    uv: any;
}>;
/** CPUs this process may run on (Linux), else null. */
export declare function allowedCpus(): number[] | null;
/**
 * The CPU list for `--cpus N`: the first N CPUs this process may use.
 * @param {number} n @param {number[] | null} allowed
 * @returns {{ list: number[] | null, skip: string | null }}
 */
export declare function selectCpus(n: number, allowed: number[] | null): {
    list: number[] | null;
    skip: string | null;
};
export type Context = Awaited<ReturnType<typeof createContext>>;
/**
 * @typedef {Awaited<ReturnType<typeof createContext>>} Context
 */
/**
 * @param {{ nodePath: string, cpus: number | null, signal?: AbortSignal, taskMs?: number, quick?: boolean }} o
 */
export declare function createContext({ nodePath, cpus, signal, quick, taskMs }: {
    nodePath: string;
    cpus: number | null;
    signal?: AbortSignal;
    taskMs?: number;
    quick?: boolean;
}): Promise<{
    node: {
        path: string;
        execPath: any;
        version: any;
        major: number;
        v8: any;
        uv: any;
    };
    platform: NodeJS.Platform;
    arch: NodeJS.Architecture;
    release: string;
    cpus: number[] | null;
    cpuMethod: string;
    requestedCpus: number | null;
    skipAll: string | null;
    /** --quick: specs take their fastest plan that keeps the error rates */
    quick: boolean;
    tmpdir: string;
    signal: AbortSignal | undefined;
    /** @type {ReturnType<typeof buildProfile> | null} */
    profile: ReturnType<typeof buildProfile> | null;
    cores: number;
    pbkdf2: {
        iterations: number;
        taskMs: number;
    };
    /**
     * Run a fixture under this context's Node binary and CPUs.
     * @param {string} fixture
     * @param {{ options?: object, env?: Record<string, string | undefined>, execArgv?: string[], timeoutMs?: number }} [o]
     */
    run(fixture: string, o?: {
        options?: object;
        env?: Record<string, string | undefined>;
        execArgv?: string[];
        timeoutMs?: number;
    }): Promise<any>;
    /**
     * Start a long-running fixture (a server, a load generator): it says
     * 'ready' with its data (e.g. a port) and runs until stop(). By default
     * under this context's Node and CPUs; `host: true` runs it under the Node
     * running the harness (the load generator is not what is under test), and
     * `cpus` pins it elsewhere.
     * @param {string} fixture
     * @param {{ options?: object, env?: Record<string, string | undefined>, execArgv?: string[], timeoutMs?: number, host?: boolean, cpus?: number[] | null, onMessage?: (data: any) => void }} [o]
     */
    start(fixture: string, o?: {
        options?: object;
        env?: Record<string, string | undefined>;
        execArgv?: string[];
        timeoutMs?: number;
        host?: boolean;
        cpus?: number[] | null;
        onMessage?: (data: any) => void;
    }): import("./isolate.js").FixtureHandle;
    /** CPUs the fixtures may use: the --cpus list, else every allowed CPU (null where unknown). */
    usable: number[] | null;
    dispose(): void;
}>;
/**
 * The environment part of the record.
 * @param {Context} ctx
 */
export declare function describeEnvironment(ctx: Context): {
    platform: NodeJS.Platform;
    arch: NodeJS.Architecture;
    release: string;
    node: {
        path: any;
        version: any;
        v8: any;
        uv: any;
    };
    hostNode: {
        version: string;
    };
    cpus: {
        requested: number | null;
        list: number[] | null;
        method: string;
    };
    quick: boolean;
};
