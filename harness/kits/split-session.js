// @ts-check
// A claim's split trials in one process kept between them: the split fixture
// (fixtures/split-work.cjs) as a service that starts its worker threads and
// control processes once and runs a trial per request. A trial then costs
// its runs and the control's bursts, not a Node start, its threads' and the
// control processes' (BENCHMARKS.md §41). The runs, their threads and the
// control are those a one-shot trial (workers.js splitTrial) has; their
// start and first use are shared, and each trial reads its own.
import { FixtureError } from '../errors.js';
import { splitOptions, firstRoundOf } from './workers.js';
import { STOP_GRACE_MS } from './loadgen.js';
import { round } from '../stats.js';

const FIXTURE = 'split-work.cjs';

/**
 * A session's bound on its life: far above any claim's trials (each trial
 * has its own bound, splitOptions' trialMs). No trial starts in a session
 * with less than a trial's bound of its life left: another is started first.
 */
export const SPLIT_SESSION_MS = 600_000;

/**
 * Start the split fixture as a service for `ks`: resolves once its threads
 * and control processes are up (within a trial's bound: starting them is
 * what a one-shot trial did first). run(n) is trial n's observation, as a
 * one-shot split-work.cjs reports it, with `session`: which of the
 * session's trials it was (`trial`), and the trial's span on the harness's
 * own clock, from the request's sending to the answer's arrival (`spanMs`),
 * which the fixture's span of it is read against (workers.js clockAccount:
 * the fixture's clock is not trusted), and the cgroup CPU quota in force
 * (`cpuQuota`, the profile's; null where none); a trial that does not answer within its bound
 * (`trialMs`, splitOptions' unless given) kills the session and rejects.
 * @param {import('../context.js').Context} ctx @param {number[]} ks @param {{ trialMs?: number }} [o]
 */
export async function startSplitSession(ctx, ks, o = {}) {
  const { options, trialMs: bound } = splitOptions(ctx, ks);
  const trialMs = o.trialMs ?? bound;
  const startedAt = performance.now();
  /** @type {Map<number, { sentAt: number, resolve: (v: any) => void, reject: (e: Error) => void }>} */
  const pending = new Map();
  let next = 0;
  const handle = ctx.start(FIXTURE, {
    options: { ...options, session: true },
    timeoutMs: SPLIT_SESSION_MS,
    readyMs: trialMs,
    onMessage: (m) => {
      // the answer's arrival on the harness's clock, first: the trial's span ends here
      const answeredAt = performance.now();
      const p = pending.get(m?.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error) p.reject(new FixtureError(`${FIXTURE}: ${m.error}`));
      else
        p.resolve({
          ...m.data,
          session: {
            trial: m.id + 1,
            spanMs: round(answeredAt - p.sentAt, 2),
            cpuQuota: ctx.profile?.cgroupQuota ?? null,
          },
        });
    },
  });
  const gone = (/** @type {Error} */ err) => pending.forEach((p) => p.reject(err));
  handle.result.then(
    () => gone(new FixtureError(`${FIXTURE} stopped before it answered a trial`)),
    (err) => gone(err),
  );
  await handle.ready;
  const stop = () =>
    handle
      .stop(STOP_GRACE_MS)
      .then(() => {})
      .catch(() => {});
  return {
    /** @param {number} n the trial's number */
    run(n) {
      const id = next++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new FixtureError(`${FIXTURE} did not answer trial ${n} within ${trialMs} ms (killed)`));
          handle.stop(0).catch(() => {});
        }, trialMs);
        pending.set(id, {
          sentAt: performance.now(), // the trial's span on the harness's clock starts at its request
          resolve: (v) => (clearTimeout(timer), resolve(v)),
          reject: (e) => (clearTimeout(timer), reject(e)),
        });
        handle.send({ type: 'trial', id, firstRound: firstRoundOf(n) });
      });
    },
    stop,
    running: handle.running,
    /** whether a trial started now could outlive the session's bound */
    nearEnd: () => performance.now() - startedAt > SPLIT_SESSION_MS - trialMs,
  };
}

/**
 * A split claim's trials: trial(ctx, n) runs trial n in the claim's session,
 * started at its first trial (or again, where the last one has exited);
 * end() stops it (the plan's `end`, once the claim's trials are over). A
 * trial that throws stops the session: the claim then ends in error, as a
 * one-shot trial's failure ends it.
 * @param {{ ks: number[] }} o
 */
export function splitTrials({ ks }) {
  /** @type {Awaited<ReturnType<typeof startSplitSession>> | null} */
  let session = null;
  const end = async () => {
    const s = session;
    session = null;
    if (s) await s.stop();
  };
  return {
    /** @param {import('../context.js').Context} ctx @param {number} n */
    async trial(ctx, n) {
      try {
        if (session && (!session.running() || session.nearEnd())) await end();
        session ??= await startSplitSession(ctx, ks);
        return await session.run(n);
      } catch (err) {
        await end();
        throw err;
      }
    },
    end,
  };
}
