// @ts-check
// The package's programmatic API: declare specs, run them, judge samples,
// lint, and apply known deviations. Matchers for `expect` are a separate
// entry: 'node-concurrency-spec/matchers'.

// Authoring a spec
export { UsageError, SpecError, FixtureError, JudgeError } from './errors.js';
export { defineSpec, validateSpec, unmetRequirement, AREAS, TAGS, REQUIREMENTS, ID_PATTERN } from './spec.js';
export { satisfiesVersion, satisfiesCount, rangeProblem } from './range.js';
export { predictCompletions, predictSorted, batches, threadsUsed, splitTime } from './kits/model.js';
export { median, quantile, medianInterval, medianRank, round } from './stats.js';
export { DEFAULT_POOL, poolSize, sizeInForce, probePool, probeText, batchPlan } from './kits/pool.js';

// Running and judging
export { decide, judgeTiming, judgeStructural, region, TIMING_LOOKS } from './verdict.js';
export { run } from './engine.js';
export { check } from './check.js';
export { probeMachine, machineFromRecord, describeEnvironment } from './machine.js';
export { createLauncher, replayLauncher } from './launcher.js';
export { specContext } from './context.js';
export { loadSpecs, scanSpecs, selectSpecs, SPECS_DIR } from './registry.js';
export { buildRecord, exitCode, summarize, SCHEMA_VERSION } from './record.js';
export { LIVE, EXPORTERS, REPORTERS, exportRecord } from './reporters/index.js';

// Contributing and conformance
export { lintSpecs, policyProblems, SOURCES } from './lint.js';
export { loadExpectations, applyExpectations, knownHere, whereFrom } from './expectations.js';
export { verify } from './verify.js';

/**
 * @typedef {import('./spec.js').Spec} Spec
 * @typedef {import('./spec.js').Plan} Plan
 * @typedef {import('./spec.js').Source} Source
 * @typedef {import('./context.js').Context} Context
 * @typedef {import('./machine.js').Machine} Machine
 * @typedef {import('./launcher.js').Launcher} Launcher
 * @typedef {import('./engine.js').RunEvent} RunEvent
 * @typedef {import('./verdict.js').StructuralPlan} StructuralPlan
 * @typedef {import('./verdict.js').TimingPlan} TimingPlan
 * @typedef {import('./verdict.js').Check} Check
 * @typedef {import('./expectations.js').Entry} ExpectationEntry
 */
