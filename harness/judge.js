// Re-judging a saved record: the verdict logic of this version (each spec's
// plan, structural check, timing value and decide(), through the runner
// itself) over the raw samples the record holds, in order, stopping where the
// runner would have stopped. Nothing is measured: a plan's trial() returns
// the next recorded sample.
import { runSpec } from './runner.js';
import { buildRecord, SCHEMA_VERSION } from './record.js';
import { TASK_MS } from './context.js';

/** A record that cannot be re-judged: one line for the user. */
export class JudgeError extends Error {
  name = 'JudgeError';
}

/**
 * Check what re-judging needs of a parsed record.
 * @param {any} record @param {string} [file]
 */
export function checkJudgeable(record, file = 'record') {
  if (!record || typeof record !== 'object' || Array.isArray(record)) throw new JudgeError(`${file}: not a result record (expected a JSON object)`);
  if (record.schemaVersion !== SCHEMA_VERSION) throw new JudgeError(`${file}: schemaVersion ${JSON.stringify(record.schemaVersion ?? null)}, this version reads ${SCHEMA_VERSION}`);
  if (!Array.isArray(record.results)) throw new JudgeError(`${file}: no results array`);
  if (!record.environment || typeof record.environment !== 'object') throw new JudgeError(`${file}: no environment`);
  return record;
}

/**
 * A context like harness/context.js builds, from what the record says about
 * where it was made: enough for spec.plan(ctx). It runs nothing.
 * @param {any} record
 */
export function contextFromRecord(record) {
  const env = record.environment;
  const profile = record.profile ?? null;
  const version = String(env.node?.version ?? '0.0.0').replace(/^v/, '');
  const list = env.cpus?.list ?? null;
  const refuse = () => {
    throw new Error('re-judging runs nothing: no more recorded samples');
  };
  return {
    node: { path: env.node?.path ?? '', execPath: env.node?.path ?? '', version, major: Number(version.split('.')[0]), v8: env.node?.v8 ?? '', uv: env.node?.uv ?? '' },
    platform: env.platform,
    arch: env.arch,
    release: env.release,
    cpus: list,
    cpuMethod: env.cpus?.method ?? 'none',
    requestedCpus: env.cpus?.requested ?? null,
    skipAll: null,
    quick: Boolean(env.quick),
    tmpdir: '',
    signal: undefined,
    profile,
    cores: profile?.cores ?? list?.length ?? profile?.availableParallelism ?? 1,
    pbkdf2: profile?.pbkdf2 ?? { iterations: 0, taskMs: TASK_MS },
    usable: list ?? profile?.affinity ?? null,
    run: refuse,
    start: refuse,
    dispose() {},
  };
}

/**
 * @typedef {object} Judged
 * @property {any} result        the result to put in the new record
 * @property {'rejudged' | 'kept' | 'not-found'} how
 * @property {boolean} changed   verdict differs from the record's
 * @property {number} used       samples the new verdict used
 * @property {number} recorded   samples in the record
 * @property {string} [note]
 */

/**
 * Re-judge one recorded result with its spec (or keep it, saying why).
 * @param {any} spec  undefined when the record's id is unknown here
 * @param {any} recorded
 * @param {ReturnType<typeof contextFromRecord>} ctx
 * @returns {Promise<Judged>}
 */
export async function judgeResult(spec, recorded, ctx) {
  const samples = Array.isArray(recorded.samples) ? recorded.samples : [];
  const base = { recorded: samples.length, changed: false };
  if (!spec) return { ...base, result: recorded, how: 'not-found', used: samples.length, note: 'not re-judged (spec not found)' };
  if (recorded.verdict === 'skip' || recorded.verdict === 'error') return { ...base, result: recorded, how: 'kept', used: samples.length, note: `kept as recorded (${recorded.verdict})` };
  const replay = {
    ...spec,
    plan(/** @type {any} */ c) {
      const plan = spec.plan(c);
      return { ...plan, trial: (/** @type {any} */ _c, /** @type {number} */ n) => (n <= samples.length ? samples[n - 1] : c.run()) };
    },
  };
  const gen = runSpec({ spec: replay, ctx: /** @type {any} */ (ctx), now: () => 0 });
  let step = await gen.next();
  while (!step.done) step = await gen.next();
  let result = step.value;
  let note;
  if (result.verdict === 'error' && /no more recorded samples/.test(result.reason)) {
    // the record ended before the runner would have: judge what there is
    result = { ...result, verdict: 'inconclusive', label: 'inconclusive', reason: `undecided after the ${samples.length} recorded trial${samples.length === 1 ? '' : 's'}` };
    note = `record ends undecided after ${samples.length} trials`;
  } else if (result.trials < samples.length) note = `decided after ${result.trials} of ${samples.length} recorded trials`;
  result = { ...result, durationMs: recorded.durationMs ?? result.durationMs };
  const changed = result.verdict !== recorded.verdict;
  // a known-deviation mark holds for the verdict it was made for
  if (recorded.known && !changed) result = { ...result, label: recorded.label, known: recorded.known };
  return { result, how: 'rejudged', changed, used: result.trials, recorded: samples.length, note };
}

/**
 * Re-judge a whole record with the given specs.
 * @param {any} record @param {any[]} specs @param {{ strict?: boolean }} [o]
 */
export async function judgeRecord(record, specs, { strict = false } = {}) {
  checkJudgeable(record);
  const ctx = contextFromRecord(record);
  const byId = new Map(specs.map((s) => [s.id, s]));
  /** @type {(Judged & { id: string, before: string })[]} */
  const judged = [];
  for (const r of record.results) judged.push({ id: r.id, before: r.verdict, ...(await judgeResult(byId.get(r.id), r, ctx)) });
  const rebuilt = buildRecord({
    startedAt: new Date(record.startedAt),
    finishedAt: new Date(record.finishedAt),
    argv: record.argv ?? [],
    selection: record.selection ?? [],
    environment: record.environment,
    profile: record.profile ?? null,
    results: judged.map((j) => j.result),
    interrupted: Boolean(record.interrupted),
    strict,
    expectations: record.expectations ?? null,
  });
  return { record: { ...rebuilt, tool: record.tool ?? rebuilt.tool, durationMs: record.durationMs ?? rebuilt.durationMs }, judged };
}

/**
 * The table: changed claims first, then the unchanged, then those kept.
 * @param {Awaited<ReturnType<typeof judgeRecord>>['judged']} judged
 */
export function judgeTable(judged) {
  const width = Math.max(10, ...judged.map((j) => j.id.length));
  const line = (/** @type {string} */ tag, /** @type {any} */ j, /** @type {string} */ verdicts) =>
    `  ${tag.padEnd(9)} ${j.id.padEnd(width)}  ${verdicts.padEnd(26)} ${j.note ?? `${j.used} trial${j.used === 1 ? '' : 's'}`}`;
  const changed = judged.filter((j) => j.changed);
  const same = judged.filter((j) => j.how === 'rejudged' && !j.changed);
  const other = judged.filter((j) => j.how !== 'rejudged');
  const out = [];
  for (const j of changed) out.push(line('changed', j, `${j.before} → ${j.result.verdict}`), `            ${j.result.reason}`);
  for (const j of same) out.push(line('same', j, j.result.verdict));
  for (const j of other) out.push(line(j.how === 'kept' ? 'kept' : 'not found', j, j.before));
  out.push('', `${changed.length} changed, ${same.length} unchanged, ${other.filter((j) => j.how === 'kept').length} kept as recorded (skip, error), ${other.filter((j) => j.how === 'not-found').length} not re-judged (spec not found)`);
  return out.join('\n');
}
