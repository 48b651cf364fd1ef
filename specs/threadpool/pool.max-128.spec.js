import { randomInt } from 'node:crypto';
import { defineSpec } from '../../harness/spec.js';
import {
  probePool,
  probeText,
  poolReading,
  fifoCountUnavailable,
  parkedPart,
  parkedFromOutside,
} from '../../harness/kits/pool.js';
import { fsOnRing } from '../../harness/kits/io-uring.js';
import { shuffled } from '../../harness/kits/draw.js';
import { tappedStart } from '../../harness/kits/look.js';
import { barePollsOnce } from '../../harness/kits/threads.js';

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

/**
 * Kinds of pool request held on FIFOs above 128 at once (pool-probe.cjs `held`): the count's
 * own (fs.copyFile) is not the only request a pool over 128 serves more than 128 of.
 */
export const HELD_KINDS = /** @type {const} */ (['readFile', 'open']);

/**
 * What the harness asks a pool of P (over 128) to hold, drawn: each kind of HELD_KINDS in a
 * drawn order, a drawn count of 129–P requests each, parked on FIFOs at once.
 * @param {number} P
 */
export const drawHeld = (P) => shuffled([...HELD_KINDS]).map((kind) => ({ kind, n: 129 + randomInt(P - 128) }));

/**
 * The context `c` with start() tapped: the probe asked to hold `held` (pool-probe.cjs), and
 * at each 'held' the threads of the process the harness spawned (its pid from the spawn)
 * parked on FIFOs, read from outside (parkedFromOutside). `seen()`: { kind, n, parked }
 * for each (parked null where /proc could not show them).
 * @param {import('../../harness/context.js').Context} c @param {{ kind: string, n: number }[]} held
 */
export function tapHeld(c, held) {
  /** @type {{ kind: string, n: number, parked: number | null }[]} */
  const seen = [];
  const ctx = tappedStart(
    c,
    (pid, m, handle) => {
      if (m?.phase !== 'held') return false;
      const parked = parkedFromOutside(pid);
      seen.push({ kind: String(m.kind), n: Number(m.n), parked: parked ? parked.length : null });
      try {
        handle.send({ type: 'looked', phase: 'held' });
      } catch {
        // the channel closed: the probe goes on without the answer
      }
      return true;
    },
    { held },
  );
  return { ctx, seen: () => seen };
}

/**
 * The part that reads the requests held (tapHeld): in a pool over 128, each kind's drawn
 * count (129–P) parked on FIFOs at once in the launched process, counted from outside.
 * Honest: all of them, each kind, every trial (Node 20: readFile and open, 129–200 and
 * 129–300); a pool whose requests other than fs.copyFile run 128 at a time
 * (pool-work-cap-128): 128 readFile. A kind asked and not reported held (the probe never
 * said 'held' for it) fails; null where not read (records from before, not Linux, io_uring).
 * @param {{ kind: string, n: number }[] | undefined} asked
 * @param {{ kind: string, n: number, parked: number | null }[] | undefined} seen
 * @returns {{ ok: boolean, detail: string } | null}
 */
export function heldPart(asked, seen) {
  if (!Array.isArray(asked) || !Array.isArray(seen)) return null;
  if (seen.some((s) => s.parked === null)) return null;
  const parts = asked.map(({ kind, n }) => {
    const s = seen.find((x) => x.kind === kind && x.n === n);
    return { kind, n, parked: s ? s.parked : null };
  });
  const ok = parts.every((p) => p.parked === p.n);
  const text = parts.map((p) => `${p.kind} ×${p.n}: ${p.parked ?? 'never said held, none'} parked`).join(', ');
  return {
    ok,
    detail: `requests held on FIFOs at once, counted from outside: ${text}${ok ? '' : ` (expected each count: more than 128 serve at once)`}`,
  };
}

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
  plan: (ctx) => {
    // requests of other kinds held above 128 (heldPart): where fs reads go to io_uring
    // (fsOnRing) a readFile or an open holds no pool thread, and off Linux none is read
    const holds = ctx.platform === 'linux' && fsOnRing(ctx) === null;
    // a bare Node's event loops, once for the claim's trials (parkedPart's loopsPart)
    const barePolls = barePollsOnce();
    return {
      skip: fifoCountUnavailable(ctx, FIFOS) ?? undefined,
      summary:
        `UV_THREADPOOL_SIZE=200 → 200 threads (over 128), counted after a pbkdf2 and a scrypt have run on the pool; UV_THREADPOOL_SIZE=1025 → ${MAX} (the real cap); a size drawn in ${IN_CODE.join('–')} assigned in code before any pool use → that size.` +
        (ctx.platform === 'linux'
          ? ` The threads parked are the pool's: read by the harness, none waits in an event loop once through, and the process has no more event loops (epoll instances) than a bare Node (their CPU is not weighed in pools this large: PARKED_CPU_POOL).`
          : ''),
      model: { asked: [200, 1025], expected: [200, MAX], inCode: IN_CODE.join('–') },
      async trial(c) {
        // Three processes at once: each count is exact whatever else runs. The pool of 200
        // and the one assigned in code are counted after CPU work has run on them (cpuFirst:
        // a pbkdf2 and a scrypt of microseconds), so the count is of the pool as it serves
        // CPU work too, not only as it started (pool-retire-above-128: 128 serve from the
        // first hash on). The claim 0.4–0.5 s → 0.5–0.8 s.
        const inCode = drawInCode();
        // Before the count, the pool of 200 holds readFile and open requests on FIFOs, a
        // drawn count of 129–200 of each in a drawn order (drawHeld, heldPart): the claim
        // 0.5–0.8 s → 0.6–0.9 s (Node 20, busy 2-CPU machine).
        const held = holds ? drawHeld(200) : undefined;
        const tap = held ? tapHeld(c, held) : null;
        const [a, b, d] = await Promise.all([
          probePool(tap?.ctx ?? c, { size: '200', fifos: 260, threadAffinity: false, outside: true, cpuFirst: true }),
          probePool(c, { size: '1025', fifos: FIFOS, threadAffinity: false, outside: true }),
          probePool(c, {
            setEnv: inCode,
            fifos: Number(inCode) + 60,
            threadAffinity: false,
            outside: true,
            cpuFirst: true,
          }),
        ]);
        // after the probes, not beside them: read on Linux only (pollsOf)
        const bare = ctx.platform === 'linux' ? await barePolls(c) : null;
        return {
          barePolls: bare,
          asked200: a,
          asked1025: b,
          inCode: { asked: Number(inCode), probe: d },
          ...(held && tap ? { held: { asked: held, seen: tap.seen() } } : {}),
        };
      },
      structural: {
        need: 1,
        asserts: `200 → 200 threads (after CPU work too), 1025 → 1024, ${IN_CODE.join('–')} set in code → itself`,
        check: ({ asked200: a, asked1025: b, inCode, held, barePolls: bare }) => {
          // Parked readers and started threads must both say so (a padded census would not),
          // and the threads parked are the pool's, not a JavaScript thread that took a request:
          // where they wait once through (honest: futex, every thread; a Worker: epoll_wait),
          // read from outside (parkedPart; absent off Linux and in records from before they
          // were read). Their CPU is not weighed in pools this large (PARKED_CPU_POOL): an
          // honest thread of hundreds reached 12 ms, a Worker's start 13–39 ms.
          // Nor do they bring an event loop: the process has no more than a bare Node's
          // (honest: 3, every probe, Node 20–26; a Worker parked in Atomics.wait once through: 4).
          const [pa, pb] = [parkedPart(a, bare), parkedPart(b, bare)];
          const part = (/** @type {{ detail: string } | null} */ p) => (p ? `, ${p.detail}` : '');
          // The size assigned in code, drawn by the harness (IN_CODE, above 128): the same
          // readings, the count to be the size drawn (honest: every draw; a record from
          // before it was read has no `inCode`, and is judged on the rest).
          const d = inCode?.probe;
          const pd = d ? parkedPart(d, bare) : null;
          // The pool over 128 serves more than 128 requests of other kinds than the count's
          // (fs.copyFile) at once: readFile and open held on FIFOs, counts drawn (heldPart).
          const ph = heldPart(held?.asked, held?.seen);
          const okInCode = !d || (d.parked === inCode.asked && poolReading(d).agree && pd?.ok !== false);
          const ok =
            a.parked === 200 &&
            b.parked === MAX &&
            poolReading(a).agree &&
            poolReading(b).agree &&
            pa?.ok !== false &&
            pb?.ok !== false &&
            okInCode &&
            ph?.ok !== false;
          const inCodeText = d ? `; assigned ${inCode.asked} in code: ${probeText(d)}${part(pd)}` : '';
          const detail =
            `asked 200: ${probeText(a)}${part(pa)}${part(ph)}; asked 1025: ${probeText(b)}${part(pb)}${inCodeText}; ` +
            `expected 200 and ${MAX}${d ? ` and ${inCode.asked}` : ''}`;
          // CPU past PARKED_CPU_MS with nothing else amiss (void): none in pools this large
          // today (PARKED_CPU_POOL), kept so that weighing them again cannot make it a pass
          if (ok && (pa?.invalid || pb?.invalid || pd?.invalid)) return { ok: false, invalid: true, detail };
          return { ok, detail };
        },
      },
    };
  },
});
