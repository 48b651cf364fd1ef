// @ts-check
// Runnable concurrency: how many pool threads were runnable at once (on a
// CPU or waiting in a run queue for one), phase by phase between a batch's
// completions, read by fixtures/pbkdf2-batch.cjs from /proc: the count of
// threads in state R at each of its samples, averaged over the phase. It
// tests "n ran at once" itself, not which threads did some work, and it does
// not depend on timing: other processes on the CPUs make threads wait, and a
// waiting thread still counts. A pool whose threads exist but run fewer tasks
// at once (a limiter in front of it, serial hand-offs) shows here.

/**
 * @typedef {{ fromMs: number, toMs: number, concurrency: number | null, gapMs?: number, readToMs?: number }} Phase
 *   readToMs: where the fixture stopped reading the first phase, its first
 *   task's end on its thread, when that came before the first completion callback
 */

/** A first phase read this much short of its callback says so in the check's detail. */
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
      ? ` until its first task ended, ${Math.round(p.toMs - /** @type {number} */ (p.readToMs))} ms before its callback`
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

/**
 * Most a batch's first completion may come after its task ended on its
 * thread, as a share of one task, where tasks wait for a thread (k > P).
 */
export const MAX_DELIVERY_SHARE = 0.5;
/** The fixture's sampling period: a task's end is read up to one sample late. */
const SAMPLE_MS = 5;

/**
 * Whether a batch's completions came as its tasks ended, where the claim has
 * tasks that wait for a thread (k > P): what such a claim says ("the fifth
 * finishes about one task later") is about the completions the program sees,
 * and completions held back until the last task ends show every task
 * finishing at once. The first task's end on its thread (the phase's
 * readToMs, where the fixture saw it before the first callback) against the
 * first callback: later by more than MAX_DELIVERY_SHARE of a task is a fail,
 * unless the main thread was itself that late (its longest wait between
 * samples, gapMs), which spoils the reading (void). null where k ≤ P (the
 * claim is that they run and finish together) or there is no reading.
 * @param {Phase[] | null | undefined} phases
 * @param {{ k: number, P: number, T: number }} o
 * @returns {{ ok: boolean, invalid?: boolean, detail: string } | null}
 */
export function checkDelivery(phases, { k, P, T }) {
  const first = Array.isArray(phases) ? phases[0] : undefined;
  if (k <= P || !first || !(T > 0)) return null;
  const lateMs = first.readToMs == null ? 0 : first.toMs - first.readToMs;
  const said =
    lateMs < LATE_CALLBACK_MS
      ? 'the first completion came as its task ended on its thread'
      : `the first completion came ${Math.round(lateMs)} ms after its task ended on its thread`;
  const allowed = MAX_DELIVERY_SHARE * T;
  if (lateMs <= allowed) return { ok: true, detail: said };
  const gap = Math.round(first.gapMs ?? 0);
  if (gap + 2 * SAMPLE_MS >= lateMs)
    return { ok: false, invalid: true, detail: `${said}, the main thread itself ${gap} ms late` };
  return {
    ok: false,
    detail: `${said}, more than half a task (${Math.round(allowed)} ms) while the main thread answered within ${gap} ms: completions held back`,
  };
}

/** @param {number} x */
function round(x) {
  return Math.round(x * 100) / 100;
}
