// @ts-check
// Looks at a trial's main thread from outside it. A main thread that stops
// taking its own samples may be kept from running, or may be held by the
// program: spinning in a callback (its own CPU time says so), or asleep in a
// blocking call of its own, which nothing inside the process can see while it
// sleeps. The harness's process can: every few ms it reads which system call
// the fixture's main thread is in (/proc/<pid>/syscall; the main thread's id
// is the process id), and the looks are put on the fixture's own clock after
// it reports (harness/kits/concurrency.js reads them).
import { createRequire } from 'node:module';

/** @type {{ mainThreadWait: (pid: number) => string | null }} */
const proc = createRequire(import.meta.url)('../fixtures/lib/proc.cjs');

/**
 * Whether this host lets a process's main thread be looked at so: Linux, on
 * an architecture whose system call numbers proc.cjs knows, the harness's
 * own main thread readable. Where it does not, a look finds nothing, and a
 * check that reads the looks has nothing to weigh (not "unreadable": nobody
 * looked).
 */
export const canLookAtMainThread = proc.mainThreadWait(process.pid) !== null;
/** @type {{ monoMs: () => number }} */
const { monoMs } = createRequire(import.meta.url)('../fixtures/lib/mono-clock.cjs');

/**
 * @typedef {{ pid: number, everyMs: number, mono: number[], wait: string[] }} Looks  whose main thread,
 *   how often, and when (monoMs) and where (proc.mainThreadWait: 'running', 'epoll:<fd>', 'no-syscall',
 *   or the call it is blocked in) each readable look found it
 * @typedef {{ everyMs: number, t: number[], wait: string[] }} MainLooks  the same on the fixture's clock
 *   (ms since its t0)
 */

/**
 * Look at process `pid`'s main thread every `everyMs` until stop(). Looks
 * that cannot be read (not Linux, no permission, the process gone) are left out.
 * @param {number} pid @param {number} everyMs
 * @returns {{ stop: () => Looks }}
 */
export function watchMainThread(pid, everyMs) {
  /** @type {Looks} */
  const looks = { pid, everyMs, mono: [], wait: [] };
  const timer = setInterval(() => {
    const wait = proc.mainThreadWait(pid);
    if (wait === null) return;
    looks.mono.push(round(monoMs()));
    looks.wait.push(wait);
  }, everyMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      return looks;
    },
  };
}

/**
 * The looks on the fixture's clock, from the moment it reports as its t0
 * (t0Mono); those before it dropped. null where there is nothing to align,
 * or the looks were at another process than the one that reported (its pid:
 * a wrapper that forked the fixture instead of becoming it).
 * @param {Looks | null | undefined} looks @param {{ t0Mono?: unknown, pid?: unknown }} reported
 * @returns {MainLooks | null}
 */
export function alignLooks(looks, { t0Mono, pid }) {
  if (!looks || typeof t0Mono !== 'number' || pid !== looks.pid || looks.mono.length === 0) return null;
  /** @type {MainLooks} */
  const out = { everyMs: looks.everyMs, t: [], wait: [] };
  looks.mono.forEach((mono, i) => {
    if (mono < t0Mono) return;
    out.t.push(round(mono - t0Mono));
    out.wait.push(looks.wait[i]);
  });
  return out;
}

/** @param {number} x */
function round(x) {
  return Math.round(x * 100) / 100;
}
