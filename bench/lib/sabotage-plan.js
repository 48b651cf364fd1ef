// What each sabotage (NCS_SABOTAGE, read by fixtures/lib/sabotage.cjs) is
// run against and which claims it must break, and the detection table. Pure.

/**
 * @typedef {object} Sabotage
 * @property {string} name       the NCS_SABOTAGE value
 * @property {string} what       what the fixtures then do
 * @property {string[]} select   claims to run (ids or globs)
 * @property {(id: string) => boolean} breaks  must this claim fail?
 */

const POOL = ['pool.*', 'main-thread.*'];

/** @type {Sabotage[]} */
export const SABOTAGES = [
  {
    name: 'pool-size=5',
    what: 'every pool fixture sets UV_THREADPOOL_SIZE=5 in code before its first pool use',
    select: POOL,
    // the pool the harness asks for is 5 only in pool.size-five-all-together
    breaks: (id) => !['main-thread.single', 'pool.size-five-all-together'].includes(id),
  },
  {
    name: 'pool-size=3',
    what: 'the same with 3: one thread short of the default',
    select: POOL,
    breaks: (id) => id !== 'main-thread.single',
  },
  {
    name: 'pool-serial',
    what: 'the same with 1: a serial pool',
    select: POOL,
    breaks: (id) => !['main-thread.single', 'pool.size-one-serializes'].includes(id),
  },
  {
    name: 'cluster-one-worker',
    what: 'cluster-server.cjs forks one worker whatever W it was asked for',
    select: ['cluster.*'],
    // every cluster claim asks for W ≥ 2 workers and checks who served
    breaks: () => true,
  },
  {
    name: 'heavy-on-main',
    what: "worker-server.cjs and split-work.cjs do the worker threads' CPU work on the main thread",
    select: ['loop.*', 'workers.*'],
    breaks: (id) => ['loop.worker-keeps-responsive', 'workers.split-speeds-up', 'workers.optimal-cores-minus-one', 'workers.oversubscription'].includes(id),
  },
];

/**
 * How a claim fared under a sabotage: 'caught' (it had to break and failed),
 * 'missed' (it had to break and did not fail: an inconclusive is a miss),
 * 'held' (it did not have to break and did not fail), 'collateral' (it did
 * not have to break but failed), 'n/a' (skipped here), 'error'.
 * @param {boolean} mustBreak @param {string} verdict
 */
export function outcome(mustBreak, verdict) {
  if (verdict === 'skip') return 'n/a';
  if (verdict === 'error') return 'error';
  if (mustBreak) return verdict === 'fail' ? 'caught' : 'missed';
  return verdict === 'fail' ? 'collateral' : 'held';
}

/**
 * Rows of the detection table from one sabotage's record (and optionally the
 * same selection's record without sabotage).
 * @param {Sabotage} s @param {any} record @param {any} [baseline]
 */
export function rows(s, record, baseline) {
  return record.results.map((/** @type {any} */ r) => {
    const mustBreak = s.breaks(r.id);
    const base = baseline?.results.find((/** @type {any} */ b) => b.id === r.id);
    return { sabotage: s.name, id: r.id, mustBreak, verdict: r.verdict, trials: r.trials, seconds: r.durationMs / 1000, outcome: outcome(mustBreak, r.verdict), reason: r.reason, baseline: base?.verdict ?? null };
  });
}

/** @param {string} s */
function cellText(s) {
  return s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
}

/**
 * The Markdown detection table, with a totals line.
 * @param {ReturnType<typeof rows>} all
 */
export function markdown(all) {
  const withBase = all.some((r) => r.baseline !== null);
  const head = `| sabotage | claim | must break | verdict${withBase ? ' | without sabotage' : ''} | trials | s | result | reason (shortened) |`;
  const rule = `|---|---|---|---${withBase ? '|---' : ''}|---:|---:|---|---|`;
  const lines = all.map((r) => {
    const short = r.reason.length > 140 ? `${r.reason.slice(0, 137)}…` : r.reason;
    const result = r.outcome === 'caught' || r.outcome === 'held' ? r.outcome : `**${r.outcome}**`;
    return `| ${r.sabotage} | ${r.id} | ${r.mustBreak ? 'yes' : 'no'} | ${r.verdict}${withBase ? ` | ${r.baseline ?? '—'}` : ''} | ${r.trials} | ${r.seconds.toFixed(1)} | ${result} | ${cellText(short)} |`;
  });
  const must = all.filter((r) => r.mustBreak && r.outcome !== 'n/a');
  const caught = must.filter((r) => r.outcome === 'caught').length;
  const collateral = all.filter((r) => r.outcome === 'collateral').length;
  const na = all.filter((r) => r.outcome === 'n/a').length;
  const total = `Caught ${caught} of ${must.length} claims a sabotage must break${na ? ` (${na} skipped here, not counted)` : ''}; ${collateral} collateral fail${collateral === 1 ? '' : 's'} of claims it need not break.`;
  return [total, '', head, rule, ...lines].join('\n');
}
