// @ts-check
// The kernel's per-thread accounting of a fixture, read by the harness from
// outside (Linux /proc): what a fixture says about its own threads plays no
// part. Used by the main-thread specs: fixtures/main-thread.cjs marks each
// callback with a read the kernel counts for whichever thread ran it.
import { readFileSync, readdirSync } from 'node:fs';

/**
 * rchar (bytes read by read-like syscalls) from the text of a /proc io file; null if absent.
 * @param {string} text
 */
export function rchar(text) {
  const m = /^rchar:\s*(\d+)$/m.exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * Bytes read by each live thread of process `pid`, per /proc/<pid>/task/<tid>/io
 * (task I/O accounting): { main, others } with main the thread whose tid is
 * the pid and others the sum over the rest; null off Linux, or where the
 * kernel does not keep the count.
 * @param {number} pid
 * @param {{ tasks?: (pid: number) => string[], io?: (pid: number, tid: string) => string }} [read]  (tests)
 * @returns {{ main: number, others: number, threads: number } | null}
 */
export function threadReads(
  pid,
  {
    tasks = (p) => readdirSync(`/proc/${p}/task`),
    io = (p, tid) => readFileSync(`/proc/${p}/task/${tid}/io`, 'utf8'),
  } = {},
) {
  if (process.platform !== 'linux') return null;
  let main = null;
  let others = 0;
  let threads = 0;
  try {
    for (const tid of tasks(pid)) {
      let n;
      try {
        n = rchar(io(pid, tid));
      } catch {
        continue; // the thread ended meanwhile
      }
      if (n === null) return null;
      threads++;
      if (Number(tid) === pid) main = n;
      else others += n;
    }
  } catch {
    return null;
  }
  return main === null ? null : { main, others, threads };
}

/**
 * One trial of fixtures/main-thread.cjs, held open once it has reported
 * (options.hold) so that the harness reads its threads' read counts, then
 * stopped: the fixture's report, with `reads` (threadReads; null off Linux).
 * `parkNew`: the fixture also parks a pool request on each pool thread and
 * says how many of the threads its first pool use started took one
 * (`newParked`, of `poolParked`).
 * @param {import('../context.js').Context} ctx
 * @param {{ parkNew?: boolean }} [o]
 */
export async function mainThreadTrial(ctx, { parkNew = false } = {}) {
  const handle = ctx.start('main-thread.cjs', { options: { hold: true, parkNew }, timeoutMs: 30_000 });
  try {
    const data = await handle.ready;
    const reads = handle.pid === undefined ? null : threadReads(handle.pid);
    await handle.stop();
    return { ...data, reads };
  } finally {
    await handle.stop().catch(() => {});
  }
}
