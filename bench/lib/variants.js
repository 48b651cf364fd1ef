// Candidate changes to a spec's timing statistic, tried in the validity sweep
// beside the spec as it is (node bench/validity.js --variants). Each variant
// is the spec with a different batchPlan statistic; its id ends in '~name'.
import { batchPlan } from '../../harness/pool.js';

/**
 * @typedef {{ base: string, name: string, why: string, plan: (ctx: any) => any }} Variant
 */

/** @type {Variant[]} */
export const VARIANTS = [
  {
    base: 'pool.size-five-all-together',
    name: 'L',
    why: 'lag of the last task (t5 − t4)/t5 instead of the spread (t5 − t1)/t5: with 5 threads on fewer cores, uneven sharing spreads the completions (the spread reads as P=4), but the last two still finish together; P=4 always leaves the fifth task to start late',
    plan: (ctx) =>
      batchPlan(ctx, {
        k: 5,
        P: 5,
        size: '5',
        reference: true,
        statistic: { name: 'L', description: 'lag of the last task, (t5 − t4) / t5', fn: (t) => (t[4] - t[3]) / t[4] },
        alternatives: [{ label: 'P=4', P: 4, C: ctx.cores }],
        summary: `Slow-down against one task alone: about ${Math.max(1, 5 / ctx.cores).toFixed(2)}× on C=${ctx.cores}`,
      }),
  },
];

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
