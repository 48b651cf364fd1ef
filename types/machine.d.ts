export type NodeInfo = {
    /**
     * the binary as given
     */
    path: string;
    /**
     * the binary as it reports itself
     */
    execPath: string;
    /**
     * e.g. '20.20.2'
     */
    version: string;
    major: number;
    v8: string;
    uv: string;
};
export type Machine = {
    node: NodeInfo;
    platform: string;
    arch: string;
    release: string;
    /**
     * the --cpus list fixtures are pinned to, or null
     */
    cpus: number[] | null;
    cpuMethod: 'taskset' | 'none';
    /**
     * the --cpus count asked for
     */
    requestedCpus: number | null;
    /**
     * --quick: specs take their fastest plan that keeps the error rates
     */
    quick: boolean;
    /**
     * --source-loads: the cluster throughput claims also run their source's own load
     */
    sourceLoads?: boolean;
    profile: import('./profile.js').Profile | null;
    /**
     * C
     */
    cores: number;
    /**
     * one calibrated pool task, and the speed reference at the speed the task was timed at
     */
    pbkdf2: {
        iterations: number;
        taskMs: number;
        referenceMs?: number | null;
    };
    /**
     * CPUs the fixtures may use: the --cpus list, else every allowed CPU (null where unknown)
     */
    usable: number[] | null;
    /**
     * the settings in force: variables every fixture runs with ({} when none)
     */
    env: Record<string, string>;
    /**
     * P, the pool size the model uses under those settings
     */
    poolSize: number;
    /**
     * how poolSize was found
     */
    poolSizeFrom: PoolSizeFrom;
    /**
     * the open-file limit fixtures run under (null: unknown or unlimited)
     */
    openFiles: number | null;
};
export type PoolSizeFrom = 'default' | 'measured' | 'libuv rule';
/** libuv's pool size when UV_THREADPOOL_SIZE is not set. */
export declare const LIBUV_DEFAULT_POOL = 4;
/**
 * Versions of a Node binary, asked of the binary itself.
 * @param {string} nodePath
 * @returns {Promise<NodeInfo>}
 */
export declare function nodeInfo(nodePath: string): Promise<NodeInfo>;
/** CPUs this process may run on (Linux), else null. */
export declare function allowedCpus(): number[] | null;
/**
 * The CPU list for `--cpus N`: the first N CPUs this process may use. Where
 * affinity cannot be set, `--cpus` cannot be honoured: a usage error.
 * @param {number} n @param {number[] | null} allowed
 * @returns {number[]}
 */
export declare function selectCpus(n: number, allowed: number[] | null): number[];
/**
 * The open-file limit a fixture runs under: the hard limit, since Node raises
 * its soft limit to the hard one at start-up. Null where /proc does not say
 * (not Linux) or there is no limit.
 * @param {() => string} [readLimits] the text of /proc/self/limits
 * @returns {number | null}
 */
export declare function openFileLimit(readLimits?: () => string): number | null;
/**
 * Probe the machine for one environment: the Node binary's versions, the CPU
 * list, the profile (measured by fixtures/profile-probe.cjs under that Node
 * and those CPUs) and the pool size under the settings in force.
 * @param {{ nodePath: string, cpus: number | null, quick?: boolean, sourceLoads?: boolean, signal?: AbortSignal, taskMs?: number,
 *   env?: Record<string, string> }} o  env: the settings in force
 * @returns {Promise<Machine>}
 */
export declare function probeMachine(o: {
    nodePath: string;
    cpus: number | null;
    quick?: boolean;
    sourceLoads?: boolean;
    signal?: AbortSignal;
    taskMs?: number;
    env?: Record<string, string>;
}): Promise<Machine>;
/**
 * The Node binary's versions as its profile probe reported them, or null
 * where the report lacks them.
 * @param {string} nodePath @param {any} probe
 * @returns {NodeInfo | null}
 */
export declare function probedNode(nodePath: string, probe: any): NodeInfo | null;
/**
 * The pool size the settings in force give: libuv's default without
 * UV_THREADPOOL_SIZE; for a plain number (up to 4 digits) libuv's rule, which
 * every version reads alike. That size is what the claims are then checked
 * against, so it must not be measured: a measurement would adopt a pool that
 * ignores the setting (which the claims exist to catch). Odd values (signs,
 * letters, long strings) are read differently across versions (see
 * pool.env-parsing): those are counted once by the exact FIFO probe under the
 * settings; where there are no FIFOs (Windows), libuv's rule.
 * @param {{ env: Record<string, string>, platform: string, run: import('./launcher.js').Launcher['run'] }} o
 * @returns {Promise<{ poolSize: number, poolSizeFrom: PoolSizeFrom }>}
 */
export declare function poolInForce({ env, platform, run }: {
    env: Record<string, string>;
    platform: string;
    run: import('./launcher.js').Launcher['run'];
}): Promise<{
    poolSize: number;
    poolSizeFrom: PoolSizeFrom;
}>;
/**
 * libuv's reading of UV_THREADPOOL_SIZE: atoi into an unsigned int, 0 → 1,
 * clamped to 1024 (the fallback where the pool cannot be counted). The rule
 * is the fixtures' own (fixtures/lib/park.cjs, which parks that many), so
 * the model and the fixtures read a setting alike.
 * @param {string} raw
 * @returns {number}
 */
export declare function libuvPoolSize(raw: string): number;
/**
 * The machine a record was made on, from its environment and profile: what
 * re-judging plans with. Nothing is probed.
 * @param {any} record
 * @returns {Machine}
 */
export declare function machineFromRecord(record: any): Machine;
/**
 * The environment part of the record.
 * @param {Machine} machine
 */
export declare function describeEnvironment(machine: Machine): {
    platform: string;
    arch: string;
    release: string;
    node: {
        path: string;
        version: string;
        v8: string;
        uv: string;
    };
    hostNode: {
        version: string;
    };
    cpus: {
        requested: number | null;
        list: number[] | null;
        method: "none" | "taskset";
    };
    quick: boolean;
    sourceLoads?: boolean | undefined;
    env: {
        [x: string]: string;
    };
    poolSize: number;
    poolSizeFrom: PoolSizeFrom;
    openFiles: number | null;
};
