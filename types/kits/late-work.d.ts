/**
 * Requests submitted while the pool's P threads are parked (after pool.env-in-code's late
 * assignment; in pool.default-size, beside its default pool):
 * P + 1–3 hashes, each a pbkdf2 or a scrypt (drawn): more than the pool started with, so a
 * pool grown for them would run one at once; and one of each other kind (zlib, randomBytes,
 * fs.access), in a drawn order. None may complete while every pool thread is parked.
 * @param {number} P
 */
export declare function drawLateWork(P: number): string[];
/**
 * The part of the case after the first pool use that reads its late requests (trial's
 * `late`): submitted while every pool thread was parked, none completed in the 40 ms
 * waited (honest: 0 of P + 4–6, every run, Node 20–26), all completed once the readers
 * were let through with no error, and the process's threads, listed by the harness
 * from outside before they were submitted and after the wait, gained none (honest: 0;
 * a worker thread made for a hash: 1 or more). null where it was not read (a record
 * from before, or off Linux for the threads: that reading left out).
 * @param {any} late the trial's { kinds, report, threads: { 'late-before', 'late-after' } }
 * @returns {{ ok: boolean, detail: string } | null}
 */
export declare function latePart(late: any): {
    ok: boolean;
    detail: string;
} | null;
/**
 * The late work's reading from a FIFO probe that submitted `kinds` (probePool's lateWork,
 * read from outside): the kinds, the fixture's report, and the threads the harness listed
 * before and after them, null where the fixture went on without one of those looks (its
 * threads were then read at another moment).
 * @param {any} probe @param {string[]} kinds
 */
export declare function lateReading(probe: any, kinds: string[]): {
    kinds: string[];
    report: any;
    threads: any;
};
