/** Source 003's table (4-CPU-core machine, autocannon -c 2 -d 60 on the same machine). */
export declare const SOURCE_003: {
    file: string;
    machine: string;
    /** Its /blocking-with-worker rows, figures only. @type {import('../spec.js').SourceTable} */
    table: import('../spec.js').SourceTable;
};
/** When the heavy request is sent, after the light load's measured start. */
export declare const HEAVY_AT_MS = 80;
/** The longest scaling curve a split trial times (k = 1..MAX_K: trial time stays bounded). */
export declare const MAX_K = 8;
/** The most threads a split trial starts. */
export declare const MAX_THREADS = 16;
/**
 * Where in the heavy work a fresh /light request goes out (loopTrial's
 * `freshLight`), as a share of the work's time T after the heavy request:
 * well inside the work, which starts a millisecond or two after its request
 * reaches the server and lasts about T.
 */
export declare const FRESH_LIGHT_AT: number;
export type FreshRequest = {
    path: string;
    at: number;
    method?: import('./loadgen.js').ExtraMethod;
    primeAtMs?: number;
    headers?: [string, string][];
};
/**
 * One more request against the heavy work (loopTrial's `freshOthers`): its
 * path, when it goes (`at`, a share of T after the heavy request), its method
 * (default GET) and, with `primeAtMs`, the connection it reuses.
 * @typedef {{ path: string, at: number, method?: import('./loadgen.js').ExtraMethod, primeAtMs?: number, headers?: [string, string][] }} FreshRequest
 */
/** How often the harness looks at which epoll instances poll the server's listening socket (ms). */
export declare const LISTEN_LOOK_MS = 15;
export type ListenPollers = {
    looks: number;
    most: number;
    at: string[];
};
/**
 * What the looks at the listening socket's pollers saw: `looks` taken (the
 * socket found and every epoll instance's list read), and the most epoll
 * instances among the server's processes that polled it at one look (`most`),
 * with where (`at`: "pid/fd" each, at that look).
 * @typedef {{ looks: number, most: number, at: string[] }} ListenPollers
 */
/**
 * The epoll instances of process `pid` and its descendants that poll a
 * socket listening on `port` now, as "pid/fd" (their registrations, read in
 * /proc/<pid>/fdinfo/<fd>: each watched file's inode); null where it cannot
 * be read (no such listening socket in that process's network namespace, a
 * table unreadable). A server whose one event loop accepts has one: its
 * loop's. Another thread (a Worker's loop) or process that also listens on
 * that socket, to take connections, adds its own.
 * @param {number} pid @param {number} port
 * @param {(file: string) => string} [read] @param {(pid: number) => Record<string, string | null> | null} [links]
 * @param {(pid: number) => number[]} [below]  (tests)
 * @returns {string[] | null}
 */
export declare function listenPollersNow(pid: number, port: number, read?: (file: string) => string, links?: (pid: number) => Record<string, string | null> | null, below?: (pid: number) => number[]): string[] | null;
/**
 * listenPollersNow every LISTEN_LOOK_MS until stop(): the most seen at one
 * look (ListenPollers), null where no look could be taken. The looks cost
 * the harness a few reads of /proc each (≈ 1 ms), on its own CPU.
 * @param {number} pid @param {number} port
 * @returns {{ stop: () => ListenPollers | null }}
 */
export declare function watchListenPollers(pid: number, port: number): {
    stop: () => ListenPollers | null;
};
/**
 * How often the harness scans every process on the machine for holders of
 * the server's listening socket while the load runs, as a share of the work's
 * time T: three or more scans fall inside the work. A scan reads every fd
 * link under /proc (≈ 110 processes, 700 fds on the 2-CPU machine: 7–12 ms
 * of the harness's CPU each), so it is not taken at every poller look; the
 * harness is pinned to no CPU and the spinning server's is taken, so it runs
 * on the generator's, a few ms at a time.
 */
export declare const HOLDER_SCAN_SHARE: number;
/** The least time between two such scans (ms): a short work is scanned less often than a third of it. */
export declare const HOLDER_SCAN_MIN_MS = 50;
export type HolderScan = {
    mono: number;
    holders: number[];
    pids: number;
    tookMs: number;
    cpuMs: number;
};
/**
 * One scan of the machine (holdersOf over allPids): when (`mono`, the
 * monotonic clock in ms), the pids that held the listening socket, how many
 * processes were looked at and how long the scan took (ms).
 * @typedef {{ mono: number, holders: number[], pids: number, tookMs: number, cpuMs: number }} HolderScan
 */
/**
 * The inodes of every socket listening at `port` in process `pid`'s network
 * namespace (/proc/<pid>/net/tcp, tcp6): one for a server that listens once; a
 * second (SO_REUSEPORT, or the other family) shares the port's connections.
 * @param {number} pid @param {number} port
 * @returns {string[]}
 */
export declare function listenInodesOf(pid: number, port: number): string[];
/**
 * Every process on the machine that holds the socket `pid` listens on at
 * `port`, scanned every `everyMs` until stop() (HolderScan each): a process
 * handed the socket's fd (forked, exec'd, passed over a Unix socket) holds it
 * wherever it sits in the process tree, a reparented orphan too. null where
 * the socket was not found.
 * @param {number} pid @param {number} port @param {number} everyMs
 * @returns {{ stop: () => { inode: string, listening: string[], scans: HolderScan[], commands: Record<number, string> } | null }}
 *   listening: every socket listening at the port (their inodes); commands: what each holder
 *   other than `pid` runs (its command line, shortened)
 */
export declare function watchListenHolders(pid: number, port: number, everyMs: number): {
    stop: () => {
        inode: string;
        listening: string[];
        scans: HolderScan[];
        commands: Record<number, string>;
    } | null;
};
/**
 * One trial: a fresh worker-server, a steady /light load (2 connections, as
 * the source's autocannon -c 2) and one heavy request HEAVY_AT_MS after a
 * short warm-up. The light load lasts past the heavy work: 1.5 T for the
 * blocking route (the work has the server's CPU to itself), 2.5 T for the
 * worker route (the worker may share one core with the main thread and the
 * generator). The server and the generator get CPUs by splitCpus().
 * With `freshLight`, one more /light request goes out FRESH_LIGHT_AT of T
 * after the heavy one, on a new connection of its own (the load's reuse
 * theirs), as `freshLight`, with the server's t0 on the monotonic clock
 * (freshLightWait reads it).
 * With `freshOthers` ({ path, at }), one more request for each of them goes
 * out `at` of T after the heavy one, each on a new connection of its own, as
 * `freshOthers` (freshOtherWaits reads them; they need `freshLight`'s t0Mono).
 * `freshLightMethod` (default GET) is the fresh /light's method and
 * `freshLightHeaders` its header fields beyond Host and Connection; each of
 * `freshOthers` may have a `method`, `headers` and, with `primeAtMs` (ms after the
 * measured start, before the heavy request), go on a connection opened then
 * that carried a GET /light first (a reused connection; loadgen's ExtraRequest).
 * With `holderScans`, on Linux, the harness also looks, every LISTEN_LOOK_MS
 * while the load runs, at which epoll instances of the server's processes poll
 * its listening socket (`server.listenPollers`, watchListenPollers), and every
 * HOLDER_SCAN_SHARE of T at which processes on the whole machine hold it
 * (`server.listenHolders`, watchListenHolders, and the server's `pid`): asked
 * for alone (loop.cpu-blocks), as the looks' CPU counts as other processes'
 * load on the CPUs they run on, and delays the harness's looks at the main
 * thread (watchMainMs).
 * `task` is the heavy work's pbkdf2 (default the profile's calibrated one).
 * @param {import('../context.js').Context} ctx
 * @param {{ route: '/heavy-blocking' | '/heavy-worker', freshLight?: boolean, freshLightMethod?: import('./loadgen.js').ExtraMethod, freshLightHeaders?: [string, string][], freshOthers?: FreshRequest[], holderScans?: boolean, task?: { iterations: number, taskMs: number } }} o
 */
export declare function loopTrial(ctx: import('../context.js').Context, { route, freshLight, freshLightMethod, freshLightHeaders, freshOthers, holderScans, task, }: {
    route: '/heavy-blocking' | '/heavy-worker';
    freshLight?: boolean;
    freshLightMethod?: import('./loadgen.js').ExtraMethod;
    freshLightHeaders?: [string, string][];
    freshOthers?: FreshRequest[];
    holderScans?: boolean;
    task?: {
        iterations: number;
        taskMs: number;
    };
}): Promise<{
    route: "/heavy-blocking" | "/heavy-worker";
    cpus: string;
    serverCpus: number;
    generatorShares: boolean;
    light: {
        requests: number;
        errors: Record<string, number>;
        latency: import("./loadgen.js").Latency | null;
        throughput: number;
    };
    heavyRequest: {
        path: string;
        atMs: number;
        method?: import("./loadgen.js").ExtraMethod;
        headers?: [string, string][];
        primeAtMs?: number;
        firedMono?: number;
        latencyMs: number | null;
        status?: number;
        error?: string;
    };
    freshLight?: {
        path: string;
        atMs: number;
        method?: import("./loadgen.js").ExtraMethod;
        headers?: [string, string][];
        primeAtMs?: number;
        firedMono?: number;
        latencyMs: number | null;
        status?: number;
        error?: string;
    } | undefined;
    freshOthers?: {
        path: string;
        atMs: number;
        method?: import("./loadgen.js").ExtraMethod;
        headers?: [string, string][];
        primeAtMs?: number;
        firedMono?: number;
        latencyMs: number | null;
        status?: number;
        error?: string;
    }[] | undefined;
    generatorCpu: {
        userMs: number;
        systemMs: number;
        fraction: number;
        mainMs: number | null;
        mainFraction: number | null;
    };
    server: {
        mainTid: any;
        lights: any;
        loop: any;
        heavy: any;
        t0Mono?: any;
        mainLooks?: import("../main-watch.js").MainLooks | null | undefined;
        pollFds?: any;
        listenPollers?: ListenPollers | null | undefined;
        pid?: number | undefined;
        listenHolders?: {
            inode: string;
            listening: string[];
            scans: HolderScan[];
            commands: Record<number, string>;
        } | null | undefined;
    };
}>;
/**
 * The event loop's longest delay while the heavy work ran, over the time the
 * work took, both measured in the server: ≈ 1 when the loop is blocked for
 * the whole work, ≈ 0 when it stays free. Server-side on purpose: the
 * client's max latency also carries every stall of the load generator.
 * @param {any} obs
 */
export declare function loopOverHeavy(obs: any): number;
/** The client's view: longest /light wait over the heavy request's latency. @param {any} obs */
export declare function lightOverHeavy(obs: any): number;
/** One line about the heavy request, for check details. @param {any} obs */
export declare function heavyText(obs: any): string;
/**
 * Why a heavy window's timer ticks measured other processes' load rather than
 * the loop (busyReason over the server's CPUs while the work ran): a free loop
 * sharing its CPU with the worker and a busy neighbour fires a third as often
 * as alone (BENCHMARKS.md §37). The generator's CPU in that window is not a
 * neighbour's where it ran on the server's CPUs. null when they took no real
 * share, or where that is unknown (older records, a window without readings).
 * @param {any} obs
 */
export declare function loopBusyReason(obs: any): string | null;
/**
 * Other processes' CPU on the server's CPUs while the work ran, in cores
 * (loopBusyReason's reading: the generator's own excluded where it shared
 * them; steal counts); null where unknown.
 * @param {any} obs
 */
export declare function loopOthersCores(obs: any): number | null;
/**
 * The fresh /light request of a loop trial (loopTrial's `freshLight`), put
 * on the server's clock (the monotonic clock both read): how long it waited
 * (`waitedMs`, on the client) against what remained of the heavy work when
 * it was sent (`remainingMs`: to the work's end on the server), and their
 * ratio `share`. A server whose one thread runs the work accepts a new
 * connection only after it: share ≥ 1. One that accepts and answers
 * elsewhere meanwhile answers it at once: share ≈ 0. null where it cannot
 * say: no such request or reading (older records, a request that failed or
 * was never sent), or sent outside the work's window or with less than
 * FRESH_MIN_REMAINING_MS of it left (a request that came before the work
 * began is rightly answered at once; read all the same where it was answered
 * only after the work's end: it waited out all of it).
 * @param {any} obs
 * @returns {{ share: number, waitedMs: number, remainingMs: number, sentAtMs: number } | null}
 */
export declare function freshLightWait(obs: any): {
    share: number;
    waitedMs: number;
    remainingMs: number;
    sentAtMs: number;
} | null;
/**
 * freshLightWait's reading of each of the other requests on their own
 * connections (loopTrial's `freshOthers`), with its path, status, method
 * (GET where none was given) and whether its connection was a reused one
 * (opened before the work, a GET /light on it first): any answer counts (a
 * 404 too: an unknown path is a request like any other). A request that got
 * no answer (an error, a primer unanswered), or one sent outside the work's
 * window, is left out.
 * @param {any} obs
 * @returns {{ path: string, status: number, method: string, reused: boolean, share: number, waitedMs: number, remainingMs: number, sentAtMs: number }[]}
 */
export declare function freshOtherWaits(obs: any): {
    path: string;
    status: number;
    method: string;
    reused: boolean;
    share: number;
    waitedMs: number;
    remainingMs: number;
    sentAtMs: number;
}[];
/** Least of the heavy work left when the fresh /light request was sent that freshLightWait reads. */
export declare const FRESH_MIN_REMAINING_MS = 10;
/** The steady /light load's connections in a loop trial: each sends its next request once answered. */
export declare const LIGHT_CONNECTIONS = 2;
/**
 * How long the /light requests sent while the heavy request was out waited
 * beyond an answer at once (STALL_MS, the load generator's lightsWhile), as a
 * share of the time the light connections had in that window: ≈ 0 where the
 * server answers at once, ≈ 0.9 where its loop is blocked for the work (a
 * closed loop's connections each wait out the block). Read by the client:
 * what a user of the server sees. null where the generator did not read it
 * (older records, a heavy request without an answer).
 * @param {any} obs
 * @returns {{ share: number, n: number, stalledMs: number, p50: number | null, max: number | null } | null}
 */
export declare function lightsStalled(obs: any): {
    share: number;
    n: number;
    stalledMs: number;
    p50: number | null;
    max: number | null;
} | null;
/** /light answers in the baseline window before the heavy request, at least, to price one. */
export declare const MIN_BASELINE_LIGHTS = 10;
/**
 * What the main thread did while the worker computed beyond serving /light:
 * its CPU over the heavy window less the /light answers of that window at
 * what each cost it just before (the server's baseline: its CPU over the
 * last 50 ms or more before the heavy request, over the answers meanwhile;
 * the 1 ms timer's cost rides along), never below 0. `share` is that excess
 * over the main thread's own CPU in the window, `windowShare` over the
 * window. Where the loop only serves both read ≈ 0 (an answer costs less
 * when the loop finds several ready at once, as it does while it shares its
 * CPU with the worker: the excess is then 0). A main thread that spends
 * part of what it gets on other work (a busy wait, work in slices) reads
 * that part as `share` whoever shares its CPU, a little less where its
 * answers grew cheaper meanwhile; its `windowShare` is that part of the
 * share of the CPU it got, which depends on who shares it (about half on
 * a CPU shared with the worker). CPU time, which a neighbour does not
 * inflate, though a loop it starves answers fewer, dearer requests, which
 * moves the price. null where the readings are missing (off Linux, older
 * records) or the baseline cannot price an answer (mainUnpriced).
 * @param {any} obs
 * @returns {{ share: number, windowShare: number, excessMs: number, mainMs: number, explainedMs: number, perLightUs: number } | null}
 */
export declare function mainExcess(obs: any): {
    share: number;
    windowShare: number;
    excessMs: number;
    mainMs: number;
    explainedMs: number;
    perLightUs: number;
} | null;
/**
 * Where the main thread's CPU was read (on Linux) but the baseline cannot
 * price a /light answer (mainExcess null for that reason: no reading before
 * the work, too few answers in it, or their CPU unread): what the trial
 * cannot tell, said; null otherwise. A server that answers slowly before
 * the work must not thereby escape the reading.
 * @param {any} obs
 */
export declare function mainUnpriced(obs: any): string | null;
/**
 * The fewest looks inside the heavy window that read how long the main
 * thread slept there: at one look every MAIN_LOOK_MS, a window of 40 ms.
 * The shortest honest window is about the work's own time, 60 ms under
 * --quick, where the server has CPUs of its own (where it shares one with
 * the worker, 2–3 times that).
 */
export declare const MIN_WINDOW_LOOKS = 8;
/**
 * How the main thread slept during the heavy window, outside its loop's
 * poll, from the harness's looks at it every MAIN_LOOK_MS
 * (harness/main-watch.js; concurrency.js asleepIn): `share` of the `looks`
 * inside the window found it so (`of` of them), most often in `call`, and
 * each run of two or more of them in a row (`runs`: how many looks, and the
 * ms from the first to the last). A free loop waits for its requests in its
 * poll, or runs; a thread kept from its CPU by the worker or a neighbour
 * reads as running. A main thread that naps (Atomics.wait, a synchronous
 * sleep or child process, a poll on a loop of its own) answers nothing
 * meanwhile, and spends no CPU that mainExcess could read. An honest one
 * waits in futex too where a thread holding a lock it needs was kept from
 * its CPU (BENCHMARKS.md §21: up to 30 ms on a host that had taken a vCPU
 * away). `unread` where the looks cannot say: the harness looked but none
 * came back on the server's clock (its system call unreadable, or the pid
 * looked at not the server's), the server's epoll instances unlisted, or
 * fewer than MIN_WINDOW_LOOKS inside the window. null where nobody looked
 * (a host whose threads' system calls cannot be read: off Linux, an
 * architecture proc.cjs has no numbers for; records before the looks).
 * @param {any} obs
 * @returns {{ share: number, of: number, looks: number, call: string, runs: { looks: number, ms: number }[] }
 *   | { unread: string } | null}
 */
export declare function mainAsleep(obs: any): {
    share: number;
    of: number;
    looks: number;
    call: string;
    runs: {
        looks: number;
        ms: number;
    }[];
} | {
    unread: string;
} | null;
/** A heavy request that never completed makes the trial say nothing. @param {any} obs */
export declare function heavyMissing(obs: any): string | null;
/**
 * Thread counts for a split trial: `want`, deduplicated, ascending, capped.
 * @param {number[]} want @param {number} [cap]
 */
export declare function splitKs(want: number[], cap?: number): number[];
/**
 * The model's wall time of work W split evenly over k threads on C cores:
 * k shares of W/k, one per thread, processor-shared: W / min(k, C).
 * @param {{ W: number, k: number, C: number }} o
 */
export declare function splitModel({ W, k, C }: {
    W: number;
    k: number;
    C: number;
}): number;
/** Total work of one split trial: m calibrated tasks. */
export declare const SPLIT_M = 2;
/**
 * What a split trial runs (fixtures/split-work.cjs): W = SPLIT_M × the
 * calibrated task, timed once for every k in ks inside one process (after
 * an untimed first use of every worker), ascending in even trials and
 * descending in odd ones (the trial's `firstRound`, split-session.js): a
 * drift in the machine's speed within a trial favours the k timed later,
 * and the order alternates over the trials the median is taken of. Each run
 * records whether it was timed ascending. Before the first run, halfway and
 * after the last, processes of their own do the same work at once, one for
 * each CPU the threads could use (the usable CPUs, at most as many as the
 * most threads a run starts): what the machine gave that work beside the
 * runs, which no worker pool's lock or scheduling can touch (the record's
 * `control`, read by progressCosts). `trialMs` bounds one trial.
 * @param {import('../context.js').Context} ctx
 * @param {number[]} ks
 */
export declare function splitOptions(ctx: import('../context.js').Context, ks: number[]): {
    options: {
        iterations: number;
        m: number;
        ks: number[];
        rounds: number;
        control: number;
    };
    trialMs: number;
};
/**
 * One split trial in a process of its own (fixtures/split-work.cjs, one-shot):
 * what a trial of a split session (split-session.js splitTrials, which the
 * split claims use) reports, at the cost of a process start and its threads'.
 * @param {import('../context.js').Context} ctx
 * @param {{ ks: number[], n?: number }} o  n: the trial's number (1, 2, …; none: ascending)
 */
export declare function splitTrial(ctx: import('../context.js').Context, { ks, n }: {
    ks: number[];
    n?: number;
}): Promise<any>;
/** A trial's first round: descending on odd trial numbers, ascending on even ones and without one. @param {number} [n] */
export declare function firstRoundOf(n?: number): number;
/** Mean wall time of the runs with k threads. @param {any} obs @param {number} k */
export declare function timeOf(obs: any, k: number): number;
/** The scaling curve, k → mean ms, and the fastest k. @param {any} obs */
export declare function curve(obs: any): {
    points: any;
    best: any;
    text: any;
};
/**
 * Structure of a split trial (Linux): every run with k threads used k distinct
 * worker threads, none of them the main thread, and each spent at least half
 * its share of the work's CPU (the CPU per iteration measured over the
 * trial), was runnable through its work (sleptInWork), ran together with the
 * others (MIN_TOGETHER), and spent no more CPU per iteration than the same
 * work in processes beside the runs allows (progressCosts): a fail where a
 * thread reads MAX_PROGRESS_COST or more against the dearest burst, a pass
 * only where every thread reads less against the cheapest one too: `ok`
 * with `unsure` is no pass, and voidIfLoadMoved voids it. And the trial's
 * every millisecond is accounted for on the harness's clock (clockMisread:
 * the fixture's clock, which times the runs, kept the harness's time, and
 * its runs and bursts cover its span): a failure no load voids.
 * @param {any} obs
 * @returns {{ ok: boolean, detail: string, loadBound: boolean, moved: string | null, unsure: string | null }}
 *   loadBound: only the readings against the control failed; moved: why the control says the machine's speed
 *   changed through the trial; unsure (where nothing failed): a thread that reads within the allowance against
 *   the dearest burst and beyond it against the cheapest, so the control cannot say whether it made progress
 */
export declare function checkSplit(obs: any): {
    ok: boolean;
    detail: string;
    loadBound: boolean;
    moved: string | null;
    unsure: string | null;
};
/**
 * How much shorter than the harness's own span of a session trial (its
 * request sent to its answer read, split-session.js) the fixture's span of
 * it (the request read to the answer sent) may read: the two IPC hops and
 * the answer's serialization, which only the harness's clock sees. Longer it
 * never reads where the fixture's clock keeps time: its span lies inside the
 * harness's (CLOCK_ROUNDING_MS allows the two readings' rounding). Honest
 * trials read 0.30–1.80 ms (111 trials of the three split claims: full runs,
 * --quick, --cpus 1, quiet, Node 20, 2 vCPUs), up to 3.5 ms in the quiet
 * and --quick benches' 393 trials, 11 ms beside two busy loops (90 trials:
 * each message waits for a CPU); the bound is 50 ms. split-warped-clock (a
 * clock slowed in each run of 2 ≤ k ≤ C threads, the threads run one after
 * another) read 122–210 ms lost per trial (BENCHMARKS.md §46).
 */
export declare const CLOCK_HOP_MS = 50;
/** See CLOCK_HOP_MS: what the two spans' rounding to 0.01 ms may put the fixture's above the harness's. */
export declare const CLOCK_ROUNDING_MS = 0.02;
/**
 * The most of a split trial's span on the fixture's clock that its timed
 * segments (each run's wallMs, each control burst's) may leave uncovered: the
 * gaps between them (the /proc readings around each run, a burst's start,
 * the answer's making). Honest trials read 1.56–4.98 ms (the same 111 trials,
 * 5–6 segments each: at most 0.71 ms a gap), up to 9.5 ms in the quiet
 * bench and 10.2 ms beside two busy loops; the bound is 40 ms (runs on more
 * cores have more gaps, a busy machine longer ones).
 * split-warped-clock-restored (slowed in the runs, jumped on to the real time
 * right after each) reads the runs' lost time here: about (k − 1)/k of W per
 * run of 2 ≤ k ≤ C threads, 125–140 ms a trial on 2 vCPUs, 65–68 ms with
 * --quick's shorter work (6 and 9 trials; BENCHMARKS.md §46).
 */
export declare const UNCOVERED_MAX_MS = 40;
/**
 * The most a control burst's wall time on the fixture's clock may exceed the
 * longest of its processes' own time for the work (each read on that
 * process's clock, not the fixture's): the burst's messages and the
 * processes' 1 ms settling naps. Honest bursts read 2.72–6.48 ms (the same
 * 111 trials' 333 bursts), up to 30.3 ms beside two busy loops and 32.5 ms
 * inside a 1-CPU quota cgroup (a message held through the cgroup's throttled
 * part of a 100 ms period: 62 trials); the bound is 60 ms. A warped
 * clock put on to the real time at the first turn of the event loop after the
 * run (a first form of split-warped-clock-restored, not kept) lands the jump
 * in the burst that follows the run: 125.6–129.7 ms there (9 trials), with
 * the span agreeing and nothing between the segments (BENCHMARKS.md §46).
 */
export declare const BURST_GAP_MAX_MS = 60;
/**
 * What a cgroup CPU quota adds to each of the clock account's bounds: the
 * kernel holds the group's processes through the rest of each 100 ms period
 * once they have used their quota, so a message or a gap between segments
 * can wait that long. Inside a 1-CPU quota honest trials read up to 46.6 ms
 * lost, 49.4 ms between segments and 52.5 ms in a burst (215 trials of the
 * quota bench, BENCHMARKS.md §46).
 */
export declare const QUOTA_PERIOD_MS = 100;
/**
 * A split trial's time, accounted for on the harness's clock. The fixture
 * is the party under suspicion: every span it reports (each run's wallMs,
 * each control burst's, the trial's spanMs) is read on its main thread's
 * clock, which only the harness's own span of the trial (`session.spanMs`,
 * split-session.js) checks. `hopMs`: the harness's span less the fixture's
 * (≥ 0: the fixture's lies inside the harness's; at most CLOCK_HOP_MS);
 * `uncoveredMs`: the fixture's span less the sum of its segments (the gaps
 * between them; at most UNCOVERED_MAX_MS, never below 0 but for rounding).
 * `burstGapMs`: the most a control burst's wall exceeds its longest
 * process's own time for the work, read on that process's clock (at most
 * BURST_GAP_MAX_MS). A clock that runs slow during the runs reads short
 * against the harness; one then jumped on to the real time reads the jump as
 * time no segment covers, or inside the burst it lands in. Each is null
 * where the record lacks its readings (a one-shot trial has no harness span;
 * older records none of them), and the whole null where the fixture's span
 * is missing (the bursts' part stands without it).
 * @param {any} obs
 * @returns {{ spanMs: number | null, harnessMs: number | null, hopMs: number | null, segments: number, segmentsMs: number | null, uncoveredMs: number | null, burstGapMs: number | null } | null}
 */
export declare function clockAccount(obs: any): {
    spanMs: number | null;
    harnessMs: number | null;
    hopMs: number | null;
    segments: number;
    segmentsMs: number | null;
    uncoveredMs: number | null;
    burstGapMs: number | null;
} | null;
/**
 * Where a split trial's clock does not keep the harness's time
 * (clockAccount): the problem, in words, or null where it does, or where the
 * readings are missing (each part is left out without its readings).
 * @param {any} obs
 * @returns {string | null}
 */
export declare function clockMisread(obs: any): string | null;
export type HandedRun = {
    wallMs?: number;
    threads: any[];
    mainWaitMs?: number | null;
    takenMs?: number | null;
};
/**
 * @typedef {{ wallMs?: number, threads: any[], mainWaitMs?: number | null, takenMs?: number | null }} HandedRun
 *   a split run as lateness reads it: its wall time, its threads (runnableMs), the main thread's wait
 *   for a CPU and the host's steal over it
 */
/**
 * How late a split run may be seen done after its threads' work ended: the
 * larger of LATE_MIN_MS and LATE_SHARE of the run's wall time. Honest runs
 * read 0–6 ms quiet and up to 14 ms beside two busy loops (at most 0.12 of
 * a run, in --quick's shorter runs), before the main thread's own wait for a
 * CPU is taken off; results handed back as long again after the work read
 * half the run, and half as long again a third (BENCHMARKS.md §45).
 */
export declare const LATE_MIN_MS = 20;
/** See LATE_MIN_MS. */
export declare const LATE_SHARE = 0.2;
/**
 * How long after its threads' work ended a split run was seen done: its wall
 * time less the longest any of its threads was runnable over it (read by the
 * main thread from the run's start to its end: a thread that works through
 * its share and then waits reads about its share), less the main thread's
 * wait for a CPU and the CPU time the host took on the process's CPUs
 * (steal, interrupts; `takenMs`, every CPU's summed: generous on many CPUs)
 * over the run: time the caller went without the results while nothing of
 * the run's waited to run.
 * null where the record lacks a reading (off Linux, older records).
 * @param {HandedRun} run
 * @returns {{ ms: number, allowed: number } | null}
 */
export declare function lateness(run: HandedRun): {
    ms: number;
    allowed: number;
} | null;
/**
 * A split run seen done later than allowed after its threads' work ended
 * (lateness); null where it was not, or where it cannot be read.
 * @param {HandedRun} run
 */
export declare function seenLate(run: HandedRun): {
    ms: number;
    allowed: number;
} | null;
/**
 * The CPU a split run's process may spend beyond its k threads and its main
 * thread: the larger of ELSEWHERE_MIN_MS and ELSEWHERE_SHARE of the threads'
 * own. Honest runs read −7 to +2 ms (805 runs of §35's stability benches,
 * Node 20: the readings' windows differ by a few µs of the main thread's
 * work); a lone thread that hands 40% of its work to the libuv pool read
 * 95 ms beside its own 143; threads that spin while they wait for others
 * read +9 to +38 ms, which the process's other threads spent meanwhile
 * (BENCHMARKS.md §35).
 */
export declare const ELSEWHERE_MIN_MS = 10;
/** See ELSEWHERE_MIN_MS. */
export declare const ELSEWHERE_SHARE = 0.1;
/**
 * Work a split run did outside its threads: the whole process's CPU over the
 * run (`processCpuMs`, every thread) less the main thread's and the run's
 * threads' own over the run (`runCpuMs`), where it exceeds the allowance
 * (ELSEWHERE_MIN_MS, ELSEWHERE_SHARE); null where it does not, or where the
 * record lacks a reading (off Linux, older records).
 * @param {{ processCpuMs?: number | null, mainCpuMs?: number | null, threads: any[] }} run
 * @returns {{ ms: number, threadsMs: number, allowedMs: number } | null}
 */
export declare function workElsewhere(run: {
    processCpuMs?: number | null;
    mainCpuMs?: number | null;
    threads: any[];
}): {
    ms: number;
    threadsMs: number;
    allowedMs: number;
} | null;
/**
 * How much dearer per iteration than the dearest of the control's processes
 * a split's thread may read and still count as making progress with the
 * CPU it uses. Honest threads read ×1 or less; threads that spin while they
 * take turns read ×k (split-spin: ×2 with two), and one that spins part of
 * its wait as much more as it spins. The boundary sits halfway between ×1
 * and ×2 (their geometric mean, 1.41, rounded up).
 */
export declare const MAX_PROGRESS_COST = 1.5;
/**
 * What the trial's control read (split-work.cjs's `control`): the same work
 * in processes of their own, as many at once as the run's threads could use
 * CPUs, in bursts before the first run, halfway and after the last. One on
 * each CPU at once, the dearest process of a burst reads the most a CPU
 * needed for that work then: the slowest vCPU where the host slows one
 * (×1.6–1.75, for minutes or in spells of a hundred ms, BENCHMARKS.md §21,
 * §30), both hyperthreads of a core busy where the host pairs its vCPUs
 * unseen, every core at its all-core clock. `dearest`: the most CPU per
 * iteration any process took; `cheapest`: the least any burst's dearest
 * process took; `spread`: how far the bursts' dearest read apart (over 1.2:
 * the machine's speed changed through the trial). null where the record
 * has no control, or a reading is missing.
 * @param {any} obs
 * @returns {{ dearest: number, cheapest: number, spread: number, n: number } | null}
 */
export declare function controlReading(obs: any): {
    dearest: number;
    cheapest: number;
    spread: number;
    n: number;
} | null;
/**
 * Each run's dearest thread, by CPU per iteration, over the dearest reading
 * of the control (controlReading). A thread's CPU is its whole run's, as
 * the main thread read it while the thread waited (runCpuMs; older records:
 * its own reading of its share). Threads that spend CPU without progress (a
 * spin while they take turns, or while half of them work) read dearer here,
 * however alike their CPU per task reads among themselves and however many
 * are runnable at once: the readings they leave are all their own, the
 * control's are not. No honest thread with a CPU of its own needs more
 * than the dearest process, and each is read on its own. Runs of more
 * threads than the control has processes are not read: threads that take
 * turns on a CPU read up to ×1.42 its CPU per iteration here, honest (two
 * of four threads on two vCPUs, while the runs of one and two read within
 * ×1.1 and the processes alike; BENCHMARKS.md §31). Empty where the record
 * has no control, or no CPU readings. `cost` is against the dearest burst's
 * dearest process, `atCheapest` against the cheapest burst's: where the
 * bursts read apart, the thread may have met either speed.
 * @param {any} obs @param {ReturnType<typeof controlReading>} [control]  the trial's, where already read
 * @returns {{ k: number, cost: number, atCheapest: number }[]}
 */
export declare function progressCosts(obs: any, control?: ReturnType<typeof controlReading>): {
    k: number;
    cost: number;
    atCheapest: number;
}[];
/**
 * How many of k threads on C cores must be on CPUs at once (parallelism)
 * for the run to count as theirs all working together: halfway between one
 * (threads taking turns on a CPU, or pinned to one) and min(k, C).
 * @param {number} k @param {number} C
 */
export declare function atOnceBound(k: number, C: number): number;
/**
 * The structure of a split spec that times C threads against other counts
 * (oversubscription, optimal-cores-minus-one): checkSplit, and on C ≥ 2
 * cores that the OS ran the C threads on CPUs at once (atOnceBound).
 * Threads pinned to one CPU, or taking turns on it, are runnable at once
 * and each spends its own CPU per iteration, yet no more than one works at
 * a time. On a busy machine a passing trial keeps its structure and loses
 * its timing; one that failed only on readings other load moves (how many
 * ran at once, the CPU against the control) is void.
 * @param {any} obs @param {number} C @param {string} more  the rest of the detail (the curve)
 * @returns {import('../verdict.js').Check}
 */
export declare function checkSplitOfC(obs: any, C: number, more: string): import('../verdict.js').Check;
/**
 * A split check where the machine may have moved what it reads. A passing
 * check on a busy machine loses its timing (`passing` 'timing') or the
 * whole trial ('all'), as voidIfBusy. A failing one whose failures other
 * load can cause (how many ran at once, the CPU against the control:
 * `s.ok`, or `s.loadBound`) is void on a busy machine; one whose threads
 * read dearer than the control is void too where the control's bursts
 * read the machine's speed change through the trial (a thread on a vCPU
 * the host slowed between them). A failure no load explains stands. A
 * passing check whose threads the control cannot say made progress
 * (`s.unsure`: within the allowance against the dearest burst, beyond it
 * against the cheapest) is void: it counts neither way.
 * @param {any} obs @param {number} C
 * @param {ReturnType<typeof checkSplit>} s  the trial's checkSplit
 * @param {import('../verdict.js').Check} check  the spec's check, built on s
 * @param {'all' | 'timing'} passing
 * @returns {import('../verdict.js').Check}
 */
export declare function voidIfLoadMoved(obs: any, C: number, s: ReturnType<typeof checkSplit>, check: import('../verdict.js').Check, passing: 'all' | 'timing'): import('../verdict.js').Check;
/**
 * The thread of a split run runnable for the least share of its work's wall
 * time (its own clock, from the job's arrival to its end), where that share is
 * below what is allowed; null where every thread was runnable throughout
 * (pbkdf2 on a thread of its own: on a CPU or waiting for one), or where the
 * record lacks the readings. A thread that sleeps while another takes its
 * turn reads the share it worked, however much CPU the others spend
 * meanwhile. Honest threads read 1.00–1.12 quiet, beside two busy loops and
 * inside a 1-CPU quota (the runnable time also covers the job's arrival).
 * Allowed: MIN_RUNNABLE_SHARE, less the cores the host's steal and the
 * kernel's interrupts took on our CPUs over the run (its takenMs): a host
 * that accounts the time it steals takes it out of a thread's on-CPU time
 * without queueing the thread. Other processes' CPU is no allowance: a
 * thread they keep from a CPU waits in the run queue, which counts.
 * @param {{ threads: any[], takenMs?: number | null, wallMs?: number }} run
 * @returns {{ share: number, ms: number, allowed: number } | null}
 */
export declare function sleptInWork(run: {
    threads: any[];
    takenMs?: number | null;
    wallMs?: number;
}): {
    share: number;
    ms: number;
    allowed: number;
} | null;
/**
 * The least runnable concurrency (schedstat on-CPU + run-queue time of the k
 * threads, until the first of them ended: atOnceUntilFirstEnd) that shows k ≥
 * 2 threads ran together: threads taking turns, or running one after
 * another, read 1; k threads together read about k, whatever else loads the
 * CPUs (a waiting thread still counts).
 */
export declare const MIN_TOGETHER = 1.5;
/**
 * How many of a run's threads were at once (on a CPU, or with `amountOf` the
 * runnable time, on one or waiting for one) from the run's start until the
 * first of them ended its share: that one's amount, and for each other the
 * part of its amount it must have had by then (all of it but the time from
 * then to its own end: a thread is never more than one at a time), over the
 * first end's time. The same amount over the run's wall time reads fewer
 * where a thread on a slower CPU ends later (two threads together, one on a
 * vCPU the host slowed ×1.8: 1.47), although they ran at once; threads that
 * took turns, or ran one after the other, still read about 1 here. null
 * where the threads' ends or amounts are not in the record (older records).
 * @param {{ threads: any[] }} run @param {(thread: any) => number | null | undefined} amountOf
 * @returns {number | null}
 */
export declare function atOnceUntilFirstEnd(run: {
    threads: any[];
}, amountOf: (thread: any) => number | null | undefined): number | null;
/**
 * CPU parallelism of the run with k threads (Linux): how many of them the OS
 * really ran at once, their on-CPU time until the first ended
 * (atOnceUntilFirstEnd), or in older records over the run's wall time.
 * @param {any} obs @param {number} k
 */
export declare function parallelism(obs: any, k: number): number;
/**
 * Cores other processes took on our CPUs over a trial's runs (their CPU time
 * over the runs' wall time), null where unknown (older samples, or a machine
 * whose CPU times cannot be read).
 * @param {any} obs
 */
export declare function busyCores(obs: any): number | null;
/**
 * Why a trial measured the machine's other load rather than the claim: other
 * processes took a real share of our CPUs (≥ max(0.3, C/10) cores). null when
 * they did not, or when that is unknown.
 * @param {any} obs @param {number} C
 */
export declare function busyReason(obs: any, C: number): string | null;
/**
 * A trial measured while the machine was busy (busyReason) is not evidence
 * about the claim. `scope` 'all': the whole trial is void (its structure
 * depends on free cores too); 'timing': the structure counts, the timing
 * value is dropped.
 * @param {any} obs @param {number} C @param {{ ok: boolean, detail: string }} check
 * @param {'all' | 'timing'} [scope]
 * @returns {{ ok: boolean, detail: string, invalid?: boolean, timingVoid?: boolean, voidReason?: string }}
 */
export declare function voidIfBusy(obs: any, C: number, check: {
    ok: boolean;
    detail: string;
}, scope?: 'all' | 'timing'): {
    ok: boolean;
    detail: string;
    invalid?: boolean;
    timingVoid?: boolean;
    voidReason?: string;
};
/**
 * Drop a check's timing value for `why` (null: the check stands); the
 * structure still counts. A check already void or invalid is left as it is.
 * @param {import('../verdict.js').Check} check @param {string | null} why
 * @returns {import('../verdict.js').Check}
 */
export declare function voidTiming(check: import('../verdict.js').Check, why: string | null): import('../verdict.js').Check;
/**
 * Largest spread of CPU time per unit of work between the threads of one
 * trial (the slowest rate over the fastest) within which the CPUs count as
 * running at one speed. On this kind of VM, quiet trials read 1.00–1.05; in
 * episodes where the host slows one vCPU (its sibling busy with another
 * tenant: steal that /proc/stat does not show), a thread on it needs
 * 1.3–1.6× the CPU time for the same pbkdf2 work (measured pinned: 184 ms on
 * one vCPU, 129 ms on the other, with the guest idle).
 */
export declare const MAX_SPEED_SPREAD = 1.2;
/**
 * Why a trial's times do not test a timing model that assumes CPUs of one
 * speed, or null: its threads did fixed amounts of work, and their CPU time
 * per unit of it shows the CPUs ran at unequal speeds. A thread on the slower
 * CPU finishes later while everything the claim says still happens, so the
 * statistics built on completion times drift. What ran, and how many at
 * once, does not depend on speed.
 * @param {number[]} rates  CPU ms per unit of work, one per thread that worked
 * @param {string} unit     the unit, as in 'a hash'
 * @param {number} [maxSpread]  the statistic's bound (spreadBound); MAX_SPEED_SPREAD where none is given
 * @returns {string | null}
 */
export declare function unequalSpeedReason(rates: number[], unit: string, maxSpread?: number): string | null;
/**
 * The largest spread of the CPUs' speeds (the slowest thread's CPU per unit
 * of work over the fastest's) that cannot carry a split statistic's value
 * across its boundary: for a ratio of two runs' times, each run ending with
 * its slowest thread, speeds s apart move the value by at most ×s either way,
 * so the model's value (claim) stays on its side while s is below claim's
 * distance to the boundary (as a ratio), and each alternative's stays on the
 * other side while s is below its own. S2 on two or more cores (claim 2,
 * boundary 1.5, no speed-up 1): ×1.33; time(2C)/time(C) (1, 0.75, a linear
 * gain 0.5): ×1.33; time(C − 1)/time(C) on 4 cores (1.33, 1.17, 1): ×1.14.
 * A trial whose speeds read further apart says nothing either way (its
 * timing is void); one within the bound counts, on whichever side it reads.
 * @param {import('../verdict.js').TimingPlan} plan
 */
export declare function spreadBound(plan: import('../verdict.js').TimingPlan): number;
/**
 * A split trial's CPU time per calibrated task on each worker thread of each
 * run with at most C threads (each thread's iterations are its share of the
 * work), one list per run. Those threads each had a CPU of their own; more
 * threads than CPUs share them and switch, which mixes the CPUs' speeds and
 * adds switching costs to every thread.
 * @param {any} obs @param {number} iterationsPerTask @param {number} C
 * @returns {{ k: number, rates: number[] }[]}
 */
export declare function splitRates(obs: any, iterationsPerTask: number, C: number): {
    k: number;
    rates: number[];
}[];
/**
 * Drop a split trial's timing value where its threads' CPU per task read
 * more than `maxSpread` apart (the statistic's spreadBound; MAX_SPEED_SPREAD
 * where none is given), with the reason the readings give:
 * - the threads of one run read apart: they ran at once, each on a CPU of
 *   its own, so the CPUs ran at unequal speeds, and the run ended with the
 *   slowest (the widest such run names them);
 * - the threads of the split alike, but each dearer than the lone thread
 *   (or cheaper): the machine ran slower while two or more worked than while
 *   one did, as a host does that puts two vCPUs on one core's hyperthreads,
 *   or its speed changed between the runs (quiet, 6 of 159 trials read the
 *   split ×1.22–1.34 dearer, 1 ×1.22 cheaper), or the split's
 *   threads spent CPU without progress while they took turns (a spin lock's
 *   waiters read ×2). Their own CPU cannot tell these apart, and a
 *   profile's probe minutes earlier cannot vouch for the pairing during the
 *   trial, so the trial's timing says nothing either way (BENCHMARKS.md §30).
 * Only the runs the statistic times are read (`timed`): on a host of
 * hyperthread pairs, a run of 3 threads on 4 vCPUs puts two on one core,
 * which says nothing about S2's runs of 1 and 2.
 * @param {any} obs
 * @param {{ iterations: number, C: number, timed?: number[], maxSpread?: number }} o  iterations per calibrated task; cores; the thread
 *   counts the statistic times (default: every run)
 * @param {import('../verdict.js').Check} check
 */
export declare function voidIfUnequalSplitSpeeds(obs: any, { iterations, C, timed, maxSpread }: {
    iterations: number;
    C: number;
    timed?: number[];
    maxSpread?: number;
}, check: import('../verdict.js').Check): import("../verdict.js").Check;
