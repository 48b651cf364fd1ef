import { defineSpec } from '../../harness/spec.js';
import {
  probePool,
  probeText,
  poolReading,
  fifoCountUnavailable,
  parkedPart,
  PARKED_CPU_MS,
} from '../../harness/kits/pool.js';

const MAX = 1024;
/** FIFOs for the 1025 probe: more than the cap, so a pool over it would show. */
const FIFOS = MAX + 60;

export default defineSpec({
  id: 'pool.max-128',
  title: 'The largest pool you can set is 128',
  area: 'threadpool',
  claim: 'UV_THREADPOOL_SIZE cannot go above 128.',
  truth: 'Refuted: the cap is 1024 since libuv 1.30 (2019). Asking for 200 gives 200; asking for 1025 gives 1024.',
  expected: 'refuted',
  tags: ['structural', 'fifo-probe', 'env', 'version'],
  requires: ['posix'],
  source: { file: '001_d7825f0db40d285a.txt', section: 'V8 and libuv', figures: 'max 128' },
  plan: (ctx) => ({
    skip: fifoCountUnavailable(ctx, FIFOS) ?? undefined,
    summary:
      `UV_THREADPOOL_SIZE=200 → 200 threads (over 128); UV_THREADPOOL_SIZE=1025 → ${MAX} (the real cap).` +
      (ctx.platform === 'linux'
        ? ` The threads parked are the pool's: read by the harness, each of the 200 has used under ${PARKED_CPU_MS} ms of CPU while parked, as a pool thread at its first request has, and none waits in an event loop once through.`
        : ''),
    model: { asked: [200, 1025], expected: [200, MAX] },
    async trial(c) {
      // Two processes at once: each count is exact whatever else runs.
      const [a, b] = await Promise.all([
        probePool(c, { size: '200', fifos: 260, threadAffinity: false, outside: true }),
        probePool(c, { size: '1025', fifos: FIFOS, threadAffinity: false, outside: true }),
      ]);
      return { asked200: a, asked1025: b };
    },
    structural: {
      need: 1,
      asserts: 'asking for 200 gives 200 threads, 1025 gives 1024',
      check: ({ asked200: a, asked1025: b }) => {
        // Parked readers and started threads must both say so (a padded census would not),
        // and the threads parked are the pool's, not a thread that ran JavaScript before it
        // took a request: their CPU while parked (in the pool of 200: honest up to 0.26 ms each,
        // a Worker 18–24 ms; not weighed in the pool of 1024) and where they wait once through
        // (honest: futex, every thread; the Worker: epoll_wait), read from outside (parkedPart;
        // absent off Linux and in records from before they were read).
        const [pa, pb] = [parkedPart(a), parkedPart(b)];
        const part = (/** @type {{ detail: string } | null} */ p) => (p ? `, ${p.detail}` : '');
        const ok =
          a.parked === 200 &&
          b.parked === MAX &&
          poolReading(a).agree &&
          poolReading(b).agree &&
          pa?.ok !== false &&
          pb?.ok !== false;
        const detail = `asked 200: ${probeText(a)}${part(pa)}; asked 1025: ${probeText(b)}${part(pb)}; expected 200 and ${MAX}`;
        // CPU over PARKED_CPU_MS with nothing else amiss: a slow or stolen CPU, or not the pool's (void)
        if (ok && (pa?.invalid || pb?.invalid)) return { ok: false, invalid: true, detail };
        return { ok, detail };
      },
    },
  }),
});
