// pool.env-in-code's check on made-up readings: the value assigned below the
// pool the process starts with, and one above it.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import spec, { aboveStart, drawAbove, ownReading, ownPart } from '../specs/threadpool/pool.env-in-code.spec.js';
import { latePart } from '../harness/kits/late-work.js';
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

  /** What each case read, in the plan's order, the last (drawn above) of `drawn`. @param {number[]} parked */
  const seenDrawn = (parked, drawn = 187) => {
    const obs = seen(parked);
    if (obs.seen[3]) Object.assign(obs.seen[3], { asked: drawn, want: drawn });
    return obs;
  };

  test('a value above the pool the process starts with and above 128 is drawn and assigned too', () => {
    expect(aboveStart(4)).toEqual([129, 300]);
    expect(aboveStart(1)).toEqual([129, 300]);
    expect(aboveStart(200)).toEqual([202, 373]);
    expect(aboveStart(1000)).toEqual([1002, 1024]);
    expect(aboveStart(1023)).toEqual([1024, 1024]);
    expect(aboveStart(1024)).toBeNull(); // nothing above the cap
    for (let i = 0; i < 50; i++) {
      const n = Number(drawAbove([129, 300]));
      expect(n >= 129 && n <= 300).toBe(true);
    }
    expect(plan.model.cases).toHaveLength(4);
    expect(plan.model.cases[3]).toMatchObject({ want: 'the value drawn', asked: '129–300, drawn' });
    expect(plan.summary).toContain('assigning a value drawn in 129–300 → that value');
  });

  test('2, then 4 after the first pool use, 4 from an ES module (Node 20), the value drawn: holds', () => {
    expect(check(seenDrawn([2, 4, 4, 187]))).toMatchObject({ ok: true });
  });

  test('a value honoured only up to the launch environment’s pool (8 gives 4) fails', () => {
    const r = check(seenDrawn([2, 4, 4, 4]));
    expect(r.ok).toBe(false);
    expect(r.detail).toContain('assigning a value drawn in 129–300 (187) → 4 (expected 187)');
  });

  test('a value set in code capped at 128 (env-in-code-cap-128: 187 gives 128) fails', () => {
    const r = check(seenDrawn([2, 4, 4, 128]));
    expect(r.ok).toBe(false);
    expect(r.detail).toContain('(187) → 128 (expected 187)');
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
      expect(big.model.cases.map((/** @type {any} */ k) => k.want)).toEqual([2, P, P, 'the value drawn']);
      /** @type {any[]} */
      const asked = [];
      const c = {
        run: async (/** @type {string} */ _f, /** @type {any} */ o) => {
          asked.push(o.options);
          const want = big.model.cases[asked.length - 1].want; // each case as the claim has it
          const n = typeof want === 'number' ? want : Number(o.options.setEnv);
          const lateWork = o.options.lateWork
            ? { kinds: o.options.lateWork, doneWhileParked: 0, done: o.options.lateWork.length, errors: [] }
            : undefined;
          return { parked: n, poolThreads: [], blocked: n, saturated: false, ...(lateWork ? { lateWork } : {}) };
        },
      };
      const obs = await big.trial(c);
      const drawn = Number(asked[3].setEnv);
      const lo = Math.max(129, P + 2);
      expect(drawn >= lo && drawn <= lo + 171).toBe(true);
      expect(asked.map((o) => o.fifos)).toEqual([64, P + 8, P + 8, Math.max(64, drawn + 8)]);
      // after the first use: raised above P (at most 64 above), P + 1–3 hashes and the other kinds
      const late = Number(asked[1].setEnv);
      expect(late > P && late <= P + 64).toBe(true);
      const kinds = asked[1].lateWork;
      const hashes = kinds.filter((/** @type {string} */ k) => k === 'pbkdf2' || k === 'scrypt').length;
      expect(hashes > P && hashes <= P + 3).toBe(true);
      expect(kinds.filter((/** @type {string} */ k) => !['pbkdf2', 'scrypt'].includes(k)).sort()).toEqual([
        'fs',
        'randomBytes',
        'zlib',
      ]);
      expect(big.structural.check(obs)).toMatchObject({ ok: true });
    }
    // more than this machine's open files allow: no count (a short count would read as the FIFOs)
    const few = /** @type {any} */ (
      spec.plan(ctx({ poolSize: 1000, env: { UV_THREADPOOL_SIZE: '1000' }, openFiles: 1024 }))
    );
    expect(few.skip).toMatch(/a FIFO count of 1032 readers/);
  });

  describe("the launched process's own pool, read from outside (ownPart)", () => {
    /** each case's own reading: the launched pid 100, its parked count as the fixture's */
    const withOwn = (/** @type {(n: number, i: number) => object | null} */ own) => {
      const obs = seenDrawn([2, 4, 4, 187]);
      obs.seen.forEach((s, i) => Object.assign(s, { own: own(s.parked, i) }));
      return obs;
    };
    test('honest: the pid spawned reports, its threads parked as counted, no child', () => {
      const r = check(withOwn((n) => ({ pid: 100, reported: 100, children: [], foreign: [], parked: n })));
      expect(r).toMatchObject({ ok: true });
    });
    test('run again as a child with the value at launch, its report relayed: fails', () => {
      // env-in-code-relaunch: the child's pid and threads, a child, none parked in the launched one
      const relayed = (/** @type {number} */ n, /** @type {number} */ i) =>
        i === 1 || i === 2
          ? { pid: 100, reported: 100, children: [], foreign: [], parked: n }
          : { pid: 100, reported: 113, children: [113], foreign: [114, 115], parked: 0 };
      const r = check(withOwn(relayed));
      expect(r.ok).toBe(false);
      expect(r.detail).toContain("0 of the launched process's threads parked on FIFOs, read from outside (expected 2)");
      expect(r.detail).toContain("the report is process 113's, not the launched process's (100)");
      expect(ownPart({ pid: 100, reported: 100, children: [], foreign: [], parked: 4 }, 2)?.ok).toBe(false);
      expect(ownPart({ pid: 100, reported: 100, children: [7], foreign: [], parked: 2 }, 2)?.ok).toBe(false);
    });
    test('not read (older records, not Linux, read late): left out', () => {
      expect(check(withOwn(() => null))).toMatchObject({ ok: true });
      expect(ownPart(null, 2)).toBeNull();
      expect(ownReading(null, { pid: 1 })).toBeNull();
      const reading = { pid: 100, parked: 2, tasks: ['100', '101', '102'], children: [] };
      expect(ownReading(reading, { pid: 100, poolThreads: [101], outside: { late: ['parked'] } })).toBeNull();
      if (process.platform === 'linux')
        expect(ownReading(reading, { pid: 100, poolThreads: [101, 9] })).toEqual({
          pid: 100,
          children: [],
          foreign: [9],
          parked: 2,
          reported: 100,
        });
      // parked unreadable: only who reports is judged
      expect(ownPart({ pid: 100, reported: 100, children: [], foreign: [], parked: null }, 2)?.ok).toBe(true);
    });
  });

  test('under a pool of 1024 in force there is no value above to assign', () => {
    const capped = /** @type {any} */ (spec.plan(ctx({ poolSize: 1024, env: { UV_THREADPOOL_SIZE: '1024' } })));
    expect(capped.model.cases).toHaveLength(3);
  });

  describe('after the first pool use, pool work submitted once the value is raised (latePart)', () => {
    const kinds = ['pbkdf2', 'scrypt', 'zlib', 'pbkdf2', 'fs', 'scrypt', 'randomBytes', 'pbkdf2'];
    const threads = { 'late-before': [1, 2, 3, 4, 5], 'late-after': [1, 2, 3, 4, 5] };
    const report = (/** @type {object} */ o = {}) => ({
      kinds,
      doneWhileParked: 0,
      done: kinds.length,
      errors: [],
      ...o,
    });
    /** the four cases, the second with `late` */
    const withLate = (/** @type {any} */ late) => {
      const obs = seenDrawn([2, 4, 4, 187]);
      obs.seen[1].late = late;
      return obs;
    };

    test('none completed while parked, all after, no thread gained (honest): holds', () => {
      const r = latePart({ kinds, report: report(), threads });
      expect(r).toMatchObject({ ok: true });
      expect(r?.detail).toContain('0 of 8 late requests (3 pbkdf2, 2 scrypt, 1 zlib, 1 fs, 1 randomBytes)');
      expect(r?.detail).toContain('the process gained 0 threads across them');
      expect(check(withLate({ kinds, report: report(), threads }))).toMatchObject({ ok: true });
    });

    test('threads made for the hashes beyond the pool (env-late-crypto-pool) fail', () => {
      const grown = { ...threads, 'late-after': [1, 2, 3, 4, 5, 9, 10, 11] };
      const r = latePart({ kinds, report: report(), threads: grown });
      expect(r).toMatchObject({ ok: false });
      expect(r?.detail).toContain('the process gained 3 threads');
      expect(check(withLate({ kinds, report: report(), threads: grown }))).toMatchObject({ ok: false });
    });

    test('a request completed while every pool thread was parked fails', () => {
      expect(latePart({ kinds, report: report({ doneWhileParked: 1 }), threads })).toMatchObject({ ok: false });
      expect(latePart({ kinds, report: report({ doneWhileParked: 2 }), threads: null })).toMatchObject({ ok: false });
    });

    test('requests not all completed, failed, or not those submitted fail', () => {
      expect(latePart({ kinds, report: report({ done: 7 }), threads })).toMatchObject({ ok: false });
      expect(latePart({ kinds, report: report({ errors: ['fs: EMFILE'] }), threads })).toMatchObject({ ok: false });
      expect(latePart({ kinds, report: report({ kinds: kinds.slice(1) }), threads })).toMatchObject({ ok: false });
    });

    test('threads not read (late look, off Linux) are left out; no report: the part is left out', () => {
      const r = latePart({ kinds, report: report(), threads: null });
      expect(r).toMatchObject({ ok: true });
      expect(r?.detail).not.toContain('gained');
      expect(latePart({ kinds, report: report(), threads: { 'late-before': [1], 'late-after': null } })?.ok).toBe(true);
      expect(latePart({ kinds, report: null, threads })).toBeNull();
      expect(latePart(undefined)).toBeNull();
      expect(check(withLate(undefined))).toMatchObject({ ok: true });
    });
  });
});
