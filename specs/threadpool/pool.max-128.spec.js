import { randomInt } from 'node:crypto';
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

/**
 * The sizes assigned in code (process.env.UV_THREADPOOL_SIZE, the entry's first statement,
 * before any pool use) that the harness draws, and does not tell the fixture beforehand:
 * above 128, so the cap is asked of that way of setting the size too, not only of the launch
 * environment (a cap kept for values set in code: env-in-code-cap-128).
 */
export const IN_CODE = /** @type {const} */ ([129, 300]);

/** A size in IN_CODE, drawn. */
export const drawInCode = () => String(IN_CODE[0] + randomInt(IN_CODE[1] - IN_CODE[0] + 1));

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
      `UV_THREADPOOL_SIZE=200 → 200 threads (over 128), counted after a pbkdf2 and a scrypt have run on the pool; UV_THREADPOOL_SIZE=1025 → ${MAX} (the real cap); a size drawn in ${IN_CODE.join('–')} assigned in code before any pool use → that size.` +
      (ctx.platform === 'linux'
        ? ` The threads parked are the pool's: read by the harness, each of the 200 has used under ${PARKED_CPU_MS} ms of CPU while parked, as a pool thread at its first request has, and none waits in an event loop once through.`
        : ''),
    model: { asked: [200, 1025], expected: [200, MAX], inCode: IN_CODE.join('–') },
    async trial(c) {
      // Three processes at once: each count is exact whatever else runs. The pool of 200
      // and the one assigned in code are counted after CPU work has run on them (cpuFirst:
      // a pbkdf2 and a scrypt of microseconds), so the count is of the pool as it serves
      // CPU work too, not only as it started (pool-retire-above-128: 128 serve from the
      // first hash on). Measured honest, Node 20–26: the parked threads'
      // CPU 0.11–0.29 ms at most a trial in the pool of 200, 0.12–0.14 ms in the one assigned
      // in code (bound PARKED_CPU_MS, 2); the claim 0.4–0.5 s → 0.5–0.8 s.
      const inCode = drawInCode();
      const [a, b, d] = await Promise.all([
        probePool(c, { size: '200', fifos: 260, threadAffinity: false, outside: true, cpuFirst: true }),
        probePool(c, { size: '1025', fifos: FIFOS, threadAffinity: false, outside: true }),
        probePool(c, {
          setEnv: inCode,
          fifos: Number(inCode) + 60,
          threadAffinity: false,
          outside: true,
          cpuFirst: true,
        }),
      ]);
      return { asked200: a, asked1025: b, inCode: { asked: Number(inCode), probe: d } };
    },
    structural: {
      need: 1,
      asserts: `200 → 200 threads (after CPU work too), 1025 → 1024, ${IN_CODE.join('–')} set in code → itself`,
      check: ({ asked200: a, asked1025: b, inCode }) => {
        // Parked readers and started threads must both say so (a padded census would not),
        // and the threads parked are the pool's, not a thread that ran JavaScript before it
        // took a request: their CPU while parked (in the pool of 200: honest 0.11–0.29 ms at most,
        // a Worker 18–24 ms; not weighed in the pool of 1024) and where they wait once through
        // (honest: futex, every thread; the Worker: epoll_wait), read from outside (parkedPart;
        // absent off Linux and in records from before they were read).
        const [pa, pb] = [parkedPart(a), parkedPart(b)];
        const part = (/** @type {{ detail: string } | null} */ p) => (p ? `, ${p.detail}` : '');
        // The size assigned in code, drawn by the harness (IN_CODE, above 128): the same
        // readings, the count to be the size drawn (honest: every draw; a record from
        // before it was read has no `inCode`, and is judged on the rest).
        const d = inCode?.probe;
        const pd = d ? parkedPart(d) : null;
        const okInCode = !d || (d.parked === inCode.asked && poolReading(d).agree && pd?.ok !== false);
        const ok =
          a.parked === 200 &&
          b.parked === MAX &&
          poolReading(a).agree &&
          poolReading(b).agree &&
          pa?.ok !== false &&
          pb?.ok !== false &&
          okInCode;
        const inCodeText = d ? `; assigned ${inCode.asked} in code: ${probeText(d)}${part(pd)}` : '';
        const detail =
          `asked 200: ${probeText(a)}${part(pa)}; asked 1025: ${probeText(b)}${part(pb)}${inCodeText}; ` +
          `expected 200 and ${MAX}${d ? ` and ${inCode.asked}` : ''}`;
        // CPU over PARKED_CPU_MS with nothing else amiss: a slow or stolen CPU, or not the pool's (void)
        if (ok && (pa?.invalid || pb?.invalid || pd?.invalid)) return { ok: false, invalid: true, detail };
        return { ok, detail };
      },
    },
  }),
});
