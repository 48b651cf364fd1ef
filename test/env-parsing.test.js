// pool.env-parsing's check on made-up readings: each value against its own case.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import spec from '../specs/threadpool/pool.env-parsing.spec.js';

const ctx = /** @type {any} */ ({ node: { uv: '1.46.0' }, openFiles: null });
const check = spec.plan(ctx).structural?.check ?? (() => ({ ok: false, detail: '' }));
/** @param {[string, number][]} pairs */
const seen = (pairs) => ({ seen: pairs.map(([value, parked]) => ({ value, parked, threads: parked })) });
const HONEST = /** @type {[string, number][]} */ ([
  ['0', 1],
  ['', 1],
  ['abc', 1],
  ['x8', 1],
  ['2abc', 2],
  ['-1', 1024],
  ['5000', 1024],
  ['0000000000001025', 1024],
]);

describe('pool.env-parsing check', () => {
  test('every value read as libuv reads it: holds', () => {
    expect(check(seen(HONEST))).toMatchObject({ ok: true });
  });

  test('a parse that takes any digits ("x8" → 8) fails, and says which', () => {
    const r = check(seen(HONEST.map(([v, n]) => [v, v === 'x8' ? 8 : n])));
    expect(r.ok).toBe(false);
    expect(r.detail).toBe('read differently: "x8" → 8');
  });

  test('a record from before "x8" was read is judged on the values it has', () => {
    const old = check(seen(HONEST.filter(([v]) => v !== 'x8')));
    expect(old.ok).toBe(true);
    expect(old.detail).toMatch(/^all 7 values read as expected/);
  });
});
