// @ts-check
// Where libuv sends fs requests: to its pool, or to an io_uring the kernel
// serves. libuv 1.45 (Node 20.3.0) sends stat, open, read, close and more to
// an io_uring with a kernel polling thread (SQPOLL) on Linux, not to the pool.
// Upstream it was on unless UV_USE_IO_URING=0 up to 1.48; Node patched it to
// opt-in (UV_USE_IO_URING=1) in 20.11.1 and 21.6.2 (CVE-2024-22017, node
// 42e659c). From libuv 1.49 (libuv#4492) the SQPOLL ring exists only on a loop
// configured with UV_LOOP_USE_IO_URING_SQPOLL, which Node never does, and the
// variable no longer reaches fs. fs.access and fs.copyFile never go to the
// ring (the FIFO count's readers are fs.copyFile requests: fixtures/lib/fifo.cjs).
import { readFileSync } from 'node:fs';
import { satisfiesVersion } from '../range.js';

/** '6.18.44-fc' -> [6, 18, 44]; null where it does not read. @param {string} release */
export function kernelVersion(release) {
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?/.exec(release ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : null;
}

/** a >= b for [major, minor, patch]. @param {number[]} a @param {number[]} b */
export const atLeast = (a, b) => (a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] >= b[2]);

/**
 * Where this Node's libuv sends fs requests, by its version alone:
 * 'pool' always, 'opt-in' (the ring with UV_USE_IO_URING=1) or 'default'
 * (the ring unless UV_USE_IO_URING is 0).
 * @param {{ version: string, uv: string }} node
 * @returns {'pool' | 'opt-in' | 'default'}
 */
export function ioUringRule(node) {
  if (!satisfiesVersion(node.uv, '>=1.45.0 <1.49.0')) return 'pool';
  // Node's own patch made it opt-in (a later libuv needs no patch: 1.49+ is 'pool').
  return satisfiesVersion(node.version, '<20.11.1 || >=21 <21.6.2') ? 'default' : 'opt-in';
}

/**
 * Why this machine's kernel keeps libuv from its SQPOLL ring, or null: libuv
 * wants 5.10.186 and io_uring features of 5.13; the sysctl can forbid it.
 * @param {{ arch: string, release: string }} ctx
 * @param {() => string} [readDisabled] the text of /proc/sys/kernel/io_uring_disabled
 */
export function kernelRefuses(ctx, readDisabled = () => readFileSync('/proc/sys/kernel/io_uring_disabled', 'utf8')) {
  if (!['x64', 'arm64'].includes(ctx.arch))
    return `libuv's io_uring use differs on ${ctx.arch} (never on 32-bit arm, nor on ppc64 from 1.48)`;
  const k = kernelVersion(ctx.release);
  if (!k) return `the kernel version '${ctx.release}' does not read`;
  if (!atLeast(k, [5, 13, 0])) return `kernel ${k.join('.')} lacks what libuv needs of io_uring (5.13)`;
  let disabled = 0;
  try {
    disabled = Number(readDisabled().trim());
  } catch {
    // no such sysctl before 6.6: allowed
  }
  if (disabled > 0) return `io_uring is disabled by sysctl (kernel.io_uring_disabled=${disabled})`;
  return null;
}

/** Does libuv close files through the ring? Only on kernels from 6.1 (linux.c, uv__iou_fs_close). @param {{ release: string }} ctx */
export function closeOnRing(ctx) {
  const k = kernelVersion(ctx.release);
  return k !== null && atLeast(k, [6, 1, 0]);
}

/**
 * Where the fixtures' fs requests go to io_uring under the settings in force:
 * libuv's rule allows the ring, the kernel does not refuse it, and the
 * settings set UV_USE_IO_URING non-zero, as libuv's atoi reads it (the
 * harness runs every fixture with 0 unless the settings say otherwise, so
 * the default rule of 20.3–20.11 needs them too). Measured on 20.20.2, kernel
 * 6.18: fs.stat, fs.promises.stat, fs.readFile and the ES module loader's
 * reads finish past a full pool; from libuv 1.49 they wait for it whatever
 * the variable says (measured from 1.51: 22.17+, 24, 26; INTERPRETING.md).
 * Node 21 and 22.0–22.11 (libuv 1.46–1.48) are taken to be like 20.20.2.
 * Returns what is in force, in words for a reason, or null.
 * @param {import('../context.js').Context} ctx
 * @param {() => string} [readDisabled]
 * @returns {string | null}
 */
export function fsOnRing(ctx, readDisabled) {
  const value = ctx.env?.UV_USE_IO_URING;
  if (!ctx.node?.uv || value === undefined || (Number.parseInt(value, 10) || 0) === 0) return null;
  if (ioUringRule(ctx.node) === 'pool' || kernelRefuses(ctx, readDisabled) !== null) return null;
  return `UV_USE_IO_URING=${value} in force with libuv ${ctx.node.uv}`;
}
