// @ts-check
// The package's programmatic API: declare specs, run them, judge samples,
// lint, and apply known deviations. Matchers for `expect` are a separate
// entry: 'node-concurrency-spec/matchers'.

// Authoring a spec
export { defineSpec, validateSpec, unmetRequirement, SpecError, AREAS, TAGS, REQUIREMENTS, ID_PATTERN } from './spec.js';
export { satisfiesVersion, satisfiesCount, rangeProblem } from './range.js';
export { predictCompletions, predictSorted, batches, threadsUsed, splitTime } from './model.js';
export { median, quantile, medianInterval, medianRank, round } from './stats.js';
export { DEFAULT_POOL, probePool, probeText, batchPlan } from './pool.js';

// Running and judging
export { decide, judgeTiming, judgeStructural, region } from './verdict.js';
export { runSpecs } from './runner.js';
export { loadSpecs, scanSpecs, selectSpecs, SPECS_DIR } from './registry.js';
export { createContext } from './context.js';
export { buildRecord, exitCode, summarize, SCHEMA_VERSION } from './record.js';
export { reporters, fromRecord } from './reporters/index.js';

// Contributing and conformance
export { lintSpecs, policyProblems, SOURCES } from './lint.js';
export { loadExpectations, applyExpectations, markKnown, whereFrom } from './expectations.js';
export { verify } from './verify.js';

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
