// Candidate changes to a spec's timing statistic, tried in the validity sweep
// beside the spec as it is (node bench/validity.js --variants). Each variant
// is the spec with a different plan (e.g. batchPlan from harness/kits/pool.js with
// another statistic); its id ends in '~name'.

/**
 * @typedef {{ base: string, name: string, why: string, plan: (ctx: any) => any }} Variant
 */

/**
 * Candidate statistics under evaluation. Empty: the last candidate, the lag L
 * for pool.size-five-all-together (instead of the spread S, which read uneven
 * sharing of 5 threads on fewer cores as P=4), was adopted by the spec.
 * @type {Variant[]}
 */
export const VARIANTS = [];

/**
 * The variants of the given specs, as specs.
 * @param {any[]} specs
 */
export function variantSpecs(specs) {
  return VARIANTS.flatMap((v) => {
    const base = specs.find((s) => s.id === v.base);
    return base ? [{ ...base, id: `${base.id}~${v.name}`, plan: v.plan, variant: v }] : [];
  });
}
