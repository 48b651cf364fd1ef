export type RunOptions = {
    /**
     * the fixture's JSON argument (tmpdir is added)
     */
    options?: object;
    env?: Record<string, string | undefined>;
    execArgv?: string[];
    timeoutMs?: number;
    /**
     * run it on these CPUs (taskset, Linux) instead of the run's own
     */
    cpus?: number[];
    /**
     * run it in a network namespace of its own, these addresses on its
     *  loopback (netns.js: callers check ownNetworkProblem() first)
     */
    ownNetwork?: string[];
    /**
     * list the fixture's threads from outside this often: the most of
     * them one look saw joins what it reported as threadsMost
     */
    watchThreadsMs?: number;
    /**
     * start it as a user's shell does: no IPC channel, none of the harness's
     *        own defaults in its environment (isolate.js RunOptions `plain`)
     */
    plain?: boolean;
    /**
     * look at the fixture's main thread from outside this often: the
     *   looks join what it reported as mainLooks, on its clock (it reports
     *   t0Mono and its pid)
     */
    watchMainMs?: number;
};
export type StartOptions = RunOptions & {
    host?: boolean;
    cpus?: number[] | null;
    onMessage?: (data: any) => void;
    readyMs?: number;
};
export type Launcher = {
    /**
     *   trial n's raw observation (live: the plan's own trial)
     */
    trial: (plan: import('./spec.js').Plan, ctx: import('./context.js').Context, n: number, spec: import('./spec.js').Spec) => Promise<any>;
    /**
     * whether trial n can be had
     * (a replay: whether the record has it); absent where every trial can be run
     */
    hasTrial?: (spec: import('./spec.js').Spec, n: number) => boolean;
    /**
     * the effective
     * parallelism read at the claim's start where the launcher keeps it (a replay: the record's; engine.js
     * reads it by the profile's probe where this is absent)
     */
    parallelismNow?: (spec: import('./spec.js').Spec) => number | null;
    /**
     *   run a fixture under the machine's Node and CPUs; resolves with what it reported
     */
    run: (fixture: string, o?: RunOptions) => Promise<any>;
    /**
     *   start a long-running fixture (a server, a load generator) that says 'ready' and runs until stop()
     */
    start: (fixture: string, o?: StartOptions) => import('./isolate.js').FixtureHandle;
    /**
     * a scratch directory for fixtures (FIFOs, files)
     */
    tmpdir: string;
    /**
     * aborts every fixture of the run
     */
    signal?: AbortSignal;
    /**
     * remove what the launcher made
     */
    dispose: () => void;
};
/**
 * The real launcher for a machine: each fixture in a fresh process under the
 * machine's Node binary, pinned to its CPU list, with the settings in force
 * (machine.env) under the spec's own env. A `host` fixture (the load
 * generator) is the harness's instrument, not the service under test: it runs
 * without them, so a user's NODE_OPTIONS cannot slow the measuring side.
 * @param {{ machine: import('./machine.js').Machine, signal?: AbortSignal }} o
 * @returns {Launcher}
 */
export declare function createLauncher({ machine, signal }: {
    machine: import('./machine.js').Machine;
    signal?: AbortSignal;
}): Launcher;
/**
 * Do `fn` with a real launcher for the machine, and remove what the launcher
 * made afterwards, whatever happens.
 * @template T
 * @param {{ machine: import('./machine.js').Machine, signal?: AbortSignal }} o
 * @param {(launcher: Launcher) => Promise<T>} fn
 * @returns {Promise<T>}
 */
export declare function withLauncher<T>(o: {
    machine: import('./machine.js').Machine;
    signal?: AbortSignal;
}, fn: (launcher: Launcher) => Promise<T>): Promise<T>;
/**
 * Replays recorded samples: trial n of a claim is the n-th sample recorded
 * for it; past the last one, EndOfSamples (the engine makes that claim
 * inconclusive, and `ended` lists it). Nothing runs.
 * @param {Map<string, any[]> | Record<string, any[]>} samplesById
 * @param {Map<string, number | null>} [parallelismById]  the effective parallelism each claim read
 *   at its start, as recorded (expectation.parallelismNow)
 * @returns {Launcher & { ended: Set<string> }}
 */
export declare function replayLauncher(samplesById: Map<string, any[]> | Record<string, any[]>, parallelismById?: Map<string, number | null>): Launcher & {
    ended: Set<string>;
};
