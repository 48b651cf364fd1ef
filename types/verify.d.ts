/**
 * The time one claim may take, all its trials together, on a 2-core machine.
 * Not enforced: `--verify` reports how close the slowest run came.
 */
export declare const CLAIM_BUDGET_MS = 60000;
/**
 * Split CLI arguments into options to pass on (without --verify, --json,
 * --no-json, --reporter) and claim patterns.
 * @param {string[]} argv
 * @returns {{ options: string[], patterns: string[] }}
 */
export declare function splitArgs(argv: string[]): {
    options: string[];
    patterns: string[];
};
/** Quote an argument for a POSIX shell when needed. @param {string} s */
export declare function shellQuote(s: string): string;
/** How to invoke the CLI from cwd. @param {string} cwd */
export declare function cliCommand(cwd: string): "node harness/cli.js" | "npx node-concurrency-spec";
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
 * @param {{ argv: string[], n: number, stdout: { write(s: string): unknown }, stderr: { write(s: string): unknown }, signal?: AbortSignal, cwd?: string, cli?: string }} o
 *   argv: the CLI's arguments (--verify, --json, --no-json and --reporter are dropped); cli: the script to run (tests)
 * @returns {Promise<number>} exit code
 */
export declare function verify({ argv, n, stdout, stderr, signal, cwd, cli }: {
    argv: string[];
    n: number;
    stdout: {
        write(s: string): unknown;
    };
    stderr: {
        write(s: string): unknown;
    };
    signal?: AbortSignal;
    cwd?: string;
    cli?: string;
}): Promise<number>;
