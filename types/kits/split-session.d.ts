/**
 * A session's bound on its life: far above any claim's trials (each trial
 * has its own bound, splitOptions' trialMs). No trial starts in a session
 * with less than a trial's bound of its life left: another is started first.
 */
export declare const SPLIT_SESSION_MS = 600000;
/**
 * Start the split fixture as a service for `ks`: resolves once its threads
 * and control processes are up (within a trial's bound: starting them is
 * what a one-shot trial did first). run(n) is trial n's observation, as a
 * one-shot split-work.cjs reports it, with `session`: which of the
 * session's trials it was (`trial`), and the trial's span on the harness's
 * own clock, from the request's sending to the answer's arrival (`spanMs`),
 * which the fixture's span of it is read against (workers.js clockAccount:
 * the fixture's clock is not trusted), and the cgroup CPU quota in force
 * (`cpuQuota`, the profile's; null where none); a trial that does not answer within its bound
 * (`trialMs`, splitOptions' unless given) kills the session and rejects.
 * @param {import('../context.js').Context} ctx @param {number[]} ks @param {{ trialMs?: number }} [o]
 */
export declare function startSplitSession(ctx: import('../context.js').Context, ks: number[], o?: {
    trialMs?: number;
}): Promise<{
    /** @param {number} n the trial's number */
    run(n: number): Promise<any>;
    stop: () => Promise<void>;
    running: () => boolean;
    /** whether a trial started now could outlive the session's bound */
    nearEnd: () => boolean;
}>;
/**
 * A split claim's trials: trial(ctx, n) runs trial n in the claim's session,
 * started at its first trial (or again, where the last one has exited);
 * end() stops it (the plan's `end`, once the claim's trials are over). A
 * trial that throws stops the session: the claim then ends in error, as a
 * one-shot trial's failure ends it.
 * @param {{ ks: number[] }} o
 */
export declare function splitTrials({ ks }: {
    ks: number[];
}): {
    /** @param {import('../context.js').Context} ctx @param {number} n */
    trial(ctx: import('../context.js').Context, n: number): Promise<any>;
    end: () => Promise<void>;
};
