// @ts-check
// A stop that cannot hang. On Ctrl-C or SIGTERM the run kills its trials and
// writes the partial record; if that stop itself hangs (a report write stuck
// in a system call, a loop the signal cannot interrupt), nothing on the main
// thread can end it, since its handlers run on that same thread. So the stop
// starts a watchdog on a thread of its own: if the process is still alive
// after the grace period, it says so on stderr and kills the process.
import { Worker } from 'node:worker_threads';

/** How long a stop may take before the watchdog ends the process. */
export const STOP_GRACE_MS = 10_000;

// The watchdog thread runs watchdog-thread.cjs. It is unref'd: a stop that
// finishes exits as usual, without waiting for it.
const THREAD = new URL('./watchdog-thread.cjs', import.meta.url);

/**
 * Start the watchdog for a stop now under way.
 * @param {{ graceMs?: number, message?: string }} [o]
 * @returns {Worker}
 */
export function watchStop({ graceMs = STOP_GRACE_MS, message } = {}) {
  const text =
    message ??
    `node-concurrency-spec: the stop did not finish within ${graceMs / 1000} s: process killed (the partial report may be missing)`;
  const worker = new Worker(THREAD, { workerData: { graceMs, message: text }, execArgv: [] });
  worker.unref();
  return worker;
}
