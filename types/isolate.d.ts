export declare const FIXTURES: string;
/** Variables that would change what we measure: never inherited. */
export declare const CLEARED: string[];
/**
 * Of those, the ones a user's service may run with: what `--inherit-env`
 * takes from the harness's own environment as settings in force.
 */
export declare const INHERITABLE: string[];
/**
 * The harness's own plumbing (coverage, the IPC channel, cluster workers'
 * ids): a fixture given them would talk to the wrong process or write
 * coverage for us, so they are never settings in force.
 */
export declare const HARNESS_OWN: string[];
/** Kill every running trial's process group (SIGKILL). Safe to call anytime. */
export declare function killAll(): void;
/**
 * The command that ends a process tree on Windows.
 * @param {number} pid
 * @returns {[string, string[]]}
 */
export declare function windowsTreeKill(pid: number): [string, string[]];
/**
 * The environment a fixture sees, in layers: PATH and a few harmless
 * variables; io_uring off so fs requests go through the pool; the settings
 * in force for the run (`--env`, `--inherit-env`); then the spec's own. A
 * spec's `undefined` means "the spec does not set it": the layer below stays.
 * With `plain` (a process started as a user's shell starts one: RunOptions
 * `plain`) the harness's own default, UV_USE_IO_URING=0, is left out: only
 * the shell's variables, the settings in force and the spec's own (a spec
 * that needs the 0 on the Node binaries that route fs requests to io_uring by
 * default gives it itself: kits/pool.js plainIoUring).
 * @param {Record<string, string | undefined>} [spec]  the spec's env for this fixture
 * @param {Record<string, string>} [settings]          the settings in force
 * @param {{ plain?: boolean }} [how]
 */
export declare function fixtureEnv(spec?: Record<string, string | undefined>, settings?: Record<string, string>, { plain }?: {
    plain?: boolean;
}): Record<string, string>;
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
    /**
     * the spec's own (undefined: not set by the spec)
     */
    env?: Record<string, string | undefined>;
    /**
     * the settings in force for the run, below the spec's env
     */
    settings?: Record<string, string>;
    execArgv?: string[];
    /**
     * CPU list for taskset (Linux)
     */
    cpus?: number[] | null;
    /**
     * run it in a network namespace of its own (netns.js), these
     *      addresses on its loopback besides 127.0.0.1 and ::1
     */
    ownNetwork?: string[];
    timeoutMs?: number;
    /**
     * a service that has not said 'ready' by then is killed (its life's
     *           bound, timeoutMs, may be far longer: it serves many trials)
     */
    readyMs?: number;
    signal?: AbortSignal;
    /**
     * called with the data of each 'message' a service sends (request/response sessions)
     */
    onMessage?: (data: any) => void;
    /**
     * look at the fixture's main thread from here this often (main-watch.js);
     *       the looks come back with the result as mainLooks
     */
    watchMainMs?: number;
    /**
     * list the fixture's threads from here this often (thread-watch.js
     *    watchThreads): the most of them one look saw comes back as threadsMost
     */
    watchThreadsMs?: number;
    /**
     * start it as a user's shell starts a program: no IPC channel (a
     *            program that looks for one, process.send, finds none) and none of
     *            the harness's own defaults in its environment (fixtureEnv), no
     *            descriptor beyond stdin, stdout and stderr (as a shell's program:
     *            a descriptor more would tell it from one); its messages go as JSON
     *            lines on its stdout, the harness's to it as JSON lines on its
     *            stdin (fixtures/lib/report.cjs, told so by the option
     *            `harnessLines` in its JSON argument), and it is watched and
     *            killed as any other (its process group)
     */
    plain?: boolean;
};
export type FixtureResult = {
    data: any;
    durationMs: number;
    mainLooks?: import('./main-watch.js').Looks;
    threadsMost?: number | null;
};
/**
 * @typedef {object} RunOptions
 * @property {string} node               Node binary
 * @property {string} fixture            file under fixtures/ (or an absolute path)
 * @property {unknown} [options]         passed as JSON in argv[2]
 * @property {Record<string, string | undefined>} [env]   the spec's own (undefined: not set by the spec)
 * @property {Record<string, string>} [settings]         the settings in force for the run, below the spec's env
 * @property {string[]} [execArgv]
 * @property {number[] | null} [cpus]    CPU list for taskset (Linux)
 * @property {string[]} [ownNetwork]    run it in a network namespace of its own (netns.js), these
 *                                       addresses on its loopback besides 127.0.0.1 and ::1
 * @property {number} [timeoutMs]
 * @property {number} [readyMs]          a service that has not said 'ready' by then is killed (its life's
 *                                       bound, timeoutMs, may be far longer: it serves many trials)
 * @property {AbortSignal} [signal]
 * @property {(data: any) => void} [onMessage]  called with the data of each 'message' a service sends (request/response sessions)
 * @property {number} [watchMainMs]      look at the fixture's main thread from here this often (main-watch.js);
 *                                       the looks come back with the result as mainLooks
 * @property {number} [watchThreadsMs]   list the fixture's threads from here this often (thread-watch.js
 *                                       watchThreads): the most of them one look saw comes back as threadsMost
 * @property {boolean} [plain]           start it as a user's shell starts a program: no IPC channel (a
 *                                       program that looks for one, process.send, finds none) and none of
 *                                       the harness's own defaults in its environment (fixtureEnv), no
 *                                       descriptor beyond stdin, stdout and stderr (as a shell's program:
 *                                       a descriptor more would tell it from one); its messages go as JSON
 *                                       lines on its stdout, the harness's to it as JSON lines on its
 *                                       stdin (fixtures/lib/report.cjs, told so by the option
 *                                       `harnessLines` in its JSON argument), and it is watched and
 *                                       killed as any other (its process group)
 */
/**
 * @typedef {{ data: any, durationMs: number, mainLooks?: import('./main-watch.js').Looks, threadsMost?: number | null }} FixtureResult
 *   mainLooks: with RunOptions.watchMainMs; threadsMost: with RunOptions.watchThreadsMs
 */
/**
 * Run one fixture to completion and return what it reported.
 * @param {RunOptions} o
 * @returns {Promise<FixtureResult>}
 */
export declare function runFixture(o: RunOptions): Promise<FixtureResult>;
export type FixtureHandle = {
    pid: number | undefined;
    /**
     * data of the fixture's 'ready' message (a service: its port, say)
     */
    ready: Promise<any>;
    /**
     * its final report, at exit
     */
    result: Promise<FixtureResult>;
    send: (message: object) => void;
    /**
     * ask it to finish (message
     * 'stop'), then its result; with graceMs, its process group is killed if it has not exited by then
     */
    stop: (graceMs?: number) => Promise<FixtureResult>;
    /**
     * its process has not exited yet
     */
    running: () => boolean;
};
/**
 * @typedef {object} FixtureHandle
 * @property {number | undefined} pid
 * @property {Promise<any>} ready       data of the fixture's 'ready' message (a service: its port, say)
 * @property {Promise<FixtureResult>} result  its final report, at exit
 * @property {(message: object) => void} send
 * @property {(graceMs?: number) => Promise<FixtureResult>} stop  ask it to finish (message
 *   'stop'), then its result; with graceMs, its process group is killed if it has not exited by then
 * @property {() => boolean} running   its process has not exited yet
 */
/**
 * Start a fixture: a one-shot trial, or a service that says 'ready' and runs
 * until asked to stop. Either way it ends with one 'result' (or 'error')
 * message, and its whole process group is killed when it exits, times out,
 * or the run is aborted.
 * @param {RunOptions} o
 * @returns {FixtureHandle}
 */
export declare function startFixture(o: RunOptions): FixtureHandle;
