// @ts-check
// Re-judging a saved record: the verdict logic of this version (each spec's
// plan, structural check, timing value and decide()) run by the engine over
// the raw samples the record holds, in order, stopping where a run would have
// stopped. Nothing is measured: the machine is the record's, and the replay
// launcher hands each trial the next recorded sample.
import { runToRecord } from './engine.js';
import { machineFromRecord } from './machine.js';
import { replayLauncher } from './launcher.js';
import { buildRecord, SCHEMA_VERSION } from './record.js';
import { JudgeError } from './errors.js';

/**
 * Check what re-judging needs of a parsed record.
 * @param {any} record @param {string} [file]
 */
export function checkJudgeable(record, file = 'record') {
  if (!record || typeof record !== 'object' || Array.isArray(record))
    throw new JudgeError(`${file}: not a result record (expected a JSON object)`);
  if (record.schemaVersion !== SCHEMA_VERSION)
    throw new JudgeError(
      `${file}: schemaVersion ${JSON.stringify(record.schemaVersion ?? null)}, this version reads ${SCHEMA_VERSION}`,
    );
  if (!Array.isArray(record.results)) throw new JudgeError(`${file}: no results array`);
  if (!record.environment || typeof record.environment !== 'object') throw new JudgeError(`${file}: no environment`);
  return record;
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
 * Can this recorded result be re-judged? Skipped and errored results are kept
 * as recorded, and so are those of claims this version does not know.
 * @param {any} spec  undefined when the record's id is unknown here
 * @param {any} recorded
 * @returns {Judged | null} the kept result, or null to re-judge it
 */
function kept(spec, recorded) {
  const samples = Array.isArray(recorded.samples) ? recorded.samples : [];
  const base = { result: recorded, changed: false, used: samples.length, recorded: samples.length };
  if (!spec) return { ...base, how: 'not-found', note: 'not re-judged (spec not found)' };
  if (recorded.verdict === 'skip' || recorded.verdict === 'error') {
    return { ...base, how: 'kept', note: `kept as recorded (${recorded.verdict})` };
  }
  return null;
}

/**
 * A re-judged result beside the recorded one.
 * @param {any} result  the engine's result from the replay
 * @param {any} recorded
 * @param {boolean} ended  the record's samples ran out before a verdict
 * @returns {Judged}
 */
function compared(result, recorded, ended) {
  const samples = Array.isArray(recorded.samples) ? recorded.samples : [];
  let note;
  if (ended) note = `record ends undecided after ${samples.length} trials`;
  else if (result.trials < samples.length) note = `decided after ${result.trials} of ${samples.length} recorded trials`;
  let out = { ...result, durationMs: recorded.durationMs ?? result.durationMs };
  const changed = out.verdict !== recorded.verdict;
  // a known-deviation mark holds for the verdict it was made for
  if (recorded.known && !changed) out = { ...out, label: recorded.label, known: recorded.known };
  return { result: out, how: 'rejudged', changed, used: result.trials, recorded: samples.length, note };
}

/**
 * Re-judge a whole record with the given specs: the claims that can be
 * re-judged go through the engine on the record's machine with a replay
 * launcher; the others are kept. Results stay in the record's order.
 * @param {any} record @param {any[]} specs @param {{ strict?: boolean }} [o]
 */
export async function judgeRecord(record, specs, { strict = false } = {}) {
  checkJudgeable(record);
  const byId = new Map(specs.map((s) => [s.id, s]));
  const keptAs = record.results.map((/** @type {any} */ r) => kept(byId.get(r.id), r));
  const replayed = record.results.filter((/** @type {any} */ _r, /** @type {number} */ i) => !keptAs[i]);
  const samples = new Map(replayed.map((/** @type {any} */ r) => [r.id, Array.isArray(r.samples) ? r.samples : []]));
  const parallelism = new Map(
    replayed.map((/** @type {any} */ r) => [r.id, r.expectation?.parallelismNow?.now ?? null]),
  );
  const launcher = replayLauncher(samples, parallelism);
  const rejudge = replayed.map((/** @type {any} */ r) => byId.get(r.id));
  const replay = await runToRecord({
    specs: rejudge,
    machine: machineFromRecord(record),
    launcher,
    // The record's lanes: which claim sat last, and so which could sit twice, follows the order they ran in.
    options: { now: () => 0, lanes: record.environment?.lanes ?? 1 },
  });
  const results = new Map(replay.results.map((r) => [r.id, r]));
  /** @type {(Judged & { id: string, before: string })[]} */
  const judged = record.results.map((/** @type {any} */ r, /** @type {number} */ i) => ({
    id: r.id,
    before: r.verdict,
    ...(keptAs[i] ?? compared(results.get(r.id), r, launcher.ended.has(r.id))),
  }));
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
  return {
    record: { ...rebuilt, tool: record.tool ?? rebuilt.tool, durationMs: record.durationMs ?? rebuilt.durationMs },
    judged,
  };
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
  for (const j of changed)
    out.push(line('changed', j, `${j.before} → ${j.result.verdict}`), `            ${j.result.reason}`);
  for (const j of same) out.push(line('same', j, j.result.verdict));
  for (const j of other) out.push(line(j.how === 'kept' ? 'kept' : 'not found', j, j.before));
  out.push(
    '',
    `${changed.length} changed, ${same.length} unchanged, ${other.filter((j) => j.how === 'kept').length} kept as recorded (skip, error), ${other.filter((j) => j.how === 'not-found').length} not re-judged (spec not found)`,
  );
  return out.join('\n');
}
