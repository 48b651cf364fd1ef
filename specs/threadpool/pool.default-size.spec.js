import { defineSpec } from '../../harness/spec.js';
import {
  DEFAULT_POOL,
  poolSize,
  probePool,
  probeText,
  sizeInForce,
  poolReading,
  parkedPart,
  PARKED_CPU_MS,
  fifoCountUnavailable,
  fifosFor,
  launchPart,
  plainIoUring,
} from '../../harness/kits/pool.js';
import { drawLateWork, latePart, lateReading } from '../../harness/kits/late-work.js';
import { barePollsOnce } from '../../harness/kits/threads.js';

/**
 * The FIFO probe read from outside, with `kinds` submitted while its readers are parked
 * (pool-probe-main.cjs lateWork): its reading, and `late` as kits/late-work.js latePart
 * reads it (lateReading). Started plain (probePool `plain`): the default is the one a
 * program started from a shell gets, with no IPC channel and no harness variable.
 * @param {import('../../harness/context.js').Context} c @param {string[]} kinds
 */
export async function lateProbe(c, kinds) {
  const probe = await probePool(c, { outside: true, lateWork: kinds, plain: true });
  return { ...probe, late: lateReading(probe, kinds) };
}

export default defineSpec({
  id: 'pool.default-size',
  title: 'The libuv pool has 4 threads by default',
  area: 'threadpool',
  claim: 'Without UV_THREADPOOL_SIZE, the libuv thread pool has four threads, whatever the number of cores.',
  truth:
    'True on Node 20–26 (a proposal to size it from the core count is open upstream, so this is checked per version).',
  expected: 'holds',
  tags: ['structural', 'fifo-probe', 'version'],
  requires: ['posix'],
  source: { file: '000_5064a5800ba04d45.txt', section: 'Thread pool', figures: 'four threads (4-core machine)' },
  plan(ctx) {
    // Under settings that give another size, the probe must read that size:
    // the claim's 4 is then refuted here, as the model expects.
    const P = poolSize(ctx);
    const other = P !== DEFAULT_POOL;
    const s = P === 1 ? '' : 's';
    const setting = sizeInForce(ctx) ?? `a pool of ${P}`;
    // "whatever the number of cores": where the fixtures have more than one CPU, the first of them alone (Linux: taskset)
    const oneCpu =
      ctx.platform === 'linux' && (ctx.usable?.length ?? 0) > 1 ? [/** @type {number[]} */ (ctx.usable)[0]] : null;
    // the probe parks more readers than the pool (fifosFor): too many for this machine's open files, no count
    const unavailable = fifoCountUnavailable(ctx, fifosFor(P));
    // where this Node sends fs requests to io_uring by default, the plain probes keep UV_USE_IO_URING=0
    const ringKept = plainIoUring(ctx);
    // a bare Node's event loops, once for the claim's trials (parkedPart's loopsPart)
    const barePolls = barePollsOnce();
    return {
      ...(ctx.node.major > 26
        ? { skip: `the default was checked on Node 20–26; this is Node ${ctx.node.version}` }
        : unavailable
          ? { skip: unavailable }
          : {}),
      ...(other ? { expected: 'refuted' } : {}),
      summary:
        (other ? `With ${setting}: the pool has ${P} thread${s}, not the claim's ${DEFAULT_POOL}. ` : '') +
        `The FIFO probe parks exactly ${P} reader${s}, on C=${ctx.cores}; the thread count grows by ${P}.` +
        ` Each probe starts as a program started from a shell does: no IPC channel, no descriptor beyond stdin, stdout and stderr, and none of the harness's variables in its environment${ringKept ? ` but UV_USE_IO_URING=0 (${ringKept})` : ''}${ctx.platform === 'linux' ? ' (read from outside; a start not read is void)' : ' (its environment cannot be read from outside here: said, not judged)'}.` +
        (oneCpu
          ? ` "Whatever the number of cores": a second probe, pinned to CPU ${oneCpu[0]} alone, reads ${P} too.`
          : '') +
        (ctx.platform === 'linux'
          ? ` The threads parked are the pool's: read by the harness (/proc/<pid>/task/*), each has used under ${PARKED_CPU_MS} ms of CPU while parked, as a pool thread at its first request has (a thread that ran JavaScript first has used tens), none waits in an event loop once the count is through, and the process has no more event loops (epoll instances) than a bare Node.`
          : '') +
        ` While they are parked, ${P + 1}–${P + 3} hashes (pbkdf2 or scrypt, drawn) and a zlib, a randomBytes and an fs.access are submitted: none completes before the readers go, and the process gains no thread for them${ctx.platform === 'linux' ? ' (its threads listed from outside)' : ''}.`,
      model: { P, C: ctx.cores },
      // the pinned probe's reading beside the probe's own; where taskset is not installed, null
      // (any other failure of it is the trial's error, as the probe's own would be)
      // "Four threads": with the four busy, no pool request runs anywhere else. While the
      // readers hold every pool thread, more hashes than the pool has threads, and one
      // request of each other kind, are submitted (drawLateWork: drawn here, told the
      // fixture only as the requests it submits); none may complete in the 40 ms waited,
      // and the process may gain no thread across them, listed from outside (latePart).
      // Honest: 0 of 8–10 completed, 0 threads gained, every run (Node 20, busy 2-CPU
      // machine); a fifth hash sent to a thread of its own (pool-default-crypto-fifth):
      // that thread gained (1), the hash done while parked where it started in time.
      trial: async (c) => ({
        ...(await lateProbe(c, drawLateWork(P))),
        ...(oneCpu
          ? {
              oneCpu: await probePool(c, { cpus: oneCpu, threadAffinity: false, outside: true, plain: true }).catch(
                (err) => {
                  if (/could not start taskset: .*ENOENT/.test(String(err?.message))) return null;
                  throw err;
                },
              ),
            }
          : {}),
        // after the probes, not beside them (Linux only: pollsOf)
        barePolls: ctx.platform === 'linux' ? await barePolls(c) : null,
      }),
      structural: {
        need: 2,
        asserts: `without UV_THREADPOOL_SIZE the pool has the threads the model gives${oneCpu ? ', on one CPU as on all' : ''}`,
        check: (obs) => {
          const pinned = obs.oneCpu === undefined ? null : obs.oneCpu;
          // ... and the threads parked are the pool's, not a thread that ran JavaScript before
          // it took a request (a Worker in a copyFileSync of its own): their CPU while parked
          // and where they wait once through, read from outside (parkedPart: honest 0.01–0.12
          // ms each and futex, a Worker 13–39 ms and epoll_wait; the CPU alone voids the
          // trial; absent off Linux and in older records)
          // Nor do they bring an event loop: no more in the process than a bare Node has
          // (honest: as many; a Worker asleep in Atomics.wait once through: one more).
          const ours = parkedPart(obs, obs.barePolls);
          const pinnedOurs = pinned === null ? null : parkedPart(pinned, obs.barePolls);
          const pinnedOk =
            pinned === null || (pinned.parked === P && poolReading(pinned).agree && pinnedOurs?.ok !== false);
          const pinnedText =
            obs.oneCpu === undefined
              ? ''
              : pinned === null
                ? '; on one CPU: not read (no taskset to pin it)'
                : `; on one CPU: ${probeText(pinned)}${pinnedOurs ? `, ${pinnedOurs.detail}` : ''}`;
          // ... and with all of them busy, no request runs elsewhere (latePart;
          // null where the trial did not submit them: a record from before)
          const late = latePart(obs.late);
          // ... and each probe started as a user starts a program: no IPC channel, none of the
          // harness's variables in its environment as read from outside (launchPart; a default
          // that differs in a forked child: pool-default-plain). A start not read on Linux, or a
          // record from before it was read, is void, never a pass; off Linux it is said.
          const inForce = Object.keys(ctx.env ?? {});
          const launch = launchPart(obs.launch, inForce, ringKept);
          const pinnedLaunch = pinned === null ? null : launchPart(pinned.launch, inForce, ringKept);
          const launchFailed =
            (!launch.ok && !launch.void) || (pinnedLaunch !== null && !pinnedLaunch.ok && !pinnedLaunch.void);
          const launchVoid = launch.void ?? pinnedLaunch?.void ?? null;
          const launchOk = !launchFailed;
          const ok =
            obs.parked === P &&
            poolReading(obs).agree &&
            ours?.ok !== false &&
            pinnedOk &&
            late?.ok !== false &&
            launchOk;
          const launchText =
            `; ${launch.detail}` + (pinnedLaunch && !pinnedLaunch.ok ? `; on one CPU: ${pinnedLaunch.detail}` : '');
          const detail =
            `${probeText(obs)}${ours ? `, ${ours.detail}` : ''}${pinnedText}` +
            `${late ? `; ${late.detail}` : ''}${launchText}; expected ${P}`;
          // A parked thread's CPU over PARKED_CPU_MS with nothing else amiss: a slow or
          // stolen CPU cannot be told from a thread that ran JavaScript first (void).
          if (ok && (ours?.invalid || pinnedOurs?.invalid)) return { ok: false, invalid: true, detail };
          // ... and a start that cannot be told from a forked child's counts neither way
          if (ok && launchVoid) return { ok: false, invalid: true, detail };
          return { ok, detail };
        },
      },
    };
  },
});
