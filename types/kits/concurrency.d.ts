export type Phase = {
    fromMs: number;
    toMs: number;
    concurrency: number | null;
    gapMs?: number;
    readToMs?: number;
};
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
export declare const LATE_CALLBACK_MS = 10;
/**
 * Later phases shorter than this share of one task are not read: the
 * completion callbacks that delimit a phase lag the threads a little, which
 * only matters in a short phase. The first phase (before any completion) is
 * always read: it is the batch that "runs together".
 */
export declare const MIN_PHASE_SHARE = 0.5;
/**
 * A later phase is read only when it is this many times longer than the main
 * thread's latency around it (the phase's gapMs: the longest wait between the
 * fixture's samples there). The completion callbacks that delimit phases lag
 * the threads by about that latency, which a busy machine stretches to tens
 * of milliseconds: a phase not much longer would be read across the next one.
 */
export declare const MIN_PHASE_LAGS = 4;
/**
 * Largest distance from the model a phase may read and still agree: half-way
 * to the nearest wrong whole number (one more or one fewer at once).
 */
export declare const MAX_ERROR = 0.5;
/**
 * Runnable tasks the model expects after j of k completions, with a pool of
 * P threads: every remaining task while they fit in the pool, else P.
 * @param {{ k: number, P: number }} o @param {number} j
 */
export declare function expectedRunnable({ k, P }: {
    k: number;
    P: number;
}, j: number): number;
/**
 * Compare a trial's phases with the model: the first phase, and every later
 * phase long enough to read, must be within MAX_ERROR of min(P, k − j).
 * @param {Phase[] | null | undefined} phases
 * @param {{ k: number, P: number, T: number }} o  T: one task's time alone (ms), for the minimum phase
 * @returns {{ ok: boolean, error: number, detail: string } | null}  null: no reading (not Linux)
 */
export declare function checkConcurrency(phases: Phase[] | null | undefined, { k, P, T }: {
    k: number;
    P: number;
    T: number;
}): {
    ok: boolean;
    error: number;
    detail: string;
} | null;
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
export declare function runnableShares(timeline: {
    t: number[];
    cpu: Record<string, number[]>;
    runnable?: Record<string, string>;
}): {
    tid: string;
    share: number;
    samples: number;
}[] | null;
/** Fewest samples inside a thread's work that say what share of it the thread was runnable. */
export declare const MIN_SPAN_SAMPLES = 6;
/**
 * Least share of its work's samples a working thread may read runnable.
 * Honest threads read at least 0.97 quiet, 0.94 under --quick, 0.97 inside
 * a 1-CPU quota, 0.89 beside two busy loops and 0.97 beside one (1 623
 * batch trials of two threads or more): a pool thread waits briefly on a
 * lock now and then. The threads of a pool whose first task sleeps 0.4 of
 * its time (pool-throttle=0.6) read 0.29–0.63 (BENCHMARKS.md §27).
 */
export declare const MIN_RUNNABLE_SHARE = 0.8;
/**
 * Whether every working pool thread was runnable throughout its work
 * (runnableShares), as "n run at once" says of each of the n; null where no
 * thread could be read.
 * @param {any} timeline
 * @returns {{ ok: boolean, detail: string } | null}
 */
export declare function checkEachRunnable(timeline: any): {
    ok: boolean;
    detail: string;
} | null;
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
export declare function waitsWhileOthersWorked(timeline: {
    t: number[];
    cpu: Record<string, number[]>;
}): {
    tid: string;
    othersMs: number;
    from: number;
    to: number;
}[];
/**
 * How far one sample's CPU reading of a pool thread or the main thread grew
 * beyond the sample's wall time, at most (ms), over the samples after
 * `from` up to `to`: a scheduler tick's lag reads up to 7 ms (2 100 honest
 * batch trials); a vCPU the host took away for a while reads the time away
 * at once (89 ms once in them).
 * @param {{ t: number[], cpu: Record<string, number[]>, main?: number[] }} timeline
 * @param {number} [from] @param {number} [to]
 */
export declare function hostAwayMs(timeline: {
    t: number[];
    cpu: Record<string, number[]>;
    main?: number[];
}, from?: number, to?: number): number;
/** A reading grown beyond its sample's wall time by more than this says the host took a vCPU away (hostAwayMs). */
export declare const HOST_AWAY_MS = 20;
/**
 * Most a thread may gain, as a share of what the other working threads gain
 * over the same stretch, and still count as waiting (waitsWhileOthersWorked).
 * Four threads sharing two CPUs fairly gain a third of the others' each, and
 * one alone beside three sharing the other CPU a sixth; a thread at nice 19
 * beside ones at nice 0 gains ~1.5% of a peer's.
 */
export declare const WAITING_SHARE = 0.05;
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
export declare const MAX_WAIT_TASKS = 1;
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
export declare function checkNoneWaited(timeline: any, T: number, what?: string): {
    ok: boolean;
    invalid?: boolean;
    detail: string;
} | null;
/**
 * How often the harness looks at a batch's main thread from outside
 * (harness/main-watch.js): which system call it sleeps in, where the
 * fixture's own sampler is silent. Once per fixture sample.
 */
export declare const MAIN_LOOK_MS = 5;
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
export declare function checkWaiting(obs: any, { k, P }: {
    k: number;
    P: number;
}): {
    ok: boolean;
    detail: string;
} | null;
/**
 * Where between the model's share of the pool's CPU at the first completion
 * (P/k) and that of tasks sharing the CPU from the start (1) the bound of
 * checkWaiting sits: half-way, as MAX_ERROR sits between whole counts.
 */
export declare const FIRST_END_SHARE_WAY = 0.5;
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
export declare function checkDelivery(obs: any, { k, P }: {
    k: number;
    P: number;
}): {
    ok: boolean;
    invalid?: boolean;
    detail: string;
} | null;
export type Wait = {
    ms: number;
    busy: number | null;
    queued: number | null;
    asleep: Asleep | null;
};
export type Asleep = {
    ms: number;
    call: string;
    of: number;
    looks: number;
    runs: {
        looks: number;
        ms: number;
    }[];
};
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
export declare function asleepIn(looks: import('../main-watch.js').MainLooks | null | undefined, fromMs: number, toMs: number, pollFds: number[] | null | undefined): Asleep | null;
