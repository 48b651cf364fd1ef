// worker.pooled-transfer: the check per Node version on made-up observations,
// and the fixture with and without its sabotage (this Node's own behaviour).
import { describe, test } from 'node:test';
import { expect } from 'expect';
import { readFileSync } from 'node:fs';
import { runFixture, startFixture } from '../harness/isolate.js';
import spec, { movedUnseen, bigLook, ioChars } from '../specs/workers/worker.pooled-transfer.spec.js';

const checkOn = (/** @type {number} */ major) =>
  spec.plan(/** @type {any} */ ({ cores: 2, node: { version: `v${major}.0.0`, major } })).structural.check;

const PLAIN = { type: 'ArrayBuffer', length: 16, text: 'plain-arraybuffe', backing: 16, marker: false };
const COPY = { type: 'Uint8Array', length: 5, text: 'small', backing: 8192, marker: true };
const DCE = { name: 'DataCloneError', type: 'DOMException', message: 'Cannot transfer object of unsupported type.' };
/** @param {any} threw @param {any[]} received @param {any} [o] */
const obs = (threw, received, o = {}) => ({
  pool: { poolSize: 8192, backing: 8192, shared: true, pooled: true },
  pooled: {
    threw,
    after: { backing: 8192, text: 'small', neighbour: 'ncs-neighbour-1' },
    neighbourText: 'ncs-neighbour-1',
  },
  plain: { threw: null, byteLengthAfter: 0, text: 'plain-arraybuffe' },
  received,
  ...o,
});

describe('worker.pooled-transfer check', () => {
  test('Node 20: a silent copy passes; an error, or nothing received, fails', () => {
    expect(checkOn(20)(obs(null, [COPY, PLAIN]))).toMatchObject({ ok: true });
    expect(checkOn(20)(obs(DCE, [PLAIN]))).toMatchObject({ ok: false });
    expect(checkOn(20)(obs(null, [PLAIN]))).toMatchObject({ ok: false });
  });

  test("Node 20: memory shared with the sender is no copy (pool-shared-memory): the worker's write seen, or a SharedArrayBuffer", () => {
    const pooled = (/** @type {string} */ afterWorker) => ({
      threw: null,
      after: { backing: 8192, text: 'small', neighbour: 'ncs-neighbour-1' },
      afterWorker,
      neighbourText: 'ncs-neighbour-1',
    });
    const kept = checkOn(20)(obs(null, [{ ...COPY, bufferType: 'ArrayBuffer' }, PLAIN], { pooled: pooled('small') }));
    expect(kept.ok).toBe(true);
    expect(kept.detail).toContain("the worker's write to what it received left the sender's 'small' as it was");
    const seen = checkOn(20)(obs(null, [COPY, PLAIN], { pooled: pooled('Small') }));
    expect(seen.ok).toBe(false);
    expect(seen.detail).toContain("the sender's Buffer read 'Small': the memory is shared, not copied");
    const sab = checkOn(20)(obs(null, [{ ...COPY, bufferType: 'SharedArrayBuffer' }, PLAIN]));
    expect(sab.ok).toBe(false);
    expect(sab.detail).toContain("'small' on a 8192-byte SharedArrayBuffer");
  });

  test('Node 21+: DataCloneError with nothing sent passes; a copy sent anyway fails', () => {
    expect(checkOn(22)(obs(DCE, [PLAIN]))).toMatchObject({ ok: true });
    expect(checkOn(22)(obs(DCE, [COPY, PLAIN]))).toMatchObject({ ok: false });
    expect(checkOn(22)(obs(null, [COPY, PLAIN]))).toMatchObject({ ok: false });
  });

  test('a detached pool, or a plain ArrayBuffer not detached, fails; an unpooled Buffer is no evidence', () => {
    const detached = obs(DCE, [PLAIN]);
    detached.pooled.after.backing = 0;
    expect(checkOn(22)(detached)).toMatchObject({ ok: false });
    expect(checkOn(22)(obs(DCE, [PLAIN], { plain: { threw: null, byteLengthAfter: 16 } }))).toMatchObject({
      ok: false,
    });
    expect(checkOn(22)(obs(DCE, [PLAIN], { pool: { backing: 5, shared: false, pooled: false } }))).toMatchObject({
      invalid: true,
    });
  });
});

describe("worker.pooled-transfer: the plain ArrayBuffer out of the sender's reach", () => {
  const HONEST = { byteLength: 0, viewLength: 0, read: null, readAfterWrite: null, newView: 'TypeError', ownKeys: [] };
  // plain-detach-faked: a copy sent, the sender's attached with an own byteLength of 0
  const FAKED = {
    byteLength: 16,
    viewLength: 16,
    read: 112,
    readAfterWrite: 33,
    newView: null,
    ownKeys: ['byteLength'],
  };
  const withDetach = (/** @type {any} */ detach) =>
    obs(null, [COPY, PLAIN], { plain: { threw: null, byteLengthAfter: 0, text: 'plain-arraybuffe', detach } });
  test('unreachable passes; still reachable (plain-detach-faked) fails; not read is left out', () => {
    const honest = checkOn(20)(withDetach(HONEST));
    expect(honest.ok).toBe(true);
    expect(honest.detail).toContain('the sender cannot reach it');
    expect(
      checkOn(22)(obs(DCE, [PLAIN], { plain: { threw: null, byteLengthAfter: 0, detach: HONEST } })),
    ).toMatchObject({
      ok: true,
    });
    const faked = checkOn(20)(withDetach(FAKED));
    expect(faked.ok).toBe(false);
    expect(faked.detail).toContain(
      'the sender still reaches it: byteLength 16 in its slot (own properties: byteLength)',
    );
    expect(checkOn(22)(obs(DCE, [PLAIN], { plain: { threw: null, byteLengthAfter: 0, detach: FAKED } }))).toMatchObject(
      {
        ok: false,
      },
    );
    expect(checkOn(20)(withDetach(undefined))).toMatchObject({ ok: true });
  });
  test('each reading on its own: any one that reaches the bytes fails', () => {
    for (const [k, v] of Object.entries(FAKED))
      expect(checkOn(20)(withDetach({ ...HONEST, [k]: v }))).toMatchObject({ ok: false });
  });
});

describe('worker.pooled-transfer: Node 20 sends a copy of the whole pool', () => {
  const H = 'a'.repeat(64);
  const pooled = { threw: null, after: { backing: 8192, text: 'small', neighbour: 'ncs-neighbour-1' } };
  const withHashes = (/** @type {any} */ poolHash, /** @type {any} */ hash, zeros = 35) =>
    obs(null, [{ ...COPY, hash, zeros }, PLAIN], {
      pooled: { ...pooled, neighbourText: 'ncs-neighbour-1', poolHash, poolZeros: 35 },
    });
  test('the same bytes pass; others (pooled-copy-page-only) fail; a hash missing is left out', () => {
    const same = checkOn(20)(withHashes(H, H));
    expect(same.ok).toBe(true);
    expect(same.detail).toContain("the first its 8192 bytes the same as the sender's pool");
    const paged = checkOn(20)(withHashes(H, 'b'.repeat(64), 4119));
    expect(paged.ok).toBe(false);
    expect(paged.detail).toContain("not the sender's pool (another sha256; 4119 bytes 0 against 35 in the pool)");
    expect(checkOn(20)(withHashes(undefined, H))).toMatchObject({ ok: true });
    expect(checkOn(20)(withHashes(H, undefined))).toMatchObject({ ok: true });
  });
});

describe('worker.pooled-transfer: a big plain ArrayBuffer moved, not copied', () => {
  const MiB = 1024 * 1024;
  const big = (/** @type {any} */ o) => ({
    bytes: 32 * MiB,
    threw: null,
    byteLengthAfter: 0,
    received: 32 * MiB,
    rssGrowth: 0.2 * MiB,
    peakGrowth: 0.4 * MiB,
    ...o,
  });
  const withBig = (/** @type {any} */ b) =>
    obs(null, [COPY, PLAIN], { plain: { threw: null, byteLengthAfter: 0, text: 'plain-arraybuffe', big: b } });
  test('no memory of its size added passes; a copy (its peak, or what stays) fails', () => {
    expect(checkOn(20)(withBig(big({})))).toMatchObject({ ok: true });
    const copied = checkOn(20)(withBig(big({ peakGrowth: 64 * MiB, rssGrowth: 32 * MiB })));
    expect(copied).toMatchObject({ ok: false });
    expect(copied.detail).toMatch(/peak resident memory grew 64 MiB/);
    // a copy whose original was let go at once: the peak still holds both
    expect(checkOn(20)(withBig(big({ peakGrowth: 33 * MiB, rssGrowth: 0.1 * MiB })))).toMatchObject({ ok: false });
    // where the peak cannot be reset, what stays resident decides
    expect(checkOn(20)(withBig(big({ peakGrowth: null, rssGrowth: 33 * MiB })))).toMatchObject({ ok: false });
    expect(checkOn(20)(withBig(big({ peakGrowth: null })))).toMatchObject({ ok: true });
  });
  test('not detached, or not received whole, fails', () => {
    expect(checkOn(20)(withBig(big({ byteLengthAfter: 32 * MiB })))).toMatchObject({ ok: false });
    expect(checkOn(20)(withBig(big({ received: null })))).toMatchObject({ ok: false });
  });
});

describe('worker-transfer.cjs', () => {
  const run = async (/** @type {string | undefined} */ sabotage) =>
    (await runFixture({ node: process.execPath, fixture: 'worker-transfer.cjs', env: { NCS_SABOTAGE: sabotage } }))
      .data;
  const major = Number(process.versions.node.split('.')[0]);
  const check = checkOn(major);

  test('honest: the check passes on this Node', async () => {
    expect(check(await run(undefined))).toMatchObject({ ok: true });
  });

  test('pooled-transfer-misdelivered: the same error (or none) and detachment, a wrong delivery, and the check fails', async () => {
    const honest = await run(undefined);
    const d = await run('pooled-transfer-misdelivered');
    expect(d.pooled.threw?.name ?? null).toBe(honest.pooled.threw?.name ?? null);
    expect(d.pooled.after.backing).toBe(honest.pooled.after.backing);
    expect(d.received.length).not.toBe(honest.received.length);
    expect(check(d)).toMatchObject({ ok: false });
  });

  test('plain-detach-faked: byteLength reads 0, the sender still reaches the bytes, and the check fails', async () => {
    const d = await run('plain-detach-faked');
    expect(d.plain.byteLengthAfter).toBe(0);
    expect(d.plain.detach).toMatchObject({ byteLength: 16, viewLength: 16, newView: null, ownKeys: ['byteLength'] });
    expect(check(d)).toMatchObject({ ok: false });
  });

  // where the pool's ArrayBuffer is not Buffer.poolSize bytes (Node 26) it does nothing
  const paged = Buffer.from('x').buffer.byteLength === Buffer.poolSize;
  test(
    "pooled-copy-page-only: a copy with the pool's other page 0, and the check fails",
    { skip: !paged },
    async () => {
      const d = await run('pooled-copy-page-only');
      expect(d.pooled.threw).toBe(null);
      expect(d.received[0].backing).toBe(d.pool.backing);
      expect(d.received[0].hash).not.toBe(d.pooled.poolHash);
      expect(check(d)).toMatchObject({ ok: false });
    },
  );

  test('honest: the pool as sent is mostly bytes drawn at random, and the plain one out of reach', async () => {
    const d = await run(undefined);
    expect(d.pooled.poolZeros).toBeLessThan(d.pool.backing / 16);
    expect(d.plain.detach).toEqual({
      byteLength: 0,
      viewLength: 0,
      read: null,
      readAfterWrite: null,
      newView: 'TypeError',
      ownKeys: [],
    });
    if (major < 21) expect(d.received[0].hash).toBe(d.pooled.poolHash);
  });
});

const linux = process.platform === 'linux';

describe('worker.pooled-transfer: the big move read from outside (movedUnseen)', () => {
  const BIG = 32 * 1024 * 1024;
  const check = spec.plan(/** @type {any} */ ({ cores: 2, node: { version: 'v20.0.0', major: 20 } })).structural.check;
  const obs = (/** @type {any} */ look) => ({
    pool: { poolSize: 8192, backing: 8192, shared: true, pooled: true },
    pooled: { threw: null, after: { backing: 8192, text: 'small', neighbour: 'n' }, neighbourText: 'n' },
    plain: {
      threw: null,
      byteLengthAfter: 0,
      text: 'plain-arraybuffe',
      big: { bytes: BIG, threw: null, byteLengthAfter: 0, received: BIG, rssGrowth: 0, peakGrowth: 786432 },
    },
    received: [
      { type: 'Uint8Array', length: 5, text: 'small', backing: 8192, marker: true },
      { type: 'ArrayBuffer', length: 16, text: 'plain-arraybuffe', backing: 16, marker: false },
    ],
    bigLook: look,
  });
  /** The three windows as read: a page moved, its bytes copied, the big move (ms of CPU, bytes of I/O). */
  const look = (/** @type {number} */ bigCpu, ioBytes = 95, copy = 86.2, page = 4.5) => ({
    page: { ioBytes: 96, cpuMs: page, goneMs: 0 },
    copy: { ioBytes: 112, cpuMs: copy, goneMs: 0 },
    big: { ioBytes, cpuMs: bigCpu, goneMs: 0 },
  });
  const honest = look(4.51);

  test('honest as measured: 95 B of I/O, 3.9–5.1 ms of CPU against a page moved (3.3–8.1) and copied (85–94): passes', () => {
    expect(movedUnseen(honest)).toMatchObject({ ok: true });
    const r = check(obs(honest));
    expect(r).toMatchObject({ ok: true });
    expect(r.detail).toContain('over the big move the sender read and wrote 0 KiB');
    expect(r.detail).toContain(
      'spent 4.5 ms of CPU (a page moved: 4.5 ms, its bytes copied: 86.2 ms: under 45.4 expected)',
    );
  });

  test('plain-transfer-spilled as measured: 64 MiB of I/O and 67–144 ms of CPU: fails', () => {
    const spilled = look(85.02, 67109549);
    expect(movedUnseen(spilled)).toMatchObject({ ok: false });
    const r = check(obs(spilled));
    expect(r).toMatchObject({ ok: false });
    expect(r.detail).toContain('its bytes were copied, not moved');
  });

  test('either reading alone fails: a spill with little CPU, a copy in memory (packed) with no I/O', () => {
    expect(movedUnseen(look(4.5, BIG))).toMatchObject({ ok: false });
    expect(movedUnseen(look(50))).toMatchObject({ ok: false });
    expect(movedUnseen(look(40))).toMatchObject({ ok: true });
  });

  test('threads that ended count beyond two ticks; a copy too cheap to tell apart: CPU left out; no look: fails', () => {
    // a helper thread that packed the bytes and ended: its CPU read from the process's whole
    expect(movedUnseen({ ...honest, big: { ioBytes: 95, cpuMs: 70, goneMs: 88 } })).toMatchObject({ ok: false });
    // a copy within COPY_APART_MS of a page's move: the CPU not judged, the I/O still
    const close = movedUnseen(look(60, 95, 7, 4.5));
    expect(close).toMatchObject({ ok: true });
    expect(close?.text).toContain('too close to tell a move from a copy here, the CPU not judged');
    expect(movedUnseen(look(60, BIG, 7, 4.5))).toMatchObject({ ok: false });
    expect(check(obs({ missing: true }))).toMatchObject({ ok: false });
    expect(movedUnseen(null)).toBeNull();
    expect(check(obs(undefined))).toMatchObject({ ok: true });
  });

  test(
    'bigLook: each window between its two looks, the CPU of threads that ended beyond two ticks',
    { skip: !linux },
    () => {
      const at = (
        /** @type {string} */ phase,
        /** @type {number} */ r,
        /** @type {any} */ threadMs,
        /** @type {number} */ processMs,
      ) => ({
        phase,
        rchar: r,
        wchar: 0,
        threadMs,
        processMs,
      });
      const looks = [
        at('before-page', 0, { 1: 0 }, 0),
        at('after-page', 10, { 1: 4 }, 10),
        at('before-big', 10, { 1: 4, 2: 0 }, 10),
        // thread 2 gone, 1 +5 ms; the process +40 ms: 35 ms in a thread that ended
        at('after-big', 105, { 1: 9 }, 50),
        at('before-copy', 105, { 1: 9 }, 50),
        at('after-copy', 205, { 1: 99 }, 140),
      ];
      expect(bigLook(looks)).toEqual({
        page: { ioBytes: 10, cpuMs: 4, goneMs: 6 },
        big: { ioBytes: 95, cpuMs: 20, goneMs: 35 },
        copy: { ioBytes: 100, cpuMs: 90, goneMs: 0 },
      });
      expect(bigLook(looks.slice(0, 4))).toEqual({ missing: true });
      expect(ioChars('rchar: 12\nwchar: 34\nsyscr: 1\n')).toEqual({ rchar: 12, wchar: 34 });
      expect(ioChars('syscr: 1\n')).toBeNull();
    },
  );

  /** @param {string | undefined} sabotage */
  const ioOver = async (sabotage) => {
    /** @type {any[]} */
    const looks = [];
    const h = startFixture({
      node: process.execPath,
      fixture: 'worker-transfer.cjs',
      options: { look: true },
      env: { NCS_SABOTAGE: sabotage },
      timeoutMs: 20_000,
      onMessage: (m) => {
        if (m?.event !== 'held' || !h.pid) return;
        looks.push({ phase: m.phase, .../** @type {any} */ (ioChars(readFileSync(`/proc/${h.pid}/io`, 'utf8'))) });
        h.send({ type: 'looked', phase: m.phase });
      },
    });
    await h.result;
    const a = looks.find((l) => l.phase === 'before-big');
    const b = looks.find((l) => l.phase === 'after-big');
    return b.rchar - a.rchar + (b.wchar - a.wchar);
  };

  test(
    'the fixture looked at from outside: no I/O over an honest move, 64 MiB over a spilled one',
    { skip: !linux },
    async () => {
      expect(await ioOver(undefined)).toBeLessThan(BIG / 32);
      expect(await ioOver('plain-transfer-spilled')).toBeGreaterThanOrEqual(2 * BIG);
    },
  );
});
