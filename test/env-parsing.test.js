// pool.env-parsing's check on made-up readings: each value against its own case.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import spec, { WRAPS, BLANKS_SIGNS, drawSome } from '../specs/threadpool/pool.env-parsing.spec.js';

const ctx = /** @type {any} */ ({ node: { uv: '1.46.0' }, openFiles: null });
const plan = spec.plan(ctx);
const check = plan.structural?.check ?? (() => ({ ok: false, detail: '' }));
/** a plain probe's start as read from outside: a shell's variables and the value under test */
const PLAIN = { plain: true, env: ['HOME', 'LANG', 'PATH', 'PWD', 'UV_THREADPOOL_SIZE'] };
/** @param {[string, number][]} pairs @param {any} [launch] */
const seen = (pairs, launch = PLAIN) => ({
  seen: pairs.map(([value, parked]) => ({ value, parked, threads: parked, launch })),
});
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
    expect(r.detail).toMatch(/^read differently: "x8" → 8; /);
  });

  test('a parse that honours a hexadecimal prefix ("0x3" → 3: parseInt without a radix) fails', () => {
    const r = check(seen(HONEST.map(([v, n]) => [v, v === '0x3' ? 3 : n])));
    expect(r).toEqual({ ok: false, detail: expect.stringMatching(/^read differently: "0x3" → 3; /) });
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

describe('pool.env-parsing: values drawn from WRAPS and BLANKS_SIGNS', () => {
  /** the drawn readings as the trial records them (value, parked, threads, want) @param {[string, number, number][]} rows */
  const drawn = (rows) =>
    rows.map(([value, parked, want]) => ({ value, parked, threads: parked, want, launch: PLAIN }));
  test('drawSome draws k distinct entries of the list', () => {
    const d = drawSome(WRAPS, 2);
    expect(d).toHaveLength(2);
    expect(d[0]).not.toBe(d[1]);
    for (const e of d) expect(WRAPS).toContain(e);
    expect(drawSome(BLANKS_SIGNS, 99)).toHaveLength(BLANKS_SIGNS.length);
  });

  test('every catalogued reading is a pool of 1–8 (no 1024-thread probe is added)', () => {
    for (const [, n] of [...WRAPS, ...BLANKS_SIGNS]) expect(n).toBeGreaterThanOrEqual(1);
    for (const [, n] of [...WRAPS, ...BLANKS_SIGNS]) expect(n).toBeLessThanOrEqual(8);
    for (const [v] of [...WRAPS, ...BLANKS_SIGNS]) expect(v.length).toBeLessThan(16);
  });

  test('drawn values read as atoi reads them: holds, and the detail names them', () => {
    const obs = {
      ...seen(HONEST),
      drawn: drawn([
        ['4294967298', 2, 2],
        [' 8', 8, 8],
        ['+3', 3, 3],
        ['-4294967293', 3, 3],
      ]),
    };
    const r = check(obs);
    expect(r.ok).toBe(true);
    expect(r.detail).toMatch(/^all 13 values read as expected/);
    expect(r.detail).toContain('" 8" → 8');
  });

  test('a saturating reading (pool-size-saturating: 2^32 + 2 → 1024, seen as 64 parked) fails', () => {
    const obs = {
      ...seen(HONEST),
      drawn: drawn([
        ['4294967298', 64, 2],
        ['+3', 3, 3],
      ]),
    };
    expect(check(obs)).toEqual({ ok: false, detail: expect.stringMatching(/^read differently: "4294967298" → 64; /) });
  });

  test('a reading that stops at a blank or "+" (pool-size-no-blanks: " 8" → 1) fails', () => {
    const obs = {
      ...seen(HONEST),
      drawn: drawn([
        ['4294967298', 2, 2],
        [' 8', 1, 8],
        ['+3', 1, 3],
      ]),
    };
    expect(check(obs)).toEqual({
      ok: false,
      detail: expect.stringMatching(/^read differently: " 8" → 1, "\+3" → 1; /),
    });
  });

  test('a drawn value whose started threads disagree with its parked readers fails', () => {
    const obs = { ...seen(HONEST), drawn: [{ value: '\t5', parked: 5, threads: 6, want: 5, launch: PLAIN }] };
    expect(check(obs).ok).toBe(false);
  });

  test('a record from before values were drawn (no drawn) is judged on the fixed values', () => {
    expect(check(seen(HONEST))).toMatchObject({ ok: true });
    expect(check({ ...seen(HONEST), drawn: [{ value: ' 8', parked: 8, launch: PLAIN }] })).toMatchObject({ ok: true });
  });
});

describe('pool.env-parsing: each probe started plain (launchesPart)', () => {
  test('honest: every probe with only a shell’s variables and the value holds, the start in the reason', () => {
    const r = check(seen(HONEST));
    expect(r.ok).toBe(true);
    expect(r.detail).toMatch(
      /each of 9 probes started plain: no IPC channel, its environment read from outside 5 variables \(HOME, LANG, PATH, PWD, UV_THREADPOOL_SIZE\)/,
    );
  });

  test('a probe forked with an IPC channel, or with the harness’s io_uring default, fails and says so', () => {
    const obs = seen(HONEST);
    obs.seen[2] = { ...obs.seen[2], launch: { plain: false, env: null } };
    expect(check(obs)).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/1 of 9 probes: the probe ran as a forked child/),
    });
    const ring = seen(HONEST, { plain: true, env: ['PATH', 'UV_THREADPOOL_SIZE', 'UV_USE_IO_URING'] });
    expect(check(ring)).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/9 of 9 probes: started with UV_USE_IO_URING/),
    });
  });

  test('r2-fd3-pool’s shape (a plain program given 4 for "abc") fails on the reading, its start plain', () => {
    const r = check(seen(HONEST.map(([v, n]) => [v, v === 'abc' ? 4 : n])));
    expect(r).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^read differently: "abc" → 4; each of 9 probes started plain/),
    });
  });

  test('a start not read (off Linux: env null) or not recorded (a record from before): void, never a pass', () => {
    expect(check(seen(HONEST, { plain: true, env: null }))).toMatchObject({
      ok: false,
      invalid: true,
      detail: expect.stringMatching(/9 of 9 probes: started plain, its environment not read from outside/),
    });
    expect(check({ seen: HONEST.map(([value, parked]) => ({ value, parked, threads: parked })) })).toMatchObject({
      ok: false,
      invalid: true,
      detail: expect.stringMatching(/how the probe was started not recorded/),
    });
  });

  test('a wrong reading with a start not read still fails', () => {
    const r = check(
      seen(
        HONEST.map(([v, n]) => [v, v === 'x8' ? 8 : n]),
        { plain: true, env: null },
      ),
    );
    expect(r).toMatchObject({ ok: false });
    expect(r.invalid).toBeUndefined();
  });

  test('where this Node routes fs requests to io_uring by default, UV_USE_IO_URING=0 is allowed and named', () => {
    const ringCtx = /** @type {any} */ ({
      node: { uv: '1.46.0', version: 'v20.10.0' },
      arch: 'x64',
      release: '6.18.0',
      openFiles: null,
    });
    const ringCheck = /** @type {any} */ (spec.plan(ringCtx)).structural.check;
    const r = ringCheck(seen(HONEST, { plain: true, env: ['PATH', 'UV_THREADPOOL_SIZE', 'UV_USE_IO_URING'] }));
    // kept only where the kernel allows the ring; this machine's sysctl may forbid it
    if (r.ok)
      expect(r.detail).toMatch(
        /UV_USE_IO_URING=0 kept: Node v20\.10\.0 \(libuv 1\.46\.0\) sends fs requests to io_uring by default/,
      );
  });
});
