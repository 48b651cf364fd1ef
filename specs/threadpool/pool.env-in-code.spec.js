import { randomInt } from 'node:crypto';
import { defineSpec } from '../../harness/spec.js';
import {
  poolSize,
  probePool,
  sizeInForce,
  poolReading,
  fifoCountUnavailable,
  fifosFor,
  parkedFromOutside,
} from '../../harness/kits/pool.js';
import { launchedReading, launchedPart, childrenOf } from '../../harness/kits/threads.js';
import { tappedStart } from '../../harness/kits/look.js';
import { listTasks } from '../../harness/thread-watch.js';
import { fsOnRing, closeOnRing } from '../../harness/kits/io-uring.js';
import { satisfiesVersion } from '../../harness/range.js';
import { drawLateWork, latePart, lateReading } from '../../harness/kits/late-work.js';

const ASK = '2';

/**
 * The range of the second value to assign, above the pool the process starts with, drawn
 * by the harness at each trial (not told the fixture beforehand): code assigns the variable
 * to grow the pool as often as to shrink it, and a value honoured only up to the launch
 * environment's pool (env-in-code-lower-only: 8 gives 4) reads right for any value below
 * it; and above 128, where a cap kept for values set in code would show
 * (env-in-code-cap-128: 200 gives 128). From the default's 4: 129–300; from a pool of P in
 * force, max(P + 2, 129) and up to 171 more (at most libuv's cap); none where that is the
 * cap already. A count of up to 300 parked readers: with the late requests (drawLateWork)
 * the claim took 0.9–1.1 s where it took 0.6–0.8 s (Node 20, busy 2-CPU machine).
 * @param {number} P the pool the process starts with
 * @returns {[number, number] | null}
 */
export function aboveStart(P) {
  if (P >= 1024) return null;
  const lo = Math.min(1024, Math.max(129, P + 2));
  return [lo, Math.min(1024, lo + 171)];
}

/** A value in aboveStart's range, drawn. @param {[number, number]} range */
export const drawAbove = ([lo, hi]) => String(lo + randomInt(hi - lo + 1));

/**
 * The value assigned after the pool's first use, drawn above the pool the process started
 * with (at most 64 above, at most libuv's cap): libuv read the variable once, so raising it
 * then must make no thread (a pool read again for some work would grow for it:
 * env-late-crypto-pool). ASK (below it) where the pool is at the cap already.
 * @param {number} P
 */
export const drawLate = (P) => (P >= 1024 ? ASK : String(P + 1 + randomInt(Math.min(64, 1024 - P))));

/**
 * The context `c` with its start() tapped: the probe's process, as the harness spawned it
 * (its pid from the spawn, not one a message names), read from outside at the probe's
 * 'parked' (before the harness's answer lets it count): its threads parked on FIFOs
 * (parkedFromOutside), its threads and its child processes. `seen()` gives the reading
 * (null where it was not taken: not Linux, no 'parked', the process unreadable).
 * @param {import('../../harness/context.js').Context} c
 */
export function tapLaunched(c) {
  /** @type {{ pid: number, parked: number | null, tasks: string[], children: number[] } | null} */
  let reading = null;
  const ctx = tappedStart(c, (pid, m) => {
    if (m?.phase !== 'parked' || reading !== null) return;
    try {
      const parked = parkedFromOutside(pid);
      reading = { pid, parked: parked ? parked.length : null, tasks: listTasks(pid), children: childrenOf(pid) };
    } catch {
      // the process gone: not read
    }
  });
  return { ctx, seen: () => reading };
}

/**
 * The launched process's own reading for a case (trial's `own`): from tapLaunched's, the
 * report's pool threads against the spawned process's threads (launchedReading), its
 * children, and how many of its threads were parked on FIFOs, read from outside. null
 * where it was not taken, or read late (the probe went on without the harness's answer
 * to 'parked': its threads may have been let go by then).
 * @param {ReturnType<ReturnType<typeof tapLaunched>['seen']>} reading @param {any} probe
 */
export function ownReading(reading, probe) {
  if (!reading || probe?.outside?.late?.includes?.('parked')) return null;
  const own = launchedReading(reading.pid, probe?.poolThreads, {
    tasks: () => reading.tasks,
    children: () => reading.children,
  });
  return own && { ...own, parked: reading.parked, reported: typeof probe?.pid === 'number' ? probe.pid : null };
}

/**
 * The part that says the pool counted is the launched process's own: the process the
 * harness spawned (the one whose code assigned the variable) reports itself, names its
 * own threads, starts no process, and has the size wanted parked on FIFOs, counted by
 * the harness from outside. Honest: same pid, no child, parked from outside = the
 * fixture's count (2, 4 and 129–300, every trial, Node 20); a program that runs again as
 * a child with the value in its launch environment and relays the child's report
 * (env-in-code-relaunch): another pid, a child, 0 parked in the launched process. null
 * where not read (records from before, not Linux, read late).
 * @param {any} own the trial's `own` (ownReading) @param {number} want
 * @param {boolean} [optioned]  Node options in force (launchedPart: children not judged)
 * @returns {{ ok: boolean, detail: string } | null}
 */
export function ownPart(own, want, optioned = false) {
  if (!own) return null;
  const who = launchedPart(own, own.reported, optioned);
  if (typeof own.parked !== 'number') return who;
  const parkedOk = own.parked === want;
  const text = `${own.parked} of the launched process's threads parked on FIFOs, read from outside (expected ${want})`;
  return { ok: !!who?.ok && parkedOk, detail: `${text}; ${who?.detail}` };
}

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
    const optioned = Boolean(ctx.env?.NODE_OPTIONS); // a preload may start a process of its own
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
    const late = P >= 1024 ? ASK : `${P + 1}–${Math.min(1024, P + 64)}`;
    /** @type {{ name: string, entry: string, after: boolean, want: number | null, ask: string | null }[]} */
    const cases = [
      { name: 'CommonJS entry, before any pool use', entry: 'commonjs', after: false, want: Number(ASK), ask: ASK },
      // raised above the pool it started with (drawn: drawLate), pool requests submitted then
      { name: 'CommonJS entry, after the first pool use', entry: 'commonjs', after: true, want: P, ask: null },
      { name: 'ES module entry', entry: 'module', after: false, want: esmWorks ? Number(ASK) : P, ask: ASK },
      // above the pool it starts with and above 128, drawn at each trial (aboveStart): grown
      // as asked (want: the value drawn, in the trial's record)
      ...(high
        ? [
            {
              name: `CommonJS entry, before any pool use, assigning a value drawn in ${high.join('–')}`,
              entry: 'commonjs',
              after: false,
              want: null,
              ask: null,
            },
          ]
        : []),
    ];
    // more FIFOs than each case's pool (probePool's 64 are too few for 64 → 66, or the 128 in force kept)
    const fifos = Math.max(...cases.map((k) => fifosFor(k.want ?? (high ? high[1] : 0))));
    const unavailable = fifoCountUnavailable(ctx, fifos);
    return {
      ...(unavailable ? { skip: unavailable } : {}),
      ...(P === Number(ASK) ? { undecidable: sameSize(setting ?? `a pool of ${P}`) } : {}),
      summary:
        `Assign ${ASK}${setting ? ` (${setting})` : ''}: ` +
        `${cases.map((k) => `${k.name} → ${k.want ?? 'that value'}`).join('; ')} (Node ${ctx.node.version}). ` +
        `After the first pool use the value is raised to one drawn in ${late}, and pbkdf2, scrypt, zlib, ` +
        `randomBytes and fs requests submitted while the pool's ${P} threads are parked on FIFOs wait for them, ` +
        `with no thread made (read from outside).`,
      model: {
        asked: Number(ASK),
        cases: cases.map(({ name, want, ask }, i) => ({
          name,
          want: want ?? 'the value drawn',
          ...(ask === ASK ? {} : { asked: ask === null ? `${i === 1 ? late : high?.join('–')}, drawn` : Number(ask) }),
        })),
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
          // the harness's draws, told the fixture only as the values it assigns and submits
          const ask = k.ask ?? (k.after ? drawLate(P) : drawAbove(/** @type {[number, number]} */ (high)));
          const want = k.want ?? Number(ask);
          const lateWork = k.after ? drawLateWork(P) : undefined;
          // every case read from outside (Linux): the launched process's own count (ownPart)
          const tap = tapLaunched(c);
          const probe = await probePool(tap.ctx, {
            setEnv: ask,
            setEnvAfterUse: k.after,
            entry: /** @type {any} */ (k.entry),
            fifos: fifosFor(want),
            outside: true,
            ...(lateWork ? { lateWork } : {}),
          });
          seen.push({
            name: k.name,
            parked: probe.parked,
            agree: poolReading(probe).agree,
            threads: probe.poolThreads.length,
            blocked: probe.blocked,
            ...(k.ask === null ? { asked: Number(ask), want } : {}),
            ...(lateWork ? { late: lateReading(probe, lateWork) } : {}),
            own: ownReading(tap.seen(), probe),
          });
        }
        return { seen };
      },
      structural: {
        asserts: `${ASK}: ${cases[0].want} before pool use, ${cases[1].want} after (raised: no new thread), ${cases[2].want} from ESM${high ? `; ${high.join('–')} → itself` : ''}`,
        need: 2,
        check(obs) {
          // the size a case was to read: the plan's, or the one drawn in the trial
          const wantOf = (/** @type {any} */ s, /** @type {number} */ i) => cases[i].want ?? s.want;
          const text = obs.seen.map((/** @type {any} */ s, /** @type {number} */ i) => {
            const lp = latePart(s.late);
            const op = ownPart(s.own, wantOf(s, i), optioned);
            return (
              `${s.name}${typeof s.asked === 'number' ? ` (${s.asked})` : ''} → ${s.parked}${s.parked === wantOf(s, i) ? '' : ` (expected ${wantOf(s, i)})`}${s.agree === false ? ` but the readings disagree (${s.threads} threads started, ${s.blocked} blocked in open)` : ''}` +
              (lp ? `; ${lp.detail}` : '') +
              (op && !op.ok ? `; ${op.detail}` : '')
            );
          });
          // Parked readers and started threads must agree (a padded census would not). A
          // record from before a case was added lacks its reading: what it has is judged.
          // After the first pool use, pool work submitted once the value is raised waits
          // for the pool's parked threads, and no thread is made (latePart). The pool
          // resized is the one of the process whose code assigned the variable: the
          // process the harness launched, read from outside (ownPart).
          const ok = obs.seen.every(
            (/** @type {any} */ s, /** @type {number} */ i) =>
              s.parked === wantOf(s, i) &&
              s.agree !== false &&
              latePart(s.late)?.ok !== false &&
              ownPart(s.own, wantOf(s, i), optioned)?.ok !== false,
          );
          return { ok, detail: text.join('; ') };
        },
      },
    };
  },
});
