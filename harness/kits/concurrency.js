// @ts-check
// Runnable concurrency: how many pool threads were runnable at once (on a
// CPU or waiting in a run queue for one), phase by phase between a batch's
// completions, read by fixtures/pbkdf2-batch.cjs from /proc: the count of
// threads in state R at each of its samples, averaged over the phase. It
// tests "n ran at once" itself, not which threads did some work, and it does
// not depend on timing: other processes on the CPUs make threads wait, and a
// waiting thread still counts. A pool whose threads exist but run fewer tasks
// at once (a limiter in front of it, serial hand-offs) shows here.
import { createRequire } from 'node:module';

/** @type {{ threadEndsMs: (timeline: { t: number[], cpu: Record<string, number[]> }, o?: { longGapMs?: number }) => number[] }} */
const { threadEndsMs } = createRequire(import.meta.url)('../../fixtures/lib/phases.cjs');

/**
 * @typedef {{ fromMs: number, toMs: number, concurrency: number | null, gapMs?: number, readToMs?: number }} Phase
 *   readToMs: where the fixture stopped reading the first phase, the first
 *   thread's end of its work, when that came before the first completion callback
 */

/**
 * Most a completion callback may come after the thread's end it answers, in
 * ms: two of the fixture's samples. A first phase read this much short of its
 * callback says so in the check's detail.
 */
export const LATE_CALLBACK_MS = 10;

/**
 * Later phases shorter than this share of one task are not read: the
 * completion callbacks that delimit a phase lag the threads a little, which
 * only matters in a short phase. The first phase (before any completion) is
 * always read: it is the batch that "runs together".
 */
export const MIN_PHASE_SHARE = 0.5;
/**
 * A later phase is read only when it is this many times longer than the main
 * thread's latency around it (the phase's gapMs: the longest wait between the
 * fixture's samples there). The completion callbacks that delimit phases lag
 * the threads by about that latency, which a busy machine stretches to tens
 * of milliseconds: a phase not much longer would be read across the next one.
 */
export const MIN_PHASE_LAGS = 4;
/**
 * Largest distance from the model a phase may read and still agree: half-way
 * to the nearest wrong whole number (one more or one fewer at once).
 */
export const MAX_ERROR = 0.5;

/**
 * Runnable tasks the model expects after j of k completions, with a pool of
 * P threads: every remaining task while they fit in the pool, else P.
 * @param {{ k: number, P: number }} o @param {number} j
 */
export function expectedRunnable({ k, P }, j) {
  return Math.min(P, k - j);
}

/**
 * Compare a trial's phases with the model: the first phase, and every later
 * phase long enough to read, must be within MAX_ERROR of min(P, k − j).
 * @param {Phase[] | null | undefined} phases
 * @param {{ k: number, P: number, T: number }} o  T: one task's time alone (ms), for the minimum phase
 * @returns {{ ok: boolean, error: number, detail: string } | null}  null: no reading (not Linux)
 */
export function checkConcurrency(phases, { k, P, T }) {
  if (!Array.isArray(phases) || phases.length === 0) return null;
  const minMs = MIN_PHASE_SHARE * T;
  let error = 0;
  /** @type {string[]} */
  const shown = [];
  phases.forEach((p, j) => {
    const length = p.toMs - p.fromMs;
    if (p.concurrency === null || (j > 0 && (length < minMs || length < MIN_PHASE_LAGS * (p.gapMs ?? 0)))) return;
    const want = expectedRunnable({ k, P }, j);
    error = Math.max(error, Math.abs(p.concurrency - want));
    const late = j === 0 && p.readToMs != null && p.toMs - p.readToMs >= LATE_CALLBACK_MS;
    const until = late
      ? ` until the first thread ended its work, ${Math.round(p.toMs - /** @type {number} */ (p.readToMs))} ms before its callback`
      : '';
    shown.push(`${round(p.concurrency)} (model ${want})${until}`);
  });
  if (shown.length === 0) return null;
  return {
    ok: error <= MAX_ERROR,
    error: round(error),
    detail: `runnable at once ${shown.join(', then ')}`,
  };
}

/** The fixture's sampling period (fixtures/pbkdf2-batch.cjs sampleMs): a thread's end is read up to one sample late. */
const SAMPLE_MS = 5;
/** CPU time the main thread used in a wait between samples beyond which it was running something else than its loop (two samples). */
const MAIN_BUSY_MS = 2 * SAMPLE_MS;

/**
 * Whether a batch's completions came as its tasks ended, where the claim has
 * tasks that wait for a thread (k > P): what such a claim says ("the fifth
 * finishes about one task later") is about the completions the program sees,
 * and completions held back until the last task ends show every task
 * finishing at once. Read from the threads' own ends (threadEndsMs: the
 * sample from which a thread that worked used no more CPU): the i-th thread
 * to end its work had finished i tasks or more by then, so the i-th
 * completion is due. Later than LATE_CALLBACK_MS (two samples; an idle event
 * loop runs a completion within a millisecond) is a fail, "completions held
 * back", unless the main thread was itself as late between that end and that
 * completion (its longest wait between samples). Then its own CPU time over
 * that wait (timeline.main) tells who held it. A main thread that gets its
 * CPU takes its next sample within a millisecond (a sample costs ~50 µs), so
 * MAIN_BUSY_MS or more of CPU in a wait means it ran something else meanwhile:
 * the program held its callbacks itself (a fail). Less, and others kept it
 * from running (a busy machine, or the host), which spoils the reading (void).
 * An end the sampler read only after such a wait is put at the earliest the
 * thread could have ended (threadEndsMs' longGapMs). A thread's end within LATE_CALLBACK_MS of the last completion is
 * not read: completions all held to the end would pass it. null where k ≤ P
 * (the claim is that they run and finish together), or nothing could be read
 * (every thread worked to the last round, as where k ≥ 2P).
 * @param {any} obs  a batch's observation: completions and the CPU timeline
 * @param {{ k: number, P: number }} o
 * @returns {{ ok: boolean, invalid?: boolean, detail: string } | null}
 */
export function checkDelivery(obs, { k, P }) {
  const t = obs?.timeline?.t;
  const calls = (obs?.completions ?? [])
    .map((/** @type {{ ms: number }} */ c) => c.ms)
    .sort((/** @type {number} */ a, /** @type {number} */ b) => a - b);
  if (k <= P || !Array.isArray(t) || calls.length === 0) return null;
  const last = calls.at(-1);
  const read = threadEndsMs(obs.timeline, { longGapMs: LATE_CALLBACK_MS })
    .map((endMs, i) => ({ i, endMs, callMs: calls[i] }))
    .filter(({ endMs, callMs }) => callMs !== undefined && endMs + LATE_CALLBACK_MS < last);
  if (read.length === 0) return null;
  const worst = read.reduce((a, b) => (b.callMs - b.endMs > a.callMs - a.endMs ? b : a));
  const lateMs = worst.callMs - worst.endMs;
  if (lateMs <= LATE_CALLBACK_MS)
    return {
      ok: true,
      detail: `completions kept pace with the threads ending their work (${read.length} read, each within ${LATE_CALLBACK_MS} ms)`,
    };
  const wait = longestWait(obs.timeline, worst.endMs - SAMPLE_MS, worst.callMs + SAMPLE_MS);
  const gap = Math.round(wait.ms);
  const said = `completion ${worst.i + 1} came ${Math.round(lateMs)} ms after the ${ordinal(worst.i + 1)} thread ended its work`;
  if (gap + 2 * SAMPLE_MS < lateMs)
    return { ok: false, detail: `${said} while the main thread answered within ${gap} ms: completions held back` };
  if (wait.busyMs !== null && wait.busyMs >= MAIN_BUSY_MS)
    return {
      ok: false,
      detail: `${said}; the main thread took no sample for ${gap} ms while it ran ${Math.round(wait.busyMs)} ms on its CPU: completions held back by the main thread`,
    };
  const off = wait.busyMs === null ? '' : ` (on its CPU for ${Math.round(wait.busyMs)} ms of them)`;
  return { ok: false, invalid: true, detail: `${said}, the main thread itself ${gap} ms late${off}` };
}

/**
 * The longest wait between consecutive samples over [fromMs, toMs], and the
 * main thread's CPU time over it (null where the timeline has no main series).
 * @param {{ t: number[], main?: number[] }} timeline @param {number} fromMs @param {number} toMs
 */
function longestWait({ t, main }, fromMs, toMs) {
  let at = 0;
  let ms = 0;
  for (let i = 1; i < t.length; i++)
    if (t[i] > fromMs && t[i - 1] < toMs && t[i] - t[i - 1] > ms) [at, ms] = [i, t[i] - t[i - 1]];
  const busyMs = at > 0 && main?.length === t.length ? main[at] - main[at - 1] : null;
  return { ms, busyMs };
}

/** 1st, 2nd, 3rd, 4th, … @param {number} n */
function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** @param {number} x */
function round(x) {
  return Math.round(x * 100) / 100;
}
