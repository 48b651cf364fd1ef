/**
 * The items in an order drawn at random (Fisher–Yates): a new array.
 * @template T
 * @param {readonly T[]} items
 * @returns {T[]}
 */
export declare function shuffled<T>(items: readonly T[]): T[];
