// worker.pooled-transfer: the check per Node version on made-up observations,
// and the fixture with and without its sabotage (this Node's own behaviour).
import { describe, test } from 'node:test';
import { expect } from 'expect';
import { runFixture } from '../harness/isolate.js';
import spec from '../specs/workers/worker.pooled-transfer.spec.js';

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
});
