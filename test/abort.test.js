// @ts-check
import { test } from 'node:test';
import { expect } from 'expect';
import { getEventListeners } from 'node:events';
import { onAbort } from '../harness/abort.js';

test('many waits on one signal take one listener, and Node warns of no leak', async () => {
  /** @type {Error[]} */
  const warnings = [];
  const onWarning = (/** @type {Error} */ w) => void warnings.push(w);
  process.on('warning', onWarning);
  try {
    const controller = new AbortController();
    /** @type {number[]} */
    const called = [];
    const stops = Array.from({ length: 50 }, (_, i) => onAbort(controller.signal, () => void called.push(i)));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    // those done before the abort are not called
    for (const stop of stops.slice(0, 40)) stop();
    controller.abort();
    expect(called).toEqual([40, 41, 42, 43, 44, 45, 46, 47, 48, 49]);
    // a warning is emitted on the next tick, where there is one
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  } finally {
    process.off('warning', onWarning);
  }
});

test('a signal already aborted calls at once; the same function waits twice as two waits; no signal, never', () => {
  const controller = new AbortController();
  controller.abort();
  let n = 0;
  onAbort(controller.signal, () => n++);
  expect(n).toBe(1);
  const live = new AbortController();
  const twice = () => n++;
  const stop = onAbort(live.signal, twice);
  onAbort(live.signal, twice);
  stop();
  live.abort();
  expect(n).toBe(2);
  expect(() => onAbort(undefined, () => n++)()).not.toThrow();
  expect(n).toBe(2);
});
