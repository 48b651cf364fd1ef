export type MatcherContext = {
    isNot?: boolean;
    utils?: {
        printReceived(v: unknown): string;
        printExpected(v: unknown): string;
    };
};
export type MatcherResult = {
    pass: boolean;
    message: () => string;
};
/**
 * Group equal predicted times into batches: [2, 2, 2, 2, 3] -> [4, 1].
 * @param {number[]} sorted
 */
export declare function batchSizes(sorted: number[]): number[];
/**
 * Completion times (any order, any unit) fall into the model's batches: once
 * sorted and divided by the unit, each lies within ±tolerance (relative) of
 * the model's sorted completion time.
 * @this {unknown}  expect's matcher context (isNot, utils), or none
 * @param {unknown} received   completion times, e.g. in ms
 * @param {number[] | import('./kits/model.js').BatchInput} predicted  the model's completion times (in units of T), or its input
 * @param {{ tolerance?: number, unit?: number }} [options]  tolerance: relative (default 0.2); unit: ms per model unit (default: fitted by least squares)
 * @returns {MatcherResult}
 */
export declare function toBatchAs(this: unknown, received: unknown, predicted: number[] | import('./kits/model.js').BatchInput, options?: {
    tolerance?: number;
    unit?: number;
}): MatcherResult;
/**
 * A ratio lies in [lo, hi] (inclusive).
 * @this {unknown}  expect's matcher context (isNot, utils), or none
 * @param {unknown} received @param {[number, number]} bounds  [lo, hi]
 * @returns {MatcherResult}
 */
export declare function toHaveRatioWithin(this: unknown, received: unknown, bounds: [number, number]): MatcherResult;
/**
 * The verdict (or a channel's decision) is the expected one: 'pass', 'fail',
 * 'inconclusive', 'skip', 'error', or 'undecided'.
 * @this {unknown}  expect's matcher context (isNot, utils), or none
 * @param {unknown} received @param {string} expected
 * @returns {MatcherResult}
 */
export declare function toBeDecided(this: unknown, received: unknown, expected: string): MatcherResult;
/**
 * The claim holds here: its verdict is pass and the catalogue expects it to
 * hold (a claim refuted as expected does not hold).
 * @this {unknown}
 * @param {unknown} received  a result from check() or a record
 * @returns {MatcherResult}
 */
export declare function toHold(this: unknown, received: unknown): MatcherResult;
/**
 * The verdict is what the catalogue expects here: pass (the claim holds, or
 * is refuted as expected) or skip (a precondition does not hold).
 * @this {unknown}
 * @param {unknown} received  a result from check() or a record
 * @returns {MatcherResult}
 */
export declare function toBeAsExpected(this: unknown, received: unknown): MatcherResult;
/** Everything, for expect.extend(matchers). */
export declare const matchers: {
    toBatchAs: typeof toBatchAs;
    toHaveRatioWithin: typeof toHaveRatioWithin;
    toBeDecided: typeof toBeDecided;
    toHold: typeof toHold;
    toBeAsExpected: typeof toBeAsExpected;
};
export default matchers;
