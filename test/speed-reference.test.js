// The profile's calibration (fixtures/lib/speed-reference.cjs pairedReference):
// the reference that goes with the calibrated task is read at the task's own
// speed, on readings made up as a host that switches a vCPU between two
// speeds gives them.
import { test } from 'node:test';
import { expect } from 'expect';
import { createRequire } from 'node:module';

const { pairedReference } = createRequire(import.meta.url)('../fixtures/lib/speed-reference.cjs');

// At one speed a reading takes 0.036 ms and the task 92 ms; at the other, ×1.75 both.
const FAST = { reading: 0.036, task: 92 };
const SLOW = { reading: 0.063, task: 161 };
const readings = (/** @type {number} */ ms) => Array.from({ length: 20 }, (_, i) => ms * (1 + (i % 5) / 100));
const ratio = (/** @type {{ taskMs: number, referenceMs: number }} */ r) => r.referenceMs / r.taskMs;

test('at one speed throughout: the median run and the readings beside it', () => {
  const r = pairedReference(
    [92, 93, 91],
    [0, 1, 2, 3].map(() => readings(FAST.reading)),
  );
  expect(r.taskMs).toBe(92);
  expect(r.referenceMs).toBeCloseTo(0.0367, 3);
});

test('a switch between the runs: the pairs keep the reference over the task at one speed, where all readings together do not', () => {
  // a slow run among slow readings, a switch as the second run starts, then a fast one among fast readings
  const groups = [readings(SLOW.reading), readings(SLOW.reading), readings(FAST.reading), readings(FAST.reading)];
  const r = pairedReference([SLOW.task, FAST.task, FAST.task], groups);
  expect(r.taskMs).toBe(FAST.task);
  const atOneSpeed = pairedReference([FAST.task], [readings(FAST.reading), readings(FAST.reading)]);
  expect(ratio(r)).toBeCloseTo(ratio(atOneSpeed), 6);
  // the median of every reading (half of them slow) beside the fast median run: ×1.3 or more off
  const all = groups.flat().sort((a, b) => a - b);
  expect((all[all.length >> 1] + all[(all.length >> 1) - 1]) / 2 / FAST.task).toBeGreaterThan(1.3 * ratio(r));
});

test('the slow speed paired with itself reads the same reference over task as the fast one', () => {
  const slow = pairedReference(
    [SLOW.task, SLOW.task, SLOW.task],
    [0, 1, 2, 3].map(() => readings(SLOW.reading)),
  );
  const fast = pairedReference(
    [FAST.task, FAST.task, FAST.task],
    [0, 1, 2, 3].map(() => readings(FAST.reading)),
  );
  expect(ratio(slow) / ratio(fast)).toBeCloseTo(1, 2);
});
