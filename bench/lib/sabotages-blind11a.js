// @ts-check
// Sabotages built blind, eleventh round (a): what each is run against and which
// claims it must break (see sabotage-plan.js's Sabotage). The fixtures' side is
// fixtures/lib/sabotage-blind11a.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const BLIND11A = [
  {
    name: 'ap-affinity-all-threads',
    what: "ap-affinity.cjs: os.availableParallelism() counts the CPUs that every thread of the process may use (the intersection of each thread's Cpus_allowed_list), not the calling thread's own: the same where every thread shares one mask or only the caller is narrowed; a program with another thread pinned reads fewer CPUs on a main thread that may use them all",
    select: ['os.ap-affinity'],
    // availableParallelism no longer follows the affinity of the thread that
    // calls it: a main thread allowed every CPU reads 1 once any other thread
    // of the process is pinned to one CPU.
    breaks: () => true,
  },
  {
    name: 'ap-quota-once-throttled',
    what: 'ap-cgroup.cjs: os.availableParallelism() follows a cgroup CPU quota in force (rounded down, at least 1) once that cgroup has throttled the process (cpu.stat nr_throttled above 0); an idle process under a quota reads as libuv 1.46 reads it (the quota ignored)',
    select: ['os.ap-cgroup'],
    // libuv 1.46 does not read cgroup quotas: here a busy process under a quota
    // of 0.5 or 1.5 CPUs reads 1 where libuv 1.46 gives every allowed CPU.
    breaks: () => true,
  },
  {
    name: 'callbacks-off-main-orphan',
    what: "main-thread.cjs: fs.readFile, crypto.pbkdf2 and zlib.gzip and their callbacks run in a daemon Node process started through sh (which exits at once, so the daemon is reparented away: no child alive, none ended with CPU to count), answering over a unix socket; the main thread reads each kind's 4 MiB of /dev/zero as the answer arrives and records its own ids",
    select: ['main-thread.single'],
    // Built as "three kinds of callbacks run in another process". Judged not a
    // break of the claim: the program's own callbacks (the functions it passed,
    // which record the ids and read) still run on this process's main thread;
    // the daemon runs its own calls and callbacks. What moved is the calls'
    // work, which this claim does not speak of (the pool claims do). It stays
    // as a case the claim must still pass.
    breaks: () => false,
  },
  {
    name: 'worker-asks-inline',
    what: "pool-per-process.cjs: the asking Worker (option workerKinds) runs its pbkdf2, scrypt, randomBytes, deflate and fs.access synchronously on its own thread, never on the process's pool; each callback is held while any thread of the process is blocked in open(2) (read from /proc every 2 ms), then delivered: none done while the pool is full, all once it is released",
    select: ['pool.per-process'],
    // A Worker thread's requests no longer take the process's pool: they run on
    // the Worker's own thread, and only their callbacks wait on the pool.
    breaks: () => true,
  },
];
