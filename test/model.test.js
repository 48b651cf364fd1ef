// The scheduling model: exact values for hand-checked cases, then properties
// over a grid of pool sizes and core counts. Pure; no clock, no processes.
import { test, describe } from 'node:test';
import { expect } from 'expect';
import { predictCompletions, predictSorted, batches, threadsUsed, splitTime } from '../harness/kits/model.js';

const CORES = [1, 2, 4, 8, 16, 64];
const POOLS = [1, 2, 3, 4, 5, 6, 7, 8];
const KS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 17];

/** Element-wise toBeCloseTo for arrays. */
function expectClose(actual, expected, digits = 9) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((x, i) => expect(x).toBeCloseTo(expected[i], digits));
}

describe('predictCompletions: known values', () => {
  test('k=5, P=4, C=2: four share two cores, the fifth runs alone', () => {
    expectClose(predictCompletions({ tasks: 5, P: 4, C: 2 }), [2, 2, 2, 2, 3]);
  });

  test('k=6, P=4, C=2: a batch of four, then a batch of two', () => {
    expectClose(predictCompletions({ tasks: 6, P: 4, C: 2 }), [2, 2, 2, 2, 3, 3]);
  });

  test('k=4, P=1 serializes whatever the cores', () => {
    for (const C of [0.5, ...CORES])
      expectClose(
        predictCompletions({ tasks: 4, P: 1, C }),
        [1, 2, 3, 4].map((x) => x * Math.max(1, 1 / C)),
      );
    for (const C of CORES) expectClose(predictCompletions({ tasks: 4, P: 1, C }), [1, 2, 3, 4]);
  });

  test('k=5, P=4, C=1', () => {
    expectClose(predictCompletions({ tasks: 5, P: 4, C: 1 }), [4, 4, 4, 4, 5]);
  });

  test('k=5, P=4, C=4', () => {
    expectClose(predictCompletions({ tasks: 5, P: 4, C: 4 }), [1, 1, 1, 1, 2]);
  });

  test('k=5, P=5, C=2: all five together at 2.5', () => {
    expectClose(predictCompletions({ tasks: 5, P: 5, C: 2 }), [2.5, 2.5, 2.5, 2.5, 2.5]);
  });

  test('T scales every completion', () => {
    expectClose(predictCompletions({ tasks: 5, T: 120, P: 4, C: 2 }), [240, 240, 240, 240, 360]);
  });

  test('T defaults to 1; no tasks gives no completions', () => {
    expectClose(predictCompletions({ tasks: 2, P: 2, C: 2 }), [1, 1]);
    expect(predictCompletions({ tasks: 0, P: 4, C: 2 })).toEqual([]);
    expect(predictCompletions({ tasks: [], P: 4, C: 2 })).toEqual([]);
  });

  test('fractional cores: C=1.5 shared by three', () => {
    expectClose(predictCompletions({ tasks: 3, P: 4, C: 1.5 }), [2, 2, 2]);
  });
});

describe('predictCompletions: unequal task arrays', () => {
  test('one thread runs them in submission order', () => {
    expectClose(predictCompletions({ tasks: [3, 1, 2], P: 1, C: 1 }), [3, 4, 6]);
  });

  test('enough threads and cores: each finishes after its own work', () => {
    expectClose(predictCompletions({ tasks: [3, 1, 2], P: 3, C: 3 }), [3, 1, 2]);
  });

  test('two tasks sharing one core: the short one leaves, the long one speeds up', () => {
    // both at speed 1/2 until t=2 (short done, long has 1 left), then the long alone at speed 1
    expectClose(predictCompletions({ tasks: [2, 1], P: 2, C: 1 }), [3, 2]);
  });

  test('a queued task takes the first free thread (FIFO)', () => {
    expectClose(predictCompletions({ tasks: [1, 1, 2], P: 2, C: 2 }), [1, 1, 3]);
    // the short task frees its thread at 1; the third starts then, not at 4
    expectClose(predictCompletions({ tasks: [4, 1, 1], P: 2, C: 2 }), [4, 1, 2]);
  });

  test('results are in submission order; predictSorted sorts them', () => {
    const tasks = [5, 1, 3, 2];
    const c = predictCompletions({ tasks, P: 4, C: 4 });
    expectClose(c, [5, 1, 3, 2]);
    expectClose(predictSorted({ tasks, P: 4, C: 4 }), [1, 2, 3, 5]);
  });

  test('does not modify the input array', () => {
    const tasks = [2, 1, 3];
    predictCompletions({ tasks, P: 2, C: 1 });
    expect(tasks).toEqual([2, 1, 3]);
  });

  test('a zero-work task completes as soon as it starts', () => {
    expectClose(predictCompletions({ tasks: [0, 1], P: 1, C: 1 }), [0, 1]);
  });
});

describe('predictCompletions: invalid input', () => {
  for (const [P, C] of [
    [0, 2],
    [-1, 2],
    [0.5, 2],
    [NaN, 2],
    [undefined, 2],
    [4, 0],
    [4, -1],
    [4, NaN],
    [4, undefined],
  ]) {
    test(`P=${P}, C=${C} throws RangeError`, () => {
      expect(() => predictCompletions({ tasks: 3, P: /** @type {any} */ (P), C: /** @type {any} */ (C) })).toThrow(
        RangeError,
      );
      expect(() => predictSorted({ tasks: 3, P: /** @type {any} */ (P), C: /** @type {any} */ (C) })).toThrow(
        /P >= 1 and C > 0/,
      );
    });
  }
});

/**
 * Replay equal-task completions: with FIFO and equal work, task i starts
 * when task i-P completes. Returns, per task, the work it received, and the
 * total work done, by integrating the model's speed min(1, C/b) over time.
 */
function replay(completions, P, C) {
  const k = completions.length;
  const start = completions.map((_, i) => (i < P ? 0 : completions[i - P]));
  const events = [...new Set([0, ...completions])].sort((a, b) => a - b);
  const received = new Array(k).fill(0);
  let total = 0;
  for (let e = 0; e + 1 < events.length; e++) {
    const [a, b] = [events[e], events[e + 1]];
    const mid = (a + b) / 2;
    const running = [];
    for (let i = 0; i < k; i++) if (start[i] <= mid && mid < completions[i]) running.push(i);
    if (running.length === 0) continue;
    const speed = Math.min(1, C / running.length);
    for (const i of running) received[i] += speed * (b - a);
    total += Math.min(running.length, C) * (b - a);
  }
  return { received, total };
}

describe('model properties over C in {1,2,4,8,16,64}, P in 1..8', () => {
  test('equal tasks finish in submission order, all finite and positive', () => {
    for (const C of CORES)
      for (const P of POOLS)
        for (const k of KS) {
          const c = predictCompletions({ tasks: k, T: 3, P, C });
          expect(c).toHaveLength(k);
          for (let i = 0; i < k; i++) {
            expect(Number.isFinite(c[i]) && c[i] > 0).toBe(true);
            if (i > 0) expect(c[i]).toBeGreaterThanOrEqual(c[i - 1] - 1e-9);
          }
          expect(predictSorted({ tasks: k, T: 3, P, C })).toEqual([...c].sort((a, b) => a - b));
        }
  });

  test('work is conserved: each task gets exactly T, the cores deliver k·T in all', () => {
    const T = 2.5;
    for (const C of CORES)
      for (const P of POOLS)
        for (const k of KS) {
          const { received, total } = replay(predictCompletions({ tasks: k, T, P, C }), P, C);
          received.forEach((w) => expect(w).toBeCloseTo(T, 6));
          expect(total).toBeCloseTo(k * T, 6);
        }
  });

  test('the last completion is at least k·T / min(C, P, k)', () => {
    const T = 120;
    for (const C of CORES)
      for (const P of POOLS)
        for (const k of KS) {
          const last = Math.max(...predictCompletions({ tasks: k, T, P, C }));
          expect(last).toBeGreaterThanOrEqual((k * T) / Math.min(C, P, k) - 1e-6);
        }
  });

  test('the last completion is the sum over batches of T·max(1, b/C)', () => {
    const T = 120;
    for (const C of CORES)
      for (const P of POOLS)
        for (const k of KS) {
          const last = Math.max(...predictCompletions({ tasks: k, T, P, C }));
          const want = batches({ k, P }).reduce((s, b) => s + T * Math.max(1, b / C), 0);
          expect(last).toBeCloseTo(want, 6);
        }
  });

  test('when C >= P the last completion is ceil(k/P)·T, and each batch finishes together', () => {
    const T = 120;
    for (const C of CORES)
      for (const P of POOLS.filter((p) => p <= C))
        for (const k of KS) {
          const c = predictCompletions({ tasks: k, T, P, C });
          expect(Math.max(...c)).toBeCloseTo(Math.ceil(k / P) * T, 6);
          c.forEach((x, i) => expect(x).toBeCloseTo((Math.floor(i / P) + 1) * T, 6));
        }
  });

  test('more cores never make any task finish later', () => {
    for (const P of POOLS)
      for (const k of KS)
        for (let j = 1; j < CORES.length; j++) {
          const slow = predictCompletions({ tasks: k, P, C: CORES[j - 1] });
          const fast = predictCompletions({ tasks: k, P, C: CORES[j] });
          fast.forEach((x, i) => expect(x).toBeLessThanOrEqual(slow[i] + 1e-9));
        }
  });

  test('more threads than cores can make the last task later (k=4, C=2: P=3 ends at 2.5, P=2 at 2)', () => {
    expect(Math.max(...predictCompletions({ tasks: 4, P: 3, C: 2 }))).toBeCloseTo(2.5, 9);
    expect(Math.max(...predictCompletions({ tasks: 4, P: 2, C: 2 }))).toBeCloseTo(2, 9);
  });
});

describe('batches and threadsUsed', () => {
  test('known values', () => {
    expect(batches({ k: 5, P: 4 })).toEqual([4, 1]);
    expect(batches({ k: 6, P: 4 })).toEqual([4, 2]);
    expect(batches({ k: 4, P: 4 })).toEqual([4]);
    expect(batches({ k: 4, P: 1 })).toEqual([1, 1, 1, 1]);
    expect(batches({ k: 2, P: 4 })).toEqual([2]);
    expect(batches({ k: 0, P: 4 })).toEqual([]);
    expect(threadsUsed({ k: 5, P: 4 })).toBe(4);
    expect(threadsUsed({ k: 2, P: 4 })).toBe(2);
    expect(threadsUsed({ k: 4, P: 1 })).toBe(1);
  });

  test('batches: full batches of P then the rest, summing to k', () => {
    for (const P of POOLS)
      for (const k of KS) {
        const b = batches({ k, P });
        expect(b).toHaveLength(Math.ceil(k / P));
        expect(b.reduce((s, x) => s + x, 0)).toBe(k);
        b.slice(0, -1).forEach((x) => expect(x).toBe(P));
        expect(b.at(-1)).toBeGreaterThanOrEqual(1);
        expect(b.at(-1)).toBeLessThanOrEqual(P);
        expect(b[0]).toBe(threadsUsed({ k, P }));
      }
  });
});

describe('splitTime', () => {
  test('is the last completion of the FIFO model with w threads', () => {
    for (const C of CORES)
      for (const w of POOLS)
        for (const k of KS)
          expect(splitTime({ k, T: 7, w, C })).toBe(Math.max(...predictCompletions({ tasks: k, T: 7, P: w, C })));
  });

  test('equals T·k / min(w, C, k) when the work splits evenly (k <= w or k a multiple of w)', () => {
    for (const C of CORES)
      for (const w of POOLS)
        for (const k of KS) {
          if (!(k <= w || k % w === 0)) continue;
          expect(splitTime({ k, T: 120, w, C })).toBeCloseTo((120 * k) / Math.min(w, C, k), 6);
        }
  });

  test('known values; T defaults to 1', () => {
    expect(splitTime({ k: 4, T: 120, w: 4, C: 2 })).toBeCloseTo(240, 9);
    expect(splitTime({ k: 2, T: 120, w: 4, C: 4 })).toBeCloseTo(120, 9);
    expect(splitTime({ k: 8, w: 2, C: 64 })).toBeCloseTo(4, 9);
    // an uneven split: three tasks on two workers take two rounds, not 1.5
    expect(splitTime({ k: 3, w: 2, C: 2 })).toBeCloseTo(2, 9);
  });

  test('rejects w < 1 or C <= 0', () => {
    expect(() => splitTime({ k: 2, w: 0, C: 2 })).toThrow(RangeError);
    expect(() => splitTime({ k: 2, w: 2, C: 0 })).toThrow(RangeError);
  });
});
