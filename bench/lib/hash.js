// The calibrated task's hash, timed on the calling thread: the same pbkdf2
// (sha512, a 64-byte key) as fixtures/profile-probe.cjs times.
import { pbkdf2Sync } from 'node:crypto';
import { performance } from 'node:perf_hooks';

/** Milliseconds of one pbkdf2Sync of `iterations`, by the wall clock. @param {number} iterations */
export function timeHash(iterations) {
  const t0 = performance.now();
  pbkdf2Sync('secret', 'salt', iterations, 64, 'sha512');
  return performance.now() - t0;
}
