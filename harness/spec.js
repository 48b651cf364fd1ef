// @ts-check
// The spec contract: metadata about one claim plus a plan that says, for the
// machine at hand, what to measure and what the model expects.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rangeProblem, satisfiesVersion } from './range.js';
import { SpecError } from './errors.js';

/**
 * @typedef {object} Source
 * @property {string} file        the source article, by file name
 * @property {string} section     where in it the claim is made
 * @property {string | null} figures  the source's own figures, quoted, with its machine
 * @property {SourceTable} [table] the source's own table of results, as data, for the reports to show beside ours
 *
 * @typedef {object} SourceTable   figures only, never the source's sentences
 * @property {string} setup        how the source measured (tool, load, machine)
 * @property {string[]} columns    column headings
 * @property {(string | number | null)[][]} rows  one cell per column
 *
 * @typedef {object} Plan          what a spec measures on this machine
 * @property {string} [skip]       a precondition is not met: why (a platform, a version, C − 1 = 0)
 * @property {string} [undecidable] the claim applies here but this machine cannot decide it: why, with the
 *                                 figures (e.g. a measured parallelism too low to tell a speed-up); the
 *                                 verdict is inconclusive, with no trial run
 * @property {string} [timingUndecidable] as `undecidable`, for the timing only: why this machine cannot
 *                                 decide it; the structural check's trials still run (up to its `need`),
 *                                 and a structure that fails them fails the claim, else it is inconclusive
 * @property {boolean} [fromParallelism] the timing is undecidable on the effective parallelism the run's
 *                                 profile read: the engine reads it again at the claim's start and plans
 *                                 again on that reading (the record's expectation.parallelismNow)
 * @property {'holds' | 'refuted'} [expected]  overrides the spec's default for this machine
 * @property {string} summary      the expectation in words, with the model's numbers for this machine
 * @property {object} [model]      the model's prediction, as data
 * @property {(ctx: import('./context.js').Context, n: number) => Promise<any>} trial  one trial: returns the raw observation
 * @property {(import('./verdict.js').StructuralPlan & { check: (obs: any) => import('./verdict.js').Check })} [structural]  timing-free yes/no per trial
 * @property {(import('./verdict.js').TimingPlan & { value: (obs: any) => number })} [timing]  a ratio per trial against the model
 * @property {number} [maxTrials]  default: the last timing look, else the structural cap
 * @property {() => Promise<void>} [end]  stops what the trials keep running between them (a throughput
 *                                 claim's servers); called once the claim's trials are over, however they ended (once per sitting: engine.js)
 *
 * @typedef {object} Spec
 * @property {string} id           area-prefixed id, e.g. 'pool.fifth-lags'
 * @property {string} title        one line
 * @property {string} area         folder under specs/
 * @property {string} claim        the claim, in our words
 * @property {string} truth        what is really true, per the catalogue
 * @property {'holds' | 'refuted'} expected  whether the claim holds as stated
 * @property {Source} source
 * @property {string[]} [requires] preconditions: 'linux', 'posix'
 * @property {string[]} [tags]     from TAGS
 * @property {string} [node]       the Node versions the claim applies to, e.g. '>=22' or '20.x || >=24'; elsewhere it is skipped
 * @property {(ctx: import('./context.js').Context) => Plan} plan
 */

/** The areas of the built-in catalogue: folders under specs/. Claim packs loaded with --specs may use their own. */
export const AREAS = ['threadpool', 'network', 'workers', 'cluster', 'os'];
/** Preconditions a spec may require. */
export const REQUIREMENTS = ['linux', 'posix'];

/** The tag vocabulary: what a tag says about a spec. */
export const TAGS = Object.freeze({
  structural:
    'decided by timing-free evidence alone (FIFO parking, /proc, pids, event orders); without timing or throughput, it runs beside other such claims (--lanes)',
  timing: 'judges a timing ratio (completion times, latencies) against the model',
  throughput: 'compares throughputs in interleaved A/B blocks',
  'fifo-probe': 'counts pool threads by parking them on named pipes',
  'thread-accounting': 'reads per-thread CPU time from /proc',
  load: 'drives a loopback HTTP server with the load generator',
  env: 'about UV_THREADPOOL_SIZE and how it is read',
  dns: 'about dns.lookup or dns.resolve*',
  version: 'the truth depends on the Node or libuv version',
  'mostly-waits':
    'structural, and its trials spend most of their time waiting on a timer (a late reading, an idle timeout, a drawn hold): such claims run side by side in lanes of their own (--lanes)',
  'bounded-wait':
    'waits a bounded time for something a busy machine delays (a replacement worker to start and answer): it runs alone, never beside other claims',
});

/** Ids: lowercase words joined by '-', with at least one '.' (prefix.name). */
export const ID_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$/;
const AREA_PATTERN = /^[a-z][a-z0-9_-]*$/;

/**
 * Declare a spec. Checks its shape at load time so a malformed spec fails
 * early, with the field named.
 * @param {Spec} spec
 * @returns {Readonly<Spec>}
 */
export function defineSpec(spec) {
  // Which areas are allowed depends on where the file is (built-in or a
  // claim pack): the registry checks that; here only the area's form.
  const problems = validateSpec(spec, { areas: null });
  if (problems.length) throw new SpecError(`${spec?.id ?? 'spec'}: ${problems.join('; ')}`, { problems, spec });
  const frozen = Object.freeze(spec);
  const entry = testEntry();
  if (entry) testWhenEntry(frozen, entry);
  return frozen;
}

/** A spec file's name (as the registry's SPEC_FILE). */
const SPEC_ENTRY = /\.spec\.m?js$/;

/**
 * The spec file node's test runner is running, as the URL it was loaded
 * under, or null. `node --test x.spec.js` runs the file as the entry module
 * of a child with NODE_TEST_CONTEXT set; the CLI (harness/cli.js) and a
 * user's test file that calls check() are entry modules that are not spec
 * files, even when NODE_TEST_CONTEXT is inherited.
 */
function testEntry() {
  const main = process.argv[1];
  if (!process.env.NODE_TEST_CONTEXT || !main || !SPEC_ENTRY.test(main)) return null;
  let file = path.resolve(main);
  try {
    file = realpathSync(file); // node loads the entry module by its real path
  } catch {
    return null;
  }
  return pathToFileURL(file).href;
}

/**
 * A spec file run by `node --test` is a test of its claim, not a module that
 * defines one and passes having measured nothing: once the entry module has
 * loaded, if this spec is its default export (and not a spec that module
 * loaded from elsewhere), register one test, named by the id, that judges the
 * claim here with check() and passes when the verdict is as expected (pass,
 * or refuted as the catalogue expects) or skips with the reason.
 * @param {Readonly<Spec>} spec @param {string} entry the entry module's URL
 */
function testWhenEntry(spec, entry) {
  // The entry module is still being evaluated: import() settles once it has.
  import(entry).then(
    async (mod) => {
      if (mod.default !== spec) return;
      const [{ test }, { check }, { toBeAsExpected }] = await Promise.all([
        import('node:test'),
        import('./check.js'),
        import('./matchers.js'),
      ]);
      test(spec.id, async (t) => {
        const result = await check(spec.id, { specs: [spec] });
        if (result.verdict === 'skip') return t.skip(result.reason);
        const judged = toBeAsExpected(result);
        if (!judged.pass) throw new Error(judged.message());
      });
    },
    () => {}, // the entry module failed to load: the runner reports that
  );
}

/**
 * The shape of a spec: what a runner needs to run it.
 * @param {any} spec
 * @param {{ areas?: readonly string[] | null }} [o] areas allowed (default AREAS; null: any well-formed area)
 * @returns {string[]} problems, each 'field: what is wrong'
 */
export function validateSpec(spec, { areas = AREAS } = {}) {
  const p = [];
  if (!spec || typeof spec !== 'object') return ['spec: not an object'];
  const str = (/** @type {string} */ k) => {
    if (typeof spec[k] !== 'string' || spec[k].trim() === '') p.push(`${k}: missing or empty`);
  };
  ['id', 'title', 'area', 'claim', 'truth'].forEach(str);
  if (typeof spec.id === 'string' && !ID_PATTERN.test(spec.id)) p.push(`id: '${spec.id}' is not of the form area.name`);
  if (typeof spec.area === 'string' && spec.area.trim()) {
    if (areas && !areas.includes(spec.area)) p.push(`area: '${spec.area}' is not one of ${areas.join(', ')}`);
    else if (!areas && !AREA_PATTERN.test(spec.area)) p.push(`area: '${spec.area}' is not a lowercase folder name`);
  }
  if (!['holds', 'refuted'].includes(spec.expected)) p.push(`expected: must be 'holds' or 'refuted'`);
  const s = spec.source;
  if (!s || typeof s.file !== 'string' || !s.file || typeof s.section !== 'string' || !s.section)
    p.push('source: needs file and section');
  else if (s.figures !== null && typeof s.figures !== 'string') p.push('source.figures: must be a string or null');
  else if (s.table !== undefined) p.push(...tableProblems(s.table));
  if (spec.requires !== undefined && !Array.isArray(spec.requires)) p.push('requires: must be an array');
  else
    for (const r of spec.requires ?? []) if (!REQUIREMENTS.includes(r)) p.push(`requires: unknown precondition '${r}'`);
  if (
    spec.tags !== undefined &&
    !(Array.isArray(spec.tags) && spec.tags.every((/** @type {unknown} */ t) => typeof t === 'string'))
  )
    p.push('tags: must be an array of strings');
  if (spec.node !== undefined) {
    const why = rangeProblem(spec.node);
    if (why) p.push(`node: ${JSON.stringify(spec.node)} is not a version range: ${why}`);
  }
  if (typeof spec.plan !== 'function') p.push('plan: must be a function (ctx) => plan');
  return p;
}

/**
 * What is wrong with a source's table (none: []).
 * @param {unknown} t
 * @returns {string[]}
 */
export function tableProblems(t) {
  const table = /** @type {any} */ (t);
  if (!table || typeof table !== 'object' || Array.isArray(table)) return ['source.table: must be an object'];
  const p = [];
  if (typeof table.setup !== 'string' || !table.setup.trim()) p.push('source.table.setup: missing or empty');
  const cols = table.columns;
  if (!Array.isArray(cols) || !cols.length || !cols.every((c) => typeof c === 'string' && c.trim()))
    p.push('source.table.columns: must be a non-empty array of strings');
  if (!Array.isArray(table.rows) || !table.rows.length) p.push('source.table.rows: must be a non-empty array');
  else
    table.rows.forEach((/** @type {unknown} */ row, /** @type {number} */ i) => {
      const cells = Array.isArray(row) ? row : null;
      if (!cells || (Array.isArray(cols) && cells.length !== cols.length))
        p.push(`source.table.rows[${i}]: must have one cell per column (${Array.isArray(cols) ? cols.length : '?'})`);
      else if (
        !cells.every((c) => c === null || typeof c === 'string' || (typeof c === 'number' && Number.isFinite(c)))
      )
        p.push(`source.table.rows[${i}]: cells must be strings, finite numbers or null`);
    });
  for (const k of Object.keys(table))
    if (!['setup', 'columns', 'rows'].includes(k))
      p.push(`source.table.${k}: unknown field (known: setup, columns, rows)`);
  return p;
}

/**
 * Preconditions this environment does not meet, as a skip reason (or null):
 * the platform, and the Node version range of the binary under test.
 * @param {Pick<Spec, 'requires' | 'node'>} spec
 * @param {{ platform: string, node?: { version: string } }} env
 */
export function unmetRequirement(spec, env) {
  for (const r of spec.requires ?? []) {
    if (r === 'linux' && env.platform !== 'linux') return `needs Linux /proc (this is ${env.platform})`;
    if (r === 'posix' && env.platform === 'win32') return 'needs POSIX named pipes (not on Windows)';
  }
  if (spec.node && env.node?.version && !satisfiesVersion(env.node.version, spec.node)) {
    return `applies to Node ${spec.node} (this is Node ${env.node.version.replace(/^v/, '')})`;
  }
  return null;
}
