// @ts-check
// Sabotages built blind, eleventh round (c): what each is run against and which
// claims it must break (see sabotage-plan.js's Sabotage). The fixtures' side is
// fixtures/lib/sabotage-blind11c.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const BLIND11C = [];
