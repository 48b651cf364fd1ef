// @ts-check
// Sabotages built blind, twelfth round (b): what each is run against and which
// claims it must break (see sabotage-plan.js's Sabotage). The fixtures' side is
// fixtures/lib/sabotage-blind12b.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const BLIND12B = [];
