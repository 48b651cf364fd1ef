// @ts-check
// Sabotages built blind, twelfth round (c): what each is run against and which
// claims it must break (see sabotage-plan.js's Sabotage). The fixtures' side is
// fixtures/lib/sabotage-blind12c.cjs.

/** @type {import('./sabotage-plan.js').Sabotage[]} */
export const BLIND12C = [];
