// The spec contract: metadata about one claim plus a plan that says, for the
// machine at hand, what to measure and what the model expects.

/**
 * @typedef {object} Source
 * @property {string} file        the source article, by file name
 * @property {string} section     where in it the claim is made
 * @property {string | null} figures  the source's own figures, quoted, with its machine
 *
 * @typedef {object} Plan          what a spec measures on this machine
 * @property {string} [skip]       a precondition is not met: why
 * @property {'holds' | 'refuted'} [expected]  overrides the spec's default for this machine
 * @property {string} summary      the expectation in words, with the model's numbers for this machine
 * @property {object} [model]      the model's prediction, as data
 * @property {(ctx: import('./context.js').Context, n: number) => Promise<any>} trial  one trial: returns the raw observation
 * @property {(import('./verdict.js').StructuralPlan & { check: (obs: any) => { ok: boolean, detail: string } })} [structural]
 * @property {(import('./verdict.js').TimingPlan & { value: (obs: any) => number })} [timing]
 * @property {number} [maxTrials]
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
 * @property {(ctx: import('./context.js').Context) => Plan} plan
 */

export const AREAS = ['threadpool', 'network', 'workers', 'cluster'];
export const REQUIREMENTS = ['linux', 'posix'];

/**
 * Declare a spec. Checks its shape at load time so a malformed spec fails
 * early, with the field named.
 * @param {Spec} spec
 * @returns {Readonly<Spec>}
 */
export function defineSpec(spec) {
  const problems = validateSpec(spec);
  if (problems.length) throw new SpecError(`${spec?.id ?? 'spec'}: ${problems.join('; ')}`);
  return Object.freeze(spec);
}

/** A spec file is malformed. */
export class SpecError extends Error {
  name = 'SpecError';
}

/**
 * @param {any} spec
 * @returns {string[]} problems, each 'field: what is wrong'
 */
export function validateSpec(spec) {
  const p = [];
  if (!spec || typeof spec !== 'object') return ['spec: not an object'];
  const str = (/** @type {string} */ k) => {
    if (typeof spec[k] !== 'string' || spec[k].trim() === '') p.push(`${k}: missing or empty`);
  };
  ['id', 'title', 'area', 'claim', 'truth'].forEach(str);
  if (typeof spec.id === 'string' && !/^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$/.test(spec.id)) p.push(`id: '${spec.id}' is not of the form area.name`);
  if (spec.area && !AREAS.includes(spec.area)) p.push(`area: '${spec.area}' is not one of ${AREAS.join(', ')}`);
  if (!['holds', 'refuted'].includes(spec.expected)) p.push(`expected: must be 'holds' or 'refuted'`);
  const s = spec.source;
  if (!s || typeof s.file !== 'string' || !s.file || typeof s.section !== 'string' || !s.section) p.push('source: needs file and section');
  else if (s.figures !== null && typeof s.figures !== 'string') p.push('source.figures: must be a string or null');
  for (const r of spec.requires ?? []) if (!REQUIREMENTS.includes(r)) p.push(`requires: unknown precondition '${r}'`);
  if (typeof spec.plan !== 'function') p.push('plan: must be a function (ctx) => plan');
  return p;
}

/**
 * Preconditions this environment does not meet, as a skip reason (or null).
 * @param {Spec} spec @param {{ platform: string }} env
 */
export function unmetRequirement(spec, env) {
  for (const r of spec.requires ?? []) {
    if (r === 'linux' && env.platform !== 'linux') return `needs Linux /proc (this is ${env.platform})`;
    if (r === 'posix' && env.platform === 'win32') return 'needs POSIX named pipes (not on Windows)';
  }
  return null;
}
