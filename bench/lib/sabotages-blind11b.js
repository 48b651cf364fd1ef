// @ts-check
// Sabotages built blind, eleventh round (b): what each is run against and which
// claims it must break (see sabotage-plan.js's Sabotage). The fixtures' side is
// fixtures/lib/sabotage-blind11b.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const BLIND11B = [];
