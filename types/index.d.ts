export { defineSpec, validateSpec, unmetRequirement, SpecError, AREAS, TAGS, REQUIREMENTS, ID_PATTERN } from './spec.js';
export { satisfiesVersion, satisfiesCount, rangeProblem } from './range.js';
export { predictCompletions, predictSorted, batches, threadsUsed, splitTime } from './model.js';
export { median, quantile, medianInterval, medianRank, round } from './stats.js';
export { DEFAULT_POOL, probePool, probeText, batchPlan } from './pool.js';
export { decide, judgeTiming, judgeStructural, region } from './verdict.js';
export { runSpecs } from './runner.js';
export { loadSpecs, scanSpecs, selectSpecs, SPECS_DIR } from './registry.js';
export { createContext } from './context.js';
export { buildRecord, exitCode, summarize, SCHEMA_VERSION } from './record.js';
export { reporters, fromRecord } from './reporters/index.js';
export { lintSpecs, policyProblems, SOURCES } from './lint.js';
export { loadExpectations, applyExpectations, markKnown, whereFrom } from './expectations.js';
export { verify } from './verify.js';
export type Spec = import('./spec.js').Spec;
export type Plan = import('./spec.js').Plan;
export type Source = import('./spec.js').Source;
export type Context = import('./context.js').Context;
export type StructuralPlan = import('./verdict.js').StructuralPlan;
export type TimingPlan = import('./verdict.js').TimingPlan;
export type Check = import('./verdict.js').Check;
export type ExpectationEntry = import('./expectations.js').Entry;
/**
 * @typedef {import('./spec.js').Spec} Spec
 * @typedef {import('./spec.js').Plan} Plan
 * @typedef {import('./spec.js').Source} Source
 * @typedef {import('./context.js').Context} Context
 * @typedef {import('./verdict.js').StructuralPlan} StructuralPlan
 * @typedef {import('./verdict.js').TimingPlan} TimingPlan
 * @typedef {import('./verdict.js').Check} Check
 * @typedef {import('./expectations.js').Entry} ExpectationEntry
 */
