import { defineSpec } from '../../harness/spec.js';
import {
  poolSize,
  probePool,
  sizeInForce,
  poolReading,
  fifoCountUnavailable,
  fifosFor,
} from '../../harness/kits/pool.js';
import { fsOnRing, closeOnRing } from '../../harness/kits/io-uring.js';
import { satisfiesVersion } from '../../harness/range.js';

const ASK = '2';

/**
 * A second value to assign, above the pool the process starts with: code
 * assigns the variable to grow the pool as often as to shrink it, and a value
 * honoured only up to the launch environment's pool (env-in-code-lower-only:
 * 8 gives 4) reads right for any value below it. The default's 4 + 2, or the
 * size in force + 2 (at most libuv's cap); none where that is the cap already.
 * @param {number} P the pool the process starts with
 */
export const aboveStart = (P) => (P >= 1024 ? null : String(Math.min(1024, Math.max(6, P + 2))));

/**
 * Where an ES module entry no longer starts the pool before user code
 * (nodejs/node#57419): measured, 22.17.0 and 24.2.0 start it (the assignment
 * has no effect), 22.18.0 and 24.3.0 do not. Node 23 is taken to be like 20.
 */
const ESM_WORKS = '^22.18.0 || >=24.3.0';

/** Why a pool already of the size assigned cannot show the assignment. @param {string} setting */
const sameSize = (setting) =>
  `${setting} already gives the ${ASK} threads the claim assigns: an assignment that works cannot be told from one that does not`;

export default defineSpec({
  id: 'pool.env-in-code',
  title: 'Setting process.env.UV_THREADPOOL_SIZE in code resizes the pool',
  area: 'threadpool',
  claim: 'Assigning process.env.UV_THREADPOOL_SIZE in the program changes the pool size.',
  truth:
    "Nuanced: libuv reads the variable once, at the first pool request. From a CommonJS entry before any pool use it works; after the first pool use it has no effect; from an ES module entry it has no effect up to 22.17 and 24.2 (the ESM loader has used the pool already) and works from 22.18.0 and 24.3.0, and where UV_USE_IO_URING=1 sends the loader's reads and closes to io_uring (libuv 1.45–1.48, kernel 6.1+).",
  expected: 'holds',
  tags: ['structural', 'fifo-probe', 'env', 'version'],
  requires: ['posix'],
  source: {
    file: '000_5064a5800ba04d45.txt',
    section: 'Thread pool',
    figures: 'UV_THREADPOOL_SIZE=5 in code: five hashes at 1545–1557 ms',
  },
  plan(ctx) {
    // Where the loader's reads go to io_uring (fsOnRing), its closes too
    // (kernel 6.1+), it starts no pool either: measured on 20.20.2, kernel
    // 6.18, with UV_USE_IO_URING=1, the assignment works. On an older kernel
    // its close still takes the pool.
    const ring = fsOnRing(ctx);
    const loaderOffPool = ring !== null && closeOnRing(ctx);
    const esmWorks = satisfiesVersion(ctx.node.version, ESM_WORKS) || loaderOffPool;
    // Where the assignment has no effect, the pool keeps the size the process
    // started with: libuv's default, or the one the settings in force give.
    const P = poolSize(ctx);
    const setting = sizeInForce(ctx);
    const high = aboveStart(P);
    const cases = [
      { name: 'CommonJS entry, before any pool use', entry: 'commonjs', after: false, want: Number(ASK), ask: ASK },
      { name: 'CommonJS entry, after the first pool use', entry: 'commonjs', after: true, want: P, ask: ASK },
      { name: 'ES module entry', entry: 'module', after: false, want: esmWorks ? Number(ASK) : P, ask: ASK },
      // above the pool it starts with: grown as asked (6 threads by default, a few ms more)
      ...(high
        ? [
            {
              name: `CommonJS entry, before any pool use, assigning ${high}`,
              entry: 'commonjs',
              after: false,
              want: Number(high),
              ask: high,
            },
          ]
        : []),
    ];
    // more FIFOs than each case's pool (probePool's 64 are too few for 64 → 66, or the 128 in force kept)
    const fifos = Math.max(...cases.map((k) => fifosFor(k.want)));
    const unavailable = fifoCountUnavailable(ctx, fifos);
    return {
      ...(unavailable ? { skip: unavailable } : {}),
      ...(P === Number(ASK) ? { undecidable: sameSize(setting ?? `a pool of ${P}`) } : {}),
      summary:
        `Assign ${ASK}${setting ? ` (${setting})` : ''}: ` +
        `${cases.map((k) => `${k.name} → ${k.want}`).join('; ')} (Node ${ctx.node.version}).`,
      model: {
        asked: Number(ASK),
        cases: cases.map(({ name, want, ask }) => ({ name, want, ...(ask === ASK ? {} : { asked: Number(ask) }) })),
        // What is true here, in words that differ only where the truth does (merge compares it).
        outcome: `from an ES module entry the assignment ${esmWorks ? 'works' : 'has no effect'} (→ ${cases[2].want})${loaderOffPool ? ` (${ring}: the loader reads through io_uring)` : ''}`,
      },
      async trial(c) {
        // One case after another: two of them use the pool before the count,
        // which then rests on the count staying stable with no thread left
        // runnable (fixtures/lib/fifo.cjs waitParked), and three such
        // processes at once beside another claim's made that less sure.
        const seen = [];
        for (const k of cases) {
          const probe = await probePool(c, {
            setEnv: k.ask,
            setEnvAfterUse: k.after,
            entry: /** @type {any} */ (k.entry),
            fifos: fifosFor(k.want),
          });
          seen.push({
            name: k.name,
            parked: probe.parked,
            agree: poolReading(probe).agree,
            threads: probe.poolThreads.length,
            blocked: probe.blocked,
          });
        }
        return { seen };
      },
      structural: {
        asserts: `assigning ${ASK}: ${cases[0].want} threads before any pool use, ${cases[1].want} after it, ${cases[2].want} from an ES module${high ? `; ${high} → ${high}` : ''}`,
        need: 2,
        check(obs) {
          const text = obs.seen.map(
            (/** @type {any} */ s, /** @type {number} */ i) =>
              `${s.name} → ${s.parked}${s.parked === cases[i].want ? '' : ` (expected ${cases[i].want})`}${s.agree === false ? ` but the readings disagree (${s.threads} threads started, ${s.blocked} blocked in open)` : ''}`,
          );
          // Parked readers and started threads must agree (a padded census would not). A
          // record from before a case was added lacks its reading: what it has is judged.
          const ok = obs.seen.every(
            (/** @type {any} */ s, /** @type {number} */ i) => s.parked === cases[i].want && s.agree !== false,
          );
          return { ok, detail: text.join('; ') };
        },
      },
    };
  },
});
