// @ts-check
// check(): one claim judged from inside a user's own test runner (node:test,
// node-tap, vitest, jest), in the environment the user gives it:
//
//   import { check } from 'node-concurrency-spec';
//   test('the pool runs four at once here', async () => {
//     const result = await check('pool.pbkdf2-four-together', { env: { UV_THREADPOOL_SIZE: '4' } });
//     assert.equal(result.verdict, 'pass', result.reason);     // or expect(result).toHold()
//   });
//
// The result is the claim's result as a run records it (verdict, label,
// reason, expectation, evidence, samples). The machine is probed once per
// distinct Node binary, CPU count and settings, and shared by later checks of
// the same test file.
import { loadSpecs } from './registry.js';
import { probeMachine } from './machine.js';
import { withLauncher } from './launcher.js';
import { runToRecord } from './engine.js';
import { UsageError } from './errors.js';
import { validateSpec } from './spec.js';

/**
 * @typedef {object} CheckOptions
 * @property {Record<string, string>} [env]  settings in force for every fixture (as --env)
 * @property {number | null} [cpus]          pin the fixtures to the first N CPUs (as --cpus)
 * @property {string} [node]                 the Node binary under test (as --node); default: this one
 * @property {boolean} [quick]               the suite's --quick plans
 * @property {(string | import('./spec.js').Spec)[]} [specs]  claim packs to load as well (directories, as --specs),
 *                                           or specs themselves (from defineSpec), which are judged without loading
 *                                           the catalogue
 * @property {AbortSignal} [signal]          stops the check (the result is then an error: interrupted)
 */

/** @type {Map<string, Promise<import('./machine.js').Machine>>} */
const machines = new Map();

/**
 * Judge one claim, by its exact id.
 * @param {string} id
 * @param {CheckOptions} [o]
 */
export async function check(
  id,
  { env = {}, cpus = null, node = process.execPath, quick = false, specs = [], signal } = {},
) {
  const given = specs.filter((s) => typeof s !== 'string');
  for (const s of given) {
    const problems = validateSpec(s, { areas: null });
    if (problems.length) throw new UsageError(`check: ${s?.id ?? 'a spec'} given in specs: ${problems.join('; ')}`);
  }
  const dirs = specs.filter((s) => typeof s === 'string');
  const spec =
    given.find((s) => s.id === id) ?? (await loadSpecs(undefined, { specDirs: dirs })).find((s) => s.id === id);
  if (!spec) throw new UsageError(`check: unknown claim '${id}' (see node-concurrency-spec --list)`);
  const key = JSON.stringify([node, cpus, quick, Object.entries(env).sort()]);
  if (!machines.has(key)) {
    const probing = probeMachine({ nodePath: node, cpus, quick, signal, env });
    probing.catch(() => machines.delete(key)); // a failed probe is not remembered
    machines.set(key, probing);
  }
  const machine = await /** @type {Promise<import('./machine.js').Machine>} */ (machines.get(key));
  const record = await withLauncher({ machine, signal }, (launcher) =>
    runToRecord({ specs: [spec], machine, launcher, options: { signal } }),
  );
  return record.results[0];
}
