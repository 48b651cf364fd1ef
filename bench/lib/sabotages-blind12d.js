// @ts-check
// Sabotages built blind, twelfth round (d): what each is run against and which
// claims it must break (see sabotage-plan.js's Sabotage). The fixtures' side is
// fixtures/lib/sabotage-blind12d.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const BLIND12D = [];
