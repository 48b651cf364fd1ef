// What each sabotage (NCS_SABOTAGE, read by fixtures/lib/sabotage.cjs) is
// run against and which claims it must break, and the detection table. Pure,
// but for one fact of the machine a sabotage's reach depends on: whether a
// fixture can have a network namespace of its own (netns.js, tried once).
import { ownNetworkProblem } from '../../harness/netns.js';
import { BLIND11A } from './sabotages-blind11a.js';
import { BLIND11B } from './sabotages-blind11b.js';
import { BLIND11C } from './sabotages-blind11c.js';
import { BLIND12A } from './sabotages-blind12a.js';
import { BLIND12B } from './sabotages-blind12b.js';
import { BLIND12C } from './sabotages-blind12c.js';
import { BLIND12D } from './sabotages-blind12d.js';
import { SABOTAGES_H } from './sabotages-H.js';
import { SABOTAGES_L } from './sabotages-L.js';
import { SABOTAGES_I } from './sabotages-I.js';
import { SABOTAGES_P } from './sabotages-P.js';
import { SABOTAGES_R1 } from './sabotages-r1.js';
import { SABOTAGES_R2 } from './sabotages-r2.js';

/**
 * @typedef {object} Sabotage
 * @property {string} name       the NCS_SABOTAGE value
 * @property {string} what       what the fixtures then do
 * @property {string[]} select   claims to run (ids or globs)
 * @property {Record<string, string>} [env]  settings the claims run under (--env), sabotaged and not
 * @property {(id: string, cpus?: number) => boolean} breaks  must this claim fail (on a machine with this many CPUs allowed)?
 */

const POOL = ['pool.*', 'main-thread.*'];
// the pbkdf2 batch claims (fixtures/pbkdf2-batch.cjs)
const BATCH = [
  'pool.pbkdf2-four-together',
  'pool.fifth-lags',
  'pool.six-is-four-then-two',
  'pool.size-five-all-together',
  'pool.size-two-pairs',
  'pool.size-one-serializes',
  'pool.two-as-fast-as-one',
];
/** How many of its pool threads each batch claim runs at once at first: min(P, k). */
const RUNNING_AT_ONCE = {
  'pool.pbkdf2-four-together': 4,
  'pool.fifth-lags': 4,
  'pool.six-is-four-then-two': 4,
  'pool.size-five-all-together': 5,
  'pool.size-two-pairs': 2,
  'pool.size-one-serializes': 1,
  'pool.two-as-fast-as-one': 2,
};
/** @param {string[]} ids */
const only = (ids) => (/** @type {string} */ id) => ids.includes(id);
/** Every split claim, where the machine has two cores or more (on one, no split speeds up anyway). @param {string} id @param {number} [cpus] */
const everySplitClaimOnTwoCores = (id, cpus = 2) => cpus >= 2 && id.startsWith('workers.');
/**
 * Every split claim that runs on the machine (optimal-cores-minus-one skips where C − 1 = 0):
 * a sabotage its structure reads at any C.
 * @param {string} id @param {number} [cpus]
 */
const everySplitClaimThatRuns = (id, cpus = 2) =>
  id.startsWith('workers.') && !(id === 'workers.optimal-cores-minus-one' && cpus < 2);
/** @type {Sabotage} */
const FAIR_2 = {
  name: 'pool-fair=2',
  what: 'a limiter in front of a full pool: each pbkdf2 cut into slices pinned to its own pool thread (the others parked), at most 2 slices at once, round robin',
  select: BATCH,
  // "run at once" (4, 5) and every batch shape are gone: all finish together; two tasks may still run together
  breaks: (id) => BATCH.includes(id) && id !== 'pool.two-as-fast-as-one',
};

/** @type {Sabotage} */
const SPIN_3 = {
  name: 'pool-spin=3',
  what: 'a limiter whose waiting tasks spin: at most 3 hashes progress at once (one thread fewer than the pool); a task without a permit runs throwaway pbkdf2 slices on the idle pool thread until one frees, so every thread stays runnable',
  select: BATCH,
  // every claim whose first batch is more than 3 (or a whole pool of 2 run as 1 + spinner)
  breaks: only([
    'pool.pbkdf2-four-together',
    'pool.fifth-lags',
    'pool.six-is-four-then-two',
    'pool.size-five-all-together',
    'pool.size-two-pairs',
  ]),
};

/** @type {Sabotage} */
const NICE_2 = {
  name: 'pool-nice=2',
  what: 'all but 2 pool threads set to nice 19 once the pool has started: every thread stays runnable with its task, and the runnable count reads them all, but where the CPUs are fewer than the threads at work only the 2 at nice 0 progress while the others wait in the run queue (on 2 CPUs or fewer each thread is pinned so that every CPU holds one at nice 0, which the load balancer would otherwise reach only tens of ms in)',
  select: BATCH,
  // where more threads run at once than the 2 at nice 0, and every CPU's run queue holds one of those two (at
  // most 2 CPUs): with more, the load balancer may give the threads at nice 19 a CPU of their own
  breaks: (id, cpus = 2) => cpus <= 2 && (RUNNING_AT_ONCE[/** @type {keyof RUNNING_AT_ONCE} */ (id)] ?? 0) > 2,
};

/**
 * A sabotage in every other batch (fixtures/lib/sabotage.cjs every-other):
 * it must break what the sabotage breaks in every batch.
 * @param {Sabotage} s @returns {Sabotage}
 */
function everyOther(s) {
  return {
    ...s,
    name: `${s.name},every-other`,
    what: `${s.name} in every other batch (the 2nd, 4th, … trial of the run), the pool honest in the others`,
  };
}

/** @type {Sabotage[]} */
export const SABOTAGES = [
  {
    name: 'pool-size=5',
    what: 'every pool fixture sets UV_THREADPOOL_SIZE=5 in code before its first pool use',
    select: POOL,
    // the pool the harness asks for is 5 only in pool.size-five-all-together
    breaks: (id) => !['main-thread.single', 'pool.size-five-all-together', 'pool.per-process'].includes(id),
  },
  {
    name: 'pool-size=3',
    what: 'the same with 3: one thread short of the default',
    select: POOL,
    breaks: (id) => !['main-thread.single', 'pool.per-process'].includes(id),
  },
  {
    name: 'pool-serial',
    what: 'the same with 1: a serial pool',
    select: POOL,
    breaks: (id) => !['main-thread.single', 'pool.size-one-serializes', 'pool.per-process'].includes(id),
  },
  {
    name: 'cluster-one-worker',
    what: 'cluster-server.cjs forks one worker whatever W it was asked for',
    select: ['cluster.*'],
    // every cluster claim asks for W ≥ 2 workers and checks who served
    breaks: () => true,
  },
  {
    name: 'heavy-on-main',
    what: "worker-server.cjs and split-work.cjs do the worker threads' CPU work on the main thread",
    select: ['loop.*', 'workers.*'],
    breaks: (id) =>
      [
        'loop.worker-keeps-responsive',
        'workers.split-speeds-up',
        'workers.optimal-cores-minus-one',
        'workers.oversubscription',
      ].includes(id),
  },
  // The ones below keep every quantity a count sees (P pool threads, each with
  // its tasks; W workers, each serving; the same threads and processes) and
  // make the claim false underneath: each is derived from the claim's words.
  FAIR_2,
  {
    name: 'pool-fair=1',
    what: 'the same limiter with 1: a serial pool behind P threads that each do their tasks',
    select: BATCH,
    breaks: only(BATCH),
  },
  {
    name: 'pool-held',
    what: 'pbkdf2 runs honestly, but completions are held while any is still running and delivered together',
    select: BATCH,
    // a batch of four (or of k ≤ P) already ends together: only the claims about later batches break
    breaks: only(['pool.fifth-lags', 'pool.six-is-four-then-two', 'pool.size-two-pairs', 'pool.size-one-serializes']),
  },
  {
    name: 'pool-held-busy',
    what: 'pool-held done by the main thread: from the first completion it spins until every pool thread is idle, so no callback (and no sample) runs meanwhile',
    select: BATCH,
    breaks: only(['pool.fifth-lags', 'pool.six-is-four-then-two', 'pool.size-two-pairs', 'pool.size-one-serializes']),
  },
  {
    name: 'pool-held-sleep',
    what: 'pool-held-busy, the main thread asleep in Atomics.wait between its looks at the pool instead of spinning',
    select: BATCH,
    breaks: only(['pool.fifth-lags', 'pool.six-is-four-then-two', 'pool.size-two-pairs', 'pool.size-one-serializes']),
  },
  {
    name: 'pool-held-spawn',
    what: "pool-held-busy, the main thread asleep in child_process.spawnSync between its looks at the pool: it blocks in an event loop of its own, in the same system call as the fixture's loop",
    select: BATCH,
    breaks: only(['pool.fifth-lags', 'pool.six-is-four-then-two', 'pool.size-two-pairs', 'pool.size-one-serializes']),
  },
  SPIN_3,
  {
    name: 'pool-spin=1',
    what: "pool-spin with one permit in a pool of two (UV_THREADPOOL_SIZE=2): the task without a permit spins on its own thread, the pool's only other one, until the first hash ends, so both threads stay busy and runnable while the pair takes two hashes' time",
    // the spin lands on the hash's own thread: its hash reads dear, and R over the dearer hash's CPU reads
    // about 1 (BENCHMARKS.md §29); the CPU rule is what fails it
    select: ['pool.two-as-fast-as-one'],
    env: { UV_THREADPOOL_SIZE: '2' },
    breaks: () => true,
  },
  {
    name: 'pool-waste=3',
    what: 'a limiter whose waste is spread over every thread: at most 3 hashes progress at once (at most P − 1), sliced round robin so all finish together; throwaway slices keep the other threads busy, and the pool hands both to whichever thread is free, so every thread does the same share of work and of waste',
    // every claim whose first batch is more than 3, or whose pool is 2 (1 + waste); a pool of 1 has no
    // thread to waste on, and 2 tasks on 4 threads both run (beside 2 wasting threads, alone as in pairs)
    select: [
      'pool.pbkdf2-four-together',
      'pool.fifth-lags',
      'pool.six-is-four-then-two',
      'pool.size-five-all-together',
      'pool.size-two-pairs',
    ],
    breaks: () => true,
  },
  {
    name: 'pool-throttle=0.6',
    what: 'every pbkdf2 cut into slices pinned to its own pool thread, all at once (no limiter), but the thread that ran a slice of the first task rests (parked) after it, so that task runs 0.6 of its time: the runnable count of two threads reads about 1.6, within half a thread of 2',
    // one of the threads said to run together sleeps through its work; a pool of 1 runs the tasks'
    // slices round robin, as pool-fair=1 does: they no longer finish one after another
    select: BATCH,
    breaks: only(BATCH),
  },
  NICE_2,
  // A mechanism that breaks only some trials: the claim is as false, and a
  // verdict that waits for most trials to disagree leaves it split.
  everyOther(FAIR_2),
  everyOther(SPIN_3),
  everyOther(NICE_2),
  {
    name: 'pool-per-core',
    what: 'pool-probe.cjs: the pool really has min(P, cores) threads; the FIFO census is padded to P by non-blocking readers and idle worker threads fill the thread count (up to 16)',
    select: ['pool.default-size', 'pool.env-in-code', 'pool.env-parsing', 'pool.max-128', 'pool.thread-per-core'],
    breaks: () => true,
  },
  {
    name: 'pool-free-callbacks',
    what: 'main-thread.cjs: fs/crypto/zlib callbacks served without the pool; P idle worker threads start at the first one, so the thread count grows by P',
    select: ['main-thread.*'],
    breaks: only(['main-thread.not-alone']),
  },
  {
    name: 'callbacks-off-main',
    what: "main-thread.cjs: pbkdf2, readFile and gzip and their callbacks run in a worker thread that reports the main thread's ids",
    select: ['main-thread.single'],
    breaks: () => true,
  },
  {
    name: 'net-via-pool',
    what: 'net-probe.cjs: one unparked pool thread more than P; every socket request and resolve4 makes an fs.stat round trip through it; the fs.stat control waits behind a blocker',
    select: ['net.*'],
    breaks: only(['net.not-pool-bound', 'net.resolve-not-pool-bound']),
  },
  {
    name: 'lookup-held',
    what: 'net-probe.cjs: localhost answered without getaddrinfo (no pool), each answer held until the pool is released',
    select: ['net.dns-lookup-pool-bound'],
    breaks: () => true,
  },
  {
    name: 'dns-cap-in-js',
    what: "net-probe.cjs: a pool of 2P-1 threads (libuv's own cap is then P) and a JS semaphore of ceil(P/2) lookups in front",
    select: ['pool.dns-half-cap'],
    breaks: () => true,
  },
  {
    name: 'main-yields',
    what: "worker-server.cjs: /heavy-blocking's main-thread work in 20 slices that yield to the loop; /light answers held until it ends",
    select: ['loop.cpu-blocks'],
    breaks: () => true,
  },
  {
    name: 'worker-main-waits',
    what: 'worker-server.cjs: while the worker does the heavy work, the main thread blocks (Atomics.wait, no CPU) 30 ms at a time, a loop turn between',
    select: ['loop.worker-keeps-responsive'],
    breaks: () => true,
  },
  {
    name: 'worker-main-chunks',
    what: 'worker-server.cjs: while the worker does the heavy work, the main thread does it too, in five slices, a loop turn between',
    select: ['loop.worker-keeps-responsive'],
    breaks: () => true,
  },
  {
    name: 'worker-main-spin',
    what: 'worker-server.cjs: while the worker does the heavy work, the main thread spins 4 ms out of every 5 (a 1 ms timer turn between): the loop turns every 5 ms, blocked 80% of the time',
    select: ['loop.worker-keeps-responsive'],
    // a loop busy 80% of the heavy work is not "free", and a light request waits up to 4 ms for it
    breaks: () => true,
  },
  {
    name: 'worker-main-naps',
    what: 'worker-server.cjs: while the worker does the heavy work, the main thread sleeps (Atomics.wait, no CPU) 4 ms out of every 5 (a 1 ms timer turn between): worker-main-spin without the CPU',
    select: ['loop.worker-keeps-responsive'],
    // no CPU spent, but the loop is blocked 80% of the heavy work: a light request waits up to 4 ms
    breaks: () => true,
  },
  {
    name: 'worker-main-naps=3.5',
    what: 'worker-server.cjs: worker-main-naps with naps of 3.5 ms: asleep about 78% of the heavy work, its timer near 0.25 per ms (above the bound of 0.2), its answers within 4 ms, no CPU spent',
    select: ['loop.worker-keeps-responsive'],
    // the loop is blocked most of the time the work runs, whatever its timer's rate
    breaks: () => true,
  },
  {
    name: 'worker-main-nap-once=30',
    what: "worker-server.cjs: 20 ms into the heavy work the main thread sleeps once for 30 ms (Atomics.wait, no CPU), its loop free before and after: 0.12–0.18 of the window on 2 CPUs asleep, its timer near a free loop's rate, the /light requests meanwhile held 30 ms",
    select: ['loop.worker-keeps-responsive'],
    // a loop blocked 30 ms at once does not answer at once: three times the 10 ms the client allows
    breaks: () => true,
  },
  {
    name: 'worker-main-spin-fine',
    what: 'worker-server.cjs: the same, finer: the main thread spins 0.8 ms, then a setImmediate turn, and again: the loop turns about every ms (timers and lights on time) but the main thread is busy 80% of the heavy work',
    select: ['loop.worker-keeps-responsive'],
    // the main thread's loop is busy 80% of the time the work runs: not "free", though it answers within a ms
    breaks: () => true,
  },
  {
    name: 'worker-lights-late',
    what: 'worker-server.cjs: while the worker does the heavy work, each /light is answered 100 ms late (a timer; the main thread idle, its loop free and ticking)',
    select: ['loop.worker-keeps-responsive'],
    // the loop stays free, but light requests are not "answered at once" while the work runs
    breaks: () => true,
  },
  {
    name: 'split-serial',
    what: 'split-work.cjs and /heavy-split: each thread does its share, one thread after the other',
    select: ['workers.*'],
    // no speed-up at all: "split speeds it up" is false, and C - 1 threads are as good as any;
    // and no claim about splitting work over threads is tested by threads that take turns
    breaks: only(['workers.split-speeds-up', 'workers.optimal-cores-minus-one', 'workers.oversubscription']),
  },
  {
    name: 'split-gated',
    what: 'the same while k <= cores; more threads than cores run together (and gain)',
    select: ['workers.*'],
    // optimal-cores-minus-one times k = C − 1 and C by threads that take turns: not a split
    breaks: only(['workers.split-speeds-up', 'workers.oversubscription', 'workers.optimal-cores-minus-one']),
  },
  {
    name: 'split-spin',
    what: 'split-work.cjs: the k ≥ 2 threads of a run take turns by slices under one lock, spinning while they wait (all runnable at once, each its share of CPU and more)',
    select: ['workers.*'],
    // no speed-up from more threads, so C − 1 is as good as C (on one core both claims expect none);
    // oversubscription's words ("no gain beyond C") hold where threads take turns, but its premise, C
    // threads at work at once, does not (as under split-serial): it must fail too
    breaks: everySplitClaimOnTwoCores,
  },
  {
    name: 'split-nap',
    what: "split-work.cjs: split-spin, the first thread spinning 0.85 ms of each wait and then sleeping until its turn (built to sit near the runnable rule's 80%)",
    select: ['workers.*'],
    // as split-spin
    breaks: everySplitClaimOnTwoCores,
  },
  {
    name: 'split-relay',
    what: 'split-work.cjs: half the k ≥ 2 threads of a run (rounded up) do their shares at once, the others wait for them, spinning 70% of the wait and asleep the rest (runnable through 85% of the job, two on CPUs at once until the first ends), then do theirs',
    select: ['workers.*'],
    // no speed-up from 1 to 2 threads, none from C − 1 to C on two cores, and C threads never all at work at once
    breaks: everySplitClaimOnTwoCores,
  },
  {
    name: 'split-pinned',
    what: 'split-work.cjs: the k ≥ 2 threads of a run all pinned to one CPU (all runnable at once, each its share of CPU at full speed per iteration, one at work at a time)',
    select: ['workers.*'],
    // as split-spin, without the wasted CPU: no speed-up, and no C threads at work at once
    breaks: everySplitClaimOnTwoCores,
  },
  {
    name: 'split-lean',
    what: 'split-work.cjs: the same turns, but only the first thread spins while it waits; the others sleep (its CPU per task reads dearer, as on a slower CPU, and the pair about 1.5 runnable at once)',
    select: ['workers.*'],
    // threads that sleep while another takes its turn are not split work running (as split-serial)
    breaks: only(['workers.split-speeds-up', 'workers.optimal-cores-minus-one', 'workers.oversubscription']),
  },
  {
    name: 'split-held',
    what: 'split-work.cjs: a run of k ≥ 2 threads is seen done only as long again after its last share ended (the results handed back late; every thread worked at once with the others, at full speed)',
    select: ['workers.*'],
    // no speed-up from 1 to 2 threads reaches the caller; runs of two or more held alike keep
    // their ratios, but a run is its work until the caller sees it done, and every split claim's
    // structure reads that (seen done late), on any number of cores
    breaks: everySplitClaimThatRuns,
  },
  {
    name: 'split-lone-offload',
    what: 'split-work.cjs: the lone thread (k = 1) hands 40% of its iterations to the libuv pool and does the rest itself (its own CPU reads the work 1.7× cheaper)',
    select: ['workers.*'],
    // the lone run is no lone thread: every claim that times a lone run fails its structure
    // (split-speeds-up always; optimal-cores-minus-one where C − 1 = 1; oversubscription, C and
    // 2C threads, where C = 1)
    breaks: (id, cpus = 2) =>
      id === 'workers.split-speeds-up' ||
      (id === 'workers.optimal-cores-minus-one' && cpus === 2) ||
      (id === 'workers.oversubscription' && cpus === 1),
  },
  {
    name: 'split-lone-unread',
    what: 'split-work.cjs: the lone thread does 32% of its share before it reads its own CPU (it reads 1.5× faster than it ran), and each run of two or more threads is handed back half as long again after its work (S2 about 1.3 as timed)',
    select: ['workers.*'],
    // built against reading the lone run's speed from the thread's own window: the speed-up a
    // caller sees is about ×1.3, nearer none than the model's 2; the runs of two or more seen
    // done late, as split-held's
    breaks: everySplitClaimThatRuns,
  },
  {
    name: 'zlib-on-main',
    what: 'loop-apis.cjs: async gzip of 1 MiB or more compressed on the main thread in 256 KiB gzip members, a loop turn between',
    select: ['loop.pool-apis-block'],
    breaks: () => true,
  },
  {
    name: 'cluster-funnel',
    what: 'cluster-server.cjs: every worker but the first hands 7 of 8 connections (raw handle, via the primary) to the first worker',
    select: ['cluster.round-robin', 'cluster.faster-on-heavy'],
    breaks: () => true,
  },
  {
    name: 'cluster-impostor',
    what: "every worker but the first hands all its connections to the first, which answers in the forwarder's name (pid, globals)",
    select: ['cluster.separate-processes', 'cluster.shared-port', 'cluster.round-robin', 'cluster.faster-on-heavy'],
    breaks: () => true,
  },
  {
    name: 'cluster-worker-rest',
    what: 'each cluster worker serves one /heavy at a time and then rests as long as it took: W workers use W/2 cores',
    select: ['cluster.workers-equal-cores', 'cluster.faster-on-heavy'],
    breaks: () => true,
  },
  {
    name: 'cluster-serial-spin',
    what: 'cluster-server.cjs: the W workers compute /heavy one at a time between them (a lock file opened with O_EXCL); a worker waiting for its turn spins on the lock, so every worker stays on a CPU and serves its share',
    select: ['cluster.faster-on-heavy', 'cluster.workers-equal-cores'],
    // no two heavy requests computed at once: a cluster no faster than one process, and C workers
    // no better sized than one (as under cluster-worker-rest), whatever the CPUs they keep busy
    breaks: () => true,
  },
  {
    name: 'cluster-spin-idle-hog',
    what: "cluster-serial-spin, and the primary's own process (outside the servers' processes) keeps a CPU busy whenever no /heavy has been in a worker's hands for 50 ms: idle under the blocks' load, busy while the harness's parallelism probe runs after a block whose cluster spent far more CPU per request",
    select: ['cluster.faster-on-heavy', 'cluster.workers-equal-cores'],
    // the serial cluster is no faster than one process, nor C workers than fewer; the probe read
    // beside the hog must not void the blocks as a slowed host's
    breaks: () => true,
  },
  {
    name: 'cluster-drops-heavy',
    what: 'cluster-server.cjs: each cluster worker closes every 6th /heavy connection it is handed without answering; the others are served as ever',
    select: ['cluster.faster-on-heavy', 'cluster.workers-equal-cores'],
    // a cluster that fails a sixth of its requests does not serve /heavy, faster or at any size;
    // its failed requests must not void every block
    breaks: () => true,
  },
  {
    name: 'single-handicap',
    what: 'the single-process arm (workers: 0) spins 0.5 ms per request before answering',
    select: ['cluster.slower-on-light'],
    breaks: () => true,
  },
  {
    name: 'single-idle-handicap',
    what: 'the single-process arm (workers: 0) holds each request 2 ms on a timer before answering (idle, no CPU)',
    select: ['cluster.slower-on-light'],
    // the cluster then serves the light endpoint faster than the one process: a speed-up
    breaks: () => true,
  },
  {
    name: 'cluster-rr-pairs',
    what: "cluster-server.cjs: the primary's own hand-off redirected so that each worker gets two connections in a row (A A B B …): every connection through the primary, every worker its share",
    select: ['cluster.round-robin'],
    // connections dealt in pairs are not dealt in turn: the order, not the shares, is what round robin says
    breaks: () => true,
  },
  {
    name: 'handoff-free',
    what: 'cluster-server.cjs: SCHED_NONE whatever was asked: each worker accepts on the shared socket itself, no connection handed off by the primary',
    select: ['cluster.slower-on-light', 'cluster.round-robin'],
    breaks: () => true,
  },
  {
    name: 'cluster-restart-all',
    what: "on a worker's death the primary kills the survivors and forks W new ones (a restart, not a replacement)",
    select: ['cluster.refork-no-downtime'],
    breaks: () => true,
  },
  {
    name: 'cluster-refork-anyway',
    what: "the primary forks a replacement on a worker's death with refork off too: the replacement is not refork's doing",
    select: ['cluster.refork-no-downtime'],
    breaks: () => true,
  },
  {
    name: 'cluster-refork-late',
    what: "the same, 400 ms after the worker's death: a replacement that comes later than refork's",
    select: ['cluster.refork-no-downtime'],
    breaks: () => true,
  },
  {
    name: 'refork-stall',
    what: "on a worker's death (SIGKILL) the replacement is forked at once and listens as soon, but every worker, the replacement included, holds each request until 1.5 s after the death",
    select: ['cluster.refork-no-downtime'],
    // the refork happens as the claim says, yet the application answers nothing for 1.5 s: downtime
    breaks: () => true,
  },
  {
    name: 'refork-stall=500',
    what: 'the same, each request held until 500 ms after the death: every request answered, none lost, all late',
    select: ['cluster.refork-no-downtime'],
    // half a second in which the application answers nothing is downtime, though no request is lost
    breaks: () => true,
  },
  {
    name: 'cluster-events-synthesized',
    what: "the primary records 'online' at fork time and 'disconnect' + 'exit' at its own kill, dropping the real events",
    select: ['cluster.online-exit-events'],
    breaks: () => true,
  },
  {
    name: 'ipc-local-echo',
    what: '/ipc answered by the worker itself (primaryPid from process.ppid): no message reaches the primary',
    select: ['cluster.ipc'],
    breaks: () => true,
  },
  {
    name: 'is-master-removed',
    what: "in workers cluster.isMaster is undefined; /roles reports isPrimary's value under its name",
    select: ['cluster.is-master'],
    breaks: () => true,
  },
  {
    name: 'worker-own-pool',
    what: "pool-per-process.cjs: the Worker parks its P requests on P threads of its own (nested Workers in a synchronous open), and the main thread's request is held in JS until the Worker releases them",
    select: ['pool.per-process'],
    breaks: () => true,
  },
  {
    name: 'readfile-main-reads',
    what: 'readfile-trips.cjs: both readFiles read the file on the main thread and make the same requests (open, fstat, one read per 512 KiB, close), each read of one byte at the end of the file',
    select: ['fs.readfile-trips'],
    breaks: () => true,
  },
  {
    name: 'ap-cached',
    what: 'ap-affinity.cjs: os.availableParallelism() answers what it first computed (right at the start and in a process started under the limit, blind to a change while it runs)',
    select: ['os.ap-affinity'],
    breaks: () => true,
  },
  {
    name: 'ap-quota-rounded',
    what: 'ap-cgroup.cjs: os.availableParallelism() computed in JS from the cgroup quota in force, rounded to the nearest CPU (at least 1), instead of what libuv reads',
    select: ['os.ap-cgroup'],
    breaks: () => true,
  },
  {
    name: 'fs-off-pool',
    what: 'pool-parked.cjs: fs.stat, open, read, close, fs.promises.readFile and read streams done synchronously, callbacks on the next loop turn (the pool still held, fs.access still waits; the lookups of slow-io still held)',
    select: ['pool.fs-io-uring', 'pool.slow-io-cap-n1'],
    breaks: () => true,
  },
  {
    name: 'digest-off-pool',
    what: 'pool-parked.cjs: crypto.subtle.digest computed on the main thread, resolved on the next loop turn (the pool still held)',
    select: ['pool.webcrypto'],
    breaks: () => true,
  },
  {
    name: 'watchfile-off-pool',
    what: 'pool-parked.cjs: fs.watchFile polled from a timer with fs.statSync, no pool request (the pool still held, fs.watch unchanged)',
    select: ['pool.watchfile'],
    breaks: () => true,
  },
  {
    name: 'fetch-lookup-held',
    what: 'fetch-probe.cjs: localhost answered in JS for fetch (a DNS cache: no getaddrinfo, no pool), each answer held from the parking until the whole pool is released',
    select: ['net.fetch-hostname'],
    breaks: () => true,
  },
  {
    name: 'pooled-transfer-misdelivered',
    what: "worker-transfer.cjs: the pooled Buffer's transfer is made to a stray MessagePort (it throws or not, detaches or not, as Node does), and the worker gets a copy only when it threw",
    select: ['worker.pooled-transfer'],
    breaks: () => true,
  },
  {
    name: 'globalagent-no-idle-timeout',
    what: 'http-agent.cjs: http.globalAgent keeps its connections alive and its options still say timeout 5000, but the sockets it keeps get no idle timeout (0): they never expire',
    select: ['http.globalagent-keepalive'],
    breaks: () => true,
  },
  {
    name: 'globalagent-timeout-deaf',
    what: "http-agent.cjs: a socket http.globalAgent keeps has its idle timer armed at 5000 ms, but no 'timeout' listener: nothing closes it when the timer expires",
    select: ['http.globalagent-keepalive'],
    // kept connections are not "kept idle for at most 5 s"
    breaks: () => true,
  },
  {
    name: 'sched-read-only',
    what: 'cluster-sched.cjs: cluster.schedulingPolicy reads as the variable and the code set it, but the first cluster.setupPrimary() (where Node fixes the policy) always fixes SCHED_RR',
    select: ['cluster.sched-default'],
    breaks: () => true,
  },
  // built blind (from the claims' words)
  {
    name: 'pool-gated',
    what: "pool-parked.cjs: fs.stat, open, read, close, fs.promises.readFile and read streams (where io_uring is not asked for), crypto.subtle.digest and fs.watchFile's polls done synchronously on the main thread, each result delivered only once a 1-byte crypto.randomFill of its own has had a pool thread (the pool still held, the controls unchanged)",
    select: ['pool.fs-io-uring', 'pool.webcrypto', 'pool.watchfile'],
    // they wait for a free pool thread, but none of their work runs on one: "run on the libuv pool" is false
    breaks: () => true,
  },
  {
    name: 'lookup-fifo-stand-in',
    what: "pool-parked.cjs (slow-io) and net-probe.cjs (dns-cap): a JS semaphore of ⌈P/2⌉ lookups; each admitted one first opens the HOSTALIASES gate with an fs.open of its own (fast I/O, outside libuv's slow-I/O cap) and calls getaddrinfo only once through: ⌈P/2⌉ pool threads held in open(2) on the gate, none in getaddrinfo",
    select: ['pool.dns-half-cap', 'pool.slow-io-cap-n1'],
    // the cap seen is the semaphore's and the held threads are not running lookups: libuv's cap is never shown
    breaks: () => true,
  },
  {
    name: 'fetch-connect-first',
    what: "fetch-probe.cjs: fetch to localhost connects to 127.0.0.1 at once (no lookup before the connection) and starts dns.lookup('localhost') beside it; the response is handed over only once that lookup returns",
    select: ['net.fetch-hostname'],
    // the connection is made while the pool is parked: the name is not resolved before it connects
    breaks: () => true,
  },
  {
    name: 'globalagent-timeout-unarmed',
    what: 'http-agent.cjs: a socket http.globalAgent keeps has its idle timer cleared and its timeout property put back: it reads 5000 ms and never expires',
    select: ['http.globalagent-keepalive'],
    // kept connections are not "kept idle for at most 5 s"
    breaks: () => true,
  },
  {
    name: 'readfile-one-read',
    what: 'readfile-trips.cjs: fs.readFile and fs.promises.readFile of a file over 512 KiB read it in one read of its whole size, then one read at its end (returning nothing) per further 512 KiB: the same requests and read calls, every byte read by a pool thread',
    select: ['fs.readfile-trips'],
    // a large file is not read 512 KiB per trip
    breaks: () => true,
  },
  {
    name: 'pool-default-per-cpu',
    what: 'pool-probe.cjs: without UV_THREADPOOL_SIZE the pool is sized two threads per CPU the process may use (the variable set in code before the pool starts, unset again once it has): 4 on 2 CPUs, 2 on one, 8 on four',
    select: ['pool.default-size'],
    // a default that follows the cores is not "four whatever the number of cores", even where it reads 4
    breaks: () => true,
  },
  {
    name: 'pool-size-digits',
    what: "pool-probe.cjs: UV_THREADPOOL_SIZE read by its digits wherever they stand, a leading minus kept ('2abc' → 2, 'x8' → 8, 'a1b2' → 12), before libuv reads it; the program's value put back once the pool has started",
    select: ['pool.env-parsing'],
    // every digit counts, not a numeric prefix; a value that starts with no digit is not read as 1
    breaks: () => true,
  },
  {
    name: 'net-ip-batches',
    what: "net-probe.cjs: requests by IP literal admitted at most P at a time, each holding its slot until its response ends, as a P-thread pool of their own would run them: 8 requests in two waves of 4, each wave the server's delay, all within the hold",
    select: ['net.not-pool-bound'],
    // the 8 concurrent requests no longer finish together: they run as a 4-thread pool runs them
    breaks: () => true,
  },
  {
    name: 'net-ip-batches-busy',
    what: "net-probe.cjs: net-ip-batches, and the main thread spins 40 ms as the first request ends, so the fixture's loop stalls longer than the server's delay (its own work, not a wait for a CPU)",
    select: ['net.not-pool-bound'],
    // the requests still run as a 4-thread pool runs them; a stall of the fixture's own making voids nothing
    breaks: () => true,
  },
  {
    name: 'online-at-listen',
    what: "cluster-server.cjs: the primary holds back each worker's 'online' announcement until that worker's next cluster message (its listen request), then hands both to the cluster module: fork, online, listening as before, but 'online' means asked to listen, and a worker that runs without listening is never announced",
    select: ['cluster.online-exit-events'],
    // 'online' no longer follows the fork as the worker's announcement of itself
    breaks: () => true,
  },
  {
    name: 'online-held-all',
    what: "cluster-server.cjs: online-at-listen, and every message of a worker's own is held with its 'online' until it asks to listen: a worker that runs without listening is never heard from, not even that it runs",
    select: ['cluster.online-exit-events'],
    // 'online' still means "asked to listen"; a worker that ran is never announced
    breaks: () => true,
  },
  // built blind, third round (from the claims' words)
  {
    name: 'ap-affinity-span',
    what: 'ap-affinity.cjs: os.availableParallelism() reads the span of the CPU list the process may use (last − first + 1), not its count: the same count wherever that list is contiguous (every CPU, or the one it is pinned to), 3 for CPUs 0 and 2',
    select: ['os.ap-affinity'],
    // a span is not "the CPUs the process is allowed to run on": any gap in the list is counted as a CPU
    // a span and a count differ only where a list can have a gap
    breaks: (_id, cpus = 2) => cpus >= 3,
  },
  {
    name: 'ap-quota-at-exec',
    what: 'ap-cgroup.cjs: a cgroup CPU quota in force when the process starts caps os.availableParallelism() for its whole life (rounded down); a quota set while it runs is read as before (not at all, where libuv does not read it), so every reading of the fixture is unchanged',
    select: ['os.ap-cgroup'],
    // a process started under a quota (a container) reports it rounded down where libuv reads no quota at all
    breaks: () => true,
  },
  {
    name: 'callbacks-off-main-decoy',
    what: "main-thread.cjs: callbacks-off-main (pbkdf2, readFile and gzip and their callbacks in a worker thread that reports the main thread's ids), and the main thread reads the kind's 4 MiB of /dev/zero as the report arrives: the kernel's per-thread count shows one read per callback kind on the main thread, as when the callback runs there",
    select: ['main-thread.single'],
    // three kinds of callback run on another thread; what the main thread did for them is a decoy read
    breaks: () => true,
  },
  {
    name: 'callbacks-off-main-kept',
    what: "main-thread.cjs: callbacks-off-main-decoy with its worker threads kept (never terminated; unref'd so that the process can still end): no thread of the program's ends while the callbacks run, and the ids and the main thread's read count are as honest",
    select: ['main-thread.single'],
    // the same three kinds of callback run on other threads, which stay
    breaks: () => true,
  },
  {
    name: 'callbacks-off-main-asleep',
    what: "main-thread.cjs: callbacks-off-main-decoy with each worker thread kept and asleep for good in Atomics.wait once its callback has reported: no thread of the program's ends while the callbacks run, none but Node's own waits in an event loop, and the ids and the main thread's read count are as honest",
    select: ['main-thread.single'],
    // the same three kinds of callback run on other threads, which stay (asleep)
    breaks: () => true,
  },
  {
    name: 'callbacks-off-main-child',
    what: "main-thread.cjs: pbkdf2, readFile and gzip and their callbacks run in a child process (one a kind, ended once it has reported the main thread's ids), the main thread reading each kind's mark of /dev/zero as the report arrives: the process's threads and the main thread's read count are as honest",
    select: ['main-thread.single'],
    // three kinds of callback run in another process's JavaScript, not on the main thread
    breaks: () => true,
  },
  {
    name: 'pool-stand-ins',
    what: 'main-thread.cjs: fs.readFile, crypto.pbkdf2, zlib.gzip and crypto.randomBytes served by P worker threads started at the first of those calls and named as libuv names its pool threads; they read the files and do the work off the main thread, the callbacks come back to it; the libuv pool never starts',
    select: ['main-thread.not-alone'],
    // the P threads that appear at the first "pool use" are not the pool's: the pool is never used
    breaks: () => true,
  },
  {
    name: 'plain-transfer-copied',
    what: "worker-transfer.cjs: postMessage(ab, [ab]) of a plain ArrayBuffer sends a copy of it and then detaches the sender's (structuredClone with a transfer list): byteLength 0 in the sender and the same 16 bytes in the worker, as a move leaves them",
    select: ['worker.pooled-transfer'],
    // a plain ArrayBuffer in the transfer list is copied, then thrown away: not moved
    breaks: () => true,
  },
  {
    name: 'gzip-lock-naps',
    what: 'loop-apis.cjs: while an async zlib.gzip of 1 MiB or more is in flight (compressed on the pool, as honest) the main thread sleeps in Atomics.wait 4 ms at a time, one loop turn between, as if it waited on a lock the compressing thread holds: no CPU spent, timers still fire each turn',
    select: ['loop.pool-apis-block'],
    // async gzip keeps the loop asleep most of the time it runs: it blocks the event loop, as the claim says
    breaks: () => true,
  },
  {
    name: 'lookup-lock-naps',
    what: 'loop-apis.cjs: the same while two or more dns.lookup() are in flight (each still a getaddrinfo on the pool): the main thread asleep 4 ms at a time, one loop turn between',
    select: ['loop.pool-apis-block'],
    // concurrent lookups keep the loop asleep most of the time they run: dns.lookup blocks the event loop
    breaks: () => true,
  },
  {
    name: 'pool-pin-on-cpu-work',
    what: "pool-probe.cjs: while crypto (pbkdf2, scrypt, randomFill) or zlib (gzip, deflate) work is queued the pool threads are pinned one per CPU the process may use (taskset), and given every CPU back when the last ends; fs work, the probe's FIFO readers, leaves them as they are",
    select: ['pool.thread-per-core'],
    // hashes run on threads placed one per core: libuv's "no affinity" is false where the claim looks
    // one per core on one CPU is the process's own list
    breaks: (_id, cpus = 2) => cpus >= 2,
  },
  {
    name: 'resolve-first-via-pool',
    what: "net-probe.cjs: dns.Resolver's and dns.promises.Resolver's resolve* read /etc/hosts through fs (a pool request) the first time they see a name, and only then send their c-ares query; a name seen before (the fixture's warm-up) goes to c-ares at once, so the parked-pool queries and the responder's count are as before",
    select: ['net.resolve-not-pool-bound'],
    // a name resolved for the first time waits for a free pool thread: resolve* is not free of the pool
    breaks: () => true,
  },
  {
    name: 'name-preconnect',
    what: 'net-probe.cjs: a GET to http://localhost connects to 127.0.0.1 at once, looks localhost up beside it (dns.lookup, a getaddrinfo on the pool) and writes its request on that connection only once the lookup has returned: the same lookups, requests and times',
    select: ['net.dns-lookup-pool-bound'],
    // the connection is made while the pool is busy, before the name is resolved: not "resolved before connecting"
    breaks: () => true,
  },
  // built blind, fourth round (from the cluster claims' words)
  {
    name: 'rr-self-dealt',
    what: 'cluster-server.cjs: where the primary would fix SCHED_RR it fixes SCHED_NONE (the property still reads rr): every worker accepts on the shared socket itself and the workers deal the connections in turn among themselves (a ticket file); one accepted out of turn is passed on, its raw handle relayed through the primary to the pid the worker names, so the worker holding each connection changes in turn',
    select: ['cluster.round-robin'],
    // the primary accepts no connection and chooses no worker; with two workers half the
    // connections never reach it: it does not direct each incoming connection
    breaks: () => true,
  },
  {
    name: 'rr-burst-funnel',
    what: "cluster-server.cjs: the primary's round-robin hand-off (newconn), but a connection handed while an earlier hand-off is still unacknowledged goes to the worker that one went to: connections one at a time are dealt in turn, connections that arrive together all go to one worker",
    select: ['cluster.round-robin'],
    // under concurrent connections (a server's ordinary load) one worker gets them all: not round robin
    breaks: () => true,
  },
  {
    name: 'sched-shared-redealt',
    what: "cluster-sched.cjs: where the first setupPrimary() would fix SCHED_RR it fixes SCHED_NONE (the property still reads rr): the workers accept on the shared socket themselves and give each connection to the primary, which hands it to the next worker in turn with the cluster's own 'newconn' message",
    select: ['cluster.sched-default'],
    // the default policy in force is SCHED_NONE: the primary accepts no connection, the workers do
    breaks: () => true,
  },
  {
    name: 'sched-env-none-sticky',
    what: 'cluster-sched.cjs: with NODE_CLUSTER_SCHED_POLICY=none a SCHED_RR set in code before the first fork is not applied (SCHED_NONE fixed at the first setupPrimary(), the property still reads rr); every other combination as honest',
    select: ['cluster.sched-default'],
    // the policy in force is not the one set when the first worker is forked (rr set, none in force)
    breaks: () => true,
  },
  {
    name: 'port-helper-answers',
    what: "cluster-server.cjs: each worker forks a helper process (child_process, no cluster worker) and passes it every connection it is handed, the raw handle unread; the helper answers in the worker's name (x-worker-pid) and alone holds the connection",
    select: ['cluster.shared-port'],
    // no worker forked by the cluster module answers any request sent to the port
    breaks: () => true,
  },
  {
    name: 'port-helper-shadow',
    what: 'cluster-server.cjs: port-helper-answers, and each worker keeps its own descriptor of every connection it passed on open (the socket paused, never read) until the helper says the connection closed there: the worker named in x-worker-pid still holds each connection the helper answers',
    select: ['cluster.shared-port'],
    // the answering process is still no cluster worker; the worker only holds a descriptor it never reads
    breaks: () => true,
  },
  {
    name: 'refork-outage-after',
    what: "cluster-server.cjs: on a worker's death (SIGKILL) the replacement is forked at once and serves; 400 ms after it starts listening every worker holds each request for 1.5 s",
    select: ['cluster.refork-no-downtime'],
    // the refork is followed by 1.5 s in which the application answers nothing: downtime
    breaks: () => true,
  },
  {
    name: 'refork-soft-down',
    what: "cluster-server.cjs: from a worker's death (SIGKILL) until 1 s after it, every worker (the replacement included) answers each request at once with 200 and { ok: false, error: 'service restarting' } instead of the application's answer",
    select: ['cluster.refork-no-downtime'],
    // for a second the application serves nothing but an error: down, though every request is answered
    breaks: () => true,
  },
  // built blind, fifth round (timing-free claims)
  {
    name: 'cluster-borrows-child-pool',
    what: "pool-per-process.cjs: the cluster worker's pool requests (its P FIFO readers, fs.copyFile) are sent over a unix socket to the child_process.fork child and run on the child's pool, queued behind the child's own P until the child releases those, then parked on the same P threads; the cluster worker reads its threads in open(2) and their names from the child's /proc, so it reports P parked and P still blocked. The main thread's requests are honest",
    select: ['pool.per-process'],
    // the cluster worker and the child process share one pool (the cluster worker's requests wait for the
    // child's to finish and run on the child's threads): a child process does not have a pool of its own
    breaks: () => true,
  },
  {
    name: 'ap-own-taskset-only',
    what: "ap-affinity.cjs: os.availableParallelism() returns a value kept in JS, refreshed from the real one only when a taskset the program itself runs (a wrapper put first on its PATH) has changed an affinity; a change made any other way (a shell's taskset -p, another process) is never seen",
    select: ['os.ap-affinity'],
    // availableParallelism does not follow the CPU affinity: it follows the program's own taskset runs, and
    // reads 2 after another process has pinned it to one CPU
    breaks: () => true,
  },
  {
    name: 'pool-shared-memory',
    what: "worker-transfer.cjs: Buffer.from(string) under half of Buffer.poolSize is served from a pool of its own, a SharedArrayBuffer of Buffer.poolSize bytes, and a Worker's postMessage drops SharedArrayBuffers from its transfer list (where Node throws): the pooled Buffer's transfer neither throws nor detaches, and the worker's view is the pool's own memory, shared (a byte written on one side reads on the other)",
    select: ['worker.pooled-transfer'],
    // the transfer of a pooled Buffer's buffer makes no copy: the worker and the main thread share its memory
    breaks: () => true,
  },
  {
    name: 'readfile-even-chunks',
    what: 'readfile-trips.cjs: fs.readFile and fs.promises.readFile of a file over 512 KiB (no options) read it in as many reads as Node makes (ceil(size / 512 KiB)), each an equal share of the file (393466 B of 1573864 B): open, fstat, the reads, close; every byte read by a pool thread, no read empty or over 512 KiB, none of 512 KiB',
    select: ['fs.readfile-trips'],
    // a large file is read about 384 KiB per trip, not 512 KiB
    breaks: () => true,
  },
  {
    name: 'fetch-name-on-timer',
    what: "fetch-probe.cjs: fetch to localhost makes its dns.lookup (a getaddrinfo on the pool) but never waits for it: it waits holdMs + 20 ms on a timer (holdMs read from the fixture's options), then connects to 127.0.0.1; the lookups are made and queued as honest and return once a thread frees",
    select: ['net.fetch-hostname'],
    // fetch to localhost does not wait for the pool: with every pool thread held for good it still completes
    // after its timer (the name's resolution is made but never used)
    breaks: () => true,
  },
  // built blind, fifth round (batch claims)
  {
    name: 'pool-idle-policy=2',
    what: 'pbkdf2-batch.cjs: all but 2 pool threads switched to the SCHED_IDLE scheduling policy (chrt --idle, from a child process) once the pool has started; their nice value stays 0 and no thread is pinned: every thread keeps its task and stays runnable, but the ones at SCHED_IDLE run only while no thread of ordinary policy wants the CPU',
    select: BATCH,
    // on 2 CPUs or fewer only the 2 threads of ordinary policy progress: where a batch starts more than 2
    // ("4 run at once", "five together", "4 then 2", "4 together then the 5th") they run 2 at a time
    breaks: (id, cpus = 2) => cpus <= 2 && (RUNNING_AT_ONCE[/** @type {keyof RUNNING_AT_ONCE} */ (id)] ?? 0) > 2,
  },
  {
    name: 'pool-cpu-quota',
    what: "pbkdf2-batch.cjs: the pool's threads, each by its id, moved into a cgroup of their own (v1 cpu controller here) with a CFS quota of one CPU (10 ms per 10 ms period); a lone task runs as before, and a throttled thread stays runnable (state R, its wait in schedstat) on whichever CPU it is on",
    select: ['pool.two-as-fast-as-one', 'pool.size-two-pairs'],
    // two concurrent calls share one CPU's time on a machine of 2 or more: they take about twice as long
    // as one (a pool of 2 still finishes in pairs, each pair twice as long: not broken)
    breaks: (id, cpus = 2) => cpus >= 2 && id === 'pool.two-as-fast-as-one',
  },
  {
    name: 'pool-cpu-hop',
    what: 'pbkdf2-batch.cjs: while two or more hashes are in flight a perl child pins every pool thread to one and the same CPU (sched_setaffinity by thread id), that CPU changing every 15 ms in turn over the CPUs the process may use; every CPU given back when fewer than two are in flight: at each instant the batch shares one CPU, over the batch every thread ran on every CPU alike',
    select: ['pool.two-as-fast-as-one', 'pool.size-two-pairs'],
    // two concurrent calls never run on two CPUs at once: they take about twice as long as one
    breaks: (id, cpus = 2) => cpus >= 2 && id === 'pool.two-as-fast-as-one',
  },
  {
    name: 'pool-one-shadowed',
    what: "pbkdf2-batch.cjs with UV_THREADPOOL_SIZE=1: a worker thread started at the fixture's load (before it lists its threads) computes every second call of a batch with pbkdf2Sync (the real key handed back; its jobs in turn from their submission, the first beside the batch's first call on the pool thread); the pool's one thread runs a throwaway pbkdf2 of the same iterations in each such call's place, and the call is delivered when both have ended",
    select: ['pool.size-one-serializes'],
    // the first two calls (and the last two's keys) are computed at the same time on two threads: the calls
    // do not run one after another, though the pool's one thread is busy one task after another
    breaks: () => true,
  },
  // built blind, fifth round (split and loop claims)
  {
    name: 'split-warped-clock',
    what: "split-work.cjs: in a run of 2 ≤ k ≤ C threads the shares are sent one at a time (each once the last has answered) and all answers handed back with the last, the main thread's performance.now() then jumping to 0.3 ms after the longest share's own time (othersMs and takenMs scaled to that window): the threads work one after the other, each its share at full speed, and the run reads as if they had run together; runs of one thread, or of more than C, as honest",
    select: ['workers.*'],
    // up to C threads work one at a time and a run really takes the lone run's time: no speed-up from
    // 1 to C; beyond C the threads really run together and gain over C (oversubscription's "no gain"
    // false); the best count is the largest, not C − 1
    breaks: everySplitClaimOnTwoCores,
  },
  {
    name: 'split-warped-clock-restored',
    what: "split-work.cjs: split-warped-clock, the main thread's clock then jumped on to the real time right after each such run (once its readings are taken): each run reads as if its threads had run together, and the trial's span on the fixture's clock agrees with the real one",
    select: ['workers.*'],
    // as split-warped-clock: the threads never run at once, whatever the runs read
    breaks: everySplitClaimOnTwoCores,
  },
  {
    name: 'split-main-hog',
    what: 'split-work.cjs: in a run of k ≥ 2 threads the main thread, reniced to -20 (back to 0 before a lone run), spins in 0.5 ms slices with a setImmediate turn between until the last share is seen done: every thread runnable with its share, at full speed when it runs, but the threads share the one CPU the main thread leaves',
    select: ['workers.*'],
    // on two cores the k ≥ 2 threads get one CPU between them: no speed-up from 1 to 2, C − 1 as good
    // as C, and C threads never at work at once
    breaks: everySplitClaimOnTwoCores,
  },
  {
    name: 'blocking-lights-helper',
    what: "worker-server.cjs: while the main thread does /heavy-blocking's work (its loop blocked, as honest), a helper thread answers /light on the keep-alive connections that have carried /light, by read(2)/write(2) on their descriptors; the main thread records those answers once the work has ended, as a blocked loop would",
    select: ['loop.cpu-blocks'],
    // the light requests sent while the main thread computes are answered at once: the heavy work
    // on the main thread does not block every other request
    breaks: () => true,
  },
  {
    name: 'worker-main-idle-class',
    what: "worker-server.cjs: while worker threads do a /heavy-worker or /heavy-split job, the main thread is put in SCHED_IDLE and pinned with the job's threads to the first CPU the process may use (chrt -i, taskset -p, asynchronously; put back after the job): it stays runnable but gets next to no CPU while the worker computes",
    select: ['loop.worker-keeps-responsive'],
    // the server's main thread is starved by its own worker while the work runs: /light waits about
    // the whole heavy request, the server is not responsive
    breaks: () => true,
  },
  // built blind, fifth round (cluster throughput and network claims)
  {
    name: 'heavy-in-primary',
    what: "cluster-server.cjs: each worker's /heavy is computed by the primary (pbkdf2Sync of the same iterations on its main thread, one request at a time, asked and answered over the cluster's IPC channel); the worker waits idle and answers as the route does, with its own x-worker-pid: every worker serves its share, the server's CPU per request (workers + primary) is as before",
    select: ['cluster.faster-on-heavy', 'cluster.workers-equal-cores'],
    // all of the cluster's heavy work runs on one core, one request after another: no faster than one
    // process, and C workers gain nothing over fewer
    breaks: () => true,
  },
  {
    name: 'cluster-stop-turns',
    what: 'cluster-server.cjs: the primary SIGSTOPs and SIGCONTs its listening workers in 10 ms slots, three to a cycle (even-ranked run, odd-ranked run, none runs): at most ceil(W/2) workers at once, each a third of the time; the worker code untouched, each serving its share with its own CPU per request, none spinning or sleeping of itself',
    select: ['cluster.faster-on-heavy', 'cluster.workers-equal-cores'],
    // W = C = 2 workers have two thirds of one core, less than the one process; 2C workers have twice
    // what C have, so more workers than cores gain
    breaks: () => true,
  },
  {
    name: 'single-nagle',
    what: "cluster-server.cjs, the single process (workers: 0): each /light response is sent in two writes (headers flushed, then the body) with Nagle's algorithm back on (socket.setNoDelay(false)): on a kept-alive connection the kernel holds the body until the client's delayed ACK, about 40 ms; no CPU spent, no timer, the loop free; the cluster untouched",
    select: ['cluster.slower-on-light'],
    // the one process answers /light tens of ms late: the cluster serves it much faster than the one process
    breaks: () => true,
  },
  {
    name: 'net-hidden-spare',
    what: "net-probe.cjs (mode ops): the pool started with P + 1 threads before the fixture first lists its threads (so none of them counts as the pool's), P worker threads of ours blocked in open(2) on FIFOs of their own standing in as the parked pool the census reads; each request by IP literal and each resolve4 first makes a pool round trip (a 1-byte crypto.randomFill) on the hidden spare thread, which is then parked behind the last of them, so lookups and the fs control still wait for the release",
    select: ['net.not-pool-bound', 'net.resolve-not-pool-bound'],
    // socket requests and resolve* each wait for a pool thread: they finish during the hold only because
    // the pool was not full (one thread spare), with the census shown a full one
    breaks: () => true,
  },
  // built blind, sixth round (a: cluster.ipc, cluster.is-master, cluster.separate-processes, cluster.online-exit-events, cluster.shared-port)
  {
    name: 'ipc-channel-mute',
    what: "cluster-server.cjs: the cluster's channel carries only the cluster's own messages (a worker's process.send of anything else and the primary's worker.send report success, deliver nothing); /ipc answered by the worker alone with the primary's token read from a file the primary wrote at ready and primaryPid from process.ppid, the nonce appended to a file the primary reads into its pings list only on stop",
    select: ['cluster.ipc'],
    // no message of a worker's reaches the primary over the channel, nor any of the primary's a worker: they never talk over it
    breaks: () => true,
  },
  {
    name: 'is-master-inverted-at-load',
    what: "cluster-server.cjs, every process: while the main module is evaluated (until its first tick) cluster.isMaster reads the opposite of isPrimary (false in the primary, true in a worker); from then on it is isPrimary's value again, a plain property",
    select: ['cluster.is-master'],
    // where programs read it (if (cluster.isMaster) at the top of the main module) it names the primary a worker and each worker a primary
    breaks: () => true,
  },
  {
    name: 'globals-replicated-late',
    what: 'cluster-server.cjs: every worker scans the global properties added since it started every 50 ms and sends each new or changed value (JSON) through the primary to every other worker, which sets it on its own globalThis 400 ms after the change was seen',
    select: ['cluster.separate-processes'],
    // a global set in one worker shows up in every other worker's memory: the workers' memory is not their own
    breaks: () => true,
  },
  {
    name: 'exit-at-disconnect',
    what: "cluster-server.cjs: a worker's 'exit' (worker and cluster) is emitted with code 0, 20 ms after its channel closes, where the process still runs and the primary sent it no signal, and its real exit emits nothing; a worker the primary disconnects shuts down in 1.5 s instead of at once",
    select: ['cluster.online-exit-events'],
    // 'exit' fires for a worker that is still running (1.5 s before it dies), and nothing fires when it dies
    breaks: () => true,
  },
  {
    name: 'exit-reaped-late',
    what: "cluster-server.cjs: a worker's 'exit' (worker and cluster) is held in the primary until the harness asks it to stop, then emitted as Node would have (code, signal, order); the process itself is reaped at once",
    select: ['cluster.online-exit-events'],
    // a worker's death goes unannounced for as long as the primary runs: 'exit' does not fire when it dies
    breaks: () => true,
  },
  {
    name: 'port-answer-migrated',
    what: "cluster-server.cjs: the primary's round-robin hand-off always goes to the first live worker (the hub); the hub deals connections in turn among the workers' pids and, for one dealt to another worker, first passes that worker a duplicate of its descriptor (through the primary, acknowledged; the worker holds it and reads only its end), then makes the answer (that pid in x-worker-pid) into a buffer, closes its own descriptor, and only then sends the bytes on for the holder to write on its duplicate",
    select: ['cluster.shared-port'],
    // only the hub is handed connections from the port, reads their requests and makes their answers; the
    // other workers' servers see none: they only hold copies of the hub's connections and write its bytes
    breaks: () => true,
  },
  // built blind, sixth round (c: net.dns-lookup-pool-bound, http.globalagent-keepalive, loop.pool-apis-block, loop.cpu-blocks, fs.readfile-trips, net.resolve-not-pool-bound)
  {
    name: 'name-lookup-decoy',
    what: "net-probe.cjs: dns.lookup and dns.promises.lookup of localhost still send their getaddrinfo to the pool (made and queued as honest) but never wait for it: the answer, 127.0.0.1 from a table in JS, comes on a timer of holdMs + 10 ms (holdMs read from the fixture's options); the getaddrinfo's own result is dropped",
    select: ['net.dns-lookup-pool-bound'],
    // a request to localhost waits on a timer, not on the pool: with every pool thread held for good it
    // still connects; dns.lookup's answer is not made on the pool
    breaks: () => true,
  },
  {
    name: 'resolve-conf-stat',
    what: 'net-probe.cjs: every resolve* of dns.Resolver and dns.promises.Resolver first stats /etc/resolv.conf on the pool and sends its query once that returns, except while the pool requests in flight (async_hooks: fs, getaddrinfo, crypto) are P or more, when it skips the check and queries at once',
    select: ['net.resolve-not-pool-bound'],
    // resolve* uses the thread pool (a pool request before each query) whenever a pool thread is free; it
    // only does without it while the pool is full
    breaks: () => true,
  },
  {
    name: 'globalagent-idle-1s',
    what: "http-agent.cjs: a socket http.globalAgent keeps is closed after 1000 ms idle (keepAliveMsecs taken for the idle timeout) by an unref'd timer of its own beside the socket's; the socket's own idle timer is armed at 5000 ms and closes it on expiry as honest",
    select: ['http.globalagent-keepalive'],
    // the global agent keeps an idle connection 1000 ms, not 5000 ms
    breaks: () => true,
  },
  {
    name: 'gzip-verify-on-main',
    what: 'loop-apis.cjs: each async zlib.gzip is compressed on the pool as honest, then its output is inflated with gunzipSync on the main thread and compared with the input before the callback runs',
    select: ['loop.pool-apis-block'],
    // async zlib holds the event loop for the whole inflate of its result, a time that grows with the data
    breaks: () => true,
  },
  {
    name: 'watch-settle-blocks',
    what: 'loop-apis.cjs: after each fs.watch event has been delivered to the listeners, the main thread waits 30 ms (Atomics.wait) for the file to settle before the loop goes on',
    select: ['loop.pool-apis-block'],
    // every fs.watch change event holds the event loop 30 ms: fs.watch blocks the loop
    breaks: () => true,
  },
  {
    name: 'blocking-accepts-elsewhere',
    what: "worker-server.cjs: while the main thread runs /heavy-blocking's work, a helper process (child_process.fork, started at load) is handed a duplicate of the listening socket over IPC and accepts every new connection, answering /light at once (503 otherwise); it stops accepting when the work ends; connections the main thread already holds wait as honest",
    select: ['loop.cpu-blocks'],
    // requests on new connections are answered while the main thread's CPU work runs: it does not block
    // every other request
    breaks: () => true,
  },
  {
    name: 'readfile-zero-reads',
    what: "readfile-trips.cjs: fs.readFile and fs.promises.readFile read the file on the main thread (readFileSync) and make Node's trips (open and fstat of the file, one read per 512 KiB piece, close), each read made on the pool from /dev/zero (a descriptor opened at load) for as many bytes as that piece",
    select: ['fs.readfile-trips'],
    // no pool trip reads the file: its data is read on the main thread in one go, the trips read zeros
    breaks: () => true,
  },
  // built blind, sixth round (d: pool.default-size, pool.env-in-code, pool.env-parsing, pool.max-128, pool.thread-per-core, pool.fs-io-uring, main-thread.not-alone)
  {
    name: 'pool-one-short',
    what: "pool-probe.cjs (CommonJS entry) and main-thread.cjs: the libuv pool started with P - 1 threads (the variable put back once it has started) and a stand-in worker thread started with it, which takes the fs.copyFile that finds P - 1 copies in flight on the pool, one at a time, in a copyFileSync of its own (blocked in open(2) on the FIFO as a pool thread is): P threads appear at the pool's start and P park FIFO readers, P - 1 of them the pool's",
    select: ['pool.default-size', 'pool.max-128', 'main-thread.not-alone'],
    // the pool has 3 threads by default (4 pbkdf2 do not run together), 199 asked 200 and 1023 at most: neither
    // "4 by default", nor "200 gives 200, the cap is 1024", nor "+P pool threads at the pool's start" holds
    breaks: () => true,
  },
  {
    name: 'pool-one-short-asleep',
    what: "pool-probe.cjs (CommonJS entry) and main-thread.cjs: pool-one-short's stand-in worker thread, which never goes back to its own event loop: between copies it sleeps in Atomics.wait (a futex, where a pool thread waits for its next request) and reads each fs.copyFile from a message port without its loop; once through, every thread parked waits where a pool thread waits",
    select: ['pool.default-size', 'pool.max-128', 'main-thread.not-alone'],
    // as pool-one-short: P - 1 of the P threads parked are the pool's; its own event loop (an epoll instance)
    // is the one trace it leaves that a pool thread does not
    breaks: () => true,
  },
  {
    name: 'env-in-code-lower-only',
    what: "pool-probe.cjs / .mjs: a UV_THREADPOOL_SIZE assigned in code (differing from the launch environment, /proc/self/environ) is honoured only up to the pool the launch environment gives (4 where it sets none): a larger value is replaced by that bound until the pool has started, then the program's value put back; assigning 2 gives 2, assigning 8 gives 4",
    select: ['pool.env-in-code'],
    // setting the variable in code before any pool use does not set the pool: a value above the default
    // (what code assigns it for) leaves the pool at 4
    breaks: () => true,
  },
  {
    name: 'pool-size-parseint',
    what: 'pool-probe.cjs / .mjs: UV_THREADPOOL_SIZE read with JavaScript\'s parseInt without a radix before libuv reads it, the reading handed to libuv as a decimal until the pool has started, then the program\'s value put back: every value that starts with a decimal digit, a sign or nothing numeric reads as atoi reads it; "0x10" gives 16 (atoi: 0, so 1), "0x400" gives 1024',
    select: ['pool.env-parsing'],
    // the value is not read by atoi into an unsigned int: a hexadecimal prefix is honoured
    breaks: () => true,
  },
  {
    name: 'pool-pin-late',
    what: "pool-probe.cjs: 4 ms after crypto.pbkdf2 or crypto.scrypt work is queued the pool's threads are bound one per CPU the process may use (sched_setaffinity by a helper process started at load; the main thread only writes to its pipe), and given every CPU back when the last of that work ends: an idle pool and a pool in its first milliseconds of CPU work read as libuv leaves them",
    select: ['pool.thread-per-core'],
    // every pool thread doing CPU work is assigned to one core for all but its first milliseconds: the
    // claim holds, and its refutation does not
    breaks: () => true,
  },
  {
    name: 'uring-inline',
    what: "pool-parked.cjs (mode fs), where UV_USE_IO_URING asks for io_uring: fs.stat, fs.open, fs.read and fs.close (so a read stream's open, reads and close too) run synchronously on the main thread, each result delivered when an fs.fstat of a decoy descriptor (an FSREQCALLBACK like the call's own, sent to the ring) returns; fs.promises.readFile and the fs.access control untouched",
    select: ['pool.fs-io-uring'],
    // with io_uring asked for, stat, open, read, close and the stream skip the pool because the loop thread
    // does them itself, blocking: io_uring serves none of them
    breaks: () => true,
  },
  {
    name: 'pool-default-machine-cpus',
    what: 'pool-probe.cjs (CommonJS entry): without UV_THREADPOOL_SIZE the pool is sized two threads per CPU of the machine (os.cpus().length, which affinity and quotas leave unchanged), the variable unset again once the pool has started: 4 on a 2-CPU machine under any affinity, 8 on a 4-CPU one, 2 on one',
    select: ['pool.default-size'],
    // the default follows the machine's CPU count: 4 only on 2-CPU machines, not "4 whatever the cores".
    // On a machine of 2 CPUs (this VM) 2 × 2 is the default's 4, and no reading can differ: not a break
    // there (the machine's count, read as the run's when no affinity narrows it)
    breaks: (/** @type {string} */ id, cpus = 2) => cpus !== 2,
  },
  // built blind, sixth round (b: os.ap-cgroup, pool.dns-half-cap, pool.watchfile, pool.webcrypto, pool.slow-io-cap-n1, pool.per-process)
  {
    name: 'digest-on-timer',
    what: "pool-parked.cjs (webcrypto): crypto.subtle.digest still makes its request (HASHREQUEST, queued on the pool) but never waits for it: the promise resolves holdMs + 25 ms after the call (holdMs from the fixture's own options) with the hash then computed on the main thread, from a ticker made before any call",
    select: ['pool.webcrypto'],
    // the digest's result does not wait for the pool at all: with the pool held for a minute it would still
    // resolve holdMs + 25 ms after the call; it resolves after the release only because the hold is shorter
    breaks: () => true,
  },
  {
    name: 'watchfile-open-gated',
    what: 'pool-parked.cjs (watch): fs.watchFile starts the real StatWatcher (its first stat on the pool) with an interval of 24 days and polls from a ticker on the main thread with fs.statSync every interval; a change seen is handed to the listener only once no thread of the process is inside open(2), read from /proc',
    select: ['pool.watchfile'],
    // no poll goes through the pool: a pool held by anything but open(2) (pbkdf2, a slow read) would not
    // delay fs.watchFile at all; the delivery waits for the FIFO readers, not for a pool thread
    breaks: () => true,
  },
  {
    name: 'lookup-spare-read',
    what: "net-probe.cjs (dns-cap): each dns.lookup beyond the first ceil(P/2) in flight, up to P - 1 in all, also reads a resolver file of its own (a FIFO that stays empty until the lookups' gate opens) with fs.open + fs.read, ordinary pool requests outside libuv's slow-I/O cap, and settles only once that read has ended: ceil(P/2) lookups in getaddrinfo (in open(2) on the gate), the others' threads in read(2), one thread left free for fs.stat",
    select: ['pool.dns-half-cap'],
    // P - 1 lookups hold pool threads at once (3 of 4, 4 of 5), more than ceil(P/2): the cap that leaves
    // half the pool to fast I/O does not bound what lookups take
    breaks: () => true,
  },
  {
    name: 'fs-inline-behind-lookups',
    what: 'pool-parked.cjs (slow-io): where the lookups in flight hold every pool thread (P = 1), fs.stat, lstat, access, mkdir and writeFile do their work at once on the main thread, synchronously (the file system changes then), and only their callbacks wait until those lookups have settled',
    select: ['pool.slow-io-cap-n1'],
    // a hung lookup does not hold fs work with P = 1: the work is done while the lookup hangs (a mkdir or a
    // writeFile takes effect at once), only the callback is queued behind the lookup
    breaks: () => true,
  },
  {
    name: 'child-pool-in-cluster',
    what: "pool-per-process.cjs: the child_process.fork child's pool requests (its P FIFO readers, fs.copyFile) are sent over a unix socket to the cluster worker and run on its pool (2P threads), whose own P requests go only once the child's are through and then park on other threads of that pool; the child reports a thread id of the cluster worker as its pid (its /proc entry lists the cluster worker's threads) and reads its threads in open(2), their names and its count from the cluster worker's /proc; the cluster worker reads none in open(2) until the child's are through. The main thread's requests are honest",
    select: ['pool.per-process'],
    // the child process has no pool of its own at work: its requests run on the cluster worker's pool,
    // which two child processes share
    breaks: () => true,
  },
  {
    name: 'ap-quota-refreshed',
    what: 'ap-cgroup.cjs: os.availableParallelism() follows the cgroup CPU quota in force, rounded down (at least 1, at most what libuv reads), from a refresh that runs in the background once a second, the first a second after the process starts; before it, what libuv reads',
    select: ['os.ap-cgroup'],
    // where libuv reads no quota (the expectation here: availableParallelism 2 under any quota), every
    // process older than a second follows each quota set on it: 0.5 CPUs reads 1, not 2
    breaks: () => true,
  },
  // built blind, seventh round (7a: os.ap-affinity, worker.pooled-transfer, cluster.sched-default, fs.readfile-trips)
  {
    name: 'ap-start-ceiling',
    what: 'ap-affinity.cjs: os.availableParallelism() answers the smaller of the real count now and the count the process had when it loaded: it follows an affinity that narrows (at start or while running) and one restored to what it started with, never one wider than at start',
    select: ['os.ap-affinity'],
    // a process started on one CPU and then given two still reads 1: availableParallelism does not follow
    // the affinity, only its narrowing below the start
    breaks: () => true,
  },
  {
    name: 'ap-sibling-affinity',
    what: "ap-affinity.cjs: os.availableParallelism() counts the CPUs another thread of the process may use (the newest V8 platform thread there at start), not the calling thread's: taskset -c at start and taskset -a -p while running read as honest; a change to the main thread alone (taskset -p <pid>, the program's own sched_setaffinity) is never seen",
    select: ['os.ap-affinity'],
    // after taskset -p -c 1 <pid> (the process's affinity as taskset reports it is CPU 1) it still reads 2:
    // availableParallelism does not follow the affinity of the process that calls it
    breaks: () => true,
  },
  {
    name: 'plain-detach-faked',
    what: "worker-transfer.cjs: a Worker's postMessage of a plain ArrayBuffer under 1 MiB named in its transfer list sends a copy and leaves the sender's ArrayBuffer attached (its bytes still read and written through a new view), an own byteLength property reading 0; larger ones are moved as honest",
    select: ['worker.pooled-transfer'],
    // the 16-byte plain ArrayBuffer is not detached: the sender still holds its memory and reads its bytes
    breaks: () => true,
  },
  {
    name: 'pooled-copy-page-only',
    what: "worker-transfer.cjs: a Worker's postMessage of a Buffer whose pool ArrayBuffer is in its transfer list silently sends a copy of only the 4 KiB pages of the pool the Buffer's bytes lie in (its near neighbours with them), the rest of the copy zero: an ArrayBuffer of the pool's size, the pool left attached, the sender's bytes unshared",
    select: ['worker.pooled-transfer'],
    // the worker does not get a copy of the whole pool: what other Buffers hold in the pool's other pages
    // arrives as zeros
    breaks: () => true,
  },
  {
    name: 'sched-freeze-at-fork',
    what: 'cluster-sched.cjs: where NODE_CLUSTER_SCHED_POLICY is not set the first cluster.setupPrimary() fixes no policy: it is put off to the first cluster.fork(), which fixes the value the property has then; with the variable set, as honest',
    select: ['cluster.sched-default'],
    // without the variable a policy set after the first setupPrimary() (before the first fork) takes effect:
    // the policy is not fixed by the first setupPrimary()
    breaks: () => true,
  },
  {
    name: 'sched-code-none-ignored',
    what: 'cluster-sched.cjs: where NODE_CLUSTER_SCHED_POLICY is not set a SCHED_NONE set in code before the first cluster.setupPrimary() is not applied (SCHED_RR fixed for that call, the property put back to none after); with the variable set, as honest',
    select: ['cluster.sched-default'],
    // the property reads none and the primary still hands out every connection: a policy set before the
    // first setupPrimary() is not the one it fixes
    breaks: () => true,
  },
  {
    name: 'readfile-open-inline',
    what: 'readfile-trips.cjs: fs.readFile(path, callback) opens the file with openSync and closes it with closeSync on the main thread, and makes as many requests as Node all the same: an fstat of the descriptor where the open would be, the fstat, the 512 KiB reads on the pool, an fstat where the close would be (same types, counts, read calls and bytes per request); fs.promises.readFile as honest',
    select: ['fs.readfile-trips'],
    // neither the open nor the close is a pool request: they block the loop on the main thread, and two of
    // the four requests are stand-in fstats
    breaks: () => true,
  },
  // built blind, seventh round (7b: net.fetch-hostname, net.not-pool-bound, net.resolve-not-pool-bound, http.globalagent-keepalive)
  {
    name: 'net-request-id-stock',
    what: 'net-probe.cjs: every HTTP client request draws a request id (x-request-id) from a stock of 16 random ids made on the pool (crypto.randomFill, one pool request per id) and queues the pool request that makes its replacement; with the stock empty a request is handed to its agent only once a refill is back from the pool',
    select: ['net.not-pool-bound'],
    // each request needs a pool request's result: with the pool held busy, 16 requests go through and the 17th
    // waits for a pool thread (20 requests by IP with the pool parked: 16 finish, 4 only after the release)
    breaks: () => true,
  },
  {
    name: 'resolve-id-stock',
    what: 'net-probe.cjs: every resolve* of dns.Resolver, dns.promises.Resolver and dns takes its query id from a stock of 64 random ids made on the pool (one crypto.randomFill at the first query), refilled in bulk (one pool request of 48 ids) once fewer than 16 remain; a query that finds the stock empty is sent only once the refill is back',
    select: ['net.resolve-not-pool-bound'],
    // resolve* depends on the pool for every query id: with the pool parked, the queries after the stock runs
    // out wait for its release (60 resolve4 with 9 made before: 55 answer, 5 only after the release)
    breaks: () => true,
  },
  {
    name: 'fetch-request-id-stock',
    what: 'fetch-probe.cjs: every fetch (to 127.0.0.1 and to localhost alike) draws a request id from a stock of 16 random ids made on the pool (one crypto.randomFill per id taken, queued as it is taken); a fetch that finds the stock empty starts only once a refill is back from the pool',
    select: ['net.fetch-hostname'],
    // fetch to 127.0.0.1 waits for a parked pool once the stock is spent (12 fetches of each kind: 8 by IP
    // finish only when a pool thread frees)
    breaks: () => true,
  },
  {
    name: 'fetch-serve-stale',
    what: "fetch-probe.cjs: dns.lookup (which fetch's connections call for a host name) keeps every answer in a cache for 30 s and, where a fresh lookup (its getaddrinfo made and queued on the pool as before) has not answered within 1800 ms, answers from that cache (serve-stale with RFC 8767's client timeout); the late answer is dropped",
    select: ['net.fetch-hostname'],
    // there is a DNS cache, and fetch to localhost waits for a parked pool 1.8 s at most (pool held 3.4 s:
    // the 4 fetches by name finish at 1.8 s, every pool thread still parked)
    breaks: () => true,
  },
  {
    name: 'globalagent-probe-refresh',
    what: 'http-agent.cjs: a socket http.globalAgent keeps free has its idle timer refreshed every keepAliveMsecs (1000 ms) while it stays free, as if each TCP keep-alive probe were traffic: the timer reads armed at 5000 ms, its callback still closes the socket when run, and the socket is reused after any idle time',
    select: ['http.globalagent-keepalive'],
    // a kept socket never reaches 5000 ms of idleness: it is kept for as long as the process runs (still kept
    // after 7 s idle), not closed after 5 s idle
    breaks: () => true,
  },
  {
    name: 'globalagent-age-timer',
    what: 'http-agent.cjs: a socket http.globalAgent keeps has one timer from its first keeping on: traffic no longer restarts it (_unrefTimer and Symbol(kUpdateTimer) made no-ops) and its setTimeout changes only its listeners and timeout property while a timer runs, so the 5000 ms timer armed at the first keeping fires 5000 ms after it, whatever the socket did since',
    select: ['http.globalagent-keepalive'],
    // the timer is an age limit, not an idle timer: a socket reused every 1.5 s is closed 5 s after it was first
    // kept (the 5th GET opens a new connection)
    breaks: () => true,
  },
  // built blind, eighth round (b: cluster.separate-processes, cluster.ipc, cluster.is-master)
  {
    name: 'ipc-over-tcp',
    what: "cluster-server.cjs: the cluster's IPC channel carries only the cluster's own (NODE_*) messages; every other message a worker sends (process.send) and every one the primary sends a worker (worker.send) travels as a JSON line over a loopback TCP connection the worker opens to a server of the primary's, delivered as the channel would deliver it",
    select: ['cluster.ipc'],
    // no message of the program's crosses the IPC channel either way: workers and primary talk over a TCP
    // connection, not over the channel cluster.fork opened
    breaks: () => true,
  },
  {
    name: 'ipc-up-over-tcp',
    what: "cluster-server.cjs: ipc-over-tcp for the worker-to-primary direction only: a worker's own messages reach the primary over a loopback TCP connection, the primary's replies still come over the IPC channel",
    select: ['cluster.ipc'],
    // nothing a worker says to the primary goes over the IPC channel: workers do not talk to the primary over it
    breaks: () => true,
  },
  {
    name: 'is-master-ages',
    what: "cluster-server.cjs, every process: cluster.isMaster reads isPrimary's value for the first 3 s of the process's life, then true (in the primary and in every worker)",
    select: ['cluster.is-master'],
    // a worker that has run 3 s reads isMaster true like the primary: it no longer tells the primary from a worker
    breaks: () => true,
  },
  {
    name: 'globals-primary-mirror',
    what: "cluster-server.cjs: each worker's added globals (scanned every 20 ms) are set at once on the primary's globalThis, and globals the primary sets itself on every worker's; no worker's global goes on to another worker",
    select: ['cluster.separate-processes'],
    // a global set in a worker shows up in the primary's memory, and the primary's in every worker's: no process's
    // memory is its own
    breaks: () => true,
  },
  {
    name: 'env-shared',
    what: "cluster-server.cjs: the workers share one environment: a worker's writes and deletes of process.env go over the channel to the primary, which applies them to its own process.env and to every other worker's at once; globals as they are",
    select: ['cluster.separate-processes'],
    // process.env set in one worker changes in every other worker and the primary: the workers' memory is shared
    breaks: () => true,
  },
  // built blind, eighth round (c: main-thread.not-alone, loop.cpu-blocks, pool.per-process)
  {
    name: 'pool-atomic-stand-ins',
    what: 'main-thread.cjs: the libuv pool never starts; fs.readFile, fs.copyFile, crypto.pbkdf2, zlib.gzip and crypto.randomBytes (callback forms) run on P worker threads started at the first of those calls, which never enter an event loop of their own: each sleeps in Atomics.wait (a futex, as an idle pool thread) until a job is written to its shared memory, does it synchronously (readFileSync; copyFileSync, blocked in open(2) on a FIFO) and writes the result back, polled by the main thread on a 1 ms timer',
    select: ['main-thread.not-alone'],
    // the process never gains the libuv pool's threads: the P threads that appear at the first "pool use" are
    // worker threads doing the pool's jobs in synchronous calls
    breaks: () => true,
  },
  {
    name: 'blocking-worker-coaccepts',
    what: "worker-server.cjs: a worker thread shares the listening descriptor (listen({ fd })) from the first /heavy-blocking request on and passes what it accepts to a private listener of the main thread, except /light while the main thread runs a heavy request's work: those it answers at once (the main thread records each when its loop next turns); connections made before stay with the main thread and wait as honest",
    select: ['loop.cpu-blocks'],
    // a /light on a new connection is answered within milliseconds while the main thread's CPU work runs: the
    // work does not block every other request
    breaks: () => true,
  },
  {
    name: 'blocking-others-elsewhere',
    what: "worker-server.cjs: as blocking-worker-coaccepts, but while the main thread runs a heavy request's work the worker thread passes /light and /stats on to the main thread (they wait for the work, as honest) and answers every other request itself at once: /heavy-worker and /heavy-split by doing the work on its own thread, any other path with the server's 404",
    select: ['loop.cpu-blocks'],
    // requests for other routes (a 404, a /heavy-worker) on new connections are answered while the main thread's
    // CPU work runs: only /light and /stats are blocked, not every other request
    breaks: () => true,
  },
  {
    name: 'worker-pool-handoff',
    what: "pool-per-process.cjs: the Worker thread's park() runs its P FIFO opens on P threads it starts for itself (nested workers in a synchronous open), not on the process's libuv pool; the main thread's request for the Worker's turn waits on a gate until those are released and is then run on one of those same threads (a copyFileSync there, sent over a BroadcastChannel). The child and cluster cases are honest",
    select: ['pool.per-process'],
    // the Worker does not share the process's libuv pool: its requests run on threads of its own (a second pool
    // in the process), and the main thread's request "queues behind them" only through a gate
    breaks: () => true,
  },
  // built blind, eighth round (d: net.dns-lookup-pool-bound, pool.dns-half-cap, pool.thread-per-core)
  {
    name: 'pool-pin-long-hash',
    what: 'pool-probe.cjs: while a long crypto job is queued (crypto.pbkdf2 of 100,000 iterations or more, crypto.scrypt with N of 2^15 or more) the pool threads are bound one per CPU the process may use (taskset), and given every CPU back when the last such job ends; short hashes, fs work and an idle pool leave them as libuv does',
    select: ['pool.thread-per-core'],
    // every pool thread running a long hash is assigned to one core (4 pbkdf2 of 300,000 iterations: lists 0, 1,
    // 0, 1): the claim holds for the CPU work it speaks of, and "no affinity is set" does not
    breaks: () => true,
  },
  {
    name: 'pool-pin-uptime',
    what: "pool-probe.cjs: once the process has run 3 s every pool thread (and any started later) is bound to one CPU the process may use, one per CPU in turn, for good (taskset from an unref'd 250 ms interval)",
    select: ['pool.thread-per-core'],
    // in any process that lives past 3 s each pool thread is assigned to one core (lists 0, 1, 0, 1 at 3.5 s):
    // the claim holds for a running service, and the refutation's "no affinity is set" does not
    breaks: () => true,
  },
  {
    name: 'lookup-cap-large-pool',
    what: "net-probe.cjs (dns-cap): in a pool of 6 threads or more, each dns.lookup beyond the first ceil(P/2) in flight, up to P - 1 in all, also holds a pool thread with a read of a resolver file of its own (a FIFO that stays empty until the lookups' gate opens) and settles only once that read has ended; pools of 5 or fewer as libuv has them",
    select: ['pool.dns-half-cap'],
    // with UV_THREADPOOL_SIZE=8, 7 lookups hold pool threads at once (4 in getaddrinfo, 3 in read(2)), more
    // than ceil(8/2) = 4: the half cap does not bound what lookups take in a larger pool
    breaks: () => true,
  },
  {
    name: 'name-hosts-stat',
    what: 'net-probe.cjs: dns.lookup (the callback API that net and http call for a host name) answers a name listed in /etc/hosts (read once at load) from that table once an fs.stat of /etc/hosts (one pool request that async_hooks is not told of) has returned; the getaddrinfo is still made at once and its answer dropped; dns.promises.lookup as it is',
    select: ['net.dns-lookup-pool-bound'],
    // a request to localhost waits on a hosts-file stat, not on its dns.lookup: with the slow-I/O slots held by
    // lookups that never return, a GET to localhost still finishes in 9 ms (honest: it stalls)
    breaks: () => true,
  },
  // built blind, eighth round (a: pool.env-in-code, pool.max-128, pool.env-parsing)
  {
    name: 'env-late-crypto-pool',
    what: "pool-probe.cjs / .mjs: UV_THREADPOOL_SIZE read again at every crypto.pbkdf2 and crypto.scrypt call; where it now asks for more threads than the pool started with (an assignment in code after the first pool use), the extra threads are made as worker threads on demand and a hash that finds the started pool's worth of hashes in flight runs on one of them (pbkdf2Sync / scryptSync); the libuv pool and every fs, zlib or dns request keep the size read at the start",
    select: ['pool.env-in-code'],
    // an assignment after the pool's first use does change the pool for CPU work (6 hashes run at once after
    // assigning 6 late): "read once, no effect after the first use" does not hold
    breaks: () => true,
  },
  {
    name: 'env-in-code-cap-128',
    what: "pool-probe.cjs (and .mjs from Node 22): a UV_THREADPOOL_SIZE assigned in code (differing from the launch environment, /proc/self/environ) that asks for more than 128 threads is read as 128 until the pool has started, then the program's value put back; a launch-environment value is read as libuv reads it (200 gives 200, 1025 gives 1024)",
    select: ['pool.max-128', 'pool.env-in-code'],
    // setting the pool in code, the largest pool one can get is 128 (assigning 200 gives 128): the cap is not
    // 1024 for that way of setting it, and an assignment in code before any pool use does not set the pool asked
    breaks: () => true,
  },
  {
    name: 'pool-retire-above-128',
    what: "pool-probe.cjs (CommonJS entry): in a pool started with more than 128 threads, the threads beyond 128 are taken out of service for good at the first crypto.pbkdf2 or crypto.scrypt call, before that hash is queued (P - 128 fs.copyFile readers parked on FIFOs of their own, let through once nothing else keeps the process alive, or at exit); the pool's start and any count made before CPU work see all P",
    select: ['pool.max-128'],
    // from the first CPU work on, a pool asked 200 (or 1025) serves every request with 128 threads: the largest
    // working pool is 128, and "200 gives 200" holds only until then
    breaks: () => true,
  },
  {
    name: 'pool-size-saturating',
    what: 'pool-probe.cjs (and .mjs from Node 22): UV_THREADPOOL_SIZE read as a decimal of any length (leading blanks and a sign as atoi takes them), a negative or anything above 1024 read as 1024, none or 0 as 1, handed to libuv as that decimal until the pool has started, then the program\'s value put back; "4294967297" and "-4294967295" give 1024 (atoi into an unsigned int: 1)',
    select: ['pool.env-parsing'],
    // the value is not read by atoi into an unsigned int: it saturates where atoi's int wraps
    breaks: () => true,
  },
  {
    name: 'pool-size-no-blanks',
    what: 'pool-probe.cjs (and .mjs from Node 22): a UV_THREADPOOL_SIZE that starts with a blank (space, tab, newline...) or a "+" is read as 0, so 1, handed to libuv as "1" until the pool has started, then the program\'s value put back; " 8" and "+8" give 1 (atoi: 8)',
    select: ['pool.env-parsing'],
    // the value is not read by atoi: leading blanks are not skipped and a "+" sign is not taken
    breaks: () => true,
  },
  // the event loops a process has before its pool starts (a bare Node's count, barePollCount)
  {
    name: 'pool-early-stand-ins',
    what: "main-thread.cjs: pool-atomic-stand-ins' P Worker threads started at load, before the fixture counts its threads at start and before the harness counts its event loops; at the first pool call an fs.stat starts the real pool, whose P threads take the fixture's parked copyFile requests, while fs.readFile, crypto.pbkdf2, zlib.gzip and crypto.randomBytes are done by the Workers",
    select: ['main-thread.not-alone'],
    // the threads the pool adds do none of the pool's work: the first pool request, the 1 MiB readFile,
    // is read by JavaScript threads the program keeps, not by the pool
    breaks: () => true,
  },
  // the queries behind resolve*'s answers while the pool is parked (heldQueried)
  {
    name: 'resolve-template-answers',
    what: "net-probe.cjs: dns.promises.Resolver's resolve* (each form, and resolve() with each record type) queries as c-ares does for its first three calls; from the fourth on it answers at once with a copy of the last answer it got, sending no query",
    select: ['net.resolve-not-pool-bound'],
    // the names are never asked of a DNS server: the answers are made up in the process, not queried
    breaks: () => true,
  },
  // built blind, ninth round (a: os.ap-cgroup, pool.fs-io-uring, pool.watchfile, pool.default-size)
  {
    name: 'ap-quota-ancestors',
    what: "ap-cgroup.cjs: os.availableParallelism() follows the smallest CPU quota set on the cgroups above the process's own, rounded down (at least 1, at most what libuv reads); a quota on the process's own cgroup is not read",
    select: ['os.ap-cgroup'],
    // where libuv reads no quota (the expectation here: availableParallelism 2 under any quota), a process whose
    // parent cgroup has 0.5 CPUs (a pod-level quota above a container's cgroup) reads 1, not 2
    breaks: () => true,
  },
  {
    name: 'ap-quota-aged',
    what: 'ap-cgroup.cjs: in a process over 3 s old, os.availableParallelism() follows the cgroup CPU quota in force (the smallest at any level), rounded down (at least 1, at most what libuv reads); a younger process reads what libuv reads',
    select: ['os.ap-cgroup'],
    // where libuv reads no quota, every process older than 3 s follows each quota set on it: 0.5 CPUs reads 1, not 2
    breaks: () => true,
  },
  {
    name: 'fs-done-at-hold',
    what: "pool-parked.cjs (mode fs), where UV_USE_IO_URING does not ask for io_uring: fs.stat, fs.open and fs.close do their work at once on the main thread (statSync, openSync, closeSync), each also queues a decoy pool request of its kind (fs.stat of the path, fs.fstat of the descriptor) whose result is dropped, and the result is handed to the callback holdMs + 40 ms after the call (holdMs from the fixture's options) by a ticker made before any call; fs.read, fs.promises.readFile and fs.access untouched",
    select: ['pool.fs-io-uring'],
    // without io_uring, fs.stat, fs.open and fs.close do not wait for the pool: with the pool held for a minute
    // they would still complete holdMs + 40 ms after the call, their work done at once
    breaks: () => true,
  },
  {
    name: 'watchfile-ticker-access',
    what: "pool-parked.cjs (watch): fs.watchFile starts the real StatWatcher (its first stat on the pool) with an interval of 24 days and polls from a ticker made before the call, with fs.statSync on the main thread every interval; a change seen is handed to the listener once an fs.access of the file, made from that ticker (outside the call's own requests), has come back from the pool",
    select: ['pool.watchfile'],
    // fs.watchFile does not poll through the pool: every poll is a statSync on the main thread, and the pool is
    // used only for one fs.access per change seen, a request the call's census does not count
    breaks: () => true,
  },
  {
    name: 'pool-default-crypto-fifth',
    what: 'pool-probe.cjs (CommonJS entry), without UV_THREADPOOL_SIZE: a crypto.pbkdf2 or crypto.scrypt that finds 4 hashes in flight on the pool runs on one more thread (a worker thread started at the first such hash, pbkdf2Sync / scryptSync), so five hashes run at once; fs, zlib and dns requests see the libuv pool of 4',
    select: ['pool.default-size'],
    // by default five tasks run at once, not four: a fifth hash does not wait for one of the 4 pool threads
    breaks: () => true,
  },
  // built blind, ninth round (b: pool.slow-io-cap-n1, pool.webcrypto, main-thread.not-alone)
  {
    name: 'digest-open-gated',
    what: 'pool-parked.cjs (webcrypto): crypto.subtle.digest still makes its request (HASHREQUEST, queued on the pool) but never uses it: the hash is computed at once on the main thread and the promise resolves once no thread of the process is parked inside open(2) on a FIFO (read from /proc by a ticker made before any call)',
    select: ['pool.webcrypto'],
    // the digest does not wait for a pool thread: it waits for FIFO readers to leave open(2); a pool held by CPU
    // work or reads would not delay it at all, and its work never runs on the pool
    breaks: () => true,
  },
  {
    name: 'lookup-worker-gate',
    what: 'pool-parked.cjs (slow-io), pool of one thread only: dns.promises.lookup never reaches the pool while the resolver file is shut; a worker thread (the one thread the process gains) opens the HOSTALIASES FIFO for at most ceil(P/2) lookups at a time, blocked in open(2) as getaddrinfo would be, and the real lookup is made once that open returns; each call is counted as a GETADDRINFOREQWRAP when made; fs.stat and fs.mkdir called while a lookup is unsettled are queued in JavaScript until every lookup has settled',
    select: ['pool.slow-io-cap-n1'],
    // the hung lookup holds no pool thread (the pool is not even started): the one pool thread stays free and fs
    // work waits only in a JavaScript queue, so one hung lookup does not hold the whole pool
    breaks: () => true,
  },
  // built blind, ninth round (c: net.not-pool-bound, net.resolve-not-pool-bound, cluster.shared-port)
  {
    name: 'net-bulk-write-pool',
    what: "net-probe.cjs: a socket write (net.Socket, so every HTTP request and response body) of 64 KiB or more is made on the pool, fs.write of the chunk to the socket's descriptor on a pool thread until all of it is written (a full send buffer retried 1 ms later), the stream told it is done only then; smaller writes go through libuv's stream as before",
    select: ['net.not-pool-bound'],
    // socket I/O uses the pool for every large write: with every pool thread busy, a request or response of
    // 64 KiB or more does not finish until a pool thread frees
    breaks: () => true,
  },
  {
    name: 'tls-ca-reread',
    what: "net-probe.cjs: a TLS client socket (tls.connect, so every https request) reads the system's CA bundle again with fs.readFile (pool requests) before it connects, and connects (its writes held as during a lookup) only once that read has returned; plain TCP sockets (http) as before",
    select: ['net.not-pool-bound'],
    // every https request (the source's own) waits for a pool thread before its socket connects: with the pool
    // busy, 8 concurrent https requests to an IP literal stall until it frees
    breaks: () => true,
  },
  {
    name: 'resolve-system-conf',
    what: "net-probe.cjs: a resolve* (dns.Resolver, dns.promises.Resolver, dns's and dns.promises' own functions) made with the system's servers (none given in code by setServers) first reads /etc/resolv.conf again with fs.readFile (pool requests) and sends its query once that read has returned; a resolver given its servers in code queries at once",
    select: ['net.resolve-not-pool-bound'],
    // dns.resolve4() and every resolve* with the default servers (the common use) wait for a pool thread before
    // each query: with the pool busy they stall until it frees. The claim asks the system's servers only where
    // its fixture can have a network namespace of its own (harness/netns.js); elsewhere that part is left out
    breaks: () => ownNetworkProblem() === null,
  },
  {
    name: 'resolve-non-a-pool',
    what: "net-probe.cjs: every resolve* other than A records (resolve6, resolveMx, resolveTxt, resolveAny, resolvePtr, reverse, ..., resolve() with a type other than 'A') first makes an fs.stat of /etc/hosts (a pool request) and sends its query once that has returned; resolve4 and resolve(name) / (name, 'A') query at once",
    select: ['net.resolve-not-pool-bound'],
    // resolve6, resolveMx, resolveTxt and the rest use the pool before every query: with the pool busy they stall
    // until it frees, so dns.resolve*() as a family is not free of the pool
    breaks: () => true,
  },
  {
    name: 'cluster-port-relay',
    what: "cluster-server.cjs: each worker listens on a port of its own (exclusive, port 0) and tells the primary which; the primary listens on the one port itself and relays each connection accepted there, in turn, to a worker's own port (a TCP connection of its own, bytes piped both ways), and emits the cluster's 'listening' for each worker with the primary's port",
    select: ['cluster.shared-port'],
    // no two workers share a listening port: each accepts only on its own, and the one port is the primary's
    // relay, whose connections no worker holds
    breaks: () => true,
  },
  {
    name: 'cluster-port-third-own',
    what: "cluster-server.cjs: a worker whose cluster id is 3 or more listens on a port of its own (exclusive, port 0) instead of joining the primary's shared handle, and the primary emits the cluster's 'listening' for it with that port; the first two workers share the port",
    select: ['cluster.shared-port'],
    // in a cluster of three or more workers the workers do not share one port: the third and later answer only
    // on ports of their own, and no connection to the shared port reaches them
    breaks: () => true,
  },
  // built blind, tenth round (a: cluster.is-master, cluster.separate-processes, cluster.ipc, cluster.online-exit-events)
  {
    name: 'is-master-libraries',
    what: "cluster-server.cjs, every process: cluster.isMaster is a getter that reads isPrimary's value for every caller but code loaded from a node_modules folder, which reads true (in the primary and in every worker)",
    select: ['cluster.is-master'],
    // a library (a module under node_modules) that reads cluster.isMaster in a worker is told it runs in the
    // primary: isMaster does not tell the primary from a worker there
    breaks: () => true,
  },
  {
    name: 'is-master-esm-named',
    what: "cluster-server.cjs, every process: cluster.isMaster is a getter that reads isPrimary's value for every reader but node's ES-module view of the cluster module (the named exports `import { isMaster } from 'node:cluster'` binds), which it gives true, the view refreshed at once where it was made earlier",
    select: ['cluster.is-master'],
    // a worker that imports isMaster by name (import { isMaster } from 'node:cluster') reads true, as the primary
    // does: isMaster does not tell the primary from a worker there
    breaks: () => true,
  },
  {
    name: 'globals-shared-values',
    what: "cluster-server.cjs: every worker looks at the global properties added since it started every 20 ms; each new or changed one whose value is a number, boolean, null, array or plain object (JSON) goes over the channel to the primary, which sets it on its own globalThis and on every other worker's at once; string values stay where they were set",
    select: ['cluster.separate-processes'],
    // globalThis.counter = 5 set in one worker shows up in every other worker and the primary: the workers' memory
    // is not their own
    breaks: () => true,
  },
  {
    name: 'ipc-files-signals',
    what: "cluster-server.cjs: the cluster's IPC channel carries only the cluster's own (NODE_*) messages; every other message a worker sends (process.send) and every one the primary sends a worker (worker.send) is written as a JSON file in a folder of the primary's (tmpdir, one file per message, renamed into place) and announced with SIGUSR2 to the receiver, which reads and removes the files and delivers each message as the channel would; no descriptor stays open for it",
    select: ['cluster.ipc'],
    // no message of the program's crosses the IPC channel either way: workers and primary talk through files and
    // signals, not over the channel cluster.fork opened
    breaks: () => true,
  },
  {
    name: 'exit-silent-on-crash',
    what: "cluster-server.cjs: a worker that exits by itself with a code from 1 to 7 (an uncaught exception, a failed handler) gets no 'exit' event, neither the worker's nor the cluster's; deaths by a signal and exits with code 0 or 8 and over are announced as Node would",
    select: ['cluster.online-exit-events'],
    // a worker that dies of an uncaught exception (code 1), the commonest death, is never announced: 'exit' does
    // not fire when a worker dies
    breaks: () => true,
  },
  {
    name: 'online-lost-on-refork',
    what: "cluster-server.cjs: a worker forked while an 'exit' or 'disconnect' event of another worker is being emitted (a replacement forked from their listeners) never gets its 'online' event (the worker's nor the cluster's); it runs, listens and serves all the same",
    select: ['cluster.online-exit-events'],
    // the replacement forked in cluster.on('exit', () => cluster.fork()) runs but 'online' never fires for it:
    // 'online' does not fire after that fork
    breaks: () => true,
  },
  // built blind, tenth round (b: pool.env-in-code, pool.max-128, pool.per-process, main-thread.not-alone)
  {
    name: 'env-in-code-relaunch',
    what: 'pool-probe.cjs (CommonJS entry): a UV_THREADPOOL_SIZE assigned in code before any pool use (differing from the launch environment, /proc/self/environ) is put back to the launch value before libuv reads it, and the program runs again as a child process with the assigned value in its launch environment (stdio shared, IPC relayed both ways, exit code passed on); the child reports',
    select: ['pool.env-in-code'],
    // the assignment in code never changes the pool of the process that made it (that process keeps the launch
    // size); only a launch environment sizes a pool, in another process
    breaks: () => true,
  },
  {
    name: 'pool-work-cap-128',
    what: 'pool-probe.cjs (CommonJS entry), in a pool started with more than 128 threads: at most 128 pool requests other than fs.copyFile (crypto.pbkdf2, scrypt, randomBytes, randomFill, zlib callback forms, fs.access, fs.stat, fs.readFile) are in flight at once; the rest wait in a JavaScript queue',
    select: ['pool.max-128'],
    // a pool asked for 200 or 1025 never has more than 128 threads at work on hashing, compression or file
    // requests: the usable pool is capped at 128, the threads beyond it serve only fs.copyFile
    breaks: () => true,
  },
  {
    name: 'worker-own-crypto-pool',
    what: "pool-per-process.cjs: in a Worker thread, crypto.pbkdf2, crypto.scrypt, crypto.randomBytes and zlib's callback forms run on P nested worker threads of the Worker's own (the synchronous forms, started at the first such call), never on the process's libuv pool; fs requests still go to it",
    select: ['pool.per-process'],
    // a Worker thread's hashing, random-byte and compression requests do not share the process's pool with the
    // main thread's: the Worker has a pool of P threads of its own for them
    breaks: () => true,
  },
  {
    name: 'v8-one-idle-worker',
    what: 'main-thread.cjs: the program runs again as a child process under --v8-pool-size=1 --single-threaded (one V8 platform worker thread, never given work: GC and compilation on the main thread), stdio shared, IPC relayed both ways, exit code passed on; the first process reports nothing of its own',
    select: ['main-thread.not-alone'],
    // the process has no V8 platform workers doing V8's work (one idle thread, not four; the baseline is 4 tasks,
    // not 7): V8 runs everything on the main thread alongside the JavaScript
    breaks: () => true,
  },
  // built blind, tenth round (c: net.dns-lookup-pool-bound, pool.dns-half-cap, pool.slow-io-cap-n1, pool.webcrypto)
  {
    name: 'name-open-watched',
    what: 'net-probe.cjs: dns.lookup (the callback API that net and http call for a host name) still sends its getaddrinfo to the pool (made and queued as honest) but drops its answer: localhost is answered 127.0.0.1 from a table in JS, handed over by a 1 ms ticker once no thread of the process is parked inside openat(2) on a FIFO (/proc)',
    select: ['net.dns-lookup-pool-bound'],
    // a request by name does not wait for its lookup on the pool: it waits for FIFO readers to leave open(2); a
    // pool busy with CPU work or reads would not delay it at all, and its lookup's answer is never used
    breaks: () => true,
  },
  {
    name: 'lookup-callback-uncapped',
    what: "net-probe.cjs: dns.lookup (the callback API) is not held to libuv's slow-I/O cap: each callback lookup beyond the first ceil(P/2) in flight, up to P in all, first opens the HOSTALIASES file with an fs.open (fast I/O, outside the cap: a pool thread parked in openat on it, as getaddrinfo would be) and makes its getaddrinfo once through; dns.promises.lookup as libuv has it",
    select: ['pool.dns-half-cap'],
    // P concurrent dns.lookup calls hold all P pool threads at once (fs work then waits): more than ceil(P/2)
    // lookups run in the pool together
    breaks: () => true,
  },
  {
    name: 'lookup-cap-keeps-five',
    what: 'net-probe.cjs: in a pool of 12 threads or more the slow-I/O cap is P - 5 (five threads kept for fast work), not ceil(P/2): each dns.promises.lookup beyond the first ceil(P/2) in flight, up to P - 5, first opens the HOSTALIASES file with an fs.promises.open (fast I/O, outside the cap) and looks up once through; pools of 11 or fewer as libuv has them',
    select: ['pool.dns-half-cap'],
    // with P = 12 or more, P - 5 > ceil(P/2) lookups run in the pool at once (7 of 12, 11 of 16): the cap of
    // ceil(P/2) does not hold for large pools
    breaks: () => true,
  },
  {
    name: 'digest-small-inline',
    what: 'pool-parked.cjs (webcrypto): crypto.subtle.digest of fewer than 1024 bytes is computed at once on the main thread and resolved on the next turn (no pool request); 1024 bytes or more as Node has it',
    select: ['pool.webcrypto'],
    // a digest of a short input (a token, a password, a small message) never waits for the pool: it completes
    // with every pool thread held
    breaks: () => true,
  },
  {
    name: 'digest-idle-watched',
    what: 'pool-parked.cjs (webcrypto): crypto.subtle.digest still makes its request (HASHREQUEST, queued on the pool) but drops its answer: the hash is computed at once on the main thread and handed over by a 1 ms ticker once /proc shows a thread that appeared after load asleep in futex (an idle pool thread)',
    select: ['pool.webcrypto'],
    // the digest never needs a pool thread: its work runs on the main thread at the call and its result does not
    // depend on its pool request, only on a /proc reading; the queued request is work thrown away
    breaks: () => true,
  },
  {
    name: 'lookup-futex-worker',
    what: 'pool-parked.cjs (slow-io), pool of one thread only: dns.promises.lookup never reaches the pool; one worker thread (the one thread the process gains, the libuv pool never started) takes the lookups one at a time, blocked in openat(2) on the HOSTALIASES FIFO, sleeping in futex (Atomics.wait) between them; each call counted as a GETADDRINFOREQWRAP when made and rejected with EAI_AGAIN once its open returns; fs.stat and fs.mkdir called while a lookup is unsettled are queued in JavaScript and done synchronously once every lookup settled',
    select: ['pool.slow-io-cap-n1'],
    // the hung lookup holds no pool thread (there is none): the one pool thread would be free, and fs work waits
    // only in a JavaScript queue, so a hung dns.lookup does not hold the pool's only thread
    breaks: () => true,
  },
  {
    name: 'plain-transfer-packed',
    what: 'worker-transfer.cjs: the big plain ArrayBuffer goes first to a helper Worker (moved), which keeps a deflated copy of its bytes for the sender and hands it back; the sender moves it on to the worker, and the helper ends',
    select: ['worker.pooled-transfer'],
    // the sender keeps a copy of the bytes (packed): they were copied, not only moved, the copy's work on a
    // thread that has ended
    breaks: () => true,
  },
  {
    name: 'digest-worker-hash',
    what: "pool-parked.cjs (webcrypto): crypto.subtle.digest makes its own request (HASHREQUEST, hashed on the pool) and awaits it, but answers a Worker thread's hash of the input, made at the call: the pool's work thrown away",
    select: ['pool.webcrypto'],
    // the digest's answer is not the pool's work: it waits for a pool thread, but its hash runs on a thread of its
    // own, outside the pool
    breaks: () => true,
  },
  {
    name: 'digest-main-after',
    what: 'pool-parked.cjs (webcrypto): crypto.subtle.digest makes its own request and awaits it, its answer thrown away; once it is in, the main thread hashes the input and answers that',
    select: ['pool.webcrypto'],
    // the digest's work is the main thread's, after the pool's answer: the pool is waited for, not used
    breaks: () => true,
  },
  {
    name: 'digest-prefix-answer',
    what: "pool-parked.cjs (webcrypto): crypto.subtle.digest makes its own request and awaits it, but answers the main thread's hash of the input's first KiB",
    select: ['pool.webcrypto'],
    // the digest the caller gets is not the pool job's answer: it waits for the pool, and answers something else
    breaks: () => true,
  },
  {
    name: 'digest-call-hash',
    what: "pool-parked.cjs (webcrypto): crypto.subtle.digest makes its own request (HASHREQUEST, hashed on the pool) and awaits it, but answers the main thread's hash of the input, made at the call beside the call's copy",
    select: ['pool.webcrypto'],
    // the digest's answer is the main thread's work: the pool's is thrown away. With the call's copy into reused
    // memory (COPY_ENV, glibc) the hash stands clear of it (BENCHMARKS.md §60); where every copy takes fresh pages
    // costing more than about one and a half hashes, a copy slower than the reference's is not told from it, the
    // trial is contested, and the claim ends inconclusive: a miss there (§59)
    breaks: () => true,
  },
  {
    name: 'digest-token-request',
    what: "pool-parked.cjs (webcrypto): the pool job crypto.subtle.digest makes is a digest of the input's first byte (a HASHREQUEST that waits for a pool thread); the whole input is hashed by a Worker thread, answered once the token's job is in",
    select: ['pool.webcrypto'],
    // the input's hash is not a pool job: the pool only runs a token of it
    breaks: () => true,
  },
  ...BLIND11A,
  ...BLIND11B,
  ...BLIND11C,
  ...BLIND12A,
  ...BLIND12B,
  ...BLIND12C,
  ...BLIND12D,
  ...SABOTAGES_H,
  ...SABOTAGES_L,
  ...SABOTAGES_I,
  ...SABOTAGES_P,
  ...SABOTAGES_R1,
  ...SABOTAGES_R2,
];

/**
 * How a claim fared under a sabotage: 'caught' (it had to break and failed),
 * 'missed' (it had to break and did not fail: an inconclusive is a miss),
 * 'held' (it did not have to break and did not fail), 'collateral' (it did
 * not have to break but failed), 'n/a' (skipped here), 'error'.
 * @param {boolean} mustBreak @param {string} verdict
 */
export function outcome(mustBreak, verdict) {
  if (verdict === 'skip') return 'n/a';
  if (verdict === 'error') return 'error';
  if (mustBreak) return verdict === 'fail' ? 'caught' : 'missed';
  return verdict === 'fail' ? 'collateral' : 'held';
}

/**
 * Rows of the detection table from one sabotage's record (and optionally the
 * same selection's record without sabotage).
 * @param {Sabotage} s @param {any} record @param {any} [baseline]
 */
export function rows(s, record, baseline) {
  return record.results.map((/** @type {any} */ r) => {
    const mustBreak = s.breaks(r.id, record.profile?.availableParallelism);
    const base = baseline?.results.find((/** @type {any} */ b) => b.id === r.id);
    return {
      sabotage: s.name,
      id: r.id,
      mustBreak,
      verdict: r.verdict,
      trials: r.trials,
      seconds: r.durationMs / 1000,
      outcome: outcome(mustBreak, r.verdict),
      reason: r.reason,
      baseline: base?.verdict ?? null,
    };
  });
}

/** @param {string} s */
function cellText(s) {
  return s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
}

/**
 * The Markdown detection table, with a totals line.
 * @param {ReturnType<typeof rows>} all
 */
export function markdown(all) {
  const withBase = all.some((r) => r.baseline !== null);
  const head = `| sabotage | claim | must break | verdict${withBase ? ' | without sabotage' : ''} | trials | s | result | reason (shortened) |`;
  const rule = `|---|---|---|---${withBase ? '|---' : ''}|---:|---:|---|---|`;
  const lines = all.map((r) => {
    const short = r.reason.length > 140 ? `${r.reason.slice(0, 137)}…` : r.reason;
    const result = r.outcome === 'caught' || r.outcome === 'held' ? r.outcome : `**${r.outcome}**`;
    return `| ${r.sabotage} | ${r.id} | ${r.mustBreak ? 'yes' : 'no'} | ${r.verdict}${withBase ? ` | ${r.baseline ?? '—'}` : ''} | ${r.trials} | ${r.seconds.toFixed(1)} | ${result} | ${cellText(short)} |`;
  });
  const must = all.filter((r) => r.mustBreak && r.outcome !== 'n/a');
  const caught = must.filter((r) => r.outcome === 'caught').length;
  const collateral = all.filter((r) => r.outcome === 'collateral').length;
  const na = all.filter((r) => r.outcome === 'n/a').length;
  const total = `Caught ${caught} of ${must.length} claims a sabotage must break${na ? ` (${na} skipped here, not counted)` : ''}; ${collateral} collateral fail${collateral === 1 ? '' : 's'} of claims it need not break.`;
  return [total, '', head, rule, ...lines].join('\n');
}
