import { defineSpec } from '../../harness/spec.js';
import { probePool, fifoCountUnavailable } from '../../harness/kits/pool.js';

/**
 * libuv >= 1.52 reads the variable into a 16-byte buffer: longer values fall
 * back to 4. By libuv version, not Node major: measured, 24.15.0 (libuv
 * 1.51.0) still reads a 16-character value as a number, 24.16.0 (1.52.1) does not.
 */
const longValueResult = (/** @type {string} */ uv) => (compare(uv, '1.52.0') >= 0 ? 4 : 1024);

/** @param {string} a @param {string} b */
function compare(a, b) {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** Enough FIFOs to see the expected size and more (a saturated probe reads as 'N+'). @param {string | number} want */
const fifosFor = (want) => (Number(want) >= 1024 ? 1100 : 64);

export default defineSpec({
  id: 'pool.env-parsing',
  title: 'How odd UV_THREADPOOL_SIZE values are read',
  area: 'threadpool',
  claim:
    'UV_THREADPOOL_SIZE is read with atoi into an unsigned int, then clamped to 1..1024: non-numbers and 0 give 1, a numeric prefix counts, negative numbers wrap to the cap.',
  truth:
    '"0", "" and "abc" → 1; "x8" → 1 (digits after a non-digit are not a prefix); "0x3" → 1 (no hexadecimal: the prefix is "0"); "2abc" → 2; "-1" → 1024; "5000" → 1024; a value of 16 or more characters → 4 on libuv ≥ 1.52 (Node 24.16.0+, 26: ignored), 1024 before (read as a number).',
  expected: 'holds',
  tags: ['structural', 'fifo-probe', 'env', 'version'],
  requires: ['posix'],
  source: { file: '001_d7825f0db40d285a.txt', section: 'V8 and libuv', figures: null },
  plan(ctx) {
    const cases = [
      ['0', 1],
      ['', 1],
      ['abc', 1],
      // a non-number with digits in it: only a numeric prefix counts (a parse that took any digits would read 8)
      ['x8', 1],
      // a hexadecimal value: atoi reads the "0" before the "x" (→ 0 → 1); a parse that
      // honours the prefix (JavaScript's parseInt without a radix) would read 3
      ['0x3', 1],
      ['2abc', 2],
      ['-1', 1024],
      ['5000', 1024],
      ['0000000000001025', longValueResult(ctx.node.uv)],
    ];
    return {
      skip: fifoCountUnavailable(ctx, Math.max(...cases.map(([, n]) => fifosFor(n)))) ?? undefined,
      summary: `On libuv ${ctx.node.uv}: ${cases.map(([v, n]) => `${JSON.stringify(v)} → ${n}`).join(', ')}.`,
      model: {
        uv: ctx.node.uv,
        cases: Object.fromEntries(cases),
        // What is true here, in words that differ only where the truth does (merge compares it).
        outcome:
          longValueResult(ctx.node.uv) === 4
            ? 'a value of 16+ characters is ignored (→ 4)'
            : 'a value of 16+ characters is read as a number (→ 1024)',
      },
      async trial(c) {
        // Enough FIFOs to see the expected size and more; a saturated probe reads as 'N+'.
        const one = async (/** @type {(string | number)[]} */ [value, want]) => {
          const probe = await probePool(c, { size: String(value), fifos: fifosFor(want), threadAffinity: false });
          return { value, parked: probe.parked, threads: probe.poolThreads.length };
        };
        // The counts are exact whatever else runs, so the small probes run at
        // once, beside the 1024-thread ones; those one after another (threads
        // are a limited resource).
        const small = Promise.all(cases.filter(([, want]) => Number(want) < 1024).map(one));
        small.catch(() => {}); // awaited below, after the large ones
        const large = [];
        for (const kase of cases) if (Number(kase[1]) >= 1024) large.push(await one(kase));
        const smallSeen = await small;
        return { seen: cases.map(([, want]) => (Number(want) < 1024 ? smallSeen : large).shift()) };
      },
      structural: {
        asserts: `"0", "", "abc", "x8", "0x3" → 1; "2abc" → 2; "-1", "5000" → 1024; 16 characters → ${cases[8][1]}`,
        need: 1,
        check(obs) {
          // Each reading against its own value's case (a record from before a case was added
          // lacks its reading; what it has is judged). Parked readers and started threads must
          // agree (a padded census would not).
          const want = new Map(cases);
          const wrong = obs.seen.filter(
            (/** @type {any} */ s) =>
              want.has(s.value) && (s.parked !== want.get(s.value) || (s.threads > 0 && s.threads !== s.parked)),
          );
          return {
            ok: wrong.length === 0,
            detail: wrong.length
              ? `read differently: ${wrong.map((/** @type {any} */ s) => `${JSON.stringify(s.value)} → ${s.parked}`).join(', ')}`
              : `all ${obs.seen.length} values read as expected (${obs.seen.map((/** @type {any} */ s) => `${JSON.stringify(s.value)} → ${s.parked}`).join(', ')})`,
          };
        },
      },
    };
  },
});
