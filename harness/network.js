// Shared by the network specs: one trial parks every pool thread on FIFOs for
// HOLD_MS while N operations run, with an fs.stat as the positive control.

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
  if (obs.parked !== null && obs.parked !== obs.P) return `only ${obs.parked} of ${obs.P} pool threads were seen parked`;
  return null;
}
