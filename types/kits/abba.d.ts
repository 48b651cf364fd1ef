/** Inside ±ln(1.1) a ratio says nothing: the notes' ~10% margin of this VM's run-to-run noise. */
export declare const MARGIN: number;
export type ArmName = 'A' | 'B' | 'F';
/** A block's arms: A and B, and F (fewer workers) where the block has one. @typedef {'A' | 'B' | 'F'} ArmName */
/**
 * Arm order of block n (1-based): ABBA on odd trials, BAAB on even ones, so a
 * drift over the block, or over the run, weighs on both arms alike. A block
 * with an F arm runs it first and last (FABBAF, FBAABF): every arm's runs
 * are then centred on the block's middle, so a linear drift weighs on all
 * three alike, and A and B stay side by side as in a block without F (their
 * ratio is the finer one). Once, ABFBA, would also be centred, but a single
 * F run carries the whole of its noise into A over F: under the simulator's
 * busy host noise, workers with no gain over fewer were then caught in 96%
 * of runs, 99.7% with two.
 * @param {number} n @param {boolean} [withF]
 * @returns {ArmName[]}
 */
export declare function blockOrder(n: number, withF?: boolean): ArmName[];
/**
 * The block's log ratio r = ln(mean thr B / mean thr A), each mean over the
 * block's two runs of that arm. NaN when an arm has no positive throughput.
 * @param {{ arm: ArmName, throughput: number }[]} runs
 */
export declare function blockRatio(runs: {
    arm: ArmName;
    throughput: number;
}[]): number;
/**
 * The block's log ratio of its A arm over its F arm (fewer workers):
 * ln(mean thr A / thr F). NaN when either has no positive throughput.
 * @param {{ arm: ArmName, throughput: number }[]} runs
 */
export declare function fewerRatio(runs: {
    arm: ArmName;
    throughput: number;
}[]): number;
/**
 * Can a timing channel tell the model's value from the alternative's? Not when
 * the boundary halfway between them would fall inside the ±MARGIN noise band
 * around either: then the spec reports the ratio without judging it.
 * @param {number} claim @param {number} alternative  both log ratios
 */
export declare function separable(claim: number, alternative: number): boolean;
/**
 * On-CPU nanoseconds of a process's main thread (Linux /proc), NaN if unknown.
 * @param {number} pid
 */
export declare function processCpuNs(pid: number): number;
/**
 * On-CPU nanoseconds of all of a process's threads (Linux /proc: its event
 * loop, libuv's and V8's threads), NaN if unknown.
 * @param {number} pid
 */
export declare function processTreeCpuNs(pid: number): number;
/**
 * CPU time (ms) of processes `roots` and of every process descended from them: each one's
 * threads (processTreeCpuNs) and its children that ended and were waited for (cutime +
 * cstime, 10 ms ticks; threads.js childProcesses), each process once. Read at two moments,
 * the difference is what the family spent between them, a child that ended meanwhile
 * included (its parent's ended CPU grows by all it spent). A process a program starts
 * outside its servers' processes is the program's, not a neighbour's; one that left the
 * family (its parent ended first) is not found. NaN off Linux.
 * @param {number[]} roots
 */
export declare function familyCpuMs(roots: number[]): number;
/**
 * Busy CPU time (ms, 10 ms jiffies) of the given CPUs (all when null) from
 * /proc/stat, NaN off Linux.
 * @param {number[] | null} cpus
 */
export declare function busyMs(cpus: number[] | null): number;
export type Arm = {
    /**
     * 0: one plain process; W: a cluster of W
     */
    workers: number;
    label: string;
    /**
     * this arm's load's connections, where not the block's
     */
    connections?: number;
    /**
     * this arm's warm-up requests, where not the block's (a cluster's primary shares
     * them among its workers: W times a single process's warm each as much)
     */
    warmup?: number;
};
export type BlockOptions = {
    A: Arm;
    B: Arm;
    /**
     * a third arm of fewer workers, run first and last in each block (blockOrder)
     */
    F?: Arm;
    /**
     * '/heavy' or '/light'
     */
    path: string;
    /**
     * /heavy work per request
     */
    iterations?: number;
    connections: number;
    /**
     * default true
     */
    keepAlive?: boolean;
    /**
     * the measured window's bound
     */
    durationMs: number;
    /**
     * the measured requests' bound
     */
    requests: number;
    /**
     * requests first, not measured (default: one per connection)
     */
    warmup?: number;
    /**
     * time they should take; the warm-up's own bound is twice it
     */
    warmupMs?: number;
    /**
     * null: the context's
     */
    cpus?: {
        server: number[] | null;
        generator: number[] | null;
    };
    /**
     * several loads per server, by name
     */
    variants?: Record<string, {
        keepAlive: boolean;
    }>;
    /**
     * the source's own load, run once (block 1) against each arm, after the block
     */
    sourceLoad?: SourceLoad;
    /**
     * generator processes (default 1): one can use no more than one core
     */
    generators?: number;
    /**
     * after a block whose `arm` spent far more CPU
     * per request than its `ref` (SLOWED_TOGETHER), read the parallelism the
     * CPUs give now (parallelismNow): the block's `given` (slowedBlock)
     */
    readSlowed?: {
        arm: ArmName;
        ref: ArmName;
    };
};
export type SourceLoad = {
    /**
     * its concurrent clients (loadtest -c)
     */
    connections: number;
    /**
     * its request count (loadtest -n)
     */
    requests: number;
    keepAlive: boolean;
    /**
     * a bound on each arm's run
     */
    durationMs: number;
};
/**
 * @typedef {object} Arm
 * @property {number} workers        0: one plain process; W: a cluster of W
 * @property {string} label
 * @property {number} [connections]  this arm's load's connections, where not the block's
 * @property {number} [warmup]       this arm's warm-up requests, where not the block's (a cluster's primary shares
 *   them among its workers: W times a single process's warm each as much)
 *
 * @typedef {object} BlockOptions
 * @property {Arm} A
 * @property {Arm} B
 * @property {Arm} [F]              a third arm of fewer workers, run first and last in each block (blockOrder)
 * @property {string} path           '/heavy' or '/light'
 * @property {number} [iterations]   /heavy work per request
 * @property {number} connections
 * @property {boolean} [keepAlive]   default true
 * @property {number} durationMs     the measured window's bound
 * @property {number} requests       the measured requests' bound
 * @property {number} [warmup]       requests first, not measured (default: one per connection)
 * @property {number} [warmupMs]     time they should take; the warm-up's own bound is twice it
 * @property {{ server: number[] | null, generator: number[] | null }} [cpus]  null: the context's
 * @property {Record<string, { keepAlive: boolean }>} [variants]  several loads per server, by name
 * @property {SourceLoad} [sourceLoad]  the source's own load, run once (block 1) against each arm, after the block
 * @property {number} [generators]   generator processes (default 1): one can use no more than one core
 * @property {{ arm: ArmName, ref: ArmName }} [readSlowed]  after a block whose `arm` spent far more CPU
 *                                   per request than its `ref` (SLOWED_TOGETHER), read the parallelism the
 *                                   CPUs give now (parallelismNow): the block's `given` (slowedBlock)
 *
 * @typedef {object} SourceLoad      a load shaped as the source's tool ran it, reported beside its table
 * @property {number} connections    its concurrent clients (loadtest -c)
 * @property {number} requests       its request count (loadtest -n)
 * @property {boolean} keepAlive
 * @property {number} durationMs     a bound on each arm's run
 */
/** Target CPU time of one /heavy request (the brief's 20–40 ms): short blocks, many requests per block. */
export declare const HEAVY_MS = 30;
/**
 * The measured window of one /heavy arm, before the requests in flight at its
 * end are answered (up to one per connection, 60–120 ms more on 2 cores):
 * about 10 requests on 2 cores, 2–3 per connection. A run's throughput varies by about 5% (sd
 * of ln) here at 150 ms as at 250 ms, inside the simulated block noise
 * (bench/lib/cluster-sweep.js: 5% calm, 12% a busy host's), and the /heavy
 * claims still decide at their first look (BENCHMARKS.md §19).
 */
export declare const HEAVY_WINDOW_MS = 150;
/**
 * The /heavy block the cluster throughput specs run: W_A vs W_B workers,
 * 2·max(W) connections, keep-alive on (the cost measured is the work, not the
 * hand-off), server and generator sharing the CPUs. The work per request is
 * scaled from the context's pbkdf2 calibration to take about HEAVY_MS.
 * @param {import('../context.js').Context} ctx
 * @param {{ A: Arm, B: Arm }} arms
 * @returns {BlockOptions & { iterations: number, warmupMs: number }}
 */
export declare function heavyBlock(ctx: import('../context.js').Context, { A, B }: {
    A: Arm;
    B: Arm;
}): BlockOptions & {
    iterations: number;
    warmupMs: number;
};
/**
 * The most cores other processes may take during a block whose model counts
 * on the machine's cores before it is void: the fixtures' rule for a trial
 * spoiled by neighbours, max(0.3, C/10).
 * @param {number} C
 */
export declare function neighbourLimit(C: number): number;
/**
 * The share of the cores free to it that a cluster of W ≥ C workers under a
 * CPU-bound load keeps busy at least (cluster.workers-equal-cores' W = C arm,
 * cluster.faster-on-heavy's cluster). Measured on 2 quiet vCPUs: 0.77–0.99
 * (keep-alive connections may land unevenly on the workers); workers that
 * rest between requests (the cluster-worker-rest sabotage): 0.40–0.58.
 */
export declare const BUSY_SHARE = 0.6;
/**
 * An arm's warm runs (no warm-up in them): the cores its serving processes
 * kept busy over the window, and the cores free to them (C less what other
 * processes took in that run); the median of each, or null where no warm
 * run says.
 * @param {any} obs @param {ArmName} arm @param {number} C
 */
export declare function coresBusy(obs: any, arm: ArmName, C: number): {
    busy: number;
    free: number;
} | null;
/**
 * A block check with a part saying that the arm `arm` kept the cores busy
 * (coresBusy at least BUSY_SHARE of those free to it), beside the part
 * every worker served its share (checkBlock's). A void block stays void;
 * where no warm run says, the served part is the only one.
 * @param {any} obs @param {{ C: number, arm: ArmName, who: string, servedPart: string, busyPart: string }} o
 *   who: the arm, as its detail names it; servedPart, busyPart: the two parts' names
 * @returns {import('../verdict.js').Check}
 */
export declare function checkBlockBusy(obs: any, { C, arm, who, servedPart, busyPart }: {
    C: number;
    arm: ArmName;
    who: string;
    servedPart: string;
    busyPart: string;
}): import('../verdict.js').Check;
/**
 * The parts of a block check that read its F arm (fewer workers), the
 * reference A's gain over fewer is measured against: a reference that idles
 * would make A look faster than it is, so each of these is a fail, not a
 * gain. Every F worker ran and served its share (as B's must), and they kept
 * busy at least BUSY_SHARE of the cores they can use (min(F, the cores
 * free)): CPU time over the window, which a slower vCPU does not lower. The
 * CPU per request is not compared with A's: it follows the speed of the vCPU
 * each arm ran on, and the host runs them at unequal speeds in some phases
 * (A over F read ×0.73–1.35 in honest blocks, and a vCPU at a third of the
 * other's speed would move it to ×0.5 or ×1.5: BENCHMARKS.md §39). A part
 * not read (no warm run) is left out rather than passed unread; a block
 * without F runs has none.
 * @param {any} obs @param {{ C: number, F: number }} o
 * @returns {import('../verdict.js').Part[]}
 */
export declare function fewerArmParts(obs: any, { C, F }: {
    C: number;
    F: number;
}): import('../verdict.js').Part[];
/**
 * The longest a claim's servers and generator may live: every block of the
 * claim, at most twice the last look's 27 with void ones (54 blocks of 1–2 s
 * here, 3.3 s each in this bound); and the source's own load, where the
 * claim runs it.
 */
export declare const SERVER_LIFE_MS = 180000;
/**
 * Start one arm's server (one per claim, abbaBlocks) and wait until it listens.
 * @param {import('../context.js').Context} ctx @param {BlockOptions} o @param {ArmName} arm
 */
export declare function startArm(ctx: import('../context.js').Context, o: BlockOptions, arm: ArmName): Promise<{
    arm: ArmName;
    server: import("../isolate.js").FixtureHandle;
    info: any;
    pids: number[];
    primary: number | null | undefined;
}>;
/**
 * One arm's run: one bounded load per variant against its live server (in the
 * given order), recording each worker's CPU over each load (who served it).
 * @param {import('../context.js').Context} ctx @param {BlockOptions} o
 * @param {Awaited<ReturnType<typeof startArm>>} live
 * @param {string[]} [variants]  names of o.variants, in the order to run them
 * @param {{ run: (load: any) => Promise<any>, pids?: (number | undefined)[] }} [session]  a running generator (startLoadSessions)
 * @param {{ warm?: boolean }} [w]  the server already served a load: no warm-up requests
 */
export declare function loadArm(ctx: import('../context.js').Context, o: BlockOptions, { arm, info, pids, primary }: Awaited<ReturnType<typeof startArm>>, variants?: string[], session?: {
    run: (load: any) => Promise<any>;
    pids?: (number | undefined)[];
}, { warm }?: {
    warm?: boolean;
}): Promise<{
    arm: ArmName;
    label: string;
    variant: string;
    keepAlive: boolean;
    workers: number;
    connections: number;
    throughput: any;
    requests: any;
    errors: any;
    durationMs: any;
    latency: {
        mean: any;
        p50: any;
        p99: any;
    } | null;
    generatorCpu: number;
    generatorBound: boolean;
    machineCores: number | null;
    otherCores: number | null;
    usableCores: number;
    warm: boolean;
    warmup?: {
        requests: any;
        errors: any;
        planned: number;
    } | undefined;
    serverCpuMs: {
        [k: string]: number;
    };
    primaryCpuMs: number | null;
    cost: {
        serverUs: number | null;
        primaryUs: number | null;
        generatorUs: number | null;
    };
    stoppedBy: any;
}[]>;
/**
 * What one request cost each side of a load, in CPU µs per answered request:
 * the processes that serve it (the one process, or the cluster's workers
 * together), a cluster's primary (the hand-off of each new connection; null
 * for one process), and the load generator. Costs are what the throughput of
 * each arm follows from on the CPUs free during the block, whatever the
 * generator's speed; NaN readings (no /proc) give null.
 * @param {{ cpuMs: number[], primaryCpuMs: number | null, generatorMs: number, requests: number }} o
 * @returns {{ serverUs: number | null, primaryUs: number | null, generatorUs: number | null }}
 */
export declare function requestCost({ cpuMs, primaryCpuMs, generatorMs, requests }: {
    cpuMs: number[];
    primaryCpuMs: number | null;
    generatorMs: number;
    requests: number;
}): {
    serverUs: number | null;
    primaryUs: number | null;
    generatorUs: number | null;
};
/** "server 85 µs + primary 31 µs per request, generator 40 µs". @param {any} cost */
export declare function costText(cost: any): string;
/**
 * The blocks of one throughput claim: one server per arm and one generator
 * process, started together before the first block (start-up stays out of
 * the windows) and kept for every later block. Each server is warmed up by
 * its first load only; every later load of it runs warm (JIT, connections'
 * first use behind it), so that a block costs its windows (four, six with an
 * F arm) and no more.
 * A server or generator that has exited since the last block is replaced,
 * with the others, before the next (its first loads warm up again). A block
 * that throws stops them all (the claim then ends in error); end() stops
 * them once the claim's trials are over (the plan's `end`), killing any that
 * has not exited after STOP_GRACE_MS. Each block records the block its
 * servers started at (`serversFrom`).
 * A block is ABBA on odd n, BAAB on even n: r = ln(thr B / thr A), per
 * variant when o.variants names several loads run against each server (their
 * order reversed in each arm's first load: variantOrder); `r` is the first variant's.
 * @param {BlockOptions} o
 */
export declare function abbaBlocks(o: BlockOptions): {
    /** @param {import('../context.js').Context} ctx @param {number} n @returns {Promise<Block>} */
    trial(ctx: import('../context.js').Context, n: number): Promise<Block>;
    end: () => Promise<void>;
};
/**
 * Above this, a block's arm with more workers busy spent more CPU per /heavy request than
 * the arm it is compared with (costRatio) by more than the two vCPUs' unequal speeds
 * explain: ×0.78–1.35 in the blocks of runs whose CPUs kept their speed (W = C over F;
 * BENCHMARKS.md §39 and §51); a cluster of 2 over one process read ×0.99–1.01 in quiet
 * runs (§61). A /heavy request is the same work in each arm, so ×1.4–2.0, read in whole
 * runs here (§51, §60), is CPUs that ran slower once all the workers were busy: a host
 * that gave the VM about one core's work on two (a core's two threads, or time taken),
 * which the guest's own accounting does not show. So is a cluster whose workers spin
 * while they wait their turn: parallelismNow, the harness's own reading with the servers
 * idle, tells the two apart (slowedBlock).
 */
export declare const SLOWED_TOGETHER = 1.35;
/**
 * The serving processes' mean CPU per request in `arm`'s runs of a block over `ref`'s;
 * null where either is not read.
 * @param {{ runs: any[] }} block @param {ArmName} arm @param {ArmName} ref
 */
export declare function costRatio(block: {
    runs: any[];
}, arm: ArmName, ref: ArmName): number | null;
/**
 * The parallelism the CPUs give now, as the machine profile reads it (its probe,
 * fixtures/profile-probe.cjs: k = 1 … C + 1 tasks at once), taken between blocks with the
 * servers idle: the harness's own reading. `serversCores`: the CPU the serving processes
 * (`pids`) and every process they started spent meanwhile, in cores, so that servers that
 * spin while idle and slow the probe are told from a host that slows the CPUs.
 * `othersCores`: what the usable CPUs' busy time (/proc/stat, 10 ms ticks) shows beyond
 * the harness and all it started (the probe, the servers, the generator `generators`):
 * other processes', which slow the probe as a slower host would. null where the probe fails.
 * @param {import('../context.js').Context} ctx @param {number[]} [pids] @param {number[]} [generators]
 * @returns {Promise<{ effectiveParallelism: number, serversCores: number | null, othersCores: number | null } | null>}
 */
export declare function parallelismNow(ctx: import('../context.js').Context, pids?: number[], generators?: number[]): Promise<{
    effectiveParallelism: number;
    serversCores: number | null;
    othersCores: number | null;
} | null>;
/** Idle servers spend next to no CPU (a timer, a GC): at this share of a core or more they were not idle. */
export declare const IDLE_SERVERS = 0.1;
/**
 * Why a block cannot test a modelled speed-up: after it, its `arm` had spent far more CPU
 * per request than its `ref` (SLOWED_TOGETHER, the block's `given`), and the harness's own
 * probe, read then with the servers idle, found the CPUs giving so little parallelism that
 * the speed-up modelled on it (modelAt) no longer clears the plan's boundary by the noise
 * band (MARGIN): an honest block could then read on either side of it. Void, as the
 * start-of-run profile makes such a claim undecidable (timingUndecidable); in whole quiet
 * runs here the host gave the VM about one core's work for half a minute to minutes, with
 * a start-of-run profile of 1.93–2.0, and failed a true claim (BENCHMARKS.md §51, §60).
 * null where the block is judged as ever: not probed, a probe that finds the CPUs whole (a
 * cluster that spins while its workers take turns slows no idle probe), servers that spent
 * CPU while the probe ran (they slowed it themselves, and so does any process they
 * started: familyCpuMs), other processes that took more than neighbourLimit of the CPUs
 * meanwhile (the probe read them, not the host), or no reading. Only a sound block is
 * voided: the caller keeps a failing structure's fail.
 * @param {any} obs
 * @param {{ C: number, arm: ArmName, ref: ArmName, refText: string, modelAt: (eff: number) => number, boundary: number, gain: string }} o
 *   refText: `ref` as the reason names it; gain: the speed-up, as the reason names it
 * @returns {string | null}
 */
export declare function slowedBlock(obs: any, { C, arm, ref, refText, modelAt, boundary, gain }: {
    C: number;
    arm: ArmName;
    ref: ArmName;
    refText: string;
    modelAt: (eff: number) => number;
    boundary: number;
    gain: string;
}): string | null;
/**
 * One block on fresh servers, stopped after it (abbaBlocks for a single
 * trial). Its observation has no `serversFrom`: every such block has its own.
 * @param {import('../context.js').Context} ctx @param {number} n @param {BlockOptions} o
 * @returns {Promise<Omit<Block, 'serversFrom'>>}
 */
export declare function abbaTrial(ctx: import('../context.js').Context, n: number, o: BlockOptions): Promise<Omit<Block, 'serversFrom'>>;
/**
 * Both arms' servers and the generator, started side by side (nothing is
 * measured while they start): what every block of a claim runs against, from
 * block `from` on. Where one fails to start, those that did are stopped.
 * @param {import('../context.js').Context} ctx @param {BlockOptions} o @param {number} from
 */
declare function startBlocks(ctx: import('../context.js').Context, o: BlockOptions, from: number): Promise<{
    live: {
        arm: ArmName;
        server: import("../isolate.js").FixtureHandle;
        info: any;
        pids: number[];
        primary: number | null | undefined;
    }[];
    session: {
        run(load: import("./loadgen.js").LoadOptions): Promise<any>;
        stop: () => Promise<void>;
        running: () => boolean;
        pid: number | undefined;
        pids: (number | undefined)[];
    };
    from: number;
    served: Set<any>;
}>;
/**
 * The order of the variants in the load at position i of a block: reversed
 * in each arm's first load, as named in its second. Each arm then runs each
 * variant at the same points of its own sequence of loads (with two: the
 * last-named variant first and last, the others between), so a server that
 * speeds up over its first runs (JIT; a fresh /light server's first run
 * read ×0.80–0.92 of its later ones, after a warm-up of 16 requests)
 * favours neither arm. Alternating by position
 * instead (ABBA: A's first run and B's second of the first-named variant)
 * made r alternate with the block's order (BENCHMARKS.md §25).
 * @param {string[]} names @param {string[]} order  the block's arms, e.g. ['A', 'B', 'B', 'A'] @param {number} i
 */
export declare function variantOrder(names: string[], order: string[], i: number): string[];
export type Block = Awaited<ReturnType<typeof runBlock>> & {
    given?: Awaited<ReturnType<typeof parallelismNow>>;
};
/**
 * One block's observation: its order, its runs, the log ratio r per load; `given`, where
 * the block was read as slowed (abbaBlocks' readSlowed), the parallelism the CPUs gave then.
 * @typedef {Awaited<ReturnType<typeof runBlock>> & { given?: Awaited<ReturnType<typeof parallelismNow>> }} Block
 */
/**
 * One block's loads (four, six with an F arm), in its order, against the
 * claim's running servers.
 * @param {import('../context.js').Context} ctx @param {number} n @param {BlockOptions} o
 * @param {NonNullable<Awaited<ReturnType<typeof startBlocks>>>} running
 */
declare function runBlock(ctx: import('../context.js').Context, n: number, o: BlockOptions, { live, session, from, served }: NonNullable<Awaited<ReturnType<typeof startBlocks>>>): Promise<{
    rFewer: number;
    order: string;
    serversFrom: number;
    path: string;
    keepAlive: boolean;
    connections: number;
    r: number;
    ratio: number;
    ratios: {
        [k: string]: number;
    };
    runs: {
        arm: ArmName;
        label: string;
        variant: string;
        keepAlive: boolean;
        workers: number;
        connections: number;
        throughput: any;
        requests: any;
        errors: any;
        durationMs: any;
        latency: {
            mean: any;
            p50: any;
            p99: any;
        } | null;
        generatorCpu: number;
        generatorBound: boolean;
        machineCores: number | null;
        otherCores: number | null;
        usableCores: number;
        warm: boolean;
        warmup?: {
            requests: any;
            errors: any;
            planned: number;
        } | undefined;
        serverCpuMs: {
            [k: string]: number;
        };
        primaryCpuMs: number | null;
        cost: {
            serverUs: number | null;
            primaryUs: number | null;
            generatorUs: number | null;
        };
        stoppedBy: any;
    }[];
    sourceRuns?: ({
        arm: ArmName;
        label: string;
        variant: string;
        keepAlive: boolean;
        workers: number;
        connections: number;
        throughput: any;
        requests: any;
        errors: any;
        durationMs: any;
        latency: {
            mean: any;
            p50: any;
            p99: any;
        } | null;
        generatorCpu: number;
        generatorBound: boolean;
        machineCores: number | null;
        otherCores: number | null;
        usableCores: number;
        warm: boolean;
        warmup?: {
            requests: any;
            errors: any;
            planned: number;
        } | undefined;
        serverCpuMs: {
            [k: string]: number;
        };
        primaryCpuMs: number | null;
        cost: {
            serverUs: number | null;
            primaryUs: number | null;
            generatorUs: number | null;
        };
        stoppedBy: any;
    } | {
        arm: ArmName;
        label: string | undefined;
        error: string;
    })[] | undefined;
} | {
    rFewer?: undefined;
    order: string;
    serversFrom: number;
    path: string;
    keepAlive: boolean;
    connections: number;
    r: number;
    ratio: number;
    ratios: {
        [k: string]: number;
    };
    runs: {
        arm: ArmName;
        label: string;
        variant: string;
        keepAlive: boolean;
        workers: number;
        connections: number;
        throughput: any;
        requests: any;
        errors: any;
        durationMs: any;
        latency: {
            mean: any;
            p50: any;
            p99: any;
        } | null;
        generatorCpu: number;
        generatorBound: boolean;
        machineCores: number | null;
        otherCores: number | null;
        usableCores: number;
        warm: boolean;
        warmup?: {
            requests: any;
            errors: any;
            planned: number;
        } | undefined;
        serverCpuMs: {
            [k: string]: number;
        };
        primaryCpuMs: number | null;
        cost: {
            serverUs: number | null;
            primaryUs: number | null;
            generatorUs: number | null;
        };
        stoppedBy: any;
    }[];
    sourceRuns?: ({
        arm: ArmName;
        label: string;
        variant: string;
        keepAlive: boolean;
        workers: number;
        connections: number;
        throughput: any;
        requests: any;
        errors: any;
        durationMs: any;
        latency: {
            mean: any;
            p50: any;
            p99: any;
        } | null;
        generatorCpu: number;
        generatorBound: boolean;
        machineCores: number | null;
        otherCores: number | null;
        usableCores: number;
        warm: boolean;
        warmup?: {
            requests: any;
            errors: any;
            planned: number;
        } | undefined;
        serverCpuMs: {
            [k: string]: number;
        };
        primaryCpuMs: number | null;
        cost: {
            serverUs: number | null;
            primaryUs: number | null;
            generatorUs: number | null;
        };
        stoppedBy: any;
    } | {
        arm: ArmName;
        label: string | undefined;
        error: string;
    })[] | undefined;
}>;
/**
 * Did every worker of each B-arm run (a cluster) take part? Each worker's CPU
 * over the load must reach `share` of an even split of the arm's server CPU
 * (one worker doing all leaves the others ≈ 0). Linux /proc; NaN fails.
 * `variants`: only the runs of these loads (default: every run). A cluster's
 * primary hands each new connection to a worker that has taken its last one,
 * so a few keep-alive connections opened at once may all land on one worker
 * while another is slow to take its turn: an even share is what many
 * connections (a new one per request) show, not a handful.
 * @param {any} block
 * @param {{ arm?: ArmName, share?: number, variants?: string[] | null }} [o]
 */
export declare function workersServed(block: any, { arm, share, variants }?: {
    arm?: ArmName;
    share?: number;
    variants?: string[] | null;
}): string[];
/**
 * The structural check of a block: every cluster run used its W worker
 * processes, and no run's generator was CPU-bound (if one was, the block
 * measured the generator: void, not a verdict). With `saturated: true` a
 * CPU-bound generator is allowed where the machine was saturated (≥ 0.9 of
 * its usable cores busy): server and generator then shared every core, and
 * the block compares what each server costs on the same machine, as a load
 * tool on the same host does (the light endpoint on few cores).
 * `boundCountsIn`: arms whose runs still count with a CPU-bound generator:
 * a generator at its cap understates that arm's throughput, and drives the
 * other arm no faster, so the block can only lean against that arm; a claim
 * that the other arm is not faster may count such a block (default: none).
 * `servedIn`: the loads whose runs must show every worker's share (default: all).
 * `maxOthers`: the most cores other processes may take during the block
 * (the median of its runs' `otherCores`) before it is void: a block whose
 * model counts on the machine's cores (a speed-up) spoiled by neighbours is
 * replaced, within the budget, rather than judged. Within it, a run with
 * failed requests or no answers fails the block; without it (or unread),
 * such a block is void.
 * @param {any} block @param {{ arm?: ArmName, saturated?: boolean, boundCountsIn?: ArmName[], servedIn?: string[] | null, maxOthers?: number }} [o]
 * @returns {{ ok: boolean, detail: string, invalid?: boolean }}
 */
export declare function checkBlock(block: any, { arm, saturated, boundCountsIn, servedIn, maxOthers }?: {
    arm?: ArmName;
    saturated?: boolean;
    boundCountsIn?: ArmName[];
    servedIn?: string[] | null;
    maxOthers?: number;
}): {
    ok: boolean;
    detail: string;
    invalid?: boolean;
};
/**
 * The requests a run's warm-up answered (those sent less those that
 * failed), null where the run had none.
 * @param {any} run
 */
export declare function warmupAnswered(run: any): number | null;
/**
 * Whether a run's warm-up answered fewer requests than planned (its bound
 * cut it short, or some failed): its server ran colder than planned.
 * @param {any} run
 */
export declare function warmupShort(run: any): boolean;
/** One line about a block. @param {any} block */
export declare function describeBlock(block: any): string;
/**
 * The looks of a throughput claim in the full run: TIMING_LOOKS and one more
 * at 27 blocks. Under the simulator's busy-host block noise (`vm`: a run's
 * throughput ±12%, a tenth of runs cut to 0.5–0.8×) a cluster with no
 * speed-up at C = 2 was still undecided at 21 blocks in 1.9% of runs, past
 * the 1% a wrong truth may escape; with a look at 27, 0.1%, and the runs
 * that decide earlier take as many blocks as before (BENCHMARKS.md §20). A
 * quiet machine decides at 5.
 */
export declare const BLOCK_LOOKS: readonly number[];
/**
 * The timing channel of a throughput spec: the per-block log ratio r, judged
 * decisively (throughput is the claim: structure alone never passes it).
 * @param {{ description: string, claim: number, alternatives: Record<string, number>, toward?: number, value?: (obs: any) => number }} o
 *   toward: where the boundary sits between claim (0) and alternative (1), as in a TimingPlan
 */
export declare function blockTiming({ description, claim, alternatives, toward, value }: {
    description: string;
    claim: number;
    alternatives: Record<string, number>;
    toward?: number;
    value?: (obs: any) => number;
}): {
    decisive: boolean;
    statistic: string;
    description: string;
    claim: number;
    alternatives: Record<string, number>;
    toward: number | undefined;
    looks: readonly number[];
    alpha: number;
    quick: Readonly<{
        looks: readonly number[];
        alpha: 0.02;
        early: number;
    }>;
    value: (obs: any) => number;
};
/**
 * --quick's budget for a throughput claim: looks at 5 and 6 blocks. The look
 * at 5 is the full run's first look, at its level (0.001 a side: the
 * t-interval of the mean, which holds every block), so that on the same
 * blocks a quick verdict there is the full run's. Undecided there, the look
 * at 6 takes the median's interval at the rest of alpha 2%: the blocks'
 * whole range (96.9% confidence), as the budget's one look at 6 at alpha 5%
 * did before. There a claim fails only when all 6 blocks lie beyond the
 * boundary, and passes only when all 6 lie inside, so no later look of the
 * full run on the same blocks could decide it the other way (a fail at 9
 * needs all 9 blocks beyond, one at 27 at least 22 of them). A statistic
 * that sits on the boundary is decided, either way, at most 2⁻⁶ ≈ 1.6% of
 * the time at 6; at 5, 0.1% where the noise is near normal and at most
 * 2⁻⁵ ≈ 3.1% whatever it is (all 5 blocks on one side), the full run's own
 * first look's bounds. A quiet machine decides at 5, as the full run does,
 * a block sooner than one look at 6 (BENCHMARKS.md §63). The full run's is
 * looks at 5, 9, 15, 21 and 27 at 1% (BLOCK_LOOKS).
 */
export declare const QUICK_BLOCKS: Readonly<{
    looks: readonly number[];
    alpha: 0.02;
    early: number;
}>;
export {};
