export type BatchInput = {
    /**
     * number of equal tasks, or each task's work
     */
    tasks: number | number[];
    /**
     * work of one task when `tasks` is a count (default 1)
     */
    T?: number;
    /**
     * pool threads (>= 1)
     */
    P: number;
    /**
     * effective cores (> 0)
     */
    C: number;
};
/**
 * @typedef {object} BatchInput
 * @property {number | number[]} tasks  number of equal tasks, or each task's work
 * @property {number} [T]               work of one task when `tasks` is a count (default 1)
 * @property {number} P                 pool threads (>= 1)
 * @property {number} C                 effective cores (> 0)
 */
/**
 * Completion time of each task, in submission order.
 * @param {BatchInput} input
 * @returns {number[]}
 */
export declare function predictCompletions({ tasks, T, P, C }: BatchInput): number[];
/**
 * Completion times sorted ascending, as a measurement would see them.
 * @param {BatchInput} input
 */
export declare function predictSorted(input: BatchInput): number[];
/**
 * Size of each batch the pool forms: tasks that start together.
 * @param {{ k: number, P: number }} input
 * @returns {number[]}
 */
export declare function batches({ k, P }: {
    k: number;
    P: number;
}): number[];
/**
 * Distinct pool threads that get work: min(P, k).
 * @param {{ k: number, P: number }} input
 */
export declare function threadsUsed({ k, P }: {
    k: number;
    P: number;
}): number;
/**
 * Wall time of k equal tasks of work T spread over w workers (threads or
 * processes) on C cores, when the work is split evenly: T·k / min(w, C, k)
 * — used by the worker-thread and cluster specs.
 * @param {{ k: number, T?: number, w: number, C: number }} input
 */
export declare function splitTime({ k, T, w, C }: {
    k: number;
    T?: number;
    w: number;
    C: number;
}): number;
