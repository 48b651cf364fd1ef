/** How many timing-free claims run at once unless told: measured best on 2 CPUs (BENCHMARKS.md §34). */
export declare const DEFAULT_LANES = 2;
/**
 * Whether a claim may run beside other such claims: tagged 'structural' and
 * nothing that keeps it alone.
 * @param {{ tags?: string[] }} spec
 */
export declare function sideBySide(spec: {
    tags?: string[];
}): boolean;
/**
 * Run jobs, up to `lanes` at once, each an event stream of its own, and
 * yield their events job by job in the jobs' order: the first unfinished
 * job's events as they come, a later job's kept until every job before it
 * has ended. So a consumer sees each job's events together, as when they ran
 * one after another. A job that throws ends the stream with its error once
 * its turn comes, and no job starts after it. Once the stream has ended,
 * however (done, thrown, or its consumer gone), the jobs under way stop at
 * their next event (their generators' `finally` runs).
 * @template E
 * @param {(() => AsyncIterable<E>)[]} jobs
 * @param {number} lanes at least 1 (anything else counts as 1)
 * @returns {AsyncGenerator<E>}
 */
export declare function inOrder<E>(jobs: (() => AsyncIterable<E>)[], lanes: number): AsyncGenerator<E>;
