// Every claim names what its structural check asserts: a plan that is
// neither skipped nor undecidable and has a structural channel sets
// `structural.asserts`, or its check names its parts (the pool batch plans,
// kits/pool.js checkBatch, and the throughput claims whose check splits its
// structure), so the reports never fall back to "the structure the model
// predicts". Plans only: synthetic Linux contexts, no trial runs.
import { describe, it, before } from 'node:test';
import { expect } from 'expect';
import { loadSpecs } from '../harness/registry.js';
import { satisfiesVersion } from '../harness/range.js';

/** Two Node versions whose plans differ (a pooled transfer copies or throws, readFile's trips). */
const NODES = [
  { path: 'node', execPath: 'node', version: '20.20.2', major: 20, v8: '11.3.244.8', uv: '1.46.0' },
  { path: 'node', execPath: 'node', version: '26.10.0', major: 26, v8: '14.1.146.11', uv: '1.52.1' },
];

/**
 * Specs whose structural check returns named parts (verdict.js assertionsOf
 * shows them in place of `asserts`), beyond the pool batch plans, which
 * carry their batch shape in the model (kits/pool.js batchPlan).
 */
const NAMES_PARTS = new Set(['cluster.slower-on-light']);

/**
 * A synthetic Linux machine with C cores, as machine.js would describe it.
 * @param {number} C @param {(typeof NODES)[number]} node
 */
const planContext = (C, node) =>
  /** @type {any} */ ({
    node,
    platform: 'linux',
    arch: 'x64',
    release: '6.8.0',
    cpus: null,
    cpuMethod: 'none',
    requestedCpus: null,
    quick: false,
    profile: { effectiveParallelism: { value: C }, cgroupQuota: null },
    cores: C,
    pbkdf2: { iterations: 100_000, taskMs: 120, referenceMs: 120 },
    usable: Array.from({ length: C }, (_, i) => i),
    env: {},
    poolSize: 4,
    poolSizeFrom: 'default',
    openFiles: 65_536,
  });

/** Whether a plan's check names its parts itself. @param {any} spec @param {any} plan */
const namesParts = (spec, plan) => NAMES_PARTS.has(spec.id) || Array.isArray(plan.model?.batches);

describe('every structural channel names what it asserts', () => {
  /** @type {import('../harness/spec.js').Spec[]} */
  let specs = [];
  before(async () => {
    specs = await loadSpecs();
  });

  for (const node of NODES)
    for (const C of [1, 2, 4, 8]) {
      it(`Node ${node.version}, C=${C}: structural.asserts set, or the check names its parts`, async () => {
        expect(specs.length).toBeGreaterThan(0);
        const unnamed = [];
        const badly = [];
        let judged = 0;
        for (const spec of specs) {
          if (spec.node && !satisfiesVersion(node.version, spec.node)) continue;
          const plan = /** @type {any} */ (await spec.plan(planContext(C, node)));
          if (plan.skip || plan.undecidable || !plan.structural) continue;
          judged++;
          const asserts = plan.structural.asserts;
          if (asserts === undefined) {
            if (!namesParts(spec, plan)) unnamed.push(spec.id);
            continue;
          }
          // Short, plain, a phrase: lower-case start, no trailing period.
          if (
            typeof asserts !== 'string' ||
            !asserts.trim() ||
            asserts.length > 90 ||
            /^[A-Z]/.test(asserts) ||
            /\.$/.test(asserts)
          )
            badly.push(`${spec.id}: ${JSON.stringify(asserts)}`);
        }
        expect(judged).toBeGreaterThan(20);
        expect(unnamed).toEqual([]);
        expect(badly).toEqual([]);
      });
    }
});
