// Matchers for spec authors, through expect.extend as a user would use them
// (imported by the package's subpath when the package exports it).
import { describe, test } from 'node:test';
import { expect } from 'expect';
import {
  matchers,
  toBatchAs,
  toHaveRatioWithin,
  toBeDecided,
  toHold,
  toBeAsExpected,
  batchSizes,
} from '../harness/matchers.js';
import { decide } from '../harness/verdict.js';

expect.extend(matchers);
const x = /** @type {any} */ (expect);

/** The message of a failing expectation, ANSI stripped. @param {() => void} fn */
function failure(fn) {
  try {
    fn();
  } catch (err) {
    return String(/** @type {Error} */ (err).message).replace(/\x1b\[[0-9;]*m/g, '');
  }
  throw new Error('expected the assertion to fail');
}

describe('toBatchAs', () => {
  test('five tasks, P=4 on C=2: batches 4 + 1 at 2T and 3T', () => {
    x([244, 250, 239, 246, 366]).toBatchAs({ tasks: 5, P: 4, C: 2 });
    x([366, 244, 250, 239, 246]).toBatchAs([2, 2, 2, 2, 3], { unit: 122 });
    x([1, 1, 1, 1, 1]).not.toBatchAs({ tasks: 5, P: 4, C: 2 });
  });

  test('the message shows the model, expected and observed, and what is outside', () => {
    const msg = failure(() => x([200, 205, 210, 400, 410]).toBatchAs({ tasks: 5, P: 4, C: 2 }, { tolerance: 0.1 }));
    expect(msg).toContain("expected completion times to fall into the model's batches within ±10%");
    expect(msg).toContain('Model (P=4, C=2): batches 4 + 1, completions at 2, 2, 2, 2, 3 (units of T)');
    expect(msg).toContain('Expected: [2, 2, 2, 2, 3]');
    expect(msg).toMatch(/Observed \(÷ [\d.]+ fitted\): \[/);
    expect(msg).toMatch(/Outside: #\d .* vs 2/);
    const not = failure(() => x([244, 250, 239, 246, 366]).not.toBatchAs({ tasks: 5, P: 4, C: 2 }));
    expect(not).toContain("expected completion times not to fall into the model's batches");
  });

  test('wrong input is a failure that says what was expected', () => {
    expect(toBatchAs([1, 2], { tasks: 5, P: 4, C: 2 }).pass).toBe(false);
    expect(toBatchAs('nope', [1, 2]).message()).toBe(
      'expected 2 completion times, received "nope"\n\nModel: batches 1 + 1, completions at 1, 2 (units of T)',
    );
    expect(toBatchAs([1, NaN], [1, 2]).pass).toBe(false);
    expect(batchSizes([2, 2, 2, 2, 3])).toEqual([4, 1]);
    expect(batchSizes([])).toEqual([]);
  });
});

describe('toHaveRatioWithin', () => {
  test('inclusive bounds; not-a-number fails', () => {
    x(1).toHaveRatioWithin([0.8, 1.25]);
    x(0.8).toHaveRatioWithin([0.8, 1.25]);
    x(2).not.toHaveRatioWithin([0.8, 1.25]);
    expect(failure(() => x(2).toHaveRatioWithin([0.8, 1.25]))).toBe('expected ratio within [0.8, 1.25]\nReceived: 2');
    expect(toHaveRatioWithin(NaN, [0, 1]).message()).toBe(
      'expected ratio within [0,1]\nReceived: NaN (not a finite number)',
    );
  });
});

describe('toBeDecided', () => {
  const timing = {
    statistic: 'L',
    description: 'lag',
    claim: 0.33,
    alternatives: { 'P=5': 0 },
    looks: [9],
    alpha: 0.01,
  };

  test('a Decision from decide(), with the model in the message', () => {
    const pass = decide({ values: [0.3, 0.31, 0.29, 0.33, 0.32, 0.3, 0.34, 0.31, 0.3], timing, maxTrials: 9 });
    x(pass).toBeDecided('pass');
    const fail = decide({ values: [0, 0.01, 0, 0.02, 0, 0.01, 0, 0, 0.01], timing, maxTrials: 9 });
    const msg = failure(() => x(fail).toBeDecided('pass'));
    expect(msg).toContain('expected to be decided "pass"');
    expect(msg).toContain('Received: "fail"');
    expect(msg).toContain('Model: L = 0.33 if the claim holds; P=5 → 0; boundary 0.165');
    expect(msg).toContain('Timing: median 0, interval [0, 0.02], n=9');
    expect(msg).toContain('Reason: timing L median 0');
    x(decide({ values: [0.3], timing, maxTrials: 9 })).toBeDecided('undecided');
  });

  test('alternatives on both sides of the claim: the message gives the region, both ends', () => {
    const both = { ...timing, statistic: 'Q', claim: 2, alternatives: { 'P=1': 2.333, 'P=3': 1.333 } };
    const values = [2.33, 2.34, 2.32, 2.35, 2.33, 2.31, 2.34, 2.33, 2.32];
    const msg = failure(() => x(decide({ values, timing: both, maxTrials: 9 })).toBeDecided('pass'));
    expect(msg).toContain('Model: Q = 2 if the claim holds; P=1 → 2.333, P=3 → 1.333; region in (1.667, 2.167)');
  });

  test('a Result, or one evidence channel', () => {
    const result = {
      verdict: 'fail',
      reason: '3 pool threads',
      expectation: { summary: 'P=4' },
      evidence: { structural: { decided: 'fail', agree: 0, disagree: 2, details: ['3 threads'] }, timing: null },
    };
    const msg = failure(() => x(result).toBeDecided('pass'));
    expect(msg).toBe(
      'expected to be decided "pass"\nReceived: "fail"\nReason: 3 pool threads\nExpectation: P=4\nStructure: 0 agree, 2 disagree: 3 threads',
    );
    x(result.evidence.structural).toBeDecided('fail');
    x({ decided: null }).toBeDecided('undecided');
    x({ verdict: 'skip' }).not.toBeDecided('pass');
    expect(toBeDecided(42, 'pass').message()).toBe(
      'expected to be decided "pass"\nReceived: 42 (no verdict or decision in it)',
    );
  });
});

describe('toHold and toBeAsExpected: a claim result from check() or a record', () => {
  const result = (/** @type {object} */ over) => ({
    id: 'pool.x',
    verdict: 'pass',
    label: 'pass',
    expected: 'holds',
    reason: 'why',
    expectation: { summary: 'the model says' },
    evidence: {},
    ...over,
  });
  test('a pass of a claim expected to hold holds; a refuted-as-expected pass does not hold but is as expected', () => {
    expect(toHold(result({})).pass).toBe(true);
    const refuted = result({ expected: 'refuted', label: 'refuted as expected' });
    expect(toHold(refuted).pass).toBe(false);
    expect(toBeAsExpected(refuted).pass).toBe(true);
    expect(toBeAsExpected(result({ verdict: 'skip', label: 'skip' })).pass).toBe(true);
  });
  test('a fail or an inconclusive does neither, and the message carries the reason and the expectation', () => {
    for (const verdict of ['fail', 'inconclusive', 'error']) {
      const r = result({ verdict, label: verdict, reason: '3 threads parked; expected 4' });
      expect(toHold(r).pass).toBe(false);
      expect(toBeAsExpected(r).pass).toBe(false);
      const msg = toHold(r).message();
      expect(msg).toContain(`pool.x: ${verdict}`);
      expect(msg).toContain('Reason: 3 threads parked; expected 4');
      expect(msg).toContain('Expectation: the model says');
    }
  });
});
