import { randomInt } from 'node:crypto';
import { defineSpec } from '../../harness/spec.js';
import { probePool, fifoCountUnavailable, launchesPart, plainIoUring } from '../../harness/kits/pool.js';

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

/**
 * A reading of `want` threads: the parked readers, and the started threads where counted
 * (a padded census would not agree). @param {any} s @param {unknown} want
 */
const readAs = (s, want) => s.parked === want && !(s.threads > 0 && s.threads !== s.parked);

/** Enough FIFOs to see the expected size and more (a saturated probe reads as 'N+'). @param {string | number} want */
const fifosFor = (want) => (Number(want) >= 1024 ? 1100 : 64);

/**
 * Values whose atoi reading depends on atoi's int and the unsigned int it is read into: the
 * long is cut to 32 bits, so 2^32 + k reads k and -(2^32) + k reads k (a reading that
 * saturates, negative or large → 1024, reads 1024 for each). Measured on Node 20.20
 * (libuv 1.46), 22.23 (1.51), 24.22 (1.52.1) and 26.12 (1.52.1): each as listed (all
 * shorter than 16 characters). Each trial runs two, drawn by the harness.
 * @type {[string, number][]}
 */
export const WRAPS = [
  ['4294967296', 1],
  ['4294967297', 1],
  ['4294967298', 2],
  ['4294967299', 3],
  ['4294967301', 5],
  ['4294967302', 6],
  ['8589934594', 2],
  ['-4294967295', 1],
  ['-4294967294', 2],
  ['-4294967293', 3],
  ['-8589934589', 3],
  ['+4294967299', 3],
];

/**
 * Values with leading blanks (isspace: space, \t, \n, \v, \f, \r) or a "+" sign, which atoi
 * skips and takes: " 8" reads 8 (a reading that stops at a blank or a "+" reads 0 → 1).
 * Measured on the same four versions: each as listed. Each trial runs two, drawn.
 * @type {[string, number][]}
 */
export const BLANKS_SIGNS = [
  [' 8', 8],
  ['+3', 3],
  ['\t5', 5],
  ['\n2', 2],
  ['  +6', 6],
  ['\v\f\r 4', 4],
  [' +2abc', 2],
  ['+07', 7],
  ['\t-4294967294', 2],
  [' \t\n7', 7],
];

/** `k` of `list`, drawn at random (no repeats). @template T @param {T[]} list @param {number} k */
export function drawSome(list, k) {
  const left = [...list];
  return Array.from({ length: Math.min(k, left.length) }, () => left.splice(randomInt(left.length), 1)[0]);
}

export default defineSpec({
  id: 'pool.env-parsing',
  title: 'How odd UV_THREADPOOL_SIZE values are read',
  area: 'threadpool',
  claim:
    'UV_THREADPOOL_SIZE is read with atoi into an unsigned int, then clamped to 1..1024: non-numbers and 0 give 1, a numeric prefix counts, negative numbers wrap to the cap.',
  truth:
    '"0", "" and "abc" → 1; "x8" → 1 (digits after a non-digit are not a prefix); "0x3" → 1 (no hexadecimal: the prefix is "0"); "2abc" → 2; "-1" → 1024; "5000" → 1024; past 2^32 the int is cut to 32 bits ("4294967298" → 2, "-4294967294" → 2); leading blanks and a sign are taken (" 8" → 8, "+3" → 3); a value of 16 or more characters → 4 on libuv ≥ 1.52 (Node 24.16.0+, 26: ignored), 1024 before (read as a number).',
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
    // where this Node sends fs requests to io_uring by default, the plain probes keep UV_USE_IO_URING=0
    const ringKept = plainIoUring(ctx);
    return {
      skip: fifoCountUnavailable(ctx, Math.max(...cases.map(([, n]) => fifosFor(n)))) ?? undefined,
      summary:
        `On libuv ${ctx.node.uv}: ${cases.map(([v, n]) => `${JSON.stringify(v)} → ${n}`).join(', ')}; ` +
        `and two values past 2^32 ("4294967298" → 2, "-4294967294" → 2) and two with leading blanks or ` +
        `a sign (" 8" → 8, "+3" → 3), drawn for each trial. Each probe starts as a program started from a shell ` +
        `with the value: no IPC channel, no descriptor beyond stdin, stdout and stderr, no other harness variable in ` +
        `its environment${ringKept ? ` but UV_USE_IO_URING=0 (${ringKept})` : ''} (read from outside; a start not read is void).`,
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
        // ... and values the harness draws for this trial from WRAPS and BLANKS_SIGNS (two of
        // each, pools of 1–8: run with the small ones, a few ms more), each with its reading
        const drawn = [...drawSome(WRAPS, 2), ...drawSome(BLANKS_SIGNS, 2)];
        // Enough FIFOs to see the expected size and more; a saturated probe reads as 'N+'.
        const one = async (/** @type {(string | number)[]} */ [value, want]) => {
          // started plain, as a user's program (probePool `plain`): no IPC channel to tell it from one
          const probe = await probePool(c, {
            size: String(value),
            fifos: fifosFor(want),
            threadAffinity: false,
            plain: true,
          });
          return { value, parked: probe.parked, threads: probe.poolThreads.length, launch: probe.launch };
        };
        // The counts are exact whatever else runs, so the small probes run at
        // once, beside the 1024-thread ones; those one after another (threads
        // are a limited resource).
        const small = Promise.all(cases.filter(([, want]) => Number(want) < 1024).map(one));
        small.catch(() => {}); // awaited below, after the large ones
        const drawnSeen = Promise.all(drawn.map(async (kase) => ({ ...(await one(kase)), want: kase[1] })));
        drawnSeen.catch(() => {});
        const large = [];
        for (const kase of cases) if (Number(kase[1]) >= 1024) large.push(await one(kase));
        const smallSeen = await small;
        const seen = cases.map(([, want]) => (Number(want) < 1024 ? smallSeen : large).shift());
        return { seen, drawn: await drawnSeen };
      },
      structural: {
        asserts: `"0", "abc" → 1; "2abc" → 2; "-1" → 1024; 16 chars → ${cases[8][1]}; wraps, blanks, signs as atoi`,
        need: 1,
        check(obs) {
          // Each reading against its own value's case (a record from before a case was added
          // lacks its reading; what it has is judged). Parked readers and started threads must
          // agree (a padded census would not).
          const want = new Map(cases);
          // ... and the values drawn for the trial, each against the reading it was drawn
          // with: an int cut to 32 bits (WRAPS: honest 1–6, a saturating reading 1024, seen
          // as 64 parked, the probe's most) and blanks and a sign taken (BLANKS_SIGNS: honest
          // 2–8, a reading that stops at them 1). Absent in records from before they were drawn.
          const drawn = (Array.isArray(obs.drawn) ? obs.drawn : []).filter(
            (/** @type {any} */ s) => typeof s?.want === 'number',
          );
          const wrong = [
            ...obs.seen.filter((/** @type {any} */ s) => want.has(s.value) && !readAs(s, want.get(s.value))),
            ...drawn.filter((/** @type {any} */ s) => !readAs(s, s.want)),
          ];
          const all = [...obs.seen, ...drawn];
          // ... and each probe started as a user's program with the value (launchesPart: no IPC
          // channel, no harness variable but UV_THREADPOOL_SIZE, the value under test, and the
          // settings in force, as read from outside). A start not read on Linux, or a record from
          // before it was read, is void, never a pass; off Linux it is said.
          const inForce = [...Object.keys(ctx.env ?? {}), 'UV_THREADPOOL_SIZE'];
          const launch = launchesPart(
            all.map((/** @type {any} */ s) => s.launch),
            inForce,
            ringKept,
          );
          const ok = wrong.length === 0 && (launch.ok || Boolean(launch.void));
          const detail =
            (wrong.length
              ? `read differently: ${wrong.map((/** @type {any} */ s) => `${JSON.stringify(s.value)} → ${s.parked}`).join(', ')}`
              : `all ${all.length} values read as expected (${all.map((/** @type {any} */ s) => `${JSON.stringify(s.value)} → ${s.parked}`).join(', ')})`) +
            `; ${launch.detail}`;
          if (ok && launch.void) return { ok: false, invalid: true, detail };
          return { ok, detail };
        },
      },
    };
  },
});
