export type Phase = {
    fromMs: number;
    toMs: number;
    concurrency: number | null;
    gapMs?: number;
    readToMs?: number;
};
/**
 * @typedef {{ fromMs: number, toMs: number, concurrency: number | null, gapMs?: number, readToMs?: number }} Phase
 *   readToMs: where the fixture stopped reading the first phase, its first
 *   task's end on its thread, when that came before the first completion callback
 */
/** A first phase read this much short of its callback says so in the check's detail. */
export declare const LATE_CALLBACK_MS = 10;
/**
 * Later phases shorter than this share of one task are not read: the
 * completion callbacks that delimit a phase lag the threads a little, which
 * only matters in a short phase. The first phase (before any completion) is
 * always read: it is the batch that "runs together".
 */
export declare const MIN_PHASE_SHARE = 0.5;
/**
 * A later phase is read only when it is this many times longer than the main
 * thread's latency around it (the phase's gapMs: the longest wait between the
 * fixture's samples there). The completion callbacks that delimit phases lag
 * the threads by about that latency, which a busy machine stretches to tens
 * of milliseconds: a phase not much longer would be read across the next one.
 */
export declare const MIN_PHASE_LAGS = 4;
/**
 * Largest distance from the model a phase may read and still agree: half-way
 * to the nearest wrong whole number (one more or one fewer at once).
 */
export declare const MAX_ERROR = 0.5;
/**
 * Runnable tasks the model expects after j of k completions, with a pool of
 * P threads: every remaining task while they fit in the pool, else P.
 * @param {{ k: number, P: number }} o @param {number} j
 */
export declare function expectedRunnable({ k, P }: {
    k: number;
    P: number;
}, j: number): number;
/**
 * Compare a trial's phases with the model: the first phase, and every later
 * phase long enough to read, must be within MAX_ERROR of min(P, k − j).
 * @param {Phase[] | null | undefined} phases
 * @param {{ k: number, P: number, T: number }} o  T: one task's time alone (ms), for the minimum phase
 * @returns {{ ok: boolean, error: number, detail: string } | null}  null: no reading (not Linux)
 */
export declare function checkConcurrency(phases: Phase[] | null | undefined, { k, P, T }: {
    k: number;
    P: number;
    T: number;
}): {
    ok: boolean;
    error: number;
    detail: string;
} | null;
/**
 * Most a batch's first completion may come after its task ended on its
 * thread, as a share of one task, where tasks wait for a thread (k > P).
 */
export declare const MAX_DELIVERY_SHARE = 0.5;
/**
 * Whether a batch's completions came as its tasks ended, where the claim has
 * tasks that wait for a thread (k > P): what such a claim says ("the fifth
 * finishes about one task later") is about the completions the program sees,
 * and completions held back until the last task ends show every task
 * finishing at once. The first task's end on its thread (the phase's
 * readToMs, where the fixture saw it before the first callback) against the
 * first callback: later by more than MAX_DELIVERY_SHARE of a task is a fail,
 * unless the main thread was itself that late (its longest wait between
 * samples, gapMs), which spoils the reading (void). null where k ≤ P (the
 * claim is that they run and finish together) or there is no reading.
 * @param {Phase[] | null | undefined} phases
 * @param {{ k: number, P: number, T: number }} o
 * @returns {{ ok: boolean, invalid?: boolean, detail: string } | null}
 */
export declare function checkDelivery(phases: Phase[] | null | undefined, { k, P, T }: {
    k: number;
    P: number;
    T: number;
}): {
    ok: boolean;
    invalid?: boolean;
    detail: string;
} | null;
