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

/** @type {{ threadEndsMs: (timeline: { t: number[], cpu: Record<string, number[]> }, o?: { longGapMs?: number }) => number[], IDLE_OF_BUSIEST: number }} */
const { threadEndsMs, IDLE_OF_BUSIEST } = createRequire(import.meta.url)('../../fixtures/lib/phases.cjs');

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

/**
 * Each working pool thread's share of its samples in state R between the
 * start and the end of its work, read from the batch's timeline: from the
 * first sample at which it had used CPU to the last at which it still had
 * CPU to use (its CPU time is brought up to date when it sleeps, so a
 * reading short of its final one says it was still working). A thread that
 * works is runnable throughout, on a CPU or waiting for one, whatever else
 * competes; one that sleeps in its work (throttled, or parked between slices)
 * reads the share of the time it ran. The runnable count averages the
 * threads, so one thread asleep half its time beside another at work reads
 * 1.5 against a model of 2, within MAX_ERROR. A thread that did no work of
 * the batch (phases.cjs IDLE_OF_BUSIEST), or has fewer than MIN_SPAN_SAMPLES
 * samples in its work, is left out; null where the timeline has no states
 * (a record from before they were kept, off Linux).
 * @param {{ t: number[], cpu: Record<string, number[]>, runnable?: Record<string, string> }} timeline
 * @returns {{ tid: string, share: number, samples: number }[] | null}
 */
export function runnableShares(timeline) {
  const states = timeline?.runnable;
  if (!states) return null;
  const n = timeline.t.length;
  /** @type {{ tid: string, share: number, samples: number }[]} */
  const out = [];
  for (const [tid, xs] of workingThreads(timeline)) {
    const state = states[tid];
    const final = xs.at(-1) ?? 0;
    if (state?.length !== n) continue;
    const from = xs.findIndex((v) => v > 0);
    const to = xs.findIndex((v) => v >= final); // the first sample with no CPU left to use
    const samples = to - from;
    if (from < 0 || samples < MIN_SPAN_SAMPLES) continue;
    const runnable = [...state.slice(from, to)].filter((c) => c === '1').length;
    out.push({ tid, share: runnable / samples, samples });
  }
  return out;
}

/** Fewest samples inside a thread's work that say what share of it the thread was runnable. */
export const MIN_SPAN_SAMPLES = 6;
/**
 * Least share of its work's samples a working thread may read runnable.
 * Honest threads read at least 0.97 quiet, 0.94 under --quick, 0.97 inside
 * a 1-CPU quota, 0.89 beside two busy loops and 0.97 beside one (1 623
 * batch trials of two threads or more): a pool thread waits briefly on a
 * lock now and then. The threads of a pool whose first task sleeps 0.4 of
 * its time (pool-throttle=0.6) read 0.29–0.63 (BENCHMARKS.md §27).
 */
export const MIN_RUNNABLE_SHARE = 0.8;

/**
 * Whether every working pool thread was runnable throughout its work
 * (runnableShares), as "n run at once" says of each of the n; null where no
 * thread could be read.
 * @param {any} timeline
 * @returns {{ ok: boolean, detail: string } | null}
 */
export function checkEachRunnable(timeline) {
  const shares = runnableShares(timeline);
  if (!shares?.length) return null;
  const least = shares.reduce((a, b) => (b.share < a.share ? b : a));
  const detail = `each working thread runnable in ≥ ${percent(least.share)} of its work's samples (${shares.length} read)`;
  if (least.share >= MIN_RUNNABLE_SHARE) return { ok: true, detail };
  return {
    ok: false,
    detail: `a working thread runnable in ${percent(least.share)} of its work's ${least.samples} samples (asleep the rest; allowed ${percent(MIN_RUNNABLE_SHARE)})`,
  };
}

/**
 * The pool threads that worked in a batch, each with its CPU at every
 * sample: those read at every sample, whose CPU is more than
 * IDLE_OF_BUSIEST of the busiest's (phases.cjs).
 * @param {{ t: number[], cpu: Record<string, number[]> } | null | undefined} timeline
 * @returns {[string, number[]][]}
 */
function workingThreads(timeline) {
  const n = timeline?.t?.length ?? 0;
  const entries = Object.entries(timeline?.cpu ?? {});
  const busiest = Math.max(0, ...entries.map(([, xs]) => xs.at(-1) ?? 0));
  return entries.filter(([, xs]) => xs.length === n && (xs.at(-1) ?? 0) > IDLE_OF_BUSIEST * busiest);
}

/**
 * Each working pool thread's longest wait while the others worked: over the
 * stretches of its work (from the pool's first CPU to the end of its hash,
 * none across a gap in the samples longer than MAX_SAMPLE_GAP_MS) in which
 * it gained at most WAITING_SHARE of what the other working threads gained,
 * the most those others gained, in ms of CPU. Threads that run together
 * share the CPUs in turns of a scheduler's period, a few milliseconds: one
 * waits while the others run one turn each. A thread kept from its task
 * while it stays runnable (a limiter whose waiting threads sit at idle
 * priority, pool-nice) waits while the others do whole tasks; the runnable
 * count and each thread's runnable share read it as running. Threads that
 * did no work of the batch are left out (workingThreads); [] where fewer
 * than two worked. from and to: the samples that
 * bound its longest wait (-1 where it never waited).
 * @param {{ t: number[], cpu: Record<string, number[]> }} timeline
 * @returns {{ tid: string, othersMs: number, from: number, to: number }[]}
 */
export function waitsWhileOthersWorked(timeline) {
  const t = timeline?.t ?? [];
  const working = workingThreads(timeline);
  if (working.length < 2) return [];
  // Each thread's CPU as it ran: no sample's gain beyond its wall time (a
  // reading that caught up on time the host took its vCPU away, lateCpu)
  const ran = working.map(([, xs]) => withinWall(t, xs));
  const total = t.map((_, i) => ran.reduce((sum, ys) => sum + ys[i], 0));
  // Every thread at work takes its first task when the batch is submitted: its
  // work begins with the pool's, not with its own first CPU (a thread kept
  // waiting from the start has none), at the last sample before any CPU was
  // used (the first sample's interval is work too).
  const from = Math.max(0, total.findIndex((v) => v > 0) - 1);
  return working.map(([tid, xs], w) => {
    const final = xs.at(-1) ?? 0;
    // its work ends where what is left is its callback's bookkeeping
    const to = xs.findIndex((v) => v >= final - WORK_TAIL_MS);
    const late = lateCpu(t, xs);
    let longest = { othersMs: 0, from: -1, to: -1 };
    for (let a = from; a >= 0 && a < to; a++)
      // a stretch ends at a gap in the samples: when in it each thread ran is not read
      for (let b = a + 1; b <= to && t[b] - t[b - 1] <= MAX_SAMPLE_GAP_MS; b++) {
        // its own CPU in the stretch: what its readings show there, plus what
        // they caught up on right after it, less what they caught up on
        // right after its start (used before it)
        const own = Math.max(0, xs[b] - xs[a] + late[b] - late[a]);
        const others = total[b] - total[a] - (ran[w][b] - ran[w][a]);
        if (others > longest.othersMs && own <= WAITING_SHARE * others) longest = { othersMs: others, from: a, to: b };
      }
    return { tid, ...longest };
  });
}

/**
 * CPU a thread had used by each sample that its reading then did not yet
 * show: a thread's schedstat time grows at its CPU's scheduler ticks, and
 * where the host took that vCPU away for a while the guest counts the time
 * away as the thread's at its next tick (one honest thread's reading grew 96
 * ms in an 18 ms sample, after 100 ms flat beside the others' progress). At
 * each sample, what the readings right after it show beyond their wall time,
 * summed over the samples in a row that do (ordinary ticks: a few ms).
 * @param {number[]} t @param {number[]} xs
 */
function lateCpu(t, xs) {
  const beyond = beyondWall(t, xs);
  const late = new Array(xs.length).fill(0);
  for (let i = xs.length - 2; i >= 0; i--) late[i] = beyond[i + 1] > 0 ? beyond[i + 1] + late[i + 1] : 0;
  return late;
}

/**
 * How far each sample's CPU reading grew beyond the sample's wall time (ms,
 * 0 where it did not, or where either reading is not a number); [0] first.
 * @param {number[]} t @param {number[]} xs
 */
function beyondWall(t, xs) {
  const out = [0];
  for (let i = 1; i < xs.length && i < t.length; i++) {
    const beyond = xs[i] - xs[i - 1] - (t[i] - t[i - 1]);
    out.push(Number.isFinite(beyond) ? Math.max(0, beyond) : 0);
  }
  return out;
}

/**
 * How far one sample's CPU reading of a pool thread or the main thread grew
 * beyond the sample's wall time, at most (ms), over the samples after
 * `from` up to `to`: a scheduler tick's lag reads up to 7 ms (2 100 honest
 * batch trials); a vCPU the host took away for a while reads the time away
 * at once (89 ms once in them).
 * @param {{ t: number[], cpu: Record<string, number[]>, main?: number[] }} timeline
 * @param {number} [from] @param {number} [to]
 */
export function hostAwayMs(timeline, from = 0, to = Infinity) {
  let most = 0;
  for (const xs of [...Object.values(timeline.cpu), timeline.main ?? []])
    most = Math.max(most, ...beyondWall(timeline.t, xs).slice(Math.max(1, from + 1), to + 1));
  return most;
}

/** A reading grown beyond its sample's wall time by more than this says the host took a vCPU away (hostAwayMs). */
export const HOST_AWAY_MS = 20;

/**
 * A thread's CPU readings with no sample's gain beyond its wall time.
 * @param {number[]} t @param {number[]} xs
 */
function withinWall(t, xs) {
  const beyond = beyondWall(t, xs);
  const out = [xs[0]];
  for (let i = 1; i < xs.length; i++) out.push(out[i - 1] + xs[i] - xs[i - 1] - beyond[i]);
  return out;
}

/**
 * Longest gap between two samples a wait may span, in ms (the fixture samples
 * every 5 ms). Where the main thread's sampler was held (the program holding
 * its completions in a spin, a VM paused), a thread that ended its hash
 * early in a gap of 121–172 ms read as waiting through all of it, its last
 * milliseconds of CPU seen only after it (BENCHMARKS.md §28).
 */
const MAX_SAMPLE_GAP_MS = 25;

/**
 * CPU a thread uses after its hash, in ms: an honest thread that read 0.5 ms
 * short of its final CPU time when it had ended its hash, across a 107 ms
 * gap in the samples, read as waiting through it (BENCHMARKS.md §28).
 */
const WORK_TAIL_MS = 2;

/**
 * Most a thread may gain, as a share of what the other working threads gain
 * over the same stretch, and still count as waiting (waitsWhileOthersWorked).
 * Four threads sharing two CPUs fairly gain a third of the others' each, and
 * one alone beside three sharing the other CPU a sixth; a thread at nice 19
 * beside ones at nice 0 gains ~1.5% of a peer's.
 */
export const WAITING_SHARE = 0.05;

/**
 * Most CPU the other working threads may gain, in tasks, while one of them
 * waits (waitsWhileOthersWorked): "n run together" says no thread's task
 * waits while the others do a whole task. In tasks of the calibrated T,
 * honest batches read at most 0.52 of a task quiet (over 2 700 trials,
 * `--quick` and stretches whose CPUs read up to ×1.95 apart among them),
 * 0.60 inside a 1-CPU quota, 0.29 beside one busy loop and 0.91 beside two
 * (batches spoiled by other processes' load, where the rule contests); a
 * pool whose waiting threads sit at nice 19 behind two at nice 0
 * (pool-nice=2) read 1.01–4.95 (BENCHMARKS.md §28). In tasks of the smaller
 * of that and the batch's own CPU per hash (pool.js waitUnit), 863 honest
 * trials of §32's stability runs read at most 0.40 quiet, 0.44 beside one
 * busy loop, 0.59 beside two and 0.53 inside a 1-CPU quota (BENCHMARKS.md
 * §33).
 */
export const MAX_WAIT_TASKS = 1;

/**
 * Whether no working thread's task waited while the others did a whole task
 * (waitsWhileOthersWorked, MAX_WAIT_TASKS); null where fewer than two threads
 * worked or the task's time is unknown. Where the host took a vCPU away in
 * the longest wait or right after it (hostAwayMs), the wait is void: the
 * threads queued on that vCPU waited for the host, not for their peers. A
 * void trial holds back nothing by itself: the claim's other trials decide.
 * @param {any} timeline @param {number} T  ms of CPU of one task
 * @param {string} [what]  where T comes from, for the reason
 * @returns {{ ok: boolean, invalid?: boolean, detail: string } | null}
 */
export function checkNoneWaited(timeline, T, what) {
  const waits = waitsWhileOthersWorked(timeline);
  if (!waits.length || !(T > 0)) return null;
  const longest = waits.reduce((a, b) => (b.othersMs > a.othersMs ? b : a));
  const tasks = longest.othersMs / T;
  if (tasks <= MAX_WAIT_TASKS)
    return {
      ok: true,
      detail: `no working thread waited while the others did more than ${round(tasks)} of a task (allowed ${MAX_WAIT_TASKS})`,
    };
  // the host's time away shows in the sample after it (lateCpu), where the wait ends
  const away = hostAwayMs(timeline, longest.from, longest.to + 1);
  if (away > HOST_AWAY_MS)
    return {
      ok: false,
      invalid: true,
      detail: `a working thread waited while the others did ${round(tasks)} tasks, but the host took a vCPU away meanwhile (a thread's CPU reading grew ${Math.round(away)} ms beyond a sample's wall time, in the wait or right after it): the threads queued on it waited for the host`,
    };
  return {
    ok: false,
    detail: `a working thread waited, runnable or not, while the others used ${Math.round(longest.othersMs)} ms of CPU, ${round(tasks)} tasks of ${Math.round(T)} ms${what ? ` (${what})` : ''} (allowed ${MAX_WAIT_TASKS}): its task did not run with theirs`,
  };
}

/** A share as a whole percentage, rounded down: a share short of the allowance never reads as it. @param {number} x */
function percent(x) {
  return `${Math.floor(100 * x + 1e-9)}%`;
}

/** The fixture's sampling period (fixtures/pbkdf2-batch.cjs sampleMs): a thread's end is read up to one sample late. */
const SAMPLE_MS = 5;
/**
 * The CPU time the main thread used in a wait between samples from which it
 * ran something else than its loop: the program held that wait. An honest
 * fixture's main thread runs its speed reference readings and /proc reads
 * between two samples (a full garbage collection of its heap takes 1.3–2.9
 * ms): at most 4.1 ms in 1 243 batch trials, quiet, beside busy loops or
 * inside a 1-CPU quota (BENCHMARKS.md §20).
 */
const MAIN_HELD_MS = 10;
/**
 * The share of a wait a main thread held by the program spends outside its
 * event loop's poll: runnable (running, or waiting for a CPU), or asleep in a
 * blocking call of its own.
 */
const OUTSIDE_POLL_SHARE = 0.8;
/**
 * How often the harness looks at a batch's main thread from outside
 * (harness/main-watch.js): which system call it sleeps in, where the
 * fixture's own sampler is silent. Once per fixture sample.
 */
export const MAIN_LOOK_MS = 5;
/** Fewest looks inside a wait that say how much of it the main thread slept outside its loop. */
const MIN_LOOKS = 2;
/**
 * Time asleep outside its loop's poll that counts as much as MAIN_HELD_MS on
 * the CPU. An honest main thread sleeps there too, briefly: waiting for a
 * lock that a pool thread held when it was preempted (futex). In one wait
 * between samples, after the first completion, it slept at most 30 ms (six
 * looks in a row, on a host that took vCPUs away) in the 401 batch trials
 * of ten full and ten `--quick` runs; held ones slept 130–485 ms
 * (BENCHMARKS.md §21).
 */
const MAIN_ASLEEP_MS = 80;

/**
 * Whether the tasks past the pool's P threads waited for the first ones to
 * end (k > P): what "the fifth waits", "two, then two" and "one after
 * another" say, read from CPU, not from the clock. The pool's CPU when the
 * first completion came, over all it spent on the batch, is at most P/k
 * where each thread runs one task to its end before it takes the next: the
 * waiting tasks have not run. Where they share the CPU from the start (a
 * pool that slices its tasks round robin behind a full set of threads)
 * every task is nearly done when the first ends, and it is near 1. The
 * bound is half-way between the two (FIRST_END_SHARE_WAY). CPU time, unlike
 * completion times, does not move with CPUs at unequal speeds (a slower CPU
 * costs its thread more CPU per hash, and the first end comes at a smaller
 * share). It is read at the last sample LATE_CALLBACK_MS or more before the
 * first callback: a callback the main thread ran late lets the next tasks'
 * CPU pile up before it, which only lowers the reading taken before it. null
 * where k ≤ P or nothing could be read (no sample that early, or a CPU
 * reading that failed there).
 * @param {any} obs  a batch's observation: completions and the CPU timeline
 * @param {{ k: number, P: number }} o
 * @returns {{ ok: boolean, detail: string } | null}
 */
export function checkWaiting(obs, { k, P }) {
  const t = obs?.timeline?.t;
  const cpu = Object.values(obs?.timeline?.cpu ?? {});
  const calls = (obs?.completions ?? []).map((/** @type {{ ms: number }} */ c) => c.ms);
  if (k <= P || !Array.isArray(t) || cpu.length === 0 || calls.length === 0) return null;
  const before = Math.min(...calls) - LATE_CALLBACK_MS;
  let i = -1;
  for (let j = 0; j < t.length && t[j] <= before; j++) i = j;
  const total = cpu.reduce((sum, ys) => sum + (ys.at(-1) ?? 0), 0);
  if (i < 0 || !(total > 0)) return null;
  const share = cpu.reduce((sum, ys) => sum + (ys[i] ?? 0), 0) / total;
  if (!Number.isFinite(share)) return null; // a /proc read that failed at that sample
  const model = P / k;
  const bound = model + FIRST_END_SHARE_WAY * (1 - model);
  const pct = (/** @type {number} */ x) => `${Math.round(100 * x)}%`;
  return {
    ok: share <= bound,
    detail: `${pct(share)} of the pool's CPU spent ${Math.round(t[i])} ms in, before the first completion at ${Math.round(Math.min(...calls))} ms (model ≤ ${pct(model)}: the first ${P} of ${k} tasks; tasks sharing the CPU from the start: near 100%; allowed ${pct(bound)})${share <= bound ? '' : ': tasks that wait for a thread ran before the first ended'}`,
  };
}

/**
 * Where between the model's share of the pool's CPU at the first completion
 * (P/k) and that of tasks sharing the CPU from the start (1) the bound of
 * checkWaiting sits: half-way, as MAX_ERROR sits between whole counts.
 */
export const FIRST_END_SHARE_WAY = 0.5;

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
 * completion (its longest wait between samples). Such a wait is the
 * program's own doing where the main thread stayed outside its event loop's
 * poll through it, running, waiting for a CPU, or asleep in a blocking call
 * of its own (the harness's looks at it from outside, main-watch.js), and
 * ran or slept there long enough (heldByProgram): then the program held its
 * callbacks itself (a fail). Otherwise the reading is spoiled (void): others
 * kept the main thread from running, or it was woken late from its poll.
 * A wait that long also hides the ends the sampler read after it, so those
 * are read again at the earliest each thread could have ended (threadEndsMs'
 * longGapMs): judged for the main thread's own holding, and where the ends
 * could be read no other way, a late one there is void. A thread's
 * end within LATE_CALLBACK_MS of the last completion is not read: completions
 * all held to the end would pass it. null where k ≤ P (the claim is that
 * they run and finish together), or nothing could be read (every thread
 * worked to the last round, as where k ≥ 2P).
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
  const sampled = lateness(threadEndsMs(obs.timeline), calls);
  const earliest = lateness(threadEndsMs(obs.timeline, { longGapMs: LATE_CALLBACK_MS }), calls);
  for (const [late, bound] of /** @type {const} */ ([
    [sampled, ''],
    [earliest, ' at the earliest'],
  ])) {
    if (!late || late.ms <= LATE_CALLBACK_MS) continue;
    const wait = waitOver(obs, late);
    if (heldByProgram(wait))
      return {
        ok: false,
        detail: `${lateText(late)}${bound}; the main thread took no sample for ${ms(wait.ms)} ms, ran ${ms(wait.busy)} ms of them on its CPU and waited for one ${ms(wait.queued)}${asleepText(wait)}: completions held back by the main thread`,
      };
  }
  if (!sampled) {
    // Every end the sampler read came after such a wait, held by others: spoiled.
    if (!earliest || earliest.ms <= LATE_CALLBACK_MS) return null;
    const wait = waitOver(obs, earliest);
    return {
      ok: false,
      invalid: true,
      detail: `${lateText(earliest)} at the earliest, its end read only after the main thread's ${ms(wait.ms)} ms wait${keptText(wait)}`,
    };
  }
  if (sampled.ms <= LATE_CALLBACK_MS)
    return {
      ok: true,
      detail: `completions kept pace with the threads ending their work (${sampled.read} read, each within ${LATE_CALLBACK_MS} ms)`,
    };
  const wait = waitOver(obs, sampled);
  if (wait.ms + 2 * SAMPLE_MS < sampled.ms)
    return {
      ok: false,
      detail: `${lateText(sampled)} while the main thread answered within ${ms(wait.ms)} ms: completions held back`,
    };
  return {
    ok: false,
    invalid: true,
    detail: `${lateText(sampled)}, the main thread itself ${ms(wait.ms)} ms late${keptText(wait)}`,
  };
}

/**
 * Whether the program itself held the main thread through a wait: it spent
 * MAIN_HELD_MS of it running on its CPU, or MAIN_ASLEEP_MS asleep in a
 * blocking call of its own (the looks from outside), or a mix worth as much,
 * and was outside its event loop's poll (those, or waiting for a CPU)
 * through OUTSIDE_POLL_SHARE of it. A loop waiting for its next sample
 * sleeps in its poll; a main thread kept in a callback stays runnable, and
 * gets only its share of the CPUs beside its own pool threads (a third of
 * the wait on 1 CPU beside two), or sleeps where its loop does not. A
 * series that could not be read counts as none of the wait.
 * @param {Wait} wait
 */
function heldByProgram(wait) {
  if (wait.busy === null && wait.asleep === null) return false;
  const busy = wait.busy ?? 0;
  const asleep = wait.asleep?.ms ?? 0;
  const own = busy / MAIN_HELD_MS + asleep / MAIN_ASLEEP_MS;
  return own >= 1 && busy + (wait.queued ?? 0) + asleep >= OUTSIDE_POLL_SHARE * wait.ms;
}

/** Where the main thread slept outside its loop in a wait, where it did. @param {Wait} wait */
function asleepText({ asleep }) {
  if (!asleep || asleep.ms === 0) return '';
  const where = asleep.call === 'no-syscall' ? 'outside any system call' : `in ${asleep.call}`;
  return `, and slept about ${ms(asleep.ms)} ms ${where}, not in its own event loop's poll (${asleep.of} of ${asleep.looks} looks from outside)`;
}

/** How long of a wait the main thread was waiting for a CPU, where known. @param {{ queued: number | null }} wait */
function keptText(wait) {
  return wait.queued === null ? '' : ` (waiting for a CPU ${ms(wait.queued)} ms of it)`;
}

/**
 * The latest completion against the thread end it answers, over the ends read
 * (those more than LATE_CALLBACK_MS before the last completion); null where none is.
 * @param {number[]} ends  sorted @param {number[]} calls  sorted completion times
 */
function lateness(ends, calls) {
  const last = calls[calls.length - 1];
  const read = ends
    .map((endMs, i) => ({ i, endMs, callMs: calls[i] }))
    .filter(({ endMs, callMs }) => callMs !== undefined && endMs + LATE_CALLBACK_MS < last);
  if (read.length === 0) return null;
  const worst = read.reduce((a, b) => (b.callMs - b.endMs > a.callMs - a.endMs ? b : a));
  return { read: read.length, i: worst.i, endMs: worst.endMs, callMs: worst.callMs, ms: worst.callMs - worst.endMs };
}

/** @param {{ i: number, ms: number }} late */
function lateText(late) {
  return `completion ${late.i + 1} came ${Math.round(late.ms)} ms after the ${ordinal(late.i + 1)} thread ended its work`;
}

/**
 * @typedef {{ ms: number, busy: number | null, queued: number | null, asleep: Asleep | null }} Wait
 * @typedef {{ ms: number, call: string, of: number, looks: number, runs: { looks: number, ms: number }[] }} Asleep
 *   how long of a wait the main thread slept outside its loop's poll (asleepIn), from `of` of the `looks`
 *   taken inside it, the call most of them found it in, and each run of two or more looks in a row that
 *   found it so (with the ms from the first of them to the last)
 */

/**
 * The main thread's longest wait between samples around a late completion
 * (from a sample before the end it answers to a sample after it), and where
 * that wait went: busy (on its CPU: the part that was the program's own) and
 * queued (runnable, waiting for a CPU), null where the timeline lacks the
 * main thread's series (off Linux, older records); asleep (blocked in a call
 * other than its loop's poll), from the harness's looks inside the wait,
 * null where fewer than MIN_LOOKS were taken there.
 * @param {any} obs @param {{ endMs: number, callMs: number }} late
 * @returns {Wait}
 */
function waitOver(obs, late) {
  const { t, main, mainQueued } = obs.timeline;
  const fromMs = late.endMs - SAMPLE_MS;
  const toMs = late.callMs + SAMPLE_MS;
  let at = 0;
  let gap = 0;
  for (let i = 1; i < t.length; i++)
    if (t[i] > fromMs && t[i - 1] < toMs && t[i] - t[i - 1] > gap) [at, gap] = [i, t[i] - t[i - 1]];
  const delta = (/** @type {number[] | undefined} */ xs) => {
    const d = at > 0 && xs && xs.length === t.length ? xs[at] - xs[at - 1] : NaN;
    return Number.isFinite(d) ? d : null;
  };
  return {
    ms: gap,
    busy: delta(main),
    queued: delta(mainQueued),
    asleep: at > 0 ? asleepIn(obs.mainLooks, t[at - 1], t[at], obs.pollFds) : null,
  };
}

/**
 * How much of the span from fromMs to toMs the main thread slept in a
 * blocking call other than its loop's poll: a look's period for each of the
 * harness's looks there that found it so (a look the harness took late
 * stands for no more than its period: the harness's own delays on a busy
 * machine shrink the estimate), at most the span; null with fewer than
 * MIN_LOOKS. A poll counts as
 * its loop's on the epoll instances the process had before the trial
 * (pollFds, where the fixture listed them): one on another is a loop the
 * program started to block in, as child_process.spawnSync does.
 * @param {import('../main-watch.js').MainLooks | null | undefined} looks @param {number} fromMs @param {number} toMs
 * @param {number[] | null | undefined} pollFds
 * @returns {Asleep | null}
 */
export function asleepIn(looks, fromMs, toMs, pollFds) {
  if (!looks || !Array.isArray(looks.t)) return null;
  const at = looks.t.flatMap((t, i) => (t > fromMs && t < toMs && typeof looks.wait[i] === 'string' ? [i] : []));
  const inside = at.map((i) => looks.wait[i]);
  if (inside.length < MIN_LOOKS) return null;
  const loopsPoll = (/** @type {string} */ w) =>
    w.startsWith('epoll:') && (!Array.isArray(pollFds) || pollFds.includes(Number(w.slice('epoll:'.length))));
  const isBlocked = (/** @type {string} */ w) => w !== 'running' && !loopsPoll(w);
  const blocked = inside.filter(isBlocked);
  // every run of two or more looks in a row that found it so: how many, and the time from the first to the
  // last; a look taken more than two periods after the one before starts a new run (the harness looked
  // late: whether the thread slept all the while between is unread)
  const everyMs = looks.everyMs ?? MAIN_LOOK_MS;
  const joined = (/** @type {number} */ j) =>
    j > 0 && isBlocked(inside[j - 1]) && looks.t[at[j]] - looks.t[at[j - 1]] <= 2 * everyMs;
  /** @type {{ looks: number, ms: number }[]} */
  const runs = [];
  for (let j = 0, from = 0; j <= at.length; j++) {
    const blocked = j < at.length && isBlocked(inside[j]);
    if (blocked && joined(j)) continue;
    if (j - from >= 2 && j > 0 && isBlocked(inside[j - 1]))
      runs.push({ looks: j - from, ms: looks.t[at[j - 1]] - looks.t[at[from]] });
    from = j;
  }
  /** @type {Record<string, number>} */
  const byCall = {};
  for (const w of blocked) byCall[w] = (byCall[w] ?? 0) + 1;
  const most = Object.keys(byCall).reduce((a, b) => (byCall[b] > byCall[a] ? b : a), blocked[0] ?? '');
  const call = most.startsWith('epoll:') ? `another event loop's poll (epoll fd ${most.slice('epoll:'.length)})` : most;
  return {
    ms: Math.min(toMs - fromMs, blocked.length * everyMs),
    call,
    of: blocked.length,
    looks: inside.length,
    runs,
  };
}

/** A time in ms, to a tenth. @param {number | null} x */
function ms(x) {
  return x === null ? '?' : String(Math.round(x * 10) / 10);
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
