// @ts-check
// Shared by the network specs: one trial parks every pool thread on FIFOs for
// HOLD_MS while N operations run, with an fs.stat as the positive control.
import { median } from '../stats.js';

/** Operations per trial. */
export const N = 8;
/** Server delay of the loopback /delay endpoint. */
export const DELAY_MS = 30;
/** How long the pool stays parked. */
export const HOLD_MS = 300;

/**
 * Why a trial shows nothing (its control failed), or null. Such a trial is
 * void: it counts neither for nor against the claim.
 * @param {any} obs
 */
export function controlProblem(obs) {
  if (obs.ops.stat.completedBeforeRelease > 0) {
    return `control failed: fs.stat finished while the pool was meant to be parked (${obs.parked ?? '?'} of ${obs.P} threads seen parked), so this trial shows nothing`;
  }
  if (obs.parked !== null && obs.parked !== obs.P)
    return `only ${obs.parked} of ${obs.P} pool threads were seen parked`;
  return null;
}

/**
 * Whether the pool was really all held while the operations ran, from the
 * fixture's census of the process's own pool (Linux): every pool thread
 * blocked in open(2), and none put on a CPU in the window (a count of
 * wake-ups, not a time: the smallest job counts). A pool thread that ran
 * could have served the requests, so "they finished while the pool was busy"
 * would not follow. Returns what went wrong, or null (also where there is no
 * census: the FIFO count and the fs.stat control are then the evidence).
 * @param {any} obs
 */
export function poolNotHeld(obs) {
  const c = obs.census;
  if (!c) return null;
  if (c.unparked.length) return `${c.unparked.length} of ${c.threads} pool threads were not parked`;
  if (c.ranInWindow.length) {
    const runs = c.ranInWindow.reduce((/** @type {number} */ n, /** @type {{ runs: number }} */ r) => n + r.runs, 0);
    return `${c.ranInWindow.length} of ${c.threads} pool threads ran ${runs}× while the pool was meant to be held`;
  }
  return null;
}

/**
 * The timing channel of a network spec: R = median time of one operation
 * kind / time the pool was held, in the same trial.
 * @param {{ op: string, what: string, claim: number, alternatives: Record<string, number> }} o
 */
export function heldRatio({ op, what, claim, alternatives }) {
  return {
    statistic: 'R',
    description: `median ${what} time / time the pool was held (same trial)`,
    claim,
    alternatives,
    looks: [9, 15, 21],
    alpha: 0.01,
    value: (/** @type {any} */ obs) => median(obs.ops[op].times) / obs.releasedAt,
  };
}
