// @ts-check
// One 'abort' listener per signal, however many wait on it. The run's
// signal is waited on by every live fixture (isolate.js) and every request
// in flight of a cluster claim's load (kits/cluster.js): the claims side by
// side in their lanes hold more than Node's default of ten at once, and a
// listener each made Node warn of a likely leak on every full run.

/** @type {WeakMap<AbortSignal, Set<() => void>>} */
const waiting = new WeakMap();

/**
 * Call `fn` once when `signal` aborts, at once where it already has.
 * Returns what stops the wait (a caller done before any abort).
 * @param {AbortSignal | undefined} signal @param {() => void} fn
 * @returns {() => void}
 */
export function onAbort(signal, fn) {
  if (!signal) return () => {};
  if (signal.aborted) {
    fn();
    return () => {};
  }
  const callers = waiting.get(signal) ?? listenOnce(signal);
  // each wait its own entry, though two pass the same function
  const entry = () => fn();
  callers.add(entry);
  return () => void callers.delete(entry);
}

/**
 * The signal's one listener: at the abort, every wait still there is called.
 * @param {AbortSignal} signal @returns {Set<() => void>}
 */
function listenOnce(signal) {
  /** @type {Set<() => void>} */
  const callers = new Set();
  waiting.set(signal, callers);
  signal.addEventListener(
    'abort',
    () => {
      waiting.delete(signal);
      for (const f of [...callers]) f();
    },
    { once: true },
  );
  return callers;
}
