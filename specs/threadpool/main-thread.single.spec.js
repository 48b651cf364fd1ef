import { defineSpec } from '../../harness/spec.js';
import { mainThreadTrial } from '../../harness/kits/threads.js';

/**
 * How many of the callbacks' marks the kernel counted for the main thread
 * itself: each callback reads `mark` bytes of /dev/zero, and the kernel
 * counts those bytes for the thread that read them (read by the harness from
 * /proc/<pid>/task/<pid>/io). null when not read (off Linux, older records).
 * @param {any} obs
 */
export function marksOnMain(obs) {
  if (!obs.reads || !obs.marks) return null;
  return Math.floor(obs.reads.main / obs.marks.mark);
}

export default defineSpec({
  id: 'main-thread.single',
  title: 'Every JavaScript callback runs on the one main thread',
  area: 'threadpool',
  claim:
    'All JavaScript callbacks (synchronous code, timers, fs, crypto, zlib) run on a single main thread, which also runs the event loop.',
  truth: 'True everywhere: the pool runs the native work, the callback always comes back to the main thread.',
  expected: 'holds',
  tags: ['structural'],
  source: { file: '001_d7825f0db40d285a.txt', section: 'To be fair', figures: null },
  plan: (ctx) => ({
    summary:
      "Every callback kind reports the same kernel thread (the process id, on Linux), worker_threads.threadId 0 and isMainThread true, while pool threads exist; on Linux the kernel agrees: each callback reads 4 MiB of /dev/zero, and the main thread's own read count (/proc/<pid>/task/<pid>/io, read by the harness) holds one such read per callback kind.",
    trial: (c) => mainThreadTrial(c),
    structural: {
      need: 2,
      asserts: 'every callback kind runs on the one main thread',
      check(obs) {
        const off = obs.seen.filter((s) => !s.isMainThread || s.threadId !== 0 || (obs.linux && s.tid !== obs.pid));
        const kinds = obs.seen.map((s) => s.kind);
        // The kernel's view: one mark read per callback, counted for the main thread.
        const onMain = marksOnMain(obs);
        const kernelOk = onMain === null || onMain >= obs.seen.length;
        const kernel =
          onMain === null
            ? ''
            : `; the kernel counted ${onMain} of their ${obs.seen.length} marks (${obs.marks.mark / 1048576} MiB reads) for the main thread${kernelOk ? '' : ': the other callbacks ran on another thread'}`;
        return {
          ok: off.length === 0 && obs.seen.length >= 8 && kernelOk,
          detail:
            (off.length
              ? `callbacks off the main thread: ${off.map((s) => `${s.kind} on ${s.tid}`).join(', ')}`
              : `${kinds.length} callback kinds (${kinds.join(', ')}) all reported ${ctx.platform === 'linux' ? `thread ${obs.pid} = the process id` : 'threadId 0'}`) +
            kernel,
        };
      },
    },
  }),
});
