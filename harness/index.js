// The package's programmatic API: declare specs, run them, judge samples.
export { defineSpec, validateSpec, SpecError } from './spec.js';
export { predictCompletions, predictSorted, batches, threadsUsed, splitTime } from './model.js';
export { median, quantile, medianInterval, medianRank } from './stats.js';
export { decide, judgeTiming, judgeStructural, region } from './verdict.js';
export { runSpecs } from './runner.js';
export { loadSpecs, selectSpecs } from './registry.js';
export { createContext } from './context.js';
export { buildRecord, exitCode, SCHEMA_VERSION } from './record.js';
export { reporters, fromRecord } from './reporters/index.js';
