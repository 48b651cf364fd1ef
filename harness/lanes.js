// @ts-check
// Lanes: which claims may run beside each other, and a runner that keeps
// their event streams apart. A claim decided by timing-free evidence alone
// (tagged 'structural': FIFO parking, /proc, pids, event orders) reads the
// same however busy the CPUs are: beside another such claim and two busy
// loops, each of the 26 passed 10 of 10 (BENCHMARKS.md §34). So such claims
// may share the machine with each other. A claim with a timing channel
// measures the machine, and one with a bounded wait can miss it on a busy
// one: each runs alone, never beside anything of the run's own.

/** How many timing-free claims run at once unless told: measured best on 2 CPUs (BENCHMARKS.md §34). */
export const DEFAULT_LANES = 2;

/**
 * Tags that keep a claim alone, whatever else it is tagged: it measures time
 * (a claim with both channels has both tags), or it waits a bounded time for
 * something a busy machine delays. `cluster.refork-no-downtime` waits up to
 * 1000 ms for a replacement worker to answer: beside another claim and two
 * busy loops the replacement missed that window in 6 of 10 claim-runs
 * (BENCHMARKS.md §34), alone it had not (§33).
 */
const KEEP_ALONE = ['timing', 'throughput', 'bounded-wait'];

/**
 * Whether a claim may run beside other such claims: tagged 'structural' and
 * nothing that keeps it alone.
 * @param {{ tags?: string[] }} spec
 */
export function sideBySide(spec) {
  const tags = spec.tags ?? [];
  return tags.includes('structural') && !tags.some((t) => KEEP_ALONE.includes(t));
}

/**
 * The tag of a timing-free claim whose trials spend most of their wall time
 * waiting on a timer: a second reading at an age the harness draws, a kept
 * socket's idle timeout, a hold of the pool the harness draws. Such a claim
 * uses a fraction of a CPU, so it takes no lane from the others: claims that
 * mostly wait have lanes of their own, WAITING_PER_LANE for each of the
 * others', so that they (the longest) start at once.
 */
export const MOSTLY_WAITS = 'mostly-waits';

/**
 * Lanes for claims that mostly wait, per lane of the others. Each such claim
 * of the catalogue took 0.1–0.7 s of CPU over its 3.5–5 s, the command line's
 * own start and profile (1.1 s of CPU) taken off (BENCHMARKS.md §50): four
 * of them at once use less than one lane's CPU.
 */
export const WAITING_PER_LANE = 2;

/**
 * Which lanes a side-by-side claim takes: 'waits' for a claim that mostly
 * waits, 'works' for any other.
 * @param {{ tags?: string[] }} spec @returns {'waits' | 'works'}
 */
export function laneKind(spec) {
  return (spec.tags ?? []).includes(MOSTLY_WAITS) ? 'waits' : 'works';
}

/**
 * Run jobs, up to `lanes` at once of each kind (kindOf; one kind unless
 * told; `lanes` a count per kind, or one for every kind), each an event
 * stream of its own, and
 * yield their events job by job in the jobs' order: the first unfinished
 * job's events as they come, a later job's kept until every job before it
 * has ended. So a consumer sees each job's events together, as when they ran
 * one after another. A job that throws ends the stream with its error once
 * its turn comes, and no job starts after it (one of another kind before it
 * in the order and not yet started is passed over, with no events). Once the
 * stream has ended, however (done, thrown, or its consumer gone), the jobs
 * under way stop at their next event (their generators' `finally` runs).
 * @template E
 * @param {(() => AsyncIterable<E>)[]} jobs
 * @param {number | Record<string, number>} lanes each at least 1 (anything else counts as 1)
 * @param {(index: number) => string} [kindOf] the kind of the job at this index
 * @returns {AsyncGenerator<E>}
 */
export async function* inOrder(jobs, lanes, kindOf = () => '') {
  /** @type {{ events: E[], done: boolean, failed: boolean, error: unknown, wake: (() => void) | null }[]} */
  const queues = jobs.map(() => ({ events: [], done: false, failed: false, error: undefined, wake: null }));
  // Each kind's jobs not yet started, in the jobs' order.
  /** @type {Map<string, number[]>} */
  const waiting = new Map();
  jobs.forEach((_, i) => {
    const kind = kindOf(i);
    waiting.set(kind, [...(waiting.get(kind) ?? []), i]);
  });
  // No job starts once one has failed (the stream ends at its turn) or the stream has ended.
  let noMore = false;
  let stopped = false;
  const startNext = (/** @type {string} */ kind) => {
    const i = waiting.get(kind)?.shift();
    if (!noMore && !stopped && i !== undefined) void pump(i);
  };
  /** @param {number} i */
  const pump = async (i) => {
    const q = queues[i];
    try {
      for await (const event of jobs[i]()) {
        if (stopped) break;
        q.events.push(event);
        q.wake?.();
      }
    } catch (err) {
      [q.failed, q.error, noMore] = [true, err, true];
      // Jobs not started never will: ended empty, so that the stream reaches this one's
      // turn even past a job of another kind before it in the order.
      for (const list of waiting.values())
        for (const j of list.splice(0)) {
          queues[j].done = true;
          queues[j].wake?.();
        }
    }
    q.done = true;
    q.wake?.();
    startNext(kindOf(i));
  };
  const widthOf = (/** @type {string} */ kind) =>
    Math.max(1, Math.floor(typeof lanes === 'number' ? lanes : (lanes[kind] ?? 1)) || 1);
  try {
    for (const kind of [...waiting.keys()]) for (let i = 0; i < widthOf(kind); i++) startNext(kind);
    for (const q of queues) {
      for (;;) {
        while (q.events.length) yield /** @type {E} */ (q.events.shift());
        if (q.done) break;
        await new Promise((resolve) => {
          q.wake = () => resolve(undefined);
        });
        q.wake = null;
      }
      if (q.failed) throw q.error;
    }
  } finally {
    stopped = true;
  }
}
