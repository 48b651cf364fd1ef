// pool.env-parsing's check on made-up readings: each value against its own case.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import spec from '../specs/threadpool/pool.env-parsing.spec.js';

const ctx = /** @type {any} */ ({ node: { uv: '1.46.0' }, openFiles: null });
const plan = spec.plan(ctx);
const check = plan.structural?.check ?? (() => ({ ok: false, detail: '' }));
/** @param {[string, number][]} pairs */
const seen = (pairs) => ({ seen: pairs.map(([value, parked]) => ({ value, parked, threads: parked })) });
/** Every value of the plan read as its model says libuv reads it. */
const HONEST = /** @type {[string, number][]} */ (Object.entries(plan.model.cases));

describe('pool.env-parsing check', () => {
  test('the plan reads "x8" and "0x3" as 1, among its nine values', () => {
    expect(HONEST).toHaveLength(9);
    expect(plan.model.cases.x8).toBe(1);
    expect(plan.model.cases['0x3']).toBe(1);
  });

  test('every value read as libuv reads it: holds', () => {
    expect(check(seen(HONEST))).toMatchObject({ ok: true });
  });

  test('a parse that takes any digits ("x8" → 8) fails, and says which', () => {
    const r = check(seen(HONEST.map(([v, n]) => [v, v === 'x8' ? 8 : n])));
    expect(r.ok).toBe(false);
    expect(r.detail).toBe('read differently: "x8" → 8');
  });

  test('a parse that honours a hexadecimal prefix ("0x3" → 3: parseInt without a radix) fails', () => {
    const r = check(seen(HONEST.map(([v, n]) => [v, v === '0x3' ? 3 : n])));
    expect(r).toEqual({ ok: false, detail: 'read differently: "0x3" → 3' });
  });

  test('a record from before "0x3" was read is judged on the values it has', () => {
    expect(check(seen(HONEST.filter(([v]) => v !== '0x3')))).toMatchObject({ ok: true });
  });

  test('a record from before "x8" was read is judged on the values it has', () => {
    const old = check(seen(HONEST.filter(([v]) => v !== 'x8')));
    expect(old.ok).toBe(true);
    expect(old.detail).toMatch(/^all 8 values read as expected/);
  });
});
