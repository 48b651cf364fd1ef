/**
 * Call `fn` once when `signal` aborts, at once where it already has.
 * Returns what stops the wait (a caller done before any abort).
 * @param {AbortSignal | undefined} signal @param {() => void} fn
 * @returns {() => void}
 */
export declare function onAbort(signal: AbortSignal | undefined, fn: () => void): () => void;
