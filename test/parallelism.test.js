// os.* claims: how the readings are judged (pure), on observations shaped like
// the fixtures' (fixtures/ap-affinity.cjs).
import { test } from 'node:test';
import { expect } from 'expect';
import { judgeAffinity } from '../specs/os/os.ap-affinity.spec.js';

const two = { ap: 2, cpus: 2, allowed: [0, 1] };
const one = { ap: 1, cpus: 2, allowed: [1] };
const affinity = { pin: 1, started: two, launched: one, changed: one, restored: two };

test('availableParallelism follows the affinity, at start and while running; cpus().length does not', () => {
  expect(judgeAffinity(affinity).ok).toBe(true);
  expect(judgeAffinity(affinity).detail).toContain(
    'after taskset -p -c 1 while running: 1 CPU allowed, availableParallelism 1',
  );
});

test('a value fixed at start, or a cpus() that follows the affinity, is caught', () => {
  expect(judgeAffinity({ ...affinity, changed: { ...one, ap: 2 } }).ok).toBe(false);
  expect(judgeAffinity({ ...affinity, launched: { ...one, ap: 2 } }).ok).toBe(false);
  expect(judgeAffinity({ ...affinity, launched: { ...one, cpus: 1 } }).ok).toBe(false);
  // a pin that did not take (two CPUs still allowed) shows nothing
  expect(judgeAffinity({ ...affinity, launched: two }).ok).toBe(false);
});
