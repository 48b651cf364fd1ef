/** The libuv default and the pool sizes we ask for in probes. */
export declare const DEFAULT_POOL = 4;
/**
 * P for the model: the pool size under the run's settings in force
 * (ctx.poolSize, measured at probe time), libuv's default where a context
 * does not say (one a claim pack or a test builds by hand).
 * @param {{ poolSize?: number }} ctx
 */
export declare function poolSize(ctx: {
    poolSize?: number;
}): number;
/**
 * Whether a call made the native request its API makes, in the census
 * fixtures/pool-parked.cjs takes of each call (requests: async_hooks types
 * over everything the call started). That a call waited while the pool was
 * held shows its work runs there only where what waited was its own
 * request: a call done elsewhere whose result waits on some other pool
 * request (the pool-gated sabotage) waits alike. null where no census was
 * taken (records from before it was).
 * @param {Record<string, number> | undefined} requests
 * @param {string[]} types  the request types the call's API makes, any one of them
 * @param {string} call  its name in the text, e.g. 'fs.stat'
 * @returns {{ ok: boolean, text: string } | null}
 */
export declare function madeRequest(requests: Record<string, number> | undefined, types: string[], call: string): {
    ok: boolean;
    text: string;
} | null;
/**
 * 'UV_THREADPOOL_SIZE=8 in force', with the pool it gives where the value
 * does not say it plainly ('abc' is read as 1); null when the variable is not in force.
 * @param {{ env?: Record<string, string>, poolSize?: number }} ctx
 */
export declare function sizeInForce(ctx: {
    env?: Record<string, string>;
    poolSize?: number;
}): string | null;
/**
 * The nearest wrong pool sizes for a batch of k tasks, for a batch plan: the
 * nearest below and above the P in force that run the batch differently
 * (every size ≥ k runs it all at once), and the claim's own size where the
 * settings make P another. batchPlan still drops any the statistic cannot tell apart.
 * @param {{ P: number, C: number, k: number, claimed?: number }} o
 * @returns {Alternative[]}
 */
export declare function poolAlternatives({ P, C, k, claimed }: {
    P: number;
    C: number;
    k: number;
    claimed?: number;
}): Alternative[];
/**
 * Why a claim about the default pool's batches does not hold under the size
 * in force, in one sentence with the numbers.
 * @param {{ env?: Record<string, string>, poolSize?: number }} ctx
 * @param {number} k  tasks in the batch
 * @param {string} claimed  what the claim says, e.g. "4 + 1"
 */
export declare function otherSizeSentence(ctx: {
    env?: Record<string, string>;
    poolSize?: number;
}, k: number, claimed: string): string;
/**
 * Why a FIFO count with `fifos` readers cannot be made on this machine, or
 * null. A parked reader holds an open-file slot (open(2) takes it before
 * blocking), and while the count probes them, each reader it lets through
 * keeps its descriptor until the count ends while its thread picks up the
 * next queued reader: the count holds up to one descriptor per FIFO. A
 * shortfall would make the count short, not the pool.
 * @param {import('../context.js').Context} ctx
 * @param {number} fifos the readers the probe queues
 * @returns {string | null} a skip reason
 */
export declare function fifoCountUnavailable(ctx: import('../context.js').Context, fifos: number): string | null;
/**
 * The FIFOs a probe parks readers on to count a pool of `want`: more than it
 * (a pool of as many or more reads as the FIFOs' count, 'N+'), 64 at least.
 * @param {number} want
 */
export declare const fifosFor: (want: number) => number;
/**
 * Run the FIFO probe once. `fifos` defaults to fifosFor the pool asked
 * (`size`) or in force. `threadAffinity: false` leaves out the CPU list of
 * each pool thread (`affinity.threads` is then null): one /proc read per
 * thread, tens of milliseconds for a pool of 1024. `atWork`: read those
 * lists again while hashes run on the pool (`affinity.threadsAtWork`: the
 * lists and how many hashes were running; null where none still was), not
 * only while the threads wait on FIFOs. `cpus`: run it on these CPUs (taskset)
 * instead of the run's own. `outside` (Linux): the harness reads the probe's
 * process itself (`outside` in the result, probeFromOutside): the threads
 * parked on FIFOs and the CPU each has used, while the readers are parked,
 * where those threads wait once the count is through, and with atWork the
 * pool threads' CPU lists all the while the hashes run.
 * `atWorkHashes`: the hashes atWork queues (pool-probe-main.cjs AtWorkHash;
 * default 4 pbkdf2 of 50,000 iterations). `lateAtMs` (with atWork and
 * outside, Linux): once that reading is done the probe waits, and the
 * harness lets it queue those hashes again at this age of the process (ms
 * on the harness's clock from the spawn) and watches the threads' CPU lists
 * from outside until they have all ended (`outside.lateAtWork`). `cpuFirst`: a
 * pbkdf2 and a scrypt run on the pool before the count. `lateWork`: pool requests
 * of these kinds submitted while the readers are parked (pool-probe-main.cjs; the
 * report's `lateWork`), with `outside` the process's threads listed by the
 * harness before and after (`outside.lateThreads`). `plain`: the probe started
 * as a user's shell starts a program (isolate.js RunOptions `plain`: no IPC
 * channel, no descriptor beyond stdin, stdout and stderr, none of the harness's
 * defaults in its environment but UV_USE_IO_URING=0 where plainIoUring keeps
 * it), with `launch` in the result: { plain: true, env: the names in its
 * environment as the harness read them from outside while the readers were
 * parked (/proc/<pid>/environ; null where not read: off Linux) } (launchPart).
 * On Linux a plain probe is always held at 'parked' for that read, `outside`
 * or not (without it nothing else is read: probeFromOutside's `launchOnly`).
 * @param {import('../context.js').Context} ctx
 * @param {{ size?: string, fifos?: number, setEnv?: string, setEnvAfterUse?: boolean, entry?: 'commonjs' | 'module', threadAffinity?: boolean, atWork?: boolean, cpus?: number[], outside?: boolean, atWorkHashes?: ({ kind: 'pbkdf2', iterations: number } | { kind: 'scrypt', N: number })[], lateAtMs?: number, cpuFirst?: boolean, lateWork?: string[], plain?: boolean }} [o]
 */
export declare function probePool(ctx: import('../context.js').Context, { size, fifos, setEnv, setEnvAfterUse, entry, threadAffinity, atWork, cpus, outside, atWorkHashes, lateAtMs, cpuFirst, lateWork, plain, }?: {
    size?: string;
    fifos?: number;
    setEnv?: string;
    setEnvAfterUse?: boolean;
    entry?: 'commonjs' | 'module';
    threadAffinity?: boolean;
    atWork?: boolean;
    cpus?: number[];
    outside?: boolean;
    atWorkHashes?: ({
        kind: 'pbkdf2';
        iterations: number;
    } | {
        kind: 'scrypt';
        N: number;
    })[];
    lateAtMs?: number;
    cpuFirst?: boolean;
    lateWork?: string[];
    plain?: boolean;
}): Promise<any>;
/**
 * Why a plain probe keeps UV_USE_IO_URING=0 in its environment, or null where
 * it leaves it out. Kept exactly where the Node under test sends fs requests
 * to io_uring by default (libuv 1.45–1.48 before Node's opt-in patch: 20.3 to
 * 20.11.0, 21 before 21.6.2; kits/io-uring.js ioUringRule 'default'), the
 * kernel lets libuv use it, and the settings in force do not set the variable:
 * there a program started from a shell would have its fs requests finish past
 * a full pool (the probe's late fs request, its opens), and the count would
 * read the ring, not the pool. Elsewhere (opt-in, or the pool always: every
 * Node measured here) the variable changes nothing and a shell's program has
 * none. A Node whose version reads not: null.
 * @param {{ node?: { version?: string, uv?: string }, env?: Record<string, string>, arch?: string, release?: string }} ctx
 * @param {() => string} [readDisabled] the text of /proc/sys/kernel/io_uring_disabled
 */
export declare function plainIoUring(ctx: {
    node?: {
        version?: string;
        uv?: string;
    };
    env?: Record<string, string>;
    arch?: string;
    release?: string;
}, readDisabled?: () => string): string | null;
/**
 * The names in the environment process `pid` was started with, read from
 * outside (/proc/<pid>/environ), sorted; null where it cannot be read.
 * @param {number} pid
 */
export declare function environNames(pid: number): string[] | null;
/**
 * Variables a process a user starts from a shell does not have unless the
 * user sets them: the IPC channel's and cluster's plumbing, coverage, and the
 * settings that size or route the pool. In a plain probe's environment, any
 * of them not among the settings in force says it was not started plain.
 */
export declare const NOT_PLAIN_ENV: string[];
/**
 * How a probe was started (probePool `plain`: its `launch`), as a claim about
 * the default a user's program gets reads it: started plain, with no
 * variable of NOT_PLAIN_ENV in its environment as read from outside but the
 * settings in force (`inForce`, their names) and, where plainIoUring keeps it
 * (`ringKept`: its reason), UV_USE_IO_URING. ok false where it ran with an IPC
 * channel or such a variable; void (ok false, `void` the reason) where the
 * start cannot be told: no `launch` (a record from before it was read) or its
 * environment not read on Linux (the process gone before the read). Where no
 * process's environment can be read from outside (`envUnreadable`: the
 * platform, no /proc) the start is said, not judged: a void there would leave
 * the claim undecided on every such machine.
 * @param {{ plain?: boolean, env?: string[] | null, envUnreadable?: string } | undefined} launch
 * @param {string[]} [inForce]
 * @param {string | null} [ringKept]
 * @returns {{ ok: boolean, detail: string, void?: string }}
 */
export declare function launchPart(launch: {
    plain?: boolean;
    env?: string[] | null;
    envUnreadable?: string;
} | undefined, inForce?: string[], ringKept?: string | null): {
    ok: boolean;
    detail: string;
    void?: string;
};
/**
 * Several plain probes' launches (launchPart each) as one: the first that
 * failed, else the first void, else the first that held with how many did.
 * @param {({ plain?: boolean, env?: string[] | null, envUnreadable?: string } | undefined)[]} launches
 * @param {string[]} [inForce] @param {string | null} [ringKept]
 * @returns {{ ok: boolean, detail: string, void?: string }}
 */
export declare function launchesPart(launches: ({
    plain?: boolean;
    env?: string[] | null;
    envUnreadable?: string;
} | undefined)[], inForce?: string[], ringKept?: string | null): {
    ok: boolean;
    detail: string;
    void?: string;
};
/**
 * The threads of process `pid` parked in open(2) on a FIFO (as fixtures/lib/proc.cjs
 * openParked reads its own), read from outside, each with the CPU it has used
 * (schedstat's first field; null where unreadable): null where /proc cannot show them.
 * @param {number} pid
 * @returns {{ tid: number, cpuMs: number | null }[] | null}
 */
export declare function parkedFromOutside(pid: number): {
    tid: number;
    cpuMs: number | null;
}[] | null;
/**
 * Watch the CPU lists of the threads of process `pid` from outside, a look
 * now and one every `everyMs`, until stop(): every thread but the main one
 * (tid = pid) and io_uring's kernel workers, listed afresh at each look (the
 * harness's own reading: no list a fixture names, which could leave a thread
 * out): how many looks read a list, the process's list, how many threads
 * were seen, the first reading of each thread seen allowed on other CPUs
 * than the process (`pinned`), and how many looks saw one (`pinnedLooks`).
 * @param {number} pid @param {number} [everyMs]
 */
export declare function watchAffinity(pid: number, everyMs?: number): {
    stop(): {
        looks: number;
        pinnedLooks: number;
        process: string | null;
        threads: number;
        pinned: {
            tid: number;
            cpus: string;
            atMs: number;
        }[];
        ms: number;
    };
};
/**
 * The pool size a FIFO probe read: the readers parked on FIFOs, and where
 * /proc shows them (Linux) the threads the pool started and the threads
 * blocked in open(2) while parked. They are independent readings of one
 * number: a census padded with readers that hold no pool thread, or a thread
 * count filled with idle threads, makes them differ.
 * @param {any} probe
 * @returns {{ size: number, agree: boolean }}  size: the parked count; agree: every known reading matches it
 */
export declare function poolReading(probe: any): {
    size: number;
    agree: boolean;
};
/**
 * The most CPU a thread parked on a FIFO may have used for the count to take
 * it for a pool thread at its first request, in ms. A libuv pool thread
 * starts, takes the request and blocks in open(2) having run next to nothing:
 * measured from outside while parked (2-CPU VM beside other runs, load up to
 * 6.5, Node 20, 22, 24 and 26), 0.01–0.26 ms in pools of 4 and 200. A
 * JavaScript thread that takes the request instead (a Worker blocked in a
 * copyFileSync of its own: the pool-one-short sabotage) has run Node's
 * start-up first: 13–39 ms (13 on Node 26, 16–25 on 20, 28–39 on 22 and 24).
 * An absolute figure, read on one VM: a slower CPU, or a host's steal billed
 * to the thread, may take an honest thread past it, so an excess alone voids
 * the trial (parkedPart), it does not fail it.
 */
export declare const PARKED_CPU_MS = 2;
/**
 * The largest pool whose parked threads' CPU is weighed (PARKED_CPU_MS). In a
 * pool of hundreds started at once a few threads use more, from the kernel's
 * side of so many threads starting and opening files together: in a pool of
 * 1024, median 0.03 ms but up to 2.46 ms. On a slower host (Linux 6.18, Node
 * 20, quiet; pool.max-128, 10 runs) the most a trial's parked thread had used
 * was 2.0–12.1 ms in the pool of 200 (median 3.9; 0.11–0.29 ms on the host
 * first measured), 1.5–5.8 ms in the pool of 1024 and 0.6–3.0 ms in pools of
 * 129–300: no bound tells them from a Worker's start (13–39 ms), and at 2 ms
 * most of an honest pool's trials were void. Their threads' waits are still
 * read. Pools of up to 128 (the default 4 of pool.default-size) stay weighed:
 * 0.06–0.61 ms at most on that host.
 */
export declare const PARKED_CPU_POOL = 128;
/**
 * The part of a probe read from outside (probePool `outside`) that says the
 * threads parked on FIFOs are the pool's. Once the count is through none of
 * them waits in an event loop (epoll_wait): a pool thread waits for its next
 * request on a condition variable (futex), a JavaScript thread (a Worker) in
 * its own loop; a thread that does fails it (`ok` false), whatever the
 * machine's speed. And each had used under PARKED_CPU_MS of CPU while parked,
 * as a pool thread at its first request has (a thread that ran JavaScript
 * first has used more; in pools of up to PARKED_CPU_POOL threads): an excess
 * there alone, with no thread in an event loop, may be a slow or stolen CPU,
 * and `invalid` says the trial counts neither way. A look the fixture went on
 * without (outside.late: it waited past its bound for the harness's answer)
 * read the threads at another moment, and is left out. null where neither
 * was read (not Linux, records from before they were read, both looks late).
 * With `barePolls` (a bare Node's event loops: barePollCount), the process's
 * own are counted against it too (loopsPart): a stand-in Worker that waits
 * in Atomics.wait once through reads as a pool thread's futex, but its event
 * loop is still there.
 * @param {any} probe @param {number | null} [barePolls]
 * @returns {{ ok: boolean, detail: string, invalid?: true } | null}
 */
export declare function parkedPart(probe: any, barePolls?: number | null): {
    ok: boolean;
    detail: string;
    invalid?: true;
} | null;
/** One line for a FIFO probe's readings. @param {any} probe */
export declare function probeText(probe: any): string;
export type Statistic = {
    name: string;
    description: string;
    /**
     * sorted completion times and the single-task time;
     * obs: the trial's observation, where the value is a trial's (not for the model's predictions)
     */
    fn: (t: number[], T: number, obs?: any) => number;
    toward?: number;
    /**
     * what the claim asserts that the statistic tests, in the claim's terms
     */
    asserts?: string;
    /**
     * why the statistic holds where the CPUs run at unequal speeds, with the
     * figures that show it: its values are kept in trials whose CPUs read apart (voidIfUnequalSpeeds), and
     * such a trial whose threads' CPU the speeds read explain counts whole (countWhereSpeedsExplain), unless
     * it readsHashCpu
     */
    speedFree?: string;
    /**
     * the statistic weighs the completions by the hashes' own CPU time
     * (dearestHashMs): a trial whose threads' CPU the readers explain stays void for it, since a reader that
     * read its CPU slower than the hashes ran there would hide a spinning thread's CPU in both
     */
    readsHashCpu?: boolean;
};
export type Alternative = {
    label: string;
    P: number;
    C: number;
};
/**
 * @typedef {object} Statistic
 * @property {string} name
 * @property {string} description
 * @property {(t: number[], T: number, obs?: any) => number} fn   sorted completion times and the single-task time;
 *   obs: the trial's observation, where the value is a trial's (not for the model's predictions)
 * @property {number} [toward]
 * @property {string} [asserts] what the claim asserts that the statistic tests, in the claim's terms
 * @property {string} [speedFree] why the statistic holds where the CPUs run at unequal speeds, with the
 *   figures that show it: its values are kept in trials whose CPUs read apart (voidIfUnequalSpeeds), and
 *   such a trial whose threads' CPU the speeds read explain counts whole (countWhereSpeedsExplain), unless
 *   it readsHashCpu
 * @property {boolean} [readsHashCpu] the statistic weighs the completions by the hashes' own CPU time
 *   (dearestHashMs): a trial whose threads' CPU the readers explain stays void for it, since a reader that
 *   read its CPU slower than the hashes ran there would hide a spinning thread's CPU in both
 *
 * @typedef {object} Alternative
 * @property {string} label
 * @property {number} P
 * @property {number} C
 */
/**
 * The pbkdf2 task a batch runs (and loop.cpu-blocks' heavy work, whose scans
 * of the machine need it): the calibrated one, and under --quick the
 * whole multiple of its 60 ms task nearest the full run's 120 ms. The CPU rule (MAX_CPU_PER_TASKS) weighs a
 * batch's CPU against its tasks' cost at the speed read beside the pool, and
 * its allowance was measured on 120 ms tasks: a host that slows the one CPU
 * a pool thread is on for a few tens of ms, between two speed readings made
 * on the other, adds the same ms to a 60 ms hash as to a 120 ms one, twice
 * the ratio. --quick's 60 ms hashes read up to ×1.19 honest, beyond the ×1.12
 * allowed (BENCHMARKS.md §19).
 * @param {import('../context.js').Context} ctx
 * @returns {{ iterations: number, taskMs: number }}
 */
export declare function batchTask(ctx: import('../context.js').Context): {
    iterations: number;
    taskMs: number;
};
/**
 * A pbkdf2 batch plan.
 * @param {import('../context.js').Context} ctx
 * @param {{ k: number, P: number, size?: string, reference?: boolean, statistic: Statistic, alternatives: Alternative[], summary?: string }} o
 * @returns {Omit<import('../spec.js').Plan, 'summary'> & { summary: string }}
 */
export declare function batchPlan(ctx: import('../context.js').Context, { k, P, size, reference, statistic, alternatives, summary }: {
    k: number;
    P: number;
    size?: string;
    reference?: boolean;
    statistic: Statistic;
    alternatives: Alternative[];
    summary?: string;
}): Omit<import('../spec.js').Plan, 'summary'> & {
    summary: string;
};
/**
 * Where a batch's first tasks outnumber the cores (min(P, k) > C) and run on
 * more than one CPU, the scheduler's per-CPU run queues share them unevenly,
 * a little differently on every machine and kernel (a CPU quota spread over
 * more CPUs than it allows runs them in bursts): a thread may finish its task
 * while another waits its turn, and the completion times land anywhere between
 * the model's and the alternatives' (four tasks shared 3 + 1 on 2 CPUs finish
 * as P = 3's do). A timing boundary between them could only be fitted to one
 * machine's scheduler, so the timing is reported, not judged, and the runnable
 * concurrency (how many ran at once, phase by phase) decides; a trial without
 * that reading is void. On one CPU (one run queue, shared fairly) and with a
 * core per task the plan is unchanged: its timing is judged against the model.
 * Off Linux there is no runnable count, and nothing can tell the claim from
 * its alternatives on such a C: the claim is undecidable here (inconclusive).
 * @template {{ summary: string, structural?: any, timing?: any }} T
 * @param {import('../context.js').Context} ctx
 * @param {T} plan a batchPlan
 * @param {{ P: number, k: number, asserts: string, statistic: string }} o  asserts: what the timing would test, e.g. "Finishing together"
 * @returns {T & { undecidable?: string }}
 */
export declare function judgeTimingOnlyWithCores<T extends {
    summary: string;
    structural?: any;
    timing?: any;
}>(ctx: import('../context.js').Context, plan: T, { P, k, asserts, statistic }: {
    P: number;
    k: number;
    asserts: string;
    statistic: string;
}): T & {
    undecidable?: string;
};
/**
 * A batch trial void only because its CPUs ran at speeds the readers
 * explain (checkBatch's structureStands), counted: its structure is sound.
 * Its timing value is dropped where other processes' load spoiled the trial,
 * and where the statistic's model assumes one speed (the plans that call
 * this so do not judge their timing: judgeTimingOnlyWithCores); a statistic
 * that holds at unequal speeds (`speedFree`: its name; Statistic.speedFree)
 * keeps it.
 * @param {import('../verdict.js').Check} c @param {{ speedFree?: string }} [o]
 * @returns {import('../verdict.js').Check}
 */
export declare function countWhereSpeedsExplain(c: import('../verdict.js').Check, { speedFree }?: {
    speedFree?: string;
}): import('../verdict.js').Check;
/**
 * Why the cores a batch gets are not C here, or null: a CPU quota below the
 * CPUs allowed (C read from the quota, the threads free to run on more CPUs)
 * runs them in bursts, several CPUs at once until the period's quota is spent,
 * so a batch of up to that many tasks gets between C and that many CPUs' worth.
 * @param {import('../context.js').Context} ctx
 * @returns {string | null}
 */
export declare function quotaBursts(ctx: import('../context.js').Context): string | null;
/**
 * How a batch's k tasks fell on the pool threads, read from their CPU time.
 * A thread cannot do part of a task, so every thread that used CPU did at
 * least one; of the ways to give k tasks to those threads, the one with the
 * most even CPU per task is taken (each task is the same hash). Its spread
 * (slowest hash over fastest) is 1 where one speed explains the CPU; a thread
 * kept busy without progress (a limiter whose waiting threads spin) and a CPU
 * the host slowed both widen it, and cannot be told apart.
 * @param {number[]} cpuMs each pool thread's CPU time over the batch
 * @param {number} k
 * @returns {{ tasks: number[], msPerTask: number[], spread: number } | null}
 *   tasks and msPerTask per thread that worked (most tasks first); null where
 *   more threads used CPU than there were tasks
 */
export declare function taskAccount(cpuMs: number[], k: number): {
    tasks: number[];
    msPerTask: number[];
    spread: number;
} | null;
/**
 * CPU time per hash on each pool thread that worked in a batch (taskAccount).
 * @param {any} obs @param {number} k
 */
export declare function hashRates(obs: any, k: number): number[];
/**
 * What the dearest of a batch's k hashes cost in CPU time (taskAccount's
 * most even split): the time it takes alone at the speed of the CPU it ran
 * on, since a CPU-bound hash alone on a free core runs throughout. A thread
 * that spun before its hash makes that hash read dear: the CPU rule
 * (cpuBeyondTasks) is what tells it, and a statistic that reads this
 * (Statistic.readsHashCpu) takes no trial the readers' speeds explain. null
 * where the pool threads' CPU was not read (off Linux), or more threads used
 * CPU than there were tasks.
 * @param {any} obs @param {number} k
 * @returns {number | null}
 */
export declare function dearestHashMs(obs: any, k: number): number | null;
/**
 * Drop a batch's timing value where the CPUs ran at unequal speeds: the pool
 * threads' CPU time per hash (a fixed amount of work) says so
 * (unequalSpeedReason), or the speed reference read on the CPUs by the wall
 * clock, pinned to each before the batch or beside the pool during it, is
 * more than MAX_SPEED_SPREAD apart. A host that takes a vCPU away unseen
 * slows its thread's progress without adding to its CPU time: the CPU per
 * hash reads alike while one thread finishes later, and a statistic built on
 * completion times drifts toward an alternative (`pool.size-two-pairs`'s
 * former gap read G 0.27 against a region above 0.375 so, a fail of a true
 * claim; BENCHMARKS.md §21). A statistic that holds at any constant speed per
 * thread (its pairs' ratio Q) may still drift where a speed changes
 * mid-batch; a plan whose statistic was measured to hold at unequal speeds
 * (Statistic.speedFree) does not call this. The readings
 * count only where threads ran side by side (min(P, k) ≥ 2), whose
 * completions the statistic compares; one thread's tasks, one after another,
 * all meet the same CPUs.
 * @param {any} obs @param {{ k: number, P: number }} o @param {import('../verdict.js').Check} check
 */
export declare function voidIfUnequalSpeeds(obs: any, { k, P }: {
    k: number;
    P: number;
}, check: import('../verdict.js').Check): import("../verdict.js").Check;
/** @param {any} obs */
export declare function sortedTimes(obs: any): any;
/**
 * The speed reference at the calibrated speed, as the batch itself converts
 * it: what one iteration of the hash cost at calibration (T over the batch's
 * iterations) times the reference's cost in iterations, read by the batch
 * fixture just before its batch (speed.inIterations). The profile's
 * (referenceMs) weighed the two once, at the run's start: where the host
 * slowed the reference more than the hash then (×1.73 against ×1.49), every
 * batch of the run read its CPU ×1.15–1.2 what its hashes cost (BENCHMARKS.md
 * §25). null where the batch did not read it (a record from before, no
 * /proc): the profile's stands.
 * @param {any} obs @param {number} T  ms of one hash of obs.iterations alone, at calibration
 * @returns {number | null}
 */
export declare function batchReferenceMs(obs: any, T: number): number | null;
/**
 * Structural reading of one batch: the pool's threads (which did the work),
 * how many tasks were runnable at once between completions (what "n run
 * together" says), and where tasks wait for a thread whether the completions
 * came as they ended (checkDelivery), where the fixture could read them
 * (Linux /proc).
 * @param {any} obs
 * @param {{ k: number, P: number, T: number, referenceMs?: number | null, busy?: string | null }} o  T: the batch's
 *   task (ms of one hash alone, batchTask); referenceMs: the speed reference calibrated with the profile's task
 *   (cpu-speed.js), used where the batch did not weigh it against its hash itself (batchReferenceMs); busy: why
 *   other processes' load spoiled the batch (busyReason), where it did
 * @returns {import('../verdict.js').Check}
 */
export declare function checkBatch(obs: any, { k, P, T, referenceMs, busy }: {
    k: number;
    P: number;
    T: number;
    referenceMs?: number | null;
    busy?: string | null;
}): import('../verdict.js').Check;
/**
 * CPU a batch's process may spend over the batch beyond its pool's threads,
 * its main thread and its speed readers: the larger of ELSEWHERE_MIN_MS and
 * ELSEWHERE_SHARE of the pool's own. Honest batches read 0–1.7 ms (Node's
 * own threads: its platform's workers, a collection now and then); a thread
 * the program started before the pool that computed every other task's key
 * while the pool's one thread hashed in its place read 152–339 ms
 * (pool-one-shadowed, BENCHMARKS.md §46).
 */
export declare const ELSEWHERE_MIN_MS = 20;
/** See ELSEWHERE_MIN_MS. */
export declare const ELSEWHERE_SHARE = 0.1;
/**
 * The tasks' work done on the pool's threads: the CPU the process's other
 * threads spent over the batch (`elsewhereMs`: the process's whole CPU,
 * threads that ended meanwhile included, less its pool's, main and reader
 * threads' from /proc) within the allowance; null where it was not read
 * (off Linux, older records) or where Node options are in force.
 * @param {any} obs @param {number} poolMs the pool threads' CPU over the batch
 * @returns {{ ok: boolean, detail: string } | null}
 */
export declare function checkWorkElsewhere(obs: any, poolMs: number): {
    ok: boolean;
    detail: string;
} | null;
/**
 * Most CPU a batch's pool threads may use, as a multiple of what its k
 * hashes cost at the speed the CPUs ran during it, before the excess is CPU
 * spent without progress. Honest batches read 0.61–1.09 on this VM, quiet or
 * beside busy loops (the hashes pay for cache refills after each switch that
 * the reference, timed warm, does not); threads that spin or waste while
 * fewer tasks progress than run read 1.14–1.98 (BENCHMARKS.md §17). On a
 * host that switches a vCPU between two speeds, honest batches read up to
 * ×1.44 against the speed read beside the pool (§21); against the slowest
 * speed read, which cpuBeyondTasks also requires before it fails, 11 of
 * 1 968 read beyond it, up to ×1.25, and one claim-run in 2 396 failed
 * (§22: the profile's ratio of task to reference drifts ±5% with the host).
 * Beside two busy loops honest batches read up to ×1.22 at every speed read,
 * and one claim-run failed so (§26): where other processes' load spoiled a
 * batch (busyReason) the rule contests, it does not fail.
 */
export declare const MAX_CPU_PER_TASKS = 1.12;
/**
 * Most CPU a batch's pool threads may use, as a multiple of what its k
 * hashes cost at the slowest speed any CPU read before the batch or beside
 * it, for a trial against the claim by MAX_CPU_PER_TASKS alone to be
 * marginal: a reading honest batches give now and then on this host, which
 * enough agreeing trials outweigh (verdict.js outweighing). In the quiet,
 * `--quick`, busy-loop and 1-CPU-quota records of BENCHMARKS.md §33–§35,
 * honest trials failed by that rule read ×1.128–1.508 at the slowest speed,
 * 13 of 28 within this and 8 beyond ×1.25 (§36), and every contested one
 * (within MAX_CPU_PER_TASKS at the slowest speed) is within it. A limiter
 * that lets P − 1 hashes progress while its spare thread spins reads
 * P / (P − 1): ×1.33 at P = 4, ×1.25 at P = 5; the sabotages that waste CPU
 * read ×1.22–1.83, and in every trial they run (§32). A trial beyond it
 * still holds back the pass.
 */
export declare const MARGINAL_CPU = 1.2;
/**
 * Most CPU per hash one of a batch's threads may use over another's where
 * the CPUs read alike beside the pool. A vCPU the host slows without the
 * guest seeing it costs a thread on it 1.3–1.6× the CPU for the same hash
 * (§9: 181–184 ms against 129 ms, pinned, the guest idle), and the main
 * thread's readings may miss it (it reads the CPU it runs on); honest
 * batches read at most ×1.46 in 2 660 trials, quiet and beside neighbours,
 * and ×1.47 inside a 1-CPU quota where the CPUs read alike. A
 * waiting task that spins a task's worth before its hash costs its thread
 * ×2 (a limiter's spinner: ×1.62–2.64) while the pool's total may stay under
 * MAX_CPU_PER_TASKS (BENCHMARKS.md §20). Where the CPUs read apart, the
 * allowance is this times how far apart they read: honest batches read at
 * most ×1.36 their readings' spread in 1 196 such trials, a spinner up to
 * ×3.34 (§24).
 */
export declare const MAX_UNSEEN_SPREAD = 1.75;
/**
 * Most CPU per hash one of a batch's threads may use over another's once
 * each thread's CPU is weighed by the speed a reader pinned to each CPU read
 * there through the batch (cpu-speed.js cpuAtOneSpeed): a CPU the host slows
 * is then read, not unseen (MAX_UNSEEN_SPREAD). Honest batches read at most
 * ×1.53 so in 814 quiet trials of a stretch whose CPUs read up to ×1.95
 * apart, from which it was set, and ×1.67 in §28's quiet bench (2 of 916
 * trials beyond, each a reader that read its CPU ×1.6 slower than the hashes
 * there ran; 1 of 410 inside a 1-CPU quota): one such trial holds back a
 * pass, three fail a true claim (verdict.js FAIL_ANY). A limiter's spinner
 * in every other batch read ×1.65–4.31 in that stretch, where the CPUs'
 * spread allowed it in 14 of 20, and ×1.58–1.91 in `pool.fifth-lags` where
 * the CPUs read alike (§27's records) (BENCHMARKS.md §28).
 */
export declare const MAX_SEEN_SPREAD = 1.55;
/**
 * Which new threads did the work, and how many tasks each did (taskAccount).
 * More threads busy than there were tasks is a fail: in these fixtures only
 * the tasks use the pool.
 * @param {any} obs @param {{ k: number, P: number }} o
 * @param {ReturnType<typeof taskAccount>} [account] the batch's, where the caller has it
 */
export declare function checkThreads(obs: any, { k, P }: {
    k: number;
    P: number;
}, account?: ReturnType<typeof taskAccount>): {
    ok: boolean;
    detail: string;
};
