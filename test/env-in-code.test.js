// pool.env-in-code's check on made-up readings: the value assigned below the
// pool the process starts with, and one above it.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import spec, { aboveStart } from '../specs/threadpool/pool.env-in-code.spec.js';
import { fifosFor } from '../harness/kits/pool.js';

/** @param {object} [o] */
const ctx = (o = {}) =>
  /** @type {any} */ ({ platform: 'linux', cores: 2, node: { major: 20, version: 'v20.20.2', uv: '1.46.0' }, ...o });

describe('pool.env-in-code', () => {
  const plan = /** @type {any} */ (spec.plan(ctx()));
  const check = plan.structural.check;
  /** What each case read, in the plan's order. @param {number[]} parked */
  const seen = (parked) => ({
    seen: parked.map((n, i) => ({ name: plan.model.cases[i].name, parked: n, agree: true, threads: n, blocked: n })),
  });

  test('a value above the pool the process starts with is assigned too: 6 by default', () => {
    expect(aboveStart(4)).toBe('6');
    expect(aboveStart(8)).toBe('10');
    expect(aboveStart(1)).toBe('6');
    expect(aboveStart(1023)).toBe('1024');
    expect(aboveStart(1024)).toBeNull(); // nothing above the cap
    expect(plan.model.cases).toHaveLength(4);
    expect(plan.model.cases[3]).toMatchObject({ want: 6, asked: 6 });
    expect(plan.summary).toContain('assigning 6 → 6');
  });

  test('2, then 4 after the first pool use, 4 from an ES module (Node 20), 6 assigning 6: holds', () => {
    expect(check(seen([2, 4, 4, 6]))).toMatchObject({ ok: true });
  });

  test('a value honoured only up to the launch environment’s pool (8 gives 4) fails', () => {
    const r = check(seen([2, 4, 4, 4]));
    expect(r.ok).toBe(false);
    expect(r.detail).toContain('assigning 6 → 4 (expected 6)');
  });

  test('a record from before the value above was assigned is judged on the cases it has', () => {
    expect(check(seen([2, 4, 4]))).toMatchObject({ ok: true });
    expect(check(seen([2, 2, 4]))).toMatchObject({ ok: false });
  });

  test('each case parks more readers than its pool: 64 or 128 in force is counted, not the FIFOs', async () => {
    expect(fifosFor(2)).toBe(64);
    expect(fifosFor(66)).toBe(74);
    expect(fifosFor(130)).toBe(138);
    for (const P of [64, 128]) {
      const big = /** @type {any} */ (spec.plan(ctx({ poolSize: P, env: { UV_THREADPOOL_SIZE: String(P) } })));
      expect(big.model.cases.map((/** @type {any} */ k) => k.want)).toEqual([2, P, P, P + 2]);
      /** @type {number[]} */
      const asked = [];
      const c = {
        run: async (/** @type {string} */ _f, /** @type {any} */ o) => {
          asked.push(o.options.fifos);
          const n = big.model.cases[asked.length - 1].want; // each case as the claim has it
          return { parked: n, poolThreads: [], blocked: n, saturated: false };
        },
      };
      const obs = await big.trial(c);
      expect(asked).toEqual([64, P + 8, P + 8, P + 10]);
      expect(big.structural.check(obs)).toMatchObject({ ok: true });
    }
    // more than this machine's open files allow: no count (a short count would read as the FIFOs)
    const few = /** @type {any} */ (
      spec.plan(ctx({ poolSize: 1000, env: { UV_THREADPOOL_SIZE: '1000' }, openFiles: 1024 }))
    );
    expect(few.skip).toMatch(/a FIFO count of 1010 readers/);
  });

  test('under a pool of 1024 in force there is no value above to assign', () => {
    const capped = /** @type {any} */ (spec.plan(ctx({ poolSize: 1024, env: { UV_THREADPOOL_SIZE: '1024' } })));
    expect(capped.model.cases).toHaveLength(3);
  });
});
