// A simulated machine for the verdict engine's validity benchmark: k pbkdf2
// tasks through a FIFO pool of P threads on C cores, observed the way
// fixtures/pbkdf2-batch.cjs observes them (sorted completion times, the pool
// threads and each one's CPU, optionally one task timed alone first).
//
// The machine is processor sharing per core, with the noise seen on a shared
// 2-vCPU VM (see /work/shared/measurement-notes.md "Noise" and
// bench/lib/calibrate.js):
//   - per-core run queues: a thread that starts a task is placed on an idle
//     core when there is one, else on a random core; the load balancer moves
//     one thread from the busiest to the idlest core only now and then, so
//     4 threads on 2 cores are often shared 3 + 1 for a while;
//   - background load: each core has competing threads that come and go
//     (a Poisson number, its mean drawn per trial), each taking a fair share
//     of its core — the effective parallelism varies between and within trials;
//   - per-task work noise, a per-trial machine speed, per-core speeds,
//     occasional stalls of the whole machine, and callback latency.
// Pure: randomness comes from the `random` function passed in.

/**
 * @typedef {object} Noise
 * @property {string} name
 * @property {number} speedSd        per-trial machine speed, log-normal sd (cancels in ratios)
 * @property {number} coreSd         per-core speed sd
 * @property {number} workSd         per-task work sd
 * @property {[number, number]} busy per-trial range of the mean number of competing threads per core
 * @property {number} busyOnT        mean time a core keeps its number of competing threads, in task times T
 * @property {number} idlePlace      probability that a starting thread goes to an idle core when there is one
 * @property {number} balanceT       mean time between load-balancer looks, in T (Infinity: never)
 * @property {number} rotate         probability that a look moves a thread when the queues differ by one (fairness over time)
 * @property {number} [capShare]     share of trials in which a busy neighbour caps the process's CPU (cgroup fairness), on and off
 * @property {[number, number]} [cap] range of that cap on 2 cores (on C cores: C − 2 + cap, at least 0.45 C)
 * @property {number} [busyCores]    how many cores can have competing threads (default: all)
 * @property {number} stallRate      whole-machine stalls per T
 * @property {number} stallT         mean stall length, in T
 * @property {number} latencyMs      mean callback latency (exponential), ms
 * @property {number} [seen]         1 (default): the competing threads are neighbours inside the machine,
 *                                   placed by its scheduler and reported by its /proc as other processes';
 *                                   0: they are the host's contention, which the guest neither places nor
 *                                   reports, and whose time it counts as its own threads' CPU
 */

/** @type {Record<string, Noise>} */
export const NOISE = {
  /** No noise at all: the model's numbers (checks the plumbing). */
  none: {
    name: 'none',
    speedSd: 0,
    coreSd: 0,
    workSd: 0,
    busy: [0, 0],
    busyOnT: 1,
    idlePlace: 1,
    balanceT: 0.02,
    rotate: 1,
    stallRate: 0,
    stallT: 0,
    latencyMs: 0,
  },
  /** A dedicated machine: small work noise, fair placement, no neighbours. */
  quiet: {
    name: 'quiet',
    speedSd: 0.05,
    coreSd: 0.02,
    workSd: 0.015,
    busy: [0, 0.05],
    busyOnT: 0.5,
    idlePlace: 0.95,
    balanceT: 0.1,
    rotate: 0.3,
    stallRate: 0.02,
    stallT: 0.05,
    latencyMs: 0.3,
  },
  /** Neighbours now and then: between a quiet machine and this one. */
  busy: {
    name: 'busy',
    speedSd: 0.15,
    coreSd: 0.04,
    workSd: 0.04,
    busy: [0.2, 1.2],
    busyOnT: 1.5,
    idlePlace: 0.6,
    balanceT: 1,
    rotate: 0.3,
    capShare: 0.6,
    cap: [0.9, 1.4],
    busyCores: 2,
    stallRate: 0.1,
    stallT: 0.1,
    latencyMs: 0.5,
  },
  /** The shared 2-vCPU VM, fitted to real trials there (bench/lib/calibrate.js): the default. */
  vm: {
    name: 'vm',
    speedSd: 0.25,
    coreSd: 0.08,
    workSd: 0.05,
    busy: [0.3, 1.5],
    busyOnT: 2,
    idlePlace: 0.5,
    balanceT: 1.5,
    rotate: 0.1,
    capShare: 0.8,
    cap: [0.9, 1.2],
    busyCores: 2,
    stallRate: 0.2,
    stallT: 0.15,
    latencyMs: 1,
    // The noise fitted here is the host's: this hypervisor reports no steal
    // and counts lost host time as the guest's own (measurement-notes.md),
    // and quiet blocks read other processes at -0.05 … 0.05 cores
    // (BENCHMARKS.md §11). The guest's scheduler does not see it either.
    seen: 0,
  },
};

/** Standard normal (Box–Muller). @param {() => number} r */
export function gauss(r) {
  let u = 0;
  while (u === 0) u = r();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
}

/** Exponential with the given mean. @param {() => number} r @param {number} mean */
function expo(r, mean) {
  if (!(mean > 0)) return Infinity;
  let u = 0;
  while (u === 0) u = r();
  return -Math.log(u) * mean;
}

/**
 * The machine of one trial: cores with their speeds and background load, and
 * a clock that runs on across the reference task and the batch.
 * @param {{ C: number, T: number, noise: Noise, random: () => number }} o
 */
export function machine({ C, T, noise, random: r }) {
  const speed = Math.exp(noise.speedSd * gauss(r));
  const core = Array.from({ length: C }, () => Math.max(0.5, 1 + noise.coreSd * gauss(r)) / speed);
  const load = noise.busy[0] + (noise.busy[1] - noise.busy[0]) * r();
  const holdMean = noise.busyOnT * T;
  const busyCores = Math.min(C, noise.busyCores ?? C);
  const hog = Array.from({ length: C }, (_, c) => (c < busyCores ? poisson(r, load) : 0));
  const toggle = hog.map((_, c) => (c < busyCores ? expo(r, holdMean) : Infinity));
  // a CPU cap on the whole process (cgroup fairness against a busy neighbour), on and off
  const capped = r() < (noise.capShare ?? 0);
  // the neighbour takes what it takes of 2 cores, whatever the machine's size
  const cap = capped ? Math.max(0.45 * C, C - 2 + noise.cap[0] + (noise.cap[1] - noise.cap[0]) * r()) : Infinity;
  return {
    C,
    T,
    noise,
    r,
    speed,
    core,
    load,
    busyCores,
    hog,
    toggle,
    holdMean,
    cap,
    capOn: capped && r() < 0.5,
    capToggle: capped ? expo(r, holdMean) : Infinity,
    now: 0,
    othersMs: 0,
    stallEnd: -1,
    nextStall: expo(r, noise.stallRate > 0 ? T / noise.stallRate : 0),
    nextBalance: expo(r, noise.balanceT * T),
  };
}

/** Poisson count (capped at 3) with the given mean. @param {() => number} r @param {number} mean */
function poisson(r, mean) {
  let n = 0;
  let p = Math.exp(-mean);
  let c = p;
  const u = r();
  while (u > c && n < 3) {
    n++;
    p *= mean / n;
    c += p;
  }
  return n;
}

/**
 * Run tasks (each with its work in ms at full speed) through P threads on the
 * machine, FIFO, from the machine's current time. Returns each task's
 * completion time (from the start) and thread, and each thread's CPU ms.
 * @param {ReturnType<typeof machine>} m @param {number[]} work @param {number} P
 */
export function runPool(m, work, P) {
  const { C, noise, r } = m;
  const t0 = m.now;
  const k = work.length;
  const left = work.slice();
  const done = new Array(k).fill(NaN);
  const thread = new Array(k).fill(-1);
  const cpu = new Array(P).fill(0);
  /** @type {number[]} */ const idle = Array.from({ length: P }, (_, i) => i);
  /** @type {{ task: number, th: number, core: number }[]} */ const running = [];
  let next = 0;
  // Threads per core: all of them (what shares a core), or those the guest
  // sees (what its scheduler places and balances by; host contention, seen
  // 0, is not among them).
  const seen = noise.seen ?? 1;
  const count = (/** @type {boolean} */ guest = false) => {
    const n = guest && seen === 0 ? new Array(C).fill(0) : m.hog.slice();
    for (const x of running) n[x.core]++;
    return n;
  };
  const place = () => {
    const n = count(true);
    const free = [];
    for (let c = 0; c < C; c++) if (n[c] === 0) free.push(c);
    if (free.length && r() < noise.idlePlace) return free[Math.floor(r() * free.length)];
    return Math.floor(r() * C);
  };
  const start = (/** @type {number} */ th) => {
    thread[next] = th;
    running.push({ task: next, th, core: place() });
    next++;
  };
  while (idle.length && next < k) start(/** @type {number} */ (idle.shift()));
  let guard = 0;
  while (running.length) {
    if (++guard > 1e5)
      throw new Error(`simulator did not converge (now ${m.now}, left ${running.map((x) => left[x.task])})`);
    const n = count();
    const stalled = m.now < m.stallEnd;
    const rate = running.map((x) => (stalled ? 0 : 1 / m.core[x.core] / n[x.core]));
    if (m.capOn) {
      const total = rate.reduce((a, b) => a + b, 0);
      if (total > m.cap) for (let j = 0; j < rate.length; j++) rate[j] *= m.cap / total;
    }
    let step = Infinity;
    let which = -1;
    for (let j = 0; j < running.length; j++) {
      const s = rate[j] > 0 ? left[running[j].task] / rate[j] : Infinity;
      if (s < step) [step, which] = [s, j];
    }
    const tEvent = Math.min(m.now + step, ...m.toggle, m.capToggle, stalled ? m.stallEnd : m.nextStall, m.nextBalance);
    const dt = tEvent - m.now;
    // on-CPU time: a thread's share of its core (a stall still counts, as
    // lost host time does in a guest; so does the host's contention, seen 0:
    // the guest counts the time it gave the thread, whatever the host took);
    // others: the competing threads' shares, and what a cap gives the neighbour
    const guestN = count(true);
    let mine = 0;
    for (let j = 0; j < running.length; j++) {
      left[running[j].task] -= dt * rate[j];
      const share = 1 / n[running[j].core];
      const ran = stalled ? share : rate[j] * m.core[running[j].core];
      const onCpu = seen === 0 ? Math.max(ran, 1 / guestN[running[j].core]) : ran;
      cpu[running[j].th] += dt * onCpu;
      mine += share - ran;
    }
    let others = mine;
    for (let c = 0; c < C; c++) if (m.hog[c] > 0) others += m.hog[c] / n[c];
    m.othersMs += dt * others * (noise.seen ?? 1);
    m.now = tEvent;
    if (which >= 0 && tEvent === m.now && left[running[which].task] <= 1e-9) {
      // every task whose work is done completes now; its thread takes the next queued task at once
      for (let j = running.length - 1; j >= 0; j--) {
        const x = running[j];
        if (left[x.task] > 1e-9) continue;
        done[x.task] = m.now - t0;
        running.splice(j, 1);
        if (next < k) {
          thread[next] = x.th;
          running.push({ task: next, th: x.th, core: x.core });
          next++;
        } else idle.push(x.th);
      }
      continue;
    }
    for (let c = 0; c < C; c++) {
      if (m.toggle[c] <= m.now) {
        m.hog[c] = poisson(r, m.load);
        m.toggle[c] = m.now + expo(r, m.holdMean);
      }
    }
    if (m.capToggle <= m.now) {
      m.capOn = !m.capOn;
      m.capToggle = m.now + expo(r, m.holdMean);
    }
    if (!stalled && m.nextStall <= m.now) {
      m.stallEnd = m.now + expo(r, noise.stallT * m.T);
      m.nextStall = m.stallEnd + expo(r, m.T / noise.stallRate);
    }
    if (m.nextBalance <= m.now) {
      m.nextBalance = m.now + expo(r, noise.balanceT * m.T);
      balance(m, running, count(true));
    }
  }
  return { done, thread, cpu };
}

/**
 * The load balancer: move one pool thread from the busiest core to the
 * idlest when they differ by two or more runnable threads, and sometimes
 * (noise.rotate) when they differ by one.
 * @param {ReturnType<typeof machine>} m @param {{ core: number }[]} running @param {number[]} n
 */
function balance(m, running, n) {
  let hi = 0;
  let lo = 0;
  for (let c = 0; c < m.C; c++) {
    if (n[c] > n[hi]) hi = c;
    if (n[c] < n[lo]) lo = c;
  }
  const gap = n[hi] - n[lo];
  if (gap < 1 || (gap === 1 && !(m.r() < m.noise.rotate))) return;
  const movable = running.filter((x) => x.core === hi);
  if (movable.length) movable[Math.floor(m.r() * movable.length)].core = lo;
}

/**
 * The profile's calibration on a simulated machine: as
 * fixtures/profile-probe.cjs does, ten times the median wall time of five
 * runs of a tenth of the task, each alone, on a machine of its own (the
 * profile is taken once, before the claims, so its noise is not a trial's).
 * A part's work varies as a whole task's does (workSd of its own length).
 * @param {{ C: number, T: number, noise: Noise, random: () => number }} o
 */
export function simulateCalibration({ C, T, noise, random }) {
  const m = machine({ C, T, noise, random });
  const part = T / 10;
  const runs = [0, 1, 2, 3, 4].map(
    () => runPool(m, [part * Math.max(0.5, 1 + noise.workSd * gauss(random))], 1).done[0],
  );
  return 10 * runs.sort((a, b) => a - b)[2];
}

/**
 * One observation, in the shape fixtures/pbkdf2-batch.cjs reports.
 * `limit`: a wrong truth of another mechanism than the pool's size: P threads
 * exist and each gets work (tasks are handed to them in turn), but at most
 * `limit` run at once (a limiter in front of the pool; 1: serial hand-offs).
 * @param {{ k: number, P: number, C: number, T?: number, reference?: boolean, linux?: boolean, noise?: Noise, random: () => number, iterations?: number, limit?: number }} o
 */
export function simulateBatch({
  k,
  P,
  C,
  T = 120,
  reference = false,
  linux = true,
  noise = NOISE.vm,
  random,
  iterations = 172000,
  limit = Infinity,
}) {
  const m = machine({ C, T, noise, random });
  const task = () => T * Math.max(0.5, 1 + noise.workSd * gauss(random));
  const round = (/** @type {number} */ x) => Math.round(x * 100) / 100;
  const latency = () => (noise.latencyMs > 0 ? expo(random, noise.latencyMs) : 0);
  let Tref = null;
  if (reference) {
    const one = runPool(m, [task()], P);
    Tref = round(one.done[0] + latency());
    m.now += latency() + 0.02 * T; // the batch starts a little later
  }
  const start = m.now;
  m.othersMs = 0;
  const slots = Math.min(P, limit);
  const work = Array.from({ length: k }, task);
  const run = runPool(m, work, slots);
  const { done } = run;
  // Under a limiter the tasks still reach every thread, in turn.
  const thread = slots < P ? work.map((_, i) => i % P) : run.thread;
  const cpu =
    slots < P
      ? Array.from({ length: P }, (_, th) => work.filter((_, i) => i % P === th).reduce((a, b) => a + b, 0))
      : run.cpu;
  const wallMs = m.now - start + latency();
  // /proc/stat (Linux) and os.cpus() (elsewhere) count ticks of about 10 ms:
  // two readings, each off by up to one per CPU
  const jiffy = 10 * Math.sqrt(C) * (random() - random());
  const othersMs = Math.max(0, Math.round((m.othersMs + jiffy) / 10) * 10);
  const completions = done.map((ms, i) => ({ task: i, ms: round(ms + latency()) })).sort((a, b) => a.ms - b.ms);
  // Runnable concurrency between completions, as the fixture reads it from
  // schedstat: every task in progress is runnable; the reading is noisier the
  // shorter the phase (real phases of a few ms read anywhere from 0.7 to 6).
  const phases = linux
    ? completions.map((c, j) => {
        const fromMs = j === 0 ? 0 : completions[j - 1].ms;
        const ms = Math.max(0, c.ms - fromMs);
        const sd = 0.08 + 2 / (1 + ms);
        return { fromMs, toMs: c.ms, concurrency: round(Math.max(0, Math.min(slots, k - j) + sd * gauss(random))) };
      })
    : null;
  const poolThreads = linux ? Array.from({ length: P }, (_, i) => 9000 + i) : [];
  const cpuMs = linux ? cpu.map((ms) => round(ms + random() * 0.2)) : [];
  return {
    k,
    iterations,
    T: Tref,
    completions,
    wallMs: round(wallMs),
    othersMs,
    linux,
    threadsInitial: 7,
    poolThreads,
    cpuMs,
    phases,
    timeline: { t: [], cpu: {} },
    versions: { node: '20.20.2', uv: '1.46.0' },
    sim: {
      P,
      C,
      limit: Number.isFinite(limit) ? limit : null,
      noise: noise.name,
      threads: [...new Set(thread)].length,
    },
  };
}
