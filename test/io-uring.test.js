// Where libuv sends fs requests to io_uring (UV_USE_IO_URING=1 on libuv
// 1.45–1.48, Node 20): the FIFO count parks its readers where the pool holds
// them (fs.copyFile, never on the ring), the network claims' control is an
// fs.access (never on the ring either), and the claims whose fs.stat beside
// the held lookups is part of what they show say they cannot be decided there.
import { describe, test } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFixture } from '../harness/isolate.js';
import { fsOnRing, kernelRefuses } from '../harness/kits/io-uring.js';
import { satisfiesVersion } from '../harness/range.js';
import notPoolBound from '../specs/network/net.not-pool-bound.spec.js';
import fetchHostname from '../specs/network/net.fetch-hostname.spec.js';
import slowIo from '../specs/threadpool/pool.slow-io-cap-n1.spec.js';
import dnsHalfCap from '../specs/threadpool/pool.dns-half-cap.spec.js';
import envInCode from '../specs/threadpool/pool.env-in-code.spec.js';
import notAlone from '../specs/threadpool/main-thread.not-alone.spec.js';

/** A context on Node `version` (libuv `uv`) with `env` in force. @param {string} version @param {string} uv @param {Record<string, string>} [env] */
const ctx = (version, uv, env = {}, release = '6.18.0') =>
  /** @type {any} */ ({
    cores: 2,
    poolSize: 4,
    arch: 'x64',
    release,
    openFiles: 65536,
    env,
    node: { version, major: Number(version.slice(1).split('.')[0]), uv },
  });
const ring = { UV_USE_IO_URING: '1' };
// The plans read this machine's kernel.io_uring_disabled: where it forbids the
// ring, nothing goes there, and the cases that need it are skipped.
const sysctlAllows = kernelRefuses({ arch: 'x64', release: '6.18.0' }) === null;
const needsRing = { skip: !sysctlAllows && 'kernel.io_uring_disabled forbids io_uring here' };

describe('fsOnRing', () => {
  test('says what is in force on libuv 1.45–1.48 with the variable non-zero, and nothing elsewhere', needsRing, () => {
    expect(fsOnRing(ctx('v20.20.2', '1.46.0', ring))).toBe('UV_USE_IO_URING=1 in force with libuv 1.46.0');
    expect(fsOnRing(ctx('v20.20.2', '1.46.0', { UV_USE_IO_URING: '-1' }))).not.toBeNull(); // atoi: non-zero
    expect(fsOnRing(ctx('v20.20.2', '1.46.0', { UV_USE_IO_URING: '0' }))).toBeNull();
    expect(fsOnRing(ctx('v20.20.2', '1.46.0'))).toBeNull();
    expect(fsOnRing(ctx('v22.22.0', '1.51.0', ring))).toBeNull();
    expect(fsOnRing(/** @type {any} */ ({ env: ring }))).toBeNull(); // no Node read: nothing claimed
  });

  test(
    'the claims whose fs.stat beside the held lookups shows what they claim cannot be decided there',
    needsRing,
    () => {
      for (const spec of [dnsHalfCap, slowIo]) {
        expect(spec.plan(ctx('v20.20.2', '1.46.0', ring)).undecidable).toMatch(
          /UV_USE_IO_URING=1 in force with libuv 1\.46\.0: the fs\.stat beside the held lookups/,
        );
        expect(spec.plan(ctx('v20.20.2', '1.46.0')).undecidable).toBeUndefined();
        expect(spec.plan(ctx('v22.22.0', '1.51.0', ring)).undecidable).toBeUndefined();
      }
      // the network claims' control is an fs.access: decided there as anywhere
      for (const spec of [notPoolBound, fetchHostname])
        expect(spec.plan(ctx('v20.20.2', '1.46.0', ring)).undecidable).toBeUndefined();
    },
  );

  test('a kernel that refuses io_uring keeps fs on the pool', () => {
    expect(fsOnRing(ctx('v20.20.2', '1.46.0', ring, '5.10.0'))).toBeNull();
    expect(fsOnRing({ ...ctx('v20.20.2', '1.46.0', ring), arch: 'arm' })).toBeNull();
    expect(fsOnRing(ctx('v20.20.2', '1.46.0', ring), () => '2')).toBeNull(); // kernel.io_uring_disabled=2
  });

  test(
    'pool.env-in-code: an ES module entry on the ring starts no pool, so the assignment is expected to work',
    needsRing,
    () => {
      const want = (/** @type {any} */ c) => envInCode.plan(c).model.cases[2].want;
      expect(want(ctx('v20.20.2', '1.46.0'))).toBe(4);
      expect(want(ctx('v20.20.2', '1.46.0', ring))).toBe(2);
      // before kernel 6.1 libuv closes on the pool, and the loader's close starts it
      expect(want(ctx('v20.20.2', '1.46.0', ring, '5.15.0'))).toBe(4);
    },
  );

  test(
    'main-thread.not-alone on the ring: who read the file is not asserted, the thread count still is',
    needsRing,
    () => {
      const check = notAlone.plan(ctx('v20.20.2', '1.46.0', ring)).structural.check;
      const obs = { threadsAtStart: 7, threadsAfterPool: 11, reads: { others: 0 }, marks: { file: 1048576 } };
      const onRing = check(obs);
      expect(onRing).toMatchObject({ ok: true });
      expect(onRing.detail).toMatch(/who read the file not asserted/);
      expect(check({ ...obs, threadsAfterPool: 12 })).toMatchObject({ ok: false });
      expect(notAlone.plan(ctx('v20.20.2', '1.46.0')).structural.check(obs)).toMatchObject({ ok: false });
    },
  );
});

// The FIFO count itself, with the ring asked for where this Node's libuv would use it.
const onRingHere =
  process.platform === 'linux' &&
  satisfiesVersion(process.versions.uv, '>=1.45.0 <1.49.0') &&
  kernelRefuses({ arch: process.arch, release: os.release() }) === null;

test(
  'the FIFO count reads the pool with fs requests on io_uring',
  { skip: !onRingHere && 'libuv or the kernel here never sends fs to io_uring' },
  async () => {
    const tmpdir = mkdtempSync(path.join(os.tmpdir(), 'ncs-uring-'));
    try {
      const { data } = await runFixture({
        node: process.execPath,
        fixture: 'pool-probe.cjs',
        options: { tmpdir, fifos: 16, threadAffinity: false },
        settings: ring,
      });
      expect(data).toMatchObject({ parked: 4, blocked: 4 });
      expect(data.poolThreads).toHaveLength(4);
    } finally {
      rmSync(tmpdir, { recursive: true, force: true });
    }
  },
);
