export { UsageError, SpecError, FixtureError, JudgeError } from './errors.js';
export { defineSpec, validateSpec, unmetRequirement, AREAS, TAGS, REQUIREMENTS, ID_PATTERN } from './spec.js';
export { satisfiesVersion, satisfiesCount, rangeProblem } from './range.js';
export { predictCompletions, predictSorted, batches, threadsUsed, splitTime } from './kits/model.js';
export { median, quantile, medianInterval, medianRank, round } from './stats.js';
export { DEFAULT_POOL, poolSize, sizeInForce, probePool, probeText, batchPlan } from './kits/pool.js';
export { decide, judgeTiming, judgeStructural, region, TIMING_LOOKS } from './verdict.js';
export { run } from './engine.js';
export { check } from './check.js';
export { probeMachine, machineFromRecord, describeEnvironment } from './machine.js';
export { createLauncher, replayLauncher } from './launcher.js';
export { specContext } from './context.js';
export { loadSpecs, scanSpecs, selectSpecs, SPECS_DIR } from './registry.js';
export { buildRecord, exitCode, summarize, SCHEMA_VERSION } from './record.js';
export { LIVE, EXPORTERS, REPORTERS, exportRecord } from './reporters/index.js';
export { lintSpecs, policyProblems, SOURCES } from './lint.js';
export { loadExpectations, applyExpectations, knownHere, whereFrom } from './expectations.js';
export { verify } from './verify.js';
export type Spec = import('./spec.js').Spec;
export type Plan = import('./spec.js').Plan;
export type Source = import('./spec.js').Source;
export type Context = import('./context.js').Context;
export type Machine = import('./machine.js').Machine;
export type Launcher = import('./launcher.js').Launcher;
export type RunEvent = import('./engine.js').RunEvent;
export type StructuralPlan = import('./verdict.js').StructuralPlan;
export type TimingPlan = import('./verdict.js').TimingPlan;
export type Check = import('./verdict.js').Check;
export type ExpectationEntry = import('./expectations.js').Entry;
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
