// @ts-check
// The scheduling model: how long k CPU-bound tasks take when they go through a
// pool of P threads on C effective cores. Pure: no clock, no I/O.
//
// Processor sharing: while b tasks run at once, each progresses at speed
// min(1, C / b). A task leaves the queue for a thread as soon as one is free,
// in submission order (libuv's work queue is FIFO).

/**
 * @typedef {object} BatchInput
 * @property {number | number[]} tasks  number of equal tasks, or each task's work
 * @property {number} [T]               work of one task when `tasks` is a count (default 1)
 * @property {number} P                 pool threads (>= 1)
 * @property {number} C                 effective cores (> 0)
 */

/**
 * Completion time of each task, in submission order.
 * @param {BatchInput} input
 * @returns {number[]}
 */
export function predictCompletions({ tasks, T = 1, P, C }) {
  const work = Array.isArray(tasks) ? [...tasks] : Array.from({ length: tasks }, () => T);
  if (!(P >= 1) || !(C > 0)) throw new RangeError(`model needs P >= 1 and C > 0 (got P=${P}, C=${C})`);
  const done = new Array(work.length).fill(NaN);
  /** @type {{ i: number, left: number }[]} */
  const running = [];
  let next = 0;
  let now = 0;
  const fill = () => {
    while (running.length < P && next < work.length) {
      running.push({ i: next, left: work[next] });
      next++;
    }
  };
  fill();
  while (running.length > 0) {
    const speed = Math.min(1, C / running.length);
    const step = Math.min(...running.map((r) => r.left)) / speed;
    now += step;
    for (const r of running) r.left -= step * speed;
    for (let j = running.length - 1; j >= 0; j--) {
      if (running[j].left <= 1e-12) {
        done[running[j].i] = now;
        running.splice(j, 1);
      }
    }
    fill();
  }
  return done;
}

/**
 * Completion times sorted ascending, as a measurement would see them.
 * @param {BatchInput} input
 */
export function predictSorted(input) {
  return predictCompletions(input).sort((a, b) => a - b);
}

/**
 * Size of each batch the pool forms: tasks that start together.
 * @param {{ k: number, P: number }} input
 * @returns {number[]}
 */
export function batches({ k, P }) {
  const out = [];
  for (let left = k; left > 0; left -= P) out.push(Math.min(P, left));
  return out;
}

/**
 * Distinct pool threads that get work: min(P, k).
 * @param {{ k: number, P: number }} input
 */
export function threadsUsed({ k, P }) {
  return Math.min(P, k);
}

/**
 * Wall time of k equal tasks of work T spread over w workers (threads or
 * processes) on C cores, when the work is split evenly: T·k / min(w, C, k)
 * — used by the worker-thread and cluster specs.
 * @param {{ k: number, T?: number, w: number, C: number }} input
 */
export function splitTime({ k, T = 1, w, C }) {
  return Math.max(...predictCompletions({ tasks: k, T, P: w, C }));
}
