/**
 * The time one claim may take, all its trials together, on a 2-core machine.
 * Not enforced: `--verify` reports how close the slowest run came.
 */
export declare const CLAIM_BUDGET_MS = 60000;
/**
 * The options of a run that shape its verdicts, as command-line arguments
 * (for the command that reproduces one claim).
 * The settings in force are given as --env, as they were in force, whether
 * they came from --env or --inherit-env (the shell may differ next time).
 * @param {{ quick?: boolean, strict?: boolean, lanes?: number, cpus?: number[] | null, nodes?: string[], specDirs?: string[],
 *   expectations?: string | null, env?: Record<string, string> }} opts
 */
export declare function reproduceArgs(opts: {
    quick?: boolean;
    strict?: boolean;
    lanes?: number;
    cpus?: number[] | null;
    nodes?: string[];
    specDirs?: string[];
    expectations?: string | null;
    env?: Record<string, string>;
}): string[];
/** Quote an argument for a POSIX shell when needed. @param {string} s */
export declare function shellQuote(s: string): string;
/** How to invoke the CLI from cwd. @param {string} cwd */
export declare function cliCommand(cwd: string): "node harness/cli.js" | "npx node-concurrency-spec";
export type Environment = {
    nodePath: string;
    cpus: number | null;
    tag: string;
};
/**
 * One environment of one run, through the engine: probe the machine, run the
 * specs, return the record.
 * @typedef {{ nodePath: string, cpus: number | null, tag: string }} Environment
 * @param {{ env: Environment, specs: import('./spec.js').Spec[], quick: boolean, sourceLoads?: boolean, strict: boolean, lanes?: number,
 *   expectations: { file: string, entries: import('./expectations.js').Entry[] } | null, signal?: AbortSignal,
 *   settings?: Record<string, string> }} o  settings: the settings in force
 */
export declare function runEnvironment({ env, specs, quick, sourceLoads, strict, lanes, expectations, signal, settings, }: {
    env: Environment;
    specs: import('./spec.js').Spec[];
    quick: boolean;
    sourceLoads?: boolean;
    strict: boolean;
    lanes?: number;
    expectations: {
        file: string;
        entries: import('./expectations.js').Entry[];
    } | null;
    signal?: AbortSignal;
    settings?: Record<string, string>;
}): Promise<{
    schemaVersion: number;
    tool: {
        name: any;
        version: any;
    };
    startedAt: string;
    finishedAt: string;
    durationMs: number;
    argv: string[];
    selection: string[];
    interrupted: boolean;
    exitCode: number;
    environment: object;
    profile: object | null;
    results: any[];
    summary: import("./record.js").Summary;
    expectations?: {
        file: string;
        unused: {
            entry: object;
            why: string;
            stale: boolean;
        }[];
    } | undefined;
}>;
export type ClaimRuns = {
    /**
     * id, with the environment tag when several
     */
    key: string;
    id: string;
    runs: {
        verdict: string;
        label: string;
        known: boolean;
        trials: number;
        durationMs: number;
        reason: string;
    }[];
};
/**
 * @typedef {object} ClaimRuns  one claim (in one environment) over the runs
 * @property {string} key          id, with the environment tag when several
 * @property {string} id
 * @property {{ verdict: string, label: string, known: boolean, trials: number, durationMs: number, reason: string }[]} runs
 */
/**
 * Per-claim verdicts over the runs, and what they add up to.
 * @param {ClaimRuns} c @param {number} n runs made
 */
export declare function judgeClaim(c: ClaimRuns, n: number): {
    status: string;
    counts: string[];
    trials: number[];
    longest: number;
    share: number;
};
/**
 * @param {{ n: number, specs: import('./spec.js').Spec[], envs: Environment[],
 *   opts: Parameters<typeof reproduceArgs>[0] & { quick: boolean, sourceLoads?: boolean, strict: boolean, lanes?: number },
 *   expectations: { file: string, entries: import('./expectations.js').Entry[] } | null,
 *   stdout: { write(s: string): unknown }, stderr: { write(s: string): unknown }, signal?: AbortSignal,
 *   cwd?: string, runEnv?: typeof runEnvironment }} o
 *   runEnv: how one environment of one run is made (tests replace it)
 * @returns {Promise<number>} exit code
 */
export declare function verify({ n, specs, envs: environments, opts, expectations, stdout, stderr, signal, cwd, runEnv, }: {
    n: number;
    specs: import('./spec.js').Spec[];
    envs: Environment[];
    opts: Parameters<typeof reproduceArgs>[0] & {
        quick: boolean;
        sourceLoads?: boolean;
        strict: boolean;
        lanes?: number;
    };
    expectations: {
        file: string;
        entries: import('./expectations.js').Entry[];
    } | null;
    stdout: {
        write(s: string): unknown;
    };
    stderr: {
        write(s: string): unknown;
    };
    signal?: AbortSignal;
    cwd?: string;
    runEnv?: typeof runEnvironment;
}): Promise<number>;
