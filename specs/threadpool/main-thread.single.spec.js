import { defineSpec } from '../../harness/spec.js';

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
      'Every callback kind reports the same kernel thread (the process id, on Linux), worker_threads.threadId 0 and isMainThread true, while pool threads exist.',
    trial: (c) => c.run('main-thread.cjs'),
    structural: {
      need: 2,
      asserts: 'every callback kind runs on the one main thread',
      check(obs) {
        const off = obs.seen.filter((s) => !s.isMainThread || s.threadId !== 0 || (obs.linux && s.tid !== obs.pid));
        const kinds = obs.seen.map((s) => s.kind);
        return {
          ok: off.length === 0 && obs.seen.length >= 8,
          detail: off.length
            ? `callbacks off the main thread: ${off.map((s) => `${s.kind} on ${s.tid}`).join(', ')}`
            : `${kinds.length} callback kinds (${kinds.join(', ')}) all ran on ${ctx.platform === 'linux' ? `thread ${obs.pid} = the process id` : 'threadId 0'}`,
        };
      },
    },
  }),
});
