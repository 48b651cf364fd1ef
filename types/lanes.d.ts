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
 * The tag of a timing-free claim whose trials spend most of their wall time
 * waiting on a timer: a second reading at an age the harness draws, a kept
 * socket's idle timeout, a hold of the pool the harness draws. Such a claim
 * uses a fraction of a CPU, so it takes no lane from the others: claims that
 * mostly wait have lanes of their own, WAITING_PER_LANE for each of the
 * others', so that they (the longest) start at once.
 */
export declare const MOSTLY_WAITS = "mostly-waits";
/**
 * Lanes for claims that mostly wait, per lane of the others. Each such claim
 * of the catalogue took 0.1–0.7 s of CPU over its 3.5–5 s, the command line's
 * own start and profile (1.1 s of CPU) taken off (BENCHMARKS.md §50): four
 * of them at once use less than one lane's CPU.
 */
export declare const WAITING_PER_LANE = 2;
/**
 * Which lanes a side-by-side claim takes: 'waits' for a claim that mostly
 * waits, 'works' for any other.
 * @param {{ tags?: string[] }} spec @returns {'waits' | 'works'}
 */
export declare function laneKind(spec: {
    tags?: string[];
}): 'waits' | 'works';
/**
 * Run jobs, up to `lanes` at once of each kind (kindOf; one kind unless
 * told; `lanes` a count per kind, or one for every kind), each an event
 * stream of its own, and
 * yield their events job by job in the jobs' order: the first unfinished
 * job's events as they come, a later job's kept until every job before it
 * has ended. So a consumer sees each job's events together, as when they ran
 * one after another. A job that throws ends the stream with its error once
 * its turn comes, and no job starts after it (one of another kind before it
 * in the order and not yet started is passed over, with no events). Once the
 * stream has ended, however (done, thrown, or its consumer gone), the jobs
 * under way stop at their next event (their generators' `finally` runs).
 * @template E
 * @param {(() => AsyncIterable<E>)[]} jobs
 * @param {number | Record<string, number>} lanes each at least 1 (anything else counts as 1)
 * @param {(index: number) => string} [kindOf] the kind of the job at this index
 * @returns {AsyncGenerator<E>}
 */
export declare function inOrder<E>(jobs: (() => AsyncIterable<E>)[], lanes: number | Record<string, number>, kindOf?: (index: number) => string): AsyncGenerator<E>;
